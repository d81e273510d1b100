#!/usr/bin/env python3
"""The Cego soloist against three random defenders, contract fixed to Cego: the measure the Cego
environment of the RLCard fork PhilippOesch/rlcard reports (the soloist's mean ±1 win/loss
payoff; `cego_peer.py` measures it on that fork's own terms, docs/python.md), for a random soloist and for
this repository's heuristic, ISMCTS and PIMC soloists.

The engine deals from the seed; the contract is then forced through the auction itself, with
no engine change: every seat passes in phase one, Forehand opens phase two with Cego, the others
pass, and Forehand chooses Cego over Räuber. Forehand is then the soloist of a Cego; from the
discard on, the soloist is played by the bot under test and the defenders by random bots, each
through the engine's Decision boundary. Payoff: +1 when the soloist's score for the deal is
positive (he won), -1 otherwise.

    python python/examples/cego_soloist.py [--deals 400] [--bots random,heuristic,...]
"""

import argparse
import math
import time

import cards_engines as ce


def forced_cego(seed):
    g = ce.Game("cego", seed=seed, single_deal=True)
    while g.phase == "auction":
        legal = g.legal_actions()
        g.apply("cego" if "cego" in legal else "pass")
    soloist = g.view(0)["soloist"]
    assert g.view(0)["contract"] == "Cego" and soloist == g.view(0)["forehand"]
    return g, soloist


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=400)
    p.add_argument(
        "--bots",
        default="random,heuristic,ismcts:iters=1000,pimc",
        help="soloist bot specs, separated by ';' or ','",
    )
    a = p.parse_args()
    specs = [s for s in a.bots.replace(";", ",").split(",") if s]
    # Re-join options that belong to the spec before them (ismcts:iters=1000,c=0.5).
    joined = []
    for s in specs:
        if "=" in s and ":" not in s and joined:
            joined[-1] += "," + s
        else:
            joined.append(s)
    print(f"Cego, contract forced to Cego (Forehand soloist), 3 random defenders, {a.deals} deals each")
    for spec in joined:
        soloist_bot = ce.Bot("cego", spec, seed=1)
        defenders = ce.Bot("cego", "random", seed=2)
        total, wins, t0 = 0, 0, time.perf_counter()
        for deal in range(a.deals):
            g, soloist = forced_cego(1000 + deal)
            while not g.is_over:
                bot = soloist_bot if g.to_move == soloist else defenders
                g.apply(bot.choose(g))
            won = g.scores[soloist] > 0
            wins += won
            total += 1 if won else -1
        mean = total / a.deals
        p_win = wins / a.deals
        se = 2 * math.sqrt(p_win * (1 - p_win) / a.deals)
        print(f"{spec:22} mean payoff {mean:+.3f} ± {se:.3f} (win rate {p_win:.3f}), "
              f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
