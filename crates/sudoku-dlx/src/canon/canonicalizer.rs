//! The canonical form of a puzzle and the transformation that reaches it.

use crate::canon::layout::{MAX_SIDE, Sizes, small};
use crate::canon::search::{Found, Search};
use crate::canon::transform::Transform;
use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::shape::Shape;

/// The default node budget (rows and ties tried): far more than any 9x9
/// grid needs, while a search on a large shape with much symmetry still
/// ends within seconds.
pub const DEFAULT_CANON_BUDGET: u64 = 5_000_000;

/// A canonical form and the transformation that produces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    form: Grid,
    transform: Transform,
}

impl Canonical {
    /// The canonical form: the same grid for every equivalent input.
    #[must_use]
    pub fn form(&self) -> &Grid {
        &self.form
    }

    /// A transformation that maps the input onto [`form`](Self::form)
    /// (when the input has symmetries, one of several).
    #[must_use]
    pub fn transform(&self) -> &Transform {
        &self.transform
    }

    /// The form and the transformation.
    #[must_use]
    pub fn into_parts(self) -> (Grid, Transform) {
        (self.form, self.transform)
    }
}

/// Finds canonical forms, reusing its working memory from one grid to the
/// next (the free function [`canonical`] makes a fresh one each call).
///
/// ```
/// use sudoku_dlx::{Canonicalizer, Grid, Shape};
/// let mut canon = Canonicalizer::new();
/// let grid = Grid::from_digits(Shape::from_size(4)?, vec![4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2, 1, 2, 3, 4])?;
/// assert_eq!(canon.canonical_grid(&grid)?.form().to_string(), "1234341221434321");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Canonicalizer {
    search: Search,
    budget: u64,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

impl Canonicalizer {
    /// A canonicalizer with the [`DEFAULT_CANON_BUDGET`].
    #[must_use]
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            search: Search::new(),
            budget: DEFAULT_CANON_BUDGET,
        }
    }

    /// Stops each search after `nodes` nodes (rows and ties tried) with
    /// [`Error::CanonBudget`]: a bound for grids of large shapes with much
    /// symmetry.
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// The canonical form of a puzzle's givens.
    ///
    /// # Errors
    ///
    /// [`Error::CanonRules`] for variant, jigsaw or killer rules,
    /// [`Error::ConflictingGivens`] if two givens clash, and
    /// [`Error::CanonBudget`] if the search runs out of budget.
    pub fn canonical(&mut self, puzzle: &Puzzle) -> Result<Canonical, Error> {
        let rules = puzzle.rules();
        // Killer cages are refused, not carried along: rows and columns
        // could move them, but relabelling the digits changes their sums.
        if !rules.variants().is_classic() || rules.regions().is_some() || rules.cages().is_some() {
            return Err(Error::CanonRules {
                rules: rules.to_string(),
            });
        }
        if has_clash(puzzle.givens()) {
            puzzle.check_givens()?;
        }
        self.search_grid(puzzle.givens())
    }

    /// The canonical form of a grid under classic rules: a puzzle's givens
    /// or a solution.
    ///
    /// # Errors
    ///
    /// As [`canonical`](Self::canonical).
    pub fn canonical_grid(&mut self, grid: &Grid) -> Result<Canonical, Error> {
        if has_clash(grid) {
            Puzzle::new(Rules::new(grid.shape()), grid.clone())?.check_givens()?;
        }
        self.search_grid(grid)
    }

    /// Whether `a` and `b` are equivalent: if so, a transformation that maps
    /// `a`'s givens onto `b`'s.
    ///
    /// # Errors
    ///
    /// As [`canonical`](Self::canonical), for either puzzle.
    pub fn equivalence(&mut self, a: &Puzzle, b: &Puzzle) -> Result<Option<Transform>, Error> {
        let a = self.canonical(a)?;
        let b = self.canonical(b)?;
        if a.form != b.form {
            return Ok(None);
        }
        a.transform.then(&b.transform.inverse()).map(Some)
    }

    fn search_grid(&mut self, grid: &Grid) -> Result<Canonical, Error> {
        let shape = grid.shape();
        let square = shape.box_rows() == shape.box_cols();
        let (values, found) = self
            .search
            .run(Sizes::of(shape), square, grid.digits(), self.budget)
            .map_err(|nodes| Error::CanonBudget { nodes })?;
        let form = Grid::from_digits(shape, values.to_vec())?;
        Ok(Canonical {
            form,
            transform: transform_of(shape, &found),
        })
    }
}

/// Whether two givens share a row, column or box: a quick test, so that
/// the checker (which also says where) runs only on bad input.
fn has_clash(grid: &Grid) -> bool {
    let shape = grid.shape();
    let n = shape.size();
    let mut rows = [0u64; MAX_SIDE];
    let mut cols = [0u64; MAX_SIDE];
    let mut boxes = [0u64; MAX_SIDE];
    for (index, &digit) in grid.digits().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let cell = shape.cell(index);
        let bit = 1u64 << (digit - 1);
        let unit = [
            &mut rows[cell.row],
            &mut cols[cell.col],
            &mut boxes[shape.box_of(cell)],
        ];
        if unit.iter().any(|seen| **seen & bit != 0) {
            return true;
        }
        for seen in unit {
            *seen |= bit;
        }
    }
    debug_assert!(n <= MAX_SIDE);
    false
}

/// The [`Transform`] a search recorded; digits the grid lacks get the labels
/// left over, in order.
fn transform_of(shape: Shape, found: &Found) -> Transform {
    let n = shape.size();
    let mut digits = found.labels[1..=n].to_vec();
    let mut taken = 0u128;
    for &label in &digits {
        taken |= 1 << label;
    }
    let mut spare = (1..=n).map(small).filter(|&label| taken >> label & 1 == 0);
    for digit in &mut digits {
        if *digit == 0 {
            *digit = spare.next().unwrap_or(0);
        }
    }
    Transform::from_search(
        shape,
        found.transposed,
        found.rows[..n].to_vec(),
        found.cols[..n].to_vec(),
        digits,
    )
}

/// The canonical form of `puzzle`'s givens and a transformation that
/// produces it.
///
/// Two grids are *equivalent* when a validity-preserving [`Transform`]
/// turns one into the other; the form is the same for every member of a
/// class and differs between classes.
///
/// # The convention
///
/// The form is the *minlex* form of the Sudoku forum: of all the grids
/// equivalent to the input, read row by row as strings of `n * n` cells with
/// blanks as `0` and the digits relabelled in order of first appearance
/// (the first given becomes 1, the next digit not seen yet 2, ...), the
/// smallest. Blanks sort lowest, so the form has as many leading blanks as
/// any equivalent grid; a complete grid's form starts `123456789`. It prints
/// in the line format with `.` for blanks.
///
/// This is the plain lexicographic minimum, which the forum calls "true
/// minlex". It reproduces the published examples of the true-minlex build
/// of gsf's `sudoku` (github.com/1to9only/gsf-s-sudoku.exe) and of the
/// sudoku.coach minlexer, and it is the form of the 17-clue catalogue in
/// `data/sudoku/tdoku_puzzles2_17_clue.txt`: 47,653 of its 49,158 lines
/// are their own form and no line's form is larger than the line. Older
/// tools write other forms: gsf's `sudoku -f%#mc` and Dobrichev's
/// `patminlex` (github.com/dobrichev/sudoku-minlexing-tool) minimize the
/// pattern of givens before the digits, so they can prefer a later blank to
/// a smaller digit; 1,190 of the other catalogue lines have such a smaller
/// pattern, and 315 are minimal in neither order.
///
/// Any shape with `r x c` boxes has the same group, with transposition only
/// when `r == c`. Variants and jigsaw regions are not kept by these
/// transformations, nor killer cages (moving rows and columns would carry
/// a cage along, but relabelling the digits changes its sum, and a form
/// without relabelling would be another convention), so their puzzles are
/// refused ([`Error::CanonRules`]), as are puzzles whose givens clash
/// ([`Error::ConflictingGivens`]).
///
/// # Example
///
/// ```
/// use sudoku_dlx::{canonical, equivalence, ParseOptions, Puzzle, Transform};
///
/// let easter_monster = Puzzle::parse(
///     "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
///     &ParseOptions::default(),
/// )?;
/// let form = canonical(&easter_monster)?;
/// assert_eq!(
///     form.form().to_string(),
///     "........1.....2.34..4...56...5..36...1..7....8..9.......6..4.2..9.8.....7...1...."
/// );
/// // The transformation maps the puzzle onto its form.
/// assert_eq!(form.transform().apply(easter_monster.givens())?, *form.form());
///
/// // A shuffled copy has the same form, and `equivalence` says how they match.
/// let shuffle = Transform::random(easter_monster.shape(), 7);
/// let shuffled = Puzzle::new(
///     easter_monster.rules().clone(),
///     shuffle.apply(easter_monster.givens())?,
/// )?;
/// assert_eq!(canonical(&shuffled)?.form(), form.form());
/// let mapping = equivalence(&easter_monster, &shuffled)?.expect("equivalent");
/// assert_eq!(mapping.apply(easter_monster.givens())?, *shuffled.givens());
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
///
/// # Errors
///
/// As [`Canonicalizer::canonical`].
pub fn canonical(puzzle: &Puzzle) -> Result<Canonical, Error> {
    Canonicalizer::new().canonical(puzzle)
}

/// Whether `a` and `b` are equivalent: if so, a transformation that maps
/// `a`'s givens onto `b`'s.
///
/// # Errors
///
/// As [`Canonicalizer::canonical`].
pub fn equivalence(a: &Puzzle, b: &Puzzle) -> Result<Option<Transform>, Error> {
    Canonicalizer::new().equivalence(a, b)
}
