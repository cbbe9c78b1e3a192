package games

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"azar/app/engine"
)

// engineTries is how many searches in a row may fail before the engine
// gives the game up (engineGivesUp): an engine that cannot answer a
// position (a refusal, a hang) answers it no better on the tenth try, and
// a game must never wait for ever. With the pauses between them (250 ms,
// doubling) the tries take a few seconds beyond the searches themselves.
const engineTries = 5

// engineIfDue starts the engine's search when it is the engine's turn and
// no search runs. g.mu is held.
func (m *Manager) engineIfDue(g *Game) {
	if g.thinking || !g.engineToMove() {
		return
	}
	g.thinking = true
	goArgs := m.cfg.GoArgs
	if g.opts.Clock != nil {
		// On the clock the engine's time manager decides (clock.go).
		goArgs = func(int) string { return g.clockGo(time.Now()) }
	}
	req, seat := g.engineRequest(goArgs)
	m.wg.Add(1)
	go m.engineMove(g, g.version, req, g.play.outOfTurn(seat), g.play.hidesEngine())
}

// engineRequest is the engine's search for its turn, and its seat. g.mu
// is held and it is the engine's turn.
func (g *gameState) engineRequest(goArgs func(level int) string) (engine.Request, string) {
	seat, level, _ := g.engineTurn()
	return g.request(seat, level, goArgs(level)), seat
}

func levelOption(level int) []engine.Option {
	return []engine.Option{{Name: "Level", Value: strconv.Itoa(level)}}
}

// engineMove runs the engine's search and plays its answer, unless the
// game changed meanwhile (an undo, a resignation). In a game that hides
// the engine's side (hidden) the answer is held until the decision delay
// has passed since it was asked (pace.go), so that how fast the engine
// answered says nothing of its card or hand. A spy engine's wildcard
// choice (choosing) is stored without a change the page sees, and the
// engine's first action follows at once, as one decision. A failing
// search is tried again, waiting longer each time, engineTries times in
// all; then the engine gives the game up.
func (m *Manager) engineMove(g *Game, version uint64, req engine.Request, choosing, hidden bool) {
	defer m.wg.Done()
	wait := 250 * time.Millisecond
	asked := m.clock.Now()
	for failures := 0; ; {
		release := m.searchSlot(g.owner) // at most a few of one client's games search at once
		if release == nil {
			return
		}
		ctx, cancel := context.WithTimeout(m.ctx, searchTimeout)
		res, err := m.cfg.Engine.Search(ctx, req)
		cancel()
		release()
		if m.ctx.Err() != nil {
			return // shutting down: the stored game resumes on the next start
		}
		if err == nil && hidden && !choosing && !m.hold(asked) {
			return
		}
		g.mu.Lock()
		if g.version != version {
			g.mu.Unlock()
			return
		}
		if err == nil && choosing {
			if err = m.playEngineChoice(g, res); err == nil {
				choosing, version = false, g.version
				req, _ = g.engineRequest(m.cfg.GoArgs)
				g.mu.Unlock()
				continue
			}
		} else if err == nil {
			if err = m.playEngineMove(g, res); err == nil {
				g.mu.Unlock()
				return
			}
		}
		m.log.WithError(err).Warnf("game %s: engine move", g.id)
		if failures++; failures >= engineTries {
			m.engineGivesUp(g)
			g.mu.Unlock()
			return
		}
		g.engineErr = err.Error()
		if hidden {
			// The engine's error may echo its position (its own card or
			// hand) or its illegal answer (a card it holds): the log
			// keeps it, the page gets the fact only.
			g.engineErr = engineTroubleHidden
		}
		g.bump(time.Now())
		m.broadcast(g)
		g.mu.Unlock()
		select {
		case <-m.clock.After(wait):
		case <-m.ctx.Done():
			return
		}
		wait = min(2*wait, 30*time.Second)
		asked = m.clock.Now()
	}
}

// What the page is told of an engine in trouble where the engine's side
// is secret (its own words may name its card or hand), and once the
// engine has given a game up.
const (
	engineTroubleHidden = "the engine could not decide; retrying"
	engineGaveUp        = "the engine could not move and resigned the game"
	engineGaveUpC4      = "the engine could not move; the game waits until the server restarts"
)

// engineGivesUp ends the tries: in a two-player game the engine resigns
// (the player wins, the game is stored as resigned); four-player
// chaturanga has no resignation, so there the engine's seat stops and the
// game waits for the next start of the server, which tries again. g.mu
// is held.
func (m *Manager) engineGivesUp(g *Game) {
	if g.play.refuses(requestResign) != nil {
		g.thinking, g.engineErr = false, engineGaveUpC4
		g.bump(time.Now())
		m.broadcast(g)
		return
	}
	result := "1-0"
	if g.engineSeat() == "w" {
		result = "0-1"
	}
	if err := g.commit(g.moves, ending{result: result, reason: ReasonResign}, time.Now(), m.cfg.Store); err != nil {
		// Not even that could be stored: the game stays as it was, and
		// the next start of the server tries again.
		m.log.WithError(err).Errorf("game %s: storing the engine's resignation", g.id)
		g.thinking, g.engineErr = false, "the engine could not move, and the game could not be stored"
		g.bump(time.Now())
		m.broadcast(g)
		return
	}
	g.engineErr = engineGaveUp
	m.changed(g)
}

// playEngineChoice stores a spy engine's wildcard choice: part of the
// secret, nothing the page sees, so the version does not move and no view
// goes out; the engine goes on thinking (its first action comes next).
// g.mu is held.
func (m *Manager) playEngineChoice(g *Game, res engine.Result) error {
	seat, _, _ := g.engineTurn()
	toks, secret, _, err := g.play.answer(seat, res)
	if err != nil {
		return fmt.Errorf("the engine answered %q: %v", res.Move, err)
	}
	// act took nothing but a choice here (a spy act while the choice is
	// due), so the public actions are as they were.
	return g.replace(toks, secret, ending{}, time.Now(), m.cfg.Store)
}

// playEngineMove commits the engine's answer. g.mu is held.
func (m *Manager) playEngineMove(g *Game, res engine.Result) error {
	seat, _, _ := g.engineTurn()
	toks, secret, ev, err := g.play.answer(seat, res)
	if err != nil {
		return fmt.Errorf("the engine answered %q: %v", res.Move, err)
	}
	if err := g.commitSecret(toks, secret, ending{}, time.Now(), m.cfg.Store); err != nil {
		return err
	}
	m.enginePlayed(g, ev)
	return nil
}

// enginePlayed follows a committed engine action: the trouble cleared and
// its score kept (nil: none to show). g.mu is held.
func (m *Manager) enginePlayed(g *Game, ev *Eval) {
	g.thinking, g.engineErr = false, ""
	if ev != nil {
		g.eval = ev
	}
	m.changed(g)
}
