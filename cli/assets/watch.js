// A table's watch page: the public screen (what every seat is shown alike), the public
// narration and the scores, live. Names and every other text are shown as text, never markup.

import { inlineCards, loadGames, levelOf } from "/assets/cards.js";
import { drawFelt } from "/assets/felt.js";
import { t } from "/assets/i18n.js";

const $ = (id) => document.getElementById(id);
const [, , tableId] = location.pathname.split("/");
const api = `/api/tables/${encodeURIComponent(tableId)}/watch`;
let lines = [];
let busy = false;
let again = false;

function text(tag, content, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

/** What sits in seat `i`: a person, or a bot with its level. */
function kindOf(state, i) {
  const k = state.seats[i];
  if (k.kind !== "bot") return t("seat.person");
  const level = levelOf(state.game, k.spec);
  return level ? t("seat.bot.level", { level, spec: k.spec }) : t("seat.bot.spec", { spec: k.spec });
}

function who(state, i) {
  const name = state.names[i];
  const kind = state.seats[i].kind === "bot" ? `bot ${state.seats[i].spec}` : "person";
  return `S${i}${name ? ` ${name}` : ""} (${kind})`;
}

/** A line with the cards it names drawn as cards. */
function cardLine(tag, game, line, cls) {
  const e = document.createElement(tag);
  e.append(inlineCards(game, line));
  if (cls) e.className = cls;
  return e;
}

/** A match score in the game's words: penalty points (the score's negative) or points. */
function scoreText(state, score) {
  if (state.scoring === "penalties") {
    const p = Math.round(-score * 100) / 100 + 0;
    return `${p} penalty ${p === 1 ? "point" : "points"}`;
  }
  const v = Math.round(score * 100) / 100 + 0;
  return `${v > 0 ? "+" : ""}${v} ${Math.abs(v) === 1 ? "point" : "points"}`;
}

/** What the page says of the deal: the commitment, revealed at the end, or a practice table. */
function dealingText(d) {
  if (d.practice) return `Practice table: its opener chose the seed${d.seed !== null && d.seed !== undefined ? ` (${d.seed})` : ""} and knows every hand.`;
  if (d.seed !== null && d.seed !== undefined) {
    return `Fair deal: seed ${String(d.seed).slice(0, 12)}…, salt ${String(d.salt).slice(0, 8)}… open the commitment ${d.commitment.slice(0, 12)}… (the review checks it).`;
  }
  return d.commitment ? `Fair deal: commitment ${d.commitment.slice(0, 12)}… to a secret seed, revealed at the end.` : "";
}

function show(state) {
  $("heading").textContent = `${state.screen.heading} (watching)`;
  $("dealing").textContent = dealingText(state.dealing);
  $("dealing").title = state.dealing.commitment ? `SHA-256 commitment to the secret seed: ${state.dealing.commitment}` : "";
  document.title = `cards: watching ${state.title}`;
  $("turn").textContent = state.match_over
    ? "The match is over."
    : state.waiting_for_next_deal
      ? "The deal is over; the next starts when its people ask."
      : state.to_move === null ? "" : `${who(state, state.to_move)} to move`;
  $("table-lines").replaceChildren(...state.screen.table.map((l) => cardLine("div", state.game, l)));
  drawFelt($("seats"), {
    game: state.game,
    layout: state.layout,
    players: state.players,
    bottom: 0,
    seats: state.screen.seats.map((facts, i) => ({
      name: `S${i}${state.names[i] ? ` ${state.names[i]}` : ""}`,
      kind: kindOf(state, i),
      facts: facts.filter((f) => !/^total\b/.test(f)),
      total: scoreText(state, state.scores[i]),
      moving: state.to_move === i && !state.waiting_for_next_deal,
    })),
  });
  if (state.narration_from === lines.length) lines = lines.concat(state.narration);
  else lines = state.narration_from === 0 ? state.narration.slice() : lines;
  const list = $("narration");
  list.replaceChildren(...lines.slice(-200).map((l) => cardLine("li", state.game, l)));
  // The newest line in sight.
  list.scrollTop = list.scrollHeight;
  const rows = state.scores.map((s, i) => {
    const tr = document.createElement("tr");
    tr.append(text("td", who(state, i)), text("td", scoreText(state, s)));
    return tr;
  });
  $("scores").replaceChildren(...rows);
  $("over").hidden = !state.match_over;
  $("review-link").href = `/review/${encodeURIComponent(tableId)}`;
}

async function refresh() {
  if (busy) {
    again = true;
    return;
  }
  busy = true;
  try {
    do {
      again = false;
      const r = await fetch(`${api}?since=${lines.length}`);
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        $("error").textContent = body.error || `the server answered ${r.status}`;
        $("error").hidden = false;
        return;
      }
      $("error").hidden = true;
      show(body);
    } while (again);
  } catch (e) {
    $("error").textContent = `the server cannot be reached (${e.message}); retrying…`;
    $("error").hidden = false;
  } finally {
    busy = false;
  }
}

function listen() {
  const events = new EventSource(`${api}/events`);
  events.addEventListener("update", () => refresh());
  events.onerror = () => {
    events.close();
    setTimeout(() => {
      refresh();
      listen();
    }, 2000);
  };
}

// The games' card faces first (the lines are shown as text without them).
loadGames()
  .catch(() => {})
  .then(() => refresh())
  .then(listen);
