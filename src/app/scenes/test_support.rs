//! Fixtures for the scenes' tests: contexts, temporary directories and level sets, and
//! [`Drive`], which gives a scene one kind of input at a time.

use super::{Context, Handled, Pointer, Scene, SceneInput, Transition};
use winit::keyboard::{KeyCode, PhysicalKey};

/// The hint line of a drawn end screen (its glyphs lower than the 32-pixel title) as text, its
/// spaces read back from the gaps between the glyph cells.
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
pub(crate) fn test_dir(group: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-{group}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A directory `dir/set` of levels with these texts, named `01.lvl`, `02.lvl`…
pub(crate) fn test_level_set(dir: &std::path::Path, levels: &[&str]) -> std::path::PathBuf {
    let set = dir.join("set");
    std::fs::create_dir_all(&set).unwrap();
    for (i, text) in levels.iter().enumerate() {
        std::fs::write(set.join(format!("{:02}.lvl", i + 1)), text).unwrap();
    }
    set
}

/// A [`test_context`] whose replays are kept in `dir/replays`.
pub(crate) fn test_context_in(dir: &std::path::Path) -> Context {
    let mut ctx = test_context();
    ctx.replays = Some(crate::replay::Store::new(dir.join("replays")));
    ctx
}

/// A context for tests: default settings (no autoplay), no audio, no high-score table.
pub(crate) fn test_context() -> Context {
    Context::new(
        crate::app::RunOptions::default(),
        crate::sim::GameConfig::default(),
        None,
        crate::effects::Effects::new(1, Default::default()),
    )
}

/// One input at a time to a scene, as the stack gives it ([`Scene::input`]), for tests.
pub(crate) trait Drive {
    /// A key press ([`SceneInput::Press`]).
    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition;
    /// A key event ([`SceneInput::Key`]); true if the scene took it.
    fn key_event(&mut self, ctx: &mut Context, key: PhysicalKey, pressed: bool) -> bool;
    /// A left click ([`SceneInput::Click`]).
    fn click(&mut self, ctx: &mut Context) -> Transition;
    /// A mouse event ([`SceneInput::Pointer`]).
    fn pointer(&mut self, ctx: &mut Context, event: Pointer) -> Transition;
    /// Typed text ([`SceneInput::Typed`]).
    fn typed(&mut self, ctx: &mut Context, text: &str) -> Transition;
    /// The window's close button ([`SceneInput::CloseRequested`]): the scene's answer, if it
    /// took it.
    fn close_requested(&mut self, ctx: &mut Context) -> Option<Transition>;
}

impl<S: Scene + ?Sized> Drive for S {
    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        self.input(ctx, &SceneInput::Press(code)).transition()
    }
    fn key_event(&mut self, ctx: &mut Context, key: PhysicalKey, pressed: bool) -> bool {
        matches!(
            self.input(ctx, &SceneInput::Key { key, pressed }),
            Handled::Yes(_)
        )
    }
    fn click(&mut self, ctx: &mut Context) -> Transition {
        self.input(ctx, &SceneInput::Click).transition()
    }
    fn pointer(&mut self, ctx: &mut Context, event: Pointer) -> Transition {
        self.input(ctx, &SceneInput::Pointer(event)).transition()
    }
    fn typed(&mut self, ctx: &mut Context, text: &str) -> Transition {
        self.input(ctx, &SceneInput::Typed(text.to_string()))
            .transition()
    }
    fn close_requested(&mut self, ctx: &mut Context) -> Option<Transition> {
        match self.input(ctx, &SceneInput::CloseRequested) {
            Handled::Yes(transition) => Some(transition),
            Handled::No => None,
        }
    }
}
