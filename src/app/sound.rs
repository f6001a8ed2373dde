//! The sound's side of the window: opening the audio output, and the mute indicator drawn over
//! every screen but the level editor while the sound is off.

use crate::assets::Assets;
use crate::audio::Audio;
use crate::config::AudioConfig;

/// The audio output at `volumes`, silent if `muted`; `None` (why logged, once) if it cannot
/// be opened.
pub(super) fn open_audio_output(
    assets: &Assets,
    volumes: AudioConfig,
    muted: bool,
) -> Option<Audio> {
    match Audio::new(assets, AudioConfig { muted, ..volumes }) {
        Ok(audio) => {
            // A page's console says when the output opened (after the first gesture).
            #[cfg(target_arch = "wasm32")]
            log::info!("the audio output is open");
            Some(audio)
        }
        Err(e) => {
            log::warn!("{e}");
            None
        }
    }
}

/// Whether the audio output may be opened now: at once on the desktop; in a page only after
/// the player's first key press, click or touch (browsers refuse to start audio before one,
/// so the output opens on the frame after it).
pub(super) fn output_allowed() -> bool {
    #[cfg(target_arch = "wasm32")]
    return super::browser::input::had_gesture();
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// What the mute indicator says (top-right corner while the sound is off; every screen but the
/// level editor's, see [`super::scenes::Chrome::shows_mute`]).
pub const MUTED_TEXT: &str = "MUTED";
/// Glyph height of the mute indicator, playfield pixels.
const MUTED_SIZE: f32 = 12.0;

/// Appends the mute indicator to `out`: [`MUTED_TEXT`] in the playfield's top-right corner
/// (playfield pixels, 4 px from the edges), on a dark box so it reads over bricks.
pub(super) fn mute_indicator(out: &mut Vec<crate::view::SpriteInstance>) {
    use crate::playfield::PLAYFIELD_WIDTH;
    use crate::view::text::{layout, panel, text_width};
    let width = text_width(MUTED_TEXT, MUTED_SIZE);
    let (x, y) = (PLAYFIELD_WIDTH - 4.0 - 4.0 - width, 4.0);
    panel(
        out,
        [x - 4.0, y - 2.0, width + 8.0, MUTED_SIZE + 4.0],
        [0.0, 0.0, 0.05, 0.7],
    );
    layout(out, MUTED_TEXT, x, y, MUTED_SIZE, [1.0, 0.85, 0.3, 1.0]);
}
