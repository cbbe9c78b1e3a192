// Package magic implements Ajedrez Mágico ("Magic Chess"), as specified in
// docs/rules/magic.md, on top of the variants/chess board: the project's
// 40-card deck AM01–AM40 dealt from a seeded shuffle into two secret hands,
// the windows (MAIN, PRE, END, R-COMMIT, R-IMPACT, MS), commitment with
// targets fixed at commitment, the resolution layers (counter →
// eligibility → prevention and shield → execution → verification),
// durations with their counters and anchoring, walls and mines, the king's
// legality and its correction, the mate save, both modes and every end
// condition.
//
// A State is one game, from the referee's point of view (both hands known)
// or from one seat's (View: the other hand is only a count, its cards are
// among the unaccounted ones). Its actions (variants.Action) are a
// standard move, a card commitment with its targets, `pass` (declining a
// window, or accepting a stalemate at a turn's start) and `claim`;
// docs/rules/magic.md section 15 gives the tokens and the FEN extension.
//
// The package owns the rules only: it knows nothing of searching,
// evaluation or text protocols beyond the action tokens.
package magic
