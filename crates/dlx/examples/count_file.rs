//! Counts the solutions of a problem in Knuth's text format and prints
//! Knuth-style statistics: the engine alone, like running DLX1.
//!
//! `cargo run --release -p dlx-engine --example count_file -- data/exact-cover/queens-12.dlx`

use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: count_file FILE.dlx");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let named = match dlx::NamedProblem::parse(&text) {
        Ok(named) => named,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut solver = dlx::Solver::new(named.problem());
    let start = Instant::now();
    let count = solver.count(None);
    let elapsed = start.elapsed();
    let stats = solver.stats();
    println!(
        "{} solutions, {} nodes, {} updates, {:.3} s",
        count.solutions,
        stats.nodes,
        stats.updates,
        elapsed.as_secs_f64()
    );
}
