//! The engine's one error type.

use std::fmt;

use crate::index::{ItemId, OptionId};

/// Everything that can be wrong with a problem, its text, or a request to the solver.
///
/// Every message says what to change in the input. Positions in text are
/// 1-based lines and columns (columns count characters, not bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DlxError {
    /// The problem declares no primary item, so it has nothing to cover.
    NoPrimaryItems,
    /// More items than the engine's 32-bit indices can address.
    TooManyItems {
        /// The number of items asked for.
        count: usize,
    },
    /// An option names an item that does not exist.
    ItemOutOfRange {
        /// The index the option would have.
        option: usize,
        /// The offending item index.
        item: usize,
        /// The number of items in the problem.
        items: usize,
    },
    /// An option names the same item twice.
    RepeatedItem {
        /// The index the option would have.
        option: usize,
        /// The item named twice.
        item: ItemId,
    },
    /// An option names no item at all.
    EmptyOption {
        /// The index the option would have.
        option: usize,
    },
    /// An option names only secondary items, so no search could ever choose it.
    NoPrimaryInOption {
        /// The index the option would have.
        option: usize,
    },
    /// An option names more items than the engine allows in one option.
    OptionTooLong {
        /// The index the option would have.
        option: usize,
        /// The number of items it names.
        len: usize,
        /// The most items one option may name.
        limit: usize,
    },
    /// An option gives a primary item a color; only secondary items have colors.
    ColorOnPrimary {
        /// The index the option would have.
        option: usize,
        /// The primary item with a color.
        item: ItemId,
    },
    /// Bounds were given for an item the problem does not have.
    NoSuchItem {
        /// The item asked for.
        item: usize,
        /// The number of items in the problem.
        items: usize,
    },
    /// Bounds were given for a secondary item; only primary items have them.
    BoundsOnSecondary {
        /// The secondary item.
        item: ItemId,
    },
    /// Bounds with an upper bound of 0 or a lower bound above the upper one.
    BadBounds {
        /// The primary item.
        item: ItemId,
        /// The lower bound asked for.
        lower: u32,
        /// The upper bound asked for.
        upper: u32,
    },
    /// The problem needs more arena nodes than 32-bit indices can address.
    TooManyNodes {
        /// The largest number of nodes an arena may hold.
        limit: usize,
    },
    /// A request named an option the problem does not have.
    UnknownOption {
        /// The option asked for.
        option: usize,
        /// The number of options in the problem.
        options: usize,
    },
    /// A pre-selected option needs an item that an earlier pre-selection already covers.
    SelectConflict {
        /// The option that could not be selected.
        option: OptionId,
        /// The item both options need.
        item: ItemId,
        /// The earlier selection that covers it.
        covered_by: OptionId,
    },
    /// An option was pre-selected a second time in a problem with bounds;
    /// a solution holds each option at most once. (Without bounds the
    /// option's own items are covered, and the answer is a
    /// [`SelectConflict`](DlxError::SelectConflict) that names it.)
    AlreadySelected {
        /// The option.
        option: OptionId,
    },
    /// A subproblem's prefix makes a choice the search never makes there: it
    /// was split from another problem, or with other pre-selections.
    NotASubproblem {
        /// The level (0-based position in the prefix) of the first such choice.
        position: usize,
        /// That choice.
        branch: crate::branch::Branch,
    },
    /// Item names handed to [`NamedProblem::new`](crate::NamedProblem::new)
    /// or [`with_colors`](crate::NamedProblem::with_colors): not one per item.
    ItemNameCount {
        /// Names given.
        found: usize,
        /// Items in the problem.
        expected: usize,
    },
    /// Color names handed to [`NamedProblem::with_colors`](crate::NamedProblem::with_colors):
    /// fewer than the colors the options use.
    ColorNameCount {
        /// Names given.
        found: usize,
        /// Colors the options use (numbered from 0).
        expected: usize,
    },
    /// An item name that Knuth's format could not write: empty, or holding
    /// white space, `|` or `:`.
    BadItemName {
        /// The item.
        item: usize,
        /// The name.
        name: String,
    },
    /// A color name that Knuth's format could not write: empty, or holding
    /// white space.
    BadColorName {
        /// The color.
        color: usize,
        /// The name.
        name: String,
    },
    /// Two items with one name.
    DuplicateItemName {
        /// The item with the name first.
        first: usize,
        /// The later item.
        item: usize,
        /// The name.
        name: String,
    },
    /// Two colors with one name.
    DuplicateColorName {
        /// The color with the name first.
        first: usize,
        /// The later color.
        color: usize,
        /// The name.
        name: String,
    },
    /// An option of a [`NamedBuilder`](crate::NamedBuilder) names an item
    /// that is not declared.
    UnknownItemName {
        /// The index the option would have.
        option: usize,
        /// The name.
        name: String,
    },
    /// An option of a [`NamedBuilder`](crate::NamedBuilder) has an entry
    /// `name:` with no color after the `:`.
    EmptyColor {
        /// The index the option would have.
        option: usize,
        /// The item's name.
        item: String,
    },
    /// [`Labeled::new`](crate::Labeled::new) was given a number of labels
    /// other than the problem's number of options.
    LabelCount {
        /// The problem's options.
        options: usize,
        /// The labels given.
        labels: usize,
    },
    /// A [`NamedBuilder`](crate::NamedBuilder) was given an item after its
    /// first option.
    ItemAfterOptions {
        /// The item's name.
        name: String,
    },
    /// A [`NamedBuilder`](crate::NamedBuilder) was given a primary item
    /// after a secondary one.
    PrimaryAfterSecondary {
        /// The item's name.
        name: String,
    },
    /// Knuth-format text that could not be read.
    Parse {
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column (in characters) where the problem starts.
        column: usize,
        /// What is wrong there.
        kind: ParseErrorKind,
    },
}

/// What is wrong with a piece of Knuth-format text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text has no item line (only comments and blank lines).
    MissingItemLine,
    /// The item line has nothing before its `|`, so there are no primary items.
    NoPrimaryItems,
    /// The item line has a second `|`.
    SecondSeparator,
    /// An item name appears twice in the item line.
    DuplicateItemName {
        /// The name.
        name: String,
    },
    /// An item name holds a character the format reserves.
    BadItemName {
        /// The name.
        name: String,
        /// The reserved character.
        found: char,
    },
    /// An option names an item that the item line does not declare.
    UnknownItem {
        /// The name.
        name: String,
    },
    /// An option names the same item twice.
    RepeatedItem {
        /// The name.
        name: String,
    },
    /// An option names only secondary items.
    NoPrimaryInOption,
    /// The problem is valid text but too large for the engine.
    TooLarge,
    /// The item line declares more items than the reader allows
    /// ([`ReadOptions::max_items`](crate::ReadOptions::max_items)).
    TooManyItems {
        /// The most items allowed.
        limit: usize,
    },
    /// This option names more items than one option may.
    OptionTooLong {
        /// The number of items it names.
        len: usize,
        /// The most items one option may name.
        limit: usize,
    },
    /// An option gives a primary item a color (`p:A`); only secondary items
    /// have colors.
    ColorOnPrimary {
        /// The item's name.
        name: String,
    },
    /// An option names an item with `:` but no color after it.
    EmptyColor {
        /// The item's name.
        name: String,
    },
    /// A secondary item of the item line has bounds (`2|x` after `|`).
    BoundsOnSecondary {
        /// The item's name.
        name: String,
    },
    /// An item of the item line has bounds that are not `v|name` or
    /// `u:v|name` with decimal numbers (or they are too large).
    BadBounds {
        /// The item as written.
        text: String,
    },
    /// An item's upper bound is 0 (`0|name`), so no option could cover it.
    ZeroUpperBound {
        /// The item's name.
        name: String,
    },
    /// A line of a ZDD in Knuth's ZDDREAD format is not `id: (~v?lo:hi)`
    /// with hexadecimal ids and a decimal option number.
    ZddSyntax {
        /// What the reader expected at that column.
        expected: &'static str,
    },
    /// A ZDD node id is defined on two lines.
    ZddRepeatedNode {
        /// The id, as written (hexadecimal).
        id: String,
    },
    /// A ZDD node refers to a child that no line defines.
    ZddUnknownNode {
        /// The id, as written (hexadecimal).
        id: String,
    },
    /// A ZDD node is its own descendant.
    ZddCycle {
        /// The id, as written (hexadecimal).
        id: String,
    },
    /// A ZDD's text has no node.
    ZddEmpty,
    /// A ZDD node is labelled by an option the problem does not have.
    ZddOptionOutOfRange {
        /// The option number (1-based, as written).
        option: u64,
        /// The number of options of the problem.
        options: usize,
    },
    /// An item's lower bound is above its upper bound (`3:2|name`).
    LowerAboveUpper {
        /// The item's name.
        name: String,
        /// The lower bound.
        lower: u32,
        /// The upper bound.
        upper: u32,
    },
}

impl fmt::Display for DlxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DlxError::NoPrimaryItems => {
                write!(
                    f,
                    "the problem has no primary items; declare at least one item that must be covered"
                )
            }
            DlxError::TooManyItems { count } => {
                write!(
                    f,
                    "{count} items are more than the engine can index; split the problem"
                )
            }
            DlxError::ItemOutOfRange {
                option,
                item,
                items,
            } => write!(
                f,
                "option {option} names item {item}, but the problem has only {items} items (0 to {})",
                items.saturating_sub(1)
            ),
            DlxError::RepeatedItem { option, item } => {
                write!(
                    f,
                    "option {option} names item {item} twice; name each item once"
                )
            }
            DlxError::EmptyOption { option } => {
                write!(
                    f,
                    "option {option} is empty; an option must name at least one primary item"
                )
            }
            DlxError::NoPrimaryInOption { option } => write!(
                f,
                "option {option} names only secondary items, so it could never be chosen; add a primary item or drop it"
            ),
            DlxError::OptionTooLong { option, len, limit } => {
                write!(
                    f,
                    "option {option} names {len} items, more than the {limit} one option may name"
                )
            }
            DlxError::ColorOnPrimary { option, item } => write!(
                f,
                "option {option} gives primary item {item} a color; only secondary items have colors"
            ),
            DlxError::NoSuchItem { item, items } => write!(
                f,
                "there is no item {item}; the problem has {items} items (0 to {})",
                items.saturating_sub(1)
            ),
            DlxError::BoundsOnSecondary { item } => write!(
                f,
                "item {item} is secondary and cannot have bounds; make it primary or drop the bounds"
            ),
            DlxError::BadBounds { item, lower, upper } => write!(
                f,
                "bounds {lower}:{upper} for item {item} are not valid; the upper bound must be at least 1 and at least the lower bound"
            ),
            DlxError::TooManyNodes { limit } => {
                write!(
                    f,
                    "the options hold more than {limit} entries in all; split the problem"
                )
            }
            DlxError::UnknownOption { option, options } => {
                write!(
                    f,
                    "there is no option {option}; the problem has {options} options"
                )
            }
            DlxError::SelectConflict {
                option,
                item,
                covered_by,
            } => write!(
                f,
                "option {option} cannot be selected: its item {item} is already covered by option {covered_by}"
            ),
            DlxError::AlreadySelected { option } => write!(
                f,
                "option {option} is already selected; a solution holds each option once"
            ),
            DlxError::NotASubproblem { position, branch } => write!(
                f,
                "choice {position} of the subproblem ({branch}) is not one the search makes there; \
                 run the subproblem against the problem and pre-selections it was split from"
            ),
            DlxError::ItemNameCount { found, expected } => write!(
                f,
                "{found} item names for {expected} items; give one name per item, primary items first"
            ),
            DlxError::ColorNameCount { found, expected } => write!(
                f,
                "{found} color names, but the options use {expected} colors; give one name per color"
            ),
            DlxError::BadItemName { item, name } => write!(
                f,
                "item {item} {}; give it a name without white space, `|` or `:`",
                NameFlaw(name)
            ),
            DlxError::BadColorName { color, name } => write!(
                f,
                "color {color} {}; give it a name without white space",
                NameFlaw(name)
            ),
            DlxError::DuplicateItemName { first, item, name } => write!(
                f,
                "items {first} and {item} are both named `{name}`; give each item its own name"
            ),
            DlxError::DuplicateColorName { first, color, name } => write!(
                f,
                "colors {first} and {color} are both named `{name}`; give each color its own name"
            ),
            DlxError::UnknownItemName { option, name } => write!(
                f,
                "option {option} names `{name}`, which is not an item; declare it before the first option"
            ),
            DlxError::LabelCount { options, labels } => write!(
                f,
                "{labels} labels for {options} options; give one label per option, option k's at index k"
            ),
            DlxError::EmptyColor { option, item } => write!(
                f,
                "option {option} has `{item}:` with no color after `:`; write `{item}:A`, or `{item}` for no color"
            ),
            DlxError::ItemAfterOptions { name } => write!(
                f,
                "item `{name}` is declared after the first option; declare every item before adding options"
            ),
            DlxError::PrimaryAfterSecondary { name } => write!(
                f,
                "primary item `{name}` is declared after a secondary one; declare the primary items first"
            ),
            DlxError::Parse { line, column, kind } => {
                write!(f, "line {line}, column {column}: {kind}")
            }
        }
    }
}

/// What is wrong with a name that is empty or holds a character Knuth's
/// format reserves, for [`DlxError::BadItemName`] and [`DlxError::BadColorName`].
struct NameFlaw<'n>(&'n str);

impl fmt::Display for NameFlaw<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.0;
        match name
            .chars()
            .find(|&c| c.is_whitespace() || c == '|' || c == ':')
        {
            None if name.is_empty() => f.write_str("has an empty name"),
            Some(c) if c.is_whitespace() => write!(
                f,
                "is named `{}`, which holds white space",
                name.escape_debug()
            ),
            Some(c) => write!(f, "is named `{name}`, which holds `{c}`"),
            None => write!(f, "is named `{name}`"),
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::MissingItemLine => {
                write!(
                    f,
                    "no item line; the first line that is not a comment must name the items"
                )
            }
            ParseErrorKind::NoPrimaryItems => {
                write!(
                    f,
                    "no primary items before `|`; name at least one item that must be covered"
                )
            }
            ParseErrorKind::SecondSeparator => {
                write!(
                    f,
                    "a second `|` in the item line; use one `|` between primary and secondary items"
                )
            }
            ParseErrorKind::DuplicateItemName { name } => {
                write!(
                    f,
                    "item `{name}` is declared twice; give each item one name"
                )
            }
            ParseErrorKind::BadItemName { name, found } => {
                write!(
                    f,
                    "item name `{name}` contains `{found}`, which the format reserves"
                )
            }
            ParseErrorKind::UnknownItem { name } => {
                write!(f, "unknown item `{name}`; declare it in the item line")
            }
            ParseErrorKind::RepeatedItem { name } => {
                write!(
                    f,
                    "item `{name}` appears twice in this option; name it once"
                )
            }
            ParseErrorKind::NoPrimaryInOption => write!(
                f,
                "this option names only secondary items, so it could never be chosen"
            ),
            ParseErrorKind::TooLarge => write!(f, "the problem is too large for the engine"),
            ParseErrorKind::TooManyItems { limit } => write!(
                f,
                "the item line declares more than {limit} items, the reader's limit; raise the limit if the problem is meant to be this large"
            ),
            ParseErrorKind::OptionTooLong { len, limit } => write!(
                f,
                "this option names {len} items, more than the {limit} one option may name"
            ),
            ParseErrorKind::ColorOnPrimary { name } => write!(
                f,
                "item `{name}` is primary and cannot have a color; colors go on secondary items (those after `|`)"
            ),
            ParseErrorKind::EmptyColor { name } => write!(
                f,
                "`{name}:` has no color after `:`; write `{name}:A`, or `{name}` for no color"
            ),
            ParseErrorKind::BoundsOnSecondary { name } => write!(
                f,
                "secondary item `{name}` cannot have bounds; move it before `|` or drop its bounds"
            ),
            ParseErrorKind::BadBounds { text } => write!(
                f,
                "`{text}` is not an item with bounds; write `v|name` or `u:v|name` with whole numbers"
            ),
            ParseErrorKind::ZeroUpperBound { name } => write!(
                f,
                "item `{name}` has upper bound 0, so no option could cover it; the upper bound must be at least 1"
            ),
            ParseErrorKind::ZddSyntax { expected } => write!(
                f,
                "expected {expected}; a ZDD line reads `id: (~option?lo:hi)`, ids in hexadecimal"
            ),
            ParseErrorKind::ZddRepeatedNode { id } => {
                write!(f, "node {id} is defined twice; give each node one line")
            }
            ParseErrorKind::ZddUnknownNode { id } => write!(
                f,
                "node {id} is not defined; every child must be 0, 1 or a node with its own line"
            ),
            ParseErrorKind::ZddCycle { id } => {
                write!(f, "node {id} is its own descendant; a ZDD has no cycles")
            }
            ParseErrorKind::ZddEmpty => write!(
                f,
                "no ZDD node; the text must have at least one line `id: (~option?lo:hi)`"
            ),
            ParseErrorKind::ZddOptionOutOfRange { option, options } => write!(
                f,
                "option {option} does not exist; the problem has options 1 to {options}"
            ),
            ParseErrorKind::LowerAboveUpper { name, lower, upper } => write!(
                f,
                "item `{name}` has lower bound {lower} above its upper bound {upper}; write the smaller first, `{upper}:{lower}|{name}`"
            ),
        }
    }
}

impl std::error::Error for DlxError {}
