//! The kinds of unit: the sets of cells that hold each digit at most once,
//! named in errors, in the rater's steps and by the geometry.

use std::fmt;

/// A set of cells that holds each digit at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of the shape.
    Box,
    /// A jigsaw region.
    Region,
    /// A main diagonal (X variant).
    Diagonal,
    /// An extra windoku box.
    Window,
    /// Two cells a king's move apart (anti-king).
    KingMove,
    /// Two cells a knight's move apart (anti-knight).
    KnightMove,
    /// A killer cage.
    Cage,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
            Unit::Region => "region",
            Unit::Diagonal => "diagonal",
            Unit::Window => "windoku window",
            Unit::KingMove => "king's move",
            Unit::KnightMove => "knight's move",
            Unit::Cage => "cage",
        })
    }
}
