//! `tenpai.toml`: a project's settings, shared by `tenpai check`, `tenpai
//! fmt` and the language server, so that an editor and CI read a
//! repository's documents under the same rules.
//!
//! ```toml
//! rules = "mahjong-soul kiriage"   # words of a `rules:` line (or a list)
//!
//! [fmt]
//! honors = "letters"               # or "digits"
//! ```
//!
//! The nearest `tenpai.toml` (or `.tenpai.toml`) in a document's directory
//! or above it applies to that document.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::notation::format::HonorStyle;
use crate::score::Rules;

/// The names a configuration file may have, in the order they are looked for
/// in each directory.
pub const FILE_NAMES: &[&str] = &["tenpai.toml", ".tenpai.toml"];

/// A project's configuration.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Config {
    /// Where it was read from.
    pub path: Option<PathBuf>,
    /// The rule set before any `rules:` line of a document.
    pub rules: Rules,
    /// How `fmt` writes honors, when the file says.
    pub honors: Option<HonorStyle>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    rules: Option<Words>,
    fmt: Option<RawFmt>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Words {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFmt {
    honors: Option<String>,
}

impl Config {
    /// Reads a configuration from its text. The error names what is wrong.
    pub fn parse(text: &str) -> Result<Config, String> {
        let raw: Raw = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let mut rules = Rules::tenhou();
        let words: Vec<String> = match raw.rules {
            None => Vec::new(),
            Some(Words::One(s)) => vec![s],
            Some(Words::Many(v)) => v,
        };
        for word in words.iter().flat_map(|w| w.split([' ', ','])) {
            if !word.is_empty() {
                rules.apply(word).map_err(|e| format!("rules: {e}"))?;
            }
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
        Ok(Config {
            path: None,
            rules,
            honors,
        })
    }

    /// Reads the configuration file at `path`.
    pub fn read(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut config = Config::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        config.path = Some(path.to_path_buf());
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
    none: Config,
}

impl Configs {
    pub fn new(explicit: Option<&Path>) -> Result<Configs, String> {
        Ok(Configs {
            explicit: explicit.map(Config::read).transpose()?,
            none: Config {
                rules: Rules::tenhou(),
                ..Config::default()
            },
            ..Configs::default()
        })
    }

    /// The configuration for the document at `path` (the current directory
    /// for stdin without a name).
    pub fn for_document(&mut self, path: Option<&Path>) -> Result<&Config, String> {
        if let Some(c) = &self.explicit {
            return Ok(c);
        }
        let dir = dir_of(path.unwrap_or(Path::new(".")));
        let file = self
            .by_dir
            .entry(dir.clone())
            .or_insert_with(|| find(&dir))
            .clone();
        let Some(file) = file else {
            return Ok(&self.none);
        };
        if !self.by_file.contains_key(&file) {
            let config = Config::read(&file)?;
            self.by_file.insert(file.clone(), config);
        }
        Ok(self.by_file.get(&file).unwrap_or(&self.none))
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
    fn says_what_is_wrong() {
        let e = Config::parse("rules = \"kiriagee\"").unwrap_err();
        assert!(e.contains("kiriagee"), "{e}");
        let e = Config::parse("rule = \"kiriage\"").unwrap_err();
        assert!(e.contains("rule"), "{e}");
        let e = Config::parse("[fmt]\nhonors = \"glyphs\"").unwrap_err();
        assert!(e.contains("glyphs"), "{e}");
        assert!(Config::parse("rules = ").is_err());
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
        let _ = std::fs::remove_dir_all(&root);
    }
}
