// A table's watch page: the public screen (what every seat is shown alike), the public
// narration and the scores, live. Names and every other text are shown as text, never markup.

import { inlineCards, loadGames, levelOf, renderTableOptions } from "/assets/cards.js";
import { drawFelt } from "/assets/felt.js";
import { t, tm, errorText, gameTitle, layoutWord } from "/assets/i18n.js";

const $ = (id) => document.getElementById(id);
const [, , tableId] = location.pathname.split("/");
const api = `/api/tables/${encodeURIComponent(tableId)}/watch`;
let lines = [];
// Parallel to `lines`: each line as a catalogue message, where the server sends one.
let said = [];
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
  return level ? t("seat.bot.level", { level: t(`level.name.${level}`), spec: k.spec }) : t("seat.bot.spec", { spec: k.spec });
}

function who(state, i) {
  const name = state.names[i];
  const kind = state.seats[i].kind === "bot" ? t("watch.bot", { spec: state.seats[i].spec }) : t("seat.person");
  return t("watch.who", { seat: `S${i}${name ? ` ${name}` : ""}`, kind });
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
    return t("score.penalties", { count: p });
  }
  const v = Math.round(score * 100) / 100 + 0;
  return t("score.points", { count: Math.abs(v), score: `${v > 0 ? "+" : ""}${v}` });
}

/** What the page says of the deal: the commitment, revealed at the end, or a practice table. */
function dealingText(d) {
  if (d.practice) return d.seed !== null && d.seed !== undefined ? t("watch.practice.seed", { seed: d.seed }) : t("watch.practice");
  if (d.seed !== null && d.seed !== undefined) {
    return t("watch.fair.opened", { seed: `${String(d.seed).slice(0, 12)}…`, salt: `${String(d.salt).slice(0, 8)}…`, commitment: `${d.commitment.slice(0, 12)}…` });
  }
  return d.commitment ? t("watch.fair", { commitment: `${d.commitment.slice(0, 12)}…` }) : "";
}

/** The public screen in the page's language: its messages where the server sends them (see
 * table.js), each seat's "total" left out (the score is said once). */
function screenOf(state) {
  const s = state.screen;
  const m = state.screen_messages;
  if (!m) return { heading: s.heading, table: s.table, seats: s.seats.map((f) => f.filter((x) => !/^total\b/.test(x))) };
  return {
    heading: tm(m.heading),
    table: m.table.map(tm),
    seats: m.seats.map((f) => f.filter((x) => !/-total$/.test(x.key)).map(tm)),
  };
}

function show(state) {
  const screen = screenOf(state);
  $("heading").textContent = t("watch.heading", { heading: screen.heading });
  $("dealing").textContent = dealingText(state.dealing);
  $("dealing").title = state.dealing.commitment ? t("dealing.commitment.title", { commitment: state.dealing.commitment }) : "";
  document.title = t("watch.title", { title: gameTitle(state.game, state.title) });
  $("turn").textContent = state.match_over
    ? t("turn.match-over")
    : state.waiting_for_next_deal
      ? t("watch.deal-over")
      : state.to_move === null ? "" : t("watch.to-move", { who: who(state, state.to_move) });
  $("table-lines").replaceChildren(...screen.table.map((l) => cardLine("div", state.game, l)));
  // The table's rules, as the seat's page shows them.
  renderTableOptions($("table-options"), state.game, state.config);
  drawFelt($("seats"), {
    game: state.game,
    layout: state.layout,
    players: state.players,
    bottom: 0,
    seats: screen.seats.map((facts, i) => ({
      name: `S${i}${state.names[i] ? ` ${state.names[i]}` : ""}`,
      kind: kindOf(state, i),
      facts,
      total: scoreText(state, state.scores[i]),
      moving: state.to_move === i && !state.waiting_for_next_deal,
    })),
  });
  const messages = state.narration.map((_, i) => (state.narration_messages || [])[i] || null);
  if (state.narration_from === lines.length) {
    lines = lines.concat(state.narration);
    said = said.concat(messages);
  } else if (state.narration_from === 0) {
    lines = state.narration.slice();
    said = messages;
  }
  const list = $("narration");
  const items = lines.map((l, i) => {
    const li = cardLine("li", state.game, said[i] ? tm(said[i]) : l);
    return li;
  });
  list.replaceChildren(...items.slice(-200));
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
        $("error").textContent = errorText(body, t("error.status", { status: r.status }));
        $("error").hidden = false;
        return;
      }
      $("error").hidden = true;
      show(body);
    } while (again);
  } catch (e) {
    $("error").textContent = t("error.unreachable.retry", { why: e.message });
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
