package analysis

import "math"

// The constants of lichess's formulas (docs/analysis.md names the files):
// win % from centipawns (scalachess eval.scala, WinPercent), move accuracy
// from the drop in win % (lila AccuracyPercent.scala, fromWinPercents).
const (
	winMultiplier = 0.00368208
	cpCeiling     = 1000

	accuracyA     = 103.1668100711649
	accuracyK     = 0.04354415386753951
	accuracyB     = -3.166924740191411
	accuracyBonus = 1 // lichess's "uncertainty bonus (due to imperfect analysis)"
)

// Label is the judgement of a move: none, or an inaccuracy, a mistake or
// a blunder.
type Label uint8

// The labels, from the mover's loss of win % (Judge).
const (
	NoLabel Label = iota
	Inaccuracy
	Mistake
	Blunder
)

// Win-% drops that earn a label: lila's Advice judges drops of 0.1, 0.2
// and 0.3 in winning chances on [-1, 1], which are 5, 10 and 15 points of
// win % on [0, 100].
const (
	inaccuracyDrop = 5
	mistakeDrop    = 10
	blunderDrop    = 15
)

func (l Label) String() string {
	return [...]string{"", "inaccuracy", "mistake", "blunder"}[l]
}

// Glyph is the PGN move-assessment suffix lichess gives the label: ?!, ?
// or ?? ("" for none).
func (l Label) Glyph() string {
	return [...]string{"", "?!", "?", "??"}[l]
}

// MarshalJSON writes the label's name, or null for none.
func (l Label) MarshalJSON() ([]byte, error) {
	if l == NoLabel {
		return []byte("null"), nil
	}
	return []byte(`"` + l.String() + `"`), nil
}

// WinPercent is the chance of winning, 0..100, of the side with an
// advantage of cp centipawns: 50 + 50·(2/(1+e^(−0.00368208·cp)) − 1),
// with cp capped at ±1000 first.
func WinPercent(cp int) float64 {
	cp = max(-cpCeiling, min(cpCeiling, cp))
	return 50 + 50*(2/(1+math.Exp(-winMultiplier*float64(cp)))-1)
}

// MoveAccuracy is the accuracy, 0..100, of a move that took the mover's
// win % from before to after: 100 when it did not drop, else
// 103.1668·e^(−0.04354·drop) − 3.1669 plus lichess's bonus of 1, clamped.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := accuracyA*math.Exp(-accuracyK*(before-after)) + accuracyB + accuracyBonus
	return max(0, min(100, raw))
}

// Judge labels a move from the mover's evaluations before and after it,
// as lila's Advice does. Between two centipawn scores the drop in win %
// decides (5, 10, 15 points). With a mate on either side only a change
// of fate counts: walking into a forced mate (MateCreated) or letting a
// forced mate go (MateLost) is a blunder, softened to a mistake or an
// inaccuracy when the position was already lost (below −7 or −9.99
// pawns) or is still won (above 7 or 9.99 pawns); a slower mate, or
// escaping one, has no label.
func Judge(before, after Score) Label {
	if !before.IsMate() && !after.IsMate() {
		return dropLabel(before.WinPercent() - after.WinPercent())
	}
	prevMate, nextMate := before.IsMate(), after.IsMate()
	switch {
	case !prevMate && nextMate && after < 0: // MateCreated
		switch cp := int(before); {
		case cp < -999:
			return Inaccuracy
		case cp < -700:
			return Mistake
		}
		return Blunder
	case prevMate && before > 0 && !nextMate: // MateLost
		switch cp := int(after); {
		case cp > 999:
			return Inaccuracy
		case cp > 700:
			return Mistake
		}
		return Blunder
	case prevMate && before > 0 && nextMate && after < 0: // MateLost into being mated
		return Blunder
	}
	return NoLabel
}

// DropLabel is the label of a move that lost drop points of win % (or,
// in four-player chaturanga, of expected points on [0, 100]): 5, 10, 15.
func DropLabel(drop float64) Label { return dropLabel(drop) }

func dropLabel(drop float64) Label {
	switch {
	case drop >= blunderDrop:
		return Blunder
	case drop >= mistakeDrop:
		return Mistake
	case drop >= inaccuracyDrop:
		return Inaccuracy
	}
	return NoLabel
}

// gameAccuracy is lichess's game accuracy of one side (lila
// AccuracyPercent.gameAccuracy): the mean of a volatility-weighted mean
// and a harmonic mean of the side's move accuracies. white holds White's
// win % before the first move and after every ply (len(acc)+1 values);
// acc holds every ply's move accuracy; mine[i] says whether ply i was the
// side's. Each ply's weight is the standard deviation of white's win %
// over a window around it, clamped to 0.5..12, so moves in sharp phases
// count more. NaN when the side has no move.
func gameAccuracy(white []float64, acc []float64, mine []bool) float64 {
	weights := volatility(white)
	var sumWA, sumW, sumInv float64
	n := 0
	for i, a := range acc {
		if !mine[i] {
			continue
		}
		sumWA += a * weights[i]
		sumW += weights[i]
		sumInv += 1 / max(1, a)
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	weighted := sumWA / sumW
	harmonic := float64(n) / sumInv
	return (weighted + harmonic) / 2
}

// volatility returns one weight per ply (len(white)−1) as lichess builds
// them: windows of clamp(plies/10, 2, 8) consecutive win percentages,
// the first window repeated so that the windows line up with the plies.
func volatility(white []float64) []float64 {
	plies := len(white) - 1
	if plies < 1 {
		return nil
	}
	size := max(2, min(8, plies/10))
	size = min(size, len(white))
	weights := make([]float64, 0, plies)
	for range size - 2 {
		weights = append(weights, windowWeight(white[:size]))
	}
	for i := 0; i+size <= len(white) && len(weights) < plies; i++ {
		weights = append(weights, windowWeight(white[i:i+size]))
	}
	return weights
}

// windowWeight is the population standard deviation, clamped to 0.5..12.
func windowWeight(xs []float64) float64 {
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return max(0.5, min(12, math.Sqrt(v/float64(len(xs)))))
}
