//! Events emitted by the simulation for the audio and effects layers.

use glam::Vec2;

/// Something that happened during a simulation step. The simulation records them in order;
/// consumers (audio, effects, statistics) read them with [`crate::sim::Game::events`] after each step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameEvent {
    /// A destructible brick was destroyed (by the ball or an explosion). `position` is the
    /// brick's centre (playfield pixels); `points` the score it gave.
    BrickDestroyed {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
        /// Its kind.
        kind: crate::level::BrickKind,
        /// Its own colour from the level (`:RRGGBB`, sRGB bytes), if it had one.
        colour: Option<[u8; 3]>,
        /// Centre of the brick, playfield pixels.
        position: Vec2,
        /// Score awarded.
        points: u32,
    },
    /// An explosive brick went off: its fuse (started when it was destroyed, see
    /// [`crate::sim::tuning::EXPLOSION_DELAY`]) burnt down and the neighbours in the level's
    /// explosion shape are destroyed in the same step (their own `BrickDestroyed` events follow).
    Explosion {
        /// Grid row of the exploded brick (0 at the top).
        row: usize,
        /// Grid column of the exploded brick (0 at the left).
        col: usize,
        /// Centre of its cell, playfield pixels.
        position: Vec2,
        /// Half the size of the blast (the 3×3 cells around it), pixels: x and y.
        reach: Vec2,
    },
    /// A destroyed growing brick filled an empty neighbouring cell with a new plain brick.
    BrickGrown {
        /// Grid row of the new brick (0 at the top).
        row: usize,
        /// Grid column of the new brick (0 at the left).
        col: usize,
        /// Its kind (a plain colour).
        kind: crate::level::BrickKind,
        /// Centre of the new brick, playfield pixels.
        position: Vec2,
    },
    /// A multi-hit brick was hit but not destroyed.
    BrickDamaged {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
        /// Hits still needed to destroy it.
        hits_left: u8,
    },
    /// A destroyed brick released a power-up (placed by the level or rolled at random), which
    /// starts falling from `position` (playfield pixels).
    PowerUpReleased {
        /// Which power-up.
        kind: crate::level::PowerUpKind,
        /// Where it was released (the brick's centre), pixels.
        position: Vec2,
    },
    /// The paddle caught a falling power-up; its effect starts.
    PowerUpCollected {
        /// Which power-up.
        kind: crate::level::PowerUpKind,
    },
    /// A timed power-up ran out.
    PowerUpEnded {
        /// Which power-up.
        kind: crate::level::PowerUpKind,
    },
    /// The ball bounced off a solid (indestructible) brick.
    SolidHit {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
    },
    /// The ball bounced off the paddle.
    PaddleHit,
    /// The ball bounced off the left, right or top wall.
    WallHit,
    /// The ball left the paddle (player pressed launch).
    BallLaunched,
    /// The last ball in play fell out of the bottom. `lives_left` is after the loss.
    LifeLost {
        /// Lives remaining after this loss.
        lives_left: u32,
    },
    /// The last destructible brick was destroyed.
    LevelCleared,
    /// No lives left.
    GameOver,
    /// The player warped ([`crate::sim::Game::warp_ready`]): the level ends as won, a
    /// [`GameEvent::LevelCleared`] follows in the same step.
    Warped {
        /// Destructible bricks left standing, unscored.
        bricks_left: u32,
    },
    /// The player picked a brick on the Plane of Inner Stability (`sim/pick.rs`): it is
    /// destroyed (its `BrickDestroyed`, 0 points, follows) and the score lost `cost`.
    BrickPicked {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
        /// Points taken from the score.
        cost: u32,
    },
    /// The stall breaker's build-up (`sim/stall_breaker.rs`): the last brick has been untouched
    /// for [`crate::sim::stall_breaker::STALL_WARNING_SECONDS`]; lightning strikes it at
    /// [`crate::sim::stall_breaker::STALL_SECONDS`] unless a ball hits it first.
    StallWarning {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
        /// Centre of the brick, playfield pixels.
        position: Vec2,
    },
    /// The stall breaker's lightning struck the last brick, which is destroyed (its
    /// `BrickDestroyed`, 0 points, follows).
    Lightning {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
        /// Centre of the brick, playfield pixels.
        position: Vec2,
    },
}
