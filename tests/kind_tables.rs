//! The prose tables of brick kinds and power-ups (`README.md`, `docs/levels.md`) say what the
//! code's rows say: one table row per kind, in the rows' order, with the same name, letter,
//! label, words, good or bad, duration and default hits. A new kind, or a changed fact, fails
//! here until the docs follow.

use breakout::assets::powerup_looks::label;
use breakout::level::{BrickKind, Lasts, PowerUpKind, PLAIN_COLOURS};

fn file(path: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of the Markdown table whose header line is `header`: each row's cells, trimmed.
fn table(text: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| l.trim() != header);
    assert!(lines.next().is_some(), "no table headed {header:?}");
    lines
        .skip(1) // the |---| line
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let inner = l.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(|c| c.trim().to_string()).collect()
        })
        .collect()
}

/// "20 s" for a 20 s timer.
fn seconds(s: f32) -> String {
    format!("{s} s")
}

#[test]
fn the_readmes_power_up_table_is_the_power_up_rows() {
    let rows = table(
        &file("README.md"),
        "| capsule | name / letter | what it does | good or bad | lasts |",
    );
    assert_eq!(rows.len(), PowerUpKind::ALL.len(), "one row per power-up");
    for (row, kind) in rows.iter().zip(PowerUpKind::ALL) {
        let def = kind.def();
        let written = match def.letter {
            Some(c) => format!("`{}` / `{c}`", def.name),
            None => format!("`{}`", def.name),
        };
        let lasts = match def.lasts {
            Lasts::Once => "once".to_string(),
            Lasts::Timed { seconds: s, .. } => seconds(s),
            Lasts::UntilLifeLost => "until a life is lost".to_string(),
        };
        let good = if kind.is_bad() { "bad" } else { "good" };
        let expected = [label(kind), &written, def.what, good, &lasts];
        assert_eq!(row, &expected, "README.md's row for {kind}");
    }
}

#[test]
fn the_level_formats_power_up_table_is_the_power_up_rows() {
    let rows = table(
        &file("docs/levels.md"),
        "| written | power-up | for the player | lasts (this game's rules) |",
    );
    assert_eq!(rows.len(), PowerUpKind::ALL.len(), "one row per power-up");
    for (row, kind) in rows.iter().zip(PowerUpKind::ALL) {
        let def = kind.def();
        let written = match def.letter {
            Some(c) => format!("`+{c}`, `+{}`", def.name),
            None => format!("`+{}`", def.name),
        };
        let lasts = match def.lasts {
            Lasts::Once => "at once".to_string(),
            Lasts::Timed { seconds: s, .. } => seconds(s),
            Lasts::UntilLifeLost => "until the life is lost".to_string(),
        };
        let good = if kind.is_bad() { "bad" } else { "good" };
        let what = def.what.trim_end_matches('.');
        let expected = [written.as_str(), what, good, &lasts];
        assert_eq!(row, &expected, "docs/levels.md's row for {kind}");
    }
}

#[test]
fn the_level_formats_brick_tables_are_the_brick_kind_rows() {
    let text = file("docs/levels.md");
    let lettered: Vec<BrickKind> = BrickKind::ALL
        .into_iter()
        .filter(|k| k.symbol().is_ascii_uppercase())
        .collect();
    let rows = table(&text, "| letter | kind | what it does | default hits |");
    assert_eq!(rows.len(), lettered.len(), "one row per lettered kind");
    for (row, kind) in rows.iter().zip(lettered) {
        let def = kind.def();
        let hits = match def.default_hits {
            0 => "–".to_string(),
            n => n.to_string(),
        };
        assert_eq!(row[0], format!("`{}`", kind.symbol()), "{kind:?}");
        assert_eq!(row[1], def.name, "{kind:?}");
        assert_eq!(row[3], hits, "{kind:?}'s default hits");
    }
    // The colours' table: two columns of (number, colour) pairs, 2–5 then 6–9.
    let colours = table(&text, "| number | colour | | number | colour |");
    let mut named: Vec<(String, String)> = Vec::new();
    for half in [0, 3] {
        for row in &colours {
            named.push((row[half].clone(), row[half + 1].clone()));
        }
    }
    let expected: Vec<(String, String)> = PLAIN_COLOURS
        .iter()
        .enumerate()
        .map(|(i, name)| (format!("`{}`", i + 2), name.to_string()))
        .collect();
    assert_eq!(named, expected);
}
