//! The SDL-Ball reader (`core/src/import/sdlball.rs`): synthetic `levels.txt` files written here in
//! SDL-Ball's format, property tests (any bytes, mutated files, generated levels checked against
//! the cells they were made of), and the packaged file (`#[ignore]`d: it needs
//! `bash .ci/fetch-foreign-levels`) checked against an independent scan of the file.

mod support;

use breakout::import::{parse_set, Format, ImportError, ImportedLevel, LevelSet};
use breakout::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Roll, Ruleset};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

const PATH: &str = "themes/mytheme/levels.txt";

fn parse(text: &str) -> Result<LevelSet, ImportError> {
    parse_set(text.as_bytes(), Path::new(PATH), None)
}

/// A row of 26 empty cells with `cells` at its start.
fn row(cells: &[&str]) -> String {
    let mut row: String = cells.concat();
    row.push_str(&"00".repeat(26 - cells.len()));
    row
}

/// A level block with the given rows, padded with empty rows to 23.
fn block(rows: &[String]) -> String {
    let mut text = String::from("** Start **\n");
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    let data_rows = rows.iter().filter(|r| !r.starts_with('>')).count();
    for _ in data_rows..23 {
        text.push_str(&row(&[]));
        text.push('\n');
    }
    text + "** Stop **\n"
}

fn only_level(text: &str) -> ImportedLevel {
    let set = parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.format, Format::SdlBall);
    assert_eq!(set.levels.len(), 1, "{:?}", set.skipped);
    set.levels.into_iter().next().unwrap()
}

fn assert_round_trip(set: &LevelSet) {
    for imported in &set.levels {
        let level = &imported.level;
        let text = level.to_text();
        let back = Level::parse(&text, &level.name).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, level, "{text}");
    }
}

fn approx(imported: &ImportedLevel, feature: &str) -> usize {
    imported
        .approximations
        .iter()
        .filter(|a| a.feature.contains(feature))
        .map(|a| a.cells)
        .sum()
}

fn powerups(level: &Level) -> Vec<PowerUpKind> {
    level.extras.values().filter_map(|e| e.powerup).collect()
}

/// SDL-Ball's power-up characters (`main.cpp` `spawnpowerup`, the power-up collision `switch`;
/// `loadlevel.cpp` `randomPowerup`) and what each must become, written out independently of
/// the reader: a power-up, or a roll the game makes when play starts.
const POWERUP_TABLE: [(char, Result<PowerUpKind, Roll>); 27] = [
    ('1', Ok(PowerUpKind::PadSizeIncrease)),
    ('2', Ok(PowerUpKind::Shrink)),
    ('3', Ok(PowerUpKind::LoseLife)),
    ('4', Ok(PowerUpKind::Sticky)),
    ('5', Ok(PowerUpKind::Multiball)),
    ('6', Ok(PowerUpKind::PassThrough)),
    ('7', Ok(PowerUpKind::BoardDrop)),
    ('8', Ok(PowerUpKind::Detonate)),
    ('9', Ok(PowerUpKind::ExplosiveGrow)),
    ('A', Ok(PowerUpKind::EasyBricks)),
    ('B', Ok(PowerUpKind::ExplosiveBall)),
    ('C', Ok(PowerUpKind::NextLevel)),
    ('D', Ok(PowerUpKind::AimHelper)),
    ('E', Ok(PowerUpKind::Points1000)),
    ('F', Ok(PowerUpKind::BigBall)),
    ('G', Ok(PowerUpKind::NormalBall)),
    ('H', Ok(PowerUpKind::SmallBall)),
    ('I', Ok(PowerUpKind::AimSticky)),
    ('O', Ok(PowerUpKind::ExtraLife)),
    ('P', Ok(PowerUpKind::Weapon)),
    ('R', Ok(PowerUpKind::AimHelper)),
    ('J', Err(Roll::Chance(10))),
    ('K', Err(Roll::Chance(100))),
    ('L', Err(Roll::Chance(5))),
    ('M', Err(Roll::Chance(2))),
    ('N', Err(Roll::Chance(1))),
    ('Q', Err(Roll::Bad)),
];

/// What the cell with power-up character `p` and brick character `brick` must hold, from
/// [`POWERUP_TABLE`]: nothing on empty and cement cells (SDL-Ball discards theirs), always an
/// evil one on a doom brick (`initlevels`: `randomEvilPowerup`).
fn expected(p: char, brick: char) -> Option<Result<PowerUpKind, Roll>> {
    match brick {
        '0' | '3' => None,
        'C' => Some(Err(Roll::Bad)),
        _ => POWERUP_TABLE.iter().find(|e| e.0 == p).map(|e| e.1),
    }
}

/// What the cell at `row`, `col` holds: a power-up or a roll.
fn held(level: &Level, row: usize, col: usize) -> Option<Result<PowerUpKind, Roll>> {
    let e = level.extras(row, col)?;
    match (e.powerup, e.roll) {
        (Some(kind), None) => Some(Ok(kind)),
        (None, Some(roll)) => Some(Err(roll)),
        (None, None) => None,
        both => panic!("a power-up and a roll: {both:?}"),
    }
}

fn invalid_at(text: &str) -> (usize, usize, String) {
    match parse(text) {
        Err(ImportError::Invalid {
            line,
            column,
            message,
            ..
        }) => (line, column, message),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_d_row_keeps_its_colours_and_the_headers_are_set() {
    let text = format!(
        "Level 1\n{}",
        block(&[
            row(&["0DFF8000", "0D00ff00", "01"]),
            row(&["O1", "51", "11", "41", "61", "21"])
        ])
    );
    let imported = only_level(&text);
    assert_eq!((imported.number, imported.line), (1, 2));
    let l = &imported.level;
    assert_eq!((l.rows, l.cols), (23, 26));
    assert_eq!(l.get(0, 0), Some(BrickKind::Plain(5)));
    assert_eq!(l.extras(0, 0).and_then(|e| e.colour), Some([255, 128, 0]));
    assert_eq!(l.extras(0, 1).and_then(|e| e.colour), Some([0, 255, 0]));
    assert_eq!(l.get(0, 2), Some(BrickKind::Plain(2)));
    let at = |c| l.extras(1, c).and_then(|e| e.powerup);
    assert_eq!(at(0), Some(PowerUpKind::ExtraLife));
    assert_eq!(at(1), Some(PowerUpKind::Multiball));
    assert_eq!(at(2), Some(PowerUpKind::PadSizeIncrease));
    assert_eq!(at(3), Some(PowerUpKind::Sticky));
    assert_eq!(at(4), Some(PowerUpKind::PassThrough));
    assert_eq!(at(5), Some(PowerUpKind::Shrink));
    assert_eq!(imported.approximations, [], "every power-up is exact");
    assert_eq!(l.powerup_rules, Ruleset::SdlBall);
    assert_eq!(l.title.as_deref(), Some("Level 1"));
    assert_eq!(l.source.as_deref(), Some("SDL-Ball mytheme level 1"));
    let area = BrickArea {
        left: 0,
        top: 64,
        width: 800,
        height: 386,
    };
    assert_eq!(l.area, Some(area));
    assert_eq!(l.explosion, Explosion::Square);
    assert_eq!(l.scoring, Ruleset::SdlBall);
    assert_round_trip(&parse(&text).unwrap());
}

#[test]
fn twenty_two_rows_are_an_error_at_the_stop_line() {
    let mut text = String::from("Level 1\n** Start **\n");
    for _ in 0..22 {
        text += &(row(&["01"]) + "\n");
    }
    text += "** Stop **\n";
    let (line, _, message) = invalid_at(&text);
    assert_eq!(line, 25, "{message}");
    assert!(message.contains("22 rows"), "{message}");
}

#[test]
fn a_twenty_fourth_row_is_an_error_at_its_line() {
    let mut text = String::from("Level 1\n** Start **\n");
    for _ in 0..24 {
        text += &(row(&["01"]) + "\n");
    }
    text += "** Stop **\n";
    assert_eq!(invalid_at(&text).0, 26);
}

#[test]
fn broken_rows_are_errors_at_their_column() {
    let at = |r: String| {
        let (line, column, _) = invalid_at(&block(&[row(&["01"]), r]));
        assert_eq!(line, 3);
        column
    };
    assert_eq!(at(row(&["01"]) + "0"), 53, "a lone power-up character");
    assert_eq!(at(row(&["01"]) + "01"), 53, "27 cells");
    assert_eq!(at(row(&["01"])[..50].to_string()), 51, "25 cells");
    assert_eq!(at(row(&["01", "0E"])), 4, "unknown brick");
    assert_eq!(at(row(&["0D12345G"])), 3, "bad colour");
    assert_eq!(at("01".repeat(25) + "0D1234"), 53, "short colour");
}

#[test]
fn down_lines_cement_doom_and_special_bricks() {
    let imported = only_level(&block(&[
        "> down 2000".to_string(),
        "> something else".to_string(),
        row(&["O3", "OC", "04", "09", "0B", "5B"]),
    ]));
    let l = &imported.level;
    assert_eq!(approx(&imported, "> down"), 0);
    assert!(imported
        .approximations
        .iter()
        .any(|a| a.feature.contains("> down")));
    assert_eq!(l.get(0, 0), Some(BrickKind::Solid));
    assert_eq!(approx(&imported, "cement"), 1);
    assert_eq!(l.get(0, 1), Some(BrickKind::Plain(5)));
    assert_eq!(
        held(l, 0, 1),
        Some(Err(Roll::Bad)),
        "doom: always an evil one"
    );
    assert_eq!(approx(&imported, "doom"), 0);
    assert_eq!(l.hits(0, 2), 2, "glass");
    assert_eq!((l.get(0, 3), l.hits(0, 3)), (Some(BrickKind::Invisible), 3));
    assert_eq!(l.get(0, 4), Some(BrickKind::Explosive));
    assert_eq!(approx(&imported, "explosive"), 2);
    assert_eq!(
        powerups(l),
        vec![PowerUpKind::Multiball],
        "cement loses its power-up, doom gets an evil one"
    );
    assert_eq!(held(l, 0, 0), None);
}

#[test]
fn every_power_up_code_becomes_its_power_up_or_roll_exactly() {
    // One row of plain blue bricks holding each code, a doom brick holding 'O', a cement brick
    // holding 'K', and an unknown code.
    let mut cells: Vec<String> = POWERUP_TABLE.iter().map(|e| format!("{}1", e.0)).collect();
    let (first, rest) = cells.split_at_mut(26);
    let rows = [
        row(&first.iter().map(String::as_str).collect::<Vec<_>>()),
        row(&[
            rest.iter().map(String::as_str).collect::<Vec<_>>(),
            vec!["OC", "K3", "Z1"],
        ]
        .concat()),
    ];
    let imported = only_level(&block(&rows));
    let l = &imported.level;
    for (i, &(code, want)) in POWERUP_TABLE.iter().enumerate() {
        assert_eq!(held(l, i / 26, i % 26), Some(want), "code '{code}'");
    }
    assert_eq!(held(l, 1, 1), Some(Err(Roll::Bad)), "doom");
    assert_eq!(held(l, 1, 2), None, "cement");
    assert_eq!(held(l, 1, 3), None, "unknown code");
    assert_eq!(approx(&imported, "unknown power-up code 'Z'"), 1);
    assert_eq!(
        imported.approximations.len(),
        2,
        "{:?}",
        imported.approximations
    );
    assert_eq!(l.powerup_rules, Ruleset::SdlBall);
    assert_round_trip(&parse(&block(&rows)).unwrap());
    let text = l.to_text();
    for token in ["+10%", "+100%", "+5%", "+2%", "+1%", "+bad", "+aim-sticky"] {
        assert!(text.contains(token), "{token}\n{text}");
    }
}

#[test]
fn markers_compare_their_start_and_text_outside_blocks_is_ignored() {
    let text = format!(
        "Some header with 0101 in it\r\nLevel 1\r\n{}\r\nLevel 2 ** Start **\r\n",
        block(&[row(&["01"])])
            .replace("** Start **", "** Start ** of level 1")
            .replace("** Stop **", "** Stop **!")
            .replace('\n', "\r\n")
    );
    let set = parse(&text).unwrap();
    assert_eq!(set.name, "mytheme");
    assert_eq!(set.levels.len(), 1);
    assert_eq!(set.levels[0].line, 3);
}

#[test]
fn empty_levels_are_skipped_and_broken_files_are_errors() {
    let text = block(&[row(&["03"])]) + &block(&[row(&["01"])]);
    let set = parse(&text).unwrap();
    assert_eq!(set.skipped.len(), 1);
    assert_eq!(set.skipped[0].number, 1);
    assert_eq!(set.levels[0].number, 2);
    assert_eq!(set.levels[0].level.name, "mytheme-02");
    let unfinished = "x\n** Start **\n".to_string() + &row(&["01"]);
    assert_eq!(invalid_at(&unfinished).0, 2);
    assert!(parse_set(b"nothing", Path::new(PATH), Some(Format::SdlBall)).is_err());
}

const BRICKS: &[&str] = &[
    "0", "0", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D0a0b0c",
];
const POWERUPS: &[char] = &[
    '0', '0', '0', 'O', '1', '4', '5', '6', '2', '3', 'F', 'Z', 'J', 'K', 'Q', 'E', 'R',
];

fn level_strategy() -> impl Strategy<Value = Vec<Vec<(char, &'static str)>>> {
    let cell = (prop::sample::select(POWERUPS), prop::sample::select(BRICKS));
    proptest::collection::vec(proptest::collection::vec(cell, 26), 23)
}

fn write_level(rows: &[Vec<(char, &str)>]) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(|(p, b)| format!("{p}{b}")).collect())
        .collect();
    block(&rows)
}

proptest! {
    #[test]
    fn any_bytes_give_a_set_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = parse_set(&bytes, Path::new("fuzz"), Some(Format::SdlBall));
    }

    #[test]
    fn mutated_files_give_a_set_or_an_error_and_sets_round_trip(
        rows in level_strategy(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..6),
    ) {
        let mut bytes = write_level(&rows).into_bytes();
        for (at, op, byte) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.insert(i, byte),
                1 if i < bytes.len() => { bytes.remove(i); }
                2 if i < bytes.len() => bytes[i] = byte,
                _ => { let tail = bytes[i..].to_vec(); bytes.truncate(i); bytes.extend_from_slice(&tail[..tail.len() / 2]); }
            }
        }
        if let Ok(set) = parse_set(&bytes, Path::new("fuzz"), Some(Format::SdlBall)) {
            assert_round_trip(&set);
        }
    }

    #[test]
    fn generated_levels_keep_every_brick_and_power_up(rows in level_strategy()) {
        let set = parse(&write_level(&rows)).unwrap();
        assert_round_trip(&set);
        let cells: Vec<(char, &str)> = rows.concat();
        let count = |f: &dyn Fn(char, &str) -> bool| cells.iter().filter(|(p, b)| f(*p, b)).count();
        let clearable = count(&|_, b| !["0", "3"].contains(&b));
        prop_assert_eq!(set.levels.len(), usize::from(clearable > 0));
        let Some(imported) = set.levels.first() else { return Ok(()); };
        let level = &imported.level;
        let kinds = |k: &dyn Fn(BrickKind) -> bool| level.cells.iter().flatten().filter(|&&b| k(b)).count();
        prop_assert_eq!(kinds(&|_| true), count(&|_, b| b != "0"));
        prop_assert_eq!(kinds(&|k| k == BrickKind::Solid), count(&|_, b| b == "3"));
        prop_assert_eq!(kinds(&|k| k == BrickKind::Explosive), count(&|_, b| b == "B"));
        prop_assert_eq!(kinds(&|k| k == BrickKind::Invisible), count(&|_, b| b == "9"));
        let coloured = level.extras.values().filter(|e| e.colour == Some([0x0a, 0x0b, 0x0c])).count();
        prop_assert_eq!(coloured, count(&|_, b| b.starts_with('D')));
        // Each cell holds what the table says; an unknown code is reported.
        for (i, &(p, b)) in cells.iter().enumerate() {
            let brick = b.chars().next().unwrap();
            prop_assert_eq!(held(level, i / 26, i % 26), expected(p, brick), "cell {} {}{}", i, p, b);
        }
        let unknown = count(&|p, b| p == 'Z' && !["0", "3", "C"].contains(&b));
        prop_assert_eq!(approx(imported, "unknown power-up code"), unknown);
        prop_assert!(imported.approximations.iter().all(|a| !a.feature.contains("power-up") || a.feature.starts_with("unknown power-up code")));
    }
}

/// Every cell of every level block, by a plain scan of the file: its power-up character and
/// its brick character.
fn scanned_powerups(text: &str) -> Vec<(char, char)> {
    let mut cells = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("** Start **") {
            inside = true;
        } else if line.starts_with("** Stop **") {
            inside = false;
        } else if inside && !line.starts_with('>') {
            let bytes = line.as_bytes();
            let mut i = 0;
            while i + 1 < bytes.len() {
                cells.push((char::from(bytes[i]), char::from(bytes[i + 1])));
                i += if bytes[i + 1] == b'D' { 8 } else { 2 };
            }
        }
    }
    cells
}

/// Every brick cell of every level block, by a plain scan of the file (cells are pairs, a `D`
/// brick carries 6 more characters): its brick character and, for `D`, its colour.
fn scanned_cells(text: &str) -> Vec<(char, Option<[u8; 3]>)> {
    let mut cells = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("** Start **") {
            inside = true;
        } else if line.starts_with("** Stop **") {
            inside = false;
        } else if inside && !line.starts_with('>') {
            let bytes = line.as_bytes();
            let mut i = 0;
            while i + 1 < bytes.len() {
                let brick = bytes[i + 1];
                let colour = (brick == b'D').then(|| {
                    let hex = &line[i + 2..i + 8];
                    let c = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).expect("hex colour");
                    [c(0), c(2), c(4)]
                });
                cells.push((char::from(brick), colour));
                i += if brick == b'D' { 8 } else { 2 };
            }
        }
    }
    cells
}

/// Brick characters of every level block, counted (see [`scanned_cells`]).
fn scanned_bricks(text: &str) -> BTreeMap<char, usize> {
    let mut counts = BTreeMap::new();
    for (brick, _) in scanned_cells(text) {
        *counts.entry(brick).or_insert(0) += 1;
    }
    counts
}

/// The colours of the `D` (custom colour) bricks of every level block, counted (see
/// [`scanned_cells`]).
fn d_bricks(text: &str) -> BTreeMap<[u8; 3], usize> {
    let mut counts = BTreeMap::new();
    for colour in scanned_cells(text).into_iter().filter_map(|(_, c)| c) {
        *counts.entry(colour).or_insert(0) += 1;
    }
    counts
}

#[test]
#[ignore = "needs the foreign level data: bash .ci/fetch-foreign-levels"]
fn packaged_levels_import_with_their_bricks() {
    let path = support::foreign_levels().join("usr/share/games/sdl-ball/default/levels.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let set = breakout::import::load_set(&path, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.name, "default");
    let blocks = text
        .lines()
        .filter(|l| l.starts_with("** Start **"))
        .count();
    assert_eq!(set.levels.len() + set.skipped.len(), blocks);
    assert_eq!(set.levels.len(), 50, "{:?}", set.skipped);
    assert_round_trip(&set);
    let scanned = scanned_bricks(&text);
    // Cells by kind symbol, their own colour and how many hits.
    let mut kinds: BTreeMap<(char, Option<[u8; 3]>, u8), usize> = BTreeMap::new();
    for imported in &set.levels {
        let l = &imported.level;
        for row in 0..l.rows {
            for col in 0..l.cols {
                if let Some(kind) = l.get(row, col) {
                    let coloured = l.extras(row, col).and_then(|e| e.colour);
                    *kinds
                        .entry((kind.symbol(), coloured, l.hits(row, col)))
                        .or_insert(0) += 1;
                }
            }
        }
    }
    let n = |symbol: char, coloured: Option<[u8; 3]>, hits: u8| {
        kinds.get(&(symbol, coloured, hits)).copied().unwrap_or(0)
    };
    // foreign-levels.md §3.5, and the scan.
    assert_eq!(n('X', None, 1), scanned[&'B']);
    assert_eq!(n('X', None, 1), 1091);
    assert_eq!(n('1', None, 0), scanned[&'3']);
    assert_eq!(n('1', None, 0), 1178);
    assert_eq!(n('I', None, 3), 319);
    assert_eq!(n('5', None, 1), scanned[&'C'], "doom");
    assert_eq!(n('5', None, 1), 146, "doom");
    // The plain bricks keep SDL-Ball's colours: the texcolor of gfx/brick/<colour>.txt.
    let plain = [
        ('2', '1', [0x00, 0x00, 0xff], 1682),
        ('4', '2', [0xff, 0xff, 0x00], 673),
        ('3', '5', [0x00, 0xff, 0x00], 1061),
        ('9', '6', [0x7f, 0x7f, 0x7f], 252),
        ('8', '7', [0xff, 0x00, 0xff], 730),
        ('6', '8', [0xff, 0xff, 0xff], 543),
        ('7', 'A', [0xff, 0x00, 0x00], 1250),
    ];
    // A `D` brick can have one of those colours too: count the D cells of each colour.
    let d_colours: BTreeMap<[u8; 3], usize> = d_bricks(&text);
    for (ours, theirs, rgb, cells) in plain {
        let d = d_colours.get(&rgb).copied().unwrap_or(0);
        assert_eq!(n(ours, Some(rgb), 1) - d, scanned[&theirs], "{theirs}");
        assert_eq!(n(ours, Some(rgb), 1) - d, cells, "{theirs}");
    }
    let coloured = |hits| {
        kinds
            .iter()
            .filter(|(k, _)| k.1.is_some() && k.2 == hits)
            .map(|(_, n)| n)
            .sum::<usize>()
    };
    assert_eq!(coloured(2), 962, "glass");
    assert_eq!(coloured(2), scanned[&'4']);
    let plain_cells: usize = plain.iter().map(|p| p.3).sum();
    assert_eq!(coloured(1) - plain_cells, 268, "D bricks");
    assert_eq!(coloured(1) - plain_cells, scanned[&'D']);
    let total: usize = scanned
        .iter()
        .filter(|(c, _)| **c != '0')
        .map(|(_, n)| n)
        .sum();
    assert_eq!(kinds.values().sum::<usize>(), total);
    let down: Vec<usize> = set
        .levels
        .iter()
        .filter(|l| {
            l.approximations
                .iter()
                .any(|a| a.feature.contains("> down"))
        })
        .map(|l| l.number)
        .collect();
    assert_eq!(down, [47]);
    // Every cell holds what POWERUP_TABLE says for its code (rolls included, the doom bricks'
    // evil ones too), and no approximation is about a power-up.
    let scanned = scanned_powerups(&text);
    assert_eq!(scanned.len(), 50 * 23 * 26);
    let mut rolls: BTreeMap<String, usize> = BTreeMap::new();
    for (imported, cells) in set.levels.iter().zip(scanned.chunks(23 * 26)) {
        let l = &imported.level;
        assert_eq!(l.powerup_rules, Ruleset::SdlBall);
        for (i, &(p, b)) in cells.iter().enumerate() {
            let want = expected(p, b);
            assert_eq!(
                held(l, i / 26, i % 26),
                want,
                "level {} cell {i}",
                imported.number
            );
            if let Some(Err(roll)) = want {
                *rolls.entry(roll.token()).or_insert(0) += 1;
            }
        }
        for a in &imported.approximations {
            assert!(
                !a.feature.contains("power-up"),
                "level {}: {a}",
                imported.number
            );
            assert!(
                !a.feature.contains("doom"),
                "level {}: {a}",
                imported.number
            );
        }
    }
    // foreign-levels.md §3.5: M 5151, L 2390, N 174, J 117, K 115, Q 70 (on cells that keep
    // them), and the 146 doom bricks' evil drops.
    let expected_rolls = [
        ("10%", 117),
        ("100%", 115),
        ("1%", 174),
        ("2%", 5151),
        ("5%", 2390),
        ("bad", 70 + 146),
    ];
    let expected_rolls: BTreeMap<String, usize> = expected_rolls
        .iter()
        .map(|(k, n)| (k.to_string(), *n))
        .collect();
    assert_eq!(rolls, expected_rolls);
}
