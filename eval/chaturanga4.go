package eval

import (
	"azar/variants/chaturanga4"
)

// Four-player chaturanga: a value per seat, in centipawns, each from that
// seat's own view (docs/chaturanga4.md). A four-seat search combines them
// by its policy (paranoid and BRS+ take the root seat's value against the
// others', maxⁿ keeps the vector). There is no check, so the central danger
// is a raja en prise to a seat that moves before its owner can answer.
//
// Where the numbers come from: first values from the piece's reach on an
// 8×8 board (an elephant is a rook; a boat reaches 8 squares of 16, about
// a pawn and a half; a knight as in chess), to be tuned by the four-seat
// matches of docs/chaturanga4.md.

// c4Value is the material value of a piece type.
var c4Value = [...]int{
	chaturanga4.Elephant: 500,
	chaturanga4.Boat:     150,
	chaturanga4.Knight:   300,
	chaturanga4.Pawn:     100,
	chaturanga4.King:     0,
}

// C4PieceValue is the material value of a chaturanga piece type, for move
// ordering.
func C4PieceValue(t chaturanga4.PieceType) int { return c4Value[t] }

// C4Eliminated is the value of a seat that is out: below any value a seat
// still in can have.
const C4Eliminated = -20000

// Terms of the four-seat evaluation.
const (
	c4Mobility     = 4    // per square a piece (not a pawn) reaches
	c4PoolShare    = 4    // a pool piece is worth value/c4PoolShare while the seat has pawns
	c4PawnStep     = 6    // per step a pawn has made towards promotion
	c4CentreBoat   = 25   // a boat on a central square (the triumph)
	c4RajaEnPrise  = 1500 // the raja is attacked by a seat moving before its owner
	c4RajaAttacked = 60   // attacked by a seat that moves after its owner (it can answer)
	c4RajaShelter  = 10   // per own piece next to the raja
)

// Chaturanga4 returns each seat's value.
func Chaturanga4(p *chaturanga4.Position) [chaturanga4.Seats]int {
	var v [chaturanga4.Seats]int
	occ := p.Occupied()
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		if !p.Active(s) {
			v[s] = C4Eliminated
			continue
		}
		own := p.SeatPieces(s)
		pawns := p.Pieces(s, chaturanga4.Pawn)
		line := chaturanga4.PromotionLine(s)
		bestPool := 0
		for _, t := range []chaturanga4.PieceType{chaturanga4.Elephant, chaturanga4.Boat, chaturanga4.Knight} {
			n := p.Pool(s, t)
			if n > 0 {
				bestPool = max(bestPool, c4Value[t])
			}
			if pawns != 0 {
				v[s] += n * c4Value[t] / c4PoolShare
			}
		}
		for b := own; b != 0; {
			sq := b.PopLSB()
			t := p.At(sq).Type()
			v[s] += c4Value[t]
			switch t {
			case chaturanga4.Pawn:
				if line.Has(sq) {
					// A waiting pawn becomes the best pool piece next
					// turn, if the pool has one.
					v[s] += bestPool * 3 / 4
				} else {
					v[s] += c4PawnStep * (7 - c4DistanceToLine(s, sq))
				}
			case chaturanga4.King:
			default:
				reach := chaturanga4.Attacks(s, t, sq, occ) &^ own
				v[s] += c4Mobility * reach.Count()
				if t == chaturanga4.Boat && c4Centre.Has(sq) {
					v[s] += c4CentreBoat
				}
			}
		}
		v[s] += c4RajaSafety(p, s)
	}
	return v
}

const c4Centre = chaturanga4.Bitboard(1)<<27 | 1<<28 | 1<<35 | 1<<36

// c4RajaSafety: a raja attacked by a seat that moves before its owner is as
// good as taken; one attacked by a later seat must run; own pieces around
// it shelter it.
func c4RajaSafety(p *chaturanga4.Position, s chaturanga4.Seat) int {
	ks := p.Pieces(s, chaturanga4.King)
	if ks == 0 {
		return 0
	}
	k := ks.LSB()
	score := c4RajaShelter * (c4RajaZone(k) & p.SeatPieces(s)).Count()
	for x := chaturanga4.Seat(0); x < chaturanga4.Seats; x++ {
		if x == s || p.AttackersOf(k, x) == 0 {
			continue
		}
		if c4MovesBefore(p, x, s) {
			return score - c4RajaEnPrise
		}
		score -= c4RajaAttacked
	}
	return score
}

// c4MovesBefore reports whether seat x moves after the seat to move and
// before s's next turn (the seat to move itself when it is not s): the
// seats of Position.SeatsBefore, without making the list (this runs at
// every node of a search).
func c4MovesBefore(p *chaturanga4.Position, x, s chaturanga4.Seat) bool {
	for y := p.ToMove(); y != s; y = (y + 1) % chaturanga4.Seats {
		if y == x {
			return p.Active(x)
		}
	}
	return false
}

func c4RajaZone(k chaturanga4.Square) chaturanga4.Bitboard {
	return chaturanga4.Attacks(0, chaturanga4.King, k, 0)
}

// c4DistanceToLine is how many steps a pawn of seat s on sq still has to its
// promotion line.
func c4DistanceToLine(s chaturanga4.Seat, sq chaturanga4.Square) int {
	switch s {
	case chaturanga4.Red:
		return sq.File()
	case chaturanga4.Green:
		return 7 - sq.Rank()
	case chaturanga4.Yellow:
		return 7 - sq.File()
	}
	return sq.Rank()
}
