#!/usr/bin/env python3
"""Writes docs/strength.md from the JSON reports kept in docs/results/ (scripts/strength.sh runs
them). Python 3 standard library only.

    strength_table.py --keep RAW OUT --commit C --load "BEFORE AFTER" --command CMD
        keeps a `cards simulate --json` report: its per-deal records without the per-decision
        think times (the report's per-bot think figures stay), plus what was measured and how
    strength_table.py --write docs/strength.md REPORT.json...
        the tables, every figure recomputed from the records

Every interval is clustered by deal: a deal (all its seatings) is one sample. A bot's per-deal
value is the mean score of its seats over the deal's seatings; its mean is the mean of those
over the deals, and the 95% interval is t(0.975, n-1) * s / sqrt(n) over the n deals (1.96 from
30 deals on; none below 2 deals). A run of two bot kinds also gives the paired difference A - B
per deal (A's per-deal value minus B's), the comparison the verdict rests on: a bot "beats" the
other when that interval lies wholly on its side of zero.
"""
import argparse
import json
import math
import sys
from collections import defaultdict

# Student t, two-sided 95%, for 1 to 29 degrees of freedom.
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045]

# What a measuring commit was, where it is not on the main line.
COMMITS = {
    "3c199ea": "3c199ea is main at 9b17313 (the evaluation seed's declaration) with one change: "
               "each deal is played only in its distinct seatings, the default `cards simulate` "
               "took up at 8562bfb; that build plays the very same records (checked on the "
               "first deals of three runs: Grosse/kleine A, Cego PIMC, Big A).",
    "d113e22": "d113e22 and b3bb7cf are the commits of the seeds' declarations; the binary "
               "measured was built at e216db5, and the commits from it to each (SEEDS.md, "
               "strength.sh, strength_table.py, tests) changed none of the bots these runs "
               "seat.",
    "b3bb7cf": "",
    "8c6aa92": "8c6aa92 and 326942d are the commits of the seeds' declarations (20261249 to "
               "20261251); the binary measured was built at 5d46d8d, and the commits from it to "
               "each (docs, SEEDS.md, strength.sh) changed none of the bots these runs seat.",
    "326942d": "",
    "7083f77": "7083f77 is the commit where Big A's expert became 8,000 iterations; the "
               "binary measured was built there.",
}

TITLES = {
    "grosse-kleine-a": "Grosse/kleine A",
    "big-a": "Big A",
    "einer-ist-immer": "Einer ist immer",
    "contract-rummy": "3 to 13",
    "cego": "Cego",
}


def multiplier(n):
    return T975[n - 2] if n < 30 else 1.96


def mean_ci(xs):
    """Mean and 95% half-width of per-deal values (None below two deals)."""
    n = len(xs)
    if n == 0:
        return None, None
    m = sum(xs) / n
    if n < 2:
        return m, None
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, multiplier(n) * math.sqrt(var / n)


def per_deal(records, kind, wins=False):
    sums = defaultdict(lambda: [0.0, 0])
    for r in records:
        scores = r["scores"]
        best = max(scores)
        winners = sum(1 for s in scores if s == best)
        for k, s in zip(r["kinds"], scores):
            if k == kind:
                value = (1.0 / winners if s == best else 0.0) if wins else s
                sums[r["deal"]][0] += value
                sums[r["deal"]][1] += 1
    return {d: s / c for d, (s, c) in sums.items()}


def fmt(x, digits):
    if x is None:
        return "n/a"
    text = f"{x:+.{digits}f}"
    if float(text) == 0:
        return f"{0:.{digits}f}"
    return text.replace("-", "\u2212")


def pm(m, ci, digits):
    if m is None:
        return "n/a"
    return f"{fmt(m, digits)} ± {'n/a' if ci is None else f'{ci:.{digits}f}'}"


def digits_for(report):
    scale = max((abs(s) for r in report["records"] for s in r["scores"]), default=1)
    return 3 if scale <= 2 else 2


def analyse(report):
    records = report["records"]
    bots = report["bots"]
    d = digits_for(report)
    rows = []
    values = []
    for k, b in enumerate(bots):
        v = per_deal(records, k)
        w = per_deal(records, k, wins=True)
        values.append(v)
        m, ci = mean_ci(list(v.values()))
        wm, wci = mean_ci(list(w.values()))
        rows.append({"name": b["name"], "mean": m, "ci": ci, "win": wm, "win_ci": wci,
                     "think": b.get("think_median_real_ms"), "phases": b.get("think_by_phase", []),
                     "decisions": b.get("decisions", 0), "iterations": b.get("iterations", 0),
                     "think_s": b.get("think_s", 0.0)})
    paired = None
    if len(bots) == 2:
        deals = sorted(set(values[0]) & set(values[1]))
        diffs = [values[0][x] - values[1][x] for x in deals]
        pmn, pci = mean_ci(diffs)
        paired = (pmn, pci)
        share = (sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in diffs) / len(diffs)
                 if diffs else 0.5)
    else:
        share = None
    deals = len({r["deal"] for r in records})
    seatings = len({tuple(r["kinds"]) for r in records})
    return {"rows": rows, "paired": paired, "deals": deals, "seatings": seatings,
            "plays": len(records), "digits": d, "share": share}


EVALUATION_SEED = 20261126


def seed_note(report):
    """The seed, where it is not the evaluation seed (the reserve's confirmation runs)."""
    return "" if report["seed"] == EVALUATION_SEED else f", seed {report['seed']}"


def verdict(a):
    if a["paired"] is None or a["paired"][1] is None:
        return "n/a"
    m, ci = a["paired"]
    first, second = a["rows"][0]["name"], a["rows"][1]["name"]
    if m - ci > 0:
        return f"**{first} beats {second}**"
    if m + ci < 0:
        return f"**{second} beats {first}**"
    return "not apart"


def keep(args):
    raw, out = args.keep
    with open(raw) as handle:
        report = json.load(handle)
    if report.get("interrupted"):
        sys.exit(f"{raw}: the run was interrupted; not kept")
    for r in report["records"]:
        r["thinking"] = [{"decisions": t["decisions"], "iterations": t["iterations"],
                          "think_s": round(sum(x[0] for x in t["times"]), 6)}
                         for t in r["thinking"]]
    before, after = args.load.split()
    report["measured"] = {"commit": args.commit, "command": args.command,
                          "load_before": float(before), "load_after": float(after)}
    with open(out, "w") as handle:
        records = report.pop("records")
        text = json.dumps(report, indent=1)
        handle.write(text[:-2] + ',\n "records": [\n')
        handle.write(",\n".join("  " + json.dumps(r, separators=(",", ":")) for r in records))
        handle.write("\n ]\n}\n")


HEADER = """# Strength of the bots

<!-- Written by scripts/strength_table.py from docs/results/*.json; do not edit by hand.
     scripts/strength.sh re-runs what is missing and rewrites this file. -->

Every figure here comes from `cards simulate` on **duplicate single deals** of an evaluation
seed declared in `docs/results/SEEDS.md` before any run on it (`--seed 20261126` unless a row
names another; nothing was tuned on them). Each deal is played once per distinct seating of the bots round the table
(with two kinds alternating at four seats, two seatings), so every bot holds every hand of the
deal. The JSON report of each run is kept in `docs/results/` with the commit it measured, the
command and the machine's load; `scripts/strength.sh` re-runs a run whose report is missing and
`scripts/strength_table.py` writes this file from the reports.

**One kind of interval.** Every ± is a 95% interval **clustered by deal**: a bot's value in a
deal is the mean score of its seats over the deal's seatings, and the interval is over the
deals (Student's t below 30 deals). The column **A − B** is the paired difference per deal
(the first bot's value minus the second's), the comparison a verdict rests on: a bot beats the
other when that interval lies wholly on its side of zero, "not apart" otherwise. Scores are
each game's own (higher is better); the win rate counts a play's top score (shared on a tie).
Think times are the median per decision that had a real choice, on a machine of 2 cores shared
with other work (the load is given), so they are upper bounds. Earlier measurements (tuning
seeds, per-seat intervals, the search's history) are in `docs/strength-history.md`; the speed
of random playouts against OpenSpiel is in `docs/speed.md`.

"""


# Runs of a bot that a level no longer is: kept as records, left out of the ladder, and named
# so in the list of runs.
RETIRED = {
    "big-a-expert-vs-hard.json": "Big A's expert at 2,500 iterations, before it became 8,000 "
                                 "(`big-a-expert8000-vs-hard.json` is the ladder's step)",
    "big-a-expert-vs-ismcts.json": "Big A's expert at 2,500 iterations, before it became 8,000",
    "grosse-kleine-a-expert-vs-ismcts.json": "Grosse/kleine A's expert as plain ISMCTS at 8,000 "
                                             "iterations, before it became the inferring search",
    "grosse-kleine-a-expert-vs-hard.json": "Grosse/kleine A's expert as plain ISMCTS at 8,000 "
                                           "iterations, before it became the inferring search "
                                           "(`grosse-kleine-a-infer-vs-hard.json` is the "
                                           "ladder's step)",
    "einer-ist-immer-expert-vs-ismcts.json": "Einer ist immer's expert as plain ISMCTS at 10,000 "
                                             "iterations, before it became the inferring search",
    "contract-rummy-expert-vs-hard.json": "3 to 13's expert as the search of its defaults "
                                          "(ISMCTS at 1,000 iterations), before it solved its "
                                          "own hand up to 30 cards "
                                          "(`contract-rummy-solver-vs-hard.json` is the "
                                          "ladder's step)",
    "einer-ist-immer-expert-vs-hard.json": "Einer ist immer's expert as plain ISMCTS at 10,000 "
                                           "iterations, before it became the inferring search "
                                           "(`einer-ist-immer-infer-vs-hard.json` is the "
                                           "ladder's step)",
    "cego-expert-vs-hard.json": "Cego's expert as `pimc` with its defaults (PIMC over the last "
                                "7 tricks of the counter games too), before it became "
                                "`pimc:from=0` (`cego-specials-vs-hard.json` is the ladder's "
                                "step)",
}


def retired(f):
    return f.rsplit("/", 1)[-1] in RETIRED


# The ladder of every game, weakest first: the specs of `cli::bots::ladder` (the lobby's levels
# and `cards tournament --ladder`). Cego's `expert` is `pimc:from=0` (`game_cego::pimc::expert`)
# since 2026-12-04; runs of `pimc` with its defaults measure the former expert, not it.
LEVELS = ["easy", "medium", "hard", "expert"]


def ladder_specs(game):
    hard = "planner" if game == "contract-rummy" else "ismcts:iters=200"
    return ["random", "heuristic", hard, "expert"]


def same_bot(game, spec, name):
    return name == spec


def ladder_link(game, lower, upper, analysed):
    """The largest run of `upper` against `lower` in this game: (file, report, analysis,
    paired difference upper - lower, its half-width, win share of upper by deal, deals)."""
    best = None
    for f, report, a in analysed:
        if report["game"] != game or len(a["rows"]) != 2 or a["paired"] is None or retired(f):
            continue
        names = [r["name"] for r in a["rows"]]
        if same_bot(game, upper, names[0]) and same_bot(game, lower, names[1]):
            sign = 1
        elif same_bot(game, upper, names[1]) and same_bot(game, lower, names[0]):
            sign = -1
        else:
            continue
        if best is None or a["deals"] > best[2]["deals"]:
            best = (f, report, a, sign)
    if best is None:
        return None
    f, report, a, sign = best
    m, ci = a["paired"]
    return {"file": f, "report": report, "a": a, "mean": sign * m, "ci": ci,
            "share": a["share"] if sign == 1 else 1 - a["share"], "deals": a["deals"]}


def elo_step(share, n):
    """Elo difference of a win share by deal over n deals (Bradley-Terry: 400 log10(s/(1-s)),
    s kept within half a deal of 0 and 1) and its standard error by the delta method."""
    s = min(max(share, 0.5 / n), 1 - 0.5 / n)
    return 400 * math.log10(s / (1 - s)), 400 / math.log(10) / math.sqrt(n * s * (1 - s))


def ladder(analysed):
    lines = ["## The ladder", "",
             "The levels of `cards serve`'s lobby and `cards tournament GAME --ladder`, weakest "
             "first: easy `random`, medium `heuristic`, hard `ismcts:iters=200` (3 to 13: its "
             "`planner`), expert `expert` (Cego's is `pimc:from=0`). Each "
             "step is the largest run above of a level against the one below: the paired "
             "difference (upper − lower) and the verdict. **Rating** is on the Elo scale with "
             "easy at 0: each step adds the Bradley-Terry difference of the upper level's "
             "share of deals won by paired difference (a tie half), 400 · log10(s / (1 − s)); "
             "its 95% interval adds the steps' variances (delta method; the steps are "
             "independent runs). A step without a run is \"not measured\" and the ratings above "
             "it are left out.", "",
             "| game | level | spec | rating (Elo) ± 95% | step: upper − lower ± 95% | deals, "
             "seed | step verdict |",
             "|---|---|---|---|---|---|---|"]
    for game, title in TITLES.items():
        specs = ladder_specs(game)
        rating, var, known = 0.0, 0.0, True
        for k, (level, spec) in enumerate(zip(LEVELS, specs)):
            if k == 0:
                lines.append(f"| {title} | {level} | `{spec}` | 0 | – | – | – |")
                continue
            link = ladder_link(game, specs[k - 1], spec, analysed)
            if link is None:
                known = False
                lines.append(f"| {title} | {level} | `{spec}` | – | not measured | – | "
                             f"not measured |")
                continue
            d = link["a"]["digits"]
            step, se = elo_step(link["share"], link["deals"])
            rating += step
            var += se * se
            m, ci = link["mean"], link["ci"]
            if m - ci > 0:
                v = f"**{level} beats {LEVELS[k - 1]}**"
            elif m + ci < 0:
                v = f"**{LEVELS[k - 1]} beats {level}**"
            else:
                v = "not apart"
            r = f"{rating:+.0f} ± {1.96 * math.sqrt(var):.0f}" if known else "–"
            lines.append(f"| {title} | {level} | `{spec}` | {r.replace('-', chr(0x2212))} | "
                         f"**{pm(m, ci, d)}** | {link['deals']}, {link['report']['seed']} | "
                         f"{v} |")
    lines.append("")
    lines.append("Hard was `ismcts:iters=1000` until 2026-12-03. No expert had beaten that apart "
                 "then (the retired rows `expert,ismcts:iters=1000` above, and Cego's "
                 "`pimc,ismcts:iters=1000`), so the top two names did not differ as they said; "
                 "hard is now the smaller search (200 iterations, chosen on tuning seed 1), in 3 "
                 "to 13 the planner. 3 to 13's `expert` was the search of its defaults (ISMCTS "
                 "at 1,000 iterations over the planner's candidates, with the final turns "
                 "solved up to 20 cards) until 2026-12-04; it now solves its own hand's puzzles "
                 "(going out, final turns, an empty stock) up to 30 cards (seeds 20261256 and "
                 "20261257). Big "
                 "A's expert searches 8,000 iterations since 2026-12-03 (the row "
                 "`ismcts:iters=8000,...` above, seed 20261252, beats ISMCTS at 1,000). The "
                 "experts of Grosse/kleine A and Einer ist immer infer the hidden hands since "
                 "2026-12-03 (`cards_core::search::Inferring`: worlds weighed by how likely the "
                 "other seats' recorded actions are under the heuristic) and beat ISMCTS at "
                 "1,000 iterations on seed 20261254. Each step above is the largest run of the "
                 "expert in service against hard (retired experts' runs are not steps), and the "
                 "run of each is named in the list below. An expert that beats ISMCTS at 1,000 "
                 "iterations in every game (issue 45 item 1): 3 to 13's expert beats it since "
                 "2026-12-04 (seed 20261256), and Cego's, `pimc:from=0` since 2026-12-04, by "
                 "+0.81 ± 0.80 on 4,000 deals of seed 20261258 (apart by a hair) and +1.18 ± "
                 "0.79 on 4,000 deals of the confirmation seed 20261260 declared after it, "
                 "+1.00 ± 0.56 over the 8,000 together (`scripts/paired.py --pool`; common "
                 "random numbers by seat, `docs/simulate.md`); its step over hard is seed "
                 "20261259.")
    lines.append("")
    return lines


def write(args):
    out, files = args.write[0], args.write[1:]
    reports = []
    for f in files:
        with open(f) as handle:
            reports.append((f, json.load(handle)))
    order = list(TITLES)
    reports.sort(key=lambda fr: (order.index(fr[1]["game"]) if fr[1]["game"] in order else 99,
                                 fr[0].replace("-reserve", ""), fr[1]["seed"]))
    lines = [HEADER]
    lines.append("| game | bots (A, B) | deals × seatings | A mean ± 95% | B mean ± 95% "
                 "| **A − B** ± 95% | win rates A / B | A think (median, real choices) "
                 "| verdict |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    notes = []
    for f, report in reports:
        a = analyse(report)
        d = a["digits"]
        rows = a["rows"]
        names = ", ".join(r["name"] for r in rows)
        layout = report["measured"]["command"].split("--bots ")[1].split(" ")[0]
        a_think = rows[0]["think"]
        if not rows[0]["think_s"] or a_think is None:
            think = "–"
        else:
            think = "< 0.1 ms" if a_think < 0.05 else f"{a_think:.1f} ms"
        b = rows[1] if len(rows) > 1 else None
        lines.append(
            f"| {TITLES.get(report['game'], report['game'])} | `{layout}`"
            + (" (retired expert)" if retired(f) else "") + " | "
            f"{a['deals']} × {a['seatings']}{seed_note(report)} | "
            f"{pm(rows[0]['mean'], rows[0]['ci'], d)} | "
            + (f"{pm(b['mean'], b['ci'], d)} | " if b else "– | ")
            + (f"**{pm(a['paired'][0], a['paired'][1], d)}** | " if a["paired"] else "– | ")
            + f"{rows[0]['win']:.3f} / " + (f"{b['win']:.3f}" if b else "–")
            + f" | {think} | {verdict(a)} |")
        m = report["measured"]
        phases = "; ".join(
            f"{r['name']}: " + ", ".join(f"{p['phase']} {p['median_real_ms']:.1f} ms"
                                         for p in r["phases"])
            for r in rows if len(r["phases"]) > 1)
        notes.append(
            f"- `{f}`: `{m['command']}` at commit {m['commit']}, {a['plays']} plays, "
            f"{report['elapsed_s']:.0f} s on {report['threads']} "
            f"thread{'s' if report['threads'] != 1 else ''}, load "
            f"{m['load_before']:.1f} before and {m['load_after']:.1f} after"
            + (f"; think by phase: {phases}" if phases else "") + "."
            + (f" **Retired**: {RETIRED[f.rsplit('/', 1)[-1]]}." if retired(f) else ""))
    lines.append("")
    lines.append("A and B are the distinct specs of the `--bots` layout in the order given; "
                 "the layout lists one spec per seat, cycled round the table. A row marked "
                 "with seed 20261127 is a confirmation on the reserve seed, run for a verdict "
                 "the evaluation seed left close; a row marked with another seed is a run "
                 "declared for it in `docs/results/SEEDS.md`.")
    lines.append("")
    lines.extend(ladder([(f, r, analyse(r)) for f, r in reports]))
    lines.append("## The runs")
    lines.append("")
    lines.extend(notes)
    used = sorted({r["measured"]["commit"] for _, r in reports})
    for c in used:
        if COMMITS.get(c):
            lines.append("")
            lines.append(COMMITS[c])
    lines.append("")
    with open(out, "w") as handle:
        handle.write("\n".join(lines))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--keep", nargs=2, metavar=("RAW", "OUT"))
    p.add_argument("--commit")
    p.add_argument("--load", default="0 0")
    p.add_argument("--command")
    p.add_argument("--write", nargs="+", metavar="FILE")
    args = p.parse_args()
    if args.keep:
        keep(args)
    elif args.write:
        write(args)
    else:
        p.error("--keep or --write")


if __name__ == "__main__":
    main()
