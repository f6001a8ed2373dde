//! The LBreakout2 reader (`core/src/import/lbreakout2.rs`), through `breakout::import::parse_set`.
//!
//! Covers:
//! * small synthetic set files written here (never the game's data): the brick and bonus
//!   mapping, an optional `Version:` line, CRLF, a Latin-1 name, 15-character rows, a file cut
//!   short (an error at the right line when no level is whole; the set ends there otherwise),
//!   NUL bytes, levels with nothing to clear;
//! * property tests: any bytes, and random mutations of a valid file, give `Ok` or `Err`, never
//!   a panic; random valid sets import with as many bricks to clear as an independent scan of
//!   the grid counts, and every level reads back from `to_text` unchanged;
//! * the corpus (ignored without the data: `bash .ci/fetch-foreign-levels`): every file of
//!   `lbreakout2-data` imports, 2,416 levels = 2,404 imported + 12 skipped, each set's count
//!   equal to its `Level:` lines, skips exactly the levels an independent scan finds nothing
//!   to clear in, bricks to clear and placed power-ups equal to that scan's counts, and every
//!   level reads back from `to_text` unchanged.

mod support;

use breakout::import::{parse_set, Format, ImportError, LevelSet};
use breakout::level::{BrickKind, Level, PowerUpKind};
use proptest::prelude::*;
use std::path::Path;

/// One synthetic level: author, name (bytes), 18 brick rows and 18 bonus rows.
#[derive(Clone, Debug)]
struct Synth {
    author: Vec<u8>,
    name: Vec<u8>,
    bricks: Vec<String>,
    bonus: Vec<String>,
}

fn empty_rows() -> Vec<String> {
    vec![".".repeat(14); 18]
}

/// A level with one row of bricks (row 2) and one bonus row (row 2), the rest empty.
fn synth(name: &str, bricks: &str, bonus: &str) -> Synth {
    let mut b = empty_rows();
    let mut x = empty_rows();
    b[2] = format!("{bricks:.<14}");
    x[2] = format!("{bonus:.<14}");
    Synth {
        author: b"Tester".to_vec(),
        name: name.as_bytes().to_vec(),
        bricks: b,
        bonus: x,
    }
}

/// The set file: `Version: 1.00` if asked, then each level, lines ended by `eol`.
fn write(levels: &[Synth], version: bool, eol: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut line = |bytes: &[u8]| {
        out.extend_from_slice(bytes);
        out.extend_from_slice(eol.as_bytes());
    };
    if version {
        line(b"Version: 1.00");
    }
    for l in levels {
        line(b"Level:");
        line(&l.author);
        line(&l.name);
        line(b"Bricks:");
        l.bricks.iter().for_each(|r| line(r.as_bytes()));
        line(b"Bonus:");
        l.bonus.iter().for_each(|r| line(r.as_bytes()));
    }
    out
}

fn import(bytes: &[u8]) -> Result<LevelSet, ImportError> {
    parse_set(bytes, Path::new("Synth"), Some(Format::LBreakout2))
}

fn assert_reads_back(set: &LevelSet) {
    for l in &set.levels {
        let text = l.level.to_text();
        let back = Level::parse(&text, &l.level.name)
            .unwrap_or_else(|e| panic!("level {} does not read back: {e}\n{text}", l.number));
        assert_eq!(
            back, l.level,
            "level {} changed through to_text:\n{text}",
            l.number
        );
    }
}

/// Brick characters LBreakout2 counts for completion (`is_destructible`, `game/levels.c`, plus
/// the grown `F`–`K` of `brick_conv_table`), written out independently of the reader.
fn counts(c: u8) -> bool {
    matches!(c, b'a'..=b'k' | b'x'..=b'z' | b'v' | b'*' | b'!' | b'F'..=b'K')
}

/// LBreakout2's 29 bonus characters (`game/bricks.c` `extra_conv_table`) and the power-up each
/// must become (`game/extras.c` `extra_use`), written out independently of the reader.
const BONUS_TABLE: [(u8, PowerUpKind); 29] = [
    (b'0', PowerUpKind::Points200),
    (b'1', PowerUpKind::Points500),
    (b'2', PowerUpKind::Points1000),
    (b'3', PowerUpKind::Points2000),
    (b'4', PowerUpKind::Points5000),
    (b'5', PowerUpKind::Points10000),
    (b'g', PowerUpKind::GoldShower),
    (b'+', PowerUpKind::PadSizeIncrease),
    (b'-', PowerUpKind::Shrink),
    (b'l', PowerUpKind::ExtraLife),
    (b's', PowerUpKind::Sticky),
    (b'm', PowerUpKind::EnergyBall),
    (b'b', PowerUpKind::ExtraBall),
    (b'w', PowerUpKind::BonusFloor),
    (b'f', PowerUpKind::Frozen),
    (b'p', PowerUpKind::Weapon),
    (b'?', PowerUpKind::Random),
    (b'>', PowerUpKind::Fast),
    (b'<', PowerUpKind::Slow),
    (b'j', PowerUpKind::Joker),
    (b'd', PowerUpKind::Darkness),
    (b'c', PowerUpKind::ChaoticBall),
    (b'~', PowerUpKind::Ghost),
    (b'!', PowerUpKind::Reset),
    (b'&', PowerUpKind::TimeAdd),
    (b'*', PowerUpKind::ExplosiveBall),
    (b'}', PowerUpKind::BonusMagnet),
    (b'{', PowerUpKind::MalusMagnet),
    (b'W', PowerUpKind::WeakBall),
];

/// The power-up a bonus character must become, from [`BONUS_TABLE`].
fn expected(c: u8) -> Option<PowerUpKind> {
    BONUS_TABLE.iter().find(|b| b.0 == c).map(|b| b.1)
}

/// Brick characters whose bonus LBreakout2 can release: the ones it counts, and metal `#` and
/// chaotic `@` (an energy ball breaks them); not walls `E` or empty cells.
fn releases(c: u8) -> bool {
    counts(c) || c == b'#' || c == b'@'
}

/// Checks every cell of `level` against the brick and bonus rows it was read from: a power-up
/// exactly where a brick that can release it holds a bonus, and the one [`BONUS_TABLE`] names.
fn assert_bonuses(level: &Level, bricks: &[&[u8]], bonus: &[&[u8]], what: &str) {
    for (r, (b, x)) in bricks.iter().zip(bonus).enumerate() {
        for c in 0..14 {
            let want = expected(x[c]).filter(|_| releases(b[c]));
            let held = level.extras(r, c).and_then(|e| e.powerup);
            assert_eq!(held, want, "{what}: row {r} column {c}");
        }
    }
}

#[test]
fn bricks_map_to_their_kinds_hits_and_colours() {
    let set = import(&write(&[synth("Kinds", "E#@abcvxyzd*!F", "")], false, "\n")).unwrap();
    let level = &set.levels[0].level;
    let expected = [
        (BrickKind::Solid, 0),
        (BrickKind::Metal, 0),
        (BrickKind::Chaotic, 0),
        (BrickKind::Plain(9), 1),
        (BrickKind::Plain(9), 2),
        (BrickKind::Plain(9), 3),
        (BrickKind::Invisible, 4),
        (BrickKind::Regenerating, 1),
        (BrickKind::Regenerating, 2),
        (BrickKind::Regenerating, 3),
        (BrickKind::Plain(7), 1),
        (BrickKind::Explosive, 1),
        (BrickKind::Growing, 1),
        (BrickKind::Plain(3), 1),
    ];
    for (col, (kind, hits)) in expected.into_iter().enumerate() {
        assert_eq!(level.get(2, col), Some(kind), "column {col}");
        assert_eq!(level.hits(2, col), hits, "column {col}");
    }
    assert_eq!((level.rows, level.cols), (18, 14));
    assert_eq!(level.destructible_count(), 11);
    // The revealed invisible brick looks like `c`, and strong bricks darken with fewer hits.
    let colour = |col| level.extras(2, col).and_then(|e| e.colour);
    assert_eq!(colour(6), colour(5));
    let brightness = |col| {
        colour(col)
            .unwrap()
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>()
    };
    assert!(brightness(3) < brightness(4) && brightness(4) < brightness(5));
    let plain = ["d", "e", "f", "g", "h", "i", "j", "k"].concat();
    let set = import(&write(&[synth("Plain", &plain, "")], false, "\n")).unwrap();
    let digits: Vec<Option<BrickKind>> = (0..8).map(|c| set.levels[0].level.get(2, c)).collect();
    let want: Vec<Option<BrickKind>> = [7, 5, 3, 2, 4, 8, 6, 9]
        .map(|d| Some(BrickKind::Plain(d)))
        .to_vec();
    assert_eq!(digits, want);
    assert_reads_back(&set);
}

#[test]
fn headers_geometry_and_scoring() {
    let set = import(&write(&[synth("The Wall", "dd", "")], true, "\n")).unwrap();
    let l = &set.levels[0];
    assert_eq!(set.name, "Synth");
    assert_eq!((l.number, l.line), (1, 2));
    assert_eq!(l.level.title.as_deref(), Some("The Wall"));
    assert_eq!(l.level.author.as_deref(), Some("Tester"));
    assert_eq!(
        l.level.source.as_deref(),
        Some("LBreakout2 set Synth level 1")
    );
    let area = l.level.area.unwrap();
    assert_eq!(
        (area.left, area.top, area.width, area.height),
        (0, 25, 800, 450)
    );
    assert_eq!(l.level.scoring, breakout::level::Ruleset::LBreakout2);
    assert_eq!(l.level.name, "01-the-wall");
}

#[test]
fn every_bonus_becomes_its_power_up_exactly_under_lbreakout2s_rules() {
    // Three rows of plain bricks holding the 29 bonuses.
    let mut level = synth("Bonus", "", "");
    let chars: Vec<u8> = BONUS_TABLE.iter().map(|b| b.0).collect();
    for (i, chunk) in chars.chunks(14).enumerate() {
        level.bricks[i] = "d".repeat(14);
        level.bonus[i] = format!("{:.<14}", String::from_utf8(chunk.to_vec()).unwrap());
    }
    let set = import(&write(&[level], false, "\n")).unwrap();
    let l = &set.levels[0];
    for (i, &(c, kind)) in BONUS_TABLE.iter().enumerate() {
        let held = l.level.extras(i / 14, i % 14).and_then(|e| e.powerup);
        assert_eq!(held, Some(kind), "bonus '{}'", char::from(c));
    }
    assert_eq!(l.approximations, [], "every bonus is exact");
    assert_eq!(l.level.powerup_rules, breakout::level::Ruleset::LBreakout2);
    assert_reads_back(&set);
}

#[test]
fn bonuses_on_metal_are_placed_and_on_walls_and_empty_cells_never_released() {
    // Bricks: d d d # @ E . d
    // Bonus:  l ? x w c w w .   ('x' is no bonus)
    let set = import(&write(
        &[synth("Bonus", "ddd#@E.d", "l?xwcww.")],
        false,
        "\n",
    ))
    .unwrap();
    let l = &set.levels[0];
    let powerup = |col| l.level.extras(2, col).and_then(|e| e.powerup);
    assert_eq!(powerup(0), Some(PowerUpKind::ExtraLife));
    assert_eq!(powerup(1), Some(PowerUpKind::Random));
    assert_eq!(powerup(2), None);
    // On '#' and '@' LBreakout2 releases the bonus when an energy ball breaks the brick: so
    // does this game.
    assert_eq!(l.level.get(2, 3), Some(BrickKind::Metal));
    assert_eq!(powerup(3), Some(PowerUpKind::BonusFloor));
    assert_eq!(l.level.get(2, 4), Some(BrickKind::Chaotic));
    assert_eq!(powerup(4), Some(PowerUpKind::ChaoticBall));
    // On 'E' (col 5) and empty (col 6) it is never released, in LBreakout2 either.
    assert_eq!(powerup(5), None);
    assert_eq!(l.level.get(2, 6), None);
    assert_eq!(l.approximations, [], "all exact");
    assert_reads_back(&set);
}

#[test]
fn version_line_crlf_and_latin1_names() {
    let mut a = synth("x", "d", "");
    a.name = b"Pel\xe9".to_vec();
    let plain = import(&write(std::slice::from_ref(&a), false, "\n")).unwrap();
    let versioned = import(&write(std::slice::from_ref(&a), true, "\n")).unwrap();
    let crlf = import(&write(std::slice::from_ref(&a), true, "\r\n")).unwrap();
    assert_eq!(plain.levels[0].level.title.as_deref(), Some("Pelé"));
    assert_eq!(plain.levels[0].level, versioned.levels[0].level);
    assert_eq!(plain.levels[0].level, crlf.levels[0].level);
    assert_eq!((plain.levels[0].line, versioned.levels[0].line), (1, 2));
}

#[test]
fn fifteen_character_rows_lose_their_last() {
    let mut a = synth("Wide", "dddddddddddddd", "");
    a.bricks[2].push('d');
    a.bonus[2].push('l');
    let set = import(&write(&[a], false, "\n")).unwrap();
    let level = &set.levels[0].level;
    assert_eq!(level.cols, 14);
    assert_eq!(level.destructible_count(), 14);
}

#[test]
fn a_file_cut_short_ends_the_set_or_is_an_error_at_the_line() {
    let two = write(&[synth("One", "d", ""), synth("Two", "e", "")], true, "\n");
    let text = String::from_utf8(two.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Cut inside level 1's bricks: line 1 Version, 2 Level:, 3 author, 4 name, 5 Bricks:, 6.. rows.
    let cut = |n: usize, tail: &str| format!("{}\n{tail}", lines[..n].join("\n"));
    match import(cut(10, "ddd").as_bytes()) {
        Err(ImportError::Invalid { line, column, .. }) => assert_eq!((line, column), (11, 4)),
        other => panic!("expected an error at line 11: {other:?}"),
    }
    match import(cut(4, "Brick").as_bytes()) {
        Err(ImportError::Invalid { line, column, .. }) => assert_eq!((line, column), (5, 1)),
        other => panic!("expected an error at line 5: {other:?}"),
    }
    // Cut anywhere in level 1: the error is on the last line there is.
    for cut in [40, 300, two.len() / 2 - 3] {
        let last_line = two[..cut].iter().filter(|&&b| b == b'\n').count() + 1;
        match import(&two[..cut]) {
            Err(ImportError::Invalid { line, .. }) => assert_eq!(line, last_line, "cut at {cut}"),
            other => panic!("expected an error at line {last_line}: {other:?}"),
        }
    }
    // Cut inside level 2: level 1 stays, level 2 is reported where it starts.
    let set = import(cut(45, "eee").as_bytes()).unwrap();
    assert_eq!(set.levels.len(), 1);
    assert_eq!(set.skipped.len(), 1);
    assert_eq!((set.skipped[0].number, set.skipped[0].line), (2, 43));
    assert!(set.skipped[0].reason.contains("incomplete"));
    // Blank lines after the last level are no level.
    let set = import(format!("{text}\n\n").as_bytes()).unwrap();
    assert_eq!((set.levels.len(), set.skipped.len()), (2, 0));
}

#[test]
fn empty_binary_and_levelless_files_are_errors() {
    for bytes in [
        &b""[..],
        b"Version: 1.00\n",
        b"hello\n",
        b"Level:\nA\nB\nBricks\n",
    ] {
        assert!(
            matches!(import(bytes), Err(ImportError::Invalid { .. })),
            "{bytes:?}"
        );
    }
    let mut with_nul = write(&[synth("x", "d", "")], false, "\n");
    with_nul[30] = 0;
    assert!(matches!(
        import(&with_nul),
        Err(ImportError::Invalid {
            line: 5,
            column: 7,
            ..
        })
    ));
}

#[test]
fn levels_with_nothing_to_clear_are_skipped() {
    let set = import(&write(
        &[
            synth("Empty", "", ""),
            synth("Walls", "E#@", "ll"),
            synth("Ok", "d", ""),
        ],
        false,
        "\n",
    ))
    .unwrap();
    let skipped: Vec<(usize, usize)> = set.skipped.iter().map(|s| (s.number, s.line)).collect();
    assert_eq!(skipped, vec![(1, 1), (2, 42)]);
    assert_eq!(set.levels.len(), 1);
    assert_eq!(set.levels[0].number, 3);
    assert_eq!(set.levels[0].level.name, "03-ok");
}

/// Random brick and bonus characters, weighted towards the ones that mean something.
fn grid_char(alphabet: &'static [u8]) -> impl Strategy<Value = u8> {
    prop::sample::select(alphabet)
}

const BRICKS: &[u8] = b"....EE##@@abcvxyzdefghijk*!FGHIJK? q";
const BONUS: &[u8] = b".....012345g+-lsmbwfp?><jdc~!&*}{W Q";

fn synth_strategy() -> impl Strategy<Value = Synth> {
    let rows = |alphabet| {
        prop::collection::vec(prop::collection::vec(grid_char(alphabet), 14..=15), 18).prop_map(
            |rows| {
                rows.into_iter()
                    .map(|r| String::from_utf8(r).unwrap())
                    .collect()
            },
        )
    };
    (
        prop::collection::vec(
            any::<u8>().prop_filter("no line end", |b| *b != b'\n' && *b != 0),
            0..40,
        ),
        rows(BRICKS),
        rows(BONUS),
    )
        .prop_map(|(name, bricks, bonus)| Synth {
            author: b"Prop".to_vec(),
            name,
            bricks,
            bonus,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_bytes_give_ok_or_err(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let _ = import(&bytes);
        let _ = parse_set(&bytes, Path::new("x"), None);
    }

    #[test]
    fn mutated_files_never_panic_and_what_imports_reads_back(
        levels in prop::collection::vec(synth_strategy(), 1..3),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..8),
    ) {
        let mut bytes = write(&levels, true, "\n");
        for (at, op, byte) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 if i < bytes.len() => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ if i < bytes.len() => { bytes.remove(i); }
                _ => {}
            }
        }
        if let Ok(set) = import(&bytes) {
            for l in &set.levels {
                prop_assert!(l.level.destructible_count() > 0);
            }
            assert_reads_back(&set);
        }
    }

    #[test]
    fn random_sets_import_what_an_independent_scan_counts(
        levels in prop::collection::vec(synth_strategy(), 1..4),
        crlf in any::<bool>(),
    ) {
        let set = import(&write(&levels, crlf, if crlf { "\r\n" } else { "\n" })).unwrap();
        prop_assert_eq!(set.levels.len() + set.skipped.len(), levels.len());
        for (i, synth) in levels.iter().enumerate() {
            let clear: usize = synth.bricks.iter().map(|r| r.bytes().take(14).filter(|&c| counts(c)).count()).sum();
            match set.levels.iter().find(|l| l.number == i + 1) {
                Some(l) => {
                    prop_assert_eq!(l.level.destructible_count(), clear);
                    let bricks: Vec<&[u8]> = synth.bricks.iter().map(|r| r.as_bytes()).collect();
                    let bonus: Vec<&[u8]> = synth.bonus.iter().map(|r| r.as_bytes()).collect();
                    assert_bonuses(&l.level, &bricks, &bonus, "generated");
                    prop_assert!(l.level.title.as_deref().is_none_or(|t| !t.contains(['\r', '#'])));
                }
                None => prop_assert_eq!(clear, 0),
            }
        }
        assert_reads_back(&set);
    }
}

/// The rows of one grid, as the file has them.
type Rows<'a> = Vec<&'a [u8]>;

/// Each set of the corpus as an independent scan reads it: for each level (a line starting
/// with `Level:` at a level's start), its brick rows and bonus rows.
fn scan(text: &[u8]) -> Vec<(Rows<'_>, Rows<'_>)> {
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    let mut levels = Vec::new();
    let mut i = usize::from(lines.first().is_some_and(|l| l.starts_with(b"Version:")));
    while i + 41 < lines.len() + 1 && lines[i].starts_with(b"Level:") {
        levels.push((
            lines[i + 4..i + 22].to_vec(),
            lines[i + 23..i + 41].to_vec(),
        ));
        i += 41;
    }
    levels
}

#[test]
#[ignore = "needs the foreign level data: bash .ci/fetch-foreign-levels"]
fn corpus_every_set_imports_with_the_counts_of_an_independent_scan() {
    let dir = support::foreign_levels().join("usr/share/games/lbreakout2/levels");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 113, "lbreakout2-data 2.6.5 has 113 set files");
    let (mut total, mut imported, mut skipped) = (0, 0, 0);
    let mut skips = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let set = parse_set(&bytes, file, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.format, Format::LBreakout2, "{}", file.display());
        let name = file.display();
        // `Level:` lines, counted without the reader.
        let headers = bytes
            .split(|&b| b == b'\n')
            .filter(|l| l.starts_with(b"Level:"))
            .count();
        assert_eq!(set.levels.len() + set.skipped.len(), headers, "{name}");
        let scanned = scan(&bytes);
        assert_eq!(scanned.len(), headers, "{name}: the scan sees every level");
        for (i, (bricks, bonus)) in scanned.iter().enumerate() {
            let clear: usize = bricks
                .iter()
                .map(|r| r.iter().take(14).filter(|&&c| counts(c)).count())
                .sum();
            match set.levels.iter().find(|l| l.number == i + 1) {
                Some(l) => {
                    assert_eq!(
                        l.level.destructible_count(),
                        clear,
                        "{name} level {}",
                        i + 1
                    );
                    assert_bonuses(&l.level, bricks, bonus, &format!("{name} level {}", i + 1));
                    assert_eq!(l.level.powerup_rules, breakout::level::Ruleset::LBreakout2);
                    // Exact but for the network levels' second player.
                    for a in &l.approximations {
                        assert!(
                            a.feature == "network level for two players, played alone",
                            "{name}: {a}"
                        );
                    }
                    assert!(l.level.title.as_deref().is_none_or(|t| !t.contains('\r')));
                }
                None => assert_eq!(clear, 0, "{name} level {} skipped", i + 1),
            }
        }
        assert_reads_back(&set);
        for s in &set.skipped {
            skips.push(format!("{} {}", set.name, s.number));
        }
        total += headers;
        imported += set.levels.len();
        skipped += set.skipped.len();
    }
    assert_eq!((total, imported, skipped), (2416, 2404, 12));
    // The levels with nothing to clear listed in foreign-levels.md §1.5 (docs/import.md).
    let mut expected = vec!["Abc 32".to_string(), "Abc 33".to_string()];
    expected
        .extend(["GreenWall", "GreenWall2", "GreenWall3", "GreenWall4"].map(|s| format!("{s} 40")));
    expected.extend((1..=6).map(|n| format!("N_Arenas {n}")));
    assert_eq!(skips, expected);
    // The Latin-1 names of the data (foreign-levels.md §1.5).
    let fantaisie = breakout::import::load_set(&dir.join("Fantaisie"), None).unwrap();
    assert!(fantaisie
        .levels
        .iter()
        .any(|l| l.level.title.as_deref() == Some("Pelé")));
}
