//! Cost of the collision lab's probe: everything the lab computes when the mouse moves
//! (`breakout::probe::Probe::answers`: every mode and the exact referee against every brick,
//! with each mode's errors; `answers/<preset>`), and that with the screen laid out from it
//! (`breakout::view::lab::lab`: the picture and the table's text; `frame/<preset>`), for each
//! preset (criterion; `cargo bench --bench probe`).
//!
//! The lab recomputes on every mouse move and must answer within one frame (16.7 ms at 60 Hz):
//! these figures say how far inside that it is. The referee's time of impact (a golden-section
//! search and a bisection, 90 + 100 signed distances in f64) is most of it; the gap preset asks
//! two bricks.
//!
//! The clock is the benchmark thread's CPU time (`BENCH_CLOCK=wall` for wall-clock time), as in
//! `benches/collision.rs`: see `benches/support/clock.rs`.

use breakout::probe::presets::presets;
use breakout::view::lab::{lab, LabView};
use breakout::view::SpriteBatch;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

#[path = "support/clock.rs"]
mod clock;
use clock::BenchClock;

fn config() -> Criterion<BenchClock> {
    Criterion::default()
        .with_measurement(BenchClock::from_env())
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30)
}

fn bench_probe(c: &mut Criterion<BenchClock>) {
    let mut group = c.benchmark_group("probe");
    for preset in presets() {
        let probe = preset.probe;
        group.bench_with_input(BenchmarkId::new("answers", preset.name), &probe, |b, p| {
            b.iter(|| black_box(black_box(p).answers()))
        });
        // What a mouse move costs in all: the answers and the screen laid out from them.
        group.bench_with_input(BenchmarkId::new("frame", preset.name), &probe, |b, p| {
            b.iter(|| {
                let p = black_box(p);
                let answers = p.answers();
                let mut batch = SpriteBatch::default();
                let view = LabView {
                    zoom: breakout::view::lab_zoom::LabZoom::none(),
                    preset: None,
                    status: None,
                    modes: &breakout::collision::CollisionMode::ALL,
                };
                lab(&mut batch, p, &answers, &view);
                black_box(batch)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_probe
}
criterion_main!(benches);
