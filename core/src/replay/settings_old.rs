//! [`StoredSettings`] as older formats stored them, each read into today's with the values
//! that reproduce how those games were played (the fields they lack at their values from
//! before the fields existed).

use super::settings::StoredSettings;
use serde::Deserialize;

/// [`StoredSettings`] as format 6 stored them: without the controls, warp and stall breaker
/// (format 7), which read as they were played ([`StoredSettings::before_format_7`]: this
/// game's controls, the default warp percentage, no stall breaker). The fields in their order,
/// as postcard reads them.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct StoredSettingsV6 {
    seed: u64,
    collision: String,
    launch_speed: f32,
    infinite_lives: bool,
    good_chance: f32,
    bad_chance: f32,
    classic_seconds: [f32; 4],
    chance: Vec<(String, f32)>,
    seconds: Vec<(String, f32)>,
    speed_up_per_minute: f32,
    max_speed_factor: f32,
    aim_launch: bool,
    difficulty: String,
    start_lives: u32,
    paddle_width: f32,
    bad_powerups: bool,
    powerup_time_factor: f32,
    score_factor: f32,
    paddle_rule: String,
    sub_steps: String,
}

impl StoredSettingsV6 {
    /// The same settings with the controls as played before format 7.
    pub(crate) fn into_current(self) -> StoredSettings {
        StoredSettings {
            seed: self.seed,
            collision: self.collision,
            launch_speed: self.launch_speed,
            infinite_lives: self.infinite_lives,
            good_chance: self.good_chance,
            bad_chance: self.bad_chance,
            classic_seconds: self.classic_seconds,
            chance: self.chance,
            seconds: self.seconds,
            speed_up_per_minute: self.speed_up_per_minute,
            max_speed_factor: self.max_speed_factor,
            aim_launch: self.aim_launch,
            difficulty: self.difficulty,
            start_lives: self.start_lives,
            paddle_width: self.paddle_width,
            bad_powerups: self.bad_powerups,
            powerup_time_factor: self.powerup_time_factor,
            score_factor: self.score_factor,
            paddle_rule: self.paddle_rule,
            sub_steps: self.sub_steps,
            ..StoredSettings::before_format_7()
        }
    }
}

/// [`StoredSettings`] as format 5 stored them: without the sub-steps, which read as `on`
/// (the only way there was).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct StoredSettingsV5 {
    seed: u64,
    collision: String,
    launch_speed: f32,
    infinite_lives: bool,
    good_chance: f32,
    bad_chance: f32,
    classic_seconds: [f32; 4],
    chance: Vec<(String, f32)>,
    seconds: Vec<(String, f32)>,
    speed_up_per_minute: f32,
    max_speed_factor: f32,
    aim_launch: bool,
    difficulty: String,
    start_lives: u32,
    paddle_width: f32,
    bad_powerups: bool,
    powerup_time_factor: f32,
    score_factor: f32,
    paddle_rule: String,
}

impl StoredSettingsV5 {
    /// The same settings with sub-steps on.
    pub(crate) fn into_current(self) -> StoredSettings {
        StoredSettingsV6 {
            seed: self.seed,
            collision: self.collision,
            launch_speed: self.launch_speed,
            infinite_lives: self.infinite_lives,
            good_chance: self.good_chance,
            bad_chance: self.bad_chance,
            classic_seconds: self.classic_seconds,
            chance: self.chance,
            seconds: self.seconds,
            speed_up_per_minute: self.speed_up_per_minute,
            max_speed_factor: self.max_speed_factor,
            aim_launch: self.aim_launch,
            difficulty: self.difficulty,
            start_lives: self.start_lives,
            paddle_width: self.paddle_width,
            bad_powerups: self.bad_powerups,
            powerup_time_factor: self.powerup_time_factor,
            score_factor: self.score_factor,
            paddle_rule: self.paddle_rule,
            sub_steps: crate::sim::SubSteps::default().name().to_string(),
        }
        .into_current()
    }
}

/// [`StoredSettings`] as formats 3 and 4 stored them: without the paddle rule, which reads as
/// this game's (`PaddleRule::Game`, the only one there was).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct StoredSettingsV4 {
    seed: u64,
    collision: String,
    launch_speed: f32,
    infinite_lives: bool,
    good_chance: f32,
    bad_chance: f32,
    classic_seconds: [f32; 4],
    chance: Vec<(String, f32)>,
    seconds: Vec<(String, f32)>,
    speed_up_per_minute: f32,
    max_speed_factor: f32,
    aim_launch: bool,
    difficulty: String,
    start_lives: u32,
    paddle_width: f32,
    bad_powerups: bool,
    powerup_time_factor: f32,
    score_factor: f32,
}

impl StoredSettingsV4 {
    /// The same settings with this game's paddle rule.
    pub(crate) fn into_current(self) -> StoredSettings {
        StoredSettingsV5 {
            seed: self.seed,
            collision: self.collision,
            launch_speed: self.launch_speed,
            infinite_lives: self.infinite_lives,
            good_chance: self.good_chance,
            bad_chance: self.bad_chance,
            classic_seconds: self.classic_seconds,
            chance: self.chance,
            seconds: self.seconds,
            speed_up_per_minute: self.speed_up_per_minute,
            max_speed_factor: self.max_speed_factor,
            aim_launch: self.aim_launch,
            difficulty: self.difficulty,
            start_lives: self.start_lives,
            paddle_width: self.paddle_width,
            bad_powerups: self.bad_powerups,
            powerup_time_factor: self.powerup_time_factor,
            score_factor: self.score_factor,
            paddle_rule: crate::sim::PaddleRule::default().name().to_string(),
        }
        .into_current()
    }
}

/// [`StoredSettings`] as formats 1 and 2 stored them: without the difficulty's fields, which
/// read as Normal's (the only difficulty there was).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct StoredSettingsV2 {
    seed: u64,
    collision: String,
    launch_speed: f32,
    infinite_lives: bool,
    good_chance: f32,
    bad_chance: f32,
    classic_seconds: [f32; 4],
    chance: Vec<(String, f32)>,
    seconds: Vec<(String, f32)>,
    speed_up_per_minute: f32,
    max_speed_factor: f32,
    aim_launch: bool,
}

impl StoredSettingsV2 {
    /// The same settings at Normal.
    pub(crate) fn into_current(self) -> StoredSettings {
        StoredSettings {
            seed: self.seed,
            collision: self.collision,
            launch_speed: self.launch_speed,
            infinite_lives: self.infinite_lives,
            good_chance: self.good_chance,
            bad_chance: self.bad_chance,
            classic_seconds: self.classic_seconds,
            chance: self.chance,
            seconds: self.seconds,
            speed_up_per_minute: self.speed_up_per_minute,
            max_speed_factor: self.max_speed_factor,
            aim_launch: self.aim_launch,
            ..StoredSettings::before_format_7()
        }
    }
}
