//! Problems with colors and bounds whose answers are published, encoded by
//! the crate's examples. Every solution is checked by rules written here,
//! from the puzzle's own terms, not through the engine.

#[allow(dead_code, unreachable_pub)]
#[path = "../examples/binary_matrices.rs"]
pub(crate) mod binary_matrices;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/de_bruijn.rs"]
pub(crate) mod de_bruijn;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/graceful.rs"]
mod graceful;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/partridge.rs"]
mod partridge;
#[allow(dead_code, unreachable_pub)]
#[path = "../examples/zebra.rs"]
pub(crate) mod zebra;

use std::collections::{BTreeSet, HashSet};

use dlx_engine::{Dlx, End, Kind, NamedProblem};

/// Runs every solution of `named` through `check` (with the options' text
/// and the colors the search reports, as `item:color`), after checking it is
/// a solution and new; returns how many there were.
fn count_checked(named: &NamedProblem, mut check: impl FnMut(&[String], &[String])) -> u64 {
    let mut solver = Dlx::new(named.problem());
    let mut seen = HashSet::new();
    let mut solutions = solver.solutions();
    let mut count = 0;
    while let Some(solution) = solutions.next() {
        let options = solution.options();
        assert!(
            named.problem().is_solution(options),
            "not a solution: {options:?}"
        );
        let mut key: Vec<usize> = options.iter().map(|o| o.index()).collect();
        key.sort_unstable();
        assert!(seen.insert(key), "solution reported twice");
        let colors: Vec<(dlx_engine::ItemId, dlx_engine::Color)> = solution.colors().collect();
        assert_eq!(colors, named.problem().solution_colors(options));
        let text: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
        let colors: Vec<String> = colors
            .iter()
            .map(|&(i, c)| format!("{}:{}", named.item_name(i), named.color_name(c)))
            .collect();
        check(&text, &colors);
        count += 1;
    }
    assert_eq!(solutions.end(), Some(End::Exhausted));
    drop(solutions);
    assert!(solver.links_match(named.problem()), "links not restored");
    count
}

/// The digits of a de Bruijn cycle read off the colors `d<p>:<digit>`.
fn cycle(colors: &[String], len: usize) -> Vec<usize> {
    let mut digits = vec![usize::MAX; len];
    for color in colors {
        let (item, digit) = color.split_once(':').unwrap();
        digits[item[1..].parse::<usize>().unwrap()] = digit.parse().unwrap();
    }
    digits
}

/// Panics unless `digits` is a `k`-ary de Bruijn cycle of order `n` that
/// starts with `n` zeros.
fn check_de_bruijn(digits: &[usize], k: usize, n: usize) {
    assert!(digits.iter().all(|&d| d < k), "{digits:?}");
    assert!(
        digits[..n].iter().all(|&d| d == 0),
        "starts with the zero word"
    );
    let windows: BTreeSet<Vec<usize>> = (0..digits.len())
        .map(|p| (0..n).map(|i| digits[(p + i) % digits.len()]).collect())
        .collect();
    assert_eq!(windows.len(), digits.len(), "every word once: {digits:?}");
}

#[test]
fn de_bruijn_cycles_have_their_published_counts() {
    // (k!)^(k^(n-1)) / k^n.
    for (k, n, count) in [(2, 1, 1), (2, 2, 1), (2, 3, 2), (2, 4, 16), (3, 2, 24)] {
        let named = de_bruijn::de_bruijn(k, n);
        assert_eq!(named.problem().kind(), Kind::Colors);
        let len = k.pow(u32::try_from(n).unwrap());
        let found = count_checked(&named, |_, colors| {
            check_de_bruijn(&cycle(colors, len), k, n);
        });
        assert_eq!(found, count, "{k}-ary, order {n}");
    }
}

#[test]
#[ignore = "20,736 + 2,048 cycles: run in release (see .ci/run)"]
fn larger_de_bruijn_counts() {
    for (k, n, count) in [(2, 5, 2048), (4, 2, 20_736)] {
        let named = de_bruijn::de_bruijn(k, n);
        let len = k.pow(u32::try_from(n).unwrap());
        let found = count_checked(&named, |_, colors| {
            check_de_bruijn(&cycle(colors, len), k, n);
        });
        assert_eq!(found, count, "{k}-ary, order {n}");
    }
}

#[test]
fn the_zebra_puzzle_has_one_solution_the_known_one() {
    let named = zebra::zebra();
    assert_eq!(named.problem().kind(), Kind::Colors);
    let mut answer = None;
    let found = count_checked(&named, |_, colors| {
        // houses[h][a]: the value of attribute `a` in house `h`.
        let mut houses = [[""; 5]; 5];
        for color in colors {
            let (slot, value) = color.split_once(':').unwrap();
            let a = zebra::ATTRIBUTES
                .iter()
                .position(|(l, _)| slot.starts_with(*l))
                .unwrap();
            let h: usize = slot[1..].parse().unwrap();
            houses[h - 1][a] = zebra::ATTRIBUTES[a].1[value.parse::<usize>().unwrap()];
        }
        let house_of = |value: &str| {
            let (a, _) = zebra::value(value);
            houses.iter().position(|h| h[a] == value).unwrap()
        };
        // Every house has a value of every attribute, all different.
        for (a, (_, values)) in zebra::ATTRIBUTES.iter().enumerate() {
            let used: BTreeSet<&str> = houses.iter().map(|h| h[a]).collect();
            assert_eq!(used, values.iter().copied().collect());
        }
        for (first, relation, second) in zebra::CLUES {
            let (h1, h2) = (house_of(first), house_of(second));
            let holds = match relation {
                zebra::Relation::Same => h1 == h2,
                zebra::Relation::RightOf => h2 == h1 + 1,
                zebra::Relation::NextTo => h1.abs_diff(h2) == 1,
            };
            assert!(holds, "{first} {relation:?} {second}: {houses:?}");
        }
        for (value, house) in zebra::FIXED {
            assert_eq!(house_of(value) + 1, house, "{value}");
        }
        let nation = |h: usize| houses[h][0];
        answer = Some((nation(house_of("water")), nation(house_of("zebra"))));
    });
    assert_eq!(found, 1);
    assert_eq!(answer, Some(("Norwegian", "Japanese")));
}

/// Panics unless `colors` (`v<vertex>:<label>` and `l<label>:<vertex>`)
/// label the graph gracefully: distinct labels from `0..=m` whose
/// differences over the edges are `1..=m`.
fn check_graceful(colors: &[String], vertices: usize, edges: &[(usize, usize)]) {
    let m = edges.len();
    let mut label = vec![usize::MAX; vertices];
    for color in colors.iter().filter(|c| c.starts_with('v')) {
        let (v, l) = color[1..].split_once(':').unwrap();
        label[v.parse::<usize>().unwrap()] = l.parse().unwrap();
    }
    let distinct: BTreeSet<usize> = label.iter().copied().collect();
    assert_eq!(distinct.len(), vertices, "{label:?}");
    assert!(label.iter().all(|&l| l <= m), "{label:?}");
    let differences: BTreeSet<usize> = edges
        .iter()
        .map(|&(u, v)| label[u].abs_diff(label[v]))
        .collect();
    assert_eq!(differences, (1..=m).collect(), "{label:?}");
}

#[test]
fn complete_graphs_are_graceful_up_to_4_vertices() {
    // Two perfect Golomb rulers for each n <= 4, n! labelings each; K_5 none.
    for (n, count) in [(2, 2), (3, 12), (4, 48), (5, 0)] {
        let edges = graceful::complete(n);
        let named = graceful::graceful(n, &edges);
        assert_eq!(named.problem().kind(), Kind::Colors);
        let found = count_checked(&named, |_, colors| check_graceful(colors, n, &edges));
        assert_eq!(found, count, "K_{n}");
    }
    // A wheel is graceful too (Frucht 1979): every labeling found is checked.
    let edges = graceful::wheel(5);
    let found = count_checked(&graceful::graceful(6, &edges), |_, colors| {
        check_graceful(colors, 6, &edges);
    });
    assert!(found > 0);
}

/// Panics unless the options (`r<i> c<j>` each) make a 0-1 matrix whose
/// rows and columns each hold between `lower` and `upper` 1s.
fn check_matrix(options: &[String], n: usize, lower: usize, upper: usize) {
    let mut rows = vec![0; n];
    let mut columns = vec![0; n];
    let mut cells = BTreeSet::new();
    for option in options {
        let (r, c) = option.split_once(' ').unwrap();
        let (r, c): (usize, usize) = (r[1..].parse().unwrap(), c[1..].parse().unwrap());
        assert!(cells.insert((r, c)), "cell twice");
        rows[r] += 1;
        columns[c] += 1;
    }
    for sum in rows.iter().chain(&columns) {
        assert!((lower..=upper).contains(sum), "{options:?}");
    }
}

#[test]
fn binary_matrices_have_their_published_counts() {
    // OEIS A001499 (two 1s per row and column) and A008300 (three).
    for (n, ones, count) in [
        (2, 2, 1),
        (3, 2, 6),
        (4, 2, 90),
        (5, 2, 2040),
        (3, 3, 1),
        (4, 3, 24),
    ] {
        let named = binary_matrices::binary_matrices(n, ones, ones);
        assert_eq!(named.problem().kind(), Kind::Multiplicities);
        let found = count_checked(&named, |options, _| {
            check_matrix(options, n, ones as usize, ones as usize);
        });
        assert_eq!(found, count, "{n} x {n}, {ones} ones");
    }
    // Between one and two 1s per row and column: counted here by brute
    // force over every set of cells of the 3 x 3 matrix.
    let brute = (0u32..1 << 9)
        .filter(|mask| {
            let sum = |cells: [usize; 3]| cells.iter().filter(|&&c| mask & (1 << c) != 0).count();
            (0..3).all(|i| {
                (1..=2).contains(&sum([3 * i, 3 * i + 1, 3 * i + 2]))
                    && (1..=2).contains(&sum([i, i + 3, i + 6]))
            })
        })
        .count() as u64;
    let named = binary_matrices::binary_matrices(3, 1, 2);
    let found = count_checked(&named, |options, _| check_matrix(options, 3, 1, 2));
    assert_eq!(found, brute);
}

#[test]
#[ignore = "67,950 + 2,040 + 297,200 matrices: run in release (see .ci/run)"]
fn larger_binary_matrix_counts() {
    for (n, ones, count) in [(6, 2, 67_950), (5, 3, 2040), (6, 3, 297_200)] {
        let named = binary_matrices::binary_matrices(n, ones, ones);
        let found = count_checked(&named, |options, _| {
            check_matrix(options, n, ones as usize, ones as usize);
        });
        assert_eq!(found, count, "{n} x {n}, {ones} ones");
    }
}

/// Panics unless the options (`#k` and its cells `r.c`) tile the square of
/// partridge number `n`: every cell once, `k` squares of side `k`, each a
/// `k` x `k` block.
fn check_partridge(options: &[String], n: usize) {
    let side = partridge::side(n);
    let mut covered = vec![false; side * side];
    let mut sizes = vec![0; n + 1];
    for option in options {
        let mut words = option.split(' ');
        let k: usize = words.next().unwrap()[1..].parse().unwrap();
        sizes[k] += 1;
        let cells: Vec<(usize, usize)> = words
            .map(|w| {
                let (r, c) = w.split_once('.').unwrap();
                (r.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        let (top, left) = *cells.iter().min().unwrap();
        assert_eq!(cells.len(), k * k);
        for &(r, c) in &cells {
            assert!(r - top < k && c - left < k, "{option}");
            assert!(
                !std::mem::replace(&mut covered[r * side + c], true),
                "{option}"
            );
        }
    }
    assert!(covered.iter().all(|&c| c));
    assert!((1..=n).all(|k| sizes[k] == k), "{sizes:?}");
}

#[test]
fn the_partridge_puzzle_has_no_tiling_from_2_to_5() {
    for (n, count) in [(1, 1), (2, 0), (3, 0), (4, 0), (5, 0)] {
        let named = partridge::partridge(n);
        // For n = 1 the one bound is 1:1: plain exact cover.
        let kind = if n > 1 {
            Kind::Multiplicities
        } else {
            Kind::Exact
        };
        assert_eq!(named.problem().kind(), kind);
        let found = count_checked(&named, |options, _| check_partridge(options, n));
        assert_eq!(found, count, "n = {n}");
    }
}

#[test]
#[ignore = "a second in release (see .ci/run)"]
fn the_partridge_puzzle_has_no_tiling_for_6() {
    let named = partridge::partridge(6);
    let found = count_checked(&named, |options, _| check_partridge(options, 6));
    assert_eq!(found, 0);
}

/// About four minutes in release (45 G updates; docs/benchmarks.md, "Long
/// runs"), too long for CI, which skips the tests named `long_run_`: run it
/// with
/// `cargo test --release -p dlx-engine --test tests -- --ignored long_run_partridge_7`.
#[test]
#[ignore = "minutes in release; CI skips `long_run_` tests"]
fn long_run_partridge_7_has_no_tiling() {
    let named = partridge::partridge(7);
    let found = count_checked(&named, |options, _| check_partridge(options, 7));
    assert_eq!(found, 0);
}

/// The first size with tilings: 2,332 up to symmetry, 18,656 in all (W.
/// Cutler and P. Hamlyn, reported in R. Wainwright, "Packing a partridge in
/// a square tree", Gathering for Gardner 2, 1996; recounted by M. Scroggs,
/// mscroggs.co.uk/blog/119, 2025). Hours in release, so CI skips it with the
/// other `long_run_` tests: `cargo test --release -p dlx-engine --test tests --
/// --ignored long_run_partridge_8`.
#[test]
#[ignore = "hours in release; CI skips `long_run_` tests"]
fn long_run_partridge_8_has_18656_tilings() {
    let named = partridge::partridge(8);
    let found = count_checked(&named, |options, _| check_partridge(options, 8));
    assert_eq!(found, 18_656);
}

#[test]
fn benchmark_files_are_what_the_examples_write() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/exact-cover");
    let cases = [
        ("de-bruijn-3-3.dlx", de_bruijn::de_bruijn(3, 3)),
        (
            "graceful-wheel-7.dlx",
            graceful::graceful(8, &graceful::wheel(7)),
        ),
        ("partridge-6.dlx", partridge::partridge(6)),
        (
            "matrices-7-2.dlx",
            binary_matrices::binary_matrices(7, 2, 2),
        ),
    ];
    for (file, expected) in cases {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        assert_eq!(NamedProblem::parse(&text).unwrap(), expected, "{file}");
    }
}
