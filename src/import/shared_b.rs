//! Helpers the KBreakOut (`kbreakout.rs`) and SDL-Ball (`sdlball.rs`) readers share: building a
//! [`Level`] from a grid of converted bricks, the seeded generator that rolls the random parts of
//! a foreign level once at import, the tally of approximations, header text and errors.

use super::{Approximation, ImportError};
use crate::assets::palette::brick_color;
use crate::level::{
    BrickArea, BrickKind, CellExtras, Explosion, Level, PowerUpKind, Scoring, PLAIN_COLOURS,
};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::path::Path;

/// One converted brick: its kind, own colour, hits and power-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Brick {
    /// The kind.
    pub kind: BrickKind,
    /// Its own colour (`:RRGGBB`), sRGB bytes.
    pub colour: Option<[u8; 3]>,
    /// Hits it takes (the kind's default unless the foreign brick differs).
    pub hits: u8,
    /// The power-up it releases (destructible kinds only).
    pub powerup: Option<PowerUpKind>,
}

impl Brick {
    /// A brick of `kind` with its default hits, no colour and no power-up.
    pub fn new(kind: BrickKind) -> Brick {
        Brick {
            kind,
            colour: None,
            hits: kind.default_hits(),
            powerup: None,
        }
    }

    /// The same brick with its own colour.
    pub fn coloured(self, colour: [u8; 3]) -> Brick {
        Brick {
            colour: Some(colour),
            ..self
        }
    }

    /// The same brick taking `hits` hits.
    pub fn with_hits(self, hits: u8) -> Brick {
        Brick { hits, ..self }
    }

    /// The level-file extensions of this brick, `None` when it has only its kind's defaults (so
    /// the level equals its own text parsed back). A power-up on an indestructible kind is
    /// dropped here; the readers never put one there.
    fn extras(self) -> Option<CellExtras> {
        let powerup = self.powerup.filter(|_| self.kind.is_destructible());
        let hits = if self.kind.is_destructible() {
            self.hits
        } else {
            self.kind.default_hits()
        };
        let plain = hits == self.kind.default_hits() && powerup.is_none() && self.colour.is_none();
        (!plain).then_some(CellExtras {
            hits,
            powerup,
            colour: self.colour,
        })
    }
}

/// The headers of an imported level.
pub(super) struct Headers {
    /// `Level::name`: the identifier (`<set>-<NN>`).
    pub name: String,
    /// `@name:`.
    pub title: Option<String>,
    /// `@source:`.
    pub source: String,
    /// `@area:`.
    pub area: BrickArea,
    /// `@explosion:`.
    pub explosion: Explosion,
    /// `@scoring:`.
    pub scoring: Scoring,
}

/// Builds a level of `rows × cols` cells (row-major) with the given headers. Header text is
/// passed through [`header_text`] so that `Level::parse(&level.to_text(), name)` gives it back.
pub(super) fn build_level(
    rows: usize,
    cols: usize,
    cells: &[Option<Brick>],
    headers: Headers,
) -> Level {
    debug_assert_eq!(cells.len(), rows * cols);
    let extras = cells
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.and_then(Brick::extras).map(|e| (i, e)))
        .collect();
    Level {
        name: headers.name,
        title: headers.title.as_deref().and_then(header_text),
        author: None,
        rows,
        cols,
        cells: cells.iter().map(|b| b.map(|b| b.kind)).collect(),
        extras,
        source: header_text(&headers.source),
        area: Some(headers.area),
        explosion: headers.explosion,
        scoring: headers.scoring,
    }
}

/// A header value as the level file keeps it: control characters and `#` (which starts a
/// comment) become spaces, the ends are trimmed; `None` if nothing is left.
pub(super) fn header_text(value: &str) -> Option<String> {
    let text: String = value
        .chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The generator that rolls a level's random parts (KBreakOut's gift placement, SDL-Ball's
/// random power-up codes) once at import, seeded from the 1-based level number so the same
/// file always gives the same levels.
pub(super) fn level_rng(number: usize) -> Pcg32 {
    Pcg32::seed_from_u64(number as u64)
}

/// The plain colour digit (`2`–`9`) whose tint is nearest to `rgb` (sRGB bytes), so a brick
/// with its own colour still has a fitting digit (score, and where the colour is not drawn).
pub(super) fn nearest_plain(rgb: [u8; 3]) -> u8 {
    let target = rgb.map(|c| f32::from(c) / 255.0);
    (2..2 + PLAIN_COLOURS.len() as u8)
        .min_by(|&a, &b| {
            let d = |digit: u8| {
                let t = brick_color(BrickKind::Plain(digit), None);
                (0..3).map(|i| (t[i] - target[i]).powi(2)).sum::<f32>()
            };
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(2)
}

/// The approximations of one level, in first-seen order, cells added up per feature.
#[derive(Default)]
pub(super) struct Tally(Vec<Approximation>);

impl Tally {
    /// Adds `cells` cells (0 for a level-wide feature) to `feature`.
    pub fn add(&mut self, feature: impl Into<String>, cells: usize) {
        let feature = feature.into();
        match self.0.iter_mut().find(|a| a.feature == feature) {
            Some(a) => a.cells += cells,
            None => self.0.push(Approximation { feature, cells }),
        }
    }

    /// The approximations.
    pub fn into_vec(self) -> Vec<Approximation> {
        self.0
    }
}

/// An [`ImportError::Invalid`] at `line`, `column` (1-based; column 0 when it does not apply).
pub(super) fn invalid(path: &Path, line: usize, column: usize, message: String) -> ImportError {
    ImportError::Invalid {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// The file as text, without a UTF-8 byte-order mark; invalid UTF-8 is an error at the line and
/// column of the first bad byte.
pub(super) fn utf8<'a>(bytes: &'a [u8], path: &Path) -> Result<&'a str, ImportError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.strip_prefix('\u{feff}').unwrap_or(text)),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            Err(invalid(
                path,
                line,
                column,
                "invalid UTF-8: the file is not text".to_string(),
            ))
        }
    }
}

/// The file stem of `path` (the set's name where the format has none), `"set"` if it has none.
pub(super) fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "set".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_plain_finds_each_palette_colour() {
        for digit in 2..=9u8 {
            let t = brick_color(BrickKind::Plain(digit), None);
            let rgb = [0, 1, 2].map(|i| (t[i] * 255.0).round() as u8);
            assert_eq!(nearest_plain(rgb), digit, "{rgb:?}");
        }
    }

    #[test]
    fn header_text_round_trips_through_a_level_file() {
        for raw in ["Level 5", " a#b\tc ", "\u{7}", "x:y: z"] {
            let Some(text) = header_text(raw) else {
                assert!(raw.trim_matches(|c: char| c.is_control()).trim().is_empty());
                continue;
            };
            let level = Level::parse(&format!("@name: {text}\n2\n"), "t").unwrap();
            assert_eq!(level.title.as_deref(), Some(text.as_str()));
        }
    }

    #[test]
    fn tally_adds_up_per_feature() {
        let mut t = Tally::default();
        t.add("a", 2);
        t.add("b", 1);
        t.add("a", 3);
        let v = t.into_vec();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].feature.as_str(), v[0].cells), ("a", 5));
    }
}
