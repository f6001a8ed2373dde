//! The bricks in play: the field of cells and what each brick is now ([`field`]), what each
//! kind does ([`kinds`]: its bounce, its hit, its aftermath, its points), what a hit does
//! wherever it comes from ([`hits`]), what destroyed bricks set off and what bricks do on their
//! own each step ([`aftermath`]: explosions, growth, regeneration), and the changes power-ups
//! make to the field ([`edits`]).
//!
//! The files depend downwards only: `field` ← `kinds` ← `hits` ← `aftermath`; `edits` on
//! `field`. The bounce (`sim/brick_collisions.rs`, `sim/swept.rs`) and the power-ups call into
//! `hits`.

pub mod aftermath;
pub mod edits;
pub mod field;
pub mod hits;
pub mod kinds;

pub(crate) use field::Fuse;
pub use field::{Brick, BrickField, HitOutcome};
