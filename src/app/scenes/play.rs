//! The game in play: a level of a run, stepped at a fixed rate, with live reload of its file.
//! When the game's events say the level was cleared or lost, it records the scores and pushes
//! the matching end-of-level screen over itself.

pub use super::campaign::{Campaign, GameStart};
use super::recording::Recording;
use super::{Chrome, Handled, Reply, SceneInput};
use super::{Context, Outcome, Scene, Transition};
use crate::app::reload::FileWatcher;
use crate::app::timestep::FixedTimestep;
use crate::app::Action;
use crate::assets::LevelSource;
use crate::highscores::FULL_SPEED;
use crate::level::{Level, PowerUpKind};
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::replay::ChangeKind;
use crate::sim::fork::Fork;
use crate::sim::{Bot, Game, GameEvent};
use crate::view::{hud, scene, SpriteBatch};

mod assists;
mod end;
mod input;
mod pending;

/// Seconds the autoplay bot waits before launching, so a viewer sees the start of each ball.
const AUTOPLAY_LAUNCH_DELAY: f32 = 0.6;

/// How the level ended, once the game said so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    /// Every destructible brick destroyed ([`GameEvent::LevelCleared`]).
    Cleared,
    /// No lives left ([`GameEvent::GameOver`]).
    Over,
}

/// Why a hot-seat player's turn ended ([`PlayScene::take_turn_end`]); the hot-seat
/// controller (`hot_seat.rs`) passes the turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TurnEnd {
    /// A life was lost and some are left: the game stopped after that step, its new ball on
    /// the paddle, to be set aside as it is.
    LifeLost,
    /// The level ended (cleared, or the last life lost); its scores and replay are recorded.
    LevelEnded {
        /// Whether it was cleared.
        cleared: bool,
        /// The level's own points and their best.
        outcome: Outcome,
        /// The run's score now, points.
        total: u32,
        /// Lives left.
        lives: u32,
        /// The slowest game speed of the run so far, per cent of normal.
        speed: u32,
    },
}

/// A level in play. Arrows/A/D or the mouse move the paddle, Space or a click launches, P
/// pauses, C cycles the collision mode (the keys as [`Context::bindings`] say), Esc pauses.
pub struct PlayScene {
    game: Game,
    /// Plays instead of the player with `--autoplay`.
    bot: Option<Bot>,
    /// Real time to game steps.
    clock: FixedTimestep,
    /// The run this level belongs to.
    campaign: Campaign,
    /// Watches the level's file (live reload); none if the OS refused the watch.
    watcher: Option<FileWatcher>,
    /// Why the last reload failed (file:line:column lines), shown until the file is fixed.
    reload_error: Option<String>,
    /// Set when the game's events said the level ended (an end-of-level screen covers this one).
    ended: Option<Ended>,
    /// `--powerup`'s power-ups have been collected once.
    forced: bool,
    /// The game's replay, and where it is saved ([`recording`](super::recording)).
    recording: Recording,
    /// The slowest game speed this level was played at so far, per cent of normal (its score
    /// is marked with it when below 100).
    slowest: u32,
    /// A hot-seat player's turn ended (their campaign has a [`Campaign::player`]).
    turn_end: Option<TurnEnd>,
    /// The game forked into every collision mode from the pause screen (the collision lab):
    /// the copies play the player's input beside the game and are drawn as ghosts.
    fork: Option<Fork>,
    /// The fork's legend shows (G, [`crate::view::fork::LEGEND_KEY`], when no action is bound
    /// to it).
    fork_legend: bool,
    /// The warp key or a pick, for the next step (`pending.rs`).
    assists: pending::Pending,
}

impl PlayScene {
    /// Starts a game as `start` says, and watches its level's file (a level on disk, not a
    /// built-in one) so that saving it reloads the level. Errors: the campaign's level does not
    /// load (its file's errors, also logged) or there is none; a resumed replay's level text
    /// does not parse.
    pub fn start(ctx: &mut Context, start: GameStart) -> Result<PlayScene, String> {
        let autoplay = ctx.options.autoplay;
        match start {
            GameStart::Load(campaign) => {
                let source = campaign
                    .source()
                    .ok_or_else(|| "the run has no level to play".to_string())?
                    .clone();
                match source.load() {
                    Ok(level) => Ok(PlayScene::fresh(ctx, campaign, &level, autoplay)),
                    Err(e) => {
                        log::error!("{e}");
                        Err(e.to_string())
                    }
                }
            }
            GameStart::Level(campaign, level) => {
                Ok(PlayScene::fresh(ctx, campaign, level, autoplay))
            }
            GameStart::Trial { level, autoplay } => {
                let campaign = Campaign::trial(std::sync::Arc::new(level.clone()));
                Ok(PlayScene::fresh(ctx, campaign, level, autoplay))
            }
            GameStart::TakenOver {
                campaign,
                game,
                recorder,
            } => {
                let recording = Recording::taken_over(ctx, &campaign, *recorder);
                Ok(PlayScene::with_game(ctx, campaign, *game, recording, false))
            }
            GameStart::Resume { campaign, replay } => {
                let game = super::replay_files::resimulate(&std::sync::Arc::new(replay.clone()))?;
                // A game of the level's own physics (`--collision native`) keeps the chosen
                // mode for the levels after it.
                if game.config().paddle_rule.is_default() {
                    ctx.collision = game.config().collision;
                }
                let recording = Recording::resume(ctx, &campaign, replay.clone());
                let mut play = PlayScene::with_game(ctx, campaign, game, recording, false);
                // The replay holds the forced power-ups' first collection.
                play.forced = true;
                Ok(play)
            }
        }
    }

    /// `level`, the campaign's current level, from its start with the run's score and lives
    /// ([`Game::continuing`]), played by the bot if `autoplay`.
    fn fresh(ctx: &mut Context, campaign: Campaign, level: &Level, autoplay: bool) -> PlayScene {
        let config = ctx.config_for(&campaign, level);
        let game = Game::continuing(level, config, campaign.score(), campaign.lives());
        let recording = Recording::new(ctx, &campaign, &game, level, autoplay);
        PlayScene::with_game(ctx, campaign, game, recording, autoplay)
    }

    fn with_game(
        ctx: &mut Context,
        campaign: Campaign,
        game: Game,
        recording: Recording,
        autoplay: bool,
    ) -> PlayScene {
        let watcher = campaign
            .source()
            .and_then(LevelSource::path)
            .and_then(|path| match FileWatcher::new(path) {
                Ok(watcher) => Some(watcher),
                Err(e) => {
                    log::warn!("{}: live reload is off: {e}", path.display());
                    None
                }
            });
        ctx.input.new_game();
        ctx.effects.clear();
        PlayScene {
            game,
            bot: autoplay.then(|| Bot::new(ctx.game_config.seed, AUTOPLAY_LAUNCH_DELAY)),
            clock: FixedTimestep::default(),
            campaign,
            watcher,
            reload_error: None,
            ended: None,
            forced: false,
            recording,
            slowest: FULL_SPEED,
            turn_end: None,
            fork: None,
            fork_legend: true,
            assists: Default::default(),
        }
    }

    /// Live reload: if the level file was saved, re-reads it. A valid level replaces the bricks
    /// (paddle, lives and score stay); an invalid one keeps the last good level and shows why.
    /// Returns `true` if a cleared level became playable again.
    fn reload_if_changed(&mut self) -> bool {
        let Some(watcher) = self.watcher.as_mut() else {
            return false;
        };
        if !watcher.poll() {
            return false;
        }
        let path = watcher.path().to_path_buf();
        match Level::load(&path) {
            Ok(level) => {
                log::info!("{}: reloaded", path.display());
                self.reload_error = None;
                self.game.replace_level(&level);
                if let Some(fork) = &mut self.fork {
                    fork.apply(|game| game.replace_level(&level));
                }
                self.recording.change(ChangeKind::reload(&level));
                if self.ended == Some(Ended::Cleared) {
                    self.ended = None;
                    self.recording.reopen();
                    return true;
                }
            }
            Err(e) => {
                log::warn!("{e}");
                self.reload_error = Some(e.to_string());
            }
        }
        false
    }

    /// Runs the fixed steps that `dt` seconds hold, feeding each step's events to audio and
    /// effects. Returns how the level ended if one of the events said so.
    fn run_steps(&mut self, ctx: &mut Context, dt: f32) -> Option<Ended> {
        let mut ended = None;
        self.clock.accumulate(dt);
        while self.clock.step() {
            let input = match self.bot.as_mut() {
                Some(bot) => bot.input(&self.game),
                None => self.assists.apply(ctx.input.take_step_input()),
            };
            self.game.step(&input);
            if let Some(fork) = &mut self.fork {
                fork.step(&input);
            }
            self.recording.step(&input, &self.game);
            ctx.game_steps += 1;
            let events = self.game.events();
            if let Some(audio) = &ctx.audio {
                audio.handle_events(events);
            }
            let mut turn_over = false;
            for event in events {
                ctx.effects.handle_event(event);
                match event {
                    GameEvent::LevelCleared => ended = Some(Ended::Cleared),
                    GameEvent::GameOver => ended = Some(Ended::Over),
                    GameEvent::LifeLost { lives_left } => turn_over = *lives_left > 0,
                    _ => {}
                }
            }
            // Hot seat: the turn passes when a life is lost; this game stops at that step.
            if turn_over && ended.is_none() && self.campaign.player().is_some() {
                self.turn_end = Some(TurnEnd::LifeLost);
                break;
            }
        }
        ended
    }

    /// `--powerup`: collects each forced power-up at the first frame, and a timed one again
    /// whenever it is not running (it ran out, or a life was lost).
    fn force_powerups(&mut self, ctx: &Context) {
        let first = !self.forced;
        self.forced = true;
        for &kind in &ctx.options.powerups {
            let timed = kind.lasts().is_lasting();
            if first || (timed && !self.game.active_effects().has(kind)) {
                self.game.collect_powerup(kind);
                self.recording
                    .change(ChangeKind::PowerUp(kind.name().to_string()));
            }
        }
    }

    /// The run this game is a level of.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The game as it is now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Why a hot-seat player's turn ended, once (`None` while it goes on).
    pub fn take_turn_end(&mut self) -> Option<TurnEnd> {
        self.turn_end.take()
    }

    /// Sets a hot-seat player's game aside (another player's turn): its replay is saved, the
    /// time not yet stepped is dropped, and it steps again only when updated again.
    pub fn set_aside(&mut self) {
        self.recording.save();
        self.clock = FixedTimestep::default();
    }
}

/// A game leaves the scene stack by many ways (Esc to the menu, an end screen closing it, the
/// window closed, the app quitting): each drops it, and its replay is saved then.
impl Drop for PlayScene {
    fn drop(&mut self) {
        self.recording.leave(&self.game);
    }
}

impl Scene for PlayScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            // The paddle's keys, held.
            SceneInput::Key { key, pressed } => {
                if ctx.game_key(*key, *pressed) {
                    Handled::Yes(Transition::None)
                } else {
                    Handled::No
                }
            }
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            SceneInput::Click => {
                ctx.input.clicked();
                Handled::Yes(Transition::None)
            }
            SceneInput::FocusLost => self.on_focus_lost().into(),
            SceneInput::Resumed(Reply::Fork) => {
                self.fork_or_leave(ctx.options.modes.modes());
                Handled::Yes(Transition::None)
            }
            SceneInput::Resumed(Reply::Pick { row, col }) => {
                self.picked(*row, *col);
                Handled::Yes(Transition::None)
            }
            _ => Handled::No,
        }
    }

    fn live_game(&self) -> Option<&Game> {
        Some(&self.game)
    }

    /// No cursor over the game being played.
    fn chrome(&self) -> Chrome {
        Chrome {
            shows_cursor: false,
            ..Chrome::titled(self.title())
        }
    }

    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.reload_if_changed();
        // While the level file has errors the game waits: the error banner covers the paddle
        // and ball, and the author is fixing the file, not playing.
        if self.reload_error.is_some() {
            return Transition::None;
        }
        self.force_powerups(ctx);
        // The game speed (settings, --game-speed) slows the clock, not the steps.
        self.clock.set_speed(ctx.game_speed as f32 / 100.0);
        self.slowest = self.slowest.min(ctx.game_speed);
        match self.run_steps(ctx, dt) {
            Some(ended) => match self.end_screen(ctx, ended) {
                Some(screen) => Transition::Push(screen),
                None => Transition::None,
            },
            None => Transition::None,
        }
    }

    fn update_covered(&mut self, _ctx: &mut Context, _dt: f32) -> bool {
        self.reload_if_changed()
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, covered: bool) {
        let game = &self.game;
        let held = scene::HeldPowerUps::shown_if(ctx.video.show_brick_powerups);
        scene::backdrop(&mut batch.backdrop, game, held);
        batch.look_of = Some(game.powerup_rules());
        if let Some(fork) = &self.fork {
            let own = game.config().collision;
            crate::view::fork::broken_marks(&mut batch.world, fork);
            crate::view::fork::ghosts(&mut batch.world, fork, own, self.clock.blend());
            // Not under the pause screen's message box, which it would cross.
            if !covered && self.fork_legend {
                let solid: Vec<_> = game.balls().iter().map(|b| (b.pos, b.radius)).collect();
                crate::view::fork::legend(&mut batch.text, fork, own, None, &solid);
            }
        }
        scene::world(&mut batch.world, game, self.clock.blend());
        scene::particles(&mut batch.particles, &ctx.effects.particles);
        if ctx.debug_overlay {
            crate::view::debug_overlay::overlay(&mut batch.text, game);
            if let Some(fork) = &self.fork {
                let own = game.config().collision;
                crate::view::debug_overlay::copies(&mut batch.text, fork, own);
            }
        }
        let notes = hud::HudNotes {
            show_mode: hud::shows_mode(game, ctx.debug_overlay),
            game_speed: ctx.game_speed,
            taken_over: self.campaign.is_taken_over(),
        };
        match self.campaign.player() {
            Some(name) => hud::player_hud(&mut batch.text, game, name, notes),
            None => hud::hud_for(&mut batch.text, game, notes),
        }
        // The fork's legend says what plays; the demo mark would cross it.
        if self.bot.is_some() && (self.fork.is_none() || covered) {
            hud::demo_mark(&mut batch.text);
        }
        if let Some(error) = &self.reload_error {
            hud::reload_error(&mut batch.text, error);
        }
        let warp_key = ctx.bindings().first_key_name(Action::Warp);
        crate::view::warp_icon::icon(&mut batch.text, game, &warp_key);
        if !covered && self.bot.is_none() && game.balls().iter().any(|b| b.stuck) {
            let key = ctx.bindings().first_key_name(Action::Launch);
            crate::view::text::layout_centered(
                &mut batch.text,
                &format!("{} to launch", key.to_uppercase()),
                PLAYFIELD_WIDTH / 2.0,
                PLAYFIELD_HEIGHT * 0.7,
                16.0,
                [1.0, 1.0, 1.0, 0.8],
            );
        }
        // The power-ups' screen effects last while the level does (paused too), not on its
        // end-of-level screen.
        if self.ended.is_none() {
            let active = game.active_effects();
            batch.effects.confuse |= active.has(PowerUpKind::Confuse);
            batch.effects.chaos |= active.has(PowerUpKind::Chaos);
        }
    }
}

impl PlayScene {
    /// The window title: the level, its place in the run, score, lives, and the collision mode
    /// and difficulty when not the defaults.
    pub fn title(&self) -> String {
        let game = &self.game;
        let (number, count) = self.campaign.position();
        // The collision mode as the HUD shows it: only when it is not the default.
        let mode = if hud::shows_mode(game, false) {
            format!(" — collision: {}", game.config().collision)
        } else {
            String::new()
        };
        let difficulty = game.config().difficulty;
        let mode = if difficulty == crate::sim::Difficulty::Normal {
            mode
        } else {
            format!("{mode} — {}", difficulty.label())
        };
        format!(
            "Breakout — {} ({number}/{count}) — score {} — lives {}{mode}",
            game.level_name(),
            game.score(),
            game.lives(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::pause::PauseScene;
    use crate::app::scenes::stack::Flow;
    use crate::app::scenes::{test_context, SceneStack};
    use crate::app::scenes::{Drive, SceneInput};
    use std::path::PathBuf;
    use std::time::{Duration, Instant};
    use winit::keyboard::KeyCode;
    use winit::keyboard::PhysicalKey;

    /// A one-level run of `text` in a temporary file, played by the bot (seed 1).
    fn autoplayed(name: &str, text: &str) -> (Context, SceneStack, PathBuf) {
        let path = std::env::temp_dir().join(format!(
            "breakout-play-scene-{}-{name}.lvl",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("write the level");
        let mut ctx = test_context();
        ctx.options.autoplay = true;
        let level = Level::load(&path).expect("valid level");
        let play = PlayScene::start(
            &mut ctx,
            GameStart::Level(
                Campaign::single("test", LevelSource::File(path.clone())),
                &level,
            ),
        )
        .unwrap();
        let stack = SceneStack::new(Box::new(play));
        (ctx, stack, path)
    }

    /// Runs frames of `dt` until the stack holds `len` scenes; returns the frames run.
    fn run_until(ctx: &mut Context, stack: &mut SceneStack, dt: f32, len: usize) -> u32 {
        for frame in 0..2000 {
            if stack.len() == len {
                return frame;
            }
            assert_eq!(stack.update(ctx, dt), Flow::Continue, "frame {frame}");
        }
        panic!("the stack never held {len} scenes");
    }

    /// The text sprites of the first frame of a one-level run, played by the bot or not, with
    /// the mute indicator drawn too (it shares the top edge).
    fn first_frame_text(autoplay: bool) -> Vec<crate::view::SpriteInstance> {
        let name = if autoplay { "demo-bot" } else { "demo-player" };
        let (mut ctx, stack, path) = autoplayed(name, "2 2 2 2\n0 0 0 0\n");
        ctx.options.autoplay = autoplay;
        let level = Level::load(&path).expect("valid level");
        let play = PlayScene::start(
            &mut ctx,
            GameStart::Level(
                Campaign::single("test", LevelSource::File(path.clone())),
                &level,
            ),
        )
        .unwrap();
        let _ = std::fs::remove_file(&path);
        drop(stack);
        let mut batch = SpriteBatch::default();
        play.draw(&ctx, &mut batch, false);
        crate::app::sound::mute_indicator(&mut batch.text);
        batch.text
    }

    /// The glyphs of `text` as (rectangle, character).
    fn glyphs(text: &[crate::view::SpriteInstance]) -> Vec<([f32; 4], char)> {
        text.iter()
            .filter_map(|s| crate::view::text::glyph_char(s).map(|c| (s.i_rect, c)))
            .collect()
    }

    /// A play-test found: nothing said the bot was playing. The demo mark shows while it plays,
    /// its glyphs (with 4 px of room round them) overlapping no other text: HUD, MUTED or
    /// shadows.
    #[test]
    fn the_bot_playing_shows_demo_clear_of_every_other_text() {
        let text = first_frame_text(true);
        let all = glyphs(&text);
        let demo: Vec<_> = all
            .iter()
            .filter(|(r, _)| (r[1] - hud::DEMO_Y).abs() < 0.5)
            .collect();
        let word: String = demo.iter().map(|(_, c)| *c).collect();
        assert_eq!(word, hud::DEMO_TEXT, "{all:?}");
        let overlaps = |a: &[f32; 4], b: &[f32; 4]| {
            a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
        };
        for (rect, c) in &demo {
            let boxed = [rect[0] - 4.0, rect[1] - 4.0, rect[2] + 8.0, rect[3] + 8.0];
            for (other, o) in all.iter().filter(|g| !demo.contains(g)) {
                assert!(
                    !overlaps(&boxed, other),
                    "DEMO's {c:?} at {rect:?} overlaps {o:?} at {other:?}"
                );
            }
        }
        let player: String = glyphs(&first_frame_text(false))
            .iter()
            .map(|(_, c)| *c)
            .collect();
        assert!(!player.contains(hud::DEMO_TEXT), "{player}");
    }

    #[test]
    fn the_cleared_event_covers_the_game_with_its_end_screen_and_a_saved_file_uncovers_it() {
        let (mut ctx, mut stack, path) = autoplayed("cleared", "0 0 2 0\n0 0 0 0\n");
        run_until(&mut ctx, &mut stack, 0.1, 2);
        assert!(ctx.game_steps > 0);
        assert!(
            stack.title().starts_with("Breakout — ") && !stack.title().contains("score 0 "),
            "the game's title stays under its end screen: {}",
            stack.title()
        );
        // Saving the level file makes the cleared level playable again: the end screen goes.
        std::fs::write(&path, "2 2 2 2\n0 0 0 0\n").expect("rewrite the level");
        let start = Instant::now();
        while stack.len() == 2 && start.elapsed() < Duration::from_secs(5) {
            stack.update(&mut ctx, 0.0);
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = std::fs::remove_file(&path);
        assert_eq!(stack.len(), 1, "still covered 5 s after the save");
    }

    /// A play-test found the reload error banner over the paddle and ball while play went on:
    /// the game now waits while the level file has errors, and goes on once it is fixed.
    #[test]
    fn the_game_waits_while_the_level_file_has_errors() {
        let (mut ctx, mut stack, path) = autoplayed("broken", "2 2 2 2\n0 0 0 0\n");
        stack.update(&mut ctx, 0.1);
        assert!(ctx.game_steps > 0);
        std::fs::write(&path, "2 2 Q 2\n").expect("break the level");
        let start = Instant::now();
        while !stack.title().is_empty() && start.elapsed() < Duration::from_secs(5) {
            let before = ctx.game_steps;
            stack.update(&mut ctx, 0.1);
            if ctx.game_steps == before {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let waiting = ctx.game_steps;
        for _ in 0..10 {
            stack.update(&mut ctx, 0.1);
        }
        assert_eq!(
            ctx.game_steps, waiting,
            "the game stepped with errors shown"
        );
        std::fs::write(&path, "2 2 3 2\n").expect("fix the level");
        let start = Instant::now();
        while ctx.game_steps == waiting && start.elapsed() < Duration::from_secs(5) {
            stack.update(&mut ctx, 0.1);
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = std::fs::remove_file(&path);
        assert!(ctx.game_steps > waiting, "the fixed level did not go on");
    }

    #[test]
    fn autoplay_leaves_the_winning_screen_of_a_menu_run_and_closes_the_game() {
        let (mut ctx, mut stack, path) = autoplayed("won", "0 2 0 0\n0 0 0 0\n");
        let _ = std::fs::remove_file(&path);
        let steps_before_end = {
            run_until(&mut ctx, &mut stack, 0.1, 2);
            ctx.game_steps
        };
        // The won screen waits AUTOPLAY_SCREEN_DELAY, then closes itself and the game; the game
        // under it no longer steps.
        let mut frames = 0;
        while stack.update(&mut ctx, 0.1) == Flow::Continue {
            frames += 1;
            assert!(frames < 100, "the won screen stayed");
        }
        // 1.5 s in frames of 0.1 s: 15 frames, or 16 if the sum of 0.1s falls just short.
        assert!((14..=15).contains(&frames), "{frames} frames");
        assert_eq!(stack.len(), 0);
        assert_eq!(ctx.game_steps, steps_before_end);
    }

    /// The game speed slows the clock, not the steps: a frame of 0.1 s runs 24 steps at
    /// 100 %, 12 at 50 %. A level and a run played below 100 % are recorded with the slowest
    /// speed they were played at.
    #[test]
    fn the_game_speed_slows_the_clock_and_marks_the_scores() {
        let (mut ctx, mut stack, path) = autoplayed("speed", "0 0 2 0\n0 0 0 0\n");
        let _ = std::fs::remove_file(&path);
        // The bot plays (it was given at the start), the scores are recorded as a player's.
        ctx.options.autoplay = false;
        let scores =
            std::env::temp_dir().join(format!("breakout-play-speed-{}.toml", std::process::id()));
        let _ = std::fs::remove_file(&scores);
        ctx.scores = Some(crate::highscores::HighScores::load(&scores));
        stack.update(&mut ctx, 0.1);
        assert_eq!(ctx.game_steps, 24, "100 %");
        ctx.game_speed = 70;
        stack.update(&mut ctx, 0.1);
        ctx.game_speed = 50;
        stack.update(&mut ctx, 0.1);
        // 16.8 steps' time at 70 %: 16 run, 0.8 carried; 12.8 at 50 %: 12 run.
        assert_eq!(ctx.game_steps, 24 + 16 + 12, "70 % then 50 %");
        ctx.game_speed = 90;
        run_until(&mut ctx, &mut stack, 0.1, 2);
        let saved = crate::highscores::HighScores::load(&scores);
        let _ = std::fs::remove_file(&scores);
        let level = saved.set("test").expect("recorded").levels.values().next();
        let level = level.expect("the level's score").score();
        assert!(level.points > 0);
        assert_eq!(level.speed, 50, "the slowest it was played at");
        assert_eq!(saved.best_run("test").map(|r| r.speed), Some(50));
    }

    /// The pause screen's F forks the game below into every mode; the copies then play the
    /// same input as the game (its own mode's copy stays equal to it), a second F leaves the
    /// fork, and so does a change of the game's mode.
    #[test]
    fn the_pause_screens_fork_key_forks_the_game_and_leaves_the_fork() {
        /// F on the pause screen over `play`, as the stack
        /// applies the answer: the game gets the reply.
        fn fork_key(play: &mut PlayScene, ctx: &mut Context) {
            let mut pause = PauseScene::over(play);
            let Transition::Sequence(steps) = pause.key_press(ctx, KeyCode::KeyF) else {
                panic!("F answers with the reply and the pause screen again");
            };
            for step in steps {
                if let Transition::PopWith(reply) = step {
                    play.input(ctx, &SceneInput::Resumed(reply));
                }
            }
        }
        let mut ctx = test_context();
        let level = Level::parse("2 2 2 2\n1 1 1 1", "test").expect("valid level");
        let mut play = PlayScene::start(
            &mut ctx,
            GameStart::Trial {
                level: &level,
                autoplay: true,
            },
        )
        .unwrap();
        play.update(&mut ctx, 0.5);
        let mut pause = PauseScene::over(&play);
        let answer = pause.key_press(&mut ctx, KeyCode::KeyF);
        assert!(play.fork.is_none(), "not before the game answers");
        let Transition::Sequence(steps) = answer else {
            panic!("F closes the pause screen with a reply and opens it again");
        };
        assert!(matches!(
            steps[..],
            [Transition::PopWith(Reply::Fork), Transition::Push(_)]
        ));
        play.input(&mut ctx, &SceneInput::Resumed(Reply::Fork));
        let start = play.game.stats().steps;
        let fork = play.fork.as_ref().expect("forked");
        let modes = crate::collision::CollisionMode::ALL.len();
        assert_eq!((fork.start(), fork.copies().len()), (start, modes));
        for _ in 0..20 {
            play.update(&mut ctx, 0.25);
        }
        let fork = play.fork.as_ref().expect("still forked");
        let ran = play.game.stats().steps - start;
        assert!(ran > 1000, "{ran} steps");
        assert_eq!(
            fork.at(),
            start + ran,
            "every step of the game stepped the fork"
        );
        let own = fork.copy(play.game.config().collision).expect("own mode");
        assert_eq!(own.game().state_hash(), play.game.state_hash());
        fork_key(&mut play, &mut ctx);
        assert!(play.fork.is_none(), "F again leaves the fork");
        fork_key(&mut play, &mut ctx);
        assert!(play.fork.is_some());
        play.key_press(&mut ctx, KeyCode::KeyC);
        assert!(play.fork.is_none(), "a mode change leaves the fork");
        // `--modes`: the fork holds the chosen models only.
        ctx.options.modes = crate::cli::parse_modes("kbreakout,clamp").unwrap();
        fork_key(&mut play, &mut ctx);
        let copies: Vec<_> = play
            .fork
            .as_ref()
            .unwrap()
            .copies()
            .iter()
            .map(|c| c.mode())
            .collect();
        let chosen = [
            crate::collision::CollisionMode::Clamp,
            crate::collision::CollisionMode::Kbreakout,
        ];
        assert_eq!(copies, chosen);
        fork_key(&mut play, &mut ctx);
        // F given to pausing resumes, as the player chose, and forks nothing.
        ctx.bind(Action::Pause, KeyCode::KeyF).unwrap();
        let mut pause = PauseScene::over(&play);
        let resumed = pause.key_press(&mut ctx, KeyCode::KeyF);
        assert!(matches!(resumed, Transition::Pop));
    }

    /// The pause and next-mode keys follow the bindings, changed while the game runs; a
    /// gamepad's Start (a press of the pause action's first key) pauses and resumes.
    #[test]
    fn rebound_pause_and_mode_keys_act_at_once() {
        let mut ctx = test_context();
        let level = Level::parse("2 2 2 2", "test").expect("valid level");
        let play = PlayScene::start(
            &mut ctx,
            GameStart::Trial {
                level: &level,
                autoplay: false,
            },
        )
        .unwrap();
        let mut stack = SceneStack::new(Box::new(play));
        let press = |ctx: &mut Context, stack: &mut SceneStack, code| {
            stack.key(ctx, PhysicalKey::Code(code), true, false);
            stack.key(ctx, PhysicalKey::Code(code), false, false);
        };
        ctx.bind(Action::Pause, KeyCode::KeyO).unwrap();
        ctx.bind(Action::NextCollisionMode, KeyCode::KeyK).unwrap();
        let mode = ctx.collision;
        press(&mut ctx, &mut stack, KeyCode::KeyC);
        press(&mut ctx, &mut stack, KeyCode::KeyP);
        assert_eq!((stack.len(), ctx.collision), (1, mode), "the old keys");
        press(&mut ctx, &mut stack, KeyCode::KeyK);
        assert_eq!(ctx.collision, mode.next());
        press(&mut ctx, &mut stack, KeyCode::KeyO);
        assert_eq!(stack.len(), 2, "paused");
        press(&mut ctx, &mut stack, KeyCode::KeyP);
        assert_eq!(stack.len(), 2, "P no longer resumes");
        press(&mut ctx, &mut stack, KeyCode::KeyO);
        assert_eq!(stack.len(), 1, "resumed");
        let start = ctx.bindings().keys(Action::Pause)[0];
        assert_eq!(
            stack.input(&mut ctx, SceneInput::Press(start)),
            Flow::Continue
        );
        assert_eq!(stack.len(), 2, "Start paused");
        stack.input(&mut ctx, SceneInput::Press(start));
        assert_eq!(stack.len(), 1, "Start resumed");
    }
}
