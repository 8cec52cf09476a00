"""Ctrl-C: SIGINT during a long call raises KeyboardInterrupt soon after,
and the problem is searched again at once. Run in a subprocess, which gets
the signal; it reports how long the stop took (printed, not asserted: a
test never asserts a time)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import EXACT_COVER

CHILD = textwrap.dedent(
    """
    import signal, sys, time
    from sudoku_dlx import cover

    # Python's own Ctrl-C handler, whatever the test runner inherited: a
    # shell's background job starts with SIGINT ignored, and Python then
    # keeps ignoring it.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    n = 16
    queens = cover.Problem(
        [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)],
        secondary=[f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)],
    )
    # Knuth's partridge puzzle of order 6: no solution, found after seconds of search.
    partridge = cover.Problem.read(sys.argv[2])
    calls = {
        "count-1": lambda: queens.count(jobs=1),
        "count-2": lambda: queens.count(jobs=2),
        "count-progress": lambda: queens.count(jobs=1, progress=lambda info: None),
        "next": lambda: next(iter(partridge)),
        "first": lambda: partridge.first(),
        "first-race": lambda: partridge.first(jobs=2),
        "uniqueness": lambda: partridge.uniqueness(),
        "run_job": lambda: partridge.run_job(partridge.split(0)[0]),
        "estimate": lambda: queens.estimate(samples=10**12),
    }
    call = calls[sys.argv[1]]
    print("ready", flush=True)
    try:
        call()
        print("finished", flush=True)
    except KeyboardInterrupt as interrupt:
        print("interrupted", time.monotonic(), flush=True)
        found = getattr(interrupt, "count", None)
        if found is not None:
            print("partial", found.solutions, found.end, flush=True)
    # The problems are ready for the next search.
    print("reused", queens.count(limit=5).solutions, partridge.count(budget=1000).end, flush=True)
    print("links", queens._links_intact() and partridge._links_intact(), flush=True)
    """
)


@pytest.mark.parametrize(
    "call",
    ["count-1", "count-2", "count-progress", "next", "first", "first-race", "uniqueness", "run_job", "estimate"],
)
def test_sigint_interrupts_and_leaves_the_problem_reusable(call: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, call, str(EXACT_COVER / "partridge-6.dlx")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    assert "finished" not in out, out
    assert "interrupted" in lines, (out, err)
    latency = float(lines["interrupted"]) - sent
    print(f"{call}: KeyboardInterrupt {latency * 1000:.1f} ms after SIGINT")
    if call.startswith("count"):
        solutions, end = lines["partial"].split()
        # What the count had found when it stopped: 16 queens has found
        # thousands of solutions by then.
        assert end == "stopped" and 0 < int(solutions) < 14772512
    assert lines["reused"] == "5 budget"
    assert lines["links"] == "True"
    assert child.returncode == 0, err
