//! `breakout replay FILE --export OUT`: a replay's frames, sampled every 1/fps second of play,
//! as an animated GIF or a directory of PNG files.
//!
//! No GL here: [`Export::prepare`] reads the replay and checks the range and the output,
//! [`Frames`] plays it and lays each frame out as the play screen does (backdrop, world,
//! particles, HUD; the power-ups' confuse and chaos and the shake of hits), and
//! [`Export::run`] hands each frame's [`SpriteBatch`] to a renderer given by the caller (the
//! binary passes `render::headless::HeadlessRenderer`: no window, no display) and writes the
//! pictures with the `image` crate.
//!
//! Frame `k` shows the game after step `first + ⌊k × 240 / fps⌋`, where `first` is `--from` in
//! steps (rounded to the nearest step); the last frame is the last such step not after `--to`
//! (or the replay's end).

use crate::config::EffectsConfig;
use crate::effects::Effects;
use crate::level::PowerUpKind;
use crate::replay::{file, Divergence, Playback, Replay, STEPS_PER_SECOND};
use crate::view::{hud, scene, SpriteBatch};
use image::RgbaImage;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod gif_frames;
pub use gif_frames::gif_delay_cs;
use gif_frames::GifFrames;

/// Steps of play before the first frame whose particles and shake are simulated (particles
/// live under a second, a shake 0.3 s), so the first frame looks like any other.
const EFFECTS_LEAD_STEPS: u64 = 2 * STEPS_PER_SECOND;
/// One step of play, seconds (as [`crate::sim::tuning::FIXED_TIMESTEP`]).
const STEP_SECONDS: f32 = 1.0 / STEPS_PER_SECOND as f32;

/// The part of a replay to export and how often to sample it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportRange {
    /// Time of play of the first frame, seconds (`None`: the start).
    pub from: Option<f64>,
    /// Time of play after which no frame is taken, seconds (`None`: the end).
    pub to: Option<f64>,
    /// Frames per second of play, 1–60.
    pub fps: u32,
}

/// A replay played for export: the game and its visual effects, and which steps the frames
/// show.
pub struct Frames {
    playback: Playback,
    effects: Effects,
    /// The step of frame 0.
    first: u64,
    /// Frames per second of play.
    fps: u32,
    /// Frames in all.
    count: u64,
    /// The next frame to lay out.
    next: u64,
    /// The bot played: the frames show the demo mark, as the play screen does.
    demo: bool,
}

impl Frames {
    /// The frames of `replay` (read from `path`, named in messages) within `range`.
    ///
    /// # Errors
    /// `--from` past the replay's end, `--to` before `--from`, or a level text that does not
    /// parse; each message starts with the file.
    pub fn new(replay: Replay, path: &Path, range: &ExportRange) -> Result<Frames, String> {
        let name = path.display();
        let steps = replay.steps();
        let to_step = |s: f64| (s * STEPS_PER_SECOND as f64).round().min(u64::MAX as f64) as u64;
        let first = range.from.map_or(0, to_step);
        if first > steps {
            return Err(format!(
                "{name}: --from {} s is past the replay's end ({}, {:.2} s)",
                range.from.unwrap_or_default(),
                super::replay::clock(steps),
                replay.seconds()
            ));
        }
        let last = range.to.map_or(steps, to_step).min(steps);
        if last < first {
            return Err(format!(
                "{name}: --to {} s is before --from {} s",
                range.to.unwrap_or_default(),
                range.from.unwrap_or_default()
            ));
        }
        let fps = range.fps.clamp(1, 60);
        let count = ((last - first)
            .saturating_add(1)
            .saturating_mul(u64::from(fps))
            - 1)
            / STEPS_PER_SECOND
            + 1;
        let demo = replay.header.played_by.is_some();
        let seed = replay.header.settings.seed;
        let playback = Playback::new(Arc::new(replay))
            .map_err(|e| format!("{name}: the replay's level text: {e}"))?;
        Ok(Frames {
            playback,
            effects: Effects::new(seed, EffectsConfig::default()),
            first,
            fps,
            count,
            next: 0,
            demo,
        })
    }

    /// Frames in all.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// No frame (never: a range holds at least its first step).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The step frame `k` shows (the game after that many steps).
    pub fn step_of(&self, k: u64) -> u64 {
        self.first
            .saturating_add(k.saturating_mul(STEPS_PER_SECOND) / u64::from(self.fps))
    }

    /// The next frame: its step and its sprites; `None` after the last.
    pub fn next_frame(&mut self) -> Option<(u64, SpriteBatch)> {
        if self.next >= self.count {
            return None;
        }
        let target = self.step_of(self.next);
        self.next += 1;
        let lead_from = self.first.saturating_sub(EFFECTS_LEAD_STEPS);
        while self.playback.at() < target && self.playback.step() {
            if self.playback.at() > lead_from {
                let game = self.playback.game();
                for event in game.events() {
                    self.effects.handle_event(event);
                }
                self.effects.update(STEP_SECONDS, Some(game));
            }
        }
        if self.playback.at_end() {
            self.playback.finish();
        }
        Some((target, self.batch()))
    }

    /// The first stored hash the game no longer matched, in the steps played so far.
    pub fn divergence(&self) -> Option<Divergence> {
        self.playback.divergence()
    }

    /// The current frame's sprites, as the play screen draws the game (fully at its step: no
    /// blending between steps).
    fn batch(&self) -> SpriteBatch {
        let game = self.playback.game();
        let active = game.active_effects();
        let mut batch = SpriteBatch {
            effects: self.effects.post(
                active.has(PowerUpKind::Confuse),
                active.has(PowerUpKind::Chaos),
            ),
            ..SpriteBatch::default()
        };
        // As play shows it by default: the power-ups bricks hold stay hidden.
        scene::backdrop(&mut batch.backdrop, game, scene::HeldPowerUps::Hidden);
        scene::world(&mut batch.world, game, 1.0);
        scene::particles(&mut batch.particles, &self.effects.particles);
        hud::hud(&mut batch.text, game);
        if self.demo {
            hud::demo_mark(&mut batch.text);
        }
        batch
    }
}

/// Where the pictures go: an animated GIF, or PNG files in a directory.
enum Writer {
    /// An animated GIF written to `temporary` beside `out`, renamed to `out` when whole.
    Gif {
        gif: GifFrames,
        temporary: PathBuf,
        out: PathBuf,
    },
    /// `frame-00000.png`, `frame-00001.png`, … in `dir`.
    Pngs { dir: PathBuf, written: u64 },
}

/// True when `out` names a GIF (its extension is `gif`, any case).
pub fn is_gif(out: &Path) -> bool {
    out.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("gif"))
}

impl Writer {
    /// Opens `out`: the GIF's temporary file, or the directory (made if missing).
    fn create(out: &Path, fps: u32) -> Result<Writer, String> {
        let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", out.display());
        if !is_gif(out) {
            std::fs::create_dir_all(out).map_err(cannot)?;
            return Ok(Writer::Pngs {
                dir: out.to_path_buf(),
                written: 0,
            });
        }
        if out.is_dir() {
            return Err(format!(
                "{}: is a directory; a GIF needs a file name",
                out.display()
            ));
        }
        let mut name = std::ffi::OsString::from(".");
        name.push(out.file_name().unwrap_or_default());
        name.push(".tmp");
        let temporary = out.with_file_name(name);
        let file = BufWriter::new(File::create(&temporary).map_err(cannot)?);
        Ok(Writer::Gif {
            gif: GifFrames::new(file, fps),
            temporary,
            out: out.to_path_buf(),
        })
    }

    /// Adds the next picture.
    fn push(&mut self, picture: RgbaImage) -> Result<(), String> {
        match self {
            Writer::Gif { gif, out, .. } => gif
                .push(picture)
                .map_err(|e| format!("{}: cannot write: {e}", out.display())),
            Writer::Pngs { dir, written } => {
                let path = dir.join(format!("frame-{written:05}.png"));
                *written += 1;
                picture
                    .save_with_format(&path, image::ImageFormat::Png)
                    .map_err(|e| format!("{}: cannot write: {e}", path.display()))
            }
        }
    }

    /// Ends the file: the GIF is flushed and renamed into place.
    fn finish(self) -> Result<(), String> {
        if let Writer::Gif {
            gif,
            temporary,
            out,
        } = self
        {
            let cannot =
                |e: &dyn std::fmt::Display| format!("{}: cannot write: {e}", out.display());
            let file = gif.finish().map_err(|e| cannot(&e))?;
            file.into_inner()
                .map_err(|e| cannot(e.error()))?
                .sync_all()
                .map_err(|e| cannot(&e))?;
            std::fs::rename(&temporary, &out).map_err(|e| cannot(&e))?;
        }
        Ok(())
    }

    /// Removes what an export that failed left behind (the GIF's temporary file).
    fn abandon(self) {
        if let Writer::Gif { gif, temporary, .. } = self {
            drop(gif);
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// An export ready to run: the frames and the open output.
pub struct Export {
    /// The frames to draw.
    pub frames: Frames,
    writer: Writer,
    out: PathBuf,
}

/// What an export wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exported {
    /// Frames written.
    pub frames: u64,
    /// The step of the first frame and of the last.
    pub steps: (u64, u64),
    /// Where the replay stopped matching its hashes, if it did in the steps played.
    pub diverged_at: Option<u64>,
}

impl Export {
    /// Reads the replay at `path`, checks `range` against it and opens `out` (an animated GIF
    /// when it ends in `.gif`, else a directory of PNG frames, made if missing).
    ///
    /// # Errors
    /// One line naming the file: the replay cannot be read, the range is outside it, the
    /// output cannot be written.
    pub fn prepare(path: &Path, out: &Path, range: &ExportRange) -> Result<Export, String> {
        let replay = file::read(path).map_err(|e| e.to_string())?;
        let frames = Frames::new(replay, path, range)?;
        let writer = Writer::create(out, frames.fps)?;
        Ok(Export {
            frames,
            writer,
            out: out.to_path_buf(),
        })
    }

    /// Draws every frame with `render` (a batch to a picture) and writes it.
    ///
    /// # Errors
    /// The renderer's error, or a picture that cannot be written (named); the GIF's temporary
    /// file is removed.
    pub fn run(
        mut self,
        render: &mut dyn FnMut(&SpriteBatch) -> Result<RgbaImage, String>,
    ) -> Result<Exported, String> {
        let mut steps = (0, 0);
        let mut written = 0;
        let result = (|| {
            while let Some((step, batch)) = self.frames.next_frame() {
                let picture = render(&batch)?;
                self.writer.push(picture)?;
                steps = (if written == 0 { step } else { steps.0 }, step);
                written += 1;
            }
            Ok(())
        })();
        match result {
            Ok(()) => self.writer.finish()?,
            Err(e) => {
                self.writer.abandon();
                return Err(e);
            }
        }
        Ok(Exported {
            frames: written,
            steps,
            diverged_at: self.frames.divergence().map(|d| d.step),
        })
    }

    /// Where the pictures go.
    pub fn out(&self) -> &Path {
        &self.out
    }

    /// Gives up before [`Export::run`] (no renderer could be made): removes the GIF's
    /// temporary file.
    pub fn abandon(self) {
        self.writer.abandon();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gif_delays_add_up_to_the_frame_rate() {
        for fps in [1, 7, 20, 24, 30, 60] {
            let total: u64 = (0..u64::from(fps) * 3)
                .map(|k| u64::from(gif_delay_cs(k, fps)))
                .sum();
            assert_eq!(total, 300, "{fps} fps: three seconds are {total} cs");
        }
        assert_eq!(
            (0..6).map(|k| gif_delay_cs(k, 30)).collect::<Vec<_>>(),
            [3, 4, 3, 3, 4, 3]
        );
        assert_eq!(gif_delay_cs(5, 20), 5);
    }

    #[test]
    fn gif_names_are_told_from_directories() {
        assert!(is_gif(Path::new("a/b.gif")) && is_gif(Path::new("B.GIF")));
        assert!(!is_gif(Path::new("frames")) && !is_gif(Path::new("x.png")));
    }
}
