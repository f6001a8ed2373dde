//! How the settings' values read and step: volumes by tenths, the particle densities, the
//! frame caps, a step through a list of choices, on/off.

use crate::config::{EffectsConfig, VideoConfig};

/// Particle densities to choose from: (name, trail particles per second, burst particles).
/// "normal" is the configuration's default; each step doubles or halves it.
const PARTICLES: [(&str, f32, u32); 4] = [
    ("off", 0.0, 0),
    ("low", 110.0, 15),
    ("normal", 220.0, 30),
    ("high", 440.0, 60),
];

/// The frame caps to choose from, frames per second (0: no cap).
pub(super) const FRAME_CAPS: [u32; 5] = [0, 60, 120, 144, 240];

/// The value of `choices` (ascending) after `now` going up (`dir` > 0) or down: from a value
/// between two choices (a file's own), the nearest that way; it stops at the ends.
pub(super) fn next_of(choices: &[u32], now: u32, dir: i32) -> u32 {
    let found = if dir > 0 {
        choices.iter().find(|&&c| c > now)
    } else {
        choices.iter().rev().find(|&&c| c < now)
    };
    found.copied().unwrap_or(now)
}

/// How the frame cap reads: "off", "120 fps", or, following the monitor, "60 fps (monitor)"
/// ("144 fps (default)" where its refresh rate is not known).
pub(super) fn frame_cap_name(video: &VideoConfig, refresh_hz: Option<u32>) -> String {
    match video.frame_cap_fps(refresh_hz) {
        None => "off".to_string(),
        Some(fps) if video.frame_cap.is_some() => format!("{fps} fps"),
        Some(fps) if refresh_hz.is_some() => format!("{fps} fps (monitor)"),
        Some(fps) => format!("{fps} fps (default)"),
    }
}

/// Volume change per step (a tenth: ten steps from silent to full).
const VOLUME_STEP: f32 = 0.1;

/// `v` one step up (`dir` > 0) or down to the next tenth (0.25 goes to 0.3 or 0.2), within 0–1.
pub(super) fn volume_step(v: f32, dir: i32) -> f32 {
    // Within a thousandth of a tenth counts as on it (0.3 is not exactly three tenths).
    let tenths = v / VOLUME_STEP;
    let next = if dir > 0 {
        (tenths + 1e-3).floor() as i32 + 1
    } else {
        (tenths - 1e-3).ceil() as i32 - 1
    };
    next.clamp(0, 10) as f32 / 10.0
}

pub(super) fn percent(v: f32) -> String {
    format!("{}%", (v * 100.0).round())
}

pub(super) fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

/// The density's name, or its numbers when the file has one of its own.
pub(super) fn particles_name(effects: &EffectsConfig) -> String {
    PARTICLES
        .iter()
        .find(|(_, trail, burst)| *trail == effects.trail_rate && *burst == effects.burst_particles)
        .map_or_else(
            || {
                format!(
                    "custom ({}/s, {})",
                    effects.trail_rate, effects.burst_particles
                )
            },
            |(name, ..)| name.to_string(),
        )
}

/// The next density up (`dir` > 0) or down from `effects`' (from a custom one: the nearest
/// named one that way, by trail rate): (trail rate, burst particles, name).
pub(super) fn particles_step(effects: &EffectsConfig, dir: i32) -> (f32, u32, &'static str) {
    let trail = effects.trail_rate;
    let found = if dir > 0 {
        PARTICLES.iter().find(|p| p.1 > trail)
    } else {
        PARTICLES.iter().rev().find(|p| p.1 < trail)
    };
    let (name, trail, burst) = *found.unwrap_or(if dir > 0 {
        &PARTICLES[PARTICLES.len() - 1]
    } else {
        &PARTICLES[0]
    });
    (trail, burst, name)
}
