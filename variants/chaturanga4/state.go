package chaturanga4

import (
	"fmt"
	"strings"

	"azar/variants"
)

// State is a game of four-player chaturanga as the search, the protocol and
// the referee see every game (variants.State): seats 0..3 are Red, Green,
// Yellow, Black; an action is a Move.
type State struct {
	pos *Position
	// movesOnly: the draw rules are not applied (ToAct and Legal see only
	// the moves, as perft counts them).
	movesOnly bool
}

// NewState returns a game at the start position under opts.
func NewState(opts Options) *State {
	p := NewPosition()
	p.opts = opts
	return &State{pos: p}
}

// StateFrom wraps a position (which the state then owns).
func StateFrom(p *Position) *State { return &State{pos: p} }

// PerftState wraps a position for counting moves: the draw rules are not
// applied, so the tree ends only where one seat is left (Position.Perft's
// rules).
func PerftState(p *Position) *State { return &State{pos: p, movesOnly: true} }

// over reports the end of the game, by the draw rules too unless the
// state counts moves only.
func (s *State) over() bool {
	if s.movesOnly {
		return s.pos.GameOver()
	}
	return s.pos.Status().Over
}

// Position is the game's position (not to be changed but through the
// state).
func (s *State) Position() *Position { return s.pos }

// Players is 4.
func (s *State) Players() int { return Seats }

// ToAct is the seat to move, or NoPlayer once the game is over.
func (s *State) ToAct() variants.Player {
	if s.over() {
		return variants.NoPlayer
	}
	return variants.Player(s.pos.toMove)
}

// Legal appends the legal moves (none once the game is over).
func (s *State) Legal(buf []variants.Action) []variants.Action {
	if s.over() {
		return buf
	}
	var l MoveList
	s.pos.Generate(&l)
	for _, m := range l.Slice() {
		buf = append(buf, variants.Action(m))
	}
	return buf
}

// Chances is empty: the game has no chance events.
func (s *State) Chances(buf []variants.Outcome) []variants.Outcome { return buf }

// Apply plays a after checking it is legal.
func (s *State) Apply(a variants.Action) error {
	if s.over() {
		return fmt.Errorf("the game is over: %w", variants.ErrIllegal)
	}
	m := Move(a)
	if uint64(a) != uint64(m) || !s.pos.IsLegal(m) {
		return fmt.Errorf("move %s is illegal for %s in %s: %w", m, s.pos.toMove.Name(), s.pos.C4N(), variants.ErrIllegal)
	}
	s.pos.Make(m)
	return nil
}

// ApplyTrusted plays a, which must be one of the moves Legal returned in
// this position, without checking it (the search's fast path).
func (s *State) ApplyTrusted(a variants.Action) { s.pos.Make(Move(a)) }

// ApplyTokens parses and applies each token in turn (ParseAction, Apply),
// all or nothing: on an error the state is restored to what it was before
// the call and the error names the token.
func (s *State) ApplyTokens(tokens ...string) error {
	for i, tok := range tokens {
		a, err := s.ParseAction(tok)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			for range i {
				s.Undo()
			}
			return fmt.Errorf("move %d (%s): %w", i+1, tok, err)
		}
	}
	return nil
}

// Undo takes back the last move.
func (s *State) Undo() { s.pos.Unmake() }

// Result reports the end: the scores (Position.Scores) and the reason.
func (s *State) Result() (bool, []float64, string) {
	st := s.pos.Status()
	if !st.Over {
		return false, nil, ""
	}
	return true, s.pos.Scores(), st.Reason
}

// ParseAction reads a move token (Position.ParseMove).
func (s *State) ParseAction(tok string) (variants.Action, error) {
	if s.over() {
		return 0, fmt.Errorf("move %s: the game is over: %w", tok, variants.ErrIllegal)
	}
	m, err := s.pos.ParseMove(tok)
	return variants.Action(m), err
}

// FormatAction writes a move's token.
func (s *State) FormatAction(a variants.Action) string { return Move(a).String() }

// Encode writes the position in C4N.
func (s *State) Encode() string { return s.pos.C4N() }

// Clone returns an independent copy.
func (s *State) Clone() variants.State { return &State{pos: s.pos.Clone(), movesOnly: s.movesOnly} }

// Set changes a rule option by its name in the rules (extended_insufficient
// = true or false).
func (o *Options) Set(name, value string) error {
	switch name {
	case "extended_insufficient":
		switch strings.ToLower(value) {
		case "true", "on", "1":
			o.ExtendedInsufficient = true
		case "false", "off", "0":
			o.ExtendedInsufficient = false
		default:
			return fmt.Errorf("extended_insufficient %q: want true or false", value)
		}
		return nil
	}
	return fmt.Errorf("unknown chaturanga4 rule option %q (known: extended_insufficient)", name)
}
