package puzzle

import "azar/variants/chess"

// attacksFrom is the set of squares the piece on sq attacks.
func attacksFrom(pos *chess.Position, sq chess.Square) chess.Bitboard {
	pc := pos.At(sq)
	occ := pos.Occupied()
	switch pc.Type() {
	case chess.Pawn:
		return chess.PawnAttacks(pc.Color(), sq)
	case chess.Knight:
		return chess.KnightAttacks(sq)
	case chess.Bishop:
		return chess.BishopAttacks(sq, occ)
	case chess.Rook:
		return chess.RookAttacks(sq, occ)
	case chess.Queen:
		return chess.QueenAttacks(sq, occ)
	case chess.King:
		return chess.KingAttacks(sq)
	}
	return 0
}

// targets are the enemy pieces that the piece on sq attacks and that a
// double attack can win: the king (a check), a piece worth more than the
// attacker, or a piece nobody defends.
func targets(pos *chess.Position, sq chess.Square) chess.Bitboard {
	pc := pos.At(sq)
	them := pc.Color().Other()
	var out chess.Bitboard
	for b := attacksFrom(pos, sq) & pos.ColorBB(them); b != 0; {
		t := b.PopLSB()
		tt := pos.At(t).Type()
		defended := pos.AttackersTo(t, pos.Occupied())&pos.ColorBB(them) != 0
		if tt == chess.King || material[tt] > material[pc.Type()] || !defended {
			out |= t.Bit()
		}
	}
	return out
}

// skewers lists, for the slider on sq, the pairs (front, back): an enemy
// piece on its line with a less valuable enemy piece right behind it (the
// king counts as the most valuable).
func skewers(pos *chess.Position, sq chess.Square) (fronts, backs []chess.Square) {
	pc := pos.At(sq)
	t := pc.Type()
	if t != chess.Bishop && t != chess.Rook && t != chess.Queen {
		return nil, nil
	}
	them := pc.Color().Other()
	occ := pos.Occupied()
	for b := attacksFrom(pos, sq) & pos.ColorBB(them); b != 0; {
		front := b.PopLSB()
		ray := chess.Line(sq, front)
		// beyond: squares on the ray past front, away from sq
		behind := attacksThrough(sq, front, t, occ) & ray &^ chess.Between(sq, front) &^ front.Bit()
		for bb := behind & pos.ColorBB(them); bb != 0; {
			back := bb.PopLSB()
			if !chess.Between(sq, back).Has(front) {
				continue
			}
			ft, bt := pos.At(front).Type(), pos.At(back).Type()
			if ft == chess.King || material[ft] > material[bt] {
				fronts = append(fronts, front)
				backs = append(backs, back)
			}
		}
	}
	return fronts, backs
}

// attacksThrough is what a slider of type t on sq would attack with front
// removed: the x-ray past its first target.
func attacksThrough(sq, front chess.Square, t chess.PieceType, occ chess.Bitboard) chess.Bitboard {
	occ &^= front.Bit()
	switch t {
	case chess.Bishop:
		return chess.BishopAttacks(sq, occ)
	case chess.Rook:
		return chess.RookAttacks(sq, occ)
	}
	return chess.QueenAttacks(sq, occ)
}

// tacticShape is what the board shows after the first move of a tactic.
type tacticShape struct {
	kind    Kind
	mover   chess.PieceType
	targets []chess.PieceType // double attack: the pieces attacked, most valuable first
	front   chess.PieceType   // skewer: the piece in front
	back    chess.PieceType   // skewer: the piece behind
}

// classify names the tactic of a line (first move, reply, follow-up) from
// pos: a skewer when the follow-up captures, with the moved slider, the
// piece that stood behind a more valuable one on its line; a double attack
// when it captures, with the moved piece, one of two or more targets the
// first move attacked. ok is false for any other line.
func classify(pos *chess.Position, line []chess.Move) (tacticShape, bool) {
	var sh tacticShape
	if len(line) != 3 {
		return sh, false
	}
	p := pos.Clone()
	first := line[0]
	p.Make(first)
	sq := first.To()
	sh.mover = p.At(sq).Type()
	fronts, backs := skewers(p, sq)
	tg := targets(p, sq)
	p.Make(line[1])
	follow := line[2]
	if follow.From() != sq || p.At(follow.To()) == chess.NoPiece {
		return sh, false
	}
	for i, b := range backs {
		if follow.To() == b {
			sh.kind = SkewerKind
			q := pos.Clone()
			q.Make(first)
			sh.front, sh.back = q.At(fronts[i]).Type(), q.At(b).Type()
			return sh, true
		}
	}
	if tg.Count() >= 2 && tg.Has(follow.To()) {
		q := pos.Clone()
		q.Make(first)
		for t := chess.King; t >= chess.Pawn; t-- {
			for b := tg & q.Pieces(q.Side(), t); b != 0; b &= b - 1 {
				sh.targets = append(sh.targets, t)
			}
		}
		sh.kind = DoubleAttack
		return sh, true
	}
	return sh, false
}

// hasShape is the generator's cheap filter: some legal move of pos makes a
// double attack on two targets or a skewer.
func hasShape(pos *chess.Position) bool {
	p := pos.Clone()
	var l chess.MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		p.Make(m)
		sq := m.To()
		f, _ := skewers(p, sq)
		ok := len(f) > 0 || targets(p, sq).Count() >= 2
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}
