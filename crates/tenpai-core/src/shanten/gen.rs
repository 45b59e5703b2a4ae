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

/// The most melds a hand needs (and so the most a table counts).
pub const MAX_MELDS: usize = 4;

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

/// Keys of [`shape_key`]: four octal digits.
pub const SHAPE_KEYS: usize = 1 << 12;

/// The shape of a group of kinds that make no sequence, from its counts
/// packed one a byte in `packed` (at most 8 kinds, each count at most 4;
/// otherwise the key is meaningless, never a panic): how many kinds hold
/// at least one, two, three and four tiles, as the octal digits of the key.
/// Branch-free: bit 7 of `count + 0x80 - k` is set exactly when the count
/// is at least `k`, and a multiplication adds up the bytes.
#[inline(always)]
pub fn shape_key(packed: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let at_least = |k: u64| {
        let flags = (packed.wrapping_add((0x80 - k) * ONES) & HIGH) >> 7;
        flags.wrapping_mul(ONES) >> 56
    };
    let key = at_least(1) | at_least(2) << 3 | at_least(3) << 6 | at_least(4) << 9;
    key as usize & (SHAPE_KEYS - 1)
}

/// Seven honor counts of a [`shape_key`], the larger counts first; `None`
/// for a key no group of 7 kinds and at most 14 tiles has.
pub fn shape_counts(key: usize) -> Option<[u8; 7]> {
    let at_least = |k: usize| (key >> (3 * (k - 1))) & 7;
    let (one, two, three, four) = (at_least(1), at_least(2), at_least(3), at_least(4));
    let tiles = one + two + three + four;
    let ordered = one >= two && two >= three && three >= four;
    if key >= SHAPE_KEYS || one > 7 || !ordered || tiles > MAX_TILES {
        return None;
    }
    let mut counts = [0u8; 7];
    for (kind, count) in counts.iter_mut().enumerate() {
        *count = [one, two, three, four]
            .iter()
            .filter(|&&n| n > kind)
            .count() as u8;
    }
    Some(counts)
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

/// The honors' rank table (7 kinds, lexicographic).
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
        self.step_within(c, cap, seq, MAX_MELDS)
    }

    /// [`State::step`] for targets of at most `most_melds` melds: the states
    /// of more melds are never made. Melds only ever grow along the
    /// programme, so the distances of up to `most_melds` melds are exactly
    /// those of the whole programme; a hand that needs fewer melds (one
    /// with calls) spends less on the shapes it can never use.
    pub fn step_within(&self, c: u8, cap: u8, seq: bool, most_melds: usize) -> State {
        let mut next = State([INF; 250]);
        let most = most_melds.min(MAX_MELDS);
        for p in 0..2usize {
            for m in 0..=most {
                for a in 0..5usize {
                    for b in 0..5 - a {
                        let here = self.0[((p * 5 + m) * 5 + a) * 5 + b];
                        if here == INF {
                            continue;
                        }
                        let base = (a + b) as u8;
                        if base > cap {
                            continue;
                        }
                        let max_s = if seq { most - m } else { 0 };
                        for s in 0..=max_s {
                            for t in 0..2usize {
                                let m2 = m + s + t;
                                if m2 > most {
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

/// The distances of a group (as [`dist`]) and, for each kind `x`, those
/// of the group with one more tile of `x` (`None` where `counts[x]` is
/// already at its cap), for targets of at most `most_melds` melds (the
/// entries of more melds are [`INF`]). The draws share the programme's
/// states before their kind: a draw of kind `x` runs only the kinds from
/// `x` on, about half the work of running each draw from the start.
pub fn dist_with_draws(
    counts: &[u8],
    caps: &[u8],
    seq: bool,
    most_melds: usize,
) -> (Dist, [Option<Dist>; 9]) {
    let n = counts.len().min(caps.len()).min(9);
    let sequence_at = |i: usize| seq && i + 2 < n;
    let mut prefix = [State::start(); 10];
    for i in 0..n {
        prefix[i + 1] = prefix[i].step_within(counts[i], caps[i], sequence_at(i), most_melds);
    }
    let mut draws = [None; 9];
    for x in 0..n {
        if counts[x] >= caps[x] {
            continue;
        }
        let mut state = prefix[x].step_within(counts[x] + 1, caps[x], sequence_at(x), most_melds);
        for i in x + 1..n {
            state = state.step_within(counts[i], caps[i], sequence_at(i), most_melds);
        }
        draws[x] = Some(state.finish());
    }
    (prefix[n].finish(), draws)
}

/// Every configuration of `n` kinds (sum at most 14) with its distances,
/// at the position `rank` gives it. Shares the programme's prefix states
/// across configurations.
pub fn generate(n: usize, seq: bool, rank: impl Fn(&[u8]) -> usize) -> Vec<Dist> {
    struct Walk<'a> {
        n: usize,
        seq: bool,
        counts: Vec<u8>,
        rank: &'a dyn Fn(&[u8]) -> usize,
        out: Vec<Option<Dist>>,
    }
    fn walk(w: &mut Walk, i: usize, sum: usize, st: &State) {
        if i == w.n {
            let at = (w.rank)(&w.counts);
            w.out[at] = Some(st.finish());
            return;
        }
        for c in 0..=4usize.min(MAX_TILES - sum) {
            let next = st.step(c as u8, 4, w.seq && i + 2 < w.n);
            w.counts[i] = c as u8;
            walk(w, i + 1, sum + c, &next);
        }
        w.counts[i] = 0;
    }
    let size = configs(n, MAX_TILES) as usize;
    let mut w = Walk {
        n,
        seq,
        counts: vec![0; n],
        rank: &rank,
        out: vec![None; size],
    };
    walk(&mut w, 0, 0, &State::start());
    w.out
        .into_iter()
        .map(|d| d.expect("the ranks cover every configuration"))
        .collect()
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

/// The fewest draws for `need` melds and a pair from two complementary
/// groups of kinds (`INF` where none reaches it).
pub fn finish(a: &Dist, b: &Dist, need: usize) -> u8 {
    let mut best = INF;
    for k in 0..=need.min(MAX_MELDS) {
        if need - k > MAX_MELDS {
            continue;
        }
        best = best
            .min(a[at(k, 0)].saturating_add(b[at(need - k, 1)]))
            .min(a[at(k, 1)].saturating_add(b[at(need - k, 0)]));
    }
    best
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

/// `WAYS[n][s]`: count vectors of `n` kinds (0..=4 each) summing to exactly
/// `s`.
const WAYS: [[u32; MAX_TILES + 1]; 10] = {
    let mut ways = [[0u32; MAX_TILES + 1]; 10];
    ways[0][0] = 1;
    let mut n = 1;
    while n < 10 {
        let mut s = 0;
        while s <= MAX_TILES {
            let mut c = 0;
            while c <= 4 && c <= s {
                ways[n][s] += ways[n - 1][s - c];
                c += 1;
            }
            s += 1;
        }
        n += 1;
    }
    ways
};

/// A suit's ranking by tile count first: every configuration of fewer
/// tiles comes before any of more, and those of one count are in
/// lexicographic order. A hand's suits mostly hold a few tiles, so the
/// entries looked up most are the first few thousand of the table, which
/// stay in the nearest cache.
///
/// `rank = OFFSET[S] + sum over i of R[i][S - prefix before i][c[i]]` for a
/// suit of `S` tiles, where `R[i][rest][c]` counts the configurations of
/// `rest` tiles from kind `i` on that hold fewer than `c` of kind `i`.
pub struct SumRank {
    offset: [u32; MAX_TILES + 2],
    by_kind: [[[u32; 5]; MAX_TILES + 1]; 9],
}

pub static SUIT_RANK: SumRank = sum_rank();

const fn sum_rank() -> SumRank {
    let mut offset = [0u32; MAX_TILES + 2];
    let mut s = 0;
    while s <= MAX_TILES {
        offset[s + 1] = offset[s] + WAYS[9][s];
        s += 1;
    }
    let mut by_kind = [[[0u32; 5]; MAX_TILES + 1]; 9];
    let mut i = 0;
    while i < 9 {
        let mut rest = 0;
        while rest <= MAX_TILES {
            let mut acc = 0;
            let mut c = 0;
            while c < 5 {
                by_kind[i][rest][c] = acc;
                if c <= rest {
                    acc += WAYS[8 - i][rest - c];
                }
                c += 1;
            }
            rest += 1;
        }
        i += 1;
    }
    SumRank { offset, by_kind }
}

/// The rank of a suit's 9 counts by tile count first (see [`SumRank`]);
/// every count at most 4, sum at most 14.
pub fn rank_by_sum(counts: &[u8]) -> usize {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    let mut r = SUIT_RANK.offset[total];
    let mut prefix = 0usize;
    for (i, &c) in counts.iter().enumerate().take(9) {
        r += SUIT_RANK.by_kind[i][total - prefix][c as usize];
        prefix += c as usize;
    }
    r as usize
}

/// [`rank_by_sum`] and, for each kind `j`, how the rank moves when one tile
/// of kind `j` is added (`plus[j]`, meaningful where `counts[j] < 4`). The
/// sum must be at most 13. With one tile more, every kind before `j` sees
/// one more tile left after it, `j` one more of its own, and the kinds after
/// `j` what they saw before.
#[inline(always)]
pub fn rank_plus_by_sum(counts: &[u8]) -> (usize, [i32; 9]) {
    let r = &SUIT_RANK.by_kind;
    let mut c = [0usize; 9];
    for (i, slot) in c.iter_mut().enumerate() {
        *slot = counts[i] as usize;
    }
    let total: usize = c.iter().sum();
    let mut prefix = [0usize; 9];
    let mut running = 0usize;
    for i in 0..9 {
        prefix[i] = running;
        running += c[i];
    }
    let mut rank = SUIT_RANK.offset[total];
    for i in 0..9 {
        rank += r[i][total - prefix[i]][c[i]];
    }
    // Kinds after `j`, as they were.
    let mut after = [0u32; 9];
    let mut sum = 0u32;
    for i in (0..9).rev() {
        after[i] = sum;
        sum += r[i][total - prefix[i]][c[i]];
    }
    let grown = (total + 1).min(MAX_TILES);
    let mut before = SUIT_RANK.offset[total + 1];
    let mut plus = [0i32; 9];
    for j in 0..9 {
        let rest = grown - prefix[j];
        if c[j] < 4 {
            let moved = before + r[j][rest][c[j] + 1] + after[j];
            plus[j] = moved as i32 - rank as i32;
        }
        before += r[j][rest][c[j]];
    }
    (rank as usize, plus)
}

/// [`SUIT_RANK`] taken three kinds at a time:
/// `SUIT_RANK3[t][rest][a + 5 * b + 25 * c]` is the part of kinds `3t`,
/// `3t + 1`, `3t + 2` (counts `a`, `b`, `c`) with `rest` tiles from kind
/// `3t` on, the offset of the suit's total folded into `t = 0`. Sizes are
/// powers of two so that masked indices need no bounds checks.
pub static SUIT_RANK3: Rank3Table = {
    let rank = sum_rank();
    let r = &rank.by_kind;
    let mut out = [[[0u32; 128]; 16]; 3];
    let mut t = 0;
    while t < 3 {
        let mut rest = 0;
        while rest <= MAX_TILES {
            let mut a = 0;
            while a < 5 {
                let mut b = 0;
                while b < 5 {
                    let mut c = 0;
                    while c < 5 {
                        if a + b + c <= rest {
                            let mut v = r[3 * t][rest][a]
                                + r[3 * t + 1][rest - a][b]
                                + r[3 * t + 2][rest - a - b][c];
                            if t == 0 {
                                v += rank.offset[rest];
                            }
                            out[t][rest][a + 5 * b + 25 * c] = v;
                        }
                        c += 1;
                    }
                    b += 1;
                }
                a += 1;
            }
            rest += 1;
        }
        t += 1;
    }
    out
};

/// [`rank_by_sum`] of a suit's 9 counts, the first eight packed one a byte
/// in `low` (little-endian) and the ninth apart, three kinds at a time.
/// Every count must be at most 4 and the sum at most 14 (otherwise the rank
/// is meaningless, never a panic). Branch-free and with few instructions:
/// one multiplication gives every prefix sum (byte `k` of `low * ONES` is
/// the sum of bytes 0..=k, which never carries past 14), and another turns
/// three packed counts `a, b, c` into `a + 5b + 25c` (in bits 16-23 of
/// `(a + 256b + 65536c) * (25 + 5 * 256 + 65536)`; what lands below bit 16 is
/// at most 30,820, so nothing carries into it).
#[inline(always)]
pub fn rank_by_sum_packed(low: u64, ninth: u8) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const BASE5: u64 = 25 + (5 << 8) + (1 << 16);
    let prefix = low.wrapping_mul(ONES);
    let first = (prefix >> 16) & 0xFF;
    let second = (prefix >> 40) & 0xFF;
    let total = ((prefix >> 56) + u64::from(ninth)) as usize;
    let index = |three: u64| ((three.wrapping_mul(BASE5) >> 16) & 127) as usize;
    let last = (low >> 48) | u64::from(ninth) << 16;
    let t = &SUIT_RANK3;
    t[0][total & 15][index(low & 0xFF_FFFF)]
        .wrapping_add(t[1][total.wrapping_sub(first as usize) & 15][index((low >> 24) & 0xFF_FFFF)])
        .wrapping_add(t[2][total.wrapping_sub(second as usize) & 15][index(last)]) as usize
}

/// A ranking table taken three kinds at a time (see [`SUIT_RANK3`]).
pub type Rank3Table = [[[u32; 128]; 16]; 3];
