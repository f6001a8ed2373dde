//! The browser build's renderer: draws the `view` layer's [`SpriteBatch`](crate::view::SpriteBatch)
//! on a WebGL2 context through `glow`, looking as the desktop's (`render`, on glium) does.
//!
//! The GL side is compiled for wasm32 only; what is pure — the GLSL ES conversion of the
//! desktop's shaders ([`es`]) and a frame's geometry ([`frame`]) — compiles and is tested on
//! every target.

pub mod es;
pub mod frame;
#[cfg(target_arch = "wasm32")]
mod offscreen;
#[cfg(target_arch = "wasm32")]
mod programs;
#[cfg(target_arch = "wasm32")]
mod renderer;
#[cfg(target_arch = "wasm32")]
mod textures;

#[cfg(target_arch = "wasm32")]
pub use renderer::Renderer;
