//! Replay sizes: for each `.bkreplay` file given, its steps, its runs of identical inputs and
//! its size, and what the size is per minute of play, in all and beyond what a replay of no
//! step of the same game takes (its header: the level's text, the settings); then the totals.
//!
//! ```sh
//! cargo run --release --example replay_size -- FILE...
//! ```
//!
//! Used to compare keyboard, mouse and bot play (`breakout --record FILE`, or the recent games in
//! the data directory's `replays/recent`).

use breakout::replay::{file, Replay};

fn main() {
    let mut total = (0u64, 0usize, 0usize);
    for path in std::env::args().skip(1) {
        let replay = match file::read(std::path::Path::new(&path)) {
            Ok(replay) => replay,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let bytes = file::encode(&replay).len();
        let bare = file::encode(&Replay {
            inputs: Default::default(),
            changes: Vec::new(),
            hashes: Vec::new(),
            end: None,
            ..replay.clone()
        })
        .len();
        let minutes = replay.seconds() / 60.0;
        println!(
            "{path}: {} steps ({:.1} s), {} runs, {bytes} bytes ({bare} without a step): \
             {:.0} bytes/minute, {:.0} beyond the header",
            replay.steps(),
            replay.seconds(),
            replay.inputs.run_count(),
            bytes as f64 / minutes,
            (bytes - bare) as f64 / minutes
        );
        total.0 += replay.steps();
        total.1 += bytes;
        total.2 += bytes - bare;
    }
    let minutes = total.0 as f64 / 240.0 / 60.0;
    println!(
        "total: {:.2} minutes, {} bytes: {:.0} bytes/minute, {:.0} beyond the headers",
        minutes,
        total.1,
        total.1 as f64 / minutes,
        total.2 as f64 / minutes
    );
}
