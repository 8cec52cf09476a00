"""Every example of the Sudoku section of the Python docs (the `## Sudoku`
section of docs/python.md) runs and prints what the docs say. Its ```pycon
blocks (interactive sessions, which test_docs.py's script runner leaves
alone) are doctests run in order in one namespace, from the repository root
(the examples read data/ by relative path); mypy --strict checks them too."""

from __future__ import annotations

import doctest
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def section() -> str:
    """The text of the Sudoku section."""
    text = (ROOT / "docs" / "python.md").read_text()
    found = re.search(r"^## Sudoku\n.*?(?=^## |\Z)", text, re.M | re.S)
    assert found, "docs/python.md has no `## Sudoku` section"
    return found.group(0)


def blocks() -> list[str]:
    """The ```pycon blocks of the section."""
    return re.findall(r"^```pycon\n(.*?)^```", section(), re.M | re.S)


def test_the_section_has_examples() -> None:
    assert len(blocks()) >= 6


def test_every_example_prints_what_the_docs_say(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    namespace: dict[str, object] = {}
    for k, block in enumerate(blocks()):
        test = parser.get_doctest(block, namespace, f"sudoku-docs-block-{k + 1}", "docs/python.md", 0)
        runner.run(test, clear_globs=False)
        namespace.update(test.globs)
    results = runner.summarize(verbose=False)
    assert results.attempted > 30
    assert results.failed == 0


def test_mypy_strict_passes_on_the_examples(tmp_path: pathlib.Path) -> None:
    mypy = shutil.which("mypy") or (shutil.which("mypy", path=os.path.dirname(sys.executable)))
    if mypy is None:
        pytest.fail("mypy is a test dependency ([test] extra)")
    source = []
    for block in blocks():
        for example in doctest.DocTestParser().get_examples(block):
            source.append(example.source)
    path = tmp_path / "examples.py"
    path.write_text("".join(source))
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
