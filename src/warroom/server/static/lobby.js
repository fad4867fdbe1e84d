// The lobby: pick a game, a scenario, options and seats; your matches; matches to watch.
import { api, savedMatches, saveMatch } from "./api.js";
import { title } from "./boardkit.js";

const FILE_LIMIT = 64 * 1024; // bytes; the server checks it again

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export function matchLink(id, tokens) {
  const t = (tokens || []).filter(Boolean);
  return `/g/${id}` + (t.length ? `#t=${t.join(".")}` : "");
}

export async function lobby(root) {
  document.title = "warroom";
  root.innerHTML = "";
  const games = await api("/api/games");
  const page = h("div", { class: "lobby" });
  page.append(
    h("header", { class: "lobby-head" },
      h("div", { class: "brand" }, h("span", { class: "brand-mark" }, "▲"), "warroom"),
      h("div", { class: "tagline" }, "Board wargames with the computer as umpire")),
  );
  const shelf = h("section", { class: "shelf" });
  const setup = h("section", { class: "setup", id: "setup" });
  page.append(h("h2", {}, "Choose a game"), shelf, setup);
  root.append(page);

  let chosen = null;
  const cards = [];
  for (const g of games) {
    const card = h("button", { class: "game-box", "data-game": g.id, type: "button" },
      h("div", { class: "box-art" }, boxArt(g)),
      h("div", { class: "box-title" }, g.title),
      h("div", { class: "box-sub" }, `${g.roles.map(title).join(" vs ")} · ${g.scenarios.length} scenario${g.scenarios.length > 1 ? "s" : ""}`),
      g.board ? null : h("div", { class: "box-note" }, "generic table"));
    card.addEventListener("click", () => {
      chosen = g;
      cards.forEach((c) => c.classList.toggle("chosen", c === card));
      drawSetup(setup, g);
    });
    cards.push(card);
    shelf.append(card);
  }
  if (games.length) cards[0].click();

  const mine = Object.entries(savedMatches()).sort((a, b) => b[1].saved - a[1].saved).slice(0, 12);
  if (mine.length) {
    page.append(h("h2", {}, "Your matches"));
    page.append(h("ul", { class: "match-list" }, mine.map(([id, info]) =>
      h("li", {}, h("a", { href: matchLink(id, info.tokens) }, `${info.title || info.game} — ${info.roles || ""}`),
        h("span", { class: "muted" }, ` ${new Date(info.saved).toLocaleString()}`)))));
  }
  const recent = await api("/api/matches");
  if (recent.length) {
    page.append(h("h2", {}, "Watch a match"));
    page.append(h("ul", { class: "match-list" }, recent.slice(0, 12).map((r) =>
      h("li", {}, h("a", { href: `/g/${r.id}` }, `${r.game} · ${r.scenario}`),
        h("span", { class: "muted" }, ` step ${r.steps}${r.over ? " · over" : ""}`)))));
  }
  return chosen;
}

function boxArt(g) {
  // a small emblem per game, drawn from its id so every box looks different
  let hash = 0;
  for (const ch of g.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = (hash * 137) % 360;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 200 90");
  svg.innerHTML = `
    <rect width="200" height="90" fill="hsl(${hue},28%,30%)"/>
    <path d="M0 70 Q50 ${40 + (hash % 20)} 100 60 T200 ${50 + (hash % 15)} V90 H0Z" fill="hsl(${hue},25%,22%)"/>
    <g fill="none" stroke="hsl(${(hue + 40) % 360},45%,70%)" stroke-width="2" opacity=".8">
      <path d="M20 ${30 + (hash % 9)} L60 24 L100 ${36 - (hash % 7)} L140 22 L180 34" stroke-dasharray="6 4"/>
    </g>
    <rect x="${40 + (hash % 50)}" y="40" width="22" height="16" rx="2" fill="#e8dcbc" stroke="#3a2f1c"/>
    <rect x="${120 + (hash % 30)}" y="30" width="22" height="16" rx="2" fill="#c8553d" stroke="#3a2f1c"/>`;
  return svg;
}

function drawSetup(setup, g) {
  setup.innerHTML = "";
  const form = h("form", { class: "setup-form" });
  const scen = h("select", { name: "scenario", id: "scenario" },
    g.scenarios.map((s) => h("option", { value: s.id }, s.title)));
  const desc = h("p", { class: "muted scen-desc" });
  const showDesc = () => {
    const s = g.scenarios.find((x) => x.id === scen.value);
    desc.textContent = (s && s.description) || "";
  };
  scen.addEventListener("change", showDesc);
  showDesc();
  form.append(h("h3", {}, g.title), h("label", {}, "Scenario ", scen), desc);
  if (g.help || g.walkthrough) {
    const why = h("span", { class: "learn-error", role: "alert" });
    const learn = g.walkthrough ? h("button", { type: "button", class: "learn-btn", onclick: () => startLesson(g, learn, why) }, "Learn: play the first turn with a guide") : null;
    form.append(h("div", { class: "learn-row" },
      g.help ? h("a", { href: `/rules/${g.id}`, target: "_blank", rel: "noopener", class: "rules-link" }, `Rules of ${g.title} ↗`) : null, learn, why));
  }

  const opts = h("div", { class: "options" });
  for (const o of g.options) {
    let input;
    if (typeof o.default === "boolean") {
      input = h("input", { type: "checkbox", name: "opt-" + o.key, checked: o.default });
    } else if (o.file) {
      input = h("input", { type: "file", accept: o.file, name: "opt-" + o.key });
    } else if (o.choices.length) {
      input = h("select", { name: "opt-" + o.key }, o.choices.map((c) => h("option", { value: c, selected: c === o.default }, String(c))));
    } else {
      input = h("input", { type: typeof o.default === "number" ? "number" : "text", name: "opt-" + o.key, value: o.default, min: o.low, max: o.high });
    }
    opts.append(h("label", { class: "option", title: o.help, "data-option": o.key }, input, " ", h("span", { class: "option-name" }, o.label || title(o.key)), h("span", { class: "muted" }, o.help ? ` — ${o.help}` : "")));
  }
  if (g.options.length) form.append(h("h4", {}, "Options"), opts);

  const levels = Object.keys(g.levels);
  const modes = h("div", { class: "modes" });
  const mode = (value, label, checked) =>
    h("label", { class: "mode" }, h("input", { type: "radio", name: "mode", value, checked }), " ", label);
  const solitaire = g.roles.length === 1;
  if (solitaire) {
    modes.append(mode("hotseat", `You play ${title(g.roles[0])}: the computer is the umpire`, true));
  } else {
    // a game with no computer levels (kept at the table by people): hot-seat or two seats
    if (levels.length) modes.append(mode("computer", "Against the computer", true));
    modes.append(
      mode("hotseat", "Hot-seat on this screen", levels.length === 0),
      mode("invite", "With a friend, by link", false),
    );
  }
  const side = h("select", { name: "side", id: "side" }, g.roles.map((r) => h("option", { value: r }, title(r))));
  const level = h("select", { name: "level", id: "level" }, levels.map((l) => h("option", { value: l, selected: l === "normal" }, `${title(l)}: ${g.levels[l]}`)));
  form.append(h("h4", {}, "Players"), modes,
    h("div", { class: "row" + (solitaire ? " hidden" : "") }, h("label", {}, "You play ", side), h("label", { class: "lvl" + (levels.length ? "" : " hidden") }, "Computer ", level)));
  const err = h("p", { class: "error", role: "alert" });
  const go = h("button", { type: "submit", class: "primary", id: "start" }, "Set up the board");
  form.append(go, err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const fd = new FormData(form);
    const options = {};
    for (const o of g.options) {
      if (typeof o.default === "boolean") options[o.key] = fd.get("opt-" + o.key) === "on";
      else if (typeof o.default === "number") options[o.key] = Number(fd.get("opt-" + o.key));
      else if (o.file) {
        // the file's text goes to the server with a first line naming the file, so its
        // checks can say which file, which entry and what is wrong
        const f = fd.get("opt-" + o.key);
        if (f && f.size) {
          if (f.size > FILE_LIMIT) {
            err.textContent = `${f.name} is ${f.size.toLocaleString()} bytes; a file for ${o.label || title(o.key)} may have at most ${FILE_LIMIT.toLocaleString()}.`;
            return;
          }
          options[o.key] = `# warroom-file: ${f.name}\n` + (await f.text());
        } else options[o.key] = o.default;
      } else options[o.key] = fd.get("opt-" + o.key);
    }
    const m = fd.get("mode");
    const seats = {};
    for (const r of g.roles) seats[r] = m === "computer" && r !== fd.get("side") ? fd.get("level") : "human";
    try {
      // with a friend: the server gives this page its own side's token and, for the friend,
      // a one-time invitation (never the friend's token)
      const body = { game: g.id, scenario: fd.get("scenario"), options, seats, mode: m };
      if (m === "invite") body.side = fd.get("side");
      const res = await api("/api/matches", { method: "POST", body });
      const mineRoles = m === "hotseat" ? g.roles : [fd.get("side")];
      const myTokens = mineRoles.map((r) => res.tokens[r]).filter(Boolean);
      saveMatch(res.id, { game: g.id, title: g.title, tokens: myTokens, roles: mineRoles.join(", "), invites: res.invites || {} });
      location.href = matchLink(res.id, myTokens);
    } catch (e) {
      err.textContent = e.message;
    }
  });
  setup.append(form);
}

// the first-game walkthrough: a real match as the game's help sets it up (against the
// computer, or hot-seat), opened with the coach beside the prompt
async function startLesson(g, button, why) {
  button.disabled = true;
  try {
    const rules = await api(`/api/games/${g.id}/help`);
    const w = rules.walkthrough;
    const seats = {};
    for (const r of g.roles) seats[r] = w.mode === "computer" && r !== w.side ? w.level : "human";
    const body = { game: g.id, options: {}, seats, mode: w.mode === "computer" ? "computer" : "hotseat" };
    if (w.scenario) body.scenario = w.scenario;
    const res = await api("/api/matches", { method: "POST", body });
    const mine = w.mode === "computer" ? [w.side] : g.roles;
    const tokens = mine.map((r) => res.tokens[r]).filter(Boolean);
    saveMatch(res.id, { game: g.id, title: g.title, tokens, roles: mine.join(", ") });
    location.href = matchLink(res.id, tokens) + "&learn=1";
  } catch (e) {
    button.disabled = false;
    why.textContent = e.message;
  }
}
