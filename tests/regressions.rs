//! Regression tests for simulation bugs found by `breakout simulate` over the shipped levels,
//! each built from the exact state that failed, plus a property test over the whole class.
//!
//! Playfield pixels, origin top-left, y down. A ball is inside the playfield's walls when its
//! centre is at least a radius from the left, right and top walls: `r <= x <= W - r`, `y >= r`.

use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::tuning::{
    BALL_LAUNCH_SPEED, BALL_RADIUS, FIXED_TIMESTEP, LOOP_BREAKER_STEPS, PLAYFIELD_HEIGHT,
    PLAYFIELD_WIDTH,
};
use breakout::sim::{Game, GameConfig, GameEvent, Input, PowerUpSettings};
use glam::Vec2;
use proptest::prelude::*;
use std::path::Path;

const R: f32 = BALL_RADIUS;
/// Slack for "inside the walls": the continuous integrator stops balls 1e-3 px off a surface.
const WALL_TOL: f32 = 1e-2;

fn config(mode: CollisionMode) -> GameConfig {
    GameConfig {
        seed: 1,
        collision: mode,
        powerups: PowerUpSettings::none(),
        infinite_lives: true,
        ..GameConfig::default()
    }
}

fn shipped(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(format!("{name}.lvl"));
    Level::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One brick in the bottom-left cell of the brick area, far from the balls of these scenarios,
/// so the level is not cleared.
fn far_brick_level() -> Level {
    Level::parse(
        "0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n2 0 0 0 0 0 0 0\n",
        "test",
    )
    .unwrap()
}

/// Why `ball` (a centre) is outside the walls, if it is.
fn outside_walls(pos: Vec2) -> Option<&'static str> {
    if !pos.is_finite() {
        Some("not finite")
    } else if pos.x < R - WALL_TOL {
        Some("through the left wall")
    } else if pos.x > PLAYFIELD_WIDTH - R + WALL_TOL {
        Some("through the right wall")
    } else if pos.y < R - WALL_TOL {
        Some("through the ceiling")
    } else {
        None
    }
}

/// Steps `game` idle `steps` times; after every step each ball in play is inside the walls and
/// no escape was counted.
fn assert_balls_stay_inside_walls(game: &mut Game, steps: usize, what: &str) {
    for s in 0..steps {
        game.step(&Input::default());
        for (i, ball) in game.balls().iter().enumerate() {
            if let Some(why) = outside_walls(ball.pos) {
                panic!("{what}, step {s}: ball {i} went {why}: {ball:?}");
            }
        }
        assert_eq!(game.stats().balls_escaped, 0, "{what}, step {s}");
    }
}

/// Regression (`simulate --collision swept`, 04-rainbow seed 7, step 1300; also seed 5 and
/// 08-citadel seed 5): multiball puts two new balls on the old one, 5 px from the right wall.
/// Ball–ball push-out moved one of them 6 px past the wall's plane (x > W - r), and the
/// continuous integrator only looked for walls crossed *during* the motion: a centre already
/// beyond the plane never hit the right wall again and flew out of the playfield 5 steps later.
#[test]
fn swept_multiball_ball_never_escapes_through_wall() {
    let pos = Vec2::new(774.6552, 459.61237);
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = Game::new(&shipped("04-rainbow"), config(mode));
        game.set_ball(pos, Vec2::new(-163.1334, -419.38943));
        game.add_ball(pos, Vec2::new(-325.0907, -311.1527));
        game.add_ball(pos, Vec2::new(78.1417, -443.16348));
        assert_balls_stay_inside_walls(&mut game, 240, &format!("{mode}"));
    }
}

/// Regression (`simulate --collision swept`, 08-citadel seed 5, step 13595): a ball that had just
/// bounced off the ceiling (centre 0.3 px below the ceiling's plane y = r) was pushed 0.4 px up
/// past it by another ball and turned upwards; the continuous integrator ignored the ceiling it
/// already touched at t = 0 and the ball left through the top.
#[test]
fn swept_ball_pushed_into_the_ceiling_by_another_ball_never_escapes() {
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = Game::new(&far_brick_level(), config(mode));
        game.set_ball(
            Vec2::new(744.08356, 26.123798),
            Vec2::new(-232.47624, -487.39655),
        );
        game.add_ball(
            Vec2::new(724.7028, 12.806031),
            Vec2::new(507.43448, 184.69104),
        );
        assert_balls_stay_inside_walls(&mut game, 240, &format!("{mode}"));
    }
}

/// The ball–ball half of the bug on its own: the push-out that separates two overlapping balls
/// must not push one of them into a wall (where the wall's resolution pushed it straight back,
/// leaving the pair overlapping; in swept mode, past the plane, it was lost). The wall does not
/// give way, so the other ball takes the whole separation, in one step, in every mode.
#[test]
fn ball_ball_push_out_never_pushes_a_ball_into_a_wall() {
    let up = Vec2::new(0.0, -BALL_LAUNCH_SPEED);
    // (ball against the wall, the other ball overlapping it by 10 px, from the inside).
    let cases = [
        (Vec2::new(R, 400.0), Vec2::new(3.0 * R - 10.0, 400.0)),
        (
            Vec2::new(PLAYFIELD_WIDTH - R, 400.0),
            Vec2::new(PLAYFIELD_WIDTH - 3.0 * R + 10.0, 400.0),
        ),
        (Vec2::new(400.0, R), Vec2::new(400.0, 3.0 * R - 10.0)),
        (Vec2::new(R, R), Vec2::new(R + 10.0, R + 10.0)),
    ];
    for (at_wall, other) in cases {
        for mode in CollisionMode::ALL.iter().copied() {
            let mut game = Game::new(&far_brick_level(), config(mode));
            // Same velocity: not approaching, so only the push-out acts (no bounce).
            let vel = if at_wall.y == R { -up } else { up };
            game.set_ball(at_wall, vel);
            game.add_ball(other, vel);
            game.step(&Input::default());
            let (a, b) = (game.balls()[0], game.balls()[1]);
            let what = format!("{mode}, {at_wall:?} and {other:?}");
            assert!(outside_walls(a.pos).is_none(), "{what}: {a:?}");
            assert!(outside_walls(b.pos).is_none(), "{what}: {b:?}");
            assert!(
                a.pos.distance(b.pos) >= 2.0 * R - 1e-3,
                "{what}: still overlapping after the push-out: {:?} {:?}",
                a.pos,
                b.pos
            );
        }
    }
}

/// The continuous integrator's half of the bug on its own: a swept step that starts with the
/// ball touching or beyond a wall's plane, moving into the wall (which any push-out can cause:
/// another ball, a brick's resolution) is a contact at t = 0, not a miss.
#[test]
fn swept_step_starting_beyond_a_wall_plane_still_hits_the_wall() {
    let speed = BALL_LAUNCH_SPEED;
    let cases = [
        (
            Vec2::new(R - 3.0, 400.0),
            Vec2::new(-speed, -speed) / 2f32.sqrt(),
        ),
        (Vec2::new(R, 400.0), Vec2::new(-speed, -speed) / 2f32.sqrt()),
        (
            Vec2::new(PLAYFIELD_WIDTH - R + 3.0, 400.0),
            Vec2::new(speed, -speed) / 2f32.sqrt(),
        ),
        (
            Vec2::new(400.0, R - 3.0),
            Vec2::new(speed, -speed) / 2f32.sqrt(),
        ),
        (
            Vec2::new(R - 1.0, R - 1.0),
            Vec2::new(-speed, -speed) / 2f32.sqrt(),
        ),
    ];
    for (pos, vel) in cases {
        for mode in CollisionMode::ALL.iter().copied() {
            let mut game = Game::new(&far_brick_level(), config(mode));
            game.set_ball(pos, vel);
            assert_balls_stay_inside_walls(&mut game, 60, &format!("{mode}, {pos:?} {vel:?}"));
        }
    }
}

/// A point of the playfield where balls are placed: near the left, right or top wall, in a
/// corner, or anywhere below the bricks of [`far_brick_level`] (the brick is avoided).
fn anchor() -> impl Strategy<Value = Vec2> {
    let w = PLAYFIELD_WIDTH;
    prop_oneof![
        (R..R + 30.0, R..PLAYFIELD_HEIGHT - 100.0).prop_map(|(x, y)| Vec2::new(x, y)),
        (w - R - 30.0..w - R, R..PLAYFIELD_HEIGHT - 100.0).prop_map(|(x, y)| Vec2::new(x, y)),
        (R..w - R, R..R + 30.0).prop_map(|(x, y)| Vec2::new(x, y)),
        (prop::bool::ANY, R..R + 30.0, R..R + 30.0)
            .prop_map(move |(left, dx, y)| Vec2::new(if left { dx } else { w - dx }, y)),
        (R..w - R, R..PLAYFIELD_HEIGHT - 100.0).prop_map(|(x, y)| Vec2::new(x, y)),
    ]
}

/// A ball near one of the anchors: exactly on it (multiball spawns balls on top of each other)
/// or overlapping it by any amount; any direction, at launch speed or up to 4 times faster.
fn ball_near(anchors: usize) -> impl Strategy<Value = (usize, Vec2, Vec2)> {
    (
        0..anchors,
        prop_oneof![
            Just(Vec2::ZERO),
            (-2.0 * R..2.0 * R, -2.0 * R..2.0 * R).prop_map(|(x, y)| Vec2::new(x, y))
        ],
        0.0f32..360.0,
        1.0f32..4.0,
    )
        .prop_map(|(a, offset, deg, k)| {
            (
                a,
                offset,
                Vec2::from_angle(deg.to_radians()) * BALL_LAUNCH_SPEED * k,
            )
        })
}

fn multiball_state() -> impl Strategy<Value = (Vec<Vec2>, Vec<(usize, Vec2, Vec2)>)> {
    (1usize..=3).prop_flat_map(|n| {
        (
            prop::collection::vec(anchor(), n),
            prop::collection::vec(ball_near(n), 2..=5),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Any multiball state (2 to 5 balls, overlapping each other, coincident, against walls and
    /// in corners, in any direction, up to 4× launch speed), in every collision mode: no ball ever
    /// ends a step outside the playfield's walls and no escape is counted.
    #[test]
    fn multiball_balls_never_end_a_step_outside_the_walls_in_any_mode(
        (anchors, balls) in multiball_state(),
    ) {
        let level = far_brick_level();
        let probe = Game::new(&level, config(CollisionMode::Clamp));
        let brick = probe.bricks().iter_live().next().unwrap().2.rect;
        let placed: Vec<(Vec2, Vec2)> = balls
            .iter()
            .map(|&(a, offset, vel)| {
                let p = anchors[a] + offset;
                let p = Vec2::new(p.x.clamp(R, PLAYFIELD_WIDTH - R), p.y.clamp(R, PLAYFIELD_HEIGHT - 100.0));
                (p, vel)
            })
            .collect();
        // Start clear of the brick: this is about walls.
        for (p, _) in &placed {
            let q = p.clamp(brick.min, brick.max);
            prop_assume!(p.distance(q) >= R);
        }
        for mode in CollisionMode::ALL.iter().copied() {
            let mut game = Game::new(&level, config(mode));
            game.set_ball(placed[0].0, placed[0].1);
            for &(p, v) in &placed[1..] {
                game.add_ball(p, v);
            }
            for s in 0..240 {
                game.step(&Input::default());
                for (i, ball) in game.balls().iter().enumerate() {
                    let why = outside_walls(ball.pos);
                    prop_assert!(why.is_none(), "{} step {}: ball {} went {:?}: {:?}", mode, s, i, why, ball);
                }
                prop_assert_eq!(game.stats().balls_escaped, 0, "{} step {}", mode, s);
            }
        }
    }
}

/// 08-citadel as it was at step 17000 of the run below: solid bricks (1) and the last two
/// destructible ones (2), far from the ball. The top-left pocket (rows 0–1, columns 0–2; cells
/// 50 × 33.3 px) is closed by the left wall, the ceiling and solid bricks but for a notch at
/// row 2, column 1 into the tower below, whose doors open at the bottom.
fn citadel_at_step_17000() -> Level {
    Level::parse(
        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 1 0 0 2\n\
         1 0 1 1 0 0 0 0 0 0 0 0 1 1 0 1\n\
         1 0 0 1 0 1 0 0 0 0 1 0 1 0 0 1\n\
         1 0 0 1 0 1 0 0 0 0 1 0 1 0 0 1\n\
         1 0 0 1 0 1 1 0 0 1 1 0 1 0 0 1\n\
         1 0 0 1 0 0 0 0 0 0 0 0 1 0 0 1\n\
         1 0 0 1 0 0 0 0 0 0 0 0 1 0 0 1\n\
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
        "08-citadel-step-17000",
    )
    .unwrap()
}

/// Regression (`simulate --level 08-citadel --seed 5 --ball-speed 900`, clamp and zones modes:
/// no brick destroyed after step ~16028 of 500,000): the ball travelled at exactly the anti-loop
/// minimum of 20° from horizontal in the top-left pocket; a solid corner reflected it to ~13°,
/// `clamp_direction` snapped that back to 20°, the incoming direction reversed, and the ball
/// retraced one path between two solid corners for ever, out of the paddle's reach. The loop
/// breaker turns it by a few random degrees at a wall or solid bounce once it has gone
/// `LOOP_BREAKER_SECONDS` without touching the paddle or a destructible brick.
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

// ---------------------------------------------------------------------------------------------
// A ball whose centre ends up inside a brick among other bricks
// ---------------------------------------------------------------------------------------------

/// Is `center` (a ball's) deeper than `tol` pixels into a live brick?
fn overlaps_a_brick(game: &Game, center: Vec2, tol: f32) -> bool {
    game.bricks().iter_live().any(|(_, _, b)| {
        let q = center.clamp(b.rect.min, b.rect.max);
        center.distance(q) < R - tol
    })
}

/// Is `center` inside (or on) a live brick?
fn centre_in_a_brick(game: &Game, center: Vec2) -> bool {
    game.bricks()
        .iter_live()
        .any(|(_, _, b)| b.rect.contains(center))
}

/// 08-citadel's left tower wall (column 3, solid from row 1 to row 7) with the keep's open
/// channel to its right (column 4, empty); cells 50 × 33.3 px. The far brick keeps the level
/// from being cleared.
fn tower_wall_level() -> Level {
    Level::parse(
        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0\n\
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
        "tower-wall",
    )
    .unwrap()
}

/// Regression (CI's bot game on 08-citadel with power-ups, step 19884): a multiball split in
/// the keep's one-brick-wide channel pushed a new ball 22 px sideways, its centre 5 px into the
/// tower wall's brick (5, 3). The centre-inside contact traced the ball back along its velocity
/// (down, mostly) to the *top* face, shared with the live brick (4, 3): pushed out there, the
/// ball was inside (4, 3), whose trace sent it back down into (5, 3), and so on every step: a
/// ball stuck inside a solid wall. Only a face that leads to an empty cell is a way out.
#[test]
fn ball_pushed_into_a_brick_wall_leaves_by_the_free_side_not_into_the_next_brick() {
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = Game::new(&tower_wall_level(), config(mode));
        game.set_ball(
            Vec2::new(194.80504, 179.16666),
            Vec2::new(-87.953514, 441.32086),
        );
        for s in 0..5 {
            game.step(&Input::default());
            let ball = game.balls()[0];
            assert!(
                ball.pos.x >= 200.0 + R - 1e-2 && !overlaps_a_brick(&game, ball.pos, 1e-2),
                "{mode}, step {s}: not out in the channel: {ball:?}"
            );
        }
    }
}

/// The CI failure itself (bot game on 08-citadel, seed 4030552459196826832, clamp mode, power-ups
/// on, step 19883): multiball collected with the ball in the keep's channel (column 4, between
/// the solid walls of columns 3 and 5), 4.5 px from the left wall's face. On the shipped level,
/// the three balls of that split, in every mode: no ball ever ends a step inside a brick
/// (`cross` within its 2 px), none leaves the playfield.
#[test]
fn multiball_split_in_the_citadel_keep_never_buries_a_ball() {
    let pos = Vec2::new(217.04651, 167.1188);
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = Game::new(&shipped("08-citadel"), config(mode));
        game.set_ball(pos, Vec2::new(109.11684, 436.57013));
        game.add_ball(pos, Vec2::new(283.39594, 349.55212));
        game.add_ball(pos, Vec2::new(-85.609085, 441.78168));
        let tol = if mode == CollisionMode::Cross {
            2.0
        } else {
            0.5
        };
        for s in 0..240 {
            game.step(&Input::default());
            for (i, ball) in game.balls().iter().enumerate() {
                assert!(
                    !overlaps_a_brick(&game, ball.pos, tol) && outside_walls(ball.pos).is_none(),
                    "{mode}, step {s}: ball {i} in a brick or out: {ball:?}"
                );
            }
        }
    }
}

/// A random brick field (each cell live with probability ~0.6, solid or not) with one live
/// brick at (`row`, `col`) and the ball's centre at `frac` of the way across it.
fn buried_ball() -> impl Strategy<Value = (String, usize, usize, Vec2, Vec2)> {
    (
        prop::collection::vec(0u8..5, 6 * 8),
        0usize..6,
        0usize..8,
        (0.0f32..=1.0, 0.0f32..=1.0),
        0.0f32..360.0,
        prop_oneof![Just(0.0f32), 0.5f32..4.0],
    )
        .prop_map(|(cells, row, col, (fx, fy), deg, k)| {
            let text: String = (0..6)
                .map(|r| {
                    let line: Vec<String> = (0..8)
                        .map(|c| {
                            let v = if (r, c) == (row, col) {
                                1
                            } else {
                                cells[r * 8 + c]
                            };
                            // 0 and 1 twice as likely as 2–4: solid walls and holes both common.
                            ["0", "1", "2", "0", "1"][v as usize].to_string()
                        })
                        .collect();
                    line.join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n");
            let vel = Vec2::from_angle(deg.to_radians()) * BALL_LAUNCH_SPEED * k;
            (text, row, col, Vec2::new(fx, fy), vel)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Wherever a ball's centre is put inside a brick of any brick field, moving any way (or
    /// not at all), in every mode: after one step its centre is in no brick and it is inside
    /// the walls; after two, it overlaps no brick (it has found free space, not the next brick).
    #[test]
    fn ball_buried_in_a_brick_field_gets_out_into_free_space_in_any_mode(
        (text, row, col, frac, vel) in buried_ball(),
    ) {
        let level = Level::parse(&format!("{text}\n0 0 0 0 0 0 0 2"), "buried").unwrap();
        for mode in CollisionMode::ALL.iter().copied() {
            let mut game = Game::new(&level, config(mode));
            let rect = game.bricks().live(row, col).unwrap().rect;
            game.set_ball(rect.min + frac * (rect.max - rect.min), vel);
            // One sub-step (a discrete mode, at most half a radius per step): one hit per brick.
            let one_substep = !mode.is_continuous() && vel.length() * FIXED_TIMESTEP <= 0.5 * R;
            for s in 0..2 {
                game.step(&Input::default());
                let mut hit: Vec<(usize, usize)> = game
                    .events()
                    .iter()
                    .filter_map(|e| match *e {
                        GameEvent::BrickDamaged { row, col, .. }
                        | GameEvent::BrickDestroyed { row, col, .. }
                        | GameEvent::SolidHit { row, col } => Some((row, col)),
                        _ => None,
                    })
                    .collect();
                let hits = hit.len();
                hit.sort();
                hit.dedup();
                prop_assert!(!one_substep || hit.len() == hits, "{} step {}: a brick hit twice", mode, s);
                let Some(ball) = game.balls().first().copied().filter(|b| !b.stuck) else {
                    break;
                };
                prop_assert!(outside_walls(ball.pos).is_none(), "{} step {}: {:?}", mode, s, ball);
                prop_assert!(!centre_in_a_brick(&game, ball.pos), "{} step {}: centre in a brick: {:?}", mode, s, ball);
                // The cross test works in whole pixels (centre and radius truncated): it misses
                // overlaps of up to 2 px (measured against parry2d in docs/collision.md).
                let tol = if mode == CollisionMode::Cross { 2.0 } else { 0.5 };
                if s == 1 {
                    prop_assert!(!overlaps_a_brick(&game, ball.pos, tol), "{} step {}: in a brick: {:?}", mode, s, ball);
                }
            }
        }
    }
}

/// Regression (found in review of the buried-ball fix): the exit leaves the ball touching the
/// face it left by; the extra pass that resolves what it touches there counted that touch again
/// (f32 rounding), so one contact took two hits off a brick: this two-hit brick (0, 6), with the
/// ball buried in it, was destroyed in one step.
#[test]
fn buried_ball_hits_its_brick_once_not_once_per_pass() {
    let level = Level::parse(
        "0 0 0 1 2*3 1 3*2 3*2\n\
         3*2 3*2 2*3 0 2*3 2*3 0 0\n\
         1 1 0 0 2*3 2*3 1 2*3\n\
         1 0 2*3 1 3*2 3*2 0 1\n\
         3*2 3*2 1 0 0 0 2*3 3*2\n\
         1 0 1 1 0 2*3 0 0\n\
         0 0 0 0 0 0 0 2",
        "double-hit",
    )
    .unwrap();
    let mut game = Game::new(&level, config(CollisionMode::Clamp));
    game.set_ball(Vec2::new(628.13, 22.58), Vec2::new(-448.9, 31.4));
    game.step(&Input::default());
    let hits: Vec<_> = game
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                GameEvent::BrickDamaged { row: 0, col: 6, .. }
                    | GameEvent::BrickDestroyed { row: 0, col: 6, .. }
            )
        })
        .collect();
    assert_eq!(hits.len(), 1, "hits on (0, 6) in one step: {hits:?}");
    assert!(
        game.bricks().live(0, 6).is_some(),
        "a two-hit brick survives one hit"
    );
}
