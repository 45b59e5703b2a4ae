//! Writes a large seeded document for measuring `tenpai check`, `check
//! --fix` and `fmt` on huge input (docs/reliability.md): distinct random
//! hand lines (complete hands of 14 tiles, made distinct by `honba=`,
//! `sticks=` and `dora=`), one in ten with a repeated word for `--fix` to remove and
//! one in ten with its tiles unsorted for `fmt` to sort.
//!
//! ```text
//! cargo run --release -p tenpai --example big_document -- OUT.mj|OUT.md [MEGABYTES] [SEED]
//! ```
//!
//! A `.md` file is an article: headings, prose with inline hands, lists,
//! quotes and fences of ten hand lines (blank lines inside some of them).

use std::io::{BufWriter, Write};

use tenpai::tile::{to_compact, Tile, KINDS};

/// A complete hand (four random groups and a pair, at most four of a
/// tile), written sorted (`fmt` leaves it) or, one time in ten, group by
/// group (`fmt` sorts it).
fn tiles(rng: &mut fastrand::Rng) -> String {
    let hand = loop {
        let mut hand = Vec::with_capacity(14);
        for _ in 0..4 {
            if rng.usize(..3) == 0 {
                let kind = rng.usize(..KINDS);
                hand.extend([kind, kind, kind]);
            } else {
                let start = rng.usize(..3) * 9 + rng.usize(..7);
                hand.extend([start, start + 1, start + 2]);
            }
        }
        let pair = rng.usize(..KINDS);
        hand.extend([pair, pair]);
        let mut counts = [0u8; KINDS];
        hand.iter().for_each(|&kind| counts[kind] += 1);
        if counts.iter().all(|&count| count <= 4) {
            break hand;
        }
    };
    let word = |kinds: &[usize]| {
        let tiles: Vec<Tile> = kinds.iter().filter_map(|&i| Tile::from_index(i)).collect();
        to_compact(&tiles)
    };
    if rng.usize(..10) == 0 {
        hand.chunks(3).map(word).collect::<Vec<_>>().join("")
    } else {
        let mut sorted = hand;
        sorted.sort_unstable();
        word(&sorted)
    }
}

/// A hand line, distinct from every other by its `honba=`, `sticks=` and
/// (past a million lines) `dora=` (each option takes 0 to 999).
fn hand_line(rng: &mut fastrand::Rng, n: u64) -> String {
    let repeated = if rng.usize(..10) == 0 { " tsumo" } else { "" };
    let dora = match n / 1_000_000 {
        0 => String::new(),
        k => {
            let tiles: Vec<Tile> = Tile::from_index((k as usize - 1) % KINDS)
                .into_iter()
                .collect();
            format!(" dora={}", to_compact(&tiles))
        }
    };
    format!(
        "{} tsumo{repeated} honba={} sticks={}{dora}",
        tiles(rng),
        n % 1000,
        n / 1000 % 1000,
    )
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: big_document OUT.mj|OUT.md [MEGABYTES] [SEED]");
        std::process::exit(2);
    };
    let megabytes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0x7E4_9A1);
    let target = megabytes * 1_000_000;
    let markdown = path.ends_with(".md");
    let mut out = BufWriter::new(std::fs::File::create(&path)?);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut written = 0u64;
    let mut n = 0u64;
    let mut lines = 0u64;
    while written < target {
        let block = if markdown {
            let mut block = String::new();
            match rng.usize(..6) {
                0 => block.push_str(&format!("## Hand {n}\n\n")),
                1 => {
                    block.push_str(&format!(
                        "A hand: `{}`, then more prose.\n",
                        hand_line(&mut rng, n)
                    ));
                    n += 1;
                }
                2 => {
                    block.push_str(&format!("- item `{}`\n", hand_line(&mut rng, n)));
                    n += 1;
                    block.push_str(&format!("- another `{}`\n", hand_line(&mut rng, n)));
                    n += 1;
                }
                3 => {
                    block.push_str(&format!("> quoted `{}`\n", hand_line(&mut rng, n)));
                    n += 1;
                }
                _ => {
                    block.push_str("```mj\n");
                    for i in 0..10 {
                        if i == 5 && rng.usize(..2) == 0 {
                            block.push('\n');
                        }
                        block.push_str(&hand_line(&mut rng, n));
                        block.push('\n');
                        n += 1;
                    }
                    block.push_str("```\n");
                }
            }
            block.push('\n');
            block
        } else {
            n += 1;
            format!("{}\n", hand_line(&mut rng, n))
        };
        lines += block.matches('\n').count() as u64;
        written += block.len() as u64;
        out.write_all(block.as_bytes())?;
    }
    out.flush()?;
    eprintln!("{path}: {written} bytes, {lines} lines, {n} hands");
    Ok(())
}
