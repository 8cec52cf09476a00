//! What an elimination step used: the houses, cells and digits of its
//! pattern, noted by the technique that found it.
//!
//! The techniques of [`crate::rate::techniques`] work on bit sets and return
//! only whether they made progress, which is all the rater needs. An
//! explanation ([`crate::rate::step`]) also names the pattern: a technique
//! notes it with [`Pattern::note`] when it succeeds, and the solver clears
//! it before each elimination step, so a technique that notes nothing is
//! explained by its eliminations alone, never by an older pattern.

use smallvec::SmallVec;

use crate::rate::link::Chain;

/// The pattern of the last elimination step: unit indices of the geometry,
/// cell indices, and a digit mask (bit `d - 1` for digit d).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The units the pattern lies in (geometry unit indices), in the
    /// technique's order: for locked candidates the house the digits are
    /// confined in, then the house they are removed from; for a fish the
    /// base units, then the cover units.
    pub(crate) units: SmallVec<[usize; 4]>,
    /// The cells of the pattern.
    pub(crate) cells: SmallVec<[usize; 16]>,
    /// The digits of the pattern.
    pub(crate) digits: u64,
    /// A chain step's reasoning: one chain per deduction it applied.
    pub(crate) chains: Vec<Chain>,
}

impl Pattern {
    /// Forgets the last pattern.
    pub(crate) fn clear(&mut self) {
        self.units.clear();
        self.cells.clear();
        self.digits = 0;
        self.chains.clear();
    }

    /// Adds `other`'s units, cells and digits to this pattern's (a chain
    /// step applies several deductions, each with its premise).
    pub(crate) fn merge(&mut self, other: &Pattern) {
        for &u in &other.units {
            if !self.units.contains(&u) {
                self.units.push(u);
            }
        }
        for &c in &other.cells {
            if !self.cells.contains(&c) {
                self.cells.push(c);
            }
        }
        self.digits |= other.digits;
    }

    /// Notes the pattern of the step just made. It runs only when a
    /// technique has succeeded, so it costs the rater nothing while it
    /// searches.
    pub(crate) fn note(&mut self, units: &[usize], cells: &[usize], digits: u64) {
        self.clear();
        self.units.extend_from_slice(units);
        self.cells.extend_from_slice(cells);
        self.digits = digits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_replaces_the_last_and_clear_forgets_it() {
        let mut pattern = Pattern::default();
        pattern.note(&[1, 2], &[3, 4, 5], 0b101);
        pattern.note(&[7], &[8], 0b10);
        assert_eq!(pattern.units.as_slice(), [7]);
        assert_eq!(pattern.cells.as_slice(), [8]);
        assert_eq!(pattern.digits, 0b10);
        pattern.clear();
        assert_eq!(pattern, Pattern::default());
    }
}
