//! Tests of the level format's extensions (`docs/levels.md`, "Extensions"): comments, `@name:` /
//! `@author:`, multi-hit bricks (`3*2`) and placed power-ups (`4+M`), plus the lint warnings,
//! the `breakout check` binary on extended files, the shipped levels' headers, and live reload's
//! file watcher.
//!
//! Covers:
//! * every ```text example of `docs/levels.md`, extracted from the doc at test time (so the doc
//!   cannot rot), loads to what an independent oracle parser in this file reads from it; the
//!   power-up letter table of the doc matches the game's letters;
//! * each feature's meaning (hits, power-up letters in both cases, title/author, comments after
//!   rows and `#` inside a row line) and each error at its exact line and column;
//! * property tests: random extended levels survive `to_text` → `parse` and any hand-written
//!   layout of them (comments, tabs, CRLF, lower-case letters, directives anywhere); random mixes
//!   of valid and invalid extended tokens never panic and are accepted exactly when the oracle
//!   accepts them; the "never reached" warning matches an independent flood fill on random grids;
//! * `breakout check`: every error of a file listed with exit 1; warnings alone exit 0, or 1 with
//!   `--strict`; an unreadable file exits 2;
//! * `breakout::app::reload::FileWatcher` reports a saved file within a second, once.
//!
//! Over 600 lines on purpose: it is the one suite of the format's extensions, with its own oracle
//! parser, and its tests share that oracle and their generators.

use breakout::app::reload::FileWatcher;
use breakout::level::{BrickKind, CellExtras, Diagnostic, Explosion, Level, PowerUpKind, Ruleset};
use breakout::sim::{BrickField, HitOutcome};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

// ---------------------------------------------------------------------------------------------
// An independent oracle for the extended format (written from docs/levels.md, not the parser)
// ---------------------------------------------------------------------------------------------

/// The power-up letters of the docs, written out here rather than taken from `PowerUpKind`.
const LETTERS: [(char, PowerUpKind); 8] = [
    ('S', PowerUpKind::Speed),
    ('T', PowerUpKind::Sticky),
    ('P', PowerUpKind::PassThrough),
    ('W', PowerUpKind::PadSizeIncrease),
    ('C', PowerUpKind::Confuse),
    ('X', PowerUpKind::Chaos),
    ('M', PowerUpKind::Multiball),
    ('L', PowerUpKind::ExtraLife),
];

fn oracle_letter(c: char) -> Option<PowerUpKind> {
    LETTERS
        .iter()
        .find(|(l, _)| *l == c || l.to_ascii_lowercase() == c)
        .map(|&(_, k)| k)
}

/// One cell as the docs describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Solid,
    /// Plain colour 2–9, hits 1–9, power-up.
    Colour(u8, u8, Option<PowerUpKind>),
    /// A lettered brick kind (`M C X I H R G`), hits (0 for `M`/`C`), power-up.
    Kind(char, u8, Option<PowerUpKind>),
}

/// A token with an optional `:RRGGBB` right after its brick (any brick but `0`): the cell and
/// the colour's bytes.
fn oracle_coloured_token(token: &str) -> Option<(Cell, Option<[u8; 3]>)> {
    let Some(at) = token.find(':') else {
        return Some((oracle_token(token)?, None));
    };
    let hex = token.get(at + 1..at + 7)?;
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    let colour = [byte(0)?, byte(2)?, byte(4)?];
    let cell = oracle_token(&format!("{}{}", &token[..at], &token[at + 7..]))?;
    // The colour comes right after the brick, before hits and power-up.
    let head = &token[..at];
    (cell != Cell::Empty && !head.is_empty() && !head.contains(['*', '+']))
        .then_some((cell, Some(colour)))
}

/// The lettered kinds of the docs: (letter, hits when no `*N` is written; 0 = indestructible).
const KINDS: [(char, u8); 7] = [
    ('M', 0),
    ('C', 0),
    ('X', 1),
    ('I', 2),
    ('H', 2),
    ('R', 1),
    ('G', 1),
];

impl Cell {
    /// The ball can never break it (walls it in for the reachability warning).
    fn blocks(self) -> bool {
        matches!(self, Cell::Solid | Cell::Kind('M' | 'C', ..))
    }

    /// It must be destroyed to clear the level (every breakable kind but hidden `H`).
    fn counts(self) -> bool {
        match self {
            Cell::Colour(..) => true,
            Cell::Kind(k, ..) => !matches!(k, 'M' | 'C' | 'H'),
            _ => false,
        }
    }
}

/// Value of a string of ASCII digits (leading zeros allowed, as in the core format), saturating.
fn digits_value(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.bytes().fold(0u32, |v, b| {
        v.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

/// A cell token: a number 0–9 or a kind letter; on a breakable brick optionally `*N` (1–9) and
/// then `+X` (one letter). (Colour suffixes `:RRGGBB` are covered by tests/level_format_v2.rs.)
fn oracle_token(token: &str) -> Option<Cell> {
    let digits_end = token
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(token.len());
    let (base, mut rest) = if digits_end == 0 {
        let letter = token.chars().next()?;
        let &(k, hits) = KINDS.iter().find(|(k, _)| *k == letter)?;
        (Cell::Kind(k, hits, None), &token[1..])
    } else {
        let number = digits_value(&token[..digits_end])?;
        let base = match number {
            0 => Cell::Empty,
            1 => Cell::Solid,
            2..=9 => Cell::Colour(number as u8, 1, None),
            _ => return None,
        };
        (base, &token[digits_end..])
    };
    if rest.is_empty() {
        return Some(base);
    }
    let mut hits = match base {
        Cell::Colour(_, h, _) | Cell::Kind(_, h @ 1.., _) => h,
        // Metal and chaotic bricks take a power-up and nothing else (an energy ball breaks
        // them).
        Cell::Kind(_, 0, _) if rest.starts_with('+') => 0,
        _ => return None,
    };
    if let Some(after) = rest.strip_prefix('*') {
        let end = after.find('+').unwrap_or(after.len());
        let n = digits_value(&after[..end])?;
        if !(1..=9).contains(&n) {
            return None;
        }
        hits = n as u8;
        rest = &after[end..];
    }
    let mut powerup = None;
    if let Some(after) = rest.strip_prefix('+') {
        let mut chars = after.chars();
        powerup = Some(chars.next().and_then(oracle_letter)?);
        if chars.next().is_some() {
            return None;
        }
    } else if !rest.is_empty() {
        return None;
    }
    Some(match base {
        Cell::Colour(c, ..) => Cell::Colour(c, hits, powerup),
        Cell::Kind(k, ..) => Cell::Kind(k, hits, powerup),
        other => other,
    })
}

/// A whole level as the oracle reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OracleLevel {
    title: Option<String>,
    author: Option<String>,
    grid: Vec<Vec<Cell>>,
    /// `@source:`, `@area:` (left, top, width, height), `@explosion:`, `@scoring:` as written.
    headers: BTreeMap<String, String>,
    /// Own colours (`:RRGGBB`) by (row, column).
    colours: BTreeMap<(usize, usize), [u8; 3]>,
}

/// Reads `text` by the rules of the docs; `None` if it is not a valid level. `allow_no_rows`
/// accepts a fragment holding only directives and comments (for doc snippets).
fn oracle_parse(text: &str, allow_no_rows: bool) -> Option<OracleLevel> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut level = OracleLevel {
        title: None,
        author: None,
        grid: Vec::new(),
        headers: BTreeMap::new(),
        colours: BTreeMap::new(),
    };
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = match line.find('#') {
            Some(i) => &line[..i],
            None => line,
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(body) = trimmed.strip_prefix('@') {
            let (key, value) = body.split_once(':')?;
            let value = value.trim();
            let key = key.trim();
            if matches!(key, "source" | "area" | "explosion" | "scoring" | "type") {
                if !oracle_header_ok(key, value) || level.headers.contains_key(key) {
                    return None;
                }
                level.headers.insert(key.to_string(), value.to_string());
                continue;
            }
            let slot = match key {
                "name" => &mut level.title,
                "author" => &mut level.author,
                _ => return None,
            };
            if value.is_empty() || slot.is_some() {
                return None;
            }
            *slot = Some(value.to_string());
            continue;
        }
        let row_index = level.grid.len();
        let mut row: Vec<Cell> = Vec::new();
        for (col, token) in trimmed.split_whitespace().enumerate() {
            let (cell, colour) = oracle_coloured_token(token)?;
            if let Some(colour) = colour {
                level.colours.insert((row_index, col), colour);
            }
            row.push(cell);
        }
        if row.len() > 64
            || level
                .grid
                .first()
                .is_some_and(|first| first.len() != row.len())
        {
            return None;
        }
        level.grid.push(row);
    }
    if level.grid.is_empty() {
        return allow_no_rows.then_some(level);
    }
    // A mini-game brings its own bricks: its level needs none to clear.
    let mini_game = level.headers.get("type").is_some_and(|t| t != "bricks");
    if level.grid.len() > 64 || !(mini_game || level.grid.iter().flatten().any(|c| c.counts())) {
        return None;
    }
    Some(level)
}

/// The docs' rules for the values of `@source:`, `@area:`, `@explosion:` and `@scoring:`.
fn oracle_header_ok(key: &str, value: &str) -> bool {
    match key {
        "source" => !value.is_empty(),
        "area" => {
            let n: Vec<u32> = value
                .split_whitespace()
                .map_while(|v| v.parse::<u16>().ok().map(u32::from))
                .collect();
            value.split_whitespace().count() == 4
                && n.len() == 4
                && n[2] >= 1
                && n[3] >= 1
                && n[0] + n[2] <= 800
                && n[1] + n[3] <= 500
        }
        "explosion" => matches!(value, "square" | "cross"),
        "scoring" => matches!(
            value,
            "classic" | "lbreakout2" | "kbreakout" | "sdlball" | "gnome"
        ),
        // docs/levels.md, "Mini-games: `@type:`".
        "type" => matches!(
            value,
            "bricks"
                | "jumping-jack"
                | "outbreak"
                | "barrier"
                | "sitting-ducks"
                | "hunter"
                | "invaders"
        ),
        _ => false,
    }
}

/// The oracle's view of a parsed level, for comparison.
fn as_oracle(level: &Level) -> OracleLevel {
    let grid = (0..level.rows)
        .map(|r| {
            (0..level.cols)
                .map(|c| match level.get(r, c) {
                    None => Cell::Empty,
                    Some(BrickKind::Solid) => Cell::Solid,
                    Some(BrickKind::Plain(n)) => {
                        let e = level.extras(r, c);
                        Cell::Colour(n, e.map_or(1, |e| e.hits), e.and_then(|e| e.powerup))
                    }
                    Some(kind) => Cell::Kind(
                        kind.symbol(),
                        level.hits(r, c),
                        level.extras(r, c).and_then(|e| e.powerup),
                    ),
                })
                .collect()
        })
        .collect();
    let mut headers = BTreeMap::new();
    if let Some(source) = &level.source {
        headers.insert("source".to_string(), source.clone());
    }
    if let Some(a) = level.area {
        headers.insert(
            "area".to_string(),
            format!("{} {} {} {}", a.left, a.top, a.width, a.height),
        );
    }
    if level.explosion == Explosion::Cross {
        headers.insert("explosion".to_string(), "cross".to_string());
    }
    if level.scoring != Ruleset::Classic {
        let name = format!("{:?}", level.scoring).to_lowercase();
        headers.insert("scoring".to_string(), name);
    }
    if !level.level_type.is_bricks() {
        headers.insert("type".to_string(), level.level_type.name().to_string());
    }
    let colours = level
        .extras
        .iter()
        .filter_map(|(&i, e)| Some(((i / level.cols, i % level.cols), e.colour?)))
        .collect();
    OracleLevel {
        title: level.title.clone(),
        author: level.author.clone(),
        grid,
        headers,
        colours,
    }
}

/// Builds a `Level` value (what the parser should produce) from an oracle level.
fn to_level(o: &OracleLevel, name: &str) -> Level {
    let rows = o.grid.len();
    let cols = o.grid[0].len();
    let mut cells = Vec::new();
    let mut extras = BTreeMap::new();
    for (i, cell) in o.grid.iter().flatten().enumerate() {
        cells.push(match *cell {
            Cell::Empty => None,
            Cell::Solid => Some(BrickKind::Solid),
            Cell::Kind(k, hits, powerup) => {
                let kind = BrickKind::from_symbol(k).expect("a kind letter of the docs");
                if hits != kind.default_hits() || powerup.is_some() {
                    extras.insert(
                        i,
                        CellExtras {
                            hits,
                            powerup,
                            roll: None,
                            colour: None,
                        },
                    );
                }
                Some(kind)
            }
            Cell::Colour(n, hits, powerup) => {
                if hits > 1 || powerup.is_some() {
                    extras.insert(
                        i,
                        CellExtras {
                            hits,
                            powerup,
                            roll: None,
                            colour: None,
                        },
                    );
                }
                Some(BrickKind::Plain(n))
            }
        });
    }
    assert!(
        o.headers.is_empty() && o.colours.is_empty(),
        "generated levels have no v2 headers (tests/level_format_v2.rs covers them)"
    );
    Level {
        name: name.to_string(),
        title: o.title.clone(),
        author: o.author.clone(),
        rows,
        cols,
        cells,
        extras,
        ..Level::default()
    }
}

/// Independent reachability: an iterative 4-connected flood fill from every non-solid cell of the
/// bottom row through non-solid cells, then the explosions it sets off (docs/levels.md): a
/// reached explosive brick `X` destroys the 8 cells around it (the default `@explosion:
/// square`) but walls, metal and chaotic bricks, repeated until nothing changes. Returns, per
/// cell, whether the ball (or a blast) gets there.
fn reachable(grid: &[Vec<Cell>]) -> Vec<Vec<bool>> {
    let mut seen = flood_fill(grid);
    let (rows, cols) = (grid.len() as isize, grid[0].len() as isize);
    loop {
        let mut changed = false;
        for r in 0..rows {
            for c in 0..cols {
                if !(seen[r as usize][c as usize]
                    && matches!(grid[r as usize][c as usize], Cell::Kind('X', ..)))
                {
                    continue;
                }
                for (dr, dc) in (-1..=1).flat_map(|dr| (-1..=1).map(move |dc| (dr, dc))) {
                    let (nr, nc) = (r + dr, c + dc);
                    if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
                        continue;
                    }
                    let cell = grid[nr as usize][nc as usize];
                    if cell != Cell::Empty && !cell.blocks() && !seen[nr as usize][nc as usize] {
                        seen[nr as usize][nc as usize] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return seen;
        }
    }
}

/// The flood fill of [`reachable`], before explosions.
fn flood_fill(grid: &[Vec<Cell>]) -> Vec<Vec<bool>> {
    let rows = grid.len();
    let cols = grid[0].len();
    let mut seen = vec![vec![false; cols]; rows];
    let mut todo: Vec<(usize, usize)> = (0..cols).map(|c| (rows - 1, c)).collect();
    while let Some((r, c)) = todo.pop() {
        if seen[r][c] || grid[r][c].blocks() {
            continue;
        }
        seen[r][c] = true;
        if r > 0 {
            todo.push((r - 1, c));
        }
        if r + 1 < rows {
            todo.push((r + 1, c));
        }
        if c > 0 {
            todo.push((r, c - 1));
        }
        if c + 1 < cols {
            todo.push((r, c + 1));
        }
    }
    seen
}

/// 1-based column (in characters) of the first occurrence of `needle` in `line`.
fn column_of(line: &str, needle: &str) -> usize {
    let byte = line
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {line:?}"));
    line[..byte].chars().count() + 1
}

fn positions(diagnostics: &[Diagnostic]) -> Vec<(usize, usize)> {
    diagnostics.iter().map(|d| (d.line, d.column)).collect()
}

fn unreachable_warnings(warnings: &[Diagnostic]) -> BTreeSet<(usize, usize)> {
    warnings
        .iter()
        .filter(|w| w.message.contains("never be reached"))
        .map(|w| (w.line, w.column))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The examples of docs/levels.md
// ---------------------------------------------------------------------------------------------

/// One fenced block of the doc: the heading it is under, its info string and its text.
struct DocBlock {
    heading: String,
    lang: String,
    text: String,
}

fn doc_blocks() -> Vec<DocBlock> {
    let doc =
        std::fs::read_to_string(Path::new(ROOT).join("docs/levels.md")).expect("docs/levels.md");
    let mut blocks = Vec::new();
    let mut heading = String::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for line in doc.lines() {
        match &mut open {
            Some((lang, body)) => {
                if line.trim_start().starts_with("```") {
                    blocks.push(DocBlock {
                        heading: heading.clone(),
                        lang: lang.clone(),
                        text: body.join("\n") + "\n",
                    });
                    open = None;
                } else {
                    body.push(line);
                }
            }
            None => {
                if let Some(info) = line.trim_start().strip_prefix("```") {
                    open = Some((info.trim().to_string(), Vec::new()));
                } else if line.starts_with('#') {
                    heading = line.trim_start_matches('#').trim().to_string();
                }
            }
        }
    }
    assert!(open.is_none(), "docs/levels.md has an unclosed ``` block");
    blocks
}

/// A doc block is a level (or a level fragment) when its first non-blank line is a comment, a
/// directive or starts with a digit; shell examples and the like are skipped.
fn is_level_block(b: &DocBlock) -> bool {
    b.lang == "text"
        && b.text
            .lines()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| {
                let l = l.trim_start();
                l.starts_with('#')
                    || l.starts_with('@')
                    || l.starts_with(|c: char| c.is_ascii_digit())
            })
}

#[test]
fn every_level_example_in_the_docs_loads_to_what_the_docs_say() {
    let blocks: Vec<DocBlock> = doc_blocks().into_iter().filter(is_level_block).collect();
    assert!(
        blocks.len() >= 4,
        "expected the core, comment, name/author, hits and 'everything' examples"
    );
    for b in &blocks {
        let expected = oracle_parse(&b.text, true).unwrap_or_else(|| {
            panic!(
                "the oracle rejects the example under '{}':\n{}",
                b.heading, b.text
            )
        });
        if expected.grid.is_empty() {
            // A fragment of directives: it must work at the top of a level.
            let text = format!("{}2 3\n", b.text);
            let level = Level::parse(&text, "doc")
                .unwrap_or_else(|e| panic!("'{}' + a row:\n{e}", b.heading));
            assert_eq!(
                (&level.title, &level.author),
                (&expected.title, &expected.author),
                "'{}'",
                b.heading
            );
            assert!(
                level.title.is_some() || level.author.is_some(),
                "'{}' sets something",
                b.heading
            );
        } else {
            let level = Level::parse(&b.text, "doc")
                .unwrap_or_else(|e| panic!("'{}':\n{}\n{e}", b.heading, b.text));
            assert_eq!(as_oracle(&level), expected, "example under '{}'", b.heading);
            let (_, warnings) = Level::parse_with_warnings(&b.text, "doc").unwrap();
            assert!(
                warnings.is_empty(),
                "example under '{}' has warnings: {warnings:?}",
                b.heading
            );
        }
    }
}

#[test]
fn the_core_and_everything_examples_of_the_docs_load() {
    let blocks = doc_blocks();
    let find = |heading: &str| {
        blocks
            .iter()
            .find(|b| b.heading == heading && is_level_block(b))
            .unwrap_or_else(|| panic!("docs/levels.md has no level example under '{heading}'"))
    };
    let core = Level::parse(&find("Core format").text, "core").expect("core example");
    assert!(
        core.extras.is_empty() && core.title.is_none(),
        "the core example uses no extension"
    );

    let everything = Level::parse(&find("A level using everything").text, "everything")
        .expect("everything example");
    assert!(
        everything.title.is_some(),
        "the 'everything' example sets @name"
    );
    assert!(
        everything.author.is_some(),
        "the 'everything' example sets @author"
    );
    assert!(
        everything.extras.values().any(|e| e.hits > 1),
        "it has a multi-hit brick"
    );
    assert!(
        everything.extras.values().any(|e| e.powerup.is_some()),
        "it places a power-up"
    );
    assert!(
        find("A level using everything").text.contains('#'),
        "it has a comment"
    );
}

#[test]
fn the_power_up_table_of_the_docs_matches_the_game() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/levels.md")).unwrap();
    let section = &doc[doc
        .find("### Power-ups in given bricks")
        .expect("power-up section")..];
    let section = &section[..section[4..].find("\n#").map_or(section.len(), |i| i + 4)];
    // First column of each row: the tokens that place the power-up, `+X`, `+name`.
    let documented: Vec<Vec<String>> = section
        .lines()
        .filter(|l| l.starts_with("| `+"))
        .map(|l| {
            l.split('|')
                .nth(1)
                .unwrap_or_default()
                .split(',')
                .map(|t| {
                    t.trim()
                        .trim_matches('`')
                        .trim_start_matches('+')
                        .to_string()
                })
                .collect()
        })
        .collect();
    let game: Vec<Vec<String>> = PowerUpKind::ALL
        .iter()
        .map(|k| {
            k.letter()
                .map(String::from)
                .into_iter()
                .chain([k.name().to_string()])
                .collect()
        })
        .collect();
    assert_eq!(
        documented, game,
        "the doc's power-up table and PowerUpKind::ALL"
    );
    let letters: Vec<char> = PowerUpKind::ALL.iter().filter_map(|k| k.letter()).collect();
    assert_eq!(
        letters,
        LETTERS.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
        "this test's table"
    );
}

// ---------------------------------------------------------------------------------------------
// Semantics of each extension
// ---------------------------------------------------------------------------------------------

#[test]
fn star_n_sets_the_hits_a_brick_takes_and_it_breaks_on_the_nth() {
    let level = Level::parse("2 3*2 4*3 5*9\n", "hits").unwrap();
    assert_eq!(
        level.extras(0, 0),
        None,
        "a plain brick has no extras (one hit)"
    );
    for (col, hits) in [(1, 2), (2, 3), (3, 9)] {
        assert_eq!(
            level.extras(0, col),
            Some(&CellExtras {
                hits,
                powerup: None,
                roll: None,
                colour: None,
            }),
            "col {col}"
        );
    }
    let mut field = BrickField::new(&level);
    for (col, hits) in [(0usize, 1u8), (1, 2), (2, 3), (3, 9)] {
        let kind = level.get(0, col).unwrap();
        for left in (1..hits).rev() {
            assert_eq!(
                field.hit(0, col),
                HitOutcome::Damaged { hits_left: left },
                "col {col}"
            );
            assert!(
                field.live(0, col).is_some(),
                "col {col} survives with {left} left"
            );
        }
        assert_eq!(
            field.hit(0, col),
            HitOutcome::Destroyed {
                kind,
                powerup: None
            },
            "col {col} breaks on hit {hits}"
        );
        assert!(field.live(0, col).is_none());
    }
    assert_eq!(field.destructible_left(), 0);
}

#[test]
fn every_power_up_letter_works_in_both_cases_and_is_released_by_its_brick() {
    for (letter, kind) in LETTERS {
        for written in [letter, letter.to_ascii_lowercase()] {
            let text = format!("0 4+{written}\n");
            let level = Level::parse(&text, "p").unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                level.extras(0, 1),
                Some(&CellExtras {
                    hits: 1,
                    powerup: Some(kind),
                    roll: None,
                    colour: None,
                }),
                "{text}"
            );
            let mut field = BrickField::new(&level);
            assert_eq!(
                field.hit(0, 1),
                HitOutcome::Destroyed {
                    kind: BrickKind::Plain(4),
                    powerup: Some(kind)
                },
                "{text}"
            );
        }
    }
}

#[test]
fn hits_and_power_up_combine_with_hits_first() {
    let level = Level::parse("4*3+L 2*2+m\n", "combo").unwrap();
    assert_eq!(
        level.extras(0, 0),
        Some(&CellExtras {
            hits: 3,
            powerup: Some(PowerUpKind::ExtraLife),
            roll: None,
            colour: None,
        })
    );
    assert_eq!(
        level.extras(0, 1),
        Some(&CellExtras {
            hits: 2,
            powerup: Some(PowerUpKind::Multiball),
            roll: None,
            colour: None,
        })
    );
    let mut field = BrickField::new(&level);
    assert_eq!(field.hit(0, 0), HitOutcome::Damaged { hits_left: 2 });
    assert_eq!(field.hit(0, 0), HitOutcome::Damaged { hits_left: 1 });
    assert_eq!(
        field.hit(0, 0),
        HitOutcome::Destroyed {
            kind: BrickKind::Plain(4),
            powerup: Some(PowerUpKind::ExtraLife)
        }
    );
}

#[test]
fn name_and_author_directives_set_title_and_author_anywhere_in_the_file() {
    let text = "# header comment\n  @author:   Ada Lovelace  \n2 2\n@name: 03 The Fortress: Part 2  # a comment\n3 3\n";
    let level = Level::parse(text, "file-stem").unwrap();
    assert_eq!(
        level.title.as_deref(),
        Some("03 The Fortress: Part 2"),
        "value trimmed, ':' kept, comment cut"
    );
    assert_eq!(level.author.as_deref(), Some("Ada Lovelace"));
    assert_eq!(level.display_name(), "03 The Fortress: Part 2");
    assert_eq!(
        (level.rows, level.cols),
        (2, 2),
        "directive lines are not rows"
    );

    let untitled = Level::parse("2 2\n", "file-stem").unwrap();
    assert_eq!(
        (untitled.title.as_deref(), untitled.author.as_deref()),
        (None, None)
    );
    assert_eq!(
        untitled.display_name(),
        "file-stem",
        "without @name the file name is shown"
    );
}

#[test]
fn comments_run_to_the_end_of_the_line_on_their_own_or_after_a_row() {
    let text = "# a whole-line comment with digits 1 2 3\n2 3 4   # after a row: 9 9 9\n   # indented comment\n5 0 1\t#tab before\n";
    let level = Level::parse(text, "c").unwrap();
    assert_eq!((level.rows, level.cols), (2, 3));
    assert_eq!(level.get(0, 2), Some(BrickKind::Plain(4)));
    assert_eq!(level.get(1, 0), Some(BrickKind::Plain(5)));
    assert_eq!(level.get(1, 2), Some(BrickKind::Solid));
}

#[test]
fn a_hash_inside_a_row_token_ends_the_row_there() {
    // "2#3 4": the comment starts right after the "2" — one cell, not "2#3" as a bad token.
    let level = Level::parse("2#3 4\n3\n", "h").unwrap();
    assert_eq!((level.rows, level.cols), (2, 1));
    assert_eq!(level.get(0, 0), Some(BrickKind::Plain(2)));
    // Also after a suffix: "4*2#x" is "4*2".
    let level = Level::parse("4*2#x 9 9\n", "h").unwrap();
    assert_eq!(level.cols, 1);
    assert_eq!(
        level.extras(0, 0),
        Some(&CellExtras {
            hits: 2,
            powerup: None,
            roll: None,
            colour: None,
        })
    );
    // And a comment-only line between rows does not count as a row or break rectangularity.
    assert!(Level::parse("2 2\n#\n3 3\n", "h").is_ok());
}

#[test]
fn the_extensions_never_change_what_a_core_file_means() {
    // A core-format file parses to a level without title, author or extras.
    let level = Level::parse("1 1 1\n2 0 5\n", "core").unwrap();
    assert!(level.title.is_none() && level.author.is_none() && level.extras.is_empty());
    assert_eq!(
        level.to_text(),
        "1 1 1\n2 0 5\n",
        "and is written back in the core format"
    );
}

// ---------------------------------------------------------------------------------------------
// Errors, at their exact line and column
// ---------------------------------------------------------------------------------------------

/// Parses `text` (which must be invalid) and returns its diagnostics.
fn errors_of(text: &str) -> Vec<Diagnostic> {
    match Level::parse(text, "e") {
        Ok(level) => panic!("should be invalid:\n{text}\nparsed {level:?}"),
        Err(e) => e.diagnostics,
    }
}

#[test]
fn each_bad_suffix_is_reported_at_its_token_with_a_message_naming_the_problem() {
    // (bad token, fragment of the message). Each is put on line 3 after a comment and a directive,
    // after two good tokens, so both the line and the column are checked.
    let cases = [
        ("1*2", "solid"),
        ("0+M", "empty"),
        ("M*2", "indestructible"),
        ("C*2+L", "indestructible"),
        ("1+L", "solid"),
        ("3*10", "hits"),
        ("3*0", "hits"),
        ("3*", "hits"),
        ("3+Q", "comes a power-up"),
        ("3+MM", "comes a power-up"),
        ("3+", "comes a power-up"),
        ("3+Frozen", "comes a power-up"),
        ("3+0%", "comes a power-up"),
        ("3+101%", "comes a power-up"),
        ("3+M*2", "hits before the power-up"),
        ("10*2", "out of range"),
        ("x+M", "not a brick"),
    ];
    for (bad, fragment) in cases {
        let row = format!("2   4*2 {bad} 2");
        let text = format!("# errors\n@name: E\n{row}\n2 2 2 2\n");
        let d = errors_of(&text);
        assert_eq!(
            positions(&d),
            vec![(3, column_of(&row, bad))],
            "{bad}: {d:#?}"
        );
        assert!(
            d[0].message.contains(fragment),
            "{bad}: {:?} should mention {fragment:?}",
            d[0].message
        );
        assert!(
            d[0].message.contains(bad) || bad == "10*2",
            "{bad}: the message quotes the token: {:?}",
            d[0].message
        );
        assert_eq!(
            oracle_token(bad),
            None,
            "the oracle agrees {bad} is invalid"
        );
    }
}

#[test]
fn metal_and_chaotic_bricks_hold_a_power_up_and_nothing_else() {
    let text = "M+L C:ff0000+frozen M+10% 2\n";
    let level = Level::parse(text, "t").unwrap();
    let at = |c| level.extras(0, c).copied();
    assert_eq!(at(0).and_then(|e| e.powerup), Some(PowerUpKind::ExtraLife));
    assert_eq!(at(1).and_then(|e| e.powerup), Some(PowerUpKind::Frozen));
    assert_eq!(at(1).and_then(|e| e.colour), Some([0xff, 0, 0]));
    assert_eq!(
        at(2).and_then(|e| e.roll),
        Some(breakout::level::Roll::Chance(10))
    );
    assert!(
        (0..3).all(|c| level.hits(0, c) == 0),
        "still indestructible"
    );
    assert_eq!(Level::parse(&level.to_text(), "t").unwrap(), level);
    assert_eq!(
        oracle_token("M+L"),
        Some(Cell::Kind('M', 0, Some(PowerUpKind::ExtraLife))),
        "the oracle agrees"
    );
}

#[test]
fn bad_directives_are_reported_at_their_line() {
    let cases: [(&str, &str, (usize, usize)); 5] = [
        ("2 2\n@colour: red\n", "unknown directive", (2, 1)),
        ("@name:\n2 2\n", "needs a value", (1, 1)),
        ("@name:    # only a comment\n2 2\n", "needs a value", (1, 1)),
        ("@name: One\n2 2\n  @name: Two\n", "given twice", (3, 3)),
        ("@author Ada\n2 2\n", "@key: value", (1, 1)),
    ];
    for (text, fragment, at) in cases {
        let d = errors_of(text);
        assert_eq!(positions(&d), vec![at], "{text:?}: {d:#?}");
        assert!(
            d[0].message.contains(fragment),
            "{text:?}: {:?} should mention {fragment:?}",
            d[0].message
        );
        assert_eq!(
            oracle_parse(text, false),
            None,
            "the oracle agrees {text:?} is invalid"
        );
    }
}

#[test]
fn every_error_of_an_extended_file_is_reported_in_file_order() {
    let lines = [
        "@name: Many",
        "@colour: red",
        "2 1*2 3*10",
        "0+M 4+q 5+M*2",
        "@name: Again",
    ];
    let text = lines.join("\n");
    let d = errors_of(&text);
    let expected = vec![
        (2, 1),
        (3, column_of(lines[2], "1*2")),
        (3, column_of(lines[2], "3*10")),
        (4, 1),
        (4, column_of(lines[3], "4+q")),
        (4, column_of(lines[3], "5+M*2")),
        (5, 1),
    ];
    assert_eq!(positions(&d), expected, "{d:#?}");
}

// ---------------------------------------------------------------------------------------------
// Lint warnings
// ---------------------------------------------------------------------------------------------

#[test]
fn a_walled_in_brick_is_warned_at_its_line_and_column_and_a_reachable_one_is_not() {
    let lines = [
        "# vault: the yellow brick is sealed, the green one has a way out below",
        "1 1   1 1 1",
        "1 4+L 1 3 1",
        "1 1   1 0 1",
    ];
    let text = lines.join("\n");
    let (level, warnings) = Level::parse_with_warnings(&text, "vault").unwrap();
    assert_eq!(level.rows, 3);
    assert_eq!(
        positions(&warnings),
        vec![(3, column_of(lines[2], "4+L"))],
        "{warnings:#?}"
    );
    assert!(
        warnings[0].message.starts_with("warning:"),
        "{:?}",
        warnings[0].message
    );
    assert!(
        warnings[0].message.contains('L'),
        "the lost power-up is named: {:?}",
        warnings[0].message
    );

    // Opening the floor under the yellow brick makes it reachable: no warning.
    let opened = text.replace("1 1   1 0 1", "1 0   1 0 1");
    let (_, warnings) = Level::parse_with_warnings(&opened, "vault").unwrap();
    assert!(warnings.is_empty(), "{warnings:#?}");
}

#[test]
fn a_brick_reachable_only_through_a_diagonal_gap_is_warned() {
    // The 2 at the top left touches the open cell below-right only at a corner.
    let text = "2 1 1\n1 0 1\n1 0 1\n";
    let (_, warnings) = Level::parse_with_warnings(text, "diag").unwrap();
    assert_eq!(positions(&warnings), vec![(1, 1)], "{warnings:#?}");
}

/// A level of `rows` × `cols` plain blue bricks, its first cell at line 2, column 3.
fn block_level(rows: usize, cols: usize) -> String {
    let row = vec!["2"; cols].join(" ");
    format!(
        "# size test\n{}\n",
        vec![format!("  {row}"); rows].join("\n")
    )
}

#[test]
fn more_than_32_columns_warns_that_bricks_are_narrower_than_the_ball() {
    // 800 px / 25 px (the ball's diameter) = 32 columns at most.
    let (_, w) = Level::parse_with_warnings(&block_level(4, 32), "c32").unwrap();
    assert!(
        w.is_empty(),
        "32 columns are 25 px, as wide as the ball: {w:#?}"
    );
    let (_, w) = Level::parse_with_warnings(&block_level(4, 33), "c33").unwrap();
    assert_eq!(
        positions(&w),
        vec![(2, 3)],
        "reported at the first cell: {w:#?}"
    );
    assert!(
        w[0].message.contains("33 columns") && w[0].message.contains("narrower"),
        "{:?}",
        w[0].message
    );
}

#[test]
fn more_than_24_rows_warns_that_bricks_are_thinner_than_the_ball_radius() {
    // 300 px / 12.5 px (the ball's radius) = 24 rows at most.
    let (_, w) = Level::parse_with_warnings(&block_level(24, 4), "r24").unwrap();
    assert!(w.is_empty(), "{w:#?}");
    let (_, w) = Level::parse_with_warnings(&block_level(25, 4), "r25").unwrap();
    assert_eq!(positions(&w), vec![(2, 3)], "{w:#?}");
    assert!(
        w[0].message.contains("25 rows") && w[0].message.contains("thinner"),
        "{:?}",
        w[0].message
    );
    // Both at once: two warnings.
    let (_, w) = Level::parse_with_warnings(&block_level(25, 33), "both").unwrap();
    assert_eq!(w.len(), 2, "{w:#?}");
}

// ---------------------------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------------------------

fn cell_strategy(solid_weight: u32) -> impl Strategy<Value = Cell> {
    let powerup =
        prop::option::weighted(0.3, prop::sample::select(LETTERS.map(|(_, k)| k).to_vec()));
    let hits = prop_oneof![3 => Just(1u8), 1 => 2u8..=9];
    let kind_hits = prop_oneof![3 => Just(None), 1 => (1u8..=9).prop_map(Some)];
    prop_oneof![
        3 => Just(Cell::Empty),
        solid_weight => Just(Cell::Solid),
        4 => (2u8..=9, hits, powerup.clone()).prop_map(|(c, h, p)| Cell::Colour(c, h, p)),
        1 => (prop::sample::select(KINDS.to_vec()), kind_hits, powerup).prop_map(
            |((k, default), h, p)| if default == 0 {
                Cell::Kind(k, 0, None)
            } else {
                Cell::Kind(k, h.unwrap_or(default), p)
            }
        ),
    ]
}

/// Grids of 1–10 rows × 1–16 columns with at least one coloured brick.
fn grid_strategy(solid_weight: u32) -> impl Strategy<Value = Vec<Vec<Cell>>> {
    (1usize..=10, 1usize..=16)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(
                prop::collection::vec(cell_strategy(solid_weight), cols),
                rows,
            )
        })
        .prop_map(|mut g| {
            if !g.iter().flatten().any(|c| c.counts()) {
                g[0][0] = Cell::Colour(3, 1, None);
            }
            g
        })
}

/// Titles and authors: printable text without '#', trimmed, non-empty.
fn meta_strategy() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[A-Za-z0-9][A-Za-z0-9 :'!.,é-]{0,24}[A-Za-z0-9!]")
}

fn oracle_level_strategy() -> impl Strategy<Value = OracleLevel> {
    (grid_strategy(2), meta_strategy(), meta_strategy()).prop_map(|(grid, title, author)| {
        OracleLevel {
            title,
            author,
            grid,
            headers: BTreeMap::new(),
            colours: BTreeMap::new(),
        }
    })
}

/// How a level is written by hand: separators, letter case, comments, directives' places, CRLF.
#[derive(Clone, Debug)]
struct Style {
    seps: Vec<u8>,
    lower: Vec<bool>,
    comments: Vec<bool>,
    title_at: usize,
    author_at: usize,
    crlf: bool,
    indent: bool,
}

fn style_strategy() -> impl Strategy<Value = Style> {
    (
        prop::collection::vec(0u8..4, 64),
        prop::collection::vec(any::<bool>(), 64),
        prop::collection::vec(any::<bool>(), 16),
        0usize..12,
        0usize..12,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(seps, lower, comments, title_at, author_at, crlf, indent)| Style {
                seps,
                lower,
                comments,
                title_at,
                author_at,
                crlf,
                indent,
            },
        )
}

fn token_text(cell: Cell, lower: bool) -> String {
    match cell {
        Cell::Empty => "0".into(),
        Cell::Solid => "1".into(),
        Cell::Colour(..) | Cell::Kind(..) => {
            let (mut t, h, p, default) = match cell {
                Cell::Colour(c, h, p) => (c.to_string(), h, p, 1),
                Cell::Kind(k, h, p) => {
                    let default = KINDS.iter().find(|(l, _)| *l == k).unwrap().1;
                    (k.to_string(), h, p, default)
                }
                _ => unreachable!(),
            };
            if h != default {
                t += &format!("*{h}");
            }
            if let Some(p) = p {
                let l = LETTERS.iter().find(|(_, k)| *k == p).unwrap().0;
                t.push('+');
                t.push(if lower { l.to_ascii_lowercase() } else { l });
            }
            t
        }
    }
}

/// Writes `o` in the given style; returns the text and the (line, column) of every cell.
fn write_styled(o: &OracleLevel, s: &Style) -> (String, Vec<Vec<(usize, usize)>>) {
    let mut lines: Vec<String> = Vec::new();
    let mut at = Vec::new();
    let directive = |lines: &mut Vec<String>, key: &str, value: &Option<String>, i: usize| {
        if let Some(v) = value {
            lines.push(format!(
                "{}@{key}: {v}{}",
                if s.indent { "\t" } else { "" },
                if s.comments[i % 16] { " # meta" } else { "" }
            ));
        }
    };
    let mut k = 0;
    for (r, row) in o.grid.iter().enumerate() {
        if s.title_at == r {
            directive(&mut lines, "name", &o.title, r);
        }
        if s.author_at == r {
            directive(&mut lines, "author", &o.author, r + 1);
        }
        if s.comments[r % 16] {
            lines.push(format!("# row {r}: 1 2 3"));
            lines.push(String::new());
        }
        let mut line = if s.indent {
            " \t".to_string()
        } else {
            String::new()
        };
        let mut cols = Vec::new();
        for (c, &cell) in row.iter().enumerate() {
            if c > 0 {
                line += ["  ", " ", "\t", " \t "][s.seps[k % 64] as usize];
            }
            cols.push((lines.len() + 1, line.chars().count() + 1));
            line += &token_text(cell, s.lower[k % 64]);
            k += 1;
        }
        if s.comments[(r + 7) % 16] {
            line += "   # trailing 5 5 5";
        }
        lines.push(line);
        at.push(cols);
    }
    if s.title_at >= o.grid.len() {
        directive(&mut lines, "name", &o.title, 3);
    }
    if s.author_at >= o.grid.len() {
        directive(&mut lines, "author", &o.author, 5);
    }
    let nl = if s.crlf { "\r\n" } else { "\n" };
    (lines.join(nl) + nl, at)
}

/// Extended tokens: valid cells (in either letter case), near-misses built from the grammar's
/// pieces, and junk; `noise` weighs the invalid kinds against the valid one.
fn token_strategy(noise: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        20 => (cell_strategy(2), any::<bool>()).prop_map(|(c, lower)| token_text(c, lower)),
        2 * noise => "[0-9MCXIHRGmx]{1,2}(:[0-9a-fA-FgG]{5,7})?(\\*[0-9]{0,2})?(\\+[SsTtPpWwCcXxMmLlQqZz*+]{0,2})?",
        noise => "[0-9MX](\\*[0-9])?(:[0-9a-f]{6})?(\\+[SM])?",
        noise => "[0-5][*+][0-9A-Za-z*+@#]{0,3}",
        noise => "[@#*+0-9A-Za-z]{1,4}",
    ]
}

/// Texts of up to 8 lines: mostly rows of the same width, with directives (good and bad),
/// comments, blank lines and the odd ragged row mixed in. Half the texts are nearly clean (so
/// many are valid levels), half are noisy.
fn mixed_text_strategy() -> impl Strategy<Value = Vec<String>> {
    (1usize..6, prop_oneof![Just(0u32), Just(1), Just(8)]).prop_flat_map(|(cols, noise)| {
        let line = prop_oneof![
            40 => prop::collection::vec(token_strategy(noise), cols).prop_map(|t| t.join(" ")),
            noise => prop::collection::vec(token_strategy(noise), 1..6).prop_map(|t| t.join("\t")),
            3 => "@(name|author): ?[A-Za-z ]{1,6}",
            noise => "@(name|author|colour)?:? ?[A-Za-z ]{0,6}",
            3 => "#[ -~]{0,10}",
            3 => Just(String::new()),
        ];
        prop::collection::vec(line, 0..8)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any level with any extensions, written by `to_text`, parses back to itself.
    #[test]
    fn random_extended_levels_round_trip_through_to_text(o in oracle_level_strategy()) {
        let level = to_level(&o, "rt");
        let text = level.to_text();
        let mut again = Level::parse(&text, "other").map_err(|e| TestCaseError::fail(format!("{text}\n{e}")))?;
        again.name = level.name.clone();
        prop_assert_eq!(&again, &level, "{}", text);
    }

    /// Any hand-written layout of a level (tabs, comments, lower case, directives anywhere, CRLF)
    /// parses to that level, and `to_text` of it to the same again.
    #[test]
    fn hand_written_extended_levels_parse_to_their_content(o in oracle_level_strategy(), s in style_strategy()) {
        let (text, _) = write_styled(&o, &s);
        let level = Level::parse(&text, "styled").map_err(|e| TestCaseError::fail(format!("{text}\n{e}")))?;
        prop_assert_eq!(as_oracle(&level), o.clone(), "{}", text);
        prop_assert_eq!(level, to_level(&o, "styled"));
    }

    /// Random mixes of valid and invalid extended tokens, directives and comments never panic,
    /// and are accepted exactly when the oracle accepts them, as the same level.
    #[test]
    fn random_extended_tokens_never_panic_and_agree_with_the_oracle(lines in mixed_text_strategy()) {
        let text = lines.join("\n");
        let parsed = Level::parse_with_warnings(&text, "mix");
        let expected = oracle_parse(&text, false);
        match (&parsed, &expected) {
            (Ok((level, _)), Some(o)) => prop_assert_eq!(&as_oracle(level), o, "{}", text),
            (Err(e), None) => {
                for d in &e.diagnostics {
                    prop_assert!(d.line >= 1 && d.line <= lines.len().max(1) && d.column >= 1, "{:?} in\n{}", d, text);
                }
            }
            _ => prop_assert!(false, "parser {:?} but oracle {:?} on\n{}", parsed.as_ref().map(|_| ()), expected, text),
        }
        prop_assert!(Level::parse_bytes(text.as_bytes(), "mix").is_ok() == expected.is_some());
    }

    /// The "never be reached" warnings are exactly the coloured bricks an independent flood fill
    /// cannot reach from below, each at its own line and column.
    #[test]
    fn unreachable_warnings_match_an_independent_flood_fill(grid in grid_strategy(5), s in style_strategy()) {
        let o = OracleLevel { title: None, author: None, grid, headers: BTreeMap::new(), colours: BTreeMap::new() };
        let (text, at) = write_styled(&o, &s);
        let (_, warnings) = Level::parse_with_warnings(&text, "lint").map_err(|e| TestCaseError::fail(format!("{text}\n{e}")))?;
        let seen = reachable(&o.grid);
        let mut expected = BTreeSet::new();
        for (r, row) in o.grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if cell.counts() && !seen[r][c] {
                    expected.insert(at[r][c]);
                }
            }
        }
        prop_assert_eq!(unreachable_warnings(&warnings), expected, "{}", text);
        prop_assert_eq!(warnings.len(), unreachable_warnings(&warnings).len(), "no other warnings at this size: {:?}", warnings);
    }
}

// ---------------------------------------------------------------------------------------------
// The `breakout check` binary on extended files
// ---------------------------------------------------------------------------------------------

/// A fresh directory under the system temp dir for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "breakout-level-format-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn run_check(args: &[&Path], strict: bool) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_breakout"));
    cmd.arg("check");
    if strict {
        cmd.arg("--strict");
    }
    let out = cmd
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("run breakout check");
    (
        out.status.code().expect("exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn check_lists_every_error_of_an_extended_file_and_exits_1() {
    let dir = temp_dir("errors");
    let lines = ["@name: Broken", "@colour: red", "2 1*2 3*10", "0+M 4+Q 3"];
    let file = dir.join("broken.lvl");
    std::fs::write(&file, lines.join("\n")).unwrap();
    let (code, stdout) = run_check(&[&file], false);
    assert_eq!(code, 1, "{stdout}");
    let expected = [
        (2, 1, "unknown directive"),
        (3, column_of(lines[2], "1*2"), "solid"),
        (3, column_of(lines[2], "3*10"), "hits"),
        (4, 1, "empty"),
        (4, column_of(lines[3], "4+Q"), "power-up"),
    ];
    let got: Vec<&str> = stdout.lines().collect();
    assert_eq!(got.len(), expected.len(), "{stdout}");
    for (line, (l, c, fragment)) in got.iter().zip(expected) {
        let prefix = format!("{}:{l}:{c}: ", file.display());
        assert!(
            line.starts_with(&prefix) && line.contains(fragment),
            "{line:?} should be {prefix}…{fragment}…"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An unclearable level that was only a warning (a play-test): a level whose every brick to clear
/// is walled in loads (it plays) but can never be cleared: `check` reports an `error:` at the brick
/// and exits 1 without `--strict`; a power-up of the level that opens the way (`@scatter:
/// energy-ball` against metal) makes it a warning naming the power-up, exit 0.
#[test]
fn check_exits_1_on_a_level_that_can_never_be_cleared_unless_a_power_up_opens_it() {
    let dir = temp_dir("unclearable");
    let walls = dir.join("allunreach.lvl");
    std::fs::write(&walls, "1 1 1\n1 4 1\n1 1 1\n").unwrap();
    assert!(Level::load(&walls).is_ok(), "the game still loads it");
    let (code, stdout) = run_check(&[&walls], false);
    assert_eq!(code, 1, "{stdout}");
    let prefix = format!("{}:2:3: error: ", walls.display());
    assert!(
        stdout.starts_with(&prefix) && stdout.lines().count() == 1,
        "{stdout:?}"
    );

    let metal = dir.join("metal.lvl");
    std::fs::write(&metal, "@scatter: energy-ball 1\nM M M\nM 4 M\nM M M\n").unwrap();
    let (code, stdout) = run_check(&[&metal], false);
    assert_eq!(code, 0, "{stdout}");
    let prefix = format!("{}:3:3: warning: ", metal.display());
    assert!(
        stdout.starts_with(&prefix) && stdout.contains("energy-ball"),
        "{stdout:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long level name over the HUD's score (a play-test): `check` warns at the `@name:` line about a
/// name the HUD must cut, saying the limit (24 characters, from the HUD's layout); a name of 24
/// characters passes `--strict`.
#[test]
fn check_warns_about_a_name_too_long_for_the_hud() {
    let dir = temp_dir("long-name");
    let long = dir.join("long.lvl");
    // Five characters more than the HUD shows whole between SCORE and LIVES.
    let max = breakout::view::hud::max_name_chars();
    let name: String = "01 First Steps (edited) again, and again "
        .chars()
        .cycle()
        .take(max + 5)
        .collect();
    std::fs::write(&long, format!("# a comment\n  @name: {name}\n2 2\n")).unwrap();
    let (code, stdout) = run_check(&[&long], false);
    assert_eq!(code, 0, "{stdout}");
    let prefix = format!("{}:2:3: warning: ", long.display());
    assert!(
        stdout.starts_with(&prefix) && stdout.lines().count() == 1,
        "{stdout:?}"
    );
    assert!(
        stdout.contains(&format!("{} characters", max + 5))
            && stdout.contains(&format!("at most {max}")),
        "{stdout:?}"
    );
    assert_eq!(run_check(&[&long], true).0, 1);

    let fits = dir.join("fits.lvl");
    std::fs::write(&fits, format!("@name: {}\n2 2\n", &name[..max])).unwrap();
    assert_eq!(run_check(&[&fits], true), (0, String::new()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_exits_0_on_warnings_alone_and_1_with_strict() {
    let dir = temp_dir("warnings");
    let file = dir.join("sealed.lvl");
    let lines = ["@name: Sealed", "1 1 1 2", "1 5*2 1 0", "1 1 1 0"];
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let (code, stdout) = run_check(&[&file], false);
    assert_eq!(code, 0, "warnings alone are not errors: {stdout}");
    let prefix = format!(
        "{}:3:{}: warning: ",
        file.display(),
        column_of(lines[2], "5*2")
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with(&prefix),
        "{stdout:?} should start with {prefix:?}"
    );

    let (code, strict_stdout) = run_check(&[&file], true);
    assert_eq!(code, 1, "--strict fails on warnings: {strict_stdout}");
    assert_eq!(strict_stdout, stdout, "the same report either way");

    // A clean extended file passes --strict silently.
    let clean = dir.join("clean.lvl");
    std::fs::write(&clean, "@name: Clean\n@author: Me\n1 2*3+M 1\n0 3+w 0\n").unwrap();
    assert_eq!(run_check(&[&clean], true), (0, String::new()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_exits_2_when_a_file_cannot_be_read() {
    let dir = temp_dir("unreadable");
    let broken = dir.join("broken.lvl");
    std::fs::write(&broken, "3*0\n").unwrap();
    let missing = dir.join("missing.lvl");
    let (code, stdout) = run_check(&[&broken, &missing], false);
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stdout.contains("missing.lvl"),
        "the unreadable file is named: {stdout}"
    );
    assert!(
        stdout.contains("broken.lvl:1:1: "),
        "the other file is still checked: {stdout}"
    );
    // A directory is not a readable level file either.
    let (code, stdout) = run_check(&[&dir], false);
    assert_eq!(code, 2, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Shipped levels: headers and extensions (an extended companion to tests/level_parser.rs)
// ---------------------------------------------------------------------------------------------

fn shipped_levels() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("levels"))
        .expect("levels/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lvl"))
        .collect();
    files.sort();
    files
}

#[test]
fn shipped_levels_have_numbered_names_in_file_order_and_an_author() {
    let files = shipped_levels();
    assert!(files.len() >= 8, "levels/ ships 8 levels: {files:?}");
    let mut titles = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let level = Level::load(path).unwrap_or_else(|e| panic!("{e}"));
        let title = level
            .title
            .clone()
            .unwrap_or_else(|| panic!("{path:?} has no @name"));
        assert!(
            title.starts_with(&format!("{:02} ", i + 1)),
            "{path:?}: @name {title:?} starts with its number"
        );
        assert!(level.author.is_some(), "{path:?} has an @author");
        titles.push(title);
    }
    let mut sorted = titles.clone();
    sorted.sort();
    assert_eq!(sorted, titles, "sorting by name keeps play order");
}

#[test]
fn new_shipped_levels_use_the_extensions_and_every_brick_is_reachable() {
    for path in shipped_levels() {
        let text = std::fs::read_to_string(&path).unwrap();
        let o = oracle_parse(&text, false).unwrap_or_else(|| panic!("the oracle rejects {path:?}"));
        assert!(
            (8..=16).contains(&o.grid[0].len()) && (4..=10).contains(&o.grid.len()),
            "{path:?}: size"
        );
        let seen = reachable(&o.grid);
        for (r, row) in o.grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                assert!(
                    !matches!(cell, Cell::Colour(..)) || seen[r][c],
                    "{path:?}: brick ({r},{c}) is walled in"
                );
            }
        }
        let number: u32 = path.file_name().unwrap().to_string_lossy()[..2]
            .parse()
            .unwrap();
        if number >= 5 {
            assert!(
                text.lines().any(|l| l.trim_start().starts_with('#')),
                "{path:?}: comments explain the design"
            );
            let cells: Vec<Cell> = o.grid.iter().flatten().copied().collect();
            assert!(
                cells
                    .iter()
                    .any(|c| matches!(c, Cell::Colour(_, h, _) if *h > 1)),
                "{path:?}: multi-hit bricks"
            );
            assert!(
                cells
                    .iter()
                    .any(|c| matches!(c, Cell::Colour(_, _, Some(_)))),
                "{path:?}: placed power-ups"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Live reload's file watcher
// ---------------------------------------------------------------------------------------------

#[test]
fn file_watcher_reports_a_saved_file_within_a_second_then_goes_quiet() {
    let dir = temp_dir("watch");
    let file = dir.join("live.lvl");
    std::fs::write(&file, "2 2\n").unwrap();
    let mut watcher = FileWatcher::new(&file).expect("watch");
    assert_eq!(watcher.path(), file.as_path());
    // Let any notification of the initial write drain (it happened before the watch, but be sure).
    std::thread::sleep(Duration::from_millis(300));
    while watcher.poll() {}
    assert!(!watcher.poll(), "nothing changed yet");

    let saved = Instant::now();
    std::fs::write(&file, "3 3\n").unwrap();
    let mut reported = None;
    while saved.elapsed() < Duration::from_secs(2) {
        if watcher.poll() {
            reported = Some(saved.elapsed());
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let after = reported.expect("poll() never reported the save within 2 s");
    assert!(
        after <= Duration::from_secs(1),
        "reported after {after:?}, more than a second"
    );

    // Once reported, it stays quiet until the next save.
    let quiet = Instant::now();
    while quiet.elapsed() < Duration::from_millis(500) {
        assert!(!watcher.poll(), "reported the same save twice");
        std::thread::sleep(Duration::from_millis(20));
    }

    // A change to another file in the same directory is not reported.
    std::fs::write(dir.join("other.lvl"), "4\n").unwrap();
    let other = Instant::now();
    while other.elapsed() < Duration::from_millis(500) {
        assert!(!watcher.poll(), "a change to another file was reported");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(watcher);
    let _ = std::fs::remove_dir_all(&dir);
}
