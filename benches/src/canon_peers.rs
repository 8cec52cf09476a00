//! Canonical forms side by side: ours and the `sudoku` crate's
//! `canonicalized()` on the same puzzles, in interleaved rounds, every
//! answer checked (see [`crate::canon_check`]).

use std::time::Duration;

use sudoku_dlx::Canonicalizer;

use crate::canon_check::{checked_form, cross_check_classes, sudoku_crate_form};
use crate::sudoku_sets::{ALL_SETS, Digits};
use crate::timing::{median, median_ratio, time};

/// One data set's puzzles, and whether the `sudoku` crate applies to them
/// (every puzzle has exactly one solution).
struct Set {
    name: String,
    puzzles: Vec<Digits>,
    unique: bool,
}

/// Runs `rounds` interleaved rounds on the first `limit` puzzles of each
/// tdoku set and on the solution grids of the 17-clue puzzles, and prints a
/// Markdown table of puzzles per second.
///
/// # Errors
///
/// A wrong answer or a disagreement between the two, or a set that cannot
/// be read.
pub fn compare(limit: Option<usize>, rounds: usize) -> Result<(), String> {
    let mut sets = Vec::new();
    for set in ALL_SETS {
        sets.push(Set {
            name: set.name.to_owned(),
            puzzles: set.load(limit)?,
            unique: !set.all_multiple,
        });
    }
    let grids = sets[0]
        .puzzles
        .iter()
        .map(|p| {
            sudoku::Sudoku::from_bytes(*p)
                .ok()
                .and_then(|s| s.solution())
                .map(sudoku::Sudoku::to_bytes)
                .ok_or_else(|| "a 17-clue puzzle without a solution".to_owned())
        })
        .collect::<Result<Vec<Digits>, String>>()?;
    sets.push(Set {
        name: "17-clue solution grids".to_owned(),
        puzzles: grids,
        unique: true,
    });

    println!("## Canonical forms (single thread)\n");
    println!("Verification run: each of our forms re-derived from its transformation;");
    println!("each puzzle and a shuffle of it in the same class for both, and classes");
    println!("compared with the sudoku crate's (grids: the very same form).");
    let mut canon = Canonicalizer::new();
    let mut expected = Vec::new();
    for set in &sets {
        let forms = set
            .puzzles
            .iter()
            .map(|p| checked_form(&mut canon, p))
            .collect::<Result<Vec<Digits>, String>>()
            .map_err(|e| format!("{}: {e}", set.name))?;
        if set.unique {
            println!("  {}: {}", set.name, cross_check_classes(&set.puzzles)?);
        }
        expected.push(forms);
    }

    let mut samples = vec![[Vec::new(), Vec::new()]; sets.len()];
    for round in 0..rounds {
        eprint!("\rtimed round {}/{rounds}", round + 1);
        for ((set, forms), cell) in sets.iter().zip(&expected).zip(&mut samples) {
            // Alternate which one runs first.
            for k in 0..2 {
                let who = (k + round) % 2;
                if who == 1 && !set.unique {
                    continue;
                }
                let (ok, elapsed) = time(|| {
                    set.puzzles.iter().zip(forms).all(|(p, form)| {
                        if who == 0 {
                            let grid = sudoku_dlx::Grid::from_digits(
                                sudoku_dlx::Shape::CLASSIC,
                                p.to_vec(),
                            );
                            grid.and_then(|g| canon.canonical_grid(&g))
                                .is_ok_and(|c| c.form().digits() == form)
                        } else {
                            sudoku_crate_form(p).is_some()
                        }
                    })
                });
                if !ok {
                    return Err(format!("{}: a form changed between runs", set.name));
                }
                cell[who].push(elapsed);
            }
        }
    }
    eprintln!();
    println!(
        "\nMedian of {rounds} interleaved round(s), puzzles per second; ratio = the median over the rounds of our rate / the sudoku crate's.\n"
    );
    println!("| set | puzzles | sudoku-dlx | sudoku crate | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for (set, cell) in sets.iter().zip(&samples) {
        let rate = |samples: &[Duration]| {
            median(samples).map(|m| set.puzzles.len() as f64 / m.as_secs_f64())
        };
        let (ours, theirs) = (rate(&cell[0]), rate(&cell[1]));
        let show = |r: Option<f64>| r.map_or_else(|| "-".to_owned(), |r| format!("{r:.0}"));
        // Our rate over theirs is their time over ours, round by round.
        let ratio =
            median_ratio(&cell[1], &cell[0]).map_or_else(|| "-".to_owned(), |r| format!("{r:.1}x"));
        println!(
            "| {} | {} | {} | {} | {ratio} |",
            set.name,
            set.puzzles.len(),
            show(ours),
            show(theirs)
        );
    }
    println!();
    Ok(())
}
