//! A whole document (`.mj` and Markdown) through hand extraction and the
//! formatter. Properties: no panic; `fmt` is idempotent and finds as many
//! hand lines after formatting as before (no hand hidden or invented).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_core::format::{FormatOptions, HonorStyle};
use tenpai_doc::document::format::format_document;
use tenpai_doc::document::{find_hand_lines, DocKind};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for kind in [DocKind::Mj, DocKind::Markdown] {
        let hands = find_hand_lines(text, kind).len();
        for honors in [HonorStyle::Digits, HonorStyle::Letters] {
            let options = FormatOptions { honors };
            let once = format_document(text, kind, &options);
            let twice = format_document(&once, kind, &options);
            assert_eq!(once, twice, "not idempotent ({kind:?}, {honors:?})");
            assert_eq!(
                find_hand_lines(&once, kind).len(),
                hands,
                "hand lines found before and after formatting differ ({kind:?}): {once:?}"
            );
        }
    }
});
