//! Probes of bricks placed anywhere (`probe::around`, `probe::placed`) and the fork's splits
//! explained (`probe::split::explain`): a game's cells round its ball, a list of boxes, and the
//! rows at a split of a committed corner-hit replay, which differ as the copies did. (Here, not
//! in the probe's unit tests: they need levels and replays, which the probe sits below.)

use breakout_core::collision::model::{BrickGrid, Resolution};
use breakout_core::collision::{Aabb, Circle, CollisionMode};
use breakout_core::level::Level;
use breakout_core::probe::split::explain;
use breakout_core::probe::{ask, own, Answer, Probe, NORMAL_TOLERANCE_DEG, STEP_SECONDS};
use breakout_core::replay::{file, Playback, Replay};
use breakout_core::sim::fork::{Fork, Split};
use breakout_core::sim::{Game, GameConfig, PowerUpSettings};
use glam::Vec2;
use std::path::Path;
use std::sync::Arc;

/// A game of `text`'s level, no power-ups, its ball at `pos` moving at `vel` (px/s).
fn game(text: &str, pos: Vec2, vel: Vec2) -> Game {
    let level = Level::parse(text, "around").expect("valid level");
    let mut game = Game::new(
        &level,
        GameConfig {
            powerups: PowerUpSettings::none(),
            ..GameConfig::default()
        },
    );
    game.set_ball(pos, vel);
    game
}

const GRID: &str = "2 2 2 2 2\n2 2 0 2 2\n2 0 0 0 2\n0 0 0 0 0";

/// The probe round a ball holds the ball, its motion over one step and exactly the game's live
/// bricks of the cells next to it, in their places; its answers for the textbook modes are
/// `ask`'s over the same bricks.
#[test]
fn around_a_ball_holds_its_motion_and_the_games_bricks_near_it() {
    let probe_game = |pos: Vec2| game(GRID, pos, Vec2::new(-300.0, -420.0));
    let g = probe_game(Vec2::ZERO);
    let hole = g.bricks().cell_rect(2, 2);
    let g = probe_game(hole.center());
    let probe = Probe::around(&g, 0).expect("bricks in reach");
    let ball = g.balls()[0];
    assert_eq!(probe.ball, ball.pos);
    assert_eq!(probe.motion, ball.vel * STEP_SECONDS);
    assert_eq!(probe.ball().radius, ball.radius);
    let placed = probe.placed.expect("placed");
    let (r0, c0) = placed.first_cell();
    assert!((r0, c0) <= (1, 1), "one cell past the ball's");
    for ((r, c), b) in placed.live() {
        let live = g
            .bricks()
            .live(r0 + r, c0 + c)
            .expect("a live brick of the game");
        assert_eq!(live.rect, b);
        assert_eq!(placed.cell_rect(r, c), g.bricks().cell_rect(r0 + r, c0 + c));
    }
    // Every live brick of the game touching the cells round the ball's is in.
    let near = Aabb {
        min: hole.min - hole.size() + Vec2::ONE,
        max: hole.max + hole.size() - Vec2::ONE,
    };
    let expected = g
        .bricks()
        .cells_overlapping(near)
        .filter(|&(r, c)| g.bricks().live(r, c).is_some())
        .count();
    assert_eq!(probe.bricks().len(), expected);
    let direct = ask(&probe.bricks(), probe.ball(), probe.motion);
    for (a, d) in probe.answers().iter().zip(&direct) {
        assert_eq!(a.brick, d.brick);
        for (m, n) in a.modes.iter().zip(&d.modes) {
            if !matches!(m.mode.model().resolution(), Resolution::Own(_)) {
                assert_eq!(m, n, "{}", m.mode);
            }
        }
    }
}

/// A model with its own resolution walks the game's own cells: its run through the window
/// hits the same bricks as its run through the game's whole grid.
#[test]
fn an_own_model_sees_the_window_as_the_whole_grid() {
    let g = game(GRID, Vec2::ZERO, Vec2::ZERO);
    let corner = g.bricks().cell_rect(1, 1).max;
    for (dx, dy) in [(6.0, 9.0), (9.0, 6.0), (-20.0, 12.0), (14.0, 0.5)] {
        let g = game(GRID, corner + Vec2::new(dx, dy), Vec2::new(-900.0, -1100.0));
        let probe = Probe::around(&g, 0).expect("bricks in reach");
        let placed = probe.placed.unwrap();
        let (r0, c0) = placed.first_cell();
        for mode in CollisionMode::ALL {
            let Resolution::Own(sub) = mode.model().resolution() else {
                continue;
            };
            let window = own::run_in(mode.model(), sub, &placed, probe.ball(), probe.motion);
            let whole = own::run_in(mode.model(), sub, g.bricks(), probe.ball(), probe.motion);
            let shifted: Vec<_> = window
                .response
                .hits
                .iter()
                .map(|&(r, c)| (r + r0, c + c0))
                .collect();
            assert_eq!(shifted, whole.response.hits.to_vec(), "{mode} {dx},{dy}");
            assert_eq!(window.end, whole.end, "{mode}");
        }
    }
}

/// On the finest grid a fast ball's window is still at most 4 × 4 cells and holds the ball.
#[test]
fn the_window_is_at_most_four_by_four_cells() {
    let row = "2 ".repeat(40);
    let text = vec![row.trim_end(); 25].join("\n");
    for vel in [Vec2::new(3000.0, 2000.0), Vec2::new(-200.0, 50.0)] {
        let g = game(&text, Vec2::new(402.0, 150.0), vel);
        let placed = Probe::around(&g, 0).unwrap().placed.unwrap();
        assert!(placed.rows() <= 4 && placed.cols() <= 4);
        let (r0, c0) = placed.first_cell();
        let last = g
            .bricks()
            .cell_rect(r0 + placed.rows() - 1, c0 + placed.cols() - 1);
        let first = g.bricks().cell_rect(r0, c0);
        assert!(first.min.cmple(Vec2::new(402.0, 150.0)).all());
        assert!(last.max.cmpge(Vec2::new(402.0, 150.0)).all());
    }
}

/// No brick in reach, a stuck ball, no such ball: no probe.
#[test]
fn no_probe_without_bricks_in_reach() {
    let far = game(GRID, Vec2::new(400.0, 500.0), Vec2::new(0.0, 300.0));
    assert_eq!(Probe::around(&far, 0), None);
    assert_eq!(Probe::around(&far, 3), None);
    let level = Level::parse(GRID, "around").unwrap();
    let stuck = Game::new(&level, GameConfig::default());
    assert_eq!(Probe::around(&stuck, 0), None);
}

/// A list of boxes: the probe's bricks are the list, its answers `ask`'s.
#[test]
fn from_bricks_answers_as_ask_does() {
    let bricks = [
        Aabb::from_pos_size(Vec2::new(100.0, 100.0), Vec2::new(40.0, 20.0)),
        Aabb::from_pos_size(Vec2::new(143.0, 100.0), Vec2::new(40.0, 20.0)),
        Aabb::from_pos_size(Vec2::new(120.0, 121.0), Vec2::new(40.0, 20.0)),
    ];
    let ball = Circle {
        center: Vec2::new(141.0, 80.0),
        radius: 9.0,
    };
    let motion = Vec2::new(0.5, 7.0);
    let probe = Probe::from_bricks(&bricks, ball, motion).unwrap();
    assert_eq!(probe.bricks(), bricks.to_vec());
    assert_eq!(probe.ball(), ball);
    assert_eq!(probe.answers(), ask(&bricks, ball, motion));
    assert_eq!(Probe::from_bricks(&[], ball, motion), None);
    assert_eq!(Probe::from_bricks(&[bricks[0]; 17], ball, motion), None);
}

fn replay(name: &str) -> Arc<Replay> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/replays")
        .join(name);
    Arc::new(file::read(&path).expect("the regression replay reads"))
}

/// The replay forked into every mode at its start and played until the first split that
/// `explain` explains (the first may be at the paddle, where some model has its own rule): the
/// fork one step before it, the split, and how many splits came before.
fn before_brick_split(replay: &Arc<Replay>) -> Option<(Fork, Split, usize)> {
    let playback = Playback::new(replay.clone()).unwrap();
    let own = replay.config().collision;
    let mut fork = Fork::every_mode(playback.game(), 0);
    while let Some(input) = replay.inputs.get(fork.at()) {
        let before = fork.clone();
        fork.step(&input);
        if fork.splits().len() > before.splits().len() {
            let split = fork.splits().last().cloned()?;
            if explain(&before, &split, own).is_some() {
                return Some((before, split, fork.splits().len() - 1));
            }
        }
    }
    None
}

/// Two answers agree: both hit or both miss, with normals within the tolerance.
fn agree(a: &Answer, b: &Answer) -> bool {
    a.hit == b.hit
        && match (a.normal, b.normal) {
            (Some(x), Some(y)) => {
                libm::acos(x.dot(y).clamp(-1.0, 1.0)).to_degrees() <= NORMAL_TOLERANCE_DEG
            }
            (None, None) => true,
            (Some(_), None) | (None, Some(_)) => false,
        }
}

/// At the first split of every corner-hit replay whose copies part at a brick, the rows of
/// the copies that went another way answer otherwise (hit or normal) than the rest, every
/// copy was there, and the situation is the parting game's ball and its motion.
#[test]
fn the_rows_at_a_corner_split_differ_as_the_copies_did() {
    let mut explained = 0;
    for name in ["corner_hit_clamp.bkreplay", "corner_hit_aabb.bkreplay"] {
        let replay = replay(name);
        let own = replay.config().collision;
        let (before, split, earlier) =
            before_brick_split(&replay).expect("the corner hit parts the modes at a brick");
        eprintln!(
            "{name}: split {} ({earlier} before): {}",
            split.step, split.groups
        );
        let Some(why) = explain(&before, &split, own) else {
            continue;
        };
        explained += 1;
        assert_eq!(why.step, split.step);
        let there: Vec<_> = why.rows.iter().filter(|r| r.there).collect();
        assert!(
            there.len() >= 2,
            "{name}: two copies at least were one game"
        );
        let i = why.rows.iter().position(|r| r.there).unwrap();
        let ball = before.copies()[i].game().balls()[0];
        assert_eq!(
            (why.probe.ball, why.probe.motion),
            (ball.pos, ball.vel * STEP_SECONDS)
        );
        let parted: Vec<_> = there.iter().filter(|r| r.parted).collect();
        let rest: Vec<_> = there.iter().filter(|r| !r.parted).collect();
        assert!(!parted.is_empty() && !rest.is_empty(), "{name}");
        let modes: Vec<_> = why.rows.iter().map(|r| r.mode).collect();
        assert_eq!(
            modes,
            before.copies().iter().map(|c| c.mode()).collect::<Vec<_>>()
        );
        assert!(
            parted
                .iter()
                .any(|p| rest.iter().all(|r| !agree(&p.answer, &r.answer))),
            "{name}: some copy that went alone answers unlike every other: {:#?}",
            why.rows
        );
    }
    assert!(explained > 0);
}

/// `explain` wants the fork one step before the split.
#[test]
fn not_at_the_step_before_no_explanation() {
    let replay = replay("corner_hit_clamp.bkreplay");
    let (mut before, split, _) = before_brick_split(&replay).unwrap();
    before.step(&replay.inputs.get(before.at()).unwrap());
    assert_eq!(explain(&before, &split, CollisionMode::Clamp), None);
}
