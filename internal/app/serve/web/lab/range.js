// Ranges in the standard notation (the server's equity.ParseRange): parse
// text into weights of the 1326 combinations, format weights back into the
// shortest text of classes, runs (QQ+, JJ-88, A5s+, AQs-ATs) and exact
// combinations, so the grid and the text stay in sync both ways.

export const RANKS = "23456789TJQKA";
export const SUITS = "shdc"; // the order of pokerlab's cards

export const card = (r, s) => r * 4 + s;
export const cardName = (c) => RANKS[c >> 2] + SUITS[c & 3];
export const parseCard = (t) => {
  const r = RANKS.indexOf(t[0].toUpperCase()), s = SUITS.indexOf(t[1].toLowerCase());
  return r < 0 || s < 0 ? -1 : card(r, s);
};
// holeIndex keys a combination by its two cards, the higher first.
export const holeIndex = (a, b) => (a > b ? a * 52 + b : b * 52 + a);
export const holeName = (a, b) => (a > b ? cardName(a) + cardName(b) : cardName(b) + cardName(a));

// The 169 classes in grid order: row i, column j (0 = ace); pairs on the
// diagonal, suited above it, offsuit below.
export function className(i, j) {
  const hi = RANKS[12 - Math.min(i, j)], lo = RANKS[12 - Math.max(i, j)];
  if (i === j) return hi + lo;
  return hi + lo + (i < j ? "s" : "o");
}
export const GRID = [];
for (let i = 0; i < 13; i++) for (let j = 0; j < 13; j++) GRID.push(className(i, j));

// combosOf returns the combinations of a class as [a, b] card pairs.
export function combosOf(cls) {
  const hi = RANKS.indexOf(cls[0]), lo = RANKS.indexOf(cls[1]);
  const out = [];
  if (hi === lo) {
    for (let s = 0; s < 4; s++) for (let t = s + 1; t < 4; t++) out.push([card(hi, s), card(hi, t)]);
  } else if (cls[2] === "s") {
    for (let s = 0; s < 4; s++) out.push([card(hi, s), card(lo, s)]);
  } else {
    for (let s = 0; s < 4; s++) for (let t = 0; t < 4; t++) if (s !== t) out.push([card(hi, s), card(lo, t)]);
  }
  return out;
}

export class RangeError extends Error {
  constructor(item, col, msg) { super(`col ${col}: "${item}": ${msg}`); this.item = item; this.col = col; }
}

const rankOf = (ch) => RANKS.indexOf(ch.toUpperCase());

// classes of a token without weight: a list of class names, or exact
// combos as [a, b].
function expand(tok) {
  const t = tok.trim();
  const low = t.toLowerCase();
  if (low === "random" || low === "any") return { classes: GRID.slice() };
  if (t.length === 4 && parseCard(t.slice(0, 2)) >= 0 && parseCard(t.slice(2)) >= 0) {
    const a = parseCard(t.slice(0, 2)), b = parseCard(t.slice(2));
    if (a === b) throw new Error("the same card twice");
    return { combos: [[a, b]] };
  }
  const cls = (s) => {
    const m = /^([2-9TJQKA])([2-9TJQKA])([so]?)$/i.exec(s);
    if (!m) return null;
    let a = rankOf(m[1]), b = rankOf(m[2]);
    if (a < b) [a, b] = [b, a];
    return { hi: a, lo: b, kind: m[3].toLowerCase() };
  };
  const names = (hi, lo, kind) => {
    if (hi === lo) return [RANKS[hi] + RANKS[hi]];
    const base = RANKS[hi] + RANKS[lo];
    if (kind === "") return [base + "s", base + "o"];
    if (kind === "s" && hi === lo) return [];
    return [base + kind];
  };
  if (t.endsWith("+")) {
    const c = cls(t.slice(0, -1));
    if (!c) throw new Error("not a class such as QQ+ or A5s+");
    const out = [];
    if (c.hi === c.lo) {
      for (let r = c.hi; r <= 12; r++) out.push(RANKS[r] + RANKS[r]);
    } else {
      for (let k = c.lo; k < c.hi; k++) out.push(...names(c.hi, k, c.kind));
    }
    return { classes: out };
  }
  const dash = t.indexOf("-");
  if (dash > 0) {
    const a = cls(t.slice(0, dash)), b = cls(t.slice(dash + 1));
    if (!a || !b) throw new Error("not a span such as JJ-88 or AQs-ATs");
    const out = [];
    if (a.hi === a.lo && b.hi === b.lo) {
      for (let r = Math.min(a.hi, b.hi); r <= Math.max(a.hi, b.hi); r++) out.push(RANKS[r] + RANKS[r]);
      return { classes: out };
    }
    if (a.hi !== b.hi || a.kind !== b.kind) throw new Error("a span keeps the top card and the suits (AQs-ATs)");
    for (let k = Math.min(a.lo, b.lo); k <= Math.max(a.lo, b.lo); k++) out.push(...names(a.hi, k, a.kind));
    return { classes: out };
  }
  const c = cls(t);
  if (!c || c.hi === c.lo && c.kind !== "") throw new Error("not a hand, class or span");
  return { classes: names(c.hi, c.lo, c.kind) };
}

// parseRange returns a Float64Array of weights indexed by holeIndex.
export function parseRange(text) {
  const w = new Float64Array(52 * 52);
  let pos = 0;
  for (const raw of text.split(",")) {
    const col = pos + 1 + (raw.length - raw.trimStart().length);
    pos += raw.length + 1;
    const item = raw.trim();
    if (item === "") {
      if (text.trim() === "") continue;
      throw new RangeError(item, col, "empty item");
    }
    let tok = item, weight = 1;
    const colon = item.lastIndexOf(":");
    if (colon >= 0) {
      tok = item.slice(0, colon);
      weight = Number(item.slice(colon + 1));
      if (!(weight >= 0 && weight <= 1) || item.slice(colon + 1).trim() === "") throw new RangeError(item, col, "weight: want a number from 0 to 1");
    }
    let e;
    try { e = expand(tok); } catch (err) { throw new RangeError(item, col, err.message); }
    for (const [a, b] of e.combos || []) w[holeIndex(a, b)] = weight;
    for (const c of e.classes || []) for (const [a, b] of combosOf(c)) w[holeIndex(a, b)] = weight;
  }
  return w;
}

const fmtW = (x) => (x === 1 ? "" : ":" + String(Math.round(x * 1000) / 1000));

// classWeight returns the common weight of a class's combos, or null when
// they differ.
function classWeight(w, cls) {
  let first = null;
  for (const [a, b] of combosOf(cls)) {
    const x = w[holeIndex(a, b)];
    if (first === null) first = x;
    else if (x !== first) return null;
  }
  return first;
}

// formatRange writes weights as range text (see the file comment).
export function formatRange(w) {
  const items = [];
  const cw = new Map();
  for (const c of GRID) cw.set(c, classWeight(w, c));
  // Pairs: runs of equal weight, AA downwards.
  let r = 12;
  while (r >= 0) {
    const c = RANKS[r] + RANKS[r], x = cw.get(c);
    if (!(x > 0)) { r--; continue; }
    let s = r;
    while (s - 1 >= 0 && cw.get(RANKS[s - 1] + RANKS[s - 1]) === x) s--;
    if (r === 12 && s < 12) items.push(RANKS[s] + RANKS[s] + "+" + fmtW(x));
    else if (s < r) items.push(RANKS[r] + RANKS[r] + "-" + RANKS[s] + RANKS[s] + fmtW(x));
    else items.push(c + fmtW(x));
    r = s - 1;
  }
  // Suited and offsuit: per top card, runs of kickers of equal weight.
  for (let hi = 12; hi >= 1; hi--) {
    for (const kind of ["s", "o"]) {
      let k = hi - 1;
      while (k >= 0) {
        const c = RANKS[hi] + RANKS[k] + kind, x = cw.get(c);
        if (!(x > 0)) { k--; continue; }
        let m = k;
        while (m - 1 >= 0 && cw.get(RANKS[hi] + RANKS[m - 1] + kind) === x) m--;
        const a = RANKS[hi] + RANKS[k] + kind, b = RANKS[hi] + RANKS[m] + kind;
        if (k === hi - 1 && m < k) items.push(b + "+" + fmtW(x));
        else if (m < k) items.push(a + "-" + b + fmtW(x));
        else items.push(a + fmtW(x));
        k = m - 1;
      }
    }
  }
  // Classes whose combos differ: the exact combos.
  for (const c of GRID) {
    if (cw.get(c) !== null) continue;
    for (const [a, b] of combosOf(c)) {
      const x = w[holeIndex(a, b)];
      if (x > 0) items.push(holeName(a, b) + fmtW(x));
    }
  }
  return items.join(",");
}

// stats returns the weighted combos of a range that miss the board, and
// their share of all combos that do.
export function stats(w, board) {
  let n = 0, all = 0;
  for (let a = 0; a < 52; a++) {
    if (board.has(a)) continue;
    for (let b = 0; b < a; b++) {
      if (board.has(b)) continue;
      all++;
      n += w[a * 52 + b];
    }
  }
  return { combos: n, percent: all ? (100 * n) / all : 0 };
}
