//! The texts of explanations and hints, as `sudoku-dlx explain` and `hint`
//! print them: one place for the CLI and for other front ends (the Python
//! package), so that they print the same lines.

use std::fmt::Write;

use crate::model::puzzle::Puzzle;
use crate::rate::explain::{Board, Explanation, Hint};

impl Explanation {
    /// The path as `sudoku-dlx explain` prints it after its `# FILE:LINE`
    /// header: a line per step, numbered from 1, then `solved in N steps`,
    /// or `stalled after N steps, K cells open` and the candidates where
    /// the techniques stalled ([`Board::candidates_text`]). Every line ends
    /// with a line ending; digits are in `puzzle`'s alphabet.
    ///
    /// ```
    /// use sudoku_dlx::{Explained, Explainer, OnStall, Puzzle};
    /// let puzzle: Puzzle = "1.34341221434.21".parse()?;
    /// let Explained::Unique(path) = Explainer::new(puzzle.rules()).explain(&puzzle, OnStall::Stop)?
    /// else { panic!("unique") };
    /// assert_eq!(
    ///     path.text(&puzzle),
    ///     "1. hidden single: r1c2 = 2 (row 1), r4c2 = 3 (row 4)\nsolved in 1 step\n"
    /// );
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn text(&self, puzzle: &Puzzle) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        for (k, step) in self.steps.iter().enumerate() {
            let _ = writeln!(text, "{}. {}", k + 1, step);
        }
        let steps = self.steps.len();
        let plural = if steps == 1 { "" } else { "s" };
        if self.solved {
            let _ = writeln!(text, "solved in {steps} step{plural}");
        } else if let Some(board) = &self.stall {
            let open = board.digits.iter().filter(|&&d| d == 0).count();
            let _ = writeln!(
                text,
                "stalled after {steps} step{plural}, {open} cells open"
            );
            text.push_str(&board.candidates_text(puzzle));
        }
        text
    }
}

impl Board {
    /// The candidates of the open cells, a line per row that has any, as
    /// `explain` and `hint` print them where the techniques stall:
    /// `r1: c2 {4 7 8}, c5 {1 2}` (digits in `puzzle`'s alphabet).
    #[must_use]
    pub fn candidates_text(&self, puzzle: &Puzzle) -> String {
        let n = puzzle.shape().size();
        let mut text = String::new();
        for row in 0..n {
            let cells: Vec<String> = (0..n)
                .map(|col| row * n + col)
                .filter(|&i| self.digits[i] == 0)
                .map(|i| {
                    let digits: Vec<String> = self.candidates[i]
                        .iter()
                        .map(|&d| puzzle.alphabet().symbol(d))
                        .collect();
                    format!("c{} {{{}}}", i % n + 1, digits.join(" "))
                })
                .collect();
            if !cells.is_empty() {
                let _ = writeln!(text, "r{}: {}", row + 1, cells.join(", "));
            }
        }
        text
    }
}

impl Hint {
    /// The hint as `sudoku-dlx hint` prints it, ending with a line ending:
    /// the step, `solved`, `stalled: K cells open` (with `guess`, `; next,`
    /// and the trial) and the candidates, or `!wrong: ...` naming the wrong
    /// cell or the suspects. `None` for the hints that are a status, not a
    /// text: no solution without suspects, several solutions, a budget run
    /// out.
    ///
    /// ```
    /// use sudoku_dlx::{Explainer, Puzzle};
    /// let puzzle: Puzzle = "1.34341221434.21".parse()?;
    /// let board = "4.34341221434.21".parse::<Puzzle>()?.givens().clone();
    /// let hint = Explainer::new(puzzle.rules()).hint(&puzzle, Some(&board))?;
    /// assert_eq!(
    ///     hint.text(&puzzle, false).as_deref(),
    ///     Some("!wrong: r1c1 holds 4, the solution has 1\n")
    /// );
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn text(&self, puzzle: &Puzzle, guess: bool) -> Option<String> {
        let shape = puzzle.shape();
        let symbol = |digit: u8| puzzle.alphabet().symbol(digit);
        Some(match self {
            Hint::Step(step) => format!("{step}\n"),
            Hint::Solved => "solved\n".to_owned(),
            Hint::Stalled { board, trial } => {
                let open = board.digits.iter().filter(|&&d| d == 0).count();
                let mut line = format!("stalled: {open} cells open");
                if guess {
                    let _ = write!(line, "; next, {trial}");
                }
                line.push('\n');
                line.push_str(&board.candidates_text(puzzle));
                line
            }
            Hint::Wrong {
                cell,
                found,
                solution,
            } => format!(
                "!wrong: {} holds {}, the solution has {}\n",
                shape.cell(*cell),
                symbol(*found),
                symbol(*solution)
            ),
            Hint::NoSolution { suspects } if !suspects.is_empty() => {
                let cells: Vec<String> = suspects
                    .iter()
                    .map(|&i| shape.cell(i).to_string())
                    .collect();
                format!("!wrong: {}\n", suspects_text(&cells))
            }
            _ => return None,
        })
    }
}

/// Why a board alone has no solution, in plain words: the digits `cells`
/// of which any one, taken out, leaves a board that has a solution. A
/// board alone cannot tell givens from the player's digits, so one of
/// them may be a given.
fn suspects_text(cells: &[String]) -> String {
    match cells {
        [one] => format!(
            "the board has no solution; the digit at {one} is wrong (take it out and the board has a solution)"
        ),
        [first, second] => format!(
            "the board has no solution; the digit at {first} or the one at {second} is wrong (take out either and the board has a solution)"
        ),
        [rest @ .., last] => format!(
            "the board has no solution; one of the digits at {} or {last} is wrong (take out any one of them and the board has a solution)",
            rest.join(", ")
        ),
        [] => "the board has no solution".to_owned(),
    }
}
