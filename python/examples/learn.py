#!/usr/bin/env python3
"""A policy that learns, in numpy alone, through the batch environment.

A linear softmax policy over the action space (logits = obs @ W + b, illegal indices masked)
plays one seat of GAME against random bots in the other seats (they move inside Rust:
BatchEnv(..., opponent="random")), trained by REINFORCE with a running-mean baseline on the
seat's final score of each single deal. Every report line gives the mean score of the deals
finished since the last line; the first line is the untrained (uniform) policy.

    python python/examples/learn.py [--game einer-ist-immer] [--minutes 3] [--batch 512]
"""

import argparse
import time

import numpy as np

import cards_engines as ce


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="einer-ist-immer")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--minutes", type=float, default=3.0)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--window", type=int, default=64, help="steps per update")
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--reference", type=int, default=2000, help="deals of the heuristic reference (0: none)")
    p.add_argument("--report", type=float, default=15.0, help="seconds between report lines")
    a = p.parse_args()

    env = ce.BatchEnv(a.game, a.batch, seed=a.seed, players=a.players, opponent="random", agent_seat=0)
    n, d, k = len(env), env.observation_size, env.action_size
    rng = np.random.default_rng(a.seed)
    W = np.zeros((d, k), np.float32)
    b = np.zeros(k, np.float32)
    baseline, scale = 0.0, 1.0
    obs, mask, *_ = env.reset()

    start = last = time.perf_counter()
    finished, total, updates, steps = 0, 0.0, 0, 0
    print(f"{a.game}: seat 0 against {env.players - 1} random bots, {n} deals at once, "
          f"obs {d}, actions {k}", flush=True)
    while True:
        started_here = np.zeros(n, bool)
        X, M, A, R, V, rows = [], [], [], [], [], []
        pending = [[] for _ in range(n)]
        for t in range(a.window):
            logits = obs @ W + b
            logits = np.where(mask > 0, logits, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            prob = np.exp(logits)
            prob /= prob.sum(axis=1, keepdims=True)
            # Sample one index per row from its masked distribution.
            action = (prob.cumsum(axis=1) < rng.random((n, 1))).sum(axis=1)
            # (Rounding can leave u above the last cumulative sum: take the last legal index.)
            last_legal = k - 1 - np.argmax(mask[:, ::-1], axis=1)
            action = np.minimum(action, last_legal).astype(np.int64)
            base = len(A) * n
            X.append(obs); M.append(prob); A.append(action)
            for row in np.flatnonzero(started_here):
                pending[row].append(base + row)
            obs, mask, rewards, done, _ = env.step(action)
            steps += n
            ret = np.full(n, np.nan, np.float32)
            for row in np.flatnonzero(done):
                score = float(rewards[row, 0])
                finished += 1
                total += score
                for i in pending[row]:
                    R.append(score); V.append(i)
                pending[row] = []
                started_here[row] = True
        if updates == 0:
            print(f"{time.perf_counter() - start:6.0f} s  {steps:>11,} steps  untrained (uniform) "
                  f"policy, mean score over {finished:6} deals: {total / max(finished, 1):+.3f}",
                  flush=True)
            finished, total, last = 0, 0.0, time.perf_counter()
        if V:
            Xf = np.concatenate(X)[V]
            Pf = np.concatenate(M)[V]
            Af = np.concatenate(A)[V]
            Rf = np.asarray(R, np.float32)
            baseline = 0.9 * baseline + 0.1 * float(Rf.mean())
            scale = 0.9 * scale + 0.1 * float(Rf.std() + 1e-6)
            adv = (Rf - baseline) / scale
            G = -Pf
            G[np.arange(len(Af)), Af] += 1.0
            G *= adv[:, None]
            W += a.lr * (Xf.T @ G) / len(Af)
            b += a.lr * G.mean(axis=0)
            updates += 1
        now = time.perf_counter()
        if now - last >= a.report or now - start >= a.minutes * 60:
            print(f"{now - start:6.0f} s  {steps:>11,} steps  {updates:4} updates  "
                  f"mean score over {finished:6} deals: {total / max(finished, 1):+.3f}", flush=True)
            finished, total, last = 0, 0.0, now
            if now - start >= a.minutes * 60:
                break
    if a.reference:
        # For scale: the game's heuristic bot in the same seat against the same random bots.
        bots = [ce.Bot(a.game, "heuristic", seed=1)] + [ce.Bot(a.game, "random", seed=s) for s in range(2, 11)]
        scores = []
        for deal in range(a.reference):
            g = ce.Game(a.game, players=a.players, seed=10_000_000 + deal, single_deal=True)
            while not g.is_over:
                g.apply(bots[g.to_move].choose(g))
            scores.append(g.scores[0])
        print(f"reference: the heuristic bot in seat 0 against random bots, mean score over "
              f"{a.reference} deals: {np.mean(scores):+.3f}")


if __name__ == "__main__":
    main()
