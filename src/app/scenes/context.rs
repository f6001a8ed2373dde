//! What every scene shares, owned by the app and lent to the scene being updated, given input or
//! drawn.

use super::campaign::Campaign;
use super::replay_files::{UnfinishedSlot, Writer};
use crate::app::RunOptions;
use crate::app::{Bindings, InputState};
use crate::audio::Audio;
use crate::collision::CollisionMode;
use crate::config::save::ConfigFile;
use crate::config::GamepadConfig;
use crate::config::VideoConfig;
use crate::effects::Effects;
use crate::highscores::{HighScores, Score};
use crate::level::Level;
use crate::sim::{Difficulty, GameConfig, Physics};
use winit::keyboard::ModifiersState;

/// What the high-score table says of a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The best score before this result, if there was one, with its speed.
    pub previous: Option<Score>,
    /// True if this result beat it.
    pub is_best: bool,
    /// False if the table changed but could not be written (the log says why).
    pub saved: bool,
}

/// State shared by the scenes: settings, input, sound, particles, high scores, counters.
pub struct Context {
    /// What the command line says of the runs: `--autoplay`, `--powerup`, `--record`.
    pub options: RunOptions,
    /// Simulation settings from the command line and config file (its collision mode is the
    /// starting one; [`Context::collision`] is the current one).
    pub game_config: GameConfig,
    /// The collision mode in use; [`crate::app::Action::NextCollisionMode`] (C) cycles it, and it carries over to the next level.
    pub collision: CollisionMode,
    /// Physics as chosen, or as each level's game (`--collision native`, the settings' Physics
    /// row): resolved per level when a game starts ([`Context::config_for`]).
    pub physics: Physics,
    /// [`crate::app::Action::DebugOverlay`] (F1): draw the collision debug overlay.
    pub debug_overlay: bool,
    /// Keyboard and mouse, as window events left them; the game reads it each step.
    pub input: InputState,
    /// Which keys do what ([`crate::app::Action`]), from the config file's `[keys]`: read with
    /// [`Context::bindings`], changed with [`Context::bind`] or [`Context::set_bindings`], which
    /// release the keys held (a key held while the bindings changed may never be seen released).
    bindings: Bindings,
    /// Gamepads on or off and the stick's dead zone, from the config file's `[gamepad]`. Set
    /// `enabled` at any time: the app reads the pads (opening them the first time) only while
    /// it is true, and lets go of whatever they held when it turns false.
    pub gamepad: GamepadConfig,
    /// Sound (none when no audio device opened, or not yet: a run started with `--mute` opens
    /// it when the sound is first turned on).
    pub audio: Option<Audio>,
    /// True while the sound is off: the config file's `[audio] muted`, or `--mute` for this
    /// run ([`Context::start_run_with`]); [`Context::toggle_mute`] changes it and the setting
    /// together (the app opens the audio output if needed). Private: the setting follows it.
    muted: bool,
    /// Particles and post-processing state.
    pub effects: Effects,
    /// Best scores per level and set (none if the platform has no data directory).
    pub scores: Option<HighScores>,
    /// Simulation steps run, over every level (for `--stats`).
    pub game_steps: u64,
    /// Shift, Ctrl, Alt and Super as held now (for shortcuts such as Ctrl+Z).
    pub modifiers: ModifiersState,
    /// The player's settings (in effect now, and as in their `breakout.toml`), changed by the
    /// settings screen and saved when it closes.
    pub settings: ConfigFile,
    /// How the window should be: vsync, fullscreen and the frame cap as the player last chose
    /// (the settings screen, F11) or the command line forced; the app makes the window follow.
    pub video: VideoConfig,
    /// Where the games' replays are kept (none where the system has no data directory; tests
    /// point it at a temporary directory or leave it out): recording writes them, the menu's
    /// Replays list and the level list's best runs read them.
    pub replays: Option<crate::replay::Store>,
    /// Writes the replays, in the background.
    pub writer: Writer,
    /// Where the last run ended: its set's key and the 0-based index of its last level, so
    /// the level list, uncovered, puts its cursor there.
    pub run_ended_at: Option<(String, usize)>,
    /// The run left in the middle of a level, which the set menu offers to continue.
    pub unfinished: UnfinishedSlot,
    /// The monitor's refresh rate, Hz (rounded up), where the window system says it: the cap
    /// of a frame cap that follows the monitor ([`VideoConfig::frame_cap_fps`]).
    pub refresh_hz: Option<u32>,
    /// The game speed, per cent of normal: `[game] speed`, or `--game-speed` for this run; the
    /// settings screen changes it, the game's clock follows it.
    pub game_speed: u32,
    /// The difficulty of the next run: `[game] difficulty`, or `--difficulty` for this run
    /// ([`Context::start_run_with`]); read and changed with [`Context::difficulty`] and
    /// [`Context::set_difficulty`]. Private: the setting follows it.
    difficulty: Difficulty,
}

impl Context {
    /// The context of a window opened with the run options `options`, the simulation settings
    /// `game_config` (its collision mode the starting one), the sound output `audio` (none:
    /// silent) and the particles `effects`. Every other part starts empty or at its default (no
    /// replays, no scores, no unfinished run, default settings, key bindings, gamepads and
    /// video, normal game speed and difficulty): the app then sets what the config file and the
    /// data directory say.
    pub fn new(
        options: RunOptions,
        game_config: GameConfig,
        audio: Option<Audio>,
        effects: Effects,
    ) -> Context {
        Context {
            collision: game_config.collision,
            physics: Physics::default(),
            debug_overlay: false,
            game_config,
            options,
            input: InputState::default(),
            bindings: Bindings::default(),
            gamepad: GamepadConfig::default(),
            audio,
            muted: false,
            effects,
            scores: None,
            game_steps: 0,
            modifiers: ModifiersState::default(),
            settings: ConfigFile::default(),
            video: VideoConfig::default(),
            replays: None,
            writer: Writer::default(),
            run_ended_at: None,
            unfinished: UnfinishedSlot::default(),
            refresh_hz: None,
            game_speed: crate::highscores::FULL_SPEED,
            difficulty: Difficulty::default(),
        }
    }

    /// The sound and the difficulty this run starts with (the config file's, or the command
    /// line's `--mute` and `--difficulty`), not written back as settings: the command line's
    /// choices last for this run only.
    pub fn start_run_with(&mut self, muted: bool, difficulty: Difficulty) {
        self.muted = muted;
        self.difficulty = difficulty;
    }

    /// True while the sound is off ([`Context::toggle_mute`]).
    pub fn is_muted(&self) -> bool {
        self.muted
    }

    /// Which keys do what ([`crate::app::Action`]) now.
    pub fn bindings(&self) -> &Bindings {
        &self.bindings
    }

    /// Binds `key` to `action` alone ([`Bindings::bind`]), in effect at the next key event;
    /// the keys held now are let go. Errors: the key may not be bound (as [`Bindings::bind`]).
    pub fn bind(
        &mut self,
        action: crate::app::Action,
        key: winit::keyboard::KeyCode,
    ) -> Result<(), crate::bindings::BindError> {
        self.bindings.bind(action, key)?;
        self.input.release_all();
        Ok(())
    }

    /// Replaces every binding (the config file's `[keys]`); the keys held now are let go.
    pub fn set_bindings(&mut self, bindings: Bindings) {
        self.bindings = bindings;
        self.input.release_all();
    }

    /// A key event for the keys the game holds (the paddle's, launch), as the bindings say
    /// ([`InputState::key`]); true if the key is one the game plays with.
    pub fn game_key(&mut self, key: winit::keyboard::PhysicalKey, pressed: bool) -> bool {
        self.input.key(&self.bindings, key, pressed)
    }

    /// Makes the sound and the effects follow the settings in effect (after the settings
    /// screen changed one).
    pub fn apply_settings(&mut self) {
        if let Some(audio) = &mut self.audio {
            audio.set_volumes(self.settings.now.audio);
            audio.set_muted(self.muted);
        }
        self.effects.configure(self.settings.now.effects);
    }

    /// Sound off or on (the Mute key, the settings screen), remembered as the setting (saved
    /// when the settings screen or the game closes).
    pub fn toggle_mute(&mut self) {
        self.muted = !self.muted;
        self.settings.now.audio.muted = self.muted;
        if let Some(audio) = &mut self.audio {
            audio.set_muted(self.muted);
        }
    }

    /// Fullscreen on or off (F11, Alt+Enter, the settings screen), remembered as the setting.
    pub fn toggle_fullscreen(&mut self) {
        self.video.fullscreen = !self.video.fullscreen;
        self.settings.now.video.fullscreen = self.video.fullscreen;
    }

    /// The settings for a new game: the configured ones with the current collision mode.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            collision: self.collision,
            ..self.game_config
        }
    }

    /// The settings of `level`, a level of `campaign`: [`Context::config`] at the run's
    /// difficulty, with the level's game's model and paddle rule when the physics is
    /// [`Physics::Native`] ([`Physics::config_for`]).
    pub fn config_for(&self, campaign: &Campaign, level: &Level) -> GameConfig {
        let config = campaign.difficulty().apply(self.config());
        self.physics.config_for(config, level)
    }

    /// The difficulty the next run starts at.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// Makes `difficulty` the next run's, remembered as the setting (`[game] difficulty`,
    /// written by [`Context::save_difficulty`] or when the settings screen closes). A run in
    /// play keeps its own.
    pub fn set_difficulty(&mut self, difficulty: Difficulty) {
        self.difficulty = difficulty;
        self.settings.now.game.difficulty = difficulty;
    }

    /// Writes the settings changed so far (the difficulty among them) into `breakout.toml`, for
    /// a screen other than the settings one that changed it. Errors: the file cannot be
    /// written (its path in the message).
    pub fn save_difficulty(&mut self) -> Result<(), String> {
        self.settings.save().map(|_| ()).map_err(|e| e.to_string())
    }

    /// Records the `score` a level of `campaign` (its current one) ended with: the points
    /// made in that level and the game speed they were made at, and whether it was `cleared`; saves the table if it changed (a
    /// failed save is logged). Returns the level's best before and whether this beat it;
    /// `None` without a table, and always with `--autoplay`, in the editor's test-play and in a
    /// game taken over from a replay ([`Campaign::keeps_scores`]): the bot's games, an author's
    /// trials and practice from a replay are never recorded.
    pub fn record_level(
        &mut self,
        campaign: &Campaign,
        score: Score,
        cleared: bool,
    ) -> Option<Best> {
        if self.options.autoplay || !campaign.keeps_scores() {
            return None;
        }
        let scores = self.scores.as_mut()?;
        let key = campaign.level_key();
        // The old file's scores by name are Normal's.
        let normal = campaign.difficulty() == Difficulty::Normal;
        let recorded = scores.record_level(
            &Context::scores_key(campaign.set_key(), campaign.difficulty()),
            &key,
            campaign.legacy_name().filter(|_| normal),
            score,
            cleared,
        );
        let saved = self.save_scores(recorded.changed);
        Some(Best {
            previous: recorded.previous,
            is_best: recorded.is_best,
            saved,
        })
    }

    /// Records the `score` of a whole run through `campaign`'s set (ended: won or game over),
    /// as [`Context::record_level`] does.
    pub fn record_run(&mut self, campaign: &Campaign, score: Score) -> Option<Best> {
        if self.options.autoplay || !campaign.keeps_scores() {
            return None;
        }
        let set = Context::scores_key(campaign.set_key(), campaign.difficulty());
        let recorded = self.scores.as_mut()?.record_run(&set, score);
        let saved = self.save_scores(recorded.changed);
        Some(Best {
            previous: recorded.previous,
            is_best: recorded.is_best,
            saved,
        })
    }

    /// Records the `score` of the hot-seat player `name`'s run through `campaign`'s set
    /// (ended: the set cleared or their last life lost) under their name, as
    /// [`Context::record_run`] does for a single player.
    pub fn record_player_run(
        &mut self,
        name: &str,
        campaign: &Campaign,
        score: Score,
    ) -> Option<Best> {
        if self.options.autoplay || !campaign.keeps_scores() {
            return None;
        }
        let scores = self.scores.as_mut()?;
        let recorded = scores.record_player_run(name, campaign.set_key(), score);
        let saved = self.save_scores(recorded.changed);
        Some(Best {
            previous: recorded.previous,
            is_best: recorded.is_best,
            saved,
        })
    }

    /// The high-score key of set `set` at `difficulty` ([`crate::highscores::scores_key`]).
    pub fn scores_key(set: &str, difficulty: Difficulty) -> String {
        crate::highscores::scores_key(set, difficulty.name())
    }

    /// What follows a score shown at the next run's difficulty: nothing at Normal, else
    /// " (Kids)" ([`crate::highscores::difficulty_note`]).
    pub fn difficulty_note(&self) -> String {
        crate::highscores::difficulty_note(self.difficulty.name(), self.difficulty.label())
    }

    /// Saves the high-score table if `changed`; false if that failed (logged).
    fn save_scores(&self, changed: bool) -> bool {
        if let Some(scores) = self.scores.as_ref().filter(|_| changed) {
            if let Err(e) = scores.save() {
                log::warn!("cannot save high scores: {e}");
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Context;
    use crate::app::Action;
    use winit::keyboard::{KeyCode, PhysicalKey};

    /// A key held while the bindings change is let go by the change itself: its release may
    /// never be seen (it is no longer the key of the action it held).
    #[test]
    fn changing_the_bindings_lets_go_of_the_keys_held() {
        let effects = crate::effects::Effects::new(1, Default::default());
        let mut ctx = Context::new(Default::default(), Default::default(), None, effects);
        assert!(ctx.game_key(PhysicalKey::Code(KeyCode::ArrowLeft), true));
        assert!(ctx.input.take_step_input().left, "held");
        ctx.bind(Action::Left, KeyCode::KeyJ).expect("J is free");
        assert!(!ctx.input.take_step_input().left, "let go by bind");
        assert!(ctx.game_key(PhysicalKey::Code(KeyCode::KeyJ), true));
        ctx.set_bindings(Default::default());
        assert!(!ctx.input.take_step_input().left, "let go by set_bindings");
    }
}
