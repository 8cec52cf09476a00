//! `sudoku-dlx cover` on threads (`--jobs`) and across processes
//! (`--split`, `--job`, `--merge`): the same count and solutions as one
//! thread, and every lost, repeated or foreign job caught by the merge.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::common::{arg, run, run_with_stdin};

/// Domino tilings of a `rows` x `columns` board in Knuth's format: one item
/// per cell, one option per domino.
fn dominoes(rows: usize, columns: usize) -> String {
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    let mut text = String::new();
    for r in 0..rows {
        for c in 0..columns {
            text += &cell(r, c);
            text.push(' ');
        }
    }
    text.push('\n');
    for r in 0..rows {
        for c in 0..columns {
            if c + 1 < columns {
                text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < rows {
                text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
            }
        }
    }
    text
}

/// The 4x5 board: 95 tilings.
const TILINGS: u64 = 95;

/// The problem file in a temporary directory.
fn board(dir: &Path) -> String {
    let path = dir.join("dominoes.dlx");
    fs::write(&path, dominoes(4, 5)).unwrap();
    arg(&path).to_owned()
}

/// One solution: its option lines, each as a set of cells.
type Tiling = BTreeSet<BTreeSet<String>>;

/// Checks that `tiling` covers every cell of the 4x5 board exactly once with
/// dominoes of adjacent cells, without the engine.
fn check(tiling: &Tiling) {
    let mut cells = BTreeSet::new();
    for domino in tiling {
        let parsed: Vec<(i32, i32)> = domino
            .iter()
            .map(|cell| {
                let (r, c) = cell[1..].split_once('c').unwrap();
                (r.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        let [(r1, c1), (r2, c2)] = parsed[..] else {
            panic!("{domino:?} is not a domino")
        };
        assert_eq!((r1 - r2).abs() + (c1 - c2).abs(), 1, "{domino:?}");
        for cell in domino {
            assert!(cells.insert(cell.clone()), "{cell} covered twice");
        }
    }
    assert_eq!(cells.len(), 20, "{tiling:?} misses cells");
}

/// The solutions `cover` printed, each checked, with no repeats.
fn tilings(stdout: &str) -> BTreeSet<Tiling> {
    let mut set = BTreeSet::new();
    for block in stdout.split_terminator("\n\n") {
        let tiling: Tiling = block
            .lines()
            .map(|line| line.split_whitespace().map(str::to_owned).collect())
            .collect();
        check(&tiling);
        assert!(set.insert(tiling), "a tiling printed twice");
    }
    set
}

/// The statistics line without its time.
fn stats_line(stderr: &str) -> String {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("Altogether"))
        .unwrap_or_else(|| panic!("no statistics in {stderr}"));
    line.rsplit_once(", ").unwrap().0.to_owned()
}

#[test]
fn any_number_of_threads_counts_and_lists_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    let one = run(&["cover", "--deterministic", &file]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    let all = tilings(&one.stdout);
    assert_eq!(all.len() as u64, TILINGS);
    let mut stats = BTreeSet::new();
    for jobs in ["1", "2", "8"] {
        let out = run(&[
            "cover", "--count", "--method", "search", "--stats", "--jobs", jobs, &file,
        ]);
        assert_eq!((out.code, out.stdout.clone()), (0, format!("{TILINGS}\n")));
        stats.insert(stats_line(&out.stderr));
        let out = run(&["cover", "--jobs", jobs, &file]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(tilings(&out.stdout), all, "{jobs} threads");
        let out = run(&["cover", "--jobs", jobs, "--limit", "7", &file]);
        let some = tilings(&out.stdout);
        assert_eq!(some.len(), 7);
        assert!(some.is_subset(&all));
        let out = run(&["cover", "--jobs", jobs, "--count", "--limit", "7", &file]);
        assert_eq!(out.stdout, "7+\n");
    }
    // The same statistics, summed over threads, whatever their number.
    assert_eq!(stats.len(), 1, "{stats:?}");
    let seeded = run(&["cover", "--count", "--stats", "--seed", "5", &file]);
    assert_eq!(seeded.stdout, format!("{TILINGS}\n"));
    // --deterministic --limit: the first solutions in search order.
    let first = run(&["cover", "--deterministic", "--limit", "3", &file]);
    assert!(one.stdout.starts_with(&first.stdout));
    // --deterministic --limit 1: the same first solution, found on threads.
    let first_block = &one.stdout[..one.stdout.find("\n\n").unwrap() + 2];
    for jobs in ["1", "2", "8"] {
        let out = run(&[
            "cover",
            "--deterministic",
            "--limit",
            "1",
            "--jobs",
            jobs,
            &file,
        ]);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, first_block),
            "{jobs} threads"
        );
    }
}

#[test]
fn a_budget_bounds_all_threads_together() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    let out = run(&[
        "cover",
        "--count",
        "--stats",
        "--jobs",
        "2",
        "--max-nodes",
        "50",
        &file,
    ]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("--max-nodes"), "{}", out.stderr);
    let nodes: u64 = stats_line(&out.stderr)
        .split(", ")
        .find_map(|part| part.strip_suffix(" nodes"))
        .unwrap()
        .parse()
        .unwrap();
    // At most the budget, and one node more per thread for a doomed option.
    assert!(nodes <= 52, "{nodes} nodes");
}

/// Runs every job of `jobs` in one process: the results.
fn run_jobs(file: &str, jobs: &str, more: &[&str]) -> String {
    let mut args = vec!["cover", "--count", "--job", "-", file];
    args.extend_from_slice(more);
    let out = run_with_stdin(&args, jobs.as_bytes().to_vec());
    out.stdout
}

/// Merges results written to files in `dir`: exit code, stdout, stderr.
fn merge(dir: &Path, results: &[String]) -> (i32, String, String) {
    let mut paths = Vec::new();
    for (k, text) in results.iter().enumerate() {
        let path = dir.join(format!("results{k}"));
        fs::write(&path, text).unwrap();
        paths.push(arg(&path).to_owned());
    }
    let mut args = vec!["cover", "--merge"];
    args.extend(paths.iter().map(String::as_str));
    let out = run(&args);
    (out.code, out.stdout, out.stderr)
}

#[test]
fn split_jobs_and_merge_give_the_count_at_any_depth() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    for depth in ["0", "1", "2", "4"] {
        let split = run(&["cover", "--split", depth, &file]);
        assert_eq!(split.code, 0, "{}", split.stderr);
        let lines: Vec<&str> = split.stdout.lines().collect();
        assert!(!lines.is_empty());
        // Deterministic: the same jobs each time.
        assert_eq!(
            run(&["cover", "--split", depth, &file]).stdout,
            split.stdout
        );
        // Two processes, half the jobs each.
        let (a, b) = lines.split_at(lines.len() / 2);
        let results = [
            run_jobs(&file, &(a.join("\n") + "\n"), &[]),
            run_jobs(&file, &(b.join("\n") + "\n"), &[]),
        ];
        let (code, stdout, stderr) = merge(dir.path(), &results);
        assert_eq!((code, stdout), (0, format!("{TILINGS}\n")), "{stderr}");
        // Listing instead of counting: every tiling once over all jobs.
        let out = run_with_stdin(
            &["cover", "--job", "-", &file],
            split.stdout.clone().into_bytes(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let mut all = BTreeSet::new();
        for line in out.stdout.lines() {
            let result: serde_json::Value = serde_json::from_str(line).unwrap();
            for found in result["found"].as_array().unwrap() {
                let tiling: Tiling = found
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| {
                        o.as_str()
                            .unwrap()
                            .split_whitespace()
                            .map(str::to_owned)
                            .collect()
                    })
                    .collect();
                check(&tiling);
                assert!(all.insert(tiling), "a tiling in two jobs");
            }
        }
        assert_eq!(all.len() as u64, TILINGS);
    }
}

#[test]
fn merge_reports_every_lost_repeated_failed_or_foreign_job() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    let jobs = run(&["cover", "--split", "4", &file]).stdout;
    let results = run_jobs(&file, &jobs, &[]);
    let lines: Vec<&str> = results.lines().collect();
    assert!(lines.len() > 5, "{results}");
    let id = |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["id"].clone();

    // A dropped job.
    let dropped: Vec<&str> = lines.iter().copied().filter(|l| id(l) != 3).collect();
    let (code, _, stderr) = merge(dir.path(), &[dropped.join("\n")]);
    assert_eq!(code, 1);
    assert!(stderr.contains("job 3: no result (missing)"), "{stderr}");

    // A duplicated job, in two files.
    let (code, stdout, stderr) = merge(dir.path(), &[results.clone(), lines[5].to_owned()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("job 5: 2 results (duplicated)"), "{stderr}");
    assert_eq!(
        stdout,
        format!("{TILINGS}\n"),
        "a duplicate is counted once"
    );

    // A job stopped by its budget.
    let stopped = run_jobs(&file, &jobs, &["--max-nodes", "1"]);
    let (code, _, stderr) = merge(dir.path(), &[stopped]);
    assert_eq!(code, 1);
    assert!(stderr.contains("stopped by --max-nodes"), "{stderr}");

    // A result from another problem's split.
    let other_file = dir.path().join("other.dlx");
    fs::write(&other_file, dominoes(2, 4)).unwrap();
    let other_jobs = run(&["cover", "--split", "1", arg(&other_file)]).stdout;
    let other = run_jobs(arg(&other_file), &other_jobs, &[]);
    let (code, _, stderr) = merge(dir.path(), &[results.clone(), other]);
    assert_eq!(code, 1);
    assert!(stderr.contains("from another split"), "{stderr}");

    // A job run against the wrong file fails, and the merge says so.
    let wrong = run_with_stdin(
        &["cover", "--count", "--job", "-", arg(&other_file)],
        jobs.clone().into_bytes(),
    );
    assert_eq!(wrong.code, 1);
    assert!(wrong.stderr.contains("another problem"), "{}", wrong.stderr);
    let (code, _, stderr) = merge(dir.path(), &[wrong.stdout]);
    assert_eq!(code, 1);
    assert!(stderr.contains("failed"), "{stderr}");

    // A line that is no result at all.
    let (code, _, stderr) = merge(dir.path(), &[results.clone() + "not json\n"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("not a JSON result line"), "{stderr}");

    // Everything there once: success.
    let (code, stdout, stderr) = merge(dir.path(), &[results]);
    assert_eq!((code, stdout), (0, format!("{TILINGS}\n")), "{stderr}");
}

#[test]
fn a_broken_job_line_is_reported_not_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    let jobs = run(&["cover", "--split", "1", &file]).stdout;
    let first = jobs.lines().next().unwrap();
    let mut job: serde_json::Value = serde_json::from_str(first).unwrap();
    job["prefix"] = serde_json::json!([10_000]);
    let text = format!("{job}\nnot json\n");
    let out = run_with_stdin(
        &["cover", "--count", "--job", "-", &file],
        text.into_bytes(),
    );
    assert_eq!(out.code, 1);
    let results: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(results.len(), 2, "one result per line, failed ones too");
    assert!(results.iter().all(|r| r.contains("\"status\":\"failed\"")));
    assert!(
        out.stderr.contains("<stdin>:2: job without an id"),
        "{}",
        out.stderr
    );
    // Jobs on stdin need the problem in a file.
    let out = run_with_stdin(&["cover", "--job", "-"], Vec::new());
    assert_eq!(out.code, 2);
}

/// Knuth's format for placing `n` queens: ranks and files primary, the
/// diagonals secondary.
fn queens(n: usize) -> String {
    let ranks = (0..n).map(|r| format!("r{r}"));
    let files = (0..n).map(|c| format!("c{c}"));
    let diagonals = (0..2 * n - 1).flat_map(|d| [format!("a{d}"), format!("b{d}")]);
    let mut text = ranks.chain(files).collect::<Vec<_>>().join(" ");
    text += " | ";
    text += &diagonals.collect::<Vec<_>>().join(" ");
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

/// With secondary items, one job counts on dancing cells (the library's
/// `count`, not one thread of a split): the same count and search tree
/// (nodes) as two threads, its updates Knuth's as the cells count them.
#[test]
fn one_job_counts_secondary_items_as_threads_do() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens-8.dlx");
    fs::write(&path, queens(8)).unwrap();
    let file = arg(&path);
    let nodes: BTreeSet<String> = ["1", "2"]
        .into_iter()
        .map(|jobs| {
            let out = run(&[
                "cover", "--count", "--method", "search", "--stats", "--jobs", jobs, file,
            ]);
            assert_eq!((out.code, out.stdout.as_str()), (0, "92\n"), "{jobs} jobs");
            let line = stats_line(&out.stderr);
            line.split(", ").nth(1).unwrap().to_owned()
        })
        .collect();
    assert_eq!(nodes.len(), 1, "{nodes:?}");
    assert!(nodes.first().unwrap().ends_with(" nodes"), "{nodes:?}");
}

/// A problem with no solution (item B has no option) splits into one job
/// at any depth, the whole problem, so that it runs and merges like any
/// other: to 0, listing nothing. The merge still catches that job lost or
/// repeated.
#[test]
fn a_problem_without_solution_splits_runs_and_merges_to_zero() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.dlx");
    fs::write(&path, "A B\nA\n").unwrap();
    let file = arg(&path);
    for depth in ["0", "1", "2", "5"] {
        let split = run(&["cover", "--split", depth, file]);
        assert_eq!(split.code, 0, "{}", split.stderr);
        assert_eq!(split.stdout.lines().count(), 1, "{}", split.stdout);
        let results = run_jobs(file, &split.stdout, &[]);
        let (code, stdout, stderr) = merge(dir.path(), std::slice::from_ref(&results));
        assert_eq!((code, stdout.as_str()), (0, "0\n"), "{stderr}");

        let listed = run_with_stdin(&["cover", "--job", "-", file], split.stdout.into_bytes());
        assert_eq!(listed.code, 0, "{}", listed.stderr);
        let result: serde_json::Value = serde_json::from_str(listed.stdout.trim()).unwrap();
        assert_eq!(result["status"], "done");
        assert_eq!(result["solutions"], 0);
        assert_eq!(result["found"], serde_json::json!([]));

        // Its result lost: nothing to merge is not a count of 0.
        let (code, stdout, stderr) = merge(dir.path(), &[String::new()]);
        assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
        // Its result twice.
        let (code, _, stderr) = merge(dir.path(), &[results.clone(), results]);
        assert_eq!(code, 1);
        assert!(stderr.contains("job 0: 2 results (duplicated)"), "{stderr}");
    }
}

/// `--merge` reads its results files wherever they stand: after it, after a
/// flag that follows it (`--merge --stats RESULTS`, which clap once refused
/// with "a value is required for '--merge'"), or with the flag first; and
/// with no file at all it says what it needs instead of reading nothing.
#[test]
fn merge_takes_its_files_before_or_after_other_flags() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path());
    let jobs = run(&["cover", "--split", "2", &file]).stdout;
    let results = dir.path().join("results");
    fs::write(&results, run_jobs(&file, &jobs, &[])).unwrap();
    let results = arg(&results);
    for args in [
        ["--merge", results, "--stats"],
        ["--stats", "--merge", results],
        ["--merge", "--stats", results],
    ] {
        let mut all = vec!["cover"];
        all.extend_from_slice(&args);
        let out = run(&all);
        assert_eq!(
            (out.code, out.stdout),
            (0, format!("{TILINGS}\n")),
            "{args:?}: {}",
            out.stderr
        );
        assert!(
            out.stderr
                .contains(&format!("Altogether {TILINGS} solutions")),
            "{args:?}: {}",
            out.stderr
        );
    }
    let out = run(&["cover", "--merge", "--stats"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--merge needs the results files"),
        "{}",
        out.stderr
    );
    // Two problem files without --merge: one is read, the message says so.
    let out = run(&["cover", "--count", &file, &file]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("one problem FILE"), "{}", out.stderr);
}
