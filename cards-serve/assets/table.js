// One seat's page: its screen, its hand as cards, its choices, what happens, the scores.
// It is sent only what its seat may see; a change at the table arrives as a server-sent event.

import { cardSvg, cardName, choices as splitChoices, keyOf, matching, inlineCards, loadGames, knowsGame, levelOf, rulesOf, facesOf, renderTableOptions } from "/assets/cards.js";
import { drawFelt } from "/assets/felt.js";
import { t, tm, word, errorText, gameTitle as titleOf, scoresExplain, actionLabel, hasActionLabel, lang } from "/assets/i18n.js";

const $ = (id) => document.getElementById(id);
const [, , tableId, seatText] = location.pathname.split("/");
const seat = Number(seatText);
// The fragment is the seat's token; the opener's link adds the table's host key after a dot.
const [token, hostKey = ""] = decodeURIComponent(location.hash.slice(1)).split(".");
const base = `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}`;

let state = null;
let lines = [];
// Parallel to `lines`: each line as a catalogue message, where the server sends one.
let said = [];
let selected = new Set();
let busy = false;
let refreshing = false;
let again = false;
let dismissed = null;
let shown = "";
// Whether it was this seat's turn at the last drawing (the turn alert sounds when it becomes so).
let wasTurn = false;
// How the hand is laid out: the game's order (as the server sends it), by suit, or by rank.
const SORTS = ["game", "suit", "rank"];
let sortMode = stored("cards-sort", "game");
if (!SORTS.includes(sortMode)) sortMode = "game";

/** A remembered setting of this browser, or `fallback`. */
function stored(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch (e) {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    // Storage refused (a private window): the setting lasts this page only.
  }
}

// The seat's token goes in a header, never in an address (logs and histories keep those).
function url(what, query = "") {
  return `${base}/${what}${query ? `?${query}` : ""}`;
}

function call(what, query = "", options = {}) {
  const headers = Object.assign({ authorization: `Bearer ${token}` }, options.headers || {});
  return fetch(url(what, query), Object.assign({}, options, { headers }));
}

function showError(message) {
  const e = $("error");
  e.textContent = message || "";
  e.hidden = !message;
}

async function refresh() {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  try {
    do {
      again = false;
      const r = await call("state", `since=${lines.length}`);
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        fatal(errorText(body, t("error.status", { status: r.status })));
        return;
      }
      take(body);
    } while (again);
  } catch (e) {
    showError(t("error.unreachable.retry", { why: e.message }));
  } finally {
    refreshing = false;
  }
}

function fatal(message) {
  $("heading").textContent = t("table.cannot-open");
  showError(message);
  $("actions").replaceChildren();
  // A finished match's review is named in the server's answer: a link to it.
  const review = /\/review\/[0-9A-Za-z_-]+/.exec(message || "");
  if (review) {
    const a = document.createElement("a");
    a.id = "review-link";
    a.className = "primary-link";
    a.href = review[0];
    a.textContent = t("table.review-link");
    $("actions").append(a);
  }
  remember({ gone: true });
}

// The tables this browser sits at, for the lobby's list (kept in this browser only): the table,
// the game, this seat's link (its key after #), whether it carries the host key.
function remember(extra = {}) {
  try {
    const all = JSON.parse(localStorage.getItem("cards-tables") || "[]").filter((t) => t && typeof t === "object");
    const link = location.pathname + location.hash;
    const old = all.find((t) => t.link === link) || {};
    const entry = Object.assign({ at: Date.now() }, old, {
      table: tableId,
      seat,
      link,
      host: Boolean(hostKey),
      game: (state && state.game) || old.game || "",
      title: (state && state.title) || old.title || "",
      over: Boolean(state && state.match_over) || Boolean(old.over),
    }, extra);
    const rest = all.filter((t) => t.link !== link);
    localStorage.setItem("cards-tables", JSON.stringify([entry, ...rest].slice(0, 30)));
  } catch (e) {
    // Storage refused (a private window): the lobby's list is a convenience.
  }
}

function take(next) {
  if (state && next.version < state.version) return;
  if (next.narration_from <= lines.length) {
    const known = lines.length - next.narration_from;
    const messages = next.narration_messages || [];
    said = said.concat(next.narration.slice(known).map((_, i) => messages[known + i] || null));
    lines = lines.concat(next.narration.slice(known));
  }
  const first = !state || state.match_over !== next.match_over;
  state = next;
  if (first) remember();
  render();
  // The cards are drawn from the faces the server lists; drawn again once they have come.
  if (!knowsGame(next.game)) {
    loadGames().then(() => {
      shown = "";
      render();
    }, () => {});
  }
}

/** The screen of `x` (a seat's state or an ended deal) in the page's language: its messages
 * (`screen_messages`) formatted where the server sends them, else its text. The hand's line
 * (the hand is drawn as cards) and each seat's "total" (the score is said once, in the game's
 * words) are left out. */
function screenOf(x) {
  const s = x.screen;
  const m = x.screen_messages;
  if (!m) {
    return {
      heading: s.heading,
      table: s.table.filter((l) => !/^\s*your hand/i.test(l)),
      seats: s.seats.map((facts) => facts.filter((f) => !/^total\b/.test(f))),
      private: s.private || [],
      hand: s.hand,
    };
  }
  return {
    heading: tm(m.heading),
    table: m.table.filter((l) => !/^screen-hand/.test(l.key)).map(tm),
    seats: m.seats.map((facts) => facts.filter((f) => !/-total$/.test(f.key)).map(tm)),
    private: (m.private || []).map(tm),
    hand: s.hand,
  };
}

/** The game's title in the page's language. */
function gameTitle() {
  return titleOf(state.game, state.title);
}

/** What a deal scores, in the page's language. */
function explainText() {
  return scoresExplain(state.game, state.scores_explain);
}

function seatName(i) {
  return i === seat ? t("seat.you", { seat: `S${i}` }) : `S${i}`;
}

/** What sits in seat `i`: a person, or a bot with its level (from the lobby's levels). */
function seatKind(i) {
  const k = state.seats[i];
  if (!k) return "";
  if (k.kind === "person") return t("seat.person");
  const level = levelOf(state.game, k.spec);
  return level ? t("seat.bot.level", { level: t(`level.name.${level}`), spec: k.spec }) : t("seat.bot.spec", { spec: k.spec });
}

function serverHand() {
  if (state.screen.hand && state.screen.hand.length) return state.screen.hand;
  const line = (state.view_text || "").split("\n").find((l) => /^\s*your hand/i.test(l));
  if (!line || !line.includes(":")) return [];
  return line.slice(line.indexOf(":") + 1).trim().split(/\s+/).filter((w) => w && w !== "-" && w !== "empty");
}

/** The hand as shown: the server's order (the game's), or re-sorted by suit or by rank, the
 * suits and ranks in the order of the game's pack (its faces as the server lists them). */
function hand() {
  const cards = serverHand();
  if (sortMode === "game") return cards;
  const faces = facesOf(state.game);
  const byCard = new Map(faces.map((f) => [f.card, f]));
  const order = (pick) => {
    const seen = [];
    for (const f of faces) if (!seen.includes(pick(f))) seen.push(pick(f));
    return (c) => { const f = byCard.get(c); const i = f ? seen.indexOf(pick(f)) : -1; return i < 0 ? seen.length : i; };
  };
  const suit = order((f) => f.suit || "");
  const rank = order((f) => f.corner);
  const keyed = cards.map((c, i) => ({ c, i, s: suit(c), r: rank(c) }));
  keyed.sort((a, b) => (sortMode === "suit" ? a.s - b.s || a.r - b.r : a.r - b.r || a.s - b.s) || a.i - b.i);
  return keyed.map((k) => k.c);
}

/** The sorts that change something in this game (by suit only where its cards have suits). */
function sorts() {
  const suited = facesOf(state.game).some((f) => f.suit);
  return SORTS.filter((m) => m !== "suit" || suited);
}

function renderSort() {
  const b = $("sort-hand");
  const modes = sorts();
  if (!modes.includes(sortMode)) sortMode = "game";
  b.textContent = t(`sort.${sortMode}`);
  b.title = t("sort.explain");
  b.dataset.sort = sortMode;
}

$("sort-hand").addEventListener("click", () => {
  const modes = sorts();
  sortMode = modes[(modes.indexOf(sortMode) + 1) % modes.length];
  store("cards-sort", sortMode);
  selected = new Set();
  shown = "";
  render();
  $("sort-hand").focus();
});

// What the page says of the deal: the commitment to the secret seed (revealed with its salt at
// the end of the match, so the deal can be checked), or that the opener chose the seed.
function dealingText(d) {
  if (d.seed !== null && d.seed !== undefined) {
    // A drawn seed is a 256-bit key: its first digits here, all of it in the log.
    const seed = String(d.seed).length > 20 ? `${String(d.seed).slice(0, 12)}…` : d.seed;
    return d.commitment
      ? t("dealing.opened", { seed, salt: `${d.salt.slice(0, 8)}…`, commitment: `${d.commitment.slice(0, 12)}…` })
      : t("dealing.practice.seed", { seed });
  }
  return d.commitment
    ? t("dealing.fair", { commitment: `${d.commitment.slice(0, 12)}…` })
    : t("dealing.practice");
}

function logName() {
  return `${state.game}-${String(state.dealing.seed ?? "log").slice(0, 12)}.json`;
}

function render() {
  // The turn alert: the tab's title says it, and a tone sounds if this browser asked for one.
  const name = `${gameTitle()}: S${seat}`;
  document.title = state.your_turn ? t("alert.title", { title: name }) : name;
  if (state.your_turn && !wasTurn) chime();
  wasTurn = state.your_turn;
  document.body.dataset.version = String(state.version);
  // While the table waits for the next deal, the deal that ended is what the page names.
  const ended = state.waiting_for_next_deal && state.ended_deal && state.ended_deal.screen;
  $("heading").textContent = (ended ? screenOf(state.ended_deal).heading : screenOf(state).heading) || gameTitle();
  $("whoami").textContent = t("table.whoami", { seat: `S${seat}`, dealing: dealingText(state.dealing) });
  $("whoami").title = state.dealing.commitment
    ? t("dealing.commitment.title", { commitment: state.dealing.commitment })
    : "";
  renderTurn();
  renderSeats();
  renderTable();
  // The hand and the choices are drawn anew only when they change, so that a card or button
  // is never replaced under the pointer while other seats move.
  const mine = JSON.stringify([state.your_turn, state.match_over, state.legal, hand()]);
  if (mine !== shown) {
    shown = mine;
    selected = new Set();
    renderHand();
    renderActions();
  }
  renderNarration();
  renderScores();
  renderSort();
  renderTakeback();
  renderOptions();
  renderDialog();
}

function renderTurn() {
  const box = $("turn");
  box.className = "turn";
  if (state.match_over) {
    box.textContent = t("turn.match-over");
  } else if (state.waiting_for_next_deal) {
    box.textContent = t("turn.deal-over");
  } else if (state.your_turn) {
    box.textContent = t("turn.yours");
    box.classList.add("yours");
  } else if (state.to_move !== null) {
    const k = state.seats[state.to_move];
    box.textContent = k && k.kind === "bot" ? t("turn.bot", { seat: `S${state.to_move}` }) : state.to_move === seat ? t("turn.forced") : t("turn.waiting", { seat: `S${state.to_move}` });
  } else {
    box.textContent = "";
  }
}

function renderSeats() {
  drawFelt($("seats"), {
    game: state.game,
    layout: state.layout,
    players: state.players,
    bottom: seat,
    seats: seatsOf(screenOf(state)),
  });
}

/** Each seat as the felt draws it: its name, what it is, its facts and its score. */
function seatsOf(screen, controls = true) {
  const out = [];
  for (let i = 0; i < state.players; i++) {
    // A name a person chose is shown as text, never markup.
    const name = state.names && state.names[i] ? `${seatName(i)} · ${state.names[i]}` : seatName(i);
    // The screen's facts without its "total ...": the score is said once, in the game's words
    // (screenOf leaves it out).
    const facts = (screen.seats && screen.seats[i]) || [];
    out.push({
      name,
      kind: seatKind(i),
      facts,
      total: scoreText(state.scores[i]),
      totalTitle: explainText() ? t("score.title", { better: betterText(), explain: explainText() }) : betterText(),
      me: i === seat,
      moving: state.to_move === i && !state.waiting_for_next_deal,
      extra: controls && hostKey && i !== seat && !state.match_over ? [seatButton(i)] : [],
    });
  }
  return out;
}

/** A match score in the game's words: penalty points (the score's negative) or points. */
function scoreText(score) {
  if (state.scoring === "penalties") {
    const p = Math.round(-score * 100) / 100 + 0;
    return t("score.penalties", { count: p });
  }
  const v = fmt(score);
  return t("score.points", { count: Math.abs(score), score: v });
}

function betterText() {
  return state.scoring === "penalties" ? t("score.better.penalties") : t("score.better.points");
}

/** One deal's or the match's score as the results table shows it, in the game's units. */
function resultText(score) {
  return state.scoring === "penalties" ? String(Math.round(-score * 100) / 100 + 0) : fmt(score);
}

function renderTable() {
  const box = $("table-lines");
  box.replaceChildren();
  const table = screenOf(state).table;
  for (const l of table.length ? table : ["-"]) {
    const div = document.createElement("div");
    div.append(inlineCards(state.game, l));
    box.append(div);
  }
  const p = $("private");
  p.replaceChildren();
  for (const l of screenOf(state).private || []) {
    const div = document.createElement("div");
    div.textContent = l;
    p.append(div);
  }
}

/** The legal actions, split into those chosen by cards and the others. */
function choices() {
  return splitChoices(state.legal, state.legal_cards, state.card_keys);
}

/** "Tap" on a touch screen, "Click" with a mouse. */
function verb() {
  return window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "tap" : "click";
}

function renderHand() {
  const cards = hand();
  $("hand-title").textContent = t("hand.title", { count: cards.length });
  const box = $("hand");
  box.replaceChildren();
  const { byCards } = choices();
  const key = keyOf(state.card_keys);
  cards.forEach((card, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    b.dataset.index = String(i);
    const wild = (state.layout && state.layout.wild) || [];
    const name = cardName(state.game, card);
    b.title = card;
    // The button is named by its card's picture: the card's name, and wild when it is.
    const svg = cardSvg(state.game, card);
    svg.setAttribute("aria-label", wild.includes(card) ? `${name}, ${t("card.wild")}` : name);
    b.append(svg);
    if (wild.includes(card)) {
      b.classList.add("wild");
      const mark = document.createElement("span");
      mark.className = "wild-mark";
      mark.textContent = "★";
      mark.setAttribute("aria-hidden", "true");
      b.append(mark);
    }
    const usable = state.your_turn && byCards.some((c) => c.keys.includes(key(card)));
    if (state.your_turn && byCards.length && !usable) b.classList.add("idle");
    if (selected.has(i)) b.classList.add("selected");
    b.setAttribute("aria-pressed", selected.has(i) ? "true" : "false");
    b.addEventListener("click", () => {
      if (!state.your_turn || busy) return;
      if (selected.has(i)) selected.delete(i);
      else selected.add(i);
      showError("");
      renderHand();
      renderActions();
    });
    box.append(b);
  });
  if (!cards.length) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = t("hand.empty");
    box.append(p);
  }
  spreadHand();
}

// The hand in one row where every card fits with its gap, else in two rows (half the cards,
// rounded up, a row), the cards overlapping as a fan on a narrow screen.
function spreadHand() {
  const box = $("hand");
  const cards = box.querySelectorAll(".card");
  const width = cards.length ? cards[0].getBoundingClientRect().width : 0;
  const fits = width > 0 && cards.length * (width + 5) <= box.clientWidth;
  const perRow = fits ? cards.length : Math.max(2, Math.ceil(cards.length / 2));
  box.style.setProperty("--gaps", String(Math.max(1, perRow - 1)));
}
window.addEventListener("resize", spreadHand);

function button(text, action, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = cls || "";
  b.dataset.action = action;
  // The word's help from the game's rules, as a tooltip (the help panel lists them all).
  const help = explain(action);
  if (help) {
    b.title = help;
    b.dataset.help = "rules";
  }
  b.addEventListener("click", () => act(action));
  return b;
}

/** The word of an action that the rules would name: its first word of letters (`hold`,
 * `ulti`, `Piccolo`, `draw`), none for a play of cards. */
function wordOf(action) {
  const m = /^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ-]+/.exec(String(action).trim());
  return m ? m[0] : null;
}

/** What the game's rules say of `action`'s word: the rules' item that begins with it (a list
 * entry or paragraph of `cards rules GAME`), else the first that names it; cut to a few
 * sentences. Empty when the rules name it nowhere. */
function explain(action) {
  const word = wordOf(action);
  if (!word || !state) return "";
  // The word as the game's catalogue says it in the page's language (`Eine Leere`, `Selbst`).
  const said = actionLabel(state.game, word).trim();
  // The notation's spelling (`one-card`, `raeuber`), then the rules' (`One Card`, `Räuber`);
  // a German page reads the German rules by the German word first.
  const umlauts = word.replace(/ae/g, "ä").replace(/oe/g, "ö").replace(/ue/g, "ü");
  const spellings = [word, word.replace(/-/g, " "), umlauts, umlauts.replace(/-/g, " ")];
  for (const w of lang === "de" ? [said, ...said.split(/\s*[()]\s*/).filter(Boolean), ...spellings] : spellings) {
    const text = explainWord(w);
    if (text) return t("help.of", { word: said, text });
  }
  return "";
}

/** What the rules say of `word` (see `explain`), without the word in front; empty if nothing. */
function explainWord(word) {
  const { rules } = rulesOf(state.game);
  if (!rules) return "";
  const items = rules.split(/\n\s*\n|\n(?=\s*- )/).map((x) => x.replace(/\s+/g, " ").replace(/^[-*#\s]+/, "").replace(/[`*_]/g, "").trim()).filter(Boolean);
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const whole = new RegExp(`(^|[^\\p{L}])${escaped}(?![\\p{L}])`, "iu");
  // A definition: an item that begins with the word and then says what it is.
  const defines = new RegExp(`^${escaped}( \\([^)]*\\))?[:.]`, "iu");
  const cut = (text) => {
    let out = "";
    for (const sentence of text.match(/[^.!?]+[.!?]*/g) || [text]) {
      if (out && out.length + sentence.length > 320) break;
      out += sentence;
    }
    return out.trim();
  };
  const definition = items.find((x) => defines.test(x));
  if (definition) return cut(definition);
  // Else the first sentence that names it in prose (not a list of notation).
  for (const item of items) {
    for (const sentence of item.match(/[^.!?]+[.!?]*/g) || []) {
      const words = sentence.split(/\s+/).length;
      const commas = (sentence.match(/,/g) || []).length;
      if (whole.test(sentence) && words >= 6 && commas * 3 < words) return sentence.trim();
    }
  }
  return "";
}

/** The help panel: every word the seat may choose now, with what the rules say of it. */
function showHelp() {
  const d = $("help-dialog");
  d.replaceChildren();
  const h = document.createElement("h2");
  h.id = "help-title";
  h.textContent = t("help.title");
  const from = document.createElement("p");
  from.className = "hint";
  from.textContent = t("help.from", { game: state.game });
  const list = document.createElement("dl");
  list.className = "help-list";
  const words = [];
  for (const a of state.legal.length ? state.legal : []) {
    const w = wordOf(a);
    if (w && !words.includes(w.toLowerCase())) words.push(w.toLowerCase());
  }
  for (const w of words) {
    const dt = document.createElement("dt");
    dt.textContent = actionLabel(state.game, w).trim();
    const dd = document.createElement("dd");
    dd.textContent = explain(w) || t("help.none", { word: actionLabel(state.game, w).trim() });
    list.append(dt, dd);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.id = "help-close";
  close.textContent = t("help.close");
  const done = () => {
    $("help-overlay").hidden = true;
    $("help-words").focus();
  };
  close.addEventListener("click", done);
  d.onkeydown = (e) => {
    if (e.key === "Escape") done();
  };
  d.append(h, from, list, close);
  $("help-overlay").hidden = false;
  close.focus();
}

$("help-words").textContent = t("help.button");
$("help-words").addEventListener("click", () => {
  if (state) showHelp();
});

/** The turn's tone, when this browser asked for one (off by default, remembered). */
let audio = null;
function chime() {
  if (stored("cards-sound", "off") !== "on") return;
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch (e) {
    // No sound here: the title still says it.
  }
}

function soundControl() {
  const b = document.createElement("button");
  b.type = "button";
  b.id = "sound-toggle";
  b.className = "bar-button";
  const show = () => {
    const on = stored("cards-sound", "off") === "on";
    b.textContent = on ? t("alert.sound.on") : t("alert.sound.off");
    b.setAttribute("aria-pressed", on ? "true" : "false");
  };
  b.title = t("alert.sound.explain");
  b.addEventListener("click", () => {
    store("cards-sound", stored("cards-sound", "off") === "on" ? "off" : "on");
    show();
  });
  show();
  document.querySelector("header.bar").append(b);
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const all = $("all-actions");
  const hint = $("selection-hint");
  hint.textContent = "";
  if (!state.your_turn) {
    all.hidden = true;
    $("all-list").replaceChildren();
    if (state.match_over) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "download-log-bar";
      b.textContent = t("log.download");
      b.addEventListener("click", downloadLog);
      box.append(b);
    }
    return;
  }
  const { byCards, buttons } = choices();
  const cards = hand();
  const key = keyOf(state.card_keys);
  const keys = [...selected].map((i) => key(cards[i]));
  if (byCards.length) {
    if (!keys.length) {
      hint.textContent = t(`select.${verb()}`);
    } else {
      const { matches, more } = matching(byCards, keys);
      const many = discardsOf(byCards, cards);
      if (many.length > 1) {
        // Several discards as one selection: sent one after another.
        hint.textContent = t("select.discards", { count: many.length });
        const b = document.createElement("button");
        b.type = "button";
        b.className = "primary";
        b.id = "discard-selected";
        b.textContent = t("select.discard-these", { count: many.length });
        b.addEventListener("click", () => actAll(many));
        box.append(b);
      }
      if (matches.length > 1) hint.textContent = t("select.several");
      for (const m of matches) {
        const text = hasActionLabel(state.game, m.action) ? actionLabel(state.game, m.action) : /^[a-z]+ /.test(m.action) ? m.action : t("select.play", { action: m.action });
        box.append(button(text, m.action, "primary"));
      }
      if (!matches.length && many.length < 2) {
        hint.textContent = more ? t("select.more") : t("select.none");
      }
      const clear = document.createElement("button");
      clear.type = "button";
      clear.textContent = t("select.clear");
      clear.className = "quiet";
      clear.addEventListener("click", () => {
        selected = new Set();
        renderHand();
        renderActions();
      });
      box.append(clear);
    }
  }
  // Labelled in the page's language from the game's catalogue; the notation is what is sent.
  for (const a of buttons) box.append(button(actionLabel(state.game, a), a));
  const list = $("all-list");
  list.replaceChildren();
  for (const a of state.legal) {
    const o = document.createElement("option");
    o.value = a;
    const label = actionLabel(state.game, a);
    o.textContent = label === a ? a : `${label} (${a})`;
    list.append(o);
  }
  all.hidden = state.legal.length === 0;
  if (state.hints) renderSuggest(box);
}

/** The expert's move for this seat's decision, once asked (a table opened with hints). */
let suggestion = null;

/** At a table opened with hints: a button that asks the expert, and its answer. */
function renderSuggest(box) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = "suggest";
  b.className = "quiet";
  b.textContent = t("hint.ask");
  const said = document.createElement("span");
  said.id = "suggestion";
  said.className = "hint";
  said.setAttribute("aria-live", "polite");
  if (suggestion && suggestion.version === state.version) {
    said.textContent = t("hint.said", { action: suggestion.action });
  }
  b.addEventListener("click", async () => {
    b.disabled = true;
    said.textContent = t("hint.thinking");
    try {
      const r = await call("suggest", "", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        said.textContent = errorText(body, t("hint.failed"));
        return;
      }
      suggestion = body;
      if (state && body.version === state.version) {
        said.textContent = t("hint.said", { action: body.action });
      } else {
        said.textContent = "";
      }
    } finally {
      b.disabled = false;
    }
  });
  box.append(b, said);
}

/**
 * In a discard phase (Cego's, where the engine takes one card per decision), the discards of
 * the selected cards, one per card, when each is a legal discard of its own; else none.
 */
function discardsOf(byCards, cards) {
  if (state.phase !== "discard" || selected.size < 2) return [];
  const key = keyOf(state.card_keys);
  const out = [];
  for (const i of selected) {
    const m = byCards.find((c) => c.keys.length === 1 && c.keys[0] === key(cards[i]) && !out.includes(c.action));
    if (!m) return [];
    out.push(m.action);
  }
  return out;
}

/** Sends actions one after another while each is still legal; stops at the first refusal. */
async function actAll(actions) {
  for (const [n, a] of actions.entries()) {
    if (!state.your_turn || !state.legal.includes(a)) {
      showError(t("select.discards-stopped", { taken: n, count: actions.length, action: a }));
      return;
    }
    const ok = await act(a);
    if (!ok) return;
  }
}

async function act(action) {
  if (busy) return false;
  busy = true;
  showError("");
  try {
    const r = await call("act", `since=${lines.length}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action, version: state.version }),
    });
    const body = await r.json().catch(() => ({}));
    if (!r.ok) {
      showError(errorText(body, t("error.status", { status: r.status })));
      await refresh();
      return false;
    }
    selected = new Set();
    take(body);
    return true;
  } catch (e) {
    showError(t("error.unreachable", { why: e.message }));
    return false;
  } finally {
    busy = false;
  }
}

async function nextDeal() {
  const r = await call("next", `since=${lines.length}`, { method: "POST" });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    showError(errorText(body, t("error.status", { status: r.status })));
    await refresh();
    return;
  }
  take(body);
}

/** Fetches the log with the seat's header and saves it through a Blob: no link carries the token. */
async function downloadLog() {
  try {
    const r = await call("log");
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      showError(errorText(body, t("error.status", { status: r.status })));
      return;
    }
    const blob = await r.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = logName();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (e) {
    showError(t("error.unreachable", { why: e.message }));
  }
}

function renderNarration() {
  const list = $("narration");
  for (let i = list.children.length; i < lines.length; i++) {
    const li = document.createElement("li");
    li.append(inlineCards(state.game, said[i] ? tm(said[i]) : lines[i]));
    if (new RegExp(`^S${seat}\\b`).test(lines[i])) li.className = "own";
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

function fmt(x) {
  const v = Math.round(x * 100) / 100 + 0;
  return v > 0 ? `+${v}` : String(v);
}

function renderScores() {
  const sheet = $("scores");
  sheet.replaceChildren();
  const head = sheet.insertRow();
  head.insertCell().textContent = "";
  for (let i = 0; i < state.players; i++) {
    const th = document.createElement("th");
    th.textContent = seatName(i);
    head.append(th);
  }
  for (const d of state.deals) {
    const row = sheet.insertRow();
    row.insertCell().textContent = t("scores.deal", { number: d.number });
    for (const s of d.scores) row.insertCell().textContent = fmt(s);
  }
  const total = sheet.insertRow();
  total.className = "total";
  total.insertCell().textContent = t("scores.total");
  for (const s of state.scores) total.insertCell().textContent = fmt(s);
}

// The end of a deal or of the match. At the end of a deal the engine has dealt the next one
// already: the dialog shows the deal that ended as this seat last saw it (`ended_deal`), and the
// board behind it stays hidden until the next deal starts.
function renderDialog() {
  const overlay = $("overlay");
  const dialog = $("dialog");
  const between = !state.match_over && state.waiting_for_next_deal;
  const board = document.querySelector(".board");
  if (board) board.style.visibility = between ? "hidden" : "";
  const key = state.match_over ? "over" : between ? `deal${state.deals.length}` : null;
  if (!key || dismissed === key) {
    overlay.hidden = true;
    return;
  }
  dialog.replaceChildren();
  const h = document.createElement("h2");
  const last = state.deals[state.deals.length - 1];
  const ended = between ? state.ended_deal : null;
  const number = ended ? ended.number : last ? last.number : "";
  h.id = "dialog-title";
  h.textContent = state.match_over ? t("ended.match") : t("ended.deal", { number });
  dialog.append(h);
  if (ended) {
    const sub = document.createElement("p");
    sub.className = "hint";
    sub.id = "ended-heading";
    sub.textContent = screenOf(ended).heading;
    dialog.append(sub);
    // The engine deals the next deal with the last move: the server lays that move's cards on
    // the table as the move found it (`ended.layout`), and the move is told right under it.
    const caption = document.createElement("p");
    caption.className = "hint";
    caption.id = "ended-caption";
    caption.textContent = t("ended.caption");
    dialog.append(caption);
    // The table as the deal ended: the deal's last card laid where it was played.
    const felt = document.createElement("div");
    felt.id = "ended-felt";
    felt.className = "ring ended-ring";
    dialog.append(felt);
    drawFelt(felt, { game: state.game, layout: ended.layout, players: state.players, bottom: seat, seats: seatsOf(screenOf(ended), false) });
    const table = document.createElement("div");
    table.className = "ended-table";
    table.id = "ended-table";
    for (const l of screenOf(ended).table) {
      const div = document.createElement("div");
      div.append(inlineCards(state.game, l));
      table.append(div);
    }
    if (ended.screen.hand && ended.screen.hand.length) {
      const div = document.createElement("div");
      div.append(inlineCards(state.game, t("ended.hand", { cards: ended.screen.hand.join(" ") })));
      table.append(div);
    }
    const words = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = t("felt.in-words");
    words.append(summary, table);
    dialog.append(words);
    if (ended.narration.length) {
      const last = document.createElement("p");
      last.className = "hint";
      last.textContent = t("ended.last-move");
      dialog.append(last);
      const list = document.createElement("ul");
      list.className = "ended-narration";
      list.id = "ended-narration";
      for (const [i, l] of ended.narration.entries()) {
        const li = document.createElement("li");
        const m = ended.narration_messages && ended.narration_messages[i];
        li.append(inlineCards(state.game, m ? tm(m) : l));
        list.append(li);
      }
      dialog.append(list);
    }
  }
  const sheet = document.createElement("table");
  sheet.className = "scores";
  const head = sheet.insertRow();
  head.insertCell();
  if (last) head.insertCell().textContent = t("scores.this-deal");
  head.insertCell().textContent = t("scores.total");
  const best = Math.max(...state.scores);
  for (let i = 0; i < state.players; i++) {
    const row = sheet.insertRow();
    if (i === seat) row.className = "me";
    row.insertCell().textContent = `${seatName(i)}${state.match_over && state.scores[i] === best ? " ★" : ""}`;
    if (last) row.insertCell().textContent = resultText(last.scores[i]);
    row.insertCell().textContent = resultText(state.scores[i]);
  }
  dialog.append(sheet);
  const units = document.createElement("p");
  units.className = "hint";
  units.textContent = explainText() ? t("score.units", { better: betterText(), explain: explainText() }) : t("score.units.bare", { better: betterText() });
  dialog.append(units);
  const row = document.createElement("div");
  row.className = "dialog-actions";
  if (state.match_over) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = t("log.replays");
    dialog.append(p);
    const a = document.createElement("button");
    a.type = "button";
    a.id = "download-log";
    a.className = "primary";
    a.textContent = t("log.download");
    a.addEventListener("click", downloadLog);
    const again = document.createElement("a");
    again.href = `/?game=${encodeURIComponent(state.game)}`;
    again.textContent = t("ended.new-table");
    row.append(a, again);
  } else if (!(state.next_deal_waits_for || []).includes(seat)) {
    // This seat has asked; the deal starts when every person at the table has.
    const p = document.createElement("p");
    p.className = "hint";
    p.id = "next-deal-waiting";
    p.textContent = t("ended.waits-for", { seats: state.next_deal_waits_for.map(seatName).join(", "), count: state.next_deal_waits_for.length });
    dialog.append(p);
  } else {
    const next = document.createElement("button");
    next.type = "button";
    next.id = "next-deal";
    next.className = "primary";
    next.textContent = t("ended.next");
    next.addEventListener("click", nextDeal);
    row.append(next);
  }
  if (state.match_over) {
    // The final table is the deal that ended: look at it.
    const close = document.createElement("button");
    close.type = "button";
    close.className = "quiet";
    close.textContent = t("ended.look");
    close.addEventListener("click", () => {
      dismissed = key;
      overlay.hidden = true;
    });
    row.append(close);
  }
  dialog.append(row);
  overlay.hidden = false;
}

// The event stream: an EventSource cannot send headers, so it opens with a single-use ticket
// fetched with the seat's header, and a new one each time it has to reconnect.
let poll = null;
let events = null;

async function listen() {
  if (events) {
    events.close();
    events = null;
  }
  let ticket = null;
  try {
    const r = await call("ticket", "", { method: "POST" });
    if (r.ok) ticket = (await r.json()).ticket;
  } catch (e) {
    ticket = null;
  }
  if (!ticket) {
    // The server is gone (it restarted, or the table closed): poll, and try again later.
    if (!poll) poll = setInterval(refresh, 3000);
    setTimeout(listen, 10000);
    return;
  }
  // With `since` (the lines this page holds) the stream sends the seat's whole state at every
  // change, from the lines it sent before: no request after each change. A bare `update`
  // (the table closed or moved to another server) is asked about.
  events = new EventSource(url("events", `ticket=${encodeURIComponent(ticket)}&since=${lines.length}`));
  events.addEventListener("state", (e) => {
    let next = null;
    try {
      next = JSON.parse(e.data);
    } catch (err) {
      next = null;
    }
    if (next && next.narration_from <= lines.length) take(next);
    else refresh();
  });
  events.addEventListener("update", () => refresh());
  events.onerror = () => {
    // The ticket is spent: reconnecting needs a new one. Poll meanwhile.
    if (!poll) poll = setInterval(refresh, 3000);
    if (events) events.close();
    events = null;
    setTimeout(listen, 3000);
  };
  events.onopen = () => {
    if (poll) {
      clearInterval(poll);
      poll = null;
    }
    refresh();
  };
}

// The host's control of a seat: a bot in a person's seat (one who left), or a person back.
function seatButton(i) {
  const bot = state.seats[i].kind === "bot";
  const b = document.createElement("button");
  b.type = "button";
  b.className = "seat-change";
  b.dataset.seat = String(i);
  b.textContent = bot ? t("host.to-person", { seat: `S${i}` }) : t("host.to-bot", { seat: `S${i}` });
  b.title = bot ? t("host.to-person.explain") : t("host.to-bot.explain");
  b.addEventListener("click", async () => {
    const body = bot ? { person: true } : { bot: "heuristic" };
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${i}/seat`, {
        method: "POST",
        headers: { authorization: `Bearer ${hostKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) {
        showError(errorText(answer, t("error.status", { status: r.status })));
        return;
      }
      if (answer.link) window.prompt(t("host.new-link", { seat: `S${i}` }), `${location.origin}${answer.link}`);
      refresh();
    } catch (e) {
      showError(t("error.unreachable", { why: e.message }));
    }
  });
  return b;
}

// Naming one's seat: the name is checked by the server and shown to every seat as text.
function nameControl() {
  const b = document.createElement("button");
  b.type = "button";
  b.id = "name-seat";
  b.className = "bar-button";
  b.textContent = t("name.button");
  b.title = t("name.explain");
  b.addEventListener("click", async () => {
    const name = window.prompt(t("name.prompt"));
    if (!name) return;
    try {
      const r = await call("name", "", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) showError(errorText(answer, t("error.status", { status: r.status })));
      else {
        showError("");
        refresh();
      }
    } catch (e) {
      showError(t("error.unreachable", { why: e.message }));
    }
  });
  document.querySelector("header.bar").append(b);
}

// Handing one's seat over: the host may then give it to a bot or to someone else (a seat's
// hand passes to another only when its player agrees, or has been away for a while).
function agreeControl() {
  if (hostKey) return;
  const b = document.createElement("button");
  b.type = "button";
  b.id = "agree-seat";
  b.className = "bar-button";
  b.textContent = t("agree.button");
  b.title = t("agree.explain");
  b.addEventListener("click", async () => {
    if (!window.confirm(t("agree.confirm"))) return;
    try {
      const r = await call("agree", "", { method: "POST" });
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) showError(errorText(answer, t("error.status", { status: r.status })));
      else b.textContent = t("agree.done");
    } catch (e) {
      showError(t("error.unreachable", { why: e.message }));
    }
  });
  document.querySelector("header.bar").append(b);
}

// The host's control: closing the table stops its bots and frees its place on the server at
// once. Only the opener's link carries the host key, sent in a header like the seat's token.
function hostControls() {
  if (!hostKey) return;
  const close = document.createElement("button");
  close.type = "button";
  close.id = "close-table";
  close.className = "bar-button";
  close.textContent = t("close.button");
  close.title = t("close.explain");
  close.addEventListener("click", async () => {
    if (!window.confirm(t("close.confirm"))) return;
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/close`, {
        method: "POST",
        headers: { authorization: `Bearer ${hostKey}` },
      });
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        showError(errorText(body, t("error.status", { status: r.status })));
        return;
      }
      if (events) events.close();
      events = null;
      if (poll) clearInterval(poll);
      poll = null;
      close.remove();
      fatal(t("close.done"));
      $("heading").textContent = t("close.heading");
    } catch (e) {
      showError(t("error.unreachable", { why: e.message }));
    }
  });
  document.querySelector("header.bar").append(close);
}

// The takeback, at a practice table: the seat's last move and the moves the table took by
// itself after it (the bots'), while no other person has moved since; every seat and the
// watch page are told, and the table is drawn as it was before the move.
function renderTakeback() {
  const b = $("take-back");
  const action = state.takeback;
  b.hidden = !action;
  if (!action) return;
  b.textContent = t("takeback.button");
  b.title = t("takeback.explain");
  b.setAttribute("aria-label", t("takeback.label", { action: actionLabel(state.game, action) }));
  b.dataset.action = action;
}

async function takeBack() {
  if (busy || !state || !state.takeback) return;
  busy = true;
  showError("");
  try {
    let r;
    let body;
    // A bot out thinking (or a move just made) answers 409: the page looks again and retries
    // a few times while the takeback is still offered.
    for (let tries = 0; ; tries++) {
      r = await call("takeback", `since=${lines.length}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: state.version }),
      });
      body = await r.json().catch(() => ({}));
      if (r.status !== 409 || tries >= 4) break;
      await new Promise((ok) => setTimeout(ok, 300));
      busy = false;
      await refresh();
      busy = true;
      if (!state.takeback) break;
    }
    if (!r.ok) {
      showError(errorText(body, t("takeback.failed", { status: r.status })));
      await refresh();
      return;
    }
    selected = new Set();
    take(body);
    // The button is gone: the keyboard goes on from the hand.
    const first = document.querySelector("#hand .card") || $("sort-hand");
    first.focus();
  } catch (e) {
    showError(t("takeback.unreachable", { reason: e.message }));
  } finally {
    busy = false;
  }
}
$("take-back").addEventListener("click", takeBack);

/** The table's rules under the felt (shared with the watch page, `cards.js`). */
function renderOptions() {
  renderTableOptions($("table-options"), state.game, state.config);
}

$("typed-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const v = $("typed").value.trim();
  if (v) act(v);
});

$("all-go").addEventListener("click", () => {
  const v = $("all-list").value;
  if (v) act(v);
});

if (!token || Number.isNaN(seat)) {
  fatal(t("table.no-token"));
} else {
  hostControls();
  soundControl();
  nameControl();
  agreeControl();
  // The games' card faces first (the table is drawn without them if they cannot be had).
  loadGames()
    .catch(() => {})
    .then(() => refresh())
    .then(listen);
}
