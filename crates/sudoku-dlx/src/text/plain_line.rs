//! The parser's fast path: the one-line record of digits and blanks that
//! most puzzle files hold, read straight to its grid, and the property
//! tests that hold it to the general reader.

use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::text::parse_options::ParseOptions;

/// The common record read straight to its grid: one line of exactly n*n
/// bytes, each `.`, `0` or a digit `1`-`9`, in the standard alphabet and
/// without a region map. It is what the general reader makes of such
/// a line (no comment, no map, symbols rather than numbers since it is one
/// token of one-character symbols), at a small part of the cost: no line
/// list, no token iterators, no second look for a comment. Anything else
/// (`None`) goes the general way, which also says where a bad record goes
/// wrong.
pub(super) fn plain_line(text: &str, options: &ParseOptions) -> Option<Puzzle> {
    if options.jigsaw || !matches!(options.alphabet, None | Some(Alphabet::Standard)) {
        return None;
    }
    let shape = match options.shape {
        Some(shape) => shape,
        // The usual length, without the search over sides.
        None if text.len() == Shape::CLASSIC.cell_count() => Shape::CLASSIC,
        None => Shape::from_cell_count(text.len())?,
    };
    let size = shape.size();
    if text.len() != shape.cell_count() || size > 9 {
        return None;
    }
    // Every byte to its digit in one pass without a branch, and the check
    // in a second: a byte that is no blank or digit up to `size` maps above
    // `size` (below `0` it wraps). Two passes the compiler does 16 bytes a
    // step, where one pass testing and pushing each byte cost half of the
    // record's parse with the check `Grid::from_digits` repeats (see
    // docs/decisions/plain-line-io.md).
    let digits: Vec<u8> = text
        .bytes()
        .map(|byte| {
            if byte == b'.' {
                0
            } else {
                byte.wrapping_sub(b'0')
            }
        })
        .collect();
    let largest = digits.iter().fold(0, |largest, &digit| largest.max(digit));
    if usize::from(largest) > size {
        return None;
    }
    let rules = Rules::new(shape).with_variants(options.variants);
    let givens = Grid::from_checked_digits(shape, digits);
    Some(Puzzle::from_parts(rules, givens, Alphabet::Standard))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::variants::Variants;
    use crate::text::parse::parse_general;

    /// The options the fast-path property reads with, by index: the
    /// default, fixed shapes (one of another size), each alphabet, a variant.
    fn fast_path_options(which: usize) -> ParseOptions {
        let shape = |n| Some(Shape::from_size(n).unwrap());
        let base = ParseOptions::default();
        match which {
            0 => base,
            1 => ParseOptions {
                shape: shape(9),
                ..base
            },
            2 => ParseOptions {
                shape: shape(16),
                ..base
            },
            3 => ParseOptions {
                alphabet: Some(Alphabet::Standard),
                ..base
            },
            4 => ParseOptions {
                alphabet: Some(Alphabet::Hex),
                ..base
            },
            5 => ParseOptions {
                alphabet: Some(Alphabet::Numbers),
                ..base
            },
            6 => ParseOptions {
                jigsaw: true,
                ..base
            },
            _ => ParseOptions {
                variants: Variants {
                    x: true,
                    ..Variants::NONE
                },
                ..base
            },
        }
    }

    proptest::proptest! {
        /// A line the fast path reads is read as the general reader reads
        /// it, and every line of n*n blanks and digits up to n with the
        /// default options takes the fast path. Lines are mostly digits
        /// and blanks, with now and then a symbol the fast path leaves to
        /// the general reader (a letter, a space, a separator, a digit
        /// too large), so both sides of every test in it are exercised.
        #[test]
        fn fast_path_reads_as_the_general_reader(
            side in proptest::sample::select(vec![4usize, 6, 9, 16]),
            symbols in proptest::collection::vec(0..64u8, 256),
            which in 0..8usize,
        ) {
            let alphabet = b".0123456789";
            let odd = b"xA |#;-";
            let text: String = symbols[..side * side]
                .iter()
                .map(|&k| match usize::from(k) {
                    k if k < 63 => char::from(alphabet[k % alphabet.len()]),
                    k => char::from(odd[k % odd.len()]),
                })
                .collect();
            let options = fast_path_options(which);
            let fast = plain_line(&text, &options);
            if let Some(puzzle) = &fast {
                proptest::prop_assert_eq!(Ok(puzzle.clone()), parse_general(&text, &options));
            }
            let plain = text
                .bytes()
                .all(|b| b == b'.' || b.is_ascii_digit() && usize::from(b - b'0') <= side);
            if which == 0 && side <= 9 && plain {
                proptest::prop_assert!(fast.is_some(), "{text} missed the fast path");
            }
        }
    }

    proptest::proptest! {
        /// Around 81 characters (wrong lengths too), mostly digits and
        /// blanks with now and then another character (a letter, a space,
        /// a tab, a comment or map start, a non-ASCII letter, a line
        /// break): whatever the fast path makes of a line, the record
        /// reads exactly as the general reader reads it, errors and their
        /// positions included.
        #[test]
        fn a_record_reads_as_the_general_reader_reads_it(
            length in proptest::sample::select(vec![79usize, 80, 81, 81, 81, 81, 82, 83]),
            symbols in proptest::collection::vec(0..1000usize, 83),
            which in 0..8usize,
        ) {
            let plain = ['.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
            let odd = ['x', 'A', ' ', '\t', '#', ';', ':', '|', '-', '/', 'é', '\n'];
            let text: String = symbols[..length]
                .iter()
                .map(|&k| match k {
                    // About three lines in five all digits and blanks.
                    k if k < 994 => plain[k % plain.len()],
                    k => odd[(k * 7 + length) % odd.len()],
                })
                .collect();
            let options = fast_path_options(which);
            proptest::prop_assert_eq!(
                Puzzle::parse(&text, &options),
                parse_general(&text, &options),
                "{:?}",
                text
            );
        }
    }
}
