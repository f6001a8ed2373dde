//! `breakout compare`: the real binary run in a temporary directory with empty HOME and XDG
//! directories, on two small levels written here.
//!
//! * `compare.csv` has the documented header and one row per level × mode, in level then
//!   `--modes` order;
//! * the parting step is empty for `clamp` and, for another mode, the step an independent
//!   lockstep computation here finds (two games, one per mode, each with its bot, hashed with
//!   `Game::state_hash` / `Game::state_hash_without_mode` after every step);
//! * `--replay`: the replay's own mode plays the recorded game again (its row's score is the
//!   replay's);
//! * each SVG parses as XML and has one series per mode: the mode's colour on a drawn shape and
//!   its name in the legend;
//! * bad input (an unknown mode, a set with no playable level, an unwritable `-o`, a replay that
//!   does not verify, a level that does not parse) exits non-zero with `breakout: error: …`
//!   naming the problem, and leaves no `DIR/compare.csv` nor staging directory.

use breakout::collision::CollisionMode;
use breakout::commands::compare::plots::colour;
use breakout::level::Level;
use breakout::replay::{file, Origin, Recorder};
use breakout::sim::{Bot, Game, GameConfig};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const HEADER: &str = "set,level,name,mode,cleared,steps_to_clear,bricks_destroyed,balls_lost,\
                      escapes,tunnelled,parted_at,score,seed";

/// Two levels: rows of plain bricks close to the paddle, so that the modes part early.
const LEVELS: [(&str, &str); 2] = [
    (
        "01-low.lvl",
        "@name: Low\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n2 3 4 5 2 3 4 5\n3 3*2 0 2 2 0 3*2 3\n",
    ),
    (
        "02-corners.lvl",
        "@name: Corners\n0 0 0 0 0 0 0 0\n4 0 4 0 4 0 4 0\n0 5 0 5 0 5 0 5\n2 0 2 0 2 0 2 0\n",
    ),
];

const STEPS: u64 = 4_000;
const SEED: u64 = 5;

/// A fresh directory for one test, with the two levels in `levels/` and empty `home/`,
/// `data/`, `config/` (so that no player's files or installed sets are read).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "breakout-compare-test-{}-{name}",
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

fn breakout(dir: &Path, args: &[&str]) -> Output {
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

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The rows of `DIR/compare.csv` as maps from header to cell.
fn rows(csv: &Path) -> (String, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(csv).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_string();
    let rows = lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    (header, rows)
}

/// The first step after which the `mode` copy's hash (mode left out) differs from the `clamp`
/// copy's, played here in lockstep as `compare` says it does; `None` within `steps`.
fn parting(level: &Level, mode: CollisionMode, steps: u64) -> Option<u64> {
    let config = GameConfig {
        seed: SEED,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut clamp = Game::new(level, config);
    let mut other = clamp.clone();
    other.set_collision_mode(mode);
    let (mut bot_c, mut bot_o) = (Bot::new(SEED, 0.0), Bot::new(SEED, 0.0));
    for at in 1..=steps {
        for (game, bot) in [(&mut clamp, &mut bot_c), (&mut other, &mut bot_o)] {
            if game.state() == breakout::sim::GameState::Playing {
                let input = bot.input(game);
                game.step(&input);
            }
        }
        if clamp.state_hash() != other.state_hash_without_mode() {
            return Some(at);
        }
    }
    None
}

#[test]
fn the_table_has_one_row_per_level_and_mode_and_the_parting_step_of_a_lockstep_run() {
    let dir = scratch("table");
    let modes = "aabb,clamp,cross,swept";
    let steps = STEPS.to_string();
    let seed = SEED.to_string();
    let out = breakout(
        &dir,
        &[
            "--set", "levels", "--modes", modes, "--steps", &steps, "--seed", &seed, "--seeds",
            "1", "-o", "out",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let (header, rows) = rows(&dir.join("out/compare.csv"));
    assert_eq!(header, HEADER);
    assert_eq!(rows.len(), 2 * 4, "{rows:?}");
    let col = |name: &str| HEADER.split(',').position(|h| h == name).unwrap();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 13, "{row:?}");
        assert_eq!(row[col("seed")], seed);
        assert_eq!(row[col("level")], (i / 4 + 1).to_string());
        assert_eq!(row[col("mode")], modes.split(',').nth(i % 4).unwrap());
        assert_eq!(row[col("name")], ["Low", "Corners"][i / 4]);
    }
    let mut parted_somewhere = false;
    for (i, (_, text)) in LEVELS.iter().enumerate() {
        let level = Level::parse(text, "level").unwrap();
        for (j, mode) in modes.split(',').enumerate() {
            let cell = &rows[i * 4 + j][col("parted_at")];
            if mode == "clamp" {
                assert_eq!(cell, "", "clamp never parts from itself");
                continue;
            }
            let mode = CollisionMode::ALL
                .iter()
                .copied()
                .find(|m| m.name() == mode)
                .unwrap();
            let expected = parting(&level, mode, STEPS);
            parted_somewhere |= expected.is_some();
            assert_eq!(
                cell,
                &expected.map_or(String::new(), |s| s.to_string()),
                "level {} mode {}",
                i + 1,
                mode.name()
            );
        }
    }
    assert!(parted_somewhere, "the levels should make some mode part");
    assert!(std::fs::read_to_string(dir.join("out/summary.md"))
        .unwrap()
        .contains("| clamp |"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_plot_is_svg_with_one_series_per_mode() {
    let dir = scratch("plots");
    let out = breakout(
        &dir,
        &[
            "--level",
            "levels/01-low.lvl",
            "--steps",
            "2000",
            "--speed-sweep",
            "-o",
            "out",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for name in [
        "clear_rate.svg",
        "time_to_clear.svg",
        "speed_sweep.svg",
        "normal_error.svg",
    ] {
        let text = std::fs::read_to_string(dir.join("out").join(name)).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{name}");
        for mode in CollisionMode::ALL {
            let c = colour(mode);
            let hex = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
            let shapes = doc
                .descendants()
                .filter(|n| matches!(n.tag_name().name(), "rect" | "polyline" | "path"))
                .filter(|n| {
                    n.attribute("fill") == Some(&hex) || n.attribute("stroke") == Some(&hex)
                })
                .count();
            assert!(
                shapes >= 2,
                "{name}: {} drawn in {hex} {shapes} time(s)",
                mode.name()
            );
            let named = doc.descendants().any(|n| {
                n.tag_name().name() == "text"
                    && n.text()
                        .is_some_and(|t| t.split_whitespace().next() == Some(mode.name()))
            });
            assert!(named, "{name}: no legend entry for {}", mode.name());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn modes_all_plays_every_row_in_the_table_order() {
    let dir = scratch("all");
    let out = breakout(
        &dir,
        &[
            "--set", "levels", "--modes", "All", "--steps", "300", "--seeds", "1", "-o", "out",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let (_, rows) = rows(&dir.join("out/compare.csv"));
    let n = CollisionMode::ALL.len();
    assert_eq!(rows.len(), 2 * n, "{rows:?}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[3], CollisionMode::ALL[i % n].name(), "{row:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replay of the bot on level 01 for `steps` steps, in `clamp`.
fn recorded(dir: &Path, steps: u64) -> (PathBuf, breakout::replay::Replay) {
    let level = Level::parse(LEVELS[0].1, "low").unwrap();
    let config = GameConfig {
        seed: SEED,
        ..GameConfig::default()
    };
    let mut game = Game::new(&level, config);
    let mut recorder = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut bot = Bot::new(SEED, 0.0);
    for _ in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        recorder.step(&input, &game);
    }
    let replay = recorder.finish(&game);
    let path = dir.join("game.bkreplay");
    file::write(&path, &replay).unwrap();
    (path, replay)
}

#[test]
fn a_replay_is_played_in_every_mode_and_its_own_mode_plays_its_game() {
    let dir = scratch("replay");
    let (path, replay) = recorded(&dir, 1500);
    let out = breakout(&dir, &["--replay", path.to_str().unwrap(), "-o", "out"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (_, rows) = rows(&dir.join("out/compare.csv"));
    assert_eq!(rows.len(), CollisionMode::ALL.len());
    let clamp = rows.iter().find(|r| r[3] == "clamp").unwrap();
    let end = replay.end.unwrap();
    assert_eq!(clamp[11], end.score.to_string(), "{clamp:?}");
    assert!(rows.iter().all(|r| r[0] == "replay"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `compare` with `args` (and `-o out`) and checks the failure: exit status 1, a
/// `breakout: error:` line holding `why`, no `out/compare.csv`, no staging directory.
fn assert_refused(dir: &Path, args: &[&str], out_dir: &str, why: &str) {
    let mut all = args.to_vec();
    all.extend(["-o", out_dir]);
    let out = breakout(dir, &all);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains("breakout: error: ") && err.contains(why),
        "{args:?}: {err}"
    );
    assert!(!dir.join(out_dir).join("compare.csv").exists(), "{args:?}");
    let staging = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().contains(".partial-"));
    assert!(!staging, "{args:?}: a staging directory was left behind");
}

#[test]
fn bad_input_is_refused_with_a_clear_message_and_nothing_written() {
    let dir = scratch("bad");
    let every: Vec<&str> = CollisionMode::ALL.iter().map(|m| m.name()).collect();
    assert_refused(
        &dir,
        &["--set", "levels", "--modes", "clamp,sideways"],
        "out",
        &format!(
            "unknown collision mode 'sideways'; the modes are {} (or all)",
            every.join(", ")
        ),
    );
    std::fs::create_dir_all(dir.join("nothing")).unwrap();
    std::fs::write(dir.join("nothing/notes.txt"), "not a level").unwrap();
    assert_refused(
        &dir,
        &["--set", "nothing"],
        "out",
        "nothing: no playable level",
    );
    std::fs::write(dir.join("a-file"), "").unwrap();
    assert_refused(
        &dir,
        &["--set", "levels", "--steps", "10"],
        "a-file/out",
        "cannot write the output there",
    );
    std::fs::write(dir.join("broken.lvl"), "@name: Broken\n2 2 Q 2\n").unwrap();
    assert_refused(
        &dir,
        &["--level", "broken.lvl"],
        "out",
        "broken.lvl:2:5: 'Q' is not a brick",
    );
    let (path, mut replay) = recorded(&dir, 600);
    replay.hashes[1] ^= 1;
    file::write(&path, &replay).unwrap();
    assert_refused(
        &dir,
        &["--replay", path.to_str().unwrap()],
        "out",
        "does not verify in its own mode (clamp): it diverged at step 480",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
