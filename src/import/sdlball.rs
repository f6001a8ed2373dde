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
//! `@area: 0 64 800 386`. The random power-up codes `J K L M N Q` are rolled once, at import,
//! with SDL-Ball's chances and classes (`randomPowerup`, `selectRandomPowerup`; the classes of
//! the default theme's `powerups.txt`) by a generator seeded from the level number.

use super::common::{
    header_text, invalid, level_rng, nearest_plain, stem, Brick, Grid, HeaderStyle, Tally,
};
use super::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Ruleset};
use rand::Rng;
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

/// The power-up classes of the default theme's `powerups.txt` (Most, More, Less, Least), drawn
/// 59 %, 30 %, 10 % and 1 % of the time (`selectRandomPowerup`).
const CLASSES: [&[u8]; 4] = [b"2FGHP54R", b"16B8AIE3", b"79D", b"OC"];
/// The evil power-ups (`evilPowerups`), drawn by `Q` and doom bricks.
const EVIL: &[u8] = b"2H37";

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
) -> Result<(Level, Vec<super::Approximation>), String> {
    let mut tally = Tally::default();
    let mut rng = level_rng(number);
    if down {
        tally.add(
            "the board dropping a row at intervals ('> down') is not played",
            0,
        );
    }
    let cells: Vec<Option<Brick>> = rows
        .iter()
        .flatten()
        .map(|&cell| convert_cell(cell, &mut rng, &mut tally))
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
        ..Level::default()
    };
    let level = Grid::from_cells(ROWS, COLS, cells).into_level(template);
    Ok((level, tally.into_vec()))
}

/// This game's brick for one SDL-Ball cell (`initlevels`), with its power-up: random codes
/// rolled, cement's dropped and doom's (a random evil one) dropped as SDL-Ball does.
fn convert_cell(cell: Cell, rng: &mut impl Rng, tally: &mut Tally) -> Option<Brick> {
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
                "cement brick as a wall (go-thru, fireball and easy-brick power-ups break it in SDL-Ball)",
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
            tally.add(
                "doom brick as a plain one (its random evil power-up is dropped)",
                1,
            );
            return Some(plain(5));
        }
        b'D' => plain(nearest_plain(cell.colour)).coloured(cell.colour),
        _ => return None, // '0'; read_row lets no other character through
    };
    let code = match cell.powerup {
        code @ (b'J' | b'K' | b'L' | b'M' | b'N' | b'Q') => {
            tally.add(
                format!(
                    "random power-up '{}' rolled once, at import (SDL-Ball rolls at every level start)",
                    char::from(code)
                ),
                1,
            );
            let rolled = roll(code, rng);
            brick.powerup = convert_powerup(rolled, "rolled power-up", tally);
            return Some(brick);
        }
        code => code,
    };
    brick.powerup = convert_powerup(code, "power-up", tally);
    Some(brick)
}

/// SDL-Ball's `randomPowerup` for a random code: `Q` an evil power-up, `K` always, `J` 10 %,
/// `L` 5 %, `M` 2 %, `N` 1 % a power-up from `selectRandomPowerup`; `b'0'` for none.
fn roll(code: u8, rng: &mut impl Rng) -> u8 {
    let chance = rng.random_range(0..100u32);
    let picked = match code {
        b'Q' => return EVIL[rng.random_range(0..EVIL.len())],
        b'K' => true,
        b'J' => chance < 10,
        b'L' => chance < 5,
        b'M' => chance < 2,
        b'N' => chance < 1,
        _ => false,
    };
    if !picked {
        return b'0';
    }
    let class = match rng.random_range(0..100u32) {
        0 => CLASSES[3],
        1..=10 => CLASSES[2],
        11..=40 => CLASSES[1],
        _ => CLASSES[0],
    };
    class[rng.random_range(0..class.len())]
}

/// This game's power-up for an SDL-Ball power-up character (the power-up collision `switch` of
/// `main.cpp`), reporting what differs under `what` ("power-up" or "rolled power-up").
fn convert_powerup(code: u8, what: &str, tally: &mut Tally) -> Option<PowerUpKind> {
    let (powerup, ours) = match code {
        b'0' => return None,
        b'O' => return Some(PowerUpKind::ExtraLife),
        b'1' => (PowerUpKind::PadSizeIncrease, "W (wider paddle)"),
        b'4' => (PowerUpKind::Sticky, "T (sticky paddle)"),
        b'5' => (PowerUpKind::Multiball, "M (multiball)"),
        b'6' => (PowerUpKind::PassThrough, "P (pass-through)"),
        _ => {
            tally.add(
                format!("{what} {} ({}) dropped", shown(code), powerup_name(code)),
                1,
            );
            return None;
        }
    };
    tally.add(
        format!("{what} {} ({}) as {ours}", shown(code), powerup_name(code)),
        1,
    );
    Some(powerup)
}

/// What an SDL-Ball power-up character does (`powerupdescriptions.txt`, `levels.txt` header).
fn powerup_name(code: u8) -> &'static str {
    match code {
        b'1' => "grow paddle",
        b'2' => "shrink paddle",
        b'3' => "die",
        b'4' => "glue",
        b'5' => "multiball",
        b'6' => "go-thru",
        b'7' => "board drops",
        b'8' => "detonate explosives",
        b'9' => "explosives grow",
        b'A' => "easy bricks",
        b'B' => "fireball",
        b'C' => "next level",
        b'D' => "aim helper",
        b'E' => "coins",
        b'F' => "big ball",
        b'G' => "normal ball",
        b'H' => "small ball",
        b'I' => "aim",
        b'P' => "gun",
        b'R' => "laser sight",
        _ => "unknown",
    }
}
