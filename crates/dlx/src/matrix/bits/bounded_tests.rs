//! Algorithm M's count on bitsets against the links' (DLX3's tree): the
//! same solutions, nodes and profile on random problems with
//! multiplicities and secondary items, without colors.

use std::sync::Arc;

use crate::index::{Color, OptionId};
use crate::outcome::{Budget, End, Stats};
use crate::parallel::Parallel;
use crate::problem::{Kind, Problem};
use crate::progress::Progress;
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// A random problem with multiplicities: up to 8 primary items with
/// bounds `u..=v` (`u` up to 2, `v` up to 4 past it), up to 3 secondary
/// items, up to 30 options of one to four primary items and some
/// secondary ones; or, a third of the time, options of two primary items
/// and bounds without slack (leaves counted at once).
fn random_bounded(rng: &mut SplitMix64) -> Problem {
    random_bounded_of(rng, 8, 31, 5)
}

/// [`random_bounded`], or under Miri (which interprets every step: 6 such
/// problems took 564 s of its clock) smaller ones, of up to 4 primary
/// items and 11 options: still every step of the count, the unchecked
/// loads among them.
fn random_for_the_run(rng: &mut SplitMix64) -> Problem {
    if cfg!(miri) {
        random_bounded_of(rng, 4, 12, 3)
    } else {
        random_bounded(rng)
    }
}

/// [`random_bounded`] with up to `primary` primary items, fewer than
/// `options` options and upper bounds less than `extra` past the lower.
fn random_bounded_of(rng: &mut SplitMix64, primary: u32, options: u32, extra: u32) -> Problem {
    let primary = 1 + rng.below(primary) as usize;
    let secondary = rng.below(4) as usize;
    // Sometimes every option of two primary items and no slack: the links
    // count leaves at once (`leaves.rs`), and so must the bitsets.
    let two = primary >= 2 && rng.below(3) == 0;
    let mut builder = Problem::builder(primary, secondary).unwrap();
    for item in 0..primary {
        let lower = rng.below(3);
        let upper = if two {
            lower.max(1)
        } else {
            (lower + rng.below(extra)).max(1)
        };
        builder.set_bounds(item, lower.min(upper), upper).unwrap();
    }
    super::tests::add_random_options(rng, &mut builder, (primary, secondary), options, two);
    builder.build()
}

/// The count of `solver`'s problem on the bitsets and its statistics.
fn on_bits(solver: &mut Dlx) -> (u64, Stats) {
    let count = solver.count_on_bounded_bits(None);
    (count.solutions, solver.stats().clone())
}

/// The count of `solver`'s problem on the links and its statistics.
fn on_links(solver: &mut Dlx) -> (u64, Stats) {
    let count = solver.count_on_matrix(None);
    (count.solutions, solver.stats().clone())
}

#[test]
fn counts_random_problems_with_the_links_tree() {
    let mut rng = SplitMix64::new(4402);
    let rounds = if cfg!(miri) { 6 } else { 4000 };
    let (mut tried, mut nonzero, mut deep) = (0, 0, 0);
    for _ in 0..rounds {
        let problem = random_for_the_run(&mut rng);
        if problem.kind() != Kind::Multiplicities {
            continue;
        }
        tried += 1;
        let mut solver = Dlx::new(&problem);
        let case = format!("{problem:?}");
        let (solutions, bits) = on_bits(&mut solver);
        let (links_solutions, links) = on_links(&mut solver);
        assert_eq!(solutions, links_solutions, "{case}");
        assert_eq!(bits.solutions, links.solutions, "{case}");
        assert_eq!(bits.nodes, links.nodes, "{case}");
        assert_eq!(bits.profile, links.profile, "{case}");
        nonzero += usize::from(solutions > 0);
        deep += usize::from(bits.profile.len() > 4);
        // Made again, the same count.
        assert_eq!(on_bits(&mut solver), (solutions, bits), "{case}");
    }
    assert!(tried > 0, "no problem with multiplicities");
    if !cfg!(miri) {
        assert!(tried > rounds / 2, "too few with multiplicities: {tried}");
        assert!(nonzero > tried / 4, "too few with solutions: {nonzero}");
        assert!(deep > tried / 10, "too few deep trees: {deep}");
    }
}

#[test]
fn limits_end_counts_as_on_the_links() {
    let mut rng = SplitMix64::new(4403);
    let rounds = if cfg!(miri) { 6 } else { 1500 };
    let mut cut = 0;
    for _ in 0..rounds {
        let problem = random_for_the_run(&mut rng);
        if problem.kind() != Kind::Multiplicities {
            continue;
        }
        let mut solver = Dlx::new(&problem);
        let (all, _) = on_links(&mut solver);
        let limit = u64::from(rng.below(u32::try_from(all).unwrap() + 2));
        let case = format!("{problem:?} limit {limit}");
        let count = solver.count_on_bounded_bits(Some(limit));
        let stats = solver.stats().clone();
        let links_count = solver.count_on_matrix(Some(limit));
        let links = solver.stats().clone();
        assert_eq!(count, links_count, "{case}");
        assert_eq!(count.solutions, limit.min(all), "{case}");
        assert_eq!(stats.nodes, links.nodes, "{case}");
        assert_eq!(stats.profile, links.profile, "{case}");
        cut += usize::from(count.end == End::LimitReached);
    }
    if !cfg!(miri) {
        assert!(cut > rounds / 10, "too few cut: {cut}");
    }
}

/// A random problem (as [`random_bounded_of`] makes them, up to 6 primary
/// items and 24 options) padded to `64 * (words - 1) + 1..=64 * words`
/// options with options of one more primary item `1:1` (and sometimes a
/// secondary item), in a random order: the padding item is chosen last,
/// where each of its live options is a leaf, so that the tree stays small
/// however many words the options take.
fn padded_to(rng: &mut SplitMix64, words: u32) -> Problem {
    let primary = 1 + rng.below(6) as usize;
    let secondary = rng.below(3) as usize;
    let pad = primary;
    let mut builder = Problem::builder(primary + 1, secondary).unwrap();
    for item in 0..primary {
        // Item 0's bounds are never `1:1`: a problem with multiplicities.
        let lower = rng.below(3);
        let upper = lower + u32::from(item == 0) + rng.below(4);
        builder.set_bounds(item, lower, upper.max(1)).unwrap();
    }
    let mut options: Vec<Vec<usize>> = Vec::new();
    for _ in 0..rng.below(24) {
        let mut order: Vec<usize> = (0..primary).collect();
        rng.shuffle(&mut order);
        order.truncate(1 + rng.below(u32::try_from(primary.min(4)).unwrap()) as usize);
        for s in 0..secondary {
            if rng.below(4) == 0 {
                order.push(primary + 1 + s);
            }
        }
        options.push(order);
    }
    let total = 64 * (words as usize - 1) + 1 + rng.below(64) as usize;
    while options.len() < total {
        let mut option = vec![pad];
        if secondary > 0 && rng.below(8) == 0 {
            option.push(primary + 1 + rng.below(u32::try_from(secondary).unwrap()) as usize);
        }
        options.push(option);
    }
    rng.shuffle(&mut options);
    for option in &options {
        builder.add_option(option).unwrap();
    }
    builder.build()
}

/// The count is compiled for options of 1 to 9 words and for any number
/// (`BoundedBits::count`): every one of them walks the links' tree.
#[test]
fn counts_problems_of_every_width_with_the_links_tree() {
    let mut rng = SplitMix64::new(4405);
    let (widths, each) = if cfg!(miri) { (1..=2, 1) } else { (1..=11, 25) };
    for words in widths {
        let mut solved = 0;
        for _ in 0..each {
            let problem = padded_to(&mut rng, words);
            assert_eq!(problem.kind(), Kind::Multiplicities);
            assert_eq!(problem.option_count().div_ceil(64), words as usize);
            let mut solver = Dlx::new(&problem);
            let case = format!("{problem:?}");
            let (solutions, bits) = on_bits(&mut solver);
            let (links_solutions, links) = on_links(&mut solver);
            assert_eq!(solutions, links_solutions, "{case}");
            assert_eq!(bits.nodes, links.nodes, "{case}");
            assert_eq!(bits.profile, links.profile, "{case}");
            solved += usize::from(solutions > 0);
        }
        if !cfg!(miri) {
            assert!(solved > each / 4, "{words} words: {solved} with solutions");
        }
    }
}

/// The chooser sends a count of multiplicities without colors whose
/// primary lists have 16 options on average to the bitsets, and keeps on
/// the links what they do not do: a seed, a budget, options selected,
/// colors, bounds of `2^15` or more, and shorter lists.
#[test]
fn the_chooser_sends_counts_with_multiplicities_to_the_bitsets() {
    let mut rng = SplitMix64::new(4404);
    let (mut sent, mut short) = (0, 0);
    for _ in 0..if cfg!(miri) { 2 } else { 300 } {
        let problem = random_bounded_of(&mut rng, 3, 48, 2);
        let primary = problem.primary_count();
        let entries: usize = problem
            .options()
            .map(|(_, items)| items.iter().filter(|x| x.index() < primary).count())
            .sum();
        let fits = problem.kind() == Kind::Multiplicities;
        let long = entries >= 16 * primary;
        let mut solver = Dlx::new(&problem);
        assert_eq!(
            solver.path().counts_on_bounded_bits(),
            fits && long,
            "{problem:?}"
        );
        short += usize::from(fits && !long);
        if !(fits && long) {
            continue;
        }
        sent += 1;
        assert!(
            solver
                .path()
                .to_string()
                .ends_with("; counts on one thread on bitsets")
        );
        let bits = (on_bits(&mut solver), solver.count_on_bounded_bits(None).end);
        let links = (on_links(&mut solver), solver.count_on_matrix(None).end);
        // `Dlx::count` and one thread of `count_parallel` on the bitsets:
        // their updates (Knuth's, whole coverings) tell them apart.
        assert_eq!(solver.count(None).end, bits.1);
        assert_eq!(solver.stats(), &(bits.0).1, "{problem:?}");
        let one = Parallel::new().with_threads(1);
        solver.count_parallel(&one, None);
        assert_eq!(solver.stats(), &(bits.0).1, "{problem:?}");
        // Under a budget, on the links (which then enter every leaf).
        solver.set_budget(Budget::nodes(u64::MAX));
        solver.count(None);
        let budgeted = solver.stats().clone();
        solver.count_on_matrix(None);
        assert_eq!(solver.stats(), &budgeted, "{problem:?}");
        assert_eq!(budgeted.nodes, (links.0).1.nodes, "{problem:?}");
        solver.set_budget(Budget::UNLIMITED);
        // With a seed, on the links (another tree).
        solver.set_seed(Some(3));
        assert!(!solver.path().counts_on_bounded_bits());
        assert_eq!(solver.count(None).solutions, (bits.0).0);
        solver.set_seed(None);
        // With an option selected, on the links.
        if solver.select(OptionId::new(0).unwrap()).is_ok() {
            let count = solver.count(None);
            let stats = solver.stats().clone();
            assert_eq!(solver.count_on_matrix(None), count, "{problem:?}");
            assert_eq!(solver.stats(), &stats, "{problem:?}");
        }
    }
    if !cfg!(miri) {
        assert!(sent > 50 && short > 20, "{sent} {short}");
    }
    // Colors, or a bound past the bitsets' 15 bits: the links, though the
    // lists are long.
    let mut builder = Problem::builder(1, 1).unwrap();
    builder.set_bounds(0, 0, 2).unwrap();
    for _ in 0..16 {
        builder
            .add_colored_option(&[(0, None), (1, Color::new(0))])
            .unwrap();
    }
    assert!(!Dlx::new(&builder.build()).path().counts_on_bounded_bits());
    for upper in [0x7fff, 0x8000] {
        let mut builder = Problem::builder(1, 0).unwrap();
        builder.set_bounds(0, 0, upper).unwrap();
        for _ in 0..16 {
            builder.add_option(&[0]).unwrap();
        }
        let solver = Dlx::new(&builder.build());
        assert_eq!(solver.path().counts_on_bounded_bits(), upper < 0x8000);
    }
}

/// A count in pieces (`Dlx::counting`) of a problem the chooser sends to
/// the bitsets runs there too, and its pieces, of random sizes, add up to
/// one count: the same solutions, nodes, profile and updates (DLX3's,
/// which the links' count does not give), under a limit too, with its
/// progress between 0 and 1 at each pause. Dropped half-way, the next
/// count starts afresh.
#[test]
fn a_count_in_pieces_is_one_count() {
    let mut rng = SplitMix64::new(4406);
    let (mut sent, mut paused) = (0, 0);
    for _ in 0..if cfg!(miri) { 2 } else { 300 } {
        let problem = random_bounded_of(&mut rng, 3, 48, 2);
        let mut solver = Dlx::new(&problem);
        if !solver.path().counts_on_bounded_bits() {
            continue;
        }
        sent += 1;
        let case = format!("{problem:?}");
        let (all, whole) = on_bits(&mut solver);
        let limit = if rng.below(3) == 0 {
            Some(u64::from(rng.below(u32::try_from(all).unwrap() + 2)).max(1))
        } else {
            None
        };
        let one = solver.count(limit);
        let one_stats = solver.stats().clone();
        if limit.is_none() {
            assert_eq!(one_stats, whole, "{case}");
        }
        let mut counting = solver.counting(limit);
        let count = loop {
            let piece = 1 + u64::from(rng.below(40));
            if let Some(count) = counting.run_within(piece) {
                break count;
            }
            paused += 1;
            let progress = counting.progress();
            assert!((0.0..=1.0).contains(&progress), "{progress} {case}");
        };
        assert_eq!(count, one, "{case}");
        assert_eq!(counting.stats(), &one_stats, "{case}");
        drop(counting);
        // Dropped half-way: the next count is whole.
        let mut counting = solver.counting(None);
        let _ = counting.run_within(1);
        drop(counting);
        assert_eq!(solver.count(None).solutions, all, "{case}");
        assert_eq!(solver.stats(), &whole, "{case}");
    }
    if !cfg!(miri) {
        assert!(sent > 50 && paused > 500, "{sent} {paused}");
    }
}

/// A count on the bitsets reports its progress and stops when it is
/// stopped, at its next look. Ignored under Miri: thousands of nodes.
#[test]
#[cfg_attr(miri, ignore)]
fn a_stopped_progress_ends_the_count() {
    // Up to four of twenty options of one item `0:4`: sets of 4 or fewer
    // of 20, 6,196 of them, in a tree of more nodes than a look's 4,096.
    let mut builder = Problem::builder(1, 0).unwrap();
    builder.set_bounds(0, 0, 4).unwrap();
    for _ in 0..20 {
        builder.add_option(&[0]).unwrap();
    }
    let problem = builder.build();
    let mut solver = Dlx::new(&problem);
    assert!(solver.path().counts_on_bounded_bits());
    let full = solver.count(None);
    assert_eq!(full.solutions, 6196);
    let nodes = solver.stats().nodes;
    assert!(nodes > 4096, "{nodes}");
    let progress = Arc::new(Progress::new());
    solver.set_progress(Some(Arc::clone(&progress)));
    assert_eq!(solver.count(None), full);
    assert_eq!(progress.nodes(), nodes);
    assert_eq!(progress.solutions(), 6196);
    // Stopped: the count ends at its next look.
    let progress = Arc::new(Progress::new());
    solver.set_progress(Some(Arc::clone(&progress)));
    progress.stop();
    let stopped = solver.count(None);
    assert_eq!(stopped.end, End::Stopped);
    assert!(solver.stats().nodes < 4096, "{:?}", solver.stats());
    // One thread of a parallel count looks at its own progress.
    let progress = Arc::new(Progress::new());
    let one = Parallel::new()
        .with_threads(1)
        .with_progress(Arc::clone(&progress));
    solver.set_progress(None);
    assert_eq!(solver.count_parallel(&one, None), full);
    assert_eq!(progress.nodes(), nodes);
}
