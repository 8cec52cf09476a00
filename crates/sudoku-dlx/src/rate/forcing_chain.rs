//! Sudoku Explainer's forcing chain (7.0 plus the length penalty): a
//! chain of static links of any digit, bivalue cells included, from an
//! assumption to a contradiction. XY-chains, remote pairs and
//! alternating inference chains are its cases.
//!
//! It runs on every shape up to the chains' size limit and on every variant:
//! the links come from the rules' geometry (see
//! [`implications`](crate::rate::implications)).

use crate::rate::chains::length_penalty;
use crate::rate::implications::Links;
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One forcing chain step, applied; whether it found one.
    pub(super) fn forcing_chain(&mut self) -> bool {
        self.contradiction_chain(
            Links {
                dynamic: false,
                digit_only: false,
                grouped: false,
            },
            |length| Technique::ForcingChain.weight() + length_penalty(length.literals),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::rate::chains::uses_on;
    use crate::rate::technique::Technique;

    /// A puzzle of the Sudoku Exchange or tdoku unbiased sets where the
    /// solver takes this step.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn forcing_chain_fires() {
        let line =
            "083020090000800100029300008000098700070000060006740000300006980002005000010030540";
        assert!(uses_on(line, Technique::ForcingChain) > 0);
    }
}
