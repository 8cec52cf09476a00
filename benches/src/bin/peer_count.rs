//! The whole-process peer for `sudoku-dlx count --limit 2 --jobs 1 FILE`:
//! reads a file of one-line 9x9 puzzles, counts each one's solutions up to 2
//! with the `sudoku` crate (its JCZSolve port) and prints the counts as
//! `sudoku-dlx count --limit 2` does (`0`, `1` or `2+`, one line each; a line
//! the crate cannot read prints `!invalid`), so that `hyperfine` can time
//! both programs on the same file, reading and printing included
//! (docs/benchmarks.md, "Sudoku, whole process").
//!
//! ```sh
//! cargo build --release -p benches --bin peer_count
//! hyperfine -N 'target/release/peer_count FILE' 'target/release/sudoku-dlx count --limit 2 --jobs 1 FILE'
//! ```
//!
//! Its counts are checked against ours in `benches/whole_process.sh`.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: peer_count FILE");
        return ExitCode::FAILURE;
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("peer_count: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut input = std::io::BufReader::new(file);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("peer_count: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        let text = line.trim_end();
        let answer: &[u8] = match sudoku::Sudoku::from_str_line(text) {
            Ok(puzzle) => match puzzle.solutions_count_up_to(2) {
                0 => b"0\n",
                1 => b"1\n",
                _ => b"2+\n",
            },
            Err(_) => b"!invalid\n",
        };
        if let Err(e) = out.write_all(answer) {
            eprintln!("peer_count: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Err(e) = out.flush() {
        eprintln!("peer_count: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
