//! Lines the unit tests of the fast paths run on (`notation::fast`,
//! `hand::fast`): every hand line of the four-player reference vectors,
//! then those of the rules-variants vectors and every input of the
//! conformance corpus.

fn repo_file(rel: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    std::fs::read_to_string(format!("{path}{rel}")).unwrap_or_default()
}

/// The hand lines of the vectors, then the inputs of the corpus (and
/// where they begin).
pub(crate) fn samples() -> (Vec<String>, usize) {
    let mut out = Vec::new();
    for (file, field) in [
        ("tests/vectors/scoring.jsonl", "line"),
        ("tests/vectors/no-yaku.jsonl", "line"),
        ("tests/vectors/shanten.jsonl", "hand"),
    ] {
        for l in repo_file(file).lines() {
            let value: serde_json::Value = serde_json::from_str(l).unwrap_or_default();
            if let Some(s) = value[field].as_str() {
                out.push(s.to_string());
            }
        }
    }
    let vectors = out.len();
    // The three-player and local-rule vectors draw notes under Tenhou's
    // rules (`nuki=`, `paarenchan`): the fast path is checked on them, but
    // not counted on to take them. Every tenth is enough: the lines after
    // the four-player vectors are also edited character by character.
    for l in repo_file("tests/vectors/rules-variants.jsonl")
        .lines()
        .step_by(10)
    {
        let value: serde_json::Value = serde_json::from_str(l).unwrap_or_default();
        if let Some(s) = value["line"].as_str() {
            out.push(s.to_string());
        }
    }
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpus");
    for entry in std::fs::read_dir(corpus).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let mut lines = text.lines();
        while let Some(l) = lines.next() {
            if l.starts_with("=== ") {
                out.extend(lines.next().map(str::to_string));
            }
        }
    }
    (out, vectors)
}
