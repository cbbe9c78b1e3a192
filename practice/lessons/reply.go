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
// with one thread (so nothing learnt elsewhere changes it). pos is not
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
	return res.Move, nil
}
