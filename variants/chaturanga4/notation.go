package chaturanga4

import (
	"fmt"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// ParseMove reads a move's UCI token in p and returns it if legal: a move
// g2f2, a promotion b7b8n (e, b or n: the pool type), a delayed conversion
// b8b8n (the waiting pawn's square twice), a pass 0000. Errors wrap
// variants.ErrIllegal for well-formed tokens the rules forbid.
func (p *Position) ParseMove(s string) (Move, error) {
	var l MoveList
	p.Generate(&l)
	if s == "0000" {
		if l.Len() == 1 && l.At(0) == PassMove {
			return PassMove, nil
		}
		if p.GameOver() {
			return NoMove, fmt.Errorf("0000: the game is over: %w", variants.ErrIllegal)
		}
		return NoMove, fmt.Errorf("0000: %s has a move, so it may not pass: %w", p.toMove.Name(), variants.ErrIllegal)
	}
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("move %q: want from and to squares (g2f2), a pool letter for a promotion or conversion (b7b8n, b8b8n), or 0000", s)
	}
	from, ok1 := chess.ParseSquare(s[0:2])
	to, ok2 := chess.ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	pt := NoPieceType
	if len(s) == 5 {
		i := strings.IndexByte("?ebn", s[4]|0x20)
		if i <= 0 {
			return NoMove, fmt.Errorf("move %q: the promotion piece must be e, b or n", s)
		}
		pt = PieceType(i)
	}
	for _, m := range l.Slice() {
		if m.Kind() == KindPass || m.From() != from || m.To() != to {
			continue
		}
		if (m.Kind() == KindPromotion || m.Kind() == KindConversion) != (pt != NoPieceType) {
			continue
		}
		if pt == NoPieceType || m.PoolType() == pt {
			return m, nil
		}
	}
	return NoMove, fmt.Errorf("move %s is illegal for %s in %s: %w", s, p.toMove.Name(), p.C4N(), variants.ErrIllegal)
}
