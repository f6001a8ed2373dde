//! For tests: the text boxes a batch's glyph sprites make, and which of them overlap, in
//! playfield pixels and in the window pixels of every window size the game supports.
//!
//! [`super::text::layout`] appends one glyph sprite per visible character, a line's glyphs one
//! after another, [`super::text::ADVANCE`] × size apart. [`text_boxes`] joins the glyphs of a
//! line back into one box with its text, so that a failure says what overlapped with what
//! ("`PAUSED` at … overlaps `Key: Pause` at …"). A box drawn over a copy of itself moved by a
//! pixel or two (the HUD's text over its shadow) is not text over text.

use super::sprite::SpriteInstance;
use super::text::glyph_char;
use super::{letterbox, Viewport};

/// One line of text as drawn: its characters (spaces where the line had them) and the box of
/// its glyph cells, playfield pixels (x, y of the top-left corner, width, height).
#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    /// The line's text.
    pub text: String,
    /// Its glyph cells' box, playfield pixels.
    pub rect: [f32; 4],
}

/// Window sizes the layout is checked at, physical pixels: the smallest the window may be
/// (480×360, `render::context::MIN_WINDOW_WIDTH`), the default, common monitors and a
/// 4K one, some with bars at the sides.
pub const WINDOW_SIZES: [(u32, u32); 7] = [
    (480, 360),
    (640, 480),
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
];

/// The lines of text in `sprites`, in drawing order: consecutive glyph sprites of one size at
/// one height, on one grid of advances at most 4 advances apart (more spaces than that are
/// two texts side by side: a label and its value).
pub fn text_boxes(sprites: &[SpriteInstance]) -> Vec<TextBox> {
    let mut boxes: Vec<TextBox> = Vec::new();
    // The line being joined: its first glyph's rectangle and the last glyph's x.
    let mut line: Option<([f32; 4], f32)> = None;
    for sprite in sprites {
        let Some(c) = glyph_char(sprite) else {
            line = None;
            continue;
        };
        let [x, y, w, h] = sprite.i_rect;
        let continues = line.and_then(|(first, last_x)| {
            let steps = (x - last_x) / w;
            let on_grid = ((x - first[0]) / w - ((x - first[0]) / w).round()).abs() < 0.01;
            (first[1] == y && first[3] == h && first[2] == w && on_grid && steps > 0.5)
                .then_some((first, last_x, steps.round() as usize))
                .filter(|&(.., n)| n <= 5)
        });
        match (continues, boxes.last_mut()) {
            (Some((first, _, n)), Some(last)) => {
                last.text.extend(std::iter::repeat_n(' ', n - 1));
                last.text.push(c);
                last.rect[2] = x + w - first[0];
                line = Some((first, x));
            }
            _ => {
                boxes.push(TextBox {
                    text: c.to_string(),
                    rect: [x, y, w, h],
                });
                line = Some(([x, y, w, h], x));
            }
        }
    }
    boxes
}

/// Whether `a` and `b` (x, y, width, height) share more than `e` pixels each way (boxes that
/// merely meet do not overlap).
fn overlap(a: [f32; 4], b: [f32; 4], e: f32) -> bool {
    a[0] + e < b[0] + b[2]
        && b[0] + e < a[0] + a[2]
        && a[1] + e < b[1] + b[3]
        && b[1] + e < a[1] + a[3]
}

/// `rect` (playfield pixels) in the window pixels of `view`, each edge rounded to a whole
/// pixel (as the renderer snaps glyphs).
fn in_window(rect: [f32; 4], view: &Viewport) -> [f32; 4] {
    let sx = view.width as f32 / crate::playfield::PLAYFIELD_WIDTH;
    let sy = view.height as f32 / crate::playfield::PLAYFIELD_HEIGHT;
    let x0 = (rect[0] * sx).round();
    let y0 = (rect[1] * sy).round();
    let x1 = ((rect[0] + rect[2]) * sx).round();
    let y1 = ((rect[1] + rect[3]) * sy).round();
    [x0, y0, x1 - x0, y1 - y0]
}

/// Every pair of `boxes` that overlap, in playfield pixels (half a pixel of rounding allowed)
/// or in the window pixels of any of [`WINDOW_SIZES`], as sentences naming both texts and
/// where they are. A box over a copy of its own text moved by at most 2 pixels (a shadow) is
/// left out.
pub fn overlaps(boxes: &[TextBox]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let shadow = a.text == b.text
                && (a.rect[0] - b.rect[0]).abs() <= 2.0
                && (a.rect[1] - b.rect[1]).abs() <= 2.0;
            if shadow {
                continue;
            }
            let at = if overlap(a.rect, b.rect, 0.5) {
                Some("in playfield pixels".to_string())
            } else {
                WINDOW_SIZES.iter().find_map(|&(w, h)| {
                    let v = letterbox(w, h)?;
                    overlap(in_window(a.rect, &v), in_window(b.rect, &v), 0.0)
                        .then(|| format!("in a {w}x{h} window"))
                })
            };
            if let Some(size) = at {
                found.push(format!(
                    "{:?} at {:?} overlaps {:?} at {:?} ({size})",
                    a.text, a.rect, b.text, b.rect
                ));
            }
        }
    }
    found
}

/// Panics, naming every overlap, if any two lines of text in `sprites` overlap ([`overlaps`]);
/// `what` names the screen. Returns the boxes (for further checks).
pub fn assert_no_overlap(what: &str, sprites: &[SpriteInstance]) -> Vec<TextBox> {
    let boxes = text_boxes(sprites);
    assert!(!boxes.is_empty(), "{what}: no text at all");
    let found = overlaps(&boxes);
    assert!(
        found.is_empty(),
        "{what}: text over text:\n{}",
        found.join("\n")
    );
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::text::layout;

    #[test]
    fn lines_become_boxes_and_overlaps_name_both_texts() {
        let mut out = Vec::new();
        layout(&mut out, "Key: Pause", 90.0, 100.0, 14.0, [1.0; 4]);
        layout(&mut out, "P", 700.0, 100.0, 14.0, [1.0; 4]);
        layout(&mut out, "A  B", 90.0, 120.0, 14.0, [1.0; 4]);
        let boxes = text_boxes(&out);
        let texts: Vec<&str> = boxes.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts, ["Key: Pause", "P", "A  B"]);
        assert!(overlaps(&boxes).is_empty(), "{:?}", overlaps(&boxes));
        layout(&mut out, "PAUSED", 100.0, 110.0, 32.0, [1.0; 4]);
        let found = overlaps(&text_boxes(&out));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].starts_with("\"Key: Pause\" at") && found[0].contains("\"PAUSED\""));
    }

    #[test]
    fn a_shadow_is_not_an_overlap_and_lines_that_meet_do_not_overlap_at_any_size() {
        let mut out = Vec::new();
        layout(&mut out, "SCORE", 10.0, 10.0, 16.0, [1.0; 4]);
        layout(&mut out, "SCORE", 11.0, 11.0, 16.0, [0.0; 4]);
        layout(&mut out, "next", 10.0, 27.0, 16.0, [1.0; 4]);
        layout(&mut out, "under", 10.0, 43.0, 10.0, [1.0; 4]);
        assert!(overlaps(&text_boxes(&out)).is_empty());
    }
}
