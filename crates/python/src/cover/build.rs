//! Problems from what Python users write: options as lists of item names
//! (xcover's shape), Knuth's text, and 0/1 matrices (numpy, scipy).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use dlx_engine::{DlxError, EntryRef, NamedBuilder, NamedProblem, Problem};
use numpy::{PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::{parse_error, problem_error};

/// A `DlxError` as the Python exception for it: a `ParseError` with its
/// position for text (`place`, a file name, prefixes the message), else a
/// `ProblemError` naming the option at fault.
pub(crate) fn dlx_error(py: Python<'_>, error: &DlxError, place: Option<&str>) -> PyErr {
    if let DlxError::Parse { line, column, .. } = error {
        let message = match place {
            Some(place) => format!("{place}:{line}:{column}: {error}"),
            None => error.to_string(),
        };
        return parse_error(py, message, Some(*line), Some(*column));
    }
    problem_error(py, error.to_string(), error_option(error))
}

/// A `DlxError` of a problem built from names, as a `ProblemError` that
/// names what the user wrote: `items[k]` is item k's name, and
/// `place(k)` gives option k's position as the user counts it (its index
/// in the list, or its row of a matrix) and how to name it there
/// (`options[3] ["a", "b"]`, `row 5`). The position is the exception's
/// `option`.
fn named_error(
    py: Python<'_>,
    error: &DlxError,
    items: &[String],
    place: &dyn Fn(usize) -> (usize, String),
) -> PyErr {
    let option = |k: usize| place(k).1;
    let item = |k: usize| {
        items
            .get(k)
            .map_or_else(|| format!("item {k}"), |name| format!("item {name:?}"))
    };
    let message = match error {
        DlxError::ItemOutOfRange {
            option: k,
            item: i,
            items: n,
        } => format!(
            "{} names item {i}, but the problem has only {n} items (0 to {})",
            option(*k),
            n.saturating_sub(1)
        ),
        DlxError::RepeatedItem { option: k, item: i } => {
            format!(
                "{} names {} twice; name each item once",
                option(*k),
                item(i.index())
            )
        }
        DlxError::EmptyOption { option: k } => format!(
            "{} is empty; an option must name at least one primary item",
            option(*k)
        ),
        DlxError::NoPrimaryInOption { option: k } => format!(
            "{} names only secondary items, so it could never be chosen; add a primary item or drop it",
            option(*k)
        ),
        DlxError::OptionTooLong {
            option: k,
            len,
            limit,
        } => format!(
            "{} names {len} items, more than the {limit} one option may name",
            option(*k)
        ),
        DlxError::ColorOnPrimary { option: k, item: i } => format!(
            "{} gives primary {} a color; only secondary items have colors",
            option(*k),
            item(i.index())
        ),
        DlxError::UnknownItemName { option: k, name } => format!(
            "{} names {name:?}, which is neither primary nor secondary; add it to one of them",
            option(*k)
        ),
        DlxError::EmptyColor {
            option: k,
            item: name,
        } => format!(
            "{} has {:?} with no color after ':'; write {:?}, or {name:?} for no color",
            option(*k),
            format!("{name}:"),
            format!("{name}:A"),
        ),
        DlxError::BoundsOnSecondary { item: i } => format!(
            "{} is secondary and cannot have bounds; make it primary or drop the bounds",
            item(i.index())
        ),
        DlxError::BadBounds {
            item: i,
            lower,
            upper,
        } => format!(
            "bounds ({lower}, {upper}) for {} are not valid; the upper bound must be at least 1 and at least the lower bound",
            item(i.index())
        ),
        _ => return dlx_error(py, error, None),
    };
    problem_error(py, message, error_option(error).map(|k| place(k).0))
}

/// The option a `DlxError` is about, if any.
fn error_option(error: &DlxError) -> Option<usize> {
    match error {
        DlxError::ItemOutOfRange { option, .. }
        | DlxError::RepeatedItem { option, .. }
        | DlxError::EmptyOption { option, .. }
        | DlxError::NoPrimaryInOption { option, .. }
        | DlxError::OptionTooLong { option, .. }
        | DlxError::ColorOnPrimary { option, .. }
        | DlxError::UnknownOption { option, .. }
        | DlxError::UnknownItemName { option, .. }
        | DlxError::EmptyColor { option, .. } => Some(*option),
        _ => None,
    }
}

/// Knuth's text (DLX1, DLX2's colors, DLX3's bounds).
pub(crate) fn parse(py: Python<'_>, text: &str) -> PyResult<NamedProblem> {
    NamedProblem::parse(text).map_err(|e| dlx_error(py, &e, None))
}

/// Knuth's text from a file; errors say FILE:LINE:COL.
pub(crate) fn read(py: Python<'_>, path: &Path) -> PyResult<NamedProblem> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    NamedProblem::parse(&text).map_err(|e| dlx_error(py, &e, Some(&path.display().to_string())))
}

/// An item's name from a Python object: a `str` as it is, anything else
/// (an int, a tuple) by `str()`.
fn name_of(entry: &Bound<'_, PyAny>) -> PyResult<String> {
    match entry.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Ok(entry.str()?.to_cow()?.into_owned()),
    }
}

/// Bounds of a multiplicity, from `n` (exactly n times) or `(lower, upper)`.
fn bounds_of(py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    if let Ok(n) = value.extract::<u32>() {
        return Ok((n, n));
    }
    value.extract::<(u32, u32)>().map_err(|_| {
        problem_error(
            py,
            format!("bounds of item {name:?}: expected n or (lower, upper), non-negative integers"),
            None,
        )
    })
}

/// Options as lists of names, xcover's shape: `"x:red"` gives secondary
/// item `x` the color `red`. Items not declared are inferred in order of
/// first appearance: primary unless colored somewhere, or declared
/// secondary, or (with `primary` given) not in it.
pub(crate) fn from_options(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    bounds: Option<&Bound<'_, PyAny>>,
) -> PyResult<NamedProblem> {
    let entries = Entries::read(py, options)?;
    let names = |list: Option<&Bound<'_, PyAny>>| -> PyResult<Option<Vec<String>>> {
        list.map(|l| l.try_iter()?.map(|e| name_of(&e?)).collect())
            .transpose()
    };
    let given_primary = names(primary)?;
    let given_secondary = names(secondary)?;
    let mut multiplicity: HashMap<String, (u32, u32)> = HashMap::new();
    let mut bounded_order = Vec::new();
    if let Some(bounds) = bounds {
        for pair in bounds.call_method0("items")?.try_iter()? {
            let (key, value) = pair?.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
            let name = name_of(&key)?;
            let b = bounds_of(py, &name, &value)?;
            bounded_order.push(name.clone());
            multiplicity.insert(name, b);
        }
    }
    let (primary, secondary) = match (given_primary, given_secondary) {
        (Some(p), Some(s)) => (p, s),
        (p, s) => infer_items(&entries.texts, p, s, &multiplicity, &bounded_order),
    };
    let primary_set: HashSet<&str> = primary.iter().map(String::as_str).collect();
    for item in &bounded_order {
        if !primary_set.contains(item.as_str()) {
            return Err(problem_error(
                py,
                format!("bounds for item {item:?}, which is not primary"),
                None,
            ));
        }
    }
    let items: Vec<String> = primary.iter().chain(&secondary).cloned().collect();
    let place = |k: usize| match entries.row(k) {
        Some(row) => (k, format!("options[{k}] {row:?}")),
        None => (k, format!("options[{k}]")),
    };
    let err = |e: DlxError| named_error(py, &e, &items, &place);
    let mut builder = NamedBuilder::new();
    for item in &primary {
        match multiplicity.get(item) {
            Some(&(lower, upper)) => builder.bounded(item.as_str(), lower, upper).map_err(err)?,
            None => builder.primary(item.as_str()).map_err(err)?,
        };
    }
    for item in &secondary {
        builder.secondary(item.as_str()).map_err(err)?;
    }
    // Each distinct entry is looked up once: an option is then its
    // entries' items (and colors), and only a name the builder does not
    // know goes to it as text, for its error.
    let resolved: Vec<EntryRef<'_>> = entries
        .texts
        .iter()
        .map(|text| {
            let (name, color) = match text.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (text.as_str(), None),
            };
            builder
                .item(name)
                .map_or(EntryRef::Text(text), |item| EntryRef::Item(item, color))
        })
        .collect();
    for row in entries.rows() {
        builder
            .option(row.iter().map(|&e| resolved[e as usize]))
            .map_err(err)?;
    }
    if entries.ends.is_empty() && !primary.is_empty() {
        // No option: a problem without solutions, unless nothing is to be covered.
        return Problem::builder(primary.len(), secondary.len())
            .map_err(err)
            .and_then(|b| NamedProblem::new(b.build(), items.clone()).map_err(err));
    }
    builder.build().map_err(err)
}

/// The options of `Problem(options, ...)` as read from Python: each
/// distinct entry once, and each option as indices into them. A Python
/// dict finds a `str` seen before (its hash is cached in the string), so
/// a name is turned into Rust text, and hashed by the builder, once
/// however many options name it: a copy, an allocation and a hash per
/// entry were most of the cost of building (perf: malloc and free a
/// third, SipHash a tenth). Other entries (ints, tuples) are named by
/// `str()` each time.
struct Entries {
    /// The distinct entries' text (`x` or `x:color`), in order of first
    /// appearance.
    texts: Vec<String>,
    /// Every option's entries, one after the other, as indices into `texts`.
    flat: Vec<u32>,
    /// Where each option's entries end in `flat`.
    ends: Vec<usize>,
}

impl Entries {
    fn read(py: Python<'_>, options: &Bound<'_, PyAny>) -> PyResult<Self> {
        let seen = PyDict::new(py);
        let mut entries = Entries {
            texts: Vec::new(),
            flat: Vec::new(),
            ends: Vec::new(),
        };
        for option in options.try_iter()? {
            let option = option?;
            let k = entries.ends.len();
            if option.is_instance_of::<PyString>() {
                // A string is iterable, but one item per character is never meant.
                return Err(problem_error(
                    py,
                    format!(
                        "options[{k}] {}: a list of item names, not a string",
                        option.repr()?
                    ),
                    Some(k),
                ));
            }
            for entry in option.try_iter()? {
                let entry = entry?;
                // Only a str is its own name: 1, True and 1.0 are one
                // key of a dict, but three names.
                let text = entry.is_exact_instance_of::<PyString>();
                let index = match text.then(|| seen.get_item(&entry)).transpose()? {
                    Some(Some(index)) => index.extract::<u32>()?,
                    _ => {
                        let index = u32::try_from(entries.texts.len()).map_err(|_| {
                            problem_error(py, "more than 2^32 distinct item names".into(), Some(k))
                        })?;
                        entries.texts.push(name_of(&entry)?);
                        if text {
                            seen.set_item(&entry, index)?;
                        }
                        index
                    }
                };
                entries.flat.push(index);
            }
            entries.ends.push(entries.flat.len());
        }
        Ok(entries)
    }

    /// Each option's entries, as indices into `texts`.
    fn rows(&self) -> impl Iterator<Item = &[u32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.flat[start..end])
    }

    /// Option `k`'s entries as text (for an error message).
    fn row(&self, k: usize) -> Option<Vec<&str>> {
        let rows = self.rows().nth(k)?;
        Some(
            rows.iter()
                .map(|&e| self.texts[e as usize].as_str())
                .collect(),
        )
    }
}

/// The primary and secondary items of the distinct option `entries` (in
/// order of first appearance) where the caller did not give
/// both: items in order of first appearance, primary unless colored
/// somewhere (and not `bounded`), or given as secondary, or (with
/// `primary` given) not in it; a bounded item no option names is primary
/// too. Sets, not lists, are searched: linear in the names.
fn infer_items(
    entries: &[String],
    primary: Option<Vec<String>>,
    secondary: Option<Vec<String>>,
    bounded: &HashMap<String, (u32, u32)>,
    bounded_order: &[String],
) -> (Vec<String>, Vec<String>) {
    // Items in order of first appearance, and whether each is ever colored.
    let mut seen: Vec<&str> = Vec::new();
    let mut colored: HashMap<&str, bool> = HashMap::new();
    for entry in entries {
        let (item, color) = match entry.split_once(':') {
            Some((item, _)) => (item, true),
            None => (entry.as_str(), false),
        };
        match colored.get_mut(item) {
            Some(c) => *c |= color,
            None => {
                seen.push(item);
                colored.insert(item, color);
            }
        }
    }
    let owned = |items: Vec<&str>| items.into_iter().map(str::to_owned).collect::<Vec<_>>();
    if let Some(p) = primary {
        let given: HashSet<&str> = p.iter().map(String::as_str).collect();
        let s = owned(seen.into_iter().filter(|i| !given.contains(i)).collect());
        return (p, s);
    }
    let s = secondary.unwrap_or_else(|| {
        owned(
            seen.iter()
                .copied()
                .filter(|i| colored[i] && !bounded.contains_key(*i))
                .collect(),
        )
    });
    let mut taken: HashSet<&str> = s.iter().map(String::as_str).collect();
    let mut p = Vec::new();
    for item in seen
        .into_iter()
        .chain(bounded_order.iter().map(String::as_str))
    {
        if taken.insert(item) {
            p.push(item.to_owned());
        }
    }
    (p, s)
}

/// Column names `c0`, `c1`... or the caller's, for an error's message:
/// a problem names its columns itself ([`named_columns`]).
fn column_names(columns: usize, names: Option<&[String]>) -> Vec<String> {
    names.map_or_else(
        || {
            (0..columns)
                .map(|c| NamedProblem::numbered_name(COLUMN_PREFIX, c))
                .collect()
        },
        <[String]>::to_vec,
    )
}

/// What a matrix's column `k` is called, followed by `k`, unless the
/// caller names the columns.
const COLUMN_PREFIX: &str = "c";

/// `problem` with its columns called `names`, or `c0`, `c1`... made only
/// when a name is asked for ([`NamedProblem::numbered`]): a small matrix
/// solved at once never makes them.
fn named_columns(problem: Problem, names: Option<Vec<String>>) -> Result<NamedProblem, DlxError> {
    match names {
        Some(names) => NamedProblem::new(problem, names),
        None => NamedProblem::numbered(problem, COLUMN_PREFIX),
    }
}

/// A problem from a matrix, and when rows were left out the row of each of
/// its options and how many rows there were (`None`: option `k` is row `k`).
pub(crate) type FromRows = (NamedProblem, Option<(Vec<usize>, usize)>);

/// A matrix as `cover.from_matrix` hands it over: a numpy boolean array,
/// or a CSR matrix's `(indptr, indices, columns)`.
#[derive(FromPyObject)]
pub(crate) enum Matrix<'py> {
    Dense(PyReadonlyArray2<'py, bool>),
    Csr(
        (
            PyReadonlyArray1<'py, i64>,
            PyReadonlyArray1<'py, i64>,
            usize,
        ),
    ),
}

/// The problem of `matrix`, its first `primary` columns primary, the
/// columns called `names` (or `c0`, `c1`...).
pub(crate) fn from_matrix(
    py: Python<'_>,
    matrix: Matrix<'_>,
    primary: usize,
    names: Option<Vec<String>>,
) -> PyResult<FromRows> {
    match matrix {
        Matrix::Dense(array) => from_dense(py, array.as_array(), primary, names),
        Matrix::Csr((indptr, indices, columns)) => {
            from_csr(py, &indptr, &indices, columns, primary, names)
        }
    }
}

/// The most cells a contiguous boolean array may have to be copied out
/// rather than borrowed: numpy's borrow tracking (a shared borrow taken and
/// given back in its process-wide table) costs about 900 instructions a
/// call, a copy an allocation and about one instruction for 16 cells
/// (docs/decisions/matrix-one-call.md).
const COPY_CELLS: usize = 4096;

/// The cells of a two-dimensional numpy boolean array: copied if it is
/// small and contiguous, else borrowed in place.
pub(crate) enum BoolCells<'py> {
    /// The cells in the array's order: by rows, or by columns if `fortran`.
    Copied {
        cells: Vec<bool>,
        shape: (usize, usize),
        fortran: bool,
    },
    /// The array itself, read in place.
    Borrowed(PyReadonlyArray2<'py, bool>),
}

impl BoolCells<'_> {
    /// The cells as a matrix view.
    fn view(&self) -> numpy::ndarray::ArrayView2<'_, bool> {
        use numpy::ndarray::{ArrayView2, ShapeBuilder};
        match self {
            BoolCells::Copied {
                cells,
                shape,
                fortran,
            } => if *fortran {
                ArrayView2::from_shape(shape.f(), cells)
            } else {
                ArrayView2::from_shape(*shape, cells)
            }
            .expect("the copy has the array's shape"),
            BoolCells::Borrowed(array) => array.as_array(),
        }
    }
}

/// `matrix`'s cells if it is a two-dimensional numpy boolean array, or
/// `None` if it is not one (`from_matrix`'s fast path, [`from_bool_array`]).
pub(crate) fn bool_array<'py>(matrix: &Bound<'py, PyAny>) -> Option<BoolCells<'py>> {
    use numpy::PyUntypedArrayMethods;
    let array = matrix.cast::<numpy::PyArray2<bool>>().ok()?;
    if array.len() <= COPY_CELLS {
        let (rows, columns) = (array.shape()[0], array.shape()[1]);
        // An array of one row or column is both: its cells are in either order.
        let order = if array.is_c_contiguous() {
            Some(false)
        } else if array.is_fortran_contiguous() {
            Some(true)
        } else {
            None
        };
        if let Some((fortran, cells)) = order.zip(array.to_vec().ok()) {
            return Some(BoolCells::Copied {
                cells,
                shape: (rows, columns),
                fortran,
            });
        }
    }
    array.try_readonly().ok().map(BoolCells::Borrowed)
}

/// The problem of a numpy boolean array's cells, its first `primary`
/// columns primary (all of them when `None`), as [`from_matrix`] makes it.
pub(crate) fn from_bool_array(
    py: Python<'_>,
    cells: &BoolCells<'_>,
    primary: Option<usize>,
    names: Option<Vec<String>>,
) -> PyResult<FromRows> {
    let view = cells.view();
    let columns = view.ncols();
    from_dense(py, view, primary.unwrap_or(columns), names)
}

/// Adds row `row`'s `items` as an option, unless it has no primary item
/// (all zero, or only secondary columns): such a row can never be chosen,
/// and is left out as Knuth's programs leave it, its number kept in `rows`.
/// A row naming a column past the last (`columns`) is handed to the
/// builder all the same, whose error names it.
fn add_row(
    builder: &mut dlx_engine::ProblemBuilder,
    rows: &mut KeptRows,
    row: usize,
    items: &[usize],
    (primary, columns): (usize, usize),
) -> Result<(), DlxError> {
    if items.iter().any(|&i| i < primary || i >= columns) {
        builder.add_option(items)?;
        rows.keep(row);
    }
    Ok(())
}

/// The rows of a matrix kept as options, listed only from the first row
/// left out: until then option `k` is row `k`, and a matrix with no row
/// left out (the common case) makes no list.
#[derive(Default)]
struct KeptRows {
    /// How many rows were kept.
    kept: usize,
    /// Each kept row, once a row was left out (else empty).
    rows: Vec<usize>,
}

impl KeptRows {
    /// Row `row`, the next one kept.
    fn keep(&mut self, row: usize) {
        if self.rows.is_empty() && row != self.kept {
            self.rows.extend(0..self.kept);
        }
        if !self.rows.is_empty() || row != self.kept {
            self.rows.push(row);
        }
        self.kept += 1;
    }

    /// The rows as [`FromRows`] keeps them, of `total` rows: `None` when
    /// none was left out.
    fn finish(mut self, total: usize) -> Option<(Vec<usize>, usize)> {
        if self.kept == total {
            return None;
        }
        if self.rows.is_empty() {
            // Only rows after the last kept one were left out.
            self.rows.extend(0..self.kept);
        }
        Some((self.rows, total))
    }
}

/// A problem from a dense boolean matrix: row `r` is option `r`, its items
/// the columns where it is true; the first `primary` columns are primary.
fn from_dense(
    py: Python<'_>,
    view: numpy::ndarray::ArrayView2<'_, bool>,
    primary: usize,
    names: Option<Vec<String>>,
) -> PyResult<FromRows> {
    let (rows, columns) = view.dim();
    let err = |e: DlxError| dlx_error(py, &e, None);
    check_primary(py, primary, columns)?;
    let mut builder = Problem::builder(primary, columns - primary).map_err(err)?;
    let (ends, items) = true_cells(&view);
    builder.reserve(rows, items.len());
    let mut kept_rows = KeptRows::default();
    let mut start = 0;
    for (r, &end) in ends.iter().enumerate() {
        add_row(
            &mut builder,
            &mut kept_rows,
            r,
            &items[start..end],
            (primary, columns),
        )
        .map_err(|e| {
            let names = column_names(columns, names.as_deref());
            named_error(py, &e, &names, &|_| (r, format!("row {r}")))
        })?;
        start = end;
    }
    let named = named_columns(builder.build(), names).map_err(err)?;
    Ok((named, kept_rows.finish(rows)))
}

/// The true cells of `view` row by row, as `(ends, columns)`: row `r`'s
/// columns, in order, are `columns[ends[r - 1]..ends[r]]` (from 0 for the
/// first row). A C-ordered array is read a row at a time and a
/// Fortran-ordered one (as numpy makes from a pandas frame) a column at a
/// time, each eight cells at a time; any other layout (a strided view) a
/// cell at a time, some six instructions a cell.
fn true_cells(view: &numpy::ndarray::ArrayView2<'_, bool>) -> (Vec<usize>, Vec<usize>) {
    let (rows, columns) = view.dim();
    let mut ends = Vec::with_capacity(rows);
    let mut found = Vec::new();
    if let Some(cells) = view.as_slice() {
        found.reserve_exact(true_count(cells));
        for r in 0..rows {
            true_indices(&cells[r * columns..(r + 1) * columns], &mut found);
            ends.push(found.len());
        }
        return (ends, found);
    }
    let transposed = view.t();
    if let Some(cells) = transposed.as_slice() {
        found.reserve_exact(true_count(cells));
        // Each column's true rows, then those sorted by row (counting).
        let mut column_ends = Vec::with_capacity(columns);
        for c in 0..columns {
            true_indices(&cells[c * rows..(c + 1) * rows], &mut found);
            column_ends.push(found.len());
        }
        let mut next = vec![0; rows];
        for &r in &found {
            next[r] += 1;
        }
        let mut total = 0;
        for slot in &mut next {
            total += *slot;
            ends.push(total);
            *slot = total - *slot;
        }
        let mut by_row = vec![0; found.len()];
        let mut k = 0;
        for (c, &column_end) in column_ends.iter().enumerate() {
            for &r in &found[k..column_end] {
                by_row[next[r]] = c;
                next[r] += 1;
            }
            k = column_end;
        }
        return (ends, by_row);
    }
    for row in view.rows() {
        found.extend((0..columns).filter(|&c| row[c]));
        ends.push(found.len());
    }
    (ends, found)
}

/// How many of `cells` are true, eight at a time: a pass that costs less
/// than growing the list of true cells (on a 6x7 matrix a third of the
/// reading, in reallocations).
fn true_count(cells: &[bool]) -> usize {
    let mut words = cells.chunks_exact(8);
    let mut count: u64 = 0;
    for word in words.by_ref() {
        let bytes: [u8; 8] = std::array::from_fn(|k| u8::from(word[k]));
        // Each byte is 0 or 1: the top byte of the product is their sum.
        count += u64::from_le_bytes(bytes).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    }
    let count = usize::try_from(count).expect("at most the cells' number");
    count + words.remainder().iter().filter(|&&cell| cell).count()
}

/// Adds to `items` the indices of the true cells of `cells`, in order.
fn true_indices(cells: &[bool], items: &mut Vec<usize>) {
    let mut words = cells.chunks_exact(8);
    for (w, word) in words.by_ref().enumerate() {
        // A `bool` is the byte 0 or 1, so a word of eight is zero exactly
        // when all eight are false.
        let bytes: [u8; 8] = std::array::from_fn(|k| u8::from(word[k]));
        let mut bits = u64::from_le_bytes(bytes);
        while bits != 0 {
            items.push(w * 8 + (bits.trailing_zeros() / 8) as usize);
            bits &= bits - 1;
        }
    }
    let base = cells.len() - words.remainder().len();
    items.extend(
        words
            .remainder()
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| cell)
            .map(|(k, _)| base + k),
    );
}

/// A problem from a sparse matrix in CSR form (`indptr`, `indices`, with
/// duplicates summed and explicit zeros gone, which the Python side does).
fn from_csr(
    py: Python<'_>,
    indptr: &PyReadonlyArray1<'_, i64>,
    indices: &PyReadonlyArray1<'_, i64>,
    columns: usize,
    primary: usize,
    names: Option<Vec<String>>,
) -> PyResult<FromRows> {
    let indptr = indptr.as_array();
    let indices = indices.as_array();
    let err = |e: DlxError| dlx_error(py, &e, None);
    check_primary(py, primary, columns)?;
    let bad = || problem_error(py, "a malformed CSR matrix (indptr, indices)".into(), None);
    let mut builder = Problem::builder(primary, columns - primary).map_err(err)?;
    let rows = indptr.len().saturating_sub(1);
    builder.reserve(rows, indices.len());
    let mut items = Vec::new();
    let mut kept_rows = KeptRows::default();
    for r in 0..rows {
        let (start, end) = (indptr[r], indptr[r + 1]);
        let (Ok(start), Ok(end)) = (usize::try_from(start), usize::try_from(end)) else {
            return Err(bad());
        };
        if start > end || end > indices.len() {
            return Err(bad());
        }
        items.clear();
        for k in start..end {
            items.push(usize::try_from(indices[k]).map_err(|_| bad())?);
        }
        add_row(&mut builder, &mut kept_rows, r, &items, (primary, columns)).map_err(|e| {
            let names = column_names(columns, names.as_deref());
            named_error(py, &e, &names, &|_| (r, format!("row {r}")))
        })?;
    }
    let named = named_columns(builder.build(), names).map_err(err)?;
    Ok((named, kept_rows.finish(rows)))
}

fn check_primary(py: Python<'_>, primary: usize, columns: usize) -> PyResult<()> {
    if primary > columns {
        return Err(problem_error(
            py,
            format!("{primary} primary columns, but the matrix has {columns}"),
            None,
        ));
    }
    Ok(())
}
