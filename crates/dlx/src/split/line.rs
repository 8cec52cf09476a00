//! The job and result lines of docs/distributed.md, and serde for the
//! values they hold (the `serde` feature).
//!
//! A job line is the JSON form of a [`Job`], a result line that of a
//! [`JobResult`]: one JSON object a line, keys in alphabetical order, the
//! bytes `sudoku-dlx cover --split` and `--job` have always written. The
//! serde forms are the same values for programs that want another format
//! (or JSON of their own).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use super::{Fingerprint, Job, JobResult, JobStatus, Merge, Subproblem, Worker};
use crate::branch::Branch;
use crate::index::{ItemId, OptionId};
use crate::solution::Solution;

/// A branch is its option's number, or `{"done":ITEM}` for Algorithm M's
/// null move on item number ITEM.
impl Serialize for Branch {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Branch::Option(option) => serializer.serialize_u64(option.index() as u64),
            Branch::Done(item) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("done", &(item.index() as u64))?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Branch {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(BranchVisitor)
    }
}

struct BranchVisitor;

impl<'de> Visitor<'de> for BranchVisitor {
    type Value = Branch;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an option number or {\"done\":ITEM}")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Branch, E> {
        usize::try_from(value)
            .ok()
            .and_then(OptionId::new)
            .map(Branch::Option)
            .ok_or_else(|| E::custom(format!("option number {value} is too large")))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Branch, E> {
        match u64::try_from(value) {
            Ok(value) => self.visit_u64(value),
            Err(_) => Err(E::invalid_value(de::Unexpected::Signed(value), &self)),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Branch, A::Error> {
        let mut item = None;
        while let Some(key) = map.next_key::<String>()? {
            if key != "done" || item.is_some() {
                return Err(de::Error::custom(format!(
                    "unexpected key `{key}` in a choice; expected {{\"done\":ITEM}}"
                )));
            }
            item = Some(map.next_value::<u64>()?);
        }
        let item = item.ok_or_else(|| de::Error::missing_field("done"))?;
        usize::try_from(item)
            .ok()
            .and_then(ItemId::new)
            .map(Branch::Done)
            .ok_or_else(|| de::Error::custom(format!("item number {item} is too large")))
    }
}

/// A fingerprint is its 16 hex digits.
impl Serialize for Fingerprint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Fingerprint {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// A status is its word: `done`, `limit`, `budget` or `failed`.
impl Serialize for JobStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

impl<'de> Deserialize<'de> for JobStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let word = String::deserialize(deserializer)?;
        [
            JobStatus::Done,
            JobStatus::Limit,
            JobStatus::Budget,
            JobStatus::Failed,
        ]
        .into_iter()
        .find(|status| status.word() == word)
        .ok_or_else(|| {
            de::Error::custom(format!(
                "unknown status `{word}`; expected done, limit, budget or failed"
            ))
        })
    }
}

/// A job line as written: its fields in alphabetical order, so the bytes do
/// not depend on how serde_json orders maps.
#[derive(Serialize)]
struct JobLineOut<'a> {
    fingerprint: Fingerprint,
    id: u64,
    of: u64,
    prefix: &'a [Branch],
    share: f64,
}

/// A job line as read: any key order; `share` may be left out.
#[derive(Deserialize)]
struct JobLineIn {
    fingerprint: Fingerprint,
    id: u64,
    of: u64,
    prefix: Vec<Branch>,
    #[serde(default)]
    share: f64,
}

impl Serialize for Job {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        JobLineOut {
            fingerprint: self.fingerprint,
            id: self.id,
            of: self.of,
            prefix: self.subproblem.prefix(),
            share: self.subproblem.share(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Job {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let line = JobLineIn::deserialize(deserializer)?;
        Ok(Job {
            id: line.id,
            of: line.of,
            fingerprint: line.fingerprint,
            subproblem: Subproblem {
                prefix: line.prefix,
                share: line.share,
            },
        })
    }
}

/// A result line as written: fields in alphabetical order; `id` and `of`
/// are `null` when unknown; a failed job has no counts, a count no `found`.
#[derive(Serialize)]
struct ResultLineOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    fingerprint: Fingerprint,
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<&'a [Vec<String>]>,
    id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    of: Option<u64>,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    status: JobStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
}

/// A result line as read.
#[derive(Deserialize)]
struct ResultLineIn {
    error: Option<String>,
    fingerprint: Fingerprint,
    found: Option<Vec<Vec<String>>>,
    id: Option<u64>,
    nodes: Option<u64>,
    of: Option<u64>,
    #[serde(default)]
    seconds: f64,
    solutions: Option<u64>,
    status: JobStatus,
    updates: Option<u64>,
}

impl Serialize for JobResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ran = self.status != JobStatus::Failed;
        ResultLineOut {
            error: self.error.as_deref(),
            fingerprint: self.fingerprint,
            found: self.found.as_deref(),
            id: self.id,
            nodes: ran.then_some(self.nodes),
            of: self.of,
            seconds: self.seconds,
            solutions: ran.then_some(self.solutions),
            status: self.status,
            updates: ran.then_some(self.updates),
        }
        .serialize(serializer)
    }
}

/// A result that ran needs its counts: without them it would merge as 0.
impl<'de> Deserialize<'de> for JobResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let line = ResultLineIn::deserialize(deserializer)?;
        let counts = (line.solutions, line.nodes, line.updates);
        let (solutions, nodes, updates) = match (line.status, counts) {
            (_, (Some(s), Some(n), Some(u))) => (s, n, u),
            (JobStatus::Failed, _) => (0, 0, 0),
            (status, _) => {
                return Err(de::Error::custom(format!(
                    "a `{status}` result needs `solutions`, `nodes` and `updates`"
                )));
            }
        };
        Ok(JobResult {
            id: line.id,
            of: line.of,
            fingerprint: line.fingerprint,
            status: line.status,
            solutions,
            nodes,
            updates,
            error: line.error,
            found: line.found,
            seconds: line.seconds,
        })
    }
}

/// A job line that could not be read: the job's number and split size if
/// the line has them (so its failed result still names its job), and why.
///
/// ```
/// use dlx_engine::split::Job;
/// let error = Job::from_line(r#"{"id":4,"of":9,"prefix":[]}"#).unwrap_err();
/// assert_eq!((error.id, error.of), (Some(4), Some(9)));
/// assert!(error.reason.contains("fingerprint"), "{error}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobLineError {
    /// The job's number, if the line has a whole number `id`.
    pub id: Option<u64>,
    /// Its split's size, if the line has a whole number `of`.
    pub of: Option<u64>,
    /// Why the line is not a job.
    pub reason: String,
}

impl fmt::Display for JobLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for JobLineError {}

/// A result line that could not be read, and why.
///
/// ```
/// use dlx_engine::split::JobResult;
/// let error = JobResult::from_line("{\"id\":0").unwrap_err();
/// assert!(error.reason.starts_with("not a JSON result line: EOF"), "{error}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLineError {
    /// Why the line is not a result.
    pub reason: String,
}

impl fmt::Display for ResultLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for ResultLineError {}

impl Job {
    /// The job as one line of JSON (without the newline), as docs/distributed.md
    /// describes it: `{"fingerprint":"…","id":7,"of":120,"prefix":[…],"share":…}`.
    ///
    /// ```
    /// use dlx_engine::{Branch, OptionId, Subproblem};
    /// use dlx_engine::split::{Fingerprint, Job};
    ///
    /// let job = Job {
    ///     id: 0,
    ///     of: 2,
    ///     fingerprint: Fingerprint::from_value(0xad4a_3666_a514_4d69),
    ///     subproblem: Subproblem::new(vec![Branch::Option(OptionId::new(5).unwrap())]),
    /// };
    /// let line = job.to_line();
    /// assert_eq!(line, r#"{"fingerprint":"ad4a3666a5144d69","id":0,"of":2,"prefix":[5],"share":0.0}"#);
    /// assert_eq!(Job::from_line(&line), Ok(job));
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        // Numbers, strings and arrays of them always serialize.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a job line (any key order; a missing `share` reads as 0).
    ///
    /// # Errors
    ///
    /// [`JobLineError`] if the line is not JSON or not a job, with the
    /// job's number if it has one.
    pub fn from_line(line: &str) -> Result<Job, JobLineError> {
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| JobLineError {
            id: None,
            of: None,
            reason: format!("not a JSON job line: {e}"),
        })?;
        let id = value.get("id").and_then(serde_json::Value::as_u64);
        let of = value.get("of").and_then(serde_json::Value::as_u64);
        let fail = |reason: String| JobLineError { id, of, reason };
        if id.is_none() || of.is_none() {
            return Err(fail(
                "a job needs a whole-number \"id\" and \"of\"; use the lines a split prints".into(),
            ));
        }
        if value.get("fingerprint").is_none() {
            return Err(fail("a job needs a \"fingerprint\"".into()));
        }
        if !value.get("prefix").is_some_and(serde_json::Value::is_array) {
            return Err(fail("a job needs a \"prefix\" array".into()));
        }
        serde_json::from_value(value).map_err(|e| fail(format!("not a job line: {e}")))
    }
}

impl JobResult {
    /// The result as one line of JSON (without the newline), as
    /// docs/distributed.md describes it.
    ///
    /// ```
    /// use dlx_engine::split::{Fingerprint, JobResult};
    /// let failed = JobResult::failed(None, None, Fingerprint::from_value(1), "not a JSON job line");
    /// assert_eq!(
    ///     failed.to_line(),
    ///     r#"{"error":"not a JSON job line","fingerprint":"0000000000000001","id":null,"of":null,"seconds":0.0,"status":"failed"}"#
    /// );
    /// assert_eq!(JobResult::from_line(&failed.to_line()).unwrap(), failed);
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        // Numbers, strings and arrays of them always serialize; a NaN or
        // infinite `seconds` writes as null.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a result line (any key order).
    ///
    /// # Errors
    ///
    /// [`ResultLineError`], saying why the line is not a result: not JSON, a field missing or of the
    /// wrong type, an unknown status, or a job that ran without its counts.
    ///
    /// ```
    /// use dlx_engine::split::JobResult;
    /// let error = JobResult::from_line(r#"{"fingerprint":"0000000000000001","id":0,"of":1,"status":"done"}"#);
    /// assert!(error.unwrap_err().reason.contains("needs `solutions`"));
    /// ```
    pub fn from_line(line: &str) -> Result<JobResult, ResultLineError> {
        serde_json::from_str(line).map_err(|e| ResultLineError {
            reason: format!("not a JSON result line: {e}"),
        })
    }
}

impl Merge {
    /// Adds a result line from `place`; a line that is not one is recorded
    /// as [`MergeProblem::Corrupted`](super::MergeProblem::Corrupted).
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedProblem};
    /// use dlx_engine::split::{Fingerprint, Merge, MergeProblem, Worker};
    ///
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let fingerprint = Fingerprint::of(&named);
    /// let mut solver = Dlx::new(named.problem());
    /// let jobs = solver.split(1).jobs(fingerprint);
    /// let mut worker = Worker::new(&mut solver, fingerprint);
    /// let lines: Vec<String> = jobs.iter().map(|job| worker.count(job).to_line()).collect();
    ///
    /// let mut merge = Merge::new();
    /// for (n, line) in lines.iter().enumerate() {
    ///     merge.add_line(format!("results:{}", n + 1), line);
    /// }
    /// assert_eq!(merge.finish().unwrap().solutions, 2);
    ///
    /// // The last line cut short in transit.
    /// let mut merge = Merge::new();
    /// merge.add_line("results:1", &lines[0]);
    /// merge.add_line("results:2", &lines[1][..20]);
    /// let problems = merge.finish().unwrap_err().problems;
    /// assert!(matches!(&problems[..], [MergeProblem::Corrupted { .. }, MergeProblem::Missing { id: 1 }]));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn add_line(&mut self, place: impl Into<String>, line: &str) {
        match JobResult::from_line(line) {
            Ok(result) => self.add(place, result),
            Err(reason) => self.add_corrupted(place, reason),
        }
    }
}

impl Worker<'_> {
    /// Reads a job line and counts it, as [`count`](Self::count); a line
    /// that is not a job gives a failed result naming the job if it can.
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedProblem};
    /// use dlx_engine::split::{Fingerprint, JobStatus, Worker};
    ///
    /// let named = NamedProblem::parse("a b\na\nb\na b\n")?;
    /// let fingerprint = Fingerprint::of(&named);
    /// let mut solver = Dlx::new(named.problem());
    /// let line = solver.split(1).jobs(fingerprint)[0].to_line();
    /// let mut worker = Worker::new(&mut solver, fingerprint);
    /// assert_eq!(worker.count_line(&line).status, JobStatus::Done);
    /// let broken = worker.count_line("{\"id\":3}");
    /// assert_eq!((broken.status, broken.id), (JobStatus::Failed, Some(3)));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn count_line(&mut self, line: &str) -> JobResult {
        let start = std::time::Instant::now();
        match Job::from_line(line) {
            Ok(job) => self.count(&job),
            Err(error) => self.unreadable(error, start),
        }
    }

    /// Reads a job line and lists its solutions, as [`list`](Self::list).
    pub fn list_line<F>(&mut self, line: &str, lines: F) -> JobResult
    where
        F: FnMut(Solution<'_>) -> Vec<String>,
    {
        let start = std::time::Instant::now();
        match Job::from_line(line) {
            Ok(job) => self.list(&job, lines),
            Err(error) => self.unreadable(error, start),
        }
    }

    /// The failed result of a line that is not a job.
    fn unreadable(&self, error: JobLineError, start: std::time::Instant) -> JobResult {
        let mut result = JobResult::failed(error.id, error.of, self.fingerprint(), &error);
        result.seconds = start.elapsed().as_secs_f64();
        result
    }
}
