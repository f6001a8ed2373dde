//! A run through a level set: one game over several levels (as in LBreakout2), its score and
//! lives carried from each level to the next.

use crate::assets::{LevelSource, OpenedSet, SetLevel};
use crate::sim::tuning::START_LIVES;
use crate::sim::Difficulty;
use std::sync::Arc;

/// How a game starts ([`super::play::PlayScene::start`]).
pub enum GameStart<'a> {
    /// The campaign's current level, read from its source.
    Load(Campaign),
    /// `level`, the campaign's current level, already read (the command line's run).
    Level(Campaign, &'a crate::level::Level),
    /// The level editor's test-play: `level` as edited now, from its start, played by the
    /// player or (`autoplay`) by the bot; Esc goes straight back to the editor and no score is
    /// recorded ([`Campaign::trial`]).
    Trial {
        /// The level as edited.
        level: &'a crate::level::Level,
        /// The bot plays it.
        autoplay: bool,
    },
    /// `game` played on from where it is, by the player: a game taken over from a replay
    /// (`campaign` from [`Campaign::taken_over`]: no scores recorded). Esc pauses as in any
    /// game; leaving it, or its end screen, comes back to the scene under it. Its recording
    /// goes on from the replay cut at that step (`recorder`,
    /// [`crate::replay::Recorder::taken_over`]).
    TakenOver {
        /// The run, made with [`Campaign::taken_over`].
        campaign: Campaign,
        /// The replay's game at the step taken over (boxed, as the recorder: they are large).
        game: Box<crate::sim::Game>,
        /// The replay cut at that step, recording on.
        recorder: Box<crate::replay::Recorder>,
    },
    /// The run `campaign` (made with [`Campaign::resumed`]) continued in the level it was left
    /// in: `replay` (of that level, with no end) is re-simulated to its last step, from which
    /// play and recording go on. The caller shows it paused.
    Resume {
        /// The run, made with [`Campaign::resumed`].
        campaign: Campaign,
        /// The unfinished level's replay.
        replay: &'a crate::replay::Replay,
    },
}

/// What a run is played for: whether its scores are kept, and where leaving it goes back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// A run through a level set, from the menu or the command line: its scores are kept.
    Run,
    /// The level editor's test-play of a level as edited ([`Campaign::trial`]): no scores.
    Trial,
    /// A game the player took over from a replay ([`Campaign::taken_over`]): no scores.
    TakenOver,
}

impl RunKind {
    /// The screen that leaving the game goes back to, as the pause and end screens name it:
    /// "menu", "editor" or "replay".
    pub fn left_for(self) -> &'static str {
        match self {
            RunKind::Run => "menu",
            RunKind::Trial => "editor",
            RunKind::TakenOver => "replay",
        }
    }
}

/// The levels of one run, in order, which one is being played, and the score and lives the
/// run has at the start of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Campaign {
    /// The set's high-score key ([`crate::assets::LevelSetSource::key`]).
    set_key: String,
    /// Whether the set may hold scores of the old high-score file (shipped and user levels).
    legacy_scores: bool,
    levels: Arc<[SetLevel]>,
    current: usize,
    /// Score at the start of the current level.
    score: u32,
    /// Lives at the start of the current level.
    lives: u32,
    /// The slowest game speed the run's levels before the current one were played at, per
    /// cent of normal.
    speed: u32,
    /// A run through a set, the editor's test-play or a game taken over from a replay.
    kind: RunKind,
    /// The hot-seat player whose run this is (none in a single player's run).
    player: Option<String>,
    /// The run's difficulty, fixed for the run (a change in the settings screen applies from
    /// the next run): its levels' settings and where its scores are kept.
    difficulty: Difficulty,
    /// The points the run's bonus levels scored before the current level (its "bonus score").
    bonus_score: u64,
    /// Each level is a run of its own (the "Mini games" set,
    /// [`crate::assets::OpenedSet::plays_alone`]): the run ends after it.
    alone: bool,
}

impl Campaign {
    /// A run through `set` from its level at index `start` (0 is the first), with a fresh
    /// score and full lives.
    pub fn new(set: &OpenedSet, start: usize) -> Campaign {
        Campaign {
            set_key: set.source.key(),
            legacy_scores: set.source.has_legacy_scores(),
            levels: set.levels.clone().into(),
            current: start,
            score: 0,
            lives: START_LIVES,
            speed: crate::highscores::FULL_SPEED,
            kind: RunKind::Run,
            player: None,
            difficulty: Difficulty::Normal,
            bonus_score: 0,
            alone: set.plays_alone(),
        }
    }

    /// This run from its start at `difficulty`: the difficulty's lives
    /// ([`crate::sim::difficulty::DifficultyDef::lives`]).
    pub fn starting_at(self, difficulty: Difficulty) -> Campaign {
        Campaign {
            lives: difficulty.def().lives,
            difficulty,
            ..self
        }
    }

    /// This run at `difficulty`, its score and lives kept (a run resumed at the difficulty it
    /// was played at).
    pub fn with_difficulty(self, difficulty: Difficulty) -> Campaign {
        Campaign { difficulty, ..self }
    }

    /// The run's difficulty.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// A run through `set` continued at its level at index `index`, with the `score` and
    /// `lives` the run had at that level's start (an unfinished run's).
    pub fn resumed(set: &OpenedSet, index: usize, score: u32, lives: u32) -> Campaign {
        Campaign {
            score,
            lives,
            ..Campaign::new(set, index)
        }
    }

    /// The level editor's test-play of `level` as edited now (not its file): one level, no
    /// scores recorded.
    pub fn trial(level: Arc<crate::level::Level>) -> Campaign {
        Campaign {
            kind: RunKind::Trial,
            ..Campaign::single("editor", LevelSource::Edited { level })
        }
    }

    /// The same run, played by the hot-seat player `name` (one of several taking turns).
    pub fn for_player(self, name: &str) -> Campaign {
        Campaign {
            player: Some(name.to_string()),
            ..self
        }
    }

    /// The hot-seat player whose run this is; `None` in a single player's run.
    pub fn player(&self) -> Option<&str> {
        self.player.as_deref()
    }

    /// Whether this is the level editor's test-play ([`Campaign::trial`]).
    pub fn is_trial(&self) -> bool {
        self.kind == RunKind::Trial
    }

    /// What the run is played for.
    pub fn kind(&self) -> RunKind {
        self.kind
    }

    /// A game taken over from a replay of `level` (the level in play at that step), whose
    /// level started with the run's `score` and `lives`: one level, no scores recorded.
    pub fn taken_over(level: Arc<crate::level::Level>, score: u32, lives: u32) -> Campaign {
        Campaign {
            kind: RunKind::TakenOver,
            score,
            lives,
            ..Campaign::single("replay", LevelSource::Edited { level })
        }
    }

    /// Whether the scores of this run are recorded: not for the editor's test-play
    /// ([`Campaign::trial`]) nor a game taken over from a replay ([`Campaign::taken_over`]).
    pub fn keeps_scores(&self) -> bool {
        self.kind == RunKind::Run
    }

    /// Whether this is a game taken over from a replay ([`Campaign::taken_over`]): the HUD
    /// says so.
    pub fn is_taken_over(&self) -> bool {
        self.kind == RunKind::TakenOver
    }

    /// A run of the single level `source`, in a set of its own keyed `set_key` (tests, tools).
    pub fn single(set_key: &str, source: LevelSource) -> Campaign {
        let name = source.stem();
        Campaign {
            set_key: set_key.to_string(),
            legacy_scores: false,
            levels: vec![SetLevel { source, name }].into(),
            current: 0,
            score: 0,
            lives: START_LIVES,
            speed: crate::highscores::FULL_SPEED,
            kind: RunKind::Run,
            player: None,
            difficulty: Difficulty::Normal,
            bonus_score: 0,
            alone: false,
        }
    }

    /// Where the level being played is read from (`None` past the end).
    pub fn source(&self) -> Option<&LevelSource> {
        self.levels.get(self.current).map(|l| &l.source)
    }

    /// The set's high-score key.
    pub fn set_key(&self) -> &str {
        &self.set_key
    }

    /// The current level's high-score key ([`LevelSource::key`]).
    pub fn level_key(&self) -> String {
        self.source().map(LevelSource::key).unwrap_or_default()
    }

    /// The current level's shown name, for the old high-score file's entries (`None` for sets
    /// that file cannot hold).
    pub fn legacy_name(&self) -> Option<&str> {
        self.legacy_scores
            .then(|| self.levels.get(self.current).map(|l| l.name.as_str()))
            .flatten()
    }

    /// 0-based index of the current level in the run's set.
    pub fn index(&self) -> usize {
        self.current
    }

    /// 1-based number of the current level in the run's set, and how many levels it has.
    pub fn position(&self) -> (usize, usize) {
        (self.current + 1, self.levels.len())
    }

    /// The run's score at the start of the current level.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The run's lives at the start of the current level.
    pub fn lives(&self) -> u32 {
        self.lives
    }

    /// The slowest game speed the run was played at before the current level, per cent of
    /// normal (100: full speed all along).
    pub fn speed(&self) -> u32 {
        self.speed
    }

    /// The same run, played at `speed` per cent too: its speed becomes the slower of the two.
    pub fn played_at(self, speed: u32) -> Campaign {
        Campaign {
            speed: self.speed.min(speed),
            ..self
        }
    }

    /// Whether the current level is the run's last (always, for a level played alone).
    pub fn is_last(&self) -> bool {
        self.alone || self.current + 1 >= self.levels.len()
    }

    /// Whether each level of this run is played alone (a mini-game from the "Mini games" set).
    pub fn plays_alone(&self) -> bool {
        self.alone
    }

    /// The points the run's bonus levels scored before the current level.
    pub fn bonus_score(&self) -> u64 {
        self.bonus_score
    }

    /// The same run with `points` more bonus score (a bonus level's, when it ends).
    pub fn with_bonus(self, points: u64) -> Campaign {
        Campaign {
            bonus_score: self.bonus_score.saturating_add(points),
            ..self
        }
    }

    /// The same level again, restarted from the pause screen: the score it was started with
    /// and `lives` (one fewer than the player had).
    pub fn restarted(&self, lives: u32) -> Campaign {
        Campaign {
            lives,
            ..self.clone()
        }
    }

    /// The same level again after Buy Continue (LBreakoutHD `continueGame`): score 0 and
    /// `lives` (the difficulty's start lives).
    pub fn bought_continue(&self, lives: u32) -> Campaign {
        Campaign {
            score: 0,
            lives,
            ..self.clone()
        }
    }

    /// The run at its next level, which starts with `score` and `lives`.
    pub fn next(&self, score: u32, lives: u32) -> Campaign {
        Campaign {
            current: self.current + 1,
            score,
            lives,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::{Assets, LevelSetSource};

    #[test]
    fn a_run_moves_through_its_set_carrying_score_and_lives() {
        let set = LevelSetSource::Shipped.open(&Assets::built_in()).unwrap();
        let run = Campaign::new(&set, 6);
        assert_eq!(
            (run.score(), run.lives(), run.position()),
            (0, START_LIVES, (7, 8))
        );
        assert_eq!(run.level_key(), "07-diamond-core.lvl");
        assert_eq!(run.legacy_name(), Some("07 Diamond Core"));
        assert!(!run.is_last());
        let next = run.next(1234, 5);
        assert_eq!(
            (next.score(), next.lives(), next.position()),
            (1234, 5, (8, 8))
        );
        assert!(next.is_last());
        assert_eq!(next.level_key(), "08-citadel.lvl");
        assert_eq!(next.next(0, 1).source(), None);
        assert_eq!(next.set_key(), "shipped");
        assert_eq!(next.speed(), 100, "full speed");
        let slowed = next.played_at(70).played_at(90);
        assert_eq!(slowed.speed(), 70, "the slowest");
        assert_eq!(slowed.next(0, 1).speed(), 70, "carried to the next level");
    }
}
