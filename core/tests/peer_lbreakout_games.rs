//! The bot plays shipped levels with the two LBreakout models (`collision/peer/lbreakout_*.rs`):
//! here, not beside the models, because `collision` may not import `sim` or `level`
//! (`docs/architecture.md`, "Code map and layers").

use breakout_core::collision::CollisionMode;
use breakout_core::level::Level;
use breakout_core::sim::{Bot, Game, GameConfig, GameState};

const LEVELS: [(&str, &str); 3] = [
    (
        include_str!("../../levels/01-first-steps.lvl"),
        "01-first-steps",
    ),
    (include_str!("../../levels/03-fortress.lvl"), "03-fortress"),
    (include_str!("../../levels/08-citadel.lvl"), "08-citadel"),
];

/// The bot plays `level` with `mode` for up to 2 minutes of game time (28,800 steps); panics on
/// an escape, a non-finite ball, or a ball's centre inside a live brick for more than 240
/// consecutive steps; returns the bricks destroyed.
fn play(level: &str, name: &str, mode: CollisionMode, seed: u64) -> u32 {
    let level = Level::parse(level, name).expect("shipped level");
    let mut game = Game::new(
        &level,
        GameConfig {
            collision: mode,
            seed,
            ..Default::default()
        },
    );
    let mut bot = Bot::new(seed, 0.5);
    let mut inside = [0u32; 16];
    for step in 0..28_800 {
        let input = bot.input(&game);
        game.step(&input);
        for (i, ball) in game.balls().iter().enumerate() {
            assert!(
                ball.pos.is_finite() && ball.vel.is_finite(),
                "{name} step {step}: {ball:?}"
            );
            let buried = game.bricks().iter_live().any(|(_, _, b)| {
                let (p, r) = (ball.pos, b.rect);
                p.x > r.min.x && p.x < r.max.x && p.y > r.min.y && p.y < r.max.y
            });
            if let Some(n) = inside.get_mut(i) {
                *n = if buried { *n + 1 } else { 0 };
                assert!(
                    *n <= 240,
                    "{name} seed {seed} step {step}: ball {i} inside a brick for 240 steps"
                );
            }
        }
        assert_eq!(
            game.stats().balls_escaped,
            0,
            "{name} seed {seed} step {step}: an escape"
        );
        if game.state() != GameState::Playing {
            break;
        }
    }
    game.stats().bricks_destroyed
}

fn plays_three_levels(mode: CollisionMode) {
    for (text, name) in LEVELS {
        for seed in [1, 2, 3] {
            let destroyed = play(text, name, mode, seed);
            println!(
                "{} {name} seed {seed}: {destroyed} bricks destroyed",
                mode.name()
            );
            assert!(destroyed > 0, "{name} seed {seed}: no brick destroyed");
        }
    }
}

#[test]
fn lbreakout_trajectory_plays_three_shipped_levels_without_escapes() {
    plays_three_levels(CollisionMode::LbreakoutTrajectory);
}

#[test]
fn lbreakout_clipping_plays_three_shipped_levels_without_escapes() {
    plays_three_levels(CollisionMode::LbreakoutClipping);
}
