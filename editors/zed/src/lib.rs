//! tenpai for Zed: the `mj` language (the grammar is tree-sitter-mj, from
//! the repository's `grammar/`) and the `tenpai lsp` language server for
//! `mj` and Markdown: `tenpai` from PATH, else the binary of the latest
//! GitHub release, downloaded once into the extension's work directory.

use std::fs;

use zed_extension_api::{self as zed, LanguageServerId, Result};

/// The repository's URL; `.github/release/set-repository-url.py` writes it
/// here as in every other manifest.
const REPOSITORY: &str = "https://example.invalid/tenpai";

struct TenpaiExtension {
    /// The downloaded binary, once found or fetched in this session.
    downloaded: Option<String>,
}

/// `owner/name` when the repository is on GitHub, which publishes releases.
fn github_repository() -> Option<&'static str> {
    REPOSITORY
        .strip_prefix("https://github.com/")
        .map(|path| path.trim_end_matches('/'))
}

/// The release archive of this platform: its Rust target, and whether it
/// is a zip (Windows) or a gzipped tar.
fn release_target() -> Result<(&'static str, zed::DownloadedFileType, &'static str)> {
    let (os, arch) = zed::current_platform();
    let target = match (os, arch) {
        (zed::Os::Mac, zed::Architecture::Aarch64) => "aarch64-apple-darwin",
        (zed::Os::Mac, zed::Architecture::X8664) => "x86_64-apple-darwin",
        (zed::Os::Linux, zed::Architecture::Aarch64) => "aarch64-unknown-linux-gnu",
        (zed::Os::Linux, zed::Architecture::X8664) => "x86_64-unknown-linux-gnu",
        (zed::Os::Windows, zed::Architecture::Aarch64) => "aarch64-pc-windows-msvc",
        (zed::Os::Windows, zed::Architecture::X8664) => "x86_64-pc-windows-msvc",
        (_, zed::Architecture::X86) => {
            return Err("tenpai publishes no 32-bit x86 binary: build it with cargo".to_string())
        }
    };
    Ok(match os {
        zed::Os::Windows => (target, zed::DownloadedFileType::Zip, "tenpai.exe"),
        zed::Os::Mac | zed::Os::Linux => (target, zed::DownloadedFileType::GzipTar, "tenpai"),
    })
}

impl TenpaiExtension {
    fn download(&mut self, id: &LanguageServerId) -> Result<String> {
        if let Some(path) = &self.downloaded {
            if fs::metadata(path).is_ok() {
                return Ok(path.clone());
            }
        }
        let repository = github_repository().ok_or_else(|| {
            format!(
                "tenpai is not on PATH, and {REPOSITORY} has no GitHub releases to download it from: \
                 install tenpai (cargo install --path crates/tenpai --locked)"
            )
        })?;
        zed::set_language_server_installation_status(
            id,
            &zed::LanguageServerInstallationStatus::CheckingForUpdate,
        );
        let release = zed::latest_github_release(
            repository,
            zed::GithubReleaseOptions {
                require_assets: true,
                pre_release: false,
            },
        )?;
        let (target, kind, executable) = release_target()?;
        let extension = match kind {
            zed::DownloadedFileType::Zip => "zip",
            _ => "tar.gz",
        };
        let asset_name = format!("tenpai-{target}.{extension}");
        let asset = release
            .assets
            .iter()
            .find(|asset| asset.name == asset_name)
            .ok_or_else(|| format!("the release {} has no {asset_name}", release.version))?;
        let directory = format!("tenpai-{}", release.version);
        let binary = format!("{directory}/tenpai-{target}/{executable}");
        if fs::metadata(&binary).is_err() {
            zed::set_language_server_installation_status(
                id,
                &zed::LanguageServerInstallationStatus::Downloading,
            );
            zed::download_file(&asset.download_url, &directory, kind)
                .map_err(|e| format!("downloading {asset_name}: {e}"))?;
            zed::make_file_executable(&binary)?;
        }
        self.downloaded = Some(binary.clone());
        Ok(binary)
    }
}

impl zed::Extension for TenpaiExtension {
    fn new() -> Self {
        TenpaiExtension { downloaded: None }
    }

    fn language_server_command(
        &mut self,
        id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let command = match worktree.which("tenpai") {
            Some(path) => path,
            None => self.download(id)?,
        };
        Ok(zed::Command {
            command,
            args: vec!["lsp".to_string()],
            env: Vec::new(),
        })
    }
}

zed::register_extension!(TenpaiExtension);
