//! `compare`'s per-contact check end to end: with it on, `contacts.csv` has a row per model over
//! all levels, then per level, the summary leads with its section and `contact_error.svg` is
//! drawn; with `--no-contact-check` none of them is written. The exact models' figures hold:
//! `clamp` (the exact closest point, sub-stepped) has no phantom and a normal error of rounding
//! only; `aabb` has phantoms at the corners.

use breakout::collision::CollisionMode;
use breakout::commands::compare::{self, CompareOptions, Model, Subject};
use breakout::commands::simulate_all::LevelJob;
use std::path::Path;

/// A level of three rows with a gap, so corners are hit.
const LEVEL: &str = "2 2 2 0 2 2 2 2\n2 0 2 2 2 2 0 2\n2 2 2 2 0 2 2 2\n0 0 0 0 0 0 0 0";

fn run(dir: &Path, contact_check: bool) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("rows.lvl");
    std::fs::write(&file, LEVEL).unwrap();
    let job = LevelJob {
        set: "test".into(),
        number: 1,
        name: "Rows".into(),
        source: breakout::assets::LevelSource::File(file),
    };
    let options = CompareOptions {
        modes: [
            CollisionMode::Clamp,
            CollisionMode::Aabb,
            CollisionMode::Swept,
        ]
        .into_iter()
        .map(Model::built_in)
        .collect(),
        steps: Some(6_000),
        seed: 3,
        seeds: 2,
        speed_sweep: false,
        contact_check,
        sub_steps: breakout::sim::SubSteps::On,
    };
    let out = dir.join("out");
    compare::compare(&Subject::Levels(vec![job]), &options, &out, false).unwrap();
    out
}

/// The cells of the `model` row over all levels, by header name.
fn row(csv: &str, model: &str) -> std::collections::HashMap<String, String> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let line = lines
        .find(|l| l.starts_with(&format!("{model},all,")))
        .unwrap_or_else(|| panic!("no {model} row in {csv}"));
    header
        .iter()
        .zip(line.split(','))
        .map(|(h, v)| (h.to_string(), v.to_string()))
        .collect()
}

#[test]
fn contacts_csv_summary_and_plot_with_the_check_and_none_without() {
    let dir = std::env::temp_dir().join(format!("breakout-contacts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&dir.join("on"), true);
    let csv = std::fs::read_to_string(out.join("contacts.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3 + 3, "{csv}");
    let clamp = row(&csv, "clamp");
    assert!(clamp["contacts"].parse::<u64>().unwrap() > 10, "{csv}");
    assert_eq!(clamp["phantom"], "0", "{csv}");
    assert!(
        clamp["normal_max_deg"].parse::<f64>().unwrap() < 0.1,
        "{csv}"
    );
    assert_eq!(clamp["toi_median_px"], "", "clamp has no time of impact");
    let swept = row(&csv, "swept");
    assert_eq!(swept["depth_median_px"], "", "swept has no depth: {csv}");
    assert!(swept["toi_max_px"].parse::<f64>().unwrap() < 1e-2, "{csv}");
    let aabb = row(&csv, "aabb");
    assert!(aabb["phantom"].parse::<u64>().unwrap() > 0, "{csv}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let section = summary
        .find("## Every contact against the exact referee")
        .unwrap();
    assert!(section < summary.find("## Per mode").unwrap(), "{summary}");
    let svg = std::fs::read_to_string(out.join("contact_error.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("aabb:"), "{svg}");

    let out = run(&dir.join("off"), false);
    assert!(!out.join("contacts.csv").exists());
    assert!(!out.join("contact_error.svg").exists());
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(!summary.contains("## Every contact"), "{summary}");
    let _ = std::fs::remove_dir_all(&dir);
}
