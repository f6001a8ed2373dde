//! The `xboing` collision model (`core/src/collision/peer/xboing.rs`) in the game: the bot plays
//! shipped levels with it. Here, not beside the model, because `collision` may not import `sim`
//! or `level` (`tests/architecture.rs`), not even in its tests. In modules `peer::xboing`, so
//! that `cargo test --release -p breakout-core peer::xboing` runs it with the model's tests.

mod peer {
    mod xboing {
        use breakout_core::collision::CollisionMode;
        use breakout_core::level::Level;
        use breakout_core::sim::{Bot, Game, GameConfig, GameState};

        /// The bot plays `level` for up to two minutes with `xboing`.
        fn play(text: &str, name: &str, seed: u64) {
            let level = Level::parse(text, name).expect("a shipped level parses");
            let mut game = Game::new(
                &level,
                GameConfig {
                    collision: CollisionMode::Xboing,
                    seed,
                    ..Default::default()
                },
            );
            let mut bot = Bot::new(seed, 0.5);
            let mut inside: Vec<u32> = Vec::new();
            for _ in 0..28_800 {
                let input = bot.input(&game);
                game.step(&input);
                inside.resize(game.balls().len(), 0);
                for (i, ball) in game.balls().iter().enumerate() {
                    assert!(ball.pos.is_finite() && ball.vel.is_finite(), "{name}");
                    let bricks = game.bricks();
                    let buried = (0..bricks.rows()).any(|r| {
                        (0..bricks.cols()).any(|c| {
                            bricks.live(r, c).is_some_and(|b| {
                                let p = ball.pos;
                                p.x > b.rect.min.x
                                    && p.x < b.rect.max.x
                                    && p.y > b.rect.min.y
                                    && p.y < b.rect.max.y
                            })
                        })
                    });
                    inside[i] = if buried { inside[i] + 1 } else { 0 };
                    assert!(
                        inside[i] <= 240,
                        "{name}: ball {i} inside a brick for 240 steps"
                    );
                }
                if game.state() != GameState::Playing {
                    break;
                }
            }
            let stats = game.stats();
            println!(
                "xboing game {name}: steps {} destroyed {} escaped {} state {:?}",
                stats.steps,
                stats.bricks_destroyed,
                stats.balls_escaped,
                game.state()
            );
            assert_eq!(stats.balls_escaped, 0, "{name}");
            assert!(stats.bricks_destroyed > 0, "{name}");
        }

        #[test]
        fn the_bot_plays_four_shipped_levels_without_escapes() {
            play(
                include_str!("../../levels/01-first-steps.lvl"),
                "01-first-steps",
                11,
            );
            play(
                include_str!("../../levels/03-fortress.lvl"),
                "03-fortress",
                12,
            );
            play(
                include_str!("../../levels/07-diamond-core.lvl"),
                "07-diamond-core",
                13,
            );
            // The narrow door: XBoing's corner rule throws back a ball that catches a door post.
            play(
                include_str!("../../levels/05-the-vault.lvl"),
                "05-the-vault",
                1,
            );
        }
    }
}
