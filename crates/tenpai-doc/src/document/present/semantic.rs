//! Semantic-token classes of a line, for editors without the tree-sitter
//! grammar: tiles by suit, red fives, melds, options, claims, comments.

use std::ops::Range;

use crate::notation::ast::{Bracket, HandItem, Line, LineKind, OptionValue, TileTok};
use crate::tile::Suit;

/// Token types, in the order of the legend the server announces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokenType {
    Man,
    Pin,
    Sou,
    Honor,
    /// The brackets of a called meld or closed kan.
    Meld,
    /// An option's key or flag word (`riichi`, `dora=`).
    Option,
    /// A numeric or wind option value.
    Value,
    /// `=>` and the claim.
    Claim,
    Comment,
    /// `rules:`.
    Keyword,
}

impl TokenType {
    pub const ALL: [TokenType; 10] = [
        TokenType::Man,
        TokenType::Pin,
        TokenType::Sou,
        TokenType::Honor,
        TokenType::Meld,
        TokenType::Option,
        TokenType::Value,
        TokenType::Claim,
        TokenType::Comment,
        TokenType::Keyword,
    ];

    /// The legend name. Tiles have types of their own (`manTile`, ...);
    /// the rest use the protocol's standard types so themes colour them.
    pub fn name(self) -> &'static str {
        match self {
            TokenType::Man => "manTile",
            TokenType::Pin => "pinTile",
            TokenType::Sou => "souTile",
            TokenType::Honor => "honorTile",
            TokenType::Meld => "operator",
            TokenType::Option => "property",
            TokenType::Value => "number",
            TokenType::Claim => "string",
            TokenType::Comment => "comment",
            TokenType::Keyword => "keyword",
        }
    }

    pub fn index(self) -> u32 {
        TokenType::ALL.iter().position(|t| *t == self).unwrap_or(0) as u32
    }

    fn of_suit(s: Suit) -> TokenType {
        match s {
            Suit::Man => TokenType::Man,
            Suit::Pin => TokenType::Pin,
            Suit::Sou => TokenType::Sou,
            Suit::Honor => TokenType::Honor,
        }
    }
}

/// Modifier bits, in legend order.
pub const MODIFIERS: [&str; 2] = ["red", "called"];
pub const RED: u32 = 1;
pub const CALLED: u32 = 2;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// Line-relative bytes; never empty, never overlapping, in order.
    pub span: Range<usize>,
    pub ty: TokenType,
    pub modifiers: u32,
}

/// The tokens of a parsed line of `len` bytes, in order and without
/// overlap.
pub fn tokens(line: &Line, len: usize) -> Vec<Token> {
    let mut out = Vec::new();
    match &line.kind {
        LineKind::Blank => {}
        LineKind::Comment => push(&mut out, 0..len, TokenType::Comment, 0),
        LineKind::Rules(r) => {
            // `rules:` begins the (trimmed) line, before the first word.
            let end = r.words.first().map_or(len, |(_, s)| s.start);
            push(&mut out, 0..end.min("rules:".len()), TokenType::Keyword, 0);
            for (_, span) in &r.words {
                push(&mut out, span.clone(), TokenType::Option, 0);
            }
        }
        LineKind::Hand(h) => {
            for item in &h.items {
                match item {
                    HandItem::Group(g) => {
                        tiles(&mut out, h.toks(&g.tiles), &g.span(), 0);
                    }
                    HandItem::Meld(m) => {
                        let span = m.span();
                        let open = span.start..span.start + 1;
                        let close = span.end.saturating_sub(1)..span.end;
                        push(&mut out, open, TokenType::Meld, 0);
                        let inner = span.start + 1..span.end.saturating_sub(1);
                        // A closed kan is declared, not called.
                        let called = match m.bracket {
                            Bracket::Open => CALLED,
                            Bracket::Closed => 0,
                        };
                        tiles(&mut out, h.toks(&m.tiles), &inner, called);
                        push(&mut out, close, TokenType::Meld, 0);
                    }
                }
            }
            for o in &h.options {
                push(&mut out, o.key_span(), TokenType::Option, 0);
                match (&o.value, &o.value_span()) {
                    (Some(OptionValue::Tile(t)), Some(span)) => {
                        tiles(&mut out, std::slice::from_ref(t), span, 0)
                    }
                    (Some(OptionValue::Tiles(ts)), Some(span)) => {
                        tiles(&mut out, h.toks(ts), span, 0)
                    }
                    (_, Some(span)) => push(&mut out, span.clone(), TokenType::Value, 0),
                    _ => {}
                }
            }
            if let Some(c) = &h.claim {
                push(&mut out, c.span.clone(), TokenType::Claim, 0);
            }
        }
    }
    if let LineKind::Hand(h) = &line.kind {
        if let Some(c) = &h.comment {
            push(&mut out, c.clone(), TokenType::Comment, 0);
        }
    }
    out.sort_by_key(|t| t.span.start);
    // Drop anything overlapping its predecessor: tokens must not overlap.
    let mut end = 0;
    out.retain(|t| {
        let keep = t.span.start >= end;
        if keep {
            end = t.span.end;
        }
        keep
    });
    out
}

fn push(out: &mut Vec<Token>, span: Range<usize>, ty: TokenType, modifiers: u32) {
    if span.start < span.end {
        out.push(Token {
            span,
            ty,
            modifiers,
        });
    }
}

/// Each tile of a run, and the suit letters between and after them (the
/// `m` of `123m`) in the suit's colour.
fn tiles(out: &mut Vec<Token>, toks: &[TileTok], within: &Range<usize>, modifiers: u32) {
    let mut at = within.start;
    let mut last_suit = None;
    for t in toks {
        let span = t.span();
        if span.start > at {
            if let Some(s) = last_suit.or(Some(t.tile.suit())) {
                // Bytes between tiles: a suit letter (or spaces, harmless).
                push(out, at..span.start, TokenType::of_suit(s), modifiers);
            }
        }
        at = span.end;
        let tile_modifiers = modifiers | if t.red { RED } else { 0 };
        push(out, span, TokenType::of_suit(t.tile.suit()), tile_modifiers);
        last_suit = Some(t.tile.suit());
    }
    if let Some(s) = last_suit {
        push(out, at..within.end, TokenType::of_suit(s), modifiers);
    }
}
