//! The generator's seeds: one per puzzle of a run, independent of how the
//! run is split over threads, and the way back from a puzzle's seed to the
//! seed that replays it.

use dlx_engine::SplitMix64;

/// The seed of puzzle `index` of a run with seed `seed`: each puzzle's
/// seed depends only on the pair, so a batch gives the same puzzles
/// however it is split across threads.
#[must_use]
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut mix = SplitMix64::new(seed);
    let base = mix.next_u64();
    SplitMix64::new(base ^ index.wrapping_mul(0xD605_BBB5_8C8A_BBB3)).next_u64()
}

/// The run seed whose puzzle 0 has the puzzle seed `puzzle`:
/// `puzzle_seed(replay_seed(p), 0) == p` for every `p`, so any puzzle of a
/// run can be made again on its own. It exists because index 0 of
/// [`puzzle_seed`] is two SplitMix64 steps, each a bijection of `u64`
/// (an addition, then xor-shifts and odd multiplications), undone here in
/// reverse order.
///
/// ```
/// use sudoku_dlx::{puzzle_seed, replay_seed};
/// let seventh = puzzle_seed(2024, 7);
/// assert_eq!(puzzle_seed(replay_seed(seventh), 0), seventh);
/// assert_eq!(replay_seed(puzzle_seed(2024, 0)), 2024);
/// ```
#[must_use]
pub fn replay_seed(puzzle: u64) -> u64 {
    /// The state before the SplitMix64 step that returned `output`.
    fn unstep(output: u64) -> u64 {
        // Inverses mod 2^64 of SplitMix64's two multipliers.
        const INVERSE_2: u64 = 0x3196_42B2_D24D_8EC3;
        const INVERSE_1: u64 = 0x96DE_1B17_3F11_9089;
        let mut z = unshift(output, 31);
        z = unshift(z.wrapping_mul(INVERSE_2), 27);
        z = unshift(z.wrapping_mul(INVERSE_1), 30);
        z.wrapping_sub(0x9E37_79B9_7F4A_7C15)
    }
    /// `x` from `x ^ (x >> shift)`.
    fn unshift(y: u64, shift: u32) -> u64 {
        let mut x = y;
        let mut k = shift;
        while k < 64 {
            x = y ^ (x >> shift);
            k += shift;
        }
        x
    }
    unstep(unstep(puzzle))
}
