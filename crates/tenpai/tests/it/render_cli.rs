//! `tenpai render`: the page of a document draws every hand `check` finds,
//! with the right tiles, and changes nothing else; `--svg` and `--png`
//! draw one hand; `-o` writes atomically; errors exit 1.

use std::path::{Path, PathBuf};
use std::process::Command;

use tenpai::document::present::{hand_text, WinTile};
use tenpai::document::{Analyzer, DocKind, Origin};
use tenpai::render::{render_document, PageOptions};
use tenpai::score::Rules;
use tenpai::tile::TileText;

fn tenpai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tenpai"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-render-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn svg_of_one_hand() {
    let out = tenpai()
        .args(["render", "--svg", "234m567p22s345678s riichi tsumo dora=1s"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    // 14 tiles and one indicator, each pointing at its face's symbol.
    assert_eq!(svg.matches("<use data-tile=").count(), 15);
    assert!(svg.contains("<use data-tile=\"1s\" href=\"#mj-1s\""));
    assert!(svg.contains("<symbol id=\"mj-1s\""));
    assert!(svg.contains(">6 han · Haneman · 6000 all</text>"));
    assert!(svg.contains(">dora</text>"));
}

#[test]
fn a_hand_with_errors_is_drawn_marked_and_exits_1() {
    let out = tenpai()
        .args(["render", "--svg", "123m456p789s1122z8z"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.contains("class=\"mj-x\""), "marked");
    assert!(svg.contains("<title>123m456p789s1122z8z\nerror: there is no 8z"));
    assert_eq!(
        svg.matches("<use data-tile=").count(),
        13,
        "the tiles that were read"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("invalid-tile"), "{stderr}");
    // Not a hand at all: a usage error.
    let out = tenpai()
        .args(["render", "--svg", "# a comment"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn png_and_atomic_output() {
    let dir = temp_dir("png");
    let png = dir.join("hand.png");
    std::fs::write(&png, b"old").unwrap();
    let out = tenpai()
        .args(["render", "--png", "123m456p789s22z (rrr) dora=4p", "-o"])
        .arg(&png)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Twice the CSS size: 14 tiles and an indicator of 30 units, 0.9 px each.
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert!(width > 2 * 14 * 27, "{width}");
    let page = dir.join("page.html");
    let out = tenpai()
        .arg("render")
        .arg(repo().join("examples/pushing-with-value.md"))
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    // The example has a typo on purpose: drawn, reported, exit 1.
    assert_eq!(out.status.code(), Some(1));
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    // A directory that does not exist: an error, and nothing written.
    let out = tenpai()
        .args(["render", "--svg", "11z", "-o"])
        .arg(dir.join("missing/x.svg"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each `mj-hand` element of a page: its `data-tiles` and its tiles'
/// `data-tile`s.
fn drawn_hands(html: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("class=\"mj-hand") {
        rest = &rest[at..];
        let tiles = attribute(rest, "data-tiles").unwrap_or_default();
        let end = rest.find("</svg>").unwrap_or(rest.len());
        let mut each = Vec::new();
        let mut inside = &rest[..end];
        while let Some(t) = inside.find("data-tile=\"") {
            inside = &inside[t..];
            each.extend(attribute(inside, "data-tile"));
            inside = &inside[1..];
        }
        out.push((tiles, each));
        rest = &rest[end..];
    }
    out
}

fn attribute(html: &str, name: &str) -> Option<String> {
    let start = html.find(&format!("{name}=\""))? + name.len() + 2;
    let end = start + html[start..].find('"')?;
    Some(
        html[start..end]
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// The tiles of a hand line as `data-tile`s: the hand's, then the dora and
/// ura indicators, sorted.
fn expected_tiles(line: &tenpai::notation::ast::HandLine) -> Vec<String> {
    let code = |t: &tenpai::notation::ast::TileTok| {
        if t.red && t.tile.is_five() {
            format!("0{}", t.tile.suit().letter())
        } else {
            t.tile.ascii()
        }
    };
    let mut out: Vec<String> = line.tiles().iter().map(code).collect();
    for option in &line.options {
        if matches!(option.key(), "dora" | "ura") {
            if let Some(tenpai::notation::ast::OptionValue::Tiles(range)) = &option.value {
                out.extend(line.toks(range).iter().map(code));
            }
        }
    }
    out.sort();
    out
}

/// The hand of a line in canonical notation, every red five as written:
/// the closed tiles sorted (a red five before a plain one), then each meld.
fn written_canonical(line: &tenpai::notation::ast::HandLine) -> String {
    use tenpai::notation::ast::{HandItem, TileTok};
    let compact = |tiles: &mut Vec<TileTok>| {
        tiles.sort_by_key(|t| (t.tile.index(), !t.red));
        let mut out = String::new();
        for (i, t) in tiles.iter().enumerate() {
            out.push(if t.red {
                '0'
            } else {
                char::from(b'0' + t.tile.number())
            });
            if tiles
                .get(i + 1)
                .is_none_or(|n| n.tile.suit() != t.tile.suit())
            {
                out.push(t.tile.suit().letter());
            }
        }
        out
    };
    let mut closed = Vec::new();
    let mut melds = Vec::new();
    for item in &line.items {
        match item {
            HandItem::Group(g) => closed.extend_from_slice(line.toks(&g.tiles)),
            HandItem::Meld(m) => melds.push(line.toks(&m.tiles).to_vec()),
        }
    }
    let mut out = compact(&mut closed);
    for mut meld in melds {
        out.push_str(&format!(" ({})", compact(&mut meld)));
    }
    out.trim().to_string()
}

/// The visible text of HTML: tags removed, entities read, whitespace gone.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag && !c.is_whitespace() => out.push(c),
            _ => {}
        }
    }
    out.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The page without its hands: each `mj-hand` element and each note of
/// a fence of hands removed (the code a fence holds besides hands stays).
fn without_hands(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    let elements = [
        ("<figure class=\"mj-hand", "</figure>"),
        ("<span class=\"mj-hand", "</svg></span>"),
        ("<p class=\"mj-note\">", "</p>"),
    ];
    loop {
        let next = elements
            .iter()
            .filter_map(|(open, close)| rest.find(open).map(|at| (at, *close)))
            .min();
        let Some((at, close)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let end = rest[at..]
            .find(close)
            .map_or(rest.len(), |e| at + e + close.len());
        rest = &rest[end..];
    }
}

/// Renders `text`, then checks that every hand line `check` analyses is
/// drawn, in order, with its tiles, and that the page's other text is the
/// document's.
fn check_page(name: &str, text: &str, kind: DocKind) -> usize {
    let rules = Rules::tenhou();
    let page = render_document(text, kind, &rules, &PageOptions::default());
    let lines = Analyzer::new().analyze(text, kind, &rules);
    let hands: Vec<_> = lines.iter().filter(|l| l.analysis.is_hand()).collect();
    let drawn = drawn_hands(&page.html);
    assert_eq!(drawn.len(), hands.len(), "{name}: every hand is drawn");
    assert_eq!(page.hands, hands.len(), "{name}");
    for (line, (tiles, each)) in hands.iter().zip(&drawn) {
        let source = line.text(text);
        let hand = line.analysis.hand_line().unwrap();
        let reds = hand
            .tiles()
            .iter()
            .filter(|t| t.red && t.tile.is_five())
            .count();
        let expected = if line.analysis.has_errors() {
            source[hand.hand_span.clone()].trim().to_string()
        } else if reds <= 1 {
            hand_text(
                &line.analysis.validated.as_ref().unwrap().hand,
                WinTile::InHand,
                TileText::Ascii,
            )
            .trim()
            .to_string()
        } else {
            // Two red fives (a dialect's illustration): the validated hand
            // keeps one per suit, the drawing what was written.
            written_canonical(hand)
        };
        assert_eq!(tiles, &expected, "{name}: data-tiles of {source:?}");
        let mut each = each.clone();
        each.sort();
        assert_eq!(
            each,
            expected_tiles(hand),
            "{name}: data-tile of {source:?}"
        );
    }
    // Nothing else changes: the page's text without its hands is the
    // document's text without them, as pulldown-cmark renders it.
    if kind == DocKind::Markdown {
        let mut plain_source = String::new();
        let mut at = 0;
        // A hand in prose is a placeholder that is no hand, so the
        // Markdown around it parses as it did (an emptied code span would
        // not); a fence's line is left blank.
        // A site in prose that is no hand (`0z`, a tile back) stays.
        for line in lines
            .iter()
            .filter(|l| l.analysis.is_hand() || l.origin == Origin::Fence)
        {
            plain_source.push_str(&text[at..line.range.start]);
            let block = line.translation.as_ref().is_some_and(|t| t.block);
            if !matches!(line.origin, Origin::Fence) && !block {
                plain_source.push('\u{24BD}');
            }
            at = line.range.end;
        }
        plain_source.push_str(&text[at..]);
        let plain = visible_text(&pulldown_html(&plain_source)).replace('\u{24BD}', "");
        let ours = visible_text(&without_hands(&page.html));
        let ours = ours
            .split_once("</main>")
            .map_or(ours.clone(), |(o, _)| o.to_string());
        let ours = ours[ours.find("<main>").map_or(0, |m| m + 6)..].to_string();
        // What a hand took besides its line: backticks, `^^`, fences.
        let strip = |s: &str| s.replace(['`', '^', '~'], "").replace("mj", "");
        assert_eq!(
            strip(&ours),
            strip(&plain),
            "{name}: the text around the hands"
        );
    }
    hands.len()
}

fn pulldown_html(text: &str) -> String {
    let page = render_document(
        text,
        DocKind::Markdown,
        &Rules::tenhou(),
        &PageOptions::default(),
    );
    page.html
}

#[test]
fn the_examples_are_drawn_hand_for_hand() {
    let mut total = 0;
    for entry in std::fs::read_dir(repo().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let Some(kind) = DocKind::from_path(&path) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        total += check_page(&path.display().to_string(), &text, kind);
    }
    assert!(total > 20, "{total} hands");
}

#[test]
fn the_real_documents_are_drawn_hand_for_hand() {
    let dir = repo().join("../shared/realdocs");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (CI puts ../shared beside the clone)",
            dir.display()
        )
    });
    let mut documents = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if DocKind::from_path(&path) != Some(DocKind::Markdown) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        check_page(&path.display().to_string(), &text, DocKind::Markdown);
        documents += 1;
    }
    assert!(documents >= 20, "{documents} documents");
}

/// A page of 1,000 different hands weighs at most 2 KB per hand: each
/// face is one `<symbol>` for the whole page, each tile one `<use>`.
#[test]
fn a_page_of_a_thousand_hands_weighs_under_2_kb_a_hand() {
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
    let mut text = String::from("# A thousand hands\n\n```mj\n");
    for i in 0..1000 {
        let dora = i % 34;
        let suit = ["m", "p", "s", "z"][dora / 9];
        text.push_str(&format!(
            "{} dora={}{suit} honba={}\n",
            hands[i % 10],
            dora % 9 + 1,
            i / 10
        ));
    }
    text.push_str("```\n");
    let rules = Rules::tenhou();
    let options = PageOptions::default();
    let page = render_document(&text, DocKind::Markdown, &rules, &options);
    assert_eq!(page.hands, 1000);
    let empty = render_document("# A thousand hands\n", DocKind::Markdown, &rules, &options);
    let per_hand = (page.html.len() - empty.html.len()) / page.hands;
    assert!(per_hand <= 2048, "{per_hand} bytes per hand");
}
