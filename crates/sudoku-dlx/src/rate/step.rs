//! One step of a solution path as a person would follow it: the record the
//! logic solver's run produces and explanations read.
//!
//! The rater's [`LogicSolver`] applies one technique per step and reports
//! only the technique. [`Recorder`] watches that same run
//! ([`LogicSolver::solve_watched`]) and turns each step into a [`Step`]:
//! the placements and eliminations (the difference between the candidates
//! before and after it), and the pattern the technique noted
//! ([`crate::rate::pattern`]). Because it reads the difference, a technique
//! added to the solver later is explained without change here; if it
//! notes its pattern, the step names that too.

use std::fmt::{self, Write as _};
use std::sync::Arc;

use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::symbols::Alphabet;
use crate::model::unit::Unit;
use crate::rate::link::Chain;
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

/// What made a step: a technique, or a trial when the techniques stall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StepKind {
    /// A human technique of the rater's [`LogicSolver`].
    Technique(Technique),
    /// A digit taken from the solution the exact-cover solver found, where
    /// the techniques found no step (asked for with a guess).
    Trial,
}

impl StepKind {
    /// The name reports use: the technique's name, or `trial`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Technique(technique) => technique.name(),
            StepKind::Trial => "trial",
        }
    }
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A house (a unit every digit fills once) of the rules, as players name
/// it: `row 3`, `box 5`, `diagonal 1`, `windoku window 2`, `region 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House {
    /// Row, column, box, jigsaw region, diagonal or windoku window.
    pub kind: Unit,
    /// From 1, in the order of the kind: rows top to bottom, columns left
    /// to right, boxes and windows in reading order of their first cell,
    /// regions by their letter; diagonal 1 runs from the top left corner,
    /// diagonal 2 from the top right.
    pub number: usize,
}

impl House {
    /// The house of geometry unit `k`.
    pub(crate) fn of_unit(geometry: &Geometry, k: usize) -> House {
        let kind = geometry.kind(k);
        let before = (0..k).filter(|&j| geometry.kind(j) == kind).count();
        House {
            kind,
            number: before + 1,
        }
    }
}

impl House {
    /// The house as a player of `rules` names it: as [`Display`] writes
    /// it, but a jigsaw region by the letter its map gives it, `region b`,
    /// which the player can find on the map.
    ///
    /// [`Display`]: fmt::Display
    #[must_use]
    pub fn name(&self, rules: &Rules) -> String {
        match (self.kind, rules.regions()) {
            (Unit::Region, Some(regions)) => {
                format!("{} {}", self.kind, regions.letter(self.number - 1))
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.number)
    }
}

/// A digit placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, numbered 0..n*n-1 in row order.
    pub cell: usize,
    /// The digit, from 1.
    pub digit: u8,
    /// For a hidden single, a house in which this cell is the only place
    /// for the digit; `None` for a naked single (the cell's only candidate)
    /// and a trial.
    pub house: Option<House>,
}

/// A candidate removed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Elimination {
    /// The cell, numbered 0..n*n-1 in row order.
    pub cell: usize,
    /// The digit removed, from 1.
    pub digit: u8,
}

/// What a step's text names its cells, digits and houses by: the rules
/// of the puzzle it was found on (shape, jigsaw letters) and the alphabet
/// the puzzle was read in. One per explanation, shared by its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Naming {
    rules: Rules,
    alphabet: Alphabet,
}

impl Naming {
    /// The names of `puzzle`: its rules and its alphabet.
    pub(crate) fn of(puzzle: &Puzzle) -> Arc<Naming> {
        Arc::new(Naming {
            rules: puzzle.rules().clone(),
            alphabet: puzzle.alphabet(),
        })
    }
}

/// One step: what made it, the pattern it used and what it changed.
///
/// A singles step places every single of its kind in sight at once, as the
/// rater counts it; an elimination step applies one pattern. Eliminations
/// are the candidates the step itself removed: a placement's digit leaving
/// the cells that see it is not listed.
///
/// `Display` writes the step as one line, cells as `r1c1`, digits in the
/// alphabet of the puzzle it was found on (the symbols it was read with)
/// and jigsaw regions by their map's letter, e.g. `naked pair: 2 6 at r3c1
/// r3c5 (row 3); removes 2 from r3c7; 6 from r3c7 r3c8` or `hidden single:
/// r1c3 = 4 (box 1)`.
///
/// ```
/// use sudoku_dlx::{Explained, Explainer, OnStall, Puzzle, StepKind, Technique};
/// let puzzle: Puzzle =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let Explained::Unique(explanation) = Explainer::new(puzzle.rules()).explain(&puzzle, OnStall::Stop)?
/// else { panic!("unique") };
/// let first = &explanation.steps[0];
/// assert_eq!(first.kind, StepKind::Technique(Technique::HiddenSingle));
/// assert!(first.to_string().starts_with("hidden single: r"));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The technique, or a trial.
    pub kind: StepKind,
    /// The houses the pattern lies in, in the technique's order (locked
    /// candidates: where the digits are confined, then where they are
    /// removed; a fish: base houses, then cover houses). Empty for singles
    /// (each hidden single names its house) and for a technique that notes
    /// no pattern.
    pub houses: Vec<House>,
    /// The cells of the pattern (a subset's cells, a fish's corners); for
    /// a trial, its cell.
    pub cells: Vec<usize>,
    /// The digits of the pattern; for a trial, the candidates its cell had.
    pub digits: Vec<u8>,
    /// Digits placed, in cell order.
    pub placements: Vec<Placement>,
    /// Candidates removed, in cell order.
    pub eliminations: Vec<Elimination>,
    /// For a chain technique (X-chain, forcing chain, nishio, cell or
    /// region and dynamic forcing chain), the chain of links behind each of
    /// its deductions: a step applies every shortest chain found at once,
    /// so it may hold several, on several digits. Empty for other steps.
    pub chains: Vec<Chain>,
    /// The names `Display` writes with.
    pub(crate) naming: Arc<Naming>,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl Step {
    /// The line `Display` writes.
    fn text(&self) -> String {
        let rules = &self.naming.rules;
        let shape = rules.shape();
        let alphabet = self.naming.alphabet;
        let at = |i: usize| shape.cell(i).to_string();
        let symbol = |d: u8| alphabet.symbol(d);
        let mut text = format!("{}: ", self.kind);
        let placed: Vec<String> = self
            .placements
            .iter()
            .map(|p| match p.house {
                Some(house) => format!(
                    "{} = {} ({})",
                    at(p.cell),
                    symbol(p.digit),
                    house.name(rules)
                ),
                None => format!("{} = {}", at(p.cell), symbol(p.digit)),
            })
            .collect();
        text.push_str(&placed.join(", "));
        if self.kind == StepKind::Trial {
            let _ = write!(
                text,
                ", the solver's digit; {} could be {}",
                self.cells
                    .iter()
                    .map(|&i| at(i))
                    .collect::<Vec<_>>()
                    .join(" "),
                digits_text(alphabet, &self.digits)
            );
            return text;
        }
        let has_pattern = !self.digits.is_empty() && !self.cells.is_empty();
        if !self.chains.is_empty() {
            // A chain is its links: the premise alone says too little to
            // follow.
            let chains: Vec<String> = self
                .chains
                .iter()
                .map(|chain| chain.describe(shape, alphabet))
                .collect();
            text.push_str(&chains.join("; "));
        } else if has_pattern && !matches!(self.kind, StepKind::Technique(Technique::NakedSingle)) {
            let cells: Vec<String> = self.cells.iter().map(|&i| at(i)).collect();
            let _ = write!(
                text,
                "{} at {}",
                digits_text(alphabet, &self.digits),
                cells.join(" ")
            );
            if !self.houses.is_empty() {
                let houses: Vec<String> = self.houses.iter().map(|h| h.name(rules)).collect();
                let _ = write!(text, " ({})", houses.join(", "));
            }
        }
        if !self.eliminations.is_empty() {
            if !placed.is_empty() || has_pattern || !self.chains.is_empty() {
                text.push_str("; ");
            }
            text.push_str("removes ");
            let mut digits: Vec<u8> = self.eliminations.iter().map(|e| e.digit).collect();
            digits.sort_unstable();
            digits.dedup();
            let groups: Vec<String> = digits
                .iter()
                .map(|&d| {
                    let cells: Vec<String> = self
                        .eliminations
                        .iter()
                        .filter(|e| e.digit == d)
                        .map(|e| at(e.cell))
                        .collect();
                    format!("{} from {}", symbol(d), cells.join(" "))
                })
                .collect();
            text.push_str(&groups.join("; "));
        }
        text
    }
}

/// Digits as `2 6`, in `alphabet`.
fn digits_text(alphabet: Alphabet, digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| alphabet.symbol(d))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The digits of a candidate mask, from 1.
pub(crate) fn digits_of(mask: u64) -> Vec<u8> {
    (0..64u8)
        .filter(|d| mask & (1 << d) != 0)
        .map(|d| d + 1)
        .collect()
}

/// Turns the steps of a [`LogicSolver`] run into [`Step`]s: it keeps the
/// candidates and digits as they were before the step.
#[derive(Clone, Debug)]
pub(crate) struct Recorder {
    candidates: Vec<u64>,
    values: Vec<u8>,
    naming: Arc<Naming>,
}

impl Recorder {
    /// A recorder of the steps from `logic`'s present state, named by
    /// `naming`.
    pub(crate) fn new(logic: &LogicSolver, naming: &Arc<Naming>) -> Recorder {
        Recorder {
            candidates: logic.candidates.clone(),
            values: logic.values.clone(),
            naming: Arc::clone(naming),
        }
    }

    /// The step `logic` just made with `technique`; the state after it
    /// becomes the state before the next.
    pub(crate) fn step(&mut self, technique: Technique, logic: &LogicSolver) -> Step {
        let geometry = &logic.geometry;
        let placements: Vec<Placement> = (0..self.values.len())
            .filter(|&i| self.values[i] == 0 && logic.values[i] != 0)
            .map(|i| {
                let digit = logic.values[i];
                let house = (technique == Technique::HiddenSingle)
                    .then(|| self.only_place(geometry, i, digit))
                    .flatten();
                Placement {
                    cell: i,
                    digit,
                    house,
                }
            })
            .collect();
        let mut eliminations = Vec::new();
        for i in (0..self.values.len()).filter(|&i| logic.values[i] == 0) {
            let mut removed = self.candidates[i] & !logic.candidates[i];
            if removed == 0 {
                continue;
            }
            // A digit placed in a peer by this step leaves this cell
            // because of the placement, not of the technique.
            for &j in geometry.peers(i) {
                if self.values[j] == 0 && logic.values[j] != 0 {
                    removed &= !(1u64 << (logic.values[j] - 1));
                }
            }
            eliminations.extend(
                digits_of(removed)
                    .into_iter()
                    .map(|digit| Elimination { cell: i, digit }),
            );
        }
        let mut step = Step {
            kind: StepKind::Technique(technique),
            houses: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            placements,
            eliminations,
            chains: Vec::new(),
            naming: Arc::clone(&self.naming),
        };
        match technique {
            Technique::HiddenSingle => {}
            Technique::NakedSingle => step.cells = step.placements.iter().map(|p| p.cell).collect(),
            _ => {
                let pattern = &logic.pattern;
                step.houses = pattern
                    .units
                    .iter()
                    .map(|&k| House::of_unit(geometry, k))
                    .collect();
                // The cells that held a digit of the pattern (locked
                // candidates note the whole overlap of two houses).
                step.cells = pattern
                    .cells
                    .iter()
                    .copied()
                    .filter(|&i| self.candidates[i] & pattern.digits != 0)
                    .collect();
                step.digits = digits_of(pattern.digits);
                step.chains.clone_from(&pattern.chains);
            }
        }
        self.candidates.clone_from(&logic.candidates);
        self.values.clone_from(&logic.values);
        step
    }

    /// A house of cell `i` where, before the step, `i` was the only cell
    /// that could hold `digit`.
    fn only_place(&self, geometry: &Geometry, i: usize, digit: u8) -> Option<House> {
        let bit = 1u64 << (digit - 1);
        geometry
            .cell_units(i)
            .iter()
            .copied()
            .find(|&k| {
                geometry
                    .unit(k)
                    .iter()
                    .all(|&j| j == i || (self.candidates[j] & bit == 0 && self.values[j] != digit))
            })
            .map(|k| House::of_unit(geometry, k))
    }
}
