//! The split view's panes (V in a fork) against the layout they had before (play-test H24:
//! "the V panes are at about ⅓ scale, too small to see a contact"): apart, inside the
//! playfield, and larger for every number of models.

use super::*;
use crate::collision::CollisionMode;

/// The pane width the layout gave before: the same search over columns with three HUD lines
/// under each pane (an independent copy of the old arithmetic).
fn old_pane_width(n: usize) -> f32 {
    let aspect = PLAYFIELD_HEIGHT / PLAYFIELD_WIDTH;
    let top = 6.0 + 2.0 * 16.0 + 4.0;
    let space = STRIP_TOP - 4.0 - top;
    let text_h = 14.0 + 4.0 + 4.0 + 3.0 * 14.0;
    (1..=n)
        .map(|cols| {
            let rows = n.div_ceil(cols);
            let by_width = (PLAYFIELD_WIDTH - 6.0 * (cols + 1) as f32) / cols as f32;
            let by_height = (space / rows as f32 - text_h - 6.0) / aspect;
            by_width.min(by_height)
        })
        .fold(0.0, f32::max)
}

#[test]
fn panes_are_larger_than_before_and_never_overlap() {
    for n in 1..=CollisionMode::ALL.len() {
        let panes = pane_rects(n);
        for (i, a) in panes.iter().enumerate() {
            assert!(
                a[2] >= old_pane_width(n),
                "{n}: {} < {}",
                a[2],
                old_pane_width(n)
            );
            // With its name above and its HUD line below, inside the playfield over the strip.
            let top = a[1] - PANE_TITLE - 4.0;
            let bottom = a[1] + a[3] + 4.0 + PANE_LINE;
            assert!(
                top >= HEADER_Y + 2.0 * LEGEND_LINE && bottom <= STRIP_TOP,
                "{n}: {a:?}"
            );
            assert!(a[0] >= 0.0 && a[0] + a[2] <= PLAYFIELD_WIDTH, "{n}: {a:?}");
            for b in &panes[i + 1..] {
                let b_top = b[1] - PANE_TITLE - 4.0;
                let b_bottom = b[1] + b[3] + 4.0 + PANE_LINE;
                let apart = a[0] + a[2] + PANE_GAP <= b[0] + 1e-3
                    || b[0] + b[2] + PANE_GAP <= a[0] + 1e-3
                    || bottom <= b_top
                    || b_bottom <= top;
                assert!(apart, "{n}: {a:?} and {b:?}");
            }
        }
    }
    // Eleven models: rows of 4, 4 and 3, each pane a fifth larger than before at least.
    let eleven = pane_rects(11);
    let rows: Vec<f32> = eleven.iter().map(|p| p[1]).collect();
    assert_eq!(rows.iter().filter(|&&y| y == rows[0]).count(), 4);
    assert_eq!(rows.iter().filter(|&&y| y == rows[10]).count(), 3);
    assert!(eleven[0][2] > 1.2 * old_pane_width(11), "{:?}", eleven[0]);
}
