// Log–log line charts drawn as SVG (no library): the solve's
// exploitability against iterations, and the QRE's exploitability against
// λ with the c/λ fit.

const NS = "http://www.w3.org/2000/svg";
const el = (name, attrs, parent) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
};

// loglog draws series [{points: [[x, y]], color, label, dash}] into svg
// (its viewBox sets the size); marks [{x, y, color, label}] are dots.
export function loglog(svg, series, opt = {}) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const W = 420, H = 220, L = 52, R = 12, T = 12, B = 34;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const pts = series.flatMap((s) => s.points).concat((opt.marks || []).map((m) => [m.x, m.y]))
    .filter(([x, y]) => x > 0 && y > 0 && isFinite(x) && isFinite(y));
  el("rect", { x: L, y: T, width: W - L - R, height: H - T - B, class: "plot-bg" }, svg);
  if (pts.length === 0) {
    const t = el("text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "axis" }, svg);
    t.textContent = opt.empty || "no data yet";
    return;
  }
  let x0 = Math.log10(Math.min(...pts.map((p) => p[0]))), x1 = Math.log10(Math.max(...pts.map((p) => p[0])));
  let y0 = Math.log10(Math.min(...pts.map((p) => p[1]))), y1 = Math.log10(Math.max(...pts.map((p) => p[1])));
  if (opt.target > 0) { y0 = Math.min(y0, Math.log10(opt.target)); y1 = Math.max(y1, Math.log10(opt.target)); }
  x0 = Math.floor(x0); x1 = Math.max(Math.ceil(x1), x0 + 1);
  y0 = Math.floor(y0); y1 = Math.max(Math.ceil(y1), y0 + 1);
  const X = (x) => L + ((Math.log10(x) - x0) / (x1 - x0)) * (W - L - R);
  const Y = (y) => H - B - ((Math.log10(y) - y0) / (y1 - y0)) * (H - T - B);
  for (let e = x0; e <= x1; e++) {
    el("line", { x1: X(10 ** e), x2: X(10 ** e), y1: T, y2: H - B, class: "grid" }, svg);
    el("text", { x: X(10 ** e), y: H - B + 14, "text-anchor": "middle", class: "axis" }, svg).textContent = "1e" + e;
  }
  for (let e = y0; e <= y1; e++) {
    el("line", { x1: L, x2: W - R, y1: Y(10 ** e), y2: Y(10 ** e), class: "grid" }, svg);
    el("text", { x: L - 4, y: Y(10 ** e) + 4, "text-anchor": "end", class: "axis" }, svg).textContent = "1e" + e;
  }
  if (opt.xlabel) el("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", class: "axis" }, svg).textContent = opt.xlabel;
  if (opt.ylabel) {
    const t = el("text", { x: 12, y: (T + H - B) / 2, "text-anchor": "middle", class: "axis", transform: `rotate(-90 12 ${(T + H - B) / 2})` }, svg);
    t.textContent = opt.ylabel;
  }
  if (opt.target > 0) el("line", { x1: L, x2: W - R, y1: Y(opt.target), y2: Y(opt.target), class: "target" }, svg);
  for (const s of series) {
    const p = s.points.filter(([x, y]) => x > 0 && y > 0);
    if (p.length === 0) continue;
    el("polyline", { points: p.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" "), class: "series" + (s.dash ? " dash" : ""), stroke: s.color }, svg);
  }
  for (const m of opt.marks || []) {
    if (!(m.x > 0 && m.y > 0)) continue;
    const c = el("circle", { cx: X(m.x), cy: Y(m.y), r: 4, fill: m.color }, svg);
    if (m.label) el("title", {}, c).textContent = m.label;
  }
}
