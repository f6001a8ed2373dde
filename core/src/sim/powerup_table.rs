//! What collecting each power-up does: one behaviour function per kind, chosen by an
//! exhaustive match (`behaviour`). The facts about a kind (name, family, good or bad, how long
//! it lasts) are its row in the level layer ([`crate::level::POWER_UPS`]); how long a timed one
//! lasts under each game's rules, and the sizes and speeds behaviours use, come from the level's
//! rules ([`super::powerups::rules`]).
//!
//! **Adding a power-up** means its row in [`crate::level::POWER_UPS`], an arm of `behaviour`
//! here (the compiler asks for it) and its look (`assets::powerup_looks`); see
//! `docs/architecture.md`. A timed power-up's effect is its running timer
//! ([`super::ActiveEffects::has`]), which the systems that care read (`super::powerup_systems` and the
//! ball's motion); its behaviour is then usually `no_change`.
//!
//! Units: pixels, pixels/second, seconds; playfield coordinates (origin top-left, y down).

use super::powerups::rules::{MultiballStyle, Resize, SpeedChange};
use super::powerups::{MAX_BALLS, MAX_LIVES, MULTIBALL_MIN_SEPARATION_DEG, MULTIBALL_SPREAD_DEG};
use crate::level::{BrickKind, PowerUpKind};
use crate::sim::ball::{clamp_direction, Ball};
use crate::sim::bricks::hits::hit_brick;
use crate::sim::step::Parts;
use crate::sim::tuning::PLAYFIELD_WIDTH;
use crate::sim::GameEvent;
use glam::Vec2;

use PowerUpKind as K;

/// A collected power-up's view of the game: the parts it may change, borrowed for the moment
/// it is caught ([`Parts`], the step's own borrow split, with the settings and the level's
/// rules), and what it asks the game to do next.
pub(in crate::sim) struct Collect<'a> {
    /// Balls, paddle, effects, lives, bricks, score and falling power-ups (bricks a power-up
    /// destroys score and release theirs as a ball's hit does), the generator, the events, the
    /// game's settings and the level's power-up rules.
    pub parts: Parts<'a>,
    /// Out: what the behaviour asks for.
    pub asks: Asks,
}

/// What a collected power-up's behaviour asks the game to do after it.
#[derive(Default)]
pub(in crate::sim) struct Asks {
    /// Power-ups to collect after this one (random, joker), in order.
    pub then: Vec<PowerUpKind>,
    /// The power-ups of `then` count double: twice the points, twice the time (the joker's,
    /// LBreakout2 `extra_use` `EX_JOKER`).
    pub double_then: bool,
    /// The player loses a life now (lose-life).
    pub lose_life: bool,
    /// The level ends as cleared (next-level).
    pub next_level: bool,
}

/// What collecting `kind` changes: its behaviour function (one match arm per kind; after its
/// timer, if any, has started). Whether it is bad, and how long it lasts, are the kind's facts
/// ([`PowerUpKind::def`]).
pub(in crate::sim) fn behaviour(kind: PowerUpKind) -> fn(&mut Collect<'_>) {
    match kind {
        K::Speed => speed_up,
        K::Sticky => no_change,
        K::PassThrough => no_change,
        K::PadSizeIncrease => widen_paddle,
        K::Confuse => no_change,
        K::Chaos => no_change,
        K::Multiball => multiball,
        K::ExtraLife => extra_life,
        K::Points100 => |c| points(c, 100),
        K::Points200 => |c| points(c, 200),
        K::Points500 => |c| points(c, 500),
        K::Points1000 => |c| points(c, 1000),
        K::Points2000 => |c| points(c, 2000),
        K::Points5000 => |c| points(c, 5000),
        K::Points10000 => |c| points(c, 10_000),
        K::GoldShower => no_change,
        K::Shrink => shrink_paddle,
        K::Frozen => no_change,
        K::Ghost => no_change,
        K::Weapon => no_change,
        K::BonusMagnet => |c| exclusive(c, K::BonusMagnet, &[K::MalusMagnet]),
        K::MalusMagnet => |c| exclusive(c, K::MalusMagnet, &[K::BonusMagnet]),
        K::AimHelper => no_change,
        K::AimSticky => aim_sticky,
        K::Fast => fast,
        K::Slow => slow,
        K::EnergyBall => |c| exclusive(c, K::EnergyBall, &BALL_KINDS),
        K::ExplosiveBall => |c| exclusive(c, K::ExplosiveBall, &BALL_KINDS),
        K::WeakBall => |c| exclusive(c, K::WeakBall, &BALL_KINDS),
        K::BigBall => |c| c.parts.effects.ball_scale = c.parts.rules.big_ball,
        K::NormalBall => |c| c.parts.effects.ball_scale = 1.0,
        K::SmallBall => small_ball,
        K::ChaoticBall => no_change,
        K::ExtraBall => extra_ball,
        K::BonusFloor => no_change,
        K::Darkness => no_change,
        K::BoardDrop => no_change,
        K::Detonate => detonate,
        K::ExplosiveGrow => explosive_grow,
        K::EasyBricks => easy_bricks,
        K::MagicEye => magic_eye,
        K::MagicWand => magic_wand,
        K::LoseLife => |c| c.asks.lose_life = true,
        K::NextLevel => |c| c.asks.next_level = true,
        K::Joker => joker,
        K::Reset => reset,
        K::TimeAdd => time_add,
        K::Random => random,
    }
}

/// The ball power-ups of LBreakout2 that exclude one another: the last one caught wins
/// (`extra_use`: metal, explosive and weak balls).
const BALL_KINDS: [PowerUpKind; 3] = [K::EnergyBall, K::ExplosiveBall, K::WeakBall];

/// Behaviour of a power-up whose running timer is the whole effect (sticky, pass-through,
/// confuse, chaos, frozen, ghost…): nothing else changes.
pub(in crate::sim) fn no_change(_: &mut Collect<'_>) {}

/// True for the points power-ups (whose behaviour is [`points`]): one arm per kind, so a new
/// power-up is judged here, not by the spelling of its name.
pub(in crate::sim) fn is_points(kind: PowerUpKind) -> bool {
    match kind {
        K::Points100
        | K::Points200
        | K::Points500
        | K::Points1000
        | K::Points2000
        | K::Points5000
        | K::Points10000 => true,
        K::Speed
        | K::Sticky
        | K::PassThrough
        | K::PadSizeIncrease
        | K::Confuse
        | K::Chaos
        | K::Multiball
        | K::ExtraLife
        | K::GoldShower
        | K::Shrink
        | K::Frozen
        | K::Ghost
        | K::Weapon
        | K::BonusMagnet
        | K::MalusMagnet
        | K::AimHelper
        | K::AimSticky
        | K::Fast
        | K::Slow
        | K::EnergyBall
        | K::ExplosiveBall
        | K::WeakBall
        | K::BigBall
        | K::NormalBall
        | K::SmallBall
        | K::ChaoticBall
        | K::ExtraBall
        | K::BonusFloor
        | K::Darkness
        | K::BoardDrop
        | K::Detonate
        | K::ExplosiveGrow
        | K::EasyBricks
        | K::MagicEye
        | K::MagicWand
        | K::LoseLife
        | K::NextLevel
        | K::Joker
        | K::Reset
        | K::TimeAdd
        | K::Random => false,
    }
}

/// Points: `n` points at once.
fn points(c: &mut Collect<'_>, n: u32) {
    c.parts.tally.add_points(n);
}

/// Ends the running `others` of a group whose members exclude one another (`kind` was just
/// started by its timer).
fn exclusive(c: &mut Collect<'_>, kind: PowerUpKind, others: &[PowerUpKind]) {
    for &other in others.iter().filter(|&&o| o != kind) {
        if c.parts.effects.end(other) {
            c.parts.events.push(GameEvent::PowerUpEnded { kind: other });
        }
    }
}

/// Speed: the speed multiplier grows by the rules' factor (LearnOpenGL ×1.2, KBreakOut ×1.3), up
/// to their cap; the game rescales the balls in play (and later launches follow).
pub(in crate::sim) fn speed_up(c: &mut Collect<'_>) {
    let m = c.parts.effects.speed_multiplier * c.parts.rules.speed_factor;
    c.parts.effects.speed_multiplier = m.min(c.parts.rules.max_speed);
}

/// Fast: LBreakout2's runs on its timer (the game reads it); KBreakOut's scales the speed for
/// good. Ends a running slow.
fn fast(c: &mut Collect<'_>) {
    exclusive(c, K::Fast, &[K::Slow]);
    if let SpeedChange::Scale(f) = c.parts.rules.fast {
        let m = c.parts.effects.speed_multiplier * f;
        c.parts.effects.speed_multiplier = m.min(c.parts.rules.max_speed);
    }
}

/// Slow: as [`fast`], the other way; ends a running fast.
fn slow(c: &mut Collect<'_>) {
    exclusive(c, K::Slow, &[K::Fast]);
    if let SpeedChange::Scale(f) = c.parts.rules.slow {
        let m = c.parts.effects.speed_multiplier * f;
        c.parts.effects.speed_multiplier = m.max(c.parts.rules.min_speed);
    }
}

/// Small ball: a smaller ball, and (SDL-Ball's `H`) a faster one.
fn small_ball(c: &mut Collect<'_>) {
    c.parts.effects.ball_scale = c.parts.rules.small_ball;
    speed_up(c);
}

/// Pad size increase (expand, grow): the paddle grows by the rules' step around its centre, up
/// to their widest.
pub(in crate::sim) fn widen_paddle(c: &mut Collect<'_>) {
    resize_paddle(c, c.parts.rules.expand);
}

/// Shrink: the paddle narrows by the rules' step, down to their narrowest.
fn shrink_paddle(c: &mut Collect<'_>) {
    resize_paddle(c, c.parts.rules.shrink);
}

fn resize_paddle(c: &mut Collect<'_>, resize: Resize) {
    let base = c.parts.config.paddle_width;
    let width = base + c.parts.effects.paddle_extra;
    let new = match resize {
        Resize::Add(px) => width + px,
        Resize::Scale(f) => width * f,
    };
    // A difficulty's paddle wider (or narrower) than the rules' bounds is a bound itself: a
    // pad-size power-up never takes a Kids paddle below its start.
    let new = new.clamp(
        c.parts.rules.min_paddle.min(base),
        c.parts.rules.max_paddle.max(base),
    );
    c.parts.paddle.set_width(new);
    c.parts.effects.paddle_extra = new - base;
}

/// Extra life: one more, up to [`MAX_LIVES`].
pub(in crate::sim) fn extra_life(c: &mut Collect<'_>) {
    *c.parts.lives = (*c.parts.lives + 1).min(MAX_LIVES);
}

/// SDL-Ball's aim: the aim helper and the sticky paddle, for as long as the rules give the aim
/// helper.
fn aim_sticky(c: &mut Collect<'_>) {
    for kind in [K::AimHelper, K::Sticky] {
        let lasting = c.parts.rules.lasting(kind, c.parts.tally.powerups);
        let lasting = super::powerups::rules::scaled(lasting, c.parts.tally.time_factor);
        c.parts.effects.start(kind, lasting, c.parts.rules.add_time);
    }
}

/// Multiball: under LearnOpenGL's rules, two extra balls leave the first ball in play at
/// ±[`MULTIBALL_SPREAD_DEG`] from its direction (from the paddle, going up, if every ball is on
/// it), within the anti-loop limits and at least [`MULTIBALL_MIN_SEPARATION_DEG`] from each
/// other and the first ball: where the limits fold one turn onto another direction, twice the
/// spread is used instead. Under KBreakOut's and SDL-Ball's, every ball in play splits in two.
/// Never beyond [`MAX_BALLS`].
pub(in crate::sim) fn multiball(c: &mut Collect<'_>) {
    let speed = c.parts.config.launch_speed * c.parts.effects.speed(c.parts.rules);
    let first = c
        .parts
        .balls
        .iter()
        .find(|b| !b.stuck)
        .map(|b| (b.pos, b.vel));
    if c.parts.rules.multiball == MultiballStyle::Split && first.is_some() {
        let in_play: Vec<(Vec2, Vec2)> = c
            .parts
            .balls
            .iter()
            .filter(|b| !b.stuck)
            .map(|b| (b.pos, b.vel))
            .collect();
        for (pos, vel) in in_play {
            if c.parts.balls.len() < MAX_BALLS {
                let side = side_towards_middle(pos);
                let v = Vec2::from_angle(MULTIBALL_SPREAD_DEG.to_radians()).rotate(vel);
                c.parts
                    .balls
                    .push(Ball::in_play(pos, clamp_direction(v, side)));
            }
        }
        return;
    }
    let (pos, vel) = first.unwrap_or((Ball::rest_position(c.parts.paddle), Vec2::new(0.0, -speed)));
    let side = side_towards_middle(pos);
    let turned = |k: f32| {
        let v = Vec2::from_angle((k * MULTIBALL_SPREAD_DEG).to_radians()).rotate(vel);
        clamp_direction(v, side)
    };
    let apart =
        |a: Vec2, b: Vec2| a.angle_to(b).abs().to_degrees() >= MULTIBALL_MIN_SEPARATION_DEG - 1e-3;
    let mut dirs: Vec<Vec2> = Vec::with_capacity(2);
    for k in [-1.0, 1.0, -2.0, 2.0] {
        let v = turned(k);
        if dirs.len() < 2 && apart(v, vel) && dirs.iter().all(|&d| apart(v, d)) {
            dirs.push(v);
        }
    }
    // Not seen for any direction within the limits (a property test sweeps them all).
    for k in [-1.0, 1.0] {
        if dirs.len() < 2 {
            dirs.push(turned(k));
        }
    }
    for v in dirs {
        if c.parts.balls.len() < MAX_BALLS {
            c.parts.balls.push(Ball::in_play(pos, v));
        }
    }
}

/// +1 for a ball left of the playfield's middle, −1 right of it: the anti-loop limits turn a
/// vertical ball towards the middle.
fn side_towards_middle(pos: Vec2) -> f32 {
    if pos.x < PLAYFIELD_WIDTH / 2.0 {
        1.0
    } else {
        -1.0
    }
}

/// Extra ball (LBreakout2's `b`, KBreakOut's AddBall): one more ball leaves the paddle going
/// straight up, at the current speed; never beyond [`MAX_BALLS`].
fn extra_ball(c: &mut Collect<'_>) {
    if c.parts.balls.len() >= MAX_BALLS {
        return;
    }
    let speed = c.parts.config.launch_speed * c.parts.effects.speed(c.parts.rules);
    let pos = Ball::rest_position(c.parts.paddle);
    let vel = clamp_direction(Vec2::new(0.0, -speed), side_towards_middle(pos));
    c.parts.balls.push(Ball::in_play(pos, vel));
}

/// Detonate (SDL-Ball's `8`): every explosive brick goes off, as if hit.
fn detonate(c: &mut Collect<'_>) {
    for (row, col) in c
        .parts
        .bricks
        .cells_where(|b| b.kind == BrickKind::Explosive)
    {
        hit_brick(
            c.parts.bricks,
            row,
            col,
            &mut c.parts.tally,
            c.parts.rng,
            c.parts.events,
        );
    }
}

/// Explosive grow (SDL-Ball's `9`, KBreakOut's MoreExplosion): the bricks next to every
/// explosive brick (the level's explosion shape) become one-hit explosive bricks, keeping any
/// power-up; walls too under KBreakOut's rules, never metal.
fn explosive_grow(c: &mut Collect<'_>) {
    let shape = c.parts.bricks.explosion.offsets();
    let walls = c.parts.rules.grow_into_walls;
    let mut targets = Vec::new();
    for (row, col) in c
        .parts
        .bricks
        .cells_where(|b| b.kind == BrickKind::Explosive)
    {
        for (r, c2) in c.parts.bricks.neighbours(row, col, shape) {
            let turns = c.parts.bricks.live(r, c2).is_some_and(|b| {
                b.kind != BrickKind::Explosive
                    && (b.kind.is_destructible() || (walls && b.kind == BrickKind::Solid))
            });
            if turns {
                targets.push((r, c2));
            }
        }
    }
    for (row, col) in targets {
        c.parts.bricks.change(row, col, |b| {
            b.kind = BrickKind::Explosive;
            b.hits_left = 1;
            b.hits_total = 1;
            b.visible = true;
        });
    }
}

/// Easy bricks (SDL-Ball's `A`): every brick that takes more than one hit takes one.
fn easy_bricks(c: &mut Collect<'_>) {
    for (row, col) in c.parts.bricks.cells_where(|b| b.hits_left > 1) {
        c.parts.bricks.change(row, col, |b| b.hits_left = 1);
    }
}

/// Magic eye (KBreakOut): every invisible and hidden brick is shown (a hidden one then counts
/// for clearing the level, as after its first hit).
fn magic_eye(c: &mut Collect<'_>) {
    for (row, col) in c.parts.bricks.cells_where(|b| !b.visible) {
        c.parts.bricks.change(row, col, |b| b.visible = true);
    }
}

/// Magic wand (KBreakOut): indestructible bricks (walls, metal, chaotic) become grey one-hit
/// bricks, and multi-hit ones take one hit.
fn magic_wand(c: &mut Collect<'_>) {
    for (row, col) in c
        .parts
        .bricks
        .cells_where(|b| !b.kind.is_destructible() || b.hits_left > 1)
    {
        c.parts.bricks.change(row, col, |b| {
            if !b.kind.is_destructible() {
                b.kind = BrickKind::Plain(9);
            }
            b.hits_left = 1;
        });
    }
}

/// Joker (LBreakout2's `j`): every good power-up falling is collected, with twice its points or
/// time, and every bad one destroyed.
fn joker(c: &mut Collect<'_>) {
    c.asks.double_then = true;
    let falling = std::mem::take(c.parts.tally.falling);
    for p in falling {
        if !p.kind.is_bad() && p.kind != K::Joker {
            c.asks.then.push(p.kind);
        }
    }
}

/// Reset (LBreakout2's `!`): every running timed power-up ends.
fn reset(c: &mut Collect<'_>) {
    for e in std::mem::take(&mut c.parts.effects.timed) {
        c.parts
            .events
            .push(GameEvent::PowerUpEnded { kind: e.kind });
    }
}

/// Time add (LBreakout2's `&`): every running timed power-up gets the rules' extra seconds.
fn time_add(c: &mut Collect<'_>) {
    let extra = c.parts.rules.time_add * c.parts.tally.time_factor;
    for e in &mut c.parts.effects.timed {
        e.seconds_left += extra;
    }
}

/// Random (LBreakout2's `?`): a power-up drawn from the rules' own, collected in its place.
fn random(c: &mut Collect<'_>) {
    let mut kind = c.parts.rules.random_kind(c.parts.rng);
    // Where bad power-ups do not fall, draw again, as LBreakoutHD's `extra_use` does (every
    // rule set's pool holds good ones; bounded all the same).
    for _ in 0..64 {
        if c.parts.tally.bad_powerups || !kind.is_bad() {
            break;
        }
        kind = c.parts.rules.random_kind(c.parts.rng);
    }
    if kind.is_bad() && !c.parts.tally.bad_powerups {
        return;
    }
    c.asks.then.push(kind);
}
