// Four-player chaturanga: a row per seat beside the board (who plays it,
// its turn, out, its pool, its place at the end) and the ranking; on the
// board the frozen armies, the waiting pawns and the button of a pawn
// that may convert; promotions and conversions choose among the pool's
// pieces; the board turns a quarter at a time.

import { muted } from "./sides.js";
import { noteElement, noteText } from "./cards.js";
import { stayPut } from "../tokens.js";

// The seats in turn order: Red (east), Green (south), Yellow (west),
// Black (north).
const SEATS = ["r", "g", "y", "b"];
const NEXT = { r: "g", g: "y", y: "b", b: "r" };

// seatAtBottom is the orientation with seat's side at the bottom: Green
// south, Black north (flipped), Red east and Yellow west (a quarter turn).
const seatAtBottom = (s) => ({ flipped: s === "b" || s === "y", turned: s === "r" || s === "y" });
const bottomSeat = (o) => (o.turned ? (o.flipped ? "y" : "r") : (o.flipped ? "b" : "g"));

// DEFAULT_PAUSE is the milliseconds between two engine seats' moves
// shown one after the other (the setting c4Pause changes it).
const DEFAULT_PAUSE = 900;
const LEGEND = ["K", "E", "N", "B", "P"];

// afterMove is the pieces after the move tok (from, to, and a pool
// piece for a promotion b7b8n or a conversion b8b8n, "0000" a pass):
// the board between two views, shown a step at a time.
function afterMove(pieces, tok) {
  const m = /^([a-h][1-8])([a-h][1-8])([ebn]?)$/.exec(tok);
  const out = { ...pieces };
  if (!m || !out[m[1]]) return out;
  const pc = out[m[1]];
  delete out[m[1]];
  out[m[2]] = m[3] ? pc[0] + m[3].toUpperCase() : pc;
  return out;
}

export const chaturanga4 = {
  // The form names a player for every seat instead of an opponent.
  form: { oneDevice: true, seats: true, rules: true },
  modeLabel: (t, mode) => t(mode === "engine" ? "c4WithAzar" : "c4Local"),
  // Each army's move counts: the armies in play change with each
  // elimination, so there is no full move to count.
  movesLabel: (t, n) => n + " " + t("nMoves"),
  create(ui) {
    const { t, i18n } = ui;
    const colour = (s) => t("seat-" + s);
    const place = (n) => { const k = "place" + n; const s = t(k); return s === k ? String(n) : s; };
    const seatInfo = (v, s) => v.c4.seats[SEATS.indexOf(s)];
    const whoPlays = (st) => {
      if (st.player === "engine") return t("c4Azar") + " (" + t("c4Level") + " " + st.level + ")";
      if (st.player === "you") return t("seatYou");
      return t("c4Player");
    };

    function status(v) {
      const c = v.c4;
      if (v.status === "playing") {
        const st = seatInfo(v, v.turn);
        if (st.player === "engine") return t("c4Azar") + " (" + colour(v.turn) + ") " + t("c4Thinking");
        if (st.player === "you") return colour(v.turn) + ": " + t("c4YourMove");
        return colour(v.turn) + " " + t("c4ToMove");
      }
      if (c.winner) return colour(c.winner) + " " + t("c4Wins") + " — " + t("last-raja");
      const drawn = c.seats.filter((s) => s.place === 1).map((s) => colour(s.seat));
      return t(v.status) + " (" + t("c4DrawBetween") + " " + drawn.join(", ") + ")";
    }

    function render(v) {
      const box = document.querySelector("#seats");
      box.textContent = "";
      const over = v.status !== "playing";
      for (const st of v.c4.seats) {
        const row = document.createElement("div");
        row.className = "seat-row seat-" + st.seat;
        row.dataset.seatRow = st.seat;
        row.dataset.in = String(st.in);
        if (!over && v.turn === st.seat) row.classList.add("to-move");
        if (!st.in) row.classList.add("out");
        const head = document.createElement("div");
        head.className = "seat-head";
        const sw = document.createElement("span");
        sw.className = "swatch seat-" + st.seat;
        const name = document.createElement("span");
        name.className = "seat-name";
        name.textContent = colour(st.seat);
        const who = document.createElement("span");
        who.className = "seat-who";
        who.textContent = whoPlays(st);
        head.append(sw, name, who);
        const state = document.createElement("span");
        state.className = "seat-state";
        if (over) {
          state.dataset.place = String(st.place);
          state.textContent = place(st.place);
        } else if (!st.in) {
          state.textContent = "❄ " + t("c4Out");
        } else if (v.turn === st.seat) {
          state.textContent = "▶";
        }
        head.append(state);
        row.append(head, pool(st));
        box.append(row);
      }
      box.dataset.shownMoves = String(v.moves.length);
      box.append(legend());
      if (over) {
        const h = document.createElement("h3");
        h.textContent = t("c4Ranking");
        const ol = document.createElement("ol");
        ol.className = "ranking";
        ol.dataset.ranking = "";
        const byPlace = v.c4.seats.slice().sort((a, b) => a.place - b.place || SEATS.indexOf(a.seat) - SEATS.indexOf(b.seat));
        for (const st of byPlace) {
          const li = document.createElement("li");
          li.dataset.place = String(st.place);
          li.dataset.seat = st.seat;
          li.textContent = place(st.place) + " — " + colour(st.seat) + " (" + whoPlays(st) + ")";
          ol.append(li);
        }
        box.append(h, ol);
      }
    }
    // legend names the pieces and how they move.
    function legend() {
      const d = document.createElement("details");
      d.className = "c4-legend";
      d.dataset.c4Legend = "";
      d.open = !localStorage.getItem("azar.c4LegendClosed");
      d.addEventListener("toggle", () => { if (d.open) localStorage.removeItem("azar.c4LegendClosed"); else localStorage.setItem("azar.c4LegendClosed", "1"); });
      const sum = document.createElement("summary");
      sum.textContent = t("c4Legend");
      const ul = document.createElement("ul");
      for (const k of LEGEND) {
        const li = document.createElement("li");
        li.dataset.legendPiece = k;
        const img = document.createElement("span");
        img.className = "piece mini";
        img.dataset.piece = "g" + k;
        li.append(img, " " + t("c4Legend-" + k));
        ul.append(li);
      }
      d.append(sum, ul);
      return d;
    }
    function pool(st) {
      const pool = document.createElement("div");
      pool.className = "pool";
      pool.dataset.pool = st.seat;
      const label = document.createElement("span");
      label.className = "pool-label";
      label.textContent = t("c4Pool") + ":";
      pool.append(label);
      let any = false;
      for (const k of ["E", "B", "N"]) {
        const n = st.pool[k] || 0;
        if (!n) continue;
        any = true;
        const item = document.createElement("span");
        item.className = "pool-item";
        item.dataset.poolPiece = st.seat + k;
        item.dataset.count = String(n);
        item.title = t("piece" + k);
        const img = document.createElement("span");
        img.className = "piece mini";
        img.dataset.piece = st.seat + k;
        const cnt = document.createElement("span");
        cnt.className = "count";
        cnt.textContent = "×" + n;
        item.append(img, cnt);
        pool.append(item);
      }
      if (!any) pool.append(muted("span", "—"));
      return pool;
    }

    // One line per round, the seats' moves in turn order, in the page's
    // letters (the server's notes).
    function moves(v, ol) {
      let li = null, prev = -1;
      v.moves.forEach((m, i) => {
        const k = SEATS.indexOf(m.side);
        if (!li || k <= prev) {
          li = document.createElement("li");
          ol.append(li);
        }
        prev = k;
        const el = noteElement(i18n, v.c4.notes[i], i === v.moves.length - 1);
        el.dataset.ply = String(i + 1); // the position a click on it reviews (review.js)
        el.classList.add("by-" + m.side);
        el.dataset.side = m.side;
        el.title = colour(m.side) + ": " + noteText(i18n, v.c4.notes[i]);
        li.append(el);
      });
    }

    function marks(v, m) {
      for (const s of v.c4.waiting) if (v.pieces[s]) m.piece(s, { data: { waiting: "true" }, title: t("c4Waiting") });
      for (const s of v.c4.frozen) {
        if (!v.pieces[s]) continue;
        const f = document.createElement("span");
        f.className = "badge frozen-mark";
        f.textContent = "❄";
        f.setAttribute("aria-label", t("c4Frozen"));
        m.piece(s, { cls: "frozen", data: { frozen: "true" }, title: t("c4Frozen") }).square(s, { data: { frozen: "true" } }).under(s, f);
      }
      for (const s of Object.keys(stayPut(v.legal))) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "convert";
        b.dataset.action = "convert";
        b.dataset.from = s;
        b.title = t("c4Convert");
        b.textContent = "⇪";
        m.over(s, b);
      }
    }

    // choosePool offers the pool pieces of the tokens (a promotion b7b8n
    // or a conversion b8b8n) and resolves to the token chosen, or null.
    function choosePool(v, toks, title) {
      return ui.choosePiece(toks.map((tok) => {
        const k = tok.slice(-1);
        return { piece: v.turn + k.toUpperCase(), title: t("piece" + k.toUpperCase()), data: { promotion: k, token: tok } };
      }), { key: "token", title, variant: "chaturanga4" });
    }

    return {
      parts: ["#seats"],
      sideClass: "with-seats",
      // The analysis: each army's expected points over the game (docs/analysis.md).
      analysable: true,
      // The "you" seat sits at the bottom, else Green.
      orient: (v) => seatAtBottom(v.human || "g"),
      // The Turn the board button brings the next seat in turn order to
      // the bottom.
      flip: (o) => seatAtBottom(NEXT[bottomSeat(o)]),
      // People sharing the device: the board turns to the seat to move
      // when a person plays it.
      reorient(v, o) {
        const people = v.c4.seats.filter((s) => s.player === "you" || s.player === "person").length;
        const st = v.status === "playing" ? seatInfo(v, v.turn) : null;
        return people >= 2 && st && st.player !== "engine" ? seatAtBottom(v.turn) : o;
      },
      // The engine seats' moves one at a time, a pause apart: each shows
      // its own last move on the board before the next.
      pace(old, v) {
        const saved = ui.settings ? ui.settings.get("c4Pause") : undefined;
        const pause = saved === undefined || saved === "" ? DEFAULT_PAUSE : Number(saved);
        const n = old.moves.length;
        if (!pause || v.moves.length <= n || !v.c4 || !old.c4) return null;
        const fresh = v.moves.slice(n);
        if (!fresh.some((m) => seatInfo(v, m.side).player === "engine")) return null;
        const steps = [];
        let pieces = old.pieces;
        for (let i = n; i < v.moves.length - 1; i++) {
          pieces = afterMove(pieces, v.moves[i].uci);
          const tok = v.moves[i].uci;
          steps.push({ ...v, pieces, lastMove: tok === "0000" ? "" : tok, moves: v.moves.slice(0, i + 1), legal: [], thinking: true,
            status: "playing", result: "*", turn: v.moves[i + 1].side, check: "", c4: { ...old.c4, notes: v.c4.notes.slice(0, i + 1) } });
        }
        steps.push(v);
        return { steps, pause };
      },
      status,
      render,
      moves,
      marks,
      promote: (v, moves) => choosePool(v, moves, t("c4PromoteTo")),
      // No undo, resignation or draw offer among four seats.
      buttons(v, button) {
        for (const a of ["undo", "offer-draw", "resign"]) button(a).hidden = true;
        button("flip").textContent = t("c4Turn");
      },
      actions: {
        convert: async (b) => {
          const v = ui.view();
          const toks = stayPut(v.legal)[b.dataset.from];
          if (!toks) return;
          ui.board.selected = null;
          const tok = await choosePool(v, toks, t("c4ConvertTo"));
          if (tok) await ui.play(tok); else ui.render();
        },
      },
    };
  },
};
