//! What the end-of-level and end-of-run screens share: the outcome and its high-score news,
//! the hint line, and closing the game under them.

use super::{Best, Context, Transition};
use crate::highscores::Score;

/// Seconds an end-of-level or end-of-run screen ignores Enter and Space: a player still pressing
/// Space to launch must not dismiss it unseen (it did in a play-test). Esc works at once.
pub const CONFIRM_DELAY: f32 = 0.8;

/// An end-of-level screen going back to the menu: it closes itself and the game under it (the
/// particles go too).
pub fn close_game(ctx: &mut Context) -> Transition {
    ctx.effects.clear();
    Transition::Sequence(vec![Transition::Pop, Transition::Pop])
}

/// How a level ended, for the end-of-level screens: the score and the high-score news.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The final score of the level, and the game speed it was made at.
    pub score: Score,
    /// From the high-score table (none without one): the best before this result, whether
    /// this result beat it, and whether the table was saved.
    pub best: Option<Best>,
}

impl Outcome {
    /// The high-score line: "NEW BEST!", "best N" ("best N (70% speed)" for a best made below
    /// full game speed), or empty; a new best that could not be saved says so (in a play-test "NEW BEST!" was shown when nothing was saved).
    pub fn best_line(&self) -> String {
        match self.best {
            Some(Best {
                is_best: true,
                saved: true,
                ..
            }) => "NEW BEST!".to_string(),
            Some(Best { is_best: true, .. }) => "NEW BEST, NOT SAVED".to_string(),
            Some(Best {
                previous: Some(best),
                ..
            }) => format!("best {best}"),
            _ => String::new(),
        }
    }
}

/// The hint line of an end screen: the non-empty `parts` two spaces apart, then
/// "  -  " and `action`. An empty part (no best line when the result is not a best) leaves
/// no hole (a play-test saw "final score 2260    -  SPACE menu").
pub fn hint_line(parts: &[&str], action: &str) -> String {
    let words: Vec<&str> = parts.iter().copied().filter(|p| !p.is_empty()).collect();
    format!("{}  -  {action}", words.join("  "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_line_says_new_best_or_the_old_one() {
        let outcome = |previous: Option<u32>, is_best, saved| Outcome {
            score: Score::full(10),
            best: Some(Best {
                previous: previous.map(Score::full),
                is_best,
                saved,
            }),
        };
        assert_eq!(outcome(Some(5), true, true).best_line(), "NEW BEST!");
        assert_eq!(outcome(Some(50), false, true).best_line(), "best 50");
        let slow = Outcome {
            best: Some(Best {
                previous: Some(Score {
                    points: 50,
                    speed: 70,
                }),
                is_best: false,
                saved: true,
            }),
            ..outcome(None, false, true)
        };
        assert_eq!(slow.best_line(), "best 50 (70% speed)");
        assert_eq!(outcome(None, true, true).best_line(), "NEW BEST!");
        assert_eq!(
            outcome(Some(5), true, false).best_line(),
            "NEW BEST, NOT SAVED"
        );
        let none = Outcome {
            score: Score::full(10),
            best: None,
        };
        assert_eq!(none.best_line(), "");
    }
}
