// Premoves in chess against the engine (docs/app.md, "Premoves"): a
// move made while Azar thinks is queued, shown on its two squares
// (data-premove="from"/"to"; the piece picked first, "pick"), and sent
// as soon as Azar's move arrives if it is then legal; otherwise it is
// dropped with a note. Escape or a click on an empty square cancels it.
// The page keeps no rules: the queued move is any piece of the
// player's to any square, judged only by the next view's legal list.
// The card games have none: their turns hold several actions, and a
// card may change what any move means.

// createPremove: ui is {t, view(), play(tok), setNote(text or function)}.
export function createPremove({ t, view, play, setNote }) {
  let pick = null;   // the square picked while the engine thinks
  let queued = null; // {id, from, to}: the move waiting for the engine's

  // waiting is whether v is a chess game against the engine in which
  // the engine is to move.
  const waiting = (v) => !!v && v.mode === "engine" && v.variant === "chess" && v.status === "playing" && !!v.human
    && (v.thinking || v.turn !== v.human);

  function cancel() {
    const had = !!(pick || queued);
    pick = null;
    queued = null;
    if (had) setNote("");
    return had;
  }

  // click takes a click on square name while the engine is to move:
  // true when it was the premove's.
  function click(name) {
    const v = view();
    if (!waiting(v)) return false;
    const pc = v.pieces[name] || "";
    if (pc[0] === v.human && pick !== name) {
      pick = name;
      queued = null;
      setNote("");
    } else if (pick && pick !== name) {
      const q = { id: v.id, from: pick, to: name };
      queued = q;
      pick = null;
      setNote(() => t("premoveQueued", q));
    } else {
      cancel();
    }
    return true;
  }

  // marks puts the pick and the queued move on the squares of view v,
  // the live one only (not a past position under review).
  function marks(v, m) {
    if (!v || v !== view() || !waiting(v)) return;
    if (pick) m.square(pick, { cls: "premove", data: { premove: "pick" } });
    if (queued && queued.id === v.id) {
      m.square(queued.from, { cls: "premove", data: { premove: "from" } });
      m.square(queued.to, { cls: "premove", data: { premove: "to" } });
    }
  }

  // seen takes each view shown: once the engine has moved, the queued
  // move is played if legal (a pawn reaching the last rank becomes a
  // queen) or dropped with a note. True when the screen is to be drawn
  // again (the note changed; a move played draws its answer).
  function seen(v) {
    if (waiting(v)) return false;
    pick = null;
    const q = queued;
    if (!q) return false;
    queued = null;
    if (v.id !== q.id || v.status !== "playing") { setNote(""); return true; }
    const tok = (v.legal || []).find((l) => l === q.from + q.to || l === q.from + q.to + "q");
    if (tok) { play(tok); return false; }
    setNote(() => t("premoveDropped", q));
    return true;
  }

  return { click, marks, seen, cancel };
}
