//! Exact-cover problems and their validating builder.

use crate::error::Error;
use crate::index::{INDEX_LIMIT, ItemId, OptionId, to_u32};
use crate::matrix::MAX_OPTION_LEN;

/// An exact-cover problem: items, and options that are sets of items.
///
/// A solution is a set of options that covers every *primary* item exactly
/// once and every *secondary* item at most once. Items are numbered from 0,
/// primary items first. A `Problem` is immutable and always valid: the
/// [`ProblemBuilder`] checks every option as it is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    primary: u32,
    secondary: u32,
    /// Option `k` holds `items[starts[k]..starts[k + 1]]`; `starts` has one
    /// entry more than there are options and starts with 0.
    starts: Vec<u32>,
    items: Vec<ItemId>,
}

impl Problem {
    /// Starts a problem with `primary` primary items (numbered `0..primary`)
    /// and `secondary` secondary items (numbered after them).
    ///
    /// # Errors
    ///
    /// [`Error::NoPrimaryItems`] if `primary` is 0, and
    /// [`Error::TooManyItems`] if the items do not fit the engine's indices.
    pub fn builder(primary: usize, secondary: usize) -> Result<ProblemBuilder, Error> {
        if primary == 0 {
            return Err(Error::NoPrimaryItems);
        }
        let count = primary.saturating_add(secondary);
        // The arena also holds a root and one header per item.
        if count >= INDEX_LIMIT / 2 {
            return Err(Error::TooManyItems { count });
        }
        Ok(ProblemBuilder {
            problem: Problem {
                primary: to_u32(primary),
                secondary: to_u32(secondary),
                starts: vec![0],
                items: Vec::new(),
            },
            seen: Vec::new(),
        })
    }

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

    /// The number of options.
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    ///
    /// If `option` does not belong to this problem.
    #[must_use]
    pub fn option(&self, option: OptionId) -> &[ItemId] {
        let k = option.index();
        &self.items[self.starts[k] as usize..self.starts[k + 1] as usize]
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

    /// The total number of item entries over all options.
    #[must_use]
    pub fn entry_count(&self) -> usize {
        self.items.len()
    }

    /// The id of option `index`, if the problem has it.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownOption`] if the index is out of range.
    pub fn option_id(&self, index: usize) -> Result<OptionId, Error> {
        if index < self.option_count() {
            Ok(OptionId::from_u32(to_u32(index)))
        } else {
            Err(Error::UnknownOption {
                option: index,
                options: self.option_count(),
            })
        }
    }

    /// This problem without the options `k` where `dropped[k]` is true; the
    /// others keep their order (and are renumbered from 0).
    pub(crate) fn without_options(&self, dropped: &[bool]) -> Problem {
        let mut starts = vec![0];
        let mut items = Vec::new();
        for ((_, option), &drop) in self.options().zip(dropped) {
            if !drop {
                items.extend_from_slice(option);
                starts.push(to_u32(items.len()));
            }
        }
        Problem {
            primary: self.primary,
            secondary: self.secondary,
            starts,
            items,
        }
    }

    /// Checks that `options` is a solution: every primary item covered exactly
    /// once and every secondary item at most once.
    ///
    /// This is an independent check: it uses only the problem's option lists,
    /// not the dancing-links search.
    #[must_use]
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        let mut covered = vec![false; self.item_count()];
        for &option in options {
            if option.index() >= self.option_count() {
                return false;
            }
            for &item in self.option(option) {
                if std::mem::replace(&mut covered[item.index()], true) {
                    return false;
                }
            }
        }
        covered[..self.primary_count()].iter().all(|&c| c)
    }
}

/// Builds a [`Problem`] option by option, rejecting any option that is not valid.
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    problem: Problem,
    /// For each item named so far, the option that last named it: detects
    /// repeats in O(1). Grown as items are first named, so declaring many
    /// items costs nothing until options use them.
    seen: Vec<u32>,
}

impl ProblemBuilder {
    /// Adds an option naming `items` (indices as in [`Problem::builder`]) and returns its id.
    ///
    /// # Errors
    ///
    /// [`Error::EmptyOption`], [`Error::ItemOutOfRange`], [`Error::RepeatedItem`],
    /// [`Error::NoPrimaryInOption`], [`Error::OptionTooLong`] (more than
    /// 65,535 items), or [`Error::TooManyNodes`]. A rejected option
    /// leaves the builder as it was.
    pub fn add_option(&mut self, items: &[usize]) -> Result<OptionId, Error> {
        let p = &mut self.problem;
        let option = p.option_count();
        if items.is_empty() {
            return Err(Error::EmptyOption { option });
        }
        if items.len() > MAX_OPTION_LEN {
            return Err(Error::OptionTooLong {
                option,
                len: items.len(),
                limit: MAX_OPTION_LEN,
            });
        }
        let item_count = p.item_count();
        // Root, headers, a spacer per option and one before the first, and the entries.
        let nodes = (item_count + 2)
            .saturating_add(option + 1)
            .saturating_add(p.items.len() + items.len());
        if nodes >= INDEX_LIMIT || option + 1 >= INDEX_LIMIT {
            return Err(Error::TooManyNodes { limit: INDEX_LIMIT });
        }
        let mark = to_u32(option);
        let mut has_primary = false;
        for &item in items {
            if item >= item_count {
                self.undo_marks(items, mark);
                return Err(Error::ItemOutOfRange {
                    option,
                    item,
                    items: item_count,
                });
            }
            if item >= self.seen.len() {
                self.seen.resize(item + 1, u32::MAX);
            }
            if self.seen[item] == mark {
                self.undo_marks(items, mark);
                return Err(Error::RepeatedItem {
                    option,
                    item: ItemId::from_u32(to_u32(item)),
                });
            }
            self.seen[item] = mark;
            has_primary |= item < p.primary as usize;
        }
        if !has_primary {
            self.undo_marks(items, mark);
            return Err(Error::NoPrimaryInOption { option });
        }
        p.items
            .extend(items.iter().map(|&i| ItemId::from_u32(to_u32(i))));
        p.starts.push(to_u32(p.items.len()));
        Ok(OptionId::from_u32(mark))
    }

    /// Forgets the marks a rejected option left, so the next option with the
    /// same index is checked afresh.
    fn undo_marks(&mut self, items: &[usize], mark: u32) {
        for &item in items {
            if let Some(seen) = self.seen.get_mut(item).filter(|s| **s == mark) {
                *seen = u32::MAX;
            }
        }
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
        assert_eq!(b.add_option(&[]), Err(Error::EmptyOption { option: 0 }));
        assert_eq!(
            b.add_option(&[0, 3]),
            Err(Error::ItemOutOfRange {
                option: 0,
                item: 3,
                items: 3
            })
        );
        assert_eq!(
            b.add_option(&[1, 0, 1]),
            Err(Error::RepeatedItem {
                option: 0,
                item: ItemId::new(1).unwrap()
            })
        );
        assert_eq!(
            b.add_option(&[2]),
            Err(Error::NoPrimaryInOption { option: 0 })
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
    #[cfg_attr(miri, ignore = "65,535 items")]
    fn an_option_may_name_up_to_65535_items() {
        let mut b = Problem::builder(MAX_OPTION_LEN + 1, 0).unwrap();
        let all: Vec<usize> = (0..=MAX_OPTION_LEN).collect();
        assert_eq!(
            b.add_option(&all),
            Err(Error::OptionTooLong {
                option: 0,
                len: 65_536,
                limit: 65_535
            })
        );
        assert_eq!(b.add_option(&all[1..]).map(OptionId::index), Ok(0));
        assert_eq!(b.add_option(&[0]).map(OptionId::index), Ok(1));
        let mut solver = crate::Solver::new(&b.build());
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
        assert_eq!(Problem::builder(0, 3).err(), Some(Error::NoPrimaryItems));
        assert!(matches!(
            Problem::builder(usize::MAX, 1),
            Err(Error::TooManyItems { .. })
        ));
    }

    #[test]
    fn is_solution_checks_exact_cover() {
        let mut b = Problem::builder(2, 1).unwrap();
        let a = b.add_option(&[0, 2]).unwrap();
        let c = b.add_option(&[1, 2]).unwrap();
        let d = b.add_option(&[1]).unwrap();
        let p = b.build();
        assert!(p.is_solution(&[a, d]));
        assert!(!p.is_solution(&[a, c]), "secondary item covered twice");
        assert!(!p.is_solution(&[a]), "primary item 1 uncovered");
        assert!(!p.is_solution(&[d, d, a]), "option repeated");
    }
}
