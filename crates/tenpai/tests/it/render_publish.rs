//! The publishing tools, run for real: `mdbook build` of a small book with
//! `tenpai mdbook` as its preprocessor, and `pandoc --filter` with
//! `tenpai pandoc`. CI installs both (see `.ci/run`); a machine without
//! them fails here, saying which one is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tenpai_path() -> &'static str {
    env!("CARGO_BIN_EXE_tenpai")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-publish-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tool(name: &str) -> Command {
    let found = Command::new(name).arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "`{name}` is not installed: the publishing tests run the real tool (.ci/run installs it)"
    );
    Command::new(name)
}

/// A script that runs `tenpai SUBCOMMAND` with the arguments it is given,
/// for tools that take a program rather than a command line.
fn wrapper(dir: &Path, subcommand: &str) -> PathBuf {
    let path = dir.join(format!("tenpai-{subcommand}"));
    std::fs::write(
        &path,
        format!("#!/bin/sh\nexec '{}' {subcommand} \"$@\"\n", tenpai_path()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

const CHAPTER: &str = "# Pushing with value\n\n\
    A plain riichi, `234m567p22s345678s riichi tsumo`, in prose.\n\n\
    ```mj\n123m456p789s11222z riichi dora=1z\n123m456p11z (789s) (rrr)\n```\n\n\
    The end, with ordinary code: `let x = 1;`.\n";

#[test]
fn mdbook_builds_a_book_with_its_hands_drawn() {
    let dir = temp_dir("mdbook");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("book.toml"),
        format!(
            "[book]\ntitle = \"Hands\"\n\n[preprocessor.tenpai]\ncommand = \"'{}' mdbook\"\n",
            tenpai_path()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("src/SUMMARY.md"),
        "# Summary\n\n- [Value](value.md)\n",
    )
    .unwrap();
    std::fs::write(dir.join("src/value.md"), CHAPTER).unwrap();
    let out = tool("mdbook").arg("build").arg(&dir).output().unwrap();
    assert!(
        out.status.success(),
        "mdbook build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(dir.join("book/value.html")).unwrap();
    assert_eq!(
        html.matches("<figure class=\"mj-hand\"").count(),
        2,
        "{html}"
    );
    assert_eq!(html.matches("<span class=\"mj-hand\"").count(), 1);
    assert!(html.contains("data-tiles=\"123m456p11z (789s) (777z)\""));
    assert!(html.contains("<use data-tile=\"7z\" href=\"#mj-7z\""));
    assert!(html.contains("<symbol id=\"mj-7z\""));
    assert!(html.contains("<figcaption>"));
    // The rest is mdBook's own rendering.
    assert!(html.contains("<code>let x = 1;</code>"));
    assert!(!html.contains("<code class=\"language-mj"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mdbook_asks_which_renderers_are_supported() {
    let ask = |renderer: &str| {
        Command::new(tenpai_path())
            .args(["mdbook", "supports", renderer])
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(ask("html"), Some(0));
    assert_eq!(ask("latex"), Some(1));
}

#[test]
fn pandoc_filter_draws_the_hands_of_html_output() {
    let dir = temp_dir("pandoc");
    let filter = wrapper(&dir, "pandoc");
    let doc = dir.join("doc.md");
    std::fs::write(&doc, CHAPTER.replace("```mj", "```{.mj}")).unwrap();
    let out = tool("pandoc")
        .args(["--from", "markdown", "--to", "html5", "--filter"])
        .arg(&filter)
        .arg(&doc)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        html.matches("<figure class=\"mj-hand\"").count(),
        2,
        "{html}"
    );
    assert_eq!(html.matches("<span class=\"mj-hand\"").count(), 1);
    assert!(html.contains("data-tiles=\"234m567p22345678s\""));
    assert!(html.contains("<symbol id=\"mj-1z\""));
    assert!(html.contains("<code>let x = 1;</code>"));
    // Other output formats keep the notation as code.
    let out = tool("pandoc")
        .args(["--from", "markdown", "--to", "latex", "--filter"])
        .arg(&filter)
        .arg(&doc)
        .output()
        .unwrap();
    assert!(out.status.success());
    let latex = String::from_utf8(out.stdout).unwrap();
    assert!(latex.contains("123m456p789s11222z"), "{latex}");
    assert!(!latex.contains("mj-hand"));
    let _ = std::fs::remove_dir_all(&dir);
}
