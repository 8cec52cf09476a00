//! A record is answered as soon as its input is complete: the answer comes
//! while the next line is still held back, whether stdin is a pipe or a
//! terminal. No speed is asserted: the wait for an answer is generous, and
//! only its order against the input matters.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::data;

/// Long enough for any machine to solve an easy puzzle.
const PATIENCE: Duration = Duration::from_secs(60);

/// Two easy puzzles and their solutions, from `good.txt`.
fn two_puzzles() -> [(String, String); 2] {
    let puzzles = std::fs::read_to_string(data("good.txt")).unwrap();
    let solutions = std::fs::read_to_string(data("good_solutions.txt")).unwrap();
    let mut pairs = puzzles
        .lines()
        .zip(solutions.lines())
        .map(|(p, s)| (p.to_owned(), s.to_owned()));
    [pairs.next().unwrap(), pairs.next().unwrap()]
}

/// The lines `child` writes on stdout, as they come.
fn answers(child: &mut Child) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    receiver
}

/// Feeds `solve` one puzzle through `input`, waits for its answer with the
/// second puzzle held back, then sends the second and ends the input with
/// `end`; checks both answers.
fn answered_line_by_line(mut child: Child, mut input: impl Write, end: &[u8]) {
    let [(first, first_solution), (second, second_solution)] = two_puzzles();
    let answers = answers(&mut child);
    writeln!(input, "{first}").unwrap();
    input.flush().unwrap();
    let answer = answers.recv_timeout(PATIENCE).unwrap_or_else(|_| {
        let _ = child.kill();
        panic!("no answer to the first puzzle while the second was held back")
    });
    assert_eq!(answer, first_solution);
    writeln!(input, "{second}").unwrap();
    input.write_all(end).unwrap();
    input.flush().unwrap();
    let answer = answers.recv_timeout(PATIENCE).unwrap();
    assert_eq!(answer, second_solution);
    drop(input);
    assert!(child.wait().unwrap().success());
}

fn solve() -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin!("sudoku-dlx"));
    command
        .args(["solve", "-j", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    command
}

#[test]
fn a_record_from_a_pipe_is_answered_before_the_next_line_comes() {
    let mut child = solve().stdin(Stdio::piped()).spawn().unwrap();
    let input = child.stdin.take().unwrap();
    answered_line_by_line(child, input, b"");
}

/// stdin on a pseudo-terminal, as when a person types the puzzle: the
/// answer comes at the end of the line, not at Ctrl-D. nix's `openpty`
/// (nix is already in the tree, under ctrlc) gives the terminal.
#[cfg(unix)]
#[test]
fn a_record_typed_at_a_terminal_is_answered_at_the_end_of_its_line() {
    let pty = nix::pty::openpty(None, None).expect("a pseudo-terminal");
    let child = solve().stdin(Stdio::from(pty.slave)).spawn().unwrap();
    let terminal = std::fs::File::from(pty.master);
    // Ctrl-D at the start of a line: the end of the input.
    answered_line_by_line(child, terminal, b"\x04");
}
