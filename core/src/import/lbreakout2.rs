//! LBreakout2 level sets (`/usr/share/games/lbreakout2/levels/*`), read as LBreakout2 2.6.5's
//! `game/levels.c` does (`levelset_get_version`, `level_load`, `next_line`) and converted with
//! the meanings of `game/bricks.c` (`brick_conv_table`, `extra_conv_table`, `bricks_create`).
//!
//! A set file is an optional `Version: x.yy` line, then levels one after another: `Level:`
//! (only its first 6 characters are compared), the author, the level's name, `Bricks:` and 18
//! rows, `Bonus:` and 18 rows. Only the first 14 characters of a row are used (15-character
//! rows lose their last); a shorter row, a missing header or the end of the file ends the set
//! there, silently, as in the game. Lines are read with `fgets(buffer, 1023)`, and only the
//! `\n` is cut: with CRLF the `\r` stays (it is taken out of names here, and a 13-character row
//! plus `\r` is 14 characters to the game, the `\r` an unknown brick, empty).
//!
//! Names are bytes, shown in Latin-1; the game keeps the first 30 (`snprintf(…, 31, …)`).
//!
//! Geometry: LBreakout2's 14×18 edit grid of 40×20 px bricks sits at x 40–600, y 20–380 of its
//! 640×480 field. Here it fills the playfield's width and keeps the vertical proportions of
//! the field (×600/480): `@area: 0 25 800 450`, cells of 57.1×25 px.

use super::common::{
    fgets_lines, header_text, invalid, latin1, name_levels, reject_nul, Brick, Grid, HeaderStyle,
    RawLine, Tally,
};
use super::types::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Ruleset};
use std::path::Path;

/// Columns of LBreakout2's edit grid (`EDIT_WIDTH`, `game/gamedefs.h`).
pub(crate) const COLS: usize = 14;
/// Rows of LBreakout2's edit grid (`EDIT_HEIGHT`).
pub const ROWS: usize = 18;
/// `fgets` buffer size of `next_line` (`game/levels.c`).
const LINE_BUFFER: usize = 1023;
/// Bytes of the author and name the game keeps (`snprintf(level->name, 31, …)`).
const NAME_BYTES: usize = 30;

/// Where the grid goes on the 800×600 playfield (pixels): the full width, and LBreakout2's
/// y 20–380 of 480 scaled by 600/480 (see the module documentation).
pub(crate) const AREA: BrickArea = BrickArea {
    left: 0,
    top: 25,
    width: 800,
    height: 450,
};

/// One level as the file holds it.
struct RawLevel<'a> {
    line: usize,
    author: &'a [u8],
    name: &'a [u8],
    bricks: [[u8; COLS]; ROWS],
    bonus: [[u8; COLS]; ROWS],
}

/// Why `level_load` stopped: where, and what it expected.
struct Stop {
    line: usize,
    column: usize,
    message: String,
}

/// Reads an LBreakout2 set file (`path` names it in messages; its file name is the set's name).
///
/// # Errors
/// [`ImportError::Invalid`] with line and column if the file holds a NUL byte or not one
/// complete level (the place where reading stopped).
pub fn parse(bytes: &[u8], path: &Path) -> Result<LevelSet, ImportError> {
    reject_nul(bytes, path)?;
    let lines = fgets_lines(bytes, LINE_BUFFER);
    // levelset_get_version: a first line "Version:…" longer than 8 characters is skipped.
    let mut pos = 0;
    if let Some(first) = lines.first() {
        let text = first.text();
        if text.len() > 8 && text.starts_with(b"Version:") {
            pos = 1;
        }
    }
    let set = set_name(path);
    let mut raw = Vec::new();
    // Where reading stopped, and the line the broken level starts on.
    let mut stop = None;
    while pos < lines.len() {
        let start = lines[pos].line;
        match read_level(&lines, &mut pos) {
            Ok(level) => raw.push(level),
            Err(s) => {
                stop = Some((s, start));
                break;
            }
        }
    }
    let mut out = LevelSet {
        name: set.clone(),
        format: Format::LBreakout2,
        path: path.to_path_buf(),
        levels: Vec::new(),
        skipped: Vec::new(),
    };
    if raw.is_empty() {
        let (
            Stop {
                line,
                column,
                message,
            },
            _,
        ) = stop.unwrap_or_else(|| {
            // Nothing after the Version line (or an empty file).
            let line = lines.last().map_or(1, |l| l.line + 1);
            let message = "expected 'Level:'".to_string();
            (
                Stop {
                    line,
                    column: 1,
                    message,
                },
                line,
            )
        });
        return Err(invalid(
            path,
            line,
            column,
            format!("no complete LBreakout2 level: {message}"),
        ));
    }
    let count = raw.len();
    let network = set.starts_with("N_");
    for (i, level) in raw.iter().enumerate() {
        let number = i + 1;
        match convert(level, &set, number, network) {
            Ok(imported) => out.levels.push(imported),
            Err(reason) => out.skipped.push(Skipped {
                number,
                line: level.line,
                reason,
            }),
        }
    }
    // The game ends the set at the first broken level; say so if anything but blank lines
    // follows, since those levels are lost.
    if let Some((s, start)) = stop {
        let rest_has_text = lines
            .iter()
            .skip_while(|l| l.line < start)
            .any(|l| l.bytes.iter().any(|b| !b.is_ascii_whitespace()));
        if rest_has_text {
            out.skipped.push(Skipped {
                number: count + 1,
                line: start,
                reason: format!(
                    "incomplete level (line {}, column {}: {}); LBreakout2 ends the set here and ignores the rest of the file",
                    s.line, s.column, s.message
                ),
            });
        }
    }
    name_levels(&mut out);
    Ok(out)
}

/// The set's name: the file name.
fn set_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || "lbreakout2".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `level_load`: reads one level from `lines[*pos..]`, moving `pos` past what it read.
fn read_level<'a>(lines: &[RawLine<'a>], pos: &mut usize) -> Result<RawLevel<'a>, Stop> {
    let start = *pos;
    let mut next = |what: &str| -> Result<RawLine<'a>, Stop> {
        let line = lines.get(*pos).copied().ok_or_else(|| Stop {
            line: lines
                .last()
                .map_or(1, |l| l.line + usize::from(l.bytes.ends_with(b"\n"))),
            column: 1,
            message: format!("the file ends where {what} should be"),
        })?;
        *pos += 1;
        Ok(line)
    };
    let header = |line: RawLine<'a>, tag: &str| -> Result<(), Stop> {
        if line.text().starts_with(tag.as_bytes()) {
            Ok(())
        } else {
            Err(Stop {
                line: line.line,
                column: line.column,
                message: format!("expected '{tag}'"),
            })
        }
    };
    let first = next("'Level:'")?;
    header(first, "Level:")?;
    let author = next("the author")?.text();
    let name = next("the level's name")?.text();
    header(next("'Bricks:'")?, "Bricks:")?;
    let bricks = read_grid(&mut next, "brick")?;
    header(next("'Bonus:'")?, "Bonus:")?;
    let bonus = read_grid(&mut next, "bonus")?;
    Ok(RawLevel {
        line: lines[start].line,
        author: &author[..author.len().min(NAME_BYTES)],
        name: &name[..name.len().min(NAME_BYTES)],
        bricks,
        bonus,
    })
}

/// 18 rows of at least 14 characters, of which the first 14 are kept.
fn read_grid<'a>(
    next: &mut impl FnMut(&str) -> Result<RawLine<'a>, Stop>,
    what: &str,
) -> Result<[[u8; COLS]; ROWS], Stop> {
    let mut grid = [[b'.'; COLS]; ROWS];
    for (r, row) in grid.iter_mut().enumerate() {
        let line = next(&format!("{what} row {} of {ROWS}", r + 1))?;
        let text = line.text();
        if text.len() < COLS {
            return Err(Stop {
                line: line.line,
                column: line.column + text.len(),
                message: format!(
                    "{what} row {} of {ROWS} has {} characters, LBreakout2 needs {COLS}",
                    r + 1,
                    text.len()
                ),
            });
        }
        row.copy_from_slice(&text[..COLS]);
    }
    Ok(grid)
}

/// Colours sampled from LBreakout2's default theme, `gfx/bricks.png` of lbreakout2-data 2.6.5
/// (21 pictures of 40×20 px side by side): the mean sRGB of each picture's inside, 4 px in
/// from its edges. The index is the picture id of `brick_conv_table`.
const PICTURE_COLOURS: [[u8; 3]; 18] = [
    [0x2a, 0x2f, 0x4a], // 0: E (wall)
    [0x3a, 0x3f, 0x3a], // 1: # (metal)
    [0x58, 0x2b, 0x23], // 2: @ (chaotic)
    [0x33, 0x39, 0x59], // 3: a (strong, 1 hit left)
    [0x6d, 0x73, 0x8f], // 4: b (2 hits)
    [0xa8, 0xb0, 0xd0], // 5: c (3 hits)
    [0xa8, 0xb0, 0xd0], // 6: v (invisible: not drawn; revealed as c)
    [0x2f, 0x50, 0x40], // 7: x (regenerating, 1 hit)
    [0x62, 0x98, 0x68], // 8: y (2 hits)
    [0xa5, 0xc6, 0xb7], // 9: z (3 hits)
    [0xab, 0x42, 0x42], // 10: d red
    [0xcc, 0x86, 0x21], // 11: e orange
    [0x41, 0xab, 0x42], // 12: f green
    [0x42, 0x42, 0xac], // 13: g blue
    [0xc8, 0xc6, 0x25], // 14: h yellow
    [0xc6, 0x25, 0xc8], // 15: i magenta
    [0xdb, 0xdb, 0xdb], // 16: j white
    [0x77, 0x77, 0x77], // 17: k grey
];

/// This game's brick for an LBreakout2 brick character (`brick_conv_table`): kind, hits and
/// colour; `None` for empty (`.`, space) and unknown characters (which the game leaves empty).
pub(super) fn brick(c: u8) -> Option<Brick> {
    let picture = |kind: BrickKind, hits: u8, id: usize| {
        Brick::new(kind)
            .with_hits(hits)
            .coloured(PICTURE_COLOURS[id])
    };
    Some(match c {
        b'E' => Brick::new(BrickKind::Solid),
        b'#' => Brick::new(BrickKind::Metal),
        b'@' => Brick::new(BrickKind::Chaotic),
        b'a'..=b'c' => picture(BrickKind::Plain(9), c - b'a' + 1, usize::from(c - b'a') + 3),
        b'v' => picture(BrickKind::Invisible, 4, 6),
        b'x'..=b'z' => picture(
            BrickKind::Regenerating,
            c - b'x' + 1,
            usize::from(c - b'x') + 7,
        ),
        // d e f g h i j k: red, orange, green, blue, yellow, magenta, white, grey.
        b'd'..=b'k' => {
            let i = usize::from(c - b'd');
            picture(BrickKind::Plain([7, 5, 3, 2, 4, 8, 6, 9][i]), 1, 10 + i)
        }
        // Grown bricks of a saved game: like f–k.
        b'F'..=b'K' => return brick(c.to_ascii_lowercase()),
        b'*' => Brick::new(BrickKind::Explosive),
        b'!' => Brick::new(BrickKind::Growing),
        _ => return None,
    })
}

/// This game's power-up for a character of a `Bonus:` grid (`extra_conv_table`,
/// `game/bricks.c`; what each does: `extra_use`, `game/extras.c`), played with LBreakout2's
/// parameters under `@powerups: lbreakout2` (durations, paddle steps, speeds:
/// `sim::powerups::rules`); `None` for `.` and characters the game does not know (no bonus).
pub fn bonus(c: u8) -> Option<PowerUpKind> {
    use PowerUpKind as P;
    Some(match c {
        b'0' => P::Points200,
        b'1' => P::Points500,
        b'2' => P::Points1000,
        b'3' => P::Points2000,
        b'4' => P::Points5000,
        b'5' => P::Points10000,
        b'g' => P::GoldShower,
        b'+' => P::PadSizeIncrease,
        b'-' => P::Shrink,
        b'l' => P::ExtraLife,
        b's' => P::Sticky,
        b'm' => P::EnergyBall,
        b'b' => P::ExtraBall,
        b'w' => P::BonusFloor,
        b'f' => P::Frozen,
        b'p' => P::Weapon,
        b'?' => P::Random,
        b'>' => P::Fast,
        b'<' => P::Slow,
        b'j' => P::Joker,
        b'd' => P::Darkness,
        b'c' => P::ChaoticBall,
        b'~' => P::Ghost,
        b'!' => P::Reset,
        b'&' => P::TimeAdd,
        b'*' => P::ExplosiveBall,
        b'}' => P::BonusMagnet,
        b'{' => P::MalusMagnet,
        b'W' => P::WeakBall,
        _ => return None,
    })
}

/// Converts one level, or says why it is skipped.
fn convert(
    raw: &RawLevel<'_>,
    set: &str,
    number: usize,
    network: bool,
) -> Result<ImportedLevel, String> {
    let mut grid = Grid::new(ROWS, COLS);
    let mut tally = Tally::default();
    for r in 0..ROWS {
        for c in 0..COLS {
            if let Some(brick) = brick(raw.bricks[r][c]) {
                grid.set(r, c, brick);
            }
        }
    }
    for r in 0..ROWS {
        for c in 0..COLS {
            // On an empty cell or a wall a bonus is never released, in LBreakout2 either; on
            // metal and chaotic bricks it is, when an energy ball breaks them (here too).
            if let Some(powerup) = bonus(raw.bonus[r][c]) {
                grid.place_powerup(r, c, powerup);
            }
        }
    }
    if network {
        tally.add("network level for two players, played alone", 0);
    }
    let level = grid.into_level(Level {
        title: header_text(&latin1(raw.name), HeaderStyle::Folded),
        author: header_text(&latin1(raw.author), HeaderStyle::Folded),
        source: header_text(
            &format!("LBreakout2 set {set} level {number}"),
            HeaderStyle::Folded,
        ),
        area: Some(AREA),
        explosion: Explosion::Square,
        scoring: Ruleset::LBreakout2,
        powerup_rules: Ruleset::LBreakout2,
        ..Level::default()
    });
    if level.destructible_count() == 0 {
        return Err(if level.cells.iter().all(Option::is_none) {
            "empty: LBreakout2 completes it at once".to_string()
        } else {
            "nothing to clear (only walls, metal or chaotic bricks): LBreakout2 completes it at once"
                .to_string()
        });
    }
    let original = raw
        .bricks
        .iter()
        .flatten()
        .map(|&c| brick(c).map(|_| OriginalBrick::new(char::from(c))))
        .collect();
    Ok(ImportedLevel {
        level,
        number,
        line: raw.line,
        approximations: tally.into_vec(),
        original,
    })
}
