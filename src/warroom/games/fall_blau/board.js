// Campaign: Fall Blau, drawn from the view (shape in NOTES.md "View shape").
//
// A map of the campaign (each objective at its place, coloured by status, with the red
// cubes it would deploy and the objectives it unlocks), the calendar, the Campaign
// Progress (VP) track and the Supply Depot; below, the frontline's three slots, each with
// the card in front and the general facing it (his grey cubes, ready or exhausted); at the
// bottom the hand of events, or the generals still to choose.
//
// Clicking: an order is the general, then its target (an objective on the map to advance
// on, the card in front to attack); consolidate and the like are the general; events are
// the card in hand (then a general or slot when it asks for one); deploy and reinforce
// are the slot. Reorganize, roll, done and end-turn are buttons beside the board.

const W = 1320;
const H = 880;
const MAP = { x: 20, y: 44, w: 600, h: 400 };
const LON = [37.0, 49.0];
const LAT = [43.0, 52.3];
const STATUS = {
  locked: { fill: "#8f8a7a", ring: "#4a463c" },
  unlocked: { fill: "#e3b341", ring: "#6b4e10" },
  front: { fill: "#c8402e", ring: "#5a160c" },
  captured: { fill: "#59733a", ring: "#26331a" },
};

const STYLE = `
  .fb-h { font: 700 15px Georgia, serif; fill: #2b2418; }
  .fb-h.light { fill: #f1e7cc; }
  .fb-t { font: 12px sans-serif; fill: #2b2418; }
  .fb-t.light { fill: #f1e7cc; }
  .fb-s { font: 10.5px sans-serif; fill: #4a3f2c; }
  .fb-c { font: 12.5px sans-serif; fill: #4a3f2c; }
  .fb-name { font: 600 12px Georgia, serif; fill: #1d1a12; paint-order: stroke; stroke: #f4eddc; stroke-width: 3px; }
  .fb-big { font: 700 20px Georgia, serif; fill: #2b2418; }
  .fb-card { fill: #f4eddc; stroke: #8a7447; }
  .fb-panel { fill: #efe4c8; stroke: #8a7447; }
`;

function project(lat, lon) {
  return {
    x: MAP.x + 20 + ((lon - LON[0]) / (LON[1] - LON[0])) * (MAP.w - 40),
    y: MAP.y + 20 + ((LAT[1] - lat) / (LAT[1] - LAT[0])) * (MAP.h - 40),
  };
}

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

function cubes(el, parent, x, y, n, color, size = 9, per = 8) {
  for (let i = 0; i < n; i++) {
    el("rect", { x: x + (i % per) * (size + 2), y: y + Math.floor(i / per) * (size + 2), width: size, height: size, rx: 1.5, fill: color, stroke: "#00000088" }, parent);
  }
}

function drawMap(kit, root, b) {
  const { el } = kit;
  const g = el("g", { class: "fb-map" }, root);
  el("rect", { x: MAP.x, y: MAP.y, width: MAP.w, height: MAP.h, rx: 10, fill: "#d8cfa4", stroke: "#6f5a36", "stroke-width": 2 }, g);
  // seas and rivers, roughly where they are, for the eye only
  const pts = (list) => list.map(([lat, lon]) => { const p = project(lat, lon); return `${p.x},${p.y}`; }).join(" ");
  el("polygon", { points: pts([[43.0, 37.0], [45.3, 37.0], [45.2, 36.9], [46.3, 37.4], [47.2, 38.9], [46.0, 38.6], [45.0, 37.6], [44.5, 38.2], [43.6, 39.8], [43.0, 41.3]]), fill: "#7fa7c4", stroke: "#4d7592" }, g);
  el("polygon", { points: pts([[43.0, 47.6], [44.5, 47.1], [45.6, 47.6], [46.6, 48.6], [47.0, 49.0], [43.0, 49.0]]), fill: "#7fa7c4", stroke: "#4d7592" }, g);
  el("polyline", { points: pts([[52.3, 38.7], [51.0, 39.5], [50.0, 41.0], [49.3, 42.8], [48.7, 43.4], [48.0, 42.0], [47.4, 40.6], [47.2, 39.4]]), fill: "none", stroke: "#4d7592", "stroke-width": 2.5 }, g);
  el("polyline", { points: pts([[52.3, 45.9], [50.3, 45.5], [48.7, 44.6], [47.5, 46.5], [46.4, 48.0]]), fill: "none", stroke: "#4d7592", "stroke-width": 2.5 }, g);
  el("text", { x: MAP.x + 12, y: MAP.y + 22, class: "fb-h" }, g, "Army Group South, summer 1942");
  const where = Object.fromEntries(b.campaigns.map((c) => [c.id, project(c.lat, c.lon)]));
  for (const c of b.campaigns) {
    for (const u of c.unlocks || []) {
      if (!where[u]) continue;
      el("line", { x1: where[c.id].x, y1: where[c.id].y, x2: where[u].x, y2: where[u].y, stroke: "#6f5a36", "stroke-width": 1.4, "stroke-dasharray": "4 3", opacity: 0.7 }, g);
    }
  }
  // each objective: its circle (VP inside) and its red cubes below; the names are placed
  // afterwards, clear of every circle, cube row and other name
  const labels = [];
  const obstacles = [];
  for (const c of b.campaigns) {
    const p = where[c.id];
    const st = STATUS[c.status] || STATUS.locked;
    const cg = el("g", { class: `campaign ${c.status}`, "data-target": `campaign:${c.id}` }, g);
    obstacles.push(el("circle", { class: "marker", cx: p.x, cy: p.y, r: 11, fill: st.fill, stroke: st.ring, "stroke-width": 2 }, cg));
    el("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", class: "fb-t", style: "font-weight:700" }, cg, `${c.vp}`);
    if (c.status !== "captured" && c.cubes) {
      const n = Math.min(c.cubes, 6);
      cubes(el, cg, p.x - (n * 8 - 2) / 2, p.y + 13, c.cubes, "#c8402e", 6, 6);
      obstacles.push({ x: p.x - (n * 8 - 2) / 2 - 1, y: p.y + 12, width: n * 8, height: 8 * Math.ceil(c.cubes / 6) });
    }
    labels.push({ node: el("text", { class: "fb-name" }, cg, c.name), x: p.x, y: p.y, r: 12 });
    const unlocks = (c.unlocks || []).map((u) => (b.campaigns.find((x) => x.id === u) || { name: u }).name);
    el("title", {}, cg, `${c.name}: ${c.status} objective\n${c.vp} VP when captured · ${c.cubes} red cube${c.cubes === 1 ? "" : "s"} of Soviet defence${c.extra_cost ? ` · advancing costs ${c.extra_cost} more supply` : ""}${unlocks.length ? `\ncapturing it unlocks ${unlocks.join(", ")}` : ""}${c.text ? `\n${c.text}` : ""}`);
  }
  kit.placeLabels(labels, obstacles, { x: MAP.x + 4, y: MAP.y + 30, width: MAP.w - 8, height: MAP.h - 50 });
  // legend
  let lx = MAP.x + 12;
  for (const [k, st] of Object.entries(STATUS)) {
    el("circle", { cx: lx + 6, cy: MAP.y + MAP.h - 14, r: 6, fill: st.fill, stroke: st.ring }, g);
    el("text", { x: lx + 16, y: MAP.y + MAP.h - 10, class: "fb-s" }, g, k);
    lx += 82;
  }
}

function track(kit, root, x, y, title, n, value, opts = {}) {
  const { el } = kit;
  const g = el("g", { class: "fb-track" }, root);
  if (opts.tip) el("title", {}, g, opts.tip);
  el("text", { x, y: y - 6, class: "fb-t light" }, g, title);
  const per = opts.per || n + 1;
  const size = opts.size || 24;
  for (let i = 0; i <= n; i++) {
    const bx = x + (i % per) * (size + 2);
    const by = y + Math.floor(i / per) * (size + 2);
    const mark = opts.marks && opts.marks[i];
    el("rect", { x: bx, y: by, width: size, height: size, rx: 3, fill: i === value ? "#e0a63a" : mark ? mark : "#efe4c8", stroke: "#5a4a2a" }, g);
    el("text", { x: bx + size / 2, y: by + size / 2 + 4, "text-anchor": "middle", class: "fb-s" }, g, opts.labels ? opts.labels[i] : `${i}`);
    if (opts.red && opts.red[i]) {
      el("circle", { cx: bx + size - 4, cy: by + 4, r: 4, fill: "#c8402e" }, g);
    }
  }
  return g;
}

export default {
  viewBox() {
    return `0 0 ${W} ${H}`;
  },

  draw(root, view, kit) {
    const { el, title } = kit;
    const b = view.board;
    el("style", {}, root, STYLE);
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 14, fill: "#4a3b2a" }, root);
    el("text", { x: 24, y: 28, class: "fb-h light" }, root, [`Turn ${b.turn}`, b.calendar.label || "Start", b.prompt].filter(Boolean).join(" · "));
    drawMap(kit, root, b);

    // calendar, VP track, supply
    const RX = 650;
    const cal = ["Start", ...b.calendar.boxes.map((s) => s.replace(/^(Early|Mid|Late) /, (m) => m[0] + ". ")), "Winter"];
    const calBox = b.calendar.winter ? cal.length - 1 : b.calendar.box;
    const calendar = el("g", { class: "calendar" }, root);
    el("title", {}, calendar, `Calendar: the white square marks the turn now (${cal[calBox]}); each box is ten days, the last one is the winter offensive`);
    el("text", { x: RX, y: 56, class: "fb-t light" }, root, "Calendar");
    cal.forEach((label, i) => {
      const x = RX + (i % 8) * 80, y = 64 + Math.floor(i / 8) * 34;
      el("rect", { x, y, width: 76, height: 30, rx: 4, fill: i === calBox ? "#f4f4f4" : i === cal.length - 1 ? "#b9c9d9" : "#efe4c8", stroke: "#5a4a2a", "stroke-width": i === calBox ? 2.5 : 1 }, calendar);
      el("text", { x: x + 38, y: y + 19, "text-anchor": "middle", class: "fb-s" }, calendar, label);
      if (i === calBox) el("rect", { x: x + 62, y: y + 3, width: 10, height: 10, fill: "#ffffff", stroke: "#333" }, calendar);
    });
    const red = b.track.red_circles || {};
    const marks = {};
    marks[b.thresholds.victory] = "#b9d49a";
    marks[b.thresholds.brilliant] = "#8fc26a";
    track(kit, root, RX, 162, `Campaign progress: ${b.vp} VP (${b.final_vp} after lost generals) · victory ${b.thresholds.victory}, brilliant ${b.thresholds.brilliant}`, b.track.max, Math.max(0, Math.min(b.vp, b.track.max)), { per: 21, size: 28, red: Object.fromEntries(Object.keys(red).map((k) => [Number(k), true])), marks, tip: `Campaign progress: ${b.vp} VP now; lost generals cost 2 each at the end (${b.final_vp})\na red dot: ending a turn there brings Soviet reinforcements\ngreen: ${b.thresholds.victory} VP is a victory, ${b.thresholds.brilliant} a brilliant one` });
    track(kit, root, RX, 256, `Supply depot: ${b.supply} of ${b.supply_max}`, b.supply_max, b.supply, { size: 30, tip: `Supply depot: ${b.supply} of ${b.supply_max}; orders and actions are paid from it` });
    // pools and decks
    const info = [
      `Event deck ${b.deck_count} · discard ${b.discard.length} · removed ${b.removed.length}`,
      `Cubes in reserve: ${b.pools.grey} grey, ${b.pools.red} red · generals lost: ${b.generals_lost}`,
    ];
    if (b.missions) info.push(`Missions: ${b.missions.active.join(", ") || "none"} (done ${b.missions.done.length})`);
    if (b.in_play.length) info.push(`In play: ${b.in_play.map((e) => (b.events[e] || { name: e }).name).join(", ")}`);
    if (b.queue.length) info.push(`Unlocked: ${b.queue.map((c) => b.campaigns.find((x) => x.id === c)?.name || c).join(", ")}`);
    info.forEach((line, i) => el("text", { x: RX, y: 318 + i * 18, class: "fb-t light" }, root, line));
    if (b.over) el("text", { x: RX, y: 318 + info.length * 18 + 14, class: "fb-h light" }, root, `The campaign is over: ${b.over}`);

    // the frontline
    const FY = 462;
    el("text", { x: 24, y: FY - 6, class: "fb-h light" }, root, "Frontline");
    const generals = Object.fromEntries(b.generals.map((g) => [g.id, g]));
    b.frontline.forEach((slot, i) => {
      const x = 20 + i * 432, w = 420;
      const sg = el("g", { class: "slot" }, root);
      // the card in front
      const fg = el("g", { class: "front", "data-target": `front:${slot.slot}` }, sg);
      el("rect", { x, y: FY, width: w, height: 96, rx: 8, fill: slot.card ? (slot.card_kind === "counter-attack" ? "#e9c9bf" : "#efe4c8") : "#8f8a7a55", stroke: "#6f5a36", "stroke-width": 1.5 }, fg);
      if (slot.card) {
        const c = b.campaigns.find((x) => x.id === slot.card);
        const ev = b.events[slot.card];
        const name = c ? c.name : ev ? ev.name : slot.card;
        el("text", { x: x + 12, y: FY + 22, class: "fb-h" }, fg, name);
        el("text", { x: x + w - 12, y: FY + 22, "text-anchor": "end", class: "fb-t" }, fg, `${slot.vp} VP · attack costs ${slot.attack_cost}${slot.icons.length ? " · " + slot.icons.join(", ") : ""}`);
        cubes(el, fg, x + 12, FY + 34, slot.red, "#c8402e", 12, 16);
        el("text", { x: x + 12, y: FY + 86, class: "fb-c" }, fg, slot.card_kind === "counter-attack" ? "Soviet counter-attack" : (c && c.text ? wrap(c.text, 60)[0] : ""));
        const icons = slot.icons.length ? `\n${slot.icons.join(", ")}: every attack die is one lower` : "";
        el("title", {}, fg, `${name} (${slot.card_kind === "counter-attack" ? "a Soviet counter-attack" : "an objective"}): ${slot.vp} VP when captured\n${slot.red} red cube${slot.red === 1 ? "" : "s"}: an Attack! removes one per die of 3 or more; at the end of the turn each rolls a die, a 1 costs the general facing it a grey cube\nAttack! costs ${slot.attack_cost} supply${icons}${c && c.text ? `\n${c.text}` : ev && ev.text ? `\n${ev.text}` : ""}`);
      } else {
        el("text", { x: x + w / 2, y: FY + 54, "text-anchor": "middle", class: "fb-t" }, fg, "open steppe: no card in front");
        el("title", {}, fg, "No card in front: an Advance! order brings an unlocked objective here; a major counter-attack deploys on an empty slot first");
      }
      // the general facing it
      const gen = slot.general ? generals[slot.general] : null;
      const gg = el("g", { class: "general", "data-target": gen ? `general:${gen.id}` : `slot-empty:${slot.slot}` }, sg);
      el("rect", { x, y: FY + 104, width: w, height: 100, rx: 8, fill: gen ? (gen.ready ? "#d9d4c4" : "#a9a394") : "#8f8a7a55", stroke: "#2e2a20", "stroke-width": 1.5 }, gg);
      if (gen) {
        el("text", { x: x + 12, y: FY + 126, class: "fb-h" }, gg, `${gen.name}`);
        el("text", { x: x + w - 12, y: FY + 126, "text-anchor": "end", class: "fb-t" }, gg, `${gen.army}${gen.panzer ? " · Panzer" : ""} · ${gen.ready ? "ready" : "exhausted"}`);
        cubes(el, gg, x + 12, FY + 136, gen.cubes, "#7d7d7d", 12, 16);
        wrap(gen.trait, 60).slice(0, 2).forEach((ln, k) => el("text", { x: x + 12, y: FY + 170 + k * 15, class: "fb-c" }, gg, ln));
        if (!gen.ready) el("text", { x: x + w - 14, y: FY + 194, "text-anchor": "end", class: "fb-t", style: "font-style:italic" }, gg, "exhausted");
        el("title", {}, gg, `${gen.name}, ${gen.army}${gen.panzer ? " (Panzer: may advance a second card; 6s remove an extra red cube)" : ""}\n${gen.cubes} grey cube${gen.cubes === 1 ? "" : "s"}: his dice in an Attack!; each 1 rolled costs one; at 0 he is lost (-2 VP)\n${gen.ready ? "ready: may take one order this turn" : "exhausted: no order until next turn"}\n${gen.trait}`);
      } else {
        el("text", { x: x + w / 2, y: FY + 158, "text-anchor": "middle", class: "fb-t" }, gg, b.turn === 0 ? "general to be chosen" : "no general");
        el("title", {}, gg, b.turn === 0 ? "This slot's general is chosen before the first turn" : "This slot's general was lost: the card in front of it no longer counter-attacks");
      }
    });

    // the hand, or the generals to choose
    const HY = FY + 222;
    const choosing = b.phase === "general" && b.available_generals.length;
    el("text", { x: 24, y: HY - 6, class: "fb-h light" }, root, choosing ? "Generals to choose from" : `Hand (${b.hand.length} of ${b.hand_limit})`);
    const items = choosing
      ? b.available_generals.map((g) => ({ key: `avail:${g.id}`, name: g.name, sub: `${g.army}${g.panzer ? " · Panzer" : ""} · ${g.start} cubes`, text: g.trait, kind: "general" }))
      : b.hand.map((id) => {
          const e = b.events[id] || { name: id, text: "" };
          return { key: `card:${id}`, name: e.name, sub: e.stop ? "stop" : e.side ? `${title(e.side)} event` : "", text: e.text, kind: e.side };
        });
    const n = Math.max(items.length, 1);
    const cw = Math.min(210, (W - 40 - (n - 1) * 10) / n);
    items.forEach((it, i) => {
      const x = 20 + i * (cw + 10);
      const cg = el("g", { class: "hand-card", "data-target": it.key }, root);
      el("rect", { x, y: HY, width: cw, height: 150, rx: 8, class: "fb-card", fill: it.kind === "soviet" ? "#ecd3cb" : "#f4eddc" }, cg);
      el("text", { x: x + 10, y: HY + 20, class: "fb-h", style: "font-size:13px" }, cg, it.name);
      el("text", { x: x + 10, y: HY + 36, class: "fb-s", style: "font-style:italic" }, cg, it.sub);
      // the card's words at a size read at the page's default zoom (about 9 px on a 1400 px screen)
      wrap(it.text, Math.floor((cw - 16) / 6.6)).slice(0, 7).forEach((ln, k) => el("text", { x: x + 10, y: HY + 56 + k * 15, class: "fb-c" }, cg, ln));
      el("title", {}, cg, `${it.name}${it.sub ? ` (${it.sub})` : ""}\n${it.text || ""}`);
    });
    if (!items.length) el("text", { x: 24, y: HY + 30, class: "fb-t light" }, root, "no card in hand");
    void title;
  },

  target(a) {
    const ref = (x) => (typeof x === "number" ? `front:${x}` : `general:${x}`);
    switch (a[0]) {
      case "general":
        return `avail:${a[1]}`;
      case "advance":
        return [`general:${a[1]}`, `campaign:${a[2]}`];
      case "attack":
        return [`general:${a[1]}`, `front:${a[2]}`];
      case "consolidate":
      case "exhaust":
      case "lose":
        return `general:${a[1]}`;
      case "play":
        return a.length > 2 ? [`card:${a[1]}`, ref(a[2])] : `card:${a[1]}`;
      case "support":
      case "discard":
        return `card:${a[1]}`;
      case "second":
        return [`campaign:${a[1]}`, `front:${a[2]}`];
      case "deploy":
      case "reinforce":
        return `front:${a[1]}`;
      default:
        return null;
    }
  },
};
