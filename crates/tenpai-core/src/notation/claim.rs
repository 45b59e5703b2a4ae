//! Claims: `=> 7700`, `=> 2000/3900`, `=> 3 han 30 fu`, `=> mangan`,
//! `=> 1-shanten`, `=> waits 14m`, `=> accepts 14m25s`, `=> 4 kinds 16 tiles`,
//! and combinations of them.

use nom::bytes::complete::tag;
use nom::character::complete::{char, u32 as number};
use nom::combinator::all_consuming;
use nom::sequence::{separated_pair, terminated};
use nom::{IResult, Parser};

use crate::diag::{Code, Diagnostic};
use crate::limit::Limit;

use super::ast::{ClaimItem, Span};
use super::lex;

fn whole<'a, O>(
    word: &'a str,
    p: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> Option<O> {
    all_consuming(p).parse(word).ok().map(|(_, o)| o)
}

fn slash_pair(i: &str) -> IResult<&str, (u32, u32)> {
    separated_pair(number, char('/'), number).parse(i)
}

fn with_suffix<'a>(i: &'a str, suffix: &'static str) -> IResult<&'a str, u32> {
    terminated(number, tag(suffix)).parse(i)
}

/// Words of the claim text, split at whitespace and commas.
fn words(line: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut ws = None;
    for (off, c) in line[start..end].char_indices() {
        let i = start + off;
        if c.is_whitespace() || c == ',' {
            if let Some(s) = ws.take() {
                out.push((s, i));
            }
        } else if ws.is_none() {
            ws = Some(i);
        }
    }
    if let Some(s) = ws {
        out.push((s, end));
    }
    out
}

/// Parses the claim text `line[start..end]` (after `=>`).
pub(crate) fn items(
    line: &str,
    start: usize,
    end: usize,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(ClaimItem, Span)> {
    let ws = words(line, start, end);
    let w = |k: usize| -> Option<&str> { ws.get(k).map(|&(s, e)| &line[s..e]) };
    let mut out = Vec::new();
    let mut k = 0;
    while k < ws.len() {
        let (s, e) = ws[k];
        let word = &line[s..e];
        let lower = word.to_ascii_lowercase();
        let lw = lower.as_str();
        // (item, words consumed)
        let parsed: Option<(ClaimItem, usize)> = if let Some((a, b)) = whole(lw, slash_pair) {
            // Han are small numbers, payments are not.
            Some(if a < 100 {
                (
                    ClaimItem::HanFu {
                        han: a,
                        fu: Some(b),
                    },
                    1,
                )
            } else {
                (
                    ClaimItem::TsumoSplit {
                        non_dealer: a,
                        dealer: b,
                    },
                    1,
                )
            })
        } else if let Some(n) = whole(lw, number) {
            let next = w(k + 1).map(str::to_ascii_lowercase);
            match next.as_deref() {
                Some("han") => Some(han_fu(n, &ws, line, k + 2)),
                Some("all") => Some((ClaimItem::TsumoAll(n), 2)),
                Some("points" | "pts" | "pt") => Some((ClaimItem::Points(n), 2)),
                Some("tiles" | "tile") => Some((ClaimItem::Tiles(n), 2)),
                Some("kinds" | "kind") => Some((ClaimItem::Kinds(n), 2)),
                Some("fu") => {
                    let fe = ws[k + 1].1;
                    errors.push(Diagnostic::error(
                        Code::InvalidClaim,
                        s..fe,
                        format!(
                            "'{}' states fu without han: write the han first, like 3 han {n} fu or 3/{n}",
                            &line[s..fe]
                        ),
                    ));
                    k += 2;
                    continue;
                }
                _ => Some((ClaimItem::Points(n), 1)),
            }
        } else if let Some(n) = whole(lw, |i| with_suffix(i, "han")) {
            Some(han_fu(n, &ws, line, k + 1))
        } else if let Some(n) = whole(lw, |i| with_suffix(i, "-shanten")) {
            Some((ClaimItem::Shanten(n), 1))
        } else if lw == "tenpai" || lw == "tenpai." {
            Some((ClaimItem::Shanten(0), 1))
        } else if let Some(limit) = Limit::from_id(lw) {
            // The scorer's own reader of its ids, so that every limit it can
            // name (a quadruple yakuman too) is a claim that can be written.
            Some((ClaimItem::Limit(limit), 1))
        } else if matches!(lw, "waits" | "wait" | "accepts" | "accept") {
            let (tiles, used) = tiles_after(line, &ws[k + 1..]);
            let waits = lw.starts_with("wait");
            if used == 0 {
                let example = if waits { "waits 14m" } else { "accepts 14m25s" };
                errors.push(Diagnostic::error(
                    Code::InvalidClaim,
                    s..e,
                    format!("'{lw}' needs the tiles after it, like {example}"),
                ));
                k += 1;
                continue;
            }
            let item = if waits {
                ClaimItem::Waits(tiles)
            } else {
                ClaimItem::Accepts(tiles)
            };
            Some((item, used + 1))
        } else {
            None
        };
        match parsed {
            Some((item, used)) => {
                let last = ws[(k + used - 1).min(ws.len() - 1)].1;
                out.push((item, s..last));
                k += used;
            }
            None => {
                let key = word.split_once('=').map_or(word, |(k, _)| k);
                let message = if super::options::lookup(key).is_some() {
                    // `=> 7700 riichi`: an option written after the claim.
                    format!("'{word}' is an option, not a claim: options go before the claim's =>")
                } else {
                    format!(
                        "cannot read '{word}' as a claim; a claim states points (7700, 2000/3900, \
                         3900 all), han and fu (3 han 30 fu, 3/30), a limit (mangan), a shanten \
                         (1-shanten, tenpai), waits (waits 14m) or the tiles it accepts (accepts 14m25s, \
                         4 kinds 16 tiles)"
                    )
                };
                errors.push(Diagnostic::error(Code::InvalidClaim, s..e, message));
                k += 1;
            }
        }
    }
    out
}

/// The tiles written in the words `ws` (after `waits` or `accepts`), up to
/// the first word that is not tiles: the tiles, and how many words hold
/// them.
fn tiles_after(line: &str, ws: &[(usize, usize)]) -> (Vec<crate::tile::Tile>, usize) {
    let mut tiles = Vec::new();
    let mut used = 0;
    for &(ts, te) in ws {
        let mut toks = Vec::new();
        let mut errs = Vec::new();
        let (had_errors, stop) = lex::tiles(line, ts, te, &mut toks, |_, _| {}, &mut errs);
        if had_errors || stop < te || toks.is_empty() {
            break;
        }
        tiles.extend(toks.iter().map(|t| t.tile));
        used += 1;
    }
    (tiles, used)
}

/// `N han` already read at word `k - 1`; an optional `M fu` follows.
fn han_fu(han: u32, ws: &[(usize, usize)], line: &str, k: usize) -> (ClaimItem, usize) {
    let used_han = if line[ws[k - 1].0..ws[k - 1].1].eq_ignore_ascii_case("han") {
        2
    } else {
        1
    };
    let word = |j: usize| ws.get(j).map(|&(s, e)| line[s..e].to_ascii_lowercase());
    if let (Some(n), Some(f)) = (word(k), word(k + 1)) {
        if f == "fu" {
            if let Some(fu) = whole(n.as_str(), number) {
                return (ClaimItem::HanFu { han, fu: Some(fu) }, used_han + 2);
            }
        }
    }
    if let Some(n) = word(k) {
        if let Some(fu) = whole(n.as_str(), |i| with_suffix(i, "fu")) {
            return (ClaimItem::HanFu { han, fu: Some(fu) }, used_han + 1);
        }
    }
    (ClaimItem::HanFu { han, fu: None }, used_han)
}
