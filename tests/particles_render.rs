//! Particles are drawn as point sprites (`shaders/particle.vert`/`.frag`): one white particle on
//! a black frame, rendered headless (surfaceless EGL) at two framebuffer sizes, must match the
//! falloff computed here independently, pixel by pixel: alpha (1 − d²)³ with d the distance from
//! the particle's centre over its radius, both in framebuffer pixels, added onto black. A wrong
//! position (y flipped), a size not scaled with the viewport, or another falloff fails. Without
//! EGL (Mesa provides it) the test fails.

mod support;

use breakout::render::headless::headless_context;
use breakout::render::Renderer;
use breakout::view::{Layer, SpriteBatch, SpriteInstance};

/// Largest difference allowed per channel (0–255): rounding, and the rasteriser's fixed point.
const TOLERANCE: f32 = 4.0;

#[test]
fn a_particle_is_a_soft_disc_at_its_place_and_size_at_any_resolution() {
    let (context, raw_gl) = headless_context((800, 600))
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    let mut renderer =
        Renderer::new(&context, raw_gl, &breakout::assets::Assets::built_in()).expect("renderer");
    // Upper-left quadrant, so a y flip moves it to the lower half.
    let (centre, diameter) = ([200.0f32, 150.0f32], 40.0f32);
    let mut batch = SpriteBatch::default();
    batch.particles.push(SpriteInstance::new(
        Layer::Particle,
        [
            centre[0] - diameter / 2.0,
            centre[1] - diameter / 2.0,
            diameter,
            diameter,
        ],
        [1.0, 1.0, 1.0, 1.0],
    ));
    for (size, scale) in [((800, 600), 1.0f32), ((1200, 900), 1.5)] {
        renderer
            .render_offscreen(&context, size, &batch)
            .expect("render");
        let path = std::env::temp_dir().join(format!(
            "breakout-particle-{}-{}.png",
            std::process::id(),
            size.0
        ));
        renderer.save_screenshot(&path).expect("screenshot");
        let img = support::take_png(&path);
        assert_eq!(img.dimensions(), size);
        let (cx, cy, radius) = (centre[0] * scale, centre[1] * scale, diameter * scale / 2.0);
        let mut lit = 0;
        let mut worst = (0.0f32, 0, 0, 0u8, 0.0f32);
        for (x, y, p) in img.enumerate_pixels() {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let d2 = (dx * dx + dy * dy) / (radius * radius);
            let expected = 255.0 * (1.0 - d2).max(0.0).powi(3);
            for c in 0..3 {
                let off = (p.0[c] as f32 - expected).abs();
                if off > worst.0 {
                    worst = (off, x, y, p.0[c], expected);
                }
            }
            lit += (p.0[0] > 8) as usize;
        }
        let (off, x, y, got, expected) = worst;
        assert!(
            off <= TOLERANCE,
            "{size:?}: pixel ({x}, {y}) (origin top-left) is {got}, expected {expected:.1}"
        );
        // The disc is really there: its bright part covers a good share of its area.
        let area = std::f32::consts::PI * radius * radius;
        assert!(
            lit as f32 > 0.3 * area,
            "{size:?}: only {lit} lit pixels for a disc of {area:.0}"
        );
    }
}
