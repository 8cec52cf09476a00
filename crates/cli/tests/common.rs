//! Helpers shared by the end-to-end tests.

use std::path::PathBuf;

use assert_cmd::Command;

/// The binary under test.
pub(crate) fn sudoku_dlx() -> Command {
    assert_cmd::cargo::cargo_bin_cmd!("sudoku-dlx")
}

/// A file under `tests/data/`.
pub(crate) fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// What a run printed and how it ended.
pub(crate) struct Run {
    /// Everything written to stdout.
    pub(crate) stdout: String,
    /// Everything written to stderr.
    pub(crate) stderr: String,
    /// The exit status.
    pub(crate) code: i32,
}

/// Runs the binary with `args` and no stdin.
pub(crate) fn run(args: &[&str]) -> Run {
    run_with_stdin(args, Vec::new())
}

/// Runs the binary with `args`, feeding it `stdin`.
pub(crate) fn run_with_stdin(args: &[&str], stdin: Vec<u8>) -> Run {
    let output = sudoku_dlx()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("the binary runs");
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        code: output.status.code().expect("the binary exits, not killed"),
    }
}

/// A path as a `&str` argument.
pub(crate) fn arg(path: &std::path::Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}
