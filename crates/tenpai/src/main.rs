use std::process::ExitCode;

fn main() -> ExitCode {
    tenpai::cli::main()
}
