//! Bricks tunnelled through, counted from outside the simulation: from a game's state before
//! and after each step and the step's events, without changing the game.
//!
//! **Definition.** A ball *tunnels through* a brick in a step when all of these hold:
//! - the step neither added nor removed a ball (balls are matched by their index), and the ball
//!   was in play (not stuck on the paddle) before and after the step;
//! - the ball's direction of travel did not change during the step (no bounce off anything), so
//!   its centre's path in that step is the straight segment from [`Ball::prev_pos`] to
//!   [`Ball::pos`];
//! - that segment passes through the inside of the brick's AABB ([`Brick::rect`](crate::sim::Brick::rect)) — the centre
//!   was inside the box for part of the step, more than touching its edge;
//! - the brick is live at the end of the step, and no event of the step names its cell
//!   (destroyed, damaged, a solid hit, an explosion, grown there): the ball did not hit it.
//!
//! Each (ball, step, brick) that meets them counts once. A discrete mode that sees the overlap
//! answers it with a bounce, so a count is a brick the ball's centre went through unseen.

use crate::collision::Aabb;
use crate::sim::{Ball, Game, GameEvent};
use glam::Vec2;

/// Counts [`tunnelled`](self) bricks over the steps of one game: call
/// [`TunnelCounter::before_step`] before each [`Game::step`] and [`TunnelCounter::after_step`]
/// after it. Keeps one small buffer, reused from step to step.
#[derive(Clone, Debug, Default)]
pub struct TunnelCounter {
    /// Each ball's velocity before the step (pixels/second), `None` for a ball on the paddle.
    before: Vec<Option<Vec2>>,
    /// Bricks tunnelled through so far.
    pub count: u32,
}

impl TunnelCounter {
    /// Notes the balls' velocities before a step.
    pub fn before_step(&mut self, game: &Game) {
        self.before.clear();
        self.before
            .extend(game.balls().iter().map(|b| (!b.stuck).then_some(b.vel)));
    }

    /// Counts the bricks tunnelled through in the step just taken; returns how many.
    pub fn after_step(&mut self, game: &Game) -> u32 {
        let balls = game.balls();
        if balls.len() != self.before.len() {
            return 0;
        }
        let mut found = 0;
        for (ball, before) in balls.iter().zip(&self.before) {
            let Some(v0) = *before else { continue };
            if ball.stuck || !same_direction(v0, ball.vel) {
                continue;
            }
            found += bricks_crossed(game, ball);
        }
        self.count += found;
        found
    }
}

/// Whether `a` and `b` point the same way (a speed-up keeps the direction; a bounce does not).
fn same_direction(a: Vec2, b: Vec2) -> bool {
    let scale = a.length() * b.length();
    scale > 0.0 && a.dot(b) > 0.0 && a.perp_dot(b).abs() <= 1e-4 * scale
}

/// Live bricks whose AABB the segment `ball.prev_pos → ball.pos` passes through and that no
/// event of the step names.
fn bricks_crossed(game: &Game, ball: &Ball) -> u32 {
    let (p0, p1) = (ball.prev_pos, ball.pos);
    let reach = Aabb {
        min: p0.min(p1),
        max: p0.max(p1),
    };
    let bricks = game.bricks();
    let mut found = 0;
    for (row, col) in bricks.cells_overlapping(reach) {
        let Some(brick) = bricks.live(row, col) else {
            continue;
        };
        if segment_enters(p0, p1, brick.rect) && !touched(game.events(), row, col) {
            found += 1;
        }
    }
    found
}

/// Whether the segment `p0 → p1` passes through the inside of `rect` (a stretch of positive
/// length strictly inside; running along an edge or touching a corner does not count).
pub fn segment_enters(p0: Vec2, p1: Vec2, rect: Aabb) -> bool {
    let d = p1 - p0;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        let (p, dv, lo, hi) = (p0[axis], d[axis], rect.min[axis], rect.max[axis]);
        if dv == 0.0 {
            if p <= lo || p >= hi {
                return false;
            }
        } else {
            let (a, b) = ((lo - p) / dv, (hi - p) / dv);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
        }
    }
    t1 > t0
}

/// Whether an event of the step names the brick cell `row`, `col`.
fn touched(events: &[GameEvent], row: usize, col: usize) -> bool {
    events.iter().any(|e| match *e {
        GameEvent::BrickDestroyed { row: r, col: c, .. }
        | GameEvent::BrickDamaged { row: r, col: c, .. }
        | GameEvent::SolidHit { row: r, col: c }
        | GameEvent::Explosion { row: r, col: c, .. }
        | GameEvent::BrickGrown { row: r, col: c, .. } => (r, c) == (row, col),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_through_a_box_enters_it_and_one_along_its_edge_or_beside_it_does_not() {
        let rect = Aabb {
            min: Vec2::new(10.0, 10.0),
            max: Vec2::new(20.0, 20.0),
        };
        let v = Vec2::new;
        assert!(segment_enters(v(0.0, 15.0), v(30.0, 15.0), rect));
        assert!(segment_enters(v(15.0, 0.0), v(15.0, 12.0), rect));
        assert!(segment_enters(v(12.0, 12.0), v(13.0, 13.0), rect));
        assert!(!segment_enters(v(0.0, 10.0), v(30.0, 10.0), rect));
        assert!(!segment_enters(v(0.0, 0.0), v(9.0, 30.0), rect));
        assert!(!segment_enters(v(0.0, 20.0), v(10.0, 30.0), rect));
        assert!(!segment_enters(v(15.0, 0.0), v(15.0, 10.0), rect));
    }

    #[test]
    fn a_bounce_changes_direction_and_a_speed_up_does_not() {
        let v = Vec2::new;
        assert!(same_direction(v(3.0, -4.0), v(3.3, -4.4)));
        assert!(!same_direction(v(3.0, -4.0), v(3.0, 4.0)));
        assert!(!same_direction(v(3.0, -4.0), v(-3.0, 4.0)));
        assert!(!same_direction(Vec2::ZERO, v(1.0, 0.0)));
    }
}
