//! Diagnostic codes: one enum for every problem tenpai reports, whichever
//! layer finds it (the notation, validation, the scorer, a document's
//! claims, the language server).
//!
//! A code's kebab-case name (`missing-suit`, `no-yaku`) is what users see:
//! in `tenpai check`, in `--json` output, in an editor's diagnostics. It is
//! [`Code`]'s `Display`, its serialised form and what [`str::parse`] reads,
//! so the names cannot drift from the enum.

use std::fmt;
use std::str::FromStr;

/// Who reports a code, which decides where it is documented and what the
/// tree-sitter grammar must do with it (see `tests/corpus/README.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CodeClass {
    /// The characters do not form the language: the grammar reports ERROR.
    Syntax,
    /// Well-formed words the parser cannot read (an unknown option, a bad
    /// value): the grammar parses them as a generic option or claim.
    Word,
    /// Found by validation (`hand::validate`, `rules_of`) on a well-formed line.
    Semantic,
    /// Only from `hand::parse_hand` on text that is not a hand line.
    Api,
    /// Found by validation only under rules other than the default
    /// (`not-in-sanma`, under three players): the corpus, read under
    /// Tenhou's rules, cannot show it; `docs/notation.md` does, with its
    /// rules.
    RuleSet,
    /// Found by the scorer on a valid hand (`no-yaku`, `not-complete`):
    /// documented in `docs/json.md`.
    Score,
    /// Found by the document layer, comparing what a document claims of a
    /// hand with its value (`wrong-claim`).
    Document,
    /// Reported by the language server about its own answer
    /// (`more-diagnostics`).
    Server,
}

impl CodeClass {
    /// The classes of the notation's own codes, each documented in
    /// `docs/notation.md`.
    pub fn is_notation(self) -> bool {
        matches!(
            self,
            CodeClass::Syntax
                | CodeClass::Word
                | CodeClass::Semantic
                | CodeClass::Api
                | CodeClass::RuleSet
        )
    }
}

/// Declares [`Code`] from one table, so that a variant, its name and its
/// class are written once.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $class:ident;)*) => {
        /// A diagnostic code. Its `Display` is the stable kebab-case name.
        ///
        /// ```
        /// use tenpai_core::code::Code;
        ///
        /// assert_eq!(Code::MissingSuit.to_string(), "missing-suit");
        /// assert_eq!("no-yaku".parse::<Code>(), Ok(Code::NoYaku));
        /// assert!(Code::ALL.contains(&Code::WrongClaim));
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in the order of the table (notation codes
            /// first, by the stage that finds them).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The kebab-case name (`missing-suit`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// Who reports it.
            pub const fn class(self) -> CodeClass {
                match self {
                    $(Code::$variant => CodeClass::$class,)*
                }
            }
        }
    };
}

codes! {
    /// A character the notation does not use.
    UnknownCharacter = "unknown-character", Syntax;
    /// Digits without a suit letter.
    MissingSuit = "missing-suit", Syntax;
    /// A suit letter without digits.
    MissingDigits = "missing-digits", Syntax;
    /// A tile that does not exist (`8z`, `0z`).
    InvalidTile = "invalid-tile", Syntax;
    /// A meld bracket that is not closed.
    UnclosedMeld = "unclosed-meld", Syntax;
    /// A closing bracket without its opening one.
    UnmatchedBracket = "unmatched-bracket", Syntax;
    /// Two words written together.
    MissingSpace = "missing-space", Syntax;
    /// An option name the notation does not know.
    UnknownOption = "unknown-option", Word;
    /// A value given to an option that takes none.
    UnexpectedValue = "unexpected-value", Word;
    /// An option that needs a value, without one.
    MissingValue = "missing-value", Word;
    /// A value an option or rule does not take.
    InvalidValue = "invalid-value", Word;
    /// Tiles written after the options.
    TilesAfterOptions = "tiles-after-options", Word;
    /// A claim (`= 8000`) that cannot be read.
    InvalidClaim = "invalid-claim", Word;
    /// A meld that is no chi, pon or kan.
    InvalidMeld = "invalid-meld", Semantic;
    /// Not 13 or 14 tiles (plus one per kan).
    TileCount = "tile-count", Semantic;
    /// A fifth copy of a tile.
    FifthTile = "fifth-tile", Semantic;
    /// A dora indicator that would be a fifth copy.
    FifthTileIndicator = "fifth-tile-indicator", Semantic;
    /// More red fives than the rules have.
    ExtraRedFive = "extra-red-five", Semantic;
    /// The winning tile is not among the closed tiles.
    WinNotInHand = "win-not-in-hand", Semantic;
    /// `win=` on a hand that is still waiting.
    WinOnWaitingHand = "win-on-waiting-hand", Semantic;
    /// The discarded tile is not in the hand.
    DiscardNotInHand = "discard-not-in-hand", Semantic;
    /// `discard=` on a hand that has nothing to discard.
    DiscardOnWaitingHand = "discard-on-waiting-hand", Semantic;
    /// An option given twice.
    DuplicateOption = "duplicate-option", Semantic;
    /// Options that cannot both hold.
    Contradiction = "contradiction", Semantic;
    /// An option without what it needs (`ippatsu` without riichi).
    MissingRequirement = "missing-requirement", Semantic;
    /// Something the rules in force switch off.
    RuleOff = "rule-off", Semantic;
    /// A tile or call three-player mahjong does not have.
    NotInSanma = "not-in-sanma", RuleSet;
    /// A `rules:` word that names no rule.
    UnknownRule = "unknown-rule", Semantic;
    /// Text given to `parse_hand` that is not a hand line.
    NotAHand = "not-a-hand", Api;
    /// The hand has no winning tile, or not 14 tiles plus one per kan.
    NotAWinningCount = "not-a-winning-count", Score;
    /// The tiles do not form a winning hand.
    NotComplete = "not-complete", Score;
    /// A complete hand without a yaku (dora are not a yaku).
    NoYaku = "no-yaku", Score;
    /// Under `atozuke=off`, a win whose only yaku comes from its tile.
    Atozuke = "atozuke", Score;
    /// More than four melds.
    TooManyMelds = "too-many-melds", Score;
    /// A claim about a hand that its value contradicts.
    WrongClaim = "wrong-claim", Document;
    /// A claim that does not apply to its hand.
    InapplicableClaim = "inapplicable-claim", Document;
    /// A ron on a wait the player discarded (`river=`): furiten.
    Furiten = "furiten", Document;
    /// The server shows only the first diagnostics of a document.
    MoreDiagnostics = "more-diagnostics", Server;
}

impl fmt::Display for Code {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

/// A name that is no [`Code`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownCode(pub String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "no diagnostic code is named {:?}", self.0)
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;

    fn from_str(name: &str) -> Result<Code, UnknownCode> {
        Code::ALL
            .iter()
            .copied()
            .find(|code| code.as_str() == name)
            .ok_or_else(|| UnknownCode(name.to_string()))
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_code() {
        for &code in Code::ALL {
            assert_eq!(code.to_string().parse::<Code>(), Ok(code));
        }
    }

    #[test]
    fn names_are_kebab_case_and_distinct() {
        let mut names: Vec<&str> = Code::ALL.iter().map(|code| code.as_str()).collect();
        for name in &names {
            assert!(
                name.split('-')
                    .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase())),
                "{name} is not kebab-case"
            );
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }

    #[test]
    fn json_is_the_name() {
        let json = serde_json::to_string(&Code::FifthTileIndicator).expect("a code serialises");
        assert_eq!(json, "\"fifth-tile-indicator\"");
        let back: Code = serde_json::from_str(&json).expect("a code deserialises");
        assert_eq!(back, Code::FifthTileIndicator);
        assert!(serde_json::from_str::<Code>("\"no-such-code\"").is_err());
    }
}
