#!/usr/bin/env bash
# Remakes the README's screenshots with the game's own --screenshot (under Xvfb if there is no
# display). Usage: docs/screenshots.sh   (from anywhere; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
    if [ -n "${DISPLAY:-}" ]; then ./target/release/breakout --mute "$@"; else xvfb-run -a ./target/release/breakout --mute "$@"; fi
}
# A config that makes power-ups frequent, so the play screenshot shows some.
printf '[powerups]\ngood_chance = 0.15\nbad_chance = 0.0\n' > "$tmp/showcase.toml"
# A one-row level the bot clears in a few seconds, for the win screen.
printf '@name: Showcase\n0 2 3 4 5 4 3 2 0\n' > "$tmp/showcase.lvl"

# Frame counts, not seconds: the game runs at several hundred frames per second under Xvfb, so the
# counts are large enough for the bot to get somewhere (the win screen stays up once reached).
run --frames 40 --screenshot "$out/menu.png"
run --level 04-rainbow --autoplay --seed 5 --config "$tmp/showcase.toml" --frames 2500 --screenshot "$out/play.png"
run --level 03-fortress --autoplay --seed 2 --effect chaos --frames 600 --screenshot "$out/chaos.png"
run --level "$tmp/showcase.lvl" --autoplay --seed 1 --frames 12000 --screenshot "$out/won.png"
run --level 02-gates --autoplay --seed 3 --collision swept --debug-overlay --frames 2000 --screenshot "$out/overlay.png"
echo "screenshots written to $out/"
