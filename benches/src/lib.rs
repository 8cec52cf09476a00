//! Benchmark support (under construction).
