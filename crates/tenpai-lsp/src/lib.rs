//! The language server: glue between tower-lsp-server and [`crate::document`].
//!
//! This layer converts positions and protocol types and calls the document
//! layer; what is shown (hover text, hint labels, symbol details) is computed
//! in [`crate::document::present`].

// The layers below, under the names the server's modules use.
#[cfg(test)]
pub(crate) use tenpai_core::rules;
pub(crate) use tenpai_core::{diag, format, score, tile};
pub(crate) use tenpai_doc::{config, document, json, render};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

mod features;
mod frames;
mod guard;
pub mod position;
mod server;
pub mod settings;
pub mod store;
#[cfg(feature = "test-support")]
pub mod test_client;

pub use features::MAX_DIAGNOSTICS;
pub use server::Backend;

/// Serves one client over the given streams until `exit` or end of input.
/// Returns whether the client asked for `shutdown` first (the exit code is 0
/// then, 1 otherwise, as the protocol specifies).
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    serve_with(input, output, Methods::Product).await
}

/// Which requests beyond the protocol's the server answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Methods {
    /// tenpai's own (`tenpai/render`, `tenpai/documentRules`): what the
    /// binary offers.
    Product,
    /// Those and `tenpai/testPanic`, a request that panics inside the
    /// panic guard, for the tests of panic containment. Only with the
    /// `test-support` feature, which the binary is built without.
    #[cfg(feature = "test-support")]
    WithTestPanic,
}

/// [`serve`] with a choice of [`Methods`].
pub async fn serve_with<I, O>(input: I, output: O, methods: Methods) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    let builder = LspService::build(move |client| Backend::new(client, flag))
        .custom_method(frames::INVALID_REQUEST, Backend::invalid_request)
        .custom_method(frames::PARSE_ERROR, Backend::parse_error)
        .custom_method("tenpai/documentRules", Backend::document_rules)
        .custom_method("tenpai/render", Backend::render);
    let builder = match methods {
        Methods::Product => builder,
        #[cfg(feature = "test-support")]
        Methods::WithTestPanic => builder.custom_method("tenpai/testPanic", Backend::test_panic),
    };
    let (service, socket) = builder.finish();
    // The client's frames pass through `frames::filter` first.
    let (to_server, from_filter) = tokio::io::duplex(1 << 16);
    let server = Server::new(from_filter, output, socket).serve(service);
    tokio::pin!(server);
    tokio::select! {
        () = &mut server => {}
        () = frames::filter(input, to_server) => {
            // The client is gone (end of input, or `exit`): the server may
            // finish what it is answering, but not wait for ever on an
            // answer of the client's (`workspace/configuration`) that will
            // never come.
            let _ = tokio::time::timeout(std::time::Duration::from_secs(1), server).await;
        }
    }
    shut_down.load(Ordering::SeqCst)
}
