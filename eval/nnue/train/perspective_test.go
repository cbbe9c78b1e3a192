package train

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"azar/eval"
	"azar/eval/nnue"
	"azar/eval/nnue/record"
	"azar/variants/chess"
)

// mirrorFEN is the colour-mirror of a position: the board upside down,
// the colours swapped, the other side to move. It is the same position
// for the side to move.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	slices.Reverse(ranks)
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		c := []byte(swap(f[2]))
		slices.SortFunc(c, func(a, b byte) int { return strings.IndexByte("KQkq", a) - strings.IndexByte("KQkq", b) })
		f[2] = string(c)
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

func sortedFeatures(s *Sample) (us, them []int32) {
	var u, th [32]int32
	n := s.features(&u, &th)
	us, them = slices.Clone(u[:n]), slices.Clone(th[:n])
	slices.Sort(us)
	slices.Sort(them)
	return us, them
}

// TestSideToMovePerspective: a record stores its score and result from
// White's view and the trainer turns them to the side to move's, which is
// how the search's evaluation (the hand-crafted one and the network's) is
// signed. So a position and its colour-mirror, labelled by the side to
// move's evaluation as datagen labels them, give the same training
// sample (target and features) and the same network output, and the
// label equals the evaluation's sign and size.
func TestSideToMovePerspective(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(32, 1))
	ev := eval.NewEvaluator()
	m := newModel(16, r)
	var l chess.MoveList
	checked := 0
	for g := 0; g < 30; g++ {
		p := chess.NewPosition()
		for ply := 0; ply < 80; ply++ {
			p.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			p.Make(l.Moves[r.IntN(l.N)])
			if p.InCheck() {
				continue
			}
			q, err := chess.ParseFEN(mirrorFEN(p.FEN()))
			if err != nil {
				t.Fatalf("mirror of %s: %v", p.FEN(), err)
			}
			score := ev.Evaluate(p)
			if sq := ev.Evaluate(q); sq != score {
				t.Errorf("%s: evaluation %d, its mirror's %d", p.FEN(), score, sq)
			}
			if a, b := net.Evaluate(p), net.Evaluate(q); a != b {
				t.Fatalf("%s: network %d, its mirror's %d", p.FEN(), a, b)
			}
			white := uint8(r.IntN(3))
			rp, err1 := record.FromPosition(p, score, white)
			rq, err2 := record.FromPosition(q, score, 2-white) // colours swapped: so is the winner
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if want := map[chess.Color]int{chess.White: score, chess.Black: -score}[p.Side()]; int(rp.Score) != want {
				t.Fatalf("%s: record score %d, want White's view %d", p.FEN(), rp.Score, want)
			}
			sp, sq := SampleOf(&rp), SampleOf(&rq)
			stmResult := map[chess.Color]uint8{chess.White: white, chess.Black: 2 - white}[p.Side()]
			if int(sp.score) != score || sp.result != stmResult || sq.score != sp.score || sq.result != sp.result {
				t.Fatalf("%s: samples %+v and %+v, want score %d result %d for the side to move", p.FEN(), sp, sq, score, stmResult)
			}
			if sp.target(0.5, 400) != sq.target(0.5, 400) {
				t.Fatalf("%s: targets %v and %v", p.FEN(), sp.target(0.5, 400), sq.target(0.5, 400))
			}
			u1, t1 := sortedFeatures(&sp)
			u2, t2 := sortedFeatures(&sq)
			if !slices.Equal(u1, u2) || !slices.Equal(t1, t2) {
				t.Fatalf("%s: features differ from its mirror's", p.FEN())
			}
			// The same features added in another order: float rounding.
			if math.Abs(m.evaluate(&sp)-m.evaluate(&sq)) > 1e-3 {
				t.Fatalf("%s: float network %v, its mirror's %v", p.FEN(), m.evaluate(&sp), m.evaluate(&sq))
			}
			// The position the trainer rebuilds is scored as the
			// search scores the original.
			if rb, err := sp.position(); err != nil || net.Evaluate(rb) != net.Evaluate(p) {
				t.Fatalf("%s: rebuilt sample scores %d, the position %d (%v)", p.FEN(), net.Evaluate(rb), net.Evaluate(p), err)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}

	// The anchor: Black a queen up and to move is a good position for the
	// side to move in every view.
	p, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1")
	rec, _ := record.FromPosition(p, ev.Evaluate(p), record.BlackWins)
	s := SampleOf(&rec)
	if ev.Evaluate(p) < 500 || net.Evaluate(p) < 500 || rec.Score > -500 || s.score < 500 || s.result != 2 || s.target(0.5, 400) < 0.9 {
		t.Errorf("Black a queen up, to move: evaluation %d, network %d, record %d, sample %d result %d target %.3f",
			ev.Evaluate(p), net.Evaluate(p), rec.Score, s.score, s.result, s.target(0.5, 400))
	}
}
