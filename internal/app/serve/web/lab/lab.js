// The spot lab: build a spot, solve it on the server (Nash and QRE), browse
// its tree. Everything is computed by the server's /api/spots routes; this
// page only draws and keeps the state in the URL's hash.

import { RANKS, SUITS, GRID, card, cardName, parseCard, holeIndex, holeName, combosOf, parseRange, formatRange, stats } from "./range.js";
import { loglog } from "./chart.js";

const $ = (id) => document.getElementById(id);
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
};
const pct = (x, d = 1) => (x == null || !isFinite(x) ? "–" : (100 * x).toFixed(d) + "%");
const num = (x, d = 2) => (x == null || !isFinite(x) ? "–" : x.toFixed(d));

const S = {
  board: [],
  ranges: [new Float64Array(52 * 52), new Float64Array(52 * 52)],
  editing: 0,
  brush: 1,
  spot: null,
  line: "",
  view: "nash",
  lambda: 0, // 0: λ*
  node: null,
  es: null,
  progress: { nash: [], qre: [] },
  target: 0.3,
  ghosts: new Set(),
  lastCell: null,
};

function showError(msg) {
  $("error").textContent = msg || "";
}

// inflight counts the requests under way (body[data-busy], for tests and
// the cursor).
let inflight = 0;
async function api(method, path, body) {
  inflight++;
  document.body.dataset.busy = String(inflight);
  try {
    return await request(method, path, body);
  } finally {
    inflight--;
    document.body.dataset.busy = String(inflight);
  }
}

async function request(method, path, body) {
  const opt = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    opt.body = typeof body === "string" ? body : JSON.stringify(body);
    opt.headers["Content-Type"] = typeof body === "string" ? "application/toml" : "application/json";
  }
  const r = await fetch(path, opt);
  const t = await r.text();
  let j = null;
  try { j = JSON.parse(t); } catch { j = null; }
  if (!r.ok) {
    const e = new Error((j && j.error) || `${r.status} ${t}`);
    if (j && j.key) { e.key = j.key; e.line = j.line; }
    throw e;
  }
  return j;
}

// ---- Builder ------------------------------------------------------------

const boardSet = () => new Set(S.board);

function drawPicker() {
  const p = $("board-picker");
  p.replaceChildren();
  const used = boardSet();
  for (let s = 0; s < 4; s++) {
    for (let r = 12; r >= 0; r--) {
      const c = card(r, s);
      const b = h("button", { type: "button", class: "pick suit-" + SUITS[s] + (used.has(c) ? " used" : ""), "data-card": cardName(c), text: RANKS[r] + suitGlyph(s) });
      b.addEventListener("click", () => {
        if (used.has(c)) S.board = S.board.filter((x) => x !== c);
        else if (S.board.length < 5) S.board.push(c);
        builderChanged();
      });
      p.append(b);
    }
  }
  const sel = $("board-sel");
  sel.replaceChildren(...S.board.map((c) => h("span", { class: "card suit-" + SUITS[c & 3], text: RANKS[c >> 2] + suitGlyph(c & 3) })));
  if (S.board.length === 0) sel.append(h("span", { class: "muted", text: "pick 3 to 5 cards" }));
  // Streets before the board's are not played: their sizes are unused.
  const street = S.board.length - 3;
  for (const [i, st] of ["flop", "turn", "river"].entries()) {
    document.querySelector(`tr[data-street=${st}]`).classList.toggle("unused", i < street);
  }
}

const suitGlyph = (s) => "♠♥♦♣"[s];

function drawRangeGrid() {
  const g = $("range-grid");
  if (g.children.length === 0) {
    for (const c of GRID) {
      const cell = h("div", { class: "rc", "data-class": c }, h("span", { class: "fillw" }), h("span", { class: "lbl", text: c }));
      cell.addEventListener("mousedown", (ev) => { ev.preventDefault(); painting = true; paint(c, ev.shiftKey, true); });
      cell.addEventListener("mouseenter", () => { if (painting) paint(c, false, false); });
      g.append(cell);
    }
  }
  const w = S.ranges[S.editing];
  for (const cell of g.children) {
    const c = cell.dataset.class;
    const cs = combosOf(c);
    let sum = 0;
    for (const [a, b] of cs) sum += w[holeIndex(a, b)];
    const f = sum / cs.length;
    cell.querySelector(".fillw").style.height = (100 * f).toFixed(1) + "%";
    cell.classList.toggle("on", f > 0);
  }
  const st = stats(w, boardSet());
  $("range-count").textContent = `${st.combos.toFixed(1)} combos, ${st.percent.toFixed(1)} % of hands (board cards removed)`;
}

let painting = false;
document.addEventListener("mouseup", () => { painting = false; });

// paint sets a class's combos to the brush weight; a drag that starts on a
// cell already at the brush weight erases instead. Shift-click shows the
// class's suits without painting.
function paint(c, suits, start) {
  const w = S.ranges[S.editing];
  const cs = combosOf(c);
  if (suits) { painting = false; drawSuits(c); return; }
  if (start) S.paintValue = cs.every(([a, b]) => w[holeIndex(a, b)] === S.brush) ? 0 : S.brush;
  for (const [a, b] of cs) w[holeIndex(a, b)] = S.paintValue;
  drawSuits(c);
  rangeChanged();
}

function drawSuits(c) {
  S.lastCell = c;
  const w = S.ranges[S.editing];
  const box = $("suits");
  box.replaceChildren(h("span", { class: "muted", text: c + ": " }));
  for (const [a, b] of combosOf(c)) {
    const i = holeIndex(a, b);
    const name = holeName(a, b);
    const cb = h("input", { type: "checkbox", "data-combo": name });
    cb.checked = w[i] > 0;
    cb.addEventListener("change", () => { w[i] = cb.checked ? S.brush || 1 : 0; rangeChanged(); });
    box.append(h("label", { class: "combo" }, cb, name + (w[i] > 0 && w[i] < 1 ? ":" + w[i] : "")));
  }
}

function rangeChanged() {
  $("range-text").value = formatRange(S.ranges[S.editing]);
  $("range-text").classList.remove("bad");
  drawRangeGrid();
  builderChanged(true);
}

function editPlayer(p) {
  S.editing = p;
  $("range-oop").classList.toggle("on", p === 0);
  $("range-ip").classList.toggle("on", p === 1);
  $("range-text").value = formatRange(S.ranges[p]);
  $("suits").replaceChildren();
  drawRangeGrid();
}

// ---- The spot's keys -----------------------------------------------------

const STREETS = ["flop", "turn", "river"];
const PLAYERS = ["oop", "ip"];
// The thresholds' defaults (spot.DefaultAddAllIn and the others): a
// missing key means them.
const DEFAULTS = { "add-allin": "1.5", "force-allin": "0.15", merging: "0.1" };
// Number fields: element id → key of the spot format.
const NUMBER_KEYS = { pot: "pot", stack: "stack", "add-allin": "add_allin", "force-allin": "force_allin", merging: "merging", rake: "rake", "rake-cap": "rake_cap", "max-raises": "max_raises" };

// toTOML writes the builder's spot (docs/spot.md): every key it has a
// field for, the size lists per street (from the board's) and player,
// donk sizes where they are on. An empty number field leaves its key out
// (the default; pot and stack are then reported missing).
function toTOML() {
  const q = (s) => JSON.stringify(s);
  const lines = [`board = ${q(S.board.map(cardName).join(""))}`];
  const numLine = (id) => {
    const v = $(id).value.trim();
    if (v !== "") lines.push(`${NUMBER_KEYS[id]} = ${v}`);
  };
  numLine("pot");
  numLine("stack");
  lines.push(`oop = ${q(formatRange(S.ranges[0]))}`, `ip = ${q(formatRange(S.ranges[1]))}`);
  for (const id of ["add-allin", "force-allin", "merging", "rake", "rake-cap", "max-raises"]) numLine(id);
  const street = Math.max(S.board.length - 3, 0);
  for (const [i, st] of STREETS.entries()) {
    if (i < street) continue;
    if (st !== "flop" && $("donk-on-" + st).checked) lines.push(`[sizes.${st}]`, `donk = ${q($("donk-" + st).value.trim())}`);
    for (const p of PLAYERS) {
      lines.push(`[sizes.${st}.${p}]`, `bet = ${q($(`bet-${st}-${p}`).value.trim())}`, `raise = ${q($(`raise-${st}-${p}`).value.trim())}`);
    }
  }
  return lines.join("\n") + "\n";
}

// parseTOML reads the TOML the spot format uses: [tables], dotted keys,
// basic and literal strings, numbers, comments. It returns the key/value
// pairs with their dotted paths (the server's parser is the reference: a
// file it refuses is shown with its error next to the field).
function parseTOML(text) {
  const out = [];
  let table = [];
  const keyPath = (s) => s.split(".").map((k) => k.trim().replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1"));
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const t = /^\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (t) { table = keyPath(t[1]); continue; }
    const m = /^([A-Za-z0-9_."' -]+?)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let v = m[2].trim();
    if (v.startsWith('"')) {
      const e = /^"((?:[^"\\]|\\.)*)"/.exec(v);
      try { v = e ? JSON.parse('"' + e[1] + '"') : v; } catch { v = e ? e[1] : v; }
    } else if (v.startsWith("'")) {
      v = v.slice(1, v.indexOf("'", 1) > 0 ? v.indexOf("'", 1) : undefined);
    } else {
      v = v.replace(/\s*#.*$/, "").replace(/_/g, "");
    }
    out.push({ path: [...table, ...keyPath(m[1])], value: v });
  }
  return out;
}

// fromTOML fills every field from a spot file, resolving the size lists
// as the server does (street and player, then street, then player, then
// [sizes]; a missing list is empty; donk from the street, then [sizes]).
function fromTOML(text) {
  for (const id of Object.keys(NUMBER_KEYS)) $(id).value = DEFAULTS[id] ?? "";
  const lv = { all: {}, street: {}, player: {}, both: {} };
  for (const { path, value } of parseTOML(text)) {
    const [k0] = path;
    if (path.length === 1) {
      if (k0 === "board") S.board = (String(value).replace(/\s+/g, "").match(/.{2}/g) || []).map(parseCard).filter((c) => c >= 0);
      else if (k0 === "oop" || k0 === "ip") { try { S.ranges[k0 === "oop" ? 0 : 1] = parseRange(String(value)); } catch { /* the server names the error */ } }
      else {
        const id = Object.keys(NUMBER_KEYS).find((i) => NUMBER_KEYS[i] === k0);
        if (id) $(id).value = String(value);
      }
      continue;
    }
    if (k0 !== "sizes") continue;
    const rest = path.slice(1), k = rest.pop();
    const st = rest.find((x) => STREETS.includes(x)), p = rest.find((x) => PLAYERS.includes(x));
    const slot = st && p ? (lv.both[st + p] ??= {}) : st ? (lv.street[st] ??= {}) : p ? (lv.player[p] ??= {}) : lv.all;
    slot[k] = String(value);
  }
  for (const st of STREETS) {
    for (const p of PLAYERS) {
      for (const k of ["bet", "raise"]) {
        const from = [lv.both[st + p], lv.street[st], lv.player[p], lv.all].find((x) => x && k in x);
        $(`${k}-${st}-${p}`).value = from ? from[k] : "";
      }
    }
    if (st === "flop") continue;
    const from = [lv.street[st], lv.all].find((x) => x && "donk" in x);
    $("donk-on-" + st).checked = !!from;
    $("donk-" + st).disabled = !from;
    $("donk-" + st).value = from ? from.donk : "";
  }
  clearFieldErrors();
  drawPicker();
  editPlayer(S.editing);
}

// fieldOf returns the element a key of the spot format is edited in: the
// most specific field of a size list's path, the sizes table for the
// others.
function fieldOf(key) {
  if (!key) return null;
  const byKey = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (byKey) return byKey;
  const parts = key.split(".");
  if (parts[0] !== "sizes") return null;
  const k = parts.find((x) => x === "bet" || x === "raise" || x === "donk");
  const st = parts.find((x) => STREETS.includes(x)) || STREETS[Math.max(S.board.length - 3, 0)];
  const p = parts.find((x) => PLAYERS.includes(x)) || "oop";
  if (k === "donk") return $("donk-" + (st === "flop" ? "turn" : st));
  if (k) return $(`${k}-${st}-${p}`);
  return $("sizes");
}

function clearFieldErrors() {
  for (const e of document.querySelectorAll("#builder .ferr")) e.remove();
  for (const e of document.querySelectorAll("#builder .bad")) if (e.id !== "range-text") e.classList.remove("bad");
}

// showFieldError puts the server's message (without its "file:line: key:"
// prefix) next to the field of its key; false when no field has the key.
function showFieldError(key, msg) {
  clearFieldErrors();
  const f = fieldOf(key);
  if (!f) return false;
  f.classList.add("bad");
  const short = msg.replace(/^[^:]*:\d+: /, "").replace(key + ": ", "");
  const note = h("span", { class: "ferr", "data-for": key, text: short });
  if (f.tagName === "TABLE") f.before(note);
  else f.after(note);
  return true;
}

let estimateTimer = 0;
// builderChanged follows an edit: the spot is the builder's.
function builderChanged(rangeOnly) {
  if (!rangeOnly) { drawPicker(); drawRangeGrid(); }
  clearTimeout(estimateTimer);
  estimateTimer = setTimeout(estimate, 250);
}

async function estimate() {
  if (S.board.length < 3) { $("estimate").textContent = "Pick the board (3 to 5 cards)."; return; }
  try {
    const info = await api("POST", "/api/spots?estimate=1", { toml: toTOML(), name: "spot.toml" });
    clearFieldErrors();
    $("estimate").textContent = `Tree: ${info.nodes.toLocaleString()} nodes, ${info.size.toLocaleString()} strategy entries, ${info.combos[0]} vs ${info.combos[1]} combos; memory ${bytes(info.nash_memory)} (Nash), ${bytes(info.qre_memory)} (QRE).`;
    $("estimate").classList.remove("error");
  } catch (e) {
    if (!showFieldError(e.key, e.message)) clearFieldErrors();
    // (the line is the builder's own TOML's, which the player does not
    // see: the key and the field say where)
    $("estimate").textContent = e.key ? e.message.replace(/^spot\.toml:\d+: /, "") : e.message;
    $("estimate").classList.add("error");
  }
}

// loadTOML opens a spot file: the server reads it (its own parser; an
// error is shown next to the field it names, the fields filled as far as
// the page reads the file), then the fields are filled from the spot's
// canonical TOML, so the builder holds exactly the spot loaded.
async function loadTOML(text, name) {
  showError("");
  try {
    const info = await api("POST", "/api/spots", { toml: text, name });
    const canon = await (await fetch(`/api/spots/${info.id}/toml`, { credentials: "same-origin" })).text();
    fromTOML(canon);
    setSpot(info);
    listen(info.id);
    estimate();
  } catch (e) {
    fromTOML(text);
    showFieldError(e.key, e.message);
    showError(e.message);
  } finally {
    document.body.dataset.loads = String(Number(document.body.dataset.loads || 0) + 1);
  }
}

const bytes = (b) => (b >= 1 << 30 ? (b / (1 << 30)).toFixed(2) + " GiB" : b >= 1 << 20 ? (b / (1 << 20)).toFixed(1) + " MiB" : (b / 1024).toFixed(0) + " KiB");

// ---- Solving ------------------------------------------------------------

async function solve() {
  showError("");
  try {
    let info;
    try {
      info = await api("POST", "/api/spots", { toml: toTOML(), name: "spot.toml" });
    } catch (e) {
      showFieldError(e.key, e.message);
      throw e;
    }
    setSpot(info);
    const req = {};
    if ($("do-nash").checked) {
      S.target = Number($("target").value) || 0.3;
      req.nash = { target_pct: S.target, threads: Number($("threads").value) || 1 };
    }
    if ($("do-qre").checked) {
      const lambdas = $("lambdas").value.split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
      if (lambdas.some((x) => !(x > 0))) throw new Error(`λ values "${$("lambdas").value}": want positive numbers separated by commas`);
      req.qre = { lambdas, auto: $("qre-auto").checked, auto_pct: Number($("auto-pct").value) || 0.1 };
      if (lambdas.length === 0 && !req.qre.auto) delete req.qre;
    }
    S.progress = { nash: [], qre: [] };
    const s = await api("POST", `/api/spots/${info.id}/solve`, req);
    setSpot(s);
    listen(info.id);
  } catch (e) {
    showError(e.message);
  }
}

async function cancel() {
  if (!S.spot) return;
  try {
    const r = await api("DELETE", `/api/spots/${S.spot.id}/solve`);
    $("status").textContent = `cancelled (stopped in ${(r.seconds * 1000).toFixed(0)} ms)`;
    $("status").dataset.stopped = String(r.seconds);
  } catch (e) {
    showError(e.message);
  }
}

function setSpot(info) {
  S.spot = info;
  const busy = info.status === "queued" || info.status === "solving";
  $("cancel-btn").disabled = !busy;
  $("solve-btn").disabled = busy;
  $("status").dataset.state = info.status;
  if (!busy) {
    const parts = [info.status];
    if (info.nash) parts.push(`Nash ${info.nash.percent.toFixed(3)} % of the pot in ${info.nash.iterations} iterations`);
    if (info.qre && info.qre.length) parts.push(`QRE at λ ${info.qre.map((q) => q.lambda.toPrecision(4) + (q.star ? "*" : "")).join(", ")}`);
    if (info.error) parts.push(info.error);
    $("status").textContent = parts.join(" · ");
  } else if (info.status === "queued") {
    $("status").textContent = `queued (${info.position || 1} in line)`;
  }
  const sl = $("lambda");
  const qs = info.qre || [];
  sl.max = String(Math.max(qs.length - 1, 0));
  sl.disabled = qs.length === 0;
  const want = qs.findIndex((q) => (S.lambda > 0 ? q.lambda === S.lambda : q.star));
  if (want >= 0) sl.value = String(want);
  writeHash();
}

// listen follows a spot's events, resuming after the last one seen of it
// (the log keeps the events of earlier solves).
const seen = new Map();
function listen(id) {
  if (S.es) S.es.close();
  const es = new EventSource(`/api/spots/${id}/events?last_event_id=${seen.get(id) || 0}`);
  S.es = es;
  const mark = (ev) => { if (ev.lastEventId) seen.set(id, Number(ev.lastEventId)); };
  for (const t of ["queued", "progress", "done", "cancelled", "error"]) es.addEventListener(t, mark);
  es.addEventListener("queued", (ev) => {
    const d = JSON.parse(ev.data);
    S.progress = { nash: [], qre: [] };
    $("status").textContent = `queued (${d.position} in line)`;
    $("status").dataset.state = "queued";
    $("cancel-btn").disabled = false;
    $("solve-btn").disabled = true;
  });
  es.addEventListener("progress", (ev) => {
    const d = JSON.parse(ev.data);
    $("status").dataset.state = "solving";
    $("cancel-btn").disabled = false;
    $("solve-btn").disabled = true;
    S.phase = d.phase;
    if (d.phase === "nash") {
      if (d.percent != null) S.progress.nash.push([Math.max(d.iteration, 1), d.percent]);
      $("status").textContent = `Nash: iteration ${d.iteration}, ${d.percent != null ? d.percent.toPrecision(3) : "?"} % of the pot, ${etaText(d.eta)}`;
    } else {
      if (d.percent != null) S.progress.qre.push([d.lambda, d.percent]);
      const aim = d.lambda_target ? ` → ${d.lambda_target.toPrecision(3)}` : "";
      $("status").textContent = `QRE: λ = ${d.lambda.toPrecision(4)}${aim}${d.percent != null ? ", " + d.percent.toPrecision(3) + " % of the pot" : ""}, ${etaText(d.eta)}`;
    }
    $("status").dataset.eta = String(d.eta);
    drawProgress();
  });
  const finish = async () => {
    try {
      const info = await api("GET", `/api/spots/${id}`);
      setSpot(info);
      drawProgress();
      if (info.nash || (info.qre && info.qre.length)) {
        if (!info.nash) S.view = "qre";
        await openNode(S.line);
        await loadCompare();
      }
      refreshLibrary();
    } catch (e) {
      showError(e.message);
    }
  };
  es.addEventListener("done", finish);
  es.addEventListener("cancelled", finish);
  es.addEventListener("error", (ev) => {
    if (ev.data) { showError(JSON.parse(ev.data).message); finish(); }
  });
  es.addEventListener("closed", () => es.close());
}

// etaText shows the server's ETA: seconds left, or unknown (-1) where
// nothing measured supports an estimate.
function etaText(eta) {
  if (!(eta >= 0)) return "ETA unknown";
  if (eta < 1) return "ETA <1 s";
  return eta < 120 ? `ETA ${eta.toFixed(0)} s` : `ETA ${(eta / 60).toFixed(1)} min`;
}

// drawProgress draws the phase under way: Nash's exploitability against
// iterations, or the QRE's against λ along its path.
function drawProgress() {
  if (S.phase === "qre" && S.progress.qre.length) {
    loglog($("progress-chart"), [{ points: S.progress.qre, color: "#6ec6ff", label: "QRE" }], { xlabel: "λ (pots)", ylabel: "% of pot", target: Number($("auto-pct").value) || 0 });
    return;
  }
  const series = [];
  if (S.progress.nash.length) series.push({ points: S.progress.nash, color: "#f2c14e", label: "Nash" });
  loglog($("progress-chart"), series, { xlabel: "iterations", ylabel: "% of pot", target: S.target, empty: "progress appears here" });
}

// ---- Browsing -----------------------------------------------------------

function nodeQuery(extra = {}) {
  const p = new URLSearchParams({ line: S.line, view: S.view });
  if (S.view === "qre" && S.lambda > 0) p.set("lambda", String(S.lambda));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

async function openNode(line) {
  if (!S.spot) return;
  S.line = line;
  try {
    const v = await api("GET", `/api/spots/${S.spot.id}/node?${nodeQuery({ cards: "1" })}`);
    S.node = v;
    drawNode();
    writeHash();
  } catch (e) {
    showError(e.message);
  }
}

function drawNode() {
  const v = S.node;
  $("view-nash").classList.toggle("on", S.view === "nash");
  $("view-qre").classList.toggle("on", S.view === "qre");
  const crumbs = $("crumbs");
  crumbs.replaceChildren(h("a", { href: "#", class: "crumb", "data-line": "", text: "root", onclick: (e) => { e.preventDefault(); openNode(""); } }));
  for (const st of v.steps) {
    const label = st.player ? `${st.player} ${st.label}` : st.token[0] + suitGlyph(SUITS.indexOf(st.token[1]));
    const a = h("a", { href: "#", class: "crumb" + (st.player ? "" : " suit-" + st.token[1]) + (S.ghosts.has(st.line) ? " ghost" : ""), "data-line": st.line, text: label, onclick: (e) => { e.preventDefault(); openNode(st.line); } });
    crumbs.append(h("span", { class: "sep", text: "–" }), a);
  }
  const lam = v.view === "qre" ? ` (λ = ${v.lambda.toPrecision(4)})` : "";
  $("node-info").textContent = `${v.kind === "chance" ? "chance" : v.player ? v.player + " to act" : v.kind}, pot ${v.pot}; board ${v.board.join(" ")}; ${v.method}${lam}: ${v.percent.toPrecision(3)} % of the pot`;
  const acts = $("actions");
  acts.replaceChildren();
  for (const a of v.actions || []) {
    const b = h("button", { type: "button", class: "act" + (S.ghosts.has(a.line) ? " ghost" : ""), "data-action": a.action, "data-line": a.line },
      h("span", { class: "sw" }), h("span", { text: `${a.label} ` }), h("b", { text: pct(a.frequency) }));
    b.querySelector(".sw").style.background = a.color;
    b.addEventListener("click", () => openNode(a.line));
    acts.append(b);
  }
  if (v.kind === "fold" || v.kind === "showdown") acts.append(h("span", { class: "muted", text: `the hand ends (${v.kind}); OOP EV ${num(v.ranges[0].ev)}, IP EV ${num(v.ranges[1].ev)}` }));
  drawGrid($("grid"), v, true);
  if (S.hovered && v.player) showHover(S.hovered);
  else $("hover").replaceChildren(h("p", { class: "muted", text: v.player ? "Hover a cell for its combos." : "" }));
  // Chance node: deal a card, and the report of every card.
  const deal = $("deal");
  deal.replaceChildren();
  const table = $("cards");
  table.replaceChildren();
  if (v.kind === "chance") {
    for (const l of v.children || []) {
      const c = l.split(" ").pop();
      deal.append(h("button", { type: "button", class: "pick suit-" + c[1], "data-card": c, text: c[0] + suitGlyph(SUITS.indexOf(c[1])), onclick: () => openNode(l) }));
    }
    drawCards(v.cards || [], "card", false);
  }
  drawGroups(v);
  drawExports();
}

// drawGrid fills a 13×13 grid: each cell's bar is the class's action
// frequencies (colours of the actions), its height the reach weight
// relative to the node's largest.
function drawGrid(el, v, hover) {
  if (el.children.length !== 169) {
    el.replaceChildren(...GRID.map((c) => h("div", { class: "cell", "data-class": c }, h("div", { class: "bar" }), h("span", { class: "lbl", text: c }))));
  }
  const top = Math.max(...v.grid.map((c) => c.weight), 1e-300);
  const cols = (v.actions || []).map((a) => a.color);
  v.grid.forEach((c, i) => {
    const cell = el.children[i];
    const bar = cell.firstChild;
    bar.replaceChildren();
    bar.style.height = c.weight > 0 ? Math.max(6, (100 * c.weight) / top).toFixed(1) + "%" : "0";
    for (const [a, f] of (c.frequency || []).entries()) {
      const seg = h("span", { class: "seg" });
      seg.style.width = (100 * f).toFixed(2) + "%";
      seg.style.background = cols[a];
      bar.append(seg);
    }
    if (!c.frequency && c.weight > 0) bar.classList.add("plain");
    else bar.classList.remove("plain");
    cell.dataset.freq = (c.frequency || []).map((f) => f.toFixed(6)).join(",");
    if (hover && !cell.dataset.hooked) {
      cell.dataset.hooked = "1";
      cell.addEventListener("mouseenter", () => showHover(cell.dataset.class));
    }
  });
}

function showHover(cls) {
  S.hovered = cls;
  const v = S.node;
  if (!v) return;
  const box = $("hover");
  const hands = v.hands.filter((x) => x.class === cls);
  const cell = v.grid.find((c) => c.class === cls);
  box.replaceChildren(h("h3", { text: `${cls} — ${cell && cell.combos > 0 ? cell.combos.toFixed(3) + " combos reach" : "not in the range here"}` }));
  if (hands.length === 0) return;
  const t = h("table", { class: "combos" });
  const head = h("tr", {}, h("th", { text: "hand" }), h("th", { text: "reach" }));
  for (const a of v.actions || []) head.append(h("th", { text: a.action }));
  head.append(h("th", { text: "EV" }), h("th", { text: "equity" }));
  t.append(head);
  for (const x of hands) {
    const tr = h("tr", { "data-hand": x.hand }, h("td", { text: x.hand }), h("td", { text: x.reach.toFixed(3) }));
    for (const s of x.strategy || []) tr.append(h("td", { text: pct(s) }));
    tr.append(h("td", { text: num(x.ev) }), h("td", { text: pct(x.equity) }));
    t.append(tr);
  }
  box.append(t, h("p", { class: "muted", text: hands[0].group }));
}

let cardSort = { key: "card", desc: false };
function drawCards(rows, key, toggle) {
  if (toggle) cardSort = { key, desc: cardSort.key === key ? !cardSort.desc : true };
  const t = $("cards");
  const acts = rows.length && rows[0].actions ? rows[0].actions.map((a) => a.action) : [];
  const cols = [["card", "card"], ...acts.map((a, i) => ["a" + i, a]), ["ev0", "OOP EV"], ["ev1", "IP EV"], ["eq0", "OOP equity"]];
  const val = (r, k) => {
    if (k === "card") return RANKS.indexOf(r.card[0]) * 4 + SUITS.indexOf(r.card[1]);
    if (k[0] === "a") return r.actions ? r.actions[Number(k.slice(1))].frequency : 0;
    if (k === "eq0") return r.equity[0] ?? -1;
    return r.ev[Number(k[2])] ?? -1e9;
  };
  const sorted = rows.slice().sort((a, b) => (val(a, cardSort.key) - val(b, cardSort.key)) * (cardSort.desc ? -1 : 1));
  const head = h("tr", {}, ...cols.map(([k, label]) => h("th", { "data-sort": k, class: k === cardSort.key ? "sorted" : "", text: label, onclick: () => drawCards(rows, k, true) })));
  t.replaceChildren(head, ...sorted.map((r) => h("tr", { "data-card": r.card, onclick: () => openNode(r.line) },
    h("td", { text: r.card }), ...acts.map((_, i) => h("td", { text: pct(r.actions[i].frequency) })),
    h("td", { text: num(r.ev[0]) }), h("td", { text: num(r.ev[1]) }), h("td", { text: pct(r.equity[0]) }))));
}

function drawGroups(v) {
  const g = $("groups");
  g.replaceChildren();
  const cols = (v.actions || []).map((a) => a.color);
  const tot = v.groups.reduce((s, x) => s + x.combos, 0) || 1;
  for (const x of v.groups) {
    const bar = h("div", { class: "gbar" });
    bar.style.width = Math.max(2, (100 * x.combos) / tot).toFixed(1) + "%";
    for (const [a, f] of (x.frequency || []).entries()) {
      const seg = h("span", { class: "seg" });
      seg.style.width = (100 * f).toFixed(2) + "%";
      seg.style.background = cols[a];
      bar.append(seg);
    }
    if (!x.frequency) bar.classList.add("plain");
    g.append(h("div", { class: "group" }, h("span", { class: "gname", text: x.name }), h("span", { class: "gtrack" }, bar),
      h("span", { class: "gnum", text: `${x.combos.toFixed(2)} · EV ${num(x.ev, 1)}` })));
  }
}

function drawExports() {
  if (!S.spot) return;
  const base = `/api/spots/${S.spot.id}/export?${nodeQuery()}`;
  for (const f of ["png", "svg", "csv", "json"]) $("exp-" + f).href = base + "&format=" + f;
  $("exp-toml").href = `/api/spots/${S.spot.id}/toml`;
  $("permalink").href = location.pathname + "#" + hashText();
}

// ---- QRE against Nash ---------------------------------------------------

async function loadCompare() {
  const sp = S.spot;
  if (!sp || !sp.nash || !sp.qre || !sp.qre.length) {
    $("compare-info").textContent = sp && sp.qre && sp.qre.length ? "solve Nash too to compare" : "solve a QRE to compare";
    return;
  }
  const idx = Math.min(Number($("lambda").value), sp.qre.length - 1);
  const q = sp.qre[idx];
  $("lambda-val").textContent = q.lambda.toPrecision(4) + (q.star ? " (λ*)" : "");
  try {
    const c = await api("GET", `/api/spots/${sp.id}/compare?lambda=${q.lambda}`);
    S.ghosts = new Set(c.ghosts.map((g) => g.line));
    $("compare-info").textContent = `mean total variation ${c.mean_tv.toFixed(3)}; ${c.ghost_count} ghost nodes` + (c.fit_slope ? `; exploitability ≈ ${c.fit_c.toPrecision(3)}/λ pots (slope ${c.fit_slope.toFixed(2)})` : "");
    const series = [{ points: c.path.map((p) => [p.lambda, p.percent]), color: "#f2c14e", label: "QRE" }];
    if (c.fit_c > 0 && c.path.length > 1) {
      const xs = c.path.map((p) => p.lambda);
      const lo = Math.min(...xs), hi = Math.max(...xs);
      series.push({ points: [[lo, (100 * c.fit_c) / lo], [hi, (100 * c.fit_c) / hi]], color: "#93a1b0", dash: true, label: "c/λ" });
    }
    loglog($("expl-chart"), series, { xlabel: "λ (pots)", ylabel: "% of pot", marks: [{ x: q.lambda, y: q.percent, color: "#d4343d", label: "selected λ" }] });
    drawGhosts(c, false);
    const [nv, qv] = await Promise.all([
      api("GET", `/api/spots/${sp.id}/node?${new URLSearchParams({ line: S.line, view: "nash" })}`),
      api("GET", `/api/spots/${sp.id}/node?${new URLSearchParams({ line: S.line, view: "qre", lambda: String(q.lambda) })}`),
    ]);
    if (nv.kind !== "oop" && nv.kind !== "ip") return;
    drawGrid($("cmp-nash"), nv, false);
    drawGrid($("cmp-qre"), qv, false);
    const diff = { actions: [{ color: "#d4343d" }], grid: nv.grid.map((c, i) => {
      const a = c.frequency, b = qv.grid[i].frequency;
      if (!a || !b) return { weight: 0 };
      const tv = a.reduce((s, x, k) => s + Math.abs(x - b[k]), 0) / 2;
      return { weight: Math.max(qv.grid[i].weight, c.weight), frequency: [tv] };
    }) };
    drawGrid($("cmp-diff"), diff, false);
    if (S.node) drawNode();
  } catch (e) {
    showError(e.message);
  }
}

// drawGhosts lists the ghost lines by the Nash strategy's loss (the first
// twelve unless all are asked for).
function drawGhosts(c, all) {
  const gt = $("ghosts");
  const rows = all ? c.ghosts : c.ghosts.slice(0, 12);
  gt.replaceChildren(h("tr", {}, h("th", { text: "line" }), h("th", { text: "player" }), h("th", { text: "Nash reach" }), h("th", { text: "Nash loss" }), h("th", { text: "QRE loss" })),
    ...rows.map((g) => h("tr", { "data-line": g.line, onclick: () => openNode(g.line) }, h("td", { text: g.line || "root" }), h("td", { text: g.player }),
      h("td", { text: g.nash_reach.toExponential(1) }), h("td", { text: num(g.nash_loss, 3) }), h("td", { text: num(g.qre_loss, 3) }))));
  if (!all && c.ghosts.length > rows.length) {
    gt.append(h("tr", {}, h("td", { colspan: "5" }, h("button", { type: "button", class: "link", text: `show all ${c.ghosts.length} listed (of ${c.ghost_count})`, onclick: () => drawGhosts(c, true) }))));
  }
}

// ---- Library and presets -------------------------------------------------

async function refreshLibrary() {
  try {
    const lib = await api("GET", "/api/library");
    const ul = $("library-list");
    ul.replaceChildren(...lib.spots.map((e) => h("li", { "data-name": e.name },
      h("button", { type: "button", class: "link", text: e.name, onclick: () => openSaved(e.name) }),
      h("span", { class: "muted", text: ` ${e.board} · ${e.nash ? "Nash" : ""}${e.qre.length ? " · QRE ×" + e.qre.length : ""}` }))));
    if (lib.spots.length === 0) ul.append(h("li", { class: "muted", text: "no saved spots" }));
  } catch (e) {
    showError(e.message);
  }
}

async function openSaved(name) {
  try {
    const info = await api("POST", `/api/library/${encodeURIComponent(name)}/open`);
    await loadSpot(info.id);
  } catch (e) {
    showError(e.message);
  }
}

async function save() {
  if (!S.spot) { showError("solve a spot first"); return; }
  try {
    const r = await api("POST", `/api/spots/${S.spot.id}/save`, { name: $("save-name").value.trim() });
    $("status").textContent = "saved as " + r.file;
    refreshLibrary();
  } catch (e) {
    showError(e.message);
  }
}

async function loadPresets() {
  try {
    const r = await api("GET", "/api/ranges");
    const sel = $("presets");
    for (const p of r.ranges) sel.append(h("option", { value: p.range, text: p.name }));
  } catch { /* no presets */ }
}

// ---- The URL -------------------------------------------------------------

function hashText() {
  const p = new URLSearchParams();
  if (S.spot) p.set("spot", S.spot.id);
  if (S.line) p.set("line", S.line);
  if (S.view !== "nash") p.set("view", S.view);
  if (S.lambda > 0) p.set("lambda", String(S.lambda));
  return p.toString();
}
function writeHash() {
  const t = hashText();
  if (location.hash.slice(1) !== t) history.replaceState(null, "", "#" + t);
  if (S.spot) drawExports();
}

async function loadSpot(id) {
  const info = await api("GET", `/api/spots/${id}`);
  const src = await (await fetch(`/api/spots/${id}/toml`, { credentials: "same-origin" })).text();
  fromTOML(src);
  estimate();
  setSpot(info);
  listen(id);
  if (info.nash || (info.qre && info.qre.length)) {
    if (!info.nash) S.view = "qre";
    await openNode(S.line);
    await loadCompare();
  }
}

// ---- Wiring --------------------------------------------------------------

function init() {
  drawPicker();
  drawRangeGrid();
  drawProgress();
  loglog($("expl-chart"), [], { empty: "exploitability against λ appears here" });
  $("board-clear").addEventListener("click", () => { S.board = []; builderChanged(); });
  $("range-oop").addEventListener("click", () => editPlayer(0));
  $("range-ip").addEventListener("click", () => editPlayer(1));
  $("brush").addEventListener("input", () => { S.brush = Number($("brush").value) / 100; $("brush-val").textContent = $("brush").value + "%"; });
  $("range-clear").addEventListener("click", () => { S.ranges[S.editing] = new Float64Array(52 * 52); rangeChanged(); });
  $("presets").addEventListener("change", () => {
    if ($("presets").value) { S.ranges[S.editing] = parseRange($("presets").value); rangeChanged(); $("presets").value = ""; }
  });
  $("range-text").addEventListener("input", () => {
    try {
      S.ranges[S.editing] = parseRange($("range-text").value);
      $("range-text").classList.remove("bad");
      $("range-count").classList.remove("error");
      drawRangeGrid();
      builderChanged(true);
    } catch (e) {
      $("range-text").classList.add("bad");
      $("range-count").textContent = e.message;
      $("range-count").classList.add("error");
    }
  });
  for (const e of document.querySelectorAll("#builder input[data-key]")) e.addEventListener("input", () => builderChanged(true));
  for (const st of ["turn", "river"]) {
    $("donk-on-" + st).addEventListener("change", () => { $("donk-" + st).disabled = !$("donk-on-" + st).checked; builderChanged(true); });
  }
  $("download-toml").addEventListener("click", () => {
    const a = h("a", { href: URL.createObjectURL(new Blob([toTOML()], { type: "application/toml" })), download: "spot.toml" });
    document.body.append(a);
    a.click();
    a.remove();
  });
  $("load-toml").addEventListener("change", async () => {
    const f = $("load-toml").files[0];
    if (!f) return;
    await loadTOML(await f.text(), f.name);
    $("load-toml").value = "";
  });
  $("solve-btn").addEventListener("click", solve);
  $("cancel-btn").addEventListener("click", cancel);
  $("save-btn").addEventListener("click", save);
  $("view-nash").addEventListener("click", () => { S.view = "nash"; openNode(S.line); });
  $("view-qre").addEventListener("click", () => { S.view = "qre"; openNode(S.line); });
  $("lambda").addEventListener("input", () => {
    const q = S.spot && S.spot.qre && S.spot.qre[Number($("lambda").value)];
    if (!q) return;
    S.lambda = q.star ? 0 : q.lambda;
    loadCompare().then(() => { if (S.view === "qre") openNode(S.line); });
  });
  refreshLibrary();
  loadPresets();
  const p = new URLSearchParams(location.hash.slice(1));
  S.line = p.get("line") || "";
  S.view = p.get("view") === "qre" ? "qre" : "nash";
  S.lambda = Number(p.get("lambda")) || 0;
  if (p.get("spot")) loadSpot(p.get("spot")).catch((e) => showError(e.message));
  else builderChanged();
  document.body.dataset.ready = "1";
}

// The builder's spot as the Download button writes it, and the fields
// filled from a file as the page reads it, for scripts and tests driving
// the page.
window.labBuilder = { toTOML, fromTOML };

init();
