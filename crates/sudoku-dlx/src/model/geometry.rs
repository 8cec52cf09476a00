//! The geometry of one [`Rules`]: its units (of the kinds [`Unit`] names),
//! the units of each cell, and the peers of each cell, derived once and read
//! by every solving method (the exact-cover encoding, the bitsets, the human
//! techniques and the generator's proofs by singles).
//!
//! The independent checker (`checker.rs`) derives its units on its own, on
//! purpose: a bug here must not be able to hide a wrong answer there.

use smallvec::SmallVec;

use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::unit::Unit;
use crate::model::variants::{windoku_windows, window_cells};

/// The offsets of a knight's move that lead forward (to a later cell in
/// row-major order); the other four are their negations.
const KNIGHT_FORWARD: [(usize, isize); 4] = [(1, -2), (1, 2), (2, -1), (2, 1)];

/// Units and peers of one [`Rules`].
///
/// A *unit* is a set of n cells that holds every digit once: the rows
/// (units `0..n`), the columns (`n..2n`), the regions (`2n..3n`: boxes, or
/// jigsaw regions), then the two X diagonals (main, anti) and the windoku
/// windows when those variants are on. A cell's *peers* are the other cells
/// that may not hold its digit: those of its units, and its king's or
/// knight's moves under anti-king and anti-knight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    shape: Shape,
    /// The cells of unit `k` are `unit_cells[k * n..(k + 1) * n]`, in
    /// ascending order.
    unit_cells: Vec<usize>,
    /// What each unit is.
    kinds: Vec<Unit>,
    /// For each cell, the units that hold it, in ascending order: a row, a
    /// column, a region, at most two diagonals and one window.
    cell_units: Vec<SmallVec<[usize; 6]>>,
    /// The peers of cell `i` are `peer_cells[peer_start[i]..peer_start[i + 1]]`:
    /// the cells of its units in unit order, then its moves, each once,
    /// without `i`.
    peer_start: Vec<usize>,
    peer_cells: Vec<usize>,
    anti_king: bool,
    anti_knight: bool,
}

impl Geometry {
    /// The geometry of `rules`.
    pub(crate) fn new(rules: &Rules) -> Geometry {
        let shape = rules.shape();
        let n = shape.size();
        let cells = shape.cell_count();
        let variants = rules.variants();
        let mut geometry = Geometry {
            shape,
            unit_cells: Vec::with_capacity((3 * n + 6) * n),
            kinds: Vec::with_capacity(3 * n + 6),
            cell_units: vec![SmallVec::new(); cells],
            peer_start: Vec::with_capacity(cells + 1),
            peer_cells: Vec::new(),
            anti_king: variants.anti_king,
            anti_knight: variants.anti_knight,
        };
        for r in 0..n {
            geometry.add_unit(Unit::Row, (0..n).map(|c| r * n + c));
        }
        for c in 0..n {
            geometry.add_unit(Unit::Column, (0..n).map(|r| r * n + c));
        }
        let region = if rules.regions().is_some() {
            Unit::Region
        } else {
            Unit::Box
        };
        for k in 0..n {
            geometry.add_unit(region, (0..cells).filter(|&i| rules.region_of(i) == k));
        }
        if variants.x {
            geometry.add_unit(Unit::Diagonal, (0..n).map(|k| k * n + k));
            geometry.add_unit(Unit::Diagonal, (0..n).map(|k| k * n + (n - 1 - k)));
        }
        if variants.windoku {
            for corner in windoku_windows(shape) {
                geometry.add_unit(
                    Unit::Window,
                    window_cells(shape, corner).map(|c| shape.index(c)),
                );
            }
        }
        geometry.find_peers();
        geometry
    }

    /// Adds a unit of `cells` (n of them, ascending).
    fn add_unit(&mut self, kind: Unit, cells: impl Iterator<Item = usize>) {
        let k = self.kinds.len();
        self.kinds.push(kind);
        for i in cells {
            self.unit_cells.push(i);
            self.cell_units[i].push(k);
        }
    }

    /// Fills the peer lists from the units and the move rules.
    fn find_peers(&mut self) {
        let cells = self.shape.cell_count();
        let mut moves: Vec<SmallVec<[usize; 16]>> = Vec::new();
        if self.anti_king || self.anti_knight {
            moves.resize(cells, SmallVec::new());
        }
        let mut link = |i: usize, j: usize| {
            moves[i].push(j);
            moves[j].push(i);
        };
        if self.anti_king {
            for square in self.king_squares() {
                for (k, &i) in square.iter().enumerate() {
                    for &j in &square[k + 1..] {
                        link(i, j);
                    }
                }
            }
        }
        if self.anti_knight {
            for (i, j) in self.knight_pairs() {
                link(i, j);
            }
        }
        // Marks the peers found so far of the cell at hand, and is cleared
        // again from its list. (Sorting the list, or a bit set scanned in
        // order, cost more than the whole encoding of a jigsaw grid.)
        let mut seen = vec![false; cells];
        let n = self.shape.size();
        self.peer_cells.reserve(cells * 3 * n);
        self.peer_start.push(0);
        for i in 0..cells {
            let start = self.peer_cells.len();
            seen[i] = true;
            for &k in &self.cell_units[i] {
                for &j in &self.unit_cells[k * n..(k + 1) * n] {
                    if !seen[j] {
                        seen[j] = true;
                        self.peer_cells.push(j);
                    }
                }
            }
            for &j in moves.get(i).map_or(&[][..], |m| &m[..]) {
                if !seen[j] {
                    seen[j] = true;
                    self.peer_cells.push(j);
                }
            }
            seen[i] = false;
            for &j in &self.peer_cells[start..] {
                seen[j] = false;
            }
            self.peer_start.push(self.peer_cells.len());
        }
    }

    /// The shape.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// How many units there are.
    pub(crate) fn unit_count(&self) -> usize {
        self.kinds.len()
    }

    /// Whether peers go beyond the units: anti-king or anti-knight moves.
    pub(crate) fn has_moves(&self) -> bool {
        self.anti_king || self.anti_knight
    }

    /// The cells of unit `k`, ascending.
    pub(crate) fn unit(&self, k: usize) -> &[usize] {
        let n = self.shape.size();
        &self.unit_cells[k * n..(k + 1) * n]
    }

    /// What unit `k` is.
    pub(crate) fn kind(&self, k: usize) -> Unit {
        self.kinds[k]
    }

    /// The units that hold cell `i`, ascending.
    pub(crate) fn cell_units(&self, i: usize) -> &[usize] {
        &self.cell_units[i]
    }

    /// The other cells that may not hold cell `i`'s digit, each once (in no
    /// order a caller should rely on).
    pub(crate) fn peers(&self, i: usize) -> &[usize] {
        &self.peer_cells[self.peer_start[i]..self.peer_start[i + 1]]
    }

    /// Every 2x2 square of cells, by its top-left cell in row-major order,
    /// as the cells top-left, top-right, bottom-left, bottom-right. This is
    /// the one place king moves are written: two cells are a king's move
    /// apart exactly when some square holds both.
    pub(crate) fn king_squares(&self) -> impl Iterator<Item = [usize; 4]> + use<> {
        let n = self.shape.size();
        (0..n - 1).flat_map(move |row| {
            (0..n - 1).map(move |col| {
                let i = row * n + col;
                [i, i + 1, i + n, i + n + 1]
            })
        })
    }

    /// Every pair of cells a knight's move apart, the earlier cell first, in
    /// row-major order of it.
    pub(crate) fn knight_pairs(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let n = self.shape.size();
        (0..n * n).flat_map(move |i| {
            let (row, col) = (i / n, i % n);
            KNIGHT_FORWARD.into_iter().filter_map(move |(dr, dc)| {
                let col2 = col.checked_add_signed(dc).filter(|&c| c < n)?;
                (row + dr < n).then_some((i, (row + dr) * n + col2))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::variants::Variants;

    #[test]
    fn classic_units_and_peers() {
        let g = Geometry::new(&Rules::classic());
        assert_eq!(g.unit_count(), 27);
        assert_eq!(g.unit(9), [0, 9, 18, 27, 36, 45, 54, 63, 72]);
        assert_eq!(g.unit(19), [3, 4, 5, 12, 13, 14, 21, 22, 23]);
        assert_eq!(g.kind(19), Unit::Box);
        assert_eq!(g.cell_units(40), [4, 13, 22]);
        assert!((0..81).all(|i| g.peers(i).len() == 20));
        assert_eq!(&g.peers(0)[..10], [1, 2, 3, 4, 5, 6, 7, 8, 9, 18]);
    }

    /// Peers by the definition: sharing a unit, or a move apart.
    #[test]
    fn peers_are_cells_sharing_a_unit_or_a_move() {
        let all = Variants {
            x: true,
            windoku: true,
            anti_king: true,
            anti_knight: true,
        };
        for n in [4, 6, 9] {
            let rules = Rules::new(Shape::from_size(n).unwrap()).with_variants(all);
            let g = Geometry::new(&rules);
            assert_eq!(
                g.unit_count(),
                3 * n + 2 + crate::windoku_windows(g.shape()).len()
            );
            for i in 0..n * n {
                let expected: Vec<usize> = (0..n * n)
                    .filter(|&j| {
                        let (dr, dc) = ((i / n).abs_diff(j / n), (i % n).abs_diff(j % n));
                        let shared = (0..g.unit_count())
                            .any(|k| g.unit(k).contains(&i) && g.unit(k).contains(&j));
                        j != i && (shared || dr.max(dc) == 1 || (dr.min(dc), dr.max(dc)) == (1, 2))
                    })
                    .collect();
                let mut peers = g.peers(i).to_vec();
                peers.sort_unstable();
                assert_eq!(peers, expected, "{n}x{n} cell {i}");
            }
        }
    }
}
