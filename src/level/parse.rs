//! The level-file parser. Never panics; collects every problem with its line and column.

use super::{
    BrickKind, CellExtras, Diagnostic, Level, LevelErrors, PowerUpKind, MAX_GRID_DIMENSION,
    MAX_HITS,
};
use std::collections::BTreeMap;

/// Where each cell's token was in the file: (line, column), 1-based, row-major like the cells.
/// Used to point warnings at bricks.
pub(super) type Positions = Vec<(usize, usize)>;

/// Parses `text`; see [`Level::parse`] for the rules.
pub(super) fn parse(text: &str, source_name: &str) -> Result<(Level, Positions), LevelErrors> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut diagnostics = Vec::new();
    let mut cells = Vec::new();
    let mut extras = BTreeMap::new();
    let mut positions = Vec::new();
    let mut title: Option<String> = None;
    let mut author: Option<String> = None;
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
            directive(
                line,
                line_no,
                first_column,
                &mut title,
                &mut author,
                &mut diagnostics,
            );
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
    if rows == 0 {
        diagnostics.push(Diagnostic {
            line: 1,
            column: 1,
            message: "level is empty: write one row of brick numbers (0-5) per line".to_string(),
        });
    } else if !cells.iter().flatten().any(|b| b.is_destructible()) && diagnostics.is_empty() {
        diagnostics.push(Diagnostic {
            line: 1,
            column: 1,
            message: "level has no destructible brick (2-5), so it could never be cleared"
                .to_string(),
        });
    }
    if !diagnostics.is_empty() {
        diagnostics.sort_by_key(|d| (d.line, d.column));
        return Err(LevelErrors {
            source_name: source_name.to_string(),
            diagnostics,
        });
    }
    debug_assert_eq!(cells.len(), rows * cols);
    let level = Level {
        name: source_name.to_string(),
        title,
        author,
        rows,
        cols,
        cells,
        extras,
    };
    Ok((level, positions))
}

/// Parses a `@key: value` line into `title` or `author`, reporting unknown keys, empty values and
/// repeats.
fn directive(
    line: &str,
    line_no: usize,
    column: usize,
    title: &mut Option<String>,
    author: &mut Option<String>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let body = line.trim_start().trim_start_matches('@');
    let Some((key, value)) = body.split_once(':') else {
        diagnostics.push(Diagnostic {
            line: line_no,
            column,
            message: "a directive is written '@key: value', e.g. '@name: The Fortress'".to_string(),
        });
        return;
    };
    let key = key.trim();
    let value = value.trim();
    let slot = match key {
        "name" => title,
        "author" => author,
        _ => {
            let shown: String = key.chars().take(20).collect();
            diagnostics.push(Diagnostic {
                line: line_no,
                column,
                message: format!(
                    "unknown directive '@{shown}': the directives are @name and @author"
                ),
            });
            return;
        }
    };
    if value.is_empty() {
        diagnostics.push(Diagnostic {
            line: line_no,
            column,
            message: format!("@{key} needs a value after ':'"),
        });
    } else if slot.is_some() {
        diagnostics.push(Diagnostic {
            line: line_no,
            column,
            message: format!("@{key} is given twice"),
        });
    } else {
        *slot = Some(value.to_string());
    }
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

const CELL_HELP: &str = "expected 0 (empty), 1 (solid) or 2-5 (coloured)";

/// Parses one cell token: `0`–`5`, then for `2`–`5` optionally `*N` (hits, 2–9) and `+X`
/// (power-up letter), in that order.
fn parse_cell(token: &str) -> Result<Option<(BrickKind, Option<CellExtras>)>, String> {
    let shown: String = token.chars().take(20).collect();
    let end = token.find(['*', '+']).unwrap_or(token.len());
    let (number, suffix) = token.split_at(end);
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{shown}' is not a brick number: {CELL_HELP}"));
    }
    let kind = match number.parse::<u8>() {
        Ok(0) => None,
        Ok(code) if code <= 5 => BrickKind::from_code(code),
        _ => {
            return Err(format!(
                "brick number {number} is out of range: {CELL_HELP}"
            ))
        }
    };
    if suffix.is_empty() {
        return Ok(kind.map(|k| (k, None)));
    }
    let Some(kind @ BrickKind::Destructible(_)) = kind else {
        return Err(format!(
            "'{shown}': only coloured bricks (2-5) take '*hits' or '+power-up'; {number} is {}",
            if number.trim_start_matches('0').is_empty() {
                "empty"
            } else {
                "solid"
            }
        ));
    };
    let (hits_part, powerup_part) = match suffix.split_once('+') {
        Some((hits, powerup)) => (hits, Some(powerup)),
        None => (suffix, None),
    };
    let hits = match hits_part.strip_prefix('*') {
        None if hits_part.is_empty() => 1,
        Some(n) => match n.parse::<u8>() {
            Ok(h) if (2..=MAX_HITS).contains(&h) => h,
            _ => return Err(format!("'{shown}': hits after '*' must be 2 to {MAX_HITS}")),
        },
        None => {
            return Err(format!(
                "'{shown}': write hits before the power-up, e.g. 3*2+M"
            ))
        }
    };
    let powerup = match powerup_part {
        None => None,
        // `3+M*2`: hits written after the power-up (suffixes split at '+', so the hits end up here).
        Some(p) if p.contains('*') => {
            return Err(format!(
                "'{shown}': write hits before the power-up, e.g. 3*2+M"
            ))
        }
        Some(p) => {
            let mut chars = p.chars();
            match (
                chars.next().and_then(PowerUpKind::from_letter),
                chars.next(),
            ) {
                (Some(kind), None) => Some(kind),
                _ => {
                    let letters: String = PowerUpKind::ALL.iter().map(|k| k.letter()).collect();
                    return Err(format!(
                        "'{shown}': after '+' comes one power-up letter, one of {letters}"
                    ));
                }
            }
        }
    };
    Ok(Some((kind, Some(CellExtras { hits, powerup }))))
}
