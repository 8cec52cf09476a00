//! What the three layering tests share (crates/dlx/tests/layers.rs,
//! crates/sudoku-dlx/tests/layers.rs, crates/cli/tests/layers.rs, each of
//! which takes this file in with `#[path]`): the reading of a source file's
//! code lines and `crate::` paths, line by line, and the search for import
//! cycles. Each test keeps its own rule (floors, or paths to their source)
//! and its own check that it catches each kind of break, which runs this
//! code too.

use std::collections::{BTreeMap, BTreeSet};

/// One thing wrong: `key` names it without line numbers, `detail` says
/// where.
#[derive(Debug)]
pub(crate) struct Finding {
    pub(crate) key: String,
    pub(crate) detail: String,
}

/// The lines of code in `text`, numbered from 1: up to the first
/// `#[cfg(test)]` (test modules come last), without comment lines.
pub(crate) fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(i, line)| (i + 1, line))
}

/// The paths after each `crate::` on `line`, as far as they name modules
/// and items (`model::grid::Grid`; `{Budget, End}` gives `{`, a path
/// through the crate root).
pub(crate) fn crate_paths(line: &str) -> Vec<&str> {
    line.match_indices("crate::")
        .map(|(i, m)| {
            let rest = &line[i + m.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            if end == 0 { &rest[..1] } else { &rest[..end] }
        })
        .collect()
}

/// One finding per cycle of `edges` (`from -> to -> a place that makes the
/// edge`): each strongly connected set of modules, keyed by its members in
/// order (`import cycle: a <-> b`), with the imports that close it.
pub(crate) fn cycles(edges: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Finding> {
    let reach = |start: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(at) = stack.pop() {
            for next in edges.get(&at).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut found = Vec::new();
    let mut placed = BTreeSet::new();
    for (module, from_here) in &reached {
        if placed.contains(*module) || !from_here.contains(*module) {
            continue;
        }
        let members: BTreeSet<&String> = reached
            .iter()
            .filter(|(other, back)| from_here.contains(**other) && back.contains(*module))
            .map(|(other, _)| *other)
            .collect();
        let mut detail = Vec::new();
        for a in &members {
            for (b, place) in &edges[*a] {
                if members.contains(b) {
                    detail.push(format!("  {a} -> {b} at {place}"));
                }
            }
        }
        let names: Vec<&str> = members.iter().map(|m| m.as_str()).collect();
        found.push(Finding {
            key: format!("import cycle: {}", names.join(" <-> ")),
            detail: detail.join("\n"),
        });
        placed.extend(members.into_iter().cloned());
    }
    found
}

/// Each finding as its key, then where.
pub(crate) fn lines(found: &[Finding]) -> Vec<String> {
    found
        .iter()
        .map(|f| format!("{}\n{}", f.key, f.detail))
        .collect()
}

/// Asserts that `found` is one finding per entry of `expect`, each
/// starting with that entry: what a layering test's own check of its
/// rule expects from the breaks it plants.
pub(crate) fn assert_found(found: &[String], expect: &[&str]) {
    for e in expect {
        assert!(
            found.iter().any(|f| f.starts_with(e)),
            "missing {e:?} in {found:#?}"
        );
    }
    assert_eq!(found.len(), expect.len(), "{found:#?}");
}
