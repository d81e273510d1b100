#!/usr/bin/env python3
"""The server's resident memory through the memory attacks of issue 43 (item 2), on loopback
with the release build and the default limits (`--memory-mb 1024`, `--max-connections 1024`):

1. heads: 1,024 connections from 16 addresses (127.0.0.x), each sending 400 KB of a request head
   that never ends;
2. slow: 1,200 slow sockets from 20 addresses holding every place, while a fresh client from
   another address asks 16 times;
3. re-seat: six tables of four people from one address whose host then seats
   `pimc:table=20,ms=5000` bots in three seats each (refused past the budget).

Prints the peak RSS (VmHWM) and the RSS after each, against the budget.

    cargo build --release -p cli --bin cards
    python3 scripts/attack_rss.py       # CARDS_BIN names another binary
"""
import json, os, socket, subprocess, time, urllib.request

BIN = os.environ.get("CARDS_BIN", "target/release/cards")
p = subprocess.Popen([BIN, "serve", "--bind", "127.0.0.1:0", "--db", ":memory:",
                      "--header-timeout-ms", "10000"], stdout=subprocess.PIPE, text=True)
line = p.stdout.readline()
base = line[line.index("http://"):].split()[0].rstrip("/")
host, port = base[len("http://"):].split(":")
port = int(port)

def mem(field):
    with open(f"/proc/{p.pid}/status") as f:
        for l in f:
            if l.startswith(field):
                return int(l.split()[1]) >> 10
    return -1

def call(method, path, token=None, body=None, src=None):
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")

def connect(src):
    s = socket.socket()
    s.bind((src, 0))
    s.settimeout(2)
    s.connect((host, port))
    return s

def fresh_client(tries=16):
    ok = 0
    for _ in range(tries):
        try:
            s = connect("127.0.1.1")
            s.sendall(f"GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            if s.recv(12).startswith(b"HTTP/1.1 200"):
                ok += 1
            s.close()
        except OSError:
            pass
    return ok

print(f"start: RSS {mem('VmRSS:')} MB")
# 1. heads
head = (f"GET / HTTP/1.1\r\nHost: {host}\r\n" + ("X-Big: " + "a" * 1000 + "\r\n") * 400).encode()
held = []
for i in range(1024):
    try:
        s = connect(f"127.0.0.{2 + i % 16}")
        s.settimeout(0.2)
        try:
            s.sendall(head)
        except OSError:
            pass
        held.append(s)
    except OSError:
        pass
print(f"1. 1,024 heads of 400 KB: peak {mem('VmHWM:')} MB, RSS {mem('VmRSS:')} MB; "
      f"fresh client answered {fresh_client()} of 16")
for s in held:
    s.close()
time.sleep(1)
print(f"   after they closed: RSS {mem('VmRSS:')} MB")
# 2. slow
held = []
for i in range(1200):
    try:
        s = connect(f"127.0.0.{40 + i % 20}")
        s.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode())
        held.append(s)
    except OSError:
        pass
time.sleep(0.5)
print(f"2. 1,200 slow sockets from 20 addresses: fresh client answered {fresh_client()} of 16; "
      f"peak {mem('VmHWM:')} MB, RSS {mem('VmRSS:')} MB")
for s in held:
    s.close()
time.sleep(1)
# 3. re-seat
refused = seated = 0
for t in range(6):
    s, b = call("POST", "/api/tables", body={"game": "cego", "seats": ["person"] * 4, "pace_ms": 5000})
    if s != 201:
        print("   open:", s, b)
        continue
    key = b["host_key"]
    for seat in (1, 2, 3):
        s, b2 = call("POST", f"/api/tables/{b['table']}/seats/{seat}/seat", key,
                     {"bot": "pimc:table=20,ms=5000"})
        if s == 200:
            seated += 1
        else:
            refused += 1
time.sleep(8)
st = call("GET", "/api/status")[1]
print(f"3. six tables re-seated with pimc:table=20,ms=5000: {seated} seated, {refused} refused; "
      f"tables take {st['tables_memory'] >> 20} MB of {st['tables_budget'] >> 20} MB; "
      f"peak {mem('VmHWM:')} MB, RSS {mem('VmRSS:')} MB (budget 1024 MB)")
p.kill()
