//! The readers never panic on broken logs: real logs cut short at any byte
//! and with bytes changed, in each format. A log cut short is an error
//! (tenhou.net/6 JSON lines cut between two rounds excepted: that is a
//! shorter game), never a review.

use common::{all_players, log};
use proptest::prelude::*;
use tenpai_review::{mjai, read_log, review};

mod common;

struct Samples {
    mjlog: Vec<u8>,
    tenhou6: Vec<u8>,
    mjai: Vec<u8>,
}

fn samples() -> &'static Samples {
    static SAMPLES: std::sync::OnceLock<Samples> = std::sync::OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mjlog = log("xml/pao.xml");
        let game = read_log(&mjlog).expect("the sample reads");
        Samples {
            mjlog,
            tenhou6: log("tenhou6/2020052212gm-00a9-0000-3c7fe026.json"),
            mjai: mjai::write(&game).into_bytes(),
        }
    })
}

/// Reads and, when that works, reviews: neither may panic.
fn read_and_review(bytes: &[u8]) -> bool {
    match read_log(bytes) {
        Ok(game) => {
            let _ = review(&game, &all_players());
            true
        }
        Err(err) => {
            assert!(!err.to_string().is_empty());
            false
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn an_mjlog_cut_short_is_an_error(fraction in 0.0f64..1.0) {
        let bytes = &samples().mjlog;
        let cut = ((bytes.len() as f64) * fraction) as usize;
        prop_assert!(!read_and_review(&bytes[..cut]), "cut at {cut} reviewed");
    }

    #[test]
    fn an_mjai_log_cut_short_is_an_error(fraction in 0.0f64..1.0) {
        let bytes = &samples().mjai;
        let cut = ((bytes.len() as f64) * fraction) as usize;
        // Only the last line's newline gone: the log is whole.
        if bytes[cut..].iter().any(|b| !b.is_ascii_whitespace()) {
            prop_assert!(!read_and_review(&bytes[..cut]), "cut at {cut} reviewed");
        }
    }

    #[test]
    fn a_tenhou6_log_cut_inside_a_round_is_an_error(fraction in 0.0f64..1.0) {
        let bytes = &samples().tenhou6;
        let cut = ((bytes.len() as f64) * fraction) as usize;
        // Whole rounds (one a line), with or without the last newline.
        let at_a_line_end = cut == 0
            || bytes[cut - 1] == b'\n'
            || bytes.get(cut) == Some(&b'\n')
            || bytes[cut..].iter().all(|b| b.is_ascii_whitespace());
        if !at_a_line_end {
            prop_assert!(!read_and_review(&bytes[..cut]), "cut at {cut} reviewed");
        }
    }

    #[test]
    fn changed_bytes_never_panic(
        which in 0usize..3,
        edits in proptest::collection::vec((0.0f64..1.0, any::<u8>()), 1..8),
    ) {
        let source = match which {
            0 => &samples().mjlog,
            1 => &samples().tenhou6,
            _ => &samples().mjai,
        };
        let mut bytes = source.clone();
        for (place, byte) in edits {
            let index = ((bytes.len() as f64) * place) as usize;
            if let Some(slot) = bytes.get_mut(index) {
                *slot = byte;
            }
        }
        read_and_review(&bytes);
    }

    #[test]
    fn changed_digits_never_panic(
        which in 0usize..3,
        edits in proptest::collection::vec((0.0f64..1.0, 0u8..10), 1..8),
    ) {
        // Digits keep the syntax: the numbers (tiles, seats, scores) go wrong.
        let source = match which {
            0 => &samples().mjlog,
            1 => &samples().tenhou6,
            _ => &samples().mjai,
        };
        let mut bytes = source.clone();
        let digits: Vec<usize> = (0..bytes.len()).filter(|i| bytes[*i].is_ascii_digit()).collect();
        for (place, digit) in edits {
            let index = digits[((digits.len() as f64) * place) as usize % digits.len()];
            bytes[index] = b'0' + digit;
        }
        read_and_review(&bytes);
    }
}

#[test]
fn the_samples_themselves_review() {
    assert!(read_and_review(&samples().mjlog));
    assert!(read_and_review(&samples().tenhou6));
    assert!(read_and_review(&samples().mjai));
}
