//! Which engine runs a search: [`engine_for`], the one place the choice is
//! made, whose table is on [`Engine`]. The [`Solver`](crate::solve::solver::Solver)
//! asks it at every entry to a search and runs what it answers.

use crate::solve::backend::{Method, SearchOptions};

/// An engine a [`Solver`](crate::Solver) searches on. Every engine gives the
/// same answers (solutions, counts, errors); they differ in speed, in the
/// order solutions come in, and in what a node of [`Stats`](crate::Stats)
/// is. [`Solver::engine_for`](crate::Solver::engine_for) says which one a
/// search will run on, [`Solver::last_engine`](crate::Solver::last_engine)
/// which one ran.
///
/// # Which engine runs
///
/// The one rule (`engine_for` in `solve/engine.rs`), from the
/// [`Operation`], the rules of the solver and its options ([`Method`], seed
/// and budget):
///
/// | operation | method, seed, budget | plain 9x9 | other grids of at most 128 cells, no killer cages | larger grids, killer cages |
/// |---|---|---|---|---|
/// | [`Session`](Operation::Session) | any | `Links` | `Links` | `Links` |
/// | any other | [`Method::DancingLinks`] | `Links` | `Links` | `Links` |
/// | any other | [`Method::Bitsets`] | `Bitsets` | `Bitsets` | `Links` |
/// | any other | [`Method::Auto`] with a seed or an update budget | `Links` | `Links` | `Links` |
/// | [`CountToLimit`](Operation::CountToLimit) | [`Method::Auto`], no seed, no update budget | `Bands` | `Bitsets` | `Links` |
/// | [`Solve`](Operation::Solve), [`CountAll`](Operation::CountAll) | [`Method::Auto`], no seed, no update budget | `Bitsets` | `Bitsets` | `Links` |
///
/// Why: the bitsets are several times faster than links where they have a
/// form (at most 128 cells; they know units and peers, not sums), but a
/// seed has always meant the engine's random order, and a link update
/// exists only on the engine. The band board is faster again on plain 9x9,
/// and answers only what does not depend on the order of the search.
/// A session pushes and pops givens one selection at a time, which only the
/// engine can.
///
/// Givens that clash are handed on, `Bands` to `Bitsets` to `Links`: only
/// the engine names the two clashing givens, so such a search ends on
/// `Links` whatever the table says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The dancing-links engine ([`dlx_engine`]) on the exact-cover matrix: every
    /// shape and variant. Its statistics are Knuth's (nodes entered, link
    /// updates); counts choose forced items first, so a count's tree is not
    /// a solve's.
    Links,
    /// Algorithm X on bitsets (one 128-bit set of cells per digit), every
    /// forced move (naked and hidden single) taken before it branches on a
    /// cell with fewest candidates: grids of at most 128 cells without
    /// killer cages. A node is a board after its forced moves, branched on
    /// or found complete; an update is one digit placed.
    Bitsets,
    /// The classic counter on JCZSolve's band board (three rows of a digit
    /// in one word): counts to a limit, and the generator's uniqueness
    /// checks, on plain 9x9 rules. Nodes and updates as on the bitsets, but
    /// its forced moves and branching cell are its own, so the numbers
    /// differ while the counts do not.
    Bands,
}

impl Engine {
    /// The engine that givens this one finds clashing go on to (the last
    /// paragraph of the table): bands to bitsets, bitsets to links.
    pub(crate) fn on_clash(self) -> Engine {
        match self {
            Engine::Bands => Engine::Bitsets,
            Engine::Bitsets | Engine::Links => Engine::Links,
        }
    }
}

/// What a search is asked, as far as the choice of [`Engine`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Operation {
    /// Solutions in the order of the search: [`Solver::solve`](crate::Solver::solve),
    /// [`Solver::for_each_solution`](crate::Solver::for_each_solution),
    /// [`Solver::uniqueness`](crate::Solver::uniqueness), and the
    /// generator's random complete grids.
    Solve,
    /// A count to a limit ([`Solver::count`](crate::Solver::count) and
    /// [`Solver::tally`](crate::Solver::tally) with `Some` limit, the first
    /// look of [`Solver::count_parallel`](crate::Solver::count_parallel)),
    /// and the generator's checks that a puzzle stays unique with cells
    /// blanked: answers that do not depend on the order of the search.
    CountToLimit,
    /// A count without a limit, and the search that
    /// [`Solver::count_parallel`](crate::Solver::count_parallel) spreads
    /// over its threads (with or without a limit): statistics that are the
    /// same on any number of threads, which only links and bitsets give.
    CountAll,
    /// Givens pushed and popped one at a time:
    /// [`Solver::session`](crate::Solver::session).
    Session,
}

/// The engines that have a form of a solver's rules, beside the engine
/// (which has a form of every rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Forms {
    /// Bitsets: at most 128 cells, no killer cages.
    pub(crate) bitsets: bool,
    /// The band board: plain 9x9 rules (which the bitsets take too).
    pub(crate) bands: bool,
}

/// The engine that runs `operation` on rules with `forms`, under `options`:
/// the table on [`Engine`], and the only place the choice is made.
pub(crate) fn engine_for(operation: Operation, forms: Forms, options: &SearchOptions) -> Engine {
    if operation == Operation::Session {
        return Engine::Links;
    }
    match options.method {
        Method::DancingLinks => Engine::Links,
        Method::Bitsets if forms.bitsets => Engine::Bitsets,
        Method::Bitsets => Engine::Links,
        Method::Auto if options.seed.is_some() || options.budget.max_updates.is_some() => {
            Engine::Links
        }
        Method::Auto if operation == Operation::CountToLimit && forms.bands => Engine::Bands,
        Method::Auto if forms.bitsets => Engine::Bitsets,
        Method::Auto => Engine::Links,
    }
}

#[cfg(test)]
mod tests {
    use dlx_engine::Budget;

    use super::*;

    /// Every row of the table on [`Engine`], for every kind of rules.
    #[test]
    fn the_rule_is_the_table() {
        let plain = Forms {
            bitsets: true,
            bands: true,
        };
        let small = Forms {
            bitsets: true,
            bands: false,
        };
        let large = Forms {
            bitsets: false,
            bands: false,
        };
        let options = |method, seed, budget| SearchOptions {
            method,
            budget,
            seed,
        };
        let auto = options(Method::Auto, None, Budget::nodes(10));
        let seeded = options(Method::Auto, Some(1), Budget::UNLIMITED);
        let updates = options(Method::Auto, None, Budget::updates(10));
        let links = options(Method::DancingLinks, None, Budget::UNLIMITED);
        let bitsets = options(Method::Bitsets, Some(1), Budget::updates(10));
        use Engine::{Bands, Bitsets, Links};
        use Operation::{CountAll, CountToLimit, Session, Solve};
        // (operation, options, [plain 9x9, small, large])
        let rows = [
            (Session, auto, [Links, Links, Links]),
            (Session, bitsets, [Links, Links, Links]),
            (Solve, links, [Links, Links, Links]),
            (CountToLimit, links, [Links, Links, Links]),
            (CountAll, links, [Links, Links, Links]),
            (Solve, bitsets, [Bitsets, Bitsets, Links]),
            (CountToLimit, bitsets, [Bitsets, Bitsets, Links]),
            (CountAll, bitsets, [Bitsets, Bitsets, Links]),
            (Solve, seeded, [Links, Links, Links]),
            (CountToLimit, seeded, [Links, Links, Links]),
            (CountToLimit, updates, [Links, Links, Links]),
            (CountAll, updates, [Links, Links, Links]),
            (CountToLimit, auto, [Bands, Bitsets, Links]),
            (Solve, auto, [Bitsets, Bitsets, Links]),
            (CountAll, auto, [Bitsets, Bitsets, Links]),
        ];
        for (operation, options, engines) in rows {
            for (forms, engine) in [plain, small, large].into_iter().zip(engines) {
                assert_eq!(
                    engine_for(operation, forms, &options),
                    engine,
                    "{operation:?} {options:?} {forms:?}"
                );
            }
        }
    }
}
