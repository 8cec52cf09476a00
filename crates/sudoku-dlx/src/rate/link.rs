//! The links of a chain step, as a person follows them: `r4c7=5 -> r4c9<>5
//! -> r6c9=5 -> ...`.
//!
//! The chain techniques ([`crate::rate::chains`]) find a deduction by
//! propagating an assumption through the [implication
//! engine](crate::rate::implications); its trace knows, for every literal
//! it derived, the literals that forced it. A [`Chain`] keeps, for one
//! deduction, the paths through that trace from the assumption to what
//! proves the deduction, so an explanation can show every link and not
//! only the premise.

use std::fmt::Write as _;

use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;

/// One node of a chain: digit `digit` is (`on`) or is not in a cell, or,
/// for a group node, in one of a few cells of a house.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The cell, numbered 0..n*n-1 in row order; a group node's cells
    /// (the places of the digit it stands for).
    pub cells: Vec<usize>,
    /// The digit, from 1.
    pub digit: u8,
    /// Whether the digit is there (`r1c1=5`) or not (`r1c1<>5`).
    pub on: bool,
}

impl Link {
    /// The link as players write it, in `alphabet`: `r4c7=5`, `r4c9<>5`,
    /// and for a group `r4c7|r4c8=5` (5 is in one of them).
    #[must_use]
    pub fn describe(&self, shape: Shape, alphabet: Alphabet) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|&i| shape.cell(i).to_string())
            .collect();
        let sign = if self.on { "=" } else { "<>" };
        format!("{}{sign}{}", cells.join("|"), alphabet.symbol(self.digit))
    }
}

/// Why one deduction of a chain step holds: the paths of links that prove
/// it, and the deduction itself.
///
/// For a contradiction (X-chains, forcing chains, nishio, dynamic forcing
/// chains) every path starts at the one assumption and ends at a link
/// that contradicts another path's end (or the assumption itself), so the
/// assumption is false: its negation is the conclusion. For a cell or
/// region forcing chain each path starts at one branch (a candidate of the
/// cell, a place of the digit in the region) and ends at the conclusion,
/// which therefore holds whichever branch is true.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The paths, each a list of links from its start, each link forced by
    /// the one before it (with, in dynamic chains, what earlier links
    /// removed).
    pub paths: Vec<Vec<Link>>,
    /// What the chain proves: a candidate placed (`on`) or removed.
    pub conclusion: Link,
}

impl Chain {
    /// The chain as one piece of text, in `alphabet`: its paths joined by
    /// `and`, then what follows, e.g. `r5c5=3 -> r5c8<>3 -> r7c8=3 ->
    /// r7c5<>3 -> r5c5<>3, so r5c5<>3`.
    #[must_use]
    pub fn describe(&self, shape: Shape, alphabet: Alphabet) -> String {
        let mut text = String::new();
        for (k, path) in self.paths.iter().enumerate() {
            if k > 0 {
                text.push_str(" and ");
            }
            let links: Vec<String> = path
                .iter()
                .map(|link| link.describe(shape, alphabet))
                .collect();
            text.push_str(&links.join(" -> "));
        }
        let _ = write!(text, ", so {}", self.conclusion.describe(shape, alphabet));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_read_as_players_write_them() {
        let shape = Shape::from_size(9).unwrap();
        let link = |cells: &[usize], digit, on| Link {
            cells: cells.to_vec(),
            digit,
            on,
        };
        let chain = Chain {
            paths: vec![vec![
                link(&[42], 3, true),
                link(&[43], 3, false),
                link(&[61, 62], 3, true),
                link(&[42], 3, false),
            ]],
            conclusion: link(&[42], 3, false),
        };
        assert_eq!(
            chain.describe(shape, Alphabet::Standard),
            "r5c7=3 -> r5c8<>3 -> r7c8|r7c9=3 -> r5c7<>3, so r5c7<>3"
        );
        assert_eq!(link(&[0], 1, true).describe(shape, Alphabet::Hex), "r1c1=0");
    }
}
