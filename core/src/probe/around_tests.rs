//! Tests of probes of placed bricks: a game's cells round its ball, and a list of boxes.

use super::*;
use crate::collision::model::Resolution;
use crate::collision::CollisionMode;
use crate::level::Level;
use crate::probe::{ask, own};
use crate::sim::{GameConfig, PowerUpSettings};

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
