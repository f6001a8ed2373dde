//! gnome-breakout level files (`/usr/share/games/gnome-breakout/levels/*.gbl`), read as
//! gnome-breakout 0.5.3's `src/leveldata.c` does (`read_levelfile`, `read_level`,
//! `read_levelblocks`, `sep_string`, `sep_uint`) and converted with the meanings of
//! `src/block.c` (`new_block`, `hit_block`, `block_strong_hit`, `block_explode_hit`).
//!
//! A file is directive lines (trimmed of spaces and tabs; blank lines and lines starting with
//! `#` are skipped): `GLOBAL_AUTHOR`, `GLOBAL_NAME`, `GLOBAL_DIFFICULTY` (defaults for the
//! levels after them), `TITLE`, and levels: `BEGIN_LEVEL`, then `NAME`, `AUTHOR`,
//! `DIFFICULTY` and `BEGIN_DATA`, 15 rows of 10 comma-separated block codes 0–6, `END_DATA`,
//! then `END_LEVEL`. Like the game, any mistake rejects the whole file; here it is an
//! [`ImportError::Invalid`] with line and column. The levels are played sorted by difficulty,
//! then name (`add_level_to_levels_list`); [`ImportedLevel::number`] is the place in that order.
//!
//! Where the game's reader does something odd this reader refuses the file instead: a blank or
//! comment line between `BEGIN_DATA` and `END_DATA` counts as a row there (of stale blocks),
//! so do fewer than 15 rows; a negative code passes its check and then stops the game. It
//! accepts CRLF line ends, which the game's directive matching does not.
//!
//! Geometry: the 10×15 grid of 40×20 px blocks lies at y 20–320 of a 440×440 field. Here it
//! fills the playfield's width, keeping the field's vertical proportions (×600/440):
//! `@area: 0 27 800 409`, cells of 80×27.3 px.

use super::common::{
    fgets_lines, header_text, invalid, name_levels, reject_nul, Brick, Grid, HeaderStyle, RawLine,
    Tally,
};
use super::types::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, Ruleset};
use std::path::Path;

/// Blocks across (`BLOCKS_X`, `src/breakout.h`).
pub(crate) const COLS: usize = 10;
/// Blocks down (`BLOCKS_Y`).
pub const ROWS: usize = 15;
/// `fgets` buffer size of `read_levelfile`.
const LINE_BUFFER: usize = 1024;
/// Highest block code (`MAX_BLOCK_CODE`, `src/leveldata.h`).
const MAX_CODE: u8 = 6;
/// Characters allowed in names, authors and titles (`VALID_STRING`).
const VALID_STRING: &[u8] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz[];',./!@#$^&*()-=_+`~1234567890 ";

/// Where the grid goes on the 800×600 playfield (pixels); see the module documentation.
pub(crate) const AREA: BrickArea = BrickArea {
    left: 0,
    top: 27,
    width: 800,
    height: 409,
};

/// Colours sampled from the package's pictures (`pixmaps/block.*.0.png` of gnome-breakout
/// 0.5.3): the mean sRGB of each 40×20 picture's inside, 4 px in from its edges.
const DEFAULT_COLOUR: [u8; 3] = [0xfa, 0x81, 0x6b]; // block.default: salmon
/// Strong blocks 1, 2, 3 (codes 3, 4, 5): yellow, green, blue.
const STRONG_COLOURS: [[u8; 3]; 3] = [[0xf9, 0xdd, 0x6a], [0x83, 0xe6, 0x91], [0x6a, 0xb4, 0xf9]];

/// This game's brick for a gnome-breakout block code (`src/leveldata.h`, `src/block.c`): kind,
/// hits and colour; `None` for 0 (and codes above 6, which the reader rejects).
pub(super) fn block(code: u8) -> Option<Brick> {
    Some(match code {
        1 => Brick::new(BrickKind::Plain(5)).coloured(DEFAULT_COLOUR),
        2 => Brick::new(BrickKind::Solid),
        // Strong 1/2/3 fade one step per hit, then die: 2, 3 and 4 hits.
        3..=5 => {
            let i = usize::from(code - 3);
            Brick::new(BrickKind::Plain([4, 3, 2][i]))
                .with_hits(code - 1)
                .coloured(STRONG_COLOURS[i])
        }
        6 => Brick::new(BrickKind::Explosive),
        _ => return None,
    })
}

/// A level as the file gives it.
struct RawLevel {
    line: usize,
    name: Option<String>,
    author: Option<String>,
    difficulty: u32,
    blocks: [[u8; COLS]; ROWS],
}

/// A reading error: line, column, message.
type Fail = (usize, usize, String);

/// Reads a gnome-breakout level file (`path` names it in messages; the set's name is its
/// `TITLE`, else the file name, as in the game).
///
/// # Errors
/// [`ImportError::Invalid`] with line and column at the first mistake (the game rejects the
/// file for it too), or if the file holds no level.
pub fn parse(bytes: &[u8], path: &Path) -> Result<LevelSet, ImportError> {
    reject_nul(bytes, path)?;
    let (title, mut raw) =
        read_file(bytes).map_err(|(line, column, message)| invalid(path, line, column, message))?;
    if raw.is_empty() {
        return Err(invalid(
            path,
            1,
            1,
            "no level (BEGIN_LEVEL) in the file".to_string(),
        ));
    }
    // add_level_to_levels_list: by difficulty, then name (strcmp; "No Name" without one),
    // ties in file order.
    raw.sort_by(|a, b| {
        let name = |l: &RawLevel| l.name.clone().unwrap_or_else(|| "No Name".to_string());
        (a.difficulty, name(a)).cmp(&(b.difficulty, name(b)))
    });
    let file = path.file_name().map_or_else(
        || "gnome-breakout".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut set = LevelSet {
        name: title.unwrap_or_else(|| file.clone()),
        format: Format::Gnome,
        path: path.to_path_buf(),
        levels: Vec::new(),
        skipped: Vec::new(),
    };
    for (i, level) in raw.iter().enumerate() {
        let number = i + 1;
        match convert(level, &file, number) {
            Ok(imported) => set.levels.push(imported),
            Err(reason) => set.skipped.push(Skipped {
                number,
                line: level.line,
                reason,
            }),
        }
    }
    name_levels(&mut set);
    Ok(set)
}

/// `crop_by_whitespace` (spaces, tabs, the `\n`; here also a CRLF's `\r`): the trimmed bytes
/// and the 1-based column where they start.
fn crop<'a>(line: &RawLine<'a>) -> (&'a [u8], usize) {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let bytes = line.bytes;
    let start = bytes
        .iter()
        .position(|b| !is_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |i| i + 1);
    (&bytes[start..end], line.column + start)
}

/// `read_levelfile`: the file's title and its levels, in file order.
fn read_file(bytes: &[u8]) -> Result<(Option<String>, Vec<RawLevel>), Fail> {
    let lines = fgets_lines(bytes, LINE_BUFFER);
    // The line just past the end of the file, for "the file ends inside …".
    let eof = lines
        .last()
        .map_or(1, |l| l.line + usize::from(l.bytes.ends_with(b"\n")));
    let mut iter = lines.iter();
    let (mut title, mut levels) = (None, Vec::new());
    let (mut author, mut name, mut difficulty) = (None, None, None);
    while let Some(line) = iter.next() {
        let (text, column) = crop(line);
        if text.is_empty() || text[0] == b'#' {
            continue;
        }
        let at = (line.line, column);
        if let Some(rest) = text.strip_prefix(b"GLOBAL_AUTHOR") {
            author = Some(value(rest, "GLOBAL_AUTHOR", at)?);
        } else if let Some(rest) = text.strip_prefix(b"GLOBAL_NAME") {
            name = Some(value(rest, "GLOBAL_NAME", at)?);
        } else if let Some(rest) = text.strip_prefix(b"GLOBAL_DIFFICULTY") {
            difficulty = Some(number(rest, "GLOBAL_DIFFICULTY", at)?);
        } else if text == b"BEGIN_LEVEL" {
            let mut level = read_level(&mut iter, line.line, eof)?;
            level.name = level.name.or_else(|| name.clone());
            level.author = level.author.or_else(|| author.clone());
            if level.difficulty == u32::MAX {
                level.difficulty = difficulty.unwrap_or(0);
            }
            levels.push(level);
        } else if text.starts_with(b"TITLE ") {
            title = Some(value(&text[5..], "TITLE", at)?);
        } else {
            return Err(unknown_directive(text, at, "outside a level"));
        }
    }
    Ok((title, levels))
}

fn unknown_directive(text: &[u8], (line, column): (usize, usize), place: &str) -> Fail {
    let shown: String = String::from_utf8_lossy(text).chars().take(30).collect();
    (
        line,
        column,
        format!("unknown directive '{shown}' {place}: gnome-breakout rejects the file"),
    )
}

/// `read_level`, after its `BEGIN_LEVEL` on line `line`, up to `END_LEVEL` (`eof`: the line
/// past the end of the file). An unset difficulty is `u32::MAX`.
fn read_level<'a>(
    iter: &mut impl Iterator<Item = &'a RawLine<'a>>,
    line: usize,
    eof: usize,
) -> Result<RawLevel, Fail> {
    let mut level = RawLevel {
        line,
        name: None,
        author: None,
        difficulty: u32::MAX,
        blocks: [[0; COLS]; ROWS],
    };
    let mut has_data = false;
    while let Some(raw) = iter.next() {
        let (text, column) = crop(raw);
        if text.is_empty() || text[0] == b'#' {
            continue;
        }
        let at = (raw.line, column);
        if text == b"END_LEVEL" {
            if !has_data {
                // The game plays the blocks of whatever level it read last: refuse.
                return Err((
                    raw.line,
                    column,
                    "level without BEGIN_DATA … END_DATA".to_string(),
                ));
            }
            return Ok(level);
        } else if text == b"BEGIN_DATA" {
            level.blocks = read_blocks(iter, raw.line, eof)?;
            has_data = true;
        } else if let Some(rest) = text.strip_prefix(b"AUTHOR") {
            level.author = Some(value(rest, "AUTHOR", at)?);
        } else if let Some(rest) = text.strip_prefix(b"NAME") {
            level.name = Some(value(rest, "NAME", at)?);
        } else if let Some(rest) = text.strip_prefix(b"DIFFICULTY") {
            level.difficulty = number(rest, "DIFFICULTY", at)?;
        } else {
            return Err(unknown_directive(text, at, "in a level"));
        }
    }
    Err((
        eof,
        1,
        format!("the file ends inside the level begun on line {line} (no END_LEVEL)"),
    ))
}

/// `read_levelblocks`, after `BEGIN_DATA` on line `line`: exactly 15 rows, then `END_DATA`.
fn read_blocks<'a>(
    iter: &mut impl Iterator<Item = &'a RawLine<'a>>,
    line: usize,
    eof: usize,
) -> Result<[[u8; COLS]; ROWS], Fail> {
    let mut blocks = [[0; COLS]; ROWS];
    for (row, raw) in iter.enumerate() {
        let (text, column) = crop(raw);
        if text == b"END_DATA" {
            if row < ROWS {
                return Err((
                    raw.line,
                    column,
                    format!("{row} rows of blocks, a level has {ROWS}"),
                ));
            }
            return Ok(blocks);
        }
        if text.is_empty() || text[0] == b'#' {
            return Err((
                raw.line,
                column,
                "blank or comment line inside BEGIN_DATA … END_DATA: gnome-breakout counts it as a row".to_string(),
            ));
        }
        if row == ROWS {
            return Err((raw.line, column, format!("more than {ROWS} rows of blocks")));
        }
        blocks[row] = read_row(text, raw.line, column)?;
    }
    Err((
        eof,
        1,
        format!("the file ends inside the data begun on line {line} (no END_DATA)"),
    ))
}

/// One row as `sscanf(line, "%d,%d,…")` with ten `%d` reads it: a number may have spaces or
/// tabs before it and a `+`, a `,` must follow right after the first nine; anything after the
/// tenth is ignored, as in the game. Codes must be 0–6.
fn read_row(text: &[u8], line: usize, column: usize) -> Result<[u8; COLS], Fail> {
    let mut row = [0; COLS];
    let mut i = 0;
    for (n, cell) in row.iter_mut().enumerate() {
        if n > 0 {
            if text.get(i) != Some(&b',') {
                let found = text.get(i).map_or("the end of the line".to_string(), |&b| {
                    format!("'{}'", char::from(b).escape_default())
                });
                return Err((
                    line,
                    column + i,
                    format!("expected ',' and block {} of {COLS}, found {found}", n + 1),
                ));
            }
            i += 1;
        }
        while matches!(text.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let start = i;
        let negative = text.get(i) == Some(&b'-');
        if matches!(text.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let digits = text[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err((
                line,
                column + start,
                format!(
                    "expected block {} of {COLS}: a number 0 to {MAX_CODE}",
                    n + 1
                ),
            ));
        }
        let value = std::str::from_utf8(&text[i..i + digits])
            .ok()
            .and_then(|d| d.parse::<u32>().ok());
        i += digits;
        match value {
            Some(v) if !negative && v <= u32::from(MAX_CODE) => *cell = v as u8,
            _ => {
                return Err((
                    line,
                    column + start,
                    format!(
                        "block {} is '{}': block codes are 0 to {MAX_CODE}",
                        n + 1,
                        String::from_utf8_lossy(&text[start..i])
                    ),
                ))
            }
        }
    }
    Ok(row)
}

/// The value after a directive's tag (`sep_string`, `sep_uint`): the bytes after the spaces
/// and tabs that follow the tag, and the column where they start; an error if there are none,
/// or at the first byte `allowed` refuses (`bad` says what is wrong with it).
fn tag_value<'a>(
    rest: &'a [u8],
    tag: &str,
    (line, column): (usize, usize),
    allowed: impl Fn(&u8) -> bool,
    bad: impl FnOnce(u8) -> String,
) -> Result<(&'a [u8], usize), Fail> {
    let lead = rest
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    let text = &rest[lead..];
    if text.is_empty() {
        return Err((line, column, format!("{tag} without a value")));
    }
    let start = column + tag.len() + lead;
    if let Some(i) = text.iter().position(|b| !allowed(b)) {
        return Err((line, start + i, bad(text[i])));
    }
    Ok((text, start))
}

/// `sep_string`: the value after a directive's tag, trimmed, non-empty, of `VALID_STRING`.
fn value(rest: &[u8], tag: &str, at: (usize, usize)) -> Result<String, Fail> {
    let (text, _) = tag_value(
        rest,
        tag,
        at,
        |b| VALID_STRING.contains(b),
        |b| {
            let shown = char::from(b).escape_default();
            format!("'{shown}' is not allowed in {tag}: letters, digits, spaces and []; ',./!@#$^&*()-=_+`~ are")
        },
    )?;
    // VALID_STRING is ASCII, so this is the text as it is.
    Ok(String::from_utf8_lossy(text).into_owned())
}

/// `sep_uint`: the digits after a directive's tag.
fn number(rest: &[u8], tag: &str, at: (usize, usize)) -> Result<u32, Fail> {
    let (text, start) = tag_value(rest, tag, at, u8::is_ascii_digit, |_| {
        format!("{tag} is a whole number of digits only")
    })?;
    std::str::from_utf8(text)
        .ok()
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|&d| d < u32::MAX)
        .ok_or_else(|| (at.0, start, format!("{tag} is too large")))
}

/// Converts one level, or says why it is skipped.
fn convert(raw: &RawLevel, file: &str, number: usize) -> Result<ImportedLevel, String> {
    let mut grid = Grid::new(ROWS, COLS);
    for (r, row) in raw.blocks.iter().enumerate() {
        for (c, &code) in row.iter().enumerate() {
            if let Some(brick) = block(code) {
                grid.set(r, c, brick);
            }
        }
    }
    // Power-ups are not in the level file: `@powerups: gnome` drops them at random on hits, as
    // `src/powerup.c` does.
    let mut tally = Tally::default();
    // block_explode_hit hits each of the 8 neighbours once: a strong block there loses one hit
    // (here an explosion destroys it).
    let strong_beside_explosive = (0..ROWS * COLS)
        .filter(|&i| (3..=5).contains(&raw.blocks[i / COLS][i % COLS]))
        .filter(|&i| {
            let (r, c) = ((i / COLS) as isize, (i % COLS) as isize);
            (-1..=1).any(|dr| {
                (-1..=1).any(|dc| {
                    let (nr, nc) = (r + dr, c + dc);
                    (0..ROWS as isize).contains(&nr)
                        && (0..COLS as isize).contains(&nc)
                        && raw.blocks[nr as usize][nc as usize] == 6
                })
            })
        })
        .count();
    if strong_beside_explosive > 0 {
        tally.add(
            "explosive hits its neighbours once: strong blocks beside it lose one hit there, here they are destroyed",
            strong_beside_explosive,
        );
    }
    let level = grid.into_level(Level {
        title: raw
            .name
            .as_deref()
            .and_then(|t| header_text(t, HeaderStyle::Folded)),
        author: raw
            .author
            .as_deref()
            .and_then(|a| header_text(a, HeaderStyle::Folded)),
        source: header_text(
            &format!(
                "gnome-breakout file {file} level {} (difficulty {})",
                raw.name.as_deref().unwrap_or("No Name"),
                raw.difficulty
            ),
            HeaderStyle::Folded,
        ),
        area: Some(AREA),
        explosion: Explosion::Square,
        scoring: Ruleset::Gnome,
        powerup_rules: Ruleset::Gnome,
        ..Level::default()
    });
    if level.destructible_count() == 0 {
        return Err("nothing to clear: gnome-breakout completes it at once".to_string());
    }
    let original = raw
        .blocks
        .iter()
        .flatten()
        .map(|&code| block(code).map(|_| OriginalBrick::new(char::from(b'0' + code))))
        .collect();
    Ok(ImportedLevel {
        level,
        number,
        line: raw.line,
        approximations: tally.into_vec(),
        original,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error `read_file` gives for the one-line file `text`, with the 1-based column of
    /// `at` in it (the expected place).
    fn fail_at(text: &str, at: &str) -> (Fail, usize) {
        let Err(err) = read_file(text.as_bytes()) else {
            panic!("{text:?} was read without an error");
        };
        (err, text.find(at).expect(at) + 1)
    }

    #[test]
    fn directive_values_are_checked_where_they_are() {
        let (err, column) = fail_at("  GLOBAL_NAME \tA%b\n", "%");
        assert_eq!((err.0, err.1), (1, column), "{}", err.2);
        assert!(
            err.2.contains("'%' is not allowed in GLOBAL_NAME"),
            "{}",
            err.2
        );
        let (err, column) = fail_at(" GLOBAL_DIFFICULTY  12x", "x");
        assert_eq!((err.0, err.1), (1, column), "{}", err.2);
        assert_eq!(err.2, "GLOBAL_DIFFICULTY is a whole number of digits only");
        let (err, column) = fail_at("GLOBAL_DIFFICULTY 4294967295", "4");
        assert_eq!((err.0, err.1), (1, column), "{}", err.2);
        assert_eq!(err.2, "GLOBAL_DIFFICULTY is too large");
        let (err, column) = fail_at("   GLOBAL_AUTHOR\t", "G");
        assert_eq!((err.0, err.1), (1, column), "{}", err.2);
        assert_eq!(err.2, "GLOBAL_AUTHOR without a value");
        let ok = read_file(b"GLOBAL_DIFFICULTY 4294967294\nTITLE  A b\n").unwrap();
        assert_eq!(ok.0.as_deref(), Some("A b"));
    }
}
