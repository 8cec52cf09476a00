//! The count in pieces (`Dlx::counting`) against one count and the
//! brute-force oracle: however it is cut, on the links or on dancing cells,
//! it finds the oracle's number of solutions and walks one count's tree
//! (its solutions, nodes and profile), each piece within its nodes; and the
//! solver is whole after it, ready for a fresh count.

use dlx_engine::{Budget, Count, Dlx, End, OptionId, Problem, Stats};
use proptest::prelude::*;

use crate::known_counts::{langford, n_queens};
use crate::oracle_kinds::{Spec, any_spec, brute_force, spec_strategy};

/// Plain exact cover, colors, bounds, or both.
fn every_kind() -> impl Strategy<Value = Spec> {
    prop_oneof![spec_strategy(0, false), any_spec()]
}

/// Runs a count of `solver` in pieces of `pieces` nodes in turn (cycling),
/// checking each piece's bound and Knuth's estimate of the part done;
/// returns the count and its statistics.
fn in_pieces(solver: &mut Dlx, limit: Option<u64>, pieces: &[u64]) -> (Count, Stats) {
    let mut counting = solver.counting(limit);
    if limit != Some(0) {
        assert_eq!(counting.end(), None);
        assert_eq!(counting.progress(), 0.0);
    }
    let mut sizes = pieces.iter().cycle();
    loop {
        let before = counting.stats().nodes;
        let n = *sizes.next().expect("a piece size");
        let piece = counting.run_within(n);
        let after = counting.stats().nodes;
        match piece {
            Some(count) => {
                assert_eq!(counting.end(), Some(count.end));
                assert_eq!(counting.progress(), 1.0);
                // An ended count stays ended.
                assert_eq!(counting.run_within(n), Some(count));
                assert_eq!(counting.run(), count);
                return (count, counting.stats().clone());
            }
            None => {
                assert_eq!(counting.end(), None);
                // Stopped at its mark, or past it by the leaves counted
                // at once since the last node entered.
                assert!(after >= before + n, "{before} + {n} -> {after}");
                let progress = counting.progress();
                // (Algorithm M's estimate can reach 1 early: clamped.)
                assert!(progress > 0.0 && progress <= 1.0, "{progress}");
            }
        }
    }
}

/// Asserts that `pieces` (a count in pieces) walked the tree of `one` (one
/// count): the same solutions, nodes, profile and updates (on the cells
/// too, whose pieces count leaves at once as one count does). Where `one`
/// ran on Algorithm M's bitsets (`m_bits`) and the pieces on the links,
/// at most its updates: the bitsets make Knuth's whole coverings, the links
/// give up doomed ones half way and count leaves at once.
fn same_count(pieces: &Stats, one: &Stats, on_cells: bool, m_bits: bool) {
    assert_eq!(pieces.solutions, one.solutions);
    assert_eq!(pieces.nodes, one.nodes);
    assert_eq!(pieces.profile, one.profile);
    if m_bits {
        assert!(pieces.updates <= one.updates, "{pieces:?} {one:?}");
    } else {
        assert_eq!(
            pieces.updates, one.updates,
            "{pieces:?} {one:?}, on cells {on_cells}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 400 }))]

    /// Cut anywhere, with a seed or not, a limit or not, some options
    /// selected or not, a count in pieces is one count: the oracle's
    /// number of solutions, one count's end and tree; the links are
    /// restored after it, and a fresh count or count in pieces after a
    /// count given up half-way starts from the beginning.
    #[test]
    fn a_count_in_pieces_is_one_count(
        spec in every_kind(),
        pieces in prop::collection::vec(1u64..40, 1..4),
        limit in prop::option::of(0u64..6),
        seed in prop::option::of(any::<u64>()),
        forced in any::<bool>(),
        select in prop::option::of(0usize..64),
    ) {
        let problem = spec.build();
        let oracle = brute_force(&spec);
        let mut solver = Dlx::new(&problem);
        solver.set_seed(seed);
        solver.set_forced_first(forced);
        let mut expected = oracle.len() as u64;
        if let Some(k) = select.filter(|&k| k < problem.option_count()) {
            let option = OptionId::new(k).unwrap();
            prop_assume!(solver.select(option).is_ok());
            expected = oracle.iter().filter(|s| s.contains(&k)).count() as u64;
        }
        let on_cells = solver.path().counts_on_cells();
        // Algorithm M's one count on bitsets, its pieces on the links.
        let m_bits = solver.path().counts_on_bounded_bits() && solver.selected().is_empty();
        // The cells keep no order of options, so that a count cut short
        // stops where the order its sets were left in says: each count
        // compared runs on a solver fresh from the same start.
        let fresh = solver.clone();
        let one = solver.count(limit);
        let one_stats = solver.stats().clone();
        let mut solver = fresh.clone();
        let (count, stats) = in_pieces(&mut solver, limit, &pieces);
        prop_assert_eq!(count, one);
        match limit {
            Some(l) if l <= expected => {
                prop_assert_eq!((count.solutions, count.end), (l, End::LimitReached));
            }
            _ => prop_assert_eq!((count.solutions, count.end), (expected, End::Exhausted)),
        }
        same_count(&stats, &one_stats, on_cells, m_bits);
        prop_assert_eq!(solver.stats(), &stats);
        prop_assert_eq!(solver.check_invariants(), Ok(()));

        // Given up after its first piece: the next count starts afresh
        // (where the order of the cells does not tell: to the end).
        let mut solver = fresh.clone();
        let mut counting = solver.counting(limit);
        let first = counting.run_within(pieces[0]);
        drop(counting);
        prop_assert!(solver.links_match(&problem) || !solver.selected().is_empty());
        if first.is_none() && (!on_cells || count.end == End::Exhausted) {
            prop_assert_eq!(solver.count(limit), one);
            same_count(solver.stats(), &one_stats, on_cells, false);
            let (again, again_stats) = in_pieces(&mut solver, limit, &pieces);
            prop_assert_eq!(again, one);
            same_count(&again_stats, &stats, on_cells, false);
        }
        solver.reset();
        prop_assert!(solver.links_match(&problem));
    }

    /// Under the solver's budget, a count in pieces stops where one count
    /// stops: the budget is the whole count's, not a piece's.
    #[test]
    fn a_count_in_pieces_stops_at_the_budget_where_one_count_does(
        spec in every_kind(),
        pieces in prop::collection::vec(1u64..20, 1..3),
        nodes in 1u64..60,
    ) {
        let problem = spec.build();
        let mut solver = Dlx::new(&problem);
        solver.set_budget(Budget::nodes(nodes));
        // On a solver fresh from the same start (see above).
        let mut one_solver = solver.clone();
        let one = one_solver.count(None);
        let one_stats = one_solver.stats().clone();
        let (count, stats) = in_pieces(&mut solver, None, &pieces);
        prop_assert_eq!(count, one);
        prop_assert_eq!(&stats, &one_stats, "{} {:?}", solver.path(), pieces);
        if count.end == End::BudgetExhausted {
            prop_assert_eq!(solver.stats().nodes, nodes);
        }
        prop_assert!(solver.links_match(&problem));
    }
}

/// Counts `problem` in pieces of `piece` nodes on the path the solver
/// takes (with `forced_first`, the links'), and checks it against one count
/// and the published number.
fn check_known(problem: &Problem, forced_first: bool, piece: u64, expected: u64) -> bool {
    let mut solver = Dlx::new(problem);
    solver.set_forced_first(forced_first);
    let on_cells = solver.path().counts_on_cells();
    let mut one_solver = solver.clone();
    let one = one_solver.count(None);
    let one_stats = one_solver.stats().clone();
    assert_eq!(one.solutions, expected);
    let (count, stats) = in_pieces(&mut solver, None, &[piece]);
    assert_eq!(count, one);
    same_count(&stats, &one_stats, on_cells, false);
    assert!(solver.links_match(problem));
    on_cells
}

#[test]
fn queens_and_langford_in_pieces_on_the_links_and_on_cells() {
    let (n, queens) = if cfg!(miri) { (5, 10) } else { (8, 92) };
    let eight = n_queens::n_queens(n);
    assert!(
        check_known(eight.problem(), false, 100, queens),
        "queens count on cells"
    );
    assert!(
        !check_known(eight.problem(), true, 100, queens),
        "forced-first: the links"
    );
    let (n, pairs) = if cfg!(miri) { (4, 2) } else { (7, 52) };
    let pairs_problem = langford::langford(n);
    check_known(pairs_problem.problem(), false, 7, pairs);
    check_known(pairs_problem.problem(), true, 7, pairs);
}
