// pokerlab serve: the lobby and the table, talking to the HTTP API
// (docs/api.md). Hand-written ES modules, no framework, no build step.
import { parsePHHS, replay, handNumber, netOf, prettyCard, fmt, SUITS } from "./phh.js";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
// The SVG namespace, taken from the page's own graph element (the page
// names no URL).
const SVG = document.getElementById("graph").namespaceURI;
const svg = (tag, attrs) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
};
const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + fmt(Math.abs(x));

// Tokens of the seats this browser sits in, by table id.
function seatsMine() {
  try { return JSON.parse(localStorage.getItem("pokerlab.seats") || "{}"); } catch (e) { return {}; }
}
function saveSeat(id, info) {
  const m = seatsMine();
  m[id] = info;
  localStorage.setItem("pokerlab.seats", JSON.stringify(m));
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = text; }
  if (!r.ok) {
    const msg = data && data.error ? data.error : r.status + " " + r.statusText;
    throw new Error(msg);
  }
  return data;
}

function cardEl(code, size) {
  const c = el("div", "card" + (size ? " " + size : ""));
  if (!code || code === "??") {
    c.classList.add("back");
    return c;
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  if (suit === "h") c.classList.add("red");
  if (suit === "d") c.classList.add("diamond");
  if (suit === "c") c.classList.add("club");
  c.dataset.card = code;
  c.setAttribute("aria-label", prettyCard(code));
  c.append(el("span", "r", rank), el("span", "s", SUITS[suit] || "?"));
  return c;
}

// ---------- Lobby ----------

let profiles = [];

async function showLobby() {
  $("game").hidden = true;
  $("lobby").hidden = false;
  $("nav").textContent = "";
  try { profiles = await api("GET", "/api/profiles"); } catch (e) { profiles = []; }
  const rows = $("profilerows");
  rows.replaceChildren();
  for (const p of profiles) {
    const tr = el("tr");
    tr.append(el("td", "", p.name + (p.builtin ? "" : " (stored)")));
    for (const k of ["vpip", "pfr", "three_bet", "cbet_flop", "fold_to_cbet_flop"]) {
      tr.append(el("td", "num", (p.stats[k] ?? 0).toFixed(0)));
    }
    tr.append(el("td", "muted", p.description || ""));
    rows.append(tr);
  }
  if ($("seatrows").children.length === 0) {
    const names = ["Nina", "Tom", "Lara", "Cal", "Max"];
    const profs = ["nit", "tag", "lag", "calling-station", "maniac"];
    addSeatRow("me", "human");
    names.forEach((n, i) => addSeatRow(n, profs[i]));
  }
  try {
    const tables = await api("GET", "/api/tables");
    const ul = $("tablelist");
    ul.replaceChildren();
    const mine = seatsMine();
    for (const t of tables) {
      const li = el("li");
      const a = el("a", "", `${t.blinds} · ${t.seats.join(", ")} · hand ${t.hand}`);
      a.href = "#/table/" + t.table_id;
      li.append(a);
      if (mine[t.table_id]) li.append(el("span", "muted", " (your seat)"));
      ul.append(li);
    }
    if (!tables.length) ul.append(el("li", "muted", "none yet"));
  } catch (e) { /* the lobby works without the list */ }
}

function addSeatRow(name, who) {
  const tbody = $("seatrows");
  if (tbody.children.length >= 9) return;
  const tr = el("tr");
  const name_ = el("input");
  name_.value = name || "Bot" + (tbody.children.length + 1);
  name_.className = "seatname";
  const sel = el("select");
  sel.className = "seatwho";
  const optH = el("option", "", "you (human)");
  optH.value = "human";
  sel.append(optH);
  const names = profiles.length ? profiles.map((p) => p.name) : ["nit", "tag", "lag", "calling-station", "maniac", "regular"];
  for (const n of names) {
    const o = el("option", "", n);
    o.value = n;
    sel.append(o);
  }
  sel.value = who;
  const del = el("button", "ghost", "×");
  del.type = "button";
  del.onclick = () => { if (tbody.children.length > 2) tr.remove(); renumber(); };
  tr.append(el("td", "num"), wrap(name_), wrap(sel), wrap(del));
  tbody.append(tr);
  renumber();
}
function wrap(e) { const td = el("td"); td.append(e); return td; }
function renumber() { [...$("seatrows").children].forEach((tr, i) => { tr.firstChild.textContent = i + 1; }); }

async function createTable(ev) {
  ev.preventDefault();
  $("createerr").textContent = "";
  const seats = [...$("seatrows").children].map((tr) => {
    const name = tr.querySelector(".seatname").value.trim();
    const who = tr.querySelector(".seatwho").value;
    return who === "human" ? { name, human: true } : { name, profile: who };
  });
  const body = {
    small_blind: +$("sb").value, big_blind: +$("bb").value, ante: +$("ante").value, stack: +$("stack").value,
    keep_stacks: $("keep").checked, seats,
  };
  if ($("seed").value !== "") body.seed = +$("seed").value;
  try {
    const res = await api("POST", "/api/tables", body);
    const humans = Object.keys(res.tokens);
    saveSeat(res.table_id, { name: humans[0] || "", token: humans.length ? res.tokens[humans[0]] : "", owner: res.owner_token });
    location.hash = "#/table/" + res.table_id;
  } catch (e) {
    $("createerr").textContent = e.message;
  }
}

// ---------- Table ----------

const game = {
  id: "", token: "", state: null, lastId: "", stream: null, refreshing: false, again: false,
  hud: {}, hudOpen: new Set(),
  hands: [], nets: [], handsAfter: -1, loadingHands: false, handsAgain: false,
  replay: null,
};

async function showGame(id) {
  $("lobby").hidden = true;
  $("game").hidden = false;
  if (game.id === id) return;
  stopStream();
  Object.assign(game, { id, state: null, lastId: "", hud: {}, hands: [], nets: [], handsAfter: -1, replay: null });
  game.hudOpen.clear();
  const mine = seatsMine()[id] || {};
  game.token = mine.token || "";
  $("nav").textContent = (game.token ? "playing as " + mine.name : "watching") + " · table " + id;
  $("log").replaceChildren();
  renderReplay();
  startStream();
  await refresh();
  loadHUD();
  loadHands();
}

function stopStream() {
  if (game.stream) game.stream.abort();
  game.stream = null;
}

// The event stream: Server-Sent Events read with fetch (so that the token
// goes in a header), resumed after a drop from the last event id.
async function startStream() {
  const id = game.id;
  const ctl = new AbortController();
  game.stream = ctl;
  while (game.id === id && !ctl.signal.aborted) {
    try {
      const headers = {};
      if (game.token) headers["Authorization"] = "Bearer " + game.token;
      if (game.lastId) headers["Last-Event-ID"] = game.lastId;
      const r = await fetch(`/api/tables/${id}/events`, { headers, signal: ctl.signal });
      if (!r.ok) throw new Error("events: " + r.status);
      const reader = r.body.getReader();
      const dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("data: ")) data += line.slice(6);
            else if (line.startsWith("id: ")) game.lastId = line.slice(4);
          }
          if (data) onEvent(JSON.parse(data));
        }
      }
    } catch (e) {
      if (ctl.signal.aborted) return;
    }
    await new Promise((res) => setTimeout(res, 1000));
  }
}

function logLine(text, cls) {
  const li = el("li", cls || "", text);
  const log = $("log");
  log.append(li);
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

const pretty = (cs) => cs.map(prettyCard).join(" ");

function onEvent(e) {
  const who = e.name || "";
  switch (e.type) {
    case "hand_start":
      logLine(`Hand #${e.hand}`, "hand");
      break;
    case "post":
      logLine(`${who} posts ${e.action === "ante" ? "ante" : "blind"} ${fmt(e.amount)}`);
      break;
    case "hole":
      logLine(`Dealt to ${who}: ${pretty(e.cards)}`);
      break;
    case "action": {
      const words = { fold: "folds", check: "checks", call: `calls ${fmt(e.amount)}`, bet: `bets ${fmt(e.to)}`, raise: `raises to ${fmt(e.to)}` };
      logLine(`${who} ${words[e.action]}${e.all_in ? " (all-in)" : ""}`);
      break;
    }
    case "board":
      logLine(`${e.street[0].toUpperCase() + e.street.slice(1)}: ${pretty(e.cards)}`);
      break;
    case "return":
      logLine(`${fmt(e.amount)} returned to ${who}`);
      break;
    case "show":
      logLine(`${who} shows ${pretty(e.cards)}${e.rank ? " — " + e.rank : ""}`, "show");
      break;
    case "muck":
      logLine(`${who} mucks`);
      break;
    case "win":
      logLine(`${who} wins ${fmt(e.amount)}${e.pot ? " (side pot " + e.pot + ")" : ""}`, "res");
      break;
    case "hand_end":
      for (const r of e.results) if (r.net) logLine(`${r.name} ${signed(r.net)}`, "res");
      loadHUD();
      loadHands();
      break;
    case "void":
      logLine(e.message, "res");
      break;
    case "closed":
      logLine("Table closed: " + e.message, "hand");
      break;
    case "resync":
      loadHands();
      break;
  }
  if (e.type !== "post" && e.type !== "hole") refresh();
}

// refresh fetches the state; calls during a fetch coalesce into one more.
async function refresh() {
  if (game.refreshing) { game.again = true; return; }
  game.refreshing = true;
  const id = game.id;
  try {
    do {
      game.again = false;
      const st = await api("GET", `/api/tables/${id}`, undefined, game.token);
      if (game.id !== id) return;
      game.state = st;
      render(st);
    } while (game.again);
  } catch (e) {
    setStatus(e.message, true);
  } finally {
    game.refreshing = false;
  }
}

async function loadHUD() {
  const id = game.id;
  try {
    const rows = await api("GET", `/api/tables/${id}/hud`);
    if (game.id !== id) return;
    game.hud = {};
    for (const r of rows) game.hud[r.seat] = r;
    if (game.state) render(game.state);
  } catch (e) { /* the HUD is optional */ }
}

// loadHands reads the hands stored since the last call (at first the
// last 1,000) from GET /api/tables/{id}/hands as PHH: the session's
// results and the hands to replay. Calls during a load coalesce.
async function loadHands() {
  if (game.loadingHands) { game.handsAgain = true; return; }
  game.loadingHands = true;
  const id = game.id;
  try {
    do {
      game.handsAgain = false;
      if (game.handsAfter < 0) game.handsAfter = Math.max(0, handsPlayed(game.state) - 1000);
      for (;;) {
        const headers = game.token ? { Authorization: "Bearer " + game.token } : {};
        const r = await fetch(`/api/tables/${id}/hands?format=phh&after=${game.handsAfter}&limit=200`, { headers });
        if (game.id !== id) return;
        if (!r.ok) break;
        const hs = parsePHHS(await r.text());
        for (const h of hs) {
          const num = handNumber(h);
          if (num <= game.handsAfter) continue;
          h.number = num;
          game.handsAfter = num;
          game.hands.push(h);
          const me = myName();
          const net = me ? netOf(h, me) : null;
          if (net !== null) game.nets.push(net);
        }
        if (game.hands.length > 20) game.hands.splice(0, game.hands.length - 20);
        if (hs.length < 200) break;
      }
    } while (game.handsAgain);
  } catch (e) {
    setStatus("hand history: " + e.message, true);
  } finally {
    game.loadingHands = false;
  }
  renderSession();
  renderHandList();
}

function myName() {
  const st = game.state;
  return st && st.you ? st.seats[st.you - 1].name : "";
}

function handsPlayed(st) {
  if (!st) return 0;
  return st.status === "playing" ? st.hand - 1 : st.status === "starting" ? 0 : st.hand;
}

function setStatus(text, err) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("err", !!err);
}

// Where the other seats sit, clockwise from the viewer (bottom centre),
// by table size: cells of the felt's grid (top row tl t1 t2 t3 tr, middle
// l and r beside the board, bottom bl b1 · b2 br).
const SLOTS = {
  2: ["t2"],
  3: ["t1", "t3"],
  4: ["l", "t2", "r"],
  5: ["l", "t1", "t3", "r"],
  6: ["l", "tl", "t2", "tr", "r"],
  7: ["l", "tl", "t1", "t3", "tr", "r"],
  8: ["bl", "l", "tl", "t2", "tr", "r", "br"],
  9: ["bl", "l", "tl", "t1", "t3", "tr", "r", "br"],
};

const STYLES = { nit: "Nit", tag: "TAG", lag: "LAG", "calling-station": "Station", maniac: "Maniac", regular: "Reg" };
function styleOf(profile) {
  if (!profile) return "NPC";
  if (profile.startsWith("inline:")) return profile.slice(7) || "custom";
  return STYLES[profile] || profile;
}

// The HUD rows of the expanded box: key, label, and whether it is a ratio
// (AF) rather than a percentage.
const HUD_ROWS = [
  ["vpip", "VPIP"], ["pfr", "PFR"], ["three_bet", "3-bet"], ["four_bet", "4-bet"], ["fold_to_three_bet", "Fold to 3-bet"],
  ["steal", "Steal"], ["limp", "Limp"], ["cbet_flop", "C-bet flop"], ["fold_to_cbet_flop", "Fold to c-bet"],
  ["cbet_turn", "C-bet turn"], ["af", "AF", true], ["wtsd", "WTSD"], ["wsd", "W$SD"],
];

const pct = (x) => (x == null ? "–" : (100 * x).toFixed(0));

// hudSummary is the seat's one-line HUD: style, then target/measured of
// VPIP and PFR in percent.
function hudSummary(h, profile) {
  const style = styleOf(profile);
  if (!h) return style;
  const pair = (k) => `${pct(h.target[k])}/${pct((h.measured[k] || {}).value)}`;
  return `${style} · VPIP ${pair("vpip")} · PFR ${pair("pfr")}`;
}

function hudBox(s) {
  const h = game.hud[s.seat];
  const box = el("details", "hud");
  box.dataset.hud = s.name;
  if (game.hudOpen.has(s.seat)) box.open = true;
  box.addEventListener("toggle", () => { if (box.open) game.hudOpen.add(s.seat); else game.hudOpen.delete(s.seat); });
  const sum = el("summary", "", hudSummary(h, s.profile));
  box.append(sum);
  if (!h) return box;
  const lines = [];
  const t = el("table");
  const head = el("tr");
  head.append(el("th", "", ""), el("th", "", "target"), el("th", "", "measured"), el("th", "", "count"));
  t.append(head);
  for (const [key, label, ratio] of HUD_ROWS) {
    const m = h.measured[key] || { taken: 0, opportunities: 0, value: null };
    const target = ratio ? "–" : pct(h.target[key]);
    const meas = m.value == null ? "–" : ratio ? m.value.toFixed(1) : pct(m.value);
    const tr = el("tr");
    tr.append(el("td", "k", label), el("td", "t", target), el("td", "m", meas), el("td", "n", `${m.taken}/${m.opportunities}`));
    t.append(tr);
    lines.push(`${label}: ${target} target, ${meas} measured (${m.taken}/${m.opportunities})`);
  }
  sum.title = `${s.name} plays ${s.profile} — measured over ${h.hands} hands\n` + lines.join("\n");
  const pop = el("div", "hudpop");
  pop.append(el("div", "hands", `${styleOf(s.profile)} · target vs measured over ${fmt(h.hands)} hands`), t);
  box.append(pop);
  return box;
}

function render(st) {
  const felt = $("felt");
  const n = st.seats.length;
  const me = st.you ? st.you - 1 : 0;
  const b = document.body.dataset;
  b.hand = st.hand;
  b.status = st.status;
  b.toact = st.to_act;
  b.you = st.you || 0;
  b.step = st.hand + ":" + st.actions.length;
  felt.dataset.n = n;
  felt.dataset.street = st.street;
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  const dealt = st.status === "playing" || st.status === "hand_over";
  const slots = SLOTS[n] || SLOTS[9];
  // Clockwise from the viewer's left, the viewer last: the order of the
  // rows on a phone.
  const order = st.seats.map((s) => [(s.seat - 1 - me + n - 1) % n, s]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  for (const s of order) {
    const k = (s.seat - 1 - me + n) % n;
    const d = el("div", "seat");
    d.dataset.seat = s.seat;
    d.dataset.slot = k === 0 ? "me" : slots[k - 1];
    if (s.to_act) d.classList.add("toact");
    if (s.folded) d.classList.add("folded");
    if (st.you === s.seat) d.classList.add("me");
    if (st.status === "hand_over" && st.results && st.results[s.seat - 1] && st.results[s.seat - 1].won > 0) d.classList.add("winner");
    const hole = el("div", "hole");
    if (dealt) {
      if (s.cards) for (const c of s.cards) hole.append(cardEl(c, "small"));
      else if (!s.folded && st.status === "playing") hole.append(cardEl(null, "small"), cardEl(null, "small"));
    }
    const plate = el("div", "plate");
    const line1 = el("div", "line1");
    line1.append(el("span", "name", s.name));
    if (s.button) line1.append(el("span", "dealer", "D"));
    const line2 = el("div", "line2");
    const stack = el("span", "stack", fmt(s.stack));
    stack.dataset.stack = s.stack;
    line2.append(stack);
    if (s.all_in) line2.append(el("span", "tag", "all-in"));
    else if (s.folded && dealt) line2.append(el("span", "tag", "fold"));
    plate.append(line1, line2);
    if (s.to_act && st.deadline) {
      const bar = el("div", "timer");
      const fill = el("div");
      fill.dataset.deadline = st.deadline;
      bar.append(fill);
      plate.append(bar);
    }
    const bet = el("div", "bet");
    if (s.bet > 0) {
      bet.append(el("span", "chip"), el("span", "", fmt(s.bet)));
      bet.dataset.bet = s.bet;
    }
    const rank = el("div", "rank", dealt && s.rank ? s.rank : "");
    d.append(hole, plate, bet, rank);
    if (!s.human) d.append(hudBox(s));
    else if (st.you !== s.seat) line2.append(el("span", "tag", "human"));
    felt.append(d);
  }
  $("board").replaceChildren(...st.board.map((c) => cardEl(c)));
  let pot = st.pot ? "Pot " + fmt(st.pot) : "";
  // Side pots exist once someone is all-in; before, the engine's layers
  // of unequal bets are no news.
  if (st.pots.length > 1 && st.seats.some((s) => s.all_in)) pot += " (" + st.pots.map((p, i) => (i ? "side " : "main ") + fmt(p.amount)).join(" · ") + ")";
  $("pot").textContent = pot;
  const out = $("outcome");
  out.replaceChildren();
  if (st.status === "hand_over" && st.results) {
    for (const r of st.results) {
      if (r.won > 0) out.append(el("div", "win", `${r.name} wins ${fmt(r.won)}${r.rank ? " with " + r.rank : ""}`));
    }
  }
  $("handno").textContent = st.hand ? `Hand #${st.hand} · blinds ${st.small_blind}/${st.big_blind}${st.ante ? " ante " + st.ante : ""}` : "";
  renderControls(st);
  renderSession();
}

const legalOf = (st, kind) => st.legal.find((l) => l.action === kind);

// The decision the controls were set up for: the slider starts at the
// minimum for each new one.
let sliderFor = "";

function setLabel(id, text, on) {
  const b = $(id);
  b.querySelector(".label").textContent = text;
  b.classList.toggle("gone", !on);
}

function renderControls(st) {
  const mine = !!st.you && st.to_act === st.you && st.status === "playing";
  document.body.dataset.myturn = mine ? "1" : "0";
  const call = legalOf(st, "call");
  const raise = legalOf(st, "raise") || legalOf(st, "bet");
  const slider = $("slider"), amount = $("amount");
  for (const id of ["fold", "call", "raise", "allin"]) $(id).disabled = !mine;
  for (const id of ["half", "twothirds", "potsize"]) $(id).disabled = !mine || !raise;
  slider.disabled = amount.disabled = !mine || !raise;
  $("controls").classList.toggle("waiting", !mine);
  if (!mine) {
    // Not this seat's turn: the legal actions are someone else's.
    setLabel("fold", "Fold", true);
    setLabel("call", "Check / Call", true);
    setLabel("raise", "Bet / Raise", true);
    setLabel("allin", "All-in", true);
    sliderFor = "";
  } else {
    const key = st.hand + ":" + st.actions.length;
    if (raise && (sliderFor !== key || +slider.min !== raise.min || +slider.max !== raise.max)) {
      slider.min = amount.min = raise.min;
      slider.max = amount.max = raise.max;
      slider.step = 1;
      slider.value = amount.value = raise.min;
      sliderFor = key;
    }
    setLabel("fold", "Fold", true);
    setLabel("call", call ? `Call ${fmt(call.amount)}` : "Check", true);
    if (raise) setLabel("raise", `${raise.action === "bet" ? "Bet" : "Raise to"} ${fmt(+amount.value)}`, true);
    else setLabel("raise", "Raise", false);
    const my = st.seats[st.you - 1];
    if (raise) setLabel("allin", `All-in ${fmt(raise.max)}`, true);
    else if (call && call.amount >= my.stack) setLabel("allin", `All-in ${fmt(call.amount)}`, true);
    else setLabel("allin", "All-in", false);
    for (const id of ["raise", "allin"]) if ($(id).classList.contains("gone")) $(id).disabled = true;
  }
  if (st.notice) {
    setStatus(st.notice, true); // the table is held up (a hand waiting for the database)
  } else if (mine) {
    setStatus("Your turn" + (call ? `: ${fmt(call.amount)} to call` : ""));
  } else if (!st.you) {
    setStatus("Watching (no seat at this table)");
  } else if (st.status === "hand_over") {
    const r = st.results && st.results[st.you - 1];
    setStatus(r ? `Hand #${st.hand} over: ${signed(r.net)}` : "Hand over");
  } else if (st.status === "playing" && st.to_act) {
    setStatus(`${st.seats[st.to_act - 1].name} to act`);
  } else {
    setStatus(st.status === "starting" ? "Dealing…" : st.status);
  }
}

function setAmount(v) {
  const st = game.state;
  const raise = st && (legalOf(st, "raise") || legalOf(st, "bet"));
  if (!raise || document.body.dataset.myturn !== "1") return;
  v = Math.max(raise.min, Math.min(raise.max, Math.round(v)));
  $("slider").value = $("amount").value = v;
  setLabel("raise", `${raise.action === "bet" ? "Bet" : "Raise to"} ${fmt(v)}`, true);
}

// Preset sizes: a bet of a fraction of the pot; a raise to the call plus a
// fraction of the pot after the call.
function preset(frac) {
  const st = game.state;
  if (!st || !st.you) return;
  const me = st.seats[st.you - 1];
  const call = legalOf(st, "call");
  const toCall = call ? call.amount : 0;
  setAmount(me.bet + toCall + frac * (st.pot + toCall));
}

async function act(kind) {
  const st = game.state;
  if (!st || document.body.dataset.myturn !== "1") return;
  const call = legalOf(st, "call");
  const raise = legalOf(st, "raise") || legalOf(st, "bet");
  const body = { action: kind };
  if (kind === "raise" || kind === "allin") {
    if (raise) {
      body.action = raise.action;
      body.amount = kind === "allin" ? raise.max : +$("amount").value;
    } else if (kind === "allin" && call && call.amount >= st.seats[st.you - 1].stack) {
      body.action = "call";
    } else {
      return;
    }
  } else if (kind === "call") {
    body.action = call ? "call" : "check";
  }
  // The decision this answers: a resent request is applied once, and
  // never to a later decision.
  if (typeof st.decision === "number") Object.assign(body, { hand: st.hand, decision: st.decision });
  for (const b of ["fold", "call", "raise", "allin"]) $(b).disabled = true;
  document.body.dataset.myturn = "0";
  try {
    const after = await api("POST", `/api/tables/${game.id}/actions`, body, game.token);
    game.state = after;
    render(after);
  } catch (e) {
    setStatus(e.message, true);
    refresh();
  }
}

// ---------- Session ----------

function renderSession() {
  const st = game.state;
  if (!st) return;
  const me = st.you ? st.seats[st.you - 1] : null;
  $("session").classList.toggle("spectator", !me);
  const hands = handsPlayed(st);
  const stat = (id, v, cls) => {
    const e = $(id).querySelector(".v");
    e.textContent = v;
    e.className = "v" + (cls ? " " + cls : "");
  };
  const cls = (x) => (x > 0 ? "up" : x < 0 ? "down" : "");
  stat("st-hands", fmt(hands));
  if (me) {
    stat("st-won", signed(me.net), cls(me.net));
    const bb100 = hands ? (me.net / st.big_blind / hands) * 100 : null;
    stat("st-bb100", bb100 === null ? "–" : (bb100 > 0 ? "+" : bb100 < 0 ? "−" : "") + Math.abs(bb100).toFixed(1), cls(bb100));
    $("st-won").dataset.value = me.net;
    $("st-bb100").dataset.value = bb100 === null ? "" : bb100;
  } else {
    stat("st-won", "–");
    stat("st-bb100", "–");
  }
  $("st-hands").dataset.value = hands;
  drawGraph();
}

// drawGraph plots the chips won after each hand loaded (at most the last
// 1,000), from 0.
function drawGraph() {
  const g = $("graph");
  const W = 300, H = 80, pad = 4;
  const pts = [0];
  for (const x of game.nets) pts.push(pts[pts.length - 1] + x);
  g.replaceChildren();
  g.dataset.points = game.nets.length;
  g.dataset.last = pts[pts.length - 1];
  const lo = Math.min(0, ...pts), hi = Math.max(0, ...pts);
  const span = hi - lo || 1;
  const X = (i) => (pts.length > 1 ? (i / (pts.length - 1)) * W : 0);
  const Y = (v) => pad + (H - 2 * pad) * (1 - (v - lo) / span);
  g.append(svg("line", { x1: 0, x2: W, y1: Y(0), y2: Y(0), class: "zero" }));
  if (pts.length > 1) {
    const d = pts.map((v, i) => `${X(i).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
    g.append(svg("polygon", { points: `0,${Y(0)} ${d} ${W},${Y(0)}`, class: "area" }));
    g.append(svg("polyline", { points: d, class: pts[pts.length - 1] >= 0 ? "line up" : "line down" }));
  }
  const title = svg("title");
  title.textContent = `chips won over the last ${game.nets.length} hands: ${signed(pts[pts.length - 1])} (from ${signed(lo)} to ${signed(hi)})`;
  g.append(title);
}

function renderHandList() {
  const ul = $("handlist");
  ul.replaceChildren();
  const me = myName();
  for (const h of game.hands.slice().reverse()) {
    const li = el("li");
    const b = el("button", "handbtn");
    b.dataset.hand = h.number;
    const k = (h.players || []).indexOf(me);
    const deal = (h.actions || []).find((a) => k >= 0 && a.startsWith(`d dh p${k + 1} `));
    const cards = deal ? deal.split(/\s+/)[3] : "";
    const net = me ? netOf(h, me) : null;
    const showdown = (h.actions || []).some((a) => / sm\b/.test(a));
    b.append(el("span", "num", "#" + h.number));
    b.append(el("span", "cards", cards && !cards.includes("?") ? pretty(cards.match(/../g)) : ""));
    b.append(el("span", "net " + (net > 0 ? "up" : net < 0 ? "down" : ""), net === null ? "" : signed(net)));
    b.append(el("span", "muted", showdown ? "showdown" : ""));
    if (game.replay && game.replay.number === h.number) b.classList.add("current");
    b.onclick = () => openReplay(h);
    li.append(b);
    ul.append(li);
  }
  if (!game.hands.length) ul.append(el("li", "muted", "no finished hand yet"));
}

// ---------- Replay ----------

function openReplay(h) {
  game.replay = { number: h.number, steps: replay(h), i: 0 };
  renderReplay();
  renderHandList();
}

function stepReplay(to) {
  const r = game.replay;
  if (!r) return;
  r.i = Math.max(0, Math.min(r.steps.length - 1, to));
  renderReplay();
}

function renderReplay() {
  const box = $("replay");
  const r = game.replay;
  box.hidden = !r;
  if (!r) return;
  const s = r.steps[r.i];
  $("rtitle").textContent = `Hand #${r.number}`;
  $("rstep").textContent = `${r.i + 1}/${r.steps.length}`;
  box.dataset.step = r.i;
  box.dataset.steps = r.steps.length;
  $("rboard").replaceChildren(...s.board.map((c) => cardEl(c, "tiny")));
  const bets = s.seats.reduce((a, x) => a + x.bet, 0);
  if (s.pot + bets > 0) $("rboard").append(el("span", "rpot", "Pot " + fmt(s.pot + bets)));
  $("rtext").textContent = s.text;
  const tb = $("rseats");
  tb.replaceChildren();
  s.seats.forEach((p, k) => {
    const tr = el("tr");
    if (k === s.actor) tr.classList.add("actor");
    if (p.folded) tr.classList.add("folded");
    const cards = el("td", "rcards");
    // Known cards (the viewer's, shown ones); backs for the others still in.
    if (p.cards[0] || (!p.folded && !p.mucked)) cards.append(...p.cards.map((c) => cardEl(c, "tiny")));
    const stack = el("td", "num", fmt(p.stack));
    stack.dataset.stack = p.stack;
    tr.append(el("td", "rname", p.name), cards, stack,
      el("td", "num rbet", p.won ? "+" + fmt(p.won) : p.bet ? fmt(p.bet) : p.folded ? "fold" : ""));
    tb.append(tr);
  });
  $("rfirst").disabled = $("rprev").disabled = r.i === 0;
  $("rlast").disabled = $("rnext").disabled = r.i === r.steps.length - 1;
}

// ---------- Downloads, keys, routes ----------

async function download(format) {
  try {
    const headers = game.token ? { Authorization: "Bearer " + game.token } : {};
    const r = await fetch(`/api/tables/${game.id}/hands?format=${format}`, { headers });
    if (!r.ok) throw new Error((await r.json()).error);
    const blob = await r.blob();
    const a = el("a");
    a.href = URL.createObjectURL(blob);
    a.download = `table-${game.id}.${format === "phh" ? "phhs" : "txt"}`;
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) {
    setStatus(e.message, true);
  }
}

function tick() {
  for (const f of document.querySelectorAll(".timer > div")) {
    const left = new Date(f.dataset.deadline) - Date.now();
    f.style.width = Math.max(0, Math.min(100, left / 300)) + "%";
  }
}

function onKey(e) {
  if ($("game").hidden || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && t.id === "amount" && e.key !== "Enter") return;
  if (t && t.id === "slider" && e.key.startsWith("Arrow")) return; // the slider moves itself
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA") && t.id !== "amount" && t.id !== "slider") return;
  const step = game.state ? game.state.big_blind : 1;
  switch (e.key.toLowerCase()) {
    case "f": act("fold"); break;
    case "c": act("call"); break;
    case "r": case "enter": act("raise"); break;
    case "a": act("allin"); break;
    case "h": preset(1 / 2); break;
    case "t": preset(2 / 3); break;
    case "p": preset(1); break;
    case "arrowright": case "arrowup": setAmount(+$("amount").value + step); break;
    case "arrowleft": case "arrowdown": setAmount(+$("amount").value - step); break;
    default: return;
  }
  e.preventDefault();
}

function route() {
  const m = location.hash.match(/^#\/table\/([0-9a-f]+)$/);
  if (m) showGame(m[1]);
  else { game.id = ""; stopStream(); showLobby(); }
}

$("create").addEventListener("submit", createTable);
$("addseat").onclick = () => addSeatRow("", "tag");
$("fold").onclick = () => act("fold");
$("call").onclick = () => act("call");
$("raise").onclick = () => act("raise");
$("allin").onclick = () => act("allin");
$("half").onclick = () => preset(1 / 2);
$("twothirds").onclick = () => preset(2 / 3);
$("potsize").onclick = () => preset(1);
$("slider").addEventListener("input", (e) => setAmount(+e.target.value));
$("amount").addEventListener("change", (e) => setAmount(+e.target.value));
$("dlphh").onclick = () => download("phh");
$("dlps").onclick = () => download("pokerstars");
$("rfirst").onclick = () => stepReplay(0);
$("rprev").onclick = () => stepReplay(game.replay.i - 1);
$("rnext").onclick = () => stepReplay(game.replay.i + 1);
$("rlast").onclick = () => stepReplay(Infinity);
$("rclose").onclick = () => { game.replay = null; renderReplay(); renderHandList(); };
document.addEventListener("keydown", onKey);
window.addEventListener("hashchange", route);
setInterval(tick, 100);
route();
