//! The mini-games' rules, checked from the game's state; determinism; the bot's games end; a
//! lost ball ends a mini-game and never costs a life.

use super::board::ms_to_steps;
use super::*;
use crate::level::{Level, LevelType};
use crate::sim::fork::Fork;
use crate::sim::Game;
use crate::sim::{report, GameConfig, GameState, Input};
use glam::Vec2;

fn game(kind: MiniGame, seed: u64) -> Game {
    let config = GameConfig {
        seed,
        ..GameConfig::default()
    };
    Game::new(&Level::mini_game(kind), config)
}

/// Runs `f` on the game's rules and a board of its parts, as the stage does.
fn with_rules<R>(game: &mut Game, f: impl FnOnce(&mut Rules, &mut Board) -> R) -> R {
    let bonus = game.bonus.as_mut().expect("a mini-game");
    let mut board = Board {
        bricks: &mut game.bricks,
        balls: &mut game.balls,
        paddle: &game.paddle,
        rng: &mut game.rng,
        events: &mut game.events,
        speed: game.config.launch_speed,
    };
    f(&mut bonus.rules, &mut board)
}

/// `steps` steps without a launch, the paddle still.
fn idle(game: &mut Game, steps: u32) {
    for _ in 0..steps {
        game.step(&Input::default());
    }
}

fn hit(row: usize, col: usize, destroyed: bool, rising: bool) -> Hit {
    Hit {
        row,
        col,
        destroyed,
        rising,
    }
}

#[test]
fn a_brick_level_has_no_bonus() {
    let level = Level::parse("2 2 2\n", "bricks").unwrap();
    let game = Game::new(&level, GameConfig::default());
    assert_eq!(game.level_type(), LevelType::Bricks);
    assert_eq!(game.bonus_hud(), None);
    assert_eq!(game.bonus_score(), 0);
    assert_eq!(game.bonus_end(), None);
}

#[test]
fn the_type_line_is_read_and_written_back_and_a_bad_one_is_an_error_at_its_line() {
    for kind in MiniGame::ALL {
        let level = Level::mini_game(kind);
        let text = level.to_text();
        assert!(
            text.contains(&format!("@type: {}\n", kind.name())),
            "{text}"
        );
        let back = Level::parse(&text, kind.name()).expect("a mini-game level parses");
        assert_eq!(back.level_type, LevelType::MiniGame(kind));
        assert_eq!((back.rows, back.cols), (level.rows, level.cols));
    }
    let err = Level::parse("2 2\n  @type: pong\n", "bad").unwrap_err();
    let d = &err.diagnostics[0];
    assert_eq!((d.line, d.column), (2, 3), "{err}");
    assert!(d.message.contains("jumping-jack"), "{err}");
    assert!(!Level::parse("2 2\n", "plain")
        .unwrap()
        .to_text()
        .contains("@type"));
}

#[test]
fn jumping_jack_a_hit_scores_the_prize_which_grows_and_the_fuse_shrinks_to_its_floor() {
    let mut game = game(MiniGame::JumpingJack, 1);
    let Some(Rules::JumpingJack(jj)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("jumping jack");
    };
    let (row, col) = jj.cell.expect("a brick");
    assert!(game.bricks.live(row, col).is_some());
    // The ball just below the brick, going up.
    let rect = game.bricks.cell_rect(row, col);
    game.set_ball(
        Vec2::new(rect.center().x, rect.max.y + 14.0),
        Vec2::new(0.0, -400.0),
    );
    idle(&mut game, 20);
    assert_eq!(game.bonus_score(), 2_000);
    assert_eq!(game.score(), 2_000, "the brick itself scores nothing");
    let Some(Rules::JumpingJack(jj)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("jumping jack");
    };
    assert_eq!((jj.hits, jj.prize, jj.fuse_ms), (1, 2_500, 14_250));
    assert_ne!(jj.cell, Some((row, col)));
    let hud = game.bonus_hud().unwrap();
    assert!(
        hud.line.starts_with("Hits: 1, Current Prize: 2500, Time: "),
        "{}",
        hud.line
    );
    // 40 more hits: ×0.95 each, never below 3,000 ms.
    for _ in 0..40 {
        with_rules(&mut game, |rules, board| {
            let Rules::JumpingJack(jj) = rules else {
                unreachable!()
            };
            let (r, c) = jj.cell.unwrap();
            board.bricks.remove(r, c);
            jj.on_hit(board, hit(r, c, true, true))
        });
    }
    let Some(Rules::JumpingJack(jj)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("jumping jack");
    };
    assert_eq!(jj.fuse_ms, 3_000);
    assert_eq!(jj.prize, 2_500 + 40 * 500);
}

#[test]
fn jumping_jack_ends_when_the_fuse_burns_out_without_costing_a_life() {
    let mut game = game(MiniGame::JumpingJack, 2);
    let lives = game.lives();
    idle(&mut game, ms_to_steps(15_000) - 1);
    assert_eq!(game.state(), GameState::Playing);
    idle(&mut game, 1);
    assert_eq!(game.state(), GameState::Won);
    assert_eq!(game.bonus_end(), Some(BonusEnd::FuseBurnt));
    assert_eq!(game.bricks.iter_live().count(), 0, "the brick blew up");
    assert_eq!(game.lives(), lives);
}

#[test]
fn outbreak_ends_on_the_tenth_active_infection() {
    let mut game = game(MiniGame::Outbreak, 3);
    assert_eq!(game.bricks.destructible_left(), 3);
    // One infection every 2,000 ms: the 7th new one is the 10th active.
    idle(&mut game, 6 * ms_to_steps(2_000));
    assert_eq!(game.bricks.destructible_left(), 9);
    assert_eq!(game.state(), GameState::Playing);
    let hud = game.bonus_hud().unwrap();
    assert_eq!(hud.line, "Wave: 1, Infections: 9/20, Active: 9/10");
    idle(&mut game, ms_to_steps(2_000));
    assert_eq!(game.bonus_end(), Some(BonusEnd::TooManyInfections));
}

#[test]
fn outbreak_a_cleared_board_scores_the_wave_and_starts_the_next() {
    let mut game = game(MiniGame::Outbreak, 4);
    let infections = game.bricks.cells_where(|_| true);
    let mut points = 0;
    for (row, col) in infections {
        points += with_rules(&mut game, |rules, board| {
            board.bricks.remove(row, col);
            rules.on_hit(board, hit(row, col, true, true)).points
        });
    }
    assert_eq!(points, 3 * 400 + 6_000);
    let Some(Rules::Outbreak(o)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("outbreak");
    };
    assert_eq!(
        (o.waves, o.interval_ms, o.infection_points),
        (1, 1_900, 500)
    );
    assert_eq!(game.bricks.destructible_left(), 3);
}

#[test]
fn barrier_moves_down_a_row_every_3000_ms_and_ends_at_the_paddle() {
    let mut game = game(MiniGame::Barrier, 5);
    let lowest = |g: &Game| g.bricks.iter_live().map(|(r, _, _)| r).max().unwrap();
    assert_eq!(lowest(&game), 3, "a top row and 3 rows of barrier");
    idle(&mut game, ms_to_steps(3_000) - 1);
    assert_eq!(lowest(&game), 3);
    idle(&mut game, 1);
    assert_eq!(lowest(&game), 4);
    assert!(game.bricks.live(1, 0).is_none(), "a gap under the top row");
    assert!(game.bricks.live(0, 0).is_some(), "the top row stays");
    let Some(Rules::Barrier(b)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("barrier");
    };
    assert_eq!((b.moves, b.max_moves), (1, 17));
    idle(&mut game, 15 * ms_to_steps(3_000));
    assert_eq!(game.state(), GameState::Playing);
    assert_eq!(lowest(&game), 19);
    idle(&mut game, ms_to_steps(3_000));
    assert_eq!(game.bonus_end(), Some(BonusEnd::BarrierReached));
    assert_eq!(lowest(&game), 20, "just above the paddle row");
}

#[test]
fn barrier_breaking_through_scores_by_the_moves_left_and_builds_a_thicker_one() {
    let mut game = game(MiniGame::Barrier, 6);
    idle(&mut game, 3 * ms_to_steps(3_000));
    let outcome = with_rules(&mut game, |rules, board| {
        board.bricks.remove(0, 4);
        rules.on_hit(board, hit(0, 4, true, true))
    });
    // (17 − 3) / 17 × 6,000 = 4,941, rounded down to 100.
    assert_eq!(outcome.points, 4_900);
    assert!(game.balls[0].stuck, "the ball is back on the paddle");
    assert_eq!(
        game.bonus_hud().unwrap().line,
        "Level: 2, Size: 4/12",
        "a thicker barrier"
    );
    assert_eq!(game.bricks.iter_live().map(|(r, _, _)| r).max(), Some(4));
}

#[test]
fn sitting_ducks_the_ball_waits_a_second_at_the_ceiling_then_drops_steeply() {
    let mut game = game(MiniGame::SittingDucks, 7);
    let start = game.balls[0].pos;
    idle(&mut game, ms_to_steps(1_000) - 1);
    assert_eq!(game.balls[0].pos, start);
    assert_eq!(game.balls[0].vel, Vec2::ZERO);
    idle(&mut game, 1);
    let vel = game.balls[0].vel;
    assert!(vel.y > 0.0, "{vel}");
    assert!(vel.x.abs() <= 0.2 * vel.length() + 1e-3, "{vel}");
    let lit = game
        .bricks
        .iter_live()
        .filter(|(_, _, b)| b.colour == Some(LIT))
        .count();
    assert_eq!(lit, 1, "one duck lit");
}

const LIT: [u8; 3] = sitting_ducks::LIT_COLOUR;

#[test]
fn sitting_ducks_a_duck_not_lit_blows_up_the_lit_one_and_the_lit_one_scores() {
    let mut game = game(MiniGame::SittingDucks, 8);
    idle(&mut game, ms_to_steps(1_000));
    let Some(Rules::SittingDucks(sd)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("sitting ducks");
    };
    let lit = sd.lit.expect("a duck lit");
    let lit_cell = sd.ducks[lit].unwrap();
    let other = sd.ducks[(lit + 1) % 8].unwrap();
    let missed = with_rules(&mut game, |rules, board| {
        rules.on_hit(board, hit(other.0, other.1, false, true))
    });
    assert_eq!(missed, Outcome::NONE);
    assert!(
        game.bricks.live(lit_cell.0, lit_cell.1).is_none(),
        "blown up"
    );
    assert!(game.bricks.live(other.0, other.1).is_some());
    assert_eq!(game.balls[0].vel, Vec2::ZERO, "back at the ceiling");
    assert_eq!(
        game.bonus_hud().unwrap().line,
        "Total Hits: 0, Current Prize: 6000"
    );
    idle(&mut game, ms_to_steps(1_000));
    let Some(Rules::SittingDucks(sd)) = game.bonus.as_ref().map(|b| b.rules.clone()) else {
        panic!("sitting ducks");
    };
    let cell = sd.ducks[sd.lit.unwrap()].unwrap();
    let scored = with_rules(&mut game, |rules, board| {
        rules.on_hit(board, hit(cell.0, cell.1, false, true))
    });
    assert_eq!(scored.points, 6_000);
    assert_eq!(game.bonus_hud().unwrap().prize, Some(7_000));
    // A hit from above does nothing.
    idle(&mut game, ms_to_steps(1_000));
    let before = game.bonus.clone().unwrap().rules;
    let down = with_rules(&mut game, |rules, board| {
        rules.on_hit(board, hit(other.0, other.1, false, false))
    });
    assert_eq!(down, Outcome::NONE);
    assert_eq!(
        serde_json::to_string(&before).unwrap(),
        serde_json::to_string(&game.bonus.as_ref().unwrap().rules).unwrap()
    );
}

#[test]
fn hunter_moves_one_cell_per_control_hit_never_breaks_a_brick_and_ends_on_a_wall() {
    let mut game = game(MiniGame::Hunter, 9);
    let hunter = |g: &Game| match &g.bonus.as_ref().unwrap().rules {
        Rules::Hunter(h) => h.hunter,
        _ => unreachable!(),
    };
    assert_eq!(hunter(&game), (5, 3));
    let bricks = game.bricks.iter_live().count();
    // A real ball into the right-hand pad (row 12, column 8) from below.
    let rect = game.bricks.cell_rect(hunter::PADS, 8);
    game.set_ball(
        Vec2::new(rect.center().x, rect.max.y + 14.0),
        Vec2::new(0.0, -400.0),
    );
    idle(&mut game, 20);
    assert_eq!(hunter(&game), (5, 4), "one cell right");
    assert_eq!(game.bricks.iter_live().count(), bricks, "no brick broke");
    assert!(game.bricks.live(hunter::PADS, 8).is_some());
    // Up: rows 4, 3, 2, 1, then the top wall.
    for row in (1..=4).rev() {
        let o = with_rules(&mut game, |rules, board| {
            rules.on_hit(board, hit(0, 5, false, true))
        });
        assert_eq!(o, Outcome::NONE);
        assert_eq!(hunter(&game), (row, 4));
    }
    let o = with_rules(&mut game, |rules, board| {
        rules.on_hit(board, hit(0, 5, false, true))
    });
    assert_eq!(o.end, Some(BonusEnd::HunterHitWall));
}

#[test]
fn hunter_catching_the_prey_scores_and_the_clock_runs_out() {
    let mut game = game(MiniGame::Hunter, 10);
    let mut points = 0;
    // Right from (5, 3) to the prey at (5, 10): 7 moves.
    for _ in 0..7 {
        points += with_rules(&mut game, |rules, board| {
            rules
                .on_hit(board, hit(hunter::PADS, 8, false, true))
                .points
        });
    }
    assert_eq!(points, 6_000);
    let hud = game.bonus_hud().unwrap();
    assert_eq!(hud.line, "Hits: 1, Current Prize: 7000, Time: 28 secs");
    idle(&mut game, ms_to_steps(28_500) - 1);
    assert_eq!(game.state(), GameState::Playing);
    idle(&mut game, 1);
    assert_eq!(game.bonus_end(), Some(BonusEnd::TimeUp));
}

#[test]
fn invaders_step_down_and_end_on_the_paddle_row() {
    let mut game = game(MiniGame::Invaders, 11);
    let rows = |g: &Game| -> Vec<usize> {
        match &g.bonus.as_ref().unwrap().rules {
            Rules::Invaders(i) => i.invaders.iter().map(|i| i.row).collect(),
            _ => unreachable!(),
        }
    };
    let start = rows(&game);
    assert_eq!(start.len(), 3);
    assert!(start.iter().all(|&r| r <= 3));
    // Each steps down within 105 % of 1,800 ms.
    idle(&mut game, ms_to_steps(1_890));
    let after = rows(&game);
    assert!(
        start.iter().zip(&after).all(|(a, b)| b == &(a + 1)),
        "{start:?} → {after:?}"
    );
    let mut steps = 0;
    while game.state() == GameState::Playing && steps < 240 * 120 {
        idle(&mut game, 1);
        steps += 1;
    }
    assert_eq!(game.bonus_end(), Some(BonusEnd::InvadersLanded));
    assert!(rows(&game).contains(&(crate::level::MINI_GAME_ROWS - 1)));
}

#[test]
fn a_lost_ball_ends_every_mini_game_and_costs_no_life() {
    for kind in MiniGame::ALL {
        let mut game = game(kind, 12);
        let lives = game.lives();
        // Sitting Ducks holds the ball at the ceiling for a second first.
        idle(&mut game, ms_to_steps(1_000));
        game.set_ball(Vec2::new(700.0, 590.0), Vec2::new(0.0, 600.0));
        let away = Input {
            paddle_target_x: Some(0.0),
            ..Input::default()
        };
        for _ in 0..240 {
            game.step(&away);
        }
        assert_eq!(game.state(), GameState::Won, "{kind:?}");
        assert_eq!(game.bonus_end(), Some(BonusEnd::BallLost), "{kind:?}");
        assert_eq!(game.lives(), lives, "{kind:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_another_seed_another() {
    for kind in MiniGame::ALL {
        let hashes = |seed: u64| -> Vec<u64> {
            let mut sim = report::Simulation::new(
                &Level::mini_game(kind),
                3_000,
                GameConfig {
                    seed,
                    ..GameConfig::default()
                },
            );
            let mut out = Vec::new();
            while sim.step().is_some() {
                out.push(sim.game().state_hash());
            }
            out
        };
        assert_eq!(hashes(5), hashes(5), "{kind:?}");
        assert_ne!(hashes(5), hashes(6), "{kind:?}");
    }
}

/// Every mini-game with a clock that beats the bot sooner or later ends within these steps
/// (seed 1: Jumping Jack 26,859, Outbreak 99,522, Barrier 20,431, Hunter 4,987, Invaders
/// 93,908). Sitting Ducks has no clock: a bot that never misses plays on (as in LBreakoutHD),
/// so `simulate`'s step cap ends it.
const BOT_ENDS_WITHIN: u64 = 150_000;

#[test]
fn the_bot_plays_every_mini_game_to_its_end_or_scores_on() {
    for kind in MiniGame::ALL {
        let config = GameConfig {
            seed: 1,
            ..GameConfig::default()
        };
        let report = report::simulate(&Level::mini_game(kind), BOT_ENDS_WITHIN, config);
        assert_eq!(report.level_type.as_deref(), Some(kind.name()));
        let line = report.json_line();
        if kind == MiniGame::SittingDucks {
            assert!(report.bonus_score.unwrap() > 100_000, "{line}");
            continue;
        }
        assert!(report.steps < BOT_ENDS_WITHIN, "{line}");
        assert!(matches!(report.bonus_end, Some(Some(_))), "{line}");
        assert_eq!(report.lives_left, 3, "{line}");
        assert!(line.contains("\"bonus_end\":\""), "{line}");
    }
}

#[test]
fn a_mini_game_forks_into_every_mode_and_its_copies_play_on() {
    let mut game = game(MiniGame::Invaders, 13);
    let launch = Input {
        launch: true,
        ..Input::default()
    };
    game.step(&launch);
    idle(&mut game, 240);
    let mut fork = Fork::every_mode(&game, game.stats().steps);
    for _ in 0..(240 * 5) {
        fork.step(&Input::default());
    }
    assert_eq!(
        fork.copies().len(),
        crate::collision::CollisionMode::ALL.len()
    );
    assert!(
        fork.first_split().is_some(),
        "the modes part on a mini-game too"
    );
    for copy in fork.copies() {
        assert_eq!(copy.game().level_type(), game.level_type());
        assert!(copy.game().bonus_hud().is_some());
    }
}
