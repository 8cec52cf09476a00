"""Exact cover: Knuth's Algorithms X, C and M with dancing links.

Build a :class:`Problem` from options as lists of item names (xcover's
shape: ``"x:red"`` colors secondary item ``x``), from Knuth's DLX1/2/3 text
(:meth:`Problem.parse`, :meth:`Problem.read`), or from a 0/1 matrix
(:func:`from_matrix`: numpy or scipy.sparse, both optional). Then iterate
its solutions lazily, ``count`` them on every core, ask for the ``first``,
``uniqueness``, ``random`` solutions, an ``estimate`` of the tree, or
``split`` the search into picklable jobs for other processes or machines
(``run_job``, :func:`merge`). See docs/python.md.
"""

from __future__ import annotations

import sys

# The annotations are strings (above), and `typing` is for the type checker
# only: importing it would cost more than the rest of this module and the
# engine together (docs/python.md, "What a call costs").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional, Sequence

from ._native import (
    BudgetExhausted,
    Count,
    Estimate,
    Job,
    JobResult,
    Merged,
    MergeError,
    ParseError,
    Problem,
    ProblemError,
    ProgressInfo,
    RandomSolutions,
    Solution,
    Solutions,
    Stats,
    Uniqueness,
    from_matrix,
    merge,
)

__all__ = [
    "BudgetExhausted",
    "Count",
    "Estimate",
    "Job",
    "JobResult",
    "MergeError",
    "Merged",
    "ParseError",
    "Problem",
    "ProblemError",
    "ProgressInfo",
    "RandomSolutions",
    "Solution",
    "Solutions",
    "Stats",
    "Uniqueness",
    "from_matrix",
    "merge",
]


def _from_matrix_any(
    matrix: Any,
    primary: Optional[int] = None,
    names: Optional[Sequence[str]] = None,
) -> Problem:
    """:func:`from_matrix` for what its native call does not read itself:
    other dtypes, subclasses and array-likes, scipy.sparse, names, and an
    int ``primary`` of another type."""
    names_list = None if names is None else [str(n) for n in names]
    if primary is not None and int(primary) < 0:
        # Before any native call, whose unsigned argument would raise
        # OverflowError rather than the ProblemError of other bad counts.
        raise ProblemError(f"{int(primary)} primary columns: a count of columns cannot be negative")
    # A numpy boolean array of two dimensions with names (not a subclass:
    # ``np.asarray`` below makes those plain), ``primary`` an int or None,
    # in one more native call. Anything else (``_from_bool_array`` gives
    # None) goes the long way.
    np = sys.modules.get("numpy")
    if np is not None and type(matrix) is np.ndarray and (primary is None or type(primary) is int):
        problem = Problem._from_bool_array(matrix, primary, names_list)
        if problem is not None:
            return problem
    if _is_scipy_sparse(matrix):
        np = _numpy()
        csr = matrix.tocsr(copy=True)
        csr.sum_duplicates()
        csr.eliminate_zeros()
        rows, columns = csr.shape
        return Problem._from_matrix(
            (np.asarray(csr.indptr, dtype=np.int64), np.asarray(csr.indices, dtype=np.int64), int(columns)),
            int(columns if primary is None else primary),
            names_list,
        )
    np = _numpy()
    # An array as it is (``np.asarray`` would hand it back), and its dtype's
    # kind rather than ``dtype != np.bool_``, which makes a dtype of
    # ``np.bool_`` at each call: a third of the Python side of a small
    # matrix's ``from_matrix``.
    array = matrix if type(matrix) is np.ndarray else np.asarray(matrix)
    if array.ndim != 2:
        raise ProblemError(f"a matrix has 2 dimensions, this one {array.ndim}")
    if array.dtype.kind != "b":
        array = array != 0
    columns = array.shape[1]
    return Problem._from_matrix(array, int(columns if primary is None else primary), names_list)


def _numpy() -> Any:
    """numpy, imported on first use: ``import sudoku_dlx`` does not load it.
    An ``import`` statement in a function costs about half a microsecond a
    call even when the module is loaded, a tenth of a small matrix's
    ``from_matrix``; ``sys.modules`` is a dict look-up."""
    loaded = sys.modules.get("numpy")
    if loaded is not None:
        return loaded
    import numpy

    return numpy


def _is_scipy_sparse(matrix: Any) -> bool:
    """Whether ``matrix`` is a scipy.sparse matrix, without importing scipy
    unless it is already imported (a sparse matrix means it is)."""
    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and bool(sparse.issparse(matrix))
