//! The integrator of a collision model that moves the ball through the bricks itself
//! ([`Resolution::Own`](crate::collision::Resolution::Own): the games' own algorithms,
//! `collision/peer/`): the step is cut into the model's sub-steps; in each, the model moves the
//! ball against the bricks ([`CollisionModel::step_bricks`](crate::collision::CollisionModel)),
//! then the game resolves walls and the paddle as for every mode, hits what the model hit and
//! runs its post-bounce routine without the textbook modes' angle limits (the model brings its
//! own).
//!
//! Pass-through and energy balls: the bricks the ball goes through are hidden from the model
//! ([`SolidBricks`]) and broken when the ball overlaps them (the exact clamp), so every model
//! breaks them alike.

use super::brick_collisions::{after_brick_bounce, passes_through};
use super::bricks::hits::{is_chaotic, is_destructible};
use super::motion::{collide_paddle, collide_walls, BallWorld, MAX_SUBSTEPS};
use super::tuning::*;
use super::{ball, Ball, BrickField};
use crate::collision::model::{BrickGrid, ModelBall, Substeps};
use crate::collision::{contact_circle_aabb, Aabb};
use glam::Vec2;
use smallvec::SmallVec;

/// The brick field as a model sees it: the live bricks, less those a pass-through or energy
/// ball goes through.
struct SolidBricks<'a> {
    field: &'a BrickField,
    /// A pass-through power-up runs.
    pass_through: bool,
    /// An energy ball.
    energy: bool,
}

impl BrickGrid for SolidBricks<'_> {
    fn rows(&self) -> usize {
        self.field.rows()
    }
    fn cols(&self) -> usize {
        self.field.cols()
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        self.field.cell_rect(row, col)
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        let brick = self.field.live(row, col)?;
        let through = passes_through(self.field, self.pass_through, self.energy, row, col);
        (!through).then_some(brick.rect)
    }
    fn indestructible(&self, row: usize, col: usize) -> bool {
        self.field.live(row, col).is_some() && !is_destructible(self.field, row, col)
    }
}

impl BrickGrid for BrickField {
    fn rows(&self) -> usize {
        BrickField::rows(self)
    }
    fn cols(&self) -> usize {
        BrickField::cols(self)
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        BrickField::cell_rect(self, row, col)
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        self.live(row, col).map(|b| b.rect)
    }
    fn indestructible(&self, row: usize, col: usize) -> bool {
        self.live(row, col).is_some() && !is_destructible(self, row, col)
    }
}

impl BallWorld<'_> {
    /// A model with its own resolution: `substeps` sub-steps of the step's `dt` seconds (one,
    /// [`Substeps::PerStep`], with sub-steps off: [`super::SubSteps::own`]), each the model's move
    /// through the bricks, then walls and paddle, then the hits' consequences.
    pub(super) fn advance_own(&mut self, ball: &mut Ball, dt: f32, substeps: Substeps) {
        let n = self
            .sub_steps
            .own(substeps)
            .count(ball.vel.length(), dt, MAX_SUBSTEPS);
        let sub_dt = dt / n as f32;
        for _ in 0..n {
            self.own_substep(ball, sub_dt);
            if ball.stuck || ball.pos.y - ball.radius > PLAYFIELD_HEIGHT {
                break;
            }
        }
        self.rescue_if_buried(ball);
    }

    /// The stuck-ball rescue: a ball whose centre has been inside a live brick for
    /// [`BURIED_RESCUE_STEPS`] steps in a row (a game's own model may leave it there, as its
    /// original does, and a zero velocity would keep it there for ever) is taken out to free
    /// space by the brick field's exit ([`BrickField::exit_contact`]), reflected if it was moving
    /// in, and the model's memory of it forgotten. No hit is scored.
    fn rescue_if_buried(&mut self, ball: &mut Ball) {
        let point = Aabb {
            min: ball.pos,
            max: ball.pos,
        };
        let inside = self.bricks.cells_overlapping(point).find(|&(row, col)| {
            self.bricks
                .live(row, col)
                .is_some_and(|b| b.rect.contains(ball.pos))
        });
        let Some((row, col)) = inside else {
            ball.buried_steps = 0;
            return;
        };
        ball.buried_steps += 1;
        if ball.buried_steps < BURIED_RESCUE_STEPS {
            return;
        }
        let exit = self.bricks.exit_contact(row, col, ball.circle(), ball.vel);
        ball::resolve(ball, &exit);
        ball.buried_steps = 0;
        ball.memory = Default::default();
    }

    /// One sub-step of [`BallWorld::advance_own`].
    fn own_substep(&mut self, ball: &mut Ball, dt: f32) {
        let from = (ball.circle(), ball.vel, dt);
        let response = {
            let mut seen = ModelBall {
                pos: ball.pos,
                vel: ball.vel,
                radius: ball.radius,
                memory: &mut ball.memory,
            };
            let bricks = SolidBricks {
                field: self.bricks,
                pass_through: self.pass_through,
                energy: self.mods.energy,
            };
            let response = self.model.step_bricks(&mut seen, dt, &bricks, self.rng);
            ball.pos = seen.pos;
            ball.vel = seen.vel;
            response
        };
        self.log_own(from, ball, &response);
        if self.pass_through || self.mods.energy {
            self.break_through_overlapping(ball);
        }
        collide_walls(ball, self.events, self.rng);
        if !self.mods.ghost_paddle {
            collide_paddle(
                ball,
                self.paddle,
                self.paddle_rule,
                self.model,
                self.sticky,
                self.events,
            );
        }
        if response.hits.is_empty() {
            return;
        }
        let touched_destructible = response
            .hits
            .iter()
            .any(|&(row, col)| is_destructible(self.bricks, row, col));
        let chaotic = self.mods.chaotic
            || response
                .hits
                .iter()
                .any(|&(row, col)| is_chaotic(self.bricks, row, col));
        // The model's own angle rules stand: no textbook limits (`false`).
        after_brick_bounce(
            ball,
            response.bounced(),
            &response.normals,
            touched_destructible,
            chaotic,
            false,
            self.rng,
        );
        let mut hit: SmallVec<[(usize, usize); 4]> = SmallVec::new();
        for &(row, col) in &response.hits {
            if !hit.contains(&(row, col)) && self.bricks.live(row, col).is_some() {
                hit.push((row, col));
                self.hit(row, col);
            }
        }
    }

    /// Pass-through and energy ball: breaks every brick the ball goes through that it overlaps
    /// (the exact clamp).
    fn break_through_overlapping(&mut self, ball: &mut Ball) {
        let r = Vec2::splat(ball.radius);
        let area = Aabb {
            min: ball.pos - r,
            max: ball.pos + r,
        };
        let circle = ball.circle();
        let through: SmallVec<[(usize, usize); 4]> = self
            .bricks
            .cells_overlapping(area)
            .filter(|&(row, col)| {
                self.passes_through(row, col)
                    && self
                        .bricks
                        .live(row, col)
                        .is_some_and(|b| contact_circle_aabb::intersects(circle, b.rect))
            })
            .collect();
        if !through.is_empty() {
            ball.idle_steps = 0;
        }
        for (row, col) in through {
            self.break_through(row, col);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::model::{BrickResponse, CollisionModel, Resolution};
    use crate::collision::{Circle, Contact};
    use crate::level::Level;
    use crate::sim::{Bot, Game, GameConfig, GameState};
    use rand_pcg::Pcg32;

    /// A test model with its own resolution: the clamped closest point against every brick the
    /// ball overlaps after moving, each contact resolved in turn; it counts its sub-steps in the
    /// ball's memory.
    #[derive(Debug)]
    struct OwnClamp;

    impl CollisionModel for OwnClamp {
        fn name(&self) -> &'static str {
            "own-clamp"
        }
        fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
            contact_circle_aabb::contact(circle, aabb, velocity)
        }
        fn resolution(&self) -> Resolution {
            Resolution::Own(Substeps::MaxTravel(4.0))
        }
        fn step_bricks(
            &self,
            ball: &mut ModelBall<'_>,
            dt: f32,
            bricks: &dyn BrickGrid,
            _rng: &mut Pcg32,
        ) -> BrickResponse {
            ball.pos += ball.vel * dt;
            ball.memory.counter += 1;
            let mut response = BrickResponse::default();
            for row in 0..bricks.rows() {
                for col in 0..bricks.cols() {
                    let Some(rect) = bricks.brick(row, col) else {
                        continue;
                    };
                    let circle = Circle {
                        center: ball.pos,
                        radius: ball.radius,
                    };
                    if let Some(c) = self.contact(circle, rect, ball.vel) {
                        ball.pos += c.normal * c.depth;
                        if ball.vel.dot(c.normal) < 0.0 {
                            ball.vel -= 2.0 * ball.vel.dot(c.normal) * c.normal;
                            response.normals.push(c.normal);
                        }
                        response.hits.push((row, col));
                    }
                }
            }
            response
        }
    }

    static OWN_CLAMP: OwnClamp = OwnClamp;

    fn game(seed: u64) -> Game {
        let level = Level::parse("2 2 2 2\n2 2 2 2\n0 0 0 0\n0 0 0 0", "own").expect("valid level");
        let mut game = Game::new(
            &level,
            GameConfig {
                seed,
                ..GameConfig::default()
            },
        );
        game.set_custom_model(&OWN_CLAMP);
        game
    }

    #[test]
    fn an_own_resolution_model_plays_a_level_to_the_end_with_the_bot() {
        let mut game = game(7);
        let mut bot = Bot::new(7, 0.5);
        for _ in 0..240 * 300 {
            let input = bot.input(&game);
            game.step(&input);
            if game.state() != GameState::Playing {
                break;
            }
            for ball in game.balls() {
                assert!(ball.pos.is_finite() && ball.vel.is_finite());
            }
        }
        assert_eq!(game.stats().balls_escaped, 0);
        assert!(
            game.bricks().destructible_left() < 8,
            "the model's hits destroy bricks"
        );
    }

    /// Sub-steps off: the model moves the ball once per step whatever its `Substeps` say
    /// (its sub-step counter in the ball's memory counts them); on, by 4 px of travel.
    #[test]
    fn sub_steps_off_cuts_an_own_models_step_once() {
        for (sub_steps, per_step) in [
            (crate::sim::SubSteps::Off, 1),
            (crate::sim::SubSteps::On, 3),
        ] {
            let mut game = game(1);
            game.set_sub_steps(sub_steps);
            // 2,400 px/s: 10 px a step, three sub-steps of at most 4 px.
            game.set_ball(Vec2::new(400.0, 400.0), Vec2::new(0.0, -2_400.0));
            game.step(&crate::sim::Input::default());
            assert_eq!(game.balls()[0].memory.counter, per_step, "{sub_steps}");
        }
    }

    #[test]
    fn the_model_and_its_memory_enter_the_state_hash_but_not_the_hash_without_mode() {
        let mut own = game(3);
        let mut clamp = game(3);
        clamp.set_collision_mode(crate::collision::CollisionMode::Clamp);
        assert_ne!(own.state_hash(), clamp.state_hash());
        assert_eq!(
            own.state_hash_without_mode(),
            clamp.state_hash_without_mode()
        );
        let launch = crate::sim::Input {
            launch: true,
            ..Default::default()
        };
        own.step(&launch);
        own.step(&crate::sim::Input::default());
        assert!(own.balls().iter().any(|b| b.memory.counter > 0));
        let hash = own.state_hash();
        let mut forgetful = own.clone();
        for b in &mut forgetful.balls {
            b.memory = Default::default();
        }
        assert_ne!(hash, forgetful.state_hash());
    }
}
