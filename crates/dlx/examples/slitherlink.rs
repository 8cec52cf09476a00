//! Slitherlink as exact cover with colors (XCC), after Knuth's
//! slitherlink-dlx: the same items, names and options, in the same order.
//!
//! Primary items: every vertex ("tile") of the (m+1)x(n+1) grid of corners,
//! named by its doubled coordinates, and every clued cell. Secondary items:
//! the edges between neighbouring tiles, colored 1 (on the loop) or 0.
//! A tile's options are its 7 ways to meet the loop (not at all, or by two
//! of its four edges) that stay on the board; a clued cell's options are
//! the ways of coloring its four edges with as many 1s as its clue. As in
//! Knuth's program, a solution is a set of disjoint loops (the "one loop"
//! rule is not enforced), so a board without clues counts every family of
//! disjoint cycles of the grid graph: a count that grows exponentially and
//! that a ZDD (`Zdd::build`) holds in few nodes.
//!
//! `cargo run --example slitherlink -- 3 4` prints the blank 3x4 board's
//! problem; `-- .3.. 1..2 ....` a board of clue rows (`0`-`4` or `.`).

use dlx_engine::NamedProblem;

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// Knuth's one-character coordinate.
fn encode(x: usize) -> char {
    let x = u8::try_from(x).expect("a coordinate below 62");
    char::from(match x {
        0..=9 => b'0' + x,
        10..=35 => b'a' + x - 10,
        36..=61 => b'A' + x - 36,
        _ => b'?',
    })
}

fn name(i: usize, j: usize) -> String {
    format!("{}{}", encode(i), encode(j))
}

/// The XCC problem of a board of clues (each row of `b'0'..=b'4'` or
/// `b'.'`, all of one length, at least 2 rows and 2 columns, at most 30).
///
/// # Panics
///
/// On a board outside those bounds or a clue other than those.
#[must_use]
pub fn slitherlink(board: &[Vec<u8>]) -> NamedProblem {
    let (m, n) = (board.len(), board[0].len());
    assert!(
        (2..=30).contains(&m) && (2..=30).contains(&n),
        "2 to 30 rows and columns"
    );
    assert!(board.iter().all(|row| row.len() == n), "rows of one length");
    // A tile's ways: bits N, W, E, S (8, 4, 2, 1), as Knuth's `code`.
    const CODE: [u8; 7] = [0xc, 0xa, 0x5, 0x3, 0x9, 0x6, 0x0];
    // A cell's edge patterns by number of edges on, as his `bin` and `start`.
    const BIN: [u8; 16] = [
        0x0, 0x1, 0x2, 0x4, 0x8, 0x3, 0x5, 0x6, 0x9, 0xa, 0xc, 0x7, 0xb, 0xd, 0xe, 0xf,
    ];
    const START: [usize; 6] = [0, 1, 5, 11, 15, 16];
    let mut text = String::new();
    for i in 0..=m {
        for j in 0..=n {
            text += &name(2 * i, 2 * j);
            text.push(' ');
        }
    }
    for (i, row) in board.iter().enumerate() {
        for (j, &clue) in row.iter().enumerate() {
            assert!(
                clue == b'.' || (b'0'..=b'4').contains(&clue),
                "a clue 0-4 or ."
            );
            if clue != b'.' {
                text += &name(2 * i + 1, 2 * j + 1);
                text.push(' ');
            }
        }
    }
    text.push('|');
    for i in 0..=2 * m {
        for j in 0..=2 * n {
            if (i + j) % 2 == 1 {
                text.push(' ');
                text += &name(i, j);
            }
        }
    }
    text.push('\n');
    let bit = |code: u8, b: u8| (code >> b) & 1;
    for i in 0..=m {
        for j in 0..=n {
            let (r, c) = (2 * i, 2 * j);
            for code in CODE {
                let off_board = (i == 0 && code & 8 != 0)
                    || (j == 0 && code & 4 != 0)
                    || (j == n && code & 2 != 0)
                    || (i == m && code & 1 != 0);
                if off_board {
                    continue;
                }
                text += &name(r, c);
                if i > 0 {
                    text += &format!(" {}:{}", name(r - 1, c), bit(code, 3));
                }
                if j > 0 {
                    text += &format!(" {}:{}", name(r, c - 1), bit(code, 2));
                }
                if j < n {
                    text += &format!(" {}:{}", name(r, c + 1), bit(code, 1));
                }
                if i < m {
                    text += &format!(" {}:{}", name(r + 1, c), bit(code, 0));
                }
                text.push('\n');
            }
        }
    }
    for (i, row) in board.iter().enumerate() {
        for (j, &clue) in row.iter().enumerate() {
            if clue == b'.' {
                continue;
            }
            let (r, c) = (2 * i + 1, 2 * j + 1);
            let k = usize::from(clue - b'0');
            for &pattern in &BIN[START[k]..START[k + 1]] {
                text += &format!(
                    "{} {}:{} {}:{} {}:{} {}:{}\n",
                    name(r, c),
                    name(r - 1, c),
                    bit(pattern, 3),
                    name(r, c - 1),
                    bit(pattern, 2),
                    name(r, c + 1),
                    bit(pattern, 1),
                    name(r + 1, c),
                    bit(pattern, 0)
                );
            }
        }
    }
    NamedProblem::parse(&text).expect("the generated problem parses")
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let words: Vec<&str> = (0..)
        .map_while(|i| args.word(i))
        .filter(|w| !w.starts_with("--"))
        .collect();
    let board: Vec<Vec<u8>> =
        if words.len() <= 2 && words.iter().all(|w| w.parse::<usize>().is_ok()) {
            let (m, n) = (args.number(0, 3), args.number(1, 3));
            vec![vec![b'.'; n]; m]
        } else {
            words.iter().map(|w| w.as_bytes().to_vec()).collect()
        };
    let (m, n) = (board.len(), board[0].len());
    args.print_or_count(
        &format!("slitherlink on a {m}x{n} board"),
        &slitherlink(&board),
    );
}
