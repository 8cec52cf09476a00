//! The command line: every subcommand and flag, with clap's derive API.

use std::path::PathBuf;

use anyhow::Context;
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use sudoku_dlx::{Alphabet, Level, MAX_SIZE, ParseOptions, Shape, Symmetry, Variants};

use crate::help::{
    CANON_HELP, CHECK_HELP, COMPLETIONS_HELP, COUNT_EXAMPLES, COUNT_OUTPUT, COVER_EXAMPLES,
    EXPLAIN_HELP, GENERATE_EXAMPLES, HINT_HELP, MAIN_EXAMPLES, MAN_HELP, PRINT_HELP, RATE_EXAMPLES,
    RATE_OUTPUT, RECORDS_INPUT, RECORDS_KEPT, SOLVE_EXAMPLES, SOLVE_OUTPUT,
};
use crate::report::Format;

/// Solve Sudoku of every common shape and variant, and any exact-cover
/// problem, with dancing links.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, after_help = MAIN_EXAMPLES)]
pub(crate) struct Cli {
    /// Nothing on stderr but errors: no progress bar, no notes or warnings
    /// (generate's seed, cover's ignored options, warnings about the input).
    #[arg(long, short = 'q', global = true)]
    pub(crate) quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
///
/// Deferred: a command's flags are built only when it runs or its help is
/// shown, not all twelve commands' flags on every start (a fifth of a tiny
/// `cover`'s instructions; docs/decisions/cli-start-up.md). So each
/// command's description is its variant's doc comment alone: the flag
/// structs below carry `//` comments, as a doc comment there would become
/// the command's `about` when its flags are built, replacing the variant's.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub(crate) enum Command {
    /// Solve Sudoku puzzles, one record per puzzle.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{SOLVE_OUTPUT}\n\n{RECORDS_KEPT}\n\n{SOLVE_EXAMPLES}"))]
    Solve(SolveArgs),
    /// Count the solutions of Sudoku puzzles, one record per puzzle.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{COUNT_OUTPUT}\n\n{RECORDS_KEPT}\n\n{COUNT_EXAMPLES}"))]
    Count(CountArgs),
    /// Generate puzzles with a unique solution, symmetric, minimal or of a level.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Rate the difficulty of Sudoku puzzles: a score and a level per puzzle.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{RATE_OUTPUT}\n\n{RECORDS_KEPT}\n\n{RATE_EXAMPLES}"))]
    Rate(RateArgs),
    /// Explain how each puzzle is solved, step by step, as a person would.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", EXPLAIN_HELP))]
    Explain(ExplainArgs),
    /// The next step on a player's board, or the cell that is wrong.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", HINT_HELP))]
    Hint(ExplainArgs),
    /// Print puzzles as sheets for paper: PDF, SVG or PNG, several to a page, with solutions.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{PRINT_HELP}"))]
    Print(PrintArgs),
    /// Check grids: each a valid solution, and of its puzzle when one is given.
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// Solve an exact-cover problem written in Knuth's format.
    #[command(after_help = COVER_EXAMPLES)]
    Cover(CoverArgs),
    /// The canonical (minlex) form of Sudoku puzzles: equal for equivalent puzzles.
    #[command(after_help = CANON_HELP)]
    Canon(CanonArgs),
    /// Print a completion script for a shell on stdout.
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff, every command in one page) on stdout.
    #[command(after_help = MAN_HELP)]
    Man,
}

// Flags of `sudoku-dlx completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell whose script to print.
    #[arg(value_enum)]
    pub(crate) shell: Shell,
}

// Flags of `sudoku-dlx generate`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Worker threads; every core by default or with 0. The output does not depend on it"
)))]
pub(crate) struct GenerateArgs {
    /// Symmetry of the givens: none, rot180, rot90, horizontal, vertical, diagonal, antidiagonal.
    #[arg(long, value_name = "S", default_value = "rot180", value_parser = parse_symmetry)]
    pub(crate) symmetry: Symmetry,
    /// Strictly minimal: no given can be removed without a second solution (verified).
    #[arg(long)]
    pub(crate) minimal: bool,
    /// Aim for exactly N givens (best effort; a miss is reported). From the
    /// fewest a puzzle of the shape can have (17 for 9x9, n-1 otherwise) to
    /// every cell.
    #[arg(long, value_name = "N", conflicts_with = "minimal")]
    pub(crate) clues: Option<usize>,
    /// Generate until the rating has this level: easy, medium, hard, expert, extreme.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub(crate) difficulty: Option<Level>,
    /// Attempts (complete grids) per puzzle before a target is given up.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) attempts: u32,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(crate) count: u64,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Seed of the run; a random one (printed on stderr) when absent.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Print each puzzle's solution after it.
    #[arg(long)]
    pub(crate) with_solution: bool,
    #[command(flatten)]
    pub(crate) output: RecordFormatArgs,
    /// Node budget of each search: every uniqueness check and the largest
    /// try at a complete grid, whose restarts get 64 budgets together
    /// (default: 2000 per cell up to 16x16, 8 per cell above). A budget too
    /// small to complete a grid ends the run with an error.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    #[command(flatten)]
    pub(crate) shape: ShapeArgs,
    #[command(flatten)]
    pub(crate) variants: VariantArgs,
    /// Jigsaw with this region map (one letter per cell, n regions of n
    /// cells), or `random`: a fresh random map for each puzzle.
    #[arg(long, value_name = "MAP", value_parser = parse_jigsaw)]
    pub(crate) jigsaw: Option<JigsawArg>,
    /// Killer: no givens, cages with sums drawn around a random grid, split
    /// until unique and merged while unique; rated by search effort.
    #[arg(long, conflicts_with_all = ["jigsaw", "minimal", "clues", "difficulty", "symmetry"])]
    pub(crate) killer: bool,
    /// Killer: the largest cage drawn at the start (merging may make larger ones).
    #[arg(long, value_name = "N", default_value_t = 5, requires = "killer",
          value_parser = clap::value_parser!(u16).range(1..=16))]
    pub(crate) cage_size: u16,
}

/// What `generate --jigsaw` asks for.
#[derive(Clone, Debug)]
pub(crate) enum JigsawArg {
    /// This region map, one letter per cell.
    Map(String),
    /// A random map per puzzle, drawn from the puzzle's seed.
    Random,
}

fn parse_jigsaw(text: &str) -> Result<JigsawArg, String> {
    Ok(match text {
        "random" => JigsawArg::Random,
        map => JigsawArg::Map(map.to_owned()),
    })
}

// Flags of `sudoku-dlx rate`.
#[derive(Debug, Args)]
pub(crate) struct RateArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    #[command(flatten)]
    pub(crate) output: RecordFormatArgs,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Give up on a puzzle after N search-tree nodes in one seeded search (`!budget`).
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
}

// Flags of `sudoku-dlx print`.
#[derive(Debug, Args)]
pub(crate) struct PrintArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    /// The file to write: .pdf (every page), .svg or .png (one page, or one
    /// puzzle); `-` for stdout, with --type.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub(crate) output: PathBuf,
    /// The output's type, when OUT's extension does not say it (or is `-`).
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    pub(crate) kind: Option<PrintType>,
    /// The page to write, from 1: alone in the PDF, or as the SVG or PNG
    /// (which need it when there are several).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) page: Option<u64>,
    /// Puzzles on a page, fitted in rows and columns.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub(crate) per_page: u64,
    /// Solutions on a page of the solutions section [default: 4 x --per-page, at most 16].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100))]
    pub(crate) solutions_per_page: Option<u64>,
    /// The paper.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub(crate) paper: PaperArg,
    /// Landscape: the paper's long side across.
    #[arg(long)]
    pub(crate) landscape: bool,
    /// The margin on every side, in millimetres.
    #[arg(long, value_name = "MM", default_value_t = 15.0)]
    pub(crate) margin: f64,
    /// A title at the top of every page.
    #[arg(long, value_name = "TEXT")]
    pub(crate) title: Option<String>,
    /// No page numbers at the bottom of the pages.
    #[arg(long)]
    pub(crate) no_page_numbers: bool,
    /// Rate each puzzle whose line carries no rating and print its level
    /// and score under it (a rating on the line, `6.30 hard` as `rate`
    /// writes it, is printed without --rating).
    #[arg(long)]
    pub(crate) rating: bool,
    /// Add a solutions section after the puzzles: the solution on each
    /// puzzle's line, else the solver's.
    #[arg(long)]
    pub(crate) solutions: bool,
    /// Print puzzles with several solutions too (their first solution in
    /// the solutions section), and those whose check --max-nodes stopped
    /// after a solution; puzzles with none are still refused.
    #[arg(long)]
    pub(crate) allow_multiple: bool,
    /// Give up on a puzzle's check after N search-tree nodes: the puzzle is
    /// refused (its uniqueness unknown) unless --allow-multiple.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Write each open cell's candidates small (the digits no given peer holds).
    #[arg(long)]
    pub(crate) candidates: bool,
    /// PNG: dots per inch.
    #[arg(long, value_name = "DPI", default_value_t = 150, value_parser = clap::value_parser!(u32).range(10..=1200))]
    pub(crate) dpi: u32,
}

/// What `print` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PrintType {
    /// Vector pages, the font embedded.
    Pdf,
    /// One page (or one puzzle) as SVG.
    Svg,
    /// One page (or one puzzle) as a PNG image.
    Png,
}

/// The paper of `print`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PaperArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

// Flags of `sudoku-dlx check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Where the grids are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    #[command(flatten)]
    pub(crate) output: RecordFormatArgs,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
}

/// Output formats of `explain` and `hint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExplainFormat {
    /// Readable text, cells as r1c1.
    #[value(alias = "line")]
    Text,
    /// JSON Lines: one object per puzzle.
    Json,
}

impl From<ExplainFormat> for Format {
    fn from(format: ExplainFormat) -> Format {
        match format {
            ExplainFormat::Text => Format::Line,
            ExplainFormat::Json => Format::Json,
        }
    }
}

// Flags of `sudoku-dlx explain` and `sudoku-dlx hint`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    /// Output format (`line` is an old name of `text`).
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub(crate) format: ExplainFormat,
    /// Where the techniques stall, go on with a trial: the solver's digit in
    /// the open cell with the fewest candidates.
    #[arg(long)]
    pub(crate) guess: bool,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Give up on a puzzle after N search-tree nodes of the search that
    /// finds its solution (`!budget`).
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
}

// Flags of `sudoku-dlx canon`.
#[derive(Debug, Args)]
pub(crate) struct CanonArgs {
    /// Puzzle files; stdin when none is given or for `-`.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) shape: ShapeArgs,
    /// How digits are written: standard (1-9, A-Z), hex (0-9A-F for 16x16) or numbers.
    #[arg(long, value_enum)]
    pub(crate) alphabet: Option<AlphabetArg>,
    /// Print each class once: a puzzle equivalent to an earlier one is left out.
    #[arg(long)]
    pub(crate) dedupe: bool,
    /// Print after each form the transformation that maps the puzzle onto it.
    #[arg(long)]
    pub(crate) with_transform: bool,
    #[command(flatten)]
    pub(crate) output: RecordFormatArgs,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Give up on a puzzle after N search nodes (`!budget`); default 5,000,000,
    /// about two seconds, far above what 9x9 puzzles need.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Print a summary on stderr: puzzles, classes, duplicates, invalid, time.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Print the text that followed each puzzle on its line after its form;
    /// JSON always has it as `comment`.
    #[arg(long)]
    pub(crate) keep_comments: bool,
}

impl CanonArgs {
    /// How to read the puzzles: classic rules, the shape and alphabet asked for.
    pub(crate) fn parse_options(&self) -> anyhow::Result<ParseOptions> {
        Ok(ParseOptions {
            shape: self.shape.shape()?,
            alphabet: self.alphabet.map(AlphabetArg::alphabet),
            ..ParseOptions::default()
        })
    }
}

// The output format of `generate`, `rate` and `check`.
#[derive(Debug, Args)]
pub(crate) struct RecordFormatArgs {
    /// Output format (`line` is an old name of `text`).
    #[arg(long, value_enum, default_value_t = RecordFormat::Line)]
    pub(crate) format: RecordFormat,
}

/// Output formats of `generate`, `rate`, `check` and `canon`: `text`, as in
/// every command, with `line`, its name before the spellings were made one,
/// kept as a hidden alias so that scripts go on working.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RecordFormat {
    /// One line per puzzle.
    #[value(name = "text", alias = "line")]
    Line,
    /// JSON Lines: one object per puzzle.
    Json,
}

impl From<RecordFormat> for Format {
    fn from(format: RecordFormat) -> Format {
        match format {
            RecordFormat::Line => Format::Line,
            RecordFormat::Json => Format::Json,
        }
    }
}

// The worker threads of every batch command.
#[derive(Debug, Args)]
pub(crate) struct JobsArgs {
    /// Worker threads; every core by default or with 0.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub(crate) jobs: Option<u64>,
}

impl JobsArgs {
    /// The threads asked for, or `None` for one per core.
    pub(crate) fn threads(&self) -> Option<usize> {
        self.jobs.map(|j| usize::try_from(j).unwrap_or(usize::MAX))
    }
}

/// The most threads `--jobs` takes.
const MAX_JOBS: u64 = 1024;

/// Reads `--jobs N`: 1 to [`MAX_JOBS`] threads, or 0 for one per core (as
/// ripgrep and make read it), resolved here so that every command gets a
/// number.
fn parse_jobs(text: &str) -> Result<u64, String> {
    let jobs: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads (0 for every core)"))?;
    match jobs {
        0 => Ok(std::thread::available_parallelism().map_or(1, |n| {
            u64::try_from(n.get()).unwrap_or(MAX_JOBS).min(MAX_JOBS)
        })),
        1..=MAX_JOBS => Ok(jobs),
        _ => Err(format!("at most {MAX_JOBS} threads (0 for every core)")),
    }
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    text.parse()
        .map_err(|e: sudoku_dlx::UnknownSymmetry| e.to_string())
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: sudoku_dlx::UnknownLevel| e.to_string())
}

// Flags of `sudoku-dlx cover`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Threads for the search; every core by default or with 0")))]
pub(crate) struct CoverArgs {
    /// The problem file; stdin when absent or `-`. With --merge: results files.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Print Knuth's statistics on stderr: solutions, nodes, updates, time.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Search in a random order, the same for the same seed (on one thread).
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Give up after N search-tree nodes (all threads together).
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Give up after about N updates (link changes; checked at each node).
    #[arg(long, value_name = "N")]
    pub(crate) max_updates: Option<u64>,
    /// First drop the options no solution can contain (those that leave a
    /// primary item unable to reach its lower bound); the same solutions,
    /// often found faster.
    #[arg(long)]
    pub(crate) prune: bool,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// List solutions in search order (the first N with --limit), on one
    /// thread; with --limit 1, the first solution found on every thread.
    #[arg(long)]
    pub(crate) deterministic: bool,
    /// The longest line read, in bytes; a longer line (but a comment) is an error.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_line_bytes: u64,
    /// The most items the item line may declare (Knuth's DLX1 allows 100,000).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_items: u64,
    /// Print the subproblems at search depth DEPTH as JSON Lines jobs (at least one).
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["count", "limit", "seed", "job"])]
    pub(crate) split: Option<usize>,
    /// Run the jobs in file JOBS (`-`: stdin) on FILE, one JSON result line each.
    #[arg(long, value_name = "JOBS", conflicts_with = "seed")]
    pub(crate) job: Option<PathBuf>,
    /// Sum the job results in these files (`-`: stdin) and check every job
    /// is there once; the files may also follow the other flags.
    // `0..` values: a flag right after `--merge` (`--merge --stats FILE`)
    // leaves the files to the positional FILEs instead of a clap error.
    #[arg(long, value_name = "RESULTS", num_args = 0.., conflicts_with_all = ["split", "job", "count", "limit", "seed", "prune"])]
    pub(crate) merge: Option<Vec<PathBuf>>,
    /// Write the ZDD of all solutions in Knuth's ZDDREAD text (as his DLX6)
    /// instead of the solutions; options are numbered from 1 in file order.
    #[arg(long, conflicts_with_all = ["count", "limit", "split", "job", "merge", "prune", "sample"])]
    pub(crate) zdd: bool,
    /// How --count counts: auto (the default) starts the ZDD of all
    /// solutions and counts by the search instead as soon as its memo
    /// does not pay (at most about 1.2 times the search's time where it
    /// does not); search always visits every solution; zdd always builds
    /// the ZDD, whatever it costs (far faster where partial solutions meet
    /// again, as in tilings; slower and bigger where they rarely do).
    /// --limit, --seed, --prune, --max-nodes and --max-updates count by the
    /// search.
    #[arg(long, value_enum, default_value_t = CoverMethod::Auto, requires = "count")]
    pub(crate) method: CoverMethod,
    /// Print N solutions drawn uniformly at random (through the ZDD), from
    /// --seed S (0 when absent): the same S, the same solutions.
    #[arg(long, value_name = "N", conflicts_with_all = ["count", "limit", "split", "job", "merge", "prune"])]
    pub(crate) sample: Option<u64>,
    /// Estimate the search tree instead of searching it (Knuth's random
    /// paths): nodes, solutions and their standard errors from SAMPLES
    /// paths (1000 when absent), drawn from --seed S (0 when absent);
    /// --stats adds the nodes by level.
    #[arg(long, value_name = "SAMPLES", num_args = 0..=1, default_missing_value = "1000",
          value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["count", "limit", "split", "job", "merge", "zdd", "sample", "generating_function", "min_weight", "from_zdd", "deterministic", "max_nodes", "max_updates"])]
    pub(crate) estimate: Option<u64>,
    /// With --zdd, --sample or --method zdd: give up once the memo and the
    /// ZDD hold more than SIZE bytes (suffix K, M or G for KiB, MiB, GiB),
    /// --count printing the solutions found so far as N+; with --count's
    /// auto method: count by the search from there.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub(crate) max_memory: Option<u64>,
    /// Print the number of solutions of each size (options in a solution),
    /// one `SIZE COUNT` line per size that has any, through the ZDD.
    #[arg(long, conflicts_with_all = ["count", "limit", "split", "job", "merge", "prune", "sample", "zdd", "min_weight"])]
    pub(crate) generating_function: bool,
    /// Print a solution of least total cost through the ZDD, its cost on
    /// stderr; an option's cost is the sum of its `|N` entries (Knuth's
    /// DLX5), 0 without one.
    #[arg(long, conflicts_with_all = ["count", "limit", "split", "job", "merge", "prune", "sample", "zdd"])]
    pub(crate) min_weight: bool,
    /// Read the ZDD of all solutions from ZDD (Knuth's ZDDREAD text, as
    /// --zdd writes it) instead of searching: list its solutions (the
    /// first N with --limit), or --count, --sample, --generating-function,
    /// --min-weight, --zdd from it. FILE, when given, is its problem
    /// (options print as text, costs come from it); without it options
    /// print as their numbers.
    #[arg(long, value_name = "ZDD", conflicts_with_all = ["split", "job", "merge", "prune", "deterministic"])]
    pub(crate) from_zdd: Option<PathBuf>,
}

/// How `cover --count` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CoverMethod {
    /// The ZDD while its memo pays, else the search.
    Auto,
    /// The search, visiting every solution.
    Search,
    /// The ZDD of all solutions, built by a search with a memo.
    Zdd,
}

// Flags of `sudoku-dlx solve`.
#[derive(Debug, Args)]
#[command(mut_arg("limit", |a| a
    .help("Print up to N solutions of each puzzle")
    .conflicts_with("unique")))]
pub(crate) struct SolveArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    /// Print every solution of each puzzle; a long list is written as it is found.
    #[arg(long, conflicts_with_all = ["limit", "unique"])]
    pub(crate) all: bool,
    #[command(flatten)]
    pub(crate) answer: AnswerArgs,
    /// Search options shared with `count`.
    #[command(flatten)]
    pub(crate) search: SearchArgs,
}

// Flags of `sudoku-dlx count`.
#[derive(Debug, Args)]
#[command(
    mut_arg("limit", |a| a.help("Stop counting each puzzle at N solutions")),
    mut_arg("unique", |a| a.help("Treat a puzzle with several solutions as an error (`multiple`)")),
    mut_arg("format", |a| a.help("Output format (`grid` prints the same as `text`)")),
)]
pub(crate) struct CountArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    #[command(flatten)]
    pub(crate) answer: AnswerArgs,
    /// Search options shared with `solve`.
    #[command(flatten)]
    pub(crate) search: SearchArgs,
}

// What to print for each puzzle, shared by `solve` and `count` (each says
// what its `--limit` does).
#[derive(Debug, Args)]
pub(crate) struct AnswerArgs {
    /// Stop at N solutions of each puzzle.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Treat a puzzle with several solutions as an error (`!multiple`).
    #[arg(long)]
    pub(crate) unique: bool,
    /// Output format (`line` is an old name of `text`).
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub(crate) format: Format,
}

// The grid shape flags, shared by every Sudoku command.
#[derive(Debug, Args)]
pub(crate) struct ShapeArgs {
    /// Every grid is N x N, with the squarest boxes (6 is 2x3, 12 is 3x4).
    #[arg(long, value_name = "N", conflicts_with = "box_shape")]
    pub(crate) size: Option<usize>,
    /// Every grid has boxes of R rows by C columns, e.g. 2x3.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub(crate) box_shape: Option<(usize, usize)>,
}

impl ShapeArgs {
    /// The shape the flags fix, if any.
    pub(crate) fn shape(&self) -> anyhow::Result<Option<Shape>> {
        Ok(match (self.size, self.box_shape) {
            (Some(size), _) if !(4..=MAX_SIZE).contains(&size) => anyhow::bail!(
                "--size {size}: grids go from 4x4 to {MAX_SIZE}x{MAX_SIZE}; use a side from 4 to {MAX_SIZE}"
            ),
            (Some(size), _) => Some(Shape::from_size(size).context("--size")?),
            (None, Some((rows, cols))) => Some(Shape::with_boxes(rows, cols).context("--box")?),
            (None, None) => None,
        })
    }
}

// The variant flags, shared by every Sudoku command.
#[derive(Debug, Args)]
pub(crate) struct VariantArgs {
    /// X: each main diagonal holds every digit once.
    #[arg(long)]
    pub(crate) x: bool,
    /// Windoku: the extra windows hold every digit once.
    #[arg(long)]
    pub(crate) windoku: bool,
    /// Anti-king: no digit repeats a king's move away.
    #[arg(long)]
    pub(crate) anti_king: bool,
    /// Anti-knight: no digit repeats a knight's move away.
    #[arg(long)]
    pub(crate) anti_knight: bool,
}

impl VariantArgs {
    /// The variants the flags ask for.
    pub(crate) fn variants(&self) -> Variants {
        Variants {
            x: self.x,
            windoku: self.windoku,
            anti_king: self.anti_king,
            anti_knight: self.anti_knight,
        }
    }
}

// Input files, shape and variants: how to read the puzzles.
#[derive(Debug, Args)]
pub(crate) struct PuzzleArgs {
    /// Puzzle files; stdin when none is given or for `-`.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) shape: ShapeArgs,
    #[command(flatten)]
    pub(crate) variants: VariantArgs,
    /// Jigsaw: each line is the puzzle, a space, and its region map.
    #[arg(long)]
    pub(crate) jigsaw: bool,
    /// Killer: each line is the givens, a space, one cage label per cell
    /// (0-9A-Za-z, `.` for no cage), a space, and the sums as LABEL=SUM,...
    #[arg(long, conflicts_with = "jigsaw")]
    pub(crate) killer: bool,
    /// Killer: allow cages whose cells are not joined side to side.
    #[arg(long, requires = "killer")]
    pub(crate) disjoint_cages: bool,
    /// How digits are written: standard (1-9, A-Z), hex (0-9A-F for 16x16) or numbers.
    #[arg(long, value_enum)]
    pub(crate) alphabet: Option<AlphabetArg>,
    /// Print the text that followed each puzzle on its line (a name, a
    /// rating, `:count:solution`) after its answer; JSON always has it as
    /// `comment`.
    #[arg(long)]
    pub(crate) keep_comments: bool,
}

impl PuzzleArgs {
    /// How to read the puzzles, as the flags say.
    pub(crate) fn parse_options(&self) -> anyhow::Result<ParseOptions> {
        Ok(ParseOptions {
            shape: self.shape.shape()?,
            variants: self.variants.variants(),
            alphabet: self.alphabet.map(AlphabetArg::alphabet),
            jigsaw: self.jigsaw,
            killer: self.killer,
            disjoint_cages: self.disjoint_cages,
        })
    }
}

// How the search runs: threads, budget, seed, statistics.
#[derive(Debug, Args)]
pub(crate) struct SearchArgs {
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Search in a random order drawn from S (the same S, the same result).
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Give up on a puzzle after N search-tree nodes (`!budget`).
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// How to search: bitsets where the grid has at most 128 cells and no
    /// --seed is given, dancing links otherwise (auto); or always dancing
    /// links (links). The answers are the same; node counts differ.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub(crate) method: MethodArg,
    /// Print a summary on stderr: puzzles, solved, unsolvable, invalid, time, puzzles/s.
    #[arg(long)]
    pub(crate) stats: bool,
}

/// The `--method` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum MethodArg {
    /// Bitsets where they apply, dancing links otherwise.
    Auto,
    /// Always the dancing-links engine.
    Links,
}

impl From<MethodArg> for sudoku_dlx::Method {
    fn from(arg: MethodArg) -> Self {
        match arg {
            MethodArg::Auto => sudoku_dlx::Method::Auto,
            MethodArg::Links => sudoku_dlx::Method::DancingLinks,
        }
    }
}

/// The `--format` choices of `solve` and `count`, written here by hand
/// because [`Format`] belongs to the output code, which knows no clap.
/// `text` is `line` before the spellings of every command were made one;
/// `line` stays as a hidden alias.
impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[Format::Line, Format::Grid, Format::Json]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Format::Line => PossibleValue::new("text")
                .alias("line")
                .help("One line per puzzle"),
            Format::Grid => PossibleValue::new("grid")
                .help("Pretty grids with box separators, each followed by a blank line"),
            Format::Json => PossibleValue::new("json").help("JSON Lines: one object per puzzle"),
        })
    }
}

/// The `--alphabet` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum AlphabetArg {
    /// 1-9 then A-Z; `0` and `.` are blanks.
    Standard,
    /// 0-9 then A-F for digits 1 to 16; `.` is a blank.
    Hex,
    /// Whitespace-separated numbers; `0` and `.` are blanks.
    Numbers,
}

impl AlphabetArg {
    /// The library's alphabet of this choice.
    pub(crate) fn alphabet(self) -> Alphabet {
        match self {
            AlphabetArg::Standard => Alphabet::Standard,
            AlphabetArg::Hex => Alphabet::Hex,
            AlphabetArg::Numbers => Alphabet::Numbers,
        }
    }
}

/// Reads `RxC` (or `R*C`), box rows by box columns.
/// A size in bytes: a whole number with an optional suffix K, M or G
/// (binary: 1K is 1024 bytes).
fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.trim().char_indices().last() {
        Some((at, 'k' | 'K')) => (&text.trim()[..at], 1u64 << 10),
        Some((at, 'm' | 'M')) => (&text.trim()[..at], 1 << 20),
        Some((at, 'g' | 'G')) => (&text.trim()[..at], 1 << 30),
        _ => (text.trim(), 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(|| format!("`{text}` is not a size; write bytes as a whole number, or with K, M or G, e.g. 512M or 4G"))
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let (rows, cols) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| format!("`{text}` is not RxC, e.g. 3x3 or 2x3"))?;
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{s}` in `{text}` is not a number"))
    };
    Ok((side(rows)?, side(cols)?))
}
