#!/usr/bin/env python3
"""A bot for the cards bot protocol (docs/protocol.md): answers a random legal index.

Standard library only. Run it with
    cards simulate big-a --bots 'exec:python3 examples/bots/random_bot.py'
"""
import json
import random
import sys


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            # Nothing to load: ready at once (optional; no clock runs until then).
            print(json.dumps({"type": "ready"}), flush=True)
        elif message["type"] == "start":
            assert message["protocol"] == 2, "this bot speaks protocol 2"
            random.seed(message["seat"])
        elif message["type"] == "decide":
            choice = random.choice(message["legal"])
            # Echo the decision's id, so a late answer is never taken for the next one.
            print(json.dumps({"id": message["id"], "index": choice["index"]}), flush=True)
        # "deal_end": a deal is over (message["scores"], message["totals"]);
        # "end": the match is over (message["scores"]); a new "start" may follow.


if __name__ == "__main__":
    main()
