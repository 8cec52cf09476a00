//! Criterion benches of Sudoku solving: the tdoku protocol (count to two
//! solutions per puzzle, single thread) on the first puzzles of each set,
//! and the per-puzzle overhead of building and resetting the matrix.
//!
//! Every iteration checks its answers: each puzzle's class (0, 1 or 2+
//! solutions) against the `sudoku` crate's, computed once, and every unique
//! grid with the independent checker. Our two rows and the `sudoku` crate run
//! here; the comparison program covers whole sets and the DLX peers.

use std::hint::black_box;
use std::time::Duration;

use benches::grid_check::check_grid;
use benches::sudoku_sets::{ALL_SETS, Digits, SEVENTEEN_CLUE};
use benches::sudoku_solvers::{
    Answer, SudokuSolver, SudokuSolverKind, given_option, sudoku_problem,
};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Puzzles per set in each iteration.
const SUBSET: usize = 100;

fn count_to_two(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku/count_to_2");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for set in ALL_SETS {
        let puzzles = set.load(Some(SUBSET)).unwrap_or_else(|e| panic!("{e}"));
        let mut reference = SudokuSolverKind::SudokuCrate.build();
        let expected: Vec<u8> = puzzles.iter().map(|p| reference.solve(p).class()).collect();
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        // The `sudoku` crate runs too, as the yardstick of the targets.
        for kind in [
            SudokuSolverKind::SudokuDlx,
            SudokuSolverKind::SudokuDlxLinks,
            SudokuSolverKind::Engine,
            SudokuSolverKind::SudokuCrate,
        ] {
            let mut solver = kind.build();
            group.bench_with_input(
                BenchmarkId::new(kind.name(), set.name),
                &puzzles,
                |b, puzzles| {
                    b.iter(|| solve_checked(&mut solver, puzzles, &expected));
                },
            );
        }
    }
    group.finish();
}

fn solve_checked(solver: &mut SudokuSolver, puzzles: &[Digits], expected: &[u8]) {
    for (puzzle, &class) in puzzles.iter().zip(expected) {
        let answer = solver.solve(black_box(puzzle));
        assert_eq!(
            answer.class(),
            class,
            "{}: wrong class",
            solver.kind().name()
        );
        if let Answer::Unique(grid) = answer {
            assert_eq!(
                check_grid(puzzle, &grid),
                Ok(()),
                "{}",
                solver.kind().name()
            );
        }
    }
}

/// The cost of building the engine's 9x9 matrix, and of pre-selecting a
/// puzzle's givens and resetting, without any search.
fn overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku/overhead");
    let problem = sudoku_problem();
    group.bench_function("engine: build the 9x9 problem", |b| {
        b.iter(|| black_box(sudoku_problem()).option_count());
    });
    group.bench_function("engine: Solver::new on the 9x9 problem", |b| {
        b.iter(|| dlx_engine::Dlx::new(black_box(&problem)));
    });
    let puzzle = SEVENTEEN_CLUE
        .load(Some(1))
        .unwrap_or_else(|e| panic!("{e}"))[0];
    let mut solver = dlx_engine::Dlx::new(&problem);
    group.bench_function("engine: select 17 givens and reset", |b| {
        b.iter(|| {
            for (cell, &digit) in black_box(&puzzle).iter().enumerate() {
                if digit != 0 {
                    solver
                        .select(given_option(cell, digit))
                        .unwrap_or_else(|e| panic!("{e}"));
                }
            }
            assert_eq!(solver.selected().len(), 17);
            solver.reset();
        });
    });
    group.finish();
}

criterion_group!(sudoku, count_to_two, overhead);
criterion_main!(sudoku);
