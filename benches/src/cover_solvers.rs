//! The exact-cover solvers compared, behind one interface, all fed the same
//! problem: the same items in the same order and the same options in the same
//! order, so that they report solutions in one option numbering.
//!
//! All three use Knuth's MRV heuristic with ties to the leftmost item and try
//! options top down, so they walk the same search tree; they differ only in
//! how fast they walk it.

use std::ops::ControlFlow;
use std::time::Instant;

use dlx::Problem;

/// One of the exact-cover solvers under comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverSolver {
    /// This project's engine (`dlx-engine`, lib `dlx`).
    Ours,
    /// This project's engine on the problem without its blocked options
    /// ([`Problem::prune`]); the pruning is part of the time.
    OursPruned,
    /// The `dlx` crate 0.8 (Algorithm X, `x` module), a port of Knuth's DLX1.
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
}

impl CoverInput {
    /// Prepares `problem` for every solver.
    #[must_use]
    pub fn new(problem: &Problem) -> Self {
        let options = problem
            .options()
            .map(|(_, items)| items.iter().map(|i| i.index()).collect())
            .collect();
        CoverInput {
            problem: problem.clone(),
            options,
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
                let count = dlx::Solver::new(&input.problem).count(None);
                assert!(count.is_exact(), "an unlimited count must be exact");
                solutions = count.solutions;
            }
            CoverSolver::OursPruned => {
                let pruned = input.problem.prune();
                let count = dlx::Solver::new(pruned.problem()).count(None);
                assert!(count.is_exact(), "an unlimited count must be exact");
                solutions = count.solutions;
            }
            CoverSolver::KnuthDlx => {
                let mut problem = knuth_dlx_problem(input);
                let mut solver = knuth_dlx::Solver::new(&mut problem);
                let mut chooser = knuth_dlx_chooser();
                while solver.next_solution(&mut chooser) {
                    solutions += 1;
                    past(solutions)?;
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
            CoverSolver::KnuthDlx => visit_knuth_dlx(input, &mut on_solution),
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
    let mut solver = dlx::Solver::new(pruned.as_ref().map_or(&input.problem, |p| p.problem()));
    let mut indices = Vec::new();
    let mut timed_out = false;
    solver.for_each_solution(|options| {
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

/// The `dlx` crate's problem for `input`: the same items and options.
fn knuth_dlx_problem(input: &CoverInput) -> knuth_dlx::x::Problem {
    let p = &input.problem;
    // The crate's items and options are `Uint` (u64 without its `32-bit` feature).
    let options: Vec<Vec<knuth_dlx::Uint>> = input
        .options
        .iter()
        .map(|o| o.iter().map(|&i| knuth_dlx::Uint(i)).collect())
        .collect();
    knuth_dlx::x::make_problem(
        knuth_dlx::Uint(p.primary_count()),
        knuth_dlx::Uint(p.secondary_count()),
        &options,
        knuth_dlx::OptOrder::Seq,
    )
}

/// The `dlx` crate's MRV chooser with ties to the leftmost item, like ours.
fn knuth_dlx_chooser() -> impl knuth_dlx::choose::Choose<knuth_dlx::x::Problem> {
    use knuth_dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    mrv_chooser(prefer_any(), no_tiebreak())
}

fn visit_knuth_dlx(input: &CoverInput, visit: &mut Visitor<'_>) -> (bool, Option<SearchSize>) {
    let mut problem = knuth_dlx_problem(input);
    let mut solver = knuth_dlx::Solver::new(&mut problem);
    let mut chooser = knuth_dlx_chooser();
    let mut indices = Vec::new();
    while solver.next_solution(&mut chooser) {
        indices.clear();
        // `fmt_solution` gives 0-based option numbers in input order.
        indices.extend(
            solver
                .fmt_solution()
                .iter()
                .map(|&o| usize::try_from(o).unwrap_or(usize::MAX)),
        );
        if let ControlFlow::Break(timed_out) = visit(&indices) {
            return (timed_out, None);
        }
    }
    let nodes = solver.get_profile().iter().sum::<usize>();
    let size = SearchSize {
        nodes: nodes as u64,
        updates: solver.get_updates().unsigned_abs() as u64,
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
