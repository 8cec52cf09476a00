//! The command line: every subcommand and flag, with clap's derive API.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_dlx::{Alphabet, Level, MAX_SIZE, ParseOptions, Shape, Symmetry, Variants};

use crate::help::{
    CHECK_HELP, COUNT_EXAMPLES, COUNT_OUTPUT, COVER_EXAMPLES, GENERATE_EXAMPLES, MAIN_EXAMPLES,
    RATE_EXAMPLES, RATE_OUTPUT, RECORDS_INPUT, RECORDS_KEPT, SOLVE_EXAMPLES, SOLVE_OUTPUT,
};

/// Solve Sudoku of every common shape and variant, and any exact-cover
/// problem, with dancing links.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, after_help = MAIN_EXAMPLES)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
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
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", crate::help::EXPLAIN_HELP))]
    Explain(crate::explain::ExplainArgs),
    /// The next step on a player's board, or the cell that is wrong.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", crate::help::HINT_HELP))]
    Hint(crate::explain::ExplainArgs),
    /// Check grids: each a valid solution, and of its puzzle when one is given.
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// Solve an exact-cover problem written in Knuth's format.
    #[command(after_help = COVER_EXAMPLES)]
    Cover(CoverArgs),
    /// The canonical (minlex) form of Sudoku puzzles: equal for equivalent puzzles.
    #[command(after_help = crate::canon::CANON_HELP)]
    Canon(crate::canon::CanonArgs),
}

/// Flags of `sudoku-dlx generate`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Worker threads; every core by default. The output does not depend on it"
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
    /// Node budget of each search: every try at a complete grid (64 tries
    /// per attempt) and every uniqueness check (default: 2000 per cell up to
    /// 16x16, 8 per cell above). A budget too small to complete a grid ends
    /// the run with an error.
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

/// Flags of `sudoku-dlx rate`.
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

/// Flags of `sudoku-dlx check`.
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

/// The output format of `generate`, `rate` and `check`.
#[derive(Debug, Args)]
pub(crate) struct RecordFormatArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = RecordFormat::Line)]
    pub(crate) format: RecordFormat,
}

/// Output formats of `generate` and `rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RecordFormat {
    /// One line per puzzle.
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

/// The worker threads of every batch command.
#[derive(Debug, Args)]
pub(crate) struct JobsArgs {
    /// Worker threads; every core by default.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) jobs: Option<u64>,
}

impl JobsArgs {
    /// The threads asked for, or `None` for one per core.
    pub(crate) fn threads(&self) -> Option<usize> {
        self.jobs.map(|j| usize::try_from(j).unwrap_or(usize::MAX))
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

/// Flags of `sudoku-dlx cover`.
#[derive(Debug, Args)]
pub(crate) struct CoverArgs {
    /// The problem file; stdin when absent or `-`.
    pub(crate) file: Option<PathBuf>,
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
    /// Threads for the search; every core by default.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) jobs: Option<u64>,
    /// List solutions in search order (the first N with --limit), on one
    /// thread; with --limit 1, the first solution found on every thread.
    #[arg(long)]
    pub(crate) deterministic: bool,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub(crate) quiet: bool,
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
    /// Sum the job results in these files and check every job is there once.
    #[arg(long, value_name = "RESULTS", num_args = 1.., conflicts_with_all = ["file", "split", "job", "count", "limit", "seed", "prune"])]
    pub(crate) merge: Vec<PathBuf>,
}

/// Flags of `sudoku-dlx solve`.
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

/// Flags of `sudoku-dlx count`.
#[derive(Debug, Args)]
#[command(
    mut_arg("limit", |a| a.help("Stop counting each puzzle at N solutions")),
    mut_arg("unique", |a| a.help("Treat a puzzle with several solutions as an error (`multiple`)")),
    mut_arg("format", |a| a.help("Output format (`grid` prints the same as `line`)")),
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

/// What to print for each puzzle, shared by `solve` and `count` (each says
/// what its `--limit` does).
#[derive(Debug, Args)]
pub(crate) struct AnswerArgs {
    /// Stop at N solutions of each puzzle.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Treat a puzzle with several solutions as an error (`!multiple`).
    #[arg(long)]
    pub(crate) unique: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub(crate) format: Format,
}

/// The grid shape flags, shared by every Sudoku command.
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

/// The variant flags, shared by every Sudoku command.
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

/// Input files, shape and variants: how to read the puzzles.
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

/// How the search runs: threads, budget, seed, statistics.
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

/// Output formats of `solve` and `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One line per puzzle.
    Line,
    /// Pretty grids with box separators, each followed by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
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
