//! One cell of a level's grid read from its token (`3`, `X`, `2:ff8000*2+M`, …): the
//! level-file parser's ([`parse`](super::parse)) reading of a cell, with its messages.

use super::brick_kinds::{BrickKind, BRICK_LETTERS};
use super::powerups::{PowerUpKind, Roll};
use super::types::{CellExtras, MAX_HITS};

/// What a cell may hold, for error messages: the lettered kinds listed from their rows.
fn cell_help() -> String {
    format!("expected 0 (empty), 1 (solid), 2-9 (plain colours) or a brick letter {BRICK_LETTERS}")
}

/// A parsed cell: its brick, if any, and its extensions, if it has any.
pub(super) type Cell = Option<(BrickKind, Option<CellExtras>)>;

/// Parses one cell token: `0`–`9` or a brick letter, then optionally `:RRGGBB` (colour, on any
/// brick), `*N` (hits, 2–9, on destructible bricks) and `+X` (a power-up, on destructible
/// bricks and on metal and chaotic ones, [`BrickKind::holds_powerup`]), in that order.
pub(super) fn parse_cell(token: &str) -> Result<Cell, String> {
    let shown: String = token.chars().take(20).collect();
    let end = token.find([':', '*', '+']).unwrap_or(token.len());
    let (head, mut suffix) = token.split_at(end);
    let kind = cell_kind(head, &shown)?;
    if suffix.is_empty() {
        return Ok(kind.map(|k| (k, None)));
    }
    let Some(kind) = kind else {
        return Err(format!(
            "'{shown}': an empty cell (0) takes no ':colour', '*hits' or '+power-up'"
        ));
    };
    let mut colour = None;
    if let Some(rest) = suffix.strip_prefix(':') {
        let end = rest.find(['*', '+', ':']).unwrap_or(rest.len());
        let (hex, rest) = rest.split_at(end);
        colour = Some(parse_colour(hex).ok_or_else(|| {
            format!("'{shown}': after ':' comes a colour of 6 hex digits RRGGBB, e.g. 2:ff8000")
        })?);
        suffix = rest;
    }
    if suffix.starts_with(':') {
        return Err(format!(
            "'{shown}': write hits before the power-up, a colour before both: 3*2+M, 2:ff8000*2+M"
        ));
    }
    // Metal and chaotic bricks take a power-up (an energy ball breaks them), nothing else.
    let powerup_only = suffix.starts_with('+') && kind.holds_powerup();
    if !suffix.is_empty() && !kind.is_destructible() && !powerup_only {
        if kind.holds_powerup() {
            return Err(format!(
                "'{shown}': {} is indestructible: it takes no '*hits', only a '+power-up' (released when an energy ball breaks it)",
                kind.symbol()
            ));
        }
        return Err(format!(
            "'{shown}': only bricks the ball can destroy take '*hits' or '+power-up'; {} is solid",
            kind.symbol()
        ));
    }
    let (hits_part, powerup_part) = match suffix.split_once('+') {
        Some((hits, powerup)) => (hits, Some(powerup)),
        None => (suffix, None),
    };
    let hits = match hits_part.strip_prefix('*') {
        None if hits_part.is_empty() => kind.default_hits(),
        Some(n) => match n.parse::<u8>() {
            Ok(h) if (1..=MAX_HITS).contains(&h) => h,
            _ => return Err(format!("'{shown}': hits after '*' must be 1 to {MAX_HITS}")),
        },
        None => {
            return Err(format!(
                "'{shown}': write hits before the power-up, e.g. 3*2+M"
            ))
        }
    };
    let (powerup, roll) = cell_powerup(powerup_part, &shown)?;
    // A suffix that only restates the defaults (`2*1`) is no extension: the level is the same.
    let plain =
        hits == kind.default_hits() && powerup.is_none() && roll.is_none() && colour.is_none();
    let extras = CellExtras {
        hits,
        powerup,
        roll,
        colour,
    };
    Ok(Some((kind, (!plain).then_some(extras))))
}

/// The brick of a cell's head (before any suffix): `0` (none), `1`–`9` or a brick letter.
/// `shown` is the token as error messages quote it.
fn cell_kind(head: &str, shown: &str) -> Result<Option<BrickKind>, String> {
    if !head.is_empty() && head.bytes().all(|b| b.is_ascii_digit()) {
        match head.parse::<u8>() {
            Ok(0) => Ok(None),
            Ok(code) if code <= 9 => Ok(BrickKind::from_code(code)),
            _ => Err(format!(
                "brick number {head} is out of range: {}",
                cell_help()
            )),
        }
    } else {
        let mut chars = head.chars();
        match (chars.next().and_then(BrickKind::from_symbol), chars.next()) {
            (Some(kind), None) => Ok(Some(kind)),
            _ => Err(format!(
                "'{shown}' is not a brick number or letter: {}",
                cell_help()
            )),
        }
    }
}

/// The power-up or the chance of one after a cell's `+`, if it has one. `shown` is the token
/// as error messages quote it.
fn cell_powerup(
    powerup_part: Option<&str>,
    shown: &str,
) -> Result<(Option<PowerUpKind>, Option<Roll>), String> {
    let powerup = match powerup_part {
        None => None,
        // `3+M*2`: hits written after the power-up (suffixes split at '+', so the hits end up here).
        Some(p) if p.contains(['*', ':']) => {
            return Err(format!(
            "'{shown}': write hits before the power-up, a colour before both: 3*2+M, 2:ff8000*2+M"
        ))
        }
        Some(p) => match (PowerUpKind::from_token(p), Roll::from_token(p)) {
            (Some(kind), _) => Some(Ok(kind)),
            (None, Some(roll)) => Some(Err(roll)),
            (None, None) => {
                let letters: String = PowerUpKind::ALL.iter().filter_map(|k| k.letter()).collect();
                return Err(format!(
                    "'{shown}': after '+' comes a power-up: a letter ({letters}), a name such as \
                     'frozen' (docs/levels.md lists them), a chance such as '10%' or 'bad'"
                ));
            }
        },
    };
    let (powerup, roll) = match powerup {
        Some(Ok(kind)) => (Some(kind), None),
        Some(Err(roll)) => (None, Some(roll)),
        None => (None, None),
    };
    Ok((powerup, roll))
}

/// Six hex digits `RRGGBB` as bytes; `None` for anything else.
fn parse_colour(hex: &str) -> Option<[u8; 3]> {
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}
