//! The implication engine that the chain techniques share: from one
//! assumption about a candidate ("digit d is in cell c", or "is not"), it
//! derives what follows, breadth first, and stops at a contradiction.
//!
//! A *literal* is a candidate (cell c, digit d) with a sign: `on` (c holds
//! d) or `off` (it does not). Two kinds of link derive new literals:
//!
//! - **Weak links** (from `on`): c holding d puts d `off` in every peer of
//!   c and every other digit `off` in c.
//! - **Strong links** (from `off`): when a cell has one candidate left, or
//!   a unit one cell left for a digit, that one is `on`.
//!
//! *Static* propagation counts a strong link only where the current pencil
//! marks already have two candidates (a bivalue cell, a conjugate pair in a
//! unit): the chains of Sudoku Explainer's X-chains and forcing chains.
//! *Dynamic* propagation counts the candidates the assumption has removed
//! so far, so every single that follows is found: its nishio and dynamic
//! forcing chains. *Digit-only* propagation keeps to one digit's links (no
//! link inside a cell): X-chains and nishio.
//!
//! Every link holds in every solution that the pencil marks allow, on every
//! shape and variant (units and peers come from the rules' geometry), so a
//! contradiction proves the assumption false, and a literal that follows
//! from each of a set of assumptions one of which holds is true.

use std::sync::Arc;

use smallvec::SmallVec;

use crate::model::geometry::Geometry;
use crate::rate::link::Link;

/// Which links a propagation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Links {
    /// Strong links from the candidates the assumption removed, not only
    /// from the pencil marks (see the module docs).
    pub(super) dynamic: bool,
    /// Only the links of the assumption's digit.
    pub(super) digit_only: bool,
    /// Also *group* nodes: a digit's places in the cells two units share
    /// (a box and a line), linked as one (static, digit-only links only).
    pub(super) grouped: bool,
}

/// A candidate with a sign: `(cell * n + digit) * 2 + on`; past the
/// candidates, a group node with a sign: `group_base + (group * n + digit)
/// * 2 + on`.
pub(super) type Literal = u32;

/// What one propagation derived, in order; the first literal is the
/// assumption.
#[derive(Clone, Debug, Default)]
pub(super) struct Trace {
    /// The literals derived, in order.
    pub(super) literals: Vec<Literal>,
    /// The parents of `literals[k]` are
    /// `parents[parent_start[k]..parent_start[k + 1]]`, as trace indices:
    /// the literals that together force it.
    parent_start: Vec<u32>,
    parents: Vec<u32>,
    /// The literals (trace indices) that contradict each other, if the
    /// propagation ended in a contradiction.
    pub(super) contradiction: Option<SmallVec<[u32; 4]>>,
    /// The first group literal.
    group_base: u32,
}

impl Trace {
    fn clear(&mut self, group_base: u32) {
        self.group_base = group_base;
        self.literals.clear();
        self.parent_start.clear();
        self.parent_start.push(0);
        self.parents.clear();
        self.contradiction = None;
    }

    fn push(&mut self, literal: Literal, parents: &[u32]) {
        self.literals.push(literal);
        self.parents.extend_from_slice(parents);
        self.parent_start.push(index(self.parents.len()));
    }

    /// How many literals the chain behind `roots` (trace indices) holds,
    /// the roots included (Sudoku Explainer's chain complexity), and how
    /// many of them after the assumption are `on` (its strong links).
    pub(super) fn complexity(&self, roots: &[u32]) -> Length {
        let mut seen = vec![false; self.literals.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        let mut count = Length::default();
        while let Some(k) = stack.pop() {
            let k = k as usize;
            if seen[k] {
                continue;
            }
            seen[k] = true;
            count.literals += 1;
            if k > 0 && self.literals[k] % 2 == 1 {
                count.strong += 1;
            }
            if self.literals[k] >= self.group_base {
                count.groups += 1;
            }
            let (a, b) = (
                self.parent_start[k] as usize,
                self.parent_start[k + 1] as usize,
            );
            stack.extend_from_slice(&self.parents[a..b]);
        }
        count
    }

    /// The literals from the assumption to `literals[k]`, each forced by
    /// the one before it: the chain of first parents (a literal forced by
    /// several, in dynamic chains, shows the first of them).
    pub(super) fn path(&self, k: u32) -> Vec<Literal> {
        let mut path = Vec::new();
        let mut k = k as usize;
        while k < self.literals.len() {
            path.push(self.literals[k]);
            let (a, b) = (
                self.parent_start[k] as usize,
                self.parent_start[k + 1] as usize,
            );
            // Every parent was derived before its child, so this ends at
            // the assumption, which has none.
            match self.parents.get(a..b).and_then(<[u32]>::first) {
                Some(&parent) if (parent as usize) < k => k = parent as usize,
                _ => break,
            }
        }
        path.reverse();
        path
    }

    /// The trace index of `literal`, if it was derived.
    pub(super) fn position(&self, literal: Literal) -> Option<u32> {
        self.literals.iter().position(|&l| l == literal).map(index)
    }
}

/// The size of a chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Length {
    /// Literals in the chain: Sudoku Explainer's complexity.
    pub(super) literals: usize,
    /// Literals after the assumption that are `on`: each follows a strong
    /// link.
    pub(super) strong: usize,
    /// Group nodes in the chain.
    pub(super) groups: usize,
}

impl std::ops::Add for Length {
    type Output = Length;
    fn add(self, other: Length) -> Length {
        Length {
            literals: self.literals + other.literals,
            strong: self.strong + other.strong,
            groups: self.groups + other.groups,
        }
    }
}

/// A trace index or literal as `u32`: traces and literals stay far below
/// 2^32 (at most 2 x 64^3 literals).
fn index(k: usize) -> u32 {
    u32::try_from(k).unwrap_or(u32::MAX)
}

/// The propagation's scratch, reused from one assumption to the next.
#[derive(Clone, Debug)]
pub(super) struct Implications {
    n: usize,
    geometry: Arc<Geometry>,
    /// Candidates per cell as the assumption leaves them (dynamic links).
    work: Vec<u64>,
    /// Per literal, its trace index, or `u32::MAX` if not derived.
    at: Vec<u32>,
    /// The group nodes: the cells that two units share (at least two, not
    /// a whole unit), with the two units.
    groups: Vec<(usize, usize, SmallVec<[usize; 16]>)>,
    /// The first group literal: 2 n cells.
    group_base: u32,
}

impl Implications {
    /// The engine for `geometry`, whose group nodes are `groups`: the
    /// cells two units share (at least two, not a whole unit), with the
    /// two units.
    pub(super) fn new(
        geometry: Arc<Geometry>,
        groups: Vec<(usize, usize, SmallVec<[usize; 16]>)>,
    ) -> Implications {
        let shape = geometry.shape();
        let (n, cells) = (shape.size(), shape.cell_count());
        Implications {
            n,
            work: vec![0; cells],
            at: vec![u32::MAX; 2 * n * (cells + groups.len())],
            group_base: index(2 * n * cells),
            groups,
            geometry,
        }
    }

    /// The literal of digit `d` (0-based) in cell `c`.
    pub(super) fn literal(&self, c: usize, d: usize, on: bool) -> Literal {
        index((c * self.n + d) * 2 + usize::from(on))
    }

    /// The cell, digit (0-based) and sign of `literal`.
    pub(super) fn parts(&self, literal: Literal) -> (usize, usize, bool) {
        let l = literal as usize;
        (l / 2 / self.n, l / 2 % self.n, l % 2 == 1)
    }

    /// `literal` as a chain's link, with `candidates` the pencil marks it
    /// was derived over (a group node stands for its digit's places).
    pub(super) fn link(&self, literal: Literal, candidates: &[u64]) -> Link {
        let (cells, digit, on) = if literal >= self.group_base {
            let k = (literal - self.group_base) as usize;
            let (g, d) = (k / 2 / self.n, k / 2 % self.n);
            let places = Self::places(&self.groups[g].2, 1 << d, candidates);
            (places.to_vec(), d, k % 2 == 1)
        } else {
            let (c, d, on) = self.parts(literal);
            (vec![c], d, on)
        };
        Link {
            cells,
            // A digit index is below the side, at most 64.
            digit: u8::try_from(digit + 1).unwrap_or(u8::MAX),
            on,
        }
    }

    /// Derives from `start` over `candidates` (with `values` the digits
    /// placed) into `trace`, until nothing more follows or a
    /// contradiction.
    pub(super) fn propagate(
        &mut self,
        candidates: &[u64],
        values: &[u8],
        start: Literal,
        links: Links,
        trace: &mut Trace,
    ) {
        trace.clear(self.group_base);
        self.work.copy_from_slice(candidates);
        self.derive(start, &[], trace);
        let geometry = Arc::clone(&self.geometry);
        let mut head = 0;
        while head < trace.literals.len() && trace.contradiction.is_none() {
            let from = index(head);
            let literal = trace.literals[head];
            head += 1;
            if literal >= self.group_base {
                self.group_links(literal, from, candidates, trace);
                continue;
            }
            let (c, d, on) = self.parts(literal);
            let bit = 1u64 << d;
            let marks = if links.dynamic {
                &self.work
            } else {
                candidates
            };
            if on {
                if !links.digit_only {
                    let mut others = marks[c] & !bit;
                    while others != 0 && trace.contradiction.is_none() {
                        let e = others.trailing_zeros() as usize;
                        others &= others - 1;
                        let lit = self.literal(c, e, false);
                        self.derive(lit, &[from], trace);
                    }
                }
                for &p in geometry.peers(c) {
                    if trace.contradiction.is_some() {
                        break;
                    }
                    let marks = if links.dynamic {
                        &self.work
                    } else {
                        candidates
                    };
                    if marks[p] & bit != 0 {
                        let lit = self.literal(p, d, false);
                        self.derive(lit, &[from], trace);
                    }
                }
                if links.grouped {
                    self.cell_to_groups(c, d, from, candidates, trace);
                }
                continue;
            }
            // Off: the cell's last candidate, and each unit's last place.
            if !links.digit_only {
                self.cell_single(c, candidates, links, trace);
            }
            for &u in geometry.cell_units(c) {
                if trace.contradiction.is_some() {
                    break;
                }
                self.unit_single(u, d, candidates, values, links, trace);
                if links.grouped {
                    let place: SmallVec<[usize; 1]> = SmallVec::from_slice(&[c]);
                    self.rest_of_unit(u, d, &place, usize::MAX, from, candidates, trace);
                }
            }
        }
        for &l in &trace.literals {
            self.at[l as usize] = u32::MAX;
        }
    }

    /// The strong link inside cell `c` after one of its candidates went.
    fn cell_single(&mut self, c: usize, candidates: &[u64], links: Links, trace: &mut Trace) {
        let mut parents: SmallVec<[u32; 8]> = SmallVec::new();
        let mut left = candidates[c];
        let mut gone = candidates[c];
        while gone != 0 {
            let e = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            let k = self.at[self.literal(c, e, false) as usize];
            if k != u32::MAX {
                parents.push(k);
                left &= !(1 << e);
            }
        }
        if links.dynamic {
            if left == 0 {
                trace.contradiction = Some(parents.into_iter().collect());
                return;
            }
        } else if candidates[c].count_ones() != 2 {
            return;
        }
        if left.count_ones() == 1 {
            let lit = self.literal(c, left.trailing_zeros() as usize, true);
            self.derive(lit, &parents, trace);
        }
    }

    /// The strong link in unit `u` for digit `d` after one of its places
    /// went.
    fn unit_single(
        &mut self,
        u: usize,
        d: usize,
        candidates: &[u64],
        values: &[u8],
        links: Links,
        trace: &mut Trace,
    ) {
        let geometry = Arc::clone(&self.geometry);
        let bit = 1u64 << d;
        let mut parents: SmallVec<[u32; 8]> = SmallVec::new();
        let mut places = 0usize;
        let mut last = None;
        let mut marked = 0usize;
        for &j in geometry.unit(u) {
            if usize::from(values[j]) == d + 1 {
                return;
            }
            if candidates[j] & bit == 0 {
                continue;
            }
            marked += 1;
            let k = self.at[self.literal(j, d, false) as usize];
            if k == u32::MAX {
                places += 1;
                last = Some(j);
            } else {
                parents.push(k);
            }
        }
        if links.dynamic {
            if places == 0 {
                trace.contradiction = Some(parents.into_iter().collect());
                return;
            }
        } else if marked != 2 {
            return;
        }
        if let (1, Some(j)) = (places, last) {
            let lit = self.literal(j, d, true);
            self.derive(lit, &parents, trace);
        }
    }

    /// Records `literal` with `parents`, unless known; a literal whose
    /// negation is known is a contradiction.
    fn derive(&mut self, literal: Literal, parents: &[u32], trace: &mut Trace) {
        if self.at[literal as usize] != u32::MAX {
            return;
        }
        let k = index(trace.literals.len());
        trace.push(literal, parents);
        self.at[literal as usize] = k;
        let negation = self.at[(literal ^ 1) as usize];
        if negation != u32::MAX {
            trace.contradiction = Some(SmallVec::from_slice(&[k, negation]));
        }
        if literal < self.group_base {
            let (c, d, on) = self.parts(literal);
            if !on {
                self.work[c] &= !(1 << d);
            }
        }
    }

    /// The places of digit bit `bit` among `cells`.
    fn places(cells: &[usize], bit: u64, candidates: &[u64]) -> SmallVec<[usize; 8]> {
        cells
            .iter()
            .copied()
            .filter(|&i| candidates[i] & bit != 0)
            .collect()
    }

    /// Whether cell `x` is a peer of every cell of `group` (and not in it).
    fn sees_all(&self, x: usize, group: &[usize]) -> bool {
        group
            .iter()
            .all(|&g| g != x && self.geometry.peers(x).contains(&g))
    }

    /// The literal of group `g`, digit `d`.
    fn group_literal(&self, g: usize, d: usize, on: bool) -> Literal {
        self.group_base + index((g * self.n + d) * 2 + usize::from(on))
    }

    /// Weak links from `on` in cell `c`: every group of `d` whose places
    /// all see `c` is `off`.
    fn cell_to_groups(
        &mut self,
        c: usize,
        d: usize,
        from: u32,
        candidates: &[u64],
        trace: &mut Trace,
    ) {
        let bit = 1u64 << d;
        for g in 0..self.groups.len() {
            let places = Self::places(&self.groups[g].2, bit, candidates);
            if places.len() >= 2 && self.sees_all(c, &places) {
                let lit = self.group_literal(g, d, false);
                self.derive(lit, &[from], trace);
            }
        }
    }

    /// Strong links of unit `u` for digit `d` once none of `gone` (places
    /// of `d` in `u`) holds it: the rest, if one cell or one group other
    /// than `except`, is `on`.
    #[allow(clippy::too_many_arguments)]
    fn rest_of_unit(
        &mut self,
        u: usize,
        d: usize,
        gone: &[usize],
        except: usize,
        from: u32,
        candidates: &[u64],
        trace: &mut Trace,
    ) {
        let bit = 1u64 << d;
        let geometry = Arc::clone(&self.geometry);
        let rest: SmallVec<[usize; 8]> = Self::places(geometry.unit(u), bit, candidates)
            .into_iter()
            .filter(|i| !gone.contains(i))
            .collect();
        match rest.len() {
            0 => {}
            1 => {
                let lit = self.literal(rest[0], d, true);
                self.derive(lit, &[from], trace);
            }
            _ => {
                let found = (0..self.groups.len()).find(|&g| {
                    let (a, b, ref cells) = self.groups[g];
                    g != except
                        && (a == u || b == u)
                        && Self::places(cells, bit, candidates) == rest
                });
                if let Some(g) = found {
                    let lit = self.group_literal(g, d, true);
                    self.derive(lit, &[from], trace);
                }
            }
        }
    }

    /// The links of a group literal.
    fn group_links(&mut self, literal: Literal, from: u32, candidates: &[u64], trace: &mut Trace) {
        let k = (literal - self.group_base) as usize;
        let (g, d, on) = (k / 2 / self.n, k / 2 % self.n, k % 2 == 1);
        let bit = 1u64 << d;
        let places = Self::places(&self.groups[g].2, bit, candidates);
        if on {
            // Weak: the cells and groups that see all its places.
            let geometry = Arc::clone(&self.geometry);
            for &x in geometry.peers(places[0]) {
                if candidates[x] & bit != 0 && self.sees_all(x, &places) {
                    let lit = self.literal(x, d, false);
                    self.derive(lit, &[from], trace);
                }
            }
            for h in 0..self.groups.len() {
                let other = Self::places(&self.groups[h].2, bit, candidates);
                if h != g && other.len() >= 2 && other.iter().all(|&x| self.sees_all(x, &places)) {
                    let lit = self.group_literal(h, d, false);
                    self.derive(lit, &[from], trace);
                }
            }
        } else {
            let (a, b, _) = self.groups[g];
            for u in [a, b] {
                self.rest_of_unit(u, d, &places, g, from, candidates, trace);
            }
        }
    }
}

/// The scratch of the chain searches, built on first use.
#[derive(Clone, Debug)]
pub(crate) struct ChainScratch {
    pub(super) implications: Implications,
    /// One trace per candidate (`cell * n + digit`) for the multiple
    /// search; the first also serves the contradiction search.
    pub(super) traces: Vec<Trace>,
    /// Per literal, in how many branches it followed.
    pub(super) hits: Vec<u16>,
}
