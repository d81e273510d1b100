#!/usr/bin/env python3
"""The Cego soloist on the terms of the rlcard fork PhilippOesch/rlcard (its "standard" variant,
the contract Cego): the soloist's discard follows the fork's fixed rule, the card play is random
on both sides, and the payoff is the soloist's win (+1) or loss (-1).

The fork's rule (`set_cego_player_deck` in rlcard/games/cego/utils.py): sort the dealt hand and
the 10 cego (blind) cards by rank, highest first; the soloist keeps the two highest-ranked cards
of his hand and all the cego cards but the lowest-ranked one; the other nine hand cards and that
one cego card are laid away (they count for him). Here the same choice is made among this
engine's legal discard actions, through the public API only:

- the auction is driven so that Forehand plays Cego: every seat passes in phase one, Forehand
  opens phase two with Cego, the others pass, and Forehand keeps Cego rather than Räuber (the
  engine only lets Forehand open with Cego, so the soloist is always Forehand, who leads trick 1,
  as the fork's player 0 does);
- the engine asks for the nine hand discards one at a time (`discard C`), then shows the cego
  (`view["cego_taken"]`) and asks for one more discard: the policy answers the nine lowest-ranked
  hand cards, then the lowest-ranked cego card;
- the count is in pairs (`count="pairs"`: the pack is worth 79 and the soloist needs 40, as the
  fork's half-point card values and its `points[0] > points[1]` test).

Rank, as the fork's `CegoCard.compare_card_rank`: every Trock above every plain card, Trocks by
number (Gstieß highest); plain cards by their position in their suit whatever the suit (K, Q, C,
J, then the numerals: 10 9 8 7 black, 1 2 3 4 red). Cards of equal position in different suits
tie; the fork breaks such ties by the order of the dealt hand (Python's stable sort), which this
engine does not expose, so here they are broken by suit, clubs > spades > hearts > diamonds (the
tied cards have the same point value; only the suits kept differ).

    python python/examples/cego_peer.py --seed 20261202 --deals 10000 --out docs/results/python/cego-peer-random.json
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

import cards_engines as ce

OPTIONS = {"count": "pairs"}

# Position of a plain card within its suit, as the fork ranks it.
_BLACK = {"7": 1, "8": 2, "9": 3, "10": 4, "J": 5, "R": 6, "Q": 7, "K": 8}
_RED = {"4": 1, "3": 2, "2": 3, "1": 4, "J": 5, "R": 6, "Q": 7, "K": 8}
_SUIT_TIE = {"c": 3, "s": 2, "h": 1, "d": 0}


def rank(card):
    """The fork's rank of a card, as a number: Trocks 101..122 (Gstieß 122), plain cards 1..8
    by position in their suit, whatever the suit."""
    if card == "Gs":
        return 122
    if card[0] == "T":
        return 100 + int(card[1:])
    face, suit = card[:-1], card[-1]
    return (_BLACK if suit in "cs" else _RED)[face]


def sort_key(card):
    """Rank, then this script's tie-break between equal ranks (clubs > spades > hearts > diamonds)."""
    return (rank(card), 0 if card[0] in "TG" else _SUIT_TIE[card[-1]])


def fork_rule(hand, cego):
    """What `set_cego_player_deck` lays away for a dealt hand of 11 and a cego of 10: the hand
    but its two highest-ranked cards, and the lowest-ranked cego card. Returns (hand_away,
    cego_away)."""
    by_rank = sorted(hand, key=sort_key, reverse=True)
    return by_rank[2:], min(cego, key=sort_key)


def forced_cego(seed):
    """A single deal of this seed, its auction driven to a Cego by Forehand. Returns the game
    (at the soloist's first discard) and the soloist's seat."""
    g = ce.Game("cego", seed=seed, single_deal=True, options=OPTIONS)
    while g.phase == "auction":
        legal = g.legal_actions()
        g.apply("cego" if "cego" in legal else "pass")
    v = g.view(0)
    assert v["contract"] == "Cego" and v["soloist"] == v["forehand"], v
    return g, v["soloist"]


def fork_discard(g, seat):
    """The fork's discard as one of the engine's legal actions, at the soloist's discard turn."""
    v = g.view(seat)
    legal = g.legal_actions()
    if v["cego_taken"] is None:
        # First stage: nine hand cards go, one at a time; the two highest-ranked stay.
        card = min(v["hand"], key=sort_key)
    else:
        card = min(v["cego_taken"], key=sort_key)
    action = f"discard {card}"
    assert action in legal, (action, legal)
    return action


def random_discard(g, seat, rng):
    legal = g.legal_actions()
    return legal[rng.integers(len(legal))]


def play_deal(seed, rng, discard="fork", soloist_play=None):
    """One deal: +1 if the soloist won, -1 if he lost. `discard` is "fork" or "random";
    `soloist_play(g, seat, legal)` chooses the soloist's card (random when None); the defenders
    play uniformly at random among their legal cards."""
    g, soloist = forced_cego(seed)
    while g.phase == "discard":
        assert g.to_move == soloist
        g.apply(fork_discard(g, soloist) if discard == "fork" else random_discard(g, soloist, rng))
    while not g.is_over:
        legal = g.legal_actions()
        if g.to_move == soloist and soloist_play is not None:
            g.apply(soloist_play(g, soloist, legal))
        else:
            g.apply(legal[rng.integers(len(legal))])
    return 1 if g.scores[soloist] > 0 else -1


def summary(payoffs):
    """Mean ±1 payoff with a 95% normal interval over independent deals (binomial: the mean
    is 2p - 1 for the win rate p)."""
    n = len(payoffs)
    wins = sum(1 for x in payoffs if x > 0)
    p = wins / n
    half = 1.96 * 2 * math.sqrt(p * (1 - p) / n)
    mean = 2 * p - 1
    return {
        "deals": n,
        "wins": wins,
        "win_rate": round(p, 4),
        "mean_payoff": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
    }


def provenance(argv):
    here = os.path.dirname(os.path.abspath(__file__))

    def run(*cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, cwd=here).stdout.strip()
        except OSError:
            return None

    return {
        "command": "python " + " ".join(argv),
        "commit": run("git", "rev-parse", "HEAD"),
        "dirty": bool(run("git", "status", "--porcelain", "--untracked-files=no")),
        "uptime_before": run("uptime"),
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, required=True, help="deal i is derive_seed(seed, i)")
    p.add_argument("--deals", type=int, default=10000)
    p.add_argument("--out", help="JSON result file")
    a = p.parse_args()
    meta = provenance(sys.argv)
    rows = {}
    for discard in ("fork", "random"):
        # One random stream per row, seeded from the evaluation seed; the deals are the same.
        rng = np.random.default_rng([a.seed, 0 if discard == "fork" else 1])
        t0 = time.perf_counter()
        payoffs = [play_deal(ce.derive_seed(a.seed, i), rng, discard) for i in range(a.deals)]
        row = summary(payoffs)
        row["seconds"] = round(time.perf_counter() - t0, 1)
        rows[f"discard={discard}, soloist play random"] = row
        print(f"discard {discard:6}  soloist play random  mean payoff {row['mean_payoff']:+.4f} "
              f"95% [{row['ci95'][0]:+.4f}, {row['ci95'][1]:+.4f}]  win rate {row['win_rate']:.4f}  "
              f"({row['deals']} deals, {row['seconds']} s)", flush=True)
    meta["uptime_after"] = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    out = {
        "what": "Cego soloist (contract Cego, Forehand, forced through the auction) against 3 random "
                "defenders, count in pairs, payoff +1 win / -1 loss; the terms of PhilippOesch/rlcard's "
                "'standard' variant (rlcard/games/cego/game_cego.py, utils.py set_cego_player_deck)",
        "seed": a.seed,
        "deal_seeds": "derive_seed(seed, i) for i in range(deals)",
        "options": OPTIONS,
        "interval": "95% normal interval of 2p-1 over independent deals (binomial)",
        "rows": rows,
        **meta,
    }
    if a.out:
        with open(a.out, "w") as f:
            json.dump(out, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
