//! `sudoku-dlx cover --zdd`, `--sample N`, `--count --method zdd` (and
//! `--count`'s automatic method, while the memo pays),
//! `--generating-function`, `--min-weight` and `--from-zdd ZDD`: the ZDD of
//! all solutions (`dlx_engine::Zdd`, Knuth's DLX6), built by a search or
//! read back from Knuth's ZDDREAD text, then written, sampled uniformly,
//! counted exactly, counted by size, minimized or listed.

use std::convert::Infallible;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use dlx_engine::{
    DlxError, End, MemoMustPay, NamedProblem, Natural, OptionId, Progress, Zdd, ZddBuild, ZddLimits,
};

use crate::args::CoverArgs;
use crate::input::{Input, TextError};
use crate::interrupt;
use crate::report::Status;

/// Whether `args` ask for the ZDD path.
pub(crate) fn wanted(args: &CoverArgs) -> bool {
    args.zdd
        || args.sample.is_some()
        || args.generating_function
        || args.min_weight
        || args.from_zdd.is_some()
        || (args.count && args.method == crate::args::CoverMethod::Zdd)
}

/// The problem a ZDD is built from or read against.
pub(crate) struct Problem<'p> {
    pub(crate) named: &'p NamedProblem,
    /// Its name in messages.
    pub(crate) name: &'p str,
    /// Its options' costs, read when `--min-weight` asks for them.
    pub(crate) costs: Option<&'p Costs>,
}

/// Option costs in Knuth's DLX5 format: entries `|N` (a whole number) in an
/// option line, summed; an option without one costs 0.
#[derive(Clone, Debug, Default)]
pub(crate) struct Costs {
    /// Each option line's number and cost, in file order.
    lines: Vec<(usize, i64)>,
}

impl Costs {
    /// Takes the `|N` entries out of the option lines of `text` (each
    /// replaced by spaces, so the parser's columns stay those of the file)
    /// and keeps each option line's sum. Lines are told apart as the
    /// parser does: blank lines and lines starting with `|` are comments,
    /// the first other line names the items.
    ///
    /// # Errors
    ///
    /// `LINE:COLUMN: reason` for an entry that is not `|` and a whole
    /// number, or an option whose costs sum past 2^63.
    pub(crate) fn take_from(&mut self, text: &mut String) -> Result<(), String> {
        let mut out = String::with_capacity(text.len());
        let mut item_line_seen = false;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                out.push_str(line);
                out.push('\n');
                continue;
            }
            if !item_line_seen {
                item_line_seen = true;
                out.push_str(line);
                out.push('\n');
                continue;
            }
            let mut cost: i64 = 0;
            let mut column = 0;
            let mut chars = line.char_indices().peekable();
            while let Some((start, c)) = chars.next() {
                column += 1;
                if c.is_whitespace() {
                    out.push(c);
                    continue;
                }
                let start_column = column;
                let mut end = start + c.len_utf8();
                while let Some(&(at, next)) = chars.peek() {
                    if next.is_whitespace() {
                        break;
                    }
                    column += 1;
                    end = at + next.len_utf8();
                    chars.next();
                }
                let token = &line[start..end];
                let Some(digits) = token.strip_prefix('|') else {
                    out.push_str(token);
                    continue;
                };
                let value = digits
                    .parse::<u64>()
                    .ok()
                    .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        format!(
                            "{number}:{start_column}: `{token}` is not a cost; a cost is `|` \
                             and a whole number, as `|7` (Knuth's DLX5)"
                        )
                    })?;
                cost = i64::try_from(value)
                    .ok()
                    .and_then(|value| cost.checked_add(value))
                    .ok_or_else(|| {
                        format!("{number}:{start_column}: the option's costs sum past 2^63")
                    })?;
                out.extend(std::iter::repeat_n(' ', token.len()));
            }
            out.push('\n');
            self.lines.push((number, cost));
        }
        *text = out;
        Ok(())
    }

    /// Drops the lines the parser skipped (options with no primary item),
    /// so that the costs line up with the problem's options.
    pub(crate) fn skip_lines(&mut self, skipped: &[usize]) {
        self.lines
            .retain(|(line, _)| skipped.binary_search(line).is_err());
    }

    /// Each option's cost, in option order.
    fn weights(&self) -> Vec<i64> {
        self.lines.iter().map(|&(_, cost)| cost).collect()
    }
}

/// Gets the ZDD, by building it from `problem` within `--max-memory` and
/// `--max-nodes` (ZDD nodes here) or by reading `--from-zdd`, then writes
/// it (`--zdd`), draws `--sample N` solutions from `--seed`, prints the
/// generating function, a minimum-cost solution, the exact count, or (read
/// back) its solutions. [`Status::Failure`] when there is no solution or a
/// limit stopped the build (said on stderr with what it found, which
/// `--count` writes as `N+`: [`say_found`]), [`Status::Error`] when the
/// ZDD file cannot be read; Ctrl-C stops the build, says how far it got
/// and what it found ([`interrupted`]), and ends the process with
/// [`interrupt::EXIT_STATUS`].
pub(crate) fn run(
    problem: Option<Problem<'_>>,
    args: &CoverArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let built = match &args.from_zdd {
        Some(path) => read(path, problem.as_ref())?.map(|zdd| (zdd, None)),
        None => {
            let problem = problem
                .as_ref()
                .expect("cover reads the problem unless --from-zdd is given");
            build(problem, args, &mut *out)?.map(|(zdd, count)| (zdd, Some(count)))
        }
    };
    let (zdd, count) = match built {
        Ok(built) => built,
        Err(status) => return Ok(status),
    };
    let named = problem.as_ref().map(|p| p.named);
    let solution_text = |solution: &[OptionId], text: &mut String| {
        text.clear();
        match named {
            Some(named) => {
                for &option in solution {
                    text.push_str(&named.option_text(option));
                    text.push('\n');
                }
                text.push('\n');
            }
            None => {
                // Without the problem: the options' numbers, as in the file.
                let numbers: Vec<String> = solution
                    .iter()
                    .map(|o| (o.index() + 1).to_string())
                    .collect();
                text.push_str(&numbers.join(" "));
                text.push('\n');
            }
        }
    };
    // Counted once: at 20x20 dominoes a count is a pass over 44 million
    // nodes and a gigabyte of fresh memory.
    let count = count.unwrap_or_else(|| zdd.count_exact());
    let mut text = String::new();
    if args.zdd {
        write!(out, "{}", zdd.text())?;
    } else if let Some(n) = args.sample {
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        for solution in zdd.samples(args.seed.unwrap_or(0)).take(n) {
            solution_text(&solution, &mut text);
            out.write_all(text.as_bytes())?;
        }
    } else if args.generating_function {
        for (size, solutions) in zdd.generating_function().iter().enumerate() {
            if !solutions.is_zero() {
                writeln!(out, "{size} {solutions}")?;
            }
        }
    } else if args.min_weight {
        let Some(costs) = problem.as_ref().and_then(|p| p.costs) else {
            eprintln!(
                "--min-weight takes the options' costs from the problem: give its FILE with \
                 --from-zdd"
            );
            return Ok(Status::Error);
        };
        if let Some((cost, solution)) = zdd.min_weight(&costs.weights()) {
            solution_text(&solution, &mut text);
            out.write_all(text.as_bytes())?;
            out.flush()?;
            eprintln!("Minimum cost {cost}.");
        }
    } else if args.count {
        writeln!(out, "{count}")?;
    } else {
        let limit = args
            .limit
            .map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
        for solution in zdd.solutions().take(limit) {
            solution_text(&solution, &mut text);
            out.write_all(text.as_bytes())?;
        }
    }
    out.flush()?;
    if args.stats && args.from_zdd.is_some() {
        eprintln!(
            "Altogether {count} solutions, {} ZDD nodes over {} options (read).",
            zdd.node_count(),
            zdd.option_count()
        );
    }
    Ok(if count.is_zero() {
        Status::Failure
    } else {
        Status::Success
    })
}

/// Reads `--from-zdd`'s file against `problem`'s options (or alone);
/// [`Status::Error`] after saying where and why it cannot be read.
fn read(
    path: &std::path::Path,
    problem: Option<&Problem<'_>>,
) -> anyhow::Result<Result<Zdd, Status>> {
    let input = Input::open(path)?;
    let name = input.name().to_owned();
    let text = match input.read_text() {
        Ok(text) => text,
        Err(TextError::NotUtf8 { line, column, byte }) => {
            eprintln!("{name}:{line}:{column}: byte 0x{byte:02X} is not UTF-8 text");
            return Ok(Err(Status::Error));
        }
        Err(TextError::Io(error)) => {
            return Err(anyhow::Error::new(error).context(format!("{name}: cannot read")));
        }
    };
    let zdd = match problem {
        Some(problem) => Zdd::read(&text, problem.named.problem().option_count()),
        None => Zdd::read_alone(&text),
    };
    match zdd {
        Ok(zdd) => Ok(Ok(zdd)),
        Err(DlxError::Parse { line, column, kind }) => {
            let of = problem.map_or(String::new(), |p| format!(" (the options of {})", p.name));
            eprintln!("{name}:{line}:{column}: {kind}{of}");
            Ok(Err(Status::Error))
        }
        Err(error) => {
            eprintln!("{name}: {error}");
            Ok(Err(Status::Error))
        }
    }
}

/// Whether `--count` takes the automatic path ([`count_auto`]): `--method
/// auto` without the flags only the search knows (`--limit`, `--seed`,
/// `--prune`, the search's budgets, jobs).
pub(crate) fn auto_wanted(args: &CoverArgs) -> bool {
    args.count
        && args.method == crate::args::CoverMethod::Auto
        && args.limit.is_none()
        && args.seed.is_none()
        && !args.prune
        && args.max_nodes.is_none()
        && args.max_updates.is_none()
        && args.job.is_none()
}

/// The nodes of the automatic count's first look by the search
/// ([`small_for_the_search`]).
pub(crate) const FIRST_LOOK: u64 = 4096;

/// The size of tree (in nodes, by Knuth's estimate after the first look)
/// up to which the search counts on from its first look rather than let
/// the ZDD try: its warm-up (4,096 states, about 20 M instructions) is
/// more than a fifth of such a search, and a tree that small is counted
/// in a fraction of a second on one thread
/// (docs/decisions/zdd-auto-count.md).
pub(crate) const SMALL_TREE: u64 = 1 << 18;

/// How far the search counts on from its first look on the estimate of
/// a small tree: the estimate can be wrong, and past this the look gives
/// way to the ZDD (then to the search on threads) after all.
pub(crate) const LOOK_AT_MOST: u64 = 2 * SMALL_TREE;

/// The search that counts `problem` in its first look, if it does, with
/// its count and why the automatic count leaves the ZDD out (for
/// `--stats`). The look counts [`FIRST_LOOK`] nodes; a problem that small
/// (8 queens, most small files) costs the search less than the ZDD's
/// start (4.7 M instructions for 8 queens' 956 states against its 1,049
/// nodes' count). If the tree is not done by then but Knuth's estimate
/// from the look puts it within [`SMALL_TREE`] nodes (10 queens: 16,448),
/// the look counts on from where it is (`Dlx::counting`), up to
/// [`LOOK_AT_MOST`] nodes. A larger one pays the look once before the ZDD
/// starts.
pub(crate) fn small_for_the_search(
    problem: &dlx_engine::Problem,
) -> Option<(dlx_engine::Dlx, dlx_engine::Count, String)> {
    let mut look = dlx_engine::Dlx::new(problem);
    let mut counting = look.counting(None);
    let (count, why) = match counting.run_within(FIRST_LOOK) {
        Some(count) => {
            let why = format!("the search counts it within a first look of {FIRST_LOOK} nodes");
            (count, why)
        }
        None => {
            let nodes = counting.stats().nodes;
            #[allow(clippy::cast_precision_loss)]
            let (estimate, small) = (nodes as f64 / counting.progress(), SMALL_TREE as f64);
            if estimate.is_nan() || estimate > small {
                return None;
            }
            let count = count_on_watched(&mut counting, LOOK_AT_MOST - nodes)?;
            let why = format!(
                "the search's first look of {FIRST_LOOK} nodes estimated {estimate:.0} nodes, \
                 within {SMALL_TREE}, and counted on"
            );
            (count, why)
        }
    };
    drop(counting);
    // Stopped: the caller reports what the look found, as an interrupted
    // search.
    matches!(count.end, End::Exhausted | End::Stopped).then_some((look, count, why))
}

/// Nodes the look counts on between two looks at Ctrl-C: a few
/// milliseconds.
const LOOK_PIECE: u64 = 1 << 16;

/// Counts on within `nodes` in pieces of [`LOOK_PIECE`] with Ctrl-C
/// watched, as every longer search of `cover` is; `None` if the nodes ran
/// out first, a count that ended [`End::Stopped`] if a signal came. (The
/// first look's 4,096 nodes are not watched: installing the handler would
/// cost more than they do.)
fn count_on_watched(
    counting: &mut dlx_engine::Counting<'_>,
    nodes: u64,
) -> Option<dlx_engine::Count> {
    let stop = Arc::new(Progress::new());
    let _watch = interrupt::Watch::begin(&stop);
    let end = counting.stats().nodes.saturating_add(nodes);
    loop {
        let left = end.saturating_sub(counting.stats().nodes);
        if left == 0 {
            return None;
        }
        if let Some(count) = counting.run_within(left.min(LOOK_PIECE)) {
            return Some(count);
        }
        if stop.is_stopped() {
            return Some(dlx_engine::Count {
                solutions: counting.stats().solutions,
                end: End::Stopped,
            });
        }
    }
}

/// `cover --count` by the automatic method: builds the ZDD of `problem`
/// until its memo does not pay ([`MemoMustPay::AUTO`]) or `--max-memory`
/// is reached, and prints its count if it got to the end. `Ok(Err(why))`
/// when it gave up: the caller counts by the search, and says `why` with
/// `--stats`. A Ctrl-C ends the process here, with what the build found
/// ([`interrupted`]); one that comes as the build gives up too, since the
/// search would not see it.
pub(crate) fn count_auto(
    problem: &Problem<'_>,
    args: &CoverArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Result<Status, String>> {
    let limits = ZddLimits {
        max_bytes: args.max_memory,
        max_nodes: None,
        memo_must_pay: Some(MemoMustPay::AUTO),
    };
    let (mut build, elapsed) = run_build(problem, limits);
    let stats = build.stats;
    #[allow(clippy::cast_precision_loss)]
    let saving = stats.plain_states as f64 / stats.states.max(1) as f64;
    // On tilings the saving has twenty digits: a power of ten says it.
    let saving = if saving < 1e6 {
        format!("{saving:.2}")
    } else {
        format!("{saving:.1e}")
    };
    let Some(zdd) = build.zdd.take() else {
        if build.end == End::Stopped || interrupt::requested() {
            let found = found_so_far(&build);
            report(args, &build, &format!("{found}+"), elapsed, "");
            match interrupted(problem.name, &build, &found, Some(out))? {}
        }
        let why = if build.gave_up {
            format!(
                "the ZDD gave up after {} states: the memo saved {saving}x, under {}x",
                stats.states,
                MemoMustPay::AUTO.min_saving
            )
        } else if build.too_deep {
            format!(
                "the ZDD's search went {} options deep, more than its stack allows",
                stats.depth
            )
        } else {
            format!(
                "the ZDD outgrew --max-memory after {} states ({} bytes)",
                stats.states, stats.bytes
            )
        };
        return Ok(Err(why));
    };
    let count = zdd.count_exact();
    writeln!(out, "{count}")?;
    out.flush()?;
    report(
        args,
        &build,
        &count.to_string(),
        elapsed,
        &format!("; the memo saved {saving}x, so the ZDD counted (--method auto)"),
    );
    Ok(Ok(if count.is_zero() {
        Status::Failure
    } else {
        Status::Success
    }))
}

/// Builds the ZDD of `problem` within `limits`, Ctrl-C stopping the build
/// (`interrupt::Watch`) rather than the process; how long it took.
fn run_build(problem: &Problem<'_>, limits: ZddLimits) -> (ZddBuild, std::time::Duration) {
    let start = Instant::now();
    let stop = Arc::new(Progress::new());
    let build = {
        let _watch = interrupt::Watch::begin(&stop);
        Zdd::build_until(problem.named.problem(), limits, &stop)
    };
    (build, start.elapsed())
}

/// With `--stats`: what the build did, on stderr, `solutions` its count
/// (`N+` when it ended early: what it found, [`found_so_far`]), noting an
/// interrupt or the limit that stopped it, and `why` appended to the line
/// that names the path.
fn report(
    args: &CoverArgs,
    build: &ZddBuild,
    solutions: &str,
    elapsed: std::time::Duration,
    why: &str,
) {
    if !args.stats {
        return;
    }
    let stats = build.stats;
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
        elapsed.as_secs_f64(),
        match build.end {
            End::Stopped => " (interrupted)".to_owned(),
            End::BudgetExhausted => format!(" (stopped by {})", limit_reached(args, build)),
            _ => String::new(),
        }
    );
    eprintln!("Search: ZDD (a memo of open states, Knuth's DLX6){why}.");
}

/// The limit that stopped `build` ([`End::BudgetExhausted`]), as the
/// user gave it: `--max-memory N bytes`, `--max-nodes N ZDD nodes`, or
/// `its stack` when the search went deeper than its stack allows.
fn limit_reached(args: &CoverArgs, build: &ZddBuild) -> String {
    match (args.max_memory, args.max_nodes) {
        _ if build.too_deep => "its stack".to_owned(),
        (Some(bytes), _) if build.stats.bytes > bytes => format!("--max-memory {bytes} bytes"),
        _ => format!("--max-nodes {} ZDD nodes", args.max_nodes.unwrap_or(0)),
    }
}

/// What a stopped build found: the solutions in the subtrees it finished
/// ([`ZddBuild::partial`]), a lower bound on the count. Counting them
/// costs what counting a finished ZDD of as many nodes would.
fn found_so_far(build: &ZddBuild) -> Natural {
    build
        .partial
        .as_ref()
        .map_or_else(|| Natural::from(0), Zdd::count_exact)
}

/// Says how far an interrupted build got and what it found (`found`, a
/// lower bound), and ends the process with [`interrupt::EXIT_STATUS`],
/// as the search does (see [`say_found`]). `Err` only when writing fails.
fn interrupted(
    name: &str,
    build: &ZddBuild,
    found: &Natural,
    count_to: Option<&mut dyn Write>,
) -> anyhow::Result<Infallible> {
    let stats = build.stats;
    let why = format!(
        "interrupted after {} states ({} ZDD nodes, {} bytes)",
        stats.states, stats.zdd_nodes, stats.bytes
    );
    say_found(name, &why, found, count_to, "")?;
    interrupt::exit();
}

/// Says what a build that ended early found (`found`, a lower bound):
/// `count_to` (`--count`) gets it as `N+`, as a search that stops early
/// writes its count; anything else writes nothing, since only the whole
/// ZDD can be written, sampled uniformly or listed. stderr says `NAME:
/// WHY; N solutions found so far, there may be more`, then that nothing
/// was written where nothing was, then `advice`. `Err` only when writing
/// fails.
fn say_found(
    name: &str,
    why: &str,
    found: &Natural,
    count_to: Option<&mut dyn Write>,
    advice: &str,
) -> anyhow::Result<()> {
    let written = match count_to {
        Some(out) => {
            writeln!(out, "{found}+")?;
            out.flush()?;
            ""
        }
        None => "; the ZDD was not finished, so nothing was written",
    };
    let plural = if *found == Natural::from(1) { "" } else { "s" };
    eprintln!(
        "{name}: {why}; {found} solution{plural} found so far, there may be more{written}{advice}"
    );
    Ok(())
}

/// Builds the ZDD of `problem` within the limits, with its count;
/// [`Status::Failure`] after saying on stderr what stopped it and what it
/// found ([`say_found`]: `--count` writes that lower bound to `out` as
/// `N+`). A Ctrl-C ends the process here ([`interrupted`]).
fn build(
    problem: &Problem<'_>,
    args: &CoverArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Result<(Zdd, Natural), Status>> {
    let name = problem.name;
    let limits = ZddLimits {
        max_bytes: args.max_memory,
        max_nodes: args.max_nodes,
        memo_must_pay: None,
    };
    let (mut build, elapsed) = run_build(problem, limits);
    let stats = build.stats;
    let Some(zdd) = build.zdd.take() else {
        let found = found_so_far(&build);
        report(args, &build, &format!("{found}+"), elapsed, "");
        let count_to = args.count.then_some(out);
        if build.end == End::Stopped {
            match interrupted(name, &build, &found, count_to)? {}
        }
        debug_assert_eq!(build.end, End::BudgetExhausted);
        let limit = limit_reached(args, &build);
        let (why, advice) = if build.too_deep {
            (
                format!(
                    "the search went {} options deep after {} states, more than {limit} \
                     allows ({} bytes)",
                    stats.depth, stats.states, stats.stack_bytes
                ),
                "; count by the search (--method search)",
            )
        } else {
            (
                format!(
                    "the ZDD outgrew {limit} after {} states ({} ZDD nodes, {} bytes)",
                    stats.states, stats.zdd_nodes, stats.bytes
                ),
                "; give a larger limit, or count by the search (--method search), whose memory \
                 does not grow",
            )
        };
        say_found(name, &why, &found, count_to, advice)?;
        return Ok(Err(Status::Failure));
    };
    let count = zdd.count_exact();
    report(args, &build, &count.to_string(), elapsed, "");
    Ok(Ok((zdd, count)))
}
