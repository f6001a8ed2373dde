//! Asset generator for Breakout: procedurally draws every texture in `textures/`
//! and synthesises every sound in `audio/`.
//!
//! Run with:
//!
//! ```text
//! cargo run --release --example gen_assets
//! ```
//!
//! The output is deterministic (no clock, no OS randomness; noise comes from a
//! fixed-seed xorshift), so re-running it yields byte-identical files.
//!
//! * Textures: 256×256 RGBA8 PNGs (`block`, `block_solid`, `paddle`, `ball`,
//!   `background`, `particle`, and the lettered brick kinds' `block_metal` and `brick_marks`,
//!   drawn in `brick_kinds.rs`). They are all loaded into one OpenGL texture
//!   array, so they must share one size. Sprite textures are near-white greyscale
//!   with shading, because the sprite shader multiplies them by a per-sprite colour.
//! * Sounds: mono 16-bit PCM WAVs (`brick`, `solid`, `paddle`, `life_lost`,
//!   `level_cleared`, `explosion` at 44.1 kHz and a seamlessly looping `music` at 22.05 kHz).
//! * Icons (`icons.rs`): the application icon as SVG, PNGs and `.ico` under `packaging/`.
//! * Power-ups (`powerups.rs`): the atlas `powerups.png` and the caught sounds `powerup*.wav`,
//!   from the game's tables (the `breakout` library's power-up rows and their looks, so a new
//!   power-up's capsule is drawn from the row that defines it).
//!
//! Otherwise only `image`, `hound`, `font8x8` and std.

mod brick_kinds;
mod icons;
mod powerups;

use std::f64::consts::{PI, TAU};
use std::path::Path;

// ---------------------------------------------------------------- textures --
/// Edge length of every texture, px. All layers of a texture array must match.
const TEX_SIZE: u32 = 256;
/// Supersampling grid per axis (n×n samples per pixel) for antialiased edges.
const SUPERSAMPLE: u32 = 4;
/// Brick bevel width, fraction of the texture size (~31 px).
const BEVEL: f64 = 0.12;
/// Dark outline around bricks and paddle, fraction of the size (~3 px), keeps neighbours apart.
const OUTLINE: f64 = 0.012;
/// Inset of the faint embossed groove on the destructible brick (outside the middle 50%).
const GROOVE_INSET: f64 = 0.19;
/// Rivet radius on the solid brick, fraction of the size.
const RIVET_RADIUS: f64 = 0.045;
/// Rivet centre inset from the texture edges (in the face corners, just inside the bevel).
const RIVET_INSET: f64 = 0.2;
/// Cross-hatch line spacing on the solid brick, fraction of the size (8 diamonds across).
const HATCH_SPACING: f64 = 0.125;
/// Background gradient colours (linear RGB 0..1): deep blue at the top, purple at the bottom.
const BG_TOP: [f64; 3] = [0.025, 0.03, 0.10];
const BG_BOTTOM: [f64; 3] = [0.09, 0.03, 0.14];
/// Every background channel is clamped to this, so luminance stays < 0.2 (a test relies on it).
const BG_MAX_CHANNEL: f64 = 0.19;
/// Background grid cell size, px (divides 256, so the grid tiles).
const BG_GRID_PX: u32 = 32;
/// Number of faint stars on the background.
const BG_STARS: usize = 70;
/// Fixed seed for the xorshift noise generator (any non-zero value).
const NOISE_SEED: u32 = 0x9E37_79B9;

// ------------------------------------------------------------------ sounds --
/// Sample rate of the sound effects, Hz.
const SFX_RATE: u32 = 44_100;
/// Peak level of sound effects, dBFS (headroom for several playing at once).
const SFX_PEAK_DBFS: f64 = -6.0;
/// Brick hit: short bright blip, s / Hz; starts BRICK_DROP above BRICK_HZ and falls to it.
const BRICK_SECS: f64 = 0.12;
const BRICK_HZ: f64 = 880.0;
const BRICK_DROP: f64 = 0.5;
/// Indestructible brick: metallic clank, s / lowest partial Hz.
const SOLID_SECS: f64 = 0.15;
const SOLID_HZ: f64 = 520.0;
/// Inharmonic partials of the clank: (frequency ratio, amplitude, decay time s).
const SOLID_PARTIALS: [(f64, f64, f64); 4] = [
    (1.0, 1.0, 0.06),
    (2.76, 0.7, 0.04),
    (5.40, 0.45, 0.028),
    (8.93, 0.3, 0.018),
];
/// Paddle hit: soft low bop, s / Hz.
const PADDLE_SECS: f64 = 0.1;
const PADDLE_HZ: f64 = 330.0;
/// Life lost: glide down two octaves from LIFE_LOST_HZ, s / Hz.
const LIFE_LOST_SECS: f64 = 0.6;
const LIFE_LOST_HZ: f64 = 440.0;
/// Level cleared: rising C-major arpeggio, s; notes as MIDI numbers, one every LEVEL_NOTE_GAP s.
const LEVEL_SECS: f64 = 0.8;
const LEVEL_NOTES: [i32; 4] = [72, 76, 79, 84];
const LEVEL_NOTE_GAP: f64 = 0.1;

/// Music sample rate, Hz (low to keep the file small; chiptune needs little bandwidth).
const MUSIC_RATE: u32 = 22_050;
/// Music peak level, dBFS (quiet under the effects).
const MUSIC_PEAK_DBFS: f64 = -12.0;
/// One 16th note in samples: 22050 * 60 / (147 BPM * 4) = 2250 exactly, so bars are whole samples.
const MUSIC_STEP: usize = 2250;
const STEPS_PER_BAR: usize = 16;
/// Eight bars at 147 BPM = 13.06 s, ~576 KB.
const MUSIC_BARS: usize = 8;
/// Per-bar harmony in A minor (Am F C G Am F G E): (bass root MIDI, four arpeggio tones MIDI).
const CHORDS: [(i32, [i32; 4]); 8] = [
    (45, [57, 60, 64, 69]), // Am
    (41, [57, 60, 65, 69]), // F
    (48, [55, 60, 64, 67]), // C
    (43, [55, 59, 62, 67]), // G
    (45, [57, 60, 64, 69]), // Am
    (41, [57, 60, 65, 69]), // F
    (43, [55, 59, 62, 67]), // G
    (40, [56, 59, 64, 68]), // E (leads back to Am at the loop point)
];
/// Arpeggio: index into the chord's four tones for each 16th of a bar (played an octave up).
const ARP_PATTERN: [usize; 16] = [0, 1, 2, 3, 2, 1, 2, 3, 0, 1, 2, 3, 2, 1, 2, 1];
/// Bass line: semitone offsets from the root for each 8th of a bar.
const BASS_PATTERN: [i32; 8] = [0, 0, 12, 0, 0, 12, 7, 12];

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tex = root.join("textures");
    let audio = root.join("audio");
    std::fs::create_dir_all(&tex).expect("create textures/");
    std::fs::create_dir_all(&audio).expect("create audio/");

    save_texture(&tex, "block.png", block);
    save_texture(&tex, "block_solid.png", block_solid);
    save_texture(&tex, "paddle.png", paddle);
    save_texture(&tex, "ball.png", ball);
    let stars = star_field();
    save_texture(&tex, "background.png", |u, v| background(u, v, &stars));
    save_texture(&tex, "particle.png", particle);
    save_texture(&tex, "block_metal.png", brick_kinds::block_metal);
    save_texture(&tex, "brick_marks.png", brick_kinds::brick_marks);
    powerups::save_atlas(&tex);

    let sfx = |name: &str, s: Vec<f64>| write_wav(&audio, name, SFX_RATE, &s, SFX_PEAK_DBFS);
    sfx("brick.wav", brick_sound());
    sfx("solid.wav", solid_sound());
    sfx("paddle.wav", paddle_sound());
    sfx("life_lost.wav", life_lost_sound());
    sfx("level_cleared.wav", level_cleared_sound());
    sfx("explosion.wav", brick_kinds::explosion_sound());
    powerups::save_sounds(sfx);
    write_wav(&audio, "music.wav", MUSIC_RATE, &music(), MUSIC_PEAK_DBFS);
    icons::save(root);
    println!("wrote {}, {}, packaging/", tex.display(), audio.display());
}

// ------------------------------------------------------------------ helpers --
/// Tiny xorshift32 generator: deterministic noise without the `rand` crate.
struct Rng(u32);
impl Rng {
    fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        self.next_u32() as f64 / 4_294_967_296.0
    }
    /// Uniform in [-1, 1).
    fn signed(&mut self) -> f64 {
        self.unit() * 2.0 - 1.0
    }
}

/// Per-pixel hash in [-0.5, 0.5): the same value for every sub-sample of a texel.
fn grain(u: f64, v: f64, salt: u32) -> f64 {
    let (x, y) = ((u * TEX_SIZE as f64) as u32, (v * TEX_SIZE as f64) as u32);
    let mut r = Rng((x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663) ^ salt) | 1);
    r.next_u32();
    r.next_u32();
    r.unit() - 0.5
}

fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn grey(l: f64) -> [f64; 4] {
    [l, l, l, 1.0]
}

/// Renders `shade(u, v) -> [r, g, b, a]` (u, v in 0..1, top-left origin) with supersampling.
/// Samples are averaged premultiplied, so transparent sub-samples do not darken edges.
fn save_texture(dir: &Path, name: &str, shade: impl Fn(f64, f64) -> [f64; 4]) {
    let (n, size) = (SUPERSAMPLE, TEX_SIZE as f64);
    let img = image::RgbaImage::from_fn(TEX_SIZE, TEX_SIZE, |x, y| {
        let mut acc = [0.0; 4];
        for sy in 0..n {
            for sx in 0..n {
                let u = (x as f64 + (sx as f64 + 0.5) / n as f64) / size;
                let v = (y as f64 + (sy as f64 + 0.5) / n as f64) / size;
                let c = shade(u, v);
                for i in 0..3 {
                    acc[i] += c[i] * c[3];
                }
                acc[3] += c[3];
            }
        }
        // Colour under fully transparent texels is white, so filtering never pulls in black.
        let rgb = |i: usize| if acc[3] > 0.0 { acc[i] / acc[3] } else { 1.0 };
        let to8 = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        image::Rgba([
            to8(rgb(0)),
            to8(rgb(1)),
            to8(rgb(2)),
            to8(acc[3] / (n * n) as f64),
        ])
    });
    img.save(dir.join(name))
        .unwrap_or_else(|e| panic!("writing {name}: {e}"));
}

/// Mitred bevel: inside the band of `width` along the edges returns the shade of the
/// nearest edge (`shades` = top, left, bottom, right), darkened by the outline; else None.
fn bevel(u: f64, v: f64, width: f64, shades: [f64; 4]) -> Option<f64> {
    let d = [v, u, 1.0 - v, 1.0 - u];
    let (i, m) = d
        .iter()
        .copied()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    if m >= width {
        return None;
    }
    let outline = if m < OUTLINE { 0.35 } else { 1.0 };
    // Slightly lighter towards the face, like a rounded chamfer.
    Some(outline * shades[i] * (0.94 + 0.06 * (m / width)))
}

// ---------------------------------------------------------------- textures --
/// Destructible brick: bright face, classic bevel, faint embossed groove and grain.
fn block(u: f64, v: f64) -> [f64; 4] {
    if let Some(s) = bevel(u, v, BEVEL, [1.0, 0.9, 0.5, 0.62]) {
        return grey(s + 0.015 * grain(u, v, 1));
    }
    // Gentle diagonal light falloff across the face: 0.97 top-left .. 0.89 bottom-right.
    let mut l = 0.93 + 0.04 * (1.0 - (u + v));
    // Embossed groove: dark line with a highlight just inside it (signed distance to the inset rect).
    let g = GROOVE_INSET;
    let inner = (u - g).min(v - g).min(1.0 - g - u).min(1.0 - g - v);
    l -= 0.07 * (-(inner / 0.004).powi(2)).exp();
    l += 0.03 * (-((inner - 0.009) / 0.004).powi(2)).exp();
    grey(l + 0.02 * grain(u, v, 2))
}

/// Indestructible brick: brushed metal, faint diagonal cross-hatch, a rivet in each corner.
fn block_solid(u: f64, v: f64) -> [f64; 4] {
    if let Some(s) = bevel(u, v, BEVEL, [0.97, 0.88, 0.4, 0.5]) {
        return grey(s + 0.02 * grain(u, v, 3));
    }
    // Brushed streaks: per-row noise, smoothed over neighbouring rows, plus fine per-pixel grain.
    let dv = 1.0 / TEX_SIZE as f64;
    let row = |o: f64| grain(0.0, (v + o * dv).clamp(0.0, 0.999), 4);
    let streak = (row(-1.0) + 2.0 * row(0.0) + row(1.0)) / 4.0;
    let mut l = 0.8 + 0.05 * streak + 0.015 * grain(u, v, 5) + 0.03 * (0.5 - v);
    // Cross-hatch: thin grooves along both diagonals, offset so the exact centre is between lines.
    for d in [u + v, u - v + 1.0] {
        let p = (d / HATCH_SPACING).fract() - 0.5;
        l -= 0.04 * (-(p / 0.06).powi(2)).exp();
    }
    // Rivets: shaded domes lit from the top-left, with a soft drop shadow to the bottom-right.
    for (cx, cy) in [
        (RIVET_INSET, RIVET_INSET),
        (1.0 - RIVET_INSET, RIVET_INSET),
        (RIVET_INSET, 1.0 - RIVET_INSET),
        (1.0 - RIVET_INSET, 1.0 - RIVET_INSET),
    ] {
        let (dx, dy) = ((u - cx) / RIVET_RADIUS, (v - cy) / RIVET_RADIUS);
        let r2 = dx * dx + dy * dy;
        if r2 < 1.0 {
            let nz = (1.0 - r2).sqrt();
            let lit = (-dx * 0.5 - dy * 0.5 + nz * 0.707).max(0.0);
            let spec = lit.powi(24);
            return grey((0.35 + 0.6 * lit + 0.35 * spec).min(1.0));
        }
        let (sx, sy) = (dx - 0.25, dy - 0.25);
        l -= 0.25 * (1.0 - smoothstep(0.9, 1.5, (sx * sx + sy * sy).sqrt()));
    }
    grey(l)
}

/// Paddle: lit like a horizontal cylinder (bright band near the top), shaded end caps, grip grooves.
fn paddle(u: f64, v: f64) -> [f64; 4] {
    let ny = (v - 0.5) * 2.0;
    let nz = (1.0 - ny * ny).max(0.0).sqrt();
    let lit = (-0.6 * ny + 0.8 * nz).max(0.0);
    let mut l = 0.47 + 0.4 * lit + 0.13 * lit.powi(40);
    // Rounded ends: darken towards the left/right edges (right a bit more, light is top-left).
    let end = 0.1;
    l *= 0.75 + 0.25 * smoothstep(0.0, end, u);
    l *= 0.65 + 0.35 * smoothstep(0.0, end, 1.0 - u);
    // Two thin grip grooves near each end.
    for gx in [0.16, 0.19, 0.81, 0.84] {
        l -= 0.1 * (-((u - gx) / 0.005).powi(2)).exp() * nz;
    }
    let outline = u.min(v).min(1.0 - u).min(1.0 - v);
    if outline < OUTLINE {
        l *= 0.4;
    }
    grey(l + 0.012 * grain(u, v, 6))
}

/// Ball: a sphere of radius 128 px lit from the top-left with a specular highlight.
fn ball(u: f64, v: f64) -> [f64; 4] {
    let (dx, dy) = ((u - 0.5) * 2.0, (v - 0.5) * 2.0);
    let r2 = dx * dx + dy * dy;
    if r2 >= 1.0 {
        return [1.0, 1.0, 1.0, 0.0];
    }
    let n = [dx, dy, (1.0 - r2).sqrt()];
    let light = normalize([-0.45, -0.55, 0.7]);
    let half = normalize([light[0], light[1], light[2] + 1.0]);
    let diffuse = dot(n, light).max(0.0);
    let spec = dot(n, half).max(0.0).powi(40);
    grey((0.55 + 0.4 * diffuse + 0.6 * spec).min(1.0))
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn normalize(a: [f64; 3]) -> [f64; 3] {
    a.map(|x| x / dot(a, a).sqrt())
}

/// Star positions (u, v), radius (fraction of size) and brightness, from the fixed seed.
fn star_field() -> Vec<(f64, f64, f64, f64)> {
    let mut rng = Rng(NOISE_SEED);
    (0..BG_STARS)
        .map(|_| {
            (
                rng.unit(),
                rng.unit(),
                (1.0 + 1.5 * rng.unit()) / TEX_SIZE as f64,
                rng.unit(),
            )
        })
        .collect()
}

/// Background: dark blue→purple gradient, faint grid, a few dim stars; always luminance < 0.2.
fn background(u: f64, v: f64, stars: &[(f64, f64, f64, f64)]) -> [f64; 4] {
    let t = smoothstep(0.0, 1.0, v);
    let mut c: [f64; 3] = std::array::from_fn(|i| BG_TOP[i] + (BG_BOTTOM[i] - BG_TOP[i]) * t);
    // Grid: 1 px lines every BG_GRID_PX, tinted violet.
    let cell = BG_GRID_PX as f64 / TEX_SIZE as f64;
    let line = |x: f64| -> f64 {
        if (x / cell).fract() * (BG_GRID_PX as f64) < 1.0 {
            1.0
        } else {
            0.0
        }
    };
    let grid = line(u).max(line(v));
    for (i, k) in [0.012, 0.01, 0.03].iter().enumerate() {
        c[i] += k * grid;
    }
    // Stars: small soft dots, brightness pulls the colour towards a pale grey.
    for &(sx, sy, r, b) in stars {
        let d2 = ((u - sx).powi(2) + (v - sy).powi(2)) / (r * r);
        if d2 < 4.0 {
            let a = (0.35 + 0.65 * b) * (-d2 * 1.5).exp();
            for ch in c.iter_mut() {
                *ch += (BG_MAX_CHANNEL - *ch) * a;
            }
        }
    }
    let faint = 0.006 * grain(u, v, 7);
    let ch = |i: usize| (c[i] + faint).clamp(0.0, BG_MAX_CHANNEL);
    [ch(0), ch(1), ch(2), 1.0]
}

/// Particle: white soft glow, alpha (1 − d²)³ with d the distance from the centre (1 at the
/// edge): close to a Gaussian e^(−4d²), exactly 0 at the edge, and cheap to compute.
/// `shaders/particle.frag` computes the same falloff per fragment.
fn particle(u: f64, v: f64) -> [f64; 4] {
    let d2 = ((u - 0.5) * 2.0).powi(2) + ((v - 0.5) * 2.0).powi(2);
    let a = (1.0 - d2).max(0.0).powi(3);
    [1.0, 1.0, 1.0, a]
}

// ------------------------------------------------------------------ sounds --
/// Writes mono 16-bit PCM, scaled so the peak sits exactly at `peak_dbfs`.
fn write_wav(dir: &Path, name: &str, rate: u32, samples: &[f64], peak_dbfs: f64) {
    let peak = samples.iter().fold(0.0f64, |m, s| m.max(s.abs()));
    let gain = 10f64.powf(peak_dbfs / 20.0) / peak.max(1e-9);
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(dir.join(name), spec).expect("create wav");
    for s in samples {
        w.write_sample((s * gain * 32767.0).round() as i16)
            .expect("write sample");
    }
    w.finalize().expect("finalize wav");
}

/// Attack/release envelope: ramps in over `attack` s and out over the last `release` s,
/// so every note starts and ends at zero (no clicks).
fn ar(t: f64, dur: f64, attack: f64, release: f64) -> f64 {
    smoothstep(0.0, attack, t) * smoothstep(0.0, release, dur - t)
}

/// Samples `f(t)` for `dur` seconds.
fn render(rate: u32, dur: f64, mut f: impl FnMut(f64) -> f64) -> Vec<f64> {
    let n = (dur * rate as f64).round() as usize;
    (0..n).map(|i| f(i as f64 / rate as f64)).collect()
}

/// Phase accumulator in cycles (0..1), for oscillators whose pitch moves.
#[derive(Default)]
struct Osc(f64);
impl Osc {
    fn next(&mut self, freq: f64, rate: f64) -> f64 {
        let p = self.0;
        self.0 = (self.0 + freq / rate).fract();
        p
    }
}

fn sine(p: f64) -> f64 {
    (TAU * p).sin()
}

/// Triangle, starting at 0 like a sine.
fn tri(p: f64) -> f64 {
    1.0 - 4.0 * ((p + 0.25).fract() - 0.5).abs()
}

/// Band-limited falling saw (additive, at most `max_h` harmonics, none above Nyquist).
fn saw(p: f64, freq: f64, rate: f64, max_h: usize) -> f64 {
    let n = ((rate / 2.0 / freq) as usize).clamp(1, max_h);
    (1..=n)
        .map(|k| (TAU * k as f64 * p).sin() / k as f64)
        .sum::<f64>()
        * (2.0 / PI)
}

/// Band-limited pulse with duty `duty` (0.5 = square), amplitude ±1, zero mean.
fn pulse(p: f64, duty: f64, freq: f64, rate: f64, max_h: usize) -> f64 {
    0.5 * (saw(p, freq, rate, max_h) - saw((p + duty).fract(), freq, rate, max_h))
}

fn midi_hz(m: i32) -> f64 {
    440.0 * 2f64.powf((m - 69) as f64 / 12.0)
}

fn brick_sound() -> Vec<f64> {
    let (rate, mut osc) = (SFX_RATE as f64, Osc::default());
    render(SFX_RATE, BRICK_SECS, |t| {
        let f = BRICK_HZ * (1.0 + BRICK_DROP * (-t / 0.015).exp());
        let p = osc.next(f, rate);
        (0.6 * pulse(p, 0.5, f, rate, 12) + 0.4 * tri(p))
            * ar(t, BRICK_SECS, 0.002, 0.03)
            * (-t / 0.05).exp()
    })
}

fn solid_sound() -> Vec<f64> {
    let mut rng = Rng(NOISE_SEED ^ 0x5151);
    render(SFX_RATE, SOLID_SECS, |t| {
        let ring: f64 = SOLID_PARTIALS
            .iter()
            .map(|&(ratio, amp, decay)| amp * (-t / decay).exp() * sine(SOLID_HZ * ratio * t))
            .sum();
        let click = 0.4 * rng.signed() * (-t / 0.004).exp();
        (ring + click) * ar(t, SOLID_SECS, 0.001, 0.03)
    })
}

fn paddle_sound() -> Vec<f64> {
    let (rate, mut osc) = (SFX_RATE as f64, Osc::default());
    render(SFX_RATE, PADDLE_SECS, |t| {
        let f = PADDLE_HZ * (1.0 + 0.12 * (-t / 0.01).exp());
        let p = osc.next(f, rate);
        (0.7 * sine(p) + 0.2 * sine(2.0 * p) + 0.25 * tri(p))
            * ar(t, PADDLE_SECS, 0.003, 0.03)
            * (-t / 0.04).exp()
    })
}

fn life_lost_sound() -> Vec<f64> {
    let (rate, mut osc) = (SFX_RATE as f64, Osc::default());
    render(SFX_RATE, LIFE_LOST_SECS, |t| {
        let x = t / LIFE_LOST_SECS;
        let f = LIFE_LOST_HZ * 0.25f64.powf(x) * (1.0 + 0.015 * sine(7.0 * t));
        let p = osc.next(f, rate);
        (0.5 * pulse(p, 0.5, f, rate, 10) + 0.5 * tri(p))
            * ar(t, LIFE_LOST_SECS, 0.005, 0.15)
            * (1.0 - 0.4 * x)
    })
}

fn level_cleared_sound() -> Vec<f64> {
    let rate = SFX_RATE as f64;
    let mut out = vec![0.0; (LEVEL_SECS * rate).round() as usize];
    for (i, &m) in LEVEL_NOTES.iter().enumerate() {
        let last = i + 1 == LEVEL_NOTES.len();
        let start = i as f64 * LEVEL_NOTE_GAP;
        // Each note rings a little over the next; the last one holds until just before the end.
        let dur = if last {
            LEVEL_SECS - start - 0.02
        } else {
            2.0 * LEVEL_NOTE_GAP
        };
        let f = midi_hz(m);
        let note = render(SFX_RATE, dur, |t| {
            let p = (f * t).fract();
            let sparkle = if last {
                0.15 * sine((2.0 * f * t).fract())
            } else {
                0.0
            };
            (0.5 * tri(p) + 0.25 * pulse(p, 0.25, f, rate, 10) + sparkle)
                * ar(t, dur, 0.004, 0.06)
                * (-t / 0.3).exp()
        });
        let s0 = (start * rate).round() as usize;
        for (k, s) in note.into_iter().enumerate() {
            out[s0 + k] += s;
        }
    }
    out
}

/// Adds `f(t)` for `dur` s into the loop buffer at sample `start`, wrapping around the end,
/// so even a tail crossing the loop point would loop seamlessly (none do: all notes end earlier).
fn mix(buf: &mut [f64], start: usize, dur: f64, mut f: impl FnMut(f64) -> f64) {
    let n = (dur * MUSIC_RATE as f64).round() as usize;
    let len = buf.len();
    for i in 0..n {
        buf[(start + i) % len] += f(i as f64 / MUSIC_RATE as f64);
    }
}

/// Loopable chiptune: triangle bass in 8ths, pulse arpeggio in 16ths, kick/snare/hat noise.
fn music() -> Vec<f64> {
    let rate = MUSIC_RATE as f64;
    let step_s = MUSIC_STEP as f64 / rate;
    let mut buf = vec![0.0; MUSIC_STEP * STEPS_PER_BAR * MUSIC_BARS];
    let mut rng = Rng(NOISE_SEED ^ 0xBEEF);
    for (bar, &(bass_root, tones)) in CHORDS.iter().enumerate() {
        let bar0 = bar * STEPS_PER_BAR * MUSIC_STEP;
        let second_half = bar >= MUSIC_BARS / 2;
        // Bass: triangle 8th notes, each released before the next one.
        for (i, &off) in BASS_PATTERN.iter().enumerate() {
            let (f, dur) = (midi_hz(bass_root + off), 2.0 * step_s * 0.85);
            mix(&mut buf, bar0 + 2 * i * MUSIC_STEP, dur, |t| {
                0.45 * tri((f * t).fract()) * ar(t, dur, 0.005, 0.03)
            });
        }
        // Arpeggio: pulse 16ths an octave up; thinner duty in the second half for variety.
        let duty = if second_half { 0.125 } else { 0.25 };
        for (i, &k) in ARP_PATTERN.iter().enumerate() {
            let (f, dur) = (midi_hz(tones[k] + 12), step_s * 0.8);
            mix(&mut buf, bar0 + i * MUSIC_STEP, dur, |t| {
                0.16 * pulse((f * t).fract(), duty, f, rate, 20)
                    * ar(t, dur, 0.003, 0.02)
                    * (-t / 0.15).exp()
            });
        }
        // Drums: kick on 1 and 3, snare on 2 and 4, hats on 8ths (plus 16ths in the second half).
        for s in 0..STEPS_PER_BAR {
            let at = bar0 + s * MUSIC_STEP;
            if s % 8 == 0 || (second_half && s == 10) {
                let mut osc = Osc::default();
                mix(&mut buf, at, 0.2, |t| {
                    let f = 50.0 + 90.0 * (-t / 0.03).exp();
                    0.5 * sine(osc.next(f, rate)) * ar(t, 0.2, 0.002, 0.05) * (-t / 0.09).exp()
                });
            }
            if s % 8 == 4 {
                let mut lp = 0.0;
                mix(&mut buf, at, 0.15, |t| {
                    lp += 0.5 * (rng.signed() - lp);
                    let body = 0.4 * sine(185.0 * t) * (-t / 0.03).exp();
                    0.22 * (lp + body) * ar(t, 0.15, 0.001, 0.04) * (-t / 0.05).exp()
                });
            }
            if s % 2 == 0 || (second_half && s % 4 == 3) {
                let (mut prev, accent) = (0.0, if s % 4 == 2 { 1.0 } else { 0.6 });
                mix(&mut buf, at, 0.04, |t| {
                    let x = rng.signed();
                    let hp = x - prev; // first difference: crude high-pass for a "tss"
                    prev = x;
                    0.06 * accent * hp * ar(t, 0.04, 0.001, 0.01) * (-t / 0.012).exp()
                });
            }
        }
    }
    buf
}
