//! Exact counts past `u128`: a natural number as 64-bit limbs.
//!
//! The ZDD needs only addition, comparison, decimal printing and a uniform
//! draw below a bound, so a few dozen lines here stand in for a bignum
//! crate (num-bigint and its three dependencies) in an engine that has
//! none; counts that fit in a `u128` never come here.

use std::cmp::Ordering;
use std::fmt;

/// A natural number of any size (an exact solution count).
///
/// ```
/// use dlx_engine::Natural;
/// let big = Natural::from(u128::MAX).add(&Natural::from(1));
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// assert_eq!(big.to_u128(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Natural {
    /// Little-endian limbs, no trailing zero limb (zero is empty).
    limbs: Vec<u64>,
}

impl From<u128> for Natural {
    fn from(value: u128) -> Self {
        // Truncations intended: the low and the high half.
        #[allow(clippy::cast_possible_truncation)]
        let mut limbs = vec![value as u64, (value >> 64) as u64];
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Natural { limbs }
    }
}

impl Natural {
    /// The number whose little-endian 64-bit limbs are `limbs`.
    pub(crate) fn from_limbs(mut limbs: Vec<u64>) -> Natural {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Natural { limbs }
    }

    /// The sum `self + other`.
    #[must_use]
    pub fn add(&self, other: &Natural) -> Natural {
        let (long, short) = if self.limbs.len() >= other.limbs.len() {
            (&self.limbs, &other.limbs)
        } else {
            (&other.limbs, &self.limbs)
        };
        let mut limbs = Vec::with_capacity(long.len() + 1);
        let mut carry = false;
        for (k, &a) in long.iter().enumerate() {
            let (sum, c1) = a.overflowing_add(short.get(k).copied().unwrap_or(0));
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            limbs.push(sum);
            carry = c1 || c2;
        }
        if carry {
            limbs.push(1);
        }
        Natural { limbs }
    }

    /// The value as a `u128`, if it fits.
    #[must_use]
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [low] => Some(u128::from(*low)),
            [low, high] => Some(u128::from(*low) | (u128::from(*high) << 64)),
            _ => None,
        }
    }

    /// Whether the value is zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// A uniform value in `0..self` (`self` positive) from 64-bit draws of
    /// `next`, by rejection.
    pub(crate) fn random_below(&self, mut next: impl FnMut() -> u64) -> Natural {
        let top = self.limbs.last().copied().unwrap_or(0);
        let mask = u64::MAX >> top.leading_zeros();
        loop {
            let mut limbs: Vec<u64> = (0..self.limbs.len()).map(|_| next()).collect();
            if let Some(last) = limbs.last_mut() {
                *last &= mask;
            }
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            let value = Natural { limbs };
            if value < *self {
                return value;
            }
        }
    }

    /// Divides in place by `divisor`, returning the remainder.
    fn divide_small(&mut self, divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let value = (remainder << 64) | u128::from(*limb);
            // The quotient fits: remainder < divisor.
            #[allow(clippy::cast_possible_truncation)]
            {
                *limb = (value / u128::from(divisor)) as u64;
            }
            remainder = value % u128::from(divisor);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        // remainder < divisor, a u64.
        #[allow(clippy::cast_possible_truncation)]
        let remainder = remainder as u64;
        remainder
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(value) = self.to_u128() {
            return write!(f, "{value}");
        }
        // Nineteen decimal digits at a time, lowest first.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.divide_small(CHUNK));
        }
        let mut chunks = chunks.iter().rev();
        if let Some(first) = chunks.next() {
            write!(f, "{first}")?;
        }
        for chunk in chunks {
            write!(f, "{chunk:019}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_prints_past_u128() {
        let max = Natural::from(u128::MAX);
        let twice = max.add(&max);
        assert_eq!(twice.to_string(), "680564733841876926926749214863536422910");
        assert!(twice > max);
        assert_eq!(Natural::from(12_988_816).to_string(), "12988816");
        assert_eq!(Natural::from(0).to_string(), "0");
        let mut draws = 0u64;
        let value = twice.random_below(|| {
            draws += 1;
            draws.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        assert!(value < twice);
    }
}
