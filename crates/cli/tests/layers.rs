//! The binary's files are floors whose imports run only downward, as in the
//! library (crates/sudoku-dlx/tests/layers.rs): the parts that know nothing
//! of the others at the bottom (reading, signals, progress, help texts,
//! what a record reports), then the machinery that runs batches
//! and searches, then the flags (`args`, the only floor but the top ones
//! that knows clap), the driver shared by the record commands, the
//! commands, and `main`. This reads every `crate::` path in `src/`
//! (comments and `#[cfg(test)]` modules aside) and fails on a path into a
//! higher floor, on a path through the crate root instead of a file, on
//! `super::` outside a test, on clap named outside the files that hold the
//! command line, and on files that import each other, directly or round a
//! longer cycle.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

#[path = "../../dlx/tests/imports.rs"]
mod imports;

use imports::{code_lines, crate_paths, cycles};

/// The floors, bottom up, each with its files (without `.rs`).
const FLOORS: [&[&str]; 6] = [
    &["help", "input", "interrupt", "progress", "report"],
    &["batch", "jobs", "records", "threads"],
    &["args"],
    &["answers", "cover_zdd"],
    &[
        "canon", "check", "cover", "explain", "generate", "manual", "print", "rate", "sudoku",
    ],
    &["main"],
];

/// The files that may name clap: the flags, the man page and completions
/// generated from them, and `main`, which parses them.
const CLAP_FILES: [&str; 3] = ["args", "manual", "main"];

/// A source file: its name without `.rs`, and its text.
struct Source {
    file: String,
    text: String,
}

/// The floor of `file`, if it has one.
fn floor_of(file: &str) -> Option<usize> {
    FLOORS.iter().position(|floor| floor.contains(&file))
}

/// What is wrong with the imports of `sources`, one line per finding.
fn violations(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    // Edges "file -> file" between distinct files, each with a place that
    // makes it.
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for source in sources {
        let here = &source.file;
        let Some(floor) = floor_of(here) else {
            found.push(format!("{here}.rs: not on a floor; add it to FLOORS"));
            continue;
        };
        for (number, line) in code_lines(&source.text) {
            let at = format!("{here}.rs:{number}");
            if line.contains("super::") {
                found.push(format!("{at}: `super::` outside a test; name the file"));
            }
            if mentions_clap(line) && !CLAP_FILES.contains(&here.as_str()) {
                found.push(format!(
                    "{at}: clap outside the command line ({}); take plain values",
                    CLAP_FILES.join(", ")
                ));
            }
            for path in crate_paths(line) {
                let file = path.split("::").next().unwrap_or_default();
                let Some(target) = floor_of(file) else {
                    found.push(format!(
                        "{at}: `crate::{path}` goes through the crate root; name the file"
                    ));
                    continue;
                };
                if target > floor {
                    found.push(format!(
                        "{at}: `crate::{path}`: `{here}` imports from `{file}` on a floor above it"
                    ));
                }
                if file != here {
                    edges
                        .entry(here.clone())
                        .or_default()
                        .entry(file.to_string())
                        .or_insert(format!("{at}: `crate::{path}`"));
                }
            }
        }
    }
    found.extend(imports::lines(&cycles(&edges)));
    found
}

/// Whether `line` names the clap crate (`use clap::...`, `clap::value_parser!`).
fn mentions_clap(line: &str) -> bool {
    line.match_indices("clap::").any(|(i, _)| {
        !line[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Every `.rs` file in the binary's `src/` (the binary has no folders; a
/// folder would be a finding).
fn binary_sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    for entry in fs::read_dir(&src).expect("src/ is readable") {
        let path = entry.expect("src/ lists").path();
        let file = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name")
            .to_string();
        let text = if path.is_dir() {
            // Caught below as "not on a floor" unless the folder is added.
            String::new()
        } else {
            fs::read_to_string(&path).expect("a source file is text")
        };
        sources.push(Source { file, text });
    }
    sources
}

#[test]
fn imports_run_only_downward_and_without_cycles() {
    let sources = binary_sources();
    // Every file of every floor is there: an empty or partial scan would pass.
    for file in FLOORS.iter().flat_map(|floor| floor.iter()) {
        assert!(
            sources
                .iter()
                .any(|s| s.file == *file && !s.text.is_empty()),
            "{file}.rs is on a floor but not in src/"
        );
    }
    let found = violations(&sources);
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn the_check_catches_each_kind_of_break() {
    let source = |file: &str, text: &str| Source {
        file: file.to_string(),
        text: text.to_string(),
    };
    let broken = [
        // An upward import, from the bottom floor to the commands.
        source("input", "use crate::sudoku::solve;\n"),
        // Through the crate root.
        source("batch", "use crate::{input::Line, progress::Progress};\n"),
        // Flags and a command importing each other (the old circle).
        source("args", "    Canon(crate::canon::CanonArgs),\n"),
        source("canon", "use crate::args::ShapeArgs;\n"),
        // A file of no floor.
        source("extra", "fn f() {}\n"),
        // clap in the output code.
        source("report", "use clap::ValueEnum;\n"),
        // A path relative to the parent module.
        source("records", "    let x = super::thing();\n"),
    ];
    let found = violations(&broken);
    let expect = [
        "input.rs:1: `crate::sudoku::solve`: `input` imports from `sudoku` on a floor above it",
        "batch.rs:1: `crate::{` goes through the crate root",
        "args.rs:1: `crate::canon::CanonArgs`: `args` imports from `canon` on a floor above it",
        "import cycle: args <-> canon",
        "extra.rs: not on a floor",
        "report.rs:1: clap outside the command line",
        "records.rs:1: `super::` outside a test",
    ];
    imports::assert_found(&found, &expect);

    // Comments, test modules and names that merely end in `clap` are fine.
    let fine = [
        source(
            "report",
            "//! See [`Cli`](crate::args::Cli) and clap::Parser.\nlet myclap::x = 1;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::sudoku::solve;\n}\n",
        ),
        source(
            "sudoku",
            "use crate::answers::answer_all;\nuse crate::report::Status;\nuse crate::input::Line;\n",
        ),
        source("args", "use clap::Args;\n"),
    ];
    assert_eq!(violations(&fine), Vec::<String>::new());
}
