//! One maker for every kind of puzzle a run can ask for: the choice among
//! [`Generator`] (fixed rules, a jigsaw map among them), [`RandomJigsaw`]
//! (a random map per puzzle) and [`KillerGenerator`] (cages, no givens),
//! and the check that a clue target can be met at all, made once for the
//! command line and every other caller.

use std::ops::RangeInclusive;
use std::sync::Arc;

use dlx_engine::Progress;

use crate::make::generate_options::GenerateOptions;
use crate::make::generated::Generated;
use crate::make::generator::Generator;
use crate::make::jigsaw::RandomJigsaw;
use crate::make::killer::KillerGenerator;
use crate::model::error::Error;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::variants::Variants;

/// What the puzzles of a run are made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Every puzzle has these rules (a jigsaw map, if they hold one).
    Rules(Rules),
    /// Each puzzle on its own random jigsaw map of this shape, with these
    /// variants ([`RandomJigsaw`]).
    RandomJigsaw(Shape, Variants),
    /// Killer puzzles of these rules, without givens, with cages of up to
    /// this many cells at the start ([`KillerGenerator`]).
    Killer(Rules, usize),
}

impl Plan {
    /// The clue counts a puzzle with one solution can have under this
    /// plan: at most every cell, and at least n-1 (two digits absent from
    /// the givens could be swapped in any solution), or 17 for classic 9x9
    /// Sudoku without variants or a jigsaw map (McGuire, Tugemann and
    /// Civario, 2012).
    ///
    /// ```
    /// use sudoku_dlx::{Plan, Rules, Shape, Variants};
    /// assert_eq!(Plan::Rules(Rules::classic()).clue_range(), 17..=81);
    /// assert_eq!(Plan::RandomJigsaw(Shape::CLASSIC, Variants::NONE).clue_range(), 8..=81);
    /// ```
    #[must_use]
    pub fn clue_range(&self) -> RangeInclusive<usize> {
        let (shape, classic) = match self {
            Plan::Rules(rules) | Plan::Killer(rules, _) => (
                rules.shape(),
                rules.variants() == Variants::default() && rules.regions().is_none(),
            ),
            Plan::RandomJigsaw(shape, _) => (*shape, false),
        };
        let (n, cells) = (shape.size(), shape.cell_count());
        let fewest = if classic && n == 9 { 17 } else { n - 1 };
        fewest..=cells
    }

    /// Whether a puzzle of this plan can have `clues` givens and one
    /// solution.
    ///
    /// # Errors
    ///
    /// [`Error::ClueTarget`] when `clues` is outside
    /// [`clue_range`](Self::clue_range).
    pub fn check_clues(&self, clues: usize) -> Result<(), Error> {
        let range = self.clue_range();
        if range.contains(&clues) {
            return Ok(());
        }
        Err(Error::ClueTarget {
            clues,
            size: self.shape().size(),
            fewest: *range.start(),
            most: *range.end(),
        })
    }

    /// The shape of the plan's puzzles.
    #[must_use]
    pub fn shape(&self) -> Shape {
        match self {
            Plan::Rules(rules) | Plan::Killer(rules, _) => rules.shape(),
            Plan::RandomJigsaw(shape, _) => *shape,
        }
    }
}

/// Makes the puzzles of a [`Plan`], one per seed, with the generator the
/// plan calls for. Each puzzle depends on its seed alone, so makers on
/// several threads, one each, make the same puzzles as one.
///
/// ```
/// use sudoku_dlx::{Error, GenerateOptions, Maker, Plan, Rules, Shape, Solver, Variants};
///
/// let options = GenerateOptions::default();
/// let mut jigsaw = Maker::new(&Plan::RandomJigsaw(Shape::from_size(4)?, Variants::NONE), &options)?;
/// let made = jigsaw.generate(1)?;
/// assert!(made.puzzle.rules().regions().is_some());
/// assert!(Solver::new(made.puzzle.rules()).uniqueness(&made.puzzle)?.is_unique());
///
/// // A clue target no unique puzzle can meet is refused before any work.
/// let sixteen = GenerateOptions { clues: Some(16), ..GenerateOptions::default() };
/// let refused = Maker::new(&Plan::Rules(Rules::classic()), &sixteen).unwrap_err();
/// assert!(matches!(refused, Error::ClueTarget { clues: 16, fewest: 17, .. }));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct Maker {
    kind: Kind,
}

/// The generator a [`Maker`] runs.
#[derive(Debug)]
enum Kind {
    /// One generator, for the rules of every puzzle.
    Fixed(Generator),
    /// A map drawn per puzzle, and a generator built for it.
    RandomJigsaw(RandomJigsaw),
    /// Cages drawn per puzzle.
    Killer(KillerGenerator),
}

impl Maker {
    /// A maker of `plan`'s puzzles, aiming at `options`' targets. Killer
    /// puzzles have no givens: of `options` they take only
    /// [`max_nodes`](GenerateOptions::max_nodes).
    ///
    /// # Errors
    ///
    /// [`Error::ClueTarget`] when `options.clues` is outside the plan's
    /// [`clue_range`](Plan::clue_range); as [`KillerGenerator::new`] for a
    /// killer plan.
    pub fn new(plan: &Plan, options: &GenerateOptions) -> Result<Maker, Error> {
        if let Some(clues) = options.clues {
            plan.check_clues(clues)?;
        }
        let kind = match plan {
            Plan::Rules(rules) => Kind::Fixed(Generator::new(rules, options.clone())),
            Plan::RandomJigsaw(shape, variants) => {
                Kind::RandomJigsaw(RandomJigsaw::new(*shape, *variants, options.clone()))
            }
            Plan::Killer(rules, largest_cage) => {
                let mut killer = KillerGenerator::new(rules, *largest_cage)?;
                if let Some(nodes) = options.max_nodes {
                    killer.set_check_budget(nodes);
                }
                Kind::Killer(killer)
            }
        };
        Ok(Maker { kind })
    }

    /// The puzzle of `seed`.
    ///
    /// # Errors
    ///
    /// As [`Generator::generate`], [`RandomJigsaw::generate`] or
    /// [`KillerGenerator::generate`].
    pub fn generate(&mut self, seed: u64) -> Result<Generated, Error> {
        match &mut self.kind {
            Kind::Fixed(generator) => generator.generate(seed),
            Kind::RandomJigsaw(jigsaw) => jigsaw.generate(seed),
            Kind::Killer(killer) => killer.generate(seed),
        }
    }

    /// Makes later calls end early once `stop` is stopped
    /// ([`Progress::stop`], from any thread: a Ctrl-C handler's, say):
    /// [`generate`](Self::generate) then returns [`Error::Stopped`] within
    /// one uniqueness check or one technique's step, whichever generator
    /// runs (see [`Generator::set_stop`]). `None` (the default) removes it.
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        match &mut self.kind {
            Kind::Fixed(generator) => generator.set_stop(stop),
            Kind::RandomJigsaw(jigsaw) => jigsaw.set_stop(stop),
            Kind::Killer(killer) => killer.set_stop(stop),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Error, GenerateOptions, Maker, Plan, Regions, Rules, Shape, Variants};

    #[test]
    fn the_clue_range_knows_the_17_clue_floor_only_for_classic_9x9() {
        let x = Variants {
            x: true,
            ..Variants::NONE
        };
        let six = Shape::with_boxes(2, 3).unwrap();
        assert_eq!(Plan::Rules(Rules::classic()).clue_range(), 17..=81);
        assert_eq!(
            Plan::Rules(Rules::classic().with_variants(x)).clue_range(),
            8..=81
        );
        assert_eq!(Plan::Rules(Rules::new(six)).clue_range(), 5..=36);
        let map =
            "aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii";
        let jigsaw = Rules::classic()
            .with_regions(Regions::parse(map, Shape::CLASSIC).unwrap())
            .unwrap();
        assert_eq!(Plan::Rules(jigsaw).clue_range(), 8..=81);
        let plan = Plan::Rules(Rules::classic());
        assert_eq!(plan.check_clues(17), Ok(()));
        assert_eq!(plan.check_clues(81), Ok(()));
        assert_eq!(
            plan.check_clues(82),
            Err(Error::ClueTarget {
                clues: 82,
                size: 9,
                fewest: 17,
                most: 81
            })
        );
    }

    #[test]
    fn each_plan_makes_its_kind_of_puzzle() {
        let options = GenerateOptions::default();
        let four = Shape::from_size(4).unwrap();
        let plain = Maker::new(&Plan::Rules(Rules::new(four)), &options)
            .unwrap()
            .generate(5)
            .unwrap();
        assert!(plain.puzzle.rules().regions().is_none() && plain.puzzle.rules().cages().is_none());
        let killer = Maker::new(&Plan::Killer(Rules::new(four), 3), &options)
            .unwrap()
            .generate(5)
            .unwrap();
        assert!(killer.puzzle.rules().cages().is_some());
        assert_eq!(killer.puzzle.givens().filled_count(), 0);
    }
}
