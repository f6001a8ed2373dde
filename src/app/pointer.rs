//! Whether a pointer position the window system reports is the player moving the mouse.
//!
//! Window systems report the pointer's position when nothing moved it: when a window opens
//! under a resting pointer, and when the window changes size or place (fullscreen, a resize)
//! so that other content lies under the still pointer (winit sends `CursorMoved` for each). A
//! menu that chose the row under every reported position chose whatever row the window opened
//! under. [`PointerMotion`] tells the two apart: only a change of the pointer's position in the
//! window that the window's own change does not explain is motion.

/// The last position of the pointer seen, and whether the window changed since.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointerMotion {
    /// Where the pointer was last seen: window pixels (physical, from the content's top-left)
    /// and, where the window system tells it, the content's top-left on the screen (pixels).
    last: Option<Seen>,
    /// The window changed size or place since `last` was seen.
    window_changed: bool,
    /// The pointer's last position (playfield pixels) not given to the scenes, not being a
    /// move: given before the next button press, which acts where the pointer is.
    unsent: Option<glam::Vec2>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Seen {
    at: (f64, f64),
    origin: Option<(i32, i32)>,
    size: (u32, u32),
}

/// Less than this many pixels between two positions is no motion (rounding in the window
/// system's scaling), pixels.
const STILL: f64 = 0.5;

impl PointerMotion {
    /// The window changed size or place (winit's `Resized` or `Moved`): the next position
    /// reported may differ without the pointer having moved.
    pub fn window_changed(&mut self) {
        self.window_changed = true;
    }

    /// The window system reports the pointer at `position` in `window`, `at` in playfield
    /// pixels: `Some(at)` to give the scenes as a move if the pointer really moved (see
    /// [`PointerMotion::moved`]); else `None`, `at` kept for [`PointerMotion::take_unsent`].
    pub fn seen(
        &mut self,
        window: &winit::window::Window,
        position: winit::dpi::PhysicalPosition<f64>,
        at: glam::Vec2,
    ) -> Option<glam::Vec2> {
        let origin = window.inner_position().ok().map(|p| (p.x, p.y));
        let size = window.inner_size().into();
        let moved = self.moved((position.x, position.y), origin, size);
        self.unsent = (!moved).then_some(at);
        moved.then_some(at)
    }

    /// The position last seen that was not a move (none if the last one was), once: a button
    /// press acts where the pointer is, moved or not.
    pub fn take_unsent(&mut self) -> Option<glam::Vec2> {
        self.unsent.take()
    }

    /// The window system reports the pointer at `at` (window pixels), the window's content
    /// being `size` pixels with its top-left at `origin` on the screen where known. True when
    /// the pointer really moved: it was seen before, the window kept its size and place since,
    /// and the position changed (on the screen too, where the origin is known). False for the
    /// first position seen (the window opened under the pointer, or the pointer entered it)
    /// and for the first after the window changed.
    pub fn moved(&mut self, at: (f64, f64), origin: Option<(i32, i32)>, size: (u32, u32)) -> bool {
        let now = Seen { at, origin, size };
        let before = self.last.replace(now);
        let window_changed = std::mem::take(&mut self.window_changed);
        let Some(before) = before else {
            return false;
        };
        if window_changed || before.size != size || before.origin != origin {
            return false;
        }
        let (dx, dy) = (at.0 - before.at.0, at.1 - before.at.1);
        dx.abs() >= STILL || dy.abs() >= STILL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: (u32, u32) = (800, 600);

    #[test]
    fn the_position_the_window_opens_under_is_not_motion_and_the_next_change_is() {
        let mut p = PointerMotion::default();
        assert!(
            !p.moved((400.0, 300.0), Some((100, 100)), SIZE),
            "opened under it"
        );
        assert!(
            !p.moved((400.0, 300.0), Some((100, 100)), SIZE),
            "the same again"
        );
        assert!(!p.moved((400.2, 300.0), Some((100, 100)), SIZE), "rounding");
        assert!(p.moved((401.0, 300.0), Some((100, 100)), SIZE));
    }

    #[test]
    fn a_resize_or_fullscreen_under_a_still_pointer_is_not_motion() {
        let mut p = PointerMotion::default();
        p.moved((400.0, 300.0), Some((100, 100)), SIZE);
        assert!(p.moved((410.0, 300.0), Some((100, 100)), SIZE));
        // Fullscreen: the window now starts at the screen's corner and is bigger; the still
        // pointer is at another place of its content.
        p.window_changed();
        assert!(!p.moved((510.0, 400.0), Some((0, 0)), (1280, 1024)));
        assert!(
            p.moved((515.0, 400.0), Some((0, 0)), (1280, 1024)),
            "moved after it"
        );
        // A resize whose event comes after the pointer's new position: the size tells.
        assert!(!p.moved((515.0, 380.0), Some((0, 0)), (1000, 750)));
        // A window system that does not tell the origin: a move of the window is told by
        // its event.
        p.moved((515.0, 380.0), None, SIZE);
        p.window_changed();
        assert!(!p.moved((400.0, 380.0), None, SIZE));
        assert!(p.moved((401.0, 380.0), None, SIZE));
    }
}
