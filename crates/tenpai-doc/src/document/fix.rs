//! Applying the diagnostics' fixes to a whole document: `tenpai check --fix`
//! and the server's "fix all" action.

use crate::score::Rules;

use crate::notation::{ast::LineKind, parse_line};

use super::format::found_at;
use super::{file_diagnostics, line_at, AnalyzedLine, Analyzer, DocKind, FileDiagnostic, FileFix};

/// Which fixes to apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FixLevel {
    /// Only fixes that write what the line already means ([`FileFix::safe`]).
    Safe,
    /// Also the guesses: each diagnostic's preferred (first) fix.
    All,
}

/// One pass of edits: for each diagnostic, its first fix the level allows,
/// in document order, leaving out any that touches an edit already taken
/// (the next pass, on the edited text, gets another chance at it).
pub fn fix_edits(diags: &[FileDiagnostic], level: FixLevel) -> Vec<FileFix> {
    let mut edits: Vec<FileFix> = diags
        .iter()
        .filter_map(|d| {
            d.fixes
                .iter()
                .find(|f| f.safe || level == FixLevel::All)
                .cloned()
        })
        .collect();
    edits.sort_by_key(|f| (f.range.start, f.range.end));
    let mut taken: Vec<FileFix> = Vec::with_capacity(edits.len());
    for f in edits {
        // Two edits at one place (two insertions, or an insertion at a
        // replaced range's end) would depend on their order: one per pass.
        let clashes = taken
            .last()
            .is_some_and(|t| f.range.start < t.range.end || f.range.start == t.range.start);
        if !clashes {
            taken.push(f);
        }
    }
    taken
}

/// `text` with `edits` (sorted, not overlapping) applied. An edit whose range
/// is not in the text, or not on character boundaries, is left out.
pub fn apply_edits(text: &str, edits: &[FileFix]) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    let mut applied = 0;
    for f in edits {
        let (s, e) = (f.range.start, f.range.end);
        let (Some(before), Some(_)) = (text.get(at..s), text.get(s..e)) else {
            continue;
        };
        out.push_str(before);
        out.push_str(&f.replacement);
        at = e;
        applied += 1;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    (out, applied)
}

/// The most passes [`fix_document`] makes: a fix can bring out another (a
/// claim can be checked once a typo in its hand is gone), and a document
/// whose fixes kept producing new ones must still end.
const MAX_PASSES: usize = 8;

/// Fixes a document: analyses it, applies one pass of edits, and repeats
/// until no fix is left. Returns the new text and how many fixes it applied.
pub fn fix_document(
    text: &str,
    kind: DocKind,
    rules: &Rules,
    analyzer: &mut Analyzer,
    level: FixLevel,
) -> (String, usize) {
    let mut text = text.to_string();
    let mut total = 0;
    for _ in 0..MAX_PASSES {
        let lines = analyzer.analyze(&text, kind, rules);
        let hands = count_hands(&lines);
        let edits = keeping_hands(&text, &lines, fix_edits(&file_diagnostics(&lines), level));
        let document = Document {
            text: &text,
            kind,
            rules,
            hands,
        };
        let kept = document.keeping_its_hands(analyzer, edits);
        let (next, applied) = apply_edits(&text, &kept);
        if applied == 0 || next == text {
            break;
        }
        total += applied;
        text = next;
    }
    (text, total)
}

fn count_hands(lines: &[AnalyzedLine]) -> usize {
    lines.iter().filter(|line| line.analysis.is_hand()).count()
}

/// A document a pass of fixes is about to edit, and how many hand lines it
/// has.
struct Document<'a> {
    text: &'a str,
    kind: DocKind,
    rules: &'a Rules,
    hands: usize,
}

impl Document<'_> {
    /// Of `edits` (each already keeping its own line a hand, by
    /// [`keeping_hands`]), those that together leave the document as many
    /// hand lines as it had. An edit can change how *other* lines read: a
    /// corrected `rules:` word changes the rules of the lines below it, and
    /// in Markdown a character can change what a neighbouring line is (a
    /// closing bracket can make a link of the text around it). The usual
    /// pass loses no hand and costs one more analysis, which the next pass
    /// finds in the analyser's cache; a pass that loses one is split in
    /// halves until the edits that lose hands are found alone and left out,
    /// their diagnostics kept for the author to read.
    fn keeping_its_hands(&self, analyzer: &mut Analyzer, edits: Vec<FileFix>) -> Vec<FileFix> {
        if edits.is_empty() || self.keeps_its_hands(analyzer, &edits) {
            return edits;
        }
        let mut kept = Vec::with_capacity(edits.len());
        self.bisect(analyzer, &mut kept, &edits);
        kept
    }

    /// Whether the text with `edits` applied has at least the hand lines
    /// it has now.
    fn keeps_its_hands(&self, analyzer: &mut Analyzer, edits: &[FileFix]) -> bool {
        let (edited, _) = apply_edits(self.text, edits);
        count_hands(&analyzer.analyze(&edited, self.kind, self.rules)) >= self.hands
    }

    /// Adds to `kept` the edits of `candidates` that, applied with those
    /// already kept, keep the document's hands (the caller knows that all
    /// of `candidates` together do not).
    fn bisect(&self, analyzer: &mut Analyzer, kept: &mut Vec<FileFix>, candidates: &[FileFix]) {
        if candidates.len() <= 1 {
            return;
        }
        let (first, second) = candidates.split_at(candidates.len() / 2);
        for half in [first, second] {
            let mut trial = kept.clone();
            trial.extend_from_slice(half);
            if self.keeps_its_hands(analyzer, &trial) {
                *kept = trial;
            } else {
                self.bisect(analyzer, kept, half);
            }
        }
    }
}

/// The edits that leave every hand line a hand: of the edits in one line
/// (sorted, as [`fix_edits`] gives them), all when the line edited by all
/// of them is still a hand, else the first that keeps it one on its own
/// (the next pass looks at the others again). A fix that would hide a
/// hand from `check` (an inline code span that no longer looks like one),
/// make it read as something else, or leave it no tile is not applied;
/// its diagnostic stays, to be read and fixed by hand.
fn keeping_hands(text: &str, lines: &[AnalyzedLine], edits: Vec<FileFix>) -> Vec<FileFix> {
    let mut kept = Vec::with_capacity(edits.len());
    let mut rest = edits.as_slice();
    while let Some(first) = rest.first() {
        let Some(line) = line_at(lines, first.range.start) else {
            rest = &rest[1..];
            continue;
        };
        let in_line = rest
            .iter()
            .take_while(|e| e.range.end <= line.range.end)
            .count()
            .max(1);
        let (group, after) = rest.split_at(in_line);
        if still_a_hand(text, line, group) {
            kept.extend_from_slice(group);
        } else if let Some(alone) = group
            .iter()
            .find(|e| still_a_hand(text, line, std::slice::from_ref(*e)))
        {
            kept.push(alone.clone());
        }
        rest = after;
    }
    kept
}

/// Whether `line`, with `edits` applied, is still found and read as what it
/// was: a hand with tiles stays a hand with tiles.
fn still_a_hand(text: &str, line: &AnalyzedLine, edits: &[FileFix]) -> bool {
    let Some(before) = text.get(line.range.clone()) else {
        return false;
    };
    let relative: Vec<FileFix> = edits
        .iter()
        .filter(|e| e.range.start >= line.range.start && e.range.end <= line.range.end)
        .map(|e| FileFix {
            range: e.range.start - line.range.start..e.range.end - line.range.start,
            ..e.clone()
        })
        .collect();
    if relative.len() != edits.len() {
        return false;
    }
    // A dialect's hand keeps only fixes that rewrite the author's tiles or
    // counts in the author's own form, inside its markup
    // (`AnalyzedLine::file_fix`): the hand stays as it was found.
    if line.is_dialect() {
        return true;
    }
    let (after, _) = apply_edits(before, &relative);
    if !found_at(&after, line.origin) {
        return false;
    }
    let Some(hand) = line.analysis.hand_line() else {
        return true;
    };
    match parse_line(&after).kind {
        LineKind::Hand(edited) => hand.hand_toks == 0 || edited.hand_toks > 0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(text: &str, level: FixLevel) -> (String, usize) {
        fix_document(
            text,
            DocKind::Mj,
            &Rules::tenhou(),
            &mut Analyzer::new(),
            level,
        )
    }

    #[test]
    fn safe_fixes_apply_and_guesses_wait_for_all() {
        let text = "234m567p22s345678sriichi tsumo => 7700\n\
                    234m567p22s345678s ron dora:1m riichii\n\
                    # a comment, untouched\n";
        let (safe, n) = fixed(text, FixLevel::Safe);
        assert_eq!(
            safe,
            // Dealer (the default seat) riichi tsumo pinfu tanyao: 4 han 20
            // fu, 2600 all, written as the total the claim gave.
            "234m567p22s345678s riichi tsumo => 7800\n\
             234m567p22s345678s ron dora=1m riichii\n\
             # a comment, untouched\n"
        );
        // The space, then the claim of the now readable line; the colon.
        assert_eq!(n, 3);
        let (all, _) = fixed(text, FixLevel::All);
        assert!(all.contains("ron dora=1m riichi\n"), "{all}");
        // Fixing again finds nothing more.
        assert_eq!(fixed(&all, FixLevel::All), (all.clone(), 0));
    }

    #[test]
    fn markdown_fixes_stay_in_the_hand_lines() {
        let text = "Prose with `234m567p22s345678s ron => 7700` inline.\n\n\
                    ```mj\n234m567p22s345678s riichi riichi tsumo\n```\n";
        let (out, n) = fix_document(
            text,
            DocKind::Markdown,
            &Rules::tenhou(),
            &mut Analyzer::new(),
            FixLevel::Safe,
        );
        assert_eq!(n, 2);
        assert_eq!(
            out,
            // Dealer ron, pinfu tanyao: 2 han 30 fu, 2900.
            "Prose with `234m567p22s345678s ron => 2900` inline.\n\n\
             ```mj\n234m567p22s345678s riichi tsumo\n```\n"
        );
    }

    #[test]
    fn edits_that_lose_another_lines_hand_are_left_out() {
        // Three hands in fences. The edit of the prose line between the
        // first two fences makes it `<!-- tenpai-ignore -->`, which hides
        // the hand after it: no line the edit touches is a hand, and only
        // the whole document tells. The other two edits (a word removed from
        // the first and the third hand) lose nothing and stay.
        let text = "```mj\n123m456p789s11222z riichi tsumo\n```\n\nsee below\n\n\
                    ```mj\n123m456p789s11222z ron\n```\n\n\
                    ```mj\n123m456p789s11222z ron\n```\n";
        let rules = Rules::tenhou();
        let mut analyzer = Analyzer::new();
        let hands = count_hands(&analyzer.analyze(text, DocKind::Markdown, &rules));
        assert_eq!(hands, 3);
        let at = |needle: &str, nth: usize| text.match_indices(needle).nth(nth).map(|(at, _)| at);
        let edit = |start: usize, end: usize, replacement: &str| FileFix {
            title: String::new(),
            range: start..end,
            replacement: replacement.to_string(),
            safe: false,
        };
        let riichi = at(" riichi", 0).expect("the first hand's riichi");
        let prose = at("see below", 0).expect("the prose line");
        let last_ron = at(" ron", 1).expect("the last hand's ron");
        let edits = vec![
            edit(riichi, riichi + " riichi".len(), ""),
            edit(prose, prose + "see below".len(), "<!-- tenpai-ignore -->"),
            edit(last_ron, last_ron + " ron".len(), ""),
        ];
        let document = Document {
            text,
            kind: DocKind::Markdown,
            rules: &rules,
            hands,
        };
        assert!(!document.keeps_its_hands(&mut analyzer, &edits));
        let kept = document.keeping_its_hands(&mut analyzer, edits.clone());
        assert_eq!(kept, vec![edits[0].clone(), edits[2].clone()]);
        let (edited, applied) = apply_edits(text, &kept);
        assert_eq!(applied, 2);
        assert_eq!(
            count_hands(&analyzer.analyze(&edited, DocKind::Markdown, &rules)),
            3
        );
    }

    #[test]
    fn clashing_and_out_of_range_edits_are_left_out() {
        let fix = |s: usize, e: usize, r: &str| FileFix {
            title: String::new(),
            range: s..e,
            replacement: r.to_string(),
            safe: true,
        };
        let (out, n) = apply_edits("abcdef", &[fix(1, 2, "X"), fix(4, 4, "-"), fix(9, 12, "?")]);
        assert_eq!((out.as_str(), n), ("aXcd-ef", 2));
        // Not on a character boundary: the glyph is four bytes.
        let (out, n) = apply_edits("🀄x", &[fix(1, 2, "?")]);
        assert_eq!((out.as_str(), n), ("🀄x", 0));
    }

    /// The reproducers of `07-safe-fix-deletes-words.sh`: a removal keeps
    /// the words around it, and their errors stay reported.
    #[test]
    fn safe_fixes_remove_only_the_word_they_name() {
        for (line, expected) in [
            (
                "123m456p789s11222z win=2z reichi win=2z\n",
                "123m456p789s11222z win=2z reichi\n",
            ),
            (
                "123m456p789s1122z reach win=2z\n",
                "123m456p789s1122z reach\n",
            ),
            (
                "123m456p789s11222z seat=s dora=1m abc seat=s\n",
                "123m456p789s11222z seat=s dora=1m abc\n",
            ),
            (
                "123m456p789s1122z rinshan-kaihou discard=2z\n",
                "123m456p789s1122z rinshan-kaihou\n",
            ),
        ] {
            let (out, _) = fixed(line, FixLevel::Safe);
            assert_eq!(out, expected, "{line}");
        }
        // The claim stays the user's: the unknown word still makes the
        // line unreadable, so it is not priced anew.
        let (out, _) = fixed(
            "123m456p789s11222z tsumo xyz tsumo => 1000\n",
            FixLevel::Safe,
        );
        assert_eq!(out, "123m456p789s11222z tsumo xyz => 1000\n");
    }

    /// A fix that would make an inline code span stop looking like a hand
    /// is not applied: its errors would vanish from `check`.
    #[test]
    fn no_fix_hides_an_inline_hand() {
        let text = "The hand `123m456p789s1122z win=2z xyz` waits.\n";
        let mut analyzer = Analyzer::new();
        let rules = Rules::tenhou();
        let (out, n) = fix_document(
            text,
            DocKind::Markdown,
            &rules,
            &mut analyzer,
            FixLevel::All,
        );
        assert_eq!((out.as_str(), n), (text, 0));
        let lines = analyzer.analyze(&out, DocKind::Markdown, &rules);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].analysis.has_errors());
    }

    /// `\x1bra` with the guesses: `ra` becomes `ura`, whose removal (no
    /// riichi) would leave a line with no hand at all.
    #[test]
    fn no_fix_leaves_a_hand_line_without_its_tiles() {
        for text in ["\x1bra\n", "123m ura\n", "1m riichi ippatsu ura\n"] {
            let before = Analyzer::new()
                .analyze(text, DocKind::Mj, &Rules::tenhou())
                .iter()
                .filter(|l| l.analysis.is_hand())
                .count();
            let (out, _) = fixed(text, FixLevel::All);
            let lines = Analyzer::new().analyze(&out, DocKind::Mj, &Rules::tenhou());
            let after: Vec<_> = lines.iter().filter(|l| l.analysis.is_hand()).collect();
            assert_eq!(after.len(), before, "{text:?} became {out:?}");
            assert!(!out.trim().is_empty(), "{text:?} became {out:?}");
        }
    }
}
