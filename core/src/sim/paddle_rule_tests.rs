//! Property tests of every paddle rule: the exit angle within the row's stated range, the
//! speed kept, always upward and finite, symmetric about the paddle's centre; and each rule's
//! own statement checked at the points where it is plain (centre, ends).

use super::*;
use proptest::prelude::*;

/// The paddle of a new game: 100 × 20 px, its top at y = 556.
fn paddle(width: f32) -> (Vec2, Vec2) {
    (
        Vec2::new(400.0 - width / 2.0, 556.0),
        Vec2::new(width, 20.0),
    )
}

fn hit(offset_px: f32, vel: Vec2, width: f32) -> PaddleHit {
    let (paddle_pos, paddle_size) = paddle(width);
    PaddleHit {
        ball: Vec2::new(400.0 + offset_px, 556.0 - 12.5),
        radius: 12.5,
        vel,
        speed: vel.length().max(450.0),
        paddle_pos,
        paddle_size,
    }
}

/// The rule's answer, through the row (`Aim::Game` has no function here: `ball.rs` tests it).
fn answer(rule: PaddleRule, h: &PaddleHit) -> Option<Vec2> {
    match rule.def().aim {
        Aim::Game => None,
        Aim::Own(f) => Some(f(h)),
    }
}

/// Degrees from straight up, positive to the right.
fn from_vertical(v: Vec2) -> f32 {
    libm::atan2f(v.x, -v.y).to_degrees()
}

fn falling() -> impl Strategy<Value = Vec2> {
    (-1.4f32..1.4, 100.0f32..3000.0)
        .prop_map(|(a, speed)| Vec2::new(libm::sinf(a), libm::cosf(a)) * speed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_rule_keeps_the_speed_goes_up_within_its_range_and_is_symmetric(
        offset in -80.0f32..80.0,
        vel in falling(),
        width in 40.0f32..300.0,
    ) {
        for rule in PaddleRule::ALL {
            let h = hit(offset, vel, width);
            let Some(out) = answer(rule, &h) else { continue };
            prop_assert!(out.is_finite(), "{rule}: {out}");
            prop_assert!((out.length() - h.speed).abs() <= h.speed * 1e-5, "{rule}: {out}");
            prop_assert!(out.y < 0.0, "{rule}: leaves down or flat: {out}");
            let (lo, hi) = rule.def().range_deg;
            let angle = from_vertical(out).abs();
            prop_assert!(angle >= lo - 1e-3 && angle <= hi + 1e-3, "{rule}: {angle}° not in {lo}–{hi}");
            // Mirrored about the paddle's centre: the answer mirrors.
            let m = hit(-offset, Vec2::new(-vel.x, vel.y), width);
            if offset != 0.0 || vel.x != 0.0 {
                let back = answer(rule, &m).unwrap();
                prop_assert!((back.x + out.x).abs() <= h.speed * 1e-5 && (back.y - out.y).abs() <= h.speed * 1e-5,
                    "{rule}: {out} mirrored is {back}");
            }
        }
    }

    #[test]
    fn the_rules_that_ignore_the_incoming_angle_ignore_it(
        offset in -80.0f32..80.0,
        a in falling(),
        b in falling(),
    ) {
        for rule in [PaddleRule::Kbreakout, PaddleRule::SdlBall, PaddleRule::Lbreakout] {
            let x = answer(rule, &hit(offset, a, 100.0)).unwrap().normalize();
            let y = answer(rule, &hit(offset, b, 100.0)).unwrap().normalize();
            // LBreakout keeps the sideways sign of a ball hit dead centre, nothing more.
            if offset != 0.0 {
                prop_assert!((x - y).length() < 1e-5, "{rule}: {x} vs {y}");
            }
        }
    }

    #[test]
    fn the_mirror_rules_mirror_about_the_tilted_normal(
        offset in -50.0f32..50.0,
        a in -0.5f32..0.5,
    ) {
        // Away from the clamps, the exit angle is 2·tilt + the incoming angle (from down).
        let vel = Vec2::new(libm::sinf(a), libm::cosf(a)) * 450.0;
        let gnome = answer(PaddleRule::GnomeBreakout, &hit(offset, vel, 100.0)).unwrap();
        let tilt = offset / 50.0 * 30.0;
        let expect = (2.0 * tilt + a.to_degrees()).clamp(-60.0, 60.0);
        prop_assert!((from_vertical(gnome) - expect).abs() < 1e-2, "{gnome} vs {expect}");
        let xb = answer(PaddleRule::Xboing, &hit(offset, vel, 100.0)).unwrap();
        let tilt = libm::atanf(offset / 120.0).to_degrees();
        let expect = (2.0 * tilt + a.to_degrees()).clamp(-80.0, 80.0);
        prop_assert!((from_vertical(xb) - expect).abs() < 1e-2, "{xb} vs {expect}");
    }
}

#[test]
fn each_rule_at_the_centre_and_the_ends() {
    let down = Vec2::new(0.0, 450.0);
    let at = |rule, offset| from_vertical(answer(rule, &hit(offset, down, 100.0)).unwrap());
    // KBreakOut: straight up at the centre, 60° at the ends.
    assert!(at(PaddleRule::Kbreakout, 0.0).abs() < 1e-4);
    assert!((at(PaddleRule::Kbreakout, 50.0) - 60.0).abs() < 1e-3);
    assert!((at(PaddleRule::Kbreakout, -70.0) + 60.0).abs() < 1e-3);
    // SDL-Ball: 15° above the horizontal at the ends.
    assert!((at(PaddleRule::SdlBall, 50.0) - 75.0).abs() < 1e-3);
    assert!((at(PaddleRule::SdlBall, -50.0) + 75.0).abs() < 1e-3);
    // gnome-breakout and XBoing: a ball falling straight down leaves at twice the tilt.
    assert!((at(PaddleRule::GnomeBreakout, 25.0) - 30.0).abs() < 1e-3);
    assert!((at(PaddleRule::Xboing, 60.0) - 2.0 * libm::atanf(0.5).to_degrees()).abs() < 1e-3);
    // LBreakout: at the centre 10° (its mask), further out steeper, in whole 2° steps; at the
    // half-disc's centre (40 px out) atan(40 / (50 + 12.5)) ≈ 32.6°, 32° in 2° steps.
    assert!((at(PaddleRule::Lbreakout, 0.0) - 10.0).abs() < 1e-3);
    assert!((at(PaddleRule::Lbreakout, 40.0) - 32.0).abs() < 1e-3);
    let mut last = 0.0;
    for x in 0..=60 {
        let a = at(PaddleRule::Lbreakout, x as f32);
        assert!(a >= last, "{x}: {a} < {last}");
        assert!(
            (a - a.round()).abs() < 1e-3 && a.round() as i32 % 2 == 0,
            "{a}"
        );
        last = a;
    }
}

#[test]
fn names_round_trip_and_the_default_is_the_games() {
    assert_eq!(PaddleRule::default(), PaddleRule::Game);
    for rule in PaddleRule::ALL {
        assert_eq!(PaddleRule::from_name(rule.name()), Some(rule));
        let json = serde_json::to_string(&rule).unwrap();
        assert_eq!(json, format!("\"{}\"", rule.name()));
    }
}

#[test]
fn no_nan_from_degenerate_input() {
    for rule in PaddleRule::ALL {
        for vel in [Vec2::ZERO, Vec2::new(0.0, -5.0), Vec2::new(f32::NAN, 1.0)] {
            let mut h = hit(3.0, vel, 100.0);
            h.speed = 450.0;
            h.paddle_size.x = 0.0;
            if let Some(out) = answer(rule, &h) {
                assert!(out.is_finite() && out.y < 0.0, "{rule} {vel}: {out}");
            }
        }
    }
}
