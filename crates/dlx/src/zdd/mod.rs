//! The ZDD of all solutions: built by a search with a memo ([`Zdd::build`],
//! Knuth's DLX6), then counted, sampled, minimized and listed without a
//! second search, and written and read in Knuth's ZDDREAD text format.
//!
//! A ZDD (zero-suppressed decision diagram) here is a DAG whose inner
//! nodes are labelled by an option and have a LO and a HI child; a path
//! from the root to the sink [`TOP`] that leaves a node by its HI edge
//! chooses that node's option, and the set of those paths is the set of
//! solutions. As in DLX6 the diagram is not *ordered* (options need not
//! appear in one global order along paths), but no path meets an option
//! twice, and every node has a child of larger id than none of its own:
//! children are always built, and numbered, before their parents.

mod build;
mod huge;
mod memo;
mod natural;
mod slots;
mod text;

pub use build::{MemoMustPay, ZddBuild, ZddLimits, ZddStats};
pub use natural::Natural;
pub use text::ZddText;

use crate::index::{OptionId, to_u32};
use crate::random::SplitMix64;
use huge::Reserved;

/// The sink of the empty family: no solution.
pub(crate) const BOTTOM: u32 = 0;
/// The sink of the family with one solution, the empty set.
pub(crate) const TOP: u32 = 1;

/// One inner node: `option ? hi : lo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ZddNode {
    pub(crate) option: u32,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

impl ZddNode {
    /// What the two sinks' slots hold.
    pub(crate) const SINK: ZddNode = ZddNode {
        option: u32::MAX,
        lo: 0,
        hi: 0,
    };
}

/// The ZDD of a family of solutions (sets of options): the exact count, the
/// generating function by size, uniformly random members, a minimum-weight
/// member and every member, each without a search.
///
/// Node ids are `0` (no solution), `1` (the empty solution), then inner
/// nodes, each after both its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    nodes: Reserved<ZddNode>,
    root: u32,
    /// Options are numbered `0..options`.
    options: usize,
}

impl Zdd {
    /// A diagram from nodes already in child-before-parent order.
    pub(crate) fn from_parts(nodes: Reserved<ZddNode>, root: u32, options: usize) -> Self {
        Zdd {
            nodes,
            root,
            options,
        }
    }

    /// The number of inner nodes (the two sinks not counted).
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// The number of options the solutions are drawn from.
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.options
    }

    /// Whether the family is empty (the problem has no solution).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.root == BOTTOM
    }

    /// The number of solutions, or `None` if it does not fit in a `u128`
    /// ([`count_exact`](Self::count_exact) has it then).
    #[must_use]
    pub fn count(&self) -> Option<u128> {
        self.counts().ok().map(|c| c[self.root as usize])
    }

    /// The number of solutions, exactly, however large.
    #[must_use]
    pub fn count_exact(&self) -> Natural {
        // Within a `u128`, by its own additions: fewer instructions than
        // two limbs added one by one with their carries.
        let mut low = match self.counts() {
            Ok(counts) => return Natural::from(counts[self.root as usize]),
            Err(partial) => partial,
        };
        // Every node's count is at most the root's (each node is on a
        // path from the root, and a node counts its two children's sum),
        // so the first width that holds them all holds the root's. The
        // nodes counted in `u128`s go on from there, not from scratch, and
        // keep their `u128`s as their low 128 bits.
        let from = low.len();
        (1..)
            .find_map(|extra| {
                let high = self.high_counts(&mut low, from, extra)?;
                let root = self.root as usize;
                let (low, high) = (low[root], &high[root * extra..(root + 1) * extra]);
                // The low and the high half of the low 128 bits.
                #[allow(clippy::cast_possible_truncation)]
                let limbs = [low as u64, (low >> 64) as u64];
                Some(Natural::from_limbs(
                    limbs.iter().chain(high).copied().collect(),
                ))
            })
            .unwrap_or_default()
    }

    /// Every node's number of solutions as its low 128 bits in `low` and
    /// `extra` more 64-bit limbs, little-endian, node after node in one
    /// array (a big count costs `extra` words a node beside its `u128`,
    /// not an allocation); `None` if one needs more. The first `from`
    /// nodes' counts are in `low` and fit a `u128` (their higher limbs
    /// are 0); `low` is cut back to them first, so a wider try starts
    /// from the same place.
    fn high_counts(&self, low: &mut Vec<u128>, from: usize, extra: usize) -> Option<Vec<u64>> {
        low.truncate(from);
        let mut high = vec![0u64; self.nodes.len() * extra];
        for (at, node) in self.nodes.iter().enumerate().skip(from) {
            let (lo, hi) = (node.lo as usize, node.hi as usize);
            let (sum, mut carry) = low[lo].overflowing_add(low[hi]);
            low.push(sum);
            let (lo, hi) = (lo * extra, hi * extra);
            for k in 0..extra {
                let (sum, c1) = high[lo + k].overflowing_add(high[hi + k]);
                let (sum, c2) = sum.overflowing_add(u64::from(carry));
                high[at * extra + k] = sum;
                carry = c1 || c2;
            }
            if carry {
                return None;
            }
        }
        Some(high)
    }

    /// The number of solutions below each node if they all fit in a
    /// `u128`; else those of the nodes before the first that does not.
    fn counts(&self) -> Result<Vec<u128>, Vec<u128>> {
        let mut counts: Vec<u128> = Vec::with_capacity(self.nodes.len());
        counts.extend([0, 1]);
        for node in &self.nodes[2..] {
            match counts[node.lo as usize].checked_add(counts[node.hi as usize]) {
                Some(sum) => counts.push(sum),
                None => return Err(counts),
            }
        }
        Ok(counts)
    }

    fn natural_counts(&self) -> Vec<Natural> {
        let mut counts = Vec::with_capacity(self.nodes.len());
        counts.extend([Natural::from(0), Natural::from(1)]);
        for node in &self.nodes[2..] {
            let sum = counts[node.lo as usize].add(&counts[node.hi as usize]);
            counts.push(sum);
        }
        counts
    }

    /// The generating function by solution size: entry `k` is the number of
    /// solutions of `k` options (no trailing zeros; empty if there is no
    /// solution).
    #[must_use]
    pub fn generating_function(&self) -> Vec<Natural> {
        // Each node's polynomial as a run of coefficients from its lowest
        // degree: solution sizes below one node are often few.
        let mut polys: Vec<(usize, Vec<Natural>)> = Vec::with_capacity(self.nodes.len());
        polys.push((0, Vec::new()));
        polys.push((0, vec![Natural::from(1)]));
        for node in &self.nodes[2..] {
            let (lo_low, lo) = &polys[node.lo as usize];
            let (hi_low, hi) = &polys[node.hi as usize];
            let hi_low = hi_low + 1;
            let mut low = usize::MAX;
            let mut high = 0;
            for (l, p) in [(*lo_low, lo), (hi_low, hi)] {
                if !p.is_empty() {
                    low = low.min(l);
                    high = high.max(l + p.len());
                }
            }
            if low == usize::MAX {
                polys.push((0, Vec::new()));
                continue;
            }
            let mut sum = vec![Natural::from(0); high - low];
            for (l, p) in [(*lo_low, lo), (hi_low, hi)] {
                for (k, c) in p.iter().enumerate() {
                    sum[l + k - low] = sum[l + k - low].add(c);
                }
            }
            polys.push((low, sum));
        }
        let (low, poly) = polys.swap_remove(self.root as usize);
        if poly.is_empty() {
            return Vec::new();
        }
        let mut out = vec![Natural::from(0); low];
        out.extend(poly);
        out
    }

    /// Solutions drawn independently and uniformly at random from `seed`
    /// (the same seed, the same draws, on every platform), without end:
    /// `take(n)` the ones wanted; none if there is no solution. Each lists
    /// its options in increasing order.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Zdd, ZddLimits};
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let zdd = Zdd::build(named.problem(), ZddLimits::default()).zdd.expect("complete");
    /// let draws: Vec<_> = zdd.samples(7).take(4).collect();
    /// assert_eq!(draws.len(), 4);
    /// assert!(draws.iter().all(|s| named.problem().is_solution(s)));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn samples(&self, seed: u64) -> ZddSamples<'_> {
        let counts = match self.counts() {
            Ok(counts) => Counts::Small(counts),
            Err(_) => Counts::Big(self.natural_counts()),
        };
        ZddSamples {
            zdd: self,
            counts,
            rng: SplitMix64::new(seed),
        }
    }

    /// Follows one path from the root to [`TOP`], taking the HI edge where
    /// `take_hi` says so; the options of its HI edges, sorted.
    fn walk(&self, mut take_hi: impl FnMut(&ZddNode) -> bool) -> Vec<OptionId> {
        let mut options = Vec::new();
        let mut id = self.root;
        while id > TOP {
            let node = &self.nodes[id as usize];
            if take_hi(node) {
                options.push(OptionId::from_u32(node.option));
                id = node.hi;
            } else {
                id = node.lo;
            }
        }
        options.sort_unstable();
        options
    }

    /// A solution of least total weight, with that weight, where option
    /// `k` weighs `weights[k]` (missing weights count as 0); `None` if
    /// there is no solution. Ties go to the LO edge (leaving options out).
    #[must_use]
    pub fn min_weight(&self, weights: &[i64]) -> Option<(i64, Vec<OptionId>)> {
        if self.is_empty() {
            return None;
        }
        // The least weight below each node; `None` for no path to TOP.
        let mut best: Vec<Option<i64>> = Vec::with_capacity(self.nodes.len());
        best.extend([None, Some(0)]);
        for node in &self.nodes[2..] {
            let weight = weights.get(node.option as usize).copied().unwrap_or(0);
            let hi = best[node.hi as usize].map(|w| w.saturating_add(weight));
            let lo = best[node.lo as usize];
            best.push(match (lo, hi) {
                (Some(l), Some(h)) => Some(l.min(h)),
                (l, h) => l.or(h),
            });
        }
        let total = best[self.root as usize]?;
        let options = self.walk(|node| {
            let weight = weights.get(node.option as usize).copied().unwrap_or(0);
            let hi = best[node.hi as usize].map(|w| w.saturating_add(weight));
            match (best[node.lo as usize], hi) {
                (Some(l), Some(h)) => h < l,
                (None, _) => true,
                (Some(_), None) => false,
            }
        });
        Some((total, options))
    }

    /// Every solution, once each, options in increasing order: a depth-first
    /// walk of the diagram, with no search.
    #[must_use]
    pub fn solutions(&self) -> ZddSolutions<'_> {
        let stack = if self.is_empty() {
            Vec::new()
        } else {
            vec![(self.root, 0)]
        };
        ZddSolutions {
            zdd: self,
            stack,
            path: Vec::new(),
        }
    }

    /// The nodes with their ids, children first (for writing).
    pub(crate) fn nodes(&self) -> impl Iterator<Item = (u32, &ZddNode)> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .skip(2)
            .map(|(id, node)| (to_u32(id), node))
    }

    pub(crate) fn root(&self) -> u32 {
        self.root
    }
}

/// A uniform number in `0..bound` (`bound` positive), by rejection: no bias.
fn below_u128(rng: &mut SplitMix64, bound: u128) -> u128 {
    let bits = 128 - (bound - 1).leading_zeros();
    loop {
        let raw = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        let value = if bits == 0 { 0 } else { raw >> (128 - bits) };
        if value < bound {
            return value;
        }
    }
}

/// The solution counts below every node, in the narrowest type that holds them.
#[derive(Clone, Debug)]
enum Counts {
    Small(Vec<u128>),
    Big(Vec<Natural>),
}

/// Uniformly random solutions of a [`Zdd`], from [`Zdd::samples`]: at each
/// node the HI edge is taken with probability (solutions through it) /
/// (solutions below the node), so every solution has the same chance.
#[derive(Clone, Debug)]
pub struct ZddSamples<'z> {
    zdd: &'z Zdd,
    counts: Counts,
    rng: SplitMix64,
}

impl Iterator for ZddSamples<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if self.zdd.is_empty() {
            return None;
        }
        let rng = &mut self.rng;
        Some(match &self.counts {
            Counts::Small(counts) => self.zdd.walk(|node| {
                let total = counts[node.lo as usize] + counts[node.hi as usize];
                below_u128(rng, total) < counts[node.hi as usize]
            }),
            Counts::Big(counts) => self.zdd.walk(|node| {
                let total = counts[node.lo as usize].add(&counts[node.hi as usize]);
                total.random_below(|| rng.next_u64()) < counts[node.hi as usize]
            }),
        })
    }
}

/// The solutions of a [`Zdd`], from [`Zdd::solutions`].
#[derive(Clone, Debug)]
pub struct ZddSolutions<'z> {
    zdd: &'z Zdd,
    /// Nodes still to visit, with the length of `path` at which they hang.
    stack: Vec<(u32, usize)>,
    /// The options chosen on the way to the node being visited.
    path: Vec<OptionId>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        while let Some((mut id, depth)) = self.stack.pop() {
            self.path.truncate(depth);
            while id > TOP {
                let node = self.zdd.nodes[id as usize];
                if node.lo != BOTTOM {
                    self.stack.push((node.lo, self.path.len()));
                }
                self.path.push(OptionId::from_u32(node.option));
                id = node.hi;
            }
            if id == TOP {
                let mut solution = self.path.clone();
                solution.sort_unstable();
                return Some(solution);
            }
        }
        None
    }
}
