//! Killer sudoku: published puzzles against their published solutions,
//! planted solutions, and counts against an independent backtracking oracle.

use proptest::prelude::*;
use sudoku_dlx::{
    Budget, CageLayout, Cages, End, Error, Explainer, GenerateOptions, Generator, Grid,
    KillerGenerator, Level, OnStall, Parallel, ParseOptions, Puzzle, Rated, Rater, Rules, Shape,
    Solver, Uniqueness, Violation, canonical, check_solution,
};

use crate::util::lines;

fn killer() -> ParseOptions {
    ParseOptions {
        killer: true,
        ..ParseOptions::default()
    }
}

/// Every published puzzle has exactly one solution, the published one, and
/// the independent checker accepts it.
#[test]
fn published_killer_puzzles_have_their_published_solutions() {
    let puzzles = lines("killer_9x9.txt");
    let solutions = lines("killer_9x9_solutions.txt");
    assert_eq!(puzzles.len(), 41);
    assert_eq!(puzzles.len(), solutions.len());
    for (line, solution) in puzzles.iter().zip(&solutions) {
        let puzzle = Puzzle::parse(line, &killer()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(puzzle.givens().filled_count(), 0);
        let mut solver = Solver::new(puzzle.rules());
        let Uniqueness::Unique(grid) = solver.uniqueness(&puzzle).unwrap() else {
            panic!("{line}: not unique");
        };
        assert_eq!(check_solution(&puzzle, &grid), Ok(()), "{line}");
        assert_eq!(&grid.to_string(), solution, "{line}");
    }
}

/// The checker rejects a grid that keeps every unit but breaks a cage sum:
/// the published solution with two digits of one row swapped.
#[test]
fn the_checker_adds_up_cages() {
    let puzzle = Puzzle::parse(&lines("killer_9x9.txt")[0], &killer()).unwrap();
    let solution: Grid = lines("killer_9x9_solutions.txt")[0].parse().unwrap();
    let mut digits = solution.digits().to_vec();
    // Cells 0 and 1 (cage `0`, 2+1=3) swapped with each other keep the
    // sum; cell 1 and 3 (in another cage) are swapped instead, and the
    // columns then repeat, so the checker must find something.
    digits.swap(1, 3);
    let broken = Grid::from_digits(puzzle.shape(), digits).unwrap();
    assert!(check_solution(&puzzle, &broken).is_err());
    // A grid valid as a sudoku, with one cage's sum wrong.
    let plain = Rules::classic();
    assert_eq!(plain.check(&solution), Ok(()));
    let cages = Cages::parse(&one_cage(), "0=4", Shape::CLASSIC, CageLayout::Joined).unwrap();
    let rules = Rules::classic().with_cages(cages).unwrap();
    assert!(matches!(
        rules.check(&solution),
        Err(Violation::CageSum {
            label: '0',
            sum: 4,
            found: 3,
            ..
        })
    ));
}

/// A 9x9 cage map with one cage, `0`, on r1c1 and r1c2.
fn one_cage() -> String {
    format!("00{}", ".".repeat(79))
}

/// A small deterministic generator for the tests' random choices.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % u64::try_from(n).unwrap()).unwrap()
    }
}

/// Cages around `grid`: connected groups of up to `largest` cells grown
/// from random cells, with the grid's sums; every cell in a cage.
fn cages_around(grid: &Grid, largest: usize, rng: &mut Lcg) -> Cages {
    let n = grid.shape().size();
    let cells = n * n;
    let mut owner = vec![usize::MAX; cells];
    let mut groups: Vec<(Vec<usize>, u32)> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    for k in (1..cells).rev() {
        order.swap(k, rng.below(k + 1));
    }
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let id = groups.len();
        let target = 1 + rng.below(largest);
        let mut group = vec![start];
        owner[start] = id;
        while group.len() < target {
            let mut options = Vec::new();
            for &c in &group {
                let (r, col) = (c / n, c % n);
                let near = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                ];
                for x in near.into_iter().flatten() {
                    let digit = grid.digits()[x];
                    let repeats = group.iter().any(|&g| grid.digits()[g] == digit);
                    if owner[x] == usize::MAX && !repeats {
                        options.push(x);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let x = options[rng.below(options.len())];
            owner[x] = id;
            group.push(x);
        }
        let sum = group.iter().map(|&c| u32::from(grid.digits()[c])).sum();
        groups.push((group, sum));
    }
    Cages::from_groups(grid.shape(), &groups).unwrap()
}

/// The independent oracle: plain backtracking, on a cell with the fewest
/// digits that fit, checking rows, columns, boxes, and each cage's distinct
/// digits and its sum (the blanks left must be able to make up the rest;
/// a full cage must hit it). It knows the cages only as cells and sums,
/// and nothing of the engine.
fn oracle_count(shape: Shape, givens: &[u8], cages: &Cages, limit: u64) -> u64 {
    struct Search<'a> {
        shape: Shape,
        cage_of: Vec<Option<usize>>,
        cages: &'a Cages,
        digits: Vec<u8>,
        limit: u64,
    }
    impl Search<'_> {
        fn fits(&self, i: usize, d: u8) -> bool {
            let n = self.shape.size();
            let (r, c) = (i / n, i % n);
            let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
            let (top, left) = (r / br * br, c / bc * bc);
            for k in 0..n {
                if self.digits[r * n + k] == d || self.digits[k * n + c] == d {
                    return false;
                }
                let (rr, cc) = (top + k / bc, left + k % bc);
                if self.digits[rr * n + cc] == d {
                    return false;
                }
            }
            if let Some(k) = self.cage_of[i] {
                let cage = &self.cages.cages()[k];
                let mut sum = u32::from(d);
                let mut blank = 0u32;
                for &j in cage.cells() {
                    match self.digits[j] {
                        0 if j != i => blank += 1,
                        0 => {}
                        x if x == d => return false,
                        x => sum += u32::from(x),
                    }
                }
                // The blanks left need distinct digits: at least 1 + 2 + ...
                // and at most n + (n - 1) + ... between them.
                let n = u32::try_from(n).unwrap();
                let least = blank * (blank + 1) / 2;
                let most = blank * n - blank * blank.saturating_sub(1) / 2;
                if sum + least > cage.sum() || sum + most < cage.sum() {
                    return false;
                }
            }
            true
        }

        /// Counts completions, branching on a blank cell with the fewest
        /// digits that fit (the first such in row-major order).
        fn count(&mut self) -> u64 {
            let digits = 1..=u8::try_from(self.shape.size()).unwrap();
            let mut best: Option<(usize, usize)> = None;
            for i in (0..self.digits.len()).filter(|&i| self.digits[i] == 0) {
                let fitting = digits.clone().filter(|&d| self.fits(i, d)).count();
                if best.is_none_or(|(_, least)| fitting < least) {
                    best = Some((i, fitting));
                }
            }
            let Some((i, _)) = best else {
                return 1;
            };
            let mut total = 0;
            for d in digits {
                if self.fits(i, d) {
                    self.digits[i] = d;
                    let limit = self.limit;
                    self.limit -= total;
                    total += self.count();
                    self.limit = limit;
                    self.digits[i] = 0;
                    if total >= self.limit {
                        break;
                    }
                }
            }
            total
        }
    }
    let cells = shape.cell_count();
    let mut search = Search {
        shape,
        cage_of: (0..cells).map(|i| cages.cage_of(i)).collect(),
        cages,
        digits: vec![0; cells],
        limit,
    };
    // Givens go in one at a time, each checked, as the search would place them.
    for (i, &d) in givens.iter().enumerate() {
        if d != 0 {
            if !search.fits(i, d) {
                return 0;
            }
            search.digits[i] = d;
        }
    }
    // Cages the givens fill must already hold their sums.
    for cage in cages.cages() {
        let digits: Vec<u8> = cage.cells().iter().map(|&i| search.digits[i]).collect();
        let full = digits.iter().all(|&d| d != 0);
        let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        if full && sum != cage.sum() {
            return 0;
        }
    }
    search.count()
}

/// Killer rules for `grid` with cages of up to `largest` cells and, from
/// `keep` out of 100, some of its digits as givens.
fn planted(n: usize, seed: u64, largest: usize, keep: usize) -> (Puzzle, Grid) {
    let rules = Rules::new(Shape::from_size(n).unwrap());
    let mut generator = Generator::new(&rules, GenerateOptions::default());
    let grid = generator.complete_grid(seed).unwrap();
    let mut rng = Lcg(seed);
    let cages = cages_around(&grid, largest, &mut rng);
    let givens: Vec<u8> = grid
        .digits()
        .iter()
        .map(|&d| if rng.below(100) < keep { d } else { 0 })
        .collect();
    let rules = rules.with_cages(cages).unwrap();
    let givens = Grid::from_digits(rules.shape(), givens).unwrap();
    (Puzzle::new(rules, givens).unwrap(), grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A random grid, random cages around it and its sums: the planted
    /// grid is among the solutions, and every solution passes the checker.
    #[test]
    fn the_planted_grid_is_among_the_solutions(
        n in prop::sample::select(vec![4usize, 6, 9]),
        seed in any::<u64>(),
        largest in 1usize..6,
        keep in 0usize..30,
    ) {
        // 9x9 in cages of one or two cells would need more than 62 labels.
        let largest = if n == 9 { largest.max(3) } else { largest };
        let (puzzle, grid) = planted(n, seed, largest, keep);
        let mut solver = Solver::new(puzzle.rules());
        solver.set_budget(Budget::nodes(200_000));
        let mut seen = 0u32;
        let mut found = false;
        let count = solver.for_each_solution(&puzzle, |solution| {
            seen += 1;
            assert_eq!(check_solution(&puzzle, solution), Ok(()), "{puzzle}");
            found |= solution == &grid;
            if found || seen >= 2000 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        }).unwrap();
        // The search finds it unless a budget or the cap stopped it first.
        prop_assert!(found || count.end != End::Exhausted || seen >= 2000, "{}", puzzle);
        // With the planted grid's own digits all given, it is the one solution.
        let whole = Puzzle::new(puzzle.rules().clone(), grid.clone()).unwrap();
        prop_assert!(matches!(solver.uniqueness(&whole).unwrap(), Uniqueness::Unique(g) if g == grid));
    }

    /// Exact counts on 4x4 and 6x6 agree with the backtracking oracle, on
    /// one thread and two.
    #[test]
    fn killer_counts_agree_with_the_oracle(
        n in prop::sample::select(vec![4usize, 6]),
        seed in any::<u64>(),
        largest in 2usize..7,
        keep in 0usize..20,
    ) {
        let (puzzle, _) = planted(n, seed, largest, keep);
        let cages = puzzle.rules().cages().unwrap();
        let expected = oracle_count(puzzle.shape(), puzzle.givens().digits(), cages, 5_000);
        let mut solver = Solver::new(puzzle.rules());
        match solver.count(&puzzle, Some(5_000)) {
            Ok(count) => {
                prop_assert_eq!(count.solutions, expected, "{}", puzzle);
                let spread = solver
                    .count_parallel(&puzzle, &Parallel::new().with_threads(2), Some(5_000))
                    .unwrap();
                prop_assert_eq!(spread.solutions, expected, "{}", puzzle);
            }
            // Givens that clash (in a cage, say) have no completion.
            Err(_) => prop_assert_eq!(expected, 0, "{}", puzzle),
        }
    }
}

/// A node budget stops a killer search too: the empty 9x9 grid with one
/// cage has billions of solutions.
#[test]
fn budgets_hold_on_killer_puzzles() {
    let cages = Cages::parse(&one_cage(), "0=3", Shape::CLASSIC, CageLayout::Joined).unwrap();
    let rules = Rules::classic().with_cages(cages).unwrap();
    let puzzle = Puzzle::empty(rules);
    let mut solver = Solver::new(puzzle.rules());
    solver.set_budget(Budget::nodes(1_000));
    let count = solver.count(&puzzle, None).unwrap();
    assert_eq!(count.end, End::BudgetExhausted);
    assert!(count.solutions > 0);
}

/// Generated killer puzzles have no givens, and exactly one solution by the
/// oracle, the one the generator returns, which the checker accepts; the
/// same seed gives the same puzzle.
#[test]
fn generated_killer_puzzles_are_unique_by_the_oracle() {
    for (n, seeds) in [(4, 0..8), (6, 0..4)] {
        let rules = Rules::new(Shape::from_size(n).unwrap());
        let mut generator = KillerGenerator::new(&rules, 4).unwrap();
        for seed in seeds {
            let made = generator.generate(seed).unwrap();
            let puzzle = &made.puzzle;
            assert_eq!(puzzle.givens().filled_count(), 0);
            assert_eq!(check_solution(puzzle, &made.solution), Ok(()));
            let cages = puzzle.rules().cages().unwrap();
            assert_eq!(
                oracle_count(puzzle.shape(), puzzle.givens().digits(), cages, 2),
                1,
                "{puzzle}"
            );
            let rating = made.rating.as_ref().unwrap();
            assert!(rating.effort >= 1.0 && rating.score >= 4.5);
            // It reads back as it prints.
            let back = Puzzle::parse(&puzzle.to_string(), &killer()).unwrap();
            assert_eq!(&back, puzzle);
            assert_eq!(generator.generate(seed).unwrap().puzzle, made.puzzle);
        }
    }
}

/// 9x9 killer generation, checked by the oracle: slow in a debug build.
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn generated_9x9_killer_puzzles_are_unique_by_the_oracle() {
    let mut generator = KillerGenerator::new(&Rules::classic(), 5).unwrap();
    for seed in 0..3 {
        let made = generator.generate(seed).unwrap();
        let cages = made.puzzle.rules().cages().unwrap();
        assert_eq!(check_solution(&made.puzzle, &made.solution), Ok(()));
        assert_eq!(
            oracle_count(Shape::CLASSIC, made.puzzle.givens().digits(), cages, 2),
            1
        );
    }
}

/// The README's 4x4 killer and the Wikipedia 9x9 killer (line 1 of
/// `killer_9x9.txt`), each with its one solution: rules under which only
/// one complete grid exists, so no relabelling of it is another.
fn one_grid_killers() -> Vec<(Puzzle, Grid)> {
    let readme = Puzzle::parse(
        "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5",
        &killer(),
    )
    .unwrap();
    let wikipedia = Puzzle::parse(&lines("killer_9x9.txt")[0], &killer()).unwrap();
    vec![
        (readme, "1234341221434321".parse().unwrap()),
        (
            wikipedia,
            lines("killer_9x9_solutions.txt")[0].parse().unwrap(),
        ),
    ]
}

/// A regression test: the generator fixed a random first row and read "no
/// solution" as "no grid", which holds only where any relabelling of a
/// grid is a grid. Under cages with one grid, every seed must find that
/// grid, which the oracle accepts (rows, columns, boxes, cage sums).
#[test]
fn complete_grids_of_killer_rules_keep_the_cages() {
    for (puzzle, solution) in one_grid_killers() {
        let cages = puzzle.rules().cages().unwrap();
        let mut generator = Generator::new(puzzle.rules(), GenerateOptions::default());
        for seed in 0..5 {
            let grid = generator
                .complete_grid(seed)
                .unwrap_or_else(|e| panic!("{puzzle} seed {seed}: {e}"));
            assert_eq!(oracle_count(puzzle.shape(), grid.digits(), cages, 2), 1);
            assert_eq!(grid, solution, "{puzzle} seed {seed}");
        }
    }
}

/// Puzzles generated under killer rules: the planted solution is the
/// rules' one grid (checked by the oracle), the givens are its digits, and
/// on 4x4 the oracle finds the puzzle unique.
#[test]
fn puzzles_generated_under_killer_rules_are_unique_by_the_oracle() {
    for (puzzle, solution) in one_grid_killers() {
        let cages = puzzle.rules().cages().unwrap();
        let mut generator = Generator::new(puzzle.rules(), GenerateOptions::default());
        for seed in 0..5 {
            let made = generator
                .generate(seed)
                .unwrap_or_else(|e| panic!("{puzzle} seed {seed}: {e}"));
            assert_eq!(
                oracle_count(puzzle.shape(), made.solution.digits(), cages, 2),
                1
            );
            assert_eq!(made.solution, solution);
            let givens = made.puzzle.givens().digits();
            assert!(
                givens
                    .iter()
                    .zip(solution.digits())
                    .all(|(&g, &s)| g == 0 || g == s)
            );
            if puzzle.shape().size() == 4 {
                assert_eq!(oracle_count(puzzle.shape(), givens, cages, 2), 1);
            }
        }
    }
}

/// A difficulty asked of killer rules is judged by the rating every killer
/// puzzle gets (search effort alone), never by the techniques, which know
/// no cages.
#[test]
fn killer_difficulty_targets_use_the_killer_rating() {
    let (puzzle, solution) = one_grid_killers().swap_remove(0);
    let options = GenerateOptions {
        difficulty: Some(Level::Medium),
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(puzzle.rules(), options);
    for seed in 0..5 {
        let made = generator.generate(seed).unwrap();
        assert_eq!(made.solution, solution);
        let rating = made.rating.unwrap();
        assert!(!rating.solved_by_logic && rating.hardest.is_none());
        let Rated::Unique(again) = Rater::new(puzzle.rules())
            .rate_puzzle(&made.puzzle)
            .unwrap()
        else {
            panic!("unique")
        };
        assert_eq!(rating, again);
    }
}

/// A regression test: the rater rated killer puzzles with techniques that
/// ignore the cages (the README's 4x4 killer scored 12.31, extreme). Now
/// a killer puzzle scores 4.5 + log2 of its search effort, nothing for
/// logic; the README's 4x4 killer is medium.
#[test]
fn killer_puzzles_are_rated_by_search_effort() {
    for (puzzle, _) in one_grid_killers() {
        let Rated::Unique(rating) = Rater::new(puzzle.rules()).rate_puzzle(&puzzle).unwrap() else {
            panic!("{puzzle}: unique")
        };
        assert!(!rating.solved_by_logic && rating.hardest.is_none());
        assert_eq!(rating.logic.steps, 0);
        assert!(rating.effort >= 1.0);
        assert!((rating.score - (4.5 + rating.effort.log2())).abs() < 1e-9);
        assert_eq!(rating.level, Level::of_score(rating.score));
    }
    let (readme, _) = one_grid_killers().swap_remove(0);
    let Rated::Unique(rating) = Rater::new(readme.rules()).rate_puzzle(&readme).unwrap() else {
        panic!("unique")
    };
    assert_eq!(rating.level, Level::Medium);
}

/// Killer puzzles are refused by the explainer, for a whole path and for a
/// hint, with an error that says why and what to do.
#[test]
fn killer_puzzles_are_not_explained() {
    for (puzzle, solution) in one_grid_killers() {
        let mut explainer = Explainer::new(puzzle.rules());
        let refused = explainer.explain(&puzzle, OnStall::Trial).unwrap_err();
        assert_eq!(refused, Error::KillerNotExplained);
        assert!(
            refused
                .to_string()
                .contains("killer puzzles cannot be explained yet"),
            "{refused}"
        );
        assert!(refused.to_string().contains("solve or rate them"));
        assert_eq!(
            explainer.hint(&puzzle, None),
            Err(Error::KillerNotExplained)
        );
        assert_eq!(
            explainer.hint(&puzzle, Some(&solution)),
            Err(Error::KillerNotExplained)
        );
    }
}

/// Canonical forms relabel digits, which changes cage sums: a killer
/// puzzle is refused, never given the form of its givens alone.
#[test]
fn killer_puzzles_have_no_canonical_form() {
    for (puzzle, _) in one_grid_killers() {
        let refused = canonical(&puzzle).unwrap_err();
        assert!(matches!(refused, Error::CanonRules { .. }), "{refused}");
        assert!(refused.to_string().contains("killer"), "{refused}");
    }
}
