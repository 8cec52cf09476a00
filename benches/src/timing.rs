//! Timing helpers: runs are interleaved by the caller, and summarized by
//! their median, which a single disturbed run cannot move far.
//!
//! Two solvers are compared by [`median_ratio`], the median of their
//! per-round ratios, rather than by the ratio of their medians: both runs
//! of a round share that round's load on this shared machine, so their
//! ratio cancels it, where the two medians may come from rounds of
//! different loads.

use std::time::{Duration, Instant};

/// Runs `work` once and returns its result and how long it took.
pub fn time<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = work();
    (value, start.elapsed())
}

/// The median of `samples` (the mean of the middle two for an even count),
/// or `None` if there are none.
#[must_use]
pub fn median(samples: &[Duration]) -> Option<Duration> {
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    middle(&sorted, |a, b| (a + b) / 2)
}

/// The median of `numerator[i] / denominator[i]` over the rounds `i`: the
/// two slices hold one sample per round, in round order. `None` if there
/// are no rounds, if the slices differ in length (a solver left out of
/// some rounds), or if a denominator is zero.
#[must_use]
pub fn median_ratio(numerator: &[Duration], denominator: &[Duration]) -> Option<f64> {
    if numerator.is_empty() || numerator.len() != denominator.len() {
        return None;
    }
    let mut ratios = Vec::with_capacity(numerator.len());
    for (n, d) in numerator.iter().zip(denominator) {
        if d.is_zero() {
            return None;
        }
        ratios.push(n.as_secs_f64() / d.as_secs_f64());
    }
    ratios.sort_unstable_by(f64::total_cmp);
    middle(&ratios, f64::midpoint)
}

/// The middle of `sorted`, or `mean` of its middle two for an even count;
/// `None` if it is empty.
fn middle<T: Copy>(sorted: &[T], mean: impl Fn(T, T) -> T) -> Option<T> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some(mean(sorted[n / 2 - 1], sorted[n / 2])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[ms(5), ms(1), ms(9)]), Some(ms(5)));
        assert_eq!(median(&[ms(4), ms(1), ms(9), ms(2)]), Some(ms(3)));
    }

    #[test]
    fn median_ratio_pairs_the_rounds() {
        let ms = Duration::from_millis;
        // Round by round 2.0, 3.0 and 1.5: the median is 2.0, while the
        // ratio of the medians (200 / 50) would be 4.0.
        let peer = [ms(200), ms(300), ms(30)];
        let ours = [ms(100), ms(100), ms(20)];
        assert_eq!(median_ratio(&peer, &ours), Some(2.0));
        // An even count takes the midpoint of the middle two (1.5 and 2.0).
        assert_eq!(median_ratio(&peer[..2], &[ms(100), ms(200)]), Some(1.75));
        assert_eq!(median_ratio(&[], &[]), None);
        assert_eq!(median_ratio(&peer, &ours[..2]), None);
        assert_eq!(median_ratio(&[ms(1)], &[ms(0)]), None);
    }
}
