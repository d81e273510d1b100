#!/usr/bin/env python3
"""Compares two versions of a bot on the very same duplicate deals, deal by deal.

    scripts/paired.py BEFORE.json[,MORE.json...] AFTER.json[,MORE.json...] [KIND]
    scripts/paired.py --pool REPORT.json [REPORT.json...]

Each argument is a comma-separated list of `cards simulate --json` reports (shards of one run
are fine: every sharded report carries its plays' records). Both runs must use the same
`--seed`, `--players` and bot layout, so that a deal and seat rotation are the same deal in
both. KIND is the index of the bot compared in the `--bots` list (default 0, the first).

Prints, over the deals both runs played: the compared bot's mean score per seat in each run,
the mean of the per-deal difference (its seats' mean over the deal's rotations, after minus
before) with a 95% interval over the deals, and how many deals scored exactly the same.
Pairing removes the deal-to-deal luck that dominates `cards simulate`'s own intervals, so a
change that alters only some decisions is seen far sooner. Python 3 standard library only.

With --pool, the reports are runs of one bot layout on different seeds (or different deals),
and the comparison is the one `cards simulate` makes within a run: the first bot of the layout
against the second, deal by deal (each deal's value of a bot is the mean score of its seats
over the deal's seatings), pooled over every deal of every report (a deal is its seed and
number). Prints each report's paired difference and the pooled one, with 95% intervals over
the deals; for a single report it is the report's own `paired` figure.
"""
import json
import math
import sys


def load(files, kind):
    out = {}
    for f in files.split(","):
        with open(f) as handle:
            for r in json.load(handle)["records"]:
                own = [s for k, s in zip(r["kinds"], r["scores"]) if k == kind]
                out[(r["deal"], r["rotation"])] = sum(own) / len(own)
    return out


def per_deal(path):
    """Each deal's paired difference (first bot's value minus the second's) in one report."""
    with open(path) as handle:
        report = json.load(handle)
    seats = {}
    for r in report["records"]:
        key = (report["seed"], r["deal"])
        acc = seats.setdefault(key, ([], []))
        for k, s in zip(r["kinds"], r["scores"]):
            if k in (0, 1):
                acc[k].append(s)
    out = []
    for key in sorted(seats):
        a, b = seats[key]
        if a and b:
            out.append(sum(a) / len(a) - sum(b) / len(b))
    return report, out


def interval(diff):
    n = len(diff)
    mean = sum(diff) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diff) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def pool(paths):
    everything = []
    for path in paths:
        report, diff = per_deal(path)
        mean, half = interval(diff)
        names = [b["name"] for b in report["bots"]]
        print(f"{path}: seed {report['seed']}, {len(diff)} deals, {names[0]} - {names[1]}"
              f" {mean:+.3f} ± {half:.3f} (95%)")
        everything.extend(diff)
    mean, half = interval(everything)
    verdict = "apart" if mean - half > 0 or mean + half < 0 else "not apart"
    print(f"pooled: {len(everything)} deals, paired difference {mean:+.3f} ± {half:.3f}"
          f" (95%), {mean - half:+.3f} to {mean + half:+.3f}: {verdict}")


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--pool":
        pool(sys.argv[2:])
        return
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    kind = int(sys.argv[3]) if len(sys.argv) == 4 else 0
    before, after = load(sys.argv[1], kind), load(sys.argv[2], kind)
    keys = sorted(set(before) & set(after))
    if not keys:
        sys.exit("no deal and rotation is in both runs")
    deals = sorted({d for d, _ in keys})
    diff = []
    for d in deals:
        ks = [k for k in keys if k[0] == d]
        diff.append(sum(after[k] - before[k] for k in ks) / len(ks))
    n = len(diff)
    mean = sum(diff) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diff) / (n - 1)) if n > 1 else 0.0
    b = sum(before[k] for k in keys) / len(keys)
    a = sum(after[k] for k in keys) / len(keys)
    same = sum(1 for x in diff if x == 0)
    print(f"{n} deals, {len(keys)} plays: mean per seat {b:+.3f} before, {a:+.3f} after")
    print(f"paired difference per deal {mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f} (95%)")
    print(f"deals with the same scores in both runs: {same} of {n}")


if __name__ == "__main__":
    main()
