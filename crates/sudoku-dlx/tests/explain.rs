//! Explanations: every step sound against the solution (checked by the
//! independent checker) on the shipped data sets and on generated variant
//! puzzles, the steps the rater's own, and a replay that re-derives each
//! step's reason from the rules alone.

use proptest::prelude::*;
use sudoku_dlx::{
    Elimination, Explained, Explainer, Explanation, First, GenerateOptions, Generator, Grid, Hint,
    House, LogicSolver, ParseOptions, Puzzle, Rules, Shape, Solver, Step, StepKind, Technique,
    Unit, Variants, check_solution, windoku_windows,
};

use crate::util::lines;

/// The explanation of `puzzle` with trials, checked step by step against
/// its solution, which the independent checker accepts (and which equals
/// `published`, if given).
fn explained(explainer: &mut Explainer, puzzle: &Puzzle, published: Option<&str>) -> Explanation {
    let Explained::Explained(path) = explainer.explain(puzzle, true).unwrap() else {
        panic!("{puzzle}: not unique");
    };
    check_solution(puzzle, &path.solution).unwrap_or_else(|v| panic!("{puzzle}: {v}"));
    if let Some(published) = published {
        assert_eq!(puzzle.format_grid(&path.solution), published, "{puzzle}");
    }
    assert_sound(puzzle, &path);
    path
}

/// Every placement is the solution's digit, no elimination removes it, the
/// path fills the grid, trials come only after a stall, and the steps up
/// to the first trial are the rater's, technique for technique.
fn assert_sound(puzzle: &Puzzle, path: &Explanation) {
    let solution = path.solution.digits();
    for (k, step) in path.steps.iter().enumerate() {
        let what = || format!("{puzzle}: step {} {}", k + 1, step.describe(puzzle.shape()));
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{}: no progress",
            what()
        );
        for p in &step.placements {
            assert_eq!(p.digit, solution[p.cell], "{}", what());
        }
        for e in &step.eliminations {
            assert_ne!(e.digit, solution[e.cell], "{}", what());
        }
    }
    assert!(path.solved, "{puzzle}");
    let trials = path
        .steps
        .iter()
        .filter(|s| s.kind == StepKind::Trial)
        .count();
    assert_eq!(path.stalled, trials > 0, "{puzzle}");
    assert_eq!(path.stalled, path.stall.is_some(), "{puzzle}");
    let report = LogicSolver::new(puzzle.rules()).solve(puzzle);
    let logic: Vec<&Step> = path
        .steps
        .iter()
        .take_while(|s| s.kind != StepKind::Trial)
        .collect();
    assert_eq!(report.solved, !path.stalled, "{puzzle}");
    assert_eq!(
        usize::try_from(report.steps).unwrap(),
        logic.len(),
        "{puzzle}"
    );
    for technique in Technique::ALL {
        let used = logic
            .iter()
            .filter(|s| s.kind == StepKind::Technique(technique))
            .count();
        assert_eq!(
            usize::try_from(report.uses(technique)).unwrap(),
            used,
            "{puzzle}: {technique}"
        );
    }
}

/// The puzzles of `name` and their published solutions in `solutions`.
fn check_set(name: &str, solutions: &str, options: &ParseOptions, take: usize) -> usize {
    let puzzles = lines(name);
    let solutions = lines(solutions);
    assert_eq!(puzzles.len(), solutions.len());
    let mut explainer: Option<Explainer> = None;
    let mut stalled = 0;
    for (line, solution) in puzzles.iter().zip(&solutions).take(take) {
        let puzzle = Puzzle::parse(line, options).unwrap();
        let explainer = match &mut explainer {
            Some(e) if e.rules() == puzzle.rules() => e,
            slot => slot.insert(Explainer::new(puzzle.rules())),
        };
        stalled += usize::from(explained(explainer, &puzzle, Some(solution)).stalled);
    }
    stalled
}

#[test]
fn steps_are_sound_on_the_published_classic_sets() {
    let classic = ParseOptions::default();
    assert_eq!(
        check_set(
            "emerentius_easy.txt",
            "emerentius_easy_solutions.txt",
            &classic,
            50
        ),
        0
    );
    check_set(
        "emerentius_medium.txt",
        "emerentius_medium_solutions.txt",
        &classic,
        11,
    );
}

#[test]
fn steps_are_sound_on_jigsaw() {
    let jigsaw = ParseOptions {
        jigsaw: true,
        ..ParseOptions::default()
    };
    check_set(
        "janko_jigsaw_9x9.txt",
        "janko_jigsaw_9x9_solutions.txt",
        &jigsaw,
        40,
    );
}

#[test]
fn steps_are_sound_on_16x16() {
    let options = ParseOptions {
        shape: Some(Shape::from_size(16).unwrap()),
        ..ParseOptions::default()
    };
    check_set("janko_16x16.txt", "janko_16x16_solutions.txt", &options, 4);
}

#[test]
#[ignore = "every puzzle of the published sets; run in release by CI's --ignored step"]
fn steps_are_sound_on_every_published_puzzle() {
    let jigsaw = ParseOptions {
        jigsaw: true,
        ..ParseOptions::default()
    };
    let sixteen = ParseOptions {
        shape: Some(Shape::from_size(16).unwrap()),
        ..ParseOptions::default()
    };
    // The hardest (dynamic forcing chains, slow in debug builds): the
    // techniques stall on most, and trials finish them.
    let classic = ParseOptions::default();
    assert!(check_set("plb_hard20.txt", "plb_hard20_solutions.txt", &classic, 20) > 10);
    check_set(
        "janko_jigsaw_9x9.txt",
        "janko_jigsaw_9x9_solutions.txt",
        &jigsaw,
        usize::MAX,
    );
    check_set(
        "janko_16x16.txt",
        "janko_16x16_solutions.txt",
        &sixteen,
        usize::MAX,
    );
    // Sets without published solutions: the solver's, checked by the checker.
    // Every third line, 100 of each: the hardest take dynamic forcing chains.
    let mut explainer = Explainer::new(&Rules::classic());
    for name in [
        "norvig_top95.txt",
        "sudoku_exchange_diabolical_1000.txt",
        "tdoku_puzzles6_forum_hardest_1106.txt",
    ] {
        for line in lines(name).iter().step_by(3).take(100) {
            let puzzle = Puzzle::parse(line, &ParseOptions::default()).unwrap();
            explained(&mut explainer, &puzzle, None);
        }
    }
}

/// The rules of the property test, by index: classic and variant shapes.
fn rules(which: usize) -> Rules {
    let on = |x, windoku, anti_king, anti_knight| Variants {
        x,
        windoku,
        anti_king,
        anti_knight,
    };
    let (size, variants) = [
        (9, Variants::NONE),
        (9, on(true, false, false, false)),
        (9, on(false, true, false, false)),
        (9, on(false, false, true, false)),
        (9, on(false, false, false, true)),
        (6, on(true, false, false, false)),
        (6, Variants::NONE),
        (4, Variants::NONE),
        (8, Variants::NONE),
    ][which];
    Rules::new(Shape::from_size(size).unwrap()).with_variants(variants)
}

/// The cells of `house`, from the rules alone.
fn house_cells(rules: &Rules, house: House) -> Vec<usize> {
    let shape = rules.shape();
    let n = shape.size();
    let k = house.number - 1;
    match house.kind {
        Unit::Row => (0..n).map(|c| k * n + c).collect(),
        Unit::Column => (0..n).map(|r| r * n + k).collect(),
        Unit::Box | Unit::Region => (0..n * n).filter(|&i| rules.region_of(i) == k).collect(),
        Unit::Diagonal if k == 0 => (0..n).map(|r| r * n + r).collect(),
        Unit::Diagonal => (0..n).map(|r| r * n + n - 1 - r).collect(),
        Unit::Window => {
            let corner = windoku_windows(shape)[k];
            let (rows, cols) = (shape.box_rows(), shape.box_cols());
            (0..rows * cols)
                .map(|j| (corner.row + j / cols) * n + corner.col + j % cols)
                .collect()
        }
        other => panic!("{other} is not a house"),
    }
}

/// A board rebuilt from the steps alone: digits placed, candidates
/// removed, and what the rules allow (through `Puzzle::new`, which checks
/// the givens against the rules without the solver).
struct Replay {
    rules: Rules,
    digits: Vec<u8>,
    removed: Vec<Elimination>,
}

impl Replay {
    fn candidate(&self, cell: usize, digit: u8) -> bool {
        if self.digits[cell] != 0 || self.removed.contains(&Elimination { cell, digit }) {
            return false;
        }
        let mut digits = self.digits.clone();
        digits[cell] = digit;
        let grid = Grid::from_digits(self.rules.shape(), digits).unwrap();
        Puzzle::new(self.rules.clone(), grid)
            .and_then(|p| p.check_givens())
            .is_ok()
    }

    /// Whether the rules forbid one digit in both cells (a placement the
    /// givens check refuses), read from the rules alone.
    fn peers(&self, a: usize, b: usize) -> bool {
        let mut digits = vec![0u8; self.digits.len()];
        digits[a] = 1;
        digits[b] = 1;
        let grid = Grid::from_digits(self.rules.shape(), digits).unwrap();
        Puzzle::new(self.rules.clone(), grid)
            .and_then(|p| p.check_givens())
            .is_err()
    }

    fn candidates(&self, cell: usize) -> Vec<u8> {
        let n = u8::try_from(self.rules.shape().size()).unwrap();
        (1..=n).filter(|&d| self.candidate(cell, d)).collect()
    }

    /// Checks that `step`'s reason holds on the board, then applies it.
    fn apply(&mut self, step: &Step, solution: &[u8]) -> Result<(), String> {
        let houses: Vec<Vec<usize>> = step
            .houses
            .iter()
            .map(|&h| house_cells(&self.rules, h))
            .collect();
        // Cells of `house` other than the pattern's that can hold `digit`.
        let outside = |replay: &Replay, house: &[usize], digit: u8| -> Vec<usize> {
            house
                .iter()
                .copied()
                .filter(|i| !step.cells.contains(i) && replay.candidate(*i, digit))
                .collect()
        };
        match step.kind {
            StepKind::Trial => {
                let p = step.placements[0];
                if p.digit != solution[p.cell] {
                    return Err("a trial not from the solution".into());
                }
            }
            StepKind::Technique(Technique::HiddenSingle) => {
                for p in &step.placements {
                    let house = house_cells(&self.rules, p.house.ok_or("no house")?);
                    let others: Vec<usize> = house
                        .iter()
                        .copied()
                        .filter(|&i| i != p.cell && self.candidate(i, p.digit))
                        .collect();
                    if !house.contains(&p.cell) || !others.is_empty() {
                        return Err(format!("not a hidden single: {others:?}"));
                    }
                }
            }
            StepKind::Technique(Technique::NakedSingle) => {
                for p in &step.placements {
                    if self.candidates(p.cell) != [p.digit] {
                        return Err(format!("not a naked single: {:?}", self.candidates(p.cell)));
                    }
                }
            }
            StepKind::Technique(Technique::NakedPair | Technique::NakedTriple) => {
                let mut union: Vec<u8> = step
                    .cells
                    .iter()
                    .flat_map(|&i| self.candidates(i))
                    .collect();
                union.sort_unstable();
                union.dedup();
                if union != step.digits || step.cells.len() != step.digits.len() {
                    return Err(format!("not a naked subset: {union:?}"));
                }
            }
            StepKind::Technique(Technique::HiddenPair | Technique::HiddenTriple) => {
                for &d in &step.digits {
                    if !outside(self, &houses[0], d).is_empty() {
                        return Err(format!("{d} outside the hidden subset"));
                    }
                }
            }
            StepKind::Technique(Technique::LockedCandidates) => {
                for &d in &step.digits {
                    if !outside(self, &houses[0], d).is_empty() {
                        return Err(format!("{d} not locked"));
                    }
                }
            }
            StepKind::Technique(Technique::XWing) => {
                for base in &houses[..2] {
                    if !outside(self, base, step.digits[0]).is_empty() {
                        return Err("a base with the digit outside the fish".into());
                    }
                }
            }
            StepKind::Technique(Technique::WxyzWing | Technique::VwxyzWing) => {
                // The pattern is the almost locked set, then the bivalue
                // cell: the set's cells are pairwise peers with one digit
                // more than cells, the bivalue cell's two among them.
                let (&bivalue, set) = step.cells.split_last().ok_or("no cells")?;
                let mut union: Vec<u8> = set.iter().flat_map(|&i| self.candidates(i)).collect();
                union.sort_unstable();
                union.dedup();
                let pair = self.candidates(bivalue);
                if union != step.digits
                    || union.len() != set.len() + 1
                    || pair.len() != 2
                    || !pair.iter().all(|d| union.contains(d))
                {
                    return Err(format!(
                        "not an almost locked set and a bivalue cell: {union:?} {pair:?}"
                    ));
                }
                for (k, &a) in set.iter().enumerate() {
                    if set[k + 1..].iter().any(|&b| !self.peers(a, b)) {
                        return Err("the set's cells are not pairwise peers".into());
                    }
                }
            }
            StepKind::Technique(Technique::YCycle) => {
                // The pattern is the loop: bivalue cells, each a peer of
                // the next (the last of the first) sharing a digit with it.
                let cells = &step.cells;
                for (k, &a) in cells.iter().enumerate() {
                    let b = cells[(k + 1) % cells.len()];
                    let (ca, cb) = (self.candidates(a), self.candidates(b));
                    if cells.len() < 3
                        || ca.len() != 2
                        || !self.peers(a, b)
                        || !ca.iter().any(|d| cb.contains(d))
                    {
                        return Err(format!("not a loop of bivalue cells at {a}: {ca:?} {cb:?}"));
                    }
                }
            }
            // A technique added later: its eliminations are checked below.
            StepKind::Technique(_) | _ => {}
        }
        for e in &step.eliminations {
            if !self.candidate(e.cell, e.digit) {
                return Err(format!("{e:?} was not a candidate"));
            }
            let inside = step.cells.contains(&e.cell);
            let digit_in = step.digits.contains(&e.digit);
            let follows = match step.kind {
                // A hidden subset strips its own cells of other digits.
                StepKind::Technique(
                    Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad,
                ) => inside && !digit_in,
                // A type-1 rectangle strips its odd corner of the pair; a
                // BUG+1 strips its odd cell of all but one digit.
                StepKind::Technique(
                    Technique::UniqueRectangle | Technique::BivalueUniversalGrave,
                ) => inside && digit_in,
                // A chain's pattern is its premise (the assumed candidate, or
                // the cell or unit it branches on), not a confinement: its
                // eliminations are checked by the replay reaching the
                // solution.
                StepKind::Technique(
                    Technique::XChain
                    | Technique::ForcingChain
                    | Technique::Nishio
                    | Technique::MultipleForcingChain
                    | Technique::DynamicForcingChain,
                ) => true,
                // Every other pattern removes its digits from cells outside it.
                _ => !inside && digit_in,
            };
            if !step.cells.is_empty() && step.kind != StepKind::Trial && !follows {
                return Err(format!("{e:?} does not follow from the pattern"));
            }
            self.removed.push(*e);
        }
        for p in &step.placements {
            if !self.candidate(p.cell, p.digit) {
                return Err(format!("{p:?} was not a candidate"));
            }
            self.digits[p.cell] = p.digit;
        }
        Ok(())
    }
}

/// Generated puzzles of every shape and variant, explained with trials
/// and replayed on a board that knows only the rules: each step's reason
/// holds where it is made, and the replay ends at the solution.
fn replay_holds(which: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = rules(which);
    let mut generator = Generator::new(&rules, GenerateOptions::default());
    let generated = generator.generate(seed).unwrap();
    let puzzle = generated.puzzle;
    let mut explainer = Explainer::new(&rules);
    let path = explained(&mut explainer, &puzzle, None);
    prop_assert_eq!(&path.solution, &generated.solution);
    let mut replay = Replay {
        rules: rules.clone(),
        digits: puzzle.givens().digits().to_vec(),
        removed: Vec::new(),
    };
    for (k, step) in path.steps.iter().enumerate() {
        let checked = replay.apply(step, path.solution.digits());
        prop_assert!(
            checked.is_ok(),
            "{}\nstep {}: {}: {:?}",
            puzzle,
            k + 1,
            step.describe(rules.shape()),
            checked
        );
    }
    let grid = Grid::from_digits(rules.shape(), replay.digits).unwrap();
    prop_assert!(check_solution(&puzzle, &grid).is_ok());
    Ok(())
}

proptest! {
    // Chains make each case slow in debug builds: a few here, many in the
    // release run below (as many as before the chains).
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn replayed_steps_hold_and_reach_the_solution(which in 0..9usize, seed in any::<u64>()) {
        replay_holds(which, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    #[ignore = "48 cases with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn replayed_steps_hold_and_reach_the_solution_at_length(which in 0..9usize, seed in any::<u64>()) {
        replay_holds(which, seed)?;
    }
}

#[test]
fn hints_name_the_next_step_a_wrong_cell_or_a_stall() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle: Puzzle = line.parse().unwrap();
    let mut explainer = Explainer::new(puzzle.rules());
    let Explained::Explained(path) = explainer.explain(&puzzle, false).unwrap() else {
        panic!("unique")
    };
    let solution = path.solution.digits().to_vec();
    // The puzzle itself: the first placement of the first step.
    let Hint::Step(step) = explainer.hint(&puzzle, None).unwrap() else {
        panic!("a step")
    };
    assert_eq!(step.placements, path.steps[0].placements[..1]);
    // A board with a wrong digit: that cell, whatever comes before it.
    let mut board = puzzle.givens().digits().to_vec();
    let open: Vec<usize> = (0..81).filter(|&i| board[i] == 0).collect();
    board[open[0]] = solution[open[0]];
    let wrong = open[5];
    board[wrong] = solution[wrong] % 9 + 1;
    let grid = Grid::from_digits(puzzle.shape(), board.clone()).unwrap();
    assert_eq!(
        explainer.hint(&puzzle, Some(&grid)).unwrap(),
        Hint::Wrong {
            cell: wrong,
            found: board[wrong],
            solution: solution[wrong]
        }
    );
    // Right digits with the givens left off the board: the next step is
    // one of the board's, sound.
    board[wrong] = 0;
    let entries: Vec<u8> = board
        .iter()
        .zip(puzzle.givens().digits())
        .map(|(&b, &g)| if g != 0 { 0 } else { b })
        .collect();
    let grid = Grid::from_digits(puzzle.shape(), entries).unwrap();
    let Hint::Step(step) = explainer.hint(&puzzle, Some(&grid)).unwrap() else {
        panic!("a step")
    };
    assert!(
        step.placements
            .iter()
            .all(|p| p.digit == solution[p.cell] && board[p.cell] == 0)
    );
    // The whole solution: solved.
    let full = Grid::from_digits(puzzle.shape(), solution.clone()).unwrap();
    assert_eq!(explainer.hint(&puzzle, Some(&full)).unwrap(), Hint::Solved);
    // A stall: Easter Monster, where no technique here finds a step.
    let monster: Puzzle =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
            .parse()
            .unwrap();
    let Hint::Stalled { board, trial } = explainer.hint(&monster, None).unwrap() else {
        panic!("a stall")
    };
    assert_eq!(trial.kind, StepKind::Trial);
    let p = trial.placements[0];
    assert!(board.candidates[p.cell].contains(&p.digit));
    assert_eq!(board.candidates[p.cell], trial.digits);
    // Several solutions and none.
    let empty = Puzzle::empty(Rules::classic());
    assert_eq!(explainer.hint(&empty, None).unwrap(), Hint::Multiple);
    assert_eq!(
        explainer.explain(&empty, false).unwrap(),
        Explained::Multiple
    );
    // A wrong digit that clashes with no given leaves no solution.
    let bad = (1..=9)
        .filter(|&d| d != solution[open[0]])
        .map(|d| {
            let mut digits = puzzle.givens().digits().to_vec();
            digits[open[0]] = d;
            Puzzle::new(
                Rules::classic(),
                Grid::from_digits(puzzle.shape(), digits).unwrap(),
            )
            .unwrap()
        })
        .find(|p| p.check_givens().is_ok())
        .unwrap();
    // Alone, it is among the cells whose blanking leaves a solution (a
    // given may be one too: the board cannot tell them apart), and each of
    // those does, by a solution the checker accepts.
    let Hint::NoSolution { suspects } = explainer.hint(&bad, None).unwrap() else {
        panic!("no solution")
    };
    assert!(suspects.contains(&open[0]), "{suspects:?}");
    let mut solver = Solver::new(bad.rules());
    for &cell in &suspects {
        let mut digits = bad.givens().digits().to_vec();
        digits[cell] = 0;
        let rest = Puzzle::new(
            Rules::classic(),
            Grid::from_digits(bad.shape(), digits).unwrap(),
        )
        .unwrap();
        let First::Solution(grid) = solver.solve(&rest).unwrap() else {
            panic!("blanking {cell} leaves a solution")
        };
        assert_eq!(check_solution(&rest, &grid), Ok(()));
    }
    // With its puzzle, the board's wrong cell is named instead.
    let Hint::Wrong { cell, .. } = explainer.hint(&puzzle, Some(bad.givens())).unwrap() else {
        panic!("a wrong cell")
    };
    assert_eq!(cell, open[0]);
}

#[test]
fn steps_describe_themselves_with_r1c1_cells_and_houses() {
    let puzzle: Puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let Explained::Explained(path) = Explainer::new(puzzle.rules())
        .explain(&puzzle, false)
        .unwrap()
    else {
        panic!("unique")
    };
    let first = path.steps[0].describe(puzzle.shape());
    let p = path.steps[0].placements[0];
    let cell = puzzle.shape().cell(p.cell);
    let house = p.house.unwrap();
    assert!(
        first.starts_with(&format!("hidden single: {cell} = {} ({house})", p.digit)),
        "{first}"
    );
    // A locked-candidates step names its digits, cells, houses and removals.
    let hard: Puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let Explained::Explained(path) = Explainer::new(hard.rules()).explain(&hard, true).unwrap()
    else {
        panic!("unique")
    };
    let locked = path
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Technique(Technique::LockedCandidates))
        .expect("a locked-candidates step");
    let text = locked.describe(hard.shape());
    assert!(text.starts_with("locked candidates: "), "{text}");
    assert_eq!(locked.houses.len(), 2, "{text}");
    assert!(text.contains(" removes "), "{text}");
    assert!(
        text.contains(&format!("({}, {})", locked.houses[0], locked.houses[1])),
        "{text}"
    );
}
