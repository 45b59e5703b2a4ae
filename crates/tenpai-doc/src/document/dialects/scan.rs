//! Where the dialects are looked for in a Markdown document: prose (and
//! HTML) between code, fences by their info string, inline code spans.
//! What each reader found is kept when it overlaps nothing found before
//! it; markup (shortcodes, components, images, links) goes first, glyph
//! runs next, plain mpsz runs last.

use std::ops::Range;
use std::sync::Arc;

use super::images::ImageMap;
use super::{glyphs, hugo, images, mahc, mahgen, mdc, mpsz, pymdownx, tools, Dialect, Translation};

/// Which dialects are read, and the names that mark them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DialectConfig {
    /// Dialects turned off.
    pub off: Vec<Dialect>,
    /// More Hugo shortcode names (besides `mj`, `mj-*`, …).
    pub shortcodes: Vec<String>,
    /// More MDC component names (besides `mahjong-tiles`, …).
    pub components: Vec<String>,
    /// More fence info strings, and the dialect each one holds
    /// (`pymdownx` or `mahgen`).
    pub fences: Vec<(String, Dialect)>,
    /// Image file stems to tiles (`"east" = "1z"`).
    pub images: ImageMap,
}

impl DialectConfig {
    pub fn reads(&self, dialect: Dialect) -> bool {
        !self.off.contains(&dialect)
    }

    fn shortcode(&self, name: &str) -> bool {
        hugo::default_name(name) || self.shortcodes.iter().any(|n| n == name)
    }

    fn component(&self, name: &str) -> bool {
        mdc::default_name(name) || self.components.iter().any(|n| n == name)
    }

    /// The dialect of a fence's info string, if it is one.
    pub fn fence_dialect(&self, info: &str) -> Option<Dialect> {
        let lang = info.split(|c: char| c.is_whitespace() || c == '{').next()?;
        if let Some((_, d)) = self
            .fences
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(lang))
        {
            return Some(*d);
        }
        if pymdownx::is_fence(info) {
            Some(Dialect::Pymdownx)
        } else if mahgen::is_fence(info) {
            Some(Dialect::Mahgen)
        } else {
            None
        }
    }
}

/// A hand found in a dialect: the document range it covers and its hand.
#[derive(Clone, Debug)]
pub struct Found {
    pub range: Range<usize>,
    pub translation: Arc<Translation>,
}

/// Found hands with the rank of the reader that found them (lower wins
/// an overlap).
pub type Ranked = Vec<(u8, Found)>;

fn push(out: &mut Ranked, rank: u8, range: Range<usize>, t: Translation) {
    out.push((
        rank,
        Found {
            range,
            translation: Arc::new(t),
        },
    ));
}

/// What can start a dialect in prose: `{` (shortcodes, components), `<`
/// (`<img>`, `<mah-gen>`), `!` (`![]()`), `?` (a Tenhou link's `?q=`), a
/// glyph's first byte; and a digit with a suit letter after it (mpsz).
/// Plain prose holds few of these.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Trigger {
    Brace,
    Angle,
    Bang,
    Query,
    Glyph,
    Mpsz,
}

/// The markup triggers, one byte each.
const MARKUP: [(u8, Trigger); 5] = [
    (b'{', Trigger::Brace),
    (b'<', Trigger::Angle),
    (b'!', Trigger::Bang),
    (b'?', Trigger::Query),
    (0xF0, Trigger::Glyph),
];

/// Finds the next trigger of a set: aho-corasick's packed searcher (Teddy,
/// SIMD) where the CPU has it, else its automaton. The markup bytes and
/// the mpsz pairs (`1m`…`9z`, 40 of them) are two searchers, two passes:
/// Teddy takes at most 16 patterns of one byte, and searching for every
/// digit instead would stop at each number of the prose.
struct TriggerSearcher {
    engine: Engine,
    kinds: Vec<Trigger>,
}

enum Engine {
    Packed(aho_corasick::packed::Searcher),
    Automaton(aho_corasick::AhoCorasick),
}

impl TriggerSearcher {
    fn new(patterns: Vec<(Vec<u8>, Trigger)>) -> TriggerSearcher {
        let bytes: Vec<&[u8]> = patterns.iter().map(|(p, _)| p.as_slice()).collect();
        let engine = match aho_corasick::packed::Config::new()
            .builder()
            .extend(bytes.iter())
            .build()
        {
            Some(searcher) => Engine::Packed(searcher),
            None => Engine::Automaton(
                aho_corasick::AhoCorasick::new(&bytes)
                    // A few short patterns: building cannot fail.
                    .unwrap_or_else(|e| panic!("the dialect triggers: {e}")),
            ),
        };
        TriggerSearcher {
            engine,
            kinds: patterns.into_iter().map(|(_, k)| k).collect(),
        }
    }

    fn markup() -> &'static TriggerSearcher {
        static SEARCHER: std::sync::OnceLock<TriggerSearcher> = std::sync::OnceLock::new();
        SEARCHER.get_or_init(|| {
            TriggerSearcher::new(MARKUP.iter().map(|&(b, k)| (vec![b], k)).collect())
        })
    }

    fn mpsz() -> &'static TriggerSearcher {
        static SEARCHER: std::sync::OnceLock<TriggerSearcher> = std::sync::OnceLock::new();
        SEARCHER.get_or_init(|| {
            let pairs = (b'0'..=b'9').flat_map(|digit| {
                [b'm', b'p', b's', b'z'].map(|suit| (vec![digit, suit], Trigger::Mpsz))
            });
            TriggerSearcher::new(pairs.collect())
        })
    }

    /// The first trigger in `text[span]`: where, and which.
    fn find(&self, text: &[u8], span: Range<usize>) -> Option<(usize, Trigger)> {
        let (at, pattern) = match &self.engine {
            Engine::Packed(s) => {
                let m = s.find_in(text, aho_corasick::Span::from(span))?;
                (m.start(), m.pattern())
            }
            Engine::Automaton(s) => {
                let m = s.find(aho_corasick::Input::new(text).span(span))?;
                (m.start(), m.pattern())
            }
        };
        Some((at, *self.kinds.get(pattern.as_usize())?))
    }
}

/// What the search over prose found, before the readers that pair things
/// up (stated waits, drawn tiles, image runs) go over it.
#[derive(Default)]
struct Marks {
    shortcodes: Vec<hugo::Shortcode>,
    components: Vec<mdc::Component>,
    images: Vec<images::Image>,
    sequences: Vec<Range<usize>>,
    links: Vec<(Range<usize>, Translation)>,
    glyph_runs: Vec<Range<usize>>,
    mpsz_runs: Vec<(Range<usize>, Translation)>,
}

/// The dialects in prose or HTML: `text[range]`, less the `code` ranges
/// (sorted, not overlapping): one SIMD search for markup and one for mpsz,
/// each jumping over code; a reader runs only where a trigger is.
pub fn prose(
    text: &str,
    range: Range<usize>,
    code: &[Range<usize>],
    cfg: &DialectConfig,
    out: &mut Ranked,
) {
    let Some(slice) = text.get(..range.end) else {
        return;
    };
    let b = slice.as_bytes();
    let mut marks = Marks::default();
    // Where the next mpsz word and glyph run may start (a run read is not
    // read again from a later trigger inside it).
    let mut mpsz_from = range.start;
    let mut glyph_from = range.start;
    let mut searchers = vec![TriggerSearcher::markup()];
    if cfg.reads(Dialect::Mpsz) {
        searchers.push(TriggerSearcher::mpsz());
    }
    for searcher in searchers {
        let mut at = range.start;
        let mut next_code = 0;
        while at < range.end {
            let Some((p, trigger)) = searcher.find(b, at..range.end) else {
                break;
            };
            at = p + 1;
            while code.get(next_code).is_some_and(|c| c.end <= p) {
                next_code += 1;
            }
            if let Some(c) = code.get(next_code).filter(|c| c.start <= p) {
                at = c.end;
                continue;
            }
            match trigger {
                Trigger::Brace => {
                    if b.get(p + 1) == Some(&b'{') && cfg.reads(Dialect::Hugo) {
                        if let Some(code) =
                            hugo::shortcode(slice, p, range.end, &|n| cfg.shortcode(n))
                        {
                            marks.shortcodes.push(code);
                        }
                    } else if cfg.reads(Dialect::Mdc) {
                        if let Some(c) =
                            mdc::component_before_brace(slice, p, range.start, range.end, &|n| {
                                cfg.component(n)
                            })
                        {
                            marks.components.push(c);
                        }
                    }
                }
                Trigger::Angle => {
                    if b[p..].starts_with(b"<mah-gen") {
                        if cfg.reads(Dialect::Mahgen) {
                            marks.sequences.extend(mahgen::html_sequence_at(slice, p));
                        }
                    } else if cfg.reads(Dialect::Images) {
                        marks.images.extend(images::image_at(slice, p, &cfg.images));
                    }
                }
                Trigger::Bang => {
                    if cfg.reads(Dialect::Images) {
                        marks.images.extend(images::image_at(slice, p, &cfg.images));
                    }
                }
                Trigger::Query => {
                    if b[p..].starts_with(b"?q=") && cfg.reads(Dialect::Tenhou) {
                        marks
                            .links
                            .extend(tools::tenhou_link_at(slice, p, range.start));
                    }
                }
                Trigger::Glyph => {
                    if b[p..].starts_with(glyphs::GLYPH_START)
                        && p >= glyph_from
                        && cfg.reads(Dialect::Glyphs)
                    {
                        let (run, next) = glyphs::run_at(slice, p, 3);
                        marks.glyph_runs.extend(run);
                        glyph_from = next;
                    }
                }
                Trigger::Mpsz => {
                    // The word's digits start before the suit's digit.
                    let digits = b[range.start..p]
                        .iter()
                        .rev()
                        .take_while(|c| c.is_ascii_digit())
                        .count();
                    let start = p - digits;
                    if start >= mpsz_from && mpsz::is_word_start(slice, range.start, start) {
                        let (run, next) = mpsz::run_at(slice, start);
                        marks.mpsz_runs.extend(run);
                        mpsz_from = next;
                        at = at.max(next);
                    }
                }
            }
        }
    }
    read_marks(text, marks, out);
}

/// The hands of what the pass over prose found.
fn read_marks(text: &str, marks: Marks, out: &mut Ranked) {
    let codes = marks.shortcodes;
    let mut i = 0;
    while i < codes.len() {
        let code = &codes[i];
        i += 1;
        let Some(mut builder) = hugo::builder(text, code.argument.clone()) else {
            continue;
        };
        let mut end = code.range.end;
        // `HAND → WAITS 待ち`: the waits the author states, a claim.
        if let Some(next) = codes.get(i) {
            if let Some((arrow, count)) = stated_waits(text, code.range.end, next.range.clone()) {
                if let Some(waits) = hugo::read(text, next.argument.clone()) {
                    builder.word("=>", arrow);
                    builder.word("waits", next.argument.clone());
                    builder.word(&waits.text, next.argument.clone());
                    // The count of tiles left on those waits, a claim too.
                    end = next.range.end;
                    if let Some((count, written)) = count {
                        end = written.end;
                        builder.word(&format!("{count} tiles"), written);
                    }
                    i += 1;
                }
            }
        }
        if let Some(t) = builder.finish(Dialect::Hugo) {
            push(out, 0, code.range.start..end, t);
        }
    }
    let found = marks.components;
    let mut i = 0;
    while i < found.len() {
        let c = &found[i];
        i += 1;
        let Some(mut builder) = mdc::read(text, c.src.clone()) else {
            continue;
        };
        let mut end = c.range.end;
        // A hand of 13 and its drawn tile after `ツモ`.
        if builder.tile_count() >= 13 {
            if let Some((word, word_range, next)) =
                mdc::drawn_after(text, c.range.end, found.get(i))
            {
                if let Some(drawn) =
                    mdc::read(text, next.src.clone()).and_then(|b| b.finish(Dialect::Mdc))
                {
                    if drawn.tiles == 1 {
                        let tile_src = drawn.source();
                        let raw = drawn.text.as_bytes();
                        if let Some(tile) = super::RawTile::new(raw[0] - b'0', raw[1]) {
                            builder.tile(tile, tile_src);
                            builder.word(word, word_range);
                            end = next.range.end;
                            i += 1;
                        }
                    }
                }
            }
        }
        if let Some(t) = builder.finish(Dialect::Mdc) {
            push(out, 0, c.range.start..end, t);
        }
    }
    for (r, t) in images::hands(text, &marks.images) {
        push(out, 0, r, t);
    }
    for seq in marks.sequences {
        if let Some(t) = mahgen::read(text, seq.clone()) {
            push(out, 0, seq, t);
        }
    }
    for (r, t) in marks.links {
        push(out, 0, r, t);
    }
    for r in marks.glyph_runs {
        if let Some(t) = glyphs::read_line(text, r.clone(), glyphs::Script::Glyphs) {
            push(out, 1, r, t);
        }
    }
    for (r, t) in marks.mpsz_runs {
        push(out, 2, r, t);
    }
}

/// What joins a hand to the waits its author states (its range), and the
/// count of tiles left on them the author states, with where it is.
type StatedWaits = (Range<usize>, Option<(u32, Range<usize>)>);

/// Between a hand ending at `end` and the tiles at `next`: an arrow
/// (`→`, `->`, `⇒`) with `待ち` (or "wait") after the tiles, or the next
/// cell of a table row whose cell after holds a count of tiles (`11枚`):
/// the range of what joins them (the arrow, the cell boundary), and the
/// count of tiles the author states, with its range.
fn stated_waits(text: &str, end: usize, next: Range<usize>) -> Option<StatedWaits> {
    let between = text.get(end..next.start)?;
    let joint = between.trim();
    let after = text.get(next.end..)?;
    let lead = between.len() - between.trim_start().len();
    let arrow = end + lead..end + lead + joint.len();
    if matches!(joint, "→" | "->" | "⇒" | "=>" | "：" | ":") {
        let after = after.trim_start();
        return (after.starts_with("待ち") || after.starts_with("wait")).then_some((arrow, None));
    }
    if !is_cell_boundary(joint) {
        return None;
    }
    // `</td><td>11枚`: the count in the next cell.
    let cell = after
        .trim_start()
        .strip_prefix("</td>")
        .map(str::trim_start)
        .and_then(|a| a.strip_prefix("<td>"))
        .map(str::trim_start)?;
    let digits = cell.bytes().take_while(u8::is_ascii_digit).count();
    let unit = cell[digits..].trim_start();
    if digits == 0 || !unit.starts_with('枚') {
        return None;
    }
    let count = cell[..digits].parse().ok()?;
    let at = text.len() - cell.len();
    let written = at..at + (cell.len() - unit.len()) + '枚'.len_utf8();
    Some((arrow, Some((count, written))))
}

/// `</td><td>`, spaces between allowed.
fn is_cell_boundary(s: &str) -> bool {
    s.strip_prefix("</td>")
        .map(str::trim_start)
        .is_some_and(|rest| rest == "<td>")
}

/// The lines of a fence that is not an mj fence: `info` its info string,
/// `lines` the ranges of its content lines.
pub fn fence(
    text: &str,
    info: &str,
    lines: &[Range<usize>],
    cfg: &DialectConfig,
    out: &mut Ranked,
) {
    let from = out.len();
    fence_hands(text, info, lines, cfg, out);
    // A hand on whole lines of the fence is the fence's content; one in
    // a line of code (a comment, a string) is not.
    let whole_lines = |r: &Range<usize>| {
        let before = text[..r.start].rsplit('\n').next().unwrap_or("");
        let after = text[r.end..].split('\n').next().unwrap_or("");
        before.trim().is_empty() && after.trim().is_empty()
    };
    for (_, found) in &mut out[from..] {
        if whole_lines(&found.range) {
            if let Some(t) = Arc::get_mut(&mut found.translation) {
                t.block = true;
            }
        }
    }
}

fn fence_hands(
    text: &str,
    info: &str,
    lines: &[Range<usize>],
    cfg: &DialectConfig,
    out: &mut Ranked,
) {
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return;
    };
    let content = first.start..last.end;
    match cfg.fence_dialect(info) {
        Some(Dialect::Pymdownx) if cfg.reads(Dialect::Pymdownx) => {
            if let Some((r, t)) = pymdownx::read_fence(text, content) {
                push(out, 0, r, t);
            }
            return;
        }
        Some(Dialect::Mahgen) if cfg.reads(Dialect::Mahgen) => {
            for line in lines {
                let r = trimmed(text, line.clone());
                if r.is_empty() {
                    continue;
                }
                if let Some(t) = mahgen::read(text, r.clone()) {
                    push(out, 0, r, t);
                }
            }
            return;
        }
        Some(_) => return,
        None => {}
    }
    let lang = info
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let plain = matches!(lang.as_str(), "" | "text" | "txt" | "plain" | "plaintext");
    for line in lines {
        let r = trimmed(text, line.clone());
        if r.is_empty() {
            continue;
        }
        // A line of tiles alone, in a fence of plain text: glyphs and
        // kanji. A line wholly in brackets restates the hand above it.
        if plain && cfg.reads(Dialect::Glyphs) {
            let s = &text[r.clone()];
            if s.starts_with('(') && s.ends_with(')') {
                continue;
            }
            if let Some(t) = glyphs::read_line(text, r.clone(), glyphs::Script::GlyphsAndKanji) {
                push(out, 0, r, t);
                continue;
            }
        }
        if cfg.reads(Dialect::Glyphs) {
            for g in glyphs::runs(text, r.clone(), 3) {
                if let Some(t) = glyphs::read_line(text, g.clone(), glyphs::Script::Glyphs) {
                    push(out, 1, g, t);
                }
            }
        }
        if cfg.reads(Dialect::Tenhou) {
            for (found, t) in tools::tenhou_links(text, r.clone()) {
                push(out, 0, found, t);
            }
        }
        if cfg.reads(Dialect::Mpsz) {
            for (found, t) in mpsz::runs(text, r.clone()) {
                push(out, 2, found, t);
            }
        }
    }
}

/// The dialects read across a document's code blocks (`blocks`, each its
/// lines): mahc's commands and the values it printed for them.
pub fn blocks(text: &str, blocks: &[Vec<Range<usize>>], cfg: &DialectConfig, out: &mut Ranked) {
    if !cfg.reads(Dialect::Mahc) {
        return;
    }
    let has_command = |b: &Vec<Range<usize>>| {
        b.iter()
            .any(|l| text.get(l.clone()).is_some_and(|s| s.contains("--tiles ")))
    };
    if !blocks.iter().any(has_command) {
        return;
    }
    let refs: Vec<&[Range<usize>]> = blocks.iter().map(Vec::as_slice).collect();
    for (r, t) in mahc::read(text, &refs) {
        push(out, 0, r, t);
    }
}

/// An inline code span's content `text[span]` in a dialect, if it is one.
pub fn code_span(text: &str, span: Range<usize>, cfg: &DialectConfig) -> Option<Found> {
    let s = text.get(span.clone())?;
    let found = |range: Range<usize>, t: Translation| {
        Some(Found {
            range,
            translation: Arc::new(t),
        })
    };
    if cfg.reads(Dialect::Pymdownx) && s.starts_with("mj:") {
        return found(span.clone(), pymdownx::inline(text, span)?);
    }
    if cfg.reads(Dialect::Mahgen) {
        if let Some(seq) = mahgen::inline_sequence(text, span.clone()) {
            return found(span, mahgen::read(text, seq)?);
        }
    }
    if cfg.reads(Dialect::MahjongHelper) && s.starts_with("mahjong-helper ") {
        return found(span.clone(), tools::mahjong_helper(text, span)?);
    }
    if cfg.reads(Dialect::RiichiTools) && tools::is_riichi_tools(s) {
        return found(span.clone(), tools::riichi_tools(text, span)?);
    }
    if cfg.reads(Dialect::Mandel59) && tools::is_bracket_kanji(s) {
        return found(span.clone(), tools::bracket_kanji(text, span)?);
    }
    if cfg.reads(Dialect::Mahgen) && mahgen_marks(s) {
        return found(span.clone(), mahgen::read(text, span)?);
    }
    None
}

/// Is a code span's content written in another tool's marks with no
/// tile to read (mahgen's `0z` back alone, `8z9z`)? Then it is no hand of
/// tenpai's either.
pub fn foreign_without_tiles(s: &str, cfg: &DialectConfig) -> bool {
    cfg.reads(Dialect::Mahgen) && mahgen_marks(s)
}

/// Marks only mahgen gives meaning to: a tile back `0z`, blanks `8z`
/// `9z`, `|` gaps, `_` `^` `v` before a digit.
fn mahgen_marks(s: &str) -> bool {
    let b = s.as_bytes();
    if !b
        .first()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'_' | b'^' | b'v'))
    {
        return false;
    }
    if !b.iter().all(|c| {
        c.is_ascii_digit() || matches!(c, b'm' | b'p' | b's' | b'z' | b'|' | b'_' | b'^' | b'v')
    }) {
        return false;
    }
    b.windows(2)
        .any(|w| matches!(w, [b'_' | b'^' | b'v' | b'|', d] if d.is_ascii_digit()))
        || zero_eight_nine_z(s)
}

/// `0z`, `8z` or `9z` written as a tile of its own (`0z11p0z`): in a
/// longer run (`11128z`) the digit is a typo in a tenpai hand, reported.
fn zero_eight_nine_z(s: &str) -> bool {
    let b = s.as_bytes();
    let mut run_start = 0;
    for (i, &c) in b.iter().enumerate() {
        if !c.is_ascii_digit() {
            if c == b'z' && i == run_start + 1 && matches!(b[run_start], b'0' | b'8' | b'9') {
                return true;
            }
            run_start = i + 1;
        }
    }
    false
}

fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let s = &text[range.clone()];
    let lead = s.len() - s.trim_start().len();
    let start = range.start + lead;
    start..start + s.trim().len()
}

/// Keeps what overlaps nothing of a lower rank or found before, in
/// document order; `taken` are ranges already taken (tenpai's own hands).
pub fn settle(mut found: Ranked, taken: &[Range<usize>]) -> Vec<Found> {
    found.sort_by_key(|(rank, f)| (*rank, f.range.start));
    // What is kept never overlaps, so its ranges sorted by start are sorted
    // by end too: a range overlaps something kept exactly when the last
    // kept range starting before its end reaches past its start (a look-up,
    // not a walk over everything kept, for documents of many hands).
    let mut kept: std::collections::BTreeMap<usize, usize> = Default::default();
    for t in taken {
        kept.insert(t.start, t.end);
    }
    let mut out = Vec::new();
    for (_, f) in found {
        let overlaps = kept
            .range(..f.range.end.max(f.range.start + 1))
            .next_back()
            .is_some_and(|(_, &end)| end > f.range.start);
        if overlaps {
            continue;
        }
        kept.insert(f.range.start, f.range.end);
        out.push(f);
    }
    out.sort_by_key(|f| f.range.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlaps_go_to_markup() {
        let text = "{{< mj 3s4s4s4s5s5s5s5z5z5z7z7z7z >}}";
        let mut out = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut out,
        );
        assert_eq!(out.len(), 2);
        let kept = settle(out, &[]);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].translation.dialect, Dialect::Hugo);
    }

    #[test]
    fn stated_waits_are_a_claim() {
        let text = "1. {{< mj 3s4s4s4s5s5s5s5z5z5z7z7z7z >}} → {{< mj 2s3s4s5s >}} 待ち";
        let mut out = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut out,
        );
        let kept = settle(out, &[]);
        assert_eq!(kept.len(), 1);
        let t = &kept[0].translation;
        assert_eq!(t.text, "3s4s4s4s5s5s5s5z5z5z7z7z7z => waits 2s3s4s5s");
        let claim = t.text.find("2s3s").unwrap();
        let at = text.find("2s3s4s5s").unwrap();
        assert_eq!(t.to_source(&(claim..claim + 8)), at..at + 8);
    }

    #[test]
    fn stated_waits_in_a_table_row() {
        let text =
            "<tr>\n<td>{{< mj 2m2m2m3m >}}</td>\n<td>{{< mj 1m4m3m >}}</td><td>11枚</td>\n</tr>";
        let mut out = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut out,
        );
        let kept = settle(out, &[]);
        assert_eq!(kept.len(), 1);
        assert_eq!(
            kept[0].translation.text,
            "2m2m2m3m => waits 1m4m3m 11 tiles"
        );
        let t = &kept[0].translation;
        let claimed = t.text.find("11 tiles").unwrap();
        let at = text.find("11枚").unwrap();
        assert_eq!(t.to_source(&(claimed..claimed + 8)), at..at + "11枚".len());
        // Without the count, two cells are two shapes.
        let text = "<td>{{< mj 2m2m2m3m >}}</td>\n<td>{{< mj 1m4m3m >}}</td>";
        let mut out = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut out,
        );
        assert_eq!(settle(out, &[]).len(), 2);
    }

    #[test]
    fn mdc_with_drawn_tile() {
        let text = ":mahjong-tiles{src=\"222567m3345p,56-7s\"} ツモ :mahjong-tiles{src=\"3p\"}";
        let mut out = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut out,
        );
        let kept = settle(out, &[]);
        assert_eq!(kept.len(), 1);
        assert_eq!(
            kept[0].translation.text,
            "2m2m2m5m6m7m3p3p4p5p (5s6s7s) 3p tsumo"
        );
        assert_eq!(kept[0].range, 0..text.len());
    }

    #[test]
    fn mahgen_code_spans() {
        let cfg = DialectConfig::default();
        let text = "0z11p0z";
        assert!(code_span(text, 0..7, &cfg).is_some());
        assert!(code_span("123m456p", 0..8, &cfg).is_none());
        assert!(code_span("11128z", 0..6, &cfg).is_none());
        assert!(code_span("1m|_123p", 0..8, &cfg).is_some());
    }
}
