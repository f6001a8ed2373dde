//! The scene protocol: the [`Scene`] trait, the [`SceneInput`] a scene is given, what it answers
//! ([`Handled`], [`Transition`]) and how it shows ([`Chrome`]).

use super::Context;
use crate::sim::Game;
use crate::view::SpriteBatch;
use winit::keyboard::{KeyCode, PhysicalKey};

pub use winit::event::MouseButton;

/// What the scene stack does after a scene's update or input.
pub enum Transition {
    /// Stay on this scene.
    None,
    /// Put a scene on top of this one (which keeps its state, and is drawn under the new one if
    /// that is an overlay).
    Push(Box<dyn Scene>),
    /// Remove the top scene; the one under it carries on.
    Pop,
    /// Remove the top scene and give the one under it this reply (as
    /// [`SceneInput::Resumed`]), applying its answer: an overlay's message to the scene it
    /// covered.
    PopWith(Reply),
    /// Swap the top scene for another.
    Replace(Box<dyn Scene>),
    /// Several transitions in order, e.g. an overlay closing itself and the game under it.
    Sequence(Vec<Transition>),
    /// Leave the game.
    Quit,
}

/// Whether a scene took an input ([`Scene::input`]).
pub enum Handled {
    /// The scene did not take it: a key event goes on as a [`SceneInput::Press`] (if it is
    /// one); a close request goes on to the scene under it, and quits if none takes it.
    No,
    /// The scene took it; the stack applies the transition.
    Yes(Transition),
}

impl Handled {
    /// The transition to apply: none when the scene did not take the input.
    pub fn transition(self) -> Transition {
        match self {
            Handled::Yes(transition) => transition,
            Handled::No => Transition::None,
        }
    }
}

impl From<Transition> for Handled {
    fn from(transition: Transition) -> Handled {
        Handled::Yes(transition)
    }
}

/// An input given to the top scene ([`Scene::input`]). A new kind of input is a new variant
/// here, not a method every scene inherits.
#[derive(Clone, Debug, PartialEq)]
pub enum SceneInput {
    /// A key went down (`pressed`) or up: every key event comes first as this, except the
    /// app's own keys (F1, and M unless [`Chrome::takes_letters`]), for scenes that track held
    /// keys (the game's paddle). A key event the scene does not take ([`Handled::No`]) that is
    /// a press ([`super::press`]) comes next as [`SceneInput::Press`].
    Key {
        /// The key, where it is on the keyboard.
        key: PhysicalKey,
        /// Down (true) or up.
        pressed: bool,
    },
    /// A key press: a new press or an arrow's auto-repeat, or a gamepad's press (which never
    /// holds a game key down).
    Press(KeyCode),
    /// The left mouse button went down (given before its [`Pointer::Down`]).
    Click,
    /// The pointer moved, a mouse button went down or up, or the wheel turned.
    Pointer(Pointer),
    /// Text typed while [`Chrome::takes_letters`] (a key press's characters, as the keyboard
    /// layout and Shift make them; printable only).
    Typed(String),
    /// The window lost the keyboard focus or was hidden (minimised, covered): a game in play
    /// pauses (in a play-test it played on unseen); the player's own key resumes it.
    FocusLost,
    /// The window's close button was pressed. [`Handled::No`] lets the game quit (unless a
    /// scene under this one takes it); a scene with unsaved work answers with the transition
    /// that asks first (the stack closes the scenes above it).
    CloseRequested,
    /// The scene above this one closed with a reply ([`Transition::PopWith`]).
    Resumed(Reply),
}

/// What a closing overlay tells the scene it uncovers ([`Transition::PopWith`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The pause screen's fork key: the paused game forks into every collision mode at this
    /// step, or leaves the fork it is in (the collision lab).
    Fork,
    /// The Plane of Inner Stability's pick (`inner_stability.rs`): the game destroys the brick
    /// at this cell (grid row and column) for 10 % of the score.
    Pick {
        /// Grid row (0 at the top).
        row: usize,
        /// Grid column (0 at the left).
        col: usize,
    },
}

/// How the app shows the window while a scene is on top (or, for the title, on the stack).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chrome {
    /// The scene is drawn over the scene under it (a message box over the game) rather than on
    /// its own.
    pub overlay: bool,
    /// The letter keys are the scene's (a list's filter, the editor's bricks, a key being
    /// bound): the app's own letter key, M (mute), then goes to the scene, and typed text comes
    /// as [`SceneInput::Typed`].
    pub takes_letters: bool,
    /// The "MUTED" corner shows while the sound is off (not in the level editor, whose grid
    /// reaches the corner and where M is a brick).
    pub shows_mute: bool,
    /// The mouse cursor shows: not over a game being played (in a play-test it stayed over the
    /// playfield), but where the mouse has work to do (a replay's timeline).
    pub shows_cursor: bool,
    /// The window title; `None` keeps the title of the scene under it (the bottom scene's
    /// `None` is plain "Breakout").
    pub title: Option<String>,
}

impl Default for Chrome {
    /// A screen of its own: no overlay, the app's letter keys, the mute corner and the cursor
    /// shown, no title of its own.
    fn default() -> Chrome {
        Chrome {
            overlay: false,
            takes_letters: false,
            shows_mute: true,
            shows_cursor: true,
            title: None,
        }
    }
}

impl Chrome {
    /// A screen of its own (as [`Chrome::default`]) titled `title`.
    pub fn titled(title: impl Into<String>) -> Chrome {
        Chrome {
            title: Some(title.into()),
            ..Chrome::default()
        }
    }

    /// A message box drawn over the scene under it, keeping its title.
    pub fn overlay() -> Chrome {
        Chrome {
            overlay: true,
            ..Chrome::default()
        }
    }
}

/// One screen of the game. Only the top scene of the stack is updated and given input; scenes
/// it covers get [`Scene::update_covered`] and, under an overlay, are drawn.
///
/// A scene's [`Scene::input`] matches the inputs it handles and answers the others with
/// [`Handled::No`] (`_ => Handled::No`): inputs are not kinds of a set the scene must each
/// handle, so a catch-all is right there (a `match` over kinds, such as bricks or power-ups,
/// stays exhaustive).
pub trait Scene {
    /// Advances the scene by `dt` seconds of game time (capped real time, or `--frame-time`).
    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition;

    /// Runs each frame while another scene is on top (before the top scene's update), for work
    /// that goes on underneath, such as the game's live reload. Returns `true` to close every
    /// scene above this one (e.g. a saved level file makes a cleared level playable again).
    fn update_covered(&mut self, _ctx: &mut Context, _dt: f32) -> bool {
        false
    }

    /// Takes an input while this scene is on top (see [`SceneInput`] for each kind and what
    /// [`Handled::No`] means for it).
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled;

    /// Appends this scene's sprites to `batch` (playfield pixels). `covered`: another scene
    /// (an overlay) is drawn over this one. `batch.effects` comes in with the forced effects and
    /// the shake set; a scene may switch on the post-processing effects it shows.
    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, covered: bool);

    /// The game running on this scene while it is on top: its moving balls leave particle
    /// trails. `None` for screens where no game runs.
    fn live_game(&self) -> Option<&Game> {
        None
    }

    /// How the app shows the window around this scene; by default a screen of its own, with no
    /// title of its own.
    fn chrome(&self) -> Chrome {
        Chrome::default()
    }
}

/// A mouse event, in playfield pixels (origin top-left, y down; outside 0–800 × 0–600 in the
/// letterbox's bars).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointer {
    /// The pointer is now at this position.
    Moved(glam::Vec2),
    /// A button went down.
    Down(MouseButton),
    /// A button went up.
    Up(MouseButton),
    /// The wheel turned by this many notches (positive: away from the user).
    Wheel(f32),
}
