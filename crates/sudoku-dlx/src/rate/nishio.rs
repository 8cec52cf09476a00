//! Sudoku Explainer's nishio (7.5 plus the length penalty): assume a
//! digit in a cell and follow that digit alone, counting the places the
//! assumption removes (dynamic links), to a unit with no place left for
//! it or a contradiction.
//!
//! It runs on every shape up to the chains' size limit and on every variant:
//! the links come from the rules' geometry (see
//! [`implications`](crate::rate::implications)).

use crate::rate::chains::length_penalty;
use crate::rate::implications::Links;
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One nishio step, applied; whether it found one.
    pub(super) fn nishio(&mut self) -> bool {
        self.contradiction_chain(
            Links {
                dynamic: true,
                digit_only: true,
                grouped: false,
            },
            |length| Technique::Nishio.weight() + length_penalty(length.literals),
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
    fn nishio_fires() {
        let line =
            "700409002010070050008005400302090006050204090100050204001500900090030040500906001";
        assert!(uses_on(line, Technique::Nishio) > 0);
    }
}
