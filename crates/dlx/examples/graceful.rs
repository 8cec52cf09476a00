//! Graceful labelings of a graph as exact cover with colors (XCC,
//! Algorithm C), after Knuth's use of colors for them in TAOCP 7.2.2.1.
//!
//! A graph with `m` edges is graceful if its vertices can get distinct
//! labels from `0..=m` so that the differences `|label(u) - label(v)|` over
//! its edges are `1, 2, ..., m`, each once. Items: each edge and each
//! difference, primary (each edge gets one difference, each difference one
//! edge); each vertex, secondary, colored with its label; and each label,
//! secondary, colored with the vertex that has it (so no two vertices share
//! one). Option: edge `uv` with labels `a` at `u` and `b` at `v`, giving
//! difference `|a - b|`.
//!
//! Known answers (S. W. Golomb, 1972): the complete graph `K_n` is graceful
//! exactly for `n <= 4`, its labels being a perfect Golomb ruler: `{0, 1}`,
//! `{0, 1, 3}` and `{0, 1, 4, 6}` or their mirror images, so `K_n` has
//! `n!` labelings per ruler: 2, 12 and 48 for `n = 2, 3, 4`, and none for
//! `n = 5`.
//!
//! `cargo run --example graceful -- complete 4` prints the problem in Knuth's
//! DLX2 format (`petersen` and `wheel N` are other graphs); `--count` counts
//! its labelings.

use dlx_engine::{Color, NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The graceful labelings of the graph on `vertices` vertices with `edges`
/// (at least one edge, between vertices below `vertices`).
pub fn graceful(vertices: usize, edges: &[(usize, usize)]) -> NamedProblem {
    let m = edges.len();
    // Items: edges, differences 1..=m, then vertices and labels 0..=m.
    let mut names: Vec<String> = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
    names.extend((1..=m).map(|d| format!("d{d}")));
    names.extend((0..vertices).map(|v| format!("v{v}")));
    names.extend((0..=m).map(|l| format!("l{l}")));
    let (vertex, label) = (2 * m, 2 * m + vertices);
    let mut builder = Problem::builder(2 * m, vertices + m + 1).expect("items");
    for (e, &(u, v)) in edges.iter().enumerate() {
        for a in 0..=m {
            for b in (0..=m).filter(|&b| b != a) {
                builder
                    .add_colored_option(&[
                        (e, None),
                        (m + a.abs_diff(b) - 1, None),
                        (vertex + u, Color::new(a)),
                        (vertex + v, Color::new(b)),
                        (label + a, Color::new(u)),
                        (label + b, Color::new(v)),
                    ])
                    .expect("valid option");
            }
        }
    }
    let colors = (0..=m.max(vertices)).map(|c| c.to_string()).collect();
    NamedProblem::with_colors(builder.build(), names, colors).expect("valid names")
}

/// The edges of the complete graph `K_n`.
pub fn complete(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect()
}

/// The edges of the wheel `W_n`: a cycle of `n` vertices and a hub.
pub fn wheel(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|v| [(v, (v + 1) % n), (v, n)]).collect()
}

/// The edges of the Petersen graph: an outer 5-cycle, an inner pentagram,
/// and the spokes between them.
pub fn petersen() -> Vec<(usize, usize)> {
    (0..5)
        .flat_map(|v| [(v, (v + 1) % 5), (5 + v, 5 + (v + 2) % 5), (v, 5 + v)])
        .collect()
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let n = args.number(1, 4);
    let (vertices, edges) = match args.word(0) {
        Some("petersen") => (10, petersen()),
        Some("wheel") => (n + 1, wheel(n)),
        _ => (n.max(2), complete(n.max(2))),
    };
    args.print_or_count("Graceful labelings", &graceful(vertices, &edges));
}
