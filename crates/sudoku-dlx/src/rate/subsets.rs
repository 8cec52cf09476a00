//! Naked and hidden subsets (pairs, triples, quads) within a house, and
//! the combinations they are searched over.

use std::sync::Arc;

use crate::rate::techniques::{Cells, LogicSolver, Masks};

impl LogicSolver {
    /// Naked subsets of `size` cells in any house.
    pub(super) fn naked_subset(&mut self, size: usize) -> bool {
        let geometry = Arc::clone(&self.geometry);
        for h in 0..geometry.unit_count() {
            let open: Cells = geometry
                .unit(h)
                .iter()
                .copied()
                .filter(|&i| self.values[i] == 0)
                .collect();
            if open.len() <= size {
                continue;
            }
            let cands: Masks = open.iter().map(|&i| self.candidates[i]).collect();
            let mut found = None;
            for_each_combination(open.len(), size, |pick| {
                let union = pick.iter().fold(0, |m, &k| m | cands[k]);
                if union.count_ones() as usize == size {
                    let elsewhere = cands
                        .iter()
                        .enumerate()
                        .any(|(k, &c)| !pick.contains(&k) && c & union != 0);
                    if elsewhere {
                        found = Some((pick.to_vec(), union));
                        return true;
                    }
                }
                false
            });
            if let Some((pick, union)) = found {
                for (k, &i) in open.iter().enumerate() {
                    if !pick.contains(&k) {
                        self.remove(i, union);
                    }
                }
                let cells: Cells = pick.iter().map(|&k| open[k]).collect();
                self.pattern.note(&[h], &cells, union);
                return true;
            }
        }
        false
    }

    /// Hidden subsets of `size` digits in any house.
    pub(super) fn hidden_subset(&mut self, size: usize) -> bool {
        let geometry = Arc::clone(&self.geometry);
        for h in 0..geometry.unit_count() {
            let house = geometry.unit(h);
            // For each digit still open in the house, the positions (bit k
            // for the house's k-th cell) that can hold it.
            let mut digits = Masks::new();
            let mut positions = Masks::new();
            for d in 0..self.n {
                let bit = 1u64 << d;
                let mut pos = 0u64;
                for (k, &i) in house.iter().enumerate() {
                    if self.candidates[i] & bit != 0 {
                        pos |= 1 << k;
                    }
                }
                if pos != 0 {
                    digits.push(bit);
                    positions.push(pos);
                }
            }
            if digits.len() <= size {
                continue;
            }
            let mut found = None;
            for_each_combination(digits.len(), size, |pick| {
                let union = pick.iter().fold(0u64, |m, &k| m | positions[k]);
                if union.count_ones() as usize == size {
                    let keep = pick.iter().fold(0u64, |m, &k| m | digits[k]);
                    let extra = (0..house.len())
                        .filter(|k| union & (1 << k) != 0)
                        .any(|k| self.candidates[house[k]] & !keep != 0);
                    if extra {
                        found = Some((union, keep));
                        return true;
                    }
                }
                false
            });
            if let Some((union, keep)) = found {
                for (k, &i) in house.iter().enumerate() {
                    if union & (1 << k) != 0 {
                        self.remove(i, !keep);
                    }
                }
                let cells: Cells = (0..house.len())
                    .filter(|k| union & (1 << k) != 0)
                    .map(|k| house[k])
                    .collect();
                self.pattern.note(&[h], &cells, keep);
                return true;
            }
        }
        false
    }
}

/// Calls `visit` with every `size`-subset of `0..len` in lexicographic
/// order, until it returns `true`.
pub(super) fn for_each_combination(
    len: usize,
    size: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) {
    if size == 0 || size > len {
        return;
    }
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        if visit(&pick) {
            return;
        }
        // Advance the rightmost index that can move.
        let Some(k) = (0..size).rev().find(|&k| pick[k] < len - size + k) else {
            return;
        };
        pick[k] += 1;
        for j in k + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_visited() {
        let mut seen = Vec::new();
        for_each_combination(5, 3, |p| {
            seen.push(p.to_vec());
            false
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], [0, 1, 2]);
        assert_eq!(seen[9], [2, 3, 4]);
    }
}
