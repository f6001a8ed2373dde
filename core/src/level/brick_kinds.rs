//! The brick kinds a level cell can name, and **the facts about each kind: one row per kind**
//! of the `kind_table!` below, which generates the enum, [`BrickKind::ALL`] and
//! [`BrickKind::def`]: its name, whether a plain ball, an energy ball or an explosion destroys
//! it, whether it counts for clearing the level (from the start or once revealed), whether it
//! is drawn before its first hit, whether it regenerates, the hits it takes by default, how the
//! ball leaves it, what its destruction sets off, its mark and its tint.
//!
//! Every layer reads these rows: the parser and the lint here, the simulation (which adds only
//! what a hit does, from `destructible`, and the points; `sim::bricks::kinds`), the renderer
//! (its mark, its pips) and the effects (the tint). [`BrickKind::symbol`] is an exhaustive
//! match, as are the simulation's points and the renderer's body texture: a new kind is a
//! compile error in each until it is handled there. `docs/levels.md`'s brick table is checked
//! against these rows (`tests/kind_tables.rs`), and `tests/kind_rows.rs` checks the messages
//! and the flags.
//!
//! Sources: LearnOpenGL's `1`–`5`; LBreakout2 `game/bricks.c` (`brick_conv_table`), KBreakOut
//! `src/qml/logic.js`, SDL-Ball `main.cpp` and gnome-breakout `src/block.c` for the lettered
//! kinds (the research notes on foreign level formats summarise them).

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
    pub energy_breaks: bool,
    /// True if a neighbouring explosion destroys it (LBreakout2: everything but walls and
    /// metal).
    pub explosion_breaks: bool,
    /// True if the level is cleared only once every brick of this kind is gone, from the start
    /// (a hidden brick counts once revealed: [`BrickKindDef::counts_once_revealed`]).
    pub counts_for_clear: bool,
    /// True if it is drawn from the start; false: drawn only after its first hit.
    pub visible: bool,
    /// True if, below [`REGENERATION_CAP`] hits, it regains one every few seconds.
    pub regenerates: bool,
    /// Hits a fresh brick takes when the file gives no `*N`: 2 for invisible and hidden bricks
    /// (one to find it, one to break it), 1 for the other destructible kinds, 0 for
    /// indestructible ones.
    pub default_hits: u8,
    /// True if it starts out of the count for clearing the level and enters it once its
    /// first hit reveals it (hidden bricks; the simulation's `Brick::counts`).
    pub counts_once_revealed: bool,
    /// How the ball leaves it when it bounces off.
    pub bounce: Bounce,
    /// What its destruction sets off (the simulation does it; the lint follows explosions).
    pub aftermath: Aftermath,
    /// The symbol drawn over its centre, if any (the renderer's marks atlas).
    pub mark: Option<Mark>,
    /// Its tint, linear RGBA (the plain row's is unused: each colour has its own).
    pub tint: [f32; 4],
}

impl BrickKindDef {
    /// True if its destruction sets off an explosion ([`Aftermath::Explode`]).
    pub const fn explodes(self) -> bool {
        matches!(self.aftermath, Aftermath::Explode)
    }
}

/// What a destroyed brick sets off, after it is gone (the simulation does it,
/// `sim::bricks::aftermath`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aftermath {
    /// Nothing.
    None,
    /// Its neighbours (the level's explosion shape) are destroyed after the simulation's
    /// explosion delay (`sim::tuning::EXPLOSION_DELAY`); explosive ones go off in turn.
    Explode,
    /// The empty cells around it fill with plain bricks of random colours (not where a ball is).
    Grow,
}

/// How the ball leaves a brick it bounced off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounce {
    /// Mirror reflection (the collision mode's contact normal).
    Reflect,
    /// A random direction away from the brick (seeded): LBreakout2's chaotic brick.
    Random,
}

/// The facts about one [`Mark`]: one row of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkDef {
    /// What it shows, in a few words.
    pub shows: &'static str,
}

kind_table! {
    /// A symbol drawn over a brick's centre: one cell of the marks atlas
    /// (`textures/brick_marks.png`, made by `examples/gen_assets/brick_kinds.rs`), mark `i` of
    /// [`Mark::ALL`] (its discriminant) in cell `i`, row-major in a [`MARK_ATLAS_CELLS`]² grid.
    /// New marks go at the end (the atlas is laid out in this order).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Mark: MarkDef {
        /// A bomb with a lit fuse: explosive.
        Bomb => MarkDef { shows: "a bomb with a lit fuse" },
        /// A circular arrow around a plus: regenerating.
        Regenerate => MarkDef { shows: "a circular arrow around a plus" },
        /// A sprout: growing.
        Sprout => MarkDef { shows: "a sprout" },
        /// A question mark: chaotic (the ball leaves it at a random angle).
        Question => MarkDef { shows: "a question mark" },
    }
}

/// Cells per side of the marks atlas (`textures/brick_marks.png`): a 4×4 grid, mark `i` of
/// [`Mark::ALL`] in cell `i` (row-major). The renderer and `examples/gen_assets` read it.
pub const MARK_ATLAS_CELLS: u32 = 4;

impl Mark {
    /// The mark's cell of the atlas: its index in [`Mark::ALL`].
    pub const fn cell(self) -> u32 {
        self as u32
    }
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
        counts_once_revealed: false,
        bounce: Bounce::Reflect,
        aftermath: Aftermath::None,
        mark: None,
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
        counts_once_revealed: false,
        bounce: Bounce::Reflect,
        aftermath: Aftermath::None,
        mark: None,
        tint,
    }
}

kind_table! {
    /// One brick of a level grid: its kind, as the level file's cell writes it (a digit or a
    /// capital letter, see [`BrickKind::symbol`]). Its facts are its row, [`BrickKind::def`];
    /// what it does in play is the simulation's. [`BrickKind::ALL`] lists every kind a cell can
    /// name, plain colours once each, in the order of `docs/levels.md`. The order and names
    /// enter state hashes: new kinds go at the end.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
    pub enum BrickKind: BrickKindDef {
        /// `1`: a wall, never destroyed (not even by an energy ball); the ball bounces off it.
        Solid => unbreakable("solid", false, [0.8, 0.8, 0.7, 1.0]),
        /// `2`–`9`: a plain brick, destroyed when the ball has hit it enough times. The value is the
        /// file's digit (always in `2..=9`) and selects its colour ([`PLAIN_COLOURS`]) and score.
        Plain(u8) in [2, 3, 4, 5, 6, 7, 8, 9] => breakable("plain", [1.0; 4]),
        /// `M`: metal (LBreakout2's `#`): indestructible except for an energy ball; does not count
        /// for clearing the level.
        Metal => unbreakable("metal", true, [0.6, 0.65, 0.75, 1.0]),
        /// `C`: chaotic (LBreakout2's `@`): metal from which the ball leaves at a random angle.
        Chaotic => BrickKindDef {
            bounce: Bounce::Random,
            mark: Some(Mark::Question),
            ..unbreakable("chaotic", true, [0.75, 0.5, 0.8, 1.0])
        },
        /// `X`: explosive: destroyed by one hit, it then destroys its neighbours (the level's
        /// [`super::Explosion`] shape) after a short delay; explosive neighbours go off in turn.
        Explosive => BrickKindDef {
            aftermath: Aftermath::Explode,
            mark: Some(Mark::Bomb),
            ..breakable("explosive", [1.0, 0.3, 0.1, 1.0])
        },
        /// `I`: invisible: not drawn and still solid until its first hit, then drawn; takes `*N`
        /// hits (default 2).
        Invisible => BrickKindDef {
            visible: false,
            default_hits: 2,
            ..breakable("invisible", [0.5, 0.6, 0.8, 1.0])
        },
        /// `H`: hidden (KBreakOut's `h`): invisible, and not needed to clear the level until its
        /// first hit reveals it; takes `*N` hits (default 2).
        Hidden => BrickKindDef {
            visible: false,
            counts_for_clear: false,
            counts_once_revealed: true,
            default_hits: 2,
            ..breakable("hidden", [0.6, 0.7, 0.6, 1.0])
        },
        /// `R`: regenerating: below [`REGENERATION_CAP`] hits it regains one every few seconds.
        Regenerating => BrickKindDef {
            regenerates: true,
            mark: Some(Mark::Regenerate),
            ..breakable("regenerating", [0.3, 0.85, 0.5, 1.0])
        },
        /// `G`: growing: when destroyed it fills the empty cells around it with plain bricks.
        Growing => BrickKindDef {
            aftermath: Aftermath::Grow,
            mark: Some(Mark::Sprout),
            ..breakable("growing", [0.9, 0.8, 0.2, 1.0])
        },
    }
}

impl BrickKind {
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
            BrickKind::Metal
            | BrickKind::Chaotic
            | BrickKind::Explosive
            | BrickKind::Invisible
            | BrickKind::Hidden
            | BrickKind::Regenerating
            | BrickKind::Growing => None,
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

/// How many kinds of [`BrickKind::ALL`] a capital letter writes (the lettered kinds).
const LETTERED: usize = {
    let (mut n, mut i) = (0, 0);
    while i < BrickKind::ALL.len() {
        if BrickKind::ALL[i].symbol().is_ascii_uppercase() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// `"1-9"` then each lettered kind's letter after a space, in the order of [`BrickKind::ALL`].
const SYMBOL_BYTES: [u8; 3 + 2 * LETTERED] = {
    let mut bytes = [b' '; 3 + 2 * LETTERED];
    let (mut n, mut i) = (3, 0);
    bytes[0] = b'1';
    bytes[1] = b'-';
    bytes[2] = b'9';
    while i < BrickKind::ALL.len() {
        let symbol = BrickKind::ALL[i].symbol();
        if symbol.is_ascii_uppercase() {
            bytes[n + 1] = symbol as u8;
            n += 2;
        }
        i += 1;
    }
    bytes
};

/// Every symbol a level cell writes a brick with, for messages and help texts: `"1-9 M C X I H
/// R G"` (the digits, then the lettered kinds' letters in the order of [`BrickKind::ALL`]),
/// generated from the rows so a new kind's letter is listed.
pub const BRICK_SYMBOLS: &str = match std::str::from_utf8(&SYMBOL_BYTES) {
    Ok(symbols) => symbols,
    Err(_) => panic!("brick symbols are ASCII"),
};

/// The lettered kinds' letters alone, space-separated (`"M C X I H R G"`): [`BRICK_SYMBOLS`]
/// without its digits.
pub const BRICK_LETTERS: &str = match BRICK_SYMBOLS.split_at_checked(4) {
    Some((_, letters)) => letters,
    None => "",
};

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
