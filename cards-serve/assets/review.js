// A finished match's review: step forward and back through every action, every seat's hand
// shown (the match is over), from the server's stored log; and the log to download.

import { loadGames, inlineCards } from "/assets/cards.js";
import { drawFelt } from "/assets/felt.js";
import { t, tm, errorText, gameTitle } from "/assets/i18n.js";

const $ = (id) => document.getElementById(id);
const [, , tableId] = location.pathname.split("/");
const api = `/api/review/${encodeURIComponent(tableId)}`;
let step = Number(new URLSearchParams(location.search).get("step") || 0);
let steps = 0;

function text(tag, content, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

function name(r, i) {
  return `S${i}${r.names[i] ? ` ${r.names[i]}` : ""}`;
}

/** How the match was dealt: a practice table's seed, or a fair deal's seed, salt, commitment
 * and the server's check that they open it, with the command that checks it by hand. */
function fairLines(r) {
  const d = r.dealing;
  if (d.seed === null || d.seed === undefined) return [];
  if (d.practice || !d.commitment) {
    return [text("p", t("review.practice", { seed: d.seed }))];
  }
  const out = [
    text("p", t("review.fair")),
    text("p", t("review.seed", { seed: d.seed }), "fair-value"),
    text("p", t("review.salt", { salt: d.salt }), "fair-value"),
    text("p", t("review.commitment", { commitment: d.commitment }), "fair-value"),
  ];
  out.push(
    r.opens
      ? text("p", t("review.opens"), "fair-ok")
      : text("p", t("review.opens.not"), "fair-bad"),
  );
  out.push(text("p", t("review.by-hand", { command: `printf 'cards-deal:%s:%s' ${d.seed} ${d.salt} | sha256sum` }), "fair-value"));
  return out;
}

/** A seat's facts on the review page, its private lines (a Legage, an exchange) after them: in
 * the page's language where the server sends the screens' messages. */
function reviewFacts(r, i) {
  const m = r.screen_messages && r.screen_messages[i];
  if (m) return (m.seats[i] || []).concat(m.private || []).map(tm);
  const s = r.screens[i];
  return (s.seats[i] || []).concat(s.private);
}

function show(r) {
  steps = r.steps;
  $("heading").textContent = t("review.heading", { title: gameTitle(r.game, r.title) });
  document.title = t("review.title", { title: gameTitle(r.game, r.title) });
  $("where").textContent = t("review.where", { step: r.step, steps: r.steps });
  $("action").textContent = r.action === null ? t("review.before") : t("review.action", { seat: name(r, r.seat), action: r.action });
  $("lines").replaceChildren(...r.lines.map((l, i) => {
    const li = document.createElement("li");
    const said = r.line_messages && r.line_messages[i];
    li.append(inlineCards(r.game, said ? tm(said) : l));
    return li;
  }));
  // The table with every hand shown by its seat (the match is over), each seat's private lines
  // (a Legage, an exchange) under its facts.
  drawFelt($("hands"), {
    game: r.game,
    layout: r.layout,
    players: r.screens.length,
    bottom: 0,
    seats: r.screens.map((s, i) => ({
      name: name(r, i),
      kind: "",
      facts: reviewFacts(r, i),
      total: "",
      moving: r.seat === i,
    })),
    hands: r.screens.map((s) => s.hand),
  });
  $("scores").replaceChildren(
    ...r.scores.map((s, i) => {
      const tr = document.createElement("tr");
      tr.append(text("td", name(r, i)), text("td", String(s)));
      return tr;
    }),
  );
  $("fair").replaceChildren(...fairLines(r));
  seatChoices(r);
  markCurrent();
  $("first").disabled = $("back").disabled = r.step === 0;
  $("last").disabled = $("forward").disabled = r.step === r.steps;
}

async function go(to) {
  step = Math.max(0, Math.min(to, steps || to));
  try {
    const r = await fetch(`${api}?step=${step}`);
    const body = await r.json().catch(() => ({}));
    if (!r.ok) {
      $("error").textContent = errorText(body, t("error.status", { status: r.status }));
      $("error").hidden = false;
      return;
    }
    $("error").hidden = true;
    show(body);
    history.replaceState(null, "", `?step=${step}`);
  } catch (e) {
    $("error").textContent = t("error.unreachable", { why: e.message });
    $("error").hidden = false;
  }
}

// The step buttons say what they do, and the arrow keys, Home and End step too (not while a
// control that takes those keys has the focus).
for (const [id, key] of [["first", "review.first"], ["back", "review.back"], ["forward", "review.forward"], ["last", "review.last"]]) {
  $(id).setAttribute("aria-label", t(`${key}.keys`));
  $(id).title = t(`${key}.keys`);
}
$("keys").textContent = t("review.keys");
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("select, input, textarea")) return;
  const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[e.key];
  if (to === undefined || to < 0 || (steps && to > steps)) return;
  e.preventDefault();
  go(to);
});
$("first").onclick = () => go(0);
$("back").onclick = () => go(step - 1);
$("forward").onclick = () => go(step + 1);
$("last").onclick = () => go(steps);
$("download").href = `${api}/log`;
loadGames().catch(() => {}).then(() => go(step));

// The analysis: one seat's decisions weighed by the server (from that seat's information
// only), listed with their marks; a line steps the review to that decision.
let analysed = [];

function seatChoices(r) {
  const select = $("analysis-seat");
  if (select.options.length === r.screens.length) return;
  select.replaceChildren(
    ...r.screens.map((_, i) => {
      const o = text("option", name(r, i));
      o.value = String(i);
      return o;
    }),
  );
}

const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function points(x) {
  return `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
}

function showAnalysis(body) {
  analysed = body.decisions;
  const marked = analysed.filter((d) => d.mark).length;
  $("analysis-status").textContent = body.done
    ? t("analysis.done", { count: analysed.length, worlds: body.worlds, marked })
    : t("analysis.running", { count: analysed.length });
  $("analysis-list").replaceChildren(
    ...analysed.map((d) => {
      const li = document.createElement("li");
      li.dataset.number = String(d.number);
      if (d.mark) li.className = `mark-${d.mark}`;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "quiet";
      b.textContent = t("analysis.taken", { number: d.number, taken: d.taken, value: points(d.taken_value) })
        + (d.expert == null || d.expert === d.taken ? "" : ` ${t("analysis.expert", { expert: d.expert, value: points(d.expert_value) })}`)
        + (d.best === d.taken || d.best === d.expert ? "" : ` ${t("analysis.best", { best: d.best, value: points(d.best_value) })}`)
        + (d.mark ? ` ${MARKS[d.mark]} ${t(`analysis.mark.${d.mark}`)}` : "");
      b.title = t("analysis.step", { number: d.number });
      b.addEventListener("click", () => go(d.number - 1));
      li.append(b);
      return li;
    }),
  );
  markCurrent();
}

function markCurrent() {
  for (const li of $("analysis-list").children) {
    li.classList.toggle("current", Number(li.dataset.number) === step + 1);
  }
}

async function analyse() {
  const seat = $("analysis-seat").value;
  $("analyse").disabled = true;
  try {
    for (;;) {
      const r = await fetch(`${api}/analysis?seat=${encodeURIComponent(seat)}`);
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        $("analysis-status").textContent = errorText(body, t("error.status", { status: r.status }));
        return;
      }
      showAnalysis(body);
      if (body.done) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (e) {
    $("analysis-status").textContent = t("error.unreachable", { why: e.message });
  } finally {
    $("analyse").disabled = false;
  }
}

$("analyse").onclick = analyse;
