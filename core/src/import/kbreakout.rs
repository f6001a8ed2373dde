//! KBreakOut's XML level sets (`/usr/share/kbreakout/levelsets/*.levelset`), read as
//! KBreakOut's `src/levelloader.cpp` (`LevelLoader::loadLevel`, `loadLine`, `loadGift`) and
//! `src/qml/logic.js` (`showLine`, `getTypeFromChar`, `putGift`, `putGiftOnRandomBrick`) do:
//!
//! ```xml
//! <KBreakOutLevelSet>
//!   <Level Name="Level 1">
//!     <Line Number="7">-----1122222211-----</Line>  <!-- 1-based row -->
//!     <Line>---22211111111222---</Line>            <!-- no Number: the previous one + 1 -->
//!     <Gift Type="GiftAddLife">2</Gift>            <!-- count; or Count="2" -->
//!     <Gift Type="GiftAddBall" Position="3,7"/>    <!-- one gift on column 3, row 7 -->
//!   </Level>
//! </KBreakOutLevelSet>
//! ```
//!
//! Every value may also be a child element (`<Number>`, `<Bricks>`, `<Type>`, `<Count>`,
//! `<Position>`). A line has at most 20 characters (the field is 20 bricks wide, 24 high); `-`
//! is empty, `1`–`6` plain bricks, `m` a 3-hit brick, `x` explosive, `u` unbreakable, `h` hidden;
//! any other character is a plain brick 1, as KBreakOut makes it (reported).
//!
//! The field's 30×15 cells on a 600-wide field become 40×20 pixels on this game's 800-wide one:
//! `@area: 0 0 800 H` with H = 20 × the last row holding a brick (rows below are dropped).
//! Gifts become power-ups played under `@powerups: kbreakout` (KBreakOut's ×1.3 speeds, ×1.4
//! bar, split multiball, no timers). KBreakOut puts a gift without a position on a random brick
//! anew on every play (`putGiftOnRandomBrick`); here such gifts are written as `@scatter:`, so
//! the game does the same when play starts, with its seeded generator. The old KConfig-style
//! `.levelset` (`[level1]`, `line1=…`) is not read.

use super::common::{
    header_text, invalid, nearest_plain, stem, utf8, Brick, Grid, HeaderStyle, Tally,
};
use super::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Ruleset};
use roxmltree::{Document, Node};
use std::path::Path;

/// Bricks per line (`globals.js` `WIDTH`).
const WIDTH: usize = 20;
/// Rows of the field (`globals.js` `HEIGHT`).
const HEIGHT: usize = 24;
/// Height of one row on this game's playfield, pixels (KBreakOut's 15 scaled by 800/600).
const ROW_PIXELS: usize = 20;

/// The pyramid colours of the default theme's (Egyptian Breakout) `PlainBrick1`–`6`, sRGB:
/// red, blue, green, purple, cyan, yellow.
const PLAIN_RGB: [[u8; 3]; 6] = [
    [0xd4, 0x00, 0x00],
    [0x00, 0x7b, 0xd4],
    [0x2b, 0xd4, 0x00],
    [0xa6, 0x00, 0xd4],
    [0x00, 0xb9, 0xd4],
    [0xff, 0xe3, 0x2c],
];
/// The gold of the default theme's `MultipleBrick3` frame (its bars are terracotta: the whole
/// brick's mean colour is `c06e49`; see docs/import.md, "Faithful").
const MULTIPLE_RGB: [u8; 3] = [0xe3, 0xc2, 0x54];

/// One cell while the level is read: KBreakOut's brick character (unknown ones already made
/// `1`) and the gift it holds.
#[derive(Clone, Debug)]
struct Cell {
    brick: char,
    gift: Option<String>,
}

/// Reads a KBreakOut level set; see the module documentation.
///
/// # Errors
/// [`ImportError::Invalid`] with line and column for XML errors, a KConfig-style set, a line
/// longer than 20 bricks, a row number outside 1–24, a bad gift count, an unexpected element, or
/// a set without levels.
pub(super) fn parse(bytes: &[u8], path: &Path) -> Result<LevelSet, ImportError> {
    let text = utf8(bytes, path)?;
    let doc = match Document::parse(text) {
        Ok(doc) => doc,
        Err(_) if text.lines().any(|l| l.trim() == "[level1]") => {
            return Err(invalid(path, 1, 0, "an old KConfig-style KBreakOut level set ([level1], line1=...): not supported, only the XML sets KBreakOut ships".to_string()));
        }
        Err(e) => {
            let pos = e.pos();
            return Err(invalid(
                path,
                pos.row as usize,
                pos.col as usize,
                format!("not a KBreakOut level set: {e}"),
            ));
        }
    };
    let set = stem(path);
    let mut levels = Vec::new();
    let mut skipped = Vec::new();
    let mut number = 0;
    for node in doc.root_element().children() {
        if skip_node(node, &doc, path)? {
            continue;
        }
        let (line, column) = position(&doc, node);
        if node.tag_name().name() != "Level" {
            return Err(invalid(
                path,
                line,
                column,
                format!(
                    "<{}> where a <Level> should be: KBreakOut stops reading the set here",
                    node.tag_name().name()
                ),
            ));
        }
        number += 1;
        match read_level(&doc, node, number, &set, path)? {
            LevelRead::Imported(level) => levels.push(*level),
            LevelRead::Skipped(reason) => skipped.push(Skipped {
                number,
                line,
                reason,
            }),
        }
    }
    if number == 0 {
        return Err(invalid(
            path,
            1,
            0,
            "the KBreakOut level set has no <Level>".to_string(),
        ));
    }
    Ok(LevelSet {
        name: set,
        format: Format::KBreakOut,
        path: path.to_path_buf(),
        levels,
        skipped,
    })
}

/// True for nodes KBreakOut's loop does not look at here: comments, processing instructions and
/// whitespace (QDom drops whitespace-only text). Other text is an error.
fn skip_node(node: Node, doc: &Document, path: &Path) -> Result<bool, ImportError> {
    if node.is_element() {
        return Ok(false);
    }
    if node.is_text() && !node.text().unwrap_or("").trim().is_empty() {
        let (line, column) = position(doc, node);
        return Err(invalid(
            path,
            line,
            column,
            "text where an element should be".to_string(),
        ));
    }
    Ok(true)
}

/// 1-based line and column of a node's start.
fn position(doc: &Document, node: Node) -> (usize, usize) {
    let pos = doc.text_pos_at(node.range().start);
    (pos.row as usize, pos.col as usize)
}

/// A value given as the attribute `name` or, failing that, as the child element `name` (its
/// text), as `LevelLoader::loadLine`/`loadGift` look them up; `Some(true)` with a child.
fn value(node: Node, name: &str) -> Option<(String, bool)> {
    if let Some(v) = node.attribute(name) {
        return Some((v.to_string(), false));
    }
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
        .map(|c| (text(c), true))
}

/// An element's text as `QDomElement::text()` gives it: every descendant text, concatenated
/// (whitespace-only text nodes are dropped by QDom's parser).
fn text(node: Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .filter(|t| !t.trim().is_empty())
        .collect()
}

/// A whole number as `QString::toInt` reads it (surrounding whitespace allowed).
fn to_int(s: &str) -> Option<i64> {
    s.trim().parse().ok()
}

/// A number as JavaScript's `parseInt` reads it: leading whitespace, a sign, then digits up to
/// the first other character; `None` for NaN.
fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim_start();
    let (sign, digits) = match s.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, s.strip_prefix('+').unwrap_or(s)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse::<i64>().ok().map(|n| sign * n)
}

/// What reading one `<Level>` gives: the level, or why it is skipped.
enum LevelRead {
    /// The level, converted.
    Imported(Box<ImportedLevel>),
    /// Why it is skipped (no bricks, nothing to clear).
    Skipped(String),
}

/// The bricks and gifts of one `<Level>` as KBreakOut reads them, before conversion.
struct RawLevel {
    /// KBreakOut's field, row-major, [`WIDTH`] × [`HEIGHT`].
    grid: Vec<Option<Cell>>,
    /// Gifts without a position, by type in the order first seen: placed when play starts.
    scattered: Vec<(String, usize)>,
}

/// Reads one `<Level>`: the level, or why it is skipped.
///
/// # Errors
/// [`ImportError::Invalid`] for what KBreakOut would reject (see [`parse`]).
fn read_level(
    doc: &Document,
    level: Node,
    number: usize,
    set: &str,
    path: &Path,
) -> Result<LevelRead, ImportError> {
    let mut tally = Tally::default();
    let raw = read_raw_level(doc, level, path, &mut tally)?;
    let Some(last_row) = raw
        .grid
        .iter()
        .rposition(Option::is_some)
        .map(|i| i / WIDTH)
    else {
        return Ok(LevelRead::Skipped("no bricks".to_string()));
    };
    let rows = last_row + 1;
    let cells = convert_cells(&raw.grid[..rows * WIDTH], &mut tally);
    let scatter = convert_scattered(raw.scattered, &cells, &mut tally);
    if !cells.iter().flatten().any(|b| b.kind.counts_for_clear()) {
        return Ok(LevelRead::Skipped(
            "nothing to clear: only unbreakable and hidden bricks".to_string(),
        ));
    }
    let (line, _) = position(doc, level);
    let template = Level {
        name: format!("{set}-{number:02}"),
        title: level
            .attribute("Name")
            .and_then(|t| header_text(t, HeaderStyle::Blanked)),
        source: header_text(
            &format!("KBreakOut set {set} level {number}"),
            HeaderStyle::Blanked,
        ),
        area: Some(BrickArea {
            left: 0,
            top: 0,
            width: 800,
            height: (rows * ROW_PIXELS) as u16,
        }),
        explosion: Explosion::Cross,
        scoring: Ruleset::KBreakOut,
        powerup_rules: Ruleset::KBreakOut,
        scatter,
        ..Level::default()
    };
    let original = raw.grid[..rows * WIDTH]
        .iter()
        .map(|cell| cell.as_ref().map(|c| OriginalBrick::new(c.brick)))
        .collect();
    Ok(LevelRead::Imported(Box::new(ImportedLevel {
        level: Grid::from_cells(rows, WIDTH, cells).into_level(template),
        number,
        line,
        approximations: tally.into_vec(),
        original,
    })))
}

/// The `<Line>`s and `<Gift>`s of one `<Level>`, in KBreakOut's field, as its
/// `LevelLoader::loadLevel` reads them.
///
/// # Errors
/// [`ImportError::Invalid`] for a bad line number, a line longer than [`WIDTH`], a bad gift, or
/// another element.
fn read_raw_level(
    doc: &Document,
    level: Node,
    path: &Path,
    tally: &mut Tally,
) -> Result<RawLevel, ImportError> {
    let mut raw = RawLevel {
        grid: vec![None; WIDTH * HEIGHT],
        scattered: Vec::new(),
    };
    let mut row = 0i64;
    for node in level.children() {
        if skip_node(node, doc, path)? {
            continue;
        }
        let (line, column) = position(doc, node);
        let err = |message: String| invalid(path, line, column, message);
        match node.tag_name().name() {
            "Line" => {
                row = match value(node, "Number") {
                    Some((n, _)) => to_int(&n).ok_or_else(|| {
                        err(format!("line number '{}' is not a number", n.trim()))
                    })?,
                    None => row + 1,
                };
                read_line(node, row, &mut raw.grid, tally).map_err(err)?;
            }
            "Gift" => {
                let (gift, times, at) = read_gift(node).map_err(err)?;
                // A gift displaced from its brick by a positioned one goes to a random brick.
                let moved = match at {
                    Some(at) => place_at(&mut raw.grid, &gift, &at).map(|old| (old, 1)),
                    None => (times > 0).then_some((gift, times)),
                };
                if let Some((gift, n)) = moved {
                    match raw.scattered.iter_mut().find(|(g, _)| *g == gift) {
                        Some((_, count)) => *count = count.saturating_add(n),
                        None => raw.scattered.push((gift, n)),
                    }
                }
            }
            other => {
                return Err(err(format!(
                    "<{other}> in a level: KBreakOut's levels hold <Line> and <Gift>"
                )))
            }
        }
    }
    Ok(raw)
}

/// Lays the bricks of one `<Line>` (row `row`, 1-based) into `grid`: `-` leaves a cell as it
/// is, a later row given twice replaces earlier bricks, an unknown character is plain brick 1.
///
/// # Errors
/// The message for a row outside KBreakOut's field or a line longer than [`WIDTH`].
fn read_line(
    node: Node,
    row: i64,
    grid: &mut [Option<Cell>],
    tally: &mut Tally,
) -> Result<(), String> {
    if !(1..=HEIGHT as i64).contains(&row) {
        return Err(format!(
            "line number {row} is outside KBreakOut's field (1 to {HEIGHT})"
        ));
    }
    let bricks = match value(node, "Bricks") {
        Some((b, _)) => b,
        None => text(node),
    };
    let count = bricks.chars().count();
    if count > WIDTH {
        return Err(format!(
            "line {row} has {count} bricks: KBreakOut's lines hold at most {WIDTH}"
        ));
    }
    let mut overlaid = 0;
    for (col, c) in bricks.chars().enumerate() {
        if c == '-' {
            continue;
        }
        let brick = if "123456mxuh".contains(c) {
            c
        } else {
            tally.add(format!("unknown brick '{c}' as plain brick 1"), 1);
            '1'
        };
        let cell = &mut grid[(row as usize - 1) * WIDTH + col];
        match cell {
            Some(old) => {
                overlaid += 1;
                old.brick = brick;
            }
            None => *cell = Some(Cell { brick, gift: None }),
        }
    }
    if overlaid > 0 {
        tally.add(
            "row given twice: later bricks replace earlier ones",
            overlaid,
        );
    }
    Ok(())
}

/// This game's bricks for KBreakOut's cells, with the gifts placed on them (a gift on an
/// unbreakable brick or an unknown one is dropped, and counted).
fn convert_cells(grid: &[Option<Cell>], tally: &mut Tally) -> Vec<Option<Brick>> {
    grid.iter()
        .map(|cell| {
            let cell = cell.as_ref()?;
            let mut brick = convert_brick(cell.brick, tally);
            if let Some(gift) = &cell.gift {
                match convert_gift(gift) {
                    None => tally.add(format!("unknown gift {gift}: KBreakOut's does nothing"), 1),
                    Some(_) if !brick.kind.is_destructible() => tally.add(
                        format!("gift {gift} on an unbreakable brick dropped (KBreakOut releases it when the brick burns)"),
                        1,
                    ),
                    Some(powerup) => brick.powerup = Some(powerup),
                }
            }
            Some(brick)
        })
        .collect()
}

/// The level's scattered power-ups for the gifts without a position: no more than `cells` has
/// bricks (KBreakOut looks for a free brick forever; the ones left over are counted).
fn convert_scattered(
    scattered: Vec<(String, usize)>,
    cells: &[Option<Brick>],
    tally: &mut Tally,
) -> Vec<(PowerUpKind, u16)> {
    let mut scatter = Vec::new();
    for (gift, count) in scattered {
        match convert_gift(&gift) {
            None => tally.add(
                format!("unknown gift {gift}: KBreakOut's does nothing"),
                count,
            ),
            Some(powerup) => scatter.push((powerup, count)),
        }
    }
    let bricks = cells.iter().flatten().count();
    let placed = cells
        .iter()
        .flatten()
        .filter(|b| b.powerup.is_some())
        .count();
    // Counts come from the file: add them without overflowing.
    let wanted = scatter
        .iter()
        .fold(placed, |sum: usize, &(_, n)| sum.saturating_add(n));
    if wanted > bricks {
        tally.add(
            "more gifts than bricks: KBreakOut looks for a free brick forever, here the last ones are not placed",
            wanted - bricks,
        );
    }
    scatter
        .into_iter()
        .map(|(powerup, n)| (powerup, u16::try_from(n.min(bricks)).unwrap_or(u16::MAX)))
        .collect()
}

/// A gift's type, count and position (`LevelLoader::loadGift`): the type from the `Type`
/// attribute or child, else the text; the count from `Count`, else the text when the type did
/// not use it (1 if it is not a number); a position only for a single gift, from `Position` or
/// a text holding a comma.
fn read_gift(node: Node) -> Result<(String, usize, Option<String>), String> {
    let mut text_read = false;
    let gift = match value(node, "Type") {
        Some((t, child)) => {
            text_read |= child;
            t
        }
        None => {
            text_read = true;
            text(node)
        }
    };
    let gift = gift.trim().to_string();
    let times = match value(node, "Count") {
        Some((c, child)) => {
            text_read |= child;
            to_int(&c)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("gift count '{}' is not a number", c.trim()))?
        }
        None if !text_read => to_int(&text(node))
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(1),
        None => 1,
    };
    let mut position = None;
    if times == 1 {
        position = match value(node, "Position") {
            Some((p, _)) => Some(p),
            None if !text_read && text(node).contains(',') => Some(text(node)),
            None => None,
        };
    }
    Ok((gift, times, position))
}

/// Puts `gift` on the brick at `at` ("column,row", 1-based), as `putGift` does: nothing if
/// there is no brick there. Returns the gift that brick held before, which KBreakOut moves to a
/// random brick.
fn place_at(grid: &mut [Option<Cell>], gift: &str, at: &str) -> Option<String> {
    let mut parts = at.split(',');
    let col = parts.next().and_then(parse_int).map(|c| c - 1);
    let row = parts.next().and_then(parse_int).map(|r| r - 1);
    let (Some(col), Some(row)) = (col, row) else {
        return None;
    };
    if !(0..WIDTH as i64).contains(&col) || !(0..HEIGHT as i64).contains(&row) {
        return None;
    }
    let cell = grid[row as usize * WIDTH + col as usize].as_mut()?;
    cell.gift.replace(gift.to_string())
}

/// This game's brick for a KBreakOut brick character (`getTypeFromChar`).
fn convert_brick(c: char, tally: &mut Tally) -> Brick {
    match c {
        'm' => Brick::new(BrickKind::Plain(nearest_plain(MULTIPLE_RGB)))
            .coloured(MULTIPLE_RGB)
            .with_hits(3),
        'x' => Brick::new(BrickKind::Explosive),
        'u' => {
            tally.add(
                "unbreakable brick u as a wall (burning, an unstoppable ball and explosions break it in KBreakOut)",
                1,
            );
            Brick::new(BrickKind::Solid)
        }
        'h' => Brick::new(BrickKind::Hidden),
        _ => {
            let rgb = PLAIN_RGB[usize::from(c as u8).saturating_sub(usize::from(b'1')) % 6];
            Brick::new(BrickKind::Plain(nearest_plain(rgb))).coloured(rgb)
        }
    }
}

/// This game's power-up for a KBreakOut gift (`GIFT_TYPES`, `src/levelloader.h`; what each
/// does: `executeGift`, `src/qml/logic.js`), played under `@powerups: kbreakout` (speed ×1.3
/// and ÷1.3, bar ×1.4 and ÷1.4, split multiball, effects until the life is lost:
/// `sim::powerups::rules`); `None` for a type KBreakOut does not know.
pub(super) fn convert_gift(gift: &str) -> Option<PowerUpKind> {
    use PowerUpKind as P;
    Some(match gift {
        "Gift100Points" => P::Points100,
        "Gift200Points" => P::Points200,
        "Gift500Points" => P::Points500,
        "Gift1000Points" => P::Points1000,
        "GiftAddLife" => P::ExtraLife,
        "GiftLoseLife" => P::LoseLife,
        "GiftNextLevel" => P::NextLevel,
        "GiftSplitBall" => P::Multiball,
        "GiftAddBall" => P::ExtraBall,
        "GiftUnstoppableBall" => P::EnergyBall,
        "GiftBurningBall" => P::ExplosiveBall,
        // A malus in KBreakOut (the bot dodges it): `fast`, which scales by ×1.3 there.
        "GiftIncreaseSpeed" => P::Fast,
        "GiftDecreaseSpeed" => P::Slow,
        "GiftEnlargeBar" => P::PadSizeIncrease,
        "GiftShrinkBar" => P::Shrink,
        "GiftStickyBar" => P::Sticky,
        "GiftMagicEye" => P::MagicEye,
        "GiftMagicWand" => P::MagicWand,
        "GiftMoreExplosion" => P::ExplosiveGrow,
        _ => return None,
    })
}
