package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"azar/eval"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

// Built-in players: baselines the runner plays itself, without a process
// (`-engine builtin=random`, `-engine builtin=greedy`, `-engine
// builtin=never`), for the strength figures of a real engine against them
// and for the referees' tests (docs/match.md, "Built-in players").
//
//	random  a uniformly random legal move (magic: a uniformly random legal
//	        action, card commitments and passes included)
//	greedy  the move that takes the most material from the other seats
//	        (a raja or king above everything, then eval's piece values;
//	        a boat triumph counts every boat of another seat it takes),
//	        ties and moves that take nothing chosen at random (chess,
//	        chaturanga4)
//	never   magic: a uniformly random standard move, never a card, every
//	        window declined
//	mcts    lucky, spy, magic, chaturanga4: information-set MCTS on the
//	        player's view, with options after a colon (mcts_player.go)
//
// A built-in player sees only what an engine would: the `position`
// argument the variant sends (Game.Position), which it reads with the
// variant's rules package. Its randomness is seeded per game and seat from
// -seed, so a match of built-in players replays exactly.

// player is what the runner asks for moves: a UCI engine process
// (*Engine) or a built-in player (*builtin).
type player interface {
	NewGame(ctx context.Context, timeout time.Duration) error
	Go(ctx context.Context, position, goArgs string, limit time.Duration) (Reply, error)
	Stop(ctx context.Context, grace time.Duration) bool
	Alive() bool
	Close(grace time.Duration)
}

// The kinds of built-in players.
const (
	BuiltinRandom = "random"
	BuiltinGreedy = "greedy"
	BuiltinNever  = "never"
)

// builtinNames lists every kind, for the error of an unknown one.
const builtinNames = "random, greedy, never, mcts"

// mover picks a move for one variant.
type mover interface {
	// move returns the action token for the position argument, drawing
	// its choices from rng.
	move(position string, rng *rand.Rand) (string, error)
}

// builtinVariant is a variant the built-in players can play.
type builtinVariant interface {
	// builtinKinds lists the kinds the variant has.
	builtinKinds() []string
	// newMover returns a player of kind, one of builtinKinds.
	newMover(kind string) mover
}

// builtin is a built-in player.
type builtin struct {
	mover mover
	rng   *rand.Rand
}

// builtinSalt separates the built-in players' random streams from the
// games' chance, which is also seeded from -seed.
const builtinSalt = 0xb0117_1e5eed

// newBuiltin returns a built-in player of kind for variant v.
func newBuiltin(v Variant, kind string) (*builtin, error) {
	if isMCTSKind(kind) {
		m, err := newMCTSMover(v, kind)
		if err != nil {
			return nil, err
		}
		return &builtin{mover: m, rng: rand.New(rand.NewPCG(builtinSalt, 0))}, nil
	}
	if kind != BuiltinRandom && kind != BuiltinGreedy && kind != BuiltinNever {
		return nil, fmt.Errorf("builtin=%s: unknown built-in player (known: %s)", kind, builtinNames)
	}
	bv, ok := v.(builtinVariant)
	if !ok {
		return nil, fmt.Errorf("builtin=%s: the variant %s has no built-in players (chess, chaturanga4 and magic have)", kind, v.Name())
	}
	if !slices.Contains(bv.builtinKinds(), kind) {
		return nil, fmt.Errorf("builtin=%s: the variant %s has no %s player (it has: %s)", kind, v.Name(), kind, strings.Join(bv.builtinKinds(), ", "))
	}
	return &builtin{mover: bv.newMover(kind), rng: rand.New(rand.NewPCG(builtinSalt, 0))}, nil
}

// seed starts the player's random stream for game (0-based) in seat.
func (b *builtin) seed(seed uint64, game, seat int) {
	b.rng = rand.New(rand.NewPCG(seed^builtinSalt, uint64(game)<<3|uint64(seat)))
}

func (b *builtin) NewGame(context.Context, time.Duration) error { return nil }

// Go picks a move at once; the limits do not apply (it takes no time to
// speak of, and the clock still runs), except to the MCTS player, which
// budgets its search from them. A position it cannot read is a bug of the
// referee, not a move: the error stops the match.
func (b *builtin) Go(ctx context.Context, position, goArgs string, limit time.Duration) (Reply, error) {
	if err := ctx.Err(); err != nil {
		return Reply{}, err
	}
	start := time.Now()
	var m string
	var err error
	if t, ok := b.mover.(timedMover); ok {
		m, err = t.moveWithin(position, goArgs, limit, b.rng)
	} else {
		m, err = b.mover.move(position, b.rng)
	}
	r := Reply{Move: m, Elapsed: time.Since(start)}
	if err != nil {
		return r, fmt.Errorf("built-in player on %q: %w", position, err)
	}
	return r, nil
}

func (b *builtin) Stop(context.Context, time.Duration) bool { return true }
func (b *builtin) Alive() bool                              { return true }
func (b *builtin) Close(time.Duration)                      {}

// splitPosition splits a position argument into its start ("startpos",
// or the notation after "fen", returned without it) and its moves.
func splitPosition(s string) (fen string, startpos bool, moves []string, err error) {
	f := strings.Fields(s)
	head := f
	if i := slices.Index(f, "moves"); i >= 0 {
		head, moves = f[:i], f[i+1:]
	}
	switch {
	case len(head) == 1 && head[0] == "startpos":
		return "", true, moves, nil
	case len(head) > 1 && head[0] == "fen":
		return strings.Join(head[1:], " "), false, moves, nil
	}
	return "", false, nil, fmt.Errorf("position %q: want startpos or fen <position>, then moves", s)
}

// pick chooses among moves: uniformly, or (values given) uniformly among
// those of the highest value.
func pick[M any](moves []M, values []int, rng *rand.Rand) M {
	if values == nil {
		return moves[rng.IntN(len(moves))]
	}
	best := slices.Max(values)
	var top []M
	for i, v := range values {
		if v == best {
			top = append(top, moves[i])
		}
	}
	return top[rng.IntN(len(top))]
}

// rajaValue is what taking a raja (or, in chess, what would be a king) is
// worth to the greedy player: more than any material.
const rajaValue = 1_000_000

// c4Mover plays chaturanga4. It keeps the position of its last answer and
// only plays the new moves when the next position continues it, as it
// does within a game (a position sent after a forfeit starts anew).
type c4Mover struct {
	greedy bool
	start  string   // the position's start as last read
	played []string // its moves applied to pos
	pos    *chaturanga4.Position
}

func (Chaturanga4) newMover(kind string) mover { return &c4Mover{greedy: kind == BuiltinGreedy} }

func (Chaturanga4) builtinKinds() []string { return []string{BuiltinRandom, BuiltinGreedy} }

func (m *c4Mover) read(position string) error {
	fen, startpos, moves, err := splitPosition(position)
	if err != nil {
		return err
	}
	start := "startpos"
	if !startpos {
		start = fen
	}
	if m.pos != nil && start == m.start && len(moves) >= len(m.played) && slices.Equal(moves[:len(m.played)], m.played) {
		moves = moves[len(m.played):]
	} else {
		m.pos, m.start, m.played = nil, start, m.played[:0]
		p := chaturanga4.NewPosition()
		if !startpos {
			if p, err = chaturanga4.ParseC4N(fen); err != nil {
				return err
			}
		}
		m.pos = p
	}
	for _, tok := range moves {
		mv, err := m.pos.ParseMove(tok)
		if err != nil {
			m.pos = nil
			return err
		}
		m.pos.Make(mv)
		m.played = append(m.played, tok)
	}
	return nil
}

func (m *c4Mover) move(position string, rng *rand.Rand) (string, error) {
	if err := m.read(position); err != nil {
		return "", err
	}
	var l chaturanga4.MoveList
	m.pos.Generate(&l)
	if l.Len() == 0 {
		return "", errors.New("no move: the game is over")
	}
	moves := l.Slice()
	var values []int
	if m.greedy {
		values = make([]int, len(moves))
		me := m.pos.ToMove()
		before := c4Others(m.pos, me)
		for i, mv := range moves {
			m.pos.Make(mv)
			values[i] = before - c4Others(m.pos, me)
			m.pos.Unmake()
		}
	}
	return pick(moves, values, rng).String(), nil
}

// c4Others is the material of every seat but me on the board, frozen
// pieces included, a raja counting rajaValue.
func c4Others(p *chaturanga4.Position, me chaturanga4.Seat) int {
	v := 0
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		if s == me {
			continue
		}
		for t := chaturanga4.Elephant; t <= chaturanga4.Pawn; t++ {
			v += p.Pieces(s, t).Count() * eval.C4PieceValue(t)
		}
		v += p.Pieces(s, chaturanga4.King).Count() * rajaValue
	}
	return v
}

// chessMover plays standard chess, reading each position afresh.
type chessMover struct{ greedy bool }

func (Chess) newMover(kind string) mover { return chessMover{greedy: kind == BuiltinGreedy} }

func (Chess) builtinKinds() []string { return []string{BuiltinRandom, BuiltinGreedy} }

func (m chessMover) move(position string, rng *rand.Rand) (string, error) {
	fen, startpos, moves, err := splitPosition(position)
	if err != nil {
		return "", err
	}
	p := chess.NewPosition()
	if !startpos {
		if p, err = chess.ParseFEN(fen); err != nil {
			return "", err
		}
	}
	for _, tok := range moves {
		mv, err := p.ParseUCIMove(tok)
		if err != nil {
			return "", err
		}
		p.Make(mv)
	}
	var l chess.MoveList
	p.GenerateLegal(&l)
	if l.N == 0 {
		return "", errors.New("no move: the game is over")
	}
	legal := l.Slice()
	var values []int
	if m.greedy {
		values = make([]int, len(legal))
		them := p.Side().Other()
		before := chessMaterial(p, them)
		for i, mv := range legal {
			p.Make(mv)
			values[i] = before - chessMaterial(p, them)
			p.Unmake()
		}
	}
	return pick(legal, values, rng).String(), nil
}

// chessMaterial is c's material on the board by eval's piece values.
func chessMaterial(p *chess.Position, c chess.Color) int {
	v := 0
	for t := chess.Pawn; t <= chess.Queen; t++ {
		v += p.Pieces(c, t).Count() * eval.PieceValue(t)
	}
	return v
}
