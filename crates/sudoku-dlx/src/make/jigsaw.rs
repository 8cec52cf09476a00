//! Random jigsaw region maps, each drawn around a grid that solves it.
//!
//! Not every partition of the grid into connected regions of n cells has a
//! solution. Rather than draw partitions and search each for a grid, a map
//! is grown from a complete grid of the boxes: a random boundary cell `a` of
//! region A, next to region B, trades places with the one cell `b` of B that
//! holds the same digit. Both regions still hold every digit once, rows and
//! columns are untouched, so the grid stays a solution of the new map; the
//! trade is made only when both regions stay orthogonally connected.
//!
//! Around one grid the trades soon run out (two boxes whose shared edge
//! holds no common digit never trade), so the map is drawn in rounds:
//! trades, then a fresh random solution of the map so far, found by the
//! generator's seeded search for complete grids, around which other trades
//! open up. A search that runs out of budget keeps the old grid, which
//! still solves the map, so a map always comes with a witness that it can
//! be played.

use std::sync::Arc;

use dlx_engine::{Progress, SplitMix64};

use crate::make::generate_options::GenerateOptions;
use crate::make::generated::Generated;
use crate::make::generator::Generator;
use crate::model::error::{Error, check_stop};
use crate::model::grid::Grid;
use crate::model::regions::Regions;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::variants::Variants;

/// Rounds of trades in every draw, each but the first around a fresh grid.
const ROUNDS: usize = 8;

/// Rounds at most, while too few cells have left the boxes.
const MAX_ROUNDS: usize = 32;

/// Trades tried per cell in one round. Around one grid the few trades that
/// exist are soon found, and then mostly undone and redone: measured on
/// 9x9, 20 tries per cell over 8 rounds left a median of 21 cells off the
/// boxes in 4 ms a map; 4 tries over 24 rounds, 26 cells in 8 ms.
const TRADES_PER_CELL: usize = 20;

/// The node budget of each try at a fresh grid, per cell of the grid. The
/// search for a grid of an odd map has a heavy tail (a fixed order can
/// spend millions of nodes on an empty 9x9 that has solutions), so many
/// short tries beat one long one; on 9x9 and 12x12 one of the first five
/// tries of 2000 nodes succeeded for every map measured.
const NODES_PER_CELL: u64 = 10;

/// Searches for a fresh grid that may run out of budget in one draw. On
/// large grids many do, each at the cost of every try's budget, and trades
/// around the same grid find little new; with three, a 36x36 draw took
/// 5 s here.
const MAX_FAILED_REFRESHES: usize = 3;

/// Draws random jigsaw region maps of one shape, each playable.
///
/// Every map [`draw`](Self::draw) returns partitions the grid into `n`
/// regions of `n` orthogonally connected cells and has a solution that
/// also satisfies the variants the drawer was built with
/// ([`draw_with_solution`](Self::draw_with_solution) returns one). The same
/// seed gives the same map on every platform.
///
/// ```
/// use sudoku_dlx::{Puzzle, RandomRegions, Regions, Rules, Shape, Solver, First, Variants};
/// let mut drawer = RandomRegions::new(Shape::CLASSIC, Variants::NONE);
/// let regions = drawer.draw(7)?;
/// assert_ne!(regions, Regions::boxes(Shape::CLASSIC));
/// assert_eq!(drawer.draw(7)?, regions); // reproducible
/// let rules = Rules::classic().with_regions(regions)?;
/// let mut solver = Solver::new(&rules);
/// assert!(matches!(solver.solve(&Puzzle::empty(rules))?, First::Solution(_)));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct RandomRegions {
    shape: Shape,
    /// The shape and variants, with the boxes.
    rules: Rules,
    /// Makes the complete grids of `rules` that maps grow from.
    grids: Generator,
}

impl RandomRegions {
    /// A drawer of maps for `shape` whose solutions also obey `variants`.
    #[must_use]
    pub fn new(shape: Shape, variants: Variants) -> RandomRegions {
        let rules = Rules::new(shape).with_variants(variants);
        RandomRegions {
            shape,
            grids: Generator::new(&rules, GenerateOptions::default()),
            rules,
        }
    }

    /// The rules the maps are drawn for, with the boxes: a map's rules are
    /// these [`with_regions`](Rules::with_regions) the map.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A random map, determined by `seed`.
    ///
    /// Trades go on for at least 8 rounds, and then until
    /// `min(n * n / 6, 2 * n)` cells (13 on 9x9, 2 on 4x4) lie outside the
    /// box that holds most of their region, for at most 32 rounds, and stop
    /// early once three searches for a fresh grid have run out of budget
    /// (as they do on large grids). Few trades exist when variants pin the
    /// grid down (anti-king, say). A map that stops short is as far from
    /// the boxes as the rounds got, which may be not at all.
    ///
    /// # Errors
    ///
    /// [`Error::NoCompleteGrid`] if no grid satisfies the boxes and the
    /// variants (anti-king on 4x4, say), [`Error::GridBudget`] if the search
    /// for one ran out of budget.
    pub fn draw(&mut self, seed: u64) -> Result<Regions, Error> {
        self.draw_with_solution(seed).map(|(regions, _)| regions)
    }

    /// A random map, as [`draw`](Self::draw) gives it, with a solution of
    /// the empty puzzle of these regions (and the variants).
    ///
    /// # Errors
    ///
    /// As for [`draw`](Self::draw).
    pub fn draw_with_solution(&mut self, seed: u64) -> Result<(Regions, Grid), Error> {
        let mut rng = SplitMix64::new(seed);
        let grid = self.grids.complete_grid(rng.next_u64())?;
        let mut layout = Layout::boxes(self.shape, grid.digits().to_vec());
        let n = self.shape.size();
        let wanted = (n * n / 6).min(2 * n);
        let mut failed_refreshes = 0;
        for round in 0..MAX_ROUNDS {
            if round >= ROUNDS && layout.cells_off_boxes() >= wanted {
                break;
            }
            if round > 0 && !self.refresh_grid(&mut layout, &mut rng)? {
                failed_refreshes += 1;
                if failed_refreshes == MAX_FAILED_REFRESHES {
                    break;
                }
            }
            for _ in 0..TRADES_PER_CELL * self.shape.cell_count() {
                layout.try_trade(&mut rng);
            }
        }
        let regions = regions_from(self.shape, &layout.region)?;
        Ok((regions, Grid::from_digits(self.shape, layout.digits)?))
    }

    /// Trades from now on around a fresh random solution of the map so
    /// far, if the seeded search finds one within its budget; otherwise
    /// around the grid as it is, which still solves the map.
    fn refresh_grid(&self, layout: &mut Layout, rng: &mut SplitMix64) -> Result<bool, Error> {
        let regions = regions_from(self.shape, &layout.region)?;
        let rules = self.rules.clone().with_regions(regions)?;
        let cells = u64::try_from(self.shape.cell_count()).unwrap_or(u64::MAX);
        let options = GenerateOptions {
            max_nodes: Some(NODES_PER_CELL.saturating_mul(cells)),
            ..GenerateOptions::default()
        };
        match Generator::new(&rules, options).complete_grid(rng.next_u64()) {
            Ok(fresh) => {
                layout.set_digits(fresh.digits());
                Ok(true)
            }
            Err(Error::GridBudget { .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }
}

/// A random region map of `shape`, determined by `seed`: n regions of n
/// orthogonally connected cells, playable as jigsaw Sudoku.
///
/// Builds a [`RandomRegions`] for the one map; keep one to draw many.
///
/// ```
/// use sudoku_dlx::{random_regions, Shape};
/// let shape = Shape::from_size(6)?;
/// let regions = random_regions(shape, 1)?;
/// assert_eq!(regions.to_string().len(), 36);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
///
/// # Errors
///
/// As for [`RandomRegions::draw`].
pub fn random_regions(shape: Shape, seed: u64) -> Result<Regions, Error> {
    RandomRegions::new(shape, Variants::NONE).draw(seed)
}

/// Generates puzzles on a fresh random region map each: the map and the
/// puzzle both follow from one seed.
///
/// ```
/// use sudoku_dlx::{GenerateOptions, RandomJigsaw, Shape, Solver, Uniqueness, Variants};
/// let mut jigsaw = RandomJigsaw::new(Shape::CLASSIC, Variants::NONE, GenerateOptions::default());
/// let generated = jigsaw.generate(3)?;
/// let mut solver = Solver::new(generated.puzzle.rules());
/// assert_eq!(solver.uniqueness(&generated.puzzle)?, Uniqueness::Unique(generated.solution));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct RandomJigsaw {
    maps: RandomRegions,
    options: GenerateOptions,
    /// Ends a call early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
}

impl RandomJigsaw {
    /// Puzzles of `shape` and `variants`, generated as `options` asks, each
    /// on its own random map.
    #[must_use]
    pub fn new(shape: Shape, variants: Variants, options: GenerateOptions) -> RandomJigsaw {
        RandomJigsaw {
            maps: RandomRegions::new(shape, variants),
            options,
            stop: None,
        }
    }

    /// Makes later calls end early once `stop` is stopped: as
    /// [`Generator::set_stop`], [`generate`](Self::generate) then returns
    /// [`Error::Stopped`].
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.maps.grids.set_stop(stop.clone());
        self.stop = stop;
    }

    /// One puzzle, determined by `seed`: a map from
    /// [`RandomRegions::draw`], then [`Generator::generate`] on it (the two
    /// with seeds drawn from `seed`). Its rules hold the map.
    ///
    /// # Errors
    ///
    /// As for [`RandomRegions::draw`] and [`Generator::generate`].
    pub fn generate(&mut self, seed: u64) -> Result<Generated, Error> {
        let mut rng = SplitMix64::new(seed);
        let regions = self.maps.draw(rng.next_u64())?;
        check_stop(self.stop.as_ref())?;
        let rules = self.maps.rules().clone().with_regions(regions)?;
        let mut generator = Generator::new(&rules, self.options.clone());
        generator.set_stop(self.stop.clone());
        generator.generate(rng.next_u64())
    }
}

/// The regions of a grid as a map being traded on: which region each cell
/// is in, and where each region keeps each digit of the witness grid.
struct Layout {
    shape: Shape,
    /// The witness grid's digits, row-major.
    digits: Vec<u8>,
    /// `region[cell]`, from 0 to n - 1. Invariant: each region has `n`
    /// orthogonally connected cells holding the digits 1 to n.
    region: Vec<usize>,
    /// `place[r * n + d - 1]` is the cell of region `r` that holds digit `d`.
    place: Vec<usize>,
    /// The cells a connectivity walk has reached are those whose mark is
    /// `walk`, so no walk clears the marks.
    marks: Vec<u32>,
    walk: u32,
    stack: Vec<usize>,
}

impl Layout {
    /// The boxes of `shape`, traded on around `digits` (a complete grid).
    fn boxes(shape: Shape, digits: Vec<u8>) -> Layout {
        let cells = shape.cell_count();
        let mut layout = Layout {
            shape,
            digits: Vec::new(),
            region: (0..cells).map(|i| shape.box_of(shape.cell(i))).collect(),
            place: vec![0; cells],
            marks: vec![0; cells],
            walk: 0,
            stack: Vec::with_capacity(shape.size()),
        };
        layout.set_digits(&digits);
        layout
    }

    /// Trades from now on around `digits`, a complete grid whose every
    /// region holds each digit once.
    fn set_digits(&mut self, digits: &[u8]) {
        let n = self.shape.size();
        self.digits.clear();
        self.digits.extend_from_slice(digits);
        for (i, (&r, &d)) in self.region.iter().zip(digits).enumerate() {
            self.place[r * n + usize::from(d) - 1] = i;
        }
    }

    /// One random try at a trade; whether it was made.
    fn try_trade(&mut self, rng: &mut SplitMix64) -> bool {
        let a = below(rng, self.shape.cell_count());
        let neighbours = self.neighbours(a);
        let Some(x) = neighbours[below(rng, 4)] else {
            return false;
        };
        let (region_a, region_b) = (self.region[a], self.region[x]);
        if region_a == region_b {
            return false;
        }
        let slot = usize::from(self.digits[a]) - 1;
        let n = self.shape.size();
        let b = self.place[region_b * n + slot];
        // Each must touch the other region without the cell it leaves, and
        // each region must hold together without the cell it gives up.
        let tradable = self.touches(b, region_a, a)
            && self.touches(a, region_b, b)
            && self.connected_without(region_a, a)
            && self.connected_without(region_b, b);
        if tradable {
            self.region[a] = region_b;
            self.region[b] = region_a;
            self.place[region_a * n + slot] = b;
            self.place[region_b * n + slot] = a;
        }
        tradable
    }

    /// The up, down, left and right neighbours of `cell` inside the grid.
    fn neighbours(&self, cell: usize) -> [Option<usize>; 4] {
        let n = self.shape.size();
        let (row, col) = (cell / n, cell % n);
        [
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
        ]
    }

    /// Whether `cell` has a neighbour in `region` other than `except`.
    fn touches(&self, cell: usize, region: usize, except: usize) -> bool {
        self.neighbours(cell)
            .into_iter()
            .flatten()
            .any(|c| c != except && self.region[c] == region)
    }

    /// Whether `region` without `cell` is orthogonally connected: a walk
    /// from another of its cells reaches all `n - 1`.
    fn connected_without(&mut self, region: usize, cell: usize) -> bool {
        let n = self.shape.size();
        let slot = usize::from(self.digits[cell]) - 1;
        // The cell of the next digit is another cell of the region.
        let start = self.place[region * n + (slot + 1) % n];
        self.walk = self.walk.wrapping_add(1);
        if self.walk == 0 {
            self.marks.fill(0);
            self.walk = 1;
        }
        self.marks[start] = self.walk;
        self.stack.clear();
        self.stack.push(start);
        let mut reached = 1;
        while let Some(c) = self.stack.pop() {
            for next in self.neighbours(c).into_iter().flatten() {
                if next != cell && self.region[next] == region && self.marks[next] != self.walk {
                    self.marks[next] = self.walk;
                    self.stack.push(next);
                    reached += 1;
                }
            }
        }
        reached == n - 1
    }

    /// Cells outside the box that holds most of their region: 0 for the
    /// boxes, however the regions are numbered.
    fn cells_off_boxes(&self) -> usize {
        let n = self.shape.size();
        let mut overlap = vec![0; n * n];
        for (i, &r) in self.region.iter().enumerate() {
            overlap[r * n + self.shape.box_of(self.shape.cell(i))] += 1;
        }
        overlap
            .chunks(n)
            .map(|boxes| n - boxes.iter().max().copied().unwrap_or(0))
            .sum()
    }
}

/// A number in `0..bound`, for a bound that fits a `u32` (every grid's cell
/// count does: at most 64 * 64).
fn below(rng: &mut SplitMix64, bound: usize) -> usize {
    let bound = u32::try_from(bound).unwrap_or(u32::MAX);
    usize::try_from(rng.below(bound)).unwrap_or(0)
}

/// The [`Regions`] of a `region` per cell, lettered as the boxes are.
fn regions_from(shape: Shape, region: &[usize]) -> Result<Regions, Error> {
    let boxes = Regions::boxes(shape);
    let map: String = region.iter().map(|&r| boxes.letter(r)).collect();
    Regions::parse(&map, shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::checker::check_solution;
    use crate::model::puzzle::Puzzle;

    /// Whether every region of `layout` obeys its invariant, checked from
    /// scratch: n cells, the digits 1 to n, `place` agreeing, and a flood
    /// fill from one cell reaching them all.
    fn holds_together(layout: &Layout) -> bool {
        let n = layout.shape.size();
        (0..n).all(|r| {
            let cells: Vec<usize> = (0..layout.region.len())
                .filter(|&i| layout.region[i] == r)
                .collect();
            let mut digits: Vec<u8> = cells.iter().map(|&i| layout.digits[i]).collect();
            digits.sort_unstable();
            let places_agree = cells
                .iter()
                .all(|&i| layout.place[r * n + usize::from(layout.digits[i]) - 1] == i);
            let mut reached = vec![cells[0]];
            let mut k = 0;
            while k < reached.len() {
                let c = reached[k];
                for next in layout.neighbours(c).into_iter().flatten() {
                    if layout.region[next] == r && !reached.contains(&next) {
                        reached.push(next);
                    }
                }
                k += 1;
            }
            cells.len() == n
                && digits.iter().copied().eq(1..=u8::try_from(n).unwrap())
                && places_agree
                && reached.len() == n
        })
    }

    #[test]
    fn trades_keep_every_region_whole_and_the_grid_a_solution() {
        for size in [4, 6, 9] {
            let shape = Shape::from_size(size).unwrap();
            let mut grids = Generator::new(&Rules::new(shape), GenerateOptions::default());
            let grid = grids.complete_grid(11).unwrap();
            let mut layout = Layout::boxes(shape, grid.digits().to_vec());
            let mut rng = SplitMix64::new(5);
            let mut made = 0;
            for _ in 0..2_000 {
                if layout.try_trade(&mut rng) {
                    made += 1;
                    assert!(holds_together(&layout), "{size}: after trade {made}");
                }
            }
            assert!(made > 0, "{size}: no trade was made");
            let regions = regions_from(shape, &layout.region).unwrap();
            let rules = Rules::new(shape).with_regions(regions).unwrap();
            assert_eq!(check_solution(&Puzzle::empty(rules), &grid), Ok(()));
        }
    }

    /// A 4x4 grid whose boxes, and also whose columns, hold every digit.
    const FOUR: [u8; 16] = [
        1, 2, 3, 4, //
        3, 4, 1, 2, //
        2, 1, 4, 3, //
        4, 3, 2, 1,
    ];

    /// The layout of [`FOUR`] with its columns as regions.
    fn four_by_columns() -> Layout {
        let mut layout = Layout::boxes(Shape::from_size(4).unwrap(), FOUR.to_vec());
        layout.region = (0..16).map(|i| i % 4).collect();
        layout.set_digits(&FOUR);
        layout
    }

    #[test]
    fn a_walk_sees_a_region_cut_in_two() {
        // Region 0 is the column of cells 0, 4, 8, 12: without 4 it falls apart.
        let mut layout = four_by_columns();
        assert!(holds_together(&layout));
        assert!(!layout.connected_without(0, 4));
        assert!(layout.connected_without(0, 0));
        assert!(layout.connected_without(0, 12));
    }

    #[test]
    fn cells_off_boxes_ignores_how_regions_are_numbered() {
        let mut layout = Layout::boxes(Shape::from_size(4).unwrap(), FOUR.to_vec());
        assert!(holds_together(&layout));
        assert_eq!(layout.cells_off_boxes(), 0);
        layout.region = layout.region.iter().map(|&r| 3 - r).collect();
        assert_eq!(layout.cells_off_boxes(), 0);
        // Columns as regions: each has 2 cells in each of two boxes.
        assert_eq!(four_by_columns().cells_off_boxes(), 8);
    }
}
