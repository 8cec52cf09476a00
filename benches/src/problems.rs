//! The Knuth-format exact-cover problems checked into `data/exact-cover`,
//! with their published solution counts.

use std::path::PathBuf;

use dlx::NamedProblem;

/// An exact-cover benchmark problem and the number of solutions it must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoverProblem {
    /// A short name for tables.
    pub name: &'static str,
    /// The file name under `data/exact-cover`.
    pub file: &'static str,
    /// The published number of solutions.
    pub solutions: u64,
}

/// Pentominoes on a 6x10 board: the slowest problem, about seconds per count.
pub const PENTOMINOES: CoverProblem = CoverProblem {
    name: "pentominoes-6x10",
    file: "pentominoes-6x10.dlx",
    solutions: 9_356,
};

/// The 12-queens problem (columns primary, diagonals secondary).
pub const QUEENS: CoverProblem = CoverProblem {
    name: "queens-12",
    file: "queens-12.dlx",
    solutions: 14_200,
};

/// Langford pairs for n = 11.
pub const LANGFORD: CoverProblem = CoverProblem {
    name: "langford-11",
    file: "langford-11.dlx",
    solutions: 35_584,
};

/// Latin squares of order 5.
pub const LATIN: CoverProblem = CoverProblem {
    name: "latin-5",
    file: "latin-5.dlx",
    solutions: 161_280,
};

/// Every problem, slowest first.
pub const ALL: [CoverProblem; 4] = [PENTOMINOES, QUEENS, LANGFORD, LATIN];

/// The repository's `data` directory.
#[must_use]
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data")
}

impl CoverProblem {
    /// Reads and parses the problem.
    ///
    /// # Errors
    ///
    /// A message naming the file if it cannot be read or parsed.
    pub fn load(&self) -> Result<NamedProblem, String> {
        let path = data_dir().join("exact-cover").join(self.file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        NamedProblem::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}
