//! The generator of the per-suit shanten tables, shared by `build.rs` (which
//! writes the tables into `OUT_DIR`) and the library (which ranks hands to
//! look them up and, for hands with called tiles of the same kind, runs the
//! same dynamic programme directly with lower per-kind caps).
//!
//! For one suit's tile counts `h` the table holds, for every `m` in 0..=4
//! melds and `p` in 0..=1 pairs, the fewest tiles that must be added so that
//! the suit contains `m` melds and `p` pairs, never needing a fifth copy of a
//! tile: `min |S \ h|` over target shapes `S` with every count at most 4.
//! Summed over the suits this is exactly the number of draws a hand needs,
//! which is why waits on a fifth copy never count.
//!
//! This file must stay free of `crate::` paths: `build.rs` includes it.

/// The most tiles a closed hand holds, and so the most in one suit.
pub const MAX_TILES: usize = 14;

/// Marks an impossible state in the dynamic programme.
const INF: u8 = u8::MAX;

/// `d[p * 5 + m]`: draws needed for `m` melds and `p` pairs.
pub type Dist = [u8; 10];

/// Index of `m` melds and `p` pairs in a [`Dist`].
#[inline(always)]
pub const fn at(m: usize, p: usize) -> usize {
    p * 5 + m
}

/// Number of count vectors of `n` kinds (0..=4 each) whose sum is at most `b`.
const fn configs(n: usize, b: usize) -> u32 {
    // ways[s] = vectors of the kinds so far summing to exactly s.
    let mut ways = [0u32; MAX_TILES + 1];
    ways[0] = 1;
    let mut k = 0;
    while k < n {
        let mut next = [0u32; MAX_TILES + 1];
        let mut s = 0;
        while s <= MAX_TILES {
            let mut c = 0;
            while c <= 4 && s + c <= MAX_TILES {
                next[s + c] += ways[s];
                c += 1;
            }
            s += 1;
        }
        ways = next;
        k += 1;
    }
    let mut total = 0;
    let mut s = 0;
    while s <= b {
        total += ways[s];
        s += 1;
    }
    total
}

/// Ranking table: the rank of counts `c` (sum at most 14) in lexicographic
/// order is `sum over i of R[i][prefix sum before i][c[i]]`.
pub type RankTable<const N: usize> = [[[u32; 5]; MAX_TILES + 1]; N];

pub const fn rank_table<const N: usize>() -> RankTable<N> {
    let mut r = [[[0u32; 5]; MAX_TILES + 1]; N];
    let mut i = 0;
    while i < N {
        let mut s = 0;
        while s <= MAX_TILES {
            let mut acc = 0;
            let mut c = 0;
            while c < 5 {
                r[i][s][c] = acc;
                if s + c <= MAX_TILES {
                    acc += configs(N - 1 - i, MAX_TILES - s - c);
                }
                c += 1;
            }
            s += 1;
        }
        i += 1;
    }
    r
}

/// Rank tables for a suit (9 kinds) and the honors (7 kinds).
pub static RANK9: RankTable<9> = rank_table::<9>();
pub static RANK7: RankTable<7> = rank_table::<7>();

/// Number of suit and honor configurations (the table lengths).
pub const SUIT_CONFIGS: usize = configs(9, MAX_TILES) as usize;
pub const HONOR_CONFIGS: usize = configs(7, MAX_TILES) as usize;

/// The rank of a suit's counts; every count at most 4, sum at most 14.
#[inline(always)]
pub fn rank<const N: usize>(table: &RankTable<N>, counts: &[u8]) -> usize {
    let mut s = 0usize;
    let mut r = 0u32;
    for i in 0..N {
        let c = counts[i] as usize;
        r += table[i][s][c];
        s += c;
    }
    r as usize
}

/// The dynamic programme's state before a kind: for `p` pairs and `m` melds
/// made so far, `a` sequences started at the previous kind and `b` started
/// two kinds back (each needs this kind), the fewest tiles added.
/// Index `((p * 5 + m) * 5 + a) * 5 + b`.
#[derive(Clone, Copy)]
pub struct State([u8; 250]);

impl State {
    pub fn start() -> State {
        let mut s = State([INF; 250]);
        s.0[0] = 0;
        s
    }

    /// Takes one kind holding `c` tiles, of which a target may use at most
    /// `cap` (4, less when copies are in called melds or elsewhere); `seq`
    /// says whether a sequence may start here (a suit's first seven kinds).
    pub fn step(&self, c: u8, cap: u8, seq: bool) -> State {
        let mut next = State([INF; 250]);
        for p in 0..2usize {
            for m in 0..5usize {
                for a in 0..5usize {
                    for b in 0..5 - a {
                        let here = self.0[((p * 5 + m) * 5 + a) * 5 + b];
                        if here == INF {
                            continue;
                        }
                        let base = (a + b) as u8;
                        let max_s = if seq { 4 - m } else { 0 };
                        for s in 0..=max_s {
                            for t in 0..2usize {
                                let m2 = m + s + t;
                                if m2 > 4 {
                                    break;
                                }
                                for q in 0..2 - p {
                                    let used = base + (s + 3 * t + 2 * q) as u8;
                                    if used > cap {
                                        break;
                                    }
                                    let cost = here + used.saturating_sub(c);
                                    let i = (((p + q) * 5 + m2) * 5 + s) * 5 + a;
                                    if cost < next.0[i] {
                                        next.0[i] = cost;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        next
    }

    /// The distances once every kind is taken (no sequence left open).
    pub fn finish(&self) -> Dist {
        let mut d = [INF; 10];
        for p in 0..2 {
            for m in 0..5 {
                d[at(m, p)] = self.0[(p * 5 + m) * 25];
            }
        }
        d
    }
}

/// Distances for one suit (or the honors, `seq` false) with per-kind caps.
pub fn dist(counts: &[u8], caps: &[u8], seq: bool) -> Dist {
    let n = counts.len();
    let mut st = State::start();
    for i in 0..n {
        st = st.step(counts[i], caps[i], seq && i + 2 < n);
    }
    st.finish()
}

/// Every configuration of `n` kinds (sum at most 14) in rank order, with its
/// distances. Shares the programme's prefix states across configurations.
pub fn generate(n: usize, seq: bool) -> Vec<Dist> {
    fn walk(i: usize, n: usize, sum: usize, seq: bool, st: &State, out: &mut Vec<Dist>) {
        if i == n {
            out.push(st.finish());
            return;
        }
        for c in 0..=4usize.min(MAX_TILES - sum) {
            let next = st.step(c as u8, 4, seq && i + 2 < n);
            walk(i + 1, n, sum + c, seq, &next, out);
        }
    }
    let mut out = Vec::new();
    walk(0, n, 0, seq, &State::start(), &mut out);
    out
}

/// Min-plus combination of two groups' distances (all melds up to 4).
pub fn merge(a: &Dist, b: &Dist) -> Dist {
    let mut c = [INF; 10];
    for m in 0..5 {
        for k in 0..=m {
            let none = a[at(k, 0)].saturating_add(b[at(m - k, 0)]);
            let one = a[at(k, 0)]
                .saturating_add(b[at(m - k, 1)])
                .min(a[at(k, 1)].saturating_add(b[at(m - k, 0)]));
            c[at(m, 0)] = c[at(m, 0)].min(none);
            c[at(m, 1)] = c[at(m, 1)].min(one);
        }
    }
    c
}

/// `b` laid out against `a` for a hand needing `need` melds: lane `(m, p)`
/// holds `b[(need - m, 1 - p)]`, so the draws of `a` and `b` together are the
/// minimum over lanes of `a + reversed(b)`. Lanes beyond `need` are `INF`.
pub fn reversed(b: &[u8], need: usize) -> [u8; 16] {
    let mut r = [INF; 16];
    for m in 0..=need.min(4) {
        r[at(m, 0)] = b[at(need - m, 1)];
        r[at(m, 1)] = b[at(need - m, 0)];
    }
    r
}

/// The rank of `counts` and, for each kind `j`, how the rank moves when one
/// tile of kind `j` is added (`plus[j]`, meaningful where `counts[j] < 4`).
/// Needs a sum of at most 13, so that every sum plus one stays in the table.
#[inline(always)]
pub fn rank_plus<const N: usize>(table: &RankTable<N>, counts: &[u8]) -> (usize, [i32; N]) {
    let mut prefix = [0usize; N];
    let mut s = 0usize;
    let mut r = 0u32;
    for i in 0..N {
        let c = counts[i] as usize;
        prefix[i] = s;
        r += table[i][s][c];
        s += c;
    }
    let mut plus = [0i32; N];
    // The later kinds' change when every prefix after `j` grows by one.
    let mut later = 0i32;
    for j in (0..N).rev() {
        let c = counts[j] as usize;
        let s = prefix[j];
        if c < 4 {
            plus[j] = table[j][s][c + 1] as i32 - table[j][s][c] as i32 + later;
        }
        later += table[j][(s + 1).min(MAX_TILES)][c] as i32 - table[j][s][c] as i32;
    }
    (r as usize, plus)
}

/// The ranking table taken three kinds at a time: `R3[t][s][a + 5 * b + 25 * c]`
/// is the rank contribution of kinds `3t`, `3t + 1`, `3t + 2` (counts `a`,
/// `b`, `c`) after a prefix sum of `s`. A third of the dependent lookups of
/// [`rank`]; the sizes are powers of two so that masked indices need no
/// bounds checks.
pub type Rank3Table = [[[u32; 128]; 16]; 3];

pub const fn rank3_table<const N: usize>(r: &RankTable<N>) -> Rank3Table {
    let mut out = [[[0u32; 128]; 16]; 3];
    let mut t = 0;
    while t < N / 3 {
        let mut s = 0;
        while s <= MAX_TILES {
            let mut a = 0;
            while a < 5 {
                let s1 = if s + a <= MAX_TILES { s + a } else { MAX_TILES };
                let mut b = 0;
                while b < 5 {
                    let s2 = if s1 + b <= MAX_TILES {
                        s1 + b
                    } else {
                        MAX_TILES
                    };
                    let mut c = 0;
                    while c < 5 {
                        out[t][s][a + 5 * b + 25 * c] =
                            r[3 * t][s][a] + r[3 * t + 1][s1][b] + r[3 * t + 2][s2][c];
                        c += 1;
                    }
                    b += 1;
                }
                a += 1;
            }
            s += 1;
        }
        t += 1;
    }
    out
}

pub static RANK9_3: Rank3Table = rank3_table(&rank_table::<9>());
pub static RANK7_3: Rank3Table = rank3_table(&rank_table::<7>());

/// [`rank`] of the `N` counts at `h[lo..]`, three kinds at a time. Every
/// count must be at most 4 and the sum at most 14 (otherwise the rank is
/// meaningless, never a panic).
#[inline(always)]
pub fn rank_fast<const N: usize>(
    three: &Rank3Table,
    one: &RankTable<N>,
    h: &[u8],
    lo: usize,
) -> usize {
    let count = |i: usize| h.get(lo + i).map_or(0, |&c| c as usize);
    let mut s = 0usize;
    let mut r = 0u32;
    let mut t = 0;
    while t < N / 3 {
        let (a, b, c) = (count(3 * t), count(3 * t + 1), count(3 * t + 2));
        r = r.wrapping_add(three[t][s & 15][(a + 5 * b + 25 * c) & 127]);
        s += a + b + c;
        t += 1;
    }
    if N % 3 == 1 {
        r = r.wrapping_add(one[N - 1][s.min(MAX_TILES)][count(N - 1).min(4)]);
    }
    r as usize
}
