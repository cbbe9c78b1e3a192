package spy

import (
	"azar/variants"
	"azar/variants/chess"
)

// seePiece is the exchange value of the piece on sq: chess.SEEValue, and
// an original queen with the knight component a queen plus a knight's
// worth beyond R+B.
func (s *State) seePiece(sq chess.Square) int {
	pc := s.pos.At(sq)
	v := chess.SEEValue(pc.Type())
	if pc.Type() == chess.Queen && s.qsq[pc.Color()] == sq && s.qcomp[pc.Color()]&CompN != 0 {
		v += 300
	}
	return v
}

// attackersTo is every piece of either colour attacking sq with occupancy
// occ (original queens with their components; pieces off occ ignored).
func (s *State) attackersTo(sq chess.Square, occ chess.Bitboard) chess.Bitboard {
	p := s.pos
	var a chess.Bitboard
	knights := p.Type(chess.Knight)
	queens := p.Type(chess.Queen)
	rooks := p.Type(chess.Rook)
	bishops := p.Type(chess.Bishop)
	for c := chess.White; c <= chess.Black; c++ {
		oq := s.origQueen(c)
		if oq == 0 {
			continue
		}
		queens &^= oq
		comp := s.qcomp[c]
		if comp&CompN != 0 {
			knights |= oq
		}
		if comp&CompR != 0 {
			rooks |= oq
		}
		if comp&CompB != 0 {
			bishops |= oq
		}
	}
	a |= chess.KnightAttacks(sq) & knights
	a |= chess.KingAttacks(sq) & p.Type(chess.King)
	a |= chess.PawnAttacks(chess.White, sq) & p.Pieces(chess.Black, chess.Pawn)
	a |= chess.PawnAttacks(chess.Black, sq) & p.Pieces(chess.White, chess.Pawn)
	a |= chess.RookAttacks(sq, occ) & (rooks | queens)
	a |= chess.BishopAttacks(sq, occ) & (bishops | queens)
	return a & occ
}

// SEE is the static exchange evaluation of the capture (or promotion) a
// for the side to move, in centipawns: what it wins if both sides keep
// capturing on the target square with their least valuable piece while
// it pays. 0 for reveals, quiet moves and the pass. Pins and checks are
// ignored, as usual.
//
// It is not chess.Position.SEEGE because the spy rules change the
// exchange: an original queen attacks with its components (a knight's
// jump, a rook's or a bishop's line it may have lost) and is worth more
// with the knight; the chess board sees it as a plain queen. The search
// also wants the value (SEE futility margins), not a threshold test, and
// values promotions and en passant, which SEEGE treats as even. The piece
// values are the chess ones (chess.SEEValue).
func (s *State) SEE(a variants.Action) int {
	m, ok := ActionMove(a)
	if !ok || m == chess.NullMove || m.Kind() == chess.KindCastle {
		return 0
	}
	p := s.pos
	from, to := m.From(), m.To()
	var gain [40]int
	occ := p.Occupied()
	if m.Kind() == chess.KindEnPassant {
		gain[0] = chess.SEEValue(chess.Pawn)
		occ &^= chess.MakeSquare(to.File(), from.Rank()).Bit()
	} else if p.At(to) != chess.NoPiece {
		gain[0] = s.seePiece(to)
	}
	next := s.seePiece(from) // the piece that now stands on to
	if m.Kind() == chess.KindPromotion {
		promo := chess.SEEValue(m.Promotion())
		gain[0] += promo - chess.SEEValue(chess.Pawn)
		next = promo
	} else if gain[0] == 0 {
		return 0
	}
	occ &^= from.Bit()
	side := p.Side().Other()
	d := 0
	for d+1 < len(gain) {
		att := s.attackersTo(to, occ) & p.ColorBB(side)
		if att == 0 {
			break
		}
		// The least valuable attacker.
		best, bestV := chess.NoSquare, 1<<30
		for b := att; b != 0; {
			sq := b.PopLSB()
			if v := s.seePiece(sq); v < bestV {
				best, bestV = sq, v
			}
		}
		if bestV == chess.SEEValue(chess.King) && s.attackersTo(to, occ&^best.Bit())&p.ColorBB(side.Other()) != 0 {
			break // the king may not take on a defended square
		}
		d++
		gain[d] = next - gain[d-1]
		next = bestV
		occ &^= best.Bit()
		side = side.Other()
	}
	for d > 0 {
		gain[d-1] = -max(-gain[d-1], gain[d])
		d--
	}
	return gain[0]
}
