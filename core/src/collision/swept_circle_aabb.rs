//! The `swept` mode: continuous collision detection of a moving circle against a box.
//!
//! Source: Christer Ericson, *Real-Time Collision Detection* (2005), §5.5.7 "Intersecting Moving
//! Sphere Against AABB", in 2D. A circle of radius r moving from p by displacement d hits the box
//! exactly when its centre's path (a ray) enters the Minkowski sum of the box and the circle: the
//! box grown by r with rounded corners. In 2D that shape is the union of
//!
//! * the box grown by r along x only, and the box grown by r along y only (face regions), and
//! * four circles of radius r centred on the box's corners (corner regions);
//!
//! so the time of impact is the earliest entry of the ray into any of the six pieces (slab test
//! for the boxes, quadratic for the circles). The contact normal is that piece's outward normal at
//! the entry point. Because the whole path is tested, it never tunnels at any speed.
//!
//! A circle that already overlaps the box at the start is not an impact (returns `None`): the
//! simulation separates such overlaps with the discrete contact first.

use super::shapes::{Aabb, Circle};
use glam::{Vec2, Vec4};

/// Where along its motion a moving circle first touches a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    /// Time of impact as a fraction of the motion, in [0, 1]: the centre at impact is
    /// `start + toi * displacement`.
    pub toi: f32,
    /// Unit contact normal at impact, pointing from the box towards the circle.
    pub normal: Vec2,
    /// The circle's centre at impact, pixels.
    pub center: Vec2,
}

/// Entry time of the ray `p + t·d`, t ∈ [0, 1], into the open disc of radius `r` at `c`.
fn ray_circle(p: Vec2, d: Vec2, c: Vec2, r: f32) -> Option<f32> {
    let m = p - c;
    let a = d.dot(d);
    let c_term = m.dot(m) - r * r;
    if a == 0.0 || c_term <= 0.0 {
        return None; // not moving, or starts inside/on the disc
    }
    let b = m.dot(d);
    if b >= 0.0 {
        return None; // moving away
    }
    // The discriminant b² - a·c, computed as a·(r² - |m⊥|²) with m⊥ the part of m perpendicular to
    // the motion (equal in exact arithmetic). The textbook difference of two products cancels
    // catastrophically in f32 when the path grazes the disc from far away (b² and a·c reach ~1e13
    // for a 2000 px path): corners grazed within 0.01 px were missed or hit wrongly, and impacts
    // came out up to 0.06 px late or early (found by tests/oracle_parry.rs).
    let perp = m - d * (b / a);
    let disc = a * (r * r - perp.length_squared());
    if disc <= 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    (0.0..=1.0).contains(&t).then_some(t)
}

/// Near and far crossing times of the ray with one axis's slab `(lo, hi)`, from the times `t_lo`,
/// `t_hi` at which it crosses the planes `lo` and `hi` (`(plane - p) / d`), and whether the near
/// plane is `hi` (the entered face's normal points to +axis). With `d == 0` the slab does not
/// constrain the ray if `p` lies strictly inside it (near −∞, far +∞), and the ray never enters
/// it otherwise (near +∞).
#[inline(always)]
fn slab(t_lo: f32, t_hi: f32, p: f32, d: f32, lo: f32, hi: f32) -> (f32, f32, bool) {
    if d == 0.0 {
        let near = if lo < p && p < hi {
            f32::NEG_INFINITY
        } else {
            f32::INFINITY
        };
        return (near, f32::INFINITY, false);
    }
    let lo_first = t_lo < t_hi;
    if lo_first {
        (t_lo, t_hi, false)
    } else {
        (t_hi, t_lo, true)
    }
}

/// A face's outward normal along `axis` (0 = x), +axis if `positive`.
#[inline(always)]
fn face_normal(axis: usize, positive: bool) -> Vec2 {
    let unit = if axis == 0 { Vec2::X } else { Vec2::Y };
    if positive {
        unit
    } else {
        -unit
    }
}

/// Distance along a face, pixels, within which a face entry is also checked against the corner
/// disc at that end of the face. Exactly, a disc is never entered before the face it is tangent
/// to; in f32 the two can tie by a rounding error near the tangent point (well under 0.01 px
/// for play's coordinates and paths), where the earliest of all six pieces must win as before.
const CORNER_MARGIN: f32 = 1.0;

/// Pixels by which the box grown by r is grown further for the test that rejects a path before
/// any corner disc is tried: a disc's computed entry can lie a rounding error outside it where
/// the disc touches its edge (≈ 1e-5 px seen on paths of 0.2 px grazing that point).
const TANGENT_MARGIN: f32 = 0.05;

/// The earliest time of impact of `circle` moving by `displacement` (pixels) against `aabb`.
///
/// Ericson's approach (§5.5.7) in 2D, with one division per plane done as two 4-lane divisions:
/// the path's crossing times with the planes of the box grown by r along x only and along y only
/// give the two face pieces' entries; if neither is hit, a slab test of the box grown by r on
/// both axes either rejects the path (the common miss, with no square root) or gives the entry
/// point, whose corner region names the one corner disc to test. The results are meant to be
/// those of testing all six pieces and taking the earliest, bit for bit (each piece's time is
/// the same operations on the same values; the guards `CORNER_MARGIN` and `TANGENT_MARGIN`
/// cover rounding at the tangent points): the unit tests check it against that direct form on
/// random cases, an empirical check rather than a proof.
pub fn time_of_impact(circle: Circle, displacement: Vec2, aabb: Aabb) -> Option<Impact> {
    if super::contact_circle_aabb::intersects(circle, aabb) {
        return None; // already overlapping: the caller separates it with the discrete contact
    }
    let (p, d, r) = (circle.center, displacement, circle.radius);
    let (min, max) = (aabb.min, aabb.max);
    // Crossing times of the path with the planes of the box grown by r (x low, y low, x high,
    // y high) and of the box itself: `(plane - p) / d`, each lane rounded exactly as a scalar
    // division would be.
    let p4 = Vec4::new(p.x, p.y, p.x, p.y);
    let d4 = Vec4::new(d.x, d.y, d.x, d.y);
    let grown = (Vec4::new(min.x - r, min.y - r, max.x + r, max.y + r) - p4) / d4;
    let boxed = (Vec4::new(min.x, min.y, max.x, max.y) - p4) / d4;
    let (near_gx, far_gx, pos_x) = slab(grown.x, grown.z, p.x, d.x, min.x - r, max.x + r);
    let (near_gy, far_gy, pos_y) = slab(grown.y, grown.w, p.y, d.y, min.y - r, max.y + r);
    let (near_bx, far_bx, _) = slab(boxed.x, boxed.z, p.x, d.x, min.x, max.x);
    let (near_by, far_by, _) = slab(boxed.y, boxed.w, p.y, d.y, min.y, max.y);
    let unit = 0.0..=1.0;

    // The box grown by r along x only: entered through its side faces (x normal) when the path
    // is inside the box's y slab by then. A box grown along one axis is on the rounded sum's
    // boundary only at the faces it grew; its other faces lie inside the corner discs, so
    // entering through one of them always comes after entering a disc, except at their tangent
    // point, where rounding could let it win the tie with a normal 90° off (hitting the top face
    // right at the corner, the normal came out as -x): those entries are not face hits.
    let x_face = near_by <= near_gx && near_gx < far_gx.min(far_by) && unit.contains(&near_gx);
    // The same along y, the box's x slab entered first.
    let y_face = near_gy > near_bx && near_gy < far_bx.min(far_gy) && unit.contains(&near_gy);
    let mut best: Option<(f32, Vec2)> = None;
    let mut corner_x = None;
    let mut corner_y = None;
    if x_face {
        best = Some((near_gx, face_normal(0, pos_x)));
        let y = p.y + d.y * near_gx;
        corner_x = Some(if pos_x { max.x } else { min.x });
        if y - min.y < CORNER_MARGIN {
            corner_y = Some(min.y);
        } else if max.y - y < CORNER_MARGIN {
            corner_y = Some(max.y);
        }
    }
    if y_face && best.is_none_or(|(t, _)| near_gy < t) {
        best = Some((near_gy, face_normal(1, pos_y)));
        let x = p.x + d.x * near_gy;
        corner_y = Some(if pos_y { max.y } else { min.y });
        corner_x = None;
        if x - min.x < CORNER_MARGIN {
            corner_x = Some(min.x);
        } else if max.x - x < CORNER_MARGIN {
            corner_x = Some(max.x);
        }
    }
    if best.is_none() {
        // No face: the path can only enter the rounded sum through a corner disc, after entering
        // the box grown by r on both axes in that corner's square.
        // Grown by a further TANGENT_MARGIN, so that a path grazing a disc where it touches the
        // grown box's edge, which rounding may count as a hit on the disc (as the direct form
        // does), reaches the disc test.
        let grow = r + TANGENT_MARGIN;
        let times = (Vec4::new(min.x - grow, min.y - grow, max.x + grow, max.y + grow) - p4) / d4;
        let (near_x, far_x, _) = slab(times.x, times.z, p.x, d.x, min.x - grow, max.x + grow);
        let (near_y, far_y, _) = slab(times.y, times.w, p.y, d.y, min.y - grow, max.y + grow);
        let t_enter = near_x.max(near_y);
        let t_exit = far_x.min(far_y);
        if !(t_enter < t_exit && t_enter <= 1.0 && t_exit > 0.0) {
            return None;
        }
        let q = p + d * t_enter.max(0.0);
        let mid = (min + max) * 0.5;
        corner_x = Some(if q.x < mid.x { min.x } else { max.x });
        corner_y = Some(if q.y < mid.y { min.y } else { max.y });
    }
    let mut corner_disc = |corner: Vec2| {
        let hit = ray_circle(p, d, corner, r);
        if let Some(t) = hit {
            if best.is_none_or(|(bt, _)| t < bt) {
                let n = (p + d * t - corner) / r;
                best = Some((t, n.normalize_or(n)));
            }
        }
        hit.is_some()
    };
    if let (Some(cx), Some(cy)) = (corner_x, corner_y) {
        let corner = Vec2::new(cx, cy);
        if !corner_disc(corner) && !x_face && !y_face {
            // Exactly, a path that enters a corner square and misses its disc misses the rounded
            // sum. In f32 a path grazing that disc near its tangent point with a face, almost
            // parallel to the face, can be counted a miss there and a hit on another disc further
            // on: test the other three as the direct form does, so that it answers the same.
            for other in [min, Vec2::new(max.x, min.y), Vec2::new(min.x, max.y), max] {
                if other != corner {
                    corner_disc(other);
                }
            }
        }
    }
    best.map(|(toi, normal)| Impact {
        toi,
        normal,
        center: p + d * toi,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Entry time of the ray `p + t·d`, t ∈ [0, 1], into the open box `[min, max]`, with the normal of
    /// the face entered. `None` if it misses, starts inside, or only grazes an edge.
    fn reference_ray_box(p: Vec2, d: Vec2, min: Vec2, max: Vec2) -> Option<(f32, Vec2)> {
        let mut t_enter = f32::NEG_INFINITY;
        let mut t_exit = f32::INFINITY;
        let mut normal = Vec2::ZERO;
        for axis in 0..2 {
            let (p, d, lo, hi) = (p[axis], d[axis], min[axis], max[axis]);
            let unit = if axis == 0 { Vec2::X } else { Vec2::Y };
            if d == 0.0 {
                if p <= lo || p >= hi {
                    return None;
                }
                continue;
            }
            let (t_lo, t_hi) = ((lo - p) / d, (hi - p) / d);
            let (near, far, n) = if t_lo < t_hi {
                (t_lo, t_hi, -unit)
            } else {
                (t_hi, t_lo, unit)
            };
            if near > t_enter {
                t_enter = near;
                normal = n;
            }
            t_exit = t_exit.min(far);
        }
        (t_enter < t_exit && (0.0..=1.0).contains(&t_enter)).then_some((t_enter, normal))
    }

    /// The direct form: every one of the six pieces tested, the earliest entry kept (the
    /// implementation before the restructuring into one slab test and one disc).
    fn reference_time_of_impact(circle: Circle, displacement: Vec2, aabb: Aabb) -> Option<Impact> {
        if crate::collision::contact_circle_aabb::intersects(circle, aabb) {
            return None; // already overlapping: the caller separates it with the discrete contact
        }
        let (p, d, r) = (circle.center, displacement, circle.radius);
        let mut best: Option<(f32, Vec2)> = None;
        let mut consider = |t: f32, n: Vec2| {
            if best.is_none_or(|(bt, _)| t < bt) {
                best = Some((t, n));
            }
        };
        let grow_x = Vec2::new(r, 0.0);
        let grow_y = Vec2::new(0.0, r);
        // A box grown along one axis is on the rounded sum's boundary only at the faces it grew; its
        // other faces lie inside the corner discs, so entering through one of them always comes after
        // entering a disc, except at their tangent point, where rounding could let it win the tie with
        // a normal 90° off (hitting the top face right at the corner, the normal came out as -x).
        if let Some((t, n)) = reference_ray_box(p, d, aabb.min - grow_x, aabb.max + grow_x) {
            if n.x != 0.0 {
                consider(t, n);
            }
        }
        if let Some((t, n)) = reference_ray_box(p, d, aabb.min - grow_y, aabb.max + grow_y) {
            if n.y != 0.0 {
                consider(t, n);
            }
        }
        for corner in [
            aabb.min,
            Vec2::new(aabb.max.x, aabb.min.y),
            Vec2::new(aabb.min.x, aabb.max.y),
            aabb.max,
        ] {
            if let Some(t) = ray_circle(p, d, corner, r) {
                let n = (p + d * t - corner) / r;
                consider(t, n.normalize_or(n));
            }
        }
        best.map(|(toi, normal)| Impact {
            toi,
            normal,
            center: p + d * toi,
        })
    }

    /// A random case: boxes of bricks' and paddles' sizes, radii 2–30 px, paths of 0–2000 px
    /// (some with a zero component), aimed anywhere near the box, at a corner, or grazing a
    /// corner disc or a face's end within 0.01 px.
    fn random_case(rng: &mut rand_pcg::Pcg64Mcg) -> (Circle, Vec2, Aabb) {
        let size = Vec2::new(rng.random_range(5.0..200.0), rng.random_range(5.0..80.0));
        let min = Vec2::new(rng.random_range(0.0..600.0), rng.random_range(0.0..520.0));
        let aabb = Aabb {
            min,
            max: min + size,
        };
        let r = rng.random_range(2.0..30.0f32);
        let corners = [
            aabb.min,
            aabb.max,
            Vec2::new(min.x, aabb.max.y),
            Vec2::new(aabb.max.x, min.y),
        ];
        let corner = corners[rng.random_range(0..4)];
        let angle = rng.random_range(0.0..std::f32::consts::TAU);
        let dir = Vec2::new(libm::cosf(angle), libm::sinf(angle));
        let length =
            [rng.random_range(0.0..80.0), rng.random_range(0.0..2000.0)][rng.random_range(0..2)];
        let mut d = dir * length;
        match rng.random_range(0..3) {
            0 => d.x = 0.0,
            1 => d.y = 0.0,
            _ => {}
        }
        let target = match rng.random_range(0..4) {
            // Near the box.
            0 => Vec2::new(
                rng.random_range(min.x - 2.0 * r..aabb.max.x + 2.0 * r),
                rng.random_range(min.y - 2.0 * r..aabb.max.y + 2.0 * r),
            ),
            // At a corner.
            1 => corner,
            // Grazing the corner's disc: the path passes at r ± 0.01 px from the corner.
            2 => corner + dir.perp() * (r + rng.random_range(-0.01..0.01)),
            // Grazing a face's end: the tangent point of a face and a disc.
            _ => corner + [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y][rng.random_range(0..4)] * r,
        };
        let start = target - d * rng.random_range(0.0..1.5);
        (
            Circle {
                center: start,
                radius: r,
            },
            d,
            aabb,
        )
    }

    #[test]
    fn the_restructured_test_gives_the_direct_forms_results_bit_for_bit() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x5eed_0c0f);
        let (mut hits, mut corners) = (0, 0);
        for i in 0..400_000 {
            let (circle, d, aabb) = random_case(&mut rng);
            let ours = time_of_impact(circle, d, aabb);
            let direct = reference_time_of_impact(circle, d, aabb);
            let same = match (ours, direct) {
                (Some(a), Some(b)) => {
                    a.toi.to_bits() == b.toi.to_bits()
                        && a.normal.x.to_bits() == b.normal.x.to_bits()
                        && a.normal.y.to_bits() == b.normal.y.to_bits()
                        && a.center.x.to_bits() == b.center.x.to_bits()
                        && a.center.y.to_bits() == b.center.y.to_bits()
                }
                (a, b) => a == b,
            };
            assert!(
                same,
                "case {i}: {circle:?} d {d:?} {aabb:?}: {ours:?}, direct {direct:?}"
            );
            if let Some(hit) = direct {
                hits += 1;
                corners += usize::from(hit.normal.x != 0.0 && hit.normal.y != 0.0);
            }
        }
        // The mix must exercise both kinds of hit.
        assert!(
            hits > 100_000 && corners > 30_000,
            "{hits} hits, {corners} at corners"
        );
    }

    fn brick() -> Aabb {
        Aabb {
            min: Vec2::new(100.0, 100.0),
            max: Vec2::new(160.0, 130.0),
        }
    }

    #[test]
    fn fast_ball_through_thin_brick_hits_its_face() {
        let c = Circle {
            center: Vec2::new(130.0, 400.0),
            radius: 10.0,
        };
        let hit = time_of_impact(c, Vec2::new(0.0, -5000.0), brick()).expect("no tunnelling");
        assert_eq!(hit.normal, Vec2::Y);
        assert!((hit.center.y - 140.0).abs() < 1e-3, "{hit:?}");
    }

    #[test]
    fn corner_hit_has_radial_normal() {
        // Aim diagonally at the bottom-right corner.
        let c = Circle {
            center: Vec2::new(200.0, 170.0),
            radius: 10.0,
        };
        let hit = time_of_impact(c, Vec2::new(-80.0, -80.0), brick()).expect("hit");
        let expected = Vec2::new(1.0, 1.0).normalize();
        assert!(hit.normal.distance(expected) < 1e-4, "{hit:?}");
        assert!((hit.center.distance(brick().max) - 10.0).abs() < 1e-3);
    }

    #[test]
    fn grazing_past_the_rounded_corner_misses() {
        // A diagonal path passing the bottom-right corner (160, 130) at distance 11 > radius 10:
        // no hit, although it crosses the corner of the box grown by r (a square-cornered sum).
        let offset = 11.0 * std::f32::consts::SQRT_2; // line x + y = 290 + offset
        let start = Vec2::new(185.0, 290.0 + offset - 185.0);
        let c = Circle {
            center: start,
            radius: 10.0,
        };
        let d = Vec2::new(-40.0, 40.0);
        let crosses_square = (0..=100).any(|i| {
            let q = start + d * (i as f32 / 100.0);
            q.x > 90.0 && q.x < 170.0 && q.y > 90.0 && q.y < 140.0
        });
        assert!(
            crosses_square,
            "the test path must cross the square-cornered grown box"
        );
        assert_eq!(time_of_impact(c, d, brick()), None);
        // The same path 2 px closer to the corner does hit it.
        let closer = Circle {
            center: start - Vec2::splat(2.0 / std::f32::consts::SQRT_2),
            radius: 10.0,
        };
        let hit = time_of_impact(closer, d, brick()).expect("hit");
        assert!(hit.normal.x > 0.0 && hit.normal.y > 0.0, "{hit:?}");
    }

    #[test]
    fn moving_away_or_starting_inside_is_no_impact() {
        let c = Circle {
            center: Vec2::new(130.0, 150.0),
            radius: 10.0,
        };
        assert!(time_of_impact(c, Vec2::new(0.0, 100.0), brick()).is_none());
        let inside = Circle {
            center: Vec2::new(130.0, 135.0),
            radius: 10.0,
        };
        assert!(time_of_impact(inside, Vec2::new(0.0, -100.0), brick()).is_none());
    }
}
