#!/usr/bin/env bash
# Seeds the corpora of the replay fuzz targets from real replays: the regression replays of
# tests/replays/ and short games of the bot recorded by `breakout simulate --record` (every
# collision mode, power-ups on and off). replay_file gets the files; replay_body gets their
# bodies (the postcard encoding, inflated from byte 14 on), which it deflates and checksums
# itself. Then, from the repository root (cargo install cargo-fuzz; nightly for coverage):
#
#   cargo +nightly fuzz run -s none replay_file -- -max_total_time=600
#   cargo +nightly fuzz run -s none replay_body -- -max_total_time=600
#
# A crashing input is saved under fuzz/artifacts/<target>/; replay it with
# `cargo +nightly fuzz run -s none <target> <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
files=fuzz/corpus/replay_file
bodies=fuzz/corpus/replay_body
mkdir -p "$files" "$bodies"
cp tests/replays/*.bkreplay "$files/"
printf '[powerups]\ngood_chance = 0.3\nbad_chance = 0.2\n' > "$files/../powerups.toml"
for level in 01-first-steps 03-fortress 04-rainbow 07-diamond-core; do
    for mode in aabb clamp zones cross swept; do
        ./target/release/breakout simulate --level "$level" --steps 700 --seed 3 --collision "$mode" \
            --record "$files/$level-$mode.bkreplay" > /dev/null
    done
    ./target/release/breakout simulate --level "$level" --steps 1500 --seed 4 \
        --config "$files/../powerups.toml" --record "$files/$level-powerups.bkreplay" > /dev/null
done
rm "$files/../powerups.toml"
for f in "$files"/*.bkreplay; do
    python3 -c 'import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], "rb").read()[14:], -15))' \
        "$f" > "$bodies/$(basename "$f" .bkreplay).body"
done
echo "seeded $(ls "$files" | wc -l) files into $files and $(ls "$bodies" | wc -l) bodies into $bodies"
