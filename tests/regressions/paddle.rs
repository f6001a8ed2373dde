//! The paddle pushing the ball.

use crate::support::sim::{clamp_config, level, R, SEAM_LEVEL};
use breakout::sim::tuning::PLAYFIELD_WIDTH;
use breakout::sim::{Game, Input};
use glam::Vec2;

/// Regression: a ball beside the paddle, below its top edge, is pushed sideways by the paddle
/// moving into it. Near a side wall the push went straight through the wall (a ball centre at
/// x < 0: `balls_escaped` = 1, seen in a bot game where the bot followed a rising ball). The
/// paddle may squeeze the ball against the wall, never push it out of the playfield.
/// Fixed by 26293a9.
#[test]
fn paddle_cannot_push_the_ball_through_a_side_wall() {
    for left in [true, false] {
        let mut game = Game::new(&level(SEAM_LEVEL), clamp_config(14));
        // Bring the paddle 30 px from the wall.
        let centre = if left { 80.0 } else { PLAYFIELD_WIDTH - 80.0 };
        for _ in 0..120 {
            game.step(&Input {
                paddle_target_x: Some(centre),
                ..Input::default()
            });
        }
        let side = if left { 1.0 } else { -1.0 };
        let wall_x = if left { 0.0 } else { PLAYFIELD_WIDTH };
        // A ball in the gap, below the paddle's top, rising towards the paddle's side.
        game.set_ball(
            Vec2::new(wall_x + side * 15.0, game.paddle().pos.y + 10.0),
            Vec2::new(side * 390.0, -225.0),
        );
        for s in 0..20 {
            game.step(&Input {
                paddle_target_x: Some(wall_x),
                ..Input::default()
            });
            for ball in game.balls() {
                assert!(
                    (R - 1e-3..=PLAYFIELD_WIDTH - R + 1e-3).contains(&ball.pos.x),
                    "left {left}, step {s}: {:?}",
                    ball.pos
                );
            }
            assert_eq!(game.stats().balls_escaped, 0, "left {left}, step {s}");
        }
    }
}
