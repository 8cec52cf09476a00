//! The one chooser of the search a solver runs: which compiled loop, with
//! which steps, on which engine. [`choose`] decides it from the problem's
//! [`Facts`] and the solver's settings; the search keeps the result
//! ([`Search::path`](super::Search)) and every place that must agree with
//! the loop that made the levels on the stack (`advance` in `search.rs`,
//! `unwind` in `discard.rs`, `enter_prefix` in `frontier.rs`, and
//! [`Dlx::count`](crate::Dlx::count)'s choice of dancing cells) matches on
//! that one value. docs/architecture.md tabulates the paths: condition,
//! loop, the files of its steps, what its statistics mean.
//!
//! The choice changes only with no level on the stack: `Search::start`
//! undoes a search before it draws a new order, `set_forced` before it
//! changes the item choice, so the path kept is the path of every level on
//! the stack (what invariant (G) of `mod.rs` needs). This file has no
//! `unsafe` code.

#![deny(unsafe_code)]

use std::fmt;

use super::hide::SUDOKU_WIDTH;
use crate::index::ItemId;
use crate::problem::{Kind, Problem};

/// The loop the dancing links run, one for each compiled search loop
/// (each also made with and without colors, [`SearchPath::colors`]).
///
/// Diagnostic: the set of loops changes as the engine does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinksLoop {
    /// Algorithm X (C with colors): the item with the fewest options,
    /// ties to the leftmost (`search.rs`, steps in `cover.rs`, `hide.rs`,
    /// `color.rs`, `scan.rs`); a count adds whole lists of leaves at once
    /// (`leaves.rs`).
    Leftmost,
    /// Algorithm X or C with ties broken at random and each level's
    /// options shuffled ([`Dlx::set_seed`](crate::Dlx::set_seed);
    /// `search.rs`).
    Randomized,
    /// Algorithm X or C choosing first an item the last option left with
    /// one option ([`Dlx::set_forced_first`](crate::Dlx::set_forced_first);
    /// `forced.rs`, `discard.rs`), with the general walks around options.
    ForcedFirst,
    /// [`ForcedFirst`](Self::ForcedFirst) made for options of four nodes
    /// (every option has four, as in an exact-cover Sudoku: `hide.rs`,
    /// `fixed.rs`, `scan.rs`). Without colors it leaves the active-item
    /// lists alone and finds the active items by their lengths (invariant
    /// (G) of `matrix/mod.rs`).
    ForcedFirstWidth4,
    /// Algorithm M, multiple cover, by Knuth's branching rule
    /// (`bounded.rs`, `tweak.rs`); leaves at once as for X.
    Multiplicities,
    /// Algorithm M with ties broken at random and options shuffled.
    MultiplicitiesRandomized,
}

/// How wide the dancing cells' sets and trail are (`cells/width.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CellsWidth {
    /// `u16` entries: fewer than `u16::MAX` nodes and lists.
    Narrow,
    /// `u32` entries.
    Wide,
}

/// Which search a solver runs, as [`Dlx::path`](crate::Dlx::path) reports
/// it: a diagnostic (for `sudoku-dlx cover --stats`, tests and benchmarks),
/// decided in one place from the problem's kind, colors and option widths
/// and the solver's seed and forced-first setting. Its `Display` is one
/// line, such as `Algorithm X, forced-first, made for options of 4 nodes,
/// item lists frozen, on dancing links` or `Algorithm C, leftmost, on
/// dancing links; counts on dancing cells (16-bit)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchPath {
    /// The loop every search on the links runs: all of them but a
    /// [`count`](crate::Dlx::count) on dancing cells or bitsets.
    pub links: LinksLoop,
    /// Whether some option gives an item a color: Algorithm C rather than
    /// X (or M with colors), a loop made with every color step.
    pub colors: bool,
    /// `Some` if [`Dlx::count`](crate::Dlx::count) runs on dancing cells
    /// (`matrix/cells`), with their width; the other searches still run
    /// on the links.
    pub cells: Option<CellsWidth>,
    /// Whether [`Dlx::count`](crate::Dlx::count) runs on bitsets
    /// (`matrix/bits`), and with it the searches that hand over solutions
    /// ([`Dlx::solutions`](crate::Dlx::solutions) and the like, walking the
    /// same tree); the other searches still run on the links.
    pub bits: bool,
    /// Whether [`Dlx::count`](crate::Dlx::count) of a problem with
    /// multiplicities runs on bitsets (`matrix/bits/bounded.rs`), walking
    /// the links' (DLX3's) tree, when it has no budget and no options
    /// selected; every other search still runs on the links.
    pub bounded_bits: bool,
}

impl SearchPath {
    /// Whether [`Dlx::count`](crate::Dlx::count) runs on dancing cells.
    #[must_use]
    pub fn counts_on_cells(self) -> bool {
        self.cells.is_some()
    }

    /// Whether [`Dlx::count`](crate::Dlx::count) runs on bitsets.
    #[must_use]
    pub fn counts_on_bits(self) -> bool {
        self.bits
    }

    /// Whether [`Dlx::count`](crate::Dlx::count) and a count in pieces
    /// ([`Dlx::counting`](crate::Dlx::counting)) of a problem with
    /// multiplicities run on bitsets (without a budget or selections).
    #[must_use]
    pub fn counts_on_bounded_bits(self) -> bool {
        self.bounded_bits
    }

    /// Whether the links' loop shuffles (a seed).
    #[must_use]
    pub fn randomized(self) -> bool {
        matches!(
            self.links,
            LinksLoop::Randomized | LinksLoop::MultiplicitiesRandomized
        )
    }

    /// The width of options the links' steps are made for: 4, or 0 for
    /// any (`hide.rs`).
    pub(crate) fn width(self) -> u32 {
        match self.links {
            LinksLoop::ForcedFirstWidth4 => SUDOKU_WIDTH,
            _ => 0,
        }
    }

    /// Whether the links' levels leave the active-item lists alone
    /// (invariant (G)): the forced-first search made for a width, without
    /// colors ([`keeps_item_lists`](super::keeps_item_lists) false).
    pub(crate) fn listless(self) -> bool {
        !super::keeps_item_lists(self.colors, self.width())
    }
}

impl fmt::Display for SearchPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let algorithm = match (self.links, self.colors) {
            (LinksLoop::Multiplicities | LinksLoop::MultiplicitiesRandomized, false) => {
                "Algorithm M"
            }
            (LinksLoop::Multiplicities | LinksLoop::MultiplicitiesRandomized, true) => {
                "Algorithm M with colors"
            }
            (_, false) => "Algorithm X",
            (_, true) => "Algorithm C",
        };
        let order = match self.links {
            LinksLoop::Leftmost | LinksLoop::Multiplicities => "leftmost",
            LinksLoop::Randomized | LinksLoop::MultiplicitiesRandomized => "randomized",
            LinksLoop::ForcedFirst | LinksLoop::ForcedFirstWidth4 => "forced-first",
        };
        write!(f, "{algorithm}, {order}")?;
        if self.links == LinksLoop::ForcedFirstWidth4 {
            write!(f, ", made for options of {SUDOKU_WIDTH} nodes")?;
            if self.listless() {
                write!(f, ", item lists frozen")?;
            }
        }
        write!(f, ", on dancing links")?;
        match self.cells {
            Some(CellsWidth::Narrow) => write!(f, "; counts on dancing cells (16-bit)"),
            Some(CellsWidth::Wide) => write!(f, "; counts on dancing cells (32-bit)"),
            None if self.bits => write!(f, "; counts and solutions on bitsets"),
            None if self.bounded_bits => {
                write!(f, "; counts on one thread on bitsets")
            }
            None => Ok(()),
        }
    }
}

/// What the choice reads from the problem: fixed when the search is made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts {
    /// The problem's kind: Algorithm M for multiplicities.
    pub(crate) kind: Kind,
    /// Whether some option gives an item a color (never for
    /// [`Kind::Exact`]).
    pub(crate) colors: bool,
    /// The width every option has, if the search may be made for it
    /// ([`Matrix::search_width`](super::Matrix)): 4 or 0.
    pub(crate) width: u32,
    /// Whether [`cells_win`] sends the problem's counts to dancing cells.
    pub(crate) cells_win: bool,
    /// Whether [`bits_win`] sends the problem's counts to bitsets.
    pub(crate) bits_win: bool,
    /// Whether Algorithm M's bitsets can count the problem
    /// ([`bounded_bits_fit`]), and whether the chooser sends its counts
    /// there ([`bounded_bits_win`]).
    pub(crate) bounded_bits_fit: bool,
    pub(crate) bounded_bits_win: bool,
    /// How wide the problem's cells are, wherever they are made.
    pub(crate) cells_width: CellsWidth,
}

impl Facts {
    /// The facts of `problem`, whose matrix is made for options of `width`
    /// nodes (0: any).
    pub(crate) fn of(problem: &Problem, width: u32) -> Facts {
        let kind = problem.kind();
        Facts {
            kind,
            colors: has_colors(problem),
            width,
            cells_win: cells_win(problem),
            bits_win: bits_win(problem),
            bounded_bits_fit: bounded_bits_fit(problem),
            bounded_bits_win: bounded_bits_win(problem),
            cells_width: cells_width(problem),
        }
    }
}

/// Whether some option of `problem` gives an item a color (never for
/// [`Kind::Exact`]): then its searches run the steps for colors (`C`), and
/// only then does its matrix have the arrays they read (invariant (D)).
pub(super) fn has_colors(problem: &Problem) -> bool {
    problem.kind() != Kind::Exact && problem.colors.iter().any(Option::is_some)
}

/// Whether [`Dlx::count`](crate::Dlx::count) runs on dancing cells for
/// `problem` (in the leftmost order, without forced-first): when it has
/// secondary items and no multiplicities. Measured (docs/decisions/dancing-cells.md): with
/// secondary items (queens-12, graceful-wheel-7, de-bruijn-3-3) the cells count as fast as the
/// links or faster (they skip a covered item's nodes with one test, where the links unlink and
/// relink every node of a shared item); without (latin-5, langford-11, pentominoes)
/// the links are faster, 10-40% in instructions. Algorithm M has no cells.
fn cells_win(problem: &Problem) -> bool {
    problem.kind() != Kind::Multiplicities && problem.secondary_count() > 0
}

/// The most options a problem may have for a count on bitsets
/// (`matrix/bits`): its conflict table is `options^2 / 8` bytes (2 MiB at
/// the bound).
pub(crate) const BITS_MAX_OPTIONS: usize = 4096;

/// The least mean length of the primary items' lists for which
/// [`bits_win`] holds (docs/decisions/bitset-count.md).
const BITS_MIN_MEAN_LIST: usize = 32;

/// Whether [`Dlx::count`](crate::Dlx::count) runs on bitsets
/// (`matrix/bits`) for `problem` (in the leftmost order, without
/// forced-first): plain exact cover (no secondary items, colors or
/// multiplicities) of at most [`BITS_MAX_OPTIONS`] options whose primary items
/// have on average at least [`BITS_MIN_MEAN_LIST`] options (and fewer than
/// `2^16` primary items, which the bitsets index as `u16`). Measured
/// (docs/decisions/bitset-count.md): on the pentomino tilings (mean lists
/// of 100-170) a node clears many options, which the bitsets do a word at a
/// time with nothing to undo, and they run fewer instructions than the
/// links; on short lists (langford-11 15, latin-5 5) a node clears a few
/// options and the bitsets' fixed cost a node (copying the live set and
/// the counts, scanning every primary item) loses.
pub(crate) fn bits_win(problem: &Problem) -> bool {
    // Without secondary items every entry is a primary item's.
    let primary = problem.primary_count();
    problem.kind() == Kind::Exact
        && problem.secondary_count() == 0
        && problem.option_count() <= BITS_MAX_OPTIONS
        && primary > 0
        && primary <= usize::from(u16::MAX)
        && problem.entry_count() >= BITS_MIN_MEAN_LIST * primary
}

/// The least mean length of the primary items' lists for which
/// [`bounded_bits_win`] holds (docs/decisions/bitset-m-count.md).
const BOUNDED_BITS_MIN_MEAN_LIST: usize = 16;

/// Whether [`Dlx::count`](crate::Dlx::count) of `problem` runs on bitsets
/// as Algorithm M (`matrix/bits/bounded.rs`, in the leftmost order):
/// multiplicities without colors (secondary items allowed), at most
/// [`BITS_MAX_OPTIONS`] options, fewer than `2^16 - 1` primary items, every
/// upper bound below `2^15` (a state keeps counts and bounds in 16 bits),
/// and primary lists of at least [`BOUNDED_BITS_MIN_MEAN_LIST`] options on
/// average. Measured (docs/decisions/bitset-m-count.md): on Knuth's DLX3
/// problems (redrect, queendom, motley, polyominoes: mean lists of 17-87)
/// and partridge-6 (65) the same tree in less CPU time than the links; a
/// node copies its state (the live options, the active items and a key per
/// primary item) and clears options a word at a time, where the links hide
/// and unhide them node by node. On matrices-7-2 (mean list 7, a node
/// clears two or three options) that fixed cost loses: 1.16x the links'
/// time.
pub(crate) fn bounded_bits_win(problem: &Problem) -> bool {
    // The entries are counted only for a problem that fits: every solver's
    // chooser asks, most of them of problems without multiplicities.
    if !bounded_bits_fit(problem) {
        return false;
    }
    let primary = problem.primary_count();
    let primary_entries: usize = problem
        .options()
        .map(|(_, items)| items.iter().filter(|item| item.index() < primary).count())
        .sum();
    primary_entries >= BOUNDED_BITS_MIN_MEAN_LIST * primary
}

/// Whether Algorithm M's bitsets can count `problem` at all (what
/// [`bounded_bits_win`] asks beside the lists' length).
pub(crate) fn bounded_bits_fit(problem: &Problem) -> bool {
    let primary = problem.primary_count();
    problem.kind() == Kind::Multiplicities
        && !has_colors(problem)
        && problem.option_count() <= BITS_MAX_OPTIONS
        && primary > 0
        && primary < usize::from(u16::MAX)
        && (0..primary).all(|k| {
            ItemId::new(k)
                .and_then(|item| problem.bounds(item))
                .is_none_or(|b| b.upper() < 0x8000)
        })
}

/// How wide `problem`'s cells are: `u16` entries if they fit, fewer than
/// `u16::MAX` nodes (option nodes and a spacer after each option, and one
/// more) and fewer lists, which the items plus the option nodes bound (an
/// item has one list, or one per color of its nodes).
fn cells_width(problem: &Problem) -> CellsWidth {
    let entries = problem.entry_count();
    let nodes = entries + problem.option_count() + 1;
    let lists = problem.item_count() + entries;
    let narrow = u16::MAX as usize;
    if nodes < narrow && lists < narrow {
        CellsWidth::Narrow
    } else {
        CellsWidth::Wide
    }
}

/// The path a search runs with `facts`, a seed or not (`seeded`), and
/// forced-first or not (`forced`): the one place it is decided.
///
/// | condition | links loop |
/// |---|---|
/// | multiplicities, seeded | [`LinksLoop::MultiplicitiesRandomized`] |
/// | multiplicities | [`LinksLoop::Multiplicities`] (forced-first ignored) |
/// | seeded | [`LinksLoop::Randomized`] (forced-first ignored) |
/// | forced-first, every option of 4 nodes | [`LinksLoop::ForcedFirstWidth4`] |
/// | forced-first | [`LinksLoop::ForcedFirst`] |
/// | otherwise | [`LinksLoop::Leftmost`] |
///
/// A count runs on dancing cells when the links loop is
/// [`LinksLoop::Leftmost`] and [`cells_win`] holds, on bitsets when it is
/// and [`bits_win`] holds (the two never both hold: cells need secondary
/// items, bitsets none).
pub(crate) fn choose(facts: Facts, seeded: bool, forced: bool) -> SearchPath {
    let links = match facts.kind {
        Kind::Multiplicities if seeded => LinksLoop::MultiplicitiesRandomized,
        Kind::Multiplicities => LinksLoop::Multiplicities,
        _ if seeded => LinksLoop::Randomized,
        _ if forced && facts.width == SUDOKU_WIDTH => LinksLoop::ForcedFirstWidth4,
        _ if forced => LinksLoop::ForcedFirst,
        _ => LinksLoop::Leftmost,
    };
    let leftmost = links == LinksLoop::Leftmost;
    SearchPath {
        links,
        colors: facts.colors,
        cells: (facts.cells_win && leftmost).then_some(facts.cells_width),
        bits: facts.bits_win && leftmost,
        bounded_bits: facts.bounded_bits_win && links == LinksLoop::Multiplicities,
    }
}

#[cfg(test)]
mod tests {
    use super::{CellsWidth, LinksLoop};
    use crate::index::OptionId;
    use crate::matrix::test_problems::{latin_3, sudoku_4};
    use crate::outcome::{Budget, Event, Stats};
    use crate::problem::Problem;
    use crate::solver::Dlx;
    use crate::text_format::NamedProblem;

    /// A links loop and the cells' width, if a count runs on them.
    type Chosen = (LinksLoop, Option<CellsWidth>);

    /// The path `problem`'s solver reports with a seed or not and
    /// forced-first or not, and the one its search keeps once started.
    fn path_of(problem: &Problem, seeded: bool, forced: bool) -> Chosen {
        let mut solver = Dlx::new(problem);
        solver.set_seed(seeded.then_some(7));
        solver.set_forced_first(forced);
        let reported = solver.path();
        solver.start();
        assert_eq!(solver.search.search_path(), reported);
        (reported.links, reported.cells)
    }

    /// The chooser's table, row by row: the kind, colors, seed,
    /// forced-first and option width decide the links' loop, and a count
    /// runs on cells only for secondary items in the leftmost order.
    #[test]
    fn the_chooser_follows_its_table() {
        use LinksLoop::*;
        let queens = NamedProblem::parse("r0 r1 | d\nr0 d\nr1 d\nr0\nr1\n").unwrap();
        let colors = NamedProblem::parse("a b | x\na x:A\nb x:B\nb x:A\n").unwrap();
        let bounds = NamedProblem::parse("2|a b\na b\na\nb\n").unwrap();
        let narrow = Some(CellsWidth::Narrow);
        let cases: [(&Problem, [Chosen; 4]); 5] = [
            // (leftmost, seeded, forced, seeded and forced)
            (
                &latin_3(),
                [
                    (Leftmost, None),
                    (Randomized, None),
                    (ForcedFirst, None),
                    (Randomized, None),
                ],
            ),
            (
                &sudoku_4(),
                [
                    (Leftmost, None),
                    (Randomized, None),
                    (ForcedFirstWidth4, None),
                    (Randomized, None),
                ],
            ),
            (
                queens.problem(),
                [
                    (Leftmost, narrow),
                    (Randomized, None),
                    (ForcedFirst, None),
                    (Randomized, None),
                ],
            ),
            (
                colors.problem(),
                [
                    (Leftmost, narrow),
                    (Randomized, None),
                    (ForcedFirst, None),
                    (Randomized, None),
                ],
            ),
            (
                bounds.problem(),
                [
                    (Multiplicities, None),
                    (MultiplicitiesRandomized, None),
                    (Multiplicities, None),
                    (MultiplicitiesRandomized, None),
                ],
            ),
        ];
        for (problem, expected) in cases {
            let settings = [(false, false), (true, false), (false, true), (true, true)];
            for ((seeded, forced), want) in settings.into_iter().zip(expected) {
                let got = path_of(problem, seeded, forced);
                assert_eq!(got, want, "{problem:?} seeded {seeded} forced {forced}");
            }
        }
        let colored = Dlx::new(colors.problem()).path();
        assert!(colored.colors && !Dlx::new(queens.problem()).path().colors);
        assert_eq!(
            colored.to_string(),
            "Algorithm C, leftmost, on dancing links; counts on dancing cells (16-bit)"
        );
        let mut sudoku = Dlx::new(&sudoku_4());
        sudoku.set_forced_first(true);
        assert!(sudoku.path().listless());
        assert_eq!(
            sudoku.path().to_string(),
            "Algorithm X, forced-first, made for options of 4 nodes, item lists frozen, \
             on dancing links"
        );
    }

    /// A count runs on bitsets for plain exact cover with long lists (a
    /// mean of [`BITS_MIN_MEAN_LIST`](super::BITS_MIN_MEAN_LIST) options a
    /// primary item) and at most [`BITS_MAX_OPTIONS`](super::BITS_MAX_OPTIONS)
    /// options, in the leftmost order only; not with secondary items (the
    /// cells), short lists or more options (the links).
    #[test]
    fn bitsets_take_long_lists_of_few_options() {
        use crate::problem::Problem;
        // One primary item (and `secondary` secondary ones) with `options`
        // options of it alone (and the first secondary item).
        let problem = |options: usize, secondary: usize| {
            let mut builder = Problem::builder(1, secondary).unwrap();
            for _ in 0..options {
                let items: Vec<usize> = (0..1 + secondary.min(1)).collect();
                builder.add_option(&items).unwrap();
            }
            builder.build()
        };
        let bits = |problem: &Problem, seeded: bool, forced: bool| {
            let mut solver = Dlx::new(problem);
            solver.set_seed(seeded.then_some(7));
            solver.set_forced_first(forced);
            let path = solver.path();
            (path.counts_on_bits(), path.counts_on_cells())
        };
        let long = problem(super::BITS_MIN_MEAN_LIST, 0);
        assert_eq!(bits(&long, false, false), (true, false));
        assert_eq!(bits(&long, true, false), (false, false));
        assert_eq!(bits(&long, false, true), (false, false));
        assert_eq!(
            Dlx::new(&long).path().to_string(),
            "Algorithm X, leftmost, on dancing links; counts and solutions on bitsets"
        );
        let short = problem(super::BITS_MIN_MEAN_LIST - 1, 0);
        assert_eq!(bits(&short, false, false), (false, false));
        // 4,097 options: most of this test's minute under Miri, which it
        // would spend on the chooser's threshold, not on unsafe code.
        if !cfg!(miri) {
            let many = problem(super::BITS_MAX_OPTIONS + 1, 0);
            assert_eq!(bits(&many, false, false), (false, false));
        }
        let secondary = problem(super::BITS_MIN_MEAN_LIST, 1);
        assert_eq!(bits(&secondary, false, false), (false, true));
        let mut solver = Dlx::new(&long);
        assert_eq!(
            solver.count(None).solutions,
            super::BITS_MIN_MEAN_LIST as u64
        );
    }

    /// A change of setting while a search is paused undoes it by the path
    /// that made its levels (the forced-first search made for a width,
    /// whose levels leave the item lists alone, and the leftmost one, whose
    /// levels take items out of them), then the next search runs the new
    /// path: the links restored, Knuth's `sanity()` kept.
    #[test]
    fn a_path_changes_only_with_no_level_on_the_stack() {
        let problem = sudoku_4();
        for forced in [true, false] {
            let mut solver = Dlx::new(&problem);
            solver.select(OptionId::new(0).unwrap()).unwrap();
            solver.set_forced_first(forced);
            solver.start();
            let mut stats = Stats::default();
            let event = solver.search.advance(&mut stats, Budget::UNLIMITED);
            assert_eq!(event, Event::Solution);
            assert_eq!(solver.search.lists_frozen(), forced);
            solver.set_forced_first(!forced);
            assert_eq!(solver.search.level(), 0);
            solver.check_invariants().unwrap();
            let links = if forced {
                LinksLoop::Leftmost
            } else {
                LinksLoop::ForcedFirstWidth4
            };
            assert_eq!(solver.path().links, links);
            // Digit 0 in the corner: a quarter of the 288 grids.
            assert_eq!(solver.count(None).solutions, 72);
            solver.reset();
            assert!(solver.links_match(&problem));
        }
    }
}
