//! Building a problem by item names: Knuth's format, written in code.

use std::collections::HashMap;

use crate::builder::ProblemBuilder;
use crate::error::DlxError;
use crate::index::{Color, ItemId, OptionId};
use crate::problem::{Bounds, Problem};
use crate::text_format::{NamedProblem, is_item_name};

/// Builds a [`NamedProblem`] by names, as Knuth's format writes it: the
/// primary items, then the secondary ones, then options naming them
/// (`"x:A"` gives secondary item `x` color `A`). Names are looked up in a
/// hash map, and one buffer is reused for every option, so building costs
/// no more per option than [`ProblemBuilder`] does.
///
/// Items are declared before the first option, primary items before
/// secondary ones, so each declaration returns the item's final
/// [`ItemId`].
///
/// ```
/// use dlx_engine::{First, NamedBuilder, Dlx};
///
/// // Knuth's example: items A-E primary, F and G secondary.
/// let mut b = NamedBuilder::new();
/// for name in ["A", "B", "C", "D", "E"] {
///     b.primary(name)?;
/// }
/// b.secondary("F")?;
/// b.secondary("G")?;
/// for option in [&["C", "E", "F"][..], &["A", "D", "G"], &["B", "C", "F"], &["A", "D"], &["B", "G"], &["D", "E", "G"]] {
///     b.option(option)?;
/// }
/// let named = b.build()?;
/// let mut solver = Dlx::new(named.problem());
/// let First::Solution(first) = solver.first_solution() else { panic!("a solution") };
/// assert_eq!(named.display_solution(&first).to_string(), "A D\nC E F\nB G\n");
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct NamedBuilder {
    /// Item names in item order: primary ones first.
    names: Vec<String>,
    /// Each name's item.
    items: HashMap<String, ItemId>,
    /// How many of `names` are primary (all, until a secondary is declared).
    primary: Option<usize>,
    /// Primary items with bounds other than exactly once.
    bounds: Vec<(usize, Bounds)>,
    /// Color names in color order, and each name's color.
    colors: Vec<String>,
    color_ids: HashMap<String, Color>,
    /// The builder, once the first option sealed the items.
    builder: Option<ProblemBuilder>,
    /// One option's entries, reused.
    entries: Vec<(usize, Option<Color>)>,
}

impl NamedBuilder {
    /// A builder with no items.
    #[must_use]
    pub fn new() -> NamedBuilder {
        NamedBuilder::default()
    }

    /// Declares a primary item, which every solution covers exactly once.
    ///
    /// # Errors
    ///
    /// [`DlxError::BadItemName`] for a name Knuth's format cannot write (empty,
    /// or holding white space, `|` or `:`), [`DlxError::DuplicateItemName`],
    /// [`DlxError::PrimaryAfterSecondary`] once a secondary item is declared,
    /// and [`DlxError::ItemAfterOptions`] once an option is added.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, DlxError> {
        let name = name.into();
        if self.primary.is_some() {
            return Err(DlxError::PrimaryAfterSecondary { name });
        }
        self.declare(name)
    }

    /// Declares a primary item that solutions cover at least `lower` and at
    /// most `upper` times (Knuth's `lower:upper|name`; Algorithm M).
    ///
    /// # Errors
    ///
    /// As [`primary`](Self::primary), and [`DlxError::BadBounds`] unless
    /// `1 <= upper` and `lower <= upper`.
    pub fn bounded(
        &mut self,
        name: impl Into<String>,
        lower: u32,
        upper: u32,
    ) -> Result<ItemId, DlxError> {
        let next = ItemId::new(self.names.len()).ok_or(DlxError::TooManyItems {
            count: self.names.len() + 1,
        })?;
        let bounds = Bounds::new(lower, upper).ok_or(DlxError::BadBounds {
            item: next,
            lower,
            upper,
        })?;
        let item = self.primary(name)?;
        if bounds != Bounds::ONCE {
            self.bounds.push((item.index(), bounds));
        }
        Ok(item)
    }

    /// Declares a secondary item, which solutions cover at most once, or by
    /// options that agree on its color.
    ///
    /// # Errors
    ///
    /// As [`primary`](Self::primary), but for the order of declarations:
    /// only [`DlxError::ItemAfterOptions`].
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, DlxError> {
        self.primary.get_or_insert(self.names.len());
        self.declare(name.into())
    }

    /// Adds an item to the names, checking the name and the order.
    fn declare(&mut self, name: String) -> Result<ItemId, DlxError> {
        if self.builder.is_some() {
            return Err(DlxError::ItemAfterOptions { name });
        }
        let index = self.names.len();
        if !is_item_name(&name) {
            return Err(DlxError::BadItemName { item: index, name });
        }
        let item = ItemId::new(index).ok_or(DlxError::TooManyItems { count: index + 1 })?;
        if let Some(&first) = self.items.get(&name) {
            return Err(DlxError::DuplicateItemName {
                first: first.index(),
                item: index,
                name,
            });
        }
        self.items.insert(name.clone(), item);
        self.names.push(name);
        Ok(item)
    }

    /// Adds an option naming `entries` and returns its id. Each entry
    /// ([`OptionEntry`]) is an item's name or, for a secondary item,
    /// `name:color`, or the [`ItemId`] that [`primary`](Self::primary),
    /// [`bounded`](Self::bounded) or [`secondary`](Self::secondary)
    /// returned, alone or with a color's name (`(item, Some("A"))`); colors are
    /// named as they come. The first option ends the declaration of items.
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedBuilder};
    /// // Tilings of a strip of three cells, its items declared by name and
    /// // used by id; secondary item `x` colored by the two dominoes alike.
    /// let mut b = NamedBuilder::new();
    /// let cells = [b.primary("a")?, b.primary("b")?, b.primary("c")?];
    /// let x = b.secondary("x")?;
    /// for cell in cells {
    ///     b.option([cell])?;
    /// }
    /// b.option([(cells[0], None), (cells[1], None), (x, Some("A"))])?;
    /// b.option([(cells[1], None), (cells[2], None), (x, Some("A"))])?;
    /// b.option(["a", "b", "c"])?; // names still work
    /// let named = b.build()?;
    /// assert_eq!(named.option_text(named.problem().option_id(3)?), "a b x:A");
    /// assert_eq!(Dlx::new(named.problem()).count(None).solutions, 4);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DlxError::UnknownItemName`] for a name that is not declared,
    /// [`DlxError::EmptyColor`] for `name:` without a color, the errors of
    /// [`ProblemBuilder::add_colored_option`] (a repeated item, a color on
    /// a primary item, no primary item, ...), and, for the first option,
    /// those of [`Problem::builder`] (no primary items); an [`ItemId`]
    /// that is not one of this builder's items is
    /// [`DlxError::ItemOutOfRange`]. A rejected option leaves the builder
    /// as it was.
    pub fn option<I>(&mut self, entries: I) -> Result<OptionId, DlxError>
    where
        I: IntoIterator,
        I::Item: OptionEntry,
    {
        let builder = match &mut self.builder {
            Some(builder) => builder,
            None => self
                .builder
                .insert(Self::seal(self.names.len(), self.primary, &self.bounds)?),
        };
        let option = builder.option_count();
        let known_colors = self.colors.len();
        let added = Self::entries(
            &mut self.entries,
            entries,
            option,
            &self.names,
            &self.items,
            &mut self.colors,
            &mut self.color_ids,
        )
        .and_then(|()| builder.add_colored_option(&self.entries));
        if added.is_err() {
            // Forget the colors the rejected option named first.
            for name in self.colors.drain(known_colors..) {
                self.color_ids.remove(&name);
            }
        }
        added
    }

    /// Reads the `entries` of option `option` into `out`, naming new colors.
    fn entries<I>(
        out: &mut Vec<(usize, Option<Color>)>,
        entries: I,
        option: usize,
        names: &[String],
        items: &HashMap<String, ItemId>,
        colors: &mut Vec<String>,
        color_ids: &mut HashMap<String, Color>,
    ) -> Result<(), DlxError>
    where
        I: IntoIterator,
        I::Item: OptionEntry,
    {
        out.clear();
        for entry in entries {
            let (item, color) = match entry.entry() {
                EntryRef::Text(text) => {
                    let (name, color) = match text.split_once(':') {
                        Some((name, color)) => (name, Some(color)),
                        None => (text, None),
                    };
                    let Some(&item) = items.get(name) else {
                        return Err(DlxError::UnknownItemName {
                            option,
                            name: name.to_owned(),
                        });
                    };
                    (item, color)
                }
                EntryRef::Item(item, _) if item.index() >= names.len() => {
                    return Err(DlxError::ItemOutOfRange {
                        option,
                        item: item.index(),
                        items: names.len(),
                    });
                }
                EntryRef::Item(item, color) => (item, color),
            };
            let color = match color {
                None => None,
                Some("") => {
                    return Err(DlxError::EmptyColor {
                        option,
                        item: names[item.index()].clone(),
                    });
                }
                Some(color) => Some(match color_ids.get(color) {
                    Some(&id) => id,
                    None => {
                        // Fewer colors than entries, so the index fits.
                        let id = Color::new(colors.len()).ok_or(DlxError::TooManyNodes {
                            limit: crate::index::INDEX_LIMIT,
                        })?;
                        color_ids.insert(color.to_owned(), id);
                        colors.push(color.to_owned());
                        id
                    }
                }),
            };
            out.push((item.index(), color));
        }
        Ok(())
    }

    /// The builder for `items` items, the first `primary` of them primary
    /// (all if `None`), with `bounds`.
    fn seal(
        items: usize,
        primary: Option<usize>,
        bounds: &[(usize, Bounds)],
    ) -> Result<ProblemBuilder, DlxError> {
        let primary = primary.unwrap_or(items);
        let mut builder = Problem::builder(primary, items - primary)?;
        for &(item, b) in bounds {
            builder.set_bounds(item, b.lower(), b.upper())?;
        }
        Ok(builder)
    }

    /// The item called `name`, if it is declared.
    #[must_use]
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.items.get(name).copied()
    }

    /// Finishes the problem.
    ///
    /// # Errors
    ///
    /// For a builder without options, those of [`Problem::builder`]
    /// ([`DlxError::NoPrimaryItems`]).
    pub fn build(self) -> Result<NamedProblem, DlxError> {
        let builder = match self.builder {
            Some(builder) => builder,
            None => Self::seal(self.names.len(), self.primary, &self.bounds)?,
        };
        Ok(NamedProblem::from_built(
            builder.build(),
            self.names,
            self.items,
            self.colors,
        ))
    }
}

/// One entry of an option for [`NamedBuilder::option`]: an item by name,
/// or by the [`ItemId`] its declaration returned, with the name of a color
/// for a secondary item. Implemented for names (`&str`, `String`, Knuth's
/// `"x:A"` for a color), for [`ItemId`], and for `(ItemId, Option<C>)` with
/// `C` a color's name (`&str`, `String`), so one option can mix them.
/// A type of the caller's can implement it too:
///
/// ```
/// use dlx_engine::{EntryRef, ItemId, NamedBuilder, OptionEntry};
/// /// A queen's row, as the item declared for it.
/// struct Row(ItemId);
/// impl OptionEntry for Row {
///     fn entry(&self) -> EntryRef<'_> {
///         EntryRef::Item(self.0, None)
///     }
/// }
/// let mut b = NamedBuilder::new();
/// let row = Row(b.primary("r0")?);
/// b.primary("c0")?;
/// b.option([row.entry(), EntryRef::Text("c0")])?;
/// assert_eq!(b.build()?.to_string(), "r0 c0\nr0 c0\n");
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
pub trait OptionEntry {
    /// The entry, borrowed.
    fn entry(&self) -> EntryRef<'_>;
}

/// An entry of an option as [`NamedBuilder::option`] reads it
/// ([`OptionEntry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryRef<'a> {
    /// An item's name, with `:color` after it for a colored secondary item
    /// (Knuth's `x:A`).
    Text(&'a str),
    /// An item by id, with the name of its color if it has one.
    Item(ItemId, Option<&'a str>),
}

impl OptionEntry for str {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Text(self)
    }
}

impl OptionEntry for String {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Text(self)
    }
}

impl OptionEntry for ItemId {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Item(*self, None)
    }
}

impl<C: AsRef<str>> OptionEntry for (ItemId, Option<C>) {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Item(self.0, self.1.as_ref().map(AsRef::as_ref))
    }
}

impl OptionEntry for EntryRef<'_> {
    fn entry(&self) -> EntryRef<'_> {
        *self
    }
}

impl<T: OptionEntry + ?Sized> OptionEntry for &T {
    fn entry(&self) -> EntryRef<'_> {
        (**self).entry()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dlx, Kind};

    #[test]
    fn builds_what_the_text_format_reads() {
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let parsed = NamedProblem::parse(text).unwrap();
        let mut b = NamedBuilder::new();
        b.primary("A").unwrap();
        b.primary("B").unwrap();
        assert_eq!(b.bounded("C", 2, 3).map(ItemId::index), Ok(2));
        assert_eq!(b.secondary("X").map(ItemId::index), Ok(3));
        b.secondary("Y").unwrap();
        for line in text.lines().skip(1) {
            b.option(line.split(' ')).unwrap();
        }
        let built = b.build().unwrap();
        assert_eq!(built, parsed);
        assert_eq!(built.to_string(), parsed.to_string());
        assert_eq!(built.problem().kind(), Kind::Multiplicities);
        assert_eq!(Dlx::new(built.problem()).count(None).solutions, 1);
    }

    #[test]
    fn every_mistake_is_an_error_that_leaves_the_builder_usable() {
        let mut b = NamedBuilder::new();
        b.primary("p").unwrap();
        assert_eq!(
            b.primary("p"),
            Err(DlxError::DuplicateItemName {
                first: 0,
                item: 1,
                name: "p".into()
            })
        );
        assert_eq!(
            b.primary("a b"),
            Err(DlxError::BadItemName {
                item: 1,
                name: "a b".into()
            })
        );
        assert!(matches!(
            b.bounded("q", 2, 1),
            Err(DlxError::BadBounds { .. })
        ));
        b.primary("q").unwrap();
        b.secondary("x").unwrap();
        assert_eq!(
            b.primary("r"),
            Err(DlxError::PrimaryAfterSecondary { name: "r".into() })
        );
        assert_eq!(
            b.option(["p", "z"]),
            Err(DlxError::UnknownItemName {
                option: 0,
                name: "z".into()
            })
        );
        assert_eq!(
            b.option(["p", "x:"]),
            Err(DlxError::EmptyColor {
                option: 0,
                item: "x".into()
            })
        );
        assert!(matches!(
            b.option(["p:A"]),
            Err(DlxError::ColorOnPrimary { option: 0, .. })
        ));
        assert!(matches!(
            b.option(["p", "p"]),
            Err(DlxError::RepeatedItem { option: 0, .. })
        ));
        assert_eq!(
            b.option(["x"]),
            Err(DlxError::NoPrimaryInOption { option: 0 })
        );
        assert_eq!(b.option(["p", "x:A"]).map(OptionId::index), Ok(0));
        assert_eq!(b.option(["q", "x:A"]).map(OptionId::index), Ok(1));
        assert_eq!(
            b.secondary("y"),
            Err(DlxError::ItemAfterOptions { name: "y".into() })
        );
        assert_eq!(b.item("x").map(ItemId::index), Some(2));
        let named = b.build().unwrap();
        assert_eq!(named.to_string(), "p q | x\np x:A\nq x:A\n");
        assert_eq!(Dlx::new(named.problem()).count(None).solutions, 1);
        assert_eq!(
            NamedBuilder::new().build().err(),
            Some(DlxError::NoPrimaryItems)
        );
    }
}
