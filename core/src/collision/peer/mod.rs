//! The other Breakouts' own ball–brick algorithms as collision models, one file per game's
//! algorithm, each written from `../shared/research/peer-collision-2026-11-27.md` (the games'
//! sources are GPL: read there, never copied), each citing its game, file and function.

pub mod gnome_breakout;
pub mod kbreakout;
pub mod lbreakout_clipping;
mod lbreakout_response;
pub mod lbreakout_trajectory;
pub mod sdl_ball;
pub mod xboing;
