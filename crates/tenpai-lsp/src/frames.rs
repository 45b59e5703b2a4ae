//! A filter between the client's input and tower-lsp-server, for messages
//! the library would end the session on or never answer. No frame may end
//! the session: tower-lsp-server 0.23 stops reading after any frame it
//! cannot decode (a test in this module shows it still does), and while
//! it waits for an answer of the client's it then answers nothing at all.
//!
//! - a body that is not UTF-8 (one stray byte in a document's text) is
//!   repaired, each bad byte read as U+FFFD;
//! - a string with half a UTF-16 surrogate pair (`"\ud83c"`: valid JSON,
//!   and what a UTF-16 editor sends while a 🀄 is half typed) gets U+FFFD
//!   in its place;
//! - a body that still is not JSON (broken, nested deeper than the JSON
//!   reader's limit) is answered with a parse error when its id can be
//!   read, and skipped with a note on stderr when not;
//! - a body longer than [`MAX_BODY`] is skipped (its bytes are read and
//!   dropped) with a note, and answered with an error when its id can be
//!   read from its first bytes;
//! - a header without `Content-Length`, or with a length that is not a
//!   number, is skipped with a note; a header line is read in any case
//!   (`content-length:`) and found even after garbage on its line, so
//!   that the next frame is read after a broken one;
//! - a JSON value that is not a JSON-RPC 2.0 message (no `"jsonrpc":"2.0"`,
//!   a method that is not a string, an id that is neither a number nor a
//!   string, a batch, a bare number) is answered with `InvalidRequest` when
//!   it carries a usable id, and dropped with a note on stderr when not;
//! - a request for an unhandled `$/` method, which the library leaves
//!   unanswered, is answered with `MethodNotFound`;
//! - after `exit` nothing more is read: the session ends even while the
//!   server waits on an answer of the client's that will never come.
//!
//! Everything else goes through unchanged.

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

/// The method that stands in for a message that is not JSON-RPC: the
/// server answers it with `InvalidRequest`.
pub const INVALID_REQUEST: &str = "tenpai/invalidRequest";

/// The method that stands in for a request whose body is not JSON: the
/// server answers it with `ParseError`, for that message alone.
pub const PARSE_ERROR: &str = "tenpai/parseError";

/// The longest body read: a 20 MB document's `didOpen` is some 25 MB of
/// JSON, and the answer to anything longer would not be usable anyway.
pub const MAX_BODY: usize = 256 << 20;

/// The longest header line read (a header is a few dozen bytes): a stream
/// of garbage with no line break must not be buffered whole.
const MAX_HEADER_LINE: u64 = 64 << 10;

/// `$/` methods the server handles (as notifications); any other `$/`
/// request is renamed to one the server does not know.
const DOLLAR_HANDLED: &[&str] = &["$/cancelRequest", "$/setTrace"];

/// Copies frames from `input` to `output`, filtered, until end of input or
/// the `exit` notification.
pub async fn filter<I, O>(input: I, mut output: O)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    loop {
        let Some(length) = read_header(&mut input).await else {
            let _ = output.shutdown().await;
            return;
        };
        let Some(length) = length else {
            note("skipped a header without a Content-Length");
            continue;
        };
        let (body, complete) = if length > MAX_BODY {
            // The first bytes may name the id to answer; the rest is
            // read and dropped, so the next frame is found.
            let mut head = Vec::new();
            let head_read = (&mut input).take(4096).read_to_end(&mut head).await;
            let rest = (length as u64).saturating_sub(head.len() as u64);
            let skipped =
                tokio::io::copy(&mut (&mut input).take(rest), &mut tokio::io::sink()).await;
            let complete = head_read.is_ok() && skipped.is_ok_and(|n| n == rest);
            note(&format!(
                "skipped a message of {length} bytes (the limit is {MAX_BODY})"
            ));
            (stand_in(&head, PARSE_ERROR), complete)
        } else {
            // Grown as the bytes arrive: a length is the client's word only.
            let mut body = Vec::new();
            let read = (&mut input)
                .take(length as u64)
                .read_to_end(&mut body)
                .await;
            let complete = read.is_ok() && body.len() == length;
            if !complete {
                // The input ended inside the body: the message is cut.
                let _ = output.shutdown().await;
                return;
            }
            let (filtered, exit) = filtered(&body);
            let body = match filtered {
                Filtered::Same => Some(body),
                Filtered::Changed(body) => Some(body),
                Filtered::Dropped(why) => {
                    note(&format!(
                        "dropped a message that is not JSON-RPC 2.0: {why}"
                    ));
                    None
                }
            };
            if exit {
                if let Some(body) = body {
                    let _ = write_frame(&mut output, &body).await;
                }
                let _ = output.shutdown().await;
                return;
            }
            (body, true)
        };
        if let Some(body) = body {
            if write_frame(&mut output, &body).await.is_err() {
                return;
            }
        }
        if !complete {
            let _ = output.shutdown().await;
            return;
        }
    }
}

/// The frame as the library reads it: only `Content-Length`, spelled so.
async fn write_frame<O: AsyncWrite + Unpin>(output: &mut O, body: &[u8]) -> std::io::Result<()> {
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(body);
    output.write_all(&frame).await?;
    output.flush().await
}

fn note(what: &str) {
    eprintln!("tenpai lsp: {what}");
}

/// Reads header lines up to the empty one. `None` at the end of input;
/// `Some(None)` for a header with no usable `Content-Length`.
async fn read_header<I: AsyncRead + Unpin>(input: &mut BufReader<I>) -> Option<Option<usize>> {
    let mut length = None;
    let mut lines = 0usize;
    loop {
        let mut line = Vec::new();
        match (&mut *input)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        lines += 1;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            // A blank line before any header (a stray CRLF after a body)
            // starts no frame.
            if lines == 1 {
                lines = 0;
                continue;
            }
            return Some(length);
        }
        // Found even after garbage on its line (the end of a body whose
        // length was understated), in any case, as in HTTP.
        let lower = text.to_ascii_lowercase();
        if let Some(at) = lower.rfind("content-length") {
            let value = text[at + "content-length".len()..].trim_start();
            length = value
                .strip_prefix(':')
                .and_then(|v| v.trim().parse::<usize>().ok());
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
            let text = String::from_utf8_lossy(body);
            let fixed = replace_lone_surrogates(text.as_bytes());
            match serde_json::from_slice::<Value>(&fixed) {
                Ok(v) => (v, true),
                Err(_) => {
                    return match stand_in(body, PARSE_ERROR) {
                        Some(b) => (Filtered::Changed(b), false),
                        None => (Filtered::Dropped("not JSON, and no id to answer"), false),
                    }
                }
            }
        }
    };
    let exit =
        value.get("method").and_then(Value::as_str) == Some("exit") && value.get("id").is_none();
    (checked(value, changed), exit)
}

/// A request for `method` with the id of the broken message `body`, when
/// one can be read from it.
fn stand_in(body: &[u8], method: &str) -> Option<Vec<u8>> {
    let id = top_level_id(body)?;
    Some(
        json!({"jsonrpc": "2.0", "id": id, "method": method})
            .to_string()
            .into_bytes(),
    )
}

/// The `"id"` of the outermost object of a body that is not (all) JSON: a
/// scan that follows strings and nesting, and reads an integer or a
/// string after `"id":` at depth one.
fn top_level_id(body: &[u8]) -> Option<Value> {
    let mut depth = 0usize;
    let mut cursor = 0;
    while cursor < body.len() {
        match body[cursor] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let end = string_end(body, cursor)?;
                if depth == 1 && &body[cursor..end] == b"\"id\"" {
                    let rest = &body[end..];
                    let after_colon = rest
                        .iter()
                        .position(|b| !b.is_ascii_whitespace())
                        .filter(|&p| rest[p] == b':')
                        .map(|p| &rest[p + 1..])?;
                    let value_at = after_colon.iter().position(|b| !b.is_ascii_whitespace())?;
                    let value = &after_colon[value_at..];
                    return match value.first()? {
                        b'"' => {
                            let close = string_end(value, 0)?;
                            serde_json::from_slice::<Value>(&value[..close])
                                .ok()
                                .filter(Value::is_string)
                        }
                        b'-' | b'0'..=b'9' => {
                            let digits = value
                                .iter()
                                .skip(1)
                                .position(|b| !b.is_ascii_digit())
                                .map_or(value.len(), |p| p + 1);
                            // A fraction or an exponent is no id the library reads.
                            let next = value.get(digits).copied();
                            if !next
                                .is_none_or(|b| b.is_ascii_whitespace() || b == b',' || b == b'}')
                            {
                                return None;
                            }
                            std::str::from_utf8(&value[..digits])
                                .ok()?
                                .parse::<i64>()
                                .ok()
                                .map(Value::from)
                        }
                        _ => None,
                    };
                }
                cursor = end;
                continue;
            }
            _ => {}
        }
        cursor += 1;
    }
    None
}

/// The index just past the string that starts with the quote at `start`.
fn string_end(s: &[u8], start: usize) -> Option<usize> {
    let mut cursor = start + 1;
    while cursor < s.len() {
        match s[cursor] {
            b'\\' => cursor += 2,
            b'"' => return Some(cursor + 1),
            _ => cursor += 1,
        }
    }
    None
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
    let mut cursor = 0;
    while cursor < s.len() {
        if s[cursor] != b'\\' || cursor + 1 >= s.len() {
            out.push(s[cursor]);
            cursor += 1;
            continue;
        }
        let unit = (s[cursor + 1] == b'u')
            .then(|| s.get(cursor + 2..).and_then(hex4))
            .flatten();
        match unit {
            Some(0xD800..=0xDBFF) => {
                let low = (s.get(cursor + 6..cursor + 8) == Some(b"\\u"))
                    .then(|| s.get(cursor + 8..).and_then(hex4))
                    .flatten();
                if matches!(low, Some(0xDC00..=0xDFFF)) {
                    out.extend_from_slice(&s[cursor..cursor + 12]);
                    cursor += 12;
                } else {
                    out.extend_from_slice(b"\\ufffd");
                    cursor += 6;
                }
            }
            Some(0xDC00..=0xDFFF) => {
                out.extend_from_slice(b"\\ufffd");
                cursor += 6;
            }
            _ => {
                // Any other escape, `\\` included, is two bytes to keep.
                out.extend_from_slice(&s[cursor..cursor + 2]);
                cursor += 2;
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
        // Well-formed messages and responses go through untouched.
        for same in [
            r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":null}"#,
        ] {
            assert_eq!(invalid(same), None, "{same}");
        }
        let renamed = invalid(r#"{"jsonrpc":"2.0","id":4,"method":"$/progress","params":{}}"#);
        assert_eq!(
            renamed.map(|v| v["method"].clone()),
            Some(json!("tenpai/unhandled$/progress"))
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_read_as_replacement_characters() {
        let raw = b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"text\":\"123m\xff\xfe\"}}";
        let v = body(filtered(raw).0).expect("changed");
        assert_eq!(v["params"]["text"], "123m\u{fffd}\u{fffd}");
    }

    #[test]
    fn a_body_that_is_not_json_is_answered_when_its_id_can_be_read() {
        let parse_error =
            |id: Value| Some(json!({"jsonrpc": "2.0", "id": id, "method": PARSE_ERROR}));
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":12,"method":"textDocument/hover","params":{}{}}}"#,
            "[".repeat(200_000),
            "]".repeat(200_000)
        );
        assert_eq!(body(filtered(deep.as_bytes()).0), parse_error(json!(12)));
        let broken = r#"{"jsonrpc":"2.0","params":{"id":3,"s":"}\"id\":4"},"id" : "x\"y",oops"#;
        assert_eq!(
            body(filtered(broken.as_bytes()).0),
            parse_error(json!("x\"y"))
        );
        for no_id in ["{nonsense", r#"{"params":{"id":3},"#, r#"{"id":1.5,"#, ""] {
            assert_eq!(
                body(filtered(no_id.as_bytes()).0),
                Some(Value::Null),
                "{no_id}"
            );
        }
    }

    /// Why this filter exists: tower-lsp-server alone ends the session on
    /// one bad byte. Should a version of the library keep going, this test
    /// fails, and the filter's repairs can be weighed again.
    #[tokio::test]
    async fn without_the_filter_one_bad_byte_ends_the_session() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        use tower_lsp_server::{LspService, Server};
        let (service, socket) = LspService::build(|client| {
            super::super::Backend::new(client, Arc::new(AtomicBool::new(false)))
        })
        .finish();
        let (client_end, server_end) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server_end);
        let server = tokio::spawn(Server::new(server_read, server_write, socket).serve(service));
        let (mut client_read, mut client_write) = tokio::io::split(client_end);
        let initialize =
            br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
        let bad = b"{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///a.mj\",\"languageId\":\"mj\",\"version\":1,\"text\":\"123m\xff\"}}}";
        for body in [&initialize[..], &bad[..]] {
            let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
            frame.extend_from_slice(body);
            client_write.write_all(&frame).await.unwrap();
        }
        // Drain the answers so the server never blocks on its output.
        tokio::spawn(async move {
            let mut sink = Vec::new();
            let _ = client_read.read_to_end(&mut sink).await;
        });
        let ended = tokio::time::timeout(std::time::Duration::from_secs(20), server).await;
        assert!(
            ended.is_ok(),
            "the library kept the session after a bad byte"
        );
        drop(client_write);
    }
}
