package magic

import (
	"azar/variants/chess"
)

// mlist is a fixed move buffer.
type mlist struct {
	m [512]chess.Move
	n int
}

// probe is what hasLegal asks of pseudoProbe: us's king safe after a move
// (safeAfter's arguments), and whether one was found. pseudoProbe tests
// each man's moves as they come and stops at the first safe one, instead
// of generating every move first. It is an argument, not a field of the
// mlist: the lists live in the State, and a pointer to the caller's env
// kept there would move every env to the heap.
type probe struct {
	us         chess.Color
	e          *env
	afterTicks bool
	found      bool
}

// probed tests the moves in l (one man's, or a few) when pr is given:
// true once one is safe; otherwise it empties l for the next man's.
func (s *State) probed(l *mlist, pr *probe) bool {
	if pr == nil {
		return false
	}
	for _, m := range l.slice() {
		if s.safeAfter(m, pr.us, pr.e, pr.afterTicks) {
			pr.found = true
			return true
		}
	}
	l.n = 0
	return false
}

func (l *mlist) add(m chess.Move) {
	if l.n < len(l.m) {
		l.m[l.n] = m
		l.n++
	}
}

func (l *mlist) slice() []chess.Move { return l.m[:l.n] }

func addTargets(l *mlist, from chess.Square, to chess.Bitboard) {
	for to != 0 {
		l.add(chess.NewMove(from, to.PopLSB()))
	}
}

func addPawn(l *mlist, from, to chess.Square) {
	if lastRanks.Has(to) {
		for pt := chess.Queen; pt >= chess.Knight; pt-- {
			l.add(chess.NewPromotion(from, to, pt))
		}
		return
	}
	l.add(chess.NewMove(from, to))
}

func up(c chess.Color) int {
	if c == chess.White {
		return 8
	}
	return -8
}

// pseudo appends us's standard moves under the active effects, before the
// king test (rules §9.1 steps 1-2): FIDE moves with walls as obstacles,
// the knight pattern of winged pieces, the licences (lance, surge,
// stride), less what paralysis, blizzard, no man's land and the capture
// bans forbid.
func (s *State) pseudo(us chess.Color, e *env, l *mlist) { s.pseudoProbe(us, e, l, nil, false) }

// pseudoProbe is pseudo, testing the moves man by man when pr is given.
// With noisy it leaves out most of what is not a capture or a promotion
// to a queen (Noisy's moves): the men's quiet moves, the pawns' pushes
// but to a queen, castling, the strides to an empty square; the lance's
// moves are all generated (Noisy drops its quiet ones). What it keeps is
// in pseudo's order, so Noisy's list is Legal's share in Legal's order.
func (s *State) pseudoProbe(us chess.Color, e *env, l *mlist, pr *probe, noisy bool) {
	p := s.pos
	them := us.Other()
	occ := p.Occupied() | e.walls
	own := p.ColorBB(us)
	enemy := p.ColorBB(them)
	capOK := enemy &^ e.capBan() &^ p.Pieces(them, chess.King) // licences add no attacks: no king is ever taken
	dest := ^occ | capOK
	if noisy {
		dest = capOK
	}
	movers := own &^ e.paralysed
	for t := chess.Knight; t <= chess.King; t++ {
		for b := p.Pieces(us, t) & movers; b != 0; {
			from := b.PopLSB()
			var att chess.Bitboard
			switch t {
			case chess.Knight:
				att = chess.KnightAttacks(from)
			case chess.Bishop:
				att = chess.BishopAttacks(from, occ)
			case chess.Rook:
				att = chess.RookAttacks(from, occ)
			case chess.Queen:
				att = chess.QueenAttacks(from, occ)
			case chess.King:
				att = chess.KingAttacks(from)
			}
			if e.wings.Has(from) {
				att |= chess.KnightAttacks(from)
			}
			to := att & dest
			if t != chess.King && !e.noManFree.Has(from) {
				to &^= e.noMan[us]
			}
			addTargets(l, from, to)
			if s.probed(l, pr) {
				return
			}
		}
	}
	d := up(us)
	for b := p.Pieces(us, chess.Pawn) & movers &^ e.frozen; b != 0; {
		from := b.PopLSB()
		to := chess.Square(int(from) + d)
		switch {
		case occ.Has(to):
		case noisy:
			if lastRanks.Has(to) {
				l.add(chess.NewPromotion(from, to, chess.Queen))
			}
			if e.surge[us] && relRank(from, us) == 5 {
				if to2 := chess.Square(int(to) + d); !occ.Has(to2) {
					l.add(chess.NewPromotion(from, to2, chess.Queen))
				}
			}
		default:
			addPawn(l, from, to)
			if relRank(from, us) == 1 {
				if to2 := chess.Square(int(to) + d); !occ.Has(to2) {
					l.add(chess.NewMove(from, to2))
				}
			}
			if e.surge[us] && relRank(from, us) >= 2 && relRank(from, us) <= 5 {
				if to2 := chess.Square(int(to) + d); !occ.Has(to2) {
					addPawn(l, from, to2)
				}
			}
		}
		for c := chess.PawnAttacks(us, from) & capOK; c != 0; {
			addPawn(l, from, c.PopLSB())
		}
		if ep := s.m.ep; ep.sq != chess.NoSquare && ep.by == us && chess.PawnAttacks(us, from).Has(ep.sq) {
			capSq := chess.MakeSquare(ep.sq.File(), from.Rank())
			if !occ.Has(ep.sq) && p.At(capSq) == chess.MakePiece(them, chess.Pawn) &&
				s.m.ids[capSq] == ep.pawn && !e.capBan().Has(capSq) {
				l.add(epMove(from, ep.sq))
			}
		}
		if s.probed(l, pr) {
			return
		}
	}
	k := p.KingSquare(us)
	if k == chess.NoSquare {
		return
	}
	if !noisy && p.CastleRights() != 0 && s.attackers(k, them, e.walls, e.wings) == 0 {
		s.castling(us, k, e, occ, l)
		if s.probed(l, pr) {
			return
		}
	}
	if e.lance[us] {
		for b := (p.Pieces(us, chess.Rook) | p.Pieces(us, chess.Queen)) & movers; b != 0; {
			from := b.PopLSB()
			s.lance(from, us, e, capOK, l)
			if s.probed(l, pr) {
				return
			}
		}
	}
	if e.stride[us] {
		for _, dd := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			f2, r2 := k.File()+2*dd[0], k.Rank()+2*dd[1]
			if f2 < 0 || f2 > 7 || r2 < 0 || r2 > 7 {
				continue
			}
			mid := chess.MakeSquare(k.File()+dd[0], k.Rank()+dd[1])
			to := chess.MakeSquare(f2, r2)
			if occ.Has(mid) || !dest.Has(to) || s.attackers(mid, them, e.walls, e.wings) != 0 {
				continue
			}
			l.add(chess.NewMove(k, to) | strideBit)
		}
	}
}

func (s *State) castling(us chess.Color, k chess.Square, e *env, occ chess.Bitboard, l *mlist) {
	sides := chess.CastleSides(us)
	p := s.pos
	them := us.Other()
	for _, sd := range sides {
		if p.CastleRights()&sd.Right == 0 || k != sd.King || occ&sd.Empty != 0 ||
			p.At(sd.Rook) != chess.MakePiece(us, chess.Rook) || e.paralysed.Has(sd.Rook) {
			continue
		}
		_, rt := castleRook(sd.To)
		if e.noMan[us].Has(rt) && !e.noManFree.Has(sd.Rook) {
			continue
		}
		if s.attackers(sd.Path[0], them, e.walls, e.wings) != 0 || s.attackers(sd.Path[1], them, e.walls, e.wings) != 0 {
			continue
		}
		l.add(castleMove(sd.King, sd.To))
	}
}

// lance adds AM29's moves of the rook or queen on from: along a rank or
// file over exactly one piece (never a wall), to an empty square beyond or
// capturing the first enemy piece beyond.
func (s *State) lance(from chess.Square, us chess.Color, e *env, capOK chess.Bitboard, l *mlist) {
	occ := s.pos.Occupied()
	for _, dd := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		f, r := from.File(), from.Rank()
		jumped := false
		for {
			f += dd[0]
			r += dd[1]
			if f < 0 || f > 7 || r < 0 || r > 7 {
				break
			}
			sq := chess.MakeSquare(f, r)
			if e.walls.Has(sq) {
				break
			}
			if !occ.Has(sq) {
				if jumped && !(e.noMan[us].Has(sq) && !e.noManFree.Has(from)) {
					l.add(chess.NewMove(from, sq))
				}
				continue
			}
			if !jumped {
				jumped = true
				continue
			}
			if capOK.Has(sq) && !(e.noMan[us].Has(sq) && !e.noManFree.Has(from)) {
				l.add(chess.NewMove(from, sq))
			}
			break
		}
	}
}

// safeAfter reports whether us's king is safe after the standard move m
// of us (with the mine it triggers); afterTicks removes us's expiring
// walls first (rules §9.1 steps 3-5). It reads the board after the move
// from the bitboards, without making it: the occupancy with the man moved
// (and the captured man, a castling rook, a mined man taken off), the
// enemy men less the one captured. The search asks this of every
// pseudo-legal move at every node; making and unmaking each on the board
// took a fifth of its time. The reference that makes the move is
// safeAfterMade in the tests (TestSafeAfterMatchesBoard).
func (s *State) safeAfter(m chess.Move, us chess.Color, e *env, afterTicks bool) bool {
	m &^= strideBit
	p := s.pos
	them := us.Other()
	from, to := m.From(), m.To()
	k := p.KingSquare(us)
	occ := p.Occupied()
	enemy := p.ColorBB(them)
	land := to // the square of the moved man (castling: the rook's)
	moved := p.At(from).Type()
	switch m.Kind() {
	case chess.KindCastle:
		rf, rt := castleRook(to)
		occ = occ&^from.Bit()&^rf.Bit() | to.Bit() | rt.Bit()
		k, land, moved = to, rt, chess.Rook
	case chess.KindEnPassant:
		capSq := chess.MakeSquare(to.File(), from.Rank())
		occ = occ&^from.Bit()&^capSq.Bit() | to.Bit()
		enemy &^= capSq.Bit()
	default:
		occ = occ&^from.Bit() | to.Bit()
		enemy &^= to.Bit()
		if moved == chess.King {
			k = to
		} else if m.Kind() == chess.KindPromotion {
			moved = m.Promotion()
		}
	}
	if k == chess.NoSquare {
		return true
	}
	// The mine's protections are judged as before the move (the piece
	// keeps its identity): a shielded or immune piece stays.
	if moved != chess.King && e.mines.Has(land) && s.mineOwner(land) == them && !s.minedProtected(m, land, us, e) {
		occ &^= land.Bit()
	}
	w := e.walls
	if afterTicks {
		w &^= e.expiring[us]
	}
	return s.attackersIn(k, them, occ|w, enemy, e.wings) == 0
}

// guard answers safeAfter without reading the board after the move where
// the answer is sure from the board before it: when us's king is not
// attacked now (walls as after the ticks or not, as asked), a move of
// another man that is not pinned, landing on no mine, opens no line onto
// the king (the man leaving is the only square emptied, and no enemy
// rider has it alone in the way; the square it lands on can only block,
// the man it takes can only stop attacking). Most moves of most positions
// are such.
type guard struct {
	sure chess.Bitboard // the from-squares whose moves are sure to be safe
	// king is us's king's square: its own moves (castling, strides) are
	// never sure.
	king  chess.Square
	mines chess.Bitboard
}

// newGuard is the guard of us's moves in the current position.
func (s *State) newGuard(us chess.Color, e *env, afterTicks bool) guard {
	k := s.pos.KingSquare(us)
	g := guard{king: k, mines: e.mines}
	if k == chess.NoSquare {
		return g
	}
	w := e.walls
	if afterTicks {
		w &^= e.expiring[us]
	}
	them := us.Other()
	if s.attackers(k, them, w, e.wings) != 0 {
		return g
	}
	// A man on a line through the king is unsure only when it alone
	// stands (walls count) between the king and an enemy rider of that
	// line: pinned.
	p := s.pos
	block := p.Occupied() | w
	q := p.Pieces(them, chess.Queen)
	riders := chess.RookAttacks(k, 0)&(p.Pieces(them, chess.Rook)|q) | chess.BishopAttacks(k, 0)&(p.Pieces(them, chess.Bishop)|q)
	var pinned chess.Bitboard
	for riders != 0 {
		btw := chess.Between(k, riders.PopLSB()) & block
		if btw != 0 && btw&(btw-1) == 0 && btw&p.ColorBB(us) != 0 {
			pinned |= btw
		}
	}
	g.sure = ^pinned &^ k.Bit()
	return g
}

// safe reports whether m is sure to leave the king safe (false: ask
// safeAfter).
func (g *guard) safe(m chess.Move) bool {
	return g.sure.Has(m.From()) && m.Kind() != chess.KindEnPassant && m&strideBit == 0 &&
		m.Kind() != chess.KindCastle && !g.mines.Has(m.To())
}

// attackersIn is attackers on a board described by its bitboards: by's
// men are those of the position within men, lines are blocked by block
// (the occupancy with the walls).
func (s *State) attackersIn(sq chess.Square, by chess.Color, block, men, wings chess.Bitboard) chess.Bitboard {
	p := s.pos
	q := p.Pieces(by, chess.Queen)
	a := chess.PawnAttacks(by.Other(), sq) & p.Pieces(by, chess.Pawn)
	a |= chess.KnightAttacks(sq) & (p.Pieces(by, chess.Knight) | wings)
	a |= chess.KingAttacks(sq) & p.Pieces(by, chess.King)
	a |= chess.RookAttacks(sq, block) & (p.Pieces(by, chess.Rook) | q)
	a |= chess.BishopAttacks(sq, block) & (p.Pieces(by, chess.Bishop) | q)
	return a & men
}

func (s *State) mineOwner(sq chess.Square) chess.Color {
	for i := 0; i < int(s.m.nEff); i++ {
		if x := &s.eff[i]; x.Kind == EffMine && x.Zone.Has(sq) {
			return x.Owner
		}
	}
	return 2
}

// minedProtected: is the piece that m brings to sq protected from the
// mine's elimination? Shields follow the piece's identity (gone on
// promotion), the rest depend on the owner and the square.
func (s *State) minedProtected(m chess.Move, sq chess.Square, us chess.Color, e *env) bool {
	if e.sanct.Has(sq) || e.immune[us] {
		return true
	}
	src := m.From()
	if m.Kind() == chess.KindCastle {
		src, _ = castleRook(m.To())
	}
	if m.Kind() != chess.KindPromotion && e.shielded.Has(src) {
		return true
	}
	for i := 0; i < int(s.m.nEff); i++ {
		if x := &s.eff[i]; x.Kind == EffArmour && x.Owner == us && x.Zone.Has(sq) {
			return true
		}
	}
	return false
}

// legalStd fills l with us's legal standard moves; afterTicks as in
// safeAfter (true for the active player's own moves). The pseudo-legal
// moves are filtered in place, in their order.
func (s *State) legalStd(us chess.Color, e *env, afterTicks bool, l *mlist) {
	l.n = 0
	s.pseudo(us, e, l)
	g := s.newGuard(us, e, afterTicks)
	n := 0
	for _, m := range l.slice() {
		if g.safe(m) || s.safeAfter(m, us, e, afterTicks) {
			l.m[n] = m
			n++
		}
	}
	l.n = n
}

// epLegal reports whether us has a legal en-passant capture: legalStd's
// en-passant moves, without the rest of the list (the repetition key asks
// after every double step).
func (s *State) epLegal(us chess.Color, e *env) bool {
	ep := s.m.ep
	if ep.sq == chess.NoSquare || ep.by != us {
		return false
	}
	p := s.pos
	occ := p.Occupied() | e.walls
	pawns := p.Pieces(us, chess.Pawn) &^ e.paralysed &^ e.frozen & chess.PawnAttacks(us.Other(), ep.sq)
	if pawns == 0 || occ.Has(ep.sq) {
		return false
	}
	g := s.newGuard(us, e, true)
	for ; pawns != 0; pawns &= pawns - 1 {
		from := pawns.LSB()
		capSq := chess.MakeSquare(ep.sq.File(), from.Rank())
		if p.At(capSq) != chess.MakePiece(us.Other(), chess.Pawn) || s.m.ids[capSq] != ep.pawn || e.capBan().Has(capSq) {
			continue
		}
		if m := epMove(from, ep.sq); g.safe(m) || s.safeAfter(m, us, e, true) {
			return true
		}
	}
	return false
}

// turnHasLegal is hasLegal(us, e, true) at a turn's start, read from the
// shared TurnCache where the answer is the board's alone: no effect in
// play and no en-passant right. Then it depends on the men, the castling
// rights and us only (walls, mines, bans and licences are effects; the
// identities matter only for en passant), which the board's Zobrist key
// and the colour hold. The worlds of a search share their boards, so most
// turn starts find their answer there.
func (s *State) turnHasLegal(us chess.Color, e *env) bool {
	tc := s.turns
	if tc == nil || s.m.nEff != 0 || s.m.ep.sq != chess.NoSquare {
		return s.hasLegal(us, e, true)
	}
	key := s.pos.Hash()
	sl := tc.slot(key)
	if sl.tag&^boardFlags == key&^boardFlags && sl.tag&turnSet[us] != 0 {
		return sl.tag&turnLegal[us] != 0
	}
	ok := s.hasLegal(us, e, true)
	tc.setVerdict(sl, key, us, ok)
	return ok
}

// hasLegal reports whether us has a legal standard move: pseudo probes
// man by man and stops at the first safe move (in most positions the
// first man's). It asks safeAfter of each move without a guard: the first
// move is nearly always safe, and the guard's pin search cost more than
// the one test it spared; in check the guard answers nothing anyway.
func (s *State) hasLegal(us chess.Color, e *env, afterTicks bool) bool {
	pl := &s.mlProbe
	pl.n = 0
	pr := probe{us: us, e: e, afterTicks: afterTicks}
	s.pseudoProbe(us, e, pl, &pr, false)
	s.probed(pl, &pr) // the stride moves, the last batch
	return pr.found
}
