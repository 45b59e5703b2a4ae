//! End to end: the built `tenpai lsp` binary driven over stdio as an editor
//! drives it.

use std::process::Stdio;

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;
use tokio::process::{Child, Command};

fn spawn() -> (TestClient, Child) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the tenpai binary starts");
    let stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    (TestClient::new(stdout, stdin), child)
}

/// A client that knows only UTF-16, as the protocol's default.
fn utf16_client() -> Value {
    json!({"textDocument": {"hover": {"contentFormat": ["markdown"]}}})
}

#[tokio::test]
async fn shutdown_and_exit_end_the_process_with_code_zero() {
    let (mut c, mut child) = spawn();
    let caps = c.initialize(utf16_client(), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-16");
    c.shutdown().await;
    let status = child.wait().await.expect("the process ends");
    assert_eq!(status.code(), Some(0));
}

#[tokio::test]
async fn exit_without_shutdown_is_code_one() {
    let (mut c, mut child) = spawn();
    c.initialize(utf16_client(), Value::Null).await;
    c.notify("exit", Value::Null).await;
    let status = child.wait().await.expect("the process ends");
    assert_eq!(status.code(), Some(1));
}
