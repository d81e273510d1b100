// The lobby: choose a game, its players, who sits where, its rules and a seed; open the table.

const $ = (id) => document.getElementById(id);
let games = [];
let bots = [];

function option(value, text, selected) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = !!selected;
  return o;
}

function current() {
  return games.find((g) => g.name === $("game").value) || games[0];
}

function seatRows() {
  const n = Number($("players").value);
  const rows = $("seat-rows");
  const before = [...rows.querySelectorAll("select")].map((s) => s.value);
  rows.replaceChildren();
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.className = "seat-row";
    label.append(`S${i} `);
    const select = document.createElement("select");
    select.name = `seat${i}`;
    select.dataset.seat = String(i);
    select.append(option("person", i === 0 ? "person (you)" : "person (a friend)"));
    for (const b of [...bots, ...(current().bots || [])]) select.append(option(b, `bot: ${b}`));
    select.value = before[i] || (i === 0 ? "person" : "heuristic");
    label.append(select);
    rows.append(label);
  }
}

function showGame() {
  const g = current();
  $("description").textContent = g.description;
  const players = $("players");
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) {
    players.append(option(String(n), String(n), n === g.default_players));
  }
  seatRows();
  const box = $("options");
  box.replaceChildren();
  for (const o of g.options) {
    const label = document.createElement("label");
    label.append(`${o.key} `);
    let input;
    if (o.choices.length) {
      input = document.createElement("select");
      for (const c of o.choices) input.append(option(c, c, c === o.default));
    } else {
      input = document.createElement("input");
      input.value = o.default;
      input.title = o.takes;
    }
    input.dataset.key = o.key;
    input.dataset.default = o.default;
    label.append(input);
    box.append(label);
  }
  $("options-box").hidden = g.options.length === 0;
}

function showError(message) {
  const e = $("error");
  e.textContent = message;
  e.hidden = !message;
}

async function create(event) {
  event.preventDefault();
  showError("");
  const options = {};
  for (const input of $("options").querySelectorAll("[data-key]")) {
    if (input.value !== input.dataset.default) options[input.dataset.key] = input.value;
  }
  const request = {
    game: current().name,
    players: Number($("players").value),
    seats: [...$("seat-rows").querySelectorAll("select")].map((s) => s.value),
    options,
    seed: $("seed").value.trim(),
    single_deal: $("single-deal").checked,
    pace_ms: Number($("pace").value),
  };
  $("create").disabled = true;
  try {
    const r = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    const body = await r.json();
    if (!r.ok) {
      showError(body.error || `the server answered ${r.status}`);
      return;
    }
    showLinks(body);
  } catch (e) {
    showError(`the server cannot be reached: ${e.message}`);
  } finally {
    $("create").disabled = false;
  }
}

function showLinks(created) {
  const list = $("link-list");
  list.replaceChildren();
  let first = true;
  for (const s of created.seats) {
    const li = document.createElement("li");
    if (!s.link) {
      li.textContent = `S${s.seat}: bot ${s.kind.spec}`;
      li.className = "bot";
      list.append(li);
      continue;
    }
    const url = location.origin + s.link;
    const title = document.createElement("strong");
    title.textContent = `S${s.seat}${first ? " (you)" : ""} `;
    const a = document.createElement("a");
    a.href = url;
    a.textContent = first ? "Take your seat" : "Open this seat";
    a.className = first ? "take-seat primary-link" : "seat-link";
    a.dataset.seat = String(s.seat);
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = "Copy link";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = "Copied";
      } catch {
        window.prompt("Copy this link:", url);
      }
    });
    const code = document.createElement("code");
    code.textContent = url;
    li.append(title, a, " ", copy, document.createElement("br"), code);
    list.append(li);
    first = false;
  }
  if (/^(localhost|127\.|\[::1\])/.test(location.host)) {
    const note = document.createElement("li");
    note.className = "hint";
    note.textContent = "These links name this machine's loopback address, which only this machine can open. " +
      "For friends on other machines, start `cards serve --bind 0.0.0.0:8080` and open this page at your network address.";
    list.append(note);
  }
  const dealing = document.createElement("li");
  dealing.className = "hint";
  dealing.textContent = created.dealing.commitment
    ? `Fair deal: the server drew a secret seed. Every page shows its commitment ${created.dealing.commitment.slice(0, 12)}…; ` +
      "the log reveals the seed at the end of the match and `cards replay` checks it against the commitment."
    : "Practice table: you chose the seed, so you know every hand; every page of this table says so.";
  list.append(dealing);
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth" });
}

async function start() {
  try {
    const r = await fetch("/api/games");
    const body = await r.json();
    games = body.games;
    bots = body.bots;
  } catch (e) {
    showError(`the server cannot be reached: ${e.message}`);
    return;
  }
  const select = $("game");
  for (const g of games) select.append(option(g.name, g.title));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) select.value = wanted;
  select.addEventListener("change", showGame);
  $("players").addEventListener("change", seatRows);
  $("new-table").addEventListener("submit", create);
  showGame();
}

start();
