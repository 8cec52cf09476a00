//! WXYZ- and VWXYZ-wings (Sukaku Explainer 5.5-5.6 and 6.2-6.4): an
//! *almost locked set* of k cells, pairwise peers, whose candidates are
//! k + 1 digits, and a bivalue cell {x, z} outside it whose two digits are
//! among them. When every cell of the set that holds x sees the bivalue
//! cell (x is *restricted*), z is in the set or in the bivalue cell: if
//! the bivalue cell is x, the set has no x, so its k cells hold the k other
//! digits, z among them. So z leaves every cell that sees the bivalue cell
//! and every cell of the set holding z. When z is restricted too (a
//! *doubly linked* wing), the set holds every digit but the bivalue cell's,
//! so each of those leaves every cell that sees all its places in the set,
//! and x and z each leave every cell that sees all their places in the set
//! and the bivalue cell. An XY-wing is the case k = 2, an XYZ-wing its
//! case with a trivalue pivot; these are k = 3 (WXYZ) and k = 4 (VWXYZ),
//! Sukaku Explainer's ALS-XZ with a bivalue cell, which rated our anchor
//! set (docs/rating.md).
//!
//! Rated as Sukaku Explainer rates them: 5.5 (WXYZ) or 6.2 (VWXYZ), plus
//! 0.1 for each step the largest cell of the set (by candidates) is
//! nearer to three candidates than the extremes (two, or k + 1):
//! WXYZ 5.5-5.6, VWXYZ 6.2-6.4. Among the wings that remove a candidate
//! the easiest is applied, the one with more eliminations first among
//! equals.
//!
//! "Sees" is the geometry's peer relation, and pairwise peers cannot
//! repeat a digit, which is all an almost locked set needs; so the wings
//! hold on every shape and variant.

use std::sync::Arc;

use smallvec::SmallVec;

use crate::rate::techniques::LogicSolver;

/// The base difficulty of a wing whose set has `size` cells.
fn base(size: usize) -> f64 {
    if size <= 3 { 5.5 } else { 6.2 }
}

/// The difficulty of a wing whose set has `size` cells, the largest with
/// `biggest` candidates (Sukaku Explainer's rule: the middle sizes are
/// harder than the extremes).
pub(super) fn als_wing_difficulty(size: usize, biggest: u32) -> f64 {
    let steps = (size as f64 - 2.0) - (3.0 - f64::from(biggest)).abs();
    base(size) + 0.1 * steps.max(0.0)
}

/// A wing found: its set, its bivalue cell, its difficulty and what it
/// removes (cell, digits).
struct Wing {
    set: SmallVec<[usize; 4]>,
    bivalue: usize,
    union: u64,
    difficulty: f64,
    removals: Vec<(usize, u64)>,
}

impl Wing {
    /// Whether this wing is to be preferred to `other`: easier, then more
    /// eliminations.
    fn beats(&self, other: &Wing) -> bool {
        self.difficulty < other.difficulty - 1e-9
            || ((self.difficulty - other.difficulty).abs() < 1e-9
                && self.removals.len() > other.removals.len())
    }
}

impl LogicSolver {
    /// One WXYZ-wing (a set of three cells) that removes a candidate,
    /// applied; whether it found one.
    pub(super) fn wxyz_wing(&mut self) -> bool {
        self.als_wing(3)
    }

    /// One VWXYZ-wing (a set of four cells) that removes a candidate,
    /// applied; whether it found one.
    pub(super) fn vwxyz_wing(&mut self) -> bool {
        self.als_wing(4)
    }

    /// The easiest wing whose set has `size` cells, applied.
    fn als_wing(&mut self, size: usize) -> bool {
        let cells = self.candidates.len();
        // A cell of the set has two to size + 1 candidates.
        let small: Vec<bool> = (0..cells)
            .map(|i| {
                let k = self.candidates[i].count_ones() as usize;
                self.values[i] == 0 && k >= 2 && k <= size + 1
            })
            .collect();
        let bivalues: Vec<usize> = (0..cells)
            .filter(|&i| self.values[i] == 0 && self.candidates[i].count_ones() == 2)
            .collect();
        let mut best: Option<Wing> = None;
        let mut set: SmallVec<[usize; 4]> = SmallVec::new();
        for a in (0..cells).filter(|&a| small[a]) {
            set.push(a);
            self.grow_set(
                size,
                &small,
                &bivalues,
                &mut set,
                self.candidates[a],
                &mut best,
            );
            set.pop();
        }
        let Some(wing) = best else { return false };
        let mut progress = false;
        for &(cell, mask) in &wing.removals {
            progress |= self.remove(cell, mask);
        }
        let mut pattern = wing.set.clone();
        pattern.push(wing.bivalue);
        self.pattern.note(&[], &pattern, wing.union);
        self.chain_difficulty = wing.difficulty;
        progress
    }

    /// Extends `set` (pairwise peers, in increasing cell order, candidates
    /// `union`) to `size` cells, and offers every wing on each set found.
    fn grow_set(
        &self,
        size: usize,
        small: &[bool],
        bivalues: &[usize],
        set: &mut SmallVec<[usize; 4]>,
        union: u64,
        best: &mut Option<Wing>,
    ) {
        if set.len() == size {
            if union.count_ones() as usize == size + 1 {
                for &y in bivalues {
                    if let Some(wing) = self.wing_at(set, union, y)
                        && best.as_ref().is_none_or(|b| wing.beats(b))
                    {
                        *best = Some(wing);
                    }
                }
            }
            return;
        }
        let geometry = Arc::clone(&self.geometry);
        let last = set[set.len() - 1];
        for &next in geometry.peers(last) {
            if next <= last || !small[next] {
                continue;
            }
            let grown = union | self.candidates[next];
            if grown.count_ones() as usize > size + 1
                || !set[..set.len() - 1]
                    .iter()
                    .all(|&s| geometry.peers(s).contains(&next))
            {
                continue;
            }
            set.push(next);
            self.grow_set(size, small, bivalues, set, grown, best);
            set.pop();
        }
    }

    /// The wing of the almost locked set `set` (candidates `union`) with
    /// the bivalue cell `y`, if it removes anything.
    fn wing_at(&self, set: &[usize], union: u64, y: usize) -> Option<Wing> {
        let pair = self.candidates[y];
        if pair & !union != 0 || set.contains(&y) {
            return None;
        }
        let peers = self.geometry.peers(y);
        // The cells of the set holding `bit`.
        let holders = |bit: u64| -> SmallVec<[usize; 4]> {
            set.iter()
                .copied()
                .filter(|&s| self.candidates[s] & bit != 0)
                .collect()
        };
        let restricted = |bit: u64| holders(bit).iter().all(|s| peers.contains(s));
        let x = pair & pair.wrapping_neg();
        let z = pair & !x;
        let (rx, rz) = (restricted(x), restricted(z));
        let mut removals = Vec::new();
        // A digit that lies in the bivalue cell or in the set.
        let either = |bit: u64, removals: &mut Vec<(usize, u64)>| {
            let mut group = holders(bit);
            group.push(y);
            self.common_peer_holders(&group, bit, removals);
        };
        match (rx, rz) {
            (true, true) => {
                either(x, &mut removals);
                either(z, &mut removals);
                // Every other digit is in the set.
                let mut rest = union & !pair;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    self.common_peer_holders(&holders(bit), bit, &mut removals);
                }
            }
            (true, false) => either(z, &mut removals),
            (false, true) => either(x, &mut removals),
            (false, false) => {}
        }
        if removals.is_empty() {
            return None;
        }
        let biggest = set
            .iter()
            .map(|&s| self.candidates[s].count_ones())
            .max()
            .unwrap_or(0);
        Some(Wing {
            set: set.iter().copied().collect(),
            bivalue: y,
            union,
            difficulty: als_wing_difficulty(set.len(), biggest),
            removals,
        })
    }

    /// Pushes onto `removals` every open cell outside `group` that holds
    /// `bit` and sees every cell of `group`.
    fn common_peer_holders(&self, group: &[usize], bit: u64, removals: &mut Vec<(usize, u64)>) {
        let geometry = &self.geometry;
        for &j in geometry.peers(group[0]) {
            if self.values[j] == 0
                && self.candidates[j] & bit != 0
                && !group.contains(&j)
                && group[1..].iter().all(|&g| geometry.peers(g).contains(&j))
            {
                removals.push((j, bit));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::chains::uses_on;
    use crate::rate::technique::Technique;

    #[test]
    fn wings_rate_as_sukaku_explainer() {
        assert!((als_wing_difficulty(3, 2) - 5.5).abs() < 1e-9);
        assert!((als_wing_difficulty(3, 3) - 5.6).abs() < 1e-9);
        assert!((als_wing_difficulty(3, 4) - 5.5).abs() < 1e-9);
        assert!((als_wing_difficulty(4, 2) - 6.3).abs() < 1e-9);
        assert!((als_wing_difficulty(4, 3) - 6.4).abs() < 1e-9);
        assert!((als_wing_difficulty(4, 5) - 6.2).abs() < 1e-9);
    }

    /// Puzzles of the Sudoku Exchange set that Sukaku Explainer rates by
    /// these wings (5.5 and 6.3) and the solver does too.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn als_wings_fire() {
        let wxyz =
            "460000015039000270000000000000040000603090701800501002020000030000907000100206008";
        assert!(uses_on(wxyz, Technique::WxyzWing) > 0);
        let vwxyz =
            "400008062500027800060500000380000100020000090005000073000003080006750009730900005";
        assert!(uses_on(vwxyz, Technique::VwxyzWing) > 0);
    }
}
