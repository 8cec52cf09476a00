//! Times a first solution on two threads, each of a fresh solver: the
//! shared-out tree (`Dlx::first_solution_parallel`, `cover --limit 1`
//! before the race) against the race from the tree's two ends
//! (`Dlx::first_solution_race`); the median of 15 calls each, interleaved,
//! and each answer checked. docs/decisions/two-ends-race.md.
//!
//! `cargo run --release -p dlx-engine --example first_race -- data/exact-cover/pentominoes-6x10.dlx`

use std::time::Instant;

use dlx_engine::{Dlx, First, NamedProblem, Parallel};

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: first_race FILE.dlx...");
        std::process::exit(2);
    }
    let parallel = Parallel::new().with_threads(2);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        });
        let named = NamedProblem::parse(&text).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        });
        let problem = named.problem();
        let (mut shared, mut raced) = (Vec::new(), Vec::new());
        for _ in 0..15 {
            for (times, race) in [(&mut shared, false), (&mut raced, true)] {
                let mut solver = Dlx::new(problem);
                let start = Instant::now();
                let first = if race {
                    solver.first_solution_race(problem, &parallel)
                } else {
                    solver.first_solution_parallel(&parallel)
                };
                times.push(start.elapsed().as_secs_f64() * 1e3);
                if let First::Solution(options) = &first {
                    assert!(problem.is_solution(options), "{file}: not a solution");
                }
            }
        }
        shared.sort_by(f64::total_cmp);
        raced.sort_by(f64::total_cmp);
        println!(
            "{file}: shared out {:.3} ms, race {:.3} ms (median of 15)",
            shared[7], raced[7]
        );
    }
}
