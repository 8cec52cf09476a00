//! The band board held to the general board (`bitboard.rs`) and to the
//! independent checker, on random classic puzzles: starts, solutions in
//! order, counts to a limit, uniqueness after blanking, and budgets.

use std::ops::ControlFlow;

use dlx::{Budget, SplitMix64, Stats};
use proptest::prelude::*;

use crate::model::checker::check_solution;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::variants::Variants;
use crate::solve::band::{BandBoard, BandStart, CELLS, fits, locate};
use crate::solve::bitboard::{BitRules, Board, Limit, Lowest, Shuffled, Start, Stop};

fn classic_bits() -> BitRules {
    BitRules::new(&Geometry::new(&Rules::classic())).unwrap()
}

/// A complete grid drawn with `rng` by the general board's shuffled order.
fn random_grid(bits: &BitRules, rng: &mut SplitMix64) -> Vec<u8> {
    let mut stats = Stats::default();
    let Start::Board(board) = bits.start(&[0; CELLS], &mut stats) else {
        panic!("an empty board has no forced move");
    };
    let mut grid = vec![0; CELLS];
    let _ = bits.search(
        &board,
        &mut Shuffled(rng),
        Limit::of(Budget::UNLIMITED),
        &mut stats,
        &mut |b| {
            bits.write_digits(b, &mut grid);
            ControlFlow::Break(())
        },
    );
    grid
}

/// Givens of a kind chosen by `kind`: sparse random digits (clashes, many
/// solutions), cells kept from `grid` at a rate (unique and open puzzles),
/// and the latter with one cell changed (clashes and dead ends).
fn givens(grid: &[u8], kind: u32, rng: &mut SplitMix64) -> Vec<u8> {
    let mut givens: Vec<u8> = if kind.is_multiple_of(3) {
        (0..CELLS)
            .map(|_| match rng.below(12) {
                0 => u8::try_from(1 + rng.below(9)).unwrap(),
                _ => 0,
            })
            .collect()
    } else {
        let keep = 2 + kind % 5;
        grid.iter()
            .map(|&d| if rng.below(10) < keep { d } else { 0 })
            .collect()
    };
    if kind % 4 == 2 {
        let cell = rng.below(81) as usize;
        givens[cell] = u8::try_from(1 + rng.below(9)).unwrap();
    }
    givens
}

/// Whether the band board and the general one hold the same candidates
/// and open cells.
fn same_board(band: &BandBoard, general: &Board) -> bool {
    let mut open = 0u128;
    for c in 0..CELLS {
        let (b, bit) = locate(c);
        if band.open[b] & bit != 0 {
            open |= 1 << c;
        }
    }
    let digits: Vec<u16> = (0..CELLS).map(|c| band.digits_of(c)).collect();
    general.agrees(open, &digits)
}

/// Up to `limit` solutions in the order a search finds them, and how it
/// stopped; the general board's when `general`, else the band board's.
fn solutions(givens: &[u8], limit: usize, general: bool) -> (Vec<Vec<u8>>, Option<Stop>) {
    let bits = classic_bits();
    let mut found = Vec::new();
    let budget = Limit::of(Budget {
        max_nodes: Some(20_000),
        ..Budget::UNLIMITED
    });
    let mut stats = Stats::default();
    let mut keep = |grid: Vec<u8>| {
        found.push(grid);
        if found.len() == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let flow = if general {
        match bits.start(givens, &mut stats) {
            Start::Board(board) => bits.search(&board, &mut Lowest, budget, &mut stats, &mut |b| {
                let mut grid = vec![0; CELLS];
                bits.write_digits(b, &mut grid);
                keep(grid)
            }),
            _ => ControlFlow::Continue(()),
        }
    } else {
        match BandBoard::start(givens, &mut stats.updates) {
            BandStart::Board(board) => board.search(budget, &mut stats, &mut |b| {
                let mut grid = vec![0; CELLS];
                b.write_digits(&mut grid);
                keep(grid)
            }),
            _ => ControlFlow::Continue(()),
        }
    };
    (found, flow.break_value())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn band_board_starts_as_the_general_board(seed in any::<u64>(), kind in 0u32..60) {
        let bits = classic_bits();
        let mut rng = SplitMix64::new(seed);
        let grid = random_grid(&bits, &mut rng);
        let givens = givens(&grid, kind, &mut rng);
        let (mut band_placed, mut general) = (0, Stats::default());
        match (BandBoard::start(&givens, &mut band_placed), bits.start(&givens, &mut general)) {
            (BandStart::Board(a), Start::Board(b)) => {
                prop_assert!(same_board(&a, &b), "{:?}", givens);
                prop_assert_eq!(band_placed, general.updates);
            }
            (BandStart::DeadEnd, Start::DeadEnd) | (BandStart::Clash, Start::Clash) => {}
            (a, b) => prop_assert!(false, "{:?}: {:?} against {:?}", givens, a, b),
        }
    }

    #[test]
    fn band_search_finds_the_general_solutions_in_order(seed in any::<u64>(), kind in 0u32..60) {
        let bits = classic_bits();
        let mut rng = SplitMix64::new(seed);
        let grid = random_grid(&bits, &mut rng);
        let givens = givens(&grid, kind, &mut rng);
        let (band, band_stop) = solutions(&givens, 4, false);
        let (general, general_stop) = solutions(&givens, 4, true);
        prop_assert_eq!(&band, &general, "{:?}", givens);
        if general_stop != Some(Stop::Budget) {
            prop_assert_eq!(band_stop, general_stop);
        }
        // Each solution checked by the checker, not by either board.
        let shape = Shape::from_size(9).unwrap();
        for solution in &band {
            let puzzle = Puzzle::new(
                Rules::classic(),
                Grid::from_digits(shape, givens.clone()).unwrap(),
            )
            .unwrap();
            let grid = Grid::from_digits(shape, solution.clone()).unwrap();
            prop_assert_eq!(check_solution(&puzzle, &grid), Ok(()));
        }
    }

    #[test]
    fn band_search_other_agrees_with_the_general_one(seed in any::<u64>(), keep in 4u32..8) {
        let bits = classic_bits();
        let mut rng = SplitMix64::new(seed);
        let solution = random_grid(&bits, &mut rng);
        // Givens kept at a rate, then some of them blanked: with the
        // blanked cells filled the puzzle must be unique, so fill the
        // blanked cells into a puzzle whose uniqueness is known first.
        let givens: Vec<u8> = solution
            .iter()
            .map(|&d| if rng.below(10) < keep { d } else { 0 })
            .collect();
        let (found, _) = solutions(&givens, 2, false);
        prop_assume!(found.len() == 1);
        let filled: Vec<usize> = (0..CELLS).filter(|&c| givens[c] != 0).collect();
        let blanked: Vec<usize> = filled.iter().copied().filter(|_| rng.below(3) == 0).collect();
        let mut fewer = givens.clone();
        for &c in &blanked {
            fewer[c] = 0;
        }
        let limit = Limit::of(Budget::UNLIMITED);
        let mut stats = Stats::default();
        let band = match BandBoard::start(&fewer, &mut stats.updates) {
            BandStart::Board(board) => board.search_other(&solution, &blanked, limit, &mut stats),
            start => panic!("{start:?}"),
        };
        let general = match bits.start(&fewer, &mut stats) {
            Start::Board(board) => bits.search_other(&board, &solution, &blanked, limit, &mut stats),
            start => panic!("{start:?}"),
        };
        prop_assert_eq!(band, general);
        // And the answer itself, by a count to 2 of the fewer givens.
        let (found, _) = solutions(&fewer, 2, false);
        prop_assert_eq!(band.is_continue(), found.len() == 1);
    }
}

#[test]
fn fits_the_plain_grid_alone() {
    assert!(fits(&Geometry::new(&Rules::classic())));
    let variants = [
        Variants {
            x: true,
            ..Variants::NONE
        },
        Variants {
            windoku: true,
            ..Variants::NONE
        },
        Variants {
            anti_king: true,
            ..Variants::NONE
        },
        Variants {
            anti_knight: true,
            ..Variants::NONE
        },
    ];
    for variants in variants {
        let rules = Rules::classic().with_variants(variants);
        assert!(!fits(&Geometry::new(&rules)), "{variants:?}");
    }
    for n in [4, 6, 8, 10] {
        let rules = Rules::new(Shape::from_size(n).unwrap());
        assert!(!fits(&Geometry::new(&rules)), "{n}x{n}");
    }
}

#[test]
fn budget_stops_an_empty_board() {
    let mut stats = Stats::default();
    let BandStart::Board(board) = BandBoard::start(&[0; CELLS], &mut stats.updates) else {
        panic!("an empty board has no forced move");
    };
    let limit = Limit::of(Budget {
        max_nodes: Some(500),
        ..Budget::UNLIMITED
    });
    let flow = board.search(limit, &mut stats, &mut |_| ControlFlow::Continue(()));
    assert_eq!(flow, ControlFlow::Break(Stop::Budget));
    assert_eq!(stats.nodes, 500);
    assert!(stats.solutions > 0);
}

#[test]
fn clashing_and_out_of_range_givens_clash() {
    let mut row = [0u8; CELLS];
    row[0] = 5;
    row[8] = 5;
    let mut column = [0u8; CELLS];
    column[4] = 2;
    column[76] = 2;
    let mut out_of_range = [0u8; CELLS];
    out_of_range[40] = 10;
    for givens in [row, column, out_of_range] {
        assert!(matches!(
            BandBoard::start(&givens, &mut 0),
            BandStart::Clash
        ));
    }
    assert!(matches!(
        BandBoard::start(&[1; 80], &mut 0),
        BandStart::Clash
    ));
}
