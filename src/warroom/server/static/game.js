// A match: the board, the prompt, the log, undo, and the replay viewer.
import { api, live, savedMatches, saveMatch } from "./api.js";
import * as kit from "./boardkit.js";
import { PanZoom } from "./zoom.js";
import { Coach, Rules, inline } from "./rules.js";

const { el, genericBoard, actionKey, title, diceOf, dieSvg } = kit;

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function tokensFromLink(matchId) {
  const frag = new URLSearchParams(location.hash.slice(1));
  const t = frag.get("t");
  if (t) return t.split(".").filter(Boolean);
  const saved = savedMatches()[matchId];
  return saved && saved.tokens ? saved.tokens : [];
}

// A friend's link carries a one-time invitation (#i=...), not a seat token: the page trades
// it for a token of its own (kept in this browser), so the one who sent the link never holds
// this seat. Used once: a second use is refused, and the page says so.
async function claimInvitation(matchId) {
  const frag = new URLSearchParams(location.hash.slice(1));
  const code = frag.get("i");
  if (!code) return null;
  // once the server has answered for good (the seat, or used, or no seat of this match), the
  // code is off the address bar, so a reload or a copied address does not try it again; a
  // failure on the way (the server away) leaves it there, and a reload tries again
  const spend = () => {
    frag.delete("i");
    const rest = frag.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  };
  const saved = savedMatches()[matchId] || {};
  if ((saved.claimed || []).includes(code)) {
    spend();
    return null; // this browser traded it already
  }
  try {
    const got = await api(`/api/matches/${matchId}/claim`, { method: "POST", body: { invite: code } });
    saveMatch(matchId, { tokens: [...(saved.tokens || []), got.token], claimed: [...(saved.claimed || []), code] });
    spend();
    return { token: got.token };
  } catch (e) {
    const detail = e.message.charAt(0).toUpperCase() + e.message.slice(1);
    if (e.status === 409 || e.status === 403) {
      spend();
      return { error: e.status === 409 ? "This seat is taken" : "This link holds no seat of this match", detail };
    }
    return { error: "Could not take your seat yet", detail: `${detail}. Reload the page to try again.` };
  }
}

export async function gamePage(root, matchId) {
  const ui = new GamePage(root, matchId);
  window.warroom = ui; // for the curious, and for the browser tests
  await ui.start();
}

// A side's name with a verb agreeing with it: "Japan wins", "Allies win" (a game's look may
// mark a side's name plural; without a look the role's id, titled, takes the singular).
function sideSays(view, role, one, many) {
  const look = view && view.board && view.board.look && view.board.look.sides ? view.board.look.sides[role] : null;
  return `${look && look.name ? look.name : title(role)} ${look && look.plural ? many : one}`;
}

class GamePage {
  constructor(root, matchId) {
    this.root = root;
    this.id = matchId;
    this.tokens = tokensFromLink(matchId);
    this.seats = []; // [{token, role}]
    this.current = null; // the seat whose side is shown
    this.view = null;
    this.numberDraft = null; // {prompt, value}: what is typed in a number box, kept over redraws
    this.replay = null; // {frame, frames, chapters} while replaying
    this.board = genericBoard;
    this.spec = null;
    this.busy = false;
    this.shownRole = undefined;
    this.curtainFor = null;
    this.hints = null; // {step, role, candidates} of the last hint asked for
  }

  async start() {
    this.layout();
    const first = await this.fetchState(null);
    const games = await api("/api/games");
    this.spec = games.find((g) => g.id === first.game) || null;
    this.rules = new Rules(first.game);
    if (this.spec && this.spec.help && (await this.rules.load())) {
      this.q(".rules-btn").classList.remove("hidden");
      this.q(".legend-btn").classList.toggle("hidden", !this.rules.data.legend);
      const walk = this.rules.data.walkthrough;
      if (walk && new URLSearchParams(location.hash.slice(1)).get("learn")) this.coach = new Coach(walk, `warroom.learn.${this.id}`);
    }
    if (this.spec && this.spec.board) {
      try {
        this.board = (await import(`/boards/${first.game}.js`)).default;
      } catch (e) {
        console.error("board failed to load; using the generic table", e);
        this.board = genericBoard;
      }
    }
    const claimed = await claimInvitation(this.id);
    if (claimed && claimed.token) this.tokens.push(claimed.token);
    if (claimed && claimed.error) this.notify(claimed.error, claimed.detail);
    for (const token of this.tokens) {
      try {
        const st = await this.fetchState(token);
        this.seats.push({ token, role: st.role });
      } catch (e) {
        this.toast(e.status === 403 ? "This link holds no seat of this match: you are watching." : e.message);
      }
    }
    if (this.seats.length) {
      saveMatch(this.id, { game: first.game, title: first.title, tokens: this.seats.map((s) => s.token), roles: this.seats.map((s) => s.role).join(", ") });
    }
    this.current = this.seats[0] || null;
    await this.refresh();
    this.live = live(this.id, this.current ? this.current.token : null, (news) => this.onNews(news), (up, why) => this.onLive(up, why));
    document.addEventListener("keydown", (ev) => this.onKey(ev));
  }

  // the state for a seat; the log comes in pieces: only the entries this page lacks
  async fetchState(token) {
    const have = this.logCache && this.logCache.token === token ? this.logCache : null;
    const query = have ? `?since=${have.entries.length}&epoch=${have.epoch}` : "";
    const view = await api(`/api/matches/${this.id}${query}`, { token });
    const base = have && view.log_from > 0 ? have.entries.slice(0, view.log_from) : [];
    view.log = base.concat(view.log);
    this.logCache = { token, epoch: view.log_epoch, entries: view.log };
    return view;
  }

  // which of my seats should the screen show now?
  pickSeat(active) {
    if (this.seats.length <= 1) return this.seats[0] || null;
    const mine = this.seats.filter((s) => active.includes(s.role));
    if (!mine.length) return this.current;
    if (this.current && mine.includes(this.current)) return this.current;
    return mine[0];
  }

  async onNews(news) {
    if (this.replay) return; // ▶| shows what is new
    if (this.view && news.step === this.view.step && JSON.stringify(news.thinking) === JSON.stringify(this.view.thinking) && JSON.stringify(news.open) === JSON.stringify(this.openSeats())) return;
    await this.refresh(news.active);
  }

  onLive(up, why) {
    this.q(".live-dot").classList.toggle("up", up);
    this.q(".live-dot").title = up ? "live" : "reconnecting…";
    if (why) this.toast(why);
  }

  async refresh(active) {
    if (this.replay) return;
    let seat = this.current;
    if (active) seat = this.pickSeat(active);
    let view = await this.fetchState(seat ? seat.token : null);
    if (!active && this.seats.length > 1) {
      const better = this.pickSeat(view.active);
      if (better !== seat) {
        seat = better;
        view = await this.fetchState(seat.token);
      }
    }
    const switched = this.current && seat && seat !== this.current;
    this.current = seat;
    this.view = view;
    const hidden = this.spec && this.spec.hidden_information;
    if (switched && hidden && !view.outcome) this.curtainFor = seat.role;
    this.render();
  }

  // ----- layout -------------------------------------------------------------------------------
  layout() {
    this.root.innerHTML = "";
    this.root.append(
      h("div", { class: "table" },
        h("header", { class: "topbar" },
          h("a", { class: "brand small", href: "/" }, h("span", { class: "brand-mark" }, "▲"), "warroom"),
          h("div", { class: "match-title" }, h("span", { class: "game-name" }), h("span", { class: "scen muted" })),
          h("div", { class: "seat-chips" }),
          h("div", { class: "step-count muted" }),
          h("button", { type: "button", class: "rules-btn hidden", title: "the rules of this game", onclick: () => this.rules.open(this.ruleHere) }, "Rules"),
          h("span", { class: "live-dot", title: "connecting" })),
        h("main", { class: "play" },
          h("section", { class: "board-wrap" },
            h("div", { class: "board-frame" }, svgRoot("board"),
              h("div", { class: "zoom-ctl" },
                h("button", { type: "button", class: "zoom-in", title: "zoom in (+)", "aria-label": "zoom in", onclick: () => this.zoom.zoomBy(1.4) }, "+"),
                h("button", { type: "button", class: "zoom-out", title: "zoom out (-)", "aria-label": "zoom out", onclick: () => this.zoom.zoomBy(1 / 1.4) }, "−"),
                h("button", { type: "button", class: "zoom-fit", title: "the whole board (0)", "aria-label": "show the whole board", onclick: () => this.zoom.fit() }, "⤢"),
                h("button", { type: "button", class: "legend-btn hidden", title: "what the counters and markers mean", "aria-label": "legend", onclick: () => this.rules.open(this.rules.data.legend) }, "?")),
              h("div", { class: "menu hidden", role: "menu" }),
              h("div", { class: "tooltip hidden", role: "tooltip" })),
            h("div", { class: "tray hidden" }, svgRoot("tray")),
            h("div", { class: "curtain hidden" }),
            h("div", { class: "outcome hidden" })),
          h("aside", { class: "side" },
            h("div", { class: "notice hidden", role: "alert" }),
            h("div", { class: "prompt-card" }, h("div", { class: "prompt-who" }), h("div", { class: "prompt-text" }), h("a", { class: "prompt-rule hidden", href: "#", onclick: (ev) => { ev.preventDefault(); this.rules.open(this.ruleHere); } }), h("div", { class: "choices" }), h("details", { class: "all-choices" }, h("summary", {}, "All choices"), h("ol", {}))),
            h("div", { class: "coach hidden", role: "note" }),
            h("div", { class: "controls" },
              h("button", { class: "undo", type: "button", onclick: () => this.undo() }, "↶ Undo"),
              h("button", { class: "replay-btn", type: "button", onclick: () => this.toggleReplay() }, "▶ Replay"),
              h("button", { class: "share-btn", type: "button", onclick: () => this.share() }, "Invite"),
              h("button", { class: "hint-btn", type: "button", title: "the computer's top three moves for you", onclick: () => this.askHint() }, "? Hint")),
            h("div", { class: "hint-panel hidden" }),
            h("div", { class: "odds-panel hidden" }),
            h("div", { class: "seats" }),
            h("h3", { class: "log-head" }, "Log"),
            h("ol", { class: "log" }))),
        h("footer", { class: "replay-bar hidden" }),
        h("div", { class: "toast hidden", role: "status" })));
    this.svg = this.q("svg.board");
    this.tray = this.q("svg.tray");
    this.zoom = new PanZoom(this.svg, (z) => {
      this.q(".zoom-out").disabled = z <= 1.001;
      this.q(".zoom-fit").disabled = z <= 1.001;
    });
    this.q(".board-wrap").addEventListener("click", (ev) => {
      if (!ev.target.closest(".menu") && !ev.target.closest("[data-target]")) this.closeMenu();
    });
    for (const svg of [this.svg, this.tray]) {
      svg.addEventListener("click", (ev) => this.onBoardClick(ev));
      svg.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") this.onBoardClick(ev);
        if (ev.key === "Escape") this.select([]);
      });
      this.wireTips(svg);
    }
    // the tray is drawn to the width it has: draw it again when that changes
    let width = 0;
    new ResizeObserver(() => {
      const w = Math.round(this.q(".tray").clientWidth);
      if (this.view && w !== width && this.board.tray) {
        width = w;
        this.drawBoard();
      }
    }).observe(this.q(".board-wrap"));
  }

  q(sel) {
    return this.root.querySelector(sel);
  }

  // a message that stays until it is read and closed (a toast would be gone in 4 s)
  notify(head, text) {
    const n = this.q(".notice");
    n.innerHTML = "";
    n.append(h("b", {}, head), h("p", {}, text),
      h("button", { type: "button", class: "notice-close", onclick: () => n.classList.add("hidden") }, "OK"));
    n.classList.remove("hidden");
  }

  toast(text) {
    const t = this.q(".toast");
    t.textContent = text;
    t.classList.remove("hidden");
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => t.classList.add("hidden"), 4000);
  }

  // ----- drawing ------------------------------------------------------------------------------
  render() {
    const v = this.view;
    document.title = `${v.title} · warroom`;
    this.q(".game-name").textContent = v.title;
    this.q(".scen").textContent = ` · ${title(v.scenario)}`;
    this.q(".step-count").textContent = this.replay ? `replay: move ${this.replay.frame} of ${this.replay.frames - 1}` : `step ${v.step}`;
    // hot seat: until the side at the screen says who it is, nothing of either side is drawn
    const veiled = !!this.curtainFor && !this.replay;
    this.root.classList.toggle("veiled", veiled);
    if (veiled) {
      this.drawVeiled();
      return;
    }
    this.drawSeats();
    this.drawBoard();
    this.drawPrompt();
    this.drawLog();
    this.drawOutcome();
    this.drawCurtain();
    this.drawHints();
    this.drawOdds();
    const undo = this.q(".undo");
    undo.disabled = !v.can_undo || !!this.replay;
    // a watcher has nothing to take back and no move to ask about
    undo.classList.toggle("hidden", !this.current);
    this.q(".hint-btn").classList.toggle("hidden", !this.current);
    this.q(".share-btn").classList.toggle("hidden", !this.invites());
    this.root.classList.toggle("replaying", !!this.replay);
  }

  drawSeats() {
    const v = this.view;
    const chips = this.q(".seat-chips");
    chips.innerHTML = "";
    if (!this.seats.length) chips.append(h("span", { class: "chip observer" }, "watching"));
    for (const s of this.seats) {
      const chip = h("span", { class: "chip" + (s === this.current ? " current" : ""), style: `--c:${kit.roleColor(v, s.role)}` }, title(s.role));
      chips.append(chip);
    }
    const seats = this.q(".seats");
    seats.innerHTML = "";
    for (const r of v.roles) {
      const seat = v.seats[r];
      const who = seat.kind === "computer" ? `computer (${seat.agent})` : this.seats.some((s) => s.role === r) ? "you" : seat.open ? "invited, not joined yet" : "player";
      const state = v.thinking.includes(r) ? "thinking…" : v.active.includes(r) ? "to move" : "";
      seats.append(h("div", { class: "seat-row" + (v.active.includes(r) ? " active" : ""), "data-role": r },
        h("span", { class: "swatch", style: `background:${kit.roleColor(v, r)}` }),
        h("b", {}, title(r)), h("span", { class: "muted" }, ` ${who}`), h("span", { class: "seat-state" }, state)));
    }
    this.drawSeal(seats);
  }

  // ----- the dice commitment: shown from the start, checked once the match is over -----------
  drawSeal(box) {
    const c = this.view.dice && this.view.dice.commitment;
    if (!c) return;
    const key = `warroom.dice.${this.id}`;
    if (!localStorage.getItem(key)) localStorage.setItem(key, c); // what this browser saw first
    box.append(h("div", { class: "dice-seal muted", title: `the server's commitment to the seed of the dice: sha256 ${c}` },
      `Dice sealed: ${c.slice(0, 12)}…`));
  }

  async verifyDice() {
    let c = this.q(".verify-overlay");
    if (!c) this.q(".board-wrap").append((c = h("div", { class: "verify-overlay hidden" })));
    const seen = localStorage.getItem(`warroom.dice.${this.id}`);
    let out;
    try {
      out = await api(`/api/matches/${this.id}/verify`);
    } catch (e) {
      this.toast(e.message);
      return;
    }
    const same = !seen || seen === out.commitment;
    const ok = out.ok && same;
    c.innerHTML = "";
    c.append(h("div", { class: "banner verify" },
      h("div", { class: "big" }, ok ? "✓ The dice are verified" : "✗ The dice do not verify"),
      h("ul", { class: "checks" },
        out.checks.map((k) => h("li", { class: k.level }, h("b", {}, `${k.level === "fail" ? "✗" : k.level === "warn" ? "!" : "✓"} ${k.name}: `), k.detail)),
        seen ? h("li", { class: same ? "ok" : "fail" }, h("b", {}, `${same ? "✓" : "✗"} seen: `), same ? "the commitment this browser saw during play" : `this browser saw ${seen} during play`) : null),
      h("p", {}, "Check it yourself, without trusting this server: ",
        h("a", { href: `/api/matches/${this.id}/record`, download: `warroom-${this.id}.json` }, "download the record"), " and run"),
      h("textarea", { readonly: true, rows: 2 }, `warroom verify warroom-${this.id}.json --commitment ${seen || out.commitment}`),
      h("button", { type: "button", class: "primary", onclick: () => c.classList.add("hidden") }, "Done")));
    c.classList.remove("hidden");
  }

  drawBoard() {
    const v = this.view;
    const svg = this.svg;
    const openStack = this.openStack;
    this.openStack = null;
    svg.innerHTML = "";
    let vb = "0 0 1000 640";
    try {
      vb = this.board.viewBox ? this.board.viewBox(v) : vb;
    } catch (e) {
      console.error(e);
    }
    const root = el("g", { class: "board-root" }, svg);
    try {
      this.board.draw(root, v, kit);
    } catch (e) {
      console.error("the board failed to draw; using the generic table", e);
      root.innerHTML = "";
      genericBoard.draw(root, v, kit);
      vb = genericBoard.viewBox(v);
    }
    this.zoom.setBase(vb);
    const [, , bw, bh] = String(vb).split(/[\s,]+/).map(Number);
    if (bw > 0 && bh > 0) {
      const frame = this.q(".board-frame").style;
      frame.setProperty("--aspect", `${bw} / ${bh}`);
      frame.setProperty("--aw", String(bw)); // the phone layout sizes the frame from these
      frame.setProperty("--ah", String(bh));
    }
    this.drawTray();
    for (const s of [svg, this.tray]) tipsFromTitles(s);
    if (openStack) {
      const st = svg.querySelector(`.stack[data-stack="${CSS.escape(openStack)}"]`);
      if (st) this.expandStack(st);
    }
    // which listed actions belong to which drawn element: a board's target(action) names
    // one element (data-target) or a path of them to click in turn (a unit, then a sector)
    // a selection made before a live refresh (the other side's move, a computer's secret
    // order) survives it while the same clicks still lead somewhere
    const before = this.sel && this.selFor === (p0(v) && p0(v).role) ? this.sel : [];
    this.paths = [];
    this.loose = [];
    this.sel = [];
    const p = v.prompt;
    if (!p || this.replay) {
      this.highlight();
      return;
    }
    this.drawn = new Set(this.targetNodes().map((n) => n.getAttribute("data-target")));
    p.actions.forEach((a, i) => {
      let t = null;
      try {
        t = this.board.target ? this.board.target(a, v) : null;
      } catch (e) {
        console.error(e);
      }
      const path = t === null || t === undefined ? null : Array.isArray(t) ? t : [t];
      const reachable = path && path.length && path.every((k) => this.drawn.has(k));
      this.paths.push(reachable ? path : null);
      if (!reachable) this.loose.push(i);
    });
    const still = (path) => path && path.length > before.length && before.every((k, j) => path[j] === k);
    if (before.length && this.paths.some(still)) this.sel = before;
    this.selFor = p.role;
    this.highlight();
  }

  // the tray: what a board shows beside its map (a hand, the scores), drawn at the size of
  // the screen so its text is always readable; boards without one have none
  drawTray() {
    const box = this.q(".tray");
    const tray = this.tray;
    tray.innerHTML = "";
    if (!this.board.tray) {
      box.classList.add("hidden");
      return;
    }
    box.classList.remove("hidden");
    const width = Math.max(280, Math.round(box.clientWidth || 600));
    const root = el("g", { class: "tray-root" }, tray);
    let height = 0;
    try {
      height = this.board.tray(root, this.view, kit, width) || 0;
    } catch (e) {
      console.error("the tray failed to draw", e);
    }
    tray.setAttribute("viewBox", `0 0 ${width} ${Math.max(1, height)}`);
    tray.setAttribute("height", `${Math.max(1, height)}`);
    box.classList.toggle("hidden", !height);
  }

  // every drawn element an action may belong to, on the map and in the tray
  targetNodes() {
    return [...this.svg.querySelectorAll("[data-target]"), ...this.tray.querySelectorAll("[data-target]")];
  }

  targetNode(key) {
    const sel = `[data-target="${CSS.escape(key)}"]`;
    return this.svg.querySelector(sel) || this.tray.querySelector(sel);
  }

  // ----- stacks: a pile of counters opens into a row of them on a click -------------------
  expandStack(stack) {
    const pieces = [...stack.querySelectorAll(":scope > .piece")];
    if (pieces.length < 2) return;
    this.collapseStack();
    const boxes = pieces.map((n) => n.getBBox());
    const size = Math.max(...boxes.map((b) => Math.max(b.width, b.height)));
    const gap = size * 0.18;
    const cols = Math.min(pieces.length, pieces.length > 8 ? 4 : pieces.length > 4 ? Math.ceil(pieces.length / 2) : pieces.length);
    const rows = Math.ceil(pieces.length / cols);
    const cx = boxes[0].x + boxes[0].width / 2;
    const cy = boxes[0].y + boxes[0].height / 2;
    const w = cols * size + (cols - 1) * gap;
    const h = rows * size + (rows - 1) * gap;
    const base = this.zoom.base;
    let x0 = cx - w / 2;
    let y0 = cy - h / 2;
    if (base) {
      x0 = Math.min(base.x + base.w - w - 8, Math.max(base.x + 8, x0));
      y0 = Math.min(base.y + base.h - h - 8, Math.max(base.y + 8, y0));
    }
    const back = el("rect", { class: "stack-backdrop", x: x0 - gap, y: y0 - gap, width: w + 2 * gap, height: h + 2 * gap, rx: 6 });
    stack.insertBefore(back, stack.firstChild);
    // the top of the pile (drawn last) comes first
    [...pieces].reverse().forEach((n, i) => {
      const b = n.getBBox();
      const tx = x0 + (i % cols) * (size + gap) + (size - b.width) / 2 - b.x;
      const ty = y0 + Math.floor(i / cols) * (size + gap) + (size - b.height) / 2 - b.y;
      n.dataset.was = n.getAttribute("transform") || "";
      n.setAttribute("transform", `translate(${tx} ${ty}) ${n.dataset.was}`);
    });
    stack.classList.add("open");
    stack.parentNode.appendChild(stack); // over its neighbours
    this.openStack = stack.getAttribute("data-stack");
  }

  collapseStack() {
    const stack = this.openStack ? this.svg.querySelector(`.stack[data-stack="${CSS.escape(this.openStack)}"]`) : null;
    this.openStack = null;
    if (!stack) return;
    for (const n of stack.querySelectorAll(":scope > .piece")) {
      if (n.dataset.was) n.setAttribute("transform", n.dataset.was);
      else n.removeAttribute("transform");
      delete n.dataset.was;
    }
    const back = stack.querySelector(":scope > .stack-backdrop");
    if (back) back.remove();
    stack.classList.remove("open");
  }

  // ----- tooltips: every piece and card says what it is, on hover or a long press ---------
  wireTips(svg) {
    const tip = () => this.q(".tooltip");
    const show = (node, x, y) => {
      const t = tip();
      t.textContent = node.getAttribute("data-tip");
      t.classList.remove("hidden");
      const frame = this.q(".board-frame").getBoundingClientRect();
      const w = t.offsetWidth;
      const h = t.offsetHeight;
      let left = x - frame.left + 14;
      let top = y - frame.top + 16;
      if (left + w > frame.width - 4) left = Math.max(4, x - frame.left - w - 10);
      if (top + h > frame.height - 4) top = Math.max(4, y - frame.top - h - 12);
      t.style.left = `${left}px`;
      t.style.top = `${top}px`;
    };
    const hide = () => tip().classList.add("hidden");
    let press = null;
    svg.addEventListener("pointermove", (ev) => {
      if (ev.pointerType !== "mouse") return;
      const node = ev.target.closest ? ev.target.closest("[data-tip]") : null;
      if (node && !svg.classList.contains("panning")) show(node, ev.clientX, ev.clientY);
      else hide();
    });
    svg.addEventListener("pointerleave", hide);
    svg.addEventListener("pointerdown", (ev) => {
      hide();
      if (ev.pointerType === "mouse") return;
      const node = ev.target.closest ? ev.target.closest("[data-tip]") : null;
      clearTimeout(press);
      if (node) press = setTimeout(() => show(node, ev.clientX, ev.clientY), 450);
    });
    for (const kind of ["pointerup", "pointercancel"]) svg.addEventListener(kind, () => clearTimeout(press));
    svg.addEventListener("focusin", (ev) => {
      const node = ev.target.closest ? ev.target.closest("[data-tip]") : null;
      if (!node) return;
      const r = node.getBoundingClientRect();
      show(node, r.right, r.bottom);
    });
    svg.addEventListener("focusout", hide);
  }

  // the actions still possible after the clicks so far, by the element to click next
  nextTargets() {
    const next = new Map();
    const here = [];
    const sel = this.sel;
    this.paths.forEach((path, i) => {
      if (!path || path.length < sel.length) return;
      for (let k = 0; k < sel.length; k++) if (path[k] !== sel[k]) return;
      if (path.length === sel.length) here.push(i);
      else {
        const key = path[sel.length];
        if (!next.has(key)) next.set(key, []);
        next.get(key).push(i);
      }
    });
    return { next, here };
  }

  highlight() {
    const { next, here } = this.nextTargets();
    this.next = next;
    this.here = here;
    const p = this.view.prompt;
    for (const node of this.targetNodes()) {
      const key = node.getAttribute("data-target");
      const on = next.has(key);
      node.classList.toggle("choice", on);
      node.classList.toggle("selected", this.sel.includes(key));
      if (on) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        const labels = next.get(key).map((i) => p.labels[i]);
        node.setAttribute("aria-label", labels.length > 3 ? `${labels.length} choices` : labels.join(" / "));
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
    this.root.classList.toggle("selecting", this.sel.length > 0);
    // a pile that holds something to click says so on its top counter
    for (const st of this.svg.querySelectorAll(".stack")) {
      const pieces = st.querySelectorAll(":scope > .piece");
      const inside = [...pieces].some((n) => n.matches(".choice, .selected") || n.querySelector(".choice, .selected"));
      st.classList.toggle("has-choice", inside);
      pieces.forEach((n, i) => n.classList.toggle("pile-choice", inside && i === pieces.length - 1));
    }
  }

  select(sel) {
    this.sel = sel;
    this.closeMenu();
    this.highlight();
    this.drawPrompt();
  }

  onBoardClick(ev) {
    // a closed pile opens first; a click beside an open one closes it
    const stack = ev.target.closest ? ev.target.closest(".stack") : null;
    if (stack && !stack.classList.contains("open") && stack.querySelectorAll(":scope > .piece").length > 1) {
      ev.stopPropagation();
      ev.preventDefault();
      this.expandStack(stack);
      return;
    }
    if (this.openStack && (!stack || stack.getAttribute("data-stack") !== this.openStack)) this.collapseStack();
    const node = ev.target.closest ? ev.target.closest("[data-target]") : null;
    const key = node ? node.getAttribute("data-target") : null;
    if (!key || !this.next || !this.next.has(key)) {
      if (this.sel.length) this.select([]);
      return;
    }
    ev.stopPropagation();
    ev.preventDefault();
    const idx = this.next.get(key);
    const sel = [...this.sel, key];
    const done = idx.filter((i) => this.paths[i].length === sel.length);
    const more = idx.filter((i) => this.paths[i].length > sel.length);
    if (idx.length === 1) return this.choose(idx[0]);
    if (!more.length) return this.openMenu(done, ev);
    this.select(sel); // pick the next element; anything complete here is offered beside the board
  }

  drawPrompt() {
    const v = this.view;
    const p = v.prompt;
    const who = this.q(".prompt-who");
    const text = this.q(".prompt-text");
    const box = this.q(".choices");
    const all = this.q(".all-choices ol");
    box.innerHTML = "";
    all.innerHTML = "";
    this.q(".prompt-card").classList.toggle("yours", !!p && !this.replay);
    this.ruleHere = null;
    this.q(".prompt-rule").classList.add("hidden");
    this.drawCoach();
    if (this.replay) {
      who.textContent = "Replay";
      text.textContent = "Step through the match with the bar below (← and → keys too).";
      this.q(".all-choices").classList.add("hidden");
      return;
    }
    if (!p) {
      who.textContent = v.outcome ? "Game over" : v.role ? `${title(v.role)}: waiting` : "Watching";
      const waiting = v.active.map(title).join(", ");
      text.textContent = v.outcome ? v.outcome.summary || "The match is over." : waiting ? `Waiting for ${waiting}.` : "";
      this.q(".all-choices").classList.add("hidden");
      return;
    }
    who.textContent = `${title(p.role)} to act`;
    who.style.color = kit.roleColor(v, p.role);
    text.textContent = p.text;
    const rule = this.rules && this.rules.sectionFor(p, v);
    this.ruleHere = rule ? rule.id : null;
    const link = this.q(".prompt-rule");
    link.classList.toggle("hidden", !rule);
    link.textContent = rule ? `Rule: ${rule.title} ↗` : "";
    link.setAttribute("href", rule ? `/rules/${v.game || (this.spec && this.spec.id)}#${rule.id}` : "#");
    if (this.sel.length) {
      const chosen = this.sel[this.sel.length - 1].replace(/^[a-z]+:/, "");
      box.append(h("p", { class: "hint selected-hint" }, `${chosen} selected: click a highlighted place on the board.`));
      for (const i of this.here || []) {
        box.append(h("button", { type: "button", class: "choice-btn", "data-index": i, onclick: () => this.choose(i) }, p.labels[i]));
      }
      box.append(h("button", { type: "button", class: "choice-btn cancel", onclick: () => this.select([]) }, "✕ Cancel"));
      this.q(".all-choices").classList.add("hidden");
      return;
    }
    const numbers = this.numberEntry(p);
    if (numbers) {
      box.append(numbers);
    } else {
      for (const i of this.loose) {
        box.append(h("button", { type: "button", class: "choice-btn", "data-index": i, onclick: () => this.choose(i) }, p.labels[i]));
      }
    }
    const onBoard = p.actions.length - this.loose.length;
    if (onBoard) {
      box.append(h("p", { class: "hint muted" }, `Or click a highlighted piece on the board (${onBoard} choice${onBoard > 1 ? "s" : ""} there).`));
    }
    this.q(".all-choices").classList.toggle("hidden", this.loose.length === p.actions.length || p.actions.length > 400);
    p.labels.forEach((label, i) => {
      all.append(h("li", {}, h("span", { class: "n" }, `${i + 1}.`), h("button", { type: "button", class: "link", onclick: () => this.choose(i) }, label)));
    });
  }

  // A prompt that asks for a number (every choice the same action ending in a whole number,
  // more than a dozen of them: a command or CVP total, say) gets a number box, not a button
  // per number.
  numberEntry(p) {
    if (this.loose.length !== p.actions.length || p.actions.length <= 12) return null;
    const head = JSON.stringify(p.actions[0].slice(0, -1));
    const byNumber = new Map();
    for (let i = 0; i < p.actions.length; i++) {
      const a = p.actions[i];
      const n = a[a.length - 1];
      if (!Number.isInteger(n) || JSON.stringify(a.slice(0, -1)) !== head) return null;
      byNumber.set(n, i);
    }
    const nums = [...byNumber.keys()];
    const low = Math.min(...nums), high = Math.max(...nums);
    const input = h("input", { type: "number", class: "number-entry", min: low, max: high, step: 1, inputmode: "numeric", "aria-label": `a number from ${low} to ${high}` });
    const msg = h("span", { class: "error number-error", role: "alert" });
    // the page draws a prompt again whenever the match's news arrives (twice after a move):
    // what was typed into the box for this very prompt is kept, not emptied under the player
    const draft = `${this.view.step}:${p.role}`;
    if (this.numberDraft && this.numberDraft.prompt === draft) input.value = this.numberDraft.value;
    input.addEventListener("input", () => { this.numberDraft = { prompt: draft, value: input.value }; });
    const send = () => {
      const n = Number(input.value);
      if (input.value === "" || !byNumber.has(n)) {
        msg.textContent = `Enter a whole number from ${low} to ${high}.`;
        return;
      }
      this.choose(byNumber.get(n));
    };
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); send(); } });
    setTimeout(() => input.focus(), 0);
    return h("form", { class: "number-form", onsubmit: (ev) => { ev.preventDefault(); send(); } },
      h("label", {}, `${p.labels[0].replace(/^\d+\s*/, "").replace(/\s*\d+$/, "") || "number"} `, input),
      h("button", { type: "submit", class: "choice-btn primary" }, "Enter"), " ", msg);
  }

  // ----- the first-game walkthrough: what to do now and why, over the real match ----------
  drawCoach() {
    const box = this.q(".coach");
    const c = this.coach;
    for (const n of this.root.querySelectorAll(".coach-point")) n.classList.remove("coach-point");
    if (!c || this.replay || (c.closed && c.done)) {
      box.classList.add("hidden");
      return;
    }
    const v = this.view;
    const p = v.prompt;
    const mine = p && (c.walk.mode === "hotseat" || p.role === c.walk.side);
    const step = mine ? c.look(p, v) : null;
    box.innerHTML = "";
    box.classList.remove("hidden");
    const head = h("div", { class: "coach-head" }, h("b", {}, c.done ? "First game: done" : "First game"),
      h("button", { type: "button", class: "link coach-close", "aria-label": "close the walkthrough", onclick: () => { c.closed = true; c.done = true; c.save(); this.drawCoach(); } }, "✕"));
    const body = h("div", { class: "coach-say" });
    let say = null;
    if (c.done) say = c.walk.outro;
    else if (step) say = (c.at === 0 && !c.started ? c.walk.intro + "\n\n" : "") + step.say;
    else if (!mine) say = c.at === 0 ? c.walk.intro + "\n\nThe other side moves now: wait a moment." : "The other side moves now: wait a moment.";
    else if (c.lastStep) say = c.lastStep.say;
    else say = c.walk.intro;
    body.innerHTML = inline(say || "");
    box.append(head, body);
    const sec = step && step.section ? this.rules.section(step.section) : null;
    if (sec) box.append(h("a", { href: "#", class: "coach-rule", onclick: (ev) => { ev.preventDefault(); this.rules.open(sec.id); } }, `Rule: ${sec.title} ↗`));
    if (step && step.point) {
      for (const n of this.targetNodes()) {
        if (n.classList.contains("choice") && n.getAttribute("data-target").startsWith(step.point)) n.classList.add("coach-point");
      }
    }
  }

  drawLog() {
    const v = this.view;
    const ol = this.q(".log");
    const atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
    ol.innerHTML = "";
    v.log.forEach((entry, n) => {
      const li = h("li", { class: "ev-" + entry.event.kind + (entry.event.to ? " private" : "") + (entry.heading ? ` heading h${entry.heading}` : "") });
      const body = h("span", { class: "ev-body" }, h("span", { class: "ev-text" }, entry.text));
      li.append(h("span", { class: "ev-n" }, `${n + 1}.`), body);
      const dice = diceOf(entry.event);
      if (dice.length) {
        const span = h("span", { class: "dice" });
        span.innerHTML = dice.map((d) => dieSvg(d.value, d.sides, 20, d.color)).join("");
        body.append(span);
      }
      if (entry.event.to) li.title = "only " + entry.event.to.join(", ") + " see this";
      ol.append(li);
    });
    if (atBottom || !this.logSeen || this.logSeen !== v.log.length) ol.scrollTop = ol.scrollHeight;
    this.logSeen = v.log.length;
  }

  drawOutcome() {
    const v = this.view;
    const box = this.q(".outcome");
    if (!v.outcome || this.replay) {
      box.classList.add("hidden");
      return;
    }
    const o = v.outcome;
    box.innerHTML = "";
    const won = o.winner && this.seats.some((s) => s.role === o.winner);
    // a solitaire game has no draw: no winner is a defeat, and its level says how it ended
    const solo = (v.roles || []).length === 1;
    const head = solo ? (o.level ? title(o.level) : o.winner ? "Victory" : "Defeat") : o.draw ? "A draw" : sideSays(v, o.winner, "wins", "win");
    box.append(
      h("div", { class: "banner" + (won ? " won" : "") },
        h("div", { class: "big" }, head),
        h("div", {}, o.level && !solo ? title(o.level) : ""),
        h("div", { class: "muted" }, o.summary || ""),
        h("div", { class: "points" }, Object.entries(o.points).map(([r, p]) => `${title(r)} ${p}`).join(" · ")),
        h("button", { type: "button", onclick: () => box.classList.add("hidden") }, "See the board"),
        v.dice && v.dice.commitment ? h("button", { type: "button", class: "verify-btn", onclick: () => this.verifyDice() }, "Verify the dice") : null));
    box.classList.remove("hidden");
  }

  drawCurtain() {
    const c = this.q(".curtain");
    c.classList.remove("pass");
    if (!this.curtainFor || this.replay) {
      c.classList.add("hidden");
      return;
    }
    c.innerHTML = "";
    const role = this.curtainFor;
    c.append(h("div", { class: "banner" },
      h("div", { class: "big" }, `Pass the screen to ${title(role)}`),
      h("p", {}, `Nothing of either side is shown until ${title(role)} is at the screen.`),
      h("button", { type: "button", class: "primary", onclick: () => { this.curtainFor = null; this.render(); } }, `I am ${title(role)}: show my side`)));
    c.classList.add("pass");
    c.classList.remove("hidden");
  }

  // behind the hot-seat curtain: no board, hand, prompt, log, hint or odds of either side is
  // left in the page (not merely covered), so nothing can be read, selected or found in it
  drawVeiled() {
    this.svg.innerHTML = "";
    this.tray.innerHTML = ""; // the hand and the scores beside the map
    this.q(".tray").classList.add("hidden");
    this.q(".tooltip").classList.add("hidden");
    this.paths = [];
    this.loose = [];
    this.sel = [];
    this.closeMenu();
    for (const sel of [".prompt-who", ".prompt-text", ".choices", ".all-choices ol", ".log", ".seats", ".hint-panel", ".odds-panel"]) {
      this.q(sel).innerHTML = "";
    }
    this.q(".hint-panel").classList.add("hidden");
    this.q(".odds-panel").classList.add("hidden");
    this.oddsKey = null;
    this.hints = null;
    this.q(".outcome").classList.add("hidden");
    this.q(".undo").disabled = true;
    this.q(".hint-btn").disabled = true;
    this.drawCurtain();
  }

  // ----- hints: the top candidates for this seat, from what this seat may see --------------
  async askHint() {
    const v = this.view;
    if (!v || !v.prompt || !this.current || this.replay || this.hintBusy) return;
    this.hintBusy = true;
    const btn = this.q(".hint-btn");
    btn.disabled = true;
    btn.textContent = "thinking…";
    try {
      const out = await api(`/api/matches/${this.id}/hint`, { method: "POST", token: this.current.token, body: { seconds: 1.0 } });
      this.hints = { step: out.step, role: out.role, candidates: out.candidates, note: out.note, searched: out.searched };
    } catch (e) {
      this.toast(e.message);
    } finally {
      this.hintBusy = false;
      btn.textContent = "? Hint";
    }
    this.drawHints();
  }

  drawHints() {
    const v = this.view;
    const panel = this.q(".hint-panel");
    const btn = this.q(".hint-btn");
    btn.disabled = !v.prompt || !this.current || !!this.replay || !!this.hintBusy;
    for (const n of this.root.querySelectorAll(".hinted")) {
      n.classList.remove("hinted");
      n.removeAttribute("data-hint-rank");
    }
    const hs = this.hints;
    if (!hs || this.replay || !v.prompt || hs.step !== v.step || hs.role !== v.prompt.role) {
      panel.classList.add("hidden");
      return;
    }
    panel.innerHTML = "";
    panel.append(h("div", { class: "hint-head" }, h("b", {}, "Hint"),
      h("span", { class: "muted" }, hs.searched ? " chance of winning after the move, as the search measured it" : " the search did not measure these moves"),
      h("button", { type: "button", class: "link hint-close", onclick: () => { this.hints = null; this.drawHints(); } }, "✕")));
    if (hs.note) panel.append(h("p", { class: "hint-note muted" }, hs.note));
    const ol = h("ol", { class: "hint-list" });
    hs.candidates.forEach((c, rank) => {
      const i = v.prompt.actions.findIndex((a) => actionKey(a) === actionKey(c.action));
      const li = h("li", { class: "hint-cand", "data-rank": rank + 1 },
        h("button", { type: "button", class: "link hint-label", disabled: i < 0, onclick: () => i >= 0 && this.choose(i) }, c.label),
        c.win === null || c.win === undefined
          ? h("span", { class: "hint-value muted" }, c.measured ? " no figure" : " not measured")
          : h("span", { class: "hint-value" + (c.too_few ? " muted" : "") },
            ` ${Math.round(c.win * 100)}% (${Math.round(c.low * 100)}–${Math.round(c.high * 100)}%, ${c.simulations} sim${c.simulations === 1 ? "" : "s"})`),
        h("div", { class: "hint-reason muted" }, c.reason));
      ol.append(li);
      if (i < 0) return;
      // highlight the move: its button beside the board, or the first thing to click on the board
      const marks = [...this.root.querySelectorAll(`.choice-btn[data-index="${i}"]`)];
      const path = this.paths && this.paths[i];
      if (path && path.length) {
        const node = this.targetNode(path[0]);
        if (node) marks.push(node);
      }
      for (const m of marks) {
        if (m.classList.contains("hinted")) continue;
        m.classList.add("hinted");
        m.setAttribute("data-hint-rank", String(rank + 1));
      }
    });
    panel.append(ol);
    panel.classList.remove("hidden");
  }

  // ----- battle odds (Campaign Commander): my units attacking an area, from what I may see ----
  drawOdds() {
    const v = this.view;
    const panel = this.q(".odds-panel");
    const role = this.current ? this.current.role : null;
    const b = v.board || {};
    if (!this.spec || !this.spec.odds || !role || this.replay || v.outcome || !b.units || !b.stacks) {
      panel.classList.add("hidden");
      return;
    }
    panel.classList.remove("hidden");
    const key = `${role}:${v.step}`;
    if (this.oddsKey === key) return; // keep what the player picked until the board changes
    this.oddsKey = key;
    const units = new Map(b.units.map((u) => [u.id, u]));
    const near = new Map();
    for (const [x, y] of b.borders || []) {
      if (!near.has(x)) near.set(x, new Set());
      if (!near.has(y)) near.set(y, new Set());
      near.get(x).add(y);
      near.get(y).add(x);
    }
    const mineAt = (area) => (b.stacks[area] || []).filter((id) => units.get(id) && units.get(id).side === role);
    const foesAt = (area) => (b.stacks[area] || []).filter((id) => units.get(id) && units.get(id).side !== role);
    const candidates = (area) => [area, ...[...(near.get(area) || [])].sort()].flatMap((a) => mineAt(a));
    const areas = Object.keys(b.stacks).filter((a) => foesAt(a).length && candidates(a).length).sort();
    const before = this.oddsArea;
    panel.innerHTML = "";
    panel.append(h("div", { class: "hint-head" }, h("b", {}, "Battle odds"), h("span", { class: "muted" }, " attack an area with your units")));
    if (!areas.length) {
      panel.append(h("div", { class: "muted" }, "No enemy stands next to your units."));
      return;
    }
    const areaSel = h("select", { class: "odds-area", "aria-label": "area to attack" }, areas.map((a) => h("option", { value: a, selected: a === before }, `${a} (${foesAt(a).length} enemy)`)));
    const unitsBox = h("div", { class: "odds-units" });
    const originSel = h("select", { class: "odds-origin", "aria-label": "attacking from" });
    const result = h("div", { class: "odds-result" });
    const fill = () => {
      const area = areaSel.value;
      this.oddsArea = area;
      unitsBox.innerHTML = "";
      for (const id of candidates(area)) {
        const u = units.get(id);
        unitsBox.append(h("label", { class: "odds-unit" }, h("input", { type: "checkbox", value: id, checked: u.loc !== area }), ` ${u.name} (${u.loc})`), h("br"));
      }
      originSel.innerHTML = "";
      originSel.append(h("option", { value: "" }, "from where they stand"));
      for (const a of [...(near.get(area) || [])].sort()) originSel.append(h("option", { value: a }, `from ${a}`));
      result.innerHTML = "";
    };
    areaSel.addEventListener("change", fill);
    fill();
    const go = h("button", { type: "button", class: "odds-go", onclick: () => this.askOdds(areaSel.value, [...unitsBox.querySelectorAll("input:checked")].map((i) => i.value), originSel.value, result) }, "Odds");
    panel.append(areaSel, unitsBox, originSel, " ", go, result);
  }

  async askOdds(area, attackers, origin, box) {
    if (!attackers.length) {
      this.toast("Tick at least one attacking unit.");
      return;
    }
    box.textContent = "fighting it out…";
    try {
      const o = await api(`/api/matches/${this.id}/odds`, { method: "POST", token: this.current.token, body: { area, attackers, origin, battles: 5000 } });
      const words = { attacker: `${sideSays(this.view, o.attacker, "takes", "take")} ${o.area}`, defender: sideSays(this.view, o.defender, "holds", "hold"), emptied: "both driven out", "broken-off": "broken off" };
      box.innerHTML = "";
      const table = h("table", { class: "odds-table" });
      for (const [k, w] of Object.entries(words)) {
        const r = o.outcomes[k];
        if (!r) continue;
        table.append(h("tr", { class: `odds-row odds-${k}` }, h("td", {}, w), h("td", {}, `${Math.round(r.rate * 100)}%`),
          h("td", {}, h("span", { class: "odds-bar", style: `width:${Math.round(r.rate * 80)}px` }))));
      }
      box.append(table, h("div", { class: "muted" }, `${o.battles} battles, your knowledge only: the enemy's hidden cards and chits are guessed`));
    } catch (e) {
      box.textContent = "";
      this.toast(e.message);
    }
  }

  // ----- choosing -----------------------------------------------------------------------------
  openMenu(indices, ev) {
    const p = this.view.prompt;
    const menu = this.q(".menu");
    menu.innerHTML = "";
    for (const i of indices) {
      menu.append(h("button", { type: "button", role: "menuitem", "data-index": i, onclick: (e) => { e.stopPropagation(); this.closeMenu(); this.choose(i); } }, p.labels[i]));
    }
    const wrap = this.q(".board-frame").getBoundingClientRect();
    const at = ev.clientX !== undefined && ev.clientX !== 0 ? ev : (() => {
      const r = ev.target.getBoundingClientRect();
      return { clientX: r.right, clientY: r.bottom };
    })();
    menu.style.left = `${Math.max(4, Math.min(at.clientX - wrap.left + 8, wrap.width - 240))}px`;
    menu.style.top = `${Math.max(4, Math.min(at.clientY - wrap.top + 8, wrap.height - 40 * indices.length - 20))}px`;
    menu.classList.remove("hidden");
  }

  closeMenu() {
    this.q(".menu").classList.add("hidden");
  }

  async choose(i) {
    if (this.busy || !this.view.prompt) return;
    const action = this.view.prompt.actions[i];
    const label = this.view.prompt.labels[i];
    this.sel = [];
    this.busy = true;
    this.root.classList.add("busy");
    const send = () => api(`/api/matches/${this.id}/actions`, { method: "POST", token: this.current.token, body: { action, step: this.view.step } });
    try {
      try {
        await send();
      } catch (e) {
        if (e.status !== 409 || !/moved on/.test(e.message)) throw e;
        // another seat moved meanwhile: if the same choice is still offered, it still stands
        this.view = await this.fetchState(this.current.token);
        const p = this.view.prompt;
        const j = p ? p.actions.findIndex((a) => actionKey(a) === actionKey(action)) : -1;
        if (j < 0 || p.labels[j] !== label) throw new Error("The board changed before your move arrived: choose again.");
        await send();
      }
      if (this.coach) {
        this.coach.started = true;
        this.coach.acted();
      }
    } catch (e) {
      this.toast(e.message);
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
    await this.refresh();
  }

  async undo() {
    if (!this.view.can_undo) return;
    try {
      await api(`/api/matches/${this.id}/undo`, { method: "POST", token: this.current.token, body: { step: this.view.step } });
    } catch (e) {
      this.toast(e.message);
    }
    await this.refresh();
  }

  // the seats whose invitation nobody has taken up yet
  openSeats() {
    return this.view ? this.view.roles.filter((r) => this.view.seats[r].open) : [];
  }

  invites() {
    const saved = savedMatches()[this.id];
    return saved && saved.invites && Object.keys(saved.invites).length ? saved.invites : null;
  }

  share() {
    const inv = this.invites();
    if (!inv) return;
    const c = this.q(".curtain");
    c.innerHTML = "";
    const row = (label, link, cls) => h("div", { class: "link-row " + cls },
      h("label", {}, label),
      h("div", { class: "link-line" },
        h("input", { type: "text", readonly: true, value: link, "aria-label": label, onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "copy-btn", onclick: () => this.copy(link) }, "Copy")));
    const open = this.openSeats();
    c.append(h("div", { class: "banner invite" },
      h("div", { class: "big" }, "Invite a player"),
      h("p", {}, "Send this link to the other player. It works once: the first to open it takes the side, with a key made for them alone (not even you hold it). If their link says it was already used, someone else opened it first."),
      Object.entries(inv).map(([r, code]) => open.includes(r)
        ? row(`${title(r)} plays with`, `${location.origin}/g/${this.id}#i=${code}`, "seat-link")
        : h("div", { class: "link-row joined" }, h("label", {}, `${title(r)} has joined.`))),
      row("Anyone can watch with", `${location.origin}/g/${this.id}`, "watch-link"),
      h("button", { type: "button", class: "primary", onclick: () => c.classList.add("hidden") }, "Done")));
    c.classList.remove("hidden");
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard permission (plain http on another host): copy through a selected field
      const t = h("textarea", { style: "position:fixed;opacity:0" }, text);
      document.body.append(t);
      t.select();
      document.execCommand("copy");
      t.remove();
    }
    this.toast("Link copied");
  }

  // ----- replay: what this seat saw, a move at a time (never the other side's hidden steps),
  // or a chapter at a time (a round, a turn, an operation) ---------------------------------
  async toggleReplay() {
    if (this.replay) {
      this.replay = null;
      this.q(".replay-bar").classList.add("hidden");
      this.q(".replay-btn").textContent = "▶ Replay";
      await this.refresh();
      return;
    }
    this.liveView = this.view;
    this.replay = { frame: 0, frames: 1, chapters: [0] };
    this.q(".replay-btn").textContent = "■ Back to the game";
    this.q(".replay-bar").classList.remove("hidden");
    await this.showReplay(-1);
  }

  async showReplay(k) {
    const r = this.replay;
    if (!r) return;
    if (k !== -1) k = Math.max(0, Math.min(r.frames - 1, k));
    const view = await api(`/api/matches/${this.id}/replay?frame=${k}`, { token: this.current ? this.current.token : null });
    if (!this.replay) return;
    this.replay = { ...view.replay };
    this.view = view;
    this.render();
    this.drawReplayBar();
  }

  // the first frame of the chapter before (or after) the current frame
  chapterFrom(dir) {
    const r = this.replay;
    const cs = r.chapters;
    if (dir < 0) {
      const before = cs.filter((c) => c < r.frame);
      return before.length ? before[before.length - 1] : 0;
    }
    const after = cs.find((c) => c > r.frame);
    return after === undefined ? r.frames - 1 : after;
  }

  drawReplayBar() {
    const r = this.replay;
    const bar = this.q(".replay-bar");
    bar.innerHTML = "";
    const go = (k) => () => this.showReplay(k);
    const slider = h("input", { type: "range", min: 0, max: r.frames - 1, value: r.frame, class: "replay-slider", "aria-label": "move" });
    slider.addEventListener("change", () => this.showReplay(Number(slider.value)));
    const chapter = r.chapters.filter((c) => c <= r.frame).length;
    bar.append(
      h("button", { type: "button", class: "rp-first", onclick: go(0), title: "the start" }, "|◀"),
      h("button", { type: "button", class: "rp-back", onclick: go(this.chapterFrom(-1)), title: "back a round, turn or operation" }, "◀◀"),
      h("button", { type: "button", class: "rp-prev", onclick: go(r.frame - 1), title: "back one move" }, "◀"),
      slider,
      h("button", { type: "button", class: "rp-next", onclick: go(r.frame + 1), title: "forward one move" }, "▶"),
      h("button", { type: "button", class: "rp-fwd", onclick: go(this.chapterFrom(1)), title: "forward a round, turn or operation" }, "▶▶"),
      h("button", { type: "button", class: "rp-last", onclick: go(r.frames - 1), title: "now" }, "▶|"),
      h("span", { class: "rp-pos" }, `move ${r.frame} of ${r.frames - 1}${r.chapters.length > 1 ? ` · part ${chapter} of ${r.chapters.length}` : ""}`));
  }

  onKey(ev) {
    if (ev.target.closest("input, textarea, select") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // in a replay the arrows step through it, unless the board itself has the focus
    const onBoard = ev.target.closest("svg.board");
    if (this.replay && !onBoard && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      this.showReplay(this.replay.frame + (ev.key === "ArrowLeft" ? -1 : 1));
      return;
    }
    if (ev.key === "Escape" && this.openStack) this.collapseStack();
    if (this.zoom.onKey(ev)) ev.preventDefault();
  }
}

// the prompt of a view, or null
function p0(view) {
  return view ? view.prompt : null;
}

function svgRoot(cls) {
  const svg = document.createElementNS(kit.NS, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("preserveAspectRatio", cls === "tray" ? "xMinYMin meet" : "xMidYMid meet");
  return svg;
}

// an SVG <title> shows late and never on a touch screen: its text becomes the element's
// data-tip, shown by the page's own tooltip (and kept as the accessible name)
function tipsFromTitles(svg) {
  for (const t of svg.querySelectorAll("title")) {
    const node = t.parentNode;
    if (!node || node === svg) continue;
    const text = t.textContent;
    t.remove();
    if (!text) continue;
    node.setAttribute("data-tip", text);
    if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", text.split("\n")[0]);
  }
}
