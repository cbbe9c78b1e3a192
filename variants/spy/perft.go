package spy

import (
	"azar/variants"
	"azar/variants/chess"
)

// Perft counts the leaves of the tree of legal actions (moves, reveals,
// the king-capture pass) to the given depth. The draw rules neither stop
// it nor add to it: the claim of draw_claims=fide is no perft action (the
// protocol's `go perft` walks Legal instead, which ends at a draw and
// counts a claim as one action without children, as lucky's does). A
// position without actions (checkmate, stalemate, a captured king) is a
// leaf with no children, as in chess perft.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]variants.Action, depth)
	for i := range bufs {
		bufs[i] = make([]variants.Action, 0, maxMoves)
	}
	return s.perft(depth, bufs)
}

func (s *State) perft(depth int, bufs [][]variants.Action) uint64 {
	if s.opts.KingCapture && (s.pos.KingSquare(chess.White) == chess.NoSquare || s.pos.KingSquare(chess.Black) == chess.NoSquare) {
		return 0
	}
	l := s.appendLegal(bufs[depth-1][:0])
	if depth == 1 {
		return uint64(len(l))
	}
	var n uint64
	for _, a := range l {
		s.apply(a)
		n += s.perft(depth-1, bufs)
		s.Undo()
	}
	return n
}

// DivideEntry is one root action's share of a perft count.
type DivideEntry struct {
	Action string
	Nodes  uint64
}

// Divide returns the perft count below each legal root action.
func (s *State) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	for _, a := range s.appendLegal(nil) {
		s.apply(a)
		out = append(out, DivideEntry{s.FormatAction(a), s.Perft(depth - 1)})
		s.Undo()
	}
	return out
}
