// Package worlds is the shell that the engines of the hidden-information
// games share around core.Searcher.SearchWorlds: the transposition table
// and the searcher they keep between searches, pondering and the wait of
// an infinite search, and the reports and results in the engines' units
// (centipawns, or a mate score where every world agrees). search/hidden
// (spy) and search/hands (magic) are built on it; each keeps what is its
// own: how it samples the worlds, its adapter, its options and its time
// policy.
//
// It must not know any game: the worlds come to it as core.Worlds.
package worlds

import (
	"context"
	"sync/atomic"
	"time"

	"azar/search"
	"azar/search/core"
	"azar/variants"
)

// Info is one progress report: the value of the best action over the
// worlds searched to Depth.
type Info struct {
	Depth    int
	SelDepth int
	// Score is in centipawns for the seat to act, or ±(search.MateScore -
	// plies) when every world agrees on a forced result.
	Score    int
	Nodes    uint64
	Time     time.Duration
	HashFull int
	Worlds   int
	PV       []variants.Action // the best action, then the first world's line
}

// ActionScore is one root action's value over the worlds.
type ActionScore struct {
	Action variants.Action
	Score  int     // as Info.Score
	Win    float64 // the expected game score in [0, 1] the choice maximises
}

// Result is the outcome of a search.
type Result struct {
	Action variants.Action // meaningful only when Found
	Found  bool            // false: no decision to make
	Score  int             // as Info.Score
	Depth  int
	Nodes  uint64
	Worlds int
	// Scores lists every root action searched over the worlds, best
	// first (empty when nothing was searched: a forced or trivial choice).
	Scores []ActionScore
}

// Units turns a core value over the worlds into an engine's score: v the
// core's value, win the expected game score in [0, 1] and known whether
// win was measured. Spy reports the expected score's centipawns, magic
// the value's own (Mate and its callers).
type Units func(v int, win float64, known bool) int

// Mate is the part of every engine's units that the worlds agree on: a
// win or a loss every world sees as ±(search.MateScore - actions to the
// end), and ok false for any other value.
func Mate(v int) (score int, ok bool) {
	switch {
	case v >= core.WinBound:
		return search.MateScore - (core.WinScore - v), true
	case v <= -core.WinBound:
		return -search.MateScore + (core.WinScore + v), true
	}
	return 0, false
}

// Shell is the state an engine keeps between searches. One search at a
// time.
type Shell struct {
	Table     *core.Table
	Searcher  *core.Searcher
	hashMB    int
	pondering atomic.Bool
}

// NewShell returns a shell with a table of hashMB megabytes.
func NewShell(hashMB int) *Shell {
	s := &Shell{Searcher: core.NewSearcher()}
	s.Resize(hashMB)
	return s
}

// Resize gives the shell a fresh table when the size changes (not during
// a search).
func (s *Shell) Resize(hashMB int) {
	if s.Table == nil || hashMB != s.hashMB {
		s.Table, s.hashMB = core.NewTable(hashMB), hashMB
	}
}

// Begin starts a search: a ponder search ponders until PonderHit, and
// the table ages its entries.
func (s *Shell) Begin(l search.Limits) {
	s.pondering.Store(l.Ponder)
	s.Table.NewSearch()
}

// PonderHit makes a ponder search a normal timed one.
func (s *Shell) PonderHit() {
	s.pondering.Store(false)
	s.Searcher.PonderHit()
}

// Wait holds an infinite or still-pondering search until ctx is done (the
// protocol's stop), as UCI requires of a search that has finished early.
func (s *Shell) Wait(ctx context.Context, l search.Limits) {
	for (l.Infinite || s.pondering.Load()) && ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
}

// Reporter turns the core's reports into the engine's: report (nil for
// none) receives each one in units, over n worlds.
func Reporter(report func(Info), n int, units Units) func(core.Info) {
	if report == nil {
		return nil
	}
	return func(i core.Info) {
		report(Info{Depth: i.Depth, SelDepth: i.SelDepth, Score: units(i.Score, i.Win, i.Win > 0), Nodes: i.Nodes, Time: i.Time,
			HashFull: i.HashFull, Worlds: n, PV: i.PV})
	}
}

// Scores lists every root action of r in units, best first.
func Scores(r core.WorldsResult, units Units) []ActionScore {
	var out []ActionScore
	for _, v := range r.Values {
		out = append(out, ActionScore{Action: v.Action, Score: units(v.Score, v.Win, true), Win: v.Win})
	}
	return out
}
