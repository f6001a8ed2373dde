//! Level sets from the command line, with the real binary: `simulate --set DIR --all` (one line
//! per level in set then level order, the same lines whatever the number of threads),
//! `simulate`/`preview --set DIR --level N` (the same level as naming its file), `check` on a
//! foreign set file, and the errors of bad `--set`/`--level` arguments.
//!
//! Sets here are directories of `.lvl` files written by the tests. The tests on the installed
//! games' sets need the foreign readers and their data (`bash .ci/fetch-foreign-levels`):
//! they are `#[ignore]`d, and `.ci/run` runs them where the data exists.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-sets-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A set of `n` small levels in `dir`: `NN-level.lvl`, each a different row of bricks.
fn write_set(dir: &Path, n: usize) {
    std::fs::create_dir_all(dir).unwrap();
    for i in 1..=n {
        let mut row = ["0"; 8];
        row[i % 8] = "2";
        row[(i * 3) % 8] = "4";
        let text = format!("@name: Level {i}\n{}\n0 0 0 0 0 0 0 0\n", row.join(" "));
        std::fs::write(dir.join(format!("{i:02}-level.lvl")), text).unwrap();
    }
}

/// Runs the binary with `args` (and `env`), with no user data of its own.
fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let home = std::env::temp_dir().join(format!("breakout-sets-cli-home-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(args)
        .envs(env.iter().copied())
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_DATA_DIRS", home.join("none"))
        .env("RUST_LOG", "off")
        .output()
        .expect("run breakout")
}

/// The JSON lines of stdout.
fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn simulate_all_gives_the_same_lines_in_set_and_level_order_on_any_number_of_threads() {
    let dir = temp_dir("all");
    write_set(&dir.join("my-set"), 7);
    let set = dir.join("my-set").display().to_string();
    let args = [
        "simulate", "--set", &set, "--all", "--steps", "30000", "--seed", "3",
    ];
    let lines = |threads: &str| {
        let output = run(&args, &[("RAYON_NUM_THREADS", threads)]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut lines = json_lines(&output);
        let summary = lines.pop().expect("a summary line");
        assert!(summary["seconds"].as_f64().is_some(), "{summary}");
        (lines, summary)
    };
    let (one, summary_one) = lines("1");
    let (two, summary_two) = lines("2");
    assert_eq!(
        one, two,
        "the per-level lines differ between 1 and 2 threads"
    );
    let without_time = |mut s: Value| {
        s.as_object_mut().unwrap().remove("seconds");
        s
    };
    assert_eq!(without_time(summary_one.clone()), without_time(summary_two));

    assert_eq!(one.len(), 7);
    for (i, line) in one.iter().enumerate() {
        assert_eq!(line["set"], "my-set", "{line}");
        assert_eq!(line["level"], i + 1, "{line}");
        assert_eq!(line["name"], format!("{:02}-level", i + 1), "{line}");
        assert_eq!(line["seed"], 3, "{line}");
        assert_eq!(line["balls_escaped"], 0, "{line}");
    }
    // The summary adds up the lines.
    let total = |field: &str| one.iter().map(|l| l[field].as_u64().unwrap()).sum::<u64>();
    let cleared = one.iter().filter(|l| l["cleared"] == true).count();
    assert_eq!(summary_one["levels"], 7);
    assert_eq!(summary_one["cleared"], cleared);
    assert_eq!(summary_one["steps"], total("steps"));
    assert_eq!(summary_one["balls_escaped"], total("balls_escaped"));
    assert_eq!(summary_one["errors"], 0);

    // Each line is the level's own `simulate` (same seed, same steps), but for the set fields.
    let single = run(
        &[
            "simulate", "--set", &set, "--level", "5", "--steps", "30000", "--seed", "3",
        ],
        &[],
    );
    assert!(
        single.status.success(),
        "{}",
        String::from_utf8_lossy(&single.stderr)
    );
    let single = &json_lines(&single)[0];
    for (field, value) in single.as_object().unwrap() {
        let key = if field == "level" {
            "name"
        } else {
            field.as_str()
        };
        assert_eq!(&one[4][key], value, "field {field}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_level_in_a_set_is_reported_and_the_others_still_played() {
    let dir = temp_dir("broken");
    write_set(&dir, 3);
    std::fs::write(dir.join("02-level.lvl"), "2 Q\n").unwrap();
    let set = dir.display().to_string();
    let output = run(
        &["simulate", "--set", &set, "--all", "--steps", "2000"],
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("02-level.lvl:1:3:"), "{stderr}");
    let lines = json_lines(&output);
    let numbers: Vec<&Value> = lines
        .iter()
        .filter_map(|l| l.get("set").and(l.get("level")))
        .collect();
    assert_eq!(numbers, [&Value::from(1), &Value::from(3)]);
    assert_eq!(lines.last().unwrap()["errors"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn set_and_level_arguments_name_the_same_level_as_its_file() {
    let dir = temp_dir("same");
    write_set(&dir, 4);
    let set = dir.display().to_string();
    let file = dir.join("03-level.lvl").display().to_string();
    let by_set = run(
        &["simulate", "--set", &set, "--level", "3", "--steps", "5000"],
        &[],
    );
    let by_name = run(
        &[
            "simulate", "--set", &set, "--level", "03-level", "--steps", "5000",
        ],
        &[],
    );
    let by_file = run(&["simulate", "--level", &file, "--steps", "5000"], &[]);
    for output in [&by_set, &by_name, &by_file] {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert_eq!(by_set.stdout, by_file.stdout);
    assert_eq!(by_name.stdout, by_file.stdout);

    // Out of range, unknown: one error line, exit 1.
    for (args, fragment) in [
        (vec!["simulate", "--set", &set, "--level", "5"], "1 to 4"),
        (vec!["simulate", "--set", &set, "--level", "nope"], "'nope'"),
        (
            vec!["simulate", "--set", "no-such-set-anywhere"],
            "no-such-set-anywhere: ",
        ),
    ] {
        let output = run(&args, &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("breakout: error: ") && stderr.contains(fragment),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn preview_of_a_set_level_is_the_preview_of_its_file() {
    let dir = temp_dir("preview");
    write_set(&dir, 3);
    let set = dir.display().to_string();
    let (a, b) = (dir.join("a.png"), dir.join("b.png"));
    let size = ["--size", "200x150"];
    let by_set = run(
        &[
            &["preview", "--set", &set, "--level", "2", "-o"],
            &[a.to_str().unwrap()][..],
            &size,
        ]
        .concat(),
        &[],
    );
    let file = dir.join("02-level.lvl");
    let by_file = run(
        &[
            &["preview", file.to_str().unwrap(), "-o", b.to_str().unwrap()][..],
            &size,
        ]
        .concat(),
        &[],
    );
    for output in [&by_set, &by_file] {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let (a, b) = (support::take_png(&a), support::take_png(&b));
    assert_eq!(a.dimensions(), (200, 150));
    assert!(a == b, "the two previews differ");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_a_broken_foreign_set_file_by_name_with_exit_1() {
    let dir = temp_dir("check");
    // Synthetic: the LBreakout2 marker ("Level:" at a line start, see import::detect) and
    // nothing a level needs after it.
    let file = dir.join("BrokenSet");
    std::fs::write(&file, "Level:\n\u{1}\u{2}\n").unwrap();
    let output = run(&["check", file.to_str().unwrap()], &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with(&format!("{}:", file.display())),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The installed games' set files, under the fetched data.
fn foreign_share() -> PathBuf {
    support::foreign_levels().join("usr/share")
}

#[test]
#[ignore = "needs the foreign readers (import::load_set) and their data: bash .ci/fetch-foreign-levels"]
fn every_lbreakout2_set_is_played_to_the_end_without_escapes() {
    let dir = foreign_share().join("games/lbreakout2/levels");
    let set = dir.display().to_string();
    let output = run(
        &["simulate", "--set", &set, "--all", "--steps", "20000"],
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let lines = json_lines(&output);
    let summary = lines.last().unwrap();
    assert_eq!(summary["errors"], 0, "{stderr}");
    assert_eq!(summary["balls_escaped"], 0);
    let sets: std::collections::BTreeSet<&str> =
        lines.iter().filter_map(|l| l["set"].as_str()).collect();
    let empty = stderr
        .lines()
        .filter(|l| l.contains("no levels in this set"))
        .count();
    assert_eq!(sets.len() + empty, 113, "one set per file: {stderr}");
}

#[test]
#[ignore = "needs the foreign readers (import::load_set) and their data: bash .ci/fetch-foreign-levels"]
fn installed_sets_check_and_preview_from_their_files() {
    let share = foreign_share();
    let files = [
        share.join("games/lbreakout2/levels/Arkanoid"),
        share.join("kbreakout/levelsets/default.levelset"),
        share.join("games/sdl-ball/default/levels.txt"),
        share.join("games/gnome-breakout/levels/mmack.gbl"),
    ];
    for file in &files {
        let path = file.to_str().unwrap();
        let check = run(&["check", path], &[]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&check.stdout)
        );
        let out =
            std::env::temp_dir().join(format!("breakout-set-preview-{}.png", std::process::id()));
        let preview = run(
            &[
                "preview",
                "--set",
                path,
                "--level",
                "1",
                "-o",
                out.to_str().unwrap(),
            ],
            &[],
        );
        assert!(
            preview.status.success(),
            "{}",
            String::from_utf8_lossy(&preview.stderr)
        );
        assert_eq!(support::take_png(&out).dimensions(), (800, 600));
    }
    // The menu's discovery finds all of them under the data directory.
    let sets = breakout::assets::sets::discover(None, &[share]);
    for file in &files {
        assert!(
            sets.iter().any(|s| matches!(s, breakout::assets::LevelSetSource::Foreign { path, .. } if path == file)),
            "{} not discovered",
            file.display()
        );
    }
}
