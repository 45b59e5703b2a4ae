//! Applying the diagnostics' fixes to a whole document: `tenpai check --fix`
//! and the server's "fix all" action.

use crate::score::Rules;

use super::{file_diagnostics, Analyzer, DocKind, FileDiagnostic, FileFix};

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
        let edits = fix_edits(&file_diagnostics(&lines), level);
        let (next, applied) = apply_edits(&text, &edits);
        if applied == 0 || next == text {
            break;
        }
        total += applied;
        text = next;
    }
    (text, total)
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
}
