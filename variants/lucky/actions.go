package lucky

import (
	"errors"
	"fmt"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// An action is packed in a variants.Action:
//
//	bits  0-31  a chess.Move (moves, removals -e4, relocations e4>e6,
//	            placements N@e4, the pass 0000)
//	bits 32-35  the action type (ActionType)
//	bits 36-43  the card revealed (reveal); the promoting files (wave)
//	bits 44-59  the wave's promotion choices, 2 bits per file (0 N, 1 B,
//	            2 R, 3 Q, as chess.Move codes them)
//
// Zero is no action.

// ActionType says what kind of step an action is.
type ActionType uint8

// Action types.
const (
	ActMove   ActionType = iota // a chess.Move: move, removal, relocation, placement, pass
	ActDraw                     // draw the top card
	ActReveal                   // the referee reveals the drawn card
	ActAnnul                    // annul both temporal cards
	ActWave                     // the collective pawn step of pawns-back/pawns-forward
	ActBomb                     // the collective removal of a fierce or crazy bomb
	ActClaim                    // claim a draw (draw_claims=fide)
)

// Fixed actions.
const (
	DrawAction  = variants.Action(ActDraw) << 32
	AnnulAction = variants.Action(ActAnnul) << 32
	BombAction  = variants.Action(ActBomb) << 32
	ClaimAction = variants.Action(ActClaim) << 32
	PassAction  = variants.Action(chess.NullMove)
)

// MoveAction wraps a board action (chess move, removal, relocation,
// placement or pass).
func MoveAction(m chess.Move) variants.Action { return variants.Action(m) }

// RevealAction is the referee's reveal of card kind k.
func RevealAction(k Kind) variants.Action {
	return variants.Action(ActReveal)<<32 | variants.Action(k)<<36
}

// WaveAction is the pawn step; files is the set of files on which a pawn
// promotes, choices holds 2 bits per file (the promotion piece, 0 knight ..
// 3 queen).
func WaveAction(files uint8, choices uint16) variants.Action {
	return variants.Action(ActWave)<<32 | variants.Action(files)<<36 | variants.Action(choices)<<44
}

// TypeOf returns the type of a.
func TypeOf(a variants.Action) ActionType { return ActionType(a >> 32 & 15) }

// MoveOf returns the board action inside an ActMove action.
func MoveOf(a variants.Action) chess.Move { return chess.Move(uint32(a)) }

// CardOf returns the card of a reveal action.
func CardOf(a variants.Action) Kind { return Kind(a >> 36 & 0xff) }

func waveFiles(a variants.Action) uint8    { return uint8(a >> 36) }
func waveChoices(a variants.Action) uint16 { return uint16(a >> 44) }

// epMove and castleMove build the special moves the chess package has no
// exported constructor for (bit layout of chess.Move).
func epMove(from, to chess.Square) chess.Move {
	return chess.Move(uint32(from) | uint32(to)<<6 | uint32(chess.KindEnPassant)<<14)
}

func castleMove(from, to chess.Square) chess.Move {
	return chess.Move(uint32(from) | uint32(to)<<6 | uint32(chess.KindCastle)<<14)
}

const promoLetters = "nbrq"

// FormatAction writes a's token (docs/lucky.md): e2e4, e7e8q, e1g1, draw,
// a card id for a reveal, -e4, N@e4, e4>e6, pawns, pawns=qn, bomb, annul,
// claim, 0000.
func (s *State) FormatAction(a variants.Action) string { return FormatAction(a) }

// FormatAction is the state-independent form of (*State).FormatAction.
func FormatAction(a variants.Action) string {
	switch TypeOf(a) {
	case ActMove:
		m := MoveOf(a)
		switch m.Kind() {
		case chess.KindDrop:
			return string(m.DropPiece().Type().Letter()) + "@" + m.To().String()
		case chess.KindNull:
			return "0000"
		}
		if a>>32 != 0 || m == chess.NoMove {
			return "(none)"
		}
		return m.String()
	case ActDraw:
		return "draw"
	case ActReveal:
		k := CardOf(a)
		if int(k) >= len(cards) {
			return "(none)"
		}
		return cards[k].ID
	case ActAnnul:
		return "annul"
	case ActBomb:
		return "bomb"
	case ActClaim:
		return "claim"
	case ActWave:
		files, ch := waveFiles(a), waveChoices(a)
		if files == 0 {
			return "pawns"
		}
		b := []byte("pawns=")
		for f := 0; f < 8; f++ {
			if files&(1<<f) != 0 {
				b = append(b, promoLetters[ch>>(2*f)&3])
			}
		}
		return string(b)
	}
	return "(none)"
}

// errSyntax marks malformed tokens (as opposed to illegal ones).
var errSyntax = errors.New("malformed action")

// ParseAction reads an action token in the current state. A token that is
// well formed but not legal now yields an error wrapping
// variants.ErrIllegal; a malformed token another error.
func (s *State) ParseAction(tok string) (variants.Action, error) {
	want, match, err := s.decode(tok)
	if err != nil {
		return 0, fmt.Errorf("%w %q: %v", errSyntax, tok, err)
	}
	s.scratch = s.Legal(s.scratch[:0])
	for _, a := range s.scratch {
		if match(a, want) {
			return a, nil
		}
	}
	if s.m.over {
		return 0, fmt.Errorf("%w: %q: the game is over", variants.ErrIllegal, tok)
	}
	return 0, fmt.Errorf("%w: %q in %s", variants.ErrIllegal, tok, s.Encode())
}

func exact(a, want variants.Action) bool { return a == want }

// uciMatch compares from, to and promotion piece, so that e1g1 finds the
// castling move and e5d6 the en-passant capture.
func uciMatch(a, want variants.Action) bool {
	if TypeOf(a) != ActMove {
		return false
	}
	m, w := MoveOf(a), MoveOf(want)
	switch m.Kind() {
	case chess.KindDrop, chess.KindRemove, chess.KindRelocate, chess.KindNull:
		return false
	}
	if m.From() != w.From() || m.To() != w.To() {
		return false
	}
	if (m.Kind() == chess.KindPromotion) != (w.Kind() == chess.KindPromotion) {
		return false
	}
	return w.Kind() != chess.KindPromotion || m.Promotion() == w.Promotion()
}

func waveMatch(a, want variants.Action) bool {
	return TypeOf(a) == ActWave && FormatAction(a) == FormatAction(want)
}

// decode parses tok's syntax into a template action and the way to match
// it against the legal actions.
func (s *State) decode(tok string) (variants.Action, func(a, want variants.Action) bool, error) {
	t := strings.TrimSpace(tok)
	switch t {
	case "":
		return 0, nil, errors.New("empty token")
	case "draw":
		return DrawAction, exact, nil
	case "annul":
		return AnnulAction, exact, nil
	case "bomb":
		return BombAction, exact, nil
	case "claim":
		return ClaimAction, exact, nil
	case "0000":
		return PassAction, exact, nil
	}
	if t == "pawns" || strings.HasPrefix(t, "pawns=") {
		var files uint8
		var ch uint16
		if len(t) > 6 {
			letters := strings.ToLower(t[6:])
			if len(letters) > 8 {
				return 0, nil, errors.New("more than 8 promotion letters")
			}
			for i := 0; i < len(letters); i++ {
				c := strings.IndexByte(promoLetters, letters[i])
				if c < 0 {
					return 0, nil, fmt.Errorf("promotion letter %q", letters[i])
				}
				files |= 1 << i
				ch |= uint16(c) << (2 * i)
			}
		}
		return WaveAction(files, ch), waveMatch, nil
	}
	if k, ok := KindByID(t); ok {
		return RevealAction(k), exact, nil
	}
	if len(t) == 3 && t[0] == '-' {
		sq, ok := chess.ParseSquare(t[1:])
		if !ok {
			return 0, nil, errors.New("bad square")
		}
		return MoveAction(chess.NewRemoval(sq)), exact, nil
	}
	if len(t) == 4 && t[1] == '@' {
		pt := typeOfLetter(t[0])
		sq, ok := chess.ParseSquare(t[2:])
		if pt == chess.NoPieceType || pt == chess.King || !ok {
			return 0, nil, errors.New("bad placement")
		}
		return MoveAction(chess.NewDrop(chess.MakePiece(s.m.side, pt), sq)), exact, nil
	}
	if len(t) == 5 && t[2] == '>' {
		from, ok1 := chess.ParseSquare(t[:2])
		to, ok2 := chess.ParseSquare(t[3:])
		if !ok1 || !ok2 {
			return 0, nil, errors.New("bad relocation")
		}
		return MoveAction(chess.NewRelocation(from, to)), exact, nil
	}
	if len(t) == 4 || len(t) == 5 {
		from, ok1 := chess.ParseSquare(t[:2])
		to, ok2 := chess.ParseSquare(t[2:4])
		if !ok1 || !ok2 {
			return 0, nil, errors.New("unknown token")
		}
		if len(t) == 5 {
			pt := typeOfLetter(t[4])
			if pt < chess.Knight || pt > chess.Queen {
				return 0, nil, errors.New("bad promotion piece")
			}
			return MoveAction(chess.NewPromotion(from, to, pt)), uciMatch, nil
		}
		return MoveAction(chess.NewMove(from, to)), uciMatch, nil
	}
	return 0, nil, errors.New("unknown token")
}

// ApplyTokens parses and applies each token in turn (ParseAction, Apply).
// It is all or nothing: on an error the state is restored to what it was
// before the call.
func (s *State) ApplyTokens(tokens ...string) error {
	for i, t := range tokens {
		a, err := s.ParseAction(t)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			for j := 0; j < i; j++ {
				s.Undo()
			}
			return fmt.Errorf("action %d: %w", i+1, err)
		}
	}
	return nil
}
