//! Where hands are in a `.mj` or Markdown document, per-line analysis cached
//! by line text, and position encodings.
