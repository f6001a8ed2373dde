//! The options of every window (`breakout`, `replay`, `lab`, `edit`).

use crate::config::MAX_FRAME_TIME;
use clap::Args;
use std::path::PathBuf;

/// Options of every window (playing, a replay, the lab): how it opens, and what it measures.
#[derive(Debug, Args, Clone)]
pub struct WindowArgs {
    /// Quit after N rendered frames.
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// On exit, write the last rendered frame to this PNG file.
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Advance the game by exactly SECONDS per rendered frame instead of by the clock (0.0166667
    /// plays as at 60 fps): with --frames and --screenshot, the same picture on every run and
    /// machine, however fast it renders. --stats still measures the real frame times.
    #[arg(long, value_name = "SECONDS", value_parser = parse_frame_time)]
    pub frame_time: Option<f32>,
    /// Start muted, for this run only (not saved; M turns the sound on, opening the audio
    /// output then).
    #[arg(long)]
    pub mute: bool,
    /// On exit, print one JSON line of frame statistics.
    #[arg(long)]
    pub stats: bool,
    /// Turn vsync off for this run (for measurements; the settings screen's vsync is kept).
    #[arg(long)]
    pub no_vsync: bool,
    /// Start in borderless fullscreen (F11 or Alt+Enter toggles it; the settings screen's
    /// choice is remembered in the config file).
    #[arg(long)]
    pub fullscreen: bool,
    /// Start with the collision debug overlay on (F1 toggles it).
    #[arg(long)]
    pub debug_overlay: bool,
    /// Size of the window's inside, in logical pixels (default 800x600, the playfield; on a
    /// HiDPI screen the physical size is this times the scale factor). For screenshots and
    /// tests at other sizes; the window stays resizable.
    #[arg(long, value_name = "WxH", value_parser = crate::commands::preview::parse_size)]
    pub window_size: Option<(u32, u32)>,
    /// Keep a post-processing effect on all the time, for measurements and screenshots.
    #[arg(long, value_enum, value_name = "EFFECT")]
    pub effect: Option<ForcedEffect>,
}

/// A post-processing effect forced on by `--effect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ForcedEffect {
    /// The solid-hit shake (jitter and blur).
    Shake,
    /// Confuse: flipped and inverted.
    Confuse,
    /// Chaos: edge detection and swirl.
    Chaos,
}

fn parse_frame_time(s: &str) -> Result<f32, String> {
    let why = " (the longest frame the game accepts)";
    parse_positive(s, MAX_FRAME_TIME, "a time in seconds", why)
}

/// `s` as a number above 0 and at most `max`; the error says it must be `what`, then `why`.
pub(super) fn parse_positive(s: &str, max: f32, what: &str, why: &str) -> Result<f32, String> {
    let v: f32 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if v.is_finite() && v > 0.0 && v <= max {
        Ok(v)
    } else {
        Err(format!("must be {what}, above 0 and at most {max}{why}"))
    }
}
