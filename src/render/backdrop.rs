//! The backdrop cache: what does not move between frames (the background and the bricks) is
//! drawn once into a texture and copied into each frame, instead of being drawn sprite by
//! sprite, blended and trilinearly filtered, every frame.
//!
//! Why: on a software rasteriser (Mesa llvmpipe) fill rate is the whole cost of a frame. Drawing
//! the full-playfield background and the bricks over it took ~3–4 ms per 800×600 frame on this
//! project's CI machine; copying the cached result takes ~0.8 ms. When the bricks change (a brick
//! destroyed or damaged, a level reloaded), only the rectangle around the sprites that changed is
//! redrawn ([`dirty_rect`]), so a destroyed brick costs a brick's worth of pixels, not a frame's.
//!
//! Pure functions here; the GL side lives in [`super::Renderer`].

use crate::view::SpriteInstance;
use std::collections::HashSet;

/// A sprite as exact bits, so sprites can be hashed and compared exactly.
fn key(sprite: &SpriteInstance) -> [u32; 13] {
    let mut out = [0u32; 13];
    let fields = sprite
        .i_rect
        .iter()
        .chain(&sprite.i_uv)
        .chain(&sprite.i_color)
        .chain(std::iter::once(&sprite.i_layer));
    for (slot, value) in out.iter_mut().zip(fields) {
        *slot = value.to_bits();
    }
    out
}

/// The bounding box, in playfield pixels `[x0, y0, x1, y1]` (origin top-left, y down), of every
/// sprite that is in `old` but not in `new` or in `new` but not in `old`: the part of the
/// backdrop that must be redrawn to turn a picture of `old` into a picture of `new`. `None` if
/// both hold the same sprites in the same order. When only the order changed (overlapping
/// sprites may then look different), the box of all sprites is returned.
pub fn dirty_rect(old: &[SpriteInstance], new: &[SpriteInstance]) -> Option<[f32; 4]> {
    if old == new {
        return None;
    }
    let old_keys: HashSet<[u32; 13]> = old.iter().map(key).collect();
    let new_keys: HashSet<[u32; 13]> = new.iter().map(key).collect();
    let changed = old
        .iter()
        .filter(|s| !new_keys.contains(&key(s)))
        .chain(new.iter().filter(|s| !old_keys.contains(&key(s))));
    // Nothing added or removed means the same sprites in another order (overlaps may then look
    // different): redraw everything they cover.
    bounding_box(changed).or_else(|| bounding_box(old.iter().chain(new)))
}

/// The bounding box `[x0, y0, x1, y1]` of `sprites`' rectangles, `None` if there are none.
fn bounding_box<'a>(sprites: impl Iterator<Item = &'a SpriteInstance>) -> Option<[f32; 4]> {
    sprites.fold(None, |acc, s| {
        let [x, y, w, h] = s.i_rect;
        let (x0, x1) = (x.min(x + w), x.max(x + w));
        let (y0, y1) = (y.min(y + h), y.max(y + h));
        Some(match acc {
            None => [x0, y0, x1, y1],
            Some([a, b, c, d]) => [a.min(x0), b.min(y0), c.max(x1), d.max(y1)],
        })
    })
}

/// A rectangle of a texture in physical pixels, origin at the texture's first row and column.
/// The renderer's offscreen textures store the playfield's top row first (see
/// [`super::offscreen`]), so that is the top-left corner, and `top` is also GL's `y` of the
/// rectangle's first row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelRect {
    /// Left edge, pixels from the left.
    pub left: u32,
    /// Top edge, pixels from the top.
    pub top: u32,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

/// Converts a playfield rectangle `[x0, y0, x1, y1]` (pixels of the 800×600 playfield, origin
/// top-left, y down) into the pixels of a `size` texture showing the whole playfield: rounded
/// outwards (a sprite covers the pixels whose centres are inside it, all within the rounded box),
/// grown by one more pixel on every side as a safety margin, and clipped to the texture. `None`
/// if nothing of it is inside.
pub fn to_pixels(rect: [f32; 4], playfield: [f32; 2], size: (u32, u32)) -> Option<PixelRect> {
    let (sx, sy) = (size.0 as f32 / playfield[0], size.1 as f32 / playfield[1]);
    let clip = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
    let x0 = clip((rect[0] * sx).floor() - 1.0, size.0);
    let x1 = clip((rect[2] * sx).ceil() + 1.0, size.0);
    let y0 = clip((rect[1] * sy).floor() - 1.0, size.1);
    let y1 = clip((rect[3] * sy).ceil() + 1.0, size.1);
    (x1 > x0 && y1 > y0).then(|| PixelRect {
        left: x0,
        top: y0,
        width: x1 - x0,
        height: y1 - y0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Layer;
    use proptest::prelude::*;

    fn sprite(x: f32, y: f32, w: f32, h: f32) -> SpriteInstance {
        SpriteInstance::new(Layer::Block, [x, y, w, h], [1.0; 4])
    }

    #[test]
    fn identical_lists_need_no_redraw() {
        let a = vec![
            sprite(0.0, 0.0, 800.0, 600.0),
            sprite(10.0, 20.0, 50.0, 20.0),
        ];
        assert_eq!(dirty_rect(&a, &a.clone()), None);
    }

    #[test]
    fn a_destroyed_brick_dirties_only_its_rectangle() {
        let background = sprite(0.0, 0.0, 800.0, 600.0);
        let old = vec![
            background,
            sprite(0.0, 0.0, 100.0, 30.0),
            sprite(100.0, 0.0, 100.0, 30.0),
            sprite(200.0, 0.0, 100.0, 30.0),
        ];
        let mut new = old.clone();
        new.remove(2);
        assert_eq!(dirty_rect(&old, &new), Some([100.0, 0.0, 200.0, 30.0]));
    }

    #[test]
    fn a_recoloured_brick_dirties_its_rectangle() {
        let old = vec![
            sprite(0.0, 0.0, 800.0, 600.0),
            sprite(40.0, 60.0, 80.0, 20.0),
        ];
        let mut new = old.clone();
        new[1].i_color = [0.5, 0.5, 0.5, 1.0];
        assert_eq!(dirty_rect(&old, &new), Some([40.0, 60.0, 120.0, 80.0]));
    }

    #[test]
    fn reordered_sprites_dirty_all_they_cover() {
        let a = sprite(0.0, 0.0, 10.0, 10.0);
        let b = sprite(5.0, 5.0, 10.0, 10.0);
        assert_eq!(dirty_rect(&[a, b], &[b, a]), Some([0.0, 0.0, 15.0, 15.0]));
    }

    #[test]
    fn pixel_rects_scale_grow_and_clip() {
        // 800×600 playfield at 1600×1200: scale 2; the top edge is clipped at row 0.
        let r = to_pixels([100.0, 0.0, 200.0, 30.0], [800.0, 600.0], (1600, 1200)).unwrap();
        assert_eq!(
            r,
            PixelRect {
                left: 199,
                top: 0,
                width: 202,
                height: 61,
            }
        );
        // Away from the edges: grown by a pixel on every side.
        let r = to_pixels([10.5, 300.25, 20.0, 310.0], [800.0, 600.0], (800, 600)).unwrap();
        assert_eq!(
            r,
            PixelRect {
                left: 9,
                top: 299,
                width: 12,
                height: 12,
            }
        );
        assert_eq!(
            to_pixels([900.0, 0.0, 950.0, 10.0], [800.0, 600.0], (800, 600)),
            None
        );
    }

    proptest! {
        /// Every sprite whose presence differs between the lists lies inside the dirty
        /// rectangle (the property the partial redraw relies on).
        #[test]
        fn dirty_rect_covers_every_changed_sprite(
            rects in prop::collection::vec((0u16..780, 0u16..580, 1u16..40, 1u16..40), 1..40),
            removed in prop::collection::vec(any::<prop::sample::Index>(), 0..5),
        ) {
            let old: Vec<SpriteInstance> = rects
                .iter()
                .map(|&(x, y, w, h)| sprite(x.into(), y.into(), w.into(), h.into()))
                .collect();
            let mut new = old.clone();
            let mut gone = Vec::new();
            for index in removed {
                if !new.is_empty() {
                    gone.push(new.remove(index.index(new.len())));
                }
            }
            match dirty_rect(&old, &new) {
                None => prop_assert!(gone.is_empty() || old == new),
                Some([x0, y0, x1, y1]) => {
                    for s in gone.iter().filter(|s| !new.contains(s)) {
                        let [x, y, w, h] = s.i_rect;
                        prop_assert!(x >= x0 && y >= y0 && x + w <= x1 && y + h <= y1);
                    }
                }
            }
        }
    }
}
