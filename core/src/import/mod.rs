//! Other Breakouts' level sets, read in their own formats and turned into this game's
//! [`Level`](crate::level::Level)s: LBreakout2 (`lbreakout2.rs`), KBreakOut (`kbreakout.rs`),
//! SDL-Ball (`sdlball.rs`) and gnome-breakout (`gnome.rs`), one file per format, each naming
//! the original game's loader it follows. [`load_set`] detects the format from the content;
//! `breakout import` writes the levels out as `.lvl` files, and the game plays a set file
//! directly.
//!
//! A conversion is exact where this game has the feature; otherwise it is an
//! [`Approximation`], reported per level so players and authors know what differs.
//!
//! Never panics on any input: a file the original game would reject, or one broken in a way it
//! is not (truncated, binary), is an [`ImportError`] with file, line and, where it means
//! something, column.

pub mod common;
mod gnome;
mod kbreakout;
mod kbreakout_xml;
mod lbreakout2;
mod sdlball;
mod types;

pub use types::{
    Approximation, Format, FormatDef, ImportError, ImportedLevel, Installed, LevelSet, Marker,
    OriginalBrick, SetName, Skipped,
};

use std::path::Path;

/// Reads the level set in `path`, in the given format or, with `None`, the one its content
/// shows.
///
/// # Errors
/// [`ImportError::Io`] if it cannot be read; [`ImportError::UnknownFormat`] if it is in none of
/// the formats; [`ImportError::Invalid`] with line and column if it is broken.
pub fn load_set(path: &Path, format: Option<Format>) -> Result<LevelSet, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_set(&bytes, path, format)
}

/// Like [`load_set`], from the file's bytes; `path` names it in messages and gives the set's
/// name where the format has none.
///
/// # Errors
/// As [`load_set`], without [`ImportError::Io`].
pub fn parse_set(
    bytes: &[u8],
    path: &Path,
    format: Option<Format>,
) -> Result<LevelSet, ImportError> {
    let Some(format) = format.or_else(|| detect(bytes)) else {
        return Err(ImportError::UnknownFormat {
            path: path.to_path_buf(),
            reason: "no format's markers found".to_string(),
        });
    };
    match format {
        Format::LBreakout2 => lbreakout2::parse(bytes, path),
        Format::KBreakOut => kbreakout::parse(bytes, path),
        Format::SdlBall => sdlball::parse(bytes, path),
        Format::Gnome => gnome::parse(bytes, path),
    }
}

/// The format `bytes` look like, from the marker each format's files hold
/// ([`FormatDef::marker`]): the first format of [`Format::ALL`] whose strong marker is found,
/// else the first whose weak one is; `None` if none fits.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
    [true, false].into_iter().find_map(|strong| {
        Format::ALL.into_iter().find(|f| {
            let marker = f.def().marker;
            marker.is_strong() == strong && marker.found_in(&head)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one imported level of `text` read as `format`.
    fn only_level(text: &str, format: Format, path: &str) -> ImportedLevel {
        let set = parse_set(text.as_bytes(), Path::new(path), Some(format))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.levels.len(), 1, "{:?}", set.skipped);
        set.levels.into_iter().next().unwrap()
    }

    /// The original bricks of `imported` as text, one line per row, `.` where there is none
    /// (and `D` with its colour as `D` only); checks they line up with the level's cells.
    fn original_rows(imported: &ImportedLevel) -> Vec<String> {
        let level = &imported.level;
        assert_eq!(imported.original.len(), level.cells.len());
        for (i, (o, cell)) in imported.original.iter().zip(&level.cells).enumerate() {
            assert_eq!(o.is_some(), cell.is_some(), "cell {i}: {o:?} but {cell:?}");
        }
        imported
            .original
            .chunks(level.cols)
            .map(|row| row.iter().map(|o| o.map_or('.', |b| b.code)).collect())
            .collect()
    }

    #[test]
    fn lbreakout2_keeps_each_cells_character() {
        let mut text = String::from("Level:\nme\nA\nBricks:\n");
        text.push_str("E#@abcvxyzdefg\n");
        text.push_str("hijk*!FGHIJK.?\n");
        text.push_str(&"..............\n".repeat(16));
        text.push_str("Bonus:\n");
        text.push_str(&"..............\n".repeat(18));
        let imported = only_level(&text, Format::LBreakout2, "Set");
        let rows = original_rows(&imported);
        assert_eq!(rows.len(), 18);
        assert_eq!(rows[0], "E#@abcvxyzdefg");
        // `.` is empty and an unknown `?` is left empty, as in LBreakout2.
        assert_eq!(rows[1], "hijk*!FGHIJK..");
        assert!(imported
            .original
            .iter()
            .all(|o| o.is_none_or(|b| b.colour.is_none())));
    }

    #[test]
    fn kbreakout_keeps_each_cells_type_character() {
        let xml = r#"<KBreakOutLevelSet><Level Name="A">
            <Line Number="2">-123456mxuh?</Line>
            <Line>---1</Line>
        </Level></KBreakOutLevelSet>"#;
        let imported = only_level(xml, Format::KBreakOut, "set.levelset");
        let rows = original_rows(&imported);
        // Row 1 is empty; the unknown `?` is the PlainBrick1 KBreakOut makes of it.
        assert_eq!(
            rows,
            [
                ".".repeat(20),
                format!(".123456mxuh1{}", ".".repeat(8)),
                format!("...1{}", ".".repeat(16))
            ]
        );
    }

    #[test]
    fn sdlball_keeps_each_cells_brick_and_custom_colour() {
        let mut text = String::from("** Start **\n");
        let cells = [
            "00", "01", "02", "03", "04", "M5", "06", "07", "08", "00", "09", "0A",
        ];
        text.push_str(&cells.concat());
        text.push_str("0B0C0Dff8000");
        text.push_str(&"00".repeat(11));
        text.push('\n');
        for _ in 1..23 {
            text.push_str(&"00".repeat(26));
            text.push('\n');
        }
        text.push_str("** Stop **\n");
        let imported = only_level(&text, Format::SdlBall, "default/levels.txt");
        let rows = original_rows(&imported);
        assert_eq!(rows[0], format!(".12345678.9ABCD{}", ".".repeat(11)));
        let colours: Vec<_> = imported
            .original
            .iter()
            .flatten()
            .filter_map(|b| b.colour)
            .collect();
        assert_eq!(colours, [[0xff, 0x80, 0x00]]);
    }

    #[test]
    fn gnome_keeps_each_cells_block_code() {
        let mut text = String::from("BEGIN_LEVEL\nNAME A\nBEGIN_DATA\n0,1,2,3,4,5,6,0,0,1\n");
        text.push_str(&"0,0,0,0,0,0,0,0,0,0\n".repeat(14));
        text.push_str("END_DATA\nEND_LEVEL\n");
        let imported = only_level(&text, Format::Gnome, "a.gbl");
        assert_eq!(original_rows(&imported)[0], ".123456..1");
    }
}
