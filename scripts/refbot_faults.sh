#!/usr/bin/env bash
# The reference bots on a loaded machine (issue 44 item 2): each reference bot, the Python one
# (examples/bots/random_bot.py) and the Rust one (cards-core/examples/protocol_bot.rs), plays
# 200 deals of every game against the built-in random bot,
# two simulations at a time on this machine's cores, and the faults, late answers and random
# decisions of each run are printed. Every figure should be 0.
#
#   scripts/refbot_faults.sh [DEALS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
deals="${1:-200}"
seed="${2:-20261202}"
cargo build --release --locked -q -p cli --bin cards
cargo build --release --locked -q -p cards-core --example protocol_bot
out="$(mktemp -d)"
for bot in "python3 examples/bots/random_bot.py" "target/release/examples/protocol_bot"; do
  echo "== exec:$bot"
  for pair in "grosse-kleine-a big-a" "einer-ist-immer contract-rummy" "cego"; do
    for game in $pair; do
      target/release/cards simulate "$game" --games "$deals" --threads 1 --seed "$seed" \
        --bots "exec:$bot" --bots random --json > "$out/$game.json" 2> /dev/null &
    done
    echo "load while running $pair: $(uptime | sed 's/.*load average/load average/')"
    wait
  done
  for game in grosse-kleine-a big-a einer-ist-immer contract-rummy cego; do
    python3 - "$out/$game.json" "$game" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
bot = report["bots"][0]
print(f"{sys.argv[2]:16} {report['games']} deals, {bot['decisions']} decisions of the program: "
      f"{bot.get('faults', 0)} faults, {bot.get('late', 0)} late, {bot.get('random', 0)} random")
PY
  done
done
rm -rf "$out"
