//! The library's folders are floors whose imports run only downward:
//! `model` at the bottom, then `canon`, `text`, `solve`, `rate`, `make` and
//! `json` (the command line's records, behind the `serde` feature). This
//! reads every `crate::` path in the library's code (comments and
//! `#[cfg(test)]` modules aside: tests may use the public API from the
//! crate root) and fails on a path into a higher floor, on a path through
//! the crate root's re-exports (`crate::Budget`) instead of the item's
//! source, on `super::` outside a test, and on files that import each
//! other, directly or round a longer cycle.
//!
//! A floor may hold module folders, nested to any depth
//! (`solve/bitsets/bitboard/order.rs`): a file is named by its path below
//! the floor (`bitsets/bitboard/order`, a folder's `mod.rs` by the folder,
//! `bitsets/bitboard`), and an import by the longest file its path names,
//! so two files of one folder that import each other are a cycle too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

#[path = "../../dlx/tests/imports.rs"]
mod imports;

use imports::{code_lines, crate_paths, cycles};

/// The floors, bottom up.
const FLOORS: [&str; 8] = [
    "model", "canon", "text", "solve", "rate", "make", "json", "render",
];

/// A source file: its folder, its name without `.rs`, and its text.
struct Source {
    folder: String,
    file: String,
    text: String,
}

/// What is wrong with the imports of `sources`, one line per finding.
fn violations(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    // Edges "folder/file -> folder/file" between distinct files, each with
    // a place that makes it.
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let files: BTreeSet<String> = sources
        .iter()
        .map(|s| format!("{}/{}", s.folder, s.file))
        .collect();
    for source in sources {
        let here = format!("{}/{}", source.folder, source.file);
        let Some(floor) = FLOORS.iter().position(|&f| f == source.folder) else {
            found.push(format!("{here}: folder `{}` is not a floor", source.folder));
            continue;
        };
        for (number, line) in code_lines(&source.text) {
            let at = format!("{here}.rs:{number}");
            if line.contains("super::") {
                found.push(format!("{at}: `super::` outside a test; name the file"));
            }
            for path in crate_paths(line) {
                let mut segments = path.split("::");
                let folder = segments.next().unwrap_or_default();
                let rest: Vec<&str> = segments.collect();
                let file = file_named(&files, folder, &rest);
                let Some(target) = FLOORS.iter().position(|&f| f == folder) else {
                    found.push(format!(
                        "{at}: `crate::{path}` goes through the crate root; name the item at its source"
                    ));
                    continue;
                };
                if target > floor {
                    found.push(format!(
                        "{at}: `crate::{path}`: floor `{}` imports from `{folder}` above it",
                        source.folder
                    ));
                }
                if file.is_empty()
                    || !file
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '/')
                {
                    found.push(format!(
                        "{at}: `crate::{path}`: name the file (one `use` line per file)"
                    ));
                    continue;
                }
                let there = format!("{folder}/{file}");
                if there != here {
                    edges
                        .entry(here.clone())
                        .or_default()
                        .entry(there)
                        .or_insert(format!("{at}: `crate::{path}`"));
                }
            }
        }
    }
    found.extend(imports::lines(&cycles(&edges)));
    found
}

/// The file that the path segments `rest` below `folder` name: the longest
/// run of leading segments that is a file of `files` (`bitsets::bitboard::
/// Board` names `bitsets/bitboard` when that is a file), else the first
/// segment alone (the file of an item or a misspelt path, which the
/// caller then judges).
fn file_named(files: &BTreeSet<String>, folder: &str, rest: &[&str]) -> String {
    (2..=rest.len())
        .rev()
        .map(|n| rest[..n].join("/"))
        .find(|file| files.contains(&format!("{folder}/{file}")))
        .unwrap_or_else(|| rest.first().copied().unwrap_or_default().to_string())
}

/// Every `.rs` file in a folder of the library's `src/`, at any depth.
fn library_sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    for folder in fs::read_dir(&src).expect("src/ is readable") {
        let folder = folder.expect("src/ lists").path();
        if folder.is_dir() {
            add_sources(&name(&folder), &folder, "", &mut sources);
        }
    }
    sources
}

/// The `.rs` files of `dir` and of the folders in it into `sources`, as
/// files of `floor` named by their path below it: `prefix` is the path of
/// `dir` (empty for the floor itself), a `mod.rs` takes its folder's name.
fn add_sources(floor: &str, dir: &Path, prefix: &str, sources: &mut Vec<Source>) {
    for entry in fs::read_dir(dir).expect("a source folder is readable") {
        let path = entry.expect("a source folder lists").path();
        let stem = name(&path);
        let below = if prefix.is_empty() {
            stem.clone()
        } else {
            format!("{prefix}/{stem}")
        };
        if path.is_dir() {
            add_sources(floor, &path, &below, sources);
        } else if path.extension().is_some_and(|e| e == "rs") {
            // The floor's own mod.rs is `mod`, as before the folders nested.
            let file = if stem == "mod" && !prefix.is_empty() {
                prefix.to_string()
            } else {
                below
            };
            sources.push(Source {
                folder: floor.to_string(),
                file,
                text: fs::read_to_string(&path).expect("a source file is text"),
            });
        }
    }
}

/// A path's last component without its extension.
fn name(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .expect("a UTF-8 file name")
        .to_string()
}

#[test]
fn imports_run_only_downward_and_without_cycles() {
    let sources = library_sources();
    // Every floor is there, with its files: an empty scan would pass.
    for floor in FLOORS {
        assert!(
            sources.iter().filter(|s| s.folder == floor).count() >= 2,
            "floor {floor} has no files"
        );
    }
    let found = violations(&sources);
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn the_check_catches_each_kind_of_break() {
    let source = |folder: &str, file: &str, text: &str| Source {
        folder: folder.to_string(),
        file: file.to_string(),
        text: text.to_string(),
    };
    let broken = [
        // An upward import, from the bottom floor to the top.
        source("model", "grid", "use crate::make::generator::Generator;\n"),
        // Through the crate root's re-exports.
        source(
            "make",
            "generator",
            "use crate::Budget;\nuse crate::{Error, Grid};\n",
        ),
        // Two files of one floor importing each other.
        source("solve", "solver", "use crate::solve::backend::Method;\n"),
        source("solve", "backend", "use crate::solve::solver::Solver;\n"),
        // A path relative to the folder's mod.rs.
        source("text", "parse", "    let x = super::thing();\n"),
        // Two files of one module folder importing each other, one by a
        // path through the folder's mod.rs.
        source(
            "solve",
            "bitsets/bitboard",
            "use crate::solve::bitsets::bitboard::order::Lowest;\n",
        ),
        source(
            "solve",
            "bitsets/bitboard/order",
            "use crate::solve::bitsets::bitboard::Board;\n",
        ),
    ];
    let found = violations(&broken);
    let expect = [
        "model/grid.rs:1: `crate::make::generator::Generator`: floor `model` imports from `make` above it",
        "make/generator.rs:1: `crate::Budget` goes through the crate root",
        "make/generator.rs:2: `crate::{` goes through the crate root",
        "import cycle: solve/backend <-> solve/solver",
        "text/parse.rs:1: `super::` outside a test",
        "import cycle: solve/bitsets/bitboard <-> solve/bitsets/bitboard/order",
    ];
    imports::assert_found(&found, &expect);

    // Comments and test modules are not library code.
    let fine = [
        source(
            "model",
            "grid",
            "//! See [`Solver`](crate::Solver).\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::Generator;\n}\n",
        ),
        source(
            "make",
            "jigsaw",
            "use crate::model::grid::Grid;\nuse crate::make::generator::Generator;\n",
        ),
    ];
    assert_eq!(violations(&fine), Vec::<String>::new());
}
