package chance

import "azar/search/core"

// mergeOutcomes merges, in place, the outcomes of a chance node whose
// reveals leave the same state but for the piles (lucky.State.EffectKey):
// typically action cards that cannot be carried out and fall back to a
// normal move, whose subtrees are otherwise searched once per card. The
// first such card stands for the others and carries their weights.
//
// It is an approximation: the merged cards' subtrees differ in the draw
// pile (one card fewer of the one or the other), which the deck's
// expected value in the evaluation and the weights of later draws see,
// by about a card's value over the pile's size. The search is exact over
// the merged outcomes (TestMergedSearchMatchesBruteForce).
func (g *luckyGame) mergeOutcomes(outs []core.Weighted) []core.Weighted {
	keys := g.keys[:0]
	n := 0
	for _, o := range outs {
		g.st.ApplyTrusted(o.Action)
		k := g.st.EffectKey()
		g.st.Undo()
		j := 0
		for j < n && keys[j] != k {
			j++
		}
		if j < n {
			outs[j].Weight += o.Weight
			continue
		}
		keys = append(keys, k)
		outs[n] = o
		n++
	}
	g.keys = keys
	return outs[:n]
}
