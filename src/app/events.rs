//! The window's events: winit's [`ApplicationHandler`] for [`App`] — opening the window when
//! the app resumes, passing keys, text, the pointer, focus and closing to the scenes, and
//! drawing a frame when asked.

use super::scenes::{Pointer, SceneInput};
use super::App;
use crate::view::letterbox;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::window::WindowId;

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        let created = self.open_window(event_loop);
        match created {
            Ok(gfx) => {
                gfx.window.request_redraw();
                self.gfx = Some(gfx);
                self.note_refresh_rate();
            }
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        self.pacer.event(&event);
        match event {
            WindowEvent::CloseRequested => {
                // A scene with unsaved work (the editor) may ask first.
                let flow = self.scenes.input(&mut self.ctx, SceneInput::CloseRequested);
                self.follow(event_loop, flow);
            }
            WindowEvent::ModifiersChanged(modifiers) => self.ctx.modifiers = modifiers.state(),
            WindowEvent::Resized(size) => {
                self.pointer_motion.window_changed();
                self.minimised = size.width == 0 || size.height == 0;
                if let Some(gfx) = &self.gfx {
                    gfx.resize(size.into());
                }
                self.remember_window(Some(size.into()), None);
            }
            WindowEvent::Moved(at) => {
                self.pointer_motion.window_changed();
                self.remember_window(None, Some(at.into()));
                self.note_refresh_rate();
            }
            WindowEvent::Occluded(occluded) => {
                self.minimised = occluded;
                if occluded {
                    let flow = self.scenes.input(&mut self.ctx, SceneInput::FocusLost);
                    self.follow(event_loop, flow);
                }
            }
            WindowEvent::Focused(true) => self.had_focus = true,
            WindowEvent::Focused(false) => {
                self.ctx.input.release_all();
                // Only a focus the window had can be lost: without a window manager (Xvfb)
                // a new window may be told it is unfocused before it ever was, and the game
                // paused itself at start.
                if self.had_focus {
                    let flow = self.scenes.input(&mut self.ctx, SceneInput::FocusLost);
                    self.follow(event_loop, flow);
                }
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let pressed = event.state == ElementState::Pressed;
                self.key(event_loop, event.physical_key, pressed, event.repeat);
                // Printable text (not Backspace, Enter…) for a scene's text field.
                let text = event.text.filter(|t| !t.chars().any(char::is_control));
                if let Some(text) = text.filter(|_| pressed) {
                    let flow = self
                        .scenes
                        .input(&mut self.ctx, SceneInput::Typed(text.into()));
                    self.follow(event_loop, flow);
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                if let Some(viewport) = self.gfx.as_ref().and_then(|g| {
                    let (w, h) = g.framebuffer_size();
                    letterbox(w, h)
                }) {
                    let (x, y) = viewport.to_playfield(position.x, position.y);
                    self.ctx.input.mouse_moved(x);
                    // Only the player's moves choose what is under the pointer (a menu row).
                    let window = &self.gfx.as_ref().expect("viewport from gfx").window;
                    let at = glam::Vec2::new(x, y);
                    if let Some(at) = self.pointer_motion.seen(window, position, at) {
                        let flow = self
                            .scenes
                            .input(&mut self.ctx, SceneInput::Pointer(Pointer::Moved(at)));
                        self.follow(event_loop, flow);
                    }
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                if let Some(at) = self.pointer_motion.take_unsent() {
                    let flow = self
                        .scenes
                        .input(&mut self.ctx, SceneInput::Pointer(Pointer::Moved(at)));
                    self.follow(event_loop, flow);
                }
                let pressed = state == ElementState::Pressed;
                if pressed && button == MouseButton::Left {
                    let flow = self.scenes.input(&mut self.ctx, SceneInput::Click);
                    self.follow(event_loop, flow);
                }
                let event = if pressed {
                    Pointer::Down(button)
                } else {
                    Pointer::Up(button)
                };
                let flow = self.scenes.input(&mut self.ctx, SceneInput::Pointer(event));
                self.follow(event_loop, flow);
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    // Touchpads: about 40 pixels to a notch.
                    MouseScrollDelta::PixelDelta(p) => (p.y / 40.0) as f32,
                };
                let flow = self
                    .scenes
                    .input(&mut self.ctx, SceneInput::Pointer(Pointer::Wheel(notches)));
                self.follow(event_loop, flow);
            }
            #[cfg(target_arch = "wasm32")]
            WindowEvent::Touch(touch) => self.touch(event_loop, _id, touch),
            WindowEvent::RedrawRequested if !self.minimised => self.frame(event_loop),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if self.minimised {
            // Nothing to show: sleep until the window comes back, and don't let the time spent
            // minimised count as one huge frame.
            self.last_frame = None;
            event_loop.set_control_flow(ControlFlow::Wait);
        } else {
            // The next frame now, or asleep until the frame cap lets it start.
            self.pace(event_loop);
        }
    }
}

impl App {
    /// A page's touch: moves and clicks like the mouse ([`super::browser::input::touch_as_mouse`]).
    #[cfg(target_arch = "wasm32")]
    fn touch(&mut self, event_loop: &ActiveEventLoop, id: WindowId, touch: winit::event::Touch) {
        for event in super::browser::input::touch_as_mouse(touch) {
            self.window_event(event_loop, id, event);
        }
    }
}
