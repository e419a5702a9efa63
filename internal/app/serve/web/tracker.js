// pokerlab: the hand database page (the players, a player's results and
// hands, the hand replayer), reading /api/db/... (docs/api.md). Plain ES
// module, no framework, no build step. Every figure comes from the server:
// this page formats and draws.
import { prettyCard, SUITS } from "./phh.js";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
};
const SVGNS = $("pgraph").namespaceURI;
const svg = (tag, attrs) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
};

// ---------- Talking to the server ----------

// The operator's key, on a server that has keys (kept in this tab only).
const keyOf = () => sessionStorage.getItem("pokerlab.key") || "";

class NeedKey extends Error {}

async function api(path) {
  const headers = {};
  if (keyOf()) headers["Authorization"] = "Bearer " + keyOf();
  const r = await fetch(path, { headers });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (r.status === 401) throw new NeedKey(data && data.error ? data.error : "the API key is needed");
  if (!r.ok) throw new Error(data && data.error ? data.error : r.status + " " + r.statusText);
  return data;
}

// ---------- Formatting ----------

const SYMBOLS = { USD: "$", EUR: "€", GBP: "£", INR: "₹" };
const minus = "−";
const sign = (x) => (x > 0 ? "+" : x < 0 ? minus : "");
const num = (x, digits) => Math.abs(x).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
// An amount of a hand's units (10^-decimals currency units).
function units(v, decimals) {
  return num(v / 10 ** decimals, decimals);
}
const signedNum = (x, digits) => sign(Math.round(x * 10 ** digits)) + num(x, digits);
const pct = (s) => (s && s.value != null ? (100 * s.value).toFixed(1) : "–");

function cardEl(code, size) {
  const c = el("div", "card" + (size ? " " + size : ""));
  if (!code || code === "??") {
    c.classList.add("back");
    return c;
  }
  const suit = code[1];
  if (suit === "h") c.classList.add("red");
  if (suit === "d") c.classList.add("diamond");
  if (suit === "c") c.classList.add("club");
  c.dataset.card = code;
  c.setAttribute("aria-label", prettyCard(code));
  c.append(el("span", "r", code[0] === "T" ? "10" : code[0]), el("span", "s", SUITS[suit] || "?"));
  return c;
}

function show(view) {
  for (const id of ["auth", "players", "player", "hand"]) $(id).hidden = id !== view;
  document.body.dataset.view = view;
  $("err").textContent = "";
}

function fail(e) {
  if (e instanceof NeedKey) {
    show("auth");
    $("err").textContent = e.message;
    return;
  }
  $("err").textContent = e.message;
  document.body.dataset.error = e.message;
}

// ---------- The players ----------

// The stats of the list and of each position (the server's summary
// stats), with their labels; AF is a ratio, the others percentages.
const STATS = [
  ["vpip", "VPIP"], ["pfr", "PFR"], ["three_bet", "3Bet"], ["fold_to_three_bet", "F3B"], ["steal", "Steal"],
  ["cbet_flop", "CBet"], ["fold_to_cbet_flop", "FCBet"], ["wtsd", "WTSD"], ["wsd", "W$SD"], ["af", "AF"],
];

function statCell(s, key) {
  const td = el("td", "num st");
  if (!s) return td;
  const v = s.value == null ? "–" : key === "af" ? s.value.toFixed(2) : (100 * s.value).toFixed(1);
  td.append(el("span", "v", v), el("span", "n", String(s.opportunities)));
  td.title = key === "af"
    ? `${s.taken} bets and raises / ${s.opportunities} calls`
    : `${s.taken} of ${s.opportunities}` + (s.ci95 ? `; 95% interval ${(100 * s.ci95[0]).toFixed(1)}–${(100 * s.ci95[1]).toFixed(1)}%` : "");
  td.dataset.sort = s.value == null ? -1 : s.value;
  return td;
}

// The units of the amounts in chips (the server's "units": the one
// currency and decimals of the stored hands; null when they differ, and
// amounts are then shown as bare chips).
let UNITS = null;
function chips(v) {
  const dec = UNITS ? UNITS.decimals : 0;
  const cur = UNITS ? SYMBOLS[UNITS.currency] || "" : "";
  return sign(v) + cur + units(Math.abs(v), dec);
}

// MONEY are the money columns of the list and of each position: the key
// in "money", the label, the digits, the title.
const MONEY = [
  ["net_bb", "bb", 1, "net won in big blinds, after rake"],
  ["bb_per_100", "bb/100", 1, "net won per 100 hands in big blinds, ± its standard error"],
  ["allin_ev_bb_per_100", "EV bb/100", 1, "all-in adjusted: each all-in before the river counted at the equity share of the pots"],
  ["showdown_bb", "SD bb", 1, "won in the hands that went to a showdown"],
  ["non_showdown_bb", "non-SD bb", 1, "won in the other hands"],
  ["rake_bb", "rake bb", 1, "rake paid out of the pots won"],
];

function moneyCells(tr, r) {
  const m = r.money;
  const hands = el("td", "num", r.hands.toLocaleString("en-US"));
  hands.dataset.sort = r.hands;
  const net = el("td", "num " + (m.net > 0 ? "up" : m.net < 0 ? "down" : ""), chips(m.net));
  net.dataset.sort = m.net;
  net.dataset.key = "net";
  tr.append(hands, net);
  for (const [k, , digits, title] of MONEY) {
    const v = m[k];
    const td = el("td", "num");
    td.dataset.key = k;
    td.dataset.sort = v == null ? -Infinity : v;
    if (k === "bb_per_100") {
      td.append(el("span", "v", v == null ? "–" : signedNum(v, digits)), el("span", "n", m.bb_per_100_stderr == null ? "" : "± " + num(m.bb_per_100_stderr, 1)));
    } else {
      td.textContent = v == null ? "–" : signedNum(v, digits);
    }
    td.title = title;
    tr.append(td);
  }
}

const list = { rows: [], total: 0, sort: "hands", desc: true, filter: "" };

// A filter the server refuses: its message under the filter box.
function filterFailed(e, box) {
  if (e instanceof NeedKey) throw e;
  $(box).textContent = e.message;
}

const withFilter = (path, f) => (f ? path + (path.includes("?") ? "&" : "?") + "filter=" + encodeURIComponent(f) : path);

async function showPlayers() {
  show("players");
  $("lfiltererr").textContent = "";
  try {
    let data;
    try {
      data = await api(withFilter("/api/db/players?limit=2000", list.filter));
    } catch (e) {
      if (!list.filter) throw e;
      filterFailed(e, "lfiltererr");
      return;
    }
    list.rows = data.players;
    list.total = data.total;
    UNITS = data.units;
    renderPlayers();
  } catch (e) { fail(e); }
}

function renderPlayers() {
  const head = $("playerhead");
  head.replaceChildren();
  const cols = [["name", "Player"], ["hands", "Hands"], ["net", "Net"], ...MONEY.map(([k, label]) => [k, label]), ...STATS];
  for (const [k, label] of cols) {
    const th = el("th", k === "name" ? "" : "num");
    const b = el("button", "sort", label + (list.sort === k ? (list.desc ? " ▾" : " ▴") : ""));
    b.onclick = () => {
      list.desc = list.sort === k ? !list.desc : k !== "name";
      list.sort = k;
      renderPlayers();
    };
    th.append(b);
    head.append(th);
  }
  const find = $("find").value.trim().toLowerCase();
  const value = (r) => {
    if (list.sort === "name") return r.name.toLowerCase();
    if (list.sort === "hands") return r.hands;
    if (list.sort in r.money) return r.money[list.sort] == null ? -Infinity : r.money[list.sort];
    const s = r.stats[list.sort];
    return s && s.value != null ? s.value : -1;
  };
  const rows = list.rows.filter((r) => !find || r.name.toLowerCase().includes(find));
  rows.sort((a, b) => {
    const x = value(a), y = value(b);
    const c = x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : 1;
    return list.desc ? -c : c;
  });
  const body = $("playerrows");
  body.replaceChildren();
  for (const r of rows) {
    const tr = el("tr");
    tr.dataset.player = r.name;
    const a = el("a", "link", r.name);
    a.href = "#/player/" + encodeURIComponent(r.name);
    const td = el("td", "name");
    td.append(a);
    tr.append(td);
    moneyCells(tr, r);
    for (const [k] of STATS) tr.append(statCell(r.stats[k], k));
    body.append(tr);
  }
  $("playercount").textContent = `${rows.length} of ${list.total.toLocaleString("en-US")} players` +
    (list.total > list.rows.length ? ` (the ${list.rows.length.toLocaleString("en-US")} with the most hands)` : "");
}

// ---------- A player ----------

const page = { name: "", before: null, filter: "", graph: null };

async function showPlayer(name) {
  show("player");
  if (page.name !== name) {
    page.filter = "";
    $("filter").value = "";
  }
  page.name = name;
  await loadPlayer();
}

// loadPlayer reads everything on the player's page under the page's
// filter: the totals, the positions, the graph and the hands.
async function loadPlayer() {
  const name = page.name, f = page.filter;
  page.before = null;
  $("pname").textContent = name;
  $("filtererr").textContent = "";
  for (const id of ["handrows", "ptiles", "posrows", "pgraph"]) $(id).replaceChildren();
  $("more").hidden = true;
  document.body.dataset.filtered = "";
  try {
    let p, g;
    try {
      [p, g] = await Promise.all([api(withFilter("/api/db/players/" + encodeURIComponent(name), f)),
        api(withFilter(`/api/db/players/${encodeURIComponent(name)}/graph?points=800`, f))]);
    } catch (e) {
      if (!f) throw e;
      filterFailed(e, "filtererr");
      return;
    }
    if (page.name !== name || page.filter !== f) return;
    UNITS = p.units;
    renderPlayerTiles(p);
    renderPositions(p);
    page.graph = g;
    drawGraph();
    await moreHands();
    document.body.dataset.filtered = f || "-";
  } catch (e) { fail(e); }
}

function tile(k, v, cls, title) {
  const d = el("div", "stat " + (cls || ""));
  d.append(el("span", "v", v), el("span", "k", k));
  if (title) d.title = title;
  return d;
}

function renderPlayerTiles(p) {
  const t = $("ptiles");
  const m = p.money;
  const updown = (x) => (x > 0 ? "up" : x < 0 ? "down" : "");
  const opt = (v, d) => (v == null ? "–" : signedNum(v, d));
  const hands = tile("hands", p.hands.toLocaleString("en-US"));
  hands.dataset.hands = p.hands;
  t.append(
    hands,
    tile("net won", chips(m.net), updown(m.net)),
    tile("big blinds", signedNum(m.net_bb, 1), updown(m.net_bb)),
    tile("bb/100", `${opt(m.bb_per_100, 1)} ± ${m.bb_per_100_stderr == null ? "–" : num(m.bb_per_100_stderr, 1)}`, updown(m.bb_per_100), "the standard error of the mean result per hand, × 100"),
    tile("all-in EV bb/100", opt(m.allin_ev_bb_per_100, 1), updown(m.allin_ev_bb_per_100), "each all-in before the river counted at the equity share of the pots"),
    tile(`showdown bb (${m.showdown_hands.toLocaleString("en-US")} hands)`, signedNum(m.showdown_bb, 1), updown(m.showdown_bb)),
    tile("non-showdown bb", signedNum(m.non_showdown_bb, 1), updown(m.non_showdown_bb)),
    tile("rake paid", chips(m.rake).replace(/^\+/, ""), "", `${num(m.rake_bb, 1)} bb`),
  );
  for (const [k, label] of STATS) {
    const s = p.stats[k];
    const v = !s || s.value == null ? "–" : k === "af" ? s.value.toFixed(2) : (100 * s.value).toFixed(1) + "%";
    const title = s ? `${s.taken} of ${s.opportunities}` + (s.ci95 ? `; 95% interval ${(100 * s.ci95[0]).toFixed(1)}–${(100 * s.ci95[1]).toFixed(1)}%` : "") : "";
    t.append(tile(`${label} (${s ? s.opportunities : 0})`, v, "", title));
  }
}

function renderPositions(p) {
  const head = $("poshead");
  head.replaceChildren(el("th", "", "Position"), el("th", "num", "Hands"), el("th", "num", "Net"));
  for (const [, label, , title] of MONEY) {
    const th = el("th", "num", label);
    th.title = title;
    head.append(th);
  }
  for (const [, label] of STATS) head.append(el("th", "num", label));
  const body = $("posrows");
  body.replaceChildren();
  for (const r of p.positions) {
    const tr = el("tr");
    tr.dataset.position = r.position;
    tr.append(el("td", "name", r.position));
    moneyCells(tr, r);
    for (const [k] of STATS) tr.append(statCell(r.stats[k], k));
    body.append(tr);
  }
}

// LINES are the graph's lines, as trackers draw them: the key of a point,
// the label, the class (its colour).
const LINES = [
  ["won_bb", "won", "won"],
  ["allin_ev_bb", "all-in EV", "ev"],
  ["showdown_bb", "showdown", "sd"],
  ["non_showdown_bb", "non-showdown", "nsd"],
];

// drawGraph draws the cumulative results in big blinds against hands.
function drawGraph() {
  const g = page.graph;
  if (!g) return;
  const s = $("pgraph");
  const W = 800, H = 220, L = 64, R = 10, T = 12, B = 26;
  const pts = g.points;
  s.replaceChildren();
  const all = pts.flatMap((p) => LINES.map(([k]) => p[k]));
  const lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  const span = hi - lo || 1;
  const X = (h) => L + (W - L - R) * (g.hands ? h / g.hands : 0);
  const Y = (v) => T + (H - T - B) * (1 - (v - lo) / span);
  // Horizontal grid lines at round numbers (1, 2 or 5 times a power of
  // ten), counted in whole ticks so that 0 is exactly 0.
  const step = 10 ** Math.floor(Math.log10(span / 2 || 1));
  const tick = [1, 2, 5, 10].map((m) => m * step).find((t) => span / t <= 6) || step * 10;
  for (let k = Math.ceil(lo / tick - 1e-9); k <= Math.floor(hi / tick + 1e-9); k++) {
    const v = k * tick;
    s.append(svg("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: k === 0 ? "zero" : "grid" }));
    const tl = svg("text", { x: L - 6, y: Y(v) + 4, class: "axis", "text-anchor": "end" });
    tl.textContent = signedNum(v, tick < 1 ? 1 : 0);
    s.append(tl);
  }
  const xl = svg("text", { x: W - R, y: H - 6, class: "axis", "text-anchor": "end" });
  xl.textContent = `${g.hands.toLocaleString("en-US")} hands`;
  const yl = svg("text", { x: L, y: H - 6, class: "axis" });
  yl.textContent = "0";
  s.append(xl, yl);
  const last = pts[pts.length - 1];
  let lx = L + 8;
  for (const [k, label, cls] of LINES) {
    const d = pts.map((p) => `${X(p.hand).toFixed(1)},${Y(p[k]).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points: d, class: "line " + cls });
    line.dataset.key = k;
    line.dataset.last = last[k];
    const title = svg("title");
    title.textContent = `${label}: ${signedNum(last[k], 1)} bb`;
    line.append(title);
    s.append(line);
    const key = svg("text", { x: lx, y: T + 12, class: "legend " + cls });
    key.textContent = `${label} ${signedNum(last[k], 1)}`;
    s.append(key);
    lx += 150;
  }
  s.dataset.points = pts.length;
  s.dataset.hands = g.hands;
  s.dataset.last = last.won_bb;
  $("pgraphnote").textContent = `Big blinds won, after rake, over ${g.hands.toLocaleString("en-US")} hands in the order they were stored` +
    (pts.length - 1 < g.hands ? ` (a point every ${Math.ceil(g.hands / (pts.length - 1))} hands)` : "") + ".";
}

async function moreHands() {
  const name = page.name;
  let path = `/api/db/players/${encodeURIComponent(name)}/hands?limit=50`;
  if (page.before) path += "&before=" + page.before;
  const data = await api(withFilter(path, page.filter));
  if (page.name !== name) return;
  const body = $("handrows");
  for (const h of data.hands) {
    const tr = el("tr", "handrow");
    tr.dataset.hand = h.id;
    const a = el("a", "link", h.played_at ? h.played_at.replace("T", " ") : `#${h.site_hand}`);
    a.href = `#/hand/${h.id}?player=${encodeURIComponent(name)}`;
    const when = el("td");
    when.append(a);
    const cards = el("td"), hole = el("div", "cards");
    for (const c of h.hole) hole.append(cardEl(c, "tiny"));
    cards.append(hole);
    const board = el("td"), flop = el("div", "cards");
    for (const c of h.board) flop.append(cardEl(c, "tiny"));
    board.append(flop);
    const net = el("td", "num " + (h.net > 0 ? "up" : h.net < 0 ? "down" : ""), sign(h.net) + (SYMBOLS[h.currency] || "") + units(Math.abs(h.net), h.decimals));
    tr.append(when, el("td", "", h.stakes), el("td", "muted", h.table), el("td", "", h.position), cards, board, net, el("td", "num", signedNum(h.net_bb, 1)));
    tr.onclick = (e) => { if (e.target.tagName !== "A") location.hash = a.getAttribute("href"); };
    body.append(tr);
  }
  page.before = data.next_before;
  $("more").hidden = data.next_before == null;
}

// ---------- The replayer ----------

// Where the other seats sit clockwise from the bottom seat, by the number
// of seats (the cells of the felt's grid, as on the table page).
const SLOTS = {
  2: ["t2"],
  3: ["t1", "t3"],
  4: ["l", "t2", "r"],
  5: ["l", "t1", "t3", "r"],
  6: ["l", "tl", "t2", "tr", "r"],
  7: ["l", "tl", "t1", "t3", "tr", "r"],
  8: ["bl", "l", "tl", "t2", "tr", "r", "br"],
  9: ["bl", "l", "tl", "t1", "t3", "tr", "r", "br"],
  10: ["bl", "l", "tl", "t1", "t2", "t3", "tr", "r", "br"],
};

const rp = { hand: null, i: 0, player: "", loading: false };

async function showHand(id, player, step) {
  show("hand");
  rp.player = player;
  rp.loading = true;
  document.body.dataset.loading = "1";
  try {
    const q = player ? "?player=" + encodeURIComponent(player) : "";
    const h = await api(`/api/db/hands/${id}${q}`);
    rp.hand = h;
    // A link may name a step: a number from 1, or "result".
    rp.i = step === "result" ? h.steps.length - 1 : Math.max(0, Math.min(h.steps.length - 1, (parseInt(step, 10) || 1) - 1));
    document.body.dataset.hand = h.id;
    document.body.dataset.steps = h.steps.length;
    const xp = $("xphh"), xt = $("xtxt");
    xp.href = `/api/db/hands/${h.id}.phh`;
    xt.href = `/api/db/hands/${h.id}.txt`;
    xp.download = `hand-${h.id}.phh`;
    xt.download = `hand-${h.id}.txt`;
    $("rback").href = player ? "#/player/" + encodeURIComponent(player) : "#/";
    $("rback").textContent = player ? "back to " + player : "back to the players";
    $("hprev").disabled = h.prev == null;
    $("hnext").disabled = h.next == null;
    $("rhead").textContent = `${h.site || "Hand"} #${h.site_hand}`;
    $("rmeta").textContent = [h.stakes + (h.currency ? " " + h.currency : ""), h.table, h.played_at ? h.played_at.replace("T", " ") : ""].filter(Boolean).join(" · ");
    renderStep();
  } catch (e) { fail(e); }
  rp.loading = false;
  delete document.body.dataset.loading;
}

// Exports over the key: a plain link cannot send the Authorization header.
async function exportWithKey(e) {
  if (!keyOf()) return;
  e.preventDefault();
  const a = e.currentTarget;
  try {
    const r = await fetch(a.getAttribute("href"), { headers: { Authorization: "Bearer " + keyOf() } });
    if (!r.ok) throw new Error((await r.json()).error);
    const link = el("a");
    link.href = URL.createObjectURL(await r.blob());
    link.download = a.download;
    document.body.append(link);
    link.click();
    link.remove();
  } catch (err) { fail(err); }
}

function go(i) {
  if (!rp.hand) return;
  rp.i = Math.max(0, Math.min(rp.hand.steps.length - 1, i));
  renderStep();
}

// streetStart is the first step of the street of step i.
function streetStart(i) {
  const steps = rp.hand.steps;
  while (i > 0 && steps[i - 1].street === steps[i].street) i--;
  return i;
}

function nextStreet() {
  const steps = rp.hand.steps;
  let j = rp.i + 1;
  while (j < steps.length && steps[j].street === steps[rp.i].street) j++;
  go(j);
}

function prevStreet() {
  let s = streetStart(rp.i);
  if (s === rp.i && s > 0) s = streetStart(s - 1);
  go(s);
}

function renderStep() {
  const h = rp.hand;
  const st = h.steps[rp.i];
  const n = h.seats.length;
  const dec = h.decimals;
  const cur = SYMBOLS[h.currency] || "";
  const amt = (v) => cur + units(v, dec);
  document.body.dataset.step = rp.i;
  document.body.dataset.kind = st.kind;
  const felt = $("rfelt");
  felt.dataset.n = n;
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  // The viewed player at the bottom (else the first seat).
  let me = h.seats.findIndex((s) => s.name === rp.player);
  if (me < 0) me = 0;
  const slots = SLOTS[n] || SLOTS[10];
  const over = st.kind === "award" || st.kind === "result";
  for (let i = 0; i < n; i++) {
    const s = h.seats[i];
    const k = (i - me + n) % n;
    const d = el("div", "seat");
    d.dataset.seat = i + 1;
    d.dataset.slot = k === 0 ? "me" : slots[k - 1];
    if (i === me && rp.player) d.classList.add("me");
    if (st.seat === i) d.classList.add("toact");
    if (st.folded[i]) d.classList.add("folded");
    if (over && st.won[i] > 0) d.classList.add("winner");
    const hole = el("div", "hole");
    for (const c of s.hole) hole.append(cardEl(c, "small"));
    const plate = el("div", "plate");
    const line1 = el("div", "line1");
    line1.append(el("span", "name", s.name));
    if (s.button) line1.append(el("span", "dealer", "D"));
    const line2 = el("div", "line2");
    const stack = el("span", "stack", amt(st.stacks[i]));
    stack.dataset.stack = st.stacks[i];
    line2.append(stack, el("span", "tag", s.position));
    if (st.folded[i]) line2.append(el("span", "tag", "fold"));
    else if (st.stacks[i] === 0 && !over) line2.append(el("span", "tag", "all-in"));
    plate.append(line1, line2);
    const bet = el("div", "bet");
    if (st.bets[i] > 0) {
      bet.append(el("span", "chip"), el("span", "", amt(st.bets[i])));
      bet.dataset.bet = st.bets[i];
    } else if (over && st.won[i] > 0) {
      bet.append(el("span", "chip"), el("span", "", "+" + amt(st.won[i])));
    }
    const rank = el("div", "rank", st.ranks[i] || "");
    d.append(hole, plate, bet, rank);
    felt.append(d);
  }
  $("rboard").replaceChildren(...st.board.map((c) => cardEl(c)));
  const bets = st.bets.reduce((a, b) => a + b, 0);
  let pot = st.pot ? "Pot " + amt(st.pot) : "";
  if (bets && st.pot) pot += ` · ${amt(st.pot + bets)} with the bets`;
  if (st.kind === "result" && h.rake) pot = "Rake " + amt(h.rake);
  $("rpot").textContent = pot;
  $("rtext").textContent = st.text;
  $("rtitle").textContent = `${st.street} · step ${rp.i + 1} of ${h.steps.length}`;
  $("sindex").textContent = `step ${rp.i + 1} / ${h.steps.length}`;
  $("sfirst").disabled = $("sprev").disabled = $("sstreetback").disabled = rp.i === 0;
  $("slast").disabled = $("snext").disabled = $("sstreet").disabled = rp.i === h.steps.length - 1;
  const log = $("rlog");
  log.replaceChildren();
  let street = "";
  h.steps.forEach((s, j) => {
    if (s.street !== street) {
      street = s.street;
      log.append(el("li", "hand", street));
    }
    const li = el("li", j === rp.i ? "current" : j > rp.i ? "future" : "", s.text);
    li.onclick = () => go(j);
    log.append(li);
  });
  const curLi = log.querySelector(".current");
  if (curLi && curLi.scrollIntoView) curLi.scrollIntoView({ block: "nearest" });
}

function neighbour(which) {
  if (!rp.hand || rp.loading) return;
  const id = rp.hand[which];
  if (id == null) return;
  location.hash = `#/hand/${id}` + (rp.player ? "?player=" + encodeURIComponent(rp.player) : "");
}

function onKey(e) {
  if (document.body.dataset.view !== "hand" || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  switch (e.key) {
    case "ArrowRight": go(rp.i + 1); break;
    case "ArrowLeft": go(rp.i - 1); break;
    case "ArrowDown": nextStreet(); break;
    case "ArrowUp": prevStreet(); break;
    case "Home": go(0); break;
    case "End": go(Infinity); break;
    case "n": case "N": neighbour("next"); break;
    case "p": case "P": neighbour("prev"); break;
    default: return;
  }
  e.preventDefault();
}

// ---------- Routes ----------

function route() {
  const hash = location.hash || "#/";
  const [path, query] = hash.slice(1).split("?");
  const params = new URLSearchParams(query || "");
  let m;
  if ((m = path.match(/^\/player\/(.+)$/))) showPlayer(decodeURIComponent(m[1]));
  else if ((m = path.match(/^\/hand\/([0-9]+)$/))) showHand(m[1], params.get("player") || "", params.get("step") || "");
  else showPlayers();
}

$("keyform").addEventListener("submit", (e) => {
  e.preventDefault();
  sessionStorage.setItem("pokerlab.key", $("key").value.trim());
  route();
});
$("find").addEventListener("input", renderPlayers);
$("more").onclick = () => moreHands().catch(fail);
$("filterform").addEventListener("submit", (e) => {
  e.preventDefault();
  page.filter = $("filter").value.trim();
  loadPlayer();
});
$("lfilterform").addEventListener("submit", (e) => {
  e.preventDefault();
  list.filter = $("lfilter").value.trim();
  showPlayers();
});
$("sfirst").onclick = () => go(0);
$("sprev").onclick = () => go(rp.i - 1);
$("snext").onclick = () => go(rp.i + 1);
$("slast").onclick = () => go(Infinity);
$("sstreet").onclick = nextStreet;
$("sstreetback").onclick = prevStreet;
$("hprev").onclick = () => neighbour("prev");
$("hnext").onclick = () => neighbour("next");
$("xphh").addEventListener("click", exportWithKey);
$("xtxt").addEventListener("click", exportWithKey);
document.addEventListener("keydown", onKey);
window.addEventListener("hashchange", route);
route();
