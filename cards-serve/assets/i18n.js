// The page's words: every string the lobby, table, watch and review pages show goes through
// `t(key, vars)`, which formats the key from the message catalogue the server serves in the
// page's language (`GET /api/messages`, the same Fluent files `cards play` reads:
// cards-kit/i18n/LANG/page.ftl holds these keys as `page-` + the key with `.` written `-`). The
// language is the one this browser chose with the switch (remembered in localStorage), else
// the server's choice from Accept-Language; `?lang=de` in the address chooses too.
//
// The object EN below is only a fallback: a key the catalogue lacks shows its English text
// here (so a word added to the pages before it reaches the catalogue still reads), and the
// pseudo-locale's browser test finds it unmarked, which tells that it must be moved into
// cards-kit/i18n/{en,de}/page.ftl.

import { loadCatalogue, formatMessage } from "/assets/i18n-catalogue.js";

const EN = {
  // Hints at a table opened with them.
  "hint.ask": "Suggest a move",
  "hint.thinking": "The expert is thinking…",
  "hint.said": "The expert suggests: {action}",
  "hint.failed": "No suggestion now.",
  // Seats around the table.
  "seat.you": "{seat} (you)",
  "seat.person": "person",
  "seat.bot": "bot",
  "seat.bot.level": "bot, {level} ({spec})",
  "seat.bot.spec": "bot ({spec})",
  "seat.to-move": "to move",
  "seat.region": "{name}: {kind}",
  "seat.hand": "hand ({count})",
  "seat.hand.empty": "hand: empty",
  // What lies on the table.
  "felt.label": "The table",
  "felt.laid": "{seat} laid {cards}",
  "felt.said": "{seat}: {word}",
  "felt.middle": "middle of the table",
  "felt.face-down": "{count} face down",
  "felt.took": "taken by {seat}",
  "felt.last": "Last trick",
  "felt.last.show": "Show the last trick",
  "felt.last.hide": "Hide the last trick",
  "felt.last.none": "No trick has been taken yet.",
  "felt.last.title": "{label}, taken by {seat}",
  "felt.last.title.open": "{label}",
  "felt.last.previous": "the pile before this one",
  "felt.in-words": "The table in words",
  // Card names a screen reader reads.
  "card.of": "{rank} of {suit}",
  "card.big_ace": "{name}, a Big Ace",
  "card.stands": "{name} standing for {stands}",
  "card.trump": "Trock {rank}",
  "card.skus": "Sküs",
  "card.mond": "Trock 21, the Mond",
  "card.geiss": "Trock 1, the Geiß",
  "card.joker": "joker",
  "card.red-joker": "red joker",
  "card.black-joker": "black joker",
  "card.number": "number {rank}",
  "card.rank-only": "{rank}, any suit",
  "card.wild": "wild",
  "card.hidden": "a card face down",
  "rank.A": "ace", "rank.K": "king", "rank.Q": "queen", "rank.J": "jack", "rank.R": "knight",
  "suit.c": "clubs", "suit.d": "diamonds", "suit.h": "hearts", "suit.s": "spades",
  // The turn alert.
  "alert.title": "▶ Your turn: {title}",
  "alert.sound.on": "Sound on your turn: on",
  "alert.sound.off": "Sound on your turn: off",
  "alert.sound.explain": "A short tone when it is your turn (remembered in this browser)",
  // Help on the game's words.
  "help.button": "What do the words mean?",
  "help.title": "The game's words",
  "help.close": "Close",
  "help.none": "The rules say nothing more of {word}.",
  "help.of": "{word}: {text}",
  "help.from": "From the rules (cards rules {game}):",
  // The score sheet.
  "scores.deal": "deal {number}",
  "scores.total": "total",
  // Sorting the hand.
  "sort.game": "Sort: the game's order",
  "sort.suit": "Sort: by suit",
  "sort.rank": "Sort: by rank",
  "sort.explain": "Lay the hand out another way (the cards stay yours; only their order changes)",
  // Wild cards.
  "wild.mark": "wild",
  "wild.hint": "Wild cards are marked ★",
  // Takeback.
  "takeback.button": "Take back my last move",
  "takeback.explain": "At a practice table you may take back your last move while no other person has moved since",
  "takeback.confirm": "Take back your last move ({action})?",
  // The end of a deal.
  "ended.caption": "The table as the deal ended, its last card laid where it was played:",
  // Keyboard.
  "keys.hint": "Keys: Tab to a card, Space or Enter selects it; Enter on a button plays.",
  // h-table2
  "takeback.label": "Take back my last move ({action}) and the bots' moves after it",
  "takeback.failed": "the takeback was refused (the server answered {status})",
  "takeback.unreachable": "the server cannot be reached: {reason}",
  "options.head": "This table's rules:",
  "options.none": "This table plays the rule book's rules (no option changed).",
  "options.word": "{label}: {value}",
  "options.said": "{label}: {explain}",
  "options.unexplained": "the rules say nothing more of it",
  "felt.group": "{seat}, {group}",
  "review.first.keys": "First step (Home)",
  "review.back.keys": "Back one step (Left arrow)",
  "review.forward.keys": "Forward one step (Right arrow)",
  "review.last.keys": "Last step (End)",
  "review.keys": "Keys: Left and Right arrows step back and forward, Home and End go to the first and last step.",
};

const STORE = "cards-lang";
const LANGS = ["en", "de"];

/** The language this browser chose, if any: `?lang=` in the address, else the switch's. */
function chosenLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked) return asked;
  try {
    return localStorage.getItem(STORE) || undefined;
  } catch {
    return undefined;
  }
}

async function load() {
  try {
    return await loadCatalogue(chosenLang());
  } catch {
    try {
      return await loadCatalogue("en");
    } catch {
      return { lang: "en", messages: {} };
    }
  }
}

const catalogue = await load();
document.documentElement.lang = catalogue.lang === "qps" ? "en" : catalogue.lang;

/** The page's language: `en`, `de` or `qps` (the pseudo-locale of the tests). */
export const lang = catalogue.lang;

/** The catalogue key of a page key: `hint.ask` is `page-hint-ask`. */
export function pageKey(key) {
  return `page-${key.replace(/\./g, "-")}`;
}

/** Whether the catalogue has a page key (or, failing that, the English fallback has it). */
export function has(key) {
  return pageKey(key) in catalogue.messages || Object.prototype.hasOwnProperty.call(EN, key);
}

/** The text of `key` in the page's language with `{name}` replaced by `vars.name`; the English
 * fallback when the catalogue lacks it; the key itself when it is unknown. */
export function t(key, vars = {}) {
  const k = pageKey(key);
  if (k in catalogue.messages) return formatMessage(catalogue, k, vars);
  const text = Object.prototype.hasOwnProperty.call(EN, key) ? EN[key] : key;
  return text.replace(/\{(\w+)\}/g, (m, n) => (Object.prototype.hasOwnProperty.call(vars, n) ? String(vars[n]) : m));
}

/** The value of a message argument as the server sends it (`cards_core::text::Arg`'s serde
 * form: `{Text}`, `{Number}`, `{Message}`, `{List: {items, sep}}`), formatted. */
function argValue(a) {
  if (a === null || typeof a !== "object") return a;
  if ("Text" in a) return a.Text;
  if ("Number" in a) return a.Number;
  if ("Message" in a) return tm(a.Message);
  if ("List" in a) return (a.List.items || []).map(tm).join(a.List.sep);
  return "";
}

/** Formats a message the server sends (`cards_core::text::Message`: `{key, args}`), such as a
 * screen line or a refusal's reason, in the page's language. */
export function tm(message) {
  if (!message || typeof message !== "object") return String(message ?? "");
  const vars = {};
  for (const [name, value] of message.args || []) {
    // A run's lines (`play-run`) are grouped once told, as the terminal groups them.
    vars[name] = message.key === "play-run" && name === "told" && value && value.List ? groupRun(value.List.items || []) : argValue(value);
  }
  return formatMessage(catalogue, message.key, vars);
}

/** A run's lines told in the page's language and grouped as `cards-kit/src/narrate.rs`'s
 * `group_run` groups them: by their first two words and their length, `S1 draws a card ×21`,
 * `S0 draws 7♠, 9♥`. The pseudo-locale's marks are set aside while grouping and put around
 * each group. */
function groupRun(items) {
  const told = items.map(tm);
  const marked = catalogue.lang === "qps" && told.length && told.every((l) => l.startsWith("⟦") && l.endsWith("⟧"));
  const lines = marked ? told.map((l) => l.slice(1, -1)) : told;
  const groups = [];
  for (const line of lines) {
    const words = line.split(/\s+/).filter(Boolean).length;
    const m = /^(\S+) (\S+) (.+)$/s.exec(line);
    const [stem, rest] = m && m[3] ? [`${m[1]} ${m[2]}`, m[3]] : [line, ""];
    const found = groups.find((g) => g.stem === stem && g.words === words);
    if (found) found.rests.push(rest);
    else groups.push({ stem, words, rests: [rest] });
  }
  const said = groups.map(({ stem, rests }) => {
    const first = rests[0] || "";
    const whole = first ? `${stem} ${first}` : stem;
    if (rests.length === 1) return whole;
    if (rests.every((r) => r === first)) return `${whole} ×${rests.length}`;
    return `${stem} ${rests.join(", ")}`;
  });
  return (marked ? said.map((g) => `⟦${g}⟧`) : said).join("; ");
}

/** The message of the server's error answer in the page's language: its catalogue message
 * when it sends one (`message`), else its text (`error`), else `fallback`. */
export function errorText(body, fallback) {
  if (body && body.message && body.message.key in catalogue.messages) return tm(body.message);
  return (body && body.error) || fallback;
}

/** Sets the words of the page's own HTML: an element with `data-i18n="key"` gets the text of
 * `key`; `data-i18n-attr="title:key;aria-label:key"` sets attributes. */
export function translatePage(root = document) {
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of e.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) e.setAttribute(attr, t(key));
    }
  }
}

/** The language switch (English / Deutsch) at the end of the page's header bar: the choice
 * is remembered in this browser and the page reloads in it. */
function addSwitch() {
  const bar = document.querySelector("header.bar");
  if (!bar || bar.querySelector(".lang-switch")) return;
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.setAttribute("aria-label", t("lang.label"));
  select.title = t("lang.label");
  for (const code of LANGS) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = t(`lang.${code}`);
    o.lang = code;
    select.append(o);
  }
  select.value = LANGS.includes(catalogue.lang) ? catalogue.lang : "en";
  select.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    try {
      localStorage.setItem(STORE, select.value);
    } catch {
      // A browser that keeps nothing still switches, by the address.
      url.searchParams.set("lang", select.value);
    }
    location.replace(url.toString());
  });
  bar.append(select);
}

translatePage();
addSwitch();

/** Every key of the English fallback (for a test that the catalogue has them all). */
export const KEYS = Object.keys(EN);

/** The title of the game named `name` in the page's language (`fallback`, the server's, when
 * the catalogue lacks it). */
export function gameTitle(name, fallback = name) {
  const key = `game-title-${name}`;
  return key in catalogue.messages ? formatMessage(catalogue, key) : fallback;
}

/** The line on what a deal of `game` scores, in the page's language (`fallback`, the
 * server's English, when the catalogue lacks it). */
export function scoresExplain(game, fallback = "") {
  if (!fallback) return "";
  const key = `scores.explain.${game}`;
  return has(key) ? t(key) : fallback;
}

/** A message of the catalogue by its own key (not a page key), or `fallback` when it lacks
 * it: an option's label (`option-GAME-KEY`), a bot kind's words (`bot-ismcts`). */
export function word(key, vars = {}, fallback = key) {
  return key in catalogue.messages ? formatMessage(catalogue, key, vars) : fallback;
}

/** The key of a word: lowercase, every run of other characters than letters and digits `-`. */
export function slugOf(text) {
  return String(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
}

/** A word the server's layout names a group, a trick or a seat's part by (`stock`, `the
 * Legage`, `meld 2`, `trick 3`, `exposed (declares)`, `pass`), in the page's language: the
 * catalogue's `page-layout-…` key of its words, the numbered ones with their number. */
export function layoutWord(label) {
  const text = String(label || "");
  const numbered = /^([A-Za-z ]+?) (\d+)$/.exec(text);
  if (numbered && has(`layout.${slugOf(numbered[1])}`)) return t(`layout.${slugOf(numbered[1])}`, { number: Number(numbered[2]) });
  const why = /^exposed \((.+)\)$/.exec(text);
  if (why) return t("layout.exposed-why", { why: has(`layout.why.${slugOf(why[1])}`) ? t(`layout.why.${slugOf(why[1])}`) : why[1] });
  return text && has(`layout.${slugOf(text)}`) ? t(`layout.${slugOf(text)}`) : text;
}

/** The prefix of each game's own keys in its catalogue file (`cards-kit/i18n/LANG/GAME.ftl`), by
 * game, as the server lists it (`words` in `/api/games`): the page names no game itself. */
const GAME_PREFIX = new Map();

/** Takes the prefix of a game's own catalogue keys (`words` of a game in `/api/games`). */
export function setGameWords(game, prefix) {
  if (prefix) GAME_PREFIX.set(game, prefix);
}

/** The catalogue message of an action's words, where the game's catalogue names them
 * (`GAME-action-WORD`, with the notation's cards as `$cards`; contract rummy's `add N CARD
 * [low|high]` as `rummy-action-add[-low|-high]`), else null: a play of cards is its cards. */
function actionKey(game, action) {
  const prefix = GAME_PREFIX.get(game);
  const m = /^([a-z][a-z-]*)(?:\s+(.*))?$/.exec(String(action).trim());
  if (!prefix || !m) return null;
  const [, w, rest = ""] = m;
  if (w === "add") {
    const a = /^(\d+) (\S+)(?: (low|high))?$/.exec(rest);
    const key = a && `${prefix}-action-add${a[3] ? `-${a[3]}` : ""}`;
    return key && key in catalogue.messages ? { key, vars: { meld: a[1], card: a[2] } } : null;
  }
  const key = `${prefix}-action-${w}`;
  return key in catalogue.messages ? { key, vars: { cards: rest } } : null;
}

/** An action's label in the page's language, from the game's catalogue: `pass` is "Passe",
 * `one-blank` "Eine Leere", `expose Ah` "Ah aufdecken"; the notation (what is sent to the
 * server) where the catalogue has no words for it, such as a play of cards. */
export function actionLabel(game, action) {
  const found = actionKey(game, action);
  return found ? formatMessage(catalogue, found.key, found.vars) : String(action);
}

/** Whether the game's catalogue names an action's words (see `actionLabel`). */
export function hasActionLabel(game, action) {
  return actionKey(game, action) !== null;
}
