package magic

import (
	"testing"

	"azar/variants"
)

// snapshot is everything Undo must give back, the parts push saves only
// partly (the effects in play, the record of the last standard move)
// whole: the effect slots after the ones in play included, which stay
// zero.
type snapshot struct {
	m             meta
	eff           [maxEffects]Effect
	last          stdRecord
	hash          uint64
	hist, rep, un int
}

func snap(s *State) snapshot {
	return snapshot{m: s.m, eff: s.eff, last: s.last, hash: s.pos.Hash(), hist: s.pos.HistoryLen(), rep: len(s.rep), un: len(s.undo)}
}

// TestUndoRestoresState: over 3,000 positions of the random games (every
// phase, effects in play, rewinds possible), every legal action, and after
// it the first legal action of the next decision, undone, give back the
// state exactly: the meta, every effect slot and the last move's record,
// which push saves only as far as they are used or changed.
func TestUndoRestoresState(t *testing.T) {
	var buf, buf2 []variants.Action
	acts, pairs, rewinds := 0, 0, 0
	for i, s := range diffStates(3000) {
		want := snap(s)
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			s.ApplyTrusted(a)
			if c := cardOf(a); TypeOf(a) == ActCard && (c == am03 || c == am04) {
				rewinds++
			}
			if !s.m.over {
				buf2 = s.Legal(buf2[:0])
				if len(buf2) > 0 {
					mid := snap(s)
					s.ApplyTrusted(buf2[0])
					s.Undo()
					if got := snap(s); got != mid {
						t.Fatalf("position %d: undo of %s after %s: state differs", i, FormatAction(buf2[0]), FormatAction(a))
					}
					pairs++
				}
			}
			s.Undo()
			if got := snap(s); got != want {
				t.Fatalf("position %d: undo of %s: state differs: %s", i, FormatAction(a), s.EncodeHands())
			}
			acts++
		}
	}
	t.Logf("%d actions, %d pairs, %d rewinds undone", acts, pairs, rewinds)
	if acts < 90000 || rewinds < 10 {
		t.Fatalf("too small a sample: %d actions, %d rewinds", acts, rewinds)
	}
}
