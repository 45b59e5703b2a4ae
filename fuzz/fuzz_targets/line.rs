//! One line through the whole engine: the parser, the validator, the
//! scorer or the shanten analysis (`analyze_text`, and `analyze_in` as an
//! inline code span), and the formatter.
//! Properties: no panic; formatting is idempotent and keeps the line's
//! meaning (same kind of line, same outcome).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_core::format::{format_line, FormatOptions, HonorStyle};
use tenpai_core::score::Rules;
use tenpai_doc::document::{analyze_in, analyze_text, Context};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    // One line, as the document layer hands them over.
    if line.contains(['\n', '\r']) || line.len() > 4096 {
        return;
    }
    let rules = Rules::tenhou();
    let before = analyze_text(line, &rules);
    analyze_in(line, &rules, Context::Inline);
    for honors in [HonorStyle::Digits, HonorStyle::Letters] {
        let options = FormatOptions { honors };
        let Some(formatted) = format_line(line, &options) else {
            continue;
        };
        assert_eq!(
            format_line(&formatted, &options).as_deref(),
            Some(formatted.as_str()),
            "not idempotent: {line:?} -> {formatted:?}"
        );
        let after = analyze_text(&formatted, &rules);
        assert_eq!(before.is_hand(), after.is_hand(), "{line:?} -> {formatted:?}");
        assert_eq!(
            format!("{:?}", before.outcome),
            format!("{:?}", after.outcome),
            "meaning changed: {line:?} -> {formatted:?}"
        );
    }
});
