package search

import (
	"math"

	"azar/eval"
	"azar/eval/nnue"
	"azar/variants/chess"
)

// thread is one Lazy SMP worker: its own position copy, evaluator and
// ordering tables; only the transposition table is shared.
type thread struct {
	e   *Engine
	id  int
	pos *chess.Position
	ev  *eval.Evaluator
	// nn follows the position with network accumulators when the engine
	// evaluates with a network; nil otherwise.
	nn       *nnue.Stack
	nodes    uint64
	pollAt   uint64 // the node count of the next look at the limits
	seldepth int

	killers [MaxPly + 1][2]chess.Move
	history [2][64][64]int16
	// contHist[prevPiece][prevTo][piece][to] scores a quiet move by the
	// move played one or two plies before it (continuation history).
	contHist [16][64][16][64]int16
	counter  [16][64]chess.Move
	capHist  captureHistory
	corrHist correctionHistory
	pvTable  [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen    [MaxPly + 1]int
	stack    [MaxPly + 4]frame
	pickers  [MaxPly + 1]movePicker
	// quiets[ply] lists the quiet moves tried at ply, for the history
	// penalty; kept here so that no node clears 256 bytes of stack.
	quiets [MaxPly + 1][64]chess.Move
	// noisies[ply] lists the noisy moves searched at ply, for the capture
	// history penalty.
	noisies [MaxPly + 1][32]chess.Move
	keep    keepScratch

	rootMoves []rootMove
	pvIdx     int
	rootDepth int
}

// frame is what a node leaves for its children to read.
type frame struct {
	staticEval int
	nullMove   bool
	// The move being searched from this node, as continuation-history
	// context for the nodes below (piece NoPiece after a null move).
	piece chess.Piece
	to    chess.Square
	// excluded is the move left out by a singular-extension search of
	// this node (NoMove normally).
	excluded chess.Move
}

type rootMove struct {
	move      chess.Move
	score     int
	prevScore int
	pv        []chess.Move
	seldepth  int
	// nodes is how many nodes this move's subtrees took, summed over the
	// iterations: the time manager reads the best move's share.
	nodes uint64
}

// lmrTable[d][n] is the late-move reduction for depth d and move number n,
// the usual log·log shape; the constants were set by hand and are a tuning
// target (see docs/search.md).
var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

// stopCheckInterval is how many nodes pass between checks of the clock and
// the stop flag: cheap enough to be invisible, frequent enough to stop
// within a fraction of a millisecond. A node limit makes the checks more
// frequent (Engine.pollEvery), so that `go nodes 100` stops at 100 nodes,
// not at the next check.
const stopCheckInterval = 1024

func (t *thread) checkStop() bool {
	if t.e.stopped.Load() {
		return true
	}
	if t.nodes >= t.pollAt {
		t.pollAt = t.nodes + t.e.pollEvery
		if t.id == 0 && t.nodes < t.e.limits.Nodes {
			// The main thread looks again exactly at the limit.
			t.pollAt = min(t.pollAt, t.e.limits.Nodes)
		}
		t.e.publishNodes(t)
		if t.e.shouldStopNow(t.id == 0) {
			t.e.stopped.Store(true)
			return true
		}
	}
	return false
}

func (t *thread) isDraw() bool {
	p := t.pos
	return p.Rule50() >= 100 || p.IsRepeated() || p.InsufficientMaterial(true)
}

func (t *thread) evaluate() int {
	if t.nn != nil {
		return t.nn.Evaluate(t.pos)
	}
	return t.ev.Evaluate(t.pos)
}

// makeMove and unmakeMove play and take back m on the thread's position,
// keeping the network's accumulators in step when there is a network.
func (t *thread) makeMove(m chess.Move) {
	if t.nn != nil {
		t.nn.Push(t.pos, m)
	}
	t.pos.Make(m)
}

func (t *thread) unmakeMove() {
	t.pos.Unmake()
	if t.nn != nil {
		t.nn.Pop()
	}
}

// search is the principal-variation alpha-beta search of a non-root node.
func (t *thread) search(alpha, beta, depth, ply int, cutNode bool) int {
	pvNode := beta-alpha > 1
	t.pvLen[ply] = ply
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	// Checked before the node is counted: a stopped search counts no
	// node it did not search, so `go nodes N` reports exactly N.
	if t.checkStop() {
		return 0
	}
	t.nodes++
	if ply > t.seldepth {
		t.seldepth = ply
	}
	p := t.pos
	if ply > 0 {
		if t.isDraw() {
			return 0
		}
		// Mate distance pruning: no line from here can beat a mate
		// already found closer to the root.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	if ply >= MaxPly {
		return t.evaluate()
	}
	f := t.e.features
	key := p.Hash()
	st := &t.stack[ply+2]
	excluded := st.excluded
	tte, ttHit := t.e.tt.probe(key)
	if excluded != chess.NoMove {
		ttHit = false // the entry describes the node with every move
	}
	ttMove := chess.NoMove
	if ttHit {
		ttMove = tte.move
		ttScore := scoreFromTT(tte.score, ply)
		if !pvNode && tte.depth >= depth &&
			(tte.bound == BoundExact ||
				(tte.bound == BoundLower && ttScore >= beta) ||
				(tte.bound == BoundUpper && ttScore <= alpha)) {
			return ttScore
		}
	}

	inCheck := p.InCheck()
	st.nullMove = false
	// rawEval is the evaluation, which the table keeps; staticEval, what
	// the pruning rules read, is it corrected by the pawn structure's
	// correction history when that is on.
	staticEval, rawEval, corrIdx := -Infinity, -Infinity, 0
	if !inCheck {
		if ttHit && tte.eval > -MateBound && tte.eval < MateBound {
			rawEval = tte.eval
		} else {
			rawEval = t.evaluate()
		}
		staticEval = rawEval
		if f.CorrectionHistory {
			corrIdx = correctionIndex(p)
			staticEval = t.correctedEval(rawEval, corrIdx)
		}
	}
	st.staticEval = staticEval
	improving := !inCheck && ply >= 2 && staticEval > t.stack[ply].staticEval

	if !pvNode && !inCheck {
		// Reverse futility: far enough above beta that a quiet move
		// will not bring it back down at this depth.
		if f.ReverseFutility && depth <= 8 && staticEval-rfpMargin(depth, improving) >= beta && staticEval < MateBound {
			return staticEval
		}
		// Null move: give the opponent a free move; if we still beat
		// beta the position is good enough to cut. Not in pawn
		// endings (zugzwang) nor twice in a row.
		if f.NullMove && excluded == chess.NoMove && depth >= 3 && staticEval >= beta && !t.stack[ply+1].nullMove && t.hasNonPawnMaterial() {
			r := 3 + depth/4 + min(3, (staticEval-beta)/200)
			t.makeMove(chess.NullMove)
			st.nullMove = true
			st.piece = chess.NoPiece
			score := -t.search(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
			t.unmakeMove()
			st.nullMove = false
			if t.e.stopped.Load() {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta
				}
				return score
			}
		}
	}
	// Internal iterative reduction: without a hash move the ordering is
	// poor, so search shallower first.
	if depth >= 4 && ttMove == chess.NoMove && (pvNode || cutNode) {
		depth--
	}

	// Singular extension: when the hash move is clearly better than every
	// alternative (a reduced search without it fails low against a margin
	// below its score), it is extended by one ply. If even the
	// alternatives beat beta, the node is cut (multi-cut).
	singular := false
	if f.SingularExtension && ply > 0 && depth >= 8 && excluded == chess.NoMove && ttMove != chess.NoMove &&
		tte.bound&BoundLower != 0 && tte.depth >= depth-3 && abs(tte.score) < MateBound {
		sBeta := scoreFromTT(tte.score, ply) - 2*depth
		st.excluded = ttMove
		score := t.search(sBeta-1, sBeta, (depth-1)/2, ply, cutNode)
		st.excluded = chess.NoMove
		if t.e.stopped.Load() {
			return 0
		}
		if score < sBeta {
			singular = true
		} else if sBeta >= beta {
			return sBeta
		}
	}

	mp := &t.pickers[ply]
	if ttMove != chess.NoMove && !p.IsLegal(ttMove) {
		ttMove = chess.NoMove
	}
	mp.initLazy(ttMove, t.captureHistory())

	bestScore := -Infinity
	bestMove := chess.NoMove
	origAlpha := alpha
	quietsTried := &t.quiets[ply]
	nQuiets := 0
	noisiesTried := &t.noisies[ply]
	nNoisies := 0
	moveCount := 0
	anyLegal := false
	nonPawn := t.hasNonPawnMaterial()

	for {
		m, orderScore := mp.pick(t, ply)
		if m == chess.NoMove {
			break
		}
		anyLegal = true
		if (ply == 0 && t.isExcludedRoot(m)) || m == excluded {
			continue
		}
		moveCount += 1 + mp.skipped
		noisy := isNoisy(p, m)
		quiet := !noisy && m.Kind() != chess.KindPromotion
		// Whether m gives check is worked out only for the moves that
		// survive pruning, or when a pruning rule needs it.
		givesCheck, checkKnown := false, false

		if ply > 0 && bestScore > -MateBound && nonPawn {
			if quiet {
				// Late move pruning: at low depth, quiet moves far
				// down the list rarely matter. Futility pruning: a
				// quiet move cannot lift a hopeless static score to
				// alpha. Checks are exempt from both: they may mate.
				lmp := f.LateMovePruning && !pvNode && !inCheck && depth <= 8 && moveCount > lmpLimit(depth, improving)
				futile := f.Futility && !inCheck && depth <= 8 && staticEval+100+100*depth <= alpha
				if lmp || futile {
					mp.keepChecks(p, &t.keep)
					givesCheck, checkKnown = p.GivesCheck(m), true
					if !givesCheck {
						continue
					}
				}
				// History pruning: at the last plies a quiet move whose
				// histories say it has failed here again and again is
				// not searched (killers and the counter-move score
				// above any history, so they are never cut).
				if f.HistoryPruning && !pvNode && !inCheck && depth <= 3 && orderScore < -historyPruneMargin*depth {
					continue
				}
				if f.SEEPruning && depth <= 8 && !p.SEEGE(m, -30*depth*depth) {
					continue
				}
			} else if f.SEEPruning && depth <= 8 && orderScore < 0 && !p.SEEGE(m, -100*depth) {
				continue
			}
		}
		// Start loading the child's hash slot (not for pruned moves).
		t.e.tt.prefetch(p.KeyAfter(m))
		if !checkKnown {
			givesCheck = p.GivesCheck(m)
		}

		if ply == 0 && t.id == 0 {
			t.e.reportCurrMove(m, moveCount+t.pvIdx)
		}
		st.piece, st.to = p.At(m.From()), m.To()
		nodesBefore := t.nodes
		t.makeMove(m)
		ext := 0
		if ply < 2*t.rootDepth {
			if (givesCheck && f.CheckExtension) || (singular && m == ttMove) {
				ext = 1
			}
		}
		newDepth := depth - 1 + ext
		var score int
		if moveCount == 1 {
			score = -t.search(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if f.LMR && depth >= 3 && moveCount > 1+boolInt(pvNode) && quiet {
				r = lmrTable[min(depth, 63)][min(moveCount, 63)]
				if !pvNode {
					r++
				}
				if !improving {
					r++
				}
				if cutNode {
					r++
				}
				if orderScore >= orderCounter {
					r -= 2 // killers and counter-move
				} else {
					r -= orderScore / 4000
				}
				if givesCheck || inCheck {
					r--
				}
				r = max(0, min(r, newDepth-1))
			}
			score = -t.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -t.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if score > alpha && pvNode {
				score = -t.search(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		t.unmakeMove()
		if t.e.stopped.Load() {
			return 0
		}
		if ply == 0 {
			t.updateRootMove(m, score, moveCount, alpha, t.nodes-nodesBefore)
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				t.updatePV(ply, m)
				if score >= beta {
					if quiet {
						t.rewardQuiet(m, depth, ply, quietsTried[:nQuiets])
					}
					if f.CaptureHistory {
						t.rewardNoisy(m, noisy, depth, noisiesTried[:nNoisies])
					}
					break
				}
				alpha = score
			}
		}
		if quiet && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		} else if noisy && nNoisies < len(noisiesTried) {
			noisiesTried[nNoisies] = m
			nNoisies++
		}
	}
	if !anyLegal {
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	if moveCount == 0 {
		// Every move excluded: MultiPV past the list at the root, or a
		// singular search of a node whose only move is the hash move.
		return alpha
	}
	bound := BoundExact
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore <= origAlpha:
		bound = BoundUpper
	}
	if !(ply == 0 && t.pvIdx > 0) && excluded == chess.NoMove {
		t.e.tt.store(key, bestMove, scoreToTT(bestScore, ply), rawEval, depth, bound)
		// Correction history learns from scores that say which way the
		// evaluation was off: not a capture's (the gain is material, not
		// the structure's), not a bound on the side of the estimate
		// that says nothing, never a mate.
		if f.CorrectionHistory && !inCheck && (bestMove == chess.NoMove || !isNoisy(p, bestMove)) &&
			abs(bestScore) < MateBound &&
			!(bound == BoundLower && bestScore <= staticEval) && !(bound == BoundUpper && bestScore >= staticEval) {
			t.updateCorrection(corrIdx, depth, bestScore-rawEval)
		}
	}
	return bestScore
}

// historyPruneMargin is HistoryPruning's threshold per ply of depth, in
// the quiet score's units (butterfly plus two continuation histories,
// each saturating at ±16384): a move must sit below a quarter of one
// table's range per ply. Set by hand, the order of Stockfish's and
// Ethereal's; a tuning target once the switch has its SPRT.
const historyPruneMargin = 4096

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func rfpMargin(depth int, improving bool) int {
	m := 80 * depth
	if improving {
		m -= 40
	}
	return m
}

func lmpLimit(depth int, improving bool) int {
	n := 3 + depth*depth
	if !improving {
		n /= 2
	}
	return n + 1
}

func (t *thread) hasNonPawnMaterial() bool {
	p := t.pos
	us := p.Side()
	return p.ColorBB(us)&^(p.Type(chess.Pawn)|p.Type(chess.King)) != 0
}

// rewardQuiet updates killers, counter-move and history after a quiet move
// caused a beta cutoff; the quiet moves tried before it are penalised.
func (t *thread) rewardQuiet(m chess.Move, depth, ply int, tried []chess.Move) {
	p := t.pos
	if t.killers[ply][0] != m {
		t.killers[ply][1] = t.killers[ply][0]
		t.killers[ply][0] = m
	}
	if prev := p.LastMove(); prev != chess.NoMove && prev != chess.NullMove {
		t.counter[p.At(prev.To())][prev.To()] = m
	}
	bonus := min(depth*depth*16, historyMaxBonus)
	t.updateQuietHistories(ply, m, bonus)
	for _, q := range tried {
		t.updateQuietHistories(ply, q, -bonus)
	}
}

// Correction history (Features.CorrectionHistory): per side to move and
// pawn structure, a running average of how far the search's score was
// from the static evaluation, added to the evaluation before the pruning
// rules read it (Weiss's form: a weighted average, not a gravity sum).
// Entries hold centipawns times corrGrain; the correction is at most
// ±corrMaxCP centipawns.
const (
	corrBits   = 14 // 16384 entries per side
	corrGrain  = 256
	corrMaxCP  = 64
	corrMax    = corrMaxCP * corrGrain // 16384, inside int16
	corrScale  = 256                   // weights are out of corrScale
	corrWeight = 16                    // the most one update may weigh
)

type correctionHistory [2][1 << corrBits]int16

// correctionIndex is the correction-history slot of p's pawn structure. The
// board keeps no pawn key, so it is mixed from the two pawn sets on the
// spot (two multiplies and a shift, cheaper than a Zobrist key kept up by
// every move; the same mix as the evaluation's pawn table, eval/pawns.go).
func correctionIndex(p *chess.Position) int {
	h := uint64(p.Pieces(chess.White, chess.Pawn))*0x9E3779B97F4A7C15 ^ uint64(p.Pieces(chess.Black, chess.Pawn))*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return int(h >> (64 - corrBits))
}

// correctedEval is raw with the correction of slot idx for the side to
// move, kept clear of the mate range.
func (t *thread) correctedEval(raw, idx int) int {
	v := raw + int(t.corrHist[t.pos.Side()][idx])/corrGrain
	return max(-MateBound+1, min(MateBound-1, v))
}

// updateCorrection moves slot idx towards diff (search score minus raw
// evaluation), the more the deeper the search: weight depth+1 of
// corrScale, at most corrWeight.
func (t *thread) updateCorrection(idx, depth, diff int) {
	e := &t.corrHist[t.pos.Side()][idx]
	w := min(depth+1, corrWeight)
	v := (int(*e)*(corrScale-w) + diff*corrGrain*w) / corrScale
	*e = int16(max(-corrMax, min(corrMax, v)))
}

// captureHistory is the table the move picker adds to its noisy keys: the
// thread's capture history when the feature is on, nil otherwise.
func (t *thread) captureHistory() *captureHistory {
	if t.e.features.CaptureHistory {
		return &t.capHist
	}
	return nil
}

// rewardNoisy updates the capture history after m caused a beta cutoff: m
// gains when it is noisy, and the noisy moves searched before it lose
// (also when a quiet move cut, as in Stockfish: they were tried in vain).
func (t *thread) rewardNoisy(m chess.Move, noisy bool, depth int, tried []chess.Move) {
	bonus := min(depth*depth*16, historyMaxBonus)
	if noisy {
		t.updateCaptureHistory(m, bonus)
	}
	for _, c := range tried {
		t.updateCaptureHistory(c, -bonus)
	}
}

func (t *thread) updateCaptureHistory(m chess.Move, bonus int) {
	p := t.pos
	updateHistory(&t.capHist[p.At(m.From())][m.To()][capturedType(p, m)], bonus)
}

// updateQuietHistories adds bonus to the butterfly and continuation
// histories of the quiet move m at ply.
func (t *thread) updateQuietHistories(ply int, m chess.Move, bonus int) {
	p := t.pos
	pc, to := p.At(m.From()), m.To()
	updateHistory(&t.history[p.Side()][m.From()][to], bonus)
	for back := 1; back <= 2; back++ {
		if f := &t.stack[ply+2-back]; f.piece != chess.NoPiece && ply-back >= 0 {
			updateHistory(&t.contHist[f.piece][f.to][pc][to], bonus)
		}
	}
}

// quietScore is the ordering score of a quiet move from the histories.
func (t *thread) quietScore(ply int, m chess.Move) int {
	p := t.pos
	pc, to := p.At(m.From()), m.To()
	s := int(t.history[p.Side()][m.From()][to])
	for back := 1; back <= 2; back++ {
		if f := &t.stack[ply+2-back]; f.piece != chess.NoPiece && ply-back >= 0 {
			s += int(t.contHist[f.piece][f.to][pc][to])
		}
	}
	return s
}

func (t *thread) updatePV(ply int, m chess.Move) {
	t.pvTable[ply][ply] = m
	n := t.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(t.pvTable[ply][ply+1:n], t.pvTable[ply+1][ply+1:n])
	t.pvLen[ply] = n
}

// qsearch resolves captures (and all evasions when in check) until the
// position is quiet, so that the static evaluation is not taken in the
// middle of an exchange.
func (t *thread) qsearch(alpha, beta, ply int) int {
	t.pvLen[ply] = ply
	if t.checkStop() {
		return 0
	}
	t.nodes++
	if ply > t.seldepth {
		t.seldepth = ply
	}
	p := t.pos
	if t.isDraw() {
		return 0
	}
	if ply >= MaxPly {
		return t.evaluate()
	}
	key := p.Hash()
	tte, ttHit := t.e.tt.probe(key)
	ttMove := chess.NoMove
	if ttHit {
		ttScore := scoreFromTT(tte.score, ply)
		if tte.bound == BoundExact ||
			(tte.bound == BoundLower && ttScore >= beta) ||
			(tte.bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
		ttMove = tte.move
	}
	inCheck := p.InCheck()
	best := -Infinity
	staticEval, rawEval := -Infinity, -Infinity
	mp := &t.pickers[ply]
	if inCheck {
		p.GenerateLegal(&mp.list)
		if mp.list.N == 0 {
			return -MateScore + ply
		}
	} else {
		if ttHit && tte.eval > -MateBound && tte.eval < MateBound {
			rawEval = tte.eval
		} else {
			rawEval = t.evaluate()
		}
		staticEval = rawEval
		if t.e.features.CorrectionHistory {
			staticEval = t.correctedEval(rawEval, correctionIndex(p))
		}
		best = staticEval
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		p.Generate(&mp.list, chess.GenNoisy)
	}
	mp.init(p, ttMove, t.captureHistory())
	bestMove := chess.NoMove
	origAlpha := alpha
	for {
		m, _ := mp.pick(t, ply)
		if m == chess.NoMove {
			break
		}
		if !inCheck {
			// Delta pruning: even winning the piece does not reach alpha.
			if staticEval+captureValue(p, m)+200 <= alpha && m.Kind() != chess.KindPromotion {
				continue
			}
			if !p.SEEGE(m, 0) {
				continue
			}
			t.e.tt.prefetch(p.KeyAfter(m))
		}
		t.makeMove(m)
		score := -t.qsearch(-beta, -alpha, ply+1)
		t.unmakeMove()
		if t.e.stopped.Load() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				t.updatePV(ply, m)
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	bound := BoundUpper
	if best >= beta {
		bound = BoundLower
	} else if best > origAlpha {
		bound = BoundExact
	}
	t.e.tt.store(key, bestMove, scoreToTT(best, ply), rawEval, 0, bound)
	return best
}
