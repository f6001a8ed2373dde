//! The XML of a KBreakOut level set as KBreakOut's `src/levelloader.cpp` reads it
//! (`LevelLoader::loadLevel`, `loadLine`, `loadGift`) and `src/qml/logic.js` places it
//! (`showLine`, `putGift`): the bricks and gifts of one `<Level>` in KBreakOut's 20 × 24 field,
//! before `super::kbreakout` converts them (see its module documentation for the format).

use super::common::{invalid, Tally};
use super::types::ImportError;
use roxmltree::{Document, Node};
use std::path::Path;

/// Bricks per line (`globals.js` `WIDTH`).
pub(super) const WIDTH: usize = 20;
/// Rows of the field (`globals.js` `HEIGHT`).
const HEIGHT: usize = 24;
/// One cell while the level is read: KBreakOut's brick character (unknown ones already made
/// `1`) and the gift it holds.
#[derive(Clone, Debug)]
pub(super) struct Cell {
    /// KBreakOut's brick character.
    pub brick: char,
    /// The gift's type, if it holds one.
    pub gift: Option<String>,
}

/// The bricks and gifts of one `<Level>` as KBreakOut reads them, before conversion.
pub(super) struct RawLevel {
    /// KBreakOut's field, row-major, [`WIDTH`] × [`HEIGHT`].
    pub grid: Vec<Option<Cell>>,
    /// Gifts without a position, by type in the order first seen: placed when play starts.
    pub scattered: Vec<(String, usize)>,
}

/// The `<Line>`s and `<Gift>`s of one `<Level>`, in KBreakOut's field, as its
/// `LevelLoader::loadLevel` reads them.
///
/// # Errors
/// [`ImportError::Invalid`] for a bad line number, a line longer than [`WIDTH`], a bad gift, or
/// another element.
pub(super) fn read_raw_level(
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

/// True for nodes KBreakOut's loop does not look at here: comments, processing instructions and
/// whitespace (QDom drops whitespace-only text). Other text is an error.
pub(super) fn skip_node(node: Node, doc: &Document, path: &Path) -> Result<bool, ImportError> {
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
pub(super) fn position(doc: &Document, node: Node) -> (usize, usize) {
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
