package search

import "azar/variants/chess"

// Ordering bands: the TT move first, then winning and equal captures (by
// victim value, then attacker), queen promotions, the two killers, the
// counter-move, quiet moves by history, and losing captures last.
const (
	orderTT         = 1 << 30
	orderGoodNoisy  = 1 << 28
	orderKiller1    = 1 << 27
	orderKiller2    = orderKiller1 - 1
	orderCounter    = orderKiller1 - 2
	orderBadNoisy   = -(1 << 28)
	maxHistory      = 1 << 14
	historyMaxBonus = 1200
)

// movePicker hands out a generated move list best-first by selection: most
// nodes cut off after a move or two, so sorting the whole list is wasted.
type movePicker struct {
	list   chess.MoveList
	scores [512]int32
	next   int
}

func isNoisy(p *chess.Position, m chess.Move) bool {
	return p.At(m.To()) != chess.NoPiece || m.Kind() == chess.KindEnPassant ||
		(m.Kind() == chess.KindPromotion && m.Promotion() == chess.Queen)
}

// score assigns ordering keys to every move in the list.
func (mp *movePicker) score(t *thread, ply int, ttMove chess.Move, withSEE bool) {
	p := t.pos
	var counter chess.Move
	if prev := p.LastMove(); prev != chess.NoMove && prev != chess.NullMove {
		counter = t.counter[p.At(prev.To())][prev.To()]
	}
	k := &t.killers[ply]
	for i, m := range mp.list.Moves[:mp.list.N] {
		var s int
		switch {
		case m == ttMove:
			s = orderTT
		case isNoisy(p, m):
			attacker := int(p.At(m.From()).Type())
			s = captureValue(p, m)*16 - attacker
			if !withSEE || seeGE(p, m, 0) {
				s += orderGoodNoisy
			} else {
				s += orderBadNoisy
			}
		case m == k[0]:
			s = orderKiller1
		case m == k[1]:
			s = orderKiller2
		case m == counter:
			s = orderCounter
		default:
			s = t.quietScore(ply, m)
		}
		mp.scores[i] = int32(s)
	}
	mp.next = 0
}

// pick returns the best remaining move, or NoMove when exhausted.
func (mp *movePicker) pick() (chess.Move, int) {
	if mp.next >= mp.list.N {
		return chess.NoMove, 0
	}
	best := mp.next
	for i := mp.next + 1; i < mp.list.N; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	mp.list.Moves[mp.next], mp.list.Moves[best] = mp.list.Moves[best], mp.list.Moves[mp.next]
	mp.scores[mp.next], mp.scores[best] = mp.scores[best], mp.scores[mp.next]
	m, s := mp.list.Moves[mp.next], int(mp.scores[mp.next])
	mp.next++
	return m, s
}

// updateHistory applies the "gravity" formula: entries move towards the
// bonus's sign and saturate at ±maxHistory.
func updateHistory(h *int16, bonus int) {
	v := int(*h)
	v += bonus - v*abs(bonus)/maxHistory
	*h = int16(v)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
