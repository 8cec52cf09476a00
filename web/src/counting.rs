//! Counting a puzzle's solutions in bounded chunks, so that the worker can
//! post progress between them: the search is cut by the digits of the
//! first two blank cells (n*n sub-puzzles, each counted by the library's
//! [`Solver::count`]; a digit that clashes with a given counts an exact 0).

use serde_json::json;
use sudoku_dlx::{End, Puzzle, Solver};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::{digit, error, read};

/// A count under way: [`SudokuCount::step`] counts the next chunks.
#[wasm_bindgen]
pub struct SudokuCount {
    state: Result<Counting, String>,
}

struct Counting {
    puzzle: Puzzle,
    solver: Solver,
    /// The blank cells the chunks fill (none, one or two).
    split: Vec<usize>,
    chunks: usize,
    next: usize,
    found: u64,
    limit: Option<u64>,
    /// Whether every chunk so far was counted to its end.
    exact: bool,
}

#[wasm_bindgen]
impl SudokuCount {
    /// Starts counting the puzzle of `text` (read as [`describe`] reads
    /// it) up to `limit` solutions (0 for no limit).
    ///
    /// [`describe`]: crate::describe
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(text: &str, variants: &str, format: &str, limit: f64) -> SudokuCount {
        let state = read(text, variants, format).map(|puzzle| {
            let split: Vec<usize> = puzzle
                .givens()
                .digits()
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d == 0)
                .map(|(i, _)| i)
                .take(2)
                .collect();
            let n = puzzle.shape().size();
            let chunks = n.pow(u32::try_from(split.len()).unwrap_or(0));
            Counting {
                solver: Solver::new(puzzle.rules()),
                puzzle,
                split,
                chunks,
                next: 0,
                found: 0,
                // Whole numbers only: the page sends an integer.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                limit: (limit >= 1.0).then_some(limit as u64),
                exact: true,
            }
        });
        SudokuCount { state }
    }

    /// Counts up to `chunks` more chunks and says where the count stands:
    /// `{"found", "done", "exact", "progress"}` (`progress` the share of
    /// chunks counted, 0 to 1), or `{"error"}`.
    pub fn step(&mut self, chunks: u32) -> String {
        let counting = match &mut self.state {
            Ok(c) => c,
            Err(message) => return error(message),
        };
        for _ in 0..chunks {
            if counting.is_done() {
                break;
            }
            if let Err(message) = counting.count_chunk() {
                return error(message);
            }
        }
        #[allow(clippy::cast_precision_loss)]
        let progress = counting.next as f64 / counting.chunks as f64;
        json!({
            "found": counting.found,
            "done": counting.is_done(),
            "exact": counting.exact,
            "progress": progress,
        })
        .to_string()
    }
}

impl Counting {
    fn is_done(&self) -> bool {
        self.next >= self.chunks || self.limit.is_some_and(|l| self.found >= l)
    }

    fn count_chunk(&mut self) -> Result<(), String> {
        let n = self.puzzle.shape().size();
        let mut givens = self.puzzle.givens().clone();
        let mut rest = self.next;
        for &cell in self.split.iter().rev() {
            givens
                .set(cell, digit(rest % n + 1))
                .map_err(|e| e.to_string())?;
            rest /= n;
        }
        let sub = Puzzle::new(self.puzzle.rules().clone(), givens)
            .map_err(|e| e.to_string())?
            .with_alphabet(self.puzzle.alphabet());
        let left = self.limit.map(|l| l - self.found);
        let count = self.solver.count(&sub, left).map_err(|e| e.to_string())?;
        self.found += count.solutions;
        if count.end != End::Exhausted {
            self.exact = false;
        }
        self.next += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn run(text: &str, limit: f64) -> Value {
        let mut count = SudokuCount::new(text, "", "auto", limit);
        let mut steps = 0;
        loop {
            let answer: Value = serde_json::from_str(&count.step(3)).unwrap();
            steps += 1;
            if answer["done"] == true || answer.get("error").is_some() {
                return json!({ "answer": answer, "steps": steps });
            }
        }
    }

    #[test]
    fn chunks_add_up_to_the_library_count() {
        // A 4x4 with two givens: the library's count, chunk by chunk.
        let text = "1...............";
        let puzzle: Puzzle = text.parse().unwrap();
        let whole = Solver::new(puzzle.rules()).count(&puzzle, None).unwrap();
        let answer = run(text, 0.0);
        assert_eq!(answer["answer"]["found"], whole.solutions);
        assert_eq!(answer["answer"]["exact"], true);
        assert_eq!(answer["answer"]["progress"], 1.0);
        assert_eq!(answer["steps"], 6, "16 chunks, 3 at a time");
    }

    #[test]
    fn a_limit_stops_the_count_not_exact() {
        let answer = run("1...............", 5.0);
        assert_eq!(answer["answer"]["found"], 5);
        assert_eq!(answer["answer"]["done"], true);
        assert!(answer["answer"]["progress"].as_f64().unwrap() < 1.0);
    }

    #[test]
    fn a_full_grid_is_one_chunk() {
        let answer = run("1234341221434321", 0.0);
        assert_eq!(answer["answer"]["found"], 1);
        assert!(run("12", 0.0)["answer"]["error"].is_string());
    }
}
