//! Confuse and chaos are drawn incrementally (the backdrop's effect picture cached, patches
//! where something moves: `src/render/post_frame.rs`). Rendered headless (surfaceless EGL), each
//! effect frame must equal the effect computed here on the CPU from the plain frame of the same
//! sprites, pixel by pixel: confuse inverts and flips both ways; chaos takes the forward
//! differences 2 playfield pixels apart, ×4, and swirls the picture with wrap-around. Frames
//! follow one another as in play: sprites move (their old places must show the backdrop's
//! effect again), a brick breaks (the cached picture must follow), the effect changes, the
//! size changes. Without EGL (Mesa provides it) the test fails.

mod support;

use breakout::render::headless::headless_context;
use breakout::render::patches::{kernel_texels, swirl_shift};
use breakout::render::Renderer;
use breakout::view::{Layer, PostEffects, SpriteBatch, SpriteInstance};
use image::RgbaImage;

/// Largest difference allowed per channel (0–255): the shader's float arithmetic and its
/// rounding to 8 bits against this file's.
const TOLERANCE: i32 = 2;

/// A backdrop (background and a wall of bricks with gaps), moving sprites (a paddle, balls, a
/// power-up) and a burst of particles, some near the frame's edges; `step` moves the sprites and
/// `broken` drops bricks.
fn batch(step: usize, broken: usize) -> SpriteBatch {
    let mut batch = SpriteBatch::default();
    batch.backdrop.push(SpriteInstance::new(
        Layer::Background,
        [0.0, 0.0, 800.0, 600.0],
        [1.0; 4],
    ));
    for i in 0..60usize {
        if i % 7 == 3 || i < broken {
            continue;
        }
        let (col, row) = ((i % 12) as f32, (i / 12) as f32);
        let color = [0.2 + 0.05 * row, 0.9 - 0.07 * col, 0.5, 1.0];
        batch.backdrop.push(SpriteInstance::new(
            Layer::Block,
            [10.0 + col * 65.0, 20.0 + row * 30.0, 62.0, 26.0],
            color,
        ));
    }
    let s = step as f32;
    batch.world.push(SpriteInstance::new(
        Layer::Paddle,
        [300.0 + 37.0 * s, 560.0, 120.0, 20.0],
        [0.85, 0.9, 1.0, 1.0],
    ));
    for (x, y) in [
        (400.0, 300.0),
        (790.0 - 13.0 * s, 5.0),
        (3.0, 590.0 - 11.0 * s),
    ] {
        batch.world.push(SpriteInstance::new(
            Layer::Ball,
            [x, y, 15.0, 15.0],
            [1.0; 4],
        ));
    }
    batch.world.push(SpriteInstance::new(
        Layer::PowerUps,
        [150.0 + 9.0 * s, 200.0 + 23.0 * s, 60.0, 20.0],
        [1.0, 0.6, 0.2, 1.0],
    ));
    for i in 0..40 {
        let a = i as f32 * 0.7 + s;
        let (x, y) = (600.0 + 80.0 * a.cos(), 400.0 + 60.0 * a.sin());
        batch.particles.push(SpriteInstance::new(
            Layer::Particle,
            [x, y, 6.0 + (i % 5) as f32, 6.0 + (i % 5) as f32],
            [1.0, 0.7, 0.3, 0.8],
        ));
    }
    batch
}

/// Renders `batch` at `size` and returns the picture.
fn render(
    renderer: &mut Renderer,
    context: &std::rc::Rc<glium::backend::Context>,
    size: (u32, u32),
    batch: &SpriteBatch,
) -> RgbaImage {
    renderer
        .render_offscreen(context, size, batch)
        .expect("render");
    let path =
        std::env::temp_dir().join(format!("breakout-post-render-{}.png", std::process::id()));
    renderer.save_screenshot(&path).expect("screenshot");
    support::take_png(&path)
}

/// Confuse of `plain`, computed here: flipped both ways, colours inverted.
fn confused(plain: &RgbaImage) -> RgbaImage {
    let (w, h) = plain.dimensions();
    RgbaImage::from_fn(w, h, |x, y| {
        let p = plain.get_pixel(w - 1 - x, h - 1 - y).0;
        image::Rgba([255 - p[0], 255 - p[1], 255 - p[2], 255])
    })
}

/// Chaos of `plain` at `time`, computed here: per channel 4 × (|right − centre| + |below −
/// centre|), taps `kernel` pixels apart and wrapping, clamped; pixel `O` shows the edges at
/// `(O + shift) mod size`; then inverted if `confuse` too.
fn chaotic(plain: &RgbaImage, time: f32, confuse: bool) -> RgbaImage {
    let (w, h) = plain.dimensions();
    let k = kernel_texels(w);
    let (sx, sy) = swirl_shift(time, (w, h));
    let at = |x: u32, y: u32| plain.get_pixel(x % w, y % h).0.map(|c| c as f32 / 255.0);
    RgbaImage::from_fn(w, h, |x, y| {
        let (px, py) = ((x + sx) % w, (y + sy) % h);
        let (c, r, b) = (at(px, py), at(px + k, py), at(px, py + k));
        let mut out = [0u8, 0, 0, 255];
        for i in 0..3 {
            let mut v = (4.0 * ((r[i] - c[i]).abs() + (b[i] - c[i]).abs())).min(1.0);
            if confuse {
                v = 1.0 - v;
            }
            out[i] = (v * 255.0).round() as u8;
        }
        image::Rgba(out)
    })
}

/// Fails with the first pixel (origin top-left) differing by more than [`TOLERANCE`].
fn assert_same(got: &RgbaImage, expected: &RgbaImage, what: &str) {
    assert_eq!(got.dimensions(), expected.dimensions(), "{what}");
    let mut bad = 0;
    let mut first = None;
    for (x, y, p) in got.enumerate_pixels() {
        let e = expected.get_pixel(x, y);
        if (0..3).any(|c| (i32::from(p.0[c]) - i32::from(e.0[c])).abs() > TOLERANCE) {
            bad += 1;
            first.get_or_insert((x, y, p.0, e.0));
        }
    }
    if let Some((x, y, p, e)) = first {
        panic!("{what}: {bad} pixels differ; first at ({x}, {y}): {p:?}, expected {e:?}");
    }
}

#[test]
fn effect_frames_equal_the_effects_computed_from_the_plain_frame() {
    let (context, raw_gl) = headless_context((800, 600))
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    let mut renderer =
        Renderer::new(&context, raw_gl, &breakout::assets::Assets::built_in()).expect("renderer");
    let mut frames = 0;
    // One sequence per size, each frame depending on the last one's caches.
    for size in [(800, 600), (1200, 900)] {
        // (step, bricks broken, chaos, confuse, time): sprites move between frames, bricks
        // break, the effects change, and the swirl crosses both seams.
        let sequence = [
            (0, 0, true, false, 0.4),
            (1, 0, true, false, 0.9),
            (2, 5, true, false, 2.2),
            (3, 5, true, false, 4.0),
            (3, 9, false, true, 4.1),
            (4, 9, false, true, 4.2),
            (5, 14, true, true, 5.5),
            (6, 14, true, false, 5.6),
        ];
        for (step, broken, chaos, confuse, time) in sequence {
            let plain_batch = batch(step, broken);
            let plain = render(&mut renderer, &context, size, &plain_batch);
            let mut effect_batch = batch(step, broken);
            effect_batch.effects = PostEffects {
                chaos,
                confuse,
                time,
                shake: 0.0,
            };
            let got = render(&mut renderer, &context, size, &effect_batch);
            let expected = if chaos {
                chaotic(&plain, time, confuse)
            } else {
                confused(&plain)
            };
            let what = format!(
                "{size:?}, step {step}, {broken} broken, chaos {chaos}, confuse {confuse}, t {time}"
            );
            assert_same(&got, &expected, &what);
            frames += 1;
        }
    }
    assert_eq!(frames, 16);
}
