// pokerlab serve: the lobby and the table, talking to the HTTP API
// (docs/api.md). Hand-written, no framework, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const HUD_ROWS = [["vpip", "VPIP"], ["pfr", "PFR"], ["three_bet", "3Bet"], ["cbet_flop", "CBet"], ["fold_to_cbet_flop", "F-CB"]];

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

function cardEl(code, small) {
  const c = el("div", "card" + (small ? " small" : ""));
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
  hud: {}, hudAt: 0, timer: 0, handLogged: 0,
};

function showGame(id) {
  $("lobby").hidden = true;
  $("game").hidden = false;
  if (game.id === id) return;
  stopStream();
  Object.assign(game, { id, state: null, lastId: "", hud: {}, handLogged: 0 });
  const mine = seatsMine()[id] || {};
  game.token = mine.token || "";
  $("nav").textContent = (game.token ? "playing as " + mine.name : "watching") + " · table " + id;
  $("log").replaceChildren();
  startStream();
  refresh();
  loadHUD();
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

function onEvent(e) {
  const who = e.name || "";
  switch (e.type) {
    case "hand_start":
      logLine(`Hand #${e.hand}`, "hand");
      break;
    case "post":
      logLine(`${who} posts ${e.action === "ante" ? "ante" : "blind"} ${e.amount}`);
      break;
    case "hole":
      logLine(`Dealt to ${who}: ${e.cards.join(" ")}`);
      break;
    case "action": {
      const words = { fold: "folds", check: "checks", call: `calls ${e.amount}`, bet: `bets ${e.to}`, raise: `raises to ${e.to}` };
      logLine(`${who} ${words[e.action]}${e.all_in ? " (all-in)" : ""}`);
      break;
    }
    case "board":
      logLine(`${e.street[0].toUpperCase() + e.street.slice(1)}: ${e.cards.join(" ")}`);
      break;
    case "return":
      logLine(`${e.amount} returned to ${who}`);
      break;
    case "show":
      logLine(`${who} shows ${e.cards.join(" ")}`);
      break;
    case "muck":
      logLine(`${who} mucks`);
      break;
    case "win":
      logLine(`${who} wins ${e.amount}${e.pot ? " (side pot " + e.pot + ")" : ""}`, "res");
      break;
    case "hand_end":
      for (const r of e.results) if (r.net) logLine(`${r.name} ${r.net > 0 ? "+" : ""}${r.net}`, "res");
      loadHUD();
      break;
    case "void":
      logLine(e.message, "res");
      break;
    case "closed":
      logLine("Table closed: " + e.message, "hand");
      break;
    case "resync":
      break;
  }
  if (e.type !== "post" && e.type !== "hole") refresh();
}

// refresh fetches the state; calls during a fetch coalesce into one more.
async function refresh() {
  if (game.refreshing) { game.again = true; return; }
  game.refreshing = true;
  try {
    do {
      game.again = false;
      const st = await api("GET", `/api/tables/${game.id}`, undefined, game.token);
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
  try {
    const rows = await api("GET", `/api/tables/${game.id}/hud`);
    game.hud = {};
    for (const r of rows) game.hud[r.seat] = r;
    if (game.state) render(game.state);
  } catch (e) { /* the HUD is optional */ }
}

function setStatus(text, err) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("err", !!err);
}

// Seat k of n, counted from the viewer (bottom centre), clockwise.
function place(k, n, rx, ry) {
  const a = Math.PI / 2 + (2 * Math.PI * k) / n;
  return [50 + rx * Math.cos(a), 50 + ry * Math.sin(a)];
}

function pct(x) { return x == null ? "–" : (100 * x).toFixed(0); }

function hudBox(seat) {
  const h = game.hud[seat.seat];
  if (!h) return null;
  const box = el("div", "hud");
  box.dataset.hud = seat.name;
  const t = el("table");
  for (const [key, label] of HUD_ROWS) {
    const m = h.measured[key] || { taken: 0, opportunities: 0, value: null };
    const tr = el("tr");
    tr.append(el("td", "k", label), el("td", "t", pct(h.target[key])), el("td", "m", pct(m.value)), el("td", "n", `${m.taken}/${m.opportunities}`));
    t.append(tr);
  }
  box.append(el("div", "hands", `target · measured · count (${h.hands} hands)`), t);
  return box;
}

function render(st) {
  const felt = $("felt");
  const n = st.seats.length;
  const me = st.you ? st.you - 1 : 0;
  const seatsDiv = $("seats");
  seatsDiv.replaceChildren();
  document.body.dataset.hand = st.hand;
  document.body.dataset.status = st.status;
  document.body.dataset.toact = st.to_act;
  document.body.dataset.you = st.you || 0;
  document.body.dataset.step = st.hand + ":" + st.actions.length;
  for (const s of st.seats) {
    const k = (s.seat - 1 - me + n) % n;
    const [x, y] = place(k, n, 53, 58);
    const d = el("div", "seat");
    d.dataset.seat = s.seat;
    if (s.to_act) d.classList.add("toact");
    if (s.folded) d.classList.add("folded");
    if (st.you === s.seat) d.classList.add("me");
    d.style.left = x + "%";
    d.style.top = y + "%";
    const hole = el("div", "hole");
    if (st.status === "playing" || st.status === "hand_over") {
      if (s.cards) for (const c of s.cards) hole.append(cardEl(c, true));
      else if (!s.folded) hole.append(cardEl(null, true), cardEl(null, true));
    }
    const plate = el("div", "plate");
    const nm = el("div", "name", s.name);
    if (s.all_in) nm.append(el("span", "tag", "all-in"));
    const stack = el("div", "stack", String(s.stack));
    stack.dataset.stack = s.stack;
    plate.append(nm, el("div", "prof", s.human ? "human" : s.profile), stack);
    if (s.to_act && st.deadline) {
      const bar = el("div", "timer");
      const fill = el("div");
      fill.dataset.deadline = st.deadline;
      bar.append(fill);
      plate.append(bar);
    }
    d.append(hole, plate);
    if (!s.human) {
      const hb = hudBox(s);
      if (hb) d.append(hb);
    }
    seatsDiv.append(d);
    if (s.bet > 0) {
      const [bx, by] = place(k, n, 30, 30);
      const b = el("div", "bet");
      b.style.left = bx + "%";
      b.style.top = by + "%";
      b.append(el("span", "chip"), el("span", "", String(s.bet)));
      b.dataset.bet = s.bet;
      seatsDiv.append(b);
    }
    if (s.button) {
      const [dx, dy] = place(k + 0.28, n, 40, 44);
      const b = el("div", "dealer", "D");
      b.style.left = dx + "%";
      b.style.top = dy + "%";
      seatsDiv.append(b);
    }
  }
  const board = $("board");
  board.replaceChildren(...st.board.map((c) => cardEl(c)));
  $("pot").textContent = st.pot ? "Pot " + st.pot : "";
  $("handno").textContent = st.hand ? `Hand #${st.hand} · blinds ${st.small_blind}/${st.big_blind}${st.ante ? " ante " + st.ante : ""}` : "";
  felt.dataset.street = st.street;
  renderControls(st);
}

function legalOf(st, kind) { return st.legal.find((l) => l.action === kind); }

function renderControls(st) {
  const mine = st.you && st.to_act === st.you && st.status === "playing";
  document.body.dataset.myturn = mine ? "1" : "0";
  const call = legalOf(st, "call");
  const raise = legalOf(st, "raise") || legalOf(st, "bet");
  $("fold").disabled = !mine;
  $("call").disabled = !mine;
  $("call").firstChild.textContent = call ? `Call ${call.amount} ` : "Check ";
  const r = $("raise");
  r.disabled = !mine || !raise;
  for (const b of ["half", "potsize", "allin"]) $(b).disabled = !mine || !raise;
  const slider = $("slider"), amount = $("amount");
  slider.disabled = amount.disabled = !mine || !raise;
  if (mine && raise) {
    if (+slider.min !== raise.min || +slider.max !== raise.max || slider.dataset.hand !== String(st.hand) + st.actions.length) {
      slider.min = amount.min = raise.min;
      slider.max = amount.max = raise.max;
      slider.value = amount.value = raise.min;
      slider.dataset.hand = String(st.hand) + st.actions.length;
    }
    r.firstChild.textContent = `${raise.action === "bet" ? "Bet" : "Raise to"} ${slider.value} `;
    setStatus("Your turn" + (call ? `: ${call.amount} to call` : ""));
  } else if (!st.you) {
    setStatus("Watching (no seat at this table)");
  } else if (st.status === "hand_over") {
    const me = st.results && st.results[st.you - 1];
    setStatus(me ? `Hand #${st.hand} over: ${me.net >= 0 ? "+" : ""}${me.net}` : "Hand over");
  } else if (st.status === "playing" && st.to_act) {
    setStatus(`${st.seats[st.to_act - 1].name} to act`);
  } else {
    setStatus(st.status);
  }
}

function setAmount(v) {
  const st = game.state;
  const raise = st && (legalOf(st, "raise") || legalOf(st, "bet"));
  if (!raise) return;
  v = Math.max(raise.min, Math.min(raise.max, Math.round(v)));
  $("slider").value = $("amount").value = v;
  $("raise").firstChild.textContent = `${raise.action === "bet" ? "Bet" : "Raise to"} ${v} `;
}

// Preset sizes: a bet of a fraction of the pot; a raise to the call plus a
// fraction of the pot after the call.
function preset(frac) {
  const st = game.state;
  if (!st) return;
  const me = st.seats[st.you - 1];
  const call = legalOf(st, "call");
  const toCall = call ? call.amount : 0;
  const curBet = me.bet + toCall;
  setAmount(curBet + frac * (st.pot + toCall));
}

async function act(kind) {
  const st = game.state;
  if (!st || st.to_act !== st.you) return;
  const body = { action: kind };
  if (kind === "raise") {
    const raise = legalOf(st, "raise") || legalOf(st, "bet");
    if (!raise) return;
    body.action = raise.action;
    body.amount = +$("amount").value;
  } else if (kind === "call") {
    body.action = legalOf(st, "call") ? "call" : "check";
  }
  for (const b of ["fold", "call", "raise"]) $(b).disabled = true;
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
  if (e.target && e.target.id === "amount" && e.key !== "Enter") return;
  if (e.target && e.target.id === "slider" && e.key.startsWith("Arrow")) return; // the slider moves itself
  const step = game.state ? game.state.big_blind : 1;
  switch (e.key.toLowerCase()) {
    case "f": act("fold"); break;
    case "c": act("call"); break;
    case "r": case "enter": act("raise"); break;
    case "h": preset(0.5); break;
    case "p": preset(1); break;
    case "a": setAmount(Infinity); break;
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
$("half").onclick = () => preset(0.5);
$("potsize").onclick = () => preset(1);
$("allin").onclick = () => setAmount(Infinity);
$("slider").addEventListener("input", (e) => setAmount(+e.target.value));
$("amount").addEventListener("change", (e) => setAmount(+e.target.value));
$("dlphh").onclick = () => download("phh");
$("dlps").onclick = () => download("pokerstars");
document.addEventListener("keydown", onKey);
window.addEventListener("hashchange", route);
setInterval(tick, 100);
route();
