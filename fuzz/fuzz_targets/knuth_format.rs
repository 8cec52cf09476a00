//! Knuth's text format and the builder behind it, on arbitrary bytes.
//!
//! The bytes, decoded lossily as UTF-8, go to `NamedProblem::parse`, which
//! must return a value, never panic. Whatever parses is written back with
//! `Display` and must re-parse to an equal problem, whose text is the same.
//!
//! The same text also names the items of a small problem through
//! `NamedProblem::new`, one line per name: names it accepts must survive the
//! same round trip, so it and the parser agree on what a name may hold.
//!
//! Every byte string is in this target's domain, so it rejects no input.
//! A failing input's `Debug` is the text as a Rust string literal.

#![no_main]

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use dlx::{NamedProblem, Problem};
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
        writeln!(f, "let parsed = dlx::NamedProblem::parse(text);")
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
            for (option, items) in named.problem().options() {
                assert!(!items.is_empty(), "option {option} is empty");
            }
            // The parser's names are ones `NamedProblem::new` accepts.
            let names: Vec<String> = (0..named.problem().item_count())
                .map(|k| named.item_name(dlx::ItemId::new(k).unwrap()).to_owned())
                .collect();
            let rebuilt = NamedProblem::new(named.problem().clone(), names);
            assert_eq!(
                rebuilt.as_ref(),
                Ok(named),
                "NamedProblem::new on parsed names"
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
    if let Ok(named) = NamedProblem::new(builder.build(), names) {
        assert_round_trip(&named, "NamedProblem::new");
    }
}

fuzz_target!(|input: KnuthText| check(&input.0));
