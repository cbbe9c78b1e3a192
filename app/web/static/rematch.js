// The rematch (docs/app.md, "Rematch"): after the end, the Rematch
// button (data-action="rematch") asks the server for the same game
// again with the colours swapped (POST /api/games/{id}/rematch; against
// the engine too, whose options it keeps). The requester's seat and
// token come in the answer and the page opens the new game. Online the
// other person's view of the old game then carries the rematch's id
// and the code of that person's new seat (View.rematch); the page
// takes that seat and moves to the new game by itself, once, when the
// pointer arrives on a live view. A page that opens the old game later
// offers Open the rematch instead.

import { api } from "./api.js";
import { seats, keepSeat, join } from "./invite.js";
import { refusalNote } from "./refusals.js";

// createRematch: open(id) shows a game; note(text) says a refusal.
export function createRematch(i18n, { open, note }) {
  // offered is whether view v has the button: a finished game of two
  // sides (four-player chaturanga has no rematch; nor the puzzle).
  const offered = (v) => !!v && v.status !== "playing" && v.mode !== "puzzle" && v.variant !== "chaturanga4";

  async function follow(r) {
    if (r.code && !seats()[r.id]) await join(r.id, r.code);
    await open(r.id);
  }

  async function request(v) {
    try {
      if (v.rematch) { await follow(v.rematch); return; }
      const c = await api.rematch(v.id);
      keepSeat(c.view.id, c.token, c.seat);
      await open(c.view.id);
    } catch (err) {
      note(refusalNote(i18n, err));
    }
  }

  // seen takes each new view of the shown game (old, the one before):
  // the other seat's pointer, arriving, is followed.
  function seen(old, v) {
    if (!old || old.id !== v.id || old.rematch || !v.rematch || !v.rematch.code) return;
    request(v);
  }

  // button sets the button for view v.
  function button(v, b) {
    b.hidden = !offered(v);
    b.textContent = i18n.t(v.rematch ? "rematchOpen" : "rematch");
  }

  return { request, seen, button };
}
