//! The replay screen looked at: Z zooms the drawn game about the ball (the timeline stays put),
//! the screen effects are off until E, and the strip names the physics, `native` included.

use super::super::replay::ReplayScene;
use super::super::replay_view::replay_physics;
use super::super::{test_context, Context, Scene};
use crate::app::scenes::Drive;
use crate::assets::{load_level_arg, Assets};
use crate::collision::CollisionMode;
use crate::commands::simulate::simulate_recorded;
use crate::replay::Origin;
use crate::sim::{GameConfig, PaddleRule};
use crate::view::sprite::Layer;
use crate::view::SpriteBatch;
use winit::keyboard::KeyCode;

fn scene() -> ReplayScene {
    let level = load_level_arg(&Assets::built_in(), "04-rainbow").expect("shipped level");
    let origin = Some(Origin::default());
    let (_, replay) = simulate_recorded(&level, 600, GameConfig::default(), origin);
    ReplayScene::new(replay.expect("recorded"), "look.bkreplay".into()).expect("plays")
}

fn drawn(scene: &ReplayScene, ctx: &Context) -> SpriteBatch {
    let mut batch = SpriteBatch::default();
    batch.effects.shake = 0.5;
    scene.draw(ctx, &mut batch, false);
    batch
}

fn balls(batch: &SpriteBatch) -> Vec<[f32; 4]> {
    let ball = Layer::Ball as u32 as f32;
    batch
        .world
        .iter()
        .filter(|s| s.i_layer == ball)
        .map(|s| s.i_rect)
        .collect()
}

#[test]
fn z_zooms_the_game_about_the_ball_and_leaves_the_strip_alone() {
    let mut ctx = test_context();
    let mut s = scene();
    s.key_press(&mut ctx, KeyCode::Space);
    let plain = drawn(&s, &ctx);
    let [x, y, w, h] = balls(&plain)[0];
    s.key_press(&mut ctx, KeyCode::KeyZ);
    s.key_press(&mut ctx, KeyCode::KeyZ);
    assert_eq!(s.look().camera.zoom(), 4.0);
    let zoomed = drawn(&s, &ctx);
    let [zx, zy, zw, zh] = balls(&zoomed)[0];
    assert_eq!((zw, zh), (4.0 * w, 4.0 * h), "four times as large");
    let view = s
        .look()
        .view(Some(glam::Vec2::new(x + w / 2.0, y + h / 2.0)));
    let c = view.to_screen(glam::Vec2::new(x + w / 2.0, y + h / 2.0));
    assert!((zx + zw / 2.0 - c.x).abs() < 1e-3 && (zy + zh / 2.0 - c.y).abs() < 1e-3);
    assert!(
        c.x >= 0.0 && c.x <= 800.0 && c.y >= 0.0 && c.y <= 600.0,
        "in view"
    );
    // Every world sprite inside the playfield; the strip's text where it was.
    for sprite in zoomed.world.iter().chain(&zoomed.backdrop) {
        let [x, y, w, h] = sprite.i_rect;
        assert!(x >= 0.0 && y >= 0.0 && x + w <= 800.001 && y + h <= 600.001);
    }
    assert_eq!(
        plain.text, zoomed.text,
        "the HUD and the timeline stay unzoomed"
    );
    s.key_press(&mut ctx, KeyCode::Digit0);
    assert_eq!(balls(&drawn(&s, &ctx)), balls(&plain), "0: back to x1");
}

#[test]
fn screen_effects_are_off_until_e() {
    let mut ctx = test_context();
    let mut s = scene();
    assert_eq!(drawn(&s, &ctx).effects.shake, 0.0, "off by default");
    s.key_press(&mut ctx, KeyCode::KeyE);
    assert_eq!(drawn(&s, &ctx).effects.shake, 0.5, "E brings them back");
}

#[test]
fn the_strip_names_the_physics_and_native() {
    let mut config = GameConfig::default();
    let own = config.collision.name();
    assert_eq!(replay_physics(&config, None), own);
    config.collision = CollisionMode::LbreakoutTrajectory;
    config.paddle_rule = PaddleRule::Lbreakout;
    let native = Some((config.collision, config.paddle_rule));
    assert_eq!(
        replay_physics(&config, native),
        "native lbreakout-trajectory"
    );
    assert_eq!(
        replay_physics(&config, None),
        "lbreakout-trajectory+lbreakout"
    );
}
