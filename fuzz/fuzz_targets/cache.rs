//! The cached document layer: a document analysed after an edit, with the
//! cache of the text before it, equals a fresh analysis of the edited text.
//! The input is split at its first NUL byte into the text before and after.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_core::score::Rules;
use tenpai_doc::document::{file_diagnostics, Analyzer, DocKind};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (before, after) = text.split_once('\0').unwrap_or((text, ""));
    let rules = Rules::tenhou();
    for kind in [DocKind::Mj, DocKind::Markdown] {
        let mut cached = Analyzer::new();
        cached.analyze(before, kind, &rules);
        let warm = cached.analyze(after, kind, &rules);
        let fresh = Analyzer::new().analyze(after, kind, &rules);
        assert_eq!(warm.len(), fresh.len());
        for (w, f) in warm.iter().zip(&fresh) {
            assert_eq!(w.range, f.range);
            assert_eq!(w.origin, f.origin);
        }
        assert_eq!(file_diagnostics(&warm), file_diagnostics(&fresh), "{before:?} -> {after:?}");
    }
});
