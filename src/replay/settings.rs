//! [`StoredSettings`]: a replay's copy of [`GameConfig`], written out field by field so the file
//! format does not follow the serde attributes the state hash needs (`GameConfig` leaves fields
//! out of its serialisation when they are off, which a compact format cannot read back).

use super::{collision_mode, power_up};
use crate::sim::powerups::PerKind;
use crate::sim::{GameConfig, PaceSettings, PowerUpSettings};
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
        } = *config;
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
        }
    }

    /// The game configuration these settings give. Unknown names (refused by
    /// [`StoredSettings::validate`]) fall back to the default mode or are left out.
    pub fn to_config(&self) -> GameConfig {
        let per_kind = |list: &[(String, f32)]| {
            let mut out = PerKind::default();
            for (name, value) in list {
                if let Some(kind) = power_up(name) {
                    out.0[kind as usize] = Some(*value);
                }
            }
            out
        };
        let [sticky_seconds, pass_through_seconds, confuse_seconds, chaos_seconds] =
            self.classic_seconds;
        GameConfig {
            seed: self.seed,
            collision: collision_mode(&self.collision).unwrap_or_default(),
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
        }
    }

    /// Checks the values a game could not be played with: unknown names, numbers that are not
    /// finite or outside what `breakout.toml` accepts. The error names the field.
    pub fn validate(&self) -> Result<(), String> {
        collision_mode(&self.collision)
            .ok_or_else(|| format!("settings.collision: unknown mode {:?}", self.collision))?;
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
            power_up(name).ok_or_else(|| format!("settings.chance: unknown power-up {name:?}"))?;
            range("chance", *value, 0.0, 1.0)?;
        }
        for (name, value) in &self.seconds {
            power_up(name).ok_or_else(|| format!("settings.seconds: unknown power-up {name:?}"))?;
            range("seconds", *value, 0.0, 3600.0)?;
        }
        range("speed_up_per_minute", self.speed_up_per_minute, 0.0, 10.0)?;
        range("max_speed_factor", self.max_speed_factor, 1.0, 4.0)?;
        Ok(())
    }
}
