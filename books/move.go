package books

import "azar/variants/chess"

// A Polyglot move is 16 bits: to square in bits 0-5, from square in bits
// 6-11 (both a1 = 0 ... h8 = 63, as in chess.Square), promotion piece in
// bits 12-14 (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is
// stored as the king taking its own rook: e1h1, e1a1, e8h8, e8a8.

// EncodeMove is the Polyglot form of a standard-chess move.
func EncodeMove(m chess.Move) uint16 {
	from, to := m.From(), m.To()
	if m.Kind() == chess.KindCastle {
		to = castleRookSquare(to)
	}
	v := uint16(from)<<6 | uint16(to)
	if m.Kind() == chess.KindPromotion {
		v |= uint16(m.Promotion()-chess.Knight+1) << 12
	}
	return v
}

// castleRookSquare is the rook's square of the castling that takes the
// king to kingTo.
func castleRookSquare(kingTo chess.Square) chess.Square {
	switch kingTo {
	case chess.G1:
		return chess.H1
	case chess.C1:
		return chess.A1
	case chess.G8:
		return chess.H8
	case chess.C8:
		return chess.A8
	}
	return kingTo
}

// DecodeMove finds the legal move of p that the Polyglot move v stands for;
// false when there is none (a foreign book's hash collision or a corrupt
// entry).
func DecodeMove(p *chess.Position, v uint16) (chess.Move, bool) {
	var l chess.MoveList
	p.GenerateLegal(&l)
	return decodeIn(l.Slice(), v)
}

// decodeIn looks v up among the legal moves of a position, each encoded the
// Polyglot way, so that castling, en passant and promotions map to the
// moves chess generates.
func decodeIn(legal []chess.Move, v uint16) (chess.Move, bool) {
	for _, m := range legal {
		if EncodeMove(m) == v {
			return m, true
		}
	}
	return chess.NoMove, false
}

// PolyglotString is v in UCI-like notation as the book stores it (castling
// as king takes rook, e.g. e1h1), for moves that decode to nothing legal.
func PolyglotString(v uint16) string {
	s := chess.Square(v>>6&63).String() + chess.Square(v&63).String()
	if pr := v >> 12 & 7; pr >= 1 && pr <= 4 {
		s += string("nbrq"[pr-1])
	} else if pr != 0 {
		s += "?"
	}
	return s
}
