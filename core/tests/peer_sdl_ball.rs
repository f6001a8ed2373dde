//! The `sdl-ball` collision model (`core/src/collision/peer/sdl_ball.rs`) in whole games: the
//! bot plays shipped levels for up to two minutes of game time each. (Here, not beside the
//! model: the collision module's tests may not drive a `sim::Game`, `tests/architecture.rs`.)

use breakout_core::collision::model::BrickGrid;
use breakout_core::collision::CollisionMode;
use breakout_core::level::Level;
use breakout_core::sim::{Bot, Game, GameConfig, GameState};

/// Two minutes at 240 steps/s.
const STEPS: usize = 28_800;
/// Longest a ball's centre may stay inside one live brick, steps.
const MAX_INSIDE: u32 = 240;

const LEVELS: [(&str, &str); 4] = [
    (
        "01-first-steps",
        include_str!("../../levels/01-first-steps.lvl"),
    ),
    ("03-fortress", include_str!("../../levels/03-fortress.lvl")),
    (
        "05-the-vault",
        include_str!("../../levels/05-the-vault.lvl"),
    ),
    (
        "07-diamond-core",
        include_str!("../../levels/07-diamond-core.lvl"),
    ),
];

/// True if `p` is strictly inside a live brick of the game.
fn inside_a_brick(game: &Game, p: glam::Vec2) -> bool {
    let bricks = game.bricks();
    (0..BrickGrid::rows(bricks)).any(|row| {
        (0..BrickGrid::cols(bricks)).any(|col| {
            BrickGrid::brick(bricks, row, col)
                .is_some_and(|b| p.x > b.min.x && p.x < b.max.x && p.y > b.min.y && p.y < b.max.y)
        })
    })
}

#[test]
fn sdl_ball_plays_shipped_levels_without_escapes_or_stuck_balls() {
    for (seed, (name, text)) in LEVELS.iter().enumerate() {
        let seed = seed as u64 + 11;
        let level = Level::parse(text, name).expect("a shipped level parses");
        let mut game = Game::new(
            &level,
            GameConfig {
                collision: CollisionMode::SdlBall,
                seed,
                ..Default::default()
            },
        );
        let mut bot = Bot::new(seed, 0.5);
        let mut inside_for = 0u32;
        let mut longest_inside = 0u32;
        for _ in 0..STEPS {
            let input = bot.input(&game);
            game.step(&input);
            for ball in game.balls() {
                assert!(ball.pos.is_finite() && ball.vel.is_finite(), "{name}");
            }
            // Any ball inside a brick counts (the balls' order may change as balls are lost).
            if game.balls().iter().any(|b| inside_a_brick(&game, b.pos)) {
                inside_for += 1;
                longest_inside = longest_inside.max(inside_for);
            } else {
                inside_for = 0;
            }
            if game.state() != GameState::Playing {
                break;
            }
        }
        let stats = game.stats();
        println!(
            "{name}: {} steps, {} bricks destroyed, {} balls lost, state {:?}, longest inside {}",
            stats.steps,
            stats.bricks_destroyed,
            stats.balls_lost,
            game.state(),
            longest_inside
        );
        assert_eq!(stats.balls_escaped, 0, "{name}");
        assert!(stats.bricks_destroyed > 0, "{name}");
        assert!(
            longest_inside <= MAX_INSIDE,
            "{name}: {longest_inside} steps inside"
        );
    }
}
