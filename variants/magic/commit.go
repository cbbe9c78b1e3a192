package magic

import (
	"azar/variants"
	"azar/variants/chess"
)

// counterFor is the counter a duration card starts with when committed in
// window w (rules §8): UEYNT is 2 on the owner's own turn, 1 as a reaction.
func counterFor(c CardID, w Window) int8 {
	d := c.Info().Duration
	if d == UEYNT {
		if w == RCommit || w == RImpact {
			return 1
		}
		return 2
	}
	return d
}

// rewindable reports whether a rewind in window w has a target (AM03).
func (s *State) rewindable(w Window, who chess.Color) bool {
	r := s.last()
	if !r.valid || int(r.hist) != s.pos.HistoryLen() || r.mover != who.Other() {
		return false
	}
	switch w {
	case RImpact:
		return s.m.ph == PhRImpact && s.m.impact == 1
	case MS:
		// The standard move of the opponent's turn that has just ended:
		// a card-only turn leaves nothing to rewind (rules §16.2), not
		// even a move of the turn before.
		return !r.endCard && r.turn+1 == s.m.turn
	}
	return false
}

// cond checks card a's conditions on its declared targets (rules §7.2
// item 5, §16.2); with commit it also refuses targets already immune to
// the card's effect (decision 17). At resolution (commit false) it is the
// eligibility test of layer 3.
func (s *State) cond(a variants.Action, who chess.Color, commit bool, e *env) bool {
	c, w := cardOf(a), windowOf(a)
	t := targetsOf(a)
	p := s.pos
	them := who.Other()
	own := p.ColorBB(who)
	enemy := p.ColorBB(them)
	empty := ^(p.Occupied() | e.walls)
	king := p.KingSquare(who)
	ownNK := own &^ p.Pieces(who, chess.King)
	typ := func(sq chess.Square) chess.PieceType { return p.At(sq).Type() }
	prot := func(sq chess.Square, k consequence) bool { return commit && e.protected(s, sq, k, who) }
	pawnRankOK := func(pt chess.PieceType, sq chess.Square, owner chess.Color) bool {
		r := relRank(sq, owner)
		return pt != chess.Pawn || (r != 0 && r != 7)
	}
	// noManOK: may the piece now on from end a relocation on to?
	noManOK := func(from, to chess.Square) bool {
		pc := p.At(from)
		if pc.Type() == chess.Pawn || pc.Type() == chess.King {
			return true
		}
		return !e.noMan[pc.Color()].Has(to) || e.noManFree.Has(from)
	}
	switch c {
	case am01, am02:
		if w == RCommit {
			return s.m.pendOn && s.m.pend.who == them
		}
		return true
	case am03, am04:
		return s.rewindable(w, who)
	case am05, am06:
		return ownNK.Has(t.a)
	case am07:
		return t.n <= 1 && p.Pieces(who, chess.Pawn)&flankBB(t.n) != 0
	case am08, am09, am29, am30, am40:
		return true
	case am10, am38:
		return t.n <= 1
	case am11:
		return s.effectIndex(CardID(t.a)) >= 0
	case am12:
		return t.n <= 1 && s.effectIndex(CardID(t.a)) >= 0
	case am13, am14:
		return ownNK.Has(t.a) && empty.Has(t.b) && dist(t.a, t.b) <= 3 &&
			pawnRankOK(typ(t.a), t.b, who) && noManOK(t.a, t.b)
	case am15:
		if king == chess.NoSquare || !empty.Has(t.a) || dist(king, t.a) > 2 {
			return false
		}
		s.mk(chess.NewRelocation(king, t.a))
		hit := s.attackers(t.a, them, e.walls, e.wings) != 0
		s.pos.Unmake()
		return !hit
	case am16:
		if king == chess.NoSquare || !ownNK.Has(t.a) || dist(king, t.a) > 2 ||
			!pawnRankOK(typ(t.a), king, who) || !noManOK(t.a, king) {
			return false
		}
		x := p.At(t.a)
		s.mk(chess.NewRemoval(t.a))
		s.mk(chess.NewRelocation(king, t.a))
		s.mk(chess.NewDrop(x, king))
		hit := s.attackers(t.a, them, e.walls, e.wings) != 0
		s.pos.Unmake()
		s.pos.Unmake()
		s.pos.Unmake()
		return !hit
	case am17:
		tt := typ(t.a)
		return enemy.Has(t.a) && tt != chess.King && tt != chess.Queen && empty.Has(t.b) &&
			dist(t.a, t.b) <= 2 && pawnRankOK(tt, t.b, them) && noManOK(t.a, t.b) && !prot(t.a, cReloc)
	case am18:
		return t.a < t.b && ownNK.Has(t.a) && ownNK.Has(t.b) &&
			pawnRankOK(typ(t.a), t.b, who) && pawnRankOK(typ(t.b), t.a, who) &&
			noManOK(t.a, t.b) && noManOK(t.b, t.a)
	case am19:
		tt := typ(t.a)
		return king != chess.NoSquare && enemy.Has(t.a) && tt != chess.King && tt != chess.Queen &&
			dist(t.a, king) <= 2 && !prot(t.a, cElim)
	case am20:
		return ownNK.Has(t.a) && enemy.Has(t.b) && typ(t.b) != chess.King &&
			value(typ(t.b)) <= value(typ(t.a)) && !prot(t.a, cElim) && !prot(t.b, cElim)
	case am21:
		return (p.Pieces(them, chess.Pawn) & half(who)).Has(t.a) && !prot(t.a, cElim)
	case am22:
		return t.a < 8 && p.Type(chess.Pawn)&fileBB(int(t.a)) != 0
	case am23:
		return s.marchOK(t, who, commit)
	case am24:
		return s.advanceOK(t, who, commit)
	case am25:
		pt := chess.PieceType(t.n)
		if pt != chess.Knight && pt != chess.Bishop && pt != chess.Rook && pt != chess.Pawn {
			return false
		}
		want := 0
		if pt == chess.Pawn {
			want = 1
		}
		return s.m.pool[who][pt] > 0 && empty.Has(t.a) && relRank(t.a, who) == want
	case am26:
		pt := chess.PieceType(t.n)
		if pt != chess.Knight && pt != chess.Bishop && pt != chess.Pawn {
			return false
		}
		return king != chess.NoSquare && s.m.pool[who][pt] > 0 && empty.Has(t.a) &&
			chess.KingAttacks(king).Has(t.a) && pawnRankOK(pt, t.a, who)
	case am27:
		pt := chess.PieceType(t.n)
		r := relRank(t.a, who)
		return p.Pieces(who, chess.Pawn).Has(t.a) && (r == 5 || r == 6) &&
			(pt == chess.Knight || pt == chess.Bishop || pt == chess.Rook)
	case am28:
		return (p.Pieces(who, chess.Knight) | p.Pieces(who, chess.Bishop)).Has(t.a)
	case am31, am39:
		return king != chess.NoSquare
	case am32:
		return (p.Pieces(who, chess.Bishop) | p.Pieces(who, chess.Rook) | p.Pieces(who, chess.Queen)).Has(t.a)
	case am33:
		return enemy.Has(t.a) && typ(t.a) != chess.King && !prot(t.a, cParalysis)
	case am34:
		k := p.KingSquare(them)
		return empty.Has(t.a) && (k == chess.NoSquare || !chess.KingAttacks(k).Has(t.a))
	case am35:
		return empty.Has(t.a) && half(who).Has(t.a) && !e.mines.Has(t.a)
	case am36:
		return t.a.File() < 7 && t.a.Rank() < 7 && blockBB(t.a)&^half(who) == 0
	case am37:
		return t.a < 8
	}
	return false
}

func blockBB(a chess.Square) chess.Bitboard {
	return a.Bit() | (a + 1).Bit() | (a + 8).Bit() | (a + 9).Bit()
}

// quiet march move: an own non-king non-pawn piece's legal standard move
// that captures nothing.
func (s *State) marchMove(from, to chess.Square, who chess.Color, e *env) bool {
	pc := s.pos.At(from)
	if pc == chess.NoPiece || pc.Color() != who || pc.Type() == chess.King || pc.Type() == chess.Pawn ||
		s.pos.At(to) != chess.NoPiece {
		return false
	}
	var l mlist
	s.legalStd(who, e, true, &l)
	m := chess.NewMove(from, to)
	for _, x := range l.slice() {
		if x == m {
			return true
		}
	}
	return false
}

// marchOK: AM23's two moves, each legal when made, M1 giving no check.
func (s *State) marchOK(t tg, who chess.Color, commit bool) bool {
	if t.c == t.b || t.n != 0 {
		return false
	}
	e := s.env()
	if !s.marchMove(t.a, t.b, who, e) {
		return false
	}
	if !commit {
		return true
	}
	s.push()
	s.boardMove(chess.NewMove(t.a, t.b), who)
	ok := !s.kingAttacked(who.Other(), s.env(), false) && s.marchMove(t.c, t.d, who, s.env())
	s.Undo()
	return ok
}

// advanceOK: AM24's pawns, distinct own pawns on one flank; at commitment
// every declared step must be possible in order (a declaration with a step
// that cannot be made is not a legal commitment).
func (s *State) advanceOK(t tg, who chess.Color, commit bool) bool {
	if t.n < 1 || t.n > 3 {
		return false
	}
	sq := [3]chess.Square{t.a, t.b, t.c}
	pawns := s.pos.Pieces(who, chess.Pawn)
	f := 0
	if kingSide.Has(sq[0]) {
		f = 1
	}
	var seen chess.Bitboard
	for i := 0; i < 3; i++ {
		if i >= t.n {
			if sq[i] != 0 {
				return false
			}
			continue
		}
		if !pawns.Has(sq[i]) || seen.Has(sq[i]) || !flankBB(f).Has(sq[i]) {
			return false
		}
		seen |= sq[i].Bit()
	}
	if !commit {
		return true
	}
	s.push()
	n, _ := s.flankAdvance(t, who)
	s.Undo()
	return n == t.n
}

// flankAdvance makes AM24's steps in order and returns how many pawns
// stepped and whether the opponent is then in check.
func (s *State) flankAdvance(t tg, who chess.Color) (int, bool) {
	sq := [3]chess.Square{t.a, t.b, t.c}
	n := 0
	for i := 0; i < t.n; i++ {
		e := s.env()
		from := sq[i]
		if s.pos.At(from) != chess.MakePiece(who, chess.Pawn) || e.paralysed.Has(from) || e.frozen.Has(from) {
			break
		}
		to := chess.Square(int(from) + up(who))
		if (s.pos.Occupied() | e.walls).Has(to) || relRank(to, who) == 7 {
			break
		}
		m := chess.NewMove(from, to)
		if !s.safeAfter(m, who, e, false) {
			break
		}
		s.boardMove(m, who)
		n++
	}
	return n, s.kingAttacked(who.Other(), s.env(), false)
}

// cands appends the candidate targets of card c in window w for who:
// a superset of the legal ones, which cond and the king condition filter.
func (s *State) cands(c CardID, w Window, who chess.Color, e *env, out []tg) []tg {
	p := s.pos
	them := who.Other()
	own := p.ColorBB(who)
	ownNK := own &^ p.Pieces(who, chess.King)
	enemyNK := p.ColorBB(them) &^ p.Pieces(them, chess.King)
	empty := ^(p.Occupied() | e.walls)
	king := p.KingSquare(who)
	sqs := func(b chess.Bitboard) {
		for b != 0 {
			out = append(out, tg{a: b.PopLSB()})
		}
	}
	pairs := func(from, to chess.Bitboard, n int) {
		for b := from; b != 0; {
			a := b.PopLSB()
			for d := to & within(a, n); d != 0; {
				out = append(out, tg{a: a, b: d.PopLSB()})
			}
		}
	}
	switch c {
	case am01, am02, am03, am04, am08, am09, am29, am30, am31, am39, am40:
		out = append(out, tg{})
	case am05, am06:
		sqs(ownNK)
	case am07, am10, am38:
		out = append(out, tg{n: 0}, tg{n: 1})
	case am11, am12:
		for _, x := range s.eff[:s.m.nEff] {
			if c == am11 {
				out = append(out, tg{a: chess.Square(x.Card)})
			} else {
				out = append(out, tg{a: chess.Square(x.Card), n: 0}, tg{a: chess.Square(x.Card), n: 1})
			}
		}
	case am13, am14:
		pairs(ownNK, empty, 3)
	case am15:
		if king != chess.NoSquare {
			sqs(within(king, 2) & empty)
		}
	case am16:
		if king != chess.NoSquare {
			sqs(within(king, 2) & ownNK)
		}
	case am17:
		pairs(enemyNK&^p.Pieces(them, chess.Queen), empty, 2)
	case am18:
		for b := ownNK; b != 0; {
			a := b.PopLSB()
			for d := ownNK & ^(a.Bit()<<1 - 1); d != 0; {
				out = append(out, tg{a: a, b: d.PopLSB()})
			}
		}
	case am19:
		if king != chess.NoSquare {
			sqs(within(king, 2) & enemyNK &^ p.Pieces(them, chess.Queen))
		}
	case am20:
		for b := ownNK; b != 0; {
			a := b.PopLSB()
			for d := enemyNK; d != 0; {
				out = append(out, tg{a: a, b: d.PopLSB()})
			}
		}
	case am21:
		sqs(p.Pieces(them, chess.Pawn) & half(who))
	case am22, am37:
		for f := 0; f < 8; f++ {
			out = append(out, tg{a: chess.Square(f)})
		}
	case am23:
		var l mlist
		s.legalStd(who, e, true, &l)
		for _, m1 := range l.slice() {
			if m1.Kind() != chess.KindNormal || m1&strideBit != 0 {
				continue
			}
			if pt := p.At(m1.From()).Type(); pt == chess.King || pt == chess.Pawn || p.At(m1.To()) != chess.NoPiece {
				continue
			}
			s.push()
			s.boardMove(m1, who)
			if !s.kingAttacked(them, s.env(), false) {
				var l2 mlist
				e2 := s.env()
				s.legalStd(who, e2, true, &l2)
				for _, m2 := range l2.slice() {
					if m2.Kind() != chess.KindNormal || m2&strideBit != 0 || m2.From() == m1.To() {
						continue
					}
					if pt := s.pos.At(m2.From()).Type(); pt == chess.King || pt == chess.Pawn || s.pos.At(m2.To()) != chess.NoPiece {
						continue
					}
					out = append(out, tg{a: m1.From(), b: m1.To(), c: m2.From(), d: m2.To()})
				}
			}
			s.Undo()
		}
	case am24:
		for f := 0; f < 2; f++ {
			ps := p.Pieces(who, chess.Pawn) & flankBB(f)
			var list []chess.Square
			for b := ps; b != 0; {
				list = append(list, b.PopLSB())
			}
			for i, x := range list {
				out = append(out, tg{a: x, n: 1})
				for j, y := range list {
					if j == i {
						continue
					}
					out = append(out, tg{a: x, b: y, n: 2})
					for k, z := range list {
						if k != i && k != j {
							out = append(out, tg{a: x, b: y, c: z, n: 3})
						}
					}
				}
			}
		}
	case am25:
		for _, pt := range []chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop, chess.Rook} {
			if s.m.pool[who][pt] == 0 {
				continue
			}
			rank := chess.Rank1
			if pt == chess.Pawn {
				rank = chess.Rank2
			}
			if who == chess.Black {
				rank = chess.Bitboard(bitsReverseRanks(uint64(rank)))
			}
			for b := rank & empty; b != 0; {
				out = append(out, tg{a: b.PopLSB(), n: int(pt)})
			}
		}
	case am26:
		if king == chess.NoSquare {
			break
		}
		for _, pt := range []chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop} {
			if s.m.pool[who][pt] == 0 {
				continue
			}
			for b := chess.KingAttacks(king) & empty; b != 0; {
				out = append(out, tg{a: b.PopLSB(), n: int(pt)})
			}
		}
	case am27:
		for b := p.Pieces(who, chess.Pawn); b != 0; {
			a := b.PopLSB()
			if r := relRank(a, who); r == 5 || r == 6 {
				for _, pt := range []chess.PieceType{chess.Knight, chess.Bishop, chess.Rook} {
					out = append(out, tg{a: a, n: int(pt)})
				}
			}
		}
	case am28:
		sqs(p.Pieces(who, chess.Knight) | p.Pieces(who, chess.Bishop))
	case am32:
		sqs(p.Pieces(who, chess.Bishop) | p.Pieces(who, chess.Rook) | p.Pieces(who, chess.Queen))
	case am33:
		sqs(enemyNK)
	case am34:
		sqs(empty)
	case am35:
		sqs(empty & half(who))
	case am36:
		for b := half(who) &^ chess.FileH; b != 0; {
			a := b.PopLSB()
			if a.Rank() < 7 {
				out = append(out, tg{a: a})
			}
		}
	}
	return out
}

func bitsReverseRanks(x uint64) uint64 {
	var r uint64
	for i := 0; i < 8; i++ {
		r |= (x >> (8 * i) & 0xff) << (8 * (7 - i))
	}
	return r
}

// quickKing lists the cards that change neither the board nor any attack:
// their king condition is the position's own (rules §7.2 item 6).
func quickKing(c CardID) bool {
	switch c {
	case am01, am02, am05, am06, am07, am08, am09, am10, am29, am30, am31, am32, am33,
		am35, am36, am37, am38, am39, am40:
		return true
	}
	return false
}

// onlyHelps lists the cards that can only block attacks on the own king
// (a placement, a replacement in place, a wall): legal when the position
// already is, else simulated.
func onlyHelps(c CardID) bool {
	switch c {
	case am25, am26, am27, am28, am34:
		return true
	}
	return false
}

// kingCond is the king condition of rules §7.2 item 6 in the state after
// the resolution of an own MAIN, PRE or END card. A reaction has none
// (decision 24): it ends no turn of the reacting player.
func (s *State) kingCond(w Window, who chess.Color, e *env) bool {
	switch w {
	case Main, End:
		return !s.kingAttacked(who, e, true)
	case Pre:
		return s.hasLegal(who, e, true)
	}
	return true
}

// lifts reports whether mate-save commitment a leaves who no longer
// checkmated (rules §11, decision 25). A rewind is kept whenever it has a
// target: what it leaves rests on the opponent's replacement move.
func (s *State) lifts(a variants.Action, who chess.Color) bool {
	c := cardOf(a)
	if c == am03 || c == am04 {
		return true
	}
	s.push()
	s.execute(a, who)
	e := s.env()
	attacked := s.kingAttacked(who, e, false)
	ok := !attacked || s.hasLegal(who, e, true)
	if c == am17 {
		ok = !attacked // its own text: your king not attacked afterwards
	}
	s.Undo()
	return ok
}

// eliminates lists the MAIN cards that only take men off the board
// (AM19-AM22): their king condition is read from the bitboards
// (eliminated, safeWithout) instead of resolving the card.
func eliminates(c CardID) bool { return c >= am19 && c <= am22 }

// eliminated is the set of squares whose men elimination card a takes
// off, as run does: the targets that no protection covers. AM20's second
// target is judged with the protections after the first elimination in
// run; they are the same (the first is who's man, the second the enemy's,
// and no shield, armour or sanctuary of one colour's men depends on a man
// of the other), as TestEliminationKingTest checks against resolving.
func (s *State) eliminated(a variants.Action, who chess.Color, e *env) chess.Bitboard {
	t := targetsOf(a)
	var r chess.Bitboard
	switch cardOf(a) {
	case am19, am21:
		if !e.protected(s, t.a, cElim, who) {
			r = t.a.Bit()
		}
	case am20:
		if !e.protected(s, t.a, cElim, who) {
			r = t.a.Bit()
		}
		if !e.protected(s, t.b, cElim, who) {
			r |= t.b.Bit()
		}
	case am22:
		for b := s.pos.Type(chess.Pawn) & fileBB(int(t.a)); b != 0; {
			if sq := b.PopLSB(); !e.protected(s, sq, cElim, who) {
				r |= sq.Bit()
			}
		}
	}
	return r
}

// safeWithout: who's king is not attacked (walls after who's ticks, as
// the MAIN king condition asks) once the men on gone are off the board.
// No king is ever among them.
func (s *State) safeWithout(who chess.Color, gone chess.Bitboard, e *env) bool {
	k := s.pos.KingSquare(who)
	if k == chess.NoSquare {
		return true
	}
	w := e.walls &^ e.expiring[who]
	them := who.Other()
	return s.attackersIn(k, them, (s.pos.Occupied()&^gone)|w, s.pos.ColorBB(them)&^gone, e.wings) == 0
}

// genCard appends the legal commitments of card c in window w by who.
func (s *State) genCard(buf []variants.Action, c CardID, w Window, who chess.Color, e *env, base bool) []variants.Action {
	// The candidates go to the state's scratch buffer (AM20's pairs and
	// AM34's squares outgrow a small array: one allocation a node),
	// taken out of the state while in use so that a nested generation
	// would allocate its own.
	tb := s.tgs
	s.tgs = nil
	tb = s.cands(c, w, who, e, tb[:0])
	for _, t := range tb {
		a := cardAction(c, w, t)
		if !s.cond(a, who, true, e) {
			continue
		}
		switch {
		case w == MS:
			if !s.lifts(a, who) {
				continue
			}
		case w == RCommit || w == RImpact:
		case quickKing(c) || (onlyHelps(c) && base):
			if !base {
				continue
			}
		case w == Main && eliminates(c):
			if !s.safeWithout(who, s.eliminated(a, who, e), e) {
				continue
			}
		default:
			s.push()
			s.execute(a, who)
			ok := s.kingCond(w, who, s.env())
			s.Undo()
			if !ok {
				continue
			}
		}
		buf = append(buf, a)
	}
	// Given back here rather than by a deferred closure, which cost a
	// closure per card per node; nothing above panics but a bug.
	s.tgs = tb[:0]
	return buf
}

// execute resolves layers 3 to 6 of a commitment (the counter layer is
// the caller's): eligibility, then protections and execution, the card
// going to the discard pile or into play. It reports an impact event made
// by card-directed moves.
func (s *State) execute(a variants.Action, who chess.Color) bool {
	e := s.env()
	c := cardOf(a)
	if !s.cond(a, who, false, e) {
		s.m.discard |= 1 << c // the card fails (layer 3)
		return false
	}
	return s.run(a, who, e)
}

func (s *State) discardCard(c CardID) { s.m.discard |= 1 << c }

// run performs card a's steps (rules §16.2).
func (s *State) run(a variants.Action, who chess.Color, e *env) bool {
	c, w := cardOf(a), windowOf(a)
	t := targetsOf(a)
	p := s.pos
	king := p.KingSquare(who)
	effect := func(x Effect) {
		x.Card, x.Owner, x.Kind = c, who, c.Info().Effect
		x.Counter = counterFor(c, w)
		s.addEffect(x)
	}
	switch c {
	case am01, am02:
		if w == RCommit {
			s.m.pend.countered = true
			s.discardCard(c)
		} else {
			effect(Effect{})
		}
	case am03, am04:
		s.discardCard(c)
		s.rewind(w)
	case am05, am06:
		effect(Effect{Pieces: 1 << s.m.ids[t.a]})
	case am07:
		var ids uint64
		for b := p.Pieces(who, chess.Pawn) & flankBB(t.n); b != 0; {
			ids |= 1 << s.m.ids[b.PopLSB()]
		}
		effect(Effect{Pieces: ids})
	case am08, am09, am29, am30, am31, am39, am40:
		effect(Effect{})
	case am10, am38:
		effect(Effect{Zone: flankBB(t.n)})
	case am11:
		s.discardCard(c)
		s.endEffect(s.effectIndex(CardID(t.a)))
	case am12:
		s.discardCard(c)
		i := s.effectIndex(CardID(t.a))
		if t.n == 1 {
			s.eff[i].Counter++
		} else if s.eff[i].Counter--; s.eff[i].Counter <= 0 {
			s.endEffect(i)
		}
	case am13, am14:
		s.discardCard(c)
		s.relocate(t.a, t.b)
	case am15:
		s.discardCard(c)
		s.relocate(king, t.a)
	case am16:
		s.discardCard(c)
		s.swap(t.a, king)
	case am17:
		s.discardCard(c)
		if !e.protected(s, t.a, cReloc, who) {
			s.relocate(t.a, t.b)
		}
	case am18:
		s.discardCard(c)
		s.swap(t.a, t.b)
	case am19, am21:
		s.discardCard(c)
		if !e.protected(s, t.a, cElim, who) {
			s.eliminate(t.a)
		}
	case am20:
		s.discardCard(c)
		if !e.protected(s, t.a, cElim, who) {
			s.eliminate(t.a)
		}
		if e2 := s.env(); !e2.protected(s, t.b, cElim, who) {
			s.eliminate(t.b)
		}
	case am22:
		s.discardCard(c)
		var hit chess.Bitboard
		for b := p.Type(chess.Pawn) & fileBB(int(t.a)); b != 0; {
			sq := b.PopLSB()
			if !e.protected(s, sq, cElim, who) {
				hit |= sq.Bit()
			}
		}
		for hit != 0 {
			s.eliminate(hit.PopLSB())
		}
	case am23:
		s.discardCard(c)
		if !s.marchMove(t.a, t.b, who, e) {
			return false
		}
		s.boardMove(chess.NewMove(t.a, t.b), who)
		if !s.marchMove(t.c, t.d, who, s.env()) {
			return false
		}
		return s.boardMove(chess.NewMove(t.c, t.d), who)
	case am24:
		s.discardCard(c)
		_, check := s.flankAdvance(t, who)
		return check
	case am25, am26:
		s.discardCard(c)
		s.place(who, chess.PieceType(t.n), t.a)
	case am27:
		s.discardCard(c)
		s.replace(t.a, chess.PieceType(t.n))
	case am28:
		s.discardCard(c)
		if p.At(t.a).Type() == chess.Knight {
			s.replace(t.a, chess.Bishop)
		} else {
			s.replace(t.a, chess.Knight)
		}
	case am32:
		effect(Effect{Pieces: 1 << s.m.ids[t.a]})
	case am33:
		if e.protected(s, t.a, cParalysis, who) {
			s.discardCard(c)
		} else {
			effect(Effect{Pieces: 1 << s.m.ids[t.a]})
		}
	case am34, am35:
		effect(Effect{Zone: t.a.Bit()})
	case am36:
		effect(Effect{Zone: blockBB(t.a)})
	case am37:
		effect(Effect{Zone: fileBB(int(t.a))})
	}
	return false
}

// rewind undoes the last standard move (AM03/AM04 step 1): the board by
// taking back its moves, the identities, pools, en-passant right and the
// effects the move ended; counters stay as they are and no card returns
// to a hand. The mover then owes a different move (PhReplace).
func (s *State) rewind(w Window) {
	r := *s.last()
	for i := 0; i < int(r.nMakes); i++ {
		s.pos.Unmake()
	}
	if u := &s.undo[len(s.undo)-1]; u.nredo == 0 {
		u.nredo = r.nMakes
		u.redo = r.makes
	}
	s.m.ids = r.ids
	s.m.pool = r.pool
	s.m.ep = r.ep
	if w == MS {
		s.m.replR50 = r.rule50
		s.m.replIrr = r.irrev
		s.m.replMS = true
	} else {
		s.m.irrev = r.irrev
		s.m.moved = false
		s.m.replMS = false
	}
	for i := 0; i < int(r.nEnded); i++ {
		x := r.ended[i]
		s.m.discard &^= 1 << x.Card
		j := int(s.m.nEff)
		for j > 0 && s.eff[j-1].seq > x.seq {
			s.eff[j] = s.eff[j-1]
			j--
		}
		s.eff[j] = x
		s.m.nEff++
	}
	for i := 0; i < int(r.nLost); i++ {
		if j := s.effectIndex(r.lost[i].card); j >= 0 {
			s.eff[j].Pieces |= r.lost[i].pieces
		}
	}
	s.m.undone = r.move
	s.m.replacer = r.mover
	s.lastRec().valid = false
}
