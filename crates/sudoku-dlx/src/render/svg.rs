//! The few pieces of SVG text the drawings are built from: numbers written
//! short and exact enough for print, escaped text, lines, rectangles.

use std::fmt::{self, Write};

/// The font family every text asks for.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// A length in points, written with at most two decimals and no trailing
/// zeros: a hundredth of a point is far below what a printer resolves, and
/// short numbers keep a 64x64 page small.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// `text` with the characters XML reserves written as entities.
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            // Control characters are not allowed in XML 1.0 text.
            c if c.is_control() => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}

/// Appends a line from `(x1, y1)` to `(x2, y2)`; its stroke comes from the
/// enclosing group.
pub(crate) fn line(svg: &mut String, x1: f64, y1: f64, x2: f64, y2: f64) {
    // Writing to a `String` cannot fail.
    let _ = write!(
        svg,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
        Num(x1),
        Num(y1),
        Num(x2),
        Num(y2)
    );
}

/// Appends a rectangle; its fill comes from the enclosing group.
pub(crate) fn rect(svg: &mut String, x: f64, y: f64, width: f64, height: f64) {
    let _ = write!(
        svg,
        r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
        Num(x),
        Num(y),
        Num(width),
        Num(height)
    );
}

/// Appends `text` centred on `x` with its baseline at `y`, in `size` points.
pub(crate) fn centred_text(svg: &mut String, x: f64, y: f64, size: f64, text: &str) {
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle">{}</text>"#,
        Num(x),
        Num(y),
        Num(size),
        escape(text)
    );
}

/// Appends `text` starting at `x` with its baseline at `y`, in `size` points.
pub(crate) fn text(svg: &mut String, x: f64, y: f64, size: f64, text: &str) {
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" font-size="{}">{}</text>"#,
        Num(x),
        Num(y),
        Num(size),
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(Num(12.0).to_string(), "12");
        assert_eq!(Num(12.5).to_string(), "12.5");
        assert_eq!(Num(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
