//! Limit hands (mangan and above): the payment no longer depends on fu.
//! At the bottom of the engine: claims name limits before any hand is scored.

/// A limit hand: the payment no longer depends on fu.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Limit {
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    KazoeYakuman,
    /// How many yakuman (1 yakuman, 2 double, ...).
    Yakuman(u32),
}

impl Limit {
    /// The vectors' id: `mangan` ... `kazoe_yakuman`, `yakuman`,
    /// `double_yakuman`, `triple_yakuman`, ...
    pub fn id(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::KazoeYakuman => "kazoe_yakuman",
            Limit::Yakuman(n) => match n {
                0 | 1 => "yakuman",
                2 => "double_yakuman",
                3 => "triple_yakuman",
                4 => "quadruple_yakuman",
                5 => "quintuple_yakuman",
                _ => "sextuple_yakuman",
            },
        }
    }

    /// A name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Mangan => "Mangan",
            Limit::Haneman => "Haneman",
            Limit::Baiman => "Baiman",
            Limit::Sanbaiman => "Sanbaiman",
            Limit::KazoeYakuman => "Kazoe yakuman",
            Limit::Yakuman(n) => match n {
                0 | 1 => "Yakuman",
                2 => "Double yakuman",
                3 => "Triple yakuman",
                4 => "Quadruple yakuman",
                5 => "Quintuple yakuman",
                _ => "Sextuple yakuman",
            },
        }
    }

    /// Reads a limit id (as [`Limit::id`] writes it; `-` or `_`).
    ///
    /// ```
    /// use tenpai_core::limit::Limit;
    ///
    /// assert_eq!(Limit::from_id("double-yakuman"), Some(Limit::Yakuman(2)));
    /// assert_eq!(Limit::Yakuman(2).id(), "double_yakuman");
    /// assert_eq!(Limit::Haneman.base(), 3000);
    /// ```
    pub fn from_id(id: &str) -> Option<Limit> {
        let id = id.replace('-', "_");
        Some(match id.as_str() {
            "mangan" => Limit::Mangan,
            "haneman" => Limit::Haneman,
            "baiman" => Limit::Baiman,
            "sanbaiman" => Limit::Sanbaiman,
            "kazoe_yakuman" | "kazoe" => Limit::KazoeYakuman,
            "yakuman" => Limit::Yakuman(1),
            "double_yakuman" => Limit::Yakuman(2),
            "triple_yakuman" => Limit::Yakuman(3),
            "quadruple_yakuman" => Limit::Yakuman(4),
            "quintuple_yakuman" => Limit::Yakuman(5),
            "sextuple_yakuman" => Limit::Yakuman(6),
            _ => return None,
        })
    }

    /// Base points of the limit.
    pub fn base(self) -> u32 {
        match self {
            Limit::Mangan => 2000,
            Limit::Haneman => 3000,
            Limit::Baiman => 4000,
            Limit::Sanbaiman => 6000,
            Limit::KazoeYakuman => 8000,
            Limit::Yakuman(n) => 8000 * n.max(1),
        }
    }
}

impl Limit {
    /// A real yakuman (one or several), not a counted one
    /// ([`Limit::KazoeYakuman`]), which is paid as one but reached by han.
    pub fn is_yakuman(self) -> bool {
        matches!(self, Limit::Yakuman(_))
    }
}

/// Written as its id (`mangan`, `double_yakuman`), as the JSON outputs
/// have always written a limit.
impl serde::Serialize for Limit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::Limit;

    #[test]
    fn ids_read_back() {
        for limit in [
            Limit::Mangan,
            Limit::Haneman,
            Limit::Baiman,
            Limit::Sanbaiman,
            Limit::KazoeYakuman,
            Limit::Yakuman(1),
            Limit::Yakuman(2),
            Limit::Yakuman(6),
        ] {
            assert_eq!(Limit::from_id(limit.id()), Some(limit));
            assert_eq!(
                serde_json::to_string(&limit).expect("a limit serialises"),
                format!("\"{}\"", limit.id())
            );
        }
        assert!(Limit::Yakuman(2).is_yakuman());
        assert!(!Limit::KazoeYakuman.is_yakuman());
    }
}
