//! Lexing a line of puzzle text: comment and header lines, the jigsaw
//! split of a puzzle from its region map, tokens with their columns, and
//! what one line holds ([`LineCells`]), which framing asks of every line.
//! The readers in `parse` and the framer build on these.

use crate::model::cell::MAX_SIZE;
use crate::model::regions::Regions;
use crate::model::shape::Shape;
use crate::model::symbols::{Alphabet, Symbol};

/// A piece of a record's text with where it starts: 1-based line, and the
/// 0-based character column of its first character.
pub(crate) type Segment<'t> = (usize, usize, &'t str);

/// A cell's text and where it was: symbol or number token, line, column (1-based).
pub(crate) type Located<'t> = (&'t str, usize, usize);

/// Splits a line-format grid from the text after it: `<81 cells> # name`,
/// `<81 cells>\t12.3`, `<81 cells>;source`, `puzzle:count:solution`,
/// `puzzle solution`. The grid is the line up to its first whitespace, `;`,
/// `,` or `:`, and must be a whole grid (of `shape`, if fixed; read with
/// `alphabet`) on its own; the text after it is returned trimmed, from its
/// first non-blank character (so a `;`, `,` or `:` is kept). `None` when
/// the line has no such grid or nothing after it, or reads whole as it is
/// as a grid no bigger (a numbers line, say), or when a token as long as the grid that is no
/// grid of the alphabet follows it: that is a region map, and a puzzle
/// with a region map is read only as jigsaw (a complete grid there is the
/// puzzle's solution, and so part of the comment).
pub(crate) fn split_comment(
    line: &str,
    alphabet: Option<Alphabet>,
    shape: Option<Shape>,
) -> Option<((usize, &str), &str)> {
    let trimmed = line.trim_start();
    let end = trimmed.find(is_comment_delimiter)?;
    let (grid, rest) = trimmed.split_at(end);
    let comment = rest.trim();
    if comment.is_empty() || grid.contains('|') {
        return None;
    }
    let whole = |text: &str| {
        let cells = LineCells::of(text, alphabet).cells;
        let is_whole = match shape {
            Some(shape) => cells == shape.cell_count(),
            None => Shape::from_cell_count(cells).is_some(),
        };
        is_whole.then_some(cells)
    };
    // A line that reads whole as the same grid (a numbers line, say) is
    // left whole; one that reads whole only as a bigger grid is a grid and
    // a comment whose symbols happen to add up (81 cells and
    // `6.39 hard naked single` are 100).
    let cells = whole(grid)?;
    if whole(line).is_some_and(|all| all <= cells) {
        return None;
    }
    let region_map = comment
        .split_whitespace()
        .next()
        .is_some_and(|token| is_region_map_after(grid, token, alphabet));
    let column = line[..line.len() - trimmed.len()].chars().count();
    (!region_map).then_some(((column, grid), comment))
}

/// Whether `token`, after the line-format grid `grid`, is its region map:
/// as long as the grid, and either not a grid of `alphabet` (it holds some
/// character no cell can, as a map of letters does, valid or not) or a
/// grid of digits with no blank, a partition into n orthogonally connected
/// regions of n cells, that contradicts most of the puzzle's givens, as a
/// map written in digits does. A solution never passes (no
/// digit of it touches itself), nor a player's board (it has blanks, or
/// holds the givens); they are the puzzle's comment.
fn is_region_map_after(grid: &str, token: &str, alphabet: Option<Alphabet>) -> bool {
    let length = grid.chars().count();
    if token.chars().count() != length {
        return false;
    }
    let Some(shape) = Shape::from_cell_count(length) else {
        return false;
    };
    let alphabet = match alphabet {
        Some(Alphabet::Hex) => Alphabet::Hex,
        _ => Alphabet::Standard,
    };
    let size = shape.size();
    let symbols: Vec<Symbol> = token.chars().map(|c| alphabet.read(c, size)).collect();
    if symbols.contains(&Symbol::Invalid) {
        return true;
    }
    if symbols.contains(&Symbol::Blank)
        || Regions::parse(token, shape).is_err()
        || !regions_connected(token, size)
    {
        return false;
    }
    let (mut givens, mut contradicted) = (0, 0);
    for (given, &cell) in grid.chars().zip(&symbols) {
        if let Symbol::Digit(digit) = alphabet.read(given, size) {
            givens += 1;
            contradicted += usize::from(cell != Symbol::Digit(digit));
        }
    }
    contradicted * 2 > givens
}

/// Whether every region of `map` (one character a cell of a grid of side
/// `size`, a partition into regions of `size` cells) is orthogonally
/// connected.
fn regions_connected(map: &str, size: usize) -> bool {
    let labels: Vec<char> = map.chars().collect();
    let mut seen = vec![false; labels.len()];
    let mut stack = Vec::new();
    for start in 0..labels.len() {
        if seen[start] {
            continue;
        }
        // A region is connected when the cells reached from its first one
        // are all of it.
        let (label, mut reached) = (labels[start], 0);
        seen[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            reached += 1;
            let (row, column) = (cell / size, cell % size);
            let neighbours = [
                (row > 0).then(|| cell - size),
                (row + 1 < size).then(|| cell + size),
                (column > 0).then(|| cell - 1),
                (column + 1 < size).then(|| cell + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                if !seen[next] && labels[next] == label {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        if reached != size {
            return false;
        }
    }
    true
}

/// With jigsaw on, splits a line of a line-format puzzle, its region map
/// and text after them (`PUZZLE MAP SOLUTION`, `PUZZLE MAP # name`) into
/// the record (the line up to the map's end) and the comment, trimmed.
/// `None` when the line is not such a line or has nothing after the map.
pub(crate) fn split_jigsaw_comment(
    line: &str,
    alphabet: Option<Alphabet>,
    shape: Option<Shape>,
) -> Option<(&str, &str)> {
    let trimmed = line.trim_start();
    let puzzle_end = trimmed.find(char::is_whitespace)?;
    let puzzle = &trimmed[..puzzle_end];
    let after_puzzle = trimmed[puzzle_end..].trim_start();
    let map_end = after_puzzle.find(char::is_whitespace)?;
    let map = &after_puzzle[..map_end];
    let comment = after_puzzle[map_end..].trim();
    let cells = LineCells::of(puzzle, alphabet).cells;
    let whole = match shape {
        Some(shape) => cells == shape.cell_count(),
        None => Shape::from_cell_count(cells).is_some(),
    };
    let same = map.chars().count() == puzzle.chars().count();
    let record_end = line.len() - after_puzzle.len() + map_end;
    (whole && same && !comment.is_empty()).then_some((&line[..record_end], comment))
}

/// A character that ends a line-format grid with text after it.
fn is_comment_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, ';' | ',' | ':')
}

/// Whether `line` is a header, such as `puzzle<TAB>name` or Project
/// Euler's `Grid 01`, rather than a puzzle: its first word (up to
/// whitespace, `;`, `,` or `:`) is two or more ASCII letters. No alphabet
/// writes a row or a grid as letters alone (a 16x16 row has at most seven,
/// `A`-`G`, and a blank is `.` or `0`), so the framer skips such a line
/// where it would otherwise be a record of its own.
pub(crate) fn is_header(line: &str) -> bool {
    // Framing asks this of every line: a puzzle line fails at its first
    // character, a `.` or a digit, without a scan.
    let mut letters = 0;
    for c in line.trim_start().chars() {
        if c.is_ascii_alphabetic() {
            letters += 1;
        } else {
            return letters >= 2 && is_comment_delimiter(c);
        }
    }
    letters >= 2
}

/// Whether `line` is a comment: its first non-blank character is `#`.
pub(crate) fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

fn is_separator(ch: char) -> bool {
    matches!(ch, '|' | '+' | '-')
}

/// Splits a jigsaw line of two tokens into the puzzle and the region map,
/// each with its 0-based starting column. Only a reader with jigsaw on
/// asks: without it, a line never holds a map.
#[allow(clippy::type_complexity)]
pub(crate) fn split_jigsaw(line: &str) -> Option<((usize, &str), (usize, &str))> {
    let trimmed = line.trim().as_bytes();
    if trimmed.is_ascii() && !trimmed.iter().any(|b| matches!(b, b' ' | b'\t'..=b'\r')) {
        // One token: the usual puzzle line, told without tokenizing it.
        return None;
    }
    let mut tokens = tokens_with_columns(line, char::is_whitespace);
    let first = tokens.next()?;
    let second = tokens.next()?;
    tokens.next().is_none().then_some((first, second))
}

/// Whether `line`, read without jigsaw, is a puzzle and its region map: two
/// tokens or more, the first a whole line-format grid and the second a map
/// of the same length. Asked only of a line that failed to read, to say
/// that it wants jigsaw on.
pub(crate) fn looks_like_jigsaw(line: &str, alphabet: Option<Alphabet>) -> bool {
    let mut tokens = line.split_whitespace();
    let (Some(puzzle), Some(map)) = (tokens.next(), tokens.next()) else {
        return false;
    };
    Shape::from_cell_count(LineCells::of(puzzle, alphabet).cells).is_some()
        && is_region_map_after(puzzle, map, alphabet)
}

/// Whether `line`, read without killer, is a killer line: givens, a cage
/// map and sums (`a=10,b=8`). Asked only of a line that failed to read.
pub(crate) fn looks_like_killer(line: &str) -> bool {
    line.split_whitespace().nth(2).is_some_and(|sums| {
        sums.split(',').all(|sum| {
            sum.split_once('=').is_some_and(|(label, value)| {
                !label.is_empty() && !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
            })
        })
    })
}

/// Splits a jigsaw line of more than two tokens (a puzzle in numbers, say)
/// into the puzzle and the region map, its last token, each with its
/// 0-based starting column.
#[allow(clippy::type_complexity)]
pub(crate) fn split_map(line: &str) -> Option<((usize, &str), (usize, &str))> {
    let trimmed = line.trim_end();
    let space = trimmed.rfind(char::is_whitespace)?;
    let (before, map) = (&trimmed[..space], trimmed[space..].trim_start());
    let puzzle = before.trim();
    let puzzle_column = before.chars().count() - before.trim_start().chars().count();
    let map_column = trimmed.chars().count() - map.chars().count();
    (!puzzle.is_empty()).then_some(((puzzle_column, puzzle), (map_column, map)))
}

/// The tokens of `line` between characters matching `split`, with their
/// 0-based character columns.
fn tokens_with_columns(
    line: &str,
    split: impl Fn(char) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (column, (byte, ch)) in line.char_indices().enumerate() {
        if split(ch) {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out.into_iter()
}

/// Every character that is a cell in the symbol formats.
pub(crate) fn symbol_chars<'t>(segments: &[Segment<'t>]) -> impl Iterator<Item = Located<'t>> {
    segments.iter().flat_map(|&(line, offset, text)| {
        text.char_indices()
            .enumerate()
            .filter(|(_, (_, ch))| !ch.is_whitespace() && !is_separator(*ch))
            .map(move |(column, (byte, ch))| {
                (&text[byte..byte + ch.len_utf8()], line, offset + column + 1)
            })
    })
}

/// Every token that is a cell in the numbers format: split at whitespace,
/// `|` and `+`, skipping runs of `-`.
pub(crate) fn number_tokens<'t>(segments: &[Segment<'t>]) -> impl Iterator<Item = Located<'t>> {
    segments.iter().flat_map(|&(line, offset, text)| {
        tokens_with_columns(text, |c| c.is_whitespace() || c == '|' || c == '+')
            .filter(|(_, token)| !token.chars().all(|c| c == '-'))
            .map(move |(column, token)| (token, line, offset + column + 1))
    })
}

/// A numbers-format token as a digit (0 for a blank), if it is one of a
/// grid of side `size`.
pub(crate) fn read_number(token: &str, size: usize) -> Option<u8> {
    if token == "." {
        return Some(0);
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<u8>().ok().filter(|&d| usize::from(d) <= size)
}

/// Whether the text reads as numbers rather than symbols: every token is
/// `.` or a number up to [`MAX_SIZE`] without leading zeros, some token has
/// two digits, and the number of tokens passes `count_ok`. ("12 34" as a
/// 4x4 row, or "530 070 000" as a 9x9 row, stay symbols.)
pub(crate) fn looks_like_numbers(
    segments: &[Segment<'_>],
    count_ok: impl Fn(usize) -> bool,
) -> bool {
    let mut count = 0;
    let mut wide = false;
    for (token, _, _) in number_tokens(segments) {
        let plain_number = token.len() == 1 && token != "-"
            || (!token.starts_with('0') && read_number(token, MAX_SIZE).is_some());
        if !plain_number {
            return false;
        }
        wide |= token.len() > 1;
        count += 1;
    }
    wide && count_ok(count)
}

/// The flags [`LineCells::of`] gathers in one pass over a line.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    symbols: usize,
    /// A character that splits number tokens.
    splits: bool,
    /// Two digits in a row.
    wide: bool,
    bar: bool,
    /// Inside a whitespace-separated token; after one and some whitespace;
    /// in a second one.
    in_token: bool,
    gap: bool,
    tokens: bool,
    after_digit: bool,
    /// The number token so far: its length, and whether it has a character
    /// other than a digit or `-`.
    token_len: usize,
    token_odd: bool,
    /// Some number token of two characters or more has another character
    /// than a digit or `-`: the line cannot read as numbers.
    not_numbers: bool,
}

impl Scan {
    /// Takes the next character.
    fn add(&mut self, c: char) {
        let space = c.is_whitespace();
        let split = space || c == '|' || c == '+';
        self.splits |= split;
        if split {
            self.end_token();
        } else {
            self.token_len += 1;
            self.token_odd |= !(c.is_ascii_digit() || c == '-');
        }
        self.bar |= c == '|';
        if space {
            self.gap |= self.in_token;
        } else {
            self.tokens |= self.gap;
            self.in_token = true;
        }
        let digit = c.is_ascii_digit();
        self.wide |= digit && self.after_digit;
        self.after_digit = digit;
        if !space && !is_separator(c) {
            self.symbols += 1;
        }
    }

    /// Ends a number token (see [`looks_like_numbers`]: one of two
    /// characters or more is a number only if it is all digits).
    fn end_token(&mut self) {
        self.not_numbers |= self.token_len >= 2 && self.token_odd;
        self.token_len = 0;
        self.token_odd = false;
    }
}

/// What framing needs to know of one line; see [`LineCells::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineCells {
    /// The cells the line holds, read on its own.
    pub(crate) cells: usize,
    /// Whether it has two whitespace-separated tokens or more (a jigsaw
    /// line has two).
    pub(crate) tokens: bool,
    /// Whether it holds a `|`.
    pub(crate) bar: bool,
    /// Whether its cells were counted as numbers and some has two digits,
    /// so that it cannot be a whole grid of a side below 10 (16 such
    /// numbers are a row of a 16x16 grid, not a whole 4x4 one).
    pub(crate) wide_numbers: bool,
}

impl LineCells {
    /// Reads `line`: its cells are its number tokens if it reads as numbers
    /// (as `alphabet` says, or when every token is a number, some have two
    /// digits, and there are as many as a grid side or a whole grid has),
    /// else its symbols. One pass over the characters decides all but the
    /// rare lines that may be numbers, and a line of ASCII symbols alone
    /// (the line format) takes one count, since framing runs on every line
    /// of a batch before any work is shared out.
    pub(crate) fn of(line: &str, alphabet: Option<Alphabet>) -> LineCells {
        let bytes = line.as_bytes();
        // One token of ASCII symbols, as in the line format: every byte but
        // a `-` is a cell. Framing reads every line of a batch on one
        // thread, so this is one pass without an early exit over byte-wide
        // counters, which the compiler turns into 16 bytes a step (three
        // byte-at-a-time passes cost 1,600 instructions per 81-cell line).
        let (mut others, mut dashes) = (0u8, 0usize);
        for chunk in bytes.chunks(usize::from(u8::MAX)) {
            let (other, dash) = chunk.iter().fold((0u8, 0u8), |(other, dash), &b| {
                // `char::is_whitespace` of an ASCII byte: a space, `\t` to `\r`.
                let space = (b == b' ') | (b.wrapping_sub(b'\t') < 5);
                let split = space | (b == b'|') | (b == b'+');
                (
                    other | (b & 0x80) | u8::from(split),
                    dash + u8::from(b == b'-'),
                )
            });
            others |= other;
            dashes += usize::from(dash);
        }
        if alphabet != Some(Alphabet::Numbers) && others == 0 {
            return LineCells {
                cells: bytes.len() - dashes,
                tokens: false,
                bar: false,
                wide_numbers: false,
            };
        }
        let mut scan = Scan::default();
        for c in line.chars() {
            scan.add(c);
        }
        scan.end_token();
        let Scan {
            symbols,
            splits,
            wide,
            bar,
            tokens,
            not_numbers,
            ..
        } = scan;
        let segment = [(0, 0, line)];
        let numbers = match alphabet {
            Some(Alphabet::Numbers) => true,
            Some(_) => false,
            // Numbers need several tokens, one of two digits.
            None => {
                splits
                    && wide
                    && !not_numbers
                    && looks_like_numbers(&segment, |count| {
                        Shape::from_size(count).is_ok() || Shape::from_cell_count(count).is_some()
                    })
            }
        };
        LineCells {
            cells: if numbers {
                number_tokens(&segment).count()
            } else {
                symbols
            },
            tokens,
            bar,
            wide_numbers: numbers && wide,
        }
    }
}

/// Whether `line` is a border of a printed grid: only the characters boxes
/// are drawn with (`-`, `=`, `+`, `|`, `*`, `.`, `:`, `'`) and blanks, with
/// a run of three `-` or `=` at least, such as Simple Sudoku's
/// `*-----------*` and `|---+---+---|` or HoDoKu's `.-------.-------.`
/// and `:-------+-------:`. It holds no cell, though `*`, `.` and `:` are
/// symbols elsewhere. Asked only of lines that are no whole grid or row.
pub(crate) fn is_border(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || matches!(c, '-' | '=' | '+' | '|' | '*' | '.' | ':' | '\''))
        && (line.contains("---") || line.contains("==="))
}

/// The cells of a row of a pencilmark grid, as HoDoKu's "PM grid" and
/// Sudoku Explainer print one (`| 4     1268  1268  | 268 ...`), with
/// their 0-based columns: a line with a `|`, whose tokens between
/// whitespace and `|` are each digits `1`-`9` (a cell's candidates). `None`
/// for any other line.
pub(crate) fn pencilmark_cells(line: &str) -> Option<Vec<(usize, &str)>> {
    if !line.contains('|') {
        return None;
    }
    let cells: Vec<(usize, &str)> =
        tokens_with_columns(line, |c| c.is_whitespace() || c == '|').collect();
    cells
        .iter()
        .all(|(_, cell)| cell.bytes().all(|b| matches!(b, b'1'..=b'9')))
        .then_some(cells)
}

/// The side of the pencilmark grid `line` is a row of ([`pencilmark_cells`]),
/// when it is one and no row in the one-character-per-cell reading: its
/// cells are a grid side up to 9 (`side`, if given), and some digit occurs
/// twice on it, which no row of a puzzle holds (a cell of several
/// candidates is what makes the digits repeat; a row of single digits
/// reads the same either way). So every row read before pencilmark grids
/// were read is read as it was.
pub(crate) fn pencilmark_side(line: &str, side: Option<usize>) -> Option<usize> {
    let cells = pencilmark_cells(line)?;
    let size = cells.len();
    if size > 9 || Shape::from_size(size).is_err() || side.is_some_and(|side| side != size) {
        return None;
    }
    let mut seen = [false; 10];
    let repeated = cells.iter().flat_map(|(_, cell)| cell.bytes()).any(|b| {
        let digit = usize::from(b - b'0');
        std::mem::replace(&mut seen[digit], true)
    });
    repeated.then_some(size)
}

/// Whether `line` is a title or numbering rather than a puzzle or a row:
/// `=== Puzzle 2 ===`, `-- hard --`, `1) Hard`, SadMan's `[Puzzle]`, or a
/// bare number of up to three digits (`12`, a puzzle's index). Words of
/// two letters or more and no run of four cell symbols (`.`, `*`, `_`,
/// digits) anywhere, so a puzzle line with a typo stays a record, which the
/// parser rejects with its position; the bare number only with `numbers`
/// (inside a block, a short number is a short row). Asked only of lines
/// that are no whole grid or row.
pub(crate) fn is_title(line: &str, numbers: bool) -> bool {
    let cell_like = |token: &str| {
        token.as_bytes().windows(4).any(|w| {
            w.iter()
                .all(|&b| b.is_ascii_digit() || matches!(b, b'.' | b'*' | b'_'))
        })
    };
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.iter().any(|token| cell_like(token)) {
        return false;
    }
    let core = |token: &str| {
        token
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_owned()
    };
    let word = tokens.iter().any(|token| {
        let core = core(token);
        core.len() >= 2 && core.bytes().all(|b| b.is_ascii_alphabetic())
    });
    let number = match tokens.as_slice() {
        [only] if numbers => {
            let core = core(only);
            !core.is_empty() && core.len() <= 3 && core.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    };
    word || number
}

/// Splits a line whose whole line-format grid comes after a first field:
/// `NAME<TAB>PUZZLE`, `Puzzle <81 cells>`, the Kaggle sets'
/// `id,puzzle,solution,...`. The grid is the first field after the first
/// (fields split at whitespace, `,` and `;`) that reads whole in
/// `alphabet` (of `shape`, if fixed), digits and blanks only, and is not
/// itself first on the line. Returns the grid with its 0-based column and
/// the rest of the line, the grid taken out, as the comment.
pub(crate) fn split_named(
    line: &str,
    alphabet: Option<Alphabet>,
    shape: Option<Shape>,
) -> Option<((usize, &str), String)> {
    let delimiter = |c: char| c.is_whitespace() || matches!(c, ',' | ';');
    let fields = tokens_with_columns(line, delimiter);
    let mut byte = 0;
    for (k, (column, field)) in fields.enumerate() {
        let start = byte + line[byte..].find(field)?;
        byte = start + field.len();
        if field.contains('|') {
            continue;
        }
        let cells = LineCells::of(field, alphabet).cells;
        let size = match shape {
            Some(shape) if cells == shape.cell_count() => shape.size(),
            Some(_) => continue,
            None => match Shape::from_cell_count(cells) {
                Some(shape) => shape.size(),
                None => continue,
            },
        };
        let symbols = match alphabet {
            Some(Alphabet::Hex) => Alphabet::Hex,
            _ => Alphabet::Standard,
        };
        if field
            .chars()
            .any(|c| symbols.read(c, size) == Symbol::Invalid)
        {
            continue;
        }
        if k == 0 {
            return None;
        }
        // The name, then what follows the grid with its delimiter.
        let before = line[..start].trim_end_matches(delimiter).trim_start();
        let comment = format!("{before}{}", line[byte..].trim_end());
        return Some(((column, field), comment));
    }
    None
}
