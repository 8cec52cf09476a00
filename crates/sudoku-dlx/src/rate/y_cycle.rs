//! Y-cycles (Sudoku Explainer's "bidirectional Y-cycle", 6.5 plus the
//! length penalty): a loop of bivalue cells c1, ..., cn, each a peer of
//! the next (cn of c1), where ci = {d(i-1), di} and di is the digit ci
//! shares with the next. If c1 is d1, c2 is not, so it is d2, and so on
//! round the loop; if c1 is dn, cn is not, so it is d(n-1), and so on
//! back. Either way each link's digit di is in ci or in c(i+1), so it
//! leaves every other cell that sees both.
//!
//! Sudoku Explainer finds these with its chains restricted to links inside
//! cells, and rates a cycle of n cells (2n literals) 6.5 plus the length
//! penalty of 2n; a longer chain that mixes cell and unit links is a
//! forcing chain (7.0). "Sees" is the geometry's peer relation, so the
//! cycle holds on every shape and variant.

use crate::rate::chains::length_penalty;
use crate::rate::link::{Chain, Link};
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

/// The longest cycle looked for, in cells.
const MOST_CELLS: usize = 12;

/// How many cells the searches of one step may visit: bivalue cells are
/// few on the puzzles a person solves, but a hostile grid could hold many.
const BUDGET: usize = 200_000;

/// The difficulty of a Y-cycle of `cells` cells.
pub(super) fn y_cycle_difficulty(cells: usize) -> f64 {
    Technique::YCycle.weight() + length_penalty(2 * cells)
}

/// The search's state: the bivalue cells, the loop so far and its link
/// digits, and the cells visited.
struct Search {
    bivalue: Vec<usize>,
    path: Vec<usize>,
    links: Vec<u64>,
    visits: usize,
}

impl LogicSolver {
    /// One Y-cycle that removes a candidate, the shortest, applied;
    /// whether it found one.
    pub(super) fn y_cycle(&mut self) -> bool {
        let bivalue: Vec<usize> = (0..self.candidates.len())
            .filter(|&i| self.values[i] == 0 && self.candidates[i].count_ones() == 2)
            .collect();
        let mut search = Search {
            bivalue,
            path: Vec::new(),
            links: Vec::new(),
            visits: 0,
        };
        // Two cells are a naked pair; three pairwise peers, a naked triple
        // on classic rules, but not always on variants.
        for cells in 3..=MOST_CELLS.min(search.bivalue.len()) {
            for k in 0..search.bivalue.len() {
                let start = search.bivalue[k];
                let marks = self.candidates[start];
                for first in [marks & marks.wrapping_neg(), marks & (marks - 1)] {
                    search.path.clear();
                    search.links.clear();
                    search.path.push(start);
                    search.links.push(first);
                    if let Some(removals) = self.extend_cycle(&mut search, cells) {
                        for &(cell, bit) in &removals {
                            self.remove(cell, bit);
                        }
                        let digits = search.links.iter().fold(0, |m, &l| m | l);
                        self.pattern.note(&[], &search.path, digits);
                        self.pattern.chains = removals
                            .iter()
                            .filter_map(|&(cell, bit)| self.cycle_chain(&search, cell, bit))
                            .collect();
                        self.chain_difficulty = y_cycle_difficulty(cells);
                        return true;
                    }
                    if search.visits > BUDGET {
                        return false;
                    }
                }
            }
        }
        false
    }

    /// Extends the loop in `search` to `cells` cells, each after the first
    /// of a higher index than the first (so each loop is found from its
    /// lowest cell); the eliminations of the first loop that has any.
    fn extend_cycle(&self, search: &mut Search, cells: usize) -> Option<Vec<(usize, u64)>> {
        search.visits += 1;
        if search.visits > BUDGET {
            return None;
        }
        let start = search.path[0];
        let last = search.path[search.path.len() - 1];
        let out = search.links[search.links.len() - 1];
        if search.path.len() == cells {
            // The loop closes on the start's other digit.
            let closing = self.candidates[start] & !search.links[0];
            if out != closing || !self.geometry.peers(last).contains(&start) {
                return None;
            }
            let removals = self.cycle_removals(&search.path, &search.links);
            return (!removals.is_empty()).then_some(removals);
        }
        for &next in self.geometry.peers(last) {
            let marks = self.candidates[next];
            if self.values[next] != 0
                || marks.count_ones() != 2
                || marks & out == 0
                || next <= start
                || search.path.contains(&next)
            {
                continue;
            }
            search.path.push(next);
            search.links.push(marks & !out);
            if let Some(removals) = self.extend_cycle(search, cells) {
                return Some(removals);
            }
            search.path.pop();
            search.links.pop();
        }
        None
    }

    /// Why the loop in `search` (cell i linked to cell i + 1 by digit
    /// `links[i]`) removes digit `bit` from `cell`, as links a person
    /// follows. The link of that digit runs from a cell a to the next, b,
    /// both peers of `cell`; if b is not the digit, it is its other one, so
    /// the cell after is not that, ... round the loop back to a, which is
    /// then the digit. One of a and b holds it: `b<>d -> b=e -> c<>e -> ...
    /// -> a=d, so cell<>d`.
    fn cycle_chain(&self, search: &Search, cell: usize, bit: u64) -> Option<Chain> {
        let (path, links) = (&search.path, &search.links);
        let n = path.len();
        let peers = self.geometry.peers(cell);
        let from = (0..n).find(|&i| {
            links[i] == bit && peers.contains(&path[i]) && peers.contains(&path[(i + 1) % n])
        })?;
        let digit = |bit: u64| u8::try_from(bit.trailing_zeros() + 1).unwrap_or(u8::MAX);
        let link = |cell: usize, bit: u64, on: bool| Link {
            cells: vec![cell],
            digit: digit(bit),
            on,
        };
        let mut walk = Vec::with_capacity(2 * n);
        let mut off = bit;
        for k in 1..=n {
            let i = (from + k) % n;
            walk.push(link(path[i], off, false));
            walk.push(link(path[i], links[i], true));
            off = links[i];
        }
        Some(Chain {
            paths: vec![walk],
            conclusion: link(cell, bit, false),
        })
    }

    /// What the loop `path` (cell i linked to cell i + 1 by digit
    /// `links[i]`, the last to the first) removes: each link's digit from
    /// every other open cell that sees both its cells.
    fn cycle_removals(&self, path: &[usize], links: &[u64]) -> Vec<(usize, u64)> {
        let mut removals = Vec::new();
        for (i, &a) in path.iter().enumerate() {
            let b = path[(i + 1) % path.len()];
            let bit = links[i];
            for &j in self.geometry.peers(a) {
                if self.values[j] == 0
                    && self.candidates[j] & bit != 0
                    && !path.contains(&j)
                    && self.geometry.peers(b).contains(&j)
                    && !removals.contains(&(j, bit))
                {
                    removals.push((j, bit));
                }
            }
        }
        removals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::chains::uses_on;

    #[test]
    fn cycles_rate_by_their_length() {
        assert!((y_cycle_difficulty(3) - 6.5).abs() < 1e-9);
        assert!((y_cycle_difficulty(4) - 6.6).abs() < 1e-9);
        assert!((y_cycle_difficulty(6) - 6.8).abs() < 1e-9);
    }

    /// A puzzle of the Sudoku Exchange set that Sukaku Explainer rates by
    /// a Y-cycle of four cells (6.6), where the solver takes one too.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn y_cycle_fires() {
        let line =
            "170020048000000000003000900800000003000903000309718406901806302000205000400000009";
        assert!(uses_on(line, Technique::YCycle) > 0);
    }
}
