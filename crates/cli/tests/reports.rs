//! What the commands tell a user about a puzzle: statuses that say what
//! was found (`2+` is `multiple`), hints that never blame the player for a
//! broken puzzle, digits written in the puzzle's own alphabet, cells named
//! `r1c1` in every JSON record, and explanations a person can follow.

use serde_json::Value;

use crate::common::run_with_stdin;

/// A classic puzzle with one solution.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Its solution.
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// [`PUZZLE`] with a 5 in r1c1: no given clashes, but it has no solution.
fn unsolvable() -> String {
    format!("5{}", &PUZZLE[1..])
}

/// The empty 9x9 grid: billions of solutions.
fn empty() -> String {
    ".".repeat(81)
}

/// The JSON records of a run's stdout.
fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn two_or_more_solutions_are_multiple_in_every_count() {
    let input = format!("{}\n{PUZZLE}\n", empty()).into_bytes();
    let run = run_with_stdin(
        &["count", "--limit", "2", "--format", "json", "--stats"],
        input.clone(),
    );
    let counted = records(&run.stdout);
    assert_eq!(counted[0]["status"], "multiple", "{}", run.stdout);
    assert_eq!(counted[0]["count"], 2);
    assert_eq!(counted[0]["complete"], false);
    assert_eq!(counted[1]["status"], "solved", "{}", run.stdout);
    assert!(
        run.stderr.contains(": 1 solved, 0 unsolvable, 1 multiple,"),
        "{}",
        run.stderr
    );
    // Without --unique, several solutions are an answer, not a failure.
    assert_eq!(run.code, 0, "{}", run.stderr);
    // With it, they are.
    let unique = run_with_stdin(&["count", "--limit", "2", "--unique"], input.clone());
    assert_eq!(unique.stdout, "2+\n1\n");
    assert_eq!(unique.code, 1);
    // `solve --limit 2` found two: multiple, both listed.
    let solve = run_with_stdin(&["solve", "--limit", "2", "--format", "json"], input);
    let solved = records(&solve.stdout);
    assert_eq!(solved[0]["status"], "multiple", "{}", solve.stdout);
    assert_eq!(solved[0]["solutions"].as_array().map(Vec::len), Some(2));
    assert_eq!(solved[1]["status"], "solved");
    assert_eq!(solve.code, 0);
}

#[test]
fn a_hint_on_a_broken_puzzle_blames_the_puzzle_not_the_player() {
    // The player has not written yet: the board is the puzzle.
    let broken = unsolvable();
    let run = run_with_stdin(&["hint"], format!("{broken} {broken}\n").into_bytes());
    assert_eq!(run.stdout, "!unsolvable\n");
    assert_eq!(run.code, 1);
    // A puzzle with several solutions, and a board with a digit on it.
    let mut board = empty();
    board.replace_range(0..1, "1");
    let run = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{} {board}\n", empty()).into_bytes(),
    );
    assert_eq!(
        records(&run.stdout)[0]["status"],
        "multiple",
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
    // A good puzzle and a wrong digit on the board is the player's.
    let mut board = PUZZLE.to_owned();
    board.replace_range(0..1, "5");
    let run = run_with_stdin(&["hint"], format!("{PUZZLE} {board}\n").into_bytes());
    assert_eq!(run.stdout, "!wrong: r1c1 holds 5, the solution has 4\n");
    assert_eq!(&SOLUTION[..1], "4");
}

/// A 16x16 puzzle (`generate --size 16 --seed 3`), in the standard
/// alphabet `1-9A-G`.
const PUZZLE_16: &str = ".B..95EA7..8...6.E......B19FG..3...6......452ECB...1C...D6....A...F8.G...E.9.632.....E1B.F....9G..A......D7.1C.5..6...8..A..D......D..5..B...9..F.72.4C......1..5G....9.142.....CAE.1.F...D.3G...1....25...4E...9725FC......8...G..E68A9......B.3...E..7596B..D.";

/// Its solution.
const SOLUTION_16: &str = "2B3495EA7CG8FD16AE5C264DB19FG7838D96GF71A3452ECB7FG1CB38D6E295A415F87GDC4EB9A632D3C7AE1B2F56489GB2A9436F8D7G1CE5E46G59823AC1DB7F461D8A53GBFE792CF972D4CG683AB15E5G83B79E142C6AFDCAEB12F695D73G4861BA3D25C784EFG99725FCB4EGAD8361GCDE68A9F21354B7384FE1G7596BC2DA";

/// A standard-alphabet grid line in the hex alphabet: digit d (1-16) is
/// written `0`-`F`.
fn hex(line: &str) -> String {
    line.chars()
        .map(|c| match c.to_digit(36) {
            Some(d) if d > 0 => char::from_digit(d - 1, 16).unwrap().to_ascii_uppercase(),
            _ => c,
        })
        .collect()
}

/// The cell `r1c1` (1-based row and column) of a grid of side 16 as an
/// index.
fn index_16(cell: &str) -> usize {
    let (row, col) = cell[1..].split_once('c').expect("rNcN");
    (row.parse::<usize>().unwrap() - 1) * 16 + col.parse::<usize>().unwrap() - 1
}

#[test]
fn hints_and_explanations_name_the_puzzles_own_symbols() {
    // A hint on a hex puzzle names the hex symbol of the solution.
    let run = run_with_stdin(
        &["hint", "--alphabet", "hex"],
        format!("{}\n", hex(PUZZLE_16)).into_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (cell, rest) = run
        .stdout
        .split_once(": ")
        .unwrap()
        .1
        .split_once(" = ")
        .unwrap();
    let symbol = rest.chars().next().unwrap();
    assert_eq!(
        hex(SOLUTION_16).chars().nth(index_16(cell)),
        Some(symbol),
        "{}",
        run.stdout
    );
    // In JSON, `digit` is the symbol and `value` the number behind it.
    let run = run_with_stdin(
        &[
            "explain",
            "--guess",
            "--alphabet",
            "hex",
            "--format",
            "json",
        ],
        format!("{}\n", hex(PUZZLE_16)).into_bytes(),
    );
    let record = &records(&run.stdout)[0];
    let solution: Vec<char> = hex(SOLUTION_16).chars().collect();
    let mut placed = 0;
    for step in record["steps"].as_array().unwrap() {
        for p in step["placements"].as_array().unwrap() {
            let cell = index_16(p["cell"].as_str().unwrap());
            assert_eq!(p["digit"], solution[cell].to_string(), "{step}");
            let value = solution[cell].to_digit(16).unwrap() + 1;
            assert_eq!(p["value"], u64::from(value), "{step}");
            placed += 1;
        }
    }
    assert_eq!(placed, PUZZLE_16.matches('.').count());
    // A wrong digit on a 16x16 board: the player wrote F where the answer
    // is G, and is told so in letters.
    let mut board = PUZZLE_16.to_owned();
    assert_eq!(&SOLUTION_16[10..11], "G");
    board.replace_range(10..11, "F");
    let run = run_with_stdin(&["hint"], format!("{PUZZLE_16} {board}\n").into_bytes());
    assert_eq!(run.stdout, "!wrong: r1c11 holds F, the solution has G\n");
    let run = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{PUZZLE_16} {board}\n").into_bytes(),
    );
    let record = &records(&run.stdout)[0];
    assert_eq!(record["found"], "F");
    assert_eq!(record["solution"], "G");
    // `check` names the symbols too: a given B changed to C.
    let mut grid = SOLUTION_16.to_owned();
    assert_eq!(&PUZZLE_16[1..2], "B");
    grid.replace_range(1..2, "C");
    let run = run_with_stdin(&["check"], format!("{PUZZLE_16} {grid}\n").into_bytes());
    assert_eq!(run.stdout, "!broken: r1c2 holds C but the puzzle gives B\n");
    let run = run_with_stdin(
        &["check", "--alphabet", "hex"],
        format!("{} {}\n", hex(PUZZLE_16), hex(&grid)).into_bytes(),
    );
    assert_eq!(run.stdout, "!broken: r1c2 holds B but the puzzle gives A\n");
    // Two givens that clash, in every command that searches.
    let mut clash = ".".repeat(256);
    clash.replace_range(0..2, "FF");
    for command in ["solve", "count", "rate", "explain"] {
        let run = run_with_stdin(
            &[command, "--alphabet", "hex"],
            format!("{clash}\n").into_bytes(),
        );
        assert!(
            run.stdout
                .contains("givens at r1c1 and r1c2 both hold F in the same row"),
            "{command}: {}",
            run.stdout
        );
    }
}

#[test]
fn every_json_record_names_its_cells_r1c1() {
    let is_cell = |v: &Value| {
        let text = v.as_str().unwrap_or_else(|| panic!("{v} is not a string"));
        let (row, col) = text[1..].split_once('c').unwrap();
        assert!(text.starts_with('r') && row.parse::<u8>().is_ok() && col.parse::<u8>().is_ok());
    };
    // explain: placements, eliminations, pattern cells, candidates.
    let hard = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let run = run_with_stdin(
        &["explain", "--format", "json"],
        format!("{PUZZLE}\n{hard}\n").into_bytes(),
    );
    let mut cells = 0;
    for record in records(&run.stdout) {
        for step in record["steps"].as_array().unwrap() {
            for key in ["placements", "eliminations"] {
                for entry in step[key].as_array().unwrap() {
                    is_cell(&entry["cell"]);
                    cells += 1;
                }
            }
            for cell in step["cells"].as_array().into_iter().flatten() {
                is_cell(cell);
            }
        }
        for entry in record["candidates"].as_array().into_iter().flatten() {
            is_cell(&entry["cell"]);
            cells += 1;
        }
    }
    assert!(cells > 60, "{}", run.stdout);
    // hint: the wrong cell, and the suspects of a board alone.
    let mut board = PUZZLE.to_owned();
    board.replace_range(0..1, "5");
    let run = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{PUZZLE} {board}\n{board}\n").into_bytes(),
    );
    let hints = records(&run.stdout);
    assert_eq!(hints[0]["cell"], "r1c1", "{}", run.stdout);
    assert_eq!(hints[1]["cell"], "r1c1", "{}", run.stdout);
    assert_eq!(hints[1]["suspects"][1], "r3c4", "{}", run.stdout);
    // check: the first cell of the broken rule.
    let mut grid = SOLUTION.to_owned();
    grid.replace_range(80..81, ".");
    let run = run_with_stdin(
        &["check", "--format", "json"],
        format!("{grid}\n").into_bytes(),
    );
    assert_eq!(
        serde_json::from_str::<Value>(run.stdout.trim()).unwrap()["cell"],
        "r9c9"
    );
}

/// `explain` and `hint` refuse each killer puzzle where it stands (the
/// techniques know no cages), never with "0 steps" or a stall at the
/// first step; every record gets its line.
#[test]
fn killer_puzzles_are_refused_plainly_by_explain_and_hint() {
    let killer = "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5
                  ................ aabbaabbccddccdd a=10,b=10,c=10,d=10
";
    for command in ["explain", "hint"] {
        let run = run_with_stdin(&[command, "--killer"], killer.as_bytes().to_vec());
        assert_eq!(run.code, 1, "{command}: {}", run.stderr);
        let records: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(records.len(), 2, "{command}: {}", run.stdout);
        for (k, record) in records.iter().enumerate() {
            assert!(
                record.starts_with("!invalid: killer puzzles cannot be explained yet"),
                "{command}: {record}"
            );
            assert!(
                run.stderr.contains(&format!(
                    "<stdin>:{}: killer puzzles cannot be explained yet",
                    k + 1
                )),
                "{command}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn jigsaw_regions_are_named_by_the_maps_letters() {
    let line = "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9. iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";
    let run = run_with_stdin(&["explain", "--jigsaw"], format!("{line}\n").into_bytes());
    let mut regions = 0;
    for (k, _) in run.stdout.match_indices("(region ") {
        let letter = run.stdout[k + 8..].chars().next().unwrap();
        assert!(letter.is_ascii_lowercase(), "{}", run.stdout);
        regions += 1;
    }
    assert!(regions > 0, "{}", run.stdout);
    // The hidden single in the region the map calls `b`: r7c2 is in it.
    assert!(run.stdout.contains("r7c2 = 2 (region b)"), "{}", run.stdout);
    let run = run_with_stdin(
        &["explain", "--jigsaw", "--format", "json"],
        format!("{line}\n").into_bytes(),
    );
    assert!(!run.stdout.contains("\"region 1\""), "{}", run.stdout);
}

/// A puzzle of the Sudoku Exchange diabolical set (line 10) whose path
/// takes X-chain steps of two digits at once, which were labelled with the
/// first chain's digit and cell alone (`x-chain: 6 at r7c5; removes 6 from
/// r7c5; 8 from r7c6 r9c4`).
const X_CHAINS: &str =
    "400200013107050400080004020001000002030010080500000700090300050006040209250001004";

#[test]
fn chain_steps_show_every_link_and_an_x_chain_keeps_to_its_digit() {
    let run = run_with_stdin(
        &["explain", "--format", "json"],
        format!("{X_CHAINS}\n").into_bytes(),
    );
    let record = &records(&run.stdout)[0];
    let mut chains = 0;
    for step in record["steps"].as_array().unwrap() {
        let Some(list) = step["chains"].as_array() else {
            assert!(
                !step["technique"].as_str().unwrap().contains("chain"),
                "{step}"
            );
            continue;
        };
        let x_chain = step["technique"] == "x-chain";
        let mut concluded = Vec::new();
        for chain in list {
            let conclusion = chain["conclusion"].as_str().unwrap();
            let paths = chain["paths"].as_array().unwrap();
            assert!(!paths.is_empty(), "{step}");
            for path in paths {
                let links: Vec<&str> = path
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_str().unwrap())
                    .collect();
                assert!(links.len() >= 2, "{step}");
                if x_chain {
                    // One digit throughout: the conclusion's.
                    let digit = conclusion.chars().last().unwrap();
                    assert!(links.iter().all(|l| l.ends_with(digit)), "{step}");
                }
            }
            concluded.push(conclusion.to_owned());
            chains += 1;
        }
        // Each elimination is what one of the chains concludes (a placement
        // by a chain removes the cell's other digits).
        for e in step["eliminations"].as_array().unwrap() {
            let (cell, digit) = (e["cell"].as_str().unwrap(), e["digit"].as_str().unwrap());
            assert!(
                concluded.contains(&format!("{cell}<>{digit}"))
                    || concluded.iter().any(|c| c.starts_with(&format!("{cell}="))),
                "{step}"
            );
        }
    }
    assert!(chains > 0, "{}", run.stdout);
    let text = run_with_stdin(&["explain"], format!("{X_CHAINS}\n").into_bytes());
    let x_chain = text
        .stdout
        .lines()
        .find(|l| l.contains("x-chain:"))
        .expect("an x-chain step");
    assert!(
        x_chain.contains(" -> ") && x_chain.contains(", so "),
        "{x_chain}"
    );
}
