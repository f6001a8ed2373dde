//! The `kbreakout` collision model in play: the bot on three shipped levels for two minutes of
//! game time each (the model's unit tests are `core/src/collision/peer/kbreakout_tests.rs`; this
//! one is an integration test because `collision` may not import `sim`). Run with
//! `cargo test --release -p breakout-core peer::kbreakout`.

mod peer {
    mod kbreakout {
        use breakout_core::collision::CollisionMode;
        use breakout_core::level::Level;
        use breakout_core::sim::{Bot, Game, GameConfig, GameState};

        /// Two minutes at 240 steps per second.
        const STEPS: usize = 28_800;
        /// Longest a ball's centre may stay inside a live brick, steps (one second).
        const MAX_BURIED_STEPS: usize = 240;

        const LEVELS: [(&str, &str); 3] = [
            (
                "01-first-steps",
                include_str!("../../levels/01-first-steps.lvl"),
            ),
            ("04-rainbow", include_str!("../../levels/04-rainbow.lvl")),
            ("08-citadel", include_str!("../../levels/08-citadel.lvl")),
        ];

        /// True if `pos` is strictly inside a live brick.
        fn buried(game: &Game, pos: glam::Vec2) -> bool {
            let bricks = game.bricks();
            (0..bricks.rows()).any(|row| {
                (0..bricks.cols()).any(|col| {
                    bricks
                        .live(row, col)
                        .is_some_and(|b| pos.cmpgt(b.rect.min).all() && pos.cmplt(b.rect.max).all())
                })
            })
        }

        #[test]
        fn the_bot_plays_three_shipped_levels_without_escapes_or_buried_balls() {
            for (name, text) in LEVELS {
                let level = Level::parse(text, name).expect("a shipped level parses");
                let seed = 11;
                let mut game = Game::new(
                    &level,
                    GameConfig {
                        collision: CollisionMode::Kbreakout,
                        seed,
                        ..Default::default()
                    },
                );
                let mut bot = Bot::new(seed, 0.5);
                let mut buried_for: Vec<usize> = Vec::new();
                for step in 0..STEPS {
                    let input = bot.input(&game);
                    game.step(&input);
                    let balls = game.balls();
                    buried_for.resize(balls.len(), 0);
                    for (i, ball) in balls.iter().enumerate() {
                        assert!(
                            ball.pos.is_finite() && ball.vel.is_finite(),
                            "{name}, step {step}: {ball:?}"
                        );
                        buried_for[i] = if buried(&game, ball.pos) {
                            buried_for[i] + 1
                        } else {
                            0
                        };
                        assert!(
                            buried_for[i] <= MAX_BURIED_STEPS,
                            "{name}, step {step}: ball {i} inside a brick for a second: {ball:?}"
                        );
                    }
                    if game.state() != GameState::Playing {
                        break;
                    }
                }
                let stats = game.stats();
                println!(
                    "kbreakout {name}: {} bricks destroyed, {} escapes, state {:?}",
                    stats.bricks_destroyed,
                    stats.balls_escaped,
                    game.state()
                );
                assert_eq!(stats.balls_escaped, 0, "{name}");
                assert!(stats.bricks_destroyed > 0, "{name}");
            }
        }
    }
}
