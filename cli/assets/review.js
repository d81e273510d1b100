// A finished match's review: step forward and back through every action, every seat's hand
// shown (the match is over), from the server's stored log; and the log to download.

import { loadGames, inlineCards } from "/assets/cards.js";
import { drawFelt } from "/assets/felt.js";
import { t } from "/assets/i18n.js";

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
    return [text("p", `Practice table: its opener chose the seed ${d.seed} and knew every hand.`)];
  }
  const out = [
    text("p", "Fair deal: the seed was secret until the end; the commitment was shown from the first deal."),
    text("p", `seed ${d.seed}`, "fair-value"),
    text("p", `salt ${d.salt}`, "fair-value"),
    text("p", `commitment ${d.commitment}`, "fair-value"),
  ];
  out.push(
    r.opens
      ? text("p", "✓ Checked: the SHA-256 of cards-deal:{seed}:{salt} is the commitment, so these are the cards that were promised.", "fair-ok")
      : text("p", "✗ The seed and salt do not open the commitment: these are not the cards that were promised.", "fair-bad"),
  );
  out.push(text("p", `By hand: printf 'cards-deal:%s:%s' ${d.seed} ${d.salt} | sha256sum`, "fair-value"));
  return out;
}

function show(r) {
  steps = r.steps;
  $("heading").textContent = `${r.title}: review`;
  $("where").textContent = `step ${r.step} of ${r.steps}`;
  $("action").textContent = r.action === null ? "Before the first action" : `${name(r, r.seat)}: ${r.action}`;
  $("lines").replaceChildren(...r.lines.map((l) => {
    const li = document.createElement("li");
    li.append(inlineCards(r.game, l));
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
      facts: (s.seats[i] || []).concat(s.private),
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
      $("error").textContent = body.error || `the server answered ${r.status}`;
      $("error").hidden = false;
      return;
    }
    $("error").hidden = true;
    show(body);
    history.replaceState(null, "", `?step=${step}`);
  } catch (e) {
    $("error").textContent = `the server cannot be reached: ${e.message}`;
    $("error").hidden = false;
  }
}

// The step buttons say what they do, and the arrow keys, Home and End step too (not while a
// control that takes those keys has the focus).
for (const [id, key] of [["first", "review.first"], ["back", "review.back"], ["forward", "review.forward"], ["last", "review.last"]]) {
  $(id).setAttribute("aria-label", t(key));
  $(id).title = t(key);
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

const MARKS = { inaccuracy: "?! inaccuracy", mistake: "? mistake", blunder: "?? blunder" };

function points(x) {
  return `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
}

function showAnalysis(body) {
  analysed = body.decisions;
  const marked = analysed.filter((d) => d.mark).length;
  $("analysis-status").textContent = body.done
    ? `${analysed.length} decisions weighed (${body.worlds} worlds each), ${marked} marked`
    : `weighing… ${analysed.length} decisions so far`;
  $("analysis-list").replaceChildren(
    ...analysed.map((d) => {
      const li = document.createElement("li");
      li.dataset.number = String(d.number);
      if (d.mark) li.className = `mark-${d.mark}`;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "quiet";
      b.textContent = `action ${d.number}: ${d.taken} ${points(d.taken_value)}`
        + (d.best === d.taken ? "" : ` (best ${d.best} ${points(d.best_value)})`)
        + (d.mark ? ` ${MARKS[d.mark]}` : "");
      b.title = `Step to the position before action ${d.number}`;
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
        $("analysis-status").textContent = body.error || `the server answered ${r.status}`;
        return;
      }
      showAnalysis(body);
      if (body.done) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (e) {
    $("analysis-status").textContent = `the server cannot be reached: ${e.message}`;
  } finally {
    $("analyse").disabled = false;
  }
}

$("analyse").onclick = analyse;
