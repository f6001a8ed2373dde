//! The level-cleared screen, pushed over the game when its events say the level was cleared and
//! the run has more levels.

use super::{
    close_game, go_on_key, goes_on, hint_line, Context, Outcome, Scene, Transition,
    AUTOPLAY_SCREEN_DELAY, CONFIRM_DELAY,
};
use super::{Chrome, Handled, SceneInput};
use crate::view::{hud, SpriteBatch};
use winit::keyboard::KeyCode;

/// Makes the next level's game scene (`None` if its level does not load).
pub type NextLevel = Box<dyn FnMut(&mut Context) -> Option<Box<dyn Scene>>>;

/// The level was cleared: its points, its best and the run's score so far. Enter/Space plays
/// the next level (score and lives carried over), Esc goes back to the menu; autoplay moves on
/// by itself.
pub struct LevelClearedScene {
    outcome: Outcome,
    /// The run's next level: its game scene, or `None` if it does not load (the menu then says
    /// why).
    next: NextLevel,
    /// The run's score so far, points.
    total: u32,
    /// Seconds this screen has been shown.
    seconds: f32,
    /// A line under the box: how the bonus mini-game that ended went
    /// ([`super::run_levels::end_note`]).
    note: Option<String>,
}

impl LevelClearedScene {
    /// The screen for a level that ended with `outcome` (the level's own points and best), the
    /// run at `total` points;
    /// `next` makes the run's next level, with the score and lives it carries (the game scene
    /// gives it, so this screen needs nothing of it).
    pub fn new(outcome: Outcome, total: u32, next: NextLevel) -> LevelClearedScene {
        LevelClearedScene {
            outcome,
            next,
            total,
            seconds: 0.0,
            note: None,
        }
    }

    /// The same screen with `note` under its box (how a bonus mini-game ended).
    pub fn with_note(self, note: Option<String>) -> LevelClearedScene {
        LevelClearedScene { note, ..self }
    }

    /// Replaces the cleared game with the next level's; if that level does not load, goes back
    /// to the menu, which shows why.
    fn advance(&mut self, ctx: &mut Context) -> Transition {
        match (self.next)(ctx) {
            Some(play) => Transition::Sequence(vec![Transition::Pop, Transition::Replace(play)]),
            None => Transition::Sequence(vec![Transition::Pop, Transition::Pop]),
        }
    }
}

impl Scene for LevelClearedScene {
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
        if ctx.options.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY {
            return self.advance(ctx);
        }
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let score = format!("level +{}", self.outcome.score);
        let total = format!("total {}", self.total);
        let next = format!("{} next level", go_on_key(ctx));
        let hint = hint_line(&[&score, &self.outcome.best_line(), &total], &next);
        let title = if self.note.is_some() {
            "BONUS LEVEL OVER"
        } else {
            "LEVEL CLEARED"
        };
        hud::message(&mut batch.text, title, &hint);
        if let Some(note) = &self.note {
            hud::message_note(&mut batch.text, note);
        }
    }
}

impl LevelClearedScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => close_game(ctx),
            code if goes_on(ctx, code) && self.seconds >= CONFIRM_DELAY => self.advance(ctx),
            _ => Transition::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::{shown_hint, test_context, Best};
    use crate::highscores::Score;

    fn hint(best: Option<Best>) -> String {
        let scene = LevelClearedScene::new(
            Outcome {
                score: Score::full(700),
                best,
            },
            2260,
            Box::new(|_| None),
        );
        let mut batch = SpriteBatch::default();
        scene.draw(&test_context(), &mut batch, false);
        shown_hint(&batch)
    }

    /// On this screen too: no hole where the best line would go.
    #[test]
    fn the_hint_has_one_separator_with_or_without_a_best_line() {
        assert_eq!(hint(None), "level +700  total 2260  -  SPACE next level");
        let old_best = Best {
            previous: Some(Score::full(900)),
            is_best: false,
            saved: true,
        };
        assert_eq!(
            hint(Some(old_best)),
            "level +700  best 900  total 2260  -  SPACE next level"
        );
    }

    /// A level and a best made below full game speed are marked with it; the longest such
    /// line still fits the playfield (the line is drawn smaller).
    #[test]
    fn scores_made_slower_are_marked_and_the_line_fits() {
        let outcome = Outcome {
            score: Score {
                points: 123_456,
                speed: 70,
            },
            best: Some(Best {
                previous: Some(Score {
                    points: 999_999,
                    speed: 50,
                }),
                is_best: false,
                saved: true,
            }),
        };
        let scene = LevelClearedScene::new(outcome, 1_234_567, Box::new(|_| None));
        let mut batch = SpriteBatch::default();
        scene.draw(&test_context(), &mut batch, false);
        assert_eq!(
            shown_hint(&batch),
            "level +123456 (70% speed)  best 999999 (50% speed)  total 1234567  -  SPACE next level"
        );
        for glyph in batch
            .text
            .iter()
            .filter(|s| crate::view::text::glyph_char(s).is_some())
        {
            let [x, _, w, _] = glyph.i_rect;
            assert!(
                x >= 16.0 - 0.01 && x + w <= crate::playfield::PLAYFIELD_WIDTH - 16.0 + 0.01,
                "{glyph:?} outside the playfield"
            );
        }
    }
}
