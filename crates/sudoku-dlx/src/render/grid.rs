//! One grid drawn into an SVG document: shading for the variants' extra
//! units, the digits, thin cell lines, thick region borders and killer cages.

use std::fmt::Write;

use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::variants::{windoku_windows, window_cells};
use crate::render::svg::{Num, centred_text, line, rect, text};

/// The grey of the X diagonals and windoku windows: light enough that a
/// pencilled digit stays readable on it, dark enough to survive a copier.
const SHADE: &str = "#d9d9d9";
/// The grey of digits filled in by the solver on a solution grid, so that a
/// reader tells them from the givens.
const FILLED: &str = "#555555";
/// The grey of candidates.
const CANDIDATE: &str = "#444444";

/// What a grid shows: the puzzle, the digits to write and, optionally,
/// each cell's candidates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GridContent<'a> {
    pub(crate) puzzle: &'a Puzzle,
    /// The digits written in the cells: the givens, or a solution (whose
    /// digits that are not givens are written grey).
    pub(crate) grid: &'a Grid,
    /// Per cell in row order, the candidates written small in an open cell.
    pub(crate) candidates: Option<&'a [Vec<u8>]>,
    /// Whether killer cages are drawn.
    pub(crate) cages: bool,
}

/// The line widths of a grid whose cells are `cell` points wide: thin
/// lines a thirtieth of a cell (between a quarter and three quarters of a
/// point), thick ones three times that.
fn line_widths(cell: f64) -> (f64, f64) {
    let thin = (cell / 30.0).clamp(0.25, 0.75);
    (thin, thin * 3.0)
}

/// Draws `content` as a square of side `side` with its top-left corner at
/// `(x, y)`.
pub(crate) fn draw_grid(svg: &mut String, content: GridContent<'_>, x: f64, y: f64, side: f64) {
    let puzzle = content.puzzle;
    let shape = puzzle.shape();
    let n = shape.size();
    let cell = side / n as f64;
    let (thin, thick) = line_widths(cell);
    let at = |k: usize| k as f64 * cell;

    // Shading first, so that lines and digits are drawn over it.
    let variants = puzzle.rules().variants();
    let mut shaded = vec![false; n * n];
    if variants.x {
        for k in 0..n {
            shaded[k * n + k] = true;
            shaded[k * n + (n - 1 - k)] = true;
        }
    }
    if variants.windoku {
        for corner in windoku_windows(shape) {
            for c in window_cells(shape, corner) {
                shaded[c.row * n + c.col] = true;
            }
        }
    }
    if shaded.contains(&true) {
        let _ = write!(svg, r#"<g fill="{SHADE}">"#);
        for (index, _) in shaded.iter().enumerate().filter(|(_, s)| **s) {
            rect(svg, x + at(index % n), y + at(index / n), cell, cell);
        }
        svg.push_str("</g>");
    }

    draw_digits(svg, content, x, y, cell);

    // Thin lines: every cell border, as whole rows and columns of lines.
    let _ = write!(
        svg,
        r#"<g stroke="black" stroke-width="{}" stroke-linecap="square">"#,
        Num(thin)
    );
    for k in 1..n {
        line(svg, x + at(k), y, x + at(k), y + side);
        line(svg, x, y + at(k), x + side, y + at(k));
    }
    svg.push_str("</g>");

    draw_region_borders(svg, puzzle, x, y, cell, thick);
    if let Some(cages) = puzzle.rules().cages().filter(|_| content.cages) {
        let groups: Vec<(&[usize], u32)> = cages
            .cages()
            .iter()
            .map(|cage| (cage.cells(), cage.sum()))
            .collect();
        draw_cages(svg, n, &groups, x, y, cell, thin);
    }
}

/// The font size of a grid's digits: three fifths of a cell for one
/// character, smaller for longer symbols so that `64` fits its cell.
fn digit_size(cell: f64, chars: usize) -> f64 {
    // A DejaVu Sans digit is about 0.64 em wide; a symbol takes at most
    // 80% of its cell.
    let fit = 0.8 / (0.64 * chars.max(1) as f64);
    cell * fit.min(0.62)
}

/// The digits (and candidates) of `content`.
fn draw_digits(svg: &mut String, content: GridContent<'_>, x: f64, y: f64, cell: f64) {
    let puzzle = content.puzzle;
    let alphabet = puzzle.alphabet();
    let n = puzzle.shape().size();
    let widest = alphabet.symbol(u8::try_from(n).unwrap_or(u8::MAX)).len();
    let size = digit_size(cell, widest);
    // The baseline of a centred digit: DejaVu's digits are 0.73 em tall.
    let baseline = cell / 2.0 + 0.73 * size / 2.0;
    let givens = puzzle.givens().digits();
    let mut filled = String::new();
    svg.push_str(r#"<g fill="black">"#);
    for (index, &digit) in content.grid.digits().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let (cx, cy) = (x + (index % n) as f64 * cell, y + (index / n) as f64 * cell);
        let symbol = alphabet.symbol(digit);
        if givens.get(index).copied().unwrap_or(0) == 0 {
            centred_text(&mut filled, cx + cell / 2.0, cy + baseline, size, &symbol);
        } else {
            centred_text(svg, cx + cell / 2.0, cy + baseline, size, &symbol);
        }
    }
    svg.push_str("</g>");
    if !filled.is_empty() {
        let _ = write!(svg, r#"<g fill="{FILLED}">{filled}</g>"#);
    }
    if let Some(candidates) = content.candidates {
        draw_candidates(svg, content, candidates, x, y, cell);
    }
}

/// The candidates of the open cells, each digit at its own place of a
/// small grid inside the cell (1 top left, as pencil marks are written).
fn draw_candidates(
    svg: &mut String,
    content: GridContent<'_>,
    candidates: &[Vec<u8>],
    x: f64,
    y: f64,
    cell: f64,
) {
    let puzzle = content.puzzle;
    let alphabet = puzzle.alphabet();
    let shape = puzzle.shape();
    let n = shape.size();
    // The small grid: the box's shape, as wide as it is tall or wider.
    let (rows, cols) = (
        shape.box_rows().min(shape.box_cols()),
        shape.box_rows().max(shape.box_cols()),
    );
    let (small_w, small_h) = (cell / cols as f64, cell / rows as f64);
    let widest = alphabet.symbol(u8::try_from(n).unwrap_or(u8::MAX)).len();
    let size = digit_size(small_w.min(small_h), widest);
    let _ = write!(svg, r#"<g fill="{CANDIDATE}">"#);
    for (index, digits) in candidates.iter().enumerate().take(n * n) {
        if content.grid.digits().get(index).copied().unwrap_or(0) != 0 {
            continue;
        }
        let (cx, cy) = (x + (index % n) as f64 * cell, y + (index / n) as f64 * cell);
        for &digit in digits {
            let place = usize::from(digit.max(1) - 1);
            let (row, col) = (place / cols, place % cols);
            centred_text(
                svg,
                cx + (col as f64 + 0.5) * small_w,
                cy + (row as f64 + 0.5) * small_h + 0.73 * size / 2.0,
                size,
                &alphabet.symbol(digit),
            );
        }
    }
    svg.push_str("</g>");
}

/// The thick lines: the outer border and every border between two cells of
/// different regions (boxes, or jigsaw regions), joined into runs so that a
/// box border is one line.
fn draw_region_borders(svg: &mut String, puzzle: &Puzzle, x: f64, y: f64, cell: f64, thick: f64) {
    let rules = puzzle.rules();
    let n = puzzle.shape().size();
    let region = |row: usize, col: usize| rules.region_of(row * n + col);
    let at = |k: usize| k as f64 * cell;
    let _ = write!(
        svg,
        r#"<g stroke="black" stroke-width="{}" stroke-linecap="square" fill="none">"#,
        Num(thick)
    );
    let _ = write!(
        svg,
        r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
        Num(x),
        Num(y),
        Num(at(n)),
        Num(at(n))
    );
    // Vertical borders right of column `col`, horizontal ones below row `row`.
    for k in 0..n.saturating_sub(1) {
        for_each_run(
            n,
            |i| region(i, k) != region(i, k + 1),
            |from, to| {
                line(svg, x + at(k + 1), y + at(from), x + at(k + 1), y + at(to));
            },
        );
        for_each_run(
            n,
            |i| region(k, i) != region(k + 1, i),
            |from, to| {
                line(svg, x + at(from), y + at(k + 1), x + at(to), y + at(k + 1));
            },
        );
    }
    svg.push_str("</g>");
}

/// Calls `run(from, to)` for each maximal run of `0..n` where `on` holds
/// (`to` excluded).
fn for_each_run(n: usize, on: impl Fn(usize) -> bool, mut run: impl FnMut(usize, usize)) {
    let mut start = None;
    for i in 0..=n {
        match (start, i < n && on(i)) {
            (None, true) => start = Some(i),
            (Some(from), false) => {
                run(from, i);
                start = None;
            }
            _ => {}
        }
    }
}

/// Killer cages (each its cells and sum): a dashed line inset inside the
/// cells along the cage's outline, and the sum small in its first cell
/// (top left, in reading order) on a white ground that breaks the line.
fn draw_cages(
    svg: &mut String,
    n: usize,
    cages: &[(&[usize], u32)],
    x: f64,
    y: f64,
    cell: f64,
    thin: f64,
) {
    let mut cage_of = vec![usize::MAX; n * n];
    for (cage, (cells, _)) in cages.iter().enumerate() {
        for &index in *cells {
            if let Some(slot) = cage_of.get_mut(index) {
                *slot = cage;
            }
        }
    }
    // Whether the cell at (row + dr, col + dc) is inside the grid and in `cage`.
    let inside = |row: usize, col: usize, dr: isize, dc: isize, cage: usize| {
        let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc)) else {
            return false;
        };
        r < n && c < n && cage_of[r * n + c] == cage
    };
    let inset = cell * 0.12;
    let dash = cell * 0.08;
    let _ = write!(
        svg,
        r#"<g stroke="black" stroke-width="{}" stroke-dasharray="{} {}" fill="none">"#,
        Num(thin),
        Num(dash),
        Num(dash)
    );
    for (index, &cage) in cage_of.iter().enumerate() {
        if cage == usize::MAX {
            continue;
        }
        let (row, col) = (index / n, index % n);
        let (left, top) = (x + col as f64 * cell, y + row as f64 * cell);
        let (right, bottom) = (left + cell, top + cell);
        // Where a side's line ends, seen along the side towards the
        // neighbour `(dr, dc)`, the side itself facing `(fr, fc)`: inset
        // where the outline turns in this cell, at the cell's edge where
        // it runs on straight, past the edge where it turns round a
        // corner of the cage (an inner corner).
        let end = |dr: isize, dc: isize, fr: isize, fc: isize| -> f64 {
            if !inside(row, col, dr, dc, cage) {
                inset
            } else if inside(row, col, dr + fr, dc + fc, cage) {
                -inset
            } else {
                0.0
            }
        };
        if !inside(row, col, -1, 0, cage) {
            let from = left + end(0, -1, -1, 0);
            let to = right - end(0, 1, -1, 0);
            line(svg, from, top + inset, to, top + inset);
        }
        if !inside(row, col, 1, 0, cage) {
            let from = left + end(0, -1, 1, 0);
            let to = right - end(0, 1, 1, 0);
            line(svg, from, bottom - inset, to, bottom - inset);
        }
        if !inside(row, col, 0, -1, cage) {
            let from = top + end(-1, 0, 0, -1);
            let to = bottom - end(1, 0, 0, -1);
            line(svg, left + inset, from, left + inset, to);
        }
        if !inside(row, col, 0, 1, cage) {
            let from = top + end(-1, 0, 0, 1);
            let to = bottom - end(1, 0, 0, 1);
            line(svg, right - inset, from, right - inset, to);
        }
    }
    svg.push_str("</g>");
    // The sums, over the lines.
    let size = cell * 0.24;
    for (cells, sum) in cages {
        let Some(&first) = cells.iter().min() else {
            continue;
        };
        let label = sum.to_string();
        let (left, top) = (
            x + (first % n) as f64 * cell + inset * 0.5,
            y + (first / n) as f64 * cell + inset * 0.5,
        );
        let width = 0.64 * size * label.len() as f64 + size * 0.2;
        svg.push_str(r#"<g fill="white">"#);
        rect(svg, left, top, width, size * 1.05);
        svg.push_str("</g>");
        text(svg, left + size * 0.1, top + size * 0.85, size, &label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_neighbouring_borders() {
        let mut runs = Vec::new();
        for_each_run(9, |i| i != 3 && i != 4, |a, b| runs.push((a, b)));
        assert_eq!(runs, [(0, 3), (5, 9)]);
    }

    #[test]
    fn two_digit_symbols_are_smaller_than_one_digit_ones() {
        assert!(digit_size(10.0, 3) < digit_size(10.0, 1));
        // Two DejaVu digits fit in 80% of the cell.
        assert!(2.0 * 0.64 * digit_size(10.0, 2) <= 8.0 + 1e-9);
    }
}
