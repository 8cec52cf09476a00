//! How wide `set`'s nodes and the trail's lists are: `u16` where a problem
//! has few enough nodes and lists (every example file with secondary
//! items), else `u32`.
//!
//! Each removal loads and stores at two places of `set` and stores a
//! trail entry; halving both arrays (70 KB each as `u32`s on
//! graceful-wheel-7) keeps more of them in the 32 KB D1: its misses 6.71 M
//! -> 4.75 M (cachegrind), 2.4% less time there and on queens-12 (docs/decisions/cells-layout.md).
//! Nodes stay `u32` pairs: `u16` ones, one 4-byte load split in two, missed 2.32 M times but took
//! 3% more instructions, and no less time (docs/decisions/rejected.md).

use super::Cells;
use super::count::{Counter, Place, Report, Resumable};
use crate::index::OptionId;
use crate::matrix::path::CellsWidth;
use crate::matrix::search::Search;
use crate::outcome::{Budget, End, Stats};

/// The type of `set`'s and the trail's entries: `u16` or `u32`.
///
/// Values are converted with `as`: [`Cells::new`] checks once that every
/// node and list of its problem is below [`Width::MAX`], and the steps
/// store only nodes and lists read from the arrays.
pub(crate) trait Width: Copy + Eq + Default + std::fmt::Debug {
    /// The largest value: more than any node or list stored.
    const MAX: Self;

    /// `x`, which is at most [`MAX`](Self::MAX).
    fn of(x: u32) -> Self;

    /// The value, widened.
    fn get(self) -> u32;

    /// The value as an index.
    #[inline(always)]
    fn at(self) -> usize {
        self.get() as usize
    }
}

impl Width for u16 {
    const MAX: u16 = u16::MAX;

    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // fits: see `Width`
    fn of(x: u32) -> u16 {
        debug_assert!(x <= u32::from(u16::MAX));
        x as u16
    }

    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Width for u32 {
    const MAX: u32 = u32::MAX;

    #[inline(always)]
    fn of(x: u32) -> u32 {
        x
    }

    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// A problem's cells, as narrow as it fits.
#[derive(Clone, Debug)]
pub(crate) enum AnyCells {
    /// Nodes and lists below `u16::MAX`.
    Narrow(Cells<u16>),
    /// Any other problem.
    Wide(Cells<u32>),
}

impl Counter for AnyCells {
    /// [`Cells::count`] on whichever width these are.
    fn count<R: Report>(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        match self {
            AnyCells::Narrow(cells) => cells.count(search, limit, budget, stats, report),
            AnyCells::Wide(cells) => cells.count(search, limit, budget, stats, report),
        }
    }
}

/// The count in pieces, and below a prefix (`job_queue.rs`), on whichever
/// width these are.
impl Resumable for AnyCells {
    type Place = Place;

    fn nodes_done(place: &Place) -> u64 {
        <Cells<u16> as Resumable>::nodes_done(place)
    }

    fn resume<R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        match self {
            AnyCells::Narrow(cells) => cells.resume(place, limit, budget, stats, report),
            AnyCells::Wide(cells) => cells.resume(place, limit, budget, stats, report),
        }
    }

    fn begin_count(&mut self, search: &Search, below: &[OptionId]) -> Place {
        match self {
            AnyCells::Narrow(cells) => cells.begin_count(search, below),
            AnyCells::Wide(cells) => cells.begin_count(search, below),
        }
    }

    fn finish_count(&mut self) {
        match self {
            AnyCells::Narrow(cells) => cells.finish_count(),
            AnyCells::Wide(cells) => cells.finish_count(),
        }
    }

    fn begin_next(&mut self, search: &Search, below: &[OptionId]) -> Place {
        match self {
            AnyCells::Narrow(cells) => cells.begin_next(search, below),
            AnyCells::Wide(cells) => cells.begin_next(search, below),
        }
    }

    fn paused_place(&mut self) -> &mut Option<Box<Place>> {
        match self {
            AnyCells::Narrow(cells) => cells.paused_place(),
            AnyCells::Wide(cells) => cells.paused_place(),
        }
    }
}

impl AnyCells {
    /// The sets of the problem `search` was made for ([`Cells::new`]), as
    /// wide as the chooser says (`path.rs`: `u16` entries if they fit).
    pub(crate) fn new(search: &Search) -> AnyCells {
        match search.facts.cells_width {
            CellsWidth::Narrow => AnyCells::Narrow(Cells::new(search)),
            CellsWidth::Wide => AnyCells::Wide(Cells::new(search)),
        }
    }

    /// [`Cells::paused_progress`] on whichever width these are.
    pub(crate) fn paused_progress(&self) -> Option<f64> {
        match self {
            AnyCells::Narrow(cells) => cells.paused_progress(),
            AnyCells::Wide(cells) => cells.paused_progress(),
        }
    }
}
