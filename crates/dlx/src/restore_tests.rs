//! Every way into and out of a search of each kind (X, colors, bounds),
//! through the public [`Dlx`] API, on problems small enough to run under
//! Miri: the links are restored whatever the search and however it ends.

use std::ops::ControlFlow;

use crate::error::DlxError;
use crate::outcome::{Budget, Count, End, Uniqueness};
use crate::solver::Dlx;
use crate::{Kind, OptionId, Problem};

/// Tilings of a strip of `n` cells by monominoes and dominoes (Fibonacci).
fn strip(n: usize) -> Problem {
    let mut b = Problem::builder(n, 1).unwrap();
    for i in 0..n {
        b.add_option(&[i]).unwrap();
        if i + 1 < n {
            b.add_option(&[i, i + 1, n]).unwrap();
        }
    }
    b.build()
}

/// Every way in and out of a search, small enough to run under Miri.
#[test]
fn searches_of_every_kind_restore_the_matrix() {
    let p = strip(7);
    let mut solver = Dlx::new(&p);
    // At most one domino (the secondary item): 1 + 6 tilings.
    assert_eq!(
        solver.count(None),
        Count {
            solutions: 7,
            end: End::Exhausted
        }
    );
    assert!(solver.links_match(&p));
    solver.set_seed(Some(3));
    assert_eq!(solver.count(None).solutions, 7);
    solver.set_budget(Budget::nodes(3));
    assert_eq!(solver.count(None).end, End::BudgetExhausted);
    solver.set_budget(Budget::UNLIMITED);
    solver.select(OptionId::from_u32(1)).unwrap();
    // The domino on cells 0-1 leaves monominoes (the even options) for the rest.
    let Uniqueness::Unique(mut options) = solver.uniqueness() else {
        panic!("unique")
    };
    options.sort();
    let expected: Vec<OptionId> = [1, 4, 6, 8, 10, 12].map(OptionId::from_u32).to_vec();
    assert_eq!(options, expected);
    {
        let mut solutions = solver.solutions();
        assert!(solutions.next().is_some());
    }
    solver.check_invariants().unwrap();
    solver.reset();
    assert!(solver.links_match(&p));
}

/// The strip with colors and bounds: every cell may be covered once or
/// twice (bounds 1:2), and the dominoes share the secondary item when
/// they agree on its color (two colors, by the parity of the domino's
/// first cell).
fn colored_strip(n: usize) -> Problem {
    let mut b = Problem::builder(n, 1).unwrap();
    for i in 0..n {
        b.set_bounds(i, 1, 2).unwrap();
        b.add_option(&[i]).unwrap();
        if i + 1 < n {
            let color = crate::Color::new(i % 2);
            b.add_colored_option(&[(i, None), (i + 1, None), (n, color)])
                .unwrap();
        }
    }
    b.build()
}

/// The same ways in and out for colors and bounds (Algorithms C and M),
/// small enough to run under Miri; every solution checked independently.
#[test]
fn colored_and_bounded_searches_restore_the_matrix() {
    let p = colored_strip(4);
    assert_eq!(p.kind(), Kind::Multiplicities);
    for seed in [None, Some(9)] {
        let mut solver = Dlx::new(&p);
        solver.set_seed(seed);
        let mut seen = 0;
        solver.for_each_solution(|solution| {
            let options = solution.options();
            assert!(p.is_solution(options), "{options:?}");
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(solver.count(None).solutions, seen);
        assert!(solver.links_match(&p));
        solver.set_budget(Budget::nodes(4));
        assert_eq!(solver.count(None).end, End::BudgetExhausted);
        solver.set_budget(Budget::UNLIMITED);
        solver.select(OptionId::from_u32(1)).unwrap();
        assert_eq!(
            solver.select(OptionId::from_u32(1)),
            Err(DlxError::AlreadySelected {
                option: OptionId::from_u32(1)
            })
        );
        {
            let mut solutions = solver.solutions();
            let solution = solutions.next().expect("a solution");
            assert!(p.is_solution(solution.options()));
            let colors: Vec<_> = solution.colors().collect();
            assert_eq!(colors, p.solution_colors(solution.options()));
        }
        solver.check_invariants().unwrap();
        solver.reset();
        assert!(solver.links_match(&p));
    }
    // Colors alone (Algorithm C): each cell once, dominoes of one parity.
    let mut b = Problem::builder(4, 1).unwrap();
    for i in 0..4 {
        b.add_option(&[i]).unwrap();
        if i < 3 {
            let color = crate::Color::new(i % 2);
            b.add_colored_option(&[(i, None), (i + 1, None), (4, color)])
                .unwrap();
        }
    }
    let p = b.build();
    assert_eq!(p.kind(), Kind::Colors);
    let mut solver = Dlx::new(&p);
    // All monominoes; one domino anywhere (3); dominoes 0-1 and 2-3 (same color).
    assert_eq!(solver.count(None).solutions, 5);
    solver.set_seed(Some(4));
    assert_eq!(solver.count(None).solutions, 5);
    solver.select(OptionId::from_u32(1)).unwrap();
    assert_eq!(solver.count(None).solutions, 2);
    solver.reset();
    assert!(solver.links_match(&p));
}
