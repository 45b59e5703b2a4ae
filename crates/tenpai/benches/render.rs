//! Drawing a page of 1,000 hands in fences and 100 in prose (`tenpai
//! render`): from Markdown text to the HTML page, every hand analysed,
//! laid out and drawn. The page's
//! weight per hand is printed with the timing (a test holds it to 2 KB).
//!
//! cargo bench --bench render -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::document::DocKind;
use tenpai::render::{render_document, PageOptions};
use tenpai::score::Rules;

/// 1,000 different hands: winning and waiting, closed and open, with kans,
/// red fives and indicators; a fence of hands with a paragraph between
/// every ten, and a hand in prose in every paragraph.
pub fn page_of_hands(count: usize) -> String {
    let hands = [
        "234m567p22s345678s riichi tsumo",
        "123m406p11z (rrr) (789s) win=6p",
        "234m678p11z (rrr) [5550m]",
        "123m456p789s1122z",
        "23m567p12789s115z",
        "11m33p55p77s99s22z66z riichi tsumo",
        "(234m) 567p 456s 678s 33p win=5p",
        "123m456p11z [5550s] [7777p] win=1z riichi",
        "19m19p19s1234567z1m",
        "234m234p234s678s55p win=8s riichi",
    ];
    let mut out = String::from("# A thousand hands\n\n");
    let mut written = 0;
    'page: for round in 0.. {
        for dora in 0..34 {
            let suit = ["m", "p", "s", "z"][dora / 9];
            let number = dora % 9 + 1;
            out.push_str(&format!(
                "Round {round}, dora indicator {number}{suit}: the shape `234m56p` again.\n\n```mj\n"
            ));
            for hand in hands {
                out.push_str(&format!("{hand} dora={number}{suit} honba={round}\n"));
                written += 1;
                if written == count {
                    out.push_str("```\n");
                    break 'page;
                }
            }
            out.push_str("```\n\n");
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let text = page_of_hands(1000);
    let rules = Rules::tenhou();
    let options = PageOptions::default();
    let page = render_document(&text, DocKind::Markdown, &rules, &options);
    let empty = render_document("# A thousand hands\n", DocKind::Markdown, &rules, &options);
    eprintln!(
        "page of {} hands: {} bytes, {} bytes per hand",
        page.hands,
        page.html.len(),
        (page.html.len() - empty.html.len()) / page.hands
    );
    let mut group = c.benchmark_group("render");
    group.throughput(Throughput::Elements(page.hands as u64));
    group.bench_function("page_of_1000_hands", |b| {
        b.iter(|| render_document(&text, DocKind::Markdown, &rules, &options))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
