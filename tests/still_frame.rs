//! The still frame (`src/render/still.rs`): a frame with the same contents as the one before is
//! one copy of a cached picture. The cache must never show a stale picture: frame after frame
//! of a real menu (its background, panels and text, headless EGL), whatever changes — the
//! selected row, a typed filter, a moving sprite, the viewport's size — the picture each frame
//! shows is pixel-identical to the same batch drawn by a fresh renderer, and a change shows in
//! the very next frame. A repeated frame costs one draw call (the copy), so the test also fails
//! if the cache is never used. Without EGL (Mesa provides it) the tests fail.

mod support;

use breakout::render::headless::headless_context;
use breakout::render::Renderer;
use breakout::view::menu::{list, ListView, Mark, Row};
use breakout::view::{scene, Layer, SpriteBatch, SpriteInstance};
use image::RgbaImage;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

type Context = Rc<glium::backend::Context>;

fn renderer(context: &Context, raw_gl: &breakout::render::offscreen::RawGl) -> Renderer {
    Renderer::new(
        context,
        raw_gl.clone(),
        &breakout::assets::Assets::built_in(),
    )
    .expect("renderer")
}

/// The main menu's frame with row `selected` chosen and `filter` typed, and a sprite at `x`
/// if given (something moving over it).
fn menu(selected: usize, filter: &str, x: Option<f32>) -> SpriteBatch {
    let mut batch = SpriteBatch::default();
    scene::background(&mut batch.backdrop);
    let names = ["Breakout", "Lab", "Replays"];
    let rows = names
        .iter()
        .enumerate()
        .map(|(i, name)| Row {
            name: name.to_string(),
            info: format!("{i}/8"),
            mark: Mark::Plain,
            selected: i == selected,
        })
        .collect();
    let status = format!("filter: {filter}");
    let view = ListView {
        title: "BREAKOUT",
        top: 124.0,
        rows,
        more: (false, false),
        status,
        position: format!("{}/3", selected + 1),
        error: None,
        keys: "UP/DOWN choose  ENTER open",
    };
    list(&mut batch.text, &view);
    if let Some(x) = x {
        let paddle = [x, 300.0, 100.0, 20.0];
        let color = [0.9, 0.3, 0.2, 1.0];
        batch
            .world
            .push(SpriteInstance::new(Layer::Paddle, paddle, color));
    }
    batch
}

/// Draws `batch` at `size` with `renderer`; the picture and the draw calls it took.
fn draw(
    r: &mut Renderer,
    context: &Context,
    size: (u32, u32),
    batch: &SpriteBatch,
) -> (RgbaImage, u64) {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let before = r.stats().draw_calls;
    r.render_offscreen(context, size, batch).expect("render");
    let calls = r.stats().draw_calls - before;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("breakout-still-{}-{n}.png", std::process::id()));
    r.save_screenshot(&path).expect("screenshot");
    let image = image::open(&path).expect("read screenshot").to_rgba8();
    let _ = std::fs::remove_file(&path);
    (image, calls)
}

fn differing_pixels(a: &RgbaImage, b: &RgbaImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count()
}

#[test]
fn a_still_frame_shows_what_a_fresh_renderer_draws_and_a_change_shows_at_once() {
    let (context, raw_gl) = headless_context((800, 600))
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    let mut r = renderer(&context, &raw_gl);
    // (batch, size, what) frame after frame; each shown three times: drawn, composed into the
    // still texture, copied from it.
    let frames = [
        (menu(0, "", None), (800, 600), "the menu"),
        (menu(1, "", None), (800, 600), "the next row chosen"),
        (menu(1, "ar", None), (800, 600), "a filter typed"),
        (menu(1, "ar", Some(200.0)), (800, 600), "a sprite over it"),
        (
            menu(1, "ar", Some(201.0)),
            (800, 600),
            "the sprite moved a pixel",
        ),
        (
            menu(1, "ar", None),
            (1000, 600),
            "a wider window (black bars)",
        ),
        (
            menu(2, "ar", None),
            (1000, 600),
            "the last row chosen, with bars",
        ),
    ];
    let mut previous: Option<RgbaImage> = None;
    for (batch, size, what) in &frames {
        let expected = draw(&mut renderer(&context, &raw_gl), &context, *size, batch).0;
        for shown in 0..3 {
            let (image, calls) = draw(&mut r, &context, *size, batch);
            let diff = differing_pixels(&image, &expected);
            assert_eq!(
                diff, 0,
                "{what}, frame {shown}: {diff} pixels differ from a fresh renderer's"
            );
            if shown == 2 {
                let bars = u64::from(size.0 * 3 != size.1 * 4);
                assert_eq!(
                    calls,
                    1 + bars,
                    "{what}: a repeated frame is one copy (and the bars' clear)"
                );
            }
        }
        if let Some(before) = previous.filter(|p| p.dimensions() == expected.dimensions()) {
            assert!(
                differing_pixels(&before, &expected) > 0,
                "{what}: the change is visible"
            );
        }
        previous = Some(expected);
    }
}
