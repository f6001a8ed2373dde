//! Tests of `control_rules`: each rule from a state, and each off by default.

use super::actions::{Action, Actions};
use super::control_rules::*;
use super::controls::{ControlSettings, LaunchAngle, PaddleStyle};
use super::tuning::{FIXED_TIMESTEP, PADDLE_SPEED};
use super::{Game, GameConfig, Input};
use crate::level::Level;
use glam::Vec2;

fn game(controls: ControlSettings) -> Game {
    let level = Level::parse("@name: t\n2 2 2 2\n", "t").unwrap();
    Game::new(
        &level,
        GameConfig {
            controls,
            ..GameConfig::default()
        },
    )
}

fn act(actions: &[Action]) -> Input {
    Input {
        actions: Actions::of(actions),
        ..Input::default()
    }
}

fn angle_from_vertical(v: Vec2) -> f32 {
    libm::atan2f(v.x, -v.y).to_degrees()
}

#[test]
fn fire_keys_launch_at_fifty_degrees_left_and_right() {
    for (action, want) in [(Action::FireLeft, -50.0), (Action::FireRight, 50.0)] {
        let mut g = game(ControlSettings::default());
        g.step(&act(&[action]));
        let ball = g.balls()[0];
        assert!(!ball.stuck, "{action:?} launched");
        assert!(
            (angle_from_vertical(ball.vel) - want).abs() < 0.01,
            "{:?}",
            ball.vel
        );
    }
}

#[test]
fn paddle_turbo_doubles_the_key_speed_and_acceleration_ramps_it() {
    let moved = |controls, input: Input| {
        let mut g = game(controls);
        let x = g.paddle().pos.x;
        g.step(&input);
        g.paddle().pos.x - x
    };
    let right = Input {
        right: true,
        ..Input::default()
    };
    let full = PADDLE_SPEED * FIXED_TIMESTEP;
    assert!((moved(ControlSettings::default(), right) - full).abs() < 1e-3);
    let turbo = Input {
        actions: Actions::of(&[Action::PaddleTurbo]),
        ..right
    };
    assert!((moved(ControlSettings::default(), turbo) - 2.0 * full).abs() < 1e-3);
    let accel = ControlSettings {
        key_acceleration: true,
        ..ControlSettings::default()
    };
    let first = moved(accel, right);
    assert!(first < 0.3 * full && first > 0.2 * full, "{first}");
    // After the ramp, full speed.
    let mut g = game(accel);
    for _ in 0..((KEY_RAMP_SECONDS / FIXED_TIMESTEP) as usize + 2) {
        g.step(&right);
    }
    let x = g.paddle().pos.x;
    g.step(&right);
    assert!((g.paddle().pos.x - x - full).abs() < 1e-3);
}

#[test]
fn ball_turbo_moves_at_the_turbo_speed_and_auto_grows_with_distance() {
    let c = ControlSettings::default();
    let mut g = game(c);
    g.set_ball(Vec2::new(400.0, 480.0), Vec2::new(0.0, -450.0));
    let before = g.balls()[0].pos.y;
    g.step(&act(&[Action::BallTurbo]));
    let travelled = before - g.balls()[0].pos.y;
    assert!(
        (travelled - c.ball_turbo_speed * FIXED_TIMESTEP).abs() < 1e-2,
        "{travelled}"
    );
    assert!(
        (g.balls()[0].vel.length() - 450.0).abs() < 1e-2,
        "own speed kept"
    );
    let auto = ControlSettings {
        ball_turbo_auto: true,
        ..c
    };
    let g = game(auto);
    let paddle = *g.paddle();
    let mut ball = g.balls()[0];
    let turbo = act(&[Action::BallTurbo]);
    ball.pos.y = paddle.pos.y - 50.0;
    let near = turbo_speed(&auto, &turbo, &ball, &paddle, 450.0).unwrap();
    ball.pos.y = paddle.pos.y - 400.0;
    let far = turbo_speed(&auto, &turbo, &ball, &paddle, 450.0).unwrap();
    assert!(
        450.0 < near && near < far && far <= auto.ball_turbo_speed,
        "{near} {far}"
    );
    assert_eq!(
        turbo_speed(&auto, &Input::default(), &ball, &paddle, 450.0),
        None
    );
}

#[test]
fn normal_style_reflects_flat_when_still_and_bends_with_motion() {
    let normal = ControlSettings {
        paddle_style: PaddleStyle::Normal,
        ..ControlSettings::default()
    };
    let bounce = |motion_vx: f32| {
        let mut g = game(normal);
        g.step(&Input::default());
        let mut paddle = *g.paddle();
        paddle.control.motion_vx = motion_vx;
        let mut ball = g.balls()[0];
        // Off the centre, where convex would turn it: flat keeps the incoming angle.
        ball.pos.x = paddle.center_x() + paddle.size.x * 0.2;
        ball.vel = Vec2::new(-200.0, 400.0);
        let speed = ball.vel.length();
        super::ball::paddle_bounce(super::PaddleRule::Game, &ball, speed, &paddle)
    };
    let still = bounce(0.0);
    assert!(
        (still.x + 200.0).abs() < 1e-3 && (still.y + 400.0).abs() < 1e-3,
        "{still}"
    );
    let moving = bounce(PADDLE_SPEED);
    assert!(moving.x > still.x + 50.0, "{moving} vs {still}");
    assert!(moving.y < 0.0);
}

#[test]
fn normal_style_remembers_motion_for_200_ms_only() {
    let mut p = PaddleControl::default();
    track_motion(PaddleStyle::Normal, &mut p, 2.0);
    assert_eq!(p.motion_vx, 2.0 / FIXED_TIMESTEP);
    let keep = (FRICTION_SECONDS / FIXED_TIMESTEP) as usize - 1;
    for _ in 0..keep {
        track_motion(PaddleStyle::Normal, &mut p, 0.0);
    }
    assert!(p.motion_vx != 0.0);
    for _ in 0..2 {
        track_motion(PaddleStyle::Normal, &mut p, 0.0);
    }
    assert_eq!(p.motion_vx, 0.0);
    let mut c = PaddleControl::default();
    track_motion(PaddleStyle::Convex, &mut c, 5.0);
    assert!(c.is_idle());
}

/// A ball bouncing where it scores nothing (it is put high and moving sideways under no brick
/// the test waits for) is recalled after 10 s, and not before.
#[test]
fn recall_and_auto_return_act_on_idle_balls_after_ten_seconds_only() {
    for (controls, input) in [
        (ControlSettings::default(), act(&[Action::Recall])),
        (
            ControlSettings {
                auto_return: true,
                ..ControlSettings::default()
            },
            Input::default(),
        ),
    ] {
        let mut g = game(controls);
        g.set_ball(Vec2::new(400.0, 400.0), Vec2::new(450.0, 0.0));
        let idle = idle_return_steps();
        for _ in 0..idle - 1 {
            g.step(&input);
            assert!(!g.balls()[0].stuck, "returned before 10 s");
        }
        g.step(&input);
        g.step(&input);
        assert!(g.balls()[0].stuck, "not returned after 10 s");
    }
    // Without recall or auto-return, it stays in play.
    let mut g = game(ControlSettings::default());
    g.set_ball(Vec2::new(400.0, 400.0), Vec2::new(450.0, 0.0));
    for _ in 0..idle_return_steps() + 10 {
        g.step(&Input::default());
    }
    assert!(!g.balls()[0].stuck);
}

#[test]
fn random_launch_ignores_the_paddle_motion() {
    let launch_moving = |launch_angle| {
        let mut g = game(ControlSettings {
            launch_angle,
            ..ControlSettings::default()
        });
        g.step(&Input {
            right: true,
            launch: true,
            ..Input::default()
        });
        angle_from_vertical(g.balls()[0].vel)
    };
    let motion = launch_moving(LaunchAngle::Motion);
    let random = launch_moving(LaunchAngle::Random);
    assert!(motion > 0.0, "aimed right: {motion}");
    assert_ne!(motion, random);
}
