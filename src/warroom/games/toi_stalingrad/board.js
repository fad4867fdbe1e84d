// Tide of Iron: Stalingrad campaign tracker: the campaign sheet, drawn from the view
// (shape in NOTES.md "View shape"). The scenarios are played on the table, so there is no
// map: the sheet shows the standings, every scenario's result, the command on hand in a
// Campaign Phase, and what each side sets up differently in the next scenario.
// Every choice is offered as a button beside the board (target() returns null).

const W = 1000;
const PAD = 30;
const LINE = 19;

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

function cap(s) {
  return String(s).charAt(0).toUpperCase() + String(s).slice(1);
}

function header(b) {
  const where = `${b.scenario_title} (scenario ${b.scenario} of ${b.scenario_count})`;
  if (["penalty", "table", "purchases"].includes(b.phase)) return `Campaign Phase after ${where}`;
  if (b.phase === "results") return `${where}: play it, then enter its result`;
  return `Campaign over after ${where}`;
}

// The sheet as a list of cards: {title, lines, x, w, tag}; rows of cards stack downwards.
function cards(view) {
  const b = view.board;
  const rows = [];
  const switched = b.variant === "switched";
  const st = b.standings.roles;
  const standing = Object.keys(st).map((r) => {
    const row = st[r];
    const side = b.sides.german === r ? "German" : "Soviet";
    let s = `${cap(r)} (${side} side now): ${row.cvp} CVP, ${row.won} won`;
    if (switched) s += `; as Soviet ${row.cvp_as_soviet} CVP, ${row.won_as_soviet} won`;
    return s;
  });
  const done = b.results.filter((r) => r.winner);
  const results = done.length
    ? done.map((r) => {
        const g = r.total.german;
        const s = r.total.soviet;
        const tie = r.tie_break ? " (tie)" : "";
        return `${r.index}. ${r.title}: German ${g}, Soviet ${s}; ${cap(r.winner)} wins${tie}`;
      })
    : ["No scenario finished yet."];
  rows.push([
    { title: "Standings", lines: standing.flatMap((l) => wrap(l, 43)), x: PAD, w: 400, tag: "standings" },
    { title: "Scenarios (total CVP)", lines: results.flatMap((l) => wrap(l, 57)), x: PAD + 420, w: W - 2 * PAD - 420, tag: "results" },
  ]);
  if (["penalty", "table", "purchases"].includes(b.phase)) {
    rows.push(
      ["german", "soviet"].map((side, i) => {
        const c = b.command[side];
        const vets = b.veteran[side].length ? b.veteran[side].join(", ") : "none";
        return {
          title: `${cap(side)} command on hand`,
          lines: [`${c.ammunition} ammunition, ${c.morale} morale, ${c.supply} supply`, `Veteran cards: ${vets}`],
          x: PAD + i * ((W - 2 * PAD) / 2 + 10),
          w: (W - 2 * PAD) / 2 - 10,
          tag: "command-" + side,
          acting: b.acting_side === side,
        };
      }),
    );
  }
  const setup = b.setup;
  if (setup) {
    const facts = [];
    if (setup.initiative) facts.push(`${cap(setup.initiative)} starts with the initiative (buys first)`);
    if (setup.sig33b !== null && setup.sig33b !== undefined) facts.push(`siG 33b ${setup.sig33b ? "in effect" : "not in effect"}`);
    rows.push(
      ["german", "soviet"].map((side, i) => {
        const sh = setup.sides[side];
        const lines = [];
        if (b.veteran[side].length) lines.push(`Veteran side up: ${b.veteran[side].join(", ")}.`);
        for (const l of sh.lines.length ? sh.lines : ["As printed in the scenario set-up."]) lines.push("• " + l);
        return {
          title: `${cap(side)} (${cap(setup.roles[side])} player): set-up for ${setup.title}`,
          lines: lines.flatMap((l) => wrap(l, 50)), // a half-width card holds 50 letters a line
          x: PAD + i * ((W - 2 * PAD) / 2 + 10),
          w: (W - 2 * PAD) / 2 - 10,
          tag: "setup-" + side,
          acting: b.acting_side === side,
        };
      }),
    );
    if (b.phase === "results" && setup.reminders) {
      rows.push([
        {
          title: facts.length ? facts.join("; ") : "Every set-up",
          lines: setup.reminders.flatMap((l) => wrap("• " + l, 106)),
          x: PAD,
          w: W - 2 * PAD,
          tag: "reminders",
        },
      ]);
    } else if (facts.length) {
      rows.push([{ title: facts.join("; "), lines: [], x: PAD, w: W - 2 * PAD, tag: "facts" }]);
    }
  }
  return rows;
}

function layout(view) {
  const b = view.board;
  let y = b.question ? 110 : 84;
  const placed = [];
  for (const row of cards(view)) {
    const h = Math.max(...row.map((c) => 44 + c.lines.length * LINE));
    for (const c of row) placed.push({ ...c, y, h });
    y += h + 16;
  }
  return { placed, height: y + 10 };
}

export default {
  viewBox(view) {
    return `0 0 ${W} ${Math.max(640, layout(view).height)}`;
  },
  draw(root, view, kit) {
    const el = kit.el;
    const b = view.board;
    const { placed, height } = layout(view);
    el("rect", { x: 0, y: 0, width: W, height: Math.max(640, height), rx: 18, class: "g-felt" }, root);
    el("text", { x: W / 2, y: 40, "text-anchor": "middle", class: "g-title" }, root, view.title || "Tide of Iron: Stalingrad campaign");
    el("text", { x: W / 2, y: 68, "text-anchor": "middle", class: "g-prompt" }, root, header(b));
    if (b.question) {
      const q = b.question.startsWith("(") ? b.question : `(${cap(b.acting_side)} side) ${b.question}`;
      el("text", { x: W / 2, y: 94, "text-anchor": "middle", class: "g-prompt" }, root, q);
    }
    for (const c of placed) {
      const g = el("g", { class: "g-card", "data-key": c.tag }, root);
      el("rect", { x: c.x, y: c.y, width: c.w, height: c.h, rx: 10, "stroke-width": c.acting ? 4 : null }, g);
      el("text", { x: c.x + 14, y: c.y + 26, class: "g-card-title" }, g, c.title);
      c.lines.forEach((ln, j) => {
        el("text", { x: c.x + 14, y: c.y + 50 + j * LINE, class: "g-card-line" }, g, ln);
      });
    }
  },
  target() {
    return null;
  },
};
