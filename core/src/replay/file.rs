//! The `.bkreplay` file: a fixed header, then the [`Replay`] serialised with postcard and
//! compressed with DEFLATE. `docs/replays.md` has the layout.
//!
//! ```text
//! bytes 0..8    magic "BKREPLAY"
//! bytes 8..10   format version, u16 little-endian (FORMAT_VERSION)
//! bytes 10..14  CRC-32 (IEEE) of the bytes from 14 on, u32 little-endian
//! bytes 14..    DEFLATE (RFC 1951) of the postcard encoding of `Replay`
//! ```
//!
//! The checksum turns any damage into one clear error before anything is decoded; a newer
//! format version is refused by its number, never misread.

use super::settings_old::{StoredSettingsV2, StoredSettingsV4, StoredSettingsV5, StoredSettingsV6};
use super::track_old::{InputTrackV1, InputTrackV2, InputTrackV6};
use super::{Change, End, Header, InputTrack, Math, Origin, Replay, StoredSettings};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"BKREPLAY";
/// The format version this build writes and the newest it reads. Raise it whenever the
/// encoding of [`Replay`] changes (a field added, removed or reordered, a code read
/// differently), and keep reading the older ones.
///
/// - 1: the first, written by development builds after 0.2.0 (never in a release).
/// - 2: a paddle target that is not a whole 1/256 px is stored as the change of its `f32` bits
///   since the last target, not as the bits themselves.
/// - 3: the input track's target codes are stored as one-byte picks from a palette of the
///   codes used most, the others in full; the settings end with the difficulty's (its name,
///   start lives, paddle width, bad power-ups on or off, duration and score factors), which
///   older files read as Normal's.
/// - 4: the header ends with the math the game computed with ([`super::Math`]): portable
///   (the `libm` crate's, the same bits on every target, and the canonical state hash) for
///   every file this version writes; formats 1–3 read as the platform's.
/// - 5: the settings end with the paddle rule's name (`sim::PaddleRule`, chosen with the level's
///   physics by `--collision native`), which older files read as this game's, `game`.
/// - 6: the settings end with the sub-steps' name (`sim::SubSteps`: `on`, or `off` for one raw
///   collision test per step), which older files read as `on`.
/// - 7: the settings end with the controls (`sim::ControlSettings`: paddle style, ball turbo
///   speed and auto, key acceleration, launch angle, auto-return), the warp percentage and the
///   stall breaker, which older files read as played (this game's controls, no stall
///   breaker); the input track gains two columns, each run's actions (`sim::Actions`) and
///   picked point, which older files read as empty.
pub const FORMAT_VERSION: u16 = 7;
/// How far past [`FORMAT_VERSION`] a format number is still believed to be a real newer
/// format (four formats came in the first months; sixteen more is years of them). A number
/// further out is far likelier damage after an intact magic (random bytes, a bit flip in
/// bytes 8–9), so the message says both rather than blame a newer breakout.
pub const NEWER_FORMATS_BELIEVED: u16 = 16;
/// Bytes before the compressed body.
pub const HEADER_LEN: usize = 14;
/// Largest decompressed body read, bytes: far above any real replay (a 30-minute game is tens of
/// kilobytes), so a damaged or hostile file cannot make the reader allocate without bound.
pub const MAX_BODY: u64 = 64 << 20;
/// The usual file name extension.
pub const EXTENSION: &str = "bkreplay";

/// Why a replay could not be read or written. Every message starts with the file's path.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The bytes are not a replay this build can play.
    #[error("{path}: {what}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the byte offset or field where known.
        what: String,
    },
    /// Written by a newer version of the game.
    #[error(
        "{path}: replay format {found} was written by a newer breakout; this one ({}) reads up \
         to format {FORMAT_VERSION}",
        env!("CARGO_PKG_VERSION")
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u16,
    },
}

/// The file's bytes for `replay`.
pub fn encode(replay: &Replay) -> Vec<u8> {
    let body = postcard::to_allocvec(replay).expect("a replay always serialises");
    let mut out = Vec::with_capacity(HEADER_LEN + body.len() / 2);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    let mut z = flate2::write::DeflateEncoder::new(out, flate2::Compression::best());
    std::io::Write::write_all(&mut z, &body).expect("writing to a Vec never fails");
    let mut out = z.finish().expect("writing to a Vec never fails");
    let crc = crc32fast::hash(&out[HEADER_LEN..]);
    out[10..14].copy_from_slice(&crc.to_le_bytes());
    out
}

/// Reads a replay from the bytes of `path` (the path is only for messages). Errors: not a
/// replay, a newer format, damaged (checksum, truncated body) or undecodable contents (the field
/// or byte offset named), or contents no game can be played from ([`Replay::validate`]).
pub fn decode(bytes: &[u8], path: &Path) -> Result<Replay, ReplayError> {
    let invalid = |what: String| ReplayError::Invalid {
        path: path.to_path_buf(),
        what,
    };
    if bytes.is_empty() {
        return Err(invalid("empty file, not a replay".into()));
    }
    if !bytes.starts_with(&MAGIC[..bytes.len().min(MAGIC.len())]) {
        return Err(invalid(format!(
            "not a replay (bytes 0–7 should be {:?})",
            String::from_utf8_lossy(MAGIC)
        )));
    }
    if bytes.len() < HEADER_LEN {
        return Err(invalid(format!(
            "truncated at byte {}: the header alone is {HEADER_LEN} bytes",
            bytes.len()
        )));
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version > FORMAT_VERSION.saturating_add(NEWER_FORMATS_BELIEVED) {
        return Err(invalid(format!(
            "not a replay this version can read (format {version}: damaged, or from a newer \
             breakout)"
        )));
    }
    if version > FORMAT_VERSION {
        return Err(ReplayError::Newer {
            path: path.to_path_buf(),
            found: version,
        });
    }
    if version == 0 {
        return Err(invalid(
            "format version 0 (bytes 8–9) does not exist".into(),
        ));
    }
    let stored = u32::from_le_bytes([bytes[10], bytes[11], bytes[12], bytes[13]]);
    let crc = crc32fast::hash(&bytes[HEADER_LEN..]);
    if crc != stored {
        return Err(invalid(format!(
            "damaged or truncated: the checksum of bytes {HEADER_LEN}–{} is {crc:08x}, the \
             header (bytes 10–13) says {stored:08x}",
            bytes.len()
        )));
    }
    let mut body = Vec::new();
    let mut z = flate2::read::DeflateDecoder::new(&bytes[HEADER_LEN..]).take(MAX_BODY + 1);
    z.read_to_end(&mut body)
        .map_err(|e| invalid(format!("the compressed body (from byte {HEADER_LEN}): {e}")))?;
    if body.len() as u64 > MAX_BODY {
        return Err(invalid(format!(
            "the body unpacks to more than {MAX_BODY} bytes"
        )));
    }
    let read = decode_body(version, &body);
    let (replay, rest) = read.map_err(|e| {
        invalid(format!(
            "the body (unpacked, {} bytes) does not decode: {e}",
            body.len()
        ))
    })?;
    if !rest.is_empty() {
        return Err(invalid(format!(
            "{} unexpected bytes after the replay, from unpacked byte {}",
            rest.len(),
            body.len() - rest.len()
        )));
    }
    replay.validate().map_err(invalid)?;
    Ok(replay)
}

/// The replay in an unpacked `body` of format `version` (older formats converted to today's),
/// and the bytes after it. Errors: postcard's, for a body that does not decode.
fn decode_body(version: u16, body: &[u8]) -> Result<(Replay, &[u8]), postcard::Error> {
    match version {
        1 => postcard::take_from_bytes::<OldReplay<StoredSettingsV2, InputTrackV1, ()>>(body).map(
            |(old, rest)| {
                (
                    old.into_replay(StoredSettingsV2::into_current, |t| t.0),
                    rest,
                )
            },
        ),
        2 => postcard::take_from_bytes::<OldReplay<StoredSettingsV2, InputTrackV2, ()>>(body).map(
            |(old, rest)| {
                (
                    old.into_replay(StoredSettingsV2::into_current, |t| t.0),
                    rest,
                )
            },
        ),
        3 => postcard::take_from_bytes::<OldReplay<StoredSettingsV4, InputTrackV6, ()>>(body).map(
            |(old, rest)| {
                (
                    old.into_replay(StoredSettingsV4::into_current, |t| t.0),
                    rest,
                )
            },
        ),
        4 => postcard::take_from_bytes::<OldReplay<StoredSettingsV4, InputTrackV6, Math>>(body)
            .map(|(old, rest)| {
                (
                    old.into_replay(StoredSettingsV4::into_current, |t| t.0),
                    rest,
                )
            }),
        5 => postcard::take_from_bytes::<OldReplay<StoredSettingsV5, InputTrackV6, Math>>(body)
            .map(|(old, rest)| {
                (
                    old.into_replay(StoredSettingsV5::into_current, |t| t.0),
                    rest,
                )
            }),
        6 => postcard::take_from_bytes::<OldReplay<StoredSettingsV6, InputTrackV6, Math>>(body)
            .map(|(old, rest)| {
                (
                    old.into_replay(StoredSettingsV6::into_current, |t| t.0),
                    rest,
                )
            }),
        _ => postcard::take_from_bytes::<Replay>(body),
    }
}

/// Reads the replay at `path`. Errors: as [`decode`], or the file cannot be read.
pub fn read(path: &Path) -> Result<Replay, ReplayError> {
    let bytes = crate::files::read(path).map_err(|source| ReplayError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    decode(&bytes, path)
}

/// Writes `replay` to `path` atomically (a crash leaves the old file or the new one, never half
/// of one), making its directory if needed. Errors: the file cannot be written.
pub fn write(path: &Path, replay: &Replay) -> Result<(), ReplayError> {
    let io = |source| ReplayError::Io {
        path: path.to_path_buf(),
        source,
    };
    crate::files::write_atomic(path, &encode(replay)).map_err(io)
}

/// A [`Header`] as formats 1–6 stored it: formats 1–3 without [`Header::math`] (read as
/// [`Math::Platform`]), its settings as that format stored them (`StoredSettingsV2`, without
/// the difficulty's, in formats 1 and 2; `StoredSettingsV4`, without the paddle rule, in 3
/// and 4; `StoredSettingsV5`, without the sub-steps, in 5; `StoredSettingsV6`, without the
/// controls, in 6).
#[derive(serde::Deserialize)]
struct OldHeader<Settings, M> {
    game_version: String,
    recorded_at: u64,
    origin: Origin,
    level_name: String,
    level_text: String,
    start_score: u32,
    start_lives: u32,
    settings: Settings,
    taken_over_at: Option<u64>,
    played_by: Option<String>,
    /// Format 4's [`Math`]; `()` (nothing stored) in formats 1–3.
    math: M,
}

/// What an old header's last field gives: format 4's math, or the platform's for formats 1–3.
trait OldMath {
    /// The header's [`Math`].
    fn math(self) -> Math;
}

impl OldMath for () {
    fn math(self) -> Math {
        Math::Platform
    }
}

impl OldMath for Math {
    fn math(self) -> Math {
        self
    }
}

/// A [`Replay`] as formats 1–6 stored it: its header as [`OldHeader`], its input track as that
/// format stored it ([`InputTrackV1`], [`InputTrackV2`], [`InputTrackV6`]).
#[derive(serde::Deserialize)]
struct OldReplay<Settings, Track, M> {
    header: OldHeader<Settings, M>,
    inputs: Track,
    changes: Vec<Change>,
    hashes: Vec<u64>,
    end: Option<End>,
}

impl<Settings, Track, M: OldMath> OldReplay<Settings, Track, M> {
    /// Today's replay, the settings and the track converted by `settings` and `track`.
    fn into_replay(
        self,
        settings: impl FnOnce(Settings) -> StoredSettings,
        track: impl FnOnce(Track) -> InputTrack,
    ) -> Replay {
        let h = self.header;
        Replay {
            header: Header {
                game_version: h.game_version,
                recorded_at: h.recorded_at,
                origin: h.origin,
                level_name: h.level_name,
                level_text: h.level_text,
                start_score: h.start_score,
                start_lives: h.start_lives,
                settings: settings(h.settings),
                taken_over_at: h.taken_over_at,
                played_by: h.played_by,
                math: h.math.math(),
            },
            inputs: track(self.inputs),
            changes: self.changes,
            hashes: self.hashes,
            end: self.end,
        }
    }
}
