//! Walks what a test can of each recipe of `docs/architecture.md` ("Add a brick kind", "Add a
//! foreign level format", "Add a collision mode", rule sets): for every kind of each closed set
//! (its table's generated `ALL`), the places the recipe names must know of it. The compiler
//! checks the exhaustive matches; these checks catch what would compile and misbehave (a letter
//! missing from a message, a mode with no oracle test, a format its own file does not detect).

use breakout::collision::{CollisionMode, Resolution};
use breakout::import::{self, Format, Installed};
use breakout::level::{BrickKind, Level, Mark, Ruleset, BRICK_LETTERS, BRICK_SYMBOLS};
use std::collections::BTreeSet;
use std::path::Path;

fn file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every kind is written by its own symbol, parses back from it, and the help texts that list
/// the symbols (the editor's help line, the parse error) name it.
#[test]
fn every_brick_kind_parses_from_its_symbol_and_is_listed_in_the_messages() {
    let error = Level::parse("Q\n", "bad letter")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_else(|| panic!("Q is no brick letter"));
    for kind in BrickKind::ALL {
        let symbol = kind.symbol();
        // A plain brick beside it, so that a level of an unbreakable kind has one to clear.
        let level = Level::parse(&format!("{symbol} 2\n"), "one cell")
            .unwrap_or_else(|e| panic!("{kind:?} ({symbol}): {e}"));
        assert_eq!(level.get(0, 0), Some(kind), "{symbol}");
        if kind.code().is_none() {
            assert!(symbol.is_ascii_uppercase(), "{kind:?}: {symbol}");
            let listed = |text: &str| text.split_whitespace().any(|w| w == symbol.to_string());
            assert!(listed(BRICK_LETTERS), "{kind:?} not in {BRICK_LETTERS:?}");
            assert!(listed(BRICK_SYMBOLS), "{kind:?} not in {BRICK_SYMBOLS:?}");
            assert!(
                error.contains(BRICK_LETTERS),
                "the parse error lists the letters: {error}"
            );
        }
    }
    let digits = BrickKind::ALL.iter().filter(|k| k.code().is_some()).count();
    assert_eq!(
        digits, 9,
        "1 (solid) and 2-9 (plain), as BRICK_SYMBOLS says"
    );
    assert!(BRICK_SYMBOLS.starts_with("1-9 "), "{BRICK_SYMBOLS}");
    // The message for a level with nothing to clear names every kind that counts.
    let nothing = Level::parse("1 M\n", "walls only")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_else(|| panic!("a level of walls has nothing to clear"));
    for kind in BrickKind::ALL.iter().filter(|k| k.code().is_none()) {
        let counts = kind.def().counts_for_clear;
        let named = nothing.contains(&format!(" {}", kind.symbol()));
        assert_eq!(named, counts, "{kind:?} in {nothing:?}");
    }
}

/// The rows' flags agree with one another, and each mark belongs to a kind and is drawn in the
/// shipped atlas.
#[test]
fn brick_rows_are_consistent_and_every_mark_is_used() {
    for kind in BrickKind::ALL {
        let d = kind.def();
        if d.counts_once_revealed {
            assert!(
                d.destructible && !d.counts_for_clear && !d.visible,
                "{kind:?}: counts once revealed means hidden at first and not counted yet"
            );
        }
        if d.explodes() {
            assert!(d.destructible, "{kind:?}: an exploding kind must break");
        }
        assert!(!d.name.is_empty(), "{kind:?}");
    }
    let used: BTreeSet<u32> = BrickKind::ALL
        .iter()
        .filter_map(|k| k.def().mark)
        .map(Mark::cell)
        .collect();
    let all: BTreeSet<u32> = Mark::ALL.iter().map(|m| m.cell()).collect();
    assert_eq!(used, all, "every mark is some kind's, once per cell");
    let cells = breakout::level::MARK_ATLAS_CELLS;
    assert!(
        Mark::ALL.len() as u32 <= cells * cells,
        "the atlas holds every mark"
    );
}

/// Every collision mode has a name that reads back, a help line naming its source file (which
/// exists), a colour of its own in both shades, its section in `docs/collision.md`, and a test
/// against the oracle in `tests/oracle_parry.rs` (a textbook mode) or property tests beside its
/// file (a game's own algorithm).
#[test]
fn every_collision_mode_has_its_row_its_file_its_docs_and_an_oracle_test() {
    let oracle = file("tests/oracle_parry.rs");
    let docs = file("docs/collision.md");
    let mut on_dark = Vec::new();
    let mut on_white = BTreeSet::new();
    for mode in CollisionMode::ALL {
        let d = mode.def();
        assert_eq!(CollisionMode::from_name(d.name), Some(mode));
        let source = d
            .help
            .split(['(', ')'])
            .find(|w| w.ends_with(".rs"))
            .unwrap_or_else(|| panic!("{mode:?}: help names no file: {}", d.help));
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("core/src/collision")
                .join(source)
                .is_file(),
            "{mode:?}: {source}"
        );
        assert!(
            !on_dark.contains(&d.colour.on_dark),
            "{mode:?}: colour taken"
        );
        on_dark.push(d.colour.on_dark);
        assert!(on_white.insert(d.colour.on_white), "{mode:?}: colour taken");
        assert!(
            docs.contains(d.name),
            "docs/collision.md never names {}",
            d.name
        );
        if matches!(d.model.resolution(), Resolution::Own(_)) {
            // A game's own algorithm is checked by the property tests beside it, in its file or
            // its `<file>_tests.rs` (its contact test is no textbook query for parry to answer).
            let tests = source.replace(".rs", "_tests.rs");
            let has_properties = |path: &str| {
                std::fs::read_to_string(
                    Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join("core/src/collision")
                        .join(path),
                )
                .is_ok_and(|text| text.contains("proptest!"))
            };
            assert!(
                has_properties(source) || has_properties(&tests),
                "{mode:?}: neither {source} nor {tests} has property tests (proptest!)"
            );
        } else {
            assert!(
                oracle.contains(&format!("fn long_run_{}()", d.name)),
                "tests/oracle_parry.rs has no long_run_{} (and the checks it stands for)",
                d.name
            );
        }
    }
    assert!(
        CollisionMode::ALL.iter().any(|m| m.is_continuous()),
        "the swept mode is continuous"
    );
}

/// A small file of `format`, with the marker its game's files hold: one arm per format, so a
/// new format is a compile error here until it has a sample.
fn sample(format: Format) -> &'static str {
    match format {
        Format::LBreakout2 => "Level:\nAuthor\nName\nBricks:\n",
        Format::KBreakOut => "<?xml version=\"1.0\"?>\n<KBreakOutLevelSet>\n</KBreakOutLevelSet>\n",
        Format::SdlBall => "** Start **\n** Stop **\n",
        Format::Gnome => "BEGIN_LEVEL\nNAME A\nEND_LEVEL\n",
    }
}

/// Every format detects its own sample and no other's, and its row names a game, a help line and
/// where Debian installs its sets; `docs/import.md` names the game.
#[test]
fn every_format_detects_its_own_sample_and_has_its_row() {
    let docs = file("docs/import.md");
    let mut games = BTreeSet::new();
    for format in Format::ALL {
        let d = format.def();
        assert_eq!(
            import::detect(sample(format).as_bytes()),
            Some(format),
            "{format:?}"
        );
        assert!(games.insert(d.game), "{format:?}: game name taken");
        assert!(!d.help.is_empty(), "{format:?}");
        assert!(
            docs.contains(d.game),
            "docs/import.md never names {}",
            d.game
        );
        let dirs: Vec<&str> = match d.installed {
            Installed::Files { dir, .. } => vec![dir],
            Installed::InSubdirectories { dirs, .. } => dirs.to_vec(),
        };
        for dir in dirs {
            assert!(
                !dir.is_empty() && !dir.starts_with('/'),
                "{format:?}: {dir} is relative to a data directory"
            );
        }
    }
    assert_eq!(import::detect(b"nothing to see"), None);
}

/// Every rule set is named by `@scoring:` and `@powerups:` and listed in `docs/levels.md`.
#[test]
fn every_ruleset_parses_from_its_name_and_is_documented() {
    let docs = file("docs/levels.md");
    for rules in Ruleset::ALL {
        let name = rules.name();
        let text = format!("@scoring: {name}\n@powerups: {name}\n2\n");
        let level = Level::parse(&text, "rules").unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(level.scoring, rules, "{name}");
        assert_eq!(level.powerup_rules, rules, "{name}");
        assert!(
            docs.contains(&format!("`{name}`")),
            "docs/levels.md: {name}"
        );
    }
}
