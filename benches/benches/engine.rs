//! Criterion benches of the engine alone: count every solution of the
//! Knuth-format problems in `data/exact-cover`, asserting the published count
//! on every iteration.
//!
//! Pentominoes 6x10 takes seconds per count, so it is left to the comparison
//! program (`cargo run --release -p benches --bin compare`); the three smaller
//! problems run here with a small sample size.

use std::hint::black_box;
use std::time::Duration;

use benches::problems::{self, CoverProblem};
use criterion::{Criterion, criterion_group, criterion_main};

fn count_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine/count_all");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for p in [problems::QUEENS, problems::LANGFORD, problems::LATIN] {
        let named = load(&p);
        group.bench_function(p.name, |b| {
            b.iter(|| {
                let count = dlx_engine::Dlx::new(black_box(named.problem())).count(None);
                assert!(
                    count.is_exact() && count.solutions == p.solutions,
                    "{}: {count:?}",
                    p.name
                );
            });
        });
    }
    group.finish();
}

fn load(p: &CoverProblem) -> dlx_engine::NamedProblem {
    p.load().unwrap_or_else(|e| panic!("{e}"))
}

criterion_group!(engine, count_all);
criterion_main!(engine);
