//! Canonical forms against a brute-force oracle that enumerates the whole
//! group, and against the data sets.
//!
//! The oracle and the code that applies a reported transformation are
//! written here from the definitions; they share nothing with the
//! library's search.

use std::collections::HashSet;

use proptest::prelude::*;
use sudoku_dlx::{
    Canonicalizer, Error, GenerateOptions, Generator, Grid, ParseOptions, Puzzle, Rules, Shape,
    Transform, Variants, canonical, equivalence,
};

use crate::util::lines;

/// Every order of the `n` lines (rows or columns) that keeps each group of
/// `group` consecutive lines together: group orders times orders inside.
fn line_orders(n: usize, group: usize) -> Vec<Vec<usize>> {
    fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut all = Vec::new();
        for (i, &first) in items.iter().enumerate() {
            let mut rest = items.to_vec();
            rest.remove(i);
            for mut tail in permutations(&rest) {
                tail.insert(0, first);
                all.push(tail);
            }
        }
        all
    }
    let groups: Vec<usize> = (0..n / group).collect();
    let inside: Vec<Vec<usize>> = permutations(&(0..group).collect::<Vec<_>>());
    let mut orders = Vec::new();
    for group_order in permutations(&groups) {
        // Every choice of an inner order for each group, as an odometer.
        let mut picks = vec![0; group_order.len()];
        loop {
            let order: Vec<usize> = group_order
                .iter()
                .zip(&picks)
                .flat_map(|(&g, &p)| inside[p].iter().map(move |&k| g * group + k))
                .collect();
            orders.push(order);
            let mut slot = 0;
            while slot < picks.len() {
                picks[slot] += 1;
                if picks[slot] < inside.len() {
                    break;
                }
                picks[slot] = 0;
                slot += 1;
            }
            if slot == picks.len() {
                break;
            }
        }
    }
    orders
}

/// The cells of `digits` read through `rows`/`cols` (of the transposed grid
/// if `transpose`), relabelled in order of first appearance.
fn relabelled(digits: &[u8], n: usize, transpose: bool, rows: &[usize], cols: &[usize]) -> Vec<u8> {
    let mut label = vec![0u8; n + 1];
    let mut next = 0;
    let mut out = Vec::with_capacity(n * n);
    for &r in rows {
        for &c in cols {
            let d = usize::from(if transpose {
                digits[c * n + r]
            } else {
                digits[r * n + c]
            });
            if d != 0 && label[d] == 0 {
                next += 1;
                label[d] = next;
            }
            out.push(label[d]);
        }
    }
    out
}

/// The oracle: the smallest relabelled string over the whole group.
fn brute_force_form(grid: &Grid) -> Vec<u8> {
    let shape = grid.shape();
    let n = shape.size();
    let row_orders = line_orders(n, shape.box_rows());
    let col_orders = line_orders(n, shape.box_cols());
    let transposes: &[bool] = if shape.box_rows() == shape.box_cols() {
        &[false, true]
    } else {
        &[false]
    };
    let mut best: Option<Vec<u8>> = None;
    for &t in transposes {
        for rows in &row_orders {
            for cols in &col_orders {
                let candidate = relabelled(grid.digits(), n, t, rows, cols);
                if best.as_ref().is_none_or(|b| candidate < *b) {
                    best = Some(candidate);
                }
            }
        }
    }
    best.unwrap_or_default()
}

/// Applies a transformation from its documented parts, without the library.
fn apply_independently(t: &Transform, grid: &Grid) -> Vec<u8> {
    let n = grid.shape().size();
    let mut out = Vec::with_capacity(n * n);
    for &r in t.rows() {
        for &c in t.cols() {
            let (r, c) = (usize::from(r), usize::from(c));
            let d = if t.transposes() {
                grid.digits()[c * n + r]
            } else {
                grid.digits()[r * n + c]
            };
            out.push(if d == 0 {
                0
            } else {
                t.digits()[usize::from(d) - 1]
            });
        }
    }
    out
}

/// Checks `canonical(grid)` against the oracle, and its transformation.
fn check_against_oracle(grid: &Grid) {
    let canon = Canonicalizer::new().canonical_grid(grid).unwrap();
    assert_eq!(
        canon.form().digits(),
        brute_force_form(grid).as_slice(),
        "form of {grid}"
    );
    assert_eq!(
        apply_independently(canon.transform(), grid),
        canon.form().digits(),
        "transformation of {grid}: {}",
        canon.transform()
    );
}

/// A random complete grid of `shape`, from the generator's seeded search.
fn random_grid(shape: Shape, seed: u64) -> Grid {
    let mut generator = Generator::new(&Rules::new(shape), GenerateOptions::default());
    generator.complete_grid(seed).unwrap()
}

/// `grid` with the cells whose bit in the random stream `mask_seed` is off blanked.
fn blanked(grid: &Grid, mask_seed: u64, keep_percent: u64) -> Grid {
    let mut state = mask_seed;
    let digits = grid
        .digits()
        .iter()
        .map(|&d| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if (state >> 33) % 100 < keep_percent {
                d
            } else {
                0
            }
        })
        .collect();
    Grid::from_digits(grid.shape(), digits).unwrap()
}

fn puzzle(line: &str) -> Puzzle {
    Puzzle::parse(line, &ParseOptions::default()).unwrap()
}

fn shuffled(p: &Puzzle, seed: u64) -> Puzzle {
    let t = Transform::random(p.shape(), seed);
    Puzzle::new(p.rules().clone(), t.apply(p.givens()).unwrap()).unwrap()
}

#[test]
fn whole_group_on_4x4_puzzles_gives_one_form() {
    // Every element of the 4x4 group (2 * 8 * 8 * 24 = 3072) applied to a
    // few puzzles: all images share the oracle's form.
    let shape = Shape::from_size(4).unwrap();
    let rows = line_orders(4, 2);
    let cols = line_orders(4, 2);
    let digit_orders = {
        let mut all = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let p = [a, b, c, d];
                        if (1..=4).all(|x| p.contains(&x)) {
                            all.push(p.to_vec());
                        }
                    }
                }
            }
        }
        all
    };
    let mut canon = Canonicalizer::new();
    for (seed, keep) in [(1, 40), (2, 60), (3, 100), (4, 25)] {
        let grid = blanked(&random_grid(shape, seed), seed * 7, keep);
        let expected = brute_force_form(&grid);
        for &t in &[false, true] {
            for r in &rows {
                for c in &cols {
                    for d in &digit_orders {
                        let transform = Transform::new(
                            shape,
                            t,
                            r.iter().map(|&x| u8::try_from(x).unwrap()).collect(),
                            c.iter().map(|&x| u8::try_from(x).unwrap()).collect(),
                            d.clone(),
                        )
                        .unwrap();
                        let image = transform.apply(&grid).unwrap();
                        let form = canon.canonical_grid(&image).unwrap();
                        assert_eq!(form.form().digits(), expected.as_slice(), "{image}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_complete_4x4_grid_matches_the_oracle() {
    // All 288 complete 4x4 grids, by backtracking here.
    fn fill(digits: &mut [u8; 16], at: usize, out: &mut Vec<[u8; 16]>) {
        if at == 16 {
            out.push(*digits);
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..4).any(|k| {
                digits[r * 4 + k] == d
                    || digits[k * 4 + c] == d
                    || digits[(r / 2 * 2 + k / 2) * 4 + c / 2 * 2 + k % 2] == d
            });
            if !clash {
                digits[at] = d;
                fill(digits, at + 1, out);
                digits[at] = 0;
            }
        }
    }
    let mut grids = Vec::new();
    fill(&mut [0; 16], 0, &mut grids);
    assert_eq!(grids.len(), 288);
    let shape = Shape::from_size(4).unwrap();
    let mut forms = HashSet::new();
    for g in grids {
        let grid = Grid::from_digits(shape, g.to_vec()).unwrap();
        check_against_oracle(&grid);
        forms.insert(
            Canonicalizer::new()
                .canonical_grid(&grid)
                .unwrap()
                .form()
                .clone(),
        );
    }
    // The two essentially different 4x4 grids.
    assert_eq!(forms.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn small_shapes_match_the_oracle(
        boxes in prop::sample::select(vec![(2, 2), (2, 3), (3, 2)]),
        seed in any::<u64>(),
        mask_seed in any::<u64>(),
        keep in 0u64..=100,
    ) {
        let shape = Shape::with_boxes(boxes.0, boxes.1).unwrap();
        check_against_oracle(&blanked(&random_grid(shape, seed), mask_seed, keep));
    }

    #[test]
    fn random_transformations_keep_the_form(
        boxes in prop::sample::select(vec![(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4)]),
        seed in any::<u64>(),
        mask_seed in any::<u64>(),
        keep in 0u64..=100,
        shuffle_seed in any::<u64>(),
    ) {
        let shape = Shape::with_boxes(boxes.0, boxes.1).unwrap();
        let p = Puzzle::new(
            Rules::new(shape),
            blanked(&random_grid(shape, seed), mask_seed, keep),
        ).unwrap();
        let q = shuffled(&p, shuffle_seed);
        let (a, b) = (canonical(&p).unwrap(), canonical(&q).unwrap());
        prop_assert_eq!(a.form(), b.form());
        prop_assert_eq!(apply_independently(b.transform(), q.givens()), b.form().digits());
        let mapping = equivalence(&p, &q).unwrap().expect("equivalent");
        prop_assert_eq!(&mapping.apply(p.givens()).unwrap(), q.givens());
    }

    #[test]
    fn shuffled_17_clue_puzzles_keep_their_form(index in 0usize..49_158, seed in any::<u64>()) {
        let p = puzzle(&seventeen()[index]);
        let q = shuffled(&p, seed);
        let form = canonical(&q).unwrap();
        let original = canonical(&p).unwrap();
        prop_assert_eq!(form.form(), original.form());
        prop_assert_eq!(apply_independently(form.transform(), q.givens()), form.form().digits());
    }
}

/// The 17-clue list, read once.
fn seventeen() -> &'static [String] {
    static LIST: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| lines("tdoku_puzzles2_17_clue.txt"))
}

/// Checks the first `count` puzzles of the 17-clue list: each form is a
/// transform of its puzzle (checked independently) and no larger than the
/// puzzle's own line (which is in its class); forms are pairwise different,
/// since the list holds no two equivalent puzzles. Returns how many lines
/// are their own form.
fn check_seventeen(count: usize) -> usize {
    let mut canon = Canonicalizer::new();
    let mut forms = HashSet::new();
    let mut fixed = 0;
    for line in &seventeen()[..count] {
        let p = puzzle(line);
        let form = canon.canonical(&p).unwrap();
        assert_eq!(
            apply_independently(form.transform(), p.givens()),
            form.form().digits(),
            "{line}"
        );
        assert!(form.form().digits() <= p.givens().digits(), "{line}");
        fixed += usize::from(form.form() == p.givens());
        assert!(
            forms.insert(form.form().clone()),
            "{line}: a second puzzle of this class"
        );
    }
    fixed
}

#[test]
fn the_first_17_clue_puzzles_have_distinct_forms() {
    assert_eq!(check_seventeen(1000), 1000);
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn all_17_clue_puzzles_have_distinct_forms() {
    // 47,653 lines of the list are in this form already; the others were
    // written by older tools whose order differs (see `canonical`).
    assert_eq!(check_seventeen(49_158), 47_653);
}

#[test]
#[ignore = "the 9x9 oracle enumerates 3.4 million transformations a grid: release mode only"]
fn nine_by_nine_matches_the_oracle() {
    let shape = Shape::CLASSIC;
    let mut grids = vec![
        Grid::empty(shape),
        random_grid(shape, 1),
        // The most symmetric grid there is (648 automorphisms).
        puzzle("123456789456789123789123456231564897564897231897231564312645978645978312978312645")
            .givens()
            .clone(),
        puzzle("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
            .givens()
            .clone(),
        puzzle(&seventeen()[1234]).givens().clone(),
    ];
    for seed in 0..3 {
        grids.push(blanked(
            &random_grid(shape, 100 + seed),
            seed,
            30 + 20 * seed,
        ));
    }
    for grid in &grids {
        check_against_oracle(grid);
    }
}

#[test]
fn documented_forms() {
    // The "true minlex" example published with gsf's program (1to9only's
    // build notes), and a complete grid, whose form starts 123456789.
    let p =
        puzzle("45.....6......17..8...............92....7.1..5...36..........58..1..7............");
    assert_eq!(
        canonical(&p).unwrap().form().to_string(),
        "................12..1..3..4.....1.3..5....6...7..4.8......7.......59...7..3......"
    );
    let grid =
        puzzle("987654321246173985351928746128537694634892157795461832519286473472319568863745219");
    let form = canonical(&grid).unwrap().form().to_string();
    assert!(form.starts_with("123456789456789"), "{form}");
}

#[test]
fn empty_and_complete_grids_of_larger_shapes() {
    for (r, c) in [(4, 4), (3, 5), (5, 5), (8, 8)] {
        let shape = Shape::with_boxes(r, c).unwrap();
        let empty = Canonicalizer::new()
            .canonical_grid(&Grid::empty(shape))
            .unwrap();
        assert_eq!(empty.form(), &Grid::empty(shape));
    }
    for (r, c) in [(4, 4), (3, 5)] {
        let shape = Shape::with_boxes(r, c).unwrap();
        let grid = random_grid(shape, 5);
        let a = Canonicalizer::new().canonical_grid(&grid).unwrap();
        let b = Canonicalizer::new()
            .canonical_grid(&Transform::random(shape, 9).apply(&grid).unwrap())
            .unwrap();
        assert_eq!(a.form(), b.form());
        assert_eq!(apply_independently(a.transform(), &grid), a.form().digits());
    }
}

#[test]
fn variants_clashes_and_budgets_are_errors() {
    let x = Puzzle::new(
        Rules::classic().with_variants(Variants {
            x: true,
            ..Variants::NONE
        }),
        Grid::empty(Shape::CLASSIC),
    )
    .unwrap();
    assert!(matches!(canonical(&x), Err(Error::CanonRules { .. })));
    let clash =
        puzzle("11...............................................................................");
    assert!(matches!(
        canonical(&clash),
        Err(Error::ConflictingGivens { .. })
    ));
    let mut canon = Canonicalizer::new();
    canon.set_budget(10);
    let grid = random_grid(Shape::CLASSIC, 3);
    // The search stops at the first node over the budget.
    assert_eq!(
        canon.canonical_grid(&grid),
        Err(Error::CanonBudget { nodes: 11 })
    );
    canon.set_budget(u64::MAX);
    assert!(canon.canonical_grid(&grid).is_ok());
    let msg = Error::CanonBudget { nodes: 11 }.to_string();
    assert!(msg.starts_with("the search"), "{msg}");
}

#[test]
fn different_puzzles_are_not_equivalent() {
    let a = puzzle(&seventeen()[0]);
    let b = puzzle(&seventeen()[1]);
    assert_eq!(equivalence(&a, &b), Ok(None));
    let c = shuffled(&a, 3);
    let t = equivalence(&a, &c)
        .unwrap()
        .expect("a shuffle is equivalent");
    assert_eq!(&t.apply(a.givens()).unwrap(), c.givens());
}
