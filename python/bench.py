#!/usr/bin/env python3
"""Steps per second of uniformly random play through cards_engines, and (with --anchor) the
same run's figures of RLCard and OpenSpiel (pyspiel) from shared/bench/python_env_anchor.py.

Every figure counts decisions (applied actions); the batch environment's include writing the
observation and the action mask of the next seat to move for every row.

    python python/bench.py [--seconds 5] [--batch 4096,256] [--threads 1,2]
        [--pyspiel /tmp/osvenv/bin/python]
        [--anchor /tmp/osvenv/bin/python --anchor-script ../shared/bench/python_env_anchor.py]

Like for like with pyspiel (--pyspiel: bench_pyspiel.py beside this file, one thread): one
environment stepped from Python reading the observation and the mask of the player to move at
every decision, ours ("Game API + obs + mask", "PettingZoo AEC env") against pyspiel's
observation_tensor and legal_actions_mask, decisions counted on both sides. Every BatchEnv
figure names its threads. Runs after `pip install ./python` from any folder: it imports the
installed package (the sources are in python/python/, not beside this file).

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


def rates(steps, t0, c0):
    """Steps per second of wall time and per second of this process's CPU time (all its
    threads): on a shared machine a one-thread figure per CPU second is the steadier one."""
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return steps / wall, steps / max(cpu, 1e-9)


def game_api_rate(name, seconds, with_obs):
    """One Game through its Python API: legal_actions(), a random choice, apply(notation);
    with_obs adds observation() and action_mask() of the seat to move at every step."""
    rng = random.Random(1)
    steps, deals = 0, 0
    g = ce.Game(name, seed=0, single_deal=True)
    t0, c0 = time.perf_counter(), time.process_time()
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
    return rates(steps, t0, c0)


def aec_rate(name, seconds):
    """One PettingZoo AEC environment (cards_engines.pettingzoo, wrappers included) stepped
    from Python: env.last() (the observation and mask of the agent to act), a random index
    among the mask's 1s, env.step; the final steps of finished agents (action None) are not
    counted."""
    import importlib

    mod = importlib.import_module(f"cards_engines.pettingzoo.{name.replace('-', '_')}_v0")
    env = mod.env()
    rng = random.Random(1)
    steps, episode = 0, 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            allowed = np.flatnonzero(obs["action_mask"])
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return rates(steps, t0, c0)


def vector_rate(name, seconds, n):
    """cards_engines.gymnasium.CardsVectorEnv (n matches, a BatchEnv inside on every core, the
    Gymnasium infos built in Python): a random allowed index per row from
    env.sample_actions() (drawn in Rust, as the BatchEnv figures draw theirs) every step."""
    from cards_engines.gymnasium import CardsVectorEnv

    env = CardsVectorEnv(name, n)
    env.reset(seed=1)
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        env.step(env.sample_actions())
        steps += n
    return rates(steps, t0, c0)


def batch_rate(name, seconds, n, threads, reuse):
    """The batch environment: n matches, a uniformly random legal index per row drawn in Rust
    (BatchEnv.sample_actions); observations and masks of every row written at every step, into
    new numpy arrays or (reuse) into the same arrays every step."""
    env = ce.BatchEnv(name, n, seed=1, threads=threads, reuse_buffers=reuse)
    obs, mask, *_ = env.reset()
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        actions = env.sample_actions()
        obs, mask, rewards, done, to_move = env.step(actions)
        steps += n
    return rates(steps, t0, c0)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--batch", default="4096,256", help="batch sizes, comma-separated")
    p.add_argument("--threads", default="1,2", help="BatchEnv thread counts, comma-separated")
    p.add_argument("--vector", default="64,1024", help="CardsVectorEnv sizes, comma-separated (0: skip)")
    p.add_argument("--pyspiel", help="python of a venv with open-spiel and numpy (bench_pyspiel.py)")
    p.add_argument("--games", default="einer-ist-immer,contract-rummy,cego")
    p.add_argument("--anchor", help="python of a venv with open-spiel==2.0.2 rlcard numpy")
    p.add_argument("--anchor-script", default="../shared/bench/python_env_anchor.py")
    a = p.parse_args()
    def load(when):
        print(f"load average {when}: " + "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)

    load("at start")
    have_pettingzoo = True
    try:
        import cards_engines.pettingzoo  # noqa: F401
        import cards_engines.gymnasium  # noqa: F401
    except ImportError:
        have_pettingzoo = False
    ours = {}
    for name in a.games.split(","):
        r = {}

        def put(key, value):
            wall, cpu = value
            r[key] = value
            print(
                f"cards_engines {name:16} {key:44} {wall:12,.0f} steps/s  ({cpu:12,.0f} per CPU s)",
                flush=True,
            )

        t0, c0 = time.perf_counter(), time.process_time()
        rate = ce.random_playout_rate(name, a.seconds)
        put("rust engine alone", (rate, rate * (time.perf_counter() - t0) / (time.process_time() - c0)))
        put("Game API (notation)", game_api_rate(name, a.seconds, False))
        put("Game API + obs + mask", game_api_rate(name, a.seconds, True))
        if have_pettingzoo:
            put("PettingZoo AEC env", aec_rate(name, a.seconds))
            for n in (int(v) for v in a.vector.split(",") if int(v) > 0):
                put(f"CardsVectorEnv n={n}", vector_rate(name, a.seconds, n))
        for t in (int(x) for x in a.threads.split(",")):
            for n in (int(b) for b in a.batch.split(",")):
                # BatchEnv uses one thread per 256 rows at most (python/src/rows.rs).
                used = min(t, max(1, n // 256))
                label = f"BatchEnv n={n} threads={used}" + (f" (of {t})" if used != t else "")
                put(f"{label} + obs + mask", batch_rate(name, a.seconds, n, t, False))
                put(f"{label} reused", batch_rate(name, a.seconds, n, t, True))
        ours[name] = r
    load("after ours")
    if a.pyspiel:
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_pyspiel.py")
        out = subprocess.run(
            [a.pyspiel, script, str(a.seconds)], capture_output=True, text=True, check=True
        ).stdout
        print(out, end="", flush=True)
        load("after pyspiel")
        spiel = {}
        for line in out.splitlines():
            m = re.match(r"pyspiel-obs (\w+) (lists|numpy): (\d+) decisions/s.*, (\d+) decisions per CPU s", line)
            if m:
                spiel[(m.group(1), m.group(2))] = (float(m.group(3)), float(m.group(4)))
        for ours_name, (spiel_name, _) in PAIRS.items():
            for kind in ("lists", "numpy"):
                if ours_name not in ours or (spiel_name, kind) not in spiel:
                    continue
                theirs = spiel[(spiel_name, kind)]
                for key in ("Game API + obs + mask", "PettingZoo AEC env"):
                    if key in ours[ours_name]:
                        mine = ours[ours_name][key]
                        print(
                            f"{ours_name} {key} vs pyspiel {spiel_name} obs+mask {kind} (one "
                            f"thread, decisions): {mine[0] / theirs[0]:,.1f}x wall, "
                            f"{mine[1] / theirs[1]:,.1f}x CPU"
                        )
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
        best = max(
            (k for k in ours[ours_name] if k.startswith("BatchEnv")), key=lambda k: ours[ours_name][k][0]
        )
        batch = ours[ours_name][best][0]
        single = ours[ours_name]["Game API + obs + mask"][0]
        for lib, key in (("rlcard", rl), ("pyspiel", spiel)):
            if (lib, key) in anchor:
                ref = anchor[(lib, key)]
                print(
                    f"{ours_name} vs {lib} {key}: BatchEnv {batch / ref:,.1f}x ({best}), "
                    f"one Game with obs+mask {single / ref:,.1f}x"
                )


if __name__ == "__main__":
    sys.exit(main())
