//! One fuzz case of `engine_oracle`: a small problem as the builder is
//! asked to build it (invalid options and bounds included, so the builder's
//! checks are fuzzed too), how to search it, and what the builder must
//! accept or reject.

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use dlx_engine::{Budget, DlxError};

pub(crate) const MAX_PRIMARY: usize = 7;
pub(crate) const MAX_SECONDARY: usize = 3;
pub(crate) const MAX_OPTIONS: usize = 16;
pub(crate) const MAX_PRESELECT: usize = 3;
pub(crate) const MAX_COLORS: u32 = 3;

/// An option's entry as the case hands it to the builder: an item and
/// perhaps a color.
pub(crate) type Entry = (usize, Option<u32>);

/// One fuzz case: a problem as the builder is asked to build it, and how to search it.
pub(crate) struct EngineCase {
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    /// The calls of [`dlx_engine::ProblemBuilder::set_bounds`], valid or not:
    /// item, lower and upper bound.
    pub(crate) bounds: Vec<(usize, u32, u32)>,
    /// The options handed to [`dlx_engine::ProblemBuilder::add_colored_option`],
    /// valid or not.
    pub(crate) options: Vec<Vec<Entry>>,
    /// Indices of accepted options to pre-select (possibly out of range).
    pub(crate) preselect: Vec<usize>,
    pub(crate) limit: u64,
    pub(crate) budget: Budget,
    pub(crate) seed: u64,
}

impl<'a> Arbitrary<'a> for EngineCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let primary = u.int_in_range(1..=MAX_PRIMARY)?;
        let secondary = u.int_in_range(0..=MAX_SECONDARY)?;
        let items = primary + secondary;
        let mut bounds = Vec::new();
        if u.arbitrary()? {
            for _ in 0..u.int_in_range(1..=primary + 1)? {
                let item = if u.ratio(1, 8)? {
                    u.int_in_range(0..=items)?
                } else {
                    u.int_in_range(0..=primary - 1)?
                };
                let lower = u.int_in_range(0..=2)?;
                let upper = if u.ratio(1, 8)? {
                    u.int_in_range(0..=2)?
                } else {
                    lower + u.int_in_range(0..=2)?
                };
                bounds.push((item, lower, upper));
            }
        }
        let colored: bool = u.arbitrary()?;
        let option_count = u.int_in_range(0..=MAX_OPTIONS)?;
        let mut options = Vec::with_capacity(option_count);
        for _ in 0..option_count {
            let items_of: Vec<usize> = if u.ratio(1, 8)? {
                // Anything at all, so the builder's checks are fuzzed too.
                let len = u.int_in_range(0..=items + 1)?;
                (0..len)
                    .map(|_| u.int_in_range(0..=items))
                    .collect::<arbitrary::Result<_>>()?
            } else {
                valid_option(u, primary, items)?
            };
            let mut option = Vec::with_capacity(items_of.len());
            for item in items_of {
                // Colors on secondary entries, and now and then (wrongly)
                // on a primary one.
                let color = if colored && (item >= primary || u.ratio(1, 16)?) && u.arbitrary()? {
                    Some(u.int_in_range(0..=MAX_COLORS - 1)?)
                } else {
                    None
                };
                option.push((item, color));
            }
            options.push(option);
        }
        let preselect_count = u.int_in_range(0..=MAX_PRESELECT)?;
        let preselect = (0..preselect_count)
            .map(|_| u.int_in_range(0..=MAX_OPTIONS))
            .collect::<arbitrary::Result<_>>()?;
        let limit = u.int_in_range(0..=6)?;
        let max_nodes = if u.arbitrary()? {
            Some(u.int_in_range(0..=80)?)
        } else {
            None
        };
        let max_updates = if u.ratio(1, 3)? {
            Some(u.int_in_range(0..=300)?)
        } else {
            None
        };
        Ok(EngineCase {
            primary,
            secondary,
            bounds,
            options,
            preselect,
            limit,
            budget: Budget {
                max_nodes,
                max_updates,
            },
            seed: u.arbitrary()?,
        })
    }
}

/// Distinct items in fuzz-chosen order, at least one of them primary.
pub(crate) fn valid_option(
    u: &mut Unstructured<'_>,
    primary: usize,
    items: usize,
) -> arbitrary::Result<Vec<usize>> {
    let mut free: Vec<usize> = (0..items).collect();
    let len = u.int_in_range(1..=items.min(4))?;
    let mut option = Vec::with_capacity(len + 1);
    for _ in 0..len {
        let k = u.choose_index(free.len())?;
        option.push(free.swap_remove(k));
    }
    if option.iter().all(|&i| i >= primary) {
        let at = u.int_in_range(0..=option.len())?;
        option.insert(at, u.int_in_range(0..=primary - 1)?);
    }
    Ok(option)
}

/// Item names for Knuth's format: A, B, C, ...
pub(crate) fn item_name(item: usize) -> char {
    char::from(b'A' + u8::try_from(item).unwrap_or(25))
}

/// Prints Rust code that rebuilds the case, and the problem in Knuth's format.
impl fmt::Debug for EngineCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// engine_oracle case")?;
        writeln!(
            f,
            "let mut builder = dlx_engine::Problem::builder({}, {}).unwrap();",
            self.primary, self.secondary
        )?;
        for (item, lower, upper) in &self.bounds {
            writeln!(
                f,
                "let _ = builder.set_bounds({item}, {lower}, {upper}); // invalid ones are rejected"
            )?;
        }
        writeln!(f, "for option in [")?;
        for option in &self.options {
            let entries: Vec<String> = option
                .iter()
                .map(|(i, c)| match c {
                    Some(c) => format!("({i}, dlx_engine::Color::new({c}))"),
                    None => format!("({i}, None)"),
                })
                .collect();
            writeln!(f, "    &[{}][..],", entries.join(", "))?;
        }
        writeln!(f, "] {{")?;
        writeln!(
            f,
            "    let _ = builder.add_colored_option(option); // invalid ones are rejected"
        )?;
        writeln!(f, "}}")?;
        writeln!(f, "let problem = builder.build();")?;
        writeln!(
            f,
            "let preselect = {:?}; // indices of accepted options",
            self.preselect
        )?;
        writeln!(f, "let limit = {};", self.limit)?;
        writeln!(f, "let budget = dlx_engine::{:?};", self.budget)?;
        writeln!(f, "let seed = {};", self.seed)?;
        writeln!(f, "// The accepted problem in Knuth's format:")?;
        let text = knuth_text(self, &accepted_bounds(self), &accepted_options(self));
        writeln!(f, "// {text:?}")
    }
}

pub(crate) fn knuth_text(
    case: &EngineCase,
    bounds: &[(u32, u32)],
    options: &[Vec<Entry>],
) -> String {
    let mut text = String::new();
    for item in 0..case.primary + case.secondary {
        if item > 0 {
            text.push(' ');
        }
        if item == case.primary {
            text.push_str("| ");
        }
        if let Some(&(lower, upper)) = bounds.get(item).filter(|&&b| b != (1, 1)) {
            text.push_str(&format!("{lower}:{upper}|"));
        }
        text.push(item_name(item));
    }
    text.push('\n');
    for option in options {
        let names: Vec<String> = option
            .iter()
            .map(|&(i, c)| match c {
                Some(c) => format!("{}:{c}", item_name(i)),
                None => item_name(i).to_string(),
            })
            .collect();
        text.push_str(&names.join(" "));
        text.push('\n');
    }
    text
}

/// Why the builder must reject `option`, if it must: every applicable reason.
pub(crate) fn reasons_to_reject(
    option: &[Entry],
    primary: usize,
    items: usize,
) -> Vec<&'static str> {
    let mut reasons = Vec::new();
    if option.is_empty() {
        reasons.push("EmptyOption");
    }
    if option.iter().any(|&(i, _)| i >= items) {
        reasons.push("ItemOutOfRange");
    }
    if option
        .iter()
        .enumerate()
        .any(|(k, (i, _))| option[..k].iter().any(|(j, _)| j == i))
    {
        reasons.push("RepeatedItem");
    }
    if !option.is_empty() && option.iter().all(|&(i, _)| i >= primary) {
        reasons.push("NoPrimaryInOption");
    }
    if option.iter().any(|&(i, c)| i < primary && c.is_some()) {
        reasons.push("ColorOnPrimary");
    }
    reasons
}

pub(crate) fn error_name(error: &DlxError) -> &'static str {
    match error {
        DlxError::EmptyOption { .. } => "EmptyOption",
        DlxError::ItemOutOfRange { .. } => "ItemOutOfRange",
        DlxError::RepeatedItem { .. } => "RepeatedItem",
        DlxError::NoPrimaryInOption { .. } => "NoPrimaryInOption",
        DlxError::ColorOnPrimary { .. } => "ColorOnPrimary",
        DlxError::NoSuchItem { .. } => "NoSuchItem",
        DlxError::BoundsOnSecondary { .. } => "BoundsOnSecondary",
        DlxError::BadBounds { .. } => "BadBounds",
        _ => "another error",
    }
}

/// Why the builder must reject `set_bounds(item, lower, upper)`, if it must.
pub(crate) fn reason_to_reject_bounds(
    case: &EngineCase,
    item: usize,
    lower: u32,
    upper: u32,
) -> Option<&'static str> {
    if item >= case.primary + case.secondary {
        Some("NoSuchItem")
    } else if item >= case.primary {
        Some("BoundsOnSecondary")
    } else if upper == 0 || lower > upper {
        Some("BadBounds")
    } else {
        None
    }
}

/// Each primary item's bounds after the accepted `set_bounds` calls (the
/// last one for an item wins).
pub(crate) fn accepted_bounds(case: &EngineCase) -> Vec<(u32, u32)> {
    let mut bounds = vec![(1, 1); case.primary];
    for &(item, lower, upper) in &case.bounds {
        if reason_to_reject_bounds(case, item, lower, upper).is_none() {
            bounds[item] = (lower, upper);
        }
    }
    bounds
}

pub(crate) fn accepted_options(case: &EngineCase) -> Vec<Vec<Entry>> {
    let items = case.primary + case.secondary;
    case.options
        .iter()
        .filter(|o| reasons_to_reject(o, case.primary, items).is_empty())
        .cloned()
        .collect()
}
