//! What tests and tools do to a game that play never does: collect a power-up on demand, put a
//! ball anywhere at any velocity (`--powerup`, the probe's and the regression tests' exact
//! scenarios).

use super::{Ball, Game};
use crate::level::PowerUpKind;
use glam::Vec2;

impl Game {
    /// Collects `kind` as if the paddle had caught it (its events are in [`Game::events`] until
    /// the next step). For tests and tools: `--powerup` keeps power-ups on for measurements and
    /// screenshots.
    pub fn collect_powerup(&mut self, kind: PowerUpKind) {
        self.collect(kind);
    }

    /// Puts a ball in play at `pos` (playfield pixels) with velocity `vel` (pixels/second).
    /// For tests and tools (multiball uses `Ball::in_play` directly).
    pub fn add_ball(&mut self, pos: Vec2, vel: Vec2) {
        self.balls.push(Ball::in_play(pos, vel));
    }

    /// Replaces every ball (in play or on the paddle) with one ball in play at `pos` (playfield
    /// pixels) moving at `vel` (pixels/second). For tests and tools: it sets up exact scenarios
    /// (a ball aimed at a seam, a corner, a gap) that a launch from the paddle cannot.
    pub fn set_ball(&mut self, pos: Vec2, vel: Vec2) {
        self.balls.clear();
        self.add_ball(pos, vel);
    }
}
