// The browser test of `cards serve`: for every game, in real headless Chromium, open a table
// against bots from the lobby, take the seat, play a whole deal by clicking cards and buttons as
// a person would, download the log and check `cards replay` accepts it. Fails on any console
// error. At every decision, every legal play that uses cards must be offered when exactly its
// cards are selected (the server sends each action's cards; the page matches selections against
// them), and the cards no play uses are greyed; every hand card is drawn from a face the server
// lists. The games and their table sizes are the server's (`/api/games`). The seat is also
// opened at phone width (390x844, touch) and measured, again whenever the hand has grown. Saves
// a screenshot of each table mid-deal to target/screenshots/GAME.png and at phone width (the
// biggest hand) to target/screenshots/GAME-phone.png.
//
//   node cli/tests/browser/play.mjs [GAME ...]
// Environment: CARDS_BIN (default target/debug/cards), CHROMIUM (default /usr/bin/chromium).

import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, readFileSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./serve.mjs";
import { chromium } from "playwright-core";
import { createRequire } from "node:module";

// axe-core, injected into a page to check it for accessibility (its serious and critical
// violations fail the test).
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = process.env.CARDS_BIN || resolve(root, "target/debug/cards");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = resolve(root, "target/screenshots");
const downloads = resolve(root, "target/browser-logs");
mkdirSync(shots, { recursive: true });
mkdirSync(downloads, { recursive: true });

// The games and their table sizes come from the server's list (`/api/games`, the one list of
// games): each is played at its default number of players.
let GAMES = {};
// At one decision, up to this many plays by cards are each clicked in the page; above it a
// spread of this many is clicked and the page's matching function checks every one.
const FULL_CLICKS = 400;
const PHONE = { width: 390, height: 844 };
// The longest a person may wait between turns for the bots at the lobby's default pace, in ms.
const MAX_WAIT = 3000;
// The game dealt fairly (a secret seed) in the test; the others are practice tables.
const FAIR_GAME = "einer-ist-immer";

function fail(message) {
  throw new Error(message);
}

// The server's tables are kept in this file (removed first, so each run starts empty).
const db = resolve(root, "target/browser-serve.db");
for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });



/** axe-core's check of the page as it is: its serious and critical violations fail. */
async function axeCheck(page, what) {
  // Evaluated in the page (the page's own content security policy forbids injected scripts).
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  if (found.length) fail(`${what}: accessibility violations: ${found.join("; ")}`);
  axeChecked.push(what);
}
const axeChecked = [];
let soundTested = false;

/**
 * The table as drawn against what the server sends (`layout`): a seat spot per seat, this seat's
 * at the foot, each saying who sits there; each part of the trick laid in front of its player
 * with its cards; every group of cards by its seat or in the middle. Returns what it saw.
 */
async function checkTable(page, game, seat) {
  const r = await page.evaluate(async (seat) => {
    const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1)).split(".")[0]}` } })).json();
    if (state.version !== Number(document.body.dataset.version)) return { stale: true };
    const L = state.layout;
    const bad = [];
    const spots = [...document.querySelectorAll("#seats .seat-spot")];
    if (spots.length !== state.players) bad.push(`${spots.length} seats drawn for ${state.players}`);
    const mine = document.querySelector(`#seats .seat-spot[data-seat="${seat}"]`);
    if (!mine || !mine.classList.contains("bottom")) bad.push("this seat is not at the foot of the table");
    for (const sp of spots) {
      const kind = sp.querySelector(".seat-kind").textContent;
      const k = state.seats[Number(sp.dataset.seat)];
      if (k.kind === "person" ? kind !== "person" : !kind.startsWith("bot")) bad.push(`seat ${sp.dataset.seat} says ${kind}`);
    }
    const cardsOf = (e) => [...e.querySelectorAll(".fan-card:not(.face-down)")].map((c) => c.dataset.card);
    const laid = [...document.querySelectorAll("#seats .ring-content .laid")];
    if (laid.length !== L.trick.length) bad.push(`${laid.length} parts of the trick drawn, ${L.trick.length} laid`);
    L.trick.forEach((p, i) => {
      const e = laid[i];
      if (!e || Number(e.dataset.seat) !== p.seat || cardsOf(e).join(" ") !== p.cards.join(" ")) bad.push(`trick part ${i}: ${p.seat} ${p.cards.join(" ")} drawn as ${e ? `${e.dataset.seat} ${cardsOf(e).join(" ")}` : "nothing"}`);
    });
    // No part of the trick lies on a seat's box, on what lies by a seat or in the middle (a
    // large "out of play" pile late in Grosse/kleine A, the cego), or on another part.
    const rect = (e) => e.getBoundingClientRect();
    const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const others = [...document.querySelectorAll("#seats .seat, #seats .seat-groups > .group, #seats .middle > *")].filter((e) => e.checkVisibility());
    laid.forEach((e, i) => {
      for (const o of others.concat(laid.slice(i + 1))) if (hit(rect(e), rect(o))) bad.push(`S${e.dataset.seat}'s part of the trick lies on ${o.dataset.seat !== undefined ? `S${o.dataset.seat}'s ` : ""}${o.querySelector?.(".group-label")?.textContent || o.className}`);
    });
    for (const g of L.groups) {
      const where = g.seat === null ? document.querySelector("#seats .middle") : document.querySelector(`#seats .seat-spot[data-seat="${g.seat}"]`);
      const shown = where && [...where.querySelectorAll(".group")].some((e) => e.querySelector(".group-label").textContent === g.label && cardsOf(e).join(" ") === g.cards.join(" ") && e.querySelectorAll(".face-down").length === Math.min(g.hidden, 12));
      if (!shown) bad.push(`${g.label} (${g.cards.join(" ")}, ${g.hidden} face down) is not drawn by ${g.seat === null ? "the middle" : `S${g.seat}`}`);
    }
    // Wild cards marked, and named for a screen reader.
    for (const b of document.querySelectorAll("#hand .card")) {
      const wild = (L.wild || []).includes(b.dataset.card);
      if (wild !== b.classList.contains("wild") || wild !== /wild/.test(b.querySelector("svg").getAttribute("aria-label"))) bad.push(`hand card ${b.dataset.card} is ${wild ? "wild" : "not wild"} but marked otherwise`);
    }
    return {
      bad,
      trick: L.trick.filter((p) => p.cards.length).length,
      groups: L.groups.length,
      wild: document.querySelectorAll("#hand .card.wild").length,
      last: Boolean(L.last),
      sweeps: Number(document.querySelector("#seats .ring-sweeps")?.dataset.sweeps || 0),
      title: document.title,
    };
  }, seat);
  if (r.stale) return null;
  if (r.bad.length) fail(`${game}: the table as drawn: ${r.bad.join("; ")}`);
  return r;
}

/** The hand's cards are named for a screen reader, and the hand re-sorts by the button and
 * back to the game's order. */
async function checkHand(page, game) {
  const r = await page.evaluate(async () => {
    const m = await import("/assets/cards.js");
    const names = [...document.querySelectorAll("#hand .card")].map((b) => [b.dataset.card, b.querySelector("svg").getAttribute("aria-label") || ""]);
    return { names };
  });
  const unnamed = r.names.filter(([c, n]) => !n || n === c);
  if (unnamed.length) fail(`${game}: hand cards without a spoken name: ${unnamed.map(([c]) => c).join(" ")}`);
  const before = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card));
  const seen = [];
  for (let k = 0; k < 3; k++) {
    const mode = await page.$eval("#sort-hand", (b) => b.dataset.sort);
    seen.push(mode);
    await page.click("#sort-hand");
    const now = await page.$eval("#sort-hand", (b) => b.dataset.sort);
    if (now === "game") break;
    // The order by rank: the ranks in the order of the game's pack, as its faces are listed.
    const ok = await page.evaluate(async (mode) => {
      const m = await import("/assets/cards.js");
      const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1)).split(".")[0]}` } })).json();
      const faces = m.facesOf(state.game);
      const pick = mode === "rank" ? (f) => f.corner : (f) => f.suit || "";
      const order = [];
      for (const f of faces) if (!order.includes(pick(f))) order.push(pick(f));
      const at = (c) => order.indexOf(pick(faces.find((f) => f.card === c) || { corner: c, suit: "" }));
      const hand = [...document.querySelectorAll("#hand .card")].map((b) => b.dataset.card);
      return hand.every((c, i) => i === 0 || at(hand[i - 1]) <= at(c));
    }, now);
    if (!ok) fail(`${game}: the hand sorted by ${now} is out of order`);
  }
  const back = await page.$eval("#sort-hand", (b) => b.dataset.sort);
  if (back !== "game") fail(`${game}: the sort button does not come back to the game's order (${seen.join(", ")}, ${back})`);
  const after = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card));
  if (after.join(" ") !== before.join(" ")) fail(`${game}: the game's order is not restored: ${before.join(" ")} then ${after.join(" ")}`);
}

/** A play taken by keyboard only: Tab to each of its cards, Space selects it, Tab to its
 * button, Enter plays it. */
async function keyboardPlay(page, game, choice) {
  const clicks = [...choice.clicks].sort((a, b) => a - b);
  const focusOn = async (selector) => {
    for (let n = 0; n < 120; n++) {
      if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) return;
      await page.keyboard.press("Tab");
    }
    fail(`${game}: ${selector} is not reached by Tab`);
  };
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  for (const i of clicks) {
    await focusOn(`#hand .card[data-index="${i}"]`);
    await page.keyboard.press("Space");
    const pressed = await page.$eval(`#hand .card[data-index="${i}"]`, (b) => b.getAttribute("aria-pressed"));
    if (pressed !== "true") fail(`${game}: Space on a card does not select it`);
  }
  await focusOn(`#actions button.primary[data-action="${choice.action.replace(/"/g, '\\"')}"]`);
  await page.keyboard.press("Enter");
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
  // The seat's state comes in its event stream at every change: the page asks for it (with
  // `since`, the lines it holds; the test's own look at the state has none) only when it opens,
  // when the stream (re)opens, or after a refusal.
  let stateAsks = 0;
  page.on("request", (r) => {
    if (/\/api\/tables\/[^/]+\/seats\/\d+\/state\?since=/.test(r.url())) stateAsks++;
  });

  // The lobby: the game, bots in every other seat, a single deal, a fixed seed, a fast pace.
  await page.goto(`${base}/`);
  await page.selectOption("#game", game);
  await page.selectOption("#players", String(GAMES[game].players));
  const seats = await page.$$("#seat-rows select");
  // The seats offer bots by level (easy is random; medium the heuristic; hard a small search,
  // or 3 to 13's planner, which plays at once and is seated there as before).
  for (let i = 1; i < seats.length; i++) {
    const medium = await seats[i].$eval('option[data-level="medium"]', (o) => o.value);
    const hard = await seats[i].$eval('option[data-level="hard"]', (o) => o.value);
    if (medium !== "heuristic") throw new Error(`medium is ${medium}, not the heuristic`);
    const quick = hard === "planner" ? hard : medium;
    await seats[i].selectOption(i % 2 ? quick : "random");
  }
  if (match) {
    // A match of two hands: the first ends with its scores and a button for the next.
    await page.fill('#options input[data-key="hands"]', "2");
  } else {
    await page.check("#single-deal");
  }
  // Einer ist immer is dealt fairly (a secret seed, revealed at the end); the others from seed 42.
  if (game !== FAIR_GAME) await page.fill("#seed", "42");
  // The deals are played at the lobby's default pace, the waits between the person's turns
  // measured; the match at a fast one.
  if (match) await page.selectOption("#pace", "50");
  await page.click("#create");
  await page.waitForSelector(".take-seat");
  if (game === "grosse-kleine-a") await page.screenshot({ path: `${shots}/lobby.png` });
  const seatLink = await page.$eval(".take-seat", (a) => new URL(a.href).pathname + new URL(a.href).hash);
  await page.click(".take-seat");
  let waitFrom = Date.now();
  await page.waitForFunction(() => document.querySelector("#turn") && document.querySelector("#turn").textContent !== "");

  let moves = 0;
  let playedByCards = 0;
  let phoneShot = false;
  // The phone-width check is made at a decision with a play by cards, again whenever the hand is
  // bigger than at the last check (Big A's hand grows while drawing): the biggest hand is kept.
  let phoneHand = 0;
  const reached = { decisions: 0, clicked: 0, matched: 0, several: 0, most: 0 };
  // The waits between the person's turns (from a move taken to the next "Your turn."), in ms.
  const waits = [];
  const result = () => ({ moves, playedByCards, reached, phone: phoneShot, waits, table });
  let shot = false;
  let triedBad = false;
  let triedTyped = false;
  // The table as drawn: what was seen of it over the deal.
  const table = { checks: 0, tricks: 0, groups: 0, wild: 0, last: false, lastShown: false, keyboard: false, alert: false };
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
    if (phase === "turn" && waitFrom !== null) waits.push(Date.now() - waitFrom);
    if (phase === "turn") {
      const seen = await checkTable(page, game, 0);
      if (seen) {
        table.checks++;
        table.tricks = Math.max(table.tricks, seen.trick);
        table.groups = Math.max(table.groups, seen.groups);
        table.wild = Math.max(table.wild, seen.wild);
        table.last ||= seen.last;
        // The turn alert: the tab's title says it is this seat's turn.
        if (!/^▶ Your turn/.test(seen.title)) fail(`${game}: at the seat's turn the title is ${seen.title}`);
        table.alert = true;
      }
      if (table.checks === 1 && !match && !soundTested) {
        // The turn's sound: off by default, switched on by its button and remembered.
        const b = await page.$eval("#sound-toggle", (x) => x.getAttribute("aria-pressed"));
        if (b !== "false") fail(`${game}: the turn's sound is on by default`);
        await page.click("#sound-toggle");
        const on = await page.evaluate(() => [document.querySelector("#sound-toggle").getAttribute("aria-pressed"), localStorage.getItem("cards-sound")]);
        if (on.join() !== "true,on") fail(`${game}: the sound button leaves ${on.join(", ")}`);
        table.sound = true;
        soundTested = true;
      } else if (table.sound === true) {
        // The next turn sounded.
        const chimes = await page.evaluate(() => Number(document.body.dataset.chimes || 0));
        if (!chimes) fail(`${game}: the turn's sound did not sound at the next turn`);
        table.sound = chimes;
      }
      if (table.checks === 1 && !match) {
        await axeCheck(page, `${game} table`);
        if ((await page.$$("#hand .card")).length >= 2) await checkHand(page, game);
      }
      if (!table.lastShown && (await page.$(".last-trick-toggle"))) {
        // The last trick, on request: its parts with their players, then hidden again.
        table.lastShown = true;
        await page.click(".last-trick-toggle");
        const parts = await page.$$eval(".last-trick .laid-part", (l) => l.length);
        if (!parts) fail(`${game}: the last trick shows nothing`);
        await page.click(".last-trick-toggle");
        if (await page.$(".last-trick")) fail(`${game}: the last trick stays shown`);
      }
    }
    waitFrom = null;
    if (phase === "over") break;
    if (phase === "next") {
      if (!match) fail(`${game}: a single deal asks for a next deal`);
      const text = await page.$eval("#dialog", (d) => d.textContent);
      if (!/Deal 1 is over/.test(text) || !/this deal/.test(text)) fail(`${game}: the end of deal 1 shows ${text}`);
      // The dialog and the page's heading name the deal that ended, never the next.
      const heading = await page.$eval("#heading", (h) => h.textContent);
      if (!/hand 1 of/.test(heading) || !/hand 1 of/.test(text) || /hand 2 of/.test(text)) fail(`${game}: at the end of deal 1 the page says ${heading} / ${text}`);
      // The table shown is the one before the deal's last move, said so, and the move under it.
      const caption = await page.$eval("#ended-caption", (c) => c.textContent).catch(() => "");
      const last = await page.$$eval("#ended-narration li", (l) => l.length).catch(() => 0);
      if (!/as the deal ended/.test(caption) || !last) fail(`${game}: the end of deal 1 shows the table as ${caption || "it was"} and ${last} lines of its last move`);
      // The table as the deal ended, drawn: every seat, and the deal's last move laid on it
      // when it was a play of cards (the server's ended layout).
      const ended = await page.evaluate(async () => {
        const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1)).split(".")[0]}` } })).json();
        const L = state.ended_deal.layout;
        const drawn = [...document.querySelectorAll("#ended-felt .laid")].map((e) => [...e.querySelectorAll(".fan-card")].map((c) => c.dataset.card).join(" "));
        return { seats: document.querySelectorAll("#ended-felt .seat-spot").length, players: state.players, laid: L.trick.map((p) => p.cards.join(" ")), drawn, rows: document.querySelectorAll("#scores tr").length, deals: state.deals.length };
      });
      if (ended.seats !== ended.players || ended.drawn.join("|") !== ended.laid.join("|")) fail(`${game}: the ended table draws ${ended.seats} seats and ${ended.drawn.join(" | ")} for ${ended.laid.join(" | ")}`);
      // The score sheet: a row per finished deal, the head and the total.
      if (ended.rows !== ended.deals + 2) fail(`${game}: the score sheet has ${ended.rows} rows after ${ended.deals} deals`);
      await page.screenshot({ path: `${shots}/${game}-deal-end.png` });
      await page.click("#next-deal");
      await page.waitForFunction(() => document.querySelector("#overlay").hidden);
      await page.waitForFunction(() => /hand 2|Hand 2/.test((document.querySelector("#heading").textContent + " " + document.querySelector("#table-lines").textContent)), null, { timeout: 30000 });
      return result();
    }

    // The choice, worked out with the page's own card module from what the server sends: the
    // cards each legal action uses (legal_cards), matched by key (card_keys).
    const plan = await page.evaluate(async () => {
      const m = await import("/assets/cards.js");
      const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1))}` } })).json();
      const hand = [...document.querySelectorAll("#hand .card")].map((b) => b.dataset.card);
      const { byCards, buttons } = m.choices(state.legal, state.legal_cards, state.card_keys);
      const plays = byCards.map((c) => {
        // The hand positions of exactly its cards.
        const used = [];
        for (const card of c.cards) {
          const i = hand.findIndex((x, j) => x === card && !used.includes(j));
          if (i < 0) return { action: c.action, missing: card };
          used.push(i);
        }
        return { action: c.action, clicks: used };
      });
      // Every hand card is drawn from a face the server lists for the game.
      await m.loadGames();
      const faceless = hand.filter((c) => !m.hasFace(state.game, c));
      return { byCards: plays, buttons, cut: state.legal_cut, size: hand.length, faceless };
    });
    const missing = plan.byCards.find((c) => c.missing);
    if (missing) fail(`${game}: ${missing.action} uses ${missing.missing}, not in the hand`);
    if (plan.cut) fail(`${game}: the legal list was cut`);
    // Every action that uses cards is reachable by selecting exactly its cards: the page offers
    // it (its play button, or one button among several when the same cards make several plays).
    // The cards are clicked in the page (DOM clicks through the page's own handlers), the offer
    // checked, the selection cleared. Above FULL_CLICKS actions at one decision, the page's own
    // matching function checks every action and a spread of FULL_CLICKS are clicked.
    const reach = await page.evaluate(async ({ plays, limit }) => {
      const m = await import("/assets/cards.js");
      const state = await (await fetch(location.pathname.replace("/play/", "/api/tables/").replace(/\/(\d+)$/, "/seats/$1/state"), { headers: { authorization: `Bearer ${decodeURIComponent(location.hash.slice(1))}` } })).json();
      const { byCards } = m.choices(state.legal, state.legal_cards, state.card_keys);
      const key = m.keyOf(state.card_keys);
      const hand = [...document.querySelectorAll("#hand .card")].map((b) => b.dataset.card);
      const card = (i) => document.querySelector(`#hand .card[data-index="${i}"]`);
      const offers = () => [...document.querySelectorAll("#actions button.primary")].map((b) => b.dataset.action);
      const step = plays.length > limit ? plays.length / limit : 1;
      let clicked = 0;
      for (let k = 0; k < plays.length; k += step) {
        const p = plays[Math.floor(k)];
        for (const i of p.clicks) card(i).click();
        const shown = offers();
        const clear = document.querySelector("#actions button.quiet");
        if (clear) clear.click();
        if (document.querySelectorAll("#hand .card.selected").length) return { bad: `${p.action}: the selection was not cleared` };
        if (!shown.includes(p.action)) {
          return { bad: `${p.action}: selecting its cards (${p.clicks.map((i) => hand[i]).join(" ")}) offers ${shown.join(" / ") || "nothing"} (${document.querySelector("#selection-hint").textContent})` };
        }
        clicked++;
      }
      // Every action through the page's matching function, with the keys the page uses.
      let matched = 0;
      for (const p of plays) {
        const { matches } = m.matching(byCards, p.clicks.map((i) => key(hand[i])));
        if (!matches.some((x) => x.action === p.action)) return { bad: `${p.action}: the page's matching does not offer it` };
        matched++;
      }
      // Greyed: exactly the cards that no legal action uses.
      const usedKeys = new Set(byCards.flatMap((c) => c.keys));
      for (const b of document.querySelectorAll("#hand .card")) {
        const idle = b.classList.contains("idle");
        const used = usedKeys.has(key(b.dataset.card));
        if (byCards.length && idle === used) return { bad: `card ${b.dataset.card} is ${idle ? "greyed" : "not greyed"} though ${used ? "a" : "no"} legal action uses it` };
      }
      return { clicked, matched, several: byCards.filter((c) => byCards.filter((d) => m.sameCards(c.keys, d.keys)).length > 1).length };
    }, { plays: plan.byCards, limit: FULL_CLICKS });
    if (reach.bad) fail(`${game}: ${reach.bad}`);
    reached.clicked += reach.clicked;
    reached.matched += reach.matched;
    reached.decisions++;
    reached.several += reach.several;
    reached.most = Math.max(reached.most, plan.byCards.length);
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
    if (plan.faceless.length) fail(`${game}: the server lists no face for the hand's ${plan.faceless.join(" ")}`);
    if (!match && plan.byCards.length && plan.size > phoneHand) {
      await phone(page, game, plan.byCards[plan.byCards.length - 1]);
      phoneShot = true;
      phoneHand = plan.size;
    }
    const version = await page.$eval("body", (b) => b.dataset.version);
    let choice;
    const preferCards = plan.byCards.length && (plan.buttons.length === 0 || pick([true, true, true, false]));
    if (preferCards && !table.keyboard && !match) {
      // One play by keyboard only: Tab to its cards, Space, Tab to its button, Enter.
      choice = pick(plan.byCards);
      await keyboardPlay(page, game, choice);
      table.keyboard = true;
      playedByCards++;
    } else if (preferCards) {
      // A play by its cards: each clicked as a person would, then its button.
      choice = pick(plan.byCards);
      for (const i of choice.clicks) await page.click(`#hand .card[data-index="${i}"]`);
      if (!shot && moves >= 2) {
        // Mid-deal, the cards of a play selected and its button showing.
        await page.screenshot({ path: `${shots}/${game}.png` });
        shot = true;
      }
      const exact = page.locator(`#actions button.primary[data-action="${choice.action.replace(/"/g, '\\"')}"]`);
      if (!(await exact.count())) fail(`${game}: selecting the cards of ${choice.action} offers no button for it`);
      await exact.click();
      playedByCards++;
    } else if (plan.buttons.length) {
      choice = { action: pick(plan.buttons) };
      await page.click(`#actions button[data-action="${choice.action}"]`);
    } else {
      fail(`${game}: a turn offers neither a play by cards nor a button`);
    }
    moves++;
    // Wait until the move is taken (the page shows a new version) or refused.
    await page.waitForFunction((v) => document.body.dataset.version !== v || !document.querySelector("#error").hidden, version, { timeout: 30000 });
    waitFrom = Date.now();
    const error = await page.$eval("#error", (e) => (e.hidden ? "" : e.textContent));
    if (error && !/no such action/.test(error)) fail(`${game}: ${choice.action} was refused: ${error}`);
    // Not this seat's turn any more: the title says so no longer.
    const after = await page.evaluate(() => ({ title: document.title, turn: document.querySelector("#turn").textContent }));
    if (after.turn !== "Your turn." && /^▶/.test(after.title)) fail(`${game}: the title still says ${after.title} while ${after.turn}`);
    if (moves > 2000) fail(`${game}: more than 2000 moves in one deal`);
  }
  if (!shot) await page.screenshot({ path: `${shots}/${game}.png` });
  if (!match) {
    if (!table.keyboard) fail(`${game}: no play was made by keyboard`);
    const sweeps = await page.$eval("#seats .ring-sweeps", (e) => Number(e.dataset.sweeps || 0)).catch(() => 0);
    // A trick of several parts was seen: some trick moved to its taker.
    if (table.tricks >= 2 && !sweeps) fail(`${game}: no trick was seen moving to its taker`);
    table.sweeps = sweeps;
  }
  await page.screenshot({ path: `${shots}/${game}-end.png` });
  if (!match) {
    // The pace: at the default pace no wait between the person's turns is longer than 3 s.
    const longest = Math.max(0, ...waits);
    if (longest > MAX_WAIT) fail(`${game}: the person waited ${(longest / 1000).toFixed(1)} s for the bots at the default pace (waits: ${waits.map((w) => (w / 1000).toFixed(1)).join(", ")} s)`);
  }
  if (game === FAIR_GAME) {
    // At a fair match's end the seed and salt are shown without squeezing the title.
    const m = await page.evaluate(() => ({
      title: Math.round(document.querySelector("#heading").getBoundingClientRect().width),
      text: document.querySelector("#heading").textContent,
      whoami: document.querySelector("#whoami").textContent,
    }));
    if (!/salt/.test(m.whoami)) fail(`${game}: the fair match's end shows ${m.whoami}`);
    if (m.title < 200) fail(`${game}: at the fair match's end the title "${m.text}" is ${m.title} px wide`);
  }

  // The log: downloaded as a person would, and replayed.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-log")]);
  const file = `${downloads}/${game}.json`;
  await download.saveAs(file);
  execFileSync(bin, ["replay", file], { stdio: "ignore" });
  if (stateAsks > 6) problems.push(`the page asked for its state ${stateAsks} times in ${moves} moves: the event stream's states were not taken`);
  if (problems.length) fail(`${game}: ${problems.join("; ")}`);
  if (!phoneShot) fail(`${game}: no decision with a play by cards for the phone check`);
  if (!match) {
    // The lobby lists the table this browser opened and sat at, its link, and its review.
    await page.goto(`${base}/`);
    await page.waitForSelector(`#mine li .table-state:not(:empty)`);
    await page.waitForFunction((link) => {
      const a = [...document.querySelectorAll("#mine a.my-seat")].find((x) => x.getAttribute("href") === link);
      return a && a.parentElement.querySelector(".review-mine");
    }, seatLink, { timeout: 10000 }).catch(() => fail(`${game}: the lobby does not list the finished table with its link and review`));
  }
  return result();
}

/**
 * The seat's page at phone width (390 by 844, touch): the cards of `play` tapped, a screenshot
 * to target/screenshots/GAME-phone.png, and the layout measured: the hand in two rows at most,
 * the table, the hand, the play button and every seat's score on screen together, nothing
 * wider than the screen, and the hint says Tap.
 */
async function phone(desktop, game, play) {
  const context = await desktop.context().browser().newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  try {
    await page.goto(desktop.url());
    await page.waitForFunction(() => document.querySelector("#turn").textContent === "Your turn." && document.querySelectorAll("#hand .card").length);
    const hint = await page.$eval("#selection-hint", (h) => h.textContent);
    if (!/^Tap /.test(hint)) fail(`${game} at phone width: the hint says ${hint}`);
    for (const i of play.clicks) await page.tap(`#hand .card[data-index="${i}"]`);
    await page.waitForSelector("#actions button.primary");
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/${game}-phone.png` });
    const m = await page.evaluate(() => {
      const box = (e) => e.getBoundingClientRect();
      const cards = [...document.querySelectorAll("#hand .card")];
      const rows = new Set(cards.map((c) => c.offsetTop)).size;
      const seen = (e) => { const r = box(e); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
      return {
        cards: cards.length,
        rows,
        table: seen(document.querySelector(".felt")),
        hand: seen(document.querySelector("#hand")),
        // Every card whole on the screen (the last of a row too).
        cut: cards.filter((c) => !seen(c)).map((c) => c.dataset.card),
        // Every seat says whether a bot or a person sits there.
        kinds: [...document.querySelectorAll(".seat")].every((s) => { const k = s.querySelector(".seat-kind"); return k && k.offsetParent !== null && k.textContent.trim(); }),
        // The host's control of a seat is a button with a border, not text.
        controls: [...document.querySelectorAll(".seat-change, #name-seat")].every((b) => { const st = getComputedStyle(b); return st.borderTopStyle !== "none" && !/rgba\(0, 0, 0, 0\)|transparent/.test(st.borderTopColor); }),
        play: seen(document.querySelector("#actions button.primary")),
        scores: [...document.querySelectorAll(".seat-total")].every(seen),
        wide: document.documentElement.scrollWidth > innerWidth,
        bottom: Math.round(box(document.querySelector("#actions")).bottom),
        // No seat's box overlaps another's or the cards on the table (a meld, an exposure,
        // the Legage, the trick, the middle), and none spills its words.
        overlaps: (() => {
          const out = [];
          const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          const shown = (e) => { const r = box(e); const s = e.closest(".seat-groups"); if (!s) return r; const c = box(s); return { left: Math.max(r.left, c.left), right: Math.min(r.right, c.right), top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) }; };
          const seats = [...document.querySelectorAll("#seats .seat")];
          const things = [...document.querySelectorAll("#seats .ring-content .group, #seats .ring-content .laid, #seats .middle")];
          seats.forEach((a, i) => {
            for (const b of seats.slice(i + 1).concat(things)) if (!a.contains(b) && hit(box(a), shown(b))) out.push(`S${a.dataset.seat}'s box overlaps ${b.dataset.seat !== undefined ? `S${b.dataset.seat}'s ` : ""}${b.querySelector(".group-label")?.textContent || b.className}`);
            for (const c of [a, ...a.querySelectorAll("*")]) if (c.scrollWidth > c.clientWidth + 1 || box(c).right > box(a).right + 1) out.push(`S${a.dataset.seat}'s ${c.className || "box"} spills out of its box`);
          });
          return [...new Set(out)];
        })(),
      };
    });
    const wrong = [];
    if (m.rows > 2) wrong.push(`${m.cards} cards in ${m.rows} rows`);
    if (!m.table) wrong.push("the table is not all on screen");
    if (!m.hand) wrong.push("the hand is not all on screen");
    if (!m.play) wrong.push("the play button is off screen");
    if (!m.scores) wrong.push("a seat's score is off screen");
    if (m.wide) wrong.push("the page is wider than the screen");
    if (m.cut.length) wrong.push(`the cards ${m.cut.join(" ")} are cut off`);
    if (!m.kinds) wrong.push("a seat does not say whether a bot or a person sits there");
    if (!m.controls) wrong.push("a seat control or the name button looks like text, not a button");
    if (m.overlaps.length) wrong.push(m.overlaps.join(", "));
    if (wrong.length) fail(`${game} at phone width: ${wrong.join("; ")} (screenshot target/screenshots/${game}-phone.png)`);
    phoneNotes[game] = `${m.cards} cards in ${m.rows} rows, table, hand, play button and scores on one 390x844 screen (actions end at y=${m.bottom})`;
  } finally {
    await context.close();
  }
}
const phoneNotes = {};
const keyboardNotes = {};

function median(xs) {
  if (!xs.length) return "-";
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor(s.length / 2)] / 1000).toFixed(2);
}

/**
 * Cego's discards as one selection: seat S1 (forehand, seed 2, heuristic bots who pass) wins
 * the auction with Cego, selects the nine cards to discard by clicking them, and discards them
 * with one button; then the forced extra discard, one card; then card play begins.
 */
async function cegoDiscards(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  try {
    await page.goto(`${base}/`);
    const created = await page.evaluate(async () => {
      const r = await fetch("/api/tables", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: "cego", seats: ["heuristic", "person", "heuristic", "heuristic"], seed: "2", single_deal: true, pace_ms: 0 }),
      });
      return r.json();
    });
    const link = created.seats[1].link;
    if (!link) fail(`cego discards: no link for S1: ${JSON.stringify(created)}`);
    await page.goto(`${base}${link}`);
    let helped = 0;
    for (const bid of ["pass", "cego", "cego"]) {
      await page.waitForSelector(`#actions button[data-action="${bid}"]`, { timeout: 20000 });
      // Every bid offered says what it is, in the words of the game's rules.
      const bids = await page.$$eval("#actions button[data-action]", (bs) => bs.map((b) => [b.dataset.action, b.dataset.help || "", b.title]));
      const bare = bids.filter(([, help]) => help !== "rules");
      if (bare.length) fail(`cego discards: the bids ${bare.map(([a]) => a).join(", ")} have no help from the rules`);
      helped += bids.length;
      if (bid === "pass") {
        // The help panel lists them: opened by its button, closed by Escape.
        await page.click("#help-words");
        const words = await page.$$eval("#help-dialog dd", (d) => d.map((x) => x.textContent));
        if (words.length < bids.length || words.some((w) => /say nothing more/.test(w))) fail(`cego discards: the help panel says ${words.join(" / ")}`);
        await axeCheck(page, "cego help panel");
        await page.keyboard.press("Escape");
        if (!(await page.$eval("#help-overlay", (o) => o.hidden))) fail("cego discards: Escape leaves the help panel open");
      }
      await page.click(`#actions button[data-action="${bid}"]`);
    }
    // The discard: nine of the eleven cards, kept T1 and T21.
    await page.waitForFunction(() => document.querySelectorAll("#all-list option").length === 11 && [...document.querySelectorAll("#all-list option")].every((o) => o.value.startsWith("discard ")), null, { timeout: 20000 });
    const cards = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card));
    const keep = ["T1", "T21"];
    const chosen = cards.filter((c) => !keep.includes(c));
    if (chosen.length !== 9) fail(`cego discards: expected 9 cards to discard, the hand is ${cards.join(" ")}`);
    for (const c of chosen) await page.click(`#hand .card[data-card="${c}"]`);
    const label = await page.$eval("#discard-selected", (b) => b.textContent);
    if (label !== "Discard these 9 cards") fail(`cego discards: the button says ${label}`);
    await page.click("#discard-selected");
    // The cego taken: 12 cards, and one more discard to make.
    await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 12 && document.querySelector("#turn").textContent === "Your turn.", null, { timeout: 20000 });
    const after = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card));
    for (const c of keep) if (!after.includes(c)) fail(`cego discards: the kept ${c} is gone: ${after.join(" ")}`);
    const extra = after.find((c) => !keep.includes(c));
    await page.click(`#hand .card[data-card="${extra}"]`);
    await page.click(`#actions button[data-action="discard ${extra}"]`);
    await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 11, null, { timeout: 20000 });
    const legage = await page.$eval("#private", (p) => p.textContent);
    if (!/10 cards/.test(legage)) fail(`cego discards: the Legage shown is ${legage}`);
    // On the table the Legage lies face down by its soloist.
    await page.waitForFunction(() => [...document.querySelectorAll('#seats .seat-spot[data-seat="1"] .group')].some((g) => /Legage/.test(g.textContent) && g.querySelectorAll(".face-down").length === 10), null, { timeout: 10000 })
      .catch(() => fail("cego discards: the Legage does not lie face down by S1"));
    if (problems.length) fail(`cego discards: ${problems.join("; ")}`);
    await page.screenshot({ path: `${shots}/cego-discarded.png` });
    return { discarded: chosen.length + 1, helped };
  } catch (e) {
    await page.screenshot({ path: `${shots}/cego-discards-failed.png` }).catch(() => {});
    const turn = await page.$eval("#turn", (t) => t.textContent).catch(() => "");
    const hand = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card).join(" ")).catch(() => "");
    throw new Error(`${e.message.split("\n")[0]} [turn: ${turn}; hand: ${hand}; screenshot target/screenshots/cego-discards-failed.png]`);
  } finally {
    await page.close().catch(() => {});
  }
}

/** A JSON request to the server; its status and answer. */
async function api(base, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}${path}`, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json().catch(() => ({})) };
}

/** The page's turn line once the seat must choose. */
async function myTurn(page, timeout = 60000) {
  await page.waitForFunction(() => document.querySelector("#turn").textContent === "Your turn." && document.querySelectorAll("#all-list option").length, null, { timeout });
}

// A restart in the middle of a deal: the server is killed (SIGKILL) and started again on the
// same port and file; the open page recovers by itself and the person plays on from it. The
// seat's name (with an ampersand and an apostrophe) is shown as text.
async function restartMidDeal(browser, server) {
  const created = await api(server.base, "/api/tables", { game: "grosse-kleine-a", seats: ["person", "heuristic", "heuristic", "heuristic"], single_deal: true, seed: "42", pace_ms: 50 });
  if (created.status !== 201) fail(`the table opens: ${JSON.stringify(created.body)}`);
  const link = created.body.seats[0].link;
  const token = link.split("#")[1];
  const named = await api(server.base, `/api/tables/${created.body.table}/seats/0/name`, { name: "Tom & Jerry's" }, token);
  if (named.status !== 200) fail(`the seat is named: ${JSON.stringify(named.body)}`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    await page.goto(`${server.base}${link}`);
    await myTurn(page);
    const before = await page.$$eval("#narration li", (l) => l.length);
    const port = new URL(server.base).port;
    server.child.kill("SIGKILL");
    await new Promise((ok) => server.child.on("exit", ok));
    Object.assign(server, await startServer(bin, db, port));
    // The page, never reloaded, finds the table again and takes a move.
    await page.waitForFunction(() => document.querySelector("#error").hidden, null, { timeout: 60000 }).catch(() => {});
    await myTurn(page);
    await page.click("#all-actions summary");
    await page.click("#all-go");
    await page.waitForFunction((n) => document.querySelectorAll("#narration li").length > n + 1, before, { timeout: 60000 });
    // The watch page shows the name as given, as text.
    const watch = await browser.newPage();
    await watch.goto(`${server.base}${created.body.watch}`);
    await watch.waitForFunction(() => /Tom & Jerry's/.test(document.querySelector("#seats").textContent), null, { timeout: 30000 });
    const html = await watch.$eval("#seats", (s) => s.innerHTML);
    if (!html.includes("Tom &amp; Jerry's")) fail(`the name is not escaped: ${html.slice(0, 200)}`);
    await watch.close();
    // A refused name says why; a good one then clears the error.
    page.once("dialog", (d) => d.accept("<b>"));
    await page.click("#name-seat");
    await page.waitForFunction(() => !document.querySelector("#error").hidden);
    page.once("dialog", (d) => d.accept("Ann"));
    await page.click("#name-seat");
    await page.waitForFunction(() => /Ann/.test(document.querySelector("#seats").textContent), null, { timeout: 10000 });
    const error = await page.$eval("#error", (e) => (e.hidden ? "" : e.textContent));
    if (error) fail(`a good name leaves the refused one's error: ${error}`);
    // The lobby lists the table this browser sits at, playing, with its link; its opener
    // closes it from there.
    await page.goto(`${server.base}/`);
    const entry = `#mine li[data-table="${created.body.table}"]`;
    await page.waitForSelector(`${entry} .close-mine`, { timeout: 10000 }).catch(() => fail("the lobby does not list the table this browser sits at, playing, with Close"));
    const href = await page.$eval(`${entry} a.my-seat`, (a) => a.getAttribute("href"));
    if (href !== link) fail(`the lobby's link to the seat is ${href}, not ${link}`);
    page.once("dialog", (d) => d.accept());
    await page.click(`${entry} .close-mine`);
    await page.waitForFunction((e) => /closed/.test(document.querySelector(`${e} .table-state`).textContent), entry, { timeout: 10000 });
    return { before };
  } finally {
    await page.close().catch(() => {});
  }
}

// A table of bots only, watched live to its end, then its review: forward and back through the
// actions with every hand shown, and its log downloaded and replayed.
async function watchAndReview(browser, base) {
  const created = await api(base, "/api/tables", { game: "cego", seats: ["heuristic", "random", "heuristic", "random"], single_deal: true, pace_ms: 50 });
  if (created.status !== 201) fail(`a table of bots opens: ${JSON.stringify(created.body)}`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  try {
    await page.goto(`${base}${created.body.watch}`);
    await page.waitForFunction(() => document.querySelectorAll("#narration li").length > 3, null, { timeout: 30000 });
    const seen = await page.$eval("body", (b) => b.textContent);
    if (/Your hand/.test(seen)) fail("the watch page shows a hand");
    // The fair deal's commitment is shown; cards are drawn as cards; scores in the game's words.
    // Once cards are named (the auction may come first).
    await page.waitForFunction(() => document.querySelectorAll("#narration .chip, #table-lines .chip").length, null, { timeout: 90000 }).catch(() => {});
    const watched = await page.evaluate(() => ({
      dealing: (document.querySelector("#dealing") || {}).textContent || "",
      chips: document.querySelectorAll("#narration .chip, #table-lines .chip").length,
      scores: [...document.querySelectorAll("#scores tr")].map((r) => r.lastChild.textContent),
    }));
    if (!/commitment [0-9a-f]{12}/.test(watched.dealing)) fail(`the watch page shows no commitment: ${watched.dealing}`);
    if (!watched.chips) fail("the watch page shows no card drawn as a card");
    if (!watched.scores.length || !watched.scores.every((t) => /points?$/.test(t))) fail(`the watch page's scores read ${watched.scores.join(" / ")}`);
    // The table drawn: four seats saying what sits there (bots, with their level), no hand.
    const ring = await page.evaluate(() => ({
      seats: document.querySelectorAll("#seats .seat-spot").length,
      kinds: [...document.querySelectorAll("#seats .seat-kind")].map((k) => k.textContent),
      hands: document.querySelectorAll("#seats .seat-hand").length,
    }));
    if (ring.seats !== 4 || !ring.kinds.every((k) => /^bot, (easy|medium)/.test(k)) || ring.hands) fail(`the watch page's table: ${JSON.stringify(ring)}`);
    await axeCheck(page, "watch page");
    // Once the narration overflows, its newest line is in sight.
    await page.waitForFunction(() => { const n = document.querySelector("#narration"); return n.scrollHeight > n.clientHeight + 50; }, null, { timeout: 60000 });
    await page.waitForTimeout(300);
    const scrolled = await page.$eval("#narration", (n) => n.scrollHeight - n.clientHeight - n.scrollTop);
    if (scrolled > 8) fail(`the watch page's narration is ${scrolled} px above its newest line`);
    await page.waitForFunction(() => !document.querySelector("#over").hidden, null, { timeout: 180000 });
    // By keyboard only: every control and every card on the table reached and named.
    const walked = await keyboardWalk(page, "cego", "the watch page");
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await tabTo(page, ".last-trick-toggle", "the watch page");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".last-trick .laid-part", { timeout: 5000 }).catch(() => fail("Enter on the last trick's button shows nothing"));
    const still = await page.evaluate(() => document.activeElement.classList.contains("last-trick-toggle") && document.activeElement.getAttribute("aria-expanded"));
    if (still !== "true") fail(`after Enter the focus is not on the expanded last-trick button (${still})`);
    const lastWalk = await keyboardWalk(page, "cego", "the watch page with the last trick shown");
    await tabTo(page, ".last-trick-toggle", "the watch page");
    await page.keyboard.press("Enter");
    if (await page.$(".last-trick")) fail("Enter again does not hide the last trick");
    keyboardNotes.watch = `${walked.stops} Tab stops, ${walked.cards} cards named; the last trick shown and hidden by Enter (${lastWalk.cards} cards then)`;
    await page.click("#review-link");
    await page.waitForFunction(() => /^step 0 of \d+$/.test(document.querySelector("#where").textContent), null, { timeout: 30000 });
    // The review shows the seed and the salt, and that they open the commitment.
    const fair = await page.$eval("#fair", (f) => f.textContent);
    if (!/salt [0-9a-f]{64}/.test(fair) || !/Checked/.test(fair)) fail(`the review's deal: ${fair}`);
    const hands = await page.$$eval(".review-hand", (h) => h.map((x) => x.textContent));
    if (hands.length !== 4 || hands.some((h) => /empty/.test(h))) fail(`step 0 shows every hand: ${hands}`);
    // Every hand drawn as cards by its seat, around the table.
    const drawn = await page.$$eval("#hands .seat-spot", (s) => s.map((x) => x.querySelectorAll(".seat-hand .fan-card").length));
    if (drawn.length !== 4 || drawn.some((n) => n !== 11)) fail(`the review's table at step 0 draws hands of ${drawn.join(", ")} cards`);
    await axeCheck(page, "review page");
    await page.click("#forward");
    await page.waitForFunction(() => /^step 1 of/.test(document.querySelector("#where").textContent));
    const action = await page.$eval("#action", (a) => a.textContent);
    if (!/^S\d/.test(action)) fail(`step 1 names its action: ${action}`);
    await page.click("#back");
    await page.waitForFunction(() => /^step 0 of/.test(document.querySelector("#where").textContent));
    await page.click("#last");
    await page.waitForFunction(() => { const [, a, b] = /step (\d+) of (\d+)/.exec(document.querySelector("#where").textContent) || []; return a && a === b; });
    // By keyboard only: the step buttons named, Enter on them and the arrow keys, Home and End
    // step; every hand's cards reached and named.
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await tabTo(page, "#first", "the review");
    const names = await page.$$eval("#first, #back, #forward, #last", (bs) => bs.map((b) => b.getAttribute("aria-label") || ""));
    if (names.some((n) => !/step/i.test(n))) fail(`the review's step buttons are named ${names.join(" / ")}`);
    await page.keyboard.press("Home");
    await page.waitForFunction(() => /^step 0 of/.test(document.querySelector("#where").textContent));
    await tabTo(page, "#forward", "the review");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /^step 1 of/.test(document.querySelector("#where").textContent), null, { timeout: 5000 }).catch(() => fail("Enter on Forward does not step"));
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => /^step 2 of/.test(document.querySelector("#where").textContent), null, { timeout: 5000 }).catch(() => fail("the right arrow does not step forward"));
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => /^step 1 of/.test(document.querySelector("#where").textContent), null, { timeout: 5000 }).catch(() => fail("the left arrow does not step back"));
    const reviewWalk = await keyboardWalk(page, "cego", "the review");
    await page.keyboard.press("End");
    await page.waitForFunction(() => { const [, a, b] = /step (\d+) of (\d+)/.exec(document.querySelector("#where").textContent) || []; return a && a === b; }, null, { timeout: 5000 }).catch(() => fail("End does not go to the last step"));
    keyboardNotes.review = `${reviewWalk.stops} Tab stops, ${reviewWalk.cards} cards of every hand named; Enter, arrows, Home and End step`;
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    const file = resolve(downloads, "review.json");
    await download.saveAs(file);
    execFileSync(bin, ["replay", file], { stdio: "pipe" });
    if (problems.length) fail(problems.join("; "));
    await page.screenshot({ path: `${shots}/review.png` });
    return { steps: await page.$eval("#where", (w) => w.textContent) };
  } finally {
    await page.close().catch(() => {});
  }
}

// The lobby at phone width: nothing wider than the screen.
async function lobbyPhone(browser, base) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/`);
    await page.waitForSelector("#seat-rows select");
    for (const game of Object.keys(GAMES)) {
      await page.selectOption("#game", game);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > PHONE.width) {
        await page.screenshot({ path: `${shots}/lobby-phone.png`, fullPage: true });
        fail(`the lobby of ${game} lays out at ${wide} px on a ${PHONE.width} px screen`);
      }
    }
    await page.screenshot({ path: `${shots}/lobby-phone.png`, fullPage: true });
    await axeCheck(page, "lobby");
  } finally {
    await context.close();
  }
}

// A seat link of a table that finished and was removed: the page links to its review.
async function removedSeat(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    // The server's answer for such a table (cli/tests/serve.rs checks that it names the review).
    await page.route("**/api/tables/t0/seats/0/**", (r) => r.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ error: 'table "t0" finished its match and was removed 14 minutes ago; its review, every hand shown and the log to download: /review/t0' }) }));
    await page.goto(`${base}/play/t0/0#token`);
    await page.waitForSelector("#review-link", { timeout: 10000 }).catch(() => fail("a removed finished table's seat offers no way to its review"));
    const href = await page.$eval("#review-link", (a) => a.getAttribute("href"));
    if (href !== "/review/t0") fail(`the review link goes to ${href}`);
  } finally {
    await page.close();
  }
}

// A table opened with hints offers "Suggest a move" at the person's turn, and the expert's move
// is one of the legal actions; a table opened without hints offers no such button.
async function hints(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    for (const allowed of [true, false]) {
      await page.goto(`${base}/`);
      await page.selectOption("#game", "grosse-kleine-a");
      await page.check("#single-deal");
      await page.fill("#seed", "42");
      if (allowed) await page.check("#hints");
      await page.click("#create");
      await page.waitForSelector(".take-seat");
      await page.click(".take-seat");
      await myTurn(page);
      const button = await page.$("#suggest");
      if (!allowed) {
        if (button) fail("a table opened without hints offers a suggestion");
        continue;
      }
      if (!button) fail("a table opened with hints offers no suggestion at the person's turn");
      await page.click("#suggest");
      await page.waitForFunction(() => (document.querySelector("#suggestion") || {}).textContent?.startsWith("The expert suggests: "), null, { timeout: 30000 })
        .catch(() => fail("the suggestion was never shown"));
      const action = (await page.$eval("#suggestion", (e) => e.textContent)).replace("The expert suggests: ", "");
      const legal = await page.$$eval("#all-list option", (os) => os.map((o) => o.value));
      if (!legal.includes(action)) fail(`the expert suggested ${action}, not among ${legal.join(", ")}`);
    }
  } finally {
    await page.close();
  }
}


/** Presses Tab until `selector` has the focus (from where the focus is), or fails. */
async function tabTo(page, selector, what) {
  for (let n = 0; n < 200; n++) {
    if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) return;
    await page.keyboard.press("Tab");
  }
  fail(`${what}: ${selector} is not reached by Tab`);
}

/**
 * Tabs through the whole page from its start, by keyboard only, and checks what it met: every
 * visible button, link, summary, control and stop of the table (a seat's cards, the trick's
 * parts, the middle) reached, each with a name a screen reader reads, and every card face up
 * on the table inside a stop whose name says the card's name. Returns how many stops.
 */
async function keyboardWalk(page, game, what) {
  // A live page (a watched table of bots) may draw a new stop behind the walk while it goes:
  // what was not reached is walked again, up to twice, before it counts as unreachable.
  for (let attempt = 1; ; attempt++) {
    const walked = await keyboardWalkOnce(page, game, what, attempt < 3);
    if (walked !== null) return walked;
    console.log(`   ${what}: a stop appeared behind the keyboard walk (a live page); walked again`);
  }
}

async function keyboardWalkOnce(page, game, what, mayRetry) {
  await page.evaluate(() => {
    for (const e of document.querySelectorAll("[data-walk]")) delete e.dataset.walk;
    if (document.activeElement) document.activeElement.blur();
  });
  let stops = 0;
  for (let n = 0; n < 300; n++) {
    await page.keyboard.press("Tab");
    const again = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return false;
      if (e.dataset.walk) return true;
      e.dataset.walk = "1";
      return false;
    });
    if (again) break;
    stops++;
  }
  const r = await page.evaluate(async (game) => {
    const m = await import("/assets/cards.js");
    const visible = (e) => e.offsetParent !== null && !e.closest("[hidden]");
    const focusable = [...document.querySelectorAll("button, a[href], summary, select, input, [tabindex='0']")].filter((e) => visible(e) && !e.disabled);
    const name = (e) => (e.getAttribute("aria-label") || e.textContent || "").trim() || (e.labels && e.labels[0] ? e.labels[0].textContent.trim() : "");
    const label = (e) => e.id ? (document.querySelector(`label[for="${e.id}"]`) || {}).textContent || "" : "";
    const unreached = focusable.filter((e) => !e.dataset.walk).map((e) => e.outerHTML.slice(0, 80));
    const unnamed = focusable.filter((e) => e.dataset.walk && !name(e) && !label(e)).map((e) => e.outerHTML.slice(0, 80));
    const cards = [...document.querySelectorAll(".ring-content .fan-card:not(.face-down)")].filter(visible);
    const unsaid = cards.filter((c) => {
      const stop = c.parentElement.closest("[data-walk]");
      return !stop || !(stop.getAttribute("aria-label") || "").includes(m.cardName(game, c.dataset.card));
    }).map((c) => c.dataset.card);
    return { unreached, unnamed, unsaid, cards: cards.length };
  }, game);
  if (r.unreached.length && mayRetry) return null;
  if (r.unreached.length) fail(`${what}: not reached by Tab: ${r.unreached.join(" | ")}`);
  if (r.unnamed.length) fail(`${what}: reached by Tab without a name: ${r.unnamed.join(" | ")}`);
  if (r.unsaid.length) fail(`${what}: cards on the table no Tab stop names: ${r.unsaid.join(" ")}`);
  return { stops, cards: r.cards };
}

// The takeback at a practice table: after a move the seat's "Take back" button (by keyboard
// only) puts the table back as it was before it, told to every seat and the watch page; a fair
// table offers none and the server refuses one. The table's rules are shown with the lobby's
// words, each explained on a press.
async function takeback(browser, base) {
  const seats = ["person", "heuristic", "heuristic", "heuristic"];
  const created = await api(base, "/api/tables", { game: "grosse-kleine-a", seats, single_deal: true, seed: "42", pace_ms: 50 });
  if (created.status !== 201) fail(`the table opens: ${JSON.stringify(created.body)}`);
  const link = created.body.seats[0].link;
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const watch = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  try {
    await page.goto(`${base}${link}`);
    await watch.goto(`${base}${created.body.watch}`);
    await myTurn(page);
    // The table's rules: the single deal chosen, in the lobby's words, explained.
    const rules = await page.$eval("#table-options", (e) => ({ text: e.textContent, words: [...e.querySelectorAll(".opt-word")].map((b) => [b.textContent, b.title]) }));
    if (!/This table's rules:/.test(rules.text) || !rules.words.length || rules.words.some(([w, title]) => !w || !title)) fail(`the table's rules: ${JSON.stringify(rules)}`);
    await page.click("#table-options .opt-word");
    const said = await page.$eval("#table-options .opt-said", (e) => (e.hidden ? "" : e.textContent));
    if (!said.includes(rules.words[0][1])) fail(`a rule's word, pressed, says ${said}`);
    if (!(await page.$eval("#take-back", (b) => b.hidden))) fail("a takeback is offered before any move");
    const hand = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card).join(" "));
    // A play of cards (not a pass), from the list of every legal action.
    const action = await page.$eval("#all-list", (s) => ([...s.options].map((o) => o.value).find((v) => v !== "pass") || s.options[0].value));
    await page.click("#all-actions summary");
    await page.selectOption("#all-list", action);
    await page.click("#all-go");
    await page.waitForFunction(() => !document.querySelector("#take-back").hidden && document.querySelector("#turn").textContent === "Your turn.", null, { timeout: 30000 })
      .catch(() => fail("after a move and the bots', no takeback is offered"));
    const label = await page.$eval("#take-back", (b) => b.getAttribute("aria-label"));
    if (!label.includes(`(${action})`)) fail(`the takeback button says ${label}, not the move ${action}`);
    const moved = await page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card).join(" "));
    if (moved === hand) fail("the move took no card from the hand");
    // By keyboard only.
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await tabTo(page, "#take-back", "the takeback");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => [...document.querySelectorAll("#narration li")].some((l) => /^S0 takes back /.test(l.textContent)), null, { timeout: 10000 })
      .catch(() => fail("the takeback is not told at the seat"));
    const after = await page.evaluate(() => ({
      hand: [...document.querySelectorAll("#hand .card")].map((c) => c.dataset.card).join(" "),
      turn: document.querySelector("#turn").textContent,
      offered: !document.querySelector("#take-back").hidden,
      error: document.querySelector("#error").hidden ? "" : document.querySelector("#error").textContent,
    }));
    if (after.hand !== hand || after.turn !== "Your turn." || after.offered || after.error) fail(`after the takeback: ${JSON.stringify(after)} (the hand was ${hand})`);
    await watch.waitForFunction(() => [...document.querySelectorAll("#narration li")].some((l) => /^S0 takes back /.test(l.textContent)), null, { timeout: 10000 })
      .catch(() => fail("the watch page is not told of the takeback"));
    await axeCheck(page, "table with its rules and a takeback");
    // A fair table: none offered, and refused.
    const fair = await api(base, "/api/tables", { game: "grosse-kleine-a", seats, single_deal: true, pace_ms: 0 });
    const token = fair.body.seats[0].link.split("#")[1].split(".")[0];
    const seat = `/api/tables/${fair.body.table}/seats/0`;
    let state;
    for (let n = 0; n < 100; n++) {
      state = (await api(base, `${seat}/state`, undefined, token)).body;
      if (state.your_turn) break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const acted = await api(base, `${seat}/act`, { action: state.legal[0] }, token);
    if (acted.status !== 200 || acted.body.takeback !== null) fail(`a fair table's move: ${acted.status} ${JSON.stringify(acted.body.takeback)}`);
    const refused = await api(base, `${seat}/takeback`, {}, token);
    if (refused.status !== 403 || !/practice tables only/.test(refused.body.error)) fail(`a fair table's takeback: ${refused.status} ${JSON.stringify(refused.body)}`);
    if (problems.length) fail(problems.join("; "));
    return { action };
  } finally {
    await page.close().catch(() => {});
    await watch.close().catch(() => {});
  }
}

const server = await startServer(bin, db);
const { base } = server;
GAMES = Object.fromEntries(
  (await (await fetch(`${base}/api/games`)).json()).games.map((g) => [g.name, { players: g.default_players }]),
);
if (!Object.keys(GAMES).length) fail("the server lists no games");
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GAMES);
let failed = 0;
let passed = 0;
const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  for (const [name, check] of [["lobby at phone width", lobbyPhone], ["a removed table's seat", removedSeat], ["hints at a practice table", hints], ["a takeback at a practice table, the table's rules", takeback]]) {
    try {
      await check(browser, base);
      console.log(`ok ${name}`);
      passed++;
    } catch (e) {
      console.log(`FAILED ${name}: ${e.message}`);
      failed++;
    }
  }
  for (const game of wanted) {
    if (!GAMES[game]) fail(`unknown game ${game}`);
    try {
      const t0 = Date.now();
      const r = await playGame(browser, base, game);
      const c = r.reached;
      console.log(`ok ${game}: a whole deal in ${r.moves} clicked moves (${r.playedByCards} played by clicking their cards), log replays, ${((Date.now() - t0) / 1000).toFixed(1)} s, screenshot target/screenshots/${game}.png`);
      console.log(`   every play by cards reachable by its cards: ${c.decisions} decisions, ${c.clicked} plays selected by clicking in the page and offered, ${c.matched} by the page's matching, ${c.several} sharing their cards with another play (one button each), at most ${c.most} at one decision`);
      console.log(`   phone: ${phoneNotes[game]}, screenshot target/screenshots/${game}-phone.png`);
      const tb = r.table;
      console.log(`   table: ${tb.checks} decisions checked against the layout (at most ${tb.tricks} parts of a trick laid, ${tb.groups} groups by seats or in the middle, ${tb.wild} wild cards marked), ${tb.sweeps} tricks moved to their taker, last trick ${tb.lastShown ? "shown" : "never offered"}, one play by keyboard${typeof tb.sound === "number" ? `, the turn's sound on and heard ${tb.sound}x` : ""}`);
      console.log(`   pace (default): the longest wait between the person's turns ${(Math.max(0, ...r.waits) / 1000).toFixed(2)} s, median ${median(r.waits)} s, over ${r.waits.length} waits`);
      passed++;
    } catch (e) {
      console.log(`FAILED ${game}: ${e.message}`);
      failed++;
    }
  }
  if (wanted.includes("cego")) {
    try {
      const { discarded, helped } = await cegoDiscards(browser, base);
      console.log(`ok cego discards: ${helped} bid buttons each with help from the rules, the help panel; nine cards selected by clicking and discarded with one button, the cego taken, the extra discard clicked: ${discarded} in the Legage, face down by the soloist on the table, screenshot target/screenshots/cego-discarded.png`);
      passed++;
    } catch (e) {
      console.log(`FAILED cego discards: ${e.message}`);
      failed++;
    }
  }
  if (wanted.includes("grosse-kleine-a")) {
    try {
      const { moves } = await playGame(browser, base, "grosse-kleine-a", true);
      console.log(`ok grosse-kleine-a match: deal 1 ended after ${moves} clicked moves with its scores, Next deal started deal 2, screenshot target/screenshots/grosse-kleine-a-deal-end.png`);
      passed++;
    } catch (e) {
      console.log(`FAILED grosse-kleine-a match: ${e.message}`);
      failed++;
    }
  }
  try {
    const { before } = await restartMidDeal(browser, server);
    console.log(`ok restart: the server killed mid-deal (${before} lines told) and started again on its file; the open page recovered by itself and played on; the seat's name shown as text on the watch page`);
    passed++;
  } catch (e) {
    console.log(`FAILED restart: ${e.message}`);
    failed++;
  }
  try {
    const { steps } = await watchAndReview(browser, server.base);
    console.log(`ok watch and review: a table of bots watched to its end with no hand shown, reviewed forward and back (${steps}) with every hand, its log downloaded and replayed, screenshot target/screenshots/review.png`);
    console.log(`   by keyboard only: watch page ${keyboardNotes.watch}; review ${keyboardNotes.review}`);
    passed++;
  } catch (e) {
    console.log(`FAILED watch and review: ${e.message}`);
    failed++;
  }
} finally {
  await browser.close();
  server.child.kill();
}
console.log(`accessibility (axe-core ${JSON.parse(execFileSync("node", ["-p", "JSON.stringify(require('axe-core/package.json').version)"], { cwd: dirname(fileURLToPath(import.meta.url)) }).toString())}): no serious or critical violation on ${axeChecked.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
