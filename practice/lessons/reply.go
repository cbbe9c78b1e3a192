package lessons

import (
	"context"
	"errors"

	"azar/search"
	"azar/variants/chess"
)

// ReplyNodes is the node budget of the engine's replies in play tasks: a
// node budget (not time) so that the reply is the same on every machine
// and the lessons' stated lines hold.
const ReplyNodes = 20000

// Reply is the engine's move for the side against the learner in a play
// task: the search's best move within ReplyNodes, from a fresh engine
// with one thread (so nothing learnt elsewhere changes it), or in a king
// and pawn ending the exact longest defence (kpkDefence). pos is not
// changed.
func (t Task) Reply(ctx context.Context, pos *chess.Position) (chess.Move, error) {
	switch {
	case t.Kind != TaskPlay:
		return chess.NoMove, errors.New("only play tasks have engine replies")
	case pos == nil:
		return chess.NoMove, errors.New("no position")
	case pos.Side() == t.learner:
		return chess.NoMove, errors.New("it is the learner's move")
	}
	if st := pos.Status(false); st != chess.Ongoing {
		return chess.NoMove, errors.New("the game is over: " + st.String())
	}
	o := search.DefaultOptions()
	o.HashMB, o.Threads = 1, 1
	res := search.New(o).Search(ctx, pos.Clone(), search.Limits{Nodes: ReplyNodes}, nil)
	if res.Move == chess.NoMove || !pos.IsLegal(res.Move) {
		return chess.NoMove, errors.New("the engine found no move")
	}
	return kpkDefence(pos, res.Move), nil
}

// kpkDefence is the reply in a king-and-pawn ending against the pawn: a
// move that draws if there is one, else one that delays the promotion
// longest, by the exact solution (kpk.go), as a tablebase answers. The
// search's move when it is one of those (so a line stays as the search
// plays it), else the first in generation order. The lesson teaches
// the winning technique against the best defence, which a search that
// sees every reply lose may not choose: it ranks lost positions by its
// evaluation. Other positions, and a pawn side to move, keep searched.
func kpkDefence(pos *chess.Position, searched chess.Move) chess.Move {
	_, strong, ok := kpkRoot(pos)
	if !ok || pos.Side() == strong {
		return searched
	}
	// worth: a draw above any loss, a longer loss above a shorter one.
	worth := func(m chess.Move) int {
		_, win, plies, _ := kpkAfter(pos, m)
		if !win {
			return kpkInf
		}
		return plies
	}
	best, bestWorth := searched, worth(searched)
	var l chess.MoveList
	pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if w := worth(m); w > bestWorth {
			best, bestWorth = m, w
		}
	}
	return best
}
