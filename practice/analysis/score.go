package analysis

import (
	"fmt"
	"strconv"

	"azar/search"
)

// Score is an evaluation from one side's point of view in the search's
// units: centipawns, or ±(search.MateScore − plies) for a forced mate
// (positive: this side mates).
type Score int

// Mated is the score of a side to move that is checkmated; its negation,
// the score of the side that just mated, is "mate in 0" (+M0).
const Mated = Score(-search.MateScore)

// IsMate reports whether the score is a forced mate, for either side.
func (s Score) IsMate() bool { return s >= search.MateBound || s <= -search.MateBound }

// MateIn is the number of moves of the mating side to the mate, as UCI
// and lichess count it: positive when this side mates, negative when it
// is mated, 0 when the mate is on the board (+0: this side has mated,
// the only zero a report holds, since its scores are the mover's). The
// sign of a negated score flips and the count stays, so a score taken
// from the opponent's search and negated reads the same. Only meaningful
// with IsMate.
func (s Score) MateIn() int {
	if s < 0 {
		return -((search.MateScore + int(s) + 1) / 2)
	}
	return (search.MateScore - int(s) + 1) / 2
}

// CP is the score in centipawns, with a mate as ±1000 (the cap of the
// win-% formula, as lichess counts a mate).
func (s Score) CP() int {
	switch {
	case s >= search.MateBound:
		return cpCeiling
	case s <= -search.MateBound:
		return -cpCeiling
	}
	return int(s)
}

// WinPercent is the side's chance of winning, 0..100 (WinPercent of CP).
func (s Score) WinPercent() float64 { return WinPercent(s.CP()) }

// String writes the score as the match runner's PGN comments do: +0.35,
// -1.20, +M3, -M2; +M0 for a mate on the board.
func (s Score) String() string {
	if s.IsMate() {
		if s < 0 {
			return fmt.Sprintf("-M%d", -s.MateIn())
		}
		return fmt.Sprintf("+M%d", s.MateIn())
	}
	sign, v := "+", int(s)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// UCI writes the score as UCI's info line does: "cp 35", "mate -2".
func (s Score) UCI() string {
	if s.IsMate() {
		return "mate " + strconv.Itoa(s.MateIn())
	}
	return "cp " + strconv.Itoa(int(s))
}

// MarshalJSON writes {"cp": N} or {"mate": N} (N as MateIn).
func (s Score) MarshalJSON() ([]byte, error) {
	if s.IsMate() {
		return []byte(`{"mate":` + strconv.Itoa(s.MateIn()) + `}`), nil
	}
	return []byte(`{"cp":` + strconv.Itoa(int(s)) + `}`), nil
}

// FromUCI is the score an engine's info line gave (UCI's "cp N" or
// "mate N"; mate 0 only for a side already mated) in the search's
// units, so that MateIn gives N back: how a report is built from an
// engine spoken to through the protocol.
func FromUCI(cp, mate int) Score {
	switch {
	case mate > 0:
		return Score(search.MateScore - 2*mate + 1)
	case mate < 0:
		return Score(-(search.MateScore + 2*mate))
	}
	return Score(cp)
}
