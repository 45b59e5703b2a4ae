//! `tenpai.toml`: a project's settings, shared by `tenpai check`, `tenpai
//! fmt` and the language server, so that an editor and CI read a
//! repository's documents under the same rules.
//!
//! ```toml
//! rules = "mahjong-soul kiriage"   # words of a `rules:` line (or a list)
//!
//! exclude = ["drafts/**"]         # documents never checked
//!
//! [fmt]
//! honors = "letters"               # or "digits"
//!
//! [dialects]                       # other tools' notations in Markdown
//! off = ["mpsz"]
//! shortcodes = ["tile"]
//! components = ["hai"]
//! fences = { tiles = "pymdownx" }
//! images = { east = "1z" }
//! ```
//!
//! The nearest `tenpai.toml` (or `.tenpai.toml`) in a document's directory
//! or above it applies to that document.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::document::dialects::{Dialect, DialectConfig};
use crate::error::Error;
use crate::format::HonorStyle;
use crate::score::Rules;

/// The names a configuration file may have, in the order they are looked for
/// in each directory.
pub const FILE_NAMES: &[&str] = &["tenpai.toml", ".tenpai.toml"];

/// A project's configuration.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Config {
    /// The rule set before any `rules:` line of a document.
    pub rules: Rules,
    /// How `fmt` writes honors, when the file says.
    pub honors: Option<HonorStyle>,
    /// The dialects read, when the file has a `[dialects]` table.
    pub dialects: Option<DialectConfig>,
    /// Documents never checked: globs relative to the file's directory.
    pub exclude: Vec<glob::Pattern>,
    /// The directory of the file read (where `exclude` starts).
    pub root: Option<PathBuf>,
}

impl Config {
    /// Does `exclude` name the document at `path`?
    pub fn excludes(&self, path: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let absolute = dir_of(path).join(path.file_name().unwrap_or_default());
        let relative = match &self.root {
            Some(root) => absolute.strip_prefix(root).unwrap_or(&absolute),
            None => &absolute,
        };
        let options = glob::MatchOptions {
            require_literal_separator: true,
            ..glob::MatchOptions::new()
        };
        self.exclude
            .iter()
            .any(|g| g.matches_path_with(relative, options) || g.matches_path_with(path, options))
    }
}

/// The `[dialects]` table of `tenpai.toml`, and the editor's `dialects`
/// setting.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DialectSettings {
    /// Dialect names turned off.
    pub off: Option<Vec<String>>,
    /// More Hugo shortcode names.
    pub shortcodes: Option<Vec<String>>,
    /// More MDC component names.
    pub components: Option<Vec<String>>,
    /// More fence names: name = dialect.
    pub fences: Option<HashMap<String, String>>,
    /// Image file names (no extension) = mpsz tile.
    pub images: Option<HashMap<String, String>>,
}

impl DialectSettings {
    /// The configuration these settings describe, or what is wrong.
    pub fn into_config(self) -> Result<DialectConfig, Error> {
        self.read_settings().map_err(|message| Error::Config {
            path: None,
            message,
        })
    }

    fn read_settings(self) -> Result<DialectConfig, String> {
        let names = || Dialect::ALL.map(Dialect::name).join(", ");
        let mut config = DialectConfig::default();
        for name in self.off.unwrap_or_default() {
            let turned_off = Dialect::from_name(&name)
                .ok_or_else(|| format!("dialects.off: no dialect '{name}' ({})", names()))?;
            config.off.push(turned_off);
        }
        config.shortcodes = self.shortcodes.unwrap_or_default();
        config.components = self.components.unwrap_or_default();
        let mut fences: Vec<(String, Dialect)> = Vec::new();
        for (name, dialect) in self.fences.unwrap_or_default() {
            match Dialect::from_name(&dialect) {
                Some(d @ (Dialect::Pymdownx | Dialect::Mahgen)) => fences.push((name, d)),
                _ => {
                    return Err(format!(
                        "dialects.fences.{name}: \"pymdownx\" or \"mahgen\", not \"{dialect}\""
                    ))
                }
            }
        }
        fences.sort();
        config.fences = fences;
        for (stem, tile) in self.images.unwrap_or_default() {
            let bytes = tile.as_bytes();
            let ok = bytes.len() == 2
                && match bytes[1] {
                    b'm' | b'p' | b's' => bytes[0].is_ascii_digit(),
                    b'z' => (b'1'..=b'7').contains(&bytes[0]),
                    _ => false,
                };
            if !ok {
                return Err(format!(
                    "dialects.images.{stem}: a tile like \"1m\" or \"7z\", not \"{tile}\""
                ));
            }
            config.images.insert(stem.to_ascii_lowercase(), tile);
        }
        Ok(config)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    // Read as any value and checked below: an untagged enum's error says
    // "data did not match any variant", which helps no one.
    rules: Option<toml::Value>,
    fmt: Option<RawFmt>,
    exclude: Option<Vec<String>>,
    dialects: Option<DialectSettings>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFmt {
    honors: Option<String>,
}

impl Config {
    /// Reads a configuration from its text. The error names what is wrong.
    pub fn parse(text: &str) -> Result<Config, Error> {
        Config::parse_text(text).map_err(|message| Error::Config {
            path: None,
            message,
        })
    }

    fn parse_text(text: &str) -> Result<Config, String> {
        let raw: Raw = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let mut rules = Rules::tenhou();
        const RULES: &str = "rules: a string or a list of strings, like rules = \"kiriage\" or rules = [\"mahjong-soul\", \"kiriage\"]";
        let words: Vec<String> = match raw.rules {
            None => Vec::new(),
            Some(toml::Value::String(s)) => vec![s],
            Some(toml::Value::Array(v)) => v
                .into_iter()
                .map(|w| match w {
                    toml::Value::String(s) => Ok(s),
                    other => Err(format!("{RULES}; found {}", other.type_str())),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("{RULES}; found {}", other.type_str())),
        };
        for w in &words {
            rules.apply_words(w).map_err(|e| format!("rules: {e}"))?;
        }
        let honors = match raw.fmt.and_then(|f| f.honors).as_deref() {
            None => None,
            Some("digits") => Some(HonorStyle::Digits),
            Some("letters") => Some(HonorStyle::Letters),
            Some(other) => {
                return Err(format!(
                    "fmt.honors: \"digits\" or \"letters\", not \"{other}\""
                ))
            }
        };
        let mut exclude = Vec::new();
        for pattern in raw.exclude.unwrap_or_default() {
            let glob = glob::Pattern::new(&pattern)
                .map_err(|e| format!("exclude: \"{pattern}\": {}", e.msg))?;
            exclude.push(glob);
        }
        let dialects = raw
            .dialects
            .map(DialectSettings::read_settings)
            .transpose()?;
        Ok(Config {
            rules,
            honors,
            dialects,
            exclude,
            root: None,
        })
    }

    /// Reads the configuration file at `path`.
    pub fn read(path: &Path) -> Result<Config, Error> {
        let in_file = |message: String| Error::Config {
            path: Some(path.to_path_buf()),
            message,
        };
        let text = std::fs::read_to_string(path).map_err(|e| in_file(e.to_string()))?;
        let mut config = Config::parse_text(&text).map_err(in_file)?;
        config.root = Some(dir_of(path));
        Ok(config)
    }
}

/// The configuration file for documents in `dir`: the nearest one in `dir`
/// or a directory above it.
pub fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .flat_map(|d| FILE_NAMES.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// The directory whose configuration applies to `path` (a file's own
/// directory, or the directory itself), made absolute so that a relative
/// path still finds the files above the current directory.
pub fn dir_of(path: &Path) -> PathBuf {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|c| c.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    // `/project/.` names `/project`: messages show `/project/tenpai.toml`.
    let abs: PathBuf = abs
        .components()
        .filter(|c| *c != std::path::Component::CurDir)
        .collect();
    if abs.is_dir() {
        abs
    } else {
        abs.parent().map_or(abs.clone(), Path::to_path_buf)
    }
}

/// The configurations of a run, each file read once: one given with
/// `--config`, or for each document the nearest one above it.
#[derive(Default)]
pub struct Configs {
    explicit: Option<Config>,
    by_file: HashMap<PathBuf, Config>,
    by_dir: HashMap<PathBuf, Option<PathBuf>>,
}

impl Configs {
    pub fn new(explicit: Option<&Path>) -> Result<Configs, Error> {
        Ok(Configs {
            explicit: explicit.map(Config::read).transpose()?,
            ..Configs::default()
        })
    }

    /// The configuration file's settings for the document at `path` (the
    /// current directory for stdin without a name), or `None` when no file
    /// applies.
    pub fn project_for(&mut self, path: Option<&Path>) -> Result<Option<&Config>, Error> {
        if let Some(c) = &self.explicit {
            return Ok(Some(c));
        }
        let dir = dir_of(path.unwrap_or(Path::new(".")));
        let Some(file) = self
            .by_dir
            .entry(dir)
            .or_insert_with_key(|d| find(d))
            .clone()
        else {
            return Ok(None);
        };
        let config = match self.by_file.entry(file) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let config = Config::read(e.key())?;
                e.insert(config)
            }
        };
        Ok(Some(config))
    }

    /// [`Self::project_for`], with the defaults (Tenhou's rules) where no
    /// file applies.
    pub fn for_document(&mut self, path: Option<&Path>) -> Result<Config, Error> {
        Ok(self.project_for(path)?.cloned().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rules_and_fmt() {
        let c = Config::parse("rules = \"mahjong-soul kiriage\"\n[fmt]\nhonors = \"letters\"\n")
            .unwrap();
        assert!(c.rules.double_yakuman && c.rules.kiriage);
        assert_eq!(c.honors, Some(HonorStyle::Letters));
        let c = Config::parse("rules = [\"kuitan=off\", \"aka=0\"]\n").unwrap();
        assert!(!c.rules.open_tanyao && !c.rules.red_fives);
        assert_eq!(Config::parse("").unwrap().rules, Rules::tenhou());
    }

    #[test]
    fn reads_dialects_and_exclude() {
        let c = Config::parse(
            "exclude = [\"drafts/**\"]\n[dialects]\noff = [\"mpsz\", \"Images\"]\nshortcodes = [\"tile\"]\nfences = { tiles = \"pymdownx\" }\nimages = { East = \"1z\" }\n",
        )
        .unwrap();
        let d = c.dialects.clone().unwrap();
        assert_eq!(d.off, [Dialect::Mpsz, Dialect::Images]);
        assert_eq!(d.fences, [("tiles".to_string(), Dialect::Pymdownx)]);
        assert_eq!(d.images.get("east").map(String::as_str), Some("1z"));
        assert!(c.excludes(Path::new("drafts/a/b.md")));
        assert!(!c.excludes(Path::new("docs/b.md")));
        for (bad, says) in [
            ("[dialects]\noff = [\"hugoo\"]", "hugoo"),
            ("[dialects]\nfences = { x = \"hugo\" }", "pymdownx"),
            ("[dialects]\nimages = { x = \"8z\" }", "8z"),
            ("exclude = [\"a[\"]", "exclude"),
            ("[dialects]\nof = []", "of"),
        ] {
            let e = Config::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn says_what_is_wrong() {
        let e = Config::parse("rules = \"kiriagee\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("kiriagee"), "{e}");
        let e = Config::parse("rule = \"kiriage\"").unwrap_err().to_string();
        assert!(e.contains("rule"), "{e}");
        let e = Config::parse("[fmt]\nhonors = \"glyphs\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("glyphs"), "{e}");
        assert!(Config::parse("rules = ").is_err());
        for bad in ["rules = 5", "rules = [\"kiriage\", 3]", "rules = true"] {
            let e = Config::parse(bad).unwrap_err().to_string();
            assert!(e.contains("a string or a list of strings"), "{bad}: {e}");
        }
        let c = Config::parse("rules = [\"mahjong-soul\", \"kiriage\"]").unwrap();
        assert!(c.rules.kiriage && c.rules.double_yakuman);
    }

    #[test]
    fn the_nearest_file_applies() {
        let root = std::env::temp_dir().join(format!("tenpai-config-{}", std::process::id()));
        let deep = root.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(root.join("tenpai.toml"), "rules = \"kiriage\"").unwrap();
        assert_eq!(find(&deep), Some(root.join("tenpai.toml")));
        std::fs::write(root.join("a/.tenpai.toml"), "").unwrap();
        assert_eq!(find(&deep), Some(root.join("a/.tenpai.toml")));
        assert_eq!(dir_of(&deep.join("x.md")), deep);
        assert_eq!(dir_of(&deep.join(".")), deep);
        let _ = std::fs::remove_dir_all(&root);
    }
}
