package lucky

import (
	"fmt"

	"azar/variants"
	"azar/variants/chess"
)

// Apply plays a, which must be one of Legal's actions (for a chance event,
// one of Chances' outcomes). An illegal action returns an error wrapping
// variants.ErrIllegal and leaves the state unchanged.
func (s *State) Apply(a variants.Action) error {
	if s.m.over {
		return fmt.Errorf("%w: %s: the game is over", variants.ErrIllegal, FormatAction(a))
	}
	s.scratch = s.Legal(s.scratch[:0])
	for _, x := range s.scratch {
		if x == a {
			s.apply(a)
			return nil
		}
	}
	return fmt.Errorf("%w: %s in %s", variants.ErrIllegal, FormatAction(a), s.Encode())
}

// ApplyTrusted plays a without checking it: a must come from this very
// state's Legal or Chances. Search uses it to skip the validation Apply
// does.
func (s *State) ApplyTrusted(a variants.Action) { s.apply(a) }

// Undo takes back the last applied action (nothing if there is none).
func (s *State) Undo() {
	n := len(s.undo)
	if n == 0 {
		return
	}
	r := &s.undo[n-1]
	s.unplay(int(r.makes))
	s.m = r.m
	s.rep = s.rep[:r.repLen]
	s.undo = s.undo[:n-1]
	s.syncMods()
}

func (s *State) apply(a variants.Action) {
	s.undo = append(s.undo, undoRec{m: s.m, repLen: uint32(len(s.rep))})
	s.makes = 0
	switch TypeOf(a) {
	case ActMove:
		s.applyMove(MoveOf(a))
	case ActDraw:
		s.m.phase = PhaseChance
	case ActReveal:
		s.reveal(CardOf(a))
	case ActAnnul:
		for c := range s.m.held {
			s.toDeck(s.m.held[c])
			s.m.held[c] = NoKind
			s.m.counter[c] = 0
		}
		s.syncMods()
		s.endTurn()
	case ActClaim:
		s.finish(-1, s.m.claim)
	case ActBomb:
		for t := s.bombAllTargets(); t != 0; {
			s.doMove(chess.NewRemoval(t.PopLSB()), s.m.side)
		}
		s.endTurn()
	case ActWave:
		steps, _ := s.runWave(s.m.card == KindPawnsForward, waveChoices(a))
		s.makes += steps
		s.m.irrev = true
		s.endTurn()
	}
	s.undo[len(s.undo)-1].makes = uint16(s.makes)
}

func (s *State) applyMove(m chess.Move) {
	c := s.m.side
	if m.Kind() == chess.KindNull {
		s.endTurn()
		return
	}
	switch s.m.phase {
	case PhaseStart, PhaseMove:
		isKnight := s.pos.At(m.From()).Type() == chess.Knight
		s.doMove(m, c)
		if s.kingTaken() {
			return
		}
		if isKnight && m.Kind() == chess.KindNormal && s.holds(c, FamSuperknights) && !s.rivalHit() {
			var l chess.MoveList
			s.knightMoves(&l)
			if l.N > 0 {
				s.m.phase = PhaseKnight
				return
			}
		}
		s.endTurn()
	case PhaseSequence, PhaseEnemy:
		nu, nm := s.advance(m, s.m.used, s.m.moved)
		s.doMove(m, s.cardMover())
		s.m.used, s.m.moved = nu, nm
		if s.kingTaken() {
			return
		}
		if s.cardMade() >= int(cards[s.m.card].Quota) || s.rivalHit() {
			s.endTurn()
			return
		}
		var l chess.MoveList
		s.candidates(&l, s.m.used, s.m.moved)
		if l.N == 0 {
			s.endTurn()
		}
	default: // knight, relocate, remove, recover: one action, then the turn ends
		s.doMove(m, c)
		if s.kingTaken() {
			return
		}
		s.endTurn()
	}
}

// kingTaken ends the game if a king was captured (king-capture mode).
func (s *State) kingTaken() bool {
	for c := chess.White; c <= chess.Black; c++ {
		if s.pos.KingSquare(c) == chess.NoSquare {
			s.finish(int8(c.Other()), rKingCaptured)
			return true
		}
	}
	return false
}

func (s *State) finish(winner int8, why reason) {
	s.m.over = true
	s.m.winner = winner
	s.m.why = why
}

// doMove makes a board action whose pieces belong to mover and keeps the
// books: captured pools, the fifty-move clock, en-passant rights.
func (s *State) doMove(m chess.Move, mover chess.Color) {
	from, to := m.From(), m.To()
	switch m.Kind() {
	case chess.KindNormal, chess.KindPromotion:
		if pc := s.pos.At(to); pc != chess.NoPiece {
			s.captured(pc)
		}
		s.touch(from)
		s.touch(to)
		if s.pos.At(from).Type() == chess.Pawn {
			s.m.irrev = true
			d := int(to) - int(from)
			if (d == 16 || d == -16) && mover == s.m.side && s.m.phase != PhaseEnemy {
				t := chess.Square((int(from) + int(to)) / 2)
				if s.m.epNext[0] == chess.NoSquare {
					s.m.epNext[0] = t
				} else {
					s.m.epNext[1] = t
				}
			}
		}
	case chess.KindEnPassant:
		capSq := epPawnSquare(to)
		s.captured(s.pos.At(capSq))
		s.touch(capSq)
		s.touch(from)
		s.touch(to)
	case chess.KindCastle:
		s.touch(from)
		s.touch(to)
		s.touch(castleRookTo(to))
	case chess.KindDrop:
		s.m.pool[mover][m.DropPiece().Type()]--
		s.m.irrev = true
		s.touch(to)
	case chess.KindRemove:
		s.captured(s.pos.At(to))
		s.touch(to)
	case chess.KindRelocate:
		if s.pos.At(from).Type() == chess.Pawn {
			s.m.irrev = true
		}
		s.touch(from)
		s.touch(to)
	}
	s.makes += s.play(m, mover)
}

// captured puts a piece leaving the board into its owner's pool.
func (s *State) captured(pc chess.Piece) {
	s.m.irrev = true
	if t := pc.Type(); t != chess.King && t != chess.NoPieceType {
		s.m.pool[pc.Color()][t]++
	}
}

// touch cancels the en-passant rights against a pawn on sq when that pawn
// is moved, taken, removed or relocated, and the rights whose target
// square sq a piece has just occupied (no capture can land there any more
// this turn).
func (s *State) touch(sq chess.Square) {
	for i, t := range s.m.ep {
		if t != chess.NoSquare && (t == sq || epPawnSquare(t) == sq) {
			s.m.ep[i] = chess.NoSquare
		}
	}
	for i, t := range s.m.epNext {
		if t != chess.NoSquare && (t == sq || epPawnSquare(t) == sq) {
			s.m.epNext[i] = chess.NoSquare
		}
	}
}

// liveEP keeps the en-passant targets next to which a pawn of capturer
// stands. No pawn can arrive there during the turn the right lasts (a pawn
// never moves sideways, and a pawn that steps there has used its move), so
// the other rights can never be used; dropping them keeps keys and
// encodings canonical.
func liveEP(p *chess.Position, eps [2]chess.Square, capturer chess.Color) [2]chess.Square {
	for i, t := range eps {
		if t != chess.NoSquare && chess.PawnAttacks(capturer.Other(), t)&p.Pieces(capturer, chess.Pawn) == 0 {
			eps[i] = chess.NoSquare
		}
	}
	if eps[0] == chess.NoSquare {
		eps[0], eps[1] = eps[1], chess.NoSquare
	}
	return eps
}

func (s *State) toDeck(k Kind) {
	if k == NoKind {
		return
	}
	s.m.pile[k]++
	s.m.pileN++
}

func (s *State) discardCard() {
	if s.m.card != NoKind {
		s.m.discard[s.m.card]++
		s.m.discN++
		s.m.card = NoKind
	}
}

func (s *State) reshuffle() {
	for k, c := range s.m.discard {
		s.m.pile[k] += c
	}
	s.m.pileN += s.m.discN
	s.m.discard = Deck{}
	s.m.discN = 0
}

// reveal resolves the drawn card (rules §5.4).
func (s *State) reveal(k Kind) {
	if s.m.pileN == 0 {
		s.reshuffle()
	}
	s.m.pile[k]--
	s.m.pileN--
	if s.m.pileN == 0 {
		s.reshuffle()
	}
	c := s.m.side
	card := &cards[k]
	s.m.card = k
	s.m.used, s.m.moved = 0, 0
	switch card.Family {
	case FamSuper, FamSuperknights, FamUntouchable, FamFreeze, FamNoRetreat, FamLeadKing:
		s.m.card = NoKind
		s.toDeck(s.m.held[c])
		s.m.held[c] = k
		s.m.counter[c] = 0
		if s.opts.ThreeTurns {
			s.m.counter[c] = 3
		}
		s.syncMods()
		if s.rivalHit() {
			s.endTurn()
			return
		}
		s.m.phase = PhaseMove
	case FamRules:
		s.discardCard()
		s.m.phase = PhaseMove
	case FamSkip:
		s.endTurn()
	case FamMove1, FamMove2, FamMove3, FamChoose1, FamChoose2:
		s.m.phase = PhaseSequence
		if s.cardBest(0, 0, 0) == 0 {
			s.fallback()
		}
	case FamEnemy2:
		s.m.phase = PhaseEnemy
		if s.cardBest(0, 0, 0) == 0 {
			s.fallback()
		}
	case FamRelocate:
		s.m.phase = PhaseRelocate
		if len(s.relocations(s.scratchBuf(), true)) == 0 {
			s.fallback()
		}
	case FamPawnsBack, FamPawnsForward:
		s.m.phase = PhaseWave
		steps, _ := s.runWave(card.Family == FamPawnsForward, 0)
		s.unplay(steps)
		if steps == 0 {
			s.fallback()
		}
	case FamRemove, FamBomb, FamBombCruel:
		s.m.phase = PhaseRemove
		if len(s.removals(s.scratchBuf(), true)) == 0 {
			s.fallback()
		}
	case FamBombFierce, FamBombCrazy:
		s.m.phase = PhaseBombAll
		if !s.bombAllLegal() {
			s.fallback()
		}
	case FamRecover:
		empty := true
		for t := chess.Pawn; t <= chess.Queen; t++ {
			empty = empty && s.m.pool[c][t] == 0
		}
		if empty {
			// Nothing to recover: the card goes back to the deck.
			s.m.card = NoKind
			s.toDeck(k)
			s.fallbackNoDiscard()
			return
		}
		s.m.phase = PhaseRecover
		if len(s.placements(s.scratchBuf(), true)) == 0 {
			s.fallback()
		}
	}
}

// scratchBuf is a small buffer for existence tests (reveal is never called
// while Apply holds the scratch slice's contents).
func (s *State) scratchBuf() []variants.Action { return s.scratch[len(s.scratch):] }

// fallback: the card cannot be fulfilled at all; it is discarded and the
// edition decides (normal move, or the turn is lost).
func (s *State) fallback() {
	s.discardCard()
	s.fallbackNoDiscard()
}

func (s *State) fallbackNoDiscard() {
	s.m.used, s.m.moved = 0, 0
	if s.opts.Edition == FirstEdition {
		s.endTurn()
		return
	}
	s.m.phase = PhaseMove
}

// endTurn closes the turn of the player to act and opens the rival's
// (rules §5.3 D, then A for the rival).
func (s *State) endTurn() {
	s.discardCard()
	s.m.used, s.m.moved = 0, 0
	s.m.ep = liveEP(s.pos, s.m.epNext, s.m.side.Other())
	s.m.epNext = [2]chess.Square{chess.NoSquare, chess.NoSquare}
	if s.m.irrev {
		s.m.rule50 = 0
	} else if s.m.rule50 < 60000 {
		s.m.rule50++
	}
	s.m.irrev = false
	s.pos.Make(chess.NullMove)
	s.makes++
	s.m.side = s.m.side.Other()
	s.m.turn++
	s.m.phase = PhaseStart
	if c := s.m.side; s.opts.ThreeTurns && s.m.held[c] != NoKind {
		s.m.counter[c]--
		if s.m.counter[c] == 0 {
			s.toDeck(s.m.held[c])
			s.m.held[c] = NoKind
			s.syncMods()
		}
	}
	s.beginTurnEval()
}

// beginTurnEval records the position for repetitions and evaluates the
// end conditions for the player about to act (rules §10).
func (s *State) beginTurnEval() {
	c := s.m.side
	var l chess.MoveList
	s.normalMoves(&l)
	key := s.positionKey(&l)
	s.rep = append(s.rep, key)
	reps := 0
	for _, k := range s.rep {
		if k == key {
			reps++
		}
	}
	s.m.claim = rNone
	if !s.opts.KingCapture && l.N == 0 {
		if s.kingAttacked(c) {
			s.finish(int8(c.Other()), rCheckmate)
		} else {
			s.finish(-1, rStalemate)
		}
		return
	}
	if s.pos.Pieces(chess.White, chess.King) != 0 && s.pos.Pieces(chess.Black, chess.King) != 0 &&
		s.pos.InsufficientMaterial(true) {
		s.finish(-1, rInsufficient)
		return
	}
	if s.opts.DrawClaims == ClaimsAutomatic {
		if reps >= 3 {
			s.finish(-1, rThreefold)
		} else if s.m.rule50 >= 100 {
			s.finish(-1, rFifty)
		}
		return
	}
	switch {
	case reps >= 5:
		s.finish(-1, rFivefold)
	case s.m.rule50 >= 150:
		s.finish(-1, rSeventyFive)
	case reps >= 3:
		s.m.claim = rClaimThreefold
	case s.m.rule50 >= 100:
		s.m.claim = rClaimFifty
	}
}
