//! [`ControlSettings`]: the controls a player sets (issue 38, after LBreakoutHD's
//! `src/config.cpp`): the paddle's style, the ball turbo, key acceleration, the launch angle and
//! the auto-return of idle balls. Each is left out of the state hash at its default, and the
//! defaults are this game's rules before the settings existed, so every game played with them
//! hashes (and plays) as before.

/// The facts of one [`PaddleStyle`]: its row of the table ([`PaddleStyle::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaddleStyleDef {
    /// Its name in `breakout.toml` (`[controls] paddle_style`) and in a replay's settings.
    pub name: &'static str,
}

kind_table! {
    /// How the ball leaves the paddle's flat top (LBreakoutHD's "Paddle Style",
    /// `src/config.cpp` `convex`). New values go at the end.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
    pub enum PaddleStyle: PaddleStyleDef {
        /// The angle follows where the ball hits the paddle (this game's rule, the default).
        #[default]
        Convex => PaddleStyleDef { name: "convex" },
        /// Flat: the ball reflects as off a flat surface, the round ends still aim, and the
        /// paddle's motion at impact bends the bounce.
        Normal => PaddleStyleDef { name: "normal" },
    }
}

/// The facts of one [`LaunchAngle`]: its row of the table ([`LaunchAngle::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchAngleDef {
    /// Its name in `breakout.toml` (`[controls] launch_angle`) and in a replay's settings.
    pub name: &'static str,
}

kind_table! {
    /// Where the plain launch key sends a ball (the fire keys always launch at
    /// ±[`FIRE_ANGLE_DEGREES`]). New values go at the end.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
    pub enum LaunchAngle: LaunchAngleDef {
        /// This game's rule (the default): the launch follows the paddle's motion.
        #[default]
        Motion => LaunchAngleDef { name: "motion" },
        /// A random angle, as LBreakoutHD launches by default (`libgame/balls.c`).
        Random => LaunchAngleDef { name: "random" },
    }
}

/// The fire keys' launch angle from vertical, degrees (LBreakoutHD's fire left/right keys,
/// `libgame/balls.c`).
pub const FIRE_ANGLE_DEGREES: f32 = 50.0;
/// The default ball turbo speed, pixels/second.
pub const BALL_TURBO_SPEED: f32 = 1200.0;

/// The controls a player sets that change the simulation (the shell's mouse settings do not:
/// they only produce `Input::paddle_target_x`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ControlSettings {
    /// The paddle's style.
    #[serde(skip_serializing_if = "PaddleStyle::is_default")]
    pub paddle_style: PaddleStyle,
    /// Balls' speed while the ball turbo is held, pixels/second.
    #[serde(skip_serializing_if = "is_turbo_speed")]
    pub ball_turbo_speed: f32,
    /// Ball turbo *Auto*: while held, a ball is the faster the farther it is from the paddle.
    #[serde(skip_serializing_if = "is_false")]
    pub ball_turbo_auto: bool,
    /// Key movement accelerates from a start speed to full over a short time.
    #[serde(skip_serializing_if = "is_false")]
    pub key_acceleration: bool,
    /// Where the plain launch key sends a ball.
    #[serde(skip_serializing_if = "LaunchAngle::is_default")]
    pub launch_angle: LaunchAngle,
    /// Idle balls (no effective brick hit for 10 s) come back to the paddle.
    #[serde(skip_serializing_if = "is_false")]
    pub auto_return: bool,
}

impl Default for ControlSettings {
    fn default() -> Self {
        ControlSettings {
            paddle_style: PaddleStyle::default(),
            ball_turbo_speed: BALL_TURBO_SPEED,
            ball_turbo_auto: false,
            key_acceleration: false,
            launch_angle: LaunchAngle::default(),
            auto_return: false,
        }
    }
}

impl ControlSettings {
    /// Whether every setting is at its default (the whole is left out of the state hash).
    pub fn is_default(&self) -> bool {
        *self == ControlSettings::default()
    }
}

/// Generates `name`, `from_name` and `is_default` for a settings enum of this file.
macro_rules! named {
    ($enum:ident) => {
        impl $enum {
            /// Its name (its row's `name`).
            pub fn name(self) -> &'static str {
                self.def().name
            }
            /// The value of a name, exactly as `name` writes it.
            pub fn from_name(name: &str) -> Option<$enum> {
                Self::ALL.into_iter().find(|s| s.name() == name)
            }
            /// Whether it is the default (left out of the state hash).
            pub fn is_default(&self) -> bool {
                *self == $enum::default()
            }
        }
    };
}
named!(PaddleStyle);
named!(LaunchAngle);

fn is_turbo_speed(v: &f32) -> bool {
    *v == BALL_TURBO_SPEED
}

/// For `skip_serializing_if`: a flag that is off.
pub(super) fn is_false(b: &bool) -> bool {
    !*b
}

/// The default [`GameConfig::warp_percent`](super::GameConfig::warp_percent): 80 % of the
/// level's initial destructible bricks gone.
pub const WARP_PERCENT: u8 = 80;

/// For `skip_serializing_if`: the default warp percentage.
pub(super) fn is_warp_percent(p: &u8) -> bool {
    *p == WARP_PERCENT
}
