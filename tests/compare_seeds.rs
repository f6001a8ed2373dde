//! `breakout compare --seeds N` and the summary's honesty, the real binary run in a temporary
//! directory with empty HOME and XDG directories, on small levels written here:
//!
//! * N seeds give N × levels × models rows, each (level, seed) once per model, the seeds
//!   `--seed`, `--seed` + 1, …;
//! * a model that cleared nothing shows "—" for its mean time to clear, in the summary and in
//!   the plot's legend, never 0.0 (play-test H1);
//! * a replay's header names the replay's own length and seed, not `--steps`'s and `--seed`'s
//!   defaults (H2), and `--seeds` is refused with `--replay`;
//! * the clear-rate plot's axis never passes 100 % (H12), even when a model clears every game;
//! * one seed (or one game) warns that nothing can be ranked.

use breakout::collision::CollisionMode;
use breakout::commands::compare::plots::colour;
use breakout::level::Level;
use breakout::replay::{file, Origin, Recorder};
use breakout::sim::{Bot, Game, GameConfig};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Two levels: "Low", rows of plain bricks close to the paddle; "One", a single brick the bot
/// clears within a few thousand steps.
const LEVELS: [(&str, &str); 2] = [
    (
        "01-low.lvl",
        "@name: Low\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n2 3 4 5 2 3 4 5\n3 3*2 0 2 2 0 3*2 3\n",
    ),
    (
        "02-one.lvl",
        "@name: One\n0 0 0 0 0 0 0 0\n0 0 0 2 0 0 0 0\n",
    ),
];

/// A fresh directory for one test, with the levels in `levels/` and empty `home/`, `data/`,
/// `config/`, `share/` (no player's files or installed sets are read).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "breakout-compare-seeds-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["levels", "home", "data", "config", "share"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for (file, text) in LEVELS {
        std::fs::write(dir.join("levels").join(file), text).unwrap();
    }
    dir
}

fn compare(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("compare")
        .args(args)
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_DIRS", dir.join("share"))
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout compare")
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `DIR/compare.csv`'s rows as maps from column name to cell.
fn rows(csv: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

/// The cells of the summary's "Per model" table row of `model`.
fn summary_row(summary: &str, model: &str) -> Vec<String> {
    let line = summary
        .lines()
        .skip_while(|l| !l.starts_with("| model | games |"))
        .find(|l| l.starts_with(&format!("| {model} | ")))
        .unwrap_or_else(|| panic!("no row for {model}:\n{summary}"));
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// The index of `column` in the summary's "Per model" table.
fn summary_column(summary: &str, column: &str) -> usize {
    let header = summary
        .lines()
        .find(|l| l.starts_with("| model | games |"))
        .unwrap();
    header
        .trim_matches('|')
        .split('|')
        .position(|c| c.trim().starts_with(column))
        .unwrap_or_else(|| panic!("no column {column}: {header}"))
}

/// The texts of an SVG file.
fn svg_texts(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect()
}

#[test]
fn n_seeds_give_one_row_per_level_seed_and_model_with_distinct_seeds() {
    let dir = scratch("rows");
    let args = [
        "--set",
        "levels",
        "--modes",
        "clamp,aabb",
        "--steps",
        "1500",
        "--seed",
        "7",
        "--seeds",
        "3",
        "-o",
        "out",
    ];
    ok(&compare(&dir, &args));
    let rows = rows(&dir.join("out/compare.csv"));
    assert_eq!(rows.len(), 2 * 3 * 2, "levels × seeds × models");
    let games: BTreeSet<(String, String, String)> = rows
        .iter()
        .map(|r| (r["level"].clone(), r["seed"].clone(), r["mode"].clone()))
        .collect();
    assert_eq!(games.len(), rows.len(), "each (level, seed, model) once");
    let seeds: BTreeSet<&str> = rows.iter().map(|r| r["seed"].as_str()).collect();
    assert_eq!(seeds, BTreeSet::from(["7", "8", "9"]));
    let summary = std::fs::read_to_string(dir.join("out/summary.md")).unwrap();
    assert!(
        summary.contains("2 level(s) × 3 seed(s) (seeds 7–9) = 6 game(s) per model"),
        "{summary}"
    );
    assert!(!summary.contains("Warning"), "{summary}");
    let games = summary_column(&summary, "games");
    assert_eq!(summary_row(&summary, "aabb")[games], "6");
    // The same games give the same rows, whatever the threads' order.
    ok(&compare(&dir, &[&args[..10], &["-o", "again"]].concat()));
    assert_eq!(
        std::fs::read_to_string(dir.join("out/compare.csv")).unwrap(),
        std::fs::read_to_string(dir.join("again/compare.csv")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_model_clearing_nothing_prints_a_dash_not_zero_for_its_time_to_clear() {
    let dir = scratch("dash");
    // 60 steps: the ball has not reached a brick; nobody clears anything.
    let args = [
        "--set",
        "levels",
        "--modes",
        "clamp,zones",
        "--steps",
        "60",
        "--seeds",
        "2",
        "-o",
        "out",
    ];
    ok(&compare(&dir, &args));
    let rows = rows(&dir.join("out/compare.csv"));
    assert!(rows.iter().all(|r| r["cleared"] == "false"), "{rows:?}");
    let summary = std::fs::read_to_string(dir.join("out/summary.md")).unwrap();
    let column = summary_column(&summary, "mean time to clear");
    for model in ["clamp", "zones"] {
        assert_eq!(summary_row(&summary, model)[column], "—", "{summary}");
    }
    let texts = svg_texts(&dir.join("out/time_to_clear.svg"));
    for model in ["clamp", "zones"] {
        assert!(texts.contains(&format!("{model} —")), "{texts:?}");
        assert!(
            !texts.iter().any(|t| t.starts_with(&format!("{model} 0"))),
            "{texts:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replay of the bot on "Low", `steps` steps with seed `seed`, in `clamp`.
fn recorded(dir: &Path, steps: u64, seed: u64) -> PathBuf {
    let level = Level::parse(LEVELS[0].1, "low").unwrap();
    let config = GameConfig {
        seed,
        ..GameConfig::default()
    };
    let mut game = Game::new(&level, config);
    let mut recorder = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut bot = Bot::new(seed, 0.0);
    for _ in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        recorder.step(&input, &game);
    }
    let path = dir.join("game.bkreplay");
    file::write(&path, &recorder.finish(&game)).unwrap();
    path
}

#[test]
fn a_replays_header_names_its_own_steps_and_seed() {
    let dir = scratch("replay");
    let replay = recorded(&dir, 1234, 42);
    let path = replay.to_str().unwrap();
    ok(&compare(
        &dir,
        &["--replay", path, "--modes", "clamp,aabb", "-o", "out"],
    ));
    let summary = std::fs::read_to_string(dir.join("out/summary.md")).unwrap();
    let header = summary.lines().nth(2).unwrap();
    assert!(
        header.contains("1234 fixed steps") && header.contains("seed 42 in `clamp`"),
        "{header}"
    );
    assert!(
        !header.contains("20000") && !header.contains("seed 1 "),
        "{header}"
    );
    // H11: the balls lost are the replay's input's doing, said and flagged.
    assert!(
        summary.contains("driven by the recorded input"),
        "{summary}"
    );
    assert!(summary.contains("balls lost per game †"), "{summary}");
    assert!(summary.contains("nothing can be ranked"), "{summary}");
    // --steps shorter than the replay: both lengths named.
    ok(&compare(
        &dir,
        &[
            "--replay", path, "--modes", "clamp", "--steps", "500", "-o", "cut",
        ],
    ));
    let cut = std::fs::read_to_string(dir.join("cut/summary.md")).unwrap();
    assert!(
        cut.contains("1234 fixed steps") && cut.contains("played the first 500"),
        "{cut}"
    );
    // --seeds makes no sense with a replay: refused, nothing written.
    let out = compare(&dir, &["--replay", path, "--seeds", "3", "-o", "seeds"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seeds"));
    assert!(!dir.join("seeds").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_clear_rate_axis_max_is_100_even_when_a_model_clears_every_game() {
    let dir = scratch("axis");
    let args = [
        "--level",
        "levels/02-one.lvl",
        "--modes",
        "clamp,aabb",
        "--steps",
        "6000",
        "--seeds",
        "2",
        "-o",
        "out",
    ];
    ok(&compare(&dir, &args));
    let rows = rows(&dir.join("out/compare.csv"));
    assert!(
        rows.iter()
            .filter(|r| r["mode"] == "clamp")
            .all(|r| r["cleared"] == "true"),
        "the test needs a model clearing every game (a 100 % bar): {rows:?}"
    );
    let ticks: Vec<f64> = svg_texts(&dir.join("out/clear_rate.svg"))
        .iter()
        .filter_map(|t| t.parse().ok())
        .collect();
    let top = ticks.iter().copied().fold(f64::MIN, f64::max);
    assert_eq!(top, 100.0, "{ticks:?}");
    // The axis itself ends at 100 %: clamp's 100 % bar reaches the topmost grid line.
    let text = std::fs::read_to_string(dir.join("out/clear_rate.svg")).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let number = |n: &roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok());
    let c = colour(CollisionMode::Clamp);
    let hex = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    let bar_top = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "rect" && n.attribute("fill") == Some(&hex))
        .max_by(|a, b| {
            number(a, "height")
                .unwrap()
                .total_cmp(&number(b, "height").unwrap())
        })
        .and_then(|n| number(&n, "y"))
        .unwrap();
    let grid_top = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "line" && number(n, "y1") == number(n, "y2"))
        .filter(|n| number(n, "x2").unwrap_or(0.0) - number(n, "x1").unwrap_or(0.0) > 300.0)
        .filter_map(|n| number(&n, "y1"))
        .fold(f64::MAX, f64::min);
    assert!(
        (bar_top - grid_top).abs() <= 1.0,
        "bar top {bar_top}, grid top {grid_top}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_seed_warns_that_nothing_can_be_ranked() {
    let dir = scratch("warn");
    let base = ["--set", "levels", "--modes", "clamp,aabb", "--steps", "300"];
    ok(&compare(
        &dir,
        &[&base[..], &["--seeds", "1", "-o", "one"]].concat(),
    ));
    let one = std::fs::read_to_string(dir.join("one/summary.md")).unwrap();
    assert!(
        one.contains("Warning: one seed, nothing can be ranked"),
        "{one}"
    );
    ok(&compare(
        &dir,
        &[&base[..], &["--seeds", "2", "-o", "two"]].concat(),
    ));
    let two = std::fs::read_to_string(dir.join("two/summary.md")).unwrap();
    assert!(!two.contains("Warning"), "{two}");
    assert!(two.contains("## Against clamp"), "{two}");
    // Whatever the seeds, the summary says that end results mix the algorithm with chaos.
    for text in [&one, &two] {
        assert!(text.contains("mix the algorithm with chaos"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
