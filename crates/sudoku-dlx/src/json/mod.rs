//! The command line's JSON records (docs/cli.md), behind the `serde`
//! feature: one type per record command, each a `Serialize` struct whose
//! fields are in sorted order and absent when they do not apply, so that a
//! program (the command line, a binding) writes the published format by
//! serializing them. The top floor: imports from every floor below.

pub(crate) mod records;
pub(crate) mod steps;

pub use records::{
    CanonRecord, CheckReport, GenerateRecord, InterruptedRecord, RateRecord, SolveRecord,
};
pub use steps::{CellCandidates, CellDigit, ChainRecord, ExplainRecord, StepRecord};
