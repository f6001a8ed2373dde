//! The playable game: the window, its event loop, and the scenes (one per screen, see
//! [`scenes`]) that it updates, gives input to and draws each frame.
//!
//! Data flows one way: window events (and the gamepads', [`gamepad`]) update [`InputState`]; each fixed step of the play scene
//! turns it into a [`crate::sim::Input`] for [`crate::sim::Game::step`]; the game's events go to
//! the audio and effects layers (and tell the play scene when the level ends); the renderer reads
//! the scenes' sprite batches, built from the game state, to draw.

mod app_keys;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod browser_window;
#[cfg(target_arch = "wasm32")]
pub use browser::stats::{frame_stats, FrameStats};
pub mod data_dirs;
pub mod dropped;
mod events;
pub mod gamepad;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
pub mod input;
mod messages;
pub mod pacing;
pub mod pointer;
pub mod reload;
mod run_options;
pub mod scenes;
mod sound;
mod start;
#[cfg(not(target_arch = "wasm32"))]
pub mod stats;
#[cfg(not(target_arch = "wasm32"))]
mod theme_switch;
pub mod timestep;
#[cfg(not(target_arch = "wasm32"))]
mod window;

pub use crate::bindings::{Action, BindError, Bindings};
use app_keys::{app_key, AppKey};
pub use input::InputState;
pub use run_options::RunOptions;
pub use sound::MUTED_TEXT;
use sound::{mute_indicator, open_audio_output};

use crate::assets::{Assets, LevelSetSource};
use crate::audio::Audio;
use crate::cli::{ForcedEffect, PlayArgs};
use crate::config::MAX_FRAME_TIME;
use crate::sim::GameConfig;
use crate::view::SpriteBatch;
#[cfg(target_arch = "wasm32")]
use browser::Gfx;
#[cfg(target_arch = "wasm32")]
pub use browser::{downloads::download, dropped::drop_file};
use messages::without_source_location;
use scenes::menu::MenuScene;
use scenes::stack::Flow;
use scenes::{Context, SceneStack};
use web_time::Instant;
#[cfg(not(target_arch = "wasm32"))]
use window::Gfx;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;

/// Runs the game in a window until the player quits (or `--frames` is reached).
///
/// # Errors
/// A set or level named by `--set`/`--level` that cannot be found or loaded, no display server, no OpenGL 3.3, a missing
/// or broken shader or texture, or a screenshot that cannot be written — each message names the
/// file or the step.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    launch(args, None)
}

/// Opens the window on the replay screen for the replay in `file` (Esc closes it), until the
/// player quits.
///
/// # Errors
/// A file that cannot be read or is not a replay this game can play (checked before any window
/// opens; the message names the file, and the byte offset or field), and the window's errors
/// as [`run`].
pub fn replay(args: PlayArgs, file: std::path::PathBuf) -> anyhow::Result<()> {
    let scene = scenes::replay::ReplayScene::open(&file).map_err(anyhow::Error::msg)?;
    launch(args, Some(Box::new(scene)))
}

/// Opens the window on the collision lab's probe (`breakout lab`; Esc closes it), with the
/// preset `preset` (counting from 1, as its number key) chosen if given, or the saved probe
/// case in the file `case`, and the picture at `zoom` (the nearest of 1, 2, 4), until the
/// player quits.
///
/// # Errors
/// A case file that cannot be read or is not a case the lab's probe holds (the file, and its
/// line and column), and the window's errors as [`run`].
pub fn lab(
    args: PlayArgs,
    preset: Option<usize>,
    zoom: f32,
    case: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let mut scene = scenes::lab::LabScene::new();
    if let Some(n) = preset {
        scene.choose_preset(n.saturating_sub(1));
    }
    if let Some(path) = case {
        scene.open_case(path).map_err(anyhow::Error::msg)?;
    }
    scene.set_zoom(zoom);
    launch(args, Some(Box::new(scene)))
}

/// Runs the level editor on `file` (a new level saved there if it does not exist; without one,
/// a new level saved in the user's levels directory) until the author leaves it.
///
/// # Errors
/// A file that cannot be read or holds lines or cells that cannot be read (every problem,
/// file:line:column), and the window's errors as [`run`].
pub fn edit(args: PlayArgs, file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    let editor = match &file {
        Some(path) => crate::editor::Editor::open(path)?,
        None => {
            crate::editor::Editor::new(crate::editor::Document::new_level("untitled"), None, false)
        }
    };
    let scene = scenes::editor::EditorScene::new(editor, crate::assets::user_levels_dir());
    launch(args, Some(Box::new(scene)))
}

/// Starts the game on the page's canvas (the browser build, `web/`): the menu, with the
/// player's settings from the browser's storage; the page's animation frames run it from then
/// on, so this returns at once.
///
/// # Errors
/// The event loop cannot start (it was started before).
/// `words` are the page's `?args=` (the command line's words, split at spaces: `--level 04
/// --autoplay`, `lab --preset 3`…); `lab` opens the collision lab's probe, anything else the game.
///
/// # Errors
/// Words the command line does not take (clap's message), or the event loop cannot start.
#[cfg(target_arch = "wasm32")]
pub fn run_in_browser(words: &str) -> anyhow::Result<()> {
    browser::storage::install();
    use crate::cli::{Cli, Command};
    let argv = std::iter::once("breakout").chain(words.split_whitespace());
    let cli = <Cli as clap::Parser>::try_parse_from(argv).map_err(|e| anyhow::anyhow!("{e}"))?;
    match cli.command {
        None => launch(cli.play, None),
        Some(Command::Lab(args)) => {
            let zoom = args.zoom.parse().unwrap_or(1.0);
            let case = args.case.as_deref();
            lab(args.play_args(), args.preset.map(usize::from), zoom, case)
        }
        Some(_) => anyhow::bail!("a page plays the game or opens the lab (`lab`), nothing else"),
    }
}

/// Opens the window with the menu, or with `alone` alone (the level editor, a replay: leaving
/// it quits), and runs until the player quits.
fn launch(args: PlayArgs, alone: Option<Box<dyn scenes::Scene>>) -> anyhow::Result<()> {
    let assets = Assets::from_env()?;
    let sets = crate::assets::sets::discover_from_env();
    // Find and load --set/--level before opening a window, so a typo is a one-line error.
    let start = start::resolve(&args, &assets, &sets)?;
    // The player's settings and the difficulty apart: the settings screen may change the latter.
    let (mut game_config, difficulty, loaded) = args.game.load_base()?;
    // The stall breaker is the player's (on by default), never `simulate`'s or `compare`'s.
    game_config.stall_breaker = loaded.config.game.stall_breaker;
    // The controls too: a game's replay stores them (format 7).
    game_config.controls = loaded.config.controls.game();
    let file_config = loaded.config.clone();
    let event_loop = EventLoop::new().map_err(|e| {
        anyhow::anyhow!(
            "cannot start the windowing system (no display server? try xvfb-run): {}",
            without_source_location(&e.to_string())
        )
    })?;
    event_loop.set_control_flow(ControlFlow::Wait);
    // Muted by the file or, for this run only, by --mute (never written to the file). With
    // --mute no audio output is opened (scripted runs stay off the sound card) until the
    // player turns the sound on (see `App::sync_audio`).
    let muted = file_config.audio.muted || args.window.mute;
    let open_audio = !args.window.mute && sound::output_allowed();
    let audio = if open_audio {
        open_audio_output(&assets, file_config.audio, muted)
    } else {
        None
    };
    let effects = crate::effects::Effects::new(game_config.seed, file_config.effects);
    let mut app = App::new(args, game_config, assets, sets, audio, effects);
    app.ctx.start_run_with(muted, difficulty);
    app.audio_tried = open_audio;
    app.ctx.video = crate::config::VideoConfig {
        vsync: file_config.video.vsync && !app.args.window.no_vsync,
        fullscreen: file_config.video.fullscreen || app.args.window.fullscreen,
        // --no-vsync (measurements) leaves the run uncapped too.
        frame_cap: if app.args.window.no_vsync {
            Some(0)
        } else {
            file_config.video.frame_cap
        },
        ..file_config.video
    };
    app.ctx.game_speed = app.args.game_speed.unwrap_or(file_config.game.speed);
    app.ctx.physics = app.args.game.physics(&file_config);
    app.ctx.input.set_mouse(loaded.config.controls.mouse());
    app.ctx.settings = crate::config::save::ConfigFile::new(loaded);
    app.ctx.set_bindings(file_config.keys.bindings());
    app.ctx.gamepad = file_config.gamepad;
    if let Some(scene) = alone {
        app.scenes = SceneStack::new(scene);
    } else if let Some((set, index, level)) = start {
        start::push_run(&mut app, set, index, &level);
    }
    app.run(event_loop)
}

/// The window, the scenes, and what they share.
struct App {
    /// The command line: the window's options (`--frames`, `--screenshot`, `--stats`…) and the
    /// run's (the scenes read the latter as [`RunOptions`]).
    args: PlayArgs,
    /// What the scenes share: settings, input, audio, effects, high scores.
    ctx: Context,
    /// The screens: the menu at the bottom, the one shown on top.
    scenes: SceneStack,
    /// Gamepads (read each frame while [`Context::gamepad`] enables them).
    pads: gamepad::Gamepads,
    /// The shaders, textures and sounds: built in, or overridden by the modder's files.
    assets: Assets,
    gfx: Option<Gfx>,
    /// The frame cap's clock: when the next frame may start.
    pacer: pacing::FramePacer,
    last_frame: Option<Instant>,
    first_frame: Option<Instant>,
    /// Measured time of each frame drawn, seconds (for `--stats`).
    frame_times: Vec<f64>,
    /// Particles drawn, summed over frames (for `--stats`).
    particles_drawn: u64,
    minimised: bool,
    /// True once the window has had the keyboard focus (see `WindowEvent::Focused`).
    had_focus: bool,
    title: String,
    /// True while the mouse cursor is hidden (a game on top).
    cursor_hidden: bool,
    /// Tells the player's moves of the pointer from positions reported as the window opens or
    /// changes under a still pointer.
    pointer_motion: pointer::PointerMotion,
    /// True once the audio output was opened or failed to (after `--mute`, only when the
    /// sound is first turned on): it is tried once, so a machine without one logs it once.
    audio_tried: bool,
    error: Option<anyhow::Error>,
}

impl App {
    fn new(
        args: PlayArgs,
        game_config: GameConfig,
        assets: Assets,
        sets: Vec<LevelSetSource>,
        audio: Option<Audio>,
        effects: crate::effects::Effects,
    ) -> App {
        let replays = data_dirs::replay_store();
        let unfinished = replays
            .as_ref()
            .and_then(scenes::replay_files::Unfinished::load);
        let mut ctx = Context::new(start::run_options(&args), game_config, audio, effects);
        ctx.debug_overlay = args.window.debug_overlay;
        ctx.writer = scenes::replay_files::Writer::watching(replays.as_ref());
        ctx.replays = replays;
        ctx.unfinished = scenes::replay_files::UnfinishedSlot::new(unfinished);
        ctx.scores = crate::highscores::HighScores::default_path()
            .map(|p| crate::highscores::HighScores::load(&p));
        App {
            args,
            ctx,
            scenes: SceneStack::new(Box::new(MenuScene::new(assets.clone(), sets))),
            pads: Default::default(),
            assets,
            gfx: None,
            pacer: Default::default(),
            last_frame: None,
            first_frame: None,
            frame_times: Vec::new(),
            particles_drawn: 0,
            minimised: false,
            had_focus: false,
            title: String::new(),
            cursor_hidden: false,
            pointer_motion: Default::default(),
            audio_tried: false,
            error: None,
        }
    }

    /// Everything to draw this frame: the scenes' sprites and the post-processing effects.
    fn batch(&self) -> SpriteBatch {
        let mut batch = SpriteBatch::default();
        let forced = self.args.window.effect;
        batch.effects = self.ctx.effects.post(
            forced == Some(ForcedEffect::Confuse),
            forced == Some(ForcedEffect::Chaos),
        );
        self.scenes.draw(&self.ctx, &mut batch);
        if self.ctx.is_muted() && self.scenes.chrome().shows_mute {
            mute_indicator(&mut batch.text);
        }
        // Screen effects off (the settings screen): the picture stays still; a forced
        // --effect (a measurement) still shows.
        if !self.ctx.settings.now.effects.screen_effects {
            let effects = &mut batch.effects;
            effects.shake = if forced == Some(ForcedEffect::Shake) {
                effects.shake
            } else {
                0.0
            };
            effects.confuse &= forced == Some(ForcedEffect::Confuse);
            effects.chaos &= forced == Some(ForcedEffect::Chaos);
        }
        batch
    }

    /// Sets the window title to the top scene's, when it changed; hides the mouse cursor while
    /// a game is on top (in a play-test it stayed over the playfield), shows it elsewhere
    /// ([`scenes::Chrome::shows_cursor`]).
    fn update_title(&mut self) {
        let title = self.scenes.title();
        if title != self.title {
            if let Some(gfx) = &self.gfx {
                gfx.window.set_title(&title);
            }
            self.title = title;
        }
        let hide = !self.scenes.chrome().shows_cursor;
        if hide != self.cursor_hidden {
            if let Some(gfx) = &self.gfx {
                gfx.window.set_cursor_visible(!hide);
            }
            self.cursor_hidden = hide;
        }
    }

    /// Opens the audio output the first time the sound is on without one (a run started with
    /// `--mute`, then unmuted; in a page, after the first key press or click); tried once.
    fn sync_audio(&mut self) {
        if self.ctx.is_muted() || self.ctx.audio.is_some() || self.audio_tried {
            return;
        }
        // In a page: not before the player's first gesture.
        if !sound::output_allowed() {
            return;
        }
        self.audio_tried = true;
        self.ctx.audio = open_audio_output(&self.assets, self.ctx.settings.now.audio, false);
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        self.pacer
            .frame_started(Instant::now(), self.frame_period());
        self.sync_window(event_loop);
        self.sync_audio();
        let now = Instant::now();
        let measured = self
            .last_frame
            .map_or(0.0, |t| (now - t).as_secs_f32())
            .min(MAX_FRAME_TIME);
        self.last_frame = Some(now);
        // --frame-time: game time advances by a fixed amount per frame (reproducible runs).
        let dt = self.args.window.frame_time.unwrap_or(measured);
        self.first_frame.get_or_insert(now);
        #[cfg(target_arch = "wasm32")]
        browser::before_frame(&mut self.ctx, &mut self.scenes);
        if self.pads.feed(&mut self.ctx, &mut self.scenes, dt) == Flow::Quit {
            return self.quit(event_loop);
        }
        if self.scenes.update(&mut self.ctx, dt) == Flow::Quit {
            return self.quit(event_loop);
        }
        self.ctx.effects.update(dt, self.scenes.live_game());
        if self.args.window.effect == Some(ForcedEffect::Shake) {
            self.ctx.effects.shake();
        }
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut batch = self.batch();
        self.update_title();
        let Some(gfx) = self.gfx.as_mut() else { return };
        #[cfg(not(target_arch = "wasm32"))]
        if gfx.sync_theme(&self.ctx.settings.now.graphics, batch.look_of, &self.assets) {
            batch = self.batch(); // drawn again with the new theme's look
        }
        #[cfg(not(target_arch = "wasm32"))]
        let Some(gfx) = self.gfx.as_mut() else {
            return;
        };
        // A screenshot is composed offscreen: only the frame that will be saved pays for it
        // (every frame when the run has no --frames end, since any may be the last).
        let capture = self.args.window.screenshot.is_some()
            && self
                .args
                .window
                .frames
                .is_none_or(|n| gfx.frames_drawn() + 1 >= n);
        let drawn = match gfx.draw(&batch, capture) {
            Ok(drawn) => drawn,
            Err(e) => return self.fail(event_loop, e),
        };
        let frames = gfx.frames_drawn();
        #[cfg(target_arch = "wasm32")]
        if drawn {
            browser::after_frame(&mut self.ctx, measured);
        }
        if drawn && self.args.window.stats {
            // Only for `--stats`: a long session would otherwise grow them without bound.
            self.frame_times.push(measured as f64);
            self.particles_drawn += batch.particles.len() as u64;
        }
        if self.args.window.frames.is_some_and(|n| frames >= n) {
            self.quit(event_loop);
        }
        self.frame_shown(batch);
    }

    /// A key event: the app's own keys (see [`app_key`]) act here; every other goes to the top
    /// scene.
    fn key(&mut self, event_loop: &ActiveEventLoop, key: PhysicalKey, pressed: bool, repeat: bool) {
        let code = scenes::press(key, pressed, repeat);
        let alt = self.ctx.modifiers.alt_key();
        let typing = self.scenes.chrome().takes_letters;
        match code.and_then(|code| app_key(code, alt, typing, self.ctx.bindings())) {
            Some(AppKey::DebugOverlay) => self.ctx.debug_overlay = !self.ctx.debug_overlay,
            Some(AppKey::Fullscreen) => self.ctx.toggle_fullscreen(),
            Some(AppKey::Mute) => self.ctx.toggle_mute(),
            None => {
                let flow = self.scenes.key(&mut self.ctx, key, pressed, repeat);
                self.follow(event_loop, flow);
            }
        }
    }

    /// Quits if a scene's transition said so.
    fn follow(&mut self, event_loop: &ActiveEventLoop, flow: Flow) {
        if flow == Flow::Quit {
            self.quit(event_loop);
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    /// Ends the game (desktop: [`App::close`]). A page cannot close itself, and a stopped
    /// loop would leave a dead canvas: there the settings are kept and the game goes on (the
    /// scene that asked stays).
    fn quit(&mut self, event_loop: &ActiveEventLoop) {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = event_loop;
            if let Err(e) = self.ctx.settings.save() {
                log::warn!("the settings were not saved: {e}");
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.close(event_loop);
    }

    /// Saves the screenshot (if asked) while the GL context is alive, and the settings changed
    /// since they were last saved (the window's place, F11), then stops the loop.
    #[cfg(not(target_arch = "wasm32"))]
    fn close(&mut self, event_loop: &ActiveEventLoop) {
        if !self.scripted() {
            // Not every window system reports moves: ask where the window is now.
            let at = self
                .gfx
                .as_ref()
                .and_then(|g| g.window.outer_position().ok());
            self.remember_window(None, at.map(Into::into));
            if let Err(e) = self.ctx.settings.save() {
                log::warn!("the settings were not saved: {e}");
            }
        }
        if let (Some(path), Some(gfx)) = (self.args.window.screenshot.take(), &self.gfx) {
            if let Err(e) = gfx.save_screenshot(&path) {
                self.error.get_or_insert(e);
            } else {
                log::info!("screenshot written to {}", path.display());
            }
        }
        event_loop.exit();
    }
}

#[cfg(test)]
mod app_key_tests {
    use super::*;
    use winit::keyboard::KeyCode;

    #[test]
    fn winit_source_paths_are_cut_from_messages_wherever_they_stand() {
        let path = "os error at /home/x/.cargo/registry/src/winit-0.30/src/window.rs:532: ";
        assert_eq!(
            without_source_location(&format!("{path}no display")),
            "no display"
        );
        assert_eq!(
            without_source_location(&format!("cannot create a window: {path}X error")),
            "cannot create a window: X error"
        );
        assert_eq!(without_source_location("plain"), "plain");
    }

    /// The menus' filter could not take an "m": M muted instead (noticed in session 6).
    #[test]
    fn m_types_into_a_menu_filter_and_mutes_elsewhere() {
        let b = Bindings::default();
        assert_eq!(app_key(KeyCode::KeyM, false, false, &b), Some(AppKey::Mute));
        assert_eq!(app_key(KeyCode::KeyM, false, true, &b), None);
        assert_eq!(
            app_key(KeyCode::F1, false, false, &b),
            Some(AppKey::DebugOverlay)
        );
        assert_eq!(
            app_key(KeyCode::F1, false, true, &b),
            None,
            "the editor's help"
        );
        assert_eq!(app_key(KeyCode::KeyA, false, false, &b), None);
    }

    /// The words shown in `batch`'s text, spaces between separate lines or words.
    fn shown_text(batch: &SpriteBatch) -> String {
        batch
            .text
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect()
    }

    /// Muted (M, the file, `--mute`), every screen says so in its top-right corner; M again
    /// and the word goes.
    #[test]
    fn muted_shows_in_the_corner_and_m_turns_it_off() {
        let args = <crate::cli::Cli as clap::Parser>::parse_from(["breakout", "--mute"]).play;
        let effects = crate::effects::Effects::new(1, Default::default());
        let mut app = App::new(
            args,
            GameConfig::default(),
            Assets::built_in(),
            Vec::new(),
            None,
            effects,
        );
        assert!(!shown_text(&app.batch()).contains(MUTED_TEXT));
        app.ctx.toggle_mute();
        let batch = app.batch();
        assert!(shown_text(&batch).contains(MUTED_TEXT));
        let corner = batch
            .text
            .iter()
            .filter(|s| crate::view::text::glyph_char(s).is_some_and(|c| c == 'M'))
            .any(|s| {
                let [x, y, w, h] = s.i_rect;
                x > crate::playfield::PLAYFIELD_WIDTH * 0.8
                    && x + w <= crate::playfield::PLAYFIELD_WIDTH
                    && y >= 0.0
                    && y + h < 20.0
            });
        assert!(corner, "MUTED in the top-right corner");
        // Not over the level editor's grid (its top-right cell reaches the corner).
        let doc = crate::editor::Document::new_level("t");
        let editor = crate::editor::Editor::new(doc, None, false);
        app.scenes
            .push(Box::new(scenes::editor::EditorScene::new(editor, None)));
        assert!(!shown_text(&app.batch()).contains(MUTED_TEXT));
        app.scenes.apply(&mut app.ctx, scenes::Transition::Pop);
        assert!(shown_text(&app.batch()).contains(MUTED_TEXT));
        app.ctx.toggle_mute();
        assert!(!app.ctx.is_muted() && !app.ctx.settings.now.audio.muted);
        assert!(!shown_text(&app.batch()).contains(MUTED_TEXT));
        app.ctx.toggle_mute();
        assert!(
            app.ctx.settings.now.audio.muted,
            "remembered as the setting"
        );
    }

    #[test]
    fn f11_and_alt_enter_toggle_fullscreen_everywhere_and_enter_alone_does_not() {
        let b = Bindings::default();
        for typing in [false, true] {
            let fullscreen = Some(AppKey::Fullscreen);
            assert_eq!(app_key(KeyCode::F11, false, typing, &b), fullscreen);
            assert_eq!(app_key(KeyCode::Enter, true, typing, &b), fullscreen);
            assert_eq!(app_key(KeyCode::Enter, false, typing, &b), None);
        }
    }

    #[test]
    fn the_app_keys_follow_the_bindings() {
        let mut b = Bindings::default();
        b.bind(Action::Mute, KeyCode::KeyN).unwrap();
        b.bind(Action::DebugOverlay, KeyCode::F3).unwrap();
        b.bind(Action::Fullscreen, KeyCode::F10).unwrap();
        assert_eq!(app_key(KeyCode::KeyM, false, false, &b), None);
        assert_eq!(app_key(KeyCode::KeyN, false, false, &b), Some(AppKey::Mute));
        assert_eq!(app_key(KeyCode::KeyN, false, true, &b), None);
        assert_eq!(app_key(KeyCode::F1, false, false, &b), None);
        assert_eq!(
            app_key(KeyCode::F3, false, false, &b),
            Some(AppKey::DebugOverlay)
        );
        assert_eq!(app_key(KeyCode::F11, false, false, &b), None);
        assert_eq!(
            app_key(KeyCode::F10, false, true, &b),
            Some(AppKey::Fullscreen)
        );
    }
}
