//! `sudoku-dlx print`: puzzles as sheets for paper.
//!
//! The puzzles are read as `solve` reads them ([`crate::records`]), checked
//! to have exactly one solution, laid out and drawn as SVG pages by
//! [`sudoku_dlx::render`], and written as SVG, as a PNG
//! ([`render::png`], resvg), or as one PDF of every page ([`render::pdf`],
//! svg2pdf; docs/decisions/pdf-from-svg.md). The library draws text with
//! the DejaVu Sans font it compiles in, so that no output depends on the
//! machine's fonts, and the web page makes the same PDF.

use std::fs;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{Context, bail};
use sudoku_dlx::render::{self, Item, Layout, Paper};
use sudoku_dlx::{
    Budget, End, First, Grid, Level, ParseOptions, Puzzle, Rated, Rater, Solver, check_solution,
};

use crate::args::{PaperArg, PrintArgs, PrintType};
use crate::interrupt::{self, Streaming};
use crate::records::{Body, for_each_chunk};
use crate::report::{Problem, Status};
use crate::sudoku::stoppable_solver;

/// Points in a millimetre.
const POINTS_PER_MM: f64 = 72.0 / 25.4;

/// A puzzle to print: where it was read, and what it draws.
struct Entry {
    puzzle: Puzzle,
    solution: Grid,
    /// Its level and score: those on its line, else rated with --rating.
    rating: Option<(&'static str, f64)>,
    candidates: Option<Vec<Vec<u8>>>,
}

/// Runs `sudoku-dlx print`.
///
/// Ctrl-C ([`crate::interrupt`]): while a chunk of puzzles is checked, a
/// signal stops the search under way (the solvers watch
/// [`interrupt::stop`]) and the command ends saying where, having written
/// nothing ([`interrupted`]); between chunks the handler ends it itself,
/// nothing written either. While the pages are drawn the signal is left to
/// this thread too, which stops before the write; a write under way is
/// finished, so that no file is left cut short.
pub(crate) fn run(args: &PrintArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let kind = output_type(args)?;
    let parse = args.puzzles.parse_options()?;
    interrupt::install();
    let entries = read(args, &parse)?;
    if entries.is_empty() {
        bail!("no puzzle to print: the input holds none");
    }
    let streaming = Streaming::begin();
    let layout = layout(args);
    let items: Vec<Item<'_>> = entries
        .iter()
        .enumerate()
        .map(|(k, entry)| Item {
            caption: render::caption(k + 1, entry.rating, &entry.puzzle),
            candidates: entry.candidates.as_deref(),
            ..Item::new(&entry.puzzle)
        })
        .collect();
    let solutions: Vec<Item<'_>> = if args.solutions {
        entries
            .iter()
            .enumerate()
            .map(|(k, entry)| Item {
                grid: &entry.solution,
                caption: (k + 1).to_string(),
                cages: false,
                ..Item::new(&entry.puzzle)
            })
            .collect()
    } else {
        Vec::new()
    };
    let bytes = match kind {
        PrintType::Pdf => render::pdf(&chosen_pages(args, &layout, &items, &solutions)?)?,
        PrintType::Svg | PrintType::Png => {
            let svg = one_svg(args, &layout, &items, &solutions)?;
            if kind == PrintType::Svg {
                svg.into_bytes()
            } else {
                let dpi = u16::try_from(args.dpi).context("--dpi is at most 1200")?;
                render::png(&svg, dpi).map_err(|e| match e {
                    render::OutputError::TooLarge { .. } => anyhow::anyhow!("{e}: lower --dpi"),
                    e => e.into(),
                })?
            }
        }
    };
    if interrupt::requested() {
        interrupted("while the pages were drawn");
    }
    if args.output.as_path() == Path::new("-") {
        out.write_all(&bytes)
            .and_then(|()| out.flush())
            .context("cannot write to stdout")?;
    } else {
        fs::write(&args.output, &bytes)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
    }
    drop(streaming);
    if interrupt::requested() {
        eprintln!(
            "sudoku-dlx: interrupted while {} was written; it was written whole",
            args.output.display()
        );
        interrupt::exit();
    }
    Ok(Status::Success)
}

/// Ends the command after a signal that came `when`: nothing was written.
fn interrupted(when: &str) -> ! {
    eprintln!("sudoku-dlx: interrupted {when}; nothing was written");
    interrupt::exit()
}

/// The output's type: --type, else OUT's extension.
fn output_type(args: &PrintArgs) -> anyhow::Result<PrintType> {
    if let Some(kind) = args.kind {
        return Ok(kind);
    }
    let extension = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("pdf") => Ok(PrintType::Pdf),
        Some("svg") => Ok(PrintType::Svg),
        Some("png") => Ok(PrintType::Png),
        _ if args.output.as_path() == Path::new("-") => {
            bail!("--output - writes to stdout: give its type with --type pdf, svg or png")
        }
        _ => bail!(
            "{}: the output's extension must be .pdf, .svg or .png (or give --type)",
            args.output.display()
        ),
    }
}

/// The page layout the flags ask for.
fn layout(args: &PrintArgs) -> Layout {
    let per_page = usize::try_from(args.per_page).unwrap_or(usize::MAX);
    Layout {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        landscape: args.landscape,
        per_page,
        solutions_per_page: args
            .solutions_per_page
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or_else(|| Layout::solutions_for(per_page)),
        margin: args.margin.max(0.0) * POINTS_PER_MM,
        title: args.title.clone(),
        page_numbers: !args.no_page_numbers,
    }
}

/// Reads, parses and solves every puzzle; every problem (a record that
/// does not parse, a puzzle without exactly one solution or whose check
/// --max-nodes stopped, a wrong solution on its line) is reported with
/// its position, all at once, and nothing is printed.
fn read(args: &PrintArgs, parse: &ParseOptions) -> anyhow::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let mut solver: Option<Solver> = None;
    let mut rater: Option<Rater> = None;
    let budget = args.max_nodes.map_or(Budget::UNLIMITED, Budget::nodes);
    for_each_chunk(&args.puzzles.files, parse, |name, records| {
        // A signal now stops the search under way, which this thread sees.
        let _streaming = Streaming::begin();
        for record in records.drain(..) {
            let line = record.line;
            let parsed = match record.body {
                Body::Text(text) => Puzzle::parse(&text, parse)
                    .map_err(|e| Problem::of_parse_error(line, &e, &text)),
                Body::Bad(e) => Err(Problem::of_line(line, &e)),
            };
            let puzzle = match parsed {
                Ok(puzzle) => puzzle,
                Err(problem) => {
                    problems.push(located(name, &problem));
                    continue;
                }
            };
            let position = format!("{name}:{line}");
            if solver.as_ref().is_none_or(|s| s.rules() != puzzle.rules()) {
                solver = Some(stoppable_solver(puzzle.rules(), budget));
            }
            let Some(solver) = solver.as_mut() else {
                continue;
            };
            let comment = record.comment.as_deref();
            let given = given_solution(&puzzle, comment);
            match solution(args, solver, &puzzle, given, &position) {
                Ok(solution) => {
                    let rating = line_rating(comment).or_else(|| {
                        if !args.rating {
                            return None;
                        }
                        if rater.as_ref().is_none_or(|r| r.rules() != puzzle.rules()) {
                            let mut fresh = Rater::new(puzzle.rules());
                            fresh.set_stop(Some(interrupt::stop()));
                            rater = Some(fresh);
                        }
                        // Ctrl-C stops the rating (`Error::Stopped`).
                        let rated = rater.as_mut().map(|r| r.rate_puzzle(&puzzle));
                        if interrupt::requested() {
                            interrupted(&format!("at {position}, rating it"));
                        }
                        match rated {
                            Some(Ok(Rated::Unique(r))) => Some((r.level.name(), r.score)),
                            _ => None,
                        }
                    });
                    let candidates = args.candidates.then(|| render::candidates(&puzzle));
                    entries.push(Entry {
                        puzzle,
                        solution,
                        rating,
                        candidates,
                    });
                }
                Err(message) => problems.push(format!("{position}: {message}")),
            }
        }
        Ok(())
    })?;
    match problems.len() {
        0 => Ok(entries),
        1 => bail!("{}; nothing was written", problems[0]),
        n => bail!(
            "{n} puzzles cannot be printed; nothing was written:\n  {}",
            problems.join("\n  ")
        ),
    }
}

/// `problem` of input `name` as `FILE:LINE[:COL]: message`.
fn located(name: &str, problem: &Problem) -> String {
    match problem.column {
        Some(column) => format!("{name}:{}:{column}: {}", problem.line, problem.message),
        None => format!("{name}:{}: {}", problem.line, problem.message),
    }
}

/// The level and score a puzzle's line carries after it, as `rate` writes
/// them (`6.30 hard x-wing`, its line pasted after the puzzle's) or as a
/// caption shows them (`hard 6.30`): a level's name beside a number. A
/// bare number (another program's score) is not read as one.
fn line_rating(comment: Option<&str>) -> Option<(&'static str, f64)> {
    let words: Vec<&str> = comment?
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
        .filter(|word| !word.is_empty())
        .collect();
    let score = |at: Option<usize>| {
        at.and_then(|at| words.get(at))
            .and_then(|word| word.parse::<f64>().ok())
            .filter(|score| score.is_finite() && *score >= 0.0)
    };
    words.iter().enumerate().find_map(|(at, word)| {
        let level: Level = word.parse().ok()?;
        let score = score(at.checked_sub(1)).or_else(|| score(at.checked_add(1)))?;
        Some((level.name(), score))
    })
}

/// The solution written after `puzzle` on its line, if a word of the
/// comment reads as a complete grid of its shape; `Some(Err)` when it reads
/// as one that is not a solution of the puzzle.
fn given_solution(puzzle: &Puzzle, comment: Option<&str>) -> Option<Result<Grid, String>> {
    let options = ParseOptions {
        shape: Some(puzzle.shape()),
        alphabet: Some(puzzle.alphabet()),
        ..ParseOptions::default()
    };
    let grid = comment?
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | ';'))
        .filter(|word| word.chars().count() == puzzle.shape().cell_count())
        .find_map(|word| Puzzle::parse(word, &options).ok())
        .map(|read| read.givens().clone())
        .filter(Grid::is_complete)?;
    let agrees = grid
        .digits()
        .iter()
        .zip(puzzle.givens().digits())
        .all(|(&d, &g)| g == 0 || d == g);
    Some(match check_solution(puzzle, &grid) {
        Ok(()) if agrees => Ok(grid),
        Ok(()) => Err("the solution on the line does not hold the puzzle's givens".to_owned()),
        Err(violation) => Err(format!("the solution on the line is wrong: {violation}")),
    })
}

/// The solution to print for `puzzle`, read at `position`: it must be its
/// only one (any one of several with --allow-multiple); the one on its
/// line when there is one. A search that --max-nodes stops refuses the
/// puzzle with what it found; one that a signal stops ends the command.
fn solution(
    args: &PrintArgs,
    solver: &mut Solver,
    puzzle: &Puzzle,
    given: Option<Result<Grid, String>>,
    position: &str,
) -> Result<Grid, String> {
    let given = given.transpose()?;
    let describe = |e: sudoku_dlx::Error| e.describe(puzzle.alphabet());
    let found = if args.allow_multiple {
        match solver.solve(puzzle).map_err(describe)? {
            First::Solution(grid) => grid,
            First::NoSolution => return Err("no solution".to_owned()),
            First::BudgetExhausted => {
                let nodes = counted(solver.stats().nodes, "node");
                if interrupt::requested() {
                    interrupted(&format!(
                        "at {position}, solving it: stopped after {nodes}, no solution yet"
                    ));
                }
                return Err(format!(
                    "stopped after {nodes} before it found a solution (--max-nodes)"
                ));
            }
        }
    } else {
        // Solutions up to a second one, kept: a budget or a signal may
        // stop the search after the first.
        let mut found: Vec<Grid> = Vec::with_capacity(2);
        let count = solver
            .for_each_solution(puzzle, |grid| {
                found.push(grid.clone());
                if found.len() == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_err(describe)?;
        let so_far = format!(
            "{} so far",
            counted(u64::try_from(found.len()).unwrap_or(u64::MAX), "solution")
        );
        match (found.pop(), found.len(), count.end) {
            (Some(_), 1, _) => {
                return Err(
                    "more than one solution: a sheet must not print a broken puzzle \
                     (give --allow-multiple to print it anyway)"
                        .to_owned(),
                );
            }
            (_, _, End::BudgetExhausted | End::Stopped) => {
                let nodes = counted(solver.stats().nodes, "node");
                if interrupt::requested() {
                    interrupted(&format!(
                        "at {position}, checking its uniqueness: stopped after {nodes}, \
                         {so_far}"
                    ));
                }
                return Err(format!(
                    "stopped after {nodes}, {so_far}: uniqueness unknown \
                     (raise --max-nodes, or give --allow-multiple to print it anyway)"
                ));
            }
            (Some(grid), _, _) => grid,
            (None, _, _) => return Err("no solution".to_owned()),
        }
    };
    Ok(given.unwrap_or(found))
}

/// `n` `noun`s: `1 node`, `2 nodes`.
fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The pages to write: page N alone with --page N, else every page.
fn chosen_pages(
    args: &PrintArgs,
    layout: &Layout,
    items: &[Item<'_>],
    solutions: &[Item<'_>],
) -> anyhow::Result<Vec<render::Page>> {
    let count = render::page_count(layout, items.len(), solutions.len());
    let chosen = match args.page {
        Some(page) => {
            let number = usize::try_from(page).unwrap_or(usize::MAX);
            if number > count {
                bail!("--page {number}: the sheet has {count} page(s)");
            }
            Some(number)
        }
        None => None,
    };
    let mut pages = render::pages(layout, items, solutions);
    Ok(match chosen {
        Some(number) => vec![pages.swap_remove(number - 1)],
        None => pages,
    })
}

/// The one SVG document that an SVG or PNG output holds: the page --page
/// names, the only page, or a single puzzle alone.
fn one_svg(
    args: &PrintArgs,
    layout: &Layout,
    items: &[Item<'_>],
    solutions: &[Item<'_>],
) -> anyhow::Result<String> {
    if let [item] = items
        && solutions.is_empty()
        && args.page.is_none()
        && args.title.is_none()
    {
        return Ok(render::puzzle_svg(item, 28.0));
    }
    let count = render::page_count(layout, items.len(), solutions.len());
    if args.page.is_none() && count > 1 {
        bail!(
            "the sheet has {count} pages and an SVG or PNG holds one: give --page N, or write a PDF"
        );
    }
    let page = chosen_pages(args, layout, items, solutions)?.pop();
    Ok(page.context("the sheet has no page (a bug)")?.into_svg())
}
