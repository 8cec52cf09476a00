//! Knuth's text formats for exact-cover problems: the input of his DLX1,
//! DLX2 (colors) and DLX3 (multiplicities), read by one grammar
//! (`text_parse.rs`) and written back by [`NamedProblem`]'s `Display`.
//!
//! ```text
//! | A simple example          <- a line whose first non-blank character is `|` is a comment
//! A B 2:3|C | X Y             <- the items: primary, then `|`, then secondary (optional)
//! A B X:0 Y:0                 <- each later line is one option
//! A C X:1 Y:1
//! ```
//!
//! - **Items** are runs of characters other than white space, `|` and `:`.
//! - **Colors (DLX2):** in an option, a secondary item may carry a color,
//!   `X:0`: any run of characters other than white space after the first
//!   `:` (Knuth's programs take one character; longer names are accepted).
//!   Options that give an item the same color may be chosen together; an
//!   option that names it without a color excludes every other one.
//! - **Bounds (DLX3):** in the item line, a primary item may be written
//!   `u:v|name` (covered at least `u` and at most `v` times) or `v|name`
//!   (exactly `v` times); `name` alone is exactly once. Bounds are decimal,
//!   `1 <= v` and `u <= v`.
//!
//! Blank lines are skipped, as Knuth's programs skip them; `\r\n` line
//! endings are accepted. Unlike Knuth's programs, which drop an option
//! without primary items with a warning, the parser rejects it, so that
//! option `k` is always the `k`-th option line.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::sync::OnceLock;

use crate::error::DlxError;
use crate::index::{Color, ItemId, OptionId};
use crate::problem::{Bounds, Kind, Problem};

/// A problem whose items (and colors) have names: what Knuth's formats
/// describe.
#[derive(Clone, Debug)]
pub struct NamedProblem {
    problem: Problem,
    names: ItemNames,
    colors: Vec<String>,
}

/// The items' names: given one by one, or a prefix and the item's number.
#[derive(Clone, Debug)]
enum ItemNames {
    /// `names[k]` names item `k`; `items` maps each name back to its item,
    /// so that [`NamedProblem::item`] needs no scan.
    Given {
        names: Vec<String>,
        items: HashMap<String, ItemId>,
    },
    /// Item `k` is `prefix` followed by `k` in decimal, as a matrix's
    /// columns are named. The strings are made on the first call that
    /// needs them (a problem built only to be solved never does: making
    /// and hashing them was a sixth of a small matrix's call from Python);
    /// a name is looked up by reading its number.
    Numbered {
        prefix: String,
        made: OnceLock<Vec<String>>,
    },
}

/// Two named problems are equal when their problems and names are (the
/// lookup table follows from the names; numbered names equal the same
/// names given one by one).
impl PartialEq for NamedProblem {
    fn eq(&self, other: &NamedProblem) -> bool {
        self.problem == other.problem
            && self.colors == other.colors
            && match (&self.names, &other.names) {
                (ItemNames::Numbered { prefix: a, .. }, ItemNames::Numbered { prefix: b, .. }) => {
                    a == b
                }
                _ => self.all_names() == other.all_names(),
            }
    }
}

impl Eq for NamedProblem {}

/// Which of Knuth's formats a problem is written in: the simplest one that
/// can say everything it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// DLX1: items and options (exact cover).
    Dlx1,
    /// DLX2: options may give secondary items colors (XCC).
    Dlx2,
    /// DLX3: primary items may have bounds; colors as in DLX2 (MCC).
    Dlx3,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Dlx1 => "DLX1",
            Format::Dlx2 => "DLX2",
            Format::Dlx3 => "DLX3",
        })
    }
}

/// How many colors `problem` numbers: one more than the largest it uses.
fn color_count(problem: &Problem) -> usize {
    // A problem without colors keeps no color per entry: nothing to read.
    problem
        .colors
        .iter()
        .filter_map(|c| c.map(|c| c.index() + 1))
        .max()
        .unwrap_or(0)
}

/// Whether Knuth's format can write `name` as an item: not empty, and no
/// white space, `|` or `:` in it.
pub(crate) fn is_item_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(char::is_whitespace) && reserved_char(name).is_none()
}

/// The reserved character in item name `name`, if any.
pub(crate) fn reserved_char(name: &str) -> Option<char> {
    name.chars().find(|&c| c == '|' || c == ':')
}

impl NamedProblem {
    /// A named problem from the parser, which checked the names.
    pub(crate) fn from_parts(problem: Problem, names: Vec<String>, colors: Vec<String>) -> Self {
        let items = lookup(&names);
        Self::from_built(problem, names, items, colors)
    }

    /// A named problem from the named builder, which checked the names and
    /// built their lookup table.
    pub(crate) fn from_built(
        problem: Problem,
        names: Vec<String>,
        items: HashMap<String, ItemId>,
        colors: Vec<String>,
    ) -> Self {
        NamedProblem {
            problem,
            names: ItemNames::Given { names, items },
            colors,
        }
    }

    /// Names item `k` of `problem` `prefix` followed by `k` in decimal
    /// (`c0`, `c1`, ... for the prefix `c`); its colors, if it has any, are
    /// named by their numbers (`0`, `1`, ...). The names are the ones
    /// [`new`](Self::new) takes from a list of them, and every method
    /// answers as it does for those, but the strings are made only when a
    /// name is first asked for ([`item_name`](Self::item_name),
    /// `Display`): a problem that is only solved, or whose items are only
    /// looked up by name ([`item`](Self::item)), never makes them.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Problem};
    /// let mut b = Problem::builder(3, 0)?;
    /// b.add_option(&[0, 2])?;
    /// b.add_option(&[1])?;
    /// let problem = b.build();
    /// let named = NamedProblem::numbered(problem.clone(), "c")?;
    /// assert_eq!(named.item("c2").map(|i| i.index()), Some(2));
    /// assert_eq!(named.item("c02"), None);
    /// assert_eq!(named.to_string(), "c0 c1 c2\nc0 c2\nc1\n");
    /// let listed = vec!["c0".into(), "c1".into(), "c2".into()];
    /// assert_eq!(named, NamedProblem::new(problem, listed)?);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DlxError::BadItemName`] (for item 0) if `prefix` holds white
    /// space, `|` or `:`.
    pub fn numbered(problem: Problem, prefix: &str) -> Result<Self, DlxError> {
        // Digits are a name's only other characters: the prefix decides.
        if prefix.chars().any(char::is_whitespace) || reserved_char(prefix).is_some() {
            return Err(DlxError::BadItemName {
                item: 0,
                name: format!("{prefix}0"),
            });
        }
        let colors = (0..color_count(&problem)).map(|k| k.to_string()).collect();
        Ok(NamedProblem {
            problem,
            names: ItemNames::Numbered {
                prefix: prefix.to_owned(),
                made: OnceLock::new(),
            },
            colors,
        })
    }

    /// The name [`numbered`](Self::numbered) gives item `k` with `prefix`:
    /// `prefix` followed by `k` in decimal. For a caller that names an
    /// item before its problem is built (an error's message, say).
    ///
    /// ```
    /// assert_eq!(dlx_engine::NamedProblem::numbered_name("c", 12), "c12");
    /// ```
    #[must_use]
    pub fn numbered_name(prefix: &str, k: usize) -> String {
        format!("{prefix}{k}")
    }

    /// Every item's name, in item order (made now if they are numbered).
    fn all_names(&self) -> &[String] {
        match &self.names {
            ItemNames::Given { names, .. } => names,
            ItemNames::Numbered { prefix, made } => made.get_or_init(|| {
                (0..self.problem.item_count())
                    .map(|k| Self::numbered_name(prefix, k))
                    .collect()
            }),
        }
    }

    /// Names the items of `problem`, in item order; its colors, if it has
    /// any, are named by their numbers (`0`, `1`, ...).
    ///
    /// ```
    /// use dlx_engine::{DlxError, NamedProblem, Problem};
    /// let mut b = Problem::builder(2, 0)?;
    /// b.add_option(&[0, 1])?;
    /// let problem = b.build();
    /// let named = NamedProblem::new(problem.clone(), vec!["a".into(), "b".into()])?;
    /// assert_eq!(named.to_string(), "a b\na b\n");
    /// assert_eq!(
    ///     NamedProblem::new(problem, vec!["a".into()]),
    ///     Err(DlxError::ItemNameCount { found: 1, expected: 2 })
    /// );
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`with_colors`](Self::with_colors).
    pub fn new(problem: Problem, names: Vec<String>) -> Result<Self, DlxError> {
        let colors = (0..color_count(&problem)).map(|k| k.to_string()).collect();
        Self::with_colors(problem, names, colors)
    }

    /// Names the items of `problem`, in item order, and its colors: color
    /// `k` is `colors[k]`.
    ///
    /// # Errors
    ///
    /// [`DlxError::ItemNameCount`] unless there is one name per item,
    /// [`DlxError::ColorNameCount`] if there are fewer color names than the
    /// colors the options use, [`DlxError::BadItemName`] for an empty item
    /// name or one holding white space, `|` or `:`, [`DlxError::BadColorName`]
    /// for an empty color name or one holding white space, and
    /// [`DlxError::DuplicateItemName`] or [`DlxError::DuplicateColorName`] for a
    /// name given twice.
    pub fn with_colors(
        problem: Problem,
        names: Vec<String>,
        colors: Vec<String>,
    ) -> Result<Self, DlxError> {
        if names.len() != problem.item_count() {
            return Err(DlxError::ItemNameCount {
                found: names.len(),
                expected: problem.item_count(),
            });
        }
        let used = color_count(&problem);
        if colors.len() < used {
            return Err(DlxError::ColorNameCount {
                found: colors.len(),
                expected: used,
            });
        }
        // The lookup table is built here, once, and finds the duplicates.
        let mut items: HashMap<String, ItemId> = HashMap::with_capacity(names.len());
        for (item, name) in names.iter().enumerate() {
            if !is_item_name(name) {
                return Err(DlxError::BadItemName {
                    item,
                    name: name.clone(),
                });
            }
            // The problem's item count fits in a `u32`, so every `item` does.
            let Some(id) = ItemId::new(item) else {
                continue;
            };
            match items.entry(name.clone()) {
                Entry::Occupied(first) => {
                    return Err(DlxError::DuplicateItemName {
                        first: first.get().index(),
                        item,
                        name: name.clone(),
                    });
                }
                Entry::Vacant(slot) => {
                    slot.insert(id);
                }
            }
        }
        let mut seen = HashMap::with_capacity(colors.len());
        for (color, name) in colors.iter().enumerate() {
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return Err(DlxError::BadColorName {
                    color,
                    name: name.clone(),
                });
            }
            if let Some(first) = seen.insert(name.as_str(), color) {
                return Err(DlxError::DuplicateColorName {
                    first,
                    color,
                    name: name.clone(),
                });
            }
        }
        Ok(NamedProblem::from_built(problem, names, items, colors))
    }

    /// The problem itself.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The simplest of Knuth's formats that holds the problem: DLX3 if it
    /// has bounds, else DLX2 if it has colors, else DLX1. It is the format
    /// `Display` writes, and (as the parser reads all three with one
    /// grammar) the one a file that parsed to this problem used.
    #[must_use]
    pub fn format(&self) -> Format {
        match self.problem.kind() {
            Kind::Exact => Format::Dlx1,
            Kind::Colors => Format::Dlx2,
            Kind::Multiplicities => Format::Dlx3,
        }
    }

    /// The name of `item`.
    ///
    /// # Panics
    ///
    /// If `item` does not belong to this problem.
    #[must_use]
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.all_names()[item.index()]
    }

    /// The item called `name`, if there is one (a hash lookup, or for
    /// [numbered](Self::numbered) names the number read).
    #[must_use]
    pub fn item(&self, name: &str) -> Option<ItemId> {
        match &self.names {
            ItemNames::Given { items, .. } => items.get(name).copied(),
            ItemNames::Numbered { prefix, .. } => {
                let digits = name.strip_prefix(prefix.as_str())?;
                // `c01` and `c+1` name nothing: only the digits `format!`
                // writes, without a leading zero.
                let plain = digits.bytes().all(|b| b.is_ascii_digit())
                    && (digits == "0" || !digits.starts_with('0'));
                if !plain {
                    return None;
                }
                let k: usize = digits.parse().ok()?;
                if k < self.problem.item_count() {
                    ItemId::new(k)
                } else {
                    None
                }
            }
        }
    }

    /// The name of `color`.
    ///
    /// # Panics
    ///
    /// If the problem has no such color.
    #[must_use]
    pub fn color_name(&self, color: Color) -> &str {
        &self.colors[color.index()]
    }

    /// The color called `name`, if an option uses it.
    #[must_use]
    pub fn color(&self, name: &str) -> Option<Color> {
        self.colors
            .iter()
            .position(|n| n == name)
            .and_then(Color::new)
    }

    /// `option` as Knuth writes it: its items separated by spaces, each
    /// colored item as `name:color`; [`display_option`](Self::display_option)
    /// writes the same without allocating.
    #[must_use]
    pub fn option_text(&self, option: OptionId) -> String {
        self.display_option(option).to_string()
    }

    /// `option` as Knuth writes it, for `{}` without an allocation.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b | x\na x:red\nb\n")?;
    /// let first = dlx_engine::OptionId::new(0).unwrap();
    /// assert_eq!(format!("[{}]", named.display_option(first)), "[a x:red]");
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When displayed, if `option` does not belong to this problem.
    #[must_use]
    pub fn display_option(&self, option: OptionId) -> OptionDisplay<'_> {
        OptionDisplay {
            named: self,
            option,
        }
    }

    /// The options of a solution (as [`Dlx`](crate::Dlx) reports
    /// them), one per line in the order given, each ended by a newline.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Dlx, Uniqueness};
    /// let named = NamedProblem::parse("a b c\na b\nc\na\n")?;
    /// let Uniqueness::Unique(options) = Dlx::new(named.problem()).uniqueness() else { panic!() };
    /// assert_eq!(named.display_solution(&options).to_string(), "a b\nc\n");
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn display_solution<'a>(&'a self, options: &'a [OptionId]) -> SolutionDisplay<'a> {
        SolutionDisplay {
            named: self,
            options,
        }
    }
}

/// Each name's item, for names known to be distinct and few enough to index.
fn lookup(names: &[String]) -> HashMap<String, ItemId> {
    names
        .iter()
        .enumerate()
        .filter_map(|(k, name)| Some((name.clone(), ItemId::new(k)?)))
        .collect()
}

/// An option in Knuth's format; see [`NamedProblem::display_option`].
#[derive(Clone, Copy, Debug)]
pub struct OptionDisplay<'a> {
    named: &'a NamedProblem,
    option: OptionId,
}

impl fmt::Display for OptionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = self.named;
        for (k, (item, color)) in named.problem.entries(self.option).enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            f.write_str(named.item_name(item))?;
            if let Some(color) = color {
                write!(f, ":{}", named.color_name(color))?;
            }
        }
        Ok(())
    }
}

/// A solution's options, one per line; see [`NamedProblem::display_solution`].
#[derive(Clone, Copy, Debug)]
pub struct SolutionDisplay<'a> {
    named: &'a NamedProblem,
    options: &'a [OptionId],
}

impl fmt::Display for SolutionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &option in self.options {
            writeln!(f, "{}", self.named.display_option(option))?;
        }
        Ok(())
    }
}

/// Writes the problem back in [`format`](NamedProblem::format): parsing the
/// text gives an equal problem (with colors numbered in order of first use).
impl fmt::Display for NamedProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let primary = self.problem.primary_count();
        for (k, name) in self.all_names().iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            if k == primary {
                f.write_str("| ")?;
            }
            let bounds = self
                .problem
                .bounds(ItemId::from_u32(crate::index::to_u32(k)));
            match bounds {
                Some(b) if b == Bounds::ONCE => {}
                Some(b) if b.lower() == b.upper() => write!(f, "{}|", b.upper())?,
                Some(b) => write!(f, "{}:{}|", b.lower(), b.upper())?,
                None => {}
            }
            f.write_str(name)?;
        }
        f.write_str("\n")?;
        for (option, _) in self.problem.options() {
            writeln!(f, "{}", self.display_option(option))?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ParseErrorKind;

    /// The position and kind of the error parsing `text` gives.
    pub(crate) fn err(text: &str) -> (usize, usize, ParseErrorKind) {
        match NamedProblem::parse(text) {
            Err(DlxError::Parse { line, column, kind }) => (line, column, kind),
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    #[test]
    fn parses_items_options_and_comments() {
        let p = NamedProblem::parse("| comment\n\n  A B |  C\r\n| another\nA  C\nB\n").unwrap();
        assert_eq!(p.problem().primary_count(), 2);
        assert_eq!(p.problem().secondary_count(), 1);
        assert_eq!(p.problem().option_count(), 2);
        assert_eq!(p.option_text(OptionId::new(0).unwrap()), "A C");
        assert_eq!(p.item("C").map(ItemId::index), Some(2));
        assert_eq!(p.to_string(), "A B | C\nA C\nB\n");
    }

    #[test]
    fn errors_have_line_and_column() {
        assert_eq!(
            err("| only a comment\n"),
            (1, 1, ParseErrorKind::MissingItemLine)
        );
        assert_eq!(err(""), (1, 1, ParseErrorKind::MissingItemLine));
        assert_eq!(
            err("A B A\n"),
            (1, 5, ParseErrorKind::DuplicateItemName { name: "A".into() })
        );
        assert_eq!(err("A | B | C\n"), (1, 7, ParseErrorKind::SecondSeparator));
        assert_eq!(
            err("A B:x\n"),
            (
                1,
                3,
                ParseErrorKind::BadItemName {
                    name: "B:x".into(),
                    found: ':'
                }
            )
        );
        assert_eq!(
            err("A B\nA\n  B  Q\n"),
            (3, 6, ParseErrorKind::UnknownItem { name: "Q".into() })
        );
        assert_eq!(
            err("A B\nA B A\n"),
            (2, 5, ParseErrorKind::RepeatedItem { name: "A".into() })
        );
        assert_eq!(
            err("A | S\n S\n"),
            (2, 2, ParseErrorKind::NoPrimaryInOption)
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "65,536 names")]
    fn an_option_too_long_for_the_engine_is_a_parse_error() {
        let names: Vec<String> = (0..65_536).map(|k| format!("i{k}")).collect();
        let line = names.join(" ");
        assert_eq!(
            err(&format!("{line}\n\n  {line}\n")),
            (
                3,
                3,
                ParseErrorKind::OptionTooLong {
                    len: 65_536,
                    limit: 65_535
                }
            )
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(
            err("é ü\né x\n"),
            (2, 3, ParseErrorKind::UnknownItem { name: "x".into() })
        );
    }

    /// Regression: names handed in from code got text errors: a wrong count
    /// was "the problem is too large" at "line 1, column 2", an empty name
    /// "contains ` `".
    #[test]
    fn names_from_code_get_errors_of_their_own() {
        let mut b = Problem::builder(2, 1).unwrap();
        b.add_colored_option(&[(0, None), (2, Color::new(1))])
            .unwrap();
        let problem = b.build();
        let names = |list: &[&str]| list.iter().map(|&n| n.to_owned()).collect::<Vec<_>>();
        let new = |list: &[&str]| NamedProblem::new(problem.clone(), names(list));
        assert!(new(&["a", "b", "x"]).is_ok());
        let e = new(&["a", "b"]).unwrap_err();
        assert_eq!(
            e,
            DlxError::ItemNameCount {
                found: 2,
                expected: 3
            }
        );
        assert_eq!(
            e.to_string(),
            "2 item names for 3 items; give one name per item, primary items first"
        );
        let e = new(&["a", "", "x"]).unwrap_err();
        assert_eq!(
            e,
            DlxError::BadItemName {
                item: 1,
                name: String::new()
            }
        );
        assert_eq!(
            e.to_string(),
            "item 1 has an empty name; give it a name without white space, `|` or `:`"
        );
        assert_eq!(
            new(&["a", "b c", "x"]).unwrap_err().to_string(),
            "item 1 is named `b c`, which holds white space; give it a name without white space, `|` or `:`"
        );
        assert_eq!(
            new(&["a", "b", "x|y"]).unwrap_err().to_string(),
            "item 2 is named `x|y`, which holds `|`; give it a name without white space, `|` or `:`"
        );
        assert_eq!(
            new(&["a", "b", "a"]).unwrap_err(),
            DlxError::DuplicateItemName {
                first: 0,
                item: 2,
                name: "a".into()
            }
        );
        // Colors: the options use two (0 and 1).
        let colored = |list: &[&str]| {
            NamedProblem::with_colors(problem.clone(), names(&["a", "b", "x"]), names(list))
        };
        assert_eq!(
            colored(&["R", "G"])
                .unwrap()
                .option_text(OptionId::from_u32(0)),
            "a x:G"
        );
        assert_eq!(
            colored(&["R"]).unwrap_err(),
            DlxError::ColorNameCount {
                found: 1,
                expected: 2
            }
        );
        assert_eq!(
            colored(&["R", " "]).unwrap_err().to_string(),
            "color 1 is named ` `, which holds white space; give it a name without white space"
        );
        assert_eq!(
            colored(&["R", "R"]).unwrap_err().to_string(),
            "colors 0 and 1 are both named `R`; give each color its own name"
        );
    }

    /// A random problem of `items` items (the last `secondary` secondary),
    /// each option a few distinct items with at least one primary.
    fn random_problem(rng: &mut crate::SplitMix64, items: u32, secondary: u32) -> Problem {
        let primary = items - secondary;
        let mut b = Problem::builder(primary as usize, secondary as usize).unwrap();
        for _ in 0..1 + rng.below(3 * items) {
            let option = crate::random::random_option(rng, primary, items);
            b.add_option(&option).unwrap();
        }
        b.build()
    }

    #[test]
    fn numbered_names_answer_as_the_same_names_listed() {
        let mut rng = crate::SplitMix64::new(42);
        // A few rounds under Miri (CI runs the engine's unit tests under it,
        // and this file has no unsafe code): 200 took over ten minutes there.
        let rounds = if cfg!(miri) { 8 } else { 200 };
        for round in 0..rounds {
            let items = 1 + rng.below(if round % 10 == 0 { 120 } else { 14 });
            let secondary = rng.below(items);
            let problem = random_problem(&mut rng, items, secondary);
            let prefix = ["c", "", "item_", "é"][round % 4];
            let numbered = NamedProblem::numbered(problem.clone(), prefix).unwrap();
            let names = (0..items).map(|k| format!("{prefix}{k}")).collect();
            let listed = NamedProblem::new(problem, names).unwrap();
            // Looked up before any name is made, then after.
            let mut asked: Vec<String> = (0..items + 2).map(|k| format!("{prefix}{k}")).collect();
            asked.extend(
                ["", "0", "00", "01", "+1", "-1", "1 ", "x1", "1x"]
                    .iter()
                    .map(|tail| format!("{prefix}{tail}")),
            );
            asked.push(format!("{prefix}{}", u128::MAX));
            for name in &asked {
                assert_eq!(numbered.item(name), listed.item(name), "{name:?}");
            }
            assert_eq!(numbered, listed);
            assert_eq!(listed, numbered);
            assert_eq!(numbered.to_string(), listed.to_string());
            assert_eq!(
                crate::split::Fingerprint::of(&numbered),
                crate::split::Fingerprint::of(&listed)
            );
            for k in 0..items {
                let item = ItemId::from_u32(k);
                assert_eq!(numbered.item_name(item), listed.item_name(item));
            }
            for name in &asked {
                assert_eq!(numbered.item(name), listed.item(name), "{name:?}");
            }
            let copy = numbered.clone();
            assert_eq!(copy.to_string(), listed.to_string());
        }
        let other = NamedProblem::numbered(random_problem(&mut rng, 3, 0), "c").unwrap();
        let renamed = NamedProblem::numbered(other.problem().clone(), "d").unwrap();
        assert_ne!(other, renamed);
    }

    #[test]
    fn numbered_names_name_colors_by_number_and_refuse_a_bad_prefix() {
        let named = NamedProblem::parse("p q | x\np x:A\nq x:B\n").unwrap();
        let numbered = NamedProblem::numbered(named.problem().clone(), "i").unwrap();
        assert_eq!(numbered.to_string(), "i0 i1 | i2\ni0 i2:0\ni1 i2:1\n");
        assert_eq!(numbered.color("1"), named.color("B"));
        for prefix in ["a b", "a|", "a:", "\t"] {
            assert_eq!(
                NamedProblem::numbered(named.problem().clone(), prefix),
                Err(DlxError::BadItemName {
                    item: 0,
                    name: format!("{prefix}0"),
                })
            );
        }
    }
}
