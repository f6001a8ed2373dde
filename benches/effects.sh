#!/usr/bin/env bash
# Frame cost of the screen effects against the plain frame (issue 14's goal: at most 2×).
#
#   bash benches/effects.sh [ROUNDS] [BINARY...]
#
# Runs `breakout --level 04-rainbow --autoplay --seed 1 --frames 2000 --stats --no-vsync --mute
# [--effect E]` under Xvfb (1024×768 screen, the default 800×600 window) for no effect, shake,
# confuse and chaos, one after the other, ROUNDS times (default 3), so that every effect sees the
# same machine load; with several binaries (e.g. a build of the previous commit and this one)
# each run of one binary is followed by the same run of the next. Prints, per binary and effect,
# the median over the rounds of the mean frame time (1000 / fps, milliseconds) and of the p50
# frame time, and the ratio of the mean to the plain frame's.
set -euo pipefail
rounds=${1:-3}
shift || true
binaries=("$@")
[ ${#binaries[@]} -eq 0 ] && binaries=(./target/release/breakout)
effects=(none shake confuse chaos)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for round in $(seq "$rounds"); do
    for effect in "${effects[@]}"; do
        for i in "${!binaries[@]}"; do
            args=(--level 04-rainbow --autoplay --seed 1 --frames 2000 --stats --no-vsync --mute)
            [ "$effect" != none ] && args+=(--effect "$effect")
            line=$(xvfb-run -a -s "-screen 0 1024x768x24" "${binaries[$i]}" "${args[@]}" 2>/dev/null |
                grep '"fps"' | tail -1)
            fps=$(sed -E 's/.*"fps":([0-9.]+).*/\1/' <<<"$line")
            p50=$(sed -E 's/.*"frame_ms_p50":([0-9.]+).*/\1/' <<<"$line")
            echo "$fps $p50" >>"$out/$i-$effect"
            echo "round $round, $effect, ${binaries[$i]}: $fps fps, p50 $p50 ms" >&2
        done
    done
done
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
for i in "${!binaries[@]}"; do
    echo "${binaries[$i]} (median of $rounds rounds)"
    printf '%-8s %10s %10s %7s\n' effect mean_ms p50_ms ratio
    base=$(awk '{print 1000/$1}' "$out/$i-none" | median)
    for effect in "${effects[@]}"; do
        mean=$(awk '{print 1000/$1}' "$out/$i-$effect" | median)
        p50=$(awk '{print $2}' "$out/$i-$effect" | median)
        printf '%-8s %10.2f %10.2f %6.1fx\n' "$effect" "$mean" "$p50" "$(awk -v a="$mean" -v b="$base" 'BEGIN {print a/b}')"
    done
done
