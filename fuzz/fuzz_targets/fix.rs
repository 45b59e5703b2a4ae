//! `check --fix` over a document. Properties: no panic; a safe fix never
//! loses a word the user wrote that no fix names (an unknown option stays,
//! with its error); no fix, safe or not, makes a hand line stop being one;
//! safe fixes reach a fixed point; fixing in the pieces the CLI cuts a
//! large file into (`document::chunks`, here as small as they can be)
//! gives the text and the count of fixes of fixing the whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_core::code::Code;
use tenpai_core::score::Rules;
use tenpai_doc::document::chunks::chunks;
use tenpai_doc::document::fix::{fix_document, FixLevel};
use tenpai_doc::document::{file_diagnostics, Analyzer, DocKind};

fn hand_lines(text: &str, kind: DocKind) -> usize {
    Analyzer::new()
        .analyze(text, kind, &Rules::tenhou())
        .iter()
        .filter(|l| l.analysis.is_hand())
        .count()
}

/// `text` fixed piece by piece, as `check --fix` fixes a large file: each
/// piece under the rules the fixed pieces before it left.
fn fixed_in_pieces(text: &str, kind: DocKind, rules: &Rules, level: FixLevel) -> (String, usize) {
    let mut analyzer = Analyzer::new();
    let mut rules = rules.clone();
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    for range in chunks(text, kind, 1, analyzer.dialects()) {
        let (fixed, applied) = fix_document(&text[range], kind, &rules, &mut analyzer, level);
        for line in analyzer.analyze(&fixed, kind, &rules) {
            if let (true, Some(after)) = (line.origin.allows_rules(), &line.analysis.rules_after) {
                rules = after.clone();
            }
        }
        out.push_str(&fixed);
        count += applied;
    }
    (out, count)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rules = Rules::tenhou();
    for kind in [DocKind::Mj, DocKind::Markdown] {
        let mut analyzer = Analyzer::new();
        let lines = analyzer.analyze(text, kind, &rules);
        let unknown: Vec<&str> = file_diagnostics(&lines)
            .iter()
            .filter(|d| d.code == Code::UnknownOption && d.fixes.iter().all(|f| !f.safe))
            .filter_map(|d| text.get(d.range.clone()))
            .collect();
        let hands = hand_lines(text, kind);
        let (safe, safe_count) = fix_document(text, kind, &rules, &mut analyzer, FixLevel::Safe);
        assert_eq!(
            fixed_in_pieces(text, kind, &rules, FixLevel::Safe),
            (safe.clone(), safe_count),
            "fixed in pieces: {text:?}"
        );
        for word in &unknown {
            assert!(
                safe.matches(word).count() >= unknown.iter().filter(|w| *w == word).count(),
                "a safe fix lost {word:?}: {text:?} -> {safe:?}"
            );
        }
        assert!(hand_lines(&safe, kind) >= hands, "{text:?} -> {safe:?}");
        // A fixed point: fixing the fixed text again ends (no two fixes
        // undo each other for ever).
        let mut current = safe.clone();
        let settled = (0..3).any(|_| {
            let (next, more) = fix_document(&current, kind, &rules, &mut analyzer, FixLevel::Safe);
            current = next;
            more == 0
        });
        assert!(settled, "safe fixes never settle: {text:?} -> {current:?}");
        let (all, _) = fix_document(text, kind, &rules, &mut analyzer, FixLevel::All);
        assert!(hand_lines(&all, kind) >= hands, "{text:?} -> {all:?}");
    }
});
