// The table drawn as a table: the seats around it (the page's own seat at the foot), each
// seat's name, what it is (a person, or a bot and its level) and its public facts; the trick
// or pile being played laid in front of whoever played each part of it; a finished trick or
// pile moving to whoever took it; the last trick on request; the cards that lie by a seat
// (melds as fans, exposed cards, a face-down Legage) or in the middle (the stock, cards not dealt).
// It draws what the server's `layout` says (public facts, from the engine's view) and knows no
// game. Used by the table, watch and review pages.

import { cardSvg, backSvg, cardName } from "/assets/cards.js";
import { t, layoutWord } from "/assets/i18n.js";

// Per drawn table (its ring element): the trick last drawn, the pile before it (for games
// that tell no last trick), whether the last trick is shown.
const memory = new WeakMap();

/** Where seat `i` of `n` sits (percent of the ring), `bottom` at the foot, the others
 * clockwise from it; `r` scales the distance from the centre. */
function place(i, n, bottom, r, ry = r) {
  const k = (((i - bottom) % n) + n) % n;
  const a = Math.PI / 2 + (k * 2 * Math.PI) / n;
  return { x: 50 + r * 46 * Math.cos(a), y: 50 + ry * 44 * Math.sin(a) };
}

function div(cls, text) {
  const e = document.createElement("div");
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A fan of cards (face up, then `hidden` face down), named for a screen reader. */
export function fan(game, cards, hidden = 0, cls = "") {
  const f = div(`fan ${cls}`.trim());
  f.setAttribute("role", "list");
  for (const c of cards) {
    const w = div("fan-card");
    w.setAttribute("role", "listitem");
    w.dataset.card = c;
    const svg = cardSvg(game, c);
    if (/=/.test(c)) w.classList.add("stand-in");
    w.append(svg);
    f.append(w);
  }
  for (let i = 0; i < Math.min(hidden, 12); i++) {
    const w = div("fan-card face-down");
    w.append(backSvg());
    f.append(w);
  }
  if (hidden) {
    const n = div("fan-count", t("felt.face-down", { count: hidden }));
    n.setAttribute("role", "listitem");
    f.append(n);
  }
  return f;
}

/** What a screen reader says of a group of cards: its label, each card's name, the cards
 * face down. */
function groupLabel(game, label, cards, hidden = 0) {
  const names = cards.map((c) => cardName(game, c));
  if (hidden) names.push(t("felt.face-down", { count: hidden }));
  return names.length ? `${label}: ${names.join(", ")}` : label;
}

/** Makes `e` a stop of the keyboard (Tab) that a screen reader names `label`, found again by
 * `key` when the table is drawn anew. */
function reachable(e, key, label) {
  e.tabIndex = 0;
  e.dataset.fkey = key;
  if (!e.getAttribute("role")) e.setAttribute("role", "group");
  e.setAttribute("aria-label", label);
}

/** One seat's part of a trick: its cards, or the word it said (`pass`). */
function laidPart(game, laid, who) {
  const box = div("laid-part");
  box.dataset.seat = String(laid.seat);
  box.setAttribute("role", "group");
  if (laid.cards.length) {
    box.append(fan(game, laid.cards, 0, "laid-fan"));
    box.setAttribute("aria-label", t("felt.laid", { seat: who, cards: laid.cards.map((c) => cardName(game, c)).join(", ") }));
  } else {
    box.append(div("laid-word", layoutWord(laid.word) || "–"));
    box.setAttribute("aria-label", t("felt.said", { seat: who, word: layoutWord(laid.word) }));
  }
  return box;
}

function position(e, p) {
  e.style.left = `${p.x}%`;
  e.style.top = `${p.y}%`;
}

/** Whether two rectangles overlap by more than a pixel. */
function overlap(a, b) {
  return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
}

/**
 * Moves each part of the trick or pile that lies on a seat's box, on what lies by a seat or in
 * the middle (a large "out of play" pile, a card laid aside), or on a part laid before it, sideways
 * out of the way: away from the middle line for a seat at a side, to the right for the seats
 * at the head and the foot of the table (whose parts lie on the middle line), in steps of 2%
 * of the table's width, and back where it was if no step clears it.
 */
function clearOfTheRest(content) {
  const fixed = [...content.querySelectorAll(".seat, .seat-groups > .group, .middle > *")]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width && r.height);
  const placed = [];
  for (const e of content.querySelectorAll(":scope > .laid")) {
    const start = parseFloat(e.style.left);
    const side = start < 45 ? -1 : 1;
    const hits = () => {
      const r = e.getBoundingClientRect();
      return fixed.concat(placed).some((o) => overlap(r, o));
    };
    let step = 0;
    while (hits() && step < 20) {
      step += 1;
      e.style.left = `${start + side * 2 * step}%`;
    }
    if (hits()) e.style.left = `${start}%`;
    placed.push(e.getBoundingClientRect());
  }
}

/**
 * Draws the table into `ring`: `layout` (the server's), `players`, `bottom` (the seat at the
 * foot), `seats` (per seat: name, kind, facts, total, totalTitle, moving, me, extra elements),
 * `hands` (per seat its cards, on the review page; else null), `game`.
 */
export function drawFelt(ring, { game, layout, players, bottom = 0, seats, hands = null }) {
  // The keyboard's place on the table, found again once it is drawn anew (a watch page is
  // redrawn at every move).
  const focused = ring.contains(document.activeElement) ? document.activeElement.dataset.fkey : null;
  const mem = memory.get(ring) || { trick: null, previous: null, showLast: false, lastLabel: null };
  memory.set(ring, mem);
  ring.classList.add("ring");
  ring.dataset.players = String(players);
  let content = ring.querySelector(":scope > .ring-content");
  let sweeps = ring.querySelector(":scope > .ring-sweeps");
  if (!content) {
    content = div("ring-content");
    sweeps = div("ring-sweeps");
    sweeps.setAttribute("aria-hidden", "true");
    ring.replaceChildren(content, sweeps);
  }
  const L = layout || { trick: [], groups: [] };
  const name = (i) => (seats[i] && seats[i].name) || `S${i}`;
  const parts = [];

  // The seats, each with what lies by it.
  for (let i = 0; i < players; i++) {
    const s = seats[i] || {};
    const p = place(i, players, bottom, 1);
    const spot = div("seat-spot");
    spot.dataset.seat = String(i);
    position(spot, p);
    // Anchored to the ring's edge it is near, so that no seat reaches out of the table.
    spot.classList.add(p.x < 30 ? "west" : p.x > 70 ? "east" : "center");
    spot.classList.add(p.y < 30 ? "top" : p.y > 70 ? "bottom" : "middle-row");
    const box = div("seat");
    box.dataset.seat = String(i);
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t("seat.region", { name: s.name || `S${i}`, kind: s.kind || "" }));
    if (s.me) box.classList.add("me");
    if (s.moving) box.classList.add("moving");
    const seatName = div("seat-name", s.name || `S${i}`);
    // What the mark of the seat to move says (drawn by CSS, in the page's language).
    seatName.dataset.toMove = t("seat.to-move");
    box.append(seatName, div("seat-kind", s.kind || ""));
    for (const e of s.extra || []) box.append(e);
    if (s.facts && s.facts.length) box.append(div("seat-facts", s.facts.join(", ")));
    const total = div("seat-total", s.total || "");
    if (s.totalTitle) total.title = s.totalTitle;
    box.append(total);
    spot.append(box);
    const mine = (L.groups || []).filter((g) => g.seat === i);
    if (mine.length) {
      const groups = div("seat-groups");
      for (const g of mine) {
        const e = div("group");
        e.append(div("group-label", layoutWord(g.label)), fan(game, g.cards, g.hidden));
        reachable(e, `g${i}:${g.label}`, t("felt.group", { seat: s.name || `S${i}`, group: groupLabel(game, layoutWord(g.label), g.cards, g.hidden) }));
        groups.append(e);
      }
      spot.append(groups);
    }
    if (hands && hands[i]) {
      const h = div("seat-hand review-hand");
      h.append(div("group-label", hands[i].length ? t("seat.hand", { count: hands[i].length }) : t("seat.hand.empty")));
      if (hands[i].length) h.append(fan(game, hands[i], 0, "hand-fan"));
      reachable(h, `h${i}`, t("felt.group", { seat: s.name || `S${i}`, group: groupLabel(game, t("seat.hand", { count: hands[i].length }), hands[i]) }));
      spot.append(h);
    }
    parts.push(spot);
  }

  // The trick or pile, each part in front of its player (nearer the middle on a narrow table,
  // clear of the seats' boxes at its sides).
  const narrow = ring.clientWidth && ring.clientWidth < 480;
  const near = narrow ? 0.38 : 0.5;
  const nearY = narrow ? 0.42 : 0.36;
  for (const laid of L.trick || []) {
    const e = laidPart(game, laid, name(laid.seat));
    e.classList.add("laid");
    reachable(e, `l${laid.seat}`, e.getAttribute("aria-label"));
    position(e, place(laid.seat, players, bottom, near, nearY));
    parts.push(e);
  }

  // The middle: what lies there, and the last trick on request.
  const middle = div("middle");
  middle.setAttribute("role", "group");
  middle.setAttribute("aria-label", t("felt.middle"));
  for (const g of (L.groups || []).filter((x) => x.seat === null || x.seat === undefined)) {
    const e = div("group");
    e.append(div("group-label", layoutWord(g.label)), fan(game, g.cards, g.hidden, "middle-fan"));
    reachable(e, `m:${g.label}`, groupLabel(game, layoutWord(g.label), g.cards, g.hidden));
    middle.append(e);
  }
  const last = L.last || mem.previous;
  // The last trick on request, once there is one.
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "last-trick-toggle";
  toggle.dataset.fkey = "last";
  toggle.textContent = mem.showLast ? t("felt.last.hide") : t("felt.last.show");
  toggle.setAttribute("aria-expanded", mem.showLast ? "true" : "false");
  toggle.disabled = !last;
  toggle.title = last ? "" : t("felt.last.none");
  toggle.addEventListener("click", () => {
    mem.showLast = !mem.showLast;
    drawFelt(ring, { game, layout, players, bottom, seats, hands });
    const again = ring.querySelector(".last-trick-toggle");
    if (again) again.focus();
  });
  if (last) middle.append(toggle);
  if (mem.showLast && last) {
    const panel = div("last-trick");
    panel.id = `${ring.id || "ring"}-last`;
    const title = last.winner === null || last.winner === undefined
      ? t("felt.last.title.open", { label: layoutWord(last.label) })
      : t("felt.last.title", { label: layoutWord(last.label), seat: name(last.winner) });
    panel.append(div("group-label", title));
    const row = div("last-plays");
    for (const laid of last.plays) {
      const e = laidPart(game, laid, name(laid.seat));
      e.prepend(div("laid-who", name(laid.seat)));
      reachable(e, `t${laid.seat}`, e.getAttribute("aria-label"));
      row.append(e);
    }
    panel.append(row);
    toggle.setAttribute("aria-controls", panel.id);
    middle.append(panel);
  }
  parts.push(middle);
  content.replaceChildren(...parts);
  clearOfTheRest(content);
  if (focused) {
    const again = content.querySelector(`[data-fkey="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  // A box of cards that scrolls (many melds) is reached by keyboard too.
  for (const box of content.querySelectorAll(".seat-groups")) {
    if (box.scrollHeight > box.clientHeight + 1) {
      box.tabIndex = 0;
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", box.closest(".seat-spot").querySelector(".seat-name").textContent);
    }
  }

  // A trick or pile that left the table moves to whoever took it.
  const trick = L.trick || [];
  const before = mem.trick;
  const key = (tr) => JSON.stringify(tr);
  // A trick or pile left the table when it is empty now, shorter, or (a trick of several
  // parts) led anew; a pile whose top is replaced by a higher play (one part) stays.
  const cleared = before && before.some((l) => l.cards.length)
    && (trick.length === 0 || trick.length < before.length
      || ((trick.length > 1 || before.length > 1) && key(trick[0]) !== key(before[0])));
  const lastLabel = L.last ? L.last.label : null;
  if (cleared) {
    let to = null;
    if (L.last && lastLabel !== mem.lastLabel) to = L.last.winner;
    if (to === null || to === undefined) {
      const played = before.filter((l) => l.cards.length);
      to = played.length ? played[played.length - 1].seat : null;
    }
    if (!L.last) mem.previous = { label: t("felt.last.previous"), plays: before, winner: to };
    if (to !== null && to !== undefined) sweep(sweeps, game, before, players, bottom, to, near, nearY);
  }
  mem.trick = trick;
  mem.lastLabel = lastLabel;
}

/** The cards of a trick drawn where they lay, then moved to seat `to` and faded (CSS). */
function sweep(layer, game, plays, players, bottom, to, near = 0.5, nearY = 0.36) {
  const target = place(to, players, bottom, 1);
  const made = [];
  for (const laid of plays) {
    if (!laid.cards.length) continue;
    const e = div("laid sweep");
    e.dataset.to = String(to);
    e.append(fan(game, laid.cards, 0, "laid-fan"));
    position(e, place(laid.seat, players, bottom, near, nearY));
    layer.append(e);
    made.push(e);
  }
  layer.dataset.sweeps = String(Number(layer.dataset.sweeps || 0) + 1);
  layer.dataset.lastTo = String(to);
  // The next frame starts the move (a CSS transition of left, top, opacity and scale).
  requestAnimationFrame(() => requestAnimationFrame(() => {
    for (const e of made) {
      position(e, target);
      e.classList.add("gone");
    }
  }));
  setTimeout(() => made.forEach((e) => e.remove()), 900);
}
