//! The setter's side: generating a puzzle by shape, variant, symmetry,
//! clue count and level (the library's [`Maker`], as `sudoku-dlx generate`
//! runs it), and rating one.

use serde_json::{Value, json};
use sudoku_dlx::{
    GenerateOptions, Level, Maker, Plan, Puzzle, Rated, Rater, Rules, Shape, Symmetry,
};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::{error, read, view};

/// The largest cage a killer puzzle starts from, as `sudoku-dlx generate
/// --killer` draws by default.
const CAGE_SIZE: usize = 5;

/// The rating of `puzzle` as `sudoku-dlx rate` gives it.
fn rating(puzzle: &Puzzle) -> Result<Value, String> {
    match Rater::new(puzzle.rules()).rate_puzzle(puzzle) {
        Ok(Rated::Unique(r)) => Ok(json!({
            "score": (r.score * 100.0).round() / 100.0,
            "level": r.level.name(),
            "hardest": r.hardest.map(|t| t.name()),
            "solvedByLogic": r.solved_by_logic,
        })),
        Ok(Rated::NoSolution) => Err("the puzzle has no solution".to_owned()),
        Ok(Rated::Multiple) => Err("the puzzle has more than one solution".to_owned()),
        Ok(_) => Err("the rating ran out of budget".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

/// Generates one puzzle: `shape` as `9`, `6x6`, `6x6 (3x2 boxes)`;
/// `variants` as [`describe`](crate::describe) takes them; `kind`
/// `classic`, `jigsaw` (random regions) or `killer`; `symmetry` by the
/// command line's names (`rot180`, `none`, ...); `clues` 0 for any; `level`
/// empty for any. Answers `{"puzzle": <describe's answer>, "rating",
/// "seed"}` or `{"error"}`.
#[wasm_bindgen]
#[must_use]
pub fn generate(
    shape: &str,
    variants: &str,
    kind: &str,
    symmetry: &str,
    clues: u32,
    level: &str,
    seed: f64,
) -> String {
    match make(shape, variants, kind, symmetry, clues, level, seed) {
        Ok(answer) => answer.to_string(),
        Err(message) => error(message),
    }
}

fn make(
    shape: &str,
    variants: &str,
    kind: &str,
    symmetry: &str,
    clues: u32,
    level: &str,
    seed: f64,
) -> Result<Value, String> {
    let shape: Shape = shape.parse().map_err(|e| format!("shape: {e}"))?;
    // The variants as the reader takes them: an empty puzzle of the shape.
    let empty = ".".repeat(shape.cell_count());
    let variants = read(&empty, variants, "auto")?.rules().variants();
    let rules = Rules::new(shape).with_variants(variants);
    let plan = match kind {
        "classic" => Plan::Rules(rules),
        "jigsaw" => Plan::RandomJigsaw(shape, variants),
        "killer" => Plan::Killer(rules, CAGE_SIZE),
        other => return Err(format!("unknown kind {other:?}: classic, jigsaw or killer")),
    };
    let options = GenerateOptions {
        symmetry: symmetry
            .parse::<Symmetry>()
            .map_err(|e| format!("symmetry: {e}"))?,
        clues: (clues > 0).then_some(clues as usize),
        difficulty: match level {
            "" => None,
            name => Some(name.parse::<Level>().map_err(|e| format!("level: {e}"))?),
        },
        ..GenerateOptions::default()
    };
    let mut maker = Maker::new(&plan, &options).map_err(|e| e.to_string())?;
    // The page draws the seed from 0 to 2^53, a whole number.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let seed = seed as u64;
    let generated = maker.generate(seed).map_err(|e| e.to_string())?;
    let rating = match generated.rating {
        Some(r) => json!({
            "score": (r.score * 100.0).round() / 100.0,
            "level": r.level.name(),
            "hardest": r.hardest.map(|t| t.name()),
            "solvedByLogic": r.solved_by_logic,
        }),
        None => rating(&generated.puzzle)?,
    };
    Ok(json!({
        "puzzle": view(&generated.puzzle),
        "rating": rating,
        "targetsMet": generated.targets_met,
        "seed": seed,
    }))
}

/// Rates the puzzle of `text`: `{"score", "level", "hardest",
/// "solvedByLogic"}` or `{"error"}`.
#[wasm_bindgen]
#[must_use]
pub fn rate(text: &str, variants: &str, format: &str) -> String {
    match read(text, variants, format).and_then(|p| rating(&p)) {
        Ok(answer) => answer.to_string(),
        Err(message) => error(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::{ParseOptions, Solver};

    fn generated(kind: &str, shape: &str, variants: &str) -> Value {
        let answer = generate(shape, variants, kind, "rot180", 0, "", 7.0);
        serde_json::from_str(&answer).unwrap()
    }

    /// The generated puzzle, read back from its text as the page reads it.
    fn read_back(answer: &Value) -> Puzzle {
        let p = &answer["puzzle"];
        read(
            p["text"].as_str().unwrap(),
            p["variants"].as_str().unwrap(),
            p["format"].as_str().unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn every_kind_generates_a_unique_puzzle_that_reads_back() {
        for (kind, shape, variants) in [
            ("classic", "9", "x"),
            ("jigsaw", "6", ""),
            ("killer", "4", ""),
        ] {
            let answer = generated(kind, shape, variants);
            let puzzle = read_back(&answer);
            assert_eq!(
                ParseOptions::for_puzzle(&puzzle).variants.x,
                variants == "x"
            );
            let unique = Solver::new(puzzle.rules()).count(&puzzle, Some(2)).unwrap();
            assert_eq!(unique.solutions, 1, "{kind}: {answer}");
            assert!(answer["rating"]["score"].is_number(), "{kind}: {answer}");
        }
        assert_eq!(generated("jigsaw", "6", "")["puzzle"]["format"], "jigsaw");
        assert!(generated("killer", "4", "")["puzzle"]["cages"].is_array());
    }

    #[test]
    fn bad_settings_are_errors() {
        for answer in [
            generate("7x8", "", "classic", "rot180", 0, "", 1.0),
            generate("9", "", "sudoku", "rot180", 0, "", 1.0),
            generate("9", "", "classic", "spiral", 0, "", 1.0),
            generate("9", "", "classic", "rot180", 3, "", 1.0),
            generate("9", "", "classic", "rot180", 0, "fiendish", 1.0),
        ] {
            let answer: Value = serde_json::from_str(&answer).unwrap();
            assert!(answer["error"].is_string(), "{answer}");
        }
    }
}
