//! The exact-cover matrix of a Sudoku: items, options, and how to read them back.
//!
//! Option `cell * n + (digit - 1)` puts `digit` in `cell`, so a given maps to
//! its option with one multiplication. Primary items, in order: each cell is
//! filled; each row, column and region (box or jigsaw region) has each
//! digit; then the X diagonals and windoku windows have each digit.
//! Anti-king and anti-knight rules are secondary items, covered at most once:
//! one per 2x2 window and digit (two cells are a king's move apart exactly
//! when some 2x2 window holds both), and one per knight pair and digit.
//! Windows and pairs that lie inside one region are left out: the region
//! already forbids the repeat.
//!
//! Killer cages add primary items and options after all of those. Each cage
//! has n "cage has digit d" items and one "cage's digits chosen" item. The
//! option for a digit in a cage's cell also covers the cage's item for that
//! digit, so the digits differ; and each admissible digit set of the cage
//! (its cells' count of distinct digits adding up to the sum) is an option
//! covering the chosen item and the items of the digits *not* in the set.
//! Exactly one set is chosen and every digit item is covered once, so the
//! cells hold exactly the chosen set. These options come after the
//! cell-digit options, so `option` and `placement` are unchanged; their
//! placement falls off the grid. docs/architecture.md has the measurement
//! against one option per digit assignment of a cage.

use std::ops::Range;

use dlx_engine::{ItemId, OptionId, Problem};
use smallvec::SmallVec;

use crate::model::geometry::Geometry;
use crate::model::rules::Rules;
use crate::model::unit::Unit;

/// The exact-cover encoding of one [`Rules`].
#[derive(Clone, Debug)]
pub(crate) struct Encoding {
    problem: Problem,
    size: usize,
    /// Item ranges and the unit each stands for; the cell items come first and
    /// map to no unit, and so do the cages' chosen items. Every range's
    /// length is a multiple of `size`.
    units: Vec<(Range<usize>, Unit)>,
}

impl Encoding {
    /// Builds the matrix for `rules`, whose units are `geometry`'s.
    ///
    /// # Panics
    ///
    /// Never for a valid [`Shape`](crate::Shape): the largest matrix (64x64
    /// with every variant) has about 1.3 million items and 5 million nodes,
    /// far below the engine's 32-bit indices, and every option names at
    /// least its cell item, which is primary, and no item twice.
    /// `tests/large.rs` builds it.
    pub(crate) fn new(rules: &Rules, geometry: &Geometry) -> Encoding {
        let shape = rules.shape();
        let n = shape.size();
        let cells = shape.cell_count();
        let variants = rules.variants();

        // Unit k of the geometry has items `cells + k * n + d - 1` for digit
        // d; consecutive units of one kind share a range.
        let mut units: Vec<(Range<usize>, Unit)> = Vec::new();
        let mut add_units = |count: usize, unit: Unit, next: &mut usize| {
            let start = *next;
            *next += count * n;
            match units.last_mut() {
                Some((range, kind)) if *kind == unit && range.end == start => range.end = *next,
                _ => units.push((start..*next, unit)),
            }
            start
        };
        let mut next = cells;
        for k in 0..geometry.unit_count() {
            add_units(1, geometry.kind(k), &mut next);
        }
        // Killer: each cage's digit items, a unit each, then its chosen item.
        let cages = rules.cages().map_or(&[][..], |cages| cages.cages());
        let cage_digits = add_units(cages.len(), Unit::Cage, &mut next);
        let cage_chosen = next;
        next += cages.len();
        let primary = next;
        // For each cell, the first item of each unit it belongs to; the item
        // for digit d is that plus d - 1.
        // Inline up to 16: three houses, two diagonals or windows, four
        // king squares and seven knight pairs fit on most cells.
        let mut cell_units: Vec<SmallVec<[usize; 16]>> = (0..cells)
            .map(|i| {
                let list = geometry.cell_units(i).iter();
                list.map(|&k| cells + k * n).collect()
            })
            .collect();

        for (k, cage) in cages.iter().enumerate() {
            for &i in cage.cells() {
                cell_units[i].push(cage_digits + k * n);
            }
        }

        let region = |i: usize| rules.region_of(i);
        if variants.anti_king {
            let squares: Vec<[usize; 4]> = geometry
                .king_squares()
                .filter(|square| square.iter().any(|&i| region(i) != region(square[0])))
                .collect();
            let start = add_units(squares.len(), Unit::KingMove, &mut next);
            for (w, square) in squares.iter().enumerate() {
                for &i in square {
                    cell_units[i].push(start + w * n);
                }
            }
        }
        if variants.anti_knight {
            let pairs: Vec<(usize, usize)> = geometry
                .knight_pairs()
                .filter(|&(i, j)| region(i) != region(j))
                .collect();
            let start = add_units(pairs.len(), Unit::KnightMove, &mut next);
            for (p, &(i, j)) in pairs.iter().enumerate() {
                cell_units[i].push(start + p * n);
                cell_units[j].push(start + p * n);
            }
        }

        const FITS: &str = "every shape up to 64x64 fits the engine";
        let mut builder = Problem::builder(primary, next - primary).expect(FITS);
        let entries = cell_units.iter().map(|list| (1 + list.len()) * n).sum();
        builder.reserve(cells * n, entries);
        // A heap buffer reused for every option: a `SmallVec` here cost
        // about 40,000 instructions more per 9x9 matrix (its `push` and
        // `extend` test for a spill on every item), which shows on jigsaw
        // files, where every puzzle builds its own matrix.
        let mut items: Vec<usize> = Vec::with_capacity(17);
        for (i, list) in cell_units.iter().enumerate() {
            for d in 0..n {
                items.clear();
                items.push(i);
                items.extend(list.iter().map(|&base| base + d));
                builder.add_option(&items).expect(FITS);
            }
        }
        for (k, cage) in cages.iter().enumerate() {
            for set in cage.combinations(n) {
                items.clear();
                items.push(cage_chosen + k);
                let absent = (0..n).filter(|&d| set >> d & 1 == 0);
                items.extend(absent.map(|d| cage_digits + k * n + d));
                builder.add_option(&items).expect(FITS);
            }
        }
        Encoding {
            problem: builder.build(),
            size: n,
            units,
        }
    }

    /// The matrix.
    pub(crate) fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option that puts `digit` (1-based) in the cell at `index`; the
    /// caller guarantees both are in range.
    #[inline]
    pub(crate) fn option(&self, index: usize, digit: u8) -> Option<OptionId> {
        OptionId::new(index * self.size + usize::from(digit) - 1)
    }

    /// The cell index and digit an option places.
    #[inline]
    pub(crate) fn placement(&self, option: OptionId) -> (usize, u8) {
        let k = option.index();
        // k % size < size <= 64.
        (
            k / self.size,
            u8::try_from(k % self.size + 1).unwrap_or(u8::MAX),
        )
    }

    /// The unit an item stands for, or `None` for a cell item.
    pub(crate) fn unit(&self, item: ItemId) -> Option<Unit> {
        self.units
            .iter()
            .find(|(range, _)| range.contains(&item.index()))
            .map(|&(_, unit)| unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;
    use crate::model::variants::Variants;

    fn encoding(rules: &Rules) -> Encoding {
        Encoding::new(rules, &Geometry::new(rules))
    }

    #[test]
    fn classic_9x9_has_729_options_and_324_items() {
        let e = encoding(&Rules::classic());
        assert_eq!(e.problem().option_count(), 729);
        assert_eq!(e.problem().primary_count(), 324);
        assert_eq!(e.problem().secondary_count(), 0);
        assert_eq!(e.problem().entry_count(), 729 * 4);
        let o = e.option(80, 9).unwrap();
        assert_eq!(o.index(), 728);
        assert_eq!(e.placement(o), (80, 9));
    }

    #[test]
    fn variants_add_items() {
        let rules = Rules::classic().with_variants(Variants {
            x: true,
            windoku: true,
            anti_king: true,
            anti_knight: true,
        });
        let e = encoding(&rules);
        assert_eq!(e.problem().primary_count(), 324 + 18 + 36);
        // 64 2x2 windows, 36 of them inside a box.
        let king = 28 * 9;
        assert_eq!(
            e.unit(ItemId::new(324 + 18 + 36).unwrap()),
            Some(Unit::KingMove)
        );
        let knight = e.problem().secondary_count() - king;
        assert_eq!(knight % 9, 0);
        assert_eq!(e.unit(ItemId::new(0).unwrap()), None);
        assert_eq!(e.unit(ItemId::new(81).unwrap()), Some(Unit::Row));
    }

    #[test]
    fn every_shape_up_to_64_encodes() {
        for n in [4, 6, 8, 12, 16, 25] {
            let shape = Shape::from_size(n).unwrap();
            let e = encoding(&Rules::new(shape));
            assert_eq!(e.problem().option_count(), n * n * n);
            assert_eq!(e.problem().primary_count(), 4 * n * n);
        }
    }
}
