//! The collision lab's probe screen (`breakout lab`, Lab in the menu): one brick (two in the
//! gap preset) and a ball the mouse drags, its motion over one step set by a right-drag arrow;
//! every collision mode's answer beside the exact referee's, disagreements in red
//! ([`crate::probe`], laid out by [`crate::view::lab`]).
//!
//! Keys: left button drags the ball, right button drags the arrow from it, the wheel resizes
//! the brick through the levels' cell sizes, Z zooms the picture (1×, 2×, 4×, about the ball
//! and the contact: [`crate::view::lab_zoom`]), 1–5 choose a preset, S saves the probe as a
//! regression case ([`crate::probe::case`]), L opens the saved cases one after another (the
//! newest first), Esc goes back. `breakout lab --case FILE` opens with a saved case.

use super::{Chrome, Handled, SceneInput};
use super::{Context, MouseButton, Pointer, Scene, Transition};
use crate::probe::case::{self, Case};
use crate::probe::presets::{presets, Preset};
use crate::probe::{BrickAnswers, Probe};
use crate::view::lab::{lab, LabView};
use crate::view::lab_zoom::{LabZoom, ZOOMS};
use crate::view::SpriteBatch;
use glam::Vec2;
use std::path::PathBuf;
use winit::keyboard::KeyCode;

/// The key that saves the probe as a regression case.
pub const SAVE_KEY: KeyCode = KeyCode::KeyS;
/// The key that steps the picture's zoom (1×, 2×, 4× about the ball and the contact).
pub const ZOOM_KEY: KeyCode = KeyCode::KeyZ;
/// The key that opens the next saved case of the probes directory (the newest first).
pub const LOAD_KEY: KeyCode = KeyCode::KeyL;

/// What the mouse is dragging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drag {
    /// The ball (left button).
    Ball,
    /// The arrow's tip (right button).
    Arrow,
}

/// The probe screen. It owns the probe and its answers, recomputed on every change (well
/// within a frame: `cargo bench --bench probe`).
pub struct LabScene {
    probe: Probe,
    answers: Vec<BrickAnswers>,
    /// The preset last chosen, until the probe is moved.
    preset: Option<Preset>,
    /// The pointer, playfield pixels.
    pointer: Option<Vec2>,
    drag: Option<Drag>,
    /// Where cases are saved (`None`: the system names no data directory).
    save_dir: Option<PathBuf>,
    /// What the last save did.
    status: Option<String>,
    /// Index into [`ZOOMS`]: the picture's scale.
    zoom: usize,
    /// The point the zoomed picture is about: chosen when the zoom, the preset or the case
    /// changes, kept while the mouse drags (the picture does not move under the pointer).
    focus: LabZoom,
    /// The saved case L opened last, as an index into the probes directory's cases (newest
    /// first) when it was listed.
    loaded: Option<usize>,
}

impl LabScene {
    /// The probe on its default brick with the ball above it, saving cases in
    /// [`crate::app::data_dirs::probe_cases_dir`].
    pub fn new() -> LabScene {
        LabScene::saving_to(crate::app::data_dirs::probe_cases_dir())
    }

    /// As [`LabScene::new`], saving cases in `dir` (tests use a temporary one).
    pub fn saving_to(save_dir: Option<PathBuf>) -> LabScene {
        let probe = Probe::default();
        LabScene {
            answers: probe.answers(),
            probe,
            preset: None,
            pointer: None,
            drag: None,
            save_dir,
            status: None,
            zoom: 0,
            focus: LabZoom::none(),
            loaded: None,
        }
    }

    /// The lab on `probe` (a fork's split: [`Probe::around`]), saving cases as
    /// [`LabScene::new`] does.
    pub fn with_probe(probe: Probe) -> LabScene {
        let mut lab = LabScene::new();
        lab.set(probe);
        lab
    }

    /// The probe now.
    pub fn probe(&self) -> &Probe {
        &self.probe
    }

    /// Its answers now.
    pub fn answers(&self) -> &[BrickAnswers] {
        &self.answers
    }

    /// The status line (what the last save did).
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// Chooses preset `index` (from 0), if there is one.
    pub fn choose_preset(&mut self, index: usize) {
        if let Some(p) = presets().get(index) {
            self.preset = Some(*p);
            self.set(p.probe);
            self.refocus();
        }
    }

    /// Sets the probe and asks again.
    fn set(&mut self, probe: Probe) {
        if probe != self.probe {
            self.probe = probe;
            self.answers = self.probe.answers();
        }
    }

    /// The picture's scale now.
    pub fn zoom(&self) -> f32 {
        ZOOMS[self.zoom % ZOOMS.len()]
    }

    /// Sets the picture's scale to the one of [`ZOOMS`] nearest `zoom`.
    pub fn set_zoom(&mut self, zoom: f32) {
        let distance = |z: f32| (z - zoom).abs();
        self.zoom = (0..ZOOMS.len())
            .min_by(|&a, &b| distance(ZOOMS[a]).total_cmp(&distance(ZOOMS[b])))
            .unwrap_or(0);
        self.refocus();
    }

    /// Chooses what the zoomed picture is about, for the probe now.
    fn refocus(&mut self) {
        self.focus = LabZoom::about(self.zoom(), &self.probe, &self.answers);
    }

    /// The picture's zoom now: its factor and what it is about.
    pub fn lab_zoom(&self) -> LabZoom {
        self.focus
    }

    /// Follows the drag to the pointer at `at` (screen pixels).
    fn dragged(&mut self, at: Vec2) {
        let at = self.focus.from_screen(at);
        let mut probe = self.probe;
        match self.drag {
            Some(Drag::Ball) => probe.drag_ball(at),
            Some(Drag::Arrow) => probe.aim(at),
            None => return,
        }
        if probe != self.probe {
            self.preset = None;
        }
        self.set(probe);
    }

    /// Saves the probe as a case and says where (or why not).
    fn save(&mut self) {
        let name = self.preset.map_or("probe", |p| p.name);
        let case = Case::new(
            name,
            &self.probe.bricks(),
            self.probe.ball(),
            self.probe.motion,
        );
        self.status = Some(match &self.save_dir {
            None => "NOT SAVED: this system names no data directory".to_string(),
            Some(dir) => match case::save(dir, &case) {
                Ok(path) => format!("saved to {}", home_relative(&path)),
                Err(e) => format!("NOT SAVED: {e}"),
            },
        });
    }
}

/// Saved cases: `breakout lab --case FILE` and the L key.
impl LabScene {
    /// Opens the case in the file `path`: the probe set to it, the status line naming the
    /// file. Errors: the file cannot be read or is not a case (file, line and column), or the
    /// case has no brick or more than a probe holds ([`Case::to_probe`]); the probe stays as it was.
    pub fn open_case(&mut self, path: &std::path::Path) -> Result<(), String> {
        let case = case::read(path).map_err(|e| e.to_string())?;
        let probe = case
            .to_probe()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        self.preset = None;
        self.set(probe);
        self.refocus();
        self.status = Some(format!("opened {}", home_relative(path)));
        Ok(())
    }

    /// The L key: opens the next of the saved cases in the probes directory, the newest first,
    /// back to the newest after the oldest; says on the status line which (and its place in
    /// the list), that there are none, or why one did not open.
    fn load_next(&mut self) {
        let cases = self
            .save_dir
            .as_deref()
            .map(case::saved_cases)
            .unwrap_or_default();
        if cases.is_empty() {
            self.status = Some("no saved cases (S saves one)".to_string());
            return;
        }
        let next = self.loaded.map_or(0, |i| (i + 1) % cases.len());
        self.loaded = Some(next);
        let path = &cases[next];
        if let Err(e) = self.open_case(path) {
            self.status = Some(format!("NOT OPENED: {e}"));
        } else if let Some(status) = &mut self.status {
            status.push_str(&format!(" ({} of {})", next + 1, cases.len()));
        }
    }
}

impl Default for LabScene {
    fn default() -> LabScene {
        LabScene::new()
    }
}

/// `path` with the home directory written `~` (shorter on screen).
fn home_relative(path: &std::path::Path) -> String {
    let home = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    match home.and_then(|h| path.strip_prefix(h).ok().map(std::path::Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

/// The preset a number key chooses (1 is the first), if any.
fn preset_key(code: KeyCode) -> Option<usize> {
    let keys = [
        (KeyCode::Digit1, KeyCode::Numpad1),
        (KeyCode::Digit2, KeyCode::Numpad2),
        (KeyCode::Digit3, KeyCode::Numpad3),
        (KeyCode::Digit4, KeyCode::Numpad4),
        (KeyCode::Digit5, KeyCode::Numpad5),
    ];
    keys.iter().position(|&(a, b)| code == a || code == b)
}

impl Scene for LabScene {
    fn input(&mut self, _ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(*code).into(),
            SceneInput::Pointer(event) => self.on_pointer(*event).into(),
            _ => Handled::No,
        }
    }

    /// No sound here, and the corner is the table's.
    fn chrome(&self) -> Chrome {
        Chrome {
            shows_mute: false,
            ..Chrome::titled("Breakout — collision lab")
        }
    }

    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let view = LabView {
            zoom: self.focus,
            preset: self.preset.as_ref(),
            status: self.status.as_deref(),
            modes: ctx.options.modes.modes(),
        };
        lab(batch, &self.probe, &self.answers, &view);
    }
}

impl LabScene {
    fn on_press(&mut self, code: KeyCode) -> Transition {
        if let Some(i) = preset_key(code) {
            self.choose_preset(i);
            return Transition::None;
        }
        match code {
            KeyCode::Escape => Transition::Pop,
            SAVE_KEY => {
                self.save();
                Transition::None
            }
            ZOOM_KEY => {
                self.zoom = (self.zoom + 1) % ZOOMS.len();
                self.refocus();
                Transition::None
            }
            LOAD_KEY => {
                self.load_next();
                Transition::None
            }
            _ => Transition::None,
        }
    }

    fn on_pointer(&mut self, event: Pointer) -> Transition {
        match event {
            Pointer::Moved(p) => {
                self.pointer = Some(p);
                self.dragged(p);
            }
            Pointer::Down(button) => {
                self.drag = match button {
                    MouseButton::Left => Some(Drag::Ball),
                    MouseButton::Right => Some(Drag::Arrow),
                    _ => self.drag,
                };
                if let Some(p) = self.pointer {
                    self.dragged(p);
                }
            }
            Pointer::Up(button) => {
                let ends = matches!(
                    (button, self.drag),
                    (MouseButton::Left, Some(Drag::Ball)) | (MouseButton::Right, Some(Drag::Arrow))
                );
                if ends {
                    self.drag = None;
                }
            }
            Pointer::Wheel(notches) => {
                let steps = notches.round() as i32;
                if steps != 0 {
                    let mut probe = self.probe;
                    probe.resize(steps);
                    self.set(probe);
                }
            }
        }
        Transition::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::test_context;
    use crate::app::scenes::Drive;
    use crate::collision::CollisionMode;

    #[test]
    fn the_mouse_drags_the_ball_and_the_arrow_and_the_wheel_resizes() {
        let mut ctx = test_context();
        let mut lab = LabScene::saving_to(None);
        lab.pointer(&mut ctx, Pointer::Moved(Vec2::new(300.0, 100.0)));
        lab.pointer(&mut ctx, Pointer::Down(MouseButton::Left));
        lab.pointer(&mut ctx, Pointer::Moved(Vec2::new(320.0, 110.0)));
        assert_eq!(lab.probe().ball, Vec2::new(320.0, 110.0));
        lab.pointer(&mut ctx, Pointer::Up(MouseButton::Left));
        lab.pointer(&mut ctx, Pointer::Moved(Vec2::new(0.0, 0.0)));
        assert_eq!(lab.probe().ball, Vec2::new(320.0, 110.0), "released");
        lab.pointer(&mut ctx, Pointer::Down(MouseButton::Right));
        lab.pointer(&mut ctx, Pointer::Moved(Vec2::new(400.0, 200.0)));
        assert_eq!(lab.probe().motion, Vec2::new(80.0, 90.0));
        let size = lab.probe().brick_size();
        lab.pointer(&mut ctx, Pointer::Wheel(1.0));
        assert!(lab.probe().brick_size().x > size.x);
        assert_eq!(lab.answers()[0].brick.size(), lab.probe().brick_size());
        // Zoomed 2×, 20 px on screen is 10 px of the probe; the picture stays put while the
        // ball is dragged.
        lab.key_press(&mut ctx, ZOOM_KEY);
        assert_eq!(lab.zoom(), 2.0);
        let zoom = lab.lab_zoom();
        let at = Vec2::new(400.0, 200.0);
        lab.pointer(&mut ctx, Pointer::Up(MouseButton::Right));
        lab.pointer(&mut ctx, Pointer::Moved(at));
        lab.pointer(&mut ctx, Pointer::Down(MouseButton::Left));
        let first = lab.probe().ball;
        assert_eq!(first, zoom.from_screen(at));
        lab.pointer(&mut ctx, Pointer::Moved(at + Vec2::new(20.0, -20.0)));
        assert_eq!(lab.lab_zoom(), zoom, "no refocus while dragging");
        assert_eq!(lab.probe().ball, first + Vec2::new(10.0, -10.0));
    }

    #[test]
    fn number_keys_choose_presets_and_the_answers_follow() {
        let mut ctx = test_context();
        let mut lab = LabScene::saving_to(None);
        lab.key_press(&mut ctx, KeyCode::Digit3);
        let swept = lab.answers()[0]
            .modes
            .iter()
            .find(|r| r.mode == CollisionMode::Swept)
            .unwrap();
        assert!(swept.answer.hit, "the tunnelling preset");
        lab.key_press(&mut ctx, KeyCode::Numpad5);
        assert_eq!(lab.answers().len(), 2, "the gap preset's two bricks");
        assert!(matches!(
            lab.key_press(&mut ctx, KeyCode::Escape),
            Transition::Pop
        ));
    }

    #[test]
    fn s_saves_a_case_that_reads_back_and_says_where() {
        let dir = std::env::temp_dir().join(format!("breakout-lab-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut ctx = test_context();
        let mut lab = LabScene::saving_to(Some(dir.clone()));
        lab.key_press(&mut ctx, KeyCode::Digit1);
        lab.key_press(&mut ctx, SAVE_KEY);
        let file = dir.join("corner-1.toml");
        let status = lab.status().unwrap();
        assert!(status.starts_with("saved to ") && status.ends_with("corner-1.toml"));
        let case = case::read(&file).unwrap();
        assert_eq!(case.motion(), lab.probe().motion);
        let mut unsaved = LabScene::saving_to(None);
        unsaved.key_press(&mut ctx, SAVE_KEY);
        assert!(unsaved.status().unwrap().starts_with("NOT SAVED"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
