//! Where the post-processing effects read from and draw to, as rectangles: pure geometry, no GL
//! (drawn by `src/render/post_frame.rs`).
//!
//! A frame with confuse or chaos on is the effect's picture of the cached backdrop, computed
//! once per backdrop change, copied into the viewport, plus *patches* where something moves:
//! rectangles of the viewport drawn again from the frame's scene texture. The effects' pixels
//! depend only on the scene's texels at, right of and below the pixel they read
//! ([`kernel_texels`]), so outside the patches the cached picture is exactly what a pass over
//! the whole frame would draw (`tests/post_render.rs` checks the frame against the effects
//! computed on the CPU).
//!
//! Coordinates: texels of the scene texture, which has the size of the target's viewport in
//! pixels, origin top-left, y down.

use super::offscreen::PictureRect;
use super::PLAYFIELD;
use glium::implement_vertex;

/// How far chaos's swirl moves the picture, as a fraction of the frame's width and height
/// (LearnOpenGL's `strength` of 0.3 in texture coordinates).
pub const SWIRL: f32 = 0.3;

/// Distance between chaos's edge taps, playfield pixels (so edges look equally thick at any
/// window size).
pub const KERNEL_PIXELS: f32 = 2.0;

/// Side of the square tiles patches are made of, pixels of the viewport: what a sprite touches
/// is redrawn tile by tile, and a row's touched tiles are one patch. Why tiles: on llvmpipe a
/// patch per particle (overlapping, unaligned) cost about five times as much per pixel as a pass
/// over the whole frame; aligned, merged tiles cover less area and cost a fraction of it
/// (docs/rendering.md).
pub const TILE: u32 = 16;

/// Where a pixel of the viewport reads the scene from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// Chaos's swirl: pixel `O` reads texel `(O + shift) mod size` ([`swirl_shift`]).
    Swirl((u32, u32)),
    /// Confuse's flip both ways: pixel `O` reads texel `size - 1 - O`.
    Flip,
}

impl Mapping {
    /// How far the cached picture, stored as it is read for `Flip` and unmoved for `Swirl`, is
    /// moved when copied into the viewport (see [`wrapped_copies`]).
    pub fn copy_shift(self) -> (u32, u32) {
        match self {
            Mapping::Swirl(shift) => shift,
            Mapping::Flip => (0, 0),
        }
    }

    /// The patch that computes the cached picture of a whole frame of `size` texels: unmoved for
    /// `Swirl` (the swirl moves the copies), flipped for `Flip`.
    pub fn whole(self, size: (u32, u32)) -> Patch {
        let (w, h) = (size.0 as f32, size.1 as f32);
        match self {
            Mapping::Swirl(_) => Patch {
                p_source: [0.0, 0.0, w, h],
                p_target: [0.0, 0.0],
            },
            Mapping::Flip => Patch {
                p_source: [w, h, -w, -h],
                p_target: [0.0, 0.0],
            },
        }
    }
}

/// Chaos's swirl at `time` (seconds) for a frame of `size` texels (width, height): the texel
/// that lands on the viewport's top-left pixel. In `[0, width) × [0, height)`, whole texels (so
/// every copy is exact), turning with time as LearnOpenGL's `(sin t, cos t) × strength` does
/// (its y pointing up).
pub fn swirl_shift(time: f32, size: (u32, u32)) -> (u32, u32) {
    let wrap = |fraction: f32, extent: u32| -> u32 {
        let texels = (fraction * extent as f32).round() as i64;
        texels.rem_euclid(i64::from(extent.max(1))) as u32
    };
    (
        wrap(time.sin() * SWIRL, size.0),
        wrap(-time.cos() * SWIRL, size.1),
    )
}

/// Texels between chaos's taps in a frame `width` texels wide: [`KERNEL_PIXELS`] scaled to the
/// frame and rounded, at least 1.
pub fn kernel_texels(width: u32) -> u32 {
    ((KERNEL_PIXELS * width as f32 / PLAYFIELD[0]).round() as u32).max(1)
}

/// Texels a patch adds on every side of a sprite's rectangle: chaos's reach (a changed texel
/// changes the edges of the texels [`kernel_texels`] left of and above it) plus one for the
/// rectangle's rounding to whole texels.
pub fn patch_margin(width: u32) -> u32 {
    kernel_texels(width) + 1
}

/// One block of [`wrapped_copies`]: the source texels `from`, drawn with their top-left corner
/// at `to` (pixels from the viewport's top-left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrappedCopy {
    /// Source texels.
    pub from: PictureRect,
    /// Where `from`'s top-left corner lands.
    pub to: (u32, u32),
}

/// The blocks that draw a picture of `size` texels moved by `shift` with wrap-around, so that
/// pixel `O` shows texel `(O + shift) mod size`: up to four, none empty, together covering the
/// viewport once (one block for no shift).
pub fn wrapped_copies(size: (u32, u32), shift: (u32, u32)) -> Vec<WrappedCopy> {
    // Along one axis: (source start, target start, length) of the two runs.
    let runs = |extent: u32, shift: u32| {
        let shift = shift.min(extent);
        [(shift, 0, extent - shift), (0, extent - shift, shift)]
    };
    let mut copies = Vec::with_capacity(4);
    for (sx, dx, width) in runs(size.0, shift.0) {
        for (sy, dy, height) in runs(size.1, shift.1) {
            if width > 0 && height > 0 {
                copies.push(WrappedCopy {
                    from: PictureRect {
                        x: sx,
                        y: sy,
                        width,
                        height,
                    },
                    to: (dx, dy),
                });
            }
        }
    }
    copies
}

/// One patch: a rectangle of scene texels whose effect is drawn at `p_target` of the viewport
/// (`shaders/post.vert`'s per-instance attributes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Patch {
    /// x, y, width, height of the rectangle read, scene texels (origin top-left); read
    /// backwards where width or height is negative (from x, y down to x + width, y + height);
    /// texels past the texture's edges wrap.
    pub p_source: [f32; 4],
    /// Where its top-left corner lands, pixels of the viewport (origin top-left).
    pub p_target: [f32; 2],
}
implement_vertex!(Patch, p_source, p_target);

/// Along one axis of `extent` texels: the ranges `(start, length)` of the viewport where the
/// texels `[lo, lo + len)` land under `mapping` along that axis (`Some(shift)`: the swirl, one
/// range or two where it crosses the seam; `None`: the flip, cut to the viewport).
fn landing(lo: i64, len: i64, shift: Option<u32>, extent: u32) -> [(i64, i64); 2] {
    let extent = i64::from(extent.max(1));
    match shift {
        Some(shift) => {
            let len = len.clamp(0, extent);
            let to = (lo - i64::from(shift)).rem_euclid(extent);
            let first = len.min(extent - to);
            [(to, first), (0, len - first)]
        }
        None => {
            let start = (extent - lo - len).max(0);
            let end = (extent - lo).min(extent);
            [(start, (end - start).max(0)), (0, 0)]
        }
    }
}

/// Fills `out` with the patches that redraw the effect around the moving sprites' `rects` (x,
/// y, width, height in playfield pixels, as [`super::SpriteInstance::i_rect`]) in a frame of
/// `size` texels read through `mapping`: each rectangle is scaled to texels and grown by
/// `margin` texels on every side; the [`TILE`]-pixel tiles of the viewport where it lands are
/// marked; each run of marked tiles in a row becomes one patch, cut at the viewport's edges,
/// reading the texels `mapping` gives for its pixels.
pub fn patches(
    out: &mut Vec<Patch>,
    rects: impl IntoIterator<Item = [f32; 4]>,
    size: (u32, u32),
    mapping: Mapping,
    margin: u32,
) {
    out.clear();
    if size.0 == 0 || size.1 == 0 {
        return;
    }
    let (columns, rows) = (
        size.0.div_ceil(TILE) as usize,
        size.1.div_ceil(TILE) as usize,
    );
    let mut marked = vec![false; columns * rows];
    let scale = [size.0 as f32 / PLAYFIELD[0], size.1 as f32 / PLAYFIELD[1]];
    let span = |start: f32, extent: f32, scale: f32| {
        let lo = (start * scale).floor() as i64 - i64::from(margin);
        let hi = ((start + extent) * scale).ceil() as i64 + i64::from(margin);
        (lo, hi - lo)
    };
    let (shift_x, shift_y) = match mapping {
        Mapping::Swirl((x, y)) => (Some(x), Some(y)),
        Mapping::Flip => (None, None),
    };
    let tiles = |(to, len): (i64, i64)| {
        let tile = i64::from(TILE);
        (to / tile) as usize..((to + len + tile - 1) / tile) as usize
    };
    for [x, y, w, h] in rects {
        let (x0, width) = span(x, w, scale[0]);
        let (y0, height) = span(y, h, scale[1]);
        for across in landing(x0, width, shift_x, size.0) {
            for down in landing(y0, height, shift_y, size.1) {
                if across.1 > 0 && down.1 > 0 {
                    for row in tiles(down) {
                        marked[row * columns..(row + 1) * columns][tiles(across)].fill(true);
                    }
                }
            }
        }
    }
    let (w, h) = size;
    for (row, line) in marked.chunks(columns).enumerate() {
        let mut column = 0;
        while column < columns {
            if !line[column] {
                column += 1;
                continue;
            }
            let start = column;
            while column < columns && line[column] {
                column += 1;
            }
            let (left, top) = (start as u32 * TILE, row as u32 * TILE);
            let width = (column as u32 * TILE).min(w) - left;
            let height = ((row as u32 + 1) * TILE).min(h) - top;
            let p_source = match mapping {
                Mapping::Swirl((sx, sy)) => [left + sx, top + sy, width, height].map(|v| v as f32),
                Mapping::Flip => [
                    (w - left) as f32,
                    (h - top) as f32,
                    -(width as f32),
                    -(height as f32),
                ],
            };
            out.push(Patch {
                p_source,
                p_target: [left as f32, top as f32],
            });
        }
    }
}

/// Along one axis of `extent` texels: `[lo, hi)` wrapped into the texture, as up to two runs
/// `(start, length)`; at most `extent` texels.
fn wrapped_span(lo: i64, hi: i64, extent: u32) -> impl Iterator<Item = (u32, u32)> {
    let extent = i64::from(extent.max(1));
    let len = (hi - lo).clamp(0, extent);
    let start = lo.rem_euclid(extent);
    let first = len.min(extent - start);
    [(start, first), (0, len - first)]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(start, n)| (start as u32, n as u32))
}

/// Fills `out` with the rectangles of the scene texture (`size` texels) that `patches` read:
/// their source rectangles, plus the `reach` texels right of and below them that chaos's taps
/// read (0 without chaos), wrapped at the texture's edges. Patches of one row (the same source
/// rows) share one rectangle, from the leftmost to the rightmost texel they read. Only these
/// rectangles of the scene need the backdrop copied in before the moving sprites are drawn.
pub fn scene_regions(out: &mut Vec<PictureRect>, patches: &[Patch], size: (u32, u32), reach: u32) {
    out.clear();
    // (top, bottom, left, right) in unwrapped texels, one per row of patches.
    let mut rows: Vec<[i64; 4]> = Vec::new();
    for patch in patches {
        let [x, y, w, h] = patch.p_source.map(|v| v.round() as i64);
        let (left, right) = (x.min(x + w), x.max(x + w) + i64::from(reach));
        let (top, bottom) = (y.min(y + h), y.max(y + h) + i64::from(reach));
        match rows.last_mut() {
            Some(row) if row[0] == top && row[1] == bottom => {
                row[2] = row[2].min(left);
                row[3] = row[3].max(right);
            }
            _ => rows.push([top, bottom, left, right]),
        }
    }
    for [top, bottom, left, right] in rows {
        for (y, height) in wrapped_span(top, bottom, size.1) {
            for (x, width) in wrapped_span(left, right, size.0) {
                out.push(PictureRect {
                    x,
                    y,
                    width,
                    height,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests;
