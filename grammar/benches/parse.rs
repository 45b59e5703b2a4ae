//! tree-sitter-mj on a 10,000-line `.mj` document: a full parse, and the
//! incremental re-parse an editor does after typing one character.

use criterion::{criterion_group, criterion_main, Criterion};
use tree_sitter::{InputEdit, Parser, Point};

const LINES: &[&str] = &[
    "234m 567p 22s 345678s riichi tsumo dora=1s => 2000/3900 # after riichi",
    "123m406p789s11z22z win=2z seat=s round=e",
    "(123m) (rrr) [1111p] 55s 789see ron => 3 han 40 fu",
    "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄 => tenpai waits 🀄",
    "123m 456p 789s 1122z => 1-shanten",
    "# a comment between hands",
    "rules: tenhou kiriage=off",
    "",
];

fn document(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(LINES[i % LINES.len()]);
        s.push('\n');
    }
    s
}

fn parser() -> Parser {
    let mut p = Parser::new();
    p.set_language(&tree_sitter_mj::LANGUAGE.into())
        .expect("the mj grammar loads");
    p
}

fn bench(c: &mut Criterion) {
    let text = document(10_000);
    let mut p = parser();
    c.bench_function("tree-sitter-mj/parse 10k lines", |b| {
        b.iter(|| p.parse(&text, None).expect("a tree"))
    });

    // Type `1` at the start of line 5,000 (a new tile in a hand).
    let line = 5_000;
    let at = text
        .split_inclusive('\n')
        .take(line)
        .map(str::len)
        .sum::<usize>();
    let mut edited = text.clone();
    edited.insert(at, '1');
    let edit = InputEdit {
        start_byte: at,
        old_end_byte: at,
        new_end_byte: at + 1,
        start_position: Point::new(line, 0),
        old_end_position: Point::new(line, 0),
        new_end_position: Point::new(line, 1),
    };
    let base = p.parse(&text, None).expect("a tree");
    c.bench_function("tree-sitter-mj/reparse after 1 char (10k lines)", |b| {
        b.iter(|| {
            let mut old = base.clone();
            old.edit(&edit);
            p.parse(&edited, Some(&old)).expect("a tree")
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
