//! Flags that say what happens: pairs that cannot work are usage errors,
//! limits are named, and counts stopped early are written `N+`.

use crate::common::{arg, data, run, run_with_stdin};

/// The empty 4x4 grid: 288 solutions.
const MANY: &[u8] = b"................\n";

#[test]
fn count_unique_with_limit_1_is_a_usage_error() {
    let out = run_with_stdin(&["count", "--unique", "--limit", "1"], MANY.to_vec());
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("--limit 2"), "{}", out.stderr);
    // --limit 2 is the uniqueness test, and works with --unique.
    let out = run_with_stdin(&["count", "--unique", "--limit", "2"], MANY.to_vec());
    assert_eq!((out.code, out.stdout.as_str()), (1, "2+\n"));
}

#[test]
fn count_statuses_are_the_ones_its_help_lists() {
    let help = run(&["count", "--help"]).stdout;
    // `count` prints the count, never `!multiple`.
    assert!(!help.contains("!multiple"), "{help}");
    assert!(help.contains("!budget N+"), "{help}");
    let out = run_with_stdin(
        &["count", "--max-nodes", "5"],
        format!("{}\n", ".".repeat(81)).into_bytes(),
    );
    assert_eq!(out.code, 1);
    let record = out.stdout.trim();
    assert!(
        record.starts_with("!budget ") && record.ends_with('+'),
        "{record}"
    );
}

#[test]
fn rate_help_is_rates_own() {
    let help = run(&["rate", "--help"]).stdout;
    assert!(!help.contains("--unique"), "{help}");
    assert!(!help.contains("solution or solutions"), "{help}");
    assert!(help.contains("!multiple"), "{help}");
    assert!(help.contains("score"), "{help}");
}

#[test]
fn cover_counts_stopped_early_end_in_plus() {
    let file = data("queens4.dlx");
    let out = run(&["cover", "--count", "--max-nodes", "3", arg(&file)]);
    assert_eq!(out.code, 1);
    assert!(out.stdout.trim().ends_with('+'), "{}", out.stdout);
    // An exact count has no `+`.
    let out = run(&["cover", "--count", "--max-nodes", "1000", arg(&file)]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "2\n"));
}

#[test]
fn sizes_above_64_name_the_limit() {
    for size in ["65", "100", "2"] {
        let out = run_with_stdin(&["solve", "--size", size], b"1\n".to_vec());
        assert_eq!(out.code, 2, "{size}");
        assert!(out.stderr.contains("4 to 64"), "{size}: {}", out.stderr);
        assert!(!out.stderr.contains("prime"), "{}", out.stderr);
    }
}

#[test]
fn impossible_clue_targets_are_usage_errors() {
    for args in [
        &["generate", "--clues", "0"][..],
        &["generate", "--clues", "100"],
        &["generate", "--clues", "16"],
        &["generate", "--size", "4", "--clues", "2"],
        &["generate", "--minimal", "--clues", "30"],
    ] {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stdout);
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.contains("--clues") || out.stderr.contains("--minimal"));
    }
    // The ends of the range are accepted (17 rarely met, so status 1).
    let out = run(&[
        "generate",
        "--clues",
        "17",
        "--attempts",
        "1",
        "--seed",
        "1",
    ]);
    assert!(out.code <= 1, "{}", out.stderr);
    let out = run(&["generate", "--size", "4", "--clues", "16", "--seed", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn generate_max_nodes_bounds_the_grid_too_as_documented() {
    let help = run(&["generate", "--help"]).stdout;
    assert!(help.contains("complete grid"), "{help}");
    let out = run(&["generate", "--max-nodes", "10", "--seed", "1"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--max-nodes 10"), "{}", out.stderr);
    // The default is 2000 nodes per cell.
    let budget = run(&["generate", "--max-nodes", "162000", "--seed", "1"]);
    let default = run(&["generate", "--seed", "1"]);
    assert_eq!(budget.stdout, default.stdout);
}

#[test]
fn the_cover_stats_line_in_the_docs_is_what_cover_prints() {
    let out = run(&["cover", "--stats", arg(&data("knuth_example.dlx"))]);
    assert_eq!(out.code, 0);
    // `Altogether 1 solution, 6 nodes, 28 updates, 0.000 s.`: all but the
    // time; then the search path (`Dlx::path`).
    let (printed, path) = out.stderr.trim().split_once('\n').unwrap();
    let counts = printed.rsplit_once(", ").unwrap().0;
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"),
    )
    .unwrap();
    assert!(docs.contains(&format!("`{counts}, 0.000 s.`")), "{counts}");
    assert!(docs.contains(&format!("`{path}`")), "{path}");
}
