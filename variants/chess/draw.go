package chess

// Status is how a game stands after the last move.
type Status uint8

// Game states, in the order docs/rules/standard.md B2 reports them when several
// hold at once: checkmate or stalemate first, then insufficient material,
// repetition and the fifty-move rule.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
	DrawInsufficient
	DrawRepetition
	DrawFiftyMoves
)

func (s Status) String() string {
	return [...]string{"ongoing", "checkmate", "stalemate", "insufficient material",
		"threefold repetition", "fifty-move rule"}[s]
}

// IsDraw reports whether the status ends the game in a draw.
func (s Status) IsDraw() bool { return s >= Stalemate }

// Status applies the app's automatic end-of-game rules (docs/rules/standard.md
// B2): strictFIDEBishops restricts K+B v K+B to same-coloured bishops.
func (p *Position) Status(strictFIDEBishops bool) Status {
	var l MoveList
	p.GenerateLegal(&l)
	if l.N == 0 {
		if p.InCheck() {
			return Checkmate
		}
		return Stalemate
	}
	switch {
	case p.InsufficientMaterial(strictFIDEBishops):
		return DrawInsufficient
	case p.RepetitionCount() >= 3:
		return DrawRepetition
	case p.rule50 >= 100:
		return DrawFiftyMoves
	}
	return Ongoing
}

// RepetitionCount is how many times the current position has occurred in
// the game so far (1 if it is new). Positions are compared by Zobrist key,
// which holds side to move, castling rights and a legal en-passant square,
// as FIDE's identity requires. Only positions since the last irreversible
// move can repeat.
func (p *Position) RepetitionCount() int {
	n := 1
	stop := len(p.hist) - p.rule50
	if stop < 0 {
		stop = 0
	}
	for i := len(p.hist) - 2; i >= stop; i-- {
		if p.hist[i].hash == p.hash {
			n++
		}
	}
	return n
}

// IsRepeated reports whether the current position occurred before within
// the fifty-move window; the search treats that as a draw.
func (p *Position) IsRepeated() bool {
	stop := len(p.hist) - p.rule50
	if stop < 0 {
		stop = 0
	}
	for i := len(p.hist) - 4; i >= stop; i -= 2 {
		if p.hist[i].hash == p.hash {
			return true
		}
	}
	return false
}

// InsufficientMaterial reports the app's automatic material draws: exactly
// K v K, K+B v K, K+N v K or K+B v K+B (any bishop colours unless
// strictFIDEBishops, which requires the bishops on same-coloured squares).
func (p *Position) InsufficientMaterial(strictFIDEBishops bool) bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	switch minors.Count() {
	case 0:
		return true
	case 1:
		return true
	case 2:
		bishops := p.byType[Bishop]
		if bishops.Count() != 2 || p.byColor[White]&bishops == 0 || p.byColor[Black]&bishops == 0 {
			return false
		}
		if !strictFIDEBishops {
			return true
		}
		const dark Bitboard = 0xAA55AA55AA55AA55
		return bishops&dark == 0 || bishops&^dark == 0
	}
	return false
}
