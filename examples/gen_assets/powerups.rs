//! The power-ups' pictures and sounds, from the game's own tables (`core/src/level/powerups.rs` for
//! each kind's family, `src/assets/powerup_looks.rs` for its label and frame colour):
//!
//! * `powerups.png`: the atlas, one capsule per power-up (120×38 px in a 128×42 px cell, 2 × 6
//!   cells a 256×256 layer, the layers one under the other). The capsule's frame has its family's
//!   colour (green points, teal paddle, azure ball, blue field; red for the bad ones, which also
//!   carry a yellow warning triangle), a dark glossy body and the label in the `font8x8` glyphs
//!   at 2× (7 px apart, white with a dark shadow; smaller where a label would reach the frame, `label_layout`). Full colour: the renderer draws it untinted.
//! * `powerup.wav` and one `powerup_<family>.wav` per family: the sound of a caught power-up,
//!   bright and rising for the good families (a coin for points, a stretch for the paddle, a
//!   bouncing arpeggio for the ball, a shimmer for the field), a falling buzz for the bad one.

use super::*;
use font8x8::UnicodeFonts;

use breakout::assets::powerup_looks::{
    self as looks, FamilyLook, ART_SIZE, ATLAS_LAYERS, LAYER_EDGE, MAX_LABEL,
};
use breakout::level::{Family, PowerUpKind};

/// The classic power-up sound (kept for the game's other uses): sweep from this up two
/// octaves, Hz / s.
const POWERUP_HZ: f64 = 300.0;
const POWERUP_SECS: f64 = 0.3;
/// The warning triangle of the bad ones: left edge, width, top and bottom, art pixels.
const WARN: [f64; 4] = looks::WARNING_TRIANGLE;

/// Writes `powerups.png` into `dir`.
pub fn save_atlas(dir: &Path) {
    let (w, h) = (LAYER_EDGE, LAYER_EDGE * ATLAS_LAYERS);
    let mut img = image::RgbaImage::from_pixel(w, h, image::Rgba([255, 255, 255, 0]));
    for (index, kind) in PowerUpKind::ALL.into_iter().enumerate() {
        let (layer, [x0, y0]) = looks::art_origin(index);
        let y0 = y0 + layer * LAYER_EDGE;
        let art = capsule(kind, &looks::look(kind));
        for (i, px) in art.iter().enumerate() {
            let (x, y) = (i as u32 % ART_SIZE[0], i as u32 / ART_SIZE[0]);
            img.put_pixel(x0 + x, y0 + y, image::Rgba(*px));
        }
    }
    img.save(dir.join("powerups.png"))
        .unwrap_or_else(|e| panic!("writing powerups.png: {e}"));
}

/// One capsule's pixels, RGBA8, rows top first.
fn capsule(kind: PowerUpKind, look: &looks::Look) -> Vec<[u8; 4]> {
    let bad = look.family == Family::Bad;
    assert!(
        look.label.len() <= MAX_LABEL - bad as usize,
        "{}: label {:?} too long",
        kind.name(),
        look.label
    );
    let frame = look.family.frame_rgb().map(f64::from);
    let [aw, ah] = ART_SIZE;
    let n = SUPERSAMPLE;
    let mut out = Vec::with_capacity((aw * ah) as usize);
    for y in 0..ah {
        for x in 0..aw {
            let mut acc = [0.0; 4];
            for sy in 0..n {
                for sx in 0..n {
                    let p = [
                        x as f64 + (sx as f64 + 0.5) / n as f64,
                        y as f64 + (sy as f64 + 0.5) / n as f64,
                    ];
                    let c = shade(p, frame, bad);
                    for i in 0..3 {
                        acc[i] += c[i] * c[3];
                    }
                    acc[3] += c[3];
                }
            }
            let rgb = |i: usize| if acc[3] > 0.0 { acc[i] / acc[3] } else { 1.0 };
            out.push([rgb(0), rgb(1), rgb(2), acc[3] / (n * n) as f64]);
        }
    }
    // The label, laid out to fit the capsule's body (`label_layout`): each art pixel covered
    // by the glyphs' font pixels (sampled n × n, exact at a whole scale), a shadow `scale` px
    // down-right first.
    let layout = looks::label_layout(look);
    let glyphs: Vec<[u8; 8]> = look
        .label
        .chars()
        .map(|c| {
            let glyph = font8x8::BASIC_FONTS
                .get(c)
                .unwrap_or_else(|| panic!("no glyph for {c:?}"));
            assert!(
                glyph.iter().all(|row| row & 0x80 == 0),
                "{c:?} uses its 8th column"
            );
            glyph
        })
        .collect();
    let s = layout.scale;
    let covered = |x: f64, y: f64| -> bool {
        let (fx, fy) = ((x - layout.left) / s, (y - layout.top) / s);
        if fx < 0.0 || !(0.0..8.0).contains(&fy) {
            return false;
        }
        let (i, gx) = ((fx / 7.0) as usize, (fx % 7.0) as u32);
        glyphs
            .get(i)
            .is_some_and(|g| g[fy as usize] & (1 << gx) != 0)
    };
    for (offset, colour) in [(s, [0.0, 0.0, 0.0, 0.7]), (0.0, [1.0, 1.0, 1.0, 1.0])] {
        for y in 0..ah {
            for x in 0..aw {
                let mut hits = 0;
                for sy in 0..n {
                    for sx in 0..n {
                        let px = x as f64 + (sx as f64 + 0.5) / n as f64 - offset;
                        let py = y as f64 + (sy as f64 + 0.5) / n as f64 - offset;
                        hits += u32::from(covered(px, py));
                    }
                }
                if hits == 0 {
                    continue;
                }
                let p = &mut out[(y * aw + x) as usize];
                let a = colour[3] * f64::from(hits) / f64::from(n * n);
                for k in 0..3 {
                    p[k] = p[k] * (1.0 - a) + colour[k] * a;
                }
            }
        }
    }
    let to8 = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    out.into_iter()
        .map(|[r, g, b, a]| [to8(r), to8(g), to8(b), to8(a)])
        .collect()
}

/// The capsule's colour at `p` (art pixels): outline, lit frame, dark glossy body, and for a bad
/// one the warning triangle.
fn shade(p: [f64; 2], frame: [f64; 3], bad: bool) -> [f64; 4] {
    let [w, h] = ART_SIZE.map(f64::from);
    let r = h / 2.0;
    let d = brick_kinds::capsule(p, [r, r], [w - r, r], r);
    if d > 0.0 {
        return [1.0, 1.0, 1.0, 0.0];
    }
    let v = p[1] / h;
    if d > -1.5 {
        let [r, g, b] = frame.map(|c| 0.3 * c);
        return [r, g, b, 1.0];
    }
    if d > -looks::FRAME_WIDTH {
        let lit = 0.7 + 0.45 * (1.0 - v);
        let [r, g, b] = frame.map(|c| (c * lit).min(1.0));
        return [r, g, b, 1.0];
    }
    if bad {
        let [x0, tw, top, bottom] = WARN;
        let mid = x0 + tw / 2.0;
        let tri = brick_kinds::triangle(p, [[mid, top], [x0, bottom], [x0 + tw, bottom]]);
        if tri < 0.0 {
            let bar = brick_kinds::capsule(p, [mid, top + 9.0], [mid, bottom - 10.0], 1.6);
            let dot = ((p[0] - mid).powi(2) + (p[1] - (bottom - 5.0)).powi(2)).sqrt() - 1.8;
            if bar.min(dot) < 0.0 || tri > -1.2 {
                return [0.08, 0.05, 0.0, 1.0];
            }
            return [1.0, 0.85, 0.1, 1.0];
        }
    }
    let gloss = 0.16 * (1.0 - v / 0.45).max(0.0);
    let [r, g, b] = frame.map(|c| 0.2 * c + 0.04 + gloss);
    [r, g, b, 1.0]
}

/// Writes the power-up sounds with `sfx(file name, samples)`.
pub fn save_sounds(sfx: impl Fn(&str, Vec<f64>)) {
    sfx("powerup.wav", powerup_sound());
    for family in Family::ALL {
        sfx(family.sound_file(), family_sound(family));
    }
}

fn powerup_sound() -> Vec<f64> {
    let (rate, mut osc) = (SFX_RATE as f64, Osc::default());
    render(SFX_RATE, POWERUP_SECS, |t| {
        let f = POWERUP_HZ * 4f64.powf(t / POWERUP_SECS);
        let p = osc.next(f, rate);
        let tremolo = 1.0 - 0.3 * (0.5 + 0.5 * sine(25.0 * t));
        (0.4 * pulse(p, 0.25, f, rate, 16) + 0.6 * tri(p))
            * tremolo
            * ar(t, POWERUP_SECS, 0.005, 0.06)
    })
}

/// Notes one after another: `(MIDI note, start s, length s)`, each a pulse/triangle blend.
fn melody(total: f64, notes: &[(i32, f64, f64)], duty: f64) -> Vec<f64> {
    let rate = SFX_RATE as f64;
    let mut out = vec![0.0; (total * rate).round() as usize];
    for &(m, start, dur) in notes {
        let f = midi_hz(m);
        let note = render(SFX_RATE, dur, |t| {
            let p = (f * t).fract();
            (0.45 * pulse(p, duty, f, rate, 14) + 0.55 * tri(p))
                * ar(t, dur, 0.003, 0.04)
                * (-t / (dur * 0.6)).exp()
        });
        let s0 = (start * rate).round() as usize;
        for (k, s) in note.into_iter().enumerate() {
            if let Some(o) = out.get_mut(s0 + k) {
                *o += s;
            }
        }
    }
    out
}

fn family_sound(family: Family) -> Vec<f64> {
    let rate = SFX_RATE as f64;
    match family {
        // A coin: two quick high notes, a fourth apart.
        Family::Points => melody(0.4, &[(83, 0.0, 0.08), (88, 0.07, 0.33)], 0.5),
        // A stretch: a rising sweep with a wobble, mid register.
        Family::Paddle => {
            let (secs, mut osc) = (0.32, Osc::default());
            render(SFX_RATE, secs, |t| {
                let f = 260.0 * 2.5f64.powf(t / secs) * (1.0 + 0.04 * sine(18.0 * t));
                let p = osc.next(f, rate);
                (0.5 * tri(p) + 0.5 * pulse(p, 0.5, f, rate, 12)) * ar(t, secs, 0.005, 0.08)
            })
        }
        // A bouncing arpeggio up a major chord.
        Family::Ball => melody(
            0.36,
            &[
                (72, 0.0, 0.1),
                (76, 0.08, 0.1),
                (79, 0.16, 0.1),
                (84, 0.24, 0.12),
            ],
            0.25,
        ),
        // A shimmer: a bright major chord with a fast tremolo, rising a little.
        Family::Field => {
            let secs = 0.45;
            render(SFX_RATE, secs, |t| {
                let bend = 1.0 + 0.06 * t / secs;
                let chord: f64 = [76, 80, 83, 88]
                    .iter()
                    .map(|&m| sine((midi_hz(m) * bend * t).fract()))
                    .sum();
                chord * (0.7 + 0.3 * sine(30.0 * t)) * ar(t, secs, 0.01, 0.15)
            })
        }
        // A falling buzz with a sour second voice.
        Family::Bad => {
            let (secs, mut a, mut b) = (0.45, Osc::default(), Osc::default());
            render(SFX_RATE, secs, |t| {
                let f = 420.0 * 0.35f64.powf(t / secs);
                let (pa, pb) = (a.next(f, rate), b.next(f * 1.06, rate));
                (0.5 * saw(pa, f, rate, 20) + 0.35 * saw(pb, f * 1.06, rate, 20))
                    * ar(t, secs, 0.004, 0.1)
            })
        }
    }
}
