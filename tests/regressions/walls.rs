//! Balls leaving the playfield through a wall or the ceiling: multiball puts balls on top of each
//! other and the ball–ball push-out moves them, and in swept mode a ball past a wall's plane was
//! lost (fixed by a0cd478).

use crate::helpers::{
    after_split, assert_balls_stay_inside_walls, config, far_brick_level, outside_walls,
    proptest_config, shipped,
};
use crate::support::sim::R;
use breakout::collision::CollisionMode;
use breakout::sim::tuning::{BALL_LAUNCH_SPEED, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use breakout::sim::{Game, Input};
use glam::Vec2;
use proptest::prelude::*;

/// Regression (`simulate --collision swept`, 04-rainbow seed 7, step 1300; also seed 5 and
/// 08-citadel seed 5): multiball puts two new balls on the old one, 5 px from the right wall.
/// Ball–ball push-out moved one of them 6 px past the wall's plane (x > W - r), and the
/// continuous integrator only looked for walls crossed *during* the motion: a centre already
/// beyond the plane never hit the right wall again and flew out of the playfield 5 steps later.
/// Fixed by a0cd478: the push-out never moves a ball past a wall, and a swept step that starts on
/// or past a wall plane hits that wall at t = 0.
#[test]
fn swept_multiball_ball_never_escapes_through_wall() {
    let pos = Vec2::new(774.6552, 459.61237);
    let vels = [
        Vec2::new(-163.1334, -419.38943),
        Vec2::new(-325.0907, -311.1527),
        Vec2::new(78.1417, -443.16348),
    ];
    for mode in CollisionMode::ALL.iter().copied() {
        let mut game = after_split(&shipped("04-rainbow"), mode, pos, vels);
        assert_balls_stay_inside_walls(&mut game, 240, &format!("{mode}"));
    }
}

/// Regression (`simulate --collision swept`, 08-citadel seed 5, step 13595): a ball that had just
/// bounced off the ceiling (centre 0.3 px below the ceiling's plane y = r) was pushed 0.4 px up
/// past it by another ball and turned upwards; the continuous integrator ignored the ceiling it
/// already touched at t = 0 and the ball left through the top.
/// Fixed by a0cd478.
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
/// Fixed by a0cd478.
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
/// Fixed by a0cd478.
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
    #![proptest_config(proptest_config(512))]

    /// Any multiball state (2 to 5 balls, overlapping each other, coincident, against walls and
    /// in corners, in any direction, up to 4× launch speed), in every collision mode: no ball ever
    /// ends a step outside the playfield's walls and no escape is counted.
    /// Added with the fix, a0cd478.
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
