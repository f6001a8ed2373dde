//! A frame's geometry for the WebGL2 renderer, pure (compiled and tested on every target): the
//! letterboxed viewport in GL's coordinates, the shake's shift, and the one effect patch that
//! maps a whole frame (chaos's swirl, confuse's flip). The same rules as the desktop's
//! (`render::post::shaken`, `render::patches::swirl_shift`, `kernel_texels`), which are
//! compiled only where glium is; the numbers below are theirs.

use crate::playfield::PLAYFIELD_WIDTH;
use crate::view::{letterbox, PostEffects};

/// A rectangle of the drawing buffer, physical pixels, GL's origin (bottom-left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlRect {
    /// Left edge, pixels.
    pub left: i32,
    /// Bottom edge, pixels from the bottom.
    pub bottom: i32,
    /// Width, pixels.
    pub width: i32,
    /// Height, pixels.
    pub height: i32,
}

/// The 4:3 viewport of a `size` drawing buffer (physical pixels), as [`letterbox()`] centres it;
/// `None` for a zero size.
pub fn viewport(size: (u32, u32)) -> Option<GlRect> {
    let v = letterbox(size.0, size.1)?;
    Some(GlRect {
        left: v.x as i32,
        bottom: (size.1 - v.y - v.height) as i32,
        width: v.width as i32,
        height: v.height as i32,
    })
}

/// Largest shake shift, playfield pixels (the desktop's `render::post::SHAKE_SHIFT`).
pub const SHAKE_SHIFT: f32 = 8.0;

/// Chaos's swirl, a fraction of the frame (the desktop's `render::patches::SWIRL`).
pub const SWIRL: f32 = 0.3;

/// `rect` moved right and up by this frame's shake (0 to [`SHAKE_SHIFT`] playfield pixels,
/// swinging at 10 and 15 radians a second), as the desktop moves its viewport.
pub fn shaken(rect: GlRect, effects: &PostEffects) -> GlRect {
    if effects.shake <= 0.0 {
        return rect;
    }
    let scale = rect.width as f32 / PLAYFIELD_WIDTH;
    let swing = |hz: f32| {
        let t = (1.0 + (effects.time * hz).cos()) / 2.0;
        (t * SHAKE_SHIFT * effects.shake.min(1.0) * scale).round() as i32
    };
    GlRect {
        left: rect.left + swing(10.0),
        bottom: rect.bottom + swing(15.0),
        ..rect
    }
}

/// Texels between chaos's edge taps in a frame `width` texels wide: 2 playfield pixels, at
/// least 1.
pub fn kernel_texels(width: i32) -> i32 {
    ((2.0 * width as f32 / PLAYFIELD_WIDTH).round() as i32).max(1)
}

/// The patch (`shaders/post.vert`'s `p_source`; `p_target` is the origin) that draws a whole
/// frame of `size` texels with `effects`: chaos swirls (pixel `O` reads texel `O + shift`,
/// wrapped), confuse alone flips both ways (pixel `O` reads `size - 1 - O`). `None` when neither
/// is on: the frame needs no effect pass.
pub fn effect_patch(effects: &PostEffects, size: (i32, i32)) -> Option<[f32; 4]> {
    let (w, h) = (size.0 as f32, size.1 as f32);
    if effects.chaos {
        let wrap = |fraction: f32, extent: i32| {
            let texels = (fraction * extent as f32).round() as i64;
            texels.rem_euclid(i64::from(extent.max(1))) as f32
        };
        let t = effects.time;
        Some([
            wrap(t.sin() * SWIRL, size.0),
            wrap(-t.cos() * SWIRL, size.1),
            w,
            h,
        ])
    } else if effects.confuse {
        Some([w, h, -w, -h])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewport_is_the_letterbox_counted_from_the_bottom() {
        // 800×700: 800×600 centred, 50 px bars above and below.
        let r = viewport((800, 700)).unwrap();
        assert_eq!((r.left, r.bottom, r.width, r.height), (0, 50, 800, 600));
        let r = viewport((1000, 600)).unwrap();
        assert_eq!((r.left, r.bottom, r.width, r.height), (100, 0, 800, 600));
        assert_eq!(viewport((0, 600)), None);
    }

    #[test]
    fn a_shake_moves_right_and_up_within_its_reach() {
        let rect = viewport((800, 600)).unwrap();
        assert_eq!(shaken(rect, &PostEffects::default()), rect);
        let mut moved = 0;
        for i in 0..100 {
            let effects = PostEffects {
                shake: 1.0,
                time: i as f32 * 0.013,
                ..Default::default()
            };
            let s = shaken(rect, &effects);
            assert!(
                (0..=8).contains(&s.left) && (0..=8).contains(&s.bottom),
                "{s:?}"
            );
            assert_eq!((s.width, s.height), (800, 600));
            moved += i32::from(s != rect);
        }
        assert!(moved > 80, "{moved}");
    }

    #[test]
    fn effects_pick_the_swirl_or_the_flip() {
        let size = (800, 600);
        assert_eq!(effect_patch(&PostEffects::default(), size), None);
        let chaos = PostEffects {
            chaos: true,
            confuse: true,
            ..Default::default()
        };
        // At t = 0 the swirl is (0, -0.3) of the frame: 420 texels down, wrapped.
        assert_eq!(effect_patch(&chaos, size), Some([0.0, 420.0, 800.0, 600.0]));
        let confuse = PostEffects {
            confuse: true,
            ..Default::default()
        };
        assert_eq!(
            effect_patch(&confuse, size),
            Some([800.0, 600.0, -800.0, -600.0])
        );
        assert_eq!(kernel_texels(800), 2);
        assert_eq!(kernel_texels(100), 1);
    }
}
