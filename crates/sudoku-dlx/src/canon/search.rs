//! The branch-and-bound search for the canonical form.
//!
//! Rows are placed top to bottom: at each depth every input row that may
//! come next (the rest of the current band, or any row of a band not used
//! yet) is tried, and the row is written cell by cell, each cell as small
//! as the column arrangements still open allow ([`Layout`] keeps them as
//! blocks of interchangeable columns and stacks). A cell that reads larger
//! than the best form's cell at that place cuts off the row and everything
//! below it.
//!
//! Inside a block the smallest cell is a blank, then the smallest label,
//! then a digit not seen yet:
//!
//! - **Blanks** of a block all read 0, so they stay one (smaller) block,
//!   still interchangeable.
//! - **A labelled digit** is unique in its row: its column is fixed at the
//!   front of the block.
//! - **Digits not seen yet** get the next labels in the order of their
//!   columns, so every order reads the same here and they too stay one
//!   block. Their labels are *pending*: each follows the final position of
//!   the digit's first column (its anchor), and a later row that meets the
//!   digit moves the anchor to the front of its block, which gives the
//!   smallest label it can still get. This is what keeps a complete grid
//!   from branching over every order of its first row.
//!
//! Two cells of a block that read the same smallest label (two pending
//! digits anchored in one block) branch, and so does the choice of stack
//! for a slot whose candidates tie; stacks whose part of the row is blank
//! stay interchangeable. Every block keeps this invariant: the rows already
//! written read the same under any order of its columns (blanks read 0,
//! pending labels follow positions), so the blocks left at the end are
//! symmetries of the grid and any order of them gives the form.
//!
//! The best form so far is kept in an array; `less_depth` is the first cell
//! at which the current path is already smaller than the best (so nothing
//! below it can be cut), or [`EQUAL`].

use std::cmp::Ordering;

use crate::canon::labels::{Labels, Value};
use crate::canon::layout::{Layout, MAX_SIDE, MAX_STACKS, Sizes, low_bits, small};
use crate::model::shape::Shape;

/// `less_depth` when the current path equals the best so far.
const EQUAL: usize = usize::MAX;

/// A transformation that produces the best form found, as the search holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Found {
    /// Whether the input is transposed first.
    pub(super) transposed: bool,
    /// Output row -> input row (of the transposed input, if so).
    pub(super) rows: [u8; MAX_SIDE],
    /// Output column -> input column.
    pub(super) cols: [u8; MAX_SIDE],
    /// Input digit -> output digit, 0 for digits the grid does not hold.
    pub(super) labels: [u8; MAX_SIDE + 1],
}

/// The arrangement and labels being built.
#[derive(Clone, Copy, Debug)]
struct State {
    layout: Layout,
    labels: Labels,
}

/// The row being written.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Orientation: 0 as given, 1 transposed.
    o: usize,
    /// Output row.
    k: usize,
    /// Input rows placed, this one included.
    used: u64,
    /// The input row's digits, by input column.
    digits: [u8; MAX_SIDE],
    /// The input columns where the row has givens.
    mask: u64,
    /// How many givens the row has.
    givens: usize,
}

/// The search's working memory, reused from one grid to the next.
#[derive(Clone, Debug)]
pub(super) struct Search {
    geo: Sizes,
    /// Row-major digits in each orientation: as given, then transposed.
    grids: [Vec<u8>; 2],
    /// 2 when boxes are square (transposing keeps the shape), else 1.
    orientations: usize,
    /// Per orientation and input row: the columns that hold givens.
    masks: [[u64; MAX_SIDE]; 2],
    /// Per orientation, bit `x`: input row `x` has no givens.
    blank_rows: [u64; 2],
    /// Per orientation, bit `b`: band `b` has no givens.
    blank_bands: [u64; 2],
    budget: u64,
    nodes: u64,
    over_budget: bool,
    less_depth: usize,
    has_best: bool,
    best_values: Vec<u8>,
    current_values: Vec<u8>,
    found: Option<Found>,
}

impl Search {
    /// An empty work space.
    pub(super) fn new() -> Search {
        Search {
            geo: Sizes::of(Shape::CLASSIC),
            grids: [Vec::new(), Vec::new()],
            orientations: 1,
            masks: [[0; MAX_SIDE]; 2],
            blank_rows: [0; 2],
            blank_bands: [0; 2],
            budget: 0,
            nodes: 0,
            over_budget: false,
            less_depth: EQUAL,
            has_best: false,
            best_values: Vec::new(),
            current_values: Vec::new(),
            found: None,
        }
    }

    /// Finds the canonical form of the row-major `digits` (0 blank) of a
    /// grid of geometry `geo`, spending at most `budget` nodes. Returns the
    /// form's digits and the transformation, or `Err(nodes)` over budget.
    pub(super) fn run(
        &mut self,
        geo: Sizes,
        square_boxes: bool,
        digits: &[u8],
        budget: u64,
    ) -> Result<(&[u8], Found), u64> {
        self.prepare(geo, square_boxes, digits, budget);
        let start = State {
            layout: Layout::new(geo),
            labels: Labels::new(),
        };
        for o in 0..self.orientations {
            self.next_row(o, 0, 0, &mut [0; MAX_SIDE], &start);
        }
        match self.found {
            Some(found) if !self.over_budget => Ok((&self.best_values, found)),
            _ => Err(self.nodes),
        }
    }

    fn prepare(&mut self, geo: Sizes, square_boxes: bool, digits: &[u8], budget: u64) {
        let n = geo.size;
        self.geo = geo;
        self.budget = budget;
        self.nodes = 0;
        self.over_budget = false;
        self.less_depth = EQUAL;
        self.has_best = false;
        self.found = None;
        self.orientations = if square_boxes { 2 } else { 1 };
        self.grids[0].clear();
        self.grids[0].extend_from_slice(digits);
        self.grids[1].clear();
        if square_boxes {
            self.grids[1].extend((0..n * n).map(|i| digits[(i % n) * n + i / n]));
        }
        for o in 0..self.orientations {
            let grid = &self.grids[o];
            for x in 0..n {
                self.masks[o][x] = grid[x * n..(x + 1) * n]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &d)| d != 0)
                    .fold(0, |mask, (col, _)| mask | 1 << col);
            }
            self.blank_rows[o] = (0..n)
                .filter(|&x| self.masks[o][x] == 0)
                .fold(0, |bits, x| bits | 1 << x);
            self.blank_bands[o] = (0..n / geo.band_rows)
                .filter(|&band| self.blank_rows[o] & geo.band_bits(band) == geo.band_bits(band))
                .fold(0, |bits, band| bits | 1 << band);
        }
        self.best_values.clear();
        self.best_values.resize(n * n, 0);
        self.current_values.clear();
        self.current_values.resize(n * n, 0);
    }

    /// Counts a node; false (and the search stops) once over budget.
    fn spend(&mut self) -> bool {
        if !self.over_budget {
            self.nodes += 1;
            self.over_budget = self.nodes > self.budget;
        }
        !self.over_budget
    }

    /// The input rows that may go to output row `k`, given the rows already
    /// placed: the rest of the current band, or any row of a band not used
    /// yet. Blank rows of one band lead to the same forms, and so do blank
    /// bands, so only the first of each is tried.
    fn candidates(&self, o: usize, k: usize, used: u64, rows: &[u8; MAX_SIDE]) -> u64 {
        let geo = self.geo;
        let r = geo.band_rows;
        let blank_rows = self.blank_rows[o];
        let mut pool = 0u64;
        let mut blank_band_seen = false;
        let bands = if !k.is_multiple_of(r) {
            let band = usize::from(rows[k - k % r]) / r;
            band..band + 1
        } else {
            0..geo.size / r
        };
        for band in bands {
            let bits = geo.band_bits(band) & !used;
            if bits == 0 || (k.is_multiple_of(r) && bits != geo.band_bits(band)) {
                continue;
            }
            if self.blank_bands[o] >> band & 1 != 0 {
                if !blank_band_seen {
                    pool |= bits & bits.wrapping_neg();
                    blank_band_seen = true;
                }
                continue;
            }
            let blanks = bits & blank_rows;
            pool |= (bits & !blank_rows) | (blanks & blanks.wrapping_neg());
        }
        pool
    }

    /// Tries every candidate input row at output row `k` (the end of a path
    /// when every row is placed).
    fn next_row(
        &mut self,
        o: usize,
        k: usize,
        used: u64,
        rows: &mut [u8; MAX_SIDE],
        state: &State,
    ) {
        if self.over_budget {
            return;
        }
        let n = self.geo.size;
        if k == n {
            self.leaf(o, rows, state);
            return;
        }
        let candidates = self.candidates(o, k, used, rows);
        // A row with g givens reads at least n - g blanks first at best; if
        // the best form's row has a digit sooner, the row cannot match it.
        let best_lead = if self.has_best && self.less_depth == EQUAL {
            self.best_values[k * n..(k + 1) * n]
                .iter()
                .position(|&v| v != 0)
                .unwrap_or(n)
        } else {
            0
        };
        // Fewest givens first: they tend to read smallest, so the first
        // complete path is a good bound for the others.
        let mut order = [(0u8, 0u8); MAX_SIDE];
        let mut count = 0;
        let mut bits = candidates;
        while bits != 0 {
            let x = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let givens = self.masks[o][x].count_ones() as usize;
            if n - givens >= best_lead {
                order[count] = (small(givens), small(x));
                count += 1;
            }
        }
        order[..count].sort_unstable();
        for &(_, x) in &order[..count] {
            let x = usize::from(x);
            if !self.spend() {
                return;
            }
            rows[k] = small(x);
            let mut row = Row {
                o,
                k,
                used: used | 1 << x,
                digits: [0; MAX_SIDE],
                mask: self.masks[o][x],
                givens: self.masks[o][x].count_ones() as usize,
            };
            row.digits[..n].copy_from_slice(&self.grids[o][x * n..(x + 1) * n]);
            self.fill(&row, rows, &mut state.clone(), 0, 0);
        }
    }

    /// A complete path: keeps it if it is smaller than the best.
    fn leaf(&mut self, o: usize, rows: &[u8; MAX_SIDE], state: &State) {
        if self.has_best && self.less_depth == EQUAL {
            return;
        }
        let labels = state.labels.finals(&state.layout, self.geo.size);
        self.best_values.copy_from_slice(&self.current_values);
        self.found = Some(Found {
            transposed: o == 1,
            rows: *rows,
            cols: state.layout.cols,
            labels,
        });
        self.has_best = true;
        self.less_depth = EQUAL;
    }

    /// Writes cell `cell` (row-major) as `value`, comparing with the best
    /// form: false if the path is now larger. `set` records the cell where
    /// this call made the path smaller, for [`Search::restore`].
    fn emit(&mut self, cell: usize, value: u8, set: &mut Option<usize>) -> bool {
        self.current_values[cell] = value;
        if self.has_best && self.less_depth == EQUAL {
            match value.cmp(&self.best_values[cell]) {
                Ordering::Greater => return false,
                Ordering::Less => {
                    self.less_depth = cell;
                    *set = Some(cell);
                }
                Ordering::Equal => {}
            }
        }
        true
    }

    /// Writes blanks into cells `cells`: they never make the path larger.
    fn emit_blanks(&mut self, cells: std::ops::Range<usize>, set: &mut Option<usize>) {
        if self.has_best
            && self.less_depth == EQUAL
            && let Some(k) = self.best_values[cells.clone()].iter().position(|&v| v != 0)
        {
            self.less_depth = cells.start + k;
            *set = Some(cells.start + k);
        }
        self.current_values[cells].fill(0);
    }

    /// Undoes what [`Search::emit`] recorded, unless a complete path has
    /// since become the best (then the prefix equals it again).
    fn restore(&mut self, set: Option<usize>) {
        if let Some(cell) = set
            && self.less_depth == cell
        {
            self.less_depth = EQUAL;
        }
    }

    /// Writes the row from position `p` on, `placed` of its givens being
    /// written already, then goes on to the next row.
    fn fill(
        &mut self,
        row: &Row,
        rows: &mut [u8; MAX_SIDE],
        state: &mut State,
        mut p: usize,
        mut placed: usize,
    ) {
        let geo = self.geo;
        let (n, c) = (geo.size, geo.stack_cols);
        let base = row.k * n;
        let mut set = None;
        while !self.over_budget {
            if placed == row.givens {
                // Only blanks are left: they change no block.
                self.emit_blanks(base + p..base + n, &mut set);
                self.next_row(row.o, row.k + 1, row.used, rows, state);
                break;
            }
            let slot = p / c;
            if p.is_multiple_of(c) && !state.layout.slot_is_fixed(geo, slot) {
                match self.fill_stacks(row, rows, state, slot, placed, &mut set) {
                    Some(next) => p = next,
                    None => break,
                }
                continue;
            }
            let end = state.layout.block_end(geo, p);
            // Blanks first: they stay one block.
            let blanks = state.layout.cols[p..end]
                .iter()
                .filter(|&&col| row.mask >> col & 1 == 0)
                .count();
            if blanks > 0 {
                state
                    .layout
                    .split_front(p, end, |col| row.mask >> col & 1 == 0);
                self.emit_blanks(base + p..base + p + blanks, &mut set);
                p += blanks;
                continue;
            }
            let mut values = [Value::New; MAX_STACKS];
            for (value, &col) in values.iter_mut().zip(&state.layout.cols[p..end]) {
                *value = state
                    .labels
                    .value(&state.layout, row.digits[usize::from(col)], p);
            }
            // No blanks are left in the block, so the smallest is a label or new.
            let best = values[..end - p]
                .iter()
                .copied()
                .min()
                .unwrap_or(Value::New);
            match best {
                Value::Blank | Value::New => {
                    // Digits not seen yet: labels follow positions.
                    let digits = &row.digits;
                    let met = state
                        .labels
                        .meet(&state.layout, p, end, |col| digits[usize::from(col)]);
                    for (q, label) in (p..end).zip(met) {
                        if !self.emit(base + q, label, &mut set) {
                            self.restore(set);
                            return;
                        }
                    }
                    placed += end - p;
                    p = end;
                }
                Value::Label(label) => {
                    if !self.emit(base + p, label, &mut set) {
                        break;
                    }
                    let mut ties = [0u8; MAX_STACKS];
                    let mut tie_count = 0;
                    for (&col, &v) in state.layout.cols[p..end].iter().zip(&values) {
                        if v == best {
                            ties[tie_count] = col;
                            tie_count += 1;
                        }
                    }
                    let ties = &ties[..tie_count];
                    placed += 1;
                    if ties.len() == 1 {
                        self.take(row, state, p, ties[0]);
                        p += 1;
                        continue;
                    }
                    // Two pending digits anchored in one block: each may
                    // be the one that gets the smaller label.
                    for &col in ties {
                        if !self.spend() {
                            break;
                        }
                        let mut branch = *state;
                        self.take(row, &mut branch, p, col);
                        self.fill(row, rows, &mut branch, p + 1, placed);
                    }
                    break;
                }
            }
        }
        self.restore(set);
    }

    /// Puts column `col` at position `p` (the front of its block) and
    /// settles its digit's label.
    fn take(&self, row: &Row, state: &mut State, p: usize, col: u8) {
        let front = state.layout.move_to_front(self.geo, usize::from(col));
        debug_assert_eq!(front, p);
        state
            .labels
            .settle(&mut state.layout, self.geo, row.digits[usize::from(col)]);
    }

    /// Decides which stacks go to the slots of the stack block starting at
    /// `slot`, as far as this row tells them apart: stacks blank in this row
    /// stay one block at the front; of the others, the slot goes to the
    /// stack whose part of the row starts with the most blanks and then the
    /// smallest cell, branching on ties. Returns the position to go on
    /// from, or `None` when this call has branched (or cut the path) and
    /// the row is done.
    fn fill_stacks(
        &mut self,
        row: &Row,
        rows: &mut [u8; MAX_SIDE],
        state: &mut State,
        slot: usize,
        placed: usize,
        set: &mut Option<usize>,
    ) -> Option<usize> {
        let geo = self.geo;
        let (n, c) = (geo.size, geo.stack_cols);
        let end = state.layout.stack_block_end(geo, slot);
        let stack_mask = low_bits(c);
        let mut is_blank = [false; MAX_STACKS];
        for (s, blank) in is_blank.iter_mut().enumerate().take(end).skip(slot) {
            let stack = usize::from(state.layout.stacks[s]);
            *blank = row.mask >> (stack * c) & stack_mask == 0;
        }
        // Blank stacks to the front (by swaps: inside each group the order
        // does not matter, blank stacks stay interchangeable and the others
        // are decided next).
        let mut blanks = 0;
        for s in slot..end {
            if is_blank[s] {
                state.layout.swap_slots(geo, slot + blanks, s);
                is_blank.swap(slot + blanks, s);
                blanks += 1;
            }
        }
        if blanks > 0 && blanks < end - slot {
            state.layout.stack_starts |= 1 << (slot + blanks);
        }
        self.emit_blanks(row.k * n + slot * c..row.k * n + (slot + blanks) * c, set);
        let first = slot + blanks;
        if first == end {
            return Some(first * c);
        }
        if first + 1 == end {
            state.layout.stack_starts |= 1 << first;
            return Some(first * c);
        }
        // Each remaining stack is one block (stacks stay together only
        // while blank): its part of the row reads its blanks, then its
        // smallest cell.
        let mut keys = [(std::cmp::Reverse(0), Value::New); MAX_STACKS];
        for (s, key) in keys.iter_mut().enumerate().take(end).skip(first) {
            let cols = &state.layout.cols[s * c..(s + 1) * c];
            let blanks = cols
                .iter()
                .filter(|&&col| row.digits[usize::from(col)] == 0)
                .count();
            let smallest = cols
                .iter()
                .map(|&col| {
                    let digit = row.digits[usize::from(col)];
                    state.labels.value(&state.layout, digit, s * c + blanks)
                })
                .filter(|&v| v != Value::Blank)
                .min()
                .unwrap_or(Value::New);
            *key = (std::cmp::Reverse(blanks), smallest);
        }
        let best = keys[first..end].iter().min()?;
        let mut ties = [0u8; MAX_STACKS];
        let mut tie_count = 0;
        for s in (first..end).filter(|&s| keys[s] == *best) {
            ties[tie_count] = small(s);
            tie_count += 1;
        }
        let ties = &ties[..tie_count];
        let decide = |state: &mut State, s: usize| {
            state.layout.swap_slots(geo, first, s);
            state.layout.stack_starts |= 1 << first;
            if first + 1 < geo.stacks {
                state.layout.stack_starts |= 1 << (first + 1);
            }
        };
        if ties.len() == 1 {
            decide(state, usize::from(ties[0]));
            return Some(first * c);
        }
        for &s in ties {
            if !self.spend() {
                break;
            }
            let mut branch = *state;
            decide(&mut branch, usize::from(s));
            self.fill(row, rows, &mut branch, first * c, placed);
        }
        None
    }
}
