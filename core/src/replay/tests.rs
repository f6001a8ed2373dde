use super::file::{decode, encode, FORMAT_VERSION};
use super::*;
use crate::sim::{Bot, Input};
use proptest::prelude::*;
use std::path::Path;
use std::sync::Arc;

const LEVEL: &str = "@name: Replay test\n1 2 3 4 5 2\n2 0 3 3 0 2\n4 4 1 1 4 4\n";
const RELOADED: &str = "2 2 2 2\n3 0 0 3\n";

fn level() -> Level {
    Level::parse(LEVEL, "replay-test").expect("valid level")
}

/// One live step's doing, for the property tests.
#[derive(Clone, Debug)]
enum Act {
    Step(Input),
    Mode(usize),
    PowerUp(usize),
    Reload,
}

fn any_input() -> impl Strategy<Value = Input> {
    (
        any::<bool>(),
        any::<bool>(),
        prop::bool::weighted(0.05),
        prop::option::of(prop_oneof![
            (0u32..800 * 256).prop_map(|q| q as f32 / 256.0),
            (0.0f32..800.0),
        ]),
        prop_oneof![3 => Just(0.0f32), 1 => -1.0f32..1.0],
        prop_oneof![3 => Just(0u8), 1 => 0u8..64],
        prop::option::weighted(0.05, (0.0f32..800.0, 0.0f32..600.0)),
    )
        .prop_map(
            |(left, right, launch, paddle_target_x, paddle_axis, actions, pick)| Input {
                left,
                right,
                launch,
                paddle_target_x,
                paddle_axis,
                actions: crate::sim::Actions::from_bits(actions).expect("six actions' bits"),
                pick: pick.map(|(x, y)| glam::Vec2::new(x, y)),
            },
        )
}

/// Inputs held for a while (as people play), and now and then a change.
fn any_acts() -> impl Strategy<Value = Vec<Act>> {
    prop::collection::vec(
        prop_oneof![
            20 => (any_input(), 1usize..200).prop_map(|(i, n)| vec![Act::Step(i); n]),
            1 => (0..CollisionMode::ALL.len()).prop_map(|m| vec![Act::Mode(m)]),
            1 => (0..PowerUpKind::ALL.len()).prop_map(|k| vec![Act::PowerUp(k)]),
            1 => Just(vec![Act::Reload]),
        ],
        1..40,
    )
    .prop_map(|v| v.into_iter().flatten().collect())
}

/// Plays `acts` live, recording; returns the replay and the live hash after every step.
fn record(acts: &[Act], seed: u64) -> (Replay, Vec<u64>) {
    let level = level();
    let config = GameConfig {
        seed,
        ..GameConfig::default()
    };
    let mut game = Game::continuing(&level, config, 120, 2);
    let mut rec = Recorder::new(&game, &level, Origin::default(), 120, 2, 0);
    let mut hashes = Vec::new();
    for act in acts {
        match act {
            Act::Step(input) => {
                game.step(input);
                rec.step(input, &game);
                hashes.push(game.state_hash());
            }
            Act::Mode(m) => {
                let mode = CollisionMode::ALL[*m];
                game.set_collision_mode(mode);
                rec.change(ChangeKind::Collision(mode.name().into()));
            }
            Act::PowerUp(k) => {
                let kind = PowerUpKind::ALL[*k];
                game.collect_powerup(kind);
                rec.change(ChangeKind::PowerUp(kind.name().into()));
            }
            Act::Reload => {
                let new = Level::parse(RELOADED, "reloaded").unwrap();
                game.replace_level(&new);
                rec.change(ChangeKind::reload(&new));
            }
        }
    }
    (rec.finish(&game), hashes)
}

/// A short recorded game of the bot.
fn bot_replay(steps: usize) -> Replay {
    let level = level();
    let mut game = Game::new(&level, GameConfig::default());
    let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut bot = Bot::new(0, 0.1);
    for _ in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        rec.step(&input, &game);
    }
    rec.finish(&game)
}

fn roundtrip(replay: &Replay) -> Replay {
    decode(&encode(replay), Path::new("t.bkreplay")).expect("reads back")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Recorded, written, read and played again: the same state hash after every step, no
    /// divergence, and the stored end.
    #[test]
    fn a_recorded_game_replays_with_the_same_hash_at_every_step(
        acts in any_acts(),
        seed in any::<u64>(),
    ) {
        let (replay, live) = record(&acts, seed);
        let read = roundtrip(&replay);
        prop_assert_eq!(&read, &replay);
        let mut playback = Playback::new(Arc::new(read)).unwrap();
        for (i, &hash) in live.iter().enumerate() {
            prop_assert!(playback.step());
            prop_assert_eq!(playback.game().state_hash(), hash, "step {}", i + 1);
        }
        prop_assert!(!playback.step());
        playback.run_to_end();
        prop_assert_eq!(playback.divergence(), None);
        prop_assert_eq!(replay.hashes.len() as u64, live.len() as u64 / HASH_INTERVAL);
    }

    /// The track gives back every step's input bit for bit, after a trip through the file's
    /// encoding, and from any step on.
    #[test]
    fn the_input_track_keeps_every_input_exactly(
        runs in prop::collection::vec((any_input(), 1u64..50), 0..60),
        from in 0u64..3000,
    ) {
        let mut track = InputTrack::new();
        let mut flat = Vec::new();
        for (input, n) in &runs {
            for _ in 0..*n {
                track.push(input);
                flat.push(*input);
            }
        }
        let bytes = postcard::to_allocvec(&track).unwrap();
        let read: InputTrack = postcard::from_bytes(&bytes).unwrap();
        prop_assert_eq!(read.len(), flat.len() as u64);
        let same = |a: &Input, b: &Input| format!("{a:?}{:?}", a.paddle_axis.to_bits())
            == format!("{b:?}{:?}", b.paddle_axis.to_bits());
        for (i, input) in flat.iter().enumerate() {
            prop_assert!(same(&read.get(i as u64).unwrap(), input), "step {}", i);
        }
        prop_assert!(read.get(flat.len() as u64).is_none());
        let tail: Vec<Input> = read.iter_from(from).collect();
        prop_assert_eq!(tail.len(), flat.len().saturating_sub(from as usize));
        for (a, b) in tail.iter().zip(flat.iter().skip(from as usize)) {
            prop_assert!(same(a, b));
        }
        let mut cut = read.clone();
        cut.truncate(from);
        prop_assert_eq!(cut.len(), from.min(flat.len() as u64));
        prop_assert_eq!(cut.iter_from(0).count() as u64, cut.len());
    }

    /// The recorder's track (inputs buffered, folded into runs every 240 steps and whenever
    /// the replay is asked for) is the track of pushing each step's input, wherever the
    /// replay is asked for, and its hashes are those of every 240th step.
    #[test]
    fn the_recorders_track_is_the_track_of_every_input_pushed(
        runs in prop::collection::vec((any_input(), 1u64..300), 0..40),
        asks in prop::collection::vec(0u64..4000, 0..6),
    ) {
        let level = level();
        let mut game = Game::new(&level, GameConfig::default());
        let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
        let mut track = InputTrack::new();
        let mut hashes = Vec::new();
        let mut step = 0u64;
        for (input, n) in &runs {
            for _ in 0..*n {
                game.step(input);
                rec.step(input, &game);
                track.push(input);
                step += 1;
                if step.is_multiple_of(HASH_INTERVAL) {
                    hashes.push(game.state_hash());
                }
                if asks.contains(&step) {
                    prop_assert_eq!(&rec.replay().inputs, &track, "asked at step {}", step);
                }
                prop_assert_eq!(rec.steps(), step);
            }
        }
        let replay = rec.finish(&game);
        prop_assert_eq!(&replay.inputs, &track);
        prop_assert_eq!(&replay.hashes, &hashes);
    }

    /// Seeking anywhere, forwards or back, gives the game of playing straight to that step.
    #[test]
    fn seeking_gives_the_game_of_playing_straight_there(
        targets in prop::collection::vec(0u64..1500, 1..8),
        budget_frames in 2usize..20,
    ) {
        let replay = Arc::new(bot_replay(1400));
        let start = Playback::new(replay.clone()).unwrap();
        let mut keyframes = Keyframes::new(&start, 1);
        let per = keyframes.bytes();
        keyframes = Keyframes::new(&start, per * budget_frames);
        let mut playback = start.clone();
        for target in targets {
            keyframes.seek(&mut playback, target);
            let mut straight = start.clone();
            straight.advance(target);
            prop_assert_eq!(playback.at(), straight.at());
            prop_assert_eq!(playback.game().state_hash(), straight.game().state_hash());
            prop_assert!(keyframes.bytes() <= per * budget_frames.max(2));
        }
    }
}

#[test]
fn a_changed_hash_is_a_divergence_at_its_step() {
    let mut replay = bot_replay(1000);
    assert_eq!(replay.hashes.len(), 4);
    replay.hashes[2] ^= 1;
    let mut playback = Playback::new(Arc::new(roundtrip(&replay))).unwrap();
    playback.run_to_end();
    let d = playback.divergence().expect("diverged");
    assert_eq!(d.step, 3 * HASH_INTERVAL);
    assert_eq!(d.expected, replay.hashes[2]);
    assert_eq!(d.found, replay.hashes[2] ^ 1);
}

#[test]
fn a_changed_end_is_a_divergence_at_the_last_step() {
    let mut replay = bot_replay(300);
    replay.end.as_mut().unwrap().hash ^= 1 << 40;
    let mut playback = Playback::new(Arc::new(replay)).unwrap();
    playback.run_to_end();
    assert_eq!(playback.divergence().map(|d| d.step), Some(300));
}

#[test]
fn every_flipped_byte_and_every_truncation_is_an_error_not_a_panic() {
    let bytes = encode(&bot_replay(500));
    for i in 0..bytes.len() {
        for bit in [0x01, 0x80] {
            let mut bad = bytes.clone();
            bad[i] ^= bit;
            assert!(
                decode(&bad, Path::new("x")).is_err(),
                "byte {i} flipped by {bit:#x} read as a replay"
            );
        }
    }
    for len in 0..bytes.len() {
        let err = decode(&bytes[..len], Path::new("cut.bkreplay")).unwrap_err();
        assert!(err.to_string().starts_with("cut.bkreplay: "), "{err}");
    }
}

#[test]
fn a_newer_format_is_refused_by_its_number() {
    let mut bytes = encode(&bot_replay(10));
    bytes[8..10].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    let err = decode(&bytes, Path::new("new.bkreplay"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("format {}", FORMAT_VERSION + 1)) && err.contains("newer"),
        "{err}"
    );
}

#[test]
fn a_format_number_far_past_this_one_reads_as_damage_or_newer() {
    // Random bytes after an intact magic (play-test H20): format 48498 is no real next format.
    let mut bytes = encode(&bot_replay(10));
    bytes[8..10].copy_from_slice(&48498u16.to_le_bytes());
    let err = decode(&bytes, Path::new("noise.bkreplay"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "noise.bkreplay: not a replay this version can read (format 48498: damaged, or from a \
         newer breakout)"
    );
    // The last number still believed is the precise "newer" message.
    let last = FORMAT_VERSION + super::file::NEWER_FORMATS_BELIEVED;
    bytes[8..10].copy_from_slice(&last.to_le_bytes());
    let err = decode(&bytes, Path::new("new.bkreplay"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("was written by a newer breakout"), "{err}");
}

#[test]
fn a_body_with_a_good_checksum_but_bad_contents_names_what_is_wrong() {
    let mut replay = bot_replay(10);
    replay.changes.push(Change {
        step: 99,
        kind: ChangeKind::Collision("clamp".into()),
    });
    let err = decode(&encode(&replay), Path::new("r"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("changes[0]: step 99"), "{err}");
    let mut replay = bot_replay(10);
    replay.header.level_text = "1 2 @@\n".into();
    let err = decode(&encode(&replay), Path::new("r"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("level text"), "{err}");
    let mut replay = bot_replay(10);
    replay.header.settings.launch_speed = f32::NAN;
    let err = decode(&encode(&replay), Path::new("r"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("settings.launch_speed"), "{err}");
    let not = b"BKREPLAX\x01\x00\x00\x00\x00\x00";
    let err = decode(not, Path::new("r")).unwrap_err().to_string();
    assert!(err.contains("not a replay"), "{err}");
    assert!(decode(&[], Path::new("r"))
        .unwrap_err()
        .to_string()
        .contains("empty"));
}

/// A replay recorded by a later version, with a model this one lacks: at the start or switched
/// to with C. It is refused with that reason (and the models this version has), not played in
/// another model.
#[test]
fn a_replay_with_a_model_this_version_lacks_says_so() {
    let lacking = "quantum-foam";
    assert!(CollisionMode::from_name(lacking).is_none());
    let mut replay = bot_replay(10);
    replay.header.settings.collision = lacking.into();
    let err = decode(&encode(&replay), Path::new("later.bkreplay"))
        .unwrap_err()
        .to_string();
    let said = format!("recorded with collision model \"{lacking}\", which this version lacks");
    assert!(
        err.starts_with("later.bkreplay: ") && err.contains(&said),
        "{err}"
    );
    for mode in CollisionMode::ALL {
        assert!(err.contains(mode.name()), "{err} should list {mode}");
    }
    let mut replay = bot_replay(10);
    replay.changes.push(Change {
        step: 5,
        kind: ChangeKind::Collision(lacking.into()),
    });
    let err = decode(&encode(&replay), Path::new("r"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("changes[0]: at step 5: switched to collision model \"quantum-foam\", which this version lacks"),
        "{err}"
    );
    // Every model this version has is read back.
    for mode in CollisionMode::ALL {
        let mut replay = bot_replay(10);
        replay.header.settings.collision = mode.name().into();
        assert_eq!(
            roundtrip(&replay).header.settings.to_config().collision,
            mode
        );
    }
}

#[test]
fn a_replay_of_more_than_seven_days_of_steps_is_refused() {
    let mut replay = bot_replay(10);
    replay.end = None;
    let room = super::MAX_STEPS - replay.steps();
    replay.inputs.push_run(&Input::default(), room);
    assert!(decode(&encode(&replay), Path::new("r")).is_ok());
    replay.inputs.push_run(&Input::default(), 1);
    let err = decode(&encode(&replay), Path::new("r"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("145152001 steps"), "{err}");
}

#[test]
fn the_stored_settings_give_back_the_configuration() {
    let mut config = GameConfig {
        seed: 99,
        collision: CollisionMode::Swept,
        launch_speed: 700.0,
        infinite_lives: true,
        ..GameConfig::default()
    };
    config.powerups.good_chance = 0.5;
    config.powerups.chance.0[PowerUpKind::Frozen as usize] = Some(0.25);
    config.powerups.seconds.0[PowerUpKind::Sticky as usize] = Some(3.0);
    config.pace.aim_launch = false;
    config.pace.speed_up_per_minute = 0.0;
    let stored = StoredSettings::from_config(&config);
    assert_eq!(stored.to_config(), config);
    assert_eq!(stored.validate(), Ok(()));
    assert_eq!(
        StoredSettings::from_config(&GameConfig::default()).to_config(),
        GameConfig::default()
    );
}

/// Taken over at a step: the replay cut there and recorded on from the live game plays back to
/// the live game's state, marked as taken over there, without the changes recorded at or after
/// that step and with the hashes before it.
#[test]
fn a_game_taken_over_at_a_step_records_on_from_there() {
    let held = |input: Input, n| vec![Act::Step(input); n];
    let launch = Input {
        launch: true,
        ..Input::default()
    };
    let right = Input {
        right: true,
        ..Input::default()
    };
    let mut acts = held(launch, 300);
    acts.push(Act::Mode(1));
    acts.extend(held(right, 300));
    acts.push(Act::Mode(2));
    acts.extend(held(Input::default(), 300));
    let (replay, _) = record(&acts, 7);
    assert_eq!(replay.changes.len(), 2);
    let mut playback = Playback::new(Arc::new(replay.clone())).unwrap();
    playback.advance(600);
    let mut game = playback.into_game();
    let mut rec = Recorder::taken_over(&replay, 600);
    let left = Input {
        left: true,
        ..Input::default()
    };
    for _ in 0..250 {
        game.step(&left);
        rec.step(&left, &game);
    }
    let taken = rec.finish(&game);
    assert_eq!(taken.steps(), 850);
    assert_eq!(taken.header.taken_over_at, Some(600));
    assert_eq!(
        taken.changes,
        replay.changes[..1],
        "the switch at 600 dropped"
    );
    assert_eq!(taken.hashes.len(), 3);
    assert_eq!(taken.hashes[..2], replay.hashes[..2]);
    let mut again = Playback::new(Arc::new(roundtrip(&taken))).unwrap();
    again.run_to_end();
    assert_eq!(again.divergence(), None);
    assert_eq!(again.game().state_hash(), game.state_hash());
    assert_eq!(replay.truncated(10_000).steps(), replay.steps());
    assert_eq!(replay.level_at(600).unwrap().name, level().name);
}

#[test]
fn targets_of_any_bits_come_back_exactly() {
    let specials = [
        0.0f32,
        -0.0,
        f32::NAN,
        f32::from_bits(0x7fc0_1234),
        f32::from_bits(0xffff_ffff),
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN_POSITIVE / 3.0,
        f32::MAX,
        -f32::MAX,
        399.5,
        400.123,
        1e-30,
    ];
    let mut track = InputTrack::new();
    for (i, &x) in specials.iter().chain(specials.iter().rev()).enumerate() {
        track.push(&Input {
            paddle_target_x: Some(x),
            launch: i % 2 == 0,
            ..Input::default()
        });
    }
    let read: InputTrack = postcard::from_bytes(&postcard::to_allocvec(&track).unwrap()).unwrap();
    for step in 0..track.len() {
        let (a, b) = (track.get(step).unwrap(), read.get(step).unwrap());
        assert_eq!(
            a.paddle_target_x.map(f32::to_bits),
            b.paddle_target_x.map(f32::to_bits),
            "step {step}"
        );
    }
}

#[test]
fn close_targets_that_are_not_whole_256ths_are_stored_in_few_bytes() {
    // The bot's paddle target: a different float nearly every step, each close to the last.
    let mut track = InputTrack::new();
    let mut x = 400.0f32;
    for i in 0..2400 {
        x += 0.37 + (i % 7) as f32 * 0.013;
        track.push(&Input {
            paddle_target_x: Some(x),
            ..Input::default()
        });
    }
    assert_eq!(track.run_count(), 2400);
    let bytes = postcard::to_allocvec(&track).unwrap().len();
    // Raw bits take 5 bytes a target (plus a length and a flags byte); deltas of the bits 3.
    assert!(bytes < 2400 * 6, "{bytes} bytes for 2400 targets");
}

/// Found while fuzzing the reader (a crafted body given to the `replay_body` fuzz target, whose
/// build checks overflow): a replay whose run started at a score near `u32::MAX` made the first
/// destroyed brick overflow the score (a panic where overflow is checked, a wrap to a few points
/// elsewhere). The score now stops at `u32::MAX`.
#[test]
fn a_replay_starting_at_the_highest_score_plays_and_keeps_it() {
    let mut replay = bot_replay(1500);
    replay.header.start_score = u32::MAX - 5;
    replay.hashes.clear();
    replay.end = None;
    let read = roundtrip(&replay);
    let mut playback = Playback::new(Arc::new(read)).unwrap();
    playback.run_to_end();
    assert!(
        playback.game().stats().bricks_destroyed > 0,
        "no brick was hit"
    );
    assert_eq!(playback.game().score(), u32::MAX);
}

/// Format 3's target palette: a pick past the palette, a pick wanting a code the others do not
/// hold, codes left over, are errors naming the target, never a panic or a misread.
#[test]
fn a_track_whose_picks_disagree_with_its_palette_is_refused() {
    // lengths, flags (one run with a target), palette, picks, others, axes, actions, points.
    type Raw = (
        Vec<u64>,
        Vec<u8>,
        Vec<i64>,
        Vec<u8>,
        Vec<i64>,
        Vec<u32>,
        Vec<u8>,
        Vec<[u32; 2]>,
    );
    let read = |raw: Raw| {
        let bytes = postcard::to_allocvec(&raw).unwrap();
        postcard::from_bytes::<InputTrack>(&bytes).map_err(|e| e.to_string())
    };
    let good: Raw = (
        vec![3],
        vec![8],
        vec![64],
        vec![0],
        vec![],
        vec![],
        vec![],
        vec![],
    );
    let track = read(good).expect("reads");
    assert_eq!(track.get(2).unwrap().paddle_target_x, Some(0.125));
    let other: Raw = (
        vec![3],
        vec![8],
        vec![],
        vec![255],
        vec![64],
        vec![],
        vec![],
        vec![],
    );
    assert_eq!(read(other).unwrap(), track);
    for bad in [
        (
            vec![3],
            vec![8],
            vec![64],
            vec![1],
            vec![],
            vec![],
            vec![],
            vec![],
        ),
        (
            vec![3],
            vec![8],
            vec![64],
            vec![255],
            vec![],
            vec![],
            vec![],
            vec![],
        ),
        (
            vec![3],
            vec![8],
            vec![64],
            vec![0],
            vec![2],
            vec![],
            vec![],
            vec![],
        ),
        (
            vec![3],
            vec![8],
            vec![64],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
        ),
    ] {
        assert!(read(bad.clone()).is_err(), "{bad:?} read");
    }
}

/// Every difficulty's values are stored (format 3) and come back: the replay's configuration is
/// the game's, and it plays back without diverging.
#[test]
fn each_difficulty_is_stored_and_its_game_plays_back() {
    let level = level();
    for difficulty in crate::sim::Difficulty::ALL {
        let config = difficulty.apply(GameConfig::default());
        let mut game = Game::new(&level, config);
        let lives = game.lives();
        let mut rec = Recorder::new(&game, &level, Origin::default(), 0, lives, 0);
        let mut bot = Bot::new(3, 0.1);
        for _ in 0..2000 {
            let input = bot.input(&game);
            game.step(&input);
            rec.step(&input, &game);
        }
        let replay = roundtrip(&rec.finish(&game));
        assert_eq!(replay.config(), config, "{difficulty}");
        assert_eq!(replay.header.settings.difficulty, difficulty.name());
        let mut playback = Playback::new(Arc::new(replay)).unwrap();
        playback.run_to_end();
        assert_eq!(playback.divergence(), None, "{difficulty}");
        assert_eq!(playback.game().state_hash(), game.state_hash());
    }
}

/// A fixture of `tests/replays/`, read, with the format its bytes 8–9 say.
fn old_fixture(name: &str) -> (Replay, u16) {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/replays")
        .join(name);
    let bytes = std::fs::read(&path).unwrap();
    let format = u16::from_le_bytes([bytes[8], bytes[9]]);
    (decode(&bytes, &path).unwrap(), format)
}

/// A format-2 file (written before difficulties and before the portable math) still reads, at
/// Normal, recorded with the platform's math; it plays to its end.
#[test]
fn a_format_2_replay_reads_as_normal_with_the_platforms_math() {
    let (replay, format) = old_fixture("format_2_multiball_chain.bkreplay");
    assert_eq!(format, 2, "the fixture is format 2");
    let config = replay.config();
    assert_eq!(config.difficulty, crate::sim::Difficulty::Normal);
    assert_eq!(
        (config.start_lives, config.paddle_width, config.score_factor),
        (3, 100.0, 1.0)
    );
    assert_eq!(replay.header.math, Math::Platform);
    let steps = replay.steps();
    let mut playback = Playback::new(Arc::new(replay)).unwrap();
    playback.run_to_end();
    assert_eq!(playback.at(), steps);
}

/// A format-3 file reads as the platform's math (and this game's paddle rule); this version
/// writes format 7, portable.
#[test]
fn a_format_3_replay_reads_with_the_platforms_math_and_the_writer_writes_portable() {
    let (replay, format) = old_fixture("format_3_bot.bkreplay");
    assert_eq!(format, 3, "the fixture is format 3");
    assert_eq!(replay.header.math, Math::Platform);
    assert!(Math::Platform.divergence_note().is_some());
    assert_eq!(Math::Portable.divergence_note(), None);
    let mut rec = Recorder::new(
        &Game::new(&level(), GameConfig::default()),
        &level(),
        Origin::default(),
        0,
        3,
        0,
    );
    let game = Game::new(&level(), GameConfig::default());
    rec.step(&Input::default(), &game);
    let written = encode(&rec.finish(&game));
    assert_eq!(u16::from_le_bytes([written[8], written[9]]), FORMAT_VERSION);
    assert_eq!(FORMAT_VERSION, 7);
    assert_eq!(replay.config().paddle_rule, crate::sim::PaddleRule::Game);
    let read = decode(&written, Path::new("new.bkreplay")).unwrap();
    assert_eq!(read.header.math, Math::Portable);
}

/// An old replay taken over (or resumed) is rehashed with this version's math: the file the
/// recorder goes on with verifies from its first step, and it says it is portable.
#[test]
fn an_old_replay_resumed_is_rehashed_and_verifies() {
    let (replay, _) = old_fixture("format_3_bot.bkreplay");
    let steps = replay.steps();
    assert!(
        steps > 3 * HASH_INTERVAL,
        "the fixture holds hashes to recompute"
    );
    let mut playback = Playback::new(Arc::new(replay.clone())).unwrap();
    playback.run_to_end();
    let mut game = playback.into_game();
    let mut rec = Recorder::resume(replay);
    for _ in 0..HASH_INTERVAL {
        game.step(&Input::default());
        rec.step(&Input::default(), &game);
    }
    let resumed = roundtrip(&rec.finish(&game));
    assert_eq!(resumed.header.math, Math::Portable);
    assert_eq!(resumed.steps(), steps + HASH_INTERVAL);
    assert_eq!(resumed.hashes.len() as u64, resumed.steps() / HASH_INTERVAL);
    let mut again = Playback::new(Arc::new(resumed)).unwrap();
    again.run_to_end();
    assert_eq!(again.divergence(), None);
    assert_eq!(again.game().state_hash(), game.state_hash());
}

/// A format-3 replay is checked against the hash it stored, the legacy one: the bot's game of
/// `format_3_bot.bkreplay` plays as it was recorded for more than its first stored hash (the
/// first launch's and bounces' `sin`, `cos` and `atan2` happen to agree between glibc and the
/// `libm` crate there), then parts, and its divergence is found where the legacy hashes stop
/// matching, not at the first one. With the new hash it would part at the first.
#[test]
fn a_platform_replay_is_checked_against_its_legacy_hashes_as_far_as_they_match() {
    let (replay, _) = old_fixture("format_3_bot.bkreplay");
    let first = replay.hashes[0];
    let mut playback = Playback::new(Arc::new(replay.clone())).unwrap();
    playback.advance(HASH_INTERVAL);
    assert_eq!(playback.game().legacy_state_hash(), first);
    assert_ne!(playback.game().state_hash(), first);
    playback.run_to_end();
    let diverged = playback.divergence().map(|d| d.step);
    assert!(
        diverged.is_none_or(|step| step > HASH_INTERVAL),
        "{diverged:?}"
    );
}

/// A game played with sub-steps off and a fast ball is recorded, written, read back with
/// `off`, and plays again to the same hashes; the same input with sub-steps on is another
/// game.
#[test]
fn an_off_replay_records_reads_back_and_verifies() {
    let level = Level::parse("2 3 2 3 2\n1 0 2 0 1\n2 2 2 2 2\n", "sub-steps").unwrap();
    let config = GameConfig {
        seed: 4,
        launch_speed: 9_000.0,
        infinite_lives: true,
        ..GameConfig::default()
    }
    .with_sub_steps(crate::sim::SubSteps::Off);
    let mut game = Game::new(&level, config);
    let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut bot = Bot::new(4, 0.0);
    for _ in 0..1500 {
        let input = bot.input(&game);
        game.step(&input);
        rec.step(&input, &game);
    }
    let replay = rec.finish(&game);
    assert_eq!(replay.header.settings.sub_steps, "off");
    let read = decode(&encode(&replay), Path::new("off.bkreplay")).unwrap();
    assert_eq!(read.config().sub_steps, crate::sim::SubSteps::Off);
    assert_eq!(read.config(), config);
    let mut playback = Playback::new(Arc::new(read.clone())).unwrap();
    playback.run_to_end();
    assert_eq!(playback.divergence(), None);
    assert_eq!(playback.game().state_hash(), game.state_hash());
    // The same file with sub-steps on: another game, found diverged.
    let mut on = read;
    on.header.settings.sub_steps = "on".into();
    let mut playback = Playback::new(Arc::new(on)).unwrap();
    playback.run_to_end();
    assert!(playback.divergence().is_some());
}
