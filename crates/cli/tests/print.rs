//! `sudoku-dlx print`: the pages are rasterised (the command's own PNG,
//! from resvg) and probed where lines, dashes and sums must be; the PDF's
//! text is read back with `pdftotext` (Debian's poppler-utils); one golden
//! PNG per shape and variant; page counts; broken puzzles refused.
//!
//! The golden images are `tests/data/print/NAME.png`; after a deliberate
//! change to the drawing, write them anew with
//! `SUDOKU_DLX_BLESS=1 cargo test -p sudoku-dlx-cli --test tests print::golden`
//! and look at them before committing.

// Probes turn points into pixels of images a few thousand pixels wide.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

use std::path::Path;
use std::process::Command;

use resvg::tiny_skia::Pixmap;

use crate::common::{Run, arg, data, run, run_with_stdin};

/// A single puzzle drawn alone: cells of 28 points, one cell of margin.
const CELL: f64 = 28.0;
/// The probes' resolution: 288 dpi is 4 pixels a point.
const SCALE: f64 = 4.0;

/// The input file of case `name` under `tests/data/print/`.
fn input(name: &str) -> String {
    arg(&data(&format!("print/{name}.txt"))).to_owned()
}

/// The PNG that `print ARGS --type png --output -` writes, decoded.
fn png(args: &[&str]) -> Pixmap {
    let output = crate::common::sudoku_dlx()
        .arg("print")
        .args(args)
        .args(["--type", "png", "--output", "-"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Pixmap::decode_png(&output.stdout).expect("a PNG")
}

/// Whether the pixel at `(x, y)` points is dark (a line or a glyph).
fn dark(image: &Pixmap, x: f64, y: f64) -> bool {
    let pixel = image
        .pixel((x * SCALE) as u32, (y * SCALE) as u32)
        .expect("inside the image");
    u16::from(pixel.red()) + u16::from(pixel.green()) + u16::from(pixel.blue()) < 3 * 128
}

/// The dark pixels on the horizontal run `x - 5..x + 5` points at height
/// `y`: the width of a vertical line at `x`, in pixels.
fn width_across_vertical(image: &Pixmap, x: f64, y: f64) -> usize {
    let from = ((x - 5.0) * SCALE) as u32;
    (0..(10.0 * SCALE) as u32)
        .filter(|k| dark(image, f64::from(from + k) / SCALE, y))
        .count()
}

/// The same for a horizontal line at `y`, along a vertical run at `x`.
fn width_across_horizontal(image: &Pixmap, x: f64, y: f64) -> usize {
    let from = ((y - 5.0) * SCALE) as u32;
    (0..(10.0 * SCALE) as u32)
        .filter(|k| dark(image, x, f64::from(from + k) / SCALE))
        .count()
}

/// The thickness class of a probed line: 0 none, 1 thin, 2 thick.
fn class(pixels: usize) -> u8 {
    match pixels {
        0 => 0,
        1..=5 => 1,
        _ => 2,
    }
}

/// `(x, y)` of the left, top corner of cell `(row, col)`, in points.
fn corner(row: usize, col: usize) -> (f64, f64) {
    (CELL + col as f64 * CELL, CELL + row as f64 * CELL)
}

#[test]
fn box_borders_are_thick_and_cell_lines_thin() {
    let image = png(&[&input("classic"), "--dpi", "288"]);
    for row in 0..9 {
        for k in 0..=9 {
            let (x, y) = corner(row, k);
            let expected = if k % 3 == 0 { 2 } else { 1 };
            let vertical = width_across_vertical(&image, x, y + CELL / 2.0);
            assert_eq!(
                class(vertical),
                expected,
                "vertical line {k}, row {row}: {vertical} px"
            );
            let (x, y) = corner(k, row);
            let horizontal = width_across_horizontal(&image, x + CELL / 2.0, y);
            assert_eq!(
                class(horizontal),
                expected,
                "horizontal line {k}, column {row}: {horizontal} px"
            );
        }
    }
}

#[test]
fn jigsaw_regions_are_framed_by_thick_borders_and_boxes_are_not() {
    let text = std::fs::read_to_string(input("jigsaw")).unwrap();
    let map: Vec<char> = text.split_whitespace().nth(1).unwrap().chars().collect();
    let image = png(&["--jigsaw", &input("jigsaw"), "--dpi", "288"]);
    for row in 0..9 {
        for col in 0..8 {
            let differ = map[row * 9 + col] != map[row * 9 + col + 1];
            let (x, y) = corner(row, col + 1);
            let width = width_across_vertical(&image, x, y + CELL / 2.0);
            assert_eq!(
                class(width),
                1 + u8::from(differ),
                "right of r{}c{}: {width} px",
                row + 1,
                col + 1
            );
            let differ = map[col * 9 + row] != map[(col + 1) * 9 + row];
            let (x, y) = corner(col + 1, row);
            let width = width_across_horizontal(&image, x + CELL / 2.0, y);
            assert_eq!(
                class(width),
                1 + u8::from(differ),
                "below r{}c{}: {width} px",
                col + 1,
                row + 1
            );
        }
    }
}

/// How often the pixels along the horizontal run from `x1` to `x2` points
/// at `y` change between dark and light: a dashed line changes often.
fn changes_along(image: &Pixmap, x1: f64, x2: f64, y: f64) -> usize {
    let steps = ((x2 - x1) * SCALE) as usize;
    let probes: Vec<bool> = (0..steps)
        .map(|k| dark(image, x1 + k as f64 / SCALE, y))
        .collect();
    probes.windows(2).filter(|w| w[0] != w[1]).count()
}

/// The same along a vertical run.
fn changes_down(image: &Pixmap, x: f64, y1: f64, y2: f64) -> usize {
    let steps = ((y2 - y1) * SCALE) as usize;
    let probes: Vec<bool> = (0..steps)
        .map(|k| dark(image, x, y1 + k as f64 / SCALE))
        .collect();
    probes.windows(2).filter(|w| w[0] != w[1]).count()
}

#[test]
fn killer_cages_are_dashed_inside_their_cells_with_the_sum_in_the_first() {
    // Cage 0 is r1c1-r1c2 (sum 3), cage 1 is r1c3-r1c5 and r2c4 (15).
    let image = png(&["--killer", &input("killer"), "--dpi", "288"]);
    let inset = CELL * 0.12;
    // The top of cage 0, along r1c2: dashes just inside the cell's top.
    let (x, y) = corner(0, 1);
    assert!(changes_along(&image, x + 2.0, x + CELL - 6.0, y + inset) >= 6);
    // Between r1c1 and r1c2, both in cage 0, no line inside the cells.
    let (x, y) = corner(0, 1);
    assert_eq!(changes_down(&image, x - inset, y + 8.0, y + CELL - 8.0), 0);
    assert_eq!(changes_down(&image, x + inset, y + 8.0, y + CELL - 8.0), 0);
    // Between r1c2 (cage 0) and r1c3 (cage 1): a dashed line on each side.
    let (x, y) = corner(0, 2);
    assert!(changes_down(&image, x - inset, y + 8.0, y + CELL - 4.0) >= 4);
    assert!(changes_down(&image, x + inset, y + 8.0, y + CELL - 4.0) >= 4);
    // The sums: ink in the top-left corner of each cage's first cell (right
    // of and below where the cage's lines run), none in the same corner of
    // a cell that starts no cage (r1c2).
    let ink = |row: usize, col: usize| {
        let (x, y) = corner(row, col);
        (0..24)
            .flat_map(|i| (0..24).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                dark(
                    &image,
                    x + 4.0 + f64::from(i) * 0.1,
                    y + 4.2 + f64::from(j) * 0.11,
                )
            })
            .count()
    };
    assert!(ink(0, 0) > 20, "the sum 3 in r1c1: {}", ink(0, 0));
    assert!(ink(0, 2) > 20, "the sum 15 in r1c3: {}", ink(0, 2));
    assert_eq!(ink(0, 1), 0, "no sum in r1c2");
    let svg = run(&[
        "print",
        "--killer",
        &input("killer"),
        "--type",
        "svg",
        "--output",
        "-",
    ]);
    assert!(svg.stdout.contains(">3</text>") && svg.stdout.contains(">15</text>"));
}

/// The words `pdftotext -layout` reads from `pdf`.
fn pdf_words(pdf: &Path) -> Vec<String> {
    let output = Command::new("pdftotext")
        .args(["-layout", arg(pdf), "-"])
        .output()
        .expect("pdftotext runs (Debian's poppler-utils; .ci/run installs it)");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_pdf_holds_the_givens_as_text_in_an_embedded_font() {
    let dir = tempfile::tempdir().unwrap();
    for (name, size) in [("classic", 9), ("16x16", 16)] {
        let pdf = dir.path().join(format!("{name}.pdf"));
        let made = run(&[
            "print",
            &input(name),
            "--no-page-numbers",
            "--output",
            arg(&pdf),
        ]);
        assert_eq!(made.code, 0, "{}", made.stderr);
        let text = std::fs::read_to_string(input(name)).unwrap();
        let mut expected: Vec<String> = text
            .trim()
            .chars()
            .filter(|&c| c != '.')
            .map(String::from)
            .collect();
        // The caption: the puzzle's number.
        expected.push("1".to_owned());
        assert_eq!(
            pdf_words(&pdf).concat(),
            expected.concat(),
            "{name} ({size}x{size})"
        );
        let fonts = Command::new("pdffonts").arg(arg(&pdf)).output().unwrap();
        let fonts = String::from_utf8(fonts.stdout).unwrap();
        let font = fonts
            .lines()
            .find(|l| l.contains("DejaVuSans"))
            .expect(&fonts);
        // name, type, encoding, then emb sub uni: embedded, subset, mapped
        // to Unicode.
        let words: Vec<&str> = font.split_whitespace().collect();
        assert!(
            words.windows(3).any(|w| w == ["yes", "yes", "yes"]),
            "{fonts}"
        );
    }
}

/// Every shape and variant, with its flags and the PNG's resolution.
const GOLDEN: [(&str, &[&str], &str); 12] = [
    ("4x4", &[], "72"),
    ("6x6", &[], "72"),
    ("classic", &[], "72"),
    ("x", &["--x"], "72"),
    ("windoku", &["--windoku"], "72"),
    ("anti-king", &["--anti-king", "--rating"], "72"),
    ("anti-knight", &["--anti-knight"], "72"),
    ("jigsaw", &["--jigsaw"], "72"),
    ("killer", &["--killer"], "72"),
    ("16x16", &["--candidates"], "48"),
    ("25x25", &[], "36"),
    ("64x64", &[], "14"),
];

#[test]
fn golden_pngs_of_every_shape_and_variant() {
    let bless = std::env::var_os("SUDOKU_DLX_BLESS").is_some();
    let mut failed = Vec::new();
    for (name, flags, dpi) in GOLDEN {
        let mut args = flags.to_vec();
        let path = input(name);
        args.extend([path.as_str(), "--dpi", dpi]);
        let image = png(&args);
        let golden = data(&format!("print/{name}.png"));
        if bless {
            image.save_png(&golden).unwrap();
            continue;
        }
        let expected = Pixmap::load_png(&golden).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; write it with SUDOKU_DLX_BLESS=1",
                golden.display()
            )
        });
        assert_eq!(
            (image.width(), image.height()),
            (expected.width(), expected.height()),
            "{name}: size"
        );
        // A pixel differs when a channel moves by more than a quarter;
        // anti-aliasing may move a few between builds, a line never.
        let differing = image
            .pixels()
            .iter()
            .zip(expected.pixels())
            .filter(|(a, b)| {
                let d = |x: u8, y: u8| x.abs_diff(y) > 64;
                d(a.red(), b.red()) || d(a.green(), b.green()) || d(a.blue(), b.blue())
            })
            .count();
        let allowed = image.pixels().len() / 500;
        if differing > allowed {
            failed.push(format!(
                "{name}: {differing} pixels differ (at most {allowed})"
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// `print ARGS --type svg --output -` reading `stdin`: one page as SVG
/// on stdout.
fn svg(args: &[&str], stdin: &str) -> Run {
    let mut all = vec!["print"];
    all.extend(args);
    all.extend(["--type", "svg", "--output", "-"]);
    run_with_stdin(&all, stdin.as_bytes().to_vec())
}

/// The page count a sheet reports (`--page` past the end says it).
fn page_count(args: &[&str], stdin: &str) -> usize {
    let mut all = vec!["--page", "100000"];
    all.extend(args);
    let refused = svg(&all, stdin);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    let words: Vec<&str> = refused.stderr.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&w| w == "has")
        .expect(&refused.stderr);
    words[at + 1].parse().unwrap()
}

/// The first `count` puzzle lines of `data/sudoku/NAME` in the repository.
fn puzzle_lines(name: &str, count: usize) -> Vec<String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/sudoku")
        .join(name);
    let lines: Vec<String> = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(count)
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), count, "{name}");
    lines
}

/// The pages `pdfinfo` counts in `pdf`.
fn pdf_pages(pdf: &Path) -> usize {
    let info = Command::new("pdfinfo").arg(arg(pdf)).output().unwrap();
    let info = String::from_utf8(info.stdout).unwrap();
    let pages = info.lines().find_map(|l| l.strip_prefix("Pages:"));
    pages.expect(&info).trim().parse().unwrap()
}

#[test]
fn pages_hold_per_page_puzzles_then_the_solutions() {
    // 100 puzzles with one solution each, their rating after them.
    let lines = puzzle_lines("sudoku_exchange_diabolical_1000.txt", 100);
    for count in [1, 2, 3, 4, 5, 7, 12, 99, 100] {
        let input = lines[..count].join("\n");
        for per_page in [1, 2, 4, 6, 9] {
            let p = per_page.to_string();
            let pages = page_count(&["--per-page", &p], &input);
            assert_eq!(
                pages,
                count.div_ceil(per_page),
                "{count} puzzles, {per_page} a page"
            );
        }
        let pages = page_count(&["--per-page", "4", "--solutions"], &input);
        assert_eq!(
            pages,
            count.div_ceil(4) + count.div_ceil(16),
            "{count} with solutions"
        );
    }
    // The PDF has them all.
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf");
    let input = lines.join("\n");
    let made = run_with_stdin(
        &[
            "print",
            "--per-page",
            "4",
            "--solutions",
            "--output",
            arg(&pdf),
        ],
        input.into_bytes(),
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(pdf_pages(&pdf), 32);
}

#[test]
fn a_puzzle_without_exactly_one_solution_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let good = std::fs::read_to_string(input("classic")).unwrap();
    // Line 2 has many solutions, line 3 none (two 1s in a row), line 4 is
    // not a puzzle.
    let input = format!(
        "{}\n{}\n11{}\n12345\n",
        good.trim(),
        ".".repeat(81),
        ".".repeat(79)
    );
    let refused = run_with_stdin(
        &["print", "--output", arg(&out)],
        input.clone().into_bytes(),
    );
    assert_eq!(refused.code, 2);
    assert!(
        refused.stderr.contains("<stdin>:2: more than one solution"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("<stdin>:3:"), "{}", refused.stderr);
    assert!(refused.stderr.contains("<stdin>:4:"), "{}", refused.stderr);
    assert!(!out.exists(), "nothing is written");
    // --allow-multiple prints the puzzle with several solutions, never the
    // one with none.
    let input = format!("{}\n{}\n", good.trim(), ".".repeat(81));
    let allowed = run_with_stdin(
        &["print", "--allow-multiple", "--output", arg(&out)],
        input.into_bytes(),
    );
    assert_eq!(allowed.code, 0, "{}", allowed.stderr);
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF"));
}

#[test]
fn a_wrong_solution_on_the_line_is_refused() {
    let text = std::fs::read_to_string(input("4x4")).unwrap();
    let solved = run(&["solve", &input("4x4")]).stdout;
    let mut wrong: Vec<char> = solved.trim().chars().collect();
    wrong.swap(0, 1);
    let wrong: String = wrong.into_iter().collect();
    let solutions_page = |line: String| svg(&["--solutions", "--page", "2"], &line);
    let right = solutions_page(format!("{} {}\n", text.trim(), solved.trim()));
    assert_eq!(right.code, 0, "{}", right.stderr);
    // The solutions page writes the line's solution, its digits that are
    // not givens grey.
    assert!(
        right.stdout.contains("fill=\"#555555\""),
        "{}",
        right.stdout
    );
    let refused = solutions_page(format!("{} {wrong}\n", text.trim()));
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("<stdin>:1: the solution on the line"),
        "{}",
        refused.stderr
    );
}

#[test]
fn a_failed_write_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing").join("sheet.pdf");
    let failed = run(&["print", &input("4x4"), "--output", arg(&out)]);
    assert_eq!(failed.code, 2);
    assert!(failed.stderr.contains("cannot write"), "{}", failed.stderr);
    // An SVG of a sheet of several pages needs --page; a type needs an extension.
    let several = run(&[
        "print",
        &input("classic"),
        &input("classic"),
        "--output",
        "sheet.svg",
    ]);
    assert_eq!(several.code, 2);
    assert!(several.stderr.contains("--page"), "{}", several.stderr);
    let unknown = run(&["print", &input("classic"), "--output", "sheet.txt"]);
    assert_eq!(unknown.code, 2);
}

/// An empty 9x9 grid under anti-king, anti-knight and X: its search runs
/// for minutes without a solution.
fn hostile_grid() -> String {
    ".".repeat(81)
}

const HOSTILE_RULES: [&str; 3] = ["--anti-king", "--anti-knight", "--x"];

#[test]
fn a_check_that_max_nodes_stops_is_refused_with_what_it_found() {
    // A hard puzzle with one solution: the search finds it after n1 nodes
    // and proves it the only one after n2.
    let hard = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let nodes = |flags: &[&str]| {
        let mut args = vec!["solve", "--format", "json"];
        args.extend(flags);
        let solved = run_with_stdin(&args, hard.as_bytes().to_vec());
        let record: serde_json::Value = serde_json::from_str(solved.stdout.trim()).unwrap();
        record["nodes"].as_u64().unwrap()
    };
    let (first, proof) = (nodes(&[]), nodes(&["--unique"]));
    assert!(first + 10 < proof, "{first} {proof}");
    let budget = ((first + proof) / 2).to_string();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let good = std::fs::read_to_string(input("classic")).unwrap();
    let stdin = format!("{}\n{hard}\n", good.trim());
    let print = |flags: &[&str]| {
        let mut args = vec!["print", "--output", arg(&out)];
        args.extend(flags);
        run_with_stdin(&args, stdin.clone().into_bytes())
    };
    let refused = print(&["--max-nodes", &budget]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains(&format!(
            "<stdin>:2: stopped after {budget} nodes, 1 solution so far: uniqueness unknown"
        )),
        "{}",
        refused.stderr
    );
    assert!(!out.exists(), "nothing is written");
    // --allow-multiple prints it with the solution found; so does a budget
    // that lets the check end.
    for flags in [&["--max-nodes", &budget, "--allow-multiple"][..], &[]] {
        let printed = print(flags);
        assert_eq!(printed.code, 0, "{flags:?}: {}", printed.stderr);
        assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF"));
        std::fs::remove_file(&out).unwrap();
    }
    // A search that finds nothing within the budget is refused even with
    // --allow-multiple.
    for flags in [&[][..], &["--allow-multiple"]] {
        let mut args = vec!["print", "--max-nodes", "10000", "--output", arg(&out)];
        args.extend(HOSTILE_RULES);
        args.extend(flags);
        let refused = run_with_stdin(
            &args,
            format!("# hostile\n{}\n", hostile_grid()).into_bytes(),
        );
        assert_eq!(refused.code, 2, "{}", refused.stderr);
        assert!(
            refused
                .stderr
                .contains("<stdin>:2: stopped after 10000 nodes"),
            "{flags:?}: {}",
            refused.stderr
        );
        assert!(!out.exists(), "nothing is written");
    }
}

#[test]
fn page_n_writes_that_page_alone_in_a_pdf_too() {
    let lines = puzzle_lines("plb_hard20.txt", 5);
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("page.pdf");
    let made = run_with_stdin(
        &["print", "--page", "3", "--output", arg(&pdf)],
        lines.join("\n").into_bytes(),
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(pdf_pages(&pdf), 1);
    // The third puzzle, its caption 3 and its page number, 3 of 5.
    let mut expected: String = lines[2]
        .chars()
        .take(81)
        .filter(|&c| c != '.' && c != '0')
        .collect();
    expected.push_str("33/5");
    assert_eq!(pdf_words(&pdf).concat(), expected);
    let past = run_with_stdin(
        &["print", "--page", "6", "--output", arg(&pdf)],
        lines.join("\n").into_bytes(),
    );
    assert_eq!(past.code, 2);
    assert!(
        past.stderr.contains("--page 6: the sheet has 5 page(s)"),
        "{}",
        past.stderr
    );
}

#[test]
fn a_rating_on_the_line_is_captioned_without_rating_and_none_is_computed_unasked() {
    let puzzle = std::fs::read_to_string(input("classic")).unwrap();
    let puzzle = puzzle.trim();
    let caption = |flags: &[&str], line: String| {
        let page = svg(flags, &line);
        assert_eq!(page.code, 0, "{}", page.stderr);
        let end = page.stdout.rfind("</text>").unwrap();
        let start = page.stdout[..end].rfind('>').unwrap();
        page.stdout[start + 1..end].to_owned()
    };
    // As `rate` writes it, pasted after the puzzle; as a caption shows it.
    assert_eq!(
        caption(&[], format!("{puzzle} 6.30 hard x-wing")),
        "1 · hard 6.30"
    );
    assert_eq!(caption(&[], format!("{puzzle}\thard 6.3")), "1 · hard 6.30");
    // A bare number is another program's score; no rating is computed
    // without --rating.
    assert_eq!(caption(&[], format!("{puzzle} 7.2")), "1");
    assert_eq!(caption(&[], puzzle.to_owned()), "1");
    let rated = run_with_stdin(&["rate"], puzzle.as_bytes().to_vec()).stdout;
    let rated: Vec<&str> = rated.split_whitespace().collect();
    assert_eq!(
        caption(&["--rating"], puzzle.to_owned()),
        format!("1 · {} {}", rated[1], rated[0])
    );
    // With --rating, the line's rating stands.
    assert_eq!(
        caption(&["--rating"], format!("{puzzle} 9.99 extreme")),
        "1 · extreme 9.99"
    );
}
