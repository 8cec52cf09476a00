//! The exact-cover solvers compared, behind one interface, all fed the same
//! problem: the same items in the same order and the same options in the same
//! order, so that they report solutions in one option numbering.
//!
//! Plain exact cover: all use Knuth's MRV heuristic with ties to the leftmost
//! item and try options top down, so they walk the same search tree; they
//! differ only in how fast they walk it. Colors (XCC): ours and the `dlx`
//! crate's Algorithm C (module `c`), the same heuristic. Multiplicities
//! (MCC): ours and the `dlx` crate's Algorithm M (module `m`, or `mc` when
//! the problem also has colors) with its Knuth tie-break, which is DLX3's
//! branching rule as ours is. `dlx-rs` has neither colors nor bounds.

use std::ops::ControlFlow;
use std::time::Instant;

use dlx_engine::{ItemId, Kind, Problem};

/// One of the exact-cover solvers under comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverSolver {
    /// This project's engine (`dlx-engine`, lib `dlx`).
    Ours,
    /// This project's engine on the problem without its blocked options
    /// ([`Problem::prune`]); the pruning is part of the time.
    OursPruned,
    /// The `dlx` crate 0.8, a port of Knuth's programs: Algorithm X (module
    /// `x`, DLX1), C (`c`, DLX2) or M (`m` and `mc`, DLX3) by the problem's
    /// kind.
    KnuthDlx,
    /// The `dlx-rs` crate 1.3.
    DlxRs,
}

/// Every solver, ours first.
pub const ALL_SOLVERS: [CoverSolver; 4] = [
    CoverSolver::Ours,
    CoverSolver::OursPruned,
    CoverSolver::KnuthDlx,
    CoverSolver::DlxRs,
];

/// The size of a search as the solver reports it, where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSize {
    /// Search-tree nodes (levels entered).
    pub nodes: u64,
    /// Link removals ("updates"), each solver counting them its own way.
    pub updates: u64,
}

/// A search stopped by its deadline before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedOut {
    /// Solutions found before the deadline.
    pub solutions: u64,
}

/// A problem converted once, outside any timing, into each solver's input.
#[derive(Clone, Debug)]
pub struct CoverInput {
    problem: Problem,
    /// Options as 0-based item indices, primary items first.
    options: Vec<Vec<usize>>,
    /// The same options with each entry's color index, if it has one.
    colored: Vec<Vec<(usize, Option<usize>)>>,
    /// Each primary item's bounds, lower and upper.
    bounds: Vec<(u32, u32)>,
}

impl CoverInput {
    /// Prepares `problem` for every solver.
    #[must_use]
    pub fn new(problem: &Problem) -> Self {
        let options = problem
            .options()
            .map(|(_, items)| items.iter().map(|i| i.index()).collect())
            .collect();
        let colored = problem
            .options()
            .map(|(id, _)| {
                problem
                    .entries(id)
                    .map(|(i, c)| (i.index(), c.map(|c| c.index())))
                    .collect()
            })
            .collect();
        let bounds = (0..problem.primary_count())
            .filter_map(ItemId::new)
            .filter_map(|i| problem.bounds(i))
            .map(|b| (b.lower(), b.upper()))
            .collect();
        CoverInput {
            problem: problem.clone(),
            options,
            colored,
            bounds,
        }
    }

    /// The problem.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
}

impl CoverSolver {
    /// The name used in tables.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CoverSolver::Ours => "dlx-engine (ours)",
            CoverSolver::OursPruned => "dlx-engine pruned (ours)",
            CoverSolver::KnuthDlx => "dlx 0.8",
            CoverSolver::DlxRs => "dlx-rs 1.3",
        }
    }

    /// Whether this solver can solve problems of `kind` (`dlx-rs` knows
    /// neither colors nor bounds).
    #[must_use]
    pub fn supports(self, kind: Kind) -> bool {
        self != CoverSolver::DlxRs || kind == Kind::Exact
    }

    /// Whether this is one of this project's solvers.
    #[must_use]
    pub fn is_ours(self) -> bool {
        matches!(self, CoverSolver::Ours | CoverSolver::OursPruned)
    }

    /// Builds the solver from `input` and counts every solution with the
    /// solver's fastest counting interface: ours counts without reporting
    /// solutions, the `dlx` crate steps without formatting them, and
    /// `dlx-rs` can only iterate over solutions it allocates. A peer stops at
    /// `deadline` if one is given (checked between solutions only); ours
    /// always runs to the end.
    ///
    /// # Errors
    ///
    /// [`TimedOut`] if the deadline passed first.
    pub fn count(self, input: &CoverInput, deadline: Option<Instant>) -> Result<u64, TimedOut> {
        let past = |solutions| {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                Err(TimedOut { solutions })
            } else {
                Ok(())
            }
        };
        let mut solutions = 0;
        match self {
            CoverSolver::Ours => {
                let count = dlx_engine::Dlx::new(&input.problem).count(None);
                assert!(count.is_exact(), "an unlimited count must be exact");
                solutions = count.solutions;
            }
            CoverSolver::OursPruned => {
                let pruned = input.problem.prune();
                let count = dlx_engine::Dlx::new(pruned.problem()).count(None);
                assert!(count.is_exact(), "an unlimited count must be exact");
                solutions = count.solutions;
            }
            CoverSolver::KnuthDlx => {
                let (timed_out, _) = visit_knuth_dlx(input, false, &mut |_| {
                    solutions += 1;
                    match past(solutions) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(true),
                    }
                });
                if timed_out {
                    return Err(TimedOut { solutions });
                }
            }
            CoverSolver::DlxRs => {
                for _ in dlx_rs_solver(input) {
                    solutions += 1;
                    past(solutions)?;
                }
            }
        }
        Ok(solutions)
    }

    /// Builds the solver from `input` and calls `visit` with each solution's
    /// option indices (in the solver's own order) until it breaks or the
    /// search ends; stops at `deadline` if given. Returns the size of the
    /// search if the solver reports it (`dlx-rs` does not).
    ///
    /// # Errors
    ///
    /// [`TimedOut`] if the deadline passed first.
    pub fn visit<F>(
        self,
        input: &CoverInput,
        deadline: Option<Instant>,
        mut visit: F,
    ) -> Result<Option<SearchSize>, TimedOut>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let mut solutions = 0;
        let mut on_solution = |options: &[usize]| {
            solutions += 1;
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return ControlFlow::Break(true);
            }
            visit(options).map_break(|()| false)
        };
        let (timed_out, size) = match self {
            CoverSolver::Ours => visit_ours(input, false, &mut on_solution),
            CoverSolver::OursPruned => visit_ours(input, true, &mut on_solution),
            CoverSolver::KnuthDlx => visit_knuth_dlx(input, true, &mut on_solution),
            CoverSolver::DlxRs => (visit_dlx_rs(input, &mut on_solution), None),
        };
        if timed_out {
            Err(TimedOut { solutions })
        } else {
            Ok(size)
        }
    }
}

/// The visitor the adapters call: `Break(true)` means the deadline passed.
type Visitor<'a> = dyn FnMut(&[usize]) -> ControlFlow<bool> + 'a;

/// Our engine on `input`, or on `input` pruned; solutions are reported in
/// the original option numbering either way.
fn visit_ours(
    input: &CoverInput,
    prune: bool,
    visit: &mut Visitor<'_>,
) -> (bool, Option<SearchSize>) {
    let pruned = prune.then(|| input.problem.prune());
    let mut solver = dlx_engine::Dlx::new(pruned.as_ref().map_or(&input.problem, |p| p.problem()));
    let mut indices = Vec::new();
    let mut timed_out = false;
    solver.for_each_solution(|solution| {
        let options = solution.options();
        indices.clear();
        indices.extend(options.iter().map(|&o| match &pruned {
            Some(pruned) => pruned.original(o).index(),
            None => o.index(),
        }));
        visit(&indices).map_break(|t| timed_out = t)
    });
    let stats = solver.stats();
    let size = SearchSize {
        nodes: stats.nodes,
        updates: stats.updates,
    };
    (timed_out, Some(size))
}

/// `input`'s options for the `dlx` crate (`Uint` is u64 without its
/// `32-bit` feature).
fn knuth_dlx_options(input: &CoverInput) -> Vec<Vec<knuth_dlx::Uint>> {
    input
        .options
        .iter()
        .map(|o| o.iter().map(|&i| knuth_dlx::Uint(i)).collect())
        .collect()
}

/// `input`'s options with colors for the `dlx` crate, whose color 0 means
/// none.
fn knuth_dlx_colored_options(input: &CoverInput) -> Vec<Vec<(knuth_dlx::Uint, knuth_dlx::Int)>> {
    input
        .colored
        .iter()
        .map(|o| {
            o.iter()
                .map(|&(i, c)| (knuth_dlx::Uint(i), c.map_or(0, |c| knuth_dlx::Int(c + 1))))
                .collect()
        })
        .collect()
}

/// `input`'s primary items with their bounds, for the `dlx` crate's `m`.
fn knuth_dlx_bounded_items(input: &CoverInput) -> knuth_dlx::m::INodes {
    let bounds = input
        .bounds
        .iter()
        .map(|&(u, v)| (knuth_dlx::Int(u), knuth_dlx::Int(v)));
    knuth_dlx::m::INodes::new(bounds, knuth_dlx::Uint(input.problem.secondary_count()))
}

/// Runs the `dlx` crate on `input` with the module for its kind; `visit`
/// gets each solution's option indices if `report`, an empty slice if not
/// (so counting does not pay for `fmt_solution`). Returns whether `visit`
/// said the deadline passed, and the size of the search.
fn visit_knuth_dlx(
    input: &CoverInput,
    report: bool,
    visit: &mut Visitor<'_>,
) -> (bool, Option<SearchSize>) {
    use knuth_dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
    use knuth_dlx::{OptOrder, Uint, c, m, mc, x};
    let p = &input.problem;
    let (np, ns) = (Uint(p.primary_count()), Uint(p.secondary_count()));
    let has_colors = input.colored.iter().flatten().any(|(_, c)| c.is_some());
    // Ties to the leftmost item, like ours; under bounds, the Knuth
    // tie-break (DLX3's rule, which ours follows too).
    match p.kind() {
        Kind::Exact => {
            let options = knuth_dlx_options(input);
            let problem = x::make_problem(np, ns, &options, OptOrder::Seq);
            run_knuth_dlx(
                problem,
                mrv_chooser(prefer_any(), no_tiebreak()),
                report,
                visit,
            )
        }
        Kind::Colors => {
            let options = knuth_dlx_colored_options(input);
            let problem = c::make_problem(np, ns, &options, OptOrder::Seq);
            run_knuth_dlx(
                problem,
                mrv_chooser(prefer_any(), no_tiebreak()),
                report,
                visit,
            )
        }
        _ if has_colors => {
            let options = knuth_dlx_colored_options(input);
            let opts = c::ONodes::new(np + ns, np, &options, OptOrder::Seq);
            let problem = mc::Problem::new(knuth_dlx_bounded_items(input), opts);
            run_knuth_dlx(
                problem,
                mrv_chooser(prefer_any(), knuth_tiebreak()),
                report,
                visit,
            )
        }
        _ => {
            let options = knuth_dlx_options(input);
            let opts = x::ONodes::new(np + ns, np, &options, OptOrder::Seq);
            let problem = m::Problem::new(knuth_dlx_bounded_items(input), opts);
            run_knuth_dlx(
                problem,
                mrv_chooser(prefer_any(), knuth_tiebreak()),
                report,
                visit,
            )
        }
    }
}

fn run_knuth_dlx<P, C>(
    mut problem: P,
    mut chooser: C,
    report: bool,
    visit: &mut Visitor<'_>,
) -> (bool, Option<SearchSize>)
where
    P: knuth_dlx::Solve,
    C: knuth_dlx::choose::Choose<P>,
{
    let mut solver = knuth_dlx::Solver::new(&mut problem);
    let mut indices = Vec::new();
    while solver.next_solution(&mut chooser) {
        indices.clear();
        if report {
            // `fmt_solution` gives 0-based option numbers in input order.
            indices.extend(
                solver
                    .fmt_solution()
                    .iter()
                    .map(|&o| usize::try_from(o).unwrap_or(usize::MAX)),
            );
        }
        if let ControlFlow::Break(timed_out) = visit(&indices) {
            return (timed_out, None);
        }
    }
    let nodes = solver.get_profile().iter().sum::<usize>();
    let size = SearchSize {
        nodes: u64::try_from(nodes).unwrap_or(u64::MAX),
        updates: u64::try_from(solver.get_updates().unsigned_abs()).unwrap_or(u64::MAX),
    };
    (false, Some(size))
}

/// The `dlx-rs` solver for `input`: items numbered from 1, each option named
/// by its index.
fn dlx_rs_solver(input: &CoverInput) -> dlx_rs::Solver<usize> {
    let p = &input.problem;
    let mut solver = dlx_rs::Solver::new_optional(p.primary_count(), p.secondary_count());
    let mut items = Vec::new();
    for (k, option) in input.options.iter().enumerate() {
        items.clear();
        items.extend(option.iter().map(|&i| i + 1));
        solver.add_option(k, &items);
    }
    solver
}

fn visit_dlx_rs(input: &CoverInput, visit: &mut Visitor<'_>) -> bool {
    for solution in dlx_rs_solver(input) {
        if let ControlFlow::Break(timed_out) = visit(&solution) {
            return timed_out;
        }
    }
    false
}
