//! Tests of the probe's question to a model with its own resolution, with two test models: one
//! that reflects the ball off the first brick it meets by `swept`'s time of impact (so it agrees
//! with the referee, up to f32), and one that sees no brick (so it tunnels whenever the referee
//! hits).

use crate::collision::exact_circle_aabb as exact;
use crate::collision::model::{BrickGrid, BrickResponse, ModelBall, Substeps};
use crate::collision::{swept_circle_aabb, Aabb, Circle, CollisionMode, CollisionModel};
use crate::collision::{Contact, Resolution};
use crate::probe::own::{run, ProbeGrid};
use crate::probe::{ask, own_answer as answer, own_errors as errors, BrickAnswers, Probe};
use crate::probe::{BRICK_CENTER, STEP_SECONDS};
use glam::Vec2;
use proptest::prelude::*;
use rand::Rng;
use rand_pcg::Pcg32;

/// Reflects the ball off the earliest brick on its way (`swept`'s time of impact), once per
/// sub-step, and draws one number from the generator (so a change of seed would show).
#[derive(Debug)]
struct Reflector;

impl CollisionModel for Reflector {
    fn name(&self) -> &'static str {
        "reflector"
    }
    fn contact(&self, _: Circle, _: Aabb, _: Vec2) -> Option<Contact> {
        None
    }
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        let _: u32 = rng.random();
        let circle = Circle {
            center: ball.pos,
            radius: ball.radius,
        };
        let motion = ball.vel * dt;
        let first = (0..bricks.cols())
            .filter_map(|c| bricks.brick(0, c).map(|b| (c, b)))
            .filter_map(|(c, b)| {
                swept_circle_aabb::time_of_impact(circle, motion, b).map(|i| (c, i))
            })
            .min_by(|a, b| a.1.toi.total_cmp(&b.1.toi));
        let mut response = BrickResponse::default();
        match first {
            Some((col, impact)) => {
                let n = impact.normal;
                ball.pos = impact.center;
                ball.vel -= 2.0 * ball.vel.dot(n) * n;
                response.hits.push((0, col));
                response.normals.push(n);
            }
            None => ball.pos += motion,
        }
        response
    }
}

/// Sees no brick.
#[derive(Debug)]
struct Blind;

impl CollisionModel for Blind {
    fn name(&self) -> &'static str {
        "blind"
    }
    fn contact(&self, _: Circle, _: Aabb, _: Vec2) -> Option<Contact> {
        None
    }
}

/// The probe's bricks and ball, and the referee's answers for them.
fn world(probe: &Probe) -> (Vec<Aabb>, Vec<BrickAnswers>) {
    (
        probe.bricks(),
        ask(&probe.bricks(), probe.ball(), probe.motion),
    )
}

#[test]
fn the_grid_holds_each_brick_in_its_cell_and_the_gap_at_the_cells_edge() {
    let probe = Probe {
        gap: Some(3.0),
        ..Probe::default()
    };
    let bricks = probe.bricks();
    let grid = ProbeGrid::new(&bricks);
    assert_eq!((grid.rows(), grid.cols()), (1, 2));
    for (c, b) in bricks.iter().enumerate() {
        assert_eq!(grid.brick(0, c), Some(*b));
        let cell = grid.cell_rect(0, c);
        assert!(cell.min.cmple(b.min).all() && cell.max.cmpge(b.max).all());
    }
    assert_eq!(grid.cell_rect(0, 0).max.x, bricks[1].min.x);
    assert_eq!(grid.brick(1, 0), None);
    assert_eq!(grid.brick(0, 2), None);
}

#[test]
fn a_model_that_sees_no_brick_tunnels_through_what_the_referee_hits() {
    let probe = Probe {
        ball: BRICK_CENTER + Vec2::new(0.0, -60.0),
        motion: Vec2::new(0.0, 120.0),
        ..Probe::default()
    };
    let (bricks, answers) = world(&probe);
    let run = run(
        &Blind,
        Substeps::PerStep,
        &bricks,
        probe.ball(),
        probe.motion,
    );
    assert!(run.response.hits.is_empty());
    assert_eq!(run.end, probe.ball + probe.motion);
    let a = answer(&run, (0, 0));
    assert!(!a.hit);
    let e = errors(&a, &answers[0], probe.ball());
    assert!(e.tunnelled && e.hit_mismatch && e.disagrees(), "{e:?}");
}

#[test]
fn the_same_probe_gives_the_same_run() {
    let probe = Probe {
        motion: Vec2::new(7.0, 45.0),
        ..Probe::default()
    };
    let bricks = probe.bricks();
    let one = run(
        &Reflector,
        Substeps::MaxTravel(4.0),
        &bricks,
        probe.ball(),
        probe.motion,
    );
    let two = run(
        &Reflector,
        Substeps::MaxTravel(4.0),
        &bricks,
        probe.ball(),
        probe.motion,
    );
    assert_eq!(one, two);
    assert!(one.response.bounced());
}

#[test]
fn every_own_resolution_mode_answers_every_preset_with_finite_numbers() {
    for p in crate::probe::presets::presets() {
        for a in p.probe.answers() {
            assert_eq!(a.modes.len(), CollisionMode::ALL.len());
            for r in &a.modes {
                if let Resolution::Own(_) = r.mode.model().resolution() {
                    let end = r
                        .answer
                        .point
                        .expect("an own model says where the ball ends");
                    let vel = r.answer.velocity.expect("and its velocity");
                    assert!(end.is_finite() && vel.is_finite(), "{} {}", p.name, r.mode);
                    assert_eq!(r.answer.hit, r.answer.normal.is_some() && r.answer.hit);
                }
            }
        }
    }
}

proptest! {
    /// The reflector follows the exact time of impact, so the probe finds it agreeing with the
    /// referee: a hit exactly where the referee touches along the arrow (outside the touch
    /// band), the referee's normal, and the ball ending outside the brick, its speed kept.
    #[test]
    fn a_model_reflecting_at_the_exact_impact_agrees_with_the_referee(
        x in 300.0f32..500.0,
        y in 40.0f32..320.0,
        dx in -60.0f32..60.0,
        dy in -60.0f32..60.0,
        gap in prop::option::of(0.0f32..20.0),
    ) {
        let probe = Probe { ball: Vec2::new(x, y), motion: Vec2::new(dx, dy), gap, ..Probe::default() };
        let (bricks, answers) = world(&probe);
        prop_assume!(bricks.iter().all(|&b| exact::signed_distance(probe.ball(), b) > 0.01));
        let run = run(&Reflector, Substeps::PerStep, &bricks, probe.ball(), probe.motion);
        for (col, brick) in answers.iter().enumerate() {
            let a = answer(&run, (0, col));
            let e = errors(&a, brick, probe.ball());
            // A second brick behind the first one hit is not reached: the referee asks each brick
            // alone.
            let shadowed = run.response.hits.iter().any(|&(_, c)| c != col);
            if !shadowed {
                prop_assert!(!e.hit_mismatch, "{:?} {:?} {:?}", probe, a, brick.closest_approach);
                if let Some(deg) = e.normal_deg {
                    prop_assert!(deg < 0.5, "{:?}: normal {deg}° off", probe);
                }
            }
        }
        let speed = probe.motion.length() / STEP_SECONDS;
        prop_assert!((run.velocity.length() - speed).abs() <= speed * 1e-4 + 1e-3);
    }
}
