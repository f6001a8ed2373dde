//! A fixed-timestep clock ("Fix your timestep!", Glenn Fiedler): rendered frames of any length
//! feed an accumulator, which is spent in whole simulation steps of one fixed length; what is
//! left over is the blend factor for drawing between the last two steps.
//!
//! A speed factor ([`FixedTimestep::set_speed`]) runs the game's time slower or faster than the
//! wall clock's: each frame's time is multiplied by it before it is spent in steps, so the
//! steps stay as long (the same game, slower or faster), only fewer or more of them run per
//! second.

use crate::config::MAX_FRAME_TIME;
use crate::sim::tuning::FIXED_TIMESTEP;

/// Slowest and fastest speed factor [`FixedTimestep::set_speed`] takes (others are clamped to
/// them): ⅛ to 8 times the wall clock.
pub const SPEED_RANGE: (f32, f32) = (0.125, 8.0);

/// How much less than a step the accumulator may hold and still run it, as a fraction of a
/// step (of a 1/240 s step: 42 µs, which no one sees, and the time is not lost: a step run
/// early leaves the accumulator that much below zero). Frame times come as `f32`, whose
/// rounding (1/100 s is 2 × 10⁻¹⁰ s short) adds up over many frames: without the slack, frames
/// that add up to a whole number of steps would now and then run one too few until the next
/// frame. It covers the rounding of about ten minutes of game time however it falls.
const STEP_SLACK: f64 = 1e-2;

/// Turns frame times into a whole number of fixed steps, carrying the remainder over.
///
/// Use: [`FixedTimestep::accumulate`] a frame's time, run a step for each `true` of
/// [`FixedTimestep::step`], then draw with [`FixedTimestep::blend`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedTimestep {
    /// Length of one step, seconds (of game time), as [`exact_step`] reads it.
    step: f64,
    /// Longest frame time counted, wall-clock seconds: after a stall the game slows down
    /// instead of running hundreds of catch-up steps.
    max_frame_time: f32,
    /// Game seconds per wall-clock second (1: normal speed).
    speed: f64,
    /// Game time fed in and not yet spent in steps, seconds. `f64`, so that hours of frames
    /// add up without losing a step to rounding.
    accumulator: f64,
}

impl Default for FixedTimestep {
    /// The game's clock: steps of [`FIXED_TIMESTEP`], frames capped at [`MAX_FRAME_TIME`],
    /// normal speed.
    fn default() -> FixedTimestep {
        FixedTimestep::new(FIXED_TIMESTEP, MAX_FRAME_TIME)
    }
}

impl FixedTimestep {
    /// A clock with steps of `step` seconds that counts at most `max_frame_time` seconds of any
    /// one frame, at normal speed. Both must be positive.
    pub fn new(step: f32, max_frame_time: f32) -> FixedTimestep {
        debug_assert!(step > 0.0 && max_frame_time > 0.0);
        FixedTimestep {
            step: exact_step(step),
            max_frame_time,
            speed: 1.0,
            accumulator: 0.0,
        }
    }

    /// Sets the speed factor: game seconds per wall-clock second, from the next
    /// [`FixedTimestep::accumulate`] on (0.5: half speed, each step lasting twice as long on
    /// screen; 2: double speed). Clamped to [`SPEED_RANGE`]; not a number gives 1. The factor
    /// is kept to a millionth, so that 0.7 (not exact as an `f32`) counts as 0.7.
    pub fn set_speed(&mut self, factor: f32) {
        let factor = if factor.is_nan() {
            1.0
        } else {
            factor.clamp(SPEED_RANGE.0, SPEED_RANGE.1)
        };
        self.speed = (f64::from(factor) * 1e6).round() / 1e6;
    }

    /// The speed factor: game seconds per wall-clock second.
    pub fn speed(&self) -> f32 {
        self.speed as f32
    }

    /// Feeds one frame's wall-clock time, `dt` seconds: cut to the maximum frame time, then
    /// multiplied by the speed factor. The cut applies to the wall clock's time, so a stall
    /// costs the same at any speed, and at a speed above 1 a frame of up to the maximum runs
    /// all the steps its time holds (up to `max_frame_time × speed / step` of them).
    pub fn accumulate(&mut self, dt: f32) {
        let dt = f64::from(dt.min(self.max_frame_time).max(0.0));
        self.accumulator += dt * self.speed;
    }

    /// Takes one step's time out of the accumulator if there is enough: `true` means "run one
    /// step now". Call it in a loop until it returns `false`.
    pub fn step(&mut self) -> bool {
        if self.accumulator >= self.step * (1.0 - STEP_SLACK) {
            self.accumulator -= self.step;
            true
        } else {
            false
        }
    }

    /// How far the clock is between the last step and the next, from 0 to 1 (below 1 once
    /// [`FixedTimestep::step`] returned `false`): the interpolation factor for drawing.
    pub fn blend(&self) -> f32 {
        ((self.accumulator / self.step) as f32).clamp(0.0, 1.0)
    }

    /// Length of one step, seconds.
    pub fn step_seconds(&self) -> f32 {
        self.step as f32
    }
}

/// `step` seconds as an `f64`: exactly 1/n when it is the `f32` nearest 1/n for a whole n
/// (1/240 s as an `f32` is 5 × 10⁻⁸ of itself too long, which an hour of steps would add up to
/// most of a step), else as it is.
fn exact_step(step: f32) -> f64 {
    let step = f64::from(step);
    let rate = (1.0 / step).round();
    if rate >= 1.0 && (rate * step - 1.0).abs() < 1e-6 {
        1.0 / rate
    } else {
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `dt` and returns how many steps it ran.
    fn frame(clock: &mut FixedTimestep, dt: f32) -> u32 {
        clock.accumulate(dt);
        let mut steps = 0;
        while clock.step() {
            steps += 1;
        }
        steps
    }

    // Step and frame lengths below are multiples of 1/64 s, exact in binary, so the expected
    // counts are exact; the game's own 1/240 s clock is checked with a one-step tolerance.

    #[test]
    fn a_long_frame_runs_at_most_max_over_step_steps() {
        let mut clock = FixedTimestep::new(1.0 / 64.0, 0.25);
        assert_eq!(frame(&mut clock, 10.0), 16, "a 10 s stall counts as 0.25 s");
        assert_eq!(clock.blend(), 0.0);
        let mut game = FixedTimestep::default();
        let most = (MAX_FRAME_TIME / FIXED_TIMESTEP).round() as u32;
        let steps = frame(&mut game, 3600.0);
        assert!(
            steps <= most && steps + 1 >= most,
            "{steps} steps, cap {most}"
        );
    }

    #[test]
    fn frames_run_the_steps_their_time_holds_and_carry_the_rest() {
        // Frames shorter than a step run none until their time adds up to one: 3/64 s frames,
        // 8/64 s steps.
        let mut clock = FixedTimestep::new(8.0 / 64.0, 0.25);
        let steps: Vec<u32> = (0..10).map(|_| frame(&mut clock, 3.0 / 64.0)).collect();
        assert_eq!(steps, [0, 0, 1, 0, 0, 1, 0, 1, 0, 0]);
        assert_eq!(clock.blend(), 6.0 / 8.0);
        // Frames longer than a step run several: 5/64 s frames, 2/64 s steps.
        let mut clock = FixedTimestep::new(2.0 / 64.0, 0.25);
        let steps: Vec<u32> = (0..4).map(|_| frame(&mut clock, 5.0 / 64.0)).collect();
        assert_eq!(steps, [2, 3, 2, 3]);
        // The game's clock: 60 frames of 1/60 s are 240 steps of 1/240 s, give or take the
        // rounding of 1/60 and 1/240 in f32.
        let mut game = FixedTimestep::default();
        let total: u32 = (0..60).map(|_| frame(&mut game, 1.0 / 60.0)).sum();
        assert!((239..=240).contains(&total), "{total} steps");
    }

    #[test]
    fn blend_is_the_leftover_fraction_of_a_step_below_one() {
        let mut clock = FixedTimestep::new(1.0 / 64.0, 0.25);
        assert_eq!(clock.blend(), 0.0);
        frame(&mut clock, 5.0 / 128.0);
        assert_eq!(clock.blend(), 0.5);
        let mut game = FixedTimestep::default();
        for i in 0..2000 {
            frame(&mut game, 0.0005 + (i % 37) as f32 * 0.0007);
            let blend = game.blend();
            assert!((0.0..1.0).contains(&blend), "frame {i}: blend {blend}");
        }
    }

    /// The steps `seconds` of wall-clock time run at `factor`, fed as frames of `1/fps`
    /// seconds (an `f32`, as the app measures them).
    fn steps_in(seconds: u32, factor: f32, fps: u32) -> u32 {
        let mut clock = FixedTimestep::default();
        clock.set_speed(factor);
        let dt = 1.0 / fps as f32;
        (0..seconds * fps).map(|_| frame(&mut clock, dt)).sum()
    }

    /// N seconds at speed f run exactly round(N × f × 240) steps of 1/240 s, whatever the
    /// frame rate: the game speed's 50–100 %, and a replay's slow motion (⅛ ¼ ½) and fast
    /// play (×2 ×4 ×8).
    #[test]
    fn n_seconds_at_factor_f_run_exactly_n_f_240_steps() {
        let factors = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.125, 0.25, 2.0, 4.0, 8.0];
        for seconds in [1, 7, 60] {
            for factor in factors {
                for fps in [60, 100, 144, 240, 1000] {
                    let expected = (seconds as f64 * f64::from(factor) * 240.0).round() as u32;
                    assert_eq!(
                        steps_in(seconds, factor, fps),
                        expected,
                        "{seconds} s at ×{factor}, {fps} frames/s"
                    );
                }
            }
        }
        // Uneven frames (4, 11, 17 and 8 ms, 25 times a second) too.
        let mut clock = FixedTimestep::default();
        clock.set_speed(0.7);
        let pattern = [0.004, 0.011, 0.017, 0.008];
        let steps: u32 = (0..60 * 25)
            .flat_map(|_| pattern)
            .map(|dt| frame(&mut clock, dt))
            .sum();
        assert_eq!(steps, 10_080, "60 s at 70 %");
    }

    /// The longest frame is cut on the wall clock, before the speed applies: a stall costs the
    /// same wall-clock time at any speed, and fast play still runs all of a long frame's steps.
    #[test]
    fn the_frame_time_cut_applies_before_the_speed() {
        for (factor, steps) in [(0.5, 30), (1.0, 60), (4.0, 240), (8.0, 480)] {
            let mut clock = FixedTimestep::default();
            clock.set_speed(factor);
            assert_eq!(frame(&mut clock, 10.0), steps, "a 10 s stall at ×{factor}");
            assert_eq!(frame(&mut clock, MAX_FRAME_TIME), steps, "×{factor}");
        }
    }

    #[test]
    fn the_speed_is_clamped_and_changes_carry_the_remainder_over() {
        let mut clock = FixedTimestep::new(1.0 / 64.0, 0.25);
        assert_eq!(clock.speed(), 1.0);
        clock.set_speed(100.0);
        assert_eq!(clock.speed(), SPEED_RANGE.1);
        clock.set_speed(0.0);
        assert_eq!(clock.speed(), SPEED_RANGE.0);
        clock.set_speed(f32::NAN);
        assert_eq!(clock.speed(), 1.0);
        // Half a step at half speed, then half a step at double speed: 0.25 + 1 step's time.
        clock.set_speed(0.5);
        assert_eq!(frame(&mut clock, 1.0 / 128.0), 0);
        assert_eq!(clock.blend(), 0.25);
        clock.set_speed(2.0);
        assert_eq!(frame(&mut clock, 1.0 / 128.0), 1);
        assert_eq!(clock.blend(), 0.25);
    }
}
