// The browser test of `cards serve`: for every game, in real headless Chromium, open a table
// against bots from the lobby, take the seat, play a whole deal by clicking cards and buttons as
// a person would, download the log and check `cards replay` accepts it. Fails on any console
// error. Saves a screenshot of each table mid-deal to target/screenshots/GAME.png.
//
//   node cli/tests/browser/play.mjs [GAME ...]
// Environment: CARDS_BIN (default target/debug/cards), CHROMIUM (default /usr/bin/chromium).

import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, existsSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = process.env.CARDS_BIN || resolve(root, "target/debug/cards");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = resolve(root, "target/screenshots");
const downloads = resolve(root, "target/browser-logs");
mkdirSync(shots, { recursive: true });
mkdirSync(downloads, { recursive: true });

const GAMES = {
  "grosse-kleine-a": { players: 4 },
  "big-a": { players: 5 },
  "einer-ist-immer": { players: 5 },
  "contract-rummy": { players: 4 },
  cego: { players: 4 },
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GAMES);

function fail(message) {
  throw new Error(message);
}

/** Starts `cards serve` on a free loopback port; resolves to its address and process. */
function startServer() {
  if (!existsSync(bin)) fail(`no ${bin}: build it first (cargo build -p cli)`);
  const child = spawn(bin, ["serve", "--bind", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, bad) => {
    let out = "";
    const timer = setTimeout(() => bad(new Error("cards serve printed no address in 20 s")), 20000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/[0-9.:]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, base: m[0] });
      }
    });
    child.on("exit", (code) => bad(new Error(`cards serve exited with ${code}`)));
  });
}

/** One of `items`, from a small deterministic generator. */
let seed = 12345;
function pick(items) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return items[seed % items.length];
}

async function playGame(browser, base, game, match = false) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  try {
    return await playOn(page, base, game, match);
  } catch (e) {
    await page.screenshot({ path: `${shots}/${game}-failed.png` }).catch(() => {});
    const actions = await page.$eval("#actions", (a) => a.outerHTML).catch(() => "");
    const turn = await page.$eval("#turn", (a) => a.textContent).catch(() => "");
    throw new Error(`${e.message.split("\n")[0]} [turn: ${turn}; actions: ${actions.slice(0, 400)}; screenshot target/screenshots/${game}-failed.png]`);
  } finally {
    await page.close().catch(() => {});
  }
}

async function playOn(page, base, game, match) {
  const problems = [];
  // Chromium logs every 4xx answer as a console error; the one refusal the test provokes is
  // expected, any other is a problem.
  page.expectRefusal = false;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (page.expectRefusal && /status of 422/.test(m.text())) {
      page.expectRefusal = false;
      return;
    }
    problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));

  // The lobby: the game, bots in every other seat, a single deal, a fixed seed, a fast pace.
  await page.goto(`${base}/`);
  await page.selectOption("#game", game);
  await page.selectOption("#players", String(GAMES[game].players));
  const seats = await page.$$("#seat-rows select");
  // The seats offer bots by level (easy is random; medium the heuristic, or 3 to 13's planner).
  for (let i = 1; i < seats.length; i++) {
    const medium = await seats[i].$eval('option[data-level="medium"]', (o) => o.value);
    await seats[i].selectOption(i % 2 ? medium : "random");
  }
  if (match) {
    // A match of two hands: the first ends with its scores and a button for the next.
    await page.fill('#options input[data-key="hands"]', "2");
  } else {
    await page.check("#single-deal");
  }
  await page.fill("#seed", "42");
  await page.selectOption("#pace", "50");
  await page.click("#create");
  await page.waitForSelector(".take-seat");
  if (game === "grosse-kleine-a") await page.screenshot({ path: `${shots}/lobby.png` });
  await page.click(".take-seat");
  await page.waitForFunction(() => document.querySelector("#turn") && document.querySelector("#turn").textContent !== "");

  let moves = 0;
  let shot = false;
  let triedBad = false;
  let triedTyped = false;
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 240000) fail(`${game}: the deal did not end within 4 minutes`);
    if (problems.length) fail(`${game}: ${problems.join("; ")}`);
    // Wait for our turn or the end.
    const phase = await page.waitForFunction(() => {
      const over = document.querySelector("#download-log");
      if (over && !document.querySelector("#overlay").hidden) return "over";
      if (document.querySelector("#next-deal") && !document.querySelector("#overlay").hidden) return "next";
      const t = document.querySelector("#turn").textContent;
      if (t === "Your turn." && document.querySelectorAll("#all-list option").length) return "turn";
      return false;
    }, null, { timeout: 60000 }).then((h) => h.jsonValue());
    if (phase === "over") break;
    if (phase === "next") {
      if (!match) fail(`${game}: a single deal asks for a next deal`);
      const text = await page.$eval("#dialog", (d) => d.textContent);
      if (!/Deal 1 is over/.test(text) || !/this deal/.test(text)) fail(`${game}: the end of deal 1 shows ${text}`);
      await page.screenshot({ path: `${shots}/${game}-deal-end.png` });
      await page.click("#next-deal");
      await page.waitForFunction(() => document.querySelector("#overlay").hidden);
      await page.waitForFunction(() => /hand 2|Hand 2/.test((document.querySelector("#heading").textContent + " " + document.querySelector("#table-lines").textContent)), null, { timeout: 30000 });
      return moves;
    }

    // The choice, worked out in the page with its own card module: a play by its cards, or a
    // button. Cards are then clicked one by one, and the play button pressed.
    const plan = await page.evaluate(async () => {
      const m = await import("/assets/cards.js");
      const game = document.title ? null : null;
      void game;
      const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1))}` } })).json();
      const hand = [...document.querySelectorAll("#hand .card")].map((b) => b.dataset.card);
      const byCards = [];
      const buttons = [];
      for (const a of [...document.querySelectorAll("#all-list option")].map((o) => o.value)) {
        const cards = m.actionCards(state.game, a);
        if (!cards) { buttons.push(a); continue; }
        // The hand positions to click for these cards.
        const keys = hand.map((c) => m.handKey(state.game, c));
        const used = [];
        let ok = true;
        for (const k of cards) {
          const i = keys.findIndex((x, j) => x === k && !used.includes(j));
          if (i < 0) { ok = false; break; }
          used.push(i);
        }
        if (ok) byCards.push({ action: a, clicks: used });
      }
      return { byCards, buttons };
    });
    if (!triedTyped) {
      // An action typed in the game's notation that the rules refuse: the engine's reason is
      // shown and nothing changes.
      triedTyped = true;
      const before = await page.$eval("#narration", (n) => n.children.length);
      await page.click("#all-actions summary");
      await page.fill("#typed", "no such action");
      page.expectRefusal = true;
      await page.click("#typed-form button");
      await page.waitForFunction(() => !document.querySelector("#error").hidden);
      const error = await page.$eval("#error", (e) => e.textContent);
      if (!/cannot read|not allowed/.test(error)) fail(`${game}: a typed non-action shows ${error}`);
      const after = await page.$eval("#narration", (n) => n.children.length);
      const turn = await page.$eval("#turn", (t) => t.textContent);
      if (after !== before || turn !== "Your turn.") fail(`${game}: a refused action changed the table`);
      await page.click("#all-actions summary");
    }
    if (!triedBad && plan.byCards.length) {
      // A selection that is no legal play: the page says so and offers no play button.
      triedBad = true;
      const n = (await page.$$("#hand .card")).length;
      if (n >= 2) {
        for (let i = 0; i < n; i++) await page.click(`#hand .card[data-index="${i}"]`);
        const hint = await page.$eval("#selection-hint", (h) => h.textContent);
        const plays = await page.$$eval("#actions button.primary", (b) => b.map((x) => x.dataset.action));
        if (!plays.length && !/legal play/.test(hint)) fail(`${game}: selecting every card shows neither a play nor a hint (${hint})`);
        await page.click("#actions button.quiet");
        if ((await page.$$("#hand .card.selected")).length) fail(`${game}: Clear selection left cards selected`);
      }
    }
    const version = await page.$eval("body", (b) => b.dataset.version);
    let choice;
    const preferCards = plan.byCards.length && (plan.buttons.length === 0 || pick([true, true, true, false]));
    if (preferCards) {
      choice = pick(plan.byCards);
      for (const i of choice.clicks) await page.click(`#hand .card[data-index="${i}"]`);
      if (!shot && moves >= 2) {
        // Mid-deal, the cards of a play selected and its button showing.
        await page.screenshot({ path: `${shots}/${game}.png` });
        shot = true;
      }
      const button = page.locator("#actions button[data-action]", { hasText: choice.action }).first();
      const exact = page.locator(`#actions button[data-action="${choice.action.replace(/"/g, '\\"')}"]`);
      if (await exact.count()) await exact.click();
      else await button.click();
    } else if (plan.buttons.length) {
      choice = { action: pick(plan.buttons) };
      await page.click(`#actions button[data-action="${choice.action}"]`);
    } else {
      fail(`${game}: a turn offers neither a play by cards nor a button`);
    }
    moves++;
    // Wait until the move is taken (the page shows a new version) or refused.
    await page.waitForFunction((v) => document.body.dataset.version !== v || !document.querySelector("#error").hidden, version, { timeout: 30000 });
    const error = await page.$eval("#error", (e) => (e.hidden ? "" : e.textContent));
    if (error && !/no such action/.test(error)) fail(`${game}: ${choice.action} was refused: ${error}`);
    if (moves > 2000) fail(`${game}: more than 2000 moves in one deal`);
  }
  if (!shot) await page.screenshot({ path: `${shots}/${game}.png` });
  await page.screenshot({ path: `${shots}/${game}-end.png` });

  // The log: downloaded as a person would, and replayed.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-log")]);
  const file = `${downloads}/${game}.json`;
  await download.saveAs(file);
  execFileSync(bin, ["replay", file], { stdio: "ignore" });
  if (problems.length) fail(`${game}: ${problems.join("; ")}`);
  return moves;
}

const { child, base } = await startServer();
let failed = 0;
let passed = 0;
const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  for (const game of wanted) {
    if (!GAMES[game]) fail(`unknown game ${game}`);
    try {
      const moves = await playGame(browser, base, game);
      console.log(`ok ${game}: a whole deal in ${moves} clicked moves, log replays, screenshot target/screenshots/${game}.png`);
      passed++;
    } catch (e) {
      console.log(`FAILED ${game}: ${e.message}`);
      failed++;
    }
  }
  if (wanted.includes("grosse-kleine-a")) {
    try {
      const moves = await playGame(browser, base, "grosse-kleine-a", true);
      console.log(`ok grosse-kleine-a match: deal 1 ended after ${moves} clicked moves with its scores, Next deal started deal 2, screenshot target/screenshots/grosse-kleine-a-deal-end.png`);
      passed++;
    } catch (e) {
      console.log(`FAILED grosse-kleine-a match: ${e.message}`);
      failed++;
    }
  }
} finally {
  await browser.close();
  child.kill();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
