//! `sudoku-dlx cover`: Knuth-format exact cover.

use std::collections::{BTreeSet, HashMap};
use std::fs;

use crate::common::{arg, data, run, run_with_stdin};

/// A Knuth-format problem read by the test itself, to check solutions
/// without the engine.
struct Problem {
    primary: Vec<String>,
    secondary: Vec<String>,
    options: BTreeSet<BTreeSet<String>>,
}

impl Problem {
    fn read(name: &str) -> Problem {
        let text = fs::read_to_string(data(name)).unwrap();
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('|'));
        let items: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let split = items.iter().position(|&i| i == "|").unwrap_or(items.len());
        Problem {
            primary: items[..split].iter().map(|s| s.to_string()).collect(),
            secondary: items[split..]
                .iter()
                .skip(1)
                .map(|s| s.to_string())
                .collect(),
            options: lines.map(option_set).collect(),
        }
    }

    /// Panics unless `solution` is an exact cover made of this problem's options.
    fn check(&self, solution: &[BTreeSet<String>]) {
        let mut covered: HashMap<&str, usize> = HashMap::new();
        for option in solution {
            assert!(self.options.contains(option), "{option:?} is not an option");
            for item in option {
                *covered.entry(item).or_default() += 1;
            }
        }
        for item in &self.primary {
            assert_eq!(covered.get(item.as_str()), Some(&1), "primary {item}");
        }
        for item in &self.secondary {
            assert!(
                covered.get(item.as_str()).copied().unwrap_or(0) <= 1,
                "secondary {item}"
            );
        }
    }
}

fn option_set(line: &str) -> BTreeSet<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

/// The solutions in `stdout`: groups of option lines, each group ended by a blank line.
fn solutions(stdout: &str) -> Vec<Vec<BTreeSet<String>>> {
    assert!(stdout.is_empty() || stdout.ends_with("\n\n"), "{stdout:?}");
    stdout
        .split_terminator("\n\n")
        .map(|block| block.lines().map(option_set).collect())
        .collect()
}

#[test]
fn knuths_example_has_its_one_solution() {
    let problem = Problem::read("knuth_example.dlx");
    let out = run(&["cover", arg(&data("knuth_example.dlx"))]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let found = solutions(&out.stdout);
    assert_eq!(found.len(), 1);
    problem.check(&found[0]);
    let expected: BTreeSet<_> = ["A D", "B G", "C E F"].map(option_set).into();
    assert_eq!(found[0].iter().cloned().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn every_solution_is_printed_and_is_an_exact_cover() {
    let problem = Problem::read("queens4.dlx");
    let out = run(&["cover", arg(&data("queens4.dlx"))]);
    assert_eq!(out.code, 0);
    let found = solutions(&out.stdout);
    assert_eq!(found.len(), 2);
    for solution in &found {
        problem.check(solution);
    }
    assert_ne!(found[0], found[1]);
}

#[test]
fn count_limit_and_stats() {
    let file = data("queens4.dlx");
    let out = run(&["cover", "--count", arg(&file)]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "2\n"));

    // Stopped by the limit: there may be more, as `count` writes it.
    let out = run(&["cover", "--count", "--limit", "1", arg(&file)]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "1+\n"));

    let out = run(&["cover", "--limit", "1", arg(&file)]);
    assert_eq!(out.code, 0);
    let found = solutions(&out.stdout);
    assert_eq!(found.len(), 1);
    Problem::read("queens4.dlx").check(&found[0]);

    let out = run(&[
        "cover",
        "--count",
        "--method",
        "search",
        "--stats",
        arg(&file),
    ]);
    assert_eq!(out.stdout, "2\n");
    let (stats, path) = out.stderr.trim_end().split_once('\n').unwrap();
    assert!(
        stats.starts_with("Altogether 2 solutions, ")
            && stats.contains(" nodes, ")
            && stats.contains(" updates, ")
            && stats.ends_with(" s."),
        "{stats}"
    );
    // queens4.dlx has secondary items (the diagonals): the count on one
    // thread runs on dancing cells.
    assert_eq!(
        path,
        "Search: Algorithm X, leftmost, on dancing links; counts on dancing cells (16-bit).",
    );
}

#[test]
fn pruning_drops_blocked_options_and_keeps_the_solutions() {
    // In Knuth's example, A D G, B C F and D E G each leave an item with no
    // option (pruning needs four passes to find all three).
    let file = data("knuth_example.dlx");
    let plain = run(&["cover", arg(&file)]);
    let out = run(&["cover", "--prune", "--stats", arg(&file)]);
    assert_eq!(out.code, 0);
    let found = solutions(&out.stdout);
    assert_eq!(found.len(), 1);
    let as_set = |s: &[BTreeSet<String>]| s.iter().cloned().collect::<BTreeSet<_>>();
    assert_eq!(as_set(&found[0]), as_set(&solutions(&plain.stdout)[0]));
    Problem::read("knuth_example.dlx").check(&found[0]);
    assert!(
        out.stderr
            .starts_with("Pruned 3 of 6 options in 4 passes.\nAltogether 1 solution, "),
        "{}",
        out.stderr
    );

    // Nothing to prune in 4-queens: the same two solutions, in the same
    // (search) order. Without --deterministic the threads of a many-core
    // machine may write them in either order.
    let file = data("queens4.dlx");
    let out = run(&["cover", "--prune", "--deterministic", arg(&file)]);
    assert_eq!(
        out.stdout,
        run(&["cover", "--deterministic", arg(&file)]).stdout
    );
    assert_eq!(solutions(&out.stdout).len(), 2);
}

#[test]
fn seeded_search_finds_the_same_solutions_reproducibly() {
    let problem = Problem::read("queens4.dlx");
    let file = data("queens4.dlx");
    let first = run(&["cover", "--seed", "12345", arg(&file)]);
    let again = run(&["cover", "--seed", "12345", arg(&file)]);
    assert_eq!(first.stdout, again.stdout);
    let found = solutions(&first.stdout);
    assert_eq!(found.len(), 2);
    for solution in &found {
        problem.check(solution);
    }
}

#[test]
fn no_solution_exits_1_with_no_output() {
    let out = run(&["cover", arg(&data("no_solution.dlx"))]);
    assert_eq!((out.code, out.stdout.as_str()), (1, ""));
    let out = run(&["cover", "--count", arg(&data("no_solution.dlx"))]);
    assert_eq!((out.code, out.stdout.as_str()), (1, "0\n"));
}

#[test]
fn node_budget_stops_the_search_and_says_so() {
    let out = run(&["cover", "--max-nodes", "2", arg(&data("queens4.dlx"))]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("--max-nodes"), "{}", out.stderr);
}

#[test]
fn parse_errors_give_file_line_column_and_exit_2() {
    let file = data("unknown_item.dlx");
    let out = run(&["cover", arg(&file)]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        format!(
            "{}:4:6: unknown item `Q`; declare it in the item line\n",
            arg(&file)
        )
    );
}

#[test]
fn stdin_crlf_binary_and_empty_input() {
    let crlf = fs::read(data("crlf.dlx")).unwrap();
    assert!(crlf.windows(2).any(|w| w == b"\r\n"));
    let out = run_with_stdin(&["cover", "-"], crlf);
    assert_eq!((out.code, out.stdout.as_str()), (0, "A C\nB\n\n"));

    let out = run_with_stdin(&["cover"], b"A B\nA\x00\xFF\xFE B\n".to_vec());
    assert_eq!(out.code, 2);
    assert_eq!(out.stderr, "<stdin>:2:3: byte 0xFF is not UTF-8 text\n");

    let out = run_with_stdin(&["cover"], Vec::new());
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("<stdin>:1:1: no item line"),
        "{}",
        out.stderr
    );

    let out = run(&["cover", "/nonexistent/problem.dlx"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("/nonexistent/problem.dlx"),
        "{}",
        out.stderr
    );
}

#[test]
fn help_shows_examples() {
    let out = run(&["cover", "--help"]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("Examples:"), "{}", out.stdout);
}

/// A number `cover --estimate` printed after `label` on its line
/// `label N (standard error E)`: N and E.
fn estimated(stdout: &str, label: &str) -> (f64, f64) {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no `{label}` in {stdout}"));
    let (value, error) = line.split_once(" (standard error ").unwrap();
    let error = error.strip_suffix(')').unwrap();
    (value.parse().unwrap(), error.parse().unwrap())
}

/// `cover --estimate`: Knuth's random paths estimate the tree `--stats`
/// reports (nodes and solutions within four standard errors), exactly
/// where every node of a level has as many children; the same seed gives
/// the same lines, another seed others; `--stats` adds the profile.
#[test]
fn estimate_is_knuths_and_reproducible() {
    let file = data("partridge_3.dlx");
    let out = run(&[
        "cover",
        "--count",
        "--method",
        "search",
        "--stats",
        "--jobs",
        "1",
        arg(&file),
    ]);
    let stats = out.stderr.lines().next().unwrap();
    let words: Vec<&str> = stats.split_whitespace().collect();
    let solutions: f64 = words[1].parse().unwrap();
    let nodes: f64 = words[3].parse().unwrap();

    let out = run(&["cover", "--estimate", "4000", "--seed", "3", arg(&file)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (n, n_error) = estimated(&out.stdout, "estimated nodes: ");
    let (s, s_error) = estimated(&out.stdout, "estimated solutions: ");
    let (u, u_error) = estimated(&out.stdout, "estimated updates: ");
    assert!(
        (n - nodes).abs() <= 4.0 * n_error + 0.1,
        "{n} +- {n_error} against {nodes}"
    );
    assert!(
        (s - solutions).abs() <= 4.0 * s_error + 0.1,
        "{s} +- {s_error} against {solutions}"
    );
    // The updates of a search that enters every node: the iterator's
    // (`--limit` past the count, so that no leaf is counted at once).
    let walk = run(&[
        "cover",
        "--stats",
        "--jobs",
        "1",
        "--limit",
        "1000000000",
        arg(&file),
    ]);
    let walked = walk.stderr.lines().next().unwrap();
    let words: Vec<&str> = walked.split_whitespace().collect();
    let updates: f64 = words[5].parse().unwrap();
    assert!(
        (u - updates).abs() <= 4.0 * u_error + 0.1,
        "{u} +- {u_error} against {updates}"
    );
    assert!(
        out.stdout.ends_with("samples: 4000 (seed 3)\n"),
        "{}",
        out.stdout
    );
    let again = run(&["cover", "--estimate", "4000", "--seed", "3", arg(&file)]);
    assert_eq!(again.stdout, out.stdout);
    let other = run(&["cover", "--estimate", "4000", "--seed", "4", arg(&file)]);
    assert_ne!(other.stdout, out.stdout);

    // Two items of two options each: 1 + 2 + 4 nodes on every path.
    let out = run_with_stdin(
        &["cover", "--estimate", "--stats"],
        b"a b\na\na\nb\nb\n".to_vec(),
    );
    assert_eq!(
        out.stdout,
        "estimated nodes: 7.0 (standard error 0.0)\n\
         estimated solutions: 4.0 (standard error 0.0)\n\
         estimated updates: 3.0 (standard error 0.0)\n\
         samples: 1000 (seed 0)\n"
    );
    assert!(
        out.stderr.starts_with(
            "Estimated nodes by level:\n   0 1.0\n   1 2.0\n   2 4.0\n1000 random paths in "
        ),
        "{}",
        out.stderr
    );
    // Not with a count, a budget or a flag answered through the ZDD.
    for other in [
        "--count",
        "--max-nodes=9",
        "--generating-function",
        "--min-weight",
    ] {
        let out = run(&["cover", "--estimate", other, arg(&file)]);
        assert_eq!(out.code, 2, "--estimate {other}: {}", out.stderr);
        assert!(out.stderr.contains("cannot be used with"), "{}", out.stderr);
    }
}

/// Langford pairs of 10 (no solution, 60,960 nodes) behind items `z` and
/// `t`, whose options are `z t` first and, last, one of every item: the
/// leftmost search meets that one solution after the whole Langford tree,
/// the search from the tree's right end at once.
fn far_left() -> String {
    let mut items: Vec<String> = vec!["z".into(), "t".into()];
    items.extend((1..=10).map(|k| k.to_string()));
    items.extend((0..20).map(|p| format!("s{p}")));
    let mut text = items.join(" ") + "\nz t\n";
    for k in 1..=10 {
        for p in 0..20 - k - 1 {
            text += &format!("{k} s{p} s{}\n", p + k + 1);
        }
    }
    text + &items.join(" ") + "\n"
}

#[test]
fn limit_one_on_threads_races_from_both_ends() {
    let text = far_left();
    // In search order, the leftmost search's first.
    let alone = run_with_stdin(
        &["cover", "--limit", "1", "--deterministic", "--stats"],
        text.clone().into_bytes(),
    );
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    assert!(
        alone.stderr.contains("1 solution, 60962 nodes"),
        "{}",
        alone.stderr
    );
    let everything: BTreeSet<String> = text
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(solutions(&alone.stdout), vec![vec![everything.clone()]]);
    for jobs in ["2", "3"] {
        let raced = run_with_stdin(
            &["cover", "--limit", "1", "--jobs", jobs, "--stats"],
            text.clone().into_bytes(),
        );
        assert_eq!(raced.code, 0, "{}", raced.stderr);
        assert_eq!(solutions(&raced.stdout), vec![vec![everything.clone()]]);
        // Ended before the leftmost search alone would have (60,962 nodes).
        let nodes: u64 = raced
            .stderr
            .split("1 solution, ")
            .nth(1)
            .and_then(|rest| rest.split(" nodes").next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{}", raced.stderr));
        assert!(nodes < 60_962, "{}", raced.stderr);
    }
    // --deterministic keeps the search-order first and its statistics.
    let ordered = run_with_stdin(
        &[
            "cover",
            "--limit",
            "1",
            "--jobs",
            "2",
            "--deterministic",
            "--stats",
        ],
        text.into_bytes(),
    );
    assert_eq!(solutions(&ordered.stdout), vec![vec![everything]]);
}
