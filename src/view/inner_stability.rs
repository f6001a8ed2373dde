//! The Plane of Inner Stability's look (`app::scenes::inner_stability`): the game under it
//! darkened, the question at the top, the brick under the pointer framed (LBreakoutHD
//! `view.cpp` `runBrickDestroyDlg`: the screen darkens, "Left-click on any brick to destroy
//! it"). Playfield pixels.

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::sprite::SpriteInstance;
use crate::view::text::{layout_centered, panel};

/// The question, as LBreakoutHD asks it (with "your" for its "%").
pub const PROMPT: &str = "Click on any brick to destroy it (costs 10% of your score)";

/// How dark the game gets under the plane (the shade's alpha).
const DARKEN: f32 = 0.55;
/// The frame around the brick under the pointer (linear RGBA).
const FRAME: [f32; 4] = [1.0, 0.85, 0.3, 1.0];

/// Appends the plane to `out`: a shade over the whole playfield, `target` (the box of the
/// brick under the pointer, x, y, width, height) framed, the [`PROMPT`] and a second line
/// (`cost_line`: what it costs now, and how to leave) near the top.
pub fn plane(out: &mut Vec<SpriteInstance>, target: Option<[f32; 4]>, cost_line: &str) {
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.0, 0.0, 0.0, DARKEN],
    );
    if let Some([x, y, w, h]) = target {
        let t = 2.0;
        panel(out, [x - t, y - t, w + 2.0 * t, t], FRAME);
        panel(out, [x - t, y + h, w + 2.0 * t, t], FRAME);
        panel(out, [x - t, y, t, h], FRAME);
        panel(out, [x + w, y, t, h], FRAME);
    }
    let top = PLAYFIELD_HEIGHT * 0.42;
    panel(
        out,
        [0.0, top - 10.0, PLAYFIELD_WIDTH, 64.0],
        [0.0, 0.0, 0.05, 0.8],
    );
    let centre = PLAYFIELD_WIDTH / 2.0;
    layout_centered(out, PROMPT, centre, top, 16.0, [1.0, 1.0, 1.0, 1.0]);
    layout_centered(out, cost_line, centre, top + 24.0, 16.0, FRAME);
}
