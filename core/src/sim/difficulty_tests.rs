use super::*;
use crate::level::{Level, PowerUpKind as K};
use crate::sim::powerups::{PerKind, PowerUpSettings};
use crate::sim::tuning::{BALL_LAUNCH_SPEED, PADDLE_WIDTH, START_LIVES};
use crate::sim::{Bot, Game, GameConfig, Input, PaceSettings};
use proptest::prelude::*;

fn level(text: &str) -> Level {
    Level::parse(text, "t").unwrap()
}

/// The default game: one row of bricks.
fn plain() -> Level {
    level("2 2 2 2 2 2 2 2\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0")
}

#[test]
fn normal_is_todays_default_config_exactly() {
    let today = GameConfig::default();
    assert_eq!(Difficulty::Normal.apply(today), today);
    assert_eq!(today.start_lives, START_LIVES);
    assert_eq!(today.paddle_width, PADDLE_WIDTH);
    assert_eq!(today.launch_speed, BALL_LAUNCH_SPEED);
    // Nothing of the difficulty's in the serialisation the state hash is made of.
    let json = serde_json::to_string(&today).unwrap();
    for field in [
        "difficulty",
        "start_lives",
        "paddle_width",
        "bad_powerups",
        "powerup_time_factor",
        "score_factor",
    ] {
        assert!(!json.contains(field), "{field} in {json}");
    }
    let game = Game::new(&plain(), today);
    assert_eq!(game.lives(), START_LIVES);
    assert_eq!(game.paddle().size.x, PADDLE_WIDTH);
}

proptest! {
    /// Normal over any of the player's settings is those settings; every other difficulty
    /// keeps them within what `breakout.toml` accepts.
    #[test]
    fn normal_keeps_any_settings_and_the_others_stay_in_range(
        launch in 50.0f32..2000.0, rate in 0.0f32..10.0, cap in 1.0f32..4.0,
        good in 0.0f32..1.0, bad in 0.0f32..1.0, frozen in 0.0f32..1.0,
    ) {
        let mut chance = PerKind::default();
        chance.0[K::Frozen as usize] = Some(frozen);
        chance.0[K::Multiball as usize] = Some(good);
        let base = GameConfig {
            launch_speed: launch,
            pace: PaceSettings { speed_up_per_minute: rate, max_speed_factor: cap, aim_launch: true },
            powerups: PowerUpSettings { good_chance: good, bad_chance: bad, chance, ..PowerUpSettings::default() },
            ..GameConfig::default()
        };
        prop_assert_eq!(Difficulty::Normal.apply(base), base);
        for d in Difficulty::ALL {
            let c = d.apply(base);
            prop_assert!((1.0..=4.0).contains(&c.pace.max_speed_factor));
            prop_assert!((0.0..=10.0).contains(&c.pace.speed_up_per_minute));
            prop_assert!(c.powerups.problems().is_empty(), "{:?}", c.powerups.problems());
            prop_assert_eq!(c.difficulty, d);
        }
        let kids = Difficulty::Kids.apply(base);
        prop_assert_eq!(kids.powerups.bad_chance, 0.0);
        prop_assert_eq!(kids.powerups.chance.get(K::Frozen), Some(0.0));
        // The top speed in pixels/second scales by the row's factor (unless clamped).
        let top = |c: GameConfig| c.launch_speed * c.pace.max_speed_factor;
        let hard = Difficulty::Hard.apply(base);
        let want = top(base) * Difficulty::Hard.def().top_speed_factor;
        if hard.pace.max_speed_factor > 1.0 && hard.pace.max_speed_factor < 4.0 {
            prop_assert!((top(hard) - want).abs() <= 1e-3 * want);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Kids: nine lives, and no bad power-up ever falls — not from a random drop, not from a
    /// brick holding one (`+bad`, `+confuse`), not from `random` — over many seeds of a bot's
    /// game with every chance high.
    #[test]
    fn kids_start_with_nine_lives_and_no_bad_power_up_ever_falls(seed in 0u64..1_000_000) {
        let text = "2+bad 2+confuse 2+random 2+bad 2+chaos 2+random 2+bad 2+random\n\
                    3+bad 3+random 3+frozen 3+random 3+bad 3+random 3+shrink 3+random\n\
                    2 2 2 2 2 2 2 2\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0";
        let base = GameConfig {
            seed,
            powerups: PowerUpSettings { good_chance: 0.3, bad_chance: 0.5, ..PowerUpSettings::default() },
            ..GameConfig::default()
        };
        let mut game = Game::new(&level(text), Difficulty::Kids.apply(base));
        prop_assert_eq!(game.lives(), 9);
        let mut bot = Bot::new(seed, 0.5);
        for _ in 0..6_000 {
            let input = bot.input(&game);
            game.step(&input);
            for p in game.falling_powerups() {
                prop_assert!(!p.kind.is_bad(), "{:?} fell", p.kind);
            }
            for e in &game.active_effects().timed {
                prop_assert!(!e.kind.is_bad(), "{:?} runs", e.kind);
            }
        }
    }
}

/// The same game at Normal does release them (so the property above can fail).
#[test]
fn at_normal_the_same_bricks_release_bad_power_ups() {
    let text = "2+confuse 2+confuse 2+confuse 2+confuse 2+confuse 2+confuse 2+confuse 2+confuse";
    let mut game = Game::new(&level(text), GameConfig::default());
    let mut bot = Bot::new(1, 0.5);
    let mut seen = false;
    for _ in 0..6_000 {
        let input = bot.input(&game);
        game.step(&input);
        seen |= game.falling_powerups().iter().any(|p| p.kind.is_bad());
    }
    assert!(seen, "no bad power-up fell at Normal");
}

/// The speed of the first ball once launched.
fn launched_speed(config: GameConfig) -> f32 {
    let mut game = Game::new(&plain(), config);
    game.step(&Input {
        launch: true,
        ..Input::default()
    });
    game.balls()[0].vel.length()
}

#[test]
fn hard_launches_the_ball_faster_and_kids_slower() {
    let normal = launched_speed(GameConfig::default());
    let hard = launched_speed(Difficulty::Hard.apply(GameConfig::default()));
    let kids = launched_speed(Difficulty::Kids.apply(GameConfig::default()));
    assert!((normal - BALL_LAUNCH_SPEED).abs() < 0.01, "{normal}");
    assert!(
        (hard - BALL_LAUNCH_SPEED * 0.30 / 0.27).abs() < 0.01,
        "{hard}"
    );
    assert!(
        (kids - BALL_LAUNCH_SPEED * 0.10 / 0.27).abs() < 0.01,
        "{kids}"
    );
    let game = Game::new(&plain(), Difficulty::Hard.apply(GameConfig::default()));
    assert_eq!(game.lives(), 2);
}

#[test]
fn each_rows_lives_paddle_points_and_durations_reach_the_game() {
    for d in Difficulty::ALL {
        let row = d.def();
        let config = d.apply(GameConfig::default());
        let mut game = Game::new(&plain(), config);
        assert_eq!(game.lives(), row.lives, "{d}");
        assert_eq!(game.paddle().size.x, row.paddle_width, "{d}");
        game.collect(K::Points500);
        assert_eq!(game.score(), scaled_points(500, row.score_factor), "{d}");
        game.collect(K::Sticky);
        let sticky = game.active_effects().seconds_left(K::Sticky).unwrap();
        let normal = PowerUpSettings::default().sticky_seconds;
        assert!(
            (sticky - normal * row.duration_factor).abs() < 1e-3,
            "{d}: {sticky}"
        );
        // A wider paddle grows, and a lost life brings back the row's width, not Normal's.
        game.collect(K::PadSizeIncrease);
        assert!(game.paddle().size.x > row.paddle_width, "{d}");
        game.collect(K::LoseLife);
        assert_eq!(game.paddle().size.x, row.paddle_width, "{d}");
    }
    assert_eq!(scaled_points(500, 0.5), 250);
    assert_eq!(scaled_points(25, 1.3), 33);
    assert_eq!(scaled_points(u32::MAX, 1.3), u32::MAX);
}

#[test]
fn names_read_back_and_an_unknown_one_lists_them() {
    for d in Difficulty::ALL {
        assert_eq!(Difficulty::from_name(d.name()), Ok(d));
        assert_eq!(Difficulty::from_name(&d.label().to_uppercase()), Ok(d));
        assert_eq!(DIFFICULTIES[d as usize].difficulty, d, "table order");
    }
    let err = Difficulty::from_name("nightmare").unwrap_err();
    assert!(err.contains("'nightmare'"), "{err}");
    assert!(err.contains("kids, easy, normal, hard"), "{err}");
    assert_eq!(Difficulty::Kids.step(-1), Difficulty::Hard);
    assert_eq!(Difficulty::Normal.step(1), Difficulty::Hard);
}
