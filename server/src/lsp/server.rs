//! The `LanguageServer` implementation: protocol in, document queries out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::guard::{guarded, lock};
use super::position::Encoding;
use super::settings::Settings;
use super::store::{Doc, Lang, Store};

struct State {
    store: Store,
    settings: Settings,
    enc: Encoding,
    /// The client answers `workspace/configuration`.
    pull_config: bool,
    /// The client accepts `workspace/inlayHint/refresh`.
    refresh_hints: bool,
}

pub struct Backend {
    client: Client,
    state: Mutex<State>,
    shut_down: Arc<AtomicBool>,
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Backend {
        Backend {
            client,
            state: Mutex::new(State {
                store: Store::default(),
                settings: Settings::default(),
                enc: Encoding::default(),
                pull_config: false,
                refresh_hints: false,
            }),
            shut_down,
        }
    }

    async fn log(&self, typ: MessageType, message: String) {
        self.client.log_message(typ, message).await;
    }

    /// Publishes the diagnostics of a document, unless a later edit has
    /// already superseded `version` (its own publication follows).
    async fn publish(&self, uri: Uri, version: Option<i32>) {
        let outcome = {
            let state = lock(&self.state);
            match state.store.get(&uri) {
                Some(doc) if version.is_none_or(|v| v == doc.version) => {
                    let version = doc.version;
                    Some(
                        guarded(|| diagnostics(doc, &state.settings, state.enc))
                            .map(|d| (d, version)),
                    )
                }
                _ => None,
            }
        };
        match outcome {
            None => {}
            Some(Ok((diags, version))) => {
                self.client
                    .publish_diagnostics(uri, diags, Some(version))
                    .await
            }
            Some(Err(panic)) => {
                self.log(
                    MessageType::ERROR,
                    format!("diagnostics of {} failed: {panic}", uri.as_str()),
                )
                .await
            }
        }
    }

    async fn apply_settings(&self, value: &Value) {
        let (settings, problems) = Settings::from_json(value);
        lock(&self.state).settings = settings;
        for p in problems {
            self.log(MessageType::WARNING, format!("settings: {p}"))
                .await;
        }
    }

    async fn pull_settings(&self) {
        let items = vec![ConfigurationItem {
            scope_uri: None,
            section: Some("tenpai".to_string()),
        }];
        match self.client.configuration(items).await {
            Ok(values) => {
                if let Some(v) = values.first().filter(|v| !v.is_null()) {
                    self.apply_settings(v).await;
                }
            }
            Err(e) => {
                self.log(
                    MessageType::WARNING,
                    format!("workspace/configuration failed: {e}"),
                )
                .await
            }
        }
    }

    /// After a settings change: every open document's results may differ.
    async fn refresh_all(&self) {
        let (uris, refresh_hints) = {
            let state = lock(&self.state);
            (state.store.uris(), state.refresh_hints)
        };
        for uri in uris {
            self.publish(uri, None).await;
        }
        if refresh_hints {
            let _ = self.client.inlay_hint_refresh().await;
        }
    }
}

/// The diagnostics of a whole document, in protocol form.
fn diagnostics(_doc: &Doc, _settings: &Settings, _enc: Encoding) -> Vec<Diagnostic> {
    Vec::new()
}

fn capabilities(enc: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(enc.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        ..Default::default()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let enc = Encoding::negotiate(
            params
                .capabilities
                .general
                .as_ref()
                .and_then(|g| g.position_encodings.as_deref()),
        );
        let workspace = params.capabilities.workspace.as_ref();
        {
            let mut state = lock(&self.state);
            state.enc = enc;
            state.pull_config = workspace.and_then(|w| w.configuration) == Some(true);
            state.refresh_hints = workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|h| h.refresh_support)
                == Some(true);
        }
        if let Some(options) = &params.initialization_options {
            self.apply_settings(options).await;
        }
        Ok(InitializeResult {
            capabilities: capabilities(enc),
            server_info: Some(ServerInfo {
                name: "tenpai".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let pull = lock(&self.state).pull_config;
        if pull {
            self.pull_settings().await;
            self.refresh_all().await;
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let d = params.text_document;
        let lang = Lang::detect(&d.language_id, &d.uri);
        lock(&self.state)
            .store
            .open(d.uri.clone(), Doc::new(&d.text, d.version, lang));
        self.publish(d.uri, Some(d.version)).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        // Applied before any await: handlers run concurrently, edits must not.
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let notes = {
            let mut state = lock(&self.state);
            let enc = state.enc;
            state
                .store
                .get_mut(&uri)
                .map(|doc| doc.apply(version, params.content_changes, enc))
        };
        match notes {
            None => {
                self.log(
                    MessageType::WARNING,
                    format!("didChange: {} is not open; ignored", uri.as_str()),
                )
                .await;
                return;
            }
            Some(notes) => {
                for n in notes {
                    self.log(MessageType::WARNING, format!("didChange: {n}"))
                        .await;
                }
            }
        }
        // Let queued edits of a burst land first; only the last one publishes.
        tokio::task::yield_now().await;
        self.publish(uri, Some(version)).await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        lock(&self.state).store.close(&uri);
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let pull = lock(&self.state).pull_config;
        // Clients that support pulling often send `null` or `{}` here (VS
        // Code, Neovim): the settings are then fetched; others push them.
        let pushed = match &params.settings {
            Value::Object(o) => !o.is_empty(),
            Value::Null => false,
            _ => true,
        };
        if pushed || !pull {
            self.apply_settings(&params.settings).await;
        } else {
            self.pull_settings().await;
        }
        self.refresh_all().await;
    }
}
