//! Small checked index types.
//!
//! Every index into the engine's tables is a `u32` newtype, built once with a
//! range check, so that the algorithm code never truncates a `usize` silently.

use std::fmt;

/// The largest number of items or options a problem may have.
///
/// Arena indices are `u32`; the top value is kept free so that a count of
/// indices always fits in a `u32` too.
pub(crate) const INDEX_LIMIT: usize = u32::MAX as usize - 1;

/// An item of a problem (a column of the exact-cover matrix).
///
/// Items are numbered from 0: the primary items first, then the secondary ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(u32);

/// An option of a problem (a row of the exact-cover matrix), numbered from 0
/// in the order the options were added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(u32);

/// A color that an option may give a secondary item (Knuth's `x:A`),
/// numbered from 0. Options that give an item the same color may be chosen
/// together; what the numbers mean is up to the caller
/// ([`NamedProblem`](crate::NamedProblem) names them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(u32);

macro_rules! index_type {
    ($name:ident) => {
        impl $name {
            /// The id with this index, or `None` if the index is too large for the engine.
            #[must_use]
            pub fn new(index: usize) -> Option<Self> {
                if index < INDEX_LIMIT {
                    u32::try_from(index).ok().map(Self)
                } else {
                    None
                }
            }

            /// The index as a `usize`, for indexing a caller's own tables.
            #[must_use]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of an index already known to be in range.
            pub(crate) fn from_u32(index: u32) -> Self {
                Self(index)
            }

            /// The index as the engine stores it.
            pub(crate) fn as_u32(self) -> u32 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<$name> for usize {
            fn from(id: $name) -> usize {
                id.index()
            }
        }
    };
}

index_type!(ItemId);
index_type!(OptionId);
index_type!(Color);

/// Converts a length or index that the caller has already bounded by
/// [`INDEX_LIMIT`] (or by the arena size, which is checked against it when a
/// problem is built) into the engine's `u32`.
pub(crate) fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_reject_out_of_range() {
        assert_eq!(ItemId::new(7).map(ItemId::index), Some(7));
        assert_eq!(OptionId::new(0).map(usize::from), Some(0));
        assert!(ItemId::new(INDEX_LIMIT).is_none());
        assert!(OptionId::new(usize::MAX).is_none());
        assert_eq!(Color::new(3).map(Color::index), Some(3));
        assert!(Color::new(INDEX_LIMIT).is_none());
    }
}
