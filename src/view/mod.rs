//! What each screen shows, as sprites: game state, the menus, the settings, the editor and text
//! turned into a [`SpriteBatch`]. No GL here (nothing in `view` touches glium), so what is drawn
//! is testable without a context, and the window-less commands can use the layout (`check`
//! warns about a level name the HUD would cut, with [`hud::max_name_chars`]).
//!
//! [`crate::render`] draws the batch through glium; `view` never imports it. Coordinates are
//! playfield pixels (origin top-left, y down), fitted into the window by [`letterbox()`].

pub mod bonus_hud;
pub mod bricks;
pub mod camera;
pub mod debug_overlay;
pub mod dodge;
pub mod editor;
pub mod fork;
pub mod hot_seat;
pub mod hud;
pub mod inner_stability;
pub mod lab;
pub mod lab_zoom;
pub mod letterbox;
pub mod menu;
pub mod new_run;
pub mod powerups;
pub mod replays;
pub mod scene;
pub mod settings;
pub mod split;
pub mod sprite;
pub mod text;
#[cfg(test)]
pub mod text_boxes;
pub mod theme_look;
pub mod timeline;
pub mod warp_icon;

pub use letterbox::{letterbox, Viewport};
pub use sprite::{Layer, PostEffects, SpriteBatch, SpriteInstance};
