//! What recording costs the window: the time to save a long game's replay (encode and write the
//! files the game writes every few seconds of play) and to continue a run left in the middle of
//! a long level (re-simulate its replay to the step where it was left).
//!
//! ```sh
//! cargo run --release --example replay_save_cost -- [--minutes M] [--input keys|mouse|bot] [LEVEL_FILE]
//! ```
//!
//! The game is played on `levels/04-rainbow.lvl` unless a file is given, lives never running
//! out, for ten minutes unless `--minutes` says otherwise (or until the level is cleared), by a
//! stand-in for a player on the keyboard (keys held for 0.1–0.5 s, a launch now and then), on
//! the mouse (a target in 1/16 px moving every 3 steps, as ~80 pointer events a second do), or
//! by the bot. Prints microseconds per save: what the frame pays (a copy of the replay, sent to
//! the writer thread), then what that thread does (encode; encode
//! and atomic write of one file; the three files of a save: recent game, unfinished run,
//! `--record`); the file's size; and milliseconds to continue (re-simulate the whole replay and
//! take its game). Nothing here is a test: the numbers depend on the machine and its disk.

use breakout::level::Level;
use breakout::replay::{file, Origin, Playback, Recorder};
use breakout::sim::{Game, GameConfig, GameState, Input};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let mut minutes = 10.0f64;
    let mut path = "levels/04-rainbow.lvl".to_string();
    let mut kind = "keys".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--minutes" {
            minutes = args
                .next()
                .and_then(|m| m.parse().ok())
                .expect("--minutes M");
        } else if arg == "--input" {
            kind = args.next().expect("--input keys|mouse|bot");
        } else {
            path = arg;
        }
    }
    let level = Level::load(std::path::Path::new(&path)).expect("a level file");
    let config = GameConfig {
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut game = Game::new(&level, config);
    let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    // A small linear congruential generator: the same "player" every run.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let steps = (minutes * 60.0 * 240.0) as u64;
    let mut input = Input::default();
    let mut hold = 0;
    let mut bot = breakout::sim::Bot::new(1, 0.1);
    for step in 0..steps {
        if kind == "bot" {
            input = bot.input(&game);
        } else if kind == "mouse" {
            if step % 3 == 0 {
                let t = step as f64 / 240.0;
                let x = 400.0 + 320.0 * (t * 2.1).sin() * (t * 0.37).cos();
                input.paddle_target_x = Some(((x * 16.0).round() / 16.0) as f32);
            }
            input.launch = step % 480 == 0;
        } else if hold == 0 {
            let key = next(3);
            input = Input {
                left: key == 0,
                right: key == 1,
                launch: next(8) == 0,
                ..Input::default()
            };
            hold = 24 + next(96);
        } else {
            input.launch = false;
        }
        hold -= 1;
        game.step(&input);
        rec.step(&input, &game);
        if game.state() != GameState::Playing {
            break;
        }
    }
    let replay = rec.replay().clone();
    let played = replay.steps() as f64 / 240.0;
    let dir = std::env::temp_dir().join(format!("breakout-save-cost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let rounds = 50;
    let time = |f: &mut dyn FnMut()| {
        let start = Instant::now();
        for _ in 0..rounds {
            f();
        }
        start.elapsed().as_secs_f64() * 1e6 / rounds as f64
    };
    let bytes = file::encode(&replay).len();
    let encode = time(&mut || {
        std::hint::black_box(file::encode(&replay));
    });
    let clone = time(&mut || {
        std::hint::black_box(replay.clone());
    });
    let one = time(&mut || file::write(&dir.join("one.bkreplay"), &replay).expect("written"));
    let three = time(&mut || {
        for name in ["recent", "unfinished", "record"] {
            file::write(&dir.join(format!("{name}.bkreplay")), &replay).expect("written");
        }
    });
    let replay = Arc::new(replay);
    let start = Instant::now();
    let mut playback = Playback::new(replay.clone()).expect("its level parses");
    playback.run_to_end();
    assert!(playback.divergence().is_none(), "the replay diverged");
    let game = playback.into_game();
    let resume_ms = start.elapsed().as_secs_f64() * 1e3;
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{path}, {kind}: {played:.1} s of play, {} steps in {} runs, {bytes} bytes ({:.0} bytes/minute)",
        replay.steps(),
        replay.inputs.run_count(),
        bytes as f64 / (played / 60.0)
    );
    println!("the frame's part of a save (a copy of the replay): {clone:.0} µs");
    println!("encode: {encode:.0} µs");
    println!("encode + atomic write of one file: {one:.0} µs");
    println!("a save (three files): {three:.0} µs");
    println!(
        "continue (re-simulate {} steps and take the game): {resume_ms:.1} ms, score {}",
        replay.steps(),
        game.score()
    );
}
