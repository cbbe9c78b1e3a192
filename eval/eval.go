// Package eval owns the static evaluation of chess positions: a tapered
// middlegame/endgame score in centipawns from the side to move's view. It
// knows the board (variants/chess) and nothing about searching.
//
// The weights live in weights.go, which the Texel tuner in eval/tune
// writes; docs/eval.md describes the terms and how to regenerate them.
package eval

import "azar/variants/chess"

// Piece values in centipawns (rules/standard.md A7: 1/3/3/5/9 as guidance),
// for move ordering and SEE; the evaluation uses its own tuned material.
var pieceValue = [7]int{0, 100, 320, 330, 500, 900, 0}

// PieceValue is the nominal value of a piece type, used by move ordering
// and static exchange evaluation.
func PieceValue(t chess.PieceType) int { return pieceValue[t] }

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
	// Colour c's pieces attacking the enemy king zone: how many of each
	// type (knight ... queen), and how many zone squares they hit in all.
	zoneAttackers [2][4]int32
	zoneAttacks   [2]int32
}

func evaluate(p *chess.Position, pe *pawnEntry, t *Trace) int {
	const W, B = chess.White, chess.Black
	w := &weights
	occ := p.Occupied()
	pawns := p.Type(chess.Pawn)
	var ei evalInfo
	var sc [2]Score
	var ksq [2]chess.Square

	for c := W; c <= B; c++ {
		ei.att[c][chess.Pawn] = pawnAttacksBB(c, pe.pawns[c])
		ksq[c] = p.KingSquare(c)
		if ksq[c] != chess.NoSquare {
			ei.att[c][chess.King] = chess.KingAttacks(ksq[c])
			ei.zone[c] = kingZone[c][ksq[c]]
			sc[c] += psq[c][chess.King][ksq[c]]
			if t != nil {
				t.Coef.PST[5][ksq[c]^chess.Square(56*c)][c]++
			}
		}
	}

	// Pieces: material and PST, mobility, king-zone attacks, outposts,
	// rook files.
	for c := W; c <= B; c++ {
		them := c ^ 1
		own := p.ColorBB(c)
		area := ^(own | ei.att[them][chess.Pawn])
		enemyZone := ei.zone[them]
		outposts := outpostRanks[c] & ei.att[c][chess.Pawn] &^ pe.span[them]
		rel := chess.Square(56 * c)

		for b := p.Pieces(c, chess.Knight); b != 0; {
			s := b.PopLSB()
			a := chess.KnightAttacks(s)
			ei.att[c][chess.Knight] |= a
			mob := (a & area).Count()
			sc[c] += psq[c][chess.Knight][s] + w.KnightMobility[mob]
			if z := a & enemyZone; z != 0 {
				ei.zoneAttackers[c][0]++
				ei.zoneAttacks[c] += int32(z.Count())
			}
			if outposts.Has(s) {
				sc[c] += w.KnightOutpost
				if t != nil {
					t.Coef.KnightOutpost[c]++
				}
			}
			if t != nil {
				t.Coef.Material[1][c]++
				t.Coef.PST[1][s^rel][c]++
				t.Coef.KnightMobility[mob][c]++
			}
		}
		for b := p.Pieces(c, chess.Bishop); b != 0; {
			s := b.PopLSB()
			a := chess.BishopAttacks(s, occ)
			ei.att[c][chess.Bishop] |= a
			mob := (a & area).Count()
			sc[c] += psq[c][chess.Bishop][s] + w.BishopMobility[mob]
			if z := a & enemyZone; z != 0 {
				ei.zoneAttackers[c][1]++
				ei.zoneAttacks[c] += int32(z.Count())
			}
			if outposts.Has(s) {
				sc[c] += w.BishopOutpost
				if t != nil {
					t.Coef.BishopOutpost[c]++
				}
			}
			if t != nil {
				t.Coef.Material[2][c]++
				t.Coef.PST[2][s^rel][c]++
				t.Coef.BishopMobility[mob][c]++
			}
		}
		for b := p.Pieces(c, chess.Rook); b != 0; {
			s := b.PopLSB()
			a := chess.RookAttacks(s, occ)
			ei.att[c][chess.Rook] |= a
			mob := (a & area).Count()
			sc[c] += psq[c][chess.Rook][s] + w.RookMobility[mob]
			if z := a & enemyZone; z != 0 {
				ei.zoneAttackers[c][2]++
				ei.zoneAttacks[c] += int32(z.Count())
			}
			if f := fileMask[s.File()]; f&pawns == 0 {
				sc[c] += w.RookOpenFile
				if t != nil {
					t.Coef.RookOpenFile[c]++
				}
			} else if f&pe.pawns[c] == 0 {
				sc[c] += w.RookSemiOpenFile
				if t != nil {
					t.Coef.RookSemiOpenFile[c]++
				}
			}
			if t != nil {
				t.Coef.Material[3][c]++
				t.Coef.PST[3][s^rel][c]++
				t.Coef.RookMobility[mob][c]++
			}
		}
		for b := p.Pieces(c, chess.Queen); b != 0; {
			s := b.PopLSB()
			a := chess.QueenAttacks(s, occ)
			ei.att[c][chess.Queen] |= a
			mob := (a & area).Count()
			sc[c] += psq[c][chess.Queen][s] + w.QueenMobility[mob]
			if z := a & enemyZone; z != 0 {
				ei.zoneAttackers[c][3]++
				ei.zoneAttacks[c] += int32(z.Count())
			}
			if t != nil {
				t.Coef.Material[4][c]++
				t.Coef.PST[4][s^rel][c]++
				t.Coef.QueenMobility[mob][c]++
			}
		}
		if p.Pieces(c, chess.Bishop).Many() {
			sc[c] += w.BishopPair
			if t != nil {
				t.Coef.BishopPair[c]++
			}
		}
		a := &ei.att[c]
		a[0] = a[chess.Pawn] | a[chess.Knight] | a[chess.Bishop] | a[chess.Rook] | a[chess.Queen] | a[chess.King]
	}

	// Threats, king safety and shelter, passed pawns.
	kings := p.Type(chess.King)
	for c := W; c <= B; c++ {
		them := c ^ 1
		enemy := p.ColorBB(them) &^ kings
		undefended := enemy &^ ei.att[them][0]
		for b := ei.att[c][chess.Pawn] & enemy &^ pawns; b != 0; {
			i := p.At(b.PopLSB()).Type() - chess.Knight
			sc[c] += w.ThreatByPawn[i]
			if t != nil {
				t.Coef.ThreatByPawn[i][c]++
			}
		}
		majors := p.Type(chess.Rook) | p.Type(chess.Queen)
		for b := (ei.att[c][chess.Knight] | ei.att[c][chess.Bishop]) & (undefended | enemy&majors); b != 0; {
			i := p.At(b.PopLSB()).Type() - chess.Pawn
			sc[c] += w.ThreatByMinor[i]
			if t != nil {
				t.Coef.ThreatByMinor[i][c]++
			}
		}
		for b := ei.att[c][chess.Rook] & (undefended | enemy&p.Type(chess.Queen)); b != 0; {
			i := p.At(b.PopLSB()).Type() - chess.Pawn
			sc[c] += w.ThreatByRook[i]
			if t != nil {
				t.Coef.ThreatByRook[i][c]++
			}
		}

		if ksq[them] != chess.NoSquare {
			sc[c] += kingDanger(p, &ei, c, ksq[them], t)
		}

		if k := ksq[c]; k != chess.NoSquare {
			// Shelter and storm on the king's file and its neighbours.
			f := min(max(k.File(), 1), 6)
			front := ahead[c][k.Rank()]
			for ff := f - 1; ff <= f+1; ff++ {
				m := front & fileMask[ff]
				ds := nearest(c, m&pe.pawns[c], k.Rank())
				de := nearest(c, m&pe.pawns[them], k.Rank())
				sc[c] += w.PawnShield[ds] + w.PawnStorm[de]
				if t != nil {
					t.Coef.PawnShield[ds][c]++
					t.Coef.PawnStorm[de][c]++
				}
			}
		}

		for b := pe.passed & pe.pawns[c]; b != 0; {
			s := b.PopLSB()
			r := relRank(c, s)
			if r == 7 {
				continue
			}
			stop := s + 8
			if c == B {
				stop = s - 8
			}
			if frontSpan[c][s]&occ == 0 {
				sc[c] += w.PassedFreePath[r]
				if t != nil {
					t.Coef.PassedFreePath[r][c]++
				}
			}
			if !(occ | ei.att[them][0]).Has(stop) {
				sc[c] += w.PassedSafePush[r]
				if t != nil {
					t.Coef.PassedSafePush[r][c]++
				}
			}
			if k := ksq[c]; k != chess.NoSquare {
				d := int(dist[k][stop])
				sc[c] += w.PassedOwnKing[r] * Score(d)
				if t != nil {
					t.Coef.PassedOwnKing[r][c] += int32(d)
				}
			}
			if k := ksq[them]; k != chess.NoSquare {
				d := int(dist[k][stop])
				sc[c] += w.PassedEnemyKing[r] * Score(d)
				if t != nil {
					t.Coef.PassedEnemyKing[r][c] += int32(d)
				}
			}
		}
	}

	// Mop-up against a bare king.
	for c := W; c <= B; c++ {
		them := c ^ 1
		if p.ColorBB(them) == p.Pieces(them, chess.King) && ksq[them] != chess.NoSquare && ksq[c] != chess.NoSquare &&
			(p.Pieces(c, chess.Queen)|p.Pieces(c, chess.Rook) != 0 ||
				p.Pieces(c, chess.Bishop) != 0 && (p.Pieces(c, chess.Bishop)|p.Pieces(c, chess.Knight)).Many()) {
			corner, close := int(centre[ksq[them]]), 7-int(dist[ksq[c]][ksq[them]])
			sc[c] += w.MopUpCorner*Score(corner) + w.MopUpKings*Score(close)
			if t != nil {
				t.Coef.MopUpCorner[c] += int32(corner)
				t.Coef.MopUpKings[c] += int32(close)
			}
		}
	}

	stm := p.Side()
	sc[stm] += w.Tempo
	if t != nil {
		t.Coef.Tempo[stm]++
	}

	total := sc[W] - sc[B] + pe.score
	phase := p.Type(chess.Knight).Count() + p.Type(chess.Bishop).Count() +
		2*p.Type(chess.Rook).Count() + 4*p.Type(chess.Queen).Count()
	phase = min(phase, MaxPhase)
	mg, eg := total.MG(), total.EG()
	scaleW, scaleB := scaleFactor(p, W), scaleFactor(p, B)
	if t != nil {
		t.Phase = phase
		t.Scale = [2]int{scaleW, scaleB}
	}
	if eg > 0 {
		eg = eg * scaleW / 64
	} else {
		eg = eg * scaleB / 64
	}
	v := (mg*phase + eg*(MaxPhase-phase)) / MaxPhase
	if stm == B {
		return -v
	}
	return v
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
	bCheck, rCheck := chess.BishopAttacks(ks, occ), chess.RookAttacks(ks, occ)
	checks := [4]int32{
		int32((chess.KnightAttacks(ks) & att[chess.Knight] & safe).Count()),
		int32((bCheck & att[chess.Bishop] & safe).Count()),
		int32((rCheck & att[chess.Rook] & safe).Count()),
		int32(((bCheck | rCheck) & att[chess.Queen] & safe).Count()),
	}
	defended := ei.att[them][chess.Pawn] | ei.att[them][chess.Knight] | ei.att[them][chess.Bishop] | ei.att[them][chess.Rook]
	weak := int32((ei.zone[them] & att[0] &^ defended).Count())
	danger := w.KingDangerBias + w.KingZoneAttacks*Score(ei.zoneAttacks[c]) + w.KingWeakSquares*Score(weak)
	for i := 0; i < 4; i++ {
		danger += w.KingAttackers[i]*Score(n[i]) + w.KingSafeChecks[i]*Score(checks[i])
	}
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
			k.KingSafeChecks[i][c] += checks[i]
		}
		if !hasQueen {
			k.KingNoQueen[c]++
		}
	}
	x, y := max(danger.MG(), 0), max(danger.EG(), 0)
	return S(x*x/DangerMGDiv, y/DangerEGDiv)
}

// The king-danger sum x becomes a bonus for the attacker of
// max(0,x)²/DangerMGDiv in the middlegame and max(0,x)/DangerEGDiv in the
// endgame.
const (
	DangerMGDiv = 720
	DangerEGDiv = 20
)

// scaleFactor is the endgame scale, in 64ths, for positions where colour
// c is ahead: without pawns a lead of at most a minor piece rarely wins,
// and opposite-coloured bishops alone draw often.
func scaleFactor(p *chess.Position, c chess.Color) int {
	them := c ^ 1
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
		if bs := p.Type(chess.Bishop); (bs&darkSquares).Count() == 1 {
			return 32
		}
	}
	return 64
}
