//! Explanations replayed: generated puzzles of every shape and variant,
//! explained with trials, each step re-derived on a board that knows only
//! the rules (a hidden single's house, a naked single's one candidate, a
//! subset's digits, ...), the replay ending at the solution.

use proptest::prelude::*;
use sudoku_dlx::{
    Elimination, Explainer, GenerateOptions, Generator, Grid, House, Puzzle, Rules, Shape, Step,
    StepKind, Technique, Unit, Variants, check_solution, windoku_windows,
};

use crate::explain::explained;

/// The rules of the property test, by index: classic and variant shapes.
fn rules(which: usize) -> Rules {
    let on = |x, windoku, anti_king, anti_knight| Variants {
        x,
        windoku,
        anti_king,
        anti_knight,
    };
    let (size, variants) = [
        (9, Variants::NONE),
        (9, on(true, false, false, false)),
        (9, on(false, true, false, false)),
        (9, on(false, false, true, false)),
        (9, on(false, false, false, true)),
        (6, on(true, false, false, false)),
        (6, Variants::NONE),
        (4, Variants::NONE),
        (8, Variants::NONE),
    ][which];
    Rules::new(Shape::from_size(size).unwrap()).with_variants(variants)
}

/// The cells of `house`, from the rules alone.
fn house_cells(rules: &Rules, house: House) -> Vec<usize> {
    let shape = rules.shape();
    let n = shape.size();
    let k = house.number - 1;
    match house.kind {
        Unit::Row => (0..n).map(|c| k * n + c).collect(),
        Unit::Column => (0..n).map(|r| r * n + k).collect(),
        Unit::Box | Unit::Region => (0..n * n).filter(|&i| rules.region_of(i) == k).collect(),
        Unit::Diagonal if k == 0 => (0..n).map(|r| r * n + r).collect(),
        Unit::Diagonal => (0..n).map(|r| r * n + n - 1 - r).collect(),
        Unit::Window => {
            let corner = windoku_windows(shape)[k];
            let (rows, cols) = (shape.box_rows(), shape.box_cols());
            (0..rows * cols)
                .map(|j| (corner.row + j / cols) * n + corner.col + j % cols)
                .collect()
        }
        other => panic!("{other} is not a house"),
    }
}

/// A board rebuilt from the steps alone: digits placed, candidates
/// removed, and what the rules allow (through `Puzzle::new`, which checks
/// the givens against the rules without the solver).
struct Replay {
    rules: Rules,
    digits: Vec<u8>,
    removed: Vec<Elimination>,
}

impl Replay {
    fn candidate(&self, cell: usize, digit: u8) -> bool {
        if self.digits[cell] != 0 || self.removed.contains(&Elimination { cell, digit }) {
            return false;
        }
        let mut digits = self.digits.clone();
        digits[cell] = digit;
        let grid = Grid::from_digits(self.rules.shape(), digits).unwrap();
        Puzzle::new(self.rules.clone(), grid)
            .and_then(|p| p.check_givens())
            .is_ok()
    }

    /// Whether the rules forbid one digit in both cells (a placement the
    /// givens check refuses), read from the rules alone.
    fn peers(&self, a: usize, b: usize) -> bool {
        let mut digits = vec![0u8; self.digits.len()];
        digits[a] = 1;
        digits[b] = 1;
        let grid = Grid::from_digits(self.rules.shape(), digits).unwrap();
        Puzzle::new(self.rules.clone(), grid)
            .and_then(|p| p.check_givens())
            .is_err()
    }

    fn candidates(&self, cell: usize) -> Vec<u8> {
        let n = u8::try_from(self.rules.shape().size()).unwrap();
        (1..=n).filter(|&d| self.candidate(cell, d)).collect()
    }

    /// A Y-cycle's chains, one per elimination, each the walk round the
    /// loop a person follows: `b<>d -> b=e -> c<>e -> ... -> a=d, so
    /// x<>d`, each cell's two links its two candidates, each `=` followed
    /// by the same digit's `<>` in a peer, the walk starting and ending on
    /// the eliminated digit in two cells that both see `x`.
    fn y_cycle_chains_hold(&self, step: &Step) -> Result<(), String> {
        let mut concluded = Vec::new();
        for chain in &step.chains {
            let [walk] = chain.paths.as_slice() else {
                return Err("a Y-cycle's chain is one walk".into());
            };
            if walk.len() != 2 * step.cells.len() {
                return Err(format!(
                    "a walk of {} links round {} cells",
                    walk.len(),
                    step.cells.len()
                ));
            }
            for pair in walk.chunks(2) {
                let (off, on) = (&pair[0], &pair[1]);
                let mut two = vec![off.digit, on.digit];
                two.sort_unstable();
                if off.on
                    || !on.on
                    || off.cells != on.cells
                    || off.cells.len() != 1
                    || self.candidates(off.cells[0]) != two
                {
                    return Err(format!(
                        "{off:?} -> {on:?} is no bivalue cell's strong link"
                    ));
                }
            }
            for pair in walk[1..].windows(2).step_by(2) {
                let (on, off) = (&pair[0], &pair[1]);
                if on.digit != off.digit || !self.peers(on.cells[0], off.cells[0]) {
                    return Err(format!("{on:?} -> {off:?} is no weak link"));
                }
            }
            let (first, last, end) = (&walk[0], &walk[walk.len() - 1], &chain.conclusion);
            if end.on
                || end.cells.len() != 1
                || first.digit != end.digit
                || last.digit != end.digit
                || !self.peers(end.cells[0], first.cells[0])
                || !self.peers(end.cells[0], last.cells[0])
            {
                return Err(format!("{first:?} ... {last:?} does not prove {end:?}"));
            }
            concluded.push(Elimination {
                cell: end.cells[0],
                digit: end.digit,
            });
        }
        concluded.sort_unstable_by_key(|e| (e.cell, e.digit));
        let mut eliminations = step.eliminations.clone();
        eliminations.sort_unstable_by_key(|e| (e.cell, e.digit));
        if concluded != eliminations {
            return Err(format!(
                "chains conclude {concluded:?}, the step removes {eliminations:?}"
            ));
        }
        Ok(())
    }

    /// Checks that `step`'s reason holds on the board, then applies it.
    fn apply(&mut self, step: &Step, solution: &[u8]) -> Result<(), String> {
        let houses: Vec<Vec<usize>> = step
            .houses
            .iter()
            .map(|&h| house_cells(&self.rules, h))
            .collect();
        // Cells of `house` other than the pattern's that can hold `digit`.
        let outside = |replay: &Replay, house: &[usize], digit: u8| -> Vec<usize> {
            house
                .iter()
                .copied()
                .filter(|i| !step.cells.contains(i) && replay.candidate(*i, digit))
                .collect()
        };
        match step.kind {
            StepKind::Trial => {
                let p = step.placements[0];
                if p.digit != solution[p.cell] {
                    return Err("a trial not from the solution".into());
                }
            }
            StepKind::Technique(Technique::HiddenSingle) => {
                for p in &step.placements {
                    let house = house_cells(&self.rules, p.house.ok_or("no house")?);
                    let others: Vec<usize> = house
                        .iter()
                        .copied()
                        .filter(|&i| i != p.cell && self.candidate(i, p.digit))
                        .collect();
                    if !house.contains(&p.cell) || !others.is_empty() {
                        return Err(format!("not a hidden single: {others:?}"));
                    }
                }
            }
            StepKind::Technique(Technique::NakedSingle) => {
                for p in &step.placements {
                    if self.candidates(p.cell) != [p.digit] {
                        return Err(format!("not a naked single: {:?}", self.candidates(p.cell)));
                    }
                }
            }
            StepKind::Technique(Technique::NakedPair | Technique::NakedTriple) => {
                let mut union: Vec<u8> = step
                    .cells
                    .iter()
                    .flat_map(|&i| self.candidates(i))
                    .collect();
                union.sort_unstable();
                union.dedup();
                if union != step.digits || step.cells.len() != step.digits.len() {
                    return Err(format!("not a naked subset: {union:?}"));
                }
            }
            StepKind::Technique(Technique::HiddenPair | Technique::HiddenTriple) => {
                for &d in &step.digits {
                    if !outside(self, &houses[0], d).is_empty() {
                        return Err(format!("{d} outside the hidden subset"));
                    }
                }
            }
            StepKind::Technique(Technique::LockedCandidates) => {
                for &d in &step.digits {
                    if !outside(self, &houses[0], d).is_empty() {
                        return Err(format!("{d} not locked"));
                    }
                }
            }
            StepKind::Technique(Technique::XWing) => {
                for base in &houses[..2] {
                    if !outside(self, base, step.digits[0]).is_empty() {
                        return Err("a base with the digit outside the fish".into());
                    }
                }
            }
            StepKind::Technique(Technique::WxyzWing | Technique::VwxyzWing) => {
                // The pattern is the almost locked set, then the bivalue
                // cell: the set's cells are pairwise peers with one digit
                // more than cells, the bivalue cell's two among them.
                let (&bivalue, set) = step.cells.split_last().ok_or("no cells")?;
                let mut union: Vec<u8> = set.iter().flat_map(|&i| self.candidates(i)).collect();
                union.sort_unstable();
                union.dedup();
                let pair = self.candidates(bivalue);
                if union != step.digits
                    || union.len() != set.len() + 1
                    || pair.len() != 2
                    || !pair.iter().all(|d| union.contains(d))
                {
                    return Err(format!(
                        "not an almost locked set and a bivalue cell: {union:?} {pair:?}"
                    ));
                }
                for (k, &a) in set.iter().enumerate() {
                    if set[k + 1..].iter().any(|&b| !self.peers(a, b)) {
                        return Err("the set's cells are not pairwise peers".into());
                    }
                }
            }
            StepKind::Technique(Technique::YCycle) => {
                // The pattern is the loop: bivalue cells, each a peer of
                // the next (the last of the first) sharing a digit with it.
                let cells = &step.cells;
                for (k, &a) in cells.iter().enumerate() {
                    let b = cells[(k + 1) % cells.len()];
                    let (ca, cb) = (self.candidates(a), self.candidates(b));
                    if cells.len() < 3
                        || ca.len() != 2
                        || !self.peers(a, b)
                        || !ca.iter().any(|d| cb.contains(d))
                    {
                        return Err(format!("not a loop of bivalue cells at {a}: {ca:?} {cb:?}"));
                    }
                }
                self.y_cycle_chains_hold(step)?;
            }
            // A technique added later: its eliminations are checked below.
            StepKind::Technique(_) | _ => {}
        }
        for e in &step.eliminations {
            if !self.candidate(e.cell, e.digit) {
                return Err(format!("{e:?} was not a candidate"));
            }
            let inside = step.cells.contains(&e.cell);
            let digit_in = step.digits.contains(&e.digit);
            let follows = match step.kind {
                // A hidden subset strips its own cells of other digits.
                StepKind::Technique(
                    Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad,
                ) => inside && !digit_in,
                // A type-1 rectangle strips its odd corner of the pair; a
                // BUG+1 strips its odd cell of all but one digit.
                StepKind::Technique(
                    Technique::UniqueRectangle | Technique::BivalueUniversalGrave,
                ) => inside && digit_in,
                // A chain's pattern is its premise (the assumed candidate, or
                // the cell or unit it branches on), not a confinement: its
                // eliminations are checked by the replay reaching the
                // solution.
                StepKind::Technique(
                    Technique::XChain
                    | Technique::ForcingChain
                    | Technique::Nishio
                    | Technique::MultipleForcingChain
                    | Technique::DynamicForcingChain,
                ) => true,
                // Every other pattern removes its digits from cells outside it.
                _ => !inside && digit_in,
            };
            if !step.cells.is_empty() && step.kind != StepKind::Trial && !follows {
                return Err(format!("{e:?} does not follow from the pattern"));
            }
            self.removed.push(*e);
        }
        for p in &step.placements {
            if !self.candidate(p.cell, p.digit) {
                return Err(format!("{p:?} was not a candidate"));
            }
            self.digits[p.cell] = p.digit;
        }
        Ok(())
    }
}

/// Generated puzzles of every shape and variant, explained with trials
/// and replayed on a board that knows only the rules: each step's reason
/// holds where it is made, and the replay ends at the solution.
fn replay_holds(which: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = rules(which);
    let mut generator = Generator::new(&rules, GenerateOptions::default());
    let generated = generator.generate(seed).unwrap();
    let puzzle = generated.puzzle;
    let mut explainer = Explainer::new(&rules);
    let path = explained(&mut explainer, &puzzle, None);
    prop_assert_eq!(&path.solution, &generated.solution);
    let mut replay = Replay {
        rules: rules.clone(),
        digits: puzzle.givens().digits().to_vec(),
        removed: Vec::new(),
    };
    for (k, step) in path.steps.iter().enumerate() {
        let checked = replay.apply(step, path.solution.digits());
        prop_assert!(
            checked.is_ok(),
            "{}\nstep {}: {}: {:?}",
            puzzle,
            k + 1,
            step.to_string(),
            checked
        );
    }
    let grid = Grid::from_digits(rules.shape(), replay.digits).unwrap();
    prop_assert!(check_solution(&puzzle, &grid).is_ok());
    Ok(())
}

/// A puzzle of the Sudoku Exchange set whose path takes a Y-cycle of four
/// cells (as Sukaku Explainer does): the step shows its loop as links, and
/// the replay checks every link against the board.
#[test]
#[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
fn a_y_cycle_shows_its_loop_as_links_that_hold() {
    let rules = Rules::new(Shape::CLASSIC);
    let line = "170020048000000000003000900800000003000903000309718406901806302000205000400000009";
    let puzzle = Puzzle::parse(line, &sudoku_dlx::ParseOptions::default()).unwrap();
    let mut explainer = Explainer::new(&rules);
    let path = explained(&mut explainer, &puzzle, None);
    let mut replay = Replay {
        rules: rules.clone(),
        digits: puzzle.givens().digits().to_vec(),
        removed: Vec::new(),
    };
    let mut cycles = 0;
    for (k, step) in path.steps.iter().enumerate() {
        if step.kind == StepKind::Technique(Technique::YCycle) {
            cycles += 1;
            assert!(!step.chains.is_empty(), "{}", step);
            assert!(step.to_string().contains(" -> "), "{}", step);
        }
        let checked = replay.apply(step, path.solution.digits());
        assert!(checked.is_ok(), "step {}: {}: {checked:?}", k + 1, step);
    }
    assert!(cycles > 0, "no Y-cycle on the path");
}

proptest! {
    // Chains make each case slow in debug builds: a few here, many in the
    // release run below (as many as before the chains).
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn replayed_steps_hold_and_reach_the_solution(which in 0..9usize, seed in any::<u64>()) {
        replay_holds(which, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    #[ignore = "48 cases with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn replayed_steps_hold_and_reach_the_solution_at_length(which in 0..9usize, seed in any::<u64>()) {
        replay_holds(which, seed)?;
    }
}
