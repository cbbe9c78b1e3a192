package train

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"azar/eval/nnue"
	"azar/eval/nnue/record"
	"azar/variants/chess"
)

var materialValue = [7]int{0, 100, 300, 300, 500, 900, 0}

// materialSet plays random games from the start and keeps positions along
// the way, scored by White's material balance and decided by its sign:
// a network trained on them should learn the piece values.
func materialSet(t *testing.T, n int, seed uint64) []Sample {
	r := rand.New(rand.NewPCG(seed, 2))
	var out []Sample
	var l chess.MoveList
	for len(out) < n {
		p := chess.NewPosition()
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			p.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			// Prefer captures, so that material varies.
			m := l.Moves[r.IntN(l.N)]
			for _, x := range l.Slice() {
				if p.At(x.To()) != chess.NoPiece && r.IntN(2) == 0 {
					m = x
				}
			}
			p.Make(m)
			if ply < 4 || p.InCheck() {
				continue
			}
			bal := 0
			for pt := chess.Pawn; pt < chess.King; pt++ {
				bal += materialValue[pt] * (p.Pieces(chess.White, pt).Count() - p.Pieces(chess.Black, pt).Count())
			}
			res := uint8(record.Draw)
			if bal > 0 {
				res = record.WhiteWins
			} else if bal < 0 {
				res = record.BlackWins
			}
			stm := bal
			if p.Side() == chess.Black {
				stm = -bal
			}
			rec, err := record.FromPosition(p, stm, res)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, SampleOf(&rec))
		}
	}
	return out
}

func smallConfig() Config {
	c := DefaultConfig()
	c.Hidden, c.Epochs, c.BatchSize, c.LR, c.Threads = 16, 6, 256, 0.01, 2
	return c
}

func TestTrainingLearnsMaterial(t *testing.T) {
	data := materialSet(t, 6000, 1)
	cfg := smallConfig()
	var losses []float64
	net, err := Train(cfg, data, func(e Epoch) { losses = append(losses, e.Loss) })
	if err != nil {
		t.Fatal(err)
	}
	if len(losses) != cfg.Epochs {
		t.Fatalf("%d epochs reported", len(losses))
	}
	if !(losses[len(losses)-1] < 0.5*losses[0]) {
		t.Errorf("loss %v → %v: did not halve", losses[0], losses[len(losses)-1])
	}
	// The quantised network's loss is close to the float model's.
	if q := Loss(net, data, cfg.Lambda, cfg.SigmoidScale); !(q < 1.5*losses[len(losses)-1]+0.005) {
		t.Errorf("quantised loss %v, float %v", q, losses[len(losses)-1])
	}
	up, _ := chess.ParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	down, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
	eu, ed := net.Evaluate(up), net.Evaluate(down)
	t.Logf("losses %.4f, queen up %d, queen down %d", losses, eu, ed)
	if !(eu > ed+300) {
		t.Errorf("queen up %d, queen down %d", eu, ed)
	}
}

func TestTrainingIsReproducible(t *testing.T) {
	data := materialSet(t, 1500, 2)
	cfg := smallConfig()
	cfg.Epochs = 2
	encode := func(c Config) []byte {
		net, err := Train(c, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := net.MarshalBinary()
		return b
	}
	a, b := encode(cfg), encode(cfg)
	if !bytes.Equal(a, b) {
		t.Error("the same seed, data and threads gave different networks")
	}
	cfg.Seed++
	if bytes.Equal(a, encode(cfg)) {
		t.Error("another seed gave the same network")
	}
	if _, err := nnue.Parse(a); err != nil {
		t.Error(err)
	}
}

func TestReadSamplesAndConfigErrors(t *testing.T) {
	p := chess.NewPosition()
	p.Make(chess.NewMove(chess.Square(12), chess.Square(28))) // e2e4: Black to move
	rec, _ := record.FromPosition(p, 50, record.WhiteWins)
	var b [record.Size]byte
	rec.Encode(b[:])
	s, err := ReadSamples(bytes.NewReader(b[:]), 0)
	if err != nil || len(s) != 1 {
		t.Fatalf("%v, %d samples", err, len(s))
	}
	// Black to move, scored +50 for Black and lost by Black.
	if s[0].score != 50 || s[0].result != 0 || s[0].stm != chess.Black {
		t.Errorf("sample %+v", s[0])
	}
	if _, err := ReadSamples(bytes.NewReader(b[:20]), 0); err == nil {
		t.Error("a truncated record was accepted")
	}
	if _, err := ReadSamples(bytes.NewReader(nil), 0); err == nil {
		t.Error("empty data accepted")
	}
	bad := DefaultConfig()
	bad.Lambda = 2
	if _, err := Train(bad, s, nil); err == nil {
		t.Error("lambda 2 accepted")
	}
}
