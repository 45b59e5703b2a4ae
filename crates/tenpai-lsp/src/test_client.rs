//! A minimal LSP client for the tests and the bench: frames JSON-RPC over any
//! byte stream, answers the server's requests, and buffers notifications.
//! Used in-process (over a `tokio::io::duplex`) and against the spawned
//! binary (over its stdio).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

type Reader = BufReader<Box<dyn AsyncRead + Unpin + Send>>;
type Writer = Box<dyn AsyncWrite + Unpin + Send>;

/// How long a test waits for any one message before failing (a hang guard,
/// not a speed check).
const PATIENCE: Duration = Duration::from_secs(20);

/// A JSON-RPC body framed as the base protocol sends it (whatever the
/// bytes are: tests send malformed bodies this way).
pub fn frame(body: impl AsRef<[u8]>) -> Vec<u8> {
    let body = body.as_ref();
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

pub struct TestClient {
    reader: Reader,
    writer: Writer,
    next_id: i64,
    /// Notifications received while waiting for something else.
    pending: VecDeque<Value>,
    /// The answer to `workspace/configuration` (section `tenpai`).
    pub config: Value,
    /// Server-to-client requests seen, by method.
    pub server_requests: Vec<String>,
    /// The diagnostics last published for each document, as an editor
    /// holds them (the server sends only those that changed).
    shown: std::collections::HashMap<String, Value>,
}

impl TestClient {
    pub fn new(
        reader: impl AsyncRead + Unpin + Send + 'static,
        writer: impl AsyncWrite + Unpin + Send + 'static,
    ) -> TestClient {
        TestClient {
            reader: BufReader::new(Box::new(reader)),
            writer: Box::new(writer),
            next_id: 1,
            pending: VecDeque::new(),
            config: Value::Null,
            server_requests: Vec::new(),
            shown: std::collections::HashMap::new(),
        }
    }

    /// Starts a server in this process, on a tokio task, and returns a
    /// client connected to it and the server's task (its result: whether
    /// `shutdown` came before the end).
    pub fn in_process() -> (TestClient, tokio::task::JoinHandle<bool>) {
        let (client_end, server_end) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server_end);
        let task = tokio::spawn(super::serve_with(
            server_read,
            server_write,
            super::Methods::WithTestPanic,
        ));
        let (client_read, client_write) = tokio::io::split(client_end);
        (TestClient::new(client_read, client_write), task)
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_raw(&frame(message.to_string())).await;
    }

    /// Sends raw bytes (for malformed-input tests).
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        let ok = self.writer.write_all(bytes).await.is_ok() && self.writer.flush().await.is_ok();
        assert!(ok, "the server closed its input");
    }

    pub async fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
            .await;
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        self.response(&json!(id)).await
    }

    /// Waits for the response with this id (to a request sent as it is,
    /// or to a malformed frame that carried it); what comes before it is
    /// handled as while any wait.
    pub async fn response(&mut self, id: &Value) -> Value {
        loop {
            let msg = self.recv().await;
            if msg.get("method").is_none() && msg["id"] == *id {
                return msg;
            }
            self.route(msg).await;
        }
    }

    /// The `result` of a request; panics on an error response.
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params).await;
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// Waits for the next notification with this method (earlier ones of
    /// other methods stay buffered).
    pub async fn notification(&mut self, method: &str) -> Value {
        if let Some(i) = self.pending.iter().position(|n| n["method"] == method) {
            return self
                .pending
                .remove(i)
                .map(|n| n["params"].clone())
                .unwrap_or_default();
        }
        loop {
            let msg = self.recv().await;
            if msg["method"] == method && msg.get("id").is_none() {
                return msg["params"].clone();
            }
            self.route(msg).await;
        }
    }

    /// Waits for `publishDiagnostics` of this document at this version.
    pub async fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        loop {
            let published = self.notification("textDocument/publishDiagnostics").await;
            if published["uri"] == uri && published["version"] == json!(version) {
                return published["diagnostics"].clone();
            }
        }
    }

    /// The diagnostics published for this document at this version, and
    /// when they arrived; `None` when the server had none to send (it
    /// publishes only diagnostics that changed). A hover request sent
    /// behind the edit bounds the wait: the server publishes within a turn
    /// of its loop after an edit, and answers a query only after several
    /// (`CANCEL_TURNS` in `server.rs`).
    pub async fn published(&mut self, uri: &str, version: i64) -> Option<(Value, Instant)> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}),
        )
        .await;
        let mut found = self
            .take_publication(uri, version)
            .map(|d| (d, Instant::now()));
        loop {
            let msg = self.recv().await;
            if msg.get("method").is_none() && msg["id"] == json!(id) {
                return found;
            }
            self.route(msg).await;
            if found.is_none() {
                found = self
                    .take_publication(uri, version)
                    .map(|d| (d, Instant::now()));
            }
        }
    }

    /// The diagnostics the client holds for this document once the server
    /// has handled everything sent so far (a hover behind it bounds the
    /// wait, as in [`TestClient::published`]): the last published, which
    /// an edit that leaves them as they were does not replace.
    pub async fn shown_diagnostics(&mut self, uri: &str) -> Value {
        self.call(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        )
        .await;
        self.shown.get(uri).cloned().unwrap_or(Value::Null)
    }

    /// The buffered publication of this document at this version, taken.
    fn take_publication(&mut self, uri: &str, version: i64) -> Option<Value> {
        let index = self.pending.iter().position(|n| {
            n["method"] == "textDocument/publishDiagnostics"
                && n["params"]["uri"] == uri
                && n["params"]["version"] == json!(version)
        })?;
        self.pending
            .remove(index)
            .map(|n| n["params"]["diagnostics"].clone())
    }

    /// Waits until the server has sent a request with this method (and
    /// it was answered); clears the record of it.
    pub async fn server_request(&mut self, method: &str) {
        loop {
            if let Some(i) = self.server_requests.iter().position(|m| m == method) {
                self.server_requests.remove(i);
                return;
            }
            let msg = self.recv().await;
            self.route(msg).await;
        }
    }

    /// Waits for any `publishDiagnostics` of this document (after a close,
    /// the server clears them without a version).
    pub async fn diagnostics_any(&mut self, uri: &str) -> Value {
        loop {
            let published = self.notification("textDocument/publishDiagnostics").await;
            if published["uri"] == uri {
                return published["diagnostics"].clone();
            }
        }
    }

    /// Messages held: notifications not yet taken, and the record of the
    /// server's requests (a soak checks that they do not pile up).
    pub fn buffered(&self) -> usize {
        self.pending.len() + self.server_requests.len()
    }

    /// Every notification buffered so far with this method, drained.
    pub fn drain(&mut self, method: &str) -> Vec<Value> {
        let (hit, keep) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|n| n["method"] == method);
        self.pending = keep;
        hit.into_iter().map(|n| n["params"].clone()).collect()
    }

    /// Answers server-to-client requests; buffers notifications.
    async fn route(&mut self, msg: Value) {
        match (msg.get("method"), msg.get("id")) {
            (Some(method), Some(id)) => {
                let method = method.as_str().unwrap_or_default().to_string();
                let result = match method.as_str() {
                    "workspace/configuration" => {
                        let count = msg["params"]["items"].as_array().map_or(1, Vec::len);
                        Value::Array(vec![self.config.clone(); count])
                    }
                    _ => Value::Null,
                };
                self.server_requests.push(method);
                let id = id.clone();
                self.send(&json!({"jsonrpc": "2.0", "id": id, "result": result}))
                    .await;
            }
            (Some(_), None) => self.pending.push_back(msg),
            _ => {}
        }
    }

    /// Reads one framed message.
    pub async fn recv(&mut self) -> Value {
        match tokio::time::timeout(PATIENCE, self.read_message()).await {
            Ok(Some(v)) => {
                if v["method"] == "textDocument/publishDiagnostics" {
                    if let Some(uri) = v["params"]["uri"].as_str() {
                        self.shown
                            .insert(uri.to_string(), v["params"]["diagnostics"].clone());
                    }
                }
                v
            }
            Ok(None) => panic!("the server closed its output"),
            Err(_) => panic!("no message from the server in {PATIENCE:?}"),
        }
    }

    async fn read_message(&mut self) -> Option<Value> {
        let mut length = None;
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).await.ok()? == 0 {
                return None;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length:") {
                length = v.trim().parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length?];
        self.reader.read_exact(&mut body).await.ok()?;
        serde_json::from_slice(&body).ok()
    }

    /// `initialize` + `initialized`, with the given client capabilities and
    /// initialization options; returns the server's capabilities.
    pub async fn initialize(&mut self, capabilities: Value, options: Value) -> Value {
        let result = self
            .call(
                "initialize",
                json!({
                    "processId": null,
                    "rootUri": null,
                    "capabilities": capabilities,
                    "initializationOptions": options,
                }),
            )
            .await;
        self.notify("initialized", json!({})).await;
        result["capabilities"].clone()
    }

    pub async fn open(&mut self, uri: &str, language: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {
                "uri": uri, "languageId": language, "version": version, "text": text
            }}),
        )
        .await;
    }

    /// One incremental edit: replaces `[(l0,c0),(l1,c1))` with `text`.
    pub async fn change(&mut self, uri: &str, version: i64, range: [u32; 4], text: &str) {
        let [l0, c0, l1, c1] = range;
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{
                    "range": {"start": {"line": l0, "character": c0},
                              "end": {"line": l1, "character": c1}},
                    "text": text
                }]
            }),
        )
        .await;
    }

    /// `shutdown` then `exit`.
    pub async fn shutdown(&mut self) {
        self.call("shutdown", Value::Null).await;
        self.notify("exit", Value::Null).await;
    }
}
