#!/usr/bin/env python3
"""Pages and seats' states while every bot thinks (issue 43 item 3): 63 tables of four
`ismcts:ms=5000` bots (the most expensive bot the caps allow a table by time: every decision
thinks its whole 5 s) play by themselves on a server whose bots share `--bot-threads` (one a
core by default), while one person's table is asked for its page and its seat's state over and
over. Prints p50, p99 and the worst of both, with the load.

    cargo build --release -p cli --bin cards
    python3 scripts/think_latency.py [SECONDS] [GAME]    # CARDS_BIN names another binary
"""
import json, os, subprocess, sys, time, urllib.request

BIN = os.environ.get("CARDS_BIN", "target/release/cards")
SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 60
GAME = sys.argv[2] if len(sys.argv) > 2 else "cego"
SPEC = "ismcts:ms=5000"
p = subprocess.Popen([BIN, "serve", "--bind", "127.0.0.1:0", "--db", ":memory:",
                      "--max-requests-per-second", "1000000", "--max-opens-per-minute", "1000000",
                      "--max-tables-per-client", "1000", "--max-tables", "64",
                      "--memory-mb", "65536", "--table-memory-mb", "65536"],
                     stdout=subprocess.PIPE, text=True)
line = p.stdout.readline()
base = line[line.index("http://"):].split()[0].rstrip("/")

def call(method, path, token=None, body=None, raw=False):
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            data = r.read()
            return r.status, data if raw else json.loads(data or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")

def seats(n):
    return [SPEC] * n

players = {"big-a": 5}.get(GAME, 4)
for _ in range(63):
    s, b = call("POST", "/api/tables", body={"game": GAME, "seats": seats(players), "pace_ms": 0})
    assert s == 201, b
s, b = call("POST", "/api/tables",
            body={"game": GAME, "seats": ["person"] + ["random"] * (players - 1), "pace_ms": 0})
assert s == 201, b
tid = b["table"]
tok = b["seats"][0]["link"].split("#")[1]
time.sleep(2)
page, state, busy = [], [], []
t_end = time.time() + SECONDS
while time.time() < t_end:
    t = time.perf_counter()
    s, _ = call("GET", f"/play/{tid}/0", raw=True)
    page.append((time.perf_counter() - t) * 1000)
    assert s == 200
    t = time.perf_counter()
    s, st = call("GET", f"/api/tables/{tid}/seats/0/state", tok)
    state.append((time.perf_counter() - t) * 1000)
    assert s == 200, st
    if st["your_turn"] and st["legal"]:
        call("POST", f"/api/tables/{tid}/seats/0/act", tok, {"action": st["legal"][0]})
    if st["waiting_for_next_deal"]:
        call("POST", f"/api/tables/{tid}/seats/0/next", tok, {})
    if len(page) % 50 == 0:
        busy.append(call("GET", "/api/status")[1])
    time.sleep(0.01)

def report(name, lat):
    lat = sorted(lat)
    q = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))]
    print(f"{name}: n={len(lat)} p50={q(.5):.1f} ms p99={q(.99):.1f} ms max={lat[-1]:.1f} ms")

print(f"{GAME}: 63 tables of {players} x {SPEC}, {SECONDS:.0f} s, load {os.getloadavg()}")
last = busy[-1] if busy else {}
print(f"pool: {last.get('bot_threads')} threads, thinking {max(b['bots_thinking'] for b in busy)} "
      f"at most, waiting up to {max(b['bots_waiting'] for b in busy)}")
report("page", page)
report("seat state", state)
p.kill()
