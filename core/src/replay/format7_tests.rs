//! Format 7: the controls' settings, the warp and stall-breaker settings, and the input track's
//! actions and picked points, written and read back exactly; older tracks read them empty.

use super::file::{decode, encode};
use super::*;
use crate::sim::controls::{ControlSettings, LaunchAngle, PaddleStyle};
use crate::sim::{Action, Actions, Input};
use std::path::Path;

const LEVEL: &str = "@name: Format 7\n1 2 3 4 5 2\n2 0 3 3 0 2\n";

/// A config with every format-7 setting away from its default.
fn config() -> GameConfig {
    GameConfig {
        seed: 7,
        controls: ControlSettings {
            paddle_style: PaddleStyle::Normal,
            ball_turbo_speed: 900.0,
            ball_turbo_auto: true,
            key_acceleration: true,
            launch_angle: LaunchAngle::Random,
            auto_return: true,
        },
        warp_percent: 30,
        stall_breaker: true,
        ..GameConfig::default()
    }
}

#[test]
fn every_new_setting_and_input_round_trips() {
    let level = Level::parse(LEVEL, "f7").unwrap();
    let mut game = Game::new(&level, config());
    let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut inputs = Vec::new();
    for (i, action) in Action::ALL.into_iter().enumerate() {
        inputs.push(Input {
            actions: Actions::of(&[action]),
            ..Input::default()
        });
        inputs.push(Input {
            pick: Some(glam::Vec2::new(10.5 + i as f32, -0.0)),
            paddle_target_x: Some(100.0),
            ..Input::default()
        });
    }
    inputs.push(Input {
        actions: Actions::of(&Action::ALL),
        pick: Some(glam::Vec2::new(f32::MIN_POSITIVE, 333.3)),
        ..Input::default()
    });
    for input in &inputs {
        game.step(input);
        rec.step(input, &game);
    }
    let replay = rec.finish(&game);
    let read = decode(&encode(&replay), Path::new("f7.bkreplay")).expect("reads back");
    assert_eq!(read.config(), config());
    assert_eq!(read.header.settings, replay.header.settings);
    for (step, input) in inputs.iter().enumerate() {
        let back = read.inputs.get(step as u64).unwrap();
        assert_eq!(back.actions, input.actions, "step {step}");
        assert_eq!(
            back.pick.map(|p| (p.x.to_bits(), p.y.to_bits())),
            input.pick.map(|p| (p.x.to_bits(), p.y.to_bits())),
            "step {step}"
        );
    }
    // Each step differs from the last: one run per step.
    assert_eq!(read.inputs.run_count(), inputs.len());
}

#[test]
fn older_settings_read_with_the_controls_as_played() {
    let before = StoredSettings::before_format_7();
    let config = before.to_config();
    assert_eq!(config.controls, ControlSettings::default());
    assert!(!config.stall_breaker);
    assert_eq!(before.validate(), Ok(()));
}

#[test]
fn bad_format_7_values_are_refused_with_the_field_named() {
    let good = StoredSettings::from_config(&config());
    assert_eq!(good.validate(), Ok(()));
    let mut bad = good.clone();
    bad.paddle_style = "wobbly".into();
    assert!(bad
        .validate()
        .unwrap_err()
        .starts_with("settings.paddle_style:"));
    let mut bad = good.clone();
    bad.launch_angle = "sideways".into();
    assert!(bad
        .validate()
        .unwrap_err()
        .starts_with("settings.launch_angle:"));
    let mut bad = good.clone();
    bad.warp_percent = 101;
    assert!(bad
        .validate()
        .unwrap_err()
        .starts_with("settings.warp_percent:"));
    let mut bad = good;
    bad.ball_turbo_speed = f32::NAN;
    assert!(bad
        .validate()
        .unwrap_err()
        .starts_with("settings.ball_turbo_speed:"));
}

/// lengths, flags, palette, picks, others, axes, actions, points.
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

fn read(raw: Raw) -> Result<InputTrack, String> {
    let bytes = postcard::to_allocvec(&raw).unwrap();
    postcard::from_bytes::<InputTrack>(&bytes).map_err(|e| e.to_string())
}

#[test]
fn actions_and_points_that_disagree_with_the_flags_are_refused() {
    let one = |flags: u8, actions: Vec<u8>, points: Vec<[u32; 2]>| -> Raw {
        (
            vec![2],
            vec![flags],
            vec![],
            vec![],
            vec![],
            vec![],
            actions,
            points,
        )
    };
    let track = read(one(32 | 64, vec![0b10_0000], vec![[0, 1]])).expect("reads");
    let input = track.get(1).unwrap();
    assert!(input.actions.contains(Action::Warp));
    assert_eq!(input.pick, Some(glam::Vec2::new(0.0, f32::from_bits(1))));
    for bad in [
        one(32, vec![], vec![]),
        one(32, vec![0x80], vec![]),
        one(64, vec![], vec![]),
        one(0, vec![1], vec![]),
        one(0, vec![], vec![[0, 0]]),
        one(128, vec![], vec![]),
    ] {
        assert!(read(bad.clone()).is_err(), "{bad:?} read");
    }
}

#[test]
fn a_format_6_track_reads_with_no_actions_and_no_points() {
    type RawV6 = (Vec<u64>, Vec<u8>, Vec<i64>, Vec<u8>, Vec<i64>, Vec<u32>);
    let raw: RawV6 = (vec![3, 2], vec![1, 8], vec![64], vec![0], vec![], vec![]);
    let bytes = postcard::to_allocvec(&raw).unwrap();
    let old = postcard::from_bytes::<super::track_old::InputTrackV6>(&bytes)
        .expect("reads")
        .0;
    assert_eq!(old.len(), 5);
    for step in 0..5 {
        let input = old.get(step).unwrap();
        assert!(input.actions.is_empty() && input.pick.is_none());
    }
    assert!(old.get(0).unwrap().left);
    assert_eq!(old.get(4).unwrap().paddle_target_x, Some(0.125));
}
