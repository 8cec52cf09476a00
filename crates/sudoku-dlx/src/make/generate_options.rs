//! What to generate: the targets a [`Generator`](crate::Generator) aims
//! at, and the default budget of its uniqueness checks.

use crate::make::symmetry::Symmetry;
use crate::model::rules::Rules;
use crate::rate::rater::Level;

/// What to generate; see the [`Generator`](crate::Generator) docs for how each is met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The symmetry of the pattern of givens ([`Symmetry::Rot180`] by default).
    pub symmetry: Symmetry,
    /// Ask for strictly minimal puzzles: no given can be blanked, alone,
    /// without a second solution appearing.
    pub minimal: bool,
    /// Stop removing clues at this many givens (best effort).
    pub clues: Option<usize>,
    /// Generate until the rating has this level (best effort).
    pub difficulty: Option<Level>,
    /// Attempts (complete grids) per puzzle before giving up on a target.
    pub attempts: u32,
    /// The node budget of each search; `None` picks one from the grid size
    /// ([`default_check_budget`]). A check over budget keeps its orbit, so
    /// uniqueness is never in doubt, only minimality.
    pub max_nodes: Option<u64>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::Rot180,
            minimal: false,
            clues: None,
            difficulty: None,
            attempts: 100,
            max_nodes: None,
        }
    }
}

/// The node budget of each uniqueness check when none is given: 2,000
/// nodes per cell up to 16x16, ample for 9x9 (whose checks take hundreds
/// of nodes); 8 per cell above. A check over budget keeps its orbit, so
/// the budget trades clues for time, and above 16x16 the trade is lopsided:
/// on 25x25, 8 nodes per cell leave as few clues as 32 (284-293 against
/// 283-294 over two seeds) in a quarter of the time, where 2,000 took
/// about 80 s a puzzle (docs/decisions/big-grid-seeding.md).
#[must_use]
pub fn default_check_budget(rules: &Rules) -> u64 {
    let cells = rules.shape().cell_count();
    let per_cell = if cells > LARGE_GRID { 8 } else { 2_000 };
    u64::try_from(cells)
        .unwrap_or(u64::MAX)
        .saturating_mul(per_cell)
}

/// Grids of more cells than this (above 16x16) are large for the check
/// budget.
const LARGE_GRID: usize = 256;
