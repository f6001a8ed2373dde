//! The pause screen, pushed over the game by P or Esc, or when the window loses the focus: the
//! game stands still under a message box.

use super::run_over::Retry;
use super::{close_game, Context, Scene, Transition};
use super::{Chrome, Handled, Reply, SceneInput};
use crate::app::Action;
use crate::view::{hud, SpriteBatch};
use glium::winit::keyboard::KeyCode;

/// The key that restarts the level from the pause screen.
pub const RESTART_KEY: KeyCode = KeyCode::KeyR;

/// The key that forks the paused game into every collision mode, or leaves the fork.
pub const FORK_KEY: KeyCode = KeyCode::KeyF;

/// Play paused. The pause or launch key (P or Space unless rebound) resumes, S (or F3) opens
/// the settings, R restarts the level for a life (when offered), Esc asks, then goes back to
/// the menu (a run is never dropped by two quick presses of one key without a question).
#[derive(Default)]
pub struct PauseScene {
    /// Starts the level again for a life ([`PauseScene::with_restart`]).
    restart: Option<Retry>,
    /// Esc was pressed once: the screen asks whether to end the run.
    asking: bool,
    /// Whether the game below is forked into every mode ([`PauseScene::with_fork`]); `None`
    /// where the game offers no fork.
    forked: Option<bool>,
}

impl PauseScene {
    /// The pause screen.
    pub fn new() -> PauseScene {
        PauseScene::default()
    }

    /// Offers "restart level (costs a life)": `restart` makes the level's play scene again.
    pub fn with_restart(mut self, restart: Retry) -> PauseScene {
        self.restart = Some(restart);
        self
    }

    /// Offers F, forking the game below into every collision mode (or leaving the fork it is
    /// in, `forked`): the pause screen closes with [`Reply::Fork`] and opens again over it.
    pub fn with_fork(mut self, forked: bool) -> PauseScene {
        self.forked = Some(forked);
        self
    }
}

impl Scene for PauseScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            _ => Handled::No,
        }
    }

    fn chrome(&self) -> Chrome {
        Chrome::overlay()
    }

    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        if self.asking {
            hud::message(
                &mut batch.text,
                "END THIS RUN?",
                "ESC yes, back to the menu  -  any other key no",
            );
            return;
        }
        let keys = &ctx.bindings;
        let restart = if self.restart.is_some() {
            "  R restart (costs a life)"
        } else {
            ""
        };
        let fork = match self.forked {
            Some(false) => "  F fork every mode",
            Some(true) => "  F leave the fork",
            None => "",
        };
        let resume = format!(
            "{} or {} resume  S settings{restart}{fork}  ESC menu",
            keys.first_key_name(Action::Pause).to_uppercase(),
            keys.first_key_name(Action::Launch).to_uppercase()
        );
        hud::message(&mut batch.text, "PAUSED", &resume);
    }
}

impl PauseScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if self.asking {
            // Esc again ends the run; any other key keeps it.
            self.asking = false;
            return if code == KeyCode::Escape {
                close_game(ctx)
            } else {
                Transition::None
            };
        }
        if code == KeyCode::Escape {
            self.asking = true;
            return Transition::None;
        }
        // F, unless the player gave it to resuming (as S below).
        let resumes = matches!(
            ctx.bindings.action(code),
            Some(Action::Pause | Action::Launch)
        );
        if code == FORK_KEY && !resumes {
            if let Some(forked) = self.forked {
                // The game answers under the pause screen, which stays.
                let pause = PauseScene {
                    forked: Some(!forked),
                    ..std::mem::take(self)
                };
                return Transition::Sequence(vec![
                    Transition::PopWith(Reply::Fork),
                    Transition::Push(Box::new(pause)),
                ]);
            }
        }
        if code == RESTART_KEY {
            if let Some(restart) = &self.restart {
                ctx.input.release_all();
                ctx.effects.clear();
                return match restart(ctx) {
                    Some(play) => {
                        Transition::Sequence(vec![Transition::Pop, Transition::Replace(play)])
                    }
                    None => Transition::Sequence(vec![Transition::Pop, Transition::Pop]),
                };
            }
        }
        match ctx.bindings.action(code) {
            Some(Action::Pause | Action::Launch) => {
                // Keys let go while paused were not seen: start again from none held.
                ctx.input.release_all();
                Transition::Pop
            }
            // S, unless the player gave it to resuming.
            _ if matches!(code, KeyCode::KeyS | super::settings::SETTINGS_KEY) => {
                Transition::Push(Box::new(super::settings::SettingsScene::new(true)))
            }
            _ => Transition::None,
        }
    }
}
