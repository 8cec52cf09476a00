//! The command line: every subcommand and flag, with clap's derive API.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_dlx::{Alphabet, Level, MAX_SIZE, ParseOptions, Shape, Symmetry, Variants};

const MAIN_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve data/sudoku/plb_hard20.txt
  sudoku-dlx count --limit 2 data/sample.txt
  sudoku-dlx check data/sudoku/plb_hard20_solutions.txt
  sudoku-dlx cover data/exact-cover/queens-12.dlx
  sudoku-dlx generate --count 10 --seed 1
  sudoku-dlx rate data/sudoku/emerentius_easy.txt
  sudoku-dlx explain data/sudoku/emerentius_easy.txt
  sudoku-dlx hint data/sudoku/emerentius_easy.txt
  sudoku-dlx canon --dedupe data/sudoku/norvig_top95.txt

Exit status: 0 when every puzzle was solved, 1 when any puzzle was invalid,
unsolvable, over budget or not unique, 2 for usage or I/O errors, 130 after
Ctrl-C (every finished record is written first). See docs/cli.md for the
formats.";

const COVER_EXAMPLES: &str = "\
Input: Knuth's formats, told apart by what the file holds. Lines starting
with `|` are comments; the first other line names the items, primary ones,
then `|`, then secondary ones; every later line is an option, a list of item
names. An option of secondary items only is skipped with a warning
(FILE:LINE: option ignored (no primary items)), as in Knuth's DLX1. Lines
(but comments) are at most --max-line-bytes long and the item line names at
most --max-items items. DLX1 (exact cover): nothing more. DLX2 (colors): an option may give a
secondary item a color, `x:A`; options that give it the same color go
together. DLX3 (multiplicities): a primary item may have bounds, `u:v|name`
(covered u to v times) or `v|name` (exactly v times).

Output: each solution as its option lines, in the order the search chose
them, colors as in the input (`x:A`), followed by one blank line. With
--count, the number of solutions: N, or N+ when --limit or a budget stopped
the count (there may be more). With several threads (--jobs, every core by
default) solutions come in any order and --limit N gives any N of them;
--deterministic (or --seed) lists them in search order on one thread. Counts
and --stats do not depend on the threads. A long search shows a progress bar
on stderr when it is a terminal (not with --quiet): Knuth's estimate of the
part of the tree done, the solutions so far and the time left.

Across machines: --split DEPTH prints the search's subproblems as JSON Lines
jobs; --job JOBS runs jobs (`-`: stdin) against the same FILE, one JSON
result line each; --merge RESULTS... sums the counts and reports by id every
job missing, duplicated, failed, stopped by a budget or limit, or from
another problem (exit 1). See docs/distributed.md.

Exit status: 0 when a solution was found, 1 when there is none or a budget
(--max-nodes, --max-updates) stopped the search, 2 when the problem cannot
be read (reported as FILE:LINE:COLUMN: reason) or on I/O errors.

Examples:
  sudoku-dlx cover data/exact-cover/knuth-example.dlx      print every solution
  sudoku-dlx cover --count --stats data/exact-cover/queens-12.dlx
  sudoku-dlx cover --limit 1 --seed 7 - < data/exact-cover/latin-5.dlx
  sudoku-dlx cover --prune --count data/exact-cover/pentominoes-6x10.dlx
  sudoku-dlx cover --split 3 data/exact-cover/queens-12.dlx > jobs
  parallel --pipe -N1 sudoku-dlx cover --count --job - data/exact-cover/queens-12.dlx < jobs > results
  sudoku-dlx cover --merge results                         the count, checked job by job
  sudoku-dlx cover --count --limit 5 data/exact-cover/langford-11.dlx   5+: there are more";

pub(crate) const RECORDS_INPUT: &str = "\
Input: one puzzle per line (n*n symbols, `.` or `0` for blanks; 16x16 as
1-9A-G; larger grids as space-separated numbers), or n-line blocks of n cells
each (spaces and the box separators | + - ignored), each block one record.
Text after a line's grid (after whitespace, `;`, `,` or `:`) is the puzzle's
comment: JSON `comment`, printed back with --keep-comments. Header lines
(`puzzle<TAB>name`, `Grid 01`: a first word of two letters or more) are
skipped. With --jigsaw, a line is the puzzle, a space, and one region letter
per cell. Lines starting with # are comments. FILE `-` is stdin, as is no
FILE at all; every FILE is checked before the first record is read.";

pub(crate) const RECORDS_KEPT: &str = "\
Records are written as they are done, in input order, whatever --jobs is;
to a terminal each at once. On Ctrl-C or SIGTERM every finished record is
written, the unfinished ones of the batch as `!interrupted` (JSON status
interrupted), and the exit status is 130.";

const SOLVE_OUTPUT: &str = "\
Output: one record per puzzle. A record that is not a solution starts with
`!` and its status:
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr;
                     lines and columns from 1, cells as r2c3)
  !unsolvable        no solution
  !multiple          more than one solution, with --unique
  !budget            --max-nodes ran out first; with --all or --limit, followed
                     by the solutions found before it
With --all or --limit, a line holds the solutions found, separated by spaces.
--format grid draws each solution (a jigsaw's with lines where regions
change, then its `SOLUTION MAP` line) and a blank line; with --all or
--limit, a `# FILE:LINE: N solutions` line comes before each puzzle's grids.
With --format json, one JSON object per line: file, line, status
(solved|unsolvable|multiple|invalid|budget), solution, solutions (--all,
--limit), error and column (invalid), nodes, comment.

Exit status: 0 when every puzzle was solved (and unique, with --unique), 1
when any was invalid, unsolvable, over budget or not unique, 2 for usage or
I/O errors.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve data/sudoku/plb_hard20.txt                  one solution line per puzzle
  sudoku-dlx solve --unique --format json data/sample.txt      JSON Lines; several solutions an error
  sudoku-dlx solve --limit 3 --format grid - < data/sample.txt
  sudoku-dlx solve --size 16 data/sudoku/janko_16x16.txt       16x16, symbols 1-9A-G
  sudoku-dlx solve --jigsaw data/sudoku/janko_jigsaw_9x9.txt   lines with their region maps
  sudoku-dlx solve --jobs 1 --stats data/sudoku/norvig_top95.txt
  sudoku-dlx generate --x --count 3 --seed 2 | sudoku-dlx solve --x";

const COUNT_OUTPUT: &str = "\
Output: one record per puzzle: its count of solutions,
  N                  the exact count (0: no solution)
  N+                 --limit stopped the count at N; there may be more
  !budget N+         --max-nodes ran out after N solutions
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr)
--format grid prints the same as line. With --format json, one JSON object
per line: file, line, status (solved|unsolvable|multiple|invalid|budget),
count, complete (whether the count is exact), error and column (invalid),
nodes, comment. --unique keeps the count (JSON status multiple) but makes any count
other than 1 an exit status 1; it needs --limit 2 or more, or no --limit.

Exit status: 0 when every puzzle has a solution (exactly one, with
--unique), 1 when any was invalid, unsolvable, over budget or not unique, 2
for usage or I/O errors.";

const COUNT_EXAMPLES: &str = "\
Without --limit, each puzzle's search is also spread over the --jobs
threads, so one puzzle with very many solutions uses every core; the counts
and nodes are the same for any --jobs.

Examples:
  sudoku-dlx count data/sudoku/plb_hard20.txt               exact number of solutions of each
  sudoku-dlx count --limit 2 data/sample.txt                 1, 0 or 2+: the uniqueness test
  sudoku-dlx count --unique --format json data/sample.txt    exit status 1 unless all are unique";

const GENERATE_EXAMPLES: &str = "\
Output: one puzzle per line (jigsaw: the puzzle, a space, its region map;
killer: the givens, a space, the cage map, a space, the sums),
followed by a space and the solution with --with-solution; or, with
--format json, one object per puzzle: index, seed, puzzle, regions
(jigsaw), cages (killer: map and sums), solution, clues, symmetry, minimal,
attempts, and score, level (always for killer), clues_met, difficulty_met
when asked for. A target that was not met is
reported on stderr and makes the exit status 1. Puzzle k of a run uses a
seed derived from (--seed, k), so the output is the same for any --jobs;
its JSON `seed` given back to --seed (with the same other flags) makes that
puzzle again, as puzzle 0. On Ctrl-C the puzzles finished in order are
written and the exit status is 130.

Examples:
  sudoku-dlx generate --seed 1                        one 9x9 puzzle, 180-degree symmetric
  sudoku-dlx generate --count 100 --jobs 4 --seed 7   100 puzzles, the same for any --jobs
  sudoku-dlx generate --symmetry none --minimal       a minimal puzzle, no symmetry
  sudoku-dlx generate --clues 24 --with-solution      24 clues if it can, and the solution
  sudoku-dlx generate --difficulty hard --format json
  sudoku-dlx generate --size 16 --symmetry rot90      16x16 with 90-degree symmetry
  sudoku-dlx generate --jigsaw random --count 5       jigsaw, each on its own random region map
  sudoku-dlx generate --killer --count 3 --seed 2     killer: no givens, cages and sums, unique
  sudoku-dlx generate --jigsaw iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";

const RATE_OUTPUT: &str = "\
Output: one record per puzzle, `SCORE LEVEL HARDEST`, e.g. `6.76 hard locked
candidates` or `10.52 extreme beyond techniques`; levels are easy, medium,
hard, expert and extreme (docs/rating.md). A puzzle that cannot be rated is
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr)
  !unsolvable        no solution
  !multiple          more than one solution
  !budget            --max-nodes ran out in one of its searches
With --format json, one JSON object per line: file, line, status
(rated|unsolvable|multiple|invalid|budget), and score, level, hardest,
solved_by_logic, effort and mean_nodes when rated; error and column when
invalid.

Exit status: 0 when every puzzle was rated, 1 when any could not be, 2 for
usage or I/O errors.";

const RATE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx rate data/sudoku/emerentius_easy.txt
  sudoku-dlx rate --format json data/sudoku/plb_hard20.txt
  sudoku-dlx generate --count 10 --seed 3 | sudoku-dlx rate";

const CHECK_HELP: &str = "\
Input: a record is a complete grid (a line, or an n-line block, as `solve`
reads), or a puzzle and the proposed solution on one line after a space,
`PUZZLE SOLUTION`, as `generate --with-solution` prints them; with --jigsaw,
`PUZZLE MAP SOLUTION` (or `GRID MAP`). Lines starting with # are comments.
FILE `-` is stdin, as is no FILE at all.

Output: one record per grid, in input order:
  valid              every rule holds (and the puzzle's givens are kept)
  !broken: RULE      the first broken rule, with its cells, e.g.
                     `!broken: r1c2 and r1c5 both hold 3 in one row`
  !invalid: REASON   the record cannot be read (also FILE:LINE:COLUMN on stderr)
With --format json, one JSON object per line: file, line, status
(valid|broken|invalid), error, and cell (the first cell the rule names).

Exit status: 0 when every grid is valid, 1 when any is broken or invalid, 2
for usage or I/O errors.

Examples:
  sudoku-dlx check data/sudoku/plb_hard20_solutions.txt
  sudoku-dlx generate --count 5 --seed 1 --with-solution | sudoku-dlx check
  sudoku-dlx solve data/sample.txt | sudoku-dlx check --format json";

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
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", crate::explain::EXPLAIN_HELP))]
    Explain(crate::explain::ExplainArgs),
    /// The next step on a player's board, or the cell that is wrong.
    #[command(after_help = format!("{RECORDS_INPUT}\n\n{}\n\n{RECORDS_KEPT}", crate::explain::HINT_HELP))]
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
    /// Print the subproblems at search depth DEPTH as JSON Lines jobs.
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
    /// Print every solution of each puzzle.
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
