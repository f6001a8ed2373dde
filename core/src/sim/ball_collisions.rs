//! Ball against ball (multiball): circle–circle contacts ([`crate::collision::contact_circle_circle`]),
//! a push-out that walls do not give way to, and a response that turns each ball but keeps its
//! speed.

use super::tuning::*;
use super::{ball, Ball};
use crate::collision::contact_circle_circle;
use glam::Vec2;

/// Ball–ball collisions (circle–circle): each ball is pushed out by half the penetration
/// depth and turned by the equal-mass elastic response, but keeps its own speed — the plain
/// response swaps the velocity components along the normal, which can stop a ball dead in
/// mid-air (all its motion given to the other) or speed it up. See [`ball_ball_velocity`].
/// A pair already parting at [`BALL_PARTING_FRACTION`] of its speed or faster (a multiball
/// split) is left alone. Balls on the paddle take no part.
pub(super) fn collide_balls(balls: &mut [Ball]) {
    for i in 0..balls.len() {
        for j in i + 1..balls.len() {
            let (a, b) = (balls[i], balls[j]);
            if a.stuck || b.stuck {
                continue;
            }
            let ca = a.circle();
            let cb = b.circle();
            let Some(mut contact) = contact_circle_circle::contact(ca, cb) else {
                continue;
            };
            if a.pos == b.pos {
                // Coincident centres (a multiball split) have no normal of their own: the
                // balls part along their relative velocity.
                contact.normal = (a.vel - b.vel).try_normalize().unwrap_or(contact.normal);
            }
            let parting = (a.vel - b.vel).dot(contact.normal);
            if parting > 0.0
                && parting >= BALL_PARTING_FRACTION * a.vel.length().max(b.vel.length())
            {
                // Separating fast enough that their own motion soon ends the overlap (a
                // split): a push would only make them jump, a split's balls by a whole
                // radius, in a direction nothing chose (into a brick beside them, once).
                continue;
            }
            let (va, vb) = contact_circle_circle::elastic_response(a.vel, b.vel, contact.normal);
            let (pa, pb) = push_apart(a, b, contact.normal * (contact.depth / 2.0));
            balls[i].pos = pa;
            balls[j].pos = pb;
            if parting >= 0.0 {
                continue; // already separating, only too slowly: pushed apart, not turned
            }
            let (mut va, mut vb) = (
                ball_ball_velocity(va, a.vel, contact.normal, balls[i].pos),
                ball_ball_velocity(vb, b.vel, -contact.normal, balls[j].pos),
            );
            if (va - vb).dot(contact.normal) < 0.0 {
                // Rescaling left them approaching: each mirrors off the other instead.
                va = ball_ball_velocity(Vec2::ZERO, a.vel, contact.normal, balls[i].pos);
                vb = ball_ball_velocity(Vec2::ZERO, b.vel, -contact.normal, balls[j].pos);
            }
            balls[i].vel = va;
            balls[j].vel = vb;
        }
    }
}

/// `pos` kept inside the walls for a ball of radius `r`: `r <= x <= W - r`, `y >= r` (the
/// bottom is open).
fn inside_walls(pos: Vec2, r: f32) -> Vec2 {
    Vec2::new(pos.x.clamp(r, PLAYFIELD_WIDTH - r), pos.y.max(r))
}

/// Where two overlapping balls go when pushed apart: `a` by `half`, `b` by `-half` (half the
/// penetration each), except that a wall does not give way. The part of one ball's push that a
/// wall blocks is added to the other ball's, so a ball against a wall stays there and the other
/// one takes the whole separation; neither is ever pushed past a wall's plane. (Pushed past it,
/// a ball was lost to the continuous integrator, which only looked for walls ahead: the multiball
/// escapes of `simulate --collision swept`.) Two balls squeezed between walls are left
/// overlapping, inside the walls, to separate as they move.
fn push_apart(a: Ball, b: Ball, half: Vec2) -> (Vec2, Vec2) {
    let (want_a, want_b) = (a.pos + half, b.pos - half);
    let (free_a, free_b) = (
        inside_walls(want_a, a.radius),
        inside_walls(want_b, b.radius),
    );
    let (blocked_a, blocked_b) = (want_a - free_a, want_b - free_b);
    (
        inside_walls(free_a - blocked_b, a.radius),
        inside_walls(free_b - blocked_a, b.radius),
    )
}

/// A ball's velocity after touching another ball: the direction of `response` (the elastic
/// response) at the speed of `old`, then the anti-loop rule. When `response` is (nearly) zero or
/// given as zero, `old` mirrored off the other ball instead (about `normal`, the contact normal
/// pointing away from the other ball), which also keeps the speed.
fn ball_ball_velocity(response: Vec2, old: Vec2, normal: Vec2, pos: Vec2) -> Vec2 {
    let speed = old.length();
    let dir = if response.length() > 1e-3 * speed {
        response.normalize()
    } else {
        let vn = old.dot(normal).min(0.0);
        (old - 2.0 * vn * normal).normalize_or_zero()
    };
    let side = if pos.x < PLAYFIELD_WIDTH / 2.0 {
        1.0
    } else {
        -1.0
    };
    ball::clamp_direction(dir * speed, side)
}
