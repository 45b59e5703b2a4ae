//! Generates the shanten lookup tables (see `src/shanten/gen.rs`) into
//! `OUT_DIR`: for suits and for honors, one byte per configuration
//! (in rank order) naming a distance vector (there are only a few hundred), then the distinct
//! vectors, 10 bytes each; and every two vectors combined (see `table.rs`).

use std::collections::HashMap;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/shanten/gen.rs"]
mod gen;

fn main() {
    println!("cargo:rerun-if-changed=src/shanten/gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));

    let suits = gen::generate(9, true);
    let honors = gen::generate(7, false);
    assert_eq!(suits.len(), gen::SUIT_CONFIGS);
    assert_eq!(honors.len(), gen::HONOR_CONFIGS);

    let mut ids: HashMap<gen::Dist, u8> = HashMap::new();
    let mut vectors: Vec<u8> = Vec::new();
    let mut index = |all: &[gen::Dist]| -> Vec<u8> {
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
    std::fs::write(out.join("shanten_suit.bin"), suit_bytes).expect("write table");
    std::fs::write(out.join("shanten_honor.bin"), honor_bytes).expect("write table");
    // Every two groups' combined distances, plain and laid out for a hand
    // needing four melds (see gen::reversed), 16 bytes each.
    let n = vectors.len() / 10;
    let dist =
        |i: usize| -> gen::Dist { vectors[i * 10..i * 10 + 10].try_into().expect("10 bytes") };
    let mut pairs = Vec::with_capacity(n * n * 16);
    let mut pairs_rev = Vec::with_capacity(n * n * 16);
    for a in 0..n {
        for b in 0..n {
            let m = gen::merge(&dist(a), &dist(b));
            pairs.extend_from_slice(&m);
            pairs_rev.extend_from_slice(&gen::reversed(&m, 4)[..10]);
        }
    }
    // Entries are read 16 bytes at a time; the last one reads past its 10.
    pairs.extend_from_slice(&[u8::MAX; 6]);
    pairs_rev.extend_from_slice(&[u8::MAX; 6]);
    std::fs::write(out.join("shanten_dist.bin"), &vectors).expect("write table");
    std::fs::write(out.join("shanten_pair.bin"), pairs).expect("write table");
    std::fs::write(out.join("shanten_pair_rev.bin"), pairs_rev).expect("write table");
}
