//! The web page's second WebAssembly module: SVG pages (as the main
//! module's `print_pages` draws them) into one PDF, by the library's
//! [`sudoku_dlx::render::pdf`], the same code and font as
//! `sudoku-dlx print`. It is its own module because svg2pdf and the
//! embedded DejaVu Sans weigh more than the rest of the engine; the worker
//! loads it on the first PDF download, so the page's start does not pay
//! for it (docs/web.md).

use wasm_bindgen::prelude::wasm_bindgen;

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
    sudoku_dlx::render::pdf(&pages).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::Puzzle;
    use sudoku_dlx::render::{Item, Layout, pages};

    #[test]
    fn pages_become_the_pdf_the_library_makes() {
        let puzzle: Puzzle = "1.3.3.1..1.2.2.1".parse().unwrap();
        let sheet = pages(&Layout::default(), &[Item::new(&puzzle)], &[]);
        let svgs: Vec<&str> = sheet.iter().map(|p| p.svg()).collect();
        let bytes = pdf(&serde_json::to_string(&svgs).unwrap()).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(bytes == sudoku_dlx::render::pdf(&sheet).unwrap());
        assert!(pdf("[]").is_err());
        assert!(pdf("{").is_err());
        assert!(pdf(r#"["<svg"]"#).unwrap_err().contains("drawn page"));
    }
}
