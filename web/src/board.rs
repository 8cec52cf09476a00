//! Reading the page's puzzle text and describing a puzzle to the page:
//! its shape, givens, symbols, variants, jigsaw regions and killer cages.

use serde::Serialize;
use serde_json::{Value, json};
use sudoku_dlx::{Error, ParseOptions, Puzzle, Records, Variants};
use wasm_bindgen::prelude::wasm_bindgen;

/// How the page asks for a puzzle to be read: the variant names
/// (`x windoku anti-king anti-knight`, any separators) and the format,
/// `auto` (line, block, numbers or jigsaw by their look; killer when the
/// text has cage sums `a=3`), `jigsaw` or `killer`.
pub(crate) fn read(text: &str, variants: &str, format: &str) -> Result<Puzzle, String> {
    let options = options(text, variants, format)?;
    let mut records = records(text, &options);
    let first = records.next().unwrap_or_else(|| Err(NO_PUZZLE.to_owned()));
    first.map(|(_, puzzle)| puzzle)
}

/// Every puzzle of `text`, read as [`read`] reads the first one (the
/// format that `auto` recognises in the first puzzle reads them all), at
/// most `max`, each with its first line in `text`.
pub(crate) fn read_all(
    text: &str,
    variants: &str,
    format: &str,
    max: usize,
) -> Result<Vec<(usize, Puzzle)>, String> {
    let options = options(text, variants, format)?;
    let mut puzzles = Vec::new();
    for puzzle in records(text, &options) {
        if puzzles.len() == max {
            return Err(format!(
                "more than {max} puzzles: the page prints at most {max} at once"
            ));
        }
        puzzles.push(puzzle?);
    }
    if puzzles.is_empty() {
        return Err(NO_PUZZLE.to_owned());
    }
    Ok(puzzles)
}

const NO_PUZZLE: &str = "no puzzle: paste one (81 symbols on a line, a block of rows, numbers, a jigsaw or killer line)";

/// The options that read `text` in `format`.
fn options(text: &str, variants: &str, format: &str) -> Result<ParseOptions, String> {
    let variants = parse_variants(variants)?;
    let base = ParseOptions {
        variants,
        ..ParseOptions::default()
    };
    let killer = ParseOptions {
        killer: true,
        ..base.clone()
    };
    let jigsaw = ParseOptions {
        jigsaw: true,
        ..base.clone()
    };
    match format {
        "killer" => Ok(killer),
        "jigsaw" => Ok(jigsaw),
        "auto" if text.contains('=') => Ok(killer),
        "auto" => {
            let first = records_error(text, &base).next();
            match first {
                Some(Err((_, Error::JigsawWithoutOption))) => Ok(jigsaw),
                Some(Err((_, Error::KillerWithoutOption { .. }))) => Ok(killer),
                _ => Ok(base),
            }
        }
        other => Err(format!("unknown format {other:?}: auto, jigsaw or killer")),
    }
}

fn parse_variants(names: &str) -> Result<Variants, String> {
    let mut variants = Variants::NONE;
    for name in names.split(|c: char| c == ',' || c.is_whitespace()) {
        match name {
            "" => {}
            "x" => variants.x = true,
            "windoku" => variants.windoku = true,
            "anti-king" => variants.anti_king = true,
            "anti-knight" => variants.anti_knight = true,
            other => {
                return Err(format!(
                    "unknown variant {other:?}: x, windoku, anti-king or anti-knight"
                ));
            }
        }
    }
    Ok(variants)
}

fn records<'a>(
    text: &'a str,
    options: &'a ParseOptions,
) -> impl Iterator<Item = Result<(usize, Puzzle), String>> + 'a {
    records_error(text, options).map(|r| r.map_err(|(message, _)| message))
}

/// The records of `text` (comment lines and blank lines skipped, as the
/// command line frames a file) read as puzzles, or each error with its
/// line and column in `text`; each puzzle with its first line.
fn records_error<'a>(
    text: &'a str,
    options: &'a ParseOptions,
) -> impl Iterator<Item = Result<(usize, Puzzle), (String, Error)>> + 'a {
    let lines = text.lines().map(|l| Ok::<_, ()>(l.to_owned()));
    Records::new(lines, options)
        .map_while(Result::ok)
        .map(|record| {
            let puzzle = Puzzle::parse(&record.text, options).map_err(|e| {
                let message = match e.position() {
                    Some(p) => format!(
                        "line {}, column {}: {}",
                        record.line + p.line - 1,
                        p.column,
                        e.reason()
                    ),
                    None => format!("line {}: {e}", record.line),
                };
                (message, e)
            })?;
            Ok((record.line, puzzle))
        })
}

/// The JSON of an error message.
pub(crate) fn error(message: impl std::fmt::Display) -> String {
    json!({ "error": message.to_string() }).to_string()
}

/// A cage as the page draws it.
#[derive(Serialize)]
struct CageView {
    cells: Vec<usize>,
    sum: u32,
}

/// The puzzle as the page draws it: `size`, `boxRows`, `boxCols`, `givens`
/// (0 for blank), `symbols` (index d is digit d's symbol), `variants`,
/// `regions` (each cell's region, jigsaw only), `cages` (killer only),
/// `windows` (windoku windows' cells), and `text`, the puzzle's own line,
/// which reads back with `format`.
pub(crate) fn view(puzzle: &Puzzle) -> Value {
    let rules = puzzle.rules();
    let shape = puzzle.shape();
    let n = shape.size();
    let alphabet = puzzle.alphabet();
    let symbols: Vec<String> = (0..=n)
        .map(|d| {
            if d == 0 {
                ".".to_owned()
            } else {
                alphabet.symbol(digit(d))
            }
        })
        .collect();
    let regions: Option<Vec<usize>> = rules.regions().filter(|r| !r.is_boxes()).map(|_| {
        (0..shape.cell_count())
            .map(|i| rules.region_of(i))
            .collect()
    });
    let cages: Option<Vec<CageView>> = rules.cages().map(|cages| {
        cages
            .cages()
            .iter()
            .map(|c| CageView {
                cells: c.cells().to_vec(),
                sum: c.sum(),
            })
            .collect()
    });
    let variants = rules.variants();
    let windows: Vec<Vec<usize>> = if variants.windoku {
        crate::play::windows(shape)
    } else {
        Vec::new()
    };
    let format = if cages.is_some() {
        "killer"
    } else if regions.is_some() {
        "jigsaw"
    } else {
        "auto"
    };
    json!({
        "size": n,
        "boxRows": shape.box_rows(),
        "boxCols": shape.box_cols(),
        "givens": puzzle.givens().digits(),
        "symbols": symbols,
        "variants": variant_names(variants),
        "regions": regions,
        "cages": cages,
        "windows": windows,
        "text": puzzle.to_string(),
        "format": format,
    })
}

/// The variant names `read` takes back.
pub(crate) fn variant_names(v: Variants) -> String {
    let names = [
        (v.x, "x"),
        (v.windoku, "windoku"),
        (v.anti_king, "anti-king"),
        (v.anti_knight, "anti-knight"),
    ];
    names
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Digit `d` of a shape (at most 64): always fits a `u8`.
pub(crate) fn digit(d: usize) -> u8 {
    u8::try_from(d).unwrap_or(u8::MAX)
}

/// Reads `text` (see the module) and describes the puzzle to the page, or
/// says what is wrong with the text and where.
#[wasm_bindgen]
#[must_use]
pub fn describe(text: &str, variants: &str, format: &str) -> String {
    match read(text, variants, format) {
        Ok(puzzle) => view(&puzzle).to_string(),
        Err(message) => error(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

    fn parsed(answer: &str) -> Value {
        serde_json::from_str(answer).unwrap()
    }

    #[test]
    fn every_format_reads_with_auto() {
        let line = parsed(&describe(CLASSIC, "", "auto"));
        assert_eq!(line["size"], 9);
        assert_eq!(line["givens"][14], 3);
        let block: String = CLASSIC
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        assert_eq!(
            parsed(&describe(&block, "", "auto"))["givens"],
            line["givens"]
        );
        let jigsaw = format!("{} {}", ".".repeat(16), "aabbaabbccddccdd");
        let jig = parsed(&describe(&jigsaw, "", "auto"));
        assert_eq!(jig["format"], "auto", "boxes-shaped regions are boxes");
        let odd = format!("{} {}", ".".repeat(16), "aaabcabbccdbcddd");
        let odd = parsed(&describe(&odd, "", "auto"));
        assert_eq!(odd["format"], "jigsaw");
        assert_eq!(odd["regions"][3], 1);
    }

    #[test]
    fn bad_text_says_where() {
        let bad = format!("# a comment\n{}", CLASSIC.replacen('.', "?", 1));
        let answer = parsed(&describe(&bad, "", "auto"));
        assert_eq!(
            answer["error"].as_str().unwrap().split(':').next(),
            Some("line 2, column 1")
        );
        assert!(parsed(&describe("", "", "auto"))["error"].is_string());
        assert!(parsed(&describe(CLASSIC, "y", "auto"))["error"].is_string());
    }
}
