//! Side-by-side comparison of this project and its peers, interleaved in one
//! run, every answer cross-checked.
//!
//! ```text
//! cargo run --release -p benches --bin compare -- [--quick]
//!     [--only engine|exact|xcc|mcc|sudoku|threads|canon]
//!     [--rounds N] [--cap SECONDS] [--limit N | --full]
//! ```
//!
//! See `docs/benchmarks.md` for what is measured and how to read the tables.
//! The engines are compared in `engines.rs`, the Sudoku solvers in `sudoku.rs`.

use std::process::ExitCode;
use std::time::Duration;

mod engines;
mod sudoku;

use benches::problems::{self, CoverProblem};

use engines::{compare_engines, compare_threads};
use sudoku::compare_sudoku;

/// What the command line asked for.
#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub(crate) quick: bool,
    /// Which engine groups: plain exact cover, with colors, with bounds.
    pub(crate) exact: bool,
    pub(crate) xcc: bool,
    pub(crate) mcc: bool,
    pub(crate) sudoku: bool,
    pub(crate) threads: bool,
    pub(crate) canon: bool,
    pub(crate) rounds: usize,
    /// The longest one peer run may take before it is stopped.
    pub(crate) cap: Duration,
    /// The first this many puzzles of each Sudoku set; `None` for all.
    pub(crate) limit: Option<usize>,
}

const USAGE: &str = "usage: compare [--quick] [--only engine|exact|xcc|mcc|sudoku|threads|canon] [--rounds N] [--cap SECONDS] [--limit N | --full]";

/// Puzzles per Sudoku set by default, and with `--quick`.
const DEFAULT_LIMIT: usize = 10_000;
const QUICK_LIMIT: usize = 2_000;

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        quick: false,
        exact: true,
        xcc: true,
        mcc: true,
        sudoku: true,
        threads: true,
        canon: true,
        rounds: 0,
        cap: Duration::from_secs(120),
        limit: Some(0),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--only" => {
                let only = value("--only")?;
                let groups = match only.as_str() {
                    "engine" => [true, true, true, false, false, false],
                    "exact" => [true, false, false, false, false, false],
                    "xcc" => [false, true, false, false, false, false],
                    "mcc" => [false, false, true, false, false, false],
                    "sudoku" => [false, false, false, true, false, false],
                    "threads" => [false, false, false, false, true, false],
                    "canon" => [false, false, false, false, false, true],
                    other => {
                        return Err(format!(
                            "--only takes engine, exact, xcc, mcc, sudoku, threads or canon, not {other:?}"
                        ));
                    }
                };
                [
                    options.exact,
                    options.xcc,
                    options.mcc,
                    options.sudoku,
                    options.threads,
                    options.canon,
                ] = groups;
            }
            "--rounds" => {
                let v = value("--rounds")?;
                options.rounds = v
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .ok_or_else(|| format!("--rounds takes a positive number, not {v:?}"))?;
            }
            "--cap" => {
                let v = value("--cap")?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or_else(|| format!("--cap takes positive seconds, not {v:?}"))?;
                options.cap = Duration::from_secs_f64(secs);
            }
            "--limit" => {
                let v = value("--limit")?;
                let n = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--limit takes a positive number, not {v:?}"))?;
                options.limit = Some(n);
            }
            "--full" => options.limit = None,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if options.limit == Some(0) {
        options.limit = Some(if options.quick {
            QUICK_LIMIT
        } else {
            DEFAULT_LIMIT
        });
    }
    if options.rounds == 0 {
        options.rounds = if options.quick { 1 } else { 3 };
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    print_setting();
    let result = (|| {
        if options.exact {
            // `--quick` leaves out pentominoes, which takes seconds per count.
            let chosen: Vec<CoverProblem> = problems::ALL
                .into_iter()
                .filter(|p| !options.quick || *p != problems::PENTOMINOES)
                .collect();
            compare_engines(&options, "Exact cover", &chosen)?;
        }
        if options.xcc {
            let title = "Exact cover with colors (XCC, Algorithm C)";
            compare_engines(&options, title, &problems::COLORED)?;
        }
        if options.mcc {
            let title = "Exact cover with multiplicities (MCC, Algorithm M)";
            compare_engines(&options, title, &problems::BOUNDED)?;
        }
        if options.sudoku {
            compare_sudoku(&options)?;
        }
        if options.threads {
            compare_threads(&options)?;
        }
        if options.canon {
            benches::canon_peers::compare(options.limit, options.rounds)?;
        }
        Ok::<(), String>(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("\n*** CROSS-CHECK FAILED: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Prints what the numbers depend on: the CPU and the state of the sources.
fn print_setting() {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|m| m.trim_start_matches([' ', '\t', ':']).to_owned())
            })
        })
        .unwrap_or_else(|| "unknown".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_default()
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]);
    let dirty = git(&[
        "status",
        "--porcelain",
        "--",
        "../crates/dlx",
        "../crates/sudoku-dlx",
    ]);
    let state = if dirty.is_empty() {
        "clean"
    } else {
        "with uncommitted changes"
    };
    println!(
        "# compare: {cpu}, {cores} core(s); commit {commit}, crates/dlx and crates/sudoku-dlx {state}\n"
    );
}
