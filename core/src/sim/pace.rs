//! The ball's pace within a level (a play-test missed both: the ball never sped up and a launch
//! could not be aimed): a gentle speed-up while the ball is in play, capped, as LBreakout2 and
//! DX-Ball raise the ball's speed over a level's time (Arkanoid and the original Breakout raise it
//! with hits instead); back to the launch speed when a life is lost or a level starts. And the
//! aimed launch: a ball launched from a moving paddle leaves towards the side it moves to, further
//! the faster it moves (as in Arkanoid and LBreakout2, where the ball's start follows the paddle),
//! so the player chooses the first bounce.

use super::tuning::{LAUNCH_AIM_MAX_DEG, LAUNCH_AIM_MIN_PADDLE_SPEED, PADDLE_SPEED};
use serde::{Deserialize, Serialize};

/// The `[ball]` section of `breakout.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PaceSettings {
    /// How much faster the ball gets per minute it is in play, as a fraction of the launch
    /// speed (0.2: 20 % faster after a minute), 0–10; 0 keeps the launch speed.
    pub speed_up_per_minute: f32,
    /// The fastest the speed-up takes the ball, as a multiple of the launch speed, 1–4 (speed
    /// power-ups act on top of it).
    pub max_speed_factor: f32,
    /// A ball launched from a moving paddle goes towards the side it moves to (false: a random
    /// direction within ±25° of straight up, as LearnOpenGL's tutorial).
    pub aim_launch: bool,
}

impl Default for PaceSettings {
    fn default() -> Self {
        PaceSettings {
            // A ball crossing the field about once a second gets noticeably quicker over a
            // two-minute level, never frantic.
            speed_up_per_minute: 0.2,
            max_speed_factor: 1.5,
            aim_launch: true,
        }
    }
}

impl PaceSettings {
    /// Neither a speed-up nor an aimed launch: the game as before the speed-up existed (the golden
    /// trace's configuration; such a game hashes as it did then).
    pub const OFF: PaceSettings = PaceSettings {
        speed_up_per_minute: 0.0,
        max_speed_factor: 1.0,
        aim_launch: false,
    };

    /// True for [`PaceSettings::OFF`] (for `skip_serializing_if`).
    pub(crate) fn is_off(&self) -> bool {
        *self == PaceSettings::OFF
    }

    /// The pace (a multiple of the launch speed, from 1) after `dt` more seconds with a ball
    /// in play at `pace`: up by [`PaceSettings::speed_up_per_minute`] per minute, never past
    /// [`PaceSettings::max_speed_factor`].
    pub fn advance(&self, pace: f32, dt: f32) -> f32 {
        let cap = self.max_speed_factor.max(1.0);
        (pace + self.speed_up_per_minute.max(0.0) * dt / 60.0).min(cap)
    }
}

/// The launch angle from straight up, radians (positive: to the right), for a paddle moving at
/// `paddle_vx` pixels/second: [`LAUNCH_AIM_MAX_DEG`] at full keyboard speed or faster, in
/// proportion below it; `None` for a paddle (nearly) at rest, which launches as without aim.
pub(crate) fn aimed_angle(paddle_vx: f32) -> Option<f32> {
    if !paddle_vx.is_finite() || paddle_vx.abs() < LAUNCH_AIM_MIN_PADDLE_SPEED {
        return None;
    }
    Some((paddle_vx / PADDLE_SPEED).clamp(-1.0, 1.0) * LAUNCH_AIM_MAX_DEG.to_radians())
}

/// True when `pace` is the launch speed (for `skip_serializing_if`: a game without a
/// speed-up hashes as before the speed-up existed).
pub(crate) fn is_launch_pace(pace: &f32) -> bool {
    *pace == 1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The pace never falls, never passes its cap, and grows by the rate times the time
        /// until it reaches the cap (the closed form is the oracle).
        #[test]
        fn pace_rises_at_its_rate_up_to_its_cap(
            rate in 0.0f32..10.0, cap in 1.0f32..4.0, steps in 0usize..20_000
        ) {
            let settings = PaceSettings { speed_up_per_minute: rate, max_speed_factor: cap, aim_launch: true };
            let dt = 1.0 / 240.0;
            let mut pace = 1.0;
            for _ in 0..steps {
                let next = settings.advance(pace, dt);
                prop_assert!(next >= pace && next <= cap);
                pace = next;
            }
            let expected = (1.0 + rate * steps as f32 * dt / 60.0).min(cap);
            prop_assert!((pace - expected).abs() <= 1e-3 * expected, "{} vs {}", pace, expected);
        }
    }
}
