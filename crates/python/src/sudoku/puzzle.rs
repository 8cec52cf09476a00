//! [`NativePuzzle`]: a puzzle (rules, givens, alphabet), and the options
//! that read one from text.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_dlx::{Alphabet, Error, Grid, ParseOptions, Puzzle, Regions, Rules, Shape, Variants};

use crate::sudoku::to_py;

/// A puzzle, or a grid: a grid is held as a puzzle whose givens are its
/// digits, so that it prints in the alphabet, and with the region map, of
/// the puzzle it belongs to. The Python classes `Puzzle` and `Grid` wrap it.
#[pyclass(frozen, eq, hash, name = "NativePuzzle", module = "sudoku_dlx._native")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct NativePuzzle {
    pub(crate) puzzle: Puzzle,
}

/// The shape asked for: a side (`size`), box sides (`box_shape`), or neither.
pub(crate) fn shape_of(
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
) -> Result<Option<Shape>, Error> {
    match (box_shape, size) {
        (Some((rows, cols)), _) => Shape::with_boxes(rows, cols).map(Some),
        (None, Some(size)) => Shape::from_size(size).map(Some),
        (None, None) => Ok(None),
    }
}

/// The variants of the four flags.
pub(crate) fn variants_of(x: bool, windoku: bool, anti_king: bool, anti_knight: bool) -> Variants {
    Variants {
        x,
        windoku,
        anti_king,
        anti_knight,
    }
}

/// The alphabet named `name` (`standard`, `hex`, `numbers`).
fn alphabet_of(name: Option<&str>) -> PyResult<Option<Alphabet>> {
    Ok(match name {
        None => None,
        Some("standard") => Some(Alphabet::Standard),
        Some("hex") => Some(Alphabet::Hex),
        Some("numbers") => Some(Alphabet::Numbers),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "unknown alphabet `{other}`; use \"standard\" (1-9 then A-Z), \"hex\" (0-9 and A-F) or \"numbers\""
            )));
        }
    })
}

/// The name of `alphabet`, as [`alphabet_of`] reads it.
fn alphabet_name(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::Hex => "hex",
        Alphabet::Numbers => "numbers",
        _ => "standard",
    }
}

/// The reader's keyword arguments, shared by `Puzzle.parse`, `Grid.parse`
/// and `read_puzzles`: python/sudoku_dlx/sudoku.py passes them as a dict
/// under their Python names, `alphabet` always (None for the default), the
/// others off (or None) when left out.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct ReadOptions {
    #[pyo3(default)]
    size: Option<usize>,
    #[pyo3(item("box"), default)]
    box_shape: Option<(usize, usize)>,
    alphabet: Option<String>,
    #[pyo3(default)]
    x: bool,
    #[pyo3(default)]
    windoku: bool,
    #[pyo3(default)]
    anti_king: bool,
    #[pyo3(default)]
    anti_knight: bool,
    /// A region map after each puzzle.
    #[pyo3(default)]
    jigsaw: bool,
    #[pyo3(default)]
    killer: bool,
    #[pyo3(default)]
    disjoint_cages: bool,
}

impl ReadOptions {
    /// The library's options, or why they cannot be.
    pub(crate) fn parse_options(&self, py: Python<'_>) -> PyResult<ParseOptions> {
        let shape = shape_of(self.size, self.box_shape)
            .map_err(|e| to_py(py, &e, Alphabet::Standard, false))?;
        if self.jigsaw && self.killer {
            return Err(PyValueError::new_err(
                "jigsaw and killer cannot be combined: a killer line has no place for a region map",
            ));
        }
        Ok(ParseOptions {
            shape,
            variants: variants_of(self.x, self.windoku, self.anti_king, self.anti_knight),
            alphabet: alphabet_of(self.alphabet.as_deref())?,
            jigsaw: self.jigsaw,
            killer: self.killer,
            disjoint_cages: self.disjoint_cages,
        })
    }
}

impl NativePuzzle {
    /// Wraps `puzzle`.
    pub(crate) fn new(puzzle: Puzzle) -> NativePuzzle {
        NativePuzzle { puzzle }
    }

    /// `grid` as a grid of this puzzle (its rules and alphabet).
    pub(crate) fn grid(&self, grid: Grid) -> NativePuzzle {
        let rules = self.puzzle.rules().clone();
        // The grid comes from a search of these rules: same shape.
        let puzzle = Puzzle::new(rules, grid).map_or_else(
            |_| self.puzzle.clone(),
            |p| p.with_alphabet(self.puzzle.alphabet()),
        );
        NativePuzzle { puzzle }
    }

    /// A library error about this puzzle, raised as a `ValueError`.
    pub(crate) fn error(&self, py: Python<'_>, error: &Error) -> PyErr {
        to_py(py, error, self.puzzle.alphabet(), false)
    }

    /// The digits of `values` (0 for blank) as a grid of `shape`.
    fn digits_grid(py: Python<'_>, shape: Shape, values: &[i64]) -> PyResult<Grid> {
        let n = shape.size();
        if values.len() != shape.cell_count() {
            return Err(PyValueError::new_err(format!(
                "{} values for a {n}x{n} grid, which has {} cells",
                values.len(),
                shape.cell_count()
            )));
        }
        let mut digits = Vec::with_capacity(values.len());
        for (index, &value) in values.iter().enumerate() {
            match u8::try_from(value) {
                Ok(digit) if usize::from(digit) <= n => digits.push(digit),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "{}: {value} is not a digit of a {n}x{n} grid; use 1-{n} for digits and 0 for blanks",
                        shape.cell(index)
                    )));
                }
            }
        }
        Grid::from_digits(shape, digits).map_err(|e| to_py(py, &e, Alphabet::Standard, false))
    }
}

#[pymethods]
impl NativePuzzle {
    /// Reads one puzzle from `text` (see `sudoku_dlx.sudoku.Puzzle.parse`).
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str, options: ReadOptions) -> PyResult<NativePuzzle> {
        let options = options.parse_options(py)?;
        let alphabet = options.alphabet.unwrap_or_default();
        Puzzle::parse(text, &options)
            .map(NativePuzzle::new)
            .map_err(|e| to_py(py, &e, alphabet, true))
    }

    /// A puzzle of the given shape and variants with `digits` (row-major,
    /// 0 for blank) as givens, on the region map `regions` if one is given.
    #[staticmethod]
    #[pyo3(signature = (digits, size, box_shape, x, windoku, anti_king, anti_knight, regions))]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn from_digits(
        py: Python<'_>,
        digits: Vec<i64>,
        size: Option<usize>,
        box_shape: Option<(usize, usize)>,
        x: bool,
        windoku: bool,
        anti_king: bool,
        anti_knight: bool,
        regions: Option<&str>,
    ) -> PyResult<NativePuzzle> {
        let value_error = |e: Error| to_py(py, &e, Alphabet::Standard, false);
        let shape = match shape_of(size, box_shape).map_err(value_error)? {
            Some(shape) => shape,
            None => Shape::from_cell_count(digits.len()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{} cells make no grid; a grid has n*n cells (16, 36, 81, 256, ...)",
                    digits.len()
                ))
            })?,
        };
        let grid = Self::digits_grid(py, shape, &digits)?;
        let mut rules =
            Rules::new(shape).with_variants(variants_of(x, windoku, anti_king, anti_knight));
        if let Some(map) = regions {
            let regions =
                Regions::parse(map, shape).map_err(|e| to_py(py, &e, Alphabet::Standard, true))?;
            rules = rules.with_regions(regions).map_err(value_error)?;
        }
        Puzzle::new(rules, grid)
            .map(NativePuzzle::new)
            .map_err(value_error)
    }

    /// This puzzle's rules and alphabet with `digits` as its givens.
    fn with_digits(&self, py: Python<'_>, digits: Vec<i64>) -> PyResult<NativePuzzle> {
        let grid = Self::digits_grid(py, self.puzzle.shape(), &digits)?;
        Ok(self.grid(grid))
    }

    /// This puzzle on the jigsaw region map `map`.
    fn with_regions(&self, py: Python<'_>, map: &str) -> PyResult<NativePuzzle> {
        let shape = self.puzzle.shape();
        let regions =
            Regions::parse(map, shape).map_err(|e| to_py(py, &e, Alphabet::Standard, true))?;
        let rules = self
            .puzzle
            .rules()
            .clone()
            .with_regions(regions)
            .map_err(|e| self.error(py, &e))?;
        let puzzle = Puzzle::new(rules, self.puzzle.givens().clone())
            .map_err(|e| self.error(py, &e))?
            .with_alphabet(self.puzzle.alphabet());
        Ok(NativePuzzle { puzzle })
    }

    /// The grid's side n.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.shape().size()
    }

    /// Rows and columns of a box.
    #[getter]
    fn box_shape(&self) -> (usize, usize) {
        let shape = self.puzzle.shape();
        (shape.box_rows(), shape.box_cols())
    }

    /// The givens, row-major, 0 for blank.
    #[getter]
    fn digits(&self) -> Vec<u8> {
        self.puzzle.givens().digits().to_vec()
    }

    /// The variant flags: x, windoku, anti-king, anti-knight.
    #[getter]
    fn variants(&self) -> (bool, bool, bool, bool) {
        let v = self.puzzle.rules().variants();
        (v.x, v.windoku, v.anti_king, v.anti_knight)
    }

    /// The jigsaw region map, one letter per cell, if any.
    #[getter]
    fn regions(&self) -> Option<String> {
        self.puzzle.rules().regions().map(ToString::to_string)
    }

    /// The killer cages as the killer line writes them (map and sums), if any.
    #[getter]
    fn cages(&self) -> Option<String> {
        self.puzzle.rules().cages().map(ToString::to_string)
    }

    /// The alphabet's name: standard, hex or numbers.
    #[getter]
    fn alphabet(&self) -> &'static str {
        alphabet_name(self.puzzle.alphabet())
    }

    /// The puzzle as the CLI writes it: the line of givens, then the
    /// region map or the cages.
    fn line(&self) -> String {
        self.puzzle.to_string()
    }

    /// The givens alone in the line format.
    fn grid_line(&self) -> String {
        self.puzzle.format_grid(self.puzzle.givens())
    }

    /// The givens drawn as `--format grid` draws a grid: box lines, or a
    /// jigsaw's region borders and its line.
    fn drawing(&self) -> String {
        self.puzzle.drawing(self.puzzle.givens()).to_string()
    }

    /// Whether the rules of `other` are this puzzle's.
    fn same_rules(&self, other: &NativePuzzle) -> bool {
        self.puzzle.rules() == other.puzzle.rules()
    }
}
