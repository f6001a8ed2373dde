//! Frame-time statistics for `--stats`.

use crate::render::RenderStats;
use serde::Serialize;

/// The JSON line printed by `--stats` on exit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameStats {
    /// Frames rendered.
    pub frames: u64,
    /// Wall-clock seconds from the first frame to exit.
    pub seconds: f64,
    /// Average frames per second.
    pub fps: f64,
    /// Median frame time, milliseconds.
    pub frame_ms_p50: f64,
    /// 99th-percentile frame time, milliseconds.
    pub frame_ms_p99: f64,
    /// Draw calls per frame, as counted by the renderer.
    pub draw_calls_per_frame: f64,
    /// Particles alive per frame, on average (the effects layer's count).
    pub particles_per_frame: f64,
    /// Times the renderer redrew its cached backdrop (background and bricks), wholly or in part.
    pub backdrop_redraws: u64,
    /// Fixed simulation steps run (of `FIXED_TIMESTEP` seconds each), over every level played:
    /// the game time covered, which with `--frame-time` is the same on every run.
    pub game_steps: u64,
}

impl FrameStats {
    /// Computes the statistics from per-frame times (seconds), the total time, the renderer's
    /// counters, the particles drawn over all frames and the simulation steps run.
    pub fn from_samples(
        frame_times: &[f64],
        seconds: f64,
        render: RenderStats,
        particles: u64,
        game_steps: u64,
    ) -> FrameStats {
        let draw_calls = render.draw_calls;
        let frames = frame_times.len() as u64;
        let mut sorted = frame_times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let percentile = |p: f64| {
            if sorted.is_empty() {
                0.0
            } else {
                let i = ((sorted.len() - 1) as f64 * p).round() as usize;
                sorted[i] * 1000.0
            }
        };
        FrameStats {
            frames,
            seconds,
            fps: if seconds > 0.0 {
                frames as f64 / seconds
            } else {
                0.0
            },
            frame_ms_p50: percentile(0.5),
            frame_ms_p99: percentile(0.99),
            draw_calls_per_frame: if frames > 0 {
                draw_calls as f64 / frames as f64
            } else {
                0.0
            },
            particles_per_frame: if frames > 0 {
                particles as f64 / frames as f64
            } else {
                0.0
            },
            backdrop_redraws: render.backdrop_redraws,
            game_steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_come_from_the_samples() {
        let times: Vec<f64> = (1..=100).map(|i| i as f64 / 1000.0).collect();
        let render = RenderStats {
            frames: 100,
            draw_calls: 300,
            backdrop_redraws: 7,
        };
        let s = FrameStats::from_samples(&times, 2.0, render, 1000, 480);
        assert_eq!(s.backdrop_redraws, 7);
        assert_eq!(s.game_steps, 480);
        assert_eq!(s.frames, 100);
        assert!((s.frame_ms_p50 - 50.0).abs() <= 1.0);
        assert!((s.frame_ms_p99 - 99.0).abs() <= 1.0);
        assert_eq!(s.draw_calls_per_frame, 3.0);
        assert_eq!(s.particles_per_frame, 10.0);
        assert_eq!(s.fps, 50.0);
    }
}
