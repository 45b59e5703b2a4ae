//! The built `tenpai` binary, run as a user runs it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tenpai ARGS` in the package's directory (where the fixtures'
/// relative paths start), with `stdin` as its standard input (none: an
/// empty, closed one) and colour left to its flags, and waits for it.
pub fn tenpai(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tenpai binary runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("tenpai finishes")
}
