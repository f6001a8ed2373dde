//! A fixed-timestep clock ("Fix your timestep!", Glenn Fiedler): rendered frames of any length
//! feed an accumulator, which is spent in whole simulation steps of one fixed length; what is
//! left over is the blend factor for drawing between the last two steps.

use crate::sim::tuning::{FIXED_TIMESTEP, MAX_FRAME_TIME};

/// Turns frame times into a whole number of fixed steps, carrying the remainder over.
///
/// Use: [`FixedTimestep::accumulate`] a frame's time, run a step for each `true` of
/// [`FixedTimestep::step`], then draw with [`FixedTimestep::blend`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedTimestep {
    /// Length of one step, seconds.
    step: f32,
    /// Longest frame time counted, seconds: after a stall the game slows down instead of
    /// running hundreds of catch-up steps.
    max_frame_time: f32,
    /// Time fed in and not yet spent in steps, seconds.
    accumulator: f32,
}

impl Default for FixedTimestep {
    /// The game's clock: steps of [`FIXED_TIMESTEP`], frames capped at [`MAX_FRAME_TIME`].
    fn default() -> FixedTimestep {
        FixedTimestep::new(FIXED_TIMESTEP, MAX_FRAME_TIME)
    }
}

impl FixedTimestep {
    /// A clock with steps of `step` seconds that counts at most `max_frame_time` seconds of any
    /// one frame. Both must be positive.
    pub fn new(step: f32, max_frame_time: f32) -> FixedTimestep {
        debug_assert!(step > 0.0 && max_frame_time > 0.0);
        FixedTimestep {
            step,
            max_frame_time,
            accumulator: 0.0,
        }
    }

    /// Feeds one frame's time, `dt` seconds (cut to the maximum frame time).
    pub fn accumulate(&mut self, dt: f32) {
        self.accumulator += dt.min(self.max_frame_time);
    }

    /// Takes one step's time out of the accumulator if there is enough: `true` means "run one
    /// step now". Call it in a loop until it returns `false`.
    pub fn step(&mut self) -> bool {
        if self.accumulator >= self.step {
            self.accumulator -= self.step;
            true
        } else {
            false
        }
    }

    /// How far the clock is between the last step and the next, from 0 to 1 (below 1 once
    /// [`FixedTimestep::step`] returned `false`): the interpolation factor for drawing.
    pub fn blend(&self) -> f32 {
        (self.accumulator / self.step).clamp(0.0, 1.0)
    }

    /// Length of one step, seconds.
    pub fn step_seconds(&self) -> f32 {
        self.step
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
}
