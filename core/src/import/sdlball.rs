//! SDL-Ball's `levels.txt` (`/usr/share/games/sdl-ball/themes/<theme>/levels.txt`), read as
//! SDL-Ball's `loadlevel.cpp` (`loadlevel`, `initlevels`, `powerupLoaderClass`) does:
//!
//! ```text
//! Level 1                          <- anything outside a block is ignored
//! ** Start **                      <- only the first 11 characters are compared
//! > down 2000                      <- optional: the board drops a row every 2000 ms
//! 0000J1J1...                      <- 23 rows of 26 cells, each power-up char then brick char;
//! 0ODff8000...                        brick D is followed by its colour RRGGBB
//! ** Stop **                       <- the first 10 characters
//! ```
//!
//! SDL-Ball reads the cells of a level one after another into a 23×26 array without checking
//! bounds, so a level with another number of rows or cells is an error here (never a panic);
//! so is an unknown brick character. A `\r` before the line end (a CRLF file) is dropped.
//!
//! The grid spans the full width from about y 64 to 450 at 800×600 (`initlevels`: columns at
//! x = −1.54 + 0.1232c, rows at y = 0.95 − 0.07r of a 3.2 × 2.5 field), hence
//! `@area: 0 64 800 386`. Power-ups are played under `@powerups: sdlball`. The random codes
//! `J K L M N` become `+10%`, `+100%`, `+5%`, `+2%`, `+1%` and `Q` (and the doom brick's
//! drop) `+bad`: the game rolls them when play starts, as SDL-Ball does when it loads a level
//! (`randomPowerup`, `selectRandomPowerup`, `randomEvilPowerup`), with SDL-Ball's classes
//! (`sim::powerups::rules`).

use super::common::{header_text, invalid, nearest_plain, stem, Brick, Grid, HeaderStyle, Tally};
use super::types::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Roll, Ruleset};
use std::path::Path;

/// Rows of a level (`nbrick[23][26]`).
const ROWS: usize = 23;
/// Cells of a row.
const COLS: usize = 26;
/// Where the grid lies on this game's playfield, pixels.
const AREA: BrickArea = BrickArea {
    left: 0,
    top: 64,
    width: 800,
    height: 386,
};
/// The plain bricks' colours: the `texcolor` of each brick's texture description in SDL-Ball's
/// default theme (`gfx/brick/blue.txt`, `yellow.txt`, … — the texture `base.png` is tinted by
/// it), by brick character.
const PLAIN_RGB: [(u8, [u8; 3]); 7] = [
    (b'1', [0x00, 0x00, 0xff]), // blue
    (b'2', [0xff, 0xff, 0x00]), // yellow
    (b'5', [0x00, 0xff, 0x00]), // green
    (b'6', [0x7f, 0x7f, 0x7f]), // grey
    (b'7', [0xff, 0x00, 0xff]), // purple
    (b'8', [0xff, 0xff, 0xff]), // white
    (b'A', [0xff, 0x00, 0x00]), // red
];
/// Colour given to glass bricks (`4`, two hits): a pale blue.
const GLASS_RGB: [u8; 3] = [0xb4, 0xdc, 0xf0];

/// Reads an SDL-Ball `levels.txt`; see the module documentation. The set is named after the
/// theme, the directory holding the file.
///
/// # Errors
/// [`ImportError::Invalid`] at the line (and column) of a row without 26 cells of two
/// characters, an unknown brick, a bad `D` colour, a level without 23 rows, a `** Start **`
/// without `** Stop **`, or a file without levels.
pub(super) fn parse(bytes: &[u8], path: &Path) -> Result<LevelSet, ImportError> {
    let theme = path
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| stem(path));
    let mut levels = Vec::new();
    let mut skipped = Vec::new();
    let mut block: Option<Block> = None;
    let mut number = 0;
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line_no = index + 1;
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Some(Block { start, rows, down }) = block.as_mut() else {
            if line.starts_with(b"** Start **") {
                block = Some(Block {
                    start: line_no,
                    rows: Vec::new(),
                    down: false,
                });
            }
            continue;
        };
        if line.starts_with(b"** Stop **") {
            if rows.len() < ROWS {
                return Err(invalid(
                    path,
                    line_no,
                    1,
                    format!(
                        "the level started at line {start} has {} rows: SDL-Ball's have {ROWS}",
                        rows.len()
                    ),
                ));
            }
            number += 1;
            match convert(rows, *down, number, &theme) {
                Ok((level, approximations)) => levels.push(ImportedLevel {
                    level,
                    number,
                    line: *start,
                    approximations,
                    original: rows.iter().flatten().map(|&cell| original(cell)).collect(),
                }),
                Err(reason) => skipped.push(Skipped {
                    number,
                    line: *start,
                    reason,
                }),
            }
            block = None;
        } else if line.first() == Some(&b'>') {
            *down |= line.starts_with(b"> down");
        } else if !line.is_empty() {
            if rows.len() == ROWS {
                return Err(invalid(
                    path,
                    line_no,
                    1,
                    format!("more than {ROWS} rows in the level started at line {start}"),
                ));
            }
            let cells = read_row(line)
                .map_err(|(column, message)| invalid(path, line_no, column, message))?;
            rows.push(cells);
        }
    }
    if let Some(Block { start, .. }) = block {
        return Err(invalid(
            path,
            start,
            1,
            "'** Start **' without its '** Stop **'".to_string(),
        ));
    }
    if number == 0 {
        return Err(invalid(
            path,
            1,
            0,
            "no level: an SDL-Ball level is written between '** Start **' and '** Stop **'"
                .to_string(),
        ));
    }
    Ok(LevelSet {
        name: theme,
        format: Format::SdlBall,
        path: path.to_path_buf(),
        levels,
        skipped,
    })
}

/// A level block being read: the line of its `** Start **`, its rows, and whether it has a
/// `> down` line.
struct Block {
    start: usize,
    rows: Vec<Vec<Cell>>,
    down: bool,
}

/// One cell as written: power-up character, brick character and, for `D`, its colour.
#[derive(Clone, Copy, Debug)]
struct Cell {
    powerup: u8,
    brick: u8,
    colour: [u8; 3],
}

/// A character for messages: itself if printable ASCII, else its byte in hex.
fn shown(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", char::from(b))
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Reads one row of 26 cells (`loadlevel`'s inner loop); an error is (1-based column, message).
fn read_row(line: &[u8]) -> Result<Vec<Cell>, (usize, String)> {
    let mut cells = Vec::with_capacity(COLS);
    let mut i = 0;
    while i < line.len() {
        let (column, powerup) = (i + 1, line[i]);
        if cells.len() == COLS {
            return Err((column, format!("more than {COLS} cells in the row")));
        }
        let Some(&brick) = line.get(i + 1) else {
            return Err((
                column,
                "a cell is two characters, power-up then brick: the brick is missing".to_string(),
            ));
        };
        if !matches!(brick, b'0'..=b'9' | b'A'..=b'D') {
            return Err((
                column + 1,
                format!("unknown brick {}: SDL-Ball's are 0-9 and A-D", shown(brick)),
            ));
        }
        let mut colour = [0; 3];
        if brick == b'D' {
            let hex = line
                .get(i + 2..i + 8)
                .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let Some(hex) = hex else {
                return Err((
                    column + 2,
                    "brick D is followed by its colour, 6 hex digits RRGGBB".to_string(),
                ));
            };
            for (c, pair) in colour.iter_mut().zip(hex.chunks(2)) {
                let digits = std::str::from_utf8(pair).unwrap_or("00");
                *c = u8::from_str_radix(digits, 16).unwrap_or(0);
            }
            i += 6;
        }
        cells.push(Cell {
            powerup,
            brick,
            colour,
        });
        i += 2;
    }
    if cells.len() < COLS {
        return Err((
            line.len() + 1,
            format!(
                "{} cells in the row: SDL-Ball's rows have {COLS}",
                cells.len()
            ),
        ));
    }
    Ok(cells)
}

/// The brick of `cell` as SDL-Ball reads it (`None` for `0`, no brick).
fn original(cell: Cell) -> Option<OriginalBrick> {
    (cell.brick != b'0').then(|| OriginalBrick {
        code: char::from(cell.brick),
        colour: (cell.brick == b'D').then_some(cell.colour),
    })
}

/// Converts the 23 rows of a level: the level and its approximations, or why it is skipped.
fn convert(
    rows: &[Vec<Cell>],
    down: bool,
    number: usize,
    theme: &str,
) -> Result<(Level, Vec<super::types::Approximation>), String> {
    let mut tally = Tally::default();
    if down {
        tally.add(
            "the board dropping a row at intervals ('> down') is not played",
            0,
        );
    }
    let cells: Vec<Option<Brick>> = rows
        .iter()
        .flatten()
        .map(|&cell| convert_cell(cell, &mut tally))
        .collect();
    if !cells.iter().flatten().any(|b| b.kind.counts_for_clear()) {
        return Err("nothing to clear: only cement bricks".to_string());
    }
    let template = Level {
        name: format!("{theme}-{number:02}"),
        title: header_text(&format!("Level {number}"), HeaderStyle::Blanked),
        source: header_text(
            &format!("SDL-Ball {theme} level {number}"),
            HeaderStyle::Blanked,
        ),
        area: Some(AREA),
        explosion: Explosion::Square,
        scoring: Ruleset::SdlBall,
        powerup_rules: Ruleset::SdlBall,
        ..Level::default()
    };
    let level = Grid::from_cells(ROWS, COLS, cells).into_level(template);
    Ok((level, tally.into_vec()))
}

/// This game's brick for one SDL-Ball cell (`initlevels`), with its power-up: cement's is
/// discarded and doom's is always a random evil one (`+bad`), as SDL-Ball does.
fn convert_cell(cell: Cell, tally: &mut Tally) -> Option<Brick> {
    let plain = |digit| Brick::new(BrickKind::Plain(digit));
    let mut brick = match cell.brick {
        b'1' | b'2' | b'5' | b'6' | b'7' | b'8' | b'A' => {
            let rgb = PLAIN_RGB
                .iter()
                .find(|(c, _)| *c == cell.brick)
                .map_or([0xff; 3], |(_, rgb)| *rgb);
            plain(nearest_plain(rgb)).coloured(rgb)
        }
        b'3' => {
            tally.add(
                "cement brick as a wall (SDL-Ball's go-thru, fireball and easy bricks break it)",
                1,
            );
            return Some(Brick::new(BrickKind::Solid));
        }
        b'4' => plain(nearest_plain(GLASS_RGB))
            .coloured(GLASS_RGB)
            .with_hits(2),
        b'9' => Brick::new(BrickKind::Invisible).with_hits(3),
        b'B' => {
            tally.add(
                "explosive brick destroys its 8 neighbours (SDL-Ball's hits each once)",
                1,
            );
            Brick::new(BrickKind::Explosive)
        }
        b'C' => {
            let mut doom = plain(5);
            doom.roll = Some(Roll::Bad);
            return Some(doom);
        }
        b'D' => plain(nearest_plain(cell.colour)).coloured(cell.colour),
        _ => return None, // '0'; read_row lets no other character through
    };
    match powerup(cell.powerup) {
        Some(Ok(kind)) => brick.powerup = Some(kind),
        Some(Err(roll)) => brick.roll = Some(roll),
        None if cell.powerup != b'0' => tally.add(
            format!(
                "unknown power-up code {}: SDL-Ball's drops nothing",
                shown(cell.powerup)
            ),
            1,
        ),
        None => {}
    }
    Some(brick)
}

/// This game's power-up for an SDL-Ball power-up character (`spawnpowerup` and the power-up
/// collision `switch` of `main.cpp`; `powerupdescriptions.txt`), or the roll of a random code
/// (`loadlevel.cpp` `randomPowerup`: `J` 10 %, `K` 100 %, `L` 5 %, `M` 2 %, `N` 1 %, `Q` an
/// evil one); `None` for `0` and characters SDL-Ball does not know (no power-up).
pub(super) fn powerup(code: u8) -> Option<Result<PowerUpKind, Roll>> {
    use PowerUpKind as P;
    Some(Ok(match code {
        b'1' => P::PadSizeIncrease,
        b'2' => P::Shrink,
        b'3' => P::LoseLife,
        b'4' => P::Sticky,
        b'5' => P::Multiball,
        b'6' => P::PassThrough,
        b'7' => P::BoardDrop,
        b'8' => P::Detonate,
        b'9' => P::ExplosiveGrow,
        b'A' => P::EasyBricks,
        b'B' => P::ExplosiveBall,
        b'C' => P::NextLevel,
        b'D' | b'R' => P::AimHelper,
        b'E' => P::Points1000,
        b'F' => P::BigBall,
        b'G' => P::NormalBall,
        b'H' => P::SmallBall,
        b'I' => P::AimSticky,
        b'O' => P::ExtraLife,
        b'P' => P::Weapon,
        b'J' => return Some(Err(Roll::Chance(10))),
        b'K' => return Some(Err(Roll::Chance(100))),
        b'L' => return Some(Err(Roll::Chance(5))),
        b'M' => return Some(Err(Roll::Chance(2))),
        b'N' => return Some(Err(Roll::Chance(1))),
        b'Q' => return Some(Err(Roll::Bad)),
        _ => return None,
    }))
}
