package spy

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// Actions: a chess move is its chess.Move (bits 0-31); a reveal sets bit 32
// and carries the revealed card in bits 33-40; the draw claim is bit 41
// alone; the king-capture pass is chess.NullMove.
const revealBit variants.Action = 1 << 32

// ClaimAction claims the draw that draw_claims=fide leaves to the player
// to move (threefold repetition, fifty-move rule): it ends the game drawn
// and changes nothing on the board.
const ClaimAction variants.Action = 1 << 41

// MoveAction is the action of chess move m.
func MoveAction(m chess.Move) variants.Action { return variants.Action(m) }

// RevealAction is the reveal of the spy named by card.
func RevealAction(card Card) variants.Action { return revealBit | variants.Action(card)<<33 }

// PassAction is the king-capture game's pass (0000).
const PassAction = variants.Action(chess.NullMove)

// IsReveal reports whether a is a reveal and of which card.
func IsReveal(a variants.Action) (Card, bool) {
	if a&revealBit == 0 {
		return NoCard, false
	}
	return Card(a >> 33 & 0xff), true
}

// ActionMove returns a's chess move (false for a reveal or a claim).
func ActionMove(a variants.Action) (chess.Move, bool) {
	if a&revealBit != 0 || a>>32 != 0 {
		return chess.NoMove, false
	}
	return chess.Move(a), true
}

// Legal appends the legal actions of the side to move: its legal moves,
// then the reveal when legal (in a seat's view, one reveal per card the
// opponent may hold whose reveal is legal), or in the king-capture game
// the pass when it has no other action; last the claim, when a draw can
// be claimed (CanClaimDraw). Nothing once the game is over.
func (s *State) Legal(buf []variants.Action) []variants.Action {
	if s.status().over {
		return buf
	}
	buf = s.appendLegal(buf)
	if ok, _ := s.CanClaimDraw(); ok {
		buf = append(buf, ClaimAction)
	}
	return buf
}

// appendLegal is Legal without the end-of-game test and without the
// claim, a draw rule (Perft follows none).
func (s *State) appendLegal(buf []variants.Action) []variants.Action {
	start := len(buf)
	var l moveList
	s.genPseudo(&l)
	lg := s.newLegality()
	for _, m := range l.m[:l.n] {
		if s.legal(&lg, m) {
			buf = append(buf, MoveAction(m))
		}
	}
	var cb [24]Card
	for _, c := range s.candidateCards(cb[:0]) {
		if s.revealOK(c) {
			buf = append(buf, RevealAction(c))
		}
	}
	if s.opts.KingCapture && len(buf) == start {
		buf = append(buf, PassAction)
	}
	return buf
}

// check validates a in the current state: nil if legal.
func (s *State) check(a variants.Action) error {
	if s.status().over {
		return fmt.Errorf("%w: the game is over", variants.ErrIllegal)
	}
	us := s.pos.Side()
	if a == ClaimAction {
		if s.opts.DrawClaims != DrawFIDE {
			return fmt.Errorf("%w: claim: draws are not claimed under draw_claims=automatic", variants.ErrIllegal)
		}
		if ok, _ := s.CanClaimDraw(); !ok {
			return fmt.Errorf("%w: claim: no threefold repetition or fifty-move rule to claim (position seen %d times, %d half-moves without a capture or pawn move)",
				variants.ErrIllegal, s.RepetitionCount(), s.pos.Rule50())
		}
		return nil
	}
	if card, ok := IsReveal(a); ok {
		if a>>41 != 0 || !card.Valid() || card == Wild || card == Neutral {
			return fmt.Errorf("%w: malformed reveal action %#x", variants.ErrIllegal, uint64(a))
		}
		return s.checkReveal(us, card)
	}
	m, ok := ActionMove(a)
	if !ok {
		return fmt.Errorf("%w: malformed action %#x", variants.ErrIllegal, uint64(a))
	}
	if m == chess.NullMove {
		if !s.opts.KingCapture {
			return fmt.Errorf("%w: 0000 (pass) exists only in the king-capture game", variants.ErrIllegal)
		}
		var buf [8]variants.Action
		if !slices.Contains(s.Legal(buf[:0]), PassAction) {
			return fmt.Errorf("%w: 0000 (pass) only when there is no other action", variants.ErrIllegal)
		}
		return nil
	}
	var l moveList
	s.genFrom(&l, m.From())
	for _, x := range l.m[:l.n] {
		if x == m {
			if !s.moveLegal(m) {
				return fmt.Errorf("%w: %s leaves the %s king in check", variants.ErrIllegal, m, us)
			}
			return nil
		}
	}
	return fmt.Errorf("%w: %s is not a move of the %s pieces here", variants.ErrIllegal, m, us)
}

// checkReveal says which reveal condition (rules section 7.1) fails.
func (s *State) checkReveal(us chess.Color, card Card) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: reveal %s: %s", variants.ErrIllegal, card, fmt.Sprintf(format, args...))
	}
	switch {
	case s.revealed[us]:
		return fail("%s has already revealed", us)
	case s.card[us] != NoCard && s.card[us] != card:
		return fail("%s does not hold that card", us)
	case !s.centre[us]:
		return fail("%s has not crossed the centre yet", us)
	case s.origQueen(us) == 0:
		return fail("%s's original queen is no longer on the board", us)
	case s.spyOf(us, card) == chess.NoSquare:
		return fail("the spy is no longer on the board (captured, promoted)")
	case !s.revealOK(card):
		return fail("it would leave the %s king in check", us)
	}
	return nil
}

// Apply plays a after validating it; an illegal action returns an error
// wrapping variants.ErrIllegal and leaves the state unchanged.
func (s *State) Apply(a variants.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a)
	return nil
}

// apply plays a legal action.
func (s *State) apply(a variants.Action) {
	p := s.pos
	us, them := p.Side(), p.Side().Other()
	var claim string
	if a == ClaimAction {
		_, claim = s.CanClaimDraw() // before the record, which it would count
	}
	s.hist = append(s.hist, record{
		action: a, key: s.key, bicolour: s.bicolour, qsq: s.qsq, qcomp: s.qcomp,
		centre: s.centre, revealed: s.revealed, card: s.card, ep: s.ep, roleAt: s.roleAt,
	})
	if a == ClaimAction {
		// Not a turn: the board, the side to move and the ply stay.
		s.claimed = claim + " (claimed)"
		s.stat.valid = false
		return
	}
	s.ep = chess.NoSquare
	if card, ok := IsReveal(a); ok {
		sq := s.spyOf(us, card)
		pc := p.At(sq)
		p.Make(chess.NewRemoval(sq).WithKeepTurn())
		p.Make(chess.NewDrop(chess.MakePiece(us, pc.Type()), sq))
		s.roleAt[sq] = 0
		s.bicolour |= sq.Bit()
		s.qcomp[us] &^= compOf(pc.Type())
		s.revealed[us] = true
		s.card[us] = card
	} else {
		m := chess.Move(a)
		from, to := m.From(), m.To()
		switch m.Kind() {
		case chess.KindNull:
		case chess.KindCastle:
			rf, rt := castleRook(to)
			s.roleAt[rt], s.roleAt[rf] = s.roleAt[rf], 0
		default:
			capSq := to
			if m.Kind() == chess.KindEnPassant {
				capSq = chess.MakeSquare(to.File(), from.Rank())
			}
			if p.At(capSq) != chess.NoPiece {
				s.roleAt[capSq] = 0
				s.bicolour &^= capSq.Bit()
				if capSq == s.qsq[them] {
					s.qsq[them], s.qcomp[them] = chess.NoSquare, 0
				}
			}
			s.roleAt[to], s.roleAt[from] = s.roleAt[from], 0
			if s.bicolour.Has(from) {
				s.bicolour ^= from.Bit() | to.Bit()
			}
			if from == s.qsq[us] {
				s.qsq[us] = to
			}
			if m.Kind() == chess.KindPromotion {
				s.roleAt[to] = 0
				s.bicolour &^= to.Bit()
			} else if p.At(from).Type() == chess.Pawn && (to-from == 16 || from-to == 16) {
				s.ep = (from + to) / 2
			}
		}
		p.Make(m)
	}
	if !s.centre[us] && p.ColorBB(us)&beyondCentre[us] != 0 {
		s.centre[us] = true
	}
	s.ply++
	s.key = s.computeKey()
	s.stat.valid = false
}

func castleRook(kingTo chess.Square) (from, to chess.Square) {
	switch kingTo {
	case chess.G1:
		return chess.H1, chess.F1
	case chess.C1:
		return chess.A1, chess.D1
	case chess.G8:
		return chess.H8, chess.F8
	}
	return chess.A8, chess.D8
}

// Undo takes back the last applied action exactly; with nothing to take
// back it does nothing.
func (s *State) Undo() {
	n := len(s.hist)
	if n == 0 {
		return
	}
	r := &s.hist[n-1]
	if r.action == ClaimAction {
		s.claimed = ""
		s.hist = s.hist[:n-1]
		s.stat.valid = false
		return
	}
	s.pos.Unmake()
	if _, ok := IsReveal(r.action); ok {
		s.pos.Unmake()
	}
	s.key, s.bicolour, s.qsq, s.qcomp = r.key, r.bicolour, r.qsq, r.qcomp
	s.centre, s.revealed, s.card, s.ep, s.roleAt = r.centre, r.revealed, r.card, r.ep, r.roleAt
	s.ply--
	s.hist = s.hist[:n-1]
	s.stat.valid = false
}

// HistoryLen is the number of actions Undo can take back.
func (s *State) HistoryLen() int { return len(s.hist) }

// LastAction is the last applied action, false if none.
func (s *State) LastAction() (variants.Action, bool) {
	if len(s.hist) == 0 {
		return 0, false
	}
	return s.hist[len(s.hist)-1].action, true
}

// errSyntax marks malformed tokens (as opposed to illegal actions).
var errSyntax = errors.New("malformed action")

// ParseAction reads an action token: a move in UCI notation (e2e4, e7e8q,
// e1g1 castling), the reveal (reveal, or reveal:<card> such as
// reveal:spy:KN or reveal:wild:QR; the opponent's reveal in a seat's view
// must name the card), claim (a draw, under draw_claims=fide) or 0000 (the
// king-capture pass). Malformed tokens
// give a plain error; legal-looking ones the rules refuse wrap
// variants.ErrIllegal.
func (s *State) ParseAction(tok string) (variants.Action, error) {
	var a variants.Action
	switch {
	case tok == "reveal":
		us := s.pos.Side()
		c := s.card[us]
		if c == NoCard || s.revealed[us] {
			if s.revealed[us] {
				return 0, fmt.Errorf("%w: reveal: %s has already revealed", variants.ErrIllegal, us)
			}
			return 0, fmt.Errorf("%w: reveal: %s's card is not known here; write reveal:<card>", errSyntax, us)
		}
		if c == Neutral {
			return 0, fmt.Errorf("%w: reveal: %s holds the neutralised spy", variants.ErrIllegal, us)
		}
		a = RevealAction(c)
	case strings.HasPrefix(tok, "reveal:"):
		c, err := ParseCard(tok[len("reveal:"):])
		if err != nil {
			return 0, fmt.Errorf("%w: %v", errSyntax, err)
		}
		if c == Wild {
			return 0, fmt.Errorf("%w: %q: a wildcard reveal names its choice (reveal:wild:KN)", errSyntax, tok)
		}
		if c == Neutral {
			return 0, fmt.Errorf("%w: %q: the neutralised spy cannot be revealed", variants.ErrIllegal, tok)
		}
		a = RevealAction(c)
	case tok == "0000":
		a = PassAction
	case tok == "claim":
		a = ClaimAction
	default:
		m, err := parseUCI(tok)
		if err != nil {
			return 0, err
		}
		a = MoveAction(s.resolve(m))
	}
	if err := s.check(a); err != nil {
		return 0, err
	}
	return a, nil
}

// parseUCI reads the squares and promotion of a UCI move; the move's kind
// is settled by resolve.
func parseUCI(tok string) (chess.Move, error) {
	if len(tok) < 4 || len(tok) > 5 {
		return 0, fmt.Errorf("%w: %q: want a UCI move (e2e4, e7e8q), reveal[:card], claim or 0000", errSyntax, tok)
	}
	from, ok1 := chess.ParseSquare(tok[:2])
	to, ok2 := chess.ParseSquare(tok[2:4])
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("%w: %q: bad square", errSyntax, tok)
	}
	if len(tok) == 5 {
		var t chess.PieceType
		switch tok[4] {
		case 'q':
			t = chess.Queen
		case 'r':
			t = chess.Rook
		case 'b':
			t = chess.Bishop
		case 'n':
			t = chess.Knight
		default:
			return 0, fmt.Errorf("%w: %q: promotion piece must be q, r, b or n", errSyntax, tok)
		}
		return chess.NewPromotion(from, to, t), nil
	}
	return chess.NewMove(from, to), nil
}

// resolve turns a from-to move into the pseudo-legal move of that shape
// (castling, en passant) if there is one; otherwise m is returned as is.
func (s *State) resolve(m chess.Move) chess.Move {
	if m.Kind() != chess.KindNormal {
		return m
	}
	var l moveList
	s.genFrom(&l, m.From())
	for _, x := range l.m[:l.n] {
		if x.To() == m.To() && x.Kind() != chess.KindPromotion {
			return x
		}
	}
	return m
}

// FormatAction writes a's token: the UCI move, reveal:<card>, claim, or
// 0000.
func (s *State) FormatAction(a variants.Action) string {
	if a == ClaimAction {
		return "claim"
	}
	if c, ok := IsReveal(a); ok {
		return "reveal:" + c.String()
	}
	return chess.Move(a).String()
}

// ApplyTokens parses and applies a list of action tokens (the moves of a
// protocol `position` command) all or nothing: on the first bad token it
// takes back those already applied and returns an error naming it.
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
			return fmt.Errorf("action %d (%s): %w", i+1, tok, err)
		}
	}
	return nil
}
