//! Knuth's text formats (DLX1, and DLX2's colors and DLX3's bounds on top)
//! and the builder behind them, on arbitrary bytes.
//!
//! The bytes, decoded lossily as UTF-8, go to `NamedProblem::parse`, which
//! must return a value, never panic. Whatever parses is written back with
//! `Display`, in the format its kind needs, and must re-parse to an equal
//! problem (bounds and color names included), whose text is the same.
//!
//! The same text also names the items of a small problem through
//! `NamedProblem::new`, one line per name, and the colors of another through
//! `NamedProblem::with_colors`: names they accept must survive the same round
//! trip, so they and the parser agree on what a name may hold.
//!
//! Every byte string is in this target's domain, so it rejects no input.
//! A failing input's `Debug` is the text as a Rust string literal.

#![no_main]

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use dlx_engine::{Color, Format, Kind, NamedProblem, Problem};
use libfuzzer_sys::fuzz_target;

/// The most items the `NamedProblem::new` check names.
const MAX_NAMES: usize = 8;

struct KnuthText(String);

impl<'a> Arbitrary<'a> for KnuthText {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let len = u.len();
        Ok(KnuthText(
            String::from_utf8_lossy(u.bytes(len)?).into_owned(),
        ))
    }

    fn arbitrary_take_rest(u: Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(KnuthText(
            String::from_utf8_lossy(u.take_rest()).into_owned(),
        ))
    }
}

impl fmt::Debug for KnuthText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// knuth_format case")?;
        writeln!(f, "let text = {:?};", self.0)?;
        writeln!(f, "let parsed = dlx_engine::NamedProblem::parse(text);")
    }
}

/// `named` prints, and the text parses back to `named` and prints the same.
fn assert_round_trip(named: &NamedProblem, source: &str) {
    let text = named.to_string();
    let again = match NamedProblem::parse(&text) {
        Ok(again) => again,
        Err(e) => panic!("{source}: the written text {text:?} does not parse: {e}"),
    };
    assert_eq!(
        &again, named,
        "{source}: {text:?} re-parses to another problem"
    );
    assert_eq!(again.to_string(), text, "{source}: writing is not stable");
}

fn check(text: &str) {
    let parsed = NamedProblem::parse(text);
    match &parsed {
        Ok(named) => {
            assert_round_trip(named, "parse");
            let format = match named.problem().kind() {
                Kind::Exact => Format::Dlx1,
                Kind::Colors => Format::Dlx2,
                _ => Format::Dlx3,
            };
            assert_eq!(named.format(), format, "the format follows the kind");
            for (option, items) in named.problem().options() {
                assert!(!items.is_empty(), "option {option} is empty");
            }
            // The parser's names are ones `NamedProblem::with_colors` accepts.
            let problem = named.problem();
            let names: Vec<String> = (0..problem.item_count())
                .map(|k| named.item_name(dlx_engine::ItemId::new(k).unwrap()).to_owned())
                .collect();
            let color_count = problem
                .options()
                .flat_map(|(option, _)| problem.entries(option))
                .filter_map(|(_, c)| c.map(|c| c.index() + 1))
                .max()
                .unwrap_or(0);
            let colors: Vec<String> = (0..color_count)
                .map(|k| named.color_name(Color::new(k).unwrap()).to_owned())
                .collect();
            let rebuilt = NamedProblem::with_colors(problem.clone(), names, colors);
            assert_eq!(
                rebuilt.as_ref(),
                Ok(named),
                "NamedProblem::with_colors on parsed names"
            );
        }
        Err(e) => {
            // Errors must display without panicking, and say where.
            let message = e.to_string();
            assert!(
                message.starts_with("line "),
                "a parse error without a position: {message}"
            );
        }
    }

    // The text's lines as the names of a problem with one primary item and
    // an option holding every item.
    let names: Vec<String> = text
        .split('\n')
        .take(MAX_NAMES)
        .map(str::to_owned)
        .collect();
    let mut builder = Problem::builder(1, names.len() - 1).expect("a small problem");
    let all: Vec<usize> = (0..names.len()).collect();
    builder.add_option(&all).expect("a valid option");
    if let Ok(named) = NamedProblem::new(builder.build(), names.clone()) {
        assert_round_trip(&named, "NamedProblem::new");
    }

    // The lines as the colors of a problem `p | s` with one option `p s:c`
    // per color `c`, in order (so they are numbered in order of first use,
    // as the parser numbers them).
    let mut builder = Problem::builder(1, 1).expect("a small problem");
    for k in 0..names.len() {
        builder
            .add_colored_option(&[(0, None), (1, Color::new(k))])
            .expect("a valid option");
    }
    let items = vec!["p".to_owned(), "s".to_owned()];
    if let Ok(named) = NamedProblem::with_colors(builder.build(), items, names) {
        assert_round_trip(&named, "NamedProblem::with_colors");
    }
}

fuzz_target!(|input: KnuthText| check(&input.0));
