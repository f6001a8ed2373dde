//! Ball against ball (multiball): the response and the push-out. (The push-out pushing a ball
//! into a wall is in [`crate::walls`].)

use crate::support::sim::{
    angle_from_horizontal_deg, clamp_config, from_vertical, level, overlaps_a_brick, step_idle,
    step_until_balls_turn, R, SEAM_FACE_Y, SEAM_LEVEL,
};
use breakout::sim::tuning::{BALL_LAUNCH_SPEED, FIXED_TIMESTEP};
use breakout::sim::Game;
use glam::Vec2;

/// Regression: ball–ball collisions used the plain equal-mass elastic response, which swaps the
/// velocity components along the contact normal. A ball moving left into the side of a ball
/// moving up gave it all its speed and stopped dead in mid-air (no wall, brick or paddle would
/// ever move it again: a stuck game), and in general changed both speeds (526 px/s seen in a
/// bot game) and could leave a ball horizontal, against the anti-loop rule. Each ball now keeps
/// its own speed; the response only turns it (then the anti-loop rule applies).
/// Fixed by 26293a9.
#[test]
fn ball_ball_collision_never_stops_a_ball() {
    let mut game = Game::new(&level(SEAM_LEVEL), clamp_config(12));
    let a = Vec2::new(400.0, 400.0);
    game.set_ball(a, Vec2::new(0.0, -BALL_LAUNCH_SPEED));
    // B moving left, touching A's right side half a pixel deep after one step.
    let step = BALL_LAUNCH_SPEED * FIXED_TIMESTEP;
    game.add_ball(
        Vec2::new(a.x + 2.0 * R - 0.5 + step, a.y),
        Vec2::new(-BALL_LAUNCH_SPEED, 0.0),
    );
    assert!(step_until_balls_turn(&mut game), "the balls met");
    let before: Vec<Vec2> = game.balls().iter().map(|b| b.pos).collect();
    for ball in game.balls() {
        assert!(
            (ball.vel.length() / BALL_LAUNCH_SPEED - 1.0).abs() < 1e-4,
            "speed kept: {:?}",
            ball.vel
        );
        let h = angle_from_horizontal_deg(ball.vel);
        assert!(
            (20.0 - 1e-3..=80.0 + 1e-3).contains(&h),
            "anti-loop: {h}° from horizontal, {:?}",
            ball.vel
        );
    }
    for _ in 0..24 {
        step_idle(&mut game);
    }
    for (ball, p) in game.balls().iter().zip(before) {
        assert!(
            ball.pos.distance(p) > 20.0,
            "still moving: {:?} from {p:?}",
            ball.pos
        );
    }
}

/// Regression: ball–ball push-out ran after the balls' brick collisions, so a ball pushed by
/// another (multiball spawns the new balls on top of the old one) could end the step 10 px
/// inside a solid brick (seen in a bot game on 02-gates). Ball against ball now comes first;
/// bricks and walls have the last word.
/// Fixed by 26293a9.
#[test]
fn ball_ball_push_out_never_leaves_a_ball_inside_a_brick() {
    // Under the bottom face (y = 225) of brick (2,3), x 300..400: A just touching it, B below A
    // overlapping it by 15 px, both moving down-left, B faster towards A.
    let mut game = Game::new(&level(SEAM_LEVEL), clamp_config(15));
    game.set_ball(
        Vec2::new(350.0, SEAM_FACE_Y + R + 0.1),
        from_vertical(-160.0) * BALL_LAUNCH_SPEED,
    );
    game.add_ball(
        Vec2::new(350.0, SEAM_FACE_Y + R + 10.1),
        from_vertical(-20.0) * BALL_LAUNCH_SPEED,
    );
    for s in 0..5 {
        step_idle(&mut game);
        for ball in game.balls() {
            assert!(
                !overlaps_a_brick(&game, ball.pos, 1e-2),
                "step {s}: ball inside a brick at {:?}",
                ball.pos
            );
        }
    }
}
