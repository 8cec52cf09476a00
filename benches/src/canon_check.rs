//! Checks of canonical forms that share no code with the library's search:
//! a reported transformation is re-applied from its parts, equivalent
//! puzzles are made by a shuffle written here, and equivalence classes are
//! compared with the `sudoku` crate's `canonicalized()`.

use sudoku_dlx::{Canonicalizer, Grid, Shape, Transform};

use crate::sudoku_sets::Digits;

/// Our canonical form of a 9x9 puzzle, checked: the reported
/// transformation keeps bands and stacks, relabels the digits one to one,
/// and maps the puzzle onto the form; and the form's digits appear in the
/// order 1, 2, 3, ... (first appearance, as minlex requires).
///
/// # Errors
///
/// A description of the first defect, or the library's error.
pub fn checked_form(canon: &mut Canonicalizer, puzzle: &Digits) -> Result<Digits, String> {
    let grid = Grid::from_digits(Shape::CLASSIC, puzzle.to_vec()).map_err(|e| e.to_string())?;
    let found = canon.canonical_grid(&grid).map_err(|e| e.to_string())?;
    let mut form = [0; 81];
    form.copy_from_slice(found.form().digits());
    check_form(puzzle, &form, found.transform())?;
    Ok(form)
}

/// Checks `form` against `puzzle` and the transformation reported for it;
/// see [`checked_form`].
///
/// # Errors
///
/// A description of the first defect.
pub fn check_form(puzzle: &Digits, form: &Digits, transform: &Transform) -> Result<(), String> {
    let image = apply(transform, puzzle)?;
    if &image != form {
        return Err(format!(
            "{transform} maps the puzzle to {}, not to its form {}",
            line(&image),
            line(form)
        ));
    }
    let mut next = 1;
    for &d in form.iter().filter(|&&d| d != 0) {
        match d.cmp(&next) {
            std::cmp::Ordering::Greater => {
                return Err(format!("{} meets {d} before {next}", line(form)));
            }
            std::cmp::Ordering::Equal => next += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    Ok(())
}

/// Applies `t` to `puzzle` from its documented parts, after checking that
/// they form a validity-preserving transformation of 9x9 grids.
///
/// # Errors
///
/// If rows leave their bands, columns their stacks, or digits are not a
/// permutation.
pub fn apply(t: &Transform, puzzle: &Digits) -> Result<Digits, String> {
    for (name, lines) in [("rows", t.rows()), ("cols", t.cols())] {
        let mut seen = [false; 9];
        for chunk in lines.chunks(3) {
            if chunk.iter().any(|&l| l / 3 != chunk[0] / 3) {
                return Err(format!("{t}: {name} split a band or stack"));
            }
        }
        for &l in lines {
            seen[usize::from(l)] = true;
        }
        if lines.len() != 9 || seen.contains(&false) {
            return Err(format!("{t}: {name} is not a permutation"));
        }
    }
    let mut digits = t.digits().to_vec();
    digits.sort_unstable();
    if digits != (1..=9).collect::<Vec<u8>>() {
        return Err(format!("{t}: digits is not a permutation"));
    }
    let mut out = [0; 81];
    for (i, &r) in t.rows().iter().enumerate() {
        for (j, &c) in t.cols().iter().enumerate() {
            let (r, c) = (usize::from(r), usize::from(c));
            let d = if t.transposes() {
                puzzle[c * 9 + r]
            } else {
                puzzle[r * 9 + c]
            };
            out[i * 9 + j] = if d == 0 {
                0
            } else {
                t.digits()[usize::from(d) - 1]
            };
        }
    }
    Ok(out)
}

/// An equivalent puzzle: bands, rows in each band, stacks and columns in
/// each stack permuted, transposed or not, digits relabelled, all drawn from
/// `seed` (an xorshift stream of its own).
#[must_use]
pub fn shuffle(puzzle: &Digits, seed: u64) -> Digits {
    let mut state = seed | 1;
    let mut below = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % bound as u64).unwrap_or(0)
    };
    let mut shuffled = |items: &mut [usize]| {
        for i in (1..items.len()).rev() {
            items.swap(i, below(i + 1));
        }
    };
    let mut lines = || {
        let mut groups = [0, 1, 2];
        shuffled(&mut groups);
        let mut order = Vec::with_capacity(9);
        for g in groups {
            let mut inside = [g * 3, g * 3 + 1, g * 3 + 2];
            shuffled(&mut inside);
            order.extend(inside);
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    let mut relabel = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffled(&mut relabel);
    let transpose = below(2) == 1;
    let mut out = [0; 81];
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            let d = if transpose {
                puzzle[c * 9 + r]
            } else {
                puzzle[r * 9 + c]
            };
            out[i * 9 + j] = if d == 0 {
                0
            } else {
                u8::try_from(relabel[usize::from(d) - 1]).unwrap_or(0)
            };
        }
    }
    out
}

/// The `sudoku` crate's canonical form and the automorphism count of the
/// solution grid, or `None` when it does not apply (not exactly one solution).
#[must_use]
pub fn sudoku_crate_form(puzzle: &Digits) -> Option<(Digits, usize)> {
    let sudoku = sudoku::Sudoku::from_bytes(*puzzle).ok()?;
    let (form, automorphisms) = sudoku.canonicalized()?;
    Some((form.to_bytes(), automorphisms))
}

/// Checks that we and the `sudoku` crate split `puzzles` (each with exactly
/// one solution) into the same classes: each puzzle and a shuffle of it
/// share a form in both; forms that differ in one differ in the other.
/// Complete grids must get the very same form from both, since the minlex
/// grid is one order for everyone. The crate's puzzle form follows the
/// solution's transformation, so it is compared only for solutions without
/// symmetries (the crate's automorphism count is 1). Returns a summary.
///
/// # Errors
///
/// The first disagreement.
pub fn cross_check_classes(puzzles: &[Digits]) -> Result<String, String> {
    let mut canon = Canonicalizer::new();
    let mut pairs: std::collections::HashMap<Digits, Digits> = std::collections::HashMap::new();
    let mut theirs_seen = std::collections::HashSet::new();
    let (mut compared, mut symmetric) = (0, 0);
    for (k, puzzle) in puzzles.iter().enumerate() {
        let shuffled = shuffle(puzzle, k as u64 + 1);
        let ours = checked_form(&mut canon, puzzle)?;
        if checked_form(&mut canon, &shuffled)? != ours {
            return Err(format!("{}: a shuffle has another form", line(puzzle)));
        }
        let (theirs, automorphisms) = sudoku_crate_form(puzzle).ok_or_else(|| {
            format!(
                "{}: the sudoku crate found no unique solution",
                line(puzzle)
            )
        })?;
        if puzzle.iter().all(|&d| d != 0) && theirs != ours {
            return Err(format!(
                "grid {}: our form {} but the sudoku crate's {}",
                line(puzzle),
                line(&ours),
                line(&theirs)
            ));
        }
        if automorphisms > 1 {
            symmetric += 1;
            continue;
        }
        let (shuffled_theirs, _) = sudoku_crate_form(&shuffled).unwrap_or(([0; 81], 0));
        if shuffled_theirs != theirs {
            return Err(format!(
                "{}: the sudoku crate gives its shuffle another form",
                line(puzzle)
            ));
        }
        match pairs.insert(ours, theirs) {
            Some(before) if before != theirs => {
                return Err(format!(
                    "{}: one class for us, two for the crate",
                    line(puzzle)
                ));
            }
            Some(_) => {}
            None if !theirs_seen.insert(theirs) => {
                return Err(format!(
                    "{}: two classes for us, one for the crate",
                    line(puzzle)
                ));
            }
            None => {}
        }
        compared += 1;
    }
    Ok(format!(
        "{} puzzles and their shuffles: same classes as the sudoku crate for {compared}; {symmetric} with symmetric solutions checked on our side only",
        puzzles.len()
    ))
}

fn line(digits: &Digits) -> String {
    crate::sudoku_sets::to_line(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_sets::parse_line;

    #[test]
    fn classes_agree_with_the_sudoku_crate_on_puzzles_and_grids() {
        let puzzles = [
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "987654321246173985351928746128537694634892157795461832519286473472319568863745219",
            "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
        ];
        let digits: Vec<Digits> = puzzles.iter().map(|p| parse_line(p).unwrap()).collect();
        let summary = cross_check_classes(&digits).unwrap();
        assert!(summary.starts_with("4 puzzles"), "{summary}");
    }

    #[test]
    fn a_wrong_transformation_is_caught() {
        let puzzle = parse_line(
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        )
        .unwrap();
        let mut canon = Canonicalizer::new();
        let form = checked_form(&mut canon, &puzzle).unwrap();
        let wrong = Transform::random(Shape::CLASSIC, 5);
        assert!(check_form(&puzzle, &form, &wrong).is_err());
        let givens = |p: &Digits| p.iter().filter(|&&d| d != 0).count();
        assert_eq!(givens(&shuffle(&puzzle, 3)), givens(&puzzle));
    }
}
