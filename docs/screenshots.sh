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
# Sound into a null ALSA device rather than --mute, which would show "MUTED" in the pictures.
export ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:$PWD/tests/fixtures/alsa-null.conf"
run() {
    if [ -n "${DISPLAY:-}" ]; then ./target/release/breakout "$@"; else xvfb-run -a ./target/release/breakout "$@"; fi
}
# A config that makes power-ups frequent, so the play screenshot shows some.
printf '[powerups]\ngood_chance = 0.15\nbad_chance = 0.0\n' > "$tmp/showcase.toml"
# The README's first picture: five seconds of the bot on 04-rainbow with those power-ups,
# recorded with simulate --record and drawn by replay --export (both headless: no window).
./target/release/breakout simulate --level 04-rainbow --steps 7200 --seed 5 --config "$tmp/showcase.toml" \
    --record "$tmp/showcase.bkreplay" > /dev/null
./target/release/breakout replay "$tmp/showcase.bkreplay" --export "$out/replay.gif" --from 8 --to 13 \
    --fps 20 --size 480x360
# A one-row level the bot clears in a few seconds, for the win screen.
printf '@name: Showcase\n0 2 3 4 5 4 3 2 0\n' > "$tmp/showcase.lvl"

# Each frame advances the game by 1/60 s (--frame-time), so a frame count is a game time and the
# pictures are the same on every run and machine: 240 frames = 4 s of play.
ft=(--frame-time 0.0166667)
# The menu as a player with the other Breakouts installed sees it: their unpacked packages
# (bash .ci/fetch-foreign-levels) are found through XDG_DATA_DIRS, as installed games would be.
foreign="${BREAKOUT_FOREIGN_LEVELS:-target/foreign-levels}/usr/share"
case "$foreign" in /*) ;; *) foreign="$PWD/$foreign" ;; esac
if [ -d "$foreign" ]; then
    XDG_DATA_DIRS="$foreign${XDG_DATA_DIRS:+:$XDG_DATA_DIRS}" run "${ft[@]}" --frames 40 --screenshot "$out/menu.png"
else
    echo "NOTE: $foreign not found (bash .ci/fetch-foreign-levels): the menu shows the shipped set only" >&2
    run "${ft[@]}" --frames 40 --screenshot "$out/menu.png"
fi
run --level 04-rainbow --autoplay --seed 5 --config "$tmp/showcase.toml" "${ft[@]}" --frames 240 --screenshot "$out/play.png"
run --level 03-fortress --autoplay --seed 2 --effect chaos "${ft[@]}" --frames 150 --screenshot "$out/chaos.png"
run --level "$tmp/showcase.lvl" --autoplay --seed 1 "${ft[@]}" --frames 2400 --screenshot "$out/won.png"
run --level 02-gates --autoplay --seed 3 --collision swept --debug-overlay "${ft[@]}" --frames 240 --screenshot "$out/overlay.png"
# Power-ups kept on (--powerup) on an LBreakout2 level, when the foreign packages are unpacked.
if [ -d "$foreign/games/lbreakout2/levels" ]; then
    run --set "$foreign/games/lbreakout2/levels/Arcade" --level 2 --autoplay --seed 3 "${ft[@]}" --frames 200 \
        --powerup weapon --powerup multiball --powerup bonus-floor --powerup aim-helper --powerup shrink \
        --powerup ghost --screenshot "$out/powerups.png"
fi
# Every brick kind in LBreakout2's geometry (14 × 18 bricks of 57×25 px): walls, metal and
# chaotic, the plain colours, bricks holding power-ups (their capsules), explosive, regenerating
# (1–3 hits), growing, own colours; the last
# row holds invisible and hidden bricks, which are not drawn; 8 empty rows below. No window
# needed.
cat > "$tmp/kinds.lvl" <<'LEVEL'
@name: Brick kinds
@area: 0 25 800 450
1   1   1   1   1   1   1   1   1   1   1   1   1   1
M   M   M   M   M   C   C   C   C   M   M   M   M   M
2   3   4   5   6   7   8   9   2   3   4   5   6   7
2+S 3+T 4+P 5+W 6+C 7+X 8+M 9+L 4*3+gold-shower R*2+frozen X+random G+joker 2:000000+next-level 2:FFFFFF+shrink
X   X   X   X   0   R   R*2 R*3 R*3 R*2 R   0   G   G
X   X   X   X   0   R   R*2 R*3 R*3 R*2 R   0   G   G
0   0   0   0   0   0   0   0   0   0   0   0   0   0
2:FF3F3F X:FF913F 2:FFE33F 2:C8FF3F X:76FF3F 2:3FFF5B 2:3FFFAD X:3FFFFF 2:3FADFF 2:3F5BFF X:763FFF 2:C83FFF 2:FF3FE3 X:FF3F91
0   0   0   0   0   0   0   0   0   0   0   0   0   0
I   I   I   I   H   H   H   H   I   I   I   I   H   H
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
0   0   0   0   0   0   0   0   0   0   0   0   0   0
LEVEL
./target/release/breakout preview "$tmp/kinds.lvl" -o docs/brick-kinds.png
# The level editor on a level with a brick walled in by solid bricks: check's warning is marked
# on it and shown under the grid.
cat > "$tmp/editor.lvl" <<'LEVEL'
@name: Keep
# a yellow brick behind walls, a gate of metal
1 1 1 0 0 0 0 0 0 0 0 1 1 1
1 4 1 0 2 2 2 2 2 2 0 1 6 1
1 1 1 0 3 3+W 3 3 3+M 3 0 1 M 1
0 0 0 0 5*2 5*2 X X 5*2 5*2 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0
LEVEL
if [ -n "${DISPLAY:-}" ]; then ed=(); else ed=(xvfb-run -a); fi
"${ed[@]}" ./target/release/breakout edit "$tmp/editor.lvl" --mute --frames 5 --screenshot "$out/editor.png"
# The same in a 1920x1080 window, beside editor.png (800x600) in the README's text section:
# glyphs are rasterised at the window's pixel size, so the larger picture's text is sharper,
# not blurrier.
"${ed[@]}" ./target/release/breakout edit "$tmp/editor.lvl" --mute --window-size 1920x1080 --frames 5 \
    --screenshot "$out/text-1920x1080.png"
# The settings screen (F3 in the menu, pressed by xdotool), with a player's file holding a
# mistake, which the screen lists.
mkdir -p "$tmp/.config/breakout"
printf '# mine\n[audio]\nmusic_volume = 0.4\n[effects]\ntrail_rate = -5   # a typo\n' > "$tmp/.config/breakout/breakout.toml"
settings_shot() {
    HOME="$tmp" XDG_CONFIG_HOME="$tmp/.config" ./target/release/breakout --frame-time 0.0166667 --frames 300 --screenshot "$out/settings.png" &
    local pid=$! window=""
    while [ -z "$window" ]; do sleep 0.2; window=$(xdotool search --pid "$pid" --name Breakout 2>/dev/null | head -1 || true); done
    sleep 0.3
    xdotool windowfocus --sync "$window" key F3 Down Down
    wait "$pid"
}
# xvfb-run is a POSIX sh script, which drops bash's exported functions: the function's text is
# handed to the inner bash instead.
if [ -n "${DISPLAY:-}" ]; then settings_shot; else export tmp out; xvfb-run -a bash -c "$(declare -f settings_shot); settings_shot"; fi
echo "screenshots written to $out/ (replay.gif, editor.png and settings.png too) and docs/brick-kinds.png"
