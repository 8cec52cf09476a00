//! Algorithm X on bitsets: the same exact-cover problem as the engine's
//! matrix, for grids of at most 128 cells, with the options held as one
//! 128-bit set of cells per digit instead of linked nodes.
//!
//! Option "digit d in cell c" is alive while bit c of `candidates[d]` is set.
//! The primary items are the cells and each unit's digits; an item with one
//! live option is a forced move (a naked single for a cell, a hidden single
//! for a unit's digit), and an item with none is a dead end. Selecting an
//! option clears the cell from every digit's set and the digit from the
//! cell's peers, which is what covering its items does to the matrix. Anti-
//! king and anti-knight (the engine's secondary items) are peers too.
//!
//! The search takes every forced move before it branches, then branches on
//! a cell with the fewest candidates, copying the board (about 550 bytes)
//! per level instead of undoing. Which of those cells, and in which order
//! its digits are tried, is an [`Order`]: the first cell and the smallest
//! digit first ([`Lowest`]) for solving and counting, or drawn from a seed
//! ([`Shuffled`]) for the generator's random complete grids. Each selection
//! costs a few word operations where the linked matrix costs dozens of
//! dependent link updates, which is why this path exists; `tests` and the
//! benchmarks check it against the engine.
//!
//! Here: the board, the rules in bitset form and the forced moves;
//! `search` holds the searches, `order` the branching orders.

mod order;
mod search;

use dlx_engine::{Budget, Progress, Stats};

use crate::model::geometry::Geometry;
use crate::solve::backend::CHECK_EVERY;

pub(crate) use order::{Lowest, Order, Shuffled};

/// The most cells a board holds: one bit each in a `u128`.
pub(crate) const MAX_CELLS: usize = 128;

/// The most digits a board holds: a grid of at most 128 cells has at most
/// 11 rows.
const MAX_DIGITS: usize = 11;

/// One search state: the live options and the cells still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// `candidates[d]` has bit c set while digit d + 1 may go in cell c; a
    /// filled cell keeps exactly its own digit's bit.
    candidates: [u128; MAX_DIGITS],
    /// The cells not yet filled.
    open: u128,
    /// `digits[c]`: the digits whose candidates hold cell c (bit d for
    /// digit d + 1), the same options seen by cell.
    digits: [DigitMask; MAX_CELLS],
    /// `missing[d]`: the units in which digit d + 1 is not filled yet (the
    /// only ones that can hold a hidden single or lack a place for it).
    missing: [UnitMask; MAX_DIGITS],
}

impl Board {
    /// Whether every cell is filled: the board is a solution.
    pub(crate) fn is_complete(&self) -> bool {
        self.open == 0
    }
}

/// A board on a search's explicit stack: branched on, or about to be
/// looked at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub(crate) board: Board,
    pub(crate) cell: usize,
    /// The digits not tried yet (bit d for digit d + 1).
    pub(crate) untried: DigitMask,
}

/// Bits of a cell's candidate count: up to [`MAX_DIGITS`] fits in 4.
const COUNT_BITS: usize = 4;

/// The digit sets of one board, as a bit mask (bit d for digit d + 1).
pub(crate) type DigitMask = u16;

/// A puzzle's givens on a board.
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "made once per puzzle and searched at once, never stored"
)]
pub(crate) enum Start {
    /// The givens and their forced moves, ready to search.
    Board(Board),
    /// The forced moves reach a cell or unit with no place: no solution.
    DeadEnd,
    /// Two givens break a rule, or a given is out of range; the engine
    /// path reports which.
    Clash,
}

/// Where a search gives up: at this many nodes, or once this many digits
/// have been placed (checked at each node, as the engine checks its budget),
/// or when the caller's stop is stopped (looked at every
/// [`CHECK_EVERY`] nodes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit<'a> {
    /// The node count at which the search next looks at the budget and
    /// the stop: the budget itself when there is no stop, so that a node
    /// costs one comparison either way.
    nodes: u64,
    updates: u64,
    /// The node budget.
    budget: u64,
    stop: Option<&'a Progress>,
}

impl Limit<'static> {
    /// The limit of `budget`, with an update being one digit placed.
    pub(crate) fn of(budget: Budget) -> Limit<'static> {
        let nodes = budget.max_nodes.unwrap_or(u64::MAX);
        Limit {
            nodes,
            updates: budget.max_updates.unwrap_or(u64::MAX),
            budget: nodes,
            stop: None,
        }
    }
}

impl<'a> Limit<'a> {
    /// This limit, and a halt when `stop` is stopped.
    pub(crate) fn with_stop(self, stop: Option<&'a Progress>) -> Limit<'a> {
        Limit {
            nodes: if stop.is_some() {
                self.budget.min(CHECK_EVERY)
            } else {
                self.budget
            },
            stop,
            ..self
        }
    }

    /// Why a search that has entered `nodes` nodes and placed `updates`
    /// digits stops, when it reached [`nodes`](Self::nodes) or
    /// [`updates`](Self::updates); else the next node count to look again.
    #[cold]
    pub(crate) fn halt(&mut self, nodes: u64, updates: u64) -> Option<Stop> {
        if nodes >= self.budget || updates >= self.updates {
            return Some(Stop::Budget);
        }
        if self.stop.is_some_and(Progress::is_stopped) {
            return Some(Stop::Halted);
        }
        self.nodes = self.budget.min(nodes.saturating_add(CHECK_EVERY));
        None
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The node budget ran out.
    Budget,
    /// The caller's [`Progress`] was stopped.
    Halted,
}

/// The bitset form of one [`Rules`](crate::Rules): its units and each cell's peers.
#[derive(Clone, Debug)]
pub(crate) struct BitRules {
    size: usize,
    cells: usize,
    /// Each unit (row, column, region, diagonal, window) as a cell mask;
    /// each must hold every digit once.
    units: [u128; MAX_UNITS],
    /// How many of `units` there are.
    unit_count: usize,
    /// `peers[c]`: the cells that may not share cell c's digit (its units
    /// and king or knight neighbours), without c itself.
    peers: [u128; MAX_CELLS],
    /// `cell_units[c]`: the units holding cell c, as a mask over `units`.
    cell_units: [UnitMask; MAX_CELLS],
}

/// A set of units, as a bit mask over [`BitRules::units`].
type UnitMask = u64;

/// The most units a board tracks: one bit each in a [`UnitMask`].
const MAX_UNITS: usize = 64;

/// The units each digit must still be checked in for a hidden single or a
/// missing place, after selections shrank that digit's candidates.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    units: [UnitMask; MAX_DIGITS],
    /// The digits whose `units` entry is not empty.
    digits: DigitMask,
    /// Cells left with one candidate or none since they were last
    /// looked at: naked singles and dead ends.
    narrowed: u128,
    /// Options selected since the counter was last read (statistics).
    placed: u64,
}

impl BitRules {
    /// The bitset form of the rules `geometry` was built for, or `None` if
    /// its grid has more than [`MAX_CELLS`] cells or [`MAX_UNITS`] units.
    pub(crate) fn new(geometry: &Geometry) -> Option<BitRules> {
        let n = geometry.shape().size();
        let cells = geometry.shape().cell_count();
        let unit_count = geometry.unit_count();
        if cells > MAX_CELLS || n > MAX_DIGITS || unit_count > MAX_UNITS {
            return None;
        }
        let mask = |cells: &[usize]| cells.iter().fold(0u128, |m, &i| m | 1 << i);
        let mut units = [0; MAX_UNITS];
        for (k, unit) in units.iter_mut().enumerate().take(unit_count) {
            *unit = mask(geometry.unit(k));
        }
        let mut peers = [0; MAX_CELLS];
        let mut cell_units = [0; MAX_CELLS];
        for i in 0..cells {
            peers[i] = mask(geometry.peers(i));
            cell_units[i] = geometry.cell_units(i).iter().fold(0, |m, &k| m | 1 << k);
        }
        Some(BitRules {
            size: n,
            cells,
            units,
            unit_count,
            peers,
            cell_units,
        })
    }

    /// The board with every option alive and every cell open.
    fn empty_board(&self) -> Board {
        let all = if self.cells == MAX_CELLS {
            u128::MAX
        } else {
            (1u128 << self.cells) - 1
        };
        let mut candidates = [0; MAX_DIGITS];
        candidates[..self.size].fill(all);
        Board {
            candidates,
            open: all,
            digits: [(1 << self.size) - 1; MAX_CELLS],
            missing: [UnitMask::MAX >> (MAX_UNITS - self.unit_count); MAX_DIGITS],
        }
    }

    /// The board with `digits` (row-major, 0 for empty, 1-based otherwise)
    /// filled in and every forced move taken.
    pub(crate) fn start(&self, digits: &[u8], stats: &mut Stats) -> Start {
        if digits.len() != self.cells {
            return Start::Clash;
        }
        // The givens all at once: per digit, its cells, the cells they see
        // and the units they fill. The board is the one selecting them one
        // by one would leave, at a fraction of the cost.
        // Each half of the grid's cells on its own, so that a given's bit
        // is a `u64` shift; and a clash (two givens of a digit that see
        // each other) told once at the end, from each digit's givens and
        // the cells they see, rather than tested per given with a `u128`
        // shift (docs/decisions/bitsets-backend.md).
        let mut halves_placed = [[0u64; MAX_DIGITS]; 2];
        let mut seen = [0u128; MAX_DIGITS];
        let mut filled_units: [UnitMask; MAX_DIGITS] = [0; MAX_DIGITS];
        let mut givens = 0;
        for (half, chunk) in digits.chunks(64).enumerate() {
            let base = 64 * half;
            for (i, &digit) in chunk.iter().enumerate() {
                if digit != 0 {
                    let d = usize::from(digit - 1);
                    if d >= self.size {
                        return Start::Clash;
                    }
                    halves_placed[half][d] |= 1 << i;
                    seen[d] |= self.peers[base + i];
                    filled_units[d] |= self.cell_units[base + i];
                    givens += 1;
                }
            }
        }
        let mut placed = [0u128; MAX_DIGITS];
        for (d, set) in placed.iter_mut().enumerate() {
            *set = u128::from(halves_placed[0][d]) | u128::from(halves_placed[1][d]) << 64;
            if *set & seen[d] != 0 {
                return Start::Clash;
            }
        }
        let mut board = self.empty_board();
        let filled = placed.iter().fold(0, |m, &p| m | p);
        board.open &= !filled;
        board.digits[..self.cells].fill(0);
        for d in 0..self.size {
            let set = placed[d] | (board.open & !seen[d]);
            board.candidates[d] = set;
            board.missing[d] &= !filled_units[d];
            // A half at a time: a `u128` bit loop costs a two-word count
            // and clear per cell (docs/decisions/bitsets-backend.md).
            for (half, mut cells) in halves(set).into_iter().enumerate() {
                let base = 64 * half;
                while cells != 0 {
                    board.digits[base + cells.trailing_zeros() as usize] |= 1 << d;
                    cells &= cells - 1;
                }
            }
        }
        // Every open cell left with one candidate or none, and every unit
        // still missing a digit, may hold a forced move or a dead end.
        let mut pending = Pending {
            narrowed: board.open & !cells_with_two_or_more(&board),
            placed: givens,
            ..Pending::default()
        };
        for d in 0..self.size {
            pending.units[d] = board.missing[d];
            pending.digits |= 1 << d;
        }
        let alive = self.propagate(&mut board, &mut pending);
        stats.updates += pending.placed;
        if alive {
            Start::Board(board)
        } else {
            Start::DeadEnd
        }
    }

    /// Selects digit `d` for `cell`: the cell leaves every other digit's
    /// set and its peers leave digit `d`'s. `pending` gains the units in
    /// which those digits lost places. `bit` is the cell's bit
    /// (`1 << cell`), which the callers have at hand: a `u128` shift costs
    /// several instructions (docs/decisions/bitsets-backend.md). Always inlined: as a call
    /// from its three sites its prologue and epilogue were a tenth of its
    /// cost (docs/decisions/bitsets-backend.md).
    #[inline(always)]
    fn select(&self, board: &mut Board, cell: usize, bit: u128, d: usize, pending: &mut Pending) {
        let units = self.cell_units[cell];
        let mut others = board.digits[cell] & !(1 << d);
        board.digits[cell] = 1 << d;
        pending.digits |= others;
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            board.candidates[e] &= !bit;
            pending.units[e] |= units;
        }
        let touched = self.remove_digit(board, self.peers[cell], d, pending);
        pending.units[d] |= touched & !units;
        pending.digits |= 1 << d;
        pending.placed += 1;
        board.missing[d] &= !units;
        board.open &= !bit;
    }

    /// Takes digit `d` out of `cells`: `pending` gains the units where `d`
    /// lost a place (those of the cells that had it) and the cells left
    /// with one candidate or none.
    #[inline]
    fn remove_digit(
        &self,
        board: &mut Board,
        cells: u128,
        d: usize,
        pending: &mut Pending,
    ) -> UnitMask {
        let lost = board.candidates[d] & cells;
        board.candidates[d] &= !lost;
        let mut touched = 0;
        // A half at a time, as in `start`: the lowest cell, its clearing
        // and the narrowed cell's bit are then one-word operations
        // (docs/decisions/bitsets-backend.md).
        let mut narrowed = [0u64; 2];
        for (half, mut lost) in halves(lost).into_iter().enumerate() {
            let base = 64 * half;
            while lost != 0 {
                let bit = lost.trailing_zeros();
                lost &= lost - 1;
                let c = base + bit as usize;
                touched |= self.cell_units[c];
                let left = board.digits[c] & !(1 << d);
                board.digits[c] = left;
                // Without a branch: whether a cell narrows is a coin toss.
                narrowed[half] |= u64::from(left & left.wrapping_sub(1) == 0) << bit;
            }
        }
        pending.narrowed |= u128::from(narrowed[0]) | u128::from(narrowed[1]) << 64;
        touched
    }

    /// Takes forced moves until there are none: cells with one candidate,
    /// and `pending` units in which a digit has one place. Returns false
    /// at a dead end (a cell with no candidate, or a unit without a place
    /// for a digit).
    fn propagate(&self, board: &mut Board, pending: &mut Pending) -> bool {
        loop {
            // Naked singles first: only cells that just narrowed can be.
            // Filled cells are dropped with one mask, not a shifted bit
            // test per cell (docs/decisions/bitsets-backend.md).
            loop {
                let live = pending.narrowed & board.open;
                if live == 0 {
                    break;
                }
                let cell = first_cell(live);
                pending.narrowed = live & (live - 1);
                let digits = board.digits[cell];
                if digits == 0 {
                    return false;
                }
                let bit = live & live.wrapping_neg();
                self.select(board, cell, bit, digits.trailing_zeros() as usize, pending);
            }
            // Then one digit's pending units; a hidden single found there
            // may narrow cells, so go round again.
            if pending.digits == 0 {
                return true;
            }
            let d = pending.digits.trailing_zeros() as usize;
            pending.digits &= pending.digits - 1;
            let mut units = std::mem::take(&mut pending.units[d]) & board.missing[d];
            while units != 0 {
                let k = units.trailing_zeros() as usize;
                units &= units - 1;
                let places = board.candidates[d] & self.units[k];
                if places & places.wrapping_sub(1) == 0 {
                    if places == 0 {
                        return false;
                    }
                    if places & board.open != 0 {
                        self.select(board, first_cell(places), places, d, pending);
                        units |= std::mem::take(&mut pending.units[d]) & board.missing[d];
                        pending.digits &= !(1 << d);
                    }
                }
            }
        }
    }

    /// The digits of a complete board, row-major and 1-based, into `out`.
    pub(crate) fn write_digits(&self, board: &Board, out: &mut [u8]) {
        for (d, &set) in board.candidates[..self.size].iter().enumerate() {
            let digit = u8::try_from(d + 1).unwrap_or(u8::MAX);
            let mut cells = set;
            while cells != 0 {
                let cell = first_cell(cells);
                cells &= cells - 1;
                if let Some(slot) = out.get_mut(cell) {
                    *slot = digit;
                }
            }
        }
    }
}

/// The cells with at least two candidates.
fn cells_with_two_or_more(board: &Board) -> u128 {
    let (mut ones, mut twos) = (0u128, 0u128);
    for &set in &board.candidates {
        twos |= ones & set;
        ones |= set;
    }
    twos
}

/// The low and high 64 cells of a mask, for loops over its cells: a
/// `u64`'s lowest bit is found and cleared in one instruction each, a
/// `u128`'s in several.
#[inline]
#[allow(clippy::cast_possible_truncation)] // the low half, on purpose
fn halves(mask: u128) -> [u64; 2] {
    [mask as u64, (mask >> 64) as u64]
}

/// The lowest cell of a non-empty mask.
#[inline]
fn first_cell(mask: u128) -> usize {
    mask.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use dlx_engine::SplitMix64;

    use super::*;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn bit_rules(rules: &Rules) -> BitRules {
        BitRules::new(&Geometry::new(rules)).unwrap()
    }

    /// A complete grid of `bits`, drawn with `rng`.
    fn random_grid(bits: &BitRules, rng: &mut SplitMix64) -> Vec<u8> {
        let mut stats = Stats::default();
        let Start::Board(board) = bits.start(&vec![0; bits.cells], &mut stats) else {
            panic!("an empty board has no forced move");
        };
        let mut grid = vec![0; bits.cells];
        let unlimited = Limit::of(Budget::UNLIMITED);
        let _ = bits.search(
            &mut Vec::new(),
            &board,
            &mut Shuffled(rng),
            unlimited,
            &mut stats,
            &mut |b| {
                bits.write_digits(b, &mut grid);
                ControlFlow::Break(())
            },
        );
        grid
    }

    /// The open cells with the fewest candidates, by counting each cell's.
    fn fewest_by_counting(board: &Board) -> u128 {
        let open = (0..MAX_CELLS).filter(|&c| board.open & (1 << c) != 0);
        let count = |c: usize| board.digits[c].count_ones();
        let fewest = open.clone().map(count).min().unwrap_or(0);
        open.filter(|&c| count(c) == fewest)
            .fold(0, |m, c| m | 1 << c)
    }

    #[test]
    fn fewest_candidates_agrees_with_counting() {
        let mut rng = SplitMix64::new(5);
        for n in [4, 6, 8, 9, 10] {
            let rules = Rules::new(Shape::from_size(n).unwrap());
            let bits = bit_rules(&rules);
            let grid = random_grid(&bits, &mut rng);
            // Boards of givens drawn from the grid, each after its forced
            // moves: the sparse ones have no bivalue cell.
            for keep in [0, 1, 1, 2, 2, 3, 4, 6] {
                let givens: Vec<u8> = grid
                    .iter()
                    .map(|&d| if rng.below(10) < keep { d } else { 0 })
                    .collect();
                if let Start::Board(board) = bits.start(&givens, &mut Stats::default())
                    && board.open != 0
                {
                    assert_eq!(
                        bits.fewest_candidates(&board),
                        fewest_by_counting(&board),
                        "{n}x{n}: {givens:?}"
                    );
                }
            }
        }
    }

    /// [`BitRules::start`] the slow way: each given selected in turn.
    fn start_by_selecting(bits: &BitRules, digits: &[u8]) -> Start {
        let mut board = bits.empty_board();
        let mut pending = Pending::default();
        for (cell, &digit) in digits.iter().enumerate() {
            if digit != 0 {
                let d = usize::from(digit - 1);
                if d >= bits.size || board.candidates[d] & (1 << cell) == 0 {
                    return Start::Clash;
                }
                bits.select(&mut board, cell, 1 << cell, d, &mut pending);
            }
        }
        if bits.propagate(&mut board, &mut pending) {
            Start::Board(board)
        } else {
            Start::DeadEnd
        }
    }

    #[test]
    fn start_leaves_the_board_that_selecting_each_given_does() {
        let mut rng = SplitMix64::new(8);
        let x = crate::Variants {
            x: true,
            anti_king: true,
            ..crate::Variants::NONE
        };
        for rules in [4, 6, 9, 10]
            .map(|n| Rules::new(Shape::from_size(n).unwrap()))
            .into_iter()
            .chain([Rules::classic().with_variants(x)])
        {
            let bits = bit_rules(&rules);
            let n = u32::try_from(bits.size).unwrap();
            let grid = random_grid(&bits, &mut rng);
            for round in 0..200 {
                // Sparse random givens (clashes and open boards), and givens
                // from a grid (boards, solved ones), one of them sometimes
                // changed (clashes and dead ends).
                let mut givens: Vec<u8> = if round % 2 == 0 {
                    (0..bits.cells)
                        .map(|_| match rng.below(10 + round % 30) {
                            0 => u8::try_from(1 + rng.below(n)).unwrap(),
                            _ => 0,
                        })
                        .collect()
                } else {
                    let keep = 2 + round % 6;
                    grid.iter()
                        .map(|&d| if rng.below(10) < keep { d } else { 0 })
                        .collect()
                };
                if round % 4 == 1 {
                    let cell = rng.below(u32::try_from(bits.cells).unwrap()) as usize;
                    givens[cell] = u8::try_from(1 + rng.below(n)).unwrap();
                }
                let mut stats = Stats::default();
                let fast = bits.start(&givens, &mut stats);
                let slow = start_by_selecting(&bits, &givens);
                match (fast, slow) {
                    (Start::Board(a), Start::Board(b)) => assert_eq!(a, b, "{givens:?}"),
                    (Start::DeadEnd, Start::DeadEnd) | (Start::Clash, Start::Clash) => {}
                    (a, b) => panic!("{givens:?}: {a:?} against {b:?}"),
                }
            }
        }
    }
}
