//! Generation: every puzzle unique (counted by a plain backtracking counter
//! that shares nothing with the engine), symmetric as asked, minimal when
//! asked, and reproducible from its seed.

use std::collections::BTreeSet;

use sudoku_dlx::{
    Distance, GenerateOptions, Generated, Generator, Grid, Level, Minimality, Puzzle, Regions,
    Rules, Shape, Symmetry, Variants, check_solution, puzzle_seed,
};

/// Whether cells `i` and `j` (distinct) may not hold the same digit under
/// `rules`: the rules read directly from their definitions.
fn see(rules: &Rules, i: usize, j: usize) -> bool {
    let n = rules.shape().size();
    let (ri, ci, rj, cj) = (i / n, i % n, j / n, j % n);
    let v = rules.variants();
    let (dr, dc) = (ri.abs_diff(rj), ci.abs_diff(cj));
    ri == rj
        || ci == cj
        || rules.region_of(i) == rules.region_of(j)
        || (v.x && ri == ci && rj == cj)
        || (v.x && ri + ci == n - 1 && rj + cj == n - 1)
        || (v.anti_king && dr <= 1 && dc <= 1)
        || (v.anti_knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)))
        || (v.windoku && same_window(rules.shape(), i, j))
}

fn same_window(shape: Shape, i: usize, j: usize) -> bool {
    sudoku_dlx::windoku_windows(shape).iter().any(|c| {
        let inside = |k: usize| {
            let (r, col) = (k / shape.size(), k % shape.size());
            (c.row..c.row + shape.box_rows()).contains(&r)
                && (c.col..c.col + shape.box_cols()).contains(&col)
        };
        inside(i) && inside(j)
    })
}

/// Solutions of `puzzle`, up to `limit`, by backtracking on the cell with
/// the fewest digits left.
pub(crate) fn count_by_backtracking(puzzle: &Puzzle, limit: u32) -> u32 {
    let rules = puzzle.rules();
    let cells = rules.shape().cell_count();
    let peers: Vec<Vec<usize>> = (0..cells)
        .map(|i| (0..cells).filter(|&j| j != i && see(rules, i, j)).collect())
        .collect();
    let mut grid = puzzle.givens().digits().to_vec();
    for i in 0..cells {
        if grid[i] != 0 && peers[i].iter().any(|&j| grid[j] == grid[i]) {
            return 0;
        }
    }
    fn go(grid: &mut [u8], peers: &[Vec<usize>], n: u8, limit: u32) -> u32 {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..grid.len() {
            if grid[i] != 0 {
                continue;
            }
            let free: Vec<u8> = (1..=n)
                .filter(|&d| peers[i].iter().all(|&j| grid[j] != d))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| free.len() < b.len()) {
                let empty = free.is_empty();
                best = Some((i, free));
                if empty {
                    break;
                }
            }
        }
        let Some((i, free)) = best else { return 1 };
        let mut found = 0;
        for d in free {
            grid[i] = d;
            found += go(grid, peers, n, limit - found);
            grid[i] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
    let n = u8::try_from(rules.shape().size()).unwrap();
    go(&mut grid, &peers, n, limit)
}

fn without(puzzle: &Puzzle, cell: usize) -> Puzzle {
    let mut digits = puzzle.givens().digits().to_vec();
    digits[cell] = 0;
    Puzzle::new(
        puzzle.rules().clone(),
        Grid::from_digits(puzzle.shape(), digits).unwrap(),
    )
    .unwrap()
}

fn options(symmetry: Symmetry, minimal: bool) -> GenerateOptions {
    GenerateOptions {
        symmetry,
        minimal,
        ..GenerateOptions::default()
    }
}

fn check_generated(rules: &Rules, options: &GenerateOptions, seeds: std::ops::Range<u64>) {
    let mut generator = Generator::new(rules, options.clone());
    for seed in seeds {
        let g = generator.generate(puzzle_seed(11, seed)).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.rules(), rules);
        assert_eq!(count_by_backtracking(p, 2), 1, "{rules}: {p} is not unique");
        assert_eq!(check_solution(p, &g.solution), Ok(()), "{p}");
        assert!(
            options.symmetry.holds_for(p.givens()),
            "{p} not {}",
            options.symmetry
        );
        if g.minimal.is_minimal() {
            check_strictly_minimal(&g, options.symmetry);
        }
    }
}

#[test]
fn every_symmetry_gives_unique_symmetric_puzzles_on_small_grids() {
    for n in [4, 6] {
        let rules = Rules::new(Shape::from_size(n).unwrap());
        for symmetry in Symmetry::ALL {
            check_generated(&rules, &options(symmetry, false), 0..4);
        }
    }
}

#[test]
fn nine_by_nine_puzzles_are_unique_and_symmetric() {
    for symmetry in Symmetry::ALL {
        check_generated(&Rules::classic(), &options(symmetry, false), 0..2);
    }
}

#[test]
fn minimal_puzzles_are_minimal() {
    // With no symmetry a complete pass is already a proof; rot180 retries
    // until a strictly minimal puzzle turns up.
    for (n, symmetry) in [
        (4, Symmetry::Rot180),
        (6, Symmetry::None),
        (9, Symmetry::None),
    ] {
        let rules = Rules::new(Shape::from_size(n).unwrap());
        let mut generator = Generator::new(&rules, options(symmetry, true));
        for seed in 0..3 {
            let g = generator.generate(seed).unwrap();
            assert_eq!(g.minimal, Minimality::Minimal, "{}", g.puzzle);
        }
        check_generated(&rules, &options(symmetry, true), 0..3);
    }
}

/// Regression: `Generated::minimal` was `false` both for "not minimal" and
/// "not checked". Each answer is held to the backtracking oracle.
#[test]
fn minimality_says_whether_it_was_checked_and_what_was_found() {
    let rules = Rules::classic();
    let single = |symmetry, minimal| GenerateOptions {
        attempts: 1,
        ..options(symmetry, minimal)
    };
    let mut unchecked = Generator::new(&rules, single(Symmetry::Rot180, false));
    let (mut minimal, mut not_minimal) = (0, 0);
    for seed in 0..4 {
        let g = unchecked.generate(puzzle_seed(5, seed)).unwrap();
        assert_eq!(g.minimal, Minimality::Unchecked, "{}", g.puzzle);
    }
    // A removal pass stopped at 34 givens leaves removable givens more
    // often than not, and no repair runs under a clue target; complete
    // passes are repaired until strictly minimal.
    let stopped = |symmetry| GenerateOptions {
        clues: Some(34),
        ..single(symmetry, true)
    };
    let cases = (0..4).flat_map(|k| {
        [
            (single(Symmetry::Rot180, true), k),
            (single(Symmetry::None, true), k),
            (stopped(Symmetry::Rot180), k),
        ]
    });
    for (options, seed) in cases {
        let mut checked = Generator::new(&rules, options.clone());
        let g = checked.generate(puzzle_seed(5, seed)).unwrap();
        let p = &g.puzzle;
        let removable = (0..81)
            .filter(|&i| p.givens().digits()[i] != 0)
            .any(|i| count_by_backtracking(&without(p, i), 2) == 1);
        match g.minimal {
            Minimality::Minimal => {
                assert!(!removable, "{p}");
                minimal += 1;
            }
            Minimality::NotMinimal => {
                assert!(removable, "{p}");
                assert!(options.clues.is_some(), "{p}: not repaired");
                not_minimal += 1;
            }
            other => panic!("{p}: {other:?} without a budget that runs out"),
        }
    }
    assert!(minimal > 0 && not_minimal > 0, "{minimal} / {not_minimal}");
}

/// Checks a puzzle the generator calls strictly minimal with the
/// backtracking oracle alone: unique, symmetric, and every given essential
/// (blanking it alone gives a second solution).
fn check_strictly_minimal(g: &Generated, symmetry: Symmetry) {
    let p = &g.puzzle;
    assert_eq!(g.minimal, Minimality::Minimal, "{symmetry}: {p}");
    assert_eq!(count_by_backtracking(p, 2), 1, "{p} is not unique");
    assert_eq!(check_solution(p, &g.solution), Ok(()), "{p}");
    assert!(symmetry.holds_for(p.givens()), "{p} is not {symmetry}");
    for cell in (0..p.shape().cell_count()).filter(|&i| p.givens().digits()[i] != 0) {
        assert_eq!(
            count_by_backtracking(&without(p, cell), 2),
            2,
            "{p}: {cell}"
        );
    }
}

/// Issue 16: `--minimal` with a symmetry is met, not only tried: an
/// orbit-minimal puzzle with a redundant given is repaired (its orbit
/// swapped for others) rather than discarded.
#[test]
fn strictly_minimal_puzzles_come_with_every_symmetry() {
    for symmetry in Symmetry::ALL {
        let mut generator = Generator::new(&Rules::classic(), options(symmetry, true));
        for k in 0..2 {
            let g = generator.generate(puzzle_seed(16, k)).unwrap();
            check_strictly_minimal(&g, symmetry);
        }
    }
    // And on 6x6, where orbits of four are a ninth of the grid.
    let six = Rules::new(Shape::from_size(6).unwrap());
    let mut generator = Generator::new(&six, options(Symmetry::Rot90, true));
    for k in 0..4 {
        let g = generator.generate(puzzle_seed(16, k)).unwrap();
        check_strictly_minimal(&g, Symmetry::Rot90);
    }
}

/// The measurement: `generate --minimal` never misses at the
/// default settings. 1,000 rot180 puzzles as `generate --minimal --count
/// 1000 --seed 1` makes them and 200 of every other symmetry as `--count
/// 200 --seed 5` does, each checked by the backtracking oracle; one thread
/// per symmetry.
#[test]
#[ignore = "1,000 rot180 and 1,200 other strictly minimal puzzles, checked by backtracking; run in release mode (see .ci/run)"]
fn strictly_minimal_generation_never_misses() {
    let runs: Vec<(Symmetry, u64, u64)> = Symmetry::ALL
        .into_iter()
        .map(|s| {
            if s == Symmetry::Rot180 {
                (s, 1, 1000)
            } else {
                (s, 5, 200)
            }
        })
        .collect();
    std::thread::scope(|scope| {
        for &(symmetry, seed, count) in &runs {
            scope.spawn(move || {
                let mut generator = Generator::new(&Rules::classic(), options(symmetry, true));
                for k in 0..count {
                    let g = generator.generate(puzzle_seed(seed, k)).unwrap();
                    check_strictly_minimal(&g, symmetry);
                }
            });
        }
    });
}

#[test]
fn variants_and_jigsaw_generate_unique_puzzles() {
    let six = Shape::from_size(6).unwrap();
    let map = "iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";
    let jigsaw = Rules::classic()
        .with_regions(Regions::parse(map, Shape::CLASSIC).unwrap())
        .unwrap();
    let cases = [
        Rules::new(six).with_variants(Variants {
            x: true,
            ..Variants::NONE
        }),
        Rules::classic().with_variants(Variants {
            windoku: true,
            ..Variants::NONE
        }),
        jigsaw,
    ];
    for rules in &cases {
        check_generated(rules, &options(Symmetry::Rot180, false), 0..1);
    }
}

#[test]
#[ignore = "the backtracking counter is slow on sparse anti-knight puzzles; run in release mode (see .ci/run)"]
fn anti_king_and_anti_knight_generate_unique_puzzles() {
    for variants in [
        Variants {
            anti_king: true,
            ..Variants::NONE
        },
        Variants {
            anti_knight: true,
            ..Variants::NONE
        },
    ] {
        let rules = Rules::classic().with_variants(variants);
        check_generated(&rules, &options(Symmetry::Rot180, false), 0..3);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let mut a = Generator::new(&Rules::classic(), GenerateOptions::default());
    let mut b = Generator::new(&Rules::classic(), GenerateOptions::default());
    let first: Vec<_> = (0..3)
        .map(|k| a.generate(puzzle_seed(5, k)).unwrap().puzzle)
        .collect();
    // In another order, on another generator: each puzzle depends on its seed alone.
    let again: Vec<_> = (0..3)
        .rev()
        .map(|k| b.generate(puzzle_seed(5, k)).unwrap().puzzle)
        .collect();
    assert_eq!(first, again.into_iter().rev().collect::<Vec<_>>());
    assert_ne!(first[0], first[1]);
    assert_ne!(puzzle_seed(5, 0), puzzle_seed(6, 0));
}

#[test]
fn a_clue_target_is_met_or_reported() {
    let options = GenerateOptions {
        clues: Some(30),
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(&Rules::classic(), options);
    let g = generator.generate(1).unwrap();
    assert_eq!(g.clues_met, Some(true));
    assert!(g.targets_met);
    assert_eq!(g.puzzle.givens().filled_count(), 30);
    // 12 clues is impossible on 9x9: reported, with the closest puzzle.
    let options = GenerateOptions {
        clues: Some(12),
        attempts: 3,
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(&Rules::classic(), options);
    let g = generator.generate(1).unwrap();
    assert_eq!(g.clues_met, Some(false));
    // Issue 41: the result says it missed, without the options again.
    assert!(!g.targets_met);
    assert!(g.puzzle.givens().filled_count() > 12);
}

/// `targets_met` is what the distance to the targets says, for every
/// kind of target, met or missed.
#[test]
fn targets_met_agrees_with_the_distance() {
    let targets = [
        GenerateOptions::default(),
        GenerateOptions {
            clues: Some(26),
            attempts: 2,
            ..GenerateOptions::default()
        },
        GenerateOptions {
            minimal: true,
            ..GenerateOptions::default()
        },
        GenerateOptions {
            difficulty: Some(Level::Easy),
            attempts: 2,
            ..GenerateOptions::default()
        },
    ];
    let (mut met, mut missed) = (0, 0);
    for options in targets {
        let mut generator = Generator::new(&Rules::classic(), options.clone());
        for seed in 0..3 {
            let g = generator.generate(seed).unwrap();
            assert_eq!(
                g.targets_met,
                g.distance(&options) == Distance::ZERO,
                "{options:?} {seed}"
            );
            if g.targets_met { met += 1 } else { missed += 1 }
        }
    }
    assert!(met > 0 && missed > 0, "{met} met, {missed} missed");
}

/// Under a clue target no attempt can meet, the kept puzzle is the earliest
/// attempt with the fewest givens, whichever attempt that is.
#[test]
fn a_missed_clue_target_keeps_the_fewest_givens() {
    let options = GenerateOptions {
        clues: Some(12),
        attempts: 8,
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(&Rules::classic(), options);
    let kept = generator.generate(3).unwrap();
    let clues: Vec<usize> = generator
        .attempts(3)
        .take(8)
        .map(|g| g.unwrap().puzzle.givens().filled_count())
        .collect();
    let fewest = *clues.iter().min().unwrap();
    let first = clues.iter().position(|&c| c == fewest).unwrap();
    assert_ne!(
        first, 0,
        "{clues:?}: attempt 1 would pass a first-kept rule"
    );
    assert_eq!(kept.puzzle.givens().filled_count(), fewest);
    assert_eq!(kept.attempts as usize, first + 1);
    assert_eq!(kept.clues_met, Some(false));
}

#[test]
fn impossible_rules_are_an_error_not_a_panic() {
    // Windoku on 4x4 with anti-king: no grid exists.
    let rules = Rules::new(Shape::from_size(4).unwrap()).with_variants(Variants {
        anti_king: true,
        ..Variants::NONE
    });
    let mut generator = Generator::new(&rules, GenerateOptions::default());
    assert!(generator.generate(0).is_err());
}

/// Draws `seeds` complete grids of `rules` and checks each with the
/// independent checker, and that another generator draws the same grid
/// from the same seed. Returns the grids drawn, as lines.
fn random_fills(rules: &Rules, seeds: u64) -> Vec<String> {
    let mut generator = Generator::new(rules, GenerateOptions::default());
    let mut again = Generator::new(rules, GenerateOptions::default());
    let empty = Puzzle::empty(rules.clone());
    (0..seeds)
        .map(|k| {
            let seed = puzzle_seed(21, k);
            let grid = generator.complete_grid(seed).unwrap();
            assert_eq!(check_solution(&empty, &grid), Ok(()), "{rules}: {grid}");
            assert_eq!(
                again.complete_grid(seed).unwrap(),
                grid,
                "{rules}: seed {seed}"
            );
            grid.to_string()
        })
        .collect()
}

#[test]
fn random_fills_are_complete_grids_of_every_shape_and_variant() {
    let map = "iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";
    let jigsaw = Rules::classic()
        .with_regions(Regions::parse(map, Shape::CLASSIC).unwrap())
        .unwrap();
    let none = Variants::NONE;
    let x = Variants { x: true, ..none };
    let mut cases: Vec<Rules> = [4, 6, 8, 9, 10]
        .into_iter()
        .map(|n| Rules::new(Shape::from_size(n).unwrap()))
        .collect();
    cases.push(Rules::new(Shape::with_boxes(3, 2).unwrap()));
    cases.push(Rules::new(Shape::from_size(6).unwrap()).with_variants(x));
    for variants in [
        x,
        Variants {
            windoku: true,
            ..none
        },
        Variants {
            anti_king: true,
            ..none
        },
        Variants {
            anti_knight: true,
            ..none
        },
    ] {
        cases.push(Rules::classic().with_variants(variants));
    }
    cases.push(jigsaw.clone().with_variants(x));
    cases.push(jigsaw);
    for rules in &cases {
        let grids = random_fills(rules, 6);
        if rules.shape().size() >= 6 {
            // Far more grids than draws: different seeds, different grids.
            let distinct: BTreeSet<_> = grids.iter().collect();
            assert_eq!(distinct.len(), grids.len(), "{rules}: a grid drawn twice");
        }
    }
}

#[test]
fn random_fills_reach_every_four_by_four_grid() {
    // The draw is not uniform, but no grid is out of reach: the 288 grids
    // of 4x4 all turn up.
    let grids = random_fills(&Rules::new(Shape::from_size(4).unwrap()), 4000);
    let distinct: BTreeSet<_> = grids.iter().collect();
    assert_eq!(distinct.len(), 288);
}

#[test]
fn random_fills_of_sixteen_by_sixteen_run_on_the_engine() {
    // Too many cells for the bitsets: the engine's seeded search fills it.
    let rules = Rules::new(Shape::from_size(16).unwrap());
    let grids = random_fills(&rules, 2);
    assert_ne!(grids[0], grids[1]);
}
