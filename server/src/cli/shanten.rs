use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ShantenArgs {}

pub fn run(_args: ShantenArgs) -> ExitCode {
    eprintln!("tenpai shanten: this command arrives with its issue");
    ExitCode::from(2)
}
