//! The article's check at one of the two commits, for a profiler: `profile
//! before N` or `profile now N` runs `check` of the 5 MB article (the
//! bench's) N times. Under callgrind (profile.sh) it gives the
//! instructions each version executes, which the load of a shared machine
//! does not change, as it changes times.

/// The generator of `crates/tenpai/benches/document.rs`, copied beside
/// this file by run.sh.
mod documents;

const ARTICLE: &str = include_str!("article.md");
const TARGET: usize = 5 * 1024 * 1024;

fn check_before(text: &str) -> usize {
    use doc_before::document::{file_diagnostics, Analyzer, DocKind};
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &core_before::score::Rules::tenhou());
    file_diagnostics(&lines).len()
}

fn check_now(text: &str) -> usize {
    use doc_now::document::{file_diagnostics, Analyzer, DocKind};
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &core_now::score::Rules::tenhou());
    file_diagnostics(&lines).len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let check: fn(&str) -> usize = match which.as_str() {
        "before" => check_before,
        "now" => check_now,
        _ => {
            eprintln!("usage: profile before|now [TIMES]");
            std::process::exit(2);
        }
    };
    let article = documents::repeated_article(ARTICLE, TARGET);
    let mut found = 0;
    for _ in 0..times {
        found = check(&article);
    }
    println!("{which}: {found} diagnostics");
}
