//! Problems whose search goes 20,000 options deep, shared by the engine's
//! ZDD tests and the CLI's (`crates/cli/tests/cover_kinds.rs` takes this
//! file in with `#[path]`): each has exactly one solution.

/// Problems whose search goes 20,000 options deep, in the three ways a
/// level can follow another: `singletons`, items each covered by an option
/// of its own (a `finish` per option); `strip`, a 1 x 40,000 strip of
/// dominoes (one tiling); `multiple`, one item to be covered 20,000 times
/// by as many options (a `chain` per option, within one item).
pub(crate) fn deep_problems() -> [(&'static str, String); 3] {
    let n = 20_000;
    let mut singletons = (0..n)
        .map(|i| format!("i{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    singletons.push('\n');
    for i in 0..n {
        singletons.push_str(&format!("i{i}\n"));
    }
    let mut strip = (0..2 * n)
        .map(|i| format!("c{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    strip.push('\n');
    for i in 0..2 * n - 1 {
        strip.push_str(&format!("c{i} c{}\n", i + 1));
    }
    let multiple = format!("{n}|a\n") + &"a\n".repeat(n);
    [
        ("singletons", singletons),
        ("strip", strip),
        ("multiple", multiple),
    ]
}
