//! Counts a problem in Knuth's text format on one path of `Dlx::count`,
//! whatever the chooser says: `links`, `cells` or `bits` (for measuring
//! the chooser's rule under callgrind).
//!
//! `cargo run --release -p dlx-engine --example count_on -- bits data/exact-cover/pentominoes-6x10.dlx`

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path_name, file] = &args[..] else {
        eprintln!("usage: count_on links|cells|bits|bounded-bits FILE.dlx");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let named = dlx_engine::NamedProblem::parse(&text).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let mut solver = dlx_engine::Dlx::new(named.problem());
    let count = match path_name.as_str() {
        "links" => solver.count_on_matrix(None),
        "cells" => solver.count_on_cells(None),
        "bits" => solver.count_on_bits(None),
        "bounded-bits" => solver.count_on_bounded_bits(None),
        other => {
            eprintln!("unknown path {other}");
            std::process::exit(2);
        }
    };
    let stats = solver.stats();
    println!(
        "{} solutions, {} nodes, {} updates",
        count.solutions, stats.nodes, stats.updates
    );
}
