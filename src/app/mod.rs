//! The playable game: window, fixed-timestep loop with interpolation, screens, input, audio.
//!
//! Data flows one way: window events update [`InputState`]; each fixed step turns it into a
//! [`crate::sim::Input`] for [`Game::step`]; the game's events go to the audio layer; the renderer
//! reads the game state to draw.

pub mod input;
pub mod reload;
pub mod screens;
pub mod stats;
mod view;

pub use input::InputState;
pub use screens::Screen;

use crate::assets::{Assets, LevelEntry, LevelSource};
use crate::audio::Audio;
use crate::cli::PlayArgs;
use crate::level::Level;
use crate::render::context::create_window;
use crate::render::{letterbox, Renderer};
use crate::sim::tuning::{FIXED_TIMESTEP, MAX_FRAME_TIME, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::{Bot, Game, GameConfig, GameState};
use anyhow::Context as _;
use glium::backend::glutin::Display;
use glium::glutin::surface::WindowSurface;
use glium::winit::application::ApplicationHandler;
use glium::winit::event::{ElementState, MouseButton, WindowEvent};
use glium::winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use glium::winit::keyboard::{KeyCode, PhysicalKey};
use glium::winit::window::{Window, WindowId};
use stats::FrameStats;
use std::time::Instant;

/// Seconds the autoplay bot waits before launching, so a viewer sees the start of each ball.
const AUTOPLAY_LAUNCH_DELAY: f32 = 0.6;
/// Seconds autoplay lingers on the menu and on end-of-level screens before moving on.
const AUTOPLAY_SCREEN_DELAY: f32 = 1.5;

/// Runs the game in a window until the player quits (or `--frames` is reached).
///
/// # Errors
/// A level named by `--level` that cannot be loaded, no display server, no OpenGL 3.3, a missing
/// or broken shader or texture, or a screenshot that cannot be written — each message names the
/// file or the step.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let assets = Assets::from_env()?;
    let menu = crate::assets::menu_levels(&assets);
    // Load a --level argument before opening a window, so a typo is a one-line error.
    let start = match &args.level {
        Some(arg) => {
            let source = crate::assets::resolve_level_arg(&assets, arg)?;
            let level = source.load()?;
            Some((source, level))
        }
        None => None,
    };
    let (game_config, file_config) = args.game.load()?;
    let event_loop = EventLoop::new()
        .context("cannot start the windowing system (no display server? try xvfb-run)")?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let audio = if args.mute {
        None
    } else {
        match Audio::new(&assets, file_config.audio) {
            Ok(audio) => Some(audio),
            Err(e) => {
                log::warn!("{e}");
                None
            }
        }
    };
    let effects = crate::effects::Effects::new(game_config.seed, file_config.effects);
    let mut app = App::new(args, game_config, assets, menu, audio, effects);
    if let Some((source, level)) = start {
        app.campaign = vec![source.clone()];
        app.start_level(&source, level);
    }
    event_loop
        .run_app(&mut app)
        .context("the window's event loop failed")?;
    app.finish()
}

/// The window and everything tied to its GL context.
struct Gfx {
    window: Window,
    display: Display<WindowSurface>,
    renderer: Renderer,
}

struct App {
    args: PlayArgs,
    /// Simulation settings from the command line and config file.
    game_config: GameConfig,
    /// The collision mode in use; `C` cycles it, and it carries over to the next level.
    collision: crate::collision::CollisionMode,
    /// `F1`: draw the collision debug overlay.
    debug_overlay: bool,
    /// Watches the file of the level being played (live reload).
    watcher: Option<reload::FileWatcher>,
    /// Why the last reload failed (file:line:column lines), shown until the file is fixed.
    reload_error: Option<String>,
    /// Particles and post-processing state.
    effects: crate::effects::Effects,
    /// Best score per level (none if the platform has no data directory).
    scores: Option<crate::highscores::HighScores>,
    /// The level's best before the current result, and whether the result beat it.
    last_result: Option<(Option<u32>, bool)>,
    assets: Assets,
    menu_levels: Vec<LevelSource>,
    menu_names: Vec<String>,
    menu_selected: usize,
    menu_error: Option<String>,
    /// Levels of the current run, in order; `campaign[current]` is being played.
    campaign: Vec<LevelSource>,
    current: usize,
    screen: Screen,
    game: Option<Game>,
    bot: Option<Bot>,
    input: InputState,
    audio: Option<Audio>,
    gfx: Option<Gfx>,
    accumulator: f32,
    last_frame: Option<Instant>,
    first_frame: Option<Instant>,
    frame_times: Vec<f64>,
    /// Simulation steps run, over every level (for `--stats`).
    game_steps: u64,
    /// Particles drawn, summed over frames (for `--stats`).
    particles_drawn: u64,
    minimised: bool,
    title: String,
    error: Option<anyhow::Error>,
    menu_seconds: f32,
    /// The selected menu level laid out as bricks (index, field), loaded once per selection.
    menu_preview: Option<(usize, Option<crate::sim::BrickField>)>,
}

impl App {
    fn new(
        args: PlayArgs,
        game_config: GameConfig,
        assets: Assets,
        menu: Vec<LevelEntry>,
        audio: Option<Audio>,
        effects: crate::effects::Effects,
    ) -> App {
        let menu_names = menu.iter().map(|e| e.name.clone()).collect();
        let menu_levels = menu.into_iter().map(|e| e.source).collect();
        App {
            collision: game_config.collision,
            debug_overlay: args.debug_overlay,
            watcher: None,
            reload_error: None,
            effects,
            scores: crate::highscores::HighScores::default_path()
                .map(|p| crate::highscores::HighScores::load(&p)),
            last_result: None,
            game_config,
            args,
            assets,
            menu_levels,
            menu_names,
            menu_selected: 0,
            menu_error: None,
            campaign: Vec::new(),
            current: 0,
            screen: Screen::Menu,
            game: None,
            bot: None,
            input: InputState::default(),
            audio,
            gfx: None,
            accumulator: 0.0,
            last_frame: None,
            first_frame: None,
            frame_times: Vec::new(),
            particles_drawn: 0,
            game_steps: 0,
            minimised: false,
            title: String::new(),
            error: None,
            menu_seconds: 0.0,
            menu_preview: None,
        }
    }

    fn config(&self) -> GameConfig {
        GameConfig {
            collision: self.collision,
            ..self.game_config
        }
    }

    /// Starts playing `level`, read from `source`, with a fresh game (full lives, score 0), and
    /// watches its file (if it is one on disk) so that saving it reloads the level.
    fn start_level(&mut self, source: &LevelSource, level: Level) {
        self.reload_error = None;
        self.watcher = match source.path().map(reload::FileWatcher::new) {
            None => None,
            Some(Ok(watcher)) => Some(watcher),
            Some(Err(e)) => {
                log::warn!("{source}: live reload is off: {e}");
                None
            }
        };
        self.game = Some(Game::new(&level, self.config()));
        self.bot = self
            .args
            .autoplay
            .then(|| Bot::new(self.game_config.seed, AUTOPLAY_LAUNCH_DELAY));
        self.screen = Screen::Playing;
        self.accumulator = 0.0;
        self.input.release_all();
        self.effects.clear();
    }

    /// Loads `campaign[current]` and plays it; on failure goes back to the menu showing why.
    fn start_current(&mut self) {
        let Some(source) = self.campaign.get(self.current).cloned() else {
            self.screen = Screen::Menu;
            return;
        };
        match source.load() {
            Ok(level) => {
                self.menu_error = None;
                self.start_level(&source, level);
            }
            Err(e) => {
                log::error!("{e}");
                self.menu_error = Some(e.to_string());
                self.game = None;
                self.screen = Screen::Menu;
            }
        }
    }

    fn start_from_menu(&mut self) {
        if self.menu_levels.is_empty() {
            return;
        }
        self.campaign = self.menu_levels[self.menu_selected..].to_vec();
        self.current = 0;
        self.start_current();
    }

    fn open_menu(&mut self) {
        self.effects.clear();
        self.watcher = None;
        self.reload_error = None;
        self.screen = Screen::Menu;
        self.menu_seconds = 0.0;
        self.game = None;
    }

    /// Live reload: if the level file was saved, re-reads it. A valid level replaces the bricks
    /// (paddle, lives and score stay); an invalid one keeps the last good level and shows why.
    fn reload_if_changed(&mut self) {
        let Some(watcher) = self.watcher.as_mut() else {
            return;
        };
        if !watcher.poll() {
            return;
        }
        let path = watcher.path().to_path_buf();
        match Level::load(&path) {
            Ok(level) => {
                log::info!("{}: reloaded", path.display());
                self.reload_error = None;
                if let Some(game) = &mut self.game {
                    game.replace_level(&level);
                    if matches!(
                        self.screen,
                        Screen::LevelCleared { .. } | Screen::Won { .. }
                    ) {
                        self.screen = Screen::Playing;
                    }
                }
            }
            Err(e) => {
                log::warn!("{e}");
                self.reload_error = Some(e.to_string());
            }
        }
    }

    /// Advances screens and the simulation by `dt` seconds of real time.
    fn update(&mut self, dt: f32) {
        self.reload_if_changed();
        let end_of_run = matches!(self.screen, Screen::Won { .. } | Screen::GameOver { .. });
        match &mut self.screen {
            Screen::Menu => {
                self.menu_seconds += dt;
                if self.menu_preview.as_ref().map(|(i, _)| *i) != Some(self.menu_selected) {
                    // A broken level simply shows no preview; choosing it shows the error.
                    let field = self
                        .menu_levels
                        .get(self.menu_selected)
                        .and_then(|source| source.load().ok());
                    self.menu_preview = Some((
                        self.menu_selected,
                        field.map(|l| crate::sim::BrickField::new(&l)),
                    ));
                }
                if self.args.autoplay && self.menu_seconds >= AUTOPLAY_SCREEN_DELAY {
                    self.start_from_menu();
                }
            }
            Screen::Paused => {}
            Screen::LevelCleared { seconds }
            | Screen::Won { seconds }
            | Screen::GameOver { seconds } => {
                *seconds += dt;
                // Autoplay moves on by itself, except at the end of a run started with --level:
                // there the result stays on screen (demo mode from the menu loops forever).
                let waited = *seconds >= AUTOPLAY_SCREEN_DELAY;
                if self.args.autoplay && waited && !(end_of_run && self.args.level.is_some()) {
                    self.advance();
                }
            }
            Screen::Playing => self.step_game(dt),
        }
    }

    /// Fixed-timestep update: feeds real time into the accumulator and runs whole steps.
    fn step_game(&mut self, dt: f32) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.accumulator += dt;
        while self.accumulator >= FIXED_TIMESTEP {
            let input = match self.bot.as_mut() {
                Some(bot) => bot.input(game),
                None => self.input.take_step_input(),
            };
            game.step(&input);
            self.game_steps += 1;
            self.accumulator -= FIXED_TIMESTEP;
            let events = game.events();
            if let Some(audio) = &self.audio {
                audio.handle_events(events);
            }
            for event in events {
                self.effects.handle_event(event);
            }
        }
        let (level, score) = (game.level_name().to_string(), game.score());
        match game.state() {
            GameState::Playing => return,
            GameState::LevelCleared if self.current + 1 >= self.campaign.len() => {
                self.screen = Screen::Won { seconds: 0.0 }
            }
            GameState::LevelCleared => self.screen = Screen::LevelCleared { seconds: 0.0 },
            GameState::GameOver => self.screen = Screen::GameOver { seconds: 0.0 },
        }
        self.record_score(&level, score);
    }

    /// Records the score of a finished level in the high-score table and saves it.
    fn record_score(&mut self, level: &str, score: u32) {
        let Some(scores) = self.scores.as_mut() else {
            return;
        };
        let previous = scores.best(level);
        let is_best = scores.record(level, score);
        if is_best {
            if let Err(e) = scores.save() {
                log::warn!("cannot save high scores: {e}");
            }
        }
        self.last_result = Some((previous, is_best));
    }

    /// Leaves an end-of-level screen: next level, or the menu.
    fn advance(&mut self) {
        match self.screen {
            Screen::LevelCleared { .. } => {
                self.current += 1;
                self.start_current();
            }
            Screen::Won { .. } | Screen::GameOver { .. } => self.open_menu(),
            _ => {}
        }
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let measured = self
            .last_frame
            .map_or(0.0, |t| (now - t).as_secs_f32())
            .min(MAX_FRAME_TIME);
        self.last_frame = Some(now);
        // --frame-time: game time advances by a fixed amount per frame (reproducible runs).
        let dt = self.args.frame_time.unwrap_or(measured);
        self.first_frame.get_or_insert(now);
        self.update(dt);
        let playing = matches!(self.screen, Screen::Playing);
        self.effects
            .update(dt, self.game.as_ref().filter(|_| playing));
        if self.args.effect == Some(crate::cli::ForcedEffect::Shake) {
            self.effects.shake();
        }
        let alpha = (self.accumulator / FIXED_TIMESTEP).clamp(0.0, 1.0);
        let batch = self.batch(alpha);
        self.update_title();
        let Some(gfx) = self.gfx.as_mut() else { return };
        let size = gfx.display.get_framebuffer_dimensions();
        // A screenshot is composed offscreen: only the frame that will be saved pays for it
        // (every frame when the run has no --frames end, since any may be the last).
        let capture = self.args.screenshot.is_some()
            && self
                .args
                .frames
                .is_none_or(|n| gfx.renderer.stats().frames + 1 >= n);
        gfx.renderer.set_capture(capture);
        let mut target = gfx.display.draw();
        let drawn = gfx.renderer.render(&gfx.display, &mut target, size, &batch);
        let finished = target.finish();
        let drawn = match (drawn, finished) {
            (Ok(drawn), Ok(())) => drawn,
            (Err(e), _) => {
                return self.fail(
                    event_loop,
                    anyhow::Error::from(e).context("cannot draw a frame"),
                )
            }
            (_, Err(e)) => {
                return self.fail(event_loop, anyhow::anyhow!("cannot present a frame: {e:?}"))
            }
        };
        if drawn {
            self.frame_times.push(measured as f64);
            self.particles_drawn += batch.particles.len() as u64;
        }
        if self
            .args
            .frames
            .is_some_and(|n| gfx.renderer.stats().frames >= n)
        {
            self.quit(event_loop);
        }
    }

    fn key(&mut self, event_loop: &ActiveEventLoop, key: PhysicalKey, pressed: bool, repeat: bool) {
        if matches!(self.screen, Screen::Playing) && self.input.key(key, pressed) {
            return;
        }
        if !pressed
            || repeat
                && !matches!(
                    key,
                    PhysicalKey::Code(KeyCode::ArrowUp | KeyCode::ArrowDown)
                )
        {
            return;
        }
        let PhysicalKey::Code(code) = key else { return };
        if code == KeyCode::F1 {
            self.debug_overlay = !self.debug_overlay;
            return;
        }
        if code == KeyCode::KeyM {
            if let Some(audio) = &mut self.audio {
                audio.set_muted(!audio.is_muted());
            }
            return;
        }
        let confirm = matches!(code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space);
        match self.screen {
            Screen::Menu => match code {
                KeyCode::Escape => self.quit(event_loop),
                KeyCode::ArrowUp | KeyCode::KeyW => {
                    self.menu_selected = self.menu_selected.saturating_sub(1)
                }
                KeyCode::ArrowDown | KeyCode::KeyS => {
                    self.menu_selected =
                        (self.menu_selected + 1).min(self.menu_names.len().saturating_sub(1))
                }
                _ if confirm => self.start_from_menu(),
                _ => {}
            },
            Screen::Playing => match code {
                KeyCode::Escape => self.open_menu(),
                KeyCode::KeyP => self.screen = Screen::Paused,
                KeyCode::KeyC => {
                    self.collision = self.collision.next();
                    if let Some(game) = &mut self.game {
                        game.set_collision_mode(self.collision);
                    }
                    log::info!("collision mode: {}", self.collision);
                }
                _ => {}
            },
            Screen::Paused => match code {
                KeyCode::Escape => self.open_menu(),
                KeyCode::KeyP | KeyCode::Space => {
                    self.screen = Screen::Playing;
                    self.input.release_all();
                }
                _ => {}
            },
            Screen::LevelCleared { .. } | Screen::Won { .. } | Screen::GameOver { .. } => {
                match code {
                    KeyCode::Escape => self.open_menu(),
                    _ if confirm => self.advance(),
                    _ => {}
                }
            }
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    /// Saves the screenshot (if asked) while the GL context is alive, then stops the loop.
    fn quit(&mut self, event_loop: &ActiveEventLoop) {
        if let (Some(path), Some(gfx)) = (self.args.screenshot.take(), &self.gfx) {
            if let Err(e) = gfx.renderer.save_screenshot(&path) {
                self.error.get_or_insert(e.into());
            } else {
                log::info!("screenshot written to {}", path.display());
            }
        }
        event_loop.exit();
    }

    /// After the event loop: prints `--stats` and reports any error.
    fn finish(self) -> anyhow::Result<()> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.args.stats {
            let seconds = self.first_frame.map_or(0.0, |t| t.elapsed().as_secs_f64());
            let render = self
                .gfx
                .as_ref()
                .map_or_else(Default::default, |g| g.renderer.stats());
            let stats = FrameStats::from_samples(
                &self.frame_times,
                seconds,
                render,
                self.particles_drawn,
                self.game_steps,
            );
            println!("{}", serde_json::to_string(&stats)?);
        }
        Ok(())
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        let vsync = !self.args.no_vsync;
        let created = create_window(
            event_loop,
            "Breakout",
            (PLAYFIELD_WIDTH as f64, PLAYFIELD_HEIGHT as f64),
            vsync,
        )
        .map_err(anyhow::Error::msg)
        .and_then(|(window, display, raw_gl)| {
            let renderer = Renderer::new(&display, raw_gl, &self.assets)?;
            Ok(Gfx {
                window,
                display,
                renderer,
            })
        });
        match created {
            Ok(gfx) => {
                gfx.window.request_redraw();
                self.gfx = Some(gfx);
            }
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => self.quit(event_loop),
            WindowEvent::Resized(size) => {
                self.minimised = size.width == 0 || size.height == 0;
                if let Some(gfx) = &self.gfx {
                    gfx.display.resize(size.into());
                }
            }
            WindowEvent::Occluded(occluded) => self.minimised = occluded,
            WindowEvent::Focused(false) => self.input.release_all(),
            WindowEvent::KeyboardInput { event, .. } => self.key(
                event_loop,
                event.physical_key,
                event.state == ElementState::Pressed,
                event.repeat,
            ),
            WindowEvent::CursorMoved { position, .. } => {
                if let Some(viewport) = self.gfx.as_ref().and_then(|g| {
                    let (w, h) = g.display.get_framebuffer_dimensions();
                    letterbox(w, h)
                }) {
                    self.input
                        .mouse_moved(viewport.to_playfield(position.x, position.y).0);
                }
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if self.screen == Screen::Playing => self.input.clicked(),
            WindowEvent::RedrawRequested if !self.minimised => self.frame(event_loop),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if self.minimised {
            // Nothing to show: sleep until the window comes back, and don't let the time spent
            // minimised count as one huge frame.
            self.last_frame = None;
        } else if let Some(gfx) = &self.gfx {
            gfx.window.request_redraw();
        }
    }
}
