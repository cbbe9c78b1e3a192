// The board: a component apart from any game, as lichess's chessground
// is. It draws squares, pieces, coordinates, the last move, check,
// highlights, arrows, the selected piece's dots and whatever marks its
// owner puts on squares, and it turns clicks and drags into "a piece
// from this square to that one" or "this square". It knows no rules,
// cards or tokens: its owner says which squares each piece may go to
// (dests) and decides what a move means. The games' screen, the daily
// puzzle and the lessons all draw with it. Hooks (data-square,
// data-piece, .dot, svg.arrow) are docs/app.md's.
//
// From the keyboard: the board is one Tab stop (a roving tabindex); the
// arrows move the focus along the squares as shown, Enter or Space
// does what a click does, Escape drops the selection. Every square has
// a name ("e2, white pawn") from its owner's describe(). A piece that
// changes square between two drawings slides there, unless the page
// asks for reduced motion or the player dragged it.

import { openDialog } from "./modal.js";

const FILES = "abcdefghijklmnopqrstuvwxyz";
const SVG = "http://www.w3.org/2000/svg";

export function squareName(file, rank) { return FILES[file] + (rank + 1); }

// Marks are what a game adds to the squares of one drawing: classes and
// data on a square or its piece, and elements under the piece (a ring, a
// badge) or over it (a badge, a button, a dot), in the order added.
export class Marks {
  constructor() { this.at = new Map(); }
  entry(name) {
    let e = this.at.get(name);
    if (!e) {
      e = { classes: [], data: {}, pieceClasses: [], pieceData: {}, pieceTitle: "", under: [], over: [] };
      this.at.set(name, e);
    }
    return e;
  }
  square(name, { cls, data } = {}) {
    const e = this.entry(name);
    if (cls) e.classes.push(cls);
    if (data) Object.assign(e.data, data);
    return this;
  }
  piece(name, { cls, data, title } = {}) {
    const e = this.entry(name);
    if (cls) e.pieceClasses.push(cls);
    if (data) Object.assign(e.pieceData, data);
    if (title) e.pieceTitle = title;
    return this;
  }
  under(name, el) { this.entry(name).under.push(el); return this; }
  over(name, el) { this.entry(name).over.push(el); return this; }
  // dot puts a round mark on a square (a target of something other
  // than the selected piece: a removal, a placement, a card's target).
  dot(name, cls, data) {
    const d = document.createElement("div");
    d.className = "dot" + (cls ? " " + cls : "");
    Object.assign(d.dataset, data || {});
    return this.over(name, d);
  }
}

// flashMS is how long a refused square flashes (style.css's animation).
const flashMS = 600;

export class Board {
  // on.move(from, to): a piece was moved (by clicks or a drag) to one
  // of its dests. on.click(name, selected): a click on a square, asked
  // first; true means it was the owner's, and the board does nothing
  // more. on.select(): the selection changed; the owner draws again.
  // on.refuse(kind, name, selected), optional: a click the board did
  // not take: "piece" (a piece that may not move now) or "target" (a
  // square the selected piece may not go to); the owner says why.
  // on.describe(name, piece), optional: a square's accessible name.
  constructor(el, on) {
    this.el = el;
    this.on = on;
    this.selected = null;
    this.shown = null; // what was last drawn
    this.drag = null;
    this.suppressClick = false;
    this.focusName = null; // the square that holds the board's Tab stop
    this.dragged = null; // the last move made by a drag (it does not slide)
    el.setAttribute("role", "group");
    el.addEventListener("click", (e) => this.click(e));
    el.addEventListener("keydown", (e) => this.key(e));
    el.addEventListener("keyup", (e) => {
      const sq = e.target.closest("[data-square]");
      if ((e.key !== "Enter" && e.key !== " ") || !sq || !this.shown) return;
      const down = this.keyDownOn;
      this.keyDownOn = null;
      if (down === sq.dataset.square) this.activate(down);
    });
    el.addEventListener("focusin", (e) => {
      const sq = e.target.closest("[data-square]");
      if (sq) this.roveTo(sq.dataset.square, false);
    });
    el.addEventListener("pointerdown", (e) => this.pointerDown(e));
    document.addEventListener("pointermove", (e) => this.pointerMove(e));
    document.addEventListener("pointerup", (e) => this.pointerUp(e));
  }

  // draw shows a position: files, ranks, pieces (square -> "wP"),
  // orientation ({flipped, turned}: turned is a quarter turn, for square
  // boards only), coords, lastMove ({from, to}), check (a square),
  // dests (square -> the squares its piece may go to), highlights
  // (squares), arrows ([{from, to, cls, data}]) and marks.
  draw(s) {
    const before = this.shown;
    const focused = this.el.contains(document.activeElement) && document.activeElement.dataset.square;
    this.shown = s;
    if (this.selected && !this.movable(this.selected)) this.selected = null;
    const el = this.el;
    el.style.setProperty("--files", s.files);
    el.style.setProperty("--ranks", s.ranks);
    el.classList.toggle("no-coords", !s.coords);
    el.textContent = "";
    const last = s.lastMove || { from: "", to: "" };
    const targets = new Set(this.selected ? s.dests[this.selected] : []);
    const hl = new Set(s.highlights || []);
    const marks = s.marks || new Marks();
    const turned = !!(s.orientation && s.orientation.turned);
    for (let row = 0; row < s.ranks; row++) {
      for (let col = 0; col < s.files; col++) {
        const [file, rank] = this.screenToSquare(row, col);
        const name = squareName(file, rank);
        const m = marks.at.get(name);
        const sq = document.createElement("div");
        sq.className = "sq " + ((file + rank) % 2 === 0 ? "dark" : "light");
        sq.dataset.square = name;
        sq.setAttribute("role", "button");
        sq.tabIndex = -1;
        sq.setAttribute("aria-label", this.on.describe ? this.on.describe(name, s.pieces[name] || "") : name);
        if (name === this.selected) sq.setAttribute("aria-pressed", "true");
        if (name === last.from || name === last.to) sq.classList.add("last");
        if (name === this.selected) sq.classList.add("selected");
        if (name === s.check) sq.classList.add("check");
        if (this.flash && name === this.flash.name && performance.now() < this.flash.until) sq.classList.add("refused");
        if (hl.has(name)) { sq.classList.add("hl"); sq.dataset.highlight = "true"; }
        if (m) {
          for (const c of m.classes) sq.classList.add(c);
          Object.assign(sq.dataset, m.data);
        }
        // The bottom row names what changes along it, the left column
        // what changes down it (files and ranks swap places when turned).
        if (row === s.ranks - 1) sq.append(coord("file", turned ? String(rank + 1) : FILES[file]));
        if (col === 0) sq.append(coord("rank", turned ? FILES[file] : String(rank + 1)));
        if (m) sq.append(...m.under);
        const pc = s.pieces[name];
        if (pc) {
          const p = document.createElement("div");
          p.className = "piece";
          p.dataset.piece = pc;
          if (m) {
            for (const c of m.pieceClasses) p.classList.add(c);
            Object.assign(p.dataset, m.pieceData);
            if (m.pieceTitle) p.title = m.pieceTitle;
          }
          sq.append(p);
        }
        if (m) sq.append(...m.over);
        if (targets.has(name)) {
          const d = document.createElement("div");
          d.className = "dot" + (pc ? " capture" : "");
          d.dataset.target = name;
          sq.append(d);
        }
        el.append(sq);
      }
    }
    for (const a of s.arrows || []) el.append(this.arrow(a));
    if (!this.focusName || !this.square(this.focusName)) {
      const [f, r] = this.screenToSquare(s.ranks - 1, 0); // the bottom left corner
      this.focusName = squareName(f, r);
    }
    this.roveTo(this.focusName, !!focused);
    this.slide(before, s);
  }

  square(name) { return this.el.querySelector('[data-square="' + name + '"]'); }

  // roveTo gives the board's Tab stop to a square (and the focus, when
  // asked).
  roveTo(name, focus) {
    const sq = this.square(name);
    if (!sq) return;
    const old = this.el.querySelector('[data-square][tabindex="0"]');
    if (old && old !== sq) old.tabIndex = -1;
    sq.tabIndex = 0;
    this.focusName = name;
    if (focus) sq.focus({ preventScroll: true });
  }

  // slide moves the piece of a new last move from its old square to its
  // new one (a short WebAnimation), when the move is new since the last
  // drawing and the piece really went there.
  slide(before, s) {
    const last = s.lastMove;
    const key = last ? last.from + last.to : "";
    const prevKey = before && before.lastMove ? before.lastMove.from + before.lastMove.to : "";
    const dragged = this.dragged === key;
    this.dragged = null;
    if (!last || !before || key === prevKey || dragged) return;
    if (!before.pieces[last.from] || !s.pieces[last.to] || s.pieces[last.from] === before.pieces[last.from]) return;
    if (typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const p = this.square(last.to) && this.square(last.to).querySelector(".piece");
    const fromSq = this.square(last.from), toSq = this.square(last.to);
    if (!p || !fromSq || !toSq || typeof p.animate !== "function") return;
    const a = fromSq.getBoundingClientRect(), b = toSq.getBoundingClientRect();
    p.animate([{ transform: "translate(" + (a.left - b.left) + "px," + (a.top - b.top) + "px)" }, { transform: "none" }],
      { duration: 180, easing: "ease-out" });
    this.el.dataset.slid = key;
  }

  // refuse tells the owner of a refused click and flashes the square.
  // The flash is drawn by the drawings of the next flashMS (the owner
  // draws again after every click; a view that arrives just then must
  // not wipe it).
  refuse(kind, name, selected = this.selected) {
    this.flash = { name, until: performance.now() + flashMS };
    if (this.on.refuse) this.on.refuse(kind, name, selected);
  }

  movable(name) { return !!this.shown && (this.shown.dests[name] || []).length > 0; }

  // screenToSquare is the [file, rank] shown at a row (from the top) and
  // column (from the left); squareToScreen its inverse.
  screenToSquare(row, col) {
    const s = this.shown, o = s.orientation || {};
    const F = s.files - 1, R = s.ranks - 1;
    if (o.turned) return o.flipped ? [F - row, R - col] : [row, col];
    return o.flipped ? [F - col, row] : [col, R - row];
  }
  squareToScreen(file, rank) {
    const s = this.shown, o = s.orientation || {};
    const F = s.files - 1, R = s.ranks - 1;
    if (o.turned) return o.flipped ? [F - file, R - rank] : [file, rank];
    return o.flipped ? [rank, F - file] : [R - rank, file];
  }

  // arrow is drawn from the centre of one square to another, in square
  // units so that it fits any board.
  arrow(a) {
    const at = (name) => {
      const [row, col] = this.squareToScreen(FILES.indexOf(name[0]), parseInt(name.slice(1), 10) - 1);
      return [col + 0.5, row + 0.5];
    };
    const [x1, y1] = at(a.from);
    const [x2, y2] = at(a.to);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = 0.38, shaft = 0.1, wing = 0.24;
    const bx = x2 - ux * head, by = y2 - uy * head; // where the head starts
    const px = -uy, py = ux;
    const pts = [
      [x1 + px * shaft, y1 + py * shaft], [bx + px * shaft, by + py * shaft], [bx + px * wing, by + py * wing],
      [x2, y2], [bx - px * wing, by - py * wing], [bx - px * shaft, by - py * shaft], [x1 - px * shaft, y1 - py * shaft],
    ];
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "arrow" + (a.cls ? " " + a.cls : ""));
    svg.setAttribute("viewBox", "0 0 " + this.shown.files + " " + this.shown.ranks);
    svg.setAttribute("preserveAspectRatio", "none");
    Object.assign(svg.dataset, a.data || {});
    const poly = document.createElementNS(SVG, "polygon");
    poly.setAttribute("points", pts.map((p) => p[0].toFixed(3) + "," + p[1].toFixed(3)).join(" "));
    svg.append(poly);
    return svg;
  }

  // ---- input ----
  click(e) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    if (e.target.closest("[data-action]")) return; // a button on a square
    const sq = e.target.closest("[data-square]");
    if (!sq || !this.shown) return;
    this.activate(sq.dataset.square);
  }

  // activate is a click on a square, by the pointer or the keyboard.
  activate(name) {
    this.roveTo(name, false);
    if (this.on.click && this.on.click(name, this.selected)) return;
    const from = this.selected;
    if (from && from !== name && (this.shown.dests[from] || []).includes(name)) {
      this.selected = null;
      this.on.move(from, name);
      return;
    }
    const movable = from !== name && this.movable(name);
    // A square that is neither a target nor a movable piece is refused:
    // a piece that may not move, or an empty square after a selection.
    const refused = movable || from === name ? "" : from ? "target" : this.shown.pieces[name] ? "piece" : "";
    if (refused) this.refuse(refused, name);
    this.selected = movable ? name : null;
    this.on.select();
  }

  // key moves the focus with the arrows (as the squares are shown),
  // acts with Enter or Space and drops the selection with Escape.
  key(e) {
    const sq = e.target.closest("[data-square]");
    if (!sq || !this.shown) return;
    const name = sq.dataset.square;
    // Enter and Space act when the key comes up, on the square it went
    // down on: a dialog they open (the promotion) then takes the focus
    // without the same key pressing its first button, and the key that
    // closes a dialog does not act on the square the focus returns to.
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.keyDownOn = name;
      return;
    }
    if (e.key === "Escape") {
      if (this.selected) { e.preventDefault(); e.stopPropagation(); this.selected = null; this.on.select(); }
      return;
    }
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const [f, r] = [FILES.indexOf(name[0]), parseInt(name.slice(1), 10) - 1];
    const [row, col] = this.squareToScreen(f, r);
    const nr = Math.min(this.shown.ranks - 1, Math.max(0, row + step[0]));
    const nc = Math.min(this.shown.files - 1, Math.max(0, col + step[1]));
    const [nf, nrk] = this.screenToSquare(nr, nc);
    this.roveTo(squareName(nf, nrk), true);
  }

  // A press on a movable piece that travels a few pixels drags it; a
  // press that does not is a click.
  pointerDown(e) {
    const p = e.target.closest(".piece");
    if (!p || e.button !== 0 || !this.el.contains(p)) return;
    const from = p.parentElement.dataset.square;
    if (!this.movable(from)) return;
    this.drag = { from, x: e.clientX, y: e.clientY, active: false, ghost: null };
  }
  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.active) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
      d.active = true;
      this.selected = d.from;
      this.on.select();
      const sq = this.el.querySelector('[data-square="' + d.from + '"]');
      const piece = sq.querySelector(".piece");
      piece.classList.add("dragging");
      d.size = sq.getBoundingClientRect().width;
      const g = document.createElement("div");
      g.className = "ghost";
      g.dataset.ghost = piece.dataset.piece;
      g.style.backgroundImage = getComputedStyle(piece).backgroundImage;
      g.style.width = g.style.height = d.size + "px";
      document.body.append(g);
      d.ghost = g;
    }
    d.ghost.style.left = e.clientX - d.size / 2 + "px";
    d.ghost.style.top = e.clientY - d.size / 2 + "px";
    this.el.querySelectorAll(".sq.hover").forEach((s) => s.classList.remove("hover"));
    const over = this.squareAt(e.clientX, e.clientY);
    if (over) over.classList.add("hover");
  }
  pointerUp(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    if (!d.active) return;
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    d.ghost.remove();
    const over = this.squareAt(e.clientX, e.clientY);
    const to = over ? over.dataset.square : "";
    this.selected = null;
    if (to && to !== d.from && (this.shown.dests[d.from] || []).includes(to)) {
      this.dragged = d.from + to;
      this.on.move(d.from, to);
    } else {
      if (to && to !== d.from) this.refuse("target", to, d.from);
      this.on.select();
    }
  }
  squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const sq = el ? el.closest("[data-square]") : null;
    return sq && this.el.contains(sq) ? sq : null;
  }
}

function coord(kind, text) {
  const s = document.createElement("span");
  s.className = "coord " + kind;
  s.textContent = text;
  return s;
}

// choosePromotion opens the page's promotion picker (#promotion) with
// the pieces of colour and resolves to the letter chosen (q r b n), or
// null when it is cancelled.
export function choosePromotion(colour) {
  const modal = document.querySelector("#promotion");
  modal.querySelectorAll("[data-promotion]").forEach((b) => {
    b.querySelector(".piece").dataset.piece = colour + b.dataset.promotion.toUpperCase();
  });
  return openModal(modal, "[data-promotion]", (b) => b.dataset.promotion);
}

// choosePiece opens the page's piece chooser (#chooser) with one button
// per choice ({piece, data, title}; data is set on the button) and
// resolves to the chosen choice's key, or null. title, when given,
// replaces the question for this time; variant is set on the chooser
// meanwhile (the seats' piece images hang on it).
export function choosePiece(choices, { key, title, variant } = {}) {
  const modal = document.querySelector("#chooser");
  const q = modal.querySelector("p");
  const before = q.textContent;
  if (title) q.textContent = title;
  if (variant) modal.dataset.variant = variant;
  const box = modal.querySelector(".promo-choices");
  box.textContent = "";
  for (const c of choices) {
    const b = document.createElement("button");
    b.type = "button";
    Object.assign(b.dataset, c.data);
    if (c.title) b.title = c.title;
    b.setAttribute("aria-label", c.title || c.name || c.piece);
    const p = document.createElement("span");
    p.className = "piece";
    p.dataset.piece = c.piece;
    b.append(p);
    box.append(b);
  }
  return openModal(modal, "[data-" + key + "]", (b) => b.dataset[key], () => {
    if (title) q.textContent = before;
    if (variant) delete modal.dataset.variant;
  });
}

function openModal(modal, sel, value, after) {
  return new Promise((resolve) => {
    let close = null;
    const done = (v) => { close(); modal.onclick = null; if (after) after(); resolve(v); };
    close = openDialog(modal, () => done(null));
    modal.onclick = (e) => {
      const b = e.target.closest(sel);
      if (b) done(value(b));
      else if (e.target.closest("[data-action=cancel]")) done(null);
    };
  });
}
