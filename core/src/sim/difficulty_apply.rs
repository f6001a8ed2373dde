//! [`Difficulty::apply`]: a preset applied to the player's [`GameConfig`] (moved out of
//! `mod.rs`, which holds the configuration's fields).

use super::{Difficulty, GameConfig};

/// Applying a preset is the configuration's business: the presets' table (`difficulty.rs`)
/// knows nothing of [`GameConfig`], which holds a [`Difficulty`], so the two do not import each
/// other.
impl Difficulty {
    /// `base` (the player's settings, played at Normal) at this difficulty: launch speed, top
    /// speed, speed-up and the good power-ups' chances scaled by the row's factors, bad ones
    /// off where the row says so, and the row's lives, paddle width, duration and score factors.
    /// Normal returns `base` unchanged. Results stay within what `breakout.toml` accepts
    /// (chances 0–1, `max_speed_factor` 1–4, `speed_up_per_minute` 0–10).
    pub fn apply(self, base: GameConfig) -> GameConfig {
        if self == Difficulty::Normal {
            return GameConfig {
                difficulty: self,
                ..base
            };
        }
        let row = self.def();
        let mut config = base;
        config.difficulty = self;
        config.launch_speed = base.launch_speed * row.launch_factor;
        // The pace is a multiple of the launch speed: the top and the gain in pixels/second
        // scale by their factors, the launch speed by its own.
        let pace = &mut config.pace;
        pace.max_speed_factor =
            (base.pace.max_speed_factor * row.top_speed_factor / row.launch_factor).clamp(1.0, 4.0);
        pace.speed_up_per_minute = (base.pace.speed_up_per_minute * row.speed_up_factor
            / row.launch_factor)
            .clamp(0.0, 10.0);
        let powerups = &mut config.powerups;
        let good = |chance: f32| (chance * row.good_drop_factor).clamp(0.0, 1.0);
        powerups.good_chance = good(base.powerups.good_chance);
        if !row.bad_powerups {
            powerups.bad_chance = 0.0;
        }
        for (kind, chance) in base.powerups.chance.iter() {
            powerups.chance.0[kind as usize] = Some(match kind.is_bad() {
                false => good(chance),
                true if row.bad_powerups => chance,
                true => 0.0,
            });
        }
        config.start_lives = row.lives;
        config.paddle_width = row.paddle_width;
        config.bad_powerups = row.bad_powerups;
        config.powerup_time_factor = row.duration_factor;
        config.score_factor = row.score_factor;
        config
    }
}
