package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"azar/app/engine"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

// VariantChaturanga4 is four-player chaturanga (docs/rules/chaturanga4.md).
const VariantChaturanga4 = "chaturanga4"

// Who sits in a seat of a four-player game (SeatChoice.Player).
const (
	PlayerYou    = "you"    // the person at the device, whose seat the page names "you"
	PlayerPerson = "person" // another person on the same device
	PlayerEngine = "engine" // Azar at SeatChoice.Level
)

// ReasonLastRaja ends a four-player game won by the last raja standing.
const ReasonLastRaja = "last-raja"

// SeatChoice is who plays one seat of a four-player game.
type SeatChoice struct {
	Player string `json:"player"`          // PlayerYou, PlayerPerson or PlayerEngine
	Level  int    `json:"level,omitempty"` // the engine's level, MinLevel..MaxLevel
}

// c4Seats are the seat letters in turn order.
const c4Seats = "rgyb"

// c4Game is a four-player game as the referee holds it: the rules' state
// replayed from the start and the moves. Nothing is hidden: every seat
// sees the whole board, so it has no secret.
type c4Game struct {
	fen   string // the start, "" for the standard one
	seats []SeatChoice
	st    *chaturanga4.State
	toks  []string
	notes []Note   // each move as the move list shows it
	sides []string // the seat that played each move
}

// normalizeC4Options checks a new four-player game's seats, rules and
// start and writes them in their canonical form.
func normalizeC4Options(o *Options) error {
	if len(o.Seats) == 0 {
		o.Seats = []SeatChoice{{Player: PlayerYou}, {Player: PlayerEngine}, {Player: PlayerEngine}, {Player: PlayerEngine}}
	}
	if len(o.Seats) != 4 {
		return errorf(Invalid, "four-player chaturanga has 4 seats (red, green, yellow, black), not %d", len(o.Seats))
	}
	// Online (people on their own devices) the "you" seat is the
	// creator's and each "person" seat is open for an invited friend.
	online := o.Mode == ModeOnline
	o.Human, o.Mode = "", ModeLocal
	for i := range o.Seats {
		s := &o.Seats[i]
		switch s.Player {
		case PlayerYou:
			if o.Human != "" {
				return errorf(Invalid, "only one seat can be \"you\" (the others are \"person\" or \"engine\")")
			}
			o.Human = c4Seats[i : i+1]
			s.Level = 0
		case PlayerPerson:
			s.Level = 0
		case PlayerEngine:
			o.Mode = ModeEngine
			if s.Level == 0 {
				s.Level = DefaultLevel
			}
			if s.Level < MinLevel || s.Level > MaxLevel {
				return errorf(Invalid, "level %d out of range %d..%d", s.Level, MinLevel, MaxLevel)
			}
		default:
			return errorf(Invalid, "unknown player %q for a seat (want you, person or engine)", s.Player)
		}
	}
	if online {
		if o.Human == "" {
			return errorf(Invalid, "an online game needs a \"you\" seat: the creator's")
		}
		o.Mode = ModeOnline
	}
	opts, err := c4Rules(o.Rules)
	if err != nil {
		return err
	}
	o.Rules = map[string]string{"extended_insufficient": onOff(opts.ExtendedInsufficient)}
	o.Color, o.Level = "", 0
	if o.FEN != "" {
		p, err := chaturanga4.ParseC4N(o.FEN)
		if err != nil {
			return errorf(Invalid, "start position: %v", err)
		}
		p.SetOptions(opts)
		if p.Status().Over {
			return errorf(Invalid, "start position: the game is already over")
		}
		if o.FEN = p.C4N(); o.FEN == chaturanga4.StartC4N {
			o.FEN = ""
		}
	}
	return nil
}

// c4Rules reads the rule options (extended_insufficient).
func c4Rules(m map[string]string) (chaturanga4.Options, error) {
	var o chaturanga4.Options
	for k, v := range m {
		if err := o.Set(k, v); err != nil {
			return o, errorf(Invalid, "chaturanga4 rules: %v", err)
		}
	}
	return o, nil
}

// newC4Game replays a four-player game. A seat whose only legal action is
// the pass passes at once (the referee plays 0000 for it: there is
// nothing to choose), so the game always waits on a seat that can move.
func newC4Game(o Options, moves []string) (*c4Game, error) {
	rules, err := c4Rules(o.Rules)
	if err != nil {
		return nil, err
	}
	if len(o.Seats) != 4 {
		return nil, errorf(Invalid, "four-player chaturanga has 4 seats, not %d", len(o.Seats))
	}
	p := chaturanga4.NewPosition()
	if o.FEN != "" {
		if p, err = chaturanga4.ParseC4N(o.FEN); err != nil {
			return nil, errorf(Invalid, "start position: %v", err)
		}
	}
	p.SetOptions(rules)
	g := &c4Game{fen: o.FEN, seats: o.Seats, st: chaturanga4.StateFrom(p)}
	for i, tok := range moves {
		if g.over() {
			return nil, errorf(Invalid, "move %d (%s) after the end of the game", i+1, tok)
		}
		if err := g.apply(tok); err != nil {
			return nil, errorf(Invalid, "move %d: %v", i+1, err)
		}
	}
	for !g.over() && g.onlyPass() {
		if err := g.apply("0000"); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func (g *c4Game) pos() *chaturanga4.Position { return g.st.Position() }

func (g *c4Game) over() bool { return g.pos().Status().Over }

// onlyPass reports whether the seat to move has nothing but the pass.
func (g *c4Game) onlyPass() bool {
	var l chaturanga4.MoveList
	g.pos().Generate(&l)
	return l.Len() == 1 && l.At(0) == chaturanga4.PassMove
}

// apply plays a token after the rules have checked it.
func (g *c4Game) apply(tok string) error {
	p := g.pos()
	m, err := p.ParseMove(tok)
	if err != nil {
		return err
	}
	seat := p.ToMove()
	g.notes = append(g.notes, c4Note(p, m))
	g.sides = append(g.sides, seat.String())
	g.toks = append(g.toks, m.String())
	p.Make(m)
	return nil
}

// c4Notation writes a move for people: the piece (none for a pawn), its
// square, - or x, the square reached and the pool piece: Nb1-c3,
// g2xf3, b7-b8=N; a conversion b8=N; a pass "passes". es gives the
// Spanish letters (rajá R, elefante E, caballo C, barco B).
func c4Notation(p *chaturanga4.Position, m chaturanga4.Move, es bool) string {
	letter := func(t chaturanga4.PieceType) string {
		if es {
			return c4LettersEs[t]
		}
		return pieceLetter(t)
	}
	switch m.Kind() {
	case chaturanga4.KindPass:
		if es {
			return "pasa (sin jugada)"
		}
		return "passes (no move)"
	case chaturanga4.KindConversion:
		return m.From().String() + "=" + letter(m.PoolType())
	}
	s := ""
	if t := p.At(m.From()).Type(); t != chaturanga4.Pawn {
		s = letter(t)
	}
	sep := "-"
	if p.At(m.To()) != chaturanga4.NoPiece {
		sep = "x"
	}
	s += m.From().String() + sep + m.To().String()
	if m.Kind() == chaturanga4.KindPromotion {
		s += "=" + letter(m.PoolType())
	}
	return s
}

// c4Note is a move in both languages' letters.
func c4Note(p *chaturanga4.Position, m chaturanga4.Move) Note {
	return Note{textPart(c4Notation(p, m, false), c4Notation(p, m, true))}
}

var c4LettersEs = map[chaturanga4.PieceType]string{chaturanga4.King: "R", chaturanga4.Elephant: "E", chaturanga4.Knight: "C",
	chaturanga4.Boat: "B", chaturanga4.Pawn: "P"}

// pieceLetter is a piece type's C4N letter (E, B, N, P, K).
func pieceLetter(t chaturanga4.PieceType) string {
	return chaturanga4.MakePiece(chaturanga4.Red, t).String()[1:]
}

// toAct is the seat letter to move, "" once over.
func (g *c4Game) toAct() string {
	if g.over() {
		return ""
	}
	return g.pos().ToMove().String()
}

// seat is who sits in the seat to move.
func (g *c4Game) seat() SeatChoice { return g.seats[g.pos().ToMove()] }

// engineToMove reports whether the engine plays the seat to move.
// c4PlayerFor is who sits in seat as viewer w is told: online each
// person's own seat is "you" and every other person's "person" (the
// creator's choice, "you", is the creator's); on one device the seats
// are as chosen.
func c4PlayerFor(player, seat, mode string, w viewer) string {
	if mode != ModeOnline || player == PlayerEngine {
		return player
	}
	if seat == w.seat {
		return PlayerYou
	}
	return PlayerPerson
}

func (g *c4Game) engineToMove() bool { return !g.over() && g.seat().Player == PlayerEngine }

// legal is the tokens the seat to move may play, when a person sits
// there: the people share the device, so whoever asks plays the seat to
// move.
func (g *c4Game) legal(string) []string {
	out := []string{}
	if g.over() || g.seat().Player == PlayerEngine {
		return out
	}
	var l chaturanga4.MoveList
	g.pos().Generate(&l)
	for _, m := range l.Slice() {
		out = append(out, m.String())
	}
	return out
}

// engineRequest is the engine's search for the seat to move: nothing is
// hidden, so every seat is told the same.
func (g *c4Game) engineRequest(string) ([]engine.Option, string) {
	opts := []engine.Option{{Name: "UCI_Variant", Value: VariantChaturanga4},
		{Name: "C4_ExtendedInsufficient", Value: strconv.FormatBool(g.pos().Options().ExtendedInsufficient)}}
	return opts, positionText(g.fen, "", g.toks)
}

// outcome is the result (each seat's points, r-g-y-b: 1-0-0-0, or
// 1/2-1/2-0-0 after a draw of two) and the reason, "" while it goes on.
func (g *c4Game) outcome() (string, string) {
	st := g.pos().Status()
	if !st.Over {
		return "*", ""
	}
	reason := ReasonLastRaja
	if st.Draw {
		switch st.Reason {
		case "threefold repetition":
			reason = ReasonRepetition
		case "50-move rule":
			reason = ReasonFifty
		case "insufficient material":
			reason = ReasonInsufficient
		default:
			reason = "draw"
		}
	}
	return g.points(), reason
}

func (g *c4Game) points() string {
	p := g.pos()
	var parts []string
	for _, sc := range p.Scores() {
		switch {
		case sc == 0:
			parts = append(parts, "0")
		case sc == 1:
			parts = append(parts, "1")
		default:
			parts = append(parts, "1/"+strconv.Itoa(p.ActiveCount()))
		}
	}
	return strings.Join(parts, "-")
}

// C4View is a four-player game's part of the View.
type C4View struct {
	Seats []C4Seat `json:"seats"` // red, green, yellow, black
	// Frozen are the squares of the pieces of the seats out; Waiting the
	// waiting pawns (on their own promotion line).
	Frozen  []string `json:"frozen"`
	Waiting []string `json:"waiting"`
	Round   int      `json:"round"`
	// Reason is the rules' words for the end ("Red is the last raja
	// standing", "threefold repetition"), "" while it goes on.
	Reason string `json:"reason,omitempty"`
	Winner string `json:"winner,omitempty"` // the seat letter of the winner
	// Notes is each of the moves as the move list writes it, in both
	// languages' piece letters.
	Notes []Note `json:"notes"`
}

// C4Seat is one seat: who plays it, whether it is still in, its pool and,
// at the end, its place.
type C4Seat struct {
	Seat   string         `json:"seat"` // r, g, y, b
	Player string         `json:"player"`
	Level  int            `json:"level,omitempty"`
	In     bool           `json:"in"`
	Pool   map[string]int `json:"pool"` // "E", "B", "N" -> how many
	Place  int            `json:"place,omitempty"`
	Points string         `json:"points,omitempty"`
}

// view fills the View of a four-player game: every seat sees it all.
func (g *c4Game) view(v *View, w viewer) {
	p := g.pos()
	v.FEN = p.C4N()
	v.Turn = p.ToMove().String()
	for s := chaturanga4.Square(0); s < 64; s++ {
		if pc := p.At(s); pc != chaturanga4.NoPiece {
			v.Pieces[s.String()] = pc.String()
		}
	}
	for i, tok := range g.toks {
		v.Moves = append(v.Moves, MoveView{UCI: tok, SAN: g.notes[i].Text("en"), Side: g.sides[i]})
	}
	if n := len(g.toks); n > 0 && g.toks[n-1] != "0000" {
		v.LastMove = g.toks[n-1]
	}
	cv := &C4View{Frozen: []string{}, Waiting: []string{}, Round: p.Round(), Notes: append([]Note{}, g.notes...)}
	st := p.Status()
	ranks := p.Ranks()
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		sc := C4Seat{Seat: s.String(), Player: c4PlayerFor(g.seats[s].Player, s.String(), v.Mode, w), Level: g.seats[s].Level, In: p.Active(s), Pool: map[string]int{}}
		for _, t := range []chaturanga4.PieceType{chaturanga4.Elephant, chaturanga4.Boat, chaturanga4.Knight} {
			sc.Pool[pieceLetter(t)] = p.Pool(s, t)
		}
		if st.Over {
			sc.Place = ranks[s]
			sc.Points = strings.Split(g.points(), "-")[s]
		}
		cv.Seats = append(cv.Seats, sc)
		for b := p.SeatPieces(s); b != 0; {
			q := b.PopLSB()
			if !p.Active(s) {
				cv.Frozen = append(cv.Frozen, q.String())
			}
		}
		for b := p.Pieces(s, chaturanga4.Pawn) & chaturanga4.PromotionLine(s); b != 0; {
			cv.Waiting = append(cv.Waiting, b.PopLSB().String())
		}
	}
	if st.Over {
		cv.Reason = st.Reason
		if !st.Draw {
			cv.Winner = st.Winner.String()
		}
	}
	v.C4 = cv
	v.Legal = g.legal("")
}

// pgnTags and pgnMoves write the game as a text record: one line of moves
// per round, the seats' tokens in turn order.
func (g *c4Game) pgnTags(Options) [][2]string {
	p := g.pos()
	tags := [][2]string{{"Variant", VariantChaturanga4}}
	names := [4]string{"Red", "Green", "Yellow", "Black"}
	for i, s := range g.seats {
		who := "Player"
		if s.Player == PlayerEngine {
			who = fmt.Sprintf("Azar (level %d)", s.Level)
		}
		tags = append(tags, [2]string{names[i], who})
	}
	if p.Status().Over {
		r := p.Ranks()
		tags = append(tags, [2]string{"Ranking", fmt.Sprintf("r%d g%d y%d b%d", r[0], r[1], r[2], r[3])})
	}
	return tags
}

func (g *c4Game) pgnMoves(Options) string {
	var parts []string
	round := 0
	for i, tok := range g.toks {
		if i == 0 || strings.Index(c4Seats, g.sides[i]) <= strings.Index(c4Seats, g.sides[i-1]) {
			round++
			parts = append(parts, strconv.Itoa(round)+".")
			if i == 0 && g.sides[0] != "r" {
				parts[len(parts)-1] = strconv.Itoa(round) + "..."
			}
		}
		parts = append(parts, tok)
	}
	return strings.Join(parts, " ")
}

// mustC4Move is a token already checked legal in p.
func mustC4Move(p *chaturanga4.Position, tok string) chaturanga4.Move {
	m, _ := p.ParseMove(tok)
	return m
}

// c4Entry is four-player chaturanga: four seats, each a person at the
// device or Azar at its own level; nothing is hidden.
type c4Entry struct{}

func (c4Entry) name() string                                    { return VariantChaturanga4 }
func (c4Entry) prepare(o *Options) error                        { return normalizeC4Options(o) }
func (e c4Entry) deal(o Options, _ func() uint64) (play, error) { return e.open(o, "", nil) }

func (c4Entry) open(o Options, _ string, moves []string) (play, error) { return newC4Game(o, moves) }

func (g *c4Game) tokens() []string { return g.toks }
func (g *c4Game) secret() string   { return "" }

func (g *c4Game) act(_, tok string) ([]string, string, error) {
	if !slices.Contains(g.legal(""), tok) {
		return nil, "", errorf(Invalid, "illegal move %q", tok)
	}
	return append(slices.Clone(g.toks), tok), "", nil
}

func (g *c4Game) outOfTurn(string) bool { return false }

// engineTurn: the seat to move when Azar sits there, at that seat's
// level.
func (g *c4Game) engineTurn(Options) (string, int, bool) {
	if !g.engineToMove() {
		return "", 0, false
	}
	return g.toAct(), g.seat().Level, true
}

func (g *c4Game) offerRequest(seat string) ([]engine.Option, string) { return g.engineRequest(seat) }

func (g *c4Game) answer(_ string, res engine.Result) ([]string, string, *Eval, error) {
	if _, err := g.pos().ParseMove(res.Move); err != nil {
		return nil, "", nil, err
	}
	return append(slices.Clone(g.toks), res.Move), "", nil, nil
}

func (g *c4Game) hint(_ string, res engine.Result) (Hint, error) {
	if !slices.Contains(g.legal(""), res.Move) {
		return Hint{}, fmt.Errorf("the engine's hint %q is not legal here", res.Move)
	}
	return Hint{Move: res.Move, SAN: c4Notation(g.pos(), mustC4Move(g.pos(), res.Move), false)}, nil
}

func (g *c4Game) hidesEngine() bool { return false }

func (g *c4Game) refuses(r request) error {
	switch r {
	case requestUndo:
		return errorf(Conflict, "four-player chaturanga has no undo")
	case requestResign:
		return errorf(Conflict, "four-player chaturanga has no resignation: a seat plays on until its raja falls")
	case requestDraw:
		return errorf(Conflict, "four-player chaturanga has no draw offers (the engine does not offer or accept draws)")
	}
	return nil
}

func (g *c4Game) takeBack(Options) int          { return -1 }
func (g *c4Game) acceptsDraw(engine.Score) bool { return false }
func (g *c4Game) players(Options) [][2]string   { return nil }

func (g *c4Game) analysisGame(Options, string) (*chess.Game, error) {
	return nil, errorf(Invalid, "the analysis is for standard chess")
}
