//! The view's theme look drawn by `bricks`: a brick with a theme picture comes from the atlas.

use crate::assets::theme::{ThemeBrick, ThemeLook};
use crate::level::{BrickKind, Level};
use crate::sim::{Game, GameConfig};
use crate::view::bricks::HeldPowerUps;
use crate::view::sprite::Layer;
use crate::view::theme_look::set;

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
