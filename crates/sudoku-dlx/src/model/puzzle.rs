//! Puzzles: rules and givens.

use std::fmt;

use crate::model::error::Error;
use crate::model::grid::{Grid, PrettyDisplay};
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;

/// A puzzle: the [`Rules`] it is played by and its givens.
///
/// `Display` writes the line format in the puzzle's alphabet, followed by a
/// space and the region map for jigsaw, and a space, the cage map, a space
/// and the sums for killer; [`Puzzle::parse`] reads it back,
/// with [`ParseOptions::for_puzzle`](crate::ParseOptions::for_puzzle) for
/// what the text does not hold (the variants, and boxes other than the
/// default for the size).
///
/// ```
/// use sudoku_dlx::{ParseOptions, Puzzle};
/// let line = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
/// let puzzle = Puzzle::parse(line, &ParseOptions::default())?;
/// assert_eq!(puzzle.shape().size(), 9);
/// assert_eq!(puzzle.givens().filled_count(), 17);
/// assert_eq!(puzzle.to_string(), line);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rules: Rules,
    /// Invariant: `givens.shape() == rules.shape()`.
    givens: Grid,
    alphabet: Alphabet,
}

impl Puzzle {
    /// A puzzle with these givens.
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if the grid is not of the rules' shape.
    pub fn new(rules: Rules, givens: Grid) -> Result<Puzzle, Error> {
        let sides = |shape: Shape| (shape.box_rows(), shape.box_cols());
        if givens.shape() != rules.shape() {
            return Err(Error::ShapeMismatch {
                expected: sides(rules.shape()),
                found: sides(givens.shape()),
            });
        }
        let alphabet = Alphabet::for_size(rules.shape().size());
        Ok(Puzzle {
            rules,
            givens,
            alphabet,
        })
    }

    /// A puzzle with no givens: solving it fills a grid from scratch.
    #[must_use]
    pub fn empty(rules: Rules) -> Puzzle {
        let givens = Grid::empty(rules.shape());
        let alphabet = Alphabet::for_size(rules.shape().size());
        Puzzle {
            rules,
            givens,
            alphabet,
        }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.rules.shape()
    }

    /// The givens, 0 for blanks.
    #[must_use]
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The alphabet the puzzle was written in, used to print it and its solutions.
    #[must_use]
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// This puzzle, printed in `alphabet` (if it can write every digit of
    /// the grid; otherwise the default alphabet for the size).
    #[must_use]
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Puzzle {
        self.alphabet = usable(alphabet, self.shape().size());
        self
    }

    /// The givens with box separators, in the puzzle's alphabet.
    #[must_use]
    pub fn pretty(&self) -> PrettyDisplay<'_> {
        self.givens.pretty_with(self.alphabet)
    }

    /// `grid` (a solution, say) in the line format of this puzzle's alphabet.
    #[must_use]
    pub fn format_grid(&self, grid: &Grid) -> String {
        grid.display_with(self.alphabet).to_string()
    }
}

/// `alphabet` if it writes digits up to `size`, else the default for `size`.
pub(crate) fn usable(alphabet: Alphabet, size: usize) -> Alphabet {
    if alphabet.largest() >= size {
        alphabet
    } else {
        Alphabet::for_size(size)
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.givens.display_with(self.alphabet).fmt(f)?;
        if let Some(regions) = self.rules.regions() {
            write!(f, " {regions}")?;
        }
        if let Some(cages) = self.rules.cages() {
            write!(f, " {cages}")?;
        }
        Ok(())
    }
}

impl Puzzle {
    /// The givens, for generators that blank and restore cells in place;
    /// the shape cannot change through it, so the invariant holds.
    pub(crate) fn givens_mut(&mut self) -> &mut Grid {
        &mut self.givens
    }

    /// Sets the alphabet while parsing.
    pub(crate) fn from_parts(rules: Rules, givens: Grid, alphabet: Alphabet) -> Puzzle {
        let alphabet = usable(alphabet, rules.shape().size());
        Puzzle {
            rules,
            givens,
            alphabet,
        }
    }
}
