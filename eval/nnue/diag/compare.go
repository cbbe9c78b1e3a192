package diag

import (
	"azar/eval"
	"azar/eval/nnue"
	"azar/eval/nnue/record"
	"azar/variants/chess"
)

// Scores are the two evaluations of the same positions, each from the
// side to move's view as the search reads it: x the hand-crafted
// evaluation, y the network's.
type Scores struct{ Eval, Net []float64 }

// Evaluate scores the positions with both evaluations.
func Evaluate(net *nnue.Network, ps []*chess.Position) Scores {
	ev := eval.NewEvaluator()
	var s Scores
	for _, p := range ps {
		s.Eval = append(s.Eval, float64(ev.Evaluate(p)))
		s.Net = append(s.Net, float64(net.Evaluate(p)))
	}
	return s
}

// Labelled is Scores of training records with their labels, all from the
// side to move's view.
type Labelled struct {
	Scores
	Label  []float64 // the record's search score
	Result []float64 // 0 loss, 0.5 draw, 1 win
}

// EvaluateRecords scores the records' positions with both evaluations
// and turns their labels to the side to move's view; records whose FEN
// does not parse are skipped.
func EvaluateRecords(net *nnue.Network, recs []record.Record) Labelled {
	ev := eval.NewEvaluator()
	var l Labelled
	for i := range recs {
		r := &recs[i]
		p, err := chess.ParseFEN(r.FEN())
		if err != nil {
			continue
		}
		score, result := float64(r.Score), float64(r.Result)/2
		if r.Side == chess.Black {
			score, result = -score, 1-result
		}
		l.Eval = append(l.Eval, float64(ev.Evaluate(p)))
		l.Net = append(l.Net, float64(net.Evaluate(p)))
		l.Label = append(l.Label, score)
		l.Result = append(l.Result, result)
	}
	return l
}
