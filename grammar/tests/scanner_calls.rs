//! Where the parser asks the external scanner for a token: wherever any of
//! its tokens is valid, before the generated lexer, and a call that finds
//! nothing is paid for all the same. The grammar keeps the scanner's tokens
//! out of the places that do not need them; these tests read the parser's
//! log (`lex_external` and `lex_internal`, with the column) to check that
//! they stay out.

mod support;

use std::sync::{Arc, Mutex};

use tree_sitter::LogType;

/// The columns of line 0 where the parser asked the scanner
/// (`lex_external`), and those where it asked the generated lexer
/// (`lex_internal`).
fn lexer_calls(text: &str) -> (Vec<u32>, Vec<u32>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    let mut parser = support::parser();
    parser.set_logger(Some(Box::new(move |kind, message| {
        if kind == LogType::Parse && message.starts_with("lex_") {
            if let Ok(mut events) = sink.lock() {
                events.push(message.to_string());
            }
        }
    })));
    let tree = parser.parse(text, None).expect("a tree");
    assert!(
        !tree.root_node().has_error(),
        "{}",
        tree.root_node().to_sexp()
    );
    parser.set_logger(None);
    let events = events
        .lock()
        .map(|events| events.clone())
        .unwrap_or_default();
    let column = |event: &String| -> Option<u32> {
        event.contains("row:0,").then_some(())?;
        event.rsplit("column:").next()?.trim().parse().ok()
    };
    let columns = |prefix: &str| -> Vec<u32> {
        events
            .iter()
            .filter(|event| event.starts_with(prefix))
            .filter_map(column)
            .collect()
    };
    (columns("lex_external"), columns("lex_internal"))
}

#[test]
fn the_equals_sign_after_a_key_is_the_generated_lexer_s_alone() {
    // `dora` at column 5, its `=` at 9, the value at 10.
    let (external, internal) = lexer_calls("123m dora=1m riichi");
    assert!(
        external.contains(&4),
        "the key is the scanner's: {external:?}"
    );
    assert!(internal.contains(&9), "the `=` is lexed: {internal:?}");
    assert!(
        !external.contains(&9),
        "the scanner was asked at the `=`: {external:?}"
    );
    assert!(
        external.contains(&10),
        "the value is the scanner's: {external:?}"
    );
}

#[test]
fn a_key_before_a_claim_is_a_flag() {
    // `riichi=>`: the `=` starts the claim, so `riichi` is a flag (no
    // `=` child), and the scanner is asked after it as after any flag.
    let tree = support::parse("123m riichi=> 7700\n");
    let sexp = tree.root_node().to_sexp();
    assert!(
        sexp.contains("option: (option key: (option_key)) claim: (claim"),
        "{sexp}"
    );
    let with_value = support::parse("123m win=5p=> 7700\n");
    let sexp = with_value.root_node().to_sexp();
    assert!(
        sexp.contains("(option key: (option_key) value: (option_value)) claim: (claim"),
        "{sexp}"
    );
}
