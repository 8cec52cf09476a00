//! The generator's uniqueness check on plain 9x9 rules, on the band board
//! of the classic counter ([`bands`](crate::solve::classic::bands)) instead of the
//! general bitsets: the same answers (the property test below holds it to
//! them), with the checks' instructions cut by about two fifths and a
//! default generation run's by a quarter (docs/decisions/band-generation-check.md).
//!
//! A [`Planted`](crate::solve::session::Planted) stack on plain 9x9 keeps
//! its givens here as band words ([`BandGivens`]), so that pushing and
//! popping a cell is setting and clearing one bit, and each check builds
//! its board from the words without looking at the 81 cells or testing
//! for clashes (the givens are cells of one solution). The check itself,
//! [`Classic::unique_after_blanking`], looks for a solution that differs
//! from the planted one, as
//! [`BitRules::search_other`](crate::solve::bitsets::bitboard::BitRules::search_other)
//! does on the bitsets, but it takes the planted digit out of a blanked cell
//! before the forced moves rather than after: most checks end in those
//! forced moves, and a board seeking a contradiction meets it sooner than
//! one settling the whole grid (docs/decisions/band-generation-check.md).

use std::ops::ControlFlow;

use dlx_engine::Budget;

use crate::solve::classic::bands::{BAND, Board, columns, in_every_row};
use crate::solve::classic::{Classic, Search, Stop};

/// Givens of plain 9x9, cells of one complete grid, as band words:
/// `words[3 * d + b]` holds the cells of band `b` (bit `9 * r + c` for its
/// row `r` and column `c`) given digit `d + 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BandGivens {
    words: [u32; 27],
}

/// The word of band `b` and the bit of its cell `index` (row-major, below
/// 81).
#[inline]
fn place_of(index: usize) -> (usize, u32) {
    (index / 27, 1 << (index % 27))
}

/// The rows and boxes of a band that hold a cell of `word`, whole: the
/// cells a digit given in `word` takes itself out of within its band (its
/// column there lies in its box).
#[inline]
fn rows_and_boxes(word: u32) -> u32 {
    let mut seen = 0;
    for r in 0..3 {
        if (word >> (9 * r)) & 0x1ff != 0 {
            seen |= 0x1ff << (9 * r);
        }
    }
    let cols = columns(word);
    for k in 0..3 {
        if cols & (7 << (3 * k)) != 0 {
            seen |= in_every_row(7 << (3 * k));
        }
    }
    seen & BAND
}

impl BandGivens {
    /// No givens.
    pub(crate) fn new() -> BandGivens {
        BandGivens::default()
    }

    /// Gives `digit` (1 to 9) to the cell at row-major `index`: `false`,
    /// changing nothing, if either is out of range.
    pub(crate) fn put(&mut self, index: usize, digit: u8) -> bool {
        if index >= 81 || !(1..=9).contains(&digit) {
            return false;
        }
        let (band, bit) = place_of(index);
        self.words[3 * usize::from(digit - 1) + band] |= bit;
        true
    }

    /// Takes `digit` out of the cell at `index` again (nothing if it is
    /// not given there).
    pub(crate) fn take(&mut self, index: usize, digit: u8) {
        if index < 81 && (1..=9).contains(&digit) {
            let (band, bit) = place_of(index);
            self.words[3 * usize::from(digit - 1) + band] &= !bit;
        }
    }

    /// The board of the givens before any forced move. The givens must not
    /// clash, which cells of one grid cannot: unlike
    /// [`Board::new`], this does not look for a clash (it would be
    /// searched as if it were none).
    pub(crate) fn board(&self) -> Board {
        let mut seen_by = [0u32; 27];
        let mut filled = [0u32; 3];
        for d in 0..9 {
            let words = [
                self.words[3 * d],
                self.words[3 * d + 1],
                self.words[3 * d + 2],
            ];
            let cols = words.map(columns);
            for band in 0..3 {
                let word = words[band];
                filled[band] |= word;
                // Its rows and boxes here, its columns in the other bands.
                seen_by[3 * d + band] = rows_and_boxes(word)
                    | in_every_row(cols[(band + 1) % 3] | cols[(band + 2) % 3]);
            }
        }
        Board::from_words(&self.words, &seen_by, &filled)
    }
}

impl Classic {
    /// Whether `givens` have `solution` (81 row-major digits, a complete
    /// grid they are cells of) as their only solution, when they do with
    /// `solution`'s digits put back in `blanked` (cells not given):
    /// `None` if `budget`'s nodes ran out first.
    ///
    /// A solution other than `solution` differs from it in some cell of
    /// `blanked` (it would else be a second solution of the fuller puzzle),
    /// so each is looked for once, at the first such cell: for each blanked
    /// cell in turn this searches the board with the cell's planted digit
    /// taken out, then puts that digit in for the cells that follow.
    pub(crate) fn unique_after_blanking(
        &mut self,
        givens: &BandGivens,
        solution: &[u8],
        blanked: &[usize],
        budget: Budget,
    ) -> Option<bool> {
        let mut agreed = givens.board();
        let mut search = Search::new(budget, None, self.reset_stats(), |_: &Board| {
            ControlFlow::Break(())
        });
        for &cell in blanked {
            let Some(&digit) = solution.get(cell).filter(|_| cell < 81) else {
                continue;
            };
            let (band, bit) = place_of(cell);
            let d = usize::from(digit.saturating_sub(1));
            let mut other = agreed;
            other.exclude(d, band, bit);
            // The forced moves without the column singles of
            // `settle_givens`: cheaper here, where most boards die in them
            // (docs/decisions/band-generation-check.md).
            if other.settle(&mut search.stats.updates) {
                match search.descend(&mut other, 0) {
                    ControlFlow::Continue(()) => {}
                    ControlFlow::Break(Stop::Visitor) => return Some(false),
                    ControlFlow::Break(Stop::Budget | Stop::Halted) => return None,
                }
            }
            // The planted digit is a candidate still: no forced move has
            // been taken on `agreed`, and the givens are cells of
            // `solution`.
            agreed.place(d, band, bit);
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::solve::solver::tests::unique_without;
    use crate::{GenerateOptions, Generator, Grid, Method, Puzzle, Rules, Shape, Solver};

    /// A puzzle of `grid` with a unique solution: each cell kept with
    /// probability `density` in 100, then, while the engine finds two
    /// solutions, the grid's digit put back in a cell where they differ
    /// (one of them at least is not the grid there).
    fn unique_puzzle(grid: &[u8], seed: u64, density: u32, links: &mut Solver) -> Vec<u8> {
        let mut rng = dlx_engine::SplitMix64::new(seed ^ 0x0b17);
        let mut digits: Vec<u8> = grid
            .iter()
            .map(|&d| if rng.below(100) < density { d } else { 0 })
            .collect();
        loop {
            let givens = Grid::from_digits(Shape::CLASSIC, digits.clone()).unwrap();
            let puzzle = Puzzle::new(Rules::classic(), givens).unwrap();
            match links.uniqueness(&puzzle).unwrap() {
                crate::Uniqueness::Multiple(a, b) => {
                    let cell = (0..81).find(|&i| a.digits()[i] != b.digits()[i]).unwrap();
                    digits[cell] = grid[cell];
                }
                unique => {
                    assert!(matches!(unique, crate::Uniqueness::Unique(_)));
                    return digits;
                }
            }
        }
    }

    /// A cell off the grid or a digit out of range is not given.
    #[test]
    fn bad_givens_are_refused() {
        let mut givens = BandGivens::new();
        assert!(!givens.put(81, 1));
        assert!(!givens.put(0, 0));
        assert!(!givens.put(0, 10));
        assert_eq!(givens, BandGivens::new());
        assert!(givens.put(80, 9));
        givens.take(80, 9);
        assert_eq!(givens, BandGivens::new());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// For a unique puzzle of a random grid with a few random givens
        /// blanked: the band board of the givens is the one `Board::new`
        /// makes of their digits, and the classic check (directly, and as
        /// the default method's planted stack) answers as the general
        /// bitsets' check and as the engine's count to 2 do; under a node
        /// budget of a few nodes it answers the same or not at all.
        #[test]
        fn classic_check_agrees_with_the_bitsets(
            seed in any::<u64>(),
            density in 20u32..85,
            blanks in 1usize..6,
            budget in 1u64..6,
        ) {
            let rules = Rules::classic();
            let grid = Generator::new(&rules, GenerateOptions::default())
                .complete_grid(seed)
                .unwrap();
            let grid = grid.digits();
            let mut links = Solver::new(&rules);
            links.set_method(Method::DancingLinks);
            let mut digits = unique_puzzle(grid, seed, density, &mut links);
            let mut rng = dlx_engine::SplitMix64::new(seed ^ 0xb1a4c);
            let mut blanked = Vec::new();
            for _ in 0..blanks {
                let given: Vec<usize> = (0..81).filter(|&i| digits[i] != 0).collect();
                let cell = given[rng.below(u32::try_from(given.len()).unwrap()) as usize];
                digits[cell] = 0;
                blanked.push(cell);
            }
            let puzzle = Puzzle::new(
                rules.clone(),
                Grid::from_digits(Shape::CLASSIC, digits.clone()).unwrap(),
            )
            .unwrap();
            let truth = links.count(&puzzle, Some(2)).unwrap().solutions == 1;

            let mut givens = BandGivens::new();
            for (i, &d) in digits.iter().enumerate().filter(|(_, d)| **d != 0) {
                prop_assert!(givens.put(i, d));
            }
            prop_assert_eq!(givens.board(), Board::new(&digits).unwrap());
            let mut classic = Classic::new();
            let direct = classic.unique_after_blanking(&givens, grid, &blanked, Budget::UNLIMITED);
            prop_assert_eq!(direct, Some(truth), "{}", puzzle.givens());

            let mut bitsets = Solver::new(&rules);
            bitsets.set_method(Method::Bitsets);
            let general = unique_without(&mut bitsets, grid, &digits, &blanked);
            prop_assert_eq!(general, Some(truth));
            let mut auto = Solver::new(&rules);
            prop_assert_eq!(unique_without(&mut auto, grid, &digits, &blanked), Some(truth));

            let hurried = classic.unique_after_blanking(
                &givens,
                grid,
                &blanked,
                Budget::nodes(budget),
            );
            prop_assert!(hurried.is_none() || hurried == Some(truth), "{hurried:?}");
            prop_assert!(classic.stats().nodes <= budget);
        }
    }
}
