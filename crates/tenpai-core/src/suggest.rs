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
    let word: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    // Words longer than any option name cannot be typos of one; keep the
    // quadratic table small on hostile input.
    if word.len() > 64 {
        return None;
    }
    // The parser asks for every unknown word of every line (each keystroke
    // in an editor): the word is lowercased once, a candidate whose length
    // alone puts it past the limit is skipped before its table is filled,
    // and the table and the candidate's letters reuse their buffers.
    let mut letters = Vec::new();
    let mut table = Vec::new();
    let mut best: Option<(usize, &'a str)> = None;
    for &c in candidates {
        letters.clear();
        letters.extend(c.chars().flat_map(char::to_lowercase));
        if letters.len().abs_diff(word.len()) > limit {
            continue;
        }
        let distance_to = distance(&word, &letters, &mut table);
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

/// Optimal string alignment distance between two lowercased words, so
/// that a swapped pair (`riihci`) costs one edit; `table` is the caller's
/// buffer for the dynamic programme.
fn distance(a: &[char], b: &[char], table: &mut Vec<usize>) -> usize {
    let width = b.len() + 1;
    table.clear();
    table.resize((a.len() + 1) * width, 0);
    for (i, row) in table.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in table.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut edits = (table[(i - 1) * width + j] + 1)
                .min(table[i * width + j - 1] + 1)
                .min(table[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                edits = edits.min(table[(i - 2) * width + j - 2] + 1);
            }
            table[i * width + j] = edits;
        }
    }
    table[a.len() * width + b.len()]
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

    /// The distance over the whole table, freshly allocated, for any two
    /// words.
    fn plain_distance(a: &[char], b: &[char]) -> usize {
        let w = b.len() + 1;
        let mut d = vec![0usize; (a.len() + 1) * w];
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                d[i * w + j] = if i == 0 || j == 0 {
                    i + j
                } else {
                    let mut v = (d[(i - 1) * w + j] + 1)
                        .min(d[i * w + j - 1] + 1)
                        .min(d[(i - 1) * w + j - 1] + usize::from(a[i - 1] != b[j - 1]));
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        v = v.min(d[(i - 2) * w + j - 2] + 1);
                    }
                    v
                };
            }
        }
        d[a.len() * w + b.len()]
    }

    /// Every option name with one or two letters dropped, doubled, swapped
    /// or changed is matched as the plain distance over every candidate
    /// matches it.
    #[test]
    fn the_closest_word_is_the_one_at_the_least_plain_distance() {
        // Names as long and as alike as the options' (this module is below
        // the notation's, so it does not read their table).
        let pool: &[&str] = &[
            "riichi",
            "double-riichi",
            "open-riichi",
            "ippatsu",
            "tsumo",
            "ron",
            "dora",
            "ura",
            "honba",
            "sticks",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
            "tenhou",
            "chiihou",
            "renhou",
            "nagashi",
            "paarenchan",
            "seat",
            "round",
            "win",
            "discard",
            "nuki",
        ];
        let plain_closest = |word: &str| {
            let limit = match word.chars().count() {
                0..=4 => 1,
                5..=9 => 2,
                _ => 3,
            };
            let word: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
            let mut best: Option<(usize, &str)> = None;
            for &c in pool {
                let letters: Vec<char> = c.chars().collect();
                let d = plain_distance(&word, &letters);
                if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, c));
                }
            }
            best.map(|(_, c)| c)
        };
        let mut found = 0;
        for name in pool.iter().filter(|n| n.len() <= 8) {
            let chars: Vec<char> = name.chars().collect();
            let mut edits = vec![
                name.to_uppercase(),
                format!("{name}xy"),
                "q".repeat(name.len()),
            ];
            for i in 0..chars.len() {
                let mut dropped = chars.clone();
                dropped.remove(i);
                let mut doubled = chars.clone();
                doubled.insert(i, chars[i]);
                let mut changed = chars.clone();
                changed[i] = 'k';
                edits
                    .extend([dropped, doubled, changed].map(|c| c.into_iter().collect::<String>()));
                if i + 1 < chars.len() {
                    let mut swapped = chars.clone();
                    swapped.swap(i, i + 1);
                    edits.push(swapped.into_iter().collect());
                }
            }
            for edit in edits {
                let expected = plain_closest(&edit);
                found += usize::from(expected.is_some());
                assert_eq!(closest(&edit, pool), expected, "{edit}");
            }
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn rejects_far_words() {
        assert_eq!(closest("banana", WORDS), None);
        assert_eq!(closest("x", WORDS), None);
        assert_eq!(closest("", WORDS), None);
    }
}
