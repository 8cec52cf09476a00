//! The engines against each other and against the independent checker:
//! the default method (bitsets, and on plain 9x9 the band board for counts
//! to a limit) against dancing links, with the same counts, the same
//! solution sets, the same errors, on every shape and variant the bitsets
//! take; and the engine that runs is the one the rule names.

use std::cell::Cell;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use sudoku_dlx::{
    Budget, Count, End, Engine, Error, First, GenerateOptions, Generator, Grid, Method, Operation,
    Puzzle, Regions, Rules, Shape, Solver, Uniqueness, Variants, check_solution,
};

use crate::util::{lines, parse};

/// Every solution of `puzzle` up to `limit`, as sorted lines, each checked
/// by the independent checker, with the count the method reported.
fn solutions(
    solver: &mut Solver,
    puzzle: &Puzzle,
    limit: usize,
) -> Result<(BTreeSet<String>, Count), Error> {
    let mut found = BTreeSet::new();
    let count = solver.for_each_solution(puzzle, |grid| {
        if let Err(v) = check_solution(puzzle, grid) {
            panic!("{puzzle}: {grid} fails the checker: {v}");
        }
        assert!(found.insert(grid.to_string()), "{grid} found twice");
        if found.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    Ok((found, count))
}

/// A solver of `rules` with `method`.
fn solver(rules: &Rules, method: Method) -> Solver {
    let mut solver = Solver::new(rules);
    solver.set_method(method);
    solver
}

/// How far [`agree`] compared the two methods on one puzzle: a budget can
/// cut it short, and a run of cases must show that it did not always.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compared {
    /// Everything: errors or solution sets, counts, uniqueness and solve.
    Everything,
    /// The solution sets (or errors); then a count ran out of budget, and
    /// the counts were only held to be lower bounds of each other.
    Enumeration,
    /// Nothing: the budget stopped an enumeration.
    Nothing,
}

/// The [`Compared`] outcomes of a run of cases.
#[derive(Clone, Copy, Debug, Default)]
struct Outcomes {
    everything: u32,
    enumeration: u32,
    nothing: u32,
}

impl Outcomes {
    fn add(&mut self, compared: Compared) {
        match compared {
            Compared::Everything => self.everything += 1,
            Compared::Enumeration => self.enumeration += 1,
            Compared::Nothing => self.nothing += 1,
        }
    }

    /// Fails unless at least `percent` of the cases were compared in
    /// everything (so a run that skips them all, or most, fails).
    fn assert_everything_in(&self, percent: u32) {
        let cases = self.everything + self.enumeration + self.nothing;
        assert!(
            self.everything > 0 && self.everything * 100 >= cases * percent,
            "too few cases compared in everything: {self:?}"
        );
    }
}

/// Runs `check` on `cases` cases drawn from `strategy` (replaying this
/// file's saved failures first, as `proptest!` does) and returns how far
/// they compared.
fn run_cases<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Compared,
) -> Outcomes {
    let config = ProptestConfig {
        cases,
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let outcomes = Cell::new(Outcomes::default());
    let result = TestRunner::new(config).run(&strategy, |value| {
        let mut now = outcomes.get();
        now.add(check(value));
        outcomes.set(now);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    outcomes.get()
}

/// Both methods on `puzzle`: equal errors, or equal solution sets up to
/// `limit` with equal counts, and equal answers to count, solve and
/// uniqueness, as far as the budget lets them finish.
fn agree(puzzle: &Puzzle, limit: usize) -> Compared {
    let mut bits = solver(puzzle.rules(), Method::Auto);
    let mut links = solver(puzzle.rules(), Method::DancingLinks);
    assert_eq!(bits.engine_for(Operation::Solve), Engine::Bitsets);
    assert_eq!(links.engine_for(Operation::Solve), Engine::Links);
    // Random givens can make a proof of "no solution" take very long on
    // the larger grids; such puzzles are skipped, not waited for.
    bits.set_budget(Budget::nodes(BUDGET));
    links.set_budget(Budget::nodes(BUDGET));
    let by_bits = solutions(&mut bits, puzzle, limit);
    let by_links = solutions(&mut links, puzzle, limit);
    match (&by_bits, &by_links) {
        (Ok((_, a)), Ok((_, b)))
            if a.end == End::BudgetExhausted || b.end == End::BudgetExhausted =>
        {
            return Compared::Nothing;
        }
        (Ok((a, count_a)), Ok((b, count_b))) => {
            assert_eq!(count_a.solutions, count_b.solutions, "{puzzle}");
            assert_eq!(count_a.is_exact(), count_b.is_exact(), "{puzzle}");
            // Stopped at the limit, the two orders may have found different
            // solutions; searched to the end, they found the same ones.
            if count_a.is_exact() {
                assert_eq!(a, b, "{puzzle}: solution sets differ");
            }
        }
        _ => assert_eq!(by_bits.map(|_| ()), by_links.map(|_| ()), "{puzzle}"),
    }
    let cap = Some(u64::try_from(limit).unwrap());
    let counted = bits.count(puzzle, cap).map(|c| (c.solutions, c.end));
    let linked = links.count(puzzle, cap).map(|c| (c.solutions, c.end));
    // A count on dancing links chooses forced items first, a tree of its
    // own, so it can spend the budget where enumerating did not (see
    // `a_count_may_spend_the_budget_where_enumerating_did_not`): then it
    // found no more solutions than the other, and nothing else compares.
    match (&counted, &linked) {
        (Ok((a, End::BudgetExhausted)), Ok((b, _))) => {
            assert!(a <= b, "{puzzle}: {a} counted, {b} by links");
            return Compared::Enumeration;
        }
        (Ok((a, _)), Ok((b, End::BudgetExhausted))) => {
            assert!(b <= a, "{puzzle}: {b} counted on links, {a} by bitsets");
            return Compared::Enumeration;
        }
        _ => assert_eq!(counted, linked, "{puzzle}"),
    }
    let unique = |s: &mut Solver| match s.uniqueness(puzzle) {
        Ok(Uniqueness::Unique(grid)) => Ok(Some(grid)),
        Ok(Uniqueness::NoSolution) => Ok(None),
        Ok(Uniqueness::Multiple(a, b)) => {
            assert_ne!(a, b);
            Err(None)
        }
        Ok(Uniqueness::BudgetExhausted) => panic!("the count settled it within budget"),
        Err(e) => Err(Some(e)),
    };
    assert_eq!(unique(&mut bits), unique(&mut links), "{puzzle}");
    match (bits.solve(puzzle), links.solve(puzzle)) {
        (Ok(First::Solution(a)), Ok(First::Solution(b))) => {
            assert_eq!(check_solution(puzzle, &a), Ok(()));
            assert_eq!(check_solution(puzzle, &b), Ok(()));
        }
        (a, b) => assert_eq!(a, b, "{puzzle}"),
    }
    Compared::Everything
}

/// The node budget of each search in [`agree`].
const BUDGET: u64 = 100_000;

/// Found by `methods_agree_on_random_givens`: on this 8x8 windoku with
/// anti-king rules and four givens (25,344,840 solutions) the bitsets find
/// 25 solutions in 92 nodes and the enumeration on dancing links within the
/// budget, but the count on dancing links, whose forced-first search takes
/// another tree, needs 101,988 nodes (`sudoku-dlx count --limit 25 --box
/// 4x2 --windoku --anti-king --method links`): over the budget, it stops
/// with fewer, which [`agree`] must accept as a lower bound.
#[test]
fn a_count_may_spend_the_budget_where_enumerating_did_not() {
    let shape = Shape::with_boxes(4, 2).unwrap();
    let variants = Variants {
        windoku: true,
        anti_king: true,
        ..Variants::default()
    };
    let puzzle = random_givens(shape, variants, &[(15, 7), (17, 2), (38, 7), (56, 6)]);
    let mut links = solver(puzzle.rules(), Method::DancingLinks);
    links.set_budget(Budget::nodes(BUDGET));
    let count = links.count(&puzzle, Some(25)).unwrap();
    assert_eq!(count.end, End::BudgetExhausted, "{puzzle}");
    assert!(count.solutions < 25);
    links.set_budget(Budget::UNLIMITED);
    assert_eq!(links.count(&puzzle, Some(25)).unwrap().solutions, 25);
    assert_eq!(agree(&puzzle, 25), Compared::Enumeration);
}

/// Every shape the bitsets take (at most 128 cells).
fn small_shapes() -> Vec<Shape> {
    [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (2, 5),
        (5, 2),
    ]
    .iter()
    .map(|&(r, c)| Shape::with_boxes(r, c).unwrap())
    .collect()
}

/// A complete grid of `rules` from the engine's seeded search, if any.
fn random_grid(rules: &Rules, seed: u64) -> Option<Grid> {
    let mut engine = solver(rules, Method::DancingLinks);
    engine.set_seed(Some(seed));
    engine.set_budget(Budget::nodes(200_000));
    match engine.solve(&Puzzle::empty(rules.clone())).unwrap() {
        First::Solution(grid) => Some(grid),
        _ => None,
    }
}

/// `grid` with the cells whose bit in `keep` (drawn per cell) is clear
/// blanked.
fn thinned(rules: &Rules, grid: &Grid, keep: &[bool]) -> Puzzle {
    let digits = grid
        .digits()
        .iter()
        .zip(keep.iter().cycle())
        .map(|(&d, &k)| if k { d } else { 0 })
        .collect();
    Puzzle::new(
        rules.clone(),
        Grid::from_digits(rules.shape(), digits).unwrap(),
    )
    .unwrap()
}

/// A puzzle of `shape` and `variants` with the `givens` (cell, digit)
/// that fall on the grid, clashing or not.
fn random_givens(shape: Shape, variants: Variants, givens: &[(usize, u8)]) -> Puzzle {
    let mut digits = vec![0; shape.cell_count()];
    for &(cell, digit) in givens {
        if cell < digits.len() && usize::from(digit) <= shape.size() {
            digits[cell] = digit;
        }
    }
    let rules = Rules::new(shape).with_variants(variants);
    Puzzle::new(rules, Grid::from_digits(shape, digits).unwrap()).unwrap()
}

fn variants_strategy() -> impl Strategy<Value = Variants> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(x, windoku, anti_king, anti_knight)| Variants {
            x,
            windoku,
            anti_king,
            anti_knight,
        },
    )
}

/// Puzzles planted in a grid of every small shape and variant mix,
/// thinned until they have several solutions or one. About half compare
/// in everything: some variant mixes have no grid, or none the engine's
/// seeded fill finds within its budget, and some thinned puzzles have
/// more solutions than the budget enumerates.
#[test]
fn methods_agree_on_planted_puzzles() {
    let strategy = (
        proptest::sample::select(small_shapes()),
        variants_strategy(),
        any::<u64>(),
        proptest::collection::vec(proptest::bool::weighted(0.45), 100),
    );
    let outcomes = run_cases(96, strategy, |(shape, variants, seed, keep)| {
        let rules = Rules::new(shape).with_variants(variants);
        random_grid(&rules, seed).map_or(Compared::Nothing, |grid| {
            agree(&thinned(&rules, &grid, &keep), 40)
        })
    });
    outcomes.assert_everything_in(PLANTED_PERCENT);
}

/// The share of [`methods_agree_on_planted_puzzles`]' cases that must be
/// compared in everything.
const PLANTED_PERCENT: u32 = 30;

/// Random givens, most of them clashing or leading nowhere: the errors
/// and the "no solution" answers must match too.
#[test]
fn methods_agree_on_random_givens() {
    let strategy = (
        proptest::sample::select(small_shapes()),
        variants_strategy(),
        proptest::collection::vec((0usize..100, 1u8..=10), 0..14),
    );
    let outcomes = run_cases(96, strategy, |(shape, variants, givens)| {
        agree(&random_givens(shape, variants, &givens), 25)
    });
    outcomes.assert_everything_in(RANDOM_PERCENT);
}

/// The share of [`methods_agree_on_random_givens`]' cases that must be
/// compared in everything.
const RANDOM_PERCENT: u32 = 60;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The generator's random fill (on bitsets for these shapes): every
    /// grid it draws passes the checker, and it finds a grid wherever the
    /// plain search does.
    #[test]
    fn random_fills_are_grids_wherever_a_search_finds_one(
        shape in proptest::sample::select(small_shapes()),
        variants in variants_strategy(),
        seed in any::<u64>(),
    ) {
        let rules = Rules::new(shape).with_variants(variants);
        let options = GenerateOptions {
            max_nodes: Some(BUDGET),
            ..GenerateOptions::default()
        };
        let drawn = Generator::new(&rules, options).complete_grid(seed);
        match drawn {
            Ok(grid) => {
                prop_assert_eq!(check_solution(&Puzzle::empty(rules.clone()), &grid), Ok(()));
            }
            Err(e) => {
                let mut plain = solver(&rules, Method::Auto);
                plain.set_budget(Budget::nodes(BUDGET));
                let found = plain.solve(&Puzzle::empty(rules.clone())).unwrap();
                prop_assert!(
                    !matches!(found, First::Solution(_)),
                    "{}: the plain search found a grid, the random fill said {}",
                    rules,
                    e
                );
            }
        }
    }
}

/// The engine given the whole puzzle at once (`Solver::count`, which lays
/// out only what the givens leave of the matrix) against the same givens
/// pushed one by one on a session of the same solver (each covered on the
/// full matrix): the same error for clashing givens, else the same count
/// and the same search, node for node and update for update; and the
/// first solution passes the independent checker.
fn givens_at_once_agree_with_one_by_one(puzzle: &Puzzle) {
    let mut engine = solver(puzzle.rules(), Method::DancingLinks);
    engine.set_budget(Budget::nodes(BUDGET));
    let at_once = engine.count(puzzle, Some(3));
    let stats = engine.stats().clone();
    // Clashing givens count 0, as any unsolvable puzzle; `clash` names them.
    let at_once = match engine.clash(puzzle) {
        Ok(Some(clash)) => {
            assert_eq!(at_once.map(|c| (c.solutions, c.is_exact())), Ok((0, true)));
            Err(clash)
        }
        _ => at_once,
    };
    let mut session = engine.session();
    let mut pushed = Ok(());
    for (index, &digit) in puzzle.givens().digits().iter().enumerate() {
        if digit != 0 && pushed.is_ok() {
            pushed = session.push(index, digit);
        }
    }
    match (&at_once, pushed) {
        (Err(e), Err(f)) => assert_eq!(*e, f, "{puzzle}"),
        (Ok(count), Ok(())) => {
            assert_eq!(*count, session.count(Some(3)), "{puzzle}");
            assert_eq!(&stats, session.stats(), "{puzzle}");
        }
        (a, b) => panic!("{puzzle}: at once {a:?}, one by one {b:?}"),
    }
    drop(session);
    // And the other way round on the same solver: a session, then a search.
    if let Ok(First::Solution(grid)) = engine.solve(puzzle) {
        assert_eq!(check_solution(puzzle, &grid), Ok(()), "{puzzle}");
    }
    let again = engine.count(puzzle, Some(3));
    match &at_once {
        Ok(count) => assert_eq!(again.as_ref(), Ok(count), "{puzzle}"),
        Err(_) => assert_eq!(again.map(|c| c.solutions), Ok(0), "{puzzle}"),
    }
}

proptest! {
    // Few cases: each 16x16 one is a seeded fill and three searches, slow
    // in a debug build.
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Planted puzzles of every small shape and variant mix, 12x12 and
    /// 16x16 included (beyond the bitsets), on the engine's two ways in.
    #[test]
    fn givens_at_once_agree_with_one_by_one_on_planted_puzzles(
        shape in proptest::sample::select(
            small_shapes().into_iter().chain([Shape::from_size(12).unwrap(), Shape::from_size(16).unwrap()]).collect::<Vec<_>>()
        ),
        variants in variants_strategy(),
        seed in any::<u64>(),
        keep in proptest::collection::vec(proptest::bool::weighted(0.55), 100),
    ) {
        let rules = Rules::new(shape).with_variants(variants);
        if let Some(grid) = random_grid(&rules, seed) {
            givens_at_once_agree_with_one_by_one(&thinned(&rules, &grid, &keep));
        }
    }

    /// Random givens, most of them clashing: the same first clash.
    #[test]
    fn givens_at_once_agree_with_one_by_one_on_random_givens(
        shape in proptest::sample::select(small_shapes()),
        variants in variants_strategy(),
        givens in proptest::collection::vec((0usize..100, 1u8..=10), 0..14),
    ) {
        let puzzle = random_givens(shape, variants, &givens);
        givens_at_once_agree_with_one_by_one(&puzzle);
    }
}

#[test]
fn methods_agree_on_tdoku_counts_and_jigsaw() {
    let mut outcomes = Outcomes::default();
    for line in lines("tdoku_test_puzzles_with_counts.txt") {
        let mut fields = line.split(':');
        let puzzle = parse(fields.next().unwrap());
        let expected: usize = fields.next().unwrap().parse().unwrap();
        outcomes.add(agree(&puzzle, expected + 1));
    }
    for line in lines("janko_jigsaw_9x9.txt").iter().take(20) {
        let mut fields = line.split_whitespace();
        let (Some(givens), Some(map)) = (fields.next(), fields.next()) else {
            panic!("{line}: a puzzle and a region map");
        };
        let regions = Regions::parse(map, Shape::CLASSIC).unwrap();
        let rules = Rules::classic().with_regions(regions).unwrap();
        let digits = givens
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let puzzle =
            Puzzle::new(rules, Grid::from_digits(Shape::CLASSIC, digits).unwrap()).unwrap();
        outcomes.add(agree(&puzzle, 10));
        // Blank a third of the givens: several solutions, same sets.
        let fewer: Vec<u8> = puzzle
            .givens()
            .digits()
            .iter()
            .enumerate()
            .map(|(i, &d)| if i % 3 == 0 { 0 } else { d })
            .collect();
        let fewer = Puzzle::new(
            puzzle.rules().clone(),
            Grid::from_digits(Shape::CLASSIC, fewer).unwrap(),
        )
        .unwrap();
        outcomes.add(agree(&fewer, 30));
    }
    // Known puzzles and counts: all but one or two compare in everything
    // (one tdoku puzzle has more solutions than the budget enumerates).
    outcomes.assert_everything_in(97);
}

/// The links backend searches with forced-first item choice
/// (docs/decisions/forced-first.md), a search tree other than the default
/// one: on the sets whose whole-process count it was tuned for, its counts
/// to 2 and its exact counts of puzzles made ambiguous (a few givens
/// blanked, up to a few thousand solutions) are the bitsets', each solution
/// the checker passes.
#[test]
fn links_counts_equal_bitsets_counts_on_the_tuned_sets() {
    let mut bits = solver(&Rules::classic(), Method::Auto);
    let mut links = solver(&Rules::classic(), Method::DancingLinks);
    let mut several = 0;
    for name in [
        "tdoku_puzzles2_17_clue.txt",
        "tdoku_puzzles3_magictour_top1465.txt",
        "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    ] {
        for (k, line) in lines(name).iter().take(12).enumerate() {
            let puzzle = parse(line);
            let by_bits = bits.count(&puzzle, Some(2)).unwrap();
            assert_eq!(by_bits.solutions, 1, "{name}: {line}");
            assert_eq!(links.count(&puzzle, Some(2)).unwrap(), by_bits, "{line}");
            // Blank the first `k % 4 + 1` givens: most then have several
            // solutions.
            let mut blanked = 0;
            let digits: Vec<u8> = puzzle
                .givens()
                .digits()
                .iter()
                .map(|&d| {
                    if d != 0 && blanked <= k % 4 {
                        blanked += 1;
                        0
                    } else {
                        d
                    }
                })
                .collect();
            let ambiguous = Puzzle::new(
                Rules::classic(),
                Grid::from_digits(Shape::CLASSIC, digits).unwrap(),
            )
            .unwrap();
            let cap = Some(5_000);
            let by_bits = bits.count(&ambiguous, cap).unwrap();
            let by_links = links.count(&ambiguous, cap).unwrap();
            assert_eq!(
                (by_links.solutions, by_links.end),
                (by_bits.solutions, by_bits.end),
                "{ambiguous}"
            );
            let (found, _) = solutions(&mut links, &ambiguous, 50).unwrap();
            assert_eq!(found.len() as u64, by_bits.solutions.min(50), "{ambiguous}");
            several += usize::from(by_bits.solutions > 1);
        }
    }
    assert!(several >= 18, "{several}");
}

#[test]
fn clashing_givens_report_the_same_error_on_both_methods() {
    let puzzle = parse(&format!("5.5{}", ".".repeat(78)));
    let mut bits = solver(puzzle.rules(), Method::Auto);
    let mut links = solver(puzzle.rules(), Method::DancingLinks);
    // One path for no solution (issue 41): clashing givens have none.
    assert_eq!(bits.solve(&puzzle), Ok(First::NoSolution));
    assert_eq!(links.solve(&puzzle), Ok(First::NoSolution));
    let by_bits = bits.clash(&puzzle).unwrap();
    assert!(matches!(by_bits, Some(Error::ConflictingGivens { .. })));
    assert_eq!(by_bits, links.clash(&puzzle).unwrap());
}

#[test]
fn auto_falls_back_to_links_where_bitsets_do_not_apply() {
    let classic = Rules::classic();
    let mut s = Solver::new(&classic);
    assert_eq!(s.engine_for(Operation::Solve), Engine::Bitsets);
    assert_eq!(s.engine_for(Operation::CountAll), Engine::Bitsets);
    assert_eq!(s.engine_for(Operation::CountToLimit), Engine::Bands);
    assert_eq!(s.engine_for(Operation::Session), Engine::Links);
    s.set_seed(Some(7));
    assert_eq!(s.engine_for(Operation::Solve), Engine::Links);
    assert_eq!(s.engine_for(Operation::CountToLimit), Engine::Links);
    s.set_seed(None);
    s.set_budget(Budget::updates(1_000_000));
    assert_eq!(s.engine_for(Operation::Solve), Engine::Links);
    assert_eq!(s.engine_for(Operation::CountToLimit), Engine::Links);
    s.set_budget(Budget::nodes(1_000));
    assert_eq!(s.engine_for(Operation::Solve), Engine::Bitsets);
    assert_eq!(s.engine_for(Operation::CountToLimit), Engine::Bands);
    let mut sixteen = Solver::new(&Rules::new(Shape::from_size(16).unwrap()));
    assert_eq!(sixteen.engine_for(Operation::Solve), Engine::Links);
    assert_eq!(sixteen.engine_for(Operation::CountToLimit), Engine::Links);
    let x = Rules::classic().with_variants(Variants {
        x: true,
        ..Variants::NONE
    });
    let x = Solver::new(&x);
    assert_eq!(x.engine_for(Operation::CountToLimit), Engine::Bitsets);
    // Asked for by name, bitsets take seeds and update budgets too, where
    // the grid has a bitset form, and counts to a limit on plain 9x9.
    s.set_method(Method::Bitsets);
    s.set_seed(Some(7));
    s.set_budget(Budget::updates(1_000_000));
    assert_eq!(s.engine_for(Operation::Solve), Engine::Bitsets);
    assert_eq!(s.engine_for(Operation::CountToLimit), Engine::Bitsets);
    sixteen.set_method(Method::Bitsets);
    assert_eq!(sixteen.engine_for(Operation::Solve), Engine::Links);
}

/// Every public search runs on the engine the rule names for its
/// operation (and says so in `last_engine`), for each method on plain
/// 9x9, 9x9 X and 16x16: so no call site decides on its own. Givens that
/// clash end on links, which name the clash.
#[test]
fn the_engine_that_runs_is_the_one_the_rule_names() {
    let puzzle =
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...";
    let x = Variants {
        x: true,
        ..Variants::NONE
    };
    let sixteen = Rules::new(Shape::from_size(16).unwrap());
    let cases = [
        parse(puzzle),
        Puzzle::new(
            Rules::classic().with_variants(x),
            Grid::from_digits(Shape::CLASSIC, vec![0; 81]).unwrap(),
        )
        .unwrap(),
        Puzzle::empty(sixteen),
    ];
    let mut seen = BTreeSet::new();
    for puzzle in &cases {
        for method in [Method::Auto, Method::DancingLinks, Method::Bitsets] {
            let mut s = solver(puzzle.rules(), method);
            s.set_budget(Budget::nodes(10_000));
            assert_eq!(s.last_engine(), None);
            let ran = |s: &mut Solver, operation| {
                let engine = s.engine_for(operation);
                match operation {
                    Operation::Solve => {
                        s.solve(puzzle).unwrap();
                    }
                    Operation::CountToLimit => {
                        s.count(puzzle, Some(2)).unwrap();
                    }
                    Operation::CountAll => {
                        s.count(puzzle, None).unwrap();
                    }
                    Operation::Session => {
                        s.session();
                    }
                    _ => unreachable!("an operation this test does not know"),
                }
                assert_eq!(
                    s.last_engine(),
                    Some(engine),
                    "{puzzle} {method:?} {operation:?}"
                );
                engine
            };
            for operation in [
                Operation::Solve,
                Operation::CountToLimit,
                Operation::CountAll,
                Operation::Session,
            ] {
                seen.insert(format!("{:?}", ran(&mut s, operation)));
            }
            s.uniqueness(puzzle).unwrap();
            assert_eq!(s.last_engine(), Some(s.engine_for(Operation::Solve)));
            s.for_each_solution(puzzle, |_| ControlFlow::Break(()))
                .unwrap();
            assert_eq!(s.last_engine(), Some(s.engine_for(Operation::Solve)));
            // Two 1s in the first row: every engine hands them on to links.
            let mut digits = puzzle.givens().digits().to_vec();
            digits[..2].copy_from_slice(&[1, 1]);
            let clash = Puzzle::new(
                puzzle.rules().clone(),
                Grid::from_digits(puzzle.rules().shape(), digits).unwrap(),
            )
            .unwrap();
            // An exact count of none, as for any unsolvable puzzle.
            let count = s.count(&clash, Some(2)).unwrap();
            assert_eq!((count.solutions, count.is_exact()), (0, true));
            assert_eq!(s.last_engine(), Some(Engine::Links));
            assert!(s.clash(&clash).unwrap().is_some());
        }
    }
    assert_eq!(seen.len(), 3, "every engine ran: {seen:?}");
}

#[test]
fn bitset_statistics_describe_the_search() {
    // Needs guesses: more than one node, and the profile sums to the nodes.
    let puzzle =
        parse(".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...");
    let mut s = Solver::new(puzzle.rules());
    assert_eq!(s.count(&puzzle, None).unwrap().solutions, 1);
    let stats = s.stats().clone();
    assert!(stats.nodes > 1);
    assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes);
    assert_eq!(stats.solutions, 1);
    assert!(
        stats.updates >= 81 - 21,
        "every blank cell is placed at least once"
    );
    // The node budget stops it before the end.
    s.set_budget(Budget::nodes(stats.nodes - 1));
    let count = s.count(&puzzle, None).unwrap();
    assert_eq!(count.end, End::BudgetExhausted);
    assert!(s.stats().nodes < stats.nodes);
    // A limit of zero finds nothing, as on the engine.
    s.set_budget(Budget::UNLIMITED);
    let zero = s.count(&puzzle, Some(0)).unwrap();
    assert_eq!((zero.solutions, zero.end), (0, End::LimitReached));
}

#[test]
fn bitsets_by_name_draw_seeded_grids_and_hold_update_budgets() {
    let rules = Rules::classic();
    let empty = Puzzle::empty(rules.clone());
    let mut s = solver(&rules, Method::Bitsets);
    let mut grids = BTreeSet::new();
    for seed in 0..20 {
        s.set_seed(Some(seed));
        let First::Solution(grid) = s.solve(&empty).unwrap() else {
            panic!("an empty grid has solutions");
        };
        assert_eq!(check_solution(&empty, &grid), Ok(()));
        let again = s.solve(&empty).unwrap();
        assert_eq!(again, First::Solution(grid.clone()), "seed {seed}");
        grids.insert(grid.to_string());
    }
    assert!(grids.len() > 15, "{} grids from 20 seeds", grids.len());
    // On bitsets an update is a digit placed: ten stop long before 81.
    s.set_seed(None);
    s.set_budget(Budget::updates(10));
    assert_eq!(s.solve(&empty).unwrap(), First::BudgetExhausted);
    assert!(s.stats().updates < 81, "{:?}", s.stats());
}
