//! Breakout on glium — a desktop game and a living comparison of 2D collision-detection algorithms.
//!
//! The crate is split so that data flows one way:
//!
//! * [`playfield`] is the leaf every layer shares: playfield size, brick area, cell size, ball
//!   radius. It depends on nothing.
//! * [`level`] parses level files (the LearnOpenGL text format) into a [`level::Level`].
//! * [`import`] reads other Breakouts' level sets (LBreakout2, KBreakOut, SDL-Ball,
//!   gnome-breakout) into [`level::Level`]s.
//! * [`sim`] owns the game state ([`sim::Game`]): it takes an [`sim::Input`] and a fixed time step
//!   and emits [`sim::GameEvent`]s. It knows nothing of OpenGL, windows or sound.
//!   **The ball bounces off a brick in `src/sim/brick_collisions.rs`** (discrete modes) and
//!   `src/sim/swept.rs` (continuous mode); both end in one post-bounce routine there.
//! * [`collision`] holds the collision algorithms the simulation dispatches to.
//! * [`view`] turns game state, menus, settings, the editor and text into a sprite batch
//!   ([`view::SpriteBatch`]): screen layout with no GL, testable and usable by [`commands`].
//! * [`render`] only draws that batch through glium (the GL pipeline); it imports [`view`],
//!   never the other way round.
//! * [`audio`] consumes events and plays sounds through rodio.
//! * [`effects`] consumes events too: particles and post-processing state, read by the renderer.
//! * [`assets`] holds the shaders, textures, sounds and shipped levels, built into the binary,
//!   and finds the modder's override files and level files on disk.
//! * [`editor`] is the level editor's model: the level being edited, its tools, undo and
//!   saving, and `check`'s problems mapped to cells. No GL or windows: its scene is in [`app`].
//! * [`commands`] are the window-less subcommands (`check`, `preview`, `simulate`); they use
//!   [`view`] but not [`render`] (the binary draws `preview`'s sprites headless).
//! * [`bindings`] is which keys do what ([`bindings::Action`], [`bindings::Bindings`]): read by
//!   the config file's `[keys]` and by [`app`]'s input; it depends on no other module.
//! * [`app`] ties them together: the window and its scenes (one type per screen, `app/scenes/`).
//!
//! No module imports one above it: [`playfield`] depends on nothing, [`level`] only on it,
//! [`sim`] on neither [`app`] nor [`render`], [`effects`] not on [`render`], and [`view`] not on
//! [`render`].
//!
//! Coordinates everywhere in the simulation are playfield pixels: origin at the top-left corner
//! of the 800×600 playfield, x to the right, y **down**.

pub mod app;
pub mod assets;
pub mod audio;
pub mod bindings;
pub mod cli;
pub mod collision;
pub mod commands;
pub mod config;
pub mod editor;
pub mod effects;
pub mod files;
pub mod highscores;
pub mod import;
pub mod level;
pub mod playfield;
pub mod render;
pub mod sim;
pub mod view;
