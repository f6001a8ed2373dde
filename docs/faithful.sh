#!/usr/bin/env bash
# Remakes the pictures of docs/import.md's "Faithful: ours beside the originals": for two levels
# each of LBreakout2, SDL-Ball and KBreakOut, docs/faithful/<game>-<n>-ours.png as this game draws
# the level (`breakout preview --set FILE --level N`) and
# docs/faithful/originals/<game>-<n>-original.png as the original game lays it out, from its own
# brick pictures (examples/original_look.rs).
#
# Usage: docs/faithful.sh [DIR]   (from anywhere; builds the release binary and the example first)
# DIR holds the other games' unpacked Debian packages (default target/foreign-levels, which
# `bash .ci/fetch-foreign-levels` fills). Their graphics are GPL: they are read from DIR, and the
# pictures made from them go to docs/faithful/originals/, which git ignores (.gitignore): only
# this game's own pictures are committed. KBreakOut's theme is SVG, rendered with
# rsvg-convert (Debian: apt-get install librsvg2-bin). No window or display server is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-target/foreign-levels}"
if ! command -v rsvg-convert >/dev/null; then
    echo "docs/faithful.sh: rsvg-convert is needed for KBreakOut's SVG theme (Debian: apt-get install librsvg2-bin)" >&2
    exit 2
fi
lb2="$dir/usr/share/games/lbreakout2/levels/Color"
kb="$dir/usr/share/kbreakout/levelsets/default.levelset"
sb="$dir/usr/share/games/sdl-ball/default/levels.txt"
for file in "$lb2" "$kb" "$sb"; do
    if [ ! -f "$file" ]; then
        echo "docs/faithful.sh: $file is missing (bash .ci/fetch-foreign-levels [DIR] unpacks the packages)" >&2
        exit 2
    fi
done
cargo build --release --quiet --bins --example original_look
out=docs/faithful
originals="$out/originals"
mkdir -p "$out" "$originals"
# Draws level LEVEL of FILE (format FORMAT) both ways: docs/faithful/GAME-LEVEL-ours.png and
# docs/faithful/originals/GAME-LEVEL-original.png.
pair() {
    local game="$1" format="$2" file="$3" level="$4"
    ./target/release/breakout preview --set "$file" --level "$level" --size 400x300 \
        -o "$out/$game-$level-ours.png" 2>/dev/null
    ./target/release/examples/original_look --format "$format" "$file" --level "$level" \
        --width 400 -o "$originals/$game-$level-original.png"
}
# Levels with many colours, walls and special bricks.
pair lbreakout2 lbreakout2 "$lb2" 1 # Color 1 "Colorful": eight colours, strong, regenerating, metal, TNT, growing
pair lbreakout2 lbreakout2 "$lb2" 14 # Color 14 "Stones": walls, metal, strong, chaotic, a row of colours
pair sdlball sdlball "$sb" 15 # custom colours (D), cement, doom, explosive
pair sdlball sdlball "$sb" 33 # eleven kinds: glass, invisible, doom, explosive, cement, colours
pair kbreakout kbreakout "$kb" 16 # PlainBrick1-6, unbreakable, exploding, hidden
pair kbreakout kbreakout "$kb" 19 # multiple (3 hits), exploding, hidden, colours
echo "pictures written to $out/ (this game's) and $originals/ (the originals', not committed)"
