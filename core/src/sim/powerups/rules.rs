//! Whose power-up parameters apply: a level's `@powerups:` rules ([`Ruleset`]) give each
//! power-up its duration, its size step, its speeds and where random power-ups come from, as
//! the game the level was imported from has them; this game's own (`classic`) take durations
//! from `breakout.toml` ([`PowerUpSettings`]).
//!
//! Sources, per rule set (file names are the originals' sources, see
//! `../shared/research/foreign-levels.md` §1.4, §2.4, §3.4, §4.4):
//! - LBreakout2: `game/extras.c` `extra_use`, `game/gamedefs.h` `TIME_*`: timed extras, a
//!   second catch adds its time, `&` adds 7 s to all; expand/shrink one paddle tile.
//! - KBreakOut: `src/qml/logic.js` `executeGift`, `globals.js`: no timers (a gift lasts until
//!   the life is lost); speed ×1.3 / ÷1.3, bar ×1.4 / ÷1.4 within 30–250 px.
//! - SDL-Ball: `main.cpp`, the power-up collision `switch`, `resetPlayerPowerups`: no timers;
//!   random codes drawn from four weighted classes.
//! - gnome-breakout: `src/powerup.c`: nothing placed; every hit on a block drops one 1 time in
//!   20, from three weighted groups.
//!
//! Every value below was checked against the originals' sources (lgames2 @0551ab7, KDE/kbreakout
//! @25d2239, DusteDdk/SDL-Ball @437701b, mipearson/gnome-breakout @dab3264), at each game's
//! default difficulty; each rule set's documentation names the files, and says what this game
//! does not model.
//!
//! Geometry is this game's: playfield pixels (800×600, origin top-left, y down). The originals'
//! sizes are scaled by the ratio of their playfield width to ours.

use super::PowerUpSettings;
use crate::level::{Lasts, PowerUpKind, Ruleset};
use crate::playfield::SMALL_BALL_SCALE;
use rand::Rng;

use PowerUpKind as K;

/// Ball speed multiplier of one speed power-up (LearnOpenGL: 1.2).
pub(crate) const SPEED_FACTOR: f32 = 1.2;
/// Largest total speed multiplier: three speed-ups. Beyond it the ball gets hard to follow.
pub(crate) const MAX_SPEED_MULTIPLIER: f32 = 1.728;
/// Paddle width added by one pad-size power-up, pixels (LearnOpenGL: 50).
pub(crate) const PAD_SIZE_INCREASE: f32 = 50.0;
/// Widest the paddle can grow, pixels: two increases on the 100 px paddle… plus one.
pub(crate) const MAX_PADDLE_WIDTH: f32 = 250.0;

/// How long a collected power-up lasts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lasting {
    /// It acts once, when caught (points, a ball, a life, a paddle step…).
    Instant,
    /// For this many seconds.
    Seconds(f32),
    /// Until the life is lost or the level ends (KBreakOut's and SDL-Ball's power-ups).
    UntilLifeLost,
}

/// `lasting` with its seconds times `factor` (a difficulty's duration factor); instant and
/// until-the-life-is-lost ones unchanged.
pub fn scaled(lasting: Lasting, factor: f32) -> Lasting {
    match lasting {
        Lasting::Seconds(s) if factor != 1.0 => Lasting::Seconds(s * factor),
        other => other,
    }
}

/// How a paddle size power-up changes the width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resize {
    /// Adds this many pixels (negative: removes).
    Add(f32),
    /// Multiplies by this factor.
    Scale(f32),
}

/// How the slow and fast power-ups change the balls' speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpeedChange {
    /// While the power-up runs, every ball moves at this multiple of the launch speed
    /// (LBreakout2: to the top or bottom speed).
    For(f32),
    /// The speed multiplier is multiplied by this factor, within the rules' bounds, until the
    /// life is lost (KBreakOut's ×1.3 and ÷1.3).
    Scale(f32),
}

/// How multiball adds balls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiballStyle {
    /// Two extra balls from the first ball in play (LearnOpenGL's three-ball split).
    TwoMore,
    /// Every ball in play splits in two (KBreakOut's SplitBall, SDL-Ball's multiball).
    Split,
}

/// Where power-ups come from besides the ones a level places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RandomDrops {
    /// A destroyed brick rolls each power-up's chance from `breakout.toml` (LearnOpenGL).
    PerDestroyedBrick,
    /// gnome-breakout: every hit on a block (strong ones included) drops one with a chance of
    /// 1 in 20, drawn from [`GNOME_DROPS`].
    GnomePerHit,
    /// None: the level places every power-up (LBreakout2, KBreakOut, SDL-Ball).
    None,
}

/// The parameters of one rule set.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Which rule set.
    pub(crate) ruleset: Ruleset,
    /// Pad-size (expand): the change.
    pub expand: Resize,
    /// Shrink: the change.
    pub(crate) shrink: Resize,
    /// Narrowest paddle, pixels.
    pub(crate) min_paddle: f32,
    /// Widest paddle, pixels.
    pub(crate) max_paddle: f32,
    /// Speed power-up: factor on the speed multiplier.
    pub(crate) speed_factor: f32,
    /// Largest speed multiplier the speed and fast power-ups may reach.
    pub(crate) max_speed: f32,
    /// Smallest speed multiplier the slow power-up may reach.
    pub(crate) min_speed: f32,
    /// Fast power-up.
    pub fast: SpeedChange,
    /// Slow power-up.
    pub slow: SpeedChange,
    /// Multiball.
    pub multiball: MultiballStyle,
    /// Catching a running timed power-up again adds its time (LBreakout2) instead of
    /// restarting it.
    pub(crate) add_time: bool,
    /// Seconds the time-add power-up gives every running timed one.
    pub(crate) time_add: f32,
    /// Chance (0–1) that a weak ball's hit does no damage.
    pub(crate) weak_miss_chance: f32,
    /// Ball radius factor of the big and the small ball.
    pub(crate) big_ball: f32,
    /// See `big_ball`.
    pub(crate) small_ball: f32,
    /// Random power-ups besides the placed ones.
    pub(crate) random_drops: RandomDrops,
    /// Explosive-grow turns walls (solid bricks) explosive too (KBreakOut's MoreExplosion
    /// includes its unbreakable bricks).
    pub(crate) grow_into_walls: bool,
}

/// LearnOpenGL's and this game's own: LearnOpenGL's six keep their values; the others take
/// LBreakout2's (durations in [`PowerUpSettings`]).
pub(crate) const CLASSIC: Rules = Rules {
    ruleset: Ruleset::Classic,
    expand: Resize::Add(PAD_SIZE_INCREASE),
    shrink: Resize::Add(-PAD_SIZE_INCREASE),
    min_paddle: 50.0,
    max_paddle: MAX_PADDLE_WIDTH,
    speed_factor: SPEED_FACTOR,
    max_speed: MAX_SPEED_MULTIPLIER,
    min_speed: 0.6,
    fast: SpeedChange::For(MAX_SPEED_MULTIPLIER),
    slow: SpeedChange::For(0.6),
    multiball: MultiballStyle::TwoMore,
    add_time: false,
    time_add: 7.0,
    weak_miss_chance: 0.4,
    big_ball: 1.6,
    small_ball: SMALL_BALL_SCALE,
    random_drops: RandomDrops::PerDestroyedBrick,
    grow_into_walls: false,
};

/// LBreakout2 at its default difficulty, Medium (`client/config.c` `diff = 2`; `game/game.c`
/// `diffs[2]`: paddle 0–6 middle tiles, balls 0.27–0.43 px/ms), checked against lgames2 @0551ab7:
/// - paddle (`game/paddle.c`): (tiles + 2) × 18 of its 640 pixels, so 36–144 px there, 45–180
///   here (×800/640); expand and shrink one 18 px tile (22.5 px) within them (`paddle_init_resize`);
/// - fast and slow (`game/extras.c` `extra_use`): every ball to the top (`v_max`) or the start
///   speed (`v_start`, the speed it launches at), 0.43 / 0.27 = 1.593 and 1 of the launch speed.
///   LBreakout2 also speeds its balls up by 0.0016 px/ms every 1.8 s (`balls_inc_vel`), which
///   this game does not, so slow only undoes a speed-up here;
/// - a second catch adds its time (`extra_time += TIME_*`), `&` adds 7 s to every running one;
/// - weak balls: 40 % of hits do no damage (`game/balls.c`, `rand() % 10 < 6` damages).
pub(crate) const LBREAKOUT2: Rules = Rules {
    ruleset: Ruleset::LBreakout2,
    expand: Resize::Add(22.5),
    shrink: Resize::Add(-22.5),
    min_paddle: 45.0,
    max_paddle: 180.0,
    speed_factor: SPEED_FACTOR,
    max_speed: LBREAKOUT2_TOP_SPEED,
    min_speed: 1.0,
    fast: SpeedChange::For(LBREAKOUT2_TOP_SPEED),
    slow: SpeedChange::For(1.0),
    multiball: MultiballStyle::TwoMore,
    add_time: true,
    time_add: 7.0,
    weak_miss_chance: 0.4,
    big_ball: 1.6,
    small_ball: SMALL_BALL_SCALE,
    random_drops: RandomDrops::None,
    grow_into_walls: false,
};

/// LBreakout2's top ball speed as a multiple of its start speed at Medium: `v_max` / `v_start`
/// = 0.43 / 0.27 (`game/game.c` `diffs`).
const LBREAKOUT2_TOP_SPEED: f32 = 0.43 / 0.27;

/// KBreakOut (`src/qml/logic.js` `executeGift`, `changeSpeed`, `giftSplitBall`; `globals.js`;
/// `Bar.qml` `enlarge`, `shrink`), checked against KDE/kbreakout @25d2239: bar ×1.4 up to 250 and
/// ÷1.4 down to 30 of its 600 pixels (×4/3 here: 333 and 40), speed ×1.3 and ÷1.3 (`changeSpeed`
/// never goes below 1.2 of its 1.8 start: ×0.667), SplitBall doubles every ball. KBreakOut has
/// no top speed (above 2 it doubles its substeps instead): ×2.197, three speed-ups, is this
/// game's cap. Its balls also speed up ×1.05 at intervals (`AUTO_SPEED_INCREASE`), which this
/// game does not.
pub(crate) const KBREAKOUT: Rules = Rules {
    ruleset: Ruleset::KBreakOut,
    expand: Resize::Scale(1.4),
    shrink: Resize::Scale(1.0 / 1.4),
    min_paddle: 40.0,
    max_paddle: 333.0,
    speed_factor: 1.3,
    max_speed: 2.197,
    min_speed: 0.667,
    fast: SpeedChange::Scale(1.3),
    slow: SpeedChange::Scale(1.0 / 1.3),
    multiball: MultiballStyle::Split,
    add_time: false,
    time_add: 7.0,
    weak_miss_chance: 0.4,
    big_ball: 1.6,
    small_ball: SMALL_BALL_SCALE,
    random_drops: RandomDrops::None,
    grow_into_walls: true,
};

/// SDL-Ball at its default difficulty, Normal (`main.cpp`; DusteDdk/SDL-Ball @437701b). Its
/// paddle's `width` is a half-width in a field 3.2 units wide, 0.1 at the start (50 px here,
/// ×800/3.2 for the full width); the power-up `switch` grows it by 0.03 while under 0.4 and
/// shrinks it by 0.02 while over 0.02: +15 px and −10 px, between 10 and 200 px (`paddle::grow`
/// animates to the new width). Ball radius 0.025, big 0.04 (×1.6), small 0.015 (×0.6) and 20 %
/// faster (`speedup[NORMAL]`); speeds up to `maxballspeed` / `ballspeed` = 2.2 / 1.3 of the
/// start. Multiball (`bMan.multiply`) splits every ball. No timers: power-ups last until the
/// life is lost (`resetPlayerPowerups`). SDL-Ball has no fast or slow power-up; those keep
/// this game's values. Not modelled: big and normal ball reset the ball to its start speed, and
/// grow and shrink take the gun away.
pub(crate) const SDLBALL: Rules = Rules {
    ruleset: Ruleset::SdlBall,
    expand: Resize::Add(15.0),
    shrink: Resize::Add(-10.0),
    min_paddle: 10.0,
    max_paddle: 200.0,
    speed_factor: 1.2,
    max_speed: 2.2 / 1.3,
    min_speed: 0.6,
    fast: SpeedChange::Scale(SPEED_FACTOR),
    slow: SpeedChange::Scale(1.0 / SPEED_FACTOR),
    multiball: MultiballStyle::Split,
    add_time: false,
    time_add: 7.0,
    weak_miss_chance: 0.4,
    big_ball: 1.6,
    small_ball: SMALL_BALL_SCALE,
    random_drops: RandomDrops::None,
    grow_into_walls: false,
};

/// gnome-breakout (`src/powerup.c`, `src/bat.c`, `src/ball.c`, `src/breakout.h`; mipearson/
/// gnome-breakout @dab3264): the wide bat is 100 instead of 75 of its 440 pixels, a set width
/// (+45.5 px here, ×800/440; a second one gives nothing); slow balls go at half the initial
/// speed (`slow_balls`); the laser and the wide bat last until the life is lost (`lose_life`
/// resets the bat). Drops come at random on hits ([`GNOME_DROPS`]). gnome-breakout has no
/// shrink. Not modelled: the laser and the wide bat replace each other (one bat type), and slow
/// balls speed up again by 0.25 of 7 per hit instead of running on a timer.
pub(crate) const GNOME: Rules = Rules {
    ruleset: Ruleset::Gnome,
    expand: Resize::Add(GNOME_WIDE_STEP),
    shrink: Resize::Add(-GNOME_WIDE_STEP),
    min_paddle: crate::sim::tuning::PADDLE_WIDTH - GNOME_WIDE_STEP,
    max_paddle: crate::sim::tuning::PADDLE_WIDTH + GNOME_WIDE_STEP,
    speed_factor: SPEED_FACTOR,
    max_speed: MAX_SPEED_MULTIPLIER,
    min_speed: 0.5,
    fast: SpeedChange::For(MAX_SPEED_MULTIPLIER),
    slow: SpeedChange::For(0.5),
    multiball: MultiballStyle::TwoMore,
    add_time: false,
    time_add: 7.0,
    weak_miss_chance: 0.4,
    big_ball: 1.6,
    small_ball: SMALL_BALL_SCALE,
    random_drops: RandomDrops::GnomePerHit,
    grow_into_walls: false,
};

/// How much wider gnome-breakout's wide bat is, pixels here: (100 − 75) × 800 / 440
/// (`BAT_WIDE_WIDTH`, `BAT_WIDTH`, the field's 440 px).
const GNOME_WIDE_STEP: f32 = 25.0 * 800.0 / 440.0;

/// The parameters of `ruleset`.
pub fn rules(ruleset: Ruleset) -> &'static Rules {
    match ruleset {
        Ruleset::Classic => &CLASSIC,
        Ruleset::LBreakout2 => &LBREAKOUT2,
        Ruleset::KBreakOut => &KBREAKOUT,
        Ruleset::SdlBall => &SDLBALL,
        Ruleset::Gnome => &GNOME,
    }
}

impl Rules {
    /// How long `kind` lasts under these rules (`settings` gives this game's durations): the
    /// kind's [`Lasts`] row, except that nothing is timed under KBreakOut's and SDL-Ball's
    /// rules (an effect lasts until the life is lost there, as gnome-breakout's laser bat does,
    /// `src/bat.c`), and LBreakout2's keep its own lengths.
    pub fn lasting(&self, kind: PowerUpKind, settings: &PowerUpSettings) -> Lasting {
        let (seconds, in_lbreakout2) = match kind.lasts() {
            Lasts::Once => return Lasting::Instant,
            Lasts::UntilLifeLost => return Lasting::UntilLifeLost,
            Lasts::Timed {
                seconds,
                lbreakout2,
            } => (seconds, lbreakout2),
        };
        match self.ruleset {
            Ruleset::KBreakOut | Ruleset::SdlBall => Lasting::UntilLifeLost,
            Ruleset::Gnome if kind == K::Weapon => Lasting::UntilLifeLost,
            Ruleset::LBreakout2 if in_lbreakout2 => Lasting::Seconds(seconds),
            Ruleset::LBreakout2 | Ruleset::Classic | Ruleset::Gnome => settings
                .seconds(kind)
                .map_or(Lasting::UntilLifeLost, Lasting::Seconds),
        }
    }

    /// A power-up for [`PowerUpKind::Random`] (or an `@scatter`-free `+N%` roll), drawn with
    /// `rng` from the rule set's own power-ups: LBreakout2's 25 extras (`extra_use`,
    /// `EX_RANDOM`), SDL-Ball's weighted classes (`selectRandomPowerup`), gnome-breakout's
    /// groups, KBreakOut's 19 gifts, or every power-up of this game.
    pub(crate) fn random_kind(&self, rng: &mut impl Rng) -> PowerUpKind {
        match self.ruleset {
            Ruleset::SdlBall => sdlball_weighted(rng),
            Ruleset::Gnome => pick_weighted(&GNOME_DROPS, rng),
            Ruleset::LBreakout2 => LBREAKOUT2_EXTRAS[rng.random_range(0..LBREAKOUT2_EXTRAS.len())],
            Ruleset::KBreakOut => KBREAKOUT_GIFTS[rng.random_range(0..KBREAKOUT_GIFTS.len())],
            Ruleset::Classic => {
                let pool: Vec<PowerUpKind> = PowerUpKind::ALL
                    .into_iter()
                    .filter(|&k| k != K::Random)
                    .collect();
                pool[rng.random_range(0..pool.len())]
            }
        }
    }

    /// A random drop for a hit on a brick that released nothing else: under gnome-breakout's
    /// rules ([`RandomDrops::GnomePerHit`]) one hit in [`GNOME_DROP_ONE_IN`] drops one.
    pub(crate) fn drop_on_hit(&self, rng: &mut impl Rng) -> Option<PowerUpKind> {
        (self.random_drops == RandomDrops::GnomePerHit
            && rng.random_range(0..GNOME_DROP_ONE_IN) == 0)
            .then(|| self.random_kind(rng))
    }

    /// A bad power-up drawn with `rng` (`+bad`; SDL-Ball's `Q`: shrink, small ball, die, drop).
    pub(crate) fn random_bad_kind(&self, rng: &mut impl Rng) -> PowerUpKind {
        const SDLBALL_EVIL: [PowerUpKind; 4] = [K::Shrink, K::SmallBall, K::LoseLife, K::BoardDrop];
        match self.ruleset {
            Ruleset::SdlBall => SDLBALL_EVIL[rng.random_range(0..SDLBALL_EVIL.len())],
            Ruleset::Classic | Ruleset::LBreakout2 | Ruleset::KBreakOut | Ruleset::Gnome => {
                let pool: Vec<PowerUpKind> = PowerUpKind::ALL
                    .into_iter()
                    .filter(|&k| k.is_bad())
                    .collect();
                pool[rng.random_range(0..pool.len())]
            }
        }
    }
}

/// LBreakout2's extras (`extra_conv_table`) but the random one itself, one each, for its random
/// extra.
pub(crate) const LBREAKOUT2_EXTRAS: [PowerUpKind; 28] = [
    K::Points200,
    K::Points500,
    K::Points1000,
    K::Points2000,
    K::Points5000,
    K::Points10000,
    K::GoldShower,
    K::PadSizeIncrease,
    K::Shrink,
    K::ExtraLife,
    K::Sticky,
    K::EnergyBall,
    K::ExtraBall,
    K::BonusFloor,
    K::Frozen,
    K::Weapon,
    K::Fast,
    K::Slow,
    K::Joker,
    K::Darkness,
    K::ChaoticBall,
    K::Ghost,
    K::Reset,
    K::TimeAdd,
    K::ExplosiveBall,
    K::BonusMagnet,
    K::MalusMagnet,
    K::WeakBall,
];

/// KBreakOut's gifts (`GIFT_TYPES`, `src/levelloader.h`), as the importer maps them, for a
/// random pick.
pub(crate) const KBREAKOUT_GIFTS: [PowerUpKind; 19] = [
    K::Points100,
    K::Points200,
    K::Points500,
    K::Points1000,
    K::ExtraLife,
    K::LoseLife,
    K::NextLevel,
    K::Multiball,
    K::ExtraBall,
    K::EnergyBall,
    K::ExplosiveBall,
    K::Fast,
    K::Slow,
    K::PadSizeIncrease,
    K::Shrink,
    K::Sticky,
    K::MagicEye,
    K::MagicWand,
    K::ExplosiveGrow,
];

/// gnome-breakout's drops (`src/powerup.c` `new_powerup`) with weights in thousandths: a draw of
/// 0–19 picks the group (0–8: 45 % score or laser, 9–15: 35 % slow balls, wide bat or new ball,
/// 16–19: 20 % next level or new life), then a kind uniformly within it.
pub(crate) const GNOME_DROPS: [(PowerUpKind, u32); 7] = [
    (K::Points500, 225),
    (K::Weapon, 225),
    (K::Slow, 117),
    (K::PadSizeIncrease, 117),
    (K::ExtraBall, 116),
    (K::NextLevel, 100),
    (K::ExtraLife, 100),
];

/// Chance of a gnome-breakout drop per hit on a block: 1 in this.
pub(crate) const GNOME_DROP_ONE_IN: u32 = 20;

/// SDL-Ball's random power-up (`loadlevel.cpp` `selectRandomPowerup`): 59 % from Most, 30 % from
/// More, 10 % from Less, 1 % from Least, uniform within the class; the classes are those of the
/// default theme's `powerups.txt` (`D` and `R` are both the aim helper here).
fn sdlball_weighted(rng: &mut impl Rng) -> PowerUpKind {
    const MOST: [PowerUpKind; 8] = [
        K::Shrink,
        K::BigBall,
        K::NormalBall,
        K::SmallBall,
        K::Weapon,
        K::Multiball,
        K::Sticky,
        K::AimHelper,
    ];
    const MORE: [PowerUpKind; 8] = [
        K::PadSizeIncrease,
        K::PassThrough,
        K::ExplosiveBall,
        K::Detonate,
        K::EasyBricks,
        K::AimSticky,
        K::Points1000,
        K::LoseLife,
    ];
    const LESS: [PowerUpKind; 3] = [K::BoardDrop, K::ExplosiveGrow, K::AimHelper];
    const LEAST: [PowerUpKind; 2] = [K::ExtraLife, K::NextLevel];
    let class: &[PowerUpKind] = match rng.random_range(0..100u32) {
        0..59 => &MOST,
        59..89 => &MORE,
        89..99 => &LESS,
        _ => &LEAST,
    };
    class[rng.random_range(0..class.len())]
}

/// One of `pool`'s kinds, with probability proportional to its weight.
fn pick_weighted(pool: &[(PowerUpKind, u32)], rng: &mut impl Rng) -> PowerUpKind {
    let total: u32 = pool.iter().map(|p| p.1).sum();
    let mut x = rng.random_range(0..total);
    for &(kind, weight) in pool {
        if x < weight {
            return kind;
        }
        x -= weight;
    }
    pool[pool.len() - 1].0
}
