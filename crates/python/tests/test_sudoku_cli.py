"""The Sudoku binding's answers against the `sudoku-dlx` binary's on
samples of data/sudoku: solutions, counts, ratings, explanations, hints,
canonical forms, checks and generated puzzles must be the CLI's, text for
text. The binary is conftest's `cli_path()`: $SUDOKU_DLX_BIN, else a
build in target/, else one on PATH."""

from __future__ import annotations

import itertools
import json
import pathlib
import subprocess
from typing import Any

import pytest

from sudoku_dlx.sudoku import Puzzle, generate, read_puzzles
from conftest import cli_path
from sudoku_checker import assert_solution

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "sudoku"
# A 17-clue puzzle with an `x` in r5c5.
SEVENTEEN_BAD = "..............3.85..1.2.......5.7.....4.x.1...9.......5......73..2.1........4...9"


@pytest.fixture(scope="module")
def cli() -> str:
    """The path of the `sudoku-dlx` binary."""
    return cli_path()


def run(cli: str, *args: str, stdin: str | None = None) -> list[str]:
    """The lines the CLI prints (its exit status may be 1: bad records)."""
    done = subprocess.run([cli, *args], input=stdin, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.splitlines()


def sample(name: str, count: int, step: int = 1) -> list[str]:
    """Every `step`-th puzzle line of a data file, `count` of them."""
    kept = [line for line in (DATA / name).read_text().splitlines() if line.strip() and not line.startswith("#")]
    return kept[::step][:count]


@pytest.mark.parametrize(
    "name, count, step, options, flags",
    [
        ("tdoku_puzzles3_magictour_top1465.txt", 60, 24, {}, []),
        ("tdoku_puzzles2_17_clue.txt", 60, 800, {}, []),
        ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 30, 60, {}, []),
        ("emerentius_invalid_with_reason.txt", 20, 1, {}, []),
        ("tdoku_test_puzzles_with_counts.txt", 43, 1, {}, []),
        ("janko_jigsaw_9x9.txt", 20, 6, {"jigsaw": True}, ["--jigsaw"]),
        ("killer_9x9.txt", 8, 5, {"killer": True}, ["--killer"]),
        ("janko_16x16.txt", 6, 20, {}, []),
    ],
)
def test_solutions_and_counts_are_the_clis(cli: str, tmp_path: pathlib.Path, name: str, count: int, step: int,
                                           options: dict[str, Any], flags: list[str]) -> None:
    text = "\n".join(sample(name, count, step)) + "\n"
    path = tmp_path / "sample.txt"
    path.write_text(text)
    solved = run(cli, "solve", *flags, str(path))
    counted = run(cli, "count", "--limit", "2", *flags, str(path))
    records = list(read_puzzles(path, **options))
    assert len(records) == len(solved) == len(counted)
    for record, line, number in zip(records, solved, counted):
        if record.puzzle is None:
            assert line.startswith("!invalid")
            continue
        puzzle = record.puzzle
        grid = puzzle.solve()
        if grid is None:
            assert line in ("!unsolvable", f"!invalid: {puzzle.clash()}")
        else:
            assert_solution(puzzle, grid)
            assert str(grid) == line
        if number.startswith("!invalid"):
            assert puzzle.clash() is not None and puzzle.count(limit=2) == 0
        else:
            assert str(puzzle.count(limit=2)) == number


def test_ratings_explanations_and_hints_are_the_clis(cli: str, tmp_path: pathlib.Path) -> None:
    puzzles = sample("emerentius_medium.txt", 6) + sample("plb_hard20.txt", 4, 5)
    path = tmp_path / "sample.txt"
    path.write_text("\n".join(puzzles) + "\n")
    rated = run(cli, "rate", str(path))
    explained = "\n".join(run(cli, "explain", "--guess", str(path))).split("\n\n")
    for k, text in enumerate(puzzles):
        puzzle = Puzzle.parse(text)
        assert str(puzzle.rate()) == rated[k]
        assert explained[k].strip("\n") == f"# {path}:{k + 1}\n{puzzle.explain(guess=True).text}"
        for guess in ([], ["--guess"]):
            hinted = run(cli, "hint", *guess, stdin=text + "\n")
            assert str(puzzle.hint(guess=bool(guess))) == "\n".join(hinted)


def test_hints_on_boards_are_the_clis(cli: str) -> None:
    puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    wrong = "493.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    clash = "33" + puzzle[2:]
    for stdin, board, alone in [(f"{puzzle} {wrong}\n", wrong, puzzle), (clash + "\n", None, clash)]:
        said = run(cli, "hint", stdin=stdin)
        assert str(Puzzle.parse(alone).hint(board)) == said[0]


def test_canonical_forms_and_checks_are_the_clis(cli: str, tmp_path: pathlib.Path) -> None:
    puzzles = sample("tdoku_puzzles3_magictour_top1465.txt", 30, 40)
    path = tmp_path / "sample.txt"
    path.write_text("\n".join(puzzles) + "\n")
    forms = run(cli, "canon", "--with-transform", str(path))
    for text, line in zip(puzzles, forms):
        assert str(Puzzle.parse(text).canonical()) == line
    pairs = []
    for k, text in enumerate(puzzles[:12]):
        solution = str(Puzzle.parse(text).solve())
        if k % 3 == 1:  # two open cells of row 1 swapped: a digit twice in a column
            i, j = [c for c in range(9) if text[c] == "."][:2]
            cells = list(solution)
            cells[i], cells[j] = cells[j], cells[i]
            solution = "".join(cells)
        if k % 3 == 2:
            solution = solution[:80] + "."
        pairs.append((text, solution))
    checked = run(cli, "check", stdin="".join(f"{p} {s}\n" for p, s in pairs))
    for (text, solution), line in zip(pairs, checked):
        violation = Puzzle.parse(text).check(solution)
        assert line == ("valid" if violation is None else f"!broken: {violation}")


@pytest.mark.parametrize(
    "flags, options",
    [
        ([], {}),
        (["--minimal"], {"minimal": True}),
        (["--x"], {"x": True}),
        (["--size", "6", "--symmetry", "none"], {"size": 6, "symmetry": "none"}),
        (["--jigsaw", "random"], {"jigsaw": "random"}),
        (["--killer", "--size", "4"], {"killer": True, "size": 4}),
        (["--clues", "28", "--symmetry", "diagonal"], {"clues": 28, "symmetry": "diagonal"}),
        (["--difficulty", "medium", "--size", "4"], {"difficulty": "medium", "size": 4}),
    ],
)
def test_generated_puzzles_are_the_clis(cli: str, flags: list[str], options: dict[str, Any]) -> None:
    made = run(cli, "generate", "--seed", "11", "--count", "3", "--with-solution", *flags)
    for k, line in enumerate(made):
        generated = generate(11, index=k, **options)
        assert f"{generated.puzzle} {generated.solution}" == line
        assert_solution(generated.puzzle, generated.solution)
        assert generated.puzzle.is_unique()


def test_read_puzzles_streams_a_large_file_as_the_cli_reads_it(cli: str, tmp_path: pathlib.Path) -> None:
    """Every 17-clue puzzle (49,158 lines), with bad records of every kind
    spread among them: the records read one at a time are the CLI's, line
    for line, none dropped, the bad ones placed where the CLI places them,
    and each puzzle the one the CLI solved (its givens in the solution)."""
    puzzles = (DATA / "tdoku_puzzles2_17_clue.txt").read_bytes().splitlines()
    bad = [b"# a comment", "\u00e9t\u00e9".encode("latin-1"), b"12|34\n34|12", b"", b"1" * 70_000,
           SEVENTEEN_BAD.encode(), b"1234\r\n3412\r\n2143\r\n4321"]
    lines: list[bytes] = []
    for k, puzzle in enumerate(puzzles):
        lines.append(puzzle)
        if k % 997 == 0:
            lines.append(bad[(k // 997) % len(bad)])
    path = tmp_path / "large.txt"
    path.write_bytes(b"\n".join(lines) + b"\n")
    answers = [json.loads(line) for line in run(cli, "solve", "--format", "json", str(path))]
    records = read_puzzles(path)
    count = 0
    for record, answer in itertools.zip_longest(records, answers):
        assert record is not None and answer is not None, f"record {count}: {record} against {answer}"
        count += 1
        assert record.line == answer["line"]
        if answer["status"] == "invalid":
            assert record.error is not None, answer
            assert record.error.column == answer.get("column"), (record.error, answer)
            assert str(record.error).startswith(f"{path}:{answer['line']}:")
        else:
            assert record.puzzle is not None, (record.error, answer)
            solution = answer["solution"]
            assert all(d == 0 or str(d) == solution[i] for i, d in enumerate(record.puzzle.givens.digits))
    assert count == len(answers) > 49_158
