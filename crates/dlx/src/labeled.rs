//! Options that carry a label: what each option means to the caller (a
//! cell and a digit, a piece in a place), kept beside the problem and
//! handed back with solutions, as `xcc`'s `add_option(meaning, items)` does.
//!
//! The labels live in a `Vec` indexed by [`OptionId`], never in the
//! search's arena: the search runs on the [`Problem`] alone, exactly as
//! fast as without labels, and a label is looked up only for the options
//! of a solution the caller reads.

use crate::builder::ProblemBuilder;
use crate::error::DlxError;
use crate::index::{Color, OptionId};
use crate::problem::Problem;
use crate::solution::Solution;

/// A [`Problem`] whose options each carry a label of type `L`: the
/// caller's meaning of the option, returned with each solution
/// ([`labels`](Self::labels), [`Solution::labels`]).
///
/// ```
/// use dlx_engine::{Dlx, Labeled};
///
/// // Tilings of a strip of three cells, each option labeled by its tile.
/// let mut b = Labeled::builder(3, 0)?;
/// b.add_option("square at 0", &[0])?;
/// b.add_option("square at 1", &[1])?;
/// b.add_option("square at 2", &[2])?;
/// b.add_option("domino at 0", &[0, 1])?;
/// b.add_option("domino at 1", &[1, 2])?;
/// let strip = b.build();
/// let mut solver = Dlx::new(strip.problem());
/// let mut tilings = Vec::new();
/// let mut solutions = solver.solutions();
/// while let Some(solution) = solutions.next() {
///     let mut tiles: Vec<&str> = solution.labels(&strip).copied().collect();
///     tiles.sort();
///     tilings.push(tiles.join(", "));
/// }
/// drop(solutions);
/// tilings.sort();
/// assert_eq!(
///     tilings,
///     ["domino at 0, square at 2", "domino at 1, square at 0", "square at 0, square at 1, square at 2"]
/// );
/// // A first solution's labels, from its options.
/// let first = solver.first_solution().solution().expect("a tiling");
/// assert_eq!(strip.labels(&first).count(), 3);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labeled<L> {
    problem: Problem,
    /// Option `k`'s label at index `k`: as many labels as options.
    labels: Vec<L>,
}

impl<L> Labeled<L> {
    /// Starts a labeled problem with `primary` primary items and
    /// `secondary` secondary items, as [`Problem::builder`] does.
    ///
    /// # Errors
    ///
    /// Those of [`Problem::builder`].
    pub fn builder(primary: usize, secondary: usize) -> Result<LabeledBuilder<L>, DlxError> {
        Ok(LabeledBuilder {
            builder: Problem::builder(primary, secondary)?,
            labels: Vec::new(),
        })
    }

    /// Labels the options of `problem` (a [`NamedProblem`](crate::NamedProblem)'s,
    /// say) with `labels`, option `k` with `labels[k]`.
    ///
    /// # Errors
    ///
    /// [`DlxError::LabelCount`] unless there is one label per option.
    ///
    /// ```
    /// use dlx_engine::{Dlx, Labeled, NamedProblem};
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let labeled = Labeled::new(named.problem().clone(), vec!['x', 'y', 'z'])?;
    /// let first = Dlx::new(labeled.problem()).first_solution().solution().expect("a solution");
    /// assert_eq!(labeled.labels(&first).collect::<String>(), "xy");
    /// assert!(Labeled::new(named.problem().clone(), vec!['x']).is_err());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn new(problem: Problem, labels: Vec<L>) -> Result<Self, DlxError> {
        if labels.len() != problem.option_count() {
            return Err(DlxError::LabelCount {
                options: problem.option_count(),
                labels: labels.len(),
            });
        }
        Ok(Labeled { problem, labels })
    }

    /// The problem, for [`Dlx::new`](crate::Dlx::new).
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The label of `option`.
    ///
    /// ```
    /// let mut b = dlx_engine::Labeled::builder(1, 0)?;
    /// let only = b.add_option("the only option", &[0])?;
    /// assert_eq!(*b.build().label(only), "the only option");
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// If `option` does not belong to this problem.
    #[must_use]
    pub fn label(&self, option: OptionId) -> &L {
        &self.labels[option.index()]
    }

    /// The labels of `options` (a solution's), in their order.
    ///
    /// # Panics
    ///
    /// If an option does not belong to this problem.
    pub fn labels<'a>(&'a self, options: &'a [OptionId]) -> impl ExactSizeIterator<Item = &'a L> {
        options.iter().map(|&option| self.label(option))
    }

    /// The problem and the labels, option `k`'s at index `k`.
    #[must_use]
    pub fn into_parts(self) -> (Problem, Vec<L>) {
        (self.problem, self.labels)
    }
}

impl<'a> Solution<'a> {
    /// The labels of the solution's options, in the order of
    /// [`options`](Self::options); see [`Labeled`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_engine::{Dlx, Labeled};
    /// // Cover two cells with one domino, or with two squares.
    /// let mut b = Labeled::builder(2, 0)?;
    /// b.add_option(1, &[0])?;
    /// b.add_option(1, &[1])?;
    /// b.add_option(2, &[0, 1])?;
    /// let cells = b.build();
    /// let mut sums = Vec::new();
    /// Dlx::new(cells.problem()).for_each_solution(|solution| {
    ///     sums.push(solution.labels(&cells).sum::<u32>());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(sums, [2, 2]); // each tiling covers two cells
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// If `labeled` is not the problem the solver searches (an option of
    /// the solution is not one of its options).
    pub fn labels<'l, L>(
        &self,
        labeled: &'l Labeled<L>,
    ) -> impl ExactSizeIterator<Item = &'l L> + use<'a, 'l, L> {
        let options = self.options();
        options.iter().map(|&option| labeled.label(option))
    }
}

/// Builds a [`Labeled`] problem option by option, each option with its
/// label; see [`Labeled::builder`]. It checks options as
/// [`ProblemBuilder`] does.
///
/// ```
/// use dlx_engine::{Dlx, DlxError, Labeled};
/// // Item 0 covered twice: by both options, which the labels name.
/// let mut b = Labeled::builder(1, 0)?;
/// b.set_bounds(0, 2, 2)?;
/// b.add_option("left", &[0])?;
/// b.add_option("right", &[0])?;
/// assert!(matches!(b.add_option("twice", &[0, 0]), Err(DlxError::RepeatedItem { .. })));
/// let pair = b.build();
/// let both = Dlx::new(pair.problem()).first_solution().solution().expect("a solution");
/// let mut names: Vec<_> = pair.labels(&both).collect();
/// names.sort();
/// assert_eq!(names, [&"left", &"right"]);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LabeledBuilder<L> {
    builder: ProblemBuilder,
    labels: Vec<L>,
}

impl<L> LabeledBuilder<L> {
    /// Adds an option labeled `label` naming `items` and returns its id,
    /// as [`ProblemBuilder::add_option`] does.
    ///
    /// # Errors
    ///
    /// Those of [`ProblemBuilder::add_option`]; a rejected option (and its
    /// label) leaves the builder as it was.
    pub fn add_option(&mut self, label: L, items: &[usize]) -> Result<OptionId, DlxError> {
        let option = self.builder.add_option(items)?;
        self.labels.push(label);
        Ok(option)
    }

    /// Adds an option labeled `label` whose entries are items with optional
    /// colors and returns its id, as
    /// [`ProblemBuilder::add_colored_option`] does.
    ///
    /// # Errors
    ///
    /// Those of [`ProblemBuilder::add_colored_option`]; a rejected option
    /// (and its label) leaves the builder as it was.
    ///
    /// ```
    /// use dlx_engine::{Color, Dlx, Labeled};
    /// // Two options may share secondary item 1 if they agree on its color.
    /// let mut b = Labeled::builder(1, 1)?;
    /// b.add_colored_option('r', &[(0, None), (1, Color::new(0))])?;
    /// let labeled = b.build();
    /// let first = Dlx::new(labeled.problem()).first_solution().solution().expect("a solution");
    /// assert_eq!(labeled.labels(&first).collect::<Vec<_>>(), [&'r']);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn add_colored_option(
        &mut self,
        label: L,
        entries: &[(usize, Option<Color>)],
    ) -> Result<OptionId, DlxError> {
        let option = self.builder.add_colored_option(entries)?;
        self.labels.push(label);
        Ok(option)
    }

    /// Gives primary item `item` bounds, as [`ProblemBuilder::set_bounds`]
    /// does.
    ///
    /// # Errors
    ///
    /// Those of [`ProblemBuilder::set_bounds`].
    pub fn set_bounds(&mut self, item: usize, lower: u32, upper: u32) -> Result<(), DlxError> {
        self.builder.set_bounds(item, lower, upper)
    }

    /// Finishes the problem.
    #[must_use]
    pub fn build(self) -> Labeled<L> {
        Labeled {
            problem: self.builder.build(),
            labels: self.labels,
        }
    }
}
