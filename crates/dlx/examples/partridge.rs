//! The partridge puzzle as multiple cover (MCC, Algorithm M).
//!
//! Tile a square of side `n(n+1)/2` with one 1x1 square, two 2x2 squares,
//! ..., and `n` squares of side `n`: their areas add up to
//! `1^3 + 2^3 + ... + n^3 = (n(n+1)/2)^2`. Items: every cell (covered once)
//! and, as in Knuth's generator for DLX3, one item `#k` per size, covered
//! exactly `k` times (`k|#k` in the item line). Option: a `k` x `k` square at
//! one place, naming `#k` and its cells. Squares of one size are not told
//! apart, so a tiling is found once, whatever order its equal squares are in;
//! tilings that differ by a rotation or reflection of the whole square count
//! as different.
//!
//! Known answers (R. Wainwright's puzzle; TAOCP 7.2.2.1): no tiling for
//! `2 <= n <= 7`; for `n = 8`, 2,332 tilings up to the 8 symmetries of the
//! square, so 18,656 as counted here (none is symmetric).
//!
//! `cargo run --example partridge -- 6` prints the problem in Knuth's DLX3
//! format; `--count` counts its tilings.

use dlx_engine::{NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The side of the square for partridge number `n`.
pub fn side(n: usize) -> usize {
    n * (n + 1) / 2
}

/// The partridge puzzle of order `n` (`n >= 1`).
pub fn partridge(n: usize) -> NamedProblem {
    let side = side(n);
    let cells = side * side;
    // Items: #1 ..= #n, then the cells, all primary.
    let mut names: Vec<String> = (1..=n).map(|k| format!("#{k}")).collect();
    names.extend((0..cells).map(|c| format!("{}.{}", c / side, c % side)));
    let mut builder = Problem::builder(n + cells, 0).expect("n >= 1");
    for k in 1..=n {
        let k32 = u32::try_from(k).expect("a small order");
        builder.set_bounds(k - 1, k32, k32).expect("bounds on #k");
    }
    let mut option = Vec::new();
    for k in 1..=n {
        for top in 0..=side - k {
            for left in 0..=side - k {
                option.clear();
                option.push(k - 1);
                for r in top..top + k {
                    option.extend((left..left + k).map(|c| n + r * side + c));
                }
                builder.add_option(&option).expect("valid option");
            }
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let n = args.number(0, 3);
    args.print_or_count(&format!("The partridge puzzle, n = {n}"), &partridge(n));
}
