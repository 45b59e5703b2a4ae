//! Text -> [`Line`]: the recovering parser. Every token and error keeps its
//! byte span; nothing here panics on any input.

use crate::diag::{Code, Diagnostic};
use crate::tile::Wind;

use super::ast::*;
use super::options::{self, ValueKind};
use super::{claim, lex};
use crate::suggest;

/// Byte ranges of the whitespace-separated words of `text[start..end]`.
pub(crate) fn words(
    text: &str,
    start: usize,
    end: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = start;
    std::iter::from_fn(move || {
        let b = text.as_bytes();
        // Skip whitespace.
        while i < end {
            if is_space(b[i]) {
                i += 1;
            } else if b[i] < 0x80 {
                break;
            } else {
                match lex::char_at(text, i) {
                    Some(c) if c.is_whitespace() => i += c.len_utf8(),
                    _ => break,
                }
            }
        }
        if i >= end {
            return None;
        }
        let s = i;
        while i < end {
            i = printable_run(b, i, end);
            if i >= end || is_space(b[i]) {
                break;
            } else if b[i] < 0x80 {
                i += 1;
            } else {
                match lex::char_at(text, i) {
                    Some(c) if c.is_whitespace() => break,
                    Some(c) => i += c.len_utf8(),
                    None => i += 1,
                }
            }
        }
        Some((s, i))
    })
}

/// ASCII whitespace as `char::is_whitespace` has it (tab to carriage return,
/// and space): with the vertical tab, which `u8::is_ascii_whitespace` leaves out.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// The end of the run of printable ASCII (`!` to `~`) at `b[i..end]`: the
/// usual content of a word, so it is skipped eight bytes at a time.
pub(super) fn printable_run(b: &[u8], mut i: usize, end: usize) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let b = b.get(..end).unwrap_or(b);
    while let Some(chunk) = b.get(i..i + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let low = x & LOW7;
        // Per byte, no carries between bytes: the high bit (non-ASCII), the
        // low seven bits equal to 0x7f (DEL) or below 0x21 (space, controls).
        let special = (x | (low + 0x0101_0101_0101_0101) | !(low + 0x5f5f_5f5f_5f5f_5f5f)) & HIGH;
        if special != 0 {
            return i + (special.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i].wrapping_sub(0x21) < 0x5e {
        i += 1;
    }
    i
}

/// Whether a word belongs to the hand: it starts with a digit, a bracket or a
/// tile glyph, or it is made only of letter honors (`eee`, `wwh`).
/// The end of a `rules:` mark written another way (`Rules:`, `RULES:`,
/// `rules :`) at `start`: a line of rules, not of options.
fn misspelled_rules_mark(text: &str, start: usize, end: usize) -> Option<usize> {
    let rest = text.get(start..end)?;
    let name = rest.get(..5).filter(|n| n.eq_ignore_ascii_case("rules"))?;
    let after = rest[name.len()..].trim_start_matches([' ', '\t']);
    after.starts_with(':').then(|| end - after.len() + 1)
}

/// Where the tiles start in a word of letter honors glued before digits,
/// a bracket or a glyph (`e123m`: 1); `None` for any other word.
fn glued_honors(word: &str) -> Option<usize> {
    let b = word.as_bytes();
    let mut i = 0;
    while let Some((_, len)) = b.get(i..).and_then(lex::letter_honor) {
        i += len;
    }
    let rest = word.get(i..)?;
    let tiles_follow = rest.starts_with(|c: char| {
        c.is_ascii_digit() || matches!(c, '(' | '[') || lex::is_glyph_block(c)
    });
    (i > 0 && tiles_follow && is_hand_word(rest)).then_some(i)
}

pub fn is_hand_word(word: &str) -> bool {
    let b = word.as_bytes();
    match b.first() {
        None => false,
        Some(c) if c.is_ascii_digit() || matches!(c, b'(' | b'[' | b')' | b']') => true,
        Some(c) if *c >= 0x80 => word.chars().next().is_some_and(lex::is_glyph_block),
        Some(_) => {
            let mut i = 0;
            while i < b.len() {
                match lex::letter_honor(&b[i..]) {
                    Some((_, len)) => i += len,
                    None => return false,
                }
            }
            true
        }
    }
}

/// Where an option written against a hand word's tiles begins (`riichi` in
/// `22sriichi`, `dora=1m` in `(123m)dora=1m`): right after a suit letter or a
/// closing bracket, a word whose key is an option. No option is made only
/// of letter honors, so a real hand word never matches.
fn glued_option(word: &str) -> Option<usize> {
    let b = word.as_bytes();
    // Not inside an open meld: in `(whdora=1m)` the bracket closes after
    // the would-be option, so it is all one (bad) meld.
    let mut open = false;
    (1..b.len()).find(|&k| {
        match b[k - 1] {
            b'(' | b'[' => open = true,
            b')' | b']' => open = false,
            _ => {}
        }
        !open
            && matches!(b[k - 1], b'm' | b'p' | b's' | b'z' | b'h' | b')' | b']')
            && b[k].is_ascii_lowercase()
            && {
                // The key ends at the next `=` (or the word's end). Keys
                // are short, so the search stops past the longest: searching
                // the whole rest from every start was quadratic in a long
                // word such as `1mmmm…`.
                let window = &b[k..b.len().min(k + options::LONGEST_NAME + 1)];
                let end = match window.iter().position(|&c| c == b'=') {
                    Some(n) => Some(k + n),
                    None if b.len() - k <= options::LONGEST_NAME => Some(b.len()),
                    None => None,
                };
                end.is_some_and(|end| options::lookup(&word[k..end]).is_some())
            }
    })
}

/// The parser that defines the language: it reads every line, recovers from
/// errors and reports them. The fast path (`fast.rs`) answers first for the
/// lines it can read without an error (see [`super::parse_line`]), and must agree with this. Kept out of line,
/// so that the fast path's code stays small and hot.
#[cold]
#[inline(never)]
pub(super) fn recovering(text: &str) -> Line {
    let mut errors = Vec::new();
    let kind = line_kind(text, &mut errors);
    report_nul_bytes(text, &mut errors);
    Line { kind, errors }
}

/// A NUL byte is no character of any notation, nor of the prose of a
/// comment: it comes from a binary file or a broken copy. Wherever it
/// stands (a comment, an option, a claim, a `rules:` line) it is an
/// `unknown-character` error, as the tree-sitter grammar, which has no
/// token for it, marks it with an ERROR. Bytes a hand word already
/// reports are not reported twice. No fix: what was meant is unknown.
fn report_nul_bytes(text: &str, errors: &mut Vec<Diagnostic>) {
    let mut added = false;
    for (at, _) in text.match_indices('\0') {
        let reported = errors
            .iter()
            .any(|d| d.code == Code::UnknownCharacter && d.span.start <= at && at < d.span.end);
        if !reported {
            errors.push(Diagnostic::error(
                Code::UnknownCharacter,
                at..at + 1,
                "a NUL byte, U+0000, is not text: the line comes from a binary file or a broken copy",
            ));
            added = true;
        }
    }
    if added {
        // Diagnostics are kept in span order.
        errors.sort_by_key(|d| d.span.start);
    }
}

fn line_kind(text: &str, errors: &mut Vec<Diagnostic>) -> LineKind {
    let Some((start, _)) = words(text, 0, text.len()).next() else {
        return LineKind::Blank;
    };
    let b = text.as_bytes();
    if b[start] == b'#' {
        return LineKind::Comment;
    }
    let (comment_at, arrow_at) = marks(b, start);
    let content_end = comment_at.unwrap_or(text.len());
    if text[start..].starts_with("rules:") {
        let words = words(text, start + 6, content_end)
            .map(|(s, e)| (text[s..e].to_string(), s..e))
            .collect();
        return LineKind::Rules(RulesLine { words });
    }
    if let Some(mark_end) = misspelled_rules_mark(text, start, content_end) {
        errors.push(
            Diagnostic::error(
                Code::UnknownRule,
                start..mark_end,
                "a rules line starts with 'rules:', in lower case and with the colon attached",
            )
            .with_safe_fix("write 'rules:'", start..mark_end, "rules:"),
        );
        let words = words(text, mark_end, content_end)
            .map(|(s, e)| (text[s..e].to_string(), s..e))
            .collect();
        return LineKind::Rules(RulesLine { words });
    }
    let claim_at = arrow_at;
    let opts_end = claim_at.unwrap_or(content_end);

    let mut hand = HandLine {
        // A hand and its dora indicators, mostly.
        toks: Vec::with_capacity(24),
        hand_toks: 0,
        items: Items::new(),
        hand_span: start..start,
        options: Vec::new(),
        claim: None,
        comment: comment_at.map(|c| c..trim_end(text, c, text.len())),
        recovered: false,
    };
    let mut in_hand = true;
    let mut glued = None;
    let mut spans = words(text, start, opts_end);
    while let Some((s, e)) = glued.take().or_else(|| spans.next()) {
        let word = &text[s..e];
        let tiles = is_hand_word(word);
        if in_hand && tiles {
            let first = hand.items.is_empty() && !hand.recovered;
            let saved = (hand.toks.len(), hand.items.len(), errors.len());
            let mut end = e;
            let mut bad = hand_word(text, s, e, &mut hand, errors);
            // `22sriichi`: an option written against the tiles. Only a word
            // that failed to lex can hold one (every option name has a letter
            // that is no tile), so the usual word pays nothing for the check.
            if let Some(k) = bad.then(|| glued_option(word)).flatten() {
                // Read it again as the tiles, then the option as a word.
                hand.toks.truncate(saved.0);
                hand.items.truncate(saved.1);
                errors.truncate(saved.2);
                end = s + k;
                errors.push(
                    Diagnostic::error(
                        Code::MissingSpace,
                        end..e,
                        format!(
                            "'{}' is written against the tiles: put a space before it",
                            &text[end..e]
                        ),
                    )
                    .with_safe_fix("insert a space", end..end, " "),
                );
                glued = Some((end, e));
                bad = hand_word(text, s, end, &mut hand, errors);
            }
            if first {
                hand.hand_span.start = s;
            }
            hand.hand_span.end = end;
            hand.recovered |= bad;
        } else if tiles {
            errors.push(Diagnostic::error(
                Code::TilesAfterOptions,
                s..e,
                format!("'{word}' looks like tiles, but tiles must come before the options"),
            ));
        } else {
            if in_hand {
                in_hand = false;
                hand.hand_toks = hand.toks.len();
                hand.options.reserve(8);
            }
            if let Some(opt) = option(text, s, e, &mut hand.toks, errors) {
                hand.options.push(opt);
            }
        }
    }
    if in_hand {
        hand.hand_toks = hand.toks.len();
    }
    if let Some(a) = claim_at {
        let cs = a + 2;
        let ce = trim_end(text, cs, content_end);
        let items = claim::items(text, cs, ce, errors);
        let text_start = words(text, cs, ce).next().map_or(ce, |(s, _)| s);
        if text_start >= ce {
            errors.push(Diagnostic::error(
                Code::InvalidClaim,
                a..a + 2,
                "'=>' must be followed by a claim, like => 7700 or => mangan",
            ));
        }
        hand.claim = Some(Claim {
            items,
            span: a..ce.max(a + 2),
            text: text[text_start..ce.max(text_start)].to_string(),
        });
    }
    LineKind::Hand(hand)
}

/// Where the comment (`#`) and the claim (`=>` before the comment) begin
/// in `b[start..]`: one SIMD scan for both, since these bytes are rare.
// Inlined into the fast path, whose every line it reads.
#[inline(always)]
pub(super) fn marks(b: &[u8], start: usize) -> (Option<usize>, Option<usize>) {
    let mut arrow = None;
    for i in memchr::memchr2_iter(b'#', b'>', b.get(start..).unwrap_or_default()) {
        let i = start + i;
        if b[i] == b'#' {
            return (Some(i), arrow);
        }
        if arrow.is_none() && i > start && b[i - 1] == b'=' {
            arrow = Some(i - 1);
        }
    }
    (None, arrow)
}

/// End of `text[start..end]` without trailing whitespace.
pub(super) fn trim_end(text: &str, start: usize, end: usize) -> usize {
    start + text[start..end].trim_end().len()
}

/// Lexes one hand word (groups and melds). Returns whether it had errors.
fn hand_word(
    text: &str,
    s: usize,
    e: usize,
    hand: &mut HandLine,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let b = text.as_bytes();
    let mut bad = false;
    let mut i = s;
    while i < e {
        match b[i] {
            open @ (b'(' | b'[') => {
                let close = if open == b'(' { b')' } else { b']' };
                let stop = (i + 1..e).find(|&j| matches!(b[j], b'(' | b'[' | b')' | b']'));
                match stop {
                    Some(j) if b[j] == close => {
                        let first = hand.toks.len();
                        bad |= lex::tiles(text, i + 1, j, &mut hand.toks, |_, _| {}, errors).0;
                        hand.items.push(HandItem::Meld(MeldTok::new(
                            if open == b'(' {
                                Bracket::Open
                            } else {
                                Bracket::Closed
                            },
                            first..hand.toks.len(),
                            i..j + 1,
                        )));
                        i = j + 1;
                    }
                    Some(j) if matches!(b[j], b')' | b']') => {
                        errors.push(
                            Diagnostic::error(
                                Code::UnclosedMeld,
                                i..j + 1,
                                format!(
                                    "this meld opens with '{}' but closes with '{}'",
                                    open as char, b[j] as char
                                ),
                            )
                            .with_fix(
                                format!("close it with '{}'", close as char),
                                j..j + 1,
                                (close as char).to_string(),
                            ),
                        );
                        bad = true;
                        i = j + 1;
                    }
                    other => {
                        let end = other.unwrap_or(e);
                        let mut diagnostic = Diagnostic::error(
                            Code::UnclosedMeld,
                            i..end,
                            format!("this meld has no closing '{}'", close as char),
                        );
                        if other.is_none() {
                            diagnostic = diagnostic.with_fix(
                                format!("close it with '{}'", close as char),
                                end..end,
                                (close as char).to_string(),
                            );
                        }
                        errors.push(diagnostic);
                        bad = true;
                        i = end;
                    }
                }
            }
            c @ (b')' | b']') => {
                errors.push(Diagnostic::error(
                    Code::UnmatchedBracket,
                    i..i + 1,
                    format!("'{}' closes a meld that was never opened", c as char),
                ));
                bad = true;
                i += 1;
            }
            _ => {
                let items = &mut hand.items;
                let (had_errors, stop) = lex::tiles(
                    text,
                    i,
                    e,
                    &mut hand.toks,
                    |span, tiles| items.push(HandItem::Group(Group::new(tiles, span))),
                    errors,
                );
                bad |= had_errors;
                i = stop;
            }
        }
    }
    bad
}

/// One option word: `riichi` or `key=value`.
fn option(
    text: &str,
    s: usize,
    e: usize,
    toks: &mut Vec<TileTok>,
    errors: &mut Vec<Diagnostic>,
) -> Option<OptionTok> {
    let word = &text[s..e];
    // Words are short: a plain loop beats memchr's set-up.
    let (key, raw) = match word.bytes().position(|c| c == b'=') {
        Some(k) => (&word[..k], Some((s + k + 1, e))),
        None => (word, None),
    };
    let key_span = s..s + key.len();
    if key.is_empty() {
        // `=riichi`, `==`: nothing names the option.
        errors.push(Diagnostic::error(
            Code::UnknownOption,
            s..e,
            format!("'{word}' has no option name before '=': write key=value, like dora=1m"),
        ));
        return None;
    }
    let Some((name, kind, id)) = options::lookup(key) else {
        // `dora:1m`, `seat:s`: a colon written for the `=` of a valued option.
        let colon_key = key
            .split_once(':')
            .filter(|_| raw.is_none())
            .map(|(k, _)| k)
            .filter(|k| options::lookup(k).is_some_and(|(_, kind, _)| kind != ValueKind::Flag));
        if let Some(k) = colon_key {
            let colon = s + k.len();
            let right = key.replacen(':', "=", 1);
            errors.push(
                Diagnostic::error(
                    Code::UnknownOption,
                    key_span,
                    format!("unknown option '{key}': a value follows '=', as in {right}"),
                )
                .with_safe_fix(format!("write {right}"), colon..colon + 1, "="),
            );
            return None;
        }
        // `e123m`, `wh5m`: letter honors glued before digits. A word is
        // tiles when it starts with a digit, a bracket or a glyph, or is
        // only letter honors; this one is neither.
        if let Some(at) = glued_honors(word) {
            let (honors, rest) = word.split_at(at);
            errors.push(
                Diagnostic::error(
                    Code::UnknownOption,
                    s..e,
                    format!("'{word}' is not an option: letter honors written before digits are not read as tiles; write them as a word of their own ({honors} {rest}) or after the digit groups"),
                )
                .with_fix(format!("write '{honors} {rest}'"), s + at..s + at, " "),
            );
            return None;
        }
        let pool = if raw.is_some() {
            options::KEY_NAMES
        } else {
            options::FLAG_NAMES
        };
        let guess = suggest::synonym(key)
            .or_else(|| suggest::closest(key, pool))
            .or_else(|| {
                suggest::closest(
                    key,
                    if raw.is_some() {
                        options::FLAG_NAMES
                    } else {
                        options::KEY_NAMES
                    },
                )
            });
        let diagnostic = match guess {
            Some(g) => Diagnostic::error(
                Code::UnknownOption,
                key_span.clone(),
                format!("unknown option '{key}': did you mean '{g}'?"),
            )
            .with_fix(format!("change to '{g}'"), key_span, g),
            None => Diagnostic::error(
                Code::UnknownOption,
                key_span,
                format!(
                    "unknown option '{}'; the options are {} and {}=...",
                    lex::printable(key),
                    options::FLAG_NAMES.join(", "),
                    options::KEY_NAMES.join("=..., ")
                ),
            ),
        };
        errors.push(diagnostic);
        return None;
    };
    let mut tok = OptionTok::new(id, None, s..e, key_span.end, raw.is_some());
    match (kind, raw) {
        (ValueKind::Flag | ValueKind::FlagOrNumber, None) => tok.value = Some(OptionValue::Flag),
        (ValueKind::Flag, Some(_)) => {
            errors.push(
                Diagnostic::error(
                    Code::UnexpectedValue,
                    s + key.len()..e,
                    format!("'{name}' is a word on its own and takes no value"),
                )
                .with_safe_fix(format!("write '{name}'"), s + key.len()..e, ""),
            );
        }
        (_, None) => errors.push(Diagnostic::error(
            Code::MissingValue,
            key_span,
            format!("'{name}' needs a value: {}", options::example(name)),
        )),
        (_, Some((vs, ve))) if vs == ve => errors.push(Diagnostic::error(
            Code::MissingValue,
            s..e,
            format!("'{name}=' needs a value: {}", options::example(name)),
        )),
        (kind, Some((vs, ve))) => {
            tok.value = value(text, vs, ve, kind, toks);
            if tok.value.is_none() {
                let mut diagnostic = Diagnostic::error(
                    Code::InvalidValue,
                    vs..ve,
                    format!(
                        "'{}' is not a valid value for {name}: it takes {}",
                        &text[vs..ve],
                        options::example(name)
                    ),
                );
                // `dora=1m,3p`: tiles with separators between them.
                let joined: String = text[vs..ve].split([',', '+', '/', ';']).collect();
                if kind == ValueKind::Tiles
                    && joined.len() < ve - vs
                    && value(&joined, 0, joined.len(), kind, &mut Vec::new()).is_some()
                {
                    diagnostic.message = format!(
                        "'{}' is not a valid value for {name}: write the tiles with nothing between them, {name}={joined}",
                        &text[vs..ve]
                    );
                    diagnostic =
                        diagnostic.with_safe_fix(format!("write {name}={joined}"), vs..ve, joined);
                }
                errors.push(diagnostic);
            }
        }
    }
    Some(tok)
}

fn value(
    text: &str,
    vs: usize,
    ve: usize,
    kind: ValueKind,
    toks: &mut Vec<TileTok>,
) -> Option<OptionValue> {
    let raw = &text[vs..ve];
    match kind {
        ValueKind::Flag => Some(OptionValue::Flag),
        // No table counts past a few dozen; a bound keeps payments in range.
        ValueKind::Number | ValueKind::FlagOrNumber => number(raw)
            .filter(|&n| n <= MAX_COUNT)
            .map(OptionValue::Number),
        ValueKind::Wind => Wind::parse(raw).map(OptionValue::Wind),
        ValueKind::Tile | ValueKind::Tiles => {
            let first = toks.len();
            let mut errs = Vec::new();
            let (had_errors, stop) = lex::tiles(text, vs, ve, toks, |_, _| {}, &mut errs);
            // A bracket makes the value invalid.
            let bad = had_errors || stop < ve;
            let value = match (bad, kind, toks.len() - first) {
                (false, ValueKind::Tile, 1) => toks.pop().map(OptionValue::Tile),
                (false, ValueKind::Tiles, n) if n > 0 => {
                    return Some(OptionValue::Tiles(TokRange::new(first..toks.len())))
                }
                _ => None,
            };
            toks.truncate(first);
            value
        }
    }
}

/// The largest `honba=` or `sticks=`.
pub const MAX_COUNT: u32 = 999;

/// A count (`honba=2`): ASCII digits only, within `u32`.
pub(super) fn number(raw: &str) -> Option<u32> {
    if raw.is_empty() {
        return None;
    }
    raw.bytes().try_fold(0u32, |n, c| {
        let digit = c.checked_sub(b'0').filter(|digit| *digit < 10)?;
        n.checked_mul(10)?.checked_add(u32::from(digit))
    })
}

#[cfg(test)]
mod tests {
    use super::printable_run;
    use crate::diag::Code;
    use crate::notation::parse_line;

    /// The line after applying the only diagnostic's first fix.
    fn fixed(text: &str, code: &str) -> String {
        let line = parse_line(text);
        assert_eq!(line.errors.len(), 1, "{text}: {:?}", line.errors);
        let d = &line.errors[0];
        assert_eq!(d.code.as_str(), code, "{text}");
        let fix = d.fixes.first().expect("a fix");
        let mut out = text.to_string();
        out.replace_range(fix.span.clone(), &fix.replacement);
        out
    }

    #[test]
    fn other_spellings_get_one_diagnostic_and_a_fix() {
        let line = parse_line("123m456p789s北北北發發");
        assert_eq!(line.errors.len(), 1);
        assert!(
            line.errors[0].message.contains("write 44466z"),
            "{}",
            line.errors[0].message
        );
        assert_eq!(
            fixed("123m456p789s11z北", "unknown-character"),
            "123m456p789s11z4z"
        );
        let north = parse_line("123m456p789s11z北");
        assert!(
            north.errors[0]
                .message
                .contains("North wind: write 4z or n"),
            "{}",
            north.errors[0].message
        );
        assert_eq!(fixed("123m一萬①②9s", "unknown-character"), "123m1m12p9s");
        assert_eq!(
            fixed("123m456p11222z (789s<)", "unknown-character"),
            "123m456p11222z (789s)"
        );
        assert_eq!(
            fixed("123m|456p789s11222z", "unknown-character"),
            "123m 456p789s11222z"
        );
        let x = parse_line("19p19s19m1234567Xz");
        assert!(
            x.errors.iter().any(|d| d.message.contains("unknown tile")),
            "{:?}",
            x.errors
        );
    }

    #[test]
    fn glued_options_are_found_in_linear_time() {
        // Every `m` followed by a letter was a start whose key was searched
        // for to the word's end: this took minutes.
        let long = format!("1{}", "m".repeat(1 << 18));
        assert!(!parse_line(&long).errors.is_empty());
        for (line, option) in [
            (format!("{long}double-riichi"), "double-riichi"),
            (format!("{long}dora=1m"), "dora=1m"),
            (format!("{long}discard={long}"), "discard="),
        ] {
            let errors = parse_line(&line).errors;
            let glued = errors.iter().find(|d| d.code == Code::MissingSpace);
            assert!(
                glued.is_some_and(|d| line[d.span.clone()].starts_with(option)),
                "{option}"
            );
        }
    }

    #[test]
    fn typos_around_options_have_fixes_that_parse() {
        for (wrong, code, right) in [
            (
                "234m567p22s345678sriichi tsumo",
                "missing-space",
                "234m567p22s345678s riichi tsumo",
            ),
            (
                "123m456p789s22z(111z)dora=1m",
                "missing-space",
                "123m456p789s22z(111z) dora=1m",
            ),
            (
                "234m567p22s345678s dora:1m",
                "unknown-option",
                "234m567p22s345678s dora=1m",
            ),
            (
                "234m567p22s345678s seat:s",
                "unknown-option",
                "234m567p22s345678s seat=s",
            ),
            (
                "234m567p22s345678s dora=1m,3p",
                "invalid-value",
                "234m567p22s345678s dora=1m3p",
            ),
            (
                "234m567p22s345678s dora=1m+3p+4z",
                "invalid-value",
                "234m567p22s345678s dora=1m3p4z",
            ),
        ] {
            let got = fixed(wrong, code);
            assert_eq!(got, right);
            assert!(parse_line(&got).errors.is_empty(), "{got}");
        }
        // Words that only look close keep the plain messages, with no fix.
        let line = parse_line("234m567p22s345678s riichi:yes dora=1m,x");
        assert_eq!(line.errors.len(), 2);
        assert!(
            line.errors.iter().all(|d| d.fixes.is_empty()),
            "{:?}",
            line.errors
        );
        // A hand word that ends in letter honors is not split.
        assert!(parse_line("123m456p789s11zwhwh").errors.is_empty());
        // A word that begins with '=' names no option: the whole word is marked.
        let line = parse_line("123m456p789s11222z =riichi");
        assert_eq!(line.errors.len(), 1);
        assert_eq!(
            (line.errors[0].code, line.errors[0].span.clone()),
            (Code::UnknownOption, 19..26)
        );
        // Nor is a meld whose bracket closes after the would-be option.
        let line = parse_line("(whdora=1m)");
        assert!(
            line.errors.iter().all(|d| d.code != Code::MissingSpace),
            "{:?}",
            line.errors
        );
    }

    #[test]
    fn words_split_at_every_unicode_space() {
        let naive = |t: &str| -> Vec<String> {
            t.split(char::is_whitespace)
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        let spaces = (0..=0x3000u32)
            .filter_map(char::from_u32)
            .filter(|c| c.is_whitespace());
        for sp in spaces.chain(['\u{feff}', '\u{200b}']) {
            let t = format!("123m{sp}ron{sp}{sp}dora=1m{sp}");
            let got: Vec<String> = super::words(&t, 0, t.len())
                .map(|(a, b)| t[a..b].to_string())
                .collect();
            assert_eq!(got, naive(&t), "U+{:04X}", sp as u32);
        }
        assert!(parse_line("123m456p789s1122z\u{b}ron").errors.is_empty());
    }

    #[test]
    fn printable_runs_stop_at_the_first_other_byte() {
        let naive = |b: &[u8], i: usize, end: usize| {
            (i..end)
                .find(|&j| !(0x21..=0x7e).contains(&b[j]))
                .unwrap_or(end)
        };
        // Every byte value at every position of a 20-byte run, so that each
        // lands in the word-at-a-time part and in the tail.
        for stop in 0..=255u8 {
            for at in 0..20 {
                let mut b = vec![b'5'; 20];
                b[at] = stop;
                for start in [0, 3, 9] {
                    for end in [20, 17, 11] {
                        if start <= end {
                            assert_eq!(
                                printable_run(&b, start, end),
                                naive(&b, start, end),
                                "byte {stop:#x} at {at}, {start}..{end}"
                            );
                        }
                    }
                }
            }
        }
    }
}
