//! Building the ZDD of all solutions: a search with a memo of open states
//! (Knuth's DLX6, after Nishino, Yasuda, Minato and Nagata's DXZ).
//!
//! The search branches on a primary item and decides its options one by
//! one, in the item's order: each option is either taken (the HI edge of a
//! ZDD node labelled by it) or left out for good (the LO edge). An item
//! whose options are all decided, or that is covered its upper bound of
//! times, is *closed*: its options leave the problem. Between two items,
//! every option still live contains no closed item, so the state is
//! determined by a *signature*: for each primary item how often it is
//! covered (or that it is closed), for each secondary item whether it is
//! free or which color it has; an item with no live option left is
//! irrelevant to what follows and signs as closed. The memo maps
//! signatures to the ZDD node of every way to finish from there, so a
//! state reached twice is solved once; ZDD nodes are hash-consed, so equal
//! sub-diagrams are one node.
//!
//! Each item keeps its options in an array whose first `live[i]` entries
//! are the live ones (Knuth's dancing cells): an option leaves by swapping
//! to the end of that prefix in each of its items, and every change is
//! undone in exactly reverse order, so coming back is only the prefix
//! growing by one. Closing an item or coloring one walks its live options
//! only, as dancing links would; an option is killed at most once (taken,
//! left out by its chain, or sharing an item that closes or a color that
//! clashes), so no count of reasons is needed.

use super::huge::Reserved;
use super::memo::Memo;
use super::slots::{Slots, low_half, prefetch};
use crate::outcome::End;
use crate::problem::Problem;
use crate::progress::Progress;
use crate::zdd::{BOTTOM, TOP, Zdd, ZddNode};

/// What a build may use before it stops with [`End::BudgetExhausted`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZddLimits {
    /// At most this many bytes for the memo, the ZDD and their hash tables
    /// (what grows with the problem); `None`: no limit.
    pub max_bytes: Option<u64>,
    /// At most this many ZDD nodes; `None`: no limit.
    pub max_nodes: Option<u64>,
    /// Give up ([`ZddBuild::gave_up`]) where the memo does not pay for
    /// itself; `None`: build whatever it costs.
    pub memo_must_pay: Option<MemoMustPay>,
}

/// When a build gives up because its memo saves too little
/// ([`ZddLimits::memo_must_pay`]), so that the caller can count by the
/// plain search instead, having spent little.
///
/// The builder keeps a *plain-equivalent* count `P` of the states the
/// same search without a memo would have gone through: one per state it
/// expands, and on a memo hit the size of the subtree the hit stands for
/// (which the memo entry keeps). Having gone through `Z` states, the memo
/// has saved a factor `P / Z`. The build checks it after `warm_up`
/// states, then each time the states double, and gives up at a check
/// where it is below `min_saving`. The doubling bounds the work thrown
/// away: a check passed at `Z / 2` states means the plain search has at
/// least `min_saving * Z / 2` states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoMustPay {
    /// States before the first check.
    pub warm_up: u64,
    /// The least saving factor `P / Z` a check lets through.
    pub min_saving: u32,
}

impl MemoMustPay {
    /// The checks `sudoku-dlx cover --count` makes by default: after 4,096
    /// states, a saving of at least 10. A ZDD state costs about 7-11 times
    /// a node of the plain count (queens, pentominoes), so below that
    /// saving the ZDD would be slower than the plain search; see
    /// docs/decisions/zdd-auto-count.md.
    pub const AUTO: MemoMustPay = MemoMustPay {
        warm_up: 4096,
        min_saving: 10,
    };
}

/// What a build did: Knuth's DLX6 reports the same quantities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZddStats {
    /// Branch points of the search (item choices), hits included.
    pub states: u64,
    /// States found in the memo.
    pub memo_hits: u64,
    /// Signatures in the memo.
    pub memo_entries: u64,
    /// 64-bit words in one signature.
    pub signature_words: u64,
    /// Nodes of the ZDD, its two sinks not counted.
    pub zdd_nodes: u64,
    /// Bytes held by the memo, the ZDD and their tables at the end.
    pub bytes: u64,
    /// The most levels the search went down (options taken on one path).
    pub depth: u64,
    /// The most bytes of stack the search used.
    pub stack_bytes: u64,
    /// The states the same search without a memo would have gone through
    /// to get as far (a memo hit counts the subtree it stands for), when
    /// [`ZddLimits::memo_must_pay`] asks the build to keep count, else 0;
    /// saturates at `u64::MAX`.
    pub plain_states: u64,
}

/// The result of [`Zdd::build`]: the diagram, unless a limit stopped it.
#[derive(Clone, Debug)]
pub struct ZddBuild {
    /// The ZDD of all solutions if the search ran to the end
    /// ([`End::Exhausted`]), else `None`.
    pub zdd: Option<Zdd>,
    /// When the build ended early (`zdd` is `None`): the ZDD of the
    /// solutions in the subtrees its search had finished, a subset of all
    /// solutions, so that its [`count`](Zdd::count) is a lower bound on
    /// theirs (what an interrupted build found). Its members are solutions,
    /// but neither all of them nor drawn uniformly from all by
    /// [`samples`](Zdd::samples).
    ///
    /// Each level of the search keeps the branches it has finished (an
    /// option taken and the ZDD of every way to finish after it) until
    /// its item is decided; a build that stops joins them, level by
    /// level, as a finished one would, with nothing for the branches not
    /// finished. Two branches differ in an option one takes and the other
    /// leaves out, so no solution is counted twice.
    pub partial: Option<Zdd>,
    /// Why the build ended: [`End::Exhausted`] when complete,
    /// [`End::BudgetExhausted`] when a [`ZddLimits`] was reached or the
    /// search went deeper than its stack allows (`too_deep`),
    /// [`End::Stopped`] when [`Progress::stop`] was called.
    pub end: End,
    /// Whether the build stopped because the search went deeper than the
    /// stack it could get (see [`Zdd::build`]).
    pub too_deep: bool,
    /// Whether the build gave up because the memo saved less than
    /// [`ZddLimits::memo_must_pay`] asks (then `end` is
    /// [`End::BudgetExhausted`]); the saving it had is
    /// `stats.plain_states / stats.states`.
    pub gave_up: bool,
    /// What it did, up to where it stopped.
    pub stats: ZddStats,
}

/// One item's share of the signature: the bits of `mask` (`width` bits
/// from `shift` on) in word `word`.
#[derive(Clone, Copy, Debug)]
struct Field {
    word: u32,
    shift: u32,
    mask: u64,
}

/// The signature of the current state, with its hash kept up to date.
struct Signature {
    /// Its words.
    words: Vec<u64>,
    /// Each item's share of `words`.
    fields: Vec<Field>,
    /// [`word_factor`] of each word.
    factors: Vec<u64>,
    /// [`hash_words`] of `words`, kept up to date word by word.
    hash: u64,
}

impl Signature {
    /// Writes `value` as item `item`'s share.
    #[inline(never)]
    fn write(&mut self, item: usize, value: u32) {
        let field = self.fields[item];
        let w = field.word as usize;
        let old = self.words[w];
        // A count at its upper bound writes past the field for a moment,
        // until the item closes: the mask keeps it off its neighbours.
        let new = (old & !field.mask) | ((u64::from(value) << field.shift) & field.mask);
        self.words[w] = new;
        self.hash = self
            .hash
            .wrapping_add(new.wrapping_sub(old).wrapping_mul(self.factors[w]));
    }
}

/// One step to undo, in reverse order.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// The `1` live options of item `0` were killed: it closed.
    Close(u32, u32),
    /// Secondary item `0` was given a color: its `1` live options that
    /// clash were killed.
    Colored(u32, u32),
    /// Primary item `0` was covered once more.
    Counted(u32),
    /// Option `0` was taken (and so killed).
    Took(u32),
}

/// The search and its tables.
struct Builder<'a> {
    primary: usize,
    /// Options of each item, in the problem's order: item `i`'s are
    /// `item_options[item_start[i]..item_start[i + 1]]`.
    item_options: Vec<u32>,
    item_start: Vec<u32>,
    /// The entries (an item in an option) of option `o` are
    /// `option_start[o]..option_start[o + 1]`, each with its item, the
    /// item's local color code (0: none) and its option.
    option_start: Vec<u32>,
    entry_item: Vec<u32>,
    entry_code: Vec<u32>,
    entry_option: Vec<u32>,
    /// Entries of each item (the slots `item_start[i]..item_start[i + 1]`),
    /// its live options' first; `slot[e]` is where entry `e` is.
    cells: Vec<u32>,
    slot: Vec<u32>,
    /// Lower and upper bound of each primary item.
    bounds: Vec<(u32, u32)>,
    /// Whether each option is out.
    dead: Vec<bool>,
    /// How many live options each item has.
    live: Vec<u32>,
    /// Times each primary item is covered.
    covered: Vec<u32>,
    /// Each primary item's rank for the choice of item (smaller first):
    /// [`CLOSED`] when it has no live option, else its live options (at
    /// most [`LIVE_CAP`]), plus [`NEEDED`] while it is covered less than
    /// its lower bound; padded with [`CLOSED`] to whole chunks of
    /// [`CHUNK`], so the choice is a minimum over plain arrays (which the
    /// compiler vectorizes). Signed 16-bit lanes: x86-64's baseline SSE2
    /// has a minimum instruction for those alone (`pminsw`); 32-bit lanes
    /// took a compare and three logic operations each.
    rank: Vec<i16>,
    /// How many items of each chunk of `rank` are not [`CLOSED`]: the
    /// choice skips chunks with none (a long closed prefix costs a look
    /// per chunk, not per item).
    open_in_chunk: Vec<u32>,
    /// How many primary items can no longer reach their lower bound
    /// (covered plus live below it): any makes the state a dead end.
    starved: u32,
    /// Each secondary item's local color plus 1, or 0 while it is free
    /// (indexed by item; primary entries unused).
    color: Vec<u32>,
    /// The signature of the current state.
    signature: Signature,
    /// The branches of the open [`chain`](Builder::chain)s, innermost
    /// last: each option taken with the node of its HI edge.
    branches: Vec<(u32, u32)>,
    /// The options the open chains have left out, innermost last.
    skipped: Vec<u32>,
    trail: Vec<Undo>,
    /// Every signature met, with its node.
    memo: Memo,
    nodes: Reserved<ZddNode>,
    /// For each node `h` (by id), the first node made with HI child `h`:
    /// its option in the high half, its id in the low half; 0 while there
    /// is none. Together with [`unique`](Builder::unique) the unique table,
    /// so that equal nodes are one (see [`node`](Builder::node)).
    first_parent: Reserved<u64>,
    /// The inner nodes that are not the first with their HI child, their
    /// ids under [`node_hash`].
    unique: Slots,
    limits: ZddLimits,
    stats: ZddStats,
    end: End,
    /// Set from outside to end the build early ([`End::Stopped`]).
    stop: &'a Progress,
    /// The address of a local of the first [`finish`](Builder::finish):
    /// the stack grows down from about there.
    stack_base: usize,
    /// How many bytes of stack below `stack_base` the search may use.
    stack_limit: usize,
    too_deep: bool,
    /// Options taken on the current path.
    level: u64,
    /// The plain-equivalent states so far (see [`MemoMustPay`]): a float,
    /// since on tilings it outgrows any integer (it counts solutions).
    plain_states: f64,
    /// The states at which the memo's saving is checked next.
    next_check: u64,
    gave_up: bool,
}

/// A 64-bit mix (the finalizer of SplitMix64): hash quality for table
/// indices, not for security.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The odd multiplier of signature word `w` in [`hash_words`].
fn word_factor(w: usize) -> u64 {
    mix(0x9E37_79B9_7F4A_7C15 ^ w as u64) | 1
}

/// A signature's hash before the final [`mix`]: the sum of its words,
/// each times a factor of its own. Being a sum, it follows a change of
/// one word in one multiplication ([`Builder::write_field`]); odd factors
/// keep any change of a single word visible.
fn hash_words(words: &[u64]) -> u64 {
    words.iter().enumerate().fold(0, |h, (w, &word)| {
        h.wrapping_add(word.wrapping_mul(word_factor(w)))
    })
}

/// The high 32 bits of `hash`.
#[allow(clippy::cast_possible_truncation)] // the high half
fn high_half(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// The high half of the hash under which the unique table's overflow
/// ([`Builder::unique`]) files a node with option `option` and HI child
/// `hi`, whatever its LO child: a chain knows both as soon as a branch is
/// done, long before the node is made, so it prefetches the slot then. On
/// domino boards no two nodes share their option and HI child (14x14: all
/// 383,195 pairs distinct), so leaving LO out costs no extra compare;
/// where some do, the table tells them apart by the node itself.
fn node_hash(option: u32, hi: u32) -> u32 {
    high_half(mix(u64::from(option) ^ (u64::from(hi) << 32)))
}

/// The rank of a primary item with no live option: never chosen.
const CLOSED: i16 = i16::MAX;
/// Added to the rank of a primary item covered less than its lower bound:
/// items that still need covering come first.
const NEEDED: i16 = i16::MIN;
/// The most live options a rank tells apart: items with more rank as
/// this many, and a choice that lands on one is made again exactly
/// ([`Builder::choose_exactly`]).
const LIVE_CAP: u32 = CLOSED.cast_unsigned() as u32 - 1;
/// Items per chunk of [`Builder::rank`].
const CHUNK: usize = 32;

/// The [`rank`](Builder::rank) of a primary item with `live` live
/// options, covered `covered` times of the `lower` it needs.
#[inline]
fn rank_of(live: u32, covered: u32, lower: u32) -> i16 {
    // At most `LIVE_CAP`: the low 15 bits, below `CLOSED`.
    #[allow(clippy::cast_possible_truncation)]
    let live = live.min(LIVE_CAP) as i16;
    let needed = if covered >= lower { 0 } else { NEEDED };
    if live == 0 { CLOSED } else { needed | live }
}

/// Bits needed to write every value in `0..=max`.
fn bits_for(max: u32) -> u32 {
    32 - max.leading_zeros()
}

impl<'a> Builder<'a> {
    fn new(problem: &Problem, limits: ZddLimits, stop: &'a Progress, stack_limit: usize) -> Self {
        let items = problem.item_count();
        let primary = problem.primary_count();
        let mut local_colors: Vec<Vec<u32>> = vec![Vec::new(); items];
        for (option, _) in problem.options() {
            for (item, color) in problem.entries(option) {
                if let Some(color) = color {
                    let list = &mut local_colors[item.index()];
                    if !list.contains(&color.as_u32()) {
                        list.push(color.as_u32());
                    }
                }
            }
        }
        let option_entries: Vec<Vec<(u32, u32)>> = problem
            .options()
            .map(|(option, _)| {
                problem
                    .entries(option)
                    .map(|(item, color)| {
                        let code = color.map_or(0, |c| {
                            let list = &local_colors[item.index()];
                            1 + crate::index::to_u32(
                                list.iter().position(|&x| x == c.as_u32()).unwrap_or(0),
                            )
                        });
                        (item.as_u32(), code)
                    })
                    .collect()
            })
            .collect();
        let bounds: Vec<(u32, u32)> = (0..primary)
            .map(|i| {
                let b = problem
                    .bounds(crate::index::ItemId::from_u32(crate::index::to_u32(i)))
                    .unwrap_or(crate::problem::Bounds::ONCE);
                (b.lower(), b.upper())
            })
            .collect();
        // Field values: a primary item writes its count plus 1 (at most its
        // upper bound), a secondary item 1 when free and its color plus 2
        // when colored; 0 always means closed or irrelevant.
        let mut fields = Vec::with_capacity(items);
        let (mut word, mut shift) = (0u32, 0u32);
        for item in 0..items {
            let max = if item < primary {
                bounds[item].1
            } else {
                1 + crate::index::to_u32(local_colors[item].len())
            };
            let width = bits_for(max);
            if shift + width > 64 {
                word += 1;
                shift = 0;
            }
            fields.push(Field {
                word,
                shift,
                mask: ((1u64 << width) - 1) << shift,
            });
            shift += width;
        }
        let words = word as usize + 1;
        // The entries, option by option, and each item's, in option order.
        let mut option_start = vec![0u32];
        let (mut entry_item, mut entry_code, mut entry_option) =
            (Vec::new(), Vec::new(), Vec::new());
        let mut live = vec![0u32; items];
        for (o, entries) in option_entries.iter().enumerate() {
            for &(item, code) in entries {
                entry_item.push(item);
                entry_code.push(code);
                entry_option.push(crate::index::to_u32(o));
                live[item as usize] += 1;
            }
            option_start.push(crate::index::to_u32(entry_item.len()));
        }
        let mut item_start = vec![0u32; items + 1];
        for i in 0..items {
            item_start[i + 1] = item_start[i] + live[i];
        }
        let mut fill = item_start.clone();
        let mut cells = vec![0u32; entry_item.len()];
        let mut slot = vec![0u32; entry_item.len()];
        for (e, &item) in entry_item.iter().enumerate() {
            let at = fill[item as usize];
            fill[item as usize] += 1;
            cells[at as usize] = crate::index::to_u32(e);
            slot[e] = at;
        }
        let item_options = cells.iter().map(|&e| entry_option[e as usize]).collect();
        let mut builder = Builder {
            primary,
            item_options,
            item_start,
            option_start,
            entry_item,
            entry_code,
            entry_option,
            cells,
            slot,
            bounds,
            dead: vec![false; problem.option_count()],
            live,
            covered: vec![0; primary],
            rank: vec![CLOSED; primary.div_ceil(CHUNK) * CHUNK],
            open_in_chunk: vec![0; primary.div_ceil(CHUNK)],
            starved: 0,
            color: vec![0; items],
            signature: Signature {
                words: vec![0; words],
                fields,
                factors: (0..words).map(word_factor).collect(),
                hash: 0,
            },
            branches: Vec::new(),
            skipped: Vec::new(),
            trail: Vec::new(),
            memo: Memo::new(&[], false),
            // The two sinks: ids 0 and 1.
            nodes: Reserved::from(vec![ZddNode::SINK, ZddNode::SINK]),
            first_parent: Reserved::from(vec![0, 0]),
            unique: Slots::new(),
            limits,
            stats: ZddStats {
                signature_words: words as u64,
                ..ZddStats::default()
            },
            end: End::Exhausted,
            stop,
            stack_base: 0,
            stack_limit,
            too_deep: false,
            level: 0,
            plain_states: 0.0,
            next_check: limits.memo_must_pay.map_or(u64::MAX, |m| m.warm_up.max(1)),
            gave_up: false,
        };
        for item in 0..items {
            builder.write_field(item);
            if item < primary {
                if builder.live[item] > 0 {
                    builder.open_in_chunk[item / CHUNK] += 1;
                }
                builder.rerank(item);
                if builder.is_starved(item) {
                    builder.starved += 1;
                }
            }
        }
        builder.memo = Memo::new(&builder.signature.words, limits.memo_must_pay.is_some());
        builder
    }

    /// Writes item `item`'s share of the signature from its state.
    fn write_field(&mut self, item: usize) {
        let value = if self.live[item] == 0 {
            0
        } else if item < self.primary {
            self.covered[item] + 1
        } else {
            self.color[item] + 1
        };
        self.signature.write(item, value);
    }

    /// Sets primary item `item`'s [`rank`](Self::rank) from its state.
    #[inline]
    fn rerank(&mut self, item: usize) {
        self.rank[item] = rank_of(self.live[item], self.covered[item], self.bounds[item].0);
    }

    fn is_starved(&self, item: usize) -> bool {
        self.covered[item] + self.live[item] < self.bounds[item].0
    }

    /// Takes live option `o` out: in each of its items it swaps to the end
    /// of the live prefix, which shrinks by one.
    fn kill(&mut self, o: u32) {
        let o = o as usize;
        debug_assert!(!self.dead[o], "option {o} killed twice");
        self.dead[o] = true;
        for e in self.option_start[o] as usize..self.option_start[o + 1] as usize {
            let item = self.entry_item[e] as usize;
            let left = self.live[item] - 1;
            self.live[item] = left;
            let last = (self.item_start[item] + left) as usize;
            let here = self.slot[e] as usize;
            let other = self.cells[last];
            self.cells[here] = other;
            self.slot[other as usize] = crate::index::to_u32(here);
            self.cells[last] = crate::index::to_u32(e);
            self.slot[e] = crate::index::to_u32(last);
            if item < self.primary {
                let (covered, lower) = (self.covered[item], self.bounds[item].0);
                if covered + left + 1 == lower {
                    self.starved += 1;
                }
                self.rank[item] = rank_of(left, covered, lower);
                if left == 0 {
                    self.open_in_chunk[item / CHUNK] -= 1;
                }
            }
            if left == 0 {
                self.signature.write(item, 0);
            }
        }
    }

    /// Undoes the [`kill`](Self::kill) of option `o`, the last kill not yet
    /// undone: in each of its items it is just past the live prefix.
    fn revive(&mut self, o: u32) {
        let o = o as usize;
        self.dead[o] = false;
        for e in (self.option_start[o] as usize..self.option_start[o + 1] as usize).rev() {
            let item = self.entry_item[e] as usize;
            debug_assert_eq!(
                self.slot[e],
                self.item_start[item] + self.live[item],
                "revived out of order"
            );
            let now = self.live[item] + 1;
            self.live[item] = now;
            if item < self.primary {
                let (covered, lower) = (self.covered[item], self.bounds[item].0);
                if covered + now == lower {
                    self.starved -= 1;
                }
                self.rank[item] = rank_of(now, covered, lower);
                if now == 1 {
                    self.open_in_chunk[item / CHUNK] += 1;
                    self.signature.write(item, covered + 1);
                }
            } else if now == 1 {
                self.signature.write(item, self.color[item] + 1);
            }
        }
    }

    /// Kills the live options of `item`, last first.
    fn close(&mut self, item: u32) {
        let i = item as usize;
        let before = self.live[i];
        while self.live[i] > 0 {
            let e = self.cells[(self.item_start[i] + self.live[i] - 1) as usize];
            self.kill(self.entry_option[e as usize]);
        }
        self.trail.push(Undo::Close(item, before));
    }

    /// Kills the live options that give secondary item `item` another color
    /// than its own (or none), last first: each swaps with a kept one
    /// already looked at.
    fn set_color(&mut self, item: u32, code: u32) {
        let i = item as usize;
        self.color[i] = code;
        let before = self.live[i];
        for k in (0..before).rev() {
            let e = self.cells[(self.item_start[i] + k) as usize] as usize;
            if self.entry_code[e] != code {
                self.kill(self.entry_option[e]);
            }
        }
        self.write_field(i);
        self.trail.push(Undo::Colored(item, before - self.live[i]));
    }

    /// Revives the `killed` options just past `item`'s live prefix, nearest
    /// first: the reverse of the order in which [`close`](Self::close) or
    /// [`set_color`](Self::set_color) killed them.
    fn revive_after(&mut self, item: u32, killed: u32) {
        let i = item as usize;
        for _ in 0..killed {
            let e = self.cells[(self.item_start[i] + self.live[i]) as usize];
            self.revive(self.entry_option[e as usize]);
        }
    }

    /// Takes option `o`: it leaves the live set, its primary items count
    /// it (closing those at their upper bound), its secondary items are
    /// used up or colored.
    fn take(&mut self, o: u32) {
        self.kill(o);
        self.trail.push(Undo::Took(o));
        for e in self.option_start[o as usize] as usize..self.option_start[o as usize + 1] as usize
        {
            let (item, code) = (self.entry_item[e], self.entry_code[e]);
            let i = item as usize;
            if i < self.primary {
                if self.covered[i] + self.live[i] + 1 == self.bounds[i].0 {
                    self.starved -= 1;
                }
                self.covered[i] += 1;
                self.write_field(i);
                self.rerank(i);
                self.trail.push(Undo::Counted(item));
                if self.covered[i] == self.bounds[i].1 {
                    self.close(item);
                }
            } else if code == 0 {
                self.close(item);
            } else if self.color[i] == 0 {
                self.set_color(item, code);
            }
        }
    }

    /// Undoes the trail down to length `mark`.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Close(item, killed)) => self.revive_after(item, killed),
                Some(Undo::Colored(item, killed)) => {
                    self.revive_after(item, killed);
                    self.color[item as usize] = 0;
                    self.write_field(item as usize);
                }
                Some(Undo::Counted(item)) => {
                    let i = item as usize;
                    if self.covered[i] + self.live[i] == self.bounds[i].0 {
                        self.starved += 1;
                    }
                    self.covered[i] -= 1;
                    self.write_field(i);
                    self.rerank(i);
                }
                Some(Undo::Took(o)) => self.revive(o),
                None => break,
            }
        }
    }

    fn bytes(&self) -> u64 {
        self.memo.bytes() + self.unique.bytes() + self.nodes.bytes() + self.first_parent.bytes()
    }

    /// Whether a limit is reached; records why.
    fn over_limit(&mut self) -> bool {
        if self.end != End::Exhausted {
            return true;
        }
        let nodes_over = self
            .limits
            .max_nodes
            .is_some_and(|max| self.nodes.len() as u64 - 2 > max);
        let bytes_over = self.limits.max_bytes.is_some_and(|max| self.bytes() > max);
        if nodes_over || bytes_over {
            self.end = End::BudgetExhausted;
        } else if self.stop.is_stopped() {
            self.end = End::Stopped;
        }
        self.end != End::Exhausted
    }

    /// Whether the memo has saved less than [`ZddLimits::memo_must_pay`]
    /// asks, at a check (see [`MemoMustPay`]); records that it gave up.
    fn memo_unpaid(&mut self) -> bool {
        let Some(must) = self.limits.memo_must_pay else {
            return false;
        };
        if self.stats.states < self.next_check {
            return false;
        }
        self.next_check = self.stats.states.saturating_mul(2);
        if self.plain_states < f64::from(must.min_saving) * self.stats.states as f64 {
            self.gave_up = true;
            self.end = End::BudgetExhausted;
        }
        self.gave_up
    }

    /// The node `(option ? hi : lo)`, reduced and shared.
    ///
    /// Every node with HI child `h` is `first_parent[h]` or in `unique`:
    /// where `h` has no first parent yet, no node has it as HI child, so
    /// the new node is its first parent and no table is read. That is the
    /// common case, since `h` is mostly a node the branch has just made
    /// (its entry is in the cache); a node met again through the memo
    /// already has a parent, so its new parents go to `unique`.
    fn node(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        if hi == BOTTOM {
            return lo;
        }
        let node = ZddNode { option, lo, hi };
        let first = self.first_parent[hi as usize];
        let high = node_hash(option, hi);
        if first != 0 {
            let parent = low_half(first);
            if high_half(first) == option && self.nodes[parent as usize] == node {
                return parent;
            }
            let nodes = &self.nodes;
            if let Some(id) = self.unique.find(high, |id| nodes[id as usize] == node) {
                return id;
            }
        }
        // Inner ids start at 2, after the sinks: no payload is 0.
        let id = crate::index::to_u32(self.nodes.len());
        self.nodes.push(node);
        self.first_parent.push(0);
        if first == 0 {
            self.first_parent[hi as usize] = u64::from(option) << 32 | u64::from(id);
        } else {
            self.unique.insert(high, id);
        }
        id
    }

    /// Whether the stack below `stack_base` is used past `stack_limit`
    /// here (then the build ends, `too_deep`): each [`finish`](Self::finish)
    /// and [`chain`](Self::chain) asks before it goes one level deeper.
    fn too_deep(&mut self) -> bool {
        let marker = 0u8;
        let here = std::hint::black_box(std::ptr::addr_of!(marker)) as usize;
        let used = self.stack_base.saturating_sub(here);
        self.stats.stack_bytes = self.stats.stack_bytes.max(used as u64);
        if used > self.stack_limit {
            self.too_deep = true;
            self.end = End::BudgetExhausted;
        }
        self.too_deep
    }

    /// The item to branch on: among those that still need covering, the
    /// one with the fewest live options (MRV); if none needs covering, one
    /// with live options left; ties to the first; `None` if no item has a
    /// live option. The same choice as a scan of the items in order.
    fn choose(&self) -> Option<usize> {
        let mut best = (CLOSED, 0);
        // Whole arrays, so that the minimum is a vector reduction.
        let (chunks, _) = self.rank.as_chunks::<CHUNK>();
        for (c, (chunk, &open)) in chunks.iter().zip(&self.open_in_chunk).enumerate() {
            if open == 0 {
                continue;
            }
            let least = chunk.iter().copied().fold(CLOSED, i16::min);
            if least < best.0 {
                let at = chunk.iter().position(|&r| r == least).unwrap_or(0);
                best = (least, c * CHUNK + at);
                if least == NEEDED | 1 {
                    // A forced item: nothing can beat it.
                    break;
                }
            }
        }
        if best.0 == CLOSED {
            return None;
        }
        if u32::from((best.0 & !NEEDED).cast_unsigned()) == LIVE_CAP {
            // The ranks did not tell the best items apart.
            return self.choose_exactly();
        }
        Some(best.1)
    }

    /// [`choose`](Self::choose) by a scan of the items with their live
    /// options counted in full, for when the fewest live options are
    /// [`LIVE_CAP`] or more.
    fn choose_exactly(&self) -> Option<usize> {
        (0..self.primary)
            .filter(|&i| self.live[i] > 0)
            .min_by_key(|&i| (self.covered[i] >= self.bounds[i].0, self.live[i]))
    }

    /// The ZDD of every way to finish from a state between two items.
    fn finish(&mut self) -> u32 {
        self.stats.states += 1;
        self.plain_states += 1.0;
        if self.stats.states.is_multiple_of(1024) && (self.over_limit() || self.memo_unpaid()) {
            return BOTTOM;
        }
        if self.too_deep() {
            return BOTTOM;
        }
        debug_assert_eq!(
            self.signature.hash,
            hash_words(&self.signature.words),
            "the signature's hash drifted from its words"
        );
        let high = high_half(mix(self.signature.hash));
        // The choice below gives the table's slot time to arrive.
        self.memo.prefetch(high);
        // The item to branch on: among those that still need covering, the
        // one with the fewest live options (MRV); if none needs covering,
        // one with live options left; if none, the state is a solution.
        if self.starved > 0 {
            return BOTTOM;
        }
        let Some(item) = self.choose() else {
            return TOP;
        };
        self.memo.encode(&self.signature.words);
        if let Some(at) = self.memo.find(high) {
            self.stats.memo_hits += 1;
            if let Some(plain) = self.memo.plain(at) {
                self.plain_states += f64::from(plain);
            }
            return self.memo.node(at);
        }
        // Filed now, while its key is at hand, and given its node below:
        // no state under this one has its signature (the item branched on
        // is closed in every one of them, open here).
        let Some(at) = self.memo.insert(high, BOTTOM) else {
            self.end = End::BudgetExhausted;
            return BOTTOM;
        };
        let plain_before = self.plain_states;
        let result = self.chain(item, 0);
        if self.end != End::Exhausted {
            // The part finished before the build stopped (see
            // `ZddBuild::partial`): not a memo entry, since it is not all.
            return result;
        }
        self.memo.set_node(at, result);
        if self.limits.memo_must_pay.is_some() {
            // Rounded to the nearest `f32`: a ratio needs no more.
            #[allow(clippy::cast_possible_truncation)]
            self.memo
                .set_plain(at, (self.plain_states - plain_before) as f32);
        }
        result
    }

    /// The ZDD of every way to decide the options of `item` from its
    /// `from`-th on, then finish.
    fn chain(&mut self, item: usize, from: usize) -> u32 {
        if self.too_deep() {
            return BOTTOM;
        }
        let mark = self.trail.len();
        let (lower, upper) = self.bounds[item];
        let (branches, skipped) = (self.branches.len(), self.skipped.len());
        let mut k = from;
        let end = loop {
            if self.covered[item] + self.live[item] < lower {
                break BOTTOM;
            }
            if self.live[item] == 0 {
                break self.finish();
            }
            let options = self.item_start[item] as usize;
            while self.dead[self.item_options[options + k] as usize] {
                k += 1;
            }
            let o = self.item_options[options + k];
            let made = self.nodes.len();
            self.take(o);
            self.level += 1;
            self.stats.depth = self.stats.depth.max(self.level);
            let hi = if self.covered[item] == upper || self.live[item] == 0 {
                self.finish()
            } else {
                self.chain(item, k + 1)
            };
            self.undo_to(mark);
            self.level -= 1;
            if self.end != End::Exhausted {
                // `hi` is what the stopped branch finished: kept, as a part.
                self.branches.push((o, hi));
                break BOTTOM;
            }
            self.branches.push((o, hi));
            if (hi as usize) < made {
                // Not made by this branch (a node met again through the
                // memo, or a sink): its node, made when the chain ends,
                // most likely reads its first parent and the overflow
                // table, at random. Both have time to come.
                prefetch(self.first_parent.as_ptr().wrapping_add(hi as usize));
                self.unique.prefetch(node_hash(o, hi));
            }
            self.kill(o);
            self.skipped.push(o);
            k += 1;
        };
        while self.skipped.len() > skipped {
            let o = self.skipped.pop().unwrap_or(0);
            self.revive(o);
        }
        let mut node = end;
        while self.branches.len() > branches {
            let (o, hi) = self.branches.pop().unwrap_or((0, 0));
            node = self.node(o, node, hi);
        }
        node
    }
}

/// Stack bytes the build gives each level of its search (a
/// [`Builder::finish`] and a [`Builder::chain`], one option taken): the
/// measured use (`ZddStats::stack_bytes` over the depth) with room to
/// spare; a debug build's frames are several times larger.
const LEVEL_BYTES: usize = if cfg!(debug_assertions) { 4096 } else { 1024 };
/// Stack beyond the levels' share: the thread's start, the builder, the
/// deepest level's callees.
const STACK_SLACK: usize = 1 << 20;
/// The stack the search may use where no thread of its own can be started
/// (a target without threads, an address space too small).
const FALLBACK_STACK: usize = 256 << 10;

impl Zdd {
    /// Builds the ZDD of every solution of `problem` (X, XCC or MCC),
    /// within `limits`.
    ///
    /// The search is recursive, one level per option taken, so it runs
    /// on a thread of its own whose stack is sized for the deepest path
    /// the problem allows (the sum of the primary items' upper bounds, at
    /// most the number of options); should it still go deeper than that
    /// stack (or than 256 KiB where no thread can be started), it ends
    /// with [`End::BudgetExhausted`] and `too_deep`, never a stack
    /// overflow.
    ///
    /// ```
    /// use dlx_engine::{End, NamedProblem, Zdd, ZddLimits};
    /// // Tilings of a 2x3 board by dominoes.
    /// let named = NamedProblem::parse(
    ///     "a0 a1 a2 b0 b1 b2\na0 b0\na1 b1\na2 b2\na0 a1\na1 a2\nb0 b1\nb1 b2\n",
    /// )?;
    /// let build = Zdd::build(named.problem(), ZddLimits::default());
    /// assert_eq!(build.end, End::Exhausted);
    /// assert_eq!(build.zdd.expect("complete").count(), Some(3));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn build(problem: &Problem, limits: ZddLimits) -> ZddBuild {
        Zdd::build_until(problem, limits, &Progress::new())
    }

    /// [`build`](Self::build), ending early with [`End::Stopped`] (and no
    /// diagram) once [`Progress::stop`] is called on `stop`, from any
    /// thread (a Ctrl-C handler's, say): the build looks every 1,024
    /// states, so it ends within milliseconds.
    ///
    /// ```
    /// use dlx_engine::{End, NamedProblem, Progress, Zdd, ZddLimits};
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let stop = Progress::new();
    /// stop.stop();
    /// let build = Zdd::build_until(named.problem(), ZddLimits::default(), &stop);
    /// assert_eq!(build.end, End::Stopped);
    /// assert!(build.zdd.is_none());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn build_until(problem: &Problem, limits: ZddLimits, stop: &Progress) -> ZddBuild {
        // Each level takes an option of the primary item it branches on.
        let upper: u64 = (0..problem.primary_count())
            .map(|i| {
                problem
                    .bounds(crate::index::ItemId::from_u32(crate::index::to_u32(i)))
                    .map_or(1, |b| u64::from(b.upper()))
            })
            .sum();
        let levels = upper.min(problem.option_count() as u64) + 1;
        let limit = usize::try_from(levels)
            .unwrap_or(usize::MAX)
            .saturating_mul(LEVEL_BYTES);
        let spawned = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("zdd".to_owned())
                .stack_size(limit.saturating_add(STACK_SLACK))
                .spawn_scoped(scope, || Zdd::build_here(problem, limits, stop, limit))
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
        });
        spawned.unwrap_or_else(|_| Zdd::build_here(problem, limits, stop, FALLBACK_STACK))
    }

    /// The build on this thread, using at most about `stack_limit` bytes
    /// of its stack below here.
    fn build_here(
        problem: &Problem,
        limits: ZddLimits,
        stop: &Progress,
        stack_limit: usize,
    ) -> ZddBuild {
        let mut builder = Builder::new(problem, limits, stop, stack_limit);
        let marker = 0u8;
        builder.stack_base = std::hint::black_box(std::ptr::addr_of!(marker)) as usize;
        let root = builder.finish();
        builder.over_limit();
        builder.stats.memo_entries = builder.memo.len() as u64;
        builder.stats.zdd_nodes = builder.nodes.len() as u64 - 2;
        builder.stats.bytes = builder.bytes();
        if builder.limits.memo_must_pay.is_some() {
            // Saturating: a float past `u64::MAX` converts to it.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let plain = builder.plain_states as u64;
            builder.stats.plain_states = plain;
        }
        let end = builder.end;
        let mut nodes = std::mem::replace(&mut builder.nodes, Reserved::from(Vec::new()));
        nodes.shrink_to_fit();
        let diagram = Zdd::from_parts(nodes, root, problem.option_count());
        let (zdd, partial) = if end == End::Exhausted {
            (Some(diagram), None)
        } else {
            (None, Some(diagram))
        };
        ZddBuild {
            zdd,
            partial,
            end,
            too_deep: builder.too_deep,
            gave_up: builder.gave_up,
            stats: builder.stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::Builder;
    use crate::NamedProblem;
    use crate::progress::Progress;
    use crate::random::SplitMix64;
    use crate::zdd::{BOTTOM, ZddLimits};

    /// Items with more live options than a rank holds are still told
    /// apart: the choice is the one with the fewest, as a scan would make.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "five problems of 65,000 options: over ten minutes under Miri; the ranks' SIMD runs in the other tests"
    )]
    fn the_choice_tells_apart_items_past_the_rank_cap() {
        let cap = super::LIVE_CAP;
        for (first, second, chosen) in [
            (cap + 100, cap + 50, 1),
            (cap + 50, cap + 100, 0),
            (cap + 7, cap + 7, 0),
            (cap - 1, cap + 1, 0),
            (cap + 1, cap, 1),
        ] {
            let mut problem = crate::Problem::builder(2, 0).expect("two items");
            for (item, options) in [(0, first), (1, second)] {
                for _ in 0..options {
                    problem.add_option(&[item]).expect("an option");
                }
            }
            let problem = problem.build();
            let stop = Progress::new();
            let builder = Builder::new(&problem, ZddLimits::default(), &stop, 1 << 20);
            assert_eq!(builder.choose(), Some(chosen), "{first} and {second}");
        }
    }

    /// The unique table makes one node of equal nodes and never one of two
    /// different nodes: against a map of every node made, over enough
    /// nodes that many pairs share the 32 hash bits the table keeps (so a
    /// table trusting those bits alone would merge them), and with many
    /// nodes sharing a HI child (found as its first parent or in the
    /// overflow table).
    #[test]
    fn equal_nodes_are_one_and_different_nodes_are_not() {
        let named = NamedProblem::parse("a\na\n").expect("a problem");
        let stop = Progress::new();
        let mut builder = Builder::new(named.problem(), ZddLimits::default(), &stop, 1 << 20);
        let mut made: HashMap<(u32, u32, u32), u32> = HashMap::new();
        let mut order = Vec::new();
        let mut random = SplitMix64::new(44);
        // A million nodes: about 116 pairs share the table's hash bits.
        let count = if cfg!(miri) { 200 } else { 1_000_000 };
        for _ in 0..count {
            let ids = crate::index::to_u32(builder.nodes.len());
            // A node made before, a quarter of the time; one sharing its
            // option and HI child with one made before, a quarter; else
            // most likely a new one (any option, any children made so far,
            // HI not empty).
            let pick = random.below(4);
            let node = if pick == 0 && !order.is_empty() {
                order[random.below(crate::index::to_u32(order.len())) as usize]
            } else if pick == 1 && !order.is_empty() {
                // Its option and HI child, another LO child: the table's
                // hash bits are the same.
                let (option, _, hi) =
                    order[random.below(crate::index::to_u32(order.len())) as usize];
                (option, random.below(ids), hi)
            } else {
                (
                    random.below(1000),
                    random.below(ids),
                    1 + random.below(ids - 1),
                )
            };
            let id = builder.node(node.0, node.1, node.2);
            assert_ne!(id, BOTTOM);
            let expected = *made.entry(node).or_insert_with(|| {
                order.push(node);
                ids
            });
            assert_eq!(id, expected, "node {node:?}");
        }
        assert_eq!(builder.nodes.len(), made.len() + 2);
    }
}
