//! What searches return to Python: solutions, counts, statistics,
//! uniqueness and estimates, each a small frozen object with a `repr`.

use std::collections::BTreeMap;
use std::sync::Arc;

use dlx_engine::{Color, End, ItemId, NamedProblem, OptionId, Stats as DlxStats};
use pyo3::prelude::*;

/// An `End` as Python sees it.
pub(crate) fn end_name(end: End) -> &'static str {
    match end {
        End::Exhausted => "exhausted",
        End::LimitReached => "limit",
        End::Stopped => "stopped",
        End::BudgetExhausted => "budget",
    }
}

/// One solution: the options it takes (indices into the problem's options,
/// in the order the search chose them), each option's items, and the color
/// each colored secondary item gets. Only the indices are made as the
/// search finds it; names and text are made when asked for.
#[pyclass(module = "sudoku_dlx.cover", frozen)]
pub(crate) struct Solution {
    /// 0-based option indices (a matrix's rows).
    #[pyo3(get)]
    options: Vec<usize>,
    /// The engine's options, for names and text.
    ids: Vec<OptionId>,
    /// The colors the solution gives secondary items.
    color_ids: Vec<(ItemId, Color)>,
    named: Arc<NamedProblem>,
}

impl Solution {
    /// The solution of `options`, with `colors`, named by `named`; option
    /// `k` is reported as `rows[k]` when given (a matrix's rows).
    pub(crate) fn new(
        named: &Arc<NamedProblem>,
        options: &[OptionId],
        colors: &[(ItemId, Color)],
        rows: Option<&[usize]>,
    ) -> Self {
        Solution {
            options: options
                .iter()
                .map(|o| rows.map_or(o.index(), |rows| rows[o.index()]))
                .collect(),
            ids: options.to_vec(),
            color_ids: colors.to_vec(),
            named: Arc::clone(named),
        }
    }
}

#[pymethods]
impl Solution {
    /// Each option's item names (no colors), in the option's order.
    #[getter]
    fn items(&self) -> Vec<Vec<String>> {
        let problem = self.named.problem();
        self.ids
            .iter()
            .map(|&o| {
                problem
                    .option(o)
                    .iter()
                    .map(|&i| self.named.item_name(i).to_owned())
                    .collect()
            })
            .collect()
    }

    /// Secondary item name -> the color the solution gives it.
    #[getter]
    fn colors(&self) -> BTreeMap<String, String> {
        self.color_ids
            .iter()
            .map(|&(i, c)| {
                (
                    self.named.item_name(i).to_owned(),
                    self.named.color_name(c).to_owned(),
                )
            })
            .collect()
    }

    fn __len__(&self) -> usize {
        self.options.len()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Bound<'_, PyAny>> {
        let py = slf.py();
        slf.options
            .clone()
            .into_pyobject(py)?
            .into_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Solution>()
            .is_ok_and(|o| o.get().options == self.options)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.options.hash(&mut h);
        h.finish()
    }

    /// Knuth's text of the solution: one option per line.
    fn __str__(&self) -> String {
        self.named.display_solution(&self.ids).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Solution(options={:?})", self.options)
    }
}

/// A count of solutions, and why it ended: `end` is "exhausted" (exact),
/// "limit", "budget" or "stopped" (a lower bound).
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct Count {
    /// Solutions found.
    solutions: u64,
    /// Why the count ended.
    end: &'static str,
    /// Search-tree nodes visited.
    nodes: u64,
}

impl Count {
    pub(crate) fn new(solutions: u64, end: End, nodes: u64) -> Self {
        Count {
            solutions,
            end: end_name(end),
            nodes,
        }
    }
}

#[pymethods]
impl Count {
    /// Whether `solutions` is the exact count (the whole tree was searched).
    #[getter]
    fn exact(&self) -> bool {
        self.end == "exhausted"
    }

    fn __int__(&self) -> u64 {
        self.solutions
    }

    fn __index__(&self) -> u64 {
        self.solutions
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<Count>() {
            let o = other.get();
            return o.solutions == self.solutions && o.end == self.end;
        }
        other.extract::<u64>().is_ok_and(|n| n == self.solutions)
    }

    fn __hash__(&self) -> u64 {
        self.solutions
    }

    fn __repr__(&self) -> String {
        format!("Count(solutions={}, end='{}')", self.solutions, self.end)
    }
}

/// Knuth's statistics of a search: nodes, updates, cleansings, solutions,
/// and `profile[l]`, the nodes at level `l`.
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
#[derive(Clone, Default)]
pub(crate) struct Stats {
    /// Search-tree nodes.
    nodes: u64,
    /// Link updates (Knuth's "updates").
    updates: u64,
    /// Knuth's "cleansings" (colors; 0 without).
    cleansings: u64,
    /// Solutions found.
    solutions: u64,
    /// Nodes per level of the tree.
    profile: Vec<u64>,
}

impl From<&DlxStats> for Stats {
    fn from(s: &DlxStats) -> Self {
        Stats {
            nodes: s.nodes,
            updates: s.updates,
            cleansings: s.cleansings,
            solutions: s.solutions,
            profile: s.profile.clone(),
        }
    }
}

impl From<DlxStats> for Stats {
    fn from(s: DlxStats) -> Self {
        Stats {
            nodes: s.nodes,
            updates: s.updates,
            cleansings: s.cleansings,
            solutions: s.solutions,
            profile: s.profile,
        }
    }
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(nodes={}, updates={}, cleansings={}, solutions={}, levels={})",
            self.nodes,
            self.updates,
            self.cleansings,
            self.solutions,
            self.profile.len()
        )
    }
}

/// Whether a problem has no solution, one, or more (with two of them), or
/// the budget ran out first: `kind` is "none", "unique", "multiple" or
/// "budget".
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
pub(crate) struct Uniqueness {
    /// "none", "unique", "multiple" or "budget".
    kind: &'static str,
    /// No solution, the one, or two different ones.
    solutions: Vec<Py<Solution>>,
}

impl Uniqueness {
    pub(crate) fn new(kind: &'static str, solutions: Vec<Py<Solution>>) -> Self {
        Uniqueness { kind, solutions }
    }
}

#[pymethods]
impl Uniqueness {
    /// Whether there is exactly one solution.
    #[getter]
    fn is_unique(&self) -> bool {
        self.kind == "unique"
    }

    fn __bool__(&self) -> bool {
        self.is_unique()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let options: Vec<String> = self
            .solutions
            .iter()
            .map(|s| format!("{:?}", s.borrow(py).options))
            .collect();
        format!(
            "Uniqueness(kind='{}', solutions=[{}])",
            self.kind,
            options.join(", ")
        )
    }
}

/// Knuth's Monte Carlo estimate of the search tree (`Dlx::estimate`): the
/// means over random paths, with their standard errors.
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
pub(crate) struct Estimate {
    /// Estimated search-tree nodes (as `stats.nodes` counts them).
    nodes: f64,
    /// The standard error of `nodes` (0 when every path agreed).
    nodes_error: f64,
    /// Estimated solutions.
    solutions: f64,
    /// The standard error of `solutions`.
    solutions_error: f64,
    /// Estimated link updates of a search that visits every node (the
    /// iterator's `stats.updates`).
    updates: f64,
    /// The standard error of `updates`.
    updates_error: f64,
    /// Estimated nodes at each level, from the root (Knuth's profile).
    profile: Vec<f64>,
    /// The random paths drawn.
    samples: u64,
    /// The seed they were drawn from.
    seed: u64,
}

impl Estimate {
    pub(crate) fn new(estimate: &dlx_engine::Estimate, seed: u64) -> Self {
        Estimate {
            nodes: estimate.nodes(),
            nodes_error: estimate.nodes_error(),
            solutions: estimate.solutions(),
            solutions_error: estimate.solutions_error(),
            updates: estimate.updates(),
            updates_error: estimate.updates_error(),
            profile: estimate.profile(),
            samples: estimate.samples(),
            seed,
        }
    }
}

#[pymethods]
impl Estimate {
    fn __repr__(&self) -> String {
        format!(
            "Estimate(nodes={:.4e}, nodes_error={:.2e}, solutions={:.4e}, \
             solutions_error={:.2e}, updates={:.4e}, samples={})",
            self.nodes,
            self.nodes_error,
            self.solutions,
            self.solutions_error,
            self.updates,
            self.samples
        )
    }
}
