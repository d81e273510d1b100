#!/usr/bin/env bash
# Reproduces docs/strength.md: ISMCTS against the heuristic and random bots on duplicate deals,
# random-playout speed, and OpenSpiel's native C++ figures measured in the same run.
#
#   scripts/strength.sh [GAMES] [GAME...]       (default: 300 deals, every game)
#
# OpenSpiel (optional, skipped when missing):
#   python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open-spiel==2.0.2
set -euo pipefail
cd "$(dirname "$0")/.."
deals="${1:-300}"; shift || true
games=("$@"); [ ${#games[@]} -gt 0 ] || games=(grosse-kleine-a big-a einer-ist-immer contract-rummy cego)
cargo build --release -p cli --locked -q
cards=./target/release/cards
out=target/strength; mkdir -p "$out"
summary() {  # name mean ci95 win think for each bot of a report
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for b in r["bots"]:
    it = b["iterations"] / max(b["think_s"], 1e-9) if b["iterations"] else 0
    print(f'  {b["name"]:<22} mean {b["mean"]:9.3f} ± {b["ci95"]:.3f}  win {b["win_rate"]:.3f} ± {b["win_ci95"]:.3f}'
          f'  decisions {b["decisions"]}  iters/s {it:,.0f}  median think {b["think_median_real_ms"]:.2f} ms')
    phases = b.get("think_by_phase", [])
    if len(phases) > 1:
        print('    by phase: ' + ', '.join(f'{p["phase"]} {p["median_real_ms"]:.2f} ms ({p["decisions"]})' for p in phases))
PY
}
for g in "${games[@]}"; do
  echo "== $g"
  for opp in heuristic random; do
    f="$out/$g-ismcts-vs-$opp.json"
    "$cards" simulate "$g" --games "$deals" --bots "ismcts:iters=1000,$opp" --threads 2 --json --progress-every 60 > "$f"
    echo " ismcts:iters=1000 vs $opp, $deals deals x rotations ($f)"; summary "$f"
  done
  f="$out/$g-random.json"
  "$cards" simulate "$g" --games 20000 --bots random --json > "$f"
  python3 -c "import json;r=json.load(open('$f'));print(f' random playouts: {r[\"ns_per_action\"]:.1f} ns per action')"
done
if [ -x /tmp/osvenv/bin/python ]; then
  for a in "rollout dou_dizhu" "rollout tarok" "rollout gin_rummy" "ismcts hearts"; do
    /tmp/osvenv/bin/python ../shared/bench/openspiel_anchor.py $a
  done
fi
