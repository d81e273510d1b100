#!/usr/bin/env python3
"""A digest of every array a batch environment returns (and of the actions sample_actions
draws) over 2,000 steps of n = 64 rows, for every game: with new and reused arrays, with an
opponent, and Einer ist immer at every player count over several hands (on one thread, and at
n = 1,024 on two). Run it with the build before and after a change to the batch environment:
the lines (and the last, ALL) must be the same.

    python python/batch_digest.py > before.txt   # then rebuild, and again > after.txt
"""
import hashlib

import cards_engines as ce


def digest(name, reuse, steps=2000, n=64, **kw):
    """The sha256 (first 16 hex digits) of every array of `steps` steps of random play."""
    env = ce.BatchEnv(name, n, seed=11, reuse_buffers=reuse, **kw)
    h = hashlib.sha256()
    for a in env.reset():
        h.update(a.tobytes())
    for _ in range(steps):
        actions = env.sample_actions()
        h.update(actions.tobytes())
        for a in env.step(actions):
            h.update(a.tobytes())
    return h.hexdigest()[:16]


def cases():
    for g in ce.games():
        for reuse in (False, True):
            yield g, reuse, {}
            yield g, reuse, {"opponent": "random", "agent_seat": 1}
    for p in range(4, 11):
        for reuse in (False, True):
            yield "einer-ist-immer", reuse, {"players": p, "single_deal": False}
            yield "einer-ist-immer", reuse, {"players": p, "single_deal": False, "threads": 1}
            yield "einer-ist-immer", reuse, {"players": p, "opponent": "random", "agent_seat": 0}
    for reuse in (True, False):
        yield "einer-ist-immer", reuse, {"n": 1024, "steps": 300, "threads": 2}


def main():
    total = hashlib.sha256()
    for g, reuse, kw in cases():
        d = digest(g, reuse, **kw)
        total.update(d.encode())
        print(g, "reuse" if reuse else "new", kw, d, flush=True)
    print("ALL", total.hexdigest())


if __name__ == "__main__":
    main()
