// Package spy implements Ajedrez con Espía (spy chess, "Hidden Game"),
// docs/rules/spy.md: standard chess in which each player secretly holds a
// card naming a spy among the opponent's pieces, and each player's original
// queen moves as rook + bishop + knight until its owner reveals the spy.
//
// A *State is a game from some point of view. The referee's state knows
// both cards; a seat's view (State.View, or ParseState of what the protocol
// sends an engine) knows only its own card until the opponent reveals, and
// the opponent's card is then a Belief, never a fact. Determinize samples
// a full state consistent with a seat's knowledge for the search.
//
// Everything in the state except the unknown cards is public: the board,
// which pieces are bicolour (revealed spies), each original queen's square
// and remaining movement components, the centre-crossed and revealed
// flags, and the identity (starting role) of every original piece, which
// the players follow on the board and which a card refers to.
//
// The notation (FEN extension and action tokens) is docs/spy.md.
package spy

import (
	"fmt"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// Comp is a set of the original queen's movement components.
type Comp uint8

// The three components. An original queen starts with all three and loses
// at most one, on its owner's reveal.
const (
	CompR   Comp = 1 << iota // moves as a rook
	CompB                    // moves as a bishop
	CompN                    // moves as a knight
	CompAll = CompR | CompB | CompN
)

func (c Comp) String() string {
	if c == 0 {
		return "-"
	}
	var b strings.Builder
	for i, l := range "RBN" {
		if c&(1<<i) != 0 {
			b.WriteRune(l)
		}
	}
	return b.String()
}

// compOf is the component a revealer's queen loses for a spy of type t.
func compOf(t chess.PieceType) Comp {
	switch t {
	case chess.Rook:
		return CompR
	case chess.Bishop:
		return CompB
	case chess.Knight:
		return CompN
	}
	return 0
}

// DrawClaims selects how repetition and the move-count rule end a game.
type DrawClaims uint8

const (
	// DrawAutomatic ends the game at the threefold repetition and at
	// the 50-move rule (the project default).
	DrawAutomatic DrawClaims = iota
	// DrawFIDE makes those two claimable (State.CanClaimDraw) and ends
	// the game automatically only at the fivefold repetition and the
	// 75-move rule.
	DrawFIDE
)

// Options are the rule options of docs/rules/spy.md section 10.
type Options struct {
	// KingCapture is the literal "captura del Rey" reading: no move is
	// illegal because of check, the game ends when a king is captured,
	// there is no stalemate, and a player with no pseudo-legal action
	// passes (0000).
	KingCapture bool
	// DrawClaims: automatic (default) or fide.
	DrawClaims DrawClaims
}

// Set changes one option by its protocol name: king_capture (true|false)
// and draw_claims (automatic|fide).
func (o *Options) Set(name, value string) error {
	switch strings.ToLower(name) {
	case "king_capture":
		switch strings.ToLower(value) {
		case "true", "on", "1":
			o.KingCapture = true
		case "false", "off", "0":
			o.KingCapture = false
		default:
			return fmt.Errorf("option king_capture: want true or false, got %q", value)
		}
	case "draw_claims":
		switch strings.ToLower(value) {
		case "automatic":
			o.DrawClaims = DrawAutomatic
		case "fide":
			o.DrawClaims = DrawFIDE
		default:
			return fmt.Errorf("option draw_claims: want automatic or fide, got %q", value)
		}
	default:
		return fmt.Errorf("unknown spy option %q (king_capture, draw_claims)", name)
	}
	return nil
}

// roleID numbers an original piece: 0 none, else 1 + colour*14 + role.
type roleID uint8

func makeRoleID(c chess.Color, r Role) roleID { return roleID(1 + int(c)*NumRoles + int(r)) }

func (id roleID) split() (chess.Color, Role) {
	i := int(id) - 1
	return chess.Color(i / NumRoles), Role(i % NumRoles)
}

// State is a game of spy chess. The zero value is not usable: build one
// with NewGame, ParseState or View.
type State struct {
	opts Options
	pos  *chess.Position

	// card[c] is the card colour c holds (it designates a piece of
	// c.Other()'s army); NoCard when this state does not know it.
	card [2]Card
	// qsq[c] is the square of c's original queen, NoSquare once it is
	// gone; qcomp[c] its components (0 when gone).
	qsq   [2]chess.Square
	qcomp [2]Comp
	// centre[c]: c has crossed the centre (condition 7.1.3).
	centre [2]bool
	// revealed[c]: c has revealed its spy.
	revealed [2]bool
	// bicolour is the set of squares holding gained (revealed) pieces;
	// their owner is the colour they now have on the board.
	bicolour chess.Bitboard
	// roleAt[s] identifies the original piece on s (unrevealed, not
	// promoted), 0 for none. A card's spy is the piece with its role.
	roleAt [64]roleID
	// ep is the en-passant target after a double pawn push (whether or
	// not a capture there is legal), else NoSquare.
	ep chess.Square
	// ply counts half-moves (turns) from the game start, for FEN.
	ply int
	// key is the public repetition key (rules section 10).
	key uint64

	hist []record
	// claimed is the reason of a claimed draw (ClaimAction), which ends
	// the game; "" until then.
	claimed string

	// cache of the game's status in the current position.
	stat status
}

// record is what Apply saves so that Undo restores the state exactly.
type record struct {
	action   variants.Action
	key      uint64
	bicolour chess.Bitboard
	qsq      [2]chess.Square
	qcomp    [2]Comp
	centre   [2]bool
	revealed [2]bool
	card     [2]Card
	ep       chess.Square
	roleAt   [64]roleID
}

type status struct {
	valid  bool
	over   bool
	winner int8 // 0 White, 1 Black, -1 draw
	reason string
}

// histCap is the undo history reserved up front; longer games and deeper
// searches grow it (append), once per doubling.
const histCap = 64

// NewGame returns the starting position with the two cards dealt: white
// is the card White holds (designating one of Black's pieces), black the
// one Black holds. A wildcard must carry its holder's choice (wild:KN):
// the choice is made at the deal, before White's first move.
func NewGame(opts Options, white, black Card) (*State, error) {
	for i, c := range [2]Card{white, black} {
		if !c.Valid() || c == Wild {
			return nil, fmt.Errorf("%s card %s: want a dealt card, a wildcard with its choice (wild:KN)", chess.Color(i), c)
		}
	}
	s := newStart(opts)
	s.card = [2]Card{white, black}
	return s, nil
}

// NewPublic returns the starting position with neither card known (the
// public state); NewView the same for one seat knowing its own card.
func NewPublic(opts Options) *State { return newStart(opts) }

// NewView returns the starting position as seat sees it, holding card.
func NewView(opts Options, seat variants.Player, card Card) (*State, error) {
	if seat != 0 && seat != 1 {
		return nil, fmt.Errorf("seat %d: want 0 (White) or 1 (Black)", seat)
	}
	if !card.Valid() || card == Wild {
		return nil, fmt.Errorf("card %s: want a dealt card, a wildcard with its choice (wild:KN)", card)
	}
	s := newStart(opts)
	s.card[seat] = card
	return s, nil
}

func newStart(opts Options) *State {
	s := &State{opts: opts, pos: chess.NewPosition(), ep: chess.NoSquare}
	s.hist = make([]record, 0, histCap)
	s.qsq = [2]chess.Square{chess.D1, chess.D8}
	s.qcomp = [2]Comp{CompAll, CompAll}
	for c := chess.White; c <= chess.Black; c++ {
		for r := KR; r < NumRoles; r++ {
			s.roleAt[r.Start(c)] = makeRoleID(c, r)
		}
	}
	s.key = s.computeKey()
	return s
}

// Options returns the rule options in force.
func (s *State) Options() Options { return s.opts }

// Position is the board (read only: use Apply and Undo to change it). Its
// movement rules are those of standard chess; the original queens' extra
// powers are this package's.
func (s *State) Position() *chess.Position { return s.pos }

// Card returns the card colour c holds, NoCard if this state does not know
// it.
func (s *State) Card(c chess.Color) Card { return s.card[c] }

// OriginalQueen returns c's original queen square (NoSquare once it is
// gone) and its components.
func (s *State) OriginalQueen(c chess.Color) (chess.Square, Comp) { return s.qsq[c], s.qcomp[c] }

// CentreCrossed reports condition 7.1.3 for c.
func (s *State) CentreCrossed(c chess.Color) bool { return s.centre[c] }

// Revealed reports whether c has revealed its spy.
func (s *State) Revealed(c chess.Color) bool { return s.revealed[c] }

// Bicolour is the set of squares holding gained (revealed) pieces.
func (s *State) Bicolour() chess.Bitboard { return s.bicolour }

// RoleAt returns the colour and role of the original piece on sq: false
// for an empty square, a king, a queen, a promoted or a bicolour piece.
func (s *State) RoleAt(sq chess.Square) (chess.Color, Role, bool) {
	id := s.roleAt[sq]
	if id == 0 {
		return 0, 0, false
	}
	c, r := id.split()
	return c, r, true
}

// RoleSquare is where colour c's original piece of role r stands now, or
// NoSquare once it is captured, promoted or revealed.
func (s *State) RoleSquare(c chess.Color, r Role) chess.Square {
	id := makeRoleID(c, r)
	for b := s.pos.ColorBB(c); b != 0; {
		sq := b.PopLSB()
		if s.roleAt[sq] == id {
			return sq
		}
	}
	return chess.NoSquare
}

// SpySquare is where colour c's spy (a piece of c.Other()'s army, named
// by c's card) stands: NoSquare if c's card is unknown here, neutral, or
// its piece was lost or already revealed.
func (s *State) SpySquare(c chess.Color) chess.Square {
	if s.revealed[c] {
		return chess.NoSquare
	}
	return s.spyOf(c, s.card[c])
}

// spyOf is where the piece card (held by c) designates stands now.
func (s *State) spyOf(c chess.Color, card Card) chess.Square {
	r, ok := card.Role()
	if !ok {
		return chess.NoSquare
	}
	return s.RoleSquare(c.Other(), r)
}

// Key is the public repetition key: board with bicolour pieces and owners,
// side to move, castling rights, the en-passant square when a capture is
// legal, each original queen's square and components, the centre and
// reveal flags.
func (s *State) Key() uint64 { return s.key }

// Side is the colour to move.
func (s *State) Side() chess.Color { return s.pos.Side() }

// Ply is the number of half-moves since the game start.
func (s *State) Ply() int { return s.ply }

// Players is 2.
func (s *State) Players() int { return 2 }

// ToAct is the colour to move as a seat, or NoPlayer once the game is
// over.
func (s *State) ToAct() variants.Player {
	if s.status().over {
		return variants.NoPlayer
	}
	return variants.Player(s.pos.Side())
}

// Chances is empty: the deal happens before the game (NewGame, Deal).
func (s *State) Chances(buf []variants.Outcome) []variants.Outcome { return buf }

// Clone returns an independent copy.
func (s *State) Clone() variants.State { return s.clone() }

func (s *State) clone() *State {
	t := *s
	t.pos = s.pos.Clone()
	t.hist = make([]record, len(s.hist), len(s.hist)+histCap)
	copy(t.hist, s.hist)
	return &t
}

// Result reports whether the game is over, each seat's score and the
// reason. In a seat's view in which the opponent is to move with no legal
// move, the game is over only if no card the opponent may hold allows a
// reveal.
func (s *State) Result() (bool, []float64, string) {
	st := s.status()
	if !st.over {
		return false, nil, ""
	}
	switch st.winner {
	case 0:
		return true, []float64{1, 0}, st.reason
	case 1:
		return true, []float64{0, 1}, st.reason
	}
	return true, []float64{0.5, 0.5}, st.reason
}

func (s *State) status() status {
	if !s.stat.valid {
		s.stat = s.computeStatus()
	}
	return s.stat
}

func (s *State) computeStatus() status {
	if s.claimed != "" {
		return status{valid: true, over: true, winner: -1, reason: s.claimed}
	}
	p := s.pos
	us := p.Side()
	if s.opts.KingCapture {
		for c := chess.White; c <= chess.Black; c++ {
			if p.KingSquare(c) == chess.NoSquare {
				return status{valid: true, over: true, winner: int8(c.Other()), reason: "king captured"}
			}
		}
	} else if !s.hasLegalAction() {
		if s.inCheck(us) {
			return status{valid: true, over: true, winner: int8(us.Other()), reason: "checkmate"}
		}
		return status{valid: true, over: true, winner: -1, reason: "stalemate"}
	}
	if p.InsufficientMaterial(true) {
		return status{valid: true, over: true, winner: -1, reason: "insufficient material"}
	}
	reps, moves := 3, 100
	repReason, moveReason := "threefold repetition", "fifty-move rule"
	if s.opts.DrawClaims == DrawFIDE {
		reps, moves = 5, 150
		repReason, moveReason = "fivefold repetition", "seventy-five-move rule"
	}
	if s.RepetitionCount() >= reps {
		return status{valid: true, over: true, winner: -1, reason: repReason}
	}
	if p.Rule50() >= moves {
		return status{valid: true, over: true, winner: -1, reason: moveReason}
	}
	return status{valid: true}
}

// RepetitionCount is how many times the current position (by Key) has
// occurred since the last irreversible action, this one included.
func (s *State) RepetitionCount() int {
	h := s.hist
	if s.claimed != "" {
		h = h[:len(h)-1] // the claim, which is no turn
	}
	n := 1
	stop := max(len(h)-s.pos.Rule50(), 0)
	for i := len(h) - 2; i >= stop; i -= 2 {
		if h[i].key == s.key {
			n++
		}
	}
	return n
}

// CanClaimDraw reports whether the player to move may claim a draw under
// FIDE rules (threefold repetition or the 50-move rule), and which: the
// action ClaimAction. With automatic draws such a game is already over.
func (s *State) CanClaimDraw() (bool, string) {
	if s.opts.DrawClaims != DrawFIDE || s.status().over {
		return false, ""
	}
	if s.RepetitionCount() >= 3 {
		return true, "threefold repetition"
	}
	if s.pos.Rule50() >= 100 {
		return true, "fifty-move rule"
	}
	return false, ""
}

// DrawClaimed reports whether the game ended by a claimed draw
// (ClaimAction): the board is the claim's position, the game is over.
func (s *State) DrawClaimed() bool { return s.claimed != "" }
