//! The language server's input: any bytes, as a client (or a broken pipe)
//! may send them. Properties: no panic, and the session ends when the
//! input does (no hang; libFuzzer's -timeout catches one).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    runtime.block_on(tenpai_lsp::serve(data, tokio::io::sink()));
});
