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
mod cover_zdd;
mod explain;
mod generate;
mod help;
mod input;
mod interrupt;
mod jobs;
mod manual;
mod print;
mod progress;
mod rate;
mod records;
mod report;
mod sudoku;
mod threads;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

use crate::args::{Cli, Command};
use crate::report::Status;

fn main() -> ExitCode {
    // Status 2 on usage errors and 0 for --help and --version.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
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

/// Runs one command, writing its results to stdout. The output is flushed
/// here, whatever the command flushed itself, so that no command can end
/// with its last results still buffered and a failed write unreported
/// (`> /dev/full`): a `BufWriter` dropped unflushed ignores the error.
fn run(cli: &Cli) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let status = match &cli.command {
        Command::Solve(args) => sudoku::solve(args, &mut out),
        Command::Count(args) => sudoku::count(args, &mut out),
        Command::Cover(args) => cover::run(args, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Rate(args) => rate::run(args, &mut out),
        Command::Canon(args) => canon::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Print(args) => print::run(args, &mut out),
        Command::Explain(args) => explain::run(explain::Mode::Explain, args, &mut out),
        Command::Hint(args) => explain::run(explain::Mode::Hint, args, &mut out),
        Command::Completions(args) => manual::completions(args.shell, &mut out),
        Command::Man => manual::man(&mut out),
    }?;
    out.flush().context("cannot write to stdout")?;
    Ok(status)
}

/// Prints what clap says for `--help`, `--version` or a usage error, and
/// the status to exit with: clap's own `exit` ignores a failed write, so
/// `--help > /dev/full` would end in success having written nothing.
fn usage(e: &clap::Error) -> ExitCode {
    match e.print() {
        Ok(()) => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
        Err(io) if io.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(io) => {
            eprintln!("sudoku-dlx: cannot write to stdout: {io}");
            Status::Error.into()
        }
    }
}

/// Whether `e` is a write to a closed pipe (`sudoku-dlx ... | head`): the
/// reader has all it wanted, so this is a normal end, as in ripgrep.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
