//! The rating calibration table of docs/rating.md: for each published data
//! set, from the easiest to the hardest, a spread-out sample of puzzles is
//! rated and the score's quartiles, the levels and the share solved by
//! logic are printed as a Markdown table.
//!
//! ```sh
//! cargo run --release -p sudoku-dlx --example calibrate [SAMPLE]
//! ```

use std::time::Instant;

use sudoku_dlx::{Level, ParseOptions, Puzzle, Rated, Rater, Rules};

/// The data sets, from the easiest to the hardest (paths from the workspace root).
const SETS: [&str; 5] = [
    "emerentius_easy.txt",
    "tdoku_puzzles1_unbiased_1000subset.txt",
    "tdoku_puzzles2_17_clue.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sample: usize = std::env::args().nth(1).map_or(Ok(200), |s| s.parse())?;
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/sudoku/");
    let mut rater = Rater::new(&Rules::classic());
    println!(
        "| data set | rated | q1 | median | q3 | easy/medium/hard/expert/extreme | by logic | ms/puzzle |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for set in SETS {
        let text = std::fs::read_to_string(format!("{root}{set}"))?;
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        let step = (lines.len() / sample).max(1);
        let start = Instant::now();
        let mut scores = Vec::new();
        let mut levels = [0usize; 5];
        let mut by_logic = 0;
        for line in lines.iter().step_by(step).take(sample) {
            let puzzle = Puzzle::parse(line, &ParseOptions::default())?;
            if let Rated::Rated(rating) = rater.rate_puzzle(&puzzle)? {
                if std::env::var_os("DEBUG").is_some() {
                    eprintln!(
                        "{set} {:.2} eff {:.3} narrow {:.3} blanks {} left {} steps {} hardest {:?} logic {}",
                        rating.score,
                        rating.effort,
                        rating.logic.narrowness,
                        81 - puzzle.givens().filled_count(),
                        rating.logic.blanks_left,
                        rating.logic.steps,
                        rating.hardest,
                        rating.solved_by_logic
                    );
                }
                scores.push(rating.score);
                levels[Level::ALL
                    .iter()
                    .position(|&l| l == rating.level)
                    .unwrap_or(0)] += 1;
                by_logic += usize::from(rating.solved_by_logic);
            }
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / scores.len().max(1) as f64;
        scores.sort_by(f64::total_cmp);
        let q = |p: usize| {
            scores
                .get((scores.len() - 1) * p / 100)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "| {set} | {} | {:.2} | {:.2} | {:.2} | {} | {:.0}% | {ms:.2} |",
            scores.len(),
            q(25),
            q(50),
            q(75),
            levels.map(|c| c.to_string()).join("/"),
            100.0 * by_logic as f64 / scores.len().max(1) as f64,
        );
    }
    Ok(())
}
