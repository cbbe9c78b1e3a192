package chaturanga4

// Make plays m, which must be legal (Generate made it). It applies the
// capture (a pool piece to its owner's pool, a raja's seat out), the
// promotion or conversion, the boat triumph, the counters and the turn.
func (p *Position) Make(m Move) {
	s := p.toMove
	u := undo{move: m, halfmove: p.halfmove, round: p.round, toMove: s, active: p.active, hash: p.hash}
	irreversible := false
	switch m.Kind() {
	case KindPass:
	case KindConversion:
		sq := m.From()
		u.moved = p.take(sq)
		p.put(MakePiece(s, m.PoolType()), sq)
		p.addPool(s, m.PoolType(), -1)
		irreversible = true
	default:
		from, to := m.From(), m.To()
		if c := p.board[to]; c != NoPiece {
			u.captured = p.take(to)
			p.capture(c)
			irreversible = true
		}
		pc := p.take(from)
		u.moved = pc
		switch {
		case m.Kind() == KindPromotion:
			p.put(MakePiece(s, m.PoolType()), to)
			p.addPool(s, m.PoolType(), -1)
		default:
			p.put(pc, to)
		}
		if pc.Type() == Pawn {
			irreversible = true
		}
		if pc.Type() == Boat && center.Has(to) && p.byType[Boat]&center == center {
			// The boat triumph: the arriving boat takes the other three,
			// whoever owns them.
			i := 0
			for b := center; b != 0; i++ {
				sq := b.PopLSB()
				if sq == to {
					continue
				}
				c := p.take(sq)
				u.triumph[i] = c
				p.capture(c)
			}
			irreversible = true
		}
	}
	if irreversible {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	next := s.next()
	for !p.Active(next) && next != s {
		next = next.next()
	}
	if next <= s && p.ActiveCount() > 1 {
		p.round++
	}
	p.setToMove(next)
	p.hist = append(p.hist, u)
}

// capture sends a taken piece where the rules say: a pool piece to its
// owner's pool, a raja ends its seat's game.
func (p *Position) capture(c Piece) {
	switch t := c.Type(); {
	case isPoolType(t):
		p.addPool(c.Seat(), t, 1)
	case t == King:
		p.setActive(p.active &^ (1 << c.Seat()))
		p.eliminated = append(p.eliminated, c.Seat())
	}
}

// Unmake takes back the last move.
func (p *Position) Unmake() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	m := u.move
	s := u.toMove
	switch m.Kind() {
	case KindPass:
	case KindConversion:
		p.take(m.From())
		p.put(u.moved, m.From())
		p.addPool(s, m.PoolType(), 1)
	default:
		from, to := m.From(), m.To()
		i := 0
		for b := center; b != 0; i++ {
			sq := b.PopLSB()
			if c := u.triumph[i]; c != NoPiece {
				p.uncapture(c)
				p.put(c, sq)
			}
		}
		p.take(to)
		if m.Kind() == KindPromotion {
			p.addPool(s, m.PoolType(), 1)
		}
		p.put(u.moved, from)
		if u.captured != NoPiece {
			p.uncapture(u.captured)
			p.put(u.captured, to)
		}
	}
	if u.active != p.active {
		p.eliminated = p.eliminated[:len(p.eliminated)-1]
	}
	p.active, p.toMove = u.active, u.toMove
	p.halfmove, p.round, p.hash = u.halfmove, u.round, u.hash
}

// uncapture takes a pool piece back out of its owner's pool.
func (p *Position) uncapture(c Piece) {
	if isPoolType(c.Type()) {
		p.addPool(c.Seat(), c.Type(), -1)
	}
}

// MovesPlayed is the number of moves Make has played since the position was
// set up.
func (p *Position) MovesPlayed() int { return len(p.hist) }

// LastMove is the last move played, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}
