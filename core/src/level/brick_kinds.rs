//! The brick kinds a level cell can name, and **the facts about each kind: one row per kind**
//! ([`BrickKind::def`]): its name, whether a plain ball, an energy ball or an explosion
//! destroys it, whether it counts for clearing the level, whether it is drawn before its first
//! hit, whether it regenerates, the hits it takes by default, and its tint.
//!
//! Every layer reads these rows: the parser and the lint here, the simulation (which adds only
//! behaviour: how the ball leaves the brick, what a hit does, what its destruction sets off;
//! `sim::bricks::kinds`), the renderer and the effects (the tint). `BrickKind::def` and
//! `BrickKind::symbol` are exhaustive matches, as are the simulation's behaviour, its points
//! and the renderer's look: a new kind is a compile error in each until it is handled there.
//! `docs/levels.md`'s brick table is checked against these rows (`tests/kind_tables.rs`).
//!
//! Sources: LearnOpenGL's `1`–`5`; LBreakout2 `game/bricks.c` (`brick_conv_table`), KBreakOut
//! `src/qml/logic.js`, SDL-Ball `main.cpp` and gnome-breakout `src/block.c` for the lettered
//! kinds (the research notes on foreign level formats summarise them).

/// One brick of a level grid: its kind, as the level file's cell writes it (a digit or a
/// capital letter, see [`BrickKind::symbol`]). Its facts are [`BrickKind::def`]; what it does in
/// play is the simulation's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum BrickKind {
    /// `1`: a wall, never destroyed (not even by an energy ball); the ball bounces off it.
    Solid,
    /// `2`–`9`: a plain brick, destroyed when the ball has hit it enough times. The value is the
    /// file's digit (always in `2..=9`) and selects its colour ([`PLAIN_COLOURS`]) and score.
    Plain(u8),
    /// `M`: metal (LBreakout2's `#`): indestructible except for an energy ball; does not count
    /// for clearing the level.
    Metal,
    /// `C`: chaotic (LBreakout2's `@`): metal from which the ball leaves at a random angle.
    Chaotic,
    /// `X`: explosive: destroyed by one hit, it then destroys its neighbours (the level's
    /// [`super::Explosion`] shape) after a short delay; explosive neighbours go off in turn.
    Explosive,
    /// `I`: invisible: not drawn and still solid until its first hit, then drawn; takes `*N`
    /// hits (default 2).
    Invisible,
    /// `H`: hidden (KBreakOut's `h`): invisible, and not needed to clear the level until its
    /// first hit reveals it; takes `*N` hits (default 2).
    Hidden,
    /// `R`: regenerating: below [`REGENERATION_CAP`] hits it regains one every few seconds.
    Regenerating,
    /// `G`: growing: when destroyed it fills the empty cells around it with plain bricks.
    Growing,
}

/// Hits a regenerating brick grows back to (LBreakout2's `x`/`y`/`z` regain up to 3), unless it
/// started with more.
pub const REGENERATION_CAP: u8 = 3;

/// Names of the plain brick colours `2`–`9`, index = digit − 2 (LearnOpenGL's four, then its
/// "anything above 5 is white", then the colours other Breakouts add).
pub const PLAIN_COLOURS: [&str; 8] = [
    "blue", "green", "yellow", "orange", "white", "red", "purple", "grey",
];

/// Tints of the plain colours `2`–`9`, linear RGBA, index = digit − 2: LearnOpenGL's palette
/// for `2`–`6`, then red, purple and grey; far apart in hue so players and the screenshot tests
/// tell them apart.
const PLAIN_TINTS: [[f32; 4]; 8] = [
    [0.2, 0.6, 1.0, 1.0],
    [0.0, 0.7, 0.0, 1.0],
    [0.8, 0.8, 0.4, 1.0],
    [1.0, 0.5, 0.0, 1.0],
    [0.95, 0.95, 0.95, 1.0],
    [0.9, 0.15, 0.15, 1.0],
    [0.7, 0.3, 0.9, 1.0],
    [0.55, 0.55, 0.6, 1.0],
];

/// The facts about one kind of brick (all plain colours share one row).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BrickKindDef {
    /// Short name, for tools and docs (`docs/levels.md`'s brick table).
    pub name: &'static str,
    /// True if a plain ball destroys it (after its hits); false: the ball bounces off unharmed.
    pub destructible: bool,
    /// True if an energy ball destroys it: every kind but walls (LBreakout2's metal ball breaks
    /// metal).
    pub(crate) energy_breaks: bool,
    /// True if a neighbouring explosion destroys it (LBreakout2: everything but walls and
    /// metal).
    pub(crate) explosion_breaks: bool,
    /// True if the level is cleared only once every brick of this kind is gone, from the start
    /// (a hidden brick counts once revealed).
    pub(crate) counts_for_clear: bool,
    /// True if it is drawn from the start; false: drawn only after its first hit.
    pub visible: bool,
    /// True if, below [`REGENERATION_CAP`] hits, it regains one every few seconds.
    pub(crate) regenerates: bool,
    /// Hits a fresh brick takes when the file gives no `*N`: 2 for invisible and hidden bricks
    /// (one to find it, one to break it), 1 for the other destructible kinds, 0 for
    /// indestructible ones.
    pub default_hits: u8,
    /// Its tint, linear RGBA (the plain row's is unused: each colour has its own).
    pub tint: [f32; 4],
}

/// A destructible kind that is drawn and takes one hit.
const fn breakable(name: &'static str, tint: [f32; 4]) -> BrickKindDef {
    BrickKindDef {
        name,
        destructible: true,
        energy_breaks: true,
        explosion_breaks: true,
        counts_for_clear: true,
        visible: true,
        regenerates: false,
        default_hits: 1,
        tint,
    }
}

/// An indestructible kind the ball bounces off unharmed.
const fn unbreakable(name: &'static str, energy_breaks: bool, tint: [f32; 4]) -> BrickKindDef {
    BrickKindDef {
        name,
        destructible: false,
        energy_breaks,
        explosion_breaks: false,
        counts_for_clear: false,
        visible: true,
        regenerates: false,
        default_hits: 0,
        tint,
    }
}

impl BrickKind {
    /// Every kind a cell can name, plain colours once each, in the order of `docs/levels.md`.
    pub const ALL: [BrickKind; 16] = [
        BrickKind::Solid,
        BrickKind::Plain(2),
        BrickKind::Plain(3),
        BrickKind::Plain(4),
        BrickKind::Plain(5),
        BrickKind::Plain(6),
        BrickKind::Plain(7),
        BrickKind::Plain(8),
        BrickKind::Plain(9),
        BrickKind::Metal,
        BrickKind::Chaotic,
        BrickKind::Explosive,
        BrickKind::Invisible,
        BrickKind::Hidden,
        BrickKind::Regenerating,
        BrickKind::Growing,
    ];

    /// This kind's facts: its row (one match arm per kind).
    pub const fn def(self) -> BrickKindDef {
        match self {
            BrickKind::Solid => unbreakable("solid", false, [0.8, 0.8, 0.7, 1.0]),
            BrickKind::Plain(_) => breakable("plain", [1.0; 4]),
            BrickKind::Metal => unbreakable("metal", true, [0.6, 0.65, 0.75, 1.0]),
            BrickKind::Chaotic => unbreakable("chaotic", true, [0.75, 0.5, 0.8, 1.0]),
            BrickKind::Explosive => breakable("explosive", [1.0, 0.3, 0.1, 1.0]),
            BrickKind::Invisible => BrickKindDef {
                visible: false,
                default_hits: 2,
                ..breakable("invisible", [0.5, 0.6, 0.8, 1.0])
            },
            BrickKind::Hidden => BrickKindDef {
                visible: false,
                counts_for_clear: false,
                default_hits: 2,
                ..breakable("hidden", [0.6, 0.7, 0.6, 1.0])
            },
            BrickKind::Regenerating => BrickKindDef {
                regenerates: true,
                ..breakable("regenerating", [0.3, 0.85, 0.5, 1.0])
            },
            BrickKind::Growing => breakable("growing", [0.9, 0.8, 0.2, 1.0]),
        }
    }

    /// The character that writes this kind in a level file: `1`–`9` or a capital letter.
    pub const fn symbol(self) -> char {
        match self {
            BrickKind::Solid => '1',
            BrickKind::Plain(n) => {
                (b'0'
                    + if n < 2 {
                        2
                    } else if n > 9 {
                        9
                    } else {
                        n
                    }) as char
            }
            BrickKind::Metal => 'M',
            BrickKind::Chaotic => 'C',
            BrickKind::Explosive => 'X',
            BrickKind::Invisible => 'I',
            BrickKind::Hidden => 'H',
            BrickKind::Regenerating => 'R',
            BrickKind::Growing => 'G',
        }
    }

    /// The kind a level-file character writes (the one of [`BrickKind::ALL`] whose
    /// [`BrickKind::symbol`] it is); `0` (empty) and unknown characters give `None`.
    pub fn from_symbol(c: char) -> Option<BrickKind> {
        BrickKind::ALL.into_iter().find(|k| k.symbol() == c)
    }

    /// The brick number of the core format (`1`–`9`) for a plain or solid brick; `None` for the
    /// lettered kinds.
    pub fn code(self) -> Option<u8> {
        match self {
            BrickKind::Solid => Some(1),
            BrickKind::Plain(n) => Some(n),
            _ => None,
        }
    }

    /// Parses a core-format brick number (`1`–`9`); `0` (empty) and anything above 9 give `None`.
    pub fn from_code(code: u8) -> Option<BrickKind> {
        match code {
            1..=9 => BrickKind::from_symbol(char::from(b'0' + code)),
            _ => None,
        }
    }

    /// True for bricks a plain ball can destroy: every kind but walls, metal and chaotic ones.
    pub const fn is_destructible(self) -> bool {
        self.def().destructible
    }

    /// True for bricks that can hold a power-up (`+X`, `+10%`): the ones something breaks
    /// (LBreakout2 releases a bonus placed on its `#` and `@` bricks when an energy ball breaks
    /// them). Walls never break, so they hold none.
    pub const fn holds_powerup(self) -> bool {
        self.def().destructible || self.def().energy_breaks
    }

    /// True for bricks that must be gone to clear the level when play starts: the destructible
    /// ones except hidden bricks (which count once revealed).
    pub(crate) const fn counts_for_clear(self) -> bool {
        self.def().counts_for_clear
    }

    /// Hits a fresh brick of this kind takes when the file gives no `*N` (see
    /// [`BrickKindDef::default_hits`]).
    pub const fn default_hits(self) -> u8 {
        self.def().default_hits
    }
}

/// Tint of a brick, linear RGBA: its own colour when the level gives one (`:RRGGBB`, sRGB bytes
/// taken as they are, like the palette), else its kind's ([`BrickKindDef::tint`]; a plain
/// brick's by its digit, [`PLAIN_COLOURS`]). The lettered kinds' textures mark them further.
/// The renderer tints bricks with it and the effects colour a destroyed brick's particles.
pub fn brick_color(kind: BrickKind, colour: Option<[u8; 3]>) -> [f32; 4] {
    if let Some([r, g, b]) = colour {
        let [r, g, b] = [r, g, b].map(|c| f32::from(c) / 255.0);
        return [r, g, b, 1.0];
    }
    match kind {
        // A digit outside 2–9 never comes from a file; grey like 9.
        BrickKind::Plain(n) => PLAIN_TINTS[usize::from(n.clamp(2, 9) - 2)],
        other => other.def().tint,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_symbol_and_symbols_are_unique() {
        for kind in BrickKind::ALL {
            assert_eq!(
                BrickKind::from_symbol(kind.symbol()),
                Some(kind),
                "{kind:?}"
            );
        }
        let symbols: std::collections::BTreeSet<char> =
            BrickKind::ALL.iter().map(|k| k.symbol()).collect();
        assert_eq!(symbols.len(), BrickKind::ALL.len());
        for c in (0u8..128).map(char::from) {
            if let Some(kind) = BrickKind::from_symbol(c) {
                assert_eq!(kind.symbol(), c);
            }
        }
        assert_eq!(BrickKind::from_symbol('0'), None);
    }

    #[test]
    fn the_rows_agree_with_the_kinds_rules() {
        for kind in BrickKind::ALL {
            let d = kind.def();
            // What a plain ball breaks, an energy ball and (but for metal) an explosion break.
            assert!(
                !d.destructible || (d.energy_breaks && d.explosion_breaks),
                "{kind:?}"
            );
            assert!(!d.counts_for_clear || d.destructible, "{kind:?}");
            assert_eq!(d.default_hits == 0, !d.destructible, "{kind:?}");
        }
    }
}
