//! Alphabets: how digits and blanks are written.

use std::fmt;

use crate::model::cell::MAX_SIZE;

/// How a grid writes its digits.
///
/// Every alphabet reads `.` as a blank. Letters are read in either case and
/// written upper case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`-`9`, then `A`, `B`, ... up to `Z` (35): 16x16 is written `1-9A-G`.
    /// `0` is a blank, as is `.`.
    #[default]
    Standard,
    /// `0`-`9` then `A`-`F` for digits 1 to 16, the hexadecimal convention
    /// for 16x16; only `.` is a blank.
    Hex,
    /// Whitespace-separated decimal numbers, any size; `0` and `.` are blanks.
    Numbers,
}

/// What one character of a symbol alphabet reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Symbol {
    /// A blank cell.
    Blank,
    /// A digit, 1-based.
    Digit(u8),
    /// Not part of the alphabet, or a digit above the grid side.
    Invalid,
}

impl Alphabet {
    /// The alphabet used to print a grid of side `size` when none is chosen:
    /// [`Standard`](Self::Standard) up to 35, [`Numbers`](Self::Numbers) above.
    #[must_use]
    pub fn for_size(size: usize) -> Alphabet {
        if size <= Alphabet::Standard.largest() {
            Alphabet::Standard
        } else {
            Alphabet::Numbers
        }
    }

    /// The largest digit the alphabet can write.
    ///
    /// ```
    /// use sudoku_dlx::Alphabet;
    /// assert_eq!(Alphabet::Standard.largest(), 35);
    /// assert_eq!(Alphabet::Hex.largest(), 16);
    /// ```
    #[must_use]
    pub fn largest(self) -> usize {
        match self {
            Alphabet::Standard => 35,
            Alphabet::Hex => 16,
            Alphabet::Numbers => MAX_SIZE,
        }
    }

    /// Reads one character of a symbol alphabet for a grid of side `size`.
    /// `.` is a blank in every alphabet, and so are `*` and `_`, as some
    /// files write blanks.
    pub(crate) fn read(self, ch: char, size: usize) -> Symbol {
        if matches!(ch, '.' | '*' | '_') {
            return Symbol::Blank;
        }
        let value = match self {
            Alphabet::Standard | Alphabet::Numbers => match ch.to_digit(36) {
                Some(0) => return Symbol::Blank,
                Some(v) => v,
                None => return Symbol::Invalid,
            },
            Alphabet::Hex => match ch.to_digit(16) {
                Some(v) => v + 1,
                None => return Symbol::Invalid,
            },
        };
        match u8::try_from(value) {
            Ok(d) if usize::from(d) <= size => Symbol::Digit(d),
            _ => Symbol::Invalid,
        }
    }

    /// `digit` (from 1; 0 for a blank, `.`) as this alphabet writes it in
    /// a grid: what messages about a cell show a player, who reads the
    /// grid's symbols, not the values behind them.
    ///
    /// ```
    /// use sudoku_dlx::Alphabet;
    /// assert_eq!(Alphabet::Standard.symbol(16), "G");
    /// assert_eq!(Alphabet::Hex.symbol(2), "1");
    /// assert_eq!(Alphabet::Numbers.symbol(16), "16");
    /// ```
    #[must_use]
    pub fn symbol(self, digit: u8) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        let _ = self.write(&mut text, digit);
        text
    }

    /// Writes `digit` (0 for a blank) in this alphabet.
    pub(crate) fn write(self, f: &mut impl fmt::Write, digit: u8) -> fmt::Result {
        if digit == 0 {
            return f.write_char('.');
        }
        let value = u32::from(digit);
        let ch = match self {
            Alphabet::Standard => char::from_digit(value, 36),
            Alphabet::Hex => char::from_digit(value - 1, 16),
            Alphabet::Numbers => return write!(f, "{digit}"),
        };
        // A digit beyond the alphabet is written as a number rather than lost.
        match ch {
            Some(ch) => f.write_char(ch.to_ascii_uppercase()),
            None => write!(f, "{digit}"),
        }
    }

    /// The width, in characters, of the widest symbol for a grid of side `size`.
    pub(crate) fn width(self, size: usize) -> usize {
        match self {
            Alphabet::Numbers if size >= 10 => 2,
            _ => 1,
        }
    }

    /// Whether the alphabet writes one character per cell (so cells need no separator).
    pub(crate) fn is_single_char(self) -> bool {
        self != Alphabet::Numbers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(a: Alphabet, d: u8) -> String {
        let mut s = String::new();
        a.write(&mut s, d).unwrap();
        s
    }

    #[test]
    fn standard_reads_digits_letters_and_blanks() {
        let a = Alphabet::Standard;
        assert_eq!(a.read('5', 9), Symbol::Digit(5));
        assert_eq!(a.read('.', 9), Symbol::Blank);
        assert_eq!(a.read('0', 9), Symbol::Blank);
        assert_eq!(a.read('A', 9), Symbol::Invalid);
        assert_eq!(a.read('G', 16), Symbol::Digit(16));
        assert_eq!(a.read('g', 16), Symbol::Digit(16));
        assert_eq!(a.read('H', 16), Symbol::Invalid);
        assert_eq!(a.read('-', 16), Symbol::Invalid);
        assert_eq!(written(a, 16), "G");
        assert_eq!(written(a, 0), ".");
    }

    #[test]
    fn hex_shifts_by_one() {
        let a = Alphabet::Hex;
        assert_eq!(a.read('0', 16), Symbol::Digit(1));
        assert_eq!(a.read('F', 16), Symbol::Digit(16));
        assert_eq!(a.read('G', 16), Symbol::Invalid);
        assert_eq!(written(a, 1), "0");
        assert_eq!(written(a, 16), "F");
    }

    #[test]
    fn sizes_pick_an_alphabet() {
        assert_eq!(Alphabet::for_size(35), Alphabet::Standard);
        assert_eq!(Alphabet::for_size(36), Alphabet::Numbers);
        assert_eq!(written(Alphabet::Numbers, 42), "42");
    }
}
