//! A headless, deterministic Breakout: the core of the `breakout` game.
//!
//! It knows no window, GL, audio, gamepad or command line: the game (the shell) draws, plays
//! sounds and reads input on top of it. What is here, bottom-up (`docs/architecture.md`):
//! [`playfield`] (the sizes everything shares) and [`files`] (atomic writes) depend on nothing;
//! [`collision`] holds five circle-against-AABB tests and the exact `f64` referee they are
//! measured against; [`level`] the level file format and the facts of every brick kind and
//! power-up; [`import`] reads the levels of LBreakout2, KBreakOut, SDL-Ball and gnome-breakout;
//! [`sim`] is the game, [`sim::Game`], played in fixed steps of 1/240 s, with its bot;
//! [`replay`] the `.bkreplay` format, recording and playback checked against state hashes; and
//! [`probe`] the collision lab's probe.
//!
//! **The same bits on every target.** A game is its level, configuration, seed and input: the
//! simulation reads no clock and no OS randomness, and every transcendental function it calls
//! goes through the `libm` crate (glam's too), never the platform's, so `x86_64` with glibc or
//! musl, `aarch64` and `wasm32` compute the same [`sim::Game::state_hash`] at every step
//! (`.ci/determinism-matrix` checks it; `docs/replays.md` states the promise).
//!
//! Coordinates everywhere in the simulation are playfield pixels: origin at the top-left corner
//! of the 800×600 playfield, x to the right, y **down**.
//!
//! ```
//! use breakout_core::{level::Level, sim::{Game, GameConfig, Input}};
//!
//! let level = Level::parse("1 1 1\n2 0 2\n", "two rows").unwrap();
//! let config = GameConfig { seed: 1, ..GameConfig::default() };
//! let mut game = Game::new(&level, config);
//! for _ in 0..240 {
//!     game.step(&Input::default()); // one fixed step of 1/240 s
//! }
//! println!("{:016x}", game.state_hash());
//! ```

#![deny(missing_docs)]

/// Generates a closed set of kinds from one table of rows, the way `level::powerups`'
/// `power_up_table!` does for power-ups (and veloren's `sprites!` for its sprites): the enum
/// (one variant per row, in the table's order, attributes and docs from the row),
/// `ALL` (complete by construction: a row is a variant is an entry, no length written by hand)
/// and `def()`, the row of each kind (one generated arm per row).
///
/// `Variant => row,` for a unit variant; `Variant(u8) in [2, 3] => row,` for a variant with a
/// field, whose listed values enter `ALL` once each (all share the row). `row` is a constant
/// expression of the table's row type. The enum's order, names and serialisation are the
/// table's, so a new kind goes at the end where the order enters state hashes or files.
macro_rules! kind_table {
    (@part $enum:ident $variant:ident) => {
        &[$enum::$variant]
    };
    (@part $enum:ident $variant:ident [$($value:expr),+]) => {
        &[$($enum::$variant($value)),+]
    };
    (
        $(#[$meta:meta])*
        pub enum $enum:ident: $def:ty {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $(($field:ty) in [$($value:expr),+ $(,)?])? => $row:expr,
            )*
        }
    ) => {
        $(#[$meta])*
        pub enum $enum {
            $(
                $(#[$vmeta])*
                $variant $(($field))?,
            )*
        }

        impl $enum {
            /// Every kind, in the table's order (a kind with a value once per listed value),
            /// generated from the table's rows.
            pub const ALL: [$enum; Self::COUNT] = Self::flatten();

            /// The table's entries, one slice per row.
            const PARTS: &'static [&'static [$enum]] =
                &[$(kind_table!(@part $enum $variant $([$($value),+])?)),*];

            /// How many entries [`Self::ALL`] has.
            const COUNT: usize = {
                let (mut n, mut i) = (0, 0);
                while i < Self::PARTS.len() {
                    n += Self::PARTS[i].len();
                    i += 1;
                }
                n
            };

            /// [`Self::PARTS`] laid end to end.
            const fn flatten() -> [$enum; Self::COUNT] {
                let mut all = [Self::PARTS[0][0]; Self::COUNT];
                let (mut n, mut i) = (0, 0);
                while i < Self::PARTS.len() {
                    let mut j = 0;
                    while j < Self::PARTS[i].len() {
                        all[n] = Self::PARTS[i][j];
                        n += 1;
                        j += 1;
                    }
                    i += 1;
                }
                all
            }

            /// This kind's facts: its row of the table.
            pub const fn def(self) -> $def {
                match self {
                    $($enum::$variant { .. } => $row,)*
                }
            }
        }
    };
}

pub mod collision;
pub mod files;
pub mod import;
pub mod level;
pub mod playfield;
pub mod probe;
pub mod replay;
pub mod sim;
