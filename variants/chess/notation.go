package chess

import (
	"fmt"
	"strings"
)

// ParseUCIMove reads a move in UCI long algebraic notation (e2e4, e7e8q,
// e1g1) and returns it if it is legal in p.
func (p *Position) ParseUCIMove(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("move %q: want UCI notation like e2e4 or e7e8q", s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		default:
			return NoMove, fmt.Errorf("move %q: unknown promotion piece %q", s, s[4])
		}
	}
	var l MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if m.From() != from || m.To() != to {
			continue
		}
		if (m.Kind() == KindPromotion) != (promo != NoPieceType) {
			continue
		}
		if promo != NoPieceType && m.Promotion() != promo {
			continue
		}
		return m, nil
	}
	return NoMove, fmt.Errorf("move %q is illegal in %s", s, p.FEN())
}

// SAN writes m (legal in p) in standard algebraic notation, with + or #.
func (p *Position) SAN(m Move) string {
	var b strings.Builder
	switch m.Kind() {
	case KindCastle:
		if m.To().File() == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case KindNull:
		return "--"
	case KindDrop, KindRemove, KindRelocate:
		b.WriteString(m.String())
	default:
		pc := p.board[m.From()]
		capture := p.board[m.To()] != NoPiece || m.Kind() == KindEnPassant
		if pc.Type() == Pawn {
			if capture {
				b.WriteByte(byte('a' + m.From().File()))
			}
		} else {
			b.WriteByte(pc.Type().Letter())
			b.WriteString(p.disambiguation(m, pc.Type()))
		}
		if capture {
			b.WriteByte('x')
		}
		b.WriteString(m.To().String())
		if m.Kind() == KindPromotion {
			b.WriteByte('=')
			b.WriteByte(m.Promotion().Letter())
		}
	}
	p.Make(m)
	if p.InCheck() {
		var l MoveList
		p.GenerateLegal(&l)
		if l.N == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	p.Unmake()
	return b.String()
}

// disambiguation returns the file, rank or square needed to tell m apart
// from other legal moves of the same piece type to the same square.
func (p *Position) disambiguation(m Move, t PieceType) string {
	var l MoveList
	p.GenerateLegal(&l)
	var others Bitboard
	for _, o := range l.Slice() {
		if o == m || o.To() != m.To() || o.From() == m.From() || p.board[o.From()].Type() != t {
			continue
		}
		others |= o.From().Bit()
	}
	return Disambiguator(m.From(), others)
}

// Disambiguator is SAN's prefix for a piece moving from `from`: what tells
// it apart from the pieces of its type on the squares of others (those
// that could legally reach the same square; from itself is ignored) —
// nothing, the file, the rank, or the whole square. The variants' SAN
// writers, whose rules decide which moves are legal, share it.
func Disambiguator(from Square, others Bitboard) string {
	others &^= from.Bit()
	switch {
	case others == 0:
		return ""
	case others&fileMask(from) == 0:
		return string(rune('a' + from.File()))
	case others&rankMask(from) == 0:
		return string(rune('1' + from.Rank()))
	}
	return from.String()
}

// ParseSAN reads a move in standard algebraic notation (Nf3, exd5, e8=Q+,
// O-O, Raxd1) and returns it if legal in p. Check marks and annotations
// (+ # ! ?) are ignored; "0-0" is accepted for castling and a missing "="
// before the promotion piece is tolerated.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimRight(s, "+#!?")
	var l MoveList
	p.GenerateLegal(&l)
	if s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0" {
		long := len(s) == 5
		for _, m := range l.Slice() {
			if m.Kind() == KindCastle && (m.To().File() == 2) == long {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("move %q is illegal in %s", orig, p.FEN())
	}
	if s == "" {
		return NoMove, fmt.Errorf("empty move")
	}
	piece := Pawn
	if strings.IndexByte("NBRQK", s[0]) >= 0 {
		piece = PieceType(strings.IndexByte("PNBRQK", s[0]) + 1)
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 2 && strings.IndexByte("NBRQ", s[n-1]) >= 0 {
		promo = PieceType(strings.IndexByte("PNBRQK", s[n-1]) + 1)
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	if len(s) < 2 {
		return NoMove, fmt.Errorf("move %q: not algebraic notation", orig)
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return NoMove, fmt.Errorf("move %q: bad destination square", orig)
	}
	s = strings.TrimSuffix(s[:len(s)-2], "x")
	fromFile, fromRank := -1, -1
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'h':
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			fromRank = int(c - '1')
		default:
			return NoMove, fmt.Errorf("move %q: not algebraic notation", orig)
		}
	}
	found := NoMove
	for _, m := range l.Slice() {
		if m.To() != to || p.board[m.From()].Type() != piece || m.Kind() == KindCastle {
			continue
		}
		if (fromFile >= 0 && m.From().File() != fromFile) || (fromRank >= 0 && m.From().Rank() != fromRank) {
			continue
		}
		if (m.Kind() == KindPromotion) != (promo != NoPieceType) || (promo != NoPieceType && m.Promotion() != promo) {
			continue
		}
		if found != NoMove {
			return NoMove, fmt.Errorf("move %q is ambiguous in %s", orig, p.FEN())
		}
		found = m
	}
	if found == NoMove {
		return NoMove, fmt.Errorf("move %q is illegal in %s", orig, p.FEN())
	}
	return found, nil
}
