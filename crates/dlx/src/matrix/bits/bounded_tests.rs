//! Algorithm M's count on bitsets against the links' (DLX3's tree): the
//! same solutions, nodes and profile on random problems with
//! multiplicities and secondary items, without colors.

use crate::outcome::Stats;
use crate::problem::{Kind, Problem};
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// A random problem with multiplicities: up to 8 primary items with
/// bounds `u..=v` (`u` up to 2, `v` up to 4 past it), up to 3 secondary
/// items, up to 30 options of one to four primary items and some
/// secondary ones.
fn random_bounded(rng: &mut SplitMix64) -> Problem {
    let primary = 1 + rng.below(8) as usize;
    let secondary = rng.below(4) as usize;
    let mut builder = Problem::builder(primary, secondary).unwrap();
    for item in 0..primary {
        let lower = rng.below(3);
        let upper = (lower + rng.below(5)).max(1);
        builder.set_bounds(item, lower, upper).unwrap();
    }
    for _ in 0..rng.below(31) {
        let mut order: Vec<usize> = (0..primary).collect();
        rng.shuffle(&mut order);
        order.truncate(1 + rng.below(u32::try_from(primary.min(4)).unwrap()) as usize);
        for s in primary..primary + secondary {
            if rng.below(4) == 0 {
                order.push(s);
            }
        }
        builder.add_option(&order).unwrap();
    }
    builder.build()
}

/// The count of `solver`'s problem on the bitsets and its statistics.
fn on_bits(solver: &mut Dlx) -> (u64, Stats) {
    let count = solver.count_on_bounded_bits();
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
        let problem = random_bounded(&mut rng);
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
    if !cfg!(miri) {
        assert!(tried > rounds / 2, "too few with multiplicities: {tried}");
        assert!(nonzero > tried / 4, "too few with solutions: {nonzero}");
        assert!(deep > tried / 10, "too few deep trees: {deep}");
    }
}
