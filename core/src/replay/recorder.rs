//! [`Recorder`]: makes a [`Replay`] of a game as it is played.

use super::{
    Change, ChangeKind, End, Header, InputTrack, Math, Origin, Outcome, Replay, StoredSettings,
    HASH_INTERVAL,
};
use crate::level::Level;
use crate::sim::{Game, GameState, Input};

/// Records a game: give it each step's input after the step ([`Recorder::step`]) and each
/// change as it is made ([`Recorder::change`]); [`Recorder::replay`] is the replay so far (to
/// save during play), [`Recorder::finish`] the ended one.
///
/// Per step it only copies the input into a buffer of at most [`HASH_INTERVAL`] inputs; every
/// [`HASH_INTERVAL`] steps it stores the game's state hash and folds the buffer into the
/// run-length track, and [`Recorder::replay`] folds it before giving the replay. (Folding 240
/// inputs at once in a tight loop costs less than comparing each input with the last run
/// between two game steps; `docs/replays.md` has the figures.)
#[derive(Clone, Debug)]
pub struct Recorder {
    /// The replay, its track holding every step but those in `pending`.
    replay: Replay,
    /// The inputs of the steps since the track was last brought up to date, in order (at most
    /// [`HASH_INTERVAL`]: its capacity, reserved once).
    pending: Vec<Input>,
    /// Steps recorded: the track's and `pending`'s.
    steps: u64,
}

impl Recorder {
    /// Starts recording `game`, which must be at its start: just made from `level` with
    /// [`Game::continuing`] (or [`Game::new`]) with the run's `score` and `lives`, no step run.
    /// `recorded_at` is the time, seconds since the Unix epoch (0 when unknown); the recorder
    /// reads no clock itself.
    pub fn new(
        game: &Game,
        level: &Level,
        origin: Origin,
        score: u32,
        lives: u32,
        recorded_at: u64,
    ) -> Recorder {
        Recorder {
            replay: Replay {
                header: Header {
                    game_version: env!("CARGO_PKG_VERSION").to_string(),
                    recorded_at,
                    origin,
                    level_name: level.name.clone(),
                    level_text: level.to_text(),
                    start_score: score,
                    start_lives: lives,
                    settings: StoredSettings::from_config(game.config()),
                    taken_over_at: None,
                    played_by: None,
                    math: Math::Portable,
                },
                inputs: InputTrack::new(),
                changes: Vec::new(),
                hashes: Vec::new(),
                end: None,
            },
            pending: Vec::with_capacity(HASH_INTERVAL as usize),
            steps: 0,
        }
    }

    /// Goes on recording `replay` from its last step (a resumed game, or one the player took
    /// over from a replay): its end is dropped, recording appends. A replay of an older format,
    /// recorded with the platform's math, is first `Replay::rehashed`, so that the hashes of
    /// the whole file are this version's.
    pub fn resume(replay: Replay) -> Recorder {
        let replay = replay.rehashed();
        Recorder {
            steps: replay.steps(),
            replay,
            pending: Vec::with_capacity(HASH_INTERVAL as usize),
        }
    }

    /// Goes on recording a game the player took over from `replay` after `steps` steps (its
    /// game as a [`super::Playback`] at that step has it): the replay cut there
    /// ([`Replay::truncated`]), marked as taken over at that step (such games keep no high
    /// score), recording appending from there.
    pub fn taken_over(replay: &Replay, steps: u64) -> Recorder {
        let mut recorder = Recorder::resume(replay.truncated(steps));
        recorder.mark_taken_over();
        recorder
    }

    /// Sets who played (`Some("bot")` for the bot).
    pub fn set_played_by(&mut self, who: Option<String>) {
        self.replay.header.played_by = who;
    }

    /// Marks the game as taken over from a replay at the current step (it keeps no high score).
    pub(crate) fn mark_taken_over(&mut self) {
        self.replay.header.taken_over_at = Some(self.steps);
    }

    /// Records the step just run with `input`; `game` is the game after it.
    #[inline]
    pub fn step(&mut self, input: &Input, game: &Game) {
        self.pending.push(*input);
        self.steps += 1;
        if self.steps.is_multiple_of(HASH_INTERVAL) {
            self.replay.hashes.push(game.state_hash());
            self.fold();
        }
    }

    /// Brings the track up to date: appends the pending inputs.
    fn fold(&mut self) {
        self.replay.inputs.extend(&self.pending);
        self.pending.clear();
    }

    /// Records a change made now, before the next step, after applying it to the game.
    pub fn change(&mut self, kind: ChangeKind) {
        self.replay.changes.push(Change {
            step: self.steps,
            kind,
        });
    }

    /// Steps recorded.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The replay so far (no end): what is saved during play. Brings its track up to date
    /// first (hence `&mut`).
    pub fn replay(&mut self) -> &Replay {
        self.fold();
        &self.replay
    }

    /// Ends the replay with `game`'s state now: cleared or game over from the game's state,
    /// else [`Outcome::Left`].
    pub fn finish(mut self, game: &Game) -> Replay {
        self.fold();
        self.replay.end = Some(end_of(game));
        self.replay
    }
}

/// The [`End`] of a game in its current state.
pub fn end_of(game: &Game) -> End {
    End {
        outcome: match game.state() {
            GameState::LevelCleared | GameState::Won => Outcome::Cleared,
            GameState::GameOver => Outcome::GameOver,
            GameState::Playing => Outcome::Left,
        },
        hash: game.state_hash(),
        score: game.score(),
        lives: game.lives(),
    }
}
