// The pages' words come from the message catalogue (issue 47 item 2), checked in headless
// Chromium with the pseudo-locale `qps`, which marks every catalogued message ⟦…⟧ and accents
// its letters: the lobby, a seat's table of every game, a watch page and a review page (stepped
// forward) must show no visible text, aria-label, title or placeholder with a word outside the
// marks, except what no catalogue says: card notation (the faces the server lists), seat names
// (S0…), numbers and digests, bot specs, the notation of the legal actions, and the product's
// name. Then: German from the browser's Accept-Language, the switch to English and back
// remembered, <html lang> set, and a screenshot of a German table
// (target/screenshots/table-de.png).
//
// Every narration line is checked, those the server composes itself (a run of moves summed up,
// a forced move, a saved game taken up, a takeback) as well as the engines' events; a line no
// catalogue tells stands between ⸢ ⸣, outside the marks, and fails the check. The watch page
// and the review page are checked for every game, on tables of bots opened at once on the one
// server.
//
//   node cli/tests/browser/i18n.mjs
// Environment: CARDS_BIN (default target/debug/cards), CHROMIUM (default /usr/bin/chromium).

import { mkdirSync, rmSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./serve.mjs";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = process.env.CARDS_BIN || resolve(root, "target/debug/cards");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = resolve(root, "target/screenshots");
mkdirSync(shots, { recursive: true });
const db = resolve(root, "target/browser-i18n.db");
for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });

function fail(message) {
  throw new Error(message);
}


async function api(base, path, body) {
  const r = await fetch(`${base}${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json().catch(() => ({})) };
}

/** The words no catalogue says: every game's card notation and faces, bot specs. */
function allowedWords(games) {
  const words = new Set(["cards"]);
  const add = (text) => {
    for (const w of String(text || "").split(/[^\p{L}\p{N}]+/u)) if (w) words.add(w);
  };
  for (const g of games) {
    for (const f of g.faces || []) [f.card, f.corner, f.centre, f.chip].forEach(add);
    for (const l of g.levels || []) add(l.spec);
    for (const k of g.bots || []) {
      add(k.name);
      for (const key of k.keys || []) add(key.key);
    }
  }
  ["random", "heuristic", "ismcts", "pimc", "expert", "exec", "iters", "ms"].forEach(add);
  return [...words];
}

/** The page's visible words outside the pseudo-locale's marks that are not allowed. */
async function unmarked(page, allowed) {
  return page.evaluate((allowed) => {
    const ok = new Set(allowed);
    // The notation of the actions the seat may take is the game's, not the catalogue's.
    for (const e of document.querySelectorAll("[data-action]")) for (const w of e.dataset.action.split(/[^\p{L}\p{N}]+/u)) ok.add(w);
    for (const o of document.querySelectorAll("#all-list option")) for (const w of o.value.split(/[^\p{L}\p{N}]+/u)) ok.add(w);
    const outside = (text) => {
      let depth = 0;
      let out = "";
      for (const c of text) {
        if (c === "⟦") depth += 1;
        else if (c === "⟧") depth = Math.max(0, depth - 1);
        else out += depth ? " " : c;
      }
      return out;
    };
    const bad = new Set();
    const where = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className && typeof e.className === "string" ? `.${e.className.split(" ")[0]}` : ""}`;
    const check = (text, e, what) => {
      for (const w of outside(text).split(/[^\p{L}\p{N}]+/u)) {
        if (!w || /\d/.test(w) || !/\p{L}/u.test(w) || ok.has(w)) continue;
        bad.add(`${where(e)} ${what}: "${w}" in ${JSON.stringify(text.slice(0, 90))}`);
      }
    };
    const skipped = (e) => e.closest("svg.card-svg, script, style");
    const visible = (e) => e.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    while (walker.nextNode()) {
      const e = walker.currentNode.parentElement;
      if (!e || seen.has(e) || !walker.currentNode.textContent.trim() || skipped(e) || !visible(e)) continue;
      seen.add(e);
      // The whole element: a line with cards drawn inline is one message around its chips.
      check(e.textContent, e, "text");
    }
    for (const e of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (skipped(e) && !e.matches("svg.card-svg") || !visible(e)) continue;
      for (const a of ["aria-label", "title", "placeholder"]) if (e.hasAttribute(a)) check(e.getAttribute(a), e, a);
    }
    // Words the style sheet draws (`::before`, `::after`).
    for (const e of document.body.querySelectorAll("*")) {
      if (skipped(e) || !visible(e)) continue;
      for (const pseudo of ["::before", "::after"]) {
        const content = getComputedStyle(e, pseudo).content;
        if (!content || content === "none" || content === "normal") continue;
        // The strings it draws, an attribute it reads (`attr(data-to-move)`) included.
        const drawn = content.replace(/attr\(([\w-]+)\)/g, (m, a) => JSON.stringify(e.getAttribute(a) || ""));
        check([...drawn.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join(""), e, pseudo);
      }
    }
    check(document.title, document.body, "title");
    return [...bad];
  }, allowed);
}

async function expectMarked(page, allowed, what) {
  const bad = await unmarked(page, allowed);
  if (bad.length) fail(`${what}: words that bypassed the catalogue:\n  ${bad.slice(0, 25).join("\n  ")}`);
  const marks = await page.evaluate(() => (document.body.textContent.match(/⟦/g) || []).length);
  if (marks < 5) fail(`${what}: the pseudo-locale is not in use (${marks} marks)`);
  console.log(`${what}: every word from the catalogue`);
}

const server = await startServer(bin, db);
const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const errors = [];
try {
  const { games } = (await api(server.base, "/api/games")).body;
  const allowed = allowedWords(games);
  const qps = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-US" });
  await qps.addInitScript(() => localStorage.setItem("cards-lang", "qps"));
  const page = await qps.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));

  // The lobby, with each game's options shown in turn.
  await page.goto(`${server.base}/`);
  await page.waitForFunction(() => document.querySelectorAll("#game option").length && document.querySelectorAll(".seat-row").length);
  if ((await page.evaluate(() => document.documentElement.lang)) !== "en") fail("the pseudo-locale's page says it is English");
  for (const g of games) {
    await page.selectOption("#game", g.name);
    await expectMarked(page, allowed, `lobby (${g.name})`);
  }
  // The check finds a word that bypassed the catalogue, in the text and in what CSS draws.
  await page.evaluate(() => {
    const p = document.createElement("p");
    p.id = "stray";
    p.textContent = "⟦Óþéñ⟧ Open a table";
    document.body.append(p);
  });
  const stray = await unmarked(page, allowed);
  if (!stray.some((s) => s.includes('"Open"')) || stray.some((s) => s.includes('"Óþéñ"'))) fail(`the check of unmarked words: ${stray.join("; ")}`);
  await page.evaluate(() => document.getElementById("stray").remove());

  // A seat at a table of every game, a person against random bots.
  for (const g of games) {
    const seats = Array.from({ length: g.default_players }, (_, i) => (i === 0 ? "person" : "random"));
    const created = await api(server.base, "/api/tables", { game: g.name, seats, single_deal: true, seed: "7", pace_ms: 50 });
    if (created.status !== 201) fail(`${g.name}: the table opens: ${JSON.stringify(created.body)}`);
    await page.goto(`${server.base}${created.body.seats[0].link}`);
    await page.waitForFunction(() => document.body.dataset.version && document.querySelector("#turn").textContent.trim(), null, { timeout: 30000 });
    // The seat's own turn when it comes soon (its choices are shown then), else as it is.
    await page.waitForFunction(() => document.querySelectorAll("#actions button").length, null, { timeout: 8000 }).catch(() => {});
    await expectMarked(page, allowed, `table (${g.name})`);
  }

  // A table of bots only of every game, opened at once: its watch page while it plays, its
  // review once it is over.
  const watched = [];
  for (const g of games) {
    const bots = await api(server.base, "/api/tables", { game: g.name, seats: Array.from({ length: g.default_players }, () => "random"), single_deal: true, seed: "11", pace_ms: 50, listed: true });
    if (bots.status !== 201) fail(`${g.name}: the bots' table opens: ${JSON.stringify(bots.body)}`);
    watched.push({ g, id: bots.body.table });
  }
  for (const { g, id } of watched) {
    await page.goto(`${server.base}/watch/${id}`);
    await page.waitForFunction(() => document.querySelector("#turn").textContent.trim() || !document.querySelector("#over").hidden, null, { timeout: 30000 });
    await expectMarked(page, allowed, `watch (${g.name})`);
    // The watch page shows the table's rules as the seat's page does (a single deal is one).
    const rules = await page.evaluate(() => { const b = document.querySelector("#table-options"); return b && !b.hidden ? [...b.querySelectorAll(".opt-word")].length : -1; });
    if (rules < 1) fail(`watch (${g.name}): the table's rules are not shown (${rules})`);
  }
  await page.goto(`${server.base}/`);
  await page.waitForFunction(() => document.querySelectorAll("#game option").length);
  await expectMarked(page, allowed, "lobby with tables playing");
  for (const { g, id } of watched) {
    for (let i = 0; i < 240; i++) {
      const w = await api(server.base, `/api/tables/${id}/watch?since=1000000`);
      if (w.body.match_over) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.goto(`${server.base}/review/${id}`);
    await page.waitForFunction(() => /\d/.test(document.querySelector("#where").textContent), null, { timeout: 30000 });
    await expectMarked(page, allowed, `review (${g.name}), step 0`);
    for (let i = 0; i < 3; i++) await page.click("#forward");
    await page.waitForFunction(() => /3/.test(document.querySelector("#where").textContent), null, { timeout: 10000 });
    await expectMarked(page, allowed, `review (${g.name}), step 3`);
  }
  await qps.close();

  // German from the browser's Accept-Language; the switch to English is remembered.
  const de = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "de-DE" });
  const p = await de.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.goto(`${server.base}/`);
  await p.waitForFunction(() => document.querySelectorAll("#game option").length);
  const lobby = await p.evaluate(() => ({ lang: document.documentElement.lang, h1: document.querySelector("h1").textContent, choice: document.querySelector(".lang-switch").value }));
  if (lobby.lang !== "de" || lobby.h1 !== "Einen Tisch eröffnen" || lobby.choice !== "de") fail(`Accept-Language de: ${JSON.stringify(lobby)}`);
  await Promise.all([p.waitForNavigation(), p.selectOption(".lang-switch", "en")]);
  await p.waitForFunction(() => document.querySelector("h1").textContent === "Open a table");
  await p.reload();
  await p.waitForFunction(() => document.querySelector("h1").textContent === "Open a table" && document.documentElement.lang === "en");
  await Promise.all([p.waitForNavigation(), p.selectOption(".lang-switch", "de")]);
  await p.waitForFunction(() => document.querySelector("h1").textContent === "Einen Tisch eröffnen");
  console.log("the language: Accept-Language, the switch, remembered");

  // A German table, looked at: its words, the cards' names, and a screenshot.
  const cego = games.find((x) => x.name === "cego") || games[0];
  const table = await api(server.base, "/api/tables", { game: cego.name, seats: Array.from({ length: cego.default_players }, (_, i) => (i === 0 ? "person" : "heuristic")), single_deal: true, seed: "5", pace_ms: 50 });
  await p.goto(`${server.base}${table.body.seats[0].link}`);
  await p.waitForFunction(() => document.querySelector("#turn").textContent === "Du bist am Zug." && document.querySelectorAll("#hand .card").length, null, { timeout: 30000 });
  const names = await p.$$eval("#hand .card svg", (s) => s.map((x) => x.getAttribute("aria-label")));
  if (!names.some((n) => /^(Herz|Karo|Pik|Kreuz)-/.test(n) || /^Trock \d+$/.test(n) || n === "Sküs")) fail(`German card names: ${names.join(", ")}`);
  // The Trocks with names of their own, as cego.md §1 names them.
  const named = await p.evaluate(async () => {
    const m = await import("/assets/cards.js");
    return ["Gs", "T21", "T1", "T7"].map((c) => m.cardName("cego", c));
  });
  if (named.join("|") !== "Sküs|Trock 21, der Mond|Trock 1, die Geiß|Trock 7") fail(`German Trocks' names: ${named.join(", ")}`);
  // The action buttons and the help panel say the game's words in German (the notation is
  // what is sent): `pass` is "Passe", `hold` "Selbst", a contract its rule-book name.
  const buttons = await p.$$eval("#actions button[data-action]", (bs) => bs.map((b) => ({ action: b.dataset.action, text: b.textContent.trim(), title: b.title })));
  const worded = buttons.filter((b) => /^[a-z][a-z-]*$/.test(b.action));
  if (!worded.length) fail(`German Cego: no worded action to check: ${JSON.stringify(buttons)}`);
  const notation = worded.filter((b) => b.text === b.action);
  if (notation.length) fail(`German Cego buttons show the notation: ${JSON.stringify(notation)}`);
  const pass = worded.find((b) => b.action === "pass");
  if (pass && pass.text !== "Passe") fail(`German Cego: pass reads ${JSON.stringify(pass.text)}`);
  await p.click("#help-words");
  const terms = await p.$$eval("#help-dialog dt", (ds) => ds.map((d) => d.textContent.trim()));
  if (!terms.length || terms.some((w) => worded.some((b) => b.action === w))) fail(`German Cego help panel: ${JSON.stringify(terms)}`);
  await p.click("#help-close");
  console.log(`German Cego's buttons: ${worded.map((b) => `${b.action} → ${b.text}`).join(", ")}`);
  await p.screenshot({ path: resolve(shots, "table-de.png") });
  console.log(`a German table: ${names.slice(0, 4).join(", ")} …; target/screenshots/table-de.png`);
  await de.close();
  if (errors.length) fail(`errors in the pages: ${errors.join("; ")}`);
  console.log("i18n: ok");
} finally {
  await browser.close();
  server.child.kill();
}
