//! The count on dancing cells (`matrix/cells`), which [`Dlx::count`] runs
//! where the chooser (`matrix/path.rs`, [`Dlx::path`]) sends it: the
//! problems where the cells are measured faster.

use crate::matrix::{AnyCells, NoReport};
use crate::outcome::{Count, End};
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
        self.stats.clear();
        if limit == Some(0) {
            return Count {
                solutions: 0,
                end: End::LimitReached,
            };
        }
        let search = &self.search;
        let cells = self
            .cells
            .get_or_insert_with(|| Box::new(AnyCells::new(search)));
        let limit = limit.unwrap_or(u64::MAX);
        let end = match progress {
            Some((progress, chunk)) => {
                let mut report = ToProgress::start(progress, chunk);
                let end = cells.count(search, limit, self.budget, &mut self.stats, &mut report);
                report.finish(&self.stats, end);
                end
            }
            None => cells.count(search, limit, self.budget, &mut self.stats, &mut NoReport),
        };
        Count {
            solutions: self.stats.solutions,
            end,
        }
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

    /// [`count`](Self::count) on the matrix, whatever the dispatch says.
    #[cfg(test)]
    pub(crate) fn count_on_matrix(&mut self, limit: Option<u64>) -> Count {
        self.start();
        self.count_started(limit)
    }
}
