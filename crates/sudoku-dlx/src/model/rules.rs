//! Rules: what a solver is built for (shape, variants, jigsaw regions, killer cages).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::model::cages::Cages;
use crate::model::cell::Cell;
use crate::model::error::Error;
use crate::model::regions::Regions;
use crate::model::shape::Shape;
use crate::model::variants::Variants;

/// The rules of a puzzle: its shape, its variants, for jigsaw the regions
/// that replace the boxes, and for killer the cages.
///
/// A [`Solver`](crate::Solver) is built for one `Rules` and solves every
/// puzzle with equal rules without rebuilding its matrix. Rules are equal
/// when they constrain the same cells: jigsaw regions compare as a
/// partition (whatever their letters), and regions that are the boxes equal
/// no regions at all.
///
/// ```
/// use sudoku_dlx::{Rules, Shape, Variants};
/// let rules = Rules::new(Shape::CLASSIC).with_variants(Variants { x: true, ..Variants::NONE });
/// assert_eq!(rules.to_string(), "9x9 (3x3 boxes) x");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Rules {
    shape: Shape,
    variants: Variants,
    regions: Option<Regions>,
    /// Killer cages; `Arc`, as every puzzle of a killer batch has its own
    /// and solvers and generators clone the rules.
    cages: Option<Arc<Cages>>,
}

impl Rules {
    /// Classic rules for `shape`: rows, columns and boxes.
    #[must_use]
    pub fn new(shape: Shape) -> Rules {
        Rules {
            shape,
            variants: Variants::NONE,
            regions: None,
            cages: None,
        }
    }

    /// Classic 9x9 rules.
    #[must_use]
    pub fn classic() -> Rules {
        Rules::new(Shape::CLASSIC)
    }

    /// These rules with `variants` instead.
    #[must_use]
    pub fn with_variants(mut self, variants: Variants) -> Rules {
        self.variants = variants;
        self
    }

    /// Jigsaw rules: these rules with `regions` in place of the boxes.
    ///
    /// # Errors
    ///
    /// [`Error::RegionMapLength`] if the map is for another grid size.
    pub fn with_regions(mut self, regions: Regions) -> Result<Rules, Error> {
        if regions.shape().size() != self.shape.size() {
            return Err(Error::RegionMapLength {
                found: regions.shape().cell_count(),
                expected: self.shape.cell_count(),
            });
        }
        // Same side, so the same cells; the map is read against these
        // boxes (6x6 with 3x2 boxes, say, not the 2x3 of `Shape::from_size`).
        self.regions = Some(regions.with_shape(self.shape));
        Ok(self)
    }

    /// Killer rules: these rules with `cages`, whose digits differ and add
    /// up to their sums.
    ///
    /// ```
    /// use sudoku_dlx::{CageLayout, Cages, Rules, Shape};
    /// let shape = Shape::from_size(4)?;
    /// let cages = Cages::parse("aabbaabbccddccdd", "a=10,b=10,c=10,d=10", shape, CageLayout::Joined)?;
    /// let rules = Rules::new(shape).with_cages(cages)?;
    /// assert_eq!(rules.to_string(), "4x4 (2x2 boxes) killer");
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if the cages are for another shape.
    pub fn with_cages(mut self, cages: Cages) -> Result<Rules, Error> {
        let sides = |shape: Shape| (shape.box_rows(), shape.box_cols());
        if cages.shape().size() != self.shape.size() {
            return Err(Error::ShapeMismatch {
                expected: sides(self.shape),
                found: sides(cages.shape()),
            });
        }
        self.cages = Some(Arc::new(cages));
        Ok(self)
    }

    /// The killer cages, if any.
    #[must_use]
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_deref()
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variants.
    #[must_use]
    pub fn variants(&self) -> Variants {
        self.variants
    }

    /// The jigsaw regions, if the boxes are replaced.
    #[must_use]
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// The region (box, or jigsaw region) of the cell at row-major `index`.
    #[must_use]
    pub fn region_of(&self, index: usize) -> usize {
        match &self.regions {
            Some(regions) => regions.region_of(index),
            None => self.shape.box_of(self.shape.cell(index)),
        }
    }

    /// The region of `cell`.
    #[must_use]
    pub fn region_of_cell(&self, cell: Cell) -> usize {
        self.region_of(self.shape.index(cell))
    }

    /// The jigsaw regions if they differ from the boxes: what equality and
    /// the hash compare.
    fn jigsaw(&self) -> Option<&Regions> {
        self.regions.as_ref().filter(|r| !r.is_boxes())
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.shape == other.shape
            && self.variants == other.variants
            && self.jigsaw() == other.jigsaw()
            && self.cages == other.cages
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.variants.hash(state);
        self.jigsaw().hash(state);
        self.cages.hash(state);
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shape)?;
        if self.regions.is_some() {
            f.write_str(" jigsaw")?;
        }
        if self.cages.is_some() {
            f.write_str(" killer")?;
        }
        if !self.variants.is_classic() {
            write!(f, " {}", self.variants)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// Equal rules hash alike, so a map keyed by rules (a cache of solvers,
    /// say) finds the classic solver for the boxes written as a jigsaw map.
    #[test]
    fn equal_rules_hash_alike() {
        let four = Shape::from_size(4).unwrap();
        let boxes = Regions::parse("xxyyxxyyzzwwzzww", four).unwrap();
        let jigsaw = Regions::parse("aabbabbacddccdcd", four).unwrap();
        let as_map = Rules::new(four).with_regions(boxes).unwrap();
        let mut seen = HashSet::new();
        seen.insert(Rules::new(four));
        assert!(seen.contains(&as_map));
        assert!(!seen.contains(&Rules::new(four).with_regions(jigsaw).unwrap()));
        let x = Variants {
            x: true,
            ..Variants::NONE
        };
        assert!(!seen.contains(&as_map.with_variants(x)));
    }
}
