//! The build's memo: each signature met, compressed, with the ZDD node of
//! every way to finish from it (see docs/decisions/zdd-memo.md).
//!
//! Most words of a signature are as they were at the start (items not yet
//! touched) or zero (items closed): on a domino board only the band of
//! cells along the search's frontier is anything else. A signature is
//! stored as a *key*: two tag bits per word (zero, as at the start, or
//! written out) and then only the words written out; equal signatures
//! have equal keys. The keys sit one after another in one arena, each
//! with its node in the high half of its first word, so a lookup reads
//! one place. The table over them is open addressing with linear probing:
//! each slot holds the high half of the signature's hash and where its
//! key starts in the arena, so growing the table rehashes from the table
//! alone, and a probe that is not the signature is mostly told apart
//! without reading the arena.
//!
//! A memo for the automatic count ([`MemoMustPay`](super::MemoMustPay))
//! also keeps, for each key, the plain-equivalent size of its state's
//! subtree as an `f32`, in one more word right after the key's first: it
//! is read on a hit, from the line the hit has just read.

use super::huge::Reserved;
use super::slots::{Slots, high_half, low_half, to_index};

/// Tag of a word that is zero.
const ZERO: u64 = 0;
/// Tag of a word equal to the starting signature's word.
const START: u64 = 1;
/// Tag of a word written out in the key.
const WRITTEN: u64 = 2;
/// Tags in the first word of a key (its high half holds the node).
const FIRST_TAGS: usize = 16;
/// Tags in each further tag word.
const MORE_TAGS: usize = 32;

/// Signatures of the states met, each with its ZDD node.
pub(super) struct Memo {
    /// The signature's words at the start of the build.
    start: Vec<u64>,
    /// Words of tags before the written words of every key.
    tag_words: usize,
    /// The key of the signature last [`encode`](Memo::encode)d.
    key: Vec<u64>,
    /// Keys, one after another; word 0 is unused, so that no slot is 0.
    arena: Reserved<u64>,
    /// The table: where each key starts in `arena`, under its hash's
    /// high half.
    slots: Slots,
    /// Words given to the subtree's size after each key's first word: 1
    /// when the memo keeps sizes, else 0.
    sized: usize,
}

impl Memo {
    /// An empty memo for signatures that start as `start`, keeping each
    /// key's subtree size ([`plain`](Memo::plain)) if `sized`.
    pub(super) fn new(start: &[u64], sized: bool) -> Self {
        let words = start.len();
        Memo {
            start: start.to_vec(),
            tag_words: 1 + words.saturating_sub(FIRST_TAGS).div_ceil(MORE_TAGS),
            key: Vec::with_capacity(words + 2),
            arena: Reserved::from(vec![0]),
            slots: Slots::new(),
            sized: usize::from(sized),
        }
    }

    /// Signatures held.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Bytes the memo holds (its arena and its table, as allocated).
    pub(super) fn bytes(&self) -> u64 {
        self.arena.bytes() + self.slots.bytes()
    }

    /// Makes the key of `signature`, for the next
    /// [`find`](Memo::find) and [`insert`](Memo::insert).
    pub(super) fn encode(&mut self, signature: &[u64]) {
        self.key.clear();
        self.key.resize(self.tag_words, 0);
        for (w, (&word, &start)) in signature.iter().zip(&self.start).enumerate() {
            let tag = if word == 0 {
                ZERO
            } else if word == start {
                START
            } else {
                self.key.push(word);
                WRITTEN
            };
            let (at, shift) = if w < FIRST_TAGS {
                (0, 2 * w)
            } else {
                let rest = w - FIRST_TAGS;
                (1 + rest / MORE_TAGS, 2 * (rest % MORE_TAGS))
            };
            self.key[at] |= tag << shift;
        }
    }

    /// A hint to the processor that [`find`](Memo::find) will read the
    /// home slot of `high` soon.
    pub(super) fn prefetch(&self, high: u32) {
        self.slots.prefetch(high);
    }

    /// Whether the key at `at` in the arena is the last encoded key.
    fn holds_key(&self, at: usize) -> bool {
        let key = &self.key;
        // The first word's low half holds the first tags: equal, the keys
        // have as many words (or the further tag words tell them apart
        // first, and `get` keeps a shorter key at the end from panicking).
        let rest = at + 1 + self.sized;
        low_half(self.arena[at]) == low_half(key[0])
            && self.arena.get(rest..rest + key.len() - 1) == Some(&key[1..])
    }

    /// Where the memo holds the last encoded signature, whose hash's high
    /// half is `high`, if it does (for [`node`](Memo::node) and
    /// [`plain`](Memo::plain)).
    pub(super) fn find(&self, high: u32) -> Option<usize> {
        self.slots
            .find(high, |at| self.holds_key(at as usize))
            .map(|at| at as usize)
    }

    /// Files the last encoded signature, whose hash's high half is `high`
    /// and which the memo does not hold, with its node, and returns where
    /// (for [`set_node`](Memo::set_node)); `None`, and nothing filed, if
    /// the arena would pass 2^32 words (32 GiB). Its size, if the memo
    /// keeps sizes, is 0 until [`set_plain`](Memo::set_plain).
    pub(super) fn insert(&mut self, high: u32, node: u32) -> Option<usize> {
        let at = self.arena.len() as u64;
        if at + (self.key.len() + self.sized) as u64 > LOW {
            return None;
        }
        self.arena.push(u64::from(node) << 32 | (self.key[0] & LOW));
        if self.sized == 1 {
            self.arena.push(0);
        }
        self.arena.extend_from_slice(&self.key[1..]);
        let at = to_index(at);
        // Word 0 of the arena is no key's: no payload is 0.
        self.slots.insert(high, crate::index::to_u32(at));
        Some(at)
    }

    /// The node of the key filed at `at`.
    pub(super) fn node(&self, at: usize) -> u32 {
        high_half(self.arena[at])
    }

    /// Gives the key filed at `at` the node `node` instead.
    pub(super) fn set_node(&mut self, at: usize, node: u32) {
        self.arena[at] = u64::from(node) << 32 | (self.arena[at] & LOW);
    }

    /// The subtree size of the key filed at `at`, if the memo keeps sizes.
    pub(super) fn plain(&self, at: usize) -> Option<f32> {
        (self.sized == 1).then(|| f32::from_bits(low_half(self.arena[at + 1])))
    }

    /// Gives the key filed at `at` the subtree size `plain`, if the memo
    /// keeps sizes (else does nothing).
    pub(super) fn set_plain(&mut self, at: usize, plain: f32) {
        if self.sized == 1 {
            self.arena[at + 1] = u64::from(plain.to_bits());
        }
    }
}

/// The low half of a word.
const LOW: u64 = u32::MAX as u64;

#[cfg(test)]
mod tests {
    use super::Memo;

    /// A node no test files for good (what the build files first).
    const BOTTOM: u32 = 0;

    /// A signature of `words` words: the start with word `w` set to
    /// `value` (0 and the start's own word are stored as tags only).
    fn signature(start: &[u64], w: usize, value: u64) -> Vec<u64> {
        let mut words = start.to_vec();
        words[w] = value;
        words
    }

    /// Files signatures that all share one hash's bits, so that only the
    /// keys tell them apart (enough to grow the table), in a memo that
    /// keeps sizes if `sized`, and finds each again with its node and size.
    fn keys_tell_apart_signatures_of_one_hash(sized: bool) {
        // 40 words: the key has two tag words past the first.
        let start: Vec<u64> = (0..40u64).map(|w| w * 3 + 1).collect();
        let mut memo = Memo::new(&start, sized);
        let high = 0x1234_5678;
        let mut filed = Vec::new();
        let count: u32 = if cfg!(miri) { 40 } else { 2_000 };
        for n in 0..count {
            let w = n as usize % 40;
            let value = match n % 3 {
                0 => 0,
                1 => start[w],
                _ => u64::from(n) << 20 | 7,
            };
            let mut sig = signature(&start, w, value);
            // A second word changes too, so that no two signatures agree.
            sig[(w + 1 + n as usize / 40) % 40] ^= u64::from(n) + 1;
            memo.encode(&sig);
            if memo.find(high).is_none() {
                let at = memo.insert(high, BOTTOM).expect("room");
                assert_eq!(memo.plain(at), sized.then_some(0.0));
                memo.set_node(at, n);
                memo.set_plain(at, n as f32 + 0.5);
                filed.push((sig, n));
            }
        }
        assert_eq!(memo.len(), filed.len());
        for (sig, n) in &filed {
            memo.encode(sig);
            let at = memo.find(high).unwrap_or_else(|| panic!("signature {n}"));
            assert_eq!(memo.node(at), *n, "signature {n}");
            assert_eq!(memo.plain(at), sized.then_some(*n as f32 + 0.5));
        }
        // Not filed: the start itself, all zeros, and a filed one with a
        // word out of place.
        for sig in [start.clone(), vec![0; 40], {
            let mut s = filed[5].0.clone();
            s.swap(10, 30);
            s
        }] {
            memo.encode(&sig);
            assert_eq!(memo.find(high), None);
        }
    }

    #[test]
    fn keys_tell_apart_signatures_of_one_hash_without_sizes() {
        keys_tell_apart_signatures_of_one_hash(false);
    }

    #[test]
    fn keys_tell_apart_signatures_of_one_hash_with_sizes() {
        keys_tell_apart_signatures_of_one_hash(true);
    }

    #[test]
    fn a_key_differing_in_one_written_word_is_another() {
        for sized in [false, true] {
            let start = vec![u64::MAX; 3];
            let mut memo = Memo::new(&start, sized);
            memo.encode(&[5, 0, u64::MAX]);
            let at = memo.insert(9, 10).expect("room");
            memo.set_node(at, 11);
            // A size is no part of the key.
            memo.set_plain(at, 5.0);
            for other in [[6, 0, u64::MAX], [5, 0, 1], [0, 5, u64::MAX], [5, 0, 0]] {
                memo.encode(&other);
                assert_eq!(memo.find(9), None, "{other:?}");
            }
            memo.encode(&[5, 0, u64::MAX]);
            let at = memo.find(9).expect("filed");
            assert_eq!((memo.node(at), memo.plain(at)), (11, sized.then_some(5.0)));
        }
    }
}
