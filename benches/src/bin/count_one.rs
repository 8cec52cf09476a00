//! Counts one problem with one solver, nothing else: for instruction counts
//! of ours against a peer under `valgrind --tool=callgrind`, which a shared
//! machine cannot disturb (docs/benchmarks.md, "How to measure").
//!
//! `count_one SOLVER FILE.dlx`, SOLVER one of `ours`, `dlx` (the `dlx` 0.8
//! crate), `dlx-rs` or `cells` (our count on dancing cells whatever the
//! problem's items, `dlx_engine::count_cells`; `ours` runs on cells only for
//! problems with secondary items). Prints the count, which it checks
//! against a count by our engine when SOLVER is not ours and `--check` is
//! given.

use benches::cover_solvers::{CoverInput, CoverSolver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(solver), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: count_one ours|dlx|dlx-rs|cells FILE.dlx [--check]");
        std::process::exit(2);
    };
    if solver == "cells" {
        count_cells(path, args.iter().any(|a| a == "--check"));
        return;
    }
    let solver = match solver.as_str() {
        "ours" => CoverSolver::Ours,
        "dlx" => CoverSolver::KnuthDlx,
        "dlx-rs" => CoverSolver::DlxRs,
        other => {
            eprintln!("count_one: unknown solver {other:?} (ours, dlx, dlx-rs or cells)");
            std::process::exit(2);
        }
    };
    let named = read(path);
    let input = CoverInput::new(named.problem());
    if !solver.supports(named.problem().kind()) {
        eprintln!(
            "count_one: {} cannot solve this kind of problem",
            solver.name()
        );
        std::process::exit(2);
    }
    let count = solver.count(&input, None).expect("no deadline was set");
    if args.iter().any(|a| a == "--check") {
        let ours = CoverSolver::Ours.count(&input, None).expect("no deadline");
        assert_eq!(count, ours, "{} and our engine disagree", solver.name());
    }
    println!("{count}");
}

/// Counts `path` on dancing cells (which reads the problem
/// as it is, with nothing converted, as ours does).
fn count_cells(path: &str, check: bool) {
    let named = read(path);
    let Some(count) = dlx_engine::count_cells(named.problem()) else {
        eprintln!("count_one: cells cannot solve this kind of problem");
        std::process::exit(2);
    };
    if check {
        let ours = dlx_engine::Dlx::new(named.problem()).count(None);
        assert_eq!(count, ours.solutions, "cells and our engine disagree");
    }
    println!("{count}");
}

/// The problem in `path`; exits on an error.
fn read(path: &str) -> dlx_engine::NamedProblem {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    dlx_engine::NamedProblem::parse(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    })
}
