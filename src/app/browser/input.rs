//! The page's input around winit's: which key presses the page cancels (the game's) and
//! which it leaves to the browser (F5, Ctrl+R…: [`crate::bindings::web::passes_to_browser`]),
//! the first gesture (audio may start only after one), the wheel and the context menu kept
//! off the page, and touches turned into the pointer's events.
//!
//! The canvas is made with winit's `prevent_default` off (`Gfx::open`): winit would cancel
//! every key, including the browser's own.

use std::cell::Cell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast as _;
use web_sys::{AddEventListenerOptions, Event, EventTarget, HtmlCanvasElement, KeyboardEvent};
use winit::event::{DeviceId, ElementState, MouseButton, Touch, TouchPhase, WindowEvent};

thread_local! {
    /// True once the player pressed a key, clicked or lifted a finger on the page (for
    /// browsers without `navigator.userActivation`).
    static GESTURE: Cell<bool> = const { Cell::new(false) };
}

/// The events that count as a gesture where `navigator.userActivation` is missing: those
/// that activate a page (a touch counts when the finger lifts, not when it lands).
const GESTURES: [&str; 4] = ["keydown", "mousedown", "pointerup", "touchend"];

/// Whether the player pressed a key, clicked or touched the page yet: browsers refuse to
/// start audio before that ("The AudioContext was not allowed to start"). The browser's own
/// word (`navigator.userActivation.hasBeenActive`) where it has one, else [`GESTURES`] seen.
pub(in crate::app) fn had_gesture() -> bool {
    let browser_says = || {
        let navigator = web_sys::window()?.navigator();
        let activation = js_sys::Reflect::get(&navigator, &"userActivation".into()).ok()?;
        if activation.is_undefined() || activation.is_null() {
            return None;
        }
        js_sys::Reflect::get(&activation, &"hasBeenActive".into())
            .ok()?
            .as_bool()
    };
    browser_says().unwrap_or_else(|| GESTURE.with(Cell::get))
}

/// Adds `handler` to `target` for `event` (not passive, so that it may cancel it) for the
/// page's life.
fn listen(target: &EventTarget, event: &str, handler: impl FnMut(Event) + 'static) {
    let closure = Closure::<dyn FnMut(Event)>::new(handler);
    let options = AddEventListenerOptions::new();
    options.set_passive(false);
    let added = target.add_event_listener_with_callback_and_add_event_listener_options(
        event,
        closure.as_ref().unchecked_ref(),
        &options,
    );
    if let Err(e) = added {
        log::warn!("cannot listen to the page's {event} events: {e:?}");
    }
    // The page's listeners live as long as the page.
    closure.forget();
}

/// Installs the page's listeners on `canvas` and its window (once, when the canvas opens).
pub(super) fn install(canvas: &HtmlCanvasElement) {
    // No panning or zooming by touch over the canvas: the game's touches.
    if let Err(e) = canvas.style().set_property("touch-action", "none") {
        log::warn!("cannot keep touches for the game: {e:?}");
    }
    for event in ["keydown", "keyup"] {
        listen(canvas, event, |event| {
            let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            let ctrl = key.ctrl_key() || key.meta_key();
            if !crate::bindings::web::passes_to_browser(&key.code(), ctrl) {
                event.prevent_default();
            }
        });
    }
    // Right clicks and the wheel are the game's.
    for event in ["contextmenu", "wheel"] {
        listen(canvas, event, |event| event.prevent_default());
    }
    if let Some(window) = web_sys::window() {
        for event in GESTURES {
            listen(&window, event, |_| GESTURE.with(|g| g.set(true)));
        }
    }
}

/// The mouse's events for a touch (winit's web backend sends touches apart from the mouse):
/// a finger down moves the pointer there and presses the left button (a click: it launches
/// the ball, picks a menu row), a finger moving moves it (the paddle follows), a finger lifted
/// releases the button.
pub(in crate::app) fn touch_as_mouse(touch: Touch) -> Vec<WindowEvent> {
    let device_id = DeviceId::dummy();
    let moved = WindowEvent::CursorMoved {
        device_id,
        position: touch.location,
    };
    let button = |state| WindowEvent::MouseInput {
        device_id,
        state,
        button: MouseButton::Left,
    };
    match touch.phase {
        TouchPhase::Started => vec![moved, button(ElementState::Pressed)],
        TouchPhase::Moved => vec![moved],
        TouchPhase::Ended | TouchPhase::Cancelled => vec![button(ElementState::Released)],
    }
}
