package protocol

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"azar/search"
	"azar/variants/chess"
)

// strength holds the options that weaken the engine for people who
// practise (docs/levels.md): `Level` 1..6, or the UCI convention
// UCI_LimitStrength with UCI_Elo. Level, when set, wins.
type strength struct {
	level int // 0: not set
	limit bool
	elo   int
	// seed is the LevelSeed option; 0 draws a new seed at every
	// ucinewgame, so games differ while a test can fix them.
	seed     uint64
	gameSeed uint64
}

// defaultUCIElo is UCI_Elo's default: Medio's strength.
const defaultUCIElo = 1200

func newStrength() strength {
	s := strength{elo: defaultUCIElo}
	s.newGame()
	return s
}

func (s *strength) newGame() {
	s.gameSeed = s.seed
	if s.seed == 0 {
		s.gameSeed = rand.Uint64()
	}
}

// current returns the level in force, if the engine is weakened.
func (s *strength) current() (search.Level, bool) {
	switch {
	case s.level > 0:
		return search.LevelByNumber(s.level)
	case s.limit:
		return search.LevelForElo(s.elo), true
	}
	return search.Level{}, false
}

// rng is the error model's randomness for one decision: the game's seed
// and the position, so one game replays from its seed.
func (s *strength) rng(key uint64) *rand.Rand {
	return rand.New(rand.NewPCG(s.gameSeed, key))
}

// levelLimits caps a search at the level's node budget and widens it to
// the level's candidates. The budget is in nodes, never time, so a level
// plays the same on any machine; a clock given with go still caps the
// search, so a weakened engine never loses on time. An infinite search
// (analysis) is left at full strength.
func (p *Protocol) levelLimits(l search.Limits) search.Limits {
	lv, ok := p.strength.current()
	if !ok || l.Infinite {
		return l
	}
	if l.Nodes == 0 || l.Nodes > lv.Nodes {
		l.Nodes = lv.Nodes
	}
	l.MultiPV = max(l.MultiPV, lv.Candidates)
	return l
}

// levelMove is the move a weakened engine plays from a chess search's
// result: the level's choice among the candidates (the search's best when
// it has none); ok is false when the level changed nothing.
func (p *Protocol) levelMove(pos *chess.Position, l search.Limits, res search.Result) (chess.Move, bool) {
	lv, ok := p.strength.current()
	if !ok || l.Infinite || len(res.Candidates) < 2 {
		return res.Move, false
	}
	m := lv.Choose(res.Candidates, p.strength.rng(pos.Hash()))
	return m, m != chess.NoMove && m != res.Move
}

// levelOptions are the strength options.
func (p *Protocol) levelOptions() []*uciOption {
	return []*uciOption{
		{name: "Level", kind: spinOption, def: "0", min: 0, max: 6,
			set: func(p *Protocol, v string) error {
				p.strength.level, _ = strconv.Atoi(v)
				return nil
			}},
		{name: "UCI_LimitStrength", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error {
				p.strength.limit = strings.EqualFold(v, "true")
				return nil
			}},
		{name: "UCI_Elo", kind: spinOption, def: strconv.Itoa(defaultUCIElo), min: search.MinLevelElo, max: search.MaxLevelElo,
			set: func(p *Protocol, v string) error {
				p.strength.elo, _ = strconv.Atoi(v)
				return nil
			}},
		{name: "LevelSeed", kind: spinOption, def: "0", min: 0, max: 1<<31 - 1,
			set: func(p *Protocol, v string) error {
				n, _ := strconv.Atoi(v)
				p.strength.seed = uint64(n)
				p.strength.newGame()
				return nil
			}},
	}
}
