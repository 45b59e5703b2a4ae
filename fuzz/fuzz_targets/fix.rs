//! `check --fix` over a document. Properties: no panic; a safe fix never
//! loses a word the user wrote that no fix names (an unknown option stays,
//! with its error); no fix, safe or not, makes a hand line stop being one;
//! safe fixes reach a fixed point.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_core::code::Code;
use tenpai_core::score::Rules;
use tenpai_doc::document::fix::{fix_document, FixLevel};
use tenpai_doc::document::{file_diagnostics, Analyzer, DocKind};

fn hand_lines(text: &str, kind: DocKind) -> usize {
    Analyzer::new()
        .analyze(text, kind, &Rules::tenhou())
        .iter()
        .filter(|l| l.analysis.is_hand())
        .count()
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
        let (safe, _) = fix_document(text, kind, &rules, &mut analyzer, FixLevel::Safe);
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
