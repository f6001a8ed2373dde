//! LBreakoutHD's six bonus levels ("mini games"), played by rules that create, move and
//! remove bricks during play. One file per game; this file holds what all share — the state
//! ([`Bonus`]), the dispatcher over the games ([`Rules`]: set-up, brick-hit hook, per-step
//! update with its end check, HUD) and the board helpers — and the game's stage that runs them
//! ([`Game::update_bonus`]).
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c` (`bricks_init_bonus_level`, `brick_hit`,
//! `bricks_update`), `libgame/game.c` (`game_update`), `src/clientgame.cpp`
//! (`getBonusLevelInfo`). Its timers count milliseconds; here they count fixed steps of
//! 1/240 s ([`ms_to_steps`]), and its times that shrink (×0.95 …) stay in milliseconds, as
//! there, and are converted when a timer is set. Its map cell (x, y), x 1–14 and y 1–22
//! inside the walls, is row y − 1, column x − 1 of [`crate::level::Level::mini_game`]'s grid.
//!
//! What differs, everywhere: a mini-game's bricks score nothing themselves (LBreakoutHD gives
//! them score 0: the prizes are the points), no power-up drops, and a brick a rule puts or
//! moves never lands on a ball (a cell a ball overlaps is not free).

mod barrier;
mod hunter;
mod invaders;
mod jumping_jack;
mod outbreak;
mod sitting_ducks;
#[cfg(test)]
mod tests;

use super::bonus::{BonusEnd, BonusHud};
use super::bricks::{Brick, BrickField};
use super::{Ball, Game, GameEvent, Paddle, PowerUpSettings};
use crate::level::{BrickKind, Level, LevelType, MiniGame};
use rand::Rng;
use rand_pcg::Pcg32;

/// A mini-game in progress: its points, its end, whether the ball rose, and the game's rules
/// with their state.
#[derive(Clone, Debug, serde::Serialize)]
pub(crate) struct Bonus {
    /// Points scored in it so far (its prizes).
    pub score: u64,
    /// Why it ended, once it has.
    pub end: Option<BonusEnd>,
    /// Whether the first ball moved up at the end of the last step: a hit this step came from
    /// below (Sitting Ducks counts only those, LBreakoutHD's `imp.y < 0`).
    rising: bool,
    /// The game and its state.
    rules: Rules,
}

/// One brick hit by the ball this step, read from the step's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// Grid row.
    pub row: usize,
    /// Grid column.
    pub col: usize,
    /// True if the hit destroyed it.
    pub destroyed: bool,
    /// True if the ball was moving up (see [`Bonus::rising`]).
    pub rising: bool,
}

/// What a rule did this step: points won and, maybe, the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// Prize points won.
    pub points: u64,
    /// Why the game ended, if it did.
    pub end: Option<BonusEnd>,
}

impl Outcome {
    /// Nothing happened.
    pub const NONE: Outcome = Outcome {
        points: 0,
        end: None,
    };
    /// `points` won.
    pub fn points(points: u64) -> Outcome {
        Outcome { points, end: None }
    }
    /// The game ended for `why`.
    pub fn end(why: BonusEnd) -> Outcome {
        Outcome {
            points: 0,
            end: Some(why),
        }
    }
    /// Both, added up (the first end wins).
    fn and(self, other: Outcome) -> Outcome {
        Outcome {
            points: self.points + other.points,
            end: self.end.or(other.end),
        }
    }
}

/// What a rule may touch: the bricks, the balls, the paddle, the generator and the events.
pub(crate) struct Board<'a> {
    /// The brick field (the mini-game grid).
    pub bricks: &'a mut BrickField,
    /// The balls.
    pub balls: &'a mut Vec<Ball>,
    /// The paddle.
    pub paddle: &'a Paddle,
    /// The game's generator: every random choice.
    pub rng: &'a mut Pcg32,
    /// This step's events.
    pub events: &'a mut Vec<GameEvent>,
    /// The ball's speed now, pixels/second (launch speed × pace).
    pub speed: f32,
}

impl Board<'_> {
    /// Puts a new brick of `kind` (its default hits) with its own `colour` in the empty cell
    /// `row`, `col`, with a [`GameEvent::BrickGrown`] (LBreakoutHD's `bricks_add_grow_mod`).
    pub fn put(&mut self, row: usize, col: usize, kind: BrickKind, colour: Option<[u8; 3]>) {
        let rect = self.bricks.cell_rect(row, col);
        let mut brick = Brick::new(kind, rect, kind.default_hits());
        brick.colour = colour;
        self.bricks.place(row, col, brick);
        self.events.push(GameEvent::BrickGrown {
            row,
            col,
            kind,
            position: rect.center(),
        });
    }

    /// Removes the brick at `row`, `col` by a rule (a fuse, a blown-up duck): a
    /// [`GameEvent::BrickDestroyed`] of 0 points, no statistics.
    pub fn blow_up(&mut self, row: usize, col: usize) {
        if let Some(brick) = self.bricks.remove(row, col) {
            self.events.push(GameEvent::BrickDestroyed {
                row,
                col,
                kind: brick.kind,
                colour: brick.colour,
                position: brick.rect.center(),
                points: 0,
            });
        }
    }

    /// Moves the brick at `from` to the empty cell `to`, silently (a rule's move: the barrier,
    /// an invader); false (and the brick stays) if there is none or `to` is not free.
    pub fn shift(&mut self, from: (usize, usize), to: (usize, usize)) -> bool {
        if !self.is_free(to.0, to.1) {
            return false;
        }
        let Some(mut brick) = self.bricks.remove(from.0, from.1) else {
            return false;
        };
        brick.alive = true;
        brick.rect = self.bricks.cell_rect(to.0, to.1);
        self.bricks.place(to.0, to.1, brick);
        true
    }

    /// Removes every brick silently (a new wave, a new barrier), with any explosion or growth
    /// still queued.
    pub fn wipe(&mut self) {
        for (row, col) in self.bricks.cells_where(|_| true) {
            self.bricks.remove(row, col);
        }
        self.bricks.fuses.clear();
        self.bricks.growths.clear();
    }

    /// True if the cell is inside the grid, holds no brick and no ball overlaps it.
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        row < self.bricks.rows()
            && col < self.bricks.cols()
            && self.bricks.live(row, col).is_none()
            && !self.ball_in(row, col)
    }

    /// True if a ball overlaps the cell (its box against the ball's bounding square, as
    /// LBreakoutHD's `brick_grow` tests the ball's corners).
    pub fn ball_in(&self, row: usize, col: usize) -> bool {
        let cell = self.bricks.cell_rect(row, col);
        self.balls.iter().any(|b| {
            b.pos.x + b.radius > cell.min.x
                && b.pos.x - b.radius < cell.max.x
                && b.pos.y + b.radius > cell.min.y
                && b.pos.y - b.radius < cell.max.y
        })
    }

    /// A free cell ([`Board::is_free`]) of rows `rows` and columns `cols`, drawn with equal
    /// chances from the generator; `None` if there is none. (LBreakoutHD draws cells until one
    /// is empty, which never ends on a full area; a draw among the free cells always does.)
    pub fn random_free_cell(
        &mut self,
        rows: std::ops::RangeInclusive<usize>,
        cols: std::ops::RangeInclusive<usize>,
    ) -> Option<(usize, usize)> {
        let free: Vec<(usize, usize)> = rows
            .flat_map(|r| cols.clone().map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_free(r, c))
            .collect();
        if free.is_empty() {
            return None;
        }
        Some(free[self.rng.random_range(0..free.len())])
    }

    /// A plain brick of a random colour among LBreakoutHD's ids `first`–`last` (10–17 are its
    /// eight plain colours, here `Plain(2)`–`Plain(9)`).
    pub fn random_plain(&mut self, first: u8, last: u8) -> BrickKind {
        BrickKind::Plain(2 + self.rng.random_range(first..=last) - 10)
    }

    /// Puts the ball back on the paddle (LBreakoutHD's `moving_back`, here at once).
    pub fn ball_to_paddle(&mut self) {
        *self.balls = vec![Ball::on_paddle(self.paddle)];
    }
}

/// LBreakoutHD's milliseconds as fixed steps of 1/240 s, rounded to the nearest (at least 1).
pub(crate) const fn ms_to_steps(ms: u32) -> u32 {
    let steps = (ms as u64 * 240 + 500) / 1000;
    if steps == 0 {
        1
    } else {
        steps as u32
    }
}

/// Whole seconds left on a timer of `steps` fixed steps (LBreakoutHD's `ms / 1000`).
pub(crate) fn whole_seconds(steps: u32) -> u32 {
    steps / 240
}

/// Seconds left on a timer of `steps` fixed steps.
pub(crate) fn seconds(steps: u32) -> f32 {
    steps as f32 / 240.0
}

/// LBreakoutHD's `time *= factor` on an `int` of milliseconds: the product truncated.
pub(crate) fn scale_ms(ms: u32, factor: f64) -> u32 {
    (f64::from(ms) * factor) as u32
}

/// The six games' states: one variant per [`MiniGame`], and the one exhaustive dispatcher.
#[derive(Clone, Debug, serde::Serialize)]
enum Rules {
    JumpingJack(jumping_jack::JumpingJack),
    Outbreak(outbreak::Outbreak),
    Barrier(barrier::Barrier),
    SittingDucks(sitting_ducks::SittingDucks),
    Hunter(hunter::Hunter),
    Invaders(invaders::Invaders),
}

impl Rules {
    /// Sets `game` up on the board (LBreakoutHD's `bricks_init_bonus_level`).
    fn start(game: MiniGame, board: &mut Board) -> Rules {
        match game {
            MiniGame::JumpingJack => Rules::JumpingJack(jumping_jack::JumpingJack::start(board)),
            MiniGame::Outbreak => Rules::Outbreak(outbreak::Outbreak::start(board)),
            MiniGame::Barrier => Rules::Barrier(barrier::Barrier::start(board)),
            MiniGame::SittingDucks => {
                Rules::SittingDucks(sitting_ducks::SittingDucks::start(board))
            }
            MiniGame::Hunter => Rules::Hunter(hunter::Hunter::start(board)),
            MiniGame::Invaders => Rules::Invaders(invaders::Invaders::start(board)),
        }
    }

    /// Which game.
    fn game(&self) -> MiniGame {
        match self {
            Rules::JumpingJack(_) => MiniGame::JumpingJack,
            Rules::Outbreak(_) => MiniGame::Outbreak,
            Rules::Barrier(_) => MiniGame::Barrier,
            Rules::SittingDucks(_) => MiniGame::SittingDucks,
            Rules::Hunter(_) => MiniGame::Hunter,
            Rules::Invaders(_) => MiniGame::Invaders,
        }
    }

    /// The ball hit a brick (LBreakoutHD's `brick_hit`, its bonus-level cases).
    fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        match self {
            Rules::JumpingJack(g) => g.on_hit(board, hit),
            Rules::Outbreak(g) => g.on_hit(board, hit),
            Rules::Barrier(g) => g.on_hit(board, hit),
            Rules::SittingDucks(g) => g.on_hit(board, hit),
            Rules::Hunter(g) => g.on_hit(board, hit),
            Rules::Invaders(g) => g.on_hit(board, hit),
        }
    }

    /// One step of the game's clocks, with its end check (LBreakoutHD's `bricks_update`).
    fn update(&mut self, board: &mut Board) -> Outcome {
        match self {
            Rules::JumpingJack(g) => g.update(board),
            Rules::Outbreak(g) => g.update(board),
            Rules::Barrier(g) => g.update(board),
            Rules::SittingDucks(g) => g.update(board),
            Rules::Hunter(g) => g.update(board),
            Rules::Invaders(g) => g.update(board),
        }
    }

    /// The HUD: LBreakoutHD's line (`getBonusLevelInfo`), prize and clock. `active` is the
    /// number of bricks to clear on the board.
    fn hud(&self, active: usize) -> BonusHud {
        let game = self.game();
        let (line, prize, seconds_left) = match self {
            Rules::JumpingJack(g) => g.hud(),
            Rules::Outbreak(g) => g.hud(active),
            Rules::Barrier(g) => g.hud(),
            Rules::SittingDucks(g) => g.hud(),
            Rules::Hunter(g) => g.hud(),
            Rules::Invaders(g) => g.hud(),
        };
        BonusHud {
            game,
            line,
            prize,
            seconds_left,
        }
    }
}

impl Bonus {
    /// Which game.
    pub fn game(&self) -> MiniGame {
        self.rules.game()
    }
}

impl Game {
    /// Sets up the mini-game of `level_type` (nothing for a brick level): the standard grid
    /// ([`Level::mini_game`], whatever grid the level file had), the game's own bricks, no
    /// random power-ups.
    pub(crate) fn start_bonus(&mut self, level_type: LevelType) {
        let Some(kind) = level_type.mini_game() else {
            return;
        };
        self.bricks = BrickField::new(&Level::mini_game(kind));
        self.config.powerups = PowerUpSettings {
            good_chance: 0.0,
            bad_chance: 0.0,
            chance: Default::default(),
            ..self.config.powerups
        };
        let speed = self.config.launch_speed;
        let mut board = Board {
            bricks: &mut self.bricks,
            balls: &mut self.balls,
            paddle: &self.paddle,
            rng: &mut self.rng,
            events: &mut self.events,
            speed,
        };
        let rules = Rules::start(kind, &mut board);
        self.events.clear();
        self.bonus = Some(Bonus {
            score: 0,
            end: None,
            rising: false,
            rules,
        });
    }

    /// Stage, after the balls moved: the mini-game's rules see this step's brick hits, then
    /// run their clocks; prizes go to the score, an end ends the game ([`Game::end_bonus`]).
    /// A mini-game's bricks score nothing themselves: the points the hits added are taken back
    /// (and their events say 0).
    pub(crate) fn update_bonus(&mut self) {
        let Some(bonus) = self.bonus.as_mut().filter(|b| b.end.is_none()) else {
            return;
        };
        let mut hits = Vec::new();
        for event in self.events.iter_mut() {
            let (row, col, destroyed) = match event {
                GameEvent::BrickDestroyed {
                    row, col, points, ..
                } => {
                    self.score = self.score.saturating_sub(*points);
                    *points = 0;
                    (*row, *col, true)
                }
                GameEvent::BrickDamaged { row, col, .. } | GameEvent::SolidHit { row, col } => {
                    (*row, *col, false)
                }
                _ => continue,
            };
            hits.push(Hit {
                row,
                col,
                destroyed,
                rising: bonus.rising,
            });
        }
        let mut board = Board {
            bricks: &mut self.bricks,
            balls: &mut self.balls,
            paddle: &self.paddle,
            rng: &mut self.rng,
            events: &mut self.events,
            speed: self.config.launch_speed * self.pace,
        };
        let mut outcome = Outcome::NONE;
        for hit in hits {
            if outcome.end.is_none() {
                outcome = outcome.and(bonus.rules.on_hit(&mut board, hit));
            }
        }
        if outcome.end.is_none() {
            outcome = outcome.and(bonus.rules.update(&mut board));
        }
        bonus.rising = self.balls.first().is_some_and(|b| b.vel.y < 0.0);
        bonus.score += outcome.points;
        let points = u32::try_from(outcome.points).unwrap_or(u32::MAX);
        self.score = self.score.saturating_add(points);
        if let Some(end) = outcome.end {
            self.end_bonus(end);
        }
    }

    /// The mini-game's HUD (see [`Game::bonus_hud`]).
    pub(crate) fn bonus_hud_of(&self, bonus: &Bonus) -> BonusHud {
        bonus.rules.hud(self.bricks.destructible_left())
    }
}
