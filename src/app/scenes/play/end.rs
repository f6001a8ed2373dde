//! The end of a level in play: its scores recorded, its replay closed, and the end-of-level
//! screen that covers the game (or, in a hot-seat run, the turn's end).

use super::{Campaign, Ended, GameStart, PlayScene, TurnEnd};
use crate::app::scenes::level_cleared::LevelClearedScene;
use crate::app::scenes::recording;
use crate::app::scenes::run_levels;
use crate::app::scenes::run_over::{Retry, RunEnd, RunOverScene};
use crate::app::scenes::{Context, Outcome, Scene};
use crate::highscores::Score;

impl PlayScene {
    /// The end-of-level screen for `ended`, after recording the scores: the level's own
    /// points, and the run's score when the run ends.
    /// A hot-seat player's game gives no screen: it keeps a [`TurnEnd`] instead.
    pub(super) fn end_screen(&mut self, ctx: &mut Context, ended: Ended) -> Option<Box<dyn Scene>> {
        self.ended = Some(ended);
        let total = self.game.score();
        let level_score = Score {
            points: total.saturating_sub(self.campaign.score()),
            speed: self.slowest,
        };
        let run_speed = self.campaign.speed().min(self.slowest);
        let cleared = ended == Ended::Cleared;
        // A mini-game never costs a life; its points are the run's bonus score too.
        let lives = run_levels::lives_after(&self.game, self.campaign.lives());
        let bonus = self.game.bonus_score();
        let level_best = ctx.record_level(&self.campaign, level_score, cleared);
        let new_best = level_best.is_some_and(|b| b.is_best);
        let next_start = (cleared && !self.campaign.is_last() && self.recording.is_resumable())
            .then(|| {
                let next = self.campaign.next(total, lives).with_bonus(bonus);
                recording::next_level_start(ctx, &next)
            })
            .flatten();
        self.recording.end(&self.game, new_best, next_start);
        if self.campaign.player().is_some() {
            let outcome = Outcome {
                score: level_score,
                best: level_best,
            };
            self.turn_end = Some(TurnEnd::LevelEnded {
                cleared,
                outcome,
                total,
                lives,
                speed: run_speed,
            });
            return None;
        }
        if cleared && !self.campaign.is_last() {
            let outcome = Outcome {
                score: level_score,
                best: level_best,
            };
            let next = self
                .campaign
                .next(total, lives)
                .with_bonus(bonus)
                .played_at(run_speed);
            let next_level = Box::new(move |ctx: &mut Context| {
                PlayScene::start(ctx, GameStart::Load(next.clone()))
                    .ok()
                    .map(|play| Box::new(play) as Box<dyn Scene>)
            });
            let scene = LevelClearedScene::new(outcome, total, next_level)
                .with_note(run_levels::end_note(&self.game));
            return Some(Box::new(scene));
        }
        let run_score = Score {
            points: total,
            speed: run_speed,
        };
        let outcome = Outcome {
            score: run_score,
            best: ctx.record_run(&self.campaign, run_score),
        };
        ctx.run_ended_at = Some((self.campaign.set_key().to_string(), self.campaign.index()));
        let bonus_total = self.campaign.bonus_score().saturating_add(bonus);
        let played_bonus = bonus_total > 0 || run_levels::is_bonus(&self.game);
        let note = run_levels::end_note(&self.game)
            .filter(|_| self.campaign.plays_alone())
            .or_else(|| run_levels::bonus_score_note(bonus_total, played_bonus));
        // A mini-game played alone ends by its rules, always a loss: "Game over".
        if cleared && !(self.campaign.plays_alone() && run_levels::is_bonus(&self.game)) {
            return Some(Box::new(
                RunOverScene::new(RunEnd::Won, outcome).with_note(note),
            ));
        }
        // Retry: this level again, with the score and lives it was started with.
        let retry = replay_level(self.campaign.clone());
        // Buy Continue (LBreakoutHD `continueGame`): this level again for all of the score,
        // with the difficulty's start lives.
        let bought = self
            .campaign
            .bought_continue(self.game.config().start_lives);
        Some(Box::new(
            RunOverScene::new(RunEnd::GameOver, outcome)
                .with_retry(retry)
                .with_note(note)
                .with_continue(replay_level(bought)),
        ))
    }
}

/// Plays `campaign`'s current level from its start (a new game, so a new replay), as a
/// [`Retry`] of the game-over screen.
fn replay_level(campaign: Campaign) -> Retry {
    Box::new(move |ctx: &mut Context| {
        PlayScene::start(ctx, GameStart::Load(campaign.clone()))
            .ok()
            .map(|play| Box::new(play) as Box<dyn Scene>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::run_over::{BUY_CONTINUE_KEY, RETRY_KEY};
    use crate::app::scenes::CONFIRM_DELAY;
    use crate::app::scenes::{test_context, test_dir, test_level_set, Drive, Transition};
    use crate::assets::LevelSetSource;
    use crate::sim::tuning::START_LIVES;

    /// After `key` on the game-over screen of the second level of a run that reached it with
    /// 4,321 points and lost its last life there: the new game's score and lives, and whether
    /// its window title says it is the run's second level of two.
    fn after_game_over(key: winit::keyboard::KeyCode) -> (u32, u32, bool) {
        let dir = test_dir("end", &format!("{key:?}"));
        let set = test_level_set(&dir, &["0 2 0 0\n", "0 0 3 0\n"]);
        let set = LevelSetSource::Directory(set)
            .open(&crate::assets::Assets::built_in())
            .unwrap();
        let mut ctx = test_context();
        let second = Campaign::new(&set, 0).next(4321, 1);
        let mut play = PlayScene::start(&mut ctx, GameStart::Load(second)).unwrap();
        let mut over = play
            .end_screen(&mut ctx, Ended::Over)
            .expect("a game-over screen");
        over.update(&mut ctx, CONFIRM_DELAY);
        let Transition::Sequence(steps) = over.key_press(&mut ctx, key) else {
            panic!("{key:?} did not start the level again");
        };
        let [Transition::Pop, Transition::Replace(next)] = &steps[..] else {
            panic!("not the game-over screen closed and the game replaced");
        };
        let game = next.live_game().expect("a game");
        let title = next.chrome().title.unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        (game.score(), game.lives(), title.contains("(2/2)"))
    }

    /// Buy Continue: the same level from its start, score 0, the difficulty's start lives;
    /// Retry keeps the score and lives the level was started with.
    #[test]
    fn buy_continue_plays_the_level_again_for_all_of_the_score() {
        assert_eq!(after_game_over(BUY_CONTINUE_KEY), (0, START_LIVES, true));
        assert_eq!(after_game_over(RETRY_KEY), (4321, 1, true));
    }
}
