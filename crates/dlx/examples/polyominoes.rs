//! Tilings by polyominoes as exact cover: dominoes and the 12 pentominoes.
//!
//! Items: every cell of the board (covered once) and, for pentominoes, every
//! piece (used once). Option: one placement of one piece, in any rotation or
//! reflection, that fits on the board. Counts include the board's symmetries,
//! as in Knuth's tables (6x10 pentominoes: 9,356 = 4 x 2,339).
//!
//! `cargo run --example polyominoes -- pentominoes 6 10` prints the problem in
//! Knuth's format; `dominoes 4 4` is the domino version.

use dlx_engine::{NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The 12 pentominoes in Conway's letters, each as its cells `(row, column)`.
pub const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("N", [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ("T", [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ("U", [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ("Y", [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ("Z", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct rotations and reflections of `cells`, each shifted so its
/// smallest row and column are 0 and sorted, so equal shapes compare equal.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut current: Vec<(i32, i32)> = cells.to_vec();
    for reflection in 0..2 {
        for _ in 0..4 {
            current = current.iter().map(|&(r, c)| (c, -r)).collect();
            let min_r = current.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = current.iter().map(|p| p.1).min().unwrap_or(0);
            let mut shape: Vec<(i32, i32)> = current
                .iter()
                .map(|&(r, c)| (r - min_r, c - min_c))
                .collect();
            shape.sort_unstable();
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
        if reflection == 0 {
            current = current.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    shapes
}

/// Tilings of a `rows` x `columns` board by `pieces`, each used exactly once
/// (a named piece) or any number of times (when `named` is false, the pieces'
/// names are not items: the domino case).
fn tiling(
    rows: usize,
    columns: usize,
    pieces: &[(&str, &[(i32, i32)])],
    named: bool,
) -> NamedProblem {
    let piece_items = if named { pieces.len() } else { 0 };
    let mut names: Vec<String> = if named {
        pieces.iter().map(|p| p.0.to_string()).collect()
    } else {
        Vec::new()
    };
    for r in 0..rows {
        for c in 0..columns {
            names.push(format!("{r}_{c}"));
        }
    }
    let mut builder = Problem::builder(piece_items + rows * columns, 0).expect("a nonempty board");
    let mut option = Vec::new();
    for (k, (_, cells)) in pieces.iter().enumerate() {
        for shape in orientations(cells) {
            let height = shape.iter().map(|p| p.0).max().unwrap_or(0) as usize + 1;
            let width = shape.iter().map(|p| p.1).max().unwrap_or(0) as usize + 1;
            for r in 0..=rows.saturating_sub(height) {
                for c in 0..=columns.saturating_sub(width) {
                    if height > rows || width > columns {
                        continue;
                    }
                    option.clear();
                    if named {
                        option.push(k);
                    }
                    option.extend(shape.iter().map(|&(dr, dc)| {
                        piece_items + (r + dr as usize) * columns + c + dc as usize
                    }));
                    builder.add_option(&option).expect("valid option");
                }
            }
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

/// The 12 pentominoes on a `rows` x `columns` board (60 cells for a tiling).
pub fn pentominoes(rows: usize, columns: usize) -> NamedProblem {
    let pieces: Vec<(&str, &[(i32, i32)])> =
        PENTOMINOES.iter().map(|(n, c)| (*n, &c[..])).collect();
    tiling(rows, columns, &pieces, true)
}

/// Domino tilings of a `rows` x `columns` board.
pub fn dominoes(rows: usize, columns: usize) -> NamedProblem {
    tiling(rows, columns, &[("domino", &[(0, 0), (0, 1)])], false)
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let kind = args.word(0).unwrap_or("pentominoes");
    let (rows, columns) = (args.number(1, 6), args.number(2, 10));
    let problem = if kind == "dominoes" {
        dominoes(rows, columns)
    } else {
        pentominoes(rows, columns)
    };
    args.print_or_count(&format!("{kind} on a {rows}x{columns} board"), &problem);
}
