//! The pace (`pace.rs`) played in whole games: balls speed up in play and a lost one starts
//! again at the launch speed; a launch takes the way the paddle moves. A module of its own
//! beside `pace.rs`, since these tests drive a [`Game`], which `pace.rs`'s settings are part of.

use super::pace::*;
use super::tuning::{LAUNCH_AIM_MAX_DEG, LAUNCH_AIM_MIN_PADDLE_SPEED, PADDLE_SPEED};
use crate::level::Level;
use crate::sim::{Bot, Game, GameConfig, Input, PowerUpSettings};

fn game(pace: PaceSettings, seed: u64) -> Game {
    // One brick walled in by solid ones: the level never ends, the ball stays in play.
    let text = "1 1 1 0 0 0 0 0\n1 2 1 0 0 0 0 0\n1 1 1 0 0 0 0 0\n0 0 0 0 0 0 0 0";
    let level = Level::parse(text, "t").unwrap();
    let config = GameConfig {
        seed,
        powerups: PowerUpSettings::none(),
        infinite_lives: true,
        pace,
        ..GameConfig::default()
    };
    Game::new(&level, config)
}

/// The angle of `vel` from straight up, degrees (positive: to the right).
fn from_vertical(vel: glam::Vec2) -> f32 {
    libm::atan2f(vel.x, -vel.y).to_degrees()
}

/// A minute of the bot's play with the default speed-up: at every step every ball in play
/// moves at the launch speed times the pace, and the pace is what the in-play time since
/// the last lost ball gives (the closed form as the oracle); a lost ball starts again at
/// the launch speed.
#[test]
fn balls_speed_up_in_play_and_a_lost_ball_starts_again_at_the_launch_speed() {
    let settings = PaceSettings::default();
    let mut g = game(settings, 3);
    let mut bot = Bot::new(3, 0.0);
    let dt = crate::sim::tuning::FIXED_TIMESTEP;
    let launch = g.config().launch_speed;
    let (mut in_play, mut highest) = (0u32, 1.0f32);
    for step in 0..240 * 60 {
        let lost_before = g.stats().balls_lost;
        let moving = g.balls().iter().any(|b| !b.stuck);
        g.step(&bot.input(&g));
        if g.stats().balls_lost > lost_before {
            in_play = 0;
            assert_eq!(g.pace(), 1.0, "step {step}: a lost ball resets the pace");
            continue;
        }
        in_play += moving as u32;
        let expected = (1.0 + settings.speed_up_per_minute * in_play as f32 * dt / 60.0)
            .min(settings.max_speed_factor);
        assert!(
            (g.pace() - expected).abs() < 1e-3,
            "step {step}: {} vs {expected}",
            g.pace()
        );
        for ball in g.balls().iter().filter(|b| !b.stuck) {
            let speed = ball.vel.length();
            assert!(
                (speed - launch * g.pace()).abs() < 0.05,
                "step {step}: {speed}"
            );
        }
        highest = highest.max(g.pace());
    }
    assert!(highest > 1.1, "the ball did get faster: {highest}");
    // Lose the ball: the next launch is at the launch speed.
    g.set_ball(glam::Vec2::new(400.0, 590.0), glam::Vec2::new(0.0, 450.0));
    while g.balls().iter().any(|b| !b.stuck) {
        g.step(&Input::default());
    }
    assert_eq!(g.pace(), 1.0);
    g.step(&Input {
        launch: true,
        ..Input::default()
    });
    assert!((g.balls()[0].vel.length() - launch).abs() < 0.05);
}

#[test]
fn a_launch_from_a_moving_paddle_goes_the_way_it_moves_and_from_a_still_one_as_before() {
    for (input, sign) in [
        (
            Input {
                right: true,
                launch: true,
                ..Input::default()
            },
            1.0,
        ),
        (
            Input {
                left: true,
                launch: true,
                ..Input::default()
            },
            -1.0,
        ),
    ] {
        let mut g = game(PaceSettings::default(), 1);
        g.step(&input);
        let angle = from_vertical(g.balls()[0].vel);
        assert!((angle - sign * LAUNCH_AIM_MAX_DEG).abs() < 0.01, "{angle}");
    }
    for seed in 0..20 {
        let still = Input {
            launch: true,
            ..Input::default()
        };
        let mut aimed = game(PaceSettings::default(), seed);
        let mut random = game(
            PaceSettings {
                aim_launch: false,
                ..PaceSettings::default()
            },
            seed,
        );
        aimed.step(&still);
        random.step(&still);
        assert_eq!(aimed.balls()[0].vel, random.balls()[0].vel, "seed {seed}");
        // Without aim, a moving paddle launches at random too.
        let mut off = game(PaceSettings::OFF, seed);
        off.step(&Input {
            right: true,
            launch: true,
            ..Input::default()
        });
        assert!(from_vertical(off.balls()[0].vel).abs() <= 25.01);
    }
}

#[test]
fn aim_follows_the_paddle_and_a_still_paddle_does_not_aim() {
    assert_eq!(aimed_angle(0.0), None);
    assert_eq!(aimed_angle(LAUNCH_AIM_MIN_PADDLE_SPEED / 2.0), None);
    assert_eq!(aimed_angle(f32::NAN), None);
    let full = LAUNCH_AIM_MAX_DEG.to_radians();
    assert_eq!(aimed_angle(PADDLE_SPEED), Some(full));
    assert_eq!(aimed_angle(-5.0 * PADDLE_SPEED), Some(-full));
    let half = aimed_angle(PADDLE_SPEED / 2.0).unwrap();
    assert!((half - full / 2.0).abs() < 1e-6);
}
