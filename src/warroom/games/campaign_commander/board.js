// Campaign Commander series (Roads to Stalingrad, Coral Sea, ...): the operational map
// drawn from the view (src/warroom/games/campaign_commander/view.py documents its shape).
// Everything campaign-specific comes from the view: `look` (each side's name and colours,
// nation colours, areas drawn as boxes; from the campaign's data/setup.toml), area kinds
// (land, sea), ports, and `airfields` / `hidden_counts` / `stack_tops` when the campaign has
// them.
//
// Areas at their map places, linked by their borders (rivers, the Volga, straits drawn as
// water); control and victory points on each area; every stack's units as counters with
// their values and markers (depleted, disorganized, isolated); at sea each ship in a row with
// the units it carries (and an RP badge for a resource point aboard). Beside the map: victory
// points, replacement points, the Card/Map choice, the hand, the operation or battle under
// way.
//
// Clicking: a unit to move, add, target, reorganize, rebuild, eliminate at sea (7.2) or make
// share a ship's fate (7.4); an area to spend RPs in, go to, place at, retreat to or retreat
// a ship into (9.6.3.e); a card in hand to play, discard or play in answer to the other
// side (2.3.4); the Card or Map tile. Halt, done, stay, cancel, draw, pass, a leader's
// follow/stay and battle chits are buttons beside the board (the listed actions).

const W = 1330;
const H = 800;
const PANEL = 1025;
const C = 21;

const STYLE = `
  .cc-sea-name { font: italic 600 11px Georgia, serif; fill: #1f4f78; opacity: 0.85; }
  .cc-area-name { font: 600 10.5px Georgia, serif; fill: #1d1a12; paint-order: stroke; stroke: #efe6c8; stroke-width: 3px; }
  .cc-vp { font: 700 9px sans-serif; fill: #fff; }
  .cc-val { font: 700 7.5px sans-serif; }
  .cc-h { font: 700 14px Georgia, serif; fill: #f1e7cc; }
  .cc-t { font: 11.5px sans-serif; fill: #f1e7cc; }
  .cc-card-name { font: 700 12px Georgia, serif; fill: #2b2418; }
  .cc-card-text { font: 10px sans-serif; fill: #4a3f2c; }
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

function counter(el, parent, u, x, y, look, note = "") {
  const s = look.sides[u.side] || FALLBACK[0];
  const fill = look.nations[u.nation] || s.fill;
  const g = el("g", { class: `unit ${u.side}`, "data-target": `unit:${u.id}` }, parent);
  el("rect", { x, y, width: C, height: C, rx: 2.5, fill, stroke: u.isolated ? "#e0a63a" : s.edge, "stroke-width": u.isolated ? 2.2 : 1, opacity: u.depleted ? 0.78 : 1 }, g);
  const bx = x + 4, by = y + 3, bw = C - 8, bh = 8;
  el("rect", { x: bx, y: by, width: bw, height: bh, fill: "none", stroke: s.ink, "stroke-width": 0.9 }, g);
  if (u.type === "infantry" || u.type === "mountain") {
    el("path", { d: `M${bx} ${by}L${bx + bw} ${by + bh}M${bx + bw} ${by}L${bx} ${by + bh}`, stroke: s.ink, "stroke-width": 0.9 }, g);
  } else if (u.type === "armor" || u.type === "panzer" || u.type === "tank") {
    el("ellipse", { cx: bx + bw / 2, cy: by + bh / 2, rx: bw / 2 - 2, ry: bh / 2 - 1.5, fill: "none", stroke: s.ink, "stroke-width": 0.9 }, g);
  } else if (u.type === "mechanized" || u.type === "motorized") {
    el("path", { d: `M${bx} ${by}L${bx + bw} ${by + bh}M${bx + bw} ${by}L${bx} ${by + bh}`, stroke: s.ink, "stroke-width": 0.9 }, g);
    el("ellipse", { cx: bx + bw / 2, cy: by + bh / 2, rx: bw / 2 - 2, ry: bh / 2 - 1.5, fill: "none", stroke: s.ink, "stroke-width": 0.9 }, g);
  } else if (u.type === "naval") {
    // a hull; carriers get a flight deck line, heavy surface ships a turret
    el("path", { d: `M${bx - 1} ${by + 3}L${bx + bw + 1} ${by + 3}L${bx + bw - 2} ${by + bh}L${bx + 2} ${by + bh}Z`, fill: s.ink }, g);
    if (u.naval_class === "CV") el("rect", { x: bx - 1, y: by, width: bw + 2, height: 2, fill: s.ink }, g);
    else if (u.naval_class === "HS") el("rect", { x: bx + bw / 2 - 2, y: by, width: 4, height: 3, fill: s.ink }, g);
  } else if (u.type === "cavalry") {
    el("path", { d: `M${bx} ${by + bh}L${bx + bw} ${by}`, stroke: s.ink, "stroke-width": 0.9 }, g);
  } else {
    el("circle", { cx: bx + bw / 2, cy: by + bh / 2, r: 2, fill: s.ink }, g);
  }
  el("text", { x: x + C / 2, y: y + C - 2.5, "text-anchor": "middle", class: "cc-val", fill: s.ink }, g, (u.values || []).join("-"));
  if (u.disorganized) el("rect", { x: x + C - 6, y: y - 2, width: 8, height: 8, fill: "#d8b020", stroke: "#5a4a10", "stroke-width": 0.8 }, g);
  if (u.depleted) el("line", { x1: x + 1, y1: y + C - 1, x2: x + C - 1, y2: y + 1, stroke: s.ink, "stroke-width": 0.6, opacity: 0.6 }, g);
  const marks = [u.depleted && "depleted", u.disorganized && "disorganized", u.isolated && "isolated", u.inside && "inside the fortress"].filter(Boolean);
  el("title", {}, g, `${u.name} (${u.nation} ${u.naval_class ? u.naval_class + " " : ""}${u.type}${u.ss ? ", SS" : ""}) ${(u.values || []).join("-")}${marks.length ? ": " + marks.join(", ") : ""}${note ? "; " + note : ""}`);
  return g;
}

export default {
  viewBox() {
    return `0 0 ${W} ${H}`;
  },

  draw(root, view, kit) {
    const { el, title } = kit;
    const b = view.board;
    const look = { sides: sidesOf(b), nations: (b.look && b.look.nations) || {}, boxes: (b.look && b.look.boxes) || [] };
    const sideName = (r) => (look.sides[r] ? look.sides[r].name : r);
    el("style", {}, root, STYLE);
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 14, fill: "#3d3426" }, root);
    el("rect", { x: 6, y: 6, width: PANEL - 14, height: H - 12, rx: 10, fill: "#e3d8b0", stroke: "#6f5a36", "stroke-width": 2 }, root);
    const at = Object.fromEntries(b.areas.map((a) => [a.id, a]));
    const boxes = new Set(look.boxes);

    // sea areas: wide washes of water under everything else
    const seas = el("g", { class: "seas" }, root);
    for (const a of b.areas) {
      if (a.kind !== "sea") continue;
      const g = el("g", { class: "area sea", "data-target": `area:${a.id}` }, seas);
      el("ellipse", { cx: a.x, cy: a.y, rx: 62, ry: 40, fill: "#9cc3d8", opacity: 0.55, stroke: "#4d86ad", "stroke-width": 1.2, "stroke-dasharray": "5 4" }, g);
      el("text", { x: a.x, y: a.y - 26, "text-anchor": "middle", class: "cc-sea-name" }, g, a.id);
      el("title", {}, g, `${a.id}: sea area`);
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
    const areas = el("g", { class: "areas" }, root);
    for (const a of b.areas) {
      if (a.kind === "sea") continue;
      const g = el("g", { class: boxes.has(a.id) ? "area land box" : "area land", "data-target": `area:${a.id}` }, areas);
      const ctl = look.sides[a.control] ? look.sides[a.control].control : "#c9bd92";
      const r = a.city ? 9 : 7;
      if (boxes.has(a.id)) {
        el("rect", { x: a.x - 46, y: a.y - 30, width: 92, height: 60, rx: 4, fill: "#efe6c8", stroke: ctl, "stroke-width": 3 }, g);
      }
      el("circle", { cx: a.x, cy: a.y, r, fill: a.terrain === "mountain" ? "#9c8a66" : "#efe6c8", stroke: ctl, "stroke-width": 3 }, g);
      if (a.fortress) el("rect", { x: a.x - 5, y: a.y - 5, width: 10, height: 10, fill: "none", stroke: "#3a2f1c", "stroke-width": 1.5, transform: `rotate(45 ${a.x} ${a.y})` }, g);
      if (a.supply) el("circle", { cx: a.x, cy: a.y, r: 3, fill: "#3a2f1c" }, g);
      if (a.port) {
        // an anchor below-left of the area's circle
        const px = a.x - r - 4, py = a.y + 6;
        el("path", { class: "port", d: `M${px} ${py - 5}L${px} ${py + 4}M${px - 3} ${py - 2}L${px + 3} ${py - 2}M${px - 4} ${py + 1}Q${px} ${py + 6} ${px + 4} ${py + 1}`, fill: "none", stroke: "#1f4f78", "stroke-width": 1.4 }, g);
      }
      el("text", { x: a.x + r + 3, y: a.y - 4, class: "cc-area-name" }, g, a.id);
      const vps = Object.entries(a.vp || {});
      vps.forEach(([side, n], i) => {
        const mark = look.sides[side] ? look.sides[side].mark : "#3a2f1c";
        el("circle", { cx: a.x - r - 6 - i * 13, cy: a.y - 6, r: 6, fill: mark, class: `vp ${side}` }, g);
        el("text", { x: a.x - r - 6 - i * 13, y: a.y - 3, "text-anchor": "middle", class: "cc-vp" }, g, `${n}`);
      });
      const held = a.control ? `, held by ${sideName(a.control)}` : "";
      el("title", {}, g, `${a.id}: ${a.terrain}${a.city ? ", city" : ""}${a.port ? ", port" : ""}${a.fortress ? `, fortress ${a.fortress}` : ""}${held}`);
    }

    // airfields (campaigns that have them): a small plane in the owner's colour
    for (const f of b.airfields || []) {
      const a = at[f.area];
      if (!a) continue;
      const s = look.sides[f.owner];
      const x = a.x + 12, y = a.y + 4;
      const g = el("g", { class: `airfield ${f.owner || "none"}`, "pointer-events": "none" }, root);
      const col = f.out_of_action || f.silenced ? "#8a8370" : s ? s.mark : "#6f6650";
      el("path", { d: `M${x} ${y - 5}L${x} ${y + 5}M${x - 5} ${y - 1}L${x + 5} ${y - 1}M${x - 2.5} ${y + 4}L${x + 2.5} ${y + 4}`, stroke: col, "stroke-width": 2, "stroke-linecap": "round" }, g);
      if (f.out_of_action) el("path", { d: `M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x + 4} ${y - 4}L${x - 4} ${y + 4}`, stroke: "#c0262b", "stroke-width": 1.4 }, g);
      el("title", {}, g, `airfield at ${f.area}${s ? ` (${s.name})` : ""}${f.printed ? "" : ", built"}${f.out_of_action ? ", out of action" : ""}${f.silenced ? ", silenced" : ""}`);
    }

    // stacks
    const units = Object.fromEntries(b.units.map((u) => [u.id, u]));
    const stacks = el("g", { class: "stacks" }, root);
    const tops = b.stack_tops || {};
    for (const [loc, all] of Object.entries(b.stacks)) {
      const a = at[loc];
      if (!a) continue;
      // limited intelligence: the unit on top of each side's stack is drawn first
      const top = new Set(Object.values(tops[loc] || {}));
      const ids = [...all.filter((id) => top.has(id)), ...all.filter((id) => !top.has(id))];
      const carried = ids.some((id) => units[id] && (units[id].aboard || units[id].rp_aboard));
      if (carried) {
        // ships that carry (series 7): one row a ship, what it carries beside it
        const rows = [];
        const placed = new Set();
        for (const id of ids) {
          const u = units[id];
          if (!u || u.type !== "naval") continue;
          const cargo = ids.filter((c) => units[c] && units[c].aboard === id);
          rows.push([id, ...cargo]);
          placed.add(id);
          cargo.forEach((c) => placed.add(c));
        }
        ids.filter((id) => !placed.has(id)).forEach((id) => rows.push([id]));
        rows.forEach((row, r) => {
          const y = a.y + 10 + r * (C + 3);
          const x0 = a.x - (4 * (C + 2)) / 2;
          if (row.length > 1) {
            el("rect", { x: x0 - 2, y: y - 2, width: row.length * (C + 2) + 2, height: C + 4, rx: 4, fill: "#1f4f78", opacity: 0.35, "pointer-events": "none" }, stacks);
          }
          row.forEach((id, i) => {
            const u = units[id];
            const what = [];
            if (u.type === "naval") {
              const aboard = row.slice(1).map((c) => units[c].name);
              if (aboard.length) what.push(`carries ${aboard.join(", ")}`);
              if (u.rp_aboard) what.push(`${u.rp_aboard} resource point${u.rp_aboard > 1 ? "s" : ""} aboard`);
            } else if (u.aboard && units[u.aboard]) {
              what.push(`aboard ${units[u.aboard].name}`);
            }
            const x = x0 + i * (C + 2);
            const g = counter(el, stacks, u, x, y, look, what.join("; "));
            if (u.rp_aboard) {
              const s = look.sides[u.side] || FALLBACK[0];
              el("rect", { class: "rp-aboard", x: x - 4, y: y - 5, width: 13, height: 9, rx: 2, fill: s.mark, stroke: "#fff", "stroke-width": 0.6, "pointer-events": "none" }, g);
              el("text", { x: x + 2.5, y: y + 2, "text-anchor": "middle", class: "cc-val", fill: "#fff", "pointer-events": "none" }, g, "RP");
            }
          });
        });
        continue;
      }
      const per = 3;
      const n = ids.length;
      const cols = Math.min(per, n);
      ids.forEach((id, i) => {
        const x = a.x - (cols * (C + 2)) / 2 + (i % per) * (C + 2);
        const y = a.y + 10 + Math.floor(i / per) * (C + 2);
        counter(el, stacks, units[id], x, y, look);
      });
    }
    // units the rules keep from this seat (limited intelligence): how many lie under the top one
    for (const [loc, n] of Object.entries(b.hidden_counts || {})) {
      const a = at[loc];
      if (!a || !n) continue;
      const g = el("g", { class: "hidden-count", "pointer-events": "none" }, root);
      el("rect", { x: a.x - 34, y: a.y + 12, width: 18, height: 12, rx: 3, fill: "#2b2418" }, g);
      el("text", { x: a.x - 25, y: a.y + 21, "text-anchor": "middle", class: "cc-vp" }, g, `+${n}`);
      // a side with a resource point marker on top and no unit in sight: all of it lies beneath
      const seen = (side) => (b.stacks[loc] || []).some((id) => units[id] && units[id].side === side);
      const under = Object.entries(tops[loc] || {}).some(([side, t]) => t === "rp" && !seen(side));
      el("title", {}, g, `${n} more unit${n > 1 ? "s" : ""} hidden in this stack${under ? ", under a resource point marker" : ""}`);
    }
    // RP markers and the battle
    for (const [side, spots] of Object.entries(b.rps)) {
      for (const [loc, n] of Object.entries(spots)) {
        const a = at[loc];
        if (!a) continue;
        const g = el("g", { class: "rp", "pointer-events": "none" }, root);
        el("rect", { x: a.x + 10, y: a.y + 2, width: 22, height: 12, rx: 3, fill: look.sides[side] ? look.sides[side].mark : "#3a2f1c" }, g);
        el("text", { x: a.x + 21, y: a.y + 11, "text-anchor": "middle", class: "cc-vp" }, g, `RP${n}`);
      }
    }
    if (b.battle && at[b.battle.area]) {
      const a = at[b.battle.area];
      el("circle", { cx: a.x, cy: a.y, r: 22, fill: "none", stroke: "#c0262b", "stroke-width": 3, "stroke-dasharray": "6 3", "pointer-events": "none" }, root);
    }
    if (b.op && at[b.op.area]) {
      const a = at[b.op.area];
      el("circle", { cx: a.x, cy: a.y, r: 18, fill: "none", stroke: "#e0a63a", "stroke-width": 3, "pointer-events": "none" }, root);
    }

    // ----- the panel -----
    let y = 28;
    const line = (text, cls = "cc-t") => {
      el("text", { x: PANEL + 6, y, class: cls }, root, text);
      y += cls === "cc-h" ? 20 : 16;
    };
    const roles = Object.keys(look.sides);
    if (b.look && b.look.title) line(b.look.title, "cc-h");
    line(`Victory points: ${roles.map((r) => `${sideName(r)} ${b.vp[r]}`).join(" · ")}`, "cc-h");
    line(`Initiative: ${b.initiative ? sideName(b.initiative) : "–"} · cards played ${b.cards_played_count}`);
    line(`Decks: ${roles.map((r) => `${sideName(r)} ${b.decks[r]}`).join(", ")} · hands ${roles.map((r) => b.hand_sizes[r]).join("/")}`);
    if (b.task) line(`Now: ${b.task.kind} (${b.task.active.map(sideName).join(", ") || "nobody"})`);
    if (b.op) line(`Operation of ${sideName(b.op.role)} from ${b.op.area}: ${b.op.sp} SP left`);
    if (b.battle) {
      line(`Battle at ${b.battle.area}: ${sideName(b.battle.attacker)} attacks`, "cc-h");
      line(`chits drawn ${Object.entries(b.battle.drawn_counts).map(([r, n]) => `${sideName(r)} ${n}`).join(", ")}`);
      if (b.battle.my_chits.length) line(`your chits: ${b.battle.my_chits.map((c) => c.split(":")[1] || c).join(", ")}`);
    }
    if (b.played.length) {
      const last = b.played[b.played.length - 1];
      line(`Last card: ${last.name} (${sideName(last.role)})`);
    }
    if (b.ended) line(`The campaign is over: ${b.ended}`, "cc-h");
    y += 6;

    // the Card / Map choice
    const choiceY = y;
    for (const [i, kind] of ["card", "map"].entries()) {
      const x = PANEL + 6 + i * 146;
      const g = el("g", { class: "choice-tile", "data-target": `choice:${kind}` }, root);
      el("rect", { x, y: choiceY, width: 138, height: 40, rx: 6, fill: b.choice.mine === kind ? "#e0a63a" : "#efe4c8", stroke: "#6f5a36" }, g);
      el("text", { x: x + 69, y: choiceY + 25, "text-anchor": "middle", class: "cc-card-name" }, g, title(kind));
    }
    y += 48;
    const made = b.choice.made.length ? `chosen: ${b.choice.made.join(", ")}` : "";
    if (made) line(made);

    // the hand
    line(`Your hand (${b.hand.length})`, "cc-h");
    const per = 2;
    const cw = 142, ch = 96;
    b.hand.forEach((c, i) => {
      const x = PANEL + 6 + (i % per) * (cw + 6);
      const cy = y + Math.floor(i / per) * (ch + 6);
      if (cy + ch > H - 6) return;
      const g = el("g", { class: "hand-card", "data-target": `card:${c.id}` }, root);
      el("rect", { x, y: cy, width: cw, height: ch, rx: 6, fill: "#f4eddc", stroke: "#8a7447" }, g);
      el("text", { x: x + 7, y: cy + 15, class: "cc-card-name" }, g, c.name.length > 20 ? c.name.slice(0, 19) + "…" : c.name);
      el("text", { x: x + 7, y: cy + 28, class: "cc-card-text", style: "font-style:italic" }, g, `${c.type}${c.cost ? ` · ${c.cost} RP` : ""}`);
      wrap(c.text, 27).slice(0, 5).forEach((ln, k) => el("text", { x: x + 7, y: cy + 42 + k * 11, class: "cc-card-text" }, g, ln));
      el("title", {}, g, `${c.name}: ${c.text}`);
    });
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
      case "load-rp":
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
