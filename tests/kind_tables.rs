//! The prose tables of brick kinds and power-ups (`docs/playing.md`, `docs/levels.md`) say what the
//! code's rows say: one table row per kind, in the rows' order. The power-up tables are
//! generated from the rows (name, letter, label, words, good or bad, duration): a run that finds
//! them out of date rewrites them and fails once, so a new power-up's docs follow its row. The
//! brick-kind table's prose is written by hand and checked (symbol, name, default hits).

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

/// Makes the rows of the table headed `header` in the file at `path` (relative to the crate)
/// exactly `rows`, as rust-analyzer's generated docs do: a table that differs is rewritten in
/// place and the test fails, asking for the change to be reviewed and committed. A second run
/// then passes.
fn ensure_table(path: &str, header: &str, rows: &[String]) {
    let text = file(path);
    let start = text
        .find(&format!("{header}\n"))
        .unwrap_or_else(|| panic!("{path}: no table headed {header:?}"));
    let body = start + header.len() + 1;
    let rule_end = body + text[body..].find('\n').expect("the table's |---| line") + 1;
    let mut end = rule_end;
    while text[end..].starts_with('|') {
        end += text[end..].find('\n').map_or(text.len() - end, |n| n + 1);
    }
    let mut wanted = rows.join("\n");
    wanted.push('\n');
    if text[rule_end..end] != wanted {
        let updated = format!("{}{wanted}{}", &text[..rule_end], &text[end..]);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::write(root.join(path), updated).unwrap_or_else(|e| panic!("{path}: {e}"));
        panic!(
            "{path}: the table headed {header:?} did not match the code's rows and has been \
             regenerated; review the change (git diff {path}) and commit it"
        );
    }
}

/// How `docs/playing.md` says a power-up lasts.
fn readme_lasts(lasts: Lasts) -> String {
    match lasts {
        Lasts::Once => "once".to_string(),
        Lasts::Timed { seconds: s, .. } => seconds(s),
        Lasts::UntilLifeLost => "until a life is lost".to_string(),
    }
}

/// How `docs/levels.md` says a power-up lasts.
fn level_format_lasts(lasts: Lasts) -> String {
    match lasts {
        Lasts::Once => "at once".to_string(),
        Lasts::Timed { seconds: s, .. } => seconds(s),
        Lasts::UntilLifeLost => "until the life is lost".to_string(),
    }
}

fn good_or_bad(kind: PowerUpKind) -> &'static str {
    if kind.is_bad() {
        "bad"
    } else {
        "good"
    }
}

#[test]
fn the_readmes_power_up_table_is_generated_from_the_power_up_rows() {
    let rows: Vec<String> = PowerUpKind::ALL
        .into_iter()
        .map(|kind| {
            let def = kind.def();
            let written = match def.letter {
                Some(c) => format!("`{}` / `{c}`", def.name),
                None => format!("`{}`", def.name),
            };
            format!(
                "| {} | {written} | {} | {} | {} |",
                label(kind),
                def.what,
                good_or_bad(kind),
                readme_lasts(def.lasts)
            )
        })
        .collect();
    ensure_table(
        "docs/playing.md",
        "| capsule | name / letter | what it does | good or bad | lasts |",
        &rows,
    );
}

#[test]
fn the_level_formats_power_up_table_is_generated_from_the_power_up_rows() {
    let rows: Vec<String> = PowerUpKind::ALL
        .into_iter()
        .map(|kind| {
            let def = kind.def();
            let written = match def.letter {
                Some(c) => format!("`+{c}`, `+{}`", def.name),
                None => format!("`+{}`", def.name),
            };
            format!(
                "| {written} | {} | {} | {} |",
                def.what.trim_end_matches('.'),
                good_or_bad(kind),
                level_format_lasts(def.lasts)
            )
        })
        .collect();
    ensure_table(
        "docs/levels.md",
        "| written | power-up | for the player | lasts (this game's rules) |",
        &rows,
    );
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
