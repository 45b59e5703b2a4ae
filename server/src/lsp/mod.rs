//! The language server: glue between tower-lsp-server and [`crate::document`].
