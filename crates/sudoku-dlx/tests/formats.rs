//! Reading and writing: formats, alphabets, records.

use sudoku_dlx::{Alphabet, Error, Grid, ParseOptions, Puzzle, Record, Records, Regions, Shape};

use crate::util::{lines, parse};

#[test]
fn sixteen_by_sixteen_reads_in_both_alphabets() {
    let line = &lines("janko_16x16.txt")[0];
    let standard = parse(line);
    assert_eq!(standard.shape(), Shape::from_size(16).unwrap());
    let hex_text = standard.clone().with_alphabet(Alphabet::Hex).to_string();
    assert!(hex_text.contains('0') && !hex_text.contains('G'));
    let options = ParseOptions {
        alphabet: Some(Alphabet::Hex),
        ..ParseOptions::default()
    };
    let hex = Puzzle::parse(&hex_text, &options).unwrap();
    assert_eq!(hex.givens(), standard.givens());
    assert_eq!(hex.to_string(), hex_text);
    // G is not a hex digit.
    assert!(matches!(
        Puzzle::parse(line, &options),
        Err(Error::InvalidSymbol { found: 'G', .. })
    ));
}

#[test]
fn pretty_output_reads_back_for_every_data_file() {
    for name in ["plb_hard20.txt", "janko_16x16.txt", "janko_jigsaw_9x9.txt"] {
        for line in lines(name).iter().take(5) {
            let puzzle = parse(line);
            let block = puzzle.pretty().to_string();
            let back = parse(&block);
            assert_eq!(back.givens(), puzzle.givens(), "{name}");
            assert_eq!(parse(&puzzle.to_string()), puzzle, "{name}");
        }
    }
}

/// The records of `text`, read line by line.
fn records_of(text: &str, options: &ParseOptions) -> Vec<Record> {
    Records::new(
        text.lines()
            .map(|l| Ok::<_, std::convert::Infallible>(l.to_owned())),
        options,
    )
    .collect::<Result<_, _>>()
    .unwrap()
}

#[test]
fn records_split_lines_blocks_and_comments() {
    let line = &lines("plb_hard20.txt")[0];
    let block = parse(line).pretty().to_string();
    let jigsaw = &lines("janko_jigsaw_9x9.txt")[0];
    let text = format!("# header\n{line}\n\n{block}\n{jigsaw}\n# end\n{line}\n");
    let options = ParseOptions::default();
    let records = records_of(&text, &options);
    assert_eq!(records.len(), 4);
    assert_eq!(records[0].line, 2);
    assert_eq!(records[1].line, 4);
    for r in &records {
        // `FromStr` reads the jigsaw line with its map.
        r.text.parse::<Puzzle>().unwrap();
    }
    assert!(
        records[2]
            .text
            .parse::<Puzzle>()
            .unwrap()
            .rules()
            .regions()
            .is_some()
    );
}

#[test]
fn a_comment_whose_symbols_complete_a_bigger_grid_stays_a_comment() {
    // 81 cells and `6.39 hard naked single` (19 symbols) make 100, a
    // 10x10 grid's count: the line is still a 9x9 puzzle and its comment,
    // as `rate` writes them.
    let line = &lines("plb_hard20.txt")[0];
    let grid: String = line.split_whitespace().next().unwrap().to_owned();
    for comment in ["6.39 hard naked single", "hard", "0123456789abcdefghi"] {
        let text = format!("{grid} {comment}");
        let records = records_of(&text, &ParseOptions::default());
        assert_eq!(records.len(), 1, "{text}");
        assert_eq!(records[0].comment.as_deref(), Some(comment), "{text}");
        assert_eq!(parse(&records[0].text), parse(&grid), "{text}");
        assert_eq!(parse(&text), parse(&grid), "{text}");
    }
    // A whole line of numbers is still read whole.
    let numbers: Vec<String> = parse(&grid)
        .to_string()
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let records = records_of(&numbers.join(" "), &ParseOptions::default());
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].comment, None);
    assert_eq!(parse(&records[0].text), parse(&grid));
}

#[test]
fn records_of_a_fixed_16x16_shape_read_blocks_without_separators() {
    let line = &lines("janko_16x16.txt")[0];
    let rows: Vec<String> = line
        .chars()
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|c| c.iter().collect())
        .collect();
    let text = rows.join("\n");
    let options = ParseOptions {
        shape: Some(Shape::from_size(16).unwrap()),
        ..ParseOptions::default()
    };
    let records = records_of(&text, &options);
    assert_eq!(records.len(), 1);
    assert_eq!(
        Puzzle::parse(&records[0].text, &options).unwrap(),
        parse(line)
    );
}

#[test]
fn bad_shapes_and_region_maps_are_errors() {
    assert_eq!(Shape::from_size(7), Err(Error::BadSize { size: 7 }));
    assert!(matches!(
        parse_err(&format!("{} {}", ".".repeat(81), "a".repeat(81))),
        Error::RegionCount {
            found: 1,
            expected: 9
        }
    ));
    assert!(matches!(
        parse_err(&".".repeat(49)),
        Error::WrongLength { found: 49, .. }
    ));
}

fn parse_err(text: &str) -> Error {
    text.parse::<Puzzle>().unwrap_err()
}

/// `FromStr` reads with the default options: puzzles (jigsaw included),
/// grids (which have no place for a region map), and shapes.
#[test]
fn from_str_reads_puzzles_grids_and_shapes() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle: Puzzle = line.parse().unwrap();
    assert_eq!(
        puzzle,
        Puzzle::parse(line, &ParseOptions::default()).unwrap()
    );
    let grid: Grid = line.parse().unwrap();
    assert_eq!(&grid, puzzle.givens());
    let boxes = Regions::boxes(Shape::CLASSIC).to_string();
    let jigsaw = format!("{line} {boxes}");
    assert!(
        jigsaw
            .parse::<Puzzle>()
            .unwrap()
            .rules()
            .regions()
            .is_some()
    );
    assert_eq!(jigsaw.parse::<Grid>(), Err(Error::RegionMapInGrid));
    assert_eq!(
        "12".parse::<Grid>().unwrap_err(),
        "12".parse::<Puzzle>().unwrap_err()
    );
    assert_eq!("6x6 (3x2 boxes)".parse(), Shape::with_boxes(3, 2));
}
