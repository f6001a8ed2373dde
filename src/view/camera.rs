//! The replay and fork screens' camera (no GL here): a zoom of ×1, ×2, ×4 or ×8 about a point of
//! the playfield — the (first) ball, which it follows, or wherever the player panned to — applied
//! to the world's sprites of a batch (backdrop, world, particles) after they are laid out, and
//! cut to the playfield. Both renderers (glium natively, WebGL2 in a browser) draw the batch as
//! it comes, so both get the zoom without knowing of it; the HUD, the timeline and the text stay
//! as they are. Coordinates are playfield pixels (origin top-left, y down).
//!
//! At ×1 the camera changes nothing (the picture is the one the screens always drew).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::sprite::SpriteInstance;
use glam::Vec2;

/// The zoom factors, in the order the zoom keys and the wheel step through them.
pub const ZOOMS: [f32; 4] = [1.0, 2.0, 4.0, 8.0];

/// How far one press of a pan key moves the picture, screen pixels (at any zoom).
pub const PAN_STEP: f32 = 40.0;

/// The playfield's rectangle, playfield pixels (x, y, width, height): what the camera shows,
/// and where every sprite it moves is cut to.
pub const FIELD: [f32; 4] = [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT];

/// The playfield's centre, playfield pixels: where the camera's centre is drawn.
fn field_centre() -> Vec2 {
    Vec2::new(PLAYFIELD_WIDTH / 2.0, PLAYFIELD_HEIGHT / 2.0)
}

/// The zoom and where it looks: following a point given each frame (the ball), or panned to a
/// fixed point of the playfield.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Camera {
    /// Index into [`ZOOMS`].
    zoom: usize,
    /// The playfield point shown at the centre once panned (pixels); `None`: follows.
    panned: Option<Vec2>,
}

/// Where a camera looks this frame: the playfield point at the screen's centre and the scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The playfield point drawn at the playfield's centre, pixels.
    pub centre: Vec2,
    /// Screen pixels per playfield pixel (one of [`ZOOMS`]).
    pub scale: f32,
}

impl Camera {
    /// The zoom factor now (one of [`ZOOMS`]).
    pub fn zoom(&self) -> f32 {
        ZOOMS[self.zoom.min(ZOOMS.len() - 1)]
    }

    /// Zoomed in (above ×1).
    pub fn zoomed(&self) -> bool {
        self.zoom > 0
    }

    /// Follows the point given to [`Camera::view`] (not panned).
    pub fn following(&self) -> bool {
        self.panned.is_none()
    }

    /// One zoom step in (up to ×8).
    pub fn zoom_in(&mut self) {
        self.zoom = (self.zoom + 1).min(ZOOMS.len() - 1);
    }

    /// One zoom step out; at ×1 the camera follows again.
    pub fn zoom_out(&mut self) {
        self.zoom = self.zoom.saturating_sub(1);
        if self.zoom == 0 {
            self.panned = None;
        }
    }

    /// The Z key: one zoom step in, from ×8 back to ×1 (following again).
    pub fn cycle(&mut self) {
        if self.zoom + 1 >= ZOOMS.len() {
            self.reset();
        } else {
            self.zoom_in();
        }
    }

    /// The mouse wheel: `notches` up zoom in, down zoom out, one step per whole notch.
    pub fn wheel(&mut self, notches: f32) {
        let steps = notches.round() as i32;
        for _ in 0..steps.unsigned_abs().min(ZOOMS.len() as u32) {
            if steps > 0 {
                self.zoom_in();
            } else {
                self.zoom_out();
            }
        }
    }

    /// Back to ×1, following.
    pub fn reset(&mut self) {
        *self = Camera::default();
    }

    /// Moves the picture by `screen` pixels (a drag's motion, or [`PAN_STEP`] for a key): the
    /// point under the pointer stays under it. From then on the camera stays where it was
    /// panned to, until [`Camera::follow`] or a reset. Does nothing at ×1 (nothing to pan).
    /// `now`: where the camera looks this frame ([`Camera::view`]).
    pub fn pan(&mut self, screen: Vec2, now: View) {
        if !self.zoomed() {
            return;
        }
        self.panned = Some(clamp_centre(now.centre - screen / now.scale, now.scale));
    }

    /// Follows the ball again (where it was panned from is forgotten).
    pub fn follow(&mut self) {
        self.panned = None;
    }

    /// Where the camera looks this frame: the panned point, or `follow` (the ball; the
    /// playfield's centre if none), moved just enough that the view stays inside the playfield.
    pub fn view(&self, follow: Option<Vec2>) -> View {
        let scale = self.zoom();
        let centre = self.panned.or(follow).unwrap_or_else(field_centre);
        View {
            centre: clamp_centre(centre, scale),
            scale,
        }
    }
}

/// `centre` moved the least so that a view at `scale` about it stays inside the playfield.
fn clamp_centre(centre: Vec2, scale: f32) -> Vec2 {
    let half = field_centre() / scale.max(1.0);
    let max = Vec2::new(PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT) - half;
    if !centre.is_finite() {
        return field_centre();
    }
    centre.clamp(half, max)
}

impl View {
    /// The view at ×1: the whole playfield, as drawn without a camera.
    pub fn whole() -> View {
        View {
            centre: field_centre(),
            scale: 1.0,
        }
    }

    /// Where the playfield point `p` is drawn, playfield pixels.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        field_centre() + (p - self.centre) * self.scale
    }

    /// The playfield point drawn at `p` (the inverse of [`View::to_screen`]).
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.centre + (p - field_centre()) / self.scale
    }

    /// The part of the playfield seen, pixels (x, y, width, height).
    pub fn visible(&self) -> [f32; 4] {
        let min = self.to_world(Vec2::ZERO);
        let size = Vec2::new(PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT) / self.scale;
        [min.x, min.y, size.x, size.y]
    }

    /// `sprite` as this view draws it: its rectangle scaled about the view's centre.
    pub fn moved(&self, sprite: SpriteInstance) -> SpriteInstance {
        let [x, y, w, h] = sprite.i_rect;
        let at = self.to_screen(Vec2::new(x, y));
        SpriteInstance {
            i_rect: [at.x, at.y, w * self.scale, h * self.scale],
            ..sprite
        }
    }

    /// The sprites of `sprites` from index `from` on, as this view draws them: scaled about its
    /// centre and cut to the playfield ([`clipped`]), those wholly outside dropped. The ones
    /// before `from` (another scene's) stay. At ×1 nothing changes.
    pub fn apply(&self, sprites: &mut Vec<SpriteInstance>, from: usize) {
        if self.scale == 1.0 && self.centre == field_centre() {
            return;
        }
        let tail: Vec<SpriteInstance> = sprites.drain(from.min(sprites.len())..).collect();
        sprites.extend(
            tail.into_iter()
                .filter_map(|s| clipped(self.moved(s), FIELD)),
        );
    }

    /// As [`View::apply`] for particles, drawn as round points from their rectangle's centre and
    /// width: scaled, and dropped when their centre is outside the playfield (a cut point would
    /// move its centre).
    pub fn apply_points(&self, sprites: &mut Vec<SpriteInstance>, from: usize) {
        if self.scale == 1.0 && self.centre == field_centre() {
            return;
        }
        let tail: Vec<SpriteInstance> = sprites.drain(from.min(sprites.len())..).collect();
        let inside = |s: &SpriteInstance| {
            let [x, y, w, h] = s.i_rect;
            let c = Vec2::new(x + w / 2.0, y + h / 2.0);
            c.x >= 0.0 && c.y >= 0.0 && c.x <= PLAYFIELD_WIDTH && c.y <= PLAYFIELD_HEIGHT
        };
        sprites.extend(tail.into_iter().map(|s| self.moved(s)).filter(inside));
    }
}

/// `sprite` cut to `area` (x, y, width, height), its texture rectangle cut alike; `None` when
/// nothing of it is inside.
pub fn clipped(sprite: SpriteInstance, area: [f32; 4]) -> Option<SpriteInstance> {
    let [x, y, w, h] = sprite.i_rect;
    let (x0, y0) = (x.max(area[0]), y.max(area[1]));
    let (x1, y1) = (
        (x + w).min(area[0] + area[2]),
        (y + h).min(area[1] + area[3]),
    );
    if x1 <= x0 || y1 <= y0 || w <= 0.0 || h <= 0.0 {
        return None;
    }
    let [u0, v0, u1, v1] = sprite.i_uv;
    let u = |px: f32| u0 + (u1 - u0) * (px - x) / w;
    let v = |py: f32| v0 + (v1 - v0) * (py - y) / h;
    Some(SpriteInstance {
        i_rect: [x0, y0, x1 - x0, y1 - y0],
        i_uv: [u(x0), v(y0), u(x1), v(y1)],
        ..sprite
    })
}

#[cfg(test)]
#[path = "camera_tests.rs"]
mod tests;
