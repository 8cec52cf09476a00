//! Sudoku Explainer's dynamic forcing chains (8.5 plus the length
//! penalty): the forcing chains, cell and region forcing chains again,
//! with dynamic links (every single that the assumption leaves, counted
//! with what it removed so far).
//!
//! It runs on every shape up to the chains' size limit and on every variant:
//! the links come from the rules' geometry (see
//! [`implications`](crate::rate::implications)).

use crate::rate::chains::length_penalty;
use crate::rate::implications::Links;
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One dynamic forcing chain step, applied; whether it found one.
    pub(super) fn dynamic_forcing_chain(&mut self) -> bool {
        let links = Links {
            dynamic: true,
            digit_only: false,
            grouped: false,
        };
        let base = Technique::DynamicForcingChain.weight();
        self.contradiction_chain(links, |length| base + length_penalty(length.literals))
            || self.multiple_chain(links, base)
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
    fn dynamic_forcing_chain_fires() {
        let line =
            "700000600018003007002080000009400006040090020100008700000040900800500130004000008";
        assert!(uses_on(line, Technique::DynamicForcingChain) > 0);
    }
}
