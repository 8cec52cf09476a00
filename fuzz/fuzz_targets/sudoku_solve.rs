//! The Sudoku solver on puzzles built from fuzz input, under a node budget.
//!
//! The input picks a shape (4x4 to 9x9), variants, an optional jigsaw
//! region map (any partition into n regions of n cells), givens, a budget
//! and a limit. Checks: a reported solution passes `check_solution`; "no
//! solution" on 4x4 and 6x6 is confirmed by a backtracking oracle written
//! here; counts with and without limits, `solve` and `uniqueness` agree.

#![no_main]

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::{Corpus, fuzz_target};
use sudoku_dlx::{
    Budget, End, Error, Grid, Method, First, Puzzle, Regions, Rules, Shape, Solver, Uniqueness,
    Variants, check_solution, windoku_windows,
};

const BOXES: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)];
const REGION_LETTERS: &str = "ABCDEFGHI";
/// The oracle gives up after this many placements.
const ORACLE_STEPS: u64 = 200_000;

struct SolveCase {
    shape: Shape,
    variants: Variants,
    /// A region map in `Regions::parse`'s format, for jigsaw.
    regions: Option<String>,
    digits: Vec<u8>,
    max_nodes: u64,
    limit: u64,
}

impl<'a> Arbitrary<'a> for SolveCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let (r, c) = *u.choose(&BOXES)?;
        let shape = Shape::with_boxes(r, c).expect("a valid shape");
        let n = shape.size();
        let bits: u8 = u.arbitrary()?;
        let variants = Variants {
            x: bits & 1 != 0,
            windoku: bits & 2 != 0,
            anti_king: bits & 4 != 0,
            anti_knight: bits & 8 != 0,
        };
        let regions = if bits & 16 != 0 {
            // n copies of each region, shuffled by the input.
            let mut map: Vec<char> = REGION_LETTERS.chars().take(n).flat_map(|l| std::iter::repeat_n(l, n)).collect();
            for i in (1..map.len()).rev() {
                let j = u.int_in_range(0..=i)?;
                map.swap(i, j);
            }
            Some(map.into_iter().collect())
        } else {
            None
        };
        let mut digits = vec![0u8; n * n];
        let givens = u.int_in_range(0..=n * n / 2)?;
        for _ in 0..givens {
            let cell = u.choose_index(n * n)?;
            digits[cell] = u.int_in_range(1..=u8::try_from(n).unwrap_or(9))?;
        }
        Ok(SolveCase {
            shape,
            variants,
            regions,
            digits,
            max_nodes: u.int_in_range(1..=5_000)?,
            limit: u.int_in_range(0..=3)?,
        })
    }
}

impl fmt::Debug for SolveCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// sudoku_solve case")?;
        writeln!(f, "let shape = sudoku_dlx::Shape::with_boxes({}, {}).unwrap();", self.shape.box_rows(), self.shape.box_cols())?;
        writeln!(f, "let rules = sudoku_dlx::Rules::new(shape).with_variants(sudoku_dlx::{:?});", self.variants)?;
        if let Some(map) = &self.regions {
            writeln!(f, "let rules = rules.with_regions(sudoku_dlx::Regions::parse({map:?}, shape).unwrap()).unwrap();")?;
        }
        writeln!(f, "let givens = sudoku_dlx::Grid::from_digits(shape, vec!{:?}).unwrap();", self.digits)?;
        writeln!(f, "let puzzle = sudoku_dlx::Puzzle::new(rules, givens).unwrap();")?;
        writeln!(f, "let budget = sudoku_dlx::Budget::nodes({});", self.max_nodes)?;
        writeln!(f, "let limit = {};", self.limit)
    }
}

/// The groups of cells that must hold distinct digits, and the pairs that
/// must differ, built from the rules' definitions, not the encoding.
struct Constraints {
    n: usize,
    /// For each cell, the cells that must not share its digit.
    peers: Vec<Vec<usize>>,
}

impl Constraints {
    fn new(rules: &Rules) -> Self {
        let shape = rules.shape();
        let n = shape.size();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for k in 0..n {
            groups.push((0..n).map(|c| k * n + c).collect());
            groups.push((0..n).map(|r| r * n + k).collect());
            groups.push((0..n * n).filter(|&i| rules.region_of(i) == k).collect());
        }
        let v = rules.variants();
        if v.x {
            groups.push((0..n).map(|k| k * n + k).collect());
            groups.push((0..n).map(|k| k * n + (n - 1 - k)).collect());
        }
        if v.windoku {
            for corner in windoku_windows(shape) {
                let (br, bc) = (shape.box_rows(), shape.box_cols());
                groups.push(
                    (0..br)
                        .flat_map(|dr| (0..bc).map(move |dc| (corner.row + dr) * n + corner.col + dc))
                        .collect(),
                );
            }
        }
        let mut peers = vec![Vec::new(); n * n];
        for group in &groups {
            for &a in group {
                peers[a].extend(group.iter().copied().filter(|&b| b != a));
            }
        }
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if v.anti_king {
            moves.extend([(-1, -1), (-1, 1), (1, -1), (1, 1)]);
        }
        if v.anti_knight {
            moves.extend([(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]);
        }
        let side = n as isize;
        for cell in 0..n * n {
            let (r, c) = ((cell / n) as isize, (cell % n) as isize);
            for &(dr, dc) in &moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..side).contains(&r2) && (0..side).contains(&c2) {
                    peers[cell].push((r2 * side + c2) as usize);
                }
            }
        }
        Constraints { n, peers }
    }

    fn allowed(&self, grid: &[u8], cell: usize, digit: u8) -> bool {
        self.peers[cell].iter().all(|&p| grid[p] != digit)
    }

    /// Whether `givens` has a solution: `None` if the oracle gave up.
    fn solvable(&self, givens: &[u8]) -> Option<bool> {
        for (cell, &d) in givens.iter().enumerate() {
            if d != 0 && !self.peers[cell].iter().all(|&p| givens[p] != d) {
                return Some(false);
            }
        }
        let mut grid = givens.to_vec();
        let mut steps = 0;
        self.fill(&mut grid, 0, &mut steps)
    }

    fn fill(&self, grid: &mut [u8], from: usize, steps: &mut u64) -> Option<bool> {
        let Some(cell) = (from..grid.len()).find(|&i| grid[i] == 0) else {
            return Some(true);
        };
        for digit in 1..=u8::try_from(self.n).unwrap_or(u8::MAX) {
            *steps += 1;
            if *steps > ORACLE_STEPS {
                return None;
            }
            if self.allowed(grid, cell, digit) {
                grid[cell] = digit;
                match self.fill(grid, cell + 1, steps) {
                    Some(false) => {}
                    other => return other,
                }
                grid[cell] = 0;
            }
        }
        Some(false)
    }
}

fn check(case: &SolveCase) -> Corpus {
    let mut rules = Rules::new(case.shape).with_variants(case.variants);
    if let Some(map) = &case.regions {
        let regions = Regions::parse(map, case.shape).expect("a partition into regions");
        rules = rules.with_regions(regions).expect("regions of the shape");
    }
    let givens = Grid::from_digits(case.shape, case.digits.clone()).expect("digits in range");
    let puzzle = Puzzle::new(rules.clone(), givens).expect("givens of the shape");
    let mut solver = Solver::new(&rules);
    solver.set_budget(Budget::nodes(case.max_nodes));
    let oracle = (case.shape.size() <= 6).then(|| Constraints::new(&rules));

    // Clashing givens have no solution, as any unsolvable puzzle; `clash`
    // names them.
    match solver.clash(&puzzle) {
        Ok(None) => {}
        Ok(Some(Error::ConflictingGivens { .. })) => {
            assert!(puzzle.check_givens().is_err(), "the solver saw conflicting givens, check_givens none");
            assert_eq!(solver.solve(&puzzle), Ok(First::NoSolution), "conflicting givens, but a solution");
            if let Some(oracle) = &oracle {
                assert_eq!(oracle.solvable(&case.digits), Some(false), "conflicting givens, but the oracle solves it");
            }
            return Corpus::Keep;
        }
        other => panic!("clash: {other:?}"),
    }
    let outcome = match solver.solve(&puzzle) {
        Ok(outcome) => outcome,
        Err(e) => panic!("solve: {e}"),
    };
    match &outcome {
        First::Solution(grid) => {
            if let Err(v) = check_solution(&puzzle, grid) {
                panic!("the solver's grid {grid} is not a solution: {v}");
            }
        }
        First::NoSolution => {
            if let Some(oracle) = &oracle {
                assert_ne!(oracle.solvable(&case.digits), Some(true), "no solution reported, but the oracle solves it");
            }
        }
        First::BudgetExhausted => return Corpus::Keep,
    }

    let all = solver.count(&puzzle, None).expect("counted once already");
    // The default method (bitsets on these small grids) and dancing links
    // count the same wherever both finish.
    let mut links = Solver::new(&rules);
    links.set_method(Method::DancingLinks);
    links.set_budget(Budget::nodes(case.max_nodes));
    let by_links = links.count(&puzzle, None).expect("the same givens");
    if all.end == End::Exhausted && by_links.end == End::Exhausted {
        assert_eq!(all.solutions, by_links.solutions, "bitsets and dancing links disagree");
    }
    let limited = solver.count(&puzzle, Some(case.limit)).expect("counted once already");
    let two = solver.count(&puzzle, Some(2)).expect("counted once already");
    let unique = solver.uniqueness(&puzzle).expect("counted once already");
    if matches!(outcome, First::NoSolution) {
        assert_eq!((all.solutions, all.end), (0, End::Exhausted), "count(None) of an unsolvable puzzle");
    }
    if all.end == End::Exhausted {
        let total = all.solutions;
        assert_eq!(matches!(outcome, First::Solution(_)), total > 0, "solve vs count(None) = {total}");
        let expected = if total >= case.limit { (case.limit, End::LimitReached) } else { (total, End::Exhausted) };
        if limited.end != End::BudgetExhausted {
            assert_eq!((limited.solutions, limited.end), expected, "count(Some({})) of {total}", case.limit);
        }
        match (&unique, total) {
            (Uniqueness::NoSolution, 0) | (Uniqueness::Unique(_), 1) | (Uniqueness::Multiple(..), 2..) => {}
            (Uniqueness::BudgetExhausted, _) => {}
            _ => panic!("uniqueness {unique:?} but {total} solutions"),
        }
    }
    if two.end == End::LimitReached {
        assert_eq!(two.solutions, 2);
        assert!(!matches!(unique, Uniqueness::NoSolution | Uniqueness::Unique(_)), "two solutions counted, uniqueness {unique:?}");
    }
    match &unique {
        Uniqueness::Unique(grid) => assert_eq!(check_solution(&puzzle, grid), Ok(())),
        Uniqueness::Multiple(a, b) => {
            assert_eq!(check_solution(&puzzle, a), Ok(()));
            assert_eq!(check_solution(&puzzle, b), Ok(()));
            assert_ne!(a, b, "uniqueness reports one solution twice");
        }
        _ => {}
    }
    Corpus::Keep
}

fuzz_target!(|case: SolveCase| -> Corpus { check(&case) });
