//! The Sudoku parser on arbitrary bytes, for every shape and the jigsaw map.
//!
//! A few bytes choose the `ParseOptions` (a fixed shape or none, variants,
//! an alphabet or none, jigsaw required or not); the rest, decoded lossily
//! as UTF-8, is the record. `Puzzle::parse` must return a value, never
//! panic; a puzzle it returns prints (line format, plus the region map for
//! jigsaw) and re-parses to itself, and its pretty block re-parses to the
//! same givens. The same text, read as a stream by `Records`, never panics
//! either, and loses no line: every line with a cell but a header or a
//! title (a name, a puzzle's number) is in exactly one record, at its own
//! line number (a grid with text after it as the grid and its comment),
//! and records come in order.

#![no_main]

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Alphabet, ParseOptions, Puzzle, Records, Shape, Variants};

/// Box sides of the shapes a fixed-shape parse may ask for.
const BOXES: [(usize, usize); 8] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 4)];

struct ParseCase {
    options: ParseOptions,
    text: String,
}

impl<'a> Arbitrary<'a> for ParseCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let shape = match u.choose_index(BOXES.len() + 1)? {
            0 => None,
            k => Some(Shape::with_boxes(BOXES[k - 1].0, BOXES[k - 1].1).expect("a valid shape")),
        };
        let bits: u8 = u.arbitrary()?;
        let variants = Variants {
            x: bits & 1 != 0,
            windoku: bits & 2 != 0,
            anti_king: bits & 4 != 0,
            anti_knight: bits & 8 != 0,
        };
        let alphabet = *u.choose(&[None, Some(Alphabet::Standard), Some(Alphabet::Hex), Some(Alphabet::Numbers)])?;
        let jigsaw = bits & 16 != 0;
        let killer = bits & 32 != 0;
        let disjoint_cages = bits & 64 != 0;
        let len = u.len();
        let text = String::from_utf8_lossy(u.bytes(len)?).into_owned();
        Ok(ParseCase {
            options: ParseOptions { shape, variants, alphabet, jigsaw, killer, disjoint_cages },
            text,
        })
    }
}

impl fmt::Debug for ParseCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// sudoku_parse case")?;
        writeln!(f, "let options = sudoku_dlx::{:?};", self.options)?;
        writeln!(f, "let text = {:?};", self.text)?;
        writeln!(f, "let parsed = sudoku_dlx::Puzzle::parse(text, &options);")
    }
}

fn check(case: &ParseCase) {
    check_records(case);
    let Ok(puzzle) = Puzzle::parse(&case.text, &case.options) else {
        return;
    };
    let exact = ParseOptions {
        shape: Some(puzzle.shape()),
        variants: case.options.variants,
        alphabet: Some(puzzle.alphabet()),
        jigsaw: puzzle.rules().regions().is_some(),
        killer: puzzle.rules().cages().is_some(),
        disjoint_cages: true,
    };
    assert_eq!(puzzle.rules().variants(), case.options.variants, "variants");
    let line = puzzle.to_string();
    match Puzzle::parse(&line, &exact) {
        Ok(again) => assert_eq!(again, puzzle, "{line:?} re-parses to another puzzle"),
        Err(e) => panic!("the printed puzzle {line:?} does not parse: {e}"),
    }
    if puzzle.rules().regions().is_none() {
        // The block draws the givens only: a killer's cages are not in it.
        let block = puzzle.pretty().to_string();
        let exact = ParseOptions { killer: false, ..exact };
        match Puzzle::parse(&block, &exact) {
            Ok(again) => assert_eq!(again.givens(), puzzle.givens(), "{block:?} re-parses to other givens"),
            Err(e) => panic!("the pretty puzzle {block:?} does not parse: {e}"),
        }
    }
}

/// Frames the text as a stream: each record's lines are the stream's lines
/// from the record's first, and every line outside the records holds no
/// cell (blank, a comment or a separator).
fn check_records(case: &ParseCase) {
    let lines: Vec<&str> = case.text.lines().collect();
    let stream = lines.iter().map(|l| Ok::<_, std::convert::Infallible>((*l).to_owned()));
    let mut covered = vec![false; lines.len()];
    let mut next = 1;
    for record in Records::new(stream, &case.options) {
        let Ok(record) = record;
        assert!(record.line >= next, "record at line {} after line {next}", record.line);
        if let Some(comment) = &record.comment {
            // A grid with text before or after it (a name, a solution, a
            // note): the record is the grid at its column in characters
            // (a killer record keeps the line's leading whitespace, U+0085
            // is two bytes and one column; a line-format grid gets as many
            // spaces), and the comment is the rest of the line: nothing
            // but the delimiters around the grid is lost.
            let line = lines[record.line - 1];
            let grid = record.text.trim_start();
            let column = record.text[..record.text.len() - grid.len()].chars().count();
            let at: String = line.chars().skip(column).collect();
            assert!(at.starts_with(grid), "{line:?} holds {grid:?} at column {column}");
            let before: String = line.chars().take(column).collect();
            let rest = format!("{before}{}", &at[grid.len()..]);
            let squeeze = |text: &str| -> String {
                text.chars().filter(|&c| !(c.is_whitespace() || matches!(c, ',' | ';'))).collect()
            };
            assert_eq!(squeeze(&rest), squeeze(comment), "{line:?}: the comment is the line without its grid");
        }
        for (k, text) in record.text.split('\n').enumerate() {
            let line = record.line + k;
            if record.comment.is_none() {
                assert_eq!(Some(&text), lines.get(line - 1), "line {line} of a record");
            }
            covered[line - 1] = true;
        }
        next = record.line + record.text.split('\n').count();
        // Whatever it is, a record parses to a value.
        let _ = Puzzle::parse(&record.text, &case.options);
    }
    for (k, line) in lines.iter().enumerate() {
        // A header: a first word (up to whitespace, `;`, `,`, `:`) of two
        // ASCII letters or more.
        let word = line.trim_start();
        let word = word.split(|c: char| c.is_whitespace() || matches!(c, ';' | ',' | ':')).next().unwrap_or("");
        let header = word.len() >= 2 && word.bytes().all(|b| b.is_ascii_alphabetic());
        let empty = line.trim().is_empty()
            || header
            || title(line)
            || line.trim_start().starts_with('#')
            || line.chars().all(|c| c.is_whitespace() || matches!(c, '|' | '+' | '-'))
            || border(line);
        assert!(covered[k] || empty, "line {} ({line:?}) is in no record", k + 1);
    }
}

/// A border of a printed grid (`*-----------*`, `:-------+-------:`): only
/// the characters grids are drawn with, and a run of three `-` or `=`.
fn border(line: &str) -> bool {
    line.chars().all(|c| c.is_whitespace() || matches!(c, '-' | '=' | '+' | '|' | '*' | '.' | ':' | '\''))
        && (line.contains("---") || line.contains("==="))
}

/// A title the reader skips: no token with four cells in a row (digits,
/// `.`, `*`, `_`), and a word of two ASCII letters or more, or the line a
/// lone number of up to three digits (a puzzle's number; a block's row of
/// one cell would be in its record anyway). Tokens are taken without the
/// punctuation around them (`1)`, `=== Puzzle 1 ===`).
fn title(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let cells = |token: &str| {
        let run = token.bytes().map(|b| b.is_ascii_digit() || matches!(b, b'.' | b'*' | b'_'));
        let mut longest = 0;
        let mut now = 0;
        for cell in run {
            now = if cell { now + 1 } else { 0 };
            longest = longest.max(now);
        }
        longest >= 4
    };
    if tokens.iter().any(|t| cells(t)) {
        return false;
    }
    let core = |token: &str| token.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let word = tokens.iter().any(|t| {
        let core = core(t);
        core.len() >= 2 && core.bytes().all(|b| b.is_ascii_alphabetic())
    });
    let number = match tokens.as_slice() {
        [only] => {
            let core = core(only);
            (1..=3).contains(&core.len()) && core.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    };
    word || number
}

fuzz_target!(|case: ParseCase| check(&case));
