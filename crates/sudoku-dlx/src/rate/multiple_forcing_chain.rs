//! Sudoku Explainer's cell and region forcing chains (8.0 plus the
//! length penalty): every candidate of a cell, or every place of a
//! digit in a unit, is assumed in turn and followed over static links;
//! what follows from all of them holds.
//!
//! It runs on every shape up to the chains' size limit and on every variant:
//! the links come from the rules' geometry (see
//! [`implications`](crate::rate::implications)).

use crate::rate::implications::Links;
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One cell or region forcing chain step, applied; whether it found one.
    pub(super) fn multiple_forcing_chain(&mut self) -> bool {
        self.multiple_chain(
            Links {
                dynamic: false,
                digit_only: false,
                grouped: false,
            },
            Technique::MultipleForcingChain.weight(),
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
    fn multiple_forcing_chain_fires() {
        let line =
            "000853000000000000300691005703504108000070000540908027090306050600000003230000076";
        assert!(uses_on(line, Technique::MultipleForcingChain) > 0);
    }
}
