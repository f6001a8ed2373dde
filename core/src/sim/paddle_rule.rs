//! The paddle rules: how the ball leaves the paddle, this game's rule and those of the games whose
//! levels it imports, one [`PaddleRule`] row each (`GameConfig::paddle_rule`, chosen with the
//! level's game by `--collision native`, `sim::native`). The research they are written from,
//! never copied from their (GPL) sources: `../shared/research/peer-collision-2026-11-27.md`
//! §1.5, §3.2, §4.3, §5.2, §6.1 and §7.
//!
//! Each rule takes a [`PaddleHit`] (the ball's centre and velocity as it meets the paddle, the
//! paddle's box) and returns the outgoing velocity: the same speed, always upward and never
//! horizontal, finite for any finite input. Their pixel constants are rescaled to this game's
//! paddle (100 × 20 px at the start; the width changes with power-ups and difficulty): each row's
//! function says how. Angles "from vertical" are positive to the right.
//!
//! `ball::paddle_bounce` dispatches through the row ([`PaddleRuleDef::aim`]): the `game` row's
//! rule lives there (it shares the anti-loop limits of `ball::clamp_direction`), the others here.

use glam::Vec2;

/// One ball meeting the paddle. Playfield pixels (origin top-left, y down), pixels/second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaddleHit {
    /// The ball's centre.
    pub ball: Vec2,
    /// The ball's radius, pixels.
    pub radius: f32,
    /// The ball's velocity as it arrives, pixels/second (zero for a caught ball launched from
    /// the paddle: it counts as falling straight down).
    pub vel: Vec2,
    /// The speed the ball leaves with, pixels/second.
    pub speed: f32,
    /// The paddle's top-left corner.
    pub paddle_pos: Vec2,
    /// The paddle's width and height, pixels.
    pub paddle_size: Vec2,
}

impl PaddleHit {
    /// Half the paddle's width, pixels (at least a hair, so a degenerate paddle divides by no
    /// zero).
    fn half_width(&self) -> f32 {
        (self.paddle_size.x / 2.0).max(1e-3)
    }

    /// The ball centre's offset from the paddle's centre, in half-widths, clamped to −1…1.
    fn offset(&self) -> f32 {
        let centre = self.paddle_pos.x + self.paddle_size.x / 2.0;
        let f = (self.ball.x - centre) / self.half_width();
        if f.is_finite() {
            f.clamp(-1.0, 1.0)
        } else {
            0.0
        }
    }

    /// The ball centre's offset from the paddle's centre, pixels, clamped to ±`reach`.
    fn offset_px(&self, reach: f32) -> f32 {
        let centre = self.paddle_pos.x + self.paddle_size.x / 2.0;
        let dx = self.ball.x - centre;
        if dx.is_finite() {
            dx.clamp(-reach, reach)
        } else {
            0.0
        }
    }

    /// The ball's radius, pixels (0 if it is not a finite positive number).
    fn radius(&self) -> f32 {
        if self.radius.is_finite() {
            self.radius.max(0.0)
        } else {
            0.0
        }
    }

    /// The incoming direction's angle from straight down, radians, positive when moving right
    /// (0 for a ball that does not move, or moves up).
    fn incoming_from_down(&self) -> f32 {
        if self.vel.y <= 0.0 || !self.vel.is_finite() {
            return 0.0;
        }
        libm::atan2f(self.vel.x, self.vel.y)
    }
}

/// How a rule computes the outgoing velocity.
#[derive(Clone, Copy, Debug)]
pub enum Aim {
    /// This game's rule, `ball::paddle_bounce`'s own (the default).
    Game,
    /// A rule of this file.
    Own(fn(&PaddleHit) -> Vec2),
}

/// The facts of one [`PaddleRule`]: its row of the table ([`PaddleRule::def`]).
#[derive(Clone, Copy, Debug)]
pub struct PaddleRuleDef {
    /// The name `simulate`'s JSON and the replay screen use.
    pub name: &'static str,
    /// What the HUD calls it ("LBreakout paddle").
    pub label: &'static str,
    /// The game, file and function it follows.
    pub source: &'static str,
    /// The exit angle's range from vertical, degrees, as the rule states it (the property tests
    /// hold each rule to it).
    pub range_deg: (f32, f32),
    /// Its computation.
    pub aim: Aim,
}

kind_table! {
    /// How the ball leaves the paddle: this game's rule (the default) or another game's, as the
    /// level's game plays it (`--collision native`). One row per rule ([`PaddleRuleDef`]); new
    /// rules go at the end.
    #[derive(
        Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize,
    )]
    pub enum PaddleRule: PaddleRuleDef {
        /// This game's: the angle from vertical grows linearly with the offset, up to
        /// `PADDLE_MAX_BOUNCE_DEG` (60°) at the ends, within the anti-loop limits (at least 10°
        /// from vertical, 20° from horizontal); the incoming angle is ignored.
        #[default]
        #[serde(rename = "game")]
        Game => PaddleRuleDef {
            name: "game",
            label: "this game's paddle",
            source: "this game's `sim/ball.rs` `paddle_bounce`",
            range_deg: (10.0, 60.0),
            aim: Aim::Game,
        },
        /// LBreakout's convex paddle: the ball leaves along the line from a point below the
        /// paddle through the contact, the incoming angle ignored ([`lbreakout`]).
        #[serde(rename = "lbreakout")]
        Lbreakout => PaddleRuleDef {
            name: "lbreakout",
            label: "LBreakout paddle",
            source: "LBreakoutHD 1.1.8 `libgame/balls.c` `ball_check_paddle_reflection` (convex paddle), `ball_mask_vel`, `mathfuncs.c` `vec2angle`/`angle2vec`; also LBreakout2 2.6.5 `game/balls.c`",
            range_deg: (10.0, 70.0),
            aim: Aim::Own(lbreakout),
        },
        /// KBreakOut's bar: ±60° from vertical by the offset, the incoming angle ignored
        /// ([`kbreakout`]).
        #[serde(rename = "kbreakout")]
        Kbreakout => PaddleRuleDef {
            name: "kbreakout",
            label: "KBreakOut paddle",
            source: "KBreakOut `src/qml/logic.js` `detectBallCollisions` (the bar's branch)",
            range_deg: (0.0, 60.0),
            aim: Aim::Own(kbreakout),
        },
        /// SDL-Ball's paddle: 15°–165° from the horizontal by the offset, the incoming angle
        /// ignored ([`sdl_ball`]).
        #[serde(rename = "sdl-ball")]
        SdlBall => PaddleRuleDef {
            name: "sdl-ball",
            label: "SDL-Ball paddle",
            source: "SDL-Ball `main.cpp` `padcoldet`, `bounceOffAngle`, `ball::setangle`",
            range_deg: (0.0, 75.0),
            aim: Aim::Own(sdl_ball),
        },
        /// gnome-breakout's bat: a mirror about a normal tilted up to 30° by the offset, the
        /// incoming angle kept, at most 60° from vertical ([`gnome_breakout`]).
        #[serde(rename = "gnome-breakout")]
        GnomeBreakout => PaddleRuleDef {
            name: "gnome-breakout",
            label: "gnome-breakout paddle",
            source: "gnome-breakout `src/collision.c` `ball_bat_collision`",
            range_deg: (0.0, 60.0),
            aim: Aim::Own(gnome_breakout),
        },
        /// XBoing's paddle: a mirror about a normal tilted by atan(offset / (paddle size +
        /// 10 px)), the incoming angle kept ([`xboing`]).
        #[serde(rename = "xboing")]
        Xboing => PaddleRuleDef {
            name: "xboing",
            label: "XBoing paddle",
            source: "XBoing 2.4 `ball.c` `UpdateABall` (paddle bounce) and `BallHitPaddle`",
            range_deg: (0.0, XBOING_MAX_FROM_VERTICAL_DEG),
            aim: Aim::Own(xboing),
        },
    }
}

impl PaddleRule {
    /// Its name ([`PaddleRuleDef::name`]).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// The rule of a name (exactly as [`PaddleRule::name`] writes it).
    pub fn from_name(name: &str) -> Option<PaddleRule> {
        Self::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Whether it is the default, this game's rule (left out of the state hash and of
    /// `simulate`'s JSON).
    pub fn is_default(&self) -> bool {
        *self == PaddleRule::default()
    }
}

impl std::fmt::Display for PaddleRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `speed` along the direction `from_vertical` radians from straight up (positive: right).
fn upward(from_vertical: f32, speed: f32) -> Vec2 {
    Vec2::new(libm::sinf(from_vertical), -libm::cosf(from_vertical)) * speed
}

/// LBreakout's least angle of the ball from vertical after a bounce, degrees (`ball_mask_vel`'s
/// 80° from horizontal).
const LBREAKOUT_MIN_FROM_VERTICAL_DEG: f32 = 10.0;
/// LBreakout's largest angle from vertical, degrees (`ball_mask_vel`'s 20° from horizontal).
const LBREAKOUT_MAX_FROM_VERTICAL_DEG: f32 = 70.0;

/// LBreakout's convex paddle (LBreakoutHD `libgame/balls.c` `ball_check_paddle_reflection`;
/// research §1.5). The paddle is a capsule (a flat middle between two half-discs of radius
/// half its height) grown by the ball's radius; the contact is the point of that outline above
/// the ball's centre. The aim point C lies on the paddle's vertical centre line where the 45°
/// line through a half-disc's centre meets it: half the paddle's width below its top (LBreakout:
/// `paddle.y + 9 + (width/2 − 9)` for its 18 px high paddle; here the half-disc radius is half
/// our paddle's height, so C keeps its place relative to the width, which is the rescaling). The
/// ball leaves along C → contact (LBreakout reflects about the unnormalised C − contact, 40–100
/// px long against a speed under 1 px/ms, so the incoming angle all but vanishes: it is dropped
/// here, except for the sign of a ball hit exactly at the centre, which keeps its sideways
/// direction as the reflection does). Then `ball_mask_vel`'s limits (10°–70° from vertical,
/// without its random "entropy", which only corner bounces get) and `angle2vec`'s 2° steps,
/// truncated. LBreakout truncates the full-circle angle in its quadrant and writes 2π as 6.28:
/// a skew under 0.2° between the left and right halves that this rule leaves out, so it is
/// symmetric about the centre. The paddle's friction (LBreakout2 adds 0.3 × its velocity) is
/// left out: the speed is kept.
pub fn lbreakout(hit: &PaddleHit) -> Vec2 {
    let half = hit.half_width();
    let h = hit.paddle_size.y.max(0.0);
    let r = hit.radius();
    let cap = h / 2.0;
    let flat = (half - cap).max(0.0);
    let dx = hit.offset_px(half + r);
    let top = hit.paddle_pos.y;
    // The grown capsule's outline above the ball: flat, or on a half-disc's grown circle.
    let contact_y = if dx.abs() <= flat {
        top - r
    } else {
        let reach = cap + r;
        let across = (dx.abs() - flat).min(reach);
        top + cap - (reach * reach - across * across).max(0.0).sqrt()
    };
    let aim_y = top + half;
    let up = (aim_y - contact_y).max(1e-3);
    let magnitude = libm::atan2f(dx.abs(), up).to_degrees().clamp(
        LBREAKOUT_MIN_FROM_VERTICAL_DEG,
        LBREAKOUT_MAX_FROM_VERTICAL_DEG,
    );
    let quantised = (magnitude as u32 / 2 * 2) as f32;
    let side = if dx > 0.0 || (dx == 0.0 && hit.vel.x >= 0.0) {
        1.0
    } else {
        -1.0
    };
    upward(side * quantised.to_radians(), hit.speed)
}

/// KBreakOut's largest angle from vertical, degrees (`logic.js`: 90° ± 60° from the horizontal).
const KBREAKOUT_MAX_FROM_VERTICAL_DEG: f32 = 60.0;

/// KBreakOut's bar (`src/qml/logic.js` `detectBallCollisions`, the bar's branch; research §3.2):
/// the direction at 90° + 60° × (bar centre − ball centre)/(bar width/2) from the horizontal,
/// straight up at the centre and 30° above the horizontal at the ends, the incoming direction
/// ignored. The rule is in half-widths, so it needs no rescaling. KBreakOut gives a ball whose
/// centre is beyond the bar's ends no bounce at all; here such a ball counts as at the end (the
/// game's paddle test already decided it bounces).
pub fn kbreakout(hit: &PaddleHit) -> Vec2 {
    let angle = hit.offset() * KBREAKOUT_MAX_FROM_VERTICAL_DEG;
    upward(angle.to_radians(), hit.speed)
}

/// SDL-Ball's lowest launch angle from the horizontal, degrees (`setangle`'s 15°–165°).
const SDL_BALL_MIN_FROM_HORIZONTAL_DEG: f32 = 15.0;

/// SDL-Ball's paddle (`main.cpp` `padcoldet`, `bounceOffAngle`, `ball::setangle`; research
/// §4.3): the angle from +x is 15° + 150° × (paddle.x + w − ball.x)/(2w), w the half-width and
/// ball.x the ball's centre: straight up at the centre, 15° above the horizontal at the ends,
/// clamped to 15°–165°; the incoming direction ignored. In half-widths, so no rescaling. Its
/// per-hit speed change (−0.0005 to −0.001 units/s) is left out: the speed is kept.
pub fn sdl_ball(hit: &PaddleHit) -> Vec2 {
    let from_horizontal = SDL_BALL_MIN_FROM_HORIZONTAL_DEG
        + (180.0 - 2.0 * SDL_BALL_MIN_FROM_HORIZONTAL_DEG) * (1.0 - hit.offset()) / 2.0;
    upward((90.0 - from_horizontal).to_radians(), hit.speed)
}

/// gnome-breakout's largest tilt of the bat's normal, degrees (`π + f·30°`).
const GNOME_TILT_DEG: f32 = 30.0;
/// gnome-breakout's largest angle from vertical after the bat, degrees (θ' clamped to
/// 120°–240°).
const GNOME_MAX_FROM_VERTICAL_DEG: f32 = 60.0;

/// gnome-breakout's bat (`src/collision.c` `ball_bat_collision`; research §5.2): with f the
/// offset in half-widths, the normal is tilted by f × 30° and the direction mirrored about it
/// (θ' = 2φ − θ + π with φ = π + f·30°, θ from straight down), then clamped to at most 60°
/// from vertical: the incoming angle matters. In half-widths, so no rescaling; the original's
/// integer offsets (which can pass ±1 slightly at the ends) are floats clamped to ±1 here, and
/// its "extra step" after a bounce is the game's own motion's business, not the rule's.
pub fn gnome_breakout(hit: &PaddleHit) -> Vec2 {
    let tilt = (hit.offset() * GNOME_TILT_DEG).to_radians();
    mirrored(hit, tilt, GNOME_MAX_FROM_VERTICAL_DEG)
}

/// XBoing's least climb after the paddle, as an angle from vertical, degrees: its `dy` of at
/// least 2 px a frame upward, at its middle speed level (5: about 11 px a frame), is about 10°
/// from the horizontal.
const XBOING_MAX_FROM_VERTICAL_DEG: f32 = 80.0;
/// XBoing's `atan(offset / (paddle size + 10))` for its medium 50 px paddle, rescaled: the
/// divisor as a multiple of the paddle's width, (50 + 10)/50.
const XBOING_DIVISOR_WIDTHS: f32 = 1.2;

/// XBoing's paddle (`ball.c` `UpdateABall`'s paddle bounce and `BallHitPaddle`; research §6.1):
/// the outgoing angle γ = 2β − α, a mirror about a normal tilted by β = atan(offset / (paddle
/// size + 10 px)), the offset the ball centre's from the paddle's centre in pixels (clamped to
/// the paddle's half-width plus the ball's radius): at most about 27° at the ends. Rescaled:
/// the divisor is 1.2 paddle widths, as (50 + 10) px is for XBoing's medium paddle. XBoing's
/// "dy at least 2 upward" becomes at most 80° from vertical; its paddle-velocity/10 added to
/// dx is left out (the speed is kept), as is the integer velocity.
pub fn xboing(hit: &PaddleHit) -> Vec2 {
    let dx = hit.offset_px(hit.half_width() + hit.radius());
    let tilt = libm::atanf(dx / (XBOING_DIVISOR_WIDTHS * hit.paddle_size.x.max(1e-3)));
    mirrored(hit, tilt, XBOING_MAX_FROM_VERTICAL_DEG)
}

/// The incoming direction mirrored about a normal `tilt` radians from straight up (positive:
/// right), clamped to `max_deg` from vertical, at the hit's speed.
fn mirrored(hit: &PaddleHit, tilt: f32, max_deg: f32) -> Vec2 {
    let max = max_deg.to_radians();
    let out = (2.0 * tilt + hit.incoming_from_down()).clamp(-max, max);
    upward(out, hit.speed)
}

#[cfg(test)]
#[path = "paddle_rule_tests.rs"]
mod tests;
