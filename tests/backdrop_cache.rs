//! Pins the backdrop cache's partial redraw (`render::backdrop::{dirty_rect, to_pixels}` as used
//! by `Renderer::update_backdrop`): when the backdrop's sprites change, the cached texture,
//! redrawn only inside the scissored dirty rectangle, must be pixel-identical to the backdrop
//! drawn whole by a fresh renderer. A dirty rectangle that is too small, stale, or flipped the
//! wrong way in y leaves old pixels behind and fails here; the unit tests in `backdrop.rs` check
//! only the arithmetic, not what the GL scissor then does with it.
//!
//! A real level (08 Citadel: multi-hit pips, a power-up glow) is rendered headless (surfaceless
//! EGL) at 800×600 and at sizes where playfield pixels are not whole pixels (1000×700, 1366×768).
//! The changes (top-left brick destroyed, brick added at the bottom right with fractional edges,
//! brick recoloured, brick with pips and glow removed from the middle of the list) are checked
//! all at once and one at a time (small rectangles, so a y-flip error shows). Each must really
//! change the picture (the test cannot pass by never redrawing) and cost exactly one redraw; an
//! unchanged frame costs none. Without EGL (Mesa provides it) the tests fail.

mod support;

use breakout::level::Level;
use breakout::render::headless::headless_context;
use breakout::render::offscreen::RawGl;
use breakout::render::Renderer;
use breakout::sim::{Game, GameConfig};
use breakout::view::{scene, Layer, SpriteBatch, SpriteInstance};
use glium::backend::Context;
use image::RgbaImage;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use support::ROOT;

/// What each change does, for messages.
const CHANGES: [&str; 4] = [
    "top-left brick destroyed",
    "brick added at the bottom right",
    "brick recoloured",
    "brick with pips and glow removed from the middle of the list",
];

/// The backdrop of `levels/08-citadel.lvl` as play starts, and the playfield size of one cell.
fn level_backdrop() -> (Vec<SpriteInstance>, [f32; 2]) {
    let level = Level::load(&Path::new(ROOT).join("levels/08-citadel.lvl")).expect("level");
    let game = Game::new(&level, GameConfig::default());
    let mut sprites = Vec::new();
    scene::backdrop(&mut sprites, &game, scene::HeldPowerUps::Hidden);
    let cell = game.bricks().cell_size();
    (sprites, [cell.x, cell.y])
}

/// Whether the centre of `s` lies inside `area` (`[x, y, w, h]`, playfield pixels).
fn centred_in(s: &SpriteInstance, area: [f32; 4]) -> bool {
    let [x, y, w, h] = s.i_rect;
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    cx > area[0] && cx < area[0] + area[2] && cy > area[1] && cy < area[1] + area[3]
}

/// Applies change `i` of [`CHANGES`] to `sprites`; returns the playfield rectangle it changed.
fn apply(i: usize, sprites: &mut Vec<SpriteInstance>, cell: [f32; 2]) -> [f32; 4] {
    let at = |row: f32, col: f32| [col * cell[0], row * cell[1], cell[0], cell[1]];
    let not_background = |s: &SpriteInstance| s.i_layer != Layer::Background as u32 as f32;
    let destroy = |sprites: &mut Vec<SpriteInstance>, area: [f32; 4]| {
        let before = sprites.len();
        sprites.retain(|s| !(not_background(s) && centred_in(s, area)));
        assert!(sprites.len() < before, "no brick at {area:?}");
        area
    };
    match i {
        0 => destroy(sprites, at(0.0, 0.0)),
        1 => {
            let rect = [712.25, 540.5, 75.5, 22.75];
            let magenta = [0.9, 0.2, 0.6, 1.0];
            sprites.push(SpriteInstance::new(Layer::Block, rect, magenta));
            rect
        }
        2 => {
            let area = at(4.0, 8.0);
            let brick = sprites
                .iter_mut()
                .find(|s| s.i_layer == Layer::Block as u32 as f32 && centred_in(s, area))
                .expect("a brick at row 4, column 8");
            brick.i_color = [0.3, 0.1, 0.9, 1.0];
            area
        }
        _ => destroy(sprites, at(3.0, 7.0)),
    }
}

/// Runs [`check`] at each of `sizes`. Fails when there is no headless OpenGL (Mesa's EGL): a
/// test that cannot look at the pixels has not checked them.
fn check_sizes(sizes: &[(u32, u32)]) {
    let gl = headless_context((800, 600))
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    sizes.iter().for_each(|&size| check(&gl, size));
}

/// A headless context and its raw GL functions.
type Gl = (Rc<Context>, RawGl);

fn renderer((context, raw_gl): &Gl) -> Renderer {
    Renderer::new(
        context,
        raw_gl.clone(),
        &breakout::assets::Assets::built_in(),
    )
    .expect("renderer")
}

/// Renders `backdrop` (nothing else) with `renderer` at `size`, reads it back through a PNG.
fn picture(
    renderer: &mut Renderer,
    (context, _): &Gl,
    size: (u32, u32),
    backdrop: &[SpriteInstance],
) -> RgbaImage {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let mut batch = SpriteBatch::default();
    batch.backdrop.extend_from_slice(backdrop);
    renderer
        .render_offscreen(context, size, &batch)
        .expect("render");
    let (pid, n) = (std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
    let path = std::env::temp_dir().join(format!("breakout-backdrop-cache-{pid}-{n}.png"));
    renderer.save_screenshot(&path).expect("screenshot");
    let image = image::open(&path).expect("read screenshot").to_rgba8();
    let _ = std::fs::remove_file(&path);
    assert_eq!(image.dimensions(), size);
    image
}

/// `backdrop` drawn whole, by a fresh renderer.
fn full_redraw(gl: &Gl, size: (u32, u32), backdrop: &[SpriteInstance]) -> RgbaImage {
    let mut fresh = renderer(gl);
    let image = picture(&mut fresh, gl, size, backdrop);
    assert_eq!(fresh.stats().backdrop_redraws, 1);
    image
}

fn assert_identical(partial: &RgbaImage, full: &RgbaImage, what: &str) {
    let mut diffs = partial
        .enumerate_pixels()
        .filter(|&(x, y, p)| p != full.get_pixel(x, y));
    if let Some((x, y, p)) = diffs.next() {
        panic!(
            "{what}: partial redraw differs from a full redraw in {} pixels; first at \
             ({x}, {y}) (origin top-left): {:?}, full redraw has {:?}",
            1 + diffs.count(),
            p.0,
            full.get_pixel(x, y).0
        );
    }
}

/// The pixel at the centre of playfield rectangle `area` (inside the letterbox) differs between `before` and `after`.
fn assert_changed(before: &RgbaImage, after: &RgbaImage, area: [f32; 4], what: &str) {
    // Offscreen frames are letterboxed as the window is: the playfield lies in the viewport.
    let (w, h) = after.dimensions();
    let v = breakout::view::letterbox(w, h).expect("a viewport");
    let x = v.x + ((area[0] + area[2] / 2.0) * v.width as f32 / 800.0) as u32;
    let y = v.y + ((area[1] + area[3] / 2.0) * v.height as f32 / 600.0) as u32;
    assert_ne!(
        before.get_pixel(x, y),
        after.get_pixel(x, y),
        "{what}: the picture did not change at ({x}, {y})"
    );
}

/// The whole check at one size: one change at a time, then every change at once.
fn check(gl: &Gl, size: (u32, u32)) {
    let started = std::time::Instant::now();
    let redraws = |r: &Renderer| r.stats().backdrop_redraws;
    let (a, cell) = level_backdrop();
    let mut r1 = renderer(gl);
    let picture_a = picture(&mut r1, gl, size, &a);
    let (mut current, mut before) = (a.clone(), picture_a.clone());
    for (i, change) in CHANGES.iter().enumerate() {
        let area = apply(i, &mut current, cell);
        let after = picture(&mut r1, gl, size, &current);
        let what = format!("{size:?}, {change} (alone)");
        assert_eq!(
            redraws(&r1),
            2 + i as u64,
            "{what}: one partial redraw each"
        );
        assert_identical(&after, &full_redraw(gl, size, &current), &what);
        assert_changed(&before, &after, area, &what);
        before = after;
    }

    let mut b = a.clone();
    let areas: Vec<[f32; 4]> = (0..CHANGES.len()).map(|i| apply(i, &mut b, cell)).collect();
    let mut r1 = renderer(gl);
    picture(&mut r1, gl, size, &a);
    let picture_b = picture(&mut r1, gl, size, &b);
    let what = format!("{size:?}, all changes at once");
    assert_eq!(redraws(&r1), 2, "{what}: one whole redraw, one partial");
    assert_identical(&picture_b, &full_redraw(gl, size, &b), &what);
    for (area, change) in areas.iter().zip(CHANGES) {
        assert_changed(&picture_a, &picture_b, *area, &format!("{what} ({change})"));
    }
    let again = picture(&mut r1, gl, size, &b);
    assert_eq!(redraws(&r1), 2, "{what}: redrawn though unchanged");
    assert_identical(&again, &picture_b, &format!("{what}, drawn again"));
    eprintln!("backdrop_cache {size:?}: {:?}", started.elapsed());
}

#[test]
fn partial_backdrop_redraw_matches_full_redraw_at_800x600() {
    check_sizes(&[(800, 600)]);
}

#[test]
fn partial_backdrop_redraw_matches_full_redraw_at_scaled_sizes() {
    check_sizes(&[(1000, 700), (1366, 768)]);
}
