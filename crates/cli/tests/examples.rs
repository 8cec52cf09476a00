//! Every example of README.md, docs/cli.md and each `--help` runs as
//! written, on the files that ship in `data/`; where docs/cli.md shows the
//! output (`$ command` then its lines), the output is that.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::run;

/// One documented command.
#[derive(Debug)]
struct Example {
    /// Where it is written.
    source: String,
    /// The shell command.
    command: String,
    /// The output shown under it, if any.
    expected: Option<String>,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The examples of every `--help`: lines that start with a command, the
/// description after two spaces left out.
fn help_examples() -> Vec<Example> {
    let mut examples = Vec::new();
    for subcommand in [
        "", "solve", "count", "generate", "rate", "cover", "canon", "check", "explain", "hint",
        "print",
    ] {
        let args: Vec<&str> = [subcommand, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = run(&args).stdout;
        for line in help.lines() {
            let line = line.trim_start();
            if line.starts_with("sudoku-dlx ") || line.starts_with("parallel ") {
                let command = line.split("  ").next().unwrap_or(line).trim_end();
                examples.push(Example {
                    source: format!("sudoku-dlx {subcommand} --help"),
                    command: command.to_owned(),
                    expected: None,
                });
            }
        }
    }
    examples
}

/// The examples of a Markdown file: in fenced blocks, `$ command` lines
/// (with `\` continuations) and the output under them, and bare command
/// lines (their `# comment` left out).
fn doc_examples(name: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(repo().join(name)).unwrap();
    let mut examples: Vec<Example> = Vec::new();
    let mut fenced = false;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((k, line)) = lines.next() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        let source = format!("{name}:{}", k + 1);
        if let Some(first) = line.strip_prefix("$ ") {
            let mut command = first.to_owned();
            while command.ends_with('\\') {
                command.pop();
                let (_, next) = lines.next().unwrap();
                command.push_str(next.trim_start());
            }
            let mut expected = String::new();
            while let Some(&(_, next)) = lines.peek() {
                if next.starts_with("$ ") || next.starts_with("```") {
                    break;
                }
                expected.push_str(next);
                expected.push('\n');
                lines.next();
            }
            examples.push(Example {
                source,
                command,
                expected: Some(expected),
            });
        } else if (line.starts_with("sudoku-dlx ") || line.starts_with("parallel "))
            // A synopsis, `sudoku-dlx solve [FILE...]`, is not an example.
            && !line.contains("[FILE")
        {
            let command = line.split(" # ").next().unwrap_or(line).trim_end();
            examples.push(Example {
                source,
                command: command.to_owned(),
                expected: None,
            });
        }
    }
    examples
}

#[cfg(unix)]
#[test]
#[ignore = "runs every documented example: slow in debug mode, run in release mode (see .ci/run)"]
fn every_documented_example_runs_as_written() {
    let binary = PathBuf::from(assert_cmd::cargo::cargo_bin!("sudoku-dlx"));
    let bin_dir = binary.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Each source runs in a directory of its own where `data/` is the
    // repository's, so that files one example writes (`> jobs`) are there
    // for the next.
    let sources = [
        help_examples(),
        doc_examples("README.md"),
        doc_examples("docs/cli.md"),
    ];
    let mut ran = 0;
    for examples in sources {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(repo().join("data"), dir.path().join("data")).unwrap();
        for example in examples {
            let shell = Command::new("timeout")
                .args(["600", "sh", "-c", &example.command])
                .current_dir(dir.path())
                .env("PATH", &path)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&shell.stdout);
            let stderr = String::from_utf8_lossy(&shell.stderr);
            // 0, or 1 for a puzzle-level failure (a target not met, a puzzle
            // not unique); 2 is a usage or I/O error, such as a missing file.
            assert!(
                matches!(shell.status.code(), Some(0 | 1)),
                "{}: `{}` exited {:?}: {stderr}",
                example.source,
                example.command,
                shell.status
            );
            if let Some(expected) = &example.expected {
                assert_eq!(
                    stdout, *expected,
                    "{}: `{}`",
                    example.source, example.command
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 50, "only {ran} examples found");
}
