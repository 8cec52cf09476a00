//! The rating calibration table of docs/rating.md: for each published data
//! set, from the easiest to the hardest, a spread-out sample of puzzles is
//! rated and the score's quartiles, the levels and the share solved by
//! logic are printed as a Markdown table.
//!
//! With `generated`, the table of generated puzzles instead: for each shape
//! and variant and each level, `COUNT` puzzles of `generate --difficulty`
//! from fixed seeds, how many met the level, and the quartiles of their
//! scores.
//!
//! ```sh
//! cargo run --release -p sudoku-dlx --example calibrate [SAMPLE]
//! cargo run --release -p sudoku-dlx --example calibrate generated [COUNT [RULES...]]
//! ```
//!
//! `RULES` keeps only the rows whose rules name contains one of the words
//! (`calibrate generated 30 jigsaw anti-knight`), to re-measure a few rows;
//! rules named so get all five levels, 16x16 past medium included (which the
//! whole table leaves out for its cost).

use std::time::Instant;

use sudoku_dlx::{
    GenerateOptions, Generated, Generator, Level, ParseOptions, Puzzle, RandomJigsaw, Rated, Rater,
    Rating, Rules, Shape, Variants, puzzle_seed,
};

/// The data sets, from the easiest to the hardest (paths from the workspace root).
const SETS: [&str; 5] = [
    "emerentius_easy.txt",
    "tdoku_puzzles1_unbiased_1000subset.txt",
    "tdoku_puzzles2_17_clue.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
];

/// The published sets of other rules: (file, size, jigsaw).
const OTHER_SETS: [(&str, usize, bool); 2] = [
    ("janko_16x16.txt", 16, false),
    ("janko_jigsaw_9x9.txt", 9, true),
];

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("generated") {
        args.next();
        let count: u64 = args.next().map_or(Ok(100), |s| s.parse())?;
        let only: Vec<String> = args.collect();
        return generated(count, &only);
    }
    let sample: usize = args.next().map_or(Ok(200), |s| s.parse())?;
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
        let mut tally = Tally::default();
        for line in lines.iter().step_by(step).take(sample) {
            let puzzle = Puzzle::parse(line, &ParseOptions::default())?;
            if let Rated::Unique(rating) = rater.rate_puzzle(&puzzle)? {
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
                tally.add(&rating);
            }
        }
        tally.print(set, start);
    }
    for (set, size, jigsaw) in OTHER_SETS {
        let shape = Shape::from_size(size)?;
        let options = ParseOptions {
            shape: Some(shape),
            jigsaw,
            ..ParseOptions::default()
        };
        let text = std::fs::read_to_string(format!("{root}{set}"))?;
        let start = Instant::now();
        let mut tally = Tally::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()).take(sample) {
            let puzzle = Puzzle::parse(line, &options)?;
            if let Rated::Unique(rating) = Rater::new(puzzle.rules()).rate_puzzle(&puzzle)? {
                tally.add(&rating);
            }
        }
        tally.print(set, start);
    }
    Ok(())
}

/// The ratings of one data set, for its row.
#[derive(Default)]
struct Tally {
    scores: Vec<f64>,
    levels: [usize; 5],
    by_logic: usize,
}

impl Tally {
    fn add(&mut self, rating: &Rating) {
        self.scores.push(rating.score);
        self.levels[rating.level as usize] += 1;
        self.by_logic += usize::from(rating.solved_by_logic);
    }

    /// Prints the row of `set`, timed from `start`.
    fn print(mut self, set: &str, start: Instant) {
        let rated = self.scores.len().max(1) as f64;
        let ms = start.elapsed().as_secs_f64() * 1000.0 / rated;
        let [q1, q2, q3] = quartiles(&mut self.scores);
        println!(
            "| {set} | {} | {q1:.2} | {q2:.2} | {q3:.2} | {} | {:.0}% | {ms:.2} |",
            self.scores.len(),
            self.levels.map(|c| c.to_string()).join("/"),
            100.0 * self.by_logic as f64 / rated,
        );
    }
}

/// The first, second and third quartiles of `scores` (sorted in place).
fn quartiles(scores: &mut [f64]) -> [f64; 3] {
    scores.sort_by(f64::total_cmp);
    [25, 50, 75].map(|p| {
        scores
            .get(scores.len().saturating_sub(1) * p / 100)
            .copied()
            .unwrap_or(0.0)
    })
}

/// The rules the generated table covers, with their names.
fn generated_rules() -> Result<Vec<(&'static str, Rules, bool)>, Failure> {
    let on = |x, windoku, anti_king, anti_knight| Variants {
        x,
        windoku,
        anti_king,
        anti_knight,
    };
    let classic = |n| Shape::from_size(n).map(Rules::new);
    Ok(vec![
        ("4x4", classic(4)?, false),
        ("6x6", classic(6)?, false),
        ("9x9", classic(9)?, false),
        ("16x16", classic(16)?, false),
        (
            "9x9 x",
            Rules::classic().with_variants(on(true, false, false, false)),
            false,
        ),
        (
            "9x9 windoku",
            Rules::classic().with_variants(on(false, true, false, false)),
            false,
        ),
        (
            "9x9 anti-king",
            Rules::classic().with_variants(on(false, false, true, false)),
            false,
        ),
        (
            "9x9 anti-knight",
            Rules::classic().with_variants(on(false, false, false, true)),
            false,
        ),
        ("9x9 jigsaw (random maps)", Rules::classic(), true),
    ])
}

/// The table of generated puzzles per rules and level.
fn generated(count: u64, only: &[String]) -> Result<(), Failure> {
    println!(
        "| rules | level asked | met | mean attempt kept | q1 | median | q3 | easy/medium/hard/expert/extreme | s/puzzle |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, rules, jigsaw) in generated_rules()? {
        if !only.is_empty() && !only.iter().any(|word| name.contains(word.as_str())) {
            continue;
        }
        // Past medium, 16x16 misses cost a rating search per attempt:
        // about 75 s a puzzle, so only a run that names the rules pays it.
        let levels = if rules.shape().size() > 9 && only.is_empty() {
            &Level::ALL[..2]
        } else {
            &Level::ALL[..]
        };
        for &level in levels {
            let options = GenerateOptions {
                difficulty: Some(level),
                ..GenerateOptions::default()
            };
            let start = Instant::now();
            let mut make: Box<dyn FnMut(u64) -> Result<Generated, sudoku_dlx::Error>> = if jigsaw {
                let mut maker = RandomJigsaw::new(rules.shape(), rules.variants(), options);
                Box::new(move |seed| maker.generate(seed))
            } else {
                let mut maker = Generator::new(&rules, options);
                Box::new(move |seed| maker.generate(seed))
            };
            let (mut met, mut attempts, mut levels) = (0, 0u64, [0usize; 5]);
            let mut scores = Vec::new();
            for k in 0..count {
                let generated = make(puzzle_seed(21, k))?;
                met += usize::from(generated.difficulty_met == Some(true));
                attempts += u64::from(generated.attempts);
                if let Some(rating) = &generated.rating {
                    scores.push(rating.score);
                    levels[rating.level as usize] += 1;
                }
            }
            let seconds = start.elapsed().as_secs_f64() / count.max(1) as f64;
            let [q1, q2, q3] = quartiles(&mut scores);
            println!(
                "| {name} | {level} | {met}/{count} | {:.1} | {q1:.2} | {q2:.2} | {q3:.2} | {} | {seconds:.3} |",
                attempts as f64 / count.max(1) as f64,
                levels.map(|c| c.to_string()).join("/"),
            );
        }
    }
    Ok(())
}
