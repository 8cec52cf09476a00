//! The Sudoku solvers side by side on the published sets: every unique
//! grid checked by the independent checker, every answer against ours.

use benches::grid_check::check_grid;
use benches::sudoku_sets::{ALL_SETS, Digits, SudokuSet, to_line};
use benches::sudoku_solvers::{Answer, SudokuSolver, SudokuSolverKind};
use benches::timing::{median, median_ratio, time};

use crate::Options;

/// The Sudoku solvers compared, ours first.
const SUDOKU_SOLVERS: [SudokuSolverKind; 6] = [
    SudokuSolverKind::SudokuDlx,
    SudokuSolverKind::SudokuDlxLinks,
    SudokuSolverKind::Engine,
    SudokuSolverKind::SudokuCrate,
    SudokuSolverKind::KnuthDlx,
    SudokuSolverKind::DlxRs,
];

/// Compares the Sudoku solvers, interleaved, on the first `options.limit`
/// puzzles of each set.
pub(crate) fn compare_sudoku(options: &Options) -> Result<(), String> {
    let mut sets = Vec::new();
    for set in ALL_SETS {
        sets.push((set, set.load(options.limit)?));
    }
    let mut solvers: Vec<SudokuSolver> = SUDOKU_SOLVERS.iter().map(|k| k.build()).collect();
    // samples[set][solver]: one duration per round for the whole set.
    let mut samples = vec![vec![Vec::new(); solvers.len()]; sets.len()];
    let mut classes = vec![[0usize; 3]; sets.len()];

    println!("## Sudoku: the tdoku protocol (count to 2 solutions per puzzle, single thread)\n");
    let limit = options.limit.map_or("every puzzle".to_owned(), |n| {
        format!("the first {n} puzzles")
    });
    println!(
        "Each set: {limit}; every round checks every answer (classes agree, unique grids pass the checker)."
    );
    let mut answers = vec![Answer::None; sets.iter().map(|(_, p)| p.len()).max().unwrap_or(0)];
    // Each set's answers from its first run: every later run must match them.
    let mut reference: Vec<Vec<Answer>> = vec![Vec::new(); sets.len()];
    for round in 0..options.rounds {
        for (s, (set, puzzles)) in sets.iter().enumerate() {
            for k in 0..solvers.len() {
                let k = (k + round) % solvers.len();
                eprint!(
                    "\rround {}/{}: {:<9} {:<18}",
                    round + 1,
                    options.rounds,
                    set.name,
                    solvers[k].kind().name()
                );
                let solver = &mut solvers[k];
                let ((), elapsed) = time(|| {
                    for (answer, puzzle) in answers.iter_mut().zip(puzzles) {
                        *answer = solver.solve(puzzle);
                    }
                });
                samples[s][k].push(elapsed);
                check_answers(set, solver.kind(), puzzles, &answers)?;
                if reference[s].is_empty() {
                    reference[s] = answers[..puzzles.len()].to_vec();
                    classes[s] = [0; 3];
                    for a in &answers[..puzzles.len()] {
                        classes[s][usize::from(a.class())] += 1;
                    }
                } else {
                    agree(set, solver.kind(), puzzles, &answers, &reference[s])?;
                }
            }
        }
    }
    eprintln!("\r{:60}\r", "");

    println!("Classes (0 / 1 / 2+ solutions), the same for every solver:");
    for ((set, puzzles), c) in sets.iter().zip(&classes) {
        println!(
            "  {:<9} {} puzzles: {} / {} / {}",
            set.name,
            puzzles.len(),
            c[0],
            c[1],
            c[2]
        );
    }
    println!(
        "\nMedian of {} interleaved round(s): µs per puzzle (puzzles per second); ratio = the median over the rounds of other time / {} time.\n",
        options.rounds,
        SUDOKU_SOLVERS[0].name()
    );
    print!("| set | puzzles |");
    for k in SUDOKU_SOLVERS {
        print!(" {} |", k.name());
    }
    for k in &SUDOKU_SOLVERS[1..] {
        print!(" {} / {} |", k.name(), SUDOKU_SOLVERS[0].name());
    }
    println!();
    println!("|---|---:|{}", "---:|".repeat(2 * SUDOKU_SOLVERS.len() - 1));
    for ((set, puzzles), row) in sets.iter().zip(&samples) {
        let n = puzzles.len().max(1) as f64;
        let medians: Vec<f64> = row
            .iter()
            .map(|s| median(s).map_or(f64::NAN, |m| m.as_secs_f64()))
            .collect();
        print!("| {} | {} |", set.name, puzzles.len());
        for m in &medians {
            print!(" {:.1} ({:.0}/s) |", m / n * 1e6, n / m);
        }
        for other in &row[1..] {
            match median_ratio(other, &row[0]) {
                Some(ratio) => print!(" {ratio:.2}x |"),
                None => print!(" - |"),
            }
        }
        println!();
    }
    println!();
    Ok(())
}

/// Checks one solver's answers on a set: every unique grid passes the
/// independent checker, and a set known to be all-multiple gets only 2+.
fn check_answers(
    set: &SudokuSet,
    kind: SudokuSolverKind,
    puzzles: &[Digits],
    answers: &[Answer],
) -> Result<(), String> {
    for (n, (puzzle, answer)) in puzzles.iter().zip(answers).enumerate() {
        if let Answer::Unique(grid) = answer {
            check_grid(puzzle, grid).map_err(|e| {
                format!(
                    "{} puzzle {} ({}): {} reported {}: {e}",
                    set.name,
                    n + 1,
                    to_line(puzzle),
                    kind.name(),
                    to_line(grid)
                )
            })?;
        }
        if set.all_multiple && *answer != Answer::Multiple {
            return Err(format!(
                "{} puzzle {} ({}) has two or more solutions, {} says {} ",
                set.name,
                n + 1,
                to_line(puzzle),
                kind.name(),
                answer.class()
            ));
        }
    }
    Ok(())
}

/// Checks that one solver's answers equal the reference answers puzzle by puzzle.
fn agree(
    set: &SudokuSet,
    kind: SudokuSolverKind,
    puzzles: &[Digits],
    answers: &[Answer],
    reference: &[Answer],
) -> Result<(), String> {
    for (n, ((puzzle, answer), expected)) in puzzles.iter().zip(answers).zip(reference).enumerate()
    {
        if answer != expected {
            return Err(format!(
                "{} puzzle {} ({}): {} says {} solution(s), {} says {}",
                set.name,
                n + 1,
                to_line(puzzle),
                kind.name(),
                answer.class(),
                SUDOKU_SOLVERS[0].name(),
                expected.class()
            ));
        }
    }
    Ok(())
}
