//! The zebra puzzle (Life International, 1962) as exact cover with colors
//! (XCC, Algorithm C), after Knuth's treatment in TAOCP 7.2.2.1.
//!
//! Five houses in a row each have one nationality, color, pet, drink and
//! smoke. Items: each of the 25 values (placed in exactly one house) and
//! each clue that ties two values together, primary; each house's attribute
//! (`N1` is the nationality of house 1), secondary, colored with its value.
//! Options: a value in a house, coloring that attribute; and each way to
//! satisfy a clue, coloring the attributes it speaks of. Options that color
//! the same attribute must agree, which is all the logic there is. The
//! puzzle has one solution, in which the Norwegian drinks water and the
//! Japanese owns the zebra.
//!
//! `cargo run --example zebra` prints the problem in Knuth's DLX2 format;
//! `--solve` prints the houses.

use dlx_engine::{Color, NamedProblem, Problem};

/// The five attributes and their values; the value's index is its color.
pub const ATTRIBUTES: [(char, [&str; 5]); 5] = [
    (
        'N',
        ["English", "Spaniard", "Ukrainian", "Norwegian", "Japanese"],
    ),
    ('C', ["red", "green", "ivory", "yellow", "blue"]),
    ('P', ["dog", "snails", "fox", "horse", "zebra"]),
    ('D', ["coffee", "tea", "milk", "juice", "water"]),
    (
        'S',
        [
            "OldGold",
            "Kools",
            "Chesterfield",
            "LuckyStrike",
            "Parliament",
        ],
    ),
];

/// How the two houses of a clue relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The same house.
    Same,
    /// The second value's house is just right of the first's.
    RightOf,
    /// Next to each other.
    NextTo,
}

/// The clues that tie two values together (the others fix one value's house).
pub const CLUES: [(&str, Relation, &str); 12] = [
    ("English", Relation::Same, "red"),
    ("Spaniard", Relation::Same, "dog"),
    ("coffee", Relation::Same, "green"),
    ("Ukrainian", Relation::Same, "tea"),
    ("ivory", Relation::RightOf, "green"),
    ("OldGold", Relation::Same, "snails"),
    ("Kools", Relation::Same, "yellow"),
    ("Chesterfield", Relation::NextTo, "fox"),
    ("Kools", Relation::NextTo, "horse"),
    ("LuckyStrike", Relation::Same, "juice"),
    ("Japanese", Relation::Same, "Parliament"),
    ("Norwegian", Relation::NextTo, "blue"),
];

/// The clues that fix a value's house (1-based).
pub const FIXED: [(&str, usize); 2] = [("milk", 3), ("Norwegian", 1)];

/// The attribute (row of [`ATTRIBUTES`]) and color of `value`.
pub fn value(value: &str) -> (usize, usize) {
    for (a, (_, values)) in ATTRIBUTES.iter().enumerate() {
        if let Some(v) = values.iter().position(|&v| v == value) {
            return (a, v);
        }
    }
    panic!("no value {value}")
}

/// The zebra puzzle.
pub fn zebra() -> NamedProblem {
    // Items: the 25 values, the clues, then the 25 attributes of the houses.
    let mut names: Vec<String> = ATTRIBUTES
        .iter()
        .flat_map(|(_, values)| values.iter().map(|v| (*v).to_owned()))
        .collect();
    names.extend((1..=CLUES.len()).map(|c| format!("clue{c}")));
    let primary = names.len();
    for (letter, _) in ATTRIBUTES {
        names.extend((1..=5).map(|h| format!("{letter}{h}")));
    }
    let slot = |attribute: usize, house: usize| primary + 5 * attribute + house;
    let mut builder = Problem::builder(primary, 25).expect("items");
    for (a, (_, values)) in ATTRIBUTES.iter().enumerate() {
        for (v, name) in values.iter().enumerate() {
            let fixed = FIXED.iter().find(|(f, _)| f == name).map(|&(_, h)| h - 1);
            for house in (0..5).filter(|&h| fixed.is_none_or(|f| f == h)) {
                builder
                    .add_colored_option(&[(5 * a + v, None), (slot(a, house), Color::new(v))])
                    .expect("valid option");
            }
        }
    }
    for (c, &(first, relation, second)) in CLUES.iter().enumerate() {
        let ((a1, v1), (a2, v2)) = (value(first), value(second));
        for h1 in 0..5usize {
            let houses: Vec<usize> = match relation {
                Relation::Same => vec![h1],
                Relation::RightOf => vec![h1 + 1],
                Relation::NextTo => vec![h1.wrapping_sub(1), h1 + 1],
            };
            for h2 in houses.into_iter().filter(|&h| h < 5) {
                builder
                    .add_colored_option(&[
                        (25 + c, None),
                        (slot(a1, h1), Color::new(v1)),
                        (slot(a2, h2), Color::new(v2)),
                    ])
                    .expect("valid option");
            }
        }
    }
    let colors = (0..5).map(|v| v.to_string()).collect();
    NamedProblem::with_colors(builder.build(), names, colors).expect("valid names")
}

#[allow(dead_code)]
fn main() {
    let named = zebra();
    if std::env::args().any(|a| a == "--solve") {
        let mut solver = dlx_engine::Dlx::new(named.problem());
        let mut solutions = solver.solutions();
        while let Some(solution) = solutions.next() {
            let mut houses = vec![vec![""; 5]; 5];
            for (item, color) in solution.colors() {
                let slot = named.item_name(item);
                let a = ATTRIBUTES.iter().position(|(l, _)| slot.starts_with(*l));
                let house: usize = slot[1..].parse().unwrap_or(1);
                if let Some(a) = a {
                    houses[house - 1][a] = ATTRIBUTES[a].1[color.index()];
                }
            }
            for (h, house) in houses.iter().enumerate() {
                println!("house {}: {}", h + 1, house.join(" "));
            }
        }
    } else {
        print!("| The zebra puzzle\n{named}");
    }
}
