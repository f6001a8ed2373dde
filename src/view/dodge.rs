//! Where a box of text goes so that it covers no ball ([`dodge`]): the fork's legend, the split
//! panel, N's message. Coordinates are playfield pixels.

use glam::Vec2;

/// Least distance between a ball's circle and a box placed by [`dodge`], pixels.
pub const BALL_MARGIN: f32 = 4.0;

/// The first of `candidates` (top-left corners, pixels) where a box of `size` (width, height)
/// keeps [`BALL_MARGIN`] from every circle of `avoid` (centre, radius); failing that, the first
/// that keeps it from every circle of `must_avoid`; failing that, the one farthest from them.
/// Returns the box (x, y, width, height).
pub fn dodge(
    size: [f32; 2],
    candidates: &[[f32; 2]],
    avoid: &[(Vec2, f32)],
    must_avoid: &[(Vec2, f32)],
) -> [f32; 4] {
    let rect = |[x, y]: [f32; 2]| [x, y, size[0], size[1]];
    let gap = |r: [f32; 4], circles: &[(Vec2, f32)]| {
        circles
            .iter()
            .map(|&(c, radius)| box_distance(r, c) - radius)
            .fold(f32::INFINITY, f32::min)
    };
    let clear = |circles: &[(Vec2, f32)]| {
        candidates
            .iter()
            .map(|&c| rect(c))
            .find(|&r| gap(r, circles) >= BALL_MARGIN)
    };
    clear(avoid)
        .or_else(|| clear(must_avoid))
        .unwrap_or_else(|| {
            candidates
                .iter()
                .map(|&c| rect(c))
                .max_by(|a, b| gap(*a, must_avoid).total_cmp(&gap(*b, must_avoid)))
                .unwrap_or(rect([0.0, 0.0]))
        })
}

/// Distance from `p` to the box `r` (x, y, width, height), 0 inside, pixels.
pub fn box_distance(r: [f32; 4], p: Vec2) -> f32 {
    let min = Vec2::new(r[0], r[1]);
    let max = min + Vec2::new(r[2], r[3]);
    (p - p.clamp(min, max)).length()
}
