//! Classic 9x9 and 16x16 puzzles with published solutions.

use sudoku_dlx::{Rules, Solver, Uniqueness, check_solution};

use crate::util::{lines, parse, solve_all, solve_checked};

#[test]
fn plb_hard20_matches_published_solutions() {
    solve_all(
        &lines("plb_hard20.txt"),
        Some(&lines("plb_hard20_solutions.txt")),
    );
}

#[test]
fn emerentius_easy_and_medium_match_published_solutions() {
    solve_all(
        &lines("emerentius_easy.txt"),
        Some(&lines("emerentius_easy_solutions.txt")),
    );
    solve_all(
        &lines("emerentius_medium.txt"),
        Some(&lines("emerentius_medium_solutions.txt")),
    );
}

#[test]
fn janko_16x16_matches_published_solutions() {
    solve_all(
        &lines("janko_16x16.txt"),
        Some(&lines("janko_16x16_solutions.txt")),
    );
}

#[test]
fn janko_jigsaw_matches_published_solutions() {
    solve_all(
        &lines("janko_jigsaw_9x9.txt"),
        Some(&lines("janko_jigsaw_9x9_solutions.txt")),
    );
}

#[test]
fn norvig_and_named_puzzles_are_unique() {
    let mut solver = Solver::new(&Rules::classic());
    let named: Vec<String> = lines("named_puzzles.tsv")
        .into_iter()
        .skip(1)
        .filter_map(|l| l.split('\t').next().map(str::to_owned))
        .collect();
    for line in lines("norvig_top95.txt")
        .iter()
        .chain(&lines("norvig_hardest.txt"))
        .chain(&named)
    {
        let puzzle = parse(line);
        match solver.uniqueness(&puzzle).unwrap() {
            Uniqueness::Unique(grid) => assert_eq!(check_solution(&puzzle, &grid), Ok(())),
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn near_worst_case_for_backtracking_solves() {
    let line = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let puzzle = parse(line);
    let mut solver = Solver::new(puzzle.rules());
    solve_checked(&mut solver, &puzzle);
    assert_eq!(solver.count(&puzzle, None).unwrap().solutions, 1);
}

#[test]
fn empty_9x9_solves() {
    let puzzle = parse(&".".repeat(81));
    let mut solver = Solver::new(puzzle.rules());
    solve_checked(&mut solver, &puzzle);
    assert!(matches!(
        solver.uniqueness(&puzzle).unwrap(),
        Uniqueness::Multiple(..)
    ));
}
