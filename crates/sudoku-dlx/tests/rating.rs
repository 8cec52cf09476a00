//! Rating: scores rise across the published data sets, from Project Euler's
//! easy puzzles to the forum's hardest, by a Mann-Whitney U test between
//! consecutive sets.

use sudoku_dlx::{Level, Rated, Rater, Rules, Technique};

use crate::util::{lines, parse};

/// Scores of `sample` puzzles spread evenly over data set `name`.
fn scores(name: &str, sample: usize) -> Vec<f64> {
    let puzzles = lines(name);
    let step = (puzzles.len() / sample).max(1);
    let mut rater = Rater::new(&Rules::classic());
    puzzles
        .iter()
        .step_by(step)
        .take(sample)
        .map(|line| match rater.rate_puzzle(&parse(line)).unwrap() {
            Rated::Rated(rating) => rating.score,
            other => panic!("{line}: {other:?}"),
        })
        .collect()
}

/// The normal approximation of Mann-Whitney's U for "`b` scores higher
/// than `a`" (ties count half): a z above 2.33 is significant at 1%, one-sided.
fn mann_whitney_z(a: &[f64], b: &[f64]) -> f64 {
    let u: f64 = a
        .iter()
        .map(|x| {
            b.iter()
                .map(|y| match y.total_cmp(x) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                })
                .sum::<f64>()
        })
        .sum();
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    (u - n1 * n2 / 2.0) / (n1 * n2 * (n1 + n2 + 1.0) / 12.0).sqrt()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
fn the_easiest_and_hardest_sets_are_far_apart() {
    let easy = scores("emerentius_easy.txt", 20);
    let hard = scores("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 10);
    assert!(mann_whitney_z(&easy, &hard) > 3.0);
    assert_eq!(Level::of_score(median(hard)), Level::Extreme);
}

#[test]
#[ignore = "rates 1650 puzzles; run in release mode (see .ci/run)"]
fn scores_rise_across_the_data_sets() {
    let sets = [
        ("emerentius_easy.txt", 50),
        ("tdoku_puzzles1_unbiased_1000subset.txt", 400),
        ("tdoku_puzzles2_17_clue.txt", 400),
        ("tdoku_puzzles3_magictour_top1465.txt", 400),
        ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 400),
    ];
    let all: Vec<Vec<f64>> = sets.iter().map(|&(name, n)| scores(name, n)).collect();
    for (k, pair) in all.windows(2).enumerate() {
        let z = mann_whitney_z(&pair[0], &pair[1]);
        let (m0, m1) = (median(pair[0].clone()), median(pair[1].clone()));
        assert!(
            z > 2.33 && m1 > m0,
            "{} -> {}: z = {z:.2}, medians {m0:.2} -> {m1:.2}",
            sets[k].0,
            sets[k + 1].0
        );
    }
}

/// Regression: `Rating::hardest` was documented as "the last one tried when
/// logic got stuck"; it is the hardest technique that made progress, `None`
/// when none did (Easter Monster, whose first step is beyond them).
#[test]
fn hardest_is_the_hardest_technique_that_made_progress() {
    let mut rater = Rater::new(&Rules::classic());
    let rate = |rater: &mut Rater, line: &str| match rater.rate_puzzle(&parse(line)).unwrap() {
        Rated::Rated(rating) => rating,
        other => panic!("{line}: {other:?}"),
    };
    let easter_monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let rating = rate(&mut rater, easter_monster);
    assert!(!rating.solved_by_logic);
    assert_eq!(rating.hardest, None);
    assert_eq!(rating.logic.steps, 0);
    // Where logic does work, the hardest is the hardest with a use.
    for line in lines("emerentius_easy.txt").iter().take(20) {
        let rating = rate(&mut rater, line);
        let used = Technique::ALL
            .into_iter()
            .filter(|&t| rating.logic.uses(t) > 0)
            .max();
        assert_eq!(rating.hardest, used, "{line}");
        assert!(rating.hardest.is_some());
    }
}
