package games

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"azar/app/store"
	"azar/practice/analysis"
)

// DefaultAnalysisBudget bounds each search of a post-game analysis: a
// node count, so that the same game gets the same analysis on every
// machine, small enough for a game of 40 moves to take seconds.
var DefaultAnalysisBudget = analysis.Budget{Nodes: 60_000, HashMB: 16}

// Analysis is a finished game's post-game analysis as the page shows it
// (practice/analysis, docs/analysis.md): each side's accuracy and labels,
// each move's judgement and White's winning chances after it. The graph
// is GET /api/games/{id}/analysis.svg.
type Analysis struct {
	White analysis.SideReport `json:"white"`
	Black analysis.SideReport `json:"black"`
	Moves []AnalysedMove      `json:"moves"`
	// Swings are a card game's cards that moved their drawer's chances
	// the most (cardanalysis.go), biggest first.
	Swings []Swing `json:"swings,omitempty"`
	// C4 is four-player chaturanga's: each seat's expected points and
	// report (c4analysis.go); White and Black are then empty, and Moves'
	// sides are seats (r, g, y, b).
	C4 *C4Analysis `json:"c4,omitempty"`
}

// AnalysedMove is one ply of an analysis.
type AnalysedMove struct {
	Ply      int     `json:"ply"`
	Side     string  `json:"side"` // "w" or "b"
	SAN      string  `json:"san"`
	Label    string  `json:"label,omitempty"` // inaccuracy, mistake, blunder
	Best     string  `json:"best,omitempty"`  // the engine's move, in SAN, when another was played
	WhiteWin float64 `json:"whiteWin"`        // White's win % after the move
	// Kind is a card game's ply that was not a decision: "chance" (a
	// card the rules dealt) or "forced" (analysis.MoveReport.Kind).
	Kind string `json:"kind,omitempty"`
}

// Progress is a running analysis: positions searched of the total.
type Progress struct {
	Done  int `json:"done"`
	Total int `json:"total"`
}

// storedAnalysis is what the store keeps: the analysis and its graph.
type storedAnalysis struct {
	Analysis Analysis `json:"analysis"`
	SVG      string   `json:"svg"`
}

func summarize(r *analysis.Report) Analysis {
	a := Analysis{White: r.White, Black: r.Black, Moves: []AnalysedMove{}}
	wins := r.WhiteWins()
	for i, m := range r.Moves {
		am := AnalysedMove{Ply: m.Ply, Side: m.Side[:1], SAN: m.SAN, WhiteWin: math.Round(wins[i+1]*10) / 10, Kind: m.Kind}
		if m.Label != analysis.NoLabel {
			am.Label = m.Label.String()
		}
		if m.Best != m.UCI {
			am.Best = m.BestSAN
		}
		a.Moves = append(a.Moves, am)
	}
	return a
}

// Analyze starts the post-game analysis of a finished chess game in the
// background (one at a time for the whole server); the views show its
// progress, then the analysis, which is stored with the game. A game
// already analysed, or being analysed, is left as it is. Any seat may
// ask for it: the game is over.
func (s *Seated) Analyze() (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.play.refuses(requestAnalysis); err != nil {
		return View{}, err
	}
	switch {
	case !g.over():
		return View{}, errorf(Conflict, "the game is not over yet")
	case len(g.moves) == 0:
		return View{}, errorf(Conflict, "the game has no moves to analyse")
	case g.analysis != "" || g.analyzing != nil:
		return s.view(), nil
	}
	run, err := g.analysisJob(m.cfg.Engine)
	if err != nil {
		return View{}, err
	}
	g.analyzing, g.analysisErr = &Progress{Total: len(g.moves)}, ""
	m.wg.Add(1)
	go m.runAnalysis(g, g.version, run)
	g.bump(time.Now())
	m.broadcast(g)
	return s.view(), nil
}

// analyser is a game's analysis: chess's by positions, a card game's by
// decisions.
type analyser func(ctx context.Context, b analysis.Budget, progress func(done, total int)) (analysis.Report, []Swing, error)

// analysisJob makes a finished game's stored analysis: its summary and
// its graph.
type analysisJob func(ctx context.Context, b analysis.Budget, progress func(done, total int)) (storedAnalysis, error)

// analysisJob is the finished game's analysis job: four-player
// chaturanga's expectations (c4analysis.go), or the two-sided report of
// chess and the card games, with eng for the searches that are not
// practice/analysis's own.
func (g *gameState) analysisJob(eng Searcher) (analysisJob, error) {
	if job := g.play.seatsJob(g.opts, g.cloneMoves(), eng); job != nil {
		return job, nil
	}
	run, err := g.analyser(eng)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, b analysis.Budget, progress func(int, int)) (storedAnalysis, error) {
		rep, swings, err := run(ctx, b, progress)
		if err != nil {
			return storedAnalysis{}, err
		}
		var svg bytes.Buffer
		if err := analysis.WriteSVG(&svg, &rep); err != nil {
			return storedAnalysis{}, err
		}
		a := summarize(&rep)
		a.Swings = swings
		return storedAnalysis{Analysis: a, SVG: svg.String()}, nil
	}, nil
}

// analyser is the finished game's analysis, with eng for a card game's
// searches (chess's are practice/analysis's own engine).
func (g *gameState) analyser(eng Searcher) (analyser, error) {
	result, _ := g.result()
	if g.play.judgesDecisions() {
		e, o, secret, moves, texts := entryFor(g.opts.Variant), g.opts, g.play.secret(), g.cloneMoves(), moveTexts(g.play, g.moves)
		return func(ctx context.Context, b analysis.Budget, progress func(int, int)) (analysis.Report, []Swing, error) {
			return analyseCards(ctx, e, o, secret, moves, texts, result, eng, b, progress)
		}, nil
	}
	game, err := g.play.analysisGame(g.opts, result)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, b analysis.Budget, progress func(int, int)) (analysis.Report, []Swing, error) {
		r, err := analysis.Analyze(ctx, game, b, progress)
		return r, nil, err
	}, nil
}

// AnalyseC4Record analyses a finished four-player game the store kept
// (`azar analyze -data`), as the Analyse button does: the expectations
// and each ply, its sides the seats.
func AnalyseC4Record(ctx context.Context, rec store.Game, eng Searcher, b analysis.Budget) (C4Analysis, []AnalysedMove, error) {
	g, err := fromRecord(rec)
	if err != nil {
		return C4Analysis{}, nil, err
	}
	if !g.over() {
		return C4Analysis{}, nil, errorf(Conflict, "the game is not over yet")
	}
	job := g.play.seatsJob(g.opts, g.cloneMoves(), eng)
	if job == nil {
		return C4Analysis{}, nil, errorf(Invalid, "game %s is not four-player chaturanga", rec.ID)
	}
	sa, err := job(ctx, b, nil)
	if err != nil {
		return C4Analysis{}, nil, err
	}
	return *sa.Analysis.C4, sa.Analysis.Moves, nil
}

// AnalyseRecord analyses a finished game the store kept (`azar analyze
// -data`): what the Analyse button stores, without a server; the card
// games' searches go to eng.
func AnalyseRecord(ctx context.Context, rec store.Game, eng Searcher, b analysis.Budget) (analysis.Report, []Swing, error) {
	g, err := fromRecord(rec)
	if err != nil {
		return analysis.Report{}, nil, err
	}
	switch {
	case !g.over():
		return analysis.Report{}, nil, errorf(Conflict, "the game is not over yet")
	case len(g.moves) == 0:
		return analysis.Report{}, nil, errorf(Conflict, "the game has no moves to analyse")
	}
	if err := g.play.refuses(requestAnalysis); err != nil {
		return analysis.Report{}, nil, err
	}
	run, err := g.analyser(eng)
	if err != nil {
		return analysis.Report{}, nil, err
	}
	return run(ctx, b, nil)
}

func (m *Manager) runAnalysis(g *Game, version uint64, run analysisJob) {
	defer m.wg.Done()
	select {
	case m.analysisSlot <- struct{}{}:
		defer func() { <-m.analysisSlot }()
	case <-m.ctx.Done():
		return
	}
	// An analysis of moves since taken back (commit drops its progress)
	// stops at its next position, so that it does not keep the slot from
	// the analysis of the game as it now is.
	ctx, stop := context.WithCancel(m.ctx)
	defer stop()
	current := func() bool {
		if g.analyzing == nil || g.version != version {
			stop()
			return false
		}
		return true
	}
	g.mu.Lock()
	current()
	g.mu.Unlock()
	progress := func(done, total int) {
		g.mu.Lock()
		defer g.mu.Unlock()
		if current() {
			g.analyzing = &Progress{Done: done, Total: total}
			g.bump(time.Now())
			m.broadcast(g)
		}
	}
	sa, err := run(ctx, m.cfg.AnalysisBudget, progress)
	var stored []byte
	if err == nil {
		stored, err = json.Marshal(sa)
	}
	if m.ctx.Err() != nil {
		return // shutting down: the game can be analysed again later
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !current() {
		return // the game changed (an undo): the analysis is of another game
	}
	g.analyzing = nil
	if err == nil {
		prev := g.analysis
		g.analysis = string(stored)
		if err = g.save(time.Now(), g.nextSeq(time.Now()), m.cfg.Store); err != nil {
			g.analysis = prev
		}
	}
	if err != nil {
		m.log.WithError(err).Warnf("game %s: analysis", g.id)
		g.analysisErr = err.Error()
	}
	g.bump(time.Now())
	m.broadcast(g)
}

// AnalysisSVG is the evaluation graph of an analysed game.
func (s *Seated) AnalysisSVG() (string, error) {
	g, id := s.g, s.g.id
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.analysis == "" {
		return "", errorf(NotFound, "game %s has no analysis", id)
	}
	var sa storedAnalysis
	if err := json.Unmarshal([]byte(g.analysis), &sa); err != nil {
		return "", fmt.Errorf("game %s: analysis: %w", id, err)
	}
	return sa.SVG, nil
}

// analysisView is the stored analysis for the View (nil when none).
func (g *gameState) analysisView() *Analysis {
	if g.analysis == "" {
		return nil
	}
	var sa storedAnalysis
	if err := json.Unmarshal([]byte(g.analysis), &sa); err != nil {
		return nil
	}
	return &sa.Analysis
}

// analysisFor is the analysis as viewer w may see it. In a game that
// hides a seat's cards (spy, magic) the engine's better action at the
// other seat's decisions is left out: it was searched from that seat's
// own cards, and "Best: AM07@…" or a reveal would show them. The labels
// and the graph stay.
func (g *gameState) analysisFor(w viewer) *Analysis {
	a := g.analysisView()
	if a == nil || g.play == nil || !g.play.hidesEngine() {
		return a
	}
	for i := range a.Moves {
		if a.Moves[i].Side != w.seat {
			a.Moves[i].Best = ""
		}
	}
	return a
}
