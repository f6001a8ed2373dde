//! Cost of one ball–box collision test, for every collision mode and for parry2d, on the same
//! inputs in the same run (criterion; `cargo bench --bench collision`).
//!
//! Inputs: a fixed, seeded set of [`PAIRS`] ball/box pairs with the game's ball (radius 12.5 px)
//! and realistic box sizes (the bricks of 10×6, 15×8 and 10×8 levels, a thin 80×10 brick, the
//! 100×20 paddle) placed on the playfield, the ball's centre drawn uniformly from the box grown by
//! two radii, so about half are hits (some with the centre inside the box) and half near misses.
//! The swept benchmarks use a second set: the ball starts clear of the box and moves by a
//! displacement of 1–80 px aimed near the box, so some paths hit and some pass by.
//!
//! Every input, ours and parry's (`Ball`, `Cuboid`, `Pose`s, velocity), is built before the timed
//! loop; the loop passes each one through `black_box` and `black_box`es each result, so the
//! compiler can neither hoist nor vectorise across pairs: every benchmark is one call per pair, as
//! in the simulation. The `baseline` benchmark is that loop around a single comparison: the
//! overhead included in every number.
//!
//! The clock is the benchmark thread's CPU time (`BENCH_CLOCK=wall` for wall-clock time), because
//! the 2-core development machines run builds beside the benchmarks: see `benches/support/clock.rs`.
//!
//! Each benchmark reports `Throughput::Elements(PAIRS)`: time per iteration / `PAIRS` is the time
//! of one test. Groups: `intersects` (each mode's predicate through the dispatcher
//! `circle_aabb_intersects`, and through the per-file function, against parry2d's
//! `query::intersection_test`), `contact` (the dispatcher `circle_aabb_contact` against
//! `query::contact`), `swept` (`swept_circle_aabb::time_of_impact` against `query::cast_shapes`).
//!
//! parry2d 0.31 uses glam 0.33 (through `glamx`) while the game uses glam 0.30: vectors are
//! converted at the boundary, once, while building the inputs.

use breakout::collision::{
    circle_aabb_contact, circle_aabb_intersects, contact_aabb_aabb, contact_circle_aabb,
    contact_circle_aabb_cross, contact_circle_aabb_zones, swept_circle_aabb, Aabb, Circle,
    CollisionMode,
};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use glam::Vec2;
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, ShapeCastOptions};
use parry2d::shape::{Ball, Cuboid, Shape};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use std::hint::black_box;
use std::time::Duration;

#[path = "support/clock.rs"]
mod clock;
use clock::BenchClock;

/// Number of ball/box pairs each benchmark iterates over.
const PAIRS: usize = 4096;
/// The game's ball radius, pixels.
const RADIUS: f32 = 12.5;
/// Box sizes (width, height), pixels: bricks of 10×6, 15×8 and 10×8 levels on the 800×300 brick
/// area, a thin brick, and the paddle.
const BOX_SIZES: [(f32, f32); 5] = [
    (80.0, 50.0),
    (800.0 / 15.0, 37.5),
    (80.0, 37.5),
    (80.0, 10.0),
    (100.0, 20.0),
];

/// One pair, in the game's types (glam 0.30).
#[derive(Clone, Copy)]
struct Case {
    circle: Circle,
    aabb: Aabb,
    /// Displacement of the ball over the step, pixels (swept set only).
    displacement: Vec2,
}

/// The same pair, pre-built for parry2d (glam 0.33 types).
struct ParryCase {
    ball_pose: Pose,
    ball: Ball,
    box_pose: Pose,
    cuboid: Cuboid,
    velocity: Vector,
}

fn to_parry(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

fn parry_case(case: &Case) -> ParryCase {
    ParryCase {
        ball_pose: Pose::from_translation(to_parry(case.circle.center)),
        ball: Ball::new(case.circle.radius),
        box_pose: Pose::from_translation(to_parry(case.aabb.center())),
        cuboid: Cuboid::new(to_parry(case.aabb.half_extents())),
        velocity: to_parry(case.displacement),
    }
}

fn random_box(rng: &mut Pcg32) -> Aabb {
    let (w, h) = BOX_SIZES[rng.random_range(0..BOX_SIZES.len())];
    let min = Vec2::new(
        rng.random_range(0.0..800.0 - w),
        rng.random_range(0.0..560.0 - h),
    );
    Aabb {
        min,
        max: min + Vec2::new(w, h),
    }
}

fn point_in(rng: &mut Pcg32, aabb: Aabb, grow: f32) -> Vec2 {
    Vec2::new(
        rng.random_range(aabb.min.x - grow..aabb.max.x + grow),
        rng.random_range(aabb.min.y - grow..aabb.max.y + grow),
    )
}

/// Static pairs: the centre uniform in the box grown by two radii.
fn static_cases() -> Vec<Case> {
    let mut rng = Pcg32::seed_from_u64(0x0c0f_fee0);
    (0..PAIRS)
        .map(|_| {
            let aabb = random_box(&mut rng);
            let center = point_in(&mut rng, aabb, 2.0 * RADIUS);
            Case {
                circle: Circle {
                    center,
                    radius: RADIUS,
                },
                aabb,
                displacement: Vec2::ZERO,
            }
        })
        .collect()
}

/// Moving pairs: the ball starts clear of the box (within four radii of it) and moves 1–80 px
/// towards a point of the box grown by two radii.
fn swept_cases() -> Vec<Case> {
    let mut rng = Pcg32::seed_from_u64(0x5eed_5eed);
    let mut cases = Vec::with_capacity(PAIRS);
    while cases.len() < PAIRS {
        let aabb = random_box(&mut rng);
        let center = point_in(&mut rng, aabb, 4.0 * RADIUS);
        let circle = Circle {
            center,
            radius: RADIUS,
        };
        if contact_circle_aabb::intersects(circle, aabb) {
            continue;
        }
        let aim = point_in(&mut rng, aabb, 2.0 * RADIUS);
        let displacement = (aim - center).normalize_or_zero() * rng.random_range(1.0..80.0);
        cases.push(Case {
            circle,
            aabb,
            displacement,
        });
    }
    cases
}

/// Hit counts of our tests and parry's on the same inputs, printed once (not timed) so the
/// comparison is known to be between tests that do the same work.
fn print_agreement(cases: &[Case], parry: &[ParryCase], swept: &[Case], parry_swept: &[ParryCase]) {
    for mode in CollisionMode::ALL {
        let hits = cases
            .iter()
            .filter(|c| circle_aabb_intersects(mode, c.circle, c.aabb))
            .count();
        eprintln!("intersects {:>5}: {hits}/{PAIRS} hits", mode.name());
    }
    let parry_hits = parry
        .iter()
        .filter(|p| {
            query::intersection_test(&p.ball_pose, &p.ball, &p.box_pose, &p.cuboid)
                .is_ok_and(|r| r.intersecting)
        })
        .count();
    eprintln!("parry2d intersection_test: {parry_hits}/{PAIRS} hits");
    let impacts: Vec<_> = swept
        .iter()
        .filter_map(|c| swept_circle_aabb::time_of_impact(c.circle, c.displacement, c.aabb))
        .collect();
    let corners = impacts
        .iter()
        .filter(|i| i.normal.x != 0.0 && i.normal.y != 0.0)
        .count();
    let theirs = parry_swept.iter().filter(|p| cast(p).is_some()).count();
    eprintln!(
        "swept time_of_impact: {}/{PAIRS} hits ({} on a face, {corners} on a corner disc); \
         parry2d cast_shapes: {theirs}/{PAIRS} hits",
        impacts.len(),
        impacts.len() - corners
    );
}

fn cast(p: &ParryCase) -> Option<query::ShapeCastHit> {
    query::cast_shapes(
        &p.ball_pose,
        p.velocity,
        &p.ball as &dyn Shape,
        &p.box_pose,
        Vector::ZERO,
        &p.cuboid as &dyn Shape,
        ShapeCastOptions::with_max_time_of_impact(1.0),
    )
    .ok()
    .flatten()
}

/// Modest measurement times so that the whole `cargo bench` takes a few minutes; the thread's CPU
/// time as the clock (see `benches/support/clock.rs`).
fn config() -> Criterion<BenchClock> {
    Criterion::default()
        .with_measurement(BenchClock::from_env())
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30)
}

fn bench_collision(c: &mut Criterion<BenchClock>) {
    let cases = static_cases();
    let parry: Vec<ParryCase> = cases.iter().map(parry_case).collect();
    let swept = swept_cases();
    let parry_swept: Vec<ParryCase> = swept.iter().map(parry_case).collect();
    print_agreement(&cases, &parry, &swept, &parry_swept);

    // --- intersects --------------------------------------------------------------------------
    let mut group = c.benchmark_group("intersects");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("baseline", |b| {
        b.iter(|| {
            for case in &cases {
                let (circle, aabb) = (black_box(case.circle), black_box(case.aabb));
                black_box(circle.center.x < aabb.max.x);
            }
        })
    });
    for mode in CollisionMode::ALL {
        group.bench_with_input(
            BenchmarkId::new("dispatch", mode.name()),
            &mode,
            |b, &mode| {
                b.iter(|| {
                    let mode = black_box(mode);
                    for case in &cases {
                        black_box(circle_aabb_intersects(
                            mode,
                            black_box(case.circle),
                            black_box(case.aabb),
                        ));
                    }
                })
            },
        );
    }
    // The per-file functions, called by path so each can be inlined into its loop.
    macro_rules! direct {
        ($name:literal, $f:path) => {
            group.bench_function(BenchmarkId::new("direct", $name), |b| {
                b.iter(|| {
                    for case in &cases {
                        black_box($f(black_box(case.circle), black_box(case.aabb)));
                    }
                })
            });
        };
    }
    direct!("aabb", contact_aabb_aabb::intersects);
    direct!("clamp", contact_circle_aabb::intersects);
    direct!("zones", contact_circle_aabb_zones::intersects);
    direct!("cross", contact_circle_aabb_cross::intersects);
    group.bench_function("parry2d/intersection_test", |b| {
        b.iter(|| {
            for p in &parry {
                black_box(query::intersection_test(
                    black_box(&p.ball_pose),
                    black_box(&p.ball) as &dyn Shape,
                    black_box(&p.box_pose),
                    black_box(&p.cuboid) as &dyn Shape,
                ))
                .ok();
            }
        })
    });
    group.finish();

    // --- contact -----------------------------------------------------------------------------
    let mut group = c.benchmark_group("contact");
    group.throughput(Throughput::Elements(PAIRS as u64));
    // A velocity for the centre-inside case (the face the centre came through): up and right.
    let velocity = Vec2::new(150.0, -420.0);
    for mode in CollisionMode::ALL {
        group.bench_with_input(
            BenchmarkId::new("dispatch", mode.name()),
            &mode,
            |b, &mode| {
                b.iter(|| {
                    let mode = black_box(mode);
                    for case in &cases {
                        black_box(circle_aabb_contact(
                            mode,
                            black_box(case.circle),
                            black_box(case.aabb),
                            black_box(velocity),
                        ));
                    }
                })
            },
        );
    }
    group.bench_function("parry2d/contact", |b| {
        b.iter(|| {
            for p in &parry {
                black_box(query::contact(
                    black_box(&p.ball_pose),
                    black_box(&p.ball) as &dyn Shape,
                    black_box(&p.box_pose),
                    black_box(&p.cuboid) as &dyn Shape,
                    0.0,
                ))
                .ok();
            }
        })
    });
    group.finish();

    // --- swept -------------------------------------------------------------------------------
    let mut group = c.benchmark_group("swept");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("time_of_impact", |b| {
        b.iter(|| {
            for case in &swept {
                black_box(swept_circle_aabb::time_of_impact(
                    black_box(case.circle),
                    black_box(case.displacement),
                    black_box(case.aabb),
                ));
            }
        })
    });
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    group.bench_function("parry2d/cast_shapes", |b| {
        b.iter(|| {
            for p in &parry_swept {
                black_box(query::cast_shapes(
                    black_box(&p.ball_pose),
                    black_box(p.velocity),
                    black_box(&p.ball) as &dyn Shape,
                    black_box(&p.box_pose),
                    Vector::ZERO,
                    black_box(&p.cuboid) as &dyn Shape,
                    black_box(options),
                ))
                .ok();
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_collision
}
criterion_main!(benches);
