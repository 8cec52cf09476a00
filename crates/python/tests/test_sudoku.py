"""The Sudoku half of the Python package: every solution checked by the
plain-Python checker (sudoku_checker.py), known answers from data/sudoku,
conversions, errors with positions, generation, rating and explaining."""

from __future__ import annotations

import pathlib

import pytest

import sudoku_dlx
from sudoku_dlx import ParseError
from sudoku_dlx.sudoku import BudgetExhausted, Grid, NotUniqueError, Puzzle, generate, read_puzzles
from sudoku_checker import assert_solution, count_small, problems

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "sudoku"

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SEVENTEEN = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
SEVENTEEN_SOLUTION = "987654321246173985351928746128537694634892157795461832519286473472319568863745219"


def lines(name: str, limit: int | None = None) -> list[str]:
    """The puzzle lines of a data file, comments left out."""
    text = (DATA / name).read_text().splitlines()
    kept = [line for line in text if line.strip() and not line.startswith("#")]
    return kept[:limit]


# --- one-liners ---


def test_the_one_liners_solve_count_and_tell_uniqueness() -> None:
    assert sudoku_dlx.solve(SEVENTEEN) == SEVENTEEN_SOLUTION
    assert sudoku_dlx.count(SEVENTEEN, limit=2) == 1
    assert sudoku_dlx.is_unique(SEVENTEEN)
    several = "." * 81
    assert sudoku_dlx.count(several, limit=2) == 2
    assert not sudoku_dlx.count(several, limit=2).exact
    assert not sudoku_dlx.is_unique(several)
    clash = "11" + "." * 79
    assert sudoku_dlx.solve(clash) is None
    assert sudoku_dlx.count(clash) == 0


def test_solve_answers_in_the_form_of_the_input() -> None:
    block = "1.34\n34.2\n21.3\n4.21\n"
    assert sudoku_dlx.solve(block) == "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1"
    assert sudoku_dlx.solve(block.replace("\n", "")) == "1234341221434321"
    hex_line = "0" + "." * 255
    solution = sudoku_dlx.solve(hex_line, alphabet="hex")
    assert solution is not None and len(solution) == 256 and "0" in solution and "G" not in solution


def test_known_answers_of_the_data_sets_pass_the_python_checker() -> None:
    for puzzles, solutions in [
        ("emerentius_easy.txt", "emerentius_easy_solutions.txt"),
        ("emerentius_medium.txt", "emerentius_medium_solutions.txt"),
        ("plb_hard20.txt", "plb_hard20_solutions.txt"),
    ]:
        for text, known in zip(lines(puzzles, 40), lines(solutions, 40)):
            puzzle = Puzzle.parse(text)
            grid = puzzle.solve()
            assert_solution(puzzle, grid)
            assert str(grid) == known.split()[0]


def test_counts_of_tdokus_test_set() -> None:
    for line in lines("tdoku_test_puzzles_with_counts.txt"):
        text, count, *rest = line.split(":")
        puzzle = Puzzle.parse(text)
        counted = puzzle.count(limit=3, jobs=1)
        assert counted == min(int(count), 3), line
        if int(count) == 1:
            assert_solution(puzzle, puzzle.solve())
            assert str(puzzle.solve()) == rest[0]


def test_jigsaw_killer_16x16_and_variants_solve_to_checked_solutions() -> None:
    for text, known in zip(lines("janko_jigsaw_9x9.txt", 15), lines("janko_jigsaw_9x9_solutions.txt", 15)):
        puzzle = Puzzle.parse(text, jigsaw=True)
        assert puzzle.regions == text.split()[1]
        grid = puzzle.solve()
        assert_solution(puzzle, grid)
        assert str(grid) == known
    for text, known in zip(lines("killer_9x9.txt", 6), lines("killer_9x9_solutions.txt", 6)):
        puzzle = Puzzle.parse(text, killer=True)
        grid = puzzle.solve()
        assert_solution(puzzle, grid)
        assert str(grid) == known
    for text, known in zip(lines("janko_16x16.txt", 5), lines("janko_16x16_solutions.txt", 5)):
        puzzle = Puzzle.parse(text)
        assert puzzle.size == 16
        grid = puzzle.solve()
        assert_solution(puzzle, grid)
        assert str(grid) == known
    empty = "." * 81
    for flags in [dict(x=True), dict(windoku=True), dict(anti_king=True), dict(anti_knight=True),
                  dict(x=True, anti_knight=True)]:
        puzzle = Puzzle.parse(empty, **flags)
        assert_solution(puzzle, puzzle.solve())
    for flags in [dict(x=True), dict(windoku=True)]:
        puzzle = Puzzle.parse(empty, **flags)
        assert_solution(puzzle, puzzle.solve(seed=7))
    six = Puzzle.parse("." * 36, box=(3, 2))
    assert six.box == (3, 2)
    assert_solution(six, six.solve())


def test_the_checker_catches_a_wrong_grid() -> None:
    puzzle = Puzzle.parse(SEVENTEEN)
    rows = puzzle.solve().to_list()  # type: ignore[union-attr]
    rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
    assert problems(puzzle, Grid.from_list(rows))


def test_seeded_solutions_differ_and_repeat() -> None:
    empty = Puzzle.parse("." * 81)
    a, b, again = empty.solve(seed=1), empty.solve(seed=2), empty.solve(seed=1)
    assert a != b and a == again
    for grid in (a, b):
        assert_solution(empty, grid)


# --- uniqueness, counts, budgets ---


def test_uniqueness_returns_the_solutions_it_found() -> None:
    unique = Puzzle.parse(SEVENTEEN).uniqueness()
    assert unique.status == "unique" and str(unique.solutions[0]) == SEVENTEEN_SOLUTION
    several = Puzzle.parse("." * 16).uniqueness()
    assert several.status == "multiple" and len(several.solutions) == 2
    assert several.solutions[0] != several.solutions[1]
    for grid in several.solutions:
        assert_solution(Puzzle.parse("." * 16), grid)
    assert Puzzle.parse("11" + "." * 14).uniqueness().status == "none"


def test_counts_on_several_threads_agree() -> None:
    # The puzzle of the library's count_parallel example: 21,786 solutions.
    text = "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    puzzle = Puzzle.parse(text)
    one = puzzle.count(jobs=1)
    assert one == 21786 and one.exact and str(one) == "21786"
    assert puzzle.count(jobs=2) == one
    assert puzzle.count() == one
    assert puzzle.count(limit=100, jobs=2) == 100
    assert str(puzzle.count(limit=100, jobs=1)) == "100+"


def test_budgets_say_budget_not_no_solution() -> None:
    empty = Puzzle.parse("." * 81)
    counted = empty.count(max_nodes=50, jobs=1)
    assert counted.end == "budget" and not counted.exact
    hard = Puzzle.parse(lines("tdoku_puzzles3_magictour_top1465.txt", 1)[0])
    assert hard.uniqueness(max_nodes=1).status == "budget"
    with pytest.raises(BudgetExhausted):
        hard.solve(max_nodes=1)
    with pytest.raises(BudgetExhausted):
        hard.is_unique(max_nodes=1)


# --- check ---


def test_check_names_the_first_broken_rule_and_its_cell() -> None:
    puzzle = Puzzle.parse(SEVENTEEN)
    solution = puzzle.solve()
    assert solution is not None and puzzle.check(solution) is None
    assert puzzle.check(SEVENTEEN_SOLUTION) is None
    rows = solution.to_list()
    rows[8][8] = 0
    violation = puzzle.check(rows)
    assert violation is not None and violation.cell == (8, 8) and str(violation) == "r9c9 is blank"
    changed = "1" + SEVENTEEN_SOLUTION[1:]
    violation = puzzle.check(changed)
    assert violation is not None and violation.cell == (0, 0)
    swapped = SEVENTEEN_SOLUTION[1] + SEVENTEEN_SOLUTION[0] + SEVENTEEN_SOLUTION[2:]
    assert Puzzle.parse("." * 81).check(swapped) is not None


# --- conversions, printing ---


def test_lists_and_numpy_round_trip() -> None:
    np = pytest.importorskip("numpy")
    puzzle = Puzzle.parse(SEVENTEEN)
    rows = puzzle.to_list()
    assert rows[1][5] == 3 and rows[0] == [0] * 9
    assert Puzzle.from_list(rows) == puzzle
    array = puzzle.to_numpy()
    assert array.shape == (9, 9) and array.dtype == np.uint8 and array[1, 5] == 3
    assert Puzzle.from_numpy(array) == puzzle
    assert Puzzle.from_list([d for row in rows for d in row]) == puzzle
    grid = puzzle.solve()
    assert grid is not None
    assert grid[0, 0] == 9 and grid[8] == [8, 6, 3, 7, 4, 5, 2, 1, 9] and len(grid) == 9
    assert Grid.from_list(grid.to_numpy()) == grid
    jigsaw_map = "aabbaabbccddccdd"
    jig = Puzzle.from_list([[1, 2, 3, 4], [0] * 4, [0] * 4, [0] * 4], jigsaw=jigsaw_map)
    assert jig.regions == jigsaw_map and str(jig) == "1234............ aabbaabbccddccdd"


def test_puzzles_print_as_the_cli_prints_them() -> None:
    puzzle = Puzzle.parse(SEVENTEEN)
    assert str(puzzle) == SEVENTEEN
    assert repr(puzzle) == f"Puzzle.parse({SEVENTEEN!r})"
    assert eval(repr(puzzle), {"Puzzle": Puzzle}) == puzzle
    x = Puzzle.parse(SEVENTEEN, x=True)
    assert repr(x) == f"Puzzle.parse({SEVENTEEN!r}, x=True)" and x != puzzle
    assert eval(repr(x), {"Puzzle": Puzzle}) == x
    assert puzzle.pretty().splitlines()[1] == ". . . | . . 3 | . 8 5"
    jigsaw = Puzzle.parse(lines("janko_jigsaw_9x9.txt", 1)[0], jigsaw=True)
    assert eval(repr(jigsaw), {"Puzzle": Puzzle}) == jigsaw
    assert jigsaw.pretty().splitlines()[-1] == str(jigsaw)
    killer = Puzzle.parse(lines("killer_9x9.txt", 1)[0], killer=True)
    assert str(killer) == lines("killer_9x9.txt", 1)[0].split(" #")[0]
    assert eval(repr(killer), {"Puzzle": Puzzle}) == killer
    grid = puzzle.solve()
    assert repr(grid) == f"Grid({SEVENTEEN_SOLUTION!r})"
    assert Puzzle.parse(puzzle.pretty()) == puzzle
    assert hash(Puzzle.parse(SEVENTEEN)) == hash(puzzle)


# --- errors ---


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("12.4\n3x12\n2143\n4321", 2, 2, "`x` is not a digit"),
        ("1" * 80, None, None, "80 cells"),
        ("", None, None, "no cells"),
        ("12.4\n3412\n214\n4321", 3, 1, "row 3 of the block has 3 cells"),
        ("." * 80 + "\u00e9", 1, 81, "not a digit"),
    ],
)
def test_bad_text_is_a_parse_error_with_its_position(text: str, line: int | None, column: int | None,
                                                     words: str) -> None:
    with pytest.raises(ParseError) as caught:
        Puzzle.parse(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.line == line and error.column == column
    assert words in str(error)


def test_bad_values_are_value_errors() -> None:
    bad: list[object] = [
        lambda: Puzzle.from_list([[1, 2], [3, 4]]),
        lambda: Puzzle.from_list([[1, 2, 3, 4]] * 3),
        lambda: Puzzle.from_list([[5, 0, 0, 0]] + [[0] * 4] * 3),
        lambda: Puzzle.from_list([[-1, 0, 0, 0]] + [[0] * 4] * 3),
        lambda: Puzzle.from_list([[1.5, 0, 0, 0]] + [[0] * 4] * 3),
        lambda: Puzzle.from_list([0] * 15),
        lambda: Puzzle.from_list([0] * 16, jigsaw="aabb"),
        lambda: Puzzle.parse("." * 81, alphabet="roman"),
        lambda: Puzzle.parse("." * 81, size=7),
        lambda: Puzzle.parse("." * 81, box=(1, 81)),
        lambda: Puzzle.parse("." * 16, jigsaw=True, killer=True),
        lambda: Puzzle.parse("." * 16, jigsaw="aaaa"),
        lambda: Puzzle.parse("." * 81).check("1" * 80),
        lambda: Puzzle.parse("." * 81).count(limit=-1),
        lambda: generate(1, symmetry="spiral"),
        lambda: generate(1, difficulty="impossible"),
        lambda: generate(1, clues=16),
        lambda: generate(1, killer=True, minimal=True),
        lambda: generate(-1),
        lambda: Puzzle.parse("." * 81, x=True).canonical(),
    ]
    for make in bad:
        with pytest.raises(ValueError):
            make()  # type: ignore[operator]


def test_rows_of_other_lengths_are_refused_with_their_row() -> None:
    with pytest.raises(ValueError, match="row 1 has 3 cells, expected 4"):
        Puzzle.from_list([[0] * 3, [0] * 5, [0] * 4, [0] * 4])
    with pytest.raises(ValueError, match="r2c3: 'x' is not a digit"):
        Puzzle.from_list([[0] * 4, [0, 0, "x", 0], [0] * 4, [0] * 4])


def test_garbage_and_huge_input_never_crash() -> None:
    for text in ["\x00" * 81, "\udcff" * 81, "#" * 10, "|" * 1000, "9" * 4096, "1 " * 5000, "." * 4097,
                 "\n" * 1000, "A" * 256, "10 " * 81]:
        try:
            Puzzle.parse(text)
        except ValueError:
            pass
    with pytest.raises(ParseError):
        Puzzle.parse("1" * 10_000_000)
    records = list(read_puzzles(b"\xff\xfe" + b"1" * 70_000 + b"\n" + b"." * 81 + b"\n"))
    assert [r.ok for r in records] == [False, True]
    with pytest.raises(ParseError):
        Puzzle.parse(". " * (65 * 65))
    big = Puzzle.parse("." * 4096)  # 64x64, the largest grid
    assert big.size == 64


def test_rating_and_explaining_refuse_puzzles_without_one_solution() -> None:
    with pytest.raises(NotUniqueError) as caught:
        Puzzle.parse("." * 16).rate()
    assert caught.value.solutions == 2
    with pytest.raises(NotUniqueError) as caught:
        Puzzle.parse("12....3.........").explain()
    assert caught.value.solutions == 0
    with pytest.raises(ValueError, match="both hold 1 in the same row"):
        Puzzle.parse("11" + "." * 14).explain()
    killer = Puzzle.parse(lines("killer_9x9.txt", 1)[0], killer=True)
    with pytest.raises(ValueError, match="killer"):
        killer.explain()


# --- read_puzzles ---


def test_read_puzzles_keeps_every_record_and_places_bad_ones(tmp_path: pathlib.Path) -> None:
    text = (
        "# a file of puzzles\n"
        f"{SEVENTEEN} # seventeen\n"
        f"{SEVENTEEN[:40]}x{SEVENTEEN[41:]}\n"
        "puzzle,name\n"
        "12|34\n34|12\n--+--\n21|43\n43|21\n"
        "\n"
        "1234\n3412\n"
        "\n"
        f"{EASY}:1:solution\n"
    )
    path = tmp_path / "puzzles.txt"
    path.write_bytes(text.encode() + b"\xff\xfe bad bytes\n" + f"{EASY}\r\n".encode())
    records = list(read_puzzles(path))
    assert [r.line for r in records] == [2, 3, 5, 11, 14, 15, 16]
    assert [r.ok for r in records] == [True, False, True, False, True, False, True]
    assert records[0].comment == "# seventeen" and str(records[0].puzzle) == SEVENTEEN
    bad = records[1].error
    assert bad is not None and (bad.line, bad.column) == (3, 41)
    assert str(bad).startswith(f"{path}:3:41: r5c5: `x` is not a digit")
    short = records[3].error
    assert short is not None and short.line == 11 and "the block has 2 of its 4 rows" in str(short)
    assert records[4].comment == ":1:solution"
    assert records[5].error is not None and records[5].error.line == 15
    assert "not UTF-8" in str(records[5].error)
    assert str(records[6].puzzle) == EASY
    assert [r.line for r in read_puzzles(text)] == [2, 3, 5, 11, 14]
    assert str(list(read_puzzles(text))[1].error).startswith("<string>:3:41:")


def test_read_puzzles_reads_jigsaw_and_killer_files() -> None:
    jigsaw = list(read_puzzles(DATA / "janko_jigsaw_9x9.txt", jigsaw=True))
    assert len(jigsaw) == len(lines("janko_jigsaw_9x9.txt")) and all(r.ok for r in jigsaw)
    killer = list(read_puzzles(DATA / "killer_9x9.txt", killer=True))
    assert len(killer) == len(lines("killer_9x9.txt")) and all(r.ok for r in killer)
    for record in killer[:3]:
        assert record.puzzle is not None
        assert_solution(record.puzzle, record.puzzle.solve())


def test_read_puzzles_reads_as_it_goes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "growing.txt"
    path.write_text(f"{SEVENTEEN}\n{EASY}\n")
    records = read_puzzles(path)
    first = next(records)
    assert first.line == 1 and str(first.puzzle) == SEVENTEEN
    # Lines written after the first record was handed out are read too: the
    # file is read as the records are asked for, not all at once.
    with open(path, "a") as file:
        file.write(f"{SEVENTEEN[:40]}x{SEVENTEEN[41:]}\n")
    rest = list(records)
    assert [r.line for r in rest] == [2, 3] and rest[1].error is not None
    assert str(rest[1].error).startswith(f"{path}:3:41:")
    with pytest.raises(FileNotFoundError, match="missing.txt"):
        read_puzzles(tmp_path / "missing.txt")


# --- generation ---


def test_generated_puzzles_are_unique_by_the_python_counter() -> None:
    for seed in range(12):
        made = generate(seed, size=4)
        assert count_small(made.puzzle) == 1, str(made.puzzle)
        assert_solution(made.puzzle, made.solution)
        jigsaw = generate(seed, size=4, jigsaw="random")
        assert jigsaw.puzzle.regions is not None
        assert count_small(jigsaw.puzzle) == 1, str(jigsaw.puzzle)
        assert_solution(jigsaw.puzzle, jigsaw.solution)
    six = generate(3, size=6, minimal=True)
    assert count_small(six.puzzle) == 1 and six.minimal == "minimal"
    rows = six.puzzle.to_list()
    for r in range(6):
        for c in range(6):
            if rows[r][c]:
                saved, rows[r][c] = rows[r][c], 0
                assert count_small(Puzzle.from_list(rows)) == 2, "minimal: every given is needed"
                rows[r][c] = saved


def test_generation_follows_its_options() -> None:
    made = generate(1)
    assert str(made) == "61....3......3.129.83..1....96.57.3...........5.39.67....2..59.935.6......2....63"
    assert made.puzzle.is_unique() and made.targets_met
    assert generate(made.seed).puzzle == made.puzzle
    second = generate(5, index=2)
    assert generate(second.seed).puzzle == second.puzzle
    assert str(second) == "9.432...8.......32..7...9.....795.6...........5.163.....6...1..79.......1...827.5"
    clued = generate(2, clues=30, symmetry="none")
    assert clued.puzzle.clues == 30 and clued.clues_met
    hard = generate(4, difficulty="easy")
    assert hard.rating is not None and hard.rating.level == "easy" and hard.difficulty_met
    x = generate(6, x=True)
    assert x.puzzle.x and x.puzzle.is_unique()
    assert_solution(x.puzzle, x.solution)
    killer = generate(1, size=4, killer=True)
    assert killer.puzzle.cages is not None and killer.puzzle.clues == 0 and killer.rating is not None
    assert killer.puzzle.is_unique()
    assert_solution(killer.puzzle, killer.solution)
    rows = made.puzzle.to_list()
    assert all(rows[r][c] == 0 or rows[8 - r][8 - c] != 0 for r in range(9) for c in range(9))


# --- rating, explaining, hints, canonical forms ---


def test_rate_explain_and_hint() -> None:
    easy = Puzzle.parse(EASY)
    rating = easy.rate()
    assert rating.level == "easy" and rating.solved_by_logic
    assert str(rating).endswith(f" easy {rating.hardest}")
    path = easy.explain()
    assert path.solved and not path.stalled and path.stall is None
    assert path.text.endswith(f"solved in {len(path.steps)} steps")
    assert path.text.splitlines()[0] == f"1. {path.steps[0].text}"
    board = easy.to_list()
    for step in path.steps:
        for placement in step.placements:
            row, col = placement.cell
            assert path.solution[row, col] == placement.digit
            board[row][col] = placement.digit
    assert Grid.from_list(board) == path.solution
    hint = easy.hint()
    assert hint.kind == "step" and hint.step is not None and len(hint.step.placements) == 1
    assert hint.text == str(hint.step)
    assert easy.hint(path.solution).kind == "solved"
    wrong = easy.to_list()
    wrong[0][0] = 5 if path.solution[0, 0] != 5 else 6
    said = easy.hint(wrong)
    assert said.kind == "wrong" and said.cell == (0, 0) and said.found == wrong[0][0]
    assert said.expected == path.solution[0, 0]


def test_explaining_a_hard_puzzle_shows_its_pattern_and_stall() -> None:
    hard = Puzzle.parse("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
    stopped = hard.explain()
    assert stopped.text.startswith("stalled after 0 steps, 60 cells open\nr1: c2 {4 7 8}, c3 {3 4 5 7 8}")
    assert stopped.stalled and not stopped.solved and stopped.stall is not None
    open_cells = sum(1 for row in stopped.stall.rows for d in row if d == 0)
    assert len(stopped.stall.candidates) == open_cells
    for (row, col), digits in stopped.stall.candidates.items():
        assert stopped.solution[row, col] in digits
    guessed = hard.explain(guess=True)
    assert guessed.solved and any(step.technique == "trial" for step in guessed.steps)
    for step in guessed.steps:
        for gone in step.eliminations:
            assert guessed.solution[gone.cell] != gone.digit
    stalled = hard.hint()
    assert stalled.kind == "stalled" and stalled.board is not None
    assert stalled.text.startswith("stalled: 60 cells open\nr1: c2 {4 7 8}")
    trial = hard.hint(guess=True)
    assert trial.step is not None and trial.step.technique == "trial"
    assert trial.text.startswith("stalled: 60 cells open; next, trial: r1c2 = 7, the solver's digit")


def test_canonical_forms_and_dedupe() -> None:
    a = Puzzle.parse("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
    b = Puzzle.parse(".5..3..7......2..4...8..6.....6....27...1..9......48..1...9.....76......93.....5.")
    form = "........1.....2.34..4...56...5..36...1..7....8..9.......6..4.2..9.8.....7...1...."
    assert str(a.canonical().form) == form and str(b.canonical().form) == form
    assert a.canonical().transform == "rows=564879213,cols=312978645,digits=985247136"
    kept = sudoku_dlx.sudoku.dedupe([a, str(b), EASY])
    assert kept == [a, Puzzle.parse(EASY)]


def test_one_budget_exception_for_both_halves() -> None:
    # Two classes of one name in the flat extension module shadowed each
    # other: exact cover raised one while `cover.BudgetExhausted` named the other.
    from sudoku_dlx import cover

    assert cover.BudgetExhausted is BudgetExhausted
    assert issubclass(BudgetExhausted, RuntimeError)
    with pytest.raises(BudgetExhausted):
        cover.Problem.read(pathlib.Path(__file__).resolve().parents[3] / "data" / "exact-cover" / "partridge-6.dlx").first(budget=100)
