// The client of the server's API (docs/app.md, "HTTP API"): every
// address the page asks lives here. A refusal ({"error": "..."}) is
// thrown as an Error with the server's words and the HTTP status.

// seatToken is this browser's token for game id (localStorage
// azar.seats, gameId → {token, seat}; invite.js keeps it), "" for none.
// It also sets the cookie that carries it where no header can go: the
// event stream, a PGN link, the analysis graph (server/seats.go).
function seatToken(id) {
  let token = "";
  try { token = (JSON.parse(localStorage.getItem("azar.seats") || "{}")[id] || {}).token || ""; } catch (_) { /* none kept */ }
  if (token) document.cookie = "azar_seat_" + id + "=" + token + "; path=/api/games/" + id + "; SameSite=Strict";
  return token;
}

async function request(method, path, body) {
  const opts = { method, headers: {} };
  // Every request on a game acts as this browser's seat in it.
  const m = /^\/api\/games\/([0-9a-f]{32})(?:\/|$)/.exec(path);
  const token = m ? seatToken(m[1]) : "";
  if (token) opts.headers["X-Azar-Seat"] = token;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const isJSON = (res.headers.get("Content-Type") || "").startsWith("application/json");
  const data = isJSON ? await res.json() : await res.text();
  if (!res.ok) {
    const err = new Error((data && data.error) || res.statusText);
    err.status = res.status;
    err.code = (data && data.code) || ""; // the refusal's stable name (refusals.js)
    throw err;
  }
  return data;
}

const game = (id) => "/api/games/" + id;
const lesson = (id) => "/api/lessons/" + encodeURIComponent(id);

export const api = {
  // games
  create: (body) => request("POST", "/api/games", body),
  get: (id) => request("GET", game(id)),
  // version is that of the view the move was made on: the server refuses
  // it (409) when the game has moved on since.
  move: (id, tok, version) => request("POST", game(id) + "/move", { move: tok, version }),
  undo: (id) => request("POST", game(id) + "/undo"),
  resign: (id) => request("POST", game(id) + "/resign"),
  offerDraw: (id) => request("POST", game(id) + "/offer-draw"),
  hint: (id) => request("POST", game(id) + "/hint"),
  analyze: (id) => request("POST", game(id) + "/analyze"),
  rematch: (id) => request("POST", game(id) + "/rematch"),
  pgn: (id) => request("GET", game(id) + "/pgn"),
  // A link and an image send the seat's cookie, set here.
  pgnDownload: (id) => { seatToken(id); return game(id) + "/pgn?download=1"; },
  analysisGraph: (id, n) => { seatToken(id); return game(id) + "/analysis.svg?v=" + n; },
  // the view after the game's first ply moves (review.js)
  review: (id, ply) => request("GET", game(id) + "/review?ply=" + ply),

  // events calls onView with each view of the game's event stream, and
  // fresh true for the first one of a (re)opened stream: the server may
  // have restarted. EventSource reconnects by itself. Returns the
  // stream; close() ends it.
  events(id, onView) {
    seatToken(id); // the stream's token travels in the cookie
    const es = new EventSource(game(id) + "/events");
    let fresh = true;
    es.addEventListener("open", () => { fresh = true; });
    es.addEventListener("state", (e) => {
      let v;
      try { v = JSON.parse(e.data); } catch (_) { return; /* a broken event is skipped */ }
      onView(v, fresh);
      fresh = false;
    });
    return es;
  },

  // games against friends on other devices (invite.js, friends.js)
  join: (id, code) => request("POST", game(id) + "/join", { invite: code }),
  invites: (id) => request("GET", game(id) + "/invites"),
  mine: (tokens) => request("POST", "/api/games/mine", { tokens }),
  acceptDraw: (id) => request("POST", game(id) + "/accept-draw"),
  declineDraw: (id) => request("POST", game(id) + "/decline-draw"),
  acceptUndo: (id) => request("POST", game(id) + "/accept-undo"),
  declineUndo: (id) => request("POST", game(id) + "/decline-undo"),
  qr: (text) => request("POST", "/api/qr", { text }),

  // the daily puzzle
  puzzle: (date) => request("GET", "/api/puzzle" + (date ? "?date=" + encodeURIComponent(date) : "")),
  puzzleCheck: (date, moves) => request("POST", "/api/puzzle/check", { date, moves }),
  puzzleHint: (date) => request("POST", "/api/puzzle/hint", { date }),

  // the lessons
  lessons: (lang) => request("GET", "/api/lessons?lang=" + lang),
  lesson: (id, lang) => request("GET", lesson(id) + "?lang=" + lang),
  lessonCheck: (id, step, moves, move) => request("POST", lesson(id) + "/check", { step, moves, move }),
};
