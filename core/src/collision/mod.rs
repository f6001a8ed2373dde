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
pub mod swept_circle_aabb;

use glam::Vec2;

/// An axis-aligned bounding box in playfield pixels; `min` is the top-left corner (smallest x and
/// y, since y points down) and `max` the bottom-right one. `min <= max` on both axes.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Aabb {
    /// Top-left corner, pixels.
    pub min: Vec2,
    /// Bottom-right corner, pixels.
    pub max: Vec2,
}

impl Aabb {
    /// Box from its top-left corner and size (width, height), pixels.
    pub fn from_pos_size(pos: Vec2, size: Vec2) -> Aabb {
        Aabb {
            min: pos,
            max: pos + size,
        }
    }

    /// Centre of the box, pixels.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half-extents (half width, half height), pixels.
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Size (width, height), pixels.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// True if `p` (pixels) is inside the box or on its boundary.
    pub fn contains(&self, p: Vec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
}

/// A circle: centre in playfield pixels and radius in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Centre, pixels.
    pub center: Vec2,
    /// Radius, pixels (> 0).
    pub radius: f32,
}

/// The result of a positive collision test, consumed by the simulation's resolution routine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit contact normal pointing from the box towards the circle: moving the circle along it
    /// separates the two. Never NaN, even when the circle's centre is inside the box.
    pub normal: Vec2,
    /// Penetration depth in pixels (≥ 0): how far the circle must move along `normal` to just touch.
    pub depth: f32,
    /// The point of the box closest to the circle's centre, pixels (on the box's boundary).
    pub point: Vec2,
}

/// The facts about one collision mode: one row of [`CollisionMode`]'s table
/// ([`CollisionMode::def`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollisionModeDef {
    /// The mode's name as used on the command line, in config files and in `simulate`'s JSON.
    pub name: &'static str,
    /// True for a continuous mode, which moves the ball by time of impact instead of sub-steps
    /// (`sim::motion`, the probe and the lab read it).
    pub continuous: bool,
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

/// A discrete mode's row.
const fn discrete(
    name: &'static str,
    on_dark: [f32; 3],
    on_white: [u8; 3],
    help: &'static str,
) -> CollisionModeDef {
    CollisionModeDef {
        name,
        continuous: false,
        colour: ModeColours { on_dark, on_white },
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
        Aabb => discrete(
            "aabb",
            [1.0, 0.45, 0.15],
            [235, 105, 20],
            "The ball's bounding square as an AABB against the brick (contact_aabb_aabb.rs)",
        ),
        /// Clamped closest point AABB–circle test (contact_circle_aabb.rs); the default.
        #[default]
        Clamp => discrete(
            "clamp",
            [0.25, 0.8, 1.0],
            [31, 119, 180],
            "Clamped closest point AABB–circle test (contact_circle_aabb.rs); the default",
        ),
        /// The nine-zone circle/box test (contact_circle_aabb_zones.rs).
        Zones => discrete(
            "zones",
            [0.35, 1.0, 0.35],
            [44, 160, 44],
            "The nine-zone circle/box test (contact_circle_aabb_zones.rs)",
        ),
        /// The old SDL "cross and corners" circle/box test in whole pixels (contact_circle_aabb_cross.rs).
        Cross => discrete(
            "cross",
            [1.0, 0.3, 0.9],
            [200, 50, 180],
            "The old SDL \"cross and corners\" circle/box test in whole pixels (contact_circle_aabb_cross.rs)",
        ),
        /// Continuous collision: time of impact against the rounded Minkowski sum (swept_circle_aabb.rs).
        Swept => CollisionModeDef {
            continuous: true,
            ..discrete(
                "swept",
                [1.0, 0.95, 0.25],
                [185, 155, 0],
                "Continuous collision: time of impact against the rounded Minkowski sum (swept_circle_aabb.rs)",
            )
        },
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

    /// True for continuous modes, which move the ball by time of impact instead of sub-steps
    /// (its row's [`CollisionModeDef::continuous`]).
    pub fn is_continuous(self) -> bool {
        self.def().continuous
    }
}

impl std::fmt::Display for CollisionMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The single dispatcher: tests the circle against the box with the given algorithm and returns
/// the contact, if any.
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
    match mode {
        CollisionMode::Aabb => contact_aabb_aabb::contact(circle, aabb, velocity),
        CollisionMode::Clamp | CollisionMode::Swept => {
            contact_circle_aabb::contact(circle, aabb, velocity)
        }
        CollisionMode::Zones => contact_circle_aabb_zones::contact(circle, aabb, velocity),
        CollisionMode::Cross => contact_circle_aabb_cross::contact(circle, aabb, velocity),
    }
}

/// The overlap predicate alone for `mode` (for the oracle tests and benchmarks). For
/// [`CollisionMode::Swept`], the static overlap (exact clamp).
pub fn circle_aabb_intersects(mode: CollisionMode, circle: Circle, aabb: Aabb) -> bool {
    match mode {
        CollisionMode::Aabb => contact_aabb_aabb::intersects(circle, aabb),
        CollisionMode::Clamp | CollisionMode::Swept => {
            contact_circle_aabb::intersects(circle, aabb)
        }
        CollisionMode::Zones => contact_circle_aabb_zones::intersects(circle, aabb),
        CollisionMode::Cross => contact_circle_aabb_cross::intersects(circle, aabb),
    }
}

/// Contact for a circle whose centre is inside (or on) the box, shared by every mode: the normal
/// is the face the centre came through, found by tracing it back along `-velocity` (pixels/second)
/// to the first face it crosses; with zero velocity, the face of least penetration. The depth
/// includes the radius, so pushing out by it leaves the circle just touching that face. Never NaN.
///
/// This is [`inside_contact_through`] with every face open: right for a box on its own (the
/// paddle); a brick among other bricks must use the faces that lead to free space.
pub(crate) fn inside_contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Contact {
    inside_contact_through(circle, aabb, velocity, Exits::ALL).unwrap_or(Contact {
        normal: Vec2::NEG_Y,
        depth: circle.radius,
        point: circle.center,
    })
}

/// Which faces of a box a circle's centre inside it may leave through. A face shared with another
/// solid box, or lying on a wall, is closed: leaving through it would put the centre inside that
/// box, or out of the playfield. Named for the playfield's directions (y down: `top` is the face
/// at `min.y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exits {
    /// The face at `min.x`.
    pub left: bool,
    /// The face at `max.x`.
    pub right: bool,
    /// The face at `min.y`.
    pub top: bool,
    /// The face at `max.y`.
    pub bottom: bool,
}

impl Exits {
    /// Every face open.
    pub const ALL: Exits = Exits {
        left: true,
        right: true,
        top: true,
        bottom: true,
    };
}

/// [`inside_contact`] restricted to the open faces of `exits`: the open face the centre came
/// through (traced back along `-velocity`, pixels/second), else the open face of least
/// penetration. `None` when every face is closed.
///
/// Why: a ball pushed into a brick from the side (by another ball, not by its own motion) may
/// have "come through" a face shared with the next brick; pushed out there it lands inside that
/// brick, whose own trace sends it back: a ball stuck inside a wall of bricks, bouncing between
/// them (seen in a bot game on 08-citadel). Box2D calls the same trap "internal edges".
pub(crate) fn inside_contact_through(
    circle: Circle,
    aabb: Aabb,
    velocity: Vec2,
    exits: Exits,
) -> Option<Contact> {
    let p = circle.center;
    // (open, outward normal, distance from the centre to the face, speed into the box through it)
    let faces = [
        (exits.left, Vec2::NEG_X, p.x - aabb.min.x, velocity.x),
        (exits.right, Vec2::X, aabb.max.x - p.x, -velocity.x),
        (exits.top, Vec2::NEG_Y, p.y - aabb.min.y, velocity.y),
        (exits.bottom, Vec2::Y, aabb.max.y - p.y, -velocity.y),
    ];
    let open = || faces.iter().filter(|f| f.0);
    // `min_by` keeps the first of equals: x before y on a tie, as the trace always did.
    let traced = open()
        .filter(|f| f.3 > 1e-5)
        .min_by(|a, b| (a.2 / a.3).total_cmp(&(b.2 / b.3)));
    let least = || open().min_by(|a, b| a.2.total_cmp(&b.2));
    let &(_, normal, distance, _) = traced.or_else(least)?;
    let distance = distance.max(0.0);
    Some(Contact {
        normal,
        depth: distance + circle.radius,
        point: p + normal * distance,
    })
}
