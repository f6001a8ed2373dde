//! Games of the `gnome-breakout` mode (`core/src/collision/peer/gnome_breakout.rs`) played by
//! the bot on shipped levels: no escapes, finite positions, no ball left inside a live brick for
//! a second, bricks destroyed. An integration test (the public API), so that the `collision`
//! layer's own tests do not reach up to `sim` and `level` (`tests/architecture.rs`); the module
//! path `peer::gnome_breakout` matches the model's test filter.

use breakout_core::collision::CollisionMode;
use breakout_core::level::Level;
use breakout_core::sim::{Bot, BrickField, Game, GameConfig, GameState};
use glam::Vec2;

/// Two minutes of game time at 240 steps/s.
const STEPS: u32 = 28_800;
/// A ball's centre may stay inside a live brick at most this many consecutive steps.
const MAX_INSIDE_STEPS: u32 = 240;

/// True if `p` is inside a live brick of `bricks` (open box).
fn inside_live_brick(bricks: &BrickField, p: Vec2) -> bool {
    let rel = (p - bricks.area().min) / bricks.cell_size();
    if !(rel.x >= 0.0 && rel.y >= 0.0) {
        return false;
    }
    let (row, col) = (rel.y as usize, rel.x as usize);
    bricks.live(row, col).is_some_and(|b| {
        let r = b.rect;
        p.x > r.min.x && p.x < r.max.x && p.y > r.min.y && p.y < r.max.y
    })
}

fn play(text: &str, name: &str, seed: u64, steps: u32) {
    let level = Level::parse(text, name).expect("shipped level parses");
    let mut game = Game::new(
        &level,
        GameConfig {
            collision: CollisionMode::GnomeBreakout,
            seed,
            infinite_lives: true,
            ..Default::default()
        },
    );
    let mut bot = Bot::new(seed, 0.5);
    let mut inside: Vec<u32> = Vec::new();
    for step in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        let balls = game.balls();
        inside.resize(balls.len(), 0);
        for (i, ball) in balls.iter().enumerate() {
            assert!(
                ball.pos.is_finite() && ball.vel.is_finite(),
                "{name}: step {step}: {ball:?}"
            );
            inside[i] = if inside_live_brick(game.bricks(), ball.pos) {
                inside[i] + 1
            } else {
                0
            };
            assert!(
                inside[i] <= MAX_INSIDE_STEPS,
                "{name}: step {step}: ball {i} inside a brick for {} steps: {ball:?}",
                inside[i]
            );
        }
        if game.state() != GameState::Playing {
            break;
        }
    }
    let stats = game.stats();
    println!("{name}: {stats:?}");
    assert_eq!(stats.balls_escaped, 0, "{name}");
    assert!(stats.bricks_destroyed > 0, "{name}");
}

mod peer {
    mod gnome_breakout {
        use super::super::{play, STEPS};

        /// Every shipped level, two minutes each.
        #[test]
        fn bot_plays_every_shipped_level() {
            let levels: [(&str, &str); 8] = [
                (
                    include_str!("../../levels/01-first-steps.lvl"),
                    "01-first-steps",
                ),
                (include_str!("../../levels/02-gates.lvl"), "02-gates"),
                (include_str!("../../levels/03-fortress.lvl"), "03-fortress"),
                (include_str!("../../levels/04-rainbow.lvl"), "04-rainbow"),
                (
                    include_str!("../../levels/05-the-vault.lvl"),
                    "05-the-vault",
                ),
                (
                    include_str!("../../levels/06-shield-wall.lvl"),
                    "06-shield-wall",
                ),
                (
                    include_str!("../../levels/07-diamond-core.lvl"),
                    "07-diamond-core",
                ),
                (include_str!("../../levels/08-citadel.lvl"), "08-citadel"),
            ];
            for (seed, (text, name)) in levels.into_iter().enumerate() {
                play(text, name, seed as u64 + 1, STEPS);
            }
        }

        /// Seed 1 on 05-the-vault: at step 50,205 the game's ball–ball collision pushes a ball
        /// into a solid brick, where the original's reversal froze it (5,734 steps inside)
        /// before the trapped-ball rule.
        #[test]
        fn bot_plays_the_vault_past_a_ball_pushed_into_a_solid_brick() {
            let text = include_str!("../../levels/05-the-vault.lvl");
            play(text, "05-the-vault", 1, 60_000);
        }
    }
}
