//! `sudoku-dlx cover --zdd`, `--sample N` and `--count --method zdd`: the
//! ZDD of all solutions (`dlx_engine::Zdd`, Knuth's DLX6), written in
//! Knuth's ZDDREAD text, sampled uniformly, or counted exactly.

use std::io::Write;
use std::time::Instant;

use std::sync::Arc;

use dlx_engine::{End, NamedProblem, Progress, Zdd, ZddLimits};

use crate::args::CoverArgs;
use crate::interrupt;
use crate::report::Status;

/// Whether `args` ask for the ZDD path.
pub(crate) fn wanted(args: &CoverArgs) -> bool {
    args.zdd
        || args.sample.is_some()
        || (args.count && args.method == crate::args::CoverMethod::Zdd)
}

/// Builds the ZDD of `named` within `--max-memory` and `--max-nodes` (ZDD
/// nodes here), then writes it (`--zdd`), draws `--sample N` solutions
/// from `--seed`, or prints the exact count. [`Status::Failure`] when
/// there is no solution or a limit stopped the build (said on stderr);
/// Ctrl-C stops the build, says how far it got, and ends the process with
/// [`interrupt::EXIT_STATUS`].
pub(crate) fn run(
    named: &NamedProblem,
    args: &CoverArgs,
    name: &str,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let start = Instant::now();
    let limits = ZddLimits {
        max_bytes: args.max_memory,
        max_nodes: args.max_nodes,
    };
    // Ctrl-C stops the build (`interrupt::Watch`) rather than the process.
    let stop = Arc::new(Progress::new());
    let build = {
        let _watch = interrupt::Watch::begin(&stop);
        Zdd::build_until(named.problem(), limits, &stop)
    };
    let stats = build.stats;
    let report = |solutions: &str| {
        if args.stats {
            eprintln!(
                "Altogether {solutions} solutions, {} ZDD nodes, {} states, {} memo hits, \
                 {} signatures of {} words, {} bytes, depth {} ({} stack bytes), {:.3} s{}.",
                stats.zdd_nodes,
                stats.states,
                stats.memo_hits,
                stats.memo_entries,
                stats.signature_words,
                stats.bytes,
                stats.depth,
                stats.stack_bytes,
                start.elapsed().as_secs_f64(),
                if build.end == End::Stopped {
                    " (interrupted)"
                } else {
                    ""
                }
            );
            eprintln!("Search: ZDD (a memo of open states, Knuth's DLX6).");
        }
    };
    let Some(zdd) = build.zdd else {
        report("?");
        if build.end == End::Stopped {
            // Nothing is written: a part of a ZDD counts nothing.
            eprintln!(
                "{name}: interrupted after {} states ({} ZDD nodes, {} bytes); the ZDD was not \
                 finished, so nothing was written",
                stats.states, stats.zdd_nodes, stats.bytes
            );
            interrupt::exit();
        }
        if build.too_deep {
            eprintln!(
                "{name}: the search went {} options deep, more than its stack allows ({} bytes); \
                 count by the search (--method search)",
                stats.depth, stats.stack_bytes
            );
            return Ok(Status::Failure);
        }
        let which = match (args.max_memory, args.max_nodes) {
            (Some(bytes), _) if stats.bytes > bytes => format!("--max-memory {bytes} bytes"),
            _ => format!("--max-nodes {} ZDD nodes", args.max_nodes.unwrap_or(0)),
        };
        debug_assert_eq!(build.end, End::BudgetExhausted);
        eprintln!(
            "{name}: the ZDD outgrew {which} after {} states ({} nodes, {} bytes); give a \
             larger limit, or count by the search (--method search), whose memory does not grow",
            stats.states, stats.zdd_nodes, stats.bytes
        );
        return Ok(Status::Failure);
    };
    let count = zdd.count_exact();
    if args.zdd {
        write!(out, "{}", zdd.text())?;
    } else if let Some(n) = args.sample {
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        let mut text = String::new();
        for solution in zdd.samples(args.seed.unwrap_or(0)).take(n) {
            text.clear();
            for option in solution {
                text.push_str(&named.option_text(option));
                text.push('\n');
            }
            text.push('\n');
            out.write_all(text.as_bytes())?;
        }
    } else {
        writeln!(out, "{count}")?;
    }
    out.flush()?;
    report(&count.to_string());
    Ok(if count.is_zero() {
        Status::Failure
    } else {
        Status::Success
    })
}
