#!/usr/bin/env python3
"""Steps per second of uniformly random play through cards_engines, and (with --anchor) the
same run's figures of RLCard and OpenSpiel (pyspiel) from shared/bench/python_env_anchor.py.

Every figure counts decisions (applied actions); the batch environment's include writing the
observation and the action mask of the next seat to move for every row.

    python python/bench.py [--seconds 5] [--batch 4096,256] [--threads N]
        [--anchor /tmp/osvenv/bin/python --anchor-script ../shared/bench/python_env_anchor.py]

Closest games: dou dizhu (a climbing game) ~ einer-ist-immer; gin rummy ~ contract-rummy.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

import numpy as np

import cards_engines as ce

PAIRS = {"einer-ist-immer": ("dou_dizhu", "doudizhu"), "contract-rummy": ("gin_rummy", "gin-rummy")}


def game_api_rate(name, seconds, with_obs):
    """One Game through its Python API: legal_actions(), a random choice, apply(notation);
    with_obs adds observation() and action_mask() of the seat to move at every step."""
    rng = random.Random(1)
    steps, deals = 0, 0
    g = ce.Game(name, seed=0, single_deal=True)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            if g.is_over:
                deals += 1
                g = ce.Game(name, seed=deals, single_deal=True)
            if with_obs:
                seat = g.to_move
                g.observation(seat)
                allowed = np.flatnonzero(g.action_mask(seat))
                g.apply_index(int(allowed[rng.randrange(len(allowed))]))
            else:
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - t0)


def batch_rate(name, seconds, n, threads, reuse):
    """The batch environment: n matches, a uniformly random legal index per row drawn in Rust
    (BatchEnv.sample_actions); observations and masks of every row written at every step, into
    new numpy arrays or (reuse) into the same arrays every step."""
    env = ce.BatchEnv(name, n, seed=1, threads=threads, reuse_buffers=reuse)
    obs, mask, *_ = env.reset()
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        actions = env.sample_actions()
        obs, mask, rewards, done, to_move = env.step(actions)
        steps += n
    return steps / (time.perf_counter() - t0)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--batch", default="4096,256", help="batch sizes, comma-separated")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--games", default="einer-ist-immer,contract-rummy,cego")
    p.add_argument("--anchor", help="python of a venv with open-spiel==2.0.2 rlcard numpy")
    p.add_argument("--anchor-script", default="../shared/bench/python_env_anchor.py")
    a = p.parse_args()
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)
    ours = {}
    for name in a.games.split(","):
        r = {}

        def put(key, value):
            r[key] = value
            print(f"cards_engines {name:16} {key:34} {value:12,.0f} steps/s", flush=True)

        put("rust engine alone", ce.random_playout_rate(name, a.seconds))
        put("Game API (notation)", game_api_rate(name, a.seconds, False))
        put("Game API + obs + mask", game_api_rate(name, a.seconds, True))
        for n in (int(b) for b in a.batch.split(",")):
            put(f"BatchEnv n={n} + obs + mask", batch_rate(name, a.seconds, n, a.threads, False))
            put(f"BatchEnv n={n} reused arrays", batch_rate(name, a.seconds, n, a.threads, True))
        ours[name] = r
    print("load average after ours: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)
    if not a.anchor:
        return
    out = subprocess.run(
        [a.anchor, a.anchor_script, str(a.seconds)], capture_output=True, text=True, check=True
    ).stdout
    anchor = {}
    for line in out.splitlines():
        m = re.match(r"(\w+) ([\w-]+): (\d+) steps/s", line)
        if m:
            anchor[(m.group(1), m.group(2))] = float(m.group(3))
            print(f"{m.group(1):7} {m.group(2):16} {float(m.group(3)):12,.0f} steps/s")
        elif line.strip():
            print(line)
    print()
    for ours_name, (spiel, rl) in PAIRS.items():
        if ours_name not in ours:
            continue
        best = max((k for k in ours[ours_name] if k.startswith("BatchEnv")), key=ours[ours_name].get)
        batch = ours[ours_name][best]
        single = ours[ours_name]["Game API + obs + mask"]
        for lib, key in (("rlcard", rl), ("pyspiel", spiel)):
            if (lib, key) in anchor:
                ref = anchor[(lib, key)]
                print(
                    f"{ours_name} vs {lib} {key}: BatchEnv {batch / ref:,.1f}x ({best}), "
                    f"one Game with obs+mask {single / ref:,.1f}x"
                )


if __name__ == "__main__":
    sys.exit(main())
