//! Knuth's ZDDREAD text format, as his DLX6 writes it and his ZDDREAD
//! programs read it: one node a line, `id: (~v?lo:hi)`, with the ids of the
//! node and its LO and HI children in hexadecimal and the option `v` in
//! decimal, counted from 1; ids 0 and 1 are the sinks (no solution, the
//! empty solution). Children come before their parents, and a last dummy
//! node `id: (~0?0:root)` names the root, as DLX6 writes it.

use std::fmt;

use crate::error::{DlxError, ParseErrorKind};
use crate::index::to_u32;
use crate::zdd::{BOTTOM, TOP, Zdd, ZddNode};

/// A [`Zdd`] in Knuth's ZDDREAD text, from [`Zdd::text`].
#[derive(Clone, Copy, Debug)]
pub struct ZddText<'z> {
    zdd: &'z Zdd,
}

impl fmt::Display for ZddText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (id, node) in self.zdd.nodes() {
            writeln!(
                f,
                "{id:x}: (~{}?{:x}:{:x})",
                u64::from(node.option) + 1,
                node.lo,
                node.hi
            )?;
        }
        let dummy = self.zdd.node_count() + 2;
        writeln!(f, "{dummy:x}: (~0?0:{:x})", self.zdd.root())
    }
}

/// One node as read, with where its children were written.
struct Line {
    option: u64,
    children: [(u64, usize); 2],
    line: usize,
}

/// A cursor over one line, counting columns in characters.
struct Cursor<'t> {
    chars: std::iter::Peekable<std::str::CharIndices<'t>>,
    column: usize,
    line: usize,
}

impl Cursor<'_> {
    fn error(&self, kind: ParseErrorKind) -> DlxError {
        DlxError::Parse {
            line: self.line,
            column: self.column,
            kind,
        }
    }

    fn skip_spaces(&mut self) {
        while self
            .chars
            .peek()
            .is_some_and(|&(_, c)| c == ' ' || c == '\t')
        {
            self.chars.next();
            self.column += 1;
        }
    }

    fn expect(&mut self, want: char, expected: &'static str) -> Result<(), DlxError> {
        self.skip_spaces();
        match self.chars.peek() {
            Some(&(_, c)) if c == want => {
                self.chars.next();
                self.column += 1;
                Ok(())
            }
            _ => Err(self.error(ParseErrorKind::ZddSyntax { expected })),
        }
    }

    /// A number in `radix`; returns it with its column.
    fn number(&mut self, radix: u32, expected: &'static str) -> Result<(u64, usize), DlxError> {
        self.skip_spaces();
        let column = self.column;
        let mut value: Option<u64> = None;
        while let Some(digit) = self.chars.peek().and_then(|&(_, c)| c.to_digit(radix)) {
            let next = value
                .unwrap_or(0)
                .checked_mul(u64::from(radix))
                .and_then(|v| v.checked_add(u64::from(digit)));
            let Some(next) = next else {
                return Err(DlxError::Parse {
                    line: self.line,
                    column,
                    kind: ParseErrorKind::ZddSyntax {
                        expected: "a number below 2^64",
                    },
                });
            };
            value = Some(next);
            self.chars.next();
            self.column += 1;
        }
        value
            .map(|v| (v, column))
            .ok_or_else(|| self.error(ParseErrorKind::ZddSyntax { expected }))
    }
}

impl Zdd {
    /// The diagram in Knuth's ZDDREAD text (as his DLX6 writes it), to
    /// print or write: [`Zdd::read`] reads it back.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Zdd, ZddLimits};
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let zdd = Zdd::build(named.problem(), ZddLimits::default()).zdd.expect("complete");
    /// let text = zdd.text().to_string();
    /// assert_eq!(Zdd::read(&text, 3)?.count(), Some(2));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn text(&self) -> ZddText<'_> {
        ZddText { zdd: self }
    }

    /// Reads a ZDD in Knuth's ZDDREAD text without its problem: the
    /// options are taken to be `1..=v` for the largest option `v` a node
    /// the root reaches names (as his ZDDREAD programs take them).
    ///
    /// ```
    /// use dlx_engine::Zdd;
    /// let zdd = Zdd::read_alone("2: (~3?0:1)\n3: (~1?2:1)\n4: (~0?0:3)\n")?;
    /// assert_eq!((zdd.count(), zdd.option_count()), (Some(2), 3));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Zdd::read`], but for an option out of range: any option number
    /// up to 2^32 is taken.
    pub fn read_alone(text: &str) -> Result<Zdd, DlxError> {
        let mut zdd = Zdd::read(text, usize::try_from(u32::MAX).unwrap_or(usize::MAX))?;
        zdd.options = zdd
            .nodes()
            .map(|(_, node)| node.option as usize + 1)
            .max()
            .unwrap_or(0);
        Ok(zdd)
    }

    /// Reads a ZDD in Knuth's ZDDREAD text whose options are those of a
    /// problem with `options` options. The root is the child of the dummy
    /// node labelled 0 if there is one, else (as ZDDREAD takes it) the
    /// first node with the smallest option. Nodes the root does not reach
    /// are dropped.
    ///
    /// # Errors
    ///
    /// [`DlxError::Parse`] with the line and column of the first fault:
    /// a line that is not `id: (~v?lo:hi)`, a node defined twice, a child
    /// never defined, a cycle, an option out of range, or no node at all.
    pub fn read(text: &str, options: usize) -> Result<Zdd, DlxError> {
        let mut lines: std::collections::HashMap<u64, Line> = std::collections::HashMap::new();
        let mut order: Vec<u64> = Vec::new();
        let mut dummy_root: Option<(u64, usize)> = None;
        for (index, line_text) in text.lines().enumerate() {
            let line = index + 1;
            if line_text.trim().is_empty() {
                continue;
            }
            let mut cursor = Cursor {
                chars: line_text.char_indices().peekable(),
                column: 1,
                line,
            };
            let (id, id_column) = cursor.number(16, "a node id in hexadecimal")?;
            cursor.expect(':', "`:` after the node id")?;
            cursor.expect('(', "`(` before the option")?;
            cursor.expect('~', "`~` before the option")?;
            let (option, option_column) = cursor.number(10, "an option number in decimal")?;
            cursor.expect('?', "`?` after the option")?;
            let lo = cursor.number(16, "the LO child in hexadecimal")?;
            cursor.expect(':', "`:` between the children")?;
            let hi = cursor.number(16, "the HI child in hexadecimal")?;
            cursor.expect(')', "`)` after the children")?;
            cursor.skip_spaces();
            if cursor.chars.peek().is_some() {
                return Err(cursor.error(ParseErrorKind::ZddSyntax {
                    expected: "the end of the line",
                }));
            }
            let at = |column, kind| DlxError::Parse { line, column, kind };
            if id <= u64::from(TOP) || lines.contains_key(&id) {
                return Err(at(
                    id_column,
                    ParseErrorKind::ZddRepeatedNode {
                        id: format!("{id:x}"),
                    },
                ));
            }
            if option == 0 {
                // The dummy root: its HI child is the root.
                dummy_root = Some((hi.0, hi.1));
            } else if usize::try_from(option).map_or(true, |o| o > options) {
                return Err(at(
                    option_column,
                    ParseErrorKind::ZddOptionOutOfRange { option, options },
                ));
            }
            order.push(id);
            lines.insert(
                id,
                Line {
                    option,
                    children: [lo, hi],
                    line,
                },
            );
        }
        let root = match dummy_root {
            Some((root, _)) => root,
            None => {
                let first_smallest =
                    order
                        .iter()
                        .min_by_key(|id| lines[id].option)
                        .ok_or(DlxError::Parse {
                            line: 1,
                            column: 1,
                            kind: ParseErrorKind::ZddEmpty,
                        })?;
                *first_smallest
            }
        };
        if order.is_empty() {
            return Err(DlxError::Parse {
                line: 1,
                column: 1,
                kind: ParseErrorKind::ZddEmpty,
            });
        }
        // Renumber children first by an iterative depth-first walk from the
        // root, finding undefined children and cycles on the way.
        let mut new_id: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
        new_id.insert(u64::from(BOTTOM), BOTTOM);
        new_id.insert(u64::from(TOP), TOP);
        let mut nodes = vec![ZddNode::SINK, ZddNode::SINK];
        let mut on_path: std::collections::HashSet<u64> = std::collections::HashSet::new();
        let check = |id: u64, line: usize, column: usize| -> Result<(), DlxError> {
            if id > u64::from(TOP) && !lines.contains_key(&id) {
                return Err(DlxError::Parse {
                    line,
                    column,
                    kind: ParseErrorKind::ZddUnknownNode {
                        id: format!("{id:x}"),
                    },
                });
            }
            Ok(())
        };
        let root_at = dummy_root.map_or((1, 1), |(_, column)| {
            let line = order
                .iter()
                .find(|id| lines[id].option == 0)
                .map_or(1, |id| lines[id].line);
            (line, column)
        });
        check(root, root_at.0, root_at.1)?;
        let mut stack: Vec<(u64, bool)> = vec![(root, false)];
        while let Some((id, expanded)) = stack.pop() {
            if new_id.contains_key(&id) {
                continue;
            }
            let line = &lines[&id];
            if expanded {
                on_path.remove(&id);
                let [lo, hi] = line.children.map(|(child, _)| new_id[&child]);
                let option = u32::try_from(line.option - 1).unwrap_or(u32::MAX);
                new_id.insert(id, to_u32(nodes.len()));
                nodes.push(ZddNode { option, lo, hi });
                continue;
            }
            if line.option == 0 {
                return Err(DlxError::Parse {
                    line: line.line,
                    column: 1,
                    kind: ParseErrorKind::ZddSyntax {
                        expected: "option 0 only on the dummy root line",
                    },
                });
            }
            on_path.insert(id);
            stack.push((id, true));
            for (child, column) in line.children {
                check(child, line.line, column)?;
                if on_path.contains(&child) {
                    return Err(DlxError::Parse {
                        line: line.line,
                        column,
                        kind: ParseErrorKind::ZddCycle {
                            id: format!("{child:x}"),
                        },
                    });
                }
                if !new_id.contains_key(&child) {
                    stack.push((child, false));
                }
            }
        }
        let root = new_id[&root];
        Ok(Zdd::from_parts(nodes.into(), root, options))
    }
}
