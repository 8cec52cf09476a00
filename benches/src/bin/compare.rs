//! Side-by-side comparison of this project and its peers, interleaved in one
//! run, every answer cross-checked.
//!
//! ```text
//! cargo run --release -p benches --bin compare -- [--quick]
//!     [--only engine|exact|xcc|mcc|sudoku|threads|canon]
//!     [--rounds N] [--cap SECONDS] [--limit N | --full]
//! ```
//!
//! See `docs/benchmarks.md` for what is measured and how to read the tables.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::cover_check::{Fingerprint, check_solution};
use benches::cover_solvers::{ALL_SOLVERS, CoverInput, CoverSolver, SearchSize};
use benches::grid_check::check_grid;
use benches::problems::{self, CoverProblem};
use benches::sudoku_sets::{ALL_SETS, Digits, SudokuSet, to_line};
use benches::sudoku_solvers::{Answer, SudokuSolver, SudokuSolverKind};
use benches::timing::{median, time};

/// What the command line asked for.
#[derive(Clone, Debug)]
struct Options {
    quick: bool,
    /// Which engine groups: plain exact cover, with colors, with bounds.
    exact: bool,
    xcc: bool,
    mcc: bool,
    sudoku: bool,
    threads: bool,
    canon: bool,
    rounds: usize,
    /// The longest one peer run may take before it is stopped.
    cap: Duration,
    /// The first this many puzzles of each Sudoku set; `None` for all.
    limit: Option<usize>,
}

const USAGE: &str = "usage: compare [--quick] [--only engine|exact|xcc|mcc|sudoku|threads|canon] [--rounds N] [--cap SECONDS] [--limit N | --full]";

/// Puzzles per Sudoku set by default, and with `--quick`.
const DEFAULT_LIMIT: usize = 10_000;
const QUICK_LIMIT: usize = 2_000;

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        quick: false,
        exact: true,
        xcc: true,
        mcc: true,
        sudoku: true,
        threads: true,
        canon: true,
        rounds: 0,
        cap: Duration::from_secs(120),
        limit: Some(0),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--only" => {
                let only = value("--only")?;
                let groups = match only.as_str() {
                    "engine" => [true, true, true, false, false, false],
                    "exact" => [true, false, false, false, false, false],
                    "xcc" => [false, true, false, false, false, false],
                    "mcc" => [false, false, true, false, false, false],
                    "sudoku" => [false, false, false, true, false, false],
                    "threads" => [false, false, false, false, true, false],
                    "canon" => [false, false, false, false, false, true],
                    other => {
                        return Err(format!(
                            "--only takes engine, exact, xcc, mcc, sudoku, threads or canon, not {other:?}"
                        ));
                    }
                };
                [
                    options.exact,
                    options.xcc,
                    options.mcc,
                    options.sudoku,
                    options.threads,
                    options.canon,
                ] = groups;
            }
            "--rounds" => {
                let v = value("--rounds")?;
                options.rounds = v
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .ok_or_else(|| format!("--rounds takes a positive number, not {v:?}"))?;
            }
            "--cap" => {
                let v = value("--cap")?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or_else(|| format!("--cap takes positive seconds, not {v:?}"))?;
                options.cap = Duration::from_secs_f64(secs);
            }
            "--limit" => {
                let v = value("--limit")?;
                let n = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--limit takes a positive number, not {v:?}"))?;
                options.limit = Some(n);
            }
            "--full" => options.limit = None,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if options.limit == Some(0) {
        options.limit = Some(if options.quick {
            QUICK_LIMIT
        } else {
            DEFAULT_LIMIT
        });
    }
    if options.rounds == 0 {
        options.rounds = if options.quick { 1 } else { 3 };
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    print_setting();
    let result = (|| {
        if options.exact {
            // `--quick` leaves out pentominoes, which takes seconds per count.
            let chosen: Vec<CoverProblem> = problems::ALL
                .into_iter()
                .filter(|p| !options.quick || *p != problems::PENTOMINOES)
                .collect();
            compare_engines(&options, "Exact cover", &chosen)?;
        }
        if options.xcc {
            let title = "Exact cover with colors (XCC, Algorithm C)";
            compare_engines(&options, title, &problems::COLORED)?;
        }
        if options.mcc {
            let title = "Exact cover with multiplicities (MCC, Algorithm M)";
            compare_engines(&options, title, &problems::BOUNDED)?;
        }
        if options.sudoku {
            compare_sudoku(&options)?;
        }
        if options.threads {
            compare_threads(&options)?;
        }
        if options.canon {
            benches::canon_peers::compare(options.limit, options.rounds)?;
        }
        Ok::<(), String>(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("\n*** CROSS-CHECK FAILED: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Prints what the numbers depend on: the CPU and the state of the sources.
fn print_setting() {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|m| m.trim_start_matches([' ', '\t', ':']).to_owned())
            })
        })
        .unwrap_or_else(|| "unknown".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_default()
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]);
    let dirty = git(&[
        "status",
        "--porcelain",
        "--",
        "../crates/dlx",
        "../crates/sudoku-dlx",
    ]);
    let state = if dirty.is_empty() {
        "clean"
    } else {
        "with uncommitted changes"
    };
    println!(
        "# compare: {cpu}, {cores} core(s); commit {commit}, crates/dlx and crates/sudoku-dlx {state}\n"
    );
}

/// How one solver fared on one problem.
#[derive(Clone, Debug, Default)]
struct Cell {
    samples: Vec<Duration>,
    /// Set when the verification run hit the cap: the solver is left out of
    /// the timed rounds for this problem.
    capped: bool,
}

/// Compares the engines on `chosen` (problems of one kind) under the
/// heading `title`: the solvers that support the kind, interleaved.
fn compare_engines(options: &Options, title: &str, chosen: &[CoverProblem]) -> Result<(), String> {
    let mut inputs = Vec::new();
    for p in chosen {
        inputs.push(CoverInput::new(p.load()?.problem()));
    }
    let solvers: Vec<CoverSolver> = ALL_SOLVERS
        .into_iter()
        .filter(|s| inputs.iter().all(|i| s.supports(i.problem().kind())))
        .collect();
    let mut cells = vec![vec![Cell::default(); solvers.len()]; chosen.len()];

    println!("## {title}: count all solutions (single thread)\n");
    println!("Verification run: every solution of every solver checked by the rules of its kind,");
    println!(
        "solution sets compared by fingerprint (peers capped at {:.0} s).",
        options.cap.as_secs_f64()
    );
    for ((p, input), row) in chosen.iter().zip(&inputs).zip(&mut cells) {
        let mut reference = None;
        for (solver, cell) in solvers.iter().zip(row.iter_mut()) {
            let (fingerprint, elapsed) = time(|| verify_all(*solver, p, input, options.cap));
            let fingerprint = fingerprint?;
            let Some((fingerprint, size)) = fingerprint else {
                println!(
                    "  {:<18} {:<18} stopped at the {:.0} s cap",
                    p.name,
                    solver.name(),
                    options.cap.as_secs_f64()
                );
                cell.capped = true;
                continue;
            };
            let size = size.map_or_else(
                || "nodes and updates not reported".to_owned(),
                |s| format!("{} nodes, {} updates", s.nodes, s.updates),
            );
            println!(
                "  {:<18} {:<18} {} solutions, all checked; {size} ({:.2} s)",
                p.name,
                solver.name(),
                fingerprint.solutions,
                elapsed.as_secs_f64()
            );
            match reference {
                None => reference = Some((solver.name(), fingerprint)),
                Some((name, expected)) if expected != fingerprint => {
                    return Err(format!(
                        "{}: {} and {name} report different solution sets",
                        p.name,
                        solver.name()
                    ));
                }
                Some(_) => {}
            }
        }
    }

    for round in 0..options.rounds {
        eprint!("\rtimed round {}/{}", round + 1, options.rounds);
        for ((p, input), row) in chosen.iter().zip(&inputs).zip(&mut cells) {
            // Rotate the order each round so no solver always runs first.
            for k in 0..solvers.len() {
                let s = (k + round) % solvers.len();
                let cell = &mut row[s];
                if cell.capped {
                    continue;
                }
                let solver = solvers[s];
                let (count, elapsed) = time(|| solver.count(input, None));
                let count = count.map_err(|_| "no deadline was set".to_owned())?;
                if count != p.solutions {
                    return Err(format!(
                        "{}: {} counted {count} solutions, not {}",
                        p.name,
                        solver.name(),
                        p.solutions
                    ));
                }
                cell.samples.push(elapsed);
            }
        }
    }
    eprintln!();

    let ours: Vec<usize> = (0..solvers.len())
        .filter(|&k| solvers[k].is_ours())
        .collect();
    let peers: Vec<usize> = (0..solvers.len())
        .filter(|&k| !solvers[k].is_ours())
        .collect();
    println!(
        "\nMedian of {} interleaved round(s), seconds per count; ratio = peer time / our time.\n",
        options.rounds,
    );
    print!("| problem | solutions |");
    for solver in &solvers {
        print!(" {} |", solver.name());
    }
    for &peer in &peers {
        for &our in &ours {
            print!(" {} / {} |", solvers[peer].name(), solvers[our].name());
        }
    }
    println!();
    println!(
        "|---|---:|{}",
        "---:|".repeat(solvers.len() + peers.len() * ours.len())
    );
    for (p, row) in chosen.iter().zip(&cells) {
        let medians: Vec<Option<Duration>> = row.iter().map(|c| median(&c.samples)).collect();
        print!("| {} | {} |", p.name, p.solutions);
        for (m, cell) in medians.iter().zip(row) {
            match m {
                Some(m) => print!(" {:.3} |", m.as_secs_f64()),
                None if cell.capped => print!(" > {:.0} (cap) |", options.cap.as_secs_f64()),
                None => print!(" - |"),
            }
        }
        for &peer in &peers {
            for &our in &ours {
                match (medians[peer], medians[our]) {
                    (Some(peer), Some(ours)) => {
                        print!(" {:.2}x |", peer.as_secs_f64() / ours.as_secs_f64())
                    }
                    _ => print!(" - |"),
                }
            }
        }
        println!();
    }
    println!();
    Ok(())
}

/// The parallel counts against the plain search: pentominoes and the 15
/// queens (left out by `--quick`) and a Sudoku puzzle with many solutions,
/// 1 and 2 threads.
fn compare_threads(options: &Options) -> Result<(), String> {
    use benches::scaling::{Scaling, Setting};
    let chosen: Vec<CoverProblem> = [problems::PENTOMINOES, problems::QUEENS_15]
        .into_iter()
        .filter(|_| !options.quick)
        .chain(options.quick.then_some(problems::LANGFORD))
        .collect();
    println!("## Exact cover on threads: count all solutions\n");
    println!(
        "Median of {} interleaved round(s), seconds per count; every count checked against the",
        options.rounds
    );
    println!("published one, and its statistics against the plain search's.\n");
    print!("| problem | solutions |");
    for setting in Setting::ALL {
        print!(" {} |", setting.name());
    }
    println!(" 1 thread / plain | speedup, 2 threads / 1 |");
    println!("|---|---:|{}", "---:|".repeat(Setting::ALL.len() + 2));
    let measured = chosen
        .into_iter()
        .map(|problem| {
            eprint!("\rthreads: {}", problem.name);
            Scaling::measure(problem, options.rounds)
        })
        .chain(std::iter::once_with(|| {
            eprint!("\rthreads: sudoku");
            Scaling::measure_sudoku(options.rounds)
        }));
    for scaling in measured {
        let scaling = scaling?;
        print!("| {} | {} |", scaling.name, scaling.solutions);
        for &m in &scaling.medians {
            print!(" {:.3} |", m.as_secs_f64());
        }
        let plain = scaling.median(Setting::Plain).as_secs_f64();
        let one = scaling.median(Setting::Threads(1)).as_secs_f64();
        let two = scaling.median(Setting::Threads(2)).as_secs_f64();
        println!(" {:.3} | {:.2}x |", one / plain, one / two);
    }
    eprintln!();
    println!();
    Ok(())
}

/// Enumerates every solution of `input` with `solver`, checking each by the
/// rules of its kind and the count against the known one. `Ok(None)` if the cap stopped it.
fn verify_all(
    solver: CoverSolver,
    p: &CoverProblem,
    input: &CoverInput,
    cap: Duration,
) -> Result<Option<(Fingerprint, Option<SearchSize>)>, String> {
    let deadline = (!solver.is_ours()).then(|| Instant::now() + cap);
    let mut fingerprint = Fingerprint::default();
    let mut scratch = Vec::new();
    let mut defect = None;
    let run = solver.visit(input, deadline, |options| {
        if let Err(e) = check_solution(input.problem(), options) {
            defect = Some(format!(
                "{}: {} reported a non-solution {options:?}: {e}",
                p.name,
                solver.name()
            ));
            return ControlFlow::Break(());
        }
        fingerprint.add(options, &mut scratch);
        ControlFlow::Continue(())
    });
    if let Some(defect) = defect {
        return Err(defect);
    }
    let Ok(size) = run else {
        return Ok(None);
    };
    if fingerprint.solutions != p.solutions {
        return Err(format!(
            "{}: {} found {} solutions, not {}",
            p.name,
            solver.name(),
            fingerprint.solutions,
            p.solutions
        ));
    }
    Ok(Some((fingerprint, size)))
}

/// The Sudoku solvers compared, ours first.
const SUDOKU_SOLVERS: [SudokuSolverKind; 6] = [
    SudokuSolverKind::SudokuDlx,
    SudokuSolverKind::SudokuDlxLinks,
    SudokuSolverKind::Engine,
    SudokuSolverKind::SudokuCrate,
    SudokuSolverKind::KnuthDlx,
    SudokuSolverKind::DlxRs,
];

fn compare_sudoku(options: &Options) -> Result<(), String> {
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
        "\nMedian of {} interleaved round(s): µs per puzzle (puzzles per second); ratio = other time / {} time.\n",
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
        for m in &medians[1..] {
            print!(" {:.2}x |", m / medians[0]);
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
