//! What the editor paints: a brick kind with its hits and power-up, and the palette the author
//! picks it from.

use crate::level::{BrickKind, CellExtras, PowerUpKind, Roll, MAX_HITS};

/// The brick the author paints with. Only what the level format allows is kept when painting:
/// hits on bricks that break, a power-up on bricks that hold one ([`BrickKind::holds_powerup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brush {
    /// The kind of brick.
    pub kind: BrickKind,
    /// Hits it takes (1–9) when it breaks; ignored for walls, metal and chaotic bricks.
    pub hits: u8,
    /// The power-up it releases.
    pub powerup: Option<PowerUpKind>,
    /// A random power-up rolled when play starts (`+N%`, `+bad`), never with `powerup`; kept
    /// from a brick picked with the eyedropper.
    pub roll: Option<Roll>,
    /// Its own colour (`:RRGGBB`); kept from a brick picked with the eyedropper.
    pub colour: Option<[u8; 3]>,
}

impl Default for Brush {
    /// A blue plain brick taking one hit.
    fn default() -> Brush {
        Brush::of(BrickKind::Plain(2))
    }
}

impl Brush {
    /// A brick of `kind` with its default hits and nothing else.
    pub fn of(kind: BrickKind) -> Brush {
        Brush {
            kind,
            hits: kind.default_hits().max(1),
            powerup: None,
            roll: None,
            colour: None,
        }
    }

    /// The cell's extensions as the parser would store them for the brick this brush paints:
    /// `None` when everything is its kind's default.
    pub fn extras(&self) -> Option<CellExtras> {
        let kind = self.kind;
        let hits = if kind.is_destructible() {
            self.hits.clamp(1, MAX_HITS)
        } else {
            kind.default_hits()
        };
        let holds = kind.holds_powerup();
        let powerup = self.powerup.filter(|_| holds);
        let roll = self.roll.filter(|_| holds && powerup.is_none());
        let colour = self.colour.filter(|_| kind.is_destructible());
        let extras = CellExtras {
            hits,
            powerup,
            roll,
            colour,
        };
        (hits != kind.default_hits() || powerup.is_some() || roll.is_some() || colour.is_some())
            .then_some(extras)
    }

    /// The brush that paints the brick `kind` with `extras`, as found in a cell (eyedropper).
    pub fn picked(kind: BrickKind, extras: Option<&CellExtras>) -> Brush {
        let mut brush = Brush::of(kind);
        if let Some(e) = extras {
            brush.hits = e.hits.max(1);
            brush.powerup = e.powerup;
            brush.roll = e.roll;
            brush.colour = e.colour;
        }
        brush
    }

    /// The next (`step` = 1) or previous (−1) brick kind of the palette ([`BrickKind::ALL`]),
    /// wrapping; hits reset to the kind's default, the power-up stays where the kind holds one.
    pub fn cycle_kind(&mut self, step: i32) {
        let all = BrickKind::ALL;
        let at = all.iter().position(|k| *k == self.kind).unwrap_or(0) as i32;
        self.select_kind(all[(at + step).rem_euclid(all.len() as i32) as usize]);
    }

    /// Paints `kind` from now on, with its default hits; the power-up stays (where the kind
    /// holds one, [`Brush::extras`]).
    pub fn select_kind(&mut self, kind: BrickKind) {
        *self = Brush {
            powerup: self.powerup,
            ..Brush::of(kind)
        };
    }

    /// The next (`step` = 1) or previous (−1) power-up of [`PowerUpKind::ALL`], with "none"
    /// between the last and the first.
    pub fn cycle_powerup(&mut self, step: i32) {
        let all = PowerUpKind::ALL;
        let n = all.len() as i32 + 1; // slot 0 is "none"
        let at = self
            .powerup
            .and_then(|p| all.iter().position(|k| *k == p))
            .map_or(0, |i| i as i32 + 1);
        let next = (at + step).rem_euclid(n);
        self.powerup = (next > 0).then(|| all[next as usize - 1]);
        self.roll = None;
    }

    /// One hit more (`step` = 1) or fewer (−1), within 1–9.
    pub fn change_hits(&mut self, step: i32) {
        self.hits = (i32::from(self.hits) + step).clamp(1, i32::from(MAX_HITS)) as u8;
    }

    /// The brush as a level file writes its cell (`3*2+W`), for the status line.
    pub fn token(&self) -> String {
        crate::level::cell_token(self.kind, self.extras().as_ref())
    }
}
