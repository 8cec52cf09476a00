//! Strict minimality under a symmetry: the check clue by clue, and the
//! repair of a puzzle that fails it.
//!
//! A removal pass leaves a puzzle *orbit-minimal*: no whole orbit can be
//! blanked. Strict minimality asks more, that no single given can be: an
//! orbit of two or four cells can be essential as a whole while one of its
//! cells is implied by the others. Such a puzzle has no strictly minimal
//! symmetric subset on its own givens (every symmetric subset must drop
//! the whole orbit or keep the redundant cell), so more removals cannot fix
//! it. On rot90 nearly every pass ends so; measured on 9x9 with 100 fresh
//! grids per puzzle, 183 of 200 rot90 puzzles and 32 of 200 rot180 ones
//! still missed (docs/decisions/strict-minimal-repair.md).
//!
//! The repair swaps instead: it blanks the offending orbit, which lets a
//! second solution in, then gives a blank orbit that shuts it out again
//! (tried in a random order), blanks every other orbit that has become
//! removable, and checks clue by clue once more. Each step keeps the puzzle
//! unique and symmetric, so whatever the repair returns is both; it ends
//! at a strictly minimal puzzle, or after [`REPAIR_STEPS`] swaps, or when no
//! orbit restores uniqueness, and the generator then starts from a new grid.

use std::ops::ControlFlow;

use dlx_engine::SplitMix64;

use crate::make::forcing::Forcing;
use crate::model::error::Error;
use crate::model::puzzle::Puzzle;
use crate::solve::session::Planted;
use crate::solve::solver::Solver;

/// Swaps one repair may make before the attempt is given up. On 9x9,
/// rot90 (the hardest symmetry) succeeds within 64 in about one attempt in
/// 12; longer walks did not pay
/// (docs/decisions/strict-minimal-repair.md).
pub(crate) const REPAIR_STEPS: u32 = 64;

/// Orbits blanked by the last swaps that a swap may not give back.
const TABU: usize = 4;

/// Whether a generated puzzle is strictly minimal (no single given can be
/// blanked without a second solution), and how that is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Minimality {
    /// Every given was proved essential.
    Minimal,
    /// Some given can be blanked and the puzzle stays unique.
    NotMinimal,
    /// Checked, but a check ran out of its node budget before any given
    /// was found removable: it may be minimal or not.
    Undecided,
    /// Not checked: minimality was not asked for, and the removal pass
    /// (with symmetric orbits, or cut short) does not prove it.
    Unchecked,
}

impl Minimality {
    /// Whether it is proved minimal.
    #[must_use]
    pub fn is_minimal(self) -> bool {
        self == Minimality::Minimal
    }
}

/// What the clue-by-clue check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Essential {
    /// Every given is essential: strictly minimal.
    All,
    /// This given (a row-major cell) can be blanked alone and the puzzle
    /// stays unique.
    Removable(usize),
    /// A check ran out of its budget before any given was found removable.
    Undecided,
}

impl Essential {
    /// The minimality this finding proves.
    pub(crate) fn minimality(self) -> Minimality {
        match self {
            Essential::All => Minimality::Minimal,
            Essential::Removable(_) => Minimality::NotMinimal,
            Essential::Undecided => Minimality::Undecided,
        }
    }
}

/// A unique, symmetric puzzle being checked and repaired in place: its
/// givens, the complete grid they come from, and the generator's solver,
/// orbits and singles proof (loaded with the givens, and kept so).
pub(crate) struct Repair<'g> {
    pub(crate) solver: &'g mut Solver,
    pub(crate) orbits: &'g [Vec<usize>],
    pub(crate) forcing: &'g mut Forcing,
    /// The puzzle: cells of `solution`, a union of orbits, with `solution`
    /// as its only solution.
    pub(crate) work: &'g mut Puzzle,
    pub(crate) solution: &'g [u8],
}

impl Repair<'_> {
    /// Whether any given can be blanked alone. With `singles_settled`
    /// (after a complete, decided removal pass), givens that are orbits of
    /// their own were tried already and are known essential; the others
    /// are tried one by one.
    pub(crate) fn essential(
        &mut self,
        singles_settled: bool,
        rng: Option<&mut SplitMix64>,
    ) -> Result<Essential, Error> {
        let mut settled = Vec::new();
        let mut to_test = Vec::new();
        for orbit in self.orbits {
            for &i in orbit.iter().filter(|&&i| self.givens()[i] != 0) {
                if singles_settled && orbit.len() == 1 {
                    settled.push(i);
                } else {
                    to_test.push(i);
                }
            }
        }
        if let Some(rng) = rng {
            rng.shuffle(&mut to_test);
        }
        // A given that singles force back is removable: no search needed.
        if let Some(&i) = to_test
            .iter()
            .find(|&&i| self.forcing.singles_restore(&[i]))
        {
            return Ok(Essential::Removable(i));
        }
        let mut planted = self.solver.planted(self.solution);
        planted.push(&settled)?;
        all_essential(&mut planted, &to_test)
    }

    /// Repairs the puzzle until every given is essential, starting from
    /// what [`essential`](Self::essential) found, with swaps drawn from
    /// `rng`. On [`Minimality::NotMinimal`] the givens are unique and
    /// symmetric still, but not strictly minimal.
    pub(crate) fn run(
        &mut self,
        rng: &mut SplitMix64,
        mut found: Essential,
    ) -> Result<Minimality, Error> {
        let mut orbit_of = vec![0; self.givens().len()];
        for (k, orbit) in self.orbits.iter().enumerate() {
            for &i in orbit {
                orbit_of[i] = k;
            }
        }
        let mut candidates = Vec::with_capacity(self.orbits.len());
        let mut recent = Vec::with_capacity(TABU);
        for _step in 0..REPAIR_STEPS {
            let Essential::Removable(cell) = found else {
                return Ok(found.minimality());
            };
            let redundant = orbit_of[cell];
            if recent.len() == TABU {
                recent.remove(0);
            }
            recent.push(redundant);
            let Some(added) = self.restore(&recent, rng, &mut candidates)? else {
                return Ok(Minimality::NotMinimal);
            };
            self.sweep(added, rng, &mut candidates)?;
            found = self.essential(false, Some(rng))?;
        }
        Ok(found.minimality())
    }

    /// Blanks orbit `redundant` and gives blank orbits until the puzzle
    /// is unique again; returns the last one given, or `None` (the puzzle
    /// as it was) if there is no way but to give `redundant` back. A
    /// single cell found removable is removable as an orbit and needs
    /// nothing added.
    ///
    /// Each round finds a second solution; only an orbit with a cell where
    /// it differs from the planted one can shut it out. Such orbits are
    /// tried alone, in a random order (those blanked by the last [`TABU`]
    /// swaps last), and the first that makes the puzzle unique with each
    /// of its own cells essential ends the repair, else the first that
    /// makes it unique (on rot90 the preference halved the attempts a
    /// puzzle takes, 24 to 12); if none does, a random one is kept and the
    /// next round looks for a solution that survives it.
    fn restore(
        &mut self,
        recent: &[usize],
        rng: &mut SplitMix64,
        candidates: &mut Vec<usize>,
    ) -> Result<Option<usize>, Error> {
        let orbits = self.orbits;
        let redundant = recent[recent.len() - 1];
        self.blank(&orbits[redundant]);
        if orbits[redundant].len() == 1 {
            return Ok(Some(redundant));
        }
        let mut added: Vec<usize> = Vec::new();
        while let Some(other) = self.other_solution()? {
            candidates.clear();
            candidates.extend((0..orbits.len()).filter(|&k| {
                k != redundant
                    && self.givens()[orbits[k][0]] == 0
                    && orbits[k].iter().any(|&i| other[i] != self.solution[i])
            }));
            rng.shuffle(candidates);
            // Orbits blanked lately go last, so that swaps do not undo each other.
            candidates.sort_by_key(|k| recent.contains(k));
            // The first orbit that restores uniqueness and is essential
            // cell by cell, else the first that restores uniqueness.
            let mut fallback = None;
            for &k in candidates.iter() {
                self.give(&orbits[k]);
                // The puzzle with `redundant` given too is unique: it holds
                // the unique puzzle we started from.
                if self.unique_without(&orbits[redundant])? == Some(true) {
                    if self.each_essential(&orbits[k])? {
                        return Ok(Some(k));
                    }
                    fallback = fallback.or(Some(k));
                }
                self.blank(&orbits[k]);
            }
            if let Some(k) = fallback {
                self.give(&orbits[k]);
                return Ok(Some(k));
            }
            let Some(&kept) = candidates.first() else {
                break;
            };
            self.give(&orbits[kept]);
            added.push(kept);
        }
        for &k in &added {
            self.blank(&orbits[k]);
        }
        self.give(&orbits[redundant]);
        Ok(None)
    }

    /// A solution of the puzzle other than the planted one, or `None` if
    /// there is none or the budget ran out first.
    fn other_solution(&mut self) -> Result<Option<Vec<u8>>, Error> {
        let mut other = None;
        let solution = self.solution;
        self.solver.for_each_solution(self.work, |grid| {
            if grid.digits() == solution {
                ControlFlow::Continue(())
            } else {
                other = Some(grid.digits().to_vec());
                ControlFlow::Break(())
            }
        })?;
        Ok(other)
    }

    /// Blanks, in a random order, every given orbit but `added` that the
    /// puzzle stays unique without (`added` was given because the puzzle
    /// needs it).
    fn sweep(
        &mut self,
        added: usize,
        rng: &mut SplitMix64,
        candidates: &mut Vec<usize>,
    ) -> Result<(), Error> {
        let orbits = self.orbits;
        candidates.clear();
        candidates
            .extend((0..orbits.len()).filter(|&k| k != added && self.givens()[orbits[k][0]] != 0));
        rng.shuffle(candidates);
        for &k in candidates.iter() {
            let orbit = &orbits[k];
            if self.forcing.singles_restore(orbit) {
                self.blank(orbit);
                continue;
            }
            self.blank(orbit);
            if self.unique_without(orbit)? != Some(true) {
                self.give(orbit);
            }
        }
        Ok(())
    }

    /// Whether no cell of the given `orbit` can be blanked alone.
    fn each_essential(&mut self, orbit: &[usize]) -> Result<bool, Error> {
        for &i in orbit {
            let d = self.givens()[i];
            self.work.givens_mut().digits_mut()[i] = 0;
            let unique = self.unique_without(&[i])?;
            self.work.givens_mut().digits_mut()[i] = d;
            if unique != Some(false) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the givens are unique, given that they are with the cells
    /// `blanked` (blank now) given too; `None` over budget.
    fn unique_without(&mut self, blanked: &[usize]) -> Result<Option<bool>, Error> {
        let cells: Vec<usize> = (0..self.givens().len())
            .filter(|&i| self.givens()[i] != 0)
            .collect();
        let mut planted = self.solver.planted(self.solution);
        planted.push(&cells)?;
        Ok(planted.unique_without(blanked))
    }

    fn givens(&self) -> &[u8] {
        self.work.givens().digits()
    }

    fn blank(&mut self, orbit: &[usize]) {
        for &i in orbit {
            self.work.givens_mut().digits_mut()[i] = 0;
            self.forcing.blank(i);
        }
    }

    fn give(&mut self, orbit: &[usize]) {
        for &i in orbit {
            self.work.givens_mut().digits_mut()[i] = self.solution[i];
            self.forcing.fill(i, self.solution[i]);
        }
    }
}

/// Whether blanking any one of `cells` alone, with every other given on the
/// stack or in `cells`, gives a second solution: [`Essential::All`] if each
/// does, else the first cell found removable or undecided (over the budget)
/// says which. Divide and conquer: to test the cells of one half, the other
/// half is pushed once, so the whole costs O(m log m) pushes for m cells
/// instead of O(m²).
fn all_essential(planted: &mut Planted<'_>, cells: &[usize]) -> Result<Essential, Error> {
    match cells {
        [] => Ok(Essential::All),
        &[i] => Ok(match planted.unique_without(&[i]) {
            Some(false) => Essential::All,
            Some(true) => Essential::Removable(i),
            None => Essential::Undecided,
        }),
        _ => {
            let (left, right) = cells.split_at(cells.len() / 2);
            // The right half first, so that the cells are tried in order.
            for (half, other) in [(right, left), (left, right)] {
                planted.push(half)?;
                let essential = all_essential(planted, other)?;
                planted.pop(half);
                if essential != Essential::All {
                    return Ok(essential);
                }
            }
            Ok(Essential::All)
        }
    }
}
