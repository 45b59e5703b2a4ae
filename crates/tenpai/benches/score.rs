//! Scoring the 5,000 reference hands: tenpai's engine and the `agari` crate
//! side by side, on the same hands, parsed outside the timed loop.
//!
//! `cargo bench -p tenpai --bench score -- --warm-up-time 1 --measurement-time 3`
//!
//! The result's yaku and fu lists are produced when they are read, so a
//! second row, `tenpai_lists_read`, scores the same hands and reads every
//! list of every result (each yaku with its han, each fu item with its
//! reason, of the best reading and of every other).
//!
//! After criterion's rows, paired rounds time one pass of agari's and as
//! many of tenpai's as take as long, back to back, 200 times, and print
//! the ratio of their summed times: both see the machine in the same
//! moment, which criterion's rows, seconds apart, do not; then the same
//! with one pass of tenpai's against agari's one, which starts cold (see
//! `paired_rounds` and `Passes`).
//!
//! For an instruction count, which the machine's load does not move, the
//! bench binary run with `SCORE_PASSES=N` scores the 5,000 hands N times
//! with tenpai alone, outside criterion (`SCORE_READ=1`: reading every
//! list too): under callgrind, the difference between N=3 and N=1, divided
//! by 10,000, is the instructions of one hand (see `docs/performance.md`).

use std::hint::black_box;

use agari::context::{GameContext, WinType};
use agari::hand::{decompose_hand, decompose_hand_with_melds, HandStructure};
use agari::parse::{parse_hand as agari_parse, parse_hand_with_aka, to_counts, TileCounts};
use agari::scoring::calculate_score;
use agari::tile::Honor;
use agari::yaku::detect_yaku_with_context;
use criterion::{criterion_group, Criterion, Throughput};
use tenpai::hand::{parse_hand, Hand, Riichi, Situation};
use tenpai::score::{self, Rules, Score};
use tenpai::tile::Wind;

const VECTORS: &str = include_str!("../../../tests/vectors/scoring.jsonl");

fn lines() -> Vec<String> {
    VECTORS
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["line"].as_str().map(str::to_string))
        .collect()
}

/// One hand as agari takes it.
struct AgariHand {
    counts: TileCounts,
    all_counts: TileCounts,
    melds: Vec<agari::hand::Meld>,
    context: GameContext,
}

fn honor(w: Wind) -> Honor {
    match w {
        Wind::East => Honor::East,
        Wind::South => Honor::South,
        Wind::West => Honor::West,
        Wind::North => Honor::North,
    }
}

fn agari_tiles(tiles: &[tenpai::tile::Tile]) -> Vec<agari::tile::Tile> {
    tiles
        .iter()
        .filter_map(|t| agari_parse(&t.ascii()).ok()?.into_iter().next())
        .collect()
}

fn to_agari(line: &str, hand: &Hand, sit: &Situation) -> Option<AgariHand> {
    let parsed = parse_hand_with_aka(line.split_whitespace().next()?).ok()?;
    let win = agari_tiles(&[hand.win?]).into_iter().next()?;
    let mut ctx = GameContext::new(
        if sit.tsumo {
            WinType::Tsumo
        } else {
            WinType::Ron
        },
        honor(sit.round),
        honor(sit.seat),
    )
    .with_dora(agari_tiles(&sit.dora))
    .with_ura_dora(agari_tiles(&sit.ura))
    .with_aka(parsed.aka_count)
    .with_winning_tile(win);
    if parsed.called_melds.iter().any(|m| m.meld.is_open()) {
        ctx = ctx.open();
    }
    match sit.riichi {
        Riichi::Double => ctx = ctx.double_riichi(),
        Riichi::Riichi => ctx = ctx.riichi(),
        Riichi::None => {}
    }
    if sit.ippatsu {
        ctx = ctx.ippatsu();
    }
    if sit.last_tile {
        ctx = ctx.last_tile();
    }
    if sit.rinshan {
        ctx = ctx.rinshan();
    }
    if sit.chankan {
        ctx = ctx.chankan();
    }
    if sit.tenhou {
        ctx = ctx.tenhou();
    }
    if sit.chiihou {
        ctx = ctx.chiihou();
    }
    let mut all = parsed.tiles.clone();
    for m in &parsed.called_melds {
        all.extend(&m.tiles);
    }
    Some(AgariHand {
        counts: to_counts(&parsed.tiles),
        all_counts: to_counts(&all),
        melds: parsed.called_melds.iter().map(|m| m.meld.clone()).collect(),
        context: ctx,
    })
}

/// What agari's CLI does for one hand: decompose, score every structure,
/// keep the best.
fn agari_score(h: &AgariHand) -> u32 {
    let structures: Vec<HandStructure> = if h.melds.is_empty() {
        decompose_hand(&h.counts)
    } else {
        decompose_hand_with_melds(&h.counts, &h.melds)
    };
    structures
        .iter()
        .map(|s| {
            let y = detect_yaku_with_context(s, &h.all_counts, &h.context);
            calculate_score(s, &y, &h.context).payment.total
        })
        .max()
        .unwrap_or(0)
}

/// The hands as tenpai takes them, every vector parsed.
fn tenpai_hands(lines: &[String], rules: &Rules) -> Vec<(Hand, Situation)> {
    let ours: Vec<(Hand, Situation)> = lines
        .iter()
        .filter_map(|l| parse_hand(l, rules).ok())
        .collect();
    assert_eq!(ours.len(), lines.len(), "every vector parses");
    ours
}

/// Scores every hand once into one result, as a caller scoring many hands
/// does (`score_into`: the full result of `score`, its lists reused); the
/// sum of the totals keeps the work observable.
fn score_all(hands: &[(Hand, Situation)], rules: &Rules, scored: &mut Score) -> u32 {
    let mut sum = 0u32;
    for (h, s) in hands {
        if score::score_into(black_box(h), black_box(s), rules, scored).is_ok() {
            sum = sum.wrapping_add(black_box(&*scored).points.total);
        }
    }
    sum
}

/// What reading every list of a result costs: each yaku with its han and
/// each fu item with its reason, of the best reading and of every other
/// (the lists are produced on read), folded into a sum so none is skipped.
fn read_lists(scored: &Score) -> u32 {
    let mut sum = 0u32;
    let mut read = |yaku: &score::YakuList, fu: &score::FuList| {
        for entry in yaku {
            sum = sum.wrapping_add(entry.han + entry.yaku as u32);
        }
        for item in fu {
            sum = sum.wrapping_add(item.fu + item.reason.len() as u32);
        }
    };
    read(&scored.yaku, &scored.fu_details);
    for other in &scored.others {
        read(&other.yaku, &other.fu_details);
    }
    sum
}

/// [`score_all`], every list of every result read as well.
fn score_and_read_all(hands: &[(Hand, Situation)], rules: &Rules, scored: &mut Score) -> u32 {
    let mut sum = 0u32;
    for (h, s) in hands {
        if score::score_into(black_box(h), black_box(s), rules, scored).is_ok() {
            let result = black_box(&*scored);
            sum = sum
                .wrapping_add(result.points.total)
                .wrapping_add(read_lists(result));
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let rules = Rules::tenhou();
    let lines = lines();
    let ours = tenpai_hands(&lines, &rules);
    let theirs: Vec<AgariHand> = lines
        .iter()
        .zip(&ours)
        .filter_map(|(l, (h, s))| to_agari(l, h, s))
        .collect();
    assert_eq!(theirs.len(), lines.len(), "every vector converts for agari");

    let mut g = c.benchmark_group("score_5000_hands");
    g.throughput(Throughput::Elements(ours.len() as u64));
    let mut scored = Score::default();
    g.bench_function("tenpai", |b| {
        b.iter(|| score_all(&ours, &rules, &mut scored))
    });
    g.bench_function("tenpai_lists_read", |b| {
        b.iter(|| score_and_read_all(&ours, &rules, &mut scored))
    });
    g.bench_function("agari", |b| b.iter(|| agari_all(&theirs)));
    g.finish();

    let asked_for_timing = !std::env::args().any(|arg| arg == "--test" || arg == "--list");
    if asked_for_timing {
        for passes in [Passes::AsLongAsAgaris, Passes::One] {
            paired_rounds("tenpai", passes, &theirs, || {
                score_all(&ours, &rules, &mut scored)
            });
            paired_rounds("tenpai_lists_read", passes, &theirs, || {
                score_and_read_all(&ours, &rules, &mut scored)
            });
        }
    }
}

fn agari_all(theirs: &[AgariHand]) -> u32 {
    let mut sum = 0u32;
    for h in theirs {
        sum = sum.wrapping_add(agari_score(black_box(h)));
    }
    sum
}

/// How many rounds `paired_rounds` times.
const PAIRED_ROUNDS: usize = 200;

/// How many of tenpai's passes a paired round times against one of agari's.
#[derive(Clone, Copy)]
enum Passes {
    /// As many as take about as long as agari's one (its time over
    /// tenpai's, measured before the rounds): both engines timed over a
    /// stretch of the same length, each starting where the other's left
    /// the caches and the branch predictors, and each mostly in its steady
    /// state, as criterion times them.
    AsLongAsAgaris,
    /// One: tenpai's pass, a twelfth of agari's, starts cold after agari's
    /// and has no time to amortize it.
    One,
}

/// Both engines timed in alternation, batch against batch, and the ratio of
/// their times printed. Criterion's rows are measured one after the other,
/// seconds apart, and this machine's speed changes by up to a half at that
/// scale (another tenant of the host), so the ratio of two rows can be
/// moved by the host. Here each round times agari's pass over the 5,000
/// hands and tenpai's passes (see [`Passes`]) back to back, in alternating
/// order, so both see the machine in the same state; the figure is the sum
/// of agari's times over the sum of tenpai's a pass, with the per-round
/// ratios' lowest tenth and median beside it.
fn paired_rounds(row: &str, passes: Passes, theirs: &[AgariHand], mut ours: impl FnMut() -> u32) {
    let mut time_ours = |count: usize| {
        let start = std::time::Instant::now();
        for _ in 0..count {
            black_box(ours());
        }
        start.elapsed() / count as u32
    };
    let time_theirs = || {
        let start = std::time::Instant::now();
        black_box(agari_all(theirs));
        start.elapsed()
    };
    // Warm-up rounds, whose median ratio sets how many passes of tenpai's
    // take about as long as one of agari's.
    let mut warm_ratios: Vec<f64> = (0..11)
        .map(|_| {
            let ours_time = time_ours(1);
            time_theirs().as_secs_f64() / ours_time.as_secs_f64()
        })
        .collect();
    warm_ratios.sort_by(f64::total_cmp);
    let count = match passes {
        Passes::AsLongAsAgaris => warm_ratios[warm_ratios.len() / 2].round().max(1.0) as usize,
        Passes::One => 1,
    };
    let mut ours_total = std::time::Duration::ZERO;
    let mut theirs_total = std::time::Duration::ZERO;
    let mut ratios = Vec::with_capacity(PAIRED_ROUNDS);
    for round in 0..PAIRED_ROUNDS {
        let (ours_time, theirs_time) = if round % 2 == 0 {
            let ours_time = time_ours(count);
            (ours_time, time_theirs())
        } else {
            let theirs_time = time_theirs();
            (time_ours(count), theirs_time)
        };
        ours_total += ours_time;
        theirs_total += theirs_time;
        ratios.push(theirs_time.as_secs_f64() / ours_time.as_secs_f64());
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "score_5000_hands/paired agari ÷ {row}, {count} pass(es) a round: {:.2}x over \
         {PAIRED_ROUNDS} alternating rounds (tenpai {:.3} ms, agari {:.3} ms a pass; per round: \
         lowest tenth {:.2}x, median {:.2}x)",
        theirs_total.as_secs_f64() / ours_total.as_secs_f64(),
        ours_total.as_secs_f64() * 1e3 / PAIRED_ROUNDS as f64,
        theirs_total.as_secs_f64() * 1e3 / PAIRED_ROUNDS as f64,
        ratios[PAIRED_ROUNDS / 10],
        ratios[PAIRED_ROUNDS / 2],
    );
}

criterion_group!(benches, bench);

fn main() {
    // `SCORE_PASSES=N`: tenpai's scoring alone, N times, for callgrind.
    if let Some(passes) = std::env::var("SCORE_PASSES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        let rules = Rules::tenhou();
        let hands = tenpai_hands(&lines(), &rules);
        // `SCORE_READ=1`: every list of every result read as well.
        let read = std::env::var("SCORE_READ").is_ok_and(|v| v == "1");
        let mut sum = 0u32;
        let mut scored = Score::default();
        for _ in 0..passes {
            let pass = if read {
                score_and_read_all(&hands, &rules, &mut scored)
            } else {
                score_all(&hands, &rules, &mut scored)
            };
            sum = sum.wrapping_add(pass);
        }
        println!("{passes} passes over {} hands: {sum}", hands.len());
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
