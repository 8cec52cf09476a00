//! `sudoku-dlx generate`: puzzles from seeds, in parallel, in index order.
//!
//! Puzzle k of a run comes from [`puzzle_seed`]`(seed, k)` alone (with
//! `--jigsaw random`, its region map too), so the output is the same
//! whatever `--jobs` is. Indices are handed to the pool in chunks
//! ([`crate::batch::Pool::map`] keeps their order), with one [`Maker`] per
//! piece of work.

use std::io::Write;

use anyhow::Context;
use serde::Serialize;
use sudoku_dlx::{
    GenerateOptions, Generated, Generator, RandomJigsaw, Regions, Rules, Shape, puzzle_seed,
};

use crate::args::{GenerateArgs, JigsawArg, RecordFormat};
use crate::batch::{Pool, Progress};
use crate::report::{Status, json_line, round2};

/// Puzzles per chunk: enough to keep every thread busy, few to bound memory.
const CHUNK: u64 = 1024;

/// Runs `sudoku-dlx generate`.
pub(crate) fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let plan = plan(args)?;
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        difficulty: args.difficulty,
        attempts: args.attempts,
        max_nodes: args.max_nodes,
    };
    // Fail on bad rules before starting threads.
    Maker::new(&plan, &options).context("cannot generate for these rules")?;
    let mut stderr = std::io::stderr().lock();
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = clock_seed();
            writeln!(stderr, "sudoku-dlx: generating with --seed {seed}")?;
            seed
        }
    };
    let pool = Pool::new(args.jobs.threads())?;
    let progress = Progress::new("puzzles");
    let mut status = Status::Success;
    let mut next = 0;
    while next < args.count {
        let end = args.count.min(next.saturating_add(CHUNK));
        let mut indices: Vec<u64> = (next..end).collect();
        let results = pool.map(
            &mut indices,
            || Maker::new(&plan, &options),
            |maker, k| {
                let seed = puzzle_seed(seed, k);
                let generated = match maker {
                    Ok(g) => g.generate(seed).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                (k, seed, generated)
            },
        );
        progress.advance(results.len());
        for (k, seed, generated) in results {
            let generated = generated.map_err(|e| anyhow::anyhow!("puzzle {k}: {e}"))?;
            out.write_all(record(args, k, seed, &generated).as_bytes())?;
            let missed = missed_targets(args, &generated);
            if !missed.is_empty() {
                status = Status::Failure;
                out.flush()?;
                writeln!(
                    stderr,
                    "sudoku-dlx: puzzle {k}: {} not met in {} attempts; printed the closest",
                    missed.join(", "),
                    args.attempts
                )?;
            }
        }
        next = end;
    }
    out.flush()?;
    progress.finish();
    Ok(status)
}

/// What the puzzles are generated for.
enum Plan {
    /// Every puzzle has these rules.
    Rules(Rules),
    /// `--jigsaw random`: these rules (with the boxes), but each puzzle on
    /// its own random region map.
    RandomJigsaw(Rules),
}

/// The plan from the shape, variant and jigsaw flags.
fn plan(args: &GenerateArgs) -> anyhow::Result<Plan> {
    let shape = match (args.shape.shape()?, &args.jigsaw) {
        (Some(shape), _) => shape,
        (None, Some(JigsawArg::Map(map))) => {
            let cells = map.chars().filter(|c| !c.is_whitespace()).count();
            Shape::from_cell_count(cells)
                .with_context(|| format!("--jigsaw: a map of {cells} letters fits no grid"))?
        }
        (None, _) => Shape::CLASSIC,
    };
    let rules = Rules::new(shape).with_variants(args.variants.variants());
    Ok(match &args.jigsaw {
        None => Plan::Rules(rules),
        Some(JigsawArg::Random) => Plan::RandomJigsaw(rules),
        Some(JigsawArg::Map(map)) => {
            let regions = Regions::parse(map, shape).context("--jigsaw")?;
            Plan::Rules(rules.with_regions(regions).context("--jigsaw")?)
        }
    })
}

/// Makes the puzzles of a [`Plan`], one per seed.
enum Maker {
    /// One generator, for the rules of every puzzle.
    Fixed(Generator),
    /// A map drawn per puzzle, and a generator built for it.
    RandomJigsaw(RandomJigsaw),
}

impl Maker {
    fn new(plan: &Plan, options: &GenerateOptions) -> Result<Maker, sudoku_dlx::Error> {
        Ok(match plan {
            Plan::Rules(rules) => Maker::Fixed(Generator::new(rules, options.clone())),
            Plan::RandomJigsaw(rules) => Maker::RandomJigsaw(RandomJigsaw::new(
                rules.shape(),
                rules.variants(),
                options.clone(),
            )),
        })
    }

    fn generate(&mut self, seed: u64) -> Result<Generated, sudoku_dlx::Error> {
        match self {
            Maker::Fixed(generator) => generator.generate(seed),
            Maker::RandomJigsaw(jigsaw) => jigsaw.generate(seed),
        }
    }
}

/// The targets asked for and missed.
fn missed_targets(args: &GenerateArgs, g: &Generated) -> Vec<String> {
    let mut missed = Vec::new();
    if args.minimal && !g.minimal.is_minimal() {
        missed.push("--minimal".to_owned());
    }
    if let (Some(n), Some(false)) = (args.clues, g.clues_met) {
        missed.push(format!(
            "--clues {n} (got {})",
            g.puzzle.givens().filled_count()
        ));
    }
    if let (Some(level), Some(false)) = (args.difficulty, g.difficulty_met) {
        let got = g.rating.as_ref().map_or("unrated", |r| r.level.name());
        missed.push(format!("--difficulty {level} (got {got})"));
    }
    missed
}

/// One `generate` record in JSON: its fields in sorted order, the targets'
/// only when asked for.
#[derive(Debug, Serialize)]
struct GenerateRecord<'a> {
    attempts: u32,
    clues: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues_met: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty_met: Option<bool>,
    index: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    minimal: bool,
    puzzle: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
    seed: u64,
    /// With `--with-solution`.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    symmetry: &'a str,
}

/// One output record.
fn record(args: &GenerateArgs, index: u64, seed: u64, g: &Generated) -> String {
    let solution = g.puzzle.format_grid(&g.solution);
    match args.output.format {
        RecordFormat::Line if args.with_solution => format!("{} {solution}\n", g.puzzle),
        RecordFormat::Line => format!("{}\n", g.puzzle),
        RecordFormat::Json => json_line(&GenerateRecord {
            attempts: g.attempts,
            clues: g.puzzle.givens().filled_count(),
            clues_met: g.clues_met,
            difficulty_met: g.difficulty_met,
            index,
            level: g.rating.as_ref().map(|r| r.level.name()),
            minimal: g.minimal.is_minimal(),
            puzzle: g.puzzle.to_string(),
            score: g.rating.as_ref().map(|r| round2(r.score)),
            seed,
            solution: args.with_solution.then_some(solution),
            symmetry: args.symmetry.name(),
        }),
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| {
            u64::try_from(d.as_nanos() & u128::from(u64::MAX)).unwrap_or(0)
        })
}
