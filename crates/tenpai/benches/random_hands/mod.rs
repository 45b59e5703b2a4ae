//! Seeded random hands for the language-server benches: every run sees the
//! same documents.

use tenpai::tile::{Tile, KINDS};

/// A small deterministic generator (xorshift), so every run sees the same
/// document.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn write_tiles(tiles: &mut [usize]) -> String {
    tiles.sort_unstable();
    let ts: Vec<Tile> = tiles.iter().filter_map(|&i| Tile::from_index(i)).collect();
    tenpai::tile::to_compact(&ts)
}

/// Four random groups and a pair, at most four of a tile.
pub fn complete(rng: &mut Rng) -> Vec<usize> {
    loop {
        let mut t = Vec::with_capacity(14);
        for _ in 0..4 {
            if rng.below(3) == 0 {
                let k = rng.below(KINDS);
                t.extend([k, k, k]);
            } else {
                let suit = rng.below(3);
                let n = rng.below(7);
                let k = suit * 9 + n;
                t.extend([k, k + 1, k + 2]);
            }
        }
        let p = rng.below(KINDS);
        t.extend([p, p]);
        let mut counts = [0u8; KINDS];
        t.iter().for_each(|&k| counts[k] += 1);
        if counts.iter().all(|&c| c <= 4) {
            return t;
        }
    }
}

pub fn from_wall(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut wall: Vec<usize> = (0..KINDS * 4).map(|i| i / 4).collect();
    for i in 0..n {
        let j = i + rng.below(wall.len() - i);
        wall.swap(i, j);
    }
    wall.truncate(n);
    wall
}
