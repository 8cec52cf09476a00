//! Exact cover from Python: problems, solutions, counts, budgets, splits.
//!
//! A [`Problem`] holds the named problem and a spare solver: each search
//! takes the spare (or builds one when it is in use, by an iterator left
//! half-way say) and gives it back, links restored, when it ends. Long
//! searches run as `run.rs` says: the GIL released, stopped by Ctrl-C,
//! on the calling thread but for a count on several threads.

mod build;
mod jobs;
mod results;
mod run;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use dlx_engine::split::{Fingerprint, Worker};
use dlx_engine::{
    Budget, Counting, Dlx, End, IntoSolutions, Kind, NamedProblem, Parallel, Progress,
    SmallCounting, SmallProblem, SmallSolutions, SplitMix64,
};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyType};

use crate::errors::BudgetExhausted;
use crate::interrupt::sliced;
use jobs::{Job, JobResult, Merged};
use results::{Count, Estimate, Solution, Stats, Uniqueness, end_name};
use run::{ProgressInfo, Reporter, SLICE};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An exact-cover problem: primary items to cover exactly once (or within
/// bounds), secondary items at most once or with one color, and options.
/// Build it with `Problem(options, ...)`, `Problem.parse(text)`,
/// `Problem.read(path)` or `from_matrix` (sudoku_dlx.cover).
#[pyclass(module = "sudoku_dlx.cover", frozen)]
pub(crate) struct Problem {
    named: Arc<NamedProblem>,
    /// For a problem from a matrix with rows left out (no primary item):
    /// the row of each option, and how many rows there were.
    rows: Option<(Vec<usize>, usize)>,
    /// The solver no search is using, boxed: the `Problem` is then a
    /// tenth of its size inline, which each `Problem` made pays for in
    /// copies, and its Python object is small enough for Python's own
    /// allocator (docs/decisions/small-call.md).
    spare: Mutex<Option<Box<Dlx>>>,
    /// Statistics of the last search that ended.
    last: Mutex<Stats>,
}

impl Problem {
    fn of(named: NamedProblem) -> Self {
        Problem::of_rows(named, None)
    }

    fn of_rows(named: NamedProblem, rows: Option<(Vec<usize>, usize)>) -> Self {
        Problem {
            named: Arc::new(named),
            rows,
            spare: Mutex::new(None),
            last: Mutex::new(Stats::default()),
        }
    }

    /// A solver for a search: the spare, or a new one.
    fn take_solver(&self, budget: Option<u64>, seed: Option<u64>) -> Box<Dlx> {
        let mut solver = lock(&self.spare)
            .take()
            .unwrap_or_else(|| Box::new(Dlx::new(self.named.problem())));
        solver.set_budget(budget.map_or(Budget::UNLIMITED, Budget::nodes));
        solver.set_seed(seed);
        solver
    }

    /// The problem as masks, if it is small enough for the search on them
    /// (`SmallProblem::new`) and `seed` is `None` (the masks walk the
    /// leftmost order only): that search needs no solver, and walks the
    /// tree a solver would with its statistics
    /// (docs/decisions/small-masks.md).
    fn small(&self, seed: Option<u64>) -> Option<SmallProblem> {
        seed.is_none()
            .then(|| SmallProblem::new(self.named.problem()))
            .flatten()
    }

    /// Keeps the statistics of a search on masks as the last search's.
    fn keep_stats(&self, stats: dlx_engine::Stats) {
        *lock(&self.last) = Stats::from(stats);
    }

    /// [`count`](Self::count) on masks, here (docs/decisions/small-masks.md):
    /// first a look bounded as the links' ([`FIRST_LOOK`],
    /// [`look_on_masks`]), with the GIL held, which ends most such counts;
    /// past it, the rest here in pieces if there is one thread (`jobs` 1)
    /// or the look has done half of the count ([`half_done`]), as after the
    /// links' look. The count, or the exception that stopped it, carrying what
    /// was found; `Err(parallel)` if the count is to start again from the
    /// root on `parallel`'s threads (the look's nodes searched twice, as
    /// the links' look's are; the threads get the whole budget).
    fn count_small(
        &self,
        py: Python<'_>,
        small: SmallProblem,
        (limit, budget): (Option<u64>, Option<u64>),
        jobs: Option<usize>,
    ) -> Result<PyResult<Count>, Parallel> {
        let mut counting = small.into_counting(limit, node_budget(budget));
        let counted = if let Some(count) = look_on_masks(&mut counting) {
            Ok(count)
        } else {
            let on = threads(jobs);
            if on.threads() > 1 && counting.progress() < HALF {
                return Err(on);
            }
            run::count_small_here(py, &mut counting)
        };
        let stats = counting.stats();
        let (nodes, solutions) = (stats.nodes, stats.solutions);
        let counted = match counted {
            Ok(count) => Ok(Count::new(count.solutions, count.end, nodes)),
            Err(err) => Err(with_count(
                py,
                err,
                Count::new(solutions, End::Stopped, nodes),
            )),
        };
        self.keep_stats(stats);
        Ok(counted)
    }

    /// Gives a solver back after its search, keeping its statistics.
    fn give_back(&self, mut solver: Box<Dlx>) {
        solver.set_progress(None);
        *lock(&self.last) = Stats::from(solver.stats());
        *lock(&self.spare) = Some(solver);
    }

    fn solution(
        &self,
        options: &[dlx_engine::OptionId],
        colors: &[(dlx_engine::ItemId, dlx_engine::Color)],
    ) -> Solution {
        let rows = self.rows.as_ref().map(|(rows, _)| rows.as_slice());
        Solution::new(&self.named, options, colors, rows)
    }

    /// The next solution of `solutions`, searching in slices and looking at
    /// signals between them; `Ok(None)` when the search ends.
    fn next_of(&self, py: Python<'_>, solutions: &mut IntoSolutions) -> PyResult<Option<Solution>> {
        loop {
            let found = py.detach(|| {
                solutions
                    .next_within(SLICE)
                    .map(|s| (s.options().to_vec(), s.colors().collect::<Vec<_>>()))
            });
            if let Some((options, colors)) = found {
                return Ok(Some(self.solution(&options, &colors)));
            }
            if solutions.end().is_some() {
                return Ok(None);
            }
            py.check_signals()?;
        }
    }

    /// [`next_of`](Self::next_of) for a search on masks.
    fn next_small(
        &self,
        py: Python<'_>,
        solutions: &mut SmallSolutions,
    ) -> PyResult<Option<Solution>> {
        if tree_within_look(self.named.problem()) {
            // At most 8,192 nodes: searched whole, the GIL held, as a tiny
            // count (`count_small`).
            let found = solutions.next_within(u64::MAX);
            return Ok(found.map(|options| self.solution(options, &[])));
        }
        loop {
            let found = py.detach(|| solutions.next_within(SLICE).map(<[_]>::to_vec));
            if let Some(options) = found {
                return Ok(Some(self.solution(&options, &[])));
            }
            if solutions.end().is_some() {
                return Ok(None);
            }
            py.check_signals()?;
        }
    }

    /// [`first`](Self::first) on `parallel`'s threads: the race from the
    /// tree's two ends (`Dlx::first_solution_race_with`), its own side on
    /// this thread with the GIL released, looking at signals between its
    /// slices (no thread is started for a first solution within the race's
    /// first look).
    fn first_of_race(&self, py: Python<'_>, parallel: Parallel) -> PyResult<Option<Solution>> {
        let mut solver = self.take_solver(None, None);
        let problem = self.named.problem();
        let mut raised = None;
        let first = sliced(py, |look| {
            solver.first_solution_race_with(problem, &parallel, || match look() {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    raised = Some(err);
                    ControlFlow::Break(())
                }
            })
        });
        self.give_back(solver);
        if let Some(err) = raised {
            return Err(err);
        }
        Ok(match first {
            dlx_engine::First::Solution(options) => {
                Some(self.solution(&options, &problem.solution_colors(&options)))
            }
            // Ended early only by a signal's exception, raised above.
            dlx_engine::First::NoSolution | dlx_engine::First::BudgetExhausted => None,
        })
    }

    /// Up to `most` solutions of one search (the first, or two for
    /// uniqueness), and how the search ended.
    fn first_solutions(
        &self,
        py: Python<'_>,
        most: usize,
        budget: Option<u64>,
        seed: Option<u64>,
    ) -> PyResult<(Vec<Solution>, Option<End>)> {
        let mut search = match self.small(seed) {
            Some(small) => Search::Masks(Box::new(small.into_solutions(node_budget(budget)))),
            None => Search::Links(self.take_solver(budget, seed).into_solutions()),
        };
        let mut found = Vec::new();
        let outcome = (|| {
            while found.len() < most {
                match self.next_in(py, &mut search)? {
                    Some(s) => found.push(s),
                    None => break,
                }
            }
            Ok::<_, PyErr>(())
        })();
        let end = search.end();
        self.end_search(search);
        outcome.map(|()| (found, end))
    }

    /// The next solution of `search`, as [`next_of`](Self::next_of).
    fn next_in(&self, py: Python<'_>, search: &mut Search) -> PyResult<Option<Solution>> {
        match search {
            Search::Links(solutions) => self.next_of(py, solutions),
            Search::Masks(solutions) => self.next_small(py, solutions),
        }
    }

    /// Ends `search`, keeping its statistics (and its solver, if it has one).
    fn end_search(&self, search: Search) {
        match search {
            Search::Links(solutions) => self.give_back(Box::new(solutions.into_solver())),
            Search::Masks(solutions) => self.keep_stats(solutions.stats()),
        }
    }
}

#[pymethods]
impl Problem {
    /// A problem from options given as lists of item names (xcover's shape):
    /// `"x:red"` gives secondary item `x` the color `red`. `primary` and
    /// `secondary` list the items (in order); items not listed are inferred
    /// in order of first appearance: primary unless colored somewhere (or,
    /// with `primary` given, secondary). `bounds` maps a primary item to
    /// how many options cover it: `n` or `(lower, upper)` (Algorithm M).
    #[new]
    #[pyo3(signature = (options, primary=None, secondary=None, *, bounds=None))]
    fn new(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        bounds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        build::from_options(py, options, primary, secondary, bounds).map(Problem::of)
    }

    /// A problem in Knuth's text (DLX1; DLX2's colors; DLX3's bounds).
    /// Errors are `ParseError`s with `line` and `column`.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Self> {
        build::parse(py, text).map(Problem::of)
    }

    /// A problem read from a file in Knuth's text; errors say FILE:LINE:COL.
    #[staticmethod]
    fn read(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        build::read(py, &path).map(Problem::of)
    }

    /// From a numpy boolean matrix or a CSR matrix's arrays (see
    /// `cover.from_matrix` and [`build::Matrix`]).
    #[staticmethod]
    #[pyo3(signature = (matrix, primary, names=None))]
    fn _from_matrix(
        py: Python<'_>,
        matrix: build::Matrix<'_>,
        primary: usize,
        names: Option<Vec<String>>,
    ) -> PyResult<Self> {
        let (named, rows) = build::from_matrix(py, matrix, primary, names)?;
        Ok(Problem::of_rows(named, rows))
    }

    /// From a two-dimensional numpy boolean array (a small contiguous one
    /// copied, any other read in place), its first `primary` columns
    /// primary (all of them when `None`): `from_matrix`'s whole call for
    /// the common case, in one native call. `None` when
    /// `matrix` is anything else (another dtype, another number of
    /// dimensions, not an array), which `from_matrix` then reads as before.
    #[staticmethod]
    #[pyo3(signature = (matrix, primary=None, names=None))]
    fn _from_bool_array(
        py: Python<'_>,
        matrix: &Bound<'_, PyAny>,
        primary: Option<usize>,
        names: Option<Vec<String>>,
    ) -> PyResult<Option<Self>> {
        let Some(cells) = build::bool_array(matrix) else {
            return Ok(None);
        };
        let (named, rows) = build::from_bool_array(py, &cells, primary, names)?;
        Ok(Some(Problem::of_rows(named, rows)))
    }

    /// A problem from its pickle: Knuth's text, and the rows of a matrix's options.
    #[staticmethod]
    #[pyo3(signature = (text, rows=None))]
    fn _restore(py: Python<'_>, text: &str, rows: Option<(Vec<usize>, usize)>) -> PyResult<Self> {
        build::parse(py, text).map(|named| Problem::of_rows(named, rows))
    }

    /// Item names, primary items first.
    #[getter]
    fn items(&self) -> Vec<String> {
        let p = self.named.problem();
        (0..p.item_count())
            .map(|i| {
                self.named
                    .item_name(dlx_engine::ItemId::new(i).expect("an item"))
                    .to_owned()
            })
            .collect()
    }

    /// The primary items' names.
    #[getter]
    fn primary(&self) -> Vec<String> {
        let mut items = self.items();
        items.truncate(self.named.problem().primary_count());
        items
    }

    /// The secondary items' names.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        self.items().split_off(self.named.problem().primary_count())
    }

    /// "exact cover" (Algorithm X), "colors" (C) or "multiplicities" (M).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.named.problem().kind() {
            Kind::Exact => "exact cover",
            Kind::Colors => "colors",
            _ => "multiplicities",
        }
    }

    /// Option `index` as Knuth writes it: item names, `x:color`. For a
    /// problem from a matrix, `index` is a row; a row left out (no primary
    /// item) is "".
    fn option(&self, index: usize) -> PyResult<String> {
        let index = match &self.rows {
            Some((rows, total)) if index < *total => match rows.binary_search(&index) {
                Ok(option) => option,
                Err(_) => return Ok(String::new()),
            },
            _ => index,
        };
        let option = self
            .named
            .problem()
            .option_id(index)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(self.named.option_text(option))
    }

    /// The number of options (for a problem from a matrix, of rows).
    fn __len__(&self) -> usize {
        self.rows
            .as_ref()
            .map_or(self.named.problem().option_count(), |&(_, total)| total)
    }

    /// The problem's fingerprint, as `sudoku-dlx cover --split` prints it.
    #[getter]
    fn fingerprint(&self) -> String {
        Fingerprint::of(&self.named).to_string()
    }

    /// Statistics of the last search that ended (Knuth's nodes, updates, profile).
    #[getter]
    fn stats(&self) -> Stats {
        lock(&self.last).clone()
    }

    /// The solutions, lazily: each `next` resumes the search. `budget`
    /// bounds the nodes; `seed` randomizes the order. `end` on the iterator
    /// says why it ended.
    #[pyo3(signature = (*, budget=None, seed=None))]
    fn solutions(slf: &Bound<'_, Self>, budget: Option<u64>, seed: Option<u64>) -> Solutions {
        let problem = slf.get();
        let search = match problem.small(seed) {
            Some(small) => Search::Masks(Box::new(small.into_solutions(node_budget(budget)))),
            None => Search::Links(problem.take_solver(budget, seed).into_solutions()),
        };
        Solutions {
            problem: slf.clone().unbind(),
            search: Some(search),
            end: None,
            found: 0,
        }
    }

    fn __iter__(slf: &Bound<'_, Self>) -> Solutions {
        Problem::solutions(slf, None, None)
    }

    /// The first solution, or None if there is none. Raises
    /// `BudgetExhausted` if `budget` nodes ran out first. On `jobs` threads
    /// (None: every core) two searches race from the two ends of the tree,
    /// and the first solution either finds comes back, which can differ
    /// from run to run; on one thread (the default), with a budget or a
    /// seed, or for a small problem, it is the first in search order.
    #[pyo3(signature = (*, budget=None, seed=None, jobs=1))]
    fn first(
        &self,
        py: Python<'_>,
        budget: Option<u64>,
        seed: Option<u64>,
        jobs: Option<usize>,
    ) -> PyResult<Option<Solution>> {
        if jobs == Some(0) {
            return Err(PyValueError::new_err(
                "jobs must be at least 1 (None: every core)",
            ));
        }
        if jobs != Some(1) && budget.is_none() && seed.is_none() && self.small(None).is_none() {
            let parallel =
                jobs.map_or_else(Parallel::new, |jobs| Parallel::new().with_threads(jobs));
            if parallel.threads() > 1 {
                return self.first_of_race(py, parallel);
            }
        }
        let (mut found, end) = self.first_solutions(py, 1, budget, seed)?;
        if found.is_empty() && end == Some(End::BudgetExhausted) {
            return Err(BudgetExhausted::new_err(format!(
                "no solution found within the budget of {} nodes",
                budget.unwrap_or(0)
            )));
        }
        Ok(found.pop())
    }

    /// Whether the problem has no solution, one, or more (with two).
    #[pyo3(signature = (*, budget=None))]
    fn uniqueness(&self, py: Python<'_>, budget: Option<u64>) -> PyResult<Uniqueness> {
        let (found, end) = self.first_solutions(py, 2, budget, None)?;
        let kind = match (found.len(), end) {
            (2, _) => "multiple",
            (_, Some(End::BudgetExhausted)) => "budget",
            (1, _) => "unique",
            _ => "none",
        };
        let solutions = found
            .into_iter()
            .map(|s| Py::new(py, s))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Uniqueness::new(kind, solutions))
    }

    /// Random solutions: each the first of a search in a random order of
    /// its own, from a stream seeded by `seed` (the same seed, the same
    /// solutions). Endless while there are solutions.
    #[pyo3(signature = (seed, *, budget=None))]
    fn random(slf: &Bound<'_, Self>, seed: u64, budget: Option<u64>) -> RandomSolutions {
        RandomSolutions {
            problem: slf.clone().unbind(),
            seeds: SplitMix64::new(seed),
            budget,
            end: None,
        }
    }

    /// Counts the solutions, up to `limit`, on `jobs` threads (None: every
    /// core), the GIL released. `budget` bounds the nodes (of all threads
    /// together); `progress` is a callable given a ProgressInfo every
    /// `interval` seconds, or a tqdm bar (advanced by nodes). Ctrl-C raises
    /// KeyboardInterrupt, whose `count` attribute holds what was found. On
    /// one thread the count runs on the calling thread, in pieces; on more,
    /// a small problem, or a tree Knuth's estimate finds small, is first
    /// counted here, and goes to the threads only if that look does not end
    /// it.
    #[pyo3(signature = (limit=None, jobs=None, *, budget=None, progress=None, interval=0.5))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        jobs: Option<usize>,
        budget: Option<u64>,
        progress: Option<Bound<'_, PyAny>>,
        interval: f64,
    ) -> PyResult<Count> {
        if jobs == Some(0) {
            return Err(PyValueError::new_err(
                "jobs must be at least 1 (None: every core)",
            ));
        }
        let mut reporter = Reporter::new(progress, interval)?;
        let mut on_threads = None;
        if reporter.is_silent()
            && let Some(small) = self.small(None)
        {
            match self.count_small(py, small, (limit, budget), jobs) {
                Ok(counted) => return counted,
                Err(parallel) => on_threads = Some(parallel),
            }
        }
        let mut solver = self.take_solver(budget, None);
        let (count, failure) = match on_threads {
            Some(parallel) => count_on_threads(py, &mut solver, parallel, limit, &mut reporter),
            None => {
                let tiny = tree_within_look(self.named.problem());
                count_solutions(py, &mut solver, (limit, budget), jobs, tiny, &mut reporter)
            }
        };
        let nodes = solver.stats().nodes;
        self.give_back(solver);
        let count = Count::new(count.solutions, count.end, nodes);
        match failure {
            Some(err) => Err(with_count(py, err, count)),
            None => Ok(count),
        }
    }

    /// Knuth's Monte Carlo estimate of the search tree (TAOCP 4B, 7.2.2):
    /// `samples` random paths from the root, each taking at every node the
    /// item the search would branch on and one of its children uniformly at
    /// random, drawn from `seed` (the same seed, the same estimate).
    #[pyo3(signature = (samples=1000, *, seed=0))]
    fn estimate(&self, py: Python<'_>, samples: u64, seed: u64) -> PyResult<Estimate> {
        let mut solver = self.take_solver(None, None);
        // On this thread, a path at a time: no thread to start, and
        // signals looked at between paths (`crate::interrupt::sliced`).
        let mut failure = None;
        let estimate = sliced(py, |look| {
            solver.estimate_while(samples, seed, |_| match look() {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    failure = Some(err);
                    ControlFlow::Break(())
                }
            })
        });
        self.give_back(solver);
        match failure {
            Some(err) => Err(err),
            None => Ok(Estimate::new(&estimate, seed)),
        }
    }

    /// Splits the search at `depth` levels into jobs (picklable) for other
    /// processes or machines: run each with `run_job`, then `merge` the
    /// results. Every solution is below exactly one job.
    fn split(&self, depth: usize) -> Vec<Job> {
        let mut solver = self.take_solver(None, None);
        let jobs = solver.split(depth).jobs(Fingerprint::of(&self.named));
        self.give_back(solver);
        jobs.into_iter().map(|job| Job { job }).collect()
    }

    /// Counts the solutions below `job` (up to `limit`), the GIL released:
    /// a JobResult for `merge`. A job of another problem fails (status
    /// "failed"), as in the CLI.
    #[pyo3(signature = (job, *, limit=None))]
    fn run_job(
        &self,
        py: Python<'_>,
        job: &Bound<'_, Job>,
        limit: Option<u64>,
    ) -> PyResult<JobResult> {
        let fingerprint = Fingerprint::of(&self.named);
        let job = &job.get().job;
        // On this thread, in pieces, whatever its size (a job is one
        // thread's work): no thread to start, nothing searched twice.
        let mut solver = self.take_solver(None, None);
        let mut worker = Worker::new(&mut solver, fingerprint).with_limit(limit);
        let mut counting = worker.counting(job);
        let piece = |nodes| match counting.run_within(nodes) {
            Some(result) => ControlFlow::Break(result),
            None => ControlFlow::Continue(()),
        };
        let result = run::in_pieces(py, piece, |()| Ok(()));
        drop(counting);
        self.give_back(solver);
        result.map(|result| JobResult { result })
    }

    /// Pickles as Knuth's text, so that a problem (or its bound method
    /// `run_job`) travels to worker processes; the copy has the same
    /// fingerprint, so the jobs split here run there.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, Option<(Vec<usize>, usize)>))> {
        let restore = slf.get_type().getattr("_restore")?;
        let problem = slf.get();
        Ok((restore, (problem.named.to_string(), problem.rows.clone())))
    }

    /// Knuth's text of the problem (what `Problem.parse` reads).
    fn __str__(&self) -> String {
        self.named.to_string()
    }

    fn __repr__(&self) -> String {
        let p = self.named.problem();
        format!(
            "Problem(primary={}, secondary={}, options={}, kind='{}')",
            p.primary_count(),
            p.secondary_count(),
            p.option_count(),
            self.kind()
        )
    }

    /// Whether the links of the spare solver are those of a fresh one (for
    /// tests: every search must leave them so).
    fn _links_intact(&self) -> bool {
        lock(&self.spare)
            .as_ref()
            .is_none_or(|s| s.links_match(self.named.problem()) && s.check_invariants().is_ok())
    }
}

/// The look a count on several threads takes on the calling thread first:
/// nodes, and link updates (a bound on the time of wide nodes). Most
/// problems solved in microseconds end within it, and their count costs no
/// thread (some 50 µs). A look that does not end (and has not done half
/// of the count, [`half_done`]) is searched again on the threads, so its
/// updates are kept to about a quarter of a millisecond: with
/// `1 << 20` the tiling of a 3x20 box (332 updates a node, a tree of 33,096
/// nodes the 4-path estimate puts at 325) searched about 3,000 nodes, 9% of
/// its tree, twice (docs/decisions/bitset-threads.md).
const FIRST_LOOK: (u64, u64) = (1 << 13, 1 << 18);

/// Random paths of Knuth's estimate that decides whether a count on
/// several threads takes the look: a covering a level each, a few node's
/// worth.
const LOOK_PATHS: u64 = 4;

/// The count of `solver` (its budget `budget`) for [`Problem::count`], and
/// the exception that stopped it, if one did (the count then what was found
/// so far, ended `Stopped`).
///
/// On one thread (`jobs` 1, or every core of a machine with one) it runs
/// here, whole, in pieces ([`run::count_here`]). On more, a count whose
/// budget is within [`FIRST_LOOK`], or whose tree Knuth's estimate
/// ([`LOOK_PATHS`] paths) puts within it, is first counted here up to the
/// look; if the look does not end it, the count goes on here if the look
/// has done half of it ([`half_done`]), and otherwise starts again from
/// the root on the threads (`count_parallel`), so that the look's nodes (at
/// most [`FIRST_LOOK`]'s) are searched twice. A larger tree goes to the
/// threads at once. `tiny` says the tree is within the look for certain
/// ([`tree_within_look`]): no estimate then.
fn count_solutions(
    py: Python<'_>,
    solver: &mut Dlx,
    (limit, budget): (Option<u64>, Option<u64>),
    jobs: Option<usize>,
    tiny: bool,
    reporter: &mut Reporter<'_>,
) -> (dlx_engine::Count, Option<PyErr>) {
    let many = jobs != Some(1);
    let mut parallel = None;
    if many && !tiny && !small_tree(py, solver, budget) {
        parallel = Some(threads(jobs)).filter(|p| p.threads() > 1);
    }
    if parallel.is_none() {
        let mut counting = solver.counting(limit);
        let mut counted = run::count_here(py, &mut counting, reporter, many.then_some(FIRST_LOOK));
        if matches!(counted, Ok(None)) {
            // Past the look: on the threads, unless there is one or the
            // look has done most of the count.
            let on = threads(jobs);
            if on.threads() > 1 && !half_done(&counting) {
                parallel = Some(on);
            } else {
                counted = run::count_here(py, &mut counting, reporter, None);
            }
        }
        match counted {
            Ok(Some(count)) => return (count, None),
            Ok(None) => {}
            Err(err) => {
                let found = counting.stats().solutions;
                let count = dlx_engine::Count {
                    solutions: found,
                    end: End::Stopped,
                };
                return (count, Some(err));
            }
        }
    }
    let parallel = parallel.expect("a count not ended here has threads");
    count_on_threads(py, solver, parallel, limit, reporter)
}

/// The threads of a count on `jobs` threads (`None`: every core).
fn threads(jobs: Option<usize>) -> Parallel {
    match jobs {
        Some(n) => Parallel::new().with_threads(n),
        None => Parallel::new(),
    }
}

/// The count of `solver` (at most `limit` solutions) from the root on
/// `parallel`'s threads, watched ([`run::watched`]), and the exception that
/// stopped it, if one did.
fn count_on_threads(
    py: Python<'_>,
    solver: &mut Dlx,
    parallel: Parallel,
    limit: Option<u64>,
    reporter: &mut Reporter<'_>,
) -> (dlx_engine::Count, Option<PyErr>) {
    let watch = Arc::new(Progress::new());
    let parallel = parallel.with_progress(Arc::clone(&watch));
    run::watched(py, &watch, reporter, || {
        solver.count_parallel(&parallel, limit)
    })
}

/// Nodes of a piece of [`look_on_masks`]: the updates are looked at
/// between pieces. A count solved in microseconds ends within the first.
const LOOK_PIECE: u64 = 1 << 10;

/// The look of a count ([`FIRST_LOOK`]) on masks, with the GIL held (a look
/// is a millisecond or so; releasing the GIL and reading clocks was a tenth
/// of a microsecond count's call), on one thread as on several: the count,
/// if it ends within the look; `None` once it has reached the look's nodes
/// or updates (looked at between pieces of [`LOOK_PIECE`] nodes, as the
/// links' look looks between its pieces), left there to go on or be
/// dropped.
fn look_on_masks(counting: &mut SmallCounting) -> Option<dlx_engine::Count> {
    let (look_nodes, look_updates) = FIRST_LOOK;
    loop {
        if let Some(count) = counting.run_within(LOOK_PIECE) {
            return Some(count);
        }
        let stats = counting.stats();
        if stats.nodes >= look_nodes || stats.updates >= look_updates {
            return None;
        }
    }
}

/// Whether a look that did not end its count has done at least half of it,
/// by Knuth's estimate (`Counting::progress`). The rest is then no more
/// than the look has searched, which is less than threads started from the
/// root would spend (at least half the tree each, and their start): it is
/// counted on here. (Langford pairs of 9, 10,831 nodes, was 0.74 done after
/// the look's 8,192 nodes: 9.8 M instructions a count instead of 17.8 M
/// counted again on two threads; its estimate now sends it to the threads
/// from the root, [`LOOK_ESTIMATE`].)
fn half_done(counting: &Counting<'_>) -> bool {
    counting.progress() >= HALF
}

/// The part of a count's tree, by Knuth's estimate, past which a look that
/// did not end it counts on here ([`half_done`]).
const HALF: f64 = 0.5;

/// The estimated nodes within which a count on several threads takes the
/// look, half the look's: a tree up to a little past it ends in the look,
/// or has done half its count there ([`half_done`]). Past it two threads
/// from the root win, now that their threads are kept from one count to
/// the next: Langford pairs of 9 (10,831 nodes, estimated 6,267) in
/// 0.79 ms against 1.16 ms on the calling thread; Langford pairs of 8
/// (2,795 nodes, estimated 2,570) lost on threads, 0.27-0.35 ms against
/// 0.22 ms (docs/decisions/bitset-threads.md).
const LOOK_ESTIMATE: u64 = FIRST_LOOK.0 / 2;

/// Whether a count is small enough for the look on the calling thread: its
/// budget is within the look, or Knuth's estimate of its tree is within
/// [`LOOK_ESTIMATE`] nodes and the look's updates. The updates matter where a node makes hundreds:
/// exact-cover-samples' xc550 (11,804 nodes, 1.4 M updates, on bitsets)
/// was estimated within the look's nodes, and its look stopped at the
/// look's updates after a fifth of the tree, which the threads then
/// counted again: slower on two threads than on one.
fn small_tree(py: Python<'_>, solver: &mut Dlx, budget: Option<u64>) -> bool {
    let (look, look_updates) = FIRST_LOOK;
    if budget.is_some_and(|b| b <= look) {
        return true;
    }
    let estimate = py.detach(|| solver.estimate(LOOK_PATHS, 0));
    estimate.nodes() <= LOOK_ESTIMATE as f64 && estimate.updates() <= look_updates as f64
}

/// Whether `problem`'s tree is within the look whatever its shape, so that
/// a count on several threads needs no estimate to take the look: a node of
/// Algorithm X's or C's tree is the set of options chosen on its path, so
/// with at most 13 options there are at most 8,192 nodes. (Algorithm M's
/// levels may also finish an item without choosing, and are left to the
/// estimate.) The estimate was a fifth of such a count's call
/// (exact-cover-samples' wikip). Only where the count runs depends on
/// this, never what it finds.
fn tree_within_look(problem: &dlx_engine::Problem) -> bool {
    let (look, _) = FIRST_LOOK;
    let options = problem.option_count();
    problem.kind() != Kind::Multiplicities
        && u32::try_from(options).is_ok_and(|n| n < 64 && 1_u64 << n <= look)
}

/// A budget of at most `nodes` search-tree nodes, if given.
fn node_budget(nodes: Option<u64>) -> Budget {
    nodes.map_or(Budget::UNLIMITED, Budget::nodes)
}

/// A search for solutions: on a solver's links, or on masks.
// The links' iterator stays inline, as it was before the masks (a box
// would be one allocation more a search); the masks' larger state is boxed.
#[allow(clippy::large_enum_variant)]
enum Search {
    Links(IntoSolutions),
    Masks(Box<SmallSolutions>),
}

impl Search {
    /// Why the search ended, or `None` while it goes on.
    fn end(&self) -> Option<End> {
        match self {
            Search::Links(solutions) => solutions.end(),
            Search::Masks(solutions) => solutions.end(),
        }
    }

    /// The statistics of the search so far.
    fn stats(&self) -> Stats {
        match self {
            Search::Links(solutions) => Stats::from(solutions.stats()),
            Search::Masks(solutions) => Stats::from(solutions.stats()),
        }
    }
}

/// A KeyboardInterrupt (or other exception) carrying the partial `count`.
fn with_count(py: Python<'_>, err: PyErr, count: Count) -> PyErr {
    if err.is_instance_of::<PyKeyboardInterrupt>(py) {
        let _ = err.value(py).setattr("count", count);
    }
    err
}

/// The solutions of a problem, one search resumed at each `next`. Ends with
/// `end` set: "exhausted", "budget" or "stopped" (Ctrl-C, after which the
/// iterator is done and the problem ready for another search).
#[pyclass(module = "sudoku_dlx.cover")]
pub(crate) struct Solutions {
    problem: Py<Problem>,
    search: Option<Search>,
    end: Option<End>,
    found: u64,
}

impl Solutions {
    /// Ends the search and gives the solver back.
    fn finish(&mut self, end: End) {
        if let Some(search) = self.search.take() {
            self.problem.get().end_search(search);
        }
        self.end.get_or_insert(end);
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let Some(search) = self.search.as_mut() else {
            return Ok(None);
        };
        match self.problem.get().next_in(py, search) {
            Ok(Some(solution)) => {
                self.found += 1;
                Ok(Some(solution))
            }
            Ok(None) => {
                let end = search.end().unwrap_or(End::Exhausted);
                self.finish(end);
                Ok(None)
            }
            Err(err) => {
                self.finish(End::Stopped);
                Err(err)
            }
        }
    }

    /// Why the search ended ("exhausted", "budget", "stopped"), or None
    /// while it goes on.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.end.map(end_name)
    }

    /// Solutions returned so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found
    }

    /// Statistics of the search so far.
    #[getter]
    fn stats(&self) -> Stats {
        match &self.search {
            Some(search) => search.stats(),
            None => self.problem.get().stats(),
        }
    }

    /// Ends the search early (as dropping the iterator does), leaving the
    /// problem's solver ready for the next search.
    fn close(&mut self) {
        self.finish(End::Stopped);
    }

    fn __repr__(&self) -> String {
        format!(
            "<Solutions found={} end={}>",
            self.found,
            self.end
                .map_or("None".into(), |e| format!("'{}'", end_name(e)))
        )
    }
}

/// Random solutions of a problem (`Problem.random`).
#[pyclass(module = "sudoku_dlx.cover")]
pub(crate) struct RandomSolutions {
    problem: Py<Problem>,
    seeds: SplitMix64,
    budget: Option<u64>,
    end: Option<End>,
}

#[pymethods]
impl RandomSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        if self.end.is_some() {
            return Ok(None);
        }
        let seed = self.seeds.next_u64();
        let (mut found, end) =
            self.problem
                .get()
                .first_solutions(py, 1, self.budget, Some(seed))?;
        if found.is_empty() {
            self.end = Some(end.unwrap_or(End::Exhausted));
        }
        Ok(found.pop())
    }

    /// Why the draws ended ("exhausted": no solution; "budget"), or None.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.end.map(end_name)
    }

    fn __repr__(&self) -> String {
        "<RandomSolutions>".to_owned()
    }
}

/// A problem from a 0/1 matrix: row ``r`` is option ``r``, its items the
/// columns where it is nonzero, the first ``primary`` columns primary (all
/// of them by default) and the rest secondary.
///
/// ``matrix`` is a numpy array (boolean, or anything ``!= 0`` reads) or a
/// scipy.sparse matrix or array (CSR, COO or any other format; read as
/// CSR). A boolean numpy array is read in place, without a copy. Columns
/// are named ``c0``, ``c1``... unless ``names`` names them.
#[pyfunction]
#[pyo3(signature = (matrix, primary=None, names=None))]
fn from_matrix<'py>(
    py: Python<'py>,
    matrix: &Bound<'py, PyAny>,
    primary: Option<&Bound<'py, PyAny>>,
    names: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    // The common case in this one native call: a plain numpy boolean array
    // of two dimensions (not a subclass, which `cover._from_matrix_any`
    // makes plain), no names, `primary` None or an int. A small matrix's
    // call is mostly its fixed costs, and a Python function in front of
    // this one was a ninth of them (docs/decisions/matrix-one-call.md).
    if names.is_none() && is_plain_ndarray(matrix) {
        let primary = match primary {
            None => Some(None),
            Some(p) if p.is_exact_instance_of::<PyInt>() => p.extract::<usize>().ok().map(Some),
            Some(_) => None,
        };
        if let Some(primary) = primary
            && let Some(cells) = build::bool_array(matrix)
        {
            let (named, rows) = build::from_bool_array(py, &cells, primary, None)?;
            return Ok(Bound::new(py, Problem::of_rows(named, rows))?.into_any());
        }
    }
    // Everything else (other dtypes, scipy.sparse, lists, names, a
    // negative `primary` and its error) is read on the Python side.
    py.import("sudoku_dlx.cover")?
        .getattr("_from_matrix_any")?
        .call1((matrix, primary, names))
}

/// Whether `matrix`'s type is `numpy.ndarray` itself, asked without
/// loading numpy or its C API: numpy's type is looked up in `sys.modules`
/// (never imported here) until it is there, then kept. A pointer
/// comparison from then on.
fn is_plain_ndarray(matrix: &Bound<'_, PyAny>) -> bool {
    static NDARRAY: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let py = matrix.py();
    let ndarray = match NDARRAY.get(py) {
        Some(ndarray) => ndarray,
        None => {
            let loaded = py
                .import("sys")
                .and_then(|sys| sys.getattr("modules"))
                .and_then(|modules| modules.get_item("numpy"))
                .and_then(|numpy| numpy.getattr("ndarray"))
                .and_then(|ndarray| Ok(ndarray.cast_into::<PyType>()?.unbind()));
            match loaded {
                Ok(ndarray) => NDARRAY.get_or_init(py, || ndarray),
                Err(_) => return false,
            }
        }
    };
    matrix.get_type().is(ndarray)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(from_matrix, m)?)?;
    m.add_class::<Problem>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<RandomSolutions>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Count>()?;
    m.add_class::<Stats>()?;
    m.add_class::<Uniqueness>()?;
    m.add_class::<Estimate>()?;
    m.add_class::<ProgressInfo>()?;
    m.add_class::<Job>()?;
    m.add_class::<JobResult>()?;
    m.add_class::<Merged>()?;
    m.add_function(wrap_pyfunction!(jobs::merge, m)?)?;
    Ok(())
}
