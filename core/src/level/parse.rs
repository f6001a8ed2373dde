//! The level-file parser. Never panics; collects every problem with its line and column.

use super::brick_kinds::BrickKind;
use super::cell::parse_cell;
use super::level_type::{LevelType, MiniGame};
use super::powerups::PowerUpKind;
use super::types::{
    BrickArea, Diagnostic, Explosion, Level, LevelErrors, Ruleset, MAX_AREA_BOTTOM,
    MAX_GRID_DIMENSION,
};
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use std::collections::BTreeMap;

/// Where each cell's token was in the file: (line, column), 1-based, row-major like the cells.
/// Used to point warnings at bricks.
pub(super) type Positions = Vec<(usize, usize)>;

/// A file whose every line and cell is valid, with what may still be wrong with it as a whole.
pub(super) struct Parsed {
    /// The level (0 rows and columns if the file has no row).
    pub level: Level,
    /// Where each cell's token was.
    pub positions: Positions,
    /// Problems of the level as a whole, at line 1, column 1: no row at all, or nothing to
    /// clear. An editor can still open such a level; a game cannot play it.
    pub whole: Vec<Diagnostic>,
}

/// Parses `text`; see [`Level::parse`] for the rules.
pub(super) fn parse(text: &str, source_name: &str) -> Result<(Level, Positions), LevelErrors> {
    let parsed = parse_lenient(text, source_name)?;
    if parsed.whole.is_empty() {
        Ok((parsed.level, parsed.positions))
    } else {
        Err(LevelErrors {
            source_name: source_name.to_string(),
            diagnostics: parsed.whole,
        })
    }
}

/// Like [`parse`], except that a level whose lines and cells are all valid is returned even if
/// it has no row or nothing to clear (those problems are in [`Parsed::whole`]).
pub(super) fn parse_lenient(text: &str, source_name: &str) -> Result<Parsed, LevelErrors> {
    let (parsed, diagnostics) = salvage(text, source_name);
    if diagnostics.is_empty() {
        Ok(parsed)
    } else {
        Err(LevelErrors {
            source_name: source_name.to_string(),
            diagnostics,
        })
    }
}

/// Reads what can be read of `text`, always giving a level: cells that cannot be read are
/// empty, rows are cut or padded to the first row's width (and to the size limits), headers that
/// cannot be read keep their defaults. The diagnostics are those [`parse_lenient`] fails with
/// (empty when it succeeds), sorted by line and column.
pub(super) fn salvage(text: &str, source_name: &str) -> (Parsed, Vec<Diagnostic>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut diagnostics = Vec::new();
    let mut cells = Vec::new();
    let mut extras = BTreeMap::new();
    let mut positions = Vec::new();
    let mut headers = Headers::default();
    let mut rows = 0usize;
    // Width of the first row, and the line it was on (for messages).
    let mut width: Option<(usize, usize)> = None;

    for (line_index, raw_line) in text.split('\n').enumerate() {
        let line_no = line_index + 1;
        // CRLF files: drop the '\r' left by split('\n'); a lone '\r' elsewhere is whitespace.
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        // A comment runs from '#' to the end of the line.
        let line = line.split_once('#').map_or(line, |(before, _)| before);
        let tokens = tokenize(line);
        let Some(&(first_column, first)) = tokens.first() else {
            continue;
        };
        if first.starts_with('@') {
            directive(line, line_no, first_column, &mut headers, &mut diagnostics);
            continue;
        }
        rows += 1;
        if rows > MAX_GRID_DIMENSION {
            if rows == MAX_GRID_DIMENSION + 1 {
                diagnostics.push(Diagnostic {
                    line: line_no,
                    column: first_column,
                    message: format!("too many rows: a level has at most {MAX_GRID_DIMENSION}"),
                });
            }
            continue;
        }
        let mut row_cells = Vec::with_capacity(tokens.len());
        for (i, &(column, token)) in tokens.iter().enumerate() {
            if i == MAX_GRID_DIMENSION {
                diagnostics.push(Diagnostic {
                    line: line_no,
                    column,
                    message: format!("too many bricks in this row: a level has at most {MAX_GRID_DIMENSION} columns"),
                });
            }
            match parse_cell(token) {
                Ok(cell) => row_cells.push((cell, (line_no, column))),
                Err(message) => {
                    diagnostics.push(Diagnostic {
                        line: line_no,
                        column,
                        message,
                    });
                    row_cells.push((None, (line_no, column)));
                }
            }
        }
        let count = tokens.len();
        let (expected, first_line) = *width.get_or_insert((count.min(MAX_GRID_DIMENSION), line_no));
        if count != expected && count <= MAX_GRID_DIMENSION {
            let column = if count > expected {
                tokens[expected].0
            } else {
                let (col, tok) = tokens[count - 1];
                col + tok.chars().count()
            };
            diagnostics.push(Diagnostic {
                line: line_no,
                column,
                message: format!(
                    "row has {count} bricks but line {first_line} has {expected}: every row must have the same number"
                ),
            });
        }
        // Keep the grid rectangular so the checks below still make sense.
        let end_of_row = (line_no, line.chars().count() + 1);
        row_cells.resize(expected, (None, end_of_row));
        for (cell, position) in row_cells {
            if let Some((_, Some(extra))) = cell {
                extras.insert(cells.len(), extra);
            }
            cells.push(cell.map(|(kind, _)| kind));
            positions.push(position);
        }
    }

    let rows = rows.min(MAX_GRID_DIMENSION);
    let cols = width.map_or(0, |(w, _)| w);
    let mut whole = Vec::new();
    if rows == 0 {
        whole.push(Diagnostic {
            line: 1,
            column: 1,
            message: "level is empty: write one row of brick numbers (0-5) per line".to_string(),
        });
    } else if headers.level_type.is_none_or(|t| t.is_bricks())
        && !cells.iter().flatten().any(|b| b.counts_for_clear())
    {
        whole.push(Diagnostic {
            line: 1,
            column: 1,
            message: format!(
                "level has no destructible brick to clear ({}), so it would be won at once",
                clearable_symbols()
            ),
        });
    }
    if !diagnostics.is_empty() {
        // An empty file is worth saying even with bad headers; "nothing to clear" is not,
        // while cells are unreadable.
        if rows == 0 {
            diagnostics.append(&mut whole);
        }
        whole.clear();
        diagnostics.sort_by_key(|d| (d.line, d.column));
    }
    debug_assert_eq!(cells.len(), rows * cols);
    let level = Level {
        name: source_name.to_string(),
        title: headers.title,
        author: headers.author,
        rows,
        cols,
        cells,
        extras,
        source: headers.source,
        area: headers.area,
        explosion: headers.explosion.unwrap_or_default(),
        scoring: headers.scoring.unwrap_or_default(),
        powerup_rules: headers.powerup_rules.unwrap_or_default(),
        scatter: headers.scatter.unwrap_or_default(),
        level_type: headers.level_type.unwrap_or_default(),
    };
    let parsed = Parsed {
        level,
        positions,
        whole,
    };
    (parsed, diagnostics)
}

/// Where the directive `@key:` is written in `text`: the 1-based line and column of its `@`,
/// as [`parse`] reads lines (comments, CRLF and a byte-order mark); the first if given twice.
pub(super) fn directive_position(text: &str, key: &str) -> Option<(usize, usize)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (line_index, raw_line) in text.split('\n').enumerate() {
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let line = line.split_once('#').map_or(line, |(before, _)| before);
        let Some(&(column, first)) = tokenize(line).first() else {
            continue;
        };
        let body = line.trim_start().trim_start_matches('@');
        if first.starts_with('@') && body.split_once(':').is_some_and(|(k, _)| k.trim() == key) {
            return Some((line_index + 1, column));
        }
    }
    None
}

/// The `@key: value` headers of a file, each given at most once.
#[derive(Default)]
struct Headers {
    title: Option<String>,
    author: Option<String>,
    source: Option<String>,
    area: Option<BrickArea>,
    explosion: Option<Explosion>,
    scoring: Option<Ruleset>,
    powerup_rules: Option<Ruleset>,
    scatter: Option<Vec<(PowerUpKind, u16)>>,
    level_type: Option<LevelType>,
}

/// The directives a file may use, for messages.
const DIRECTIVES: &str =
    "@name, @author, @source, @area, @explosion, @scoring, @powerups, @scatter and @type";

/// Parses a `@key: value` line into `headers`, reporting unknown keys, empty or bad values and
/// repeats.
fn directive(
    line: &str,
    line_no: usize,
    column: usize,
    headers: &mut Headers,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut report = |message: String| {
        diagnostics.push(Diagnostic {
            line: line_no,
            column,
            message,
        })
    };
    let body = line.trim_start().trim_start_matches('@');
    let Some((key, value)) = body.split_once(':') else {
        report("a directive is written '@key: value', e.g. '@name: The Fortress'".to_string());
        return;
    };
    let key = key.trim();
    let value = value.trim();
    let given = match key {
        "name" => headers.title.is_some(),
        "author" => headers.author.is_some(),
        "source" => headers.source.is_some(),
        "area" => headers.area.is_some(),
        "explosion" => headers.explosion.is_some(),
        "scoring" => headers.scoring.is_some(),
        "powerups" => headers.powerup_rules.is_some(),
        "scatter" => headers.scatter.is_some(),
        "type" => headers.level_type.is_some(),
        _ => {
            let shown: String = key.chars().take(20).collect();
            report(format!(
                "unknown directive '@{shown}': the directives are {DIRECTIVES}"
            ));
            return;
        }
    };
    if value.is_empty() {
        report(format!("@{key} needs a value after ':'"));
        return;
    }
    if given {
        report(format!("@{key} is given twice"));
        return;
    }
    match key {
        "name" => headers.title = Some(value.to_string()),
        "author" => headers.author = Some(value.to_string()),
        "source" => headers.source = Some(value.to_string()),
        "area" => match parse_area(value) {
            Ok(area) => headers.area = Some(area),
            Err(message) => report(message),
        },
        "explosion" => match value {
            "square" => headers.explosion = Some(Explosion::Square),
            "cross" => headers.explosion = Some(Explosion::Cross),
            _ => report(format!(
                "@explosion is 'square' (the 8 neighbours) or 'cross' (the 4 beside), not '{}'",
                value.chars().take(20).collect::<String>()
            )),
        },
        "type" => match LevelType::from_name(value) {
            Some(level_type) => headers.level_type = Some(level_type),
            None => {
                let names: Vec<&str> = MiniGame::ALL.iter().map(|g| g.name()).collect();
                report(format!(
                    "@type is 'bricks' or a mini-game ({}), not '{}'",
                    names.join(", "),
                    value.chars().take(20).collect::<String>()
                ))
            }
        },
        "scatter" => match parse_scatter(value) {
            Ok(scatter) => headers.scatter = Some(scatter),
            Err(message) => report(message),
        },
        _ => match Ruleset::ALL.into_iter().find(|s| s.name() == value) {
            Some(rules) if key == "scoring" => headers.scoring = Some(rules),
            Some(rules) => headers.powerup_rules = Some(rules),
            None => {
                let names: Vec<&str> = Ruleset::ALL.iter().map(|s| s.name()).collect();
                report(format!(
                    "@{key} is one of {}, not '{}'",
                    names.join(", "),
                    value.chars().take(20).collect::<String>()
                ))
            }
        },
    }
}

/// Most power-ups of one kind `@scatter:` may put on random bricks: more than any grid holds
/// ([`MAX_GRID_DIMENSION`]²).
const MAX_SCATTER_COUNT: u16 = 4096;

/// Parses `@scatter:`'s value: `NAME COUNT` pairs separated by commas, e.g.
/// `points-100 2, extra-life 1` (COUNT 1 to [`MAX_SCATTER_COUNT`]).
fn parse_scatter(value: &str) -> Result<Vec<(PowerUpKind, u16)>, String> {
    const HELP: &str =
        "@scatter is power-up names with counts, separated by commas, e.g. '@scatter: points-100 2, extra-life 1'";
    let mut scatter = Vec::new();
    for item in value.split(',') {
        let words: Vec<&str> = item.split_whitespace().collect();
        let [name, count] = words[..] else {
            return Err(HELP.to_string());
        };
        let kind = PowerUpKind::from_name(name).ok_or_else(|| {
            format!(
                "@scatter: unknown power-up '{}' (the names are in docs/levels.md)",
                name.chars().take(20).collect::<String>()
            )
        })?;
        match count.parse::<u16>() {
            Ok(n) if (1..=MAX_SCATTER_COUNT).contains(&n) => scatter.push((kind, n)),
            _ => {
                return Err(format!(
                    "@scatter: the count of {name} must be 1 to {MAX_SCATTER_COUNT}"
                ))
            }
        }
    }
    Ok(scatter)
}

/// Parses `@area:`'s value, `LEFT TOP WIDTH HEIGHT` in whole playfield pixels: inside the
/// 800×600 playfield, at least 1 pixel wide and high, ending at most [`MAX_AREA_BOTTOM`].
fn parse_area(value: &str) -> Result<BrickArea, String> {
    const HELP: &str = "@area is LEFT TOP WIDTH HEIGHT in whole pixels of the 800x600 playfield, e.g. '@area: 50 25 700 450'";
    let numbers: Vec<Option<u16>> = value.split_whitespace().map(|n| n.parse().ok()).collect();
    let [Some(left), Some(top), Some(width), Some(height)] = numbers[..] else {
        return Err(HELP.to_string());
    };
    if width == 0 || height == 0 {
        return Err(format!("{HELP}: the width and height must be at least 1"));
    }
    if f32::from(left) + f32::from(width) > PLAYFIELD_WIDTH {
        return Err(format!(
            "@area reaches x = {} but the playfield is {PLAYFIELD_WIDTH} px wide",
            u32::from(left) + u32::from(width)
        ));
    }
    let bottom = u32::from(top) + u32::from(height);
    if bottom > u32::from(MAX_AREA_BOTTOM) || f32::from(top) >= PLAYFIELD_HEIGHT {
        return Err(format!(
            "@area reaches y = {bottom}: bricks must end by y = {MAX_AREA_BOTTOM}, to leave the paddle room"
        ));
    }
    Ok(BrickArea {
        left,
        top,
        width,
        height,
    })
}

/// Splits a line into `(1-based column, token)` pairs on any Unicode whitespace.
fn tokenize(line: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column0, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                tokens.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column0 + 1));
        }
    }
    if let Some((b, c)) = start {
        tokens.push((c, &line[b..]));
    }
    tokens
}

/// The symbols of the kinds that count for clearing a level, from their rows, for the message
/// that a level has none: `2-9, X, I, R or G`.
fn clearable_symbols() -> String {
    let mut symbols: Vec<String> = Vec::new();
    if BrickKind::Plain(2).counts_for_clear() {
        symbols.push("2-9".to_string());
    }
    symbols.extend(
        BrickKind::ALL
            .iter()
            .filter(|k| k.code().is_none() && k.counts_for_clear())
            .map(|k| k.symbol().to_string()),
    );
    match symbols.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => symbols.concat(),
    }
}
