//! Rules: what a solver is built for (shape, variants and jigsaw regions).

use std::fmt;

use crate::model::cell::Cell;
use crate::model::error::Error;
use crate::model::regions::Regions;
use crate::model::shape::Shape;
use crate::model::variants::Variants;

/// The rules of a puzzle: its shape, its variants, and, for jigsaw, the
/// regions that replace the boxes.
///
/// A [`Solver`](crate::Solver) is built for one `Rules` and solves every
/// puzzle with equal rules without rebuilding its matrix.
///
/// ```
/// use sudoku_dlx::{Rules, Shape, Variants};
/// let rules = Rules::new(Shape::CLASSIC).with_variants(Variants { x: true, ..Variants::NONE });
/// assert_eq!(rules.to_string(), "9x9 (3x3 boxes) x");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    variants: Variants,
    regions: Option<Regions>,
}

impl Rules {
    /// Classic rules for `shape`: rows, columns and boxes.
    #[must_use]
    pub fn new(shape: Shape) -> Rules {
        Rules {
            shape,
            variants: Variants::NONE,
            regions: None,
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
        self.regions = Some(regions);
        Ok(self)
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
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shape)?;
        if self.regions.is_some() {
            f.write_str(" jigsaw")?;
        }
        if !self.variants.is_classic() {
            write!(f, " {}", self.variants)?;
        }
        Ok(())
    }
}
