//! A game's mini-game ([`crate::level::MiniGame`]): what the shell reads of it — its HUD line
//! ([`BonusHud`]), the points scored in it and how it ended ([`BonusEnd`]) — and the game's
//! side of it: its set-up in `Game::new` and its stage of the step (`Game::update_bonus`). The
//! rules are in `sim::minigames`.
//!
//! A mini-game always ends as [`GameState::Won`]: LBreakoutHD's `game_update`
//! (`libgame/game.c`) declares the bottom paddle the winner of any bonus level, and
//! `ClientGame::update` (`src/clientgame.cpp`) moves on to the next level whether it was won or
//! lost ("bonus levels are just skipped on failure"). A lost ball ends it and never costs a life.

pub use super::bonus_types::{BonusEnd, BonusEndDef, BonusHud};
use super::bricks::BrickField;
use super::minigames::{Board, Bonus, Hit};
use super::{Game, GameEvent, GameState, PowerUpSettings};
use crate::level::{Level, LevelType};

impl Game {
    /// The level's type: bricks, or the mini-game being played.
    pub fn level_type(&self) -> LevelType {
        match &self.bonus {
            None => LevelType::Bricks,
            Some(bonus) => LevelType::MiniGame(bonus.game()),
        }
    }

    /// The HUD of the mini-game being played; `None` on a brick level.
    pub fn bonus_hud(&self) -> Option<BonusHud> {
        self.bonus.as_ref().map(|bonus| self.bonus_hud_of(bonus))
    }

    /// Points scored in this mini-game (also added to [`Game::score`]); 0 on a brick level.
    pub fn bonus_score(&self) -> u64 {
        self.bonus.as_ref().map_or(0, |bonus| bonus.score)
    }

    /// Why the mini-game ended, once it has ([`GameState::Won`]); `None` while it runs and on
    /// a brick level.
    pub fn bonus_end(&self) -> Option<BonusEnd> {
        self.bonus.as_ref().and_then(|bonus| bonus.end)
    }

    /// True when a mini-game is being played and it has ended.
    pub fn bonus_over(&self) -> bool {
        self.state == GameState::Won
    }
}

impl Game {
    /// Ends the mini-game being played for `why`: the game is [`GameState::Won`] and sends
    /// [`super::GameEvent::LevelCleared`] (so a run moves on). Returns false on a brick level
    /// (nothing done); true on a mini-game (ended now, or already).
    pub(crate) fn end_bonus(&mut self, why: BonusEnd) -> bool {
        let Some(bonus) = &mut self.bonus else {
            return false;
        };
        if bonus.end.is_none() {
            bonus.end = Some(why);
            self.state = GameState::Won;
            self.events.push(super::GameEvent::LevelCleared);
        }
        true
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
        let bonus = Bonus::start(kind, &mut board);
        self.events.clear();
        self.bonus = Some(bonus);
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
        let (points, end) = bonus.step(&mut board, &hits);
        let points = u32::try_from(points).unwrap_or(u32::MAX);
        self.score = self.score.saturating_add(points);
        if let Some(end) = end {
            self.end_bonus(end);
        }
    }

    /// The mini-game's HUD (see [`Game::bonus_hud`]).
    pub(crate) fn bonus_hud_of(&self, bonus: &Bonus) -> BonusHud {
        bonus.hud(self.bricks.destructible_left())
    }
}
