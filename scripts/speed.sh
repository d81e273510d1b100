#!/usr/bin/env bash
# Random-playout speed against OpenSpiel's native C++, interleaved rounds (docs/speed.md). Each of
# our figures is the median of three runs
# of `cards simulate GAME --bots random --json --threads 1` (field ns_per_action), as each of the
# anchor's is the median of three; run it on an idle machine.
#
#   scripts/speed.sh [ROUNDS]     (default 6)
#
# Needs OpenSpiel: python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open-spiel==2.0.2
# and the rule repository's bench script at ../shared/bench/openspiel_anchor.py.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-6}"
cargo build --release -p cli --locked -q
cards=./target/release/cards
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
for r in $(seq 1 "$rounds"); do
  d=$(anchor dou_dizhu)
  g=$(ours grosse-kleine-a 10000); e=$(ours einer-ist-immer 10000); b=$(ours big-a 10000)
  t=$(anchor tarok); c=$(ours cego 30000)
  n=$(anchor gin_rummy); m=$(ours contract-rummy 2000)
  echo "round $r | load $(cut -d' ' -f1 /proc/loadavg) | dou_dizhu $d | grosse-kleine-a $g | einer-ist-immer $e | big-a $b | tarok $t | cego $c | gin_rummy $n | contract-rummy $m"
done
