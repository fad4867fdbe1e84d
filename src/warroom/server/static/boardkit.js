// Helpers for board drawings, and the generic board every game has before its own exists.
//
// A game's board lives in src/warroom/games/<pkg>/board.js (served at /boards/<game id>.js)
// and exports by default an object:
//
//   export default {
//     viewBox(view) -> "0 0 W H",                 // the drawing's coordinates
//     draw(root, view, kit),                       // draw view.board (the game's view) into <g> root
//     target(action, view) -> string | null,       // the data-target of the element an action belongs to
//   };
//
// The client highlights every element whose data-target some listed action names, and a
// click on it chooses that action (or offers a small menu when several belong there).
// Actions whose target is null, or not drawn, are offered as buttons beside the board.

export const NS = "http://www.w3.org/2000/svg";

// el("rect", {x: 1, y: 2, class: "unit"}, parent) -> the new SVG element
export function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  if (text !== null && text !== undefined) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

export const ROLE_COLORS = ["#c8553d", "#3d6fc8", "#4f9a5a", "#b58b2a", "#8a4fb5"];

export function roleColor(view, role) {
  const i = (view.roles || []).indexOf(role);
  return ROLE_COLORS[(i < 0 ? 0 : i) % ROLE_COLORS.length];
}

export function title(s) {
  return String(s).replace(/[-_]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

export function actionKey(action) {
  return JSON.stringify(action);
}

// ----- dice -------------------------------------------------------------------------------
const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

const DIE_COLORS = {
  white: { body: "#f6f1e4", pip: "#2b2418" },
  black: { body: "#26262b", pip: "#f6f1e4" },
  red: { body: "#b8352a", pip: "#fff4e8" },
};

// One die as inline SVG markup (pips for a d6, the number on anything else).
export function dieSvg(value, sides = 6, size = 20, color = "white") {
  const s = size;
  const c = DIE_COLORS[color] || DIE_COLORS.white;
  const body = `<rect x="1" y="1" width="${s - 2}" height="${s - 2}" rx="${s / 5}" class="die-body" style="fill:${c.body}"/>`;
  let face = "";
  if (sides === 6 && PIPS[value]) {
    face = PIPS[value]
      .map(([cx, cy]) => `<circle cx="${(cx * s) / 4}" cy="${(cy * s) / 4}" r="${s / 11}" style="fill:${c.pip}"/>`)
      .join("");
  } else {
    face = `<text x="${s / 2}" y="${s / 2 + s / 6}" text-anchor="middle" font-size="${s * 0.55}" class="die-num" style="fill:${c.pip}">${value}</text>`;
  }
  return `<svg class="die" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" aria-label="die ${value}">${body}${face}</svg>`;
}

const DIE_KEYS = ["dice", "roll", "rolls", "die", "d6", "result_die"];

// The dice an event shows: [{value, sides, color}], from its dice-like fields (and lists of
// numbers named after the colour of the dice, as in {"white": [5, 2], "black": [4]}).
export function diceOf(event) {
  const out = [];
  const sides = typeof event.sides === "number" ? event.sides : 6;
  const isNamed = (k) => DIE_KEYS.includes(k) || /(^|_)(dice|roll|rolls|die)$/.test(k);
  // a list of dice says it all: a single "roll" beside it is the same die again
  const hasList = Object.entries(event).some(([k, v]) => isNamed(k) && Array.isArray(v));
  for (const [k, v] of Object.entries(event)) {
    const named = isNamed(k) && !(hasList && !Array.isArray(v));
    const colored = k in DIE_COLORS && Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x) && x >= 1 && x <= sides);
    if (!named && !colored) continue;
    const values = Array.isArray(v) ? v.flat(2) : [v];
    for (const x of values) {
      if (Number.isInteger(x) && x >= 1 && x <= 100) out.push({ value: x, sides, color: colored ? k : "white" });
    }
  }
  return out;
}

// ----- map labels that keep clear of each other ------------------------------------------
// placeLabels(labels, obstacles, bounds): each label is {node: <text>, x, y, r} (the place it
// names and how far from that point the text must stay); it is put at the first of eight
// spots around the point (right, above right, left, ...), then of the same spots farther out, where its box overlaps no label
// placed before it, no obstacle box ({x, y, width, height}, or an element) and stays inside
// bounds; when no spot is free, the least crowded one. Labels are tried in the given order.
// Each placed <text> gets the class "label" (tests check that no two label boxes overlap).

// [side, above/below, how far out, where a name above or below starts: -1 left of the point,
// 0 centred, 1 right]: the ring next to the point first, then farther out, then shifted
const RING = [[1, 0], [1, -1], [-1, 0], [0, -1], [-1, -1], [1, 1], [0, 1], [-1, 1]];
const SPOTS = [
  ...[0, 7, 15, 26].flatMap((far) => RING.map(([x, y]) => [x, y, far, 0])),
  ...[0, 8].flatMap((far) => [[0, -1, far, -1], [0, -1, far, 1], [0, 1, far, -1], [0, 1, far, 1]]),
];

// an obstacle's box; markers (class "marker": the places' circles, victory point and
// resource markers) weigh more than anything else a name might cover
export function boxOf(thing) {
  if (thing && typeof thing.getBBox === "function") {
    const b = thing.getBBox();
    const marker = thing.classList && thing.classList.contains("marker");
    return { x: b.x, y: b.y, width: b.width, height: b.height, weight: marker ? 3 : 1 };
  }
  return thing;
}

function overlap(a, b) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function placeLabels(labels, obstacles = [], bounds = null) {
  const blocks = obstacles.map(boxOf).filter((b) => b && b.width > 0 && b.height > 0);
  const placed = [];
  for (const lab of labels) {
    const { node, x, y } = lab;
    const r = lab.r || 0;
    node.setAttribute("text-anchor", "start");
    node.setAttribute("x", "0");
    node.setAttribute("y", "0");
    // the best spot at the name's own size; where every spot is crowded, at a smaller size
    let best = spotFor(node, x, y, r, placed, blocks, bounds);
    if (best.cost > 0) {
      const size = parseFloat(getComputedStyle(node).fontSize) || 12;
      node.style.fontSize = `${size * 0.82}px`;
      const small = spotFor(node, x, y, r, placed, blocks, bounds);
      if (small.cost < best.cost) best = small;
      else node.style.fontSize = "";
    }
    const b = best.box;
    node.setAttribute("x", String(b.x - best.m.x));
    node.setAttribute("y", String(b.y - best.m.y));
    node.classList.add("label");
    placed.push(b);
  }
  return placed;
}

function spotFor(node, x, y, r, placed, blocks, bounds) {
  const m = node.getBBox(); // the text's box at the origin: its size and where the baseline sits
  const gap = 2;
  let best = null;
  for (const [sx, sy, far, shift] of SPOTS) {
    const d = r + gap + far;
    let left = sx > 0 ? x + d : sx < 0 ? x - d - m.width : x - m.width / 2;
    if (sx === 0 && shift < 0) left = x + r - m.width;
    if (sx === 0 && shift > 0) left = x - r;
    const top = sy < 0 ? y - d - m.height : sy > 0 ? y + d : y - m.height / 2;
    const box = { x: left, y: top, width: m.width, height: m.height };
    const room = { x: left - 1.5, y: top - 0.5, width: m.width + 3, height: m.height + 1 }; // a margin for the glyphs' overhang
    let cost = far / 100; // nearer is better, all else equal
    for (const b of placed) cost += overlap(room, b) * 4;
    for (const b of blocks) cost += overlap(room, b) * (b.weight || 1);
    if (bounds) cost += (m.width * m.height - overlap(box, bounds)) * 8;
    if (!best || cost < best.cost) best = { cost, box, m };
    if (cost < 0.5) break;
  }
  best.cost = Math.floor(best.cost); // the distance term only orders the free spots
  return best;
}

// ----- the generic board --------------------------------------------------------------------
// It lays the game's view out as cards on a table and puts every listed choice on the table
// as a card to click, so any game is playable before its own board exists.

function summarize(value, depth = 0) {
  if (value === null || value === undefined) return "–";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((v) => typeof v !== "object" || v === null)) return value.join(", ");
    if (depth > 0) return `${value.length} items`;
    return value.map((v) => summarize(v, depth + 1)).join(" · ");
  }
  if (typeof value === "object") {
    if (depth > 0) {
      return Object.entries(value)
        .map(([k, v]) => `${k}: ${typeof v === "object" && v !== null ? "…" : v}`)
        .join(", ");
    }
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${summarize(v, depth + 1)}`)
      .join("; ");
  }
  return String(value);
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
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

function genericLayout(view) {
  const entries = Object.entries(view.board || {});
  const cols = Math.min(3, Math.max(1, entries.length));
  const prompt = view.prompt;
  const n = prompt ? Math.min(prompt.actions.length, 24) : 0;
  const perRow = Math.min(Math.max(n, 1), 8);
  const choiceRows = n ? Math.ceil(n / perRow) : 0;
  const top = 64 + (n ? 30 + choiceRows * 86 : 0);
  const cardRows = Math.ceil(entries.length / cols);
  const height = Math.max(640, top + cardRows * 130 + 20);
  return { entries, cols, prompt, n, perRow, top, height };
}

export const genericBoard = {
  viewBox(view) {
    return `0 0 1000 ${genericLayout(view).height}`;
  },
  draw(root, view, kit) {
    const { entries, cols, prompt, n, perRow, top, height } = genericLayout(view);
    el("rect", { x: 0, y: 0, width: 1000, height, rx: 18, class: "g-felt" }, root);
    el("text", { x: 500, y: 44, "text-anchor": "middle", class: "g-title" }, root, view.title);
    // the choices first, as cards laid on the table
    if (n) {
      el("text", { x: 500, y: 84, "text-anchor": "middle", class: "g-prompt" }, root, prompt.text);
      const w = Math.min(140, (940 - (perRow - 1) * 12) / perRow);
      prompt.actions.slice(0, n).forEach((action, i) => {
        const row = Math.floor(i / perRow);
        const inRow = Math.min(perRow, n - row * perRow);
        const x0 = 500 - (inRow * w + (inRow - 1) * 12) / 2;
        const x = x0 + (i % perRow) * (w + 12);
        const y = 98 + row * 86;
        const g = el("g", { class: "g-choice", "data-target": "act:" + actionKey(action) }, root);
        el("rect", { x, y, width: w, height: 74, rx: 8 }, g);
        wrap(prompt.labels[i] || action.join(" "), Math.floor(w / 8)).slice(0, 3).forEach((ln, j) => {
          el("text", { x: x + w / 2, y: y + 28 + j * 17, "text-anchor": "middle" }, g, ln);
        });
      });
    }
    // then what the view shows, one card per part
    const cw = (1000 - 60 - (cols - 1) * 20) / cols;
    entries.forEach(([key, value], i) => {
      const x = 30 + (i % cols) * (cw + 20);
      const y = top + Math.floor(i / cols) * 130;
      const card = el("g", { class: "g-card", "data-key": key }, root);
      el("rect", { x, y, width: cw, height: 115, rx: 10 }, card);
      el("text", { x: x + 14, y: y + 26, class: "g-card-title" }, card, title(key));
      let lines;
      if (value && typeof value === "object" && !Array.isArray(value) &&
          Object.values(value).every((v) => typeof v !== "object" || v === null)) {
        lines = Object.entries(value).map(([k, v]) => `${title(k)}: ${v === null ? "–" : v}`);
      } else {
        lines = wrap(summarize(value), Math.floor(cw / 8.5));
      }
      lines.slice(0, 4).forEach((ln, j) => {
        el("text", { x: x + 14, y: y + 52 + j * 19, class: "g-card-line" }, card, ln);
      });
    });
  },
  target(action, view) {
    const i = view.prompt ? view.prompt.actions.findIndex((a) => actionKey(a) === actionKey(action)) : -1;
    return i >= 0 && i < 24 ? "act:" + actionKey(action) : null;
  },
};
