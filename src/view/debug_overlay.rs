//! The collision debug overlay (`F1` in game): shows what the active collision mode decides.
//!
//! For each ball and each brick near it: the closest point on the brick (small square), and a
//! line from it along the direction to the ball's centre — green where the active mode reports a
//! contact (drawn as long as the penetration depth × 4, at least 12 px), grey where it does not.
//! The ball's predicted path for the next [`PATH_SECONDS`] is dotted, with the swept test's first
//! time of impact marked in red; what the active model tests of the ball beyond its circle is
//! drawn too (`model_shape`: the bounding square in `aabb`, its two diameters in `cross`, the
//! peer models' square, corners, rim points or tangent rays). For a model with its own
//! resolution the contact lines are its paddle test ([`crate::collision::CollisionModel::contact`]),
//! which is not how it bounces off bricks. Everything is built from plain rectangles, so it rides in the
//! text batch (no extra draw call, no extra shader).

use super::sprite::SpriteInstance;
use super::text::panel;
use crate::collision::contact_circle_aabb::closest_point;
use crate::collision::swept_circle_aabb::{time_of_impact, Impact};
use crate::collision::{circle_aabb_contact, Aabb, Circle, CollisionMode};
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::Game;
use glam::Vec2;

/// How far ahead the predicted path is drawn, seconds.
pub const PATH_SECONDS: f32 = 0.3;
/// Bricks whose boxes come within this many radii of the ball are annotated.
const NEAR_RADII: f32 = 4.0;
const HIT: [f32; 4] = [0.2, 1.0, 0.3, 1.0];
const MISS: [f32; 4] = [0.6, 0.6, 0.6, 0.8];
const PATH: [f32; 4] = [1.0, 1.0, 1.0, 0.7];
const IMPACT: [f32; 4] = [1.0, 0.2, 0.2, 1.0];
const SHAPE: [f32; 4] = [0.3, 0.8, 1.0, 0.9];

/// A dotted line from `a` to `b` (playfield pixels), one 2×2 px dot every 4 px.
pub(crate) fn dotted(out: &mut Vec<SpriteInstance>, a: Vec2, b: Vec2, color: [f32; 4]) {
    let length = a.distance(b);
    let dots = (length / 4.0).ceil().max(1.0) as usize;
    for i in 0..=dots.min(400) {
        let p = a.lerp(b, i as f32 / dots as f32);
        panel(out, [p.x - 1.0, p.y - 1.0, 2.0, 2.0], color);
    }
}

fn marker(out: &mut Vec<SpriteInstance>, p: Vec2, size: f32, color: [f32; 4]) {
    panel(out, [p.x - size / 2.0, p.y - size / 2.0, size, size], color);
}

fn outline(out: &mut Vec<SpriteInstance>, b: Aabb, color: [f32; 4]) {
    let s = b.size();
    panel(out, [b.min.x, b.min.y, s.x, 1.0], color);
    panel(out, [b.min.x, b.max.y - 1.0, s.x, 1.0], color);
    panel(out, [b.min.x, b.min.y, 1.0, s.y], color);
    panel(out, [b.max.x - 1.0, b.min.y, 1.0, s.y], color);
}

/// Rim points of the ball: `n` points on the circle of radius `r` about `c`, the first
/// straight up (pixels).
fn rim(out: &mut Vec<SpriteInstance>, c: Vec2, r: f32, n: usize) {
    for i in 0..n {
        let a = i as f32 / n as f32 * std::f32::consts::TAU;
        marker(out, c + Vec2::new(a.sin(), -a.cos()) * r, 2.0, SHAPE);
    }
}

/// What `mode`'s model tests of a ball at `p` of radius `r` moving at `vel`, where that is
/// more than the ball's own circle (the circle modes draw nothing more): its bounding square
/// (`aabb`, KBreakOut's square ball, XBoing's ball rectangle), its two diameters (`cross`),
/// the four corners of its box (gnome-breakout), its rim points (LBreakoutHD's Clipping: 8;
/// SDL-Ball: 32) or the two tangent rays along its motion (LBreakout's Trajectory).
fn model_shape(out: &mut Vec<SpriteInstance>, mode: CollisionMode, p: Vec2, r: f32, vel: Vec2) {
    let square = Aabb {
        min: p - Vec2::splat(r),
        max: p + Vec2::splat(r),
    };
    match mode {
        CollisionMode::Aabb | CollisionMode::Kbreakout | CollisionMode::Xboing => {
            outline(out, square, SHAPE);
        }
        CollisionMode::Cross => {
            panel(out, [p.x - r, p.y, 2.0 * r, 1.0], SHAPE);
            panel(out, [p.x, p.y - r, 1.0, 2.0 * r], SHAPE);
        }
        CollisionMode::GnomeBreakout => {
            for corner in [
                square.min,
                Vec2::new(square.max.x, square.min.y),
                square.max,
                Vec2::new(square.min.x, square.max.y),
            ] {
                marker(out, corner, 3.0, SHAPE);
            }
        }
        CollisionMode::LbreakoutClipping => rim(out, p, r, 8),
        CollisionMode::SdlBall => rim(out, p, r, 32),
        CollisionMode::LbreakoutTrajectory => {
            let along = vel.normalize_or_zero();
            let ahead = vel * PATH_SECONDS;
            for side in [1.0, -1.0] {
                let tangent = p + along.perp() * r * side;
                dotted(out, tangent, tangent + ahead, SHAPE);
            }
        }
        // The circle modes test the ball's own circle: nothing more to outline.
        CollisionMode::Clamp | CollisionMode::Zones | CollisionMode::Swept => {}
    }
}

/// The ball's circle, and the box (playfield pixels) within [`NEAR_RADII`] radii of its centre
/// where the overlay looks for bricks.
fn around(ball: &crate::sim::Ball) -> (Circle, Aabb) {
    let reach = Vec2::splat(ball.radius * NEAR_RADII);
    let circle = Circle {
        center: ball.pos,
        radius: ball.radius,
    };
    let near = Aabb {
        min: ball.pos - reach,
        max: ball.pos + reach,
    };
    (circle, near)
}

/// Appends the overlay for `game`'s current state.
pub fn overlay(out: &mut Vec<SpriteInstance>, game: &Game) {
    let mode = game.config().collision;
    let bricks = game.bricks();
    for ball in game.balls() {
        let (circle, near) = around(ball);
        let paddle = game.paddle().rect();
        let boxes = bricks
            .cells_overlapping(near)
            .filter_map(|(r, c)| bricks.live(r, c).map(|b| b.rect))
            .chain(std::iter::once(paddle));
        for rect in boxes {
            let q = closest_point(ball.pos, rect);
            if q.distance(ball.pos) > ball.radius * NEAR_RADII {
                continue;
            }
            match circle_aabb_contact(mode, circle, rect, ball.vel) {
                Some(contact) => {
                    marker(out, contact.point, 5.0, HIT);
                    let length = (contact.depth * 4.0).max(12.0);
                    dotted(
                        out,
                        contact.point,
                        contact.point + contact.normal * length,
                        HIT,
                    );
                }
                None => {
                    marker(out, q, 4.0, MISS);
                    dotted(out, q, q + (ball.pos - q).normalize_or_zero() * 12.0, MISS);
                }
            }
        }
        model_shape(out, mode, ball.pos, ball.radius, ball.vel);
        if ball.stuck {
            continue;
        }
        // Predicted straight path and the swept test's first impact along it.
        let motion = ball.vel * PATH_SECONDS;
        let end = ball.pos + motion;
        let first = first_impact(game, circle, motion, false);
        match first {
            Some(impact) => {
                dotted(out, ball.pos, impact.center, PATH);
                marker(out, impact.center, 6.0, IMPACT);
                dotted(
                    out,
                    impact.center,
                    impact.center + impact.normal * 16.0,
                    IMPACT,
                );
            }
            None => dotted(out, ball.pos, end, PATH),
        }
    }
}

/// A fork's copies other than the one in mode `own` (the solid game, drawn by [`overlay`]):
/// for each copy's balls, every live brick near it its mode reports a contact with: the
/// contact point (a square) and the normal (dotted, as long as the depth × 4, at least 12 px),
/// in the mode's colour (as `view::fork::mode_color`), so that at a split each copy shows why
/// it went its way. A model with its own resolution shows its
/// [`crate::collision::CollisionModel::contact`], as [`overlay`] does.
pub fn copies(out: &mut Vec<SpriteInstance>, fork: &crate::sim::fork::Fork, own: CollisionMode) {
    for copy in fork.copies().iter().filter(|c| c.mode() != own) {
        // The mode's colour on the dark playfield, as the fork's ghosts (`view::fork`).
        let [r, g, b] = copy.mode().def().colour.on_dark;
        let color = [r, g, b, 1.0];
        for (contact, _) in contacts(copy.game(), copy.mode()) {
            marker(out, contact.point, 5.0, color);
            let length = (contact.depth * 4.0).max(12.0);
            dotted(
                out,
                contact.point,
                contact.point + contact.normal * length,
                color,
            );
        }
    }
}

/// Every contact `mode` reports between a ball of `game` and a live brick near it, with the
/// brick's box.
pub fn contacts(game: &Game, mode: CollisionMode) -> Vec<(crate::collision::Contact, Aabb)> {
    let bricks = game.bricks();
    let mut found = Vec::new();
    for ball in game.balls() {
        let (circle, near) = around(ball);
        for rect in bricks
            .cells_overlapping(near)
            .filter_map(|(r, c)| bricks.live(r, c).map(|b| b.rect))
        {
            if let Some(contact) = circle_aabb_contact(mode, circle, rect, ball.vel) {
                found.push((contact, rect));
            }
        }
    }
    found
}

/// The first thing `circle` meets moving by `motion` (playfield pixels): a live brick or the
/// paddle of `game`, and with `walls` the playfield's left, right and top walls too (the swept
/// test, [`time_of_impact`]).
pub(crate) fn first_impact(
    game: &Game,
    circle: Circle,
    motion: Vec2,
    walls: bool,
) -> Option<Impact> {
    let bricks = game.bricks();
    let end = circle.center + motion;
    let grow = Vec2::splat(circle.radius);
    let path = Aabb {
        min: circle.center.min(end) - grow,
        max: circle.center.max(end) + grow,
    };
    let (w, h) = (PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT);
    let wall_boxes = [
        Aabb {
            min: Vec2::new(-100.0, -100.0),
            max: Vec2::new(0.0, h + 100.0),
        },
        Aabb {
            min: Vec2::new(w, -100.0),
            max: Vec2::new(w + 100.0, h + 100.0),
        },
        Aabb {
            min: Vec2::new(-100.0, -100.0),
            max: Vec2::new(w + 100.0, 0.0),
        },
    ];
    let walls = wall_boxes.into_iter().filter(|_| walls);
    bricks
        .cells_overlapping(path)
        .filter_map(|(r, c)| bricks.live(r, c))
        .map(|b| b.rect)
        .chain(std::iter::once(game.paddle().rect()))
        .chain(walls)
        .filter_map(|rect| time_of_impact(circle, motion, rect))
        .min_by(|a, b| a.toi.total_cmp(&b.toi))
}

/// The path `ball` will take, as the corners of a polyline from its centre (playfield pixels):
/// straight to the first wall, brick or paddle it meets, mirrored there (no spin, no brick
/// kinds: what a plain bounce does), at most `bounces` times and `length` pixels in all. It ends
/// on the paddle, or where it leaves the playfield. Empty for a ball on the paddle (its launch
/// direction is not known yet). The aim helper power-up draws it; the debug overlay's dotted
/// path is its first leg.
pub fn bounce_path(game: &Game, ball: &crate::sim::Ball, length: f32, bounces: usize) -> Vec<Vec2> {
    if ball.stuck || ball.vel == Vec2::ZERO {
        return Vec::new();
    }
    let paddle = game.paddle().rect();
    let mut points = vec![ball.pos];
    let (mut pos, mut dir, mut left) = (ball.pos, ball.vel.normalize(), length);
    for _ in 0..=bounces {
        let circle = Circle {
            center: pos,
            radius: ball.radius,
        };
        match first_impact(game, circle, dir * left, true) {
            Some(hit) => {
                points.push(hit.center);
                left -= pos.distance(hit.center);
                pos = hit.center;
                let on_paddle = hit.center.y + ball.radius <= paddle.min.y + 0.5
                    && hit.normal.y < 0.0
                    && (paddle.min.x - ball.radius..=paddle.max.x + ball.radius)
                        .contains(&hit.center.x);
                if on_paddle || left <= 1.0 || hit.normal == Vec2::ZERO {
                    break;
                }
                dir -= 2.0 * dir.dot(hit.normal) * hit.normal;
                // Off the surface a hair, so the next search does not find the same contact.
                pos += hit.normal * 0.01;
            }
            None => {
                points.push(pos + dir * left);
                break;
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The centres of `sprites`, pixels.
    fn centres(sprites: &[SpriteInstance]) -> Vec<Vec2> {
        sprites
            .iter()
            .map(|s| {
                Vec2::new(
                    s.i_rect[0] + s.i_rect[2] / 2.0,
                    s.i_rect[1] + s.i_rect[3] / 2.0,
                )
            })
            .collect()
    }

    /// Each model's shape is drawn where the ball is: the rim models' points on its circle (8
    /// for LBreakoutHD's Clipping, 32 for SDL-Ball), gnome-breakout's four box corners, the
    /// square models' outline on the bounding square, the Trajectory's two rays from the tangent
    /// points along the motion, the circle modes nothing.
    #[test]
    fn every_model_draws_its_shape_at_the_ball() {
        let (p, r, vel) = (Vec2::new(300.0, 200.0), 12.5, Vec2::new(300.0, -400.0));
        for mode in CollisionMode::ALL {
            let mut out = Vec::new();
            model_shape(&mut out, mode, p, r, vel);
            let at = centres(&out);
            assert!(at.iter().all(|c| c.is_finite()), "{mode}");
            let on_rim = at
                .iter()
                .filter(|c| (c.distance(p) - r).abs() < 0.01)
                .count();
            let on_square = at.iter().all(|c| {
                (c - p).abs().max_element() <= r + 0.5 && (c - p).abs().max_element() >= r - 1.0
            });
            match mode {
                CollisionMode::LbreakoutClipping => assert_eq!((out.len(), on_rim), (8, 8)),
                CollisionMode::SdlBall => assert_eq!((out.len(), on_rim), (32, 32)),
                CollisionMode::GnomeBreakout => {
                    assert_eq!(out.len(), 4);
                    assert!(at
                        .iter()
                        .all(|c| ((*c - p).abs() - Vec2::splat(r)).length() < 0.01));
                }
                CollisionMode::Aabb | CollisionMode::Kbreakout | CollisionMode::Xboing => {
                    assert_eq!(out.len(), 4, "{mode}: four edges");
                    assert!(on_square, "{mode}: {at:?}");
                }
                CollisionMode::Cross => assert_eq!(out.len(), 2),
                CollisionMode::LbreakoutTrajectory => {
                    let along = vel.normalize();
                    // Two rays, each of dots on a line parallel to the motion, r from the centre.
                    assert!(out.len() > 20);
                    for c in &at {
                        let off = (*c - p).perp_dot(along).abs();
                        assert!((off - r).abs() < 0.01, "{c} is {off} px off the motion");
                        assert!((*c - p).dot(along) >= -0.01, "ahead of the ball");
                    }
                }
                CollisionMode::Clamp | CollisionMode::Zones | CollisionMode::Swept => {
                    assert!(out.is_empty(), "{mode}")
                }
            }
        }
    }

    /// Every ghost's contact is drawn in its mode's colour at the point its mode reports, the
    /// solid copy's not; a ball overlapping a brick's corner gives the square and the circle
    /// modes different points.
    #[test]
    fn every_copys_contact_is_drawn_in_its_colour() {
        use crate::level::Level;
        use crate::sim::fork::Fork;
        use crate::sim::{GameConfig, PowerUpSettings};
        let level = Level::parse("0 0 0\n0 2 0\n0 0 0", "overlay").unwrap();
        let mut game = Game::new(
            &level,
            GameConfig {
                powerups: PowerUpSettings::none(),
                ..GameConfig::default()
            },
        );
        let corner = game.bricks().cell_rect(1, 1).max;
        // 10 px right of and below the corner: the square overlaps, the circle (14.1 px away)
        // does not.
        game.set_ball(corner + Vec2::new(10.0, 10.0), Vec2::new(-300.0, -300.0));
        let fork = Fork::every_mode(&game, 0);
        let mut out = Vec::new();
        copies(&mut out, &fork, CollisionMode::Clamp);
        let colour = |m: CollisionMode| {
            let [r, g, b] = m.def().colour.on_dark;
            [r, g, b, 1.0]
        };
        let (aabb, clamp, zones) = (
            colour(CollisionMode::Aabb),
            colour(CollisionMode::Clamp),
            colour(CollisionMode::Zones),
        );
        let (hit, _) = contacts(&game, CollisionMode::Aabb)[0];
        assert!(out.iter().any(|s| s.i_color == aabb
            && (Vec2::new(s.i_rect[0], s.i_rect[1]) + 2.5 - hit.point).length() < 0.01));
        assert!(
            !out.iter().any(|s| s.i_color == clamp),
            "the solid copy: overlay's"
        );
        assert!(!out.iter().any(|s| s.i_color == zones), "the circle misses");
        assert!(contacts(&game, CollisionMode::Zones).is_empty());
    }
}
