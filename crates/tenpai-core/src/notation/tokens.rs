//! A flat list of classified tokens of a line: what the conformance corpus
//! compares between this parser and the tree-sitter grammar, and what
//! editors colour.

use super::ast::{HandItem, Line, LineKind, Span};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TokenKind {
    /// One tile: a digit of a group, a letter honor (`e`, `wh`), a glyph.
    Tile,
    /// The suit letter closing a digit group (`m p s z h`).
    Suit,
    /// `(`, `)`, `[` or `]` of a meld.
    Bracket,
    /// A bare option word: `riichi`.
    Flag,
    /// The key of `key=value`, without the `=`.
    Key,
    /// The value of `key=value`, after the `=`.
    Value,
    /// `=>`.
    Arrow,
    /// The claim text after `=>`, trimmed.
    Claim,
    /// `# ...` to the end of the line, trailing whitespace excluded.
    Comment,
    /// The `rules:` keyword.
    Rules,
    /// One word of a `rules:` line.
    Rule,
}

impl TokenKind {
    /// The name used in the conformance corpus.
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Tile => "tile",
            TokenKind::Suit => "suit",
            TokenKind::Bracket => "bracket",
            TokenKind::Flag => "flag",
            TokenKind::Key => "key",
            TokenKind::Value => "value",
            TokenKind::Arrow => "arrow",
            TokenKind::Claim => "claim",
            TokenKind::Comment => "comment",
            TokenKind::Rules => "rules",
            TokenKind::Rule => "rule",
        }
    }
}

/// The tokens of `line` (parsed from `text`), in order.
pub fn tokens(text: &str, line: &Line) -> Vec<(TokenKind, Span)> {
    let mut out = Vec::new();
    let comment_of = |from: usize| -> Option<Span> {
        let at = from + text.get(from..)?.find('#')?;
        Some(at..at + text[at..].trim_end().len())
    };
    match &line.kind {
        LineKind::Blank => {}
        LineKind::Comment => {
            let start = text.len() - text.trim_start().len();
            out.push((TokenKind::Comment, start..text.trim_end().len()));
        }
        LineKind::Rules(r) => {
            if let Some(at) = text.find("rules:") {
                out.push((TokenKind::Rules, at..at + 6));
                out.extend(r.words.iter().map(|(_, s)| (TokenKind::Rule, s.clone())));
                if let Some(c) = comment_of(at) {
                    out.push((TokenKind::Comment, c));
                }
            }
        }
        LineKind::Hand(h) => {
            for item in &h.items {
                match item {
                    HandItem::Group(g) => {
                        let tiles = h.toks(&g.tiles);
                        let span = g.span();
                        out.extend(tiles.iter().map(|t| (TokenKind::Tile, t.span())));
                        let last = tiles.last().map_or(span.start, |t| t.span().end);
                        if last < span.end {
                            out.push((TokenKind::Suit, last..span.end));
                        }
                    }
                    HandItem::Meld(m) => {
                        let span = m.span();
                        out.push((TokenKind::Bracket, span.start..span.start + 1));
                        // Inside a meld, a suit letter follows each digit run.
                        let mut prev_end = span.start + 1;
                        let mut prev_digit = false;
                        for t in h.toks(&m.tiles) {
                            let ts = t.span();
                            if prev_digit && ts.start > prev_end {
                                out.push((TokenKind::Suit, prev_end..ts.start));
                            }
                            prev_end = ts.end;
                            out.push((TokenKind::Tile, ts));
                            prev_digit = t.written == super::ast::Written::Digit;
                        }
                        if prev_digit && span.end - 1 > prev_end {
                            out.push((TokenKind::Suit, prev_end..span.end - 1));
                        }
                        out.push((TokenKind::Bracket, span.end - 1..span.end));
                    }
                }
            }
            for o in &h.options {
                match o.value_span() {
                    None => out.push((TokenKind::Flag, o.span())),
                    Some(vs) => {
                        out.push((TokenKind::Key, o.key_span()));
                        out.push((TokenKind::Value, vs));
                    }
                }
            }
            if let Some(c) = &h.claim {
                out.push((TokenKind::Arrow, c.span.start..c.span.start + 2));
                if !c.text.is_empty() {
                    out.push((TokenKind::Claim, c.span.end - c.text.len()..c.span.end));
                }
            }
            if let Some(c) = &h.comment {
                out.push((TokenKind::Comment, c.clone()));
            }
        }
    }
    out
}
