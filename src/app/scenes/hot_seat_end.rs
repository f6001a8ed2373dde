//! The end of a hot-seat run: every player's result in a table ([`HotSeatEndScene`]), pushed
//! over the hot-seat scene when the last player is out.

use super::{close_game, go_on_key, goes_on, Context, Scene, Transition, CONFIRM_DELAY};
use super::{Chrome, Handled, SceneInput};
use crate::highscores::Score;
use crate::view::hot_seat::{end_table, ResultRow};
use crate::view::SpriteBatch;
use winit::keyboard::KeyCode;

/// How one player's run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// The player's name.
    pub name: String,
    /// Their run's score and the slowest game speed it was made at.
    pub score: Score,
    /// The level they reached (1-based) and how many the set has.
    pub level: (usize, usize),
    /// Whether they cleared the set's last level.
    pub cleared: bool,
    /// Whether the score is their new best run of the set (and was saved).
    pub new_best: bool,
    /// The set's high-score key.
    pub set_key: String,
}

impl SeatResult {
    /// This result as a row of the table; `top` marks the highest score.
    pub fn row(&self, top: bool) -> ResultRow {
        let mut result = if self.cleared { "CLEARED" } else { "OUT" }.to_string();
        if self.new_best {
            result.push_str("  NEW BEST");
        }
        ResultRow {
            name: self.name.clone(),
            score: self.score.to_string(),
            level: format!("{}/{}", self.level.0, self.level.1),
            result,
            cleared: self.cleared,
            top,
        }
    }
}

/// Every player's result, in turn order, the top score highlighted. Enter, Space, the launch
/// key or Esc go back to the level list (Enter/Space only after [`CONFIRM_DELAY`]: a player
/// still pressing launch must not dismiss it unseen).
pub struct HotSeatEndScene {
    results: Vec<SeatResult>,
    seconds: f32,
}

impl HotSeatEndScene {
    /// The table of `results`, in turn order.
    pub fn new(results: Vec<SeatResult>) -> HotSeatEndScene {
        HotSeatEndScene {
            results,
            seconds: 0.0,
        }
    }

    /// The rows as drawn: the first of the highest scores is marked as the top one.
    pub fn rows(&self) -> Vec<ResultRow> {
        let top = self
            .results
            .iter()
            .map(|r| r.score.points)
            .max()
            .unwrap_or(0);
        let first_top = self.results.iter().position(|r| r.score.points == top);
        self.results
            .iter()
            .enumerate()
            .map(|(i, r)| r.row(Some(i) == first_top))
            .collect()
    }
}

impl Scene for HotSeatEndScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            _ => Handled::No,
        }
    }

    fn chrome(&self) -> Chrome {
        Chrome::titled("Breakout — hot seat results")
    }

    fn update(&mut self, _ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let hint = format!("{} or ESC menu", go_on_key(ctx));
        end_table(batch, &self.rows(), &hint);
    }
}

impl HotSeatEndScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => close_game(ctx),
            code if goes_on(ctx, code) && self.seconds >= CONFIRM_DELAY => close_game(ctx),
            _ => Transition::None,
        }
    }
}
