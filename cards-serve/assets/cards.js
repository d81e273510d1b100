// Cards drawn as SVG from the faces the server lists for each game (`/api/games`: every card
// text a screen of the game may show, with its corner, centre, suit, kind and note, from the
// engine's `Catalog::card_faces`), and the matching of a selection of hand cards against the
// cards each legal action uses (sent by the server, from the engine). No game is named here:
// what a card is comes from the server; its colours, by kind and suit, are the page's.

import { t, has, slugOf, lang, word, setGameWords } from "/assets/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RED = "#c0262d";
const BLACK = "#1d1d1f";
const WHITE = "#ffffff";
// A pack of numbers cycles through four inks.
const NUMBER_INKS = ["#1f4e9c", "#1d6b45", "#a0461f", "#7a2a82"];
// Ink and background by kind of card (a suited card takes its suit's ink); `big` draws a gold
// border, `frame` an inner frame.
const LOOKS = {
  plain: {},
  number: {},
  joker: { ink: "#6a3fa0", back: "#f3ecfb" },
  "red-joker": { ink: RED },
  "black-joker": { ink: BLACK },
  trump: { ink: "#3b2a6b", back: "#f4efe2", frame: true },
  big: { ink: "#8a6400", back: "#fff3c4", big: true },
  little: { ink: "#1d6b45", back: "#e4f6ec" },
};

// Per game name: its faces by card text, and the matcher of its card names in a line of text
// (null when its narration shows no cards inline).
const GAMES = new Map();
let loading = null;

/** Takes the games the server lists (the `games` of `/api/games`): each one's card faces. */
export function setGames(games, rules = {}, rulesDe = {}) {
  for (const g of games || []) {
    const faces = new Map((g.faces || []).map((f) => [f.card, f]));
    setGameWords(g.name, g.words);
    GAMES.set(g.name, {
      faces,
      inline: g.inline_cards && faces.size ? matcher([...faces.keys()]) : null,
      levels: g.levels || [],
      options: g.options || [],
      rules: rules[g.name] || "",
      rulesDe: rulesDe[g.name] || "",
    });
  }
}

/** The bot level (`easy`, `medium`, ...) the server names for `spec` in `game`, if any. */
export function levelOf(game, spec) {
  const l = (GAMES.get(game)?.levels || []).find((x) => x.spec === spec);
  return l ? l.level : null;
}

/** The game's rules text in the page's language (German where the page is German, else the
 * game's own English) and its rule options (`/api/games`). */
export function rulesOf(game) {
  const g = GAMES.get(game);
  const rules = g ? (lang === "de" && g.rulesDe ? g.rulesDe : g.rules) : "";
  return { rules, options: g ? g.options : [] };
}

/** The faces of `game` in the server's order (the pack's). */
export function facesOf(game) {
  return [...(GAMES.get(game)?.faces.values() || [])];
}

/** Fetches the games' faces from `/api/games` once (again after a failure). */
export function loadGames() {
  if (!loading) {
    loading = fetch("/api/games")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(t("error.status", { status: r.status })))))
      .then((body) => setGames(body.games, body.rules, body.rules_de))
      .catch((e) => {
        loading = null;
        throw e;
      });
  }
  return loading;
}

/** Whether the faces of `game` are known. */
export function knowsGame(game) {
  return GAMES.has(game);
}

/** Whether the server lists a face of `card` for `game`. */
export function hasFace(game, card) {
  return !!GAMES.get(game)?.faces.has(card);
}

/** A regular expression finding any of `cards` (card texts) as a word of its own. */
function matcher(cards) {
  const escaped = [...cards]
    .sort((a, b) => b.length - a.length)
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`\\b(${escaped.join("|")})(?![\\w*])`, "g");
}

function suitInk(suit) {
  return suit === "h" || suit === "d" ? RED : BLACK;
}

/** What a card looks like: corner index, suit symbol, centre text, note, colours. */
export function face(game, card) {
  const f = GAMES.get(game)?.faces.get(card);
  if (!f) return { corner: card, centre: card, ink: BLACK, back: WHITE };
  const look = LOOKS[f.kind] || {};
  let ink = f.suit ? suitInk(f.suit) : look.ink || BLACK;
  if (f.kind === "number") ink = NUMBER_INKS[Number(f.corner) % 4];
  return {
    corner: f.corner,
    suit: f.suit ? SUITS[f.suit] : undefined,
    centre: f.centre,
    ink,
    back: look.back || WHITE,
    big: !!look.big,
    frame: !!look.frame,
    note: f.note,
  };
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A rank's name as a screen reader reads it (`Q` as queen, `10` as 10). */
function rankName(rank) {
  const key = `rank.${rank}`;
  const name = t(key);
  return name === key ? rank : name;
}

/**
 * A card's name as a screen reader reads it, from its face: `queen of hearts`, `Trock 21`,
 * `red joker`; a wild card standing in for another (`Jk=Q`) says what it stands for, and a
 * card the game names by rank only (`Q`, where suits do not matter) says so.
 */
export function cardName(game, card) {
  const text = String(card);
  const eq = text.indexOf("=");
  if (eq > 0) return t("card.stands", { name: cardName(game, text.slice(0, eq)), stands: text.slice(eq + 1) });
  const f = GAMES.get(game)?.faces.get(text);
  if (!f) return GAMES.get(game) ? t("card.rank-only", { rank: rankName(text) }) : text;
  let name;
  if (f.suit) name = t("card.of", { rank: rankName(f.corner), suit: t(`suit.${f.suit}`) });
  else if (f.kind === "trump") {
    // The Trocks with names of their own in the rule book: the Sküs, the Mond (21), the Geiß (1).
    if (f.centre === "Sküs" || f.chip === "Sküs") name = t("card.skus");
    else if (f.corner === "21") name = t("card.mond");
    else if (f.corner === "1") name = t("card.geiss");
    else name = t("card.trump", { rank: f.corner });
  }
  else if (f.kind === "joker") name = t("card.joker");
  else if (f.kind === "red-joker") name = t("card.red-joker");
  else if (f.kind === "black-joker") name = t("card.black-joker");
  else if (f.kind === "big" || f.kind === "little") name = t(`card.${f.kind}`);
  else if (f.kind === "number") name = t("card.number", { rank: rankName(f.corner) });
  else name = t("card.rank-only", { rank: rankName(f.corner) });
  if (f.note && f.kind !== "big" && f.kind !== "little") name = t("card.noted", { name, note: noteName(f.note) });
  if (text.endsWith("*") && f.suit) name = t("card.big_ace", { name });
  return name;
}

/** A face's note (`Big Ace`) in the page's language. */
function noteName(note) {
  const key = `card.note.${slugOf(note)}`;
  return has(key) ? t(key) : note;
}

/** A card's back: `count` cards lying face down. */
export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 70 100", class: "card-svg back", "aria-hidden": "true" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 68, height: 98, rx: 7, fill: "#2d4f8a", stroke: "#f4f4ef", "stroke-width": 3 }));
  svg.appendChild(el("rect", { x: 8, y: 8, width: 54, height: 84, rx: 4, fill: "none", stroke: "#9fb6e0", "stroke-width": 1.5, "stroke-dasharray": "4 3" }));
  return svg;
}

/** An SVG element of one card, 70 by 100 units, scaled by CSS; a wild card standing in for
 * another (`Jk=Q`) is drawn with what it stands for in a band at its foot. */
export function cardSvg(game, card) {
  const text = String(card);
  const eq = text.indexOf("=");
  if (eq > 0) {
    const svg = cardSvg(game, text.slice(0, eq));
    svg.setAttribute("aria-label", cardName(game, text));
    svg.appendChild(el("rect", { x: 4, y: 78, width: 62, height: 18, rx: 3, fill: "#1f6b43" }));
    svg.appendChild(el("text", { x: 35, y: 92, fill: "#fff", "text-anchor": "middle", "font-size": 13, "font-weight": 700 }, `=${text.slice(eq + 1)}`));
    return svg;
  }
  const f = face(game, card);
  const svg = el("svg", { viewBox: "0 0 70 100", class: "card-svg", role: "img", "aria-label": cardName(game, card) });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 68, height: 98, rx: 7, fill: f.back, stroke: f.big ? "#c79a00" : "#9a9a9a", "stroke-width": f.big ? 3 : 1.2 }));
  if (f.frame) {
    svg.appendChild(el("rect", { x: 6, y: 20, width: 58, height: 60, rx: 4, fill: "none", stroke: "#b9a772", "stroke-width": 1 }));
  }
  const corner = el("text", { x: 6, y: 17, fill: f.ink, "font-size": 15, "font-weight": 700, "font-family": "Georgia, serif" }, f.corner);
  svg.appendChild(corner);
  if (f.suit) svg.appendChild(el("text", { x: 6, y: 32, fill: f.ink, "font-size": 14 }, f.suit));
  const long = f.centre.length > 3;
  svg.appendChild(el("text", {
    x: 35, y: long ? 58 : 64, fill: f.ink, "text-anchor": "middle",
    "font-size": long ? 15 : (f.suit ? 34 : 30), "font-weight": 700, "font-family": "Georgia, serif",
  }, f.centre));
  if (f.note) {
    svg.appendChild(el("text", { x: 35, y: 90, fill: f.ink, "text-anchor": "middle", "font-size": 9 }, f.note));
  }
  return svg;
}

/**
 * The legal actions split into those chosen by selecting cards and the others, from what the
 * server sends: `legal` (the actions' notation), `legalCards` (parallel to it, the hand cards
 * each action uses, from the engine) and `cardKeys` (hand cards interchangeable with others of
 * the same key, such as any two 2s for a Big A pair). No game's notation is read here.
 */
export function choices(legal, legalCards, cardKeys) {
  const key = keyOf(cardKeys);
  const byCards = [];
  const buttons = [];
  legal.forEach((action, i) => {
    const cards = (legalCards && legalCards[i]) || [];
    if (cards.length) byCards.push({ action, cards, keys: cards.map(key) });
    else buttons.push(action);
  });
  return { byCards, buttons };
}

/** The key a hand card is matched by: the server's, or the card itself. */
export function keyOf(cardKeys) {
  return (card) => (cardKeys && Object.prototype.hasOwnProperty.call(cardKeys, card) ? cardKeys[card] : card);
}

/**
 * What a selection of hand cards offers: the actions whose cards are exactly the selected ones
 * (counted, by key), and whether some action uses more cards than these, among them these.
 */
export function matching(byCards, selectedKeys) {
  const matches = byCards.filter((c) => sameCards(c.keys, selectedKeys));
  const more = !matches.length && byCards.some((c) => within(selectedKeys, c.keys));
  return { matches, more };
}

/** Whether two lists of keys hold the same cards, counted. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/** Whether every card of `part` can be found in `whole`, counted. */
export function within(part, whole) {
  const left = [...whole];
  for (const k of part) {
    const i = left.indexOf(k);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * A line of text with the cards it names shown as small coloured chips (`8h` as 8♥), for the
 * games whose card names cannot be mistaken for numbers (the server says which); other games'
 * text stays as it is.
 */
export function inlineCards(game, text) {
  const frag = document.createDocumentFragment();
  const g = GAMES.get(game);
  if (!g || !g.inline) {
    frag.append(text);
    return frag;
  }
  let at = 0;
  for (const m of text.matchAll(g.inline)) {
    // "wild: Aces, jokers and 3s" names ranks, not the three of spades.
    const clause = text.slice(text.lastIndexOf(";", m.index) + 1, m.index);
    if (/wild/i.test(clause)) continue;
    frag.append(text.slice(at, m.index));
    const card = m[1];
    const f = g.faces.get(card);
    const chip = document.createElement("span");
    if (f.suit) chip.className = `chip ${f.suit === "h" || f.suit === "d" ? "red" : "black"}`;
    else chip.className = f.kind === "trump" ? "chip tarock" : "chip joker";
    chip.textContent = f.chip;
    chip.title = card;
    frag.append(chip);
    at = m.index + card.length;
  }
  frag.append(text.slice(at));
  return frag;
}

/** An option's value as the lobby writes it (its JSON text without quotes). */
function optionText(value) {
  return JSON.stringify(value).replace(/"/g, "");
}

/** The table's rules in `box` (the seat's page and the watch page): each variant option of
 * `config` (the table's configuration, the state's `config`) chosen otherwise than the rule
 * book's default, in the lobby's words in the page's language, its explanation as a tooltip
 * and, on a press, shown under it. */
export function renderTableOptions(box, game, config = {}) {
  const optionWord = (o, suffix, fallback) => word(`option-${game}-${o.key}${suffix}`, {}, fallback);
  const { options } = rulesOf(game);
  config = config || {};
  const changed = (options || []).filter((o) => o.key in config && optionText(config[o.key]) !== o.default);
  const key = JSON.stringify([game, (options || []).length, config]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !(options || []).length;
  const head = document.createElement("span");
  head.className = "opt-head";
  head.textContent = changed.length ? t("options.head") : t("options.none");
  const parts = [head];
  for (const o of changed) {
    const value = optionText(config[o.key]);
    const choice = (o.choices || []).find((c) => c.value === value);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "opt-word small-button";
    b.dataset.key = o.key;
    const label = optionWord(o, "", o.label);
    const explained = o.explain ? optionWord(o, "-explain", o.explain) : "";
    b.textContent = t("options.word", { label, value: choice ? optionWord(o, `-${choice.value}`, choice.label) : value });
    b.title = explained;
    const said = document.createElement("span");
    said.className = "opt-said";
    said.id = `opt-said-${o.key}`;
    said.textContent = t("options.said", { label, explain: explained || t("options.unexplained") });
    said.hidden = true;
    b.setAttribute("aria-expanded", "false");
    b.setAttribute("aria-controls", said.id);
    b.addEventListener("click", () => {
      said.hidden = !said.hidden;
      b.setAttribute("aria-expanded", said.hidden ? "false" : "true");
    });
    parts.push(b, said);
  }
  box.replaceChildren(...parts);
}
