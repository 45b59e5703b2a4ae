//! tree-sitter-mj on a 10,000-line `.mj` document: a full parse, and the
//! incremental re-parse an editor does after typing one character; in the
//! same run, the same two for `tree-sitter-json` on a 10,000-line JSON
//! document of about the same size, as the reference of a grammar whose
//! re-parse is known to be fast (read the ratios: the machine is shared).
//!
//! Both parse with tree-sitter's allocator set to mimalloc, as an
//! application embedding the grammar sets it (`support/allocator.rs`);
//! `MJ_BENCH_ALLOCATOR=libc` measures them with the C library's `malloc`.
//! Each parse is timed while the tree before it is still alive, and that
//! tree is freed off the clock (`time_parses`), as an editor keeps its old
//! tree until the new one is in place. After criterion's full-parse rows,
//! paired rounds time the two grammars' full parses back to back and print
//! the ratio of their summed times (`paired_full_parses`).
//!
//! cargo bench -p tree-sitter-mj --bench parse -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Bencher, Criterion};
use tree_sitter::{InputEdit, Language, Parser, Point, Tree};

#[path = "support/allocator.rs"]
mod allocator;
#[path = "support/documents.rs"]
mod documents;

use allocator::TreeSitterAllocator;
use documents::{json_document, mj_document, EDITED_LINE};

fn parser(language: Language) -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&language).expect("the grammar loads");
    parser
}

/// A document, its tree, and the same document with `1` typed into line
/// [`EDITED_LINE`] at `column` (in mj, a new tile at the start of a hand; in
/// JSON, a digit in a number: both leave the document valid).
struct Case {
    parser: Parser,
    tree: Tree,
    edited: String,
    edit: InputEdit,
}

impl Case {
    fn new(language: Language, text: &str, column: impl Fn(&str) -> usize) -> Case {
        let mut parser = parser(language);
        let tree = parser.parse(text, None).expect("a tree");
        assert!(!tree.root_node().has_error(), "the document parses cleanly");
        let line_start: usize = text
            .split_inclusive('\n')
            .take(EDITED_LINE)
            .map(str::len)
            .sum();
        let column = column(&text[line_start..]);
        let at = line_start + column;
        let mut edited = text.to_string();
        edited.insert(at, '1');
        let edit = InputEdit {
            start_byte: at,
            old_end_byte: at,
            new_end_byte: at + 1,
            start_position: Point::new(EDITED_LINE, column),
            old_end_position: Point::new(EDITED_LINE, column),
            new_end_position: Point::new(EDITED_LINE, column + 1),
        };
        let fresh = parser.parse(&edited, None).expect("a tree");
        assert!(
            !fresh.root_node().has_error(),
            "the edit leaves the document valid"
        );
        let mut case = Case {
            parser,
            tree,
            edited,
            edit,
        };
        assert_eq!(
            case.reparse().root_node().to_sexp(),
            fresh.root_node().to_sexp(),
            "the re-parse gives the tree a fresh parse gives"
        );
        case
    }

    fn reparse(&mut self) -> Tree {
        let mut old = self.tree.clone();
        old.edit(&self.edit);
        self.parser.parse(&self.edited, Some(&old)).expect("a tree")
    }
}

/// Times `parse` as an editor runs it: the tree it gave the time before is
/// still alive while it runs (an editor parses the new text before it lets
/// go of the old tree), and is dropped after the clock stops. Freeing a
/// tree is no part of parsing: the editor does it when the new tree is in
/// place, and criterion's `iter` would time it inside each parse (2% of a
/// full parse's instructions with mimalloc, 4% with glibc's `malloc`). Both
/// grammars are timed so.
fn time_parses(bencher: &mut Bencher, mut parse: impl FnMut() -> Tree) {
    bencher.iter_custom(|iterations| {
        let mut elapsed = Duration::ZERO;
        let mut previous: Option<Tree> = None;
        for _ in 0..iterations {
            let start = Instant::now();
            let tree = black_box(parse());
            elapsed += start.elapsed();
            // The tree before this one is freed here, off the clock.
            previous = Some(tree);
        }
        drop(previous);
        elapsed
    });
}

/// How many rounds `paired_full_parses` times: some 8 seconds of work.
const PAIRED_ROUNDS: usize = 100;

/// Both grammars' full parses timed in alternation, one of each back to
/// back (the order alternating), and the ratio of their summed times
/// printed. Criterion's rows are measured one after the other, seconds
/// apart, and this machine's speed changes by up to a half at that scale
/// (another tenant of the host), so the ratio of two rows can be the host's;
/// in a round both grammars see the same moment. Each tree is freed off the
/// clock after the next parse of its grammar, as in `time_parses`.
fn paired_full_parses(mut mj: impl FnMut() -> Tree, mut json: impl FnMut() -> Tree) {
    let mut previous_mj: Option<Tree> = None;
    let mut previous_json: Option<Tree> = None;
    let time = |parse: &mut dyn FnMut() -> Tree, previous: &mut Option<Tree>| {
        let start = Instant::now();
        let tree = black_box(parse());
        let elapsed = start.elapsed();
        *previous = Some(tree);
        elapsed
    };
    let mut mj_times = Vec::with_capacity(PAIRED_ROUNDS);
    let mut json_times = Vec::with_capacity(PAIRED_ROUNDS);
    for round in 0..PAIRED_ROUNDS {
        if round % 2 == 0 {
            mj_times.push(time(&mut mj, &mut previous_mj));
            json_times.push(time(&mut json, &mut previous_json));
        } else {
            json_times.push(time(&mut json, &mut previous_json));
            mj_times.push(time(&mut mj, &mut previous_mj));
        }
    }
    let milliseconds = |times: &[Duration]| {
        times.iter().sum::<Duration>().as_secs_f64() * 1e3 / times.len() as f64
    };
    let mut ratios: Vec<f64> = mj_times
        .iter()
        .zip(&json_times)
        .map(|(mj, json)| mj.as_secs_f64() / json.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "full parse, paired: mj ÷ json {:.2} over {PAIRED_ROUNDS} alternating rounds \
         (mj {:.1} ms, json {:.1} ms a parse; per round: median {:.2}, highest tenth {:.2})",
        milliseconds(&mj_times) / milliseconds(&json_times),
        milliseconds(&mj_times),
        milliseconds(&json_times),
        ratios[PAIRED_ROUNDS / 2],
        ratios[PAIRED_ROUNDS - PAIRED_ROUNDS / 10],
    );
}

fn bench(c: &mut Criterion) {
    let allocator = match std::env::var("MJ_BENCH_ALLOCATOR") {
        Err(_) => TreeSitterAllocator::Mimalloc,
        Ok(name) => TreeSitterAllocator::from_name(&name)
            .unwrap_or_else(|| panic!("MJ_BENCH_ALLOCATOR: mimalloc or libc, not {name:?}")),
    };
    // Before any tree-sitter object exists.
    allocator.install();
    let mj = mj_document();
    let json = json_document();
    eprintln!(
        "documents: mj {} lines, {} bytes; json {} lines, {} bytes; tree-sitter allocates with {}",
        mj.lines().count(),
        mj.len(),
        json.lines().count(),
        json.len(),
        allocator.name()
    );
    let mj_language: Language = tree_sitter_mj::LANGUAGE.into();
    let json_language: Language = tree_sitter_json::LANGUAGE.into();

    let mut group = c.benchmark_group("full parse, 10,000 lines");
    let mut mj_parser = parser(mj_language.clone());
    group.bench_function("mj", |b| {
        time_parses(b, || mj_parser.parse(black_box(&mj), None).expect("a tree"))
    });
    let mut json_parser = parser(json_language.clone());
    group.bench_function("json", |b| {
        time_parses(b, || {
            json_parser.parse(black_box(&json), None).expect("a tree")
        })
    });
    group.finish();

    let asked_for_timing = !std::env::args().any(|arg| arg == "--test" || arg == "--list");
    if asked_for_timing {
        paired_full_parses(
            || mj_parser.parse(black_box(&mj), None).expect("a tree"),
            || json_parser.parse(black_box(&json), None).expect("a tree"),
        );
    }

    let mut group = c.benchmark_group("re-parse after one typed character");
    let mut mj_case = Case::new(mj_language, &mj, |_| 0);
    group.bench_function("mj", |b| time_parses(b, || mj_case.reparse()));
    let mut json_case = Case::new(json_language, &json, |line| {
        line.find("\"dora\": ")
            .expect("the edited record has a dora")
            + 8
    });
    group.bench_function("json", |b| time_parses(b, || json_case.reparse()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
