//! The gnome-breakout reader (`core/src/import/gnome.rs`), through `breakout::import::parse_set`.
//!
//! Covers:
//! * small synthetic `.gbl` files written here (never the game's data): the block mapping,
//!   directives and their defaults, comments, CRLF, the game's order (difficulty, then name),
//!   and each mistake that makes the game reject a file, at its line and column;
//! * property tests: any bytes, and random mutations of a valid file, give `Ok` or `Err`, never
//!   a panic; random valid files import in the order of an independent sort, with as many
//!   blocks to clear as an independent count, and every level reads back from `to_text`;
//! * the corpus (ignored without the data: `bash .ci/fetch-foreign-levels`): the three files
//!   of the `gnome-breakout` package import, 18 levels, each file's count equal to its
//!   `BEGIN_LEVEL` lines and each level's blocks to clear equal to an independent count.

mod support;

use breakout::import::{parse_set, Format, ImportError, LevelSet};
use breakout::level::{BrickKind, Level, Ruleset};
use proptest::prelude::*;
use std::path::Path;

/// One synthetic level: name, difficulty (if given) and 15 rows of 10 codes.
#[derive(Clone, Debug)]
struct Synth {
    name: Option<String>,
    difficulty: Option<u32>,
    blocks: Vec<[u8; 10]>,
}

fn write(levels: &[Synth], eol: &str) -> Vec<u8> {
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push_str(eol);
    };
    line("# a synthetic file");
    line("GLOBAL_AUTHOR Someone");
    line("TITLE Synthetic Levels");
    line("");
    for l in levels {
        line("BEGIN_LEVEL");
        if let Some(n) = &l.name {
            line(&format!("  NAME {n}"));
        }
        if let Some(d) = l.difficulty {
            line(&format!("\tDIFFICULTY {d}"));
        }
        line("BEGIN_DATA");
        for row in &l.blocks {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            line(&cells.join(","));
        }
        line("END_DATA");
        line("END_LEVEL");
    }
    out.into_bytes()
}

fn level(name: &str, difficulty: u32, first_row: [u8; 10]) -> Synth {
    let mut blocks = vec![[0; 10]; 15];
    blocks[1] = first_row;
    Synth {
        name: Some(name.to_string()),
        difficulty: Some(difficulty),
        blocks,
    }
}

fn import(bytes: &[u8]) -> Result<LevelSet, ImportError> {
    parse_set(bytes, Path::new("synth.gbl"), Some(Format::Gnome))
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

fn error_at(bytes: &[u8]) -> (usize, usize, String) {
    match import(bytes) {
        Err(ImportError::Invalid {
            line,
            column,
            message,
            ..
        }) => (line, column, message),
        other => panic!("expected an error: {other:?}"),
    }
}

#[test]
fn blocks_map_to_kinds_and_hits() {
    let set = import(&write(
        &[level("A", 1, [0, 1, 2, 3, 4, 5, 6, 1, 0, 0])],
        "\n",
    ))
    .unwrap();
    assert_eq!(set.name, "Synthetic Levels");
    let l = &set.levels[0].level;
    let got: Vec<(Option<BrickKind>, u8)> = (0..7).map(|c| (l.get(1, c), l.hits(1, c))).collect();
    assert_eq!(
        got,
        vec![
            (None, 0),
            (Some(BrickKind::Plain(5)), 1),
            (Some(BrickKind::Solid), 0),
            (Some(BrickKind::Plain(4)), 2),
            (Some(BrickKind::Plain(3)), 3),
            (Some(BrickKind::Plain(2)), 4),
            (Some(BrickKind::Explosive), 1),
        ]
    );
    assert_eq!((l.rows, l.cols), (15, 10));
    assert_eq!(l.scoring, Ruleset::Gnome);
    // No power-up is placed: gnome-breakout's rules drop them at random on hits.
    assert_eq!(l.powerup_rules, Ruleset::Gnome);
    assert!(l
        .extras
        .values()
        .all(|e| e.powerup.is_none() && e.roll.is_none()));
    assert!(l.scatter.is_empty());
    let area = l.area.unwrap();
    assert_eq!(
        (area.left, area.top, area.width, area.height),
        (0, 27, 800, 409)
    );
    assert_eq!(l.author.as_deref(), Some("Someone"));
    assert_eq!(l.title.as_deref(), Some("A"));
    // Strong blocks 3, 4, 5 are beside the explosive 6 at column 6: only 5 (column 5) is.
    let features: Vec<(&str, usize)> = set.levels[0]
        .approximations
        .iter()
        .map(|a| (a.feature.as_str(), a.cells))
        .collect();
    assert!(features.iter().all(|&(f, _)| !f.contains("power-up")));
    assert_eq!(features.len(), 1, "{features:?}");
    assert!(features
        .iter()
        .any(|&(f, c)| f.starts_with("explosive hits its neighbours once") && c == 1));
    assert_reads_back(&set);
}

#[test]
fn levels_play_in_order_of_difficulty_then_name() {
    let levels = [
        level("B", 2, [1; 10]),
        level("Z", 1, [1; 10]),
        level("A", 1, [1; 10]),
        Synth {
            name: None,
            difficulty: None,
            blocks: vec![[1; 10]; 15],
        },
    ];
    let set = import(&write(&levels, "\n")).unwrap();
    let order: Vec<Option<&str>> = set
        .levels
        .iter()
        .map(|l| l.level.title.as_deref())
        .collect();
    // No DIFFICULTY is 0 (no GLOBAL_DIFFICULTY here); no NAME sorts as "No Name".
    assert_eq!(order, vec![None, Some("A"), Some("Z"), Some("B")]);
    let numbers: Vec<usize> = set.levels.iter().map(|l| l.number).collect();
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    assert_eq!(set.levels[1].level.name, "02-a");
}

#[test]
fn crlf_is_accepted_and_gives_the_same_levels() {
    let levels = [level("A", 1, [1, 3, 0, 0, 0, 0, 0, 0, 0, 6])];
    let lf = import(&write(&levels, "\n")).unwrap();
    let crlf = import(&write(&levels, "\r\n")).unwrap();
    assert_eq!(
        lf,
        LevelSet {
            path: lf.path.clone(),
            ..crlf
        }
    );
}

#[test]
fn every_mistake_rejects_the_file_at_its_place() {
    let good = String::from_utf8(write(&[level("A", 1, [1; 10])], "\n")).unwrap();
    // Line 5 BEGIN_LEVEL, 6 NAME, 7 DIFFICULTY, 8 BEGIN_DATA, 9-23 rows, 24 END_DATA, 25 END_LEVEL.
    let with = |line: usize, text: &str| {
        let mut lines: Vec<&str> = good.lines().collect();
        lines[line - 1] = text;
        lines.join("\n")
    };
    let cases: [(String, (usize, usize)); 10] = [
        (with(10, "1,1,1,7,1,1,1,1,1,1"), (10, 7)),
        (with(10, "1,1,1,1,1,1,1,1,1"), (10, 18)),
        (with(10, "1,1,1,-1,1,1,1,1,1,1"), (10, 7)),
        (with(10, "1,1 ,1,1,1,1,1,1,1,1"), (10, 4)),
        (with(10, "# comment"), (10, 1)),
        (with(6, "  NAME Bad\"Name"), (6, 11)),
        (with(7, "DIFFICULTY x"), (7, 12)),
        (with(3, "SUBTITLE x"), (3, 1)),
        (with(24, "1,1,1,1,1,1,1,1,1,1"), (24, 1)),
        (with(25, ""), (25, 1)),
    ];
    for (text, at) in cases {
        let (line, column, message) = error_at(text.as_bytes());
        assert_eq!((line, column), at, "{message}\n{text}");
    }
    // 14 rows then END_DATA: the game would read a stale 15th row.
    let short = with(23, "END_DATA").replacen("END_DATA\nEND_DATA", "END_DATA", 1);
    assert_eq!(error_at(short.as_bytes()).0, 23);
    assert!(import(b"# only a comment\n").is_err());
    assert!(matches!(
        import(b"BEGIN_LEVEL\n\0"),
        Err(ImportError::Invalid {
            line: 2,
            column: 1,
            ..
        })
    ));
}

#[test]
fn global_defaults_apply_to_the_levels_after_them() {
    let text = "GLOBAL_NAME Default\nGLOBAL_DIFFICULTY 3\nBEGIN_LEVEL\nAUTHOR Me\nBEGIN_DATA\n"
        .to_string()
        + &"1,1,1,1,1,1,1,1,1,1\n".repeat(15)
        + "END_DATA\nEND_LEVEL\n";
    let set = import(text.as_bytes()).unwrap();
    let l = &set.levels[0].level;
    assert_eq!(l.title.as_deref(), Some("Default"));
    assert_eq!(l.author.as_deref(), Some("Me"));
    assert!(l.source.as_deref().unwrap().contains("difficulty 3"));
    assert_eq!(set.name, "synth.gbl");
}

#[test]
fn levels_with_nothing_to_clear_are_skipped() {
    let set = import(&write(
        &[level("Walls", 1, [2; 10]), level("Ok", 2, [1; 10])],
        "\n",
    ))
    .unwrap();
    assert_eq!(set.skipped.len(), 1);
    assert_eq!((set.skipped[0].number, set.skipped[0].line), (1, 5));
    assert_eq!(set.levels[0].number, 2);
}

fn synth_strategy() -> impl Strategy<Value = Synth> {
    (
        prop::option::of("[A-Za-z0-9 #()-]{1,12}"),
        prop::option::of(0u32..8),
        prop::collection::vec(prop::array::uniform10(0u8..=6), 15),
    )
        .prop_map(|(name, difficulty, blocks)| Synth {
            name: name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()),
            difficulty,
            blocks,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_bytes_give_ok_or_err(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let _ = import(&bytes);
    }

    #[test]
    fn mutated_files_never_panic_and_what_imports_reads_back(
        levels in prop::collection::vec(synth_strategy(), 1..3),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..8),
    ) {
        let mut bytes = write(&levels, "\n");
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
            assert_reads_back(&set);
        }
    }

    #[test]
    fn random_files_import_in_the_games_order_with_the_blocks_counted(
        levels in prop::collection::vec(synth_strategy(), 1..6),
    ) {
        let set = import(&write(&levels, "\n")).unwrap();
        // The game's order, computed here: a stable sort by (difficulty, name).
        let mut order: Vec<&Synth> = levels.iter().collect();
        order.sort_by_key(|l| (l.difficulty.unwrap_or(0), l.name.clone().unwrap_or_else(|| "No Name".into())));
        prop_assert_eq!(set.levels.len() + set.skipped.len(), levels.len());
        for (i, synth) in order.iter().enumerate() {
            let clear = synth.blocks.iter().flatten().filter(|&&c| matches!(c, 1 | 3..=6)).count();
            match set.levels.iter().find(|l| l.number == i + 1) {
                Some(l) => {
                    prop_assert_eq!(l.level.destructible_count(), clear);
                    let hits: usize = (0..15).flat_map(|r| (0..10).map(move |c| (r, c)))
                        .map(|(r, c)| usize::from(l.level.hits(r, c)))
                        .sum();
                    let want: usize = synth.blocks.iter().flatten()
                        .map(|&c| match c { 1 | 6 => 1, 3 => 2, 4 => 3, 5 => 4, _ => 0 })
                        .sum();
                    prop_assert_eq!(hits, want);
                }
                None => prop_assert_eq!(clear, 0),
            }
        }
        assert_reads_back(&set);
    }
}

#[test]
#[ignore = "needs the foreign level data: bash .ci/fetch-foreign-levels"]
fn corpus_the_three_files_import_18_levels() {
    let dir = support::foreign_levels().join("usr/share/games/gnome-breakout/levels");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "gnome-breakout 0.5.3 has 3 level files");
    let mut total = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let set = parse_set(&bytes, file, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.format, Format::Gnome);
        let text = String::from_utf8(bytes).unwrap();
        let begins = text.lines().filter(|l| l.trim() == "BEGIN_LEVEL").count();
        assert_eq!(set.levels.len(), begins, "{}", file.display());
        assert!(set.skipped.is_empty());
        // Blocks to clear over the file, counted from the data rows without the reader.
        let clear: usize = text
            .lines()
            .filter(|l| l.contains(',') && !l.trim_start().starts_with('#'))
            .flat_map(|l| l.split(','))
            .filter(|v| matches!(v.trim(), "1" | "3" | "4" | "5" | "6"))
            .count();
        let imported: usize = set
            .levels
            .iter()
            .map(|l| l.level.destructible_count())
            .sum();
        assert_eq!(imported, clear, "{}", file.display());
        for l in &set.levels {
            assert_eq!(l.level.powerup_rules, Ruleset::Gnome);
            // Only MP-1's explosive block is reported; nothing about power-ups.
            for a in &l.approximations {
                assert!(
                    a.feature.starts_with("explosive hits its neighbours once"),
                    "{a}"
                );
            }
        }
        assert_reads_back(&set);
        total += set.levels.len();
    }
    assert_eq!(total, 18);
}
