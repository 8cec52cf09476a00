//! Integration tests of the `dlx` engine, compiled as one binary.

mod known_counts;
mod oracle;
mod solver_behaviour;
