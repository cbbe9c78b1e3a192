package chaturanga4

import "azar/variants/chess"

// BoatLeaps are the squares a boat on s leaps to (empty or not).
func BoatLeaps(s Square) Bitboard { return boatLeaps[s] }

// PawnCaptures are the squares a pawn of seat on s captures on.
func PawnCaptures(seat Seat, s Square) Bitboard { return pawnTakes[seat][s] }

// PromotionLine is the file or rank where seat's pawns promote.
func PromotionLine(seat Seat) Bitboard { return promotionLine[seat] }

// Attacks are the squares seat's piece of type t on s could capture on
// with the board's occupancy occ (a boat's leaps include boats, which it
// may not take: see AttackersOf).
func Attacks(seat Seat, t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case King:
		return chess.KingAttacks(s)
	case Elephant:
		return chess.RookAttacks(s, occ)
	case Knight:
		return chess.KnightAttacks(s)
	case Boat:
		return boatLeaps[s]
	case Pawn:
		return pawnTakes[seat][s]
	}
	return 0
}

// AttackersOf are the pieces of seat by that could take what stands on s
// on by's turn, if by is still in (frozen pieces attack nothing).
func (p *Position) AttackersOf(s Square, by Seat) Bitboard {
	if !p.Active(by) {
		return 0
	}
	occ := p.byType[0]
	mine := p.bySeat[by]
	att := chess.KingAttacks(s)&p.byType[King] |
		chess.RookAttacks(s, occ)&p.byType[Elephant] |
		chess.KnightAttacks(s)&p.byType[Knight]
	if p.board[s].Type() != Boat {
		att |= boatLeaps[s] & p.byType[Boat] // the leap is symmetric
	}
	// A pawn of by on q takes on s when s is one of q's capture squares.
	for b := mine & p.byType[Pawn]; b != 0; {
		q := b.PopLSB()
		if pawnTakes[by][q].Has(s) {
			att |= q.Bit()
		}
	}
	return att & mine
}

// SeatsBefore are the seats still in that move after the seat to move
// and before s's next turn (the seat to move itself when it is not s), in
// turn order: the seats whose threats against s land before s can answer.
func (p *Position) SeatsBefore(s Seat) []Seat {
	var out []Seat
	for x := p.toMove; x != s; x = x.next() {
		if p.Active(x) {
			out = append(out, x)
		}
	}
	return out
}
