//! A filter between the client's input and tower-lsp-server, for messages
//! the library would end the session on or never answer:
//!
//! - a string with half a UTF-16 surrogate pair (`"\ud83c"`: valid JSON,
//!   and what a UTF-16 editor sends while a 🀄 is half typed) gets U+FFFD
//!   in its place;
//! - a JSON value that is not a JSON-RPC 2.0 message (no `"jsonrpc":"2.0"`,
//!   a method that is not a string, an id that is neither a number nor a
//!   string, a batch, a bare number) is answered with `InvalidRequest` when
//!   it carries a usable id, and dropped with a note on stderr when not;
//! - a request for an unhandled `$/` method, which the library leaves
//!   unanswered, is answered with `MethodNotFound`;
//! - header names are read in any case (`content-length:`), as in HTTP,
//!   and passed on as the library reads them;
//! - after `exit` nothing more is read: the session ends even while the
//!   server waits on an answer of the client's that will never come.
//!
//! Everything else goes through unchanged.

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

/// The method that stands in for a message that is not JSON-RPC: the
/// server answers it with `InvalidRequest`.
pub const INVALID_REQUEST: &str = "tenpai/invalidRequest";

/// `$/` methods the server handles (as notifications); any other `$/`
/// request is renamed to one the server does not know.
const DOLLAR_HANDLED: &[&str] = &["$/cancelRequest", "$/setTrace"];

/// Copies frames from `input` to `output`, filtered, until end of input or
/// the `exit` notification. A header it cannot read is passed on as it is,
/// for the library to judge.
pub async fn filter<I, O>(input: I, mut output: O)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    loop {
        let mut header = Vec::new();
        let mut length = None;
        // Header lines up to the empty one.
        loop {
            let mut line = Vec::new();
            match input.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => {
                    let _ = output.write_all(&header).await;
                    let _ = output.shutdown().await;
                    return;
                }
                Ok(_) => {}
            }
            header.extend_from_slice(&line);
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end();
            if text.is_empty() {
                break;
            }
            if let Some((name, value)) = text.split_once(':') {
                if name.trim().eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let Some(length) = length else {
            // Not a frame we understand: let the library answer it.
            if output.write_all(&header).await.is_err() {
                return;
            }
            continue;
        };
        // Grown as the bytes arrive: a length is the client's word only.
        let mut body = Vec::new();
        let read = (&mut input)
            .take(length as u64)
            .read_to_end(&mut body)
            .await;
        if read.is_err() || body.len() < length {
            let _ = output.write_all(&header).await;
            let _ = output.write_all(&body).await;
            let _ = output.shutdown().await;
            return;
        }
        let (filtered, exit) = filtered(&body);
        let body = match filtered {
            Filtered::Same => body,
            Filtered::Changed(body) => body,
            Filtered::Dropped(why) => {
                eprintln!("tenpai lsp: dropped a message that is not JSON-RPC 2.0: {why}");
                continue;
            }
        };
        // The header written anew: the library reads only `Content-Length`,
        // spelled so.
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        if output.write_all(&frame).await.is_err() || output.flush().await.is_err() {
            return;
        }
        if exit {
            let _ = output.shutdown().await;
            return;
        }
    }
}

enum Filtered {
    Same,
    Changed(Vec<u8>),
    Dropped(&'static str),
}

/// The message as the library should see it, and whether it is `exit`.
fn filtered(body: &[u8]) -> (Filtered, bool) {
    let (value, changed) = match serde_json::from_slice::<Value>(body) {
        Ok(v) => (v, false),
        Err(_) => {
            let fixed = replace_lone_surrogates(body);
            match serde_json::from_slice::<Value>(&fixed) {
                Ok(v) => (v, true),
                // Not JSON at all: the library answers with a parse error.
                Err(_) => return (Filtered::Same, false),
            }
        }
    };
    let exit =
        value.get("method").and_then(Value::as_str) == Some("exit") && value.get("id").is_none();
    (checked(value, changed), exit)
}

fn checked(value: Value, mut changed: bool) -> Filtered {
    let Value::Object(mut msg) = value else {
        return Filtered::Dropped("not a JSON object");
    };
    // The library reads a number id as a 64-bit integer: a fraction or a
    // larger number would end the session as a string never does.
    let usable_id = match msg.get("id") {
        None => None,
        Some(id @ Value::String(_)) => Some(id.clone()),
        Some(id @ Value::Number(n)) if n.as_i64().is_some() => Some(id.clone()),
        Some(_) => return Filtered::Dropped("an id that is neither an integer nor a string"),
    };
    let versioned = msg.get("jsonrpc").and_then(Value::as_str) == Some("2.0");
    let method = msg.get("method");
    let is_response = method.is_none() && (msg.contains_key("result") || msg.contains_key("error"));
    let method_ok = method.is_none_or(Value::is_string);
    if !versioned || !method_ok || (method.is_none() && !is_response) {
        return match usable_id {
            Some(id) => Filtered::Changed(
                json!({"jsonrpc": "2.0", "id": id, "method": INVALID_REQUEST})
                    .to_string()
                    .into_bytes(),
            ),
            None => Filtered::Dropped("no jsonrpc 2.0, method or id to answer"),
        };
    }
    if let (Some(Value::String(m)), Some(_)) = (msg.get("method"), &usable_id) {
        if m.starts_with("$/") && !DOLLAR_HANDLED.contains(&m.as_str()) {
            let renamed = format!("tenpai/unhandled{m}");
            msg.insert("method".to_string(), Value::String(renamed));
            changed = true;
        }
    }
    if changed {
        Filtered::Changed(Value::Object(msg).to_string().into_bytes())
    } else {
        Filtered::Same
    }
}

/// The four hex digits at the start of `s`, as a number.
fn hex4(s: &[u8]) -> Option<u32> {
    let digits = s.get(..4)?;
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

/// JSON text with every `\u` escape of half a surrogate pair replaced by
/// `\ufffd`. Backslashes only occur inside strings, so no string tracking.
fn replace_lone_surrogates(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\\' || i + 1 >= s.len() {
            out.push(s[i]);
            i += 1;
            continue;
        }
        let unit = (s[i + 1] == b'u')
            .then(|| s.get(i + 2..).and_then(hex4))
            .flatten();
        match unit {
            Some(0xD800..=0xDBFF) => {
                let low = (s.get(i + 6..i + 8) == Some(b"\\u"))
                    .then(|| s.get(i + 8..).and_then(hex4))
                    .flatten();
                if matches!(low, Some(0xDC00..=0xDFFF)) {
                    out.extend_from_slice(&s[i..i + 12]);
                    i += 12;
                } else {
                    out.extend_from_slice(b"\\ufffd");
                    i += 6;
                }
            }
            Some(0xDC00..=0xDFFF) => {
                out.extend_from_slice(b"\\ufffd");
                i += 6;
            }
            _ => {
                // Any other escape, `\\` included, is two bytes to keep.
                out.extend_from_slice(&s[i..i + 2]);
                i += 2;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(f: Filtered) -> Option<Value> {
        match f {
            Filtered::Same => None,
            Filtered::Changed(b) => serde_json::from_slice(&b).ok(),
            Filtered::Dropped(_) => Some(Value::Null),
        }
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let raw = br#"{"jsonrpc":"2.0","method":"x","params":{"a":"\ud83c 1","b":"\udc04","c":"\ud83c\udc04","d":"\\ud83c"}}"#;
        let v = body(filtered(raw).0).expect("changed");
        assert_eq!(v["params"]["a"], "\u{fffd} 1");
        assert_eq!(v["params"]["b"], "\u{fffd}");
        assert_eq!(v["params"]["c"], "\u{1f004}");
        assert_eq!(v["params"]["d"], "\\ud83c");
    }

    #[test]
    fn messages_that_are_not_json_rpc_are_answered_or_dropped() {
        let invalid = |raw: &str| body(filtered(raw.as_bytes()).0);
        let stand_in =
            |id: Value| Some(json!({"jsonrpc": "2.0", "id": id, "method": INVALID_REQUEST}));
        assert_eq!(
            invalid(r#"{"id":777,"method":"textDocument/hover","params":{}}"#),
            stand_in(json!(777))
        );
        assert_eq!(
            invalid(r#"{"jsonrpc":"1.0","id":"a","method":"shutdown"}"#),
            stand_in(json!("a"))
        );
        assert_eq!(
            invalid(r#"{"jsonrpc":"2.0","id":9,"method":5}"#),
            stand_in(json!(9))
        );
        for dropped in [
            r#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}"#,
            r#"{"id":18446744073709551616,"method":"shutdown"}"#,
            "[1]",
            "{}",
            "42",
        ] {
            assert_eq!(invalid(dropped), Some(Value::Null), "{dropped}");
        }
        // Well-formed messages and responses go through untouched, and so
        // does text that is not JSON (the library answers it).
        for same in [
            r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":null}"#,
            "{not json",
        ] {
            assert_eq!(invalid(same), None, "{same}");
        }
        let renamed = invalid(r#"{"jsonrpc":"2.0","id":4,"method":"$/progress","params":{}}"#);
        assert_eq!(
            renamed.map(|v| v["method"].clone()),
            Some(json!("tenpai/unhandled$/progress"))
        );
    }
}
