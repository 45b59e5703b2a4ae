//! Incremental re-parsing: after an edit, the re-parse gives the tree a
//! fresh parse of the new text gives, and it takes the untouched parts of
//! the old tree whole (blocks of lines between blank lines), which is what
//! keeps a keystroke in a long document cheap (`benches/parse.rs` times it).

mod support;

use std::sync::{Arc, Mutex};

use tree_sitter::{InputEdit, LogType, Parser, Point, Tree};

/// The row and column of byte `at` in `text`.
fn point(text: &str, at: usize) -> Point {
    let before = &text[..at];
    let row = before.matches('\n').count();
    let column = at - before.rfind('\n').map_or(0, |newline| newline + 1);
    Point::new(row, column)
}

/// Replaces `start..end` of `text` with `insert`: the new text, and the
/// edit that tells the old tree.
fn edit(text: &str, start: usize, end: usize, insert: &str) -> (String, InputEdit) {
    let mut edited = String::with_capacity(text.len() + insert.len());
    edited.push_str(&text[..start]);
    edited.push_str(insert);
    edited.push_str(&text[end..]);
    let new_end = start + insert.len();
    let edit = InputEdit {
        start_byte: start,
        old_end_byte: end,
        new_end_byte: new_end,
        start_position: point(text, start),
        old_end_position: point(text, end),
        new_end_position: point(&edited, new_end),
    };
    (edited, edit)
}

fn reparse(parser: &mut Parser, tree: &Tree, edited: &str, edit: &InputEdit) -> Tree {
    let mut old = tree.clone();
    old.edit(edit);
    parser.parse(edited, Some(&old)).expect("a tree")
}

fn shape(tree: &Tree) -> String {
    let root = tree.root_node();
    format!(
        "{} {}..{}",
        root.to_sexp(),
        root.start_byte(),
        root.end_byte()
    )
}

/// Small documents that exercise the ends of lines and blocks: no line
/// break at the end, blanks before it, CRLF, blank lines in a row, lines of
/// blanks, a document of one line.
const DOCUMENTS: &[&str] = &[
    "123m 456p 789s 11z\n# note\n\nrules: tenhou\n123m 456p 789s 11z riichi => 1000",
    "123m 456p\n\n\n(rrr) 11z tsumo   ",
    "123m\r\n456p\r\n\r\n789s dora=1m\r\n",
    "  \n123m win=1m\n \t\n\n# a\n# b\n",
    "eee sss",
    "=> 1-shanten\n\n",
];

#[test]
fn every_one_character_edit_reparses_to_the_fresh_tree() {
    let mut parser = support::parser();
    for document in DOCUMENTS {
        let tree = parser.parse(document, None).expect("a tree");
        let boundaries: Vec<usize> = (0..=document.len())
            .filter(|&at| document.is_char_boundary(at))
            .collect();
        for &at in &boundaries {
            for insert in ["1", "\n", " ", "m", "#", "="] {
                let (edited, input_edit) = edit(document, at, at, insert);
                let fresh = parser.parse(&edited, None).expect("a tree");
                let incremental = reparse(&mut parser, &tree, &edited, &input_edit);
                assert_eq!(
                    shape(&incremental),
                    shape(&fresh),
                    "{insert:?} typed at byte {at} of {document:?}"
                );
            }
            let next = boundaries.iter().find(|&&b| b > at);
            if let Some(&end) = next {
                let (edited, input_edit) = edit(document, at, end, "");
                let fresh = parser.parse(&edited, None).expect("a tree");
                let incremental = reparse(&mut parser, &tree, &edited, &input_edit);
                assert_eq!(
                    shape(&incremental),
                    shape(&fresh),
                    "byte {at}..{end} deleted from {document:?}"
                );
            }
        }
    }
}

/// The parser's log of a re-parse: `(event, tree)` pairs such as
/// `("reuse_node", "_block")`.
fn reuse_log(parser: &mut Parser, tree: &Tree, edited: &str, edit: &InputEdit) -> Vec<String> {
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    parser.set_logger(Some(Box::new(move |kind, message| {
        if kind == LogType::Parse
            && (message.starts_with("reuse_node") || message.starts_with("cant_reuse"))
        {
            if let Ok(mut events) = sink.lock() {
                events.push(message.to_string());
            }
        }
    })));
    reparse(parser, tree, edited, edit);
    parser.set_logger(None);
    let events = events
        .lock()
        .map(|events| events.clone())
        .unwrap_or_default();
    events
}

const LINES: &[&str] = &[
    "234m 567p 22s 345678s riichi tsumo dora=1s => 2000/3900 # after riichi",
    "123m406p789s11z22z win=2z seat=s round=e",
    "(123m) (rrr) [1111p] 55s 789see ron => 3 han 40 fu",
    "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄 => tenpai waits 🀄",
    "# a comment between hands",
    "rules: tenhou kiriage=off",
];

/// `lines` lines of `LINES`, a blank line after every `block` of them.
fn document(lines: usize, block: usize) -> String {
    let mut text = String::new();
    for index in 0..lines {
        text.push_str(LINES[index % LINES.len()]);
        text.push('\n');
        if (index + 1) % block == 0 {
            text.push('\n');
        }
    }
    text
}

/// The start of the line halfway through `text`.
fn middle_line(text: &str) -> usize {
    let lines = text.lines().count();
    text.split_inclusive('\n')
        .take(lines / 2)
        .map(str::len)
        .sum()
}

#[test]
fn a_keystroke_reuses_the_untouched_blocks_whole() {
    let mut parser = support::parser();
    // 2,000 lines in 250 blocks of 8.
    let text = document(2_000, 8);
    let tree = parser.parse(&text, None).expect("a tree");
    let at = middle_line(&text);
    let (edited, input_edit) = edit(&text, at, at, "1");
    let events = reuse_log(&mut parser, &tree, &edited, &input_edit);
    // Blocks come 16 to a group (`_block_group` in grammar.js): 15 groups,
    // then 10 blocks of the document's own. The edited block's group is
    // taken apart, and its blocks the edit does not touch are taken whole.
    let groups_reused = events
        .iter()
        .filter(|event| *event == "reuse_node symbol:_block_group")
        .count();
    let blocks_reused = events
        .iter()
        .filter(|event| *event == "reuse_node symbol:_block")
        .count();
    assert_eq!(
        groups_reused, 14,
        "the 14 untouched groups are taken whole:\n{events:#?}"
    );
    assert!(
        16 * groups_reused + blocks_reused >= 240,
        "the 249 untouched blocks are taken whole, in their groups or alone; \
         {groups_reused} groups and {blocks_reused} blocks were:\n{events:#?}"
    );
    assert!(
        events.len() < 200,
        "about two events a group or block, not several a line: {} events",
        events.len()
    );
}

#[test]
fn without_blank_lines_a_keystroke_reuses_each_line_whole() {
    let mut parser = support::parser();
    // 2,000 lines, no blank line: one block, taken line by line.
    let text = document(2_000, usize::MAX);
    let tree = parser.parse(&text, None).expect("a tree");
    let at = middle_line(&text);
    let (edited, input_edit) = edit(&text, at, at, "1");
    let events = reuse_log(&mut parser, &tree, &edited, &input_edit);
    let fragile_lines: Vec<&String> = events
        .iter()
        .filter(|event| {
            event
                .strip_prefix("cant_reuse_node_is_fragile tree:")
                .is_some_and(|kind| ["hand_line", "hand", "comment", "rules_line"].contains(&kind))
        })
        .collect();
    assert!(
        fragile_lines.is_empty(),
        "no line is fragile: {fragile_lines:#?}"
    );
    assert!(
        events.len() < 2 * 2_000 + 100,
        "about two events a line: {} events",
        events.len()
    );
}
