//! The open-addressing table under the build's memo and its ZDD nodes:
//! `u64` slots, each the high half of a hash and a 32-bit payload (where
//! a memo key starts, a node's id), with linear probing.
//!
//! A slot keeps the hash bits that place it, so growing the table rehashes
//! from the slots alone, without reading what they point to (at 20x20
//! dominoes, gigabytes read back at random), and most probes that are not
//! the one sought are told apart by those bits without reading it.

/// The table grows when more than this share (in 1/8) of its slots is
/// used: linear probing stays short below it.
const MAX_LOAD_EIGHTHS: usize = 6;
/// Slots of the first table.
const FIRST_SLOTS: usize = 1 << 10;

/// Payloads under the high halves of their hashes; a payload is never 0.
pub(super) struct Slots {
    /// 0 when free, else the hash's high half (high 32 bits) and the
    /// payload (low 32 bits). Its length is a power of two; a hash's home
    /// slot is its top bits.
    slots: Vec<u64>,
    /// `slots.len()` is `1 << log_slots`.
    log_slots: u32,
    /// Slots used.
    len: usize,
}

impl Slots {
    /// An empty table.
    pub(super) fn new() -> Self {
        Slots {
            slots: vec![0; FIRST_SLOTS],
            log_slots: FIRST_SLOTS.trailing_zeros(),
            len: 0,
        }
    }

    /// Payloads held.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table holds, as allocated.
    pub(super) fn bytes(&self) -> u64 {
        (self.slots.capacity() * 8) as u64
    }

    /// The home slot of a hash's high half.
    fn home(&self, high: u32) -> usize {
        // The top `log_slots` bits (none of them while there is one slot).
        to_index(u64::from(high) << self.log_slots >> 32)
    }

    /// A hint to the processor that [`find`](Slots::find) will read the
    /// home slot of `high` soon.
    pub(super) fn prefetch(&self, high: u32) {
        prefetch(self.slots.as_ptr().wrapping_add(self.home(high)));
    }

    /// The first payload filed under `high` for which `is` holds.
    #[inline]
    pub(super) fn find(&self, high: u32, mut is: impl FnMut(u32) -> bool) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut s = self.home(high);
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                return None;
            }
            if high_half(slot) == high && is(low_half(slot)) {
                return Some(low_half(slot));
            }
            s = (s + 1) & mask;
        }
    }

    /// Files `payload` (not 0) under `high`.
    pub(super) fn insert(&mut self, high: u32, payload: u32) {
        debug_assert_ne!(payload, 0, "a payload of 0 reads as a free slot");
        if (self.len + 1) * 8 > self.slots.len() * MAX_LOAD_EIGHTHS {
            self.grow();
        }
        self.place(u64::from(high) << 32 | u64::from(payload));
        self.len += 1;
    }

    /// Puts `slot` in the first free slot from its home on.
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut s = self.home(high_half(slot));
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = slot;
    }

    /// Doubles the table, filing every slot anew from its hash bits.
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        // Before the slots are written: fresh zeroed pages, none touched.
        super::huge::advise(&doubled);
        let old = std::mem::replace(&mut self.slots, doubled);
        self.log_slots += 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            self.place(slot);
        }
    }
}

/// The high 32 bits of `word`.
#[allow(clippy::cast_possible_truncation)] // the high half
pub(super) fn high_half(word: u64) -> u32 {
    (word >> 32) as u32
}

/// The low 32 bits of `word`.
#[allow(clippy::cast_possible_truncation)] // the low half
pub(super) fn low_half(word: u64) -> u32 {
    word as u32
}

/// An index held in a word: less than 2^32, so a `usize` holds it.
#[allow(clippy::cast_possible_truncation)] // at most 32 bits
pub(super) fn to_index(word: u64) -> usize {
    word as usize
}

/// Asks the processor to bring the cache line of `at` in (a hint only:
/// nothing happens where there is no such instruction).
#[inline]
#[allow(unsafe_code)] // the one unsafe call of the ZDD build: a hint
pub(super) fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86_64 target, and a prefetch reads
    // nothing the program sees and cannot fault, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::Slots;
    use crate::random::SplitMix64;

    #[test]
    fn every_payload_is_found_under_its_hash_across_growths() {
        // Past 4 MiB of slots (524,288) the table moves into a reservation
        // where there is one; Miri takes a few growths on the `Vec`.
        let payloads: u32 = if cfg!(miri) { 3_000 } else { 900_000 };
        let mut rng = SplitMix64::new(44);
        // Random hashes, and runs of equal and near hashes at both ends of
        // the table: long probe sequences from homes near the start (moved
        // after the others when the table grows) and near the end (which
        // wrap).
        let high = |rng: &mut SplitMix64, p: u32| match p % 500 {
            0 => rng.below(64),
            1 => u32::MAX - rng.below(64),
            _ => super::high_half(rng.next_u64()),
        };
        let mut table = Slots::new();
        let mut filed = Vec::new();
        for payload in 1..=payloads {
            let h = high(&mut rng, payload);
            table.insert(h, payload);
            filed.push((h, payload));
        }
        assert_eq!(table.len(), filed.len());
        for &(h, payload) in &filed {
            assert_eq!(table.find(h, |p| p == payload), Some(payload), "{h}");
        }
        assert_eq!(table.find(7, |p| p > payloads), None);
        // Every slot filed once.
        let used = table.slots.iter().filter(|&&s| s != 0).count();
        assert_eq!(used, filed.len());
    }
}
