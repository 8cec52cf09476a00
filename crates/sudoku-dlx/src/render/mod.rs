//! Puzzles drawn for paper as SVG documents: one grid
//! ([`puzzle_svg`]), or sheets of pages with several puzzles each, captions,
//! a title, page numbers and a solutions section ([`pages`]).
//!
//! The drawing is what setters expect: thin cell lines and thick box
//! borders; for jigsaw the regions' borders thick and no boxes; the X
//! diagonals and windoku windows shaded light grey; killer cages as dashed
//! lines inset in their cells with the sum small in the cage's first cell;
//! anti-king and anti-knight named in the caption ([`caption`]). Digits are
//! written in the puzzle's alphabet (letters past 9 on 16x16 and 25x25,
//! numbers on 64x64) and sized to fit their cells; on a solution the digits
//! that were not givens are grey.
//!
//! This module only builds strings: no I/O, no threads, no clock, no
//! dependency, so that the command line, a web page and the Python package
//! draw the same way. Two further features turn pages into files with the
//! same font on every machine: `pdf` ([`pdf`], svg2pdf) and `png` ([`png`],
//! resvg). Lengths are in points (1/72 inch); text asks for the font
//! family `DejaVu Sans` (then `sans-serif`), whose metrics the layout
//! assumes, and which those two features compile in (the crate's `fonts/`).
//!
//! ```
//! use sudoku_dlx::Puzzle;
//! use sudoku_dlx::render::{Item, Layout, Paper, caption, pages};
//!
//! let puzzle: Puzzle =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let items = vec![Item { caption: caption(1, None, &puzzle), ..Item::new(&puzzle) }];
//! let layout = Layout { paper: Paper::Letter, title: Some("Week 1".into()), ..Layout::default() };
//! let pages = pages(&layout, &items, &[]);
//! assert_eq!(pages.len(), 1);
//! let svg = pages[0].svg();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(">Week 1</text>"));
//! # Ok::<(), sudoku_dlx::Error>(())
//! ```

mod grid;
#[cfg(any(feature = "pdf", feature = "png"))]
mod output;
mod svg;

#[cfg(any(feature = "pdf", feature = "png"))]
pub use output::OutputError;
#[cfg(feature = "png")]
pub use output::png;
#[cfg(feature = "pdf")]
pub use output::{pdf, pdf_with_font};

use std::fmt::Write;

use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::render::grid::{GridContent, draw_grid};
pub use crate::render::svg::FONT_FAMILY;
use crate::render::svg::{Num, centred_text};

/// A sheet of paper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points, portrait.
    ///
    /// ```
    /// use sudoku_dlx::render::Paper;
    /// assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    /// ```
    #[must_use]
    pub fn size(self) -> (f64, f64) {
        match self {
            // 210 and 297 mm at 72 / 25.4 points a millimetre.
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How puzzles are laid out on pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The paper.
    pub paper: Paper,
    /// Landscape: the paper's long side across.
    pub landscape: bool,
    /// Puzzles on a page (at least 1), in the grid of rows and columns
    /// that makes them largest.
    pub per_page: usize,
    /// Solutions on a page of the solutions section (at least 1): smaller
    /// grids than the puzzles'.
    pub solutions_per_page: usize,
    /// The margin on every side, in points.
    pub margin: f64,
    /// A title at the top of every page.
    pub title: Option<String>,
    /// A page number at the bottom of every page ("3 / 25").
    pub page_numbers: bool,
}

impl Default for Layout {
    /// A4 portrait, one puzzle a page, four solutions a page, 15 mm
    /// margins, no title, page numbers.
    fn default() -> Layout {
        Layout {
            paper: Paper::A4,
            landscape: false,
            per_page: 1,
            solutions_per_page: 4,
            margin: 42.5,
            title: None,
            page_numbers: true,
        }
    }
}

impl Layout {
    /// The page's width and height in points, as the paper and
    /// orientation say.
    #[must_use]
    pub fn page_size(&self) -> (f64, f64) {
        let (w, h) = self.paper.size();
        if self.landscape { (h, w) } else { (w, h) }
    }

    /// The solutions-per-page that suits `per_page` puzzles a page: four
    /// times as many (smaller grids), at most 16.
    ///
    /// ```
    /// use sudoku_dlx::render::Layout;
    /// assert_eq!(Layout::solutions_for(1), 4);
    /// assert_eq!(Layout::solutions_for(6), 16);
    /// ```
    #[must_use]
    pub fn solutions_for(per_page: usize) -> usize {
        (per_page.max(1) * 4).min(16)
    }
}

/// One grid to draw and its caption.
#[derive(Clone, Debug)]
pub struct Item<'a> {
    /// The puzzle: its shape, rules (regions, cages, variants), alphabet
    /// and givens.
    pub puzzle: &'a Puzzle,
    /// The digits to write: the givens, or a solution (its digits that are
    /// not givens are grey).
    pub grid: &'a Grid,
    /// The text under the grid (see [`caption`]); empty for none.
    pub caption: String,
    /// Per cell in row order, the candidates to write small in each open
    /// cell (as [`Board::candidates`](crate::Board::candidates) holds them).
    pub candidates: Option<&'a [Vec<u8>]>,
    /// Whether killer cages are drawn: a small solution grid reads better
    /// without them.
    pub cages: bool,
}

impl<'a> Item<'a> {
    /// `puzzle`'s givens and cages, no caption, no candidates.
    #[must_use]
    pub fn new(puzzle: &'a Puzzle) -> Item<'a> {
        Item {
            puzzle,
            grid: puzzle.givens(),
            caption: String::new(),
            candidates: None,
            cages: true,
        }
    }
}

/// The caption of puzzle `number`: the number, then the level and score
/// when known (`rating`), then the rules a grid does not show (anti-king,
/// anti-knight), joined by ` · `.
///
/// ```
/// use sudoku_dlx::{ParseOptions, Puzzle, Variants};
/// use sudoku_dlx::render::caption;
/// let options = ParseOptions { variants: Variants { anti_king: true, ..Variants::NONE }, ..ParseOptions::default() };
/// let puzzle = Puzzle::parse(&".".repeat(81), &options)?;
/// assert_eq!(caption(7, Some(("hard", 3.14159)), &puzzle), "7 · hard 3.14 · anti-king");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[must_use]
pub fn caption(number: usize, rating: Option<(&str, f64)>, puzzle: &Puzzle) -> String {
    let mut parts = vec![number.to_string()];
    if let Some((level, score)) = rating {
        parts.push(format!("{level} {score:.2}"));
    }
    let variants = puzzle.rules().variants();
    if variants.anti_king {
        parts.push("anti-king".to_owned());
    }
    if variants.anti_knight {
        parts.push("anti-knight".to_owned());
    }
    parts.join(" · ")
}

/// One page: an SVG document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    svg: String,
}

impl Page {
    /// The page as an SVG document.
    #[must_use]
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// The page's SVG document, owned.
    #[must_use]
    pub fn into_svg(self) -> String {
        self.svg
    }
}

impl AsRef<str> for Page {
    fn as_ref(&self) -> &str {
        &self.svg
    }
}

/// The number of pages [`pages`] makes of `puzzles` puzzles and `solutions`
/// solutions with `layout`.
///
/// ```
/// use sudoku_dlx::render::{Layout, page_count};
/// let layout = Layout { per_page: 4, solutions_per_page: 16, ..Layout::default() };
/// assert_eq!(page_count(&layout, 100, 100), 25 + 7);
/// assert_eq!(page_count(&layout, 0, 0), 0);
/// ```
#[must_use]
pub fn page_count(layout: &Layout, puzzles: usize, solutions: usize) -> usize {
    puzzles.div_ceil(layout.per_page.max(1)) + solutions.div_ceil(layout.solutions_per_page.max(1))
}

/// The pages of a sheet: `puzzles`, [`Layout::per_page`] a page in input
/// order, then the solutions section (pages headed "Solutions"),
/// [`Layout::solutions_per_page`] a page.
#[must_use]
pub fn pages(layout: &Layout, puzzles: &[Item<'_>], solutions: &[Item<'_>]) -> Vec<Page> {
    let total = page_count(layout, puzzles.len(), solutions.len());
    let mut pages = Vec::with_capacity(total);
    for chunk in puzzles.chunks(layout.per_page.max(1)) {
        let number = pages.len() + 1;
        pages.push(page(layout, chunk, layout.per_page, None, number, total));
    }
    for chunk in solutions.chunks(layout.solutions_per_page.max(1)) {
        let number = pages.len() + 1;
        let per_page = layout.solutions_per_page;
        pages.push(page(
            layout,
            chunk,
            per_page,
            Some("Solutions"),
            number,
            total,
        ));
    }
    pages
}

/// The opening tag of an SVG document `width` by `height` points.
fn open_svg(svg: &mut String, width: f64, height: f64) {
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}, sans-serif"><rect width="{w}" height="{h}" fill="white"/>"#,
        w = Num(width),
        h = Num(height),
    );
}

/// The font size of captions under grids `side` points wide.
fn caption_size(side: f64) -> f64 {
    (side * 0.045).clamp(6.0, 11.0)
}

/// How `count` grids fit in `width` x `height`: columns, rows and the side
/// of each grid, the arrangement with the largest grids (each slot keeps a
/// tenth of its width as a gutter and room for its caption below).
fn arrange(count: usize, width: f64, height: f64) -> (usize, usize, f64) {
    let count = count.max(1);
    let mut best = (1, count, 0.0);
    for cols in 1..=count {
        let rows = count.div_ceil(cols);
        let (slot_w, slot_h) = (width / cols as f64, height / rows as f64);
        let side = (slot_w * 0.9).min(slot_h * 0.9 - 2.0 * caption_size(slot_w * 0.9));
        if side > best.2 {
            best = (cols, rows, side);
        }
    }
    best
}

/// One page of `items`, laid out as `per_page` would be (so that a last,
/// short page has grids of the same size), with `heading` after the title.
fn page(
    layout: &Layout,
    items: &[Item<'_>],
    per_page: usize,
    heading: Option<&str>,
    number: usize,
    total: usize,
) -> Page {
    let (width, height) = layout.page_size();
    let margin = layout.margin.clamp(0.0, width.min(height) / 4.0);
    let mut svg = String::new();
    open_svg(&mut svg, width, height);
    let mut top = margin;
    let title = match (&layout.title, heading) {
        (Some(title), Some(heading)) => Some(format!("{title}: {heading}")),
        (Some(title), None) => Some(title.clone()),
        (None, heading) => heading.map(str::to_owned),
    };
    if let Some(title) = title {
        let size = 16.0;
        centred_text(&mut svg, width / 2.0, top + size, size, &title);
        top += size * 2.0;
    }
    let mut bottom = height - margin;
    if layout.page_numbers {
        let size = 9.0;
        let label = format!("{number} / {total}");
        centred_text(&mut svg, width / 2.0, bottom, size, &label);
        bottom -= size * 2.0;
    }
    let (area_w, area_h) = (width - 2.0 * margin, (bottom - top).max(1.0));
    let (cols, rows, side) = arrange(per_page, area_w, area_h);
    let (slot_w, slot_h) = (area_w / cols as f64, area_h / rows as f64);
    let text_size = caption_size(side);
    // Centre the block of slots the items use when they are fewer than
    // the page holds in a row.
    let used_cols = cols.min(items.len().max(1));
    let left = margin + (area_w - used_cols as f64 * slot_w) / 2.0;
    for (k, item) in items.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let x = left + col as f64 * slot_w + (slot_w - side) / 2.0;
        let y = top + row as f64 * slot_h + (slot_h - side - 2.0 * text_size) / 2.0;
        draw_item(&mut svg, item, x, y, side, text_size);
    }
    svg.push_str("</svg>\n");
    Page { svg }
}

/// `item`'s grid at `(x, y)`, `side` points wide, and its caption below.
fn draw_item(svg: &mut String, item: &Item<'_>, x: f64, y: f64, side: f64, text_size: f64) {
    let content = GridContent {
        puzzle: item.puzzle,
        grid: item.grid,
        candidates: item.candidates,
        cages: item.cages,
    };
    draw_grid(svg, content, x, y, side);
    if !item.caption.is_empty() {
        let baseline = y + side + text_size * 1.5;
        centred_text(svg, x + side / 2.0, baseline, text_size, &item.caption);
    }
}

/// One grid as its own SVG document: cells `cell` points wide, a margin of
/// one cell, and the caption below when `item` has one.
///
/// ```
/// use sudoku_dlx::{ParseOptions, Puzzle};
/// use sudoku_dlx::render::{Item, puzzle_svg};
/// let jigsaw = ParseOptions { jigsaw: true, ..ParseOptions::default() };
/// let puzzle = Puzzle::parse("1...............  aaabcabbccdbcddd", &jigsaw)?;
/// let svg = puzzle_svg(&Item::new(&puzzle), 20.0);
/// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="120pt""#));
/// assert!(svg.contains(">1</text>"));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[must_use]
pub fn puzzle_svg(item: &Item<'_>, cell: f64) -> String {
    let n = item.puzzle.shape().size() as f64;
    let side = cell * n;
    let text_size = caption_size(side);
    let caption_room = if item.caption.is_empty() {
        0.0
    } else {
        2.0 * text_size
    };
    let (width, height) = (side + 2.0 * cell, side + 2.0 * cell + caption_room);
    let mut svg = String::new();
    open_svg(&mut svg, width, height);
    draw_item(&mut svg, item, cell, cell, side, text_size);
    svg.push_str("</svg>\n");
    svg
}

/// The candidates of `puzzle`'s open cells, for [`Item::candidates`]: per
/// cell in row order, the digits that no peer given holds (a cell sharing a
/// row, column, region, diagonal, window or cage with it, or a king's or
/// knight's move away under anti-king and anti-knight); empty for a given.
///
/// ```
/// use sudoku_dlx::Puzzle;
/// let puzzle: Puzzle = "12..............".parse()?;
/// let candidates = sudoku_dlx::render::candidates(&puzzle);
/// assert_eq!(candidates[0], Vec::<u8>::new());
/// assert_eq!(candidates[2], [3, 4]);
/// assert_eq!(candidates[5], [3, 4]);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[must_use]
pub fn candidates(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let rules = puzzle.rules();
    let geometry = Geometry::new(rules);
    let givens = puzzle.givens().digits();
    let n = puzzle.shape().size();
    let cage_cells = |index: usize| -> &[usize] {
        rules
            .cages()
            .and_then(|cages| cages.cages().get(cages.cage_of(index)?))
            .map(crate::model::cages::Cage::cells)
            .unwrap_or(&[])
    };
    (0..givens.len())
        .map(|index| {
            if givens[index] != 0 {
                return Vec::new();
            }
            let mut seen = vec![false; n + 1];
            for &peer in geometry.peers(index).iter().chain(cage_cells(index)) {
                seen[usize::from(givens[peer])] = true;
            }
            (1..=n)
                .filter(|&d| !seen[d])
                .filter_map(|d| u8::try_from(d).ok())
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_and_solution_is_on_its_page_for_1_to_100_puzzles() {
        let puzzle: Puzzle = "1234341221434321".parse().unwrap();
        for per_page in [1, 2, 4, 6] {
            let layout = Layout {
                per_page,
                solutions_per_page: Layout::solutions_for(per_page),
                ..Layout::default()
            };
            for count in 1..=100_usize {
                let items: Vec<Item<'_>> = (0..count).map(|_| Item::new(&puzzle)).collect();
                let drawn = pages(&layout, &items, &items);
                let expected = count.div_ceil(per_page) + count.div_ceil(layout.solutions_per_page);
                assert_eq!(drawn.len(), expected, "{count} puzzles, {per_page} a page");
                assert_eq!(page_count(&layout, count, count), expected);
                // Each grid writes its digits in one black group.
                let grids: Vec<usize> = drawn
                    .iter()
                    .map(|page| page.svg().matches(r#"<g fill="black">"#).count())
                    .collect();
                let puzzle_pages = count.div_ceil(per_page);
                assert!(grids[..puzzle_pages - 1].iter().all(|&g| g == per_page));
                assert_eq!(grids[..puzzle_pages].iter().sum::<usize>(), count);
                assert_eq!(grids[puzzle_pages..].iter().sum::<usize>(), count);
                let last = drawn.last().unwrap().svg();
                assert!(last.contains(&format!(">{expected} / {expected}</text>")));
            }
        }
    }

    #[test]
    fn the_arrangement_fills_the_page_and_makes_the_largest_grids() {
        // Four on a portrait page: two by two.
        let (cols, rows, _) = arrange(4, 510.0, 740.0);
        assert_eq!((cols, rows), (2, 2));
        // Two on a portrait page: one above the other.
        assert_eq!(arrange(2, 510.0, 740.0).0, 1);
        // Two on a landscape page: side by side.
        assert_eq!(arrange(2, 740.0, 510.0).0, 2);
        for count in 1..=36 {
            let (cols, rows, side) = arrange(count, 510.0, 740.0);
            assert!(cols * rows >= count && side > 0.0, "{count}");
        }
    }
}
