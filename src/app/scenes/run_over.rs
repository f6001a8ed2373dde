//! The end of a run: the winning screen (every level of the run cleared) and the game-over
//! screen (no lives left), pushed over the game when its events say so. The two differ only in
//! their words, so they are one scene type with a [`RunEnd`].

use super::{
    close_game, hint_line, is_confirm, Context, Outcome, Scene, Transition, AUTOPLAY_SCREEN_DELAY,
    CONFIRM_DELAY,
};
use crate::view::{hud, SpriteBatch};
use glium::winit::keyboard::KeyCode;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// The run's last level was cleared ([`crate::sim::GameEvent::LevelCleared`]).
    Won,
    /// The last life was lost ([`crate::sim::GameEvent::GameOver`]).
    GameOver,
}

impl RunEnd {
    /// The screen's title.
    fn title(self) -> &'static str {
        match self {
            RunEnd::Won => "YOU WIN!",
            RunEnd::GameOver => "GAME OVER",
        }
    }

    /// The words before the score on the hint line.
    fn score_label(self) -> &'static str {
        match self {
            RunEnd::Won => "final score",
            RunEnd::GameOver => "score",
        }
    }
}

/// The run is over; its score is the whole run's. Enter/Space or Esc go back to the menu.
/// Autoplay goes back by itself, except at the end of a run started with `--set` or `--level`,
/// where the result stays on screen.
pub struct RunOverScene {
    end: RunEnd,
    outcome: Outcome,
    /// Seconds this screen has been shown.
    seconds: f32,
}

impl RunOverScene {
    /// The screen for a run that ended as `end`, its last level with `outcome`.
    pub fn new(end: RunEnd, outcome: Outcome) -> RunOverScene {
        RunOverScene {
            end,
            outcome,
            seconds: 0.0,
        }
    }
}

impl Scene for RunOverScene {
    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        // Demo mode from the menu loops forever; a run started with --set or --level stops here.
        let from_command_line = ctx.args.level.is_some() || ctx.args.set.is_some();
        if ctx.args.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY && !from_command_line {
            return close_game(ctx);
        }
        Transition::None
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => close_game(ctx),
            code if is_confirm(code) && self.seconds >= CONFIRM_DELAY => close_game(ctx),
            _ => Transition::None,
        }
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let score = format!("{} {}", self.end.score_label(), self.outcome.score);
        let hint = hint_line(&[&score, &self.outcome.best_line()], "SPACE menu");
        hud::message(&mut batch.text, self.end.title(), &hint);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::{shown_hint, test_context, Best};
    use crate::highscores::Score;

    fn hint(end: RunEnd, best: Option<Best>) -> String {
        let scene = RunOverScene::new(
            end,
            Outcome {
                score: Score::full(2260),
                best,
            },
        );
        let mut batch = SpriteBatch::default();
        scene.draw(&test_context(), &mut batch, false);
        shown_hint(&batch)
    }

    /// A play-test found: a run that is not a best (autoplay, no high-score table) left a
    /// four-space hole where "NEW BEST!" would go.
    #[test]
    fn the_hint_has_one_separator_with_or_without_a_best_line() {
        assert_eq!(hint(RunEnd::Won, None), "final score 2260  -  SPACE menu");
        let new_best = Best {
            previous: Some(Score::full(100)),
            is_best: true,
            saved: true,
        };
        assert_eq!(
            hint(RunEnd::GameOver, Some(new_best)),
            "score 2260  NEW BEST!  -  SPACE menu"
        );
    }
}
