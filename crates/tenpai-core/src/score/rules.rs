//! Rule sets: Tenhou's by default, with named switches usable in `rules:`
//! lines, CLI flags and LSP settings.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KazoeCap {
    /// 13+ han is a yakuman (Tenhou).
    Yakuman,
    /// 13+ han is a sanbaiman.
    Sanbaiman,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RenhouRule {
    Off,
    Mangan,
    Yakuman,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Rules {
    /// 4 han 30 fu and 3 han 60 fu round up to mangan.
    pub kiriage: bool,
    pub open_tanyao: bool,
    /// Off: a written `0` is a plain five.
    pub red_fives: bool,
    /// Kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii
    /// count as double yakuman.
    pub double_yakuman: bool,
    pub kazoe: KazoeCap,
    /// Different yakuman add up.
    pub yakuman_stacking: bool,
    pub renhou: RenhouRule,
    pub nagashi: bool,
    /// Fu for a pair of the seat wind that is also the round wind.
    pub double_wind_fu: u8,
    /// Points per honba on a ron (a third of it per payer on a tsumo).
    pub honba_value: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::tenhou()
    }
}

/// The switch names accepted by [`Rules::set`], for "did you mean" and docs.
pub const SWITCHES: &[&str] = &[
    "kiriage",
    "open-tanyao",
    "red-fives",
    "double-yakuman",
    "kazoe",
    "yakuman-stacking",
    "renhou",
    "nagashi",
    "double-wind-fu",
    "honba",
];

pub const PRESETS: &[&str] = &["tenhou", "mahjong-soul"];

/// The names players also use for the switches (romanised Japanese and
/// short forms), each with the switch it stands for.
pub const ALIASES: &[(&str, &str)] = &[
    ("kuitan", "open-tanyao"),
    ("aka", "red-fives"),
    ("akadora", "red-fives"),
    ("kiriage-mangan", "kiriage"),
    ("kazoe-yakuman", "kazoe"),
    ("nagashi-mangan", "nagashi"),
];

/// The switch a name stands for: itself, or the switch of an alias.
pub fn switch_name(key: &str) -> Option<&'static str> {
    SWITCHES
        .iter()
        .find(|s| **s == key)
        .copied()
        .or_else(|| ALIASES.iter().find(|(a, _)| *a == key).map(|(_, s)| *s))
}

/// The rule name a typo most likely stands for (a switch, a preset or a
/// player's name for a switch).
pub fn closest_rule(key: &str) -> Option<&'static str> {
    let pool: Vec<&'static str> = SWITCHES
        .iter()
        .chain(PRESETS)
        .copied()
        .chain(ALIASES.iter().map(|(a, _)| *a))
        .collect();
    crate::notation::suggest::closest(key, &pool)
}

/// What is wrong with a word that names no rule, as every place that takes
/// rule words (`rules:` lines, `--rules`, `tenpai.toml`, editor settings)
/// says it: the likely rule (`guess`, from [`closest_rule`]), or the list
/// of them.
pub fn unknown_rule_message(key: &str, guess: Option<&str>) -> String {
    match guess {
        Some(g) => format!("unknown rule '{key}': did you mean '{g}'?"),
        None => format!(
            "unknown rule '{key}'; rules are {} and the presets {}",
            SWITCHES.join(", "),
            PRESETS.join(", ")
        ),
    }
}

impl Rules {
    pub fn tenhou() -> Rules {
        Rules {
            kiriage: false,
            open_tanyao: true,
            red_fives: true,
            double_yakuman: false,
            kazoe: KazoeCap::Yakuman,
            yakuman_stacking: true,
            renhou: RenhouRule::Off,
            nagashi: true,
            double_wind_fu: 4,
            honba_value: 300,
        }
    }

    pub fn mahjong_soul() -> Rules {
        Rules {
            double_yakuman: true,
            ..Rules::tenhou()
        }
    }

    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "tenhou" => Some(Rules::tenhou()),
            "mahjong-soul" | "majsoul" => Some(Rules::mahjong_soul()),
            _ => None,
        }
    }

    /// Every switch with its value as a `rules:` line writes it (`kiriage`,
    /// `off`), in the order of [`SWITCHES`]: the inverse of [`Rules::apply`].
    pub fn values(&self) -> [(&'static str, String); 10] {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let kazoe = match self.kazoe {
            KazoeCap::Yakuman => "yakuman",
            KazoeCap::Sanbaiman => "sanbaiman",
        };
        let renhou = match self.renhou {
            RenhouRule::Off => "off",
            RenhouRule::Mangan => "mangan",
            RenhouRule::Yakuman => "yakuman",
        };
        [
            ("kiriage", on(self.kiriage)),
            ("open-tanyao", on(self.open_tanyao)),
            ("red-fives", on(self.red_fives)),
            ("double-yakuman", on(self.double_yakuman)),
            ("kazoe", kazoe.to_string()),
            ("yakuman-stacking", on(self.yakuman_stacking)),
            ("renhou", renhou.to_string()),
            ("nagashi", on(self.nagashi)),
            ("double-wind-fu", self.double_wind_fu.to_string()),
            ("honba", self.honba_value.to_string()),
        ]
    }

    /// Applies the words of `text`, separated by spaces or commas (a
    /// `--rules` flag, a `tenpai.toml` entry); stops at the first bad one.
    pub fn apply_words(&mut self, text: &str) -> Result<(), String> {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .try_for_each(|w| self.apply(w))
    }

    /// Applies one word of a `rules:` line: a preset name, a switch (`kiriage`
    /// turns it on), or `switch=value` (`double-yakuman=off`, `kazoe=sanbaiman`,
    /// `renhou=mangan`, `double-wind-fu=2`, `honba=1500`).
    pub fn apply(&mut self, word: &str) -> Result<(), String> {
        if let Some(r) = Rules::preset(word) {
            *self = r;
            return Ok(());
        }
        let (key, value) = match word.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (word, None),
        };
        let flag = |v: Option<&str>| -> Result<bool, String> {
            match v {
                None | Some("on") | Some("true") | Some("yes") | Some("1") => Ok(true),
                Some("off") | Some("false") | Some("no") | Some("0") => Ok(false),
                Some(other) => Err(format!("'{key}' takes on or off, not '{other}'")),
            }
        };
        let switch = switch_name(key).unwrap_or(key);
        // `aka=3`: red fives are also given as a count; the engine knows one
        // per suit.
        let value = match (switch, value) {
            ("red-fives", Some("0")) => Some("off"),
            ("red-fives", Some("3")) => Some("on"),
            ("red-fives", Some(n)) if n.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(format!(
                    "'{key}' counts red fives: 0 (none) or 3 (one per suit), not {n}"
                ))
            }
            _ => value,
        };
        match switch {
            "kiriage" => self.kiriage = flag(value)?,
            "open-tanyao" => self.open_tanyao = flag(value)?,
            "red-fives" => self.red_fives = flag(value)?,
            "double-yakuman" => self.double_yakuman = flag(value)?,
            "yakuman-stacking" => self.yakuman_stacking = flag(value)?,
            "nagashi" => self.nagashi = flag(value)?,
            "kazoe" => {
                self.kazoe = match value {
                    // on/off for `kazoe-yakuman`.
                    Some("yakuman") | Some("on") | None => KazoeCap::Yakuman,
                    Some("sanbaiman") | Some("off") => KazoeCap::Sanbaiman,
                    Some(v) => return Err(format!("kazoe is yakuman or sanbaiman, not '{v}'")),
                }
            }
            "renhou" => {
                self.renhou = match value {
                    Some("off") => RenhouRule::Off,
                    Some("mangan") | None => RenhouRule::Mangan,
                    Some("yakuman") => RenhouRule::Yakuman,
                    Some(v) => return Err(format!("renhou is off, mangan or yakuman, not '{v}'")),
                }
            }
            "double-wind-fu" => {
                self.double_wind_fu = match value {
                    Some("2") => 2,
                    Some("4") => 4,
                    Some(v) => return Err(format!("double-wind-fu is 2 or 4, not '{v}'")),
                    None => {
                        return Err("double-wind-fu takes the fu, 2 or 4: double-wind-fu=2".into())
                    }
                }
            }
            "honba" => {
                self.honba_value = value
                    .and_then(|v| v.parse().ok())
                    // Each of a tsumo's three payers pays a third: a value
                    // that does not split in three has no right payment.
                    .filter(|v| *v <= 10_000 && v % 3 == 0)
                    .ok_or_else(|| {
                        let given = value.map_or(String::new(), |v| format!(", not '{v}'"));
                        format!("honba takes the points per honba, a multiple of 3 up to 10000 (each payer of a tsumo pays a third), e.g. honba=300{given}")
                    })?
            }
            _ => return Err(unknown_rule_message(key, closest_rule(key))),
        }
        Ok(())
    }

    /// The shortest words of a `rules:` line that give these rules: the
    /// preset they differ least from, then each switch that differs
    /// (`mahjong-soul kiriage`, `tenhou honba=1500`). For a status bar or a
    /// message; [`Rules::apply_words`] reads it back to the same rules.
    pub fn words(&self) -> String {
        let mine = self.values();
        let differences = |preset: &Rules| -> Vec<String> {
            mine.iter()
                .zip(preset.values())
                .filter(|((_, value), (_, theirs))| value != theirs)
                .map(|((name, value), _)| match value.as_str() {
                    "on" => (*name).to_string(),
                    _ => format!("{name}={value}"),
                })
                .collect()
        };
        let (preset, changes) = PRESETS
            .iter()
            .filter_map(|name| Some((*name, differences(&Rules::preset(name)?))))
            .min_by_key(|(_, changes)| changes.len())
            .unwrap_or(("tenhou", differences(&Rules::tenhou())));
        std::iter::once(preset.to_string())
            .chain(changes)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_apply() {
        let mut r = Rules::tenhou();
        r.apply("kiriage").unwrap();
        r.apply("double-yakuman=on").unwrap();
        r.apply("kazoe=sanbaiman").unwrap();
        assert!(r.kiriage && r.double_yakuman);
        assert_eq!(r.kazoe, KazoeCap::Sanbaiman);
        r.apply("tenhou").unwrap();
        assert_eq!(r, Rules::tenhou());
        // `--rules`, `tenpai.toml` and editor settings say what a `rules:`
        // line says about a typo.
        assert_eq!(
            r.apply("kiriagee").unwrap_err(),
            "unknown rule 'kiriagee': did you mean 'kiriage'?"
        );
        assert!(r
            .apply("honba-value=300")
            .unwrap_err()
            .contains("double-wind-fu, honba"));
        assert!(r.apply("kiriage=maybe").is_err());
    }

    #[test]
    fn players_names_for_the_switches_apply_too() {
        let mut r = Rules::tenhou();
        r.apply("kuitan=off").unwrap();
        r.apply("aka=0").unwrap();
        assert!(!r.open_tanyao && !r.red_fives);
        r.apply("akadora=3").unwrap();
        r.apply("kiriage-mangan").unwrap();
        assert!(r.red_fives && r.kiriage);
        r.apply("nagashi-mangan=off").unwrap();
        r.apply("kazoe-yakuman=off").unwrap();
        assert!(!r.nagashi);
        assert_eq!(r.kazoe, KazoeCap::Sanbaiman);
        // Four red fives (two of one suit) is a rule the engine does not
        // know: an error that says so, not a silent "on".
        let err = r.apply("aka=4").unwrap_err();
        assert!(err.contains("0 (none) or 3"), "{err}");
        assert!(r.apply("red-fives=2").is_err());
        // A honba value must split among a tsumo's three payers.
        let err = r.apply("honba=100").unwrap_err();
        assert!(
            err.contains("multiple of 3") && err.contains("'100'"),
            "{err}"
        );
        // What was given is named, as for the other switches.
        let err = r.apply("double-wind-fu=3").unwrap_err();
        assert!(err.contains("not '3'"), "{err}");
        assert!(r.apply("double-wind-fu").unwrap_err().contains("2 or 4"));
        assert!(r.apply("honba=1500").is_ok());
        for (alias, switch) in ALIASES {
            assert!(SWITCHES.contains(switch), "{alias} -> {switch}");
            assert!(!SWITCHES.contains(alias), "{alias} is a switch itself");
        }
    }

    #[test]
    fn words_name_the_nearest_preset_and_what_differs() {
        let read = |text: &str| {
            let mut rules = Rules::tenhou();
            rules.apply_words(text).unwrap();
            rules
        };
        for (given, words) in [
            ("tenhou", "tenhou"),
            ("mahjong-soul", "mahjong-soul"),
            ("mahjong-soul kiriage", "mahjong-soul kiriage"),
            ("kiriage open-tanyao=off", "tenhou kiriage open-tanyao=off"),
            (
                "honba=1500 kazoe=sanbaiman",
                "tenhou kazoe=sanbaiman honba=1500",
            ),
            // Double yakuman on: Mahjong Soul's rules with nothing else.
            ("double-yakuman", "mahjong-soul"),
            ("mahjong-soul double-yakuman=off", "tenhou"),
        ] {
            let rules = read(given);
            assert_eq!(rules.words(), words, "{given}");
            // Read back, the words are the same rules.
            assert_eq!(read(&rules.words()), rules, "{given}");
        }
    }

    #[test]
    fn values_name_every_switch_and_apply_back() {
        let mut odd = Rules::mahjong_soul();
        odd.apply_words("kiriage kazoe=sanbaiman renhou=yakuman double-wind-fu=2 honba=600 aka=0")
            .unwrap();
        for rules in [Rules::tenhou(), odd] {
            let values = rules.values();
            let names: Vec<&str> = values.iter().map(|(n, _)| *n).collect();
            assert_eq!(names, SWITCHES);
            // A rule set written out as words and read back is itself.
            let mut back = Rules::tenhou();
            for (name, value) in &values {
                back.apply(&format!("{name}={value}")).unwrap();
            }
            assert_eq!(back, rules);
        }
    }
}
