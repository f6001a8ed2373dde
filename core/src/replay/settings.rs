//! [`StoredSettings`]: a replay's copy of [`GameConfig`], written out field by field so the file
//! format does not follow the serde attributes the state hash needs (`GameConfig` leaves fields
//! out of its serialisation when they are off, which a compact format cannot read back).

use crate::collision::CollisionMode;
use crate::level::PowerUpKind;
use crate::sim::powerups::PerKind;
use crate::sim::{
    ControlSettings, Difficulty, GameConfig, LaunchAngle, PaceSettings, PaddleRule, PaddleStyle,
    PowerUpSettings, SubSteps,
};
use serde::{Deserialize, Serialize};

/// Every setting of [`GameConfig`], as stored in a replay. Names, not enum indices, for the
/// collision mode and power-ups, so a reordered enum reads old files the same.
///
/// [`StoredSettings::from_config`] destructures `GameConfig` without `..`: a field added to it is
/// a compile error here until the replay stores it (and the format version is raised).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSettings {
    /// The game's seed.
    pub seed: u64,
    /// The collision mode at the start, by name ([`crate::collision::CollisionMode::name`]).
    pub collision: String,
    /// Ball speed at launch, pixels/second.
    pub launch_speed: f32,
    /// A lost ball costs no life.
    pub infinite_lives: bool,
    /// `[powerups]` good chance per destroyed brick, 0–1.
    pub good_chance: f32,
    /// `[powerups]` bad chance per destroyed brick, 0–1.
    pub bad_chance: f32,
    /// Sticky, pass-through, confuse and chaos durations, seconds.
    pub classic_seconds: [f32; 4],
    /// `[powerups.chance]`: (power-up name, chance) in table order.
    pub chance: Vec<(String, f32)>,
    /// `[powerups.seconds]`: (power-up name, seconds) in table order.
    pub seconds: Vec<(String, f32)>,
    /// `[ball]` speed-up per minute, a fraction of the launch speed.
    pub speed_up_per_minute: f32,
    /// `[ball]` fastest speed-up, a multiple of the launch speed.
    pub max_speed_factor: f32,
    /// `[ball]` aimed launch.
    pub aim_launch: bool,
    /// The difficulty, by name ([`Difficulty::name`]); format 3 on, "normal" for older files.
    pub difficulty: String,
    /// Lives at the start of a game.
    pub start_lives: u32,
    /// The paddle's width without power-ups, pixels.
    pub paddle_width: f32,
    /// Whether bad power-ups fall.
    pub bad_powerups: bool,
    /// Factor on timed power-ups' durations.
    pub powerup_time_factor: f32,
    /// Factor on points scored.
    pub score_factor: f32,
    /// The paddle rule, by name ([`PaddleRule::name`]); format 5 on, "game" for older files.
    pub paddle_rule: String,
    /// Sub-steps, by name ([`SubSteps::name`]: `on` or `off`); format 6 on, "on" for older
    /// files.
    pub sub_steps: String,
    /// The paddle style, by name ([`PaddleStyle::name`]); format 7 on, "convex" for older files.
    pub paddle_style: String,
    /// The ball turbo's speed, pixels/second; format 7 on.
    pub ball_turbo_speed: f32,
    /// Ball turbo *Auto*; format 7 on, off for older files.
    pub ball_turbo_auto: bool,
    /// Key acceleration; format 7 on, off for older files.
    pub key_acceleration: bool,
    /// The launch angle rule, by name ([`LaunchAngle::name`]); format 7 on, "motion" for older
    /// files.
    pub launch_angle: String,
    /// Auto-return of idle balls; format 7 on, off for older files.
    pub auto_return: bool,
    /// Warp percentage, 0–100; format 7 on, the default for older files (they hold no warp).
    pub warp_percent: u8,
    /// The stall breaker; format 7 on, off for older files.
    pub stall_breaker: bool,
}

impl StoredSettings {
    /// The settings of `config`.
    pub fn from_config(config: &GameConfig) -> StoredSettings {
        let GameConfig {
            seed,
            collision,
            launch_speed,
            infinite_lives,
            powerups,
            pace,
            difficulty,
            start_lives,
            paddle_width,
            bad_powerups,
            powerup_time_factor,
            score_factor,
            paddle_rule,
            sub_steps,
            controls,
            warp_percent,
            stall_breaker,
        } = *config;
        let ControlSettings {
            paddle_style,
            ball_turbo_speed,
            ball_turbo_auto,
            key_acceleration,
            launch_angle,
            auto_return,
        } = controls;
        let PowerUpSettings {
            good_chance,
            bad_chance,
            sticky_seconds,
            pass_through_seconds,
            confuse_seconds,
            chaos_seconds,
            chance,
            seconds,
        } = powerups;
        let PaceSettings {
            speed_up_per_minute,
            max_speed_factor,
            aim_launch,
        } = pace;
        let named = |per: &PerKind| {
            per.iter()
                .map(|(kind, value)| (kind.name().to_string(), value))
                .collect()
        };
        StoredSettings {
            seed,
            collision: collision.name().to_string(),
            launch_speed,
            infinite_lives,
            good_chance,
            bad_chance,
            classic_seconds: [
                sticky_seconds,
                pass_through_seconds,
                confuse_seconds,
                chaos_seconds,
            ],
            chance: named(&chance),
            seconds: named(&seconds),
            speed_up_per_minute,
            max_speed_factor,
            aim_launch,
            difficulty: difficulty.name().to_string(),
            start_lives,
            paddle_width,
            bad_powerups,
            powerup_time_factor,
            score_factor,
            paddle_rule: paddle_rule.name().to_string(),
            sub_steps: sub_steps.name().to_string(),
            paddle_style: paddle_style.name().to_string(),
            ball_turbo_speed,
            ball_turbo_auto,
            key_acceleration,
            launch_angle: launch_angle.name().to_string(),
            auto_return,
            warp_percent,
            stall_breaker,
        }
    }

    /// The settings a file older than format 7 lacks, at the values its game was played with:
    /// this game's controls, the default warp percentage (unused: no warp action was
    /// recorded), no stall breaker; the rest as [`GameConfig::default`].
    pub(crate) fn before_format_7() -> StoredSettings {
        StoredSettings::from_config(&GameConfig {
            controls: ControlSettings::default(),
            warp_percent: crate::sim::controls::WARP_PERCENT,
            stall_breaker: false,
            ..GameConfig::default()
        })
    }

    /// The game configuration these settings give. Unknown names (refused by
    /// [`StoredSettings::validate`]) fall back to the default mode or are left out.
    pub fn to_config(&self) -> GameConfig {
        let per_kind = |list: &[(String, f32)]| {
            let mut out = PerKind::default();
            for (name, value) in list {
                if let Some(kind) = PowerUpKind::from_name(name) {
                    out.0[kind as usize] = Some(*value);
                }
            }
            out
        };
        let [sticky_seconds, pass_through_seconds, confuse_seconds, chaos_seconds] =
            self.classic_seconds;
        GameConfig {
            seed: self.seed,
            collision: CollisionMode::from_name(&self.collision).unwrap_or_default(),
            launch_speed: self.launch_speed,
            infinite_lives: self.infinite_lives,
            powerups: PowerUpSettings {
                good_chance: self.good_chance,
                bad_chance: self.bad_chance,
                sticky_seconds,
                pass_through_seconds,
                confuse_seconds,
                chaos_seconds,
                chance: per_kind(&self.chance),
                seconds: per_kind(&self.seconds),
            },
            pace: PaceSettings {
                speed_up_per_minute: self.speed_up_per_minute,
                max_speed_factor: self.max_speed_factor,
                aim_launch: self.aim_launch,
            },
            difficulty: Difficulty::from_name(&self.difficulty).unwrap_or_default(),
            start_lives: self.start_lives,
            paddle_width: self.paddle_width,
            bad_powerups: self.bad_powerups,
            powerup_time_factor: self.powerup_time_factor,
            score_factor: self.score_factor,
            paddle_rule: PaddleRule::from_name(&self.paddle_rule).unwrap_or_default(),
            sub_steps: SubSteps::from_name(&self.sub_steps).unwrap_or_default(),
            controls: ControlSettings {
                paddle_style: PaddleStyle::from_name(&self.paddle_style).unwrap_or_default(),
                ball_turbo_speed: self.ball_turbo_speed,
                ball_turbo_auto: self.ball_turbo_auto,
                key_acceleration: self.key_acceleration,
                launch_angle: LaunchAngle::from_name(&self.launch_angle).unwrap_or_default(),
                auto_return: self.auto_return,
            },
            warp_percent: self.warp_percent,
            stall_breaker: self.stall_breaker,
        }
    }

    /// Checks the values a game could not be played with: unknown names, numbers that are not
    /// finite or outside what `breakout.toml` accepts. The error names the field.
    pub fn validate(&self) -> Result<(), String> {
        CollisionMode::from_name(&self.collision).ok_or_else(|| {
            format!(
                "settings.collision: {}",
                lacking_model(&self.collision, "recorded with")
            )
        })?;
        let range = |field: &str, value: f32, lo: f32, hi: f32| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(format!("settings.{field}: {value} is not within {lo}–{hi}"))
            }
        };
        // As `--ball-speed` accepts: above 0, at most a million pixels a second.
        range(
            "launch_speed",
            self.launch_speed,
            f32::MIN_POSITIVE,
            1_000_000.0,
        )?;
        range("good_chance", self.good_chance, 0.0, 1.0)?;
        range("bad_chance", self.bad_chance, 0.0, 1.0)?;
        for s in self.classic_seconds {
            range("classic_seconds", s, 0.0, 3600.0)?;
        }
        for (name, value) in &self.chance {
            PowerUpKind::from_name(name)
                .ok_or_else(|| format!("settings.chance: unknown power-up {name:?}"))?;
            range("chance", *value, 0.0, 1.0)?;
        }
        for (name, value) in &self.seconds {
            PowerUpKind::from_name(name)
                .ok_or_else(|| format!("settings.seconds: unknown power-up {name:?}"))?;
            range("seconds", *value, 0.0, 3600.0)?;
        }
        range("speed_up_per_minute", self.speed_up_per_minute, 0.0, 10.0)?;
        range("max_speed_factor", self.max_speed_factor, 1.0, 4.0)?;
        Difficulty::from_name(&self.difficulty).map_err(|e| format!("settings.difficulty: {e}"))?;
        let most = crate::sim::powerups::MAX_LIVES;
        if !(1..=most).contains(&self.start_lives) {
            return Err(format!(
                "settings.start_lives: {} is not within 1–{most}",
                self.start_lives
            ));
        }
        // As the powerups' rules bound a paddle: some width, never wider than the playfield.
        range(
            "paddle_width",
            self.paddle_width,
            1.0,
            crate::sim::tuning::PLAYFIELD_WIDTH,
        )?;
        PaddleRule::from_name(&self.paddle_rule).ok_or_else(|| {
            format!(
                "settings.paddle_rule: unknown paddle rule {:?} (a newer version's?)",
                self.paddle_rule
            )
        })?;
        SubSteps::from_name(&self.sub_steps).ok_or_else(|| {
            format!(
                "settings.sub_steps: {:?} is neither \"on\" nor \"off\" (a newer version's?)",
                self.sub_steps
            )
        })?;
        let unknown = |field: &str, name: &str| {
            format!("settings.{field}: unknown value {name:?} (a newer version's?)")
        };
        PaddleStyle::from_name(&self.paddle_style)
            .ok_or_else(|| unknown("paddle_style", &self.paddle_style))?;
        LaunchAngle::from_name(&self.launch_angle)
            .ok_or_else(|| unknown("launch_angle", &self.launch_angle))?;
        range("ball_turbo_speed", self.ball_turbo_speed, 1.0, 1_000_000.0)?;
        if self.warp_percent > 100 {
            return Err(format!(
                "settings.warp_percent: {} is not within 0–100",
                self.warp_percent
            ));
        }
        range("powerup_time_factor", self.powerup_time_factor, 0.0, 100.0)?;
        range("score_factor", self.score_factor, 0.0, 100.0)?;
        Ok(())
    }
}

/// What a replay naming a collision model this version lacks says (a replay recorded by a later
/// version, with a model added since): `{how} collision model "X", which this version lacks`,
/// and the models it has, so that the replay is refused with the reason instead of playing (and
/// diverging) in another model. `how`: "recorded with", or a switch's "switched to".
pub fn lacking_model(name: &str, how: &str) -> String {
    let names: Vec<&str> = CollisionMode::ALL.iter().map(|m| m.name()).collect();
    format!(
        "{how} collision model {name:?}, which this version lacks (its models: {})",
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_steps_other_than_on_and_off_are_refused_with_the_field_named() {
        let mut settings = StoredSettings::from_config(&GameConfig::default());
        assert_eq!(settings.sub_steps, "on");
        assert_eq!(settings.validate(), Ok(()));
        settings.sub_steps = "sometimes".into();
        let err = settings.validate().unwrap_err();
        assert!(err.starts_with("settings.sub_steps:"), "{err}");
    }
}
