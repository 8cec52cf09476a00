//! What a user of ripgrep or fd expects of a command-line tool: shell
//! completions and a man page from the same definitions as `--help`,
//! `--quiet`, `NO_COLOR`, one spelling of `--format` values, `--jobs 0`,
//! every file of a batch read even after one fails, and a progress bar
//! that knows its total.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{arg, data, run, run_with_stdin};

/// Every command, as `sudoku-dlx --help` lists them.
const COMMANDS: [&str; 11] = [
    "solve",
    "count",
    "generate",
    "rate",
    "explain",
    "hint",
    "check",
    "cover",
    "canon",
    "completions",
    "man",
];

/// The commands that read puzzle files, each with flags that make it
/// answer data/sample.txt's puzzles.
const PUZZLE_COMMANDS: [&[&str]; 7] = [
    &["solve"],
    &["count"],
    &["rate"],
    &["explain"],
    &["hint"],
    &["check"],
    &["canon"],
];

/// A file of the repository (data/ at the workspace root).
fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

#[test]
fn completions_cover_every_command_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let done = run(&["completions", shell]);
        assert_eq!(done.code, 0, "{shell}: {}", done.stderr);
        assert!(done.stderr.is_empty(), "{shell}: {}", done.stderr);
        assert!(done.stdout.len() > 1000, "{shell}: {:?}", done.stdout);
        for command in COMMANDS {
            assert!(
                done.stdout.contains(command),
                "{shell}: no {command} in the script"
            );
        }
        // Flags of commands, not only their names.
        // (fish writes `-l max-nodes`.)
        for flag in ["max-nodes", "keep-comments", "quiet", "jobs"] {
            assert!(done.stdout.contains(flag), "{shell}: no {flag}");
        }
    }
    // A script that bash cannot parse would break every new shell.
    let bash = run(&["completions", "bash"]);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let script = dir.path().join("sudoku-dlx.bash");
    std::fs::write(&script, &bash.stdout).expect("the script is written");
    let check = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .expect("bash runs (the completion test needs it)");
    assert!(
        check.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&check.stderr)
    );
    // And an unknown shell is a usage error.
    assert_eq!(run(&["completions", "tcsh"]).code, 2);
}

#[test]
fn the_man_page_has_every_command_and_renders() {
    let done = run(&["man"]);
    assert_eq!(done.code, 0, "{}", done.stderr);
    let page = done.stdout;
    assert!(page.contains(".TH sudoku-dlx 1"), "{page:.300}");
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "DETAILS"] {
        assert!(
            page.lines().any(|l| l == format!(".SH {section}")),
            "no section {section}"
        );
    }
    // One section per command, with its flags and its --help text.
    for command in COMMANDS {
        let heading = format!(".SH \"SUDOKU-DLX {}\"", command.to_uppercase());
        assert!(page.contains(&heading), "no {heading}");
    }
    for text in [
        "\\-\\-max\\-nodes",
        "\\-\\-with\\-transform",
        "Exit status",
        "sudoku\\-dlx completions bash",
    ] {
        assert!(page.contains(text), "no {text} in the page");
    }
    // No pointers to pages that are not installed (sudoku-dlx-solve(1)).
    assert!(!page.contains("dlx\\-solve(1)"), "a page of its own named");
    // Every roff request line is one of the few a man page uses.
    for line in page.lines().filter(|l| l.starts_with('.')) {
        let request = line.split_whitespace().next().unwrap_or_default();
        assert!(
            [
                ".TH", ".SH", ".SS", ".TP", ".IP", ".PP", ".RS", ".RE", ".br", ".ie", ".el", ".nf",
                ".fi", ".sp"
            ]
            .contains(&request),
            "unexpected roff line {line:?}"
        );
    }
    // Rendered by man where it is installed: every command's section shows.
    let man = Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "100")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    if let Ok(mut man) = man {
        use std::io::Write;
        man.stdin
            .take()
            .expect("man's stdin")
            .write_all(page.as_bytes())
            .expect("man reads the page");
        let shown = man.wait_with_output().expect("man ends");
        assert!(shown.status.success(), "man -l - failed");
        // Bold and underline may come as overstrikes, `S\bS`: keep the last.
        let mut text = String::new();
        for c in String::from_utf8_lossy(&shown.stdout).chars() {
            if c == '\u{8}' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        for command in COMMANDS {
            let heading = format!("SUDOKU-DLX {}", command.to_uppercase());
            assert!(text.contains(&heading), "man shows no {heading}");
        }
    }
}

#[test]
fn quiet_silences_notes_and_progress_but_never_errors() {
    // generate without --seed notes its seed on stderr; --quiet, before or
    // after the command, leaves stderr empty and stdout as it was.
    let noisy = run(&["generate"]);
    assert_eq!(noisy.code, 0, "{}", noisy.stderr);
    assert!(noisy.stderr.contains("--seed"), "{}", noisy.stderr);
    for quiet in [
        &["generate", "--quiet"][..],
        &["generate", "-q"],
        &["-q", "generate"],
    ] {
        let done = run(quiet);
        assert_eq!(done.code, 0, "{quiet:?}: {}", done.stderr);
        assert_eq!(done.stderr, "", "{quiet:?}");
        assert_eq!(done.stdout.lines().count(), 1, "{quiet:?}");
    }
    // cover's note on an option of secondary items only.
    let problem = b"a | s\na\ns\n".to_vec();
    let noted = run_with_stdin(&["cover"], problem.clone());
    assert!(noted.stderr.contains("option ignored"), "{}", noted.stderr);
    let quiet = run_with_stdin(&["cover", "--quiet"], problem);
    assert_eq!(quiet.stderr, "");
    assert_eq!(quiet.stdout, noted.stdout);
    // Every command takes it; errors still show.
    for command in COMMANDS
        .iter()
        .filter(|&&c| c != "completions" && c != "man")
    {
        let done = run(&[command, "--quiet", "/no/such/file"]);
        if *command == "generate" {
            // generate takes no file: a usage error, said.
            assert_eq!(done.code, 2, "{command}");
        } else {
            assert_eq!(done.code, 2, "{command}: {}", done.stderr);
        }
        assert!(!done.stderr.is_empty(), "{command}: --quiet hid an error");
    }
    let invalid = run_with_stdin(&["solve", "-q"], b"12345\n".to_vec());
    assert_eq!(invalid.code, 1);
    assert!(invalid.stdout.starts_with("!invalid"), "{}", invalid.stdout);
    assert!(invalid.stderr.contains("<stdin>:1"), "{}", invalid.stderr);
}

/// Runs `command` (a shell line) on a pseudo-terminal with `env`, and
/// returns everything the terminal showed. `script` (util-linux) gives the
/// terminal; the tests that need one require it.
fn on_terminal(command: &str, env: &[(&str, &str)]) -> String {
    let mut script = Command::new("script");
    script
        .args(["-qec", command, "/dev/null"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm-256color");
    for (name, value) in env {
        script.env(name, value);
    }
    let done = script
        .output()
        .expect("`script` (util-linux) runs: the terminal tests need it");
    String::from_utf8_lossy(&done.stdout).into_owned()
}

/// Whether `text` holds an SGR escape (a color or a text style).
fn has_color(text: &str) -> bool {
    text.split("\u{1b}[").skip(1).any(|rest| {
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(rest.len());
        rest[end..].starts_with('m')
    })
}

#[test]
fn no_color_turns_every_color_off() {
    let bin = assert_cmd::cargo::cargo_bin!("sudoku-dlx");
    let bin = bin.to_str().expect("a UTF-8 path");
    // clap colors its usage errors on a terminal...
    let usage = format!("{bin} solve --no-such-flag");
    assert!(has_color(&on_terminal(&usage, &[])), "no color to turn off");
    // ... and NO_COLOR turns that off, as well as anything in the help or
    // a run with its progress bar.
    let sample = arg(&repo_file("data/sample.txt")).to_owned();
    for command in [
        usage,
        format!("{bin} solve --help"),
        format!("{bin} count {sample} {sample}"),
    ] {
        let shown = on_terminal(
            &command,
            &[("NO_COLOR", "1"), ("SUDOKU_DLX_PROGRESS_DELAY_MS", "0")],
        );
        assert!(!shown.is_empty(), "{command}: nothing shown");
        assert!(!has_color(&shown), "{command}: {shown:?}");
    }
}

#[test]
fn format_values_are_spelled_one_way_everywhere() {
    let sample = data("good.txt");
    let sample = arg(&sample);
    let solutions = data("good_solutions.txt");
    let runs: [&[&str]; 8] = [
        &["solve", sample],
        &["count", sample],
        &["rate", sample],
        &["explain", sample],
        &["hint", sample],
        &["canon", sample],
        &["check", arg(&solutions)],
        &["generate", "--seed", "1"],
    ];
    for command in runs {
        let with = |format: &str| {
            let mut args = command.to_vec();
            args.extend(["--format", format]);
            run(&args)
        };
        let plain = run(command);
        let text = with("text");
        assert_eq!(text.code, plain.code, "{command:?}: {}", text.stderr);
        assert_eq!(
            text.stdout, plain.stdout,
            "{command:?}: text is the default"
        );
        // The old spelling stays, hidden, so that scripts keep working.
        let old = with("line");
        assert_eq!(old.stdout, plain.stdout, "{command:?} --format line");
        assert!(
            with("json").stdout.starts_with('{'),
            "{command:?} --format json"
        );
        let help = run(&[command[0], "--help"]).stdout;
        let format_line = help
            .lines()
            .skip_while(|l| !l.contains("--format"))
            .take(8)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(format_line.contains("text"), "{command:?}: {format_line}");
        assert!(!format_line.contains("line:"), "{command:?}: {format_line}");
        assert!(
            !format_line.contains("[possible values: line"),
            "{command:?}: {format_line}"
        );
    }
}

#[test]
fn jobs_zero_means_every_core() {
    let sample = arg(&data("good.txt")).to_owned();
    let solutions = arg(&data("good_solutions.txt")).to_owned();
    let queens = arg(&data("queens4.dlx")).to_owned();
    let runs: [Vec<&str>; 9] = [
        vec!["solve", &sample],
        vec!["count", &sample],
        vec!["rate", &sample],
        vec!["explain", &sample],
        vec!["hint", &sample],
        vec!["canon", &sample],
        vec!["check", &solutions],
        vec!["generate", "--seed", "1", "--count", "3"],
        vec!["cover", "--count", &queens],
    ];
    for command in runs {
        let mut one = command.clone();
        one.extend(["--jobs", "1"]);
        let mut every = command.clone();
        every.extend(["--jobs", "0"]);
        let (one, every) = (run(&one), run(&every));
        assert_eq!(every.code, 0, "{command:?}: {}", every.stderr);
        assert_eq!(every.stdout, one.stdout, "{command:?}");
    }
    // The bound and a non-number stay usage errors.
    assert_eq!(run(&["solve", "--jobs", "1025", &sample]).code, 2);
    assert_eq!(run(&["solve", "-j", "x", &sample]).code, 2);
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_fails_to_read_does_not_skip_the_files_after_it() {
    // /proc/self/mem opens but every read fails (EIO): an I/O error in the
    // middle of a batch, after the paths were checked.
    let broken = "/proc/self/mem";
    let sample = data("good.txt");
    let sample = arg(&sample);
    for command in PUZZLE_COMMANDS {
        let file = if command[0] == "check" {
            arg(&data("good_solutions.txt")).to_owned()
        } else {
            sample.to_owned()
        };
        let mut once = command.to_vec();
        once.push(&file);
        let once = run(&once);
        assert!(!once.stdout.is_empty(), "{command:?}");
        let mut args = command.to_vec();
        args.extend([file.as_str(), broken, file.as_str(), broken]);
        let done = run(&args);
        assert_eq!(done.code, 2, "{command:?}: {}", done.stderr);
        assert_eq!(
            done.stdout,
            format!("{}{}", once.stdout, once.stdout),
            "{command:?}: the file after the broken one was skipped"
        );
        assert_eq!(
            done.stderr.matches("/proc/self/mem: cannot read").count(),
            2,
            "{command:?}: {}",
            done.stderr
        );
    }
}

#[test]
fn a_file_batch_progress_bar_says_of_total_and_time_left() {
    let bin = assert_cmd::cargo::cargo_bin!("sudoku-dlx");
    let bin = bin.to_str().expect("a UTF-8 path");
    let top = repo_file("data/sudoku/tdoku_puzzles3_magictour_top1465.txt");
    let top = arg(&top);
    let env = [("SUDOKU_DLX_PROGRESS_DELAY_MS", "0")];
    // The total is counted on a thread of its own while the batch runs, so
    // the runs below are made to last (the file given 16 and 12 times, about
    // half a second each): a run of one file (30 ms) could end before a loaded
    // machine let that thread finish, and the bar never said "of".
    let sixteen = [top; 16].join(" ");
    // Regular files: the bar knows the total (16 x 1,465 puzzles) and the
    // time left.
    let shown = on_terminal(
        &format!("{bin} count -j 1 --limit 2 {sixteen} > /dev/null"),
        &env,
    );
    assert!(shown.contains(" of 23,440 puzzles in "), "{shown:?}");
    assert!(shown.contains(" left"), "{shown:?}");
    // Another command: canon's total is its files' together.
    let twelve = [top; 12].join(" ");
    let shown = on_terminal(&format!("{bin} canon -j 1 {twelve} > /dev/null"), &env);
    assert!(shown.contains(" of 17,580 puzzles in "), "{shown:?}");
    // A pipe has no total: the bar counts without one.
    let shown = on_terminal(
        &format!("cat {top} | {bin} count -j 1 --limit 2 > /dev/null"),
        &env,
    );
    assert!(shown.contains(" puzzles in "), "{shown:?}");
    assert!(!shown.contains(" of "), "{shown:?}");
    // generate knows its total from --count.
    let shown = on_terminal(
        &format!("{bin} generate -j 1 --count 40 --seed 1 > /dev/null"),
        &env,
    );
    assert!(shown.contains(" of 40 puzzles in "), "{shown:?}");
    // --quiet: no bar at all.
    let shown = on_terminal(
        &format!("{bin} count -q -j 1 --limit 2 {top} > /dev/null"),
        &env,
    );
    assert!(!shown.contains("puzzles"), "{shown:?}");
}
