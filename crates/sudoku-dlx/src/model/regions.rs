//! Jigsaw regions: a map of each cell to one of n regions of n cells.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::model::cell::Cell;
use crate::model::error::Error;
use crate::model::shape::Shape;

/// The letters used to print region maps: one per region, up to 64.
const REGION_LETTERS: &[u8; 64] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$";

/// A jigsaw region map: a partition of the grid into `n` regions of `n` cells,
/// which replace the boxes.
///
/// Regions are numbered by first appearance in row-major order; the letters
/// of the map they were read from are kept for messages and printing.
/// Equality (and the hash) compare the partition, not the letters: `aabb...`
/// and `xxyy...` are the same regions.
///
/// ```
/// use sudoku_dlx::{Regions, Shape};
/// let shape = Shape::from_size(4)?;
/// let regions = Regions::parse("aabbaabbccddccdd", shape)?;
/// assert_eq!(regions.region_of(5), 0);
/// assert_eq!(regions.region_of(15), 3);
/// assert_eq!(regions.to_string(), "aabbaabbccddccdd");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Regions {
    shape: Shape,
    /// `region[cell]` is the region of each row-major cell. Invariants: each
    /// of `0..n` occurs exactly `n` times, and regions are numbered by first
    /// appearance in row-major order, so two maps cut the grid the same way
    /// exactly when their `region` vectors are equal.
    region: Vec<u8>,
    /// The letter each region was written with.
    letters: Vec<char>,
}

impl Regions {
    /// Reads a map of one letter per cell (any non-whitespace characters;
    /// each distinct character is a region).
    ///
    /// # Errors
    ///
    /// [`Error::RegionMapLength`], [`Error::RegionCount`] or
    /// [`Error::RegionSize`] if the map is not a partition of the grid into
    /// `n` regions of `n` cells.
    pub fn parse(map: &str, shape: Shape) -> Result<Regions, Error> {
        let n = shape.size();
        let chars: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != shape.cell_count() {
            return Err(Error::RegionMapLength {
                found: chars.len(),
                expected: shape.cell_count(),
            });
        }
        let mut letters: Vec<char> = Vec::with_capacity(n);
        let mut region = Vec::with_capacity(chars.len());
        for &ch in &chars {
            let k = match letters.iter().position(|&l| l == ch) {
                Some(k) => k,
                None => {
                    letters.push(ch);
                    if letters.len() > n {
                        let found = chars
                            .iter()
                            .fold(Vec::new(), |mut seen, c| {
                                if !seen.contains(c) {
                                    seen.push(*c);
                                }
                                seen
                            })
                            .len();
                        return Err(Error::RegionCount { found, expected: n });
                    }
                    letters.len() - 1
                }
            };
            // k < n <= 64, so it fits.
            region.push(u8::try_from(k).unwrap_or(u8::MAX));
        }
        if letters.len() != n {
            return Err(Error::RegionCount {
                found: letters.len(),
                expected: n,
            });
        }
        let mut sizes = vec![0usize; n];
        for &r in &region {
            sizes[usize::from(r)] += 1;
        }
        if let Some((k, &cells)) = sizes.iter().enumerate().find(|&(_, &s)| s != n) {
            return Err(Error::RegionSize {
                region: letters[k],
                cells,
                expected: n,
            });
        }
        Ok(Regions {
            shape,
            region,
            letters,
        })
    }

    /// The boxes of `shape` as a region map (jigsaw with the regular boxes).
    #[must_use]
    pub fn boxes(shape: Shape) -> Regions {
        let region = (0..shape.cell_count())
            .map(|i| u8::try_from(shape.box_of(shape.cell(i))).unwrap_or(u8::MAX))
            .collect();
        let letters = REGION_LETTERS
            .iter()
            .take(shape.size())
            .map(|&b| char::from(b))
            .collect();
        Regions {
            shape,
            region,
            letters,
        }
    }

    /// The shape the map covers.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The region (from 0) of the cell at row-major `index`.
    ///
    /// # Panics
    ///
    /// If `index` is not a cell of the grid.
    #[must_use]
    pub fn region_of(&self, index: usize) -> usize {
        usize::from(self.region[index])
    }

    /// The region of `cell`.
    #[must_use]
    pub fn region_of_cell(&self, cell: Cell) -> usize {
        self.region_of(self.shape.index(cell))
    }

    /// Whether the regions are the boxes of the shape (a jigsaw map that
    /// changes nothing), whatever their letters.
    #[must_use]
    pub fn is_boxes(&self) -> bool {
        self.region
            .iter()
            .enumerate()
            .all(|(i, &r)| usize::from(r) == self.shape.box_of(self.shape.cell(i)))
    }

    /// The same map on `shape`, a shape of the same side (whose boxes
    /// [`is_boxes`](Self::is_boxes) compares with).
    pub(crate) fn with_shape(mut self, shape: Shape) -> Regions {
        debug_assert_eq!(shape.size(), self.shape.size());
        self.shape = shape;
        self
    }

    /// The letter region `region` was written with.
    #[must_use]
    pub fn letter(&self, region: usize) -> char {
        self.letters.get(region).copied().unwrap_or('?')
    }
}

/// The partition decides: the letters a map was written with do not.
impl PartialEq for Regions {
    fn eq(&self, other: &Regions) -> bool {
        self.shape == other.shape && self.region == other.region
    }
}

impl Eq for Regions {}

impl Hash for Regions {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.region.hash(state);
    }
}

impl fmt::Display for Regions {
    /// The map, one letter per cell, as it was read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &r in &self.region {
            fmt::Write::write_char(f, self.letter(usize::from(r)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Shape {
        Shape::from_size(4).unwrap()
    }

    #[test]
    fn maps_must_partition_the_grid() {
        assert_eq!(
            Regions::parse("aabb", four()),
            Err(Error::RegionMapLength {
                found: 4,
                expected: 16
            })
        );
        assert_eq!(
            Regions::parse("aabbaabbccddccde", four()),
            Err(Error::RegionCount {
                found: 5,
                expected: 4
            })
        );
        assert_eq!(
            Regions::parse("aaabaabbccddccdd", four()),
            Err(Error::RegionSize {
                region: 'a',
                cells: 5,
                expected: 4
            })
        );
        assert_eq!(
            Regions::parse("aaaaaaaaaaaaaaaa", four()),
            Err(Error::RegionCount {
                found: 1,
                expected: 4
            })
        );
    }

    #[test]
    fn boxes_are_a_region_map() {
        let boxes = Regions::boxes(four());
        assert_eq!(boxes.to_string(), "aabbaabbccddccdd");
        assert_eq!(Regions::parse(&boxes.to_string(), four()), Ok(boxes));
    }

    #[test]
    fn equality_compares_the_partition_not_the_letters() {
        let abcd = Regions::parse("aabbaabbccddccdd", four()).unwrap();
        let wxyz = Regions::parse("xxyyxxyyzzwwzzww", four()).unwrap();
        assert_eq!(abcd, wxyz);
        assert_eq!(abcd, Regions::boxes(four()));
        assert!(wxyz.is_boxes());
        let hash = |r: &Regions| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&abcd), hash(&wxyz));
        // The letters are kept for printing.
        assert_eq!(wxyz.to_string(), "xxyyxxyyzzwwzzww");
        let other = Regions::parse("aabbabbacddccdcd", four()).unwrap();
        assert_ne!(abcd, other);
        assert!(!other.is_boxes());
    }
}
