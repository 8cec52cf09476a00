//! The web page's second WebAssembly module: SVG pages (as the main
//! module's `print_pages` draws them) into one PDF, by the library's
//! [`sudoku_dlx::render::pdf`], the same code and font as
//! `sudoku-dlx print`. It is its own module because svg2pdf and the
//! embedded DejaVu Sans weigh more than the rest of the engine; the worker
//! loads it on the first PDF download, so the page's start does not pay
//! for it (docs/web.md).

use wasm_bindgen::prelude::wasm_bindgen;

/// DejaVu Sans 2.37 (the font `sudoku-dlx print` embeds, under the
/// Bitstream Vera license in `fonts/LICENSE-DejaVu.txt`) cut down to the
/// Latin, Greek and Cyrillic blocks, punctuation, currency, arrows,
/// mathematical operators and geometric shapes: 188 KB against 760 KB
/// (113 KB gzipped against 382 KB), which keeps the page under its 1.5 MB
/// budget. Made by fonttools 4.68.0:
///
/// ```sh
/// pyftsubset crates/sudoku-dlx/fonts/DejaVuSans.ttf --layout-features='*' \
///   --unicodes='U+0020-024F,U+0370-03FF,U+0400-04FF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+25A0-25FF' \
///   --output-file=web/pdf/fonts/DejaVuSans-subset.ttf
/// ```
///
/// Every symbol and caption a sheet draws is in it; a title's character
/// outside it is left out of the PDF (the command's PDF has the whole font).
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");

/// The pages of `pages` (a JSON array of SVG documents) as one PDF.
///
/// # Errors
///
/// A message when `pages` is not an array of strings or a page cannot be
/// converted (the main module's pages always can).
#[wasm_bindgen]
pub fn pdf(pages: &str) -> Result<Vec<u8>, String> {
    let pages: Vec<String> =
        serde_json::from_str(pages).map_err(|e| format!("bad pages for the PDF: {e}"))?;
    if pages.is_empty() {
        return Err("no page to write".to_owned());
    }
    sudoku_dlx::render::pdf_with_font(&pages, FONT).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::render::{Item, Layout, pages};
    use sudoku_dlx::{First, Puzzle, Solver};

    #[test]
    fn pages_become_the_pdf_the_library_makes() {
        let puzzle: Puzzle = "1.3.3.1..1.2.2.1".parse().unwrap();
        let sheet = pages(&Layout::default(), &[Item::new(&puzzle)], &[]);
        let svgs: Vec<&str> = sheet.iter().map(|p| p.svg()).collect();
        let bytes = pdf(&serde_json::to_string(&svgs).unwrap()).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(bytes == sudoku_dlx::render::pdf_with_font(&sheet, FONT).unwrap());
        assert!(pdf("[]").is_err());
        assert!(pdf("{").is_err());
        assert!(pdf(r#"["<svg"]"#).unwrap_err().contains("drawn page"));
    }

    /// Every character a sheet draws is in the subset font: the symbols of
    /// a 25x25 (letters) and a 64x64 puzzle (two-digit numbers), captions
    /// with a level and score, page numbers and the solutions' heading.
    #[test]
    fn the_subset_font_has_every_character_a_sheet_draws() {
        let face = ttf_parser::Face::parse(FONT, 0).unwrap();
        let mut text = String::new();
        for size in [4, 9, 16, 25, 64] {
            let puzzle: Puzzle = ".".repeat(size * size).parse().unwrap();
            let Ok(First::Solution(grid)) = Solver::new(puzzle.rules()).solve(&puzzle) else {
                panic!("an empty {size}x{size} grid has a solution");
            };
            let layout = Layout {
                title: Some("Week 1".to_owned()),
                ..Layout::default()
            };
            let full = Item {
                caption: "12 · hard 6.39 · anti-king".to_owned(),
                grid: &grid,
                ..Item::new(&puzzle)
            };
            let one = std::slice::from_ref(&full);
            for page in pages(&layout, one, one) {
                text.push_str(page.svg());
            }
        }
        let missing: Vec<char> = text
            .chars()
            .filter(|&c| !c.is_control() && face.glyph_index(c).is_none())
            .collect();
        assert!(missing.is_empty(), "not in the subset: {missing:?}");
        // The check can fail: a character outside the subset's blocks.
        assert!(face.glyph_index('\u{4E00}').is_none());
    }
}
