//! The measurement behind the killer encoding (docs/architecture.md): two
//! exact-cover encodings of the published killer puzzles, side by side.
//!
//! - **sets** (what the library builds): the usual cell-digit options, each
//!   also covering its cage's "has digit d" item, plus one option per
//!   admissible digit *set* of a cage, covering the cage's "chosen" item
//!   and the items of the digits not in the set.
//! - **assignments**: one option per admissible digit *assignment* of a
//!   cage (every ordering of every set), covering each of its cells and
//!   their row, column and box items; cell-digit options only for cells in
//!   no cage.
//! - **hybrid**: assignments for cages with at most `HYBRID_ORDERINGS`
//!   orderings in all, sets for the others.
//!
//! For each, the matrix size, and the engine's nodes and link updates for
//! a count to 2 (the uniqueness test), summed over the puzzles; and the
//! time to build and count, the median of `RUNS` interleaved runs.
//!
//! ```sh
//! cargo run --release -p sudoku-dlx --example killer_encodings
//! ```

use std::time::{Duration, Instant};

use dlx_engine::{Count, Dlx, Problem};
use sudoku_dlx::{Cage, ParseOptions, Puzzle, Shape};

/// Interleaved runs whose median time is reported.
const RUNS: usize = 5;

/// The most orderings a cage may have to be encoded by assignments in the
/// hybrid.
const HYBRID_ORDERINGS: usize = 24;

/// An encoding: a name and how to build the matrix of a puzzle.
type Encode = fn(&Puzzle) -> Problem;

fn main() {
    let path = format!(
        "{}/../../data/sudoku/killer_9x9.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the data file");
    let options = ParseOptions {
        killer: true,
        ..ParseOptions::default()
    };
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Puzzle::parse(l, &options).expect("a killer puzzle"))
        .collect();
    let encodings: [(&str, Encode); 3] = [
        ("sets", sets),
        ("assignments", assignments),
        ("hybrid", hybrid),
    ];
    let mut times = vec![Vec::new(); encodings.len()];
    let mut totals = vec![(0usize, 0usize, 0u64, 0u64); encodings.len()];
    for run in 0..RUNS {
        for (k, (_, encode)) in encodings.iter().enumerate() {
            let start = Instant::now();
            let mut sizes = (0, 0, 0, 0);
            for puzzle in &puzzles {
                let problem = encode(puzzle);
                let mut solver = Dlx::new(&problem);
                let count: Count = solver.count(Some(2));
                assert_eq!(count.solutions, 1, "{puzzle}");
                sizes.0 += problem.option_count();
                sizes.1 += problem.entry_count();
                sizes.2 += solver.stats().nodes;
                sizes.3 += solver.stats().updates;
            }
            times[k].push(start.elapsed());
            if run == 0 {
                totals[k] = sizes;
            }
        }
    }
    println!(
        "{} puzzles (data/sudoku/killer_9x9.txt), count to 2, median of {RUNS} interleaved runs\n",
        puzzles.len()
    );
    println!("| encoding | options | entries | nodes | updates | build + count |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (k, (name, _)) in encodings.iter().enumerate() {
        let (options, entries, nodes, updates) = totals[k];
        times[k].sort();
        let median: Duration = times[k][RUNS / 2];
        println!(
            "| {name} | {options} | {entries} | {nodes} | {updates} | {:.1} ms |",
            median.as_secs_f64() * 1e3
        );
    }
}

/// Items of a 9x9-style grid: cell, row-digit, column-digit, box-digit.
struct Items {
    shape: Shape,
}

impl Items {
    fn n(&self) -> usize {
        self.shape.size()
    }

    /// The cell item and its row, column and box items for `digit` (0-based).
    fn placement(&self, cell: usize, digit: usize) -> [usize; 4] {
        let n = self.n();
        let c = self.shape.cell(cell);
        let b = self.shape.box_of(c);
        let cells = n * n;
        [
            cell,
            cells + c.row * n + digit,
            2 * cells + c.col * n + digit,
            3 * cells + b * n + digit,
        ]
    }
}

/// The library's encoding: cell-digit options with cage-digit items, and
/// one option per digit set of a cage.
fn sets(puzzle: &Puzzle) -> Problem {
    mixed(puzzle, 0)
}

/// One option per digit assignment of each cage; cell-digit options for
/// cells in no cage.
fn assignments(puzzle: &Puzzle) -> Problem {
    mixed(puzzle, usize::MAX)
}

/// Assignments for small cages, sets for the rest.
fn hybrid(puzzle: &Puzzle) -> Problem {
    mixed(puzzle, HYBRID_ORDERINGS)
}

/// Cages with at most `most` orderings in all by assignments, the others
/// by sets.
fn mixed(puzzle: &Puzzle, most: usize) -> Problem {
    let shape = puzzle.shape();
    let items = Items { shape };
    let n = shape.size();
    let cells = n * n;
    let cages = puzzle.rules().cages().expect("killer");
    let by_assignment: Vec<bool> = cages
        .cages()
        .iter()
        .map(|cage| {
            let orderings: usize = (1..=cage.cells().len()).product();
            cage.combinations(n).len().saturating_mul(orderings) <= most
        })
        .collect();
    // Cage items only for the cages encoded by sets, numbered among them.
    let mut slot = vec![None; by_assignment.len()];
    let mut next = 0;
    for (k, &assigned) in by_assignment.iter().enumerate() {
        if !assigned {
            slot[k] = Some(next);
            next += 1;
        }
    }
    let cage_digits = 4 * cells;
    let chosen = cage_digits + next * n;
    let mut builder = Problem::builder(chosen + next, 0).expect("fits");
    for cell in 0..cells {
        let cage = cages.cage_of(cell);
        if cage.is_some_and(|k| by_assignment[k]) {
            continue;
        }
        for d in 0..n {
            let mut option = items.placement(cell, d).to_vec();
            option.extend(cage.and_then(|k| slot[k]).map(|j| cage_digits + j * n + d));
            builder.add_option(&option).expect("fits");
        }
    }
    for (k, cage) in cages.cages().iter().enumerate() {
        for set in cage.combinations(n) {
            if let Some(j) = slot[k] {
                let mut option = vec![chosen + j];
                let absent = (0..n).filter(|d| set >> d & 1 == 0);
                option.extend(absent.map(|d| cage_digits + j * n + d));
                builder.add_option(&option).expect("fits");
            } else {
                let digits: Vec<usize> = (0..n).filter(|d| set >> d & 1 != 0).collect();
                each_ordering(&digits, &mut |order| {
                    let option: Vec<usize> = cage_cells(cage)
                        .zip(order)
                        .flat_map(|(cell, &d)| items.placement(cell, d))
                        .collect();
                    builder.add_option(&option).expect("fits");
                });
            }
        }
    }
    builder.build()
}

fn cage_cells(cage: &Cage) -> impl Iterator<Item = usize> + '_ {
    cage.cells().iter().copied()
}

/// Calls `visit` with every ordering of `digits` (Heap's algorithm).
fn each_ordering(digits: &[usize], visit: &mut dyn FnMut(&[usize])) {
    let mut order = digits.to_vec();
    let mut stack = vec![0; order.len()];
    visit(&order);
    let mut i = 1;
    while i < order.len() {
        if stack[i] < i {
            let j = if i % 2 == 0 { 0 } else { stack[i] };
            order.swap(j, i);
            visit(&order);
            stack[i] += 1;
            i = 1;
        } else {
            stack[i] = 0;
            i += 1;
        }
    }
}
