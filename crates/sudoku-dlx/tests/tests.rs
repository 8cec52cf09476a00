//! The integration tests, as one binary.

mod util;

mod big_grids;
mod canon;
mod classic;
mod counts;
mod explain;
mod explain_replay;
mod formats;
mod generate;
mod invalid;
mod jigsaw_maps;
mod killer;
mod large;
mod layers;
mod methods;
mod properties;
mod rating;
mod shapes;
mod variants;
