//! Every game played in the window is recorded ([`Recording`]): the player's, the bot's
//! (`--autoplay`) and the level editor's test-play. Its replay is kept in the user's data
//! directory ([`Store`]): among the recent games, as the level's best run when its score is a new
//! best, and, for a player's run through a set, as the run left unfinished so that the set menu
//! can offer to continue it ([`super::replay_files::Unfinished`]).
//!
//! Files are written at a level's end, when the game is left (Esc to the menu, the window
//! closed: either way the play scene is dropped) and every [`SAVE_INTERVAL`] steps of play, so a
//! killed process loses at most those last seconds. The writing (encoding, then an atomic write
//! that waits for the disk) is done by one background thread ([`Writer`]) in the order the saves
//! were asked for, so a frame never waits for the disk; leaving a game waits for its files
//! ([`super::replay_files`]).

use super::campaign::Campaign;
use super::replay_files::{Target, UnfinishedSlot, Writer};
use super::Context;
use crate::level::Level;
use crate::replay::{self, end_of, ChangeKind, Origin, Recorder, Replay, Store};
use crate::sim::Game;
use std::path::PathBuf;

/// Steps of play between two saves of the game being played: five seconds.
pub const SAVE_INTERVAL: u64 = 5 * replay::STEPS_PER_SECOND;

/// The recording of the game a play scene runs, and where its replay goes.
pub struct Recording {
    recorder: Recorder,
    writer: Writer,
    /// The replays directory (none where the system has no data directory, and in tests that
    /// do not give one).
    store: Option<Store>,
    /// The game's file among the recent games.
    recent: Option<PathBuf>,
    /// `--record FILE`.
    record_to: Option<PathBuf>,
    /// A player's run through a set (not the bot's, not a test-play), with a store: left in the
    /// middle, it is kept to be continued; a new best score keeps its replay as the best run.
    resumable: bool,
    /// A player's game with a store: a new best score keeps its replay as the best run (a
    /// hot-seat player's too, which is not [`Recording::resumable`]).
    keeps_best: bool,
    /// Steps recorded when the replay was last saved.
    saved_at: u64,
    /// The level ended and its files were written (play may still go on: a live reload can
    /// make a cleared level playable again).
    ended: bool,
    /// What the set menu offers to continue.
    unfinished: UnfinishedSlot,
}

impl Recording {
    /// Starts recording `game`, just made from `level` (the current level of `campaign`, with
    /// the run's score and lives at its start), played by the bot if `bot`. A player's run
    /// saves its start at once as the unfinished run, replacing any other run's.
    pub fn new(
        ctx: &Context,
        campaign: &Campaign,
        game: &Game,
        level: &Level,
        bot: bool,
    ) -> Recording {
        let recorder = level_start(campaign, game, level, bot);
        let mut recording = Recording::with(ctx, campaign, recorder, bot);
        if recording.resumable {
            recording.save();
        }
        recording
    }

    /// Goes on recording a game continued from `replay` (an unfinished run's, played to its
    /// last step): recording appends to it.
    pub fn resume(ctx: &Context, campaign: &Campaign, replay: Replay) -> Recording {
        let bot = replay.header.played_by.is_some();
        Recording::with(ctx, campaign, Recorder::resume(replay), bot)
    }

    /// Goes on recording a game taken over from a replay: `recorder` holds the replay cut at
    /// the step it was taken at. Such a game keeps no best and is not continued.
    pub fn taken_over(ctx: &Context, campaign: &Campaign, recorder: Recorder) -> Recording {
        Recording::with(ctx, campaign, recorder, false)
    }

    fn with(ctx: &Context, campaign: &Campaign, mut recorder: Recorder, bot: bool) -> Recording {
        let store = ctx.replays.clone();
        let recent =
            (store.as_ref()).map(|s| super::replay_files::recent_path(s, recorder.replay()));
        // Hot-seat players start their games in the same second: each file names its player.
        let recent = recent.map(|path| match campaign.player() {
            Some(name) => player_path(&path, name),
            None => path,
        });
        let keeps_best = store.is_some() && !bot && campaign.keeps_scores();
        Recording {
            // A hot-seat run is not continued (the menu's Continue is a single player's).
            resumable: keeps_best && campaign.player().is_none(),
            keeps_best,
            saved_at: recorder.steps(),
            recorder,
            writer: ctx.writer.clone(),
            store,
            recent,
            record_to: ctx.options.record.clone(),
            ended: false,
            unfinished: ctx.unfinished.clone(),
        }
    }

    /// Records the step just run with `input` (`game` is the game after it); saves the replay
    /// every [`SAVE_INTERVAL`] steps.
    pub fn step(&mut self, input: &crate::sim::Input, game: &Game) {
        self.recorder.step(input, game);
        if self.recorder.steps() >= self.saved_at + SAVE_INTERVAL {
            self.save();
        }
    }

    /// Records a change made to the game now, between steps (after making it).
    pub fn change(&mut self, kind: ChangeKind) {
        self.recorder.change(kind);
    }

    /// Play went on after the level ended (a live reload made a cleared level playable): the
    /// replay goes on, and is written again when the game ends or is left.
    pub fn reopen(&mut self) {
        self.ended = false;
    }

    /// Saves the replay as it is now (no end): the game was paused, or it is time to. Written
    /// in the background.
    pub fn save(&mut self) {
        self.saved_at = self.recorder.steps();
        let replay = self.recorder.replay().clone();
        let mut to = self.targets(&replay);
        if self.resumable {
            // The menu's offer changes when the game is left ([`Recording::leave`]): no copy
            // for it here, at every save.
            to.push(Target::File(self.unfinished_path()));
        }
        self.writer.save(replay, to);
    }

    /// The level ended (cleared or game over; `game` is the game now): writes the finished
    /// replay to the recent games and `--record`, and as the level's best run when
    /// `new_best` (a player's game only, never one taken over from a replay). A run that goes
    /// on keeps `next` (the start of its next level, [`level_start`]) as the unfinished run;
    /// else the unfinished run is deleted.
    pub fn end(&mut self, game: &Game, new_best: bool, next: Option<Replay>) {
        let mut replay = self.recorder.replay().clone();
        replay.end = Some(end_of(game));
        let mut to = self.targets(&replay);
        let taken_over = replay.header.taken_over_at.is_some();
        if let (true, false, Some(store)) = (new_best && self.keeps_best, taken_over, &self.store) {
            let origin = &replay.header.origin;
            let (set, level) = (origin.set.as_deref(), origin.level_key.as_deref());
            to.push(Target::File(
                store.best_path(set.unwrap_or_default(), level.unwrap_or_default()),
            ));
        }
        self.ended = true;
        self.saved_at = self.recorder.steps();
        self.writer.save(replay, to);
        if self.resumable {
            let path = self.unfinished_path();
            match next {
                Some(next) => {
                    self.unfinished.set_run(&next, game.score());
                    self.writer.save(next, vec![Target::File(path)]);
                }
                None => {
                    self.unfinished.clear();
                    self.writer.delete(path);
                }
            }
        }
    }

    /// The game was left (Esc to the menu, the window closed) with `game` as it is now: unless
    /// its level ended, the replay (its end: left) goes to the recent games and `--record`,
    /// and a player's run is kept as the unfinished run. Waits until every file is written.
    pub fn leave(&mut self, game: &Game) {
        if !self.ended {
            self.ended = true;
            let replay = self.recorder.replay().clone();
            if self.resumable {
                self.unfinished.set_run(&replay, game.score());
                self.writer
                    .save(replay.clone(), vec![Target::File(self.unfinished_path())]);
            }
            let mut ended = replay;
            ended.end = Some(end_of(game));
            let to = self.targets(&ended);
            self.writer.save(ended, to);
        }
        self.writer.flush();
    }

    /// The replay recorded so far.
    pub fn replay(&mut self) -> &Replay {
        self.recorder.replay()
    }

    /// Whether the game is a player's run that is kept to be continued when left.
    pub fn is_resumable(&self) -> bool {
        self.resumable
    }

    /// Where every save of `replay` goes: the recent games (once it has a step) and `--record`
    /// (in a browser, also the page's download slot).
    fn targets(&self, replay: &Replay) -> Vec<Target> {
        // The page's download button gives the replay saved last.
        #[cfg(target_arch = "wasm32")]
        super::last_replay::remember(replay);
        let mut to = Vec::new();
        if let (Some(store), Some(path)) = (&self.store, &self.recent) {
            if replay.steps() > 0 {
                to.push(Target::Recent(store.clone(), path.clone()));
            }
        }
        to.extend(self.record_to.clone().map(Target::File));
        to
    }

    fn unfinished_path(&self) -> PathBuf {
        self.store
            .as_ref()
            .map(Store::unfinished_path)
            .unwrap_or_default()
    }
}

/// `path` (a recent game's file) with the hot-seat player `name` after its stem:
/// `…-01_first_steps-Anna.bkreplay`.
fn player_path(path: &std::path::Path, name: &str) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path.extension().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}-{}.{ext}", replay::store::file_safe(name)))
}

/// A recorder of `game` at its start: `level` is `campaign`'s current level, the game made
/// from it with the run's score and lives; the bot's games say so.
pub fn level_start(campaign: &Campaign, game: &Game, level: &Level, bot: bool) -> Recorder {
    let (number, count) = campaign.position();
    let origin = Origin {
        set: (!campaign.is_trial()).then(|| campaign.set_key().to_string()),
        level_key: Some(campaign.level_key()),
        index: u32::try_from(number - 1).ok(),
        count: u32::try_from(count).ok(),
    };
    // web_time: std's SystemTime::now panics in a browser.
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut recorder = Recorder::new(game, level, origin, campaign.score(), campaign.lives(), now);
    if bot {
        recorder.set_played_by(Some("bot".to_string()));
    }
    recorder
}

/// The start of the run's next level `next` (its level loaded, and a game made as the play
/// scene will make it), kept as the unfinished run between two levels; `None` if the level
/// does not load.
pub fn next_level_start(ctx: &Context, next: &Campaign) -> Option<Replay> {
    let level = next.source()?.load().ok()?;
    let game = Game::continuing(
        &level,
        ctx.config_for(next, &level),
        next.score(),
        next.lives(),
    );
    Some(level_start(next, &game, &level, false).replay().clone())
}

/// Forgets the unfinished run (its file deleted).
pub fn forget_unfinished(ctx: &Context) {
    ctx.unfinished.clear();
    if let Some(store) = &ctx.replays {
        ctx.writer.delete(store.unfinished_path());
    }
}
