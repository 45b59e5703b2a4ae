//! The integration tests of the `tenpai` package, one module a former test
//! binary: one link and one process, and the harness runs every test of
//! the package in parallel instead of one binary after another. Run a
//! file's tests with its module name, e.g. `cargo test -p tenpai --test it
//! score_vectors::`.

mod check_cli;
mod check_document;
mod common;
mod corpus;
mod corpus_dialects;
mod fmt_cli;
mod json_schema;
mod layers;
mod lsp_dialects;
mod lsp_e2e;
mod lsp_features;
mod lsp_protocol;
mod notation_docs;
mod notation_format;
mod notation_parse;
mod notation_props;
mod notation_vectors;
mod realdocs;
mod reliability_cli;
mod reliability_lsp;
mod render_cli;
mod render_lsp;
mod render_publish;
mod review_cli;
mod review_logs;
mod score_cli;
mod score_fu;
mod score_points;
mod score_props;
mod score_rules;
mod score_sanma;
mod score_variants;
mod score_vectors;
mod score_yaku;
mod shanten_brute;
mod shanten_cases;
mod shanten_cli;
mod shanten_sanma;
mod shanten_vectors;
mod stated_counts;
mod tenhou_wins;

/// Starts the reproducer script of `reliability_lsp`, which then waits 10 s
/// on a server beside the other tests (its test collects the outcome). The
/// harness starts tests in the order of their names, and this name comes
/// before every module's: were it started by its own test, late in that
/// order, the binary would end no sooner than 10 s after that test began.
#[test]
fn a_wait_of_seconds_starts_first() {
    reliability_lsp::start_the_reproducer_script();
}
