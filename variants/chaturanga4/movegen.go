package chaturanga4

import "azar/variants/chess"

// MaxMoves bounds the moves of one position: 8 pieces' worth of moves with
// promotions (a king 8, an elephant 14, a knight 8, a boat 4, each pawn 3
// destinations times 3 pool types, conversions) stays far below it even
// with every pawn promoted to an elephant.
const MaxMoves = 256

// MoveList is a fixed-size list of moves.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len is the number of moves.
func (l *MoveList) Len() int { return l.n }

// At is the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[i] }

// Slice returns the moves (valid until the list is reused).
func (l *MoveList) Slice() []Move { return l.moves[:l.n] }

func (l *MoveList) add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// GameOver reports whether one seat or none is left, so nobody moves.
func (p *Position) GameOver() bool { return p.ActiveCount() <= 1 }

// Generate fills l with the legal moves of the seat to move: every move of
// its pieces, one promotion per distinct pool type when a pawn reaches its
// promotion line with a non-empty pool, one conversion per waiting pawn and
// pool type, or the pass when there is nothing else. Once one seat is left
// there are no moves. Draw rules are not looked at (see Status).
func (p *Position) Generate(l *MoveList) {
	l.n = 0
	if p.GameOver() {
		return
	}
	s := p.toMove
	own := p.bySeat[s]
	occ := p.byType[0]
	targets := ^own
	for b := p.Pieces(s, King); b != 0; {
		from := b.PopLSB()
		p.addTargets(l, from, chess.KingAttacks(from)&targets)
	}
	for b := p.Pieces(s, Elephant); b != 0; {
		from := b.PopLSB()
		p.addTargets(l, from, chess.RookAttacks(from, occ)&targets)
	}
	for b := p.Pieces(s, Knight); b != 0; {
		from := b.PopLSB()
		p.addTargets(l, from, chess.KnightAttacks(from)&targets)
	}
	// Boats never take boats (the triumph's captures come with the move).
	for b := p.Pieces(s, Boat); b != 0; {
		from := b.PopLSB()
		p.addTargets(l, from, boatLeaps[from]&targets&^p.byType[Boat])
	}
	var poolTs [3]PieceType
	nPool := 0
	for i, t := range poolTypes {
		if p.pools[s][i] > 0 {
			poolTs[nPool] = t
			nPool++
		}
	}
	line := promotionLine[s]
	for b := p.Pieces(s, Pawn); b != 0; {
		from := b.PopLSB()
		to := pawnPush[s][from] &^ occ
		to |= pawnTakes[s][from] & occ &^ own
		for to != 0 {
			t := to.PopLSB()
			if !line.Has(t) || nPool == 0 {
				l.add(newMove(from, t, KindNormal, NoPieceType))
				continue
			}
			for _, pt := range poolTs[:nPool] {
				l.add(newMove(from, t, KindPromotion, pt))
			}
		}
	}
	if nPool > 0 {
		for b := p.Pieces(s, Pawn) & line; b != 0; {
			sq := b.PopLSB()
			for _, pt := range poolTs[:nPool] {
				l.add(newMove(sq, sq, KindConversion, pt))
			}
		}
	}
	if l.n == 0 {
		l.add(PassMove)
	}
}

func (p *Position) addTargets(l *MoveList, from Square, to Bitboard) {
	for to != 0 {
		l.add(newMove(from, to.PopLSB(), KindNormal, NoPieceType))
	}
}

// IsLegal reports whether m is one of the moves Generate makes.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.Generate(&l)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}
