//! The looks and the sound of the level format's lettered brick kinds:
//!
//! * `block_metal.png`: metal and chaotic bricks (`M`, `C`): a dark steel frame with rivets
//!   around a raised, glossy plate; unlike the wall (`block_solid.png`: one flat hatched face with
//!   four corner rivets) at a glance, even squeezed to LBreakout2's 57×25 px.
//! * `brick_marks.png`: an atlas of symbols drawn over a brick's centre, a 4×4 grid of
//!   64×64 px cells (`MARK_ATLAS_CELLS`; the renderer picks one with the sprite's texture
//!   rectangle), mark `i` of `Mark::ALL` in cell `i` ([`mark_drawing`]): a bomb (explosive `X`),
//!   a circular arrow around a plus (regenerating `R`), a sprout (growing `G`), a question mark
//!   (chaotic `C`). Full colour with a contrasting
//!   outline, so they read on any brick tint; transparent elsewhere, with a margin in each cell
//!   so mipmaps do not bleed between cells.
//! * `explosion.wav`: an explosive brick going off: a falling noise rumble over a low thump.

use super::*;
use breakout::level::{Mark, MARK_ATLAS_CELLS as MARK_CELLS};
/// Explosion: length, s.
const EXPLOSION_SECS: f64 = 0.7;

// ---------------------------------------------------------------- metal --
/// Inner plate of the metal brick: inset from the edges in u and in v (fractions of the size;
/// more in v, which LBreakout2's flat bricks squeeze most).
const PLATE_INSET: (f64, f64) = (0.2, 0.3);
/// Width of the plate's own small bevel, fraction of the size.
const PLATE_BEVEL: f64 = 0.035;
/// Rivet radius in u and v (round on a 50×37 px brick).
const METAL_RIVET: (f64, f64) = (0.04, 0.055);

/// Metal brick: dark brushed frame with six rivets, raised glossy plate in the middle.
pub fn block_metal(u: f64, v: f64) -> [f64; 4] {
    if let Some(s) = bevel(u, v, BEVEL, [1.0, 0.85, 0.3, 0.45]) {
        return grey(s + 0.02 * grain(u, v, 11));
    }
    let (iu, iv) = PLATE_INSET;
    // Distance inside the plate (negative outside), in u and v separately.
    let du = (u - iu).min(1.0 - iu - u);
    let dv = (v - iv).min(1.0 - iv - v);
    if du >= 0.0 && dv >= 0.0 {
        // The plate's bevel: light top and left, dark bottom and right.
        if du.min(dv) < PLATE_BEVEL {
            let lit = if dv < du { v < 0.5 } else { u < 0.5 };
            return grey(if lit { 0.98 } else { 0.42 });
        }
        // Glossy face: a diagonal shine band over a gradient.
        let band = (-((u * 0.6 + v - 0.75) / 0.12).powi(2)).exp();
        let l = 0.74 + 0.08 * (0.5 - v) + 0.22 * band + 0.01 * grain(u, v, 12);
        return grey(l.min(1.0));
    }
    // Frame: darker brushed steel, streaks along u.
    let mut l = 0.5 + 0.04 * grain(0.0, v, 13) + 0.015 * grain(u, v, 14);
    // Drop shadow of the plate to the bottom-right.
    let (su, sv) = (u - 0.015, v - 0.02);
    if (su - iu).min(1.0 - iu - su) > 0.0 && (sv - iv).min(1.0 - iv - sv) > 0.0 {
        l *= 0.7;
    }
    // Rivets: three along the top of the frame, three along the bottom.
    let (ru, rv) = METAL_RIVET;
    let rivet_v = (BEVEL + iv) / 2.0;
    for cy in [rivet_v, 1.0 - rivet_v] {
        for cx in [0.22, 0.5, 0.78] {
            let (dx, dy) = ((u - cx) / ru, (v - cy) / rv);
            let r2 = dx * dx + dy * dy;
            if r2 < 1.0 {
                let nz = (1.0 - r2).sqrt();
                let lit = (-dx * 0.5 - dy * 0.5 + nz * 0.707).max(0.0);
                return grey((0.3 + 0.65 * lit + 0.4 * lit.powi(20)).min(1.0));
            }
            let (sx, sy) = (dx - 0.3, dy - 0.3);
            l -= 0.2 * (1.0 - smoothstep(0.9, 1.4, (sx * sx + sy * sy).sqrt()));
        }
    }
    grey(l)
}

// ---------------------------------------------------------------- marks --
/// Signed distance from `p` to a circle of radius `r` around `c`.
fn circle(p: [f64; 2], c: [f64; 2], r: f64) -> f64 {
    ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt() - r
}

/// Signed distance from `p` to a capsule of radius `r` around the segment `a`–`b`.
pub fn capsule(p: [f64; 2], a: [f64; 2], b: [f64; 2], r: f64) -> f64 {
    let (pa, ba) = ([p[0] - a[0], p[1] - a[1]], [b[0] - a[0], b[1] - a[1]]);
    let h = ((pa[0] * ba[0] + pa[1] * ba[1]) / (ba[0] * ba[0] + ba[1] * ba[1])).clamp(0.0, 1.0);
    ((pa[0] - ba[0] * h).powi(2) + (pa[1] - ba[1] * h).powi(2)).sqrt() - r
}

/// Signed distance to the arc of a ring (radius `r`, half-thickness `w`) around `c`, from angle
/// `a0` to `a1` (radians, y down so positive angles turn clockwise on screen), with round ends.
fn arc(p: [f64; 2], c: [f64; 2], r: f64, w: f64, a0: f64, a1: f64) -> f64 {
    let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
    let mut a = dy.atan2(dx);
    while a < a0 {
        a += TAU;
    }
    if a <= a1 {
        return ((dx * dx + dy * dy).sqrt() - r).abs() - w;
    }
    let end = |t: f64| circle(p, [c[0] + r * t.cos(), c[1] + r * t.sin()], w);
    end(a0).min(end(a1))
}

/// Signed distance to a filled triangle `a`, `b`, `c` (any winding).
pub fn triangle(p: [f64; 2], t: [[f64; 2]; 3]) -> f64 {
    let edge =
        |a: [f64; 2], b: [f64; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let e = [edge(t[0], t[1]), edge(t[1], t[2]), edge(t[2], t[0])];
    let inside = e.iter().all(|&x| x >= 0.0) || e.iter().all(|&x| x <= 0.0);
    let d = capsule(p, t[0], t[1], 0.0)
        .min(capsule(p, t[1], t[2], 0.0))
        .min(capsule(p, t[2], t[0], 0.0));
    if inside {
        -d
    } else {
        d
    }
}

/// Paints `colour` over `out` where the signed distance `d` is inside (< 0), and `outline` in the
/// band `ring` wide around it (the outline goes under later shapes).
fn layer(out: &mut [f64; 4], d: f64, colour: [f64; 3], outline: Option<([f64; 3], f64)>) {
    if d < 0.0 {
        *out = [colour[0], colour[1], colour[2], 1.0];
    } else if let Some((c, ring)) = outline {
        if d < ring {
            *out = [c[0], c[1], c[2], 1.0];
        }
    }
}

const DARK: [f64; 3] = [0.06, 0.05, 0.07];
const LIGHT: [f64; 3] = [0.97, 0.96, 0.9];
/// Outline width of the marks, in cell units (a cell spans −1..1).
const MARK_OUTLINE: f64 = 0.11;

/// Bomb: black sphere with a highlight, a fuse and a yellow spark; a light outline.
fn bomb(p: [f64; 2]) -> [f64; 4] {
    let mut out = [1.0, 1.0, 1.0, 0.0];
    let body = circle(p, [-0.08, 0.15], 0.58);
    let cap = capsule(p, [0.2, -0.25], [0.34, -0.4], 0.13);
    let fuse = arc(p, [0.62, -0.35], 0.26, 0.05, 3.3, 4.6);
    let outline = Some((LIGHT, MARK_OUTLINE));
    layer(&mut out, fuse, [0.45, 0.3, 0.15], outline);
    layer(&mut out, body.min(cap), DARK, outline);
    // Highlight on the body.
    layer(
        &mut out,
        circle(p, [-0.3, -0.07], 0.14),
        [0.55, 0.55, 0.6],
        None,
    );
    // Spark: a star of four rays and a bright core.
    let s = [0.62, -0.66];
    let rays = capsule(p, [s[0] - 0.28, s[1]], [s[0] + 0.28, s[1]], 0.05)
        .min(capsule(p, [s[0], s[1] - 0.28], [s[0], s[1] + 0.28], 0.05))
        .min(capsule(
            p,
            [s[0] - 0.17, s[1] - 0.17],
            [s[0] + 0.17, s[1] + 0.17],
            0.04,
        ))
        .min(capsule(
            p,
            [s[0] - 0.17, s[1] + 0.17],
            [s[0] + 0.17, s[1] - 0.17],
            0.04,
        ));
    layer(&mut out, rays, [1.0, 0.75, 0.1], None);
    layer(&mut out, circle(p, s, 0.1), [1.0, 1.0, 0.75], None);
    out
}

/// Regeneration: a circular arrow around a plus, white with a dark outline.
fn regenerate(p: [f64; 2]) -> [f64; 4] {
    let mut out = [1.0, 1.0, 1.0, 0.0];
    let outline = Some((DARK, MARK_OUTLINE));
    let (r, w) = (0.66, 0.1);
    let ring = arc(p, [0.0, 0.0], r, w, -1.2, 4.3);
    // Arrowhead at the ring's end (angle -1.2 rad, just right of the top), pointing clockwise.
    let (ca, sa) = ((-1.2f64).cos(), (-1.2f64).sin());
    let tip = [r * ca - 0.3 * sa, r * sa + 0.3 * ca];
    let head = triangle(
        p,
        [
            [(r + 0.24) * ca, (r + 0.24) * sa],
            [(r - 0.24) * ca, (r - 0.24) * sa],
            tip,
        ],
    );
    let plus =
        capsule(p, [-0.3, 0.0], [0.3, 0.0], 0.1).min(capsule(p, [0.0, -0.3], [0.0, 0.3], 0.1));
    layer(&mut out, ring.min(head).min(plus), LIGHT, outline);
    out
}

/// Growth: a green sprout (stem, two leaves) on a mound, with a light outline.
fn sprout(p: [f64; 2]) -> [f64; 4] {
    let mut out = [1.0, 1.0, 1.0, 0.0];
    let outline = Some((LIGHT, MARK_OUTLINE));
    let green = [0.1, 0.5, 0.12];
    // Leaves: ellipses tilted up and out, as distances scaled from circles.
    let leaf = |c: [f64; 2], angle: f64| {
        let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
        let (x, y) = (
            dx * angle.cos() + dy * angle.sin(),
            -dx * angle.sin() + dy * angle.cos(),
        );
        ((x / 0.42).powi(2) + (y / 0.2).powi(2)).sqrt() * 0.2 - 0.2
    };
    let stem = capsule(p, [0.0, 0.62], [0.0, -0.25], 0.08);
    let leaves = leaf([-0.36, -0.22], 0.55).min(leaf([0.36, -0.45], -0.55));
    let bud = circle(p, [0.0, -0.38], 0.13);
    let mound = circle(p, [0.0, 1.25], 0.62);
    layer(
        &mut out,
        stem.min(leaves).min(bud).min(mound),
        green,
        outline,
    );
    // A lighter vein on each leaf's upper half for depth.
    layer(
        &mut out,
        leaf([-0.38, -0.27], 0.55) + 0.1,
        [0.3, 0.75, 0.3],
        None,
    );
    layer(
        &mut out,
        leaf([0.38, -0.5], -0.55) + 0.1,
        [0.3, 0.75, 0.3],
        None,
    );
    layer(&mut out, mound, [0.4, 0.27, 0.12], None);
    out
}

/// Chaos: a white question mark with a dark outline.
fn question(p: [f64; 2]) -> [f64; 4] {
    let mut out = [1.0, 1.0, 1.0, 0.0];
    let outline = Some((DARK, MARK_OUTLINE));
    let hook = arc(p, [0.0, -0.3], 0.36, 0.13, PI, TAU + 0.9);
    let stem = capsule(
        p,
        [0.36 * 0.9f64.cos(), -0.3 + 0.36 * 0.9f64.sin()],
        [0.0, 0.25],
        0.13,
    );
    let dot = circle(p, [0.0, 0.66], 0.15);
    layer(&mut out, hook.min(stem).min(dot), LIGHT, outline);
    out
}

/// How each mark is drawn, in its cell's −1..1 square: one arm per [`Mark`].
fn mark_drawing(mark: Mark) -> fn([f64; 2]) -> [f64; 4] {
    match mark {
        Mark::Bomb => bomb,
        Mark::Regenerate => regenerate,
        Mark::Sprout => sprout,
        Mark::Question => question,
    }
}

/// The marks atlas: cell `i` (row-major) of the `MARK_ATLAS_CELLS`² grid holds mark `i` of
/// [`Mark::ALL`] ([`Mark::cell`]); unused cells are transparent. Each mark is drawn in its cell's −1..1 square, shrunk by a margin.
pub fn brick_marks(u: f64, v: f64) -> [f64; 4] {
    let n = MARK_CELLS as f64;
    let (cx, cy) = ((u * n).floor(), (v * n).floor());
    // Local coordinates −1..1 across the cell, with a 10 % margin.
    let local = |t: f64, c: f64| ((t * n - c) * 2.0 - 1.0) / 0.9;
    let p = [local(u, cx), local(v, cy)];
    let cell = (cy * n + cx) as u32;
    match Mark::ALL.into_iter().find(|m| m.cell() == cell) {
        Some(mark) if p[0].abs() <= 1.0 && p[1].abs() <= 1.0 => mark_drawing(mark)(p),
        _ => [1.0, 1.0, 1.0, 0.0],
    }
}

// ---------------------------------------------------------------- sound --
/// Explosion: white noise through a two-pole low-pass whose cutoff falls from ~4 kHz to 250 Hz,
/// over a thump gliding from 120 to 45 Hz.
pub fn explosion_sound() -> Vec<f64> {
    let rate = SFX_RATE as f64;
    let mut rng = Rng(NOISE_SEED ^ 0xB0B0);
    let (mut lp1, mut lp2, mut osc) = (0.0, 0.0, Osc::default());
    render(SFX_RATE, EXPLOSION_SECS, |t| {
        let cutoff = 250.0 + 3750.0 * (-t / 0.07).exp();
        let a = 1.0 - (-TAU * cutoff / rate).exp();
        lp1 += a * (rng.signed() - lp1);
        lp2 += a * (lp1 - lp2);
        let rumble = 2.5 * lp2 * (-t / 0.22).exp();
        let f = 45.0 + 75.0 * (-t / 0.06).exp();
        let thump = sine(osc.next(f, rate)) * (-t / 0.18).exp();
        (rumble + 0.9 * thump) * ar(t, EXPLOSION_SECS, 0.002, 0.15)
    })
}
