//! mahc's command line in code blocks: `mahc --tiles 777z 111z 234p 234p
//! 11p -w 1p -p Ew -s Ew -d 9p`, and the value mahc printed for it.
//!
//! A tile word is a group: `234p`, `11p`, `406s` (`0` a red five), `777z`,
//! winds `EEEw` (`E S W N`), dragons `rrd` (`r g w`); an `o` after it makes
//! it a called meld (`234po`, `rrrrdo` an open kan), four alike without it
//! a closed kan. `-w` is the winning tile, `-p` the round wind, `-s` the
//! seat wind, `-d` the dora indicators.
//!
//! What mahc printed is the author's statement of the hand's value: the
//! `Dealer:` (or `Non-dealer:`, by the seat) points of the output under the
//! command in the same block, or, for `mahc -f FILE`, the output stanza of
//! the same rank as the hand's line in the block whose first line is `#
//! FILE`. It is checked as a claim; a command with other flags (riichi,
//! tsumo…) states nothing checked here.

use std::ops::Range;

use super::{Builder, Dialect, MeldKind, Placed, RawTile, Translation};

/// A code block: its lines (ranges in the document, no line breaks).
pub type Block<'a> = &'a [Range<usize>];

/// What a `--tiles` line holds.
struct Command {
    builder: Builder,
    /// The hand's words (`--tiles …` and the flags), for the site.
    range: Range<usize>,
    /// The seat is East (the dealer), as mahc assumes without `-s`.
    dealer: bool,
    /// Only `-w -p -s -d` (and `--json`): the printed value is checked.
    plain: bool,
}

fn wind(word: &str) -> Option<u8> {
    match word {
        "Ew" => Some(1),
        "Sw" => Some(2),
        "Ww" => Some(3),
        "Nw" => Some(4),
        _ => None,
    }
}

/// The tiles of one tile word, and whether it is open (`o`).
fn word_tiles(word: &str, base: usize) -> Option<(Vec<Placed>, bool)> {
    let (body, open) = match word.strip_suffix('o') {
        Some(bytes) => (bytes, true),
        None => (word, false),
    };
    let bytes = body.as_bytes();
    let last = *bytes.last()?;
    let head = &bytes[..bytes.len() - 1];
    let mut tiles = Vec::new();
    let end = base + body.len();
    let letter_tile = |c: u8, kind: u8| -> Option<RawTile> {
        let number = match (kind, c) {
            (b'w', b'E') => 1,
            (b'w', b'S') => 2,
            (b'w', b'W') => 3,
            (b'w', b'N') => 4,
            (b'd', b'w') => 5,
            (b'd', b'g') => 6,
            (b'd', b'r') => 7,
            _ => return None,
        };
        RawTile::new(number, b'z')
    };
    for (i, &c) in head.iter().enumerate() {
        let tile = match last {
            b'm' | b'p' | b's' | b'z' if c.is_ascii_digit() => RawTile::new(c - b'0', last)?,
            b'w' | b'd' => letter_tile(c, last)?,
            _ => return None,
        };
        let at = base + i;
        let src = if i + 1 == head.len() {
            at..end
        } else {
            at..at + 1
        };
        tiles.push((tile, src));
    }
    (!tiles.is_empty()).then_some((tiles, open))
}

/// Reads the `--tiles` command of `text[line]`, if it has one.
fn command(text: &str, line: Range<usize>) -> Option<Command> {
    let written = text.get(line.clone())?;
    let at = written.find("--tiles ")?;
    let mut builder = Builder::new();
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut offset = at + "--tiles ".len();
    for w in written[offset..].split(' ') {
        words.push((line.start + offset, w));
        offset += w.len() + 1;
    }
    let mut cursor = 0;
    // Tile words, up to the first flag.
    while let Some(&(start, w)) = words.get(cursor) {
        if w.starts_with('-') {
            break;
        }
        cursor += 1;
        if w.is_empty() {
            continue;
        }
        let (tiles, open) = word_tiles(w, start)?;
        let alike = tiles.iter().all(|t| t.0 == tiles[0].0);
        let source = start..start + w.len();
        if open && (3..=4).contains(&tiles.len()) {
            builder.meld(MeldKind::Open, &tiles, source);
        } else if tiles.len() == 4 && alike {
            builder.meld(MeldKind::Closed, &tiles, source);
        } else {
            for (t, r) in tiles {
                builder.tile(t, r);
            }
        }
    }
    let mut dealer = true;
    let mut plain = true;
    let mut end = words
        .get(cursor.saturating_sub(1))
        .map_or(line.start, |(written, w)| written + w.len());
    while let Some(&(start, flag)) = words.get(cursor) {
        cursor += 1;
        let mut values = Vec::new();
        while let Some(&(vs, v)) = words.get(cursor) {
            if v.starts_with('-') {
                break;
            }
            if !v.is_empty() {
                values.push((vs, v));
            }
            cursor += 1;
        }
        let flag_end = values
            .last()
            .map_or(start + flag.len(), |(vs, v)| vs + v.len());
        end = end.max(flag_end);
        let source = start..flag_end;
        let tiles_of = |values: &[(usize, &str)]| -> Option<String> {
            let mut out = String::new();
            for (_, v) in values {
                let (tiles, _) = word_tiles(v, 0)?;
                for (t, _) in tiles {
                    out.push((t.number + b'0') as char);
                    out.push(t.suit as char);
                }
            }
            (!out.is_empty()).then_some(out)
        };
        match flag {
            "-w" => builder.word(&format!("win={}", tiles_of(&values)?), source),
            "-p" | "-s" => {
                let seat = wind(values.first()?.1)?;
                let letter = ["e", "s", "w", "n"][usize::from(seat - 1)];
                let key = if flag == "-p" { "round" } else { "seat" };
                if flag == "-s" {
                    dealer = seat == 1;
                }
                builder.word(&format!("{key}={letter}"), source);
            }
            "-d" => builder.word(&format!("dora={}", tiles_of(&values)?), source),
            "--json" => {}
            _ => plain = false,
        }
    }
    Some(Command {
        builder,
        range: line.start + at..end,
        dealer,
        plain,
    })
}

/// The points printed on an output line for the dealer or a non-dealer:
/// `Dealer: 18000 (6000)`, `Non-dealer: 12000 (3000/6000)`.
fn printed(text: &str, line: Range<usize>, dealer: bool) -> Option<(u32, Range<usize>)> {
    let written = text.get(line.clone())?;
    let lower = written.to_ascii_lowercase();
    let label = if dealer { "dealer:" } else { "non-dealer:" };
    let at = lower.find(label)?;
    if dealer && lower[..at].ends_with("non-") {
        return None;
    }
    let rest = &written[at + label.len()..];
    let lead = rest.len() - rest.trim_start().len();
    let digits = rest[lead..].bytes().take_while(u8::is_ascii_digit).count();
    let start = line.start + at + label.len() + lead;
    let value = rest[lead..lead + digits].parse().ok()?;
    Some((value, start..start + digits))
}

/// The hands of mahc commands in `blocks` (the document's code blocks, in
/// order), each with the value printed for it as a claim where one is.
pub fn read(text: &str, blocks: &[Block]) -> Vec<(Range<usize>, Translation)> {
    let mut out = Vec::new();
    for (index, block) in blocks.iter().enumerate() {
        if let Some(file) = file_name(text, block) {
            let outputs = outputs_of_file(text, &blocks[index + 1..], file);
            // The file's lines are mahc's inputs, one output stanza each.
            let inputs = block[1..]
                .iter()
                .filter(|l| text.get((*l).clone()).is_some_and(|s| !s.trim().is_empty()));
            for (rank, line) in inputs.enumerate() {
                if let Some(c) = command(text, line.clone()) {
                    let stated = outputs.get(rank).and_then(|stanza| {
                        stanza
                            .iter()
                            .find_map(|l| printed(text, l.clone(), c.dealer))
                    });
                    out.extend(finish(c, stated));
                }
            }
            continue;
        }
        for (i, line) in block.iter().enumerate() {
            let Some(c) = command(text, line.clone()) else {
                continue;
            };
            // The output under the command, up to the next command.
            let stated = block[i + 1..]
                .iter()
                .take_while(|l| text.get((*l).clone()).is_some_and(|s| !s.contains("mahc ")))
                .find_map(|l| printed(text, l.clone(), c.dealer));
            out.extend(finish(c, stated));
        }
    }
    out
}

/// The hand of a command, with the printed value as a claim.
fn finish(
    mut c: Command,
    stated: Option<(u32, Range<usize>)>,
) -> Option<(Range<usize>, Translation)> {
    let claimed = claim(&mut c, stated);
    let range = c.range.clone();
    let mut translation = c.builder.finish(Dialect::Mahc)?;
    if claimed {
        // mahc counts the double yakuman (a 13-sided kokushi…) twice.
        translation.rules = Some("double-yakuman");
    }
    Some((range, translation))
}

/// Adds the printed value as a claim, placed on the command (the output
/// is elsewhere in the document; the hand is what is wrong or right).
fn claim(c: &mut Command, stated: Option<(u32, Range<usize>)>) -> bool {
    let Some((value, _)) = stated.filter(|_| c.plain) else {
        return false;
    };
    c.builder.word("=>", c.range.clone());
    c.builder.word(&value.to_string(), c.range.clone());
    true
}

/// The name of a file of commands: the block's first line, `# NAME`.
fn file_name<'a>(text: &'a str, block: &[Range<usize>]) -> Option<&'a str> {
    block
        .first()
        .and_then(|l| text.get(l.clone()))
        .and_then(|l| l.trim().strip_prefix('#'))
        .map(str::trim)
        .filter(|name| !name.is_empty() && !name.contains(' '))
}

/// The block, among `after`, that runs the file of commands `file`.
fn output_block<'a>(text: &str, after: &[Block<'a>], file: &str) -> Option<Block<'a>> {
    after.iter().copied().find(|b| {
        b.iter().any(|l| {
            text.get(l.clone())
                .is_some_and(|s| s.contains("mahc") && s.contains("-f") && s.contains(file))
        })
    })
}

/// Whether a file of commands among `blocks` has no block that runs it
/// after it: a block further on may (the values it prints are the file's
/// claims), so the document cannot be read in pieces cut between them.
pub fn file_awaits_output(text: &str, blocks: &[Block]) -> bool {
    blocks.iter().enumerate().any(|(index, block)| {
        let Some(file) = file_name(text, block) else {
            return false;
        };
        let has_command = block[1..]
            .iter()
            .any(|line| command(text, line.clone()).is_some());
        has_command && output_block(text, &blocks[index + 1..], file).is_none()
    })
}

/// The output stanzas of `mahc -f FILE` in the first block after the
/// file that runs it: each starts at a line with a value (`Dealer:`) after
/// a blank line or the command.
fn outputs_of_file(text: &str, after: &[Block], file: &str) -> Vec<Vec<Range<usize>>> {
    let Some(block) = output_block(text, after, file) else {
        return Vec::new();
    };
    let mut stanzas: Vec<Vec<Range<usize>>> = Vec::new();
    let mut open = false;
    for line in block.iter() {
        let written = text.get(line.clone()).unwrap_or_default();
        if written.contains("mahc ") {
            continue;
        }
        if written.trim().trim_start_matches('❯').trim().is_empty() {
            open = false;
            continue;
        }
        if !open {
            stanzas.push(Vec::new());
            open = true;
        }
        if let Some(st) = stanzas.last_mut() {
            st.push(line.clone());
        }
    }
    // A stanza is one hand's output only if it prints a value.
    stanzas.retain(|st| {
        st.iter().any(|l| {
            text.get(l.clone())
                .is_some_and(|written| written.to_ascii_lowercase().contains("dealer:"))
        })
    });
    stanzas
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str, block: Range<usize>) -> Vec<Range<usize>> {
        let mut at = block.start;
        text[block]
            .split_inclusive('\n')
            .map(|l| {
                let r = at..at + l.trim_end_matches('\n').len();
                at += l.len();
                r
            })
            .collect()
    }

    #[test]
    fn a_command_and_its_output() {
        let text = "~/$ mahc --tiles 777z 111z 234p 234p 11p -w 1p -p Ew -s Ew\n> 7 Han/ 50 Fu\n  Dealer: 18000 (6000)\n  Non-dealer: 12000 (3000/6000)\n";
        let block = lines(text, 0..text.len());
        let found = read(text, &[&block]);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].1.text,
            "7z7z7z1z1z1z2p3p4p2p3p4p1p1p win=1p round=e seat=e => 18000"
        );
    }

    #[test]
    fn a_file_of_commands_and_its_stanzas() {
        let input = "# hands.txt\n--tiles 1p 9p 1s 9s 1m 9m rd gd wd Ew Sw Nw WWw -w Ww -p Ew -s Ew\n--tiles 11z NNw SSw WWw rrd wwd ggd -w gd -p Ew -s Ew -d Ew Ew\n-m 4 30 --ba 3\n";
        let output = "~/$ mahc -f hands.txt\n\n❯ Dealer: 96000 (32000)\n  Non-dealer: 64000 (16000/32000)\n  Yaku:\n    KokushiMusou Yakuman\n  \n  Dealer: 144000 (48000)\n  Non-dealer: 96000 (24000/48000)\n  Yaku:\n    Tsuuiisou Yakuman\n  \n  4 Han/ 30 Fu/ 3 Honba\n  Dealer: 12500 (4200)\n";
        let text = format!("{input}{output}");
        let a = lines(&text, 0..input.len());
        let b = lines(&text, input.len()..text.len());
        let found = read(&text, &[&a, &b]);
        assert_eq!(found.len(), 2);
        assert!(found[0].1.text.ends_with("=> 96000"), "{}", found[0].1.text);
        assert_eq!(
            found[1].1.text,
            "1z1z4z4z2z2z3z3z7z7z5z5z6z6z win=6z round=e seat=e dora=1z1z => 144000"
        );
    }

    #[test]
    fn open_sets_and_other_flags() {
        let text = "mahc --tiles 123p 456p 789p rrrdo 99p -w 9p -p Ew -s Sw -d 9p --json";
        let c = command(text, 0..text.len()).unwrap();
        assert!(c.plain && !c.dealer);
        let t = c.builder.finish(Dialect::Mahc).unwrap();
        assert_eq!(
            t.text,
            "1p2p3p4p5p6p7p8p9p (7z7z7z) 9p9p win=9p round=e seat=s dora=9p"
        );
        let text = "mahc --tiles 123p 456p 789p rrrdo 99p -w 9p --riichi";
        assert!(!command(text, 0..text.len()).unwrap().plain);
    }
}
