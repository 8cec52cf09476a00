//! The integration tests, as one binary.

mod util;

mod classic;
mod counts;
mod formats;
mod invalid;
mod large;
mod properties;
mod shapes;
mod variants;
