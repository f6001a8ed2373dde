//! Scenes: each screen of the game is its own type, owning its state, with its own update, input,
//! drawing and window title; it answers with a [`Transition`] (as tetra's `Scene` and
//! `Transition`, see `examples/tetras.rs` in 17cupsofcoffee/tetra, with Amethyst's sequences of
//! transitions and its "shadow" update of covered scenes).
//!
//! The app keeps a [`SceneStack`]: the set menu at the bottom, a set's level list over it, the
//! game pushed over that, the pause and
//! end-of-level screens pushed over the game (so the game keeps its state and is drawn under
//! them). What every scene shares (input, audio, effects, config, high scores) is in a
//! [`Context`] lent to each call.
//!
//! Adding a screen: a new file here with a type implementing [`Scene`], pushed (or swapped in)
//! by the transition of the screen it is reached from. No other screen changes.

pub mod campaign;
mod context;
pub mod editor;
pub mod hot_seat;
pub mod hot_seat_end;
#[cfg(test)]
mod hot_seat_tests;
pub mod lab;
#[cfg(test)]
mod lab_tests;
#[cfg(test)]
mod layout_tests;
pub mod level_cleared;
pub mod level_menu;
pub mod list;
pub mod menu;
pub mod new_run;
mod offer;
pub mod pause;
pub mod play;
pub mod recording;
#[cfg(test)]
mod recording_tests;
pub mod replay;
pub mod replay_files;
pub mod replay_fork;
#[cfg(test)]
mod replay_fork_tests;
pub mod replay_keys;
#[cfg(test)]
mod replay_tests;
pub mod replay_watch;
pub mod replays;
pub mod run_over;
#[cfg(test)]
mod run_tests;
pub mod set_counts;
pub mod settings;
pub mod stack;

pub use context::Context;
pub use stack::SceneStack;

use crate::highscores::Score;
use crate::sim::Game;
use crate::view::SpriteBatch;
use glium::winit::keyboard::{KeyCode, PhysicalKey};

/// Seconds autoplay lingers on the menu and on end-of-level screens before moving on.
pub const AUTOPLAY_SCREEN_DELAY: f32 = 1.5;

/// What the scene stack does after a scene's update or input.
pub enum Transition {
    /// Stay on this scene.
    None,
    /// Put a scene on top of this one (which keeps its state, and is drawn under the new one if
    /// that is an overlay).
    Push(Box<dyn Scene>),
    /// Remove the top scene; the one under it carries on.
    Pop,
    /// Swap the top scene for another.
    Replace(Box<dyn Scene>),
    /// Several transitions in order, e.g. an overlay closing itself and the game under it.
    Sequence(Vec<Transition>),
    /// Leave the game.
    Quit,
}

/// One screen of the game. Only the top scene of the stack is updated, given input and asked
/// for its title; scenes it covers get [`Scene::update_covered`] and, under an overlay, are
/// drawn.
pub trait Scene {
    /// Advances the scene by `dt` seconds of game time (capped real time, or `--frame-time`).
    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition;

    /// Runs each frame while another scene is on top (before the top scene's update), for work
    /// that goes on underneath, such as the game's live reload. Returns `true` to close every
    /// scene above this one (e.g. a saved level file makes a cleared level playable again).
    fn update_covered(&mut self, _ctx: &mut Context, _dt: f32) -> bool {
        false
    }

    /// A key went down (`pressed`) or up: every key event comes here first, except the app's
    /// own keys (F1, and M unless [`Scene::takes_text`]), for scenes that track held keys (the
    /// game's paddle). Returns `true` if
    /// the scene used the event up, so that it is not also a [`Scene::key_press`].
    fn key_event(&mut self, _ctx: &mut Context, _key: PhysicalKey, _pressed: bool) -> bool {
        false
    }

    /// A key press, as [`press`] picks them out of the key events (new presses, and the arrows'
    /// auto-repeats) and the scene did not use up in [`Scene::key_event`].
    fn key_press(&mut self, _ctx: &mut Context, _code: KeyCode) -> Transition {
        Transition::None
    }

    /// The left mouse button went down.
    fn click(&mut self, _ctx: &mut Context) -> Transition {
        Transition::None
    }

    /// The pointer moved, a mouse button went down or up, or the wheel turned (every mouse
    /// event, after [`Scene::click`] for a left press): for scenes that draw with the mouse
    /// (the level editor).
    fn pointer(&mut self, _ctx: &mut Context, _event: Pointer) -> Transition {
        Transition::None
    }

    /// Text typed while [`Scene::takes_text`] (a key press's characters, as the keyboard
    /// layout and Shift make them).
    fn typed(&mut self, _ctx: &mut Context, _text: &str) -> Transition {
        Transition::None
    }

    /// The window's close button was pressed: `None` lets the game quit; a scene with unsaved
    /// work answers with the transition that asks first (the stack closes the scenes above it).
    fn close_requested(&mut self, _ctx: &mut Context) -> Option<Transition> {
        None
    }

    /// Appends this scene's sprites to `batch` (playfield pixels). `covered`: another scene
    /// (an overlay) is drawn over this one. `batch.effects` comes in with the forced effects and
    /// the shake set; a scene may switch on the post-processing effects it shows.
    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, covered: bool);

    /// The window lost the keyboard focus or was hidden (minimised, covered): a game in play
    /// pauses (in a play-test it played on unseen); the player's own key resumes it.
    fn focus_lost(&mut self, _ctx: &mut Context) -> Transition {
        Transition::None
    }

    /// True while typed letters are the scene's text (a list's filter): the app's own letter
    /// key, M (mute), then types into the scene instead.
    fn takes_text(&self) -> bool {
        false
    }

    /// Whether the "MUTED" corner shows while this scene is on top and the sound is off (not in
    /// the level editor, whose grid reaches the corner and where M is a brick).
    fn shows_mute(&self) -> bool {
        true
    }

    /// Whether the scene is drawn over the scene under it (a message box over the game) rather
    /// than on its own.
    fn is_overlay(&self) -> bool {
        false
    }

    /// The window title while this scene is on top; `None` keeps the title of the scene under
    /// it (the bottom scene's `None` is plain "Breakout").
    fn title(&self) -> Option<String> {
        None
    }

    /// The game running on this scene while it is on top: its moving balls leave particle
    /// trails. `None` for screens where no game runs.
    fn live_game(&self) -> Option<&Game> {
        None
    }

    /// Whether the mouse cursor shows while this scene is on top: not over a game being played
    /// (in a play-test it stayed over the playfield), but where the mouse has work to do (a
    /// replay's timeline).
    fn shows_cursor(&self) -> bool {
        self.live_game().is_none()
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

pub use glium::winit::event::MouseButton;

/// The key of a key event that counts as a press for menus and screens: a new press, or an
/// auto-repeat of the Up or Down arrow (to scroll lists). `None` for releases, other repeats
/// and keys winit cannot name.
pub fn press(key: PhysicalKey, pressed: bool, repeat: bool) -> Option<KeyCode> {
    let PhysicalKey::Code(code) = key else {
        return None;
    };
    let repeats = matches!(code, KeyCode::ArrowUp | KeyCode::ArrowDown);
    (pressed && (!repeat || repeats)).then_some(code)
}

/// Whether `code` confirms a choice: Enter or Space.
pub fn is_confirm(code: KeyCode) -> bool {
    matches!(code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space)
}

/// Whether `code` goes on from an end-of-level or end-of-run screen: Enter, Space, or a key of
/// the launch action as the player bound it (the key their hand is on).
pub fn goes_on(ctx: &Context, code: KeyCode) -> bool {
    is_confirm(code) || ctx.bindings.action(code) == Some(crate::app::Action::Launch)
}

/// The key an end screen's hint names for going on: the launch action's first key, as the
/// player bound it (SPACE unless rebound), in capitals.
pub fn go_on_key(ctx: &Context) -> String {
    ctx.bindings
        .first_key_name(crate::app::Action::Launch)
        .to_uppercase()
}

/// Seconds an end-of-level or end-of-run screen ignores Enter and Space: a player still pressing
/// Space to launch must not dismiss it unseen (it did in a play-test). Esc works at once.
pub const CONFIRM_DELAY: f32 = 0.8;

/// An end-of-level screen going back to the menu: it closes itself and the game under it (the
/// particles go too).
pub fn close_game(ctx: &mut Context) -> Transition {
    ctx.effects.clear();
    Transition::Sequence(vec![Transition::Pop, Transition::Pop])
}

/// How a level ended, for the end-of-level screens: the score and the high-score news.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The final score of the level, and the game speed it was made at.
    pub score: Score,
    /// From the high-score table (none without one): the best before this result, whether
    /// this result beat it, and whether the table was saved.
    pub best: Option<Best>,
}

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

impl Outcome {
    /// The high-score line: "NEW BEST!", "best N" ("best N (70% speed)" for a best made below
    /// full game speed), or empty; a new best that could not be saved says so (in a play-test "NEW BEST!" was shown when nothing was saved).
    pub fn best_line(&self) -> String {
        match self.best {
            Some(Best {
                is_best: true,
                saved: true,
                ..
            }) => "NEW BEST!".to_string(),
            Some(Best { is_best: true, .. }) => "NEW BEST, NOT SAVED".to_string(),
            Some(Best {
                previous: Some(best),
                ..
            }) => format!("best {best}"),
            _ => String::new(),
        }
    }
}

/// The hint line of an end screen: the non-empty `parts` two spaces apart, then
/// "  -  " and `action`. An empty part (no best line when the result is not a best) leaves
/// no hole (a play-test saw "final score 2260    -  SPACE menu").
pub fn hint_line(parts: &[&str], action: &str) -> String {
    let words: Vec<&str> = parts.iter().copied().filter(|p| !p.is_empty()).collect();
    format!("{}  -  {action}", words.join("  "))
}

/// The hint line of a drawn end screen (its glyphs lower than the 32-pixel title) as text, its
/// spaces read back from the gaps between the glyph cells.
#[cfg(test)]
pub(crate) fn shown_hint(batch: &crate::view::SpriteBatch) -> String {
    let mut glyphs: Vec<_> = batch
        .text
        .iter()
        .filter_map(|s| crate::view::text::glyph_char(s).map(|c| (s.i_rect, c)))
        .filter(|(rect, _)| rect[3] < 32.0)
        .collect();
    glyphs.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]));
    let mut text = String::new();
    let mut next_x: Option<f32> = None;
    for (rect, c) in glyphs {
        if let Some(x) = next_x {
            let gap = ((rect[0] - x) / rect[2]).round() as usize;
            text.push_str(&" ".repeat(gap));
        }
        text.push(c);
        next_x = Some(rect[0] + rect[2]);
    }
    text
}

/// A fresh, empty temporary directory for the in-process test `name` of the test file
/// `group` (`breakout-GROUP-NAME-PID` in the system's temporary directory).
#[cfg(test)]
pub(crate) fn test_dir(group: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-{group}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A directory `dir/set` of levels with these texts, named `01.lvl`, `02.lvl`…
#[cfg(test)]
pub(crate) fn test_level_set(dir: &std::path::Path, levels: &[&str]) -> std::path::PathBuf {
    let set = dir.join("set");
    std::fs::create_dir_all(&set).unwrap();
    for (i, text) in levels.iter().enumerate() {
        std::fs::write(set.join(format!("{:02}.lvl", i + 1)), text).unwrap();
    }
    set
}

/// A [`test_context`] whose replays are kept in `dir/replays`.
#[cfg(test)]
pub(crate) fn test_context_in(dir: &std::path::Path) -> Context {
    let mut ctx = test_context();
    ctx.replays = Some(crate::replay::Store::new(dir.join("replays")));
    ctx
}

/// A context for tests: default settings (no autoplay), no audio, no high-score table.
#[cfg(test)]
pub(crate) fn test_context() -> Context {
    let game_config = crate::sim::GameConfig::default();
    Context {
        args: <crate::cli::Cli as clap::Parser>::parse_from(["breakout"]).play,
        collision: game_config.collision,
        game_config,
        debug_overlay: false,
        input: Default::default(),
        bindings: Default::default(),
        gamepad: Default::default(),
        audio: None,
        muted: false,
        effects: crate::effects::Effects::new(1, Default::default()),
        scores: None,
        level_error: None,
        fork_request: false,
        game_steps: 0,
        modifiers: Default::default(),
        settings: Default::default(),
        video: Default::default(),
        replays: None,
        writer: Default::default(),
        unfinished: Default::default(),
        run_ended_at: None,
        refresh_hz: None,
        game_speed: 100,
        difficulty: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_are_new_presses_and_arrow_repeats() {
        let key = |c| PhysicalKey::Code(c);
        assert_eq!(
            press(key(KeyCode::Enter), true, false),
            Some(KeyCode::Enter)
        );
        assert_eq!(press(key(KeyCode::Enter), true, true), None);
        assert_eq!(press(key(KeyCode::KeyS), true, true), None);
        assert_eq!(
            press(key(KeyCode::ArrowDown), true, true),
            Some(KeyCode::ArrowDown)
        );
        assert_eq!(press(key(KeyCode::ArrowDown), false, false), None);
    }

    #[test]
    fn best_line_says_new_best_or_the_old_one() {
        let outcome = |previous: Option<u32>, is_best, saved| Outcome {
            score: Score::full(10),
            best: Some(Best {
                previous: previous.map(Score::full),
                is_best,
                saved,
            }),
        };
        assert_eq!(outcome(Some(5), true, true).best_line(), "NEW BEST!");
        assert_eq!(outcome(Some(50), false, true).best_line(), "best 50");
        let slow = Outcome {
            best: Some(Best {
                previous: Some(Score {
                    points: 50,
                    speed: 70,
                }),
                is_best: false,
                saved: true,
            }),
            ..outcome(None, false, true)
        };
        assert_eq!(slow.best_line(), "best 50 (70% speed)");
        assert_eq!(outcome(None, true, true).best_line(), "NEW BEST!");
        assert_eq!(
            outcome(Some(5), true, false).best_line(),
            "NEW BEST, NOT SAVED"
        );
        let none = Outcome {
            score: Score::full(10),
            best: None,
        };
        assert_eq!(none.best_line(), "");
    }
}
