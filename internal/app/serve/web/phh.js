// Hand histories in PHH (the .phhs that GET /api/tables/{id}/hands
// serves): a reader for the subset of TOML that pokerlab writes, and a
// replay of one hand's actions into the steps the page shows.

// parsePHHS reads a .phhs text into hands: objects with the section's
// name (name) and its keys (players, starting_stacks, actions, ...).
export function parsePHHS(text) {
  const hands = [];
  let cur = null;
  let i = 0;
  const n = text.length;
  const skip = () => {
    for (;;) {
      while (i < n && " \t\r\n".includes(text[i])) i++;
      if (text[i] !== "#") return;
      while (i < n && text[i] !== "\n") i++;
    }
  };
  const fail = (what) => { throw new Error(`phh: ${what} at offset ${i}`); };
  const value = () => {
    skip();
    const c = text[i];
    if (c === "[") {
      i++;
      const out = [];
      for (;;) {
        skip();
        if (text[i] === "]") { i++; return out; }
        out.push(value());
        skip();
        if (text[i] === ",") i++;
        else if (text[i] !== "]") fail("',' or ']' expected");
      }
    }
    if (c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0) fail("unterminated string");
      const s = text.slice(i + 1, j);
      i = j + 1;
      return s;
    }
    if (c === '"') {
      let s = "";
      for (i++; i < n && text[i] !== '"'; i++) {
        if (text[i] !== "\\") { s += text[i]; continue; }
        const e = text[++i];
        if (e === "u" || e === "U") {
          const k = e === "u" ? 4 : 8;
          s += String.fromCodePoint(parseInt(text.slice(i + 1, i + 1 + k), 16));
          i += k;
        } else {
          s += { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" }[e] ?? e;
        }
      }
      i++;
      return s;
    }
    let j = i;
    while (j < n && !",]\n#".includes(text[j])) j++;
    const tok = text.slice(i, j).trim();
    i = j;
    if (tok === "true" || tok === "false") return tok === "true";
    const x = Number(tok.replaceAll("_", ""));
    if (tok === "" || Number.isNaN(x)) fail(`value ${JSON.stringify(tok)}`);
    return x;
  };
  for (;;) {
    skip();
    if (i >= n) break;
    if (text[i] === "[") {
      const j = text.indexOf("]", i);
      if (j < 0) fail("unterminated section");
      cur = { name: text.slice(i + 1, j).trim().replace(/^['"]|['"]$/g, "") };
      hands.push(cur);
      i = j + 1;
      continue;
    }
    const eq = text.indexOf("=", i);
    if (eq < 0) fail("'=' expected");
    const key = text.slice(i, eq).trim();
    i = eq + 1;
    const v = value();
    if (!cur) { cur = { name: "" }; hands.push(cur); }
    cur[key] = v;
  }
  return hands;
}

// handNumber is the table's number of a stored hand ("TABLE-N").
export function handNumber(h) {
  const m = /-(\d+)$/.exec(String(h.hand ?? h.name ?? ""));
  return m ? +m[1] : 0;
}

const splitCards = (s) => (s.match(/../g) || []).map((c) => (c === "??" ? null : c));

// replay plays a hand's actions and returns its steps: the deal (blinds
// and antes posted, hole cards dealt), then one step per action, board
// card and show, then the result. Each step is a snapshot {text, board,
// pot, actor (player index or -1), seats: [{name, stack, bet, cards,
// folded, shown, mucked, won}]} where pot holds the chips of past streets
// and the bets are this street's.
export function replay(h) {
  const names = h.players || [];
  const n = names.length;
  const stack = (h.starting_stacks || []).slice();
  const bet = new Array(n).fill(0);
  const seats = names.map((name) => ({ name, cards: [null, null], folded: false, shown: false, mucked: false, won: 0 }));
  let pot = 0;
  const antes = h.antes || [];
  const blinds = h.blinds_or_straddles || [];
  for (let k = 0; k < n; k++) {
    const a = Math.min(antes[k] || 0, stack[k]);
    stack[k] -= a;
    pot += a;
    const b = Math.min(blinds[k] || 0, stack[k]);
    stack[k] -= b;
    bet[k] = b;
  }
  const board = [];
  const steps = [];
  const snap = (text, actor) => steps.push({
    text, actor, board: board.slice(), pot,
    seats: seats.map((s, k) => ({ ...s, cards: s.cards.slice(), stack: stack[k], bet: bet[k] })),
  });
  const streets = ["Flop", "Turn", "River"];
  let dealt = false;
  for (const raw of h.actions || []) {
    const line = raw.split("#")[0].trim();
    const t = line.split(/\s+/);
    if (t[0] === "d" && t[1] === "dh") {
      const k = +t[2].slice(1) - 1;
      if (seats[k]) seats[k].cards = splitCards(t[3] || "");
      continue;
    }
    if (!dealt) {
      dealt = true;
      snap("Blinds posted, cards dealt", -1);
    }
    if (t[0] === "d" && t[1] === "db") {
      for (let k = 0; k < n; k++) { pot += bet[k]; bet[k] = 0; }
      const cs = splitCards(t[2] || "");
      board.push(...cs);
      snap(`${streets[Math.max(0, Math.min(2, board.length - 3))]}: ${cs.map(prettyCard).join(" ")}`, -1);
      continue;
    }
    const k = +t[0].slice(1) - 1;
    const s = seats[k];
    if (!s) continue;
    const top = Math.max(...bet);
    let text = "";
    switch (t[1]) {
      case "f":
        s.folded = true;
        text = `${s.name} folds`;
        break;
      case "cc": {
        const x = Math.min(top - bet[k], stack[k]);
        stack[k] -= x;
        bet[k] += x;
        text = x === 0 ? `${s.name} checks` : `${s.name} calls ${fmt(x)}`;
        break;
      }
      case "cbr": {
        const to = +t[2];
        const x = Math.min(to - bet[k], stack[k]);
        stack[k] -= x;
        bet[k] += x;
        text = top === 0 ? `${s.name} bets ${fmt(bet[k])}` : `${s.name} raises to ${fmt(bet[k])}`;
        break;
      }
      case "sm":
        if (t[2] === "-") {
          s.shown = true;
          text = `${s.name} shows ${s.cards.map(prettyCard).join(" ")}`;
        } else if (t[2] && !t[2].includes("?")) {
          s.cards = splitCards(t[2]);
          s.shown = true;
          text = `${s.name} shows ${s.cards.map(prettyCard).join(" ")}`;
        } else {
          s.mucked = true;
          text = `${s.name} mucks`;
        }
        break;
      default:
        text = line;
    }
    if ((t[1] === "cc" || t[1] === "cbr") && stack[k] === 0) text += " (all-in)";
    snap(text, k);
  }
  if (!dealt) snap("Blinds posted, cards dealt", -1);
  // The result: the pots paid out as recorded.
  const won = h.winnings || [];
  const fin = h.finishing_stacks || [];
  for (let k = 0; k < n; k++) {
    pot += bet[k];
    bet[k] = 0;
  }
  const winners = [];
  for (let k = 0; k < n; k++) {
    seats[k].won = won[k] || 0;
    if (won[k] > 0) winners.push(`${names[k]} wins ${fmt(won[k])}`);
    if (fin[k] !== undefined) stack[k] = fin[k];
  }
  pot = 0;
  snap(winners.join(", ") || "Hand over", -1);
  return steps;
}

// netOf is player name's result in a hand (finishing minus starting
// stack), or null if the name did not play it.
export function netOf(h, name) {
  const k = (h.players || []).indexOf(name);
  if (k < 0 || !h.finishing_stacks || !h.starting_stacks) return null;
  return h.finishing_stacks[k] - h.starting_stacks[k];
}

export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

export function prettyCard(c) {
  if (!c) return "??";
  return (c[0] === "T" ? "10" : c[0]) + (SUITS[c[1]] || c[1]);
}

export function fmt(x) {
  return Number(x).toLocaleString("en-US");
}
