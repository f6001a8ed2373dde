//! The Plane of Inner Stability: the player picks a brick, which is destroyed for a tenth of
//! the score; and the outright destruction it shares with the stall breaker's lightning.
//!
//! Source: LBreakoutHD 1.1.8 (`../shared/research/anchors-2026-11-27.md` §1.5): `view.cpp`
//! `runBrickDestroyDlg` darkens the screen and asks for a left click on any brick;
//! `ClientGame::destroyBrick` (`clientgame.cpp`) sets that brick to explode with a score of
//! −10 % of the player's score. Here the shell sends the clicked point as [`Input::pick`] for
//! one step; a point on no destructible brick does nothing (solid bricks cannot be picked, as
//! the ball cannot destroy them either).

use super::bricks::hits::{destroyed, release};
use super::{Game, GameEvent, Input};
use glam::Vec2;

/// The share of the score a pick costs, per cent (LBreakoutHD's 10 %).
pub const PICK_COST_PERCENT: u32 = 10;

/// What a pick costs at `score`: [`PICK_COST_PERCENT`] of it, rounded down, points.
pub fn pick_cost(score: u32) -> u32 {
    score / (100 / PICK_COST_PERCENT)
}

impl Game {
    /// The (row, col) of the live destructible brick whose box holds `point` (playfield
    /// pixels, edges included), if any.
    pub fn destructible_brick_at(&self, point: Vec2) -> Option<(usize, usize)> {
        if !point.is_finite() {
            return None;
        }
        self.bricks.iter_live().find_map(|(row, col, brick)| {
            (brick.rect.contains(point) && brick.kind.is_destructible()).then_some((row, col))
        })
    }

    /// Stage: the player's pick ([`Input::pick`]): the destructible brick under the point is
    /// destroyed outright ([`Game::destroy_outright`], its points not counted) and the score
    /// loses [`pick_cost`] of itself, with a [`GameEvent::BrickPicked`]. A point on no such
    /// brick does nothing.
    /// Not in a mini-game: LBreakoutHD offers the plane in regular levels only.
    pub(in crate::sim) fn apply_pick(&mut self, input: &Input) {
        if self.bonus.is_some() {
            return;
        }
        let Some((row, col)) = input.pick.and_then(|p| self.destructible_brick_at(p)) else {
            return;
        };
        let cost = pick_cost(self.score);
        self.score -= cost;
        self.events.push(GameEvent::BrickPicked { row, col, cost });
        self.destroy_outright(row, col);
    }

    /// Destroys the live brick at `row`, `col` as if hit until destroyed, but scoring nothing:
    /// a [`GameEvent::BrickDestroyed`] with 0 points, its aftermath queued (a fuse, a growth)
    /// and the power-up the level placed in it released. Returns whether there was one.
    pub(in crate::sim) fn destroy_outright(&mut self, row: usize, col: usize) -> bool {
        let mut p = self.parts();
        let Some(before) = p.bricks.remove(row, col) else {
            return false;
        };
        let position = destroyed(&before, row, col, 0, &mut p.tally, p.events);
        p.bricks.queue_aftermath(row, col, before.kind);
        if let Some(kind) = before.powerup {
            release(kind, position, &mut p.tally, p.events);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{GameConfig, GameState};

    fn game(text: &str) -> Game {
        let level = Level::parse(text, "pick").expect("valid level");
        Game::new(&level, GameConfig::default())
    }

    fn pick_at(game: &mut Game, point: Vec2) {
        game.step(&Input {
            pick: Some(point),
            ..Input::default()
        });
    }

    #[test]
    fn the_cost_is_a_tenth_rounded_down() {
        assert_eq!(pick_cost(0), 0);
        assert_eq!(pick_cost(9), 0);
        assert_eq!(pick_cost(1234), 123);
        assert_eq!(pick_cost(u32::MAX), u32::MAX / 10);
    }

    #[test]
    fn a_pick_destroys_the_brick_under_the_point_for_a_tenth_of_the_score() {
        let mut game = game("2 3 4\n");
        game.score = 1005;
        let (row, col) = (0, 1);
        let centre = game.bricks().live(row, col).unwrap().rect.center();
        assert_eq!(game.destructible_brick_at(centre), Some((row, col)));
        pick_at(&mut game, centre);
        assert!(game.bricks().live(row, col).is_none(), "destroyed");
        assert_eq!(game.bricks().destructible_left(), 2);
        assert_eq!(game.score(), 1005 - 100, "its points not counted");
        assert!(game.events().contains(&GameEvent::BrickPicked {
            row,
            col,
            cost: 100
        }));
        assert!(game.events().iter().any(|e| matches!(
            e,
            GameEvent::BrickDestroyed {
                row: 0,
                col: 1,
                points: 0,
                ..
            }
        )));
    }

    #[test]
    fn a_pick_on_empty_space_or_a_solid_brick_does_nothing() {
        let mut game = game("2 0 1\n");
        game.score = 500;
        let before = game.bricks().destructible_left();
        let empty = game.bricks().cell_rect(0, 1).center();
        pick_at(&mut game, empty);
        let solid = game.bricks().live(0, 2).unwrap().rect.center();
        pick_at(&mut game, solid);
        pick_at(&mut game, Vec2::new(f32::NAN, 10.0));
        pick_at(&mut game, Vec2::new(400.0, 590.0));
        assert_eq!(game.bricks().destructible_left(), before);
        assert!(game.bricks().live(0, 2).is_some());
        assert_eq!(game.score(), 500);
    }

    #[test]
    fn picking_the_last_brick_clears_the_level() {
        let mut game = game("2\n");
        let centre = game.bricks().live(0, 0).unwrap().rect.center();
        pick_at(&mut game, centre);
        assert_eq!(game.state(), GameState::LevelCleared);
    }
}
