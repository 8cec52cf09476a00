//! Counting a puzzle's solutions in bounded chunks, so that the worker can
//! post progress between them. The search tree is split as the engine
//! splits an exact-cover problem into jobs ([`dlx_engine::Dlx::split`], the
//! exact-cover box's chunks): level by level, each piece branches on its
//! blank cell with the fewest candidates (the engine's choice of the item
//! with the fewest options), until there are [`CHUNKS`] pieces or every
//! piece is a full grid. Each piece is a sub-puzzle counted by the
//! library's [`Solver::count`], and carries its share of the tree (the
//! product of 1/k over the k-way branches above it, Knuth's progress
//! measure); the bar shows the share of the live pieces counted, leaving
//! out the branches the split already found dead (they cost nothing).
//! So the bar moves by the part of the search done, and a hard puzzle,
//! whose first blank cells say little, moves as steadily as an easy one.

use serde_json::json;
use sudoku_dlx::render::candidates;
use sudoku_dlx::{End, Grid, Puzzle, Solver};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::{error, read};

/// At least this many pieces where the tree has them, as the exact-cover
/// box: a bar that moves, and splitting that costs little next to the
/// count.
const CHUNKS: usize = 256;

/// A count under way: [`SudokuCount::step`] counts the next chunks.
#[wasm_bindgen]
pub struct SudokuCount {
    state: Result<Counting, String>,
}

/// A piece of the search: the puzzle's givens and the digits the split
/// placed above it, and its share of the tree.
struct Piece {
    givens: Grid,
    share: f64,
}

struct Counting {
    puzzle: Puzzle,
    solver: Solver,
    pieces: Vec<Piece>,
    next: usize,
    found: u64,
    limit: Option<u64>,
    /// The share of the tree in the pieces: the rest is the branches the
    /// split found dead (a blank cell without candidates), which cost
    /// nothing and are left out of the progress.
    live: f64,
    /// The share of the tree counted so far.
    progress: f64,
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
        let state = read(text, variants, format).and_then(|puzzle| {
            let (pieces, dead) = split(&puzzle)?;
            Ok(Counting {
                solver: Solver::new(puzzle.rules()),
                puzzle,
                pieces,
                next: 0,
                found: 0,
                // Whole numbers only: the page sends an integer.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                limit: (limit >= 1.0).then_some(limit as u64),
                live: 1.0 - dead,
                progress: 0.0,
                exact: true,
            })
        });
        SudokuCount { state }
    }

    /// Counts up to `chunks` more chunks and says where the count stands:
    /// `{"found", "done", "exact", "progress", "chunks"}` (`progress` the
    /// share of the search tree counted, 0 to 1; `chunks` the number of
    /// pieces), or `{"error"}`.
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
        let finished = counting.next >= counting.pieces.len();
        json!({
            "found": counting.found,
            "done": counting.is_done(),
            "exact": counting.exact,
            "progress": if finished { 1.0 } else { (counting.progress / counting.live).min(1.0) },
            "chunks": counting.pieces.len(),
        })
        .to_string()
    }
}

/// `puzzle` with other givens, same rules and alphabet.
fn with_givens(puzzle: &Puzzle, givens: Grid) -> Result<Puzzle, String> {
    Ok(Puzzle::new(puzzle.rules().clone(), givens)
        .map_err(|e| e.to_string())?
        .with_alphabet(puzzle.alphabet()))
}

/// The pieces of `puzzle`'s search tree (see the module), in the order a
/// depth-first search meets them, and the share of the tree found dead.
fn split(puzzle: &Puzzle) -> Result<(Vec<Piece>, f64), String> {
    let mut pieces = vec![Piece {
        givens: puzzle.givens().clone(),
        share: 1.0,
    }];
    let mut dead = 0.0;
    // Each level fills one more cell of every piece that has a blank one,
    // so the loop ends; a level of forced cells (one candidate) does not
    // branch, and dead pieces drop out.
    let mut branching = true;
    while branching && pieces.len() < CHUNKS {
        branching = false;
        let mut next = Vec::with_capacity(pieces.len() * 2);
        for piece in pieces {
            let sub = with_givens(puzzle, piece.givens.clone())?;
            let candidates = candidates(&sub);
            let blanks = piece.givens.digits().iter().enumerate();
            let fewest = blanks
                .filter(|&(_, &d)| d == 0)
                .map(|(cell, _)| cell)
                .min_by_key(|&cell| candidates[cell].len());
            let Some(cell) = fewest else {
                // A full grid: a leaf, counted as it is.
                next.push(piece);
                continue;
            };
            branching = true;
            let digits = &candidates[cell];
            if digits.is_empty() {
                dead += piece.share;
                continue;
            }
            #[allow(clippy::cast_precision_loss)]
            let share = piece.share / digits.len() as f64;
            for &d in digits {
                let mut givens = piece.givens.clone();
                givens.set(cell, d).map_err(|e| e.to_string())?;
                next.push(Piece { givens, share });
            }
        }
        pieces = next;
    }
    Ok((pieces, dead))
}

impl Counting {
    fn is_done(&self) -> bool {
        self.next >= self.pieces.len() || self.limit.is_some_and(|l| self.found >= l)
    }

    fn count_chunk(&mut self) -> Result<(), String> {
        let piece = &self.pieces[self.next];
        let sub = with_givens(&self.puzzle, piece.givens.clone())?;
        let left = self.limit.map(|l| l - self.found);
        let count = self.solver.count(&sub, left).map_err(|e| e.to_string())?;
        self.found += count.solutions;
        if count.end != End::Exhausted {
            self.exact = false;
        }
        self.progress += piece.share;
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
        let chunks = answer["answer"]["chunks"].as_u64().unwrap();
        assert_eq!(answer["steps"], chunks.div_ceil(3), "3 chunks a step");
    }

    /// A 17-clue puzzle (the first of data/sudoku's 17-clue set): its
    /// first blank cells say little, and the old split on them made 81
    /// chunks, most of them clashes counted in no time.
    const HARD: &str =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

    #[test]
    fn a_hard_puzzle_moves_in_many_small_steps_of_real_search() {
        let puzzle: Puzzle = HARD.parse().unwrap();
        let (pieces, dead) = split(&puzzle).unwrap();
        assert!(pieces.len() >= CHUNKS, "{} pieces", pieces.len());
        let total: f64 = pieces.iter().map(|p| p.share).sum::<f64>() + dead;
        assert!((total - 1.0).abs() < 1e-9, "shares add up to {total}");
        let mut solver = Solver::new(puzzle.rules());
        for piece in &pieces {
            let sub = with_givens(&puzzle, piece.givens.clone()).unwrap();
            assert_eq!(
                solver.clash(&sub).unwrap(),
                None,
                "a piece is a live branch"
            );
        }
        let mut count = SudokuCount::new(HARD, "", "auto", 0.0);
        let mut last = 0.0;
        loop {
            let answer: Value = serde_json::from_str(&count.step(1)).unwrap();
            let progress = answer["progress"].as_f64().unwrap();
            assert!(
                progress >= last && progress - last <= 1.0 / 16.0,
                "{last} -> {progress}"
            );
            last = progress;
            if answer["done"] == true {
                assert_eq!(answer["found"], 1);
                assert_eq!(answer["exact"], true);
                assert_eq!(progress, 1.0);
                break;
            }
        }
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
