//! Exact-cover problems: items, options, colors and multiplicities.

use crate::error::DlxError;
use crate::index::{Color, INDEX_LIMIT, ItemId, OptionId, to_u32};

/// An exact-cover problem: items, and options that are sets of items.
///
/// A solution is a set of options that covers every *primary* item exactly
/// once (or, if it has [`Bounds`], between its lower and upper bound) and
/// every *secondary* item at most once, unless all the options that cover it
/// give it the same [`Color`]. Items are numbered from 0, primary items
/// first. A `Problem` is immutable and always valid: the
/// [`ProblemBuilder`](crate::ProblemBuilder)
/// checks every option as it is added.
///
/// Which of Knuth's algorithms it takes is its [`Kind`]: no colors and no
/// bounds is plain exact cover, and runs exactly as fast as before either
/// existed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub(crate) primary: u32,
    pub(crate) secondary: u32,
    /// Option `k` holds `items[starts[k]..starts[k + 1]]`; `starts` has one
    /// entry more than there are options and starts with 0.
    pub(crate) starts: Vec<u32>,
    pub(crate) items: Vec<ItemId>,
    /// The color of each entry of `items`, or empty if no entry has one (so
    /// it is empty unless some entry has a color).
    pub(crate) colors: Vec<Option<Color>>,
    /// The bounds of each primary item, or empty if every one is to be
    /// covered exactly once.
    pub(crate) bounds: Vec<Bounds>,
}

/// Which search a problem needs: the kinds of Knuth's programs DLX1, DLX2 and
/// DLX3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// Exact cover (Algorithm X): every primary item once, every secondary
    /// item at most once.
    Exact,
    /// Exact cover with colors (XCC, Algorithm C): options may give
    /// secondary items colors, and options that agree on them go together.
    Colors,
    /// Multiple cover with colors (MCC, Algorithm M): primary items have
    /// [`Bounds`] on how many options cover them; colors as in XCC.
    Multiplicities,
}

/// How many chosen options must cover a primary item: at least `lower`, at
/// most `upper` (Knuth's `lower:upper|name`). Plain exact cover is `1..=1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    lower: u32,
    upper: u32,
}

impl Bounds {
    /// Exactly once: the bounds of every primary item of exact cover.
    pub const ONCE: Bounds = Bounds { lower: 1, upper: 1 };

    /// At least `lower` and at most `upper` times, or `None` unless
    /// `1 <= upper` and `lower <= upper` (as Knuth's DLX3 requires).
    #[must_use]
    pub fn new(lower: u32, upper: u32) -> Option<Self> {
        (upper >= 1 && lower <= upper && (upper as usize) < INDEX_LIMIT)
            .then_some(Bounds { lower, upper })
    }

    /// The least number of options that must cover the item.
    #[must_use]
    pub fn lower(self) -> u32 {
        self.lower
    }

    /// The most options that may cover the item.
    #[must_use]
    pub fn upper(self) -> u32 {
        self.upper
    }

    /// Whether `count` options covering the item is allowed.
    #[must_use]
    pub fn contains(self, count: usize) -> bool {
        (self.lower as usize..=self.upper as usize).contains(&count)
    }
}

impl Problem {
    /// The number of primary items.
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// The number of secondary items.
    #[must_use]
    pub fn secondary_count(&self) -> usize {
        self.secondary as usize
    }

    /// The number of items, primary and secondary.
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.primary_count() + self.secondary_count()
    }

    /// Whether `item` is a primary item.
    #[must_use]
    pub fn is_primary(&self, item: ItemId) -> bool {
        item.as_u32() < self.primary
    }

    /// Which search the problem needs: [`Kind::Multiplicities`] if a primary
    /// item has bounds other than exactly once, else [`Kind::Colors`] if an
    /// option gives an item a color, else [`Kind::Exact`].
    #[must_use]
    pub fn kind(&self) -> Kind {
        if !self.bounds.is_empty() {
            Kind::Multiplicities
        } else if !self.colors.is_empty() {
            Kind::Colors
        } else {
            Kind::Exact
        }
    }

    /// The bounds of primary item `item` ([`Bounds::ONCE`] unless set), or
    /// `None` for a secondary item.
    ///
    /// # Panics
    ///
    /// If `item` does not belong to this problem.
    #[must_use]
    pub fn bounds(&self, item: ItemId) -> Option<Bounds> {
        assert!(item.index() < self.item_count(), "no item {item}");
        self.is_primary(item).then(|| {
            self.bounds
                .get(item.index())
                .copied()
                .unwrap_or(Bounds::ONCE)
        })
    }

    /// The number of options.
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The entries of option `k`: a range of `items` (and of `colors`).
    fn range(&self, option: OptionId) -> std::ops::Range<usize> {
        let k = option.index();
        self.starts[k] as usize..self.starts[k + 1] as usize
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    ///
    /// If `option` does not belong to this problem.
    #[must_use]
    pub fn option(&self, option: OptionId) -> &[ItemId] {
        &self.items[self.range(option)]
    }

    /// The items of `option` with the color it gives each (`None`: no
    /// color), in the order they were given.
    ///
    /// # Panics
    ///
    /// If `option` does not belong to this problem.
    pub fn entries(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = (ItemId, Option<Color>)> + '_ {
        let range = self.range(option);
        let colors = self.colors.get(range.clone());
        self.items[range]
            .iter()
            .enumerate()
            .map(move |(k, &item)| (item, colors.and_then(|c| c[k])))
    }

    /// The options and their items, in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = (OptionId, &[ItemId])> + '_ {
        self.starts.windows(2).enumerate().map(|(k, w)| {
            (
                OptionId::from_u32(to_u32(k)),
                &self.items[w[0] as usize..w[1] as usize],
            )
        })
    }

    /// The same problem with its options in reverse order: option `k` of
    /// `n` becomes option `n - 1 - k`, with the same items, colors and
    /// bounds. The leftmost search of it walks this problem's tree from its
    /// right end ([`Dlx::first_solution_race`](crate::Dlx::first_solution_race)).
    pub(crate) fn with_options_reversed(&self) -> Problem {
        let mut starts = Vec::with_capacity(self.starts.len());
        let mut items = Vec::with_capacity(self.items.len());
        let mut colors = Vec::with_capacity(self.colors.len());
        starts.push(0);
        for w in self.starts.windows(2).rev() {
            let range = w[0] as usize..w[1] as usize;
            items.extend_from_slice(&self.items[range.clone()]);
            if !self.colors.is_empty() {
                colors.extend_from_slice(&self.colors[range]);
            }
            starts.push(to_u32(items.len()));
        }
        Problem {
            primary: self.primary,
            secondary: self.secondary,
            starts,
            items,
            colors,
            bounds: self.bounds.clone(),
        }
    }

    /// The total number of item entries over all options.
    #[must_use]
    pub fn entry_count(&self) -> usize {
        self.items.len()
    }

    /// The id of option `index`, if the problem has it.
    ///
    /// # Errors
    ///
    /// [`DlxError::UnknownOption`] if the index is out of range.
    pub fn option_id(&self, index: usize) -> Result<OptionId, DlxError> {
        if index < self.option_count() {
            Ok(OptionId::from_u32(to_u32(index)))
        } else {
            Err(DlxError::UnknownOption {
                option: index,
                options: self.option_count(),
            })
        }
    }

    /// This problem without the options `k` where `dropped[k]` is true; the
    /// others keep their order (and are renumbered from 0).
    pub(crate) fn without_options(&self, dropped: &[bool]) -> Problem {
        let mut kept = Problem {
            starts: vec![0],
            items: Vec::new(),
            colors: Vec::new(),
            ..self.clone()
        };
        for ((option, items), &drop) in self.options().zip(dropped) {
            if !drop {
                kept.items.extend_from_slice(items);
                if !self.colors.is_empty() {
                    kept.colors
                        .extend_from_slice(&self.colors[self.range(option)]);
                }
                kept.starts.push(to_u32(kept.items.len()));
            }
        }
        if !kept.colors.iter().any(Option::is_some) {
            kept.colors.clear();
        }
        kept
    }

    /// Checks that `options` is a solution: distinct options of this
    /// problem, covering each primary item within its bounds (exactly once
    /// unless set) and each secondary item at most once, or more often if
    /// every option covering it gives it the same color.
    ///
    /// This is an independent check: it uses only the problem's option lists,
    /// not the dancing-links search.
    #[must_use]
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        self.tally(options).is_some_and(|tally| {
            tally.iter().enumerate().all(|(k, use_)| {
                let item = ItemId::from_u32(to_u32(k));
                match self.bounds(item) {
                    Some(bounds) => bounds.contains(use_.count),
                    None => use_.count <= 1 || use_.color != Usage::UNCOLORED,
                }
            })
        })
    }

    /// The color each secondary item has in the solution `options`: the
    /// items some option of it colors, in item order, with that color. (All
    /// options that cover such an item give it the same color, or `options`
    /// is not a solution; then the first color given is reported.)
    ///
    /// # Panics
    ///
    /// If an option does not belong to this problem.
    #[must_use]
    pub fn solution_colors(&self, options: &[OptionId]) -> Vec<(ItemId, Color)> {
        let mut color: Vec<Option<Color>> = vec![None; self.item_count()];
        for &option in options {
            for (item, c) in self.entries(option) {
                if let Some(c) = c {
                    color[item.index()].get_or_insert(c);
                }
            }
        }
        color
            .iter()
            .enumerate()
            .filter_map(|(k, c)| c.map(|c| (ItemId::from_u32(to_u32(k)), c)))
            .collect()
    }

    /// How often each item is covered by `options`, and whether the
    /// options agree on its color; `None` if an option is out of range,
    /// repeated, or two options disagree on a color.
    fn tally(&self, options: &[OptionId]) -> Option<Vec<Usage>> {
        let mut tally = vec![Usage::default(); self.item_count()];
        let mut chosen = vec![false; self.option_count()];
        for &option in options {
            if std::mem::replace(chosen.get_mut(option.index())?, true) {
                return None;
            }
            for (item, color) in self.entries(option) {
                let use_ = &mut tally[item.index()];
                let color = color.map_or(Usage::UNCOLORED, |c| c.as_u32());
                if use_.count > 0 && use_.color != color {
                    use_.color = Usage::UNCOLORED;
                } else {
                    use_.color = color;
                }
                use_.count += 1;
            }
        }
        Some(tally)
    }
}

/// How a set of options uses one item.
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    /// The options that cover it.
    count: usize,
    /// The color they all give it, or [`Usage::UNCOLORED`] if one gives
    /// none or two disagree.
    color: u32,
}

impl Usage {
    const UNCOLORED: u32 = u32::MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_solution_checks_exact_cover() {
        let mut b = Problem::builder(2, 1).unwrap();
        let a = b.add_option(&[0, 2]).unwrap();
        let c = b.add_option(&[1, 2]).unwrap();
        let d = b.add_option(&[1]).unwrap();
        let p = b.build();
        assert_eq!(p.kind(), Kind::Exact);
        assert!(p.is_solution(&[a, d]));
        assert!(!p.is_solution(&[a, c]), "secondary item covered twice");
        assert!(!p.is_solution(&[a]), "primary item 1 uncovered");
        assert!(!p.is_solution(&[d, d, a]), "option repeated");
        assert!(p.solution_colors(&[a, d]).is_empty());
    }

    #[test]
    fn colors_let_options_share_a_secondary_item() {
        // Knuth's example of color controls (TAOCP 7.2.2.1 (49)):
        // p q r | x y; options p q x y:A, p r x:A y, p x:B, q x:A, r y:B.
        let red = Color::new(0);
        let blue = Color::new(1);
        let mut b = Problem::builder(3, 2).unwrap();
        let pqxy = b
            .add_colored_option(&[(0, None), (1, None), (3, None), (4, red)])
            .unwrap();
        let prxy = b
            .add_colored_option(&[(0, None), (2, None), (3, red), (4, None)])
            .unwrap();
        let px = b.add_colored_option(&[(0, None), (3, blue)]).unwrap();
        let qx = b.add_colored_option(&[(1, None), (3, red)]).unwrap();
        let ry = b.add_colored_option(&[(2, None), (4, blue)]).unwrap();
        let p = b.build();
        assert_eq!(p.kind(), Kind::Colors);
        assert!(p.is_solution(&[prxy, qx]));
        let x = ItemId::new(3).unwrap();
        assert_eq!(p.solution_colors(&[prxy, qx]), [(x, red.unwrap())]);
        assert!(!p.is_solution(&[px, qx, ry]), "x blue and red");
        assert!(!p.is_solution(&[pqxy, ry]), "y uncolored and blue");
        assert_eq!(
            p.entries(qx).collect::<Vec<_>>(),
            [(ItemId::new(1).unwrap(), None), (x, red)]
        );
    }

    #[test]
    fn bounds_say_how_often_a_primary_item_is_covered() {
        let mut b = Problem::builder(2, 1).unwrap();
        b.set_bounds(0, 2, 3).unwrap();
        let a = b.add_option(&[0]).unwrap();
        let ab = b.add_option(&[0, 1]).unwrap();
        let a2 = b.add_option(&[0, 2]).unwrap();
        let p = b.build();
        assert_eq!(p.kind(), Kind::Multiplicities);
        assert_eq!(p.bounds(ItemId::new(0).unwrap()), Bounds::new(2, 3));
        assert_eq!(p.bounds(ItemId::new(1).unwrap()), Some(Bounds::ONCE));
        assert_eq!(p.bounds(ItemId::new(2).unwrap()), None);
        assert!(p.is_solution(&[a, ab]));
        assert!(p.is_solution(&[a, ab, a2]));
        assert!(!p.is_solution(&[ab]), "item 0 below its lower bound");
        assert!(!p.is_solution(&[ab, ab, a]), "an option chosen twice");
        assert_eq!(Bounds::new(2, 1), None);
        assert_eq!(Bounds::new(0, 0), None);
        assert!(Bounds::new(0, 1).unwrap().contains(0));
    }
}
