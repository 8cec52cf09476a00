//! The engine's modules import one another without circles and never
//! through the crate root. This reads every `crate::` and `super::` path
//! in the library's code (comments and `#[cfg(test)]` items aside: tests
//! may use the public API from the crate root), resolves it to the module
//! it names (a file, or a folder's `mod.rs`: `crate::matrix::Branch` is the
//! `matrix` module's public face), and fails on a path through the crate
//! root's re-exports (`crate::Problem` instead of `crate::problem::Problem`)
//! and on modules that import each other, directly or round a longer
//! cycle. A cycle is looked for among the modules of each folder, a
//! folder counting as one module from outside it (`matrix` and `solver`
//! importing each other is a cycle, whichever files do it); a folder's
//! `mod.rs` and its own files are parent and children, not a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

// The engine reads whole statements (its `use` trees span lines), so it
// takes the finding and the cycle search, not the line reader.
#[allow(dead_code)]
#[path = "imports.rs"]
mod imports;

use imports::{Finding, cycles};

/// A source file: its path under `src/` and its text.
struct Source {
    path: String,
    text: String,
}

/// The module a file under `src/` holds, as its path segments:
/// `lib.rs` is the root `[]`, `matrix/mod.rs` is `[matrix]`,
/// `matrix/cells/count.rs` is `[matrix, cells, count]`.
fn module_of(path: &str) -> Vec<String> {
    let mut segments: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if segments.last().is_some_and(|s| s == "mod" || s == "lib") {
        segments.pop();
    }
    segments
}

/// The modules declared behind `#[cfg(test)]` (`#[cfg(test)] mod tests;`,
/// or `pub(crate) mod` for helpers other modules' tests share), whose files
/// are test code throughout.
fn test_modules(sources: &[Source]) -> BTreeSet<Vec<String>> {
    let mut tests = BTreeSet::new();
    for source in sources {
        let lines: Vec<&str> = source.text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            let declared = ["pub(crate) ", "pub(super) ", "pub "]
                .iter()
                .find_map(|visibility| pair[1].strip_prefix(visibility))
                .unwrap_or(pair[1]);
            if pair[0] == "#[cfg(test)]"
                && let Some(name) = declared
                    .strip_prefix("mod ")
                    .and_then(|rest| rest.strip_suffix(';'))
            {
                let mut module = module_of(&source.path);
                module.push(name.to_string());
                tests.insert(module);
            }
        }
    }
    tests
}

/// The statements of library code in `text`, each with the number of its
/// first line: comments and `#[cfg(test)]` items left out, a `use` spread
/// over several lines joined into one.
fn library_statements(text: &str) -> Vec<(usize, String)> {
    let mut statements = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let code = without_comment(line).trim();
        if code == "#[cfg(test)]" {
            // Skip the item: one line ending in `;`, or up to its closing brace.
            let mut depth = 0i64;
            for (_, item) in lines.by_ref() {
                let item = without_comment(item);
                depth += item.matches('{').count() as i64 - item.matches('}').count() as i64;
                if depth <= 0 && (item.trim_end().ends_with(';') || item.contains('}')) {
                    break;
                }
            }
            continue;
        }
        let mut statement = code.to_string();
        if is_use(code) {
            while !statement.contains(';') {
                let Some((_, more)) = lines.next() else { break };
                statement.push(' ');
                statement.push_str(without_comment(more).trim());
            }
        }
        if !statement.is_empty() {
            statements.push((i + 1, statement));
        }
    }
    statements
}

/// `line` without a trailing `//` comment (one outside a string literal).
fn without_comment(line: &str) -> &str {
    let mut quotes = 0;
    for (i, c) in line.char_indices() {
        if c == '"' {
            quotes += 1;
        } else if quotes % 2 == 0 && line[i..].starts_with("//") {
            return &line[..i];
        }
    }
    line
}

/// Whether `code` is a `use` declaration, of any visibility.
fn is_use(code: &str) -> bool {
    let rest = code
        .strip_prefix("pub")
        .map(|r| {
            r.strip_prefix("(crate)")
                .or_else(|| r.strip_prefix("(super)"))
                .unwrap_or(r)
        })
        .unwrap_or(code);
    rest.trim_start().starts_with("use ")
}

/// Every path a `use` tree names, with groups expanded:
/// `crate::a::{b, c::{D, E}}` gives `crate::a::b`, `crate::a::c::D`,
/// `crate::a::c::E`.
fn expand_use(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        // `a::b as c` names `a::b`.
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path.split_whitespace().collect()];
    };
    let prefix = &tree[..open];
    let close = tree.rfind('}').unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let mut paths = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                paths.extend(expand_use(&format!("{prefix}{}", &inner[start..i])));
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        paths.extend(expand_use(&format!("{prefix}{}", &inner[start..])));
    }
    paths
}

/// The paths of `statement` that start at the crate root or a parent:
/// the whole trees of a `use`, and `crate::a::b`/`super::x` written inline.
fn crate_paths(statement: &str) -> Vec<String> {
    let relative = |p: &str| p.starts_with("crate::") || p.starts_with("super::");
    if is_use(statement) {
        let tree = &statement[statement.find("use ").unwrap_or(0) + 4..];
        let tree = tree.trim_end().trim_end_matches(';');
        return expand_use(tree)
            .into_iter()
            .filter(|p| relative(p))
            .collect();
    }
    let mut paths = Vec::new();
    let bytes = statement.as_bytes();
    for (i, _) in statement.match_indices("::") {
        // Walk back over the word before `::`; keep it if it is `crate`
        // or the first `super` of a chain.
        let start = statement[..i]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |s| s + 1);
        let word = &statement[start..i];
        let after_path = start >= 2 && &bytes[start - 2..start] == b"::";
        if (word == "crate" || word == "super") && !after_path {
            let end = statement[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(statement.len(), |e| start + e);
            paths.push(statement[start..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The module `path` (as written in module `from`) lands in: the longest
/// prefix of it that is a module of `modules`.
fn resolve(path: &str, from: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    let mut segments = path.split("::").filter(|s| !s.is_empty());
    let mut at: Vec<String> = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    match segments.next() {
        Some("crate") => {}
        Some("super") => {
            at = from.to_vec();
            at.pop();
            for segment in segments.by_ref() {
                if segment == "super" {
                    at.pop();
                } else {
                    rest.push(segment);
                    break;
                }
            }
        }
        _ => return from.to_vec(),
    }
    rest.extend(segments);
    for segment in rest {
        let mut deeper = at.clone();
        deeper.push(segment.to_string());
        if !modules.contains(&deeper) {
            break;
        }
        at = deeper;
    }
    at
}

/// What is wrong with the imports of `sources` (paths under `src/`).
fn violations(sources: &[Source]) -> Vec<Finding> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| module_of(&s.path)).collect();
    let tests = test_modules(sources);
    // Paths through the root, by file.
    let mut through_root: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    // Edges between sibling modules, each with a place that makes it.
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for source in sources {
        let here = module_of(&source.path);
        if here.is_empty() || tests.iter().any(|t| here.starts_with(t)) {
            // The root only declares and re-exports; test files may use anything.
            continue;
        }
        for (number, statement) in library_statements(&source.text) {
            let at = format!("{}:{number}", source.path);
            for path in crate_paths(&statement) {
                let there = resolve(&path, &here, &modules);
                if there.is_empty() {
                    through_root
                        .entry(&source.path)
                        .or_default()
                        .push(format!("  {at}: `{path}`"));
                    continue;
                }
                // Parent and child are not siblings: no edge.
                if there.starts_with(&here) || here.starts_with(&there) {
                    continue;
                }
                let common = here.iter().zip(&there).take_while(|(a, b)| a == b).count();
                let name = |m: &[String]| m[..=common].join("::");
                edges
                    .entry(name(&here))
                    .or_default()
                    .entry(name(&there))
                    .or_insert(format!("{at}: `{path}`"));
            }
        }
    }
    let mut found: Vec<Finding> = through_root
        .into_iter()
        .map(|(file, places)| Finding {
            key: format!("{file}: through the crate root"),
            detail: format!(
                "import these from the module that defines them:\n{}",
                places.join("\n")
            ),
        })
        .collect();
    found.extend(cycles(&edges));
    found
}

/// Every `.rs` file under the library's `src/`, by its path there.
fn library_sources() -> Vec<Source> {
    fn walk(dir: &Path, under: &str, sources: &mut Vec<Source>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .expect("a source folder is readable")
            .map(|e| e.expect("a source folder lists").path())
            .collect();
        entries.sort();
        for entry in entries {
            let name = entry
                .file_name()
                .and_then(|n| n.to_str())
                .expect("a UTF-8 file name")
                .to_string();
            if entry.is_dir() {
                walk(&entry, &format!("{under}{name}/"), sources);
            } else if name.ends_with(".rs") {
                sources.push(Source {
                    path: format!("{under}{name}"),
                    text: fs::read_to_string(&entry).expect("a source file is text"),
                });
            }
        }
    }
    let mut sources = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut sources,
    );
    sources
}

#[test]
fn imports_go_to_their_source_without_cycles() {
    let sources = library_sources();
    // The scan sees the engine: an empty one would pass.
    for file in [
        "lib.rs",
        "solver.rs",
        "matrix/mod.rs",
        "matrix/cells/count.rs",
    ] {
        assert!(sources.iter().any(|s| s.path == file), "{file} not read");
    }
    assert!(sources.len() >= 40, "only {} files read", sources.len());
    let found = imports::lines(&violations(&sources));
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn the_check_catches_each_kind_of_break() {
    let source = |path: &str, text: &str| Source {
        path: path.to_string(),
        text: text.to_string(),
    };
    let broken = [
        source("lib.rs", "mod a;\nmod m;\nmod b;\npub use a::A;\n"),
        // Through the crate root's re-exports, alone, in a group and inline.
        source(
            "a.rs",
            "use crate::Problem;\nuse crate::{\n    b::B,\n    Kind,\n};\nfn f() { crate::OptionId::from_u32(1); }\n",
        ),
        // Two files importing each other, one through a group.
        source("b.rs", "use crate::c::C;\n"),
        source("c.rs", "use crate::{b::B, m::M};\n"),
        // A folder and a file importing each other: `m/x.rs` -> `d.rs` -> `m`.
        source("m/mod.rs", "mod x;\nmod y;\npub use x::M;\n"),
        source("m/x.rs", "use super::y::Y;\nuse crate::d::D;\n"),
        source("m/y.rs", "pub(crate) use super::super::m::x::M;\n"),
        source("d.rs", "use crate::m::M;\n"),
    ];
    let found = violations(&broken);
    let keys: Vec<&str> = found.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "a.rs: through the crate root",
            "import cycle: b <-> c",
            "import cycle: d <-> m",
            "import cycle: m::x <-> m::y",
        ],
        "{found:#?}"
    );
    assert!(
        found[0].detail.ends_with(
            "\n  a.rs:1: `crate::Problem`\n  a.rs:2: `crate::Kind`\n  a.rs:6: `crate::OptionId::from_u32`"
        ),
        "{}",
        found[0].detail
    );
    assert!(
        found[2].detail.contains("m -> d at m/x.rs:2"),
        "{}",
        found[2].detail
    );

    // Parents and children, comments and test code are not breaks.
    let fine = [
        source("lib.rs", "mod m;\nmod a;\n"),
        source(
            "m/mod.rs",
            "mod x;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\npub(crate) mod shared;\npub use x::X;\nfn f() -> x::X { x::X }\n",
        ),
        source("m/shared.rs", "use crate::Dlx;\nuse crate::a::A;\n"),
        source(
            "m/x.rs",
            "use super::Header;\n// use crate::Problem;\nlet s = \"//\"; // crate::Kind\n",
        ),
        source("m/tests.rs", "use crate::Dlx;\nuse crate::a::A;\n"),
        source(
            "a.rs",
            "use crate::m::X;\n#[cfg(test)]\nmod tests {\n    use crate::Dlx;\n    fn g() {\n    }\n}\nuse crate::m::x2;\n",
        ),
    ];
    let found = violations(&fine);
    assert!(found.is_empty(), "{found:#?}");
}
