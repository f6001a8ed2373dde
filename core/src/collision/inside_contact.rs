//! The contact of a circle whose centre is already inside a box, shared by every mode
//! ([`inside_contact`]) and by the brick field, which closes the faces shared with other bricks
//! ([`inside_contact_through`], [`Exits`]). Re-exported by `collision`.

use super::shapes::{Aabb, Circle, Contact};
use glam::Vec2;

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
