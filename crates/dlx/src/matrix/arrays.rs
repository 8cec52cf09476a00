//! The arena's link arrays borrowed together for a walk: what the
//! innermost steps (`hide.rs`, `color.rs`, and the covering in `cover.rs`,
//! `fixed.rs`, `forced.rs`) read and write, apart from the rest of the
//! matrix, so that a loop holds only the arrays it touches (docs/decisions/doomed-options.md). Its
//! own file so that the steps that use it import it from below them, not from one another. This
//! file has no `unsafe` code.

#![deny(unsafe_code)]

use super::Matrix;
use super::link::Link;

/// The arena's link arrays, borrowed together for the hot loops.
pub(super) struct Links<'a> {
    pub(super) up: &'a mut [Link],
    pub(super) down: &'a mut [Link],
    pub(super) top: &'a mut [u32],
    pub(super) color: &'a mut [u32],
    /// The header of the last item whose list [`hide`](super::hide::hide) emptied, or 0.
    pub(super) emptied: u32,
    /// The header of the last item whose list [`hide`](super::hide::hide) left with one
    /// option, or 0: noted only by the forced-first search (`F`,
    /// `forced.rs`).
    pub(super) single: u32,
}

impl<'a> Links<'a> {
    pub(super) fn of(matrix: &'a mut Matrix) -> Self {
        Links::new(
            &mut matrix.up,
            &mut matrix.down,
            &mut matrix.top,
            &mut matrix.color,
        )
    }

    /// The link arrays borrowed apart from the rest of the matrix, for a
    /// step that also changes `left`/`right` (`forced.rs`, `fixed.rs`).
    #[inline(always)]
    pub(super) fn new(
        up: &'a mut [Link],
        down: &'a mut [Link],
        top: &'a mut [u32],
        color: &'a mut [u32],
    ) -> Self {
        Links {
            up,
            down,
            top,
            color,
            emptied: 0,
            single: 0,
        }
    }
}
