package train

import (
	"bytes"
	"math"
	"testing"
)

// games returns n games of material-labelled positions, each one game
// (its plies increase), as datagen writes them: one after the other.
func games(t *testing.T, n int) [][]Sample {
	var out [][]Sample
	for seed := uint64(100); len(out) < n; seed++ {
		g := materialSet(t, 12, seed)
		one := true
		for i := 1; i < len(g); i++ {
			one = one && g[i].ply > g[i-1].ply
		}
		if one {
			out = append(out, g)
		}
	}
	return out
}

func TestSplitByGameKeepsGamesWhole(t *testing.T) {
	gs := games(t, 200)
	var data []Sample
	side := map[uint64]int{} // a game's first position's board → its game
	for i, g := range gs {
		data = append(data, g...)
		side[uint64(g[0].occ)^uint64(g[0].ply)] = i
	}
	tr, val, err := SplitByGame(data, 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr)+len(val) != len(data) {
		t.Fatalf("%d + %d samples of %d", len(tr), len(val), len(data))
	}
	// Each game is one run of samples on one side: count the games on
	// each side by their first positions, and check every run is whole.
	count := func(set []Sample) int {
		n := 0
		for i := 0; i < len(set); {
			j := i + 1
			for j < len(set) && set[j].ply > set[j-1].ply {
				j++
			}
			g, ok := side[uint64(set[i].occ)^uint64(set[i].ply)]
			if !ok || len(gs[g]) != j-i {
				t.Fatalf("a run of %d samples at %d is not a whole game", j-i, i)
			}
			n++
			i = j
		}
		return n
	}
	nt, nv := count(tr), count(val)
	if nt+nv != len(gs) || nv < 20 || nv > 60 {
		t.Errorf("%d training and %d validation games of %d, want about 20 %% held out", nt, nv, len(gs))
	}
	tr2, _, _ := SplitByGame(data, 0.2, 1)
	tr3, _, _ := SplitByGame(data, 0.2, 2)
	if len(tr2) != len(tr) || len(tr3) == len(tr) {
		t.Errorf("split sizes %d, %d (same seed), %d (other seed)", len(tr), len(tr2), len(tr3))
	}
	if _, _, err := SplitByGame(data, 1, 1); err == nil {
		t.Error("fraction 1 accepted")
	}
	if _, _, err := SplitByGame(data[:5], 0.5, 1); err == nil {
		t.Error("one game split into training and validation")
	}
}

// reversedSet is material-labelled positions with every label reversed:
// what a network trained on materialSet gets wrong.
func reversedSet(t *testing.T) []Sample {
	val := materialSet(t, 600, 8)
	for i := range val {
		val[i].score, val[i].result = -val[i].score, 2-val[i].result
	}
	return val
}

// TestValidationIsNeverTrainedOn: the validation set is only evaluated.
// Its labels are reversed, so a network that had learnt from it would
// not score it worst of all; the network is the same byte for byte as
// without it; and the reported loss is that network's loss on it.
func TestValidationIsNeverTrainedOn(t *testing.T) {
	data, val := materialSet(t, 3000, 7), reversedSet(t)
	cfg := smallConfig()
	cfg.Epochs = 3
	var eps []Epoch
	withVal, err := TrainValidated(cfg, data, val, func(e Epoch) { eps = append(eps, e) })
	if err != nil {
		t.Fatal(err)
	}
	without, _ := Train(cfg, data, nil)
	a, _ := withVal.MarshalBinary()
	b, _ := without.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Error("training with a validation set changed the network")
	}
	last := eps[len(eps)-1]
	t.Logf("epochs %+v", eps)
	if !(last.ValLoss > 4*last.Loss) || !(eps[0].Best) {
		t.Errorf("validation loss %v against training loss %v: the reversed labels were learnt", last.ValLoss, last.Loss)
	}
	if q := Loss(withVal, val, cfg.Lambda, cfg.SigmoidScale); math.Abs(q-last.ValLoss) > 0.01 {
		t.Errorf("reported validation loss %v, the network's loss on the set %v", last.ValLoss, q)
	}
}

// TestKeepBest: with KeepBest the network is the best validation
// epoch's, here the first (the validation labels are reversed, so every
// epoch scores it worse).
func TestKeepBest(t *testing.T) {
	data, val := materialSet(t, 3000, 7), reversedSet(t)
	cfg := smallConfig()
	cfg.Epochs, cfg.KeepBest = 3, true
	var eps []Epoch
	net, err := TrainValidated(cfg, data, val, func(e Epoch) { eps = append(eps, e) })
	if err != nil {
		t.Fatal(err)
	}
	bestN, best := 0, math.Inf(1)
	for _, e := range eps {
		if e.ValLoss < best {
			bestN, best = e.N, e.ValLoss
		}
	}
	if bestN == len(eps) {
		t.Fatalf("the last epoch was the best (%+v): the test needs an earlier one", eps)
	}
	if q := Loss(net, val, cfg.Lambda, cfg.SigmoidScale); math.Abs(q-best) > 0.01 {
		t.Errorf("kept network's validation loss %v, best epoch %d had %v (last %v)", q, bestN, best, eps[len(eps)-1].ValLoss)
	}
}
