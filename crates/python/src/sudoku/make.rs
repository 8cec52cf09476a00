//! Generating puzzles with the library's [`Maker`], as `sudoku-dlx
//! generate` does: puzzle 0 of a run with seed S is the CLI's `generate
//! --seed S`, and puzzle k its k-th.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_dlx::{
    Alphabet, GenerateOptions, Level, Maker, Minimality, Plan, Rating, Regions, Rules, Shape,
    Symmetry, puzzle_seed, replay_seed,
};

use crate::interrupt::interruptible;
use crate::sudoku::puzzle::{NativePuzzle, shape_of, variants_of};
use crate::sudoku::to_py;

/// A rating as Python receives it: score, level, the hardest technique as
/// `rate` names it (`beyond techniques` when logic does not solve it),
/// solved by logic, effort, mean nodes.
pub(crate) type RatingTuple = (f64, &'static str, &'static str, bool, f64, f64);

/// `rating` as a [`RatingTuple`].
pub(crate) fn rating_tuple(rating: &Rating) -> RatingTuple {
    let hardest = if rating.solved_by_logic {
        rating.hardest.map_or("none", |t| t.name())
    } else {
        "beyond techniques"
    };
    (
        rating.score,
        rating.level.name(),
        hardest,
        rating.solved_by_logic,
        rating.effort,
        rating.mean_nodes,
    )
}

/// A generated puzzle: puzzle, solution, the seed that replays it as
/// puzzle 0, attempts, targets met, minimal (`minimal`, `not minimal`,
/// `undecided`, `unchecked`), clues met, difficulty met, rating.
type GeneratedTuple = (
    NativePuzzle,
    NativePuzzle,
    u64,
    u32,
    bool,
    &'static str,
    Option<bool>,
    Option<bool>,
    Option<RatingTuple>,
);

/// The puzzle `index` of a `generate` run with `seed`.
#[pyfunction]
#[pyo3(signature = (seed, index, size, box_shape, x, windoku, anti_king, anti_knight, jigsaw, killer, cage_size, symmetry, minimal, clues, difficulty, attempts, max_nodes))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub(crate) fn sudoku_generate(
    py: Python<'_>,
    seed: u64,
    index: u64,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    x: bool,
    windoku: bool,
    anti_king: bool,
    anti_knight: bool,
    jigsaw: Option<&str>,
    killer: bool,
    cage_size: usize,
    symmetry: &str,
    minimal: bool,
    clues: Option<usize>,
    difficulty: Option<&str>,
    attempts: u32,
    max_nodes: Option<u64>,
) -> PyResult<GeneratedTuple> {
    let value_error = |e: sudoku_dlx::Error| to_py(py, &e, Alphabet::Standard, false);
    let symmetry: Symmetry = symmetry
        .parse()
        .map_err(|e: sudoku_dlx::UnknownSymmetry| PyValueError::new_err(e.to_string()))?;
    let difficulty: Option<Level> = difficulty
        .map(str::parse)
        .transpose()
        .map_err(|e: sudoku_dlx::UnknownLevel| PyValueError::new_err(e.to_string()))?;
    if killer && (jigsaw.is_some() || minimal || clues.is_some() || difficulty.is_some()) {
        return Err(PyValueError::new_err(
            "killer puzzles have no givens: not with jigsaw, minimal, clues or difficulty",
        ));
    }
    if minimal && clues.is_some() {
        return Err(PyValueError::new_err(
            "minimal and clues cannot be combined: a minimal puzzle has the clues it has",
        ));
    }
    if attempts == 0 {
        return Err(PyValueError::new_err("attempts must be at least 1"));
    }
    let variants = variants_of(x, windoku, anti_king, anti_knight);
    let map_shape = jigsaw
        .filter(|map| *map != "random")
        .and_then(|map| Shape::from_cell_count(map.chars().count()));
    let shape = shape_of(size, box_shape)
        .map_err(value_error)?
        .or(map_shape)
        .unwrap_or(Shape::CLASSIC);
    let rules = Rules::new(shape).with_variants(variants);
    let plan = match jigsaw {
        Some("random") => Plan::RandomJigsaw(shape, variants),
        Some(map) => {
            let regions =
                Regions::parse(map, shape).map_err(|e| to_py(py, &e, Alphabet::Standard, true))?;
            Plan::Rules(rules.with_regions(regions).map_err(value_error)?)
        }
        None if killer => Plan::Killer(rules, cage_size),
        None => Plan::Rules(rules),
    };
    let options = GenerateOptions {
        symmetry,
        minimal,
        clues,
        difficulty,
        attempts,
        max_nodes,
    };
    let mut maker = Maker::new(&plan, &options).map_err(value_error)?;
    let seed = puzzle_seed(seed, index);
    let made = interruptible(py, move |stop| {
        maker.set_stop(Some(stop));
        maker.generate(seed)
    })?
    .map_err(value_error)?;
    let minimal = match made.minimal {
        Minimality::Minimal => "minimal",
        Minimality::NotMinimal => "not minimal",
        Minimality::Undecided => "undecided",
        _ => "unchecked",
    };
    let puzzle = NativePuzzle::new(made.puzzle);
    let solution = puzzle.grid(made.solution);
    Ok((
        puzzle,
        solution,
        replay_seed(seed),
        made.attempts,
        made.targets_met,
        minimal,
        made.clues_met,
        made.difficulty_met,
        made.rating.as_ref().map(rating_tuple),
    ))
}
