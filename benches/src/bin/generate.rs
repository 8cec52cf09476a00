//! Generation throughput: 9x9 puzzles per second for every symmetry,
//! orbit-minimal (the default) and strictly minimal (`minimal`), and the
//! `sudoku` crate's generator (minimal with 180° symmetry, in its sense:
//! no symmetric pair of clues removable) in the same run.
//!
//! Every generated puzzle, ours and the peer's, is checked after the timed
//! part by an independent backtracking counter written here (bit masks,
//! no exact cover): exactly one solution, and our solutions are checked
//! with the library's checker. A wrong puzzle aborts the run.
//!
//! ```sh
//! cargo run --release -p benches --bin generate [SECONDS_PER_ROW [SYMMETRY]]
//! ```
//!
//! With a symmetry, only its rows (and the peer's) run: handy for profiling.
//!
//! ```sh
//! cargo run --release -p benches --bin generate -- interleaved [ROUNDS [COUNT]]
//! ```
//!
//! compares orbit-minimal rot180 with the peer in the same process, taking
//! turns: each round times COUNT puzzles of ours (default 2,000), then
//! COUNT of the peer's, and prints the rate ratio of each round and their
//! median (default 9 rounds). Turns share the machine's load fairly where
//! back-to-back rows do not.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku_dlx::{
    GenerateOptions, Generator, Puzzle, Rules, Symmetry, check_solution, puzzle_seed,
};

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("interleaved") {
        let arg = |k: usize, default: usize| {
            std::env::args()
                .nth(k)
                .and_then(|s| s.parse().ok())
                .unwrap_or(default)
        };
        return match interleaved(arg(2, 9), arg(3, 2000)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("generate: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let budget = Duration::from_secs_f64(seconds);
    println!(
        "| generator | symmetry | minimal | puzzles | mean clues | strictly minimal | attempts/puzzle | puzzles/s |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let only: Option<Symmetry> = match std::env::args().nth(2).map(|s| s.parse()) {
        None => None,
        Some(Ok(symmetry)) => Some(symmetry),
        Some(Err(e)) => {
            eprintln!("generate: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut ours_rot180 = 0.0;
    for symmetry in Symmetry::ALL {
        if only.is_some_and(|s| s != symmetry) {
            continue;
        }
        for minimal in [false, true] {
            match run_ours(symmetry, minimal, budget) {
                Ok(rate) => {
                    if symmetry == Symmetry::Rot180 && !minimal {
                        ours_rot180 = rate;
                    }
                }
                Err(e) => {
                    eprintln!("generate: sudoku-dlx {symmetry} minimal={minimal}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    match run_peer(budget) {
        Ok(rate) => println!(
            "\norbit-minimal rot180, sudoku-dlx / sudoku crate: {:.2}",
            ours_rot180 / rate
        ),
        Err(e) => {
            eprintln!("generate: sudoku crate: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Generates for `budget`, then checks every puzzle; returns puzzles/s.
fn run_ours(symmetry: Symmetry, minimal: bool, budget: Duration) -> Result<f64, String> {
    let options = GenerateOptions {
        symmetry,
        minimal,
        ..GenerateOptions::default()
    };
    let rules = Rules::classic();
    let mut generator = Generator::new(&rules, options);
    let mut made = Vec::new();
    let start = Instant::now();
    let mut k = 0;
    while start.elapsed() < budget {
        let generated = generator
            .generate(puzzle_seed(2024, k))
            .map_err(|e| e.to_string())?;
        made.push(generated);
        k += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let mut clues = 0;
    let mut strict = 0;
    let mut attempts = 0;
    for g in &made {
        if !is_unique(&g.puzzle)? {
            return Err(format!("{} is not unique", g.puzzle));
        }
        check_solution(&g.puzzle, &g.solution).map_err(|v| format!("{}: {v}", g.puzzle))?;
        if !symmetry.holds_for(g.puzzle.givens()) {
            return Err(format!("{} is not {symmetry}-symmetric", g.puzzle));
        }
        strict += usize::from(g.minimal.is_minimal());
        attempts += u64::from(g.attempts);
        clues += g.puzzle.givens().filled_count();
    }
    let rate = made.len() as f64 / secs;
    let share = |x: f64| x / made.len().max(1) as f64;
    println!(
        "| sudoku-dlx | {symmetry} | {} | {} | {:.1} | {:.0}% | {:.2} | {rate:.0} |",
        if minimal { "strict" } else { "orbits" },
        made.len(),
        share(clues as f64),
        100.0 * share(strict as f64),
        share(attempts as f64),
    );
    Ok(rate)
}

/// The `sudoku` crate's minimal 180°-symmetric generator, checked the same way.
fn run_peer(budget: Duration) -> Result<f64, String> {
    let mut made = Vec::new();
    let start = Instant::now();
    while start.elapsed() < budget {
        made.push(sudoku::Sudoku::generate_with_symmetry(
            sudoku::Symmetry::HalfRotation,
        ));
    }
    let secs = start.elapsed().as_secs_f64();
    let mut clues = 0;
    for s in &made {
        let digits = s.to_bytes();
        if count_solutions(&digits, 2) != 1 {
            return Err(format!("{} is not unique", s.to_str_line()));
        }
        clues += digits.iter().filter(|&&d| d != 0).count();
    }
    let rate = made.len() as f64 / secs;
    println!(
        "| sudoku 0.8 | rot180 | orbits | {} | {:.1} | | | {rate:.0} |",
        made.len(),
        clues as f64 / made.len().max(1) as f64
    );
    Ok(rate)
}

/// Orbit-minimal rot180, ours and the peer's, `count` puzzles each in
/// turns for `rounds` rounds; every puzzle checked after its turn.
fn interleaved(rounds: usize, count: usize) -> Result<(), String> {
    let rounds = rounds.max(1);
    let mut generator = Generator::new(&Rules::classic(), GenerateOptions::default());
    let mut ratios = Vec::with_capacity(rounds);
    println!("| round | sudoku-dlx puzzles/s | sudoku 0.8 puzzles/s | ratio |");
    println!("|---|---:|---:|---:|");
    for round in 0..rounds {
        let start = Instant::now();
        let ours: Vec<_> = (0..count)
            .map(|k| generator.generate(puzzle_seed(2024, (round * count + k) as u64)))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let ours_rate = count as f64 / start.elapsed().as_secs_f64();
        let start = Instant::now();
        let peer: Vec<_> = (0..count)
            .map(|_| sudoku::Sudoku::generate_with_symmetry(sudoku::Symmetry::HalfRotation))
            .collect();
        let peer_rate = count as f64 / start.elapsed().as_secs_f64();
        for g in &ours {
            if !is_unique(&g.puzzle)? || !Symmetry::Rot180.holds_for(g.puzzle.givens()) {
                return Err(format!("{} is not unique and rot180", g.puzzle));
            }
        }
        for s in &peer {
            if count_solutions(&s.to_bytes(), 2) != 1 {
                return Err(format!("{} is not unique", s.to_str_line()));
            }
        }
        let ratio = ours_rate / peer_rate;
        println!(
            "| {} | {ours_rate:.0} | {peer_rate:.0} | {ratio:.2} |",
            round + 1
        );
        ratios.push(ratio);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "\norbit-minimal rot180, sudoku-dlx / sudoku crate, median of {rounds} rounds of {count}: {:.2} (range {:.2}-{:.2})",
        ratios[rounds / 2],
        ratios[0],
        ratios[rounds - 1]
    );
    Ok(())
}

/// Whether one of our 9x9 puzzles has exactly one solution, by the
/// independent counter below.
fn is_unique(puzzle: &Puzzle) -> Result<bool, String> {
    let digits: [u8; 81] = puzzle.givens().digits().try_into().map_err(|_| "not 9x9")?;
    Ok(count_solutions(&digits, 2) == 1)
}

/// Solutions of a 9x9 puzzle, counted up to `limit` by plain backtracking
/// on row, column and box bit masks (fewest candidates first).
fn count_solutions(digits: &[u8; 81], limit: u32) -> u32 {
    let mut grid = *digits;
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (i, &d) in grid.iter().enumerate() {
        if d != 0 {
            let bit = 1 << d;
            let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    fn go(
        grid: &mut [u8; 81],
        rows: &mut [u16; 9],
        cols: &mut [u16; 9],
        boxes: &mut [u16; 9],
        limit: u32,
    ) -> u32 {
        let mut best = None;
        let mut best_count = 10;
        for (i, &digit) in grid.iter().enumerate() {
            if digit == 0 {
                let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
                let free = !(rows[r] | cols[c] | boxes[b]) & 0b11_1111_1110;
                let n = free.count_ones();
                if n < best_count {
                    best = Some((i, free));
                    best_count = n;
                }
            }
        }
        let Some((i, free)) = best else { return 1 };
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        let mut found = 0;
        for d in 1..=9u8 {
            let bit = 1 << d;
            if free & bit == 0 {
                continue;
            }
            grid[i] = d;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            found += go(grid, rows, cols, boxes, limit - found);
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            grid[i] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
    go(&mut grid, &mut rows, &mut cols, &mut boxes, limit)
}
