//! The settings screen, from the set menu (F3) and the pause screen (S): volumes, sound on or
//! muted, collision mode, difficulty (from the next run), game speed, bonus levels, warp limit,
//! stall breaker (both from the next level), particles, screen
//! effects, the power-ups on bricks (shown or hidden in play), vsync, the frame cap,
//! fullscreen, the gamepad, the controls (paddle style, ball turbo, launch angle, mouse…) and the key of every [`Action`] (press the new key), each applied
//! the moment it changes;
//! saved into the player's `breakout.toml` (comments and layout kept, see
//! [`crate::config::save`]) when the screen closes. The configuration file's own mistakes are
//! listed with their line and column.
//!
//! Each setting is a row of the `SETTINGS` table: its label, how its value reads, and how a step
//! changes it. Adding a setting touches that table only; the key rows follow the action table
//! ([`crate::bindings`]).

use super::{Chrome, Handled, SceneInput};
use super::{Context, Pointer, Scene, Transition};
use crate::app::input::POINTER_DEADBAND;
use crate::app::Action;
use crate::audio::Sound;
use crate::collision::CollisionMode;
use crate::config::{KeysConfig, GAME_SPEEDS, WARP_LIMITS};
use crate::view::settings::{self as view, SettingsView};
use crate::view::SpriteBatch;
use values::{
    frame_cap_name, next_of, on_off, particles_name, particles_step, percent, volume_step,
    FRAME_CAPS,
};
use winit::keyboard::KeyCode;

mod control_rows;
#[cfg(test)]
mod control_rows_tests;
mod row;
mod values;

use row::Setting;

/// The key that opens the settings from the set menu (whose letters type into its filter);
/// the pause screen takes S too. F3, F2 in a page ([`crate::bindings::web::settings_key`]).
pub const SETTINGS_KEY: KeyCode = crate::bindings::web::settings_key(cfg!(target_arch = "wasm32"));

/// The settings, in screen order.
const SETTINGS: &[Setting] = &[
    Setting {
        label: "Music volume",
        value: |ctx| percent(ctx.settings.now.audio.music_volume),
        step: |ctx, dir| {
            let v = &mut ctx.settings.now.audio.music_volume;
            *v = volume_step(*v, dir);
        },
        sound: None,
    },
    Setting {
        label: "Effects volume",
        value: |ctx| percent(ctx.settings.now.audio.effects_volume),
        step: |ctx, dir| {
            let v = &mut ctx.settings.now.audio.effects_volume;
            *v = volume_step(*v, dir);
        },
        sound: Some(Sound::Paddle),
    },
    Setting {
        label: "Sound",
        value: |ctx| if ctx.is_muted() { "muted" } else { "on" }.to_string(),
        step: |ctx, _| ctx.toggle_mute(),
        sound: None,
    },
    Setting {
        label: "Collision mode",
        value: |ctx| ctx.collision.name().to_string(),
        step: |ctx, dir| {
            let all = CollisionMode::ALL;
            let at = all.iter().position(|&m| m == ctx.collision).unwrap_or(0);
            let mode = all[(at as i32 + dir).rem_euclid(all.len() as i32) as usize];
            ctx.collision = mode;
            ctx.settings.now.collision.mode = mode;
        },
        sound: None,
    },
    Setting {
        label: "Physics",
        value: |ctx| ctx.physics.def().label.to_string(),
        step: |ctx, _| {
            ctx.physics = ctx.physics.toggled();
            ctx.settings.now.collision.physics = ctx.physics;
        },
        sound: None,
    },
    Setting {
        label: "Difficulty",
        value: |ctx| ctx.difficulty().label().to_string(),
        step: |ctx, dir| ctx.set_difficulty(ctx.difficulty().step(dir)),
        sound: None,
    },
    Setting {
        label: "Game speed",
        value: |ctx| format!("{}%", ctx.game_speed),
        step: |ctx, dir| {
            ctx.game_speed = next_of(&GAME_SPEEDS, ctx.game_speed, dir);
            ctx.settings.now.game.speed = ctx.game_speed;
        },
        sound: None,
    },
    Setting {
        label: "Bonus levels",
        value: |ctx| on_off(ctx.settings.now.game.bonus_levels),
        step: |ctx, _| {
            let on = &mut ctx.settings.now.game.bonus_levels;
            *on = !*on;
        },
        sound: None,
    },
    Setting {
        label: "Warp limit",
        value: |ctx| format!("{}%", ctx.settings.now.game.warp_limit),
        step: |ctx, dir| {
            let limit = next_of(&WARP_LIMITS, ctx.settings.now.game.warp_limit, dir);
            ctx.settings.now.game.warp_limit = limit;
            ctx.game_config.warp_percent = limit.min(100) as u8;
        },
        sound: None,
    },
    Setting {
        label: "Stall breaker",
        value: |ctx| on_off(ctx.settings.now.game.stall_breaker),
        step: |ctx, _| {
            let on = !ctx.settings.now.game.stall_breaker;
            ctx.settings.now.game.stall_breaker = on;
            ctx.game_config.stall_breaker = on;
        },
        sound: None,
    },
    Setting {
        label: "Particles",
        value: |ctx| particles_name(&ctx.settings.now.effects),
        step: |ctx, dir| {
            let effects = &mut ctx.settings.now.effects;
            let (trail, burst, _) = particles_step(effects, dir);
            (effects.trail_rate, effects.burst_particles) = (trail, burst);
        },
        sound: None,
    },
    Setting {
        label: "Screen effects",
        value: |ctx| on_off(ctx.settings.now.effects.screen_effects),
        step: |ctx, _| {
            let on = &mut ctx.settings.now.effects.screen_effects;
            *on = !*on;
        },
        sound: None,
    },
    Setting {
        label: "Power-ups on bricks",
        value: |ctx| {
            if ctx.video.show_brick_powerups {
                "shown"
            } else {
                "hidden"
            }
            .to_string()
        },
        step: |ctx, _| {
            ctx.video.show_brick_powerups = !ctx.video.show_brick_powerups;
            ctx.settings.now.video.show_brick_powerups = ctx.video.show_brick_powerups;
        },
        sound: None,
    },
    Setting {
        label: "Theme",
        value: |ctx| ctx.settings.now.graphics.theme.clone(),
        step: |ctx, dir| {
            let theme = &mut ctx.settings.now.graphics.theme;
            *theme = crate::assets::theme::next_name(theme, dir);
        },
        sound: None,
    },
    Setting {
        label: "Vsync",
        value: |ctx| on_off(ctx.video.vsync),
        step: |ctx, _| {
            ctx.video.vsync = !ctx.video.vsync;
            ctx.settings.now.video.vsync = ctx.video.vsync;
        },
        sound: None,
    },
    Setting {
        label: "Frame cap",
        value: |ctx| frame_cap_name(&ctx.video, ctx.refresh_hz),
        step: |ctx, dir| {
            let now = ctx.video.frame_cap_fps(ctx.refresh_hz).unwrap_or(0);
            let cap = next_of(&FRAME_CAPS, now, dir);
            ctx.video.frame_cap = Some(cap);
            ctx.settings.now.video.frame_cap = Some(cap);
        },
        sound: None,
    },
    Setting {
        label: "Fullscreen",
        value: |ctx| on_off(ctx.video.fullscreen),
        step: |ctx, _| ctx.toggle_fullscreen(),
        sound: None,
    },
    Setting {
        label: "Gamepad",
        value: |ctx| on_off(ctx.gamepad.enabled),
        step: |ctx, _| {
            ctx.gamepad.enabled = !ctx.gamepad.enabled;
            ctx.settings.now.gamepad.enabled = ctx.gamepad.enabled;
        },
        sound: None,
    },
    control_rows::PADDLE_STYLE,
    control_rows::BALL_TURBO_SPEED,
    control_rows::BALL_TURBO_AUTO,
    control_rows::KEY_ACCELERATION,
    control_rows::LAUNCH_ANGLE,
    control_rows::AUTO_RETURN,
    control_rows::MOUSE,
    control_rows::MOUSE_SENSITIVITY,
    control_rows::MOUSE_INVERT,
];

/// Rows on the screen: the settings, then one key row per action.
const ROWS: usize = SETTINGS.len() + Action::ALL.len();

/// The settings screen. Up/Down choose, Left/Right (or Enter, or a click) change, Esc saves
/// and closes; the mouse selects by hovering.
pub struct SettingsScene {
    selected: usize,
    /// The action whose new key the next key press is (after Enter on its row).
    waiting: Option<Action>,
    /// What the last key change did ("Launch: W", or why the key was refused).
    message: Option<String>,
    /// Why the last save failed (then Esc once more leaves without saving).
    save_error: Option<String>,
    /// The pointer's playfield position, for clicks.
    pointer: Option<glam::Vec2>,
    /// True when opened over a game (drawn over it, as the pause screen).
    over_game: bool,
}

impl SettingsScene {
    /// The screen, opened from the menu (`over_game` false) or the pause screen.
    pub fn new(over_game: bool) -> SettingsScene {
        SettingsScene {
            selected: 0,
            waiting: None,
            message: None,
            save_error: None,
            pointer: None,
            over_game,
        }
    }

    /// Changes the selected setting one step in `dir` and makes everything follow it; on a
    /// key row, waits for the new key.
    fn change(&mut self, ctx: &mut Context, dir: i32) {
        self.save_error = None;
        self.message = None;
        if let Some(&action) = self
            .selected
            .checked_sub(SETTINGS.len())
            .and_then(|i| Action::ALL.get(i))
        {
            self.waiting = Some(action);
            return;
        }
        (SETTINGS[self.selected].step)(ctx, dir);
        ctx.apply_settings();
        if let (Some(sound), Some(audio)) = (SETTINGS[self.selected].sound, &ctx.audio) {
            audio.play(sound);
        }
    }

    /// The key pressed for `action`: bound if it may be (then in effect at once, and in the
    /// settings to save), else the reason in the message line; Esc cancels.
    fn bind(&mut self, ctx: &mut Context, action: Action, code: KeyCode) {
        self.waiting = None;
        if code == KeyCode::Escape {
            return;
        }
        self.message = Some(match ctx.bind(action, code) {
            Ok(()) => {
                ctx.settings.now.keys = KeysConfig::from_bindings(ctx.bindings());
                format!(
                    "{}: {}",
                    action.label(),
                    ctx.bindings().key_names(action).join(" / ")
                )
            }
            Err(e) => format!("not changed: {e}"),
        });
    }

    /// Saves and closes; on a failed save stays, showing why, and closes on the next try
    /// without saving (the settings stay in effect for this run).
    fn leave(&mut self, ctx: &mut Context) -> Transition {
        if self.save_error.is_some() {
            return Transition::Pop;
        }
        match ctx.settings.save() {
            Ok(_) => Transition::Pop,
            Err(e) => {
                log::warn!("the settings were not saved: {e}");
                let why = match ctx.settings.path.as_deref() {
                    Some(path) => mentions_home_relative(&e.to_string(), path),
                    None => e.to_string(),
                };
                self.save_error = Some(format!("NOT SAVED: {why}"));
                Transition::None
            }
        }
    }

    /// What the screen shows, for the renderer and the tests.
    pub fn view(&self, ctx: &Context) -> SettingsView {
        let file = ctx.settings.path.as_deref().map(home_relative);
        let mut notes: Vec<String> = Vec::new();
        if let Some(e) = &self.save_error {
            notes.push(format!("{e}. ESC again leaves without saving."));
        }
        let problems = &ctx.settings.problems;
        if !problems.is_empty() {
            let count = match problems.len() {
                1 => "1 mistake".to_string(),
                n => format!("{n} mistakes"),
            };
            notes.push(format!(
                "{count} in the file (each setting keeps its default):"
            ));
            notes.extend(problems.iter().map(|p| format!("line {p}")));
        }
        let saves = file.is_some() && !not_utf8(problems);
        let saved_to = match file {
            // The notes' first line says it was not: "saved to … on leaving" above it was a
            // contradiction.
            Some(_) if self.save_error.is_some() => String::new(),
            // The notes say why (play-test H19): no "saved … on leaving" beside them.
            Some(file) if !saves => {
                format!("not saved into {file}: the changes last until the game closes")
            }
            Some(file) => format!("saved to {file} on leaving"),
            None => "this system has no config directory: not saved".to_string(),
        };
        let keys = Action::ALL.iter().map(|&action| {
            let value = if self.waiting == Some(action) {
                "press a key (ESC: keep)".to_string()
            } else {
                ctx.bindings().key_names(action).join(" / ")
            };
            (format!("Key: {}", action.label()), value)
        });
        SettingsView {
            rows: SETTINGS
                .iter()
                .map(|s| (s.label.to_string(), (s.value)(ctx)))
                .chain(keys)
                .collect(),
            selected: self.selected,
            message: self.message.clone(),
            saved_to,
            notes,
            over_game: self.over_game,
            saves,
        }
    }
}

/// Whether the file's problems include bytes that are not UTF-8: the game does not write
/// such a file (`config::save` refuses it; the problem's message says so, from
/// `config::lenient`).
fn not_utf8(problems: &[crate::config::Problem]) -> bool {
    problems.iter().any(|p| p.message.starts_with("not UTF-8"))
}

/// `path` with the home directory written `~` (shorter on screen).
fn home_relative(path: &std::path::Path) -> String {
    let home = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    match home.and_then(|h| path.strip_prefix(h).ok().map(std::path::Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

/// `text` with every mention of `path` written as [`home_relative`] writes it: the error
/// under "saved to ~/…" names the file the same way, not by its absolute path.
fn mentions_home_relative(text: &str, path: &std::path::Path) -> String {
    text.replace(&path.display().to_string(), &home_relative(path))
}

impl Scene for SettingsScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            SceneInput::Pointer(event) => self.on_pointer(ctx, *event).into(),
            _ => Handled::No,
        }
    }

    fn chrome(&self) -> Chrome {
        Chrome {
            overlay: self.over_game,
            // Waiting for a key: M and F1 are keys to bind, not mute and the overlay.
            takes_letters: self.waiting.is_some(),
            ..Chrome::titled("Breakout — settings")
        }
    }

    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        view::draw(batch, &self.view(ctx));
    }
}

impl SettingsScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if let Some(action) = self.waiting {
            self.bind(ctx, action, code);
            return Transition::None;
        }
        let last = ROWS - 1;
        match code {
            KeyCode::ArrowUp => self.selected = self.selected.checked_sub(1).unwrap_or(last),
            KeyCode::ArrowDown => self.selected = (self.selected + 1) % ROWS,
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = last,
            KeyCode::ArrowLeft => self.change(ctx, -1),
            KeyCode::ArrowRight | KeyCode::Enter | KeyCode::Space => self.change(ctx, 1),
            KeyCode::Escape | KeyCode::Backspace => return self.leave(ctx),
            _ => {}
        }
        Transition::None
    }

    fn on_pointer(&mut self, ctx: &mut Context, event: Pointer) -> Transition {
        if self.waiting.is_some() {
            return Transition::None;
        }
        match event {
            Pointer::Moved(at) => {
                // Where the pointer already was when the screen opened selects nothing: only
                // a pointer that moves does (as the paddle: a play-test saw it jump to a still
                // pointer).
                let moved = self
                    .pointer
                    .is_some_and(|p| p.distance(at) >= POINTER_DEADBAND);
                if self.pointer.is_none() || moved {
                    self.pointer = Some(at);
                }
                let row = view::row_at(&self.view(ctx), at);
                if let Some(row) = row.filter(|&r| moved && r < ROWS) {
                    self.selected = row;
                }
            }
            Pointer::Down(button) => {
                let shown = self.view(ctx);
                let row = self.pointer.and_then(|at| view::row_at(&shown, at));
                if let Some(row) = row.filter(|&r| r < ROWS) {
                    self.selected = row;
                    let dir = if button == super::MouseButton::Right {
                        -1
                    } else {
                        1
                    };
                    self.change(ctx, dir);
                }
            }
            Pointer::Wheel(notches) if notches != 0.0 => {
                self.change(ctx, if notches > 0.0 { 1 } else { -1 })
            }
            _ => {}
        }
        Transition::None
    }
}

#[cfg(test)]
mod tests;
