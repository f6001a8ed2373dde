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

/// The paddle's tint: the built-in paddle's ([`super::scene::PADDLE_COLOR`]), or white for a
/// theme's own picture.
pub fn paddle_color() -> [f32; 4] {
    if current().paddle {
        [1.0; 4]
    } else {
        super::scene::PADDLE_COLOR
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{BrickKind, Level};
    use crate::sim::{Game, GameConfig};
    use crate::view::bricks::HeldPowerUps;

    #[test]
    fn a_theme_with_a_brick_picture_draws_it_from_the_atlas_untinted() {
        let level = Level::parse("7\n", "one").unwrap();
        let game = Game::new(&level, GameConfig::default());
        let draw = || {
            let mut out = Vec::new();
            crate::view::bricks::bricks(&mut out, game.bricks(), 1.0, HeldPowerUps::Hidden);
            out
        };
        let built_in = draw();
        assert!(built_in
            .iter()
            .all(|s| s.i_layer != Layer::ThemeBricks as u32 as f32));
        let mut look = ThemeLook::default();
        look.bricks[ThemeBrick::of(BrickKind::Plain(7), 1, 1).index()] = true;
        set(look);
        let themed = draw();
        set(ThemeLook::default());
        assert_eq!(themed.len(), 1);
        assert_eq!(themed[0].i_layer, Layer::ThemeBricks as u32 as f32);
        assert_eq!(themed[0].i_uv, ThemeBrick::Plain(7).uv());
        assert_eq!(themed[0].i_color, [1.0; 4]);
    }
}
