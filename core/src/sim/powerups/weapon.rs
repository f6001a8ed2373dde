//! The weapon's state: its shots in flight and the time to the next volley (the systems that
//! fire and move them are `sim/powerup_systems.rs`), and the bonus floor's height.
//!
//! Units: pixels, pixels/second, seconds; playfield coordinates (origin top-left, y down).

use crate::collision::Aabb;
use crate::sim::tuning::PLAYFIELD_HEIGHT;
use glam::Vec2;

pub use crate::playfield::SHOT_SIZE;
/// A shot's speed, pixels/second, straight up (LBreakout2's shots cross its field in about
/// two thirds of a second).
pub(crate) const SHOT_SPEED: f32 = 720.0;
/// Seconds between two volleys of the weapon: it fires on its own while it runs, two shots at
/// a time, one from each end of the paddle.
pub(crate) const SHOT_INTERVAL: f32 = 0.25;
/// How fast a magnet pulls a falling power-up sideways towards the paddle's centre,
/// pixels/second: enough to bring one from a third of the field away before it lands.
pub(crate) const MAGNET_SPEED: f32 = 220.0;
/// The bonus floor's top edge, pixels from the playfield's top: below the paddle (whose bottom
/// is 24 px above the edge), above the line where a ball is lost.
pub const BONUS_FLOOR_Y: f32 = PLAYFIELD_HEIGHT - 12.0;

/// A shot of the weapon, flying up.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Shot {
    /// Centre, playfield pixels.
    pub pos: Vec2,
    /// Centre at the start of the last step, for render interpolation.
    pub prev_pos: Vec2,
}

impl Shot {
    /// Its box, pixels.
    pub fn rect(&self) -> Aabb {
        Aabb {
            min: self.pos - SHOT_SIZE / 2.0,
            max: self.pos + SHOT_SIZE / 2.0,
        }
    }
}

/// The weapon: its shots in flight and the time to the next volley.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Weapon {
    /// Shots flying up.
    pub shots: Vec<Shot>,
    /// Seconds until the next volley.
    pub(crate) cooldown: f32,
}

impl Weapon {
    /// True with nothing in flight and no volley pending (left out of the state hash then).
    pub(crate) fn is_idle(&self) -> bool {
        self.shots.is_empty() && self.cooldown == 0.0
    }
}
