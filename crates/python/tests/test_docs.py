"""Every `python` block of docs/python.md (and of the READMEs' Python
sections) runs, each as a script of its own from the repository's root, and
passes `mypy --strict`."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

DOCS = [REPO / "docs" / "python.md", REPO / "README.md", REPO / "crates" / "python" / "README.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str]]:
    """Each block as ("FILE:LINE", code)."""
    found = []
    for doc in DOCS:
        text = doc.read_text()
        for m in BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append((f"{doc.relative_to(REPO)}:{line}", m.group(1)))
    return found


def test_the_pages_have_examples() -> None:
    places = [place for place, _ in blocks()]
    assert sum(p.startswith("docs/python.md") for p in places) >= 10
    assert "README.md" in {p.split(":")[0] for p in places}


@pytest.mark.parametrize("place,code", blocks(), ids=[p for p, _ in blocks()])
def test_example_runs(place: str, code: str, tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(code)
    result = subprocess.run(
        [sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{place}:\n{result.stderr}"


def test_examples_pass_mypy_strict(tmp_path: Path) -> None:
    # mypy of this interpreter's environment (a venv's bin need not be on PATH).
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is a test dependency ([test] extra)")
    files = []
    for i, (_, code) in enumerate(blocks()):
        script = tmp_path / f"example_{i}.py"
        script.write_text(code)
        files.append(str(script))
    config = REPO / "crates" / "python" / "pyproject.toml"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(config), *files],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
