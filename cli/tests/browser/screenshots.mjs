// The screenshots of docs/screenshots/: a table of each game a few moves into its deal (seed 42,
// the person in S0 against bots), on a desktop (1280x800) and a phone (390x844), and its watch
// page. Not part of CI; run by hand after a change to the page:
//
//   node cli/tests/browser/screenshots.mjs [GAME ...]
// Environment: CARDS_BIN (default target/debug/cards), CHROMIUM (default /usr/bin/chromium),
// STEPS (the person's moves before the pictures, default 3).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = process.env.CARDS_BIN || resolve(root, "target/debug/cards");
const out = resolve(root, "docs/screenshots");
mkdirSync(out, { recursive: true });
const db = resolve(root, "target/screenshots.db");
for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
const child = spawn(bin, ["serve", "--bind", "127.0.0.1:0", "--db", db, "--max-requests-per-second", "100000", "--max-opens-per-minute", "100000", "--max-tables-per-client", "64"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((ok) => child.stdout.on("data", (d) => { const m = /http:\/\/[0-9.:]+/.exec(String(d)); if (m) ok(m[0]); }));
const games = (await (await fetch(`${base}/api/games`)).json()).games;
const want = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
async function post(path, body, token) {
  const r = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return r.json();
}
for (const g of games) {
  if (want.length && !want.includes(g.name)) continue;
  const n = g.default_players;
  const seats = ["person", ...Array.from({ length: n - 1 }, (_, i) => (i % 2 ? "random" : "heuristic"))];
  const c = await post("/api/tables", { game: g.name, seats, single_deal: true, seed: "42", pace_ms: 0 });
  const link = c.seats[0].link; const tok = link.split("#")[1];
  const st = `/api/tables/${c.table}/seats/0`;
  const steps = Number(process.env.STEPS || 3);
  for (let k = 0; k < steps; k++) {
    let s;
    for (let w = 0; w < 100; w++) { s = await (await fetch(base + st + "/state", { headers: { authorization: `Bearer ${tok}` } })).json(); if (s.your_turn || s.match_over) break; await new Promise((r) => setTimeout(r, 100)); }
    if (!s.your_turn) break;
    await post(st + "/act", { action: s.legal[(k * 7) % s.legal.length] }, tok);
  }
  await new Promise((r) => setTimeout(r, 800));
  for (const [tag, vp] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const ctx = await browser.newContext({ viewport: vp, isMobile: tag === "phone", hasTouch: tag === "phone" });
    const p = await ctx.newPage();
    p.on("pageerror", (e) => console.log("pageerror", e.message));
    p.on("console", (m) => m.type() === "error" && console.log("console", m.text()));
    await p.goto(base + link);
    await p.waitForTimeout(1500);
    await p.screenshot({ path: `${out}/${g.name}-${tag}.png` });
    if (tag === "desktop") { await p.goto(base + c.watch); await p.waitForTimeout(1200); await p.screenshot({ path: `${out}/${g.name}-watch.png` }); }
    await ctx.close();
  }
  console.log(g.name, "done");
}
await browser.close(); child.kill();
