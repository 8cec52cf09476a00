//! `sudoku-dlx cover` on Knuth's DLX2 (colors) and DLX3 (bounds) formats.
//!
//! The test reads each problem itself ([`Knuth`], written here and sharing
//! nothing with the engine's parser), checks every printed solution by the
//! rules of exact cover with colors and multiplicities, and compares the
//! whole solution set with a brute-force enumeration of option subsets where
//! the problem is small, or the count with a published one where it is not.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use crate::common::{arg, data, run, run_with_stdin};

#[path = "../../dlx/tests/deep_problems.rs"]
mod deep_problems;

/// An option as a set of entries, each `item` or `item:color`.
type Entry = BTreeSet<String>;

/// A problem in Knuth's formats as this test reads it.
struct Knuth {
    /// Each primary item's bounds (lower, upper).
    primary: BTreeMap<String, (usize, usize)>,
    secondary: BTreeSet<String>,
    options: Vec<Entry>,
}

/// `name` without a color, and the color if there is one.
fn split_color(entry: &str) -> (&str, Option<&str>) {
    match entry.split_once(':') {
        Some((name, color)) => (name, Some(color)),
        None => (entry, None),
    }
}

impl Knuth {
    fn read(file: &str) -> Knuth {
        let text = fs::read_to_string(data(file)).unwrap();
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('|'));
        let mut primary = BTreeMap::new();
        let mut secondary = BTreeSet::new();
        let mut in_secondary = false;
        for token in lines.next().unwrap().split_whitespace() {
            if token == "|" {
                in_secondary = true;
            } else if in_secondary {
                secondary.insert(token.to_owned());
            } else {
                // `u:v|name`, `v|name` or `name`.
                let (bounds, name) = token.split_once('|').unwrap_or(("1", token));
                let (lower, upper) = match bounds.split_once(':') {
                    Some((u, v)) => (u.parse().unwrap(), v.parse().unwrap()),
                    None => (bounds.parse().unwrap(), bounds.parse().unwrap()),
                };
                primary.insert(name.to_owned(), (lower, upper));
            }
        }
        let options = lines
            .map(|l| l.split_whitespace().map(str::to_owned).collect())
            .collect();
        Knuth {
            primary,
            secondary,
            options,
        }
    }

    /// Whether `solution` (options as entry sets) is one: each option is the
    /// problem's and used once, each primary item covered within its bounds,
    /// and each secondary item either used once without a color or only
    /// with one color.
    fn is_solution(&self, solution: &[&Entry]) -> Result<(), String> {
        let mut covered: BTreeMap<&str, usize> = BTreeMap::new();
        let mut colors: BTreeMap<&str, Vec<Option<&str>>> = BTreeMap::new();
        for (k, option) in solution.iter().enumerate() {
            if !self.options.contains(option) {
                return Err(format!("{option:?} is not an option"));
            }
            if solution[..k].contains(option) {
                return Err(format!("{option:?} is used twice"));
            }
            for entry in *option {
                let (item, color) = split_color(entry);
                if self.primary.contains_key(item) {
                    *covered.entry(item).or_default() += 1;
                } else {
                    assert!(self.secondary.contains(item), "{item}");
                    colors.entry(item).or_default().push(color);
                }
            }
        }
        for (item, &(lower, upper)) in &self.primary {
            let c = covered.get(item.as_str()).copied().unwrap_or(0);
            if !(lower..=upper).contains(&c) {
                return Err(format!("{item} covered {c} times, not {lower}..={upper}"));
            }
        }
        for (item, uses) in colors {
            let alone = uses.len() == 1 && uses[0].is_none();
            let one_color = uses[0].is_some() && uses.iter().all(|&c| c == uses[0]);
            if !alone && !one_color {
                return Err(format!("{item} used as {uses:?}"));
            }
        }
        Ok(())
    }

    /// Every solution, found by trying every set of options.
    fn brute_force(&self) -> BTreeSet<BTreeSet<Entry>> {
        let n = self.options.len();
        assert!(n <= 16, "too many options to enumerate");
        (0u32..1 << n)
            .map(|mask| -> Vec<&Entry> {
                (0..n)
                    .filter(|k| mask & (1 << k) != 0)
                    .map(|k| &self.options[k])
                    .collect()
            })
            .filter(|chosen| self.is_solution(chosen).is_ok())
            .map(|chosen| chosen.into_iter().cloned().collect())
            .collect()
    }

    /// The solutions `sudoku-dlx cover` printed, each checked.
    fn printed(&self, stdout: &str) -> Vec<BTreeSet<Entry>> {
        assert!(stdout.is_empty() || stdout.ends_with("\n\n"), "{stdout:?}");
        stdout
            .split_terminator("\n\n")
            .map(|block| {
                let options: Vec<Entry> = block
                    .lines()
                    .map(|l| l.split_whitespace().map(str::to_owned).collect())
                    .collect();
                let refs: Vec<&Entry> = options.iter().collect();
                if let Err(why) = self.is_solution(&refs) {
                    panic!("not a solution: {block:?}: {why}");
                }
                options.into_iter().collect()
            })
            .collect()
    }
}

/// Runs `cover` with `flags` on `file` and returns its solutions, each
/// checked, after checking that no two are the same.
fn solve(problem: &Knuth, file: &str, flags: &[&str]) -> Vec<BTreeSet<Entry>> {
    let path = data(file);
    let mut args = vec!["cover"];
    args.extend_from_slice(flags);
    args.push(arg(&path));
    let out = run(&args);
    let found = problem.printed(&out.stdout);
    let expected_code = if found.is_empty() { 1 } else { 0 };
    assert_eq!(out.code, expected_code, "{file} {flags:?}: {}", out.stderr);
    let distinct: BTreeSet<_> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "{file}: a solution twice");
    found
}

/// Runs `cover --count` with `flags` on `file`: the count printed.
fn count(file: &str, flags: &[&str]) -> u64 {
    let path = data(file);
    let mut args = vec!["cover", "--count"];
    args.extend_from_slice(flags);
    args.push(arg(&path));
    let out = run(&args);
    assert!(out.code == 0 || out.code == 1, "{file}: {}", out.stderr);
    // `N+` when a limit or budget stopped the count.
    out.stdout.trim().trim_end_matches('+').parse().unwrap()
}

#[test]
fn small_problems_give_every_solution_brute_force_finds() {
    for file in ["knuth_colors.dlx", "bounds_and_colors.dlx"] {
        let problem = Knuth::read(file);
        let expected = problem.brute_force();
        assert!(!expected.is_empty(), "{file}");
        let set = |found: Vec<BTreeSet<Entry>>| found.into_iter().collect::<BTreeSet<_>>();
        assert_eq!(set(solve(&problem, file, &[])), expected, "{file}");
        assert_eq!(set(solve(&problem, file, &["--prune"])), expected, "{file}");
        for seed in ["1", "2", "99"] {
            let seeded = solve(&problem, file, &["--seed", seed]);
            assert_eq!(set(seeded), expected, "{file} --seed {seed}");
        }
        let total = u64::try_from(expected.len()).unwrap();
        assert_eq!(count(file, &[]), total, "{file}");
        assert_eq!(count(file, &["--prune"]), total, "{file}");
        assert_eq!(count(file, &["--limit", "1"]), 1, "{file}");
        let first = solve(&problem, file, &["--limit", "1"]);
        assert_eq!(first.len(), 1);
        assert!(expected.contains(&first[0]));
    }
}

#[test]
fn knuths_colored_example_prints_its_colors() {
    // Knuth's answer: `q x:A` and `p r x:A y`, in the order the search chose
    // them, colors written as in the input.
    let out = run(&["cover", arg(&data("knuth_colors.dlx"))]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "q x:A\np r x:A y\n\n"));
}

#[test]
fn de_bruijn_cycles_have_their_published_count() {
    // Binary de Bruijn cycles of order 4: (2!)^(2^3) / 2^4 = 16 (OEIS
    // A016031), each read from the colors of d0..d15 and checked.
    let problem = Knuth::read("de_bruijn_2_4.dlx");
    let found = solve(&problem, "de_bruijn_2_4.dlx", &[]);
    assert_eq!(found.len(), 16);
    let mut cycles = BTreeSet::new();
    for solution in &found {
        let mut digit = BTreeMap::new();
        for entry in solution.iter().flatten() {
            if let (item, Some(color)) = split_color(entry) {
                let position: usize = item.strip_prefix('d').unwrap().parse().unwrap();
                let previous = digit.insert(position, color.to_owned());
                assert!(previous.is_none_or(|p| p == color), "{solution:?}");
            }
        }
        let cycle: String = (0..16).map(|p| digit[&p].clone()).collect();
        let words: BTreeSet<String> = (0..16)
            .map(|p| {
                (0..4)
                    .map(|i| &cycle[(p + i) % 16..=(p + i) % 16])
                    .collect()
            })
            .collect();
        assert_eq!(words.len(), 16, "{cycle} is not a de Bruijn cycle");
        cycles.insert(cycle);
    }
    assert_eq!(cycles.len(), 16);
    assert_eq!(count("de_bruijn_2_4.dlx", &["--prune"]), 16);
}

#[test]
fn binary_matrices_have_their_published_count() {
    // 4 x 4 0-1 matrices with two 1s in every row and column (items
    // `2|r0 ... 2|c3`): 90 (OEIS A001499), each checked.
    let problem = Knuth::read("binary_matrices_4_2.dlx");
    assert!(problem.primary.values().all(|&b| b == (2, 2)));
    let found = solve(&problem, "binary_matrices_4_2.dlx", &[]);
    assert_eq!(found.len(), 90);
    assert_eq!(count("binary_matrices_4_2.dlx", &["--prune"]), 90);
    assert_eq!(count("binary_matrices_4_2.dlx", &["--limit", "7"]), 7);
}

#[test]
fn knuths_partridge_items_are_accepted() {
    // Knuth's partridge generator writes `1|#1 2|#2 ...`; n = 3 has no
    // tiling (none below n = 8).
    let file = data("partridge_3.dlx");
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.lines().nth(1).unwrap().starts_with("1|#1 2|#2 3|#3 "));
    let out = run(&[
        "cover",
        "--count",
        "--method",
        "search",
        "--stats",
        arg(&file),
    ]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (1, "0\n"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.starts_with("Altogether 0 solutions, "));
    let out = run(&["cover", "--prune", "--stats", arg(&file)]);
    assert_eq!((out.code, out.stdout.as_str()), (1, ""), "{}", out.stderr);
    assert!(out.stderr.starts_with("Pruned "), "{}", out.stderr);
}

#[test]
fn budgets_stop_colored_and_bounded_searches() {
    for file in ["de_bruijn_2_4.dlx", "binary_matrices_4_2.dlx"] {
        for flag in ["--max-nodes", "--max-updates"] {
            let path = data(file);
            let out = run(&["cover", "--count", flag, "5", arg(&path)]);
            assert_eq!(out.code, 1, "{file} {flag}");
            // `N+`, as `count` writes a count that stopped early.
            let counted = out.stdout.trim().strip_suffix('+');
            let counted: u64 = counted.expect("N+").parse().unwrap();
            assert!(counted < 16, "{file} {flag}: {counted}");
            assert!(out.stderr.contains(flag), "{}", out.stderr);
        }
    }
}

#[test]
fn format_errors_say_where_and_how_to_fix_them() {
    let cases = [
        (
            "a b\na:R b\n",
            "2:1: item `a` is primary and cannot have a color",
        ),
        (
            "3:2|a | b\na\n",
            "1:1: item `a` has lower bound 3 above its upper bound 2",
        ),
        (
            "a | 2|b\na b\n",
            "1:5: secondary item `b` cannot have bounds",
        ),
        ("a 0|b\na\n", "1:3: item `b` has upper bound 0"),
        ("1:x|a\na\n", "1:1: `1:x|a` is not an item with bounds"),
        ("a | b\na b:\n", "2:3: `b:` has no color after `:`"),
        (
            "a | b\na b:R b:G\n",
            "2:7: item `b` appears twice in this option",
        ),
    ];
    for (text, message) in cases {
        let out = run_with_stdin(&["cover"], text.as_bytes().to_vec());
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{text:?}");
        assert!(
            out.stderr.starts_with(&format!("<stdin>:{message}")),
            "{text:?}: {}",
            out.stderr
        );
    }
}

/// The solutions of a ZDD in Knuth's ZDDREAD text, read here from the text
/// alone (the last line is the dummy root `id: (~0?0:root)`), each as its
/// options' entries (option `v` is the `v`-th option line).
fn zddread_solutions(problem: &Knuth, text: &str) -> BTreeSet<BTreeSet<Entry>> {
    let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
    let mut nodes: BTreeMap<u64, (usize, u64, u64)> = BTreeMap::new();
    let mut root = 0;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (option, children) = rest.split_once('?').unwrap();
        let (lo, hi) = children.trim_end_matches(')').split_once(':').unwrap();
        nodes.insert(hex(id), (option.parse().unwrap(), hex(lo), hex(hi)));
        root = hex(hi);
    }
    let mut solutions = BTreeSet::new();
    let mut stack: Vec<(u64, BTreeSet<Entry>)> = vec![(root, BTreeSet::new())];
    while let Some((id, chosen)) = stack.pop() {
        match id {
            0 => {}
            1 => {
                solutions.insert(chosen);
            }
            _ => {
                let (option, lo, hi) = nodes[&id];
                stack.push((lo, chosen.clone()));
                let mut with = chosen;
                with.insert(problem.options[option - 1].clone());
                stack.push((hi, with));
            }
        }
    }
    solutions
}

#[test]
fn the_zdd_counts_writes_and_samples_every_solution() {
    for file in [
        "knuth_colors.dlx",
        "bounds_and_colors.dlx",
        "partridge_3.dlx",
        "queens4.dlx",
        "binary_matrices_4_2.dlx",
        "de_bruijn_2_4.dlx",
    ] {
        let problem = Knuth::read(file);
        let total = count(file, &["--method", "search"]);
        assert_eq!(count(file, &["--method", "zdd"]), total, "{file}");
        assert_eq!(count(file, &[]), total, "{file}: --method auto");
        let out = run(&["cover", "--zdd", arg(&data(file))]);
        assert_eq!(
            out.code,
            if total > 0 { 0 } else { 1 },
            "{file}: {}",
            out.stderr
        );
        if total < 1000 {
            // Every solution, as the plain search prints them (each checked).
            let expected: BTreeSet<_> = solve(&problem, file, &[]).into_iter().collect();
            assert_eq!(zddread_solutions(&problem, &out.stdout), expected, "{file}");
            // Read back with its problem: every solution again, and the
            // number of solutions of each size.
            let zdd = tempfile::NamedTempFile::new().unwrap();
            fs::write(zdd.path(), &out.stdout).unwrap();
            let listed = run(&["cover", "--from-zdd", arg(zdd.path()), arg(&data(file))]);
            let listed: BTreeSet<_> = problem.printed(&listed.stdout).into_iter().collect();
            assert_eq!(listed, expected, "{file}");
            let mut sizes: BTreeMap<usize, u64> = BTreeMap::new();
            for solution in &expected {
                *sizes.entry(solution.len()).or_default() += 1;
            }
            let by_size: String = sizes.iter().map(|(k, n)| format!("{k} {n}\n")).collect();
            for with in [vec!["--from-zdd", arg(zdd.path())], vec![arg(&data(file))]] {
                let out = run(&[&["cover", "--generating-function"], &with[..]].concat());
                assert_eq!(out.stdout, by_size, "{file} {with:?}: {}", out.stderr);
            }
        }
        if total > 0 && total < 1000 {
            let expected: BTreeSet<_> = solve(&problem, file, &[]).into_iter().collect();
            let out = run(&["cover", "--sample", "300", "--seed", "4", arg(&data(file))]);
            assert_eq!(out.code, 0, "{file}: {}", out.stderr);
            // Draws repeat; each is checked as it is read.
            let drawn = problem.printed(&out.stdout);
            assert_eq!(drawn.len(), 300, "{file}");
            let drawn: BTreeSet<_> = drawn.into_iter().collect();
            assert!(drawn.is_subset(&expected), "{file}");
            if expected.len() <= 20 {
                assert_eq!(drawn, expected, "{file}: 300 draws miss a solution");
            }
        }
    }
}

/// `n` queens: rows and columns primary, diagonals secondary.
pub(crate) fn queens(n: usize) -> String {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} c{r} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text += "\n";
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

/// The tilings of an `n` x `n` board by dominoes.
pub(crate) fn domino_board(n: usize) -> String {
    let cells: Vec<String> = (0..n * n).map(|k| format!("{}_{}", k / n, k % n)).collect();
    let mut text = cells.join(" ") + "\n";
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                text += &format!("{r}_{c} {r}_{}\n", c + 1);
            }
            if r + 1 < n {
                text += &format!("{r}_{c} {}_{c}\n", r + 1);
            }
        }
    }
    text
}

/// `--count` (its automatic method) gives the ZDD up for the search where
/// the memo does not pay (queens: partial solutions rarely meet again),
/// and keeps it where it does (dominoes), with the same counts as the
/// search either way; `--stats` says which counted and why.
#[test]
fn count_gives_the_zdd_up_where_its_memo_does_not_pay() {
    for (text, total, zdd) in [
        (queens(12), "14200", false),
        (domino_board(10), "258584046368", true),
    ] {
        let file = tempfile::NamedTempFile::new().unwrap();
        fs::write(file.path(), &text).unwrap();
        let path = arg(file.path());
        let out = run(&["cover", "--count", "--stats", path]);
        assert_eq!((out.code, out.stdout.trim()), (0, total), "{}", out.stderr);
        let search = out.stderr.lines().find(|l| l.starts_with("Search: "));
        let search = search.unwrap_or_else(|| panic!("{}", out.stderr));
        if zdd {
            assert!(search.starts_with("Search: ZDD "), "{search}");
            assert!(search.contains("so the ZDD counted"), "{search}");
        } else {
            assert!(search.contains("(the ZDD gave up after "), "{search}");
            assert!(search.contains("the memo saved 1."), "{search}");
        }
    }
    // A problem the search counts within its first look (8 queens: 1,049
    // nodes) never starts the ZDD.
    let file = tempfile::NamedTempFile::new().unwrap();
    fs::write(file.path(), queens(8)).unwrap();
    let out = run(&["cover", "--count", "--stats", arg(file.path())]);
    assert_eq!((out.code, out.stdout.trim()), (0, "92"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("(the search counts it within a first look of 4096 nodes)"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("ZDD"), "{}", out.stderr);
    // One the look estimates small counts on from its look (10 queens:
    // 16,536 nodes, the estimate within 2^18).
    let file = tempfile::NamedTempFile::new().unwrap();
    fs::write(file.path(), queens(10)).unwrap();
    let out = run(&["cover", "--count", "--stats", arg(file.path())]);
    assert_eq!((out.code, out.stdout.trim()), (0, "724"), "{}", out.stderr);
    assert!(out.stderr.contains("and counted on)"), "{}", out.stderr);
    assert!(!out.stderr.contains("ZDD"), "{}", out.stderr);
    // Past --max-memory the search counts too (12 queens: past the first
    // look and its estimate, and its memo outgrows 1K long before its
    // first check).
    let file = tempfile::NamedTempFile::new().unwrap();
    fs::write(file.path(), queens(12)).unwrap();
    let out = run(&[
        "cover",
        "--count",
        "--max-memory",
        "1K",
        "--stats",
        arg(file.path()),
    ]);
    assert_eq!(
        (out.code, out.stdout.trim()),
        (0, "14200"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("(the ZDD outgrew --max-memory after "),
        "{}",
        out.stderr
    );
}

#[test]
fn the_zdd_stops_at_its_memory_limit_and_says_so() {
    let path = data("de_bruijn_2_4.dlx");
    let out = run(&[
        "cover",
        "--count",
        "--method",
        "zdd",
        "--max-memory",
        "1K",
        arg(&path),
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    // What it found, at most the 16 solutions.
    let found = out.stdout.strip_suffix("+\n").map(str::parse::<u64>);
    assert!(matches!(found, Some(Ok(0..=16))), "{}", out.stdout);
    assert!(
        out.stderr.contains("outgrew --max-memory 1024 bytes"),
        "{}",
        out.stderr
    );
    let out = run(&["cover", "--zdd", "--max-memory", "lots", arg(&path)]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("`lots` is not a size"),
        "{}",
        out.stderr
    );
}

/// A limit that stops the ZDD's build says what it found, as Ctrl-C does
/// (`ZddBuild::partial`): `--count` writes the solutions of the subtrees
/// the build had finished as `N+` (on a tiling, positive from the first
/// thousand states on, and never more than the count); stderr names the
/// limit, how far the build got and `N solutions found so far, there may
/// be more`; `--stats` prints `Altogether N+` and the limit; the status
/// is 1. The build's order is fixed, so a larger limit finishes all that
/// a smaller one did and more: the bound never falls, and a limit the
/// build stays within gives the count. `--zdd` and `--sample` write
/// nothing.
#[test]
fn a_zdd_stopped_by_a_limit_says_what_it_found() {
    let file = tempfile::NamedTempFile::new().unwrap();
    fs::write(file.path(), domino_board(10)).unwrap();
    let path = arg(file.path());
    let total: u64 = 258_584_046_368;
    // Limits that stop the build (10x10: 13,550 ZDD nodes, 661,504
    // bytes), then one that does not.
    let cases = [
        ("--max-nodes", ["1000", "4000", "8000", "13000"], "20000"),
        ("--max-memory", ["64K", "200K", "400K", "600K"], "1M"),
    ];
    for (flag, limits, enough) in cases {
        let mut last = 0;
        for limit in limits.into_iter().chain([enough]) {
            let case = format!("{flag} {limit}");
            let out = run(&[
                "cover", "--count", "--method", "zdd", "--stats", flag, limit, path,
            ]);
            if limit == enough {
                assert_eq!(
                    (out.code, out.stdout.as_str()),
                    (0, "258584046368\n"),
                    "{case}: {}",
                    out.stderr
                );
                continue;
            }
            assert_eq!(out.code, 1, "{case}: {}", out.stderr);
            let found = out.stdout.strip_suffix("+\n").map(str::parse::<u64>);
            let Some(Ok(found)) = found else {
                panic!("{case}: a lower bound `N+`: {:?}", out.stdout);
            };
            assert!(
                0 < found && last <= found && found <= total,
                "{case}: {found}, after {last}"
            );
            last = found;
            for said in [
                format!("the ZDD outgrew {flag} "),
                " ZDD nodes, ".to_owned(),
                format!(
                    " bytes); {found} solutions found so far, there may be more; give a \
                     larger limit"
                ),
                format!("Altogether {found}+ solutions, "),
                format!(" s (stopped by {flag} "),
            ] {
                assert!(
                    out.stderr.contains(&said),
                    "{case}: {said:?} in {}",
                    out.stderr
                );
            }
        }
    }
    let cases: [&[&str]; 2] = [
        &["--zdd", "--max-nodes", "4000"],
        &["--sample", "3", "--max-memory", "200K"],
    ];
    for flags in cases {
        let mut args = vec!["cover"];
        args.extend_from_slice(flags);
        args.push(path);
        let out = run(&args);
        assert_eq!((out.code, out.stdout.as_str()), (1, ""), "{flags:?}");
        assert!(
            out.stderr
                .contains("found so far, there may be more; the ZDD was not finished, so nothing"),
            "{flags:?}: {}",
            out.stderr
        );
    }
}

/// A regression test: the ZDD's build recursed on the main thread's stack,
/// one level per option taken, and a problem 20,000 options deep
/// overflowed it (the process aborted); each of these has one solution,
/// which the ZDD now counts, writes and samples.
#[test]
fn the_zdd_of_a_deep_problem_does_not_overflow_the_stack() {
    let n = 20_000;
    for (_, text) in deep_problems::deep_problems() {
        let file = tempfile::NamedTempFile::new().unwrap();
        fs::write(file.path(), &text).unwrap();
        let path = arg(file.path());
        let out = run(&["cover", "--count", "--method", "zdd", "--stats", path]);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, "1\n"),
            "{}",
            out.stderr
        );
        assert!(
            out.stderr.contains(&format!("depth {n} ")),
            "{}",
            out.stderr
        );
        let out = run(&["cover", "--sample", "1", path]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stdout.lines().filter(|l| !l.is_empty()).count(), n);
    }
}

/// A problem with Knuth's DLX5 costs (`|N`): solutions `a b` + `c` (cost
/// 4, two options), `a` + `b` + `c` (cost 3, three), `a b c` (cost 7, one).
const COSTED: &str = "a b c\n| a comment, not a cost\na b |3\nc |1\na |1\nb |1\na b c |5 |2\n";

#[test]
fn the_zdd_gives_sizes_a_least_cost_solution_and_reads_itself_back() {
    let dir = tempfile::tempdir().unwrap();
    let costed = dir.path().join("costed.dlx");
    fs::write(&costed, COSTED).unwrap();
    let plain = dir.path().join("plain.dlx");
    fs::write(
        &plain,
        COSTED
            .replace(" |3", "")
            .replace(" |1", "")
            .replace(" |5 |2", ""),
    )
    .unwrap();
    let (costed, plain) = (arg(&costed), arg(&plain));

    // The least-cost solution `a` + `b` + `c`, in option order.
    let least_cost = |args: &[&str]| {
        let out = run(args);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, "c\na\nb\n\n"),
            "{args:?}: {}",
            out.stderr
        );
        assert!(out.stderr.contains("Minimum cost 3."), "{}", out.stderr);
    };
    least_cost(&["cover", "--min-weight", costed]);
    let out = run(&["cover", "--generating-function", plain]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "1 1\n2 1\n3 1\n"),
        "{}",
        out.stderr
    );

    let out = run(&["cover", "--zdd", plain]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let zdd = dir.path().join("plain.zdd");
    fs::write(&zdd, &out.stdout).unwrap();
    let zdd = arg(&zdd);
    // Alone: solutions as option numbers, one a line, in increasing order.
    let out = run(&["cover", "--from-zdd", zdd]);
    let mut lines: Vec<&str> = out.stdout.lines().collect();
    lines.sort_unstable();
    assert_eq!(
        (out.code, lines),
        (0, vec!["1 2", "2 3 4", "5"]),
        "{}",
        out.stderr
    );
    let out = run(&["cover", "--from-zdd", zdd, "--limit", "2"]);
    assert_eq!(out.stdout.lines().count(), 2, "{}", out.stdout);
    let out = run(&["cover", "--from-zdd", zdd, "--count"]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "3\n"),
        "{}",
        out.stderr
    );
    let out = run(&["cover", "--from-zdd", zdd, "--generating-function"]);
    assert_eq!(out.stdout, "1 1\n2 1\n3 1\n", "{}", out.stderr);
    let out = run(&["cover", "--from-zdd", zdd, "--sample", "5", "--seed", "2"]);
    assert_eq!(out.stdout.lines().count(), 5, "{}", out.stderr);
    // With the costed problem: its costs and its options' text.
    least_cost(&["cover", "--from-zdd", zdd, "--min-weight", costed]);
    // Knuth's own ZDDREAD files may leave the dummy root out.
    let knuth = dir.path().join("knuth.zdd");
    fs::write(&knuth, "2: (~4?0:1)\n3: (~3?0:2)\n4: (~1?3:1)\n").unwrap();
    let out = run(&["cover", "--from-zdd", arg(&knuth), "--count"]);
    assert_eq!(out.stdout, "2\n", "{}", out.stderr);
}

#[test]
fn bad_costs_and_zdd_files_say_where() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        arg(&path).to_owned()
    };
    let problem = write("p.dlx", "a b\na\nb\n");
    let cases = [
        (
            vec!["--min-weight".to_owned(), write("c.dlx", "a b\na |x\nb\n")],
            "c.dlx:2:3: `|x` is not a cost",
        ),
        (
            vec!["--min-weight".to_owned(), write("d.dlx", "a b\na\nb |-1\n")],
            "d.dlx:3:3: `|-1` is not a cost",
        ),
        (
            vec![
                "--from-zdd".to_owned(),
                write("z1", "2: (~1?0:1)\n3: (~2?2:x)\n"),
            ],
            "z1:2:10: ",
        ),
        (
            vec![
                "--from-zdd".to_owned(),
                write("z2", "2: (~3?0:1)\n"),
                problem.clone(),
            ],
            "z2:1:6: ",
        ),
        (
            vec!["--from-zdd".to_owned(), write("z3", "2: (~1?0:5)\n")],
            "z3:1:10: ",
        ),
        (
            vec![
                "--from-zdd".to_owned(),
                write("z4", "2: (~1?0:1)\n"),
                "--min-weight".to_owned(),
            ],
            "--min-weight takes the options' costs from the problem",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = std::iter::once("cover")
            .chain(args.iter().map(String::as_str))
            .collect();
        let out = run(&args);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (2, ""),
            "{args:?}: {}",
            out.stderr
        );
        let stderr = out
            .stderr
            .replace(&format!("{}/", dir.path().display()), "");
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
    }
    let out = run(&[
        "cover",
        "--from-zdd",
        &dir.path().join("missing").display().to_string(),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}
