//! Server settings, from `initializationOptions` and
//! `workspace/configuration` (section `tenpai`). Read leniently: a bad value
//! is reported and its default kept, so one typo never disables the server.

use serde_json::Value;

use crate::config::DialectSettings;
use crate::document::DialectConfig;
use crate::format::HonorStyle;
use crate::score::Rules;

#[derive(Clone, PartialEq, Debug)]
pub struct InlayHintKinds {
    /// `⇒ 4 han 30 fu · 7700` after a winning hand.
    pub value: bool,
    /// `1-shanten · 24 tiles`, `tenpai · 1-4p (8)` after other hands.
    pub state: bool,
    /// After `discard=`: the chosen discard against the best.
    pub discard: bool,
}

impl Default for InlayHintKinds {
    fn default() -> Self {
        InlayHintKinds {
            value: true,
            state: true,
            discard: true,
        }
    }
}

#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    /// The rule set before any `rules:` line of a document.
    pub rules: Rules,
    /// Tiles as Unicode glyphs in hovers (else plain `123m`).
    pub glyphs: bool,
    pub inlay_hints: InlayHintKinds,
    /// How formatting writes honors.
    pub honors: HonorStyle,
    /// Which other tools' notations are read in Markdown.
    pub dialects: DialectConfig,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rules: Rules::default(),
            glyphs: true,
            inlay_hints: InlayHintKinds::default(),
            honors: HonorStyle::Digits,
            dialects: DialectConfig::default(),
        }
    }
}

impl Settings {
    /// Reads settings from a JSON value: either the `tenpai` section itself or
    /// an object holding it under `tenpai`. Returns the settings and a
    /// message for each value that was not understood.
    pub fn from_json(value: &Value) -> (Settings, Vec<String>) {
        let mut read = Settings::default();
        let mut problems = Vec::new();
        let value = value.get("tenpai").unwrap_or(value);
        let Some(obj) = value.as_object() else {
            if !value.is_null() {
                problems.push(format!("settings should be an object, not {value}"));
            }
            return (read, problems);
        };
        // A null is a setting left at its default: VS Code's schema gives
        // null as the default of every switch, and clients send it as is.
        for (key, v) in obj.iter().filter(|(_, v)| !v.is_null()) {
            match key.as_str() {
                "rules" => read.rules = read_rules(v, &mut problems),
                "glyphs" => read_bool(v, "glyphs", &mut read.glyphs, &mut problems),
                "hover" => match v.get("glyphs") {
                    Some(g) => read_bool(g, "hover.glyphs", &mut read.glyphs, &mut problems),
                    None => problems.push("hover: expected { \"glyphs\": bool }".to_string()),
                },
                "inlayHints" => read_hints(v, &mut read.inlay_hints, &mut problems),
                "honors" => match v.as_str() {
                    Some("digits") => read.honors = HonorStyle::Digits,
                    Some("letters") => read.honors = HonorStyle::Letters,
                    _ => problems.push(format!("honors: \"digits\" or \"letters\", not {v}")),
                },
                "dialects" => match serde_json::from_value::<DialectSettings>(v.clone())
                    .map_err(|e| e.to_string())
                    .and_then(|settings| settings.into_config().map_err(|e| e.to_string()))
                {
                    Ok(d) => read.dialects = d,
                    Err(e) => problems.push(format!("dialects: {e}")),
                },
                other => problems.push(format!("unknown setting '{other}'")),
            }
        }
        (read, problems)
    }
}

fn read_bool(v: &Value, name: &str, slot: &mut bool, problems: &mut Vec<String>) {
    match v.as_bool() {
        Some(b) => *slot = b,
        None => problems.push(format!("{name}: expected true or false, not {v}")),
    }
}

fn read_hints(v: &Value, hints: &mut InlayHintKinds, problems: &mut Vec<String>) {
    match v {
        // `false` turns every kind off, `true` every kind on.
        Value::Bool(b) => {
            *hints = InlayHintKinds {
                value: *b,
                state: *b,
                discard: *b,
            }
        }
        Value::Object(obj) => {
            for (k, v) in obj.iter().filter(|(_, v)| !v.is_null()) {
                let slot = match k.as_str() {
                    "value" => &mut hints.value,
                    "state" => &mut hints.state,
                    "discard" => &mut hints.discard,
                    other => {
                        problems.push(format!(
                            "inlayHints: unknown kind '{other}' (value, state, discard)"
                        ));
                        continue;
                    }
                };
                read_bool(v, &format!("inlayHints.{k}"), slot, problems);
            }
        }
        other => problems.push(format!("inlayHints: expected an object, not {other}")),
    }
}

/// Rules as the words of a `rules:` line (`"tenhou kiriage"`), a list of
/// such words, or an object of switches (`{"kiriage": true, "kazoe":
/// "sanbaiman"}`; `"preset"` names the starting preset).
fn read_rules(v: &Value, problems: &mut Vec<String>) -> Rules {
    let mut words: Vec<String> = Vec::new();
    match v {
        Value::String(s) => words.extend(s.split_whitespace().map(str::to_string)),
        Value::Array(items) => {
            for item in items {
                match item.as_str() {
                    Some(s) => words.push(s.to_string()),
                    None => problems.push(format!("rules: expected a word, not {item}")),
                }
            }
        }
        Value::Object(obj) => {
            if let Some(p) = obj.get("preset").filter(|p| !p.is_null()) {
                match p.as_str() {
                    Some(p) => words.push(p.to_string()),
                    None => problems.push(format!("rules.preset: expected a name, not {p}")),
                }
            }
            for (k, v) in obj.iter().filter(|(k, _)| k.as_str() != "preset") {
                match v {
                    Value::Bool(true) => words.push(format!("{k}=on")),
                    Value::Bool(false) => words.push(format!("{k}=off")),
                    Value::String(s) => words.push(format!("{k}={s}")),
                    Value::Number(n) => words.push(format!("{k}={n}")),
                    Value::Null => {}
                    other => problems.push(format!("rules.{k}: unsupported value {other}")),
                }
            }
        }
        Value::Null => {}
        other => problems.push(format!("rules: expected words or an object, not {other}")),
    }
    let mut rules = Rules::default();
    for w in words {
        if let Err(e) = rules.apply(&w) {
            problems.push(format!("rules: {e}"));
        }
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::KazoeCap;
    use serde_json::json;

    #[test]
    fn reads_every_form() {
        let (s, p) = Settings::from_json(&json!({
            "tenpai": {
                "rules": "mahjong-soul kiriage",
                "hover": { "glyphs": false },
                "inlayHints": { "state": false },
                "honors": "letters"
            }
        }));
        assert!(p.is_empty(), "{p:?}");
        assert!(s.rules.kiriage && s.rules.double_yakuman);
        assert!(!s.glyphs);
        assert_eq!(s.honors, HonorStyle::Letters);
        assert_eq!(
            s.inlay_hints,
            InlayHintKinds {
                value: true,
                state: false,
                discard: true
            }
        );
        let (s, p) = Settings::from_json(&json!({
            "rules": { "preset": "tenhou", "kazoe": "sanbaiman", "kiriage": true },
            "inlayHints": false
        }));
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(s.rules.kazoe, KazoeCap::Sanbaiman);
        assert!(s.rules.kiriage);
        assert!(!s.inlay_hints.value && !s.inlay_hints.discard);
    }

    #[test]
    fn bad_values_keep_defaults_and_are_reported() {
        let (s, p) = Settings::from_json(&json!({
            "rules": ["kiriagee"], "glyphs": "yes", "colour": 1
        }));
        assert_eq!(s, Settings::default());
        assert_eq!(p.len(), 3, "{p:?}");
        let (_, p) = Settings::from_json(&json!(null));
        assert!(p.is_empty());
    }

    /// A null anywhere is a value left at its default, not a bad one.
    #[test]
    fn nulls_are_defaults() {
        let (s, p) = Settings::from_json(&json!({
            "rules": { "preset": null, "kiriage": null, "kazoe": "sanbaiman" },
            "glyphs": null,
            "honors": null,
            "hover": null,
            "inlayHints": { "state": null, "value": false }
        }));
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(s.rules.kazoe, KazoeCap::Sanbaiman);
        assert!(!s.rules.kiriage);
        assert!(s.glyphs);
        assert!(s.inlay_hints.state && !s.inlay_hints.value);
    }
}
