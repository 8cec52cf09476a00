//! Canonical (minlex) forms: equal for equivalent puzzles.

use pyo3::prelude::*;
use sudoku_dlx::{Canonicalizer, Error, Puzzle, Rules};

use crate::errors::BudgetExhausted;
use crate::sudoku::puzzle::NativePuzzle;

/// The canonical form of `puzzle`'s givens and the transformation that
/// reaches it, as `canon --with-transform` writes it. The search is bounded
/// by `max_nodes` (the library's default budget when None), so it runs on
/// the calling thread, the GIL released.
#[pyfunction]
#[pyo3(signature = (puzzle, max_nodes))]
pub(crate) fn sudoku_canonical(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    max_nodes: Option<u64>,
) -> PyResult<(NativePuzzle, String)> {
    let p = &puzzle.puzzle;
    let canonical = py.detach(|| {
        let mut canonicalizer = Canonicalizer::new();
        if let Some(nodes) = max_nodes {
            canonicalizer.set_budget(nodes);
        }
        canonicalizer.canonical(p)
    });
    let canonical = match canonical {
        Ok(canonical) => canonical,
        Err(e @ Error::CanonBudget { .. }) => {
            return Err(BudgetExhausted::new_err(e.describe(p.alphabet())));
        }
        Err(e) => return Err(puzzle.error(py, &e)),
    };
    let (form, transform) = canonical.into_parts();
    let form = Puzzle::new(Rules::new(p.shape()), form)
        .map_err(|e| puzzle.error(py, &e))?
        .with_alphabet(p.alphabet());
    Ok((NativePuzzle::new(form), transform.to_string()))
}
