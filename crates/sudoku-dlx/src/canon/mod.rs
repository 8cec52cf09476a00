//! Canonical (minlex) forms: is this the same puzzle as that one?
//!
//! Two grids are *equivalent* when a validity-preserving transformation
//! ([`Transform`](crate::Transform)) turns one into the other: permuting bands, rows inside a
//! band, stacks and columns inside a stack, transposing (only when boxes
//! are square, since it swaps box height and width), and relabelling the
//! digits. Such a transformation keeps every property a solver cares about
//! (solutions, their number, difficulty), so equivalent puzzles are the same
//! puzzle in disguise. The canonical form is one fixed member of each class:
//! equivalent grids have the same form, other grids different ones.
//! [`canonical`](crate::canonical) documents the convention the form follows.
//! The group is that of classic rules, whose every rule is "these cells
//! differ": variants, jigsaw regions and killer cages (whose sums a
//! relabelling breaks) are refused.
//!
//! # How the search prunes
//!
//! The group has `2 * 6^8 * 9!` elements for 9x9, so nothing enumerates
//! it. Rows are placed top to bottom and written cell by cell as small as
//! the arrangements still open allow; a cell larger than the best form's
//! cut the path. Open arrangements are blocks of interchangeable columns
//! and stacks (`layout`), so columns are branched on only where a row
//! cannot tell them apart and a later row could; digits met for the first
//! time keep labels that follow their columns until a later row needs
//! them (`search`). docs/architecture.md ("How the search prunes") has
//! the details, docs/benchmarks.md the speed.

//!
//! A floor of its own above `model`, which is all it imports.

pub(crate) mod canonicalizer;
pub(crate) mod labels;
pub(crate) mod layout;
pub(crate) mod search;
pub(crate) mod transform;
