//! A whole real game reviewed for all four players: the log read, the
//! review written, and every line of it analysed as the editor does (the
//! discard analysis of every decision, every win scored and its claim
//! checked), with a cold cache: a new analyzer, and the shanten cache of
//! computed groups (those called melds cap) emptied, for each game.
//!
//! cargo bench --bench review -- --warm-up-time 1 --measurement-time 3
//!
//! The game is read at run time from ../shared/real/logs (beside the
//! repository), the longest of the test games.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use tenpai::document::{file_diagnostics, Analyzer, DocKind};
use tenpai::review::{read_log, review, Players, ReviewOptions};
use tenpai::score::Rules;
use tenpai::shanten::forget_computed_groups;

const GAME: &str = "mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog";

fn game_bytes() -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        root.join("../shared/real/logs").join(GAME),
        PathBuf::from("/work/shared/real/logs").join(GAME),
    ];
    let path = candidates
        .iter()
        .find(|path| path.exists())
        .expect("../shared/real/logs beside the repository");
    std::fs::read(path).expect("a readable log")
}

fn bench(c: &mut Criterion) {
    let bytes = game_bytes();
    let options = ReviewOptions {
        players: Players::All,
        round: None,
    };
    let rules = Rules::tenhou();
    let text = review(&read_log(&bytes).expect("a game"), &options)
        .expect("a review")
        .to_text();
    let decisions = text
        .lines()
        .filter(|line| line.contains(" discard="))
        .count();
    eprintln!(
        "review: {} lines, {decisions} decisions",
        text.lines().count()
    );
    let mut group = c.benchmark_group("review");
    group.bench_function("read_and_write_all_players", |b| {
        b.iter(|| {
            let game = read_log(&bytes).expect("a game");
            review(&game, &options).expect("a review").to_text()
        })
    });
    group.bench_function("read_write_and_analyse_every_decision", |b| {
        b.iter(|| {
            // Each game from a cold start: the shanten cache of capped
            // groups (hands with called melds) begins empty.
            forget_computed_groups();
            let game = read_log(&bytes).expect("a game");
            let text = review(&game, &options).expect("a review").to_text();
            let lines = Analyzer::new().analyze(&text, DocKind::Mj, &rules);
            assert!(file_diagnostics(&lines).is_empty());
            lines.len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
