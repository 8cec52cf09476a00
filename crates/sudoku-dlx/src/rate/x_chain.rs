//! X-chains: a chain of one digit's links, alternating conjugate pairs (a
//! unit with exactly two places for the digit: a *strong link*) and peers
//! (a weak link), from an assumption to its own negation. Skyscrapers,
//! two-string kites, turbot fish and X-cycles are its short cases.
//!
//! Rated as Sukaku Explainer rates them (the Sudoku Explainer fork that
//! rated our anchor set, docs/rating.md): by the number of strong links,
//! 4.0 for two (a turbot fish), 5.4 for three, then 0.4 more for each
//! further link (its "strong-linked fishes"), and never above Sudoku
//! Explainer's forcing X-chain, 6.6 plus the length penalty. Chains of at
//! most [`SHORT`] strong links are tried right after the subsets, as Sukaku
//! Explainer tries turbot fish before XY-wings; longer ones after the
//! uniqueness techniques.
//!
//! It runs on every shape up to the chains' size limit and on every
//! variant: the links come from the rules' geometry (see
//! [`implications`](crate::rate::implications)).

use crate::rate::chains::length_penalty;
use crate::rate::implications::{Length, Links};
use crate::rate::techniques::LogicSolver;

/// The most strong links of the X-chains tried before the wings.
pub(super) const SHORT: usize = 2;

/// What a group node adds, as in Sukaku Explainer.
const GROUPED: f64 = 0.3;

/// The difficulty of an X-chain of `length`.
pub(super) fn x_chain_difficulty(length: Length) -> f64 {
    let by_links = match length.strong {
        0..=2 => 4.0,
        k => 5.4 + 0.4 * (k - 3) as f64,
    } + if length.groups > 0 { GROUPED } else { 0.0 };
    by_links.min(6.6 + length_penalty(length.literals))
}

impl LogicSolver {
    /// One X-chain step of at most [`SHORT`] strong links, applied;
    /// whether it found one.
    pub(super) fn short_x_chain(&mut self) -> bool {
        self.x_chain(SHORT)
    }

    /// One X-chain step of at most `most` strong links, applied; whether it
    /// found one.
    pub(super) fn x_chain(&mut self, most: usize) -> bool {
        let links = Links {
            dynamic: false,
            digit_only: true,
            grouped: true,
        };
        self.contradiction_chain_within(links, most, x_chain_difficulty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::chains::uses_on;
    use crate::rate::technique::Technique;

    /// A puzzle of the Sudoku Exchange or tdoku unbiased sets where the
    /// solver takes this step.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn x_chain_fires() {
        let line =
            "108090002003005000009300846090103600500080001002906080385001900000500200900060307";
        assert!(uses_on(line, Technique::XChain) > 0);
    }

    #[test]
    fn x_chains_rate_by_strong_links() {
        let rate = |strong, literals| {
            x_chain_difficulty(Length {
                literals,
                strong,
                groups: 0,
            })
        };
        assert_eq!(rate(2, 6), 4.0);
        assert_eq!(rate(3, 8), 5.4);
        assert!((rate(5, 12) - 6.2).abs() < 1e-9);
        // Long chains cap at the forcing X-chain's 6.6 plus its penalty.
        assert!((rate(9, 20) - 7.1).abs() < 1e-9);
    }
}
