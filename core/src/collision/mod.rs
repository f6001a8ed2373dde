//! Collision detection between the ball (a circle) and boxes (bricks, paddle).
//!
//! Every algorithm lives in its own file and produces the same [`Contact`] (contact normal +
//! penetration depth) so that one resolution routine in the simulation treats them all alike.
//! [`circle_aabb_contact`] is the single place that dispatches on the configured
//! [`CollisionMode`].
//!
//! Files are named as in parry (`query/contact/contact_<shape>_<shape>.rs`): the query first
//! (`contact`: overlap and contact; `swept`: time of impact along a motion), then the shapes the
//! test compares, the ball's first (`circle` before `aabb`), then, where several algorithms
//! answer the same query, the mode's name: [`contact_circle_aabb`] is the exact clamped closest
//! point (mode `clamp`), [`contact_circle_aabb_zones`] and [`contact_circle_aabb_cross`] the
//! `zones` and `cross` modes, [`contact_aabb_aabb`] the ball's bounding square (mode `aabb`),
//! [`swept_circle_aabb`] the `swept` mode and [`contact_circle_circle`] ball against ball.
//! [`exact_circle_aabb`] is no mode but the referee: the exact answers in f64, against which the
//! oracle tests, the lab's probe and `breakout compare` measure the modes.
//!
//! Conventions: playfield pixels, origin top-left, y down.

pub mod contact_aabb_aabb;
pub mod contact_circle_aabb;
pub mod contact_circle_aabb_cross;
pub mod contact_circle_aabb_zones;
pub mod contact_circle_circle;
pub mod exact_circle_aabb;
pub mod model;
pub mod peer;
pub mod swept_circle_aabb;
pub mod textbook;

mod inside_contact;
mod shapes;

pub(crate) use inside_contact::{inside_contact, inside_contact_through, Exits};
pub use model::{CollisionModel, Resolution};
pub use shapes::{Aabb, Circle, Contact};

use glam::Vec2;

/// The facts about one collision mode: one row of [`CollisionMode`]'s table
/// ([`CollisionMode::def`]).
#[derive(Clone, Copy, Debug)]
pub struct CollisionModeDef {
    /// The mode's name as used on the command line, in config files and in `simulate`'s JSON
    /// (the same as its model's [`CollisionModel::name`]).
    pub name: &'static str,
    /// Where the algorithm comes from: the book, paper or game, file and function.
    pub source: &'static str,
    /// The algorithm: its contact test and how it moves the ball ([`CollisionModel`]).
    pub model: &'static dyn CollisionModel,
    /// Its colour wherever modes are told apart (see [`ModeColours`]).
    pub colour: ModeColours,
    /// One line for `--help` (`--collision`'s possible values).
    pub help: &'static str,
}

/// A mode's colour, one hue in two shades: the lab's ghost ball and trail on the dark playfield,
/// and the series of `breakout compare`'s plots on white (darkened where the bright shade would
/// not read).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeColours {
    /// On the dark playfield: linear RGB, 0–1 (the lab, `view::fork`).
    pub on_dark: [f32; 3],
    /// On white: sRGB bytes (the plots, `commands::compare::plots`).
    pub on_white: [u8; 3],
}

/// A mode's row.
const fn row(
    model: &'static dyn CollisionModel,
    name: &'static str,
    source: &'static str,
    colours: ([f32; 3], [u8; 3]),
    help: &'static str,
) -> CollisionModeDef {
    CollisionModeDef {
        name,
        source,
        model,
        colour: ModeColours {
            on_dark: colours.0,
            on_white: colours.1,
        },
        help,
    }
}

kind_table! {
    /// The collision algorithm used for ball–box tests; chosen by configuration (`--collision`,
    /// `[collision] mode` in `breakout.toml`, the `C` key in game). The command line reads it by
    /// [`CollisionMode::name`] from [`CollisionMode::ALL`] (`crate::cli`), so this module knows
    /// nothing of clap. One row per mode: its facts are [`CollisionModeDef`]; new modes go at
    /// the end (the order is the in-game key's cycle).
    #[derive(
        Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize,
    )]
    #[serde(rename_all = "lowercase")]
    pub enum CollisionMode: CollisionModeDef {
        /// The ball's bounding square as an AABB against the brick (contact_aabb_aabb.rs).
        Aabb => row(
            &textbook::AabbModel,
            "aabb",
            "LearnOpenGL, \"2D Game → Collisions\", AABB–AABB; Lazy Foo', \"Collision Detection\"",
            ([1.0, 0.45, 0.15], [235, 105, 20]),
            "The ball's bounding square as an AABB against the brick (contact_aabb_aabb.rs)",
        ),
        /// Clamped closest point AABB–circle test (contact_circle_aabb.rs); the default.
        #[default]
        Clamp => row(
            &textbook::ClampModel,
            "clamp",
            "LearnOpenGL, \"2D Game → Collisions\", AABB–circle; Ericson, Real-Time Collision Detection §5.2.5",
            ([0.25, 0.8, 1.0], [31, 119, 180]),
            "Clamped closest point AABB–circle test (contact_circle_aabb.rs); the default",
        ),
        /// The nine-zone circle/box test (contact_circle_aabb_zones.rs).
        Zones => row(
            &textbook::ZonesModel,
            "zones",
            "The SDL tutorial article \"Circle/Box intersection revised\"",
            ([0.35, 1.0, 0.35], [44, 160, 44]),
            "The nine-zone circle/box test (contact_circle_aabb_zones.rs)",
        ),
        /// The old SDL "cross and corners" circle/box test in whole pixels (contact_circle_aabb_cross.rs).
        Cross => row(
            &textbook::CrossModel,
            "cross",
            "Lazy Foo' Productions, SDL 1.2 tutorial \"Circular Collision Detection\" (before 2014)",
            ([1.0, 0.3, 0.9], [200, 50, 180]),
            "The old SDL \"cross and corners\" circle/box test in whole pixels (contact_circle_aabb_cross.rs)",
        ),
        /// Continuous collision: time of impact against the rounded Minkowski sum (swept_circle_aabb.rs).
        Swept => row(
            &textbook::SweptModel,
            "swept",
            "Ericson, Real-Time Collision Detection §5.5.7, \"Intersecting Moving Sphere Against AABB\"",
            ([1.0, 0.95, 0.25], [185, 155, 0]),
            "Continuous collision: time of impact against the rounded Minkowski sum (swept_circle_aabb.rs)",
        ),
        /// LBreakoutHD's Trajectory: a ray cast of the ball's two tangent lines through the brick grid, the ball snapped back to the contact (LBreakout2's variant differs in its time trigger and corner circle) (peer/lbreakout_trajectory.rs).
        #[serde(rename = "lbreakout-trajectory")]
        LbreakoutTrajectory => row(
            &peer::lbreakout_trajectory::LbreakoutTrajectoryModel,
            "lbreakout-trajectory",
            "LBreakoutHD 1.1.8 `libgame/balls.c` `ball_get_target`",
            ([0.6, 0.5, 1.0], [110, 80, 210]),
            "LBreakoutHD's Trajectory: a ray cast of the ball's two tangent lines through the brick grid, the ball snapped back to the contact (LBreakout2's variant differs in its time trigger and corner circle) (peer/lbreakout_trajectory.rs)",
        ),
        /// LBreakoutHD's Clipping: 8 rim points marched r/2 forward and r/6 back (LBreakout's 3 px and 1 px at its 6-px ball) (peer/lbreakout_clipping.rs).
        #[serde(rename = "lbreakout-clipping")]
        LbreakoutClipping => row(
            &peer::lbreakout_clipping::LbreakoutClippingModel,
            "lbreakout-clipping",
            "LBreakoutHD 1.1.8 `libgame/balls.c` `ball_get_target_clipping`",
            ([0.3, 0.9, 0.85], [20, 150, 140]),
            "LBreakoutHD's Clipping: 8 rim points marched r/2 forward and r/6 back (LBreakout's 3 px and 1 px at its 6-px ball) (peer/lbreakout_clipping.rs)",
        ),
        /// KBreakOut's square ball: the least of four rounded face overlaps, direction-gated, in sub-steps of 4 of its units (10 px) (peer/kbreakout.rs).
        #[serde(rename = "kbreakout")]
        Kbreakout => row(
            &peer::kbreakout::KbreakoutModel,
            "kbreakout",
            "KBreakOut (KDE, snapshot 25d2239; logic of 2018) `src/qml/logic.js` `detectBallCollisions`, `collideWithBrick`",
            ([1.0, 0.6, 0.7], [215, 90, 120]),
            "KBreakOut's square ball: the least of four rounded face overlaps, direction-gated, in sub-steps of 4 of its units (10 px) (peer/kbreakout.rs)",
        ),
        /// SDL-Ball's 32 rim points and the last drawn position (peer/sdl_ball.rs).
        #[serde(rename = "sdl-ball")]
        SdlBall => row(
            &peer::sdl_ball::SdlBallModel,
            "sdl-ball",
            "SDL-Ball 1.02 `main.cpp` `coldet`",
            ([0.7, 1.0, 0.2], [110, 150, 10]),
            "SDL-Ball's 32 rim points and the last drawn position (peer/sdl_ball.rs)",
        ),
        /// gnome-breakout's four box corners in the grid and the previous position's region (peer/gnome_breakout.rs).
        #[serde(rename = "gnome-breakout")]
        GnomeBreakout => row(
            &peer::gnome_breakout::GnomeBreakoutModel,
            "gnome-breakout",
            "gnome-breakout 0.5.3 `src/ball.c` `iterate_ball_default`, `src/block.c` `find_block_from_position`, `src/collision.c` `find_hit_side`, `find_block_hit_side`",
            ([0.95, 0.75, 0.5], [150, 95, 40]),
            "gnome-breakout's four box corners in the grid and the previous position's region (peer/gnome_breakout.rs)",
        ),
        /// XBoing's four diagonal triangles per brick along a 1-px path (peer/xboing.rs).
        #[serde(rename = "xboing")]
        Xboing => row(
            &peer::xboing::XboingModel,
            "xboing",
            "XBoing 2.4 `ball.c` `UpdateABall`, `CheckForCollision`, `CheckRegions`; `blocks.c`",
            ([0.85, 0.85, 0.85], [90, 90, 90]),
            "XBoing's four diagonal triangles per brick along a 1-px path (peer/xboing.rs)",
        ),
    }
}

impl CollisionMode {
    /// The mode's name as used on the command line, in config files and in `simulate`'s JSON
    /// (its row's).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// The mode of a name (exactly as [`CollisionMode::name`] writes it).
    pub fn from_name(name: &str) -> Option<CollisionMode> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The next mode in [`CollisionMode::ALL`], wrapping around (the in-game `C` key).
    pub fn next(self) -> CollisionMode {
        let i = Self::ALL.iter().position(|&m| m == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }

    /// The mode's algorithm (its row's [`CollisionModeDef::model`]).
    pub fn model(self) -> &'static dyn CollisionModel {
        self.def().model
    }

    /// True for continuous modes, which move the ball by time of impact instead of sub-steps
    /// (its model's [`Resolution::Continuous`]).
    pub fn is_continuous(self) -> bool {
        self.model().resolution() == Resolution::Continuous
    }
}

impl std::fmt::Display for CollisionMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The single dispatcher: tests the circle against the box with the given mode's model
/// ([`CollisionModel::contact`]) and returns the contact, if any.
///
/// `velocity` (pixels/second) is only used to choose the face the circle came through when its
/// centre is already inside the box (see `inside_contact`). For [`CollisionMode::Swept`] this
/// is the discrete overlap test (the exact clamp), used to separate a ball that already overlaps
/// a box (a paddle moving into it); its motion uses [`swept_circle_aabb::time_of_impact`].
pub fn circle_aabb_contact(
    mode: CollisionMode,
    circle: Circle,
    aabb: Aabb,
    velocity: Vec2,
) -> Option<Contact> {
    mode.model().contact(circle, aabb, velocity)
}

/// The overlap predicate alone for `mode` (for the oracle tests and benchmarks,
/// [`CollisionModel::intersects`]). For [`CollisionMode::Swept`], the static overlap (exact
/// clamp).
pub fn circle_aabb_intersects(mode: CollisionMode, circle: Circle, aabb: Aabb) -> bool {
    mode.model().intersects(circle, aabb)
}
