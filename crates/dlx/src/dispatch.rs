//! The counts on dancing cells (`matrix/cells`) and on bitsets
//! (`matrix/bits`), which [`Dlx::count`] runs where the chooser
//! (`matrix/path.rs`, [`Dlx::path`]) sends it: the problems where they are
//! measured faster than the links.

use crate::matrix::{
    AnyCells, Bits, BoundedBits, Counter, NoReport, Resumable, Search, fits_bounded_bits,
};
use crate::outcome::{Budget, Stats};
use crate::outcome::{Count, End, Event};
use crate::problem::Kind;
use crate::progress::{Progress, ToProgress};
use crate::solver::Dlx;

impl Dlx {
    /// [`count`](Self::count) on dancing cells (`matrix/cells`), whatever
    /// the problem's items, but not for multiplicities (Algorithm M), which
    /// only the matrix counts: the same count, end and statistics but where
    /// the order of options tells (see [`Stats::updates`](crate::Stats::updates)). Hidden: for
    /// tests and benchmarks of the dispatch rule.
    ///
    /// # Panics
    ///
    /// For a problem with multiplicities.
    #[doc(hidden)]
    pub fn count_on_cells(&mut self, limit: Option<u64>) -> Count {
        self.count_on_cells_reporting(limit, None)
    }

    /// [`count_on_cells`](Self::count_on_cells), reporting into `progress`
    /// (if given) every `chunk` nodes as the one thread of a run, and
    /// stopping when it is stopped: [`Dlx::count_parallel`] on one thread.
    pub(crate) fn count_on_cells_reporting(
        &mut self,
        limit: Option<u64>,
        progress: Option<(&Progress, u64)>,
    ) -> Count {
        assert!(
            self.search.kind() != Kind::Multiplicities,
            "no cells for multiplicities"
        );
        let search = &self.search;
        let cells = self
            .cells
            .get_or_insert_with(|| Box::new(AnyCells::new(search)));
        count_on(
            &mut **cells,
            search,
            self.budget,
            &mut self.stats,
            limit,
            progress,
        )
    }

    /// One piece of a count in pieces on dancing cells
    /// ([`Dlx::counting`]): `Cells::count_piece` on the problem's sets,
    /// made if this is the first count on them.
    pub(crate) fn count_piece_on_cells(&mut self, limit: Option<u64>, pause: u64) -> Option<End> {
        let search = &self.search;
        let cells = self
            .cells
            .get_or_insert_with(|| Box::new(AnyCells::new(search)));
        let limit = limit.unwrap_or(u64::MAX);
        cells.count_piece(search, limit, self.budget, pause, &mut self.stats)
    }

    /// [`count`](Self::count) on bitsets (`matrix/bits`), for exact cover
    /// without colors of at most 4,096 options: the same count, end,
    /// solutions, nodes and profile as the links. Hidden: for tests and
    /// benchmarks of the dispatch rule.
    ///
    /// # Panics
    ///
    /// For a problem with colors or multiplicities, more than 4,096 options
    /// or `2^16` primary items or more.
    #[doc(hidden)]
    pub fn count_on_bits(&mut self, limit: Option<u64>) -> Count {
        self.count_on_bits_reporting(limit, None)
    }

    /// [`count_on_bits`](Self::count_on_bits), reporting into `progress`
    /// as [`count_on_cells_reporting`](Self::count_on_cells_reporting) does.
    pub(crate) fn count_on_bits_reporting(
        &mut self,
        limit: Option<u64>,
        progress: Option<(&Progress, u64)>,
    ) -> Count {
        let search = &self.search;
        let bits = self.bits.get_or_insert_with(|| Box::new(Bits::new(search)));
        count_on(
            &mut **bits,
            search,
            self.budget,
            &mut self.stats,
            limit,
            progress,
        )
    }

    /// One piece of a count in pieces on bitsets ([`Dlx::counting`]):
    /// `Bits::count_piece`, the bitsets made if this is the first count on
    /// them.
    pub(crate) fn count_piece_on_bits(&mut self, limit: Option<u64>, pause: u64) -> Option<End> {
        let search = &self.search;
        let bits = self.bits.get_or_insert_with(|| Box::new(Bits::new(search)));
        let limit = limit.unwrap_or(u64::MAX);
        bits.count_piece(search, limit, self.budget, pause, &mut self.stats)
    }

    /// Whether the searches that hand over solutions (the iterators,
    /// [`for_each_solution`](Self::for_each_solution),
    /// [`first_solution`](Self::first_solution),
    /// [`uniqueness`](Self::uniqueness)) run on bitsets: where the chooser
    /// sends the count ([`SearchPath::counts_on_bits`](crate::SearchPath::counts_on_bits)),
    /// since they walk the links' tree there too.
    pub(crate) fn hands_over_on_bits(&self) -> bool {
        #[cfg(test)]
        if let Some(on_bits) = self.hand_over_on_bits {
            return on_bits;
        }
        self.search.search_path().counts_on_bits()
    }

    /// The node the paused search of a solution iterator enters next, from
    /// the root down: each level's choice, as its index among its node's
    /// choices (in the order the search tries them) and their number,
    /// written into `out`. `false`, with `out` empty, for Algorithm M
    /// (whose levels end in a null move that a problem with its options
    /// reversed tries last too, so its tree is not the mirror image that
    /// the race compares places in, `race.rs`) or a search on bitsets not
    /// paused.
    pub(crate) fn paused_places(&self, out: &mut Vec<(u32, u32)>) -> bool {
        out.clear();
        if self.kind() == Kind::Multiplicities {
            return false;
        }
        if self.hands_over_on_bits() {
            self.bits
                .as_deref()
                .is_some_and(|bits| bits.paused_places(out))
        } else {
            self.search.places(out);
            true
        }
    }

    /// The search of a started solver one step on, on bitsets
    /// (`Bits::next_solution`): to its next solution (written into the
    /// solution buffer), the links' pause point (`Search::pause_at`, which
    /// the bitsets pause at as the links would), its end or the budget.
    pub(crate) fn advance_on_bits(&mut self) -> Event {
        let search = &self.search;
        let bits = self.bits.get_or_insert_with(|| Box::new(Bits::new(search)));
        bits.cut_emptied = self.cut_emptied;
        let event = bits.next_solution(search, self.budget, search.pause_point(), &mut self.stats);
        if event == Event::Solution {
            bits.solution(search, &mut self.solution);
        }
        event
    }

    /// [`advance`](Self::advance) on bitsets if `on_bits`
    /// ([`hands_over_on_bits`](Self::hands_over_on_bits), decided once a
    /// search), else on the links: a step of a search that hands over
    /// solutions.
    pub(crate) fn advance_solutions(&mut self, on_bits: bool) -> Event {
        if on_bits {
            self.advance_on_bits()
        } else {
            self.advance()
        }
    }

    /// Whether this count runs on Algorithm M's bitsets: the chooser sends
    /// the problem there ([`SearchPath::bounded_bits`](crate::SearchPath)),
    /// no options are selected and there is no budget (which the bitsets
    /// do not look at: such counts stay on the links).
    pub(crate) fn counts_on_bounded_bits(&self) -> bool {
        self.path().counts_on_bounded_bits()
            && self.search.selected().is_empty()
            && self.budget == Budget::UNLIMITED
    }

    /// [`count`](Self::count) of a problem with multiplicities and no
    /// colors on bitsets (Algorithm M's count, `matrix/bits/bounded.rs`),
    /// whatever the dispatch says: the same count, end, solutions, nodes
    /// and profile as the links, without a budget (which it does not
    /// look at). Hidden: for tests and benchmarks.
    ///
    /// # Panics
    ///
    /// For a problem without multiplicities, with colors, more than 4,096
    /// options, an upper bound of `2^15` or more, or with options
    /// selected.
    #[doc(hidden)]
    pub fn count_on_bounded_bits(&mut self, limit: Option<u64>) -> Count {
        self.count_on_bounded_bits_reporting(limit, None)
    }

    /// [`count_on_bounded_bits`](Self::count_on_bounded_bits), reporting
    /// into `progress` as [`count_on_cells_reporting`](Self::count_on_cells_reporting)
    /// does.
    pub(crate) fn count_on_bounded_bits_reporting(
        &mut self,
        limit: Option<u64>,
        progress: Option<(&Progress, u64)>,
    ) -> Count {
        let search = &self.search;
        assert!(
            fits_bounded_bits(search) && search.selected().is_empty(),
            "no bitsets for this problem"
        );
        let bits = self
            .bounded_bits
            .get_or_insert_with(|| Box::new(BoundedBits::new(search)));
        count_on(
            &mut **bits,
            search,
            self.budget,
            &mut self.stats,
            limit,
            progress,
        )
    }

    /// One piece of a count in pieces of a problem with multiplicities on
    /// bitsets ([`Dlx::counting`] where
    /// [`counts_on_bounded_bits`](Self::counts_on_bounded_bits)):
    /// `BoundedBits::count_piece`, the bitsets made if this is the first
    /// count on them.
    pub(crate) fn count_piece_on_bounded_bits(
        &mut self,
        limit: Option<u64>,
        pause: u64,
    ) -> Option<End> {
        let search = &self.search;
        debug_assert!(fits_bounded_bits(search) && search.selected().is_empty());
        debug_assert_eq!(self.budget, Budget::UNLIMITED);
        let bits = self
            .bounded_bits
            .get_or_insert_with(|| Box::new(BoundedBits::new(search)));
        bits.count_piece(limit.unwrap_or(u64::MAX), pause, &mut self.stats)
    }

    /// [`count`](Self::count) on the matrix (the dancing links), whatever
    /// the dispatch says. Hidden: for tests and benchmarks of the dispatch
    /// rule.
    #[doc(hidden)]
    pub fn count_on_matrix(&mut self, limit: Option<u64>) -> Count {
        self.start();
        self.count_started(limit)
    }
}

/// A count of `search`'s problem on `engine` (the cells or the bitsets),
/// at most `limit` solutions, under `budget`, into `stats` (cleared first),
/// reporting into `progress` (if given) every `chunk` nodes as the one
/// thread of a run and stopping when it is stopped.
fn count_on<E: Counter>(
    engine: &mut E,
    search: &Search,
    budget: Budget,
    stats: &mut Stats,
    limit: Option<u64>,
    progress: Option<(&Progress, u64)>,
) -> Count {
    stats.clear();
    if limit == Some(0) {
        return Count {
            solutions: 0,
            end: End::LimitReached,
        };
    }
    let limit = limit.unwrap_or(u64::MAX);
    let end = match progress {
        Some((progress, chunk)) => {
            let mut report = ToProgress::start(progress, chunk);
            let end = engine.count(search, limit, budget, stats, &mut report);
            report.finish(stats, end);
            end
        }
        None => engine.count(search, limit, budget, stats, &mut NoReport),
    };
    Count {
        solutions: stats.solutions,
        end,
    }
}
