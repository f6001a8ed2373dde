//! The post-bounce processing of §1.2 against its description: masks, quantisation, entropy,
//! speed; and the target driver's snap-back.

use super::*;
use proptest::prelude::*;
use rand::SeedableRng;

/// LBreakout's full circle in `angle2vec` (§1.2.2), written here independently.
#[allow(clippy::approx_constant)]
const LBREAKOUT_CIRCLE: f32 = 6.28;

/// Degrees of `v` from horizontal, 0–90.
fn from_horizontal(v: Vec2) -> f32 {
    libm::atan2f(v.y.abs(), v.x.abs()).to_degrees()
}

proptest! {
    /// §1.2.2: every quantised direction is one of LBreakout's 180 directions, 6.28·i/180 rad,
    /// and within 2.2° of the input (1° truncation, 1° halving, the 6.28 shortfall ≤ 0.18°).
    #[test]
    fn quantise_lands_on_the_6_28_lattice(a in 0.0f32..std::f32::consts::TAU, s in 0.01f32..5000.0) {
        let v = Vec2::new(libm::cosf(a), libm::sinf(a)) * s;
        let q = quantise(v);
        prop_assert!((q.length() - 1.0).abs() < 1e-5);
        let angle = libm::atan2f(q.y, q.x).rem_euclid(std::f32::consts::TAU);
        let i = angle / (LBREAKOUT_CIRCLE / 180.0);
        prop_assert!((i - i.round()).abs() < 1e-3, "index {i}");
        let diff = (angle - a).rem_euclid(std::f32::consts::TAU);
        let diff = diff.min(std::f32::consts::TAU - diff).to_degrees();
        prop_assert!(diff <= 2.2, "{diff}° off");
    }

    /// §1.2.1: without entropy the mask keeps the direction 20°–80° from horizontal, keeps the
    /// signs (a zero vx takes the opposite of the old one) and the length.
    #[test]
    fn mask_keeps_20_to_80_degrees_signs_and_length(a in 0.0f32..std::f32::consts::TAU, s in 0.1f32..5000.0, old in -1.0f32..1.0) {
        let v = Vec2::new(libm::cosf(a), libm::sinf(a)) * s;
        let m = mask(v, old, None);
        let deg = from_horizontal(m);
        prop_assert!((19.99..=80.01).contains(&deg), "{deg}°");
        prop_assert!((m.length() - s).abs() <= s * 1e-5);
        if v.x != 0.0 {
            prop_assert_eq!(m.x > 0.0, v.x > 0.0);
        }
        prop_assert_eq!(m.y >= 0.0, v.y >= 0.0);
    }

    /// §1.2.1: with entropy, vx moves by 4–12 % of itself (before the length reset): the slope
    /// |vy/vx| of the masked result differs from the entropy-free one by that factor.
    #[test]
    fn entropy_moves_vx_by_4_to_12_percent(a in 0.0f32..std::f32::consts::TAU, seed in 0u64..1000) {
        let v = Vec2::new(libm::cosf(a), libm::sinf(a)) * 300.0;
        prop_assume!(v.x.abs() > 1.0);
        let plain = mask(v, 1.0, None);
        let mut rng = Pcg32::seed_from_u64(seed);
        let shaken = mask(v, 1.0, Some(&mut rng));
        prop_assume!(plain.x != plain.y);
        let ratio = (plain.y / plain.x).abs() / (shaken.y / shaken.x).abs();
        let change = (ratio - 1.0).abs();
        prop_assert!((0.039..=0.121).contains(&change), "vx changed by {change}");
        prop_assert!((shaken.length() - 300.0).abs() < 1e-2);
    }

    /// Post-processing keeps the speed and gives a finite velocity for any input.
    #[test]
    fn post_process_keeps_the_speed(a in 0.0f32..std::f32::consts::TAU, s in 0.1f32..5000.0) {
        let v = Vec2::new(libm::cosf(a), libm::sinf(a)) * s;
        let out = post_process(v, 1.0, 450.0, None);
        prop_assert!(out.is_finite());
        prop_assert!((out.length() - 450.0).abs() < 1e-2);
    }
}

#[test]
fn shallow_steep_and_zero_vx_are_masked_as_lbreakout_does() {
    // 5° → 20° (|vy| = tan 20°·|vx|), signs kept.
    let m = mask(Vec2::new(-100.0, 8.75), 0.0, None);
    assert!((from_horizontal(m) - 20.0).abs() < 0.01 && m.x < 0.0 && m.y > 0.0);
    // 88° → 80°.
    let m = mask(Vec2::new(3.0, -100.0), 0.0, None);
    assert!((from_horizontal(m) - 80.0).abs() < 0.01 && m.x > 0.0 && m.y < 0.0);
    // vx = 0 takes the sign opposite to the old vx, then 80°.
    let m = mask(Vec2::new(0.0, 100.0), 5.0, None);
    assert!(m.x < 0.0 && (from_horizontal(m) - 80.0).abs() < 0.01);
    // vx == vy exactly: vx × 0.98.
    let m = mask(Vec2::new(100.0, 100.0), 0.0, None);
    assert!((m.y / m.x - 1.0 / 0.98).abs() < 1e-5);
}

#[test]
fn a_zero_velocity_stays_put_and_a_nan_is_not_spread() {
    assert_eq!(post_process(Vec2::ZERO, 0.0, 450.0, None), Vec2::ZERO);
    assert_eq!(mask(Vec2::ZERO, 1.0, None), Vec2::ZERO);
    assert!(quantise(Vec2::ZERO).is_finite());
}

#[test]
fn reached_needs_both_coordinates_passed_and_a_still_coordinate_counts_as_passed() {
    let t = Vec2::new(10.0, 10.0);
    assert!(!reached(Vec2::new(11.0, 9.0), Vec2::new(1.0, 1.0), t));
    assert!(reached(Vec2::new(11.0, 10.0), Vec2::new(1.0, 1.0), t));
    assert!(reached(Vec2::new(9.0, 9.0), Vec2::new(-1.0, -1.0), t));
    assert!(reached(Vec2::new(50.0, 10.5), Vec2::new(0.0, 1.0), t));
}
