//! The techniques the rater knows, from the simplest, with their names and
//! Sudoku Explainer weights.

use std::fmt;

/// A solving technique, from the simplest. The order follows the usual
/// human ratings (Sudoku Explainer's scale): hidden singles are spotted
/// before naked ones, an X-wing before a hidden pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The only cell of a house that can hold a digit.
    HiddenSingle,
    /// The only digit a cell can hold.
    NakedSingle,
    /// Pointing and claiming: a digit confined, within one house, to its
    /// intersection with another is removed from the rest of the other.
    LockedCandidates,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or rows in
    /// two columns).
    XWing,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells of a house whose candidates are three digits.
    NakedTriple,
    /// Three digits confined to the same three cells of a house.
    HiddenTriple,
    /// A bivalue pivot and two bivalue pincers (xy_wing.rs).
    XyWing,
    /// A trivalue pivot and two bivalue pincers (xyz_wing.rs).
    XyzWing,
    /// A unique rectangle of type 1 (unique_rectangle.rs); only on
    /// puzzles known to be unique.
    UniqueRectangle,
    /// A unique rectangle of type 2 (unique_rectangle.rs); only on
    /// puzzles known to be unique.
    UniqueRectangleType2,
    /// Four cells of a house whose candidates are four digits.
    NakedQuad,
    /// Four digits confined to the same four cells of a house.
    HiddenQuad,
    /// An almost locked set of three cells and a bivalue cell
    /// (als_wing.rs).
    WxyzWing,
    /// A bivalue universal grave plus one (bug.rs); only on puzzles known
    /// to be unique.
    BivalueUniversalGrave,
    /// An almost locked set of four cells and a bivalue cell
    /// (als_wing.rs).
    VwxyzWing,
    /// A chain of one digit's links (x_chain.rs).
    XChain,
    /// A loop of bivalue cells (y_cycle.rs).
    YCycle,
    /// A chain of static links of any digits (forcing_chain.rs).
    ForcingChain,
    /// One digit followed with dynamic links (nishio.rs).
    Nishio,
    /// Cell and region forcing chains (multiple_forcing_chain.rs).
    MultipleForcingChain,
    /// Forcing chains with dynamic links (dynamic_forcing_chain.rs).
    DynamicForcingChain,
}

impl Technique {
    /// Every technique, from the simplest.
    pub const ALL: [Technique; 23] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::UniqueRectangleType2,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::WxyzWing,
        Technique::BivalueUniversalGrave,
        Technique::VwxyzWing,
        Technique::XChain,
        Technique::YCycle,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
    ];

    /// The name reports use.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::UniqueRectangleType2 => "unique rectangle type 2",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::WxyzWing => "wxyz-wing",
            Technique::VwxyzWing => "vwxyz-wing",
            Technique::BivalueUniversalGrave => "bivalue universal grave",
            Technique::XChain => "x-chain",
            Technique::YCycle => "y-cycle",
            Technique::ForcingChain => "forcing chain",
            Technique::Nishio => "nishio",
            Technique::MultipleForcingChain => "cell or region forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
        }
    }

    /// Its weight on the Sudoku Explainer scale, which the score builds on;
    /// a chain step adds its length penalty (see [`LogicReport::difficulty`](crate::LogicReport::difficulty)).
    #[must_use]
    pub fn weight(self) -> f64 {
        match self {
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::LockedCandidates => 2.7,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle => 4.5,
            Technique::UniqueRectangleType2 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::HiddenQuad => 5.4,
            Technique::WxyzWing => 5.5,
            Technique::VwxyzWing => 6.2,
            Technique::BivalueUniversalGrave => 5.6,
            Technique::XChain => 4.0,
            Technique::YCycle => 6.5,
            Technique::ForcingChain => 7.0,
            Technique::Nishio => 7.5,
            Technique::MultipleForcingChain => 8.0,
            Technique::DynamicForcingChain => 8.5,
        }
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
