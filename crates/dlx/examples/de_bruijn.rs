//! De Bruijn cycles as exact cover with colors (XCC, Algorithm C).
//!
//! A `k`-ary de Bruijn cycle of order `n` is a cyclic sequence of `k^n`
//! digits in which every word of `n` digits appears exactly once as `n`
//! consecutive digits. Items: every word (placed once) and every position
//! of the cycle (starting one word), primary; the digit at each position,
//! secondary, colored with that digit. Option: word `w` starts at position
//! `p`: it colors the digits at `p, p + 1, ..., p + n - 1` (around the cycle)
//! with the digits of `w`. Options that overlap must agree on the digits they
//! share, which is what colors say. The all-zero word is fixed at position 0,
//! so each cycle is found once, not once per rotation.
//!
//! Known answers (de Bruijn 1946; van Aardenne-Ehrenfest and de Bruijn
//! 1951): there are `(k!)^(k^(n-1)) / k^n` cycles: binary 1, 2, 16, 2,048 for
//! `n = 2, 3, 4, 5` (OEIS A016031), ternary of order 2: 24, quaternary of
//! order 2: 20,736. Knuth's first program with colors, GDANCE (2000), was
//! written for their two-dimensional kin.
//!
//! `cargo run --example de_bruijn -- 2 4` prints the binary problem of order
//! 4 in Knuth's DLX2 format; `--count` counts its cycles.

use dlx_engine::{Color, NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The `k`-ary de Bruijn cycles of order `n` (`k >= 2`, `n >= 1`, `k^n`
/// small).
pub fn de_bruijn(k: usize, n: usize) -> NamedProblem {
    let len = k.pow(u32::try_from(n).expect("a small order"));
    // Items: words 0..len, positions len..2len, then the digits (secondary).
    let mut names: Vec<String> = (0..len).map(|w| format!("w{}", word(w, k, n))).collect();
    names.extend((0..len).map(|p| format!("p{p}")));
    names.extend((0..len).map(|p| format!("d{p}")));
    let mut builder = Problem::builder(2 * len, len).expect("items");
    let mut option = Vec::new();
    for w in 0..len {
        for p in 0..len {
            if (w == 0) != (p == 0) {
                // The all-zero word starts the cycle, and only it.
                continue;
            }
            option.clear();
            option.push((w, None));
            option.push((len + p, None));
            for (i, digit) in digits(w, k, n).into_iter().enumerate() {
                option.push((2 * len + (p + i) % len, Color::new(digit)));
            }
            builder.add_colored_option(&option).expect("valid option");
        }
    }
    let colors = (0..k).map(|d| d.to_string()).collect();
    NamedProblem::with_colors(builder.build(), names, colors).expect("valid names")
}

/// The `n` digits of word `w` in base `k`, most significant first.
pub fn digits(w: usize, k: usize, n: usize) -> Vec<usize> {
    let mut digits = vec![0; n];
    let mut rest = w;
    for d in digits.iter_mut().rev() {
        *d = rest % k;
        rest /= k;
    }
    digits
}

/// Word `w` written out, for item names.
fn word(w: usize, k: usize, n: usize) -> String {
    digits(w, k, n).iter().map(|d| d.to_string()).collect()
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let (k, n) = (args.number(0, 2).max(2), args.number(1, 3));
    args.print_or_count(
        &format!("{k}-ary de Bruijn cycles of order {n}"),
        &de_bruijn(k, n),
    );
}
