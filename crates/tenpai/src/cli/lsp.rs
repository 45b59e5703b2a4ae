use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct LspArgs {
    /// Accepted for editors that pass it (VS Code's language client does);
    /// stdio is the only transport.
    #[arg(long)]
    pub stdio: bool,
}

pub fn run(_args: LspArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("tenpai lsp: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let shut_down = runtime.block_on(crate::lsp::serve(tokio::io::stdin(), tokio::io::stdout()));
    // Reading stdin blocks a runtime thread that would otherwise keep the
    // process alive after `exit`: don't wait for it.
    runtime.shutdown_background();
    if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
