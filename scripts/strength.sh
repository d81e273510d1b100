#!/usr/bin/env bash
# Rebuilds docs/strength.md: every run below plays on the evaluation seed declared in
# docs/results/SEEDS.md, keeps its JSON report in docs/results/NAME.json (with the commit it
# measured), and scripts/strength_table.py writes docs/strength.md from those reports.
#
#   scripts/strength.sh            run every run whose report is missing, then the table
#   scripts/strength.sh NAME...    (re)run only these runs, then the table
#   CARDS=path/to/cards scripts/strength.sh ...   measure with another build of `cards`
#
# The list of runs, their sizes and layouts were fixed before the first of them started; a run
# is reported whatever it shows (docs/results/SEEDS.md). Each run is declared for its game, so
# the games are named here and not taken from `cards list`: a new game gets runs when they are
# declared in docs/results/SEEDS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
# name | game | bots | deals [| seed, default the evaluation seed 20261126]
runs='
cego-pimc-vs-ismcts|cego|pimc,ismcts:iters=1000|2400
grosse-kleine-a-ismcts-vs-heuristic|grosse-kleine-a|ismcts:iters=1000,heuristic|100
einer-ist-immer-ismcts-vs-heuristic|einer-ist-immer|ismcts:iters=1000,heuristic|60
big-a-ismcts-vs-heuristic|big-a|ismcts:iters=1000,heuristic,heuristic,heuristic,heuristic|60
cego-ismcts-vs-heuristic|cego|ismcts:iters=1000,heuristic|100
contract-rummy-ismcts-vs-heuristic|contract-rummy|ismcts:iters=1000,heuristic|50
contract-rummy-planner-vs-heuristic|contract-rummy|planner,heuristic|300
cego-pimc-vs-heuristic|cego|pimc,heuristic|100
grosse-kleine-a-ismcts-vs-random|grosse-kleine-a|ismcts:iters=1000,random|50
einer-ist-immer-ismcts-vs-random|einer-ist-immer|ismcts:iters=1000,random|30
big-a-ismcts-vs-random|big-a|ismcts:iters=1000,random|30
cego-ismcts-vs-random|cego|ismcts:iters=1000,random|50
contract-rummy-ismcts-vs-random|contract-rummy|ismcts:iters=1000,random|30
contract-rummy-ismcts-vs-heuristic-reserve|contract-rummy|ismcts:iters=1000,heuristic|300|20261127
big-a-ismcts-vs-heuristic-reserve|big-a|ismcts:iters=1000,heuristic,heuristic,heuristic,heuristic|200|20261127
contract-rummy-ismcts-vs-planner|contract-rummy|ismcts:iters=1000,planner|300|20261245
grosse-kleine-a-expert-vs-ismcts|grosse-kleine-a|expert,ismcts:iters=1000|400|20261246
grosse-kleine-a-heuristic-vs-random|grosse-kleine-a|heuristic,random|300|20261247
big-a-heuristic-vs-random|big-a|heuristic,random|300|20261247
einer-ist-immer-heuristic-vs-random|einer-ist-immer|heuristic,random|300|20261247
contract-rummy-planner-vs-random|contract-rummy|planner,random|300|20261247
cego-heuristic-vs-random|cego|heuristic,random|300|20261247
einer-ist-immer-expert-vs-ismcts|einer-ist-immer|expert,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000|300|20261248
grosse-kleine-a-hard-vs-medium|grosse-kleine-a|ismcts:iters=200,heuristic|300|20261249
big-a-hard-vs-medium|big-a|ismcts:iters=200,heuristic,heuristic,heuristic,heuristic|300|20261249
einer-ist-immer-hard-vs-medium|einer-ist-immer|ismcts:iters=200,heuristic,heuristic,heuristic,heuristic|300|20261249
cego-hard-vs-medium|cego|ismcts:iters=200,heuristic|300|20261249
contract-rummy-medium-vs-easy|contract-rummy|heuristic,random|300|20261249
grosse-kleine-a-expert-vs-hard|grosse-kleine-a|expert,ismcts:iters=200|300|20261250
big-a-expert-vs-hard|big-a|expert,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200|300|20261250
einer-ist-immer-expert-vs-hard|einer-ist-immer|expert,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200|300|20261250
contract-rummy-expert-vs-hard|contract-rummy|expert,planner|300|20261250
cego-expert-vs-hard|cego|expert,ismcts:iters=200|1000|20261250
big-a-expert-vs-ismcts|big-a|expert,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000|300|20261251
big-a-ismcts8000-vs-ismcts|big-a|ismcts:iters=8000,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000|300|20261252
big-a-expert8000-vs-hard|big-a|expert,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200|300|20261253
grosse-kleine-a-infer-vs-ismcts|grosse-kleine-a|expert,ismcts:iters=1000|600|20261254
einer-ist-immer-infer-vs-ismcts|einer-ist-immer|expert,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000,ismcts:iters=1000|600|20261254
grosse-kleine-a-infer-vs-hard|grosse-kleine-a|expert,ismcts:iters=200|300|20261255
einer-ist-immer-infer-vs-hard|einer-ist-immer|expert,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200,ismcts:iters=200|300|20261255
contract-rummy-solver-vs-ismcts|contract-rummy|expert,ismcts:iters=1000|600|20261256
contract-rummy-solver-vs-hard|contract-rummy|expert,planner|300|20261257
cego-specials-vs-ismcts|cego|expert,ismcts:iters=1000|4000|20261258
cego-specials-vs-hard|cego|expert,ismcts:iters=200|1000|20261259
cego-specials-vs-ismcts-confirm|cego|expert,ismcts:iters=1000|4000|20261260
'
if [ -z "${CARDS:-}" ]; then
  cargo build --release -p cli --locked -q
  CARDS=./target/release/cards
fi
commit="$(git -C "$(dirname "$CARDS")" rev-parse --short HEAD 2>/dev/null || git rev-parse --short HEAD)"
mkdir -p docs/results target/strength
while IFS='|' read -r name game bots deals seed; do
  seed="${seed:-20261126}"
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    [[ " $* " == *" $name "* ]] || continue
  elif [ -f "docs/results/$name.json" ]; then
    continue
  fi
  echo "== $name: $game, $bots, $deals deals"
  raw="target/strength/$name.json"
  load_before="$(cut -d' ' -f1 /proc/loadavg)"
  "$CARDS" simulate "$game" --games "$deals" --seed "$seed" --bots "$bots" --threads "${THREADS:-2}" --json \
    --shard 1/1 --progress-every 120 > "$raw"
  load_after="$(cut -d' ' -f1 /proc/loadavg)"
  python3 scripts/strength_table.py --keep "$raw" "docs/results/$name.json" \
    --commit "$commit" --load "$load_before $load_after" \
    --command "cards simulate $game --games $deals --seed $seed --bots $bots --threads ${THREADS:-2} --json"
done <<< "$runs"
python3 scripts/strength_table.py --write docs/strength.md docs/results/*.json
