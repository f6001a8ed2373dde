//! Tests of the bot: power-up detours and dodges, several balls, a rising ball.

use super::*;
use crate::collision::CollisionMode;
use crate::level::{Level, PowerUpKind};
use crate::sim::{FallingPowerUp, GameConfig, GameEvent, PowerUpSettings};

/// Three rows of 100 px: coloured bricks at the top, then open space; no random power-ups,
/// and lost balls are only counted, so a test sees exactly what the bot did.
fn quiet_game() -> Game {
    let text = "2 2 2 2 2 2 2 2\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0";
    let level = Level::parse(text, "test").expect("valid level");
    Game::new(
        &level,
        GameConfig {
            powerups: PowerUpSettings::none(),
            infinite_lives: true,
            // The scenarios below are timed to the pixel at the launch speed.
            pace: crate::sim::PaceSettings::OFF,
            ..GameConfig::default()
        },
    )
}

/// Releases a power-up of `kind` centred on `center`, as a destroyed brick would.
fn drop_powerup(game: &mut Game, kind: PowerUpKind, center: Vec2) {
    game.falling.push(FallingPowerUp::new(kind, center));
}

/// Plays `steps` steps with the inputs `input` gives; returns the kinds collected.
fn run(game: &mut Game, steps: usize, mut input: impl FnMut(&Game) -> Input) -> Vec<PowerUpKind> {
    let mut collected = Vec::new();
    for _ in 0..steps {
        let input = input(game);
        game.step(&input);
        for &event in game.events() {
            if let GameEvent::PowerUpCollected { kind } = event {
                collected.push(kind);
            }
        }
    }
    collected
}

/// The input that sends the paddle's centre to `x`.
fn toward(x: f32) -> Input {
    Input {
        paddle_target_x: Some(x),
        ..Input::default()
    }
}

#[test]
fn goes_for_a_good_power_up_while_the_ball_is_high() {
    // The ball rises at x = 620 and is back in about 1.4 s; an extra life reaches the
    // paddle at x = 150 in 0.51 s, 470 px from the ball: only a detour catches it.
    let mut game = quiet_game();
    game.set_ball(Vec2::new(620.0, 330.0), Vec2::new(0.0, -450.0));
    drop_powerup(&mut game, PowerUpKind::ExtraLife, Vec2::new(150.0, 470.0));
    let mut bot = Bot::new(1, 0.0);
    let start = game.paddle().center_x();
    let mut went_left = false;
    let collected = run(&mut game, 240, |g| {
        let input = bot.input(g);
        went_left |= input.paddle_target_x.is_some_and(|x| x < start - 100.0);
        input
    });
    assert!(went_left, "the paddle went towards the power-up");
    assert_eq!(collected, [PowerUpKind::ExtraLife]);
    // And it was back in time: the ball comes down and goes up again.
    run(&mut game, 600, |g| bot.input(g));
    assert_eq!(game.stats().balls_lost, 0);
}

#[test]
fn stays_on_the_ball_when_the_detour_would_cost_it() {
    // The ball lands at x = 650 in 0.15 s; an extra life lands at x = 80 in 0.1 s. Going
    // for it and then back takes 0.33 s.
    let setup = || {
        let mut game = quiet_game();
        game.set_ball(Vec2::new(650.0, 476.0), Vec2::new(0.0, 450.0));
        drop_powerup(&mut game, PowerUpKind::ExtraLife, Vec2::new(80.0, 531.0));
        game
    };
    // The trade-off is real: catching the power-up first loses the ball.
    let mut greedy = setup();
    let caught = run(&mut greedy, 240, |g| {
        toward(if g.falling_powerups().is_empty() {
            650.0
        } else {
            130.0
        })
    });
    assert_eq!(caught, [PowerUpKind::ExtraLife]);
    assert_eq!(greedy.stats().balls_lost, 1, "the detour costs the ball");

    let mut game = setup();
    let mut bot = Bot::new(1, 0.0);
    let first = bot.input(&game).paddle_target_x.unwrap();
    assert!(
        first > game.paddle().center_x(),
        "heads for the ball, not the power-up: {first}"
    );
    let collected = run(&mut game, 240, |g| bot.input(g));
    assert!(collected.is_empty(), "{collected:?}");
    assert_eq!(game.stats().balls_lost, 0);
}

#[test]
fn dodges_a_bad_power_up_while_the_ball_is_high() {
    // Confuse lands right under the rising ball, which is back in about 0.9 s at the
    // earliest: enough time to step aside and return.
    let setup = || {
        let mut game = quiet_game();
        game.set_ball(Vec2::new(420.0, 150.0), Vec2::new(0.0, -450.0));
        drop_powerup(&mut game, PowerUpKind::Confuse, Vec2::new(420.0, 526.0));
        game
    };
    // A paddle that just follows the ball catches it.
    let mut follower = setup();
    let caught = run(&mut follower, 120, |g| toward(g.balls()[0].pos.x));
    assert_eq!(caught, [PowerUpKind::Confuse]);

    let mut game = setup();
    let mut bot = Bot::new(1, 0.0);
    let collected = run(&mut game, 120, |g| bot.input(g));
    assert!(collected.is_empty(), "{collected:?}");
    run(&mut game, 600, |g| bot.input(g));
    assert_eq!(game.stats().balls_lost, 0);
}

#[test]
fn with_several_balls_looks_after_the_one_that_comes_down_first() {
    // The lowest ball rises slowly on the left; a higher one falls steeply on the right,
    // lands in 0.19 s and is the lowest only for the last 0.05 s of it.
    let mut game = quiet_game();
    game.set_ball(Vec2::new(150.0, 540.0), Vec2::new(-423.0, -154.0));
    game.add_ball(Vec2::new(650.0, 460.0), Vec2::new(0.0, 450.0));
    let mut bot = Bot::new(1, 0.0);
    run(&mut game, 240, |g| bot.input(g));
    assert_eq!(game.stats().balls_lost, 0);
    assert_eq!(game.balls().len(), 2);
}

#[test]
fn lets_a_rising_ball_out_from_under_the_paddle() {
    // A ball knocked under the paddle that rises is pushed down by the paddle's bottom edge
    // without turning: a paddle following it would hold it there for ever.
    let mut game = quiet_game();
    let paddle = game.paddle().rect();
    game.set_ball(
        Vec2::new(paddle.center().x, paddle.max.y + BALL_RADIUS - 0.5),
        Vec2::new(390.0, -225.0),
    );
    let mut bot = Bot::new(1, 0.0);
    run(&mut game, 120, |g| bot.input(g));
    let ball = game.balls()[0];
    assert!(
        ball.pos.y + ball.radius < paddle.min.y,
        "still under the paddle: {ball:?}"
    );
}

/// A random level: `rows` rows of `columns` cells, each empty, solid, coloured or a two-hit
/// brick (`cells` picks each cell, 0–9: mostly empty and solid, so that often no aim of the
/// coarse fan breaks a brick), with one coloured brick at least.
fn random_level(rows: usize, columns: usize, cells: &[u8]) -> Level {
    let cell = |i: usize| match cells[i % cells.len()] {
        0..=3 => "0",
        4..=6 => "1",
        7 => "2",
        8 => "3*2",
        _ => "5",
    };
    let mut text = String::from("2");
    for i in 1..rows * columns {
        text.push(if i % columns == 0 { '\n' } else { ' ' });
        text.push_str(cell(i));
    }
    Level::parse(&text, "random").expect("valid level")
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 48,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// The lockstep look-ahead, its early stop and its reuse of the coarse fan choose exactly
    /// the aim (and draw exactly the random numbers) of playing every candidate to its end.
    #[test]
    fn choose_aim_matches_the_exhaustive_search(
        rows in 1usize..10,
        columns in 2usize..16,
        cells in proptest::collection::vec(0u8..10, 1..64),
        mode in 0usize..CollisionMode::ALL.len(),
        random_powerups in proptest::bool::ANY,
        paddle_x in 0.0f32..800.0,
        ball in (20.0f32..780.0, 310.0f32..520.0, -0.9f32..0.9),
        powerup in proptest::option::of((0usize..8, 30.0f32..770.0, 0.0f32..560.0)),
        seed in 0u64..1000,
        credit in -1000i64..20_000,
    ) {
        let level = random_level(rows, columns, &cells);
        let mut game = Game::new(
            &level,
            GameConfig {
                seed,
                collision: CollisionMode::ALL[mode],
                infinite_lives: true,
                powerups: if random_powerups {
                    PowerUpSettings::default()
                } else {
                    PowerUpSettings::none()
                },
                ..GameConfig::default()
            },
        );
        // Move the paddle off the centre, then put a ball in play, falling.
        run(&mut game, 60, |_| toward(paddle_x));
        let (x, y, slope) = ball;
        game.set_ball(Vec2::new(x, y), Vec2::new(slope, 1.0).normalize() * BALL_LAUNCH_SPEED);
        if let Some((kind, px, py)) = powerup {
            drop_powerup(&mut game, PowerUpKind::ALL[kind], Vec2::new(px, py));
        }
        let mut bot = Bot::new(seed, 0.0);
        bot.credit = credit;
        let mut oracle_rng = bot.rng.clone();
        let want = super::oracle::choose_aim_exhaustive(&mut oracle_rng, credit, &game);
        let got = bot.choose_aim(&game);
        proptest::prop_assert_eq!(got.to_bits(), want.to_bits(), "{} vs {}", got, want);
        proptest::prop_assert!(bot.rng == oracle_rng, "the same random numbers were drawn");
        // A fan spends credit; none is spent without credit.
        proptest::prop_assert!(bot.credit <= credit);
        if credit <= 0 {
            proptest::prop_assert_eq!(bot.credit, credit);
        }
    }
}

#[test]
fn keeps_a_ghost_paddle_moving_so_the_ball_still_bounces() {
    let mut game = quiet_game();
    game.collect(PowerUpKind::Ghost);
    let mut bot = Bot::new(3, 0.0);
    // A ball falling straight down: the paddle waits under it, and would stand still.
    game.set_ball(Vec2::new(430.0, 350.0), Vec2::new(0.0, 450.0));
    run(&mut game, 240, |g| bot.input(g));
    assert!(game.active_effects().has(PowerUpKind::Ghost));
    assert_eq!(game.stats().balls_lost, 0, "the ghost paddle kept the ball");
}
