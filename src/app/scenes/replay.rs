//! The replay screen: a recorded game played again in the window, drawn as the game in play is,
//! with play/pause, single steps forward and back, slow and fast motion, a timeline to seek on,
//! and a key that hands the paddle to the player from the step shown. `breakout replay FILE`
//! opens it; so do the menu's Replays list and the level list's best run.
//!
//! The replay is a [`Watch`] (playback, keyframes, pacing); this scene feeds it the wall clock,
//! the game's events to the effects (and to the audio at ×1 only, never while paused or
//! stepping), and lays its picture out: the game, the timeline strip where the play HUD's line
//! goes ([`crate::view::timeline`]), the DIVERGED banner, the keys' help panel.

use super::play::{Campaign, GameStart, PlayScene};
use super::replay_fork::ForkView;
use super::replay_keys::{command, keys_help, repeats, Command, HELP_KEY};
use super::replay_view::{view_key, Look, ViewKey, VIEW_KEYS};
use super::replay_watch::Watch;
use super::{Chrome, Handled, SceneInput};
use super::{Context, Pointer, Scene, Transition};
use crate::level::PowerUpKind;
use crate::replay::{file, Replay};
use crate::sim::{Game, GameEvent};
use crate::view::camera::View;
use crate::view::timeline::{self, TimelineView};
use crate::view::{debug_overlay, scene, SpriteBatch};
use std::path::Path;
use std::sync::Arc;
use winit::event::MouseButton;
use winit::keyboard::{KeyCode, PhysicalKey};

/// A replay being watched (see the module's documentation for the keys:
/// [`super::replay_keys::KEYS`]).
pub struct ReplayScene {
    watch: Watch,
    /// What the title calls the replay: its file's name.
    name: String,
    /// The keys' help panel shows.
    help: bool,
    /// Where the mouse pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
    /// The left button went down on the timeline and is still down: moving seeks.
    dragging: bool,
    /// The game forked into every collision mode (the `F` key), following the replay.
    fork: Option<ForkView>,
    /// The zoom, the pan and the screen effects ([`super::replay_view`]).
    look: Look,
    /// The model and paddle rule of the replay's level's own game (`None`: this game's level):
    /// the strip says `native` when the replay plays with them.
    native: Option<(crate::collision::CollisionMode, crate::sim::PaddleRule)>,
}

impl ReplayScene {
    /// Watches the replay at `path`, chosen at row `index` of a list: pushes its screen and
    /// clears the list's `error`, or, for a file that does not read, logs why and keeps the
    /// list, its `error` saying why at that row.
    pub fn push_or_show_error(
        path: &Path,
        index: usize,
        error: &mut Option<(usize, String)>,
    ) -> Transition {
        match ReplayScene::open(path) {
            Ok(scene) => {
                *error = None;
                Transition::Push(Box::new(scene))
            }
            Err(e) => {
                log::warn!("{e}");
                *error = Some((index, e));
                Transition::None
            }
        }
    }

    /// The replay in the file `path`. Errors: the file cannot be read or is not a replay this
    /// game can play (the message names the file, and the byte offset or field).
    pub fn open(path: &Path) -> Result<ReplayScene, String> {
        let replay = file::read(path).map_err(|e| e.to_string())?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        ReplayScene::new(replay, name)
            .map_err(|e| format!("{}: the replay's level text: {e}", path.display()))
    }

    /// The replay in `bytes`, the content of a file called `name` (a file dropped on the
    /// browser's page). Errors: the bytes are not a replay this game can play (the message
    /// names the file, and the byte offset or field).
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<ReplayScene, String> {
        let replay = file::decode(bytes, Path::new(name)).map_err(|e| e.to_string())?;
        ReplayScene::new(replay, name.to_string())
            .map_err(|e| format!("{name}: the replay's level text: {e}"))
    }

    /// `replay`, called `name` in the title, from its first step, playing at ×1. Errors: its
    /// level text does not parse (a replay read from a file has been checked for that).
    pub fn new(replay: Replay, name: String) -> Result<ReplayScene, String> {
        let native = replay
            .level_at(0)
            .ok()
            .and_then(|level| crate::sim::native::native_physics(&level));
        let watch = Watch::new(Arc::new(replay)).map_err(|e| e.to_string())?;
        Ok(ReplayScene {
            watch,
            name,
            help: false,
            pointer: None,
            dragging: false,
            fork: None,
            look: Look::default(),
            native,
        })
    }

    /// The replay as watched: where it is, paused or not, the speed.
    pub fn watch(&self) -> &Watch {
        &self.watch
    }

    /// The fork, if the game was forked into every collision mode.
    pub fn fork(&self) -> Option<&ForkView> {
        self.fork.as_ref()
    }

    /// Does what `command` asks, then keeps the fork at the replay's step.
    fn command(&mut self, ctx: &mut Context, command: Command) -> Transition {
        let transition = self.command_now(ctx, command);
        self.follow_fork();
        transition
    }

    /// Puts the fork's copies at the replay's step, leaving the fork on a seek before it.
    fn follow_fork(&mut self) {
        if let Some(fork) = &mut self.fork {
            if !fork.follow(&self.watch) {
                self.fork = None;
            }
        }
    }

    /// Does what `command` asks.
    fn command_now(&mut self, ctx: &mut Context, command: Command) -> Transition {
        let at = self.watch.at();
        match command {
            Command::Fork => {
                self.fork = match self.fork {
                    Some(_) => None,
                    None => Some(ForkView::new(&self.watch, ctx.options.modes.modes())),
                };
            }
            Command::NextSplit => {
                if let Some(step) = self
                    .fork
                    .as_mut()
                    .and_then(|f| f.to_next_split(&self.watch))
                {
                    self.watch.pause();
                    self.seek(ctx, step);
                }
            }
            Command::OpenLab => {
                if let Some(lab) = self.fork.as_ref().and_then(ForkView::lab) {
                    return Transition::Push(Box::new(lab));
                }
            }
            Command::SubSteps => {
                if let Some(fork) = &self.fork {
                    let modes = ctx.options.modes.modes();
                    self.fork = Some(fork.switch_sub_steps(&self.watch, modes));
                }
            }
            Command::Legend => {
                if let Some(fork) = &mut self.fork {
                    fork.legend = !fork.legend;
                }
            }
            Command::SplitView => {
                if let Some(fork) = &mut self.fork {
                    fork.split = !fork.split;
                }
            }
            Command::PlayPause => self.watch.toggle_pause(),
            Command::StepForward => {
                if let Some(game) = self.watch.step_forward() {
                    // Effects yes, sound no: single steps are silent.
                    feed_effects(ctx, game);
                }
            }
            Command::StepBack => {
                self.watch.step_back();
                ctx.effects.clear();
            }
            Command::Back => self.seek(ctx, at.saturating_sub(super::replay_watch::SEEK_STEPS)),
            Command::Forward => self.seek(ctx, at + super::replay_watch::SEEK_STEPS),
            Command::Start => self.seek(ctx, 0),
            Command::End => self.seek(ctx, self.watch.steps()),
            Command::Slower => self.watch.slower(),
            Command::Faster => self.watch.faster(),
            Command::TakeOver => return self.take_over(ctx),
            Command::Help => self.help = !self.help,
            Command::Leave => {
                ctx.effects.clear();
                return Transition::Pop;
            }
        }
        Transition::None
    }

    /// Seeks to `step`; the particles of where it was go.
    fn seek(&mut self, ctx: &mut Context, step: u64) {
        self.watch.seek(step);
        ctx.effects.clear();
    }

    /// Hands the paddle to the player: the game as it is now, played live over this screen,
    /// which waits paused at the step it was taken at (leaving the game comes back here, to
    /// take over again). Such games record no high score. A level that no longer parses (a
    /// damaged replay in memory) takes nothing over.
    fn take_over(&mut self, ctx: &mut Context) -> Transition {
        self.watch.pause();
        match self.watch.take_over() {
            Ok((game, level)) => {
                let h = &self.watch.replay().header;
                let campaign = Campaign::taken_over(Arc::new(level), h.start_score, h.start_lives);
                let recorder = self.watch.handover_recorder();
                let start = GameStart::TakenOver {
                    campaign,
                    game: Box::new(game),
                    recorder: Box::new(recorder),
                };
                match PlayScene::start(ctx, start) {
                    Ok(play) => Transition::Push(Box::new(play)),
                    Err(e) => {
                        log::warn!("{}: cannot take over: {e}", self.name);
                        Transition::None
                    }
                }
            }
            Err(e) => {
                log::warn!("{}: cannot take over: {e}", self.name);
                Transition::None
            }
        }
    }

    /// A mouse event: the left button down on the timeline seeks to the step under the
    /// pointer, and so does moving while it stays down; down on the picture (zoomed) it pans;
    /// the wheel zooms.
    fn pointer_event(&mut self, ctx: &mut Context, event: Pointer) {
        match event {
            Pointer::Moved(at) => {
                self.pointer = Some(at);
                let now = self.look.following(self.watch.game(), self.watch.blend());
                self.look.dragged(at, now);
                if self.dragging {
                    self.seek(ctx, timeline::step_at(at.x, self.watch.steps()));
                    self.follow_fork();
                }
            }
            Pointer::Down(MouseButton::Left) => {
                if let Some(at) = self.pointer.filter(|p| timeline::on_strip(*p)) {
                    self.dragging = true;
                    self.seek(ctx, timeline::step_at(at.x, self.watch.steps()));
                    self.follow_fork();
                } else if let Some(at) = self.pointer {
                    self.look.start_drag(at);
                }
            }
            Pointer::Up(MouseButton::Left) => {
                self.dragging = false;
                self.look.end_drag();
            }
            Pointer::Wheel(notches) => self.look.camera.wheel(notches),
            _ => {}
        }
    }

    /// The strip's state word: `PAUSED`, `END`, or none while playing.
    fn state(&self) -> &'static str {
        if self.watch.at_end() {
            "END"
        } else if self.watch.paused() {
            "PAUSED"
        } else {
            ""
        }
    }
}

impl ReplayScene {
    /// The replay's game as play draws it: bricks, paddle, balls, particles, the debug overlay
    /// (the power-ups' chips go on the strip's line, [`timeline::powerup_chips`]). The
    /// world batch may already hold the fork's ghosts and marks: the game goes over them, so
    /// the solid ball shows where ghosts of its group share its place.
    /// The debug overlay goes to `markers`, for the camera to move.
    fn draw_game(
        &self,
        ctx: &Context,
        batch: &mut SpriteBatch,
        held: scene::HeldPowerUps,
        markers: &mut Vec<crate::view::SpriteInstance>,
    ) {
        let game = self.watch.game();
        scene::backdrop(&mut batch.backdrop, game, held);
        scene::world(&mut batch.world, game, self.watch.blend());
        scene::particles(&mut batch.particles, &ctx.effects.particles);
        if ctx.debug_overlay {
            debug_overlay::overlay(markers, game);
            if let Some(fork) = &self.fork {
                let own = game.config().collision;
                debug_overlay::copies(markers, fork.fork(), own);
            }
        }
    }

    /// The look's state, for the tests: the camera, the effects.
    pub fn look(&self) -> &Look {
        &self.look
    }
}

/// The game's events of the step just run, to the particles and shake.
fn feed_effects(ctx: &mut Context, game: &Game) {
    for event in game.events() {
        ctx.effects.handle_event(event);
    }
}

impl Scene for ReplayScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Key { key, pressed } => {
                if self.on_key(ctx, *key, *pressed) {
                    Handled::Yes(Transition::None)
                } else {
                    Handled::No
                }
            }
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            SceneInput::Pointer(event) => {
                self.pointer_event(ctx, *event);
                Handled::Yes(Transition::None)
            }
            _ => Handled::No,
        }
    }

    fn live_game(&self) -> Option<&Game> {
        // Balls leave trails while the replay plays; not while it stands still.
        self.watch.playing().then(|| self.watch.game())
    }

    /// The cursor shows: the timeline is the mouse's.
    fn chrome(&self) -> Chrome {
        Chrome::titled(self.title())
    }

    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        let sound = self.watch.speed() == 1.0;
        let Context {
            effects,
            audio,
            game_steps,
            ..
        } = ctx;
        let ran = self.watch.advance(dt, |game| {
            let events: &[GameEvent] = game.events();
            if let (true, Some(audio)) = (sound, audio.as_ref()) {
                audio.handle_events(events);
            }
            for event in events {
                effects.handle_event(event);
            }
        });
        *game_steps += ran;
        if let Some(fork) = &mut self.fork {
            fork.tick(dt);
        }
        if ran > 0 {
            self.follow_fork();
        }
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let game = self.watch.game();
        let held = scene::HeldPowerUps::shown_if(ctx.video.show_brick_powerups);
        let divergence = self.watch.divergence();
        let from = [
            batch.backdrop.len(),
            batch.world.len(),
            batch.particles.len(),
        ];
        // In a fork, the legend holds the DIVERGED line (the banner would cross it).
        let note = divergence.map(|d| timeline::diverged_text(d.step));
        let solid = match &self.fork {
            Some(fork) => fork.draw(batch, &self.watch, held, note.as_deref(), !self.help),
            None => true,
        };
        let mut markers = Vec::new();
        if solid {
            self.draw_game(ctx, batch, held, &mut markers);
        }
        let active = game.active_effects();
        batch.effects.confuse |= active.has(PowerUpKind::Confuse);
        batch.effects.chaos |= active.has(PowerUpKind::Chaos);
        // The camera moves the game and the fork's ghosts, not the split view's panes.
        let view = if solid {
            self.look.following(self.watch.game(), self.watch.blend())
        } else {
            View::whole()
        };
        self.look.finish(batch, from, view, markers);
        let mode = super::replay_view::replay_physics(game.config(), self.native);
        let view = TimelineView {
            at: self.watch.at(),
            steps: self.watch.steps(),
            speed: self.watch.speed_label(),
            state: self.state(),
            // The mode in play now (a replay may change it: the C key), and the paddle rule
            // when it is another game's.
            mode: &mode,
            score: game.score(),
            lives: game.lives(),
            diverged_at: divergence.map(|d| d.step),
            help_key: HELP_KEY,
        };
        timeline::timeline(&mut batch.text, &view);
        if solid {
            timeline::powerup_chips(&mut batch.text, game.active_effects(), &view);
        }
        if let Some(fork) = &self.fork {
            fork.timeline_marks(batch, self.watch.steps());
        } else if let Some(d) = divergence {
            let why = self.watch.replay().header.math.divergence_note();
            timeline::diverged(&mut batch.text, d.step, why);
        }
        if self.help {
            let keys = keys_help(ctx.bindings());
            let mut keys: Vec<(&str, &str)> = keys.iter().map(|(k, w)| (k.as_str(), *w)).collect();
            keys.extend(VIEW_KEYS);
            timeline::help_panel(&mut batch.text, "REPLAY KEYS", &keys);
        }
    }
}

impl ReplayScene {
    fn on_key(&mut self, ctx: &mut Context, key: PhysicalKey, pressed: bool) -> bool {
        // Single steps and five-second seeks repeat while their key is held.
        let PhysicalKey::Code(code) = key else {
            return false;
        };
        // Panning repeats while its key is held.
        if let Some(k @ ViewKey::Pan(..)) = view_key(code) {
            if pressed {
                let now = self.look.following(self.watch.game(), self.watch.blend());
                self.look.key(k, now);
            }
            return true;
        }
        match command(code).filter(|c| repeats(*c)) {
            Some(c) => {
                if pressed {
                    self.command(ctx, c);
                }
                true
            }
            None => false,
        }
    }

    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if let Some(k) = view_key(code) {
            let now = self.look.following(self.watch.game(), self.watch.blend());
            self.look.key(k, now);
            return Transition::None;
        }
        match command(code) {
            Some(c) => self.command(ctx, c),
            None => Transition::None,
        }
    }

    fn title(&self) -> String {
        let w = &self.watch;
        let state = match self.state() {
            "" => String::new(),
            s => format!(" — {}", s.to_lowercase()),
        };
        format!(
            "Breakout — replay {} — {} — step {}/{} ({}) — {}{state}",
            self.name,
            w.game().level_name(),
            w.at(),
            w.steps(),
            timeline::clock(w.at()),
            w.speed_label(),
        )
    }
}
