//! Open documents: a rope per URI, edited incrementally.

use std::collections::HashMap;

use ropey::Rope;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::position::{self, Encoding};
use crate::document::DocKind;
use crate::document::{AnalyzedLine, Analyzer};
use crate::score::Rules;

/// The kind of a document, from the client's language id, falling back on
/// the file extension; a document of another language is read as `.mj`
/// (the client chose to send it to a hand-notation server).
pub fn detect_kind(language_id: &str, uri: &Uri) -> DocKind {
    if let Some(kind) = DocKind::from_language_id(language_id) {
        return kind;
    }
    match language_id {
        "mdx" | "quarto" | "rmd" => DocKind::Markdown,
        _ => {
            let path = uri.as_str().to_ascii_lowercase();
            if [".md", ".markdown", ".mdown", ".mkd", ".mdx", ".qmd", ".rmd"]
                .iter()
                .any(|ext| path.ends_with(ext))
            {
                DocKind::Markdown
            } else {
                DocKind::Mj
            }
        }
    }
}

pub struct Doc {
    pub rope: Rope,
    pub version: i32,
    pub kind: DocKind,
    /// The per-line analysis cache of this document.
    analyzer: Analyzer,
    /// The text the current `lines` were computed from.
    text: String,
    lines: Vec<AnalyzedLine>,
    /// `lines` match the rope and the rules.
    fresh: bool,
}

/// An analysed document, for queries.
pub struct View<'a> {
    pub rope: &'a Rope,
    pub text: &'a str,
    pub lines: &'a [AnalyzedLine],
    pub kind: DocKind,
}

impl Doc {
    pub fn new(text: &str, version: i32, kind: DocKind) -> Doc {
        Doc {
            rope: Rope::from_str(text),
            version,
            kind,
            analyzer: Analyzer::new(),
            text: String::new(),
            lines: Vec::new(),
            fresh: false,
        }
    }

    /// The rules changed: everything is to be analysed again.
    pub fn invalidate(&mut self) {
        self.fresh = false;
    }

    /// The document analysed under `rules` (only the lines edited since the
    /// last call are analysed again: the rest come from the cache).
    pub fn view(&mut self, rules: &Rules) -> View<'_> {
        if !self.fresh {
            self.text = self.rope.to_string();
            self.lines = self.analyzer.analyze(&self.text, self.kind, rules);
            self.fresh = true;
        }
        View {
            rope: &self.rope,
            text: &self.text,
            lines: &self.lines,
            kind: self.kind,
        }
    }

    /// Applies the changes in order. A change whose range starts past the end
    /// of the document is clamped to the end (the protocol leaves this
    /// undefined; clamping keeps the rope and the client's text closest).
    /// Returns a description of anything that had to be repaired.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        enc: Encoding,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        for change in changes {
            match change.range {
                None => self.rope = Rope::from_str(&change.text),
                Some(range) => {
                    let mut start = position::offset_clamped(&self.rope, range.start, enc);
                    let mut end = position::offset_clamped(&self.rope, range.end, enc);
                    if end < start {
                        notes.push(format!(
                            "edit range end {:?} before its start {:?}; applied as if swapped",
                            range.end, range.start
                        ));
                        std::mem::swap(&mut start, &mut end);
                    }
                    let (cs, ce) = (self.rope.byte_to_char(start), self.rope.byte_to_char(end));
                    self.rope.remove(cs..ce);
                    self.rope.insert(cs, &change.text);
                }
            }
        }
        self.version = version;
        self.fresh = false;
        notes
    }
}

#[derive(Default)]
pub struct Store {
    docs: HashMap<Uri, Doc>,
}

impl Store {
    pub fn open(&mut self, uri: Uri, doc: Doc) {
        self.docs.insert(uri, doc);
    }

    pub fn close(&mut self, uri: &Uri) -> Option<Doc> {
        self.docs.remove(uri)
    }

    pub fn get(&self, uri: &Uri) -> Option<&Doc> {
        self.docs.get(uri)
    }

    pub fn get_mut(&mut self, uri: &Uri) -> Option<&mut Doc> {
        self.docs.get_mut(uri)
    }

    pub fn uris(&self) -> Vec<Uri> {
        self.docs.keys().cloned().collect()
    }

    pub fn invalidate_all(&mut self) {
        for d in self.docs.values_mut() {
            d.invalidate();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::{Position, Range};

    fn edit(l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l0, c0), Position::new(l1, c1))),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn incremental_edits_apply_in_order() {
        let mut doc = Doc::new("🀄 123m\n456p\n", 1, DocKind::Mj);
        let notes = doc.apply(
            2,
            vec![edit(0, 3, 0, 6, "789"), edit(1, 0, 2, 0, "")],
            Encoding::Utf16,
        );
        assert!(notes.is_empty());
        assert_eq!(doc.rope.to_string(), "🀄 789m\n");
        assert_eq!(doc.version, 2);
    }

    #[test]
    fn bad_ranges_are_repaired() {
        let mut doc = Doc::new("abc", 1, DocKind::Mj);
        let notes = doc.apply(2, vec![edit(0, 2, 0, 1, "X")], Encoding::Utf8);
        assert_eq!(doc.rope.to_string(), "aXc");
        assert_eq!(notes.len(), 1);
        doc.apply(3, vec![edit(7, 0, 9, 0, "!")], Encoding::Utf8);
        assert_eq!(doc.rope.to_string(), "aXc!");
    }

    #[test]
    fn languages() {
        let uri: Uri = "file:///a/b.md".parse().unwrap();
        assert_eq!(detect_kind("plaintext", &uri), DocKind::Markdown);
        assert_eq!(detect_kind("mj", &uri), DocKind::Mj);
        let uri: Uri = "file:///a/b.mj".parse().unwrap();
        assert_eq!(detect_kind("", &uri), DocKind::Mj);
    }
}
