package magic

import (
	"azar/variants/chess"
)

// mlist is a fixed move buffer.
type mlist struct {
	m [512]chess.Move
	n int
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
func (s *State) pseudo(us chess.Color, e *env, l *mlist) {
	p := s.pos
	them := us.Other()
	occ := p.Occupied() | e.walls
	own := p.ColorBB(us)
	enemy := p.ColorBB(them)
	capOK := enemy &^ e.capBan() &^ p.Pieces(them, chess.King) // licences add no attacks: no king is ever taken
	dest := ^occ | capOK
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
		}
	}
	d := up(us)
	for b := p.Pieces(us, chess.Pawn) & movers &^ e.frozen; b != 0; {
		from := b.PopLSB()
		to := chess.Square(int(from) + d)
		if !occ.Has(to) {
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
	}
	k := p.KingSquare(us)
	if k == chess.NoSquare {
		return
	}
	if p.CastleRights() != 0 && s.attackers(k, them, e.walls, e.wings) == 0 {
		s.castling(us, k, e, occ, l)
	}
	if e.lance[us] {
		for b := (p.Pieces(us, chess.Rook) | p.Pieces(us, chess.Queen)) & movers; b != 0; {
			from := b.PopLSB()
			s.lance(from, us, e, capOK, l)
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

// safeAfter plays the standard move m of us on the board alone (with the
// mine it triggers) and reports whether us's king is then safe; afterTicks
// removes us's expiring walls first (rules §9.1 steps 3-5).
func (s *State) safeAfter(m chess.Move, us chess.Color, e *env, afterTicks bool) bool {
	m &^= strideBit
	n := s.mkMove(m, us)
	to := m.To()
	if m.Kind() == chess.KindCastle {
		_, to = castleRook(to)
	}
	if pc := s.pos.At(to); pc.Type() != chess.King && e.mines.Has(to) && s.mineOwner(to) == us.Other() {
		// The mine's protections are judged as before the move (the piece
		// keeps its identity): a shielded or immune piece stays.
		if !s.minedProtected(m, to, us, e) {
			s.mk(chess.NewRemoval(to))
			n++
		}
	}
	w := e.walls
	if afterTicks {
		w &^= e.expiring[us]
	}
	k := s.pos.KingSquare(us)
	safe := k == chess.NoSquare || s.attackers(k, us.Other(), w, e.wings&^s.pos.ColorBB(us)) == 0
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
	return safe
}

func (s *State) mineOwner(sq chess.Square) chess.Color {
	for i := 0; i < int(s.m.nEff); i++ {
		if x := &s.m.eff[i]; x.Kind == EffMine && x.Zone.Has(sq) {
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
		if x := &s.m.eff[i]; x.Kind == EffArmour && x.Owner == us && x.Zone.Has(sq) {
			return true
		}
	}
	return false
}

// legalStd fills l with us's legal standard moves; afterTicks as in
// safeAfter (true for the active player's own moves).
func (s *State) legalStd(us chess.Color, e *env, afterTicks bool, l *mlist) {
	var pl mlist
	s.pseudo(us, e, &pl)
	l.n = 0
	for _, m := range pl.slice() {
		if s.safeAfter(m, us, e, afterTicks) {
			l.add(m)
		}
	}
}

// hasLegal reports whether us has a legal standard move.
func (s *State) hasLegal(us chess.Color, e *env, afterTicks bool) bool {
	var pl mlist
	s.pseudo(us, e, &pl)
	for _, m := range pl.slice() {
		if s.safeAfter(m, us, e, afterTicks) {
			return true
		}
	}
	return false
}
