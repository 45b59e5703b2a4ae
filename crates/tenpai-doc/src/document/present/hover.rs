//! Hover Markdown: for a tile, its name; for a hand line, what it is worth
//! or how far it is from winning.

use std::fmt::Write;
use std::ops::Range;

use crate::diag::Code;
use crate::document::LineAnalysis;
use crate::hand::{Hand, Riichi, Situation};
use crate::notation::ast::{Claim, HandLine, LineKind, OptionValue, TileTok};
use crate::score::{self, Rules, Score};
use crate::shanten::{Analysis, DiscardOption, Ukeire, Wait};
use crate::tile::{Tile, TileText, Wind};

use super::outcome::{outcome, Outcome};
use super::text::{
    discard_text, han_fu_text, hand_text, payment_text, plural, shanten_name, tile_text,
    tiles_left, win_value_text, WinTile,
};

/// How many discards the hover lists.
const DISCARDS_SHOWN: usize = 5;

#[derive(Clone, Copy, Debug)]
pub struct HoverOptions {
    /// How tiles are written.
    pub tile_text: TileText,
}

/// A hover: Markdown and the line-relative byte span it describes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HoverText {
    pub span: Range<usize>,
    pub markdown: String,
}

/// The hover at byte `col` of a line: anywhere on a hand line (a digit, a
/// suit letter, a bracket, an option, the claim), the hand's value or
/// state; a tile under the cursor heads it with one line of its own.
pub fn hover(a: &LineAnalysis, col: usize, opts: HoverOptions) -> Option<HoverText> {
    if let (LineKind::Rules(r), Some(rules)) = (&a.line.kind, &a.rules_after) {
        let end = r.words.last().map_or(0, |(_, s)| s.end);
        return Some(HoverText {
            span: 0..end,
            markdown: rules_hover(rules),
        });
    }
    let hand_line = a.hand_line()?;
    let markdown = line_hover(a, opts)?;
    if let Some(t) = tile_at(hand_line, col) {
        let tile = tile_hover(a, hand_line, t, opts);
        return Some(HoverText {
            span: tile.span,
            markdown: format!("{}\n\n---\n\n{markdown}", tile.markdown),
        });
    }
    // On an option word or the claim: what it says first, then the hand.
    let inside = |s: &Range<usize>| s.start <= col && col < s.end;
    if let Some(o) = hand_line.options.iter().find(|o| inside(&o.span())) {
        let what = crate::notation::options::meaning(o.key());
        return Some(HoverText {
            span: o.span(),
            markdown: format!("`{}`: {what}\n\n---\n\n{markdown}", o.key()),
        });
    }
    if let Some(c) = hand_line.claim.as_ref().filter(|c| inside(&c.span)) {
        return Some(HoverText {
            span: c.span.clone(),
            markdown: format!("{}\n---\n\n{markdown}", claim_text(a, c)),
        });
    }
    Some(HoverText {
        span: line_span(hand_line),
        markdown,
    })
}

/// Each item of a claim with its verdict.
fn claim_text(a: &LineAnalysis, claim: &Claim) -> String {
    use crate::document::claims::Verdict;
    let mut md = format!("**Claim** `=> {}`\n\n", claim.text);
    if a.claims.is_empty() {
        md.push_str("Not checked: the line has errors.\n");
    }
    // Item spans are the line's; the claim's text ends where its span does.
    let text_start = claim.span.end - claim.text.len();
    for c in &a.claims {
        let said = claim
            .text
            .get(c.span.start.saturating_sub(text_start)..c.span.end.saturating_sub(text_start))
            .unwrap_or_default();
        let verdict = match &c.verdict {
            Verdict::Right => "right".to_string(),
            Verdict::Wrong { message, .. } => format!("**wrong**: {message}"),
            Verdict::NotApplicable(why) => format!("does not apply: {why}"),
        };
        let _ = writeln!(md, "- `{said}`: {verdict}");
    }
    md
}

/// The rule set a `rules:` line leaves in force, switch by switch; a switch
/// set away from Tenhou's says so.
fn rules_hover(rules: &Rules) -> String {
    let mut md = String::from("**Rules from this line on**\n\n| switch | value |\n| --- | --- |\n");
    let tenhou = Rules::tenhou().values();
    for ((name, value), (_, base)) in rules.values().into_iter().zip(tenhou) {
        if value == base {
            let _ = writeln!(md, "| `{name}` | {value} |");
        } else {
            let _ = writeln!(md, "| `{name}` | **{value}** (Tenhou: {base}) |");
        }
    }
    md
}

/// The hand part with its options and claim: what the line hover covers.
fn line_span(h: &HandLine) -> Range<usize> {
    let mut end = h.hand_span.end;
    if let Some(o) = h.options.last() {
        end = end.max(o.span().end);
    }
    if let Some(c) = &h.claim {
        end = end.max(c.span.end);
    }
    h.hand_span.start..end
}

/// The tile token under `col`: in the hand, or in a tile-valued option.
fn tile_at(h: &HandLine, col: usize) -> Option<&TileTok> {
    let inside = |t: &&TileTok| t.span().contains(&col);
    // The hand's tiles and those of tile-list values share one buffer.
    if let Some(t) = h.toks.iter().find(inside) {
        return Some(t);
    }
    h.options.iter().find_map(|o| match &o.value {
        Some(OptionValue::Tile(t)) => Some(t).filter(inside),
        _ => None,
    })
}

/// What the option holding this token is, if any.
fn option_key<'a>(h: &'a HandLine, t: &TileTok) -> Option<&'a str> {
    h.options
        .iter()
        .find(|o| {
            let (os, ts) = (o.span(), t.span());
            os.start <= ts.start && ts.end <= os.end
        })
        .map(|o| o.key())
}

fn dora_count(tile: Tile, indicators: &[Tile]) -> usize {
    indicators.iter().filter(|i| i.dora_after() == tile).count()
}

fn tile_hover(a: &LineAnalysis, h: &HandLine, t: &TileTok, opts: HoverOptions) -> HoverText {
    let mut md = String::new();
    let written = if t.red {
        format!("0{}", t.tile.suit().letter())
    } else {
        t.tile.ascii()
    };
    if opts.tile_text == TileText::Glyphs {
        let _ = write!(md, "{} ", t.tile.glyph());
    }
    let _ = write!(md, "**{}** — {}", written, t.tile.name());
    let mut notes = Vec::new();
    if t.red {
        notes.push("red five".to_string());
    }
    let sit = a.validated.as_ref().map(|v| &v.situation);
    match option_key(h, t) {
        Some("dora") => notes.push(format!(
            "dora indicator: the dora is {}",
            tile_text(t.tile.dora_after(), false, opts.tile_text)
        )),
        Some("ura") => notes.push(format!(
            "ura-dora indicator: the ura-dora is {}",
            tile_text(t.tile.dora_after(), false, opts.tile_text)
        )),
        Some("win") => notes.push("the winning tile".to_string()),
        Some("discard") => notes.push("the tile discarded".to_string()),
        Some("visible") => notes.push("seen elsewhere".to_string()),
        _ => {
            if let Some(sit) = sit {
                let dora_times = dora_count(t.tile, &sit.dora);
                if dora_times > 0 {
                    notes.push(if dora_times == 1 {
                        "dora".to_string()
                    } else {
                        format!("dora ×{dora_times}")
                    });
                }
                if sit.riichi != Riichi::None {
                    let ura_times = dora_count(t.tile, &sit.ura);
                    if ura_times > 0 {
                        notes.push(if ura_times == 1 {
                            "ura-dora".to_string()
                        } else {
                            format!("ura-dora ×{ura_times}")
                        });
                    }
                }
            }
        }
    }
    if !notes.is_empty() {
        let _ = write!(md, " ({})", notes.join(", "));
    }
    HoverText {
        span: t.span(),
        markdown: md,
    }
}

fn line_hover(a: &LineAnalysis, opts: HoverOptions) -> Option<String> {
    let validated = a.validated.as_ref()?;
    let mut md = String::new();
    let outcome = outcome(a);
    // The winning tile stands apart only in a complete hand.
    let complete = matches!(
        outcome,
        Some(Outcome::Scored(_)) | Some(Outcome::NotScored(_))
    );
    let win = if complete {
        WinTile::Apart
    } else {
        WinTile::InHand
    };
    let hand = hand_text(&validated.hand, win, opts.tile_text);
    // A line whose tiles all failed to read has no hand to show.
    if !hand.is_empty() {
        let _ = writeln!(md, "{hand}\n");
    }
    let Some(outcome) = outcome else {
        if a.has_errors() {
            md.push_str("The line has errors: the hand is not analysed.\n");
        } else {
            shape(&mut md, &validated.hand, opts);
        }
        return Some(md);
    };
    match &outcome {
        Outcome::Scored(s) => scored(&mut md, s, a, &validated.hand, &validated.situation),
        Outcome::NotScored(e) if e.code == Code::NoYaku => {
            md.push_str("**No yaku**: the hand is complete, but as written it cannot win (dora are not a yaku).\n\n");
            // What it would be worth won otherwise (by tsumo, in another
            // seat).
            unsaid_payments(&mut md, a, &validated.hand, &validated.situation);
        }
        Outcome::NotScored(e) => {
            let _ = writeln!(md, "**Not priced** (`{}`): {}", e.code, e.message);
        }
        Outcome::Shanten(an) => {
            shanten(&mut md, an, opts);
            improvements(
                &mut md,
                an,
                &validated.hand,
                &validated.situation,
                &a.rules,
                opts,
            );
        }
    }
    Some(md)
}

/// The improvement tiles (ukeire2) of a tenpai or 1-shanten hand: of the
/// line's 13 tiles, or of a decision's hand after its `discard=`.
fn improvements(
    md: &mut String,
    an: &Analysis,
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    opts: HoverOptions,
) {
    let found = match an {
        Analysis::Tenpai { .. } | Analysis::NotTenpai { .. } => {
            crate::shanten::improvements(hand, sit, rules)
        }
        Analysis::Discards {
            chosen: Some(chosen),
            ..
        } => {
            let Some(at) = hand.closed.iter().position(|&t| t == chosen.tile) else {
                return;
            };
            let mut rest = hand.clone();
            rest.closed.remove(at);
            // The discard lies in the river now: seen, and a wait on it is
            // furiten.
            let mut after = sit.clone();
            after.visible.push(chosen.tile);
            after.river.push(chosen.tile);
            crate::shanten::improvements(&rest, &after, rules)
        }
        Analysis::Discards { .. } | Analysis::Complete => None,
    };
    let Some(found) = found else {
        return;
    };
    value_improvements(md, &found, opts);
    // Most waiting hands have none: the hover says nothing then.
    if found.tiles.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\nImprovements (ukeire2): **{}** — draws that keep it {} and accept more than its {} tiles\n",
        plural(found.total, "tile", "tiles"),
        shanten_name(found.shanten),
        found.ukeire
    );
    md.push_str("| Draw | Left | Then cut | Accepts |\n| --- | ---: | --- | ---: |\n");
    for improvement in &found.tiles {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            tile_text(improvement.tile, false, opts.tile_text),
            improvement.left,
            tile_text(improvement.discard, false, opts.tile_text),
            improvement.ukeire
        );
    }
}

/// The draws that raise a tenpai hand's worth (what a ron pays on
/// average over its waits, by copies left), with the discard after each.
fn value_improvements(md: &mut String, found: &crate::shanten::Improvements, opts: HoverOptions) {
    let Some(now) = found.worth else {
        return;
    };
    if found.value_tiles.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\nValue improvements: **{}** — draws that keep it tenpai on waits worth more by ron than its {} on average\n",
        plural(found.value_total, "tile", "tiles"),
        now.average()
    );
    md.push_str(
        "| Draw | Left | Then cut | Accepts | Ron worth |\n| --- | ---: | --- | ---: | ---: |\n",
    );
    for improvement in &found.value_tiles {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            tile_text(improvement.tile, false, opts.tile_text),
            improvement.left,
            tile_text(improvement.discard, false, opts.tile_text),
            improvement.ukeire,
            improvement.worth.average()
        );
    }
}

/// What a group of fewer tiles than a hand is: a mention, or a shape with
/// its waits (3n+1 tiles), its shanten (3n+2) or its blocks.
fn shape(md: &mut String, hand: &Hand, opts: HoverOptions) {
    use crate::shanten::{shanten as shanten_of, ukeire, waits};
    let closed: Vec<Tile> = hand.closed.iter().copied().collect();
    let melds = hand.melds.len();
    let tile_count = closed.len() + 3 * melds;
    if tile_count <= 2 {
        let _ = writeln!(
            md,
            "A mention of {}.",
            plural(tile_count as u32, "tile", "tiles")
        );
        return;
    }
    let counts = crate::tile::counts(&closed);
    let _ = write!(
        md,
        "**Shape** of {}",
        plural(tile_count as u32, "tile", "tiles")
    );
    match closed.len() % 3 {
        1 => {
            let shanten_number = shanten_of(&counts, melds).shanten;
            if shanten_number == 0 {
                let wait_tiles = waits(&counts, melds);
                let left: u32 = wait_tiles
                    .iter()
                    .map(|t| 4u32.saturating_sub(u32::from(counts[t.index()])))
                    .sum();
                let _ = writeln!(
                    md,
                    ": waiting, on {} ({} left)",
                    super::text::tiles_text(&wait_tiles, opts.tile_text),
                    left
                );
            } else {
                let improving = ukeire(&counts, melds);
                let left: u32 = improving
                    .iter()
                    .map(|t| 4u32.saturating_sub(u32::from(counts[t.index()])))
                    .sum();
                let _ = writeln!(
                    md,
                    ": {}, improved by {} ({} tiles)",
                    shanten_name(shanten_number),
                    super::text::tiles_text(&improving, opts.tile_text),
                    left
                );
            }
        }
        2 => {
            let shanten_number = shanten_of(&counts, melds).shanten;
            if shanten_number < 0 {
                let _ = writeln!(md, ": complete (melds and a pair)");
            } else {
                let _ = writeln!(md, ": {}", shanten_name(shanten_number));
            }
        }
        _ => {
            // 3n tiles: melds only when adding any pair completes it.
            let melds_only = Tile::all().any(|t| {
                let mut with_pair = counts;
                with_pair[t.index()] += 2;
                with_pair[t.index()] <= 4 && shanten_of(&with_pair, melds).shanten < 0
            });
            if melds_only {
                let _ = writeln!(md, ": {} complete melds", tile_count / 3);
            } else {
                md.push_str(": blocks short of melds\n");
            }
        }
    }
    md.push_str("\nFewer tiles than a hand: no tile count is checked.\n");
}

fn scored(md: &mut String, s: &Score, a: &LineAnalysis, hand: &Hand, sit: &Situation) {
    let _ = writeln!(md, "**{}** · {}\n", han_fu_text(s), s.points.total);
    md.push_str("| Yaku | Han |\n| --- | ---: |\n");
    for y in &s.yaku {
        let _ = writeln!(md, "| {} | {} |", y.yaku.name(), y.han);
    }
    md.push('\n');
    if s.fu.is_some() && !s.fu_details.is_empty() {
        md.push_str("| Fu | for |\n| ---: | --- |\n");
        for f in &s.fu_details {
            let _ = writeln!(md, "| {} | {} |", f.fu, f.reason);
        }
        if let Some(fu) = s.fu {
            let _ = writeln!(md, "| **{fu}** | total |");
        }
        md.push('\n');
    }
    let _ = writeln!(md, "{}\n", payment_line(s, sit));
    unsaid_payments(md, a, hand, sit);
}

/// The table of [`other_payments`] for what the line leaves unsaid (how
/// the hand is won, the seat), if anything.
fn unsaid_payments(md: &mut String, a: &LineAnalysis, hand: &Hand, sit: &Situation) {
    let Some(h) = a.hand_line() else {
        return;
    };
    // A nagashi mangan is paid as a tsumo, however the line says it.
    let says_how = sit.nagashi || h.option("tsumo").is_some() || h.option("ron").is_some();
    let says_seat = h.option("seat").is_some();
    if !says_how || !says_seat {
        other_payments(md, hand, sit, &a.rules, says_how, says_seat);
    }
}

/// Who pays what in this situation.
fn payment_line(s: &Score, sit: &Situation) -> String {
    let points = &s.points;
    let who = if sit.is_dealer() {
        "dealer"
    } else {
        "non-dealer"
    };
    let base = match (points.ron, points.dealer, points.non_dealer) {
        (Some(ron), _, _) => format!("Ron, {who}: the discarder pays **{ron}**"),
        (None, Some(d), Some(nd)) => {
            format!("Tsumo, {who}: **{nd}/{d}** (each non-dealer {nd}, the dealer {d})")
        }
        (None, _, Some(each)) => format!("Tsumo, {who}: **{each} all**"),
        _ => format!("{who}: **{}**", points.total),
    };
    if sit.nagashi {
        // An exhaustive draw: honba and riichi sticks stay on the table.
        return format!(
            "Nagashi mangan: {}",
            base.replacen("Tsumo", "paid as a tsumo", 1)
        );
    }
    let mut extras = Vec::new();
    if sit.honba > 0 {
        extras.push(plural(sit.honba, "honba", "honba"));
    }
    if sit.sticks > 0 {
        extras.push(plural(sit.sticks, "riichi stick", "riichi sticks"));
    }
    if extras.is_empty() {
        base
    } else {
        format!(
            "{base}; with {}: {} in all",
            extras.join(" and "),
            points.total
        )
    }
}

/// The same hand won by ron and by tsumo, as dealer and non-dealer, for the
/// parts of the situation the line leaves unsaid. A non-dealer sits South;
/// each cell is scored afresh (menzen tsumo, pinfu's fu and a seat wind
/// change with them).
fn other_payments(
    md: &mut String,
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    says_how: bool,
    says_seat: bool,
) {
    let hows: Vec<bool> = if says_how {
        vec![sit.tsumo]
    } else {
        vec![false, true]
    };
    let seats: Vec<Wind> = if says_seat {
        vec![sit.seat]
    } else {
        vec![Wind::South, Wind::East]
    };
    md.push_str("| |");
    for &tsumo in &hows {
        md.push_str(if tsumo { " Tsumo |" } else { " Ron |" });
    }
    md.push_str("\n| --- |");
    for _ in &hows {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for &seat in &seats {
        let label = if seat == Wind::East {
            "Dealer".to_string()
        } else {
            format!("Non-dealer ({})", seat.name())
        };
        let _ = write!(md, "| {label} |");
        for &tsumo in &hows {
            let mut s2 = sit.clone();
            s2.tsumo = tsumo;
            s2.seat = seat;
            let cell = match score::score(hand, &s2, rules) {
                Ok(sc) => format!("{} · {}", han_fu_text(&sc), payment_text(&sc.points)),
                Err(e) if e.code == Code::NoYaku => "no yaku".to_string(),
                Err(_) => "—".to_string(),
            };
            let _ = write!(md, " {cell} |");
        }
        md.push('\n');
    }
}

fn shanten(md: &mut String, an: &Analysis, opts: HoverOptions) {
    match an {
        Analysis::Complete => md.push_str("**Complete**\n"),
        Analysis::Tenpai { waits, .. } => {
            let _ = writeln!(
                md,
                "**Tenpai** — {}, {} left\n",
                plural(waits.len() as u32, "wait", "waits"),
                plural(tiles_left(waits), "tile", "tiles")
            );
            furiten_line(md, waits, opts);
            waits_table(md, waits, opts);
        }
        Analysis::NotTenpai { shanten, ukeire } => {
            let _ = write!(md, "**{}**", shanten_name(shanten.shanten));
            let mut forms = vec![format!("regular {}", shanten.regular)];
            if let Some(c) = shanten.chiitoitsu {
                forms.push(format!("chiitoitsu {c}"));
            }
            if let Some(k) = shanten.kokushi {
                forms.push(format!("kokushi {k}"));
            }
            let _ = writeln!(md, " ({})\n", forms.join(", "));
            ukeire_line(md, ukeire, opts);
        }
        Analysis::Discards {
            shanten,
            options,
            chosen,
        } => {
            match options.first() {
                Some(best) => {
                    let _ = writeln!(
                        md,
                        "**{}** — best discard {}: {}\n",
                        shanten_name(shanten.shanten),
                        tile_text(best.tile, false, opts.tile_text),
                        discard_text(best)
                    );
                }
                None => {
                    let _ = writeln!(md, "**{}**\n", shanten_name(shanten.shanten));
                }
            }
            if let Some(chosen) = chosen {
                if let Some(summary) = an.chosen_summary() {
                    let _ = writeln!(md, "Discarded: {summary}\n");
                }
                if let Some(mine) = chosen.index.and_then(|i| options.get(i)) {
                    furiten_line(md, &mine.waits, opts);
                }
            }
            discards_table(md, options, opts);
        }
    }
}

/// "**Furiten**: 4m is among the player's discards — no ron on any wait",
/// for a tenpai hand with a wait in its river.
fn furiten_line(md: &mut String, waits: &[Wait], opts: HoverOptions) {
    let discarded: Vec<Tile> = waits.iter().filter(|w| w.furiten).map(|w| w.tile).collect();
    if discarded.is_empty() {
        return;
    }
    let verb = if discarded.len() == 1 { "is" } else { "are" };
    let _ = writeln!(
        md,
        "**Furiten**: {} {verb} among the player's discards — no ron on any wait, only tsumo\n",
        super::text::tiles_text(&discarded, opts.tile_text)
    );
}

fn waits_table(md: &mut String, waits: &[Wait], opts: HoverOptions) {
    // Totals (everything the winner receives), so ron and tsumo compare.
    md.push_str("| Wait | Left | Ron, total | Tsumo, total |\n| --- | ---: | --- | --- |\n");
    for w in waits {
        let (ron, tsumo) = match &w.value {
            Some(v) => (win_value_text(&v.ron), win_value_text(&v.tsumo)),
            None => ("—".to_string(), "—".to_string()),
        };
        let mark = |s: String| {
            if s == "no yaku" {
                "**no yaku**".to_string()
            } else {
                s
            }
        };
        let mut name = if opts.tile_text == TileText::Glyphs {
            format!("{} {}", w.tile.glyph(), w.tile.ascii())
        } else {
            w.tile.ascii()
        };
        if w.furiten {
            name.push_str(" (furiten)");
        }
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} |",
            w.left,
            mark(ron),
            mark(tsumo)
        );
    }
}

fn ukeire_line(md: &mut String, u: &Ukeire, opts: HoverOptions) {
    let tiles: Vec<String> = u
        .tiles
        .iter()
        .map(|t| {
            format!(
                "{} ×{}",
                tile_text(t.tile, false, opts.tile_text),
                t.practical
            )
        })
        .collect();
    let practical = if u.practical_total != u.total {
        format!(" ({} in sight)", u.total - u.practical_total)
    } else {
        String::new()
    };
    let _ = writeln!(
        md,
        "Ukeire: **{}**{practical} — {}",
        plural(u.practical_total, "tile", "tiles"),
        tiles.join(", ")
    );
}

fn discards_table(md: &mut String, options: &[DiscardOption], opts: HoverOptions) {
    md.push_str("| Discard | Shanten | Tiles | Accepts |\n| --- | --- | ---: | --- |\n");
    for o in options.iter().take(DISCARDS_SHOWN) {
        let accepts: Vec<Tile> = if o.shanten == 0 && !o.waits.is_empty() {
            o.waits.iter().map(|w| w.tile).collect()
        } else {
            o.ukeire.tiles.iter().map(|t| t.tile).collect()
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            tile_text(o.tile, false, opts.tile_text),
            shanten_name(o.shanten),
            o.ukeire.practical_total,
            super::text::tiles_text(&accepts, opts.tile_text)
        );
    }
    if options.len() > DISCARDS_SHOWN {
        let _ = writeln!(
            md,
            "\nand {}",
            plural(
                (options.len() - DISCARDS_SHOWN) as u32,
                "other discard",
                "other discards"
            )
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::hints::{hints, HintKind};
    use super::*;
    use crate::document::analyze_text;

    fn hover_of(line: &str) -> String {
        let analysis = analyze_text(line, &Rules::tenhou());
        assert!(!analysis.has_errors(), "{line}: {:?}", analysis.diagnostics);
        hover(
            &analysis,
            0,
            HoverOptions {
                tile_text: TileText::Ascii,
            },
        )
        .expect("a hover")
        .markdown
    }

    fn hint_labels(line: &str) -> Vec<(HintKind, String)> {
        hints(&analyze_text(line, &Rules::tenhou()))
            .into_iter()
            .map(|hint| (hint.kind, hint.label))
            .collect()
    }

    #[test]
    fn a_wait_in_the_river_is_marked_furiten() {
        // Waiting on 1m and 4m; 4m was discarded.
        let line = "23m456p789s11122z river=9p4m";
        let markdown = hover_of(line);
        assert!(markdown.contains("**Furiten**: 4m"), "{markdown}");
        assert!(markdown.contains("| 4m (furiten) |"), "{markdown}");
        assert!(markdown.contains("| 1m |"), "{markdown}");
        let labels = hint_labels(line);
        assert!(
            labels.iter().any(|(kind, label)| *kind == HintKind::State
                && label.ends_with("· furiten (4m discarded)")),
            "{labels:?}"
        );
        // The same hand with another river is not furiten.
        let clean = "23m456p789s11122z river=9p";
        assert!(!hover_of(clean).contains("furiten"));
        assert!(!hint_labels(clean)
            .iter()
            .any(|(_, label)| label.contains("furiten")));
    }

    #[test]
    fn a_discard_that_leaves_a_wait_in_the_river_is_furiten() {
        // Cutting 5z leaves 1234m waiting on 1m and 4m; 4m was discarded.
        let line = "1234m456p789s111z5z river=4m discard=5z";
        let labels = hint_labels(line);
        let discard = labels
            .iter()
            .find(|(kind, _)| *kind == HintKind::Discard)
            .expect("a discard hint");
        assert_eq!(discard.1, "✓ best · furiten (4m discarded)", "{labels:?}");
        let markdown = hover_of(line);
        assert!(markdown.contains("**Furiten**: 4m"), "{markdown}");
        // Cutting 1m leaves a wait on 5z alone: not furiten.
        let other = hint_labels("1234m456p789s111z5z river=4m discard=1m");
        assert!(
            !other
                .iter()
                .any(|(kind, label)| *kind == HintKind::Discard && label.contains("furiten")),
            "{other:?}"
        );
    }

    #[test]
    fn a_decision_shows_the_improvement_tiles_of_the_hand_it_leaves() {
        // Cutting 9p leaves a kanchan on 2m (13m) with the rest complete:
        // 4m widens it to 34m (2m and 5m).
        let markdown = hover_of("13m456p789s11122z9p discard=9p");
        assert!(markdown.contains("Improvements (ukeire2)"), "{markdown}");
        assert!(markdown.contains("| 4m | 4 | 1m | 8 |"), "{markdown}");
        // A 13-tile waiting hand has them too.
        let markdown = hover_of("13m456p789s11122z");
        assert!(markdown.contains("| 4m | 4 | 1m | 8 |"), "{markdown}");
        // A far hand has none.
        let far = hover_of("19m37p19s1234567z5p discard=5p");
        assert!(!far.contains("Improvements"), "{far}");
    }

    #[test]
    fn a_tenpai_hand_shows_the_draws_that_raise_its_worth() {
        // A 1p tanki with no yaku by ron is worth 0: 7p, cutting 1p, waits
        // on 4p and 7p for tanyao, 2000 each as the dealer.
        let markdown = hover_of("234m456p345s678s1p");
        assert!(markdown.contains("Value improvements"), "{markdown}");
        assert!(markdown.contains("than its 0 on average"), "{markdown}");
        assert!(
            markdown.contains("| 7p | 4 | 1p | 6 | 2000 |"),
            "{markdown}"
        );
        // The same from a decision that leaves it.
        let decision = hover_of("234m456p345s678s1p7z discard=7z");
        assert!(
            decision.contains("| 7p | 4 | 1p | 6 | 2000 |"),
            "{decision}"
        );
        // A 1-shanten hand has no worth: no value table.
        let far = hover_of("234m456p345s68s19p");
        assert!(!far.contains("Value improvements"), "{far}");
    }
}
