//! The lab's zoom (Z: ×1, ×2, ×4): about what matters, not the brick's centre (play-test H14:
//! at ×4 on the corner preset the ball and the arrow were cut off under the header). Zoomed,
//! the picture is centred on the probe's points of interest — the arrow's tip (where the ball
//! ends the step), the ball's start, the exact contact points — keeping in view as many of them
//! as fit, in that order, with a ball's radius to spare. At ×1 the picture is the probe's
//! pixels as they are. No GL here; coordinates are playfield pixels.

use crate::probe::{BrickAnswers, Probe, BRICK_CENTER};
use glam::Vec2;

/// Top of the lab's table of rows, playfield pixels: the probe's picture is above it.
pub const TABLE_TOP: f32 = 326.0;

/// The part of the screen the probe's picture may use, playfield pixels (x, y, width, height):
/// between the presets' line and the table.
pub const PICTURE_AREA: [f32; 4] = [0.0, 46.0, 800.0, TABLE_TOP - 4.0 - 46.0];

/// The zoom factors the lab's Z key steps through.
pub const ZOOMS: [f32; 3] = [1.0, 2.0, 4.0];

/// Room kept around a point of interest inside the picture, probe pixels, beyond the ball's
/// radius (the arrow's head, the contact's marker).
const SPARE: f32 = 3.0;

/// A zoom of the lab's picture: its factor and the probe point drawn at the picture's centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabZoom {
    /// Screen pixels per probe pixel (one of [`ZOOMS`]).
    pub factor: f32,
    /// The probe point (pixels) drawn at the middle of [`PICTURE_AREA`] (ignored at ×1).
    pub focus: Vec2,
}

impl Default for LabZoom {
    fn default() -> LabZoom {
        LabZoom::none()
    }
}

/// The middle of [`PICTURE_AREA`], playfield pixels.
fn picture_centre() -> Vec2 {
    let [x, y, w, h] = PICTURE_AREA;
    Vec2::new(x + w / 2.0, y + h / 2.0)
}

impl LabZoom {
    /// ×1: the probe's pixels drawn where they are.
    pub fn none() -> LabZoom {
        LabZoom {
            factor: 1.0,
            focus: BRICK_CENTER,
        }
    }

    /// A zoom of `factor` about `probe`'s points of interest (the module's documentation): the
    /// arrow's tip always in view, then the ball's start, then every exact contact point, each
    /// as long as it fits with those before it.
    pub fn about(factor: f32, probe: &Probe, answers: &[BrickAnswers]) -> LabZoom {
        if factor <= 1.0 {
            return LabZoom::none();
        }
        let tip = probe.ball + probe.motion;
        let mut points = vec![tip, probe.ball];
        points.extend(
            answers
                .iter()
                .filter_map(|a| a.exact_contact.map(|c| c.point.as_vec2())),
        );
        let [_, _, w, h] = PICTURE_AREA;
        let margin = crate::playfield::BALL_RADIUS + SPARE;
        let half = (Vec2::new(w, h) / (2.0 * factor) - Vec2::splat(margin)).max(Vec2::ZERO);
        // Where the focus may be to keep each point in view, narrowed point by point.
        let (mut lo, mut hi) = (Vec2::splat(f32::NEG_INFINITY), Vec2::splat(f32::INFINITY));
        for p in &points {
            let (l, h) = (lo.max(*p - half), hi.min(*p + half));
            if l.x <= h.x && l.y <= h.y {
                (lo, hi) = (l, h);
            }
        }
        let min = points
            .iter()
            .fold(Vec2::splat(f32::INFINITY), |m, p| m.min(*p));
        let max = points
            .iter()
            .fold(Vec2::splat(f32::NEG_INFINITY), |m, p| m.max(*p));
        LabZoom {
            factor,
            focus: ((min + max) / 2.0).clamp(lo, hi),
        }
    }

    /// The probe point drawn at the focus: [`BRICK_CENTER`] at ×1, else the picture's middle.
    fn anchor(&self) -> (Vec2, Vec2) {
        if self.factor <= 1.0 {
            (BRICK_CENTER, BRICK_CENTER)
        } else {
            (self.focus, picture_centre())
        }
    }

    /// Where the probe's point `p` (pixels) is drawn.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        let (focus, at) = self.anchor();
        at + (p - focus) * self.factor
    }

    /// The probe's point drawn at `p` (screen pixels): the inverse of [`LabZoom::to_screen`].
    pub fn from_screen(&self, p: Vec2) -> Vec2 {
        let (focus, at) = self.anchor();
        focus + (p - at) / self.factor
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::presets::presets;

    fn inside(p: Vec2, r: f32) -> bool {
        let [x, y, w, h] = PICTURE_AREA;
        p.x - r >= x && p.y - r >= y && p.x + r <= x + w && p.y + r <= y + h
    }

    /// Every preset at every zoom: the ball at the arrow's tip wholly inside the picture (under
    /// the header, over the table); the ball's start too whenever both fit together; and the
    /// exact contact point when all of them fit.
    #[test]
    fn the_ball_and_the_arrow_tip_stay_in_view_for_every_preset_and_zoom() {
        for preset in presets() {
            let probe = preset.probe;
            let answers = probe.answers();
            for factor in ZOOMS {
                let zoom = LabZoom::about(factor, &probe, &answers);
                let r = crate::playfield::BALL_RADIUS * factor;
                let tip = zoom.to_screen(probe.ball + probe.motion);
                assert!(inside(tip, r), "{} x{factor}: tip at {tip}", preset.name);
                let start = zoom.to_screen(probe.ball);
                let room = 2.0 * (crate::playfield::BALL_RADIUS + SPARE) * factor;
                let span = probe.motion.abs() * factor + Vec2::splat(room);
                let [_, _, w, h] = PICTURE_AREA;
                if span.x <= w && span.y <= h {
                    assert!(inside(start, r), "{} x{factor}: start {start}", preset.name);
                }
                assert!(
                    (zoom.from_screen(tip) - (probe.ball + probe.motion)).length() < 1e-3,
                    "the inverse"
                );
                if factor == 4.0 && preset.name == "corner" {
                    let contact = answers[0].exact_contact.unwrap().point.as_vec2();
                    assert!(inside(zoom.to_screen(contact), 0.0), "the corner's contact");
                }
            }
        }
    }

    #[test]
    fn at_x1_the_picture_is_the_probe_as_it_is() {
        let probe = presets()[0].probe;
        let zoom = LabZoom::about(1.0, &probe, &probe.answers());
        let p = Vec2::new(123.0, 45.0);
        assert_eq!(zoom.to_screen(p), p);
        assert_eq!(zoom.from_screen(p), p);
    }
}
