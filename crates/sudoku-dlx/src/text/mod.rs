//! Text in and out: parsing a record into a `Puzzle` (`Puzzle::parse`) and
//! the one record framer that splits a stream of lines into records.
//!
//! Imports from `model` only.

pub(crate) mod check_record;
pub(crate) mod framer;
pub(crate) mod killer;
pub(crate) mod lexer;
pub(crate) mod parse;
pub(crate) mod parse_options;
pub(crate) mod plain_line;
