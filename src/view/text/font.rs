//! The game's font: JetBrains Mono Bold, a monospaced vector font (Apache-2.0, from Debian's
//! `fonts-jetbrains-mono` package; the file and its licence are in `textures/fonts/`), embedded
//! in the binary. Nothing is loaded at run time.
//!
//! Text sizes in the game are *glyph heights* in playfield pixels (the `size` of
//! [`super::layout`]): the font's em square is [`EM`] × size, its baseline [`BASELINE`] × size
//! below the top of the line, and every glyph advances the pen by [`ADVANCE`] × size.

use ab_glyph::{Font, FontRef, PxScale};
use std::sync::OnceLock;

/// The font file's bytes (TrueType).
const FONT_FILE: &[u8] = include_bytes!("../../../textures/fonts/JetBrainsMono-Bold.ttf");

/// Em size of the font as a fraction of a text size (a 16 px text has a 16 px em square).
pub const EM: f32 = 1.0;
/// Horizontal advance of every glyph as a fraction of the text size: the font is monospaced,
/// each glyph 600 font units wide in its 1000-unit em (checked by a test).
pub const ADVANCE: f32 = 0.6 * EM;
/// Distance from the top of a line of text down to its baseline, as a fraction of the text
/// size: capitals (730 font units high) then start 0.12 × size below the top, and descenders
/// (300 units) end 1.15 × size below it.
pub const BASELINE: f32 = 0.85 * EM;

/// The parsed font.
pub fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        // The file is part of the binary and checked by a test: it always parses.
        FontRef::try_from_slice(FONT_FILE).expect("the built-in font parses")
    })
}

/// The `ab_glyph` scale giving an em square of `em_pixels` pixels (`PxScale` measures the
/// font's ascent-to-descent height, not its em).
pub fn px_scale(em_pixels: f32) -> PxScale {
    let f = font();
    let units_per_em = f.units_per_em().unwrap_or(1000.0);
    PxScale::from(em_pixels * f.height_unscaled() / units_per_em)
}

/// Whether the font has a glyph for `c` (other characters are drawn as `?`).
pub fn has_glyph(c: char) -> bool {
    font().glyph_id(c).0 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use ab_glyph::ScaleFont;

    #[test]
    fn every_printable_ascii_glyph_advances_by_the_same_amount() {
        let scaled = font().as_scaled(px_scale(100.0));
        for c in ' '..='~' {
            assert!(has_glyph(c), "{c:?} missing");
            let advance = scaled.h_advance(font().glyph_id(c));
            assert!((advance - ADVANCE * 100.0).abs() < 0.01, "{c:?}: {advance}");
        }
        // The scroll hints and the ellipsis are in the font too.
        for c in ['▲', '▼', '…'] {
            assert!(has_glyph(c), "{c:?} missing");
        }
    }

    #[test]
    fn capitals_and_descenders_stay_near_the_line() {
        let scaled = font().as_scaled(px_scale(100.0));
        let top = BASELINE * 100.0 - scaled.ascent();
        let bottom = BASELINE * 100.0 - scaled.descent();
        assert!(top < 0.0 && bottom > 100.0, "{top} {bottom}");
        let cap = font()
            .outline_glyph(font().glyph_id('H').with_scale(px_scale(100.0)))
            .map(|g| g.px_bounds());
        let cap = cap.expect("H has an outline");
        assert!(BASELINE * 100.0 + cap.min.y >= 5.0, "{:?}", cap);
    }
}
