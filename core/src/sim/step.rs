//! One fixed step of the game ([`Game::step`]): a short list of named stages in the order they
//! run, in the manner of Bevy's fixed-update schedule and ggez's `update`. Each stage borrows
//! only what it needs; the borrow split shared by the stages that destroy bricks is written once
//! ([`Game::parts`]).

use super::ball::{self, Ball, Paddle};
use super::bricks::hits::Tally;
use super::bricks::{aftermath, BrickField};
use super::motion::{BallMods, BallWorld};
use super::powerups::rules::Rules;
use super::tuning::*;
use super::{ball_collisions, control_rules, pace};
use super::{Action, ActiveEffects, Game, GameConfig, GameEvent, GameState, Input, LaunchAngle};
use crate::collision::model::ModelMemory;
use crate::collision::CollisionModel;
use crate::level::PowerUpKind;
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// The game split into the parts a stage borrows at once, so that a brick destroyed by a ball,
/// a shot, an explosion or a power-up is scored through the same [`Tally`]. Made only by
/// [`Game::parts`].
pub(in crate::sim) struct Parts<'a> {
    /// Every ball, on the paddle or in play.
    pub balls: &'a mut Vec<Ball>,
    /// The paddle.
    pub paddle: &'a mut Paddle,
    /// The power-ups in effect.
    pub effects: &'a mut ActiveEffects,
    /// Lives left.
    pub lives: &'a mut u32,
    /// The bricks.
    pub bricks: &'a mut BrickField,
    /// Score, statistics and falling power-ups.
    pub tally: Tally<'a>,
    /// The game's seeded generator.
    pub rng: &'a mut Pcg32,
    /// Event sink of this step.
    pub events: &'a mut Vec<GameEvent>,
    /// The game's settings.
    pub config: &'a GameConfig,
    /// The level's power-up rules.
    pub rules: &'static Rules,
    /// The collision model the balls move by ([`Game::model`]).
    pub model: &'static dyn CollisionModel,
    /// The contact log ([`super::contact_log`]).
    pub log: &'a mut super::contact_log::ContactLog,
}

impl Game {
    /// Advances the game by one fixed time step of [`FIXED_TIMESTEP`] seconds; its events are
    /// then in [`Game::events`] until the next step.
    /// Does nothing but count the step once the level is cleared or the game is over.
    pub fn step(&mut self, input: &Input) {
        self.events.clear();
        self.contact_log.clear();
        self.stats.steps += 1;
        if self.state != GameState::Playing {
            return;
        }
        if input.actions.contains(Action::Warp) && self.try_warp() {
            return;
        }
        self.apply_pick(input);
        let dt = FIXED_TIMESTEP;
        self.move_paddle(input, dt);
        self.resize_balls();
        self.collide_balls();
        self.speed_up(dt);
        self.return_idle_balls(input);
        self.advance_balls(input, dt);
        self.update_bonus();
        self.update_bricks(dt);
        self.drop_board();
        self.update_powerups(dt);
        self.remove_lost_balls();
        self.warp.count_grown(&self.events);
        self.break_stall();
        self.check_cleared();
    }

    /// The game's parts, borrowed at once (see [`Parts`]). The tally's gold shower is whether
    /// one runs now.
    pub(in crate::sim) fn parts(&mut self) -> Parts<'_> {
        let rules = self.rules();
        let model = self.model();
        Parts {
            tally: Tally {
                score: &mut self.score,
                stats: &mut self.stats,
                falling: &mut self.falling,
                powerups: &self.config.powerups,
                rules,
                gold_shower: self.effects.has(PowerUpKind::GoldShower),
                score_factor: self.config.score_factor,
                bad_powerups: self.config.bad_powerups,
                time_factor: self.config.powerup_time_factor,
            },
            balls: &mut self.balls,
            paddle: &mut self.paddle,
            effects: &mut self.effects,
            lives: &mut self.lives,
            bricks: &mut self.bricks,
            rng: &mut self.rng,
            events: &mut self.events,
            config: &self.config,
            rules,
            model,
            log: &mut self.contact_log,
        }
    }

    /// Stage: the paddle moves by the input (not while frozen).
    fn move_paddle(&mut self, input: &Input, dt: f32) {
        if self.effects.has(PowerUpKind::Frozen) {
            self.paddle.prev_x = self.paddle.pos.x;
        } else {
            let factor = control_rules::key_speed_factor(
                &self.config.controls,
                input,
                &mut self.paddle.control,
            );
            move_paddle(&mut self.paddle, input, dt, factor);
        }
        let dx = self.paddle.pos.x - self.paddle.prev_x;
        control_rules::track_motion(
            self.config.controls.paddle_style,
            &mut self.paddle.control,
            dx,
        );
    }

    /// Stage: balls push each other apart. It runs before the balls move: its push-out may move
    /// a ball into a brick (never past a wall: see `push_apart`), which the balls' own
    /// collisions then resolve, so no step ends with a ball inside a brick. One ball (nearly
    /// always) has no pair: the call, which is not inlined, is skipped (its cost was measurable
    /// in the step bench).
    fn collide_balls(&mut self) {
        if self.balls.len() > 1 {
            ball_collisions::collide_balls(&mut self.balls);
        }
    }

    /// Stage, the ball's speed-up: while a ball is in play, the pace rises by the configured
    /// rate up to its cap, and every ball in play speeds up with it.
    fn speed_up(&mut self, dt: f32) {
        if self.balls.iter().all(|b| b.stuck) {
            return;
        }
        let next = self.config.pace.advance(self.pace, dt);
        if next != self.pace {
            for ball in self.balls.iter_mut().filter(|b| !b.stuck) {
                ball.vel *= next / self.pace;
            }
            self.pace = next;
        }
    }

    /// Stage: each ball on the paddle follows it (and leaves when launched); each ball in play
    /// moves in place, seeing only what a moving ball may touch ([`BallWorld`]).
    fn advance_balls(&mut self, input: &Input, dt: f32) {
        let pace = self.pace;
        let p = self.parts();
        let launch_speed = p.config.launch_speed * pace;
        let speed_multiplier = p.effects.speed(p.rules);
        // Aimed launch: the paddle's velocity this step, pixels/second.
        let aim_vx = (p.paddle.pos.x - p.paddle.prev_x) / dt;
        let controls = &p.config.controls;
        let aim = match controls.launch_angle {
            LaunchAngle::Motion => p.config.pace.aim_launch.then_some(aim_vx),
            LaunchAngle::Random => None,
        };
        let has = |kind| p.effects.has(kind);
        let mods = BallMods {
            energy: has(PowerUpKind::EnergyBall),
            explosive: has(PowerUpKind::ExplosiveBall),
            weak_miss: has(PowerUpKind::WeakBall).then_some(p.rules.weak_miss_chance),
            chaotic: has(PowerUpKind::ChaoticBall),
            floor: has(PowerUpKind::BonusFloor),
            ghost_paddle: has(PowerUpKind::Ghost) && p.paddle.pos.x == p.paddle.prev_x,
        };
        let mut world = BallWorld {
            model: p.model,
            paddle: p.paddle,
            paddle_rule: p.config.paddle_rule,
            sub_steps: p.config.sub_steps,
            sticky: has(PowerUpKind::Sticky),
            pass_through: has(PowerUpKind::PassThrough),
            mods,
            tally: p.tally,
            bricks: p.bricks,
            rng: p.rng,
            events: p.events,
            log: p.log,
        };
        for (index, ball) in p.balls.iter_mut().enumerate() {
            world.log.begin_ball(index, ball);
            ball.prev_pos = ball.pos;
            if ball.stuck {
                ball.idle_steps = 0;
                ball.pos = ball.stuck_position(world.paddle);
                let fire = control_rules::fire_velocity(input, launch_speed * speed_multiplier);
                if input.launch || fire.is_some() {
                    ball.stuck = false;
                    ball.memory = ModelMemory::default();
                    ball.vel = if let Some(vel) = fire {
                        vel
                    } else if ball.caught {
                        let speed = launch_speed * speed_multiplier;
                        ball::paddle_bounce(world.paddle_rule, ball, speed, world.paddle)
                    } else {
                        launch_velocity(world.rng, launch_speed * speed_multiplier, aim)
                    };
                    ball.caught = false;
                    world.events.push(GameEvent::BallLaunched);
                }
            } else {
                ball.idle_steps = ball.idle_steps.saturating_add(1);
                let scored = *world.tally.score;
                let turbo = control_rules::turbo_speed(
                    controls,
                    input,
                    ball,
                    world.paddle,
                    ball.vel.length(),
                );
                let own = ball.vel.length();
                if let Some(fast) = turbo {
                    ball.vel = ball.vel.normalize_or_zero() * fast;
                }
                world.advance(ball, dt);
                if turbo.is_some() {
                    ball.vel = ball.vel.normalize_or_zero() * own;
                }
                ball.since_score = match *world.tally.score == scored {
                    true => ball.since_score.saturating_add(1),
                    false => 0,
                };
                world.log_ball_done();
            }
        }
    }

    /// Stage: the bricks' own behaviour (fuses, growth, regeneration; `bricks::aftermath`).
    fn update_bricks(&mut self, dt: f32) {
        let mut p = self.parts();
        aftermath::update_bricks(p.bricks, p.balls, dt, &mut p.tally, p.rng, p.events);
    }

    /// Stage: balls below the playfield are lost; the last one costs a life.
    fn remove_lost_balls(&mut self) {
        let before = self.balls.len();
        self.balls
            .retain(|b| b.pos.y - b.radius <= PLAYFIELD_HEIGHT);
        let lost = before - self.balls.len();
        if lost == 0 {
            return;
        }
        self.stats.balls_lost += lost as u32;
        if !self.balls.is_empty() {
            return;
        }
        self.lose_life();
    }

    /// Stage: the level is cleared when no brick that counts is left.
    fn check_cleared(&mut self) {
        if self.state == GameState::Playing
            && self.bonus.is_none()
            && self.bricks.destructible_left() == 0
        {
            self.state = GameState::LevelCleared;
            self.events.push(GameEvent::LevelCleared);
        }
    }
}

/// Velocity of a ball launched from the paddle at `speed` pixels/second: up, turned by a
/// random angle within ±[`LAUNCH_SPREAD_DEG`] (drawn from `rng`), or, with `aim` (the
/// paddle's velocity, pixels/second) and a moving paddle, by [`pace::aimed_angle`]; within the
/// anti-loop limits. The random angle is drawn either way, so aiming changes only this
/// launch's direction, not the generator's later draws.
fn launch_velocity(rng: &mut Pcg32, speed: f32, aim: Option<f32>) -> Vec2 {
    let spread = LAUNCH_SPREAD_DEG.to_radians();
    let random = rng.random_range(-spread..=spread);
    let angle = aim.and_then(pace::aimed_angle).unwrap_or(random);
    let vel = Vec2::new(libm::sinf(angle), -libm::cosf(angle)) * speed;
    ball::clamp_direction(vel, if angle < 0.0 { -1.0 } else { 1.0 })
}

/// Moves the paddle for one step of `dt` seconds: at [`PADDLE_SPEED`] while a key is held, else
/// at `input.paddle_axis` × [`PADDLE_SPEED`] if that is not 0, else towards
/// `input.paddle_target_x` at no more than [`PADDLE_FOLLOW_SPEED`] (pixels/second); records the
/// previous x for render interpolation. `factor` scales the key and stick speed (the paddle
/// turbo and key acceleration, `control_rules::key_speed_factor`).
fn move_paddle(paddle: &mut Paddle, input: &Input, dt: f32, factor: f32) {
    paddle.prev_x = paddle.pos.x;
    let keys = input.right as i32 - input.left as i32;
    let axis = input.paddle_axis;
    if keys != 0 {
        paddle.move_by(keys as f32 * PADDLE_SPEED * factor * dt);
    } else if axis != 0.0 && axis.is_finite() {
        paddle.move_by(axis.clamp(-1.0, 1.0) * PADDLE_SPEED * factor * dt);
    } else if let Some(target) = input.paddle_target_x.filter(|t| t.is_finite()) {
        let max_step = PADDLE_FOLLOW_SPEED * dt;
        let dx = (target - paddle.center_x()).clamp(-max_step, max_step);
        paddle.move_by(dx);
    }
}

#[cfg(test)]
mod paddle_axis_tests {
    use super::*;
    use crate::sim::tuning::FIXED_TIMESTEP;

    /// How far the paddle's centre moves in one step of `input`, from the middle.
    fn moved(input: Input) -> f32 {
        let level = crate::level::Level::parse("2 2 2 2", "test").expect("valid level");
        let mut game = Game::new(&level, GameConfig::default());
        let before = game.paddle().center_x();
        game.step(&input);
        game.paddle().center_x() - before
    }

    #[test]
    fn the_analogue_axis_moves_the_paddle_at_its_fraction_of_the_key_speed() {
        let full = PADDLE_SPEED * FIXED_TIMESTEP;
        let axis = |a| Input {
            paddle_axis: a,
            ..Input::default()
        };
        assert!((moved(axis(0.5)) - 0.5 * full).abs() < 1e-3);
        assert!((moved(axis(-1.0)) + full).abs() < 1e-3);
        assert!((moved(axis(7.0)) - full).abs() < 1e-3, "clamped to 1");
        assert_eq!(moved(axis(f32::NAN)), 0.0);
        // A held key wins over the stick; the stick wins over the pointer.
        let key_and_axis = Input {
            left: true,
            paddle_axis: 1.0,
            ..Input::default()
        };
        assert!((moved(key_and_axis) + full).abs() < 1e-3);
        let axis_and_pointer = Input {
            paddle_axis: 0.25,
            paddle_target_x: Some(0.0),
            ..Input::default()
        };
        assert!((moved(axis_and_pointer) - 0.25 * full).abs() < 1e-3);
    }
}
