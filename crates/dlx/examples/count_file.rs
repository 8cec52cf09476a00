//! Counts the solutions of a problem in Knuth's text format and prints
//! Knuth-style statistics: the engine alone, like running DLX1.
//!
//! `cargo run --release -p dlx-engine --example count_file -- data/exact-cover/queens-12.dlx`
//!
//! With `--prune` after the file, it first drops the options no solution can
//! contain (`Problem::prune`) and says how many; the time includes pruning.
//! With `--threads N`, it counts on N threads (`Dlx::count_parallel`).

use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: count_file FILE.dlx [--prune] [--threads N]");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let named = match dlx_engine::NamedProblem::parse(&text) {
        Ok(named) => named,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let args: Vec<String> = std::env::args().skip(2).collect();
    let prune = args.iter().any(|a| a == "--prune");
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1)?.parse::<usize>().ok());
    let start = Instant::now();
    let pruned = prune.then(|| named.problem().prune());
    if let Some(pruned) = &pruned {
        println!(
            "pruned {} of {} options in {} passes",
            pruned.removed(),
            named.problem().option_count(),
            pruned.passes()
        );
    }
    let mut solver = dlx_engine::Dlx::new(pruned.as_ref().map_or(named.problem(), |p| p.problem()));
    let count = match threads {
        Some(n) => solver.count_parallel(&dlx_engine::Parallel::new().with_threads(n), None),
        None => solver.count(None),
    };
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
