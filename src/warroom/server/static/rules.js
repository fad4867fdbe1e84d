// Rules at hand: the game's own reference (games/<pkg>/help.md, served as HTML by
// /api/games/<id>/help) in a drawer beside the board; the rule each prompt applies
// (help.toml [[prompt]] entries); and the coach of the first-game walkthrough
// (help.toml [walkthrough]), which follows the prompts exactly as warroom/kit/help.py does.
import { api } from "./api.js";

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function path(board, dotted) {
  let node = board;
  for (const part of dotted.split(".")) {
    if (node && typeof node === "object" && part in node) node = node[part];
    else return null;
  }
  return node;
}

// whether a [[prompt]] entry or a walkthrough step applies to this prompt
export function matches(entry, prompt, view) {
  if (entry.actions && entry.actions.length) {
    const kinds = new Set((prompt.actions || []).map((a) => String(a[0])));
    if (!entry.actions.some((k) => kinds.has(k))) return false;
  }
  if (entry.text !== undefined && entry.text !== null && !new RegExp(entry.text).test(String(prompt.text || ""))) return false;
  const board = view.board || {};
  for (const [k, v] of Object.entries(entry.board || {})) {
    if (JSON.stringify(path(board, k)) !== JSON.stringify(v)) return false;
  }
  return true;
}

// a little Markdown for the coach's words: paragraphs, **bold** and *italics*
export function inline(text) {
  const esc = String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return esc.trim().split(/\n\s*\n/).map((p) => `<p>${p.replace(/\*\*(.+?)\*\*/g, "<b>$1</b>").replace(/\*(.+?)\*/g, "<i>$1</i>")}</p>`).join("");
}

export class Rules {
  constructor(gameId) {
    this.gameId = gameId;
    this.data = null;
    this.drawer = null;
  }

  async load() {
    try {
      this.data = await api(`/api/games/${this.gameId}/help`);
    } catch {
      this.data = null; // a game without help: no Rules button, no links
    }
    return this.data;
  }

  section(id) {
    return this.data ? this.data.sections.find((s) => s.id === id) || null : null;
  }

  // the section a prompt applies, or null
  sectionFor(prompt, view) {
    if (!this.data || !prompt) return null;
    const entry = this.data.prompts.find((e) => matches(e, prompt, view));
    return entry ? this.section(entry.section) : null;
  }

  // the drawer: the table of contents and the text, scrolled to a section
  open(anchor = null) {
    if (!this.data) return;
    if (!this.drawer) {
      const toc = h("ol", { class: "rules-toc-list" },
        this.data.sections.map((s) => h("li", { class: `toc-${s.level}` },
          h("a", { href: `#${s.id}`, onclick: (ev) => { ev.preventDefault(); this.scrollTo(s.id); } }, s.title))));
      const text = h("article", { class: "rules-text" });
      text.innerHTML = this.data.html;
      this.drawer = h("aside", { class: "rules-drawer hidden", role: "dialog", "aria-label": `Rules of ${this.data.title}` },
        h("header", { class: "rules-head" },
          h("b", {}, `Rules: ${this.data.title}`),
          h("a", { href: `/rules/${this.gameId}`, target: "_blank", rel: "noopener", class: "rules-tab" }, "open in a tab ↗"),
          h("button", { type: "button", class: "rules-close", "aria-label": "close the rules", onclick: () => this.close() }, "✕")),
        h("details", { class: "rules-toc" }, h("summary", {}, "Contents"), toc),
        text);
      document.body.append(this.drawer);
      document.addEventListener("keydown", (ev) => {
        if (ev.key === "Escape" && this.isOpen()) this.close();
      });
    }
    this.drawer.classList.remove("hidden");
    document.body.classList.add("rules-open");
    if (anchor) this.scrollTo(anchor);
  }

  scrollTo(id) {
    const target = this.drawer && this.drawer.querySelector(`#${CSS.escape(id)}`);
    if (!target) return;
    for (const n of this.drawer.querySelectorAll(".rules-here")) n.classList.remove("rules-here");
    target.classList.add("rules-here");
    target.scrollIntoView({ block: "start" });
  }

  isOpen() {
    return !!this.drawer && !this.drawer.classList.contains("hidden");
  }

  close() {
    if (this.drawer) this.drawer.classList.add("hidden");
    document.body.classList.remove("rules-open");
  }
}

// The walkthrough's steps over a match (kit/help.py Coach does the same in Python): look() at
// each prompt of the learner, acted() after each of his moves. Its place is kept per match.
export class Coach {
  constructor(walk, key) {
    this.walk = walk;
    this.key = key;
    const saved = JSON.parse(localStorage.getItem(key) || "null") || {};
    this.at = saved.at || 0;
    this.done = !!saved.done;
    this.shown = null;
    this.lastStep = null; // the step object last shown (kept up while no step applies)
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify({ at: this.at, done: this.done }));
  }

  look(prompt, view) {
    if (this.done) return null;
    const w = this.walk;
    if (w.until) {
      const now = path(view.board || {}, w.until);
      if (typeof now === "number" && now > w.beyond) {
        this.done = true;
        this.save();
        return null;
      }
    }
    if (!prompt) return null;
    for (let j = this.at; j < w.step.length; j++) {
      if (matches(w.step[j], prompt, view)) {
        this.shown = j;
        this.lastStep = w.step[j];
        return w.step[j];
      }
    }
    this.shown = null;
    return null;
  }

  acted() {
    if (this.shown === null || this.done) return;
    const st = this.walk.step[this.shown];
    this.at = st.repeat ? this.shown : this.shown + 1;
    if (this.shown === this.walk.step.length - 1) this.done = true;
    this.shown = null;
    this.save();
  }
}
