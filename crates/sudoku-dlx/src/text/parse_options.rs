//! How to read a record: the shape, alphabet, variants and formats a
//! reader expects ([`ParseOptions`]).

#[cfg(doc)]
use crate::model::error::Error;
#[cfg(doc)]
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::model::variants::Variants;

/// How to read a record. The default reads any shape from its length with
/// the standard alphabet (or numbers, when the text is plainly numbers), no
/// variants, and no jigsaw.
///
/// Formats of a record:
/// - **line**: n*n symbols on one line, row-major; text after them, after
///   whitespace, `;`, `,` or `:` (`<81 cells> # name`,
///   `puzzle:count:solution`), is ignored ([`Framer`](crate::Framer) keeps
///   it as the record's comment);
/// - **block**: n lines of n symbols; spaces and the box separators `|`,
///   `+` and `-` are ignored, so [`Grid::pretty`] output reads back. (A
///   `-` between two cells of a row is no separator and no blank: where
///   the record needs it as a cell, it is an [`Error::InvalidSymbol`]
///   at its column.) The
///   side is the first row's length (or the shape's): a row of another
///   length or a missing row is an error
///   ([`Error::BlockRowLength`], [`Error::BlockRows`]), never a grid of
///   another size;
/// - **numbers**: whitespace-separated numbers, `0` or `.` for blanks, for
///   any size (and the only way to write sizes above 35);
/// - **jigsaw**: a line-format puzzle, whitespace, and n*n region letters;
///   with [`jigsaw`](Self::jigsaw) set, the puzzle may be in numbers (the
///   map is then the last token), as a jigsaw puzzle above 35x35 prints;
/// - **killer** (only with [`killer`](Self::killer) set): the givens (line
///   format, or one token of numbers), whitespace, one cage label per cell
///   (`0-9`, `A-Z`, `a-z`; `.` for a cell in no cage), whitespace, and the
///   sums as `LABEL=SUM` separated by commas, such as
///   `........ aabb... a=3,b=17,...`. Up to 16x16.
///
/// Lines starting with `#` are comments. Blanks are `.` (and `0` in the
/// standard alphabet).
///
/// ```
/// use sudoku_dlx::{Alphabet, ParseOptions, Puzzle, Shape};
/// let options = ParseOptions { alphabet: Some(Alphabet::Hex), ..ParseOptions::default() };
/// let line = format!("0123{}", ".".repeat(252));
/// let puzzle = Puzzle::parse(&line, &options)?;
/// assert_eq!(puzzle.givens().digits()[..5], [1, 2, 3, 4, 0]);
/// assert_eq!(puzzle.shape(), Shape::from_size(16)?);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The shape every record must have; `None` infers it from the number of
    /// cells (81 is 9x9, 256 is 16x16, 16 is 4x4, 36 is 6x6 with 2x3 boxes).
    pub shape: Option<Shape>,
    /// The variant rules every puzzle is played by.
    pub variants: Variants,
    /// The alphabet; `None` reads the standard alphabet, or numbers when
    /// every token is a number and some have two digits.
    pub alphabet: Option<Alphabet>,
    /// Require a region map after every puzzle. Without it a record never
    /// holds a map: a grid after a puzzle is its comment (a solution), and
    /// a map there is [`Error::JigsawWithoutOption`]. (`str::parse` reads
    /// a map all the same, as it takes no options.)
    pub jigsaw: bool,
    /// Killer: every record is one line of givens, cage map and sums (no
    /// blocks; a region map is not read).
    pub killer: bool,
    /// Killer: allow a cage whose cells are not joined side to side (an
    /// error by default, as such a cage is usually a typing mistake).
    pub disjoint_cages: bool,
}

impl ParseOptions {
    /// The options that read `puzzle`'s text back as `puzzle`: its shape
    /// (whose boxes the text does not say: 36 cells read as 2x3 boxes by
    /// default), its variants (which the text does not carry), jigsaw when
    /// it has a region map, killer (any cages) when it has cages, and its
    /// alphabet.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Puzzle, Variants};
    /// let x = ParseOptions { variants: Variants { x: true, ..Variants::NONE }, ..ParseOptions::default() };
    /// let puzzle = Puzzle::parse(&format!("1234{}", ".".repeat(77)), &x)?;
    /// let text = puzzle.to_string();
    /// // The default options read the givens, but classic rules.
    /// assert_ne!(text.parse::<Puzzle>()?.rules(), puzzle.rules());
    /// assert_eq!(Puzzle::parse(&text, &ParseOptions::for_puzzle(&puzzle))?, puzzle);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn for_puzzle(puzzle: &Puzzle) -> ParseOptions {
        ParseOptions {
            shape: Some(puzzle.shape()),
            variants: puzzle.rules().variants(),
            alphabet: Some(puzzle.alphabet()),
            jigsaw: puzzle.rules().regions().is_some(),
            killer: puzzle.rules().cages().is_some(),
            disjoint_cages: true,
        }
    }
}
