//! The Knuth-format problems checked into `data/exact-cover`, with their
//! solution counts: exact cover (DLX1), with colors (DLX2) and with
//! multiplicities (DLX3).

use std::path::PathBuf;

use dlx_engine::NamedProblem;

/// An exact-cover benchmark problem and the number of solutions it must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoverProblem {
    /// A short name for tables.
    pub name: &'static str,
    /// The file name under `data/exact-cover`.
    pub file: &'static str,
    /// The number of solutions: published, except where its constant says
    /// how it was established.
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

/// The 15-queens problem: a long count with many solutions, for thread
/// scaling (`compare --only threads`); not in [`ALL`], as some peers take
/// minutes on it.
pub const QUEENS_15: CoverProblem = CoverProblem {
    name: "queens-15",
    file: "queens-15.dlx",
    solutions: 2_279_184,
};

/// Every plain exact-cover problem, slowest first.
pub const ALL: [CoverProblem; 4] = [PENTOMINOES, QUEENS, LANGFORD, LATIN];

/// Ternary de Bruijn cycles of order 3 (XCC): `(3!)^9 / 3^3` (van
/// Aardenne-Ehrenfest and de Bruijn 1951), the all-zero word fixed at
/// position 0 so each cycle counts once.
pub const DE_BRUIJN: CoverProblem = CoverProblem {
    name: "de-bruijn-3-3",
    file: "de-bruijn-3-3.dlx",
    solutions: 373_248,
};

/// Graceful labelings of the wheel with 7 spokes (XCC). Not a published
/// count: the number both this engine and the `dlx` crate's Algorithm C
/// find, every labeling checked by `cover_check` in `compare`'s
/// verification run (and graceful labelings of `K_n`, with published
/// counts, are checked label by label in the engine's tests).
pub const GRACEFUL: CoverProblem = CoverProblem {
    name: "graceful-wheel-7",
    file: "graceful-wheel-7.dlx",
    solutions: 1_876,
};

/// The partridge puzzle of order 6 (MCC, items `k|#k`): no tiling exists
/// below order 8 (Wainwright; Knuth, TAOCP 7.2.2.1).
pub const PARTRIDGE: CoverProblem = CoverProblem {
    name: "partridge-6",
    file: "partridge-6.dlx",
    solutions: 0,
};

/// 7 x 7 0-1 matrices with two 1s in every row and column (MCC, items
/// `2|r0 ... 2|c6`): OEIS A001499.
pub const MATRICES: CoverProblem = CoverProblem {
    name: "matrices-7-2",
    file: "matrices-7-2.dlx",
    solutions: 3_110_940,
};

/// The problems with colors (Algorithm C).
pub const COLORED: [CoverProblem; 2] = [DE_BRUIJN, GRACEFUL];

/// The problems with multiplicities (Algorithm M).
pub const BOUNDED: [CoverProblem; 2] = [PARTRIDGE, MATRICES];

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
