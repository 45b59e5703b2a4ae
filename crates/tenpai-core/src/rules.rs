//! Rule sets: Tenhou's by default, with named switches usable in `rules:`
//! lines, CLI flags, `tenpai.toml` and LSP settings. Three-player mahjong
//! (`sanma`) and the local rules the reference library scores are switches
//! too; `docs/rules.md` says what each does and which platform plays it.

use serde::{Deserialize, Serialize};

use crate::error::Error;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KazoeCap {
    /// 13+ han is a yakuman (Tenhou).
    Yakuman,
    /// 13+ han is a sanbaiman.
    Sanbaiman,
    /// 13-25 han is a kazoe yakuman, 26+ a double, 39+ a triple...
    Unlimited,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RenhouRule {
    Off,
    /// At least a mangan: the hand scores the better of its own value and
    /// a mangan.
    Mangan,
    /// A yakuman that stacks with other yakuman.
    Yakuman,
    /// A yaku of this many han that adds to the others and to dora.
    Han(u8),
}

/// How many play: four, or three (sanma: no 2m-8m, no chi, North set aside
/// as nukidora, no North seat).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Players {
    Four,
    Three,
}

/// Who pays a three-player tsumo.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SanmaTsumo {
    /// Tsumo loss (tsumo-zon): the two others pay their four-player share;
    /// the absent North's share is not paid (Tenhou, Mahjong Soul's
    /// default).
    Loss,
    /// North bisection: the absent North's share is split between the two
    /// payers (Mahjong Soul's alternative).
    Split,
}

/// Which suits the daisharin family of yakuman (seven consecutive pairs
/// 2-8) is scored in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Daisharin {
    Off,
    /// `22334455667788p` only.
    Pinzu,
    /// Also daisuurin (man) and daichikurin (sou).
    AllSuits,
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
    /// Points per honba on a ron (split evenly among a tsumo's payers).
    pub honba_value: u32,
    pub players: Players,
    /// Who pays a three-player tsumo.
    pub sanma_tsumo: SanmaTsumo,
    /// The hand word `open-riichi` scores (2 han; 3 with double riichi).
    pub open_riichi: bool,
    /// A ron on an open riichi is the yakuman sashikomi.
    pub sashikomi: bool,
    /// The hand word `paarenchan` (a dealer's eighth win in a row) is a
    /// yakuman.
    pub paarenchan: bool,
    /// Paarenchan counts only when the hand has another yaku.
    pub paarenchan_needs_yaku: bool,
    /// Off (aotenjou): no mangan and no yakuman cap; points by the formula.
    pub limits: bool,
    /// An open hand with no fu won by ron is 30 fu (off: 20).
    pub open_pinfu_fu: bool,
    /// A closed tsumo always has the 2 tsumo fu: a pinfu shape by tsumo is
    /// then 30 fu and not pinfu.
    pub pinfu_tsumo_fu: bool,
    pub daisharin: Daisharin,
    /// Seven pairs of honors is the yakuman daichisei (with tsuuiisou).
    pub daichisei: bool,
    /// Off (atozuke nashi): a hand may not win on a tile that alone gives
    /// it its yaku.
    pub atozuke: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::tenhou()
    }
}

/// The switch names accepted by [`Rules::apply`], for "did you mean" and docs.
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
    "sanma",
    "sanma-tsumo",
    "honba",
    "open-riichi",
    "sashikomi",
    "paarenchan",
    "paarenchan-needs-yaku",
    "limits",
    "open-pinfu-fu",
    "pinfu-tsumo-fu",
    "daisharin",
    "daichisei",
    "atozuke",
];

pub const PRESETS: &[&str] = &[
    "tenhou",
    "mahjong-soul",
    "tenhou-sanma",
    "mahjong-soul-sanma",
];

/// The names players also use for the switches (romanised Japanese and
/// short forms), each with the switch it stands for.
pub const ALIASES: &[(&str, &str)] = &[
    ("kuitan", "open-tanyao"),
    ("aka", "red-fives"),
    ("akadora", "red-fives"),
    ("kiriage-mangan", "kiriage"),
    ("kazoe-yakuman", "kazoe"),
    ("nagashi-mangan", "nagashi"),
    ("three-player", "sanma"),
    ("daisharin-all-suits", "daisharin"),
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
    crate::suggest::closest(key, &pool)
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
    /// Tenhou's rules, the default: open tanyao, red fives, no kiriage, a
    /// single yakuman for a double.
    ///
    /// ```
    /// use tenpai_core::rules::Rules;
    ///
    /// let rules = Rules::tenhou();
    /// assert!(rules.open_tanyao && rules.red_fives && !rules.kiriage && !rules.double_yakuman);
    /// ```
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
            players: Players::Four,
            sanma_tsumo: SanmaTsumo::Loss,
            open_riichi: false,
            sashikomi: false,
            paarenchan: false,
            paarenchan_needs_yaku: true,
            limits: true,
            open_pinfu_fu: true,
            pinfu_tsumo_fu: false,
            daisharin: Daisharin::Off,
            daichisei: false,
            atozuke: true,
        }
    }

    /// Mahjong Soul's rules: Tenhou's, with double yakuman.
    pub fn mahjong_soul() -> Rules {
        Rules {
            double_yakuman: true,
            ..Rules::tenhou()
        }
    }

    /// The rule set a preset word names (`tenhou`, `mahjong-soul`,
    /// `tenhou-sanma`, ...), or `None`.
    ///
    /// ```
    /// use tenpai_core::rules::Rules;
    ///
    /// assert_eq!(Rules::preset("mahjong-soul"), Some(Rules::mahjong_soul()));
    /// assert!(Rules::preset("house").is_none());
    /// ```
    pub fn preset(name: &str) -> Option<Rules> {
        let mut rules = match name {
            "tenhou" | "tenhou-sanma" => Rules::tenhou(),
            "mahjong-soul" | "majsoul" | "mahjong-soul-sanma" | "majsoul-sanma" => {
                Rules::mahjong_soul()
            }
            _ => return None,
        };
        if name.ends_with("-sanma") {
            rules.set_players(Players::Three);
        }
        Some(rules)
    }

    /// Whether three play (sanma).
    pub fn is_sanma(&self) -> bool {
        self.players == Players::Three
    }

    /// How many pay a tsumo: the other players.
    pub fn tsumo_payers(&self) -> u32 {
        match self.players {
            Players::Four => 3,
            Players::Three => 2,
        }
    }

    /// Three or four players, with the honba value each plays: 300 a honba
    /// with four (100 from each of three payers), 200 with three (100 from
    /// each of two), as Tenhou pays them. Naming the number already in
    /// force changes nothing (a `honba=` before it stays).
    fn set_players(&mut self, players: Players) {
        if self.players == players {
            return;
        }
        self.players = players;
        self.honba_value = match players {
            Players::Four => 300,
            Players::Three => 200,
        };
    }

    /// Every switch with its value as a `rules:` line writes it (`kiriage`,
    /// `off`), in the order of [`SWITCHES`]: the inverse of [`Rules::apply`].
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let kazoe = match self.kazoe {
            KazoeCap::Yakuman => "yakuman",
            KazoeCap::Sanbaiman => "sanbaiman",
            KazoeCap::Unlimited => "unlimited",
        };
        let renhou = match self.renhou {
            RenhouRule::Off => "off".to_string(),
            RenhouRule::Mangan => "mangan".to_string(),
            RenhouRule::Yakuman => "yakuman".to_string(),
            RenhouRule::Han(n) => n.to_string(),
        };
        let sanma_tsumo = match self.sanma_tsumo {
            SanmaTsumo::Loss => "loss",
            SanmaTsumo::Split => "split",
        };
        let daisharin = match self.daisharin {
            Daisharin::Off => "off",
            Daisharin::Pinzu => "on",
            Daisharin::AllSuits => "all-suits",
        };
        vec![
            ("kiriage", on(self.kiriage)),
            ("open-tanyao", on(self.open_tanyao)),
            ("red-fives", on(self.red_fives)),
            ("double-yakuman", on(self.double_yakuman)),
            ("kazoe", kazoe.to_string()),
            ("yakuman-stacking", on(self.yakuman_stacking)),
            ("renhou", renhou),
            ("nagashi", on(self.nagashi)),
            ("double-wind-fu", self.double_wind_fu.to_string()),
            ("sanma", on(self.is_sanma())),
            ("sanma-tsumo", sanma_tsumo.to_string()),
            ("honba", self.honba_value.to_string()),
            ("open-riichi", on(self.open_riichi)),
            ("sashikomi", on(self.sashikomi)),
            ("paarenchan", on(self.paarenchan)),
            ("paarenchan-needs-yaku", on(self.paarenchan_needs_yaku)),
            ("limits", on(self.limits)),
            ("open-pinfu-fu", on(self.open_pinfu_fu)),
            ("pinfu-tsumo-fu", on(self.pinfu_tsumo_fu)),
            ("daisharin", daisharin.to_string()),
            ("daichisei", on(self.daichisei)),
            ("atozuke", on(self.atozuke)),
        ]
    }

    /// Applies the words of `text`, separated by spaces or commas (a
    /// `--rules` flag, a `tenpai.toml` entry); stops at the first bad one.
    pub fn apply_words(&mut self, text: &str) -> Result<(), Error> {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .try_for_each(|w| self.apply(w))
    }

    /// Applies one word of a `rules:` line: a preset name, a switch (`kiriage`
    /// turns it on), or `switch=value` (`double-yakuman=off`, `kazoe=sanbaiman`,
    /// `renhou=mangan`, `renhou=5`, `double-wind-fu=2`, `honba=1500`).
    ///
    /// ```
    /// use tenpai_core::rules::Rules;
    ///
    /// let mut rules = Rules::tenhou();
    /// rules.apply("kiriage").unwrap();
    /// rules.apply("honba=1500").unwrap();
    /// assert!(rules.kiriage);
    /// assert_eq!(rules.honba_value, 1500);
    /// assert!(rules.apply("kiriage=maybe").is_err());
    /// ```
    pub fn apply(&mut self, word: &str) -> Result<(), Error> {
        self.apply_word(word).map_err(Error::Rule)
    }

    fn apply_word(&mut self, word: &str) -> Result<(), String> {
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
        // `daisharin-all-suits` is `daisharin=all-suits` (and `=off` turns
        // the other suits off again, keeping pinzu's).
        if key == "daisharin-all-suits" {
            self.daisharin = if flag(value)? {
                Daisharin::AllSuits
            } else {
                Daisharin::Pinzu
            };
            return Ok(());
        }
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
            "sanma" => self.set_players(if flag(value)? {
                Players::Three
            } else {
                Players::Four
            }),
            "open-riichi" => self.open_riichi = flag(value)?,
            "sashikomi" => self.sashikomi = flag(value)?,
            "paarenchan" => self.paarenchan = flag(value)?,
            "paarenchan-needs-yaku" => self.paarenchan_needs_yaku = flag(value)?,
            "limits" => self.limits = flag(value)?,
            "open-pinfu-fu" => self.open_pinfu_fu = flag(value)?,
            "pinfu-tsumo-fu" => self.pinfu_tsumo_fu = flag(value)?,
            "daichisei" => self.daichisei = flag(value)?,
            "atozuke" => self.atozuke = flag(value)?,
            "sanma-tsumo" => {
                self.sanma_tsumo = match value {
                    Some("loss") | None => SanmaTsumo::Loss,
                    Some("split") => SanmaTsumo::Split,
                    Some(v) => return Err(format!("sanma-tsumo is loss or split, not '{v}'")),
                }
            }
            "daisharin" => {
                self.daisharin = match value {
                    Some("all-suits") => Daisharin::AllSuits,
                    v => {
                        if flag(v).map_err(|_| {
                            format!(
                                "daisharin is on, off or all-suits, not '{}'",
                                v.unwrap_or_default()
                            )
                        })? {
                            Daisharin::Pinzu
                        } else {
                            Daisharin::Off
                        }
                    }
                }
            }
            "kazoe" => {
                self.kazoe = match value {
                    // on/off for `kazoe-yakuman`.
                    Some("yakuman") | Some("on") | None => KazoeCap::Yakuman,
                    Some("sanbaiman") | Some("off") => KazoeCap::Sanbaiman,
                    Some("unlimited") => KazoeCap::Unlimited,
                    Some(v) => {
                        return Err(format!(
                            "kazoe is yakuman, sanbaiman or unlimited, not '{v}'"
                        ))
                    }
                }
            }
            "renhou" => {
                self.renhou = match value {
                    Some("off") => RenhouRule::Off,
                    Some("mangan") | None => RenhouRule::Mangan,
                    Some("yakuman") => RenhouRule::Yakuman,
                    Some(n) => match n.parse::<u8>() {
                        Ok(han @ 1..=12) => RenhouRule::Han(han),
                        _ => {
                            return Err(format!(
                        "renhou is off, mangan, yakuman or a number of han from 1 to 12, not '{n}'"
                    ))
                        }
                    },
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
                let payers = self.tsumo_payers();
                self.honba_value = value
                    .and_then(|v| v.parse().ok())
                    // Each of a tsumo's payers pays an equal part: a value
                    // that does not split among them has no right payment.
                    .filter(|v| *v <= 10_000 && v % payers == 0)
                    .ok_or_else(|| {
                        let given = value.map_or(String::new(), |v| format!(", not '{v}'"));
                        let (what, example) = match self.players {
                            Players::Four => ("a multiple of 3 up to 10000 (each payer of a tsumo pays a third)", 300),
                            Players::Three => ("a multiple of 2 up to 10000 (each of a three-player tsumo's two payers pays half)", 200),
                        };
                        format!("honba takes the points per honba, {what}, e.g. honba={example}{given}")
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
            r.apply("kiriagee").unwrap_err().to_string(),
            "unknown rule 'kiriagee': did you mean 'kiriage'?"
        );
        let unknown = r.apply("honba-value=300").unwrap_err().to_string();
        assert!(
            SWITCHES.iter().chain(PRESETS).all(|s| unknown.contains(s)),
            "{unknown}"
        );
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
        let err = r.apply("aka=4").unwrap_err().to_string();
        assert!(err.contains("0 (none) or 3"), "{err}");
        assert!(r.apply("red-fives=2").is_err());
        // A honba value must split among a tsumo's three payers.
        let err = r.apply("honba=100").unwrap_err().to_string();
        assert!(
            err.contains("multiple of 3") && err.contains("'100'"),
            "{err}"
        );
        // What was given is named, as for the other switches.
        let err = r.apply("double-wind-fu=3").unwrap_err().to_string();
        assert!(err.contains("not '3'"), "{err}");
        assert!(r
            .apply("double-wind-fu")
            .unwrap_err()
            .to_string()
            .contains("2 or 4"));
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
    fn three_player_and_local_rule_words_apply() {
        let mut r = Rules::tenhou();
        r.apply_words("tenhou-sanma open-riichi sashikomi paarenchan paarenchan-needs-yaku=off")
            .unwrap();
        assert!(r.is_sanma() && r.open_riichi && r.sashikomi && r.paarenchan);
        assert!(!r.paarenchan_needs_yaku);
        // Three players pay 200 a honba; a value must split between two.
        assert_eq!(r.honba_value, 200);
        assert!(r
            .apply("honba=301")
            .unwrap_err()
            .to_string()
            .contains("multiple of 2"));
        r.apply("honba=1000").unwrap();
        r.apply("sanma=off").unwrap();
        assert_eq!((r.players, r.honba_value), (Players::Four, 300));
        r.apply_words("renhou=5 kazoe=unlimited limits=off open-pinfu-fu=off pinfu-tsumo-fu")
            .unwrap();
        assert_eq!(r.renhou, RenhouRule::Han(5));
        assert_eq!(r.kazoe, KazoeCap::Unlimited);
        assert!(!r.limits && !r.open_pinfu_fu && r.pinfu_tsumo_fu);
        r.apply("daisharin").unwrap();
        assert_eq!(r.daisharin, Daisharin::Pinzu);
        r.apply("daisharin-all-suits").unwrap();
        assert_eq!(r.daisharin, Daisharin::AllSuits);
        r.apply_words("daichisei atozuke=off mahjong-soul-sanma")
            .unwrap();
        assert!(r.is_sanma() && r.double_yakuman && !r.daichisei);
        assert!(r
            .apply("renhou=13")
            .unwrap_err()
            .to_string()
            .contains("1 to 12"));
        assert!(r.apply("kazoe=forever").is_err());
        assert!(r.apply("sanma-tsumo=free").is_err());
    }

    #[test]
    fn values_name_every_switch_and_apply_back() {
        let mut odd = Rules::mahjong_soul();
        odd.apply_words("kiriage kazoe=sanbaiman renhou=yakuman double-wind-fu=2 honba=600 aka=0")
            .unwrap();
        let mut local = Rules::tenhou();
        local
            .apply_words("tenhou-sanma honba=1000 sanma-tsumo=split open-riichi sashikomi paarenchan paarenchan-needs-yaku=off limits=off open-pinfu-fu=off pinfu-tsumo-fu daisharin-all-suits daichisei atozuke=off renhou=4 kazoe=unlimited")
            .unwrap();
        for rules in [Rules::tenhou(), odd, local] {
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
