//! The stack of scenes and how transitions change it.

#[cfg(test)]
use super::Reply;
use super::{press, Chrome, Context, Handled, Scene, SceneInput, Transition};
use crate::sim::Game;
use crate::view::SpriteBatch;
use winit::keyboard::PhysicalKey;

/// Whether the app goes on after a transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep running.
    Continue,
    /// A scene asked to quit, or the last scene was closed.
    Quit,
}

/// The scenes, bottom first; the top one is the screen the player is on.
pub struct SceneStack {
    scenes: Vec<Box<dyn Scene>>,
}

impl SceneStack {
    /// A stack holding `root` (the menu).
    pub fn new(root: Box<dyn Scene>) -> SceneStack {
        SceneStack { scenes: vec![root] }
    }

    /// Puts `scene` on top (e.g. a game started from the command line, over the menu).
    pub fn push(&mut self, scene: Box<dyn Scene>) {
        self.scenes.push(scene);
    }

    /// Scenes on the stack.
    pub fn len(&self) -> usize {
        self.scenes.len()
    }

    /// Whether no scene is left (the app then quits).
    pub fn is_empty(&self) -> bool {
        self.scenes.is_empty()
    }

    /// Advances the scenes by `dt` seconds: the covered ones bottom-up (one of them may close
    /// the scenes above it), then the top one, whose transition is applied.
    pub fn update(&mut self, ctx: &mut Context, dt: f32) -> Flow {
        let Some(top) = self.scenes.len().checked_sub(1) else {
            return Flow::Quit;
        };
        for i in 0..top {
            if self.scenes[i].update_covered(ctx, dt) {
                self.scenes.truncate(i + 1);
                break;
            }
        }
        let transition = match self.scenes.last_mut() {
            Some(scene) => scene.update(ctx, dt),
            None => Transition::Quit,
        };
        self.apply(ctx, transition)
    }

    /// Gives a key event to the top scene as a [`SceneInput::Key`], then, if the scene did not
    /// take it and it is a press ([`press`]: a new press, or an arrow's auto-repeat), as a
    /// [`SceneInput::Press`]; applies its transition.
    pub fn key(
        &mut self,
        ctx: &mut Context,
        key: PhysicalKey,
        pressed: bool,
        repeat: bool,
    ) -> Flow {
        let transition = match self.scenes.last_mut() {
            Some(scene) => match scene.input(ctx, &SceneInput::Key { key, pressed }) {
                Handled::Yes(transition) => transition,
                Handled::No => match press(key, pressed, repeat) {
                    Some(code) => scene.input(ctx, &SceneInput::Press(code)).transition(),
                    None => Transition::None,
                },
            },
            None => Transition::Quit,
        };
        self.apply(ctx, transition)
    }

    /// Gives `input` to the top scene and applies its transition. A key press with no key
    /// event behind it (a gamepad's, see [`crate::app::gamepad::mapping`]) comes as a
    /// [`SceneInput::Press`] only, so it moves through menus but never holds a game key down;
    /// typed text reaches only a scene that takes the letters ([`Chrome::takes_letters`]); a
    /// close request asks the scenes from the top down: the first that takes it closes the
    /// scenes above it (a test-play over the editor) and gets its way, and the app quits when
    /// none does.
    pub fn input(&mut self, ctx: &mut Context, input: SceneInput) -> Flow {
        if input == SceneInput::CloseRequested {
            for i in (0..self.scenes.len()).rev() {
                if let Handled::Yes(transition) = self.scenes[i].input(ctx, &input) {
                    self.scenes.truncate(i + 1);
                    return self.apply(ctx, transition);
                }
            }
            return Flow::Quit;
        }
        let transition = match self.scenes.last_mut() {
            Some(scene) if matches!(input, SceneInput::Typed(_)) => {
                if scene.chrome().takes_letters {
                    scene.input(ctx, &input).transition()
                } else {
                    Transition::None
                }
            }
            Some(scene) => scene.input(ctx, &input).transition(),
            None if input == SceneInput::FocusLost => Transition::None,
            None => Transition::Quit,
        };
        self.apply(ctx, transition)
    }

    /// Draws the top scene into `batch`, over the scenes under it as long as they are overlays
    /// (from the highest scene that is not one).
    pub fn draw(&self, ctx: &Context, batch: &mut SpriteBatch) {
        let base = self
            .scenes
            .iter()
            .rposition(|s| !s.chrome().overlay)
            .unwrap_or(0);
        let top = self.scenes.len().saturating_sub(1);
        for (i, scene) in self.scenes.iter().enumerate().skip(base) {
            scene.draw(ctx, batch, i < top);
        }
    }

    /// The window title: the top scene's, else that of the highest scene under it that has one,
    /// else "Breakout".
    pub fn title(&self) -> String {
        self.scenes
            .iter()
            .rev()
            .find_map(|s| s.chrome().title)
            .unwrap_or_else(|| "Breakout".to_string())
    }

    /// How the top scene shows ([`Scene::chrome`]); with no scene, the default (the cursor
    /// shows).
    pub fn chrome(&self) -> Chrome {
        self.scenes
            .last()
            .map_or_else(Chrome::default, |s| s.chrome())
    }

    /// The game running on the top scene, if any (see [`Scene::live_game`]).
    pub fn live_game(&self) -> Option<&Game> {
        self.scenes.last().and_then(|s| s.live_game())
    }

    /// Changes the stack as `transition` says.
    pub fn apply(&mut self, ctx: &mut Context, transition: Transition) -> Flow {
        match transition {
            Transition::None => {}
            Transition::Push(scene) => self.scenes.push(scene),
            Transition::Pop => {
                self.scenes.pop();
            }
            Transition::PopWith(reply) => {
                self.scenes.pop();
                if let Some(scene) = self.scenes.last_mut() {
                    let answer = scene.input(ctx, &SceneInput::Resumed(reply)).transition();
                    return self.apply(ctx, answer);
                }
            }
            Transition::Replace(scene) => {
                self.scenes.pop();
                self.scenes.push(scene);
            }
            Transition::Sequence(transitions) => {
                for t in transitions {
                    if self.apply(ctx, t) == Flow::Quit {
                        return Flow::Quit;
                    }
                }
            }
            Transition::Quit => return Flow::Quit,
        }
        if self.scenes.is_empty() {
            Flow::Quit
        } else {
            Flow::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;
    use winit::keyboard::KeyCode;

    /// A scene that logs what happens to it and answers with a scripted transition.
    struct Probe {
        name: &'static str,
        overlay: bool,
        log: Rc<RefCell<Vec<String>>>,
        next: Option<Transition>,
        uncover: bool,
    }

    impl Probe {
        fn boxed(name: &'static str, overlay: bool, log: &Rc<RefCell<Vec<String>>>) -> Box<Probe> {
            Box::new(Probe {
                name,
                overlay,
                log: log.clone(),
                next: None,
                uncover: false,
            })
        }
    }

    impl Scene for Probe {
        fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
            self.log.borrow_mut().push(format!("update {}", self.name));
            self.next.take().unwrap_or(Transition::None)
        }
        fn update_covered(&mut self, _ctx: &mut Context, _dt: f32) -> bool {
            self.log.borrow_mut().push(format!("covered {}", self.name));
            self.uncover
        }
        fn draw(&self, _ctx: &Context, _batch: &mut SpriteBatch, covered: bool) {
            self.log
                .borrow_mut()
                .push(format!("draw {} covered={covered}", self.name));
        }
        /// A "menu" probe has a filter to type into.
        fn chrome(&self) -> Chrome {
            Chrome {
                overlay: self.overlay,
                takes_letters: self.name == "menu",
                title: (!self.overlay).then(|| self.name.to_string()),
                ..Chrome::default()
            }
        }
        /// Takes the A key's events (as the game takes the paddle keys).
        fn input(&mut self, _ctx: &mut Context, input: &SceneInput) -> Handled {
            match input {
                SceneInput::Key { key, pressed } => {
                    self.log
                        .borrow_mut()
                        .push(format!("event {key:?} {pressed}"));
                    if *key == PhysicalKey::Code(KeyCode::KeyA) {
                        Handled::Yes(Transition::None)
                    } else {
                        Handled::No
                    }
                }
                SceneInput::Press(code) => {
                    self.log.borrow_mut().push(format!("press {code:?}"));
                    Handled::Yes(Transition::None)
                }
                SceneInput::Resumed(reply) => {
                    self.log
                        .borrow_mut()
                        .push(format!("{} resumed {reply:?}", self.name));
                    Handled::Yes(self.next.take().unwrap_or(Transition::None))
                }
                _ => Handled::No,
            }
        }
    }

    #[test]
    fn typing_goes_by_the_top_scene() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        assert!(stack.chrome().takes_letters);
        stack.push(Probe::boxed("game", false, &log));
        assert!(!stack.chrome().takes_letters, "the menu is covered");
    }

    #[test]
    fn key_events_reach_the_top_scene_and_only_presses_it_did_not_use_become_presses() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut ctx = crate::app::scenes::test_context();
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        stack.push(Probe::boxed("game", false, &log));
        let key = |c| PhysicalKey::Code(c);
        stack.key(&mut ctx, key(KeyCode::KeyA), true, false); // used up by the scene
        stack.key(&mut ctx, key(KeyCode::KeyP), true, false); // a press
        stack.key(&mut ctx, key(KeyCode::KeyP), true, true); // a repeat: no press
        stack.key(&mut ctx, key(KeyCode::KeyP), false, false); // a release: no press
        assert_eq!(
            *log.borrow(),
            [
                "event Code(KeyA) true",
                "event Code(KeyP) true",
                "press KeyP",
                "event Code(KeyP) true",
                "event Code(KeyP) false",
            ]
        );
    }

    #[test]
    fn overlays_are_drawn_over_the_scene_under_them_and_keep_its_title() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        stack.push(Probe::boxed("game", false, &log));
        stack.push(Probe::boxed("pause", true, &log));
        let ctx = crate::app::scenes::test_context();
        stack.draw(&ctx, &mut SpriteBatch::default());
        assert_eq!(
            *log.borrow(),
            ["draw game covered=true", "draw pause covered=false"]
        );
        assert_eq!(stack.title(), "game");
    }

    #[test]
    fn transitions_change_the_stack_and_quit_when_it_empties() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut ctx = crate::app::scenes::test_context();
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        let flow = stack.apply(
            &mut ctx,
            Transition::Push(Probe::boxed("game", false, &log)),
        );
        assert_eq!((flow, stack.len()), (Flow::Continue, 2));
        stack.apply(&mut ctx, Transition::Push(Probe::boxed("over", true, &log)));
        let flow = stack.apply(
            &mut ctx,
            Transition::Sequence(vec![
                Transition::Pop,
                Transition::Replace(Probe::boxed("next", false, &log)),
            ]),
        );
        assert_eq!((flow, stack.len()), (Flow::Continue, 2));
        assert_eq!(stack.title(), "next");
        let mut quitter = Probe::boxed("quitter", false, &log);
        quitter.next = Some(Transition::Quit);
        stack.apply(&mut ctx, Transition::Push(quitter));
        assert_eq!(stack.update(&mut ctx, 0.1), Flow::Quit);
        let flow = stack.apply(&mut ctx, Transition::Sequence(Vec::new()));
        assert_eq!(flow, Flow::Continue);
        let pops = (0..3).map(|_| Transition::Pop).collect();
        assert_eq!(
            stack.apply(&mut ctx, Transition::Sequence(pops)),
            Flow::Quit
        );
        assert!(stack.is_empty());
    }

    #[test]
    fn a_covered_scene_updates_first_and_can_close_the_scenes_above_it() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut ctx = crate::app::scenes::test_context();
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        let mut game = Probe::boxed("game", false, &log);
        game.uncover = true;
        stack.push(game);
        stack.push(Probe::boxed("cleared", true, &log));
        assert_eq!(stack.update(&mut ctx, 0.1), Flow::Continue);
        assert_eq!(
            *log.borrow(),
            ["covered menu", "covered game", "update game"],
            "the cleared screen was closed before the top's update"
        );
        assert_eq!(stack.len(), 2);
    }

    #[test]
    fn an_overlay_closing_with_a_reply_gives_it_to_the_scene_it_uncovers() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut ctx = crate::app::scenes::test_context();
        let mut stack = SceneStack::new(Probe::boxed("menu", false, &log));
        let mut game = Probe::boxed("game", false, &log);
        // The game answers the reply by closing itself too.
        game.next = Some(Transition::Pop);
        stack.push(game);
        stack.push(Probe::boxed("pause", true, &log));
        let flow = stack.apply(&mut ctx, Transition::PopWith(Reply::Fork));
        assert_eq!((flow, stack.len()), (Flow::Continue, 1));
        assert_eq!(*log.borrow(), ["game resumed Fork"]);
        let flow = stack.apply(&mut ctx, Transition::PopWith(Reply::Fork));
        assert_eq!(flow, Flow::Quit, "no scene left to reply to");
    }
}
