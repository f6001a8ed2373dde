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
use super::kbreakout_xml::{position, read_raw_level, skip_node, Cell, WIDTH};
use super::types::{Format, ImportError, ImportedLevel, LevelSet, OriginalBrick, Skipped};
use crate::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Ruleset};
use roxmltree::{Document, Node};
use std::path::Path;

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

/// What reading one `<Level>` gives: the level, or why it is skipped.
enum LevelRead {
    /// The level, converted.
    Imported(Box<ImportedLevel>),
    /// Why it is skipped (no bricks, nothing to clear).
    Skipped(String),
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
