//! The engines side by side: exact cover, colors and multiplicities (every
//! solution checked by the rules of its kind, every count against the known
//! one), and the engine's parallel count on threads.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use benches::cover_check::{Fingerprint, check_solution};
use benches::cover_solvers::{ALL_SOLVERS, CoverInput, CoverSolver, SearchSize};
use benches::problems::{self, CoverProblem};
use benches::timing::{median, median_ratio, time};

use crate::Options;

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
pub(crate) fn compare_engines(
    options: &Options,
    title: &str,
    chosen: &[CoverProblem],
) -> Result<(), String> {
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
        "\nMedian of {} interleaved round(s), seconds per count; ratio = the median over the rounds of peer time / our time.\n",
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
                match median_ratio(&row[peer].samples, &row[our].samples) {
                    Some(ratio) => print!(" {ratio:.2}x |"),
                    None => print!(" - |"),
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
pub(crate) fn compare_threads(options: &Options) -> Result<(), String> {
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
