//! What the generator gives back: the puzzle, its solution, the targets
//! it met, and how far an attempt that missed them fell short.

use std::cmp::Ordering;

use crate::make::generate_options::GenerateOptions;
use crate::make::repair::Minimality;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::rate::rater::Rating;

/// A generated puzzle, with its solution and how well it met the targets.
///
/// [`Generator::generate`](crate::Generator::generate) answers `Ok` with
/// the closest attempt when none met every target:
/// [`targets_met`](Self::targets_met) says which it is.
///
/// ```
/// use sudoku_dlx::{GenerateOptions, Generator, Rules};
/// // 17 clues is beyond one attempt's reach.
/// let options = GenerateOptions { clues: Some(17), attempts: 1, ..GenerateOptions::default() };
/// let missed = Generator::new(&Rules::classic(), options).generate(3)?;
/// assert!(!missed.targets_met);
/// assert_eq!(missed.clues_met, Some(false));
/// assert!(missed.puzzle.givens().filled_count() > 17);
/// let plain = Generator::new(&Rules::classic(), GenerateOptions::default()).generate(3)?;
/// assert!(plain.targets_met); // no target, none missed
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: unique, and symmetric as asked.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// The attempt (from 1) that produced it.
    pub attempts: u32,
    /// Whether it is strictly minimal: checked when asked for, and proved
    /// without a check by a complete pass with
    /// [`Symmetry::None`](crate::Symmetry::None);
    /// [`Minimality::Unchecked`] otherwise.
    pub minimal: Minimality,
    /// With a clue target: whether the puzzle has exactly that many givens.
    pub clues_met: Option<bool>,
    /// The rating, when a difficulty was asked for.
    pub rating: Option<Rating>,
    /// With a difficulty target: whether the rating's level matches.
    pub difficulty_met: Option<bool>,
    /// Whether every target asked for was met: minimal if asked, the clue
    /// count ([`clues_met`](Self::clues_met)) and the level
    /// ([`difficulty_met`](Self::difficulty_met)). `false` when the
    /// attempts ran out and the closest one was kept.
    pub targets_met: bool,
}

impl Generated {
    /// How far it is from the targets of `options` (those it was made
    /// with): [`Distance::ZERO`] exactly when every target was met.
    /// [`Generator::generate`](crate::Generator::generate) keeps the
    /// attempt with the least.
    #[must_use]
    pub fn distance(&self, options: &GenerateOptions) -> Distance {
        let missed = u32::from(options.minimal && !self.minimal.is_minimal())
            + u32::from(self.clues_met == Some(false))
            + u32::from(self.difficulty_met == Some(false));
        let score_gap = match (options.difficulty, &self.rating) {
            (None, _) => 0.0,
            (Some(level), Some(rating)) => level.score_gap(rating.score),
            (Some(_), None) => f64::INFINITY,
        };
        let clue_gap = options
            .clues
            .map_or(0, |n| self.puzzle.givens().filled_count().abs_diff(n));
        Distance {
            missed,
            score_gap,
            clue_gap,
        }
    }
}

/// How far a [`Generated`] puzzle is from its targets, compared in field
/// order: first the number of targets missed, then how far the score lies
/// outside the level asked for, then how far the clue count is from the
/// one asked for. Smaller is closer.
///
/// ```
/// use sudoku_dlx::{GenerateOptions, Generator, Level, Rules};
/// let options = GenerateOptions { difficulty: Some(Level::Extreme), attempts: 3, ..GenerateOptions::default() };
/// let mut generator = Generator::new(&Rules::classic(), options.clone());
/// let kept = generator.generate(5)?;
/// // The kept puzzle is the closest of the three attempts (the first of equals).
/// let all: Vec<_> = generator.attempts(5).take(3).collect::<Result<_, _>>()?;
/// assert!(all.iter().all(|g| kept.distance(&options) <= g.distance(&options)));
/// assert_eq!(all[kept.attempts as usize - 1], kept);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Distance {
    /// Targets missed (minimal, clues, difficulty), 0 to 3.
    pub missed: u32,
    /// With a difficulty target: how far the score lies outside the
    /// level's range ([`Level::score_gap`](crate::Level::score_gap)); infinite for a puzzle that
    /// could not be rated. 0 without a target.
    pub score_gap: f64,
    /// With a clue target: the difference between the givens and the
    /// target. 0 without a target.
    pub clue_gap: usize,
}

impl Distance {
    /// Every target met.
    pub const ZERO: Distance = Distance {
        missed: 0,
        score_gap: 0.0,
        clue_gap: 0,
    };
}

impl Ord for Distance {
    fn cmp(&self, other: &Distance) -> Ordering {
        self.missed
            .cmp(&other.missed)
            .then(self.score_gap.total_cmp(&other.score_gap))
            .then(self.clue_gap.cmp(&other.clue_gap))
    }
}

impl PartialOrd for Distance {
    fn partial_cmp(&self, other: &Distance) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Distance {
    fn eq(&self, other: &Distance) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Distance {}
