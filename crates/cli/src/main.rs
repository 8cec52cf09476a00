//! `sudoku-dlx`: the command line of the sudoku-dlx workspace.
//!
//! A thin binary in the manner of ripgrep: [`main`] parses the flags, calls
//! [`run`], and maps what it returns to an exit status. Files, threads,
//! progress and output formats live here; every algorithm lives in the `dlx`
//! and `sudoku-dlx` libraries.

mod answers;
mod args;
mod batch;
mod canon;
mod check;
mod cover;
mod drawing;
mod explain;
mod generate;
mod help;
mod input;
mod interrupt;
mod jobs;
mod manual;
mod progress;
mod rate;
mod records;
mod report;
mod sudoku;
mod threads;

use std::io::{self, BufWriter};
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::report::Status;

fn main() -> ExitCode {
    // clap exits with status 2 on usage errors and 0 for --help and --version.
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    match run(&cli) {
        Ok(status) => status.into(),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku-dlx: {e:#}");
            Status::Error.into()
        }
    }
}

/// Runs one command, writing its results to stdout.
fn run(cli: &Cli) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    match &cli.command {
        Command::Solve(args) => sudoku::solve(args, &mut out),
        Command::Count(args) => sudoku::count(args, &mut out),
        Command::Cover(args) => cover::run(args, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Rate(args) => rate::run(args, &mut out),
        Command::Canon(args) => canon::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Explain(args) => explain::run(explain::Mode::Explain, args, &mut out),
        Command::Hint(args) => explain::run(explain::Mode::Hint, args, &mut out),
        Command::Completions(args) => manual::completions(args.shell, &mut out),
        Command::Man => manual::man(&mut out),
    }
}

/// Whether `e` is a write to a closed pipe (`sudoku-dlx ... | head`): the
/// reader has all it wanted, so this is a normal end, as in ripgrep.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
