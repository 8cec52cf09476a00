//! Criterion benches of canonical forms: puzzles per second (single
//! thread) on each data set, ours and, where it applies, the `sudoku`
//! crate's `canonicalized()` (it solves the puzzle first, so it handles
//! only puzzles with exactly one solution).
//!
//! Every iteration checks its answers: each of our forms against the form
//! found once before timing (itself checked by re-applying its
//! transformation from its parts, `benches::canon_check`), and every form
//! of the `sudoku` crate against its own first answer. The classes of the
//! two are compared before timing.

use std::hint::black_box;
use std::time::Duration;

use benches::canon_check::{check_form, checked_form, cross_check_classes, sudoku_crate_form};
use benches::grid_check::check_grid;
use benches::sudoku_sets::{ALL_SETS, Digits, SEVENTEEN_CLUE};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_dlx::{Canonicalizer, Grid, Shape};

/// Puzzles per set in each iteration.
const SUBSET: usize = 2000;

/// The data sets: the tdoku sets, and complete grids (the solutions of the
/// first 17-clue puzzles, checked).
fn sets() -> Vec<(&'static str, Vec<Digits>, bool)> {
    let mut sets = Vec::new();
    for set in ALL_SETS {
        let puzzles = set.load(Some(SUBSET)).unwrap_or_else(|e| panic!("{e}"));
        sets.push((set.name, puzzles, !set.all_multiple));
    }
    let seventeen = SEVENTEEN_CLUE
        .load(Some(SUBSET))
        .unwrap_or_else(|e| panic!("{e}"));
    let grids: Vec<Digits> = seventeen
        .iter()
        .map(|p| {
            let solution = sudoku::Sudoku::from_bytes(*p)
                .ok()
                .and_then(|s| s.solution())
                .expect("17-clue puzzles have one solution")
                .to_bytes();
            check_grid(p, &solution).unwrap_or_else(|e| panic!("{e}"));
            solution
        })
        .collect();
    sets.push(("grids", grids, true));
    sets
}

fn canonical_forms(c: &mut Criterion) {
    let mut group = c.benchmark_group("canon");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, puzzles, unique) in sets() {
        let mut canon = Canonicalizer::new();
        let expected: Vec<Digits> = puzzles
            .iter()
            .map(|p| checked_form(&mut canon, p).unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        if unique {
            let summary =
                cross_check_classes(&puzzles[..200]).unwrap_or_else(|e| panic!("{name}: {e}"));
            eprintln!("{name}: {summary}");
        }
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("sudoku-dlx", name),
            &puzzles,
            |b, puzzles| {
                b.iter(|| {
                    for (p, form) in puzzles.iter().zip(&expected) {
                        let grid =
                            Grid::from_digits(Shape::CLASSIC, black_box(p).to_vec()).unwrap();
                        let found = canon.canonical_grid(&grid).unwrap();
                        assert_eq!(found.form().digits(), form, "{name}");
                        check_form(p, form, found.transform()).unwrap_or_else(|e| panic!("{e}"));
                    }
                });
            },
        );
        if unique {
            let theirs: Vec<Digits> = puzzles
                .iter()
                .map(|p| sudoku_crate_form(p).expect("one solution").0)
                .collect();
            group.bench_with_input(
                BenchmarkId::new("sudoku crate", name),
                &puzzles,
                |b, puzzles| {
                    b.iter(|| {
                        for (p, form) in puzzles.iter().zip(&theirs) {
                            assert_eq!(
                                &sudoku_crate_form(black_box(p)).expect("one solution").0,
                                form
                            );
                        }
                    });
                },
            );
        }
    }
    group.finish();
}

criterion_group!(canon, canonical_forms);
criterion_main!(canon);
