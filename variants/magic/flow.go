package magic

import (
	"fmt"

	"azar/variants"
	"azar/variants/chess"
)

// Legal appends every legal action of the seat to act to buf.
func (s *State) Legal(buf []variants.Action) []variants.Action {
	return s.legalFor(buf, template{})
}

// legalFor appends the legal actions that could match t (all of them for
// the zero template): Apply and ParseAction only generate what they need.
func (s *State) legalFor(buf []variants.Action, t template) []variants.Action {
	if s.m.over {
		return buf
	}
	all := t.act == 0
	moves := all || TypeOf(t.act) == ActMove
	others := all || TypeOf(t.act) == ActPass || TypeOf(t.act) == ActClaim
	card := NoCard
	if all {
		card = NumCards // every card
	} else if TypeOf(t.act) == ActCard {
		card = cardOf(t.act)
	}
	e := s.env()
	who := s.actor()
	appendMoves := func(l *mlist) {
		for _, m := range l.slice() {
			buf = append(buf, MoveAction(m))
		}
	}
	switch s.m.ph {
	case PhStart:
		stale := false
		if moves || others {
			l := &s.mlGen
			s.legalStd(who, e, true, l)
			if moves {
				appendMoves(l)
			}
			stale = l.n == 0
		}
		if card != NoCard && s.mayHold(card, who, cardsIn[Main]|cardsIn[Pre]) && s.canCommit(who, e) {
			base := !s.kingAttacked(who, e, true)
			buf = s.cards(buf, card, Main, who, e, base)
			buf = s.cards(buf, card, Pre, who, e, true)
		}
		if others && stale {
			// No standard move, not in check, a card in hand: the turn
			// may be a card, or the player accepts the stalemate
			// (decision 9).
			buf = append(buf, PassAction)
		}
		if others && s.m.claim != rNone {
			buf = append(buf, ClaimAction)
		}
	case PhMove:
		if moves {
			l := &s.mlGen
			s.legalStd(who, e, true, l)
			appendMoves(l)
		}
	case PhEnd, PhRCommit, PhRImpact, PhMS:
		if others {
			buf = append(buf, PassAction)
		}
		if card == NoCard {
			break
		}
		w := windowOfPhase(s.m.ph)
		if !s.mayHold(card, who, cardsIn[w]) || (w != MS && !s.canCommit(who, e)) {
			break
		}
		base := true
		if w == End {
			base = !s.kingAttacked(who, e, true)
		}
		buf = s.cards(buf, card, w, who, e, base)
	case PhReplace:
		if moves {
			l := &s.mlGen
			s.replacements(e, l)
			appendMoves(l)
		}
	}
	return buf
}

// windowOfPhase is the window a phase opens (PhEnd, PhRCommit, PhRImpact,
// PhMS); a switch, not a map literal, which cost a map per call.
func windowOfPhase(ph Phase) Window {
	switch ph {
	case PhEnd:
		return End
	case PhRCommit:
		return RCommit
	case PhRImpact:
		return RImpact
	}
	return MS
}

// cardsIn is, per window, the cards that may be committed in it: the
// card's own windows, every card in the mate save (decision 8).
var cardsIn = func() (t [MS + 1]CardSet) {
	for c := CardID(0); c < NumCards; c++ {
		for w := Main; w < MS; w++ {
			if c.Info().Windows.Has(w) {
				t[w] |= 1 << c
			}
		}
	}
	t[MS] = allCards
	return t
}()

// mayHold: who may hold (their hand, or unaccounted cards in a view) a
// card of set (card alone unless it is NumCards) that LegalWithout does
// not skip. Without one, a window's cards cost nothing: the king test and
// the card loop are not run.
func (s *State) mayHold(card CardID, who chess.Color, set CardSet) bool {
	src := s.m.hand[who]
	if !s.m.known[who] {
		src = s.m.unknown
	}
	if card != NumCards {
		set &= 1 << card
	}
	return s.m.handN[who] > 0 && src&set&^s.skip != 0
}

// cards appends the legal commitments in window w of card (NumCards: every
// card) from what who may hold: their hand, or in a view where it is
// unknown, any unaccounted card.
func (s *State) cards(buf []variants.Action, card CardID, w Window, who chess.Color, e *env, base bool) []variants.Action {
	src := s.m.hand[who]
	if !s.m.known[who] {
		src = s.m.unknown
	}
	src &^= s.skip
	if s.m.handN[who] == 0 {
		return buf
	}
	for c := CardID(0); c < NumCards; c++ {
		// The mate save is the regulation's window, open to every card
		// (decision 8); the others are the card's own.
		if (card != NumCards && c != card) || !src.Has(c) || (w != MS && !c.Info().Windows.Has(w)) {
			continue
		}
		buf = s.genCard(buf, c, w, who, e, base)
	}
	return buf
}

// canCommit: who holds a card, is not silenced (rules §7.2 item 3), and
// in the active player's windows has not committed this turn's card.
func (s *State) canCommit(who chess.Color, e *env) bool {
	if s.m.handN[who] == 0 || e.silenced[who] {
		return false
	}
	if who == s.m.side && (s.m.cardUsed || s.m.moveOnly) {
		return false
	}
	return true
}

// mayCommit is canCommit without an env: afterMove asks only this of the
// effects (an env costs a pass over them and the board for each move).
func (s *State) mayCommit(who chess.Color) bool {
	if s.m.handN[who] == 0 || s.silenced(who) {
		return false
	}
	return who != s.m.side || !(s.m.cardUsed || s.m.moveOnly)
}

// silenced: an enemy silence (AM40) is in play against who (env's
// silenced, read from the effects alone).
func (s *State) silenced(who chess.Color) bool {
	for i := 0; i < int(s.m.nEff); i++ {
		if x := &s.eff[i]; x.Kind == EffSilence && x.Owner == who.Other() {
			return true
		}
	}
	return false
}

// reactOpen: a reaction window opens for the other player (advanced mode,
// a card in hand, not silenced).
func (s *State) reactOpen() bool {
	d := s.m.side.Other()
	return s.opts.Mode == Advanced && s.m.handN[d] > 0 && !s.silenced(d)
}

// replacements: the rewound player's legal moves other than the undone
// one (that one if it is the only one).
func (s *State) replacements(e *env, l *mlist) {
	x := s.m.replacer
	s.legalStd(x, e, x == s.m.side, l)
	n := 0
	for _, m := range l.slice() {
		if m&^strideBit != s.m.undone {
			l.m[n] = m
			n++
		}
	}
	if n > 0 {
		l.n = n
	}
}

// Apply plays a, which must be legal. An illegal action returns an error
// wrapping variants.ErrIllegal and leaves the state unchanged.
func (s *State) Apply(a variants.Action) error {
	if s.m.over {
		return fmt.Errorf("%w: %s: the game is over", variants.ErrIllegal, FormatAction(a))
	}
	t := template{act: a}
	if TypeOf(a) == ActCard {
		t.card = true
	}
	s.buf = s.legalFor(s.buf[:0], t)
	for _, x := range s.buf {
		if x == a {
			s.push()
			s.apply(a)
			return nil
		}
	}
	return fmt.Errorf("%w: %s in %s", variants.ErrIllegal, FormatAction(a), s.Encode())
}

// ApplyTrusted plays a without validating it: a must come from this
// state's Legal.
func (s *State) ApplyTrusted(a variants.Action) {
	s.push()
	s.apply(a)
}

// push saves what Undo restores. The record is reused in place: building
// an undoRec and appending it would zero and copy all of it, effects and
// last record included, for every action.
func (s *State) push() {
	n := len(s.undo)
	if n == cap(s.undo) {
		s.undo = append(s.undo, undoRec{})
	} else {
		s.undo = s.undo[:n+1]
	}
	r := &s.undo[n]
	r.m = s.m
	r.hist = int32(s.pos.HistoryLen())
	r.repLen = int32(len(s.rep))
	r.nredo = 0
	copy(r.eff[:], s.eff[:s.m.nEff])
}

// last is the record of the last standard move, to be read.
func (s *State) last() *stdRecord { return &s.recs[s.m.rec] }

// lastRec is the record of the last standard move, to be changed: the
// first change since the last push copies it into this depth's slot
// (recs[len(undo)]), and the slot the metas below point to stays as it
// was for Undo. Before, the record was copied into the undo record at
// the first change and back at Undo: 360 bytes twice for every standard
// move.
func (s *State) lastRec() *stdRecord {
	n := s.recSlot()
	if int(s.m.rec) != n {
		s.recs[n] = s.recs[s.m.rec]
		s.m.rec = int32(n)
	}
	return &s.recs[n]
}

// newRec is lastRec for a record written anew (recordStd writes every
// field it reads, the lists up to their counts): nothing is copied.
func (s *State) newRec() *stdRecord {
	n := s.recSlot()
	s.m.rec = int32(n)
	return &s.recs[n]
}

// recSlot is this undo depth's record slot, made if needed.
func (s *State) recSlot() int {
	n := len(s.undo)
	for len(s.recs) <= n {
		s.recs = append(s.recs, stdRecord{})
	}
	return n
}

// Undo takes back the last applied action (nothing if there is none).
func (s *State) Undo() {
	n := len(s.undo)
	if n == 0 {
		return
	}
	r := &s.undo[n-1]
	for target := int(r.hist) - int(r.nredo); s.pos.HistoryLen() > target; {
		s.pos.Unmake()
	}
	for i := 0; i < int(r.nredo); i++ {
		s.pos.Make(r.redo[i])
	}
	n0 := s.m.nEff
	s.m = r.m
	copy(s.eff[:], r.eff[:s.m.nEff])
	for i := s.m.nEff; i < n0; i++ {
		s.eff[i] = Effect{}
	}
	s.rep = s.rep[:r.repLen]
	s.undo = s.undo[:n-1]
}

func (s *State) takeCard(who chess.Color, c CardID) {
	if s.m.known[who] {
		s.m.hand[who] &^= 1 << c
	} else {
		s.m.unknown &^= 1 << c
	}
	s.m.handN[who]--
}

func (s *State) apply(a variants.Action) {
	switch TypeOf(a) {
	case ActPass:
		switch s.m.ph {
		case PhStart:
			s.finish(-1, rStalemate) // only offered with no standard move
		case PhEnd:
			s.endTurn()
		case PhRCommit:
			s.resolvePending()
		case PhRImpact:
			s.afterImpact()
		case PhMS:
			s.finish(int8(s.m.side.Other()), rCheckmate)
		}
	case ActClaim:
		s.finish(-1, s.m.claim)
	case ActMove:
		m := MoveOf(a)
		if s.m.ph == PhReplace {
			s.replacement(m)
			return
		}
		impact := s.recordStd(m, s.m.side)
		s.m.moved = true
		if impact && s.reactOpen() {
			s.m.impact = 1
			s.m.ph = PhRImpact
			return
		}
		s.afterMove()
	case ActCard:
		c, w := cardOf(a), windowOf(a)
		who := s.actor()
		s.takeCard(who, c)
		switch w {
		case Main, Pre, End:
			s.m.cardUsed = true
			if w == End {
				s.lastRec().endCard = true
			}
			s.m.pend = commitment{act: a, who: who}
			s.m.pendOn = true
			if s.reactOpen() {
				s.m.ph = PhRCommit
				return
			}
			s.resolvePending()
		case RCommit:
			s.execute(a, who)
			s.resolvePending()
		case RImpact:
			s.execute(a, who)
			if c == am03 || c == am04 {
				s.startReplace()
				return
			}
			s.afterImpact()
		case MS:
			s.execute(a, who)
			if c == am03 || c == am04 {
				s.startReplace()
				return
			}
			s.afterSave()
		}
	}
}

// recordStd makes a standard move of mover and keeps what a rewind needs.
func (s *State) recordStd(m chess.Move, mover chess.Color) bool {
	// Written in place, field by field, and the effects before the move
	// copied as far as they go: a record built aside and assigned, and
	// the whole effect array copied, were two copies of 360 and 480 bytes
	// for every move. The lists (makes, ended, lost) are read only up to
	// their counts, so what lies after them is not cleared.
	r := s.newRec()
	r.valid, r.endCard, r.mover, r.move, r.turn = true, false, mover, m&^strideBit, s.m.turn
	r.nEnded, r.nLost = 0, 0
	r.ids, r.pool, r.ep, r.irrev, r.rule50 = s.m.ids, s.m.pool, s.m.ep, s.m.irrev, s.m.rule50
	before := &s.effBefore
	nBefore := copy(before[:], s.eff[:s.m.nEff])
	h0 := s.pos.HistoryLen()
	from := m.From()
	double := s.pos.At(from).Type() == chess.Pawn && relRank(from, mover) == 1 &&
		(int(m.To())-int(from) == 16 || int(from)-int(m.To()) == 16)
	impact := s.boardMove(m, mover)
	s.m.ep = noEP
	if to := m.To(); double && s.pos.At(to) == chess.MakePiece(mover, chess.Pawn) {
		s.m.ep = epRight{sq: chess.Square((int(from) + int(to)) / 2), pawn: s.m.ids[to], by: mover.Other()}
	}
	r.nMakes = uint8(s.pos.HistoryLen() - h0)
	k := 0
	if mm := m &^ strideBit; mm.Kind() == chess.KindPromotion && mover != chess.White {
		r.makes[0], r.makes[1], r.makes[2] = chess.NullMove, mm.WithKeepTurn(), chess.NullMove
		k = 3
	} else {
		r.makes[0] = mm.WithKeepTurn()
		k = 1
	}
	if int(r.nMakes) > k {
		r.makes[k] = s.pos.LastMove()
	}
	for i := 0; i < nBefore; i++ {
		j := s.effectIndex(before[i].Card)
		if j < 0 {
			if r.nEnded < uint8(len(r.ended)) {
				r.ended[r.nEnded] = before[i]
				r.nEnded++
			}
			continue
		}
		if lost := before[i].Pieces &^ s.eff[j].Pieces; lost != 0 && r.nLost < uint8(len(r.lost)) {
			r.lost[r.nLost] = lostAnchor{card: before[i].Card, pieces: lost}
			r.nLost++
		}
	}
	r.hist = int32(s.pos.HistoryLen())
	return impact
}

// afterMove: the END window, else the end of the turn.
func (s *State) afterMove() {
	if s.mayCommit(s.m.side) {
		s.m.ph = PhEnd
		return
	}
	s.endTurn()
}

func (s *State) afterImpact() {
	from := s.m.impact
	s.m.impact = 0
	if from == 1 {
		s.afterMove()
		return
	}
	s.endTurn()
}

// resolvePending resolves the active player's commitment after the
// R-COMMIT window (rules §7.3): the counter layer (a counter committed
// against it, or the oldest enemy ward), then layers 3 to 6.
func (s *State) resolvePending() {
	p := s.m.pend
	s.m.pendOn = false
	s.m.pend = commitment{}
	c, w := cardOf(p.act), windowOf(p.act)
	if p.countered || s.wardTriggers(p.who) {
		s.discardCard(c)
		s.afterResolve(w, false)
		return
	}
	s.afterResolve(w, s.execute(p.act, p.who))
}

// wardTriggers ends the oldest ward of who's opponent and reports whether
// there was one.
func (s *State) wardTriggers(who chess.Color) bool {
	for i := 0; i < int(s.m.nEff); i++ {
		if x := &s.eff[i]; x.Kind == EffWard && x.Owner == who.Other() {
			s.endEffect(i)
			return true
		}
	}
	return false
}

func (s *State) afterResolve(w Window, impact bool) {
	if impact && s.reactOpen() {
		s.m.impact = 2
		s.m.ph = PhRImpact
		return
	}
	if w == Pre {
		s.owedMove()
		return
	}
	s.endTurn()
}

// owedMove: the standard move after a PRE card.
func (s *State) owedMove() {
	e := s.env()
	if s.hasLegal(s.m.side, e, true) {
		s.m.ph = PhMove
		return
	}
	s.endTurn()
}

func (s *State) startReplace() {
	s.m.ph = PhReplace
	s.m.impact = 0
	var l mlist
	s.replacements(s.env(), &l)
	if l.n == 0 {
		s.afterReplace()
	}
}

// replacement: the rewound player's different move (AM03 step 2). It
// opens no window.
func (s *State) replacement(m chess.Move) {
	x := s.m.replacer
	if !s.m.replMS {
		s.recordStd(m, x)
		s.m.moved = true
		s.afterReplace()
		return
	}
	irr := s.m.irrev
	s.m.irrev = s.m.replIrr
	s.recordStd(m, x)
	s.lastRec().turn = s.m.turn - 1 // it belongs to the rewound turn
	s.m.replIrr = s.m.irrev
	s.m.irrev = irr
	s.afterReplace()
}

func (s *State) afterReplace() {
	if !s.m.replMS {
		s.endTurn()
		return
	}
	// The rewound turn's fifty-move count, with the replacement in it.
	if s.m.replIrr {
		s.m.rule50 = 0
	} else {
		s.m.rule50 = s.m.replR50 + 1
	}
	s.m.replMS = false
	s.m.replIrr = false
	if n := len(s.rep); n > 0 {
		s.rep[n-1] = s.repKey(s.env())
	}
	s.afterSave()
}

// afterSave re-evaluates the mated player after a mate-save card (rules
// §11.3).
func (s *State) afterSave() {
	e := s.env()
	a := s.m.side
	if !s.hasLegal(a, e, true) {
		if s.kingAttacked(a, e, false) {
			s.finish(int8(a.Other()), rCheckmate)
		} else {
			s.finish(-1, rStalemate)
		}
		return
	}
	s.m.moveOnly = true
	s.m.ph = PhMove
}

// mated opens the mate-save window for the active player, or ends the
// game.
func (s *State) mated() {
	if s.m.handN[s.m.side] > 0 {
		s.m.ph = PhMS
		return
	}
	s.finish(int8(s.m.side.Other()), rCheckmate)
}

// endTurn: the correction (rules §10.2), the active player's ticks (§8),
// and the next turn.
func (s *State) endTurn() {
	e := s.env()
	a := s.m.side
	if s.kingAttacked(a, e, true) {
		if s.hasLegal(a, e, true) {
			s.m.ph = PhMove
			return
		}
		s.mated()
		return
	}
	for i := 0; i < int(s.m.nEff); {
		if x := &s.eff[i]; x.Owner == a {
			x.Counter--
			if x.Counter <= 0 {
				s.endEffect(i)
				continue
			}
		}
		i++
	}
	if s.m.ep.by == a {
		s.m.ep = noEP
	}
	if s.m.irrev {
		s.m.rule50 = 0
	} else if s.m.rule50 < 60000 {
		s.m.rule50++
	}
	s.m.irrev = false
	s.m.side = a.Other()
	s.m.turn++
	s.startTurn()
}

func (s *State) finish(winner int8, why reason) {
	s.m.over = true
	s.m.winner = winner
	s.m.why = why
}

// startTurn evaluates the end conditions for the player about to act
// (rules §12) and opens their turn.
func (s *State) startTurn() {
	s.m.cardUsed, s.m.moved, s.m.moveOnly = false, false, false
	s.m.impact = 0
	s.m.ph = PhStart
	s.m.claim = rNone
	a := s.m.side
	e := s.env()
	key := s.repKey(e)
	s.rep = append(s.rep, key)
	s.m.noStd = !s.turnHasLegal(a, e)
	if s.m.noStd {
		if s.kingAttacked(a, e, false) {
			s.mated()
			return
		}
		// Stalemate, unless the turn can be a card (decision 9): whether
		// the window opens rests on public facts, as every window's does.
		if !s.canCommit(a, e) {
			s.finish(-1, rStalemate)
			return
		}
	}
	if s.insufficient() {
		s.finish(-1, rInsufficient)
		return
	}
	reps := 0
	for _, k := range s.rep {
		if k == key {
			reps++
		}
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

// insufficient: a dead material set, both hands empty and no effect in
// play (rules §12.3, decision 10).
func (s *State) insufficient() bool {
	if s.m.handN[0] != 0 || s.m.handN[1] != 0 || s.m.nEff != 0 {
		return false
	}
	return s.pos.InsufficientMaterial(true)
}
