//! The camera's tests: at ×1 nothing moves; zoomed, sprites scale about the ball, which stays in
//! view; panning moves the picture with the pointer; every sprite is cut to the playfield.

use super::*;
use crate::view::sprite::Layer;
use proptest::prelude::*;

fn ball_sprite(c: Vec2, r: f32) -> SpriteInstance {
    SpriteInstance::new(Layer::Ball, [c.x - r, c.y - r, 2.0 * r, 2.0 * r], [1.0; 4])
}

fn centre(s: &SpriteInstance) -> Vec2 {
    let [x, y, w, h] = s.i_rect;
    Vec2::new(x + w / 2.0, y + h / 2.0)
}

#[test]
fn at_x1_the_batch_is_untouched() {
    let camera = Camera::default();
    let view = camera.view(Some(Vec2::new(100.0, 500.0)));
    assert_eq!(view, View::whole());
    let mut sprites = vec![ball_sprite(Vec2::new(100.0, 500.0), 7.5)];
    let before = sprites.clone();
    view.apply(&mut sprites, 0);
    assert_eq!(sprites, before);
}

#[test]
fn zoomed_a_sprite_is_scaled_about_the_ball_which_is_drawn_at_the_centre() {
    let mut camera = Camera::default();
    camera.cycle();
    camera.cycle();
    assert_eq!(camera.zoom(), 4.0);
    let ball = Vec2::new(300.0, 250.0);
    let view = camera.view(Some(ball));
    let brick = SpriteInstance::new(Layer::Block, [310.0, 240.0, 20.0, 10.0], [1.0; 4]);
    let mut sprites = vec![ball_sprite(ball, 7.5), brick];
    view.apply(&mut sprites, 0);
    // The ball at the playfield's centre, four times as large.
    assert_eq!(centre(&sprites[0]), Vec2::new(400.0, 300.0));
    assert_eq!(sprites[0].i_rect[2], 60.0);
    // The brick 10 px right and 10 px above the ball's centre: 40 px on screen.
    assert_eq!(sprites[1].i_rect, [440.0, 260.0, 80.0, 40.0]);
}

#[test]
fn sprites_are_cut_to_the_playfield_and_their_texture_alike() {
    let mut camera = Camera::default();
    camera.zoom_in();
    let view = camera.view(Some(Vec2::new(400.0, 300.0)));
    // The background, the whole playfield: its middle half fills the screen.
    let mut sprites = vec![SpriteInstance::new(Layer::Background, FIELD, [1.0; 4])];
    // A brick wholly out of view.
    sprites.push(SpriteInstance::new(
        Layer::Block,
        [10.0, 10.0, 40.0, 20.0],
        [1.0; 4],
    ));
    view.apply(&mut sprites, 0);
    assert_eq!(sprites.len(), 1, "the brick out of view is dropped");
    assert_eq!(sprites[0].i_rect, FIELD);
    assert_eq!(sprites[0].i_uv, [0.25, 0.25, 0.75, 0.75]);
}

#[test]
fn sprites_before_from_are_another_scenes_and_stay() {
    let mut camera = Camera::default();
    camera.zoom_in();
    let view = camera.view(Some(Vec2::new(400.0, 300.0)));
    let other = ball_sprite(Vec2::new(20.0, 20.0), 5.0);
    let mut sprites = vec![other, ball_sprite(Vec2::new(20.0, 20.0), 5.0)];
    view.apply(&mut sprites, 1);
    assert_eq!(sprites, vec![other], "the second, out of view, dropped");
}

#[test]
fn near_an_edge_the_view_stays_inside_the_playfield() {
    let mut camera = Camera::default();
    camera.zoom_in();
    let view = camera.view(Some(Vec2::new(5.0, 590.0)));
    assert_eq!(view.visible(), [0.0, 300.0, 400.0, 300.0]);
}

#[test]
fn panning_moves_the_picture_with_the_pointer_and_stops_following() {
    let mut camera = Camera::default();
    camera.pan(Vec2::new(10.0, 0.0), camera.view(None));
    assert!(camera.following(), "nothing to pan at x1");
    camera.zoom_in();
    let ball = Vec2::new(400.0, 300.0);
    let now = camera.view(Some(ball));
    let under = now.to_world(Vec2::new(200.0, 200.0));
    camera.pan(Vec2::new(40.0, -20.0), now);
    assert!(!camera.following());
    let then = camera.view(Some(Vec2::new(100.0, 100.0)));
    assert_eq!(then.to_screen(under), Vec2::new(240.0, 180.0));
    camera.follow();
    assert_eq!(camera.view(Some(ball)).centre, ball);
    camera.zoom_out();
    assert_eq!(camera.zoom(), 1.0);
}

#[test]
fn the_wheel_and_z_step_through_the_zooms() {
    let mut camera = Camera::default();
    camera.wheel(2.0);
    assert_eq!(camera.zoom(), 4.0);
    camera.wheel(9.0);
    assert_eq!(camera.zoom(), 8.0);
    camera.wheel(-1.0);
    assert_eq!(camera.zoom(), 4.0);
    camera.wheel(0.2);
    assert_eq!(camera.zoom(), 4.0, "less than a notch");
    camera.cycle();
    camera.cycle();
    assert_eq!(camera.zoom(), 1.0, "Z from x8 goes back to x1");
    assert!(camera.following());
}

proptest! {
    /// Wherever the ball is in the playfield and at every zoom, the followed ball is drawn
    /// inside the playfield, its size scaled by the zoom.
    #[test]
    fn the_followed_ball_stays_in_view(
        x in 8.0f32..792.0,
        y in 8.0f32..592.0,
        zoom in 0usize..4,
        panned in any::<bool>(),
    ) {
        let mut camera = Camera::default();
        camera.wheel(zoom as f32);
        if panned {
            camera.pan(Vec2::new(5.0, 5.0), camera.view(Some(Vec2::new(x, y))));
            camera.follow();
        }
        let ball = Vec2::new(x, y);
        let view = camera.view(Some(ball));
        let mut sprites = vec![ball_sprite(ball, 7.5)];
        view.apply(&mut sprites, 0);
        prop_assert_eq!(sprites.len(), 1);
        let c = centre(&sprites[0]);
        prop_assert!((0.0..=800.0).contains(&c.x) && (0.0..=600.0).contains(&c.y));
        let [vx, vy, vw, vh] = view.visible();
        prop_assert!(vx >= -1e-3 && vy >= -1e-3);
        prop_assert!(vx + vw <= 800.001 && vy + vh <= 600.001);
        prop_assert!((vw * camera.zoom() - 800.0).abs() < 1e-3);
    }
}
