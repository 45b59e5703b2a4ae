//! The playground's answers, natively: what the page receives, with
//! positions in UTF-16 as JavaScript counts them.

use tenpai_core::code::Code;
use tenpai_doc::document::DocKind;
use tenpai_wasm::session::{rules_of_words, Session};

/// The UTF-16 offset of byte `byte` of `text`, as JavaScript counts.
fn js_offset(text: &str, byte: usize) -> usize {
    text[..byte].encode_utf16().count()
}

fn session(text: &str) -> (Session, tenpai_wasm::session::Update) {
    let mut s = Session::new(DocKind::Mj);
    let update = s.update(text);
    (s, update)
}

#[test]
fn a_priced_hand_gets_its_value_as_a_hint_and_no_diagnostic() {
    let text = "123m456p789s1122z2z seat=s\n";
    let (_, update) = session(text);
    assert!(update.diagnostics.is_empty(), "{:?}", update.diagnostics);
    assert_eq!(update.hints.len(), 1);
    let hint = &update.hints[0];
    assert_eq!(hint.kind, "value");
    assert!(hint.label.starts_with('⇒'), "{}", hint.label);
    assert!(hint.label.contains("1300"), "{}", hint.label);
    assert_eq!(hint.at, text.trim_end().len());
    assert_eq!(update.lines.len(), 1);
    assert_eq!(update.lines[0].to, text.trim_end().len());
}

#[test]
fn semantic_tokens_carry_the_servers_legend_names() {
    let text = "406m123p789s11222z (rrr) riichi # note\n";
    let (s, _) = session(text);
    let tokens = s.tokens(0, text.len());
    let types: Vec<&str> = tokens.iter().map(|t| t.token_type).collect();
    for expected in [
        "manTile",
        "pinTile",
        "souTile",
        "honorTile",
        "operator",
        "property",
        "comment",
    ] {
        assert!(
            types.contains(&expected),
            "{expected} missing from {types:?}"
        );
    }
    let red = tokens
        .iter()
        .find(|t| t.modifiers.contains(&"red"))
        .expect("the red five is marked");
    assert_eq!(&text[red.from..red.to], "0");
    // Tokens are in order and do not overlap.
    for pair in tokens.windows(2) {
        assert!(pair[0].to <= pair[1].from, "{pair:?}");
    }
}

#[test]
fn tokens_are_given_for_the_lines_of_a_range() {
    let text = "123m\n456p\n789s\n";
    let (s, _) = session(text);
    let second: Vec<&str> = s.tokens(6, 7).iter().map(|t| t.token_type).collect();
    assert!(!second.is_empty());
    assert!(second.iter().all(|t| *t == "pinTile"), "{second:?}");
    let all = s.tokens(0, text.len());
    assert_eq!(all.len(), 3 * second.len());
}

#[test]
fn an_error_is_a_diagnostic_with_its_fix_at_javascript_offsets() {
    // Glyphs before the error: 4 bytes each in Rust, 2 units in JavaScript.
    let text = "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄🀄\n123M456p789s11222z\n";
    let (_, update) = session(text);
    let diagnostic = update
        .diagnostics
        .iter()
        .find(|d| d.code == Code::MissingSuit)
        .expect("the second line lacks a suit");
    assert_eq!(diagnostic.severity, "error");
    let second = text.find('\n').map(|n| n + 1).unwrap_or_default();
    assert_eq!(diagnostic.from, js_offset(text, second));
    let fix = diagnostic
        .fixes
        .iter()
        .find(|f| f.change.insert == "123m" || f.change.insert == "m")
        .unwrap_or_else(|| panic!("a lowercase suit is offered: {:?}", diagnostic.fixes));
    assert!(fix.change.from >= diagnostic.from, "{fix:?} {diagnostic:?}");
    assert!(fix.change.to <= js_offset(text, second + 4), "{fix:?}");
}

#[test]
fn the_hover_tells_the_value_and_the_fu() {
    let text = "rules: tenhou\n123m456p789s1122z2z seat=s\n";
    let (s, _) = session(text);
    // On an option, not a tile (a tile has a hover of its own).
    let at = js_offset(text, text.find("seat").unwrap_or_default());
    let hover = s.hover(at).expect("a hover over the hand");
    assert!(hover.markdown.contains("1300"), "{}", hover.markdown);
    assert!(hover.markdown.contains("fu"), "{}", hover.markdown);
    let line_start = js_offset(text, text.find("123m").unwrap_or_default());
    assert!(hover.from >= line_start && hover.to > hover.from);
    // Nothing to say about a comment-free blank stretch.
    assert!(s.hover(text.len() + 5).is_none());
}

#[test]
fn actions_offer_the_claim_and_format_normalises() {
    let text = "789s 11z 123m 456p 2z2z seat=s\n";
    let (s, _) = session(text);
    let actions = s.actions(0, 0);
    let claim = actions
        .iter()
        .find(|a| a.title.starts_with("Add the claim"))
        .expect("a claim can be added");
    assert_eq!(claim.kind, "rewrite");
    assert!(claim.changes[0].insert.contains("=>"));
    let edits = s.format();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].from, 0);
    assert_eq!(edits[0].to, text.trim_end().len());
    assert!(
        edits[0].insert.starts_with("123m456p789s"),
        "{}",
        edits[0].insert
    );
}

#[test]
fn fix_all_applies_the_safe_fixes_only() {
    let text = "123m456p789s1122z2z seat=s => 1000\n";
    let (s, update) = session(text);
    assert!(
        update
            .diagnostics
            .iter()
            .any(|d| d.code.as_str().contains("claim")),
        "{:?}",
        update.diagnostics
    );
    let fixed = s.fix_all().expect("the wrong claim is corrected");
    assert!(fixed.contains("=> 1300"), "{fixed}");
    let (clean, _) = session("123m456p789s1122z2z seat=s => 1300\n");
    assert!(clean.fix_all().is_none());
}

#[test]
fn completion_offers_options_at_the_end_of_a_line() {
    let text = "123m456p789s1122z2z rii";
    let (s, _) = session(text);
    let items = s.completion(text.len());
    let riichi = items
        .iter()
        .find(|i| i.label == "riichi")
        .expect("riichi is offered");
    assert_eq!(riichi.change.to, text.len());
    assert_eq!(riichi.change.from, text.len() - 3);
}

#[test]
fn rules_change_the_answers_and_bad_words_are_refused() {
    // 4 han 30 fu: 7700 under Tenhou's rules, mangan with kiriage.
    let text = "234m345p22s567s456p riichi dora=2m seat=s ron\n";
    let mut s = Session::new(DocKind::Mj);
    let plain = s.update(text);
    s.set_rules(rules_of_words("tenhou kiriage").expect("known words"));
    let kiriage = s.update(text);
    assert_ne!(plain.hints, kiriage.hints, "{:?}", plain.hints);
    assert!(rules_of_words("kirage").is_err());
}

#[test]
fn markdown_documents_find_fences_and_inline_hands() {
    let mut s = Session::new(DocKind::Markdown);
    let text =
        "# Notes\n\nA hand: `123m456p789s1122z2z seat=s`.\n\n```mj\n123 456p789s11222z\n```\n";
    let update = s.update(text);
    assert_eq!(update.lines.len(), 2, "{:?}", update.lines);
    assert!(update
        .diagnostics
        .iter()
        .any(|d| d.code == Code::MissingSuit));
    assert!(update.hints.iter().any(|h| h.label.contains("1300")));
}

#[test]
fn the_report_of_a_line_follows_the_rules_lines_before_it() {
    // 4 han 30 fu: 7700, or a mangan under kiriage.
    let hand = "234m345p22s567s456p riichi dora=2m seat=s";
    let text = format!("rules: kiriage\n{hand}\n");
    let (s, _) = session(&text);
    let at = text.find("345p").unwrap_or_default();
    let report = serde_json::to_value(s.report(at)).unwrap_or_default();
    assert_eq!(report["score"]["limit"], "mangan", "{report}");
    assert_eq!(report["score"]["points"]["total"], 8000);
    let plain = serde_json::to_value(tenpai_wasm::engine::analyze_line(
        hand,
        &tenpai_core::score::Rules::tenhou(),
    ))
    .unwrap_or_default();
    assert_eq!(plain["score"]["points"]["total"], 7700);
    assert!(
        s.report(0).is_some_and(|r| r.hand.is_none()),
        "a rules line has no hand"
    );
}

#[test]
fn a_hand_is_drawn_by_the_renderer_with_its_value() {
    let text = "# a comment\n123m406p789s11222z seat=s\n";
    let (s, _) = session(text);
    let at = text.find("406p").unwrap_or_default();
    let svg = s
        .hand_svg(at, tenpai_doc::render::Theme::Light)
        .expect("a hand line is drawn");
    assert!(svg.starts_with("<svg"), "{svg}");
    // Each tile points at its face; the red five at its own.
    assert_eq!(svg.matches("<use").count(), 14, "{svg}");
    assert!(svg.contains("mj-0p"), "the red five is drawn red");
    assert!(svg.contains("2 han"), "the value is the caption: {svg}");
    assert!(
        s.hand_svg(2, tenpai_doc::render::Theme::Light).is_none(),
        "a comment is no hand"
    );
}

/// Where a position of the text before an edit of `from..to` (replaced by
/// `inserted` bytes) is after it: before the edit it stays, after it it
/// moves, inside the replaced text it falls to the edit's start.
fn moved(at: usize, from: usize, to: usize, inserted: usize) -> usize {
    if at < from {
        at
    } else if at >= to {
        at - (to - from) + inserted
    } else {
        from
    }
}

/// What an editor keeps of a document's answers: hints, diagnostics and
/// semantic tokens, each placed.
#[derive(Debug, PartialEq)]
struct Drawn {
    hints: Vec<(usize, String)>,
    diagnostics: Vec<(usize, usize, String)>,
    tokens: Vec<(usize, usize, u32, u32)>,
}

impl Drawn {
    fn fresh(kind: DocKind, text: &str) -> Drawn {
        let mut session = Session::new(kind);
        let update = session.update(text);
        let mut drawn = Drawn {
            hints: update.hints.into_iter().map(|h| (h.at, h.label)).collect(),
            diagnostics: update
                .diagnostics
                .into_iter()
                .map(|d| (d.from, d.to, d.message))
                .collect(),
            tokens: session
                .tokens_packed(0, text.len())
                .chunks(4)
                .map(|t| (t[0] as usize, t[1] as usize, t[2], t[3]))
                .collect(),
        };
        drawn.sort();
        drawn
    }

    fn sort(&mut self) {
        self.hints.sort();
        self.diagnostics.sort();
        self.tokens.sort();
    }
}

/// An editor that keeps what it drew and maps it through each edit, as
/// the page does (web/src/editor.ts): the hints, diagnostics and tokens
/// placed on the text lines the edit touched or `Session::edit` says
/// changed are dropped and asked for again (`hints_in`, `diagnostics_in`,
/// `tokens_packed`), the rest moved. Checked against a fresh session's
/// answers after every edit, and the hand line at each line's start
/// against the fresh session's lines (ASCII: UTF-16 offsets are bytes).
fn replay(kind: DocKind, start: &str, edits: &[(usize, usize, &str)]) {
    let mut session = Session::new(kind);
    let mut text = start.to_string();
    session.update(&text);
    let mut drawn = Drawn::fresh(kind, &text);
    for &(from, to, insert) in edits {
        let (from, to) = (
            from.min(text.len()),
            to.min(text.len()).max(from.min(text.len())),
        );
        text.replace_range(from..to, insert);
        let edit = session.edit(&text);
        // The whole text lines the edit touched or the analysis changed,
        // in the new text.
        let (mut low, mut high) = (from, from + insert.len());
        if let Some(changed) = &edit.changed {
            low = low.min(changed.from);
            high = high.max(changed.to);
        }
        let refresh_from = text[..low].rfind('\n').map_or(0, |i| i + 1);
        let refresh_to = text[high..].find('\n').map_or(text.len(), |i| high + i);
        let inside = |at: usize| refresh_from <= at && at <= refresh_to;
        let shift = |at: usize| moved(at, from, to, insert.len());
        drawn.hints = drawn
            .hints
            .into_iter()
            .map(|(at, label)| (shift(at), label))
            .filter(|(at, _)| !inside(*at))
            .chain(
                session
                    .hints_in(refresh_from, refresh_to)
                    .into_iter()
                    .filter(|h| inside(h.at))
                    .map(|h| (h.at, h.label)),
            )
            .collect();
        drawn.diagnostics = drawn
            .diagnostics
            .into_iter()
            .map(|(at, end, message)| (shift(at), shift(end), message))
            .filter(|(at, _, _)| !inside(*at))
            .chain(
                session
                    .diagnostics_in(refresh_from, refresh_to)
                    .into_iter()
                    .filter(|d| inside(d.from))
                    .map(|d| (d.from, d.to, d.message)),
            )
            .collect();
        drawn.tokens = drawn
            .tokens
            .into_iter()
            .map(|(at, end, ty, modifiers)| (shift(at), shift(end), ty, modifiers))
            .filter(|(at, end, _, _)| end > at && (*at < refresh_from || *at >= refresh_to))
            .chain(
                session
                    .tokens_packed(refresh_from, refresh_to)
                    .chunks(4)
                    .map(|t| (t[0] as usize, t[1] as usize, t[2], t[3]))
                    .filter(|(at, _, _, _)| refresh_from <= *at && *at < refresh_to),
            )
            .collect();
        drawn.sort();
        assert_eq!(
            drawn,
            Drawn::fresh(kind, &text),
            "after {from}..{to} <- {insert:?}: {text:?}"
        );
        // The calculator's line under the cursor, at each text line's start.
        let whole = Session::new(kind).update(&text);
        let mut line_start = 0;
        for row in text.split('\n') {
            let expected = whole
                .lines
                .iter()
                .find(|l| l.from <= line_start && line_start <= l.to)
                .cloned();
            assert_eq!(session.line_at(line_start), expected, "at {line_start}");
            line_start += row.len() + 1;
        }
    }
}

#[test]
fn diagnostics_and_tokens_come_for_the_lines_asked_for() {
    let text = "123M456p789s11222z\n123m456p789s1122z2z seat=s\n123m456p789s11222z riichi=x\n";
    let (s, whole) = session(text);
    assert_eq!(whole.diagnostics.len(), 2, "{:?}", whole.diagnostics);
    let third = text.find("123m456p789s11222z").unwrap_or(0);
    let last = s.diagnostics_in(third, text.len() - 1);
    assert_eq!(last.len(), 1, "{last:?}");
    assert_eq!(last[0], whole.diagnostics[1]);
    let second = text.find("123m456p789s1122z2z").unwrap_or(0);
    assert!(s.diagnostics_in(second, second + 5).is_empty());
    // Packed tokens: the same tokens as the named ones, as numbers.
    let named = s.tokens(second, third - 1);
    let packed = s.tokens_packed(second, third - 1);
    assert_eq!(packed.len(), named.len() * 4);
    let types = tenpai_wasm::session::token_types();
    for (token, numbers) in named.iter().zip(packed.chunks(4)) {
        assert_eq!(
            (token.from, token.to),
            (numbers[0] as usize, numbers[1] as usize)
        );
        assert_eq!(types[numbers[2] as usize], token.token_type);
    }
    // The hand line under a position, for the calculator.
    let line = s.line_at(second + 3).expect("a hand line");
    assert_eq!(
        (line.from, line.to),
        (second, second + "123m456p789s1122z2z seat=s".len())
    );
}

#[test]
fn an_edit_says_which_lines_changed() {
    let text = "123m456p789s1122z2z seat=s\n23m456p789s11222z\n13m456p789s11222z4p\n";
    let mut s = Session::new(DocKind::Mj);
    s.update(text);
    assert_eq!(s.edit(text).changed, None, "nothing changed");
    // A keystroke in the second line: that line alone.
    let typed = text.replacen("11222z\n", "11222z riichi\n", 1);
    let edit = s.edit(&typed);
    let second = typed.find("\n23m").map_or(0, |i| i + 1);
    let changed = edit.changed.clone().expect("a line changed");
    assert_eq!(changed.from, second - 1, "after the first line");
    assert_eq!(
        changed.to,
        typed.find("\n13m").map_or(0, |i| i + 1),
        "before the third"
    );
    // Asked for again, the lines meeting it: its own hint is inside.
    let inside = s
        .hints_in(changed.from, changed.to)
        .into_iter()
        .filter(|h| changed.from < h.at && h.at < changed.to)
        .count();
    assert_eq!(inside, 1);
    // A `rules:` line changes the analysis of every line after it.
    let ruled = format!("rules: kiriage\n{typed}");
    s.update(&format!("rules: tenhou\n{typed}"));
    let changed = s.edit(&ruled).changed.expect("lines changed");
    assert!(changed.from <= "rules: ".len(), "{changed:?}");
    assert!(changed.to >= ruled.trim_end().len() - 1, "{changed:?}");
}

#[test]
fn hints_kept_through_edits_match_a_fresh_analysis() {
    let start = "# hands\n123m456p789s1122z2z seat=s\n\n23m456p789s11222z riichi\n13m456p789s11222z4p\n123m456p789s1122z2z seat=s\n";
    let hand = "234m345p22s567s456p riichi dora=2m seat=s ron";
    replay(
        DocKind::Mj,
        start,
        &[
            (50, 50, "1"),
            (50, 51, ""),
            (8, 8, "rules: kiriage\n"),
            (8, 23, ""),
            (0, 0, hand),
            (hand.len(), hand.len(), "\n"),
            (30, 60, ""),
            (0, 1000, start),
            (0, 1000, start),
            (20, 20, "\n\n"),
            (9, 10, "5"),
            (1000, 1000, hand),
        ],
    );
    replay(
        DocKind::Markdown,
        "# Notes\n\nA hand: `123m456p789s1122z2z seat=s`.\n\n```mj\n23m456p789s11222z\n```\n",
        &[
            (58, 58, "```\n"),
            (58, 62, ""),
            (9, 9, "`13m456p789s11222z4p` "),
            (2, 2, "x"),
        ],
    );
}
