//! Real documents: the articles, READMEs and problem sets of
//! `../shared/realdocs/` (other people's text, read at run time and never
//! copied into the project; `SOURCES.tsv` says where each comes from).
//!
//! Their authors write hands in the notations their sites render (Hugo
//! shortcodes, MDC components, tile images, pymdownx and mahgen fences,
//! glyphs, mpsz in code…). For each document the list below holds what a
//! reader finds in it, counted by hand: every hand of 13 tiles or more (line,
//! canonical tiles) and every error of the author's (line, code). `check`
//! (the library and the command) and the server must find those hands with
//! those tiles, and report those errors and nothing else.
//!
//! The errors: a 15-tile hand (cccx-novice-yaku), a wrong list of waits
//! (maku-columns-20200721-chombo: `4555567m` waits on 3467m, not 3457m),
//! and seven pairs of honors that mahc prices as three yakuman (tsuuiisou
//! is one; readme-mahc).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::{json, Value};
use tenpai::document::present::symbols::symbol;
use tenpai::document::{file_diagnostics, Analyzer, DocKind, Encoding, TextDocument};
use tenpai::lsp::test_client::TestClient;
use tenpai::score::Rules;

/// A document: its file, its hands (1-based line, canonical tiles) and its
/// author's errors (1-based line, code).
type Expected = (
    &'static str,
    &'static [(u32, &'static str)],
    &'static [(u32, &'static str)],
);

const DOCS: &[Expected] = &[
    ("cccx-intermediate-betaori-2.md", &[], &[]),
    ("cccx-intermediate-kabe.md", &[(6, "357m244057p3345z")], &[]),
    (
        "cccx-novice-efficiency-1.md",
        &[(53, "235m11579p466s (222z)")],
        &[],
    ),
    (
        "cccx-novice-yaku.md",
        &[
            (12, "12469m69p3357s1345z"),
            (43, "222567m33345p (567s)"),
            (56, "123345m33p789s (777z)"),
        ],
        &[(12, "tile-count")],
    ),
    ("celes-2018-11-05-find-a-friend.md", &[], &[]),
    ("celes-2018-11-14-calm-aggression.md", &[], &[]),
    (
        "docs-pymdownx-mahjong-index.md",
        &[(8, "19m19p19s1234567z"), (101, "11122255z [3333z] (4444z)")],
        &[],
    ),
    (
        "maku-books-2023-mutsugorou.md",
        &[(88, "789m23567p678s33z")],
        &[],
    ),
    (
        "maku-columns-20200721-chombo.md",
        &[
            (31, "3444555s555777z"),
            (32, "3344555s555777z"),
            (33, "3334555s555777z"),
            (34, "3334556s555777z"),
            (35, "33444555s55777z"),
            (43, "3344455566p555z"),
            (44, "3334455666p555z"),
            (48, "3334445566p555z"),
            (49, "3334445567p555z"),
            (50, "3334455566p555z"),
            (51, "3334455567p555z"),
            (52, "3334555666p555z"),
            (53, "3344455567p555z"),
            (54, "3344555666p555z"),
            (55, "3444555666p555z"),
            (56, "33344555666p55z"),
            (57, "33444555666p55z"),
            (63, "3445555p555777z"),
            (64, "3455556p555777z"),
            (65, "34444555p55777z"),
            (66, "34445555p55777z"),
            (67, "3333445666p555z"),
            (68, "3333455666p555z"),
            (78, "4455666777m555z"),
            (79, "3455666777m555z"),
            (80, "4455566777m555z"),
            (81, "3455566777m555z"),
            (82, "4445556777m555z"),
            (83, "3455566677m555z"),
            (84, "4445556677m555z"),
            (85, "4445556667m555z"),
            (86, "44455566777m55z"),
            (87, "44455566677m55z"),
            (91, "5555667m555777z"),
            (92, "4555567m555777z"),
            (93, "55566667m55777z"),
            (94, "55556667m55777z"),
            (95, "4445667777m555z"),
            (96, "4445567777m555z"),
        ],
        &[(92, "wrong-claim")],
    ),
    (
        "maku-columns-shanten.md",
        &[
            (14, "123m345p555s11177z"),
            (27, "159m148p159s12357z"),
            (42, "129m148p159s12377z"),
            (58, "123m148p159s12357z"),
            (96, "111m1357p2378s11z"),
        ],
        &[],
    ),
    (
        "maku-strategies-20201025-kuikae.md",
        &[(44, "233445m23p99s (666z)"), (49, "234456m23p99s (666z)")],
        &[],
    ),
    (
        "maku-strategies-kouritsu-10-an-peiko.md",
        &[(28, "223m222334p67s777z"), (52, "223m223334p67s777z")],
        &[],
    ),
    ("maku-waiting-waiting1.md", &[(90, "1112345678999m")], &[]),
    (
        "nanikiru-001-question.md",
        &[(15, "12m3456p567s4446z")],
        &[],
    ),
    (
        "nanikiru-001-solution.md",
        &[(14, "12m13456p567s4446z")],
        &[],
    ),
    (
        "readme-mahc.md",
        &[
            (23, "11223344p111777z"),
            (45, "19m19p19s12334567z"),
            (46, "11223344556677z"),
            (74, "12345678999p (777z)"),
        ],
        &[(46, "wrong-claim")],
    ),
    ("readme-mahgen-en.md", &[], &[]),
    (
        "readme-mahjong-cpp.md",
        &[
            (117, "222345567p333s22z"),
            (158, "222567m34p33667s"),
            (192, "222567m34p33667s"),
            (220, "222567m34p33667s1z"),
            (262, "222345567p333s22z"),
            (278, "222345567p333s22z"),
            (300, "206m1358p1345579s"),
        ],
        &[],
    ),
    (
        "readme-mahjong-helper.md",
        &[
            (155, "345678m569p45667s"),
            (197, "34068m5678p23567s"),
            (201, "234688m34s [6666p] (234p)"),
            (211, "24688m34s [6666p] (234p)"),
            (215, "34568m5678p23567s"),
            (225, "34568m5678p23567s"),
            (229, "34568m5678p23567s"),
        ],
        &[],
    ),
    ("readme-mahjong-utils.md", &[(78, "112233p44556s127z")], &[]),
    (
        "readme-mandel59-mahjong.md",
        &[
            (21, "567p12233488s11z"),
            (22, "1112345678999m"),
            (26, "22233344405m222p"),
            (41, "05m234s (234p) (234m) (111z)"),
            (44, "33366p (1111z) (555z) [3333s]"),
        ],
        &[],
    ),
    ("readme-obsidian-mahgen.md", &[(30, "11123405678999m")], &[]),
    (
        "readme-riichi-tools-rs.md",
        &[
            (64, "123m678p44456888s"),
            (65, "456s11133z (456m) (456p)"),
            (66, "4z (111z) [2222z] (3333z) (666z)"),
        ],
        &[],
    ),
    (
        "readme-xiangting.md",
        &[
            (63, "123m456p789s11222z"),
            (94, "199m146779p12s246z"),
            (122, "1111m111122233z"),
        ],
        &[],
    ),
    (
        "simzhou-en-dora01.md",
        &[
            (15, "2334455p1156s (555z)"),
            (19, "1334455p1156s (555z)"),
            (31, "3456m5p223334s (567s)"),
            (43, "1234478m4478p666z"),
            (51, "11234478m78p2666z"),
            (69, "666m112789p2478s2z"),
        ],
        &[],
    ),
    (
        "simzhou-en-pairi14.md",
        &[
            (17, "13567m23345p4599s"),
            (28, "555m22268p244588s"),
            (39, "11m2233678p34789s"),
            (50, "1356m57p12223789s"),
            (68, "2355789p2356778s"),
            (78, "2355789p3456778s"),
            (83, "4578999m45p11145s"),
            (91, "5678999m45p11145s"),
        ],
        &[],
    ),
    (
        "ssdh-genmajisen-review.md",
        &[
            (29, "1234567m33406p55s"),
            (41, "488m22344567p067s"),
            (53, "567m899p11345s555z"),
            (65, "223567m23499s [6666z]"),
            (77, "12789m3557p5789s6z"),
            (89, "1367m668p1268s55z"),
        ],
        &[],
    ),
];

fn realdocs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/realdocs")
}

fn read(file: &str) -> String {
    let path = realdocs().join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hands_of(expected: &Expected) -> BTreeSet<(u32, String)> {
    expected
        .1
        .iter()
        .map(|(l, n)| (*l, n.to_string()))
        .collect()
}

fn errors_of(expected: &Expected) -> BTreeSet<(u32, String)> {
    expected
        .2
        .iter()
        .map(|(l, c)| (*l, c.to_string()))
        .collect()
}

#[test]
fn every_document_is_counted() {
    let mut files: Vec<String> = std::fs::read_dir(realdocs())
        .expect("../shared/realdocs beside the repository")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    files.sort();
    let listed: Vec<&str> = DOCS.iter().map(|d| d.0).collect();
    assert_eq!(files, listed, "each document is read and counted here");
    let hands: usize = DOCS.iter().map(|d| d.1.len()).sum();
    assert!(hands >= 100, "{hands} hands");
}

#[test]
fn check_finds_every_hand_and_only_the_authors_errors() {
    let mut missing = Vec::new();
    let mut found_count = 0;
    for expected in DOCS {
        let text = read(expected.0);
        let lines = Analyzer::new().analyze(&text, DocKind::Markdown, &Rules::tenhou());
        let index = TextDocument::new(&text);
        let line_of = |at: usize| index.position(at, Encoding::Utf8).line + 1;
        let found: BTreeSet<(u32, String)> = lines
            .iter()
            .filter_map(|l| {
                let s = symbol(&l.analysis, l.text(&text))?;
                Some((line_of(l.range.start), s.name))
            })
            .collect();
        for hand in hands_of(expected) {
            if found.contains(&hand) {
                found_count += 1;
            } else {
                missing.push(format!("{}:{} {}", expected.0, hand.0, hand.1));
            }
        }
        let errors: BTreeSet<(u32, String)> = file_diagnostics(&lines)
            .iter()
            .map(|d| (line_of(d.range.start), d.code.to_string()))
            .collect();
        assert_eq!(errors, errors_of(expected), "{}", expected.0);
    }
    assert!(
        missing.is_empty(),
        "hands not found ({found_count} found): {missing:#?}"
    );
}

/// The values the authors state beside their hands and tenpai checks, by
/// kind (`waits`, `tiles`, `points`…), each right or wrong.
#[test]
fn stated_values_are_checked() {
    use tenpai::document::claims::Verdict;
    let mut right: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut wrong = BTreeSet::new();
    for expected in DOCS {
        let text = read(expected.0);
        let lines = Analyzer::new().analyze(&text, DocKind::Markdown, &Rules::tenhou());
        let index = TextDocument::new(&text);
        for l in &lines {
            let hand = l.text(&text);
            for check in &l.analysis.claims {
                let item = hand.get(check.span.clone()).unwrap_or_default();
                let kind = if item.starts_with("wait") {
                    "waits"
                } else if item.starts_with("accepts") {
                    "lists"
                } else if item.ends_with("tiles") || item.ends_with("kinds") {
                    "tiles"
                } else {
                    "value"
                };
                match check.verdict {
                    Verdict::Right => *right.entry(kind).or_default() += 1,
                    _ => {
                        let at = l.to_document(&check.span).start;
                        let line = index.position(at, Encoding::Utf8).line + 1;
                        wrong.insert((expected.0, line, kind));
                    }
                }
            }
        }
    }
    // The two wrong ones are the authors' errors listed above.
    let errors: BTreeSet<(&str, u32, &str)> = [
        ("maku-columns-20200721-chombo.md", 92, "waits"),
        ("readme-mahc.md", 46, "value"),
    ]
    .into();
    assert_eq!(wrong, errors);
    // Counted when this was written: every stated list of waits (arrows,
    // table rows, pymdownx lines), every count of tiles left in a table
    // row (18), the kinds and tiles each discard of the two lists under
    // 14-tile hands accepts (9 discards, 18 counts) and the 9 lists of
    // the tiles they accept, and the values mahc printed.
    let counted: std::collections::BTreeMap<&str, usize> =
        [("lists", 9), ("tiles", 36), ("value", 2), ("waits", 57)].into();
    assert_eq!(right, counted);
}

#[test]
fn the_check_command_reports_only_the_authors_errors() {
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["check", "--format", "json"])
        .arg(realdocs())
        .output()
        .expect("run tenpai check");
    let run: Value = serde_json::from_slice(&out.stdout).expect("JSON findings");
    let findings = run["findings"].as_array().expect("a list of findings");
    for expected in DOCS {
        let reported: BTreeSet<(u32, String)> = findings
            .iter()
            .filter(|f| f["path"].as_str().is_some_and(|p| p.ends_with(expected.0)))
            .map(|f| {
                let line = f["range"]["start"]["line"].as_u64().unwrap_or(0) as u32;
                (line, f["code"].as_str().unwrap_or("").to_string())
            })
            .collect();
        assert_eq!(reported, errors_of(expected), "{}", expected.0);
    }
}

#[tokio::test]
async fn the_server_finds_the_same_hands_and_errors() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(
        json!({"general": {"positionEncodings": ["utf-16"]}}),
        Value::Null,
    )
    .await;
    for expected in DOCS {
        let uri = format!("file:///realdocs/{}", expected.0);
        c.open(&uri, "markdown", 1, &read(expected.0)).await;
        let diagnostics = c.diagnostics(&uri, 1).await;
        let errors: BTreeSet<(u32, String)> = diagnostics
            .as_array()
            .map(|ds| {
                ds.iter()
                    .map(|d| {
                        let line = d["range"]["start"]["line"].as_u64().unwrap_or(0) as u32 + 1;
                        (line, d["code"].as_str().unwrap_or("").to_string())
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(errors, errors_of(expected), "{}", expected.0);
        let symbols = c
            .call(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
            )
            .await;
        let found: BTreeSet<(u32, String)> = symbols
            .as_array()
            .map(|ss| {
                ss.iter()
                    .map(|s| {
                        let line = s["range"]["start"]["line"].as_u64().unwrap_or(0) as u32 + 1;
                        (line, s["name"].as_str().unwrap_or("").to_string())
                    })
                    .collect()
            })
            .unwrap_or_default();
        let missing: Vec<_> = hands_of(expected).difference(&found).cloned().collect();
        assert!(missing.is_empty(), "{}: {missing:?}", expected.0);
    }
}
