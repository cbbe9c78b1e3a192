package chaturanga4

// Status is whether the game is over and why.
type Status struct {
	Over bool
	// Winner is the last seat in when the game was won (Draw false).
	Winner Seat
	// Draw: the seats still in share the game.
	Draw   bool
	Reason string
}

// Status applies the end-of-game rules, checked after every turn: the last
// raja standing wins; threefold repetition, 50 turns of every active seat
// without a pawn move, capture or conversion, and (with two seats left) the
// insufficient-material list draw automatically.
func (p *Position) Status() Status {
	switch {
	case p.ActiveCount() == 1:
		return Status{Over: true, Winner: p.toMove, Reason: p.toMove.Name() + " is the last raja standing"}
	case p.RepetitionCount() >= 3:
		return Status{Over: true, Draw: true, Reason: "threefold repetition"}
	case p.halfmove >= 50*p.ActiveCount():
		return Status{Over: true, Draw: true, Reason: "50-move rule"}
	case p.ActiveCount() == 2 && p.insufficientMaterial():
		return Status{Over: true, Draw: true, Reason: "insufficient material"}
	}
	return Status{}
}

// RepetitionCount is how many times the current position has occurred,
// this time included. Only the turns since the last irreversible one can
// repeat it.
func (p *Position) RepetitionCount() int {
	n := 1
	for i, back := len(p.hist)-1, 0; i >= 0 && back < p.halfmove; i, back = i-1, back+1 {
		if p.hist[i].hash == p.hash {
			n++
		}
	}
	return n
}

// material is what a seat has besides its raja, for the insufficient
// material list: nothing, one boat, one knight, or anything else.
type material uint8

const (
	bareRaja material = iota
	oneBoat
	oneKnight
	more
)

func (p *Position) material(s Seat) material {
	rest := p.bySeat[s] &^ p.byType[King]
	switch {
	case rest == 0:
		return bareRaja
	case rest.Many():
		return more
	case rest&p.byType[Boat] != 0:
		return oneBoat
	case rest&p.byType[Knight] != 0:
		return oneKnight
	}
	return more
}

// insufficientMaterial is the rules' list for the two seats in (frozen
// pieces do not count): raja v raja, v raja + boat, raja + boat v raja +
// boat, raja v raja + knight, raja + knight v raja + knight; with
// ExtendedInsufficient also raja + boat v raja + knight.
func (p *Position) insufficientMaterial() bool {
	var ms []material
	for s := Seat(0); s < Seats; s++ {
		if p.Active(s) {
			ms = append(ms, p.material(s))
		}
	}
	a, b := min(ms[0], ms[1]), max(ms[0], ms[1])
	switch {
	case b == more:
		return false
	case a == bareRaja, a == b:
		return true
	}
	return p.opts.ExtendedInsufficient // boat v knight
}

// Scores are each seat's share of the game once it is over: 1 to the
// winner; after a draw the seats still in share 1 equally; a seat that was
// eliminated gets 0.
func (p *Position) Scores() []float64 {
	sc := make([]float64, Seats)
	for s := Seat(0); s < Seats; s++ {
		if p.Active(s) {
			sc[s] = 1 / float64(p.ActiveCount())
		}
	}
	return sc
}

// Ranks are each seat's place (1..4) once the game is over: the winner
// first, or every seat still in first after a draw; the eliminated seats
// after them, the later a seat fell the better its place.
func (p *Position) Ranks() [Seats]int {
	var r [Seats]int
	place := 1
	for s := Seat(0); s < Seats; s++ {
		if p.Active(s) {
			r[s] = 1
		}
	}
	place += p.ActiveCount()
	for i := len(p.eliminated) - 1; i >= 0; i-- {
		r[p.eliminated[i]] = place
		place++
	}
	return r
}
