#!/usr/bin/env bash
# Random-playout speed against OpenSpiel's native C++, interleaved rounds (docs/speed.md). Each of
# our figures is the median of three runs
# of `cards simulate GAME --bots random --json --threads 1` (field ns_per_action), as each of the
# anchor's is the median of three; run it on an idle machine.
#
#   scripts/speed.sh [ROUNDS]     (default 6)
#   NO_BUILD=1 scripts/speed.sh   measure the release cards already built
#
# The binary is target/release/cards, or under $CARGO_TARGET_DIR if set. Each round's line starts
# with the load average (/proc/loadavg) at its start and ends with it at its end: on a loaded
# machine the ratios measure the scheduler as much as the code.
#
# Needs OpenSpiel: python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open-spiel==2.0.2
# and the rule repository's bench script at ../shared/bench/openspiel_anchor.py.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-6}"
if [ -z "${NO_BUILD:-}" ]; then
  cargo build --release -p cli --locked -q
fi
cards="${CARGO_TARGET_DIR:-./target}/release/cards"
anchor() { /tmp/osvenv/bin/python ../shared/bench/openspiel_anchor.py rollout "$1" 2>&1 | tail -1 | sed "s/$1 rollout: //"; }
one() {
  "$cards" simulate "$1" --games "$2" --bots random --json --threads 1 |
    python3 -c "import json,sys;print(round(json.load(sys.stdin)['ns_per_action'],1))"
}
ours() {
  local a b c
  a=$(one "$1" "$2"); b=$(one "$1" "$2"); c=$(one "$1" "$2")
  python3 -c "import statistics;print(f'{statistics.median([$a,$b,$c])} ($a, $b, $c)')"
}
# The games come from the command's registry (`cards list`), as in .ci/run. Each game's deals per
# run, and the OpenSpiel game measured just before it (docs/speed.md: Dou Dizhu beside the
# climbing games, Tarok beside Cego, Gin Rummy beside 3 to 13); a game not named here runs 10000
# deals with no anchor of its own.
games="$("$cards" list | awk '{print $1}')"
declare -A deals=([cego]=30000 [contract-rummy]=2000)
declare -A anchor_of=([grosse-kleine-a]=dou_dizhu [cego]=tarok [contract-rummy]=gin_rummy)
for r in $(seq 1 "$rounds"); do
  line="round $r | load $(cut -d' ' -f1 /proc/loadavg)"
  for game in $games; do
    if [ -n "${anchor_of[$game]:-}" ]; then
      line="$line | ${anchor_of[$game]} $(anchor "${anchor_of[$game]}")"
    fi
    line="$line | $game $(ours "$game" "${deals[$game]:-10000}")"
  done
  echo "$line | load $(cut -d' ' -f1 /proc/loadavg)"
done
