//! The Plane of Inner Stability: an overlay over the game in play (key I, rebindable) that
//! darkens it and asks for a click on a brick, which is then destroyed for 10 % of the score
//! (LBreakoutHD 1.1.8 `view.cpp` `runBrickDestroyDlg`, `clientgame.cpp`
//! `ClientGame::destroyBrick`; `../shared/research/anchors-2026-11-27.md` §1.5).
//!
//! The game stands still underneath (a covered scene is not stepped). A left click on one of
//! the destructible bricks it was given closes the plane with [`Reply::Pick`]; the play scene
//! sends the brick's centre as the next step's `Input::pick`, and the simulation destroys it
//! and takes the cost (`sim/pick.rs`), so the replay holds the pick. A click elsewhere does
//! nothing; Esc (or the key that opened it) leaves without a pick.

use super::{Chrome, Context, Handled, MouseButton, Pointer, Reply, Scene, SceneInput, Transition};
use crate::app::Action;
use crate::view::{inner_stability, SpriteBatch};
use glam::Vec2;
use winit::keyboard::KeyCode;

/// A brick that may be picked: its cell and its box (playfield pixels: x, y, width, height).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Grid row (0 at the top).
    pub row: usize,
    /// Grid column (0 at the left).
    pub col: usize,
    /// Its box, playfield pixels: x, y of the top-left corner, width, height.
    pub rect: [f32; 4],
}

impl Target {
    /// Whether `point` (playfield pixels) is on this brick, edges included.
    fn holds(&self, point: Vec2) -> bool {
        let [x, y, w, h] = self.rect;
        point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h
    }
}

/// Every destructible brick of `game`, as the plane's targets.
pub fn targets(game: &crate::sim::Game) -> Vec<Target> {
    game.bricks()
        .iter_live()
        .filter(|(_, _, b)| b.kind.is_destructible())
        .map(|(row, col, b)| Target {
            row,
            col,
            rect: [b.rect.min.x, b.rect.min.y, b.rect.size().x, b.rect.size().y],
        })
        .collect()
}

/// The plane over a game: its bricks to pick from and what a pick costs now.
pub struct InnerStabilityScene {
    targets: Vec<Target>,
    /// Points a pick would take ([`crate::sim::pick::pick_cost`] of the score).
    cost: u32,
    /// Where the pointer is, once it moved over the plane.
    pointer: Option<Vec2>,
}

impl InnerStabilityScene {
    /// The plane over a game whose destructible bricks are `targets`, a pick costing `cost`
    /// points.
    pub fn new(targets: Vec<Target>, cost: u32) -> InnerStabilityScene {
        InnerStabilityScene {
            targets,
            cost,
            pointer: None,
        }
    }

    /// The brick under the pointer, if any.
    fn hovered(&self) -> Option<&Target> {
        let p = self.pointer?;
        self.targets.iter().find(|t| t.holds(p))
    }

    fn on_pointer(&mut self, event: &Pointer) -> Transition {
        match event {
            Pointer::Moved(p) => {
                self.pointer = Some(*p);
                Transition::None
            }
            Pointer::Down(MouseButton::Left) => match self.hovered() {
                Some(t) => Transition::PopWith(Reply::Pick {
                    row: t.row,
                    col: t.col,
                }),
                None => Transition::None,
            },
            _ => Transition::None,
        }
    }
}

impl Scene for InnerStabilityScene {
    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(KeyCode::Escape) => Transition::Pop.into(),
            SceneInput::Press(code)
                if ctx.bindings().action(*code) == Some(Action::InnerStability) =>
            {
                Transition::Pop.into()
            }
            SceneInput::Pointer(event) => self.on_pointer(event).into(),
            // The click comes before its button's `Pointer::Down`, which picks.
            SceneInput::Click => Transition::None.into(),
            _ => Handled::No,
        }
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let line = format!("costs {} points now  -  ESC leaves", self.cost);
        inner_stability::plane(&mut batch.text, self.hovered().map(|t| t.rect), &line);
    }

    fn chrome(&self) -> Chrome {
        Chrome::overlay()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::{test_context, Drive};

    fn plane() -> InnerStabilityScene {
        let brick = |row, col, x| Target {
            row,
            col,
            rect: [x, 40.0, 50.0, 20.0],
        };
        InnerStabilityScene::new(vec![brick(0, 1, 100.0), brick(0, 3, 200.0)], 120)
    }

    #[test]
    fn a_click_on_a_brick_picks_it_and_elsewhere_does_nothing() {
        let mut ctx = test_context();
        let mut scene = plane();
        assert!(matches!(scene.click(&mut ctx), Transition::None));
        let down = Pointer::Down(MouseButton::Left);
        assert!(
            matches!(scene.pointer(&mut ctx, down), Transition::None),
            "no pointer yet"
        );
        scene.pointer(&mut ctx, Pointer::Moved(Vec2::new(180.0, 50.0)));
        assert!(
            matches!(scene.pointer(&mut ctx, down), Transition::None),
            "a gap"
        );
        scene.pointer(&mut ctx, Pointer::Moved(Vec2::new(225.0, 50.0)));
        assert!(matches!(
            scene.pointer(&mut ctx, Pointer::Down(MouseButton::Right)),
            Transition::None
        ));
        match scene.pointer(&mut ctx, down) {
            Transition::PopWith(Reply::Pick { row: 0, col: 3 }) => {}
            _ => panic!("the brick under the pointer was not picked"),
        }
    }

    #[test]
    fn esc_and_the_plane_key_leave_other_keys_do_not() {
        let mut ctx = test_context();
        let mut scene = plane();
        assert!(matches!(
            scene.key_press(&mut ctx, KeyCode::Escape),
            Transition::Pop
        ));
        assert!(matches!(
            scene.key_press(&mut ctx, KeyCode::KeyI),
            Transition::Pop
        ));
        assert!(matches!(
            scene.key_press(&mut ctx, KeyCode::KeyQ),
            Transition::None
        ));
    }

    #[test]
    fn it_darkens_the_game_frames_the_brick_under_the_pointer_and_says_the_cost() {
        let ctx = test_context();
        let mut scene = plane();
        let mut batch = SpriteBatch::default();
        scene.draw(&ctx, &mut batch, false);
        let shade = batch.text[0];
        assert_eq!(shade.i_rect, [0.0, 0.0, 800.0, 600.0]);
        assert!(shade.i_color[3] > 0.3, "darkened");
        let unframed = batch.text.len();
        scene.pointer = Some(Vec2::new(125.0, 50.0));
        let mut batch = SpriteBatch::default();
        scene.draw(&ctx, &mut batch, false);
        assert_eq!(batch.text.len(), unframed + 4, "four sides of a frame");
        let text: String = batch
            .text
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(text.contains("costs120pointsnow"), "{text}");
    }
}
