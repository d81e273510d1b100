#!/usr/bin/env python3
"""A small learned Cego soloist on the rlcard fork's terms (see cego_peer.py): the discard is the
fork's fixed rule, the defenders play at random, the payoff is +1 win / -1 loss (count in pairs),
and only the soloist's card play is learned.

The policy is a linear softmax over the soloist's legal cards, trained with REINFORCE (a running
mean of the payoff as baseline) on CPU with numpy. Features of a (state, card) pair, from the
soloist's own view (`Game.view`): the card's one-hot when leading and when following (54 + 54);
whether the card would win the trick as it stands, split by seat in the trick; the card's point
value and the points already in the trick, each times win/lose; a Trock thrown into a trick it
does not win; whether no unseen card of the same suit outranks it ("master"), leading or not.

Training deals are derive_seed(train_seed, i) (default train seed 1, never an evaluation seed);
the evaluation is greedy (the most probable card) on derive_seed(eval_seed, i), with the random
soloist on the same deals for a paired comparison.

    python python/examples/cego_peer_learn.py --minutes 20 --eval-seed 20261203 --eval-deals 10000 \
        --out docs/results/python/cego-peer-learned.json
"""

import argparse
import json
import math
import subprocess
import sys
import time

import numpy as np

import cards_engines as ce
from cego_peer import OPTIONS, fork_discard, forced_cego, provenance, rank, summary

FACES = sorted(ce.Game("cego", seed=0, single_deal=True).faces)
INDEX = {c: i for i, c in enumerate(FACES)}
N = len(FACES)


def value(card):
    """The fork's card value (count in pairs: half points)."""
    if card in ("Gs", "T21", "T1"):
        return 4.5
    if card[0] == "T":
        return 0.5
    return {"K": 4.5, "Q": 3.5, "R": 2.5, "J": 1.5}.get(card[:-1], 0.5)


def suit(card):
    return "T" if card[0] in "TG" else card[-1]


EXTRA = 12
DIM = 2 * N + EXTRA


def features(v, legal, legage):
    """One row per legal card. `legage` is the soloist's memory of his discards (the view shows
    them only until trick 1 is complete)."""
    table = [c for _, c in v["table"][0]["plays"]] if v["table"] else []
    seen = set(v["hand"]) | set(legage) | set(table)
    for t in v["tricks"]:
        seen.update(t["cards"])
    unseen = [c for c in FACES if c not in seen]
    n = len(table)
    best = None
    if n:
        led = suit(table[0])
        best = max(table, key=lambda c: (suit(c) == "T", suit(c) == led, rank(c)))
    tpts = sum(value(c) for c in table) / 10.0
    X = np.zeros((len(legal), DIM), dtype=np.float64)
    for j, c in enumerate(legal):
        s, r = suit(c), rank(c)
        master = not any(suit(u) == s and rank(u) > r for u in unseen)
        if n == 0:
            X[j, INDEX[c]] = 1.0
            X[j, 2 * N + 0] = master
            X[j, 2 * N + 1] = master * value(c) / 4.5
            continue
        X[j, N + INDEX[c]] = 1.0
        bs = suit(best)
        wins = (s == "T" and (bs != "T" or r > rank(best))) or (s == bs and r > rank(best))
        base = 2 * N + 2
        X[j, base + 0] = wins and n == 3
        X[j, base + 1] = wins and n < 3
        X[j, base + 2] = wins * value(c) / 4.5
        X[j, base + 3] = (not wins) * value(c) / 4.5
        X[j, base + 4] = wins * tpts
        X[j, base + 5] = (not wins) * tpts
        X[j, base + 6] = (s == "T") and not wins
        X[j, base + 7] = master and n < 3
        X[j, base + 8] = master * value(c) / 4.5 * (n < 3)
        X[j, base + 9] = 1.0 if (s == "T" and suit(table[0]) != "T") else 0.0
    return X


def softmax(z):
    z = z - z.max()
    e = np.exp(z)
    return e / e.sum()


def play(seed, w, rng, mode):
    """One deal with the soloist on policy w ("sample", "greedy") or at random ("random").
    Returns (payoff, trajectory of (X, chosen index, probabilities))."""
    g, soloist = forced_cego(seed)
    while g.phase == "discard":
        g.apply(fork_discard(g, soloist))
    legage = list(g.view(soloist)["legage"])
    traj = []
    while not g.is_over:
        legal = g.legal_actions()
        if g.to_move != soloist or mode == "random" or len(legal) == 1:
            g.apply(legal[rng.integers(len(legal))])
            continue
        X = features(g.view(soloist), legal, legage)
        p = softmax(X @ w)
        k = int(rng.choice(len(legal), p=p)) if mode == "sample" else int(np.argmax(p))
        if mode == "sample":
            traj.append((X, k, p))
        g.apply(legal[k])
    return (1 if g.scores[soloist] > 0 else -1), traj


def evaluate(w, seed, deals, mode):
    rng = np.random.default_rng([seed, 7])
    return [play(ce.derive_seed(seed, i), w, rng, mode)[0] for i in range(deals)]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float, default=20.0, help="training time budget")
    p.add_argument("--train-seed", type=int, default=1)
    p.add_argument("--lr", type=float, default=0.02)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--eval-seed", type=int, default=None)
    p.add_argument("--eval-deals", type=int, default=10000)
    p.add_argument("--check-deals", type=int, default=2000, help="progress checks on training-seed deals")
    p.add_argument("--out")
    p.add_argument("--weights", help="save the weights (.npy)")
    a = p.parse_args()
    meta = provenance(sys.argv)
    rng = np.random.default_rng([a.train_seed, 3])
    w = np.zeros(DIM)
    baseline, deal, t0 = 0.0, 0, time.perf_counter()
    grad, nb, recent = np.zeros(DIM), 0, []
    next_report = 60.0
    while time.perf_counter() - t0 < a.minutes * 60:
        G, traj = play(ce.derive_seed(a.train_seed, deal), w, rng, "sample")
        deal += 1
        adv = G - baseline
        baseline += 0.001 * (G - baseline)
        for X, k, pr in traj:
            grad += adv * (X[k] - pr @ X)
        nb += 1
        recent.append(G)
        if nb == a.batch:
            w += a.lr * grad / nb
            grad[:], nb = 0.0, 0
        if time.perf_counter() - t0 > next_report:
            next_report += 60.0
            print(f"{time.perf_counter() - t0:6.0f} s  {deal:8d} deals  sampled-policy mean payoff "
                  f"(last {len(recent)}) {np.mean(recent):+.4f}", flush=True)
            recent = []
    train_s = time.perf_counter() - t0
    print(f"trained {deal} deals in {train_s:.0f} s", flush=True)
    if a.weights:
        np.save(a.weights, w)
    out = {
        "what": "Cego soloist card play learned (linear softmax, REINFORCE) on the rlcard fork's terms: "
                "fork-rule discard, 3 random defenders, count in pairs, payoff +1/-1",
        "train": {"seed": a.train_seed, "deals": deal, "seconds": round(train_s),
                  "lr": a.lr, "batch": a.batch, "features": DIM},
        **meta,
    }
    if a.eval_seed is not None:
        rows = {}
        for mode in ("greedy", "random"):
            t1 = time.perf_counter()
            row = summary(evaluate(w, a.eval_seed, a.eval_deals, mode))
            row["seconds"] = round(time.perf_counter() - t1, 1)
            rows["learned (greedy)" if mode == "greedy" else "random soloist"] = row
            print(f"{mode:7} soloist  mean payoff {row['mean_payoff']:+.4f} 95% [{row['ci95'][0]:+.4f}, "
                  f"{row['ci95'][1]:+.4f}]  win rate {row['win_rate']:.4f}  ({row['deals']} deals)", flush=True)
        g_, r_ = (rows["learned (greedy)"], rows["random soloist"])
        out["eval"] = {"seed": a.eval_seed, "deal_seeds": "derive_seed(seed, i)",
                       "interval": "95% normal interval of 2p-1 over independent deals (binomial)", "rows": rows}
        out["eval"]["difference_learned_minus_random"] = round(g_["mean_payoff"] - r_["mean_payoff"], 4)
    out["uptime_after"] = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    out["weights"] = [round(float(x), 5) for x in w]
    if a.out:
        with open(a.out, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
