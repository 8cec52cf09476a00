//! The exact-cover box: a problem in Knuth's DLX1, DLX2 or DLX3 text,
//! counted in bounded chunks (the engine's [`Dlx::split`] subproblems,
//! whose shares of the search tree give the progress), and its first
//! solutions listed by option names.

use std::ops::ControlFlow;

use dlx_engine::{Dlx, End, NamedProblem, ReadOptions, Subproblem};
use serde_json::json;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::error;

/// At least this many chunks, where the tree has them: enough for a
/// progress bar that moves, few enough that splitting costs nothing.
const CHUNKS: usize = 256;

/// The deepest split tried for [`CHUNKS`].
const MAX_DEPTH: usize = 12;

/// The most items the item line may declare, as the command line's
/// `--max-items` default (Knuth's DLX1 allows 100,000).
const MAX_ITEMS: usize = 100_000;

/// Reads a problem as `sudoku-dlx cover` does: an option of secondary
/// items only is skipped (its line is in the second value), as in Knuth's
/// programs.
fn read(text: &str) -> Result<(NamedProblem, Vec<usize>), String> {
    let options = ReadOptions {
        skip_secondary_only: true,
        max_items: Some(MAX_ITEMS),
    };
    NamedProblem::parse_with(text, &options)
        .map(|parsed| (parsed.problem, parsed.skipped))
        .map_err(|e| e.to_string())
}

/// A count under way: [`CoverCount::step`] counts the next chunks.
#[wasm_bindgen]
pub struct CoverCount {
    state: Result<Counting, String>,
}

struct Counting {
    solver: Dlx,
    subproblems: Vec<Subproblem>,
    next: usize,
    found: u64,
    progress: f64,
    exact: bool,
    kind: &'static str,
    /// The lines of the options skipped for having no primary item.
    skipped: Vec<usize>,
}

#[wasm_bindgen]
impl CoverCount {
    /// Reads `text` (Knuth's DLX1, DLX2 or DLX3 format) and splits its
    /// search tree into chunks.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(text: &str) -> CoverCount {
        let state = read(text).map(|(named, skipped)| {
            let mut solver = Dlx::new(named.problem());
            let mut depth = 1;
            let mut split = solver.split(depth);
            while split.subproblems().len() < CHUNKS && depth < MAX_DEPTH {
                let deeper = solver.split(depth + 1);
                if deeper.subproblems().len() == split.subproblems().len() {
                    break;
                }
                depth += 1;
                split = deeper;
            }
            Counting {
                solver,
                subproblems: split.into_subproblems(),
                next: 0,
                found: 0,
                progress: 0.0,
                exact: true,
                kind: format_name(&named),
                skipped,
            }
        });
        CoverCount { state }
    }

    /// Counts up to `chunks` more subproblems: `{"found", "done",
    /// "exact", "progress", "chunks", "format", "skipped"}` (`progress` the share of
    /// the search tree counted), or `{"error"}`.
    pub fn step(&mut self, chunks: u32) -> String {
        let counting = match &mut self.state {
            Ok(c) => c,
            Err(message) => return error(message),
        };
        for _ in 0..chunks {
            let Some(sub) = counting.subproblems.get(counting.next) else {
                break;
            };
            match counting.solver.count_subproblem(sub, None) {
                Ok(count) => {
                    counting.found += count.solutions;
                    counting.exact &= count.end == End::Exhausted;
                    counting.progress += sub.share();
                }
                Err(e) => return error(e),
            }
            counting.next += 1;
        }
        let done = counting.next >= counting.subproblems.len();
        json!({
            "found": counting.found,
            "done": done,
            "exact": counting.exact,
            "progress": if done { 1.0 } else { counting.progress.min(1.0) },
            "chunks": counting.subproblems.len(),
            "format": counting.kind,
            "skipped": counting.skipped,
        })
        .to_string()
    }
}

fn format_name(named: &NamedProblem) -> &'static str {
    match named.format() {
        dlx_engine::Format::Dlx1 => "DLX1",
        dlx_engine::Format::Dlx2 => "DLX2",
        _ => "DLX3",
    }
}

/// The first `limit` solutions of the problem in `text`, each a list of
/// its options as their lines read: `{"solutions": [[...], ...], "more"}`
/// (`more` when the search stopped at the limit), or `{"error"}`.
#[wasm_bindgen]
#[must_use]
pub fn cover_solutions(text: &str, limit: u32) -> String {
    let named = match read(text) {
        Ok((named, _)) => named,
        Err(e) => return error(e),
    };
    let mut solver = Dlx::new(named.problem());
    let mut solutions: Vec<Vec<String>> = Vec::new();
    let count = solver.for_each_solution(|solution| {
        if solutions.len() == limit as usize {
            return ControlFlow::Break(());
        }
        let mut lines: Vec<String> = solution
            .options()
            .iter()
            .map(|&o| named.option_text(o))
            .collect();
        lines.sort();
        solutions.push(lines);
        ControlFlow::Continue(())
    });
    json!({ "solutions": solutions, "more": count.end == End::Stopped }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The n queens as DLX2 text: rows and columns primary, diagonals
    /// secondary.
    fn queens(n: usize) -> String {
        let mut text = String::new();
        for r in 0..n {
            text += &format!("r{r} ");
        }
        for c in 0..n {
            text += &format!("c{c} ");
        }
        text += "|";
        for d in 0..2 * n - 1 {
            text += &format!(" a{d} b{d}");
        }
        text += "\n";
        for r in 0..n {
            for c in 0..n {
                text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
            }
        }
        text
    }

    #[test]
    fn chunks_count_the_queens() {
        let mut count = CoverCount::new(&queens(8));
        let mut last = Value::Null;
        let mut calls = 0;
        while last["done"] != true {
            last = serde_json::from_str(&count.step(10)).unwrap();
            calls += 1;
        }
        assert_eq!(last["found"], 92);
        assert_eq!(last["exact"], true);
        assert!(calls > 1, "the count ran in several chunks");
    }

    #[test]
    fn knuths_example_lists_its_solution_by_name() {
        let text = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
        let answer: Value = serde_json::from_str(&cover_solutions(text, 5)).unwrap();
        assert_eq!(answer["solutions"], json!([["A D", "B G", "C E F"]]));
        assert_eq!(answer["more"], false);
        let two: Value = serde_json::from_str(&cover_solutions(&queens(6), 2)).unwrap();
        assert_eq!(two["solutions"].as_array().unwrap().len(), 2);
        assert_eq!(two["more"], true);
        let bad: Value = serde_json::from_str(&cover_solutions("a\nb\n", 1)).unwrap();
        assert!(bad["error"].as_str().unwrap().contains("line 2"));
    }
}
