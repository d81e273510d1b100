// The lobby: choose a game, its players, who sits where, its rules and a seed; open the table.

import { t, errorText, gameTitle, word } from "/assets/i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

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

// The bots a seat may have: the game's levels, each with its exact spec in small print, and
// "other…" for any spec within the server's caps.
function levelText(l) {
  return t("lobby.level", { level: t(`level.${l.level}`), what: levelWhat(l) });
}

/** What a level's bot is, in the page's language (the server's words where it has none). */
function levelWhat(l) {
  const key = l.level === "hard" && !l.spec.startsWith("ismcts") ? "level.what.hard-own" : `level.what.${l.level}`;
  return t(key) === key ? l.what : t(key);
}

/** The words of a game's rule option (`key` of option `o`, `suffix` as `-explain` or a value)
 * in the page's language, the server's English where the catalogue has none. */
function optionWord(o, suffix, fallback) {
  return word(`option-${current().name}-${o.key}${suffix}`, {}, fallback);
}

function seatRows() {
  const n = Number($("players").value);
  const rows = $("seat-rows");
  const before = [...rows.querySelectorAll(".seat-row")].map((r) => ({
    value: r.querySelector("select").value,
    other: r.querySelector("input").value,
  }));
  const levels = current().levels || [];
  rows.replaceChildren();
  for (let i = 0; i < n; i++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.append(`S${i} `);
    const select = document.createElement("select");
    select.name = `seat${i}`;
    select.dataset.seat = String(i);
    select.append(option("person", i === 0 ? t("lobby.person.you") : t("lobby.person.friend")));
    for (const l of levels) {
      const o = option(l.spec, levelText(l));
      o.dataset.level = l.level;
      select.append(o);
    }
    select.append(option("other", t("lobby.other-bot")));
    label.append(select);
    const spec = document.createElement("small");
    spec.className = "spec";
    const other = document.createElement("input");
    other.className = "other-bot";
    other.placeholder = t("lobby.other-bot.placeholder");
    other.autocomplete = "off";
    other.spellcheck = false;
    other.setAttribute("aria-label", t("lobby.other-bot.label", { seat: `S${i}` }));
    const medium = levels.find((l) => l.level === "medium");
    const was = before[i];
    const wanted = was ? was.value : i === 0 ? "person" : medium ? medium.spec : "heuristic";
    select.value = [...select.options].some((o) => o.value === wanted) ? wanted : "other";
    other.value = was ? was.other : "";
    if (select.value === "other" && !other.value && wanted !== "other") other.value = wanted;
    const show = () => {
      other.hidden = select.value !== "other";
      spec.textContent = select.value === "person" ? "" : select.value === "other" ? t("lobby.other-bot.any") : select.value;
    };
    select.addEventListener("change", show);
    show();
    row.append(label, other, spec);
    rows.append(row);
  }
}

function seatSpecs() {
  return [...$("seat-rows").querySelectorAll(".seat-row")].map((r) => {
    const v = r.querySelector("select").value;
    return v === "other" ? r.querySelector("input").value.trim() : v;
  });
}

// Rule controls: a select for a choice, a checkbox for yes or no, a number input within the
// option's bounds, one small input per entry for a list; each with its label and explanation.
function optionControl(o) {
  const box = document.createElement("div");
  box.className = "opt";
  box.dataset.opt = o.key;
  const label = document.createElement("label");
  const name = document.createElement("span");
  name.className = "opt-label";
  name.textContent = optionWord(o, "", o.label);
  let input;
  if (o.kind === "choice") {
    input = document.createElement("select");
    for (const c of o.choices) input.append(option(c.value, optionWord(o, `-${c.value}`, c.label), c.value === o.default));
    label.append(name, " ", input);
  } else if (o.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = o.default === "true";
    label.className = "check";
    label.append(input, name);
  } else if (o.kind === "list") {
    input = listEditor(o);
    label.append(name);
  } else {
    input = document.createElement("input");
    if (o.kind === "number") {
      input.type = "number";
      input.step = "1";
      input.inputMode = "numeric";
      if (o.min !== null) input.min = String(o.min);
      if (o.max !== null) input.max = String(o.max);
    }
    input.value = o.default;
    label.append(name, " ", input);
  }
  input.dataset.key = o.key;
  input.dataset.default = o.default;
  input.dataset.kind = o.kind;
  box.append(label);
  if (o.kind === "list") box.append(input);
  const explain = document.createElement("div");
  explain.className = "hint opt-explain";
  explain.textContent = optionWord(o, "-explain", o.explain);
  const problem = document.createElement("div");
  problem.className = "opt-problem";
  problem.setAttribute("role", "status");
  box.append(explain, problem);
  return box;
}

// A list of lists of whole numbers (3 to 13's meld sizes per round): one small input per entry.
function listEditor(o) {
  const rows = JSON.parse(o.default);
  const grid = document.createElement("div");
  grid.className = "list-editor";
  rows.forEach((row, i) => {
    const cell = document.createElement("label");
    cell.className = "list-cell";
    cell.append(`${t("lobby.round", { round: i + 1 })} `);
    const input = document.createElement("input");
    input.dataset.row = String(i);
    input.value = Array.isArray(row) ? row.join(", ") : String(row);
    input.size = 8;
    input.setAttribute("aria-label", t("lobby.round.label", { label: optionWord(o, "", o.label), round: i + 1 }));
    cell.append(input);
    grid.append(cell);
  });
  return grid;
}

/** The value of a rule control as the request gives it, or an error in words. */
function controlValue(input) {
  const kind = input.dataset.kind;
  if (kind === "flag") return { value: input.checked ? "true" : "false" };
  if (kind === "list") {
    const rows = [];
    for (const cell of input.querySelectorAll("input")) {
      const parts = cell.value.split(/[\s,]+/).filter(Boolean);
      const nums = parts.map(Number);
      if (!parts.length || nums.some((n) => !Number.isInteger(n))) {
        return { error: t("lobby.round.bad", { round: Number(cell.dataset.row) + 1 }) };
      }
      rows.push(nums);
    }
    return { value: JSON.stringify(rows) };
  }
  if (kind === "number") {
    const text = input.value.trim();
    const n = Number(text);
    const min = input.min === "" ? null : Number(input.min);
    const max = input.max === "" ? null : Number(input.max);
    if (text === "" || !Number.isInteger(n) || (min !== null && n < min) || (max !== null && n > max)) {
      const error = min !== null && max !== null ? t("lobby.whole.range", { min, max }) : min !== null ? t("lobby.whole.min", { min }) : t("lobby.whole");
      return { error };
    }
    return { value: String(n) };
  }
  return { value: input.value };
}

// Options bounded together (3 to 13's first round and rounds): the first listed leads, and
// the other's most and value follow it.
function adjust(changed) {
  const g = current();
  const o = g.options.find((x) => x.key === changed.dataset.key);
  const notes = [];
  if (o && o.sum_at_most) {
    const [otherKey, n] = o.sum_at_most;
    const other = $("options").querySelector(`[data-key="${otherKey}"]`);
    const leads = g.options.findIndex((x) => x.key === o.key) < g.options.findIndex((x) => x.key === otherKey);
    const mine = Number(changed.value);
    if (other && leads && Number.isInteger(mine)) {
      const otherDoc = g.options.find((x) => x.key === otherKey);
      const cap = Math.max(otherDoc.min ?? 0, Math.min(otherDoc.max ?? n, n - mine));
      other.max = String(cap);
      if (Number(other.value) > cap) {
        other.value = String(cap);
        notes.push([otherKey, t("lobby.lowered", { other: optionWord(otherDoc, "", otherDoc.label), cap, label: optionWord(o, "", o.label), n })]);
      } else {
        notes.push([otherKey, t("lobby.at-most", { cap, label: optionWord(o, "", o.label), value: mine })]);
      }
    }
  }
  return notes;
}

/** Checks every rule control; shows each problem beside its control; returns whether all are fine. */
function checkOptions(notes = []) {
  let fine = true;
  for (const box of $("options").querySelectorAll(".opt")) {
    const input = box.querySelector("[data-key]");
    const { error } = controlValue(input);
    const note = notes.find(([k]) => k === input.dataset.key);
    const p = box.querySelector(".opt-problem");
    p.textContent = error ? t("lobby.takes", { what: error }) : note ? note[1] : "";
    p.classList.toggle("bad", !!error);
    if (error) fine = false;
  }
  $("options-error").hidden = true;
  return fine;
}

function showGame() {
  const g = current();
  $("description").textContent = t(`game.about.${g.name}`) === `game.about.${g.name}` ? g.description : t(`game.about.${g.name}`);
  const players = $("players");
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) {
    players.append(option(String(n), String(n), n === g.default_players));
  }
  seatRows();
  const box = $("options");
  box.replaceChildren();
  for (const o of g.options) box.append(optionControl(o));
  for (const input of box.querySelectorAll("[data-key]")) {
    if (input.dataset.kind === "number") {
      const o = g.options.find((x) => x.key === input.dataset.key);
      if (o.sum_at_most) adjust(input);
    }
  }
  box.oninput = (e) => {
    const input = e.target.closest("[data-key]");
    checkOptions(input ? adjust(input) : []);
  };
  checkOptions();
  $("options-box").hidden = g.options.length === 0;
}

function showError(message) {
  const e = $("error");
  e.textContent = message;
  e.hidden = !message;
}

function showOptionsError(message) {
  const e = $("options-error");
  e.textContent = message;
  e.hidden = !message;
  if (message) e.scrollIntoView({ block: "nearest" });
}

// The server's bot caps, in words, under the seats.
function showCaps(caps, ms) {
  const list = $("caps");
  list.replaceChildren();
  const kinds = new Map();
  for (const c of caps) {
    if (!kinds.has(c.kind)) kinds.set(c.kind, []);
    if (c.key) kinds.get(c.kind).push(`${c.key} ${c.allowed}`);
  }
  for (const [kind, keys] of kinds) {
    const li = document.createElement("li");
    const k = document.createElement("code");
    k.textContent = kind;
    li.append(k, keys.length ? `: ${keys.join("; ")}` : `: ${t("lobby.caps.none")}`);
    list.append(li);
  }
  $("caps-hint").textContent = t("lobby.caps.hint", { ms });
}

async function create(event) {
  event.preventDefault();
  showError("");
  if (!checkOptions()) {
    showOptionsError(t("lobby.options.bad"));
    return;
  }
  const options = {};
  for (const input of $("options").querySelectorAll("[data-key]")) {
    const { value } = controlValue(input);
    if (value !== input.dataset.default) options[input.dataset.key] = value;
  }
  const request = {
    game: current().name,
    players: Number($("players").value),
    seats: seatSpecs(),
    options,
    seed: $("seed").value.trim(),
    single_deal: $("single-deal").checked,
    hints: $("hints").checked,
    pace_ms: Number($("pace").value),
  };
  // Left out, the server lists a table of bots only and not one with a person.
  if ($("listed").value) request.listed = $("listed").value === "true";
  $("create").disabled = true;
  try {
    const r = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    const body = await r.json();
    if (!r.ok) {
      const message = errorText(body, t("error.status", { status: r.status }));
      // The game's reason for refusing these rules goes beside the rule controls.
      if ((body.message && body.message.key === "serve-error-rules") || /^These rules cannot be played/.test(body.error || "")) showOptionsError(message);
      else showError(message);
      return;
    }
    showLinks(body);
    rememberOpened(body);
    showMine();
  } catch (e) {
    showError(t("error.unreachable", { why: e.message }));
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
      li.textContent = t("lobby.link.bot", { seat: `S${s.seat}`, spec: s.kind.spec });
      li.className = "bot";
      list.append(li);
      continue;
    }
    const url = location.origin + s.link;
    const title = document.createElement("strong");
    title.textContent = `${first ? t("seat.you", { seat: `S${s.seat}` }) : `S${s.seat}`} `;
    const a = document.createElement("a");
    a.href = url;
    a.textContent = first ? t("lobby.link.take") : t("lobby.link.open");
    a.className = first ? "take-seat primary-link" : "seat-link";
    a.dataset.seat = String(s.seat);
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = t("lobby.link.copy");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = t("lobby.link.copied");
      } catch {
        window.prompt(t("lobby.link.copy-prompt"), url);
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
    note.textContent = t("lobby.loopback");
    list.append(note);
  }
  const dealing = document.createElement("li");
  dealing.className = "hint";
  dealing.textContent = created.dealing.commitment
    ? t("lobby.fair", { commitment: `${created.dealing.commitment.slice(0, 12)}…` })
    : t("lobby.practice");
  list.append(dealing);
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth" });
}

async function start() {
  try {
    const r = await fetch("/api/games");
    const body = await r.json();
    games = body.games;
    showCaps(body.bot_caps || [], body.default_bot_ms);
  } catch (e) {
    showError(t("error.unreachable", { why: e.message }));
    return;
  }
  const select = $("game");
  for (const g of games) select.append(option(g.name, gameTitle(g.name, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) select.value = wanted;
  select.addEventListener("change", showGame);
  $("players").addEventListener("change", seatRows);
  $("new-table").addEventListener("submit", create);
  showGame();
  showLists();
  showMine();
}

// The tables this browser opened or sits at, kept in this browser (localStorage, the same list
// the seat pages add to): each with its seat's link, and its state asked of the server.
const STORE = "cards-tables";

function mineList() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(all) ? all.filter((t) => t && typeof t === "object" && typeof t.link === "string" && t.link.startsWith("/play/")) : [];
  } catch (e) {
    return [];
  }
}

function saveMine(all) {
  try {
    localStorage.setItem(STORE, JSON.stringify(all.slice(0, 30)));
  } catch (e) {
    // Storage refused (a private window): the list is a convenience.
  }
}

/** Keeps the opener's seat of a table just opened (its link carries the host key). */
function rememberOpened(created) {
  const own = created.seats.find((s) => s.link);
  if (!own) return;
  const g = games.find((x) => x.name === created.game) || current();
  const entry = { table: created.table, seat: own.seat, link: own.link, host: true, game: g.name, title: g.title, at: Date.now() };
  saveMine([entry, ...mineList().filter((t) => t.link !== own.link)]);
}

async function showMine() {
  const all = mineList();
  $("yours").hidden = all.length === 0;
  const list = $("mine");
  list.replaceChildren();
  for (const entry of all) {
    const li = document.createElement("li");
    li.dataset.table = entry.table;
    const a = document.createElement("a");
    a.href = entry.link;
    a.className = "my-seat";
    a.textContent = t(entry.host ? "lobby.mine.host" : "lobby.mine", { title: gameTitle(entry.game, entry.title || entry.game), seat: `S${entry.seat}` });
    const state = document.createElement("span");
    state.className = "table-state";
    state.textContent = " …";
    li.append(a, state);
    list.append(li);
    tableState(entry, li, state);
  }
}

/** Asks the server how the table of `entry` stands (its public watch state) and offers what fits. */
async function tableState(entry, li, state) {
  const forget = () => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "quiet";
    b.textContent = t("lobby.mine.forget");
    b.title = t("lobby.mine.forget.explain");
    b.addEventListener("click", () => {
      saveMine(mineList().filter((x) => x.link !== entry.link));
      showMine();
    });
    return b;
  };
  const review = () => {
    const r = document.createElement("a");
    r.href = `/review/${encodeURIComponent(entry.table)}`;
    r.textContent = t("lobby.mine.review");
    r.className = "review-mine";
    return r;
  };
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(entry.table)}/watch?since=1000000`);
    const body = await r.json().catch(() => ({}));
    if (!r.ok) {
      const finished = (body.message && body.message.key === "serve-error-gone-finished") || /finished its match/.test(body.error || "");
      state.textContent = ` — ${finished ? t("lobby.mine.finished") : t("lobby.mine.closed")} `;
      if (finished) li.append(review(), " ");
      li.append(forget());
      return;
    }
    if (body.match_over) {
      state.textContent = ` — ${t("lobby.mine.over")} `;
      li.append(review(), " ", forget());
      return;
    }
    state.textContent = ` — ${t("lobby.mine.playing")} `;
    if (entry.host) {
      const close = document.createElement("button");
      close.type = "button";
      close.className = "close-mine";
      close.textContent = t("lobby.mine.close");
      close.title = t("close.explain");
      close.addEventListener("click", async () => {
        if (!window.confirm(t("close.confirm"))) return;
        const hostKey = decodeURIComponent(entry.link.split("#")[1] || "").split(".")[1] || "";
        const c = await fetch(`/api/tables/${encodeURIComponent(entry.table)}/close`, { method: "POST", headers: { authorization: `Bearer ${hostKey}` } }).catch(() => null);
        if (!c || !c.ok) {
          const answer = c ? await c.json().catch(() => ({})) : {};
          showError(errorText(answer, t("lobby.mine.close.failed")));
        }
        showMine();
      });
      li.append(close);
    }
  } catch (e) {
    state.textContent = ` — ${t("error.unreachable.short")}`;
  }
}

// The tables playing (to watch) and the latest finished matches (to review). Every name and
// text is set as text, never as markup.
async function showLists() {
  try {
    const r = await fetch("/api/lobby");
    if (!r.ok) return;
    const { playing, finished } = await r.json();
    const item = (href, words) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = href;
      a.textContent = words;
      li.append(a);
      return li;
    };
    const who = (x) => x.seats.map((s, i) => x.names[i] || (s.kind === "bot" ? s.spec : t("seat.person"))).join(", ");
    const none = () => Object.assign(document.createElement("li"), { textContent: t("lobby.none") });
    $("playing").replaceChildren(...(playing.length ? playing.map((x) => item(x.watch, t("lobby.watch", { game: gameTitle(x.game), who: who(x) }))) : [none()]));
    $("finished").replaceChildren(...(finished.length ? finished.map((f) => item(f.review, t("lobby.review", { game: gameTitle(f.game), ended: new Date(f.ended * 1000).toLocaleString(document.documentElement.lang), scores: f.scores.join(" / ") }))) : [none()]));
  } catch (e) {
    // The lists are a convenience: the lobby works without them.
  }
}

start();
