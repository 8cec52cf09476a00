//! Explanations: every step sound against the solution (checked by the
//! independent checker) on the shipped data sets, the steps the rater's
//! own, hints and step descriptions. The replay of generated variant
//! puzzles, which re-derives each step's reason from the rules alone, is in
//! `explain_replay.rs`.

use sudoku_dlx::{
    Explained, Explainer, Explanation, First, Grid, Hint, LogicSolver, OnStall, ParseOptions,
    Puzzle, Rules, Shape, Solver, Step, StepKind, Technique, check_solution,
};

use crate::util::lines;

/// The explanation of `puzzle` with trials, checked step by step against
/// its solution, which the independent checker accepts (and which equals
/// `published`, if given).
pub(crate) fn explained(
    explainer: &mut Explainer,
    puzzle: &Puzzle,
    published: Option<&str>,
) -> Explanation {
    let Explained::Unique(path) = explainer.explain(puzzle, OnStall::Trial).unwrap() else {
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
        let what = || format!("{puzzle}: step {} {}", k + 1, step);
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

#[test]
fn hints_name_the_next_step_a_wrong_cell_or_a_stall() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle: Puzzle = line.parse().unwrap();
    let mut explainer = Explainer::new(puzzle.rules());
    let Explained::Unique(path) = explainer.explain(&puzzle, OnStall::Stop).unwrap() else {
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
        explainer.explain(&empty, OnStall::Stop).unwrap(),
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
    let Explained::Unique(path) = Explainer::new(puzzle.rules())
        .explain(&puzzle, OnStall::Stop)
        .unwrap()
    else {
        panic!("unique")
    };
    let first = path.steps[0].to_string();
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
    let Explained::Unique(path) = Explainer::new(hard.rules())
        .explain(&hard, OnStall::Trial)
        .unwrap()
    else {
        panic!("unique")
    };
    let locked = path
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Technique(Technique::LockedCandidates))
        .expect("a locked-candidates step");
    let text = locked.to_string();
    assert!(text.starts_with("locked candidates: "), "{text}");
    assert_eq!(locked.houses.len(), 2, "{text}");
    assert!(text.contains(" removes "), "{text}");
    assert!(
        text.contains(&format!("({}, {})", locked.houses[0], locked.houses[1])),
        "{text}"
    );
}
