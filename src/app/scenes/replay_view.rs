//! How the replay screen (and its fork) is looked at: the camera's zoom and pan
//! ([`crate::view::camera`]) and whether the screen effects (shake, confuse, chaos) show. While
//! analysing they do not, by default (a chaos power-up flipped and swirled the picture being
//! followed); `E` brings them back. Play is unchanged.
//!
//! Keys (free on the replay screen: [`super::replay_keys`] holds the others): Z zoom in (×1, ×2,
//! ×4, ×8, then ×1 again), X zoom out, 0 back to ×1 following the ball, W A S D pan, C follow
//! the ball again, the wheel zooms, a left drag on the picture pans, E screen effects.

use crate::view::camera::{Camera, View, PAN_STEP};
use crate::view::{SpriteBatch, SpriteInstance};
use glam::Vec2;
use winit::keyboard::KeyCode;

/// What a view key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKey {
    /// One zoom step in (from ×8 back to ×1).
    Zoom,
    /// One zoom step out.
    ZoomOut,
    /// Back to ×1, following the ball.
    Reset,
    /// Follow the ball again after a pan.
    Follow,
    /// Move the picture by [`PAN_STEP`] pixels this way (x, y, screen pixels).
    Pan(i8, i8),
    /// Screen effects on or off.
    Effects,
}

/// The view command of a key, if it has one.
pub fn view_key(code: KeyCode) -> Option<ViewKey> {
    use KeyCode::*;
    Some(match code {
        KeyZ => ViewKey::Zoom,
        KeyX => ViewKey::ZoomOut,
        Digit0 | Numpad0 => ViewKey::Reset,
        KeyC => ViewKey::Follow,
        // The picture moves the other way from where the view goes.
        KeyA => ViewKey::Pan(1, 0),
        KeyD => ViewKey::Pan(-1, 0),
        KeyW => ViewKey::Pan(0, 1),
        KeyS => ViewKey::Pan(0, -1),
        KeyE => ViewKey::Effects,
        _ => return None,
    })
}

/// The view keys as the help panel lists them, after the replay's own.
pub const VIEW_KEYS: [(&str, &str); 4] = [
    ("Z / X / WHEEL", "zoom in (x2 x4 x8) / out"),
    ("W A S D, DRAG", "zoomed: pan the picture"),
    ("C / 0", "centre on the ball again / zoom x1"),
    ("E", "screen effects on / off (off here)"),
];

/// The replay screen's look: camera, effects, and a pan drag under way.
#[derive(Clone, Copy, Debug, Default)]
pub struct Look {
    /// The zoom and where it looks.
    pub camera: Camera,
    /// The screen effects show (off by default while analysing).
    pub effects: bool,
    /// A left drag panning the picture: where the pointer was last, playfield pixels.
    drag: Option<Vec2>,
}

impl Look {
    /// Where the camera looks this frame on `game` drawn at `blend` (0–1 between the last two
    /// steps): following the first ball (the paddle's middle when no ball is in play), unless
    /// panned.
    pub fn following(&self, game: &crate::sim::Game, blend: f32) -> View {
        let ball = game.balls().first().map(|b| b.prev_pos.lerp(b.pos, blend));
        let paddle = game.paddle();
        let follow = ball.unwrap_or(paddle.pos + paddle.size / 2.0);
        self.view(Some(follow))
    }

    /// Does what `key` asks; `now` is where the camera looks this frame.
    pub fn key(&mut self, key: ViewKey, now: View) {
        match key {
            ViewKey::Zoom => self.camera.cycle(),
            ViewKey::ZoomOut => self.camera.zoom_out(),
            ViewKey::Reset => self.camera.reset(),
            ViewKey::Follow => self.camera.follow(),
            ViewKey::Pan(x, y) => {
                let by = Vec2::new(f32::from(x), f32::from(y)) * PAN_STEP;
                self.camera.pan(by, now);
            }
            ViewKey::Effects => self.effects = !self.effects,
        }
    }

    /// A left button down at `at` on the picture: a pan starts (when zoomed).
    pub fn start_drag(&mut self, at: Vec2) {
        if self.camera.zoomed() {
            self.drag = Some(at);
        }
    }

    /// The pointer moved to `at` while a pan is under way: the picture follows it.
    pub fn dragged(&mut self, at: Vec2, now: View) {
        if let Some(from) = self.drag {
            self.camera.pan(at - from, now);
            self.drag = Some(at);
        }
    }

    /// The left button went up: the pan ends.
    pub fn end_drag(&mut self) {
        self.drag = None;
    }

    /// A pan drag is under way.
    pub fn dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// The camera's view this frame, following `ball`.
    pub fn view(&self, ball: Option<Vec2>) -> View {
        self.camera.view(ball)
    }

    /// Applies the view to what the screen drew of the world since `from` (the lengths of the
    /// backdrop, world and particle lists before it drew), and moves the `markers` (the debug
    /// overlay's dots and lines, kept their size) onto the text list. With the effects off,
    /// takes the shake, confuse and chaos out of the batch.
    pub fn finish(
        &self,
        batch: &mut SpriteBatch,
        from: [usize; 3],
        view: View,
        markers: Vec<SpriteInstance>,
    ) {
        view.apply(&mut batch.backdrop, from[0]);
        view.apply(&mut batch.world, from[1]);
        view.apply_points(&mut batch.particles, from[2]);
        batch
            .text
            .extend(markers.into_iter().filter_map(|m| marker(m, view)));
        if !self.effects {
            batch.effects.shake = 0.0;
            batch.effects.confuse = false;
            batch.effects.chaos = false;
        }
    }
}

/// A marker (a dot of a line) where `view` draws its centre, its size kept; `None` outside the
/// playfield.
fn marker(sprite: SpriteInstance, view: View) -> Option<SpriteInstance> {
    let [x, y, w, h] = sprite.i_rect;
    let c = view.to_screen(Vec2::new(x + w / 2.0, y + h / 2.0));
    let moved = SpriteInstance {
        i_rect: [c.x - w / 2.0, c.y - h / 2.0, w, h],
        ..sprite
    };
    crate::view::camera::clipped(moved, crate::view::camera::FIELD)
}

/// Which physics a replay plays, for the strip: `native` and the model when it is `native`,
/// the physics of the level's own game (`native lbreakout-trajectory`, a level played with
/// `--collision native`); else the collision mode, and the paddle rule after a `+` when it is
/// not this game's.
pub fn replay_physics(
    config: &crate::sim::GameConfig,
    native: Option<(crate::collision::CollisionMode, crate::sim::PaddleRule)>,
) -> String {
    if native == Some((config.collision, config.paddle_rule)) {
        format!("native {}", config.collision.name())
    } else if config.paddle_rule.is_default() {
        config.collision.name().to_string()
    } else {
        format!("{}+{}", config.collision.name(), config.paddle_rule.name())
    }
}

#[cfg(test)]
#[path = "replay_view_tests.rs"]
mod scene_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::sprite::Layer;

    #[test]
    fn view_keys_clash_with_no_replay_key() {
        use KeyCode::*;
        let keys = [
            KeyZ, KeyX, Digit0, Numpad0, KeyC, KeyA, KeyD, KeyW, KeyS, KeyE,
        ];
        for key in keys {
            assert!(view_key(key).is_some(), "{key:?}");
            assert_eq!(super::super::replay_keys::command(key), None, "{key:?}");
        }
    }

    #[test]
    fn effects_are_off_until_e_and_markers_keep_their_size() {
        let mut look = Look::default();
        let mut batch = SpriteBatch::default();
        batch.effects.chaos = true;
        batch.effects.shake = 0.5;
        look.key(ViewKey::Zoom, look.view(None));
        let view = look.view(Some(Vec2::new(400.0, 300.0)));
        let dot = SpriteInstance::new(Layer::Solid, [409.0, 299.0, 2.0, 2.0], [1.0; 4]);
        look.finish(&mut batch, [0; 3], view, vec![dot]);
        assert!(!batch.effects.chaos && batch.effects.shake == 0.0);
        assert_eq!(batch.text[0].i_rect, [419.0, 299.0, 2.0, 2.0]);
        look.key(ViewKey::Effects, view);
        let mut batch = SpriteBatch::default();
        batch.effects.confuse = true;
        look.finish(&mut batch, [0; 3], view, Vec::new());
        assert!(batch.effects.confuse, "E brings them back");
    }

    #[test]
    fn a_left_drag_pans_only_when_zoomed() {
        let mut look = Look::default();
        look.start_drag(Vec2::new(100.0, 100.0));
        assert!(!look.dragging());
        look.key(ViewKey::Zoom, look.view(None));
        let ball = Vec2::new(400.0, 300.0);
        look.start_drag(Vec2::new(100.0, 100.0));
        look.dragged(Vec2::new(120.0, 100.0), look.view(Some(ball)));
        look.end_drag();
        assert_eq!(look.view(Some(ball)).centre, Vec2::new(390.0, 300.0));
        look.key(ViewKey::Follow, look.view(Some(ball)));
        assert_eq!(look.view(Some(ball)).centre, ball);
    }
}
