//! Solvers kept between calls. A `Solver` is built once per rules (its
//! matrix, its bitsets) and reused, as the library asks; Python callers
//! solve puzzle after puzzle through one-liners, so the last few solvers
//! are kept here, by rules, and handed out one caller at a time.

use std::sync::{Arc, Mutex};

use sudoku_dlx::{Budget, Method, Progress, Rules, Solver};

/// Solvers kept at most: enough for a few rule sets in turn, few enough
/// that a stream of jigsaw or killer puzzles (new rules each) stays small.
const KEPT: usize = 8;

static POOL: Mutex<Vec<Solver>> = Mutex::new(Vec::new());

/// A solver for `rules`, set for one call: `max_nodes` as its budget,
/// `seed` as its order, `stop` as its stop.
pub(crate) fn take(
    rules: &Rules,
    max_nodes: Option<u64>,
    seed: Option<u64>,
    stop: Option<Arc<Progress>>,
) -> Solver {
    let kept = {
        let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        pool.iter()
            .position(|s| s.rules() == rules)
            .map(|at| pool.swap_remove(at))
    };
    let mut solver = kept.unwrap_or_else(|| Solver::new(rules));
    solver.set_budget(max_nodes.map_or(Budget::UNLIMITED, Budget::nodes));
    solver.set_seed(seed);
    solver.set_method(Method::Auto);
    solver.set_stop(stop);
    solver
}

/// Keeps `solver` for the next call of its rules.
pub(crate) fn give_back(mut solver: Solver) {
    solver.set_stop(None);
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if pool.len() >= KEPT {
        pool.remove(0);
    }
    pool.push(solver);
}
