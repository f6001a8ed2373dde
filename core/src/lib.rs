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

pub mod collision;
pub mod files;
pub mod import;
pub mod level;
pub mod playfield;
pub mod probe;
pub mod replay;
pub mod sim;
