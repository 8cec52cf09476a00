//! The classic 9x9 board in bands: the search of `bitboard.rs` for the one
//! grid most puzzles are, with its candidates laid out so that the forced
//! moves are found by word operations over whole rows, boxes and columns.
//!
//! The layout is JCZSolve's (Jean-Christophe Zerbib's solver, as described
//! and published under the BSD-2 licence in Tom Dillon's tdoku,
//! <https://t-dillon.github.io/tdoku/>, src/solver_jczsolve.cc): per digit,
//! one 27-bit word per band of three rows, bit `9 * row + column` within
//! the band. A row is then nine adjacent bits, a box three groups of three,
//! a column the same bit of every row of the three bands, and no per-cell
//! digit mask is kept up to date: a cell's digits are read across the nine
//! digits' words when needed, as a bit-sliced count for the naked singles
//! and the branch cell.
//!
//! What is taken from JCZSolve is the representation only; the propagation
//! is this crate's own, and deliberately the same as the general board's:
//! naked singles and hidden singles in rows, columns and boxes, taken until
//! none is left (no locked candidates), then a branch on the first cell
//! with the fewest candidates, digits smallest first. Singles reach the
//! same fixed point in any order, so a search here branches exactly as the
//! general board's does and finds the same solutions in the same order;
//! only the statistics of dead ends (found at a different moment) can
//! differ. `tests` hold it to the general board and the checker.

use std::ops::ControlFlow;

use dlx::Stats;

use crate::model::geometry::Geometry;
use crate::solve::bitboard::{Limit, Stop};

/// Cells on the board.
pub(crate) const CELLS: usize = 81;

/// The nine bits of a row within a band word.
const ROW: u32 = 0x1ff;

/// The lowest bit of each box's three columns in a row: bits 0, 3 and 6.
const BOX_LOWS: u32 = 0o111;

/// The lowest bit of every three columns of a band: [`BOX_LOWS`] per row.
const THIRD_LOWS: u32 = 0o111_111_111;

/// The lowest bit of each row of a band.
const ROW_LOWS: u32 = 1 | 1 << 9 | 1 << 18;

/// Which digits lost places in which bands since their units were last
/// looked at: bit `3 * d + b` for digit d + 1 in band b. Only there can a
/// hidden single or a row or box without a place appear (a column, which
/// crosses the bands, is looked at whenever its digit is).
type Lost = u32;

/// Every digit in every band.
const ALL_LOST: Lost = (1 << 27) - 1;

/// `SPREAD[m]`: the digits of `m` (bit d for digit d + 1) as [`Lost`] in
/// band 0 (bit `3 * d`).
static SPREAD: [Lost; 512] = spread_table();

/// [`SPREAD`], made at compile time.
const fn spread_table() -> [Lost; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m >> d & 1 != 0 {
                table[m] |= 1 << (3 * d);
            }
            d += 1;
        }
        m += 1;
    }
    table
}

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;

/// The candidates of one board, per band and digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BandBoard {
    /// `bands[b][d]`: bit `9 * r + c` set while digit d + 1 may go in row
    /// `3 * b + r`, column c. A filled cell keeps its own digit's bit
    /// alone, so a unit's places for a digit include the cell holding it.
    /// Band-major, so that a cell's nine digits are one run of words.
    bands: [[u32; 9]; 3],
    /// The cells not yet filled, per band.
    open: [u32; 3],
}

/// A puzzle's givens on a band board.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BandStart {
    /// The givens and their forced moves, ready to search.
    Board(BandBoard),
    /// The forced moves reach a cell or unit with no place: no solution.
    DeadEnd,
    /// Two givens break a rule, or a given is out of range.
    Clash,
}

/// `PEERS[c]`: the cells sharing a row, column or box with cell c, without
/// c, per band.
static PEERS: [[u32; 3]; CELLS] = peer_table();

/// [`PEERS`], made at compile time.
const fn peer_table() -> [[u32; 3]; CELLS] {
    let mut table = [[0; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut p = 0;
        while p < CELLS {
            let (r, k, s, l) = (c / 9, c % 9, p / 9, p % 9);
            let same_box = r / 3 == s / 3 && k / 3 == l / 3;
            if p != c && (r == s || k == l || same_box) {
                table[c][p / 27] |= 1 << (p % 27);
            }
            p += 1;
        }
        c += 1;
    }
    table
}

/// Whether `geometry` is the plain 9x9 grid's (rows, columns and 3x3
/// boxes, no variant): 81 cells, 27 units, and each cell's peers those of
/// [`PEERS`]. A jigsaw's regions or a variant's extra units and neighbours
/// change some cell's peers.
pub(crate) fn fits(geometry: &Geometry) -> bool {
    geometry.shape().cell_count() == CELLS
        && geometry.shape().size() == 9
        && geometry.unit_count() == 27
        && (0..CELLS).all(|c| {
            let mut peers = [0u32; 3];
            for &p in geometry.peers(c) {
                let (b, bit) = locate(p);
                peers[b] |= bit;
            }
            peers == PEERS[c]
        })
}

/// The band and the bit within it of cell `c` (below [`CELLS`]).
#[inline]
fn locate(c: usize) -> (usize, u32) {
    (c / 27, 1 << (c % 27))
}

/// The cell of the lowest bit of `bits`, a non-empty mask of band `b`.
#[inline]
fn cell_of(b: usize, bits: u32) -> usize {
    27 * b + bits.trailing_zeros() as usize
}

/// A column mask (nine bits) repeated over the three rows of a band.
#[inline]
fn columns_in_band(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// Every `ROW`-wide field of `word` that is zero, as all ones, the other
/// fields as zeros (for three rows of a band).
#[inline]
fn zero_rows(word: u32) -> u32 {
    let mut mask = 0;
    for r in 0..3 {
        let field = ROW << (9 * r);
        mask |= u32::from(word & field == 0).wrapping_neg() & field;
    }
    mask
}

impl BandBoard {
    /// The board with `digits` (81 cells, row-major, 0 for empty) filled
    /// in and every forced move taken; `placed` counts the digits placed,
    /// givens included.
    pub(crate) fn start(digits: &[u8], placed: &mut u64) -> BandStart {
        if digits.len() != CELLS {
            return BandStart::Clash;
        }
        // The givens all at once: per digit, its cells and the cells they
        // see, as the general board's start does.
        let mut givens = [[0u32; 3]; 9];
        let mut seen = [[0u32; 3]; 9];
        let mut filled = [0u32; 3];
        for (c, &digit) in digits.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let d = usize::from(digit - 1);
            let (b, bit) = locate(c);
            if d >= 9 || seen[d][b] & bit != 0 {
                return BandStart::Clash;
            }
            givens[d][b] |= bit;
            filled[b] |= bit;
            for (s, p) in seen[d].iter_mut().zip(PEERS[c]) {
                *s |= p;
            }
            *placed += 1;
        }
        let open = filled.map(|f| BAND & !f);
        let mut board = BandBoard {
            bands: [[0; 9]; 3],
            open,
        };
        for d in 0..9 {
            for b in 0..3 {
                board.bands[b][d] = givens[d][b] | (open[b] & !seen[d][b]);
            }
        }
        if board.propagate(ALL_LOST, placed) {
            BandStart::Board(board)
        } else {
            BandStart::DeadEnd
        }
    }

    /// Whether every cell is filled: the board is a solution.
    pub(crate) fn is_complete(&self) -> bool {
        self.open == [0; 3]
    }

    /// Puts digit `d + 1` (a candidate) in open cell `c`: the cell leaves
    /// every other digit and its peers leave `d`. Returns where digits
    /// lost places.
    #[inline]
    fn select(&mut self, c: usize, d: usize) -> Lost {
        let (b, bit) = locate(c);
        let shift = c % 27;
        let mut digits = 0;
        for (e, digit) in self.bands[b].iter_mut().enumerate() {
            digits |= ((*digit >> shift) & 1) << e;
            *digit &= !bit;
        }
        let mut lost = SPREAD[digits as usize & 511] << b;
        for (k, (band, peers)) in self.bands.iter_mut().zip(PEERS[c]).enumerate() {
            lost |= Lost::from(band[d] & peers != 0) << (3 * d + k);
            band[d] &= !peers;
        }
        self.bands[b][d] |= bit;
        self.open[b] &= !bit;
        lost
    }

    /// Takes naked singles until none is left, adding to `lost` where
    /// digits lost places; `false` at an open cell without a candidate.
    fn naked_singles(&mut self, lost: &mut Lost, placed: &mut u64) -> bool {
        loop {
            let mut any = false;
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    continue;
                }
                let (mut ones, mut twos) = (0, 0);
                for &digit in &self.bands[b] {
                    twos |= ones & digit;
                    ones |= digit;
                }
                if open & !ones != 0 {
                    return false;
                }
                let mut singles = open & !twos;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // A single placed before may have taken this one's digit.
                    let Some(d) = (0..9).find(|&d| self.bands[b][d] & bit != 0) else {
                        return false;
                    };
                    *lost |= self.select(cell_of(b, bit), d);
                    *placed += 1;
                    any = true;
                }
            }
            if !any {
                return true;
            }
        }
    }

    /// The open cells that are the only place for digit `d` in a column,
    /// or in a row or box of the `bands` (bit b for band b), per band;
    /// `None` if one of those units has no place for it.
    #[inline]
    fn hidden_singles(&self, d: usize, bands: u32) -> Option<[u32; 3]> {
        let words = self.bands.map(|band| band[d]);
        let mut singles = [0; 3];
        let (mut column_ones, mut column_twos) = (0, 0);
        for (b, &w) in words.iter().enumerate() {
            let (r0, r1, r2) = (w & ROW, (w >> 9) & ROW, w >> 18);
            let ones = r0 | r1 | r2;
            column_twos |= r0 & r1 | r0 & r2 | r1 & r2 | column_ones & ones;
            column_ones |= ones;
            if bands & 1 << b == 0 {
                continue;
            }
            if zero_rows(w) != 0 {
                return None;
            }
            // Every row has a place, so taking one from each borrows
            // nothing from the next: a row is single where the result is 0.
            let mut found = w & zero_rows(w & w.wrapping_sub(ROW_LOWS));
            // Per three columns of a row, whether they hold a place and
            // whether two or more; then per box, over its three rows.
            let (x, y, z) = (w, w >> 1, w >> 2);
            let ones = (x | y | z) & THIRD_LOWS;
            let twos = (x & y | x & z | y & z) & THIRD_LOWS;
            let (o0, o1, o2) = (ones & BOX_LOWS, (ones >> 9) & BOX_LOWS, ones >> 18);
            let box_ones = o0 | o1 | o2;
            if box_ones != BOX_LOWS {
                return None;
            }
            let box_twos = (twos | twos >> 9 | twos >> 18) & BOX_LOWS | o0 & o1 | o0 & o2 | o1 & o2;
            found |= w & columns_in_band((box_ones & !box_twos) * 0b111);
            singles[b] = found;
        }
        if column_ones != ROW {
            return None;
        }
        let columns = columns_in_band(column_ones & !column_twos);
        for b in 0..3 {
            singles[b] = (singles[b] | words[b] & columns) & self.open[b];
        }
        Some(singles)
    }

    /// Takes forced moves until there are none, looking for hidden singles
    /// where `lost` says digits lost places; `false` at a dead end (a cell
    /// with no candidate, or a unit without a place for a digit).
    fn propagate(&mut self, mut lost: Lost, placed: &mut u64) -> bool {
        loop {
            if !self.naked_singles(&mut lost, placed) {
                return false;
            }
            if lost == 0 {
                return true;
            }
            while lost != 0 {
                let d = lost.trailing_zeros() as usize / 3;
                let bands = (lost >> (3 * d)) & 0b111;
                lost &= !(0b111 << (3 * d));
                let Some(singles) = self.hidden_singles(d, bands) else {
                    return false;
                };
                for (b, mut cells) in singles.into_iter().enumerate() {
                    while cells != 0 {
                        let bit = cells & cells.wrapping_neg();
                        cells ^= bit;
                        // Another single of `d` placed before may have
                        // taken this place; `d` is looked at again, and
                        // its unit found empty.
                        if self.bands[b][d] & self.open[b] & bit != 0 {
                            lost |= self.select(cell_of(b, bit), d);
                            *placed += 1;
                        }
                    }
                }
            }
        }
    }

    /// The cell to branch on (the board is not complete): the first open
    /// cell with two candidates, else the first with the fewest, as the
    /// general board's fixed order picks.
    fn branch_cell(&self) -> usize {
        // Per band, each cell's candidate count in binary, one plane per
        // bit (a ripple-carry adder on whole words).
        let mut planes = [[0u32; 4]; 3];
        for (band, band_planes) in self.bands.iter().zip(&mut planes) {
            for &digit in band {
                let mut carry = digit;
                for plane in band_planes.iter_mut() {
                    let sum = *plane ^ carry;
                    carry &= *plane;
                    *plane = sum;
                }
            }
        }
        // After the forced moves every open cell has two or more: keep the
        // open cells whose count is smallest, top bit first.
        let mut fewest = self.open;
        for bit in (0..4).rev() {
            let below: [u32; 3] = std::array::from_fn(|b| fewest[b] & !planes[b][bit]);
            if below != [0; 3] {
                fewest = below;
            }
        }
        let b = fewest.iter().position(|&f| f != 0).unwrap_or(0);
        cell_of(b, fewest[b])
    }

    /// The digits cell `c` may hold (bit d for digit d + 1).
    fn digits_of(&self, c: usize) -> u16 {
        let (b, bit) = locate(c);
        (0..9).fold(0, |m, d| m | u16::from(self.bands[b][d] & bit != 0) << d)
    }

    /// Puts digit `d + 1` in `c` and takes the forced moves that follow;
    /// `false` at a dead end.
    fn place(&mut self, c: usize, d: usize, placed: &mut u64) -> bool {
        let lost = self.select(c, d);
        *placed += 1;
        self.propagate(lost, placed)
    }

    /// The digits of a complete board, row-major and 1-based, into `out`
    /// (81 cells).
    pub(crate) fn write_digits(&self, out: &mut [u8]) {
        for (b, band) in self.bands.iter().enumerate() {
            for (digit, &word) in (1u8..).zip(band) {
                let mut cells = word;
                while cells != 0 {
                    let c = cell_of(b, cells);
                    cells &= cells - 1;
                    if let Some(slot) = out.get_mut(c) {
                        *slot = digit;
                    }
                }
            }
        }
    }

    /// Searches every completion of this board in the fixed order, calling
    /// `visit` with each; stops when `visit` breaks or the search reaches
    /// `limit`. `stats` count as the general board's search does: a node
    /// is a board after its forced moves, an update a digit placed.
    pub(crate) fn search<F>(
        &self,
        limit: Limit,
        stats: &mut Stats,
        visit: &mut F,
    ) -> ControlFlow<Stop>
    where
        F: FnMut(&BandBoard) -> ControlFlow<()>,
    {
        // frames[..depth] is the path to the board to look at next; the
        // slots past it are reused (as in the general search).
        let mut frames: Vec<(BandBoard, usize, u16)> = Vec::with_capacity(16);
        frames.push((*self, 0, 0));
        let mut depth = 1;
        loop {
            if limit.reached(stats) {
                return ControlFlow::Break(Stop::Budget);
            }
            let level = depth - 1;
            stats.nodes += 1;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            let top = &mut frames[level];
            if top.0.is_complete() {
                stats.solutions += 1;
                if visit(&top.0).is_break() {
                    return ControlFlow::Break(Stop::Visitor);
                }
                depth -= 1;
            } else {
                top.1 = top.0.branch_cell();
                top.2 = top.0.digits_of(top.1);
            }
            // The next board: the next digit of the deepest open one that
            // survives its forced moves.
            loop {
                let Some(parent) = depth.checked_sub(1) else {
                    return ControlFlow::Continue(());
                };
                let (_, cell, untried) = frames[parent];
                if untried == 0 {
                    depth -= 1;
                    continue;
                }
                let d = untried.trailing_zeros() as usize;
                frames[parent].2 &= untried - 1;
                if frames.len() == depth {
                    frames.push(frames[parent]);
                } else {
                    frames[depth].0 = frames[parent].0;
                }
                if frames[depth].0.place(cell, d, &mut stats.updates) {
                    depth += 1;
                    break;
                }
            }
        }
    }

    /// Searches for a completion other than `solution` (81 digits), given
    /// that `solution` is the only completion agreeing with this board on
    /// `cells`: as the general board's `search_other`, one search per cell
    /// with its digit in `solution` excluded and the cells before it set.
    pub(crate) fn search_other(
        &self,
        solution: &[u8],
        cells: &[usize],
        limit: Limit,
        stats: &mut Stats,
    ) -> ControlFlow<Stop> {
        let mut agreed = *self;
        for &c in cells {
            if c >= CELLS {
                continue;
            }
            let (b, bit) = locate(c);
            if agreed.open[b] & bit == 0 {
                continue;
            }
            let d = usize::from(solution.get(c).map_or(0, |s| s.saturating_sub(1)));
            let mut other = agreed;
            other.bands[b][d] &= !bit;
            if other.propagate(1 << (3 * d + b), &mut stats.updates) {
                other.search(limit, stats, &mut |_| ControlFlow::Break(()))?;
            }
            if agreed.bands[b][d] & bit == 0 || !agreed.place(c, d, &mut stats.updates) {
                // Only if `solution` does not complete the board after all.
                break;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
#[path = "band_tests.rs"]
mod tests;
