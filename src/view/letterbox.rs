//! Fitting the 800×600 playfield into a window of any size, keeping its aspect ratio.

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};

/// A rectangle of the window's framebuffer in physical pixels, origin top-left, y down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewport {
    /// Left edge, physical pixels.
    pub x: u32,
    /// Top edge, physical pixels.
    pub y: u32,
    /// Width, physical pixels.
    pub width: u32,
    /// Height, physical pixels.
    pub height: u32,
}

/// The largest rectangle with the playfield's aspect ratio that fits in a framebuffer of
/// `width × height` physical pixels, centred (black bars fill the rest). `None` for a zero-sized
/// (minimised) framebuffer.
pub fn letterbox(width: u32, height: u32) -> Option<Viewport> {
    if width == 0 || height == 0 {
        return None;
    }
    let scale = (width as f32 / PLAYFIELD_WIDTH).min(height as f32 / PLAYFIELD_HEIGHT);
    let w = ((PLAYFIELD_WIDTH * scale).round() as u32).clamp(1, width);
    let h = ((PLAYFIELD_HEIGHT * scale).round() as u32).clamp(1, height);
    Some(Viewport {
        x: (width - w) / 2,
        y: (height - h) / 2,
        width: w,
        height: h,
    })
}

impl Viewport {
    /// Converts a window position (physical pixels, origin top-left) into playfield pixels.
    /// Positions over the black bars map outside `0..800 × 0..600`.
    pub fn to_playfield(&self, x: f64, y: f64) -> (f32, f32) {
        let px = (x - self.x as f64) / self.width as f64 * PLAYFIELD_WIDTH as f64;
        let py = (y - self.y as f64) / self.height as f64 * PLAYFIELD_HEIGHT as f64;
        (px as f32, py as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_window_gets_pillarbox_and_keeps_aspect() {
        let v = letterbox(1920, 1080).unwrap();
        assert_eq!((v.width, v.height), (1440, 1080));
        assert_eq!((v.x, v.y), (240, 0));
    }

    #[test]
    fn tall_window_gets_letterbox() {
        let v = letterbox(800, 1000).unwrap();
        assert_eq!((v.width, v.height), (800, 600));
        assert_eq!((v.x, v.y), (0, 200));
    }

    #[test]
    fn minimised_window_has_no_viewport() {
        assert_eq!(letterbox(0, 0), None);
        assert_eq!(letterbox(0, 600), None);
    }

    #[test]
    fn window_corners_map_to_playfield_corners() {
        let v = letterbox(1600, 1200).unwrap();
        assert_eq!(v.to_playfield(0.0, 0.0), (0.0, 0.0));
        assert_eq!(v.to_playfield(1600.0, 1200.0), (800.0, 600.0));
    }
}
