// Commanders: the battlefield drawn from the view (shape in NOTES.md "View shape").
//
// Nine sectors in three rows with a reserve behind each army, seen from the viewer's own
// side (white plays from the bottom, black from the top). Units are counters by type
// (infantry X, cavalry slash, artillery dot) and state (spent: turned, routed: red, square:
// framed). Battle zones now fought are listed beside the map with their five spaces a side
// and the dice of the current combat step; crossed sabres mark them on the map. Orders you
// gave are dashed arrows; attacks under way are red arrows.
//
// Clicking: an order, and each phase's "who acts now" (a unit's move or attack, a cavalry
// unit riding on, a gun firing or bombarding, the road's extra move), is a counter of the
// group (its type in its sector: every counter of the group lights up), then the sector its
// arrow points at; a combat choice is the unit (a target: your unit, then the enemy); a
// re-roll is the die itself; a wing's composition, an objective or an entry is the sector;
// a defender's battle zone is the unit, then the sector the attack comes from; a unit let
// into a full sector is the unit. "all", "done" and the way to turn board side B are
// buttons beside the board. Your sheet is drawn as dashed arrows with the book's
// multipliers ("2C"); the enemy's orders appear, solid, once its units carry them out.

const W = 1320;
const H = 860;
const SIDE_Y = 20;
const MAP_X = 20;
const COL_W = 280;
const ROW_H = { reserve: 104, main: 176 };
const GAP = 10;
const SIDE_X = 890;
const PANEL_W = W - SIDE_X - 14;
const C = 30; // counter size

const SIDE_FILL = { white: "#f4eddc", black: "#2e2f36" };
const SIDE_INK = { white: "#2b2418", black: "#f1ead8" };
const SIDE_EDGE = { white: "#8d7a52", black: "#0d0d10" };
const STYLE = `
  .cmd-title { font: 600 15px Georgia, serif; fill: #f4eddc; }
  .cmd-sector-name { font: 600 13px Georgia, serif; fill: #2b2418; }
  .cmd-sector-name.light { fill: #f4eddc; }
  .cmd-vp { font: 700 12px sans-serif; fill: #2b2418; }
  .cmd-panel { fill: #efe4c8; stroke: #8a7447; }
  .cmd-h { font: 700 17px Georgia, serif; fill: #2b2418; }
  .cmd-h.light, .cmd-small.light { fill: #f1e7cc; }
  .cmd-big { font: 700 26px Georgia, serif; fill: #2b2418; }
  .cmd-small { font: 14px sans-serif; fill: #2b2418; }
  .cmd-die { font: 700 14px sans-serif; fill: #2b2418; }
  .sector.choice > rect:first-child { fill-opacity: .92; }
  .cmd-arrow-label { font: 700 12px sans-serif; }
`;

const ORDER_COLOR = { infantry: "#d1492e", cavalry: "#b27a12", artillery: "#7d3fa5" };
const LETTER = { infantry: "I", cavalry: "C", artillery: "A" };
const GROUP_STAGES = new Set(["plan", "choose", "road"]);

function layout(view) {
  const b = view.board;
  const flip = b.you === "black";
  const pos = {};
  // display rows top to bottom: for white, black reserve (3) at the top
  const order = flip ? [-1, 0, 1, 2, 3] : [3, 2, 1, 0, -1];
  let y = 34;
  const rowY = {};
  for (const r of order) {
    const h = r === -1 || r === 3 ? ROW_H.reserve : ROW_H.main;
    rowY[r] = { y, h };
    y += h + GAP;
  }
  for (const s of b.sectors) {
    const { y: sy, h } = rowY[s.row];
    const col = flip ? 2 - s.col : s.col;
    if (s.reserve) pos[s.id] = { x: MAP_X + COL_W * 0.5, y: sy, w: COL_W * 2 - GAP, h };
    else pos[s.id] = { x: MAP_X + col * COL_W, y: sy, w: COL_W - GAP, h };
  }
  return pos;
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > width && line) {
      lines.push(line);
      line = "  " + w;
    } else line = line ? line + " " + w : w;
  }
  if (line) lines.push(line);
  return lines;
}

function centre(p) {
  return { x: p.x + p.w / 2, y: p.y + p.h / 2 };
}

function sharedEdge(pa, pb) {
  // the middle of the edge between two sector boxes, and whether it runs across (horizontal)
  const ca = centre(pa);
  const cb = centre(pb);
  if (Math.abs(ca.y - cb.y) > 5) {
    const top = ca.y < cb.y ? pa : pb;
    const x0 = Math.max(pa.x, pb.x);
    const x1 = Math.min(pa.x + pa.w, pb.x + pb.w);
    return { x: (x0 + x1) / 2, y: top.y + top.h + GAP / 2, across: true, x0, x1 };
  }
  const left = ca.x < cb.x ? pa : pb;
  const y0 = Math.max(pa.y, pb.y);
  const y1 = Math.min(pa.y + pa.h, pb.y + pb.h);
  return { x: left.x + left.w + GAP / 2, y: (y0 + y1) / 2, across: false, y0, y1 };
}

function counter(kit, parent, u, x, y, size = C, extra = {}, key = null) {
  const { el } = kit;
  const g = el("g", { class: `unit ${u.side} ${u.type} ${u.status}`, "data-target": key || `unit:${u.id}`, ...extra }, parent);
  const turn = u.status === "spent" ? ` rotate(90 ${x + size / 2} ${y + size / 2})` : "";
  g.setAttribute("transform", `translate(0 0)${turn}`);
  el("rect", {
    x, y, width: size, height: size, rx: 3,
    fill: SIDE_FILL[u.side], stroke: u.status === "routed" ? "#d23b2a" : SIDE_EDGE[u.side],
    "stroke-width": u.status === "routed" ? 2.5 : 1.2,
    opacity: u.status === "spent" ? 0.72 : 1,
  }, g);
  const ink = SIDE_INK[u.side];
  const m = size * 0.2;
  const bx = x + m, by = y + size * 0.28, bw = size - 2 * m, bh = size * 0.44;
  el("rect", { x: bx, y: by, width: bw, height: bh, fill: "none", stroke: ink, "stroke-width": 1.2 }, g);
  if (u.type === "infantry") {
    el("path", { d: `M${bx} ${by}L${bx + bw} ${by + bh}M${bx + bw} ${by}L${bx} ${by + bh}`, stroke: ink, "stroke-width": 1.2 }, g);
  } else if (u.type === "cavalry") {
    el("path", { d: `M${bx} ${by + bh}L${bx + bw} ${by}`, stroke: ink, "stroke-width": 1.4 }, g);
  } else {
    el("circle", { cx: bx + bw / 2, cy: by + bh / 2, r: bh * 0.28, fill: ink }, g);
  }
  if (u.square) {
    el("rect", { x: x - 3, y: y - 3, width: size + 6, height: size + 6, fill: "none", stroke: "#e0a63a", "stroke-width": 2, "pointer-events": "none" }, g);
  }
  if (u.status === "routed") {
    el("path", { d: `M${x + 2} ${y + size - 2}L${x + size - 2} ${y + 2}`, stroke: "#d23b2a", "stroke-width": 2 }, g);
  }
  el("title", {}, g, unitTip(u));
  return g;
}

const KIND = {
  infantry: "moves 1 sector a round; fires at range and fights in melee; may form a square against cavalry",
  cavalry: "moves up to 2 sectors a round (one a phase); melee only; spent if it fails to hit",
  artillery: "moves 1 sector, or bombards (2 dice at 2 units), or fires at close range (2 dice), once a round",
};
const STATE = {
  fresh: "ready",
  spent: "spent: it acted this round; -1 in combat if attacked",
  routed: "routed: cannot fight; a second hit destroys or captures it",
};

// a unit by name, as the log calls it: "w-i3" is White infantry 3
const TYPE_OF = { i: "infantry", c: "cavalry", a: "artillery" };
export function unitName(id) {
  const m = /^([wb])-([ica])(\d+)$/.exec(String(id));
  return m ? `${m[1] === "w" ? "White" : "Black"} ${TYPE_OF[m[2]]} ${m[3]}` : String(id);
}

// what a counter is, in words
function unitTip(u) {
  const lines = [unitName(u.id), KIND[u.type] || ""];
  lines.push(STATE[u.status] || u.status);
  if (u.acted) lines.push(`acted ${u.acted}× this round`);
  if (u.square) lines.push("in square: cavalry charging it fights at -3");
  if (u.where === "routed-box") lines.push("in the routed box: a saved order can rally it");
  if (u.where === "captured") lines.push("captured: worth VP to its captor");
  if (u.where === "destroyed") lines.push("destroyed");
  if (u.where === "unplaced") lines.push("not yet placed");
  return lines.filter(Boolean).join("\n");
}

function flag(kit, parent, x, y, o) {
  const { el } = kit;
  const g = el("g", { class: "objective marker" }, parent);
  const color = o.side === "white" ? "#f4eddc" : o.side === "black" ? "#2e2f36" : "#c9a43a";
  if (o.kind === "general") {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 5 : 11;
      const a = (Math.PI / 5) * i - Math.PI / 2;
      pts.push(`${x + r * Math.cos(a)},${y + r * Math.sin(a)}`);
    }
    el("polygon", { points: pts.join(" "), fill: color, stroke: "#c9a43a", "stroke-width": 1.5 }, g);
  } else if (o.kind === "rose") {
    el("circle", { cx: x, cy: y, r: 9, fill: "#b8405a", stroke: "#5a1a28" }, g);
    el("circle", { cx: x, cy: y, r: 4, fill: "#e8b04a" }, g);
  } else {
    el("line", { x1: x - 6, y1: y + 10, x2: x - 6, y2: y - 11, stroke: "#3a2f1c", "stroke-width": 1.6 }, g);
    el("path", { d: `M${x - 6} ${y - 11}L${x + 9} ${y - 6}L${x - 6} ${y - 1}Z`, fill: color, stroke: "#3a2f1c", "stroke-width": 1 }, g);
  }
  el("text", { x: x + 12, y: y + 5, class: "cmd-vp" }, g, `${o.vp}`);
  const what = { general: "command post", flag: "flag", rose: "wind rose" }[o.kind] || o.kind;
  const worth = o.kind === "rose" ? `${o.vp} VP once, to the side that takes it` : `${o.vp} VP each round to the enemy while he holds it`;
  el("title", {}, g, `${o.side ? o.side + " " : ""}${what}: ${worth}`);
}

const TERRAIN = {
  forest: "forest: 3 units enter at a time and are spent on entering; -2 ranged, -1 melee for both sides",
  hill: "hill: attacking uphill -1 in melee, downhill +1; guns on it fire over units in between",
  building: "building: an infantry unit may hold it; attackers -1 against it",
};

function terrain(kit, parent, p, kinds) {
  const { el } = kit;
  let x = p.x + p.w - 16;
  const y = p.y + 16;
  for (const t of kinds) {
    const g = el("g", { class: `terrain ${t} marker` }, parent);
    if (t === "forest") {
      for (const [dx, dy] of [[-10, 4], [0, -2], [8, 5]]) el("circle", { cx: x + dx, cy: y + dy, r: 6, fill: "#3f6b3a", stroke: "#24401f" }, g);
    } else if (t === "hill") {
      el("path", { d: `M${x - 16} ${y + 8}Q${x} ${y - 14} ${x + 12} ${y + 8}`, fill: "#a08453", stroke: "#5c4826" }, g);
    } else if (t === "building") {
      el("path", { d: `M${x - 9} ${y + 8}V${y - 1}L${x} ${y - 9}L${x + 9} ${y - 1}V${y + 8}Z`, fill: "#b46a4a", stroke: "#5a2d1a" }, g);
    }
    el("title", {}, g, TERRAIN[t] || t);
    x -= 34;
  }
}

function arrow(kit, parent, from, to, color, dashed, label, shift = 0, at = 0.5) {
  const { el } = kit;
  const dx = to.x - from.x, dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  // side by side when several arrows join the same two sectors
  from = { x: from.x - uy * shift, y: from.y + ux * shift };
  to = { x: to.x - uy * shift, y: to.y + ux * shift };
  const sx = from.x + ux * 18, sy = from.y + uy * 18;
  const ex = to.x - ux * 22, ey = to.y - uy * 22;
  const g = el("g", { class: "arrow", "pointer-events": "none" }, parent);
  el("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: color, "stroke-width": 3, "stroke-dasharray": dashed ? "7 5" : null, opacity: 0.85 }, g);
  const hx = ex - ux * 10, hy = ey - uy * 10;
  el("path", { d: `M${ex} ${ey}L${hx - uy * 6} ${hy + ux * 6}L${hx + uy * 6} ${hy - ux * 6}Z`, fill: color }, g);
  return label ? { label, color, at, sx, sy, ex, ey } : null;
}

// The arrows' labels, drawn over every arrow: each at the first spot along its own arrow
// (its middle, or where it asked to be, then a little before or after) whose box covers no
// label placed before it and nothing of the board (counters, flags, terrain, battle marks);
// where none is free, the least crowded.
function arrowLabels(kit, parent, labels, blocks) {
  const { el } = kit;
  const placed = [];
  const overlap = (a, b) => {
    const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
    return w > 0 && h > 0 ? w * h : 0;
  };
  for (const l of labels) {
    const w = 10 + 7.5 * l.label.length;
    let best = null;
    for (const d of [0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3, -0.4]) {
      const t = Math.max(0.08, Math.min(0.92, l.at + d));
      const x = l.sx + (l.ex - l.sx) * t, y = l.sy + (l.ey - l.sy) * t;
      const box = { x: x - w / 2, y: y - 11, width: w, height: 20 };
      const room = { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 };
      let cost = Math.abs(d) / 10;
      for (const b of placed) cost += overlap(room, b) * 4;
      for (const b of blocks) cost += overlap(room, b);
      if (!best || cost < best.cost) best = { cost, x, y, box };
      if (cost < 0.5) break;
    }
    const g = el("g", { class: "arrow-label", "pointer-events": "none" }, parent);
    el("rect", { ...best.box, rx: 5, fill: "#f4eddc", stroke: l.color, "stroke-width": 1.5 }, g);
    el("text", { x: best.x, y: best.y + 4, "text-anchor": "middle", class: "cmd-arrow-label", fill: l.color }, g, l.label);
    placed.push(best.box);
  }
}

export default {
  viewBox() {
    return `0 0 ${W} ${H}`;
  },

  draw(root, view, kit) {
    const { el, title } = kit;
    const b = view.board;
    const pos = layout(view);
    const units = Object.fromEntries(b.units.map((u) => [u.id, u]));
    const inZone = new Set();
    for (const z of b.zones) for (const id of [...z.white, ...z.black]) if (id) inZone.add(id);

    el("style", {}, root, STYLE);
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "#3b4a2f", rx: 14 }, root);
    el("rect", { x: 8, y: 8, width: 868, height: 844, fill: "#5d7443", rx: 10, stroke: "#2c3a20", "stroke-width": 2 }, root);
    el("text", { x: MAP_X + 6, y: 26, class: "cmd-title" }, root, `Board ${b.board}${b.orientation === 2 ? " (turned)" : ""} · round ${b.round} of ${b.rounds} · ${title(b.phase)}${b.stage ? " — " + b.stage.replace(/-/g, " ") : ""}`);

    // sectors
    const sectorLayer = el("g", { class: "sectors" }, root);
    for (const s of b.sectors) {
      const p = pos[s.id];
      const g = el("g", { class: "sector", "data-target": `sector:${s.id}` }, sectorLayer);
      const fill = s.reserve ? (s.reserve === "white" ? "#d9cfae" : "#6c6f78") : s.control === "white" ? "#a8b27a" : s.control === "black" ? "#7e8a6a" : "#95a86c";
      el("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 8, fill, stroke: s.control ? SIDE_EDGE[s.control] : "#46552f", "stroke-width": s.control ? 2 : 1.2 }, g);
      el("text", { x: p.x + 10, y: p.y + 18, class: "label cmd-sector-name" + (s.reserve === "black" ? " light" : "") }, g, s.name);
      terrain(kit, g, p, s.terrain);
      const held = s.reserve ? `${s.reserve}'s reserve (any number of units; the enemy may not enter)` : s.control ? `held by ${s.control}` : "held by nobody";
      el("title", {}, g, `${s.name}: ${held}${s.reserve ? "" : "; room for 6 units"}${s.terrain.length ? `; ${s.terrain.join(", ")}` : ""}`);
      s.objectives.forEach((o, i) => flag(kit, g, p.x + 18 + i * 36, p.y + p.h - 16, o));
    }

    // borders: rivers, bridges, roads
    const borderLayer = el("g", { class: "borders", "pointer-events": "none" }, root);
    for (const bd of b.borders) {
      if (!bd.terrain.length || !pos[bd.a] || !pos[bd.b]) continue;
      const e = sharedEdge(pos[bd.a], pos[bd.b]);
      const line = e.across ? { x1: e.x0 + 8, y1: e.y, x2: e.x1 - 8, y2: e.y } : { x1: e.x, y1: e.y0 + 8, x2: e.x, y2: e.y1 - 8 };
      if (bd.terrain.includes("river") || bd.terrain.includes("bridge")) {
        el("line", { ...line, stroke: "#3c78b5", "stroke-width": 7, "stroke-linecap": "round", opacity: 0.9 }, borderLayer);
      }
      if (bd.terrain.includes("bridge")) {
        el("rect", { x: e.x - 9, y: e.y - 9, width: 18, height: 18, fill: "#8a6a3a", stroke: "#3a2a12", transform: e.across ? null : `rotate(90 ${e.x} ${e.y})` }, borderLayer);
      }
      if (bd.terrain.includes("road")) {
        const r = e.across ? { x1: e.x, y1: e.y - 24, x2: e.x, y2: e.y + 24 } : { x1: e.x - 24, y1: e.y, x2: e.x + 24, y2: e.y };
        el("line", { ...r, stroke: "#c9b27a", "stroke-width": 5, "stroke-dasharray": "8 4" }, borderLayer);
      }
    }

    // units in their sectors (those fighting in a battle zone are drawn there)
    const unitLayer = el("g", { class: "units" }, root);
    const bySector = {};
    for (const u of b.units) {
      if (u.where !== "board" || !u.sector || !pos[u.sector]) continue;
      (bySector[u.sector] = bySector[u.sector] || []).push(u);
    }
    const grouped = b.you && GROUP_STAGES.has(b.stage);
    for (const [sid, list] of Object.entries(bySector)) {
      const p = pos[sid];
      const perRow = Math.floor((p.w - 16) / (C + 5));
      const sides = ["white", "black"];
      if (b.you === "black") sides.reverse();
      let row = 0;
      for (const side of sides) {
        const mine = list.filter((u) => u.side === side).sort((a, c) => a.type.localeCompare(c.type) || a.id.localeCompare(c.id, undefined, { numeric: true }));
        mine.forEach((u, i) => {
          const x = p.x + 10 + (i % perRow) * (C + 5);
          const y = p.y + 28 + (row + Math.floor(i / perRow)) * (C + 6);
          const key = grouped && u.side === b.you ? `grp:${u.sector}:${u.type}` : null;
          const g = counter(kit, unitLayer, u, x, y, C, {}, key);
          if (inZone.has(u.id)) g.setAttribute("opacity", "0.45");
        });
        if (mine.length) row += Math.ceil(mine.length / perRow);
      }
    }

    // artillery tokens
    const tokenCount = {};
    for (const t of b.tokens) {
      const p = pos[t.sector];
      if (!p) continue;
      const k = (tokenCount[t.sector] = (tokenCount[t.sector] || 0) + 1);
      const x = p.x + p.w - 20 - (k - 1) * 26, y = p.y + p.h - 20;
      const g = el("g", { class: "token" }, unitLayer);
      el("circle", { cx: x, cy: y, r: 11, fill: SIDE_FILL[t.side], stroke: "#c9a43a", "stroke-width": 2 }, g);
      el("circle", { cx: x, cy: y, r: 3.5, fill: SIDE_INK[t.side] }, g);
      el("title", {}, g, `artillery token of ${t.artillery}`);
    }

    // my sheet (dashed, with the book's multipliers), the enemy's orders carried out so far
    // (solid, thin), what I chose to act now (bold), and attacks under way (red)
    const arrows = el("g", { class: "arrows" }, root);
    const pairs = {};
    const slot = (a, c) => {
      const k = [a, c].sort().join("|");
      pairs[k] = (pairs[k] || 0) + 1;
      return (pairs[k] - 1) * 14 - 7;
    };
    // one arrow a side and a (from, to), labelled with its orders: "2I 2C"
    const joined = [];
    for (const [side, list] of Object.entries(b.orders || {})) {
      const byPair = {};
      for (const o of list || []) {
        if (!pos[o.from] || !pos[o.to]) continue;
        const key = `${o.from}>${o.to}`;
        const n = side === b.you ? o.given : o.carried;
        (byPair[key] = byPair[key] || { side, from: o.from, to: o.to, kinds: [], parts: [] });
        byPair[key].kinds.push(o.kind);
        byPair[key].parts.push(`${n}${LETTER[o.kind] || "?"}`);
      }
      joined.push(...Object.values(byPair));
    }
    const labels = [];
    for (const j of joined) {
      const mine = j.side === b.you;
      const color = mine ? (j.kinds.length === 1 ? ORDER_COLOR[j.kinds[0]] : "#5a3d1a") : SIDE_EDGE[j.side];
      labels.push(arrow(kit, arrows, centre(pos[j.from]), centre(pos[j.to]), color, mine, j.parts.join(" "), slot(j.from, j.to)));
    }
    for (const a of b.acting || []) {
      if (pos[a.from] && pos[a.to]) labels.push(arrow(kit, arrows, centre(pos[a.from]), centre(pos[a.to]), "#1d6b3a", false, `${a.n}${LETTER[a.kind] || "?"} now`, slot(a.from, a.to), 0.78));
    }
    for (const a of b.attacks) {
      if (pos[a.from] && pos[a.to]) arrow(kit, arrows, centre(pos[a.from]), centre(pos[a.to]), "#c0262b", false, "");
    }
    // crossed sabres on every edge with a battle
    for (const z of b.zones) {
      if (!pos[z.a] || !pos[z.b]) continue;
      const e = sharedEdge(pos[z.a], pos[z.b]);
      const g = el("g", { class: "battle-mark", "pointer-events": "none" }, root);
      el("circle", { cx: e.x, cy: e.y, r: 13, fill: "#7a1f1a", stroke: "#f4d27a", "stroke-width": 2 }, g);
      el("path", { d: `M${e.x - 7} ${e.y - 7}L${e.x + 7} ${e.y + 7}M${e.x + 7} ${e.y - 7}L${e.x - 7} ${e.y + 7}`, stroke: "#f4d27a", "stroke-width": 2.5 }, g);
    }
    // the labels over it all, clear of what the board shows
    const blocks = [...root.querySelectorAll(".units .unit, .token, .objective, .terrain, .battle-mark, .cmd-sector-name")].map((n) => n.getBBox());
    arrowLabels(kit, root, labels.filter(Boolean), blocks);

    // ----- the side panel: score, battles, orders, boxes -----
    const side = el("g", { class: "cmd-side" }, root);
    let y = SIDE_Y;
    el("rect", { x: SIDE_X, y, width: PANEL_W, height: 96, rx: 8, class: "cmd-panel" }, side);
    el("text", { x: SIDE_X + 12, y: y + 22, class: "cmd-h" }, side, "Victory points");
    for (const [i, s] of ["white", "black"].entries()) {
      const x = SIDE_X + 14 + i * 140;
      const vg = el("g", { class: "vp-box" }, side);
      el("rect", { x, y: y + 34, width: 30, height: 30, rx: 4, fill: SIDE_FILL[s], stroke: SIDE_EDGE[s] }, vg);
      el("text", { x: x + 40, y: y + 56, class: "cmd-big" }, vg, `${b.vp[s]}`);
      el("text", { x, y: y + 84, class: "cmd-small" }, vg, `${title(s)}${b.you === s ? " (you)" : ""}`);
      el("title", {}, vg, `${title(s)}: ${b.vp[s]} victory point${b.vp[s] === 1 ? "" : "s"}; 10 wins at once, else the most after round ${b.rounds}`);
    }
    const poolX = SIDE_X + 290;
    const pool = el("g", { class: "pool" }, side);
    el("text", { x: poolX, y: y + 22, class: "cmd-small" }, pool, `pool ${b.pool}`);
    for (let i = 0; i < 10; i++) {
      el("circle", { cx: poolX + 8 + (i % 5) * 22, cy: y + 42 + Math.floor(i / 5) * 22, r: 8, fill: i < b.pool ? "#d9b03a" : "none", stroke: "#8a6a1a", "stroke-width": 1.2 }, pool);
    }
    el("title", {}, pool, `Victory point pool: ${b.pool} of 10 left; at the end of each round the side holding more battlefield sectors takes one`);
    // round track
    y += 106;
    const track = el("g", { class: "round-track" }, side);
    for (let r = 1; r <= b.rounds; r++) {
      const x = SIDE_X + 6 + (r - 1) * 40;
      el("rect", { x, y, width: 34, height: 24, rx: 4, fill: r === b.round ? "#e0a63a" : r < b.round ? "#8c7b55" : "#efe4c8", stroke: "#5a4a2a" }, track);
      el("text", { x: x + 17, y: y + 17, "text-anchor": "middle", class: "cmd-small dark" }, track, `${r}`);
    }
    el("title", {}, track, `Round ${b.round} of ${b.rounds}: the game ends after the last round, or as soon as a side has 10 victory points`);
    y += 36;

    // battle zones
    el("text", { x: SIDE_X + 4, y: y + 14, class: "cmd-h light" }, side, b.zones.length ? "Battles" : "No battle now");
    y += 22;
    const byId = Object.fromEntries(b.sectors.map((s) => [s.id, s.name]));
    const short = Object.fromEntries(b.sectors.map((s) => [s.id, s.name.replace(/^(White|Black) /, "").replace(/ wing$/, "")]));
    const byName = (id) => short[id] || id;
    for (const z of b.zones.slice(0, 6)) {
      const h = 104;
      const g = el("g", { class: "zone", "data-zone": z.id }, side);
      el("rect", { x: SIDE_X, y, width: PANEL_W, height: h, rx: 8, class: "cmd-panel" }, g);
      el("text", { x: SIDE_X + 10, y: y + 17, class: "cmd-small dark" }, g, `${byId[z.a]} ⚔ ${byId[z.b]}`);
      for (const [row, s] of ["white", "black"].entries()) {
        const ry = y + 26 + row * 38;
        el("text", { x: SIDE_X + 10, y: ry + 22, class: "cmd-small dark" }, g, title(s));
        for (let i = 0; i < 5; i++) {
          const x = SIDE_X + 62 + i * 66;
          el("rect", { x, y: ry, width: 36, height: 34, rx: 3, fill: "none", stroke: "#8d7a52", "stroke-dasharray": "3 2" }, g);
          const id = z[s][i];
          const u = id ? units[id] : null;
          if (u) {
            counter(kit, g, u, x + 3, ry + 2);
            const dice = b.dice[id] || [];
            dice.forEach((d, k) => {
              const dg = el("g", { class: "die-target", "data-target": `die:${id}:${k}` }, g);
              const dx = x + 38 + k * 14, dy = ry + 4 + (k % 2) * 14;
              el("rect", { x: dx, y: dy, width: 22, height: 22, rx: 4, fill: "#f6f1e4", stroke: "#3a2f1c" }, dg);
              el("text", { x: dx + 11, y: dy + 16, "text-anchor": "middle", class: "cmd-die" }, dg, `${d}`);
              el("title", {}, dg, `${unitName(id)} rolled ${d}${b.stage && b.stage.endsWith("reroll") ? ": click to re-roll it" : ""}`);
            });
          }
        }
      }
      y += h + 8;
    }
    if (b.zones.length > 6) {
      el("text", { x: SIDE_X + 4, y: y + 12, class: "cmd-small light" }, side, `and ${b.zones.length - 6} more battles`);
      y += 20;
    }

    // orders, set-up and the boxes off the map
    const info = [];
    if (b.you && b.orders_info && b.orders_info[b.you]) {
      const oi = b.orders_info[b.you];
      info.push(`Your orders: ${oi.given ?? "?"} of ${oi.allowed} given, ${oi.saved ?? 0} saved${oi.command_order ? " (+1 in the command sector)" : ""}`);
      const sheet = (b.orders[b.you] || []).map((o) => `${o.given}${LETTER[o.kind]} ${byName(o.from)}→${byName(o.to)}${o.carried ? ` (${o.carried} done)` : ""}`);
      for (let i = 0; i < sheet.length; i += 2) info.push("  " + sheet.slice(i, i + 2).join(" · "));
    }
    const other = b.you === "white" ? "black" : "white";
    if (b.orders_info && b.orders_info[other]) {
      const seen = (b.orders[other] || []).map((o) => `${o.carried}${LETTER[o.kind]} ${byName(o.from)}→${byName(o.to)}`);
      info.push(`${title(other)}'s orders seen: ${seen.length ? "" : "none yet"}`);
      for (let i = 0; i < seen.length; i += 2) info.push("  " + seen.slice(i, i + 2).join(" · "));
    }
    if ((b.acting || []).length) info.push("Acting now: " + b.acting.map((a) => `${a.n}${LETTER[a.kind]} ${byName(a.from)}→${byName(a.to)}`).join(", "));
    for (const o of b.orders_left || []) if (o.not_now && !o.not_now.startsWith("only ")) info.push(`${o.left}${LETTER[o.kind]} ${byName(o.from)}→${byName(o.to)}: ${o.not_now}`);
    const left = Object.entries(b.place_left || {}).filter(([, n]) => n);
    if (left.length) info.push("To place: " + left.map(([k, n]) => `${n} ${k}`).join(", "));
    if ((b.markers_left || []).length) info.push("Objectives to place: " + b.markers_left.map((m) => `${m.kind} ${m.vp}`).join(", "));
    for (const [id, zone] of Object.entries(b.defend || {})) info.push(`${unitName(id)} will defend ${zone.split("|").map(byName).join(" and ")}`);
    for (const [id, how] of Object.entries(b.leaving || {})) info.push(`${unitName(id)}: ${how === "garrison" ? "into the building" : "withdraws"}`);
    for (const q of b.capacity || []) info.push(`Room for ${q.room} in ${byId[q.sector]}: ${q.admitted.map(unitName).join(", ") || "click who goes first"}`);
    if ((b.rallies || []).length) info.push("Rally: " + b.rallies.map(unitName).join(", "));
    // wrapped to the panel (at 14 px, about 7.6 px a letter), a line a row
    const rows = info.flatMap((line) => wrap(line, Math.floor((PANEL_W - 8) / 7.6)));
    rows.forEach((line, i) => el("text", { x: SIDE_X + 4, y: y + 14 + i * 19, class: "cmd-small light" }, side, line));
    y += rows.length * 19 + 10;

    const boxes = [
      ["Routed, in reserve", (u) => u.where === "routed-box"],
      ["Captured", (u) => u.where === "captured"],
      ["Destroyed", (u) => u.where === "destroyed"],
      ["Not yet placed", (u) => u.where === "unplaced"],
    ];
    for (const [name, test] of boxes) {
      const list = b.units.filter(test);
      if (!list.length || y > H - 40) continue;
      el("text", { x: SIDE_X + 4, y: y + 12, class: "cmd-small light" }, side, `${name} (${list.length})`);
      y += 18;
      const per = 12;
      list.forEach((u, i) => counter(kit, side, u, SIDE_X + 4 + (i % per) * 34, y + Math.floor(i / per) * 34, 26));
      y += Math.ceil(list.length / per) * 34 + 4;
    }
  },

  target(a) {
    switch (a[0]) {
      case "order":
      case "go":
      case "on":
      case "fire":
      case "road":
      case "bombard":
        return [`grp:${a[2]}:${a[1]}`, `sector:${a[3]}`];
      case "retreat":
        return [`unit:${a[1]}`, `sector:${a[2]}`];
      case "target":
        return [`unit:${a[1]}`, `unit:${a[2]}`];
      case "place":
        return `sector:${a[1]}`;
      case "objective":
        return `sector:${a[3]}`;
      case "defend":
        return [`unit:${a[1]}`, `sector:${a[2]}`];
      case "react":
      case "withdraw":
      case "garrison":
      case "admit":
        return `unit:${a[1]}`;
      case "reroll":
        return `die:${a[1]}:${a[2]}`;
      case "enter":
      case "hold":
        return `sector:${a[1]}`;
      case "rally":
        return a[1] === "infantry" || a[1] === "cavalry" ? null : `unit:${a[1]}`;
      default:
        return null;
    }
  },
};
