//! Reading Knuth's text formats: DLX1, and the colors of DLX2 and bounds of
//! DLX3 on top of it, from one grammar (see `text_format.rs`). What a file
//! uses decides the problem's [`Kind`](crate::Kind); a DLX1 file reads
//! exactly as it did before the other two were supported.

use std::collections::HashMap;

use smallvec::SmallVec;

use crate::error::{DlxError, ParseErrorKind};
use crate::index::{Color, INDEX_LIMIT};
use crate::problem::{Bounds, Problem};
use crate::text_format::{NamedProblem, reserved_char};

/// A whitespace-separated token and its 1-based character column.
#[derive(Clone, Copy)]
pub(crate) struct Token<'a> {
    pub(crate) text: &'a str,
    pub(crate) column: usize,
}

/// The tokens of `line`.
pub(crate) fn tokens(line: &str) -> impl Iterator<Item = Token<'_>> {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((byte, column)),
            (true, Some((s, c))) => {
                out.push(Token {
                    text: &line[s..byte],
                    column: c,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, c)) = start {
        out.push(Token {
            text: &line[s..],
            column: c,
        });
    }
    out.into_iter()
}

/// An error at `line`, `column`.
pub(crate) fn parse_error(line: usize, column: usize, kind: ParseErrorKind) -> DlxError {
    DlxError::Parse { line, column, kind }
}

/// An item of the item line: its name and, for a primary item, its bounds.
struct Declared<'a> {
    name: &'a str,
    bounds: Option<Bounds>,
}

/// Reads one token of the item line: `name`, or (DLX3) `v|name` or
/// `u:v|name`. `primary` says which side of the `|` separator it is on.
fn declared_item(token: Token<'_>, primary: bool) -> Result<Declared<'_>, ParseErrorKind> {
    let text = token.text;
    let Some(bar) = text.find('|') else {
        let Some(colon) = text.find(':') else {
            return Ok(Declared {
                name: text,
                bounds: None,
            });
        };
        // `2:3` is a bound without its `|name`; `a:b` a name with `:`.
        return Err(if primary && bound_number(&text[..colon]).is_some() {
            ParseErrorKind::BadBounds {
                text: text.to_owned(),
            }
        } else {
            ParseErrorKind::BadItemName {
                name: text.to_owned(),
                found: ':',
            }
        });
    };
    let (spec, name) = (&text[..bar], &text[bar + 1..]);
    let numbers: SmallVec<[Option<u32>; 2]> = spec.split(':').map(bound_number).collect();
    let bounds = match numbers.as_slice() {
        [Some(upper)] => Some((*upper, *upper)),
        [Some(lower), Some(upper)] => Some((*lower, *upper)),
        _ => None,
    };
    let Some((lower, upper)) = bounds else {
        // Not `v|` or `u:v|`: a name with `|` in it, or a malformed bound.
        return Err(if spec.bytes().any(|b| b.is_ascii_digit()) {
            ParseErrorKind::BadBounds {
                text: text.to_owned(),
            }
        } else {
            ParseErrorKind::BadItemName {
                name: text.to_owned(),
                found: '|',
            }
        });
    };
    if !primary {
        return Err(ParseErrorKind::BoundsOnSecondary {
            name: name.to_owned(),
        });
    }
    if name.is_empty() {
        return Err(ParseErrorKind::BadBounds {
            text: text.to_owned(),
        });
    }
    if let Some(found) = reserved_char(name) {
        return Err(ParseErrorKind::BadItemName {
            name: name.to_owned(),
            found,
        });
    }
    if upper == 0 {
        return Err(ParseErrorKind::ZeroUpperBound {
            name: name.to_owned(),
        });
    }
    if lower > upper {
        return Err(ParseErrorKind::LowerAboveUpper {
            name: name.to_owned(),
            lower,
            upper,
        });
    }
    Ok(Declared {
        name,
        bounds: Bounds::new(lower, upper),
    })
}

/// A decimal bound: ASCII digits only, small enough for the engine.
fn bound_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>()
        .ok()
        .filter(|&n| (n as usize) < INDEX_LIMIT)
}

/// How [`NamedProblem::parse_with`] reads a problem. The default is
/// strict, as [`NamedProblem::parse`] reads: an option without a primary
/// item is an error, and there is no limit on the items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Skip an option that names only secondary items, as Knuth's DLX1 does
    /// ("Option ignored (no primary items)"), and list its line in
    /// [`Parsed::skipped`], instead of failing with
    /// [`ParseErrorKind::NoPrimaryInOption`].
    pub skip_secondary_only: bool,
    /// The most items the item line may declare, so that a hostile item
    /// line fails early with [`ParseErrorKind::TooManyItems`]; `None` for
    /// no limit. (Knuth's DLX1 allows 100,000.)
    pub max_items: Option<usize>,
}

/// A problem read by [`NamedProblem::parse_with`], and what it left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The problem.
    pub problem: NamedProblem,
    /// The 1-based lines of the options skipped for having no primary item
    /// ([`ReadOptions::skip_secondary_only`]), in order.
    pub skipped: Vec<usize>,
}

impl NamedProblem {
    /// Reads a problem in Knuth's format: DLX1, with DLX2's colors and
    /// DLX3's bounds where the text uses them. Strict: an option without a
    /// primary item is an error (see [`NamedProblem::parse_with`] to skip
    /// it as Knuth's programs do).
    ///
    /// # Errors
    ///
    /// [`DlxError::Parse`] with the line, column and kind of the first problem
    /// found.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx_engine::{Format, Kind};
    ///
    /// let named = dlx_engine::NamedProblem::parse("A B | C\nA C\nB\nA B\n")?;
    /// assert_eq!(named.problem().option_count(), 3);
    /// assert_eq!(named.to_string(), "A B | C\nA C\nB\nA B\n");
    ///
    /// // Knuth's example for DLX3: C must be covered two or three times.
    /// let named = dlx_engine::NamedProblem::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")?;
    /// assert_eq!(named.problem().kind(), Kind::Multiplicities);
    /// assert_eq!(named.format(), Format::Dlx3);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, DlxError> {
        Self::parse_with(text, &ReadOptions::default()).map(|parsed| parsed.problem)
    }

    /// Reads a problem as [`NamedProblem::parse`] does, with `options`:
    /// Knuth's leniency for options without a primary item, and a limit on
    /// the items.
    ///
    /// # Errors
    ///
    /// [`DlxError::Parse`] with the line, column and kind of the first problem
    /// found.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, ReadOptions};
    ///
    /// // `x` alone has no primary item: DLX1 ignores it, with a warning.
    /// let text = "A B | x\nA B\nx\nA x\n";
    /// assert!(NamedProblem::parse(text).is_err());
    /// let options = ReadOptions { skip_secondary_only: true, ..ReadOptions::default() };
    /// let parsed = NamedProblem::parse_with(text, &options)?;
    /// assert_eq!(parsed.skipped, [3]);
    /// assert_eq!(parsed.problem.problem().option_count(), 2);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn parse_with(text: &str, options: &ReadOptions) -> Result<Parsed, DlxError> {
        let mut skipped = Vec::new();
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| {
                let t = l.trim_start();
                !t.is_empty() && !t.starts_with('|')
            });
        let Some((item_line, items_text)) = lines.next() else {
            let last = text.lines().count().max(1);
            return Err(parse_error(last, 1, ParseErrorKind::MissingItemLine));
        };

        let mut names: Vec<String> = Vec::new();
        let mut bounds: Vec<(usize, Bounds)> = Vec::new();
        let mut primary = None;
        let mut index: HashMap<&str, usize> = HashMap::new();
        for token in tokens(items_text) {
            if token.text == "|" {
                if primary.is_some() {
                    return Err(parse_error(
                        item_line,
                        token.column,
                        ParseErrorKind::SecondSeparator,
                    ));
                }
                if names.is_empty() {
                    return Err(parse_error(
                        item_line,
                        token.column,
                        ParseErrorKind::NoPrimaryItems,
                    ));
                }
                primary = Some(names.len());
                continue;
            }
            if let Some(limit) = options.max_items.filter(|&limit| names.len() >= limit) {
                let kind = ParseErrorKind::TooManyItems { limit };
                return Err(parse_error(item_line, token.column, kind));
            }
            let declared = declared_item(token, primary.is_none())
                .map_err(|kind| parse_error(item_line, token.column, kind))?;
            if index.insert(declared.name, names.len()).is_some() {
                let kind = ParseErrorKind::DuplicateItemName {
                    name: declared.name.to_owned(),
                };
                return Err(parse_error(item_line, token.column, kind));
            }
            if let Some(b) = declared.bounds.filter(|&b| b != Bounds::ONCE) {
                bounds.push((names.len(), b));
            }
            names.push(declared.name.to_owned());
        }
        let primary = primary.unwrap_or(names.len());
        let mut builder = Problem::builder(primary, names.len() - primary)
            .map_err(|_| parse_error(item_line, 1, ParseErrorKind::TooLarge))?;
        for (item, b) in bounds {
            builder
                .set_bounds(item, b.lower(), b.upper())
                .map_err(|_| parse_error(item_line, 1, ParseErrorKind::TooLarge))?;
        }

        let mut colors: Vec<String> = Vec::new();
        let mut color_index: HashMap<&str, Color> = HashMap::new();
        // An option's entries: a short list, on the stack for up to 16 items.
        let mut option: SmallVec<[(usize, Option<Color>); 16]> = SmallVec::new();
        // The line that last named each item: finds a repeat in O(1), so a
        // hostile line of many items costs linear time, not quadratic.
        let mut named_on: Vec<usize> = vec![0; names.len()];
        for (line, text) in lines {
            option.clear();
            let mut first_column = 1;
            for token in tokens(text) {
                if option.is_empty() {
                    first_column = token.column;
                }
                let (name, color) = match token.text.split_once(':') {
                    Some((name, color)) => (name, Some(color)),
                    None => (token.text, None),
                };
                let error = |kind| Err(parse_error(line, token.column, kind));
                let Some(&item) = index.get(name) else {
                    return error(match reserved_char(name) {
                        Some(found) => ParseErrorKind::BadItemName {
                            name: name.to_owned(),
                            found,
                        },
                        None => ParseErrorKind::UnknownItem {
                            name: name.to_owned(),
                        },
                    });
                };
                if std::mem::replace(&mut named_on[item], line) == line {
                    return error(ParseErrorKind::RepeatedItem {
                        name: name.to_owned(),
                    });
                }
                let color = match color {
                    None => None,
                    Some(_) if item < primary => {
                        return error(ParseErrorKind::ColorOnPrimary {
                            name: name.to_owned(),
                        });
                    }
                    Some("") => {
                        return error(ParseErrorKind::EmptyColor {
                            name: name.to_owned(),
                        });
                    }
                    Some(color) => Some(match color_index.get(color) {
                        Some(&c) => c,
                        None => {
                            let Some(c) = Color::new(colors.len()) else {
                                return error(ParseErrorKind::TooLarge);
                            };
                            colors.push(color.to_owned());
                            color_index.insert(color, c);
                            c
                        }
                    }),
                };
                option.push((item, color));
            }
            if options.skip_secondary_only && option.iter().all(|&(item, _)| item >= primary) {
                skipped.push(line);
                continue;
            }
            builder.add_colored_option(&option).map_err(|e| {
                let kind = match e {
                    DlxError::NoPrimaryInOption { .. } => ParseErrorKind::NoPrimaryInOption,
                    DlxError::OptionTooLong { len, limit, .. } => {
                        ParseErrorKind::OptionTooLong { len, limit }
                    }
                    _ => ParseErrorKind::TooLarge,
                };
                parse_error(line, first_column, kind)
            })?;
        }
        Ok(Parsed {
            problem: NamedProblem::from_parts(builder.build(), names, colors),
            skipped,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text_format::tests::err;
    use crate::{Dlx, Format, ItemId, Kind, OptionId, Uniqueness};

    /// The unique solution's options as text, sorted.
    fn unique(named: &NamedProblem) -> Vec<String> {
        let Uniqueness::Unique(options) = Dlx::new(named.problem()).uniqueness() else {
            panic!("one solution")
        };
        let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
        lines.sort();
        lines
    }

    #[test]
    fn knuths_dlx2_example_reads_and_has_its_one_solution() {
        // DLX2's test case (its option `X:0 Y:1`, which has no primary item
        // and which DLX2 drops with a warning, is left out).
        let named =
            NamedProblem::parse("| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")
                .unwrap();
        assert_eq!(named.problem().kind(), Kind::Colors);
        assert_eq!(named.format(), Format::Dlx2);
        assert_eq!(unique(&named), ["A C X:1 Y:1", "B X:1"]);
        assert_eq!(named.color("1").map(Color::index), Some(1));
        assert_eq!(
            named.to_string(),
            "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n"
        );
    }

    #[test]
    fn knuths_dlx3_example_reads_and_has_its_one_solution() {
        let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let named = NamedProblem::parse(text).unwrap();
        assert_eq!(named.problem().kind(), Kind::Multiplicities);
        let c = named.item("C").unwrap();
        assert_eq!(named.problem().bounds(c), Bounds::new(2, 3));
        assert_eq!(unique(&named), ["A C X:1 Y:1", "B X:1", "C Y:1"]);
        let written = named.to_string();
        assert!(written.starts_with("A B 2:3|C | X Y\n"), "{written}");
        assert_eq!(NamedProblem::parse(&written).unwrap(), named);
    }

    #[test]
    fn knuths_partridge_items_read_as_bounds() {
        // The item line of Knuth's partridge generator: `k|#k` is item #k,
        // covered exactly k times.
        let named = NamedProblem::parse("1|#1 2|#2 3|#3 a\n#1 a\n#2\n#2\n#3\n#3\n#3\n").unwrap();
        let two = named.item("#2").unwrap();
        assert_eq!(named.problem().bounds(two), Bounds::new(2, 2));
        assert_eq!(named.item_name(ItemId::new(0).unwrap()), "#1");
        assert_eq!(Dlx::new(named.problem()).count(None).solutions, 1);
        assert!(named.to_string().starts_with("#1 2|#2 3|#3 a\n"));
    }

    #[test]
    fn bound_and_color_errors_have_line_and_column() {
        assert_eq!(
            err("A B | X\nA X\nB:1 X\n"),
            (3, 1, ParseErrorKind::ColorOnPrimary { name: "B".into() })
        );
        assert_eq!(
            err("A | X\nA  X:\n"),
            (2, 4, ParseErrorKind::EmptyColor { name: "X".into() })
        );
        assert_eq!(
            err("A | 2|X\n"),
            (1, 5, ParseErrorKind::BoundsOnSecondary { name: "X".into() })
        );
        assert_eq!(
            err("A 3:2|B\n"),
            (
                1,
                3,
                ParseErrorKind::LowerAboveUpper {
                    name: "B".into(),
                    lower: 3,
                    upper: 2
                }
            )
        );
        assert_eq!(
            err("A 0|B\n"),
            (1, 3, ParseErrorKind::ZeroUpperBound { name: "B".into() })
        );
        for bad in [
            "2x|B",
            "1:|B",
            ":1|B",
            "1:2:3|B",
            "99999999999|B",
            "3|",
            "2:3",
        ] {
            assert_eq!(
                err(&format!("A {bad}\nA\n")),
                (1, 3, ParseErrorKind::BadBounds { text: bad.into() }),
                "{bad}"
            );
        }
        assert_eq!(
            err("A b|c\n"),
            (
                1,
                3,
                ParseErrorKind::BadItemName {
                    name: "b|c".into(),
                    found: '|'
                }
            )
        );
        assert_eq!(
            err("A | X\nA X:1 X:1\n"),
            (2, 7, ParseErrorKind::RepeatedItem { name: "X".into() })
        );
        // Messages say how to fix the input.
        let e = NamedProblem::parse("A | 2|X\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 5: secondary item `X` cannot have bounds; move it before `|` or drop its bounds"
        );
    }

    #[test]
    fn secondary_only_options_are_skipped_only_when_asked() {
        // Knuth's DLX1 on this file: "Option ignored (no primary items)",
        // then one solution, {A B}.
        let text = "A B | x\nA B\nx\nA x\n";
        assert_eq!(err(text), (3, 1, ParseErrorKind::NoPrimaryInOption));
        let lenient = ReadOptions {
            skip_secondary_only: true,
            ..ReadOptions::default()
        };
        let parsed = NamedProblem::parse_with(text, &lenient).unwrap();
        assert_eq!(parsed.skipped, [3]);
        assert_eq!(unique(&parsed.problem), ["A B"]);
        assert_eq!(parsed.problem.to_string(), "A B | x\nA B\nA x\n");
        // A colored secondary item alone is skipped too (DLX2's example).
        let text = "A | X Y\nA X:0\nX:0 Y:1\n";
        let parsed = NamedProblem::parse_with(text, &lenient).unwrap();
        assert_eq!(parsed.skipped, [3]);
    }

    #[test]
    fn an_item_limit_stops_a_long_item_line() {
        let limited = ReadOptions {
            max_items: Some(3),
            ..ReadOptions::default()
        };
        assert!(NamedProblem::parse_with("a b | c\na c\n", &limited).is_ok());
        let e = NamedProblem::parse_with("a b | c d\na\n", &limited).unwrap_err();
        assert_eq!(
            e,
            DlxError::Parse {
                line: 1,
                column: 9,
                kind: ParseErrorKind::TooManyItems { limit: 3 }
            }
        );
        assert!(e.to_string().contains("more than 3 items"));
    }

    #[test]
    fn colors_are_named_in_order_of_first_use_and_may_be_words() {
        let named = NamedProblem::parse("p q | x y\np x:red y:blue\nq x:red\n").unwrap();
        assert_eq!(named.color_name(Color::new(0).unwrap()), "red");
        assert_eq!(named.color("blue").map(Color::index), Some(1));
        assert_eq!(
            named.option_text(OptionId::new(0).unwrap()),
            "p x:red y:blue"
        );
        assert_eq!(Dlx::new(named.problem()).count(None).solutions, 1);
    }
}
