// Zoom and pan of a board drawing through its viewBox: the wheel, a drag, two fingers, the
// buttons on the map and the keyboard (+, -, 0 and the arrow keys).
//
// The drawing's own box (the board's viewBox) is the "base"; the view is a smaller box
// inside it, from the whole drawing (zoom 1) to MAX times closer. A drag that moves more
// than a few pixels pans and swallows the click that ends it, so clicking pieces still works.

const MAX = 8;
const DRAG = 6; // pixels a press may wander and still be a click

export class PanZoom {
  constructor(svg, onChange = () => {}) {
    this.svg = svg;
    this.onChange = onChange;
    this.base = null; // {x, y, w, h}
    this.view = null;
    this.pointers = new Map();
    this.gesture = null;
    this.swallow = false;
    svg.addEventListener("wheel", (ev) => this.onWheel(ev), { passive: false });
    svg.addEventListener("pointerdown", (ev) => this.onDown(ev));
    svg.addEventListener("pointermove", (ev) => this.onMove(ev));
    for (const kind of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(kind, (ev) => this.onUp(ev));
    // the click that ends a drag or a pinch is not a click on a piece
    svg.addEventListener("click", (ev) => {
      if (!this.swallow) return;
      this.swallow = false;
      ev.stopPropagation();
      ev.preventDefault();
    }, true);
  }

  // the drawing's box; a new box (another board, a board that grew) shows it whole again
  setBase(viewBox) {
    const [x, y, w, h] = String(viewBox).split(/[\s,]+/).map(Number);
    const same = this.base && this.base.x === x && this.base.y === y && this.base.w === w && this.base.h === h;
    if (!same) {
      this.base = { x, y, w, h };
      this.view = { ...this.base };
    }
    this.apply();
  }

  get zoom() {
    return this.base && this.view ? this.base.w / this.view.w : 1;
  }

  apply() {
    if (!this.view) return;
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.svg.classList.toggle("zoomed", this.zoom > 1.001);
    this.onChange(this.zoom);
  }

  // keep the view inside the drawing
  clamp() {
    const b = this.base;
    const v = this.view;
    v.w = Math.min(b.w, Math.max(b.w / MAX, v.w));
    v.h = v.w * (b.h / b.w);
    v.x = Math.min(b.x + b.w - v.w, Math.max(b.x, v.x));
    v.y = Math.min(b.y + b.h - v.h, Math.max(b.y, v.y));
  }

  // a point on the screen in the drawing's units
  toUser(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  // drawing units per screen pixel
  unitsPerPixel() {
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return 1;
    return Math.max(this.view.w / r.width, this.view.h / r.height);
  }

  zoomBy(factor, at = null) {
    if (!this.view) return;
    const v = this.view;
    const c = at || { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const w = v.w / factor;
    const k = w / v.w;
    this.view = { x: c.x - (c.x - v.x) * k, y: c.y - (c.y - v.y) * k, w, h: v.h * k };
    this.clamp();
    this.apply();
  }

  panBy(dxPixels, dyPixels) {
    if (!this.view) return;
    const u = this.unitsPerPixel();
    this.view.x -= dxPixels * u;
    this.view.y -= dyPixels * u;
    this.clamp();
    this.apply();
  }

  fit() {
    if (!this.base) return;
    this.view = { ...this.base };
    this.apply();
  }

  // show a point of the drawing (a selected piece, a battle) if it is out of sight
  reveal(x, y) {
    const v = this.view;
    if (!v || (x >= v.x && x <= v.x + v.w && y >= v.y && y <= v.y + v.h)) return;
    v.x = x - v.w / 2;
    v.y = y - v.h / 2;
    this.clamp();
    this.apply();
  }

  onWheel(ev) {
    if (!this.view || ev.ctrlKey === undefined) return;
    ev.preventDefault();
    const lines = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
    const factor = Math.exp(-ev.deltaY * lines * 0.0015);
    this.zoomBy(factor, this.toUser(ev.clientX, ev.clientY));
  }

  onDown(ev) {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    this.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (this.pointers.size === 1) {
      this.gesture = { kind: "press", x: ev.clientX, y: ev.clientY, id: ev.pointerId };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, view: { ...this.view } };
      this.swallow = true;
    }
  }

  onMove(ev) {
    if (!this.pointers.has(ev.pointerId) || !this.gesture) return;
    const last = this.pointers.get(ev.pointerId);
    this.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const g = this.gesture;
    if (g.kind === "pinch" && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = this.toUser((a.x + b.x) / 2, (a.y + b.y) / 2);
      this.zoomBy(dist / g.dist, mid);
      g.dist = dist;
      ev.preventDefault();
      return;
    }
    if (g.kind === "press" && Math.hypot(ev.clientX - g.x, ev.clientY - g.y) > DRAG && this.zoom > 1.001) {
      g.kind = "pan";
      this.swallow = true;
      this.svg.classList.add("panning");
      try {
        this.svg.setPointerCapture(ev.pointerId);
      } catch {
        // the pointer is already gone
      }
    }
    if (g.kind === "pan") {
      this.panBy(ev.clientX - last.x, ev.clientY - last.y);
      ev.preventDefault();
    }
  }

  onUp(ev) {
    if (!this.pointers.has(ev.pointerId)) return;
    this.pointers.delete(ev.pointerId);
    if (ev.type === "pointerleave" && this.gesture && this.gesture.kind === "pan") return; // captured: it comes back
    if (this.pointers.size === 0) {
      this.gesture = null;
      this.svg.classList.remove("panning");
      // a click follows the last pointerup of a drag: swallow only that one
      if (this.swallow) setTimeout(() => (this.swallow = false), 0);
    } else if (this.pointers.size === 1 && this.gesture && this.gesture.kind === "pinch") {
      const [[id, p]] = [...this.pointers.entries()];
      this.gesture = { kind: "pan", x: p.x, y: p.y, id };
    }
  }

  // the keys: + and - zoom, 0 shows the whole board, the arrows pan; true if the key was ours
  onKey(ev) {
    if (ev.key === "+" || ev.key === "=") this.zoomBy(1.25);
    else if (ev.key === "-" || ev.key === "_") this.zoomBy(0.8);
    else if (ev.key === "0") this.fit();
    else if (ev.key.startsWith("Arrow") && this.zoom > 1.001) {
      const step = 80;
      const d = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[ev.key];
      this.panBy(d[0], d[1]);
    } else return false;
    return true;
  }
}
