//! [`Fingerprint`]: which problem a job or a result belongs to.

use std::fmt;
use std::str::FromStr;

use crate::text_format::NamedProblem;

/// A hash of a problem as searched: its text in Knuth's format and whether
/// it was pruned ([`Problem::prune`](crate::Problem::prune)) before the
/// search. A [`Job`](super::Job) carries the fingerprint of the problem it
/// was split from, so that a job run against another problem fails instead
/// of counting something else, and a merge refuses results of two problems.
///
/// It is FNV-1a over 64 bits, written as 16 lower-case hex digits: stable
/// across platforms and versions as long as the text format is. It tells
/// problems apart by accident, not against an adversary.
///
/// ```
/// use dlx_engine::NamedProblem;
/// use dlx_engine::split::Fingerprint;
///
/// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
/// let plain = Fingerprint::of(&named);
/// assert_ne!(plain, Fingerprint::of_pruned(&named));
/// assert_eq!(plain.to_string().parse::<Fingerprint>(), Ok(plain));
/// assert_ne!(plain, Fingerprint::of(&NamedProblem::parse("a b\na\nb\n")?));
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// The fingerprint of `named` searched as it is.
    #[must_use]
    pub fn of(named: &NamedProblem) -> Self {
        Self::hash(named, "")
    }

    /// The fingerprint of `named` searched after
    /// [`Problem::prune`](crate::Problem::prune).
    #[must_use]
    pub fn of_pruned(named: &NamedProblem) -> Self {
        Self::hash(named, "|pruned\n")
    }

    /// The fingerprint with this value, as [`value`](Self::value) gives it.
    ///
    /// ```
    /// use dlx_engine::split::Fingerprint;
    /// let f = Fingerprint::from_value(0xad4a_3666_a514_4d69);
    /// assert_eq!(f.to_string(), "ad4a3666a5144d69");
    /// assert_eq!(f.value(), 0xad4a_3666_a514_4d69);
    /// ```
    #[must_use]
    pub fn from_value(value: u64) -> Self {
        Fingerprint(value)
    }

    /// The hash itself.
    #[must_use]
    pub fn value(self) -> u64 {
        self.0
    }

    /// FNV-1a of the problem's text followed by `suffix`, fed to the hash
    /// as it is formatted rather than built as one string.
    fn hash(named: &NamedProblem, suffix: &str) -> Self {
        let mut hasher = Fnv(0xcbf2_9ce4_8422_2325);
        // Writing to the hasher cannot fail, and a problem's Display only
        // fails if its writer does.
        let _ = fmt::write(&mut hasher, format_args!("{named}{suffix}"));
        Fingerprint(hasher.0)
    }
}

/// FNV-1a, 64 bits, over the bytes written to it.
struct Fnv(u64);

impl fmt::Write for Fnv {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for byte in text.bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// A text that is not a [`Fingerprint`]: one is 16 hex digits.
///
/// ```
/// use dlx_engine::split::Fingerprint;
/// let error = "ad4a".parse::<Fingerprint>().unwrap_err();
/// assert_eq!(error.to_string(), "`ad4a` is not a fingerprint (16 hex digits)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FingerprintError {
    /// The text read.
    pub text: String,
}

impl fmt::Display for FingerprintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a fingerprint (16 hex digits)", self.text)
    }
}

impl std::error::Error for FingerprintError {}

impl FromStr for Fingerprint {
    type Err = FingerprintError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || FingerprintError {
            text: text.to_owned(),
        };
        if text.len() != 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(error());
        }
        u64::from_str_radix(text, 16)
            .map(Fingerprint)
            .map_err(|_| error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash the CLI has always written for these problems (FNV-1a of
    /// the text, `|pruned` appended when pruned): jobs split by an older
    /// version still run.
    #[test]
    fn the_hash_is_the_published_one() {
        let named = NamedProblem::parse("a b\na\nb\na b\n").unwrap();
        let text = named.to_string();
        let fnv = |text: &str| {
            text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
        };
        assert_eq!(Fingerprint::of(&named).value(), fnv(&text));
        assert_eq!(
            Fingerprint::of_pruned(&named).value(),
            fnv(&format!("{text}|pruned\n"))
        );
        for bad in [
            "",
            "0123456789abcdeg",
            "0123456789abcdef0",
            "+123456789abcdef",
        ] {
            assert!(bad.parse::<Fingerprint>().is_err(), "{bad}");
        }
    }
}
