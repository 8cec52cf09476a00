//! The command line's JSON records (docs/cli.md), behind the `serde`
//! feature: one type per record command, each a `Serialize` struct whose
//! fields are in sorted order and absent when they do not apply, so that a
//! program (the command line, a binding) writes the published format by
//! serializing them. The top floor: imports from every floor below.
//!
//! ```
//! use sudoku_dlx::json::{CheckReport, SolveRecord};
//! use sudoku_dlx::{CheckRecord, ParseOptions, Puzzle};
//!
//! let read = CheckRecord::parse("1.3.3.1..1.3.3.1", Some("2134341221434321"), &ParseOptions::default())?;
//! let broken = read.check().unwrap_err();
//! let error = broken.describe(read.puzzle.alphabet());
//! let report = CheckReport {
//!     cell: broken.cell().map(|c| c.to_string()),
//!     error: Some(&error),
//!     ..CheckReport::new("puzzles.txt", 3, "broken")
//! };
//! assert_eq!(
//!     serde_json::to_string(&report).unwrap(),
//!     r#"{"cell":"r1c1","error":"r1c1 holds 2 but the puzzle gives 1","file":"puzzles.txt","line":3,"status":"broken"}"#
//! );
//! # Ok::<(), sudoku_dlx::Error>(())
//! ```

pub(crate) mod records;
pub(crate) mod steps;

pub use records::{
    CanonRecord, CheckReport, GenerateRecord, InterruptedRecord, RateRecord, SolveRecord,
};
pub use steps::{CellCandidates, CellDigit, ChainRecord, ExplainRecord, StepRecord};
