//! Open documents: a rope per URI, edited incrementally.

use std::collections::HashMap;

use ropey::Rope;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::position::{self, Encoding};

/// Which finder locates the hand lines of a document.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    /// `.mj`: every line is a hand line, a comment, a `rules:` line or blank.
    Mj,
    /// Markdown: ```` ```mj ```` fences, inline code spans, `^^hand^^`.
    Markdown,
}

impl Lang {
    /// From the client's language id, falling back on the file extension;
    /// a document of another language is read as `.mj` (the client chose to
    /// send it to a hand-notation server).
    pub fn detect(language_id: &str, uri: &Uri) -> Lang {
        match language_id {
            "markdown" | "md" | "mdx" | "quarto" | "rmd" => Lang::Markdown,
            "mj" | "tenpai" => Lang::Mj,
            _ => {
                let path = uri.as_str().to_ascii_lowercase();
                if [".md", ".markdown", ".mdx", ".qmd", ".rmd"]
                    .iter()
                    .any(|ext| path.ends_with(ext))
                {
                    Lang::Markdown
                } else {
                    Lang::Mj
                }
            }
        }
    }
}

pub struct Doc {
    pub rope: Rope,
    pub version: i32,
    pub lang: Lang,
}

impl Doc {
    pub fn new(text: &str, version: i32, lang: Lang) -> Doc {
        Doc {
            rope: Rope::from_str(text),
            version,
            lang,
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
        let mut doc = Doc::new("🀄 123m\n456p\n", 1, Lang::Mj);
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
        let mut doc = Doc::new("abc", 1, Lang::Mj);
        let notes = doc.apply(2, vec![edit(0, 2, 0, 1, "X")], Encoding::Utf8);
        assert_eq!(doc.rope.to_string(), "aXc");
        assert_eq!(notes.len(), 1);
        doc.apply(3, vec![edit(7, 0, 9, 0, "!")], Encoding::Utf8);
        assert_eq!(doc.rope.to_string(), "aXc!");
    }

    #[test]
    fn languages() {
        let uri: Uri = "file:///a/b.md".parse().unwrap();
        assert_eq!(Lang::detect("plaintext", &uri), Lang::Markdown);
        assert_eq!(Lang::detect("mj", &uri), Lang::Mj);
        let uri: Uri = "file:///a/b.mj".parse().unwrap();
        assert_eq!(Lang::detect("", &uri), Lang::Mj);
    }
}
