//! The `LanguageServer` implementation: protocol in, document queries out.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::features::{self, Ctx};
use super::guard::{guarded, lock};
use super::position;
use super::settings::Settings;
use super::store::{detect_kind, Doc, Store};
use crate::config::{self, Config, Configs};
use crate::document::Encoding;
use crate::json::SCHEMA_VERSION;

struct State {
    store: Store,
    settings: Settings,
    enc: Encoding,
    /// The client answers `workspace/configuration`.
    pull_config: bool,
    /// The client accepts `workspace/inlayHint/refresh`.
    refresh_hints: bool,
    /// The client lets the server register file watchers.
    watch_files: bool,
}

/// The settings a document is read under: the editor's, with the rules and
/// honors of the project's `tenpai.toml` when it has one.
fn doc_settings<'a>(settings: &'a Settings, doc: &Doc) -> Cow<'a, Settings> {
    match &doc.project {
        None => Cow::Borrowed(settings),
        Some(c) => Cow::Owned(Settings {
            rules: c.rules.clone(),
            honors: c.honors.unwrap_or(settings.honors),
            dialects: c
                .dialects
                .clone()
                .unwrap_or_else(|| settings.dialects.clone()),
            ..settings.clone()
        }),
    }
}

/// The parameters of `tenpai/testPanic`.
#[cfg(feature = "test-support")]
#[derive(serde::Deserialize, Debug)]
pub struct TestPanicParams {
    pub uri: Uri,
    /// `line` or `document` (see [`Reach`]).
    pub reach: Option<String>,
}

/// The answer to `tenpai/documentRules`.
#[derive(serde::Serialize, Debug)]
pub struct DocumentRules {
    /// [`crate::json::SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The rules before any `rules:` line, as `rules:` words
    /// (`mahjong-soul kiriage`).
    pub rules: String,
    /// The `tenpai.toml` they come from; `None`: the editor's settings.
    pub config: Option<String>,
}

/// The parameters of `tenpai/render`: a hand line as text, or the hands of
/// an open document that meet a range (a position is an empty range).
#[derive(serde::Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RenderParams {
    /// A hand line, drawn under the editor's rules.
    pub hand: Option<String>,
    pub text_document: Option<TextDocumentIdentifier>,
    pub range: Option<Range>,
    /// `light`, `dark` or `auto` (the default: light, dark under
    /// `prefers-color-scheme: dark`).
    pub theme: Option<String>,
    /// `value` (the default), `state` or `none`.
    pub caption: Option<String>,
}

/// The answer to `tenpai/render`.
#[derive(serde::Serialize, Debug)]
pub struct RenderResult {
    /// [`crate::json::SCHEMA_VERSION`].
    pub schema_version: u32,
    pub hands: Vec<features::RenderedHand>,
}

/// Turns of the event loop a query waits before it starts (see
/// [`Backend::query`]): one for the frame filter to pass a message on, one
/// for the library to read and dispatch it, and spares.
const CANCEL_TURNS: usize = 4;

/// The turns a [`Reach::Line`] query waits: the two a cancellation needs,
/// no spares (its work is small; each turn polls the whole service again).
const LINE_TURNS: usize = 2;

/// Where a query's work runs (see [`Backend::query`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reach {
    /// Bounded work on a line or a screenful of lines (a hover, a
    /// completion, the hints or fixes of a few lines): run at once on the
    /// event loop from the cached analysis, as the diagnostics of an edit
    /// are. Handing it to a worker thread cost more than the work: the
    /// thread's wake-up and, on a busy machine, its wait for a CPU.
    Line,
    /// Work that grows with the document (semantic tokens, symbols,
    /// formatting, fix-all, hints of a whole document): on a snapshot, on
    /// a worker thread, cancellable (issue 24).
    Document,
}

/// The most lines of a range whose hints, fixes or pictures are answered
/// as [`Reach::Line`] work: a screenful and then some. A client asking
/// for more (the whole document) gets a cancellable worker.
const LINES_ANSWERED_HERE: u32 = 200;

/// The reach of a query over `range`.
fn reach_of(range: &Range) -> Reach {
    if range.end.line.saturating_sub(range.start.line) <= LINES_ANSWERED_HERE {
        Reach::Line
    } else {
        Reach::Document
    }
}

/// Sets its flag when dropped: with the future of a cancelled request.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The flag of work no request waits for (publishing diagnostics).
static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);

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
                watch_files: false,
            }),
            shut_down,
        }
    }

    /// The stand-in for a message that is not JSON-RPC 2.0 (see `frames`).
    pub async fn invalid_request(&self) -> Result<()> {
        Err(tower_lsp_server::jsonrpc::Error::invalid_request())
    }

    /// The stand-in for a request whose body is not JSON (see `frames`):
    /// a parse error for that request alone, and the session goes on.
    pub async fn parse_error(&self) -> Result<()> {
        Err(tower_lsp_server::jsonrpc::Error::parse_error())
    }

    /// `tenpai/testPanic {uri, reach}`: panics inside a document query, as a
    /// bug in an analysis would, on the event loop (`reach: "line"`) or on
    /// a worker thread (`"document"`, the default) (offered only to tests:
    /// see [`crate::Methods`]).
    #[cfg(feature = "test-support")]
    pub(crate) async fn test_panic(&self, params: TestPanicParams) -> Result<Option<()>> {
        let reach = match params.reach.as_deref() {
            None | Some("document") => Reach::Document,
            Some("line") => Reach::Line,
            Some(other) => {
                return Err(Error::invalid_params(format!(
                    "reach {other:?}: line or document"
                )))
            }
        };
        self.query("testPanic", &params.uri, reach, move |_| -> Option<()> {
            panic!("a deliberate panic")
        })
        .await
    }

    /// `tenpai/documentRules {uri}`: the rule set an open document starts
    /// under, as the words of a `rules:` line, and the `tenpai.toml` it comes
    /// from (none: the editor's settings). For an editor's status bar;
    /// `null` for a document that is not open.
    pub async fn document_rules(
        &self,
        params: TextDocumentIdentifier,
    ) -> Result<Option<DocumentRules>> {
        let found = {
            let state = lock(&self.state);
            state.store.get(&params.uri).map(|doc| {
                let from_project = doc.project.is_some();
                (
                    doc_settings(&state.settings, doc).rules.words(),
                    from_project,
                )
            })
        };
        let Some((rules, from_project)) = found else {
            return Ok(None);
        };
        let config = from_project
            .then(|| params.uri.to_file_path())
            .flatten()
            .and_then(|path| config::find(&config::dir_of(&path)))
            .map(|file| file.display().to_string());
        Ok(Some(DocumentRules {
            schema_version: SCHEMA_VERSION,
            rules,
            config,
        }))
    }

    /// `tenpai/render {hand}` or `{textDocument, range}`: each hand drawn
    /// as a standalone SVG (with its canonical tiles and errors), for
    /// clients that show pictures in hovers or previews.
    pub async fn render(&self, params: RenderParams) -> Result<Option<RenderResult>> {
        use crate::render::{Caption, HandOptions, Theme};
        let invalid = |message: String| Error {
            code: tower_lsp_server::jsonrpc::ErrorCode::InvalidParams,
            message: message.into(),
            data: None,
        };
        let theme = match params.theme.as_deref() {
            None | Some("auto") => Theme::Auto,
            Some("light") => Theme::Light,
            Some("dark") => Theme::Dark,
            Some(other) => return Err(invalid(format!("theme {other:?}: light, dark or auto"))),
        };
        let caption = match params.caption.as_deref() {
            None | Some("value") => Caption::Value,
            Some("state") => Caption::State,
            Some("none") => Caption::None,
            Some(other) => return Err(invalid(format!("caption {other:?}: value, state or none"))),
        };
        let options = HandOptions {
            caption,
            ..HandOptions::default()
        };
        match (params.hand, params.text_document, params.range) {
            (Some(hand), None, None) => {
                let rules = lock(&self.state).settings.rules.clone();
                let drawn = guarded(|| features::render_text(&hand, &rules, &options, theme))
                    .map_err(|_| Error::internal_error())?;
                Ok(Some(RenderResult {
                    schema_version: SCHEMA_VERSION,
                    hands: drawn.into_iter().collect(),
                }))
            }
            (None, Some(document), Some(range)) => {
                let hands = self
                    .query("render", &document.uri, reach_of(&range), move |cx| {
                        Some(features::render(cx, range, &options, theme))
                    })
                    .await?;
                Ok(hands.map(|hands| RenderResult {
                    schema_version: SCHEMA_VERSION,
                    hands,
                }))
            }
            _ => Err(invalid(
                "give a hand line as `hand`, or `textDocument` and `range`".to_string(),
            )),
        }
    }

    async fn log(&self, typ: MessageType, message: String) {
        self.client.log_message(typ, message).await;
    }

    /// Runs a read-only query on an open document, analysed, inside the
    /// panic guard. Unknown documents are logged and answered with `None`;
    /// a panic is logged and answered with an internal error.
    ///
    /// Before the work, the handler lets the event loop turn
    /// [`CANCEL_TURNS`] times ([`LINE_TURNS`] for a line's query): the client may already have cancelled this
    /// request (an editor cancels the hints of a screen scrolled past), or
    /// sent edits that make it moot (their diagnostics go out first).
    /// Reading, filtering and dispatching what has arrived takes a few
    /// turns of the loop that also runs this handler; a request cancelled
    /// by then is answered with -32800 and never computed.
    ///
    /// Then `reach` says where the work runs: see [`Reach`].
    async fn query<T: Send + 'static>(
        &self,
        what: &str,
        uri: &Uri,
        reach: Reach,
        f: impl FnOnce(&Ctx) -> Option<T> + Send + 'static,
    ) -> Result<Option<T>> {
        let turns = match reach {
            Reach::Line => LINE_TURNS,
            Reach::Document => CANCEL_TURNS,
        };
        for _ in 0..turns {
            tokio::task::yield_now().await;
        }
        let outcome = match reach {
            Reach::Line => self.query_here(uri, f),
            Reach::Document => self.query_on_worker(uri, f).await,
        };
        match outcome {
            Ok(v) => Ok(v),
            Err(None) => {
                self.log(
                    MessageType::WARNING,
                    format!("{what}: {} is not open; ignored", uri.as_str()),
                )
                .await;
                Ok(None)
            }
            Err(Some(panic)) => {
                self.log(
                    MessageType::ERROR,
                    format!("{what} on {} failed: {panic}", uri.as_str()),
                )
                .await;
                Err(Error::internal_error())
            }
        }
    }

    /// [`Reach::Line`]: the query on the cached analysis, under the state
    /// lock, on the event loop (as the diagnostics of an edit are
    /// collected): no snapshot, no copy of the settings, no hand-over to
    /// another thread. `Err(None)`: the document is not open;
    /// `Err(Some(..))`: the query panicked.
    fn query_here<T>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Ctx) -> Option<T>,
    ) -> std::result::Result<Option<T>, Option<String>> {
        self.with_open_document(uri, |doc, settings, enc| {
            let cx = Ctx {
                view: doc.view(&settings.rules, &settings.dialects),
                settings,
                enc,
                uri,
                cancelled: &NEVER_CANCELLED,
            };
            f(&cx)
        })
    }

    /// Runs `work` under the state lock on the open document `uri`, the
    /// settings it is read under and the session's encoding, a panic
    /// caught. `Err(None)`: the document is not open; `Err(Some(..))`:
    /// `work` panicked.
    fn with_open_document<R>(
        &self,
        uri: &Uri,
        work: impl FnOnce(&mut Doc, &Settings, Encoding) -> R,
    ) -> std::result::Result<R, Option<String>> {
        let mut guard = lock(&self.state);
        let State {
            store,
            settings,
            enc,
            ..
        } = &mut *guard;
        let doc = store.get_mut(uri).ok_or(None)?;
        let encoding = *enc;
        guarded(|| {
            let settings = doc_settings(settings, doc);
            work(doc, &settings, encoding)
        })
        .map_err(Some)
    }

    /// [`Reach::Document`]: the query on a snapshot of the document on a
    /// worker thread, not on the event loop: a long one (the semantic
    /// tokens or symbols of a document of megabytes) holds up no other
    /// request, edit or `$/cancelRequest`, and once cancelled it is
    /// answered with -32800 at once; the features that walk the whole
    /// document stop at their next look at the cancellation, and any
    /// result is dropped.
    async fn query_on_worker<T: Send + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Ctx) -> Option<T> + Send + 'static,
    ) -> std::result::Result<Option<T>, Option<String>> {
        let (snapshot, settings, enc) = self.with_open_document(uri, |doc, settings, enc| {
            let snapshot = doc.snapshot(&settings.rules, &settings.dialects);
            (snapshot, settings.clone(), enc)
        })?;
        let uri = uri.clone();
        // Dropped with this future when the request is cancelled: tells
        // the work to stop early.
        let cancelled = CancelOnDrop(Arc::new(AtomicBool::new(false)));
        let flag = cancelled.0.clone();
        let work = tokio::task::spawn_blocking(move || {
            guarded(|| {
                let cx = Ctx {
                    view: snapshot.view(),
                    settings: &settings,
                    enc,
                    uri: &uri,
                    cancelled: &flag,
                };
                f(&cx)
            })
        });
        match work.await {
            Ok(result) => result.map_err(Some),
            Err(e) => Err(Some(format!("the worker failed: {e}"))),
        }
    }

    /// Publishes the diagnostics of a document, unless a later edit has
    /// already superseded `version` (its own publication follows), or they
    /// are the ones last published for it: their ranges are then right
    /// for the new text too, and resending up to `MAX_DIAGNOSTICS` of them
    /// on each keystroke of a large document is work for nothing in both
    /// processes.
    async fn publish(&self, uri: Uri, version: Option<i32>) {
        let outcome = {
            let mut guard = lock(&self.state);
            let State {
                store,
                settings,
                enc,
                ..
            } = &mut *guard;
            match store.get_mut(&uri) {
                Some(doc) if version.is_none_or(|v| v == doc.version) => {
                    let version = doc.version;
                    let computed = guarded(|| {
                        let settings = doc_settings(settings, doc);
                        let cx = Ctx {
                            view: doc.view(&settings.rules, &settings.dialects),
                            settings: &settings,
                            enc: *enc,
                            uri: &uri,
                            cancelled: &NEVER_CANCELLED,
                        };
                        features::diagnostics(&cx)
                    });
                    match computed {
                        Ok(diags) if doc.published.as_ref() == Some(&diags) => None,
                        Ok(diags) => {
                            doc.published = Some(diags.clone());
                            Some(Ok((diags, version)))
                        }
                        Err(panic) => Some(Err(panic)),
                    }
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

    /// Takes the settings in `value`; returns whether they changed.
    async fn apply_settings(&self, value: &Value) -> bool {
        let (settings, problems) = Settings::from_json(value);
        let changed = {
            let mut state = lock(&self.state);
            if state.settings.rules != settings.rules {
                state.store.invalidate_all();
            }
            let changed = state.settings != settings;
            state.settings = settings;
            changed
        };
        for p in problems {
            self.log(MessageType::WARNING, format!("settings: {p}"))
                .await;
        }
        changed
    }

    /// Asks the client for the settings; returns whether they changed.
    async fn pull_settings(&self) -> bool {
        let items = vec![ConfigurationItem {
            scope_uri: None,
            section: Some("tenpai".to_string()),
        }];
        match self.client.configuration(items).await {
            Ok(values) => match values.first().filter(|v| !v.is_null()) {
                Some(v) => self.apply_settings(v).await,
                None => false,
            },
            Err(e) => {
                self.log(
                    MessageType::WARNING,
                    format!("workspace/configuration failed: {e}"),
                )
                .await;
                false
            }
        }
    }

    /// The `tenpai.toml` that applies to a document, if any, read through
    /// `configs` (each file once per call site); a broken one is logged and
    /// left out.
    async fn project_of(&self, uri: &Uri, configs: &mut Configs) -> Option<Config> {
        let path = uri.to_file_path()?;
        match configs.project_for(Some(&path)) {
            Ok(c) => c.cloned(),
            Err(e) => {
                self.log(
                    MessageType::WARNING,
                    format!("{e}; using the editor's settings"),
                )
                .await;
                None
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

fn capabilities(enc: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(position::kind(enc)),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::REFACTOR_REWRITE,
                CodeActionKind::SOURCE_FIX_ALL,
            ]),
            ..Default::default()
        })),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["=".to_string(), " ".to_string()]),
            ..Default::default()
        }),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: features::semantic_legend(),
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..Default::default()
            },
        )),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let enc = position::negotiate(
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
            state.watch_files = workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|w| w.dynamic_registration)
                == Some(true);
        }
        if let Some(options) = &params.initialization_options {
            let _ = self.apply_settings(options).await;
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
        let watch = lock(&self.state).watch_files;
        if watch {
            // A project's tenpai.toml edited, created or removed while its
            // documents are open: they are read again under it.
            let watchers: Vec<Value> = config::FILE_NAMES
                .iter()
                .map(|n| serde_json::json!({"globPattern": format!("**/{n}")}))
                .collect();
            let registration = Registration {
                id: "tenpai-config".to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: Some(serde_json::json!({ "watchers": watchers })),
            };
            if let Err(e) = self.client.register_capability(vec![registration]).await {
                self.log(
                    MessageType::WARNING,
                    format!("could not watch tenpai.toml files: {e}"),
                )
                .await;
            }
        }
        // Documents opened meanwhile were published with the settings of
        // `initialize`: again only if the client's differ.
        let pull = lock(&self.state).pull_config;
        if pull && self.pull_settings().await {
            self.refresh_all().await;
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        let kind = detect_kind(&document.language_id, &document.uri);
        let mut doc = Doc::new(&document.text, document.version, kind);
        doc.project = self
            .project_of(&document.uri, &mut Configs::default())
            .await;
        doc.path = document.uri.to_file_path().map(|p| p.to_path_buf());
        lock(&self.state).store.open(document.uri.clone(), doc);
        self.publish(document.uri, Some(document.version)).await;
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

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let touched = params.changes.iter().any(|c| {
            let path = c.uri.as_str();
            config::FILE_NAMES
                .iter()
                .any(|n| path.ends_with(&format!("/{n}")))
        });
        if !touched {
            return;
        }
        let uris = lock(&self.state).store.uris();
        let mut configs = Configs::default();
        for uri in &uris {
            let project = self.project_of(uri, &mut configs).await;
            if let Some(doc) = lock(&self.state).store.get_mut(uri) {
                doc.project = project;
            }
        }
        self.refresh_all().await;
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
        let changed = if pushed || !pull {
            self.apply_settings(&params.settings).await
        } else {
            self.pull_settings().await
        };
        if changed {
            self.refresh_all().await;
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let request = params.text_document_position_params;
        self.query(
            "hover",
            &request.text_document.uri,
            Reach::Line,
            move |cx| features::hover(cx, request.position),
        )
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let reach = reach_of(&params.range);
        self.query("inlayHint", &params.text_document.uri, reach, move |cx| {
            Some(features::inlay_hints(cx, params.range))
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let only = params.context.only.clone();
        // A kind is wanted when the client names it or a prefix of it
        // (`source` covers `source.fixAll`); with no list, every kind.
        let wanted = move |kind: &CodeActionKind| {
            only.as_ref().is_none_or(|o| {
                o.iter().any(|w| {
                    kind.as_str()
                        .strip_prefix(w.as_str())
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
                })
            })
        };
        // Fixing the whole document reads all of it.
        let reach = match wanted(&CodeActionKind::SOURCE_FIX_ALL) {
            true => Reach::Document,
            false => reach_of(&params.range),
        };
        self.query("codeAction", &params.text_document.uri, reach, move |cx| {
            let mut actions = features::code_actions(cx, params.range);
            actions.retain(|a| match a {
                CodeActionOrCommand::CodeAction(a) => a.kind.as_ref().is_none_or(&wanted),
                CodeActionOrCommand::Command(_) => true,
            });
            if wanted(&CodeActionKind::SOURCE_FIX_ALL) {
                actions.extend(features::fix_all(cx).map(CodeActionOrCommand::CodeAction));
            }
            Some(actions)
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let request = params.text_document_position;
        self.query(
            "completion",
            &request.text_document.uri,
            Reach::Line,
            move |cx| features::completion(cx, request.position).map(CompletionResponse::Array),
        )
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.query(
            "semanticTokens",
            &params.text_document.uri,
            Reach::Document,
            move |cx| {
                Some(SemanticTokensResult::Tokens(features::semantic_tokens(
                    cx, None,
                )))
            },
        )
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        self.query(
            "semanticTokens",
            &params.text_document.uri,
            Reach::Document,
            move |cx| {
                Some(SemanticTokensRangeResult::Tokens(
                    features::semantic_tokens(cx, Some(params.range)),
                ))
            },
        )
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.query(
            "documentSymbol",
            &params.text_document.uri,
            Reach::Document,
            move |cx| {
                Some(DocumentSymbolResponse::Nested(features::document_symbols(
                    cx,
                )))
            },
        )
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.query(
            "formatting",
            &params.text_document.uri,
            Reach::Document,
            move |cx| Some(features::formatting(cx, None)),
        )
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        self.query(
            "rangeFormatting",
            &params.text_document.uri,
            Reach::Document,
            move |cx| Some(features::formatting(cx, Some(params.range))),
        )
        .await
    }
}
