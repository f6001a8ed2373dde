//! Breakout on glium — a desktop game and a living comparison of 2D collision-detection algorithms.
//!
//! Data flows one way: input → simulation → events → audio and effects; the renderer only
//! reads the state. `docs/architecture.md` is the map: the entry points, every module and the
//! layers it may import (enforced by `tests/architecture.rs`), the invariants, and recipes for
//! adding a power-up, a brick kind, a screen, a foreign format or a collision mode. In short,
//! bottom-up: [`playfield`], [`collision`], [`bindings`] and [`files`] depend on nothing;
//! [`level`] (level files, and the facts of every brick kind and power-up) on [`playfield`];
//! [`import`] on [`level`]; [`sim`] (the game, [`sim::Game`]) on [`level`] and [`collision`];
//! [`editor`], [`assets`], [`highscores`] and [`config`] above them; [`effects`] and [`audio`]
//! consume the simulation's events; [`view`] lays screens out with no GL and [`render`] draws
//! them through glium; [`commands`] and [`cli`] are the window-less side, [`app`] the window.
//! **The ball bounces off a brick in `core/src/sim/brick_collisions.rs`** (discrete modes) and
//! `core/src/sim/swept.rs` (continuous mode).
//!
//! Coordinates everywhere in the simulation are playfield pixels: origin at the top-left corner
//! of the 800×600 playfield, x to the right, y **down**.

pub mod app;
pub mod assets;
pub mod audio;
pub mod bindings;
pub mod cli;
pub mod commands;
pub mod config;
pub mod editor;
pub mod effects;
pub mod highscores;
#[cfg(not(target_arch = "wasm32"))]
pub mod render;
pub mod user_dirs;
pub mod user_files;
pub mod view;
pub mod webgl;

// The deterministic core, re-exported under the names the shell and its tests have always used
// (`crate::sim`, `breakout::level`, …): one crate below this one, `core/` (`breakout-core`).
pub use breakout_core::{collision, files, import, level, playfield, probe, replay, sim};
