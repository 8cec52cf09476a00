//! The large sets: release mode only (`cargo test --release -- --ignored`).

use sudoku_dlx::{Count, End, Rules, Solver, Uniqueness, check_solution};

use crate::util::{lines, parse};

/// Counts up to 2 solutions of every puzzle, checks each solution found, and
/// returns how many puzzles had 0, 1 and 2+ solutions.
fn census(name: &str) -> [usize; 3] {
    let mut solver = Solver::new(&Rules::classic());
    let mut tally = [0; 3];
    for line in lines(name) {
        let puzzle = parse(&line);
        let mut found = 0;
        let count: Count = solver
            .for_each_solution(&puzzle, |grid| {
                assert_eq!(check_solution(&puzzle, grid), Ok(()), "{line}");
                found += 1;
                if found == 2 {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert!(count.end == End::Exhausted || count.end == End::Stopped);
        tally[count.solutions.min(2) as usize] += 1;
        if count.solutions == 1 {
            assert!(matches!(
                solver.uniqueness(&puzzle).unwrap(),
                Uniqueness::Unique(_)
            ));
        }
    }
    tally
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn all_49158_17_clue_puzzles_are_unique() {
    assert_eq!(census("tdoku_puzzles2_17_clue.txt"), [0, 49_158, 0]);
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn all_48766_forum_hardest_puzzles_are_unique() {
    assert_eq!(
        census("tdoku_puzzles5_forum_hardest_1905_11plus.txt"),
        [0, 48_766, 0]
    );
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn all_10000_serg_puzzles_have_several_solutions() {
    assert_eq!(census("tdoku_puzzles7_serg_benchmark.txt"), [0, 0, 10_000]);
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn magictour_and_forum_1106_and_unbiased_are_unique() {
    for name in [
        "tdoku_puzzles3_magictour_top1465.txt",
        "tdoku_puzzles6_forum_hardest_1106.txt",
        "tdoku_puzzles1_unbiased_1000subset.txt",
    ] {
        let n = lines(name).len();
        assert_eq!(census(name), [0, n, 0], "{name}");
    }
}
