//! A ball looping for ever between solid corners, out of the paddle's reach (fixed by d65fa88,
//! the loop breaker).

use crate::helpers::config;
use crate::support::sim::named_level;
use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::tuning::LOOP_BREAKER_STEPS;
use breakout::sim::{Game, Input};
use glam::Vec2;

/// 08-citadel as it was at step 17000 of the run below: solid bricks (1) and the last two
/// destructible ones (2), far from the ball. The top-left pocket (rows 0–1, columns 0–2; cells
/// 50 × 33.3 px) is closed by the left wall, the ceiling and solid bricks but for a notch at
/// row 2, column 1 into the tower below, whose doors open at the bottom.
fn citadel_at_step_17000() -> Level {
    named_level(
        "08-citadel-step-17000",
        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 1 0 0 2\n\
         1 0 1 1 0 0 0 0 0 0 0 0 1 1 0 1\n\
         1 0 0 1 0 1 0 0 0 0 1 0 1 0 0 1\n\
         1 0 0 1 0 1 0 0 0 0 1 0 1 0 0 1\n\
         1 0 0 1 0 1 1 0 0 1 1 0 1 0 0 1\n\
         1 0 0 1 0 0 0 0 0 0 0 0 1 0 0 1\n\
         1 0 0 1 0 0 0 0 0 0 0 0 1 0 0 1\n\
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
    )
}

/// Regression (`simulate --level 08-citadel --seed 5 --ball-speed 900`, clamp and zones modes:
/// no brick destroyed after step ~16028 of 500,000): the ball travelled at exactly the anti-loop
/// minimum of 20° from horizontal in the top-left pocket; a solid corner reflected it to ~13°,
/// `clamp_direction` snapped that back to 20°, the incoming direction reversed, and the ball
/// retraced one path between two solid corners for ever, out of the paddle's reach. The loop
/// breaker turns it by a few random degrees at a wall or solid bounce once it has gone
/// `LOOP_BREAKER_SECONDS` without touching the paddle or a destructible brick.
/// Fixed by d65fa88 (the loop breaker).
#[test]
fn ball_looping_between_solid_corners_is_nudged_out() {
    let looping = |game: &Game| {
        let b = game.balls()[0];
        b.pos.x < 150.0 && b.pos.y < 100.0
    };
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = Game::new(&citadel_at_step_17000(), config(mode));
        // The ball of that run at step 17000 (1080 px/s: 900 and one speed-up power-up), 971
        // steps after it last touched a destructible brick, already retracing its loop.
        game.set_ball(
            Vec2::new(84.38645, 61.75086),
            Vec2::new(1014.86743, 369.38153),
        );
        let mut steps = 0;
        while looping(&game) {
            assert!(
                steps < 4 * LOOP_BREAKER_STEPS as usize,
                "{mode}: still looping in the pocket after {steps} steps: {:?}",
                game.balls()[0]
            );
            game.step(&Input::default());
            assert_eq!(game.stats().balls_escaped, 0, "{mode}, step {steps}");
            steps += 1;
        }
        if matches!(mode, CollisionMode::Clamp | CollisionMode::Zones) {
            // The loop is real in these modes: only the loop breaker lets the ball out.
            assert!(
                steps > LOOP_BREAKER_STEPS as usize,
                "{mode}: left the pocket after {steps} steps, before the loop breaker"
            );
        }
    }
}
