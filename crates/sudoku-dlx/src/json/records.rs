//! The JSON records of the record commands (`solve`, `count`, `check`,
//! `rate`, `canon`, `generate`), one object per line: their fields in
//! sorted order, each absent when it does not apply (docs/cli.md publishes
//! them). Strings borrowed from the caller (file names, comments) are
//! `&str`, so writing a record copies nothing.

use serde::Serialize;

/// `new` and `invalid` for the records that have a file, line, status,
/// column and error.
macro_rules! constructors {
    ($($record:ident),*) => {$(
        impl<'a> $record<'a> {
            /// The record of file `file`'s line `line` with `status`, its
            /// other fields absent.
            #[must_use]
            pub fn new(file: &'a str, line: u64, status: &'static str) -> $record<'a> {
                $record {
                    file,
                    line,
                    status,
                    ..$record::default()
                }
            }

            /// The record of a puzzle that could not be read: `error` at
            /// `line` (and `column`, when one column says where).
            #[must_use]
            pub fn invalid(
                file: &'a str,
                line: u64,
                column: Option<usize>,
                error: &'a str,
            ) -> $record<'a> {
                $record {
                    column,
                    error: Some(error),
                    ..$record::new(file, line, "invalid")
                }
            }
        }
    )*};
}

constructors!(SolveRecord, CheckReport, RateRecord, CanonRecord);

/// One `solve` or `count` record in JSON: its fields in sorted order, each
/// absent when it does not apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SolveRecord<'a> {
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The text after the puzzle on its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<&'a str>,
    /// `count`: whether the count is exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// `count`: the solutions counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Why an invalid record could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// Search-tree nodes, for a puzzle that was searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The first solution found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// `solve --all` or `--limit`: every solution found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// `solved`, `unsolvable`, `multiple`, `invalid`, `budget` or `interrupted`.
    pub status: &'static str,
}

/// One `check` record in JSON: its fields in sorted order, each absent when
/// it does not apply. (The record read is a [`CheckRecord`](crate::CheckRecord).)
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport<'a> {
    /// The first cell the broken rule names, as `r2c5`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The text after the puzzle on its line (the proposed solution among it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<&'a str>,
    /// The broken rule, or why the record could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// `valid`, `broken` or `invalid`.
    pub status: &'static str,
}

/// One `rate` record in JSON: its fields in sorted order, each absent when
/// it does not apply.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RateRecord<'a> {
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The text after the puzzle on its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<&'a str>,
    /// The search effort's part of the score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<f64>,
    /// Why an invalid record could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The hardest technique the logic used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest: Option<&'static str>,
    /// The level's name (`easy` to `extreme`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// Search-tree nodes, averaged over the seeded orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_nodes: Option<f64>,
    /// The difficulty score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Whether the techniques alone solved it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved_by_logic: Option<bool>,
    /// `rated`, or why not: `unsolvable`, `multiple`, `invalid`, `budget`.
    pub status: &'static str,
}

/// One `canon` record in JSON: its fields in sorted order, each absent when
/// it does not apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CanonRecord<'a> {
    /// The canonical form, in the puzzle's alphabet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The text after the puzzle on its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<&'a str>,
    /// Why an invalid record could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// Search nodes spent, for a record over budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `canonical`, `invalid` or `budget`.
    pub status: &'static str,
    /// The transformation onto the form, with `--with-transform`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<String>,
}

/// One `generate` record in JSON: its fields in sorted order, the targets'
/// only when asked for.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GenerateRecord<'a> {
    /// Complete grids tried.
    pub attempts: u32,
    /// A killer puzzle's cage map and sums, as the line format writes them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cages: Option<String>,
    /// The givens' count.
    pub clues: usize,
    /// Whether the clue target was met, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clues_met: Option<bool>,
    /// Whether the level target was met, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty_met: Option<bool>,
    /// The puzzle's index in its run, from 0.
    pub index: u64,
    /// The rating's level, when the puzzle was rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// Whether no given can be blanked alone.
    pub minimal: bool,
    /// The givens, without the region map.
    pub puzzle: String,
    /// A jigsaw puzzle's region map, one letter per cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// The rating's score, when the puzzle was rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// The `--seed` of a run whose puzzle 0 is this puzzle.
    pub seed: u64,
    /// With `--with-solution`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The symmetry of the givens (`none` for a killer puzzle).
    pub symmetry: &'a str,
}

/// The record of a puzzle a signal stopped before it was answered, in any
/// record command: the fields every record has.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct InterruptedRecord<'a> {
    /// The input file's name (`<stdin>` for stdin).
    pub file: &'a str,
    /// The 1-based line of the input where the record starts.
    pub line: u64,
    /// `interrupted`.
    pub status: &'static str,
}

#[cfg(test)]
mod tests {
    use crate::json::{CanonRecord, GenerateRecord, InterruptedRecord, RateRecord, SolveRecord};

    fn json(record: &impl serde::Serialize) -> String {
        serde_json::to_string(record).unwrap()
    }

    #[test]
    fn fields_are_sorted_and_absent_when_they_do_not_apply() {
        // The lines docs/cli.md publishes, byte for byte.
        let solved = SolveRecord {
            nodes: Some(1),
            solution: Some("1234341221434321".to_owned()),
            ..SolveRecord::new("a.txt", 2, "solved")
        };
        assert_eq!(
            json(&solved),
            r#"{"file":"a.txt","line":2,"nodes":1,"solution":"1234341221434321","status":"solved"}"#
        );
        let invalid = SolveRecord {
            comment: Some("# x"),
            ..SolveRecord::invalid("a.txt", 7, Some(12), "bad")
        };
        assert_eq!(
            json(&invalid),
            r##"{"column":12,"comment":"# x","error":"bad","file":"a.txt","line":7,"status":"invalid"}"##
        );
        let counted = SolveRecord {
            complete: Some(false),
            count: Some(2),
            ..SolveRecord::new("-", 1, "multiple")
        };
        assert_eq!(
            json(&counted),
            r#"{"complete":false,"count":2,"file":"-","line":1,"status":"multiple"}"#
        );
        let rated = RateRecord {
            effort: Some(0.5),
            score: Some(2.37),
            ..RateRecord::new("r.txt", 1, "rated")
        };
        assert_eq!(
            json(&rated),
            r#"{"effort":0.5,"file":"r.txt","line":1,"score":2.37,"status":"rated"}"#
        );
        let budget = CanonRecord {
            nodes: Some(10),
            ..CanonRecord::new("c.txt", 4, "budget")
        };
        assert_eq!(
            json(&budget),
            r#"{"file":"c.txt","line":4,"nodes":10,"status":"budget"}"#
        );
        let stopped = InterruptedRecord {
            file: "i.txt",
            line: 9,
            status: "interrupted",
        };
        assert_eq!(
            json(&stopped),
            r#"{"file":"i.txt","line":9,"status":"interrupted"}"#
        );
    }

    #[test]
    fn a_generate_record_writes_its_targets_only_when_asked() {
        let record = GenerateRecord {
            attempts: 1,
            clues: 6,
            index: 0,
            puzzle: "1.3.3.1..1.3.3.1".to_owned(),
            seed: 4,
            symmetry: "rot180",
            ..GenerateRecord::default()
        };
        assert_eq!(
            json(&record),
            r#"{"attempts":1,"clues":6,"index":0,"minimal":false,"puzzle":"1.3.3.1..1.3.3.1","seed":4,"symmetry":"rot180"}"#
        );
        let targeted = GenerateRecord {
            clues_met: Some(false),
            ..record
        };
        assert!(json(&targeted).contains(r#""clues":6,"clues_met":false,"index""#));
    }
}
