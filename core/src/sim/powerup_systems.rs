//! The power-up systems of a step: falling power-ups (and the magnets that pull them), the
//! paddle catching them, collecting (the table's behaviours, then what they ask for), timers
//! running out, the weapon's shots, the balls' size, the board dropping; and clearing it all
//! when a life is lost or the level changes.
//!
//! Units: pixels, pixels/second, seconds; playfield coordinates (origin top-left, y down).

use super::powerup_table as table;
use super::powerups::rules::{self, Lasting};
use super::powerups::weapon::{MAGNET_SPEED, SHOT_INTERVAL, SHOT_SPEED};
use super::powerups::{ActiveEffects, Shot, Weapon, POWERUP_FALL_SPEED, SHOT_SIZE};
use crate::collision::{Aabb, Circle};
use crate::level::PowerUpKind;
use crate::sim::bricks::hits::hit_brick;
use crate::sim::tuning::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::{Ball, Game, GameEvent, GameState};
use glam::Vec2;
use rand::Rng;

impl Game {
    /// The level's power-up rules.
    pub(in crate::sim) fn rules(&self) -> &'static rules::Rules {
        rules::rules(self.powerup_rules)
    }

    /// One step of power-ups: falling ones move (magnets pull) and are caught by the paddle or
    /// lost below the playfield; timed effects count down; the weapon fires and its shots fly.
    pub(in crate::sim) fn update_powerups(&mut self, dt: f32) {
        let paddle = self.paddle.rect();
        let centre = self.paddle.center_x();
        let bonus_magnet = self.effects.has(PowerUpKind::BonusMagnet);
        let malus_magnet = self.effects.has(PowerUpKind::MalusMagnet);
        let mut caught = Vec::new();
        self.falling.retain_mut(|p| {
            p.prev_pos = p.pos;
            p.pos.y += POWERUP_FALL_SPEED * dt;
            let bad = p.kind.is_bad();
            if (bonus_magnet && !bad) || (malus_magnet && bad) {
                let dx = centre - (p.pos.x + super::powerups::POWERUP_SIZE.x / 2.0);
                p.pos.x += dx.clamp(-MAGNET_SPEED * dt, MAGNET_SPEED * dt);
            }
            let r = p.rect();
            let touches = r.min.x < paddle.max.x
                && paddle.min.x < r.max.x
                && r.min.y < paddle.max.y
                && paddle.min.y < r.max.y;
            if touches {
                caught.push(p.kind);
            }
            !touches && p.pos.y < PLAYFIELD_HEIGHT
        });
        for kind in caught {
            self.collect(kind);
        }
        let before = self.effects.speed(self.rules());
        for kind in self.effects.tick(dt) {
            self.events.push(GameEvent::PowerUpEnded { kind });
        }
        self.rescale_balls(before);
        self.update_weapon(dt);
    }

    /// Applies a caught power-up: counts it, reports it, starts its timer if it is a timed one
    /// and runs its behaviour ([`table::behaviour`]) on the parts of the game a
    /// power-up may change ([`table::Collect`]); then collects what the behaviour asked for
    /// (random, joker) and carries out a lost life or a cleared level.
    pub(in crate::sim) fn collect(&mut self, kind: PowerUpKind) {
        // (kind, counts double)
        let mut queue = vec![(kind, false)];
        let mut lose_life = false;
        let mut next_level = false;
        // Bounded: random never draws itself, the joker empties the falling list once.
        while let Some((kind, double)) = queue.pop() {
            self.stats.powerups_collected += 1;
            self.stats.count_powerup(kind);
            self.events.push(GameEvent::PowerUpCollected { kind });
            let rules = self.rules();
            let before = self.effects.speed(rules);
            let lasting = match rules.lasting(kind, &self.config.powerups) {
                Lasting::Seconds(s) if double => Lasting::Seconds(2.0 * s),
                other => other,
            };
            let lasting = rules::scaled(lasting, self.config.powerup_time_factor);
            self.effects.start(kind, lasting, rules.add_time);
            let mut c = table::Collect {
                parts: self.parts(),
                asks: table::Asks::default(),
            };
            let collect = table::behaviour(kind);
            collect(&mut c);
            if double && table::is_points(kind) {
                collect(&mut c);
            }
            lose_life |= c.asks.lose_life;
            next_level |= c.asks.next_level;
            // Collected in the order asked for.
            let doubled = c.asks.double_then;
            queue.extend(c.asks.then.into_iter().rev().map(|k| (k, doubled)));
            self.rescale_balls(before);
        }
        if next_level && self.state == GameState::Playing {
            self.clear_level();
        } else if lose_life {
            self.lose_life();
        }
    }

    /// Next level: the level ends as cleared; the bricks left that count score as if
    /// destroyed (KBreakOut's GiftNextLevel).
    fn clear_level(&mut self) {
        let scoring = self.bricks.scoring;
        let left: u32 = self
            .bricks
            .iter_live()
            .filter(|(_, _, b)| b.counts())
            .map(|(_, _, b)| crate::sim::bricks::kinds::points(scoring, b.kind, b.hits_total, true))
            .sum();
        self.score = self.score.saturating_add(self.config.points(left));
        self.state = GameState::LevelCleared;
        self.events.push(GameEvent::LevelCleared);
    }

    /// Scales the velocity of every ball in play by the speed now over `before` (a multiple of
    /// the launch speed), so a speed power-up starting or ending changes the balls in flight.
    fn rescale_balls(&mut self, before: f32) {
        let after = self.effects.speed(self.rules());
        if after != before {
            for ball in self.balls.iter_mut().filter(|b| !b.stuck) {
                ball.vel *= after / before;
            }
        }
    }

    /// The weapon: while it runs, a volley every [`SHOT_INTERVAL`]; every shot flies up and
    /// hits the first live brick it touches (one hit, as a ball's, scoring and releasing
    /// power-ups), or leaves the top.
    fn update_weapon(&mut self, dt: f32) {
        if self.effects.has(PowerUpKind::Weapon) && self.state == GameState::Playing {
            self.weapon.cooldown -= dt;
            if self.weapon.cooldown <= 0.0 {
                self.weapon.cooldown += SHOT_INTERVAL;
                let p = self.paddle.rect();
                for x in [p.min.x + SHOT_SIZE.x, p.max.x - SHOT_SIZE.x] {
                    let pos = Vec2::new(x, p.min.y - SHOT_SIZE.y / 2.0);
                    self.weapon.shots.push(Shot { pos, prev_pos: pos });
                }
            }
        } else {
            self.weapon.cooldown = 0.0;
        }
        if self.weapon.shots.is_empty() {
            return;
        }
        let mut shots = std::mem::take(&mut self.weapon.shots);
        let p = self.parts();
        let (mut tally, bricks, rng, events) = (p.tally, p.bricks, p.rng, p.events);
        shots.retain_mut(|shot| {
            shot.prev_pos = shot.pos;
            shot.pos.y -= SHOT_SPEED * dt;
            let rect = shot.rect();
            let hit = bricks.cells_overlapping(rect).find(|&(r, c)| {
                bricks.live(r, c).is_some_and(|b| {
                    b.rect.min.x < rect.max.x
                        && rect.min.x < b.rect.max.x
                        && b.rect.min.y < rect.max.y
                        && rect.min.y < b.rect.max.y
                })
            });
            if let Some((row, col)) = hit {
                hit_brick(bricks, row, col, &mut tally, rng, events);
                return false;
            }
            shot.pos.y > 0.0
        });
        self.weapon.shots = shots;
    }

    /// The big and small ball: every ball takes the radius of [`ActiveEffects::ball_radius`].
    /// Shrinking is immediate; a ball grows only where it fits (clear of the walls, the paddle
    /// and every live brick), so no collision mode ever starts a step with a ball inside
    /// something; until then it keeps its size.
    pub(in crate::sim) fn resize_balls(&mut self) {
        let target = self.effects.ball_radius();
        for ball in &mut self.balls {
            if ball.radius == target {
                continue;
            }
            if target < ball.radius || fits(&self.bricks, &self.paddle, ball, target) {
                ball.radius = target;
                if ball.stuck {
                    ball.pos = ball.stuck_position(&self.paddle);
                }
            }
        }
    }

    /// The board drop (SDL-Ball's `7`): while it runs, every paddle hit of this step moves the
    /// bricks down a row (at most one a step).
    pub(in crate::sim) fn drop_board(&mut self) {
        if self.effects.has(PowerUpKind::BoardDrop)
            && self
                .events
                .iter()
                .any(|e| matches!(e, GameEvent::PaddleHit))
        {
            self.bricks.drop_one_row();
        }
    }

    /// Ends every power-up: effects, paddle size, ball speed and size, falling power-ups and
    /// shots (a life lost or a new level).
    pub(in crate::sim) fn clear_powerups(&mut self) {
        let old = self.effects.speed(self.rules());
        for ball in &mut self.balls {
            ball.vel /= old;
        }
        self.effects = ActiveEffects::new();
        self.falling.clear();
        self.weapon = Weapon::default();
        self.paddle.set_width(self.config.paddle_width);
    }

    /// The random power-ups of the level placed when play starts, with the game's generator:
    /// each `+N%` cell rolls its chance and draws from the rules' pool, each `+bad` draws a bad
    /// one; then `@scatter:` puts its power-ups on random bricks (any brick, as KBreakOut's
    /// `putGiftOnRandomBrick`: one on a wall is never released). A level without either draws
    /// nothing, so the generator is untouched.
    pub(in crate::sim) fn place_random_powerups(&mut self, level: &crate::level::Level) {
        let rules = self.rules();
        for (&index, extras) in &level.extras {
            let (row, col) = (index / level.cols, index % level.cols);
            let kind = match extras.roll {
                None => continue,
                Some(crate::level::Roll::Chance(n)) => {
                    if self.rng.random_range(0..100u8) >= n {
                        continue;
                    }
                    rules.random_kind(&mut self.rng)
                }
                Some(crate::level::Roll::Bad) => rules.random_bad_kind(&mut self.rng),
            };
            self.bricks.change(row, col, |b| b.powerup = Some(kind));
        }
        for &(kind, count) in &level.scatter {
            for _ in 0..count {
                let free = self.bricks.cells_where(|b| b.powerup.is_none());
                if free.is_empty() {
                    break;
                }
                let (row, col) = free[self.rng.random_range(0..free.len())];
                self.bricks.change(row, col, |b| b.powerup = Some(kind));
            }
        }
    }
}

/// True if `ball` with radius `radius` overlaps no wall, the paddle or a live brick.
fn fits(
    bricks: &crate::sim::BrickField,
    paddle: &crate::sim::Paddle,
    ball: &Ball,
    radius: f32,
) -> bool {
    let p = ball.pos;
    if p.x - radius < 0.0 || p.x + radius > PLAYFIELD_WIDTH || p.y - radius < 0.0 {
        return false;
    }
    let circle = Circle { center: p, radius };
    let touches = |rect: Aabb| {
        let closest = p.clamp(rect.min, rect.max);
        closest.distance_squared(circle.center) < radius * radius
    };
    if !ball.stuck && touches(paddle.rect()) {
        return false;
    }
    let r = Vec2::splat(radius);
    let area = Aabb {
        min: p - r,
        max: p + r,
    };
    !bricks
        .cells_overlapping(area)
        .any(|(row, col)| bricks.live(row, col).is_some_and(|b| touches(b.rect)))
}
