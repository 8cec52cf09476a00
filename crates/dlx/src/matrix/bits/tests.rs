//! The bitsets' count against the links' count (the same tree: solutions,
//! nodes, profile, and where a limit or a budget stops) and against the
//! cells' (Knuth's updates of whole coverings), on small random problems,
//! including those where the links miss a doom (`Bits::links_give_up`,
//! which debug builds check against its replay of the links' covering).

use crate::builder::ProblemBuilder;
use crate::index::to_u32;
use crate::matrix::test_problems::{below, latin_3, links_frontier, select_some, sudoku_4};
use crate::outcome::{Budget, Count, End, Stats};
use crate::problem::Problem;
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// The bitsets' count of `solver` and its statistics.
fn on_bits(solver: &mut Dlx, limit: Option<u64>) -> (Count, Stats) {
    let count = solver.count_on_bits(limit);
    (count, solver.stats().clone())
}

/// The links' count of `solver` and its statistics.
fn on_matrix(solver: &mut Dlx, limit: Option<u64>) -> (Count, Stats) {
    let count = solver.count_on_matrix(limit);
    (count, solver.stats().clone())
}

/// A random exact-cover problem without colors: up to 8 primary and 3
/// secondary items, up to 30 options of one to four primary items (so that
/// one hidden option can empty two items, which the links may not notice)
/// and some secondary ones; sometimes every option of two primary items
/// (leaves counted at once).
pub(super) fn random_problem(rng: &mut SplitMix64) -> Problem {
    let primary = 1 + rng.below(8) as usize;
    let secondary = rng.below(4) as usize;
    let two = primary >= 2 && rng.below(3) == 0;
    let mut builder = Problem::builder(primary, secondary).unwrap();
    add_random_options(rng, &mut builder, (primary, secondary), 30, two);
    builder.build()
}

/// Adds fewer than `options` random options to `builder`, whose items are
/// `primary` primary and `secondary` secondary ones: one to four primary
/// items each (two each if `two`) and some secondary ones.
pub(super) fn add_random_options(
    rng: &mut SplitMix64,
    builder: &mut ProblemBuilder,
    (primary, secondary): (usize, usize),
    options: u32,
    two: bool,
) {
    for _ in 0..rng.below(options) {
        let mut order: Vec<usize> = (0..primary).collect();
        rng.shuffle(&mut order);
        let wanted = if two {
            2
        } else {
            1 + rng.below(to_u32(primary.min(4))) as usize
        };
        order.truncate(wanted);
        for s in primary..primary + secondary {
            if rng.below(4) == 0 {
                order.push(s);
            }
        }
        builder.add_option(&order).unwrap();
    }
}

#[test]
fn counts_latin_squares_and_the_4x4_sudoku() {
    let mut solver = Dlx::new(&latin_3());
    assert_eq!(solver.count_on_bits(None).solutions, 12);
    if !cfg!(miri) {
        let mut solver = Dlx::new(&sudoku_4());
        assert_eq!(solver.count_on_bits(None).solutions, 288);
    }
}

#[test]
fn counts_random_problems_with_the_links_tree() {
    let mut rng = SplitMix64::new(420);
    let rounds = if cfg!(miri) { 6 } else { 3000 };
    // Cases with solutions, with leaves counted at once, and where the
    // cells' tree is smaller than the links' (the links missed a doom,
    // which the bitsets must miss too).
    let (mut nonzero, mut leafy, mut missed) = (0, 0, 0);
    for _ in 0..rounds {
        let problem = random_problem(&mut rng);
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let (count, bits) = on_bits(&mut solver, None);
        let (links_count, links) = on_matrix(&mut solver, None);
        let (_, cells) = {
            let count = solver.count_on_cells(None);
            (count, solver.stats().clone())
        };
        assert_eq!(count, links_count, "{case}");
        assert_eq!(bits.solutions, links.solutions, "{case}");
        assert_eq!(bits.nodes, links.nodes, "{case}");
        assert_eq!(bits.profile, links.profile, "{case}");
        // Knuth's updates of whole coverings, as the cells make them, where
        // the cells walk the same tree; at least the links' (which give up
        // doomed coverings half way).
        if cells.nodes == bits.nodes {
            assert_eq!(bits, cells, "{case}");
        } else {
            missed += 1;
        }
        assert!(bits.updates >= links.updates, "{case}");
        nonzero += usize::from(bits.solutions > 0);
        leafy += usize::from(bits.profile.len() > links.profile.len().saturating_sub(1));
        // The bitsets are ready for the next count.
        assert_eq!(on_bits(&mut solver, None), (count, bits), "{case}");
    }
    if !cfg!(miri) {
        assert!(nonzero > rounds / 6, "too few with solutions: {nonzero}");
        assert!(leafy > rounds / 20, "too few leaves: {leafy}");
        assert!(missed > 0, "no doom the links miss");
    }
}

#[test]
fn limits_and_budgets_end_counts_as_on_the_links() {
    let mut rng = SplitMix64::new(421);
    let rounds = if cfg!(miri) { 4 } else { 1000 };
    let mut cut = [0; 2];
    for _ in 0..rounds {
        let problem = random_problem(&mut rng);
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let (all, _) = on_matrix(&mut solver, None);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        // A limit: the links' count and end, and the same nodes (the
        // options of a node are tried in the links' order).
        let limit = below(&mut rng, all.solutions + 2);
        let (count, stats) = on_bits(&mut solver, Some(limit));
        let (links_count, links) = on_matrix(&mut solver, Some(limit));
        assert_eq!(count, links_count, "{case} limit {limit}");
        assert_eq!(count.solutions, limit.min(all.solutions), "{case}");
        assert_eq!(stats.nodes, links.nodes, "{case} limit {limit}");
        cut[0] += usize::from(count.end == End::LimitReached);
        // A node budget: where the links stop, with as many nodes.
        solver.set_budget(Budget::nodes(u64::MAX));
        let (_, entered) = on_bits(&mut solver, None);
        let max = below(&mut rng, entered.nodes + 2);
        solver.set_budget(Budget::nodes(max));
        let (count, stats) = on_bits(&mut solver, None);
        let (links_count, links) = on_matrix(&mut solver, None);
        assert_eq!(count, links_count, "{case} nodes {max}");
        assert_eq!(stats.nodes, links.nodes, "{case} nodes {max}");
        assert_eq!(stats.profile, links.profile, "{case} nodes {max}");
        cut[1] += usize::from(count.end == End::BudgetExhausted);
        solver.set_budget(Budget::UNLIMITED);
        assert_eq!(on_bits(&mut solver, None).0, all, "{case}");
    }
    if !cfg!(miri) {
        assert!(cut.iter().all(|&n| n > rounds / 10), "too few cut: {cut:?}");
    }
}

#[test]
fn a_count_in_pieces_is_one_count() {
    let mut rng = SplitMix64::new(422);
    let rounds = if cfg!(miri) { 4 } else { 500 };
    for _ in 0..rounds {
        let problem = random_problem(&mut rng);
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let (whole, stats) = on_bits(&mut solver, None);
        let step = 1 + u64::from(rng.below(5));
        let mut counting = solver.counting_on_bits(None);
        let count = loop {
            if let Some(count) = counting.run_within(step) {
                break count;
            }
            let progress = counting.progress();
            assert!((0.0..=1.0).contains(&progress), "{case}: {progress}");
        };
        assert_eq!(count, whole, "{case}");
        assert_eq!(counting.stats(), &stats, "{case}");
        drop(counting);
        assert_eq!(on_bits(&mut solver, None), (whole, stats), "{case}");
    }
}

#[test]
fn a_split_on_bits_is_the_links_split() {
    use crate::branch::Branch;
    use crate::matrix::{Bits, Resumable};
    let mut rng = SplitMix64::new(423);
    let rounds = if cfg!(miri) { 4 } else { 1000 };
    let (mut above, mut leaves) = (0, 0);
    for _ in 0..rounds {
        let problem = random_problem(&mut rng);
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let (all, whole) = on_matrix(&mut solver, None);
        let depth = rng.below(5) as usize;
        let mut bits = Bits::new(&solver.search);
        let (nodes, stats) = bits
            .split(&solver.search, depth, Budget::UNLIMITED)
            .expect("no budget");
        // The links' subproblems at the depth, in the same order with the
        // same shares (theirs above it are solutions, in the bits' stats).
        let deep = links_frontier(&mut solver, depth);
        // The links' deep ones, but those the bitsets count at once as
        // leaves of the level above: each a solution alone.
        let mut next = nodes.iter().peekable();
        for (prefix, share) in &deep {
            // The same share but for rounding (a product in another order).
            if let Some((options, bits_share)) = next.peek()
                && options == prefix
            {
                assert!((bits_share - share).abs() <= 1e-12 * share, "{case}");
                next.next();
                continue;
            }
            let subproblem =
                crate::split::Subproblem::new(prefix.iter().map(|&o| Branch::Option(o)).collect());
            let count = solver.count_subproblem(&subproblem, None).unwrap();
            assert_eq!(
                (count.solutions, solver.stats().nodes),
                (1, 1),
                "{case} {prefix:?}"
            );
            leaves += 1;
        }
        assert!(next.next().is_none(), "{case} depth {depth}");
        // The nodes' counts add up with the split's to the whole count.
        let (mut solutions, mut entered) = (stats.solutions, stats.nodes);
        let mut profile = stats.profile.clone();
        for (prefix, _) in &nodes {
            let subproblem =
                crate::split::Subproblem::new(prefix.iter().map(|&o| Branch::Option(o)).collect());
            let count = solver.count_subproblem(&subproblem, None).unwrap();
            solutions += count.solutions;
            entered += solver.stats().nodes;
            // The links' profile of a subproblem counts levels from the root.
            let sub = &solver.stats().profile;
            if profile.len() < sub.len() {
                profile.resize(sub.len(), 0);
            }
            for (total, more) in profile.iter_mut().zip(sub) {
                *total += more;
            }
        }
        assert_eq!(
            (solutions, entered, &profile),
            (all.solutions, whole.nodes, &whole.profile),
            "{case} depth {depth}"
        );
        above += usize::from(stats.solutions > 0);
        // A budget one node short ends it (under a budget no leaves are
        // counted at once: they are nodes of the cut).
        let (_, budgeted) = bits
            .split(&solver.search, depth, Budget::nodes(u64::MAX))
            .expect("budget enough");
        if budgeted.nodes > 0 {
            let short = Budget::nodes(budgeted.nodes - 1);
            let cut = bits.split(&solver.search, depth, short);
            assert!(cut.is_err(), "{case} depth {depth}");
        }
    }
    if !cfg!(miri) {
        assert!(
            above > rounds / 20,
            "too few solutions above the cut: {above}"
        );
        assert!(leaves > 0, "no leaves counted at once above the cut");
    }
}
