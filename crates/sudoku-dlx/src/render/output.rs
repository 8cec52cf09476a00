//! Pages as PDF (feature `pdf`, svg2pdf) and PNG (feature `png`, resvg),
//! both read by usvg with the DejaVu Sans font compiled in and nothing
//! from the machine, so that the command line's `print` and the web page
//! make the same files (docs/decisions/pdf-from-svg.md).

use std::fmt;

use crate::render::svg::FONT_FAMILY;

/// DejaVu Sans 2.37 (Debian's fonts-dejavu-core), under the Bitstream Vera
/// license in the crate's `fonts/LICENSE-DejaVu.txt`.
const FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// Why a page could not be written as PDF or PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutputError {
    /// usvg could not read a page's SVG (a bug in the drawing: the pages
    /// of [`pages`](super::pages) are always valid).
    Svg(String),
    /// svg2pdf could not convert a page.
    Pdf(String),
    /// The PNG would be wider or taller than a pixmap holds (65,535 pixels).
    TooLarge {
        /// Its width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
    },
    /// The PNG encoder failed.
    Png(String),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Svg(e) => write!(f, "cannot read the drawn page (a bug): {e}"),
            OutputError::Pdf(e) => write!(f, "cannot convert a page to PDF: {e}"),
            OutputError::TooLarge { width, height } => {
                write!(
                    f,
                    "the image would be {width}x{height} pixels, more than 65,535 a side"
                )
            }
            OutputError::Png(e) => write!(f, "cannot encode the PNG: {e}"),
        }
    }
}

impl std::error::Error for OutputError {}

/// The usvg options: `font` (a TrueType DejaVu Sans), and nothing from
/// the machine.
fn svg_options(font: &[u8]) -> usvg::Options<'static> {
    let mut options = usvg::Options {
        font_family: FONT_FAMILY.to_owned(),
        ..usvg::Options::default()
    };
    options.fontdb_mut().load_font_data(font.to_vec());
    options
}

/// `svg` read by usvg.
fn tree(svg: &str, options: &usvg::Options<'_>) -> Result<usvg::Tree, OutputError> {
    usvg::Tree::from_str(svg, options).map_err(|e| OutputError::Svg(e.to_string()))
}

/// Every page as one PDF: each page's SVG (a [`Page`](super::Page) or
/// any SVG document) converted by svg2pdf into an XObject with its fonts
/// (subset) embedded, drawn on a page of the SVG's size.
///
/// ```
/// use sudoku_dlx::Puzzle;
/// use sudoku_dlx::render::{Item, Layout, pages, pdf};
///
/// let puzzle: Puzzle = "1.3.3.1..1.2.2.1".parse()?;
/// let sheet = pages(&Layout::default(), &[Item::new(&puzzle)], &[]);
/// let bytes = pdf(&sheet)?;
/// assert!(bytes.starts_with(b"%PDF-"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`OutputError::Svg`] when a page is not an SVG document usvg reads,
/// [`OutputError::Pdf`] when svg2pdf fails on one.
#[cfg(feature = "pdf")]
pub fn pdf<S: AsRef<str>>(pages: &[S]) -> Result<Vec<u8>, OutputError> {
    pdf_with_font(pages, FONT)
}

/// [`pdf`] with another build of DejaVu Sans than the one compiled in:
/// the web page's PDF module passes a subset of it (the Latin, Greek and
/// Cyrillic blocks, a quarter of the size: docs/web.md), so that it does
/// not carry the whole font. `font` must be DejaVu Sans (the pages name
/// that family); characters it lacks are left out of the page. The
/// full font is only compiled in where [`pdf`] or [`png`] is called.
///
/// # Errors
///
/// As [`pdf`].
#[cfg(feature = "pdf")]
pub fn pdf_with_font<S: AsRef<str>>(pages: &[S], font: &[u8]) -> Result<Vec<u8>, OutputError> {
    use std::collections::HashMap;

    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};

    let options = svg_options(font);
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let page_tree = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_ids = Vec::with_capacity(pages.len());
    for page in pages {
        let tree = tree(page.as_ref(), &options)?;
        let (chunk, svg_id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| OutputError::Pdf(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_id = *map
            .get(&svg_id)
            .ok_or_else(|| OutputError::Pdf("svg2pdf lost its page (a bug)".to_owned()))?;
        pdf.extend(&chunk);
        // usvg reads the points of the SVG's size at 96 a inch.
        let (width, height) = (tree.size().width() * 0.75, tree.size().height() * 0.75);
        let page_id = alloc.bump();
        let content_id = alloc.bump();
        page_ids.push(page_id);
        let name = Name(b"S1");
        let mut pdf_page = pdf.page(page_id);
        pdf_page.media_box(Rect::new(0.0, 0.0, width, height));
        pdf_page.parent(page_tree);
        pdf_page.contents(content_id);
        pdf_page.resources().x_objects().pair(name, svg_id);
        pdf_page.finish();
        let mut content = Content::new();
        content
            .save_state()
            .transform([width, 0.0, 0.0, height, 0.0, 0.0])
            .x_object(name)
            .restore_state();
        pdf.stream(content_id, &content.finish());
    }
    pdf.catalog(catalog).pages(page_tree);
    // Far fewer pages than i32::MAX: each is a Vec entry of kilobytes.
    let count = i32::try_from(page_ids.len()).unwrap_or(i32::MAX);
    pdf.pages(page_tree).kids(page_ids).count(count);
    Ok(pdf.finish())
}

/// `svg` (one page or one puzzle) rasterised at `dpi` dots per inch as a
/// PNG.
///
/// # Errors
///
/// [`OutputError::Svg`] when `svg` is not an SVG document usvg reads,
/// [`OutputError::TooLarge`] when the image would not fit a pixmap,
/// [`OutputError::Png`] when encoding fails.
#[cfg(feature = "png")]
pub fn png(svg: &str, dpi: u16) -> Result<Vec<u8>, OutputError> {
    let tree = tree(svg, &svg_options(FONT))?;
    let size = tree.size();
    // usvg reads the SVG's size in points as pixels at 96 per inch.
    let zoom = f32::from(dpi) / 96.0;
    let (width, height) = (
        (f64::from(size.width()) * f64::from(zoom)).ceil(),
        (f64::from(size.height()) * f64::from(zoom)).ceil(),
    );
    let too_large = || OutputError::TooLarge {
        width: pixels(width).into(),
        height: pixels(height).into(),
    };
    let side = |length: f64| Some(pixels(length)).filter(|&p| (1..=65_535).contains(&p));
    let (Some(w), Some(h)) = (side(width), side(height)) else {
        return Err(too_large());
    };
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or_else(too_large)?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(zoom, zoom),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| OutputError::Png(e.to_string()))
}

/// A length rounded up to whole pixels, saturating at `u32::MAX`.
#[cfg(feature = "png")]
fn pixels(length: f64) -> u32 {
    // Saturating: `as` clamps to 0..=u32::MAX and NaN to 0.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let pixels = length.ceil() as u32;
    pixels
}
