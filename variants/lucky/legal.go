package lucky

import (
	"azar/variants"
	"azar/variants/chess"
)

// Legal appends every legal action of the seat to act to buf: the
// reveals while a card is to be revealed (with Chances giving their
// probabilities), otherwise what the phase of the turn allows.
func (s *State) Legal(buf []variants.Action) []variants.Action {
	if s.m.over {
		return buf
	}
	switch s.m.phase {
	case PhaseStart:
		return s.legalStart(buf)
	case PhaseChance:
		d := s.drawSource()
		for k := range d {
			if d[k] > 0 {
				buf = append(buf, RevealAction(Kind(k)))
			}
		}
		return buf
	case PhaseMove:
		var l chess.MoveList
		s.normalMoves(&l)
		if l.N == 0 {
			return append(buf, PassAction)
		}
		return appendMoves(buf, &l)
	case PhaseKnight:
		var l chess.MoveList
		s.knightMoves(&l)
		return append(appendMoves(buf, &l), PassAction)
	case PhaseSequence, PhaseEnemy:
		return s.legalCard(buf)
	case PhaseRelocate:
		return s.relocations(buf, false)
	case PhaseRemove:
		return s.removals(buf, false)
	case PhaseBombAll:
		return append(buf, BombAction)
	case PhaseRecover:
		return s.placements(buf, false)
	case PhaseWave:
		return s.waves(buf)
	}
	return buf
}

func appendMoves(buf []variants.Action, l *chess.MoveList) []variants.Action {
	for _, m := range l.Slice() {
		buf = append(buf, variants.Action(m))
	}
	return buf
}

// drawSource is the pile the next card comes from: the draw pile, or the
// discard pile when the draw pile is empty (reshuffle).
func (s *State) drawSource() *Deck {
	if s.m.pileN == 0 {
		return &s.m.discard
	}
	return &s.m.pile
}

// Chances appends the outcomes of the pending draw: each card kind in the
// draw pile with probability count/total (the discard pile, reshuffled, if
// the draw pile is empty).
func (s *State) Chances(buf []variants.Outcome) []variants.Outcome {
	if s.m.over || s.m.phase != PhaseChance {
		return buf
	}
	d := s.drawSource()
	total := 0
	for _, c := range d {
		total += int(c)
	}
	for k, c := range d {
		if c > 0 {
			buf = append(buf, variants.Outcome{Action: RevealAction(Kind(k)), Prob: float64(c) / float64(total)})
		}
	}
	return buf
}

func (s *State) canDraw() bool {
	return s.m.turn >= 2 && !s.kingAttacked(s.m.side) && int(s.m.pileN)+int(s.m.discN) > 0
}

func (s *State) canAnnul() bool {
	return s.m.turn >= 2 && !s.kingAttacked(s.m.side) && s.m.held[0] != NoKind && s.m.held[1] != NoKind
}

// legalStart: the choice at the start of a turn (rules §5.3 B, §9).
func (s *State) legalStart(buf []variants.Action) []variants.Action {
	n0 := len(buf)
	var l chess.MoveList
	draw := s.canDraw()
	if s.opts.MandatoryCard && draw {
		// Drawing is compulsory; king capture mode lets the player take an
		// exposed rival king instead (noretreat then judged among those
		// captures).
		if k := s.pos.KingSquare(s.m.side.Other()); s.opts.KingCapture && k != chess.NoSquare {
			s.ruleMoves(&l)
			s.keepOnly(&l, func(m chess.Move) bool { return m.To() == k && m.Kind() != chess.KindCastle })
			s.noRetreat(&l)
			buf = appendMoves(buf, &l)
		}
	} else {
		s.normalMoves(&l)
		buf = appendMoves(buf, &l)
	}
	if draw {
		buf = append(buf, DrawAction)
	}
	if s.canAnnul() {
		buf = append(buf, AnnulAction)
	}
	if s.m.claim != 0 {
		buf = append(buf, ClaimAction)
	}
	if len(buf) == n0 {
		buf = append(buf, PassAction)
	}
	return buf
}

// ruleMoves fills l with the moves of the player whose turn it is under
// the movement rules and every temporal effect except noretreat (applied
// by the caller, which knows what obliges) and superknights: legal chess
// moves (pseudo-legal in king-capture mode), the en-passant captures the
// player's rights allow, no captures of untouchable pawns.
func (s *State) ruleMoves(l *chess.MoveList) {
	c := s.m.side
	l.N = 0
	md := s.genMods(c)
	if s.opts.KingCapture {
		inCheck := s.kingAttacked(c)
		genPseudo(s.pos, c, md, !inCheck, l)
		if inCheck {
			// Castling out of check is still forbidden; frozen pieces
			// may move only when the move gets the king out of check.
			if k := s.m.held[c.Other()]; k != NoKind && cards[k].Family == FamFreeze {
				s.keepOnly(l, func(m chess.Move) bool {
					if s.pos.At(m.From()).Type() != cards[k].Piece {
						return true
					}
					return !s.exposesKing(m, c)
				})
			}
		}
	} else {
		s.pos.GenerateLegal(l)
	}
	s.addEP(l)
	if s.holds(c.Other(), FamUntouchable) {
		theirPawn := chess.MakePiece(c.Other(), chess.Pawn)
		s.keepOnly(l, func(m chess.Move) bool { return s.pos.At(m.To()) != theirPawn })
	}
}

func (s *State) keepOnly(l *chess.MoveList, ok func(chess.Move) bool) {
	n := 0
	for _, m := range l.Moves[:l.N] {
		if ok(m) {
			l.Moves[n] = m
			n++
		}
	}
	l.N = n
}

// addEP adds the en-passant captures of the player whose turn it is.
func (s *State) addEP(l *chess.MoveList) {
	c := s.m.side
	r := c.Other()
	if s.holds(r, FamUntouchable) {
		return
	}
	for _, t := range s.m.ep {
		if t == chess.NoSquare {
			continue
		}
		capSq := epPawnSquare(t)
		if s.pos.At(t) != chess.NoPiece || s.pos.At(capSq) != chess.MakePiece(r, chess.Pawn) {
			continue
		}
		for b := chess.PawnAttacks(r, t) & s.pos.Pieces(c, chess.Pawn); b != 0; {
			m := epMove(b.PopLSB(), t)
			if !s.opts.KingCapture && s.exposesKing(m, c) {
				continue
			}
			addMove(l, m)
		}
	}
}

// epPawnSquare is the square of the pawn that can be taken en passant on
// target t (the pawn stands on rank 4 or 5, next to t's rank).
func epPawnSquare(t chess.Square) chess.Square {
	if t.Rank() == 5 {
		return t - 8
	}
	return t + 8
}

// normalMoves fills l with the legal normal moves of the player whose turn
// it is, every temporal effect applied: noretreat forbids backward moves
// unless every legal move is backward (rules §8.6, cases 1 and 3).
func (s *State) normalMoves(l *chess.MoveList) {
	s.ruleMoves(l)
	s.noRetreat(l)
}

// noRetreat drops the backward moves from l when the player to act holds
// noretreat, unless all of l is backward.
func (s *State) noRetreat(l *chess.MoveList) {
	if s.holds(s.m.side, FamNoRetreat) {
		c := s.m.side
		fwd := 0
		for _, m := range l.Slice() {
			if !isBackward(m, c) {
				fwd++
			}
		}
		if fwd > 0 {
			s.keepOnly(l, func(m chess.Move) bool { return !isBackward(m, c) })
		}
	}
}

// knightMoves is the superknights second move: a legal knight move.
func (s *State) knightMoves(l *chess.MoveList) {
	s.ruleMoves(l)
	s.keepOnly(l, func(m chess.Move) bool { return s.pos.At(m.From()).Type() == chess.Knight })
}

// --- movement-card sequences and enemy2 ---

// cardMover is the colour of the pieces the card in progress moves.
func (s *State) cardMover() chess.Color {
	if s.m.phase == PhaseEnemy {
		return s.m.side.Other()
	}
	return s.m.side
}

// cardMade is the number of moves the card in progress has made.
func (s *State) cardMade() int {
	if s.m.phase == PhaseEnemy {
		return s.m.moved.Count()
	}
	n := 0
	for u := s.m.used; u != 0; u &= u - 1 {
		n++
	}
	return n
}

// candidates fills l with the next moves the card allows, before the
// fulfilment obligation: for a §7.1 sequence, the drawer's moves with an
// unmoved piece matching an unused icon; for enemy2, the moves of an
// unmoved rival piece under rules §7.2.
func (s *State) candidates(l *chess.MoveList, used uint8, moved chess.Bitboard) {
	if s.m.phase == PhaseEnemy {
		s.enemyCandidates(l, moved)
		return
	}
	card := &cards[s.m.card]
	var avail uint8
	for i := uint8(0); i < card.NIcons; i++ {
		if used&(1<<i) == 0 {
			avail |= 1 << card.Icons[i]
		}
	}
	s.ruleMoves(l)
	s.keepOnly(l, func(m chess.Move) bool {
		return !moved.Has(m.From()) && avail&(1<<s.pos.At(m.From()).Type()) != 0
	})
}

// enemyCandidates: moves of the rival's unmoved pieces that follow their
// movement rules and the rival's effects (super:X, leadking) and the
// drawer's freeze; no castling, no en passant; the rival king not onto a
// square the drawer attacks; no capture of the drawer's king or of the
// drawer's untouchable pawns; the drawer's king safe afterwards (except in
// king-capture mode).
func (s *State) enemyCandidates(l *chess.MoveList, moved chess.Bitboard) {
	d := s.m.side
	r := d.Other()
	l.N = 0
	var pl chess.MoveList
	md := s.genMods(r)
	genPseudo(s.pos, r, md, false, &pl)
	protect := chess.Bitboard(0)
	if s.holds(d, FamUntouchable) {
		protect = s.pos.Pieces(d, chess.Pawn)
	}
	protect |= s.pos.Pieces(d, chess.King)
	for _, m := range pl.Slice() {
		if moved.Has(m.From()) || protect.Has(m.To()) {
			continue
		}
		n := s.play(m, r)
		ok := true
		if s.pos.At(m.To()).Type() == chess.King && s.pos.Attacked(m.To(), d) {
			ok = false
		} else if !s.opts.KingCapture && s.kingAttacked(d) {
			ok = false
		}
		s.unplay(n)
		if ok {
			addMove(l, m)
		}
	}
}

// advance returns the icons used and pieces moved after m (m not yet made).
func (s *State) advance(m chess.Move, used uint8, moved chess.Bitboard) (uint8, chess.Bitboard) {
	moved |= m.To().Bit()
	if m.Kind() == chess.KindCastle {
		moved |= castleRookTo(m.To()).Bit()
	}
	if s.m.phase == PhaseEnemy {
		return used, moved
	}
	card := &cards[s.m.card]
	t := s.pos.At(m.From()).Type()
	for i := uint8(0); i < card.NIcons; i++ {
		if used&(1<<i) == 0 && card.Icons[i] == t {
			return used | 1<<i, moved
		}
	}
	return used, moved
}

// rivalHit reports whether the rival of the player whose turn it is has
// been checked (or, in king-capture mode, lost the king): the turn ends.
func (s *State) rivalHit() bool {
	r := s.m.side.Other()
	k := s.pos.KingSquare(r)
	return k == chess.NoSquare || s.pos.Attacked(k, s.m.side)
}

// The fulfilment obligation (rules §7.1, decision 7; §8.6 for noretreat):
// a sequence's score is the quota if it reached the quota or ended by
// giving check, else its number of moves; the drawer must play a sequence
// with the best score and, when they hold noretreat, among those one with
// the fewest backward moves. Values are 8*score - backward moves.

// cardBest is the best value reachable from the current position with n
// moves made.
func (s *State) cardBest(n int, used uint8, moved chess.Bitboard) int {
	var l chess.MoveList
	s.candidates(&l, used, moved)
	if l.N == 0 {
		return 8 * n
	}
	top := 8 * int(cards[s.m.card].Quota)
	best := -1
	for _, m := range l.Slice() {
		if v := s.stepValue(m, n, used, moved); v > best {
			best = v
			if best == top {
				break
			}
		}
	}
	return best
}

// stepValue is the best value of the sequences that continue with m.
func (s *State) stepValue(m chess.Move, n int, used uint8, moved chess.Bitboard) int {
	q := int(cards[s.m.card].Quota)
	back := 0
	mover := s.cardMover()
	if s.m.phase != PhaseEnemy && s.holds(mover, FamNoRetreat) && isBackward(m, mover) {
		back = 1
	}
	nu, nm := s.advance(m, used, moved)
	k := s.play(m, mover)
	var v int
	if n+1 >= q || s.rivalHit() {
		v = 8 * q
	} else {
		v = s.cardBest(n+1, nu, nm)
	}
	s.unplay(k)
	return v - back
}

// legalCard: the moves of the card in progress that keep to the
// obligation.
func (s *State) legalCard(buf []variants.Action) []variants.Action {
	var l chess.MoveList
	s.candidates(&l, s.m.used, s.m.moved)
	n := s.cardMade()
	// One value per candidate: as many as the list can hold.
	var vals [chess.MaxMoves]int16
	best := -1
	for i, m := range l.Slice() {
		v := s.stepValue(m, n, s.m.used, s.m.moved)
		vals[i] = int16(v)
		if v > best {
			best = v
		}
	}
	for i, m := range l.Slice() {
		if int(vals[i]) == best {
			buf = append(buf, variants.Action(m))
		}
	}
	return buf
}

// play makes a board action for mover; a rival pawn's promotion is made
// with the rival to move so that the new piece gets the rival's colour.
// It returns the number of chess Makes to take back.
func (s *State) play(m chess.Move, mover chess.Color) int {
	if mover != s.pos.Side() && m.Kind() == chess.KindPromotion {
		s.pos.Make(chess.NullMove)
		s.pos.Make(m.WithKeepTurn())
		s.pos.Make(chess.NullMove)
		return 3
	}
	s.pos.Make(m.WithKeepTurn())
	return 1
}

func (s *State) unplay(n int) {
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
}

// exposesKing reports whether the board action m, made without passing
// the turn, leaves c's king attacked.
func (s *State) exposesKing(m chess.Move, c chess.Color) bool {
	s.pos.Make(m.WithKeepTurn())
	bad := s.kingAttacked(c)
	s.pos.Unmake()
	return bad
}

// --- single-action cards ---

// relocations appends the legal relocations (rules §7.2 relocate); with
// first it stops after one.
func (s *State) relocations(buf []variants.Action, first bool) []variants.Action {
	c := s.m.side
	occ := s.pos.Occupied()
	pieces := occ &^ s.pos.Pieces(c.Other(), chess.King)
	if s.opts.KingCapture || s.holds(c, FamLeadKing) {
		pieces &^= s.pos.Pieces(c, chess.King)
	}
	for b := pieces; b != 0; {
		from := b.PopLSB()
		targets := ^occ
		if s.pos.At(from).Type() == chess.Pawn {
			targets &^= lastRank
		}
		for t := targets; t != 0; {
			m := chess.NewRelocation(from, t.PopLSB())
			if !s.opts.KingCapture && s.exposesKing(m, c) {
				continue
			}
			buf = append(buf, variants.Action(m))
			if first {
				return buf
			}
		}
	}
	return buf
}

// unremovable is what a removal from r's pieces may not take: the kings,
// and r's pawns while r holds the untouchable pawns.
func (s *State) unremovable(r chess.Color) chess.Bitboard {
	protect := s.pos.Type(chess.King)
	if s.holds(r, FamUntouchable) {
		protect |= s.pos.Pieces(r, chess.Pawn)
	}
	return protect
}

// removalTargets is what the card in progress may remove one of: the
// rival's pieces of the named type (remove:X), the removable rival pieces
// in the zone (plain and cruel bombs), or, for a cruel bomb whose zone
// holds no removable rival piece, the drawer's own non-king pieces there.
func (s *State) removalTargets() chess.Bitboard {
	c := s.m.side
	r := c.Other()
	card := &cards[s.m.card]
	protect := s.unremovable(r)
	switch card.Family {
	case FamRemove:
		return s.pos.Pieces(r, card.Piece) &^ protect
	case FamBomb:
		return s.pos.ColorBB(r) & card.zoneFor(c) &^ protect
	case FamBombCruel:
		z := card.zoneFor(c)
		if t := s.pos.ColorBB(r) & z &^ protect; t != 0 {
			return t
		}
		return s.pos.ColorBB(c) & z &^ s.pos.Type(chess.King)
	}
	return 0
}

// removals appends the legal single removals of the card in progress.
func (s *State) removals(buf []variants.Action, first bool) []variants.Action {
	c := s.m.side
	for t := s.removalTargets(); t != 0; {
		m := chess.NewRemoval(t.PopLSB())
		if !s.opts.KingCapture && s.exposesKing(m, c) {
			continue
		}
		buf = append(buf, variants.Action(m))
		if first {
			return buf
		}
	}
	return buf
}

// bombAllTargets is what a fierce or crazy bomb removes.
func (s *State) bombAllTargets() chess.Bitboard {
	c := s.m.side
	r := c.Other()
	card := &cards[s.m.card]
	protect := s.unremovable(r)
	z := card.zoneFor(c)
	if card.Family == FamBombFierce {
		return s.pos.ColorBB(r) & z &^ protect
	}
	return s.pos.Occupied() & z &^ protect
}

// bombAllLegal reports whether the collective removal is possible.
func (s *State) bombAllLegal() bool {
	t := s.bombAllTargets()
	if t == 0 {
		return false
	}
	if s.opts.KingCapture {
		return true
	}
	n := 0
	for b := t; b != 0; n++ {
		s.pos.Make(chess.NewRemoval(b.PopLSB()).WithKeepTurn())
	}
	bad := s.kingAttacked(s.m.side)
	s.unplay(n)
	return !bad
}

// placements appends the recover placements: a piece type from the
// drawer's pool on any empty square (pawns on ranks 2 to 7). Placing a
// piece of one's own never exposes one's king.
func (s *State) placements(buf []variants.Action, first bool) []variants.Action {
	c := s.m.side
	empty := ^s.pos.Occupied()
	for t := chess.Pawn; t <= chess.Queen; t++ {
		if s.m.pool[c][t] == 0 {
			continue
		}
		targets := empty
		if t == chess.Pawn {
			targets &^= lastRank
		}
		for b := targets; b != 0; {
			buf = append(buf, variants.Action(chess.NewDrop(chess.MakePiece(c, t), b.PopLSB())))
			if first {
				return buf
			}
		}
	}
	return buf
}

// runWave carries out the collective pawn step (rules §7.2 pawns-back /
// pawns-forward) and returns how many pawns stepped and the files on which
// one promoted. choices gives each file's promotion piece (2 bits per
// file, 0 knight .. 3 queen). The steps stay made; the caller counts them
// (steps Makes) and takes them back if it only wanted to know.
func (s *State) runWave(fwd bool, choices uint16) (steps int, promoFiles uint8) {
	c := s.m.side
	pawn := chess.MakePiece(c, chess.Pawn)
	up := 8
	if c == chess.Black {
		up = -8
	}
	dir := up
	if !fwd {
		dir = -up
	}
	// Ranks in processing order: rearmost first going back, frontmost
	// first going forward (relative ranks), files a to h within a rank.
	var order [8]int
	for i := range order {
		rel := i
		if fwd {
			rel = 7 - i
		}
		if c == chess.White {
			order[i] = rel
		} else {
			order[i] = 7 - rel
		}
	}
	var done chess.Bitboard
	for {
		progressed := false
		for _, rank := range order {
			for file := 0; file < 8; file++ {
				from := chess.MakeSquare(file, rank)
				if done.Has(from) || s.pos.At(from) != pawn {
					continue
				}
				if !fwd && relRank(from, c) <= 1 {
					continue
				}
				to := chess.Square(int(from) + dir)
				if s.pos.At(to) != chess.NoPiece {
					continue
				}
				m := chess.NewMove(from, to)
				if lastRank.Has(to) {
					m = chess.NewPromotion(from, to, chess.Knight+chess.PieceType(choices>>(2*file)&3))
				}
				s.pos.Make(m.WithKeepTurn())
				if s.kingAttacked(c) {
					s.pos.Unmake()
					continue
				}
				if lastRank.Has(to) {
					promoFiles |= 1 << file
				}
				done |= to.Bit()
				steps++
				progressed = true
			}
		}
		if !progressed {
			return steps, promoFiles
		}
	}
}

// waves appends the wave actions: one per combination of promotion
// pieces of the promoting pawns.
func (s *State) waves(buf []variants.Action) []variants.Action {
	steps, files := s.runWave(s.m.card == KindPawnsForward, 0)
	s.unplay(steps)
	if steps == 0 {
		return buf
	}
	var fl [8]int
	n := 0
	for f := 0; f < 8; f++ {
		if files&(1<<f) != 0 {
			fl[n] = f
			n++
		}
	}
	for combo := 0; combo < 1<<(2*n); combo++ {
		var ch uint16
		for i := 0; i < n; i++ {
			ch |= uint16(combo>>(2*i)&3) << (2 * fl[i])
		}
		buf = append(buf, WaveAction(files, ch))
	}
	return buf
}
