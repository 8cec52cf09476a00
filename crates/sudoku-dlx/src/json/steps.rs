//! The JSON records of `explain` and `hint`: a record per puzzle or board,
//! its steps, their chains, and cells with digits or candidates, written
//! with cells named `r1c1` and digits in the puzzle's alphabet (the
//! symbols it was read with), values beside them for scripts.

use serde::Serialize;

use crate::model::puzzle::Puzzle;
use crate::model::symbols::Alphabet;
use crate::rate::explain::Board;
use crate::rate::link::{Chain, Link};
use crate::rate::step::Step;

/// One `explain` or `hint` record in JSON: its fields in sorted order, each
/// absent when it does not apply.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ExplainRecord<'a> {
    /// A stalled board's open cells and their candidates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<CellCandidates>>,
    /// The wrong cell of a board, `r1c1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The text after the puzzle on its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<&'a str>,
    /// Why the record could not be read, or the clash on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The wrong cell's digit, in the puzzle's alphabet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// The wrong cell's digit in the solution, in the puzzle's alphabet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// `explain`: whether the steps solved the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
    /// Whether the techniques stalled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stalled: Option<bool>,
    /// `explained`, `hint`, `solved`, `stalled`, `wrong`, or why not.
    pub status: &'static str,
    /// The steps: the path, or the one hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepRecord>>,
    /// The cells of a board without a solution whose blanking alone
    /// leaves one, `r1c1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspects: Option<Vec<String>>,
}

impl<'a> ExplainRecord<'a> {
    /// The record of file `file`'s line `line` with `status`, its other
    /// fields absent.
    #[must_use]
    pub fn new(file: &'a str, line: u64, status: &'static str) -> ExplainRecord<'a> {
        ExplainRecord {
            file,
            line,
            status,
            ..ExplainRecord::default()
        }
    }
}

/// One step in JSON: what the issue of `explain` specifies, and the
/// pattern when the technique noted one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepRecord {
    /// The technique's name.
    pub technique: &'static str,
    /// The digits the step places.
    pub placements: Vec<CellDigit>,
    /// The candidates the step takes out.
    pub eliminations: Vec<CellDigit>,
    /// The pattern's cells, `r1c1`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// The pattern's digits, in the puzzle's alphabet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub digits: Vec<String>,
    /// The pattern's houses (`row 1`, `box 3`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub houses: Vec<String>,
    /// A chain technique's links, one chain per deduction.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chains: Vec<ChainRecord>,
}

impl StepRecord {
    /// `step`, a step of `puzzle`'s path.
    ///
    /// ```
    /// use sudoku_dlx::json::StepRecord;
    /// use sudoku_dlx::{Explainer, Hint, Puzzle};
    /// let puzzle: Puzzle = "1.34341221434321".parse()?;
    /// let Hint::Step(step) = Explainer::new(puzzle.rules()).hint(&puzzle, None)? else {
    ///     panic!("a single is there")
    /// };
    /// let record = StepRecord::of(&puzzle, &step);
    /// assert_eq!(record.placements[0].cell, "r1c2");
    /// assert_eq!(record.placements[0].digit, "2");
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn of(puzzle: &Puzzle, step: &Step) -> StepRecord {
        StepRecord {
            technique: step.kind.name(),
            placements: step
                .placements
                .iter()
                .map(|p| CellDigit::of(puzzle, p.cell, p.digit))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| CellDigit::of(puzzle, e.cell, e.digit))
                .collect(),
            cells: step.cells.iter().map(|&i| cell_name(puzzle, i)).collect(),
            digits: symbols(puzzle.alphabet(), &step.digits),
            houses: step.houses.iter().map(|h| h.name(puzzle.rules())).collect(),
            chains: step
                .chains
                .iter()
                .map(|c| ChainRecord::of(puzzle, c))
                .collect(),
        }
    }
}

/// One chain of a step: its paths of links (`r4c7=5`, `r4c9<>5`) and what
/// they prove.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainRecord {
    /// What the chain proves, as a link.
    pub conclusion: String,
    /// Its paths, each a list of links.
    pub paths: Vec<Vec<String>>,
}

impl ChainRecord {
    /// `chain`, a chain of a step of `puzzle`.
    #[must_use]
    pub fn of(puzzle: &Puzzle, chain: &Chain) -> ChainRecord {
        let link = |link: &Link| link.describe(puzzle.shape(), puzzle.alphabet());
        ChainRecord {
            conclusion: link(&chain.conclusion),
            paths: chain
                .paths
                .iter()
                .map(|path| path.iter().map(link).collect())
                .collect(),
        }
    }
}

/// A cell (`r1c1`), a digit in the puzzle's alphabet, and its value (from
/// 1) for scripts that compute with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellDigit {
    /// The cell, `r1c1`.
    pub cell: String,
    /// The digit in the puzzle's alphabet.
    pub digit: String,
    /// The digit's value, from 1.
    pub value: u8,
}

impl CellDigit {
    /// Cell `cell` (row-major) of `puzzle`'s grid and the digit `value`.
    #[must_use]
    pub fn of(puzzle: &Puzzle, cell: usize, value: u8) -> CellDigit {
        CellDigit {
            cell: cell_name(puzzle, cell),
            digit: puzzle.alphabet().symbol(value),
            value,
        }
    }
}

/// The candidates of an open cell, in the puzzle's alphabet and as values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellCandidates {
    /// The cell, `r1c1`.
    pub cell: String,
    /// Its candidates in the puzzle's alphabet.
    pub digits: Vec<String>,
    /// Its candidates' values, from 1.
    pub values: Vec<u8>,
}

impl CellCandidates {
    /// The open cells of `board`, a board of `puzzle`, with their
    /// candidates, in row order.
    #[must_use]
    pub fn of_board(puzzle: &Puzzle, board: &Board) -> Vec<CellCandidates> {
        board
            .candidates
            .iter()
            .enumerate()
            .filter(|&(i, _)| board.digits[i] == 0)
            .map(|(cell, digits)| CellCandidates {
                cell: cell_name(puzzle, cell),
                digits: symbols(puzzle.alphabet(), digits),
                values: digits.clone(),
            })
            .collect()
    }
}

/// Cell `i` (in row order) of `puzzle`'s grid as players write it, `r1c1`:
/// the one spelling of a cell in every JSON record.
fn cell_name(puzzle: &Puzzle, i: usize) -> String {
    puzzle.shape().cell(i).to_string()
}

/// `digits` in `alphabet`.
fn symbols(alphabet: Alphabet, digits: &[u8]) -> Vec<String> {
    digits.iter().map(|&d| alphabet.symbol(d)).collect()
}

#[cfg(test)]
mod tests {
    use crate::json::{CellCandidates, ExplainRecord, StepRecord};
    use crate::{Explainer, Hint, Puzzle};

    #[test]
    fn a_hint_and_a_stalled_board_write_as_the_command_publishes_them() {
        let puzzle: Puzzle = "1.34341221434321".parse().unwrap();
        let Ok(Hint::Step(step)) = Explainer::new(puzzle.rules()).hint(&puzzle, None) else {
            panic!("a single is there");
        };
        let record = ExplainRecord {
            stalled: Some(false),
            steps: Some(vec![StepRecord::of(&puzzle, &step)]),
            ..ExplainRecord::new("h.txt", 1, "hint")
        };
        let json = serde_json::to_string(&record).unwrap();
        assert!(
            json.starts_with(
                r#"{"file":"h.txt","line":1,"stalled":false,"status":"hint","steps":[{"technique":"#
            ),
            "{json}"
        );
        assert!(
            json.contains(
                r#""placements":[{"cell":"r1c2","digit":"2","value":2}],"eliminations":[]"#
            ),
            "{json}"
        );
        // A board's open cells, in row order, with their candidates.
        let board = crate::Board {
            digits: vec![1, 0, 3, 0],
            candidates: vec![vec![], vec![2, 4], vec![], vec![4]],
        };
        let four: Puzzle = "1.3.............".parse().unwrap();
        let open = CellCandidates::of_board(&four, &board);
        assert_eq!(
            serde_json::to_string(&open).unwrap(),
            r#"[{"cell":"r1c2","digits":["2","4"],"values":[2,4]},{"cell":"r1c4","digits":["4"],"values":[4]}]"#
        );
    }
}
