// Package eval owns the static evaluation of chess positions: a tapered
// middlegame/endgame score in centipawns from the side to move's view. It
// knows the board (variants/chess) and nothing about searching. The other
// games' terms live here too: the card terms of Cartas de la Suerte
// (lucky.go) and the spy terms of Ajedrez con Espía (spy.go), which their
// engines add to the chess evaluation, and the values per seat of
// four-player chaturanga (chaturanga4.go).
//
// The weights live in weights.go, which the Texel tuner in eval/tune
// writes; docs/eval.md describes the terms and how to regenerate them.
package eval

import "azar/variants/chess"

// PieceValue is the nominal value of a piece type (chess.PieceValue, the
// one table), used by move ordering, the variants' material terms and
// static exchange; the evaluation uses its own tuned material.
func PieceValue(t chess.PieceType) int { return chess.PieceValue(t) }

// Evaluator holds one search thread's evaluation caches (a pawn-structure
// table). Each thread owns one; it is not safe for concurrent use.
type Evaluator struct {
	pawns [1 << pawnTableBits]pawnEntry
}

// NewEvaluator returns an evaluator with empty caches.
func NewEvaluator() *Evaluator { return &Evaluator{} }

// MaxPhase is the game phase of the full set of pieces: knights and
// bishops count 1, rooks 2, queens 4.
const MaxPhase = 24

// Evaluate returns the static score of p in centipawns for the side to
// move. It is deterministic (the pawn cache only ever returns exact hits)
// and does not allocate.
func (e *Evaluator) Evaluate(p *chess.Position) int {
	wp, bp := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	pe := &e.pawns[pawnIndex(wp, bp)]
	if pe.pawns[0] != wp || pe.pawns[1] != bp {
		computePawns(pe, wp, bp, nil)
	}
	return evaluate(p, pe, nil)
}

// TraceOf evaluates p as Evaluate does and records in t (which it resets
// first) how often each weight was used, for the tuner. It returns the
// evaluation.
func TraceOf(p *chess.Position, t *Trace) int {
	*t = Trace{}
	var pe pawnEntry
	computePawns(&pe, p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn), t)
	t.Eval = evaluate(p, &pe, t)
	return t.Eval
}

// evalInfo holds the attack maps built while evaluating the pieces.
type evalInfo struct {
	// att[c][t] is every square colour c's pieces of type t attack;
	// att[c][0] is their union.
	att [2][7]chess.Bitboard
	// zone[c] is the zone around colour c's king (empty without a king).
	zone [2]chess.Bitboard
	ksq  [2]chess.Square // NoSquare without a king
	// Colour c's pieces attacking the enemy king zone: how many of each
	// type (knight ... queen), and how many zone squares they hit in all.
	zoneAttackers [2][4]int32
	zoneAttacks   [2]int32
}

func evaluate(p *chess.Position, pe *pawnEntry, t *Trace) int {
	return evaluateFor(p, pe, p.Side(), t)
}

// evaluateFor is evaluate with stm as the side to move: the games whose
// board keeps one side to move whatever seat acts (Ajedrez Mágico's) get
// the tempo and the sign of the seat that does.
func evaluateFor(p *chess.Position, pe *pawnEntry, stm chess.Color, t *Trace) int {
	const W, B = chess.White, chess.Black
	var ei evalInfo
	for c := W; c <= B; c++ {
		ei.att[c][chess.Pawn] = pawnAttacksBB(c, pe.pawns[c])
		ei.ksq[c] = p.KingSquare(c)
		if k := ei.ksq[c]; k != chess.NoSquare {
			ei.att[c][chess.King] = chess.KingAttacks(k)
			ei.zone[c] = kingZone[c][k]
		}
	}
	total := pe.score + evalPieces(p, pe, &ei, W, t) - evalPieces(p, pe, &ei, B, t)
	total += evalThreatsKings(p, pe, &ei, W, t) - evalThreatsKings(p, pe, &ei, B, t)

	if stm == W {
		total += weights.Tempo
	} else {
		total -= weights.Tempo
	}
	if t != nil {
		t.Coef.Tempo[stm]++
	}

	phase := p.Type(chess.Knight).Count() + p.Type(chess.Bishop).Count() +
		2*p.Type(chess.Rook).Count() + 4*p.Type(chess.Queen).Count()
	phase = min(phase, MaxPhase)
	mg, eg := total.MG(), total.EG()
	if t != nil {
		t.Phase = phase
		t.Scale = [2]int{scaleFactor(p, W), scaleFactor(p, B)}
	}
	if eg > 0 {
		eg = eg * scaleFactor(p, W) / 64
	} else if eg < 0 {
		eg = eg * scaleFactor(p, B) / 64
	}
	v := (mg*phase + eg*(MaxPhase-phase)) / MaxPhase
	if stm == B {
		return -v
	}
	return v
}

// evalPieces scores colour c's king and pieces (material and PST,
// mobility, outposts, rook files, bishop pair) for c, and fills in c's
// attack maps and attacks on the enemy king zone.
func evalPieces(p *chess.Position, pe *pawnEntry, ei *evalInfo, c chess.Color, t *Trace) Score {
	w := &weights
	them := c ^ 1
	occ := p.Occupied()
	own := p.ColorBB(c)
	area := ^(own | ei.att[them][chess.Pawn])
	enemyZone := ei.zone[them]
	outposts := outpostRanks[c] & ei.att[c][chess.Pawn] &^ pe.span[them]
	allPawns := pe.pawns[0] | pe.pawns[1]
	// Squares with a pawn of either colour straight in front (seen from c).
	behindPawn := forward(them, allPawns)
	var nBehind int32
	rel := chess.Square(56 * c)
	ps := &psq[c]
	var s Score
	var zoneAttacks int32
	if k := ei.ksq[c]; k != chess.NoSquare {
		s += psq[c][chess.King][k]
		if t != nil {
			t.Coef.PST[5][k^rel][c]++
		}
	}

	var attN chess.Bitboard
	var nN int32
	for b := p.Pieces(c, chess.Knight); b != 0; {
		sq := b.PopLSB()
		a := chess.KnightAttacks(sq)
		attN |= a
		mob := (a & area).Count()
		s += ps[chess.Knight][sq&63] + w.KnightMobility[mob]
		if z := a & enemyZone; z != 0 {
			nN++
			zoneAttacks += int32(z.Count())
		}
		if outposts.Has(sq) {
			s += w.KnightOutpost
			if t != nil {
				t.Coef.KnightOutpost[c]++
			}
		}
		if behindPawn.Has(sq) {
			nBehind++
		}
		if t != nil {
			t.Coef.Material[1][c]++
			t.Coef.PST[1][sq^rel][c]++
			t.Coef.KnightMobility[mob][c]++
		}
	}
	ei.att[c][chess.Knight], ei.zoneAttackers[c][0] = attN, nN
	var attB chess.Bitboard
	var nB int32
	bishops := p.Pieces(c, chess.Bishop)
	for b := bishops; b != 0; {
		sq := b.PopLSB()
		a := chess.BishopAttacks(sq, occ)
		attB |= a
		mob := (a & area).Count()
		s += ps[chess.Bishop][sq&63] + w.BishopMobility[mob]
		if z := a & enemyZone; z != 0 {
			nB++
			zoneAttacks += int32(z.Count())
		}
		if outposts.Has(sq) {
			s += w.BishopOutpost
			if t != nil {
				t.Coef.BishopOutpost[c]++
			}
		}
		if behindPawn.Has(sq) {
			nBehind++
		}
		sameColour := ^darkSquares
		if darkSquares.Has(sq) {
			sameColour = darkSquares
		}
		nb := int32((pe.pawns[c] & sameColour).Count())
		s += w.BishopPawns * Score(nb)
		if t != nil {
			t.Coef.BishopPawns[c] += nb
			t.Coef.Material[2][c]++
			t.Coef.PST[2][sq^rel][c]++
			t.Coef.BishopMobility[mob][c]++
		}
	}
	ei.att[c][chess.Bishop], ei.zoneAttackers[c][1] = attB, nB
	if bishops.Many() {
		s += w.BishopPair
		if t != nil {
			t.Coef.BishopPair[c]++
		}
	}
	s += w.MinorBehindPawn * Score(nBehind)
	if t != nil {
		t.Coef.MinorBehindPawn[c] += nBehind
	}
	var attR chess.Bitboard
	var nR int32
	for b := p.Pieces(c, chess.Rook); b != 0; {
		sq := b.PopLSB()
		a := chess.RookAttacks(sq, occ)
		attR |= a
		mob := (a & area).Count()
		s += ps[chess.Rook][sq&63] + w.RookMobility[mob]
		if z := a & enemyZone; z != 0 {
			nR++
			zoneAttacks += int32(z.Count())
		}
		if f := fileMask[sq.File()]; f&allPawns == 0 {
			s += w.RookOpenFile
			if t != nil {
				t.Coef.RookOpenFile[c]++
			}
		} else if f&pe.pawns[c] == 0 {
			s += w.RookSemiOpenFile
			if t != nil {
				t.Coef.RookSemiOpenFile[c]++
			}
		}
		if t != nil {
			t.Coef.Material[3][c]++
			t.Coef.PST[3][sq^rel][c]++
			t.Coef.RookMobility[mob][c]++
		}
	}
	ei.att[c][chess.Rook], ei.zoneAttackers[c][2] = attR, nR
	var attQ chess.Bitboard
	var nQ int32
	for b := p.Pieces(c, chess.Queen); b != 0; {
		sq := b.PopLSB()
		a := chess.QueenAttacks(sq, occ)
		attQ |= a
		mob := (a & area).Count()
		s += ps[chess.Queen][sq&63] + w.QueenMobility[mob]
		if z := a & enemyZone; z != 0 {
			nQ++
			zoneAttacks += int32(z.Count())
		}
		if t != nil {
			t.Coef.Material[4][c]++
			t.Coef.PST[4][sq^rel][c]++
			t.Coef.QueenMobility[mob][c]++
		}
	}
	ei.att[c][chess.Queen], ei.zoneAttackers[c][3] = attQ, nQ
	a := &ei.att[c]
	a[0] = a[chess.Pawn] | a[chess.Knight] | a[chess.Bishop] | a[chess.Rook] | attQ | a[chess.King]
	ei.zoneAttacks[c] = zoneAttacks
	return s
}

// evalThreatsKings scores for colour c its threats, its attack on the
// enemy king, its own king's pawn shelter and its passed pawns' extras.
// It needs both sides' attack maps.
func evalThreatsKings(p *chess.Position, pe *pawnEntry, ei *evalInfo, c chess.Color, t *Trace) Score {
	w := &weights
	them := c ^ 1
	var s Score
	occ := p.Occupied()
	pawns := pe.pawns[0] | pe.pawns[1]
	kings := p.Type(chess.King)
	enemy := p.ColorBB(them) &^ kings
	undefended := enemy &^ ei.att[them][0]
	for b := ei.att[c][chess.Pawn] & enemy &^ pawns; b != 0; {
		i := p.At(b.PopLSB()).Type() - chess.Knight
		s += w.ThreatByPawn[i&3]
		if t != nil {
			t.Coef.ThreatByPawn[i][c]++
		}
	}
	queens := p.Type(chess.Queen)
	for b := (ei.att[c][chess.Knight] | ei.att[c][chess.Bishop]) & (undefended | enemy&(p.Type(chess.Rook)|queens)); b != 0; {
		i := p.At(b.PopLSB()).Type() - chess.Pawn
		s += w.ThreatByMinor[i]
		if t != nil {
			t.Coef.ThreatByMinor[i][c]++
		}
	}
	for b := ei.att[c][chess.Rook] & (undefended | enemy&queens); b != 0; {
		i := p.At(b.PopLSB()).Type() - chess.Pawn
		s += w.ThreatByRook[i]
		if t != nil {
			t.Coef.ThreatByRook[i][c]++
		}
	}

	// Knights, bishops, rooks and queens of theirs: hanging when we attack
	// them and nothing of theirs defends them; attacked by our king; and
	// attacked after a safe push of one of our pawns (one step, or two from
	// the pawn's first square, to a square their pawns do not attack and,
	// if their pieces do, ours defend).
	pieces := enemy &^ p.Type(chess.Pawn)
	nHanging := int32((pieces & ei.att[c][0] & undefended).Count())
	nKing := int32((pieces & ei.att[c][chess.King] & undefended).Count())
	push := forward(c, pe.pawns[c]) &^ occ
	push |= forward(c, push&pushRank[c]) &^ occ
	push &^= ei.att[them][chess.Pawn]
	push &= ei.att[c][0] | ^ei.att[them][0]
	nPush := int32((pawnAttacksBB(c, push) & pieces).Count())
	s += w.Hanging*Score(nHanging) + w.ThreatByKing*Score(nKing) + w.ThreatByPawnPush*Score(nPush)
	if t != nil {
		t.Coef.Hanging[c] += nHanging
		t.Coef.ThreatByKing[c] += nKing
		t.Coef.ThreatByPawnPush[c] += nPush
	}

	// Space: the centre behind the own pawn chain, while there are pieces
	// to use it.
	if p.ColorBB(c)&^(p.Type(chess.Pawn)|kings) != 0 {
		safe := spaceMask[c] &^ pe.pawns[c] &^ ei.att[them][chess.Pawn]
		behind := pe.pawns[c]
		behind |= forward(them, behind)
		behind |= forward(them, forward(them, behind))
		n := int32(safe.Count() + (safe & behind &^ ei.att[them][0]).Count())
		s += w.Space * Score(n)
		if t != nil {
			t.Coef.Space[c] += n
		}
	}

	if k := ei.ksq[c]; k != chess.NoSquare && pawns != 0 {
		d := pawnFileDistance(pawns, k.File())
		s += w.KingPawnFileProximity[d]
		if t != nil {
			t.Coef.KingPawnFileProximity[d][c]++
		}
	}

	if k := ei.ksq[them]; k != chess.NoSquare {
		s += kingDanger(p, ei, c, k, t)
	}

	if k := ei.ksq[c]; k != chess.NoSquare {
		if t != nil {
			s += shelterScore(&pe.pawns, c, k, t)
		} else {
			s += pe.kingShelter(c, k)
		}
	}

	for b := pe.passed & pe.pawns[c]; b != 0; {
		sq := b.PopLSB()
		r := relRank(c, sq)
		if r == 7 {
			continue
		}
		stop := sq + 8
		if c == chess.Black {
			stop = sq - 8
		}
		if frontSpan[c][sq]&occ == 0 {
			s += w.PassedFreePath[r]
			if t != nil {
				t.Coef.PassedFreePath[r][c]++
			}
		}
		if !(occ | ei.att[them][0]).Has(stop) {
			s += w.PassedSafePush[r]
			if t != nil {
				t.Coef.PassedSafePush[r][c]++
			}
		}
		if k := ei.ksq[c]; k != chess.NoSquare {
			d := int(dist[k][stop&63])
			s += w.PassedOwnKing[r] * Score(d)
			if t != nil {
				t.Coef.PassedOwnKing[r][c] += int32(d)
			}
		}
		if k := ei.ksq[them]; k != chess.NoSquare {
			d := int(dist[k][stop&63])
			s += w.PassedEnemyKing[r] * Score(d)
			if t != nil {
				t.Coef.PassedEnemyKing[r][c] += int32(d)
			}
		}
	}

	// Mop-up against a bare king.
	if enemy == 0 {
		if corner, close, ok := mopUp(p, c, ei.ksq[them], ei.ksq[c]); ok {
			s += w.MopUpCorner*Score(corner) + w.MopUpKings*Score(close)
			if t != nil {
				t.Coef.MopUpCorner[c] += int32(corner)
				t.Coef.MopUpKings[c] += int32(close)
			}
		}
	}
	return s
}

// pawnFileDistance is the distance from file f to the nearest file of
// pawns (not empty).
func pawnFileDistance(pawns chess.Bitboard, f int) int {
	files := fileSet(pawns)
	for d := 0; d < 8; d++ {
		if files&(nearFiles[f][d]) != 0 {
			return d
		}
	}
	return 7
}

// fileSet is the set of files (bit f for file f) holding a square of b.
func fileSet(b chess.Bitboard) uint8 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return uint8(b)
}

// kingDanger scores colour c's attack on the enemy king on ks.
func kingDanger(p *chess.Position, ei *evalInfo, c chess.Color, ks chess.Square, t *Trace) Score {
	n := &ei.zoneAttackers[c]
	attackers := n[0] + n[1] + n[2] + n[3]
	hasQueen := p.Pieces(c, chess.Queen) != 0
	if attackers < 2 && !(attackers == 1 && hasQueen) {
		return 0
	}
	w := &weights
	them := c ^ 1
	occ := p.Occupied()
	att := &ei.att[c]
	safe := ^p.ColorBB(c) &^ ei.att[them][0]
	var nChecks, bChecks, rChecks, qChecks int32
	if b := att[chess.Knight] & safe; b != 0 {
		nChecks = int32((chess.KnightAttacks(ks) & b).Count())
	}
	if att[chess.Bishop]|att[chess.Queen] != 0 {
		bCheck := chess.BishopAttacks(ks, occ) & safe
		bChecks = int32((bCheck & att[chess.Bishop]).Count())
		qChecks = int32((bCheck & att[chess.Queen]).Count())
	}
	if att[chess.Rook]|att[chess.Queen] != 0 {
		rCheck := chess.RookAttacks(ks, occ) & safe
		rChecks = int32((rCheck & att[chess.Rook]).Count())
		qChecks += int32((rCheck & att[chess.Queen]).Count())
	}
	defended := ei.att[them][chess.Pawn] | ei.att[them][chess.Knight] | ei.att[them][chess.Bishop] | ei.att[them][chess.Rook]
	weak := int32((ei.zone[them] & att[0] &^ defended).Count())
	danger := w.KingDangerBias + w.KingZoneAttacks*Score(ei.zoneAttacks[c]) + w.KingWeakSquares*Score(weak)
	danger += w.KingAttackers[0] * Score(n[0])
	danger += w.KingAttackers[1] * Score(n[1])
	danger += w.KingAttackers[2] * Score(n[2])
	danger += w.KingAttackers[3] * Score(n[3])
	danger += w.KingSafeChecks[0] * Score(nChecks)
	danger += w.KingSafeChecks[1] * Score(bChecks)
	danger += w.KingSafeChecks[2] * Score(rChecks)
	danger += w.KingSafeChecks[3] * Score(qChecks)
	if !hasQueen {
		danger += w.KingNoQueen
	}
	if t != nil {
		k := &t.Coef
		k.KingDangerBias[c]++
		k.KingZoneAttacks[c] += ei.zoneAttacks[c]
		k.KingWeakSquares[c] += weak
		for i := 0; i < 4; i++ {
			k.KingAttackers[i][c] += n[i]
		}
		k.KingSafeChecks[0][c] += nChecks
		k.KingSafeChecks[1][c] += bChecks
		k.KingSafeChecks[2][c] += rChecks
		k.KingSafeChecks[3][c] += qChecks
		if !hasQueen {
			k.KingNoQueen[c]++
		}
	}
	x, y := min(max(danger.MG(), 0), DangerCap), min(max(danger.EG(), 0), DangerCap)
	return S(x*x/DangerMGDiv, y/DangerEGDiv)
}

// The king-danger sum x, clamped to [0, DangerCap], becomes a bonus for
// the attacker of x²/DangerMGDiv in the middlegame and x/DangerEGDiv in
// the endgame. (The cap keeps the packed Score far from overflow: at most
// 3125 cp.)
const (
	DangerMGDiv = 720
	DangerEGDiv = 20
	DangerCap   = 1500
)

// scaleFactor is the endgame scale, in 64ths, for positions where colour
// c is ahead: without pawns a lead of at most a minor piece rarely wins,
// and opposite-coloured bishops alone draw often.
func scaleFactor(p *chess.Position, c chess.Color) int {
	them := c ^ 1
	if p.Pieces(c, chess.Pawn) != 0 && p.Type(chess.Bishop).Count() != 2 {
		return 64
	}
	npm := func(c chess.Color) int {
		return 320*p.Pieces(c, chess.Knight).Count() + 330*p.Pieces(c, chess.Bishop).Count() +
			500*p.Pieces(c, chess.Rook).Count() + 900*p.Pieces(c, chess.Queen).Count()
	}
	us, other := npm(c), npm(them)
	if p.Pieces(c, chess.Pawn) == 0 {
		if us <= 330 {
			return 0
		}
		if us-other <= 330 || us == 640 && p.Pieces(c, chess.Knight).Count() == 2 && other == 0 {
			return 16
		}
	}
	if us == 330 && other == 330 {
		if bs := p.Type(chess.Bishop); (bs & darkSquares).Count() == 1 {
			return 32
		}
	}
	return 64
}

// mopUp reads the mop-up against a bare king for c, whose king is on kc,
// the other's on ks: corner, the bare king's distance from the centre
// (0–6), and close, 7 less the kings' distance. ok only when both kings
// are on the board and c has a queen or a rook, or two minors one of them
// a bishop; whether the other side is bare is the caller's test. The
// chess evaluation and MagicMopUp share it.
func mopUp(p *chess.Position, c chess.Color, ks, kc chess.Square) (corner, close int, ok bool) {
	if ks == chess.NoSquare || kc == chess.NoSquare ||
		p.Pieces(c, chess.Queen)|p.Pieces(c, chess.Rook) == 0 &&
			(p.Pieces(c, chess.Bishop) == 0 || !(p.Pieces(c, chess.Bishop)|p.Pieces(c, chess.Knight)).Many()) {
		return 0, 0, false
	}
	return int(centre[ks]), 7 - int(dist[kc][ks]), true
}
