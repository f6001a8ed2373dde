//! The continuous (swept) integrator of a ball ([`BallWorld`]): each step, the ball moves to its earliest time
//! of impact with a wall, the paddle or a brick (Ericson, *Real-Time Collision Detection*,
//! §5.5.7, via [`crate::collision::swept_circle_aabb`]), that contact is resolved, and the rest of
//! the step continues from there. Used when the collision mode is
//! [`CollisionMode::Swept`](crate::collision::CollisionMode::Swept); the discrete modes sub-step
//! in `motion.rs`. A brick bounce ends in the post-bounce routine shared with them,
//! [`after_brick_bounce`].

use super::brick_collisions::after_brick_bounce;
use super::bricks::hits::{is_chaotic, is_destructible};
use super::motion::{catch_if_sticky, loop_breaker, BallWorld};
use super::tuning::*;
use super::{ball, Ball, GameEvent};
use crate::collision::swept_circle_aabb::{time_of_impact, Impact};
use crate::collision::{Aabb, Contact};
use glam::Vec2;

/// Upper bound on impacts resolved per step by the continuous integrator; a ball wedged in a
/// corner cannot make a step loop forever.
const MAX_IMPACTS_PER_STEP: usize = 16;
/// Distance (pixels) the continuous integrator leaves between ball and surface after an impact.
const CONTACT_SKIN: f32 = 1e-3;

/// The contact at an impact: the ball touches the surface (depth 0) at its time of impact.
fn touching(impact: &Impact) -> Contact {
    Contact {
        normal: impact.normal,
        depth: 0.0,
        point: impact.center,
    }
}

/// What a continuous-collision impact hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ImpactTarget {
    Wall,
    Paddle,
    Brick(usize, usize),
}

impl BallWorld<'_> {
    /// Continuous mode: finds the earliest time of impact along the ball's motion over walls,
    /// paddle and the bricks the swept path overlaps (Ericson §5.5.7), moves the ball there,
    /// resolves that one contact and continues with the rest of the step.
    pub(super) fn advance_swept(&mut self, ball: &mut Ball, dt: f32) {
        // Separate overlaps that motion did not cause (the paddle moved into the ball, another
        // ball pushed it), in the discrete modes' order: walls, paddle, bricks. The casts below
        // only find surfaces the ball is not yet touching.
        self.separate(ball);
        let mut remaining = dt;
        for _ in 0..MAX_IMPACTS_PER_STEP {
            let motion = ball.vel * remaining;
            let Some((impact, target)) = self.earliest_impact(ball, motion) else {
                self.log_segment(ball.circle(), motion);
                ball.pos += motion;
                return;
            };
            self.log_segment(ball.circle(), motion * impact.toi);
            // Stop a hair short of contact so the next cast does not start touching.
            ball.pos = impact.center + impact.normal * CONTACT_SKIN;
            remaining *= 1.0 - impact.toi;
            match target {
                ImpactTarget::Wall => {
                    ball::resolve(ball, &touching(&impact));
                    self.events.push(GameEvent::WallHit);
                    loop_breaker(ball, &[impact.normal], self.rng);
                }
                ImpactTarget::Paddle => {
                    ball.idle_steps = 0;
                    if impact.normal.y < 0.0 && ball.vel.y > 0.0 {
                        let speed = ball.vel.length();
                        ball.vel = ball::paddle_bounce(self.paddle_rule, ball, speed, self.paddle);
                        self.events.push(GameEvent::PaddleHit);
                        if catch_if_sticky(ball, self.paddle, self.sticky) {
                            return;
                        }
                    } else {
                        ball::resolve(ball, &touching(&impact));
                    }
                }
                ImpactTarget::Brick(row, col) if self.passes_through(row, col) => {
                    // Pass-through: the brick breaks, the ball keeps its course.
                    ball.pos = impact.center;
                    ball.idle_steps = 0;
                    self.break_through(row, col);
                }
                ImpactTarget::Brick(row, col) => {
                    self.log_impact((row, col), ball, motion, &impact);
                    ball::resolve(ball, &touching(&impact));
                    let destructible = is_destructible(self.bricks, row, col);
                    let chaotic = is_chaotic(self.bricks, row, col);
                    after_brick_bounce(
                        ball,
                        true,
                        &[impact.normal],
                        destructible,
                        chaotic,
                        true,
                        self.rng,
                    );
                    self.hit(row, col);
                }
            }
            if remaining <= 0.0 {
                return;
            }
        }
    }

    /// The earliest impact of `ball` moving by `motion` (pixels) with a wall, the paddle or a brick.
    fn earliest_impact(&self, ball: &Ball, motion: Vec2) -> Option<(Impact, ImpactTarget)> {
        let circle = ball.circle();
        let mut best: Option<(Impact, ImpactTarget)> = None;
        let mut consider = |impact: Impact, target: ImpactTarget| {
            if best.as_ref().is_none_or(|(b, _)| impact.toi < b.toi) {
                best = Some((impact, target));
            }
        };
        // Walls: planes at x = r, x = W - r, y = r for the centre. A centre already on or past a
        // plane (a brick's push-out can leave it a skin's width beyond) and moving further out
        // touches the wall at t = 0: it must bounce, not carry on out of the playfield.
        let r = ball.radius;
        let walls = [
            (motion.x < 0.0, 0, r, Vec2::X),
            (motion.x > 0.0, 0, PLAYFIELD_WIDTH - r, Vec2::NEG_X),
            (motion.y < 0.0, 1, r, Vec2::Y),
        ];
        for (approaching, axis, plane, normal) in walls {
            if !approaching {
                continue;
            }
            let toi = ((plane - ball.pos[axis]) / motion[axis]).max(0.0);
            if toi <= 1.0 {
                let mut center = ball.pos + motion * toi;
                center[axis] = plane;
                consider(
                    Impact {
                        toi,
                        normal,
                        center,
                    },
                    ImpactTarget::Wall,
                );
            }
        }
        if let Some(impact) =
            time_of_impact(circle, motion, self.paddle.rect()).filter(|_| !self.mods.ghost_paddle)
        {
            consider(impact, ImpactTarget::Paddle);
        }
        let end = ball.pos + motion;
        let grow = Vec2::splat(ball.radius);
        let path = Aabb {
            min: ball.pos.min(end) - grow,
            max: ball.pos.max(end) + grow,
        };
        for (row, col) in self.bricks.cells_overlapping(path) {
            if let Some(brick) = self.bricks.live(row, col) {
                if let Some(impact) = time_of_impact(circle, motion, brick.rect) {
                    consider(impact, ImpactTarget::Brick(row, col));
                }
            }
        }
        best
    }
}
