//! The grammar against the nom parser on generated lines, beyond the
//! corpus: lines built from notation fragments (tiles, honors, glyphs,
//! brackets, options, claims, comments, junk), joined with and without
//! blanks. Where the nom parser reports a syntax error, the tree has an
//! ERROR or MISSING node overlapping it; where it reports none, the tree
//! has none.

mod support;

use proptest::prelude::*;

const FRAGMENTS: &[&str] = &[
    "123m",
    "406p",
    "789s",
    "11z",
    "1234567h",
    "8z",
    "0z",
    "123",
    "m",
    "p",
    "h",
    "e",
    "s",
    "w",
    "wh",
    "g",
    "r",
    "rrr",
    "wwh",
    "🀇",
    "🀄",
    "🀢",
    "(",
    ")",
    "[",
    "]",
    "(123m)",
    "[1111s]",
    "(rrr)",
    "riichi",
    "tsumo",
    "riichii",
    "dora=1m",
    "seat=e",
    "honba=2",
    "win=",
    "=x",
    "=>",
    "=> 7700",
    "=> 3 han 30 fu",
    "=> waits 14m",
    "# note",
    "x",
    "!",
    "M",
    "5",
    "rules:",
    // The mark as the nom parser also reads it (with an error and a fix).
    "Rules:",
    "RULES :",
    "rules\t:",
    "tenhou",
    // A NUL byte: an error wherever it stands, for both parsers.
    "\0",
    "x\0y",
    // Blanks other than the space the lines are joined with, and U+FEFF,
    // which is none: an unknown character inside a line.
    "\t",
    "\u{3000}",
    "\u{feff}",
];

fn line() -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(FRAGMENTS), prop::bool::ANY), 1..8).prop_map(
        |parts| {
            let mut s = String::new();
            for (frag, space) in parts {
                s.push_str(frag);
                if space {
                    s.push(' ');
                }
            }
            s
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_the_nom_parser(text in line()) {
        // A byte order mark at the very start is the file's: tree-sitter
        // skips it, and so does the server before it parses the first line
        // (document/extract.rs).
        let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let parsed = tenpai_core::notation::parse_line(&text[bom..]);
        let syntax: Vec<_> = parsed
            .errors
            .iter()
            .filter(|d| support::is_syntax(d.code.as_str()))
            .map(|d| (d.code.to_string(), d.span.start + bom..d.span.end + bom))
            .collect();
        let tree = support::parse(&text);
        let mut errs = Vec::new();
        support::error_nodes(tree.root_node(), &mut errs);
        let spans: Vec<(usize, usize)> = errs.iter().map(|n| (n.start_byte(), n.end_byte())).collect();
        if syntax.is_empty() {
            prop_assert!(spans.is_empty(), "{text:?}: nom has no syntax error, tree has ERROR at {spans:?}: {}", tree.root_node().to_sexp());
        } else {
            for (code, span) in &syntax {
                let hit = spans.iter().any(|&(a, b)| if a == b { span.start <= a && a <= span.end } else { a < span.end && span.start < b });
                prop_assert!(hit, "{text:?}: {code} at {span:?}, tree errors at {spans:?}: {}", tree.root_node().to_sexp());
            }
        }
    }
}
