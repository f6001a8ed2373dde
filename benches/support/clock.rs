//! The clock the benchmarks measure with: the benchmark thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`) by default, or wall-clock time with `BENCH_CLOCK=wall`.
//!
//! The development machines have 2 cores shared with builds and tests running at the same time.
//! Wall-clock time then counts the time the benchmark thread waits for a core, which varies from
//! one benchmark to the next and would skew the ratios between them; the thread's CPU time counts
//! only the time it ran (cache and memory-bandwidth effects of other work remain). Either way the
//! values are nanoseconds, reported by criterion like its default `WallTime`. On targets without
//! a per-thread CPU clock it falls back to wall-clock time.
//!
//! Included by `benches/collision.rs` and `benches/step.rs` with `#[path]`.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;
use std::time::Instant;

/// Criterion measurement: nanoseconds of thread CPU time, or of wall-clock time.
pub struct BenchClock {
    wall: bool,
    origin: Instant,
}

impl BenchClock {
    /// Thread CPU time unless `BENCH_CLOCK=wall` is set (or the target has no such clock).
    pub fn from_env() -> BenchClock {
        let wall = std::env::var("BENCH_CLOCK").is_ok_and(|v| v == "wall") || !HAS_THREAD_CLOCK;
        eprintln!(
            "benchmark clock: {}",
            if wall {
                "wall-clock time"
            } else {
                "thread CPU time"
            }
        );
        BenchClock {
            wall,
            origin: Instant::now(),
        }
    }

    fn now_ns(&self) -> u64 {
        if self.wall {
            self.origin.elapsed().as_nanos() as u64
        } else {
            thread_cpu_ns()
        }
    }
}

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
))]
const HAS_THREAD_CLOCK: bool = true;
#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
)))]
const HAS_THREAD_CLOCK: bool = false;

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
))]
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the OS supports.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
)))]
fn thread_cpu_ns() -> u64 {
    unreachable!("no thread CPU clock on this target: BenchClock uses wall-clock time")
}

impl Measurement for BenchClock {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        self.now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        self.now_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NanosFormatter
    }
}

/// Formats nanoseconds and elements per second like criterion's wall-clock formatter.
struct NanosFormatter;

impl ValueFormatter for NanosFormatter {
    fn scale_values(&self, typical_ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical_ns < 1.0 {
            (1e3, "ps")
        } else if typical_ns < 1e3 {
            (1.0, "ns")
        } else if typical_ns < 1e6 {
            (1e-3, "µs")
        } else if typical_ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical_ns: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let (count, units): (f64, [&'static str; 4]) = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => {
                (n as f64, [" elem/s", "Kelem/s", "Melem/s", "Gelem/s"])
            }
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                (n as f64, ["  B/s", "KB/s", "MB/s", "GB/s"])
            }
            Throughput::Bits(n) => (n as f64, ["  b/s", "Kb/s", "Mb/s", "Gb/s"]),
        };
        let per_second = count * 1e9 / typical_ns;
        let (denominator, unit) = if per_second < 1e3 {
            (1.0, units[0])
        } else if per_second < 1e6 {
            (1e3, units[1])
        } else if per_second < 1e9 {
            (1e6, units[2])
        } else {
            (1e9, units[3])
        };
        values
            .iter_mut()
            .for_each(|v| *v = count * 1e9 / *v / denominator);
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
