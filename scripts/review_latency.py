#!/usr/bin/env python3
"""A move's acknowledgement while others review (issue 43 item 5): a four-person Cego table is
played move by move, first alone, then while 8 clients ask for random steps of 40 finished
matches (more than the 16 reviews the server keeps built, so some are rebuilt). Prints p50, p99
and the worst of the moves' answers.

    cargo build --release -p cli --bin cards
    python3 scripts/review_latency.py [MOVES]     # CARDS_BIN names another binary
"""
import json, subprocess, sys, threading, time, urllib.request, os, random, tempfile
BIN = os.environ.get("CARDS_BIN", "target/release/cards")
db = os.path.join(tempfile.mkdtemp(), "tables.db")
p = subprocess.Popen([BIN, "serve", "--bind", "127.0.0.1:0", "--db", db, "--max-requests-per-second", "1000000",
                      "--max-opens-per-minute", "1000000", "--max-tables-per-client", "1000", "--max-tables", "1000"],
                     stdout=subprocess.PIPE, text=True)
line = p.stdout.readline()
base = line[line.index("http://"):].split()[0].rstrip("/")
def call(method, path, token=None, body=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if token: req.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as r: return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null")
def open_table(req):
    s, b = call("POST", "/api/tables", body=req); assert s == 201, b
    return b["table"], [x["link"].split("#")[1].split(".")[0] if x["link"] else None for x in b["seats"]]
# Finished matches to review: 40 (more than the 16 kept, so reviews also rebuild).
ids = [open_table({"game": "cego", "seats": ["random"]*4, "pace_ms": 0, "single_deal": True})[0] for _ in range(40)]
for i in ids:
    while call("GET", f"/api/tables/{i}/watch")[1]["match_over"] is not True: time.sleep(0.05)
stop = threading.Event(); reviews = [0]
def reviewer(k):
    r = random.Random(k)
    while not stop.is_set():
        i = r.choice(ids); s, b = call("GET", f"/api/review/{i}?step={r.randint(0, 40)}")
        assert s in (200, 404), (s, b); reviews[0] += 1
def moves(n):
    lat = []
    tid, toks = open_table({"game": "cego", "seats": ["person"]*4, "pace_ms": 0})
    while len(lat) < n:
        s0 = call("GET", f"/api/tables/{tid}/seats/0/state", toks[0])[1]
        if s0["match_over"]:
            tid, toks = open_table({"game": "cego", "seats": ["person"]*4, "pace_ms": 0}); continue
        if s0["waiting_for_next_deal"]:
            for w in s0["next_deal_waits_for"]: call("POST", f"/api/tables/{tid}/seats/{w}/next", toks[w], {})
            continue
        m = s0["to_move"]; st = call("GET", f"/api/tables/{tid}/seats/{m}/state", toks[m])[1]
        if not st["your_turn"]: time.sleep(0.002); continue
        t = time.perf_counter(); s, b = call("POST", f"/api/tables/{tid}/seats/{m}/act", toks[m], {"action": st["legal"][0]})
        lat.append((time.perf_counter() - t) * 1000); assert s == 200, b
    return lat
def report(name, lat):
    lat = sorted(lat); q = lambda f: lat[min(len(lat)-1, int(f*len(lat)))]
    print(f"{name}: n={len(lat)} p50={q(.5):.1f} ms p99={q(.99):.1f} ms max={lat[-1]:.1f} ms")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 300
report("moves, nobody reviewing", moves(N))
threads = [threading.Thread(target=reviewer, args=(k,)) for k in range(8)]
[t.start() for t in threads]; t0 = time.time()
report("moves, 8 clients reviewing", moves(N))
stop.set(); [t.join() for t in threads]
print(f"reviews answered meanwhile: {reviews[0]} in {time.time()-t0:.1f} s")
p.kill()
