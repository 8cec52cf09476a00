//! The MRV choice of the search made for a width as one pass over the
//! primary headers' lengths ([`Matrix::shortest_item_in_order`], docs/decisions/mrv-scan.md), in
//! the vector code the CPU has: SSE2, which every x86-64 has and the build assumes, or AVX2 when
//! the CPU reports it at run time (docs/decisions/mrv-scan.md).

use super::{COVER_BIAS, Header, Matrix, ROOT};
use crate::index::to_u32;

impl Matrix {
    /// [`shortest_item`](Self::shortest_item)'s choice, found in the
    /// primary headers' lengths rather than by following the active-item
    /// list: the first item, in item order, whose length is at most 1, else
    /// the first of the shortest. The active list is in item order (items
    /// leave and return in place), and a covered item's length carries
    /// [`COVER_BIAS`], so in an arena of fewer than `2^30` nodes (which the
    /// search made for a width has, [`Matrix::search_width`]) the shortest
    /// length below the bias is the shortest active list. A pass over every
    /// primary header, covered or not, but with no load waiting for the one
    /// before: the list walk's chain of `right` loads made the MRV scan
    /// about a sixth of a 9x9 count's time for a twelfth of its
    /// instructions (docs/decisions/mrv-scan.md). Blocks of [`SCAN_BLOCK`] lengths,
    /// each folded into a running minimum and tested for a length of at
    /// most 1 without a branch, which the compiler turns into vector code.
    #[inline(never)]
    pub(super) fn shortest_item_in_order(&self) -> (Header, u32) {
        debug_assert!(self.top.len() < COVER_BIAS as usize);
        let lens = &self.top[1..self.primary as usize + 1];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, as just tested.
            return unsafe { shortest_in_order_avx2(lens) };
        }
        shortest_in_order_sse2(lens)
    }

    /// [`shortest_item_in_order`](Self::shortest_item_in_order)'s choice by
    /// its definition, one length at a time: the oracle the search made for
    /// a width checks its choices against in debug builds (it keeps no
    /// active-item list to check them against, invariant (G) of `mod.rs`).
    pub(super) fn shortest_item_by_definition(&self) -> (Header, u32) {
        by_definition(&self.top[1..self.primary as usize + 1])
    }
}

/// The choice by definition among `lens`, the primary headers' lengths
/// (item 0's first): the first length at most 1, else the first of the
/// least below the bias, else the root and `u32::MAX`.
fn by_definition(lens: &[u32]) -> (Header, u32) {
    let active = || {
        lens.iter()
            .enumerate()
            .filter(|&(_, &len)| len < COVER_BIAS)
    };
    let forced = active().find(|&(_, &len)| len <= 1);
    let least = active().min_by_key(|&(at, &len)| (len, at));
    match forced.or(least) {
        // SAFETY: `at` is below the number of primary items, so header
        // `at + 1` is below `N + 2`.
        Some((at, &len)) => (unsafe { Header::new_unchecked(to_u32(at + 1)) }, len),
        None => no_active_item(),
    }
}

/// [`Matrix::shortest_item_in_order`]'s pass over `lens`, the primary
/// headers' lengths (item 0's first), in SSE2: the least lengths kept as
/// `i16` (a signed pack and minimum of SSE2; there is no `u32` minimum
/// before SSE4.1), exact below `i16::MAX`, which is all a 9x9 Sudoku has.
fn shortest_in_order_sse2(lens: &[u32]) -> (Header, u32) {
    shortest_in_order::<i16>(lens)
}

/// [`shortest_in_order_sse2`] in AVX2: eight lengths a vector, and an
/// unsigned minimum (`vpminud`), so the lengths kept as they are. Compiled
/// for AVX2 (with the pass and `first_at_most`, inlined into it) whatever
/// the build's target; called only when the CPU has it. A pass of 15
/// instructions a block of 16 lengths against 36 (17-clue instructions
/// -3.3%, docs/decisions/mrv-scan.md).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shortest_in_order_avx2(lens: &[u32]) -> (Header, u32) {
    shortest_in_order::<u32>(lens)
}

/// How the pass keeps the least lengths: as `u32`s, or saturated to a
/// narrower type whose minimum the CPU has.
trait Lane: Copy + Ord {
    /// The largest value, the minimum's start.
    const MAX: Self;

    /// `len`, perhaps saturated.
    fn of(len: u32) -> Self;

    /// The length a least value stands for, `None` if it is saturated.
    fn exact(self) -> Option<u32>;
}

impl Lane for u32 {
    const MAX: u32 = u32::MAX;

    #[inline(always)]
    fn of(len: u32) -> u32 {
        len
    }

    #[inline(always)]
    fn exact(self) -> Option<u32> {
        Some(self)
    }
}

/// A length below `2^31` (every primary one in an arena of fewer than
/// `2^30` nodes, bias included) saturated at `i16::MAX`: one signed pack in
/// SSE2.
impl Lane for i16 {
    const MAX: i16 = i16::MAX;

    #[inline(always)]
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // clamped
    fn of(len: u32) -> i16 {
        (len as i32).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
    }

    #[inline(always)]
    fn exact(self) -> Option<u32> {
        (self < i16::MAX).then(|| self.unsigned_abs().into())
    }
}

/// The pass: blocks of [`SCAN_BLOCK`] lengths, each folded into the least
/// so far (as `L`) and tested for a length of at most 1 without a branch,
/// which the compiler turns into vector code; then the first of the least.
#[inline(always)]
fn shortest_in_order<L: Lane>(lens: &[u32]) -> (Header, u32) {
    let mut least = [L::MAX; SCAN_BLOCK];
    let mut blocks = lens.chunks_exact(SCAN_BLOCK);
    let mut start = 0;
    for block in &mut blocks {
        let mut forced = false;
        for (low, &len) in least.iter_mut().zip(block) {
            forced |= len <= 1;
            *low = (*low).min(L::of(len));
        }
        if forced {
            return first_at_most(lens, start, 1);
        }
        start += SCAN_BLOCK;
    }
    let mut min = least.into_iter().min().unwrap_or(L::MAX);
    for &len in blocks.remainder() {
        if len <= 1 {
            return first_at_most(lens, start, 1);
        }
        min = min.min(L::of(len));
    }
    // Every length saturated: the exact least, the slow way.
    let bound = min
        .exact()
        .unwrap_or_else(|| lens.iter().copied().min().unwrap_or(u32::MAX));
    if bound >= COVER_BIAS {
        return no_active_item();
    }
    first_at_most(lens, 0, bound)
}

/// The choice when no primary item is active, as the list scan finds it at
/// the root.
#[inline(always)]
fn no_active_item() -> (Header, u32) {
    // SAFETY: the root is a header.
    (unsafe { Header::new_unchecked(ROOT) }, u32::MAX)
}

/// How many lengths [`Matrix::shortest_item_in_order`] takes at a time:
/// four SSE2 vectors of `u32`, two of AVX2.
const SCAN_BLOCK: usize = 16;

/// The first primary item, from `lens[from]` on (`lens` the primary
/// headers' lengths, item 0's first), whose length is at most `bound`, and
/// that length; one must be there. A block at a time, as a mask of the
/// lengths at most `bound` whose lowest bit is the item: no branch in a
/// block, whose exit would be mispredicted at every call.
///
/// # Panics
///
/// If there is no such length.
#[inline]
fn first_at_most(lens: &[u32], from: usize, bound: u32) -> (Header, u32) {
    let mut start = from;
    for block in lens[from..].chunks(SCAN_BLOCK) {
        let mask = block.iter().enumerate().fold(0_u32, |mask, (j, &len)| {
            mask | (u32::from(len <= bound) << j)
        });
        if mask != 0 {
            let at = start + mask.trailing_zeros() as usize;
            // SAFETY: `at` is below the number of primary items, so header
            // `at + 1` is below `N + 2`.
            return (unsafe { Header::new_unchecked(to_u32(at + 1)) }, lens[at]);
        }
        start += block.len();
    }
    panic!("no length at most {bound}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both passes (AVX2 where the CPU has it) against the definition, on
    /// pseudo-random lengths: whole blocks and remainders, short lists,
    /// forced and empty ones, lengths past `i16::MAX` (the SSE2 pass's
    /// saturated minimum) and covered ones carrying the bias, and lists
    /// that are all covered.
    #[test]
    fn the_passes_choose_by_the_definition() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            u32::try_from(state % below).unwrap()
        };
        let rounds = if cfg!(miri) { 40 } else { 4000 };
        for round in 0..rounds {
            let count = next(70) as usize;
            let lens: Vec<u32> = (0..count)
                .map(|_| {
                    let len = match next(8) {
                        0 => next(2),
                        1 => 40_000 + next(100),
                        _ => 2 + next(9),
                    };
                    let covered = round % 7 == 0 || next(4) == 0;
                    if covered { len + COVER_BIAS } else { len }
                })
                .collect();
            let want = by_definition(&lens);
            let got = shortest_in_order_sse2(&lens);
            assert_eq!(got, want, "{lens:?}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, as just tested.
                let got = unsafe { shortest_in_order_avx2(&lens) };
                assert_eq!(got, want, "{lens:?}");
            }
        }
    }
}
