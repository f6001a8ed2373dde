//! The end of a run: the winning screen (every level of the run cleared) and the game-over
//! screen (no lives left), pushed over the game when its events say so. The two differ only in
//! their words, so they are one scene type with a [`RunEnd`].

use super::{
    close_game, go_on_key, goes_on, hint_line, Context, Outcome, Scene, Transition,
    AUTOPLAY_SCREEN_DELAY, CONFIRM_DELAY,
};
use super::{Chrome, Handled, SceneInput};
use crate::view::{hud, SpriteBatch};
use winit::keyboard::KeyCode;

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

/// Makes the scene that plays the last level again (see [`RunOverScene::with_retry`]); `None`
/// when its level no longer loads.
pub type Retry = Box<dyn Fn(&mut Context) -> Option<Box<dyn Scene>>>;

/// The key that retries the level after a game over.
pub const RETRY_KEY: KeyCode = KeyCode::KeyR;

/// The key that buys a continue after a game over ([`RunOverScene::with_continue`]).
pub const BUY_CONTINUE_KEY: KeyCode = KeyCode::KeyB;

/// The line under the game-over box that offers a continue (LBreakoutHD asks "Buy Continue?
/// y/n (Costs ALL of your score.)").
pub const BUY_CONTINUE_NOTE: &str = "B: buy continue (costs all your score)";

/// The run is over; its score is the whole run's. Enter/Space or Esc go back to the menu; after
/// a game over, R plays the level again with the score and lives it was started with, and B
/// buys a continue: the level again from its start with score 0 and the difficulty's lives.
/// Autoplay goes back by itself, except at the end of a run started with `--set` or `--level`,
/// where the result stays on screen.
pub struct RunOverScene {
    end: RunEnd,
    outcome: Outcome,
    /// Seconds this screen has been shown.
    seconds: f32,
    /// Plays the level again (game over only).
    retry: Option<Retry>,
    /// A line under the box: the run's bonus score, or how a mini-game played alone ended.
    note: Option<String>,
    /// Buys a continue (game over only).
    buy: Option<Retry>,
}

impl RunOverScene {
    /// The screen for a run that ended as `end`, its last level with `outcome`.
    pub fn new(end: RunEnd, outcome: Outcome) -> RunOverScene {
        RunOverScene {
            end,
            outcome,
            seconds: 0.0,
            retry: None,
            note: None,
            buy: None,
        }
    }

    /// The same screen with `note` under its box.
    pub fn with_note(mut self, note: Option<String>) -> RunOverScene {
        self.note = note;
        self
    }

    /// Offers to play the last level again: `retry` makes its play scene.
    pub fn with_retry(mut self, retry: Retry) -> RunOverScene {
        self.retry = Some(retry);
        self
    }

    /// Offers Buy Continue (LBreakoutHD `continueGame`, B): `buy` makes the play scene of the
    /// level from its start with score 0 and the difficulty's start lives.
    pub fn with_continue(mut self, buy: Retry) -> RunOverScene {
        self.buy = Some(buy);
        self
    }

    /// Replaces the game under this screen with `retry`'s game (the level started again); if
    /// it no longer loads, goes back to the menu, which shows why. Nothing without one.
    fn retry(ctx: &mut Context, retry: Option<&Retry>) -> Transition {
        let Some(retry) = retry else {
            return Transition::None;
        };
        ctx.effects.clear();
        match retry(ctx) {
            Some(play) => Transition::Sequence(vec![Transition::Pop, Transition::Replace(play)]),
            None => Transition::Sequence(vec![Transition::Pop, Transition::Pop]),
        }
    }
}

impl Scene for RunOverScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            _ => Handled::No,
        }
    }

    fn chrome(&self) -> Chrome {
        Chrome::overlay()
    }

    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        // Demo mode from the menu loops forever; a run started with --set or --level stops here.
        let from_command_line = ctx.options.named_run;
        if ctx.options.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY && !from_command_line {
            return close_game(ctx);
        }
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let score = format!("{} {}", self.end.score_label(), self.outcome.score);
        let retry = if self.retry.is_some() {
            "R retry  "
        } else {
            ""
        };
        let menu = format!("{retry}{} menu", go_on_key(ctx));
        let hint = hint_line(&[&score, &self.outcome.best_line()], &menu);
        hud::message(&mut batch.text, self.end.title(), &hint);
        let buy = self.buy.as_ref().map(|_| BUY_CONTINUE_NOTE);
        for (row, note) in self.note.as_deref().into_iter().chain(buy).enumerate() {
            hud::message_note_row(&mut batch.text, note, row);
        }
    }
}

impl RunOverScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => close_game(ctx),
            code if goes_on(ctx, code) && self.seconds >= CONFIRM_DELAY => close_game(ctx),
            RETRY_KEY if self.seconds >= CONFIRM_DELAY => Self::retry(ctx, self.retry.as_ref()),
            BUY_CONTINUE_KEY if self.seconds >= CONFIRM_DELAY => {
                Self::retry(ctx, self.buy.as_ref())
            }
            _ => Transition::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::Drive;
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

    /// A play-test found: with launch rebound to W, the end screens still said SPACE and W did
    /// nothing there. They name the launch key as bound, and it goes on, as Enter and Space do.
    #[test]
    fn the_end_screens_name_and_obey_the_bound_launch_key() {
        use crate::app::scenes::level_cleared::LevelClearedScene;
        use crate::app::Action;
        let mut ctx = test_context();
        ctx.bind(Action::Launch, KeyCode::KeyU).unwrap();
        let mut over = RunOverScene::new(
            RunEnd::GameOver,
            Outcome {
                score: crate::highscores::Score::full(5),
                best: None,
            },
        );
        let mut batch = SpriteBatch::default();
        over.draw(&ctx, &mut batch, false);
        assert_eq!(shown_hint(&batch), "score 5  -  U menu");
        over.update(&mut ctx, CONFIRM_DELAY);
        assert!(
            matches!(
                over.key_press(&mut ctx, KeyCode::KeyU),
                Transition::Sequence(_) | Transition::Pop
            ),
            "U goes to the menu"
        );
        assert!(matches!(
            over.key_press(&mut ctx, KeyCode::KeyQ),
            Transition::None
        ));
        let mut cleared = LevelClearedScene::new(
            Outcome {
                score: crate::highscores::Score::full(5),
                best: None,
            },
            9,
            Box::new(|_| None),
        );
        let mut batch = SpriteBatch::default();
        cleared.draw(&ctx, &mut batch, false);
        assert_eq!(shown_hint(&batch), "level +5  total 9  -  U next level");
        cleared.update(&mut ctx, CONFIRM_DELAY);
        assert!(!matches!(
            cleared.key_press(&mut ctx, KeyCode::KeyU),
            Transition::None
        ));
    }

    /// A game over offers to play the level again (R): the game under the screen is replaced
    /// by the retry's; the winning screen offers none.
    #[test]
    fn game_over_retries_the_level_with_r() {
        let mut ctx = test_context();
        let retry: Retry = Box::new(|_| {
            Some(Box::new(RunOverScene::new(
                RunEnd::Won,
                Outcome {
                    score: crate::highscores::Score::full(0),
                    best: None,
                },
            )) as Box<dyn Scene>)
        });
        let mut over = RunOverScene::new(
            RunEnd::GameOver,
            Outcome {
                score: crate::highscores::Score::full(5),
                best: None,
            },
        )
        .with_retry(retry);
        let mut batch = SpriteBatch::default();
        over.draw(&ctx, &mut batch, false);
        assert_eq!(shown_hint(&batch), "score 5  -  R retry  SPACE menu");
        assert!(
            matches!(over.key_press(&mut ctx, RETRY_KEY), Transition::None),
            "not at once"
        );
        over.update(&mut ctx, CONFIRM_DELAY);
        match over.key_press(&mut ctx, RETRY_KEY) {
            Transition::Sequence(steps) => assert!(matches!(
                steps[..],
                [Transition::Pop, Transition::Replace(_)]
            )),
            _ => panic!("R did not retry"),
        }
        let mut won = RunOverScene::new(
            RunEnd::Won,
            Outcome {
                score: crate::highscores::Score::full(5),
                best: None,
            },
        );
        won.update(&mut ctx, CONFIRM_DELAY);
        assert!(matches!(
            won.key_press(&mut ctx, RETRY_KEY),
            Transition::None
        ));
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
