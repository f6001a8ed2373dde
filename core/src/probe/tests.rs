use super::presets::presets;
use super::*;

#[path = "own_tests.rs"]
mod own_tests;

fn preset(name: &str) -> Probe {
    presets()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no preset {name}"))
        .probe
}

fn row(answers: &BrickAnswers, mode: CollisionMode) -> ModeRow {
    *answers.modes.iter().find(|r| r.mode == mode).unwrap()
}

#[test]
fn the_corner_hit_shows_aabb_disagreeing_and_clamp_agreeing_with_the_referee() {
    let answers = preset("corner").answers();
    assert_eq!(answers.len(), 1);
    let a = &answers[0];
    let exact = a.exact_contact.expect("the corner preset overlaps");
    assert!(exact.normal.x > 0.7 && exact.normal.y < -0.5, "{exact:?}");
    let aabb = row(a, CollisionMode::Aabb);
    assert!(aabb.errors.disagrees(), "{aabb:?}");
    let off = aabb.errors.normal_deg.unwrap();
    assert!((off - 37.9).abs() < 0.1, "aabb's normal is {off}° off");
    assert_eq!(aabb.answer.normal, Some(DVec2::X));
    let clamp = row(a, CollisionMode::Clamp);
    assert!(!clamp.errors.disagrees(), "{clamp:?}");
    assert!(clamp.errors.normal_deg.unwrap() < NORMAL_TOLERANCE_DEG);
}

#[test]
fn the_tunnelling_ball_is_hit_by_swept_and_missed_by_every_discrete_mode() {
    let answers = preset("tunnel").answers();
    let a = &answers[0];
    assert!(preset("tunnel").motion.length() > 2.0 * BALL_RADIUS);
    assert!(a.exact_contact.is_none(), "past the brick at the end");
    let impact = a.exact_impact.expect("the referee sees the hit on the way");
    let swept = row(a, CollisionMode::Swept);
    assert!(swept.answer.hit);
    assert!(!swept.errors.disagrees(), "{swept:?}");
    assert!(swept.errors.toi_px.unwrap().abs() < TOI_TOLERANCE_PX);
    assert!((swept.answer.toi.unwrap() - impact.toi).abs() < 1e-5);
    let discrete = CollisionMode::ALL
        .into_iter()
        .filter(|m| m.model().resolution() == Resolution::Shared);
    for mode in discrete {
        let r = row(a, mode);
        assert!(!r.answer.hit, "{mode}");
        assert!(r.errors.tunnelled && r.errors.disagrees(), "{mode}: {r:?}");
    }
}

#[test]
fn every_row_is_what_the_dispatchers_answer_called_directly() {
    for p in presets() {
        let probe = p.probe;
        let tested = Circle {
            center: probe.ball + probe.motion,
            radius: BALL_RADIUS,
        };
        let velocity = probe.motion / STEP_SECONDS;
        for a in probe.answers() {
            for r in &a.modes {
                if let Resolution::Own(substeps) = r.mode.model().resolution() {
                    let bricks = probe.bricks();
                    let col = bricks.iter().position(|b| *b == a.brick).unwrap();
                    let run = own::run(
                        r.mode.model(),
                        substeps,
                        &bricks,
                        probe.ball(),
                        probe.motion,
                    );
                    assert_eq!(r.answer.hit, run.response.hits.contains(&(0, col)));
                    assert_eq!(r.answer.point, Some(run.end.as_dvec2()), "{}", p.name);
                    assert_eq!(r.answer.velocity, Some(run.velocity.as_dvec2()));
                } else if r.mode.is_continuous() {
                    let direct =
                        swept_circle_aabb::time_of_impact(probe.ball(), probe.motion, a.brick);
                    assert_eq!(r.answer.toi, direct.map(|i| i.toi as f64), "{}", p.name);
                    assert_eq!(r.answer.normal, direct.map(|i| i.normal.as_dvec2()));
                } else {
                    let direct = collision::circle_aabb_contact(r.mode, tested, a.brick, velocity);
                    assert_eq!(r.answer.normal, direct.map(|c| c.normal.as_dvec2()));
                    assert_eq!(r.answer.depth, direct.map(|c| c.depth as f64));
                    assert_eq!(
                        r.answer.hit,
                        collision::circle_aabb_intersects(r.mode, tested, a.brick),
                        "{} {}",
                        p.name,
                        r.mode
                    );
                }
            }
            assert_eq!(a.exact_contact, exact::contact(tested, a.brick));
        }
    }
}

#[test]
fn with_the_centre_inside_the_normals_are_not_compared_and_the_row_says_why() {
    let a = &preset("inside").answers()[0];
    assert!(a.centre_inside);
    assert_eq!(
        a.exact_contact.unwrap().normal,
        DVec2::NEG_X,
        "nearest face"
    );
    let clamp = row(a, CollisionMode::Clamp);
    assert_eq!(
        clamp.answer.normal,
        Some(DVec2::NEG_Y),
        "traced back to the top"
    );
    assert_eq!(clamp.errors.not_compared, Some(INSIDE_NOTE));
    assert!(!clamp.errors.disagrees());
    // With no arrow the modes take the nearest face too, and are compared.
    let mut still = preset("inside");
    still.ball += still.motion;
    still.motion = Vec2::ZERO;
    let a = &still.answers()[0];
    let clamp = row(a, CollisionMode::Clamp);
    assert_eq!(clamp.errors.not_compared, None);
    assert!(!clamp.errors.disagrees(), "{clamp:?}");
}

#[test]
fn the_gap_asks_both_bricks_and_the_ball_overlaps_both() {
    let answers = preset("gap").answers();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[1].brick.min.x - answers[0].brick.max.x, 1.0);
    for a in &answers {
        assert!(a.exact_contact.is_some());
        assert!(row(a, CollisionMode::Clamp).answer.hit);
    }
}

#[test]
fn the_wheel_resizes_within_the_grids_and_drags_stay_in_the_area() {
    let mut p = Probe::default();
    let size = p.brick_size();
    p.resize(1);
    assert!(p.brick_size().x > size.x);
    p.resize(100);
    assert_eq!(p.grid, 0);
    p.resize(-100);
    assert_eq!(p.grid, BRICK_GRIDS.len() - 1);
    p.drag_ball(Vec2::new(-50.0, 900.0));
    assert_eq!(p.ball, Vec2::new(BALL_AREA.min.x, BALL_AREA.max.y));
    p.aim(p.ball + Vec2::new(1e6, 0.0));
    assert_eq!(p.motion.length(), MAX_MOTION);
}
