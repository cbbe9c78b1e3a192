package lucky

import "azar/variants/chess"

// The pseudo-legal generator: moves that follow the pieces' movement rules
// (with the modifiers) without looking at the mover's king. The chess
// package only exports fully legal generation; king-capture mode and the
// rival moves of enemy2 (which may expose the rival's own king) need this.

func addMove(l *chess.MoveList, m chess.Move) {
	if l.N < len(l.Moves) {
		l.Moves[l.N] = m
		l.N++
	}
}

func addTargets(l *chess.MoveList, from chess.Square, to chess.Bitboard) {
	for to != 0 {
		addMove(l, chess.NewMove(from, to.PopLSB()))
	}
}

const (
	relRank2 = chess.Rank2
	lastRank = chess.Rank8 | chess.Rank1
)

// genPseudo appends us's pseudo-legal moves under md. En passant is never
// generated (the lucky state tracks its own rights); castling only when
// castle is set, with the FIDE conditions on attacked squares.
func genPseudo(p *chess.Position, us chess.Color, md chess.Modifiers, castle bool, l *chess.MoveList) {
	occ := p.Occupied()
	own := p.ColorBB(us)
	enemy := p.ColorBB(us.Other())
	frozen, jump := md.Frozen[us], md.KnightToo[us]
	for t := chess.Knight; t <= chess.King; t++ {
		if frozen&(1<<t) != 0 {
			continue
		}
		for b := p.Pieces(us, t); b != 0; {
			from := b.PopLSB()
			var att chess.Bitboard
			switch t {
			case chess.Knight:
				att = chess.KnightAttacks(from)
			case chess.Bishop:
				att = chess.BishopAttacks(from, occ)
			case chess.Rook:
				att = chess.RookAttacks(from, occ)
			case chess.Queen:
				att = chess.QueenAttacks(from, occ)
			case chess.King:
				att = chess.KingAttacks(from)
			}
			if jump&(1<<t) != 0 {
				att |= chess.KnightAttacks(from)
			}
			addTargets(l, from, att&^own)
		}
	}
	if frozen&(1<<chess.Pawn) == 0 {
		up := 8
		start := chess.Rank2
		if us == chess.Black {
			up = -8
			start = chess.Rank7
		}
		for b := p.Pieces(us, chess.Pawn); b != 0; {
			from := b.PopLSB()
			to := chess.Square(int(from) + up)
			if to < 64 && !occ.Has(to) {
				addPawnMove(l, from, to)
				if start.Has(from) {
					to2 := chess.Square(int(to) + up)
					if !occ.Has(to2) {
						addMove(l, chess.NewMove(from, to2))
					}
				}
			}
			for c := chess.PawnAttacks(us, from) & enemy; c != 0; {
				addPawnMove(l, from, c.PopLSB())
			}
			if jump&(1<<chess.Pawn) != 0 {
				for c := chess.KnightAttacks(from) &^ own &^ lastRank; c != 0; {
					addMove(l, chess.NewMove(from, c.PopLSB()))
				}
			}
		}
	}
	if castle && frozen&(1<<chess.King) == 0 {
		genCastling(p, us, l)
	}
}

func addPawnMove(l *chess.MoveList, from, to chess.Square) {
	if lastRank.Has(to) {
		for pt := chess.Queen; pt >= chess.Knight; pt-- {
			addMove(l, chess.NewPromotion(from, to, pt))
		}
		return
	}
	addMove(l, chess.NewMove(from, to))
}

// genCastling adds castling moves: rights held, king and rook at home,
// squares between empty, the king not attacked on its square, on the
// square it crosses or on the one it reaches.
func genCastling(p *chess.Position, us chess.Color, l *chess.MoveList) {
	cr := p.CastleRights()
	if cr == 0 {
		return
	}
	sides := chess.CastleSides(us)
	them := us.Other()
	occ := p.Occupied()
	for _, sd := range sides {
		if cr&sd.Right == 0 || occ&sd.Empty != 0 ||
			p.At(sd.King) != chess.MakePiece(us, chess.King) || p.At(sd.Rook) != chess.MakePiece(us, chess.Rook) {
			continue
		}
		if p.Attacked(sd.King, them) || p.Attacked(sd.Path[0], them) || p.Attacked(sd.Path[1], them) {
			continue
		}
		addMove(l, castleMove(sd.King, sd.To))
	}
}

// castleRookTo is where the rook lands when the king castles to kingTo.
func castleRookTo(kingTo chess.Square) chess.Square {
	switch kingTo {
	case chess.G1:
		return chess.F1
	case chess.C1:
		return chess.D1
	case chess.G8:
		return chess.F8
	}
	return chess.D8
}

// relRank is the rank (0..7) seen from c.
func relRank(s chess.Square, c chess.Color) int {
	if c == chess.White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// isBackward reports whether m lowers the moving piece's relative rank.
func isBackward(m chess.Move, c chess.Color) bool {
	switch m.Kind() {
	case chess.KindNormal, chess.KindPromotion:
		return relRank(m.To(), c) < relRank(m.From(), c)
	}
	return false
}
