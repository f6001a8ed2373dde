//! Driving the game's window from a test, as a player would: `xdotool` (CI installs it), the
//! game's process killed if the test fails, polling until something shows.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Runs `xdotool` with `args` and returns what it printed (window ids, a window's name…).
pub fn xdotool(args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .output()
        .expect("xdotool is needed for this test (.ci/run installs it: apt-get install xdotool)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A child process killed on drop (so a failing assertion leaves nothing running).
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Polls `what` every 200 ms until it gives `Some`, or panics after 30 s with `why`.
pub fn wait_for<T>(why: &str, mut what: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(found) = what() {
            return found;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{why}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Waits up to 30 s for `child` (its stderr piped) to end by itself, panicking with `why` if it
/// does not (after killing it); then checks that it ended well, its stderr in the message.
pub fn wait_success(mut child: Child, why: &str) {
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{why}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        std::io::Read::read_to_string(&mut pipe, &mut stderr).unwrap();
    }
    assert!(status.success(), "breakout failed ({status}): {stderr}");
}

/// Fails at once, saying how to run it, a test that opens a window without a display.
pub fn require_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "this test opens a window: run it under `xvfb-run -a cargo test` (see README)"
    );
}
