//! The validating builder of [`Problem`]s, and [`Problem::builder`] that
//! starts one (here, so that `problem.rs` needs nothing from this file).

use crate::error::DlxError;
use crate::index::{Color, INDEX_LIMIT, ItemId, OptionId, to_u32};
use crate::matrix::MAX_OPTION_LEN;
use crate::problem::{Bounds, Problem};

impl Problem {
    /// Starts a problem with `primary` primary items (numbered `0..primary`)
    /// and `secondary` secondary items (numbered after them).
    ///
    /// # Errors
    ///
    /// [`DlxError::NoPrimaryItems`] if `primary` is 0, and
    /// [`DlxError::TooManyItems`] if the items do not fit the engine's indices.
    pub fn builder(primary: usize, secondary: usize) -> Result<ProblemBuilder, DlxError> {
        if primary == 0 {
            return Err(DlxError::NoPrimaryItems);
        }
        let count = primary.saturating_add(secondary);
        // The arena also holds a root and one header per item.
        if count >= INDEX_LIMIT / 2 {
            return Err(DlxError::TooManyItems { count });
        }
        Ok(ProblemBuilder::new(Problem {
            primary: to_u32(primary),
            secondary: to_u32(secondary),
            starts: vec![0],
            items: Vec::new(),
            colors: Vec::new(),
            bounds: Vec::new(),
        }))
    }
}

/// Builds a [`Problem`] option by option, rejecting any option that is not
/// valid; see [`Problem::builder`].
///
/// ```
/// use dlx_engine::{Color, Kind, Problem};
///
/// // Two primary items that each want two options, and one secondary item
/// // that options may share if they agree on its color.
/// let mut b = Problem::builder(2, 1)?;
/// b.set_bounds(0, 2, 2)?;
/// b.set_bounds(1, 2, 2)?;
/// let red = Color::new(0);
/// b.add_colored_option(&[(0, None), (1, None), (2, red)])?;
/// b.add_colored_option(&[(0, None), (1, None), (2, red)])?;
/// b.add_option(&[0, 1, 2])?;
/// let problem = b.build();
/// assert_eq!(problem.kind(), Kind::Multiplicities);
/// assert_eq!(dlx_engine::Dlx::new(&problem).count(None).solutions, 1);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    problem: Problem,
    /// For each item named so far, the option that last named it: detects
    /// repeats in O(1). Grown as items are first named, so declaring many
    /// items costs nothing until options use them.
    seen: Vec<u32>,
}

impl ProblemBuilder {
    /// A builder that adds to `problem`, which has no options yet.
    pub(crate) fn new(problem: Problem) -> Self {
        ProblemBuilder {
            problem,
            seen: Vec::new(),
        }
    }

    /// Adds an option naming `items` (indices as in [`Problem::builder`]) and returns its id.
    ///
    /// # Errors
    ///
    /// [`DlxError::EmptyOption`], [`DlxError::ItemOutOfRange`], [`DlxError::RepeatedItem`],
    /// [`DlxError::NoPrimaryInOption`], [`DlxError::OptionTooLong`] (more than
    /// 65,535 items), or [`DlxError::TooManyNodes`]. A rejected option
    /// leaves the builder as it was.
    pub fn add_option(&mut self, items: &[usize]) -> Result<OptionId, DlxError> {
        self.add_entries(items.iter().map(|&item| (item, None)), items.len())
    }

    /// Adds an option whose entries are items with, for secondary items, an
    /// optional color (Knuth's `x:A`), and returns its id. Options that give
    /// a secondary item the same color may be chosen together; an entry
    /// without a color rules out every other option with that item.
    ///
    /// # Errors
    ///
    /// As [`add_option`](Self::add_option), and
    /// [`DlxError::ColorOnPrimary`] if a primary item has a color.
    pub fn add_colored_option(
        &mut self,
        entries: &[(usize, Option<Color>)],
    ) -> Result<OptionId, DlxError> {
        self.add_entries(entries.iter().copied(), entries.len())
    }

    /// Says that primary item `item` must be covered by at least `lower` and
    /// at most `upper` of the chosen options (Knuth's `lower:upper|name`),
    /// rather than exactly once. A problem with such an item is solved by
    /// Algorithm M ([`Kind::Multiplicities`](crate::Kind::Multiplicities)).
    ///
    /// # Errors
    ///
    /// [`DlxError::NoSuchItem`] if there is no item `item`,
    /// [`DlxError::BoundsOnSecondary`] if it is secondary, and
    /// [`DlxError::BadBounds`] unless `1 <= upper` and `lower <= upper`.
    pub fn set_bounds(&mut self, item: usize, lower: u32, upper: u32) -> Result<(), DlxError> {
        let p = &mut self.problem;
        let Some(id) = ItemId::new(item).filter(|&id| id.index() < p.item_count()) else {
            return Err(DlxError::NoSuchItem {
                item,
                items: p.item_count(),
            });
        };
        if !p.is_primary(id) {
            return Err(DlxError::BoundsOnSecondary { item: id });
        }
        let bounds = Bounds::new(lower, upper).ok_or(DlxError::BadBounds {
            item: id,
            lower,
            upper,
        })?;
        if p.bounds.is_empty() {
            if bounds == Bounds::ONCE {
                return Ok(());
            }
            p.bounds = vec![Bounds::ONCE; p.primary_count()];
        }
        p.bounds[item] = bounds;
        if p.bounds.iter().all(|&b| b == Bounds::ONCE) {
            // Back to plain exact cover, which has its own, faster search.
            p.bounds.clear();
        }
        Ok(())
    }

    /// Adds the option of `len` entries `entries`, checking each.
    fn add_entries(
        &mut self,
        entries: impl Iterator<Item = (usize, Option<Color>)> + Clone,
        len: usize,
    ) -> Result<OptionId, DlxError> {
        let p = &mut self.problem;
        let option = p.option_count();
        if len == 0 {
            return Err(DlxError::EmptyOption { option });
        }
        if len > MAX_OPTION_LEN {
            return Err(DlxError::OptionTooLong {
                option,
                len,
                limit: MAX_OPTION_LEN,
            });
        }
        let item_count = p.item_count();
        // Root, headers, a spacer per option and one before the first, and the entries.
        let nodes = (item_count + 2)
            .saturating_add(option + 1)
            .saturating_add(p.items.len() + len);
        if nodes >= INDEX_LIMIT || option + 1 >= INDEX_LIMIT {
            return Err(DlxError::TooManyNodes { limit: INDEX_LIMIT });
        }
        let mark = to_u32(option);
        let mut has_primary = false;
        let mut has_color = false;
        for (item, color) in entries.clone() {
            let error = if item >= item_count {
                Some(DlxError::ItemOutOfRange {
                    option,
                    item,
                    items: item_count,
                })
            } else if color.is_some() && item < p.primary_count() {
                Some(DlxError::ColorOnPrimary {
                    option,
                    item: ItemId::from_u32(to_u32(item)),
                })
            } else {
                if item >= self.seen.len() {
                    self.seen.resize(item + 1, u32::MAX);
                }
                (std::mem::replace(&mut self.seen[item], mark) == mark).then(|| {
                    DlxError::RepeatedItem {
                        option,
                        item: ItemId::from_u32(to_u32(item)),
                    }
                })
            };
            if let Some(error) = error {
                self.undo_marks(entries, mark);
                return Err(error);
            }
            has_primary |= item < p.primary_count();
            has_color |= color.is_some();
        }
        if !has_primary {
            self.undo_marks(entries, mark);
            return Err(DlxError::NoPrimaryInOption { option });
        }
        let start = p.items.len();
        p.items
            .extend(entries.clone().map(|(i, _)| ItemId::from_u32(to_u32(i))));
        if has_color || !p.colors.is_empty() {
            // The first colored option gives every entry before it `None`.
            p.colors.resize(start, None);
            p.colors.extend(entries.map(|(_, c)| c));
        }
        p.starts.push(to_u32(p.items.len()));
        Ok(OptionId::from_u32(mark))
    }

    /// Forgets the marks a rejected option left, so the next option with the
    /// same index is checked afresh.
    fn undo_marks(&mut self, entries: impl Iterator<Item = (usize, Option<Color>)>, mark: u32) {
        for (item, _) in entries {
            if let Some(seen) = self.seen.get_mut(item).filter(|s| **s == mark) {
                *seen = u32::MAX;
            }
        }
    }

    /// Makes room for `options` more options with `entries` entries (items)
    /// in all, so that adding them does not reallocate: a caller that
    /// knows its matrix (as Sudoku's encoding does) saves the repeated
    /// growth, which costs about as much as laying out a small matrix.
    ///
    /// ```
    /// let mut b = dlx_engine::Problem::builder(2, 0)?;
    /// b.reserve(2, 2);
    /// b.add_option(&[0])?;
    /// b.add_option(&[1])?;
    /// assert_eq!(b.build().entry_count(), 2);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn reserve(&mut self, options: usize, entries: usize) {
        self.problem.starts.reserve(options);
        self.problem.items.reserve(entries);
        // The marks of repeats grow to the last item named, which `entries`
        // entries name at most; grown item by item, they took a
        // reallocation or two per small matrix.
        let marked = entries.min(self.problem.item_count());
        self.seen.reserve(marked.saturating_sub(self.seen.len()));
    }

    /// The number of options added so far.
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Finishes the problem.
    #[must_use]
    pub fn build(self) -> Problem {
        self.problem
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_rejects_each_kind_of_bad_option() {
        let mut b = Problem::builder(2, 1).unwrap();
        assert_eq!(b.add_option(&[]), Err(DlxError::EmptyOption { option: 0 }));
        assert_eq!(
            b.add_option(&[0, 3]),
            Err(DlxError::ItemOutOfRange {
                option: 0,
                item: 3,
                items: 3
            })
        );
        assert_eq!(
            b.add_option(&[1, 0, 1]),
            Err(DlxError::RepeatedItem {
                option: 0,
                item: ItemId::new(1).unwrap()
            })
        );
        assert_eq!(
            b.add_option(&[2]),
            Err(DlxError::NoPrimaryInOption { option: 0 })
        );
        assert_eq!(
            b.add_colored_option(&[(2, None), (1, Color::new(0))]),
            Err(DlxError::ColorOnPrimary {
                option: 0,
                item: ItemId::new(1).unwrap()
            })
        );
        // A rejected option leaves no trace: the same items are fine now.
        assert_eq!(b.add_option(&[1, 0]).map(OptionId::index), Ok(0));
        assert_eq!(b.add_option(&[0, 2]).map(OptionId::index), Ok(1));
        let p = b.build();
        assert_eq!(p.option_count(), 2);
        assert_eq!(p.entry_count(), 4);
        assert!(p.is_primary(ItemId::new(1).unwrap()));
        assert!(!p.is_primary(ItemId::new(2).unwrap()));
    }

    #[test]
    fn bounds_are_checked() {
        let mut b = Problem::builder(2, 1).unwrap();
        let item = |k| ItemId::new(k).unwrap();
        assert_eq!(
            b.set_bounds(2, 1, 2),
            Err(DlxError::BoundsOnSecondary { item: item(2) })
        );
        assert_eq!(
            b.set_bounds(3, 1, 2),
            Err(DlxError::NoSuchItem { item: 3, items: 3 })
        );
        assert_eq!(
            b.set_bounds(0, 3, 2),
            Err(DlxError::BadBounds {
                item: item(0),
                lower: 3,
                upper: 2
            })
        );
        assert_eq!(
            b.set_bounds(0, 0, 0),
            Err(DlxError::BadBounds {
                item: item(0),
                lower: 0,
                upper: 0
            })
        );
        b.set_bounds(1, 0, 4).unwrap();
        b.add_option(&[0, 1]).unwrap();
        assert_eq!(b.clone().build().kind(), crate::Kind::Multiplicities);
        // Setting every item back to exactly once is plain exact cover again.
        b.set_bounds(1, 1, 1).unwrap();
        assert_eq!(b.build().kind(), crate::Kind::Exact);
    }

    #[test]
    fn colors_stay_with_their_entries_whichever_option_has_the_first() {
        let mut b = Problem::builder(1, 2).unwrap();
        let first = b
            .add_colored_option(&[(0, None), (1, Color::new(2))])
            .unwrap();
        let plain = b.add_option(&[0, 2]).unwrap();
        let p = b.build();
        assert_eq!(p.entries(first).nth(1).unwrap().1, Color::new(2));
        assert!(p.entries(plain).all(|(_, c)| c.is_none()));
        assert_eq!(p.colors.len(), p.entry_count());
    }

    #[test]
    fn a_colored_option_after_plain_ones_keeps_every_color_in_place() {
        let mut b = Problem::builder(1, 2).unwrap();
        let plain = b.add_option(&[0, 1]).unwrap();
        let colored = b
            .add_colored_option(&[(0, None), (2, Color::new(5))])
            .unwrap();
        let p = b.build();
        assert_eq!(p.kind(), crate::Kind::Colors);
        assert!(p.entries(plain).all(|(_, c)| c.is_none()));
        assert_eq!(p.entries(colored).nth(1).unwrap().1, Color::new(5));
    }

    #[test]
    #[cfg_attr(miri, ignore = "65,535 items")]
    fn an_option_may_name_up_to_65535_items() {
        let mut b = Problem::builder(MAX_OPTION_LEN + 1, 0).unwrap();
        let all: Vec<usize> = (0..=MAX_OPTION_LEN).collect();
        assert_eq!(
            b.add_option(&all),
            Err(DlxError::OptionTooLong {
                option: 0,
                len: 65_536,
                limit: 65_535
            })
        );
        assert_eq!(b.add_option(&all[1..]).map(OptionId::index), Ok(0));
        assert_eq!(b.add_option(&[0]).map(OptionId::index), Ok(1));
        let mut solver = crate::Dlx::new(&b.build());
        assert_eq!(solver.count(None).solutions, 1);
    }

    #[test]
    fn declaring_many_items_allocates_nothing_up_front() {
        // 2^30 items would be 4 GiB of marks if they were allocated eagerly.
        let mut b = Problem::builder(1 << 30, 0).unwrap();
        assert_eq!(b.seen.capacity(), 0);
        assert!(b.add_option(&[5, 9]).is_ok());
        assert!(b.seen.len() <= 10);
    }

    #[test]
    fn builder_rejects_problems_without_primary_items() {
        assert_eq!(Problem::builder(0, 3).err(), Some(DlxError::NoPrimaryItems));
        assert!(matches!(
            Problem::builder(usize::MAX, 1),
            Err(DlxError::TooManyItems { .. })
        ));
    }
}
