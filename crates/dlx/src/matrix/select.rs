//! Pre-selection: forcing options into every solution before a search, as a
//! stack, and the test for blocked options that pruning uses.
//!
//! Selecting an option does what the search does when it chooses it: for
//! Algorithms X and C, cover one of its primary items and commit the others
//! (cover, or purify where the option gives a color); for Algorithm M, take
//! the option out of every list (Knuth's tweak), count it against each of
//! its primary items (covering those it fills up) and commit its secondary
//! items. Unselecting undoes exactly that, so selections form a stack.
//! This file has no `unsafe` code.

#![deny(unsafe_code)]

use super::search::{NOT_SELECTED, Search};
use super::{Header, PURIFIED};
use crate::error::DlxError;
use crate::index::to_u32;
use crate::index::{ItemId, OptionId};
use crate::problem::{Kind, Problem};

impl Search {
    /// Forces `option` into every solution of later searches.
    ///
    /// # Errors
    ///
    /// [`DlxError::UnknownOption`] if the problem has no such option,
    /// [`DlxError::AlreadySelected`] if it is selected in a problem with
    /// bounds, and [`DlxError::SelectConflict`] if an earlier selection
    /// (itself, without bounds) rules it out: it
    /// covers one of its items (or, with bounds, has used up all the item
    /// may take), or gives one of its secondary items another color, or
    /// none where this option gives one. Nothing changes then.
    pub(crate) fn select(&mut self, option: OptionId) -> Result<(), DlxError> {
        let k = option.index();
        if k >= self.matrix.option_count() {
            return Err(DlxError::UnknownOption {
                option: k,
                options: self.matrix.option_count(),
            });
        }
        self.unwind();
        if self.facts.kind == Kind::Multiplicities && self.selected.contains(&option) {
            return Err(DlxError::AlreadySelected { option });
        }
        // A plain problem reads no colors: generic over `C` as the search
        // is (docs/decisions/const-generic-colors.md).
        if self.facts.colors {
            self.select_with::<true>(option)
        } else {
            self.select_with::<false>(option)
        }
    }

    /// [`select`](Self::select) once `option` is known to exist, with
    /// colors (`C`) or without.
    fn select_with<const C: bool>(&mut self, option: OptionId) -> Result<(), DlxError> {
        let k = option.index();
        if let Some(h) = self.conflict::<C>(k) {
            return Err(DlxError::SelectConflict {
                option,
                item: h.item().unwrap_or(ItemId::from_u32(0)),
                covered_by: OptionId::from_u32(self.selected_by[h.get() as usize]),
            });
        }
        self.mark_selected_by::<C>(k, NOT_SELECTED, option.as_u32());
        let (i, first) = self.matrix.first_primary(k);
        if self.facts.kind == Kind::Multiplicities {
            self.matrix.select_bounded::<C>(i, first);
        } else {
            self.matrix.cover::<C, 0>(i);
            self.matrix.cover_others::<C, 0>(first);
        }
        self.selected.push(option);
        Ok(())
    }

    /// Sets `selected_by` to `to` for each item of option `k` where it is
    /// `from`.
    fn mark_selected_by<const C: bool>(&mut self, k: usize, from: u32, to: u32) {
        for (h, _) in self.matrix.option_entries::<C>(k).into_iter().flatten() {
            let by = &mut self.selected_by[h.get() as usize];
            if *by == from {
                *by = to;
            }
        }
    }

    /// An item of option `k` that the selections so far rule it out with,
    /// if any: an item covered already (or filled up, with bounds), or (with
    /// colors, `C`) a secondary item purified with another color than the
    /// option gives it, or purified at all where the option gives it none.
    /// A node marked [`PURIFIED`] agrees with its item's color.
    fn conflict<const C: bool>(&self, k: usize) -> Option<Header> {
        let m = &self.matrix;
        m.option_entries::<C>(k)?
            .find(|&(h, color)| {
                if C && color == PURIFIED {
                    return false;
                }
                !m.is_active(h) || (C && m.item_color[h.get() as usize] != 0)
            })
            .map(|(h, _)| h)
    }

    /// Undoes the most recent pre-selection (and any search in progress) and
    /// returns it, or `None` if nothing is selected.
    pub(crate) fn unselect_last(&mut self) -> Option<OptionId> {
        self.unwind();
        let option = self.selected.pop()?;
        if self.facts.colors {
            self.unselect_with::<true>(option);
        } else {
            self.unselect_with::<false>(option);
        }
        Some(option)
    }

    /// Undoes [`select_with`](Self::select_with)`(option)`, the last
    /// selection, now off the stack.
    fn unselect_with<const C: bool>(&mut self, option: OptionId) {
        let k = option.index();
        let (i, first) = self.matrix.first_primary(k);
        if self.facts.kind == Kind::Multiplicities {
            self.matrix.unselect_bounded::<C>(i, first);
        } else {
            self.matrix.uncover_others::<C, 0>(first);
            self.matrix.uncover::<C, 0>(i);
        }
        self.mark_selected_by::<C>(k, option.as_u32(), NOT_SELECTED);
    }

    /// Whether some primary item still to be covered cannot be any more:
    /// for exact cover, it has no option left; with bounds, fewer than it
    /// still needs (Knuth's branching degree is 0 or less).
    fn dead_end(&self) -> bool {
        match self.facts.kind {
            Kind::Multiplicities => self.matrix.has_starved_primary(),
            _ => self.matrix.has_empty_primary(),
        }
    }
}

/// For each option of `problem`, whether it is blocked: whether choosing it
/// leaves some other primary item unable to be covered as it must (see
/// `prune.rs`).
pub(crate) fn blocked_options(problem: &Problem) -> Vec<bool> {
    let mut search = Search::new(problem);
    (0..problem.option_count())
        .map(|k| {
            let option = OptionId::from_u32(to_u32(k));
            // A fresh matrix has nothing selected, so no option conflicts.
            let blocked = search.select(option).is_ok() && search.dead_end();
            search.unselect_last();
            blocked
        })
        .collect()
}
