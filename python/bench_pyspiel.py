#!/usr/bin/env python3
"""Steps per second of one pyspiel state stepped from Python with what a learner reads at every
decision: ``observation_tensor(player)`` and ``legal_actions_mask(player)`` of the player to
move, then a uniformly random legal action (among the mask's 1s); chance steps of the deal
sampled from ``chance_outcomes()``. One thread. Run by ``bench.py --pyspiel PYTHON`` in a venv
with ``open-spiel`` and numpy; prints ``pyspiel-obs GAME KIND: DECISIONS decisions/s, STEPS
steps/s, C decisions per CPU s`` (steps counting the chance steps too, as shared/bench/python_env_anchor.py counts
them), KIND ``lists`` (pyspiel's Python lists as returned, the legal indices read from the
mask list) or ``numpy`` (both made numpy arrays, the legal indices by np.flatnonzero).

    python bench_pyspiel.py [SECONDS] [GAME ...]     (default: dou_dizhu gin_rummy)
"""

import random
import sys
import time

import numpy as np
import pyspiel


def rate(name, seconds, numpy):
    """Decisions and steps per second; numpy: the observation and the mask also made numpy
    arrays (np.array of pyspiel's lists), as a learner feeding a network does."""
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    decisions = chance = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[rng.randrange(len(outs))][0])
                chance += 1
                continue
            p = s.current_player()
            obs = s.observation_tensor(p)
            mask = s.legal_actions_mask(p)
            if numpy:
                obs, mask = np.array(obs, dtype=np.float32), np.array(mask)
                legal = np.flatnonzero(mask)
            else:
                legal = [i for i, m in enumerate(mask) if m]
            s.apply_action(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return decisions / dt, (decisions + chance) / dt, decisions / cpu


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for name in sys.argv[2:] or ["dou_dizhu", "gin_rummy"]:
        for numpy in (False, True):
            d, s, c = rate(name, seconds, numpy)
            kind = "numpy" if numpy else "lists"
            print(
                f"pyspiel-obs {name} {kind}: {d:.0f} decisions/s, {s:.0f} steps/s, "
                f"{c:.0f} decisions per CPU s",
                flush=True,
            )


if __name__ == "__main__":
    main()
