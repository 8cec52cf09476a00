"""Exact cover from Python: known counts, the shapes problems come in,
results, budgets, threads, bad input, and the solver reused."""

from __future__ import annotations

import itertools
import os
import pickle
import subprocess
import sys

import pytest

from conftest import EXACT_COVER, KnuthText
from sudoku_dlx import cover


def queens(n: int) -> cover.Problem:
    """The n queens, xcover-style: rows and columns primary, diagonals
    secondary (declared, since no option colors them)."""
    options = [
        [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
        for r in range(n)
        for c in range(n)
    ]
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    return cover.Problem(options, secondary=diagonals)


def langford(n: int) -> cover.Problem:
    """Langford pairings of 1..n: digit k at positions i and i+k+1."""
    options = [
        [str(k), f"s{i}", f"s{i + k + 1}"]
        for k in range(1, n + 1)
        for i in range(2 * n - k - 1)
    ]
    return cover.Problem(options)


@pytest.mark.parametrize("n,expected", [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)])
def test_queens_counts(n: int, expected: int) -> None:
    problem = queens(n)
    count = problem.count()
    assert (count.solutions, count.end, count.exact) == (expected, "exhausted", True)
    assert sum(1 for _ in problem) == expected


@pytest.mark.parametrize("n,expected", [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)])
def test_langford_counts(n: int, expected: int) -> None:
    # Both reflections of each pairing: 2 * L(n).
    assert langford(n).count().solutions == expected


def test_pentominoes_from_file() -> None:
    problem = cover.Problem.read(EXACT_COVER / "pentominoes-6x10.dlx")
    # 2339 tilings up to symmetry, each in 4 orientations of the rectangle.
    assert problem.count(jobs=2).solutions == 4 * 2339


def test_knuth_example() -> None:
    problem = cover.Problem.parse((EXACT_COVER / "knuth-example.dlx").read_text())
    answer = problem.uniqueness()
    assert answer.kind == "unique" and answer.is_unique and bool(answer)
    (solution,) = answer.solutions
    assert sorted(problem.option(o) for o in solution.options) == ["A D", "B G", "C E F"]
    assert problem.stats.nodes == 6 or problem.stats.nodes > 0


def test_xcc_colors() -> None:
    # Knuth's DLX2 example: one solution, giving x the color A.
    problem = cover.Problem.read(EXACT_COVER / "knuth-colors.dlx")
    assert problem.kind == "colors"
    (solution,) = list(problem)
    assert solution.colors == {"x": "A"}
    assert sorted(problem.option(o) for o in solution.options) == ["p r x:A y", "q x:A"]


def test_xcc_named_options_infer_secondary_from_colors() -> None:
    # The same problem, xcover-style: x and y are secondary because colored.
    problem = cover.Problem(
        [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]]
    )
    assert problem.primary == ["p", "q", "r"]
    assert problem.secondary == ["x", "y"]
    solutions = list(problem)
    assert [s.colors for s in solutions] == [{"x": "A"}]
    assert [s.items for s in solutions] == [[["q", "x"], ["p", "r", "x", "y"]]]


def test_mcc_bounds() -> None:
    # Knuth's DLX3 example: A and B once, C two or three times.
    problem = cover.Problem(
        [["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["C", "X:0"], ["B", "X:1"], ["C", "Y:1"]],
        bounds={"C": (2, 3)},
    )
    assert problem.kind == "multiplicities"
    answer = problem.uniqueness()
    assert answer.kind == "unique"
    assert sorted(answer.solutions[0].options) == [1, 3, 4]
    text = cover.Problem.parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    assert text.count().solutions == 1


def test_bounds_exactly_n() -> None:
    # Choose exactly two of four singletons covering A: C(4, 2) ways.
    problem = cover.Problem([["A", f"o{i}"] for i in range(4)], bounds={"A": 2},
                            secondary=[f"o{i}" for i in range(4)])
    assert problem.count().solutions == 6


def test_primary_given_makes_the_rest_secondary() -> None:
    problem = cover.Problem([["a", "x"], ["a"], ["b", "x"], ["b"]], primary=["a", "b"])
    assert problem.secondary == ["x"]
    # x at most once: a+x with b, a with b+x, a with b.
    assert problem.count().solutions == 3


def test_names_that_python_finds_equal_stay_apart() -> None:
    """An entry other than a str is named by its str(): 1, True and 1.0
    are three items, though a dict takes them for one key (building looks
    each distinct str up once; seen failing when every entry was)."""
    problem = cover.Problem([[1, "a"], [True, "b"], [1.0, "c"], ["1", "d"]])
    assert problem.primary == ["1", "a", "True", "b", "1.0", "c", "d"]
    assert problem.count().solutions == 0
    assert cover.Problem([[1, True], [1.0]]).count().solutions == 1


def test_items_inferred_in_order_of_first_appearance() -> None:
    options = [["b", "x:1", "a"], ["c", "y"], ["a", "y", "x:2"], ["d", "z"]]
    # Nothing given: primary unless colored; a bounded item no option names
    # is primary too, after the others.
    problem = cover.Problem(options, bounds={"a": (1, 2), "e": 1})
    assert (problem.primary, problem.secondary) == (["b", "a", "c", "y", "d", "z", "e"], ["x"])
    # Secondary given: every other item primary, in order.
    problem = cover.Problem(options, secondary=["z", "y", "x"])
    assert (problem.primary, problem.secondary) == (["b", "a", "c", "d"], ["z", "y", "x"])
    # Primary given: the rest secondary, in order of first appearance.
    problem = cover.Problem(options, primary=["d", "c", "b", "a"])
    assert (problem.primary, problem.secondary) == (["d", "c", "b", "a"], ["x", "y", "z"])
    # Both given: as given, even an item no option names.
    problem = cover.Problem(options, primary=["a", "b", "c", "d", "w"], secondary=["z", "x", "y"])
    assert (problem.primary, problem.secondary) == (["a", "b", "c", "d", "w"], ["z", "x", "y"])
    assert problem.count().solutions == 0
    # Thousands of items, declared or not, built in one pass.
    n = 20_000
    many = [[f"p{k}", f"s{k}"] for k in range(n)]
    problem = cover.Problem(many, primary=[f"p{k}" for k in range(n)])
    assert len(problem.secondary) == n and problem.count().solutions == 1


def test_names_that_are_not_strings() -> None:
    problem = cover.Problem([[1, 2], [1], [2]])
    assert problem.items == ["1", "2"]
    assert problem.count().solutions == 2


def test_first_and_random_are_solutions() -> None:
    problem = queens(8)
    checker = KnuthText(str(problem))
    first = problem.first()
    assert first is not None and checker.is_solution(first.options)
    draws = list(itertools.islice(problem.random(7), 20))
    assert all(checker.is_solution(d.options) for d in draws)
    assert len({tuple(d.options) for d in draws}) > 1
    again = list(itertools.islice(problem.random(7), 20))
    assert [d.options for d in again] == [d.options for d in draws]
    assert cover.Problem([["a"], ["b"]], primary=["a", "b", "c"]).first() is None


def far_left(n: int) -> cover.Problem:
    """A problem whose leftmost search meets its one solution only after
    the whole unsolvable Langford tree of n (10: 60,962 nodes), where the
    same tree from its right end meets it at once."""
    langford_options = [
        [str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(2 * n - k - 1)
    ]
    everything = ["z", "t"] + [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    return cover.Problem([["z", "t"]] + langford_options + [everything], primary=everything)


def test_first_on_threads_races_from_both_ends() -> None:
    problem = far_left(10)
    alone = problem.first()
    assert alone is not None and alone.options == [len(problem) - 1]
    assert problem.stats.nodes == 60962
    for jobs in (2, 3, None):
        raced = problem.first(jobs=jobs)
        assert raced is not None and raced.options == alone.options
        # The search from the right end won: the left had not finished.
        assert problem.stats.nodes < 60962 and problem.stats.solutions == 1
    # Where the two ends meet solutions as soon, any solution may come.
    pentominoes = cover.Problem.read(EXACT_COVER / "pentominoes-6x10.dlx")
    checker = KnuthText((EXACT_COVER / "pentominoes-6x10.dlx").read_text())
    for _ in range(5):
        solution = pentominoes.first(jobs=2)
        assert solution is not None and checker.is_solution(solution.options)
    assert langford(10).first(jobs=2) is None
    assert queens(3).first(jobs=2) is None  # small: on masks, one thread
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        problem.first(jobs=0)
    # A budget or a seed: one search, in its own order.
    with pytest.raises(cover.BudgetExhausted):
        problem.first(budget=100, jobs=2)
    assert problem.first(seed=1, jobs=2) == problem.first(seed=1)


def test_no_solution_random_ends_exhausted() -> None:
    draws = cover.Problem([["a"], ["b"]], primary=["a", "b", "c"]).random(1)
    assert list(draws) == []
    assert draws.end == "exhausted"


def test_uniqueness_multiple_gives_two_solutions() -> None:
    answer = queens(6).uniqueness()
    assert answer.kind == "multiple" and not answer.is_unique
    a, b = answer.solutions
    assert a != b
    assert cover.Problem([["a"], ["b"]], primary=["a", "b", "c"]).uniqueness().kind == "none"


def test_budget_says_budget_not_no_solution() -> None:
    problem = queens(10)
    count = problem.count(budget=50, jobs=1)
    assert count.end == "budget" and not count.exact and count.solutions < 724
    with pytest.raises(cover.BudgetExhausted):
        cover.Problem.read(EXACT_COVER / "partridge-6.dlx").first(budget=100)
    solutions = problem.solutions(budget=50)
    assert len(list(solutions)) < 724
    assert solutions.end == "budget"
    assert problem.uniqueness(budget=3).kind == "budget"


def test_limit() -> None:
    count = queens(8).count(limit=10)
    assert (count.solutions, count.end, count.exact) == (10, "limit", False)


@pytest.mark.parametrize("jobs", [1, 2, 8])
def test_counts_on_threads(jobs: int) -> None:
    assert queens(10).count(jobs=jobs).solutions == 724
    assert langford(8).count(jobs=jobs).solutions == 300
    assert cover.Problem.read(EXACT_COVER / "knuth-colors.dlx").count(jobs=jobs) == 1


def test_stats_profile() -> None:
    problem = queens(8)
    problem.count(jobs=1)
    stats = problem.stats
    assert stats.solutions == 92
    assert sum(stats.profile) == stats.nodes > 0
    assert stats.updates > 0


def test_estimate() -> None:
    # Knuth's estimate is unbiased: on queens, Knuth's examples (exact cover,
    # with colors) and an MCC problem, the mean of many random
    # paths is within a few standard errors of the tree the search walks.
    problems = [queens(8)]
    problems += [cover.Problem.read(EXACT_COVER / f) for f in ["knuth-example.dlx", "knuth-colors.dlx"]]
    problems.append(cover.Problem.parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"))
    for problem in problems:
        count = problem.count(jobs=1)
        tree = problem.stats
        estimate = problem.estimate(samples=3000, seed=5)
        assert estimate.samples == 3000 and estimate.seed == 5
        assert abs(estimate.nodes - tree.nodes) <= 4 * estimate.nodes_error + 1e-9
        assert abs(estimate.solutions - count.solutions) <= 4 * estimate.solutions_error + 1e-9
        assert estimate.profile[0] == 1.0 and len(estimate.profile) <= len(tree.profile)
        # The updates are those of a search that enters every node: the
        # iterator's (a count adds leaves at once, with fewer).
        walk = problem.solutions()
        assert sum(1 for _ in walk) == count.solutions
        updates = walk.stats.updates
        assert abs(estimate.updates - updates) <= 4 * estimate.updates_error + 1e-9, (estimate, updates)
        # The same seed, the same estimate; another seed, another.
        again = problem.estimate(samples=3000, seed=5)
        assert (again.nodes, again.profile) == (estimate.nodes, estimate.profile)
        assert problem._links_intact()
    assert queens(8).estimate(200, seed=1).nodes != queens(8).estimate(200, seed=2).nodes
    # Every node of a level with as many children: exact, with no error.
    uniform = cover.Problem([["a"], ["a"], ["b"], ["b"]])
    estimate = uniform.estimate(samples=10)
    assert (estimate.nodes, estimate.nodes_error, estimate.solutions) == (7.0, 0.0, 4.0)
    assert estimate.profile == [1.0, 2.0, 4.0]


def test_iterator_abandoned_half_way_then_reused() -> None:
    problem = queens(8)
    solutions = problem.solutions()
    first = [next(solutions) for _ in range(5)]
    # A second search while the first is open, then the first goes on.
    assert problem.count().solutions == 92
    rest = list(solutions)
    assert len(first) + len(rest) == 92 and solutions.end == "exhausted"
    half = problem.solutions()
    next(half)
    half.close()
    assert half.end == "stopped" and list(half) == []
    assert problem._links_intact()
    assert problem.count().solutions == 92
    again = problem.solutions()
    next(again)
    del again
    assert problem.count(jobs=1).solutions == 92
    assert [s.options for s in itertools.islice(problem, 5)] == [s.options for s in first]


def test_iterating_many_solutions_in_flat_memory() -> None:
    import tracemalloc

    problem = langford(11)
    tracemalloc.start()
    seen = 0
    peak_after_warmup = 0
    for i, solution in enumerate(problem):
        seen += 1
        if i == 100:
            tracemalloc.reset_peak()
        if i > 100:
            peak_after_warmup = max(peak_after_warmup, tracemalloc.get_traced_memory()[1])
    tracemalloc.stop()
    assert seen == 35584
    # Each solution is dropped before the next: the peak stays that of a few.
    assert peak_after_warmup < 64 * 1024


def test_progress_callback_and_tqdm_like() -> None:
    problem = cover.Problem.read(EXACT_COVER / "langford-11.dlx")
    seen: list[cover.ProgressInfo] = []
    count = problem.count(jobs=1, progress=seen.append, interval=0.0)
    assert count.solutions == 35584
    assert seen and seen[-1].solutions == 35584 and seen[-1].nodes == count.nodes
    assert seen[-1].fraction == 1.0

    class Bar:
        def __init__(self) -> None:
            self.n = 0
            self.postfix: dict[str, object] = {}

        def update(self, n: int) -> None:
            self.n += n

        def set_postfix(self, postfix: dict[str, object]) -> None:
            self.postfix = postfix

    bar = Bar()
    count = problem.count(jobs=2, progress=bar, interval=0.0)
    # The nodes above a parallel count's first split are in its stats only.
    assert 0 < bar.n <= count.nodes and bar.postfix["solutions"] == 35584


def test_progress_callback_exception_stops_the_count() -> None:
    def fail(info: cover.ProgressInfo) -> None:
        raise RuntimeError("enough")

    problem = cover.Problem.read(EXACT_COVER / "queens-15.dlx")
    with pytest.raises(RuntimeError, match="enough"):
        problem.count(jobs=1, progress=fail, interval=0.0)
    assert problem.count(limit=3).solutions == 3


def test_from_numpy() -> None:
    np = pytest.importorskip("numpy")
    matrix = np.array(
        [[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
         [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]],
        dtype=bool,
    )
    problem = cover.from_matrix(matrix)
    assert problem.items == [f"c{i}" for i in range(7)]
    (solution,) = list(problem)
    assert sorted(solution.options) == [0, 3, 4]
    # Integer matrices, and secondary columns (the last two).
    assert cover.from_matrix(matrix.astype(np.int8), primary=5, names="ABCDEFG").secondary == ["F", "G"]
    strided = np.asfortranarray(matrix)
    assert cover.from_matrix(strided).count() == 1


def test_from_matrix_names_its_columns_when_asked() -> None:
    # The names c0, c1... are made only when something asks for one:
    # after a search, in solutions, the text, pickles and error messages.
    np = pytest.importorskip("numpy")
    matrix = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool)
    for dtype in (bool, np.int8, np.float64, object):
        problem = cover.from_matrix(matrix.astype(dtype))
        assert problem.count(jobs=1).solutions == 2
        assert problem.stats.solutions == 2
        first = problem.first()
        assert first is not None and first.items == [["c0", "c2"], ["c1"]]
        assert str(first) == "c0 c2\nc1\n"
        assert problem.items == ["c0", "c1", "c2"]
        assert str(problem) == "c0 c1 c2\nc0 c2\nc1\nc0 c1\nc2\n"
        again = pickle.loads(pickle.dumps(problem))
        assert again.items == problem.items
        assert [s.items for s in again] == [s.items for s in problem]
    named = cover.from_matrix(matrix, primary=2, names=["a", "b", "x"])
    assert named.secondary == ["x"] and named.first().items == [["a", "x"], ["b"]]
    # An error names the column as the problem would have.
    indptr = np.array([0, 2], dtype=np.int64)
    indices = np.array([1, 1], dtype=np.int64)
    with pytest.raises(cover.ProblemError, match='row 0 names item "c1" twice'):
        cover.Problem._from_matrix((indptr, indices, 3), 3)
    with pytest.raises(cover.ProblemError, match='row 0 names item "B" twice'):
        cover.Problem._from_matrix((indptr, indices, 3), 3, ["A", "B", "C"])


def _built(make: object) -> tuple:
    """What a user sees of the problem ``make()`` builds, or of its error."""
    try:
        problem = make()  # type: ignore[operator]
    except Exception as error:  # noqa: BLE001 - the error is what is compared
        return ("error", type(error), str(error), getattr(error, "option", None))
    count = problem.count(jobs=1)
    return (
        str(problem),
        repr(problem),
        len(problem),
        problem.items,
        problem.primary,
        problem.secondary,
        [problem.option(k) for k in range(len(problem))],
        (count.solutions, count.end, count.nodes),
        [(s.options, s.items) for s in problem],
        str(pickle.loads(pickle.dumps(problem))),
        [s.options for s in pickle.loads(pickle.dumps(problem))],
    )


def test_from_matrix_one_call_gives_what_the_long_way_gave() -> None:
    # A numpy boolean array of two dimensions is built in one native call
    # (Problem._from_bool_array); anything else the long way, through
    # np.asarray, `!= 0` and Problem._from_matrix. A subclass of ndarray
    # takes the long way with the same cells: both must give the same
    # problem, or the same error with the same message.
    np = pytest.importorskip("numpy")

    class Sub(np.ndarray):  # type: ignore[misc]
        pass

    rng = np.random.default_rng(42)
    matrices = [
        np.zeros((0, 3), dtype=bool),
        np.zeros((3, 0), dtype=bool),
        np.zeros((2, 3), dtype=bool),
        np.eye(4, dtype=bool),
        np.array([[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=bool),
        np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool),
    ]
    # (80, 60): more cells than are copied out (COPY_CELLS), borrowed in place.
    for rows, columns in [(6, 7), (9, 5), (12, 9), (20, 13), (80, 60)]:
        for density in (0.2, 0.4):
            m = rng.random((rows, columns)) < density
            m[:, columns // 2] = False  # a column with no 1
            matrices += [m, np.asfortranarray(m), m[::-1], m[:, ::2]]
    for m in matrices:
        columns = m.shape[1]
        if columns:  # no column: no primary item, an error either way
            assert cover.Problem._from_bool_array(m) is not None
        arguments = [{}, {"primary": 0}, {"primary": columns // 2}, {"primary": columns},
                     {"primary": columns + 1}, {"primary": -1},
                     {"names": [f"n{k}" for k in range(columns)]},
                     {"names": ["x"] * columns}, {"names": ["a"] * (columns + 1)},
                     {"primary": max(columns - 1, 0), "names": [f"n{k}" for k in range(columns)]}]
        for kwargs in arguments:
            fast = _built(lambda: cover.from_matrix(m, **kwargs))
            long = _built(lambda: cover.from_matrix(m.view(Sub), **kwargs))
            assert fast == long, (m.shape, kwargs)
            if fast[0] != "error":
                primary = kwargs.get("primary", columns)
                names = kwargs.get("names")
                assert fast == _built(lambda: cover.Problem._from_matrix(m, primary, names)), (m.shape, kwargs)
    # Not a two-dimensional boolean array: not the one call, and the long
    # way's answers and errors as before.
    square = np.array([[1, 0], [0, 1]])
    for other in (square, square.astype(np.float64), square.astype(bool)[0], square.astype(bool)[None],
                  square.tolist()):
        assert cover.Problem._from_bool_array(other) is None
    assert _built(lambda: cover.from_matrix(square)) == _built(lambda: cover.from_matrix(square.astype(bool)))
    assert _built(lambda: cover.from_matrix(np.zeros(3, dtype=bool)))[:3] == (
        "error", cover.ProblemError, "a matrix has 2 dimensions, this one 1")
    for primary in (True, np.int64(1), 1.0):
        fast = _built(lambda: cover.from_matrix(square.astype(bool), primary=primary))
        assert fast == _built(lambda: cover.from_matrix(square.astype(bool), primary=1))
    # A negative count of primary columns is a ProblemError (a ValueError)
    # on every path, not the OverflowError of an unsigned argument.
    scipy_sparse = pytest.importorskip("scipy.sparse")
    for given in (square.astype(bool), square, square.tolist(), scipy_sparse.csr_matrix(square)):
        for primary in (-1, np.int64(-2)):
            built = _built(lambda: cover.from_matrix(given, primary=primary))
            assert built[:3] == ("error", cover.ProblemError,
                                 f"{int(primary)} primary columns: a count of columns cannot be negative")
            with pytest.raises(ValueError):
                cover.from_matrix(given, primary=primary, names=["a", "b"])


def test_from_numpy_reads_every_layout() -> None:
    # Rows in one piece are read eight cells at a time (a remainder after
    # the last eight), others a cell at a time: every width from 1 to 19,
    # in C and Fortran order, rows reversed, and rows with a stride.
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(7)
    for columns in range(1, 20):
        wide = rng.random((9, 2 * columns)) < 0.3
        for r in range(9):
            wide[r, 2 * (r % columns)] = True
        base = np.ascontiguousarray(wide[:, ::2])
        views = {
            "C": base,
            "Fortran": np.asfortranarray(base),
            "reversed": base[::-1],
            "strided": wide[:, ::2],
            "offset": np.ascontiguousarray(wide)[:, 1:][:, ::2][:, :columns] if columns > 1 else base,
        }
        for layout, view in views.items():
            problem = cover.from_matrix(view)
            expected = [" ".join(f"c{j}" for j in np.flatnonzero(row)) for row in view]
            got = [problem.option(k) for k in range(view.shape[0])]
            assert got == expected, (columns, layout)


def test_from_scipy_sparse() -> None:
    np = pytest.importorskip("numpy")
    sparse = pytest.importorskip("scipy.sparse")
    dense = np.array(
        [[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
         [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]],
        dtype=bool,
    )
    for make in (sparse.csr_matrix, sparse.coo_matrix, sparse.csc_matrix, sparse.csr_array):
        problem = cover.from_matrix(make(dense))
        assert [sorted(s.options) for s in problem] == [[0, 3, 4]]
    queens_dense = np.zeros((64, 16 + 30), dtype=bool)
    for r in range(8):
        for c in range(8):
            row = 8 * r + c
            queens_dense[row, [r, 8 + c, 16 + r + c, 31 + r - c + 7]] = True
    assert cover.from_matrix(sparse.coo_matrix(queens_dense), primary=16).count() == 92
    assert cover.from_matrix(queens_dense, primary=16).count() == 92


def test_parse_errors_have_positions(tmp_path: object) -> None:
    with pytest.raises(cover.ParseError) as caught:
        cover.Problem.parse("A B | C\nA C\nB D\n")
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert isinstance(caught.value, ValueError)
    assert "line 3, column 3" in str(caught.value)
    from pathlib import Path

    bad = Path(str(tmp_path)) / "bad.dlx"
    bad.write_text("A B\nA\nB Z\n")
    with pytest.raises(cover.ParseError) as caught:
        cover.Problem.read(bad)
    assert str(caught.value).startswith(f"{bad}:3:3:")
    with pytest.raises(OSError):
        cover.Problem.read(Path(str(tmp_path)) / "missing.dlx")


@pytest.mark.parametrize(
    "options,kwargs,option,message",
    [
        # Items and options by the names and positions the user gave.
        ([["a", "b"], ["a", "a"]], {}, 1, 'options[1] ["a", "a"] names item "a" twice'),
        ([["a"], ["b", "z"]], {"primary": ["a", "b"], "secondary": []}, 1,
         'options[1] ["b", "z"] names "z", which is neither primary nor secondary'),
        ([["a:red"]], {"primary": ["a"]}, 0, 'options[0] ["a:red"] gives primary item "a" a color'),
        ([["x:"], ["a"]], {"secondary": ["x"]}, 0, 'options[0] ["x:"] has "x:" with no color'),
        (["ab"], {}, 0, "options[0] 'ab': a list of item names, not a string"),
        ([["b"], ["a"]], {"bounds": {"a": (3, 2)}}, None, 'bounds (3, 2) for item "a" are not valid'),
        ([["a"]], {"bounds": {"a": "x"}}, None, "bounds"),
        ([["a", "x"]], {"secondary": ["x"], "bounds": {"x": 2}}, None, "not primary"),
        ([["a b"]], {}, None, "a b"),
    ],
)
def test_bad_options(options: list, kwargs: dict, option: object, message: str) -> None:
    with pytest.raises(cover.ProblemError) as caught:
        cover.Problem(options, **kwargs)
    assert isinstance(caught.value, ValueError)
    assert caught.value.option == option
    assert message in str(caught.value)


def test_bad_sparse_matrix_names_its_row() -> None:
    np = pytest.importorskip("numpy")
    # CSR arrays as from_matrix hands them over: row 1 has no primary item
    # and is left out, row 2 names column 7 of 3. The error names row 2.
    indptr = np.array([0, 1, 2, 3], dtype=np.int64)
    indices = np.array([0, 2, 7], dtype=np.int64)
    with pytest.raises(cover.ProblemError) as caught:
        cover.Problem._from_matrix((indptr, indices, 3), 2)
    assert caught.value.option == 2
    assert str(caught.value).startswith("row 2 names item 7, but the problem has only 3 items")


def test_bad_matrices() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(cover.ProblemError, match="2 dimensions"):
        cover.from_matrix(np.zeros(3, dtype=bool))
    with pytest.raises(cover.ProblemError, match="primary columns"):
        cover.from_matrix(np.ones((2, 2), dtype=bool), primary=3)
    # A row without a primary item is left out; solutions keep row numbers.
    for matrix in ([[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 0, 0], [0, 0, 1], [0, 1, 0]]):
        problem = cover.from_matrix(np.array(matrix, dtype=bool), primary=2)
        assert len(problem) == len(matrix)
        assert [s.options for s in problem] == [[0, 2]]
        assert problem.option(1) == ""
        assert [s.options for s in pickle.loads(pickle.dumps(problem))] == [[0, 2]]
    # Rows left out only after the last kept one, or only before the first.
    problem = cover.from_matrix(np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool), primary=2)
    assert len(problem) == 4 and [s.options for s in problem] == [[0, 1]]
    assert [problem.option(k) for k in range(4)] == ["c0", "c1", "", ""]
    problem = cover.from_matrix(np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]], dtype=bool), primary=2)
    assert [s.options for s in problem] == [[1, 2]] and problem.option(0) == ""
    with pytest.raises(ValueError):
        queens(4).count(jobs=0)


def test_reprs() -> None:
    problem = queens(4)
    assert repr(problem) == "Problem(primary=8, secondary=14, options=16, kind='exact cover')"
    assert repr(problem.count()) == "Count(solutions=2, end='exhausted')"
    solution = problem.first()
    assert repr(solution).startswith("Solution(options=[")
    assert str(solution).count("\n") == 4
    assert repr(problem.uniqueness()).startswith("Uniqueness(kind='multiple', solutions=[[")
    assert "nodes=" in repr(problem.stats)
    assert repr(problem.estimate()).startswith("Estimate(nodes=")
    assert cover.Problem.parse(str(problem)).count() == 2


def small_problems() -> list[tuple[str, list[list[str]], list[str] | None]]:
    """Plain exact cover of at most 64 items and options, which searches
    on masks (docs/decisions/small-masks.md), with their primary items
    (None: inferred): Langford pairs of 4 and 5 (options of three items:
    leaves counted at once), options that doom, and an item no option has."""

    def langford_options(n: int) -> list[list[str]]:
        return [
            [str(k), f"s{i}", f"s{i + k + 1}"]
            for k in range(1, n + 1)
            for i in range(2 * n - k - 1)
        ]

    doomed = [["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"], ["a"], ["d"], ["b", "c"]]
    return [
        ("langford-4", langford_options(4), None),
        ("langford-5", langford_options(5), None),
        ("doomed", doomed, None),
        ("uncoverable", [["a"], ["b"], ["a", "b"], ["a"]], ["a", "b", "z"]),
    ]


def stats_of(stats: cover.Stats) -> tuple:
    return (stats.nodes, stats.updates, stats.cleansings, stats.solutions, list(stats.profile))


@pytest.mark.parametrize("name,options,primary", small_problems())
def test_small_problems_count_as_the_links_count(
    name: str, options: list[list[str]], primary: list[str] | None
) -> None:
    # A progress callback sends a count to the links (the masks report to
    # none): the same tree, limits and budgets, statistics and all.
    problem = cover.Problem(options, primary)
    for limit, budget, jobs in itertools.product([None, 0, 1, 2], [None, 0, 1, 5, 20], [1, None, 2]):
        masks = problem.count(limit, jobs, budget=budget)
        on_masks = stats_of(problem.stats)
        links = problem.count(limit, 1, budget=budget, progress=lambda info: None)
        assert (masks.solutions, masks.end, masks.nodes) == (links.solutions, links.end, links.nodes)
        assert on_masks == stats_of(problem.stats), (name, limit, budget, jobs)


def dominoes(columns: int) -> cover.Problem:
    """Domino tilings of a 2 x `columns` board: plain exact cover of at most
    64 items and options (for `columns` up to 22), a tree of thousands of
    nodes with few updates each (the masks, not bitsets)."""
    options = [[f"{r},{c}", f"{r},{c + 1}"] for r in range(2) for c in range(columns - 1)]
    options += [[f"0,{c}", f"1,{c}"] for c in range(columns)]
    return cover.Problem(options)


@pytest.mark.parametrize("columns", [18, 20])
def test_small_problems_past_the_look(columns: int) -> None:
    # On more threads a small problem's count takes a look of 8,192 nodes
    # on masks first. 2 x 18 (15,125 nodes) is half done after it and
    # counted on there; 2 x 20 (39,601 nodes) starts again on the threads.
    # Either way one count's answer and statistics, the look's part not
    # counted twice, and a budget past the look still bounds the count.
    problem = dominoes(columns)
    one = problem.count(jobs=1)
    one_stats = stats_of(problem.stats)
    assert (one.solutions, one.end) == (fibonacci(columns + 1), "exhausted")
    # On one thread the look (the GIL held) and then the rest in pieces:
    # one count on the links, statistics and all.
    links_one = problem.count(jobs=1, progress=lambda info: None)
    assert (one.solutions, one.end, one.nodes) == (links_one.solutions, links_one.end, links_one.nodes)
    assert one_stats == stats_of(problem.stats)
    links = problem.count(jobs=2, progress=lambda info: None)
    for jobs in [2, None]:
        count = problem.count(jobs=jobs)
        assert (count.solutions, count.end, count.nodes) == (one.solutions, one.end, one.nodes)
        assert (count.solutions, count.nodes) == (links.solutions, links.nodes)
        # The statistics of the count that ended it (on threads, their sum:
        # for an exact count one count's nodes, solutions and profile).
        stats = stats_of(problem.stats)
        assert (stats[0], stats[3], stats[4]) == (one_stats[0], one_stats[3], one_stats[4])
    budget = 12_000
    assert one.nodes > budget > 8_192
    within = problem.count(jobs=2, budget=budget)
    # (Threads can pass a budget by a few of their chunks' nodes.)
    assert within.end == "budget" and budget <= within.nodes < one.nodes, within
    assert 0 < within.solutions < one.solutions
    assert problem.stats.nodes == within.nodes
    limited = problem.count(1000, jobs=2)
    assert (limited.solutions, limited.end) == (1000, "limit")


def fibonacci(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("name,options,primary", small_problems())
def test_small_problems_find_what_the_links_find(
    name: str, options: list[list[str]], primary: list[str] | None
) -> None:
    # An unused secondary item sends every search to the links, with the
    # same tree; a seed does too, in its own order.
    problem = cover.Problem(options, primary)
    links = cover.Problem(options, primary, ["unused"])
    for budget in [None, 0, 1, 3, 10]:
        found = []
        for search in (problem.solutions(budget=budget), links.solutions(budget=budget)):
            found.append([(list(s.options), stats_of(search.stats)) for s in search])
            found.append((search.end, stats_of(search.stats)))
        assert found[0:2] == found[2:4], (name, budget)
        firsts: list[object] = []
        for p in (problem, links):
            try:
                first = p.first(budget=budget)
                firsts.append(None if first is None else list(first.options))
            except cover.BudgetExhausted as e:
                firsts.append(str(e))
            firsts.append(stats_of(p.stats))
            unique = p.uniqueness(budget=budget)
            firsts.append((unique.kind, [list(s.options) for s in unique.solutions]))
        assert firsts[0:3] == firsts[3:6], (name, budget)
    seeded = sorted(sorted(s.options) for s in problem.solutions(seed=5))
    assert seeded == sorted(sorted(s.options) for s in problem)


FORKED = """
import os, sys
from sudoku_dlx import cover

queens = cover.Problem.read(sys.argv[1])
langford = cover.Problem.read(sys.argv[2])
# Counts on two threads in the parent, each on threads of a pool kept for
# the next count: queens on the dancing cells, from a queue of jobs;
# Langford's pairs on the links, sharing work as they run.
assert queens.count(jobs=2).solutions == 14200
assert langford.count(jobs=2).solutions == 35584
pid = os.fork()
if pid == 0:
    # The child has none of the parent's threads: its counts on threads must
    # not wait for them.
    ok = all(queens.count(jobs=2).solutions == 14200 for _ in range(2))
    ok = ok and all(langford.count(jobs=2).solutions == 35584 for _ in range(2))
    os._exit(0 if ok else 1)
_, status = os.waitpid(pid, 0)
print("child", os.waitstatus_to_exitcode(status), flush=True)
print("parent", queens.count(jobs=2).solutions, langford.count(jobs=2).solutions, flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_counts_on_threads_in_a_forked_child() -> None:
    # multiprocessing's fork start method (Linux's default before Python
    # 3.14) copies a process that has counted on threads; the child must
    # count on threads of its own, not wait for the parent's.
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            FORKED,
            str(EXACT_COVER / "queens-12.dlx"),
            str(EXACT_COVER / "langford-11.dlx"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:2] == ["child 0", "parent 14200 35584"], run.stdout
