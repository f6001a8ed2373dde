//! The KBreakOut reader (`core/src/import/kbreakout.rs`): synthetic level sets written here in
//! KBreakOut's XML format, property tests (any bytes, mutated files, generated sets checked
//! against the characters they were made of), and the packaged set (`#[ignore]`d: it needs
//! `bash .ci/fetch-foreign-levels`) checked against an independent scan of the file.

mod support;

use breakout::import::{parse_set, Format, ImportError, ImportedLevel, LevelSet};
use breakout::level::{BrickArea, BrickKind, Explosion, Level, PowerUpKind, Ruleset};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

fn parse(xml: &str) -> Result<LevelSet, ImportError> {
    parse_set(xml.as_bytes(), Path::new("sets/test.levelset"), None)
}

fn set(levels: &str) -> String {
    format!("<?xml version=\"1.0\"?>\n<KBreakOutLevelSet>\n{levels}</KBreakOutLevelSet>\n")
}

fn only_level(xml: &str) -> ImportedLevel {
    let set = parse(xml).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.format, Format::KBreakOut);
    assert_eq!(set.levels.len(), 1, "{:?}", set.skipped);
    set.levels.into_iter().next().unwrap()
}

/// `Level::parse(&level.to_text())` gives every imported level back.
fn assert_round_trip(set: &LevelSet) {
    for imported in &set.levels {
        let level = &imported.level;
        let text = level.to_text();
        let back = Level::parse(&text, &level.name).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, level, "{text}");
    }
}

fn powerups(level: &Level) -> Vec<PowerUpKind> {
    level.extras.values().filter_map(|e| e.powerup).collect()
}

fn approx(imported: &ImportedLevel, feature: &str) -> usize {
    imported
        .approximations
        .iter()
        .filter(|a| a.feature.contains(feature))
        .map(|a| a.cells)
        .sum()
}

#[test]
fn lines_without_number_follow_the_previous_one_and_headers_are_set() {
    let level = only_level(&set(r#"  <Level Name="First">
    <Line Number="3">1-</Line>
    <Line>-2--x</Line>
  </Level>
"#));
    assert_eq!((level.number, level.line), (1, 3));
    let l = &level.level;
    assert_eq!((l.rows, l.cols), (4, 20));
    assert!(matches!(l.get(2, 0), Some(BrickKind::Plain(_))));
    assert_eq!(l.get(2, 1), None);
    assert!(matches!(l.get(3, 1), Some(BrickKind::Plain(_))));
    assert_eq!(l.get(3, 4), Some(BrickKind::Explosive));
    assert_eq!(l.title.as_deref(), Some("First"));
    assert_eq!(l.source.as_deref(), Some("KBreakOut set test level 1"));
    assert_eq!(
        l.area,
        Some(BrickArea {
            left: 0,
            top: 0,
            width: 800,
            height: 80
        })
    );
    assert_eq!(l.explosion, Explosion::Cross);
    assert_eq!(l.scoring, Ruleset::KBreakOut);
}

#[test]
fn values_may_be_child_elements() {
    let level = only_level(&set(r#"  <Level>
    <Line><Number>2</Number><Bricks>hm1</Bricks></Line>
    <Gift><Type>GiftAddLife</Type><Count>1</Count><Position>2,2</Position></Gift>
  </Level>
"#));
    let l = &level.level;
    assert_eq!(l.rows, 2);
    assert_eq!(l.get(1, 0), Some(BrickKind::Hidden));
    assert_eq!(l.hits(1, 0), 2);
    assert_eq!(l.hits(1, 1), 3, "m takes 3 hits");
    assert_eq!(
        l.extras(1, 1).and_then(|e| e.powerup),
        Some(PowerUpKind::ExtraLife)
    );
    assert_eq!(powerups(l).len(), 1);
    assert_eq!(l.title, None);
    assert_eq!(approx(&level, "random"), 0, "a positioned gift is exact");
}

#[test]
fn a_line_of_21_bricks_is_an_error_at_its_line() {
    let xml = set(&format!(
        "  <Level>\n    <Line>{}</Line>\n    <Line>{}</Line>\n  </Level>\n",
        "1".repeat(20),
        "2".repeat(21)
    ));
    match parse(&xml) {
        Err(ImportError::Invalid { line, message, .. }) => {
            assert_eq!(line, 5, "{message}");
            assert!(message.contains("21"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_row_outside_the_field_is_an_error() {
    for number in ["0", "25", "x"] {
        let xml = set(&format!(
            "<Level><Line Number=\"{number}\">1</Line></Level>\n"
        ));
        assert!(
            matches!(parse(&xml), Err(ImportError::Invalid { line: 3, .. })),
            "{number}"
        );
    }
}

/// KBreakOut's 19 gifts (`src/levelloader.h` `GIFT_TYPES`) and the power-up each must become
/// (`src/qml/logic.js` `executeGift`), written out independently of the reader.
const GIFT_TABLE: [(&str, PowerUpKind); 19] = [
    ("Gift100Points", PowerUpKind::Points100),
    ("Gift200Points", PowerUpKind::Points200),
    ("Gift500Points", PowerUpKind::Points500),
    ("Gift1000Points", PowerUpKind::Points1000),
    ("GiftAddLife", PowerUpKind::ExtraLife),
    ("GiftLoseLife", PowerUpKind::LoseLife),
    ("GiftNextLevel", PowerUpKind::NextLevel),
    ("GiftSplitBall", PowerUpKind::Multiball),
    ("GiftAddBall", PowerUpKind::ExtraBall),
    ("GiftUnstoppableBall", PowerUpKind::EnergyBall),
    ("GiftBurningBall", PowerUpKind::ExplosiveBall),
    ("GiftIncreaseSpeed", PowerUpKind::Fast),
    ("GiftDecreaseSpeed", PowerUpKind::Slow),
    ("GiftEnlargeBar", PowerUpKind::PadSizeIncrease),
    ("GiftShrinkBar", PowerUpKind::Shrink),
    ("GiftStickyBar", PowerUpKind::Sticky),
    ("GiftMagicEye", PowerUpKind::MagicEye),
    ("GiftMagicWand", PowerUpKind::MagicWand),
    ("GiftMoreExplosion", PowerUpKind::ExplosiveGrow),
];

#[test]
fn every_gift_becomes_its_power_up_exactly_under_kbreakouts_rules() {
    let mut xml = String::from("<Level>\n<Line>1111111111111111111</Line>\n");
    for (i, (gift, _)) in GIFT_TABLE.iter().enumerate() {
        xml.push_str(&format!(
            "<Gift Type=\"{gift}\" Position=\"{},1\"/>\n",
            i + 1
        ));
    }
    let level = only_level(&set(&(xml + "</Level>\n")));
    for (i, &(gift, kind)) in GIFT_TABLE.iter().enumerate() {
        let held = level.level.extras(0, i).and_then(|e| e.powerup);
        assert_eq!(held, Some(kind), "{gift}");
    }
    assert_eq!(level.approximations, [], "every gift is exact");
    assert_eq!(level.level.powerup_rules, Ruleset::KBreakOut);
    assert!(level.level.scatter.is_empty());
    let text = level.level.to_text();
    assert_eq!(Level::parse(&text, &level.level.name).unwrap(), level.level);
}

#[test]
fn positioned_gifts_go_on_their_brick_and_a_displaced_one_is_scattered() {
    let xml = set(r#"<Level>
<Line>uuuuu1uuuu</Line>
<Gift Type="GiftAddLife">3</Gift>
<Gift Type="GiftMagicEye" Position="1,1"/>
<Gift Type="GiftStickyBar" Position="6,1"/>
<Gift Type="GiftMagicWand" Position="6,1"/>
<Gift Type="GiftSplitBall" Position="12,1"/>
<Gift Type="GiftNoSuchThing">2</Gift>
</Level>
"#);
    let level = only_level(&xml);
    assert_eq!(powerups(&level.level), vec![PowerUpKind::MagicWand]);
    assert_eq!(level.level.get(0, 5), Some(BrickKind::Plain(7)));
    assert_eq!(
        level.level.extras(0, 5).and_then(|e| e.powerup),
        Some(PowerUpKind::MagicWand)
    );
    // The sticky bar it displaced goes to a random brick, as `putGift` does.
    assert_eq!(
        level.level.scatter,
        [(PowerUpKind::ExtraLife, 3), (PowerUpKind::Sticky, 1)]
    );
    assert_eq!(approx(&level, "GiftMagicEye on an unbreakable brick"), 1);
    assert_eq!(approx(&level, "unknown gift GiftNoSuchThing"), 2);
    assert_eq!(approx(&level, "unbreakable brick u"), 9);
    assert_eq!(approx(&level, "GiftSplitBall"), 0, "no brick at 12,1");
    assert_eq!(level.approximations.len(), 3, "{:?}", level.approximations);
}

#[test]
fn gifts_without_a_position_are_scattered_when_play_starts() {
    let xml = set(r#"<Level>
<Line>11111111111111111111</Line>
<Line>hhhhhhhhhhuuuuuuuuuu</Line>
<Gift Type="GiftAddLife">5</Gift>
<Gift Type="GiftIncreaseSpeed" Count="5"/>
<Gift Type="Gift100Points">10</Gift>
<Gift Type="GiftAddLife">2</Gift>
<Gift Type="GiftShrinkBar">0</Gift>
</Level>
"#);
    let a = only_level(&xml);
    assert_eq!(a, only_level(&xml));
    assert!(powerups(&a.level).is_empty(), "nothing is placed at import");
    assert_eq!(
        a.level.scatter,
        [
            (PowerUpKind::ExtraLife, 7),
            (PowerUpKind::Fast, 5),
            (PowerUpKind::Points100, 10)
        ]
    );
    assert!(a.approximations.iter().all(|x| !x.feature.contains("ift")));
    let text = a.level.to_text();
    assert!(
        text.contains("@scatter: extra-life 7, fast 5, points-100 10\n"),
        "{text}"
    );
    assert!(text.contains("@powerups: kbreakout\n"), "{text}");

    // More gifts than bricks: KBreakOut would look for a free brick forever.
    let crowded = only_level(&set(r#"<Level>
<Line>11</Line>
<Gift Type="GiftAddLife">2</Gift>
<Gift Type="Gift200Points">3</Gift>
</Level>
"#));
    assert_eq!(
        crowded.level.scatter,
        [(PowerUpKind::ExtraLife, 2), (PowerUpKind::Points200, 2)]
    );
    assert_eq!(approx(&crowded, "more gifts than bricks"), 3);

    // Counts as large as the file can write add up without overflowing.
    let huge = r#"<Gift Type="GiftAddLife" Count="9223372036854775807"/>"#;
    let flooded = only_level(&set(&format!(
        "<Level>\n<Line>111</Line>\n{huge}\n{huge}\n{huge}\n</Level>\n"
    )));
    assert_eq!(flooded.level.scatter, [(PowerUpKind::ExtraLife, 3)]);
    assert_eq!(approx(&flooded, "more gifts than bricks"), usize::MAX - 3);
}

#[test]
fn unknown_characters_are_plain_brick_1_and_reported() {
    let level = only_level(&set("<Level><Line>1z z</Line></Level>"));
    assert_eq!(level.level.get(0, 1), level.level.get(0, 0));
    assert_eq!(level.level.get(0, 2), level.level.get(0, 0));
    assert_eq!(approx(&level, "unknown brick 'z'"), 2);
    assert_eq!(approx(&level, "unknown brick ' '"), 1);
}

#[test]
fn levels_with_nothing_to_clear_are_skipped() {
    let xml = set("<Level><Line>uuhh</Line></Level>\n<Level/>\n<Level><Line>6</Line></Level>\n");
    let set = parse(&xml).unwrap();
    assert_eq!(
        set.skipped.iter().map(|s| s.number).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(set.levels[0].number, 3);
    assert_eq!(set.levels[0].level.name, "test-03");
}

#[test]
fn old_kconfig_sets_and_broken_xml_are_errors() {
    let kconfig = "[level1]\nline1=11111\nGiftAddLife=1\n";
    match parse_set(kconfig.as_bytes(), Path::new("x"), Some(Format::KBreakOut)) {
        Err(e) => assert!(e.to_string().contains("KConfig"), "{e}"),
        other => panic!("{other:?}"),
    }
    let broken = set("<Level>\n<Line>11</Lin>\n</Level>\n");
    assert!(matches!(
        parse(&broken),
        Err(ImportError::Invalid { line: 4, .. })
    ));
    assert!(parse(&set("")).is_err(), "a set without levels");
    assert!(parse(&set("<Level><Wall/></Level>")).is_err());
}

/// A generated level: its lines (written without Number, so rows 1, 2, …) and gift counts.
fn level_strategy() -> impl Strategy<Value = (Vec<String>, Vec<(usize, usize)>)> {
    let line = proptest::collection::vec(
        prop::sample::select(vec!['-', '1', '2', '3', '4', '5', '6', 'm', 'x', 'u', 'h']),
        0..=20,
    )
    .prop_map(|cs| cs.into_iter().collect::<String>());
    (
        proptest::collection::vec(line, 0..=24),
        proptest::collection::vec((0..GIFTS.len(), 0usize..6), 0..6),
    )
}

const GIFTS: [usize; 5] = [4, 13, 17, 15, 3];

fn write_level(lines: &[String], gifts: &[(usize, usize)]) -> String {
    let mut xml = String::from("  <Level Name=\"Generated\">\n");
    for line in lines {
        xml.push_str(&format!("    <Line>{line}</Line>\n"));
    }
    for &(gift, count) in gifts {
        xml.push_str(&format!(
            "    <Gift Type=\"{}\">{count}</Gift>\n",
            GIFT_TABLE[GIFTS[gift]].0
        ));
    }
    xml + "  </Level>\n"
}

/// Counts of the converted kinds, by a name that does not depend on the colour mapping.
fn kind_counts(level: &Level) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for row in 0..level.rows {
        for col in 0..level.cols {
            let name = match level.get(row, col) {
                None => continue,
                Some(BrickKind::Plain(_)) if level.hits(row, col) == 3 => "m",
                Some(BrickKind::Plain(_)) => "plain",
                Some(BrickKind::Explosive) => "x",
                Some(BrickKind::Solid) => "u",
                Some(BrickKind::Hidden) => "h",
                Some(other) => panic!("{other:?}"),
            };
            *counts.entry(name).or_insert(0) += 1;
        }
    }
    counts
}

proptest! {
    #[test]
    fn any_bytes_give_a_set_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = parse_set(&bytes, Path::new("fuzz"), Some(Format::KBreakOut));
    }

    #[test]
    fn mutated_files_give_a_set_or_an_error_and_sets_round_trip(
        (lines, gifts) in level_strategy(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..8),
    ) {
        let mut bytes = set(&write_level(&lines, &gifts)).into_bytes();
        for (at, op, byte) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.insert(i, byte),
                1 if i < bytes.len() => { bytes.remove(i); }
                2 if i < bytes.len() => bytes[i] = byte,
                _ => { let tail = bytes[i..].to_vec(); bytes.truncate(i); bytes.extend_from_slice(&tail[..tail.len() / 2]); }
            }
        }
        if let Ok(set) = parse_set(&bytes, Path::new("fuzz"), Some(Format::KBreakOut)) {
            assert_round_trip(&set);
        }
    }

    #[test]
    fn generated_levels_keep_every_brick_and_gift((lines, gifts) in level_strategy()) {
        let set = parse(&set(&write_level(&lines, &gifts))).unwrap();
        assert_round_trip(&set);
        let mut expected: BTreeMap<&str, usize> = BTreeMap::new();
        for c in lines.iter().flat_map(|l| l.chars()) {
            let name = match c { '-' => continue, '1'..='6' => "plain", 'm' => "m", 'x' => "x", 'u' => "u", _ => "h" };
            *expected.entry(name).or_insert(0) += 1;
        }
        let clearable = expected.keys().any(|k| ["plain", "m", "x"].contains(k));
        prop_assert_eq!(set.levels.len(), usize::from(clearable));
        if let Some(imported) = set.levels.first() {
            let level = &imported.level;
            prop_assert_eq!(kind_counts(level), expected);
            let last = lines.iter().rposition(|l| l.chars().any(|c| c != '-')).unwrap();
            prop_assert_eq!(level.rows, last + 1);
            prop_assert_eq!(level.area.map(|a| a.height), Some((20 * (last + 1)) as u16));
            // Every gift is scattered, by kind in the order first seen, at most one a brick.
            let bricks = lines.iter().flat_map(|l| l.chars()).filter(|&c| c != '-').count();
            let mut want: Vec<(PowerUpKind, usize)> = Vec::new();
            for &(gift, n) in gifts.iter().filter(|g| g.1 > 0) {
                let kind = GIFT_TABLE[GIFTS[gift]].1;
                match want.iter_mut().find(|w| w.0 == kind) {
                    Some(w) => w.1 += n,
                    None => want.push((kind, n)),
                }
            }
            let want: Vec<(PowerUpKind, u16)> =
                want.into_iter().map(|(k, n)| (k, n.min(bricks) as u16)).collect();
            prop_assert_eq!(&level.scatter, &want);
            prop_assert!(powerups(level).is_empty());
            let total: usize = gifts.iter().map(|g| g.1).sum();
            prop_assert_eq!(approx(imported, "more gifts than bricks"), total.saturating_sub(bricks));
        }
    }
}

/// The packaged set, `usr/share/kbreakout/levelsets/default.levelset`.
fn packaged() -> (String, LevelSet) {
    let path = support::foreign_levels().join("usr/share/kbreakout/levelsets/default.levelset");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let set = breakout::import::load_set(&path, None).unwrap_or_else(|e| panic!("{e}"));
    (text, set)
}

/// Brick characters of every `<Line>` of the file, by a plain text scan.
fn scanned_chars(text: &str) -> BTreeMap<char, usize> {
    let mut counts = BTreeMap::new();
    for piece in text.split("<Line").skip(1) {
        let bricks = piece.split_once('>').map_or("", |(_, rest)| rest);
        let bricks = bricks.split_once("</Line>").map_or("", |(b, _)| b);
        for c in bricks.chars().filter(|&c| c != '-') {
            *counts.entry(c).or_insert(0) += 1;
        }
    }
    counts
}

/// Gift counts by type, by a plain text scan of `<Gift Type="T">N</Gift>`.
fn scanned_gifts(text: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for piece in text.split("<Gift Type=\"").skip(1) {
        let (kind, rest) = piece.split_once('"').unwrap();
        let n: usize = rest[1..].split_once('<').unwrap().0.trim().parse().unwrap();
        *counts.entry(kind.to_string()).or_insert(0) += n;
    }
    counts
}

#[test]
#[ignore = "needs the foreign level data: bash .ci/fetch-foreign-levels"]
fn packaged_set_imports_every_level_with_its_bricks_and_gifts() {
    let (text, set) = packaged();
    assert_eq!(
        set.levels.len() + set.skipped.len(),
        text.matches("<Level").count()
    );
    assert_eq!(set.levels.len(), 22, "{:?}", set.skipped);
    assert_round_trip(&set);
    let chars = scanned_chars(&text);
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for imported in &set.levels {
        for (k, n) in kind_counts(&imported.level) {
            *kinds.entry(k).or_insert(0) += n;
        }
    }
    // foreign-levels.md §2.5: h 707, u 374, m 212, x 155, plain 1-6 2159.
    assert_eq!(kinds["h"], chars[&'h']);
    assert_eq!(kinds["h"], 707);
    assert_eq!(kinds["u"], chars[&'u']);
    assert_eq!(kinds["u"], 374);
    assert_eq!(kinds["m"], 212);
    assert_eq!(kinds["x"], 155);
    let plain: usize = ('1'..='6').map(|c| chars[&c]).sum();
    assert_eq!(kinds["plain"], plain);
    assert_eq!(plain, 421 + 240 + 502 + 301 + 260 + 435);
    // Every gift is scattered (none has a position), as the power-up of its type, and the
    // levels play under KBreakOut's rules.
    let gifts = scanned_gifts(&text);
    let mut scattered: BTreeMap<PowerUpKind, usize> = BTreeMap::new();
    for imported in &set.levels {
        assert_eq!(imported.level.powerup_rules, Ruleset::KBreakOut);
        assert!(powerups(&imported.level).is_empty());
        for &(kind, n) in &imported.level.scatter {
            *scattered.entry(kind).or_insert(0) += usize::from(n);
        }
    }
    let mut expected: BTreeMap<PowerUpKind, usize> = BTreeMap::new();
    for (gift, n) in &gifts {
        let kind = GIFT_TABLE.iter().find(|g| g.0 == gift).map(|g| g.1);
        let kind = kind.unwrap_or_else(|| panic!("{gift} is not one of KBreakOut's gifts"));
        *expected.entry(kind).or_insert(0) += n;
    }
    assert_eq!(scattered, expected);
    assert_eq!(scattered[&PowerUpKind::Fast], 71);
    assert_eq!(scattered[&PowerUpKind::ExtraLife], 13);
    assert_eq!(scattered.values().sum::<usize>(), 437);
    // No approximation is about a gift: only the unbreakable bricks remain.
    for imported in &set.levels {
        for a in &imported.approximations {
            assert!(
                a.feature.starts_with("unbreakable brick u as a wall"),
                "level {}: {a}",
                imported.number
            );
        }
    }
    // Rows used run to 18: the deepest area is 360 pixels.
    let deepest = set
        .levels
        .iter()
        .filter_map(|l| l.level.area)
        .map(|a| a.height)
        .max();
    assert_eq!(deepest, Some(360));
}
