package tune

import (
	"math"

	"azar/eval"
)

// HandSet returns the hand-set starting weights: textbook material values,
// simple centralisation piece-square tables and round numbers for the
// other terms. They are what weights.go held before any tuning, and a
// reasonable start for a tuning run (-init handset).
func HandSet() eval.Weights {
	var w eval.Weights
	S := eval.S
	w.Material = [5]eval.Score{S(100, 120), S(320, 300), S(330, 320), S(500, 530), S(900, 950)}

	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		cd := max(3-f, f-4) + max(3-r, r-4) // 0 in the centre ... 6 in a corner
		// Pawns: advance, and occupy the centre.
		if r >= 1 && r <= 6 {
			mg := 2 * (r - 1)
			switch {
			case (f == 3 || f == 4) && r >= 2 && r <= 4:
				mg += 10
			case (f == 2 || f == 5) && (r == 2 || r == 3):
				mg += 5
			case (f == 3 || f == 4) && r == 1:
				mg -= 5
			}
			w.PST[0][sq] = S(mg, 4*(r-1))
		}
		w.PST[1][sq] = S(15-6*cd, 10-5*cd)
		w.PST[2][sq] = S(8-3*cd, 6-3*cd)
		rook := S(0, 0)
		if r == 6 {
			rook += S(15, 10)
		}
		if f == 3 || f == 4 {
			rook += S(5, 0)
		}
		w.PST[3][sq] = rook
		w.PST[4][sq] = S(4-2*cd, 8-4*cd)
		kmg := -60
		switch r {
		case 0:
			kmg = [8]int{20, 30, 10, 0, 0, 10, 30, 20}[f]
		case 1:
			kmg = [8]int{10, 10, -5, -10, -10, -5, 10, 10}[f]
		case 2:
			kmg = -20
		case 3:
			kmg = -40
		}
		w.PST[5][sq] = S(kmg, 20-8*cd)
	}

	w.BishopPair = S(30, 50)
	mobility := func(table []eval.Score, avg, mg, eg float64) {
		for n := range table {
			x := math.Sqrt(float64(n)) - math.Sqrt(avg)
			table[n] = S(int(math.Round(mg*x)), int(math.Round(eg*x)))
		}
	}
	mobility(w.KnightMobility[:], 4, 20, 20)
	mobility(w.BishopMobility[:], 6, 16, 16)
	mobility(w.RookMobility[:], 7, 10, 20)
	mobility(w.QueenMobility[:], 12, 6, 10)

	w.KnightOutpost = S(20, 10)
	w.BishopOutpost = S(10, 5)
	w.RookOpenFile = S(25, 10)
	w.RookSemiOpenFile = S(12, 6)

	w.PawnDoubled = S(-10, -20)
	w.PawnIsolated = S(-10, -15)
	w.PawnBackward = S(-8, -10)
	for r := 1; r <= 6; r++ {
		w.PawnPhalanx[r] = S([8]int{0, 2, 4, 6, 12, 25, 40, 0}[r], [8]int{0, 1, 2, 4, 8, 15, 25, 0}[r])
		w.PawnSupported[r] = S([8]int{0, 0, 6, 8, 12, 20, 30, 0}[r], [8]int{0, 0, 3, 4, 8, 12, 20, 0}[r])
		w.PassedPawn[r] = S([8]int{0, 5, 8, 12, 25, 45, 70, 0}[r], [8]int{0, 10, 15, 25, 45, 75, 120, 0}[r])
		w.PassedFreePath[r] = S(0, [8]int{0, 0, 0, 5, 10, 20, 30, 0}[r])
		w.PassedSafePush[r] = S([8]int{0, 0, 0, 2, 5, 8, 12, 0}[r], [8]int{0, 0, 2, 5, 10, 15, 25, 0}[r])
		w.PassedOwnKing[r] = S(0, -2*(r-1))
		w.PassedEnemyKing[r] = S(0, 4*(r-1))
	}

	w.ThreatByPawn = [4]eval.Score{S(50, 40), S(50, 40), S(70, 50), S(70, 50)}
	w.ThreatByMinor = [5]eval.Score{S(5, 15), S(25, 25), S(25, 25), S(40, 30), S(40, 40)}
	w.ThreatByRook = [5]eval.Score{S(5, 15), S(20, 20), S(20, 20), S(15, 15), S(40, 40)}

	w.PawnShield = [8]eval.Score{S(-25, 0), S(15, 0), S(8, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)}
	w.PawnStorm = [8]eval.Score{S(0, 0), S(0, 0), S(-20, 0), S(-10, 0), S(-5, 0), S(0, 0), S(0, 0), S(0, 0)}

	w.KingAttackers = [4]eval.Score{S(20, 5), S(15, 5), S(20, 5), S(30, 10)}
	w.KingZoneAttacks = S(12, 3)
	w.KingWeakSquares = S(25, 5)
	w.KingSafeChecks = [4]eval.Score{S(60, 10), S(45, 10), S(70, 10), S(55, 10)}
	w.KingNoQueen = S(-150, -30)
	w.KingDangerBias = S(-60, 0)

	w.MopUpCorner = S(0, 10)
	w.MopUpKings = S(0, 5)
	w.Tempo = S(20, 10)
	return w
}
