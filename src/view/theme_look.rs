//! Which theme the view draws with ([`ThemeLook`]: the pieces the theme has), and a themed
//! brick's sprite. The renderer holds the theme's images (the [`Layer::ThemeBricks`] atlas, and
//! the ball, paddle and background layers); the view only picks, per brick, the atlas cell
//! ([`ThemeBrick::uv`]) and draws it untinted. The look is per thread (the game's view and
//! renderer run on one), set when a theme is applied ([`set`]); the default is the built-in look.

use super::sprite::{Layer, SpriteInstance};
use crate::assets::theme::{ThemeBrick, ThemeLook};
use crate::sim::Brick;
use std::cell::Cell;

thread_local! {
    static LOOK: Cell<ThemeLook> = Cell::new(ThemeLook::default());
}

/// The look the view draws with on this thread.
pub fn current() -> ThemeLook {
    LOOK.with(Cell::get)
}

/// Draws with `look` on this thread from now on (the renderer must have the same theme's images).
pub fn set(look: ThemeLook) {
    LOOK.with(|l| l.set(look));
}

/// The built-in paddle's tint (RGBA, 0–1), over `textures/paddle.png`.
pub const PADDLE_COLOR: [f32; 4] = [0.85, 0.9, 1.0, 1.0];

/// The paddle's tint: the built-in paddle's ([`PADDLE_COLOR`]), or white for a theme's own
/// picture.
pub fn paddle_color() -> [f32; 4] {
    if current().paddle {
        [1.0; 4]
    } else {
        PADDLE_COLOR
    }
}

/// The body of `brick` drawn from the theme atlas cell `slot`, untinted, darker as it takes
/// damage when its picture does not show its hits, and by `dim` (0–1).
pub fn brick_body(out: &mut Vec<SpriteInstance>, brick: &Brick, slot: ThemeBrick, dim: f32) {
    let shows_hits = matches!(slot, ThemeBrick::Strong(_) | ThemeBrick::Regenerating(_));
    let damage = if brick.hits_total > 1 && !shows_hits {
        0.55 + 0.45 * f32::from(brick.hits_left) / f32::from(brick.hits_total)
    } else {
        1.0
    };
    let shade = dim * damage;
    let (min, size) = (brick.rect.min, brick.rect.size());
    let mut sprite = SpriteInstance::new(
        Layer::ThemeBricks,
        [min.x, min.y, size.x, size.y],
        [shade, shade, shade, 1.0],
    );
    sprite.i_uv = slot.uv();
    out.push(sprite);
}
