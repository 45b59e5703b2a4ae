//! The documents the document and server benches read, generated the same
//! way everywhere: `benches/document.rs` and `benches-against/compare.rs`
//! (which `benches-against/run.sh` builds outside the workspace, so this
//! file uses nothing but the standard library).

// Each bench uses a part: `document.rs` stops by bytes, `compare.rs` by
// lines.
#![allow(dead_code)]

/// The article (`examples/pushing-with-value.md`) repeated to at least
/// `target` bytes: mostly prose, a hand every few lines, the same hands
/// again and again.
pub fn repeated_article(article: &str, target: usize) -> String {
    let mut text = String::with_capacity(target + article.len());
    while text.len() < target {
        text.push_str(article);
        text.push('\n');
    }
    text
}

/// Where [`distinct_hand_lines`] stops.
#[derive(Clone, Copy)]
pub enum Until {
    /// After this many lines.
    Lines(usize),
    /// At the first line that brings the text to this many bytes.
    Bytes(usize),
}

/// Distinct hand lines, one a line: nine shapes (winning, waiting,
/// 1-shanten, open and closed kans) under every dora, seat and honba, so
/// that no line is analysed twice (the worst case for the cache).
pub fn distinct_hand_lines(until: Until) -> String {
    let hands = [
        "123m 456m 678p 234s 55s win=1m riichi",
        "(234m) 567p 456s 678s 33p win=5p",
        "(777z) 234m 567p 345s 99m win=2m",
        "11m 33p 55p 77s 99s 22z 66z win=6z riichi tsumo",
        "234m 234p 234s 678s 55p win=8s riichi tsumo",
        "[8888p] 234m 567m 345s 77z win=4s riichi",
        "23456m 567p 345s 11z",
        "123m 456p 78s 99s 34m 7z",
        "12m 45m 9m 34p 9p 234s 88s 1z discard=1z",
    ];
    let mut text = String::new();
    let mut count = 0;
    for honba in 0.. {
        for dora in 0..34 {
            let suit = ["m", "p", "s", "z"][dora / 9];
            let number = dora % 9 + 1;
            for seat in ["e", "s", "w", "n"] {
                for hand in hands {
                    text.push_str(&format!(
                        "{hand} seat={seat} dora={number}{suit} honba={honba}\n"
                    ));
                    count += 1;
                    let done = match until {
                        Until::Lines(lines) => count >= lines,
                        Until::Bytes(bytes) => text.len() >= bytes,
                    };
                    if done {
                        return text;
                    }
                }
            }
        }
    }
    text
}
