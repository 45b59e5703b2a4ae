//! Generates the shanten lookup tables (see `src/shanten/gen.rs`) into
//! `OUT_DIR`: for suits and for honors, one byte per configuration
//! (in rank order) naming a distance vector (there are only 130), then the distinct
//! vectors, 10 bytes each; the class of every two vectors combined, and the
//! draws of every two classes (see `table.rs`). Also the scorer's per-suit
//! decomposition table (see `src/score/suit_gen.rs`), as Rust source.

use std::collections::HashMap;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/shanten/gen.rs"]
mod shanten_gen;

#[allow(dead_code)]
#[path = "src/score/suit_gen.rs"]
mod suit_gen;

/// The scorer's table: every suit count that splits into sets (and a
/// pair), its splits, as two `static` arrays read by `score/table.rs`.
fn write_score_table(out: &std::path::Path) {
    use std::fmt::Write;
    let (slots, splits) = suit_gen::generate();
    let mut text = String::new();
    let mut array = |name: &str, values: &[u64]| {
        let _ = writeln!(text, "static {name}: [u64; {}] = [", values.len());
        for chunk in values.chunks(16) {
            for v in chunk {
                let _ = write!(text, "{v:#x},");
            }
            text.push('\n');
        }
        text.push_str("];\n");
    };
    array("SUIT_SLOTS", &slots);
    // Padded with empty splits, never read, so that a slot's range is
    // within the array by its fields' widths alone (no bounds check).
    let mut padded = splits;
    assert!(padded.len() <= suit_gen::FIRST_LIMIT, "the splits fit");
    padded.resize(suit_gen::SPLITS_LEN, 0);
    array("SUIT_SPLITS", &padded);
    std::fs::write(out.join("score_suit_table.rs"), text).expect("write table");
}

fn main() {
    println!("cargo:rerun-if-changed=src/shanten/gen.rs");
    println!("cargo:rerun-if-changed=src/score/suit_gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    write_score_table(&out);

    // Suits by tile count first (the entries a hand looks up most sit
    // together), the honors in lexicographic order.
    let suits = shanten_gen::generate(9, true, shanten_gen::rank_by_sum);
    let honors = shanten_gen::generate(7, false, |counts| {
        shanten_gen::rank(&shanten_gen::RANK7, counts)
    });
    assert_eq!(suits.len(), shanten_gen::SUIT_CONFIGS);
    assert_eq!(honors.len(), shanten_gen::HONOR_CONFIGS);

    let mut ids: HashMap<shanten_gen::Dist, u8> = HashMap::new();
    let mut vectors: Vec<u8> = Vec::new();
    let mut index = |all: &[shanten_gen::Dist]| -> Vec<u8> {
        let mut bytes = Vec::with_capacity(all.len());
        for d in all {
            let next = ids.len();
            let id = *ids.entry(*d).or_insert_with(|| {
                vectors.extend_from_slice(d);
                u8::try_from(next).expect("fewer than 256 distinct vectors")
            });
            bytes.push(id);
        }
        bytes
    };
    let suit_bytes = index(&suits);
    let honor_bytes = index(&honors);
    // A group without sequences (the honors; a three-player man suit, 1m
    // and 9m) depends only on how many of its kinds hold 1, 2, 3 and 4
    // tiles: its id by that shape, keyed as `gen::shape_key` keys it.
    let mut honor_shape = vec![0u8; shanten_gen::SHAPE_KEYS];
    for (key, slot) in honor_shape.iter_mut().enumerate() {
        if let Some(counts) = shanten_gen::shape_counts(key) {
            *slot = honor_bytes[shanten_gen::rank(&shanten_gen::RANK7, &counts)];
        }
    }
    std::fs::write(out.join("shanten_honor_shape.bin"), honor_shape).expect("write table");
    std::fs::write(out.join("shanten_suit.bin"), suit_bytes).expect("write table");
    std::fs::write(out.join("shanten_honor.bin"), &honor_bytes).expect("write table");
    // Two groups combined: the distinct combined vectors ("classes", fewer
    // than 256: two groups' distances only take a few shapes), the class of
    // every two vectors, and for each number of melds a hand needs the
    // draws of every two complementary classes. A whole hand is then two
    // class lookups and one finish lookup.
    let n = vectors.len() / 10;
    let dist = |i: usize| -> shanten_gen::Dist {
        vectors[i * 10..i * 10 + 10].try_into().expect("10 bytes")
    };
    let mut class_ids: HashMap<shanten_gen::Dist, u8> = HashMap::new();
    let mut class_dists: Vec<shanten_gen::Dist> = Vec::new();
    let mut pair_class = Vec::with_capacity(n * n);
    for a in 0..n {
        for b in 0..n {
            let merged = shanten_gen::merge(&dist(a), &dist(b));
            let next = class_ids.len();
            let class = *class_ids.entry(merged).or_insert_with(|| {
                class_dists.push(merged);
                u8::try_from(next).expect("fewer than 256 classes")
            });
            pair_class.push(class);
        }
    }
    // Last, a class that nothing reaches (every distance `INF`): it stands
    // for a draw that cannot be made, and finishes at `u8::MAX` with any.
    class_dists.push([u8::MAX; 10]);
    assert!(class_dists.len() <= 256, "classes fit a byte");
    let classes = class_dists.len();
    let mut finish = Vec::with_capacity((shanten_gen::MAX_MELDS + 1) * classes * classes);
    for need in 0..=shanten_gen::MAX_MELDS {
        for left in &class_dists {
            for right in &class_dists {
                finish.push(shanten_gen::finish(left, right, need));
            }
        }
    }
    let class_bytes: Vec<u8> = class_dists.iter().flatten().copied().collect();
    // A three-player man suit (1m and 9m alone, each held 0-4 times) is a
    // group without sequences, priced as two honors are; combined with a
    // pin suit of any id, its class in one lookup: `(5 * ones + nines) * n
    // + pin id`.
    let mut man3_class = Vec::with_capacity(25 * n);
    for ones in 0..=4u8 {
        for nines in 0..=4u8 {
            let man = honor_bytes
                [shanten_gen::rank(&shanten_gen::RANK7, &[ones, nines, 0, 0, 0, 0, 0])]
                as usize;
            man3_class.extend_from_slice(&pair_class[man * n..man * n + n]);
        }
    }
    std::fs::write(out.join("shanten_man3_class.bin"), man3_class).expect("write table");
    std::fs::write(out.join("shanten_dist.bin"), &vectors).expect("write table");
    std::fs::write(out.join("shanten_pair_class.bin"), pair_class).expect("write table");
    std::fs::write(out.join("shanten_class_dist.bin"), class_bytes).expect("write table");
    std::fs::write(out.join("shanten_finish.bin"), finish).expect("write table");
}
