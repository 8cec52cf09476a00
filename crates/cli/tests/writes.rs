//! Output that cannot be written is an error: every command, writing to a
//! full device (`/dev/full`), exits with status 2 and says why, rather than
//! ending in success with its results lost.

use std::process::{Command, Stdio};

use crate::common::{arg, data, sudoku_dlx};

/// Runs the binary with `args` and stdout on `/dev/full`: its exit status
/// and stderr.
#[cfg(target_os = "linux")]
fn to_full_device(args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("Linux has /dev/full");
    let output = Command::new(assert_cmd::cargo::cargo_bin!("sudoku-dlx"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Each command's usual output, small enough to sit in the output buffer
/// until the end: only the last flush can report the error, and
/// `cover --split` (issue 39, item 4), `--help` and `--version` lost it.
#[cfg(target_os = "linux")]
#[test]
fn every_command_reports_output_it_could_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let good = data("good.txt");
    let good = arg(&good);
    let solutions = data("good_solutions.txt");
    let solutions = arg(&solutions);
    let knuth = data("knuth_example.dlx");
    let knuth = arg(&knuth);
    let jobs = dir.path().join("jobs.jsonl");
    let results = dir.path().join("results.jsonl");
    let split = sudoku_dlx()
        .args(["cover", "--split", "1", knuth])
        .output()
        .unwrap();
    std::fs::write(&jobs, &split.stdout).unwrap();
    let ran = sudoku_dlx()
        .args(["cover", "--count", "--job", arg(&jobs), knuth])
        .output()
        .unwrap();
    std::fs::write(&results, &ran.stdout).unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["solve", good],
        vec!["solve", "--all", "--format", "json", good],
        vec!["count", "--stats", good],
        vec!["rate", good],
        vec!["canon", "--dedupe", good],
        vec!["check", solutions],
        vec!["explain", good],
        vec!["hint", good],
        vec!["generate", "--count", "2", "--seed", "1"],
        vec!["cover", knuth],
        vec!["cover", "--count", "--seed", "1", knuth],
        vec!["cover", "--split", "2", knuth],
        vec!["cover", "--job", arg(&jobs), knuth],
        vec!["cover", "--merge", arg(&results)],
        vec!["--help"],
        vec!["solve", "--help"],
        vec!["--version"],
    ];
    for args in commands {
        let (code, stderr) = to_full_device(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}
