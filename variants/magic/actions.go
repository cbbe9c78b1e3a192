package magic

import (
	"errors"
	"fmt"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// An action is packed in a variants.Action:
//
//	bits  0-31  a standard move (a chess.Move; bit 20 marks a royal
//	            stride), or a card's targets: four 6-bit fields a, b, c,
//	            d (bits 0-23) and a 3-bit field n (bits 24-26)
//	bits 32-37  the card
//	bits 38-40  the window
//	bits 41-43  the action type
//
// The targets by shape (Targets): TSquare a; TFlank n (0 queen side, 1
// king side); TFile a; TEffect a (the effect's card); TEffectSign a and n
// (1 plus, 0 minus); TTwoSquares a, b; TTwoMoves a→b, c→d; TPawns a, b, c
// and n (how many); TPieceSquare n (the piece type) and a; TSquarePiece a
// and n.

// ActionType says what an action is.
type ActionType uint8

// Action types.
const (
	ActMove  ActionType = iota // a standard move
	ActPass                    // decline a window
	ActCard                    // commit a card
	ActClaim                   // claim a draw (draw_claims=fide)
)

// Fixed actions.
const (
	PassAction  = variants.Action(ActPass) << 41
	ClaimAction = variants.Action(ActClaim) << 41
)

// TypeOf returns a's type.
func TypeOf(a variants.Action) ActionType { return ActionType(a >> 41 & 7) }

// MoveAction wraps a standard move.
func MoveAction(m chess.Move) variants.Action { return variants.Action(uint32(m)) }

// MoveOf is the move of an ActMove action (with the stride mark).
func MoveOf(a variants.Action) chess.Move { return chess.Move(uint32(a)) }

func cardOf(a variants.Action) CardID   { return CardID(a >> 32 & 63) }
func windowOf(a variants.Action) Window { return Window(a >> 38 & 7) }
func payload(a variants.Action) uint32  { return uint32(a) }

// CardOf returns the card of an ActCard action and its window.
func CardOf(a variants.Action) (CardID, Window) { return cardOf(a), windowOf(a) }

// Targets of a card action, decoded.
type tg struct {
	a, b, c, d chess.Square
	n          int
}

func targetsOf(a variants.Action) tg {
	p := payload(a)
	return tg{chess.Square(p & 63), chess.Square(p >> 6 & 63), chess.Square(p >> 12 & 63), chess.Square(p >> 18 & 63), int(p >> 24 & 7)}
}

func (t tg) pack() uint32 {
	return uint32(t.a) | uint32(t.b)<<6 | uint32(t.c)<<12 | uint32(t.d)<<18 | uint32(t.n)<<24
}

// cardAction builds a commitment of card c in window w with targets t.
func cardAction(c CardID, w Window, t tg) variants.Action {
	return variants.Action(ActCard)<<41 | variants.Action(w)<<38 | variants.Action(c)<<32 | variants.Action(t.pack())
}

const pieceLetters = "PNBRQK"

func typeLetter(t chess.PieceType) byte {
	if t >= chess.Pawn && t <= chess.King {
		return pieceLetters[t-1]
	}
	return '?'
}

func letterType(b byte) chess.PieceType {
	i := strings.IndexByte(pieceLetters, b&^0x20)
	if i < 0 {
		return chess.NoPieceType
	}
	return chess.PieceType(i + 1)
}

// FormatAction writes a's token (docs/rules/magic.md §15): e2e4, e7e8q,
// e1g1 (castling), Ke1e3 (a royal stride), pass, claim, AM08, AM13:b1,d4,
// AM07:k, AM22:d, AM11:AM34, AM12:AM34,+, AM23:b1c3,g1f3, AM24:a2,b2,
// AM25:R,a1, AM27:e7,N.
func (s *State) FormatAction(a variants.Action) string { return FormatAction(a) }

// FormatAction is the state-independent form of (*State).FormatAction.
func FormatAction(a variants.Action) string {
	switch TypeOf(a) {
	case ActMove:
		m := MoveOf(a)
		if a>>32 != 0 || m&^strideBit == chess.NoMove || m>>18&^(strideBit>>18) != 0 {
			return "(none)"
		}
		if m&strideBit != 0 {
			return "K" + (m &^ strideBit).String()
		}
		return m.String()
	case ActPass:
		return "pass"
	case ActClaim:
		return "claim"
	case ActCard:
	default:
		return "(none)"
	}
	c := cardOf(a)
	if c >= NumCards {
		return "(none)"
	}
	t := targetsOf(a)
	var b strings.Builder
	b.WriteString(c.Code())
	sep := func() { b.WriteByte(',') }
	switch c.Info().Targets {
	case TNone:
		return b.String()
	case TSquare:
		b.WriteByte(':')
		b.WriteString(t.a.String())
	case TFlank:
		b.WriteByte(':')
		b.WriteByte("qk"[t.n&1])
	case TFile:
		b.WriteByte(':')
		b.WriteByte(byte('a' + int(t.a)&7))
	case TEffect, TEffectSign:
		b.WriteByte(':')
		b.WriteString(CardID(t.a).Code())
		if c.Info().Targets == TEffectSign {
			sep()
			b.WriteByte("-+"[t.n&1])
		}
	case TTwoSquares:
		b.WriteByte(':')
		b.WriteString(t.a.String())
		sep()
		b.WriteString(t.b.String())
	case TTwoMoves:
		b.WriteByte(':')
		b.WriteString(t.a.String() + t.b.String())
		sep()
		b.WriteString(t.c.String() + t.d.String())
	case TPawns:
		b.WriteByte(':')
		sq := [3]chess.Square{t.a, t.b, t.c}
		for i := 0; i < t.n && i < 3; i++ {
			if i > 0 {
				sep()
			}
			b.WriteString(sq[i].String())
		}
	case TPieceSquare:
		b.WriteByte(':')
		b.WriteByte(typeLetter(chess.PieceType(t.n)))
		sep()
		b.WriteString(t.a.String())
	case TSquarePiece:
		b.WriteByte(':')
		b.WriteString(t.a.String())
		sep()
		b.WriteByte(typeLetter(chess.PieceType(t.n)))
	}
	return b.String()
}

// FormatRecord writes a commitment the way game records do (rules §15):
// AM13@MAIN(b1,d4); a standard move or pass as FormatAction.
func FormatRecord(a variants.Action) string {
	if TypeOf(a) != ActCard {
		return FormatAction(a)
	}
	tok := FormatAction(a)
	code, args, _ := strings.Cut(tok, ":")
	return code + "@" + windowOf(a).String() + "(" + args + ")"
}

// errSyntax marks malformed tokens.
var errSyntax = errors.New("malformed action")

// template is a decoded token: the action without its window, and how it
// matches the legal actions.
type template struct {
	act    variants.Action
	card   bool
	anyUCI bool // a plain from-to move token: matches castling, en passant, strides
}

func decodeSquare(s string) (chess.Square, error) {
	sq, ok := chess.ParseSquare(s)
	if !ok {
		return 0, fmt.Errorf("bad square %q", s)
	}
	return sq, nil
}

func decodeMove(s string) (chess.Square, chess.Square, error) {
	if len(s) != 4 {
		return 0, 0, fmt.Errorf("bad move %q", s)
	}
	a, err := decodeSquare(s[:2])
	if err != nil {
		return 0, 0, err
	}
	b, err := decodeSquare(s[2:])
	return a, b, err
}

func decode(tok string) (template, error) {
	t := strings.TrimSpace(tok)
	switch t {
	case "":
		return template{}, errors.New("empty token")
	case "pass", "0000":
		return template{act: PassAction}, nil
	case "claim":
		return template{act: ClaimAction}, nil
	}
	if len(t) >= 4 && (t[:2] == "AM" || t[:2] == "am") {
		return decodeCard(t)
	}
	stride := false
	if t[0] == 'K' {
		stride = true
		t = t[1:]
	}
	if len(t) == 4 || len(t) == 5 {
		from, to, err := decodeMove(t[:4])
		if err != nil {
			return template{}, err
		}
		m := chess.NewMove(from, to)
		if len(t) == 5 {
			pt := letterType(t[4])
			if pt < chess.Knight || pt > chess.Queen || stride {
				return template{}, errors.New("bad promotion piece")
			}
			m = chess.NewPromotion(from, to, pt)
		}
		if stride {
			return template{act: MoveAction(m | strideBit)}, nil
		}
		return template{act: MoveAction(m), anyUCI: true}, nil
	}
	return template{}, errors.New("unknown token")
}

func decodeCard(tok string) (template, error) {
	code, args, hasArgs := strings.Cut(tok, ":")
	c, ok := ParseCode(code)
	if !ok {
		return template{}, fmt.Errorf("unknown card %q", code)
	}
	info := c.Info()
	var parts []string
	if hasArgs {
		parts = strings.Split(args, ",")
	}
	want := map[Targets]int{TNone: 0, TSquare: 1, TFlank: 1, TFile: 1, TEffect: 1, TEffectSign: 2,
		TTwoSquares: 2, TTwoMoves: 2, TPieceSquare: 2, TSquarePiece: 2}[info.Targets]
	if info.Targets == TPawns {
		if len(parts) < 1 || len(parts) > 3 {
			return template{}, fmt.Errorf("%s wants one to three pawns", code)
		}
	} else if len(parts) != want || (want == 0 && hasArgs) {
		return template{}, fmt.Errorf("%s wants %d targets", c.Code(), want)
	}
	var x tg
	var err error
	switch info.Targets {
	case TSquare:
		x.a, err = decodeSquare(parts[0])
	case TFlank:
		switch parts[0] {
		case "q":
			x.n = 0
		case "k":
			x.n = 1
		default:
			err = fmt.Errorf("bad flank %q (q or k)", parts[0])
		}
	case TFile:
		if len(parts[0]) != 1 || parts[0][0] < 'a' || parts[0][0] > 'h' {
			err = fmt.Errorf("bad file %q", parts[0])
		} else {
			x.a = chess.Square(parts[0][0] - 'a')
		}
	case TEffect, TEffectSign:
		e, ok := ParseCode(parts[0])
		if !ok {
			err = fmt.Errorf("bad effect card %q", parts[0])
		}
		x.a = chess.Square(e)
		if info.Targets == TEffectSign {
			switch parts[1] {
			case "+":
				x.n = 1
			case "-":
				x.n = 0
			default:
				err = fmt.Errorf("bad sign %q", parts[1])
			}
		}
	case TTwoSquares:
		if x.a, err = decodeSquare(parts[0]); err == nil {
			x.b, err = decodeSquare(parts[1])
		}
	case TTwoMoves:
		if x.a, x.b, err = decodeMove(parts[0]); err == nil {
			x.c, x.d, err = decodeMove(parts[1])
		}
	case TPawns:
		sq := [3]*chess.Square{&x.a, &x.b, &x.c}
		for i, p := range parts {
			if *sq[i], err = decodeSquare(p); err != nil {
				break
			}
		}
		x.n = len(parts)
	case TPieceSquare, TSquarePiece:
		lp, sp := parts[0], parts[1]
		if info.Targets == TSquarePiece {
			lp, sp = sp, lp
		}
		if len(lp) != 1 || letterType(lp[0]) == chess.NoPieceType {
			err = fmt.Errorf("bad piece letter %q", lp)
		} else {
			x.n = int(letterType(lp[0]))
			x.a, err = decodeSquare(sp)
		}
	}
	if err != nil {
		return template{}, err
	}
	if c == am18 && x.a > x.b {
		x.a, x.b = x.b, x.a // a swap is symmetric: the lower square first
	}
	return template{act: cardAction(c, 0, x), card: true}, nil
}

// matches reports whether legal action a is what template t asks.
func (t template) matches(a variants.Action) bool {
	if t.card {
		return TypeOf(a) == ActCard && a&^(7<<38) == t.act
	}
	if !t.anyUCI || TypeOf(a) != ActMove {
		return a == t.act
	}
	m, w := MoveOf(a), MoveOf(t.act)
	if m&strideBit != 0 {
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

// ParseAction reads an action token in the current state. A well-formed
// token that is not legal now gives an error wrapping variants.ErrIllegal;
// a malformed one another error. A plain from-to token also finds a royal
// stride when no other move matches.
func (s *State) ParseAction(tok string) (variants.Action, error) {
	t, err := decode(tok)
	if err != nil {
		return 0, fmt.Errorf("%w %q: %v", errSyntax, tok, err)
	}
	if s.m.over {
		return 0, fmt.Errorf("%w: %q: the game is over", variants.ErrIllegal, tok)
	}
	s.buf = s.legalFor(s.buf[:0], t)
	for _, a := range s.buf {
		if t.matches(a) {
			return a, nil
		}
	}
	if t.anyUCI {
		st := t.act | variants.Action(strideBit)
		for _, a := range s.buf {
			if a == st {
				return a, nil
			}
		}
	}
	return 0, fmt.Errorf("%w: %q in %s", variants.ErrIllegal, tok, s.Encode())
}

// ApplyTokens parses and applies each token in turn (ParseAction, Apply),
// all or nothing: on an error the state is restored to what it was before
// the call.
func (s *State) ApplyTokens(tokens ...string) error {
	for i, tok := range tokens {
		a, err := s.ParseAction(tok)
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
