//! Hands written in other tools' notations ("dialects"): Hugo shortcodes,
//! MDC components, pymdownx-mahjong and mahgen fences, tile images, glyph
//! and kanji lines, mahjong-helper and riichi-tools-rs strings, Tenhou
//! links and plain mpsz runs in prose.
//!
//! Each reader turns the author's syntax into a tenpai hand line (the text
//! the analysis reads) and keeps, for every piece of that line, the byte
//! range of the author's text it came from, so that diagnostics, hovers and
//! hints land on what the author wrote.

pub mod glyphs;
pub mod hugo;
pub mod images;
pub mod mahc;
pub mod mahgen;
pub mod mdc;
pub mod mpsz;
pub mod pymdownx;
pub mod scan;
pub mod stated;
pub mod tools;

pub use scan::DialectConfig;

use std::ops::Range;

/// The notations tenpai reads besides its own.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Dialect {
    /// Hugo shortcodes: `{{< mj 1m2m3m >}}`.
    Hugo,
    /// MDC (Nuxt Content) components: `:mahjong-tiles{src="123m"}`.
    Mdc,
    /// pymdownx-mahjong: ```` ```mahjong ```` fences and inline `mj:123m`.
    Pymdownx,
    /// mahgen: ```` ```mahgen ```` fences, `mg 123m` code spans,
    /// `<mah-gen data-seq="…">`.
    Mahgen,
    /// Unicode tile glyphs and kanji tile names (`東南西北白發中`, `一萬`,
    /// circled digits).
    Glyphs,
    /// Runs of tile images (`<img src="man1.gif">`, `![](1m.png)`).
    Images,
    /// mahjong-helper's command line: `34068m 34s # 6666P 234p + 3m`.
    MahjongHelper,
    /// riichi-tools-rs: `456s11133z(456m1)(p1z1)`.
    RiichiTools,
    /// mandel59/mahjong: `234s5m[2<34p][^東東東]0m`.
    Mandel59,
    /// mahc's command line: `mahc --tiles 777z 111z 234p 234p 11p -w 1p`.
    Mahc,
    /// A Tenhou hand link: `tenhou.net/2/?q=123m456p789s11122z`.
    Tenhou,
    /// mpsz written in prose or in another language's code, outside any
    /// markup: `345678m 569p 45667s`.
    Mpsz,
}

impl Dialect {
    /// The name used in `tenpai.toml` (`[dialects]`) and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Hugo => "hugo",
            Dialect::Mdc => "mdc",
            Dialect::Pymdownx => "pymdownx",
            Dialect::Mahgen => "mahgen",
            Dialect::Glyphs => "glyphs",
            Dialect::Images => "images",
            Dialect::MahjongHelper => "mahjong-helper",
            Dialect::RiichiTools => "riichi-tools",
            Dialect::Mandel59 => "mandel59",
            Dialect::Mahc => "mahc",
            Dialect::Tenhou => "tenhou",
            Dialect::Mpsz => "mpsz",
        }
    }

    /// What a person calls the notation, for hovers.
    pub fn title(self) -> &'static str {
        match self {
            Dialect::Hugo => "Hugo shortcode",
            Dialect::Mdc => "MDC component",
            Dialect::Pymdownx => "pymdownx-mahjong",
            Dialect::Mahgen => "mahgen",
            Dialect::Glyphs => "tile glyphs",
            Dialect::Images => "tile images",
            Dialect::MahjongHelper => "mahjong-helper",
            Dialect::RiichiTools => "riichi-tools-rs",
            Dialect::Mandel59 => "mandel59/mahjong",
            Dialect::Mahc => "mahc",
            Dialect::Tenhou => "Tenhou link",
            Dialect::Mpsz => "mpsz",
        }
    }

    pub const ALL: [Dialect; 12] = [
        Dialect::Hugo,
        Dialect::Mdc,
        Dialect::Pymdownx,
        Dialect::Mahgen,
        Dialect::Glyphs,
        Dialect::Images,
        Dialect::MahjongHelper,
        Dialect::RiichiTools,
        Dialect::Mandel59,
        Dialect::Mahc,
        Dialect::Tenhou,
        Dialect::Mpsz,
    ];

    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

/// A piece of the hand line and the author's bytes it stands for.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Segment {
    text: Range<usize>,
    source: Range<usize>,
}

/// A hand read from another notation: the tenpai hand line it amounts to,
/// and where each piece of that line is in the document.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Translation {
    pub dialect: Dialect,
    /// The hand line tenpai analyses: one `Nx` word per tile, melds in
    /// brackets, then options.
    pub text: String,
    /// Sorted by `text`, not overlapping.
    segments: Vec<Segment>,
    /// Tiles read (unknown tiles and tile backs left out).
    pub tiles: usize,
    /// Tiles the author drew face down or left unknown (`0z`, `Xz`, `0x`).
    pub unknown: usize,
    /// Read from the lines of a fence (rewritten as an mj fence), not
    /// from inline markup (rewritten as an inline code span).
    pub block: bool,
    /// Rule words the tool that priced the hand plays by, on top of the
    /// document's (mahc counts the double yakuman twice): its stated value
    /// is checked under them.
    pub rules: Option<&'static str>,
    /// A hand the author wrote, or a restatement of one.
    pub role: Role,
    /// Claim items whose author's text a fix can rewrite in the author's
    /// own form.
    rewrites: Vec<Rewrite>,
}

/// A claim item of [`Translation::text`] that stands for something the
/// author wrote in a form tenpai can write back: a list of tiles, a count.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Rewrite {
    /// The claim item in [`Translation::text`] (`accepts 1m4m5s8s`).
    text: Range<usize>,
    /// The author's bytes a fix replaces: the tiles of a mark's argument
    /// or of prose (not the markup around them), a count's digits.
    source: Range<usize>,
    form: Form,
}

/// How an author wrote what a claim item states, so that a fix writes the
/// right value the same way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// A digit and a suit letter a tile: `1m4m5s8s`.
    EachTile,
    /// Digits, then their suit: `14m58s`.
    Grouped,
    /// Digits joined by dashes, a space between suits: `1-4m 5-8s`.
    Dashed,
    /// The digits of a count (`16` of `16枚` or of `16 tiles`).
    Number,
}

impl Form {
    const TILE_FORMS: [Form; 3] = [Form::EachTile, Form::Grouped, Form::Dashed];

    /// The form in which `tiles` are written as `written`, exactly (so
    /// that writing other tiles in it keeps the author's way).
    pub fn of_tiles(written: &str, tiles: &[RawTile]) -> Option<Form> {
        Form::TILE_FORMS
            .into_iter()
            .find(|form| form.write_tiles(tiles) == written)
    }

    /// `tiles` written in this form (a suit letter closes each run of
    /// tiles of one suit).
    pub fn write_tiles(self, tiles: &[RawTile]) -> String {
        let mut out = String::new();
        for (i, tile) in tiles.iter().enumerate() {
            let digit = char::from(tile.number + b'0');
            let suit = char::from(tile.suit);
            let same_suit_next = tiles.get(i + 1).is_some_and(|t| t.suit == tile.suit);
            let new_group = i == 0 || tiles[i - 1].suit != tile.suit;
            match self {
                Form::EachTile => {
                    out.push(digit);
                    out.push(suit);
                }
                Form::Grouped | Form::Number => {
                    out.push(digit);
                    if !same_suit_next {
                        out.push(suit);
                    }
                }
                Form::Dashed => {
                    if new_group && i > 0 {
                        out.push(' ');
                    } else if !new_group {
                        out.push('-');
                    }
                    out.push(digit);
                    if !same_suit_next {
                        out.push(suit);
                    }
                }
            }
        }
        out
    }
}

/// What a translation stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// A hand or shape the author wrote.
    Written,
    /// An item of a list under a 14-tile hand: the hand after one discard,
    /// with what the author counts it accepts. Its claims are checked; it
    /// is no hand of its own (no symbol).
    Discard,
}

impl Translation {
    /// The document range of a span of [`Translation::text`]: from the
    /// start of the first piece the span touches to the end of the last.
    pub fn to_source(&self, span: &Range<usize>) -> Range<usize> {
        let first = self.segments.partition_point(|s| s.text.end <= span.start);
        let Some(start_seg) = self.segments.get(first) else {
            let end = self.segments.last().map_or(0, |s| s.source.end);
            return end..end;
        };
        if span.end <= span.start {
            let at = start_seg.source.start;
            return at..at;
        }
        let last = self.segments.partition_point(|s| s.text.start < span.end);
        let end_seg = &self.segments[last.saturating_sub(1).max(first)];
        let start = start_seg.source.start;
        start..end_seg.source.end.max(start)
    }

    /// The offset in [`Translation::text`] of a document offset: the start
    /// of the piece written there (or of the next piece).
    pub fn to_text(&self, offset: usize) -> usize {
        // Pieces of a meld's brackets may share source bytes with tiles;
        // the innermost (shortest) piece holding the offset wins.
        let mut best: Option<&Segment> = None;
        for s in &self.segments {
            if s.source.start <= offset
                && offset < s.source.end
                && best.is_none_or(|b| s.source.len() < b.source.len())
            {
                best = Some(s);
            }
        }
        if let Some(s) = best {
            return s.text.start;
        }
        self.segments
            .iter()
            .filter(|s| s.source.start >= offset)
            .min_by_key(|s| s.source.start)
            .map_or(self.text.len(), |s| s.text.start)
    }

    /// Adds claim items the author states beside the hand (`waits`,
    /// `1s4s7s`, `11 tiles`), each with the bytes that state it; `=>`
    /// first, unless the hand has a claim already.
    pub fn claim(&mut self, items: &[(String, Range<usize>)]) {
        let Some(first) = items.first() else {
            return;
        };
        if !self.text.split(' ').any(|w| w == "=>") {
            self.append("=>", first.1.clone());
        }
        for (item, source) in items {
            self.append(item, source.clone());
        }
    }

    fn append(&mut self, word: &str, source: Range<usize>) {
        self.text.push(' ');
        let start = self.text.len();
        self.text.push_str(word);
        self.segments.push(Segment {
            text: start..self.text.len(),
            source,
        });
    }

    /// A fix of the claim item at `span` of [`Translation::text`]
    /// (`replacement` written in tenpai's notation: `accepts 14m58s`, `16
    /// tiles`) as an edit of the author's text in the author's form: the
    /// bytes to replace and what to write. `None` where the author's text
    /// is not one tenpai can write back.
    pub fn author_fix(
        &self,
        span: &Range<usize>,
        replacement: &str,
    ) -> Option<(Range<usize>, String)> {
        let rewrite = self.rewrites.iter().find(|r| r.text == *span)?;
        let (_, value) = match rewrite.form {
            // `16 tiles`: the number first.
            Form::Number => ("", replacement.split(' ').next()?),
            // `accepts 14m58s`: the tiles after the word.
            _ => replacement.split_once(' ')?,
        };
        let written = match rewrite.form {
            Form::Number => value
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| value.to_string())?,
            form => {
                let (tiles, stop) = read_mpsz(value, 0, 0);
                if stop != value.len() || tiles.is_empty() {
                    return None;
                }
                let tiles: Vec<RawTile> = tiles.into_iter().map(|(tile, _)| tile).collect();
                form.write_tiles(&tiles)
            }
        };
        Some((rewrite.source.clone(), written))
    }

    /// The document range of the whole hand.
    pub fn source(&self) -> Range<usize> {
        let start = self
            .segments
            .iter()
            .map(|s| s.source.start)
            .min()
            .unwrap_or(0);
        let end = self
            .segments
            .iter()
            .map(|s| s.source.end)
            .max()
            .unwrap_or(start);
        start..end
    }

    /// Document ranges of each tile, in the order of the hand line.
    pub fn tile_sources(&self) -> Vec<Range<usize>> {
        let bytes = self.text.as_bytes();
        self.segments
            .iter()
            .filter(|s| s.text.len() == 2 && bytes[s.text.start].is_ascii_digit())
            .map(|s| s.source.clone())
            .collect()
    }
}

/// A tile as the readers see it: a digit (0 for a red five) and a suit
/// letter `m p s z`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RawTile {
    pub number: u8,
    pub suit: u8,
}

impl RawTile {
    pub fn new(number: u8, suit: u8) -> Option<RawTile> {
        let ok = match suit {
            b'm' | b'p' | b's' => number <= 9,
            b'z' => (1..=7).contains(&number),
            _ => false,
        };
        ok.then_some(RawTile { number, suit })
    }
}

/// Kinds of brackets a called meld is written with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MeldKind {
    /// `(…)`: chi, pon or open kan.
    Open,
    /// `[…]`: closed kan.
    Closed,
}

/// Builds a [`Translation`] piece by piece.
#[derive(Default)]
pub struct Builder {
    text: String,
    segments: Vec<Segment>,
    tiles: usize,
    unknown: usize,
    /// Called and closed kans: each has a tile more than a hand counts.
    kans: usize,
    in_meld: bool,
    /// A space goes before the next piece (after a meld or an option).
    space: bool,
    rewrites: Vec<Rewrite>,
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    fn push(&mut self, piece: &str, source: Range<usize>) {
        let start = self.text.len();
        self.text.push_str(piece);
        self.segments.push(Segment {
            text: start..self.text.len(),
            source,
        });
    }

    fn separate(&mut self) {
        if self.space && !self.text.is_empty() {
            self.text.push(' ');
        }
        self.space = false;
    }

    /// A tile written at `source`.
    pub fn tile(&mut self, tile: RawTile, source: Range<usize>) {
        if !self.in_meld {
            self.separate();
        }
        let piece = [tile.number + b'0', tile.suit];
        // Both bytes are ASCII.
        self.push(std::str::from_utf8(&piece).unwrap_or("?"), source);
        self.tiles += 1;
    }

    /// A tile the author left unknown or face down: counted, not written.
    pub fn unknown_tile(&mut self) {
        self.unknown += 1;
    }

    /// Tiles read so far.
    pub fn tile_count(&self) -> usize {
        self.tiles
    }

    /// The size of the hand read so far, as a hand's tiles are counted
    /// (13 waiting, 14 to discard from): a kan's fourth tile left out.
    pub fn hand_size(&self) -> usize {
        self.tiles - self.kans
    }

    /// A called meld of `tiles`, written at `source` as a whole.
    pub fn meld(
        &mut self,
        kind: MeldKind,
        tiles: &[(RawTile, Range<usize>)],
        source: Range<usize>,
    ) {
        if tiles.is_empty() {
            return;
        }
        if tiles.len() == 4 {
            self.kans += 1;
        }
        self.space = true;
        self.separate();
        let (open, close) = match kind {
            MeldKind::Open => ("(", ")"),
            MeldKind::Closed => ("[", "]"),
        };
        let first = source.start..source.start.max(tiles[0].1.start);
        self.push(
            open,
            if first.is_empty() {
                source.clone()
            } else {
                first
            },
        );
        self.in_meld = true;
        for (tile, at) in tiles {
            self.tile(*tile, at.clone());
        }
        self.in_meld = false;
        let last_end = tiles.last().map_or(source.end, |t| t.1.end);
        let rest = last_end.min(source.end)..source.end;
        self.push(close, if rest.is_empty() { source } else { rest });
        self.space = true;
    }

    /// Claim words (`accepts 1m4m5s8s`, `4 kinds`) standing for what the
    /// author wrote at `source`, whose part at `written` a fix can rewrite
    /// in `form` (see [`Translation::author_fix`]).
    pub fn rewritable(
        &mut self,
        words: &[&str],
        source: Range<usize>,
        written: Range<usize>,
        form: Form,
    ) {
        let start = self.text.len() + usize::from(!self.text.is_empty());
        for word in words {
            self.word(word, source.clone());
        }
        if self.text.len() > start {
            self.rewrites.push(Rewrite {
                text: start..self.text.len(),
                source: written,
                form,
            });
        }
    }

    /// An option or claim word (`tsumo`, `dora=1m`, `=>`), written at
    /// `source`.
    pub fn word(&mut self, word: &str, source: Range<usize>) {
        if word.is_empty() {
            return;
        }
        self.space = true;
        self.separate();
        self.push(word, source);
        self.space = true;
    }

    /// The translation, when at least one tile was read (backs and blanks
    /// alone are no hand).
    pub fn finish(self, dialect: Dialect) -> Option<Translation> {
        (self.tiles > 0).then_some(Translation {
            dialect,
            text: self.text,
            segments: self.segments,
            tiles: self.tiles,
            unknown: self.unknown,
            block: false,
            rules: None,
            role: Role::Written,
            rewrites: self.rewrites,
        })
    }
}

/// A tile of an mpsz string with the bytes that wrote it.
pub type Placed = (RawTile, Range<usize>);

/// Reads an mpsz run (`123m4p0s` and `1m2m3m`) from `s` starting at byte
/// `at`, with `base` the document offset of `s`. A tile's source is its
/// digit; the last digit of a group also covers the suit letter. Returns
/// the tiles and where the run stopped. Digits without a suit, or a suit
/// no tile has (`8z`), stop the run before them.
pub fn read_mpsz(s: &str, at: usize, base: usize) -> (Vec<Placed>, usize) {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut cursor = at;
    loop {
        let digits = bytes[cursor..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 {
            break;
        }
        let Some(&suit) = bytes.get(cursor + digits) else {
            break;
        };
        let suit = suit.to_ascii_lowercase();
        if !matches!(suit, b'm' | b'p' | b's' | b'z') {
            break;
        }
        let group: Option<Vec<RawTile>> = bytes[cursor..cursor + digits]
            .iter()
            .map(|d| RawTile::new(d - b'0', suit))
            .collect();
        let Some(group) = group else {
            break;
        };
        for (k, tile) in group.into_iter().enumerate() {
            let start = base + cursor + k;
            let end = if k + 1 == digits {
                start + 2
            } else {
                start + 1
            };
            out.push((tile, start..end));
        }
        cursor += digits + 1;
    }
    (out, cursor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mpsz_runs_map_each_tile_to_its_digit() {
        let (tiles, end) = read_mpsz("x123m4p ", 1, 10);
        assert_eq!(end, 7);
        let sources: Vec<_> = tiles.iter().map(|t| t.1.clone()).collect();
        assert_eq!(sources, [11..12, 12..13, 13..15, 15..17]);
    }

    #[test]
    fn translation_maps_spans_both_ways() {
        let mut b = Builder::new();
        b.tile(RawTile::new(1, b'm').unwrap(), 100..102);
        b.tile(RawTile::new(2, b'm').unwrap(), 102..104);
        let t3 = RawTile::new(3, b'p').unwrap();
        b.meld(
            MeldKind::Open,
            &[(t3, 105..107), (t3, 107..109), (t3, 109..112)],
            104..112,
        );
        b.word("tsumo", 120..126);
        let t = b.finish(Dialect::Hugo).unwrap();
        assert_eq!(t.text, "1m2m (3p3p3p) tsumo");
        assert_eq!(t.to_source(&(0..4)), 100..104);
        assert_eq!(t.to_source(&(2..4)), 102..104);
        assert_eq!(t.to_source(&(5..13)), 104..112);
        assert_eq!(t.to_source(&(14..19)), 120..126);
        assert_eq!(t.to_text(103), 2);
        assert_eq!(t.to_text(108), 8);
        assert_eq!(t.to_text(121), 14);
        assert_eq!(t.tiles, 5);
        assert_eq!(t.tile_sources().len(), 5);
    }
}
