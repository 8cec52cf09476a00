//! Timing helpers: runs are interleaved by the caller, and summarized by
//! their median, which a single disturbed run cannot move far.

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
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2),
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
}
