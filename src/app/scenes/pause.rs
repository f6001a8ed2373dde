//! The pause screen, pushed over the game by P or Esc, or when the window loses the focus: the
//! game stands still under a message box.

use super::run_over::Retry;
use super::{close_game, Context, Scene, Transition};
use super::{Chrome, Handled, Reply, SceneInput};
use crate::app::Action;
use crate::view::{hud, SpriteBatch};
use winit::keyboard::KeyCode;

/// The key that restarts the level from the pause screen.
pub const RESTART_KEY: KeyCode = KeyCode::KeyR;

/// The key that forks the paused game into every collision mode, or leaves the fork.
pub const FORK_KEY: KeyCode = KeyCode::KeyF;

/// Play paused. The pause or launch key (P or Space unless rebound) resumes, S (or F3) opens
/// the settings, R restarts the level for a life (when offered), F forks the game into every
/// collision mode (or leaves the fork), Esc asks, then goes back to the screen the game was
/// started from (a run is never dropped by two quick presses of one key without a question).
///
/// Only [`PauseScene::over`] builds one, from the game it pauses ([`Paused`]), so every pause
/// offers what its game allows (a pause pushed bare by the menu's Continue offered neither R nor F).
pub struct PauseScene {
    /// Starts the level again for a life.
    restart: Option<Retry>,
    /// Esc was pressed once: the screen asks whether to end the run.
    asking: bool,
    /// Whether the game below is forked into every mode (F leaves the fork), or not (F forks).
    forked: bool,
    /// What the game goes back to when left ([`super::campaign::RunKind::left_for`]).
    left_for: &'static str,
    /// A line under the message box ([`PauseScene::with_note`]).
    note: Option<String>,
}

/// A game the pause screen pauses: what the screen offers comes from it
/// ([`PauseScene::over`]).
pub trait Paused {
    /// Makes the level's game again for a life, where the game offers it (as LBreakoutHD, while
    /// a life would be left; not to the bot, nor in a hot-seat run, where the new game would
    /// replace the turns' controller).
    fn restart(&self) -> Option<Retry>;
    /// Whether the game is forked into every collision mode (F leaves the fork), or not (F
    /// forks it).
    fn is_forked(&self) -> bool;
    /// Where leaving the game goes back to, as the screen names it
    /// ([`super::campaign::RunKind::left_for`]).
    fn left_for(&self) -> &'static str;
}

impl PauseScene {
    /// The pause screen over `game`, offering what that game allows.
    pub fn over(game: &dyn Paused) -> PauseScene {
        PauseScene {
            restart: game.restart(),
            asking: false,
            forked: game.is_forked(),
            left_for: game.left_for(),
            note: None,
        }
    }

    /// Says `note` (if any) on a line under the box while paused: what the player should know
    /// before going on (a continued run's level file changed since).
    pub fn with_note(mut self, note: Option<String>) -> PauseScene {
        self.note = note;
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
                &format!(
                    "ESC yes, back to the {}  -  any other key no",
                    self.left_for
                ),
            );
            return;
        }
        let keys = ctx.bindings();
        let restart = if self.restart.is_some() {
            "  R restart (costs a life)"
        } else {
            ""
        };
        let fork = if self.forked {
            "  F leave the fork"
        } else {
            "  F fork every mode"
        };
        let resume = format!(
            "{} or {} resume  S settings{restart}{fork}  ESC {}",
            keys.first_key_name(Action::Pause).to_uppercase(),
            keys.first_key_name(Action::Launch).to_uppercase(),
            self.left_for,
        );
        hud::message(&mut batch.text, "PAUSED", &resume);
        if let Some(note) = &self.note {
            hud::message_note(&mut batch.text, note);
        }
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
            ctx.bindings().action(code),
            Some(Action::Pause | Action::Launch)
        );
        if code == FORK_KEY && !resumes {
            // The game answers under the pause screen, which stays.
            let pause = PauseScene {
                restart: self.restart.take(),
                asking: false,
                forked: !self.forked,
                left_for: self.left_for,
                note: self.note.take(),
            };
            return Transition::Sequence(vec![
                Transition::PopWith(Reply::Fork),
                Transition::Push(Box::new(pause)),
            ]);
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
        match ctx.bindings().action(code) {
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
