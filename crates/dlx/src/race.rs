//! [`Dlx::first_solution_race`]: a first solution from searches of one
//! tree racing from its two ends (docs/decisions/two-ends-race.md).
//!
//! The search's order decides how soon it meets a first solution, far more
//! than its speed a node: on the pentomino tilings the leftmost order needs
//! 7,823 nodes for p2x5x6 where the same tree walked from its right end
//! needs 71. Walking it from the right is the leftmost order on the problem
//! with its options listed bottom up: the same item at every node (the
//! choice looks at list lengths, which do not depend on the order), the
//! same children, taken last to first. So one thread searches the problem
//! as given, and another its mirror; the first to finish wins and stops the
//! other. Where the tree has no solution, the two meet: each tells where
//! it stands, and once the left has passed the right, every node has been
//! searched by one or the other.

use std::ops::ControlFlow;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};

use crate::index::{OptionId, to_u32};
use crate::kept_pools;
use crate::outcome::{Budget, End, First, Stats};
use crate::parallel::Parallel;
use crate::problem::Problem;
use crate::progress::Progress;
use crate::solver::Dlx;

/// Nodes the search runs alone on the calling thread before the other side
/// starts: a first solution within them (or the end of the tree) costs no
/// thread, and the other side costs a thread and a second solver. One in
/// the unit tests, so that their small problems race.
const LOOK: u64 = if cfg!(test) { 1 } else { 64 };

/// Nodes each side searches between looks at whether the race is over
/// (and, on the right, between two words of where it stands). Two in the
/// unit tests, so that the ends meet at many places of small trees.
const RACE_CHUNK: u64 = if cfg!(test) { 2 } else { 256 };

/// Where the right side's search stands, for the left to meet it: the
/// node it enters next, as each level's choice from the root down, its
/// index counted from the left (as the left counts its own) and the
/// number of choices; `None` until the right has said.
type Meeting = Mutex<Option<Vec<(u32, u32)>>>;

/// How a race ended, for the tests: a side's answer, or the ends meeting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The calling thread's search found a solution or ended, or a stop.
    Left,
    /// Another side's answer.
    Other,
    /// The two ends met with no solution found: the tree has none.
    Met,
}

impl Dlx {
    /// A solution found by searches racing from the two ends of the search
    /// tree: this solver's, in the leftmost order on the calling thread (the
    /// search of [`first_solution`](Self::first_solution)), and, on a thread
    /// of its own, one of `problem` with its options listed bottom up, which
    /// walks the same tree from its right end. On three threads or more, a
    /// third search shares the tree out on the rest, as
    /// [`first_solution_parallel`](Self::first_solution_parallel) does (from
    /// neither end, but it ends a tree without solutions sooner). The first
    /// to find a solution, or to finish the tree, wins; the others are told
    /// to stop. Which solution comes back can differ from run to run.
    ///
    /// Where the first solutions sit near one end of the tree this finds
    /// one many times sooner than one search alone (the pentomino tiling
    /// p2x5x6: 71 nodes from the right against 7,823 from the left); where
    /// the leftmost search finds one at once, it costs that search a look
    /// at a channel every few hundred nodes. With no solution, the two ends
    /// meet: the right says every few hundred nodes where it stands, and
    /// the race ends once the left has passed it, each having searched
    /// about half the tree. (Not under Algorithm M, whose levels end in a
    /// null move that both ends try last: its tree is searched whole by the
    /// faster of one side and the third.)
    ///
    /// The calling thread searches alone for a few dozen nodes first, and
    /// starts the others only if that does not end the search. They run on
    /// helper threads, parked between races, and are not waited for: each
    /// ends on its own, within a few hundred nodes of being told (or once
    /// its solver is built). On one thread, with
    /// [`Parallel::deterministic`], a seed or a budget, this is
    /// [`first_solution_parallel`](Self::first_solution_parallel). The
    /// pre-selections and the forced-first choice hold on every side.
    /// [`stats`](Self::stats) then add up the sides' searches (each in full
    /// if it ended, else as far as it had reported), with one solution if
    /// one is returned. They are not Knuth's tree: each side searching on
    /// bitsets ends every node where an item has no option left at once,
    /// not only those the links give up (the same solutions in the same
    /// order, in a few nodes fewer, without working out what the links do:
    /// a quarter of the search's instructions on p8x8). `parallel`'s
    /// progress gets the nodes of all, and a [`Progress::stop`] on it stops
    /// all, the answer then [`First::BudgetExhausted`].
    ///
    /// # Panics
    ///
    /// If `problem` is not the problem this solver was made from (its items
    /// and options differ in number).
    ///
    /// ```
    /// use dlx_engine::{Dlx, First, NamedProblem, Parallel};
    /// // Tilings of a 2x30 strip by dominoes.
    /// let columns: Vec<String> = (0..30).map(|c| format!("a{c} b{c}")).collect();
    /// let mut text = columns.join(" ") + "\n";
    /// for c in 0..30 {
    ///     text += &format!("a{c} b{c}\n");
    ///     if c < 29 {
    ///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
    ///     }
    /// }
    /// let named = NamedProblem::parse(&text)?;
    /// let mut solver = Dlx::new(named.problem());
    /// let parallel = Parallel::new().with_threads(2);
    /// let First::Solution(options) = solver.first_solution_race(named.problem(), &parallel) else {
    ///     panic!("a strip has tilings")
    /// };
    /// assert!(named.problem().is_solution(&options));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn first_solution_race(&mut self, problem: &Problem, parallel: &Parallel) -> First {
        self.first_solution_race_with(problem, parallel, || ControlFlow::Continue(()))
    }

    /// [`first_solution_race`](Self::first_solution_race), calling
    /// `between` on the calling thread between two slices of a few hundred
    /// nodes of its search: [`ControlFlow::Break`] ends the race as a
    /// [`Progress::stop`] does. For a caller that must look at something
    /// now and then without a thread of its own (a Python binding, at
    /// signals).
    ///
    /// # Panics
    ///
    /// As [`first_solution_race`](Self::first_solution_race).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_engine::{Dlx, First, NamedProblem, Parallel};
    /// // Langford pairs of 10: none, after 60,960 nodes.
    /// let mut text = (1..=10).map(|k| k.to_string()).collect::<Vec<_>>().join(" ");
    /// for p in 0..20 {
    ///     text += &format!(" s{p}");
    /// }
    /// text += "\n";
    /// for k in 1..=10 {
    ///     for p in 0..20 - k - 1 {
    ///         text += &format!("{k} s{p} s{}\n", p + k + 1);
    ///     }
    /// }
    /// let named = NamedProblem::parse(&text)?;
    /// let mut solver = Dlx::new(named.problem());
    /// let parallel = Parallel::new().with_threads(2);
    /// let mut looks = 0;
    /// let first = solver.first_solution_race_with(named.problem(), &parallel, || {
    ///     looks += 1;
    ///     if looks < 3 { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    /// });
    /// assert_eq!((first, looks), (First::BudgetExhausted, 3));
    /// assert_eq!(solver.first_solution_race(named.problem(), &parallel), First::NoSolution);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn first_solution_race_with(
        &mut self,
        problem: &Problem,
        parallel: &Parallel,
        between: impl FnMut() -> ControlFlow<()>,
    ) -> First {
        self.race(problem, parallel, between).0
    }

    /// [`first_solution_race_with`](Self::first_solution_race_with), and
    /// how the race ended.
    fn race(
        &mut self,
        problem: &Problem,
        parallel: &Parallel,
        mut between: impl FnMut() -> ControlFlow<()>,
    ) -> (First, Ending) {
        assert!(
            self.search.option_count() == problem.option_count()
                && self.search.item_count() == problem.item_count(),
            "the race needs the solver's own problem"
        );
        if parallel.threads < 2
            || parallel.deterministic
            || self.seed.is_some()
            || self.budget != Budget::UNLIMITED
        {
            return (self.first_solution_parallel(parallel), Ending::Left);
        }
        let user = parallel.progress.as_deref();
        if let Some(user) = user {
            user.start(1, 0.0);
        }
        // Knuth's statistics are not the race's: its sides end every dead
        // end at once (`Bits::cut_emptied`), until the race is over.
        self.cut_emptied = true;
        self.start();
        let mut ended = self.slice(LOOK);
        let mut others: Option<Others> = None;
        let mut passed = 0;
        let mut here = Vec::new();
        let (answer, ending) = 'race: loop {
            if let Some(first) = ended {
                break (first, Ending::Left);
            }
            let others = others.get_or_insert_with(|| self.start_others(problem, parallel));
            while let Ok((side, first, stats)) = others.ends.try_recv() {
                others.ended[side] = Some(stats);
                // A solution, or a whole tree without one, ends the race.
                if first != First::BudgetExhausted {
                    break 'race (first, Ending::Other);
                }
            }
            // The two ends met: each has searched its side of where the
            // other stands, so no node is left.
            if self.paused_places(&mut here) {
                let there = others
                    .meeting
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if there.as_deref().is_some_and(|there| met(&here, there)) {
                    break (First::NoSolution, Ending::Met);
                }
            }
            if between().is_break() {
                break (First::BudgetExhausted, Ending::Left);
            }
            if let Some(user) = user {
                let nodes = self.stats.nodes + others.stops.iter().map(|s| s.nodes()).sum::<u64>();
                user.add_nodes(nodes.saturating_sub(passed));
                passed = nodes;
                // The parts of the tree done from its two ends, or by the
                // threads sharing it out, whichever is more.
                let ends = self.done_so_far() + others.stops[RIGHT].fraction();
                let shared = others.stops.get(MIDDLE).map_or(0.0, |s| s.fraction());
                user.set_running(0, ends.max(shared));
                if user.is_stopped() {
                    break (First::BudgetExhausted, Ending::Left);
                }
            }
            ended = self.slice(RACE_CHUNK);
        };
        self.stop();
        self.cut_emptied = false;
        if let Some(others) = others {
            for (stop, ended) in others.stops.iter().zip(&others.ended) {
                // Told to stop if it has not ended; its nodes so far count.
                stop.stop();
                match ended {
                    Some(stats) => self.stats += stats,
                    None => self.stats.nodes += stop.nodes(),
                }
            }
        }
        self.stats.solutions = u64::from(matches!(answer, First::Solution(_)));
        if let (Some(user), First::Solution(_)) = (user, &answer) {
            user.add_solutions(1);
        }
        (answer, ending)
    }

    /// The next `nodes` nodes of the started leftmost search (a solution
    /// iterator's): `Some` once it has found a solution or ended, `None`
    /// if it paused. Both sides' loops are made of these.
    fn slice(&mut self, nodes: u64) -> Option<First> {
        let mut end = None;
        if let Some(solution) = self.next_of_iterator(&mut end, Some(nodes)) {
            return Some(First::Solution(solution.options().to_vec()));
        }
        end.map(|end| {
            if end == End::Exhausted {
                First::NoSolution
            } else {
                First::BudgetExhausted
            }
        })
    }

    /// The first solution in the leftmost order of this solver, the right
    /// side's (its problem the mirror), searched in slices of
    /// [`RACE_CHUNK`] nodes, between which it tells `meeting` where it
    /// stands (counted as the left counts), `stop` its nodes and part
    /// done, and ends once `stop` is stopped.
    fn first_in_slices(&mut self, stop: &Progress, meeting: &Meeting) -> First {
        stop.start(1, 0.0);
        self.cut_emptied = true;
        self.start();
        let mut told = 0;
        let mut here = Vec::new();
        let first = loop {
            if let Some(first) = self.slice(RACE_CHUNK) {
                break first;
            }
            if self.paused_places(&mut here) {
                mirror_places(&mut here);
                let mut there = meeting.lock().unwrap_or_else(PoisonError::into_inner);
                there.get_or_insert_with(Vec::new).clone_from(&here);
            }
            stop.add_nodes(self.stats.nodes - told);
            told = self.stats.nodes;
            stop.set_running(0, self.done_so_far());
            if stop.is_stopped() {
                break First::BudgetExhausted;
            }
        };
        self.stop();
        first
    }

    /// Starts the other sides on helper threads: the right, a solver of
    /// `problem`'s mirror searching in the leftmost order on one thread;
    /// and on three threads or more the middle, a solver of `problem`
    /// itself searching on the rest as
    /// [`first_solution_parallel`](Self::first_solution_parallel) does
    /// (sharing the tree out, which walks it from neither end, but ends an
    /// unsolvable one sooner). Both with this solver's selections and
    /// forced-first choice.
    fn start_others(&self, problem: &Problem, parallel: &Parallel) -> Others {
        let last = problem.option_count().saturating_sub(1);
        let mirror = move |o: OptionId| OptionId::from_u32(to_u32(last - o.index()));
        let forced = self.forced_first();
        let (sender, ends) = mpsc::channel();
        let mut stops = vec![Arc::new(Progress::new())];
        let right_stop = Arc::clone(&stops[RIGHT]);
        let selected: Vec<OptionId> = self.selected().iter().map(|&o| mirror(o)).collect();
        let reversed = problem.with_options_reversed();
        let right_sender = sender.clone();
        let meeting = Arc::new(Meeting::default());
        let right_meeting = Arc::clone(&meeting);
        on_helper(move || {
            let first = match side_solver(&reversed, forced, &selected, &right_stop) {
                Some(mut solver) => {
                    let first = match solver.first_in_slices(&right_stop, &right_meeting) {
                        First::Solution(options) => {
                            First::Solution(options.into_iter().map(mirror).collect())
                        }
                        other => other,
                    };
                    (first, solver.stats().clone())
                }
                None => (First::BudgetExhausted, Stats::default()),
            };
            // The left may have won and gone: nobody to tell.
            let _ = right_sender.send((RIGHT, first.0, first.1));
        });
        if parallel.threads >= 3 {
            let stop = Arc::new(Progress::new());
            stops.push(Arc::clone(&stop));
            let middle = parallel
                .clone()
                .with_threads(parallel.threads - 2)
                .with_chunk(parallel.chunk.min(RACE_CHUNK))
                .with_progress(Arc::clone(&stop));
            let selected = self.selected().to_vec();
            let problem = problem.clone();
            on_helper(move || {
                let (first, stats) = match side_solver(&problem, forced, &selected, &stop) {
                    Some(mut solver) => {
                        let first = solver.first_solution_parallel(&middle);
                        (first, solver.stats().clone())
                    }
                    None => (First::BudgetExhausted, Stats::default()),
                };
                let _ = sender.send((MIDDLE, first, stats));
            });
        }
        let ended = vec![None; stops.len()];
        Others {
            stops,
            ends,
            ended,
            meeting,
        }
    }
}

/// Turns the places of a node in the mirror's tree (each level's index
/// among its node's choices, tried last to first) into those of the same
/// node counted from the left.
fn mirror_places(places: &mut [(u32, u32)]) {
    for (index, choices) in places {
        *index = *choices - 1 - *index;
    }
}

/// Whether the left side, about to enter the node at `left`, and the
/// right, about to enter the node at `right` (both counted from the left,
/// [`Dlx::paused_places`]), have between them searched the whole tree: the
/// left has searched every node before its own, the right every node after
/// its own, so nothing is left once the left's node lies wholly after the
/// right's, that is, its choice is the later at the first level where they
/// differ. (Nodes on one path, an ancestor and its descendant, are not
/// apart: the rest of the ancestor's subtree may be searched by neither.)
/// The two trees are one: at the nodes both paths pass through, the same
/// item (the choice looks only at list lengths) with the same options.
fn met(left: &[(u32, u32)], right: &[(u32, u32)]) -> bool {
    for (&(l, choices), &(r, theirs)) in left.iter().zip(right) {
        debug_assert_eq!(choices, theirs, "the two ends walk one tree");
        if l != r {
            return l > r;
        }
    }
    false
}

/// The right side's index among the other sides.
const RIGHT: usize = 0;
/// The middle side's, on three threads or more.
const MIDDLE: usize = 1;

/// The sides other than the calling thread's, once started.
struct Others {
    /// Each side's stop (and progress), by index.
    stops: Vec<Arc<Progress>>,
    /// Where each side's end comes: its index, answer (options those of
    /// this solver's problem) and statistics.
    ends: mpsc::Receiver<(usize, First, Stats)>,
    /// The statistics of the sides that have ended.
    ended: Vec<Option<Stats>>,
    /// Where the right side stands.
    meeting: Arc<Meeting>,
}

/// A side's solver of `problem`, with `forced` and `selected`; `None` if
/// the race was over before the side started (`stop`), or the selections
/// fail (they cannot: the calling thread's solver took them).
fn side_solver(
    problem: &Problem,
    forced: bool,
    selected: &[OptionId],
    stop: &Progress,
) -> Option<Dlx> {
    if stop.is_stopped() {
        return None;
    }
    let mut solver = Dlx::new(problem);
    solver.set_forced_first(forced);
    (selected.is_empty() || solver.select_all(selected).is_ok()).then_some(solver)
}

/// Runs `job` on a helper thread: the kept pool of one thread
/// (`kept_pools.rs`), or, while another search has it, a thread of its own.
/// A thread started for each race waited about 0.6 ms to be scheduled while
/// the caller searched (two cores, Linux: the new thread queued on its
/// parent's busy core), where a kept thread wakes on the idle core within
/// microseconds (docs/decisions/two-ends-race.md). If no thread can be had
/// at all, the job is dropped: the calling thread then searches alone, to
/// the same answer.
fn on_helper(job: impl FnOnce() + Send + 'static) {
    // A panic ends that side, not the pool's thread (nor, through rayon's
    // default handler, the process); the calling thread searches on.
    let job = move || {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    };
    match kept_pools::claim(1) {
        Some(claim) => claim.pool().spawn(move || {
            job();
            drop(claim);
        }),
        None => {
            let _ = std::thread::Builder::new()
                .name("dlx-race".into())
                .spawn(job);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::test_problems::{dropped_langford, langford_options};
    use crate::random::random_option;
    use crate::split::tests::strip;
    use crate::{Color, NamedProblem, SplitMix64};

    fn two() -> Parallel {
        Parallel::new().with_threads(2)
    }

    fn build(items: usize, options: &[Vec<usize>]) -> Problem {
        let mut b = Problem::builder(items, 0).unwrap();
        for option in options {
            b.add_option(option).unwrap();
        }
        b.build()
    }

    fn langford(n: usize) -> Problem {
        build(3 * n, &langford_options(n, 0))
    }

    /// A problem whose leftmost search meets its one solution only after
    /// the whole unsolvable Langford tree of `n` (10: 60,960 nodes), and
    /// whose mirror meets it at once: items `z` and `t`, then Langford's;
    /// options `z t`, Langford's, and one of every item. `z` and `t` have
    /// two options each, fewer than any Langford item, so the root
    /// branches on `z`.
    fn far_left(n: usize) -> Problem {
        let mut options = vec![vec![0, 1]];
        options.extend(langford_options(n, 2));
        options.push((0..2 + 3 * n).collect());
        build(2 + 3 * n, &options)
    }

    #[test]
    fn the_mirror_maps_options_back() {
        let named = NamedProblem::parse("a b | c\na b c:x\nc:y a\na\nb c:x\n").unwrap();
        let reversed = named.problem().with_options_reversed();
        assert_eq!(reversed.option_count(), 4);
        assert_eq!(reversed.kind(), named.problem().kind());
        for (k, _) in reversed.options() {
            let back = OptionId::from_u32(to_u32(3 - k.index()));
            assert!(reversed.entries(k).eq(named.problem().entries(back)));
        }
        let bounded = strip(6, true, true);
        let reversed = bounded.with_options_reversed();
        assert_eq!(reversed.with_options_reversed(), bounded);
        let item = crate::ItemId::new(0).unwrap();
        assert_eq!(reversed.bounds(item), bounded.bounds(item));
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads and long searches; race.rs has no unsafe code")]
    fn the_right_end_wins_where_the_left_is_far() {
        let problem = far_left(10);
        let mut alone = Dlx::new(&problem);
        let First::Solution(expected) = alone.first_solution() else {
            panic!("one solution")
        };
        let left_nodes = alone.stats().nodes;
        assert!(left_nodes > 60_000, "{left_nodes}");
        let mut solver = Dlx::new(&problem);
        for round in 0..4 {
            // Two threads, then three (the third shares the tree out).
            let parallel = Parallel::new().with_threads(2 + round % 2);
            let first = solver.first_solution_race(&problem, &parallel);
            assert_eq!(first, First::Solution(expected.clone()), "round {round}");
            assert!(problem.is_solution(&expected));
            // The left gave up before its 60,962 nodes.
            assert!(
                solver.stats().nodes < left_nodes,
                "{}",
                solver.stats().nodes
            );
            assert_eq!(solver.stats().solutions, 1);
        }
        // Left reusable: the leftmost search as before.
        assert_eq!(solver.first_solution(), First::Solution(expected));
        assert_eq!(solver.stats().nodes, left_nodes);
        assert!(solver.links_match(&problem));
    }

    /// Both ends of one tree searched in turns on this thread, one to three
    /// nodes at a time, with the race's test for meeting after each turn:
    /// on random problems (X on bitsets, some sides cutting every emptied
    /// node; X and C on the links; some with options pre-selected or
    /// forced-first), the ends meet only in trees
    /// without a solution, and do meet before either end alone finishes
    /// the tree in most of those that take a few turns.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "long searches; no unsafe code in race.rs or the places' code"
    )]
    fn the_ends_meet_only_where_no_solution_is_left() {
        let mut rng = SplitMix64::new(11);
        let rounds = 3000;
        let (mut met_early, mut long_unsolvable, mut on_bits) = (0, 0, 0);
        for round in 0..rounds {
            let bits = round % 3 == 0;
            let problem = dropped_langford(&mut rng, !bits);
            let mirror = problem.with_options_reversed();
            let (mut left, mut right) = (Dlx::new(&problem), Dlx::new(&mirror));
            if bits {
                // On bitsets, either side may cut every emptied node, as
                // the race's sides do: the trees still meet.
                left.hand_over_on_bits = Some(true);
                right.hand_over_on_bits = Some(true);
                left.cut_emptied = rng.below(2) == 0;
                right.cut_emptied = rng.below(2) == 0;
            } else if rng.below(4) == 0 {
                left.set_forced_first(true);
                right.set_forced_first(true);
            }
            if rng.below(4) == 0 {
                let chosen = OptionId::from_u32(rng.below(to_u32(problem.option_count())));
                let last = problem.option_count() - 1;
                if left.select(chosen).is_ok() {
                    right
                        .select(OptionId::from_u32(to_u32(last - chosen.index())))
                        .unwrap();
                }
            }
            let mut alone = left.clone();
            let expected = alone.first_solution();
            let tree = alone.stats().nodes;
            left.start();
            right.start();
            on_bits += usize::from(left.hands_over_on_bits());
            let (mut here, mut there) = (Vec::new(), Vec::new());
            let (mut turns, mut met_here) = (0, false);
            let found = loop {
                if let Some(first) = left.slice(1 + u64::from(rng.below(3))) {
                    break first;
                }
                if let Some(first) = right.slice(1 + u64::from(rng.below(3))) {
                    break first;
                }
                turns += 1;
                assert!(left.paused_places(&mut here) && right.paused_places(&mut there));
                mirror_places(&mut there);
                if met(&here, &there) {
                    met_here = true;
                    break First::NoSolution;
                }
            };
            let case = format!("round {round}: {problem:?}");
            match (&found, &expected) {
                (First::Solution(options), First::Solution(_)) => {
                    // The right's options are the mirror's: either way a
                    // solution of its own problem.
                    assert!(
                        problem.is_solution(options) || mirror.is_solution(options),
                        "{case}"
                    );
                }
                (First::NoSolution, First::NoSolution) => {}
                _ => panic!("{case}: {found:?} against {expected:?}"),
            }
            if expected == First::NoSolution && tree > 12 {
                long_unsolvable += 1;
                met_early += usize::from(met_here);
            }
            assert!(!met_here || turns > 0);
            left.stop();
            right.stop();
            assert_eq!(left.check_invariants(), Ok(()), "{case}");
            if left.selected().is_empty() {
                assert!(
                    left.links_match(&problem) && right.links_match(&mirror),
                    "{case}"
                );
            }
        }
        assert!(on_bits > rounds / 4, "{on_bits}");
        assert!(
            met_early * 4 > long_unsolvable * 3,
            "{met_early} of {long_unsolvable}"
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads and long searches; race.rs has no unsafe code")]
    fn the_race_finds_a_solution_where_there_is_one() {
        let mut rng = SplitMix64::new(5);
        for round in 0..300 {
            let items = 1 + rng.below(12);
            let secondary = rng.below(items.min(3));
            let primary = items - secondary;
            let mut b = Problem::builder(primary as usize, secondary as usize).unwrap();
            for _ in 0..1 + rng.below(4 * items) {
                let option = random_option(&mut rng, primary, items);
                let colored: Vec<(usize, Option<Color>)> = option
                    .iter()
                    .map(|&x| {
                        (
                            x,
                            (x >= primary as usize && rng.below(2) == 0)
                                .then(|| Color::new(rng.below(2) as usize))
                                .flatten(),
                        )
                    })
                    .collect();
                b.add_colored_option(&colored).unwrap();
            }
            // Every other round, Langford's pairs with options dropped
            // (trees of hundreds of nodes, which the ends meet in).
            let problem = if round % 2 == 0 {
                b.build()
            } else {
                dropped_langford(&mut rng, round % 4 == 1)
            };
            let alone = Dlx::new(&problem).first_solution();
            for threads in [2, 3] {
                let parallel = Parallel::new().with_threads(threads);
                let mut solver = Dlx::new(&problem);
                match (solver.first_solution_race(&problem, &parallel), &alone) {
                    (First::Solution(found), First::Solution(_)) => {
                        assert!(problem.is_solution(&found), "round {round}");
                        assert_eq!(solver.stats().solutions, 1);
                    }
                    (First::NoSolution, First::NoSolution) => {
                        assert_eq!(solver.stats().solutions, 0);
                    }
                    (raced, alone) => panic!("round {round}: {raced:?} against {alone:?}"),
                }
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads and long searches; race.rs has no unsafe code")]
    fn the_ends_meet_in_a_tree_without_solutions() {
        // Langford's pairs of 10: none, in 60,960 nodes. Each race ends
        // with no solution; the ends meet (rather than one side finishing
        // the tree alone) in one of ten races at least, however the two
        // threads are scheduled.
        let problem = langford(10);
        let mut solver = Dlx::new(&problem);
        let mut endings = Vec::new();
        for _ in 0..10 {
            let (first, ending) = solver.race(&problem, &two(), || ControlFlow::Continue(()));
            assert_eq!(first, First::NoSolution);
            endings.push(ending);
            if ending == Ending::Met {
                // Each side about half the tree, not the whole.
                assert!(
                    solver.stats().nodes < 2 * 60_960,
                    "{}",
                    solver.stats().nodes
                );
                break;
            }
        }
        assert!(endings.contains(&Ending::Met), "{endings:?}");
        assert_eq!(solver.check_invariants(), Ok(()));
        assert!(solver.links_match(&problem));
        // After a race on bitsets, the solver's searches walk Knuth's tree
        // again, not the race's cut one (`cut_emptied`).
        let on_bits = |problem: &Problem| {
            let mut solver = Dlx::new(problem);
            solver.hand_over_on_bits = Some(true);
            solver
        };
        let problem = far_left(10);
        let mut solver = on_bits(&problem);
        assert!(
            solver
                .first_solution_race(&problem, &two())
                .solution()
                .is_some()
        );
        let mut fresh = on_bits(&problem);
        assert_eq!(solver.first_solution(), fresh.first_solution());
        assert_eq!(solver.stats(), fresh.stats());
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads and long searches; race.rs has no unsafe code")]
    fn the_race_ends_an_unsolvable_tree_and_keeps_selections() {
        let problem = langford(10);
        let mut solver = Dlx::new(&problem);
        assert_eq!(
            solver.first_solution_race(&problem, &two()),
            First::NoSolution
        );
        assert_eq!(
            solver.first_solution_race(&problem, &Parallel::new().with_threads(3)),
            First::NoSolution
        );
        // Pre-selected options hold on both sides, first in the answer.
        let problem = langford(11);
        let mut solver = Dlx::new(&problem);
        let chosen = OptionId::new(3).unwrap();
        solver.select(chosen).unwrap();
        solver.set_forced_first(true);
        let First::Solution(found) = solver.first_solution_race(&problem, &two()) else {
            panic!("Langford 11 has solutions with any first option")
        };
        assert_eq!(found[0], chosen);
        assert!(problem.is_solution(&found));
        assert_eq!(solver.selected(), &[chosen]);
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads and long searches; race.rs has no unsafe code")]
    fn a_stop_ends_both_sides_and_the_rest_is_the_parallel_first() {
        let problem = far_left(10);
        let progress = Arc::new(Progress::new());
        progress.stop();
        let mut solver = Dlx::new(&problem);
        let stopped = two().with_progress(Arc::clone(&progress));
        assert_eq!(
            solver.first_solution_race(&problem, &stopped),
            First::BudgetExhausted
        );
        assert!(solver.stats().nodes < 60_000);
        // A progress watched while it runs gets the nodes of both sides.
        let watched = Arc::new(Progress::new());
        let first =
            solver.first_solution_race(&problem, &two().with_progress(Arc::clone(&watched)));
        assert!(first.solution().is_some());
        assert_eq!(watched.solutions(), 1);
        assert!(watched.nodes() <= solver.stats().nodes);
        // One thread, deterministic, a seed or a budget: no race, but the
        // parallel first solution.
        let mut alone = Dlx::new(&problem);
        for parallel in [Parallel::new().with_threads(1), two().deterministic(true)] {
            let expected = alone.first_solution_parallel(&parallel);
            assert_eq!(solver.first_solution_race(&problem, &parallel), expected);
            assert_eq!(solver.stats().nodes, alone.stats().nodes);
        }
        assert_eq!(alone.stats().nodes, 60_962);
        for (budget, seed) in [(Budget::nodes(100), None), (Budget::UNLIMITED, Some(3))] {
            for solver in [&mut solver, &mut alone] {
                solver.set_budget(budget);
                solver.set_seed(seed);
            }
            let expected = alone.first_solution_parallel(&two());
            assert_eq!(solver.first_solution_race(&problem, &two()), expected);
        }
    }

    #[test]
    #[should_panic(expected = "the race needs the solver's own problem")]
    fn the_race_wants_the_solvers_problem() {
        let problem = strip(5, false, false);
        let other = strip(6, false, false);
        let _ = Dlx::new(&problem).first_solution_race(&other, &two());
    }
}
