// Cards drawn as SVG from their notation for every game, and the matching of a selection of
// hand cards against the cards each legal action uses (sent by the server, from the engine).
// Notation: Grosse/kleine A `1`..`13`, `J` (joker), `a` (little a), `A` (Big A);
// Big A `Ac` `10h` `RJ` `BJ` (`Ac*` a Big Ace); Einer `2`..`10` `J` `Q` `K` `A` `JK`;
// 3 to 13 `Ac` `10h` `Jk`; Cego `T1`..`T21`, `Gs` (the Sküs), `Kc` `Rh` `10s` `1d`.

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RED = "#c0262d";
const BLACK = "#1d1d1f";
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
  "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

/** What a card looks like: corner index, centre text, colours. */
export function face(game, card) {
  const big = card.endsWith("*");
  const c = big ? card.slice(0, -1) : card;
  const suited = /^(10|[1-9JRQKA])([cdhs])$/.exec(c);
  if (game === "grosse-kleine-a") {
    if (c === "J") return { corner: "★", centre: "Joker", ink: "#6a3fa0", back: "#f3ecfb" };
    if (c === "A") return { corner: "A", centre: "A", ink: "#8a6400", back: "#fff3c4", big: true, note: "Big A" };
    if (c === "a") return { corner: "a", centre: "a", ink: "#1d6b45", back: "#e4f6ec", note: "little a" };
    const n = Number(c);
    if (n >= 1 && n <= 13) {
      const inks = ["#1f4e9c", "#1d6b45", "#a0461f", "#7a2a82"];
      return { corner: c, centre: c, ink: inks[n % 4], back: "#ffffff" };
    }
  }
  if (game === "einer-ist-immer") {
    if (c === "JK") return { corner: "★", centre: "Joker", ink: "#6a3fa0", back: "#f3ecfb" };
    if (/^(10|[2-9JQKA])$/.test(c)) return { corner: c, centre: c, ink: BLACK, back: "#ffffff" };
  }
  if (game === "cego") {
    const t = /^T(\d{1,2})$/.exec(c);
    if (t) {
      const n = Number(t[1]);
      return { corner: String(n), centre: ROMAN[n] || t[1], ink: "#3b2a6b", back: "#f4efe2", note: "tarock" };
    }
    if (c === "Gs") return { corner: "★", centre: "Sküs", ink: "#3b2a6b", back: "#f4efe2", note: "tarock" };
  }
  if (c === "RJ" || c === "BJ" || c === "Jk") {
    const ink = c === "BJ" ? BLACK : RED;
    return { corner: "★", centre: "Joker", ink, back: "#ffffff" };
  }
  if (suited) {
    const rank = suited[1];
    const suit = suited[2];
    const ink = suit === "h" || suit === "d" ? RED : BLACK;
    return { corner: rank, suit: SUITS[suit], centre: SUITS[suit], ink, back: big ? "#fff3c4" : "#ffffff", big, note: big ? "Big Ace" : "" };
  }
  return { corner: c, centre: c, ink: BLACK, back: "#ffffff" };
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** An SVG element of one card, 70 by 100 units, scaled by CSS. */
export function cardSvg(game, card) {
  const f = face(game, card);
  const svg = el("svg", { viewBox: "0 0 70 100", class: "card-svg", role: "img", "aria-label": card });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 68, height: 98, rx: 7, fill: f.back, stroke: f.big ? "#c79a00" : "#9a9a9a", "stroke-width": f.big ? 3 : 1.2 }));
  if (f.note === "tarock") {
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
  if (f.note && f.note !== "tarock") {
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

const INLINE = {
  "big-a": /\b((?:10|[2-9JQKA])[cdhs]\*?|RJ|BJ)(?![\w*])/g,
  "contract-rummy": /\b((?:10|[2-9JQKA])[cdhs]|Jk)\b/g,
  cego: /\b((?:10|[1-9JRQK])[cdhs]|T\d{1,2}|Gs)\b/g,
};

/**
 * A line of text with the cards it names shown as small coloured chips (`8h` as 8♥), for the
 * games whose card names cannot be mistaken for numbers; other games' text stays as it is.
 */
export function inlineCards(game, text) {
  const frag = document.createDocumentFragment();
  const re = INLINE[game];
  if (!re) {
    frag.append(text);
    return frag;
  }
  let at = 0;
  for (const m of text.matchAll(re)) {
    // "wild: Aces, jokers and 3s" names ranks, not the three of spades.
    const clause = text.slice(text.lastIndexOf(";", m.index) + 1, m.index);
    if (/wild/i.test(clause)) continue;
    frag.append(text.slice(at, m.index));
    const chip = document.createElement("span");
    const card = m[1];
    const s = /^(.+?)([cdhs])(\*?)$/.exec(card);
    if (s) {
      chip.className = `chip ${s[2] === "h" || s[2] === "d" ? "red" : "black"}`;
      chip.textContent = `${s[1]}${SUITS[s[2]]}${s[3] ? " big" : ""}`;
    } else {
      chip.className = /^T|^Gs/.test(card) ? "chip tarock" : "chip joker";
      chip.textContent = card === "Gs" ? "Sküs" : card;
    }
    chip.title = card;
    frag.append(chip);
    at = m.index + card.length;
  }
  frag.append(text.slice(at));
  return frag;
}
