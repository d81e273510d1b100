#!/usr/bin/env python3
"""Instruction counts of the hot paths, guarded against a committed baseline (docs/speed.md).

For every game of `cards list` it runs, under valgrind's callgrind (instructions, not time, so
the figures do not depend on the machine's load):

- random playouts: `cards simulate GAME --games N --bots random --threads 1 --json`, and divides
  the instructions of the whole run by the JSON's `total_actions` (instructions per action, the
  figure docs/speed.md and issue 45 quote; `random`), and, in a second run, those of the worker
  that plays the deals alone (`cli::plays::work`: the deals and bots without the program's
  start, the statistics and the JSON; `random-worker`);
- ISMCTS: `cards simulate GAME --games N --bots ismcts:iters=K --threads 1 --json`, divided by
  the iterations the JSON reports (instructions per search iteration).

Each figure is compared with scripts/instr_baseline.json; a figure more than 3% above its
baseline fails the run (exit status 1). `--update` writes the figures as the new baseline
instead. Counts depend on the compiler and the C library, so this is not run in CI: run it on
one machine before and after a change to a hot path, and quote its lines in the note.

    scripts/instr_guard.py                 # build release `cards`, measure, compare
    scripts/instr_guard.py --update        # measure and rewrite the baseline
    scripts/instr_guard.py --games cego    # some games only (comma-separated)
    scripts/instr_guard.py --kinds random  # random playouts only (random-worker, ismcts)
    scripts/instr_guard.py --no-build      # measure the binary already built

The binary is target/release/cards (or under $CARGO_TARGET_DIR). Needs valgrind and python3.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "scripts", "instr_baseline.json")
# A figure this much above its baseline fails.
TOLERANCE = 0.03

# Per game: deals of random playouts, and deals and iterations per decision of the ISMCTS run,
# each chosen so a run takes seconds to a minute under callgrind. A game not named here takes
# DEFAULT. An iteration's cost depends on the position searched (a first decision's rollouts are
# longer than a last trick's), so the ISMCTS runs play several deals: over one deal, a change of
# the bots' random draws alone moved a line by up to a third (docs/speed.md, 2026-12-04).
RUNS = {
    "big-a": {"random": 1000, "ismcts": (10, 50)},
    "cego": {"random": 2000, "ismcts": (4, 100)},
    "contract-rummy": {"random": 1000, "ismcts": (3, 100)},
    "einer-ist-immer": {"random": 1000, "ismcts": (15, 100)},
    "grosse-kleine-a": {"random": 2000, "ismcts": (10, 100)},
}
DEFAULT = {"random": 1000, "ismcts": (5, 100)}
SEED = 1


def cards_binary():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", "cards")


def build():
    subprocess.run(
        ["cargo", "build", "--release", "-p", "cli", "--locked", "-q"], cwd=ROOT, check=True
    )


def callgrind(cmd, only=None):
    """Instructions of one run of `cmd` under callgrind (within the function `only` and what it
    calls, if given), and its standard output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        toggle = [f"--toggle-collect={only}"] if only else []
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + toggle + cmd,
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            sys.exit(f"instr_guard: {' '.join(cmd)} failed:\n{run.stderr[-2000:]}")
        found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
        if not found:
            sys.exit(f"instr_guard: no instruction count in callgrind's output:\n{run.stderr}")
        if int(found.group(1)) == 0:
            sys.exit(f"instr_guard: nothing counted in {only} (is it inlined?): {' '.join(cmd)}")
        return int(found.group(1)), run.stdout


def measure(cards, game, kind):
    runs = RUNS.get(game, DEFAULT)
    if kind in ("random", "random-worker"):
        games, bots = runs["random"], "random"
    else:
        games, iters = runs["ismcts"]
        bots = f"ismcts:iters={iters}"
    cmd = [cards, "simulate", game, "--games", str(games), "--bots", bots, "--threads", "1"]
    cmd += ["--seed", str(SEED), "--json"]
    only = "cli::plays::work*" if kind == "random-worker" else None
    instructions, stdout = callgrind(cmd, only)
    report = json.loads(stdout)
    if kind != "ismcts":
        count = report["total_actions"]
    else:
        count = sum(b["iterations"] for b in report["bots"])
    if count == 0:
        sys.exit(f"instr_guard: {game} {kind}: nothing counted")
    return {
        "command": " ".join(
            ["valgrind", "--tool=callgrind"]
            + ([f"--toggle-collect={only}"] if only else [])
            + ["cards"]
            + cmd[1:]
        ),
        "instructions": instructions,
        "per": "iteration" if kind == "ismcts" else "action",
        "count": count,
        "per_unit": round(instructions / count, 1),
    }


def tool_versions():
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            return "unknown"

    return {"rustc": first_line(["rustc", "--version"]), "valgrind": first_line(["valgrind", "--version"])}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="rewrite the baseline")
    parser.add_argument("--no-build", action="store_true", help="do not build first")
    parser.add_argument("--games", help="comma-separated games (default: every game of cards list)")
    parser.add_argument(
        "--kinds",
        default="random,random-worker,ismcts",
        help="comma-separated: random, random-worker, ismcts (default all three)",
    )
    args = parser.parse_args()

    if not args.no_build:
        build()
    cards = cards_binary()
    listed = subprocess.run([cards, "list"], capture_output=True, text=True, check=True)
    games = [line.split()[0] for line in listed.stdout.splitlines() if line.strip()]
    if args.games:
        wanted = args.games.split(",")
        unknown = [g for g in wanted if g not in games]
        if unknown:
            sys.exit(f"instr_guard: unknown games {unknown}; cards list has {games}")
        games = wanted
    kinds = args.kinds.split(",")
    bad = [k for k in kinds if k not in ("random", "random-worker", "ismcts")]
    if bad:
        sys.exit(f"instr_guard: unknown kinds {bad}: random, random-worker, ismcts")

    baseline = {}
    if os.path.exists(BASELINE):
        with open(BASELINE) as f:
            baseline = json.load(f)
    base_figures = baseline.get("figures", {})

    figures, worse = {}, []
    for game in games:
        for kind in kinds:
            m = measure(cards, game, kind)
            key = f"{game} {kind}"
            figures[key] = m
            old = base_figures.get(key)
            line = f"{key:<31} {m['per_unit']:>10.1f} instructions/{m['per']:<9}"
            if old is None:
                line += "   (no baseline)"
            else:
                change = m["per_unit"] / old["per_unit"] - 1
                line += f"   baseline {old['per_unit']:>10.1f}   {change:+.1%}"
                if change > TOLERANCE:
                    line += "   OVER +3%"
                    worse.append(key)
            print(line, flush=True)

    if args.update:
        merged = dict(base_figures)
        merged.update(figures)
        out = {
            "note": "scripts/instr_guard.py --update; instructions under callgrind divided by "
            "actions (random) or search iterations (ismcts); a figure over +3% fails",
            "date": datetime.date.today().isoformat(),
            "commit": subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
            ).stdout.strip(),
            **tool_versions(),
            "figures": dict(sorted(merged.items())),
        }
        with open(BASELINE, "w") as f:
            json.dump(out, f, indent=2)
            f.write("\n")
        print(f"instr_guard: baseline written to {os.path.relpath(BASELINE, ROOT)}")
        return 0
    if worse:
        print(f"instr_guard: over the baseline by more than 3%: {', '.join(worse)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
