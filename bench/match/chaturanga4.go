package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

// Chaturanga4 is four-player chaturanga (variants/chaturanga4,
// docs/rules/chaturanga4.md) refereed: four seats, Red, Green, Yellow and
// Black, in turn order, every move validated by the rules package, a seat
// whose raja is taken out of the game (the runner never asks it again),
// the automatic draws of the rules, and the rules' ranking and scores as
// the result (Result.Places, Result.Points).
//
// A forfeit (time, a stalled or crashed engine, an illegal move, a resign
// adjudication) eliminates the seat and the game goes on without it: the
// referee takes its raja off the board, as if it had been captured, so
// that its army is frozen exactly as a captured raja's army is (its pieces
// stay, block, can be taken and never move; its boats count for the
// triumph), and the seat ranks as the latest one out. The turn passes on
// if it was the seat to move, and the halfmove counter restarts, as after
// a raja's capture. C4N then reads the seat as out ("-") with no raja of
// its own, and from then on the engines are sent `position fen <that C4N>
// moves ...` with the moves since the forfeit (no earlier position can
// recur: the seats in differ). The last seat in after a forfeit wins.
//
// The game has no chance: NewGame's rng is unused.
type Chaturanga4 struct {
	// Rules are the rule options (extended_insufficient). The engines
	// must be told the same with C4_ExtendedInsufficient.
	Rules chaturanga4.Options
}

// EndLastRaja ends a chaturanga4 game by the rules: one raja is left.
const EndLastRaja End = "last raja standing"

// Name returns "chaturanga4".
func (Chaturanga4) Name() string { return "chaturanga4" }

// Seats returns Red, Green, Yellow and Black, with the clock prefixes r,
// g, y and b (go rtime gtime ytime btime rinc ginc yinc binc).
func (Chaturanga4) Seats() []Seat {
	return []Seat{{Name: "Red", Clock: "r"}, {Name: "Green", Clock: "g"}, {Name: "Yellow", Clock: "y"}, {Name: "Black", Clock: "b"}}
}

// roundNumbered marks a variant whose records number rounds, not moves:
// every seat's action carries its seat letter (docs/match.md).
func (Chaturanga4) roundNumbered() {}

// NewGame sets up the opening's C4N (or the start) and checks its book
// moves, which the runner plays through Play.
func (v Chaturanga4) NewGame(o Opening, _ *rand.Rand) (Game, error) {
	p := chaturanga4.NewPosition()
	if o.FEN != "" {
		var err error
		if p, err = chaturanga4.ParseC4N(o.FEN); err != nil {
			return nil, err
		}
	}
	p.SetOptions(v.Rules)
	g := &c4Game{rules: v.Rules, pos: p, start: p.C4N(), out: p.Eliminated()}
	if g.start != chaturanga4.StartC4N {
		g.base = g.start
	}
	check := p.Clone()
	for _, tok := range o.Moves {
		if check.Status().Over {
			return nil, fmt.Errorf("opening %q: the game is over before %s", o.ID, tok)
		}
		m, err := check.ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("opening %q: %w", o.ID, err)
		}
		check.Make(m)
	}
	g.judge()
	return g, nil
}

type c4Game struct {
	rules chaturanga4.Options
	pos   *chaturanga4.Position
	start string // the game's start in C4N (the FEN tag)
	// base is where the position sent to the engines starts: "" (the
	// standard start, startpos) or a C4N: the opening's, then the one
	// after the latest forfeit. moves are the moves since.
	base  string
	moves []string
	out   []chaturanga4.Seat // the seats out, in the order they went out
	over  bool
	res   Result
}

func c4Seat(seat int) chaturanga4.Seat { return chaturanga4.Seat(seat) }

func (g *c4Game) ToMove() int { return int(g.pos.ToMove()) }

// Position is the same for every seat (nothing is hidden).
func (g *c4Game) Position(int) string { return positionArg(g.base, "", g.moves) }

// Play validates and applies seat's move. The action's Text is the move
// with its seat letter, "r:g2f2", followed by a comment for a raja it
// takes: "b:e7d6 {Red's raja is taken}".
func (g *c4Game) Play(seat int, action string) (Action, error) {
	switch {
	case g.over:
		return Action{}, errors.New("the game is over")
	case seat < 0 || seat >= chaturanga4.Seats:
		return Action{}, fmt.Errorf("no seat %d", seat)
	case seat != g.ToMove():
		return Action{}, fmt.Errorf("it is not %s's turn", c4Seat(seat).Name())
	}
	m, err := g.pos.ParseMove(action)
	if err != nil {
		return Action{}, err
	}
	s := c4Seat(seat)
	a := Action{Seat: seat, Number: g.pos.Round(), Move: m.String(), Text: s.String() + ":" + m.String()}
	g.pos.Make(m)
	g.moves = append(g.moves, a.Move)
	for t := chaturanga4.Seat(0); t < chaturanga4.Seats; t++ {
		if !g.pos.Active(t) && !slices.Contains(g.out, t) {
			g.out = append(g.out, t)
			a.Text += " {" + t.Name() + "'s raja is taken}"
		}
	}
	g.judge()
	return a, nil
}

// judge ends the game if the rules end it.
func (g *c4Game) judge() {
	st := g.pos.Status()
	if !st.Over {
		return
	}
	r := Result{Points: g.pos.Scores(), Places: g.places()}
	switch {
	case !st.Draw:
		r.End, r.Text = EndLastRaja, st.Reason
	case st.Reason == "threefold repetition":
		r.End, r.Text = EndRepetition, "Draw by threefold repetition"
	case st.Reason == "50-move rule":
		r.End, r.Text = EndFiftyMoves, "Draw by the 50-move rule (50 turns of each seat in)"
	case st.Reason == "insufficient material":
		r.End, r.Text = EndInsufficient, "Draw by insufficient material"
	default:
		r.End, r.Text = End(st.Reason), "Draw: "+st.Reason
	}
	g.end(r)
}

func (g *c4Game) end(r Result) {
	if !g.over {
		g.res, g.over = r, true
	}
}

// places is the rules' ranking now: every seat still in first (the
// winner, or the seats sharing a draw), then the seats out, the later out
// the better.
func (g *c4Game) places() []int {
	pl := make([]int, chaturanga4.Seats)
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		if g.pos.Active(s) {
			pl[s] = 1
		}
	}
	place := 1 + g.pos.ActiveCount()
	for i := len(g.out) - 1; i >= 0; i-- {
		pl[g.out[i]] = place
		place++
	}
	return pl
}

func (g *c4Game) Result() (Result, bool) { return g.res, g.over }

// Forfeit eliminates seat (see Chaturanga4): its raja leaves the board and
// its army freezes; the last seat in wins.
func (g *c4Game) Forfeit(seat int, end End, text string) {
	if g.over || seat < 0 || seat >= chaturanga4.Seats || !g.pos.Active(c4Seat(seat)) {
		return
	}
	p, err := chaturanga4.ParseC4N(c4Without(g.pos, c4Seat(seat)))
	if err != nil {
		// The referee wrote a C4N its rules refuse: a bug, reported as
		// the game's end rather than a crash of the match.
		g.end(Result{Points: make([]float64, chaturanga4.Seats), End: EndAborted, Text: "referee error: " + err.Error()})
		return
	}
	p.SetOptions(g.rules)
	g.pos, g.base, g.moves = p, p.C4N(), nil
	g.out = append(g.out, c4Seat(seat))
	if p.ActiveCount() == 1 {
		g.end(Result{Points: p.Scores(), Places: g.places(), End: end,
			Text: fmt.Sprintf("%s; %s is the last raja standing", text, p.ToMove().Name())})
		return
	}
	g.judge()
}

// c4Without is p's C4N with seat out's raja taken off the board and the
// seat out: the turn passes on if it was out's (a new round if it
// wraps), and the halfmove counter restarts.
func c4Without(p *chaturanga4.Position, out chaturanga4.Seat) string {
	f := strings.Fields(p.C4N())
	raja := chaturanga4.MakePiece(out, chaturanga4.King)
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.At(chess.MakeSquare(file, rank))
			if pc == chaturanga4.NoPiece || pc == raja {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	f[0] = b.String()
	to, round := p.ToMove(), p.Round()
	if to == out {
		next := to
		for {
			next = (next + 1) % chaturanga4.Seats
			if next == to || p.Active(next) {
				break
			}
		}
		if next <= to {
			round++
		}
		to = next
	}
	f[1] = to.String()
	in := []byte(f[2])
	in[out] = '-'
	f[2] = string(in)
	f[4] = "0"
	f[5] = strconv.Itoa(round)
	return strings.Join(f, " ")
}

// Adjudicate ends the game drawn among the seats still in (the runner
// adjudicates only draws: -draw and -maxmoves): each gets 1/k, they share
// first place, and the seats out keep their places.
func (g *c4Game) Adjudicate(r Result) {
	if g.over {
		return
	}
	r.Points, r.Places = g.pos.Scores(), g.places()
	g.end(r)
}

// Tags are FEN (the start in C4N, always) with SetUp for a start other
// than the standard one, C4Rules when a rule option is not the default,
// and once the game is over Places and Scores, per seat letter:
// [Places "r=1 g=4 y=2 b=3"], [Scores "r=1 g=0 y=0 b=0"].
func (g *c4Game) Tags() []Tag {
	var tags []Tag
	if g.start != chaturanga4.StartC4N {
		tags = append(tags, Tag{"SetUp", "1"})
	}
	tags = append(tags, Tag{"FEN", g.start})
	if g.rules.ExtendedInsufficient {
		tags = append(tags, Tag{"C4Rules", "extended_insufficient"})
	}
	if g.over && len(g.res.Places) == chaturanga4.Seats {
		var pl, sc []string
		for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
			pl = append(pl, fmt.Sprintf("%s=%d", s, g.res.Places[s]))
			sc = append(sc, s.String()+"="+strconv.FormatFloat(g.res.Points[s], 'g', 4, 64))
		}
		tags = append(tags, Tag{"Places", strings.Join(pl, " ")}, Tag{"Scores", strings.Join(sc, " ")})
	}
	return tags
}

// Chaturanga4Position is the referee's position of a chaturanga4 game:
// for tests and tools. g must come from Chaturanga4.NewGame.
func Chaturanga4Position(g Game) (*chaturanga4.Position, bool) {
	cg, ok := g.(*c4Game)
	if !ok {
		return nil, false
	}
	return cg.pos, true
}
