//! The brick kinds of level format v2 in play (`core/src/sim/bricks/kinds.rs`,
//! `core/src/sim/bricks/aftermath.rs`), in every collision mode:
//!
//! * explosions: a property test against an independent flood fill — which bricks a chain
//!   destroys (square or cross shape; walls, metal and chaotic bricks survive) and when (one
//!   delay per link of the chain);
//! * growing bricks fill their empty neighbours, except where a ball is; regenerating bricks
//!   regain a hit every 4 s up to 3; invisible and hidden bricks are drawn after their first hit,
//!   and hidden ones count for clearing only then;
//! * chaotic bricks send the ball off at seeded random angles, away from the brick, at its speed;
//! * the `@scoring:` rules, and a bot run over a level of every kind (no escape, no NaN).

use breakout::collision::CollisionMode;
use breakout::level::{BrickKind, Level, Ruleset};
use breakout::sim::tuning::{EXPLOSION_DELAY, FIXED_TIMESTEP, REGENERATION_SECONDS};
use breakout::sim::{Bot, Game, GameConfig, GameEvent, Input, PowerUpSettings};
use glam::Vec2;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

fn config(mode: CollisionMode, seed: u64) -> GameConfig {
    GameConfig {
        seed,
        collision: mode,
        infinite_lives: true,
        powerups: PowerUpSettings::none(),
        // Exact scenarios at the launch speed.
        pace: breakout::sim::PaceSettings::OFF,
        ..GameConfig::default()
    }
}

/// A game of `text` with its one ball moving straight up at 600 px/s from just below the centre
/// of cell (`row`, `col`), so the first thing it hits is that brick.
fn game_hitting(text: &str, row: usize, col: usize, mode: CollisionMode) -> Game {
    let level = Level::parse(text, "test").unwrap_or_else(|e| panic!("{text}\n{e}"));
    let mut game = Game::new(&level, config(mode, 1));
    let rect = game.bricks().cell_rect(row, col);
    let start = Vec2::new(rect.center().x, rect.max.y + 14.0);
    game.set_ball(start, Vec2::new(0.0, -600.0));
    game
}

/// Steps `game` for `seconds` of game time with the paddle sent to the left wall (so a ball
/// falling from the middle of the field is lost rather than sent back up, and respawns on the
/// paddle, never launched); returns every event with the step it came in.
fn run(game: &mut Game, seconds: f32) -> Vec<(u32, GameEvent)> {
    let steps = (seconds / FIXED_TIMESTEP).ceil() as u32;
    let mut events = Vec::new();
    let input = Input {
        paddle_target_x: Some(0.0),
        ..Input::default()
    };
    for step in 0..steps {
        game.step(&input);
        events.extend(game.events().iter().map(|e| (step, *e)));
    }
    events
}

fn destroyed(events: &[(u32, GameEvent)]) -> BTreeMap<(usize, usize), u32> {
    events
        .iter()
        .filter_map(|(step, e)| match *e {
            GameEvent::BrickDestroyed { row, col, .. } => Some(((row, col), *step)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Explosions: an independent flood fill
// ---------------------------------------------------------------------------------------------

/// What the docs say a chain does, from the grid of symbols: starting at the exploding brick
/// (`start`), each explosive brick destroyed destroys its neighbours (8 around, or 4 beside for
/// `cross`) that are neither empty, a wall, metal nor chaotic; each link takes one delay. Returns
/// the destroyed cells with the link (0 for `start`) at which each goes.
fn oracle_chain(
    grid: &[Vec<char>],
    start: (usize, usize),
    cross: bool,
) -> BTreeMap<(usize, usize), u32> {
    let offsets: Vec<(isize, isize)> = if cross {
        vec![(-1, 0), (1, 0), (0, -1), (0, 1)]
    } else {
        (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .filter(|&o| o != (0, 0))
            .collect()
    };
    let mut gone = BTreeMap::from([(start, 0)]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some(((r, c), link)) = queue.pop_front() {
        if grid[r][c] != 'X' {
            continue;
        }
        for &(dr, dc) in &offsets {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            let Some(&symbol) = grid.get(nr).and_then(|row| row.get(nc)) else {
                continue;
            };
            if matches!(symbol, '0' | '1' | 'M' | 'C') || gone.contains_key(&(nr, nc)) {
                continue;
            }
            gone.insert((nr, nc), link + 1);
            queue.push_back(((nr, nc), link + 1));
        }
    }
    gone
}

fn grid_text(grid: &[Vec<char>], cross: bool) -> String {
    let mut text = String::new();
    if cross {
        text.push_str("@explosion: cross\n");
    }
    for row in grid {
        let cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// Random grids of 3–6 rows × 4–8 columns of explosive, plain, growing-free kinds, walls and
/// metal; the bottom row's middle cell is the explosive brick the ball hits.
fn chain_grid() -> impl Strategy<Value = Vec<Vec<char>>> {
    (3usize..=6, 4usize..=8).prop_flat_map(|(rows, cols)| {
        let cell = prop::sample::select(vec!['0', '1', 'M', 'X', 'X', 'X', '2', '3', 'I', 'R']);
        prop::collection::vec(prop::collection::vec(cell, cols), rows).prop_map(move |mut g| {
            g[rows - 1][cols / 2] = 'X';
            // Nothing below the bottom row to hit first, and the ball's way up is open.
            g
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_chain_destroys_what_the_flood_fill_says_one_delay_per_link(
        grid in chain_grid(),
        cross in any::<bool>(),
        mode in prop::sample::select(CollisionMode::ALL.to_vec()),
    ) {
        let rows = grid.len();
        let col = grid[0].len() / 2;
        let mut game = game_hitting(&grid_text(&grid, cross), rows - 1, col, mode);
        // The ball is the first to hit; it then falls away past the paddle (see `run`).
        let events = run(&mut game, 0.1 + EXPLOSION_DELAY * 40.0);
        let got = destroyed(&events);
        let want = oracle_chain(&grid, (rows - 1, col), cross);
        let got_cells: BTreeSet<_> = got.keys().copied().collect();
        let want_cells: BTreeSet<_> = want.keys().copied().collect();
        prop_assert_eq!(&got_cells, &want_cells, "{}", grid_text(&grid, cross));
        // Link k goes k delays after the first hit (to the step).
        let first = got[&(rows - 1, col)];
        let delay_steps = (EXPLOSION_DELAY / FIXED_TIMESTEP).round() as u32;
        for (cell, link) in &want {
            let at = got[cell] - first;
            prop_assert!(
                at.abs_diff(link * delay_steps) <= *link,
                "{:?}: link {} went after {} steps (delay {})", cell, link, at, delay_steps
            );
        }
    }
}

#[test]
fn a_square_explosion_takes_all_eight_neighbours_and_a_cross_only_four() {
    let grid: Vec<Vec<char>> = ["2 2 2", "2 X 2", "2 2 2", "0 0 0"]
        .iter()
        .map(|r| r.split(' ').map(|t| t.chars().next().unwrap()).collect())
        .collect();
    for (cross, expect) in [(false, 9), (true, 5)] {
        let text = grid_text(&grid, cross);
        // Hit the X from below: the cell under it is plain, so go through a gap: put the ball in
        // the empty row under the middle column and let the plain brick above it go first.
        let mut game = game_hitting(&text, 2, 1, CollisionMode::Clamp);
        let events = run(&mut game, 0.05);
        assert_eq!(
            destroyed(&events).len(),
            1,
            "the ball broke the brick below the X"
        );
        // Now an explosion: hit the X itself through the hole.
        game.set_ball(
            game.bricks().cell_rect(2, 1).center(),
            Vec2::new(0.0, -600.0),
        );
        let events = run(&mut game, 0.1 + 2.0 * EXPLOSION_DELAY);
        let gone: BTreeSet<_> = destroyed(&events).into_keys().collect();
        assert_eq!(gone.len() + 1, expect, "cross {cross}: {gone:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Growing, regenerating, invisible, hidden
// ---------------------------------------------------------------------------------------------

#[test]
fn a_growing_brick_fills_its_empty_neighbours_but_not_where_the_ball_is() {
    for mode in CollisionMode::ALL {
        let text = "0 0 0 0 0\n0 0 0 0 0\n0 0 G 0 0\n0 0 0 0 0\n";
        let mut game = game_hitting(text, 2, 2, mode);
        let before = game.bricks().destructible_left();
        assert_eq!(before, 1);
        let mut grown_at = None;
        for step in 0..240 {
            game.step(&Input::default());
            if game.bricks().live(2, 2).is_none() {
                grown_at = Some(step);
                break;
            }
        }
        assert!(
            grown_at.is_some(),
            "{mode:?}: the ball broke the growing brick"
        );
        let live: Vec<(usize, usize, BrickKind)> = game
            .bricks()
            .iter_live()
            .map(|(r, c, b)| (r, c, b.kind))
            .collect();
        // The 8 neighbours, less the one the ball is in (just below the brick).
        let ball = game.balls()[0];
        let expected: Vec<(usize, usize)> = (1..=3)
            .flat_map(|r| (1..=3).map(move |c| (r, c)))
            .filter(|&(r, c)| (r, c) != (2, 2))
            .filter(|&(r, c)| {
                let rect = game.bricks().cell_rect(r, c);
                ball.pos.clamp(rect.min, rect.max).distance(ball.pos) > ball.radius
            })
            .collect();
        assert!(
            expected.len() < 8,
            "{mode:?}: the ball sits in one neighbour"
        );
        let cells: Vec<(usize, usize)> = live.iter().map(|&(r, c, _)| (r, c)).collect();
        assert_eq!(cells, expected, "{mode:?}");
        assert!(live
            .iter()
            .all(|&(_, _, k)| matches!(k, BrickKind::Plain(2..=9))));
        assert_eq!(game.bricks().destructible_left(), expected.len());
    }
}

#[test]
fn a_regenerating_brick_regains_a_hit_every_four_seconds_up_to_three() {
    let level = Level::parse("R*1 R*5\n0 0\n0 0\n", "regen").unwrap();
    let mut game = Game::new(&level, config(CollisionMode::Clamp, 1));
    // Park the ball on the paddle (never launched): only time passes.
    let hits = |g: &Game| {
        (
            g.bricks().live(0, 0).unwrap().hits_left,
            g.bricks().live(0, 1).unwrap().hits_left,
        )
    };
    assert_eq!(hits(&game), (1, 5));
    let steps = |s: f32| (s / FIXED_TIMESTEP).round() as u32;
    for _ in 0..steps(REGENERATION_SECONDS) - 2 {
        game.step(&Input::default());
    }
    assert_eq!(hits(&game).0, 1, "not yet");
    for _ in 0..4 {
        game.step(&Input::default());
    }
    assert_eq!(hits(&game).0, 2, "one hit back after 4 s");
    for _ in 0..steps(3.0 * REGENERATION_SECONDS) {
        game.step(&Input::default());
    }
    assert_eq!(
        hits(&game),
        (3, 5),
        "capped at 3; a brick above the cap keeps its hits"
    );
}

#[test]
fn invisible_bricks_show_after_the_first_hit_and_hidden_ones_count_only_then() {
    for mode in CollisionMode::ALL {
        let mut game = game_hitting("2 H\n0 0\n0 0\n", 0, 1, mode);
        assert_eq!(
            game.bricks().destructible_left(),
            1,
            "hidden does not count"
        );
        assert!(!game.bricks().live(0, 1).unwrap().visible);
        let mut revealed = false;
        for _ in 0..120 {
            game.step(&Input::default());
            let hidden = game.bricks().live(0, 1).unwrap();
            if hidden.visible {
                revealed = true;
                assert_eq!(hidden.hits_left, 1);
                assert_eq!(game.bricks().destructible_left(), 2, "{mode:?}: counts now");
                break;
            }
        }
        assert!(revealed, "{mode:?}");

        let mut game = game_hitting("I*3\n0\n0\n", 0, 0, mode);
        assert_eq!(game.bricks().destructible_left(), 1, "invisible counts");
        let brick = *game.bricks().live(0, 0).unwrap();
        assert!(!brick.visible && brick.hits_left == 3);
        run(&mut game, 0.3);
        let brick = game.bricks().live(0, 0).expect("three hits");
        assert!(brick.visible, "{mode:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Chaotic bricks
// ---------------------------------------------------------------------------------------------

#[test]
fn a_chaotic_brick_sends_the_ball_off_at_seeded_random_angles_away_from_it() {
    for mode in CollisionMode::ALL {
        let mut directions = BTreeSet::new();
        for seed in 0..12u64 {
            let level = Level::parse("0 C 0\n0 0 0\n0 2 0\n", "chaos").unwrap();
            let run_once = || {
                let mut game = Game::new(&level, config(mode, seed));
                let rect = game.bricks().cell_rect(0, 1);
                game.set_ball(
                    Vec2::new(rect.center().x, rect.max.y + 14.0),
                    Vec2::new(0.0, -600.0),
                );
                for _ in 0..60 {
                    game.step(&Input::default());
                    let ball = game.balls()[0];
                    if ball.vel.y > 0.0 {
                        return ball.vel;
                    }
                }
                panic!("{mode:?} seed {seed}: the ball never came back down");
            };
            let vel = run_once();
            assert_eq!(vel, run_once(), "{mode:?} seed {seed}: deterministic");
            assert!(
                (vel.length() - 600.0).abs() < 1.0,
                "{mode:?}: speed kept: {vel}"
            );
            directions.insert((vel.x / 600.0 * 1000.0).round() as i32);
        }
        assert!(
            directions.len() >= 6,
            "{mode:?}: the ball leaves at many angles, not a mirror bounce: {directions:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Scoring and a bot run over every kind
// ---------------------------------------------------------------------------------------------

#[test]
fn lbreakout2_scoring_pays_100_per_plain_hit_and_kbreakout_15_per_hit() {
    for (scoring, header, want) in [
        (Ruleset::LBreakout2, "lbreakout2", 300),
        (Ruleset::KBreakOut, "kbreakout", 45),
        (Ruleset::Classic, "classic", 10),
    ] {
        let text = format!("@scoring: {header}\n2*3\n0\n0\n");
        let level = Level::parse(&text, "score").unwrap();
        assert_eq!(level.scoring, scoring);
        let mut game = game_hitting(&text, 0, 0, CollisionMode::Clamp);
        for _ in 0..600 {
            game.step(&Input::default());
            if game.bricks().destructible_left() == 0 {
                break;
            }
            // Keep sending the ball back up under the brick.
            let ball = game.balls()[0];
            if ball.vel.y > 0.0 {
                let rect = game.bricks().cell_rect(0, 0);
                game.set_ball(
                    Vec2::new(rect.center().x, rect.max.y + 14.0),
                    Vec2::new(0.0, -600.0),
                );
            }
        }
        assert_eq!(game.bricks().destructible_left(), 0, "{header}");
        assert_eq!(game.score(), want, "{header}");
    }
}

#[test]
fn the_bot_plays_a_level_of_every_kind_in_every_mode_without_escapes_or_nan() {
    let text = "\
@area: 50 40 700 300
1 M C 7 8 9 6 C M 1
X 2 X 3 X 4 X 5 X 2
I*3 H R G R*2 G H I 2:ff8000*2 3
0 0 X 0 0 0 0 X 0 0
";
    let level = Level::parse(text, "all").unwrap();
    // Laid out by hand so the bot can clear it; it must hold every kind of the table.
    for kind in BrickKind::ALL {
        assert!(
            level.cells.contains(&Some(kind)),
            "{kind:?} ({}) is missing from the level of every kind",
            kind.symbol()
        );
    }
    for mode in CollisionMode::ALL {
        let mut game = Game::new(&level, config(mode, 3));
        let mut bot = Bot::new(3, 0.0);
        for _ in 0..12_000 {
            let input = bot.input(&game);
            game.step(&input);
            assert!(
                game.balls()
                    .iter()
                    .all(|b| b.pos.is_finite() && b.vel.is_finite()),
                "{mode:?}"
            );
            if game.bricks().destructible_left() == 0 {
                break;
            }
        }
        assert_eq!(game.stats().balls_escaped, 0, "{mode:?}");
        assert!(
            game.stats().bricks_destroyed > 10,
            "{mode:?}: the bot breaks bricks ({})",
            game.stats().bricks_destroyed
        );
    }
}
