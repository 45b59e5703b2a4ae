//! "Did you mean": the closest known word by edit distance.

/// The candidate closest to `word` (case-insensitive Damerau-Levenshtein
/// distance), if it is close enough to be a plausible typo: at most one edit
/// for short words, two for words of five letters or more, three from ten.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if word.is_empty() {
        return None;
    }
    let limit = match word.chars().count() {
        0..=4 => 1,
        5..=9 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &'a str)> = None;
    for &c in candidates {
        let distance_to = distance(word, c);
        if distance_to <= limit && best.is_none_or(|(bd, _)| distance_to < bd) {
            best = Some((distance_to, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The option a player means by another name for it: Tenhou's English
/// `reach`, the long names of the yaku, `_` for `-`.
pub fn synonym(word: &str) -> Option<&'static str> {
    let normalised = word.to_ascii_lowercase().replace('_', "-");
    Some(match normalised.as_str() {
        "reach" | "riichi" => "riichi",
        "double-reach" | "doubleriichi" | "daburu-riichi" | "daburi" | "w-riichi" => {
            "double-riichi"
        }
        "rinshan-kaihou" | "rinshankaihou" => "rinshan",
        "haitei-raoyue" | "haiteiraoyue" => "haitei",
        "houtei-raoyui" | "houteiraoyui" => "houtei",
        "tsumohou" | "menzen-tsumo" | "self-draw" => "tsumo",
        "nagashi-mangan" => "nagashi",
        _ => return None,
    })
}

/// Optimal string alignment distance over lowercased characters, so that a
/// swapped pair (`riihci`) costs one edit.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    // Words longer than any option name cannot be typos of one; keep the
    // quadratic table small on hostile input.
    if a.len().abs_diff(b.len()) > 3 || a.len() > 64 {
        return usize::MAX;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (i, row) in d.chunks_mut(w).enumerate() {
        row[0] = i;
    }
    for (j, cell) in d.iter_mut().take(w).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: &[&str] = &["riichi", "ippatsu", "tsumo", "ron", "double-riichi", "dora"];

    #[test]
    fn finds_typos() {
        assert_eq!(closest("riichii", WORDS), Some("riichi"));
        assert_eq!(closest("riihci", WORDS), Some("riichi"));
        assert_eq!(closest("Tsumo", WORDS), Some("tsumo"));
        assert_eq!(closest("ipatsu", WORDS), Some("ippatsu"));
        assert_eq!(closest("doublriichi", WORDS), Some("double-riichi"));
    }

    #[test]
    fn rejects_far_words() {
        assert_eq!(closest("banana", WORDS), None);
        assert_eq!(closest("x", WORDS), None);
        assert_eq!(closest("", WORDS), None);
    }
}
