//! The solver's entry points read alike (issue 41, item 5): the limit is
//! the last argument before a visitor in every search that takes one, every
//! visitor gets a `Solution` with its colors, the random draws say why they
//! ended, `NamedBuilder::option` takes item ids as well as names, and
//! options carry labels back with their solutions.

use std::ops::ControlFlow;
use std::sync::Mutex;

use dlx_engine::{
    Budget, Color, Dlx, DlxError, End, EntryRef, ItemId, Labeled, NamedBuilder, NamedProblem,
    OptionEntry, Parallel, Solution,
};

/// Knuth's example of color controls (DLX2), with its one solution's
/// option lines and colors; and the strip of four cells, five tilings.
const COLORED: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
const STRIP: &str = "a b c d\na\nb\nc\nd\na b\nb c\nc d\n";

#[test]
fn the_limit_is_the_last_argument_before_a_visitor() {
    let named = NamedProblem::parse(STRIP).unwrap();
    let mut solver = Dlx::new(named.problem());
    let parallel = Parallel::new().with_threads(2);
    let limit = Some(3);
    let count = solver.count(limit);
    assert_eq!((count.solutions, count.end), (3, End::LimitReached));
    let count = solver.count_parallel(&parallel, limit);
    assert_eq!((count.solutions, count.end), (3, End::LimitReached));
    let count = solver.for_each_solution_parallel(&parallel, limit, |_| ControlFlow::Continue(()));
    assert_eq!((count.solutions, count.end), (3, End::LimitReached));
    let whole = solver.split(0);
    let count = solver
        .count_subproblem(&whole.subproblems()[0], limit)
        .unwrap();
    assert_eq!((count.solutions, count.end), (3, End::LimitReached));
}

#[test]
fn every_visitor_gets_the_solutions_colors() {
    let named = NamedProblem::parse(COLORED).unwrap();
    let colors = |solution: Solution<'_>| -> Vec<String> {
        let text = |(item, color): (ItemId, Color)| {
            format!("{}:{}", named.item_name(item), named.color_name(color))
        };
        solution.colors().map(text).collect()
    };
    let mut solver = Dlx::new(named.problem());
    let mut seen = Vec::new();
    let count = solver.for_each_solution(|solution| {
        seen.push(colors(solution));
        ControlFlow::Continue(())
    });
    assert_eq!(count.solutions, 1);
    assert_eq!(seen, [["x:A"]]);
    // The same as the subproblem's visitor and the parallel one hand over.
    let whole = solver.split(0);
    let mut inside = Vec::new();
    solver
        .for_each_solution_in(&whole.subproblems()[0], |solution| {
            inside.push(colors(solution));
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(inside, seen);
    let threads = Mutex::new(Vec::new());
    solver.for_each_solution_parallel(&Parallel::new().with_threads(2), None, |solution| {
        threads.lock().unwrap().push(colors(solution));
        ControlFlow::Continue(())
    });
    assert_eq!(threads.into_inner().unwrap(), seen);
}

#[test]
fn random_draws_say_why_they_ended() {
    let named = NamedProblem::parse(STRIP).unwrap();
    let mut solver = Dlx::new(named.problem());
    let mut draws = solver.random_solutions(3);
    assert!(draws.next().is_some());
    assert_eq!(draws.end(), None);
    drop(draws);
    solver.set_budget(Budget::nodes(1));
    let mut draws = solver.random_solutions(3);
    assert_eq!(draws.next(), None);
    assert_eq!(draws.end(), Some(End::BudgetExhausted));
    // Fused: no more draws, and the same reason.
    assert_eq!(draws.next(), None);
    assert_eq!(draws.end(), Some(End::BudgetExhausted));
    let none = NamedProblem::parse("a b\na\n").unwrap();
    let mut solver = Dlx::new(none.problem());
    let mut draws = solver.random_solutions(3);
    assert_eq!(draws.next(), None);
    assert_eq!(draws.end(), Some(End::Exhausted));
}

#[test]
fn named_options_take_item_ids_as_well_as_names() {
    let parsed = NamedProblem::parse(COLORED).unwrap();
    let mut b = NamedBuilder::new();
    let [p, q, r] = ["p", "q", "r"].map(|name| b.primary(name).unwrap());
    let [x, y] = ["x", "y"].map(|name| b.secondary(name).unwrap());
    // Each of Knuth's options, written a different way.
    b.option([(p, None), (q, None), (x, None), (y, Some("A"))])
        .unwrap();
    b.option(["p", "r", "x:A", "y"]).unwrap();
    b.option([(p, None), (x, Some(String::from("B")))]).unwrap();
    b.option([q.entry(), EntryRef::Text("x:A")]).unwrap();
    b.option(vec![(r, None), (y, Some("B"))]).unwrap();
    assert_eq!(b.build().unwrap(), parsed);
    // An id from another, larger builder is refused, and changes nothing.
    let mut small = NamedBuilder::new();
    small.primary("a").unwrap();
    assert_eq!(
        small.option([y]),
        Err(DlxError::ItemOutOfRange {
            option: 0,
            item: 4,
            items: 1
        })
    );
    assert_eq!(
        small.option([(ItemId::new(0).unwrap(), Some(""))]),
        Err(DlxError::EmptyColor {
            option: 0,
            item: "a".into()
        })
    );
    small.option([ItemId::new(0).unwrap()]).unwrap();
    assert_eq!(small.build().unwrap().to_string(), "a\na\n");
}

/// A wrapper of a hand-written entry: the trait is open to the caller's types.
struct Cell(usize);

impl OptionEntry for Cell {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Item(ItemId::new(self.0).unwrap(), None)
    }
}

#[test]
fn option_entries_can_be_the_callers_own_types() {
    let mut b = NamedBuilder::new();
    b.primary("a").unwrap();
    b.primary("b").unwrap();
    b.option([Cell(0), Cell(1)]).unwrap();
    assert_eq!(b.build().unwrap().to_string(), "a b\na b\n");
}

#[test]
fn labels_come_back_with_every_solution() {
    // The eight queens, each option labeled by its square.
    let n = 8;
    let diagonals = 2 * n - 1;
    let mut b = Labeled::builder(2 * n, 2 * diagonals).unwrap();
    for row in 0..n {
        for col in 0..n {
            let items = [
                row,
                n + col,
                2 * n + row + col,
                2 * n + diagonals + row + n - 1 - col,
            ];
            let option = b.add_option((row, col), &items).unwrap();
            assert_eq!(option.index(), row * n + col);
        }
    }
    // A rejected option takes its label with it.
    assert!(b.add_option((9, 9), &[0, 0]).is_err());
    let queens = b.build();
    assert_eq!(queens.problem().option_count(), n * n);
    let mut solver = Dlx::new(queens.problem());
    let mut solutions = 0;
    let count = solver.for_each_solution(|solution| {
        let mut squares: Vec<(usize, usize)> = solution.labels(&queens).copied().collect();
        squares.sort();
        // One queen a row and a column, none sharing a diagonal.
        assert!(squares.iter().enumerate().all(|(row, &(r, _))| r == row));
        for (i, &(r1, c1)) in squares.iter().enumerate() {
            for &(r2, c2) in &squares[i + 1..] {
                assert_ne!(c1, c2);
                assert_ne!(r1.abs_diff(r2), c1.abs_diff(c2));
            }
        }
        assert_eq!(
            queens.labels(solution.options()).collect::<Vec<_>>(),
            solution.labels(&queens).collect::<Vec<_>>()
        );
        solutions += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((count.solutions, solutions), (92, 92));
    let first = solver.first_solution().solution().unwrap();
    assert_eq!(queens.labels(&first).len(), n);
    // Labels beside a problem read from text; one label per option or an error.
    let named = NamedProblem::parse(STRIP).unwrap();
    let tiles = ["a", "b", "c", "d", "ab", "bc", "cd"]
        .map(String::from)
        .to_vec();
    let labeled = Labeled::new(named.problem().clone(), tiles).unwrap();
    let mut tilings: Vec<String> = Vec::new();
    let mut solutions = solver_for(&labeled);
    let mut all = solutions.solutions();
    while let Some(solution) = all.next() {
        let mut tiles: Vec<&str> = solution.labels(&labeled).map(String::as_str).collect();
        tiles.sort();
        tilings.push(tiles.join(" "));
    }
    tilings.sort();
    assert_eq!(tilings, ["a b c d", "a b cd", "a bc d", "ab c d", "ab cd"]);
    let err = Labeled::new(named.problem().clone(), vec![(); 3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "3 labels for 7 options; give one label per option, option k's at index k"
    );
    let (problem, labels) = labeled.into_parts();
    assert_eq!((problem.option_count(), labels.len()), (7, 7));
}

fn solver_for<L>(labeled: &Labeled<L>) -> Dlx {
    Dlx::new(labeled.problem())
}
