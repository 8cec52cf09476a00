//! The dlx engine against a brute-force oracle.
//!
//! The input is a small problem (at most 7 primary and 3 secondary items, at
//! most 16 options) with colors on some secondary entries (XCC) and bounds
//! on some primary items (MCC), some of them invalid on purpose so the
//! builder must reject them; a few options to pre-select, a solution limit,
//! a budget and a seed. Every search the engine offers is run and checked
//! against an enumeration of option subsets that shares no code with the
//! engine, and so is the search of the pruned problem; see `check`.
//!
//! A failing input's `Debug` (what `cargo fuzz fmt engine_oracle <file>`
//! prints) is Rust code that rebuilds the problem, ready for a regression test.

#![no_main]

use std::fmt;
use std::ops::ControlFlow;

use arbitrary::{Arbitrary, Unstructured};
use dlx::{Budget, Color, Count, End, DlxError, First, OptionId, Problem, Dlx, Uniqueness};
use libfuzzer_sys::{Corpus, fuzz_target};

const MAX_PRIMARY: usize = 7;
const MAX_SECONDARY: usize = 3;
const MAX_OPTIONS: usize = 16;
const MAX_PRESELECT: usize = 3;
const MAX_COLORS: u32 = 3;

/// An option's entry as the case hands it to the builder: an item and
/// perhaps a color.
type Entry = (usize, Option<u32>);

/// One fuzz case: a problem as the builder is asked to build it, and how to search it.
struct EngineCase {
    primary: usize,
    secondary: usize,
    /// The calls of [`dlx::ProblemBuilder::set_bounds`], valid or not:
    /// item, lower and upper bound.
    bounds: Vec<(usize, u32, u32)>,
    /// The options handed to [`dlx::ProblemBuilder::add_colored_option`],
    /// valid or not.
    options: Vec<Vec<Entry>>,
    /// Indices of accepted options to pre-select (possibly out of range).
    preselect: Vec<usize>,
    limit: u64,
    budget: Budget,
    seed: u64,
}

impl<'a> Arbitrary<'a> for EngineCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let primary = u.int_in_range(1..=MAX_PRIMARY)?;
        let secondary = u.int_in_range(0..=MAX_SECONDARY)?;
        let items = primary + secondary;
        let mut bounds = Vec::new();
        if u.arbitrary()? {
            for _ in 0..u.int_in_range(1..=primary + 1)? {
                let item = if u.ratio(1, 8)? {
                    u.int_in_range(0..=items)?
                } else {
                    u.int_in_range(0..=primary - 1)?
                };
                let lower = u.int_in_range(0..=2)?;
                let upper = if u.ratio(1, 8)? {
                    u.int_in_range(0..=2)?
                } else {
                    lower + u.int_in_range(0..=2)?
                };
                bounds.push((item, lower, upper));
            }
        }
        let colored: bool = u.arbitrary()?;
        let option_count = u.int_in_range(0..=MAX_OPTIONS)?;
        let mut options = Vec::with_capacity(option_count);
        for _ in 0..option_count {
            let items_of: Vec<usize> = if u.ratio(1, 8)? {
                // Anything at all, so the builder's checks are fuzzed too.
                let len = u.int_in_range(0..=items + 1)?;
                (0..len)
                    .map(|_| u.int_in_range(0..=items))
                    .collect::<arbitrary::Result<_>>()?
            } else {
                valid_option(u, primary, items)?
            };
            let mut option = Vec::with_capacity(items_of.len());
            for item in items_of {
                // Colors on secondary entries, and now and then (wrongly)
                // on a primary one.
                let color = if colored && (item >= primary || u.ratio(1, 16)?) && u.arbitrary()? {
                    Some(u.int_in_range(0..=MAX_COLORS - 1)?)
                } else {
                    None
                };
                option.push((item, color));
            }
            options.push(option);
        }
        let preselect_count = u.int_in_range(0..=MAX_PRESELECT)?;
        let preselect = (0..preselect_count)
            .map(|_| u.int_in_range(0..=MAX_OPTIONS))
            .collect::<arbitrary::Result<_>>()?;
        let limit = u.int_in_range(0..=6)?;
        let max_nodes = if u.arbitrary()? {
            Some(u.int_in_range(0..=80)?)
        } else {
            None
        };
        let max_updates = if u.ratio(1, 3)? {
            Some(u.int_in_range(0..=300)?)
        } else {
            None
        };
        Ok(EngineCase {
            primary,
            secondary,
            bounds,
            options,
            preselect,
            limit,
            budget: Budget {
                max_nodes,
                max_updates,
            },
            seed: u.arbitrary()?,
        })
    }
}

/// Distinct items in fuzz-chosen order, at least one of them primary.
fn valid_option(
    u: &mut Unstructured<'_>,
    primary: usize,
    items: usize,
) -> arbitrary::Result<Vec<usize>> {
    let mut free: Vec<usize> = (0..items).collect();
    let len = u.int_in_range(1..=items.min(4))?;
    let mut option = Vec::with_capacity(len + 1);
    for _ in 0..len {
        let k = u.choose_index(free.len())?;
        option.push(free.swap_remove(k));
    }
    if option.iter().all(|&i| i >= primary) {
        let at = u.int_in_range(0..=option.len())?;
        option.insert(at, u.int_in_range(0..=primary - 1)?);
    }
    Ok(option)
}

/// Item names for Knuth's format: A, B, C, ...
fn item_name(item: usize) -> char {
    char::from(b'A' + u8::try_from(item).unwrap_or(25))
}

/// Prints Rust code that rebuilds the case, and the problem in Knuth's format.
impl fmt::Debug for EngineCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// engine_oracle case")?;
        writeln!(
            f,
            "let mut builder = dlx::Problem::builder({}, {}).unwrap();",
            self.primary, self.secondary
        )?;
        for (item, lower, upper) in &self.bounds {
            writeln!(
                f,
                "let _ = builder.set_bounds({item}, {lower}, {upper}); // invalid ones are rejected"
            )?;
        }
        writeln!(f, "for option in [")?;
        for option in &self.options {
            let entries: Vec<String> = option
                .iter()
                .map(|(i, c)| match c {
                    Some(c) => format!("({i}, dlx::Color::new({c}))"),
                    None => format!("({i}, None)"),
                })
                .collect();
            writeln!(f, "    &[{}][..],", entries.join(", "))?;
        }
        writeln!(f, "] {{")?;
        writeln!(
            f,
            "    let _ = builder.add_colored_option(option); // invalid ones are rejected"
        )?;
        writeln!(f, "}}")?;
        writeln!(f, "let problem = builder.build();")?;
        writeln!(
            f,
            "let preselect = {:?}; // indices of accepted options",
            self.preselect
        )?;
        writeln!(f, "let limit = {};", self.limit)?;
        writeln!(f, "let budget = dlx::{:?};", self.budget)?;
        writeln!(f, "let seed = {};", self.seed)?;
        writeln!(f, "// The accepted problem in Knuth's format:")?;
        let text = knuth_text(self, &accepted_bounds(self), &accepted_options(self));
        writeln!(f, "// {text:?}")
    }
}

fn knuth_text(case: &EngineCase, bounds: &[(u32, u32)], options: &[Vec<Entry>]) -> String {
    let mut text = String::new();
    for item in 0..case.primary + case.secondary {
        if item > 0 {
            text.push(' ');
        }
        if item == case.primary {
            text.push_str("| ");
        }
        if let Some(&(lower, upper)) = bounds.get(item).filter(|&&b| b != (1, 1)) {
            text.push_str(&format!("{lower}:{upper}|"));
        }
        text.push(item_name(item));
    }
    text.push('\n');
    for option in options {
        let names: Vec<String> = option
            .iter()
            .map(|&(i, c)| match c {
                Some(c) => format!("{}:{c}", item_name(i)),
                None => item_name(i).to_string(),
            })
            .collect();
        text.push_str(&names.join(" "));
        text.push('\n');
    }
    text
}

/// Why the builder must reject `option`, if it must: every applicable reason.
fn reasons_to_reject(option: &[Entry], primary: usize, items: usize) -> Vec<&'static str> {
    let mut reasons = Vec::new();
    if option.is_empty() {
        reasons.push("EmptyOption");
    }
    if option.iter().any(|&(i, _)| i >= items) {
        reasons.push("ItemOutOfRange");
    }
    if option
        .iter()
        .enumerate()
        .any(|(k, (i, _))| option[..k].iter().any(|(j, _)| j == i))
    {
        reasons.push("RepeatedItem");
    }
    if !option.is_empty() && option.iter().all(|&(i, _)| i >= primary) {
        reasons.push("NoPrimaryInOption");
    }
    if option.iter().any(|&(i, c)| i < primary && c.is_some()) {
        reasons.push("ColorOnPrimary");
    }
    reasons
}

fn error_name(error: &DlxError) -> &'static str {
    match error {
        DlxError::EmptyOption { .. } => "EmptyOption",
        DlxError::ItemOutOfRange { .. } => "ItemOutOfRange",
        DlxError::RepeatedItem { .. } => "RepeatedItem",
        DlxError::NoPrimaryInOption { .. } => "NoPrimaryInOption",
        DlxError::ColorOnPrimary { .. } => "ColorOnPrimary",
        DlxError::NoSuchItem { .. } => "NoSuchItem",
        DlxError::BoundsOnSecondary { .. } => "BoundsOnSecondary",
        DlxError::BadBounds { .. } => "BadBounds",
        _ => "another error",
    }
}

/// Why the builder must reject `set_bounds(item, lower, upper)`, if it must.
fn reason_to_reject_bounds(
    case: &EngineCase,
    item: usize,
    lower: u32,
    upper: u32,
) -> Option<&'static str> {
    if item >= case.primary + case.secondary {
        Some("NoSuchItem")
    } else if item >= case.primary {
        Some("BoundsOnSecondary")
    } else if upper == 0 || lower > upper {
        Some("BadBounds")
    } else {
        None
    }
}

/// Each primary item's bounds after the accepted `set_bounds` calls (the
/// last one for an item wins).
fn accepted_bounds(case: &EngineCase) -> Vec<(u32, u32)> {
    let mut bounds = vec![(1, 1); case.primary];
    for &(item, lower, upper) in &case.bounds {
        if reason_to_reject_bounds(case, item, lower, upper).is_none() {
            bounds[item] = (lower, upper);
        }
    }
    bounds
}

fn accepted_options(case: &EngineCase) -> Vec<Vec<Entry>> {
    let items = case.primary + case.secondary;
    case.options
        .iter()
        .filter(|o| reasons_to_reject(o, case.primary, items).is_empty())
        .cloned()
        .collect()
}

/// A solution as option indices, in the order the engine reported them.
type Solution = Vec<usize>;

/// How a set of options uses a secondary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    Unused,
    /// Once, without a color: nothing else may use it.
    Alone,
    /// By options that all give it this color.
    Colored(u32),
}

/// The problem as the oracle sees it: the rules of exact cover with colors
/// and bounds, applied to every subset of the options.
struct Oracle {
    primary: usize,
    secondary: usize,
    bounds: Vec<(u32, u32)>,
    options: Vec<Vec<Entry>>,
    /// Every solution, each sorted; sorted.
    solutions: Vec<Solution>,
}

impl Oracle {
    fn new(
        primary: usize,
        secondary: usize,
        bounds: &[(u32, u32)],
        options: &[Vec<Entry>],
    ) -> Self {
        let mut oracle = Oracle {
            primary,
            secondary,
            bounds: bounds.to_vec(),
            options: options.to_vec(),
            solutions: Vec::new(),
        };
        let mut count = vec![0u32; primary];
        let mut uses = vec![Use::Unused; secondary];
        let mut found = Vec::new();
        oracle.enumerate(0, &mut count, &mut uses, &mut Vec::new(), &mut found);
        found.sort();
        oracle.solutions = found;
        oracle
    }

    /// Every subset of the options from `next` on that, with `chosen`, keeps
    /// each primary item within its upper bound and each secondary item used
    /// alone or in one color, and ends with each primary item at its lower
    /// bound or above: include or skip each option.
    fn enumerate(
        &self,
        next: usize,
        count: &mut [u32],
        uses: &mut [Use],
        chosen: &mut Vec<usize>,
        found: &mut Vec<Solution>,
    ) {
        if next == self.options.len() {
            if count
                .iter()
                .zip(&self.bounds)
                .all(|(&c, &(lower, _))| c >= lower)
            {
                found.push(chosen.clone());
            }
            return;
        }
        let saved = uses.to_vec();
        if self.add(next, count, uses) {
            chosen.push(next);
            self.enumerate(next + 1, count, uses, chosen, found);
            chosen.pop();
        }
        self.remove(next, count);
        uses.copy_from_slice(&saved);
        self.enumerate(next + 1, count, uses, chosen, found);
    }

    /// Adds option `k` to `count` and `uses`; returns whether they still
    /// keep every upper bound and color rule.
    fn add(&self, k: usize, count: &mut [u32], uses: &mut [Use]) -> bool {
        let mut fits = true;
        for &(item, color) in &self.options[k] {
            if item < self.primary {
                count[item] += 1;
                fits &= count[item] <= self.bounds[item].1;
            } else {
                let slot = &mut uses[item - self.primary];
                *slot = match (*slot, color) {
                    (Use::Unused, None) => Use::Alone,
                    (Use::Unused, Some(c)) => Use::Colored(c),
                    (Use::Colored(a), Some(c)) if a == c => Use::Colored(a),
                    (other, _) => {
                        fits = false;
                        other
                    }
                };
            }
        }
        fits
    }

    /// Takes option `k` out of `count` again.
    fn remove(&self, k: usize, count: &mut [u32]) {
        for &(item, _) in &self.options[k] {
            if item < self.primary {
                count[item] -= 1;
            }
        }
    }

    /// The solutions that contain every option of `selected`.
    fn solutions_with(&self, selected: &[usize]) -> Vec<Solution> {
        self.solutions
            .iter()
            .filter(|s| selected.iter().all(|o| s.contains(o)))
            .cloned()
            .collect()
    }

    /// Whether the options `chosen` fit together: distinct, in range, and
    /// within every upper bound and color rule (lower bounds aside).
    fn compatible(&self, chosen: &[usize]) -> bool {
        let mut count = vec![0u32; self.primary];
        let mut uses = vec![Use::Unused; self.secondary];
        let distinct = chosen
            .iter()
            .enumerate()
            .all(|(k, o)| *o < self.options.len() && !chosen[..k].contains(o));
        distinct && chosen.iter().all(|&k| self.add(k, &mut count, &mut uses))
    }

    /// The colors the options `chosen` give their secondary items, by item.
    fn colors(&self, chosen: &[usize]) -> Vec<(usize, u32)> {
        let mut colors: Vec<(usize, u32)> = chosen
            .iter()
            .flat_map(|&k| self.options[k].iter())
            .filter_map(|&(i, c)| c.map(|c| (i, c)))
            .collect();
        colors.sort_unstable();
        colors.dedup();
        colors
    }

    /// Panics unless `solution` is a solution by the rules written here:
    /// distinct options in range, every bound and color rule kept.
    fn assert_solution(&self, solution: &[usize]) {
        assert!(
            self.compatible(solution),
            "solution {solution:?} breaks an upper bound or a color rule"
        );
        let mut count = vec![0u32; self.primary];
        for &k in solution {
            for &(item, _) in &self.options[k] {
                if item < self.primary {
                    count[item] += 1;
                }
            }
        }
        for (item, (&c, &(lower, _))) in count.iter().zip(&self.bounds).enumerate() {
            assert!(
                c >= lower,
                "solution {solution:?} covers item {item} {c} times"
            );
        }
    }
}

fn indices(options: &[OptionId]) -> Solution {
    options.iter().map(|o| o.index()).collect()
}

fn sorted_set(solutions: &[Solution]) -> Vec<Solution> {
    let mut set: Vec<Solution> = solutions
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    set.sort();
    set
}

/// Every solution in search order, through the visitor.
fn all_solutions(solver: &mut Dlx) -> (Vec<Solution>, Count) {
    let mut found = Vec::new();
    let count = solver.for_each_solution(|s| {
        found.push(indices(s));
        ControlFlow::Continue(())
    });
    (found, count)
}

fn assert_links_intact(solver: &Dlx, problem: &Problem, after: &str) {
    if let Err(e) = solver.check_invariants() {
        panic!("after {after}: broken invariant: {e}");
    }
    assert!(
        solver.links_match(problem),
        "after {after}: links not restored"
    );
}

fn assert_invariants(solver: &Dlx, after: &str) {
    if let Err(e) = solver.check_invariants() {
        panic!("after {after}: broken invariant: {e}");
    }
}

/// What `count(Some(limit))` must say when the search has `total` solutions.
fn expected_limited_count(limit: u64, total: usize) -> Count {
    let total = total as u64;
    if total >= limit {
        Count {
            solutions: limit,
            end: End::LimitReached,
        }
    } else {
        Count {
            solutions: total,
            end: End::Exhausted,
        }
    }
}

/// Runs every search on `solver` (in its current state: pre-selections, seed)
/// and checks each against `expected`, the oracle's solution set for that
/// state. Returns the search order, for the budget checks.
fn check_searches(
    solver: &mut Dlx,
    case: &EngineCase,
    oracle: &Oracle,
    expected: &[Solution],
    selected: &[usize],
    after_search: &dyn Fn(&Dlx, &str),
) -> Vec<Solution> {
    let (order, count) = all_solutions(solver);
    after_search(solver, "for_each_solution");
    assert_eq!(
        count,
        Count {
            solutions: expected.len() as u64,
            end: End::Exhausted
        },
        "for_each_solution's count"
    );
    for solution in &order {
        assert!(
            solution.starts_with(selected),
            "solution {solution:?} does not start with the pre-selected {selected:?}"
        );
    }
    assert_eq!(
        sorted_set(&order),
        expected,
        "the engine's solutions (left) differ from the oracle's (right)"
    );
    let stats = solver.stats();
    assert_eq!(stats.solutions, expected.len() as u64, "stats.solutions");
    assert_eq!(
        stats.profile.iter().sum::<u64>(),
        stats.nodes,
        "profile sums to nodes"
    );

    // The same search again gives the same order (seeded or not).
    let (again, _) = all_solutions(solver);
    assert_eq!(again, order, "a second identical search");

    assert_eq!(solver.count(None), count, "count(None)");
    after_search(solver, "count(None)");
    let limited = solver.count(Some(case.limit));
    after_search(solver, "count(Some(limit))");
    assert_eq!(
        limited,
        expected_limited_count(case.limit, expected.len()),
        "count(Some({}))",
        case.limit
    );

    let first = solver.first_solution();
    after_search(solver, "first_solution");
    match (&first, order.first()) {
        (First::Solution(s), Some(o)) => assert_eq!(&indices(s), o, "first_solution"),
        (First::NoSolution, None) => {}
        _ => panic!("first_solution is {first:?} but the search order starts {order:?}"),
    }

    let unique = solver.uniqueness();
    after_search(solver, "uniqueness");
    match (&unique, order.as_slice()) {
        (Uniqueness::NoSolution, []) => {}
        (Uniqueness::Multiple(a, b), [o, p, ..]) => {
            assert_eq!((&indices(a), &indices(b)), (o, p), "uniqueness")
        }
        (Uniqueness::Unique(s), [o]) => assert_eq!(&indices(s), o, "uniqueness"),
        _ => panic!("uniqueness is {unique:?} but the solutions are {order:?}"),
    }

    // The lending iterator, dropped after `limit` solutions; each solution
    // also reports the colors its options give the secondary items.
    let mut lent = Vec::new();
    {
        let mut solutions = solver.solutions();
        while (lent.len() as u64) < case.limit {
            let Some(s) = solutions.next() else { break };
            let found = indices(s.options());
            let colors: Vec<(usize, u32)> = s
                .colors()
                .map(|(i, c)| (i.index(), u32::try_from(c.index()).expect("a small color")))
                .collect();
            assert_eq!(colors, oracle.colors(&found), "colors of {found:?}");
            lent.push(found);
        }
        if (lent.len() as u64) < case.limit {
            assert_eq!(solutions.end(), Some(End::Exhausted), "solutions().end()");
        }
    }
    after_search(solver, "dropping solutions()");
    assert!(
        order.starts_with(&lent),
        "solutions() gave {lent:?}, not a prefix of {order:?}"
    );
    order
}

/// Under `case.budget`, the search stops with `BudgetExhausted` exactly when
/// the full search (`nodes`, `updates`) goes past it, and finds a prefix of
/// the full search order.
fn check_budget(
    solver: &mut Dlx,
    case: &EngineCase,
    order: &[Solution],
    after_search: &dyn Fn(&Dlx, &str),
) {
    let (full, _) = all_solutions(solver);
    assert_eq!(full, order, "an unlimited search before the budgeted one");
    let (nodes, updates) = (solver.stats().nodes, solver.stats().updates);
    let budget = case.budget;
    let should_stop = budget.max_nodes.is_some_and(|b| nodes > b)
        || budget.max_updates.is_some_and(|b| updates >= b);
    solver.set_budget(budget);
    let (found, count) = all_solutions(solver);
    after_search(solver, "a budgeted search");
    let stats = solver.stats().clone();
    solver.set_budget(Budget::UNLIMITED);
    assert_eq!(
        count.end == End::BudgetExhausted,
        should_stop,
        "budget {budget:?}, full search {nodes} nodes and {updates} updates, got {count:?}"
    );
    assert!(
        order.starts_with(&found),
        "budgeted search gave {found:?}, not a prefix of {order:?}"
    );
    assert_eq!(found.len() as u64, count.solutions);
    if let Some(b) = budget.max_nodes {
        assert!(stats.nodes <= b, "{} nodes under {budget:?}", stats.nodes);
    }
    if count.end == End::BudgetExhausted {
        assert!(
            budget.max_nodes.is_some_and(|b| stats.nodes >= b)
                || budget.max_updates.is_some_and(|b| stats.updates >= b),
            "stopped at {stats:?} under {budget:?}"
        );
    } else {
        assert_eq!(found, order, "a search the budget did not stop");
    }
}

fn check(case: &EngineCase) -> Corpus {
    let items = case.primary + case.secondary;
    let mut builder = Problem::builder(case.primary, case.secondary).expect("a small problem");
    for &(item, lower, upper) in &case.bounds {
        let reason = reason_to_reject_bounds(case, item, lower, upper);
        match builder.set_bounds(item, lower, upper) {
            Ok(()) => assert_eq!(reason, None, "set_bounds({item}, {lower}, {upper})"),
            Err(e) => assert_eq!(
                reason,
                Some(error_name(&e)),
                "set_bounds({item}, {lower}, {upper}) gave {e:?}"
            ),
        }
    }
    let bounds = accepted_bounds(case);
    let mut options = Vec::new();
    for option in &case.options {
        let reasons = reasons_to_reject(option, case.primary, items);
        let entries: Vec<(usize, Option<Color>)> = option
            .iter()
            .map(|&(i, c)| (i, c.and_then(|c| Color::new(c as usize))))
            .collect();
        match builder.add_colored_option(&entries) {
            Ok(id) => {
                assert!(
                    reasons.is_empty(),
                    "builder accepted {option:?} despite {reasons:?}"
                );
                assert_eq!(id.index(), options.len(), "id of option {option:?}");
                options.push(option.clone());
            }
            Err(e) => assert!(
                reasons.contains(&error_name(&e)),
                "builder rejected {option:?} with {e:?}; applicable: {reasons:?}"
            ),
        }
    }
    assert_eq!(builder.option_count(), options.len());
    let problem = builder.build();
    if options.is_empty() {
        return Corpus::Reject;
    }
    for (id, _) in problem.options() {
        let got: Vec<Entry> = problem
            .entries(id)
            .map(|(i, c)| (i.index(), c.map(|c| c.index() as u32)))
            .collect();
        assert_eq!(got, options[id.index()], "option {id} as stored");
    }
    for (item, &(lower, upper)) in bounds.iter().enumerate() {
        let b = problem.bounds(dlx::ItemId::new(item).unwrap()).unwrap();
        assert_eq!(
            (b.lower(), b.upper()),
            (lower, upper),
            "bounds of item {item}"
        );
    }

    let oracle = Oracle::new(case.primary, case.secondary, &bounds, &options);
    for solution in &oracle.solutions {
        oracle.assert_solution(solution);
        let ids: Vec<OptionId> = solution
            .iter()
            .map(|&o| problem.option_id(o).unwrap())
            .collect();
        assert!(
            problem.is_solution(&ids),
            "Problem::is_solution rejects {solution:?}"
        );
    }

    let intact = |solver: &Dlx, after: &str| assert_links_intact(solver, &problem, after);
    let mut fresh = Dlx::new(&problem);
    intact(&fresh, "Dlx::new");
    let order = check_searches(&mut fresh, case, &oracle, &oracle.solutions, &[], &intact);
    for solution in &order {
        oracle.assert_solution(solution);
    }
    check_budget(&mut fresh, case, &order, &intact);

    // Pruned: the same solutions once mapped back, and nothing left to prune.
    let pruned = problem.prune();
    assert_eq!(pruned.kept().len() + pruned.removed(), options.len());
    let mut pruned_solver = Dlx::new(pruned.problem());
    let (pruned_order, _) = all_solutions(&mut pruned_solver);
    let mapped: Vec<Solution> = pruned_order
        .iter()
        .map(|s| s.iter().map(|&o| pruned.kept()[o].index()).collect())
        .collect();
    assert_eq!(
        sorted_set(&mapped),
        oracle.solutions,
        "the pruned problem's solutions (left) differ from the oracle's (right)"
    );
    assert_eq!(pruned.problem().prune().removed(), 0, "pruning twice");

    // Seeded: the same solution set, perhaps in another order.
    let mut seeded = Dlx::new(&problem);
    seeded.set_seed(Some(case.seed));
    let seeded_order = check_searches(&mut seeded, case, &oracle, &oracle.solutions, &[], &intact);
    check_budget(&mut seeded, case, &seeded_order, &intact);

    // Pre-selection: a half-consumed search first, so `select` must unwind it.
    let mut solver = Dlx::new(&problem);
    solver.set_seed(Some(case.seed));
    {
        let mut solutions = solver.solutions();
        let _ = solutions.next();
    }
    let mut selected: Vec<usize> = Vec::new();
    for &index in &case.preselect {
        let id = OptionId::new(index).expect("a small index");
        let result = solver.select(id);
        let mut with_it = selected.clone();
        with_it.push(index);
        if index >= options.len() {
            assert!(
                matches!(result, Err(DlxError::UnknownOption { option, .. }) if option == index),
                "select({index}) of {} options gave {result:?}",
                options.len()
            );
        } else if oracle.compatible(&with_it) {
            assert_eq!(result, Ok(()), "select({index}) after {selected:?}");
            selected.push(index);
        } else {
            match result {
                Err(DlxError::SelectConflict {
                    option,
                    item,
                    covered_by,
                }) => {
                    assert_eq!(option, id);
                    let names = |o: usize| options[o].iter().any(|&(i, _)| i == item.index());
                    assert!(
                        names(index)
                            && names(covered_by.index())
                            && selected.contains(&covered_by.index()),
                        "conflict names item {item} and option {covered_by}"
                    );
                }
                Err(DlxError::AlreadySelected { option }) => {
                    assert_eq!(option, id);
                    assert!(selected.contains(&index), "{index} is not selected");
                }
                other => {
                    panic!("select({index}) after {selected:?} gave {other:?}, not a conflict")
                }
            }
        }
        assert_invariants(&solver, "select");
    }
    assert_eq!(indices(solver.selected()), selected, "Dlx::selected");
    let expected = oracle.solutions_with(&selected);
    let invariants = |solver: &Dlx, after: &str| assert_invariants(solver, after);
    check_searches(
        &mut solver,
        case,
        &oracle,
        &expected,
        &selected,
        &invariants,
    );
    solver.set_seed(None);
    check_searches(
        &mut solver,
        case,
        &oracle,
        &expected,
        &selected,
        &invariants,
    );

    // Reset: as good as new.
    solver.reset();
    intact(&solver, "reset");
    assert!(solver.selected().is_empty(), "reset keeps selections");
    assert_eq!(
        all_solutions(&mut solver).0,
        order,
        "after reset, a fresh solver's order"
    );
    intact(&solver, "the search after reset");
    Corpus::Keep
}

fuzz_target!(|case: EngineCase| -> Corpus { check(&case) });
