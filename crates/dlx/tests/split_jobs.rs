//! The job protocol of `dlx_engine::split`: a problem split into jobs, the
//! jobs run (some on threads, each with its own solver), their results
//! written as lines and read back, and merged to what `Dlx::count` gives;
//! then every loss the merge exists to catch (a job missing, duplicated,
//! from another problem, corrupted, stopped early), each planted on purpose.

use std::collections::BTreeSet;
use std::thread;

use dlx_engine::split::{
    Fingerprint, Job, JobResult, JobStatus, Merge, MergeProblem, Merged, Worker, merge,
};
use dlx_engine::{
    Branch, Budget, Count, Dlx, End, ItemId, NamedProblem, OptionId, Stats, Subproblem,
};

/// `n` queens: ranks and files primary, diagonals secondary.
pub(crate) fn queens(n: usize) -> NamedProblem {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} c{r} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    NamedProblem::parse(&text).unwrap()
}

/// Tilings of a strip of `n` cells by monominoes and dominoes, each cell
/// covered once or twice (Algorithm M, whose splits have null moves), the
/// dominoes agreeing on the color of a shared secondary item.
fn bounded_strip(n: usize) -> NamedProblem {
    let mut text = String::new();
    for i in 0..n {
        text += &format!("1:2|x{i} ");
    }
    text += "| s\n";
    for i in 0..n {
        text += &format!("x{i}\n");
        if i + 1 < n {
            text += &format!("x{i} x{} s:{}\n", i + 1, i % 2);
        }
    }
    NamedProblem::parse(&text).unwrap()
}

/// Problems of each kind: exact cover with secondary items, colors
/// (Knuth's example), multiplicities.
fn problems() -> Vec<(&'static str, NamedProblem)> {
    let colors = NamedProblem::parse(
        "| Knuth's XCC example\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
    )
    .unwrap();
    vec![
        ("queens-7", queens(7)),
        ("colors", colors),
        ("bounded strip", bounded_strip(6)),
    ]
}

/// Runs `jobs` on `threads` threads, each with its own solver and worker,
/// plus the first few on this one: the results in any order.
fn run_on_threads(named: &NamedProblem, jobs: &[Job], threads: usize) -> Vec<JobResult> {
    let fingerprint = Fingerprint::of(named);
    let (here, there) = jobs.split_at(jobs.len() / 3);
    let mut solver = Dlx::new(named.problem());
    let mut worker = Worker::new(&mut solver, fingerprint);
    let mut results: Vec<JobResult> = here.iter().map(|job| worker.count(job)).collect();
    let chunk = there.len().div_ceil(threads).max(1);
    thread::scope(|scope| {
        let handles: Vec<_> = there
            .chunks(chunk)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut solver = Dlx::new(named.problem());
                    let mut worker = Worker::new(&mut solver, fingerprint);
                    chunk
                        .iter()
                        .map(|job| worker.count(job))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            results.extend(handle.join().unwrap());
        }
    });
    results
}

/// Result lines as a merge reads them, named `results:N`.
fn merge_lines<'a>(
    lines: impl IntoIterator<Item = &'a String>,
) -> Result<Merged, Vec<MergeProblem>> {
    let mut merge = Merge::new();
    for (n, line) in lines.into_iter().enumerate() {
        merge.add_line(format!("results:{}", n + 1), line);
    }
    merge.finish().map_err(|e| e.problems)
}

#[test]
fn jobs_run_anywhere_travel_as_lines_and_merge_to_the_count() {
    let mut null_moves = 0;
    for (name, named) in problems() {
        let fingerprint = Fingerprint::of(&named);
        let mut whole = Dlx::new(named.problem());
        let total = whole.count(None);
        let total_nodes = whole.stats().nodes;
        assert!(total.is_exact() && total.solutions > 0, "{name}");
        for depth in 0..4 {
            let mut splitter = Dlx::new(named.problem());
            let split = splitter.split(depth);
            assert!(split.is_complete());
            let above = splitter.stats().nodes;
            let jobs = split.jobs(fingerprint);
            null_moves += jobs
                .iter()
                .flat_map(|job| job.subproblem.prefix())
                .filter(|branch| matches!(branch, Branch::Done(_)))
                .count();

            // Jobs travel as lines, and as serde's JSON, unchanged.
            let lines: Vec<String> = jobs.iter().map(Job::to_line).collect();
            for (job, line) in jobs.iter().zip(&lines) {
                assert_eq!(&Job::from_line(line).unwrap(), job, "{name}: {line}");
                assert_eq!(&serde_json::to_string(job).unwrap(), line);
                assert_eq!(&serde_json::from_str::<Job>(line).unwrap(), job);
            }
            let read: Vec<Job> = lines.iter().map(|l| Job::from_line(l).unwrap()).collect();

            let results = run_on_threads(&named, &read, 2);
            assert_eq!(results.len(), jobs.len());
            let result_lines: Vec<String> = results.iter().map(JobResult::to_line).collect();
            for (result, line) in results.iter().zip(&result_lines) {
                assert_eq!(result.status, JobStatus::Done, "{name}: {line}");
                assert_eq!(&JobResult::from_line(line).unwrap(), result);
                assert_eq!(&serde_json::from_str::<JobResult>(line).unwrap(), result);
            }

            let merged = merge_lines(result_lines.iter().rev()).unwrap();
            assert_eq!(merged.solutions, total.solutions, "{name}, depth {depth}");
            assert_eq!(
                (merged.jobs, merged.fingerprint),
                (jobs.len() as u64, fingerprint)
            );
            // The jobs' subtrees and the levels above them: the whole tree.
            assert_eq!(merged.nodes + above, total_nodes, "{name}, depth {depth}");
            assert_eq!(merge(results).unwrap(), merged);
        }
    }
    assert!(null_moves > 0, "no split with Algorithm M's null move");
}

/// Listing: every solution once over all the jobs, each a solution.
#[test]
fn listed_jobs_find_every_solution_once() {
    for (name, named) in problems() {
        let fingerprint = Fingerprint::of(&named);
        let mut solver = Dlx::new(named.problem());
        let total = solver.count(None).solutions;
        let jobs = solver.split(2).jobs(fingerprint);
        let mut worker = Worker::new(&mut solver, fingerprint);
        let mut all = BTreeSet::new();
        for job in &jobs {
            let result = worker.list(job, |solution| {
                assert!(named.problem().is_solution(solution.options()));
                let mut lines: Vec<String> = solution
                    .options()
                    .iter()
                    .map(|&o| named.option_text(o))
                    .collect();
                lines.sort();
                lines
            });
            let read = JobResult::from_line(&result.to_line()).unwrap();
            let found = read.found.unwrap();
            assert_eq!(found.len() as u64, read.solutions);
            for solution in found {
                assert!(all.insert(solution), "{name}: a solution in two jobs");
            }
        }
        assert_eq!(all.len() as u64, total, "{name}");
    }
}

/// The values serde carries besides jobs and results, in the JSON the job
/// lines use for them.
#[test]
fn subproblems_counts_and_statistics_round_trip_through_serde() {
    let option = Branch::Option(OptionId::new(5).unwrap());
    let done = Branch::Done(ItemId::new(3).unwrap());
    assert_eq!(serde_json::to_string(&option).unwrap(), "5");
    assert_eq!(serde_json::to_string(&done).unwrap(), r#"{"done":3}"#);
    let subproblem = Subproblem::new(vec![option, done]);
    let text = serde_json::to_string(&subproblem).unwrap();
    assert_eq!(text, r#"{"prefix":[5,{"done":3}],"share":0.0}"#);
    assert_eq!(
        serde_json::from_str::<Subproblem>(&text).unwrap(),
        subproblem
    );
    for bad in [
        "-1",
        r#"{"gone":3}"#,
        r#"{"done":3,"done":4}"#,
        "\"5\"",
        "99999999999",
    ] {
        assert!(serde_json::from_str::<Branch>(bad).is_err(), "{bad}");
    }

    let count = Count {
        solutions: 7,
        end: End::BudgetExhausted,
    };
    let text = serde_json::to_string(&count).unwrap();
    assert_eq!(serde_json::from_str::<Count>(&text).unwrap(), count);
    let mut solver = Dlx::new(queens(6).problem());
    solver.count(None);
    let stats: Stats = solver.stats().clone();
    let text = serde_json::to_string(&stats).unwrap();
    assert_eq!(serde_json::from_str::<Stats>(&text).unwrap(), stats);

    let fingerprint = Fingerprint::from_value(0x0123_4567_89ab_cdef);
    assert_eq!(
        serde_json::to_string(&fingerprint).unwrap(),
        r#""0123456789abcdef""#
    );
    assert!(serde_json::from_str::<Fingerprint>(r#""0123""#).is_err());
}

/// A split's results as lines, for the loss tests: queens-6 at depth 2.
fn queens_results() -> (Vec<Job>, Vec<String>, u64) {
    let named = queens(6);
    let fingerprint = Fingerprint::of(&named);
    let mut solver = Dlx::new(named.problem());
    let total = solver.count(None).solutions;
    let jobs = solver.split(2).jobs(fingerprint);
    let mut worker = Worker::new(&mut solver, fingerprint);
    let lines = jobs.iter().map(|job| worker.count(job).to_line()).collect();
    (jobs, lines, total)
}

#[test]
fn a_missing_job_fails_the_merge() {
    let (_, lines, total) = queens_results();
    assert!(lines.len() > 4);
    let mut merge = Merge::new();
    for (n, line) in lines.iter().enumerate().filter(|&(n, _)| n != 3) {
        merge.add_line(format!("results:{}", n + 1), line);
    }
    let error = merge.finish().unwrap_err();
    assert_eq!(error.problems, [MergeProblem::Missing { id: 3 }]);
    let lost = JobResult::from_line(&lines[3]).unwrap().solutions;
    assert_eq!(error.partial.unwrap().solutions, total - lost);
    assert!(
        error.to_string().contains("job 3: no result (missing)"),
        "{error}"
    );
}

#[test]
fn a_duplicated_job_fails_the_merge_and_counts_once() {
    let (_, lines, total) = queens_results();
    let twice = lines.iter().chain(std::iter::once(&lines[2]));
    let problems = merge_lines(twice).unwrap_err();
    let places = vec![
        "results:3".to_owned(),
        format!("results:{}", lines.len() + 1),
    ];
    assert_eq!(problems, [MergeProblem::Duplicated { id: 2, places }]);
    let mut merge = Merge::new();
    for line in lines.iter().chain(&lines) {
        merge.add_line("results", line);
    }
    assert_eq!(
        merge.finish().unwrap_err().partial.unwrap().solutions,
        total
    );
}

#[test]
fn a_result_of_another_problem_fails_the_merge() {
    let (jobs, mut lines, _) = queens_results();
    // The same split's shape, run on another problem (queens-6 pruned).
    let other = Fingerprint::of_pruned(&queens(6));
    let mut foreign = JobResult::from_line(&lines[1]).unwrap();
    foreign.fingerprint = other;
    lines[1] = foreign.to_line();
    let problems = merge_lines(&lines).unwrap_err();
    assert!(
        matches!(
            &problems[..],
            [MergeProblem::OtherSplit { id: 1, fingerprint, .. }, MergeProblem::Missing { id: 1 }]
                if *fingerprint == other
        ),
        "{problems:?}"
    );
    // A job run against another problem fails, and its result with it.
    let named = queens(6);
    let mut solver = Dlx::new(named.problem());
    let failed = Worker::new(&mut solver, other).count(&jobs[0]);
    assert_eq!(failed.status, JobStatus::Failed);
    assert!(failed.error.as_deref().unwrap().contains("another problem"));
}

#[test]
fn a_corrupted_result_fails_the_merge() {
    let (_, lines, _) = queens_results();
    for (corrupt, why) in [
        (lines[4][..lines[4].len() / 2].to_owned(), "EOF"),
        (lines[4].replace("\"done\"", "\"dnoe\""), "unknown status"),
        (
            lines[4].replace("\"solutions\"", "\"solution\""),
            "needs `solutions`",
        ),
        (
            lines[4].replace("\"fingerprint\":\"", "\"fingerprint\":\"x"),
            "not a fingerprint",
        ),
    ] {
        let mut changed = lines.clone();
        changed[4] = corrupt;
        let problems = merge_lines(&changed).unwrap_err();
        let [
            MergeProblem::Corrupted { place, reason },
            MergeProblem::Missing { id: 4 },
        ] = &problems[..]
        else {
            panic!("{why}: {problems:?}");
        };
        assert_eq!(place, "results:5");
        assert!(reason.contains(why), "{reason}");
    }
}

#[test]
fn unfinished_foreign_numbered_or_absent_results_fail_the_merge() {
    let named = queens(6);
    let fingerprint = Fingerprint::of(&named);
    let mut solver = Dlx::new(named.problem());
    let jobs = solver.split(2).jobs(fingerprint);
    solver.set_budget(Budget {
        max_nodes: Some(1),
        max_updates: None,
    });
    let mut worker = Worker::new(&mut solver, fingerprint);
    let stopped: Vec<JobResult> = jobs.iter().map(|job| worker.count(job)).collect();
    assert!(stopped.iter().any(|r| r.status == JobStatus::Budget));
    let problems = merge(stopped).unwrap_err().problems;
    assert!(
        problems
            .iter()
            .all(|p| matches!(p, MergeProblem::Unfinished { .. }))
    );
    assert!(!problems.is_empty());

    let (_, lines, _) = queens_results();
    let mut beyond = JobResult::from_line(&lines[0]).unwrap();
    beyond.id = Some(jobs.len() as u64);
    let problems = merge_lines(lines.iter().chain([&beyond.to_line()])).unwrap_err();
    assert!(
        matches!(&problems[..], [MergeProblem::NoSuchJob { .. }]),
        "{problems:?}"
    );

    let mut unnumbered = JobResult::from_line(&lines[0]).unwrap();
    unnumbered.id = None;
    let problems = merge_lines(lines[1..].iter().chain([&unnumbered.to_line()])).unwrap_err();
    assert!(
        matches!(
            &problems[..],
            [
                MergeProblem::NoJobId { .. },
                MergeProblem::Missing { id: 0 }
            ]
        ),
        "{problems:?}"
    );

    let error = Merge::new().finish().unwrap_err();
    assert_eq!(
        (error.partial, &error.problems[..]),
        (None, &[MergeProblem::NoResults][..])
    );
}

/// A job counted in pieces (`Worker::counting`), cut anywhere, under a
/// limit or a budget or neither, gives the result of one `Worker::count`:
/// status, solutions, nodes and updates; every later call gives it again,
/// and the links are whole after it, or after a count given up half-way.
#[test]
fn a_job_counted_in_pieces_is_the_job_counted_at_once() {
    let budgets = [
        Budget::UNLIMITED,
        Budget::nodes(1),
        Budget::nodes(7),
        Budget {
            max_nodes: None,
            max_updates: Some(40),
        },
    ];
    let mut cases = 0;
    for (name, named) in problems() {
        let fingerprint = Fingerprint::of(&named);
        let mut solver = Dlx::new(named.problem());
        for depth in 0..3 {
            for job in solver.split(depth).jobs(fingerprint) {
                for (limit, budget) in [None, Some(0), Some(1), Some(3)]
                    .into_iter()
                    .flat_map(|limit| budgets.map(|budget| (limit, budget)))
                {
                    solver.set_budget(budget);
                    let mut worker = Worker::new(&mut solver, fingerprint).with_limit(limit);
                    let at_once = worker.count(&job);
                    for piece in [1, 2, 5, 1000] {
                        let mut counting = worker.counting(&job);
                        let mut pieces = 0;
                        let result = loop {
                            let before = counting.nodes();
                            if let Some(result) = counting.run_within(piece) {
                                break result;
                            }
                            assert!(counting.nodes() >= before + piece, "{name}");
                            pieces += 1;
                        };
                        let case = format!("{name}, {job:?}, limit {limit:?}, {budget:?}, {piece}");
                        assert_eq!(
                            (result.id, result.of, result.fingerprint, result.status),
                            (at_once.id, at_once.of, at_once.fingerprint, at_once.status),
                            "{case}"
                        );
                        assert_eq!(
                            (result.solutions, result.nodes, result.updates),
                            (at_once.solutions, at_once.nodes, at_once.updates),
                            "{case}"
                        );
                        assert_eq!((&result.error, &result.found), (&None, &None));
                        assert_eq!(counting.run_within(piece), Some(result.clone()));
                        assert_eq!(counting.run().solutions, result.solutions);
                        cases += usize::from(pieces > 1);
                    }
                    // Given up half-way: the links are whole.
                    worker.counting(&job).run_within(1);
                    solver.set_budget(Budget::UNLIMITED);
                    assert!(solver.links_match(named.problem()), "{name}");
                    assert!(solver.check_invariants().is_ok(), "{name}");
                }
            }
        }
    }
    assert!(cases > 100, "{cases} counts in several pieces");
}

/// A job of another problem, or whose prefix does not fit, fails at once
/// in pieces as at once, with the same error.
#[test]
fn a_job_that_cannot_run_fails_in_pieces_as_at_once() {
    let named = queens(6);
    let fingerprint = Fingerprint::of(&named);
    let mut solver = Dlx::new(named.problem());
    let jobs = solver.split(2).jobs(fingerprint);
    let mut misfit = jobs[1].clone();
    misfit.subproblem = Subproblem::new(vec![Branch::Option(OptionId::new(35).unwrap())]);
    let other = Fingerprint::of(&queens(7));
    for (job, worker_for, why) in [
        (&jobs[0], other, "another problem"),
        (&misfit, fingerprint, "not one the search makes there"),
    ] {
        let mut worker = Worker::new(&mut solver, worker_for);
        let at_once = worker.count(job);
        let mut counting = worker.counting(job);
        assert_eq!(counting.nodes(), 0);
        let result = counting.run_within(1).expect("a failed job ends at once");
        assert_eq!(result.status, JobStatus::Failed);
        assert!(result.error.as_deref().unwrap().contains(why), "{result:?}");
        assert_eq!(
            (result.id, result.of, &result.error),
            (at_once.id, at_once.of, &at_once.error)
        );
        assert_eq!(counting.run().status, JobStatus::Failed);
    }
    assert!(solver.links_match(named.problem()));
}
