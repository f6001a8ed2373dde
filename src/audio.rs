//! Music and sound effects through rodio. Consumes [`GameEvent`]s; never blocks or fails the game.
//!
//! With no audio device the game runs silently: [`Audio::new`] logs why once and every later
//! call is a no-op. Muted (M, `[audio] muted`, `--mute`), the stream stays open and silent.

use crate::assets::powerup_looks::FamilyLook;
use crate::assets::Assets;
use crate::config::AudioConfig;
use crate::level::Family;
use crate::sim::GameEvent;
use rodio::{Decoder, OutputStream, OutputStreamBuilder, Sink, Source};
use std::collections::HashMap;
use std::io::Cursor;
use std::path::PathBuf;

/// A sound effect, one WAV file in `audio/` (built in, see [`crate::assets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A destructible brick destroyed: `brick.wav`.
    Brick,
    /// A solid brick hit: `solid.wav`.
    Solid,
    /// The paddle hit: `paddle.wav`.
    Paddle,
    /// A life lost: `life_lost.wav`.
    LifeLost,
    /// A level cleared: `level_cleared.wav`.
    LevelCleared,
    /// A brick grown (and a caught power-up whose family's sound is missing): `powerup.wav`.
    PowerUp,
    /// A power-up of a family caught by the paddle: `powerup_<family>.wav`
    /// ([`FamilyLook::sound_file`]); the family is the power-up's
    /// ([`crate::level::PowerUpKind::family`]). Falls back to [`Sound::PowerUp`] if its file
    /// is missing or broken.
    Caught(Family),
    /// An explosive brick going off: `explosion.wav`.
    Explosion,
}

impl Sound {
    /// Every sound, each decoded once at start-up.
    pub const ALL: [Sound; 12] = [
        Sound::Brick,
        Sound::Solid,
        Sound::Paddle,
        Sound::LifeLost,
        Sound::LevelCleared,
        Sound::PowerUp,
        Sound::Explosion,
        Sound::Caught(Family::Points),
        Sound::Caught(Family::Paddle),
        Sound::Caught(Family::Ball),
        Sound::Caught(Family::Field),
        Sound::Caught(Family::Bad),
    ];

    /// The file name under `audio/`.
    pub fn file_name(self) -> &'static str {
        match self {
            Sound::Brick => "brick.wav",
            Sound::Solid => "solid.wav",
            Sound::Paddle => "paddle.wav",
            Sound::LifeLost => "life_lost.wav",
            Sound::LevelCleared => "level_cleared.wav",
            Sound::PowerUp => "powerup.wav",
            Sound::Explosion => "explosion.wav",
            Sound::Caught(family) => family.sound_file(),
        }
    }

    /// The sound played instead when this one's file is missing or broken: none for the
    /// game's first sounds (their events then play nothing), [`Sound::PowerUp`] for a family's.
    pub fn fallback(self) -> Option<Sound> {
        match self {
            Sound::Caught(_) => Some(Sound::PowerUp),
            _ => None,
        }
    }

    /// The sound a game event makes, if any.
    pub fn for_event(event: &GameEvent) -> Option<Sound> {
        match event {
            GameEvent::BrickDestroyed { .. } => Some(Sound::Brick),
            GameEvent::SolidHit { .. } | GameEvent::BrickDamaged { .. } => Some(Sound::Solid),
            GameEvent::PaddleHit => Some(Sound::Paddle),
            GameEvent::LifeLost { .. } => Some(Sound::LifeLost),
            GameEvent::LevelCleared => Some(Sound::LevelCleared),
            GameEvent::PowerUpCollected { kind } => Some(Sound::Caught(kind.family())),
            GameEvent::BrickGrown { .. } => Some(Sound::PowerUp),
            GameEvent::Explosion { .. } => Some(Sound::Explosion),
            // The stall breaker's build-up, then its strike.
            GameEvent::StallWarning { .. } => Some(Sound::PowerUp),
            GameEvent::Lightning { .. } => Some(Sound::Explosion),
            // A warp's and a pick's own `LevelCleared` and `BrickDestroyed` follow.
            GameEvent::Warped { .. } | GameEvent::BrickPicked { .. } => None,
            GameEvent::PowerUpReleased { .. }
            | GameEvent::PowerUpEnded { .. }
            | GameEvent::WallHit
            | GameEvent::BallLaunched
            | GameEvent::GameOver => None,
        }
    }
}

/// The sounds `events` make (one step's, usually), each once, in the order of their first event.
pub fn sounds_for<'a>(events: impl IntoIterator<Item = &'a GameEvent>) -> Vec<Sound> {
    let mut sounds = Vec::new();
    for sound in events.into_iter().filter_map(Sound::for_event) {
        if !sounds.contains(&sound) {
            sounds.push(sound);
        }
    }
    sounds
}

/// Why audio could not start, or a sound could not be loaded; logged once, never fatal.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    /// There is no output device (no sound card, or none that opens): the common case on a
    /// server or in CI. (cpal reports it as a device "no longer available", as if unplugged.)
    #[error("no audio output device found; playing silently")]
    NoDevice,
    /// An output device exists but could not be opened or started.
    #[error("cannot open the audio output ({0}); playing silently")]
    Output(rodio::StreamError),
    /// A sound is not among the assets (a programming error: they are all built in).
    #[error("{}: no such sound", path.display())]
    Missing {
        /// The asset's name.
        path: PathBuf,
    },
    /// A sound file is not a valid WAV.
    #[error("{}: cannot decode sound file: {source}", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: rodio::decoder::DecoderError,
    },
}

impl From<rodio::StreamError> for AudioError {
    /// [`AudioError::NoDevice`] for "no device" and "device not available" (what cpal says
    /// when no card exists), [`AudioError::Output`] for anything else.
    fn from(e: rodio::StreamError) -> AudioError {
        use rodio::cpal::{
            BuildStreamError as Build, DefaultStreamConfigError as Default,
            SupportedStreamConfigsError as Configs,
        };
        use rodio::StreamError as S;
        match e {
            S::NoDevice
            | S::BuildStreamError(Build::DeviceNotAvailable)
            | S::DefaultStreamConfigError(Default::DeviceNotAvailable)
            | S::SupportedStreamConfigsError(Configs::DeviceNotAvailable) => AudioError::NoDevice,
            e => AudioError::Output(e),
        }
    }
}

/// Opens the default output device (rodio tries the others if it fails). On Linux, ALSA's
/// own messages while it looks for a device (some 30 `ALSA lib …` lines on stderr on a machine
/// with no sound card) go to the log at debug level instead ([`alsa_quiet`]); the caller logs
/// the outcome in one line.
fn open_output() -> Result<OutputStream, AudioError> {
    #[cfg(target_os = "linux")]
    let _quiet = alsa_quiet::Quiet::new();
    Ok(OutputStreamBuilder::open_default_stream()?)
}

/// ALSA prints its errors on stderr itself unless told otherwise. [`Quiet`] sends this
/// thread's to the log (debug level) while it lives: cpal opens the device on the calling
/// thread, so that covers the search for one. Through `alsa-sys`, already built for cpal.
#[cfg(target_os = "linux")]
mod alsa_quiet {
    use alsa_sys::{__va_list_tag, snd_lib_error_set_local, snd_local_error_handler_t};
    use std::borrow::Cow;
    use std::ffi::{c_char, c_int, CStr};

    /// While alive, ALSA errors on this thread go to [`to_log`]; dropping it puts back the
    /// handler that was there before.
    pub struct Quiet {
        previous: snd_local_error_handler_t,
        /// Not `Send`: the handler is per thread, so it must be put back on the same one.
        _same_thread: std::marker::PhantomData<*const ()>,
    }

    impl Quiet {
        /// Sends this thread's ALSA errors to the log until dropped.
        pub fn new() -> Quiet {
            // SAFETY: sets ALSA's thread-local error handler to a function of the required
            // type, which ALSA calls only on this thread; restored on drop.
            let previous = unsafe { snd_lib_error_set_local(Some(to_log)) };
            Quiet {
                previous,
                _same_thread: std::marker::PhantomData,
            }
        }
    }

    impl Drop for Quiet {
        fn drop(&mut self) {
            // SAFETY: puts back, on the thread that set it (`Quiet` is not `Send`), the
            // handler `new` replaced.
            unsafe {
                snd_lib_error_set_local(self.previous);
            }
        }
    }

    /// Logs where ALSA reported an error and its message's format (the `printf` arguments
    /// are not formatted: a `va_list` cannot be read from Rust).
    unsafe extern "C" fn to_log(
        file: *const c_char,
        line: c_int,
        function: *const c_char,
        err: c_int,
        fmt: *const c_char,
        _args: *mut __va_list_tag,
    ) {
        let text = |p: *const c_char| -> Cow<'_, str> {
            if p.is_null() {
                Cow::Borrowed("?")
            } else {
                // SAFETY: ALSA passes NUL-terminated strings (or null, handled above).
                unsafe { CStr::from_ptr(p) }.to_string_lossy()
            }
        };
        log::debug!(
            "ALSA {}:{line} ({}) {} [errno {err}]",
            text(file),
            text(function),
            text(fmt).trim_end()
        );
    }
}

/// The game's sounds, decoded into memory: each one loaded on its own, so a broken file costs
/// only its own sound ([`Sounds::load`]).
pub struct Sounds {
    /// The effects that decoded.
    pub effects: HashMap<Sound, rodio::buffer::SamplesBuffer>,
    /// The music, if `music.wav` decoded.
    pub music: Option<rodio::buffer::SamplesBuffer>,
    /// Why the others did not, one error per sound (naming its file), in [`Sound::ALL`] order
    /// and the music last.
    pub failures: Vec<(Option<Sound>, AudioError)>,
}

impl Sounds {
    /// Decodes every effect of `assets` (`audio/*.wav`, built in or overridden) and the music,
    /// each on its own: one that is missing or does not decode is left out and its error
    /// recorded in [`Sounds::failures`]; the others load. Needs no audio device.
    pub fn load(assets: &Assets) -> Sounds {
        let mut effects = HashMap::new();
        let mut failures = Vec::new();
        for sound in Sound::ALL {
            match decode(assets, sound.file_name()) {
                Ok(buffer) => {
                    effects.insert(sound, buffer);
                }
                Err(e) => failures.push((Some(sound), e)),
            }
        }
        let music = decode(assets, "music.wav")
            .map_err(|e| failures.push((None, e)))
            .ok();
        Sounds {
            effects,
            music,
            failures,
        }
    }

    /// What a failure of [`Sounds::failures`] means for the player, for the log: the error
    /// (which names the file and why), then what plays instead.
    pub fn describe_failure(sound: Option<Sound>, error: &AudioError) -> String {
        match sound {
            None => format!("{error}; no music"),
            Some(sound) => match sound.fallback() {
                Some(fallback) => format!("{error}; playing {} instead", fallback.file_name()),
                None => format!("{error}; this sound is off, the others play"),
            },
        }
    }
}

/// The game's audio output: a stream, the decoded effects and the music.
pub struct Audio {
    stream: OutputStream,
    volumes: AudioConfig,
    effects: HashMap<Sound, rodio::buffer::SamplesBuffer>,
    music: Option<Sink>,
    muted: bool,
}

impl Audio {
    /// Opens the default output device, decodes the effects and the music of `assets`
    /// ([`Sounds::load`]) and starts the music. A sound that cannot be loaded is logged once
    /// (its file and why) and plays nothing, or its [`Sound::fallback`]; the others, and the
    /// music, play. Volumes come from the config file's `[audio]` section (linear gain, 0–1);
    /// with its `muted`, nothing is heard until [`Audio::set_muted`] turns the sound on.
    ///
    /// # Errors
    /// [`AudioError::NoDevice`] without a device, [`AudioError::Output`] if it cannot be
    /// opened (then nothing is decoded).
    pub fn new(assets: &Assets, volumes: AudioConfig) -> Result<Audio, AudioError> {
        let mut stream = open_output()?;
        stream.log_on_drop(false);
        let sounds = Sounds::load(assets);
        for (sound, error) in &sounds.failures {
            log::warn!("{}", Sounds::describe_failure(*sound, error));
        }
        let music = sounds.music.map(|buffer| {
            let sink = Sink::connect_new(stream.mixer());
            sink.set_volume(if volumes.muted {
                0.0
            } else {
                volumes.music_volume
            });
            sink.append(buffer.repeat_infinite());
            sink
        });
        Ok(Audio {
            stream,
            volumes,
            effects: sounds.effects,
            music,
            muted: volumes.muted,
        })
    }

    /// Plays `sound` once. The effect is handed to the stream's mixer, which owns it until it
    /// ends, so it keeps playing after this returns (a dropped `Sink` would cut it off).
    pub fn play(&self, sound: Sound) {
        if self.muted {
            return;
        }
        let buffer = self
            .effects
            .get(&sound)
            .or_else(|| sound.fallback().and_then(|f| self.effects.get(&f)));
        if let Some(buffer) = buffer {
            self.stream
                .mixer()
                .add(buffer.clone().amplify(self.volumes.effects_volume));
        }
    }

    /// Plays the sound of each event that has one, each sound at most once per call
    /// ([`sounds_for`]): an explosion destroying eight bricks in one step is one explosion and
    /// one brick sound, not eight brick sounds summed into a clipping roar.
    pub fn handle_events<'a>(&self, events: impl IntoIterator<Item = &'a GameEvent>) {
        for sound in sounds_for(events) {
            self.play(sound);
        }
    }

    /// Mutes or unmutes music and effects.
    pub fn set_muted(&mut self, muted: bool) {
        self.muted = muted;
        if let Some(music) = &self.music {
            music.set_volume(if muted {
                0.0
            } else {
                self.volumes.music_volume
            });
        }
    }

    /// Sets the music and effects volumes (linear gain, 0–1): the music at once, effects
    /// from the next one played. `volumes.muted` is ignored: [`Audio::set_muted`] mutes.
    pub fn set_volumes(&mut self, volumes: AudioConfig) {
        self.volumes = volumes;
        self.set_muted(self.muted);
    }

    /// True when muted.
    pub fn is_muted(&self) -> bool {
        self.muted
    }
}

/// Fully decodes the WAV file `audio/<file_name>` of `assets` into memory, so playing it costs
/// no I/O or decoding.
fn decode(assets: &Assets, file_name: &str) -> Result<rodio::buffer::SamplesBuffer, AudioError> {
    let name = format!("audio/{file_name}");
    let asset = assets
        .get(&name)
        .ok_or_else(|| AudioError::Missing { path: name.into() })?;
    let bytes = asset.bytes.into_owned();
    let decoder = Decoder::new(Cursor::new(bytes)).map_err(|source| AudioError::Decode {
        path: asset.origin,
        source,
    })?;
    let channels = decoder.channels();
    let rate = decoder.sample_rate();
    let samples: Vec<f32> = decoder.collect();
    Ok(rodio::buffer::SamplesBuffer::new(
        channels.max(1),
        rate.max(1),
        samples,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::PowerUpKind;

    #[test]
    fn a_caught_power_up_sounds_its_family_good_and_bad_apart() {
        let sound = |kind| Sound::for_event(&GameEvent::PowerUpCollected { kind });
        assert_eq!(
            sound(PowerUpKind::Points500),
            Some(Sound::Caught(Family::Points))
        );
        assert_eq!(
            sound(PowerUpKind::PadSizeIncrease),
            Some(Sound::Caught(Family::Paddle))
        );
        assert_eq!(
            sound(PowerUpKind::Multiball),
            Some(Sound::Caught(Family::Ball))
        );
        for kind in PowerUpKind::ALL {
            assert_eq!(sound(kind), Some(Sound::Caught(kind.family())), "{kind}");
            assert_eq!(
                sound(kind) == Some(Sound::Caught(Family::Bad)),
                kind.is_bad(),
                "{kind}"
            );
        }
    }

    #[test]
    fn every_sound_is_built_in_and_decodes_and_family_sounds_fall_back() {
        let assets = Assets::built_in();
        for sound in Sound::ALL {
            decode(&assets, sound.file_name()).unwrap_or_else(|e| panic!("{e}"));
        }
        let distinct: std::collections::HashSet<_> =
            Sound::ALL.iter().map(|s| s.file_name()).collect();
        assert_eq!(distinct.len(), Sound::ALL.len());
        for family in Family::ALL {
            assert_eq!(Sound::Caught(family).fallback(), Some(Sound::PowerUp));
        }
        // A missing file is an error to catch, not a panic.
        assert!(decode(&assets, "nope.wav").is_err());
    }

    /// The 2026-11-22 play-test: with no sound card the one line said the device was
    /// "no longer available. For example, it has been unplugged."
    #[test]
    fn no_device_is_said_plainly_and_other_output_errors_keep_their_cause() {
        use rodio::cpal::{BuildStreamError, DefaultStreamConfigError};
        use rodio::StreamError;
        let plain = "no audio output device found; playing silently";
        for e in [
            StreamError::NoDevice,
            StreamError::BuildStreamError(BuildStreamError::DeviceNotAvailable),
            StreamError::DefaultStreamConfigError(DefaultStreamConfigError::DeviceNotAvailable),
        ] {
            assert_eq!(AudioError::from(e).to_string(), plain);
        }
        let other = AudioError::from(StreamError::BuildStreamError(
            BuildStreamError::StreamConfigNotSupported,
        ))
        .to_string();
        assert!(
            other.starts_with("cannot open the audio output (")
                && other.ends_with("); playing silently")
                && !other.contains("unplugged"),
            "{other}"
        );
    }

    /// The 2026-11-22 play-test: one garbage effect WAV made `Audio::new` fail, so the
    /// music and every other sound were lost too.
    #[test]
    fn a_sound_that_does_not_decode_is_lost_alone_and_named() {
        let dir = std::env::temp_dir().join(format!("breakout-audio-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("audio")).unwrap();
        std::fs::write(dir.join("audio/paddle.wav"), "garbage").unwrap();
        std::fs::write(dir.join("audio/powerup_bad.wav"), "RIFF nonsense").unwrap();
        let assets = Assets::with_override_dir(&dir).expect("a broken WAV does not stop the game");
        let sounds = Sounds::load(&assets);
        let _ = std::fs::remove_dir_all(&dir);

        assert!(sounds.music.is_some(), "the music still plays");
        let lost = [Sound::Paddle, Sound::Caught(Family::Bad)];
        for sound in Sound::ALL {
            assert_eq!(
                sounds.effects.contains_key(&sound),
                !lost.contains(&sound),
                "{sound:?}"
            );
        }
        let failures: Vec<(Option<Sound>, String)> = sounds
            .failures
            .iter()
            .map(|(sound, e)| (*sound, Sounds::describe_failure(*sound, e)))
            .collect();
        assert_eq!(
            failures.len(),
            2,
            "one failure per broken file: {failures:?}"
        );
        let paddle = dir.join("audio/paddle.wav").display().to_string();
        assert_eq!(failures[0].0, Some(Sound::Paddle));
        assert!(
            failures[0]
                .1
                .starts_with(&format!("{paddle}: cannot decode sound file"))
                && failures[0]
                    .1
                    .ends_with("this sound is off, the others play"),
            "{}",
            failures[0].1
        );
        assert_eq!(failures[1].0, Some(Sound::Caught(Family::Bad)));
        assert!(
            failures[1].1.ends_with("playing powerup.wav instead"),
            "{}",
            failures[1].1
        );
    }
}
