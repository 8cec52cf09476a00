"""Splits for many machines: jobs pickled, run apart and merged, with the
merge catching a result dropped, run twice, stopped or foreign."""

from __future__ import annotations

import pickle

import pytest

from conftest import EXACT_COVER
from sudoku_dlx import cover


def problem() -> cover.Problem:
    return cover.Problem.read(EXACT_COVER / "langford-11.dlx")


def test_split_run_merge_equals_count() -> None:
    p = problem()
    jobs = p.split(3)
    assert len(jobs) > 10
    assert all(j.of == len(jobs) and j.fingerprint == p.fingerprint for j in jobs)
    assert [j.id for j in jobs] == list(range(len(jobs)))
    assert abs(sum(j.share for j in jobs) - 1.0) < 1e-9 or sum(j.share for j in jobs) <= 1.0
    # Each job pickled and run by a solver of its own, as on another machine.
    results = [cover.Problem.read(EXACT_COVER / "langford-11.dlx").run_job(pickle.loads(pickle.dumps(j))) for j in jobs]
    results = [pickle.loads(pickle.dumps(r)) for r in results]
    assert all(r.status == "done" for r in results)
    merged = cover.merge(results)
    assert merged.solutions == p.count().solutions == 35584
    assert merged.jobs == len(jobs) and merged.fingerprint == p.fingerprint


def test_merge_catches_a_dropped_result() -> None:
    p = problem()
    results = [p.run_job(j) for j in p.split(2)]
    with pytest.raises(cover.MergeError) as caught:
        cover.merge(results[:3] + results[4:])
    assert isinstance(caught.value, ValueError)
    assert caught.value.problems == ["job 3: no result (missing)"]
    partial = caught.value.partial
    assert partial is not None and partial.solutions == 35584 - results[3].solutions


def test_merge_catches_a_duplicated_result() -> None:
    p = problem()
    results = [p.run_job(j) for j in p.split(2)]
    with pytest.raises(cover.MergeError) as caught:
        cover.merge(results + [results[0]])
    (message,) = caught.value.problems
    assert message.startswith("job 0: 2 results (duplicated)")


def test_merge_catches_stopped_foreign_and_corrupted() -> None:
    p = problem()
    jobs = p.split(1)
    limited = [p.run_job(j, limit=1) for j in jobs]
    with pytest.raises(cover.MergeError, match="limit"):
        cover.merge(limited)
    other = cover.Problem.read(EXACT_COVER / "queens-12.dlx")
    failed = other.run_job(jobs[0])
    assert failed.status == "failed" and "another problem" in (failed.error or "")
    good = [p.run_job(j) for j in jobs]
    with pytest.raises(cover.MergeError):
        cover.merge([failed] + good[1:])
    with pytest.raises(cover.MergeError, match="not a JobResult"):
        cover.merge(good + ["junk"])  # type: ignore[list-item]


def test_job_lines_are_the_clis() -> None:
    p = problem()
    job = p.split(1)[0]
    line = job.to_line()
    assert cover.Job.from_line(line).to_line() == line
    assert '"fingerprint"' in line
    result = p.run_job(job)
    assert cover.JobResult.from_line(result.to_line()).solutions == result.solutions
    with pytest.raises(cover.ProblemError):
        cover.Job.from_line("{not json")
