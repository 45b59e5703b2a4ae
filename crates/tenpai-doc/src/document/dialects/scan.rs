//! Where the dialects are looked for in a Markdown document: prose (and
//! HTML) between code, fences by their info string, inline code spans.
//! What each reader found is kept when it overlaps nothing found before
//! it; markup (shortcodes, components, images, links) goes first, glyph
//! runs next, plain mpsz runs last.

use std::ops::Range;
use std::sync::Arc;

use super::images::ImageMap;
use super::{
    glyphs, hugo, images, mahc, mahgen, mdc, mpsz, pymdownx, stated, tools, Builder, Dialect, Form,
    RawTile, Role, Translation,
};

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
                let found = s.find_in(text, aho_corasick::Span::from(span))?;
                (found.start(), found.pattern())
            }
            Engine::Automaton(s) => {
                let found = s.find(aho_corasick::Input::new(text).span(span))?;
                (found.start(), found.pattern())
            }
        };
        Some((at, *self.kinds.get(pattern.as_usize())?))
    }
}

/// What the search over prose found, before the readers that pair things
/// up (stated waits, drawn tiles, image runs) go over it.
#[derive(Default)]
struct Marks {
    shortcodes: Vec<Mark>,
    components: Vec<Mark>,
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
    let bytes = slice.as_bytes();
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
            let Some((p, trigger)) = searcher.find(bytes, at..range.end) else {
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
                    if bytes.get(p + 1) == Some(&b'{') && cfg.reads(Dialect::Hugo) {
                        if let Some(code) =
                            hugo::shortcode(slice, p, range.end, &|n| cfg.shortcode(n))
                        {
                            marks.shortcodes.push(code.into());
                        }
                    } else if cfg.reads(Dialect::Mdc) {
                        if let Some(c) =
                            mdc::component_before_brace(slice, p, range.start, range.end, &|n| {
                                cfg.component(n)
                            })
                        {
                            marks.components.push(c.into());
                        }
                    }
                }
                Trigger::Angle => {
                    if bytes[p..].starts_with(b"<mah-gen") {
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
                    if bytes[p..].starts_with(b"?q=") && cfg.reads(Dialect::Tenhou) {
                        marks
                            .links
                            .extend(tools::tenhou_link_at(slice, p, range.start));
                    }
                }
                Trigger::Glyph => {
                    if bytes[p..].starts_with(glyphs::GLYPH_START)
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
                    let digits = bytes[range.start..p]
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

/// A piece of markup that writes tiles: a shortcode (its argument) or a
/// component (its `src`).
struct Mark {
    range: Range<usize>,
    tiles: Range<usize>,
}

impl From<hugo::Shortcode> for Mark {
    fn from(code: hugo::Shortcode) -> Mark {
        Mark {
            range: code.range,
            tiles: code.argument,
        }
    }
}

impl From<mdc::Component> for Mark {
    fn from(c: mdc::Component) -> Mark {
        Mark {
            range: c.range,
            tiles: c.src,
        }
    }
}

/// The tiles of a mark of `dialect` (Hugo or MDC).
fn read_mark(text: &str, dialect: Dialect, mark: &Mark) -> Option<Builder> {
    match dialect {
        Dialect::Mdc => mdc::read(text, mark.tiles.clone()),
        _ => hugo::builder(text, mark.tiles.clone()),
    }
}

/// The hands of what the pass over prose found.
fn read_marks(text: &str, marks: Marks, out: &mut Ranked) {
    let from = out.len();
    read_tile_marks(text, Dialect::Hugo, &marks.shortcodes, out);
    read_tile_marks(text, Dialect::Mdc, &marks.components, out);
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
    // What the author states in English after a hand or shape, on its line.
    for (_, found) in &mut out[from..] {
        if let Some(t) = Arc::get_mut(&mut found.translation) {
            if t.tiles > MENTION_TILES && t.role == Role::Written {
                if let Some((items, end)) = stated::in_prose(text, found.range.end) {
                    t.claim(&items);
                    found.range.end = end;
                }
            }
        }
    }
}

/// Tiles of a mention (`:1p:`, `5m`), of which nothing is stated.
const MENTION_TILES: usize = 2;

/// The hands of one markup's marks, in document order: each read alone,
/// or with the mark after it when that states the hand's waits or its
/// drawn tile; and, under a 14-tile hand, the items of a list that count
/// what each discard accepts.
fn read_tile_marks(text: &str, dialect: Dialect, marks: &[Mark], out: &mut Ranked) {
    // Marks an item of a discard list holds are read with it.
    let mut taken = vec![false; marks.len()];
    let mut cursor = 0;
    while cursor < marks.len() {
        let mark = &marks[cursor];
        cursor += 1;
        if taken[cursor - 1] {
            continue;
        }
        let Some(mut builder) = read_mark(text, dialect, mark) else {
            continue;
        };
        let mut end = mark.range.end;
        if let Some(next) = marks.get(cursor).filter(|_| !taken[cursor]) {
            if let Some(joined_end) = join_next(text, dialect, &mut builder, mark, next) {
                end = joined_end;
                cursor += 1;
            }
        }
        let hand_size = builder.hand_size();
        let Some(t) = builder.finish(dialect) else {
            continue;
        };
        push(out, 0, mark.range.start..end, t);
        if hand_size == 14 {
            discards(
                text,
                dialect,
                mark,
                &marks[cursor..],
                &mut taken[cursor..],
                out,
            );
        }
    }
}

/// Joins to the hand in `builder` (written by `mark`) the mark after it
/// when that states something of it: its waits (`→ {{< mj 2s5s >}} 待ち`,
/// a table row's next cell and count), or its drawn tile (`ツモ
/// :mahjong-tiles{src="3p"}`). Returns where the hand then ends.
fn join_next(
    text: &str,
    dialect: Dialect,
    builder: &mut Builder,
    mark: &Mark,
    next: &Mark,
) -> Option<usize> {
    if let Some((arrow, count)) = stated::waits_joined(text, mark.range.end, next.range.clone()) {
        let waits = read_mark(text, dialect, next)?.finish(dialect)?;
        builder.word("=>", arrow);
        builder.word("waits", next.tiles.clone());
        builder.word(&waits.text, next.tiles.clone());
        // The count of tiles left on those waits, a claim too.
        if let Some((count, written)) = count {
            let end = written.end;
            builder.word(&format!("{count} tiles"), written);
            return Some(end);
        }
        return Some(next.range.end);
    }
    // A hand of 13 and its drawn tile after `ツモ`.
    if builder.tile_count() < 13 {
        return None;
    }
    let (word, word_range) = mdc::drawn_after(text, mark.range.end, next.range.start, &next.tiles)?;
    let drawn = read_mark(text, dialect, next)?.finish(dialect)?;
    if drawn.tiles != 1 {
        return None;
    }
    let raw = drawn.text.as_bytes();
    let tile = super::RawTile::new(raw[0].wrapping_sub(b'0'), raw[1])?;
    builder.tile(tile, drawn.source());
    builder.word(word, word_range);
    Some(next.range.end)
}

/// The items of a list under a 14-tile hand (written by `hand`) that count
/// what a discard accepts: each the hand with its `discard=` and the
/// counts as claims. The marks such an item holds are marked `taken`.
fn discards(
    text: &str,
    dialect: Dialect,
    hand: &Mark,
    after: &[Mark],
    taken: &mut [bool],
    out: &mut Ranked,
) {
    // Only the marks of the list are read (lists are short: at most 64 of
    // them): most hands have no list under them, and reading the next 64
    // marks after each made `check` of a document of many hands read every
    // mark 64 times over.
    let list_end = stated::list_end(text, hand.range.end);
    let tiles_of: Vec<stated::MarkTiles> = after
        .iter()
        .take_while(|m| m.range.start < list_end)
        .take(64)
        .map(|m| stated::MarkTiles {
            range: m.range.clone(),
            argument: m.tiles.clone(),
            tiles: read_mark(text, dialect, m)
                .and_then(|b| b.finish(dialect))
                .map(|t| t.text.replace(' ', "")),
        })
        .collect();
    for item in stated::discard_list(text, hand.range.end, &tiles_of) {
        let Some(mut builder) = read_mark(text, dialect, hand) else {
            return;
        };
        builder.word(&format!("discard={}", item.tile.0), item.tile.1.clone());
        let listed = item.accepted.as_ref().and_then(listed_tiles);
        let arrow = listed.as_ref().map_or(&item.counts[0].1, |l| &l.0.range);
        builder.word("=>", arrow.clone());
        if let Some((list, tiles)) = &listed {
            let words = ["accepts", list.tiles.as_str()];
            match Form::of_tiles(&text[list.written.clone()], tiles) {
                Some(form) => {
                    builder.rewritable(&words, list.range.clone(), list.written.clone(), form)
                }
                None => {
                    for word in words {
                        builder.word(word, list.range.clone());
                    }
                }
            }
        }
        for (count, written) in &item.counts {
            // The count's digits, which a fix can rewrite (`16` of `16枚`).
            let digits = text[written.clone()]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            let number = written.start..written.start + digits;
            builder.rewritable(&[count.as_str()], written.clone(), number, Form::Number);
        }
        for k in &item.marks {
            if let Some(t) = taken.get_mut(*k) {
                *t = true;
            }
        }
        if let Some(mut t) = builder.finish(dialect) {
            t.role = Role::Discard;
            push(out, 0, item.range, t);
        }
    }
}

/// The tiles of a list an item states, when they are plain tiles (no
/// melds, no marks of another tool's): a claim `accepts` can state them.
fn listed_tiles(list: &stated::Listed) -> Option<(stated::Listed, Vec<RawTile>)> {
    let (tiles, stop) = super::read_mpsz(&list.tiles, 0, 0);
    (stop == list.tiles.len() && !tiles.is_empty()).then(|| {
        (
            list.clone(),
            tiles.into_iter().map(|(tile, _)| tile).collect(),
        )
    })
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
            if let Some((range, translation)) = pymdownx::read_fence(text, content) {
                push(out, 0, range, translation);
            }
            return;
        }
        Some(Dialect::Mahgen) if cfg.reads(Dialect::Mahgen) => {
            for line in lines {
                let range = trimmed(text, line.clone());
                if range.is_empty() {
                    continue;
                }
                if let Some(translation) = mahgen::read(text, range.clone()) {
                    push(out, 0, range, translation);
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
        let range = trimmed(text, line.clone());
        if range.is_empty() {
            continue;
        }
        // A line of tiles alone, in a fence of plain text: glyphs and
        // kanji. A line wholly in brackets restates the hand above it.
        if plain && cfg.reads(Dialect::Glyphs) {
            let written = &text[range.clone()];
            if written.starts_with('(') && written.ends_with(')') {
                continue;
            }
            if let Some(translation) =
                glyphs::read_line(text, range.clone(), glyphs::Script::GlyphsAndKanji)
            {
                push(out, 0, range, translation);
                continue;
            }
        }
        if cfg.reads(Dialect::Glyphs) {
            for run in glyphs::runs(text, range.clone(), 3) {
                if let Some(translation) =
                    glyphs::read_line(text, run.clone(), glyphs::Script::Glyphs)
                {
                    push(out, 1, run, translation);
                }
            }
        }
        if cfg.reads(Dialect::Tenhou) {
            for (found, translation) in tools::tenhou_links(text, range.clone()) {
                push(out, 0, found, translation);
            }
        }
        if cfg.reads(Dialect::Mpsz) {
            for (found, translation) in mpsz::runs(text, range.clone()) {
                push(out, 2, found, translation);
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

/// Whether a code block of `blocks` reads another one that is not among
/// them (a mahc file of commands whose output block is not found).
pub fn block_awaits_another(text: &str, blocks: &[Vec<Range<usize>>], cfg: &DialectConfig) -> bool {
    if !cfg.reads(Dialect::Mahc) {
        return false;
    }
    let refs: Vec<&[Range<usize>]> = blocks.iter().map(Vec::as_slice).collect();
    mahc::file_awaits_output(text, &refs)
}

/// What an inline code span is to the dialects.
#[derive(Debug)]
pub enum CodeSpan {
    /// A hand in a dialect.
    Dialect(Found),
    /// Another tool's marks with no tile to read (mahgen's `0z` back
    /// alone, `8z9z`): no hand of tenpai's either.
    Foreign,
    /// No dialect's: tenpai's own notation, if anything.
    Own,
}

/// What the inline code span `text[span]` (its content) is to the
/// dialects. Every span is asked (tenpai's own inline hands, option names,
/// `=> 7700`…), so its first byte sends it to the readers that can start
/// with it: `m` (`mj:`, `mg `, `mahgen `, `mahjong-helper `), or a digit,
/// `(`, `[`, `_`, `^`, `v` (riichi-tools-rs, mandel59, mahgen's marks);
/// any other is no dialect's.
pub fn code_span(text: &str, span: Range<usize>, cfg: &DialectConfig) -> CodeSpan {
    let Some(s) = text.get(span.clone()) else {
        return CodeSpan::Own;
    };
    let found = |range: Range<usize>, t: Option<Translation>| match t {
        Some(t) => CodeSpan::Dialect(Found {
            range,
            translation: Arc::new(t),
        }),
        None => CodeSpan::Own,
    };
    match s.as_bytes().first() {
        Some(b'm') => {
            if cfg.reads(Dialect::Pymdownx) && s.starts_with("mj:") {
                return found(span.clone(), pymdownx::inline(text, span));
            }
            if cfg.reads(Dialect::Mahgen) {
                if let Some(seq) = mahgen::inline_sequence(text, span.clone()) {
                    return found(span, mahgen::read(text, seq));
                }
            }
            if cfg.reads(Dialect::MahjongHelper) && s.starts_with("mahjong-helper ") {
                return found(span.clone(), tools::mahjong_helper(text, span));
            }
            CodeSpan::Own
        }
        Some(b'0'..=b'9' | b'(' | b'[' | b'_' | b'^' | b'v') => {
            if cfg.reads(Dialect::RiichiTools) && tools::is_riichi_tools(s) {
                return found(span.clone(), tools::riichi_tools(text, span));
            }
            if cfg.reads(Dialect::Mandel59) && tools::is_bracket_kanji(s) {
                return found(span.clone(), tools::bracket_kanji(text, span));
            }
            if cfg.reads(Dialect::Mahgen) && mahgen_marks(s) {
                return match mahgen::read(text, span.clone()) {
                    Some(t) => found(span, Some(t)),
                    None => CodeSpan::Foreign,
                };
            }
            CodeSpan::Own
        }
        _ => CodeSpan::Own,
    }
}

/// Marks only mahgen gives meaning to: a tile back `0z`, blanks `8z`
/// `9z`, `|` gaps, `_` `^` `v` before a digit.
fn mahgen_marks(s: &str) -> bool {
    let bytes = s.as_bytes();
    if !bytes
        .first()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'_' | b'^' | b'v'))
    {
        return false;
    }
    if !bytes.iter().all(|c| {
        c.is_ascii_digit() || matches!(c, b'm' | b'p' | b's' | b'z' | b'|' | b'_' | b'^' | b'v')
    }) {
        return false;
    }
    bytes
        .windows(2)
        .any(|w| matches!(w, [b'_' | b'^' | b'v' | b'|', d] if d.is_ascii_digit()))
        || zero_eight_nine_z(s)
}

/// `0z`, `8z` or `9z` written as a tile of its own (`0z11p0z`): in a
/// longer run (`11128z`) the digit is a typo in a tenpai hand, reported.
fn zero_eight_nine_z(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut run_start = 0;
    for (i, &c) in bytes.iter().enumerate() {
        if !c.is_ascii_digit() {
            if c == b'z' && i == run_start + 1 && matches!(bytes[run_start], b'0' | b'8' | b'9') {
                return true;
            }
            run_start = i + 1;
        }
    }
    false
}

fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let written = &text[range.clone()];
    let lead = written.len() - written.trim_start().len();
    let start = range.start + lead;
    start..start + written.trim().len()
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

    /// Every reading `prose` finds in the whole of `text`, under the
    /// default dialect settings, before `settle` keeps the best.
    fn found_in_prose(text: &str) -> Ranked {
        let mut found = Ranked::new();
        prose(
            text,
            0..text.len(),
            &[],
            &DialectConfig::default(),
            &mut found,
        );
        found
    }

    #[test]
    fn overlaps_go_to_markup() {
        let text = "{{< mj 3s4s4s4s5s5s5s5z5z5z7z7z7z >}}";
        let out = found_in_prose(text);
        assert_eq!(out.len(), 2);
        let kept = settle(out, &[]);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].translation.dialect, Dialect::Hugo);
    }

    #[test]
    fn stated_waits_are_a_claim() {
        let text = "1. {{< mj 3s4s4s4s5s5s5s5z5z5z7z7z7z >}} → {{< mj 2s3s4s5s >}} 待ち";
        let out = found_in_prose(text);
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
        let out = found_in_prose(text);
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
        let out = found_in_prose(text);
        assert_eq!(settle(out, &[]).len(), 2);
    }

    #[test]
    fn mdc_with_drawn_tile() {
        let text = ":mahjong-tiles{src=\"222567m3345p,56-7s\"} ツモ :mahjong-tiles{src=\"3p\"}";
        let out = found_in_prose(text);
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
        let kind = |s: &str| match code_span(s, 0..s.len(), &cfg) {
            CodeSpan::Dialect(f) => format!("{:?}", f.translation.dialect),
            other => format!("{other:?}"),
        };
        assert_eq!(kind("0z11p0z"), "Mahgen");
        assert_eq!(kind("123m456p"), "Own");
        assert_eq!(kind("11128z"), "Own");
        assert_eq!(kind("1m|_123p"), "Mahgen");
        // Marks with no tile: another tool's, not a typo of tenpai's.
        assert_eq!(kind("0z8z"), "Foreign");
    }

    #[test]
    fn code_spans_by_their_first_byte() {
        let cfg = DialectConfig::default();
        let kind = |s: &str| match code_span(s, 0..s.len(), &cfg) {
            CodeSpan::Dialect(f) => format!("{:?}", f.translation.dialect),
            other => format!("{other:?}"),
        };
        assert_eq!(kind("mj:123m456p"), "Pymdownx");
        assert_eq!(kind("mg 123m0z"), "Mahgen");
        assert_eq!(kind("mahjong-helper 34068m 34s"), "MahjongHelper");
        assert_eq!(kind("456s11133z(456m1)(p1z1)"), "RiichiTools");
        assert_eq!(kind("(p1z1)456s11133z456m"), "RiichiTools");
        assert_eq!(kind("234s5m[2<34p][^東東東]0m"), "Mandel59");
        assert_eq!(kind("^123p"), "Mahgen");
        for own in [
            "tenpai",
            "=> 7700",
            "honba=",
            "mangan",
            "123m 456p 789s 11z 22z",
        ] {
            assert_eq!(kind(own), "Own", "{own}");
        }
    }
}
