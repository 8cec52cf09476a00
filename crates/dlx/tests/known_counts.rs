//! Problems with published solution counts, encoded by the crate's examples.

#[allow(dead_code, unreachable_pub)]
#[path = "../examples/langford.rs"]
pub(crate) mod langford;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/latin_squares.rs"]
pub(crate) mod latin_squares;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/n_queens.rs"]
pub(crate) mod n_queens;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/polyominoes.rs"]
pub(crate) mod polyominoes;

use std::ops::ControlFlow;

use dlx_engine::{Dlx, End, NamedProblem, OptionId, Problem};

/// Counts every solution, checking each one independently with
/// [`dlx_engine::Problem::is_solution`] and that no solution is reported twice.
fn count_checked(named: &NamedProblem) -> u64 {
    count_solutions_of(named.problem(), false)
}

/// Like [`count_checked`], after pruning the problem when `prune` is set;
/// pruned solutions are mapped back and checked against the original problem.
fn count_solutions_of(problem: &Problem, prune: bool) -> u64 {
    let pruned = prune.then(|| problem.prune());
    let searched = pruned.as_ref().map_or(problem, |p| p.problem());
    let mut solver = Dlx::new(searched);
    let mut seen = std::collections::HashSet::new();
    let count = solver.for_each_solution(|solution| {
        let options = solution.options();
        let original: Vec<OptionId> = options
            .iter()
            .map(|&o| pruned.as_ref().map_or(o, |p| p.original(o)))
            .collect();
        assert!(
            problem.is_solution(&original),
            "not an exact cover: {original:?}"
        );
        let mut key: Vec<usize> = original.iter().map(|o| o.index()).collect();
        key.sort_unstable();
        assert!(seen.insert(key), "solution reported twice");
        ControlFlow::Continue(())
    });
    assert_eq!(count.end, End::Exhausted);
    assert_eq!(count.solutions, solver.stats().solutions);
    assert!(solver.links_match(searched), "links not restored");
    count.solutions
}

#[test]
fn n_queens_for_n_1_to_10() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..=10).zip(&expected) {
        assert_eq!(count_checked(&n_queens::n_queens(n)), count, "{n}-queens");
    }
}

#[test]
fn langford_pairs() {
    for (n, count) in [(3, 2), (4, 2), (7, 52), (8, 300)] {
        assert_eq!(
            count_checked(&langford::langford(n)),
            count,
            "Langford n={n}"
        );
    }
    // No solutions unless n is 0 or 3 modulo 4.
    assert_eq!(count_checked(&langford::langford(5)), 0);
}

#[test]
fn latin_squares_of_order_1_to_4() {
    for (n, count) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        assert_eq!(
            count_checked(&latin_squares::latin_squares(n)),
            count,
            "order {n}"
        );
    }
}

#[test]
fn domino_tilings() {
    assert_eq!(count_checked(&polyominoes::dominoes(4, 4)), 36);
    assert_eq!(count_checked(&polyominoes::dominoes(6, 6)), 6728);
    assert_eq!(
        count_checked(&polyominoes::dominoes(3, 3)),
        0,
        "an odd board"
    );
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(count_checked(&polyominoes::pentominoes(3, 20)), 8);
}

#[test]
fn pruning_keeps_every_pentomino_solution() {
    let named = polyominoes::pentominoes(3, 20);
    let pruned = named.problem().prune();
    assert!(pruned.removed() > 0, "a 3x20 board blocks some placements");
    assert_eq!(pruned.problem().prune().removed(), 0, "a fixed point");
    assert_eq!(count_solutions_of(named.problem(), true), 8);
}

#[test]
fn example_files_are_what_the_examples_write() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/exact-cover");
    let cases = [
        ("pentominoes-6x10.dlx", polyominoes::pentominoes(6, 10)),
        ("queens-12.dlx", n_queens::n_queens(12)),
        ("queens-15.dlx", n_queens::n_queens(15)),
        ("langford-11.dlx", langford::langford(11)),
        ("latin-5.dlx", latin_squares::latin_squares(5)),
    ];
    for (file, expected) in cases {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        assert_eq!(NamedProblem::parse(&text).unwrap(), expected, "{file}");
    }
}

/// The example file `file` of `data/exact-cover/`, parsed.
pub(crate) fn example_file(file: &str) -> NamedProblem {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/exact-cover");
    let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    NamedProblem::parse(&text).unwrap()
}

/// The example files with big counts, and their published counts.
const EXAMPLE_COUNTS: [(&str, u64); 4] = [
    ("pentominoes-6x10.dlx", 9356),
    ("queens-12.dlx", 14_200),
    ("langford-11.dlx", 35_584),
    ("latin-5.dlx", 161_280),
];

/// The big counts: minutes in debug mode, seconds in release (`.ci/run` runs
/// these with `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn big_counts_from_the_example_files() {
    for (file, count) in EXAMPLE_COUNTS {
        let named = example_file(file);
        assert_eq!(count_checked(&named), count, "{file}");
        assert_eq!(
            count_solutions_of(named.problem(), true),
            count,
            "{file} pruned"
        );
    }
}

/// The count on dancing cells (`Dlx::count` for problems with secondary
/// items; the hidden `count_on_cells` for any) against the published counts
/// and against the links' tree (the same on every file but langford-11): every example file without bounds but the
/// two longest (pentominoes-6x10 and queens-15, tens of seconds). The
/// search entering every node (the solution iterator, on the links) gives
/// the nodes and the profile. The counts are published ones (OEIS A000170
/// for the queens, A014552 for Langford pairs, A002860 for Latin squares,
/// `(3!)^(3^2) / 3^3` de Bruijn cycles of order 3 on 3 digits, as cycles
/// starting 000) or those the `dlx` crate finds in `compare` (graceful
/// labelings, Knuth's two examples).
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn cells_count_the_example_files_on_the_links_tree() {
    for (file, count) in [
        ("queens-12.dlx", 14_200),
        ("langford-11.dlx", 35_584),
        ("latin-5.dlx", 161_280),
        ("de-bruijn-3-3.dlx", 373_248),
        ("graceful-wheel-7.dlx", 1_876),
        ("knuth-example.dlx", 1),
        ("knuth-colors.dlx", 1),
    ] {
        let named = example_file(file);
        let mut solver = Dlx::new(named.problem());
        let entered = solver.for_each_solution(|_| ControlFlow::Continue(()));
        let on_links = solver.stats().clone();
        assert_eq!(entered.solutions, count, "{file}");
        let cells = solver.count_on_cells(None);
        let stats = solver.stats().clone();
        assert_eq!(
            (cells.solutions, cells.end),
            (count, End::Exhausted),
            "{file}"
        );
        if file == "langford-11.dlx" {
            // One hiding can empty two positions at once; the links note
            // only the last and miss some dooms the cells find: 439,747
            // nodes against 440,185 (`Stats::nodes`). No other file.
            assert!(stats.nodes < on_links.nodes, "{file}");
        } else {
            assert_eq!(stats.nodes, on_links.nodes, "{file}");
            assert_eq!(stats.profile, on_links.profile, "{file}");
        }
        // A limit is met exactly, and the sets are restored after it.
        let limited = solver.count_on_cells(Some(count.div_ceil(2)));
        assert_eq!(limited.solutions, count.div_ceil(2), "{file}");
        assert_eq!(solver.count(None).solutions, count, "{file}");
        assert!(solver.links_match(named.problem()), "{file}");
    }
}

/// Exact cover the bitsets fit, with published counts: the tilings the
/// chooser counts on bitsets, and problems it leaves on the links or cells.
pub(crate) fn bits_known_counts() -> [(NamedProblem, u64); 6] {
    [
        (polyominoes::pentominoes(3, 20), 8),
        (polyominoes::dominoes(6, 6), 6728),
        (langford::langford(7), 52),
        (langford::langford(8), 300),
        (latin_squares::latin_squares(4), 576),
        (n_queens::n_queens(8), 92),
    ]
}

/// The count on bitsets (`Dlx::count` for plain exact cover with long
/// lists; the hidden `count_on_bits` for any exact cover of at most 4,096
/// options) against published counts and the links' count, node for node
/// (langford's dooms the links miss included).
#[test]
fn bits_count_as_the_links_on_known_problems() {
    for (named, count) in bits_known_counts() {
        let mut solver = Dlx::new(named.problem());
        let bits = solver.count_on_bits(None);
        let stats = solver.stats().clone();
        assert_eq!((bits.solutions, bits.end), (count, End::Exhausted));
        solver.count_on_matrix(None);
        assert_eq!(stats.nodes, solver.stats().nodes, "{count}");
        assert_eq!(stats.profile, solver.stats().profile, "{count}");
    }
    // The chooser sends the tilings by pentominoes there, not the others.
    assert!(
        Dlx::new(polyominoes::pentominoes(3, 20).problem())
            .path()
            .counts_on_bits()
    );
    assert!(
        !Dlx::new(langford::langford(8).problem())
            .path()
            .counts_on_bits()
    );
}

/// [`bits_count_as_the_links_on_known_problems`] on the example files
/// (seconds in release, `.ci/run`).
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn bits_count_the_example_files_as_the_links() {
    for (file, count) in EXAMPLE_COUNTS {
        let named = example_file(file);
        let mut solver = Dlx::new(named.problem());
        let bits = solver.count_on_bits(None);
        let stats = solver.stats().clone();
        assert_eq!(
            (bits.solutions, bits.end),
            (count, End::Exhausted),
            "{file}"
        );
        solver.count_on_matrix(None);
        assert_eq!(stats.nodes, solver.stats().nodes, "{file}");
        assert_eq!(stats.profile, solver.stats().profile, "{file}");
        assert_eq!(solver.count(None).solutions, count, "{file}");
    }
}
