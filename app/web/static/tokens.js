// The shapes of the legal actions a view lists (docs/protocol.md), by
// how the page offers them: a piece from a square to a square (a move,
// a card's move, a relocation "e4>e6", a stride "Ke1e3"), one square (a
// removal "-e4", a placement "N@e4"), or a button (anything else: draw,
// pass, a reveal, a card). These are shapes, not rules: the server
// lists the tokens, the page only sorts them.

const MOVE_RE = /^([a-z]\d+)([a-z]\d+)([qrbne]?)$/;
const RELOC_RE = /^([a-z]\d+)>([a-z]\d+)$/;
const REMOVE_RE = /^-([a-z]\d+)$/;
const PLACE_RE = /^([PNBRQK])@([a-z]\d+)$/;
const STRIDE_RE = /^K([a-h][1-8])([a-h][1-8])$/;

// fromTo is a token's {from, to, promo}, or null when it moves no piece.
export function fromTo(tok) {
  let m = MOVE_RE.exec(tok) || STRIDE_RE.exec(tok);
  if (m) return { from: m[1], to: m[2], promo: m[3] };
  m = RELOC_RE.exec(tok);
  if (m) return { from: m[1], to: m[2], promo: "" };
  return null;
}

// onSquare is a token's {sq, kind: "remove"|"place", piece}, or null.
export function onSquare(tok) {
  let m = REMOVE_RE.exec(tok);
  if (m) return { sq: m[1], kind: "remove" };
  m = PLACE_RE.exec(tok);
  if (m) return { sq: m[2], kind: "place", piece: m[1] };
  return null;
}

// targetsFrom maps each square the piece on from may go to -> its tokens.
export function targetsFrom(legal, from) {
  const out = {};
  for (const m of legal) {
    const ft = fromTo(m);
    if (!ft || ft.from !== from || ft.to === from) continue;
    (out[ft.to] = out[ft.to] || []).push(m);
  }
  return out;
}

// dests maps each square with a piece that may move -> the squares it
// may go to: what the board needs.
export function dests(legal) {
  const out = {};
  for (const m of legal) {
    const ft = fromTo(m);
    if (!ft || ft.from === ft.to) continue;
    const d = out[ft.from] = out[ft.from] || [];
    if (!d.includes(ft.to)) d.push(ft.to);
  }
  return out;
}

// squareActions maps each square with a removal or placement -> its tokens.
export function squareActions(legal) {
  const out = {};
  for (const m of legal) {
    const a = onSquare(m);
    if (a) (out[a.sq] = out[a.sq] || []).push(m);
  }
  return out;
}

// stayPut maps each square whose token names it twice (four-player
// chaturanga's conversion of a waiting pawn, b8b8n) -> its tokens.
export function stayPut(legal) {
  const out = {};
  for (const m of legal) {
    const ft = fromTo(m);
    if (ft && ft.from === ft.to) (out[ft.from] = out[ft.from] || []).push(m);
  }
  return out;
}

// buttonTokens are the tokens that are neither a move nor a square.
export function buttonTokens(legal) {
  return legal.filter((m) => !fromTo(m) && !onSquare(m));
}
