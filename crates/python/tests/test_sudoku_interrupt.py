"""Ctrl-C during long Sudoku calls: KeyboardInterrupt, and the solver still
usable afterwards. Each case runs in a subprocess that sends itself SIGINT
while the call runs, so the test's own interpreter is never interrupted.
Every call runs for minutes (the counts for ever) unless the signal stops
it, so a call that ignored the signal until its end would hit the
subprocess's timeout."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import os, signal, threading, time
    from sudoku_dlx.sudoku import Puzzle, generate

    # Python's own Ctrl-C handler, whatever the test runner inherited: a
    # shell's background job starts with SIGINT ignored, and Python then
    # keeps ignoring it.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    empty = Puzzle.parse("." * 81)
    call = {call}
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    try:
        call()
        print("finished")
    except KeyboardInterrupt:
        print("interrupted")
    # The solvers are reusable after the interruption.
    print(empty.count(limit=5, jobs=1), Puzzle.parse("1234341221434321").solve())
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is sent with os.kill, POSIX only")
@pytest.mark.parametrize(
    "call",
    [
        "lambda: empty.count(jobs=1)",  # billions of solutions: a count on one thread
        "lambda: empty.count()",  # on every core
        # A seeded search that runs for minutes.
        "lambda: Puzzle.parse('.' * 256, anti_knight=True, x=True).solve(seed=7)",
        # Minutes of generation.
        "lambda: generate(1, size=64)",
    ],
)
def test_ctrl_c_interrupts_a_long_call(call: str) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(call=call)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["interrupted", "5+ 1234341221434321"]


# The empty 9x9 grid under anti-king, anti-knight and X has no solution, and
# a search for one runs for minutes: so does every call below.
THREADS_SCRIPT = textwrap.dedent(
    """
    import os, signal, threading, time
    from sudoku_dlx.sudoku import Puzzle, generate

    signal.signal(signal.SIGINT, signal.default_int_handler)

    def threads() -> int:
        return len(os.listdir("/proc/self/task"))

    hard = Puzzle.parse("." * 81, anti_king=True, anti_knight=True, x=True)
    call = {call}
    before = threads()
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        call()
        print("finished")
    except KeyboardInterrupt:
        print("interrupted")
    timer.join()
    # The call's worker thread was stopped and has ended, not left to run on.
    # A joined thread leaves /proc/self/task a moment after join returns, so
    # the count is given a second to settle; a worker left searching stays.
    deadline = time.monotonic() + 1.0
    while threads() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    print("threads left", threads() - before)
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads counted in /proc/self/task")
@pytest.mark.parametrize(
    "call",
    [
        "lambda: generate(1, size=64)",
        "lambda: hard.explain()",
        "lambda: hard.hint()",
        "lambda: hard.count(jobs=1)",
    ],
)
def test_ctrl_c_ends_the_worker_thread_too(call: str) -> None:
    done = subprocess.run([sys.executable, "-c", THREADS_SCRIPT.format(call=call)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["interrupted", "threads left 0"]
