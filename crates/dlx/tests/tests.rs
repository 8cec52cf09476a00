//! Integration tests of the `dlx` engine, compiled as one binary.

mod bits_threads;
mod counting;
mod deep_problems;
mod differential;
mod entry_points;
mod forced_first;
mod known_answers;
mod known_counts;
mod layers;
mod oracle;
mod oracle_kinds;
mod reference;
mod small_masks;
mod solver_behaviour;
mod split_jobs;
mod split_parallel;
mod zdd;
