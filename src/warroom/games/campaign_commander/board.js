// Campaign Commander series (Roads to Stalingrad, Coral Sea, ...): the operational map
// drawn from the view (src/warroom/games/campaign_commander/present.py documents its shape).
// Everything campaign-specific comes from the view: `look` (each side's name and colours,
// nation colours, areas drawn as boxes; from the campaign's data/setup.toml), area kinds
// (land, sea), ports, and `airfields` / `hidden_counts` / `stack_tops` when the campaign has
// them.
//
// Areas at their map places, linked by their borders (rivers, the Volga, straits drawn as
// water); control and victory points on each area; every stack's units as counters with
// their values and markers (depleted, disorganized, isolated). Beside the map: victory
// points, replacement points, the Card/Map choice, the hand, the operation or battle under
// way.
//
// The map fills the board (zoomed and panned by the page); the tray under it holds the
// victory points, the Card/Map choice, the battle under way and the hand, drawn at the
// screen's own size. Each area's units lie in one pile (a click opens it); names are placed
// clear of each other and of the markers (kit.placeLabels).
//
// Clicking: a unit to move, add, target, reorganize, rebuild, eliminate at sea (7.2) or make
// share a ship's fate (7.4); an area to spend RPs in, go to, place at, retreat to or retreat
// a ship into (9.6.3.e); a card in hand to play, discard or play in answer to the other
// side (2.3.4); the Card or Map tile. Halt, done, stay, cancel, draw, pass, a leader's
// follow/stay and battle chits are buttons beside the board (the listed actions).

// the map's size: the areas' extent, with room for a sea's wash, a name or a pile at the edge
function size(b) {
  const boxes = new Set((b.look && b.look.boxes) || []);
  const xs = b.areas.map((a) => a.x);
  const ys = b.areas.map((a) => a.y + (boxes.has(a.id) ? BOX_BELOW + 4 - 58 : 0));
  return { W: Math.max(...xs) + 75, H: Math.max(...ys) + 58 };
}
const C = 32; // a counter's side
const PILE = 3.5; // how far each counter under the top one shows
const DEEP = 4; // how many counters of a pile show their edges (the badge tells how many there are)
const BOX_BELOW = 62; // how far an area drawn as a box (Australia) reaches below its point: its pile inside it

const STYLE = `
  .cc-sea-name { font: italic 600 12.5px Georgia, serif; fill: #1f4f78; opacity: 0.9; }
  .cc-area-name { font: 600 12px Georgia, serif; fill: #1d1a12; paint-order: stroke; stroke: #efe6c8; stroke-width: 3px; }
  .cc-vp { font: 700 10px sans-serif; fill: #fff; }
  .cc-val { font: 700 13.5px "Liberation Sans Narrow", "Arial Narrow", "DejaVu Sans Condensed", sans-serif; }
  .cc-h { font: 700 14px Georgia, serif; fill: #f1e7cc; }
  .cc-t { font: 13px sans-serif; fill: #f1e7cc; }
  .cc-card-name { font: 700 13px Georgia, serif; fill: #2b2418; }
  .cc-card-text { font: 11px sans-serif; fill: #4a3f2c; }
`;

// colours for a side the campaign data does not describe
const FALLBACK = [
  { fill: "#9aa08a", ink: "#1c1e17", edge: "#3c4030", control: "#7b806a", mark: "#3c4030" },
  { fill: "#c0644a", ink: "#fff3e6", edge: "#5a2415", control: "#b5533d", mark: "#8a1f12" },
];

// each side's look, keyed by role, in the order the view lists the roles
function sidesOf(b) {
  const roles = Object.keys(b.vp || {});
  const given = (b.look && b.look.sides) || {};
  const out = {};
  roles.forEach((r, i) => {
    out[r] = { ...FALLBACK[i % FALLBACK.length], name: r, ...(given[r] || {}) };
  });
  return out;
}
const WATER = { minor: 2.5, major: 5, volga: 7, straits: 4 };

function wrap(text, width) {
  const words = String(text || "").split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > width) {
      if (line) lines.push(line);
      line = w;
    } else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  return lines;
}

const KIND = { infantry: "infantry", mountain: "mountain infantry", armor: "armour", panzer: "panzer", tank: "tank", mechanized: "mechanized", motorized: "motorized", naval: "naval", cavalry: "cavalry" };
const NAVAL = { CV: "carrier", HS: "heavy surface", LS: "light surface", TR: "transport" };

// what a counter says, in words: its values and its state
export function describeUnit(u, sideName, units = {}) {
  const [tv, ch, mf] = u.values || [];
  const naval = u.type === "naval";
  const kind = naval ? `${NAVAL[u.naval_class] || u.naval_class || ""} naval unit` : `${KIND[u.type] || u.type} unit`;
  const lines = [`${u.name}`, `${sideName(u.side)} · ${u.nation} ${kind}${u.ss ? " (SS)" : ""}`];
  lines.push(`${(u.values || []).join("-")}: tactical ${tv} (in battle a side draws as many chits as its best tactical value) · cohesion ${ch} (a d10 at or under it passes a check) · ${naval ? "range" : "movement"} ${mf}`);
  const front = (u.front || []).join("-");
  const dep = (u.depleted_values || []).join("-");
  if (front && dep) lines.push(u.depleted ? `depleted (full strength ${front})` : `depleted side ${dep}`);
  if (u.disorganized) lines.push("disorganized (yellow marker): every value one lower; it leaves a battle at once; spend SP to reorganize it");
  if (u.isolated) lines.push("isolated (gold edge): cohesion one lower; destroyed if disorganized; cannot be reorganized or rebuilt");
  if (u.inside) lines.push("inside the fortress");
  // ships carry (series 7): what is aboard this ship, or the ship this unit is aboard
  const name = (id) => (units[id] ? units[id].name : id);
  const cargo = Object.values(units).filter((c) => c.aboard === u.id).map((c) => c.name);
  if (cargo.length) lines.push(`carries ${cargo.join(", ")}`);
  if (u.rp_aboard) lines.push(`${u.rp_aboard} resource point${u.rp_aboard > 1 ? "s" : ""} aboard (RP badge)`);
  if (u.aboard) lines.push(`aboard ${name(u.aboard)} (anchor mark)`);
  return lines.join("\n");
}

function counter(el, parent, u, x, y, look, cls = "", units = {}) {
  const s = look.sides[u.side] || FALLBACK[0];
  const fill = look.nations[u.nation] || s.fill;
  const g = el("g", { class: `unit ${u.side}${cls}`, "data-target": `unit:${u.id}` }, parent);
  el("rect", { x, y, width: C, height: C, rx: 3, fill, stroke: u.isolated ? "#e0a63a" : s.edge, "stroke-width": u.isolated ? 2.6 : 1.2, opacity: u.depleted ? 0.8 : 1 }, g);
  const bx = x + 7, by = y + 4, bw = C - 14, bh = 12;
  el("rect", { x: bx, y: by, width: bw, height: bh, fill: "none", stroke: s.ink, "stroke-width": 1 }, g);
  const cross = `M${bx} ${by}L${bx + bw} ${by + bh}M${bx + bw} ${by}L${bx} ${by + bh}`;
  const oval = { cx: bx + bw / 2, cy: by + bh / 2, rx: bw / 2 - 2.5, ry: bh / 2 - 2, fill: "none", stroke: s.ink, "stroke-width": 1 };
  if (u.type === "infantry" || u.type === "mountain") {
    el("path", { d: cross, stroke: s.ink, "stroke-width": 1 }, g);
  } else if (u.type === "armor" || u.type === "panzer" || u.type === "tank") {
    el("ellipse", oval, g);
  } else if (u.type === "mechanized" || u.type === "motorized") {
    el("path", { d: cross, stroke: s.ink, "stroke-width": 1 }, g);
    el("ellipse", oval, g);
  } else if (u.type === "naval") {
    // a hull; carriers get a flight deck line, heavy surface ships a turret
    el("path", { d: `M${bx - 1} ${by + 4}L${bx + bw + 1} ${by + 4}L${bx + bw - 3} ${by + bh}L${bx + 3} ${by + bh}Z`, fill: s.ink }, g);
    if (u.naval_class === "CV") el("rect", { x: bx - 1, y: by, width: bw + 2, height: 2.5, fill: s.ink }, g);
    else if (u.naval_class === "HS") el("rect", { x: bx + bw / 2 - 2.5, y: by, width: 5, height: 4, fill: s.ink }, g);
  } else if (u.type === "cavalry") {
    el("path", { d: `M${bx} ${by + bh}L${bx + bw} ${by}`, stroke: s.ink, "stroke-width": 1 }, g);
  } else {
    el("circle", { cx: bx + bw / 2, cy: by + bh / 2, r: 2.5, fill: s.ink }, g);
  }
  // the values, squeezed to the counter's width where a wide font would spill over its edges
  const values = el("text", { x: x + C / 2, y: y + C - 3, "text-anchor": "middle", class: "cc-val", fill: s.ink }, g, (u.values || []).join("-"));
  if (values.getComputedTextLength() > C - 3) {
    values.setAttribute("textLength", String(C - 3));
    values.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  if (u.disorganized) el("rect", { x: x + C - 8, y: y - 3, width: 10, height: 10, fill: "#d8b020", stroke: "#5a4a10", "stroke-width": 0.9 }, g);
  if (u.depleted) el("line", { x1: x + 1, y1: y + C - 1, x2: x + C - 1, y2: y + 1, stroke: s.ink, "stroke-width": 0.7, opacity: 0.6 }, g);
  if (u.rp_aboard) {
    // a resource point aboard this ship: a small RP badge at its left side
    el("rect", { class: "rp-aboard", x: x - 14, y: y + C / 2 - 5, width: 15, height: 10, rx: 2, fill: s.mark, stroke: "#fff", "stroke-width": 0.7 }, g);
    el("text", { x: x - 6.5, y: y + C / 2 + 2.5, "text-anchor": "middle", class: "cc-val", fill: "#fff" }, g, "RP");
  }
  if (u.aboard) {
    // a ground unit aboard a ship: an anchor in its upper left corner
    const ax = x + 3.5, ay = y + 6.5;
    el("path", { class: "aboard-mark", d: `M${ax} ${ay - 4}L${ax} ${ay + 3.5}M${ax - 2.5} ${ay - 1.5}L${ax + 2.5} ${ay - 1.5}M${ax - 3} ${ay + 1}Q${ax} ${ay + 5.5} ${ax + 3} ${ay + 1}`, fill: "none", stroke: "#1f4f78", "stroke-width": 1.2 }, g);
  }
  el("title", {}, g, describeUnit(u, (r) => (look.sides[r] ? look.sides[r].name : r), units));
  return g;
}

function cardTip(c) {
  return `${c.name}\n${c.type}${c.cost ? ` · costs ${c.cost} RP` : ""}\n${c.text}`;
}

// areas as the drawing has them, with every side's look
function lookOf(b) {
  return { sides: sidesOf(b), nations: (b.look && b.look.nations) || {}, boxes: (b.look && b.look.boxes) || [] };
}

export default {
  viewBox(view) {
    const { W, H } = size(view.board);
    return `0 0 ${W} ${H}`;
  },

  draw(root, view, kit) {
    const { el } = kit;
    const b = view.board;
    const { W, H } = size(b);
    const look = lookOf(b);
    const sideName = (r) => (look.sides[r] ? look.sides[r].name : r);
    el("style", {}, root, STYLE);
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 10, fill: "#e3d8b0", stroke: "#6f5a36", "stroke-width": 2 }, root);
    const at = Object.fromEntries(b.areas.map((a) => [a.id, a]));
    const boxes = new Set(look.boxes);
    const labels = []; // area and sea names, placed last, clear of everything else
    const obstacles = [];

    // sea areas: wide washes of water under everything else
    const seas = el("g", { class: "seas" }, root);
    for (const a of b.areas) {
      if (a.kind !== "sea") continue;
      const g = el("g", { class: "area sea", "data-target": `area:${a.id}` }, seas);
      el("ellipse", { cx: a.x, cy: a.y, rx: 62, ry: 40, fill: "#9cc3d8", opacity: 0.55, stroke: "#4d86ad", "stroke-width": 1.2, "stroke-dasharray": "5 4" }, g);
      labels.push({ node: el("text", { class: "cc-sea-name" }, g, a.id), x: a.x, y: a.y - 18, r: 0, sea: true });
      el("title", {}, g, `${a.id}: sea area (naval units move and fight here; land units cross only aboard ships)`);
    }

    // borders: plain links, rivers as water; links touching the sea are dotted
    const links = el("g", { class: "borders", "pointer-events": "none" }, root);
    for (const [a, c, kind] of b.borders) {
      const p = at[a], q = at[c];
      if (!p || !q) continue;
      const wet = p.kind === "sea" || q.kind === "sea";
      el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: wet ? "#4d86ad" : "#a8976a", "stroke-width": wet ? 1 : 1.2, opacity: 0.8, "stroke-dasharray": wet ? "2 3" : null }, links);
      if (kind && WATER[kind]) {
        const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
        const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
        const nx = (-dy / len) * 12, ny = (dx / len) * 12;
        el("line", { x1: mx - nx, y1: my - ny, x2: mx + nx, y2: my + ny, stroke: "#3c78b5", "stroke-width": WATER[kind], "stroke-linecap": "round", "stroke-dasharray": kind === "straits" ? "3 3" : null }, links);
      }
    }

    // land areas (boxes such as Australia drawn as a framed box)
    const fields = Object.fromEntries((b.airfields || []).map((f) => [f.area, f]));
    const areas = el("g", { class: "areas" }, root);
    for (const a of b.areas) {
      if (a.kind === "sea") continue;
      const g = el("g", { class: boxes.has(a.id) ? "area land box" : "area land", "data-target": `area:${a.id}` }, areas);
      const ctl = look.sides[a.control] ? look.sides[a.control].control : "#c9bd92";
      const r = a.city ? 10 : 8;
      if (boxes.has(a.id)) {
        el("rect", { x: a.x - 46, y: a.y - 30, width: 92, height: 30 + BOX_BELOW, rx: 4, fill: "#efe6c8", stroke: ctl, "stroke-width": 3 }, g);
      }
      obstacles.push(el("circle", { class: "marker", cx: a.x, cy: a.y, r, fill: a.terrain === "mountain" ? "#9c8a66" : "#efe6c8", stroke: ctl, "stroke-width": 3 }, g));
      if (a.fortress) el("rect", { x: a.x - 5, y: a.y - 5, width: 10, height: 10, fill: "none", stroke: "#3a2f1c", "stroke-width": 1.5, transform: `rotate(45 ${a.x} ${a.y})` }, g);
      if (a.supply) el("circle", { cx: a.x, cy: a.y, r: 3, fill: "#3a2f1c" }, g);
      if (a.port) {
        // an anchor below-left of the area's circle
        const px = a.x - r - 4, py = a.y + 6;
        el("path", { class: "port", d: `M${px} ${py - 5}L${px} ${py + 4}M${px - 3} ${py - 2}L${px + 3} ${py - 2}M${px - 4} ${py + 1}Q${px} ${py + 6} ${px + 4} ${py + 1}`, fill: "none", stroke: "#1f4f78", "stroke-width": 1.4 }, g);
      }
      labels.push({ node: el("text", { class: "cc-area-name" }, g, a.id), x: a.x, y: a.y, r: r + 1 });
      const vps = Object.entries(a.vp || {});
      vps.forEach(([side, n], i) => {
        const mark = look.sides[side] ? look.sides[side].mark : "#3a2f1c";
        const vx = a.x - r - 7 - i * 14;
        obstacles.push(el("circle", { cx: vx, cy: a.y - 6, r: 6.5, fill: mark, class: `vp ${side} marker` }, g));
        el("text", { x: vx, y: a.y - 2.5, "text-anchor": "middle", class: "cc-vp" }, g, `${n}`);
      });
      const held = a.control ? `, held by ${sideName(a.control)}` : "";
      const worth = vps.length ? `\nvictory points: ${vps.map(([side, n]) => `${n} to ${sideName(side)}`).join(", ")}` : "";
      const parts = [a.terrain, a.city && "city", a.port && "port", a.fortress && `fortress ${a.fortress} (added to the defender's cohesion checks)`, a.supply && "supply source"].filter(Boolean);
      const f = fields[a.id];
      const field = f ? `\nairfield${f.owner ? ` of ${sideName(f.owner)}` : ""}${f.printed ? "" : " (built)"}${f.out_of_action ? ", out of action" : ""}${f.silenced ? ", silenced" : ""}` : "";
      el("title", {}, g, `${a.id}: ${parts.join(", ")}${held}${worth}${field}`);
    }

    // airfields (campaigns that have them): a small plane in the owner's colour
    for (const f of b.airfields || []) {
      const a = at[f.area];
      if (!a) continue;
      const s = look.sides[f.owner];
      const x = a.x + 14, y = a.y + 5;
      const g = el("g", { class: `airfield ${f.owner || "none"}` }, root);
      el("title", {}, g, `Airfield at ${f.area}${f.owner ? ` of ${sideName(f.owner)}` : ""}${f.printed ? "" : " (built)"}${f.out_of_action ? ": out of action" : ""}${f.silenced ? ": silenced for this operation" : ""}\nsome battle chits and cards work only within its reach`);
      const col = f.out_of_action || f.silenced ? "#8a8370" : s ? s.mark : "#6f6650";
      el("path", { d: `M${x} ${y - 5}L${x} ${y + 5}M${x - 5} ${y - 1}L${x + 5} ${y - 1}M${x - 2.5} ${y + 4}L${x + 2.5} ${y + 4}`, stroke: col, "stroke-width": 2, "stroke-linecap": "round" }, g);
      if (f.out_of_action) el("path", { d: `M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x + 4} ${y - 4}L${x - 4} ${y + 4}`, stroke: "#c0262b", "stroke-width": 1.4 }, g);
      obstacles.push({ x: x - 6, y: y - 6, width: 12, height: 12 });
    }

    // RP markers
    for (const [side, spots] of Object.entries(b.rps)) {
      for (const [loc, n] of Object.entries(spots)) {
        const a = at[loc];
        if (!a) continue;
        const g = el("g", { class: "rp" }, root);
        obstacles.push(el("rect", { class: "marker", x: a.x - 12, y: a.y - 25, width: 24, height: 12, rx: 3, fill: look.sides[side] ? look.sides[side].mark : "#3a2f1c" }, g));
        el("text", { x: a.x, y: a.y - 16, "text-anchor": "middle", class: "cc-vp" }, g, `RP${n}`);
        el("title", {}, g, `${n} resource point${n > 1 ? "s" : ""} of ${sideName(side)}: spend one to start an operation here; retreats head for them`);
      }
    }

    // stacks: each area's units in one pile below its circle; a click opens it
    const units = Object.fromEntries(b.units.map((u) => [u.id, u]));
    const stacks = el("g", { class: "stacks" }, root);
    const tops = b.stack_tops || {};
    for (const [loc, all] of Object.entries(b.stacks)) {
      const a = at[loc];
      if (!a || !all.length) continue;
      // limited intelligence: the unit on top of each side's stack comes first
      const top = new Set(Object.values(tops[loc] || {}));
      let ids = [...all.filter((id) => top.has(id)), ...all.filter((id) => !top.has(id))].filter((id) => units[id]);
      if (ids.some((id) => units[id].aboard)) {
        // ships that carry: each ship followed by what it carries (so the pile opens in
        // groups), the unit on top staying on top
        const grouped = [];
        const add = (id) => {
          if (!grouped.includes(id)) grouped.push(id);
        };
        for (const id of ids) {
          if (units[id].aboard && ids.includes(units[id].aboard) && !top.has(id)) continue;
          add(id);
          if (units[id].type === "naval") ids.filter((c) => units[c].aboard === id).forEach(add);
        }
        ids.forEach(add);
        ids = grouped;
      }
      const st = el("g", { class: "stack", "data-stack": loc }, stacks);
      const n = Math.min(ids.length, DEEP);
      // a land pile hangs below its area's circle, clear of it and of the airfield beside
      // it however high it grows (each counter under the top one shows up and to the left)
      const x0 = a.x - C / 2 + (n - 1) * PILE * 0.5;
      const y0 = a.kind === "sea" ? a.y - C / 2 + 6 + (n - 1) * PILE * 0.5 : a.y + (a.city ? 10 : 8) + 3 + (n - 1) * PILE;
      // the first unit lies on top: draw the pile from the bottom up
      [...ids].reverse().forEach((id, k) => {
        const i = ids.length - 1 - k;
        const d = Math.min(i, DEEP - 1) * PILE;
        counter(el, st, units[id], x0 - d, y0 - d, look, " piece", units);
      });
      if (ids.length > 1) {
        const bx = x0 + C - 4, by = y0 + C - 8;
        const badge = el("g", { class: "stack-count" }, st);
        el("title", {}, badge, `${ids.length} units in ${loc}: click to spread them out`);
        el("rect", { x: bx, y: by, width: 14, height: 12, rx: 3, fill: "#2b2418", stroke: "#efe6c8", "stroke-width": 0.8 }, badge);
        el("text", { x: bx + 7, y: by + 9.5, "text-anchor": "middle", class: "cc-vp" }, badge, `${ids.length}`);
      }
      const d = (n - 1) * PILE;
      obstacles.push({ x: x0 - d, y: y0 - d, width: C + d, height: C + d });
      if (ids.length > 1) obstacles.push({ x: x0 + C - 4, y: y0 + C - 8, width: 14, height: 12 });
    }
    // units the rules keep from this seat (limited intelligence): how many lie under the top one
    for (const [loc, n] of Object.entries(b.hidden_counts || {})) {
      const a = at[loc];
      if (!a || !n) continue;
      const g = el("g", { class: "hidden-count" }, root);
      obstacles.push(el("rect", { class: "marker", x: a.x - C / 2 - 22, y: a.y + 14, width: 19, height: 13, rx: 3, fill: "#2b2418" }, g));
      el("text", { x: a.x - C / 2 - 12.5, y: a.y + 24, "text-anchor": "middle", class: "cc-vp" }, g, `+${n}`);
      // a side with a resource point marker on top and no unit in sight: all of it lies beneath
      const seen = (side) => (b.stacks[loc] || []).some((id) => units[id] && units[id].side === side);
      const under = Object.entries(tops[loc] || {}).some(([side, t]) => t === "rp" && !seen(side));
      el("title", {}, g, `${n} more unit${n > 1 ? "s" : ""} hidden in this stack${under ? ", under a resource point marker" : ""}`);
    }
    if (b.battle && at[b.battle.area]) {
      const a = at[b.battle.area];
      el("circle", { cx: a.x, cy: a.y + 12, r: 30, fill: "none", stroke: "#c0262b", "stroke-width": 3, "stroke-dasharray": "6 3", "pointer-events": "none" }, root);
    }
    if (b.op && at[b.op.area]) {
      const a = at[b.op.area];
      el("circle", { cx: a.x, cy: a.y + 12, r: 25, fill: "none", stroke: "#e0a63a", "stroke-width": 3, "pointer-events": "none" }, root);
    }

    // names last: land areas first (sea names are big washes that can give way)
    const ordered = [...labels.filter((l) => !l.sea), ...labels.filter((l) => l.sea)];
    const sticky = ordered.filter((l) => l.sea);
    for (const l of sticky) l.r = 0;
    const boxesOf = kit.placeLabels(ordered, obstacles, { x: 4, y: 4, width: W - 8, height: H - 8 });
    // an area answers a click on its name as on its circle: one clear hit box over both
    ordered.forEach((l, i) => {
      if (l.sea) return;
      const b = boxesOf[i];
      const x0 = Math.min(b.x, l.x - l.r), y0 = Math.min(b.y, l.y - l.r);
      const x1 = Math.max(b.x + b.width, l.x + l.r), y1 = Math.max(b.y + b.height, l.y + l.r);
      const g = l.node.parentNode;
      g.insertBefore(el("rect", { class: "hit", x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: "transparent" }), g.children[1] || null);
    });
  },

  // beside the map: scores, the Card/Map choice, the battle, the hand (at the screen's size)
  tray(root, view, kit, width) {
    const { el, title } = kit;
    const b = view.board;
    const look = lookOf(b);
    const sideName = (r) => (look.sides[r] ? look.sides[r].name : r);
    el("style", {}, root, STYLE);
    const roles = Object.keys(look.sides);
    const pad = 10;
    // the status block
    const status = [];
    if (b.look && b.look.title) status.push([b.look.title, "cc-h"]);
    status.push([`Victory points: ${roles.map((r) => `${sideName(r)} ${b.vp[r]}`).join(" · ")}`, "cc-h"]);
    status.push([`Initiative: ${b.initiative ? sideName(b.initiative) : "–"} · cards played ${b.cards_played_count}`]);
    status.push([`Decks: ${roles.map((r) => `${sideName(r)} ${b.decks[r]}`).join(", ")} · hands ${roles.map((r) => `${sideName(r)} ${b.hand_sizes[r]}`).join(", ")}`]);
    if (b.op) status.push([`Operation of ${sideName(b.op.role)} from ${b.op.area}: ${b.op.sp} SP left`]);
    if (b.battle) {
      status.push([`Battle at ${b.battle.area}: ${sideName(b.battle.attacker)} attacks`, "cc-h"]);
      status.push([`chits drawn: ${Object.entries(b.battle.drawn_counts).map(([r, n]) => `${sideName(r)} ${n}`).join(", ")}`]);
      if (b.battle.my_chits.length) status.push([`your chits: ${b.battle.my_chits.map((c) => c.split(":")[1] || c).join(", ")}`]);
    }
    if (b.played.length) {
      const last = b.played[b.played.length - 1];
      status.push([`Last card: ${last.name} (${sideName(last.role)})`]);
    }
    const made = b.choice.made.length ? `Card or Map chosen by: ${b.choice.made.map(sideName).join(", ")}` : "";
    if (made) status.push([made]);
    if (b.ended) status.push([`The campaign is over: ${b.ended}`, "cc-h"]);
    const sw = Math.min(width - 2 * pad, 280);
    let sy = pad + 14;
    const sg = el("g", { class: "cc-status" }, root);
    for (const [text, cls] of status) {
      for (const ln of wrap(text, Math.floor(sw / (cls ? 7.4 : 6.6)))) {
        el("text", { x: pad, y: sy, class: cls || "cc-t" }, sg, ln);
        sy += cls ? 20 : 17;
      }
    }
    let height = sy;
    // a watcher holds no hand and makes no Card/Map choice
    if (!view.role) return height + pad;

    // then the Card/Map tiles and the cards, left to right, as many rows as they need; the
    // cards narrow (down to 108) to keep the hand on one row where they can
    const gap = 8, ch = 100;
    const beside = sw + 2 * pad + 96 + gap + 108 <= width;
    const room = (beside ? width - sw - 3 * pad : width - 2 * pad) - 96 - gap;
    const n = Math.max(1, b.hand.length);
    const cw = Math.max(108, Math.min(156, Math.floor((room - (n - 1) * gap) / n)));
    let x = beside ? sw + 2 * pad : pad;
    let y = x === pad ? sy + 6 : pad;
    const rowStart = x;
    const next = (w) => {
      if (x + w > width - pad && x > rowStart) {
        x = rowStart;
        y += ch + gap + 20;
      }
      const out = { x, y };
      x += w + gap;
      return out;
    };
    // the Card / Map choice
    const tiles = next(96);
    el("text", { x: tiles.x, y: tiles.y + 13, class: "cc-t" }, root, "Card or Map");
    for (const [i, kind] of ["card", "map"].entries()) {
      const ty = tiles.y + 20 + i * 44;
      const g = el("g", { class: "choice-tile", "data-target": `choice:${kind}` }, root);
      el("rect", { x: tiles.x, y: ty, width: 96, height: 38, rx: 6, fill: b.choice.mine === kind ? "#e0a63a" : "#efe4c8", stroke: "#6f5a36" }, g);
      el("text", { x: tiles.x + 48, y: ty + 24, "text-anchor": "middle", class: "cc-card-name" }, g, title(kind));
      el("title", {}, g, kind === "card" ? "Card: play a card from your hand this turn (secret until both have chosen)" : "Map: spend resource points to operate on the map this turn (secret until both have chosen)");
    }
    // the hand
    b.hand.forEach((c, i) => {
      const p = next(cw);
      if (i === 0) el("text", { x: p.x, y: p.y + 13, class: "cc-t" }, root, `Your hand (${b.hand.length})`);
      const cy = p.y + 20;
      const g = el("g", { class: "hand-card", "data-target": `card:${c.id}` }, root);
      el("rect", { x: p.x, y: cy, width: cw, height: ch, rx: 6, fill: "#f4eddc", stroke: "#8a7447" }, g);
      const fit = Math.floor((cw - 12) / 7.2);
      el("text", { x: p.x + 7, y: cy + 16, class: "cc-card-name" }, g, c.name.length > fit ? c.name.slice(0, fit - 1) + "…" : c.name);
      el("text", { x: p.x + 7, y: cy + 30, class: "cc-card-text", style: "font-style:italic" }, g, `${c.type}${c.cost ? ` · ${c.cost} RP` : ""}`);
      wrap(c.text, Math.floor((cw - 12) / 5.6)).slice(0, 5).forEach((ln, k) => el("text", { x: p.x + 7, y: cy + 44 + k * 11.5, class: "cc-card-text" }, g, ln));
      el("title", {}, g, cardTip(c));
    });
    if (!b.hand.length) {
      const p = next(cw);
      el("text", { x: p.x, y: p.y + 13, class: "cc-t" }, root, "Your hand is empty");
    }
    height = Math.max(height, y + ch + 20);
    return height + pad;
  },

  target(a) {
    switch (a[0]) {
      case "move":
      case "add":
      case "target":
      case "reorg":
      case "rebuild":
      case "lose":
      case "cargo":
      case "embark":
      case "airlift":
        return `unit:${a[1]}`;
      case "rp":
      case "go":
      case "place":
      case "retreat":
      case "port":
      case "land":
      case "strike":
      case "airfield":
      case "remove-airfield":
      case "repair-airfield":
        return `area:${a[1]}`;
      case "play":
      case "discard":
      case "react":
        return `card:${a[1]}`;
      case "card":
        return a.length > 1 ? `card:${a[1]}` : "choice:card";
      case "map":
        return "choice:map";
      default:
        return null;
    }
  },
};
