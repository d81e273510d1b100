// A table's watch page: the public screen (what every seat is shown alike), the public
// narration and the scores, live. Names and every other text are shown as text, never markup.

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

function who(state, i) {
  const name = state.names[i];
  const kind = state.seats[i].kind === "bot" ? `bot ${state.seats[i].spec}` : "person";
  return `S${i}${name ? ` ${name}` : ""} (${kind})`;
}

function show(state) {
  $("heading").textContent = `${state.screen.heading} (watching)`;
  document.title = `cards: watching ${state.title}`;
  $("turn").textContent = state.match_over
    ? "The match is over."
    : state.waiting_for_next_deal
      ? "The deal is over; the next starts when its people ask."
      : state.to_move === null ? "" : `${who(state, state.to_move)} to move`;
  $("table-lines").replaceChildren(...state.screen.table.map((l) => text("div", l)));
  $("seats").replaceChildren(
    ...state.screen.seats.map((facts, i) => {
      const d = text("div", `${who(state, i)}: ${facts.join(", ")}`, "seat");
      d.dataset.seat = String(i);
      if (state.to_move === i) d.classList.add("to-move");
      return d;
    }),
  );
  if (state.narration_from === lines.length) lines = lines.concat(state.narration);
  else lines = state.narration_from === 0 ? state.narration.slice() : lines;
  $("narration").replaceChildren(...lines.slice(-200).map((l) => text("li", l)));
  const rows = state.scores.map((s, i) => {
    const tr = document.createElement("tr");
    tr.append(text("td", who(state, i)), text("td", String(s)));
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

refresh();
listen();
