//! Knuth's text format for exact-cover problems, the input of his DLX1.
//!
//! ```text
//! | A simple example          <- a line whose first non-blank character is `|` is a comment
//! A B C D E | F G             <- the items: primary, then `|`, then secondary (optional)
//! C E F                       <- each later line is one option
//! A D G
//! ```
//!
//! Item names are runs of characters other than white space, `|` and `:`
//! (`:` is reserved for the colors of Knuth's DLX2). Blank lines are skipped,
//! as DLX1 skips them; `\r\n` line endings are accepted.

use std::collections::HashMap;
use std::fmt;

use smallvec::SmallVec;

use crate::error::{Error, ParseErrorKind};
use crate::{ItemId, OptionId, Problem};

/// A problem whose items have names: what Knuth's format describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedProblem {
    problem: Problem,
    names: Vec<String>,
}

/// A whitespace-separated token and its 1-based character column.
struct Token<'a> {
    text: &'a str,
    column: usize,
}

fn tokens(line: &str) -> impl Iterator<Item = Token<'_>> {
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

fn parse_error(line: usize, column: usize, kind: ParseErrorKind) -> Error {
    Error::Parse { line, column, kind }
}

/// The reserved character in `name`, if any.
fn reserved_char(name: &str) -> Option<char> {
    name.chars().find(|&c| c == '|' || c == ':')
}

impl NamedProblem {
    /// Reads a problem in Knuth's format.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] with the line, column and kind of the first problem found.
    ///
    /// # Example
    ///
    /// ```
    /// let named = dlx::NamedProblem::parse("A B | C\nA C\nB\nA B\n")?;
    /// assert_eq!(named.problem().option_count(), 3);
    /// assert_eq!(named.to_string(), "A B | C\nA C\nB\nA B\n");
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, Error> {
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
            if let Some(found) = reserved_char(token.text) {
                let kind = ParseErrorKind::BadItemName {
                    name: token.text.to_owned(),
                    found,
                };
                return Err(parse_error(item_line, token.column, kind));
            }
            if index.insert(token.text, names.len()).is_some() {
                let kind = ParseErrorKind::DuplicateItemName {
                    name: token.text.to_owned(),
                };
                return Err(parse_error(item_line, token.column, kind));
            }
            names.push(token.text.to_owned());
        }
        let primary = primary.unwrap_or(names.len());
        let mut builder = Problem::builder(primary, names.len() - primary)
            .map_err(|_| parse_error(item_line, 1, ParseErrorKind::TooLarge))?;

        // An option's items: a short list, on the stack for up to 16 items.
        let mut option: SmallVec<[usize; 16]> = SmallVec::new();
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
                let Some(&item) = index.get(token.text) else {
                    let kind = match reserved_char(token.text) {
                        Some(found) => ParseErrorKind::BadItemName {
                            name: token.text.to_owned(),
                            found,
                        },
                        None => ParseErrorKind::UnknownItem {
                            name: token.text.to_owned(),
                        },
                    };
                    return Err(parse_error(line, token.column, kind));
                };
                if std::mem::replace(&mut named_on[item], line) == line {
                    let kind = ParseErrorKind::RepeatedItem {
                        name: token.text.to_owned(),
                    };
                    return Err(parse_error(line, token.column, kind));
                }
                option.push(item);
            }
            builder.add_option(&option).map_err(|e| {
                let kind = match e {
                    Error::NoPrimaryInOption { .. } => ParseErrorKind::NoPrimaryInOption,
                    Error::OptionTooLong { len, limit, .. } => {
                        ParseErrorKind::OptionTooLong { len, limit }
                    }
                    _ => ParseErrorKind::TooLarge,
                };
                parse_error(line, first_column, kind)
            })?;
        }
        Ok(NamedProblem {
            problem: builder.build(),
            names,
        })
    }

    /// Names the items of `problem`, in item order.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] (at line 1, the item line, with the name's position in
    /// it) if there is not one name per item, a name is repeated, or a name
    /// is empty or holds white space, `|` or `:`.
    pub fn new(problem: Problem, names: Vec<String>) -> Result<Self, Error> {
        let mut seen = HashMap::new();
        for (k, name) in names.iter().enumerate() {
            let kind = if name.is_empty() || name.chars().any(char::is_whitespace) {
                Some(ParseErrorKind::BadItemName {
                    name: name.clone(),
                    found: ' ',
                })
            } else if let Some(found) = reserved_char(name) {
                Some(ParseErrorKind::BadItemName {
                    name: name.clone(),
                    found,
                })
            } else if seen.insert(name.as_str(), k).is_some() {
                Some(ParseErrorKind::DuplicateItemName { name: name.clone() })
            } else {
                None
            };
            if let Some(kind) = kind {
                return Err(parse_error(1, k + 1, kind));
            }
        }
        if names.len() != problem.item_count() {
            return Err(parse_error(1, names.len() + 1, ParseErrorKind::TooLarge));
        }
        Ok(NamedProblem { problem, names })
    }

    /// The problem itself.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The name of `item`.
    ///
    /// # Panics
    ///
    /// If `item` does not belong to this problem.
    #[must_use]
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.names[item.index()]
    }

    /// The item called `name`, if there is one.
    #[must_use]
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(ItemId::new)
    }

    /// `option` as Knuth writes it: its item names separated by spaces.
    #[must_use]
    pub fn option_text(&self, option: OptionId) -> String {
        let mut text = String::new();
        for (k, &item) in self.problem.option(option).iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(self.item_name(item));
        }
        text
    }
}

/// Writes the problem back in Knuth's format; parsing the text gives an equal problem.
impl fmt::Display for NamedProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let primary = self.problem.primary_count();
        for (k, name) in self.names.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            if k == primary {
                f.write_str("| ")?;
            }
            f.write_str(name)?;
        }
        f.write_str("\n")?;
        for (option, _) in self.problem.options() {
            writeln!(f, "{}", self.option_text(option))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, ParseErrorKind) {
        match NamedProblem::parse(text) {
            Err(Error::Parse { line, column, kind }) => (line, column, kind),
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
    #[ignore = "a line of 65,536 names: slow in debug builds, run in release"]
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

    #[test]
    fn names_are_validated() {
        let problem = Problem::builder(2, 0).unwrap().build();
        assert!(NamedProblem::new(problem.clone(), vec!["a".into(), "b".into()]).is_ok());
        assert!(NamedProblem::new(problem.clone(), vec!["a".into(), "a".into()]).is_err());
        assert!(NamedProblem::new(problem.clone(), vec!["a".into(), "b c".into()]).is_err());
        assert!(NamedProblem::new(problem, vec!["a".into()]).is_err());
    }
}
