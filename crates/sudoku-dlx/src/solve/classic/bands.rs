//! The board of the classic counter ([`classic`](crate::solve::classic)):
//! plain 9x9 Sudoku in JCZSolve's band form, with its forced moves.
//!
//! The representation and the propagation follow JCZSolve, the solver by
//! "zhouyundong" and "JasonLion" of the enjoysudoku forum, as tdoku
//! (Tom Dillon, BSD-2) benchmarks and describes it; this is our own code.
//!
//! # The form
//!
//! A band is three rows of the grid. For each digit `d` and band `b`,
//! `cells[3 * d + b]` is a 27-bit word of the band's cells where `d` may
//! still go, bit `9 * r + c` for row `r` of the band and column `c`. One
//! digit in one band is then a small, closed problem: its three rows must
//! take the digit once each, in three different boxes. Which boxes each row
//! can still use is 9 bits (3 rows x 3 boxes), and one lookup in a table of
//! the 512 such patterns keeps only the row-box pairs that some assignment
//! of rows to distinct boxes uses ([`SUPPORT`]): a row left with no box, or
//! a box no row can take, empties the word. That lookup is the row rule, the
//! box rule and their interactions (pointing and claiming) within the band
//! at once; a row left with one cell places the digit there, which then
//! leaves that cell for every other digit, and a box whose cells for the
//! digit lie in one column (a placed digit's box among them) takes the
//! digit out of that column in its other two bands ([`POINTED`]). Cells
//! with one digit left (naked singles) are found with bit-sliced counts
//! over the nine words of a band. Hidden singles in columns are looked for
//! on the givens' board only ([`Board::settle_givens`]): deeper, they cost
//! more than they save (docs/decisions/band-board.md).

/// All 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The boxes a 9-bit row of a band has cells in: bit `k` for box `k`.
const fn boxes_of_row(row: u32) -> u32 {
    let mut boxes = 0;
    let mut k = 0;
    while k < 3 {
        if (row >> (3 * k)) & 7 != 0 {
            boxes |= 1 << k;
        }
        k += 1;
    }
    boxes
}

/// What a per-row table ([`row_table`]) gives for a 9-bit row of a band.
#[derive(Clone, Copy)]
enum RowTable {
    /// [`boxes_of_row`], at bit `3 * r` for row `r`: a row-box pattern.
    Boxes,
    /// The row itself if it has exactly one cell, else 0, at bit `9 * r`
    /// for row `r`: in its place in the band word.
    Single,
}

/// `table[r][row]`: what `kind` gives for every 9-bit row, for row `r` of
/// a band, shifted to its place. Shifted here rather than after the
/// lookup: the lookups ([`rows_of`]) are the innermost work of the search.
const fn row_table(kind: RowTable) -> [[u32; 512]; 3] {
    let mut table = [[0; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut row = 0u32;
        while row < 512 {
            table[r][row as usize] = match kind {
                RowTable::Boxes => boxes_of_row(row) << (3 * r),
                RowTable::Single if row != 0 && row & (row - 1) == 0 => row << (9 * r),
                RowTable::Single => 0,
            };
            row += 1;
        }
        r += 1;
    }
    table
}

/// `table`'s entries for the three rows of the band word `word`, or'ed.
#[inline]
fn rows_of(table: &[[u32; 512]; 3], word: u32) -> u32 {
    table[0][(word & 0x1ff) as usize]
        | table[1][((word >> 9) & 0x1ff) as usize]
        | table[2][(word >> 18) as usize]
}

/// `SHRINK[r][row]`: [`boxes_of_row`] of every 9-bit row, for row `r` of
/// a band, at bit `3 * r`.
const SHRINK: [[u32; 512]; 3] = row_table(RowTable::Boxes);

/// The row-box pattern of a band word: bit `3 * r + k` if row `r` has a
/// cell in box `k`.
#[inline]
fn pattern(word: u32) -> usize {
    rows_of(&SHRINK, word) as usize
}

/// The six ways three rows can take three different boxes: box of row 0,
/// row 1, row 2.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 9-bit pattern of the boxes each row can use (bit `3 * r + k`: row
/// `r` in box `k`), the cells of the band in the row-box pairs some
/// permutation inside the pattern uses: 0 when none fits.
const SUPPORT: [u32; 512] = {
    let mut table = [0; 512];
    let mut pattern: usize = 0;
    while pattern < 512 {
        let mut cells: u32 = 0;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut pairs: usize = 0;
            let mut r = 0;
            while r < 3 {
                pairs |= 1 << (3 * r + perm[r]);
                r += 1;
            }
            if pattern & pairs == pairs {
                let mut r = 0;
                while r < 3 {
                    cells |= 7 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        table[pattern] = cells;
        pattern += 1;
    }
    table
};

/// `SINGLE[r][row]`: a 9-bit row itself, in its place as row `r` of a
/// band, if it has exactly one cell, else 0.
const SINGLE: [[u32; 512]; 3] = row_table(RowTable::Single);

/// For a 9-bit set of the columns a digit has cells in within a band, the
/// columns that are the only one of their box: the digit is in that
/// column of this band, so not in the column's other two bands.
const POINTED: [u32; 512] = {
    let mut table = [0; 512];
    let mut cols = 0u32;
    while cols < 512 {
        let mut pointed = 0;
        let mut k = 0;
        while k < 3 {
            let triple = (cols >> (3 * k)) & 7;
            if triple != 0 && triple & (triple - 1) == 0 {
                pointed |= triple << (3 * k);
            }
            k += 1;
        }
        table[cols as usize] = pointed;
        cols += 1;
    }
    table
};

/// For each cell of a band (bit index), the other cells of the band that
/// see it: its row, its box and its column.
const PEERS: [u32; 27] = {
    let mut table = [0; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut peers = 0;
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                peers |= 1 << j;
            }
            j += 1;
        }
        table[i] = peers;
        i += 1;
    }
    table
};

/// The columns a band word has cells in, as a 9-bit set.
#[inline]
pub(crate) fn columns(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1ff
}

/// A 9-bit set of columns, in all three rows of a band.
#[inline]
pub(crate) fn in_every_row(columns: u32) -> u32 {
    columns * 0x40201
}

/// A plain 9x9 board in band form, with the forced moves of
/// [`settle`](Self::settle). Copied whole per level of the search: 232
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// `cells[3 * d + b]`: the cells of band `b` where digit `d + 1` may
    /// go. A placed digit is the only bit of its cell across the nine
    /// words of its band.
    cells: [u32; 27],
    /// `seen[i]` is `cells[i]` as the last look at it left it: a word
    /// that differs has lost cells since and is looked at again.
    seen: [u32; 27],
    /// The cells of each band with no digit placed yet.
    open: [u32; 3],
    /// The open cells of each band with two digits left, as the last
    /// look for naked singles found them: once [`settle`](Self::settle)
    /// has ended, those of the settled board, which
    /// [`branch`](Self::branch) then need not count again (docs/decisions/band-board.md).
    pairs: [u32; 3],
}

/// The cell to branch on: its band, its bit in the band and its digits
/// (bit `d` for digit `d + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Branch {
    /// The band, 0 to 2.
    pub(crate) band: usize,
    /// The cell's bit in the band's words.
    pub(crate) bit: u32,
    /// The cell's digits left, bit `d` for digit `d + 1`.
    pub(crate) digits: u32,
}

impl Board {
    /// The board of `digits` (81 row-major digits, 0 for blank, 1 to 9),
    /// before any forced move: `None` if two givens see each other with
    /// the same digit (or a digit is out of range), which the general
    /// path then names.
    pub(crate) fn new(digits: &[u8]) -> Option<Board> {
        if digits.len() != 81 {
            return None;
        }
        // The words are made once from what the givens take out, rather
        // than by placing the givens one by one (a quarter of a 17-clue
        // puzzle's search went to those placements).
        let mut given = [0u32; 27];
        let mut seen_by = [0u32; 27];
        let mut filled = [0u32; 3];
        for (index, &digit) in digits.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if digit > 9 {
                return None;
            }
            let d = usize::from(digit - 1);
            let (band, bit) = (index / 27, 1u32 << (index % 27));
            // A given that an equal one sees.
            if seen_by[3 * d + band] & bit != 0 {
                return None;
            }
            given[3 * d + band] |= bit;
            seen_by[3 * d + band] |= PEERS[index % 27];
            let column = in_every_row(columns(bit));
            seen_by[3 * d + (band + 1) % 3] |= column;
            seen_by[3 * d + (band + 2) % 3] |= column;
            filled[band] |= bit;
        }
        Some(Board::from_words(&given, &seen_by, &filled))
    }

    /// The board of givens that do not clash, before any forced move, from
    /// their words: `given[3 * d + b]` the cells of band `b` given digit
    /// `d + 1`, `seen_by` the cells each such digit's givens see (in the
    /// same layout) and `filled` each band's given cells.
    pub(crate) fn from_words(given: &[u32; 27], seen_by: &[u32; 27], filled: &[u32; 3]) -> Board {
        // Digit by digit, band by band: no `i % 3` per word, and three
        // words at a time (`i % 3` and the indexing cost ~30 instructions
        // a word, docs/decisions/band-board.md).
        let mut cells = [0u32; 27];
        let open = filled.map(|f| BAND & !f);
        for ((word, seen), given) in cells
            .chunks_exact_mut(3)
            .zip(seen_by.chunks_exact(3))
            .zip(given.chunks_exact(3))
        {
            for b in 0..3 {
                word[b] = (open[b] & !seen[b]) | given[b];
            }
        }
        Board {
            cells,
            // Unlike any word, so that the first look takes in every one
            // (a word the givens emptied included).
            seen: [u32::MAX; 27],
            open,
            pairs: [0; 3],
        }
    }

    /// Whether every cell has its digit.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Places digit `d + 1` in the cell `bit` of `band` (where it must be
    /// a candidate): it leaves the cell's peers in its band's word. The
    /// rest is left to the next look at that word, which
    /// [`settle`](Self::settle) always takes, as the word has changed: the
    /// cell is then the only one of its row, a row single, which takes
    /// the cell from every other digit and from the open cells, and its
    /// box's one column, which takes the digit out of the column in the
    /// other bands. So a naked single (whose other digits are gone
    /// already) costs one word, not twelve (docs/decisions/band-board.md), as in the
    /// peer's JCZSolve.
    #[inline]
    pub(crate) fn place(&mut self, d: usize, band: usize, bit: u32) {
        self.cells[3 * d + band] &= !PEERS[bit.trailing_zeros() as usize];
    }

    /// Takes digit `d + 1` out of the cell `bit` of `band`.
    #[inline]
    pub(crate) fn exclude(&mut self, d: usize, band: usize, bit: u32) {
        self.cells[3 * d + band] &= !bit;
    }

    /// Looks again at digit `d + 1` in `band`: keeps the row-box pairs of
    /// [`SUPPORT`] and places the digit in each row left with one cell.
    /// `false` at a dead end. Adds the digits placed to `placed`: every
    /// placement, forced or a branch's, is counted here, where its row
    /// single is found ([`place`](Self::place) only starts it).
    #[inline(always)]
    fn update(&mut self, d: usize, band: usize, placed: &mut u64) -> bool {
        let i = 3 * d + band;
        let word = self.cells[i];
        let word = word & SUPPORT[pattern(word)];
        if word == 0 {
            return false;
        }
        self.seen[i] = word;
        let singles = rows_of(&SINGLE, word) & self.open[band];
        if singles != 0 {
            *placed += u64::from(singles.count_ones());
            self.open[band] &= !singles;
            for e in 0..9 {
                self.cells[3 * e + band] &= !singles;
            }
        }
        // A box whose cells for the digit are in one column holds the
        // digit in that column (a placed digit's box among them).
        let pointed = in_every_row(POINTED[columns(word) as usize]);
        self.cells[3 * d + (band + 1) % 3] &= !pointed;
        self.cells[3 * d + (band + 2) % 3] &= !pointed;
        self.cells[i] = word;
        true
    }

    /// Looks at every word that changed until none does: `false` at a
    /// dead end.
    #[inline]
    fn update_all(&mut self, placed: &mut u64) -> bool {
        // Written out for each of the 27 words, so that each look's digit,
        // band and neighbouring words are constants (docs/decisions/band-board.md). Band
        // by band: a band's row singles change that band's words, looked
        // at next in the same pass, where digit by digit most would wait
        // for the next pass (docs/decisions/band-board.md: 2-4% fewer instructions; any order
        // reaches the same board, or a dead end, as each rule only takes
        // out what a smaller board would take out too).
        macro_rules! look {
            ($changed:ident; $($i:literal)*) => {
                $(
                    if self.cells[$i] != self.seen[$i] {
                        $changed = true;
                        if !self.update($i / 3, $i % 3, placed) {
                            return false;
                        }
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            look!(changed;
                0 3 6 9 12 15 18 21 24 1 4 7 10 13 16 19 22 25 2 5 8 11 14 17 20 23 26
            );
            if !changed {
                return true;
            }
        }
    }

    /// Places each digit in the columns where it has one cell left
    /// (hidden singles in columns, which the bands alone do not see):
    /// `None` at a dead end (a column with no cell for a digit), else
    /// whether any was placed.
    fn column_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for d in 0..9 {
            let bands = [
                self.cells[3 * d],
                self.cells[3 * d + 1],
                self.cells[3 * d + 2],
            ];
            let [c0, c1, c2] = bands.map(columns);
            if c0 | c1 | c2 != 0x1ff {
                return None;
            }
            let twice = (c0 & c1) | (c0 & c2) | (c1 & c2);
            for (band, &word) in bands.iter().enumerate() {
                let only_here = columns(word) & !twice;
                if only_here == 0 {
                    continue;
                }
                let (r0, r1, r2) = (word & 0x1ff, (word >> 9) & 0x1ff, word >> 18);
                let one_row = (r0 ^ r1 ^ r2) & !((r0 & r1) | (r0 & r2) | (r1 & r2));
                let mut singles = word & in_every_row(only_here & one_row) & self.open[band];
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // An earlier single of this pass may have taken the
                    // cell or the digit's place; the next look finds the
                    // dead end that leaves.
                    if self.cells[3 * d + band] & bit != 0 && self.open[band] & bit != 0 {
                        self.place(d, band, bit);
                        any = true;
                    }
                }
            }
        }
        Some(any)
    }

    /// The cells of band `band` with at least one, two and three digits
    /// left, as three band words.
    #[inline(always)]
    fn digit_counts(&self, band: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for d in 0..9 {
            let word = self.cells[3 * d + band];
            three |= two & word;
            two |= one & word;
            one |= word;
        }
        (one, two, three)
    }

    /// Places the naked singles of every band (cells with one digit
    /// left): `None` at a dead end (an open cell with no digit), else
    /// whether any was placed.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                self.pairs[band] = 0;
                continue;
            }
            let (one, two, three) = self.digit_counts(band);
            if open & !one != 0 {
                return None;
            }
            self.pairs[band] = open & two & !three;
            let mut singles = open & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // A single placed before this one may have taken its
                // digit: then the cell is empty, a dead end the next
                // look finds.
                if let Some(d) = (0..9).find(|&d| self.cells[3 * d + band] & bit != 0) {
                    self.place(d, band, bit);
                    any = true;
                }
            }
        }
        Some(any)
    }

    /// Takes every forced move: `false` at a dead end. `placed` grows by
    /// the digits placed.
    pub(crate) fn settle(&mut self, placed: &mut u64) -> bool {
        loop {
            if !self.update_all(placed) {
                return false;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// [`settle`](Self::settle), with hidden singles in columns as well:
    /// for the givens, where they place many digits at once.
    pub(crate) fn settle_givens(&mut self, placed: &mut u64) -> bool {
        loop {
            if !self.settle(placed) {
                return false;
            }
            match self.column_singles() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// The cell to branch on in a settled board that is not solved: the
    /// first cell with two digits, else the first with the fewest.
    pub(crate) fn branch(&self) -> Branch {
        for band in 0..3 {
            let pairs = self.pairs[band];
            if pairs != 0 {
                return self.branch_at(band, pairs & pairs.wrapping_neg());
            }
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                continue;
            }
            let (_, two, three) = self.digit_counts(band);
            let pairs = open & two & !three;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return self.branch_at(band, bit);
            }
            let mut rest = open;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let n = self.digits_at(band, bit).count_ones();
                if best.is_none_or(|(m, _, _)| n < m) {
                    best = Some((n, band, bit));
                }
            }
        }
        let (_, band, bit) = best.unwrap_or((0, 0, 1));
        self.branch_at(band, bit)
    }

    /// The digits left in the cell `bit` of `band`, bit `d` for `d + 1`.
    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        (0..9)
            .filter(|&d| self.cells[3 * d + band] & bit != 0)
            .fold(0, |acc, d| acc | 1 << d)
    }

    /// The branch on the cell `bit` of `band`.
    fn branch_at(&self, band: usize, bit: u32) -> Branch {
        Branch {
            band,
            bit,
            digits: self.digits_at(band, bit),
        }
    }

    /// The digits of a solved board, row-major, 1 to 9, into `out` (81):
    /// what tests check a solution with.
    #[cfg(test)]
    pub(crate) fn write_digits(&self, out: &mut [u8]) {
        for (index, slot) in out.iter_mut().enumerate().take(81) {
            let (band, bit) = (index / 27, 1 << (index % 27));
            *slot = (1..=9u8)
                .find(|&digit| self.cells[3 * usize::from(digit - 1) + band] & bit != 0)
                .unwrap_or(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The support of a pattern is made of whole permutations: taking it
    /// again changes nothing, and a full pattern keeps every cell.
    #[test]
    fn support_is_idempotent() {
        assert_eq!(SUPPORT[511], BAND);
        for (pattern, &cells) in SUPPORT.iter().enumerate() {
            assert_eq!(SUPPORT[super::pattern(cells)], cells, "{pattern:09b}");
            // A pattern with an empty row has no support.
            if (0..3).any(|r| (pattern >> (3 * r)) & 7 == 0) {
                assert_eq!(cells, 0);
            }
        }
    }

    /// Each cell of a band sees 14 others there: 8 in its row and 6 in
    /// its box's other rows (which hold its column's other cells).
    #[test]
    fn peers_in_a_band() {
        for (i, peers) in PEERS.iter().enumerate() {
            assert_eq!(peers.count_ones(), 8 + 6, "cell {i}");
            assert_eq!(peers & (1 << i), 0);
        }
    }
}
