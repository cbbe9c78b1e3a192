package search

import (
	"azar/eval"
	"azar/variants/chess"
)

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
	// captureHistoryDiv scales the capture history into the victim-value
	// key (16 per centipawn): a saturated entry is worth 2048, 1.28 pawns,
	// enough to reorder captures of like victims and of a pawn against a
	// minor piece only at the extremes.
	captureHistoryDiv = 8
)

// captureHistory[piece][to][captured type] scores a noisy move by how often
// it cut off (Features.CaptureHistory); a queen promotion that captures
// nothing uses captured type NoPieceType.
type captureHistory [16][64][7]int16

// capturedType is the type of the piece m captures (NoPieceType for a
// promotion onto an empty square).
func capturedType(p *chess.Position, m chess.Move) chess.PieceType {
	if m.Kind() == chess.KindEnPassant {
		return chess.Pawn
	}
	return p.At(m.To()).Type()
}

// Picking stages. The legal list is generated whole (Azar's generator is
// fastest that way), but ordering work is done stage by stage: most nodes
// cut off on the hash move or a capture, so the quiet moves are then never
// scored, and captures are SEE-tested only when their turn comes. In the
// main search the list is not even generated until the hash move (checked
// by Position.IsLegal) has been searched: a node that cuts on it never
// generates.
const (
	stageTT = iota
	stageGenerate
	stageGoodNoisy
	stageQuiet
	stageBadNoisy
	stageDone
)

// movePicker hands out a generated move list best-first by selection: most
// nodes cut off after a move or two, so sorting the whole list is wasted.
// After init the list is laid out as [noisy | quiet]; noisy moves that
// fail SEE are swapped to the end of the noisy part, [goodEnd, nNoisy),
// and come last.
type movePicker struct {
	list    chess.MoveList
	scores  [512]int32
	next    int
	stage   int
	nNoisy  int
	goodEnd int
	ttMove  chess.Move
	withSEE bool
	lazy    bool // generate after the hash move (stageGenerate)
	// ch, when not nil, adds the capture history to the noisy moves' keys.
	ch *captureHistory

	// After keepChecks: the rest of the quiet moves are checks in order, and
	// skips[i] counts the moves dropped just before moves[i]; skipped is
	// that count for the move pick has just handed out.
	checksOnly bool
	skips      [512]uint16
	skipped    int
}

func isNoisy(p *chess.Position, m chess.Move) bool {
	return p.At(m.To()) != chess.NoPiece || m.Kind() == chess.KindEnPassant ||
		(m.Kind() == chess.KindPromotion && m.Promotion() == chess.Queen)
}

// init starts a quiescence picker over the generated list: it takes the
// hash move out (it is handed out first) and scores the noisy moves by
// victim, then attacker (and by ch when not nil). Quiescence tests SEE
// itself, after delta pruning.
func (mp *movePicker) init(p *chess.Position, ttMove chess.Move, ch *captureHistory) {
	mp.ttMove, mp.withSEE, mp.lazy, mp.ch = chess.NoMove, false, false, ch
	mp.checksOnly, mp.skipped = false, 0
	mp.removeTT(ttMove)
	mp.partition(p)
	mp.stage = stageTT
}

// initLazy starts a picker whose list is generated after the hash move,
// which the caller has checked to be legal (or NoMove); ch as for init.
func (mp *movePicker) initLazy(legalTTMove chess.Move, ch *captureHistory) {
	mp.ttMove, mp.withSEE, mp.lazy, mp.ch = legalTTMove, true, true, ch
	mp.checksOnly, mp.skipped = false, 0
	mp.list.N = 0
	mp.stage = stageTT
}

// removeTT takes ttMove out of the list, recording it as the move to hand
// out first when it is there.
func (mp *movePicker) removeTT(ttMove chess.Move) {
	moves := &mp.list.Moves
	n := mp.list.N
	for i := 0; i < n; i++ {
		if moves[i] == ttMove {
			mp.ttMove = ttMove
			n--
			moves[i] = moves[n]
			break
		}
	}
	mp.list.N = n
}

// partition lays the list out as [noisy | quiet], scoring the noisy moves:
// MVV-LVA, plus the capture history scaled down when mp.ch is set.
func (mp *movePicker) partition(p *chess.Position) {
	moves := &mp.list.Moves
	n := mp.list.N
	noisy := 0
	for i := 0; i < n; i++ {
		m := moves[i]
		if isNoisy(p, m) {
			moves[i], moves[noisy] = moves[noisy], m
			pc := p.At(m.From())
			s := captureValue(p, m)*16 - int(pc.Type())
			if mp.ch != nil {
				s += int(mp.ch[pc][m.To()][capturedType(p, m)]) / captureHistoryDiv
			}
			mp.scores[noisy] = int32(s)
			noisy++
		}
	}
	mp.nNoisy, mp.goodEnd = noisy, noisy
	mp.next = 0
}

// scoreQuiets assigns the killer, counter-move and history keys.
func (mp *movePicker) scoreQuiets(t *thread, ply int) {
	p := t.pos
	var counter chess.Move
	if prev := p.LastMove(); prev != chess.NoMove && prev != chess.NullMove {
		counter = t.counter[p.At(prev.To())][prev.To()]
	}
	k := &t.killers[ply]
	for i := mp.nNoisy; i < mp.list.N; i++ {
		var s int
		switch m := mp.list.Moves[i]; m {
		case k[0]:
			s = orderKiller1
		case k[1]:
			s = orderKiller2
		case counter:
			s = orderCounter
		default:
			s = t.quietScore(ply, m)
		}
		mp.scores[i] = int32(s)
	}
}

// keepChecks drops the quiet moves not yet handed out that give no check.
// The search calls it once late-move or futility pruning holds at a node:
// both then hold for every later quiet move (the move count only grows,
// alpha only rises), and only checks are exempt. Without it each pruned
// move would still cost a selection scan over the rest of the list and a
// trip through the node loop. The kept moves come out best first, each
// with the number of dropped moves selection would have handed out just
// before it (skips): the search still counts those in the move count that
// sizes its reductions. Equal scores go in list order (selection's swaps
// would break such ties in another, no better, order). Under-promotions
// sit among the quiet moves but are not pruned as quiet, so they stay.
func (mp *movePicker) keepChecks(p *chess.Position, tmp *keepScratch) {
	if mp.stage != stageQuiet || mp.checksOnly {
		return
	}
	mp.checksOnly = true
	moves, scores := &mp.list.Moves, &mp.scores
	from, to := mp.next, mp.list.N
	ci := p.CheckInfo()
	k := 0
	for i := from; i < to; i++ {
		if m := moves[i]; m.Kind() == chess.KindPromotion || ci.GivesCheck(p, m) {
			tmp.idx[k] = uint16(i)
			k++
		}
	}
	// A kept move's place in selection order is the number of moves
	// selection takes before it: better scores, and equal ones earlier in
	// the list. Kept moves are few (usually none), so this is cheap.
	for a := 0; a < k; a++ {
		c := int(tmp.idx[a])
		n := 0
		for j := from; j < to; j++ {
			if j != c && (before(scores[j], scores[c]) || (j < c && !before(scores[c], scores[j]))) {
				n++
			}
		}
		tmp.place[a] = uint16(n)
	}
	// Sort the kept moves by place.
	for a := 1; a < k; a++ {
		c, n := tmp.idx[a], tmp.place[a]
		b := a
		for ; b > 0 && tmp.place[b-1] > n; b-- {
			tmp.idx[b], tmp.place[b] = tmp.idx[b-1], tmp.place[b-1]
		}
		tmp.idx[b], tmp.place[b] = c, n
	}
	for a := 0; a < k; a++ {
		tmp.moves[a], tmp.scores[a] = moves[tmp.idx[a]], scores[tmp.idx[a]]
	}
	prev := -1
	for a := 0; a < k; a++ {
		moves[from+a], scores[from+a] = tmp.moves[a], tmp.scores[a]
		mp.skips[from+a] = uint16(int(tmp.place[a]) - prev - 1)
		prev = int(tmp.place[a])
	}
	mp.list.N = from + k
}

// keepScratch is keepChecks' working space, one per thread (it is not
// re-entered), so that no node clears it.
type keepScratch struct {
	idx, place [len(chess.MoveList{}.Moves)]uint16
	moves      [len(chess.MoveList{}.Moves)]chess.Move
	scores     [len(chess.MoveList{}.Moves)]int32
}

// before reports whether a move scored s1 is handed out before one scored
// s2: selection takes the highest score, the earlier one on ties.
func before(s1, s2 int32) bool { return s1 > s2 }

// best is the index of the highest score in [from, to), the first on ties.
func (mp *movePicker) best(from, to int) int {
	b := from
	for i := from + 1; i < to; i++ {
		if before(mp.scores[i], mp.scores[b]) {
			b = i
		}
	}
	return b
}

func (mp *movePicker) swap(i, j int) {
	mp.list.Moves[i], mp.list.Moves[j] = mp.list.Moves[j], mp.list.Moves[i]
	mp.scores[i], mp.scores[j] = mp.scores[j], mp.scores[i]
}

// take hands out the best move of [mp.next, to) with its ordering score.
func (mp *movePicker) take(to, bonus int) (chess.Move, int) {
	i := mp.best(mp.next, to)
	mp.swap(i, mp.next)
	m, s := mp.list.Moves[mp.next], int(mp.scores[mp.next])+bonus
	mp.next++
	return m, s
}

// pick returns the next move and its ordering score (the bands above), or
// NoMove when exhausted.
func (mp *movePicker) pick(t *thread, ply int) (chess.Move, int) {
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageGoodNoisy
			if mp.lazy {
				mp.stage = stageGenerate
			}
			if mp.ttMove != chess.NoMove {
				return mp.ttMove, orderTT
			}
		case stageGenerate:
			t.pos.GenerateLegal(&mp.list)
			mp.removeTT(mp.ttMove)
			mp.partition(t.pos)
			mp.stage = stageGoodNoisy
		case stageGoodNoisy:
			for mp.next < mp.goodEnd {
				i := mp.best(mp.next, mp.goodEnd)
				if mp.withSEE && !t.pos.SEEGE(mp.list.Moves[i], 0) {
					mp.goodEnd--
					mp.swap(i, mp.goodEnd)
					continue
				}
				mp.swap(i, mp.next)
				return mp.take(mp.next+1, orderGoodNoisy)
			}
			mp.stage = stageQuiet
			mp.next = mp.nNoisy
			mp.scoreQuiets(t, ply)
		case stageQuiet:
			if mp.checksOnly && mp.next < mp.list.N {
				m, s := mp.list.Moves[mp.next], int(mp.scores[mp.next])
				mp.skipped = int(mp.skips[mp.next])
				mp.next++
				return m, s
			}
			if mp.next < mp.list.N {
				return mp.take(mp.list.N, 0)
			}
			mp.stage = stageBadNoisy
			mp.skipped = 0
			mp.next = mp.goodEnd
		case stageBadNoisy:
			if mp.next < mp.nNoisy {
				return mp.take(mp.nNoisy, orderBadNoisy)
			}
			mp.stage = stageDone
		default:
			return chess.NoMove, 0
		}
	}
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

// captureValue is the nominal value of what m captures (for ordering).
func captureValue(p *chess.Position, m chess.Move) int {
	switch m.Kind() {
	case chess.KindEnPassant:
		return eval.PieceValue(chess.Pawn)
	case chess.KindPromotion:
		return eval.PieceValue(p.At(m.To()).Type()) + eval.PieceValue(m.Promotion()) - eval.PieceValue(chess.Pawn)
	}
	return eval.PieceValue(p.At(m.To()).Type())
}
